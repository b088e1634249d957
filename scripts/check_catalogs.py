"""Check the message catalogs: current, complete, their placeholders kept, compiled.

Four checks, each with Babel (the ``[i18n]`` extra):

1. the template ``threeup3down/locale/threeup3down.pot`` holds exactly the texts
   that Babel's extraction finds in the package's modules now (keywords ``_``, ``gettext``,
   ``ngettext``, ``N_`` and ``message``);
2. every catalog ``<language>/LC_MESSAGES/threeup3down.po`` has every text of
   the template, none fuzzy and none untranslated, and no text the template
   lacks;
3. Babel's checks pass on every translation (no placeholder the English text
   lacks, as many plural forms as the language has), and every ``%(name)s``
   placeholder of the English text is in each form of its translation;
4. each compiled catalog ``threeup3down.mo`` is the one its ``.po`` compiles to.

Run from the repository root::

    python -m scripts.check_catalogs            # check; exit status 1 on a problem
    python -m scripts.check_catalogs --write    # extract, update and compile after a change

``--write`` rewrites the template, adds new texts to every catalog (empty, for
a translator to fill) and compiles the catalogs; the check then lists what is
left to translate.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = ["KEYWORDS", "check", "main", "template"]

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "threeup3down" / "locale"
TEMPLATE = LOCALE / "threeup3down.pot"
KEYWORDS = {"_": None, "gettext": None, "N_": None, "message": None, "ngettext": (1, 2)}
"""The calls (by name: ``tell.gettext`` too) whose first argument (both, for ``ngettext``) is a text for a player."""
_WIDTH = 100


def template() -> Catalog:
    """The catalog template extracted from the package's source now."""
    catalog = Catalog(project="threeup3down", copyright_holder="The threeup3down developers", fuzzy=False)
    found = extract_from_dir(str(ROOT / "threeup3down"), [("**.py", "python")], keywords=KEYWORDS)
    for _, _, text, _, _ in found:
        catalog.add(text)
    return catalog


def _forms(text: object) -> tuple[str, ...]:
    """A message's text or translation as its forms (one, or one per plural form)."""
    return (text,) if isinstance(text, str) else tuple(map(str, text))  # type: ignore[call-overload]


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id if isinstance(message.id, str) else _forms(message.id) for message in catalog if message.id}


def catalogs(locale: Path = LOCALE) -> Iterator[Path]:
    """Every language's ``.po`` file under ``locale``."""
    yield from sorted(locale.glob("*/LC_MESSAGES/threeup3down.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parent.parent.name)


def _compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def check(locale: Path = LOCALE) -> list[str]:
    """Every problem found in the catalogs under ``locale``, one line each (none when
    they are in order)."""
    problems = []
    wanted = _ids(template())
    with (locale / TEMPLATE.name).open("rb") as file:
        written = _ids(read_po(file))
    for text in sorted(map(str, wanted - written)):
        problems.append(f"{TEMPLATE.name}: lacks {text} (run python -m scripts.check_catalogs --write)")
    for text in sorted(map(str, written - wanted)):
        problems.append(f"{TEMPLATE.name}: holds {text}, no longer in the source (--write)")
    for path in catalogs(locale):
        name = path.relative_to(locale)
        catalog = _read(path)
        for text in sorted(map(str, wanted - _ids(catalog))):
            problems.append(f"{name}: lacks {text}")
        for text in sorted(map(str, _ids(catalog) - wanted)):
            problems.append(f"{name}: holds {text}, no longer in the source")
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy or not all(_forms(message.string)):
                problems.append(f"{name}: {'fuzzy' if message.fuzzy else 'untranslated'}: {message.id}")
        for message, errors in catalog.check():
            for error in errors:
                problems.append(f"{name}: {message.id}: {error}")
        problems.extend(f"{name}: {problem}" for problem in _lost_placeholders(catalog))
        compiled = path.with_suffix(".mo")
        if not compiled.exists() or compiled.read_bytes() != _compiled(catalog):
            problems.append(f"{name.with_suffix('.mo')}: not compiled from the .po (--write)")
    return problems


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


def write() -> None:
    """Extract the template, update every catalog from it, compile every catalog."""
    fresh = template()
    with TEMPLATE.open("wb") as file:
        write_po(file, fresh, sort_output=True, omit_header=False, width=_WIDTH, no_location=True)
    for path in catalogs():
        catalog = _read(path)
        catalog.update(fresh, no_fuzzy_matching=True)
        with path.open("wb") as file:
            write_po(file, catalog, sort_output=True, width=_WIDTH, ignore_obsolete=True)
        path.with_suffix(".mo").write_bytes(_compiled(_read(path)))


def main(argv: Sequence[str] | None = None) -> int:
    """Check the catalogs (or, with ``--write``, bring them up to date first); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="extract, update and compile the catalogs first")
    args = parser.parse_args(argv)
    if args.write:
        write()
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    languages = ", ".join(path.parent.parent.name for path in catalogs())
    print(f"{len(_ids(template()))} texts; catalogs: {languages}; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
