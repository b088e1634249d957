"""Check the message catalogs: current, complete, their placeholders kept, compiled.

There are two sets of catalogs (:data:`DOMAINS`): the package's
(``threeup3down/locale/``, domain ``threeup3down``: narration, refusals, the
text view, terminal play, ``play --help``, the SVG's labels) and the example
web page's (``examples/web/locale/``, domain ``web``). For each, four checks,
with Babel (the ``[i18n]`` extra):

1. the template ``<domain>.pot`` holds exactly the texts that Babel's
   extraction finds in the source now (keywords ``_``, ``gettext``,
   ``ngettext``, ``n_``, ``N_`` and ``message``), and for the package the help
   of the rule options, which is made from the fields' docstrings
   (:func:`threeup3down.cli.rule_options.help_texts`);
2. every catalog ``<language>/LC_MESSAGES/<domain>.po`` has every text of the
   template, none fuzzy and none untranslated, and no text the template lacks;
3. Babel's checks pass on every translation (no placeholder the English text
   lacks, as many plural forms as the language has), and every ``%(name)s``
   placeholder of the English text is in each form of its translation;
4. each compiled catalog ``<domain>.mo`` is the one its ``.po`` compiles to;
5. the web page's texts file, ``examples/web/static/texts.json`` (the page is
   static files, so its texts in every language travel as one of them), is
   the one ``examples/web/texts.py`` writes from the compiled catalogs.

Run from the repository root::

    python -m scripts.check_catalogs               # check; exit status 1 on a problem
    python -m scripts.check_catalogs --write       # extract, update and compile after a change
    python -m scripts.check_catalogs --add xx      # start catalogs for the language xx

``--write`` rewrites the templates, adds new texts to every catalog (empty, for
a translator to fill), drops texts no longer used, compiles the catalogs and
writes the web page's texts file;
``--add`` also starts an empty catalog of each domain for a new language. The
check then lists what is left to translate.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import re
import sys
from types import ModuleType
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = ["DOMAINS", "KEYWORDS", "PACKAGE", "WEB", "Domain", "check", "check_all", "main", "template"]

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "gettext": None, "N_": None, "message": None, "ngettext": (1, 2), "n_": (1, 2)}
"""The calls (by name: ``tell.gettext`` too) whose first argument (both, for
``ngettext`` and ``n_``) is a text for a player."""
_WIDTH = 100


@dataclass(frozen=True)
class Domain:
    """One set of catalogs: its gettext domain, the source its texts are in, where they are."""

    name: str
    source: Path
    """The directory whose Python modules hold the texts."""
    locale: Path
    """The directory of the template and of ``<language>/LC_MESSAGES/<name>.po`` and ``.mo``."""


PACKAGE = Domain("threeup3down", ROOT / "threeup3down", ROOT / "threeup3down" / "locale")
WEB = Domain("web", ROOT / "examples" / "web", ROOT / "examples" / "web" / "locale")
DOMAINS = (PACKAGE, WEB)


def template(domain: Domain = PACKAGE) -> Catalog:
    """The catalog template extracted from the domain's source now."""
    catalog = Catalog(project="threeup3down", copyright_holder="The threeup3down developers", fuzzy=False)
    for _, _, text, _, _ in extract_from_dir(str(domain.source), [("**.py", "python")], keywords=KEYWORDS):
        catalog.add(text)
    if domain is PACKAGE:  # made at run time from the fields' docstrings, so not found by extraction
        from threeup3down.cli.rule_options import help_texts

        for text in help_texts():
            catalog.add(text)
    return catalog


def _forms(text: object) -> tuple[str, ...]:
    """A message's text or translation as its forms (one, or one per plural form)."""
    return (text,) if isinstance(text, str) else tuple(map(str, text))  # type: ignore[call-overload]


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id if isinstance(message.id, str) else _forms(message.id) for message in catalog if message.id}


def catalogs(domain: Domain = PACKAGE, locale: Path | None = None) -> Iterator[Path]:
    """Every language's ``.po`` file of ``domain`` (under ``locale``, if given)."""
    yield from sorted((locale or domain.locale).glob(f"*/LC_MESSAGES/{domain.name}.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parent.parent.name)


def _compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def check(domain: Domain = PACKAGE, locale: Path | None = None) -> list[str]:
    """Every problem found in the catalogs of ``domain`` (those under ``locale``, if
    given), one line each: none when they are in order."""
    locale = locale or domain.locale
    problems = []
    wanted = _ids(template(domain))
    pot = locale / f"{domain.name}.pot"
    with pot.open("rb") as file:
        written = _ids(read_po(file))
    for text in sorted(map(str, wanted - written)):
        problems.append(f"{pot.name}: lacks {text} (run python -m scripts.check_catalogs --write)")
    for text in sorted(map(str, written - wanted)):
        problems.append(f"{pot.name}: holds {text}, no longer in the source (--write)")
    for path in catalogs(domain, locale):
        name = path.relative_to(locale)
        catalog = _read(path)
        for text in sorted(map(str, wanted - _ids(catalog))):
            problems.append(f"{name}: lacks {text}")
        for text in sorted(map(str, _ids(catalog) - wanted)):
            problems.append(f"{name}: holds {text}, no longer in the source")
        for message in catalog:
            if message.id and (message.fuzzy or not all(_forms(message.string))):
                problems.append(f"{name}: {'fuzzy' if message.fuzzy else 'untranslated'}: {message.id}")
        for message, errors in catalog.check():
            for error in errors:
                problems.append(f"{name}: {message.id}: {error}")
        problems.extend(f"{name}: {problem}" for problem in _lost_placeholders(catalog))
        compiled = path.with_suffix(".mo")
        if not compiled.exists() or compiled.read_bytes() != _compiled(catalog):
            problems.append(f"{name.with_suffix('.mo')}: not compiled from the .po (--write)")
    return problems


def web_texts() -> ModuleType:
    """``examples/web/texts.py``, the web page's texts and the writer of its texts file."""
    spec = importlib.util.spec_from_file_location("web_texts", WEB.source / "texts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_page_texts() -> list[str]:
    """A problem if the web page's texts file is not what the compiled catalogs give."""
    texts = web_texts()
    path: Path = texts.TEXTS_FILE
    if not path.exists() or path.read_text(encoding="utf-8") != texts.texts_json():
        return [f"{path.relative_to(ROOT)}: not written from the catalogs (--write)"]
    return []


def check_all() -> list[str]:
    """The problems of every domain's catalogs, and of the web page's texts file."""
    return [problem for domain in DOMAINS for problem in check(domain)] + check_page_texts()


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)", text))


def _lost_placeholders(catalog: Catalog) -> Iterator[str]:
    """Translations that leave out a placeholder of their English text (Babel's own
    check allows that of named placeholders; here every one is kept)."""
    for message in catalog:
        if not message.id or not message.string:
            continue
        english = _forms(message.id)
        wanted = _placeholders(english[-1])
        for string in _forms(message.string):
            if string and _placeholders(string) != wanted:
                missing = ", ".join(sorted(wanted - _placeholders(string))) or "none"
                yield f"{english[0]}: placeholders lost: {missing}"


def write(domain: Domain, add: Sequence[str] = ()) -> None:
    """Extract the template of ``domain``, start catalogs for the languages ``add``,
    update every catalog from the template and compile it."""
    fresh = template(domain)
    domain.locale.mkdir(parents=True, exist_ok=True)
    with (domain.locale / f"{domain.name}.pot").open("wb") as file:
        write_po(file, fresh, sort_output=True, omit_header=False, width=_WIDTH, no_location=True)
    for language in add:
        path = domain.locale / language / "LC_MESSAGES" / f"{domain.name}.po"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(file, Catalog(locale=language, domain=domain.name, project="threeup3down"), width=_WIDTH)
    for path in catalogs(domain):
        catalog = _read(path)
        catalog.update(fresh, no_fuzzy_matching=True)
        with path.open("wb") as file:
            write_po(file, catalog, sort_output=True, width=_WIDTH, ignore_obsolete=True)
        path.with_suffix(".mo").write_bytes(_compiled(_read(path)))


def main(argv: Sequence[str] | None = None) -> int:
    """Check the catalogs (with ``--write`` or ``--add``, bring them up to date first); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="extract, update and compile the catalogs first")
    parser.add_argument(
        "--add", action="append", default=[], metavar="LANGUAGE",
        help="start the catalogs of a new language (a tag such as 'lo' or 'pt_BR'), then --write",
    )
    args = parser.parse_args(argv)
    for domain in DOMAINS:
        if args.write or args.add:
            write(domain, args.add)
    if args.write or args.add:
        web_texts().main()
    problems = check_all()
    for problem in problems:
        print(problem, file=sys.stderr)
    for domain in DOMAINS:
        languages = ", ".join(path.parent.parent.name for path in catalogs(domain))
        print(f"{domain.name}: {len(_ids(template(domain)))} texts; catalogs: {languages}")
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
