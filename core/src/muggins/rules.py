"""House rules: typed dataclasses loaded from TOML and written back as commented TOML.

A game declares its rules as a frozen dataclass whose defaults are the
seed's rules; each field may carry `rule(default, doc=..., min=..., max=...)`
metadata. `load_rules` reads TOML (`tomllib`), refuses unknown keys (with a
close-match suggestion), wrong types and out-of-range values with one line
naming the key, what was given, what is allowed and the file's line, then
calls the class's optional `validate()` for cross-field checks. A top-level
`[plugins]` table is the core's own (house-rule plugins switched on or off,
`muggins.houserules`), allowed for every game and carried by the rules. Values
quoted in errors are clipped (`limits.clip`), a byte-order mark is
ignored and nesting is bounded, so no file gives a traceback or an
endless line. `rules_to_toml` writes the values with `tomli-w` under comment lines made
from each field's doc (what `muggins rules GAME` prints).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, Literal, Mapping

from .error_words import toml_error
from .i18n import translator
from .switches import PLUGINS_KEY, plugin_switches, switches_from_data, with_plugin_switches
from .limits import clip, strip_bom

# The core's messages are worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["rule", "RulesError", "load_rules", "rules_from_dict", "rules_to_dict", "rules_to_toml", "describe_type"]


# Deeper than any real rule (a table of lists at most); bounds the checking work.
MAX_RULES_DEPTH = 8


def _depth(value: Any) -> int:
    """How deeply lists and tables nest in `value` (a scalar is 0), without recursing."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_RULES_DEPTH:
                return deepest
            stack.extend((child, depth) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


class RulesError(ValueError):
    """A house-rules file or value is not acceptable; the message is one line for the user."""


def rule(default: Any = dataclasses.MISSING, *, doc: str = "", min: float | None = None, max: float | None = None, default_factory: Any = dataclasses.MISSING) -> Any:
    """A dataclass field with documentation and optional numeric bounds."""
    metadata = {"doc": doc, "min": min, "max": max}
    if default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def describe_type(tp: Any) -> str:
    """A short wording of what a type allows: `an integer`, `one of "a", "b"`…"""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return _("one of {values}").format(values=", ".join(_toml_repr(v) for v in typing.get_args(tp)))
    if tp is bool:
        return _("true or false")
    if tp is int:
        return _("a whole number")
    if tp is float:
        return _("a number")
    if tp is str:
        return _("a string")
    if origin in (list, tuple):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        return _("a list of {items}").format(items=describe_type(args[0])) if args else _("a list of values")
    if origin in (dict, typing.Dict) or origin is Mapping:
        key, value = typing.get_args(tp)
        return _("a table of {values}").format(values=describe_type(value))
    if origin in (typing.Union, types.UnionType):
        # Translators: joins the kinds of value a rule takes ("a whole number or a string"); keep its spaces.
        return _(" or ").join(describe_type(a) for a in typing.get_args(tp))
    return getattr(tp, "__name__", str(tp))


def _toml_repr(value: Any) -> str:
    """The value as TOML would write it, cut to a short quote (a value of megabytes stays one short line)."""
    if isinstance(value, str):
        return f'"{clip(value)}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return clip(value)


def _convert(value: Any, tp: Any, where: str) -> Any:
    """Check `value` against `tp` and convert TOML data to the field's Python type."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return value
    if origin is Literal:
        if value in typing.get_args(tp) and type(value) in {type(a) for a in typing.get_args(tp)}:
            return value
        raise RulesError(_("{where} = {value} is not allowed; use {allowed}").format(where=where, value=_toml_repr(value), allowed=describe_type(tp)))
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    elif origin in (list, tuple):
        if isinstance(value, list):
            args = typing.get_args(tp)
            if origin is tuple and args and args[-1] is not Ellipsis:
                if len(value) != len(args):
                    raise RulesError(_("{where} needs {needed} values, not {given}").format(where=where, needed=len(args), given=len(value)))
                return tuple(_convert(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
            item = args[0] if args else Any
            items = [_convert(v, item, f"{where}[{i}]") for i, v in enumerate(value)]
            return tuple(items) if origin is tuple else items
    elif origin is dict or origin is Mapping:
        if isinstance(value, dict):
            key_tp, value_tp = typing.get_args(tp)
            out = {}
            for key, item in value.items():
                converted = _convert_key(key, key_tp, where)
                if converted in out:
                    raise RulesError(_("{where} names key {key} twice").format(where=where, key=clip(converted)))
                out[converted] = _convert(item, value_tp, f"{where}.{clip(key)}")
            return out
    elif origin in (typing.Union, types.UnionType):
        for option in typing.get_args(tp):
            try:
                return _convert(value, option, where)
            except RulesError:
                continue
    else:
        return value
    raise RulesError(_("{where} = {value} has the wrong type; use {allowed}").format(where=where, value=_toml_repr(value), allowed=describe_type(tp)))


# No table of house rules is keyed by a number this long; Python refuses to convert one of 4,300 digits.
MAX_KEY_DIGITS = 20


def _convert_key(key: str, key_tp: Any, where: str) -> Any:
    if key_tp is int:
        text = str(key)
        if len(text.removeprefix("-")) > MAX_KEY_DIGITS:
            raise RulesError(_("{where} has key {key} of {length} characters; keys must be whole numbers of at most {digits} digits").format(
                where=where, key=repr(clip(key)), length=f"{len(text):,}", digits=MAX_KEY_DIGITS))
        # Plain ASCII digits only, written the one way: "04" or an Arabic-Indic "٤" would alias 4.
        if not (text.isascii() and (text.isdigit() or (text[:1] == "-" and text[1:].isdigit()))) or str(int(text)) != text:
            raise RulesError(_("{where} has key {key}; keys must be whole numbers written plainly (4, not 04)").format(where=where, key=repr(clip(key))))
        return int(text)
    return key


def _check_bounds(value: Any, field: dataclasses.Field, where: str) -> None:
    low, high = field.metadata.get("min"), field.metadata.get("max")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                use = _("{where} = {value} is out of range; use a number from {low} to {high}")
            elif low is not None:
                use = _("{where} = {value} is out of range; use a number at least {low}")
            else:
                use = _("{where} = {value} is out of range; use a number at most {high}")
            raise RulesError(use.format(where=where, value=value, low=low, high=high))


def _line_of(text: str | None, key: str) -> int | None:
    """The line of `text` that sets `key` (`key = …`, `"key" = …`) or opens its table (`[key]`), if any.

    Plain string tests, not a pattern built from the key: compiling a
    pattern of a key of most of a megabyte took seconds.
    """
    if not text:
        return None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.lstrip()
        for named in (key, f'"{key}"'):
            if line.startswith(named) and line[len(named):].lstrip().startswith("="):
                return number
        if line.startswith("[") and line[1:].lstrip().startswith(key) and line[1:].lstrip()[len(key):].lstrip().startswith("]"):
            return number
    return None


def rules_from_dict(cls: type, data: Mapping[str, Any], *, source: str = "rules", text: str | None = None) -> Any:
    """Build and validate a `cls` from plain data (TOML tables); raise RulesError."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = _hints(cls)
    values = {}
    switches = None
    for key, value in data.items():
        line = _line_of(text, key)
        shown = clip(key)
        where = f"{source}:{line}: {shown}" if line else f"{source}: {shown}"
        if key == PLUGINS_KEY and key not in fields:
            # The core's own table: house-rule plugins switched on or off (muggins.houserules).
            try:
                switches = switches_from_data(value, where)
            except ValueError as exc:
                raise RulesError(str(exc)) from None
            continue
        if key not in fields:
            import difflib

            close = difflib.get_close_matches(key, fields, n=1, cutoff=0.6) if len(key) < 100 else []
            if close:
                raise RulesError(_("{where}: unknown house rule; did you mean {key}?").format(where=where, key=repr(close[0])))
            raise RulesError(_("{where}: unknown house rule; known keys: {keys}").format(where=where, keys=clip(", ".join(fields), 120)))
        if isinstance(value, (list, dict)) and _depth(value) > MAX_RULES_DEPTH:
            raise RulesError(_("{where}: nested more than {depth} deep; no house rule needs that").format(where=where, depth=MAX_RULES_DEPTH))
        converted = _convert(value, hints[key], where)
        _check_bounds(converted, fields[key], where)
        values[key] = converted
    try:
        result = cls(**values)
    except TypeError as exc:  # a field without default left out
        raise RulesError(_("{source}: {reason}").format(source=source, reason=exc)) from None
    validate = getattr(result, "validate", None)
    if validate is not None:
        try:
            validate()
        except (ValueError, TypeError) as exc:
            raise RulesError(_("{source}: {reason}").format(source=source, reason=clip(exc, 160))) from None
    if switches:
        try:
            result = with_plugin_switches(result, switches)
        except ValueError as exc:
            raise RulesError(_("{source}: {reason}").format(source=source, reason=exc)) from None
    return result


def load_rules(cls: type, text: str, *, source: str = "rules") -> Any:
    """Parse TOML `text` into a `cls`; syntax errors name the line and column."""
    import tomllib

    try:
        data = tomllib.loads(strip_bom(text))
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(_("{source}: TOML syntax error: {error}").format(source=source, error=clip(toml_error(exc), 120))) from None
    except RecursionError:
        raise RulesError(_("{source}: TOML nested too deeply; no house rule needs that").format(source=source)) from None
    except ValueError:  # an integer past Python's 4,300-digit conversion limit
        raise RulesError(_("{source}: a number with thousands of digits; no house rule takes one").format(source=source)) from None
    return rules_from_dict(cls, data, source=source, text=text)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """The rules as TOML-ready plain data (tuples as lists, table keys as strings), with the `[plugins]` switches if any."""
    data = {f.name: _plain(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
    switches = plugin_switches(rules)
    if switches and PLUGINS_KEY not in data:
        data[PLUGINS_KEY] = switches
    return data


def _rewrapped(translated: str, source: str) -> str:
    """A doc (translated or not) as paragraphs broken between words to 78 columns, so that `# ` and it fit 80.

    The doc's own line breaks were made for the English; a translation runs
    longer, so its lines are joined again into paragraphs (a paragraph
    begins at a line that starts an item, `prevented: …`, or after a blank
    line) and broken afresh: no one-word line is left under a full one.
    """
    import re
    import textwrap

    item = re.compile(r"[\w-]+[ \u202f]?[:=] ")  # a line beginning an item of its own (`prevented: …`, `nearest_only = …`)
    paragraphs: list[list[str]] = []
    for line in translated.splitlines():
        stripped = line.strip()
        if not stripped:
            paragraphs.append([])
        elif not paragraphs or not paragraphs[-1] or item.match(stripped):
            paragraphs.append([stripped])
        else:
            paragraphs[-1].append(stripped)
    return "\n".join(piece for words in paragraphs for piece in (textwrap.wrap(" ".join(words), 78, break_long_words=False, break_on_hyphens=False) or [""]))


def rules_to_toml(rules: Any, *, title: str | None = None, translate: Callable[[str], str] | None = None) -> str:
    """Commented TOML for `rules`: each key under its doc line and what it allows.

    `translate` words each field's doc in the reader's language (a game's
    `translations.gettext`: the docs are the game's own messages); without
    it the docs are shown as written.
    """
    import tomli_w

    hints = _hints(type(rules))
    data = rules_to_dict(rules)
    scalars, tables = [], []
    for f in dataclasses.fields(rules):
        doc = f.metadata.get("doc", "")
        if doc:
            doc = _rewrapped(translate(doc) if translate is not None else doc, doc)
        allowed = describe_type(hints[f.name])
        low, high = f.metadata.get("min"), f.metadata.get("max")
        if low is not None or high is not None:
            allowed += f" ({low if low is not None else ''}..{high if high is not None else ''})"
        allowed_lines = _rewrapped(_("allowed: {allowed}").format(allowed=allowed), "")
        comment = "".join(f"# {line}\n" for line in doc.splitlines() if doc) + "".join(f"# {line}\n" for line in allowed_lines.splitlines())
        body = tomli_w.dumps({f.name: data[f.name]})
        (tables if isinstance(data[f.name], dict) else scalars).append(comment + body)
    switches = plugin_switches(rules)
    if switches and PLUGINS_KEY not in hints:
        tables.append("# " + _("House-rule plugins switched on (true) or off (false) for these rules") + "\n" + tomli_w.dumps({PLUGINS_KEY: switches}))
    head = "".join(f"# {line}\n" for line in _rewrapped(_("House rules for {title}. Edit and pass with --rules FILE.").format(title=title), "").splitlines()) + "\n" if title else ""
    return head + "\n".join(scalars + tables)
