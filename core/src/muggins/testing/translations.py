"""The contract kit's translation check: every message a package marks for translation has a translation in each language.

A package that speaks to players (a game plugin, the CLI, the web table)
marks its messages with the functions of `muggins.i18n.translator` and
keeps its catalogues in a `locale/` folder beside its modules:
`locale/<lang>/LC_MESSAGES/<domain>.po`, compiled to `.mo` beside it.
`untranslated_messages(package_dir, domain, language)` extracts the marked
messages from the package's source as it is now (so a message added since
the catalogue was last updated counts) and lists those the `.po` lacks,
leaves empty or marks fuzzy; `mismatched_placeholders` lists the
translations whose `{placeholders}` do not fit their message (one renamed
or left out, a stray brace: shown in English when played, as
`muggins.i18n.placeholders_fit` decides); `stale_compiled` lists the `.mo`
files that do not match their `.po`; `typography_faults` lists the
French translations that break French typography (a plain space or none
before `: ; ! ?` where a narrow no-break space belongs, straight quotes
where « » belong: `muggins.typography` says the rule and rewrites a text
to it). `check_translations` warns (an
`UntranslatedMessages` warning naming them, or saying the language has
no catalogue at all, that a `.mo` is stale, or that French translations
break the typography) rather than fails, since a
game is playable with English words; `GameContract.test_translations`
runs it for the game's own package, in the languages of its
`languages` attribute. Babel, a development tool, does the extraction and
reading: these checks run in tests, never when a game is played.
"""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path
from typing import Any, Iterable

from muggins.i18n import compiled_catalogue, placeholder_mismatch
from muggins.typography import typography_faults as text_faults

__all__ = [
    "KEYWORDS", "UntranslatedMessages", "catalogue_of_game", "check_translations", "compiled_bytes", "mismatched_placeholders",
    "source_messages", "stale_compiled", "typography_faults", "untranslated_messages",
]

#: The marking functions extraction looks for: Babel's defaults and muggins.i18n's `N_`, with their argument roles.
KEYWORDS: dict[str, Any] = {
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3), "N_": None,
}
_METHOD_MAP = [("**.py", "python")]


class UntranslatedMessages(UserWarning):
    """Messages a package marks for translation that its catalogue for a language does not translate."""


def _babel() -> Any:
    try:
        from babel.messages import catalog, extract, mofile, pofile
    except ImportError as exc:  # pragma: no cover - Babel is in the development group
        raise ImportError("the translation checks need Babel (a development dependency: `pip install babel`)") from exc
    return catalog, extract, mofile, pofile


def source_messages(package_dir: str | Path, domain: str = "messages", *, skip: Iterable[str] = ()) -> Any:
    """A Babel `Catalog` of every message the package's Python files mark (locations relative to `package_dir`).

    `skip` names files (relative paths) whose strings are not for players, such as a code generator's templates.
    """
    catalog, extract, _, _ = _babel()
    package_dir = Path(package_dir)
    skipped = set(skip)
    found = catalog.Catalog(domain=domain, project=domain, charset="utf-8")
    marked = extract.extract_from_dir(str(package_dir), _METHOD_MAP, keywords=KEYWORDS, comment_tags=("Translators:",),
                                      callback=None, strip_comment_tags=True)
    for filename, lineno, message, comments, context in itertools.chain(marked, _marked_in_f_strings(package_dir)):
        if filename in skipped or any(filename.startswith(f"{s}/") for s in skipped):
            continue
        found.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return found


def _marked_in_f_strings(package_dir: Path) -> Iterable[tuple[str, int, Any, list[str], str | None]]:
    """(file, line, message, comments, context), as Babel's extraction gives them, for each marking call inside an f-string's braces, which Babel misses.

    Babel's Python extractor reads an f-string as one token on Python 3.11,
    so `f"{_('empty')}"` was shown in English with no message in any
    catalogue; the syntax tree sees inside. Folders are walked as Babel
    walks them (none starting with `.` or `_`).
    """
    import ast

    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir)
        if any(part.startswith((".", "_")) for part in relative.parts[:-1]):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue  # Babel reports what it cannot read; nothing more to find here
        seen: set[int] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if not isinstance(call, ast.Call) or id(call) in seen:
                    continue
                seen.add(id(call))
                func = call.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
                if name not in KEYWORDS:
                    continue
                texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in call.args]
                context, wanted = (texts[0], texts[1:]) if name in ("pgettext", "npgettext") and texts else (None, texts)
                wanted = wanted[:2] if name in ("ngettext", "npgettext") else wanted[:1]
                if context is None and name in ("pgettext", "npgettext") or not wanted or None in wanted:
                    continue  # not a literal message (a variable, as `_(_TO_ACT[phase])`): marked where it is written
                yield relative.as_posix(), call.lineno, tuple(wanted) if len(wanted) > 1 else wanted[0], [], context


def _po_path(localedir: Path, domain: str, language: str) -> Path:
    return localedir / language / "LC_MESSAGES" / f"{domain}.po"


def _read_po(path: Path) -> Any:
    _, _, _, pofile = _babel()
    with open(path, "rb") as source:
        return pofile.read_po(source)


def _translated(message: Any) -> bool:
    if message is None or message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


def untranslated_messages(package_dir: str | Path, domain: str, language: str, *, localedir: str | Path | None = None,
                          skip: Iterable[str] = (), also: Iterable[str] = ()) -> list[str]:
    """The msgids (a plural's singular; `context|msgid` with a context) marked in the source and not translated into `language`.

    Every message is untranslated when the language has no `.po` at all.
    `also` names messages the source shows without marking them (a
    library's words it translates from a variable), checked too.
    """
    package_dir = Path(package_dir)
    localedir = Path(localedir) if localedir is not None else package_dir / "locale"
    wanted = source_messages(package_dir, domain, skip=skip)
    for message in also:
        if message not in wanted:
            wanted.add(message, None)
    path = _po_path(localedir, domain, language)
    have = _read_po(path) if path.exists() else None
    missing = []
    for message in wanted:
        if not message.id:
            continue
        found = have.get(message.id, context=message.context) if have is not None else None
        if not _translated(found):
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            missing.append(f"{message.context}|{singular}" if message.context else singular)
    return sorted(missing)


def mismatched_placeholders(localedir: str | Path, domain: str, language: str) -> dict[str, str]:
    """{msgid (a plural's singular; `context|msgid` with a context): what is wrong} for each translation in the `.po` whose
    placeholders do not fit its message: a placeholder the message lacks, a stray brace, or (outside plural forms, which may
    leave the number out) one of the message's left out. Empty when the language has no `.po`."""

    path = _po_path(Path(localedir), domain, language)
    if not path.exists():
        return {}
    found = {}
    for message in _read_po(path):
        if not message.id or not _translated(message):
            continue
        plural = isinstance(message.id, (list, tuple))
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for text in strings:
            wrong = placeholder_mismatch(tuple(message.id) if plural else message.id, text, all_needed=not plural)
            if wrong is not None:
                singular = message.id[0] if plural else message.id
                found[f"{message.context}|{singular}" if message.context else singular] = wrong
                break
    return found


def typography_faults(localedir: str | Path, domain: str, language: str = "fr") -> dict[str, list[str]]:
    """{msgid (a plural's singular; `context|msgid` with a context): what breaks the language's typography} for each
    translation in the `.po` that does: in French a plain space or none before `: ; ! ?` or inside « », straight double
    quotes in running text (`muggins.typography.typography_faults`). Empty when the language has no `.po`, or no rule
    (English); `muggins.typography.french_typography` is the fix (`scripts/catalogues.py typography` runs it on muggins'
    own catalogues)."""
    path = _po_path(Path(localedir), domain, language)
    if language != "fr" or not path.exists():
        return {}
    found = {}
    for message in _read_po(path):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        faults = [fault for text in strings if text for fault in text_faults(text)]
        if faults:
            singular = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            found[f"{message.context}|{singular}" if message.context else singular] = list(dict.fromkeys(faults))
    return found


def compiled_bytes(po_path: str | Path) -> bytes:
    """The `.mo` bytes the `.po` at `po_path` compiles to (fuzzy entries left out, as gettext would ignore them): `muggins.i18n.compiled_catalogue`."""
    _babel()  # the kit's own words when Babel is missing
    return compiled_catalogue(po_path)


def stale_compiled(localedir: str | Path) -> list[str]:
    """Every `.po` under `localedir` whose `.mo` beside it is missing or differs from what the `.po` compiles to."""
    stale = []
    for po in sorted(Path(localedir).glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled_bytes(po):
            stale.append(str(po))
    return stale


def check_translations(package_dir: str | Path, domain: str, languages: Iterable[str] = ("fr",), *,
                       localedir: str | Path | None = None, skip: Iterable[str] = ()) -> dict[str, list[str]]:
    """The untranslated messages per language, with those whose placeholders do not fit (shown in English when played); an
    `UntranslatedMessages` warning for each language that has any, and one naming the translations that break the
    language's typography (`typography_faults`, not in the report: they read, only not as a French printer sets them)."""
    report = {}
    folder = Path(localedir) if localedir is not None else Path(package_dir) / "locale"
    for language in languages:
        missing = untranslated_messages(package_dir, domain, language, localedir=folder, skip=skip)
        mismatched = mismatched_placeholders(folder, domain, language)
        report[language] = sorted(set(missing) | set(mismatched))
        if not _po_path(folder, domain, language).exists():
            warnings.warn(UntranslatedMessages(
                f"{domain}: no {language!r} catalogue ({_po_path(folder, domain, language)}): every message a player reads is in English "
                f"({len(missing)} marked for translation)"), stacklevel=2)
        elif missing:
            shown, more = _first_ten([repr(m) for m in missing])
            warnings.warn(UntranslatedMessages(
                f"{domain}: {len(missing)} message{'' if len(missing) == 1 else 's'} not translated into {language!r}: {shown}{more}"),
                stacklevel=2)
        badly_set = typography_faults(folder, domain, language)
        if badly_set:
            shown, more = _first_ten([f"{m!r} ({', '.join(why)})" for m, why in sorted(badly_set.items())])
            warnings.warn(UntranslatedMessages(
                f"{domain}: {len(badly_set)} {language!r} translation{'' if len(badly_set) == 1 else 's'} breaking the language's "
                f"typography (muggins.typography.french_typography rewrites a text to it): {shown}{more}"), stacklevel=2)
        if mismatched:
            shown, more = _first_ten([f"{m!r} ({why})" for m, why in sorted(mismatched.items())])
            warnings.warn(UntranslatedMessages(
                f"{domain}: {len(mismatched)} {language!r} translation{'' if len(mismatched) == 1 else 's'} whose placeholders do not "
                f"fit the message, shown in English when played: {shown}{more}"), stacklevel=2)
    stale = stale_compiled(folder) if folder.exists() else []
    if stale:
        warnings.warn(UntranslatedMessages(f"{domain}: compiled catalogues older than their .po: {', '.join(stale)}"), stacklevel=2)
    return report


def catalogue_of_game(game: Any) -> tuple[Path, str]:
    """The package folder of the module defining `game`'s class and its domain (the package's name)."""
    import importlib

    top = type(game).__module__.split(".", 1)[0]
    module = importlib.import_module(top)
    return Path(module.__file__).resolve().parent, top  # type: ignore[arg-type]


def _first_ten(items: list[str]) -> tuple[str, str]:
    """A warning's list: the first ten items joined, and " and N more" for the rest (empty when there are none)."""
    return "; ".join(items[:10]), f" and {len(items) - 10} more" if len(items) > 10 else ""
