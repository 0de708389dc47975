"""The translation catalogues of every domain muggins ships: extract the messages, update each language's `.po`, compile the `.mo`.

Usage: `uv run --group dev python scripts/catalogues.py {extract,update,typography,compile,all,check,status} [DOMAIN ...]`.
`extract` writes each domain's template (`locale/<domain>.pot`) from the
package's source (the marking functions of `muggins.i18n`: `_`,
`ngettext`, `pgettext`, `npgettext`, `N_`; Python files only), `update`
creates or merges `locale/<lang>/LC_MESSAGES/<domain>.po` for each language
(new messages empty, vanished ones kept as obsolete, a changed one fuzzy)
and sets its translations in the language's typography, `typography` does
only that (French: a narrow no-break space before `: ; ! ?` and inside
« », as `muggins.typography.french_typography` rewrites a text; so a
catalogue merged from elsewhere with plain spaces is set right by running
`update` or `typography` again), `compile` writes the `.mo` beside each `.po` (fuzzy entries left out), and
`all` does extract, update and compile in turn. `check` exits 1 if a `.mo`
is not what its `.po` compiles to or a translation breaks the typography, and `status` prints each domain's message count and how
many are untranslated per language. This file is the extraction
configuration too: the table below says, for each domain, where its
messages come from and where its catalogues lie (inside the package, so a
wheel built from it carries them). Translators edit the `.po` files; the
glossary beside them (`locale/glossary.<lang>.md`) fixes the words of the
rules. A file is rewritten only when more than its dates changed, so
running the script twice changes nothing.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from babel.messages import pofile
from babel.messages.catalog import Catalog

from muggins.i18n import DEFAULT_LANGUAGE, LANGUAGES
from muggins.testing.translations import compiled_bytes, source_messages, typography_faults, untranslated_messages
from muggins.typography import french_typography

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Domain:
    """One catalogue: its gettext domain, the package folder its messages come from and the folder its catalogues lie in."""

    name: str
    source: Path
    localedir: Path
    skip: tuple[str, ...] = field(default=())
    #: Messages the source shows through the catalogue without marking them (Click's `required`, its types' names).
    unmarked: tuple[str, ...] = field(default=())

    def messages(self) -> Catalog:
        """The domain's messages: those its source marks, then its unmarked ones."""
        found = source_messages(self.source, self.name, skip=self.skip)
        for message in self.unmarked:
            if message not in found:
                found.add(message, None, auto_comments=["Not marked in the source; listed in muggins_cli.i18n.CLICK_UNMARKED."])
        return found


def _click_source() -> Path:
    import click

    return Path(click.__file__).resolve().parent


def _click_unmarked() -> tuple[str, ...]:
    from muggins_cli.i18n import CLICK_UNMARKED

    return CLICK_UNMARKED


CORE = ROOT / "core" / "src" / "muggins"
CLI = ROOT / "cli" / "src" / "muggins_cli"
SHEDDING = ROOT / "plugins" / "muggins_shedding" / "src" / "muggins_shedding"
WEB = ROOT / "web" / "src" / "muggins_web"
CRIBBAGE = ROOT / "plugins" / "cribbage_muggins" / "src" / "cribbage_muggins"
FISHING = ROOT / "plugins" / "willughby_fishing" / "src" / "willughby_fishing"
WHIST = ROOT / "docs" / "examples" / "muggins_whist" / "src" / "muggins_whist"


def domains() -> dict[str, Domain]:
    return {d.name: d for d in (
        # The core's errors a player reads through a front end; the contract kit (muggins.testing) speaks to plugin authors, in English.
        Domain("muggins", CORE, CORE / "locale", skip=("testing",)),
        # The plugin author's scaffold and its templates speak to authors, in English.
        Domain("muggins_cli", CLI, CLI / "locale", skip=("scaffold.py", "templates")),
        # Click's own words ("Usage:", "Show this message and exit."), shipped with the CLI, which hands them to Click.
        Domain("click", _click_source(), CLI / "locale", unmarked=_click_unmarked()),
        Domain("muggins_shedding", SHEDDING, SHEDDING / "locale"),
        # The browser table: the server's refusals and notices, and the pages' fixed words (listed in page_words.py).
        Domain("muggins_web", WEB, WEB / "locale"),
        Domain("cribbage_muggins", CRIBBAGE, CRIBBAGE / "locale"),
        Domain("willughby_fishing", FISHING, FISHING / "locale"),
        # The example game of docs/examples, a distribution of its own whose catalogue this script keeps too.
        Domain("muggins_whist", WHIST, WHIST / "locale"),
    )}


_DATES = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.M)


def _write_if_changed(path: Path, catalog: Catalog) -> bool:
    out = io.BytesIO()
    pofile.write_po(out, catalog, width=100, sort_output=False, ignore_obsolete=False, include_previous=True)
    text = out.getvalue()
    if path.exists() and _DATES.sub("", path.read_text("utf-8")) == _DATES.sub("", text.decode("utf-8")):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return True


def _say(path: Path, changed: bool) -> None:
    print(f"{'wrote' if changed else 'unchanged'} {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def extract(domain: Domain) -> Catalog:
    template = domain.messages()
    template.project, template.version = domain.name, ""
    template.msgid_bugs_address = ""
    template.creation_date = datetime.now(timezone.utc)
    pot = domain.localedir / f"{domain.name}.pot"
    _say(pot, _write_if_changed(pot, template))
    return template


def _po(domain: Domain, language: str) -> Path:
    return domain.localedir / language / "LC_MESSAGES" / f"{domain.name}.po"


#: Each language's typography, as a rewrite of one translated text (a language without one is written as translated).
TYPOGRAPHY = {"fr": french_typography}


def typeset(catalog: Catalog, language: str) -> Catalog:
    """`catalog` with every translation (obsolete ones too) set in `language`'s typography; idempotent."""
    rewrite = TYPOGRAPHY.get(language)
    if rewrite is None:
        return catalog
    for message in [*catalog, *catalog.obsolete.values()]:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, (list, tuple)):
            message.string = type(message.string)(rewrite(text) if text else text for text in message.string)
        else:
            message.string = rewrite(message.string)
    return catalog


def typography(domain: Domain) -> None:
    for language in LANGUAGES:
        path = _po(domain, language)
        if language == DEFAULT_LANGUAGE or language not in TYPOGRAPHY or not path.exists():
            continue
        with open(path, "rb") as source:
            catalog = pofile.read_po(source, locale=language)
        _say(path, _write_if_changed(path, typeset(catalog, language)))


def update(domain: Domain) -> None:
    with open(domain.localedir / f"{domain.name}.pot", "rb") as source:
        template = pofile.read_po(source)
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        path = _po(domain, language)
        if path.exists():
            with open(path, "rb") as source:
                catalog = pofile.read_po(source, locale=language)
            catalog.update(template, update_header_comment=False)
        else:
            catalog = Catalog(locale=language, domain=domain.name, project=domain.name, version="", msgid_bugs_address="")
            catalog.update(template)
        catalog.revision_date = datetime.now(timezone.utc)
        _say(path, _write_if_changed(path, typeset(catalog, language)))


def compile_(domain: Domain) -> None:
    for po in sorted(domain.localedir.glob("*/LC_MESSAGES/*.po")):
        if po.stem != domain.name:
            continue
        mo = po.with_suffix(".mo")
        data = compiled_bytes(po)
        changed = not mo.exists() or mo.read_bytes() != data
        if changed:
            mo.write_bytes(data)
        _say(mo, changed)


def stale(domain: Domain) -> list[Path]:
    return [po for po in sorted(domain.localedir.glob(f"*/LC_MESSAGES/{domain.name}.po"))
            if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").read_bytes() != compiled_bytes(po)]


def status(domain: Domain) -> str:
    total = len([m for m in domain.messages() if m.id])
    parts = [f"{domain.name}: {total} messages"]
    for language in LANGUAGES:
        if language != DEFAULT_LANGUAGE:
            missing = untranslated_messages(domain.source, domain.name, language, localedir=domain.localedir, skip=domain.skip,
                                            also=domain.unmarked)
            parts.append(f"{language}: {total - len(missing)} translated, {len(missing)} untranslated")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "typography", "compile", "all", "check", "status"))
    parser.add_argument("domain", nargs="*", help="domains (default: all of them)")
    args = parser.parse_args(argv)
    known = domains()
    unknown = [d for d in args.domain if d not in known]
    if unknown:
        parser.error(f"unknown domain(s) {', '.join(unknown)}; known: {', '.join(known)}")
    chosen = [known[d] for d in args.domain] or list(known.values())
    if args.command == "check":
        bad = [po for d in chosen for po in stale(d)]
        for po in bad:
            print(f"stale: {po.relative_to(ROOT)}'s .mo is not what it compiles to (run: scripts/catalogues.py compile)")
        badly_set = [(d, language, typography_faults(d.localedir, d.name, language)) for d in chosen for language in TYPOGRAPHY]
        for d, language, faults in badly_set:
            if faults:
                print(f"typography: {len(faults)} {language!r} translation(s) of {d.name} break it, as {next(iter(faults))!r} "
                      f"({', '.join(next(iter(faults.values())))}) (run: scripts/catalogues.py typography {d.name}, then compile)")
        return 1 if bad or any(faults for _, _, faults in badly_set) else 0
    for d in chosen:
        if args.command == "status":
            print(status(d))
            continue
        if args.command in ("extract", "all"):
            extract(d)
        if args.command in ("update", "all"):
            update(d)
        if args.command == "typography":
            typography(d)
        if args.command in ("compile", "all"):
            compile_(d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
