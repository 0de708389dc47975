"""`muggins new`: write a new, separately installable plugin from the templates.

This module owns the scaffolds. `new game NAME [DIR]` writes a game plugin
as the shipped games are written (pyproject with the `muggins` entry point,
a Game, a `PhasedState` with a method per phase and `determinize` for the
search player, a house-rule hook spec asked once per match, a bot, and a
tests/ folder running the contract kit, a search seat and a house-rule
plugin) from `templates/game`; as written it is a small but complete game
that passes its own tests. `new house-rule
GAME NAME [DIR]` writes a plugin implementing every hook an installed game
publishes for house-rule plugins, or those chosen with `--hook` (their
signatures and docstrings copied from the game's hook specs), stating the
game's major version in `MUGGINS_SUPPORTS`, with tests that load it beside
the game and run the contract kit with it in force
(`GameContract.house_rules`), from `templates/house_rule`. Templates are plain files with `{{key}}`
placeholders, in their text and in their names; a folder named `package` becomes `src/NAME`.
Both scaffolds write a gettext catalogue in the package's `locale/` under
the plugin's own domain (its name): the template, the French `.po` (the
game's, with the French of the template's own words filled in) and the
`.mo` compiled from it when the plugin is written, so the plugin speaks
French as soon as it is installed, with or without Babel. Every refusal
(a bad name, a name taken by an installed game or an importable module, a
DIR that exists and is not empty, an unknown game, a game that publishes no
hooks) is one `BadInput` line, exit 2.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import keyword
import re
import textwrap
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import click

from muggins.i18n import compiled_catalogue as compiled_with_babel
from muggins.limits import clip, clip_path

from .errors import BadInput

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["new_game", "new_house_rule", "published_hooks", "HookSpecInfo", "check_name", "chosen_hooks", "supported_versions",
           "muggins_command"]

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]*\Z")
# A name becomes a folder, a package and a record file name's part: keep it well within file-name limits.
MAX_NAME_CHARS = 64


@dataclass(frozen=True)
class HookSpecInfo:
    """One hook a game publishes: its name, argument names, signature text, docstring and options."""

    name: str
    argnames: tuple[str, ...]
    signature: str
    doc: str
    firstresult: bool = False


# -- names and folders -------------------------------------------------------------
def check_name(name: str, what: str) -> None:
    """Refuse a NAME that cannot be a package, entry point and game name at once."""
    if not NAME_PATTERN.match(name) or keyword.iskeyword(name) or len(name) > MAX_NAME_CHARS:
        raise BadInput(
            f"{what} name {clip(name)!r} is not usable; use at most {MAX_NAME_CHARS} lowercase letters, digits and underscores, "
            "starting with a letter (it becomes the Python package and the entry point)"
        )


def _check_importable(name: str) -> None:
    # A package of the same name as an importable module would shadow it or be shadowed.
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is not None:
        where = f" ({found.origin})" if found.origin and found.origin != "built-in" else ""
        raise BadInput(f"a Python module named {name!r} is already importable{where}; choose another name")


def _target(name: str, directory: str | None) -> Path:
    """The folder to write: DIR, or ./NAME; refused when it exists and is not an empty folder."""
    target = Path(directory) if directory else Path.cwd() / name
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BadInput(f"{clip_path(target)} already exists and is not an empty folder; give a new DIR")
    return target


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def _dist(name: str) -> str:
    return name.replace("_", "-")


# -- templates -------------------------------------------------------------------------
def _template_files(kind: str) -> Iterator[tuple[str, str]]:
    """(relative path, text) of every template file of `kind`, `.tmpl` stripped."""
    root = resources.files("muggins_cli").joinpath("templates", kind)

    def walk(node: Any, prefix: str) -> Iterator[tuple[str, str]]:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            if child.is_dir():
                if child.name != "__pycache__":
                    yield from walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".tmpl"):
                yield f"{prefix}{child.name[: -len('.tmpl')]}", child.read_text(encoding="utf-8")

    yield from walk(root, "")


def _render(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    leftover = re.search(r"\{\{\w+\}\}", text)
    if leftover:  # a template names a key the scaffold does not fill: a bug here, not the user's
        raise RuntimeError(f"template placeholder {leftover.group()} has no value")
    return text


def _write(kind: str, target: Path, values: dict[str, str]) -> list[Path]:
    package = values["name"]
    written = []
    try:
        for relative, text in _template_files(kind):
            if relative.startswith("package/"):
                relative = f"src/{package}/{relative[len('package/'):]}"
            elif relative == "tests/test_house_rule.py":
                relative = f"tests/test_{package}.py"
            path = target / _render(relative, values)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_render(text, values), encoding="utf-8")
            written.append(path)
            if path.suffix == ".po":
                compiled = path.with_suffix(".mo")
                compiled.write_bytes(compiled_catalogue(path))
                written.append(compiled)
    except OSError as exc:
        raise BadInput(f"cannot write {clip_path(target)}: {exc.strerror or exc}") from None
    return written


# -- catalogues ----------------------------------------------------------------------------
def compiled_catalogue(po_path: Path) -> bytes:
    """The `.mo` bytes of the `.po` at `po_path`: Babel's, when it is importable, else the standard library's reading of it.

    Babel's are what the contract kit compares the `.mo` with (the test
    environment has it); without it, `po_entries` and `mo_bytes` write what
    `msgfmt` would, which gettext reads alike.
    """
    try:
        return compiled_with_babel(po_path)
    except ImportError:
        return mo_bytes(po_entries(po_path.read_text(encoding="utf-8")))


def _po_string(text: str) -> str:
    import ast

    return ast.literal_eval(text)


def po_entries(text: str) -> dict[str, str]:
    """The translated entries of a `.po` the scaffold wrote: msgid (plurals NUL-joined, context before EOT) to msgstr.

    Enough for the scaffold's own catalogues (no fuzzy entries, one string
    per line or continued on the next lines); an untranslated entry is left
    out, as gettext would ignore it.
    """
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current = ""

    def flush() -> None:
        if "msgid" in fields:
            key = fields["msgid"]
            if "msgid_plural" in fields:
                key += "\0" + fields["msgid_plural"]
                strings = [fields[k] for k in sorted((k for k in fields if k.startswith("msgstr[")), key=lambda k: int(k[7:-1]))]
                value = "\0".join(strings) if all(strings) else ""
            else:
                value = fields.get("msgstr", "")
            if "msgctxt" in fields:
                key = fields["msgctxt"] + "\x04" + key
            if value:
                entries[key] = value
        fields.clear()

    for line in text.splitlines() + [""]:
        line = line.strip()
        if not line:
            flush()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            fields[current] += _po_string(line)
        else:
            current, _, rest = line.partition(" ")
            if current == "msgctxt" or (current == "msgid" and "msgid" in fields):
                flush()
            fields[current] = _po_string(rest)
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """A little-endian `.mo` of `entries` (msgid to msgstr), keys in order, no hash table, as `msgfmt` writes it."""
    import struct

    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for key in keys:
        msgid, msgstr = key.encode("utf-8"), entries[key].encode("utf-8")
        offsets.append((len(ids), len(msgid), len(strs), len(msgstr)))
        ids += msgid + b"\0"
        strs += msgstr + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    table: list[int] = []
    for o1, l1, _o2, _l2 in offsets:
        table += [l1, o1 + keystart]
    for _o1, _l1, o2, l2 in offsets:
        table += [l2, o2 + valuestart]
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + struct.pack(f"<{len(table)}i", *table) + ids + strs


def _registry() -> Registry:
    from .warnings_and_defaults import registry

    return registry()


# -- new game ----------------------------------------------------------------------------
#: The `sides()` a game with partnerships is written with (`new game --partnerships`), after `max_decisions`.
SIDES_METHOD = '''
    def sides(self, rules: {{Class}}Rules, players: int) -> tuple[tuple[int, ...], ...] | None:
        # TODO: your partnerships. Here, at four players, seats 0 and 2 play against seats 1 and 3 (partners
        # sit opposite); at two or three every seat plays alone (None). Every front end reads a result by
        # side from this: the terminal's result lines, `simulate`'s side figures, the ladder's places. So a
        # side wins whole (`Result.winners` names every partner: one alone reads as that seat's win) and its
        # score is the sum of its seats' `Result.scores`: give each seat the points it brought its side,
        # never the side's score on each partner (8 to 5 would read 16 to 10). If the last event naming
        # `winners` also gives `scores`, one per side, the contract kit checks that they add up
        # (`muggins.testing.check_sides`).
        return ((0, 2), (1, 3)) if players == 4 else None
'''


def new_game(name: str, directory: str | None, partnerships: bool = False) -> Path:
    """Write a complete, installable game plugin called `name` into DIR (default ./NAME).

    With `partnerships` the game overrides `Game.sides` (two sides of two at
    four players, a comment saying how results are read by side) and four
    players is its default count; its result names a whole side either way.
    """
    check_name(name, "game")
    target = _target(name, directory)
    loaded = _registry()
    if name in loaded.games or name in loaded.conflicts:
        source = loaded.game_sources.get(name)
        by = f" by {source.describe()}" if source is not None else ""
        raise BadInput(f"a game named {name!r} is already installed{by}; choose another name")
    _check_importable(name)
    title = name.replace("_", " ").strip().title()
    values = {"name": name, "dist": _dist(name), "Class": _camel(name), "title": title,
              "default_players": "4" if partnerships else "3"}
    values["sides_method"] = _render(SIDES_METHOD, values) if partnerships else ""
    _write("game", target, values)
    played = " in partnerships at four players (its sides(): seats 0 and 2, 1 and 3)" if partnerships else ""
    click.echo(f"Wrote the game plugin {name!r} ({values['dist']}){played} in {target}. Next:")
    for line in install_steps(target, ["muggins-core", "muggins-cli"]):
        click.echo(f"  {line}")
    click.echo(f"  then: {muggins_command()} play {name}")
    return target


# -- install steps that work as printed --------------------------------------------------
def workspace_root(prefix: str | None = None) -> Path | None:
    """The uv workspace whose environment runs this muggins (its `.venv` is ours), or None.

    Inside it a plugin lasts only if the workspace's own files name it:
    `uv add --group plugins --editable PATH` does (as a workspace member when PATH is
    inside the workspace), and survives `uv sync` and `uv sync --all-packages`;
    `uv pip install` is undone by the next `uv sync`.
    """
    import sys

    root = Path(prefix or sys.prefix).resolve().parent
    pyproject = root / "pyproject.toml"
    try:
        return root if "[tool.uv.workspace]" in pyproject.read_text(encoding="utf-8") else None
    except OSError:
        return None


def muggins_command() -> str:
    """How to run this muggins where the printed steps install the plugin: `uv run muggins` in the workspace, else
    the `muggins` script beside this interpreter, named in full (a venv's is not on PATH unless it is activated)."""
    import os
    import shutil
    import sys

    if workspace_root():
        return "uv run muggins"
    beside = Path(sys.executable).parent / ("muggins.exe" if os.name == "nt" else "muggins")
    if beside.is_file():
        return _quoted(beside)
    return "muggins" if shutil.which("muggins") else f"{_quoted(sys.executable)} -m muggins_cli"


def _source_of(distribution: str) -> str:
    """Where `distribution` was installed from, for pip: its local folder if it came from one, else its name."""
    import json
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    try:
        text = metadata.distribution(distribution).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return distribution
    try:
        url = json.loads(text or "{}").get("url", "")
    except ValueError:
        return distribution
    parsed = urlparse(url)
    return unquote(parsed.path) if parsed.scheme == "file" and parsed.path else distribution


def _quoted(path: Path | str) -> str:
    import shlex

    return shlex.quote(str(path))


def install_steps(target: Path, needs: list[str]) -> list[str]:
    """The commands that install the plugin at `target` and run its tests, exactly as they can be typed.

    In a uv workspace (this muggins runs from its `.venv`): add it to the
    workspace, so `uv sync` keeps it. Elsewhere: pip into the environment
    this muggins runs in (its interpreter named in full, so nothing depends
    on which venv is active), or a fresh venv that first installs `needs`
    (core, cli, the game) from the folders they were installed from.
    """
    import sys

    target = target.resolve()
    root = workspace_root()
    if root is not None:
        try:
            where = f"./{target.relative_to(root)}"
        except ValueError:
            where = str(target)
        return [f"cd {_quoted(root)} && uv add --group plugins --editable {_quoted(where)} && uv run --group dev pytest {_quoted(where)}"]
    python = _quoted(sys.executable)
    fresh = " ".join(_quoted(_source_of(dist)) for dist in needs)
    return [
        f"cd {_quoted(target)} && {python} -m pip install -e '.[test]' && {python} -m pytest",
        f"or in a fresh venv: cd {_quoted(target)} && python3 -m venv .venv && .venv/bin/pip install {fresh} "
        "&& .venv/bin/pip install -e '.[test]' && .venv/bin/pytest",
    ]


# -- new house-rule -------------------------------------------------------------------------
def published_hooks(registry: Registry) -> dict[str, list[HookSpecInfo]]:
    """The hooks each installed game publishes for house-rule plugins, by game name, in name order.

    The registry keeps the hook-spec namespace each game handed to
    `register(game, hookspecs=...)`; its specs are the plugin manager's hook
    callers whose spec came from that namespace.
    """
    found: dict[str, list[HookSpecInfo]] = {}
    for game_name in sorted(registry.games):
        namespace = registry.game_hookspecs.get(game_name)
        hooks = []
        for name in sorted(vars(registry.pm.hook)):
            spec = getattr(getattr(registry.pm.hook, name), "spec", None)
            if spec is not None and spec.namespace is namespace:
                hooks.append(_spec_info(spec))
        if hooks:
            found[game_name] = hooks
    return found


def _spec_info(spec: Any) -> HookSpecInfo:
    signature = inspect.signature(spec.function)
    params = ", ".join(_parameter_text(p) for p in signature.parameters.values() if p.name != "self")
    returns = "" if signature.return_annotation is inspect.Signature.empty else f" -> {_annotation_text(signature.return_annotation)}"
    text = f"{spec.name}({params}){returns}"
    return HookSpecInfo(spec.name, tuple(spec.argnames), text, inspect.getdoc(spec.function) or "", bool(spec.opts.get("firstresult")))


def _parameter_text(parameter: inspect.Parameter) -> str:
    if parameter.annotation is inspect.Parameter.empty:
        return parameter.name
    return f"{parameter.name}: {_annotation_text(parameter.annotation)}"


def _annotation_text(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def _hookimpl_source(hook: HookSpecInfo) -> str:
    spec_doc = hook.doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    answer = "the first answer that is not None wins" if hook.firstresult else "every plugin's answer is collected"
    doc = (
        f"TODO: your rule. What the game asks ({answer}):\n\n"
        f"{hook.signature}\n\n{spec_doc}".rstrip()
    )
    return (
        f"\n\n@hookimpl\ndef {hook.name}({', '.join(hook.argnames)}):\n"
        f'    """{textwrap.indent(doc, "    ").lstrip()}\n    """\n'
        "    return None  # None: no answer, the game's rule stays as it is\n"
    )


def _position_test(namespace: Any, game: str) -> str:
    """The game's own starting test from a hand-made position (its hook specs' `HOUSE_RULE_TEST`), or a pointer to write one."""
    text = getattr(namespace, "HOUSE_RULE_TEST", None)
    if isinstance(text, str) and text.strip():
        return "\n\n" + textwrap.dedent(text).strip() + "\n"
    return (f"\n\n# TODO: a hand-made position where your rule changes the correct choice: see the page of {game}\n"
            "# in the muggins docs (docs/games/), \"Testing a rule from a hand-made position\".\n")


def chosen_hooks(game: str, hooks: list[HookSpecInfo], wanted: Sequence[str]) -> list[HookSpecInfo]:
    """The hooks named in `wanted` (each a hook's full name, or its name without the part every hook of the game shares), in the game's order.

    None wanted: every hook. An unknown name is one BadInput line listing the game's hooks by both names.
    """
    if not wanted:
        return hooks
    prefix = _shared_prefix([hook.name for hook in hooks])
    by_name = {hook.name: hook for hook in hooks}
    by_name.update({hook.name[len(prefix):]: hook for hook in hooks if prefix and hook.name[len(prefix):]})
    picked = []
    for name in wanted:
        hook = by_name.get(name)
        if hook is None:
            listed = ", ".join(f"{h.name[len(prefix):]} ({h.name})" if prefix else h.name for h in hooks)
            raise BadInput(f"game {game!r} publishes no hook {clip(name)!r}; its hooks: {listed}")
        if hook not in picked:
            picked.append(hook)
    return [hook for hook in hooks if hook in picked]


def _shared_prefix(names: list[str]) -> str:
    """What every one of `names` starts with, up to and including its last `_` (`muggins_cribbage_`); "" for fewer than two."""
    import os.path

    if len(names) < 2:
        return ""
    common = os.path.commonprefix(names)
    return common[: common.rfind("_") + 1]


def supported_versions(version: str) -> str:
    """The `MUGGINS_SUPPORTS` pattern a new plugin states for a game at `version`: its major version, any minor (`1.*`)."""
    major = str(version).split(".")[0]
    return f"{major}.*" if major and major != str(version) else str(version)


def new_house_rule(game: str, name: str, directory: str | None, hooks_wanted: Sequence[str] = ()) -> Path:
    """Write a plugin called `name` implementing the hooks `game` publishes (those of `hooks_wanted` only, when given), into DIR (default ./NAME)."""
    check_name(name, "house-rule")
    loaded = _registry()
    try:
        found = loaded.game(game)
    except KeyError as exc:
        raise BadInput(str(exc.args[0])) from None
    hooks_by_game = published_hooks(loaded)
    published = hooks_by_game.get(game)
    if not published:
        others = ", ".join(sorted(hooks_by_game)) or "none of the installed games"
        raise BadInput(f"game {game!r} publishes no hooks for house-rule plugins; games that do: {others}")
    hooks = chosen_hooks(game, published, hooks_wanted)
    target = _target(name, directory)
    _check_importable(name)
    source = loaded.game_sources.get(game)
    game_dist = source.distribution if source is not None and source.distribution else _dist(game)
    names = [hook.name for hook in hooks]
    every = len(hooks) == len(published) and len(published) > 1
    values = {
        "name": name,
        "dist": _dist(name),
        "game": game,
        "game_title": found.title,
        "game_dist": game_dist,
        "game_version": str(found.version),
        "supports": json.dumps({game: supported_versions(found.version)}),
        "s": "s" if len(hooks) > 1 else "",
        "hook_list": ", ".join(f"`{n}`" for n in names),
        "keep": (KEEP_EVERY if every else KEEP_CHOSEN).replace("{{game}}", game),
        "game_hooks": repr([hook.name for hook in published]),
        "hookimpls": "".join(_hookimpl_source(hook) for hook in hooks),
        "position_test": _position_test(loaded.game_hookspecs.get(game), game),
    }
    _write("house_rule", target, values)
    click.echo(f"Wrote the house-rule plugin {name!r} for {game} ({', '.join(names)}) in {target}. Next:")
    if every:
        click.echo("  delete the hooks your rule does not change (or write it again with --hook NAME for each it does)")
    for line in install_steps(target, ["muggins-core", "muggins-cli", game_dist]):
        click.echo(f"  {line}")
    click.echo(f"  then: {muggins_command()} list  (the plugin is listed under {game})")
    return target


#: What the new plugin's module docstring says about the hooks it holds: all of the game's, or those chosen with --hook.
KEEP_EVERY = ("It holds every hook the game publishes: keep those your rule changes and\n"
              "delete the others (a hook left returning None changes nothing, but every\n"
              "hook a plugin implements is listed as its own by `muggins plugins`);\n"
              "`muggins new house-rule {{game}} NAME --hook HOOK` writes only the hooks named.")
KEEP_CHOSEN = ("It holds the hooks chosen with `--hook`; `muggins new house-rule {{game}}\n"
               "NAME` without it writes every hook the game publishes, to choose from.")
