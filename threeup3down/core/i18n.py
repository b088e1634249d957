"""The players' languages: message catalogs read with the standard library's ``gettext``.

Every text the library shows a player is written in English and looked up in
the catalog of the language asked for, ``locale``: a language tag such as
``"km"``, ``"hy"``, ``"vi"``, ``"te"``, with or without a territory and
encoding (``"vi_VN.UTF-8"``, ``"te-IN"``). A language without a catalog, and
``None``, ``"C"`` or ``"POSIX"``, read in English. The catalogs ship in the
package (``threeup3down/locale/<language>/LC_MESSAGES/threeup3down.mo``);
adding a language is adding a catalog, no code (see the how-to "Add a
language").

>>> translate("pick up the discard pile", "km")
'រើសគំនរបោះចោល'
>>> translate("pick up the discard pile", "fr")  # no French catalog: English
'pick up the discard pile'

What programs rely on does not change with the language: notation, JSON and
:attr:`~threeup3down.IllegalMoveError.rule`.
"""

from __future__ import annotations

import functools
import gettext
import re
from pathlib import Path

import attrs

from threeup3down.core.errors import LocaleError

__all__ = ["DOMAIN", "LOCALE_DIR", "Message", "N_", "languages", "message", "translate", "translation"]

DOMAIN = "threeup3down"
"""The gettext domain: each catalog is ``<language>/LC_MESSAGES/threeup3down.mo``."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the compiled catalogs are, inside the package."""

_TAG = re.compile(r"([A-Za-z]{2,8}|C)([_-][A-Za-z0-9]{1,8})*(\.[A-Za-z0-9_-]{1,20})?(@[A-Za-z0-9]{1,20})?")
"""A locale as ``LANG`` or a browser writes it: a language, subtags, an encoding, a modifier."""

_ENGLISH = frozenset({"c", "posix", "en"})


def N_(text: str) -> str:  # noqa: N802  (the gettext convention for a deferred text)
    """Mark ``text`` for the catalogs without translating it here (it is translated later).

    >>> N_("Your move.")
    'Your move.'
    """
    return text


def languages(*, domain: str = DOMAIN, directory: Path = LOCALE_DIR) -> tuple[str, ...]:
    """The languages with a compiled catalog (in the package, by default), besides English, sorted.

    >>> languages()
    ('hy', 'km', 'te', 'vi')
    """
    return tuple(sorted(path.parent.parent.name for path in directory.glob(f"*/LC_MESSAGES/{domain}.mo")))


def translation(
    locale: str | None, *, domain: str = DOMAIN, directory: Path = LOCALE_DIR
) -> gettext.NullTranslations:
    """The catalog for ``locale``; English (the texts as written) when there is none.

    A ``locale`` that is not a language tag raises
    :class:`~threeup3down.core.errors.LocaleError`, so a path never comes from it.
    A front end with texts of its own reads its catalogs the same way, from its
    ``directory`` under its ``domain``.

    >>> translation("hy-AM").gettext("the draw pile is empty")
    'խաղարկության կույտը դատարկ է'
    >>> translation(None).gettext("the draw pile is empty")
    'the draw pile is empty'
    >>> translation("C.UTF-8").gettext("the draw pile is empty")
    'the draw pile is empty'
    >>> translation("../../etc")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.LocaleError: not a language tag: '../../etc' (expected one such as 'km', 'vi_VN.UTF-8' or 'te-IN')
    """
    if locale is None:
        return _catalog(None, domain, directory)
    if not _TAG.fullmatch(locale):
        raise LocaleError(f"not a language tag: {locale!r} (expected one such as 'km', 'vi_VN.UTF-8' or 'te-IN')")
    language = locale.split(".")[0].split("@")[0].replace("-", "_")
    english = language.lower() in _ENGLISH or language.lower().startswith("en_")
    return _catalog(None if english else language, domain, directory)


@functools.lru_cache(maxsize=64)
def _catalog(language: str | None, domain: str, directory: Path) -> gettext.NullTranslations:
    """The catalog of ``language`` (``km_KH`` falls back to ``km``), cached: at most
    64 entries, each a well-formed tag; files are read once by ``gettext``."""
    if language is None:
        return gettext.NullTranslations()
    return gettext.translation(domain, directory, languages=[language], fallback=True)


def translate(text: str, locale: str | None) -> str:
    """``text`` in the language of ``locale`` (as written when the catalog lacks it).

    >>> translate("the draw pile is empty", "te")
    'డ్రా పైల్ ఖాళీగా ఉంది'
    """
    return translation(locale).gettext(text)


@attrs.frozen
class Message:
    """A text for a player, made in English and told in any language.

    :attr:`text` is the catalogs' key, with ``%(name)s`` placeholders filled
    from :attr:`args`; an argument that is itself a :class:`Message` is told
    in the same language. :attr:`to_you` is the text used instead when the
    message is told to the player its ``player`` argument names.

    >>> refusal = message("cannot %(attempt)s: the game is over", attempt=message("draw"))
    >>> str(refusal), refusal.render("vi")
    ('cannot draw: the game is over', 'không thể rút bài: trò chơi đã kết thúc')
    """

    text: str
    """The English text, with ``%(name)s`` placeholders: the key in every catalog."""
    args: tuple[tuple[str, str | int | Message], ...] = ()
    """The placeholders' values, by name."""
    to_you: str | None = None
    """The English text told to the player named by the ``player`` argument, if it differs."""

    def render(self, locale: str | None = None, *, you: int | None = None) -> str:
        """The message in the language of ``locale``; with ``you``, that seat is told "you".

        >>> why = message(
        ...     "cannot %(attempt)s: player %(player)s first swaps or keeps (O7)",
        ...     to_you=N_("cannot %(attempt)s: you first swap or keep (O7)"), attempt=message("draw"), player=1,
        ... )
        >>> print(why.render(), why.render(you=1), why.render("km", you=1), sep="\\n")
        cannot draw: player 1 first swaps or keeps (O7)
        cannot draw: you first swap or keep (O7)
        មិនអាច គូរសន្លឹកបៀ ទេ៖ អ្នកត្រូវប្តូរ ឬរក្សាជាមុនសិន (O7)
        """
        return self._told(translation(locale), you)

    def _told(self, catalog: gettext.NullTranslations, you: int | None) -> str:
        values = dict(self.args)
        text = self.text
        if self.to_you is not None and you is not None and values.get("player") == you:
            text = self.to_you
        told = {name: value._told(catalog, you) if isinstance(value, Message) else value for name, value in values.items()}
        return catalog.gettext(text) % told

    def __str__(self) -> str:
        return self.render()


def message(text: str, /, *, to_you: str | None = None, **args: str | int | Message) -> Message:
    """A :class:`Message` of ``text`` with the placeholders' values ``args``.

    >>> print(message("Player %(player)s to move.", player=2).render("te"))
    ఆటగాడు 2 ఆడాలి.
    """
    return Message(text, tuple(args.items()), to_you)
