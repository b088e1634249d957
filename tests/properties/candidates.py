"""Candidate moves far beyond the legal ones, to check that the engine refuses the rest.

:func:`candidate_moves` proposes, for the player to move, plays from the place
they play from (hand, else 3UP) of every sub-multiset of each number's cards
(of the whole place if it is small), of cards of different numbers, of cards
they do not hold (or hold too few of); the same from the other place; every
sub-multiset of the other place from both; a 3DOWN card named openly; flips at
positions -1 to 3; every word move; swaps and 3UP choices of held and unheld
cards.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from itertools import combinations, product

from threeup3down import (
    Card,
    ChooseUp,
    Colour,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    GameState,
    Move,
    Phase,
    PickUp,
    Play,
    Rank,
    Source,
    Swap,
)

__all__ = ["candidate_moves", "colour_blind", "holds"]

SMALL_ZONE = 6
"""Zones of at most this many cards are tried in every sub-multiset."""


def candidate_moves(state: GameState) -> set[Move]:
    """A broad set of moves to try in ``state``, legal or not."""
    seat = state.seats[state.current_player]
    moves: set[Move] = {PickUp(), Draw(), DrawInstead(), DeclineSwap()}
    moves.update(FlipDown(position) for position in range(-1, 4))
    active, source, other = (
        (seat.hand, Source.HAND, Source.UP) if seat.hand else (seat.up, Source.UP, Source.HAND)
    )
    for cards in _card_sets(active):
        moves.add(Play(cards, source))
        if len(cards) == 1 or len(active) <= SMALL_ZONE:
            moves.add(Play(cards, other))
    inactive = seat.up if seat.hand else seat.hand
    for cards in _sub_multisets(inactive if len(inactive) <= SMALL_ZONE else inactive[:1]):
        moves.update((Play(cards, Source.HAND), Play(cards, Source.UP)))
    if seat.down:
        moves.update((Play(seat.down[:1], Source.HAND), Play(seat.down[:1], Source.UP)))
    moves.update(_swaps(seat.hand, seat.up, every=state.swap_offered))
    moves.update(_choices(seat.hand, every=state.phase is Phase.SETUP))
    return moves


def _sub_multisets(cards: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """Every non-empty sub-multiset of ``cards``."""
    counts = Counter(cards)
    kinds = list(counts)
    for taken in product(*(range(counts[kind] + 1) for kind in kinds)):
        chosen = tuple(kind for kind, times in zip(kinds, taken) for _ in range(times))
        if chosen:
            yield chosen


def _card_sets(zone: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    """Card sets to play from a zone holding ``zone`` (sorted)."""
    by_rank: defaultdict[Rank, list[Card]] = defaultdict(list)
    for card in zone:
        by_rank[card.rank].append(card)
    sets: set[tuple[Card, ...]] = set()
    if len(zone) <= SMALL_ZONE:
        sets.update(_sub_multisets(zone))
    for cards in by_rank.values():
        sets.update(_sub_multisets(cards))  # multiples in every colour (P1, P4)
    firsts = [cards[0] for cards in by_rank.values()]
    sets.update(zip(firsts, firsts[1:]))  # mixed numbers (P1)
    sets.update(zip(firsts, firsts[1:], firsts[2:]))
    if len(firsts) > 1:
        sets.add((firsts[0], firsts[-1]))
    counts = Counter(zone)
    sets.update((kind,) * (count + 1) for kind, count in counts.items())  # one too many
    for rank in Rank:  # a card not held
        missing = [Card.of(rank, colour) for colour in Colour if Card.of(rank, colour) not in counts]
        if missing:
            sets.add((missing[0],))
    return sets


def _swaps(hand: tuple[Card, ...], up: tuple[Card, ...], *, every: bool) -> set[Move]:
    """Swaps of held and unheld cards, in both directions (O7); all pairs if ``every``."""
    unheld = next(card for card in Card if card not in hand and card not in up)
    hand_cards = list(dict.fromkeys(hand)) if every else list(hand[:1])
    up_cards = list(dict.fromkeys(up)) if every else list(up[:1])
    swaps: set[Move] = set()
    for hand_card in hand_cards + [unheld]:
        for up_card in up_cards + [unheld]:
            swaps.add(Swap(hand_card, up_card))
            swaps.add(Swap(up_card, hand_card))
    return swaps


def _choices(hand: tuple[Card, ...], *, every: bool) -> set[Move]:
    """3UP choices (S3): any three hand cards if ``every``, and wrong counts or cards."""
    choices: set[Move] = {ChooseUp(hand[:2]), ChooseUp(hand[:4]), ChooseUp(())}
    unheld = next(card for card in Card if card not in hand)
    choices.add(ChooseUp(hand[:2] + (unheld,)))
    if every:
        choices.update(ChooseUp(cards) for cards in combinations(hand, 3))
    else:
        choices.add(ChooseUp(hand[:3]))
    return choices


def colour_blind(move: Move) -> object:
    """``move`` with the colours of its cards forgotten (D2: colour never decides a play)."""
    match move:
        case Play(cards=cards, source=source):
            return ("play", source, tuple(card.rank for card in cards))
        case ChooseUp(cards=cards):
            return ("up", tuple(card.rank for card in cards))
        case Swap(hand_card=hand_card, up_card=up_card):
            return ("swap", hand_card.rank, up_card.rank)
        case _:
            return move


def holds(state: GameState, move: Move) -> bool:
    """Whether the player to move holds the cards ``move`` names, where it takes them from."""
    seat = state.seats[state.current_player]
    match move:
        case Play(cards=cards, source=source):
            zone = seat.hand if source is Source.HAND else seat.up
            return not Counter(cards) - Counter(zone)
        case ChooseUp(cards=cards):
            return not Counter(cards) - Counter(seat.hand)
        case Swap(hand_card=hand_card, up_card=up_card):
            return hand_card in seat.hand and up_card in seat.up
        case _:
            return True
