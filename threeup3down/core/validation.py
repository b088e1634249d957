"""Which positions the rules can reach: the checks every loaded state passes.

A :class:`~threeup3down.GameState` read from position notation or from JSON
is checked here before the engine sees it, so a state that was loaded is
always one the engine can play on: every card of the deck is in exactly one
place (D1), hands are sorted, the discard pile rises and holds nothing that
should already have cleared, 3DOWN cards go only after the 3UP cards, every
finished turn ended with a draw, owed plays come from Clear cards already
played, and the phase, the player to move and the flags fit together. So
every move listed in a loaded position is accepted, and leads to a position
that loads again.

>>> from threeup3down import Rules, new_game
>>> position_problems(new_game(Rules(players=2), seed=1))
()
>>> from threeup3down.core.state import parse_position
>>> state = parse_position("play 0 7r|-|-/8b|-|- - 8g *", Rules(players=2))
>>> import attrs
>>> position_problems(attrs.evolve(state, current_player=5, owed_plays=-1))
('seat 5 is not at the table', 'owed plays cannot be negative')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from threeup3down.core.cards import KINDS, ORDERS, Card, format_cards, sort_cards
from threeup3down.core.phase import Phase
from threeup3down.core.rules import (
    CARDS_TO_CHOOSE,
    DOWN_CARDS,
    HAND_SIZE,
    UP_CARDS,
    EarlyDraw,
    PileSwapSeats,
    deck_orders,
    is_pile_swap,
)

if TYPE_CHECKING:  # the state module reads positions, and checks them here
    from threeup3down.core.state import GameState, Seat

__all__ = ["count_by_order", "position_problems"]


def position_problems(state: GameState) -> tuple[str, ...]:
    """Why ``state`` is a position the rules never reach; empty if it is fine.

    Each problem is one short phrase citing the rule it breaks where there is
    one. :func:`~threeup3down.core.state.parse_position` and
    :func:`~threeup3down.formats.serialization.from_json` refuse a state with problems.

    >>> from threeup3down import Rules
    >>> from threeup3down.core.state import parse_position
    >>> state = parse_position("play 0 7r|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> position_problems(state)
    ()
    >>> import attrs
    >>> position_problems(attrs.evolve(state, draw_pile=(Card.RED_7,)))
    ('more cards than the deck holds: 7r (D1)',)
    """
    found: list[str] = []  # each check below adds what it finds, in this order
    _table_problems(state, found)
    if found:  # the checks below index seats by number
        return tuple(found)
    _count_problems(state, found)
    _card_problems(state, found)
    _pile_problems(state, found)
    _seat_order_problems(state, found)
    _finished_problems(state, found)
    if state.phase is Phase.SETUP:
        _setup_problems(state, found)
    else:
        if state.phase is Phase.PLAY:
            _play_problems(state, found)
        else:
            _over_problems(state, found)
        _draw_problems(state, found)
    return tuple(found)


def _table_problems(state: GameState, found: list[str]) -> None:
    """S1, S5, S6: one seat per player, the seats named are at the table."""
    players = state.rules.players
    if len(state.seats) != players:
        found.append(f"{len(state.seats)} seats for {players} players")
    if not 0 <= state.current_player < players:
        found.append(f"seat {state.current_player} is not at the table")
    if not 0 <= state.first_player < players:
        found.append(f"first={state.first_player} is not at the table")
    if state.direction not in (1, -1):
        found.append(f"the direction of play is +1 or -1, not {state.direction} (S6, O3)")
    if state.owed_plays < 0:
        found.append("owed plays cannot be negative")
    if state.turn < 0:
        found.append("the turn count cannot be negative")
    named = state.finished + state.pile_swap
    if named and any(not 0 <= seat < players for seat in named):
        found.append("fin and perm must name seats at the table")


def _count_problems(state: GameState, found: list[str]) -> None:
    """D1: every card of the deck in exactly one place."""
    zones = [state.draw_pile, state.discard_pile, state.out_of_game]
    for seat in state.seats:
        zones += (seat.hand, seat.up, seat.down)
    placed = count_by_order(zones)
    deck = deck_orders(state.rules)
    if placed == list(deck):
        return
    extra = [card for card in KINDS for _ in range(placed[card.order] - deck[card.order])]
    if extra:
        found.append(f"more cards than the deck holds: {format_cards(extra)} (D1)")
    missing = [card for card in KINDS for _ in range(deck[card.order] - placed[card.order])]
    if missing:
        found.append(f"cards of the deck are missing: {format_cards(missing)} (D1)")


def count_by_order(zones: Iterable[tuple[Card, ...]]) -> list[int]:
    """How many copies of each card ``zones`` hold together, by the card's order
    (:attr:`~threeup3down.Card.order`), as :func:`~threeup3down.core.rules.deck_orders`
    gives the deck's.

    >>> from threeup3down import parse_cards
    >>> counts = count_by_order([parse_cards("7r,7r"), parse_cards("Cb")])
    >>> counts[Card.RED_7.order], counts[Card.BLUE_CLEAR.order], sum(counts)
    (2, 1, 3)
    """
    counts = [0] * ORDERS
    for zone in zones:
        for card in zone:
            counts[card.order] += 1
    return counts


def _card_problems(state: GameState, found: list[str]) -> None:
    """D3: hands and 3UP cards sorted, at most three 3UP and three 3DOWN cards,
    every card known to be in a hand in it."""
    for number, seat in enumerate(state.seats):
        if seat.hand != sort_cards(seat.hand) or seat.up != sort_cards(seat.up):
            found.append(f"seat {number}'s hand and 3UP cards must be sorted")
        if len(seat.up) > UP_CARDS or len(seat.down) > DOWN_CARDS:
            found.append(f"seat {number} has more than three 3UP or 3DOWN cards")
        if seat.known:
            _known_problems(number, seat, found)


def _known_problems(number: int, seat: Seat, found: list[str]) -> None:
    """Public knowledge of a hand (:attr:`~threeup3down.Seat.known`) names cards in it."""
    if seat.known != sort_cards(seat.known):
        found.append(f"seat {number}'s known cards must be sorted")
    if not _holds(seat.hand, seat.known):
        unheld = Counter(seat.known) - Counter(seat.hand)
        found.append(
            f"seat {number} is known to hold {_cards(unheld)} "
            f"but its hand is {format_cards(seat.hand)}"
        )


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds each of ``cards``, a card named twice twice."""
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            return False
    return True


def _cards(counts: Counter[Card]) -> str:
    return format_cards(sort_cards(counts.elements()))


def _pile_problems(state: GameState, found: list[str]) -> None:
    """P2, C1, C4, O7: the discard pile holds numbers laid in rising order, never
    three equal in a row, and a same-colour swap is offered only on four of a colour."""
    pile = state.discard_pile
    if any(card.rank.is_clear for card in pile):
        found.append("a Clear card lies on the discard pile, which it clears (C1)")
    elif len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank:
        found.append(f"the discard pile ends in three {pile[-1].rank.symbol}s, which clear it (C4)")
    else:
        _pile_order_problems(pile, found)
    if state.swap_offered:
        _swap_problems(state, found)


def _pile_order_problems(pile: tuple[Card, ...], found: list[str]) -> None:
    """P2: each card equals or beats the one below it; C4: three equal numbers
    in a row would have cleared the pile when the third was laid."""
    for below, above in zip(pile, pile[1:]):
        if above.rank < below.rank:
            found.append(
                f"the discard pile goes down from {below} to {above}, but plays equal or beat the top (P2)"
            )
            return
    for low, middle, high in zip(pile, pile[1:], pile[2:]):
        if low.rank == middle.rank == high.rank:
            found.append(f"the discard pile holds three {low.rank.symbol}s in a row, which cleared it (C4)")
            return


def _one_colour(cards: tuple[Card, ...]) -> bool:
    """Four cards, all of one colour (O7)."""
    return len(cards) == 4 and len({card.colour for card in cards}) == 1


def _run_under_a_pair(pile: tuple[Card, ...]) -> bool:
    """O7 with :attr:`Rules.colour_run_in_play`: a pile that does not clear ends in
    at most two equal numbers (C4), so a run completed inside the last play lies
    under the top card of a pair: the four cards below it are of one colour."""
    return len(pile) >= 5 and pile[-1].rank is pile[-2].rank and _one_colour(pile[-5:-1])


def _swap_problems(state: GameState, found: list[str]) -> None:
    """O7: the swap follows a play completing four cards of one colour on top,
    by a player holding both hand and 3UP cards."""
    if not state.rules.same_colour_swap:
        found.append("a same-colour swap is offered but O7 is off")
        return
    pile = state.discard_pile
    if not (_one_colour(pile[-4:]) or (state.rules.colour_run_in_play and _run_under_a_pair(pile))):
        found.append(
            "a same-colour swap is offered but the top four cards are not of one colour"
            + (" (nor the four under the top card of a pair)" if state.rules.colour_run_in_play else "")
            + " (O7)"
        )
    seat = state.seats[state.current_player]
    if not (seat.hand and seat.up):
        found.append("a same-colour swap is offered to a player without both hand and 3UP cards (O7)")


def _seat_order_problems(state: GameState, found: list[str]) -> None:
    """F2: 3DOWN cards are played only once every 3UP card is gone."""
    for number, seat in enumerate(state.seats):
        if seat.up and len(seat.down) < DOWN_CARDS:
            found.append(f"seat {number} has played a 3DOWN card but still has 3UP cards (F2)")


def _draw_problems(state: GameState, found: list[str]) -> None:
    """T4: every turn ends with a draw, so while the draw pile has cards only the
    player in the middle of a turn can hold cards with an empty hand."""
    if not state.draw_pile:
        return
    for number, seat in enumerate(state.seats):
        in_turn = state.phase is Phase.PLAY and number == state.current_player
        if not seat.hand and (seat.up or seat.down) and not in_turn:
            found.append(
                f"seat {number} has an empty hand while the draw pile has cards "
                "(T4: its last turn ended with a draw)"
            )


def _finished_problems(state: GameState, found: list[str]) -> None:
    """W1, O1: the seats listed as out are distinct and hold no cards.

    With places (O1) the game ends by listing the last player still holding
    cards too, in last place.
    """
    finished = state.finished
    places = state.rules.places_to_settle
    if finished:
        out = finished[:-1] if len(finished) == places and state.rules.places else finished
        if len(set(finished)) != len(finished) or not all(state.seats[s].is_out for s in out):
            found.append("fin must list distinct seats that have no cards left")
        if len(finished) > places:
            found.append(f"fin lists {len(finished)} seats but the game ends once {places} are out (W1, O1)")
    if state.phase is not Phase.SETUP:
        for number, seat in enumerate(state.seats):
            if seat.is_out and number not in finished:
                found.append(f"seat {number} has no cards but is not listed in fin")
                break


def _setup_problems(state: GameState, found: list[str]) -> None:
    """S2–S5, O5, O6: seats before the chooser have chosen, the others hold six cards."""
    chooser = state.current_player
    rules = state.rules
    chosen = {rules.up_receiver(seat) for seat in range(chooser)}  # O6: maybe the next seat's
    for number, seat in enumerate(state.seats):
        hand = CARDS_TO_CHOOSE - UP_CARDS if number < chooser else CARDS_TO_CHOOSE
        up = UP_CARDS if number in chosen else 0
        if (len(seat.hand), len(seat.up), len(seat.down)) != (hand, up, DOWN_CARDS):
            found.append(
                f"during setup seat {number} holds {hand} cards in hand, {up} 3UP and "
                f"3 3DOWN cards while seat {chooser} chooses (S2, S3)"
            )
            break
    if state.discard_pile or state.out_of_game:
        found.append("nothing is played during setup (S4)")
    if state.owed_plays or state.may_draw or state.swap_offered or state.may_decline or state.turn:
        found.append("no turn is taken during setup (S3)")
    if state.finished or state.direction != 1:
        found.append("nobody is out and play has not turned during setup (S3)")
    if any(seat.known for seat in state.seats):
        found.append("no card of a hand is known to the table during setup (S3)")
    if rules.pile_swap and not (
        len(state.pile_swap) == rules.players and is_pile_swap(state.pile_swap, rules.pile_swap_seats)
    ):
        which = "every seat" if rules.pile_swap_seats is PileSwapSeats.EVERY else "two or more seats"
        found.append(f"with O5 the pile swap (perm) must give {which} another seat's piles")
    if state.pile_swap and not rules.pile_swap:
        found.append("a pile swap (perm) is pending but O5 is off")


def _play_problems(state: GameState, found: list[str]) -> None:
    """T1–T4, C2, C5, O10: the player to move still holds cards and has a decision."""
    seat: Seat = state.seats[state.current_player]
    if state.current_player in state.finished:
        found.append(f"seat {state.current_player} is to play but has gone out")
    if not seat.hand and state.draw_pile and not state.owed_plays:
        found.append(
            "the player to move has an empty hand and the draw pile has cards, "
            "but owes no play (T4 would have drawn)"
        )
    room = len(seat.hand) < HAND_SIZE or state.rules.early_draw is EarlyDraw.ONE  # C2
    if state.may_draw and not (state.owed_plays and state.draw_pile and room):
        found.append("the early draw is offered where it would draw nothing (C2)")
    if state.may_decline and not (
        state.rules.clear_one_optional and state.owed_plays == 1 and not state.discard_pile
    ):
        found.append(
            "declining an extra play (decline) needs clear_one_optional and the one play "
            "a Clear +1 just granted, on the empty pile it left (C2)"
        )
    granted = sum(card.rank.extra_plays for card in state.out_of_game) if state.owed_plays else 0
    if state.owed_plays > granted:
        found.append(
            f"{state.owed_plays} plays are owed but the Clear +1 and Clear +2 cards out of "
            f"the game granted {granted} (C2, C3, C6)"
        )
    limit = state.rules.turn_limit
    if limit is not None and state.turn >= limit:
        found.append(f"turn {state.turn} has reached the turn limit of {limit}, which ends the game (O10)")
    # W1: the first seat out ends the game; O1: so does the last but one, the last taking last place
    ending = state.rules.players - 1 if state.rules.places else 1
    if len(state.finished) >= ending:
        out = len(state.finished)
        found.append(f"{out} {'seat is' if out == 1 else 'seats are'} out, which ends the game (W1, O1)")
    if state.pile_swap:
        found.append("the pile swap (perm) happens when setup ends (O5)")


def _over_problems(state: GameState, found: list[str]) -> None:
    """W1, O1, O10: a game ends decided, or undecided on its turn limit."""
    limit = state.rules.turn_limit
    if len(state.finished) != state.rules.places_to_settle and state.turn != limit:
        found.append("the game is over but is neither decided (W1, O1) nor at its turn limit (O10)")
    if limit is not None and state.turn > limit:
        found.append(f"turn {state.turn} is past the turn limit of {limit} (O10)")
    if state.owed_plays or state.may_draw or state.swap_offered or state.may_decline or state.pile_swap:
        found.append("nothing is owed or offered once the game is over (W1)")
