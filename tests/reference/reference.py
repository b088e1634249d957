"""An independent model of the rules, written from the rules specification
(docs/rules.rst) and its decisions rather than from the engine, to check the
engine against.

:func:`reference_moves` maps every legal move of a position, every colour
variant included, to the position it leads to, including what every player
then knows of each hand (the explanation page's "What players remember").
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs

from threeup3down import (
    Card,
    ChooseUp,
    ClearTwoDraw,
    EarlyDraw,
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
    Seat,
    Source,
    Swap,
)
from threeup3down.core.cards import sort_cards

__all__ = ["reference_moves"]

HAND_SIZE = 3
"""T4: a hand is filled up to three cards."""
EXTRA_PLAYS = {Rank.CLEAR_PLUS_1: 1, Rank.CLEAR_PLUS_2: 2}
"""C2, C3: the plays a Clear +1 or Clear +2 adds."""


def reference_moves(state: GameState) -> dict[Move, GameState]:
    """Every legal move of ``state`` (all colour variants) and the position it leads to."""
    if state.phase is Phase.OVER:
        return {}
    if state.phase is Phase.SETUP:
        return _choices(state)
    seat = state.seats[state.current_player]
    if state.swap_offered:
        return _swap_answers(state, seat)
    if state.may_draw and state.owed_plays and not seat.hand and state.draw_pile:  # C5
        return {Draw(): _early_draw(state, seat)}
    moves: dict[Move, GameState] = {}
    if state.may_draw:  # C2, C3
        moves[Draw()] = _early_draw(state, seat)
    if not seat.hand and state.draw_pile:  # F1, C5: no draw on offer, nothing to play: pick up
        return {PickUp(): _end_turn(state, Seat(sort_cards(state.discard_pile), seat.up, seat.down), pile=())}
    if state.may_decline:  # C2, clear_one_optional: decline the Clear +1's play, picking up the empty pile
        moves[PickUp()] = _end_turn(state, seat)
    if not (seat.hand or seat.up):  # F2, F3, F4
        for position in range(len(seat.down)):
            moves[FlipDown(position)] = _flip(state, seat, position)
        return moves
    plays = _plays(state, seat)
    moves.update(plays)
    if not plays:  # T3
        pile = state.discard_pile
        known = _knowing(seat.known, came=pile)
        moves[PickUp()] = _end_turn(state, Seat(sort_cards(seat.hand + pile), seat.up, seat.down, known), pile=())
    elif state.rules.draw_instead and not state.owed_plays and state.draw_pile:  # O2
        taken = Seat(sort_cards(seat.hand + state.draw_pile[-1:]), seat.up, seat.down, seat.known)
        moves[DrawInstead()] = _end_turn(state, taken, draw_pile=state.draw_pile[:-1])
    return moves


def _choices(state: GameState) -> dict[Move, GameState]:
    """S3, O5, O6: a seat puts three of its six cards face up, for itself or the next seat."""
    rules, chooser = state.rules, state.current_player
    seat = state.seats[chooser]
    moves: dict[Move, GameState] = {}
    for chosen in set(combinations(seat.hand, 3)):
        seats = list(state.seats)
        seats[chooser] = Seat(_without(seat.hand, chosen), seat.up, seat.down)
        receiver = (chooser + 1) % rules.players if rules.chosen_faces else chooser
        seats[receiver] = Seat(seats[receiver].hand, sort_cards(chosen), seats[receiver].down)
        if chooser + 1 < rules.players:
            moves[ChooseUp(chosen)] = attrs.evolve(state, current_player=chooser + 1, seats=tuple(seats))
            continue
        if state.pile_swap:
            seats = [Seat(seats[i].hand, seats[j].up, seats[j].down) for i, j in enumerate(state.pile_swap)]
        moves[ChooseUp(chosen)] = attrs.evolve(
            state, phase=Phase.PLAY, current_player=state.first_player, seats=tuple(seats), pile_swap=()
        )
    return moves


def _swap_answers(state: GameState, seat: Seat) -> dict[Move, GameState]:
    """O7: exchange a hand card for a different 3UP card, or keep; then the turn goes on or ends."""
    answers: dict[Move, Seat] = {DeclineSwap(): seat}
    for hand_card in set(seat.hand):
        for up_card in set(seat.up) - {hand_card}:
            answers[Swap(hand_card, up_card)] = Seat(
                sort_cards(_without(seat.hand, (hand_card,)) + (up_card,)),
                sort_cards(_without(seat.up, (up_card,)) + (hand_card,)),
                seat.down,
                _knowing(seat.known, gone=(hand_card,), came=(up_card,)),
            )
    if state.owed_plays:
        return {move: attrs.evolve(state, seats=_seats(state, after), swap_offered=False) for move, after in answers.items()}
    return {move: _end_turn(state, after) for move, after in answers.items()}


def _early_draw(state: GameState, seat: Seat) -> GameState:
    """C2, C3, C5: fill the hand to three (or take one card) from the top of the draw pile; no play is used."""
    wanted = 1 if state.rules.early_draw is EarlyDraw.ONE else HAND_SIZE - len(seat.hand)
    count = min(wanted, len(state.draw_pile))
    rest = state.draw_pile[: len(state.draw_pile) - count]
    drawn = state.draw_pile[len(rest) :]
    seats = _seats(state, Seat(sort_cards(seat.hand + drawn), seat.up, seat.down, seat.known))
    return attrs.evolve(state, seats=seats, draw_pile=rest, may_draw=False)


def _plays(state: GameState, seat: Seat) -> dict[Move, GameState]:
    """P1–P4, F1, F2: every set of equal numbers, or one Clear, from the hand (else 3UP) that is high enough."""
    source = Source.HAND if seat.hand else Source.UP
    cards = seat.hand or seat.up
    top = state.discard_pile[-1].rank if state.discard_pile else 0
    plays: dict[Move, GameState] = {}
    for size in range(1, len(cards) + 1):
        for chosen in set(combinations(cards, size)):
            rank = chosen[0].rank
            if any(card.rank != rank for card in chosen) or (size > 1 and rank.is_clear) or rank < top:
                continue
            rest = _without(cards, chosen)
            if source is Source.HAND:
                after = Seat(rest, seat.up, seat.down, _knowing(seat.known, gone=chosen))
            else:
                after = Seat(seat.hand, rest, seat.down, seat.known)
            plays[Play(chosen, source)] = _lay(state, after, sort_cards(chosen))
    return plays


def _flip(state: GameState, seat: Seat, position: int) -> GameState:
    """F3, F4: the turned card is played if it may be, else it and the pile are picked up."""
    card = seat.down[position]
    down = seat.down[:position] + seat.down[position + 1 :]
    pile = state.discard_pile
    if not pile or card.rank >= pile[-1].rank:
        return _lay(state, Seat((), (), down), (card,))
    return _end_turn(state, Seat(sort_cards(pile + (card,)), (), down, _knowing((), came=pile)), pile=())


def _lay(state: GameState, seat: Seat, cards: tuple[Card, ...]) -> GameState:
    """C1–C7, O1, O3, O7, W1: lay the cards, clear, owe, reverse, go out or offer the swap."""
    rules, player = state.rules, state.current_player
    rank = cards[0].rank
    pile, out = state.discard_pile + cards, state.out_of_game
    owed = max(state.owed_plays - 1, 0)
    if rank.is_clear or (len(pile) >= 3 and all(card.rank == rank for card in pile[-3:])):
        if rank not in EXTRA_PLAYS and rules.clear_ends_turn:  # C1, C4: GH's reading ends the turn
            owed = 0
        pile, out, owed = (), sort_cards(out + pile), owed + EXTRA_PLAYS.get(rank, 0)
    reversals = (len(cards) if rules.reverse_each_one else 1) if rank == Rank.ONE else 0
    direction = -state.direction if rules.reverse_on_one and reversals % 2 else state.direction
    if not seat.card_count:
        finished = state.finished + (player,)
        holding = [other for other in range(rules.players) if other not in finished]
        if rules.places and len(holding) > 1:
            return _end_turn(state, seat, pile=pile, out=out, direction=direction, finished=finished)
        if rules.places:
            finished += (holding[0],)
        return attrs.evolve(
            state, phase=Phase.OVER, seats=_seats(state, seat), discard_pile=pile, out_of_game=out,
            owed_plays=0, may_draw=False, may_decline=False, direction=direction, turn=state.turn + 1,
            finished=finished,
        )
    # O7: four of one colour on top, or (colour_run_in_play) on top as any laid card lands
    tops = range(len(pile) - len(cards) + 1, len(pile) + 1) if rules.colour_run_in_play else [len(pile)]
    run = any(top >= 4 and len({card.colour for card in pile[top - 4 : top]}) == 1 for top in tops)
    swap = rules.same_colour_swap and run and bool(seat.hand) and bool(seat.up)
    if not (owed or swap):
        return _end_turn(state, seat, pile=pile, out=out, direction=direction)
    room = len(seat.hand) < HAND_SIZE or rules.early_draw is EarlyDraw.ONE
    draw = bool(owed and state.draw_pile and room) and (
        rank in EXTRA_PLAYS or rules.clear_two_draw is ClearTwoDraw.EACH
    )
    return attrs.evolve(
        state, seats=_seats(state, seat), discard_pile=pile, out_of_game=out, owed_plays=owed,
        may_draw=draw, swap_offered=swap, direction=direction,
        # C2, clear_one_optional: a Clear +1 that leaves one play owed, its own, lets it be declined
        may_decline=rules.clear_one_optional and rank == Rank.CLEAR_PLUS_1 and owed == 1,
    )


def _end_turn(
    state: GameState,
    seat: Seat,
    *,
    pile: tuple[Card, ...] | None = None,
    out: tuple[Card, ...] | None = None,
    draw_pile: tuple[Card, ...] | None = None,
    direction: int | None = None,
    finished: tuple[int, ...] | None = None,
) -> GameState:
    """T1, T4, S6, O1, O3, O10: draw up to three, count the turn, pass to the next seat holding cards."""
    draw_pile = state.draw_pile if draw_pile is None else draw_pile
    direction = state.direction if direction is None else direction
    finished = state.finished if finished is None else finished
    if seat.card_count and len(seat.hand) < HAND_SIZE:
        count = min(HAND_SIZE - len(seat.hand), len(draw_pile))
        rest = draw_pile[: len(draw_pile) - count]
        seat = Seat(sort_cards(seat.hand + draw_pile[len(rest) :]), seat.up, seat.down, seat.known)
        draw_pile = rest
    turn = state.turn + 1
    over = state.rules.turn_limit is not None and turn >= state.rules.turn_limit
    following = state.current_player
    if not over:
        following = (following + direction) % state.rules.players
        while following in finished:
            following = (following + direction) % state.rules.players
    return attrs.evolve(
        state,
        phase=Phase.OVER if over else Phase.PLAY,
        current_player=following,
        seats=_seats(state, seat),
        draw_pile=draw_pile,
        discard_pile=state.discard_pile if pile is None else pile,
        out_of_game=state.out_of_game if out is None else out,
        owed_plays=0,
        may_draw=False,
        swap_offered=False,
        may_decline=False,
        direction=direction,
        turn=turn,
        finished=finished,
    )


def _seats(state: GameState, seat: Seat) -> tuple[Seat, ...]:
    """The seats with the player to move's replaced."""
    seats = list(state.seats)
    seats[state.current_player] = seat
    return tuple(seats)


def _knowing(
    known: tuple[Card, ...], *, gone: tuple[Card, ...] = (), came: tuple[Card, ...] = ()
) -> tuple[Card, ...]:
    """What every player knows of a hand after seeing ``gone`` leave it and ``came`` go in:
    one known copy fewer per card gone (D3: twins cannot be told apart), one more per card come."""
    counts = Counter(known)
    counts.subtract(gone)
    counts = +counts
    counts.update(came)
    return sort_cards(counts.elements())


def _without(cards: tuple[Card, ...], taken: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` less one copy of each of ``taken``."""
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return tuple(rest)
