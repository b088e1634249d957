"""What the kernel needs to know of a :class:`~threeup3down.Rules`, worked out once
(internal): the rules it covers, and each action's meaning as arrays.

The meaning of each action number is read from
:class:`~threeup3down.adapters.encoding.ActionCodec` (its
:meth:`~threeup3down.adapters.encoding.ActionCodec.representative` move), so the
kernel numbers its actions exactly as the adapters do.
"""

from __future__ import annotations

import functools

import attrs
import numpy as np
import numpy.typing as npt

from threeup3down.adapters.encoding import ActionCodec
from threeup3down.core.cards import Card, Rank
from threeup3down.core.errors import RulesError
from threeup3down.core.moves import ChooseUp, DeclineSwap, Draw, DrawInstead, FlipDown, PickUp, Play, Source, Swap
from threeup3down.core.rules import Rules

__all__ = [
    "CHOOSE",
    "DRAW",
    "FLIP",
    "KINDS",
    "PICK",
    "PLAY_HAND",
    "PLAY_UP",
    "RANKS",
    "TAKE",
    "Tables",
    "check_covered",
    "tables",
]

KINDS = len(Card)
"""The 39 kinds of card; a kind's index is its place in card order."""
RANKS = len(Rank)
"""The 13 ranks; a kind's rank is ``kind // 3 + 1``."""

PICK, DRAW, FLIP, TAKE, PLAY_HAND, PLAY_UP, CHOOSE = range(7)
"""What an action does, as :class:`Tables.kind` codes it."""

_REFUSED: tuple[tuple[str, object, str], ...] = (
    ("same_colour_swap", False, "the same-colour swap (O7), whose moves name colours"),
    ("custom_cards", None, "custom cards"),
    ("decks", 1, "two decks (O11): the kernel seats 2-6 players"),
)
"""The fields of :class:`~threeup3down.Rules` whose values other than the default the
kernel refuses, and what they are, for the refusal."""


def check_covered(rules: Rules) -> None:
    """Raise :class:`~threeup3down.RulesError` naming the first option of ``rules``
    the kernel does not cover.

    >>> check_covered(Rules(players=2, same_colour_swap=True))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: same_colour_swap: the kernel does not cover the same-colour swap (O7), whose moves name colours
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"the kernel needs a Rules value, not {rules!r}", fields=())
    for name, default, what in _REFUSED:
        if getattr(rules, name) != default:
            raise RulesError(f"the kernel does not cover {what}", fields=(name,))


@attrs.frozen(eq=False)
class Tables:
    """The rules' constants, as numpy arrays the traced functions close over."""

    rules: Rules
    deck: npt.NDArray[np.int32]
    """The kinds of the deck's cards, in card order (``D`` cards)."""
    deck_counts: npt.NDArray[np.int32]
    """Copies of each kind in the deck (39)."""
    kind: npt.NDArray[np.int32]
    """Each action's :data:`PICK` … :data:`CHOOSE` code."""
    rank: npt.NDArray[np.int32]
    """The rank a play action plays (1-13; 0 for other actions)."""
    size: npt.NDArray[np.int32]
    """How many cards a play action plays (0 for other actions)."""
    position: npt.NDArray[np.int32]
    """The 3DOWN position a flip turns over (0 for other actions)."""
    need: npt.NDArray[np.int32]
    """For each action, the cards of each rank it takes (13 per action): a 3UP
    choice its three, a play its cards; 0 for other actions."""
    most_played: int
    """The most cards one action plays."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def cards(self) -> int:
        return int(self.deck.shape[0])

    @property
    def actions(self) -> int:
        return int(self.kind.shape[0])


def _meaning(move: object) -> tuple[int, int, int, int, tuple[int, ...]]:
    """An action's code, rank, size, position and the ranks it takes."""
    match move:
        case PickUp():
            return PICK, 0, 0, 0, ()
        case Draw():
            return DRAW, 0, 0, 0, ()
        case FlipDown():
            return FLIP, 0, 0, move.position, ()
        case DrawInstead():
            return TAKE, 0, 0, 0, ()
        case Play():
            ranks = tuple(int(card.rank) for card in move.cards)
            code = PLAY_HAND if move.source is Source.HAND else PLAY_UP
            return code, ranks[0], len(ranks), 0, ranks
        case ChooseUp():
            return CHOOSE, 0, 0, 0, tuple(int(card.rank) for card in move.cards)
        case Swap() | DeclineSwap():  # refused by check_covered
            raise AssertionError("the kernel does not number O7's moves")
    raise AssertionError(f"unknown move {move!r}")


@functools.lru_cache(maxsize=16)
def tables(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules`` (checked first), made once per rules (at most
    16 kept: each is a few tens of kilobytes)."""
    check_covered(rules)
    codec = ActionCodec(rules)
    meanings = [_meaning(codec.representative(action)) for action in range(codec.num_actions)]
    need = np.zeros((len(meanings), RANKS), dtype=np.int32)
    for action, (_, _, _, _, ranks) in enumerate(meanings):
        for rank in ranks:
            need[action, rank - 1] += 1
    kinds = {card: index for index, card in enumerate(Card)}
    deck = np.array([kinds[card] for card in rules.deck_cards()], dtype=np.int32)
    return Tables(
        rules=rules,
        deck=deck,
        deck_counts=np.bincount(deck, minlength=KINDS).astype(np.int32),
        kind=np.array([meaning[0] for meaning in meanings], dtype=np.int32),
        rank=np.array([meaning[1] for meaning in meanings], dtype=np.int32),
        size=np.array([meaning[2] for meaning in meanings], dtype=np.int32),
        position=np.array([meaning[3] for meaning in meanings], dtype=np.int32),
        need=need,
        most_played=max(meaning[2] for meaning in meanings),
    )
