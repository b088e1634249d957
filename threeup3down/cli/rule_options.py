"""The rule options of the command line: one for every field of :class:`~threeup3down.Rules`.

``demo``, ``play`` and ``simulate`` take the same options, made from the
fields by type: a ``bool`` is a switch (``--places``), an enumeration takes
its values (``--first-player dealers-left``), an ``int`` a number
(``--players 3``). One table spells the rest: ``--omit`` takes colour
letters, ``--custom-cards`` card notation, ``--turn-limit 0`` is no limit.
Each option's help is its field's docstring, read from the source as Sphinx
reads it, so a field is described in one place; the fields and enumeration
members it names become options, and the rules it cites come last.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> rules_from_args(parser.parse_args(["--players", "3", "--omit", "b", "--turn-limit", "0"]))
Rules(players=3, ..., omitted_colours=frozenset({<Colour.BLUE: 'b'>}), ..., turn_limit=None)
"""

from __future__ import annotations

import argparse
import ast
import enum
import inspect
import itertools
import operator
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from threeup3down.core import rules as rules_module
from threeup3down.core.cards import Colour, format_cards, parse_cards
from threeup3down.core.errors import NotationError, RulesError
from threeup3down.core.i18n import translation
from threeup3down.core.rules import Rules

__all__ = ["add_rule_options", "help_texts", "rule_flags", "rules_error_message", "rules_from_args"]


def add_rule_options(*parsers: argparse.ArgumentParser, locale: str | None = None) -> None:
    """Add an option for every field of :class:`~threeup3down.Rules` to each parser,
    in a group of their own, defaulting to the field's default; their help in the
    language of ``locale``.

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

    >>> parser = argparse.ArgumentParser()
    >>> add_rule_options(parser)
    >>> parser.parse_args(["--first-player", "random", "--places"]).first_player
    'random'
    """
    _ = translation(locale).gettext
    docs = _attribute_docs(rules_module)
    for parser in parsers:
        group = parser.add_argument_group(_("rules"), _("the table's rules (default: the base game for four players)"))
        for option in _RULE_OPTIONS:
            text = _(_help(option, docs)).replace("%", "%%")
            spelling = option.spelling
            if spelling.parse is None:
                group.add_argument(option.flag, dest=option.field, action="store_true", help=text)
            else:
                group.add_argument(
                    option.flag, dest=option.field, default=option.default, type=spelling.parse,
                    metavar=spelling.metavar, choices=spelling.values(), help=text,
                )


def help_texts() -> list[str]:
    """The help of every rule option in English, as the catalogs translate it (made from
    the fields' docstrings, so a changed docstring is a text to translate again).

    >>> help_texts()[0]
    'how many players sit at the table (default 4) (S1: 2–6; O11: 7–12 with two decks; with --custom-cards, 2–12 if the cards deal nine to each)'
    """
    docs = _attribute_docs(rules_module)
    return [_help(option, docs) for option in _RULE_OPTIONS]


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules that parsed rule options name.

    Raises :class:`~threeup3down.RulesError` for a table that cannot be, and
    :class:`~threeup3down.NotationError` for colours or cards that cannot be read.

    >>> parser = argparse.ArgumentParser()
    >>> add_rule_options(parser)
    >>> rules_from_args(parser.parse_args(["--players", "2", "--decks", "2"]))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: decks, players: two decks are for 7-12 players, not 2 (O11)
    """
    return Rules(**{option.field: _read(option, getattr(args, option.field)) for option in _RULE_OPTIONS})


def _read(option: _RuleOption, value: Any) -> Any:
    """The field's value for the option's ``value``; a :class:`NotationError` names the option."""
    try:
        return option.spelling.read(value)
    except NotationError as error:
        raise NotationError(f"{option.flag} {value}: {error}") from None


def rules_error_message(error: RulesError) -> str:
    """The message of ``error`` for the command line: the options at fault
    instead of the fields, in its prefix and in its text.

    >>> parser = argparse.ArgumentParser()
    >>> add_rule_options(parser)
    >>> try:
    ...     rules_from_args(parser.parse_args(["--reverse-each-one"]))
    ... except RulesError as error:
    ...     print(rules_error_message(error))
    --reverse-each-one, --reverse-on-one: --reverse-each-one counts the 1s of --reverse-on-one (O3), which is off
    """
    text = str(error).removeprefix(f"{', '.join(error.fields)}: ")
    for option in _RULE_OPTIONS:
        if "_" in option.field:  # a field named as a word ("players") is left as the word
            text = re.sub(rf"\b{option.field}\b", option.flag, text)
    return f"{', '.join(_FLAGS.get(field, field) for field in error.fields)}: {text}"


def rule_flags(rules: Rules) -> list[str]:
    """The rule options that set up ``rules``, in the fields' order, leaving out
    those at their default.

    >>> from threeup3down import FirstPlayer
    >>> rule_flags(Rules(players=3, first_player=FirstPlayer.RANDOM, places=True, turn_limit=None))
    ['--players', '3', '--first-player', 'random', '--places', '--turn-limit', '0']
    """
    flags: list[str] = []
    for option in _RULE_OPTIONS:
        value = option.spelling.write(getattr(rules, option.field))
        if value != option.default:
            flags += [option.flag] if option.spelling.is_switch else [option.flag, str(value)]
    return flags


# ------------------------------------------------------- from the fields of Rules


def _same(value: Any) -> Any:
    return value


@attrs.frozen
class _Spelling:
    """How the command line writes the values of a field of :class:`Rules`."""

    read: Callable[[Any], Any] = _same
    """The field's value from the option's."""
    write: Callable[[Any], object] = _same
    """The option's value for a value of the field."""
    flag: str | None = None
    """The option, if not the field's name with dashes."""
    parse: Callable[[str], object] | None = None
    """What ``argparse`` makes of the text given; ``None`` for a switch."""
    metavar: str | None = None
    choices: type[enum.Enum] | None = None
    """The enumeration whose values the option takes."""
    how: str = ""
    """How a value is written, for the help."""
    none: str = "None"
    """How ``None`` is written, where the field's docstring names it."""

    @property
    def is_switch(self) -> bool:
        """Whether the option takes no value: the field is on if it is given."""
        return self.parse is None

    def values(self) -> list[object] | None:
        """The values the option takes, if only some."""
        return None if self.choices is None else [member.value for member in self.choices]


_SPELLINGS: dict[str, _Spelling] = {
    "omitted_colours": _Spelling(
        flag="--omit", parse=str, metavar="COLOURS", how="by letter, e.g. b or rb",
        read=lambda letters: frozenset(map(Colour.parse, letters)),
        write=lambda colours: "".join(colour.letter for colour in Colour if colour in colours),
    ),
    "custom_cards": _Spelling(
        parse=str, metavar="CARDS", how="in card notation, e.g. 1r,1g,2b,...",
        read=lambda text: None if text is None else parse_cards(text),
        write=lambda cards: None if cards is None else format_cards(cards),
    ),
    "turn_limit": _Spelling(
        parse=int, none="0", read=lambda limit: limit or None, write=lambda limit: limit or 0
    ),
}
"""The fields the command line spells its own way: colours by letter, cards in
notation, no turn limit as 0. The others follow their type (:func:`_spelling`)."""


def _spelling(name: str, hint: Any) -> _Spelling:
    """How the command line writes field ``name`` of type ``hint``: as
    :data:`_SPELLINGS` says, else a ``bool`` is a switch, an enumeration takes
    its values and an ``int`` a number."""
    if name in _SPELLINGS:
        return _SPELLINGS[name]
    if hint is bool:
        return _Spelling()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Spelling(read=hint, write=operator.attrgetter("value"), parse=str, choices=hint)
    if hint is int:
        return _Spelling(parse=int)
    raise TypeError(f"Rules.{name} has no command-line option: add it to _SPELLINGS")


@attrs.frozen
class _RuleOption:
    """A field of :class:`Rules` as an option of ``demo``, ``play`` and ``simulate``."""

    field: str
    """The field, and the option's ``dest``."""
    spelling: _Spelling
    flag: str
    default: object
    """The option's value for the field's default."""


def _rule_options() -> tuple[_RuleOption, ...]:
    hints = typing.get_type_hints(Rules)
    options = []
    for field in attrs.fields(Rules):
        spelling = _spelling(field.name, hints[field.name])
        flag = spelling.flag or "--" + field.name.replace("_", "-")
        options.append(_RuleOption(field.name, spelling, flag, spelling.write(field.default)))
    return tuple(options)


_RULE_OPTIONS = _rule_options()
"""An option for every field of :class:`Rules`, in the fields' order."""
_FLAGS = {option.field: option.flag for option in _RULE_OPTIONS}
"""The option of each field."""


def _attribute_docs(module: types.ModuleType) -> dict[str, str]:
    """The docstrings under the attributes of the classes of ``module``, by
    ``Class.attribute``, read from its source as Sphinx reads them (none
    without the source).

    >>> _attribute_docs(rules_module)["Deck.LITERAL"]
    'The 74-card deck the GR rules page describes, taken literally.'
    """
    try:
        source = inspect.getsource(module)
    except OSError:  # installed without its source: options without descriptions
        return {}
    docs = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        for attribute, after in itertools.pairwise(node.body):
            match attribute, after:
                case (
                    ast.AnnAssign(target=ast.Name(id=name)) | ast.Assign(targets=[ast.Name(id=name)]),
                    ast.Expr(value=ast.Constant(value=str() as doc)),
                ):
                    docs[f"{node.name}.{name}"] = inspect.cleandoc(doc)
    return docs


_REFERENCES = {option.field: option.flag for option in _RULE_OPTIONS} | {
    f"{choices.__name__}.{member.name}": f"{option.flag} {member.value}"
    for option in _RULE_OPTIONS
    if (choices := option.spelling.choices) is not None
    for member in choices
}
"""The command line's words for the fields and enumeration members that docstrings name."""
_REFERENCE = re.compile(r":\w+:`~?([\w.]+)`")
_LITERAL = re.compile(r"``([^`]+)``")
_CITED_FIRST = re.compile(r"(?P<rules>[A-Z]\d+\b[^:]*): (?P<text>.+)")
_CITED_LAST = re.compile(r"(?P<text>.+) \((?P<rules>[A-Z]\d+\b[^()]*)\)")
_CAPITALISED = re.compile(r"^[A-Z][a-z]*\b")


def _in_words(docstring: str, none: str) -> tuple[str, str]:
    """The first paragraph of a docstring in the command line's words, and the
    rules it cites (or ""): a field it names is the field's option, a member of
    an enumeration the option and its value, ``None`` is ``none``.

    >>> _in_words("O3, with :attr:`reverse_on_one`: every 1 reverses.\\n\\n.. versionadded:: 0.2.0", "None")
    ('every 1 reverses', 'O3, with --reverse-on-one')
    >>> _in_words("The seat that plays first with :attr:`FirstPlayer.SEAT` (S5, O9).", "None")
    ('the seat that plays first with --first-player seat', 'S5, O9')
    """

    def reference(match: re.Match[str]) -> str:
        path = match[1].split(".")
        return _REFERENCES.get(".".join(path[-2:]), _REFERENCES.get(path[-1], path[-1]))

    paragraph = docstring.strip().split("\n\n", 1)[0]
    text = _REFERENCE.sub(reference, " ".join(paragraph.split()).removesuffix("."))
    text = _LITERAL.sub(lambda match: none if match[1] == "None" else match[1], text)
    cited = _CITED_FIRST.fullmatch(text) or _CITED_LAST.fullmatch(text)
    if cited:
        text, rules = cited["text"], cited["rules"]
    else:
        rules = ""
    return _CAPITALISED.sub(lambda match: match[0].lower(), text, count=1), rules


def _help(option: _RuleOption, docs: Mapping[str, str]) -> str:
    """The help of ``option``: its field's docstring in the command line's words,
    how a value is written, what each value means, the default and the rules cited."""
    spelling = option.spelling
    text, rules = _in_words(docs.get(f"Rules.{option.field}", ""), spelling.none)
    if spelling.how:
        text += f", {spelling.how}"
    if (choices := spelling.choices) is not None:
        meanings = []
        for member in choices:
            words, cited = _in_words(docs.get(f"{choices.__name__}.{member.name}", ""), spelling.none)
            meanings.append(f"{member.value} = {words}" + (f" ({cited})" if cited else ""))
        text += ": " + "; ".join(meanings)
    if not spelling.is_switch and option.default not in (None, ""):
        text += f" (default {option.default})"
    return text + (f" ({rules})" if rules else "")
