"""The game engine: :func:`legal_moves` and :func:`apply`.

These are pure functions over frozen values: :func:`apply` returns the next
state and never changes the one it is given. Each rule lives in one function
below, named in its docstring by its ID in the rules specification.

>>> from threeup3down import Rules, new_game
>>> state = new_game(Rules(players=2), seed=7)
>>> state.phase.value, state.current_player, len(state.seats[0].hand)
('setup', 0, 6)
>>> state = apply(state, legal_moves(state)[0])
>>> state.current_player, len(state.seats[0].up)
(1, 3)

The order of :func:`legal_moves` is fixed: ``draw``, ``take``, the 3UP
choices (setup) or swaps (O7) in card order followed by ``keep``, plays in
card order (by rank, then by how many cards, then colours), flips by position,
and ``pick``.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import assert_never, get_args


from threeup3down.core.cards import Card, Rank, format_cards, sort_key
from threeup3down.core.errors import IllegalMoveError, ThreeUpError
from threeup3down.core.i18n import N_, Message, message
from threeup3down.core.memos import CARD_PLAYS, CHOICES, PICKERS, RUN_PLAYS, Picker
from threeup3down.core.moves import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    Move,
    PickUp,
    Play,
    Source,
    Swap,
)
from threeup3down.core.rules import DOWN_CARDS, HAND_SIZE, UP_CARDS, ClearTwoDraw, EarlyDraw, Rules
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState, Seat, make_seat, make_state, replace_state

__all__ = ["apply", "is_legal", "legal_moves", "legal_moves_seen"]

_DRAW = Draw()
_DRAW_INSTEAD = DrawInstead()
_PICK_UP = PickUp()
_DECLINE = DeclineSwap()
_FLIPS = tuple(FlipDown(position) for position in range(DOWN_CARDS))
_CLEAR = Rank.CLEAR
_CLEAR_PLUS_1 = Rank.CLEAR_PLUS_1
_ONE = Rank.ONE
_HAND = Source.HAND
_UP = Source.UP
_SETUP = Phase.SETUP
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_EACH = ClearTwoDraw.EACH
_ONE_CARD = EarlyDraw.ONE
_NO_CARDS = Seat()
_MOVE_TYPES = get_args(Move)


# --------------------------------------------------------------- legal moves


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every distinct legal move of the player to move, in a fixed order.

    Moves that differ only in which of two identical cards they use are one
    move (D3). While no active rule looks at colours, moves that differ only
    in colour are listed once, using the first cards in card order;
    :func:`apply` accepts the other colours as well. The tuple is empty
    exactly when the game is over.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> [str(move) for move in legal_moves(state)]
    ['7g', '7g,7r', 'Cb']
    """
    seat = state.seats[state.current_player]
    return legal_moves_seen(
        state.rules, state.phase, seat.hand, seat.up, len(seat.down), len(state.draw_pile),
        state.discard_pile, state.owed_plays, state.may_draw, state.swap_offered, state.may_decline,
    )


def legal_moves_seen(
    rules: Rules,
    phase: Phase,
    hand: tuple[Card, ...],
    up: tuple[Card, ...],
    down: int,
    draw_pile: int,
    discard_pile: tuple[Card, ...],
    owed_plays: int,
    may_draw: bool,
    swap_offered: bool,
    may_decline: bool = False,
) -> tuple[Move, ...]:
    """:func:`legal_moves`, from what the player to move sees: their hand and 3UP
    cards, how many 3DOWN cards they have and how many cards the draw pile holds,
    the discard pile, the extra plays owed and the offers (C2, O7; ``may_decline``:
    the extra play of a Clear +1 may be declined, new in 0.4.0). No hidden
    card decides a move, so an :class:`~threeup3down.Observation` lists its
    seat's moves with this.

    >>> from threeup3down import Phase, Rules, parse_cards
    >>> moves = legal_moves_seen(
    ...     Rules(players=2), Phase.PLAY, parse_cards("4g,7g,7r,Cb"), (), 0, 0,
    ...     parse_cards("5r"), 0, False, False)
    >>> [str(move) for move in moves]
    ['7g', '7g,7r', 'Cb']
    """
    if phase is not _PLAY:
        return _setup_moves(hand, rules) if phase is _SETUP else ()
    if swap_offered:
        return _swap_moves(hand, up)
    if owed_plays and _must_draw(may_draw, owed_plays, hand, draw_pile):  # C5 only ever applies to owed plays
        return (_DRAW,)
    moves: list[Move] = [_DRAW] if may_draw else []
    source = _source(hand, up, draw_pile)
    if source is None:
        moves.extend(_FLIPS[:down])
        if may_decline:  # C2: declining picks up the empty pile
            moves.append(_PICK_UP)
        return tuple(moves)
    listed = len(moves)
    _plays(moves, hand if source is _HAND else up, _top_rank(discard_pile), source, rules)
    if len(moves) == listed:
        moves.append(_PICK_UP)
    elif rules.draw_instead and not owed_plays and draw_pile:
        moves.insert(listed, _DRAW_INSTEAD)  # O2: a card instead of a turn's first play
    elif may_decline:  # C2: declining picks up the empty pile
        moves.append(_PICK_UP)
    return tuple(moves)


def _setup_moves(hand: tuple[Card, ...], rules: Rules) -> tuple[Move, ...]:
    """S3: choose three of the six dealt cards."""
    moves: list[Move] = []
    for cards in _distinct_subsets(hand, UP_CARDS, rules.colour_matters):
        move = CHOICES.table.get(cards)
        moves.append(move if move is not None else CHOICES.remember(cards, ChooseUp(cards)))
    return tuple(moves)

_SHORT = 8
"""Up to this many cards, :func:`_plays` walks a hand from its first card
rather than searching for the first playable rank."""


def _plays(
    plays: list[Move],
    cards: tuple[Card, ...],
    top: int,
    source: Source,
    rules: Rules,
) -> None:
    """P2, P3: add to ``plays`` the distinct plays from sorted ``cards`` onto a
    pile topped by ``top``: those of each run of equal ranks that equals or beats it.
    Whether colours matter is read only for a run of several cards."""
    singles = CARD_PLAYS[source is _UP].table
    count = len(cards)
    if count > _SHORT:  # the first card of a rank >= top, searched for or walked to
        start = bisect_left(cards, 3 * top, key=sort_key)
    else:
        start = 0
        while start < count and cards[start].rank < top:
            start += 1
    while start < count:  # the cards are sorted: every run from here is playable
        card = cards[start]
        rank = card.rank
        end = start + 1
        while end < count and cards[end].rank is rank:
            end += 1
        if end == start + 1:
            play = singles.get(card)
            if play is None:
                (play,) = _run_plays((card,), source, rules.colour_matters)
                CARD_PLAYS[source is _UP].remember(card, play)
            plays.append(play)
        else:
            colour_matters = rules.colour_matters
            memo = RUN_PLAYS[source is _UP][colour_matters]
            run = cards[start:end]
            listed = memo.table.get(run)
            if listed is None:
                listed = memo.remember(run, _run_plays(run, source, colour_matters))
            plays += listed
        start = end


def _run_plays(run: tuple[Card, ...], source: Source, colour_matters: bool) -> tuple[Play, ...]:
    """P1, P4, D3: the distinct plays from ``run``, sorted cards of one rank: one
    card or several, a Clear kind only one at a time; by how many cards, then colours."""
    largest = 1 if run[0].rank >= _CLEAR else len(run)  # P4
    return tuple(
        Play(cards, source)
        for size in range(1, largest + 1)
        for cards in (_distinct_subsets(run, size, True) if colour_matters else (run[:size],))
    )


def _distinct_subsets(
    cards: tuple[Card, ...], size: int, colour_matters: bool
) -> list[tuple[Card, ...]]:
    """D3: the distinct ``size``-card multisets of sorted ``cards``, in card order
    (most of the first kind first); with colours irrelevant, one per multiset of
    ranks, using the first cards of each rank."""
    lengths: list[int] = []
    previous: object = None
    for card in cards:
        alike = card if colour_matters else card.rank
        if alike is previous:
            lengths[-1] += 1
        else:
            lengths.append(1)
            previous = alike
    shape = (tuple(lengths), size)
    pickers = PICKERS.table.get(shape)
    if pickers is None:
        pickers = PICKERS.remember(shape, _pickers(*shape))
    return [pick(cards) for pick in pickers]


def _pickers(lengths: tuple[int, ...], size: int) -> tuple[Picker, ...]:
    """Each way to take ``size`` cards from runs of ``lengths`` alike cards, as a
    function picking those positions (the first ones of each run)."""
    starts = [sum(lengths[:index]) for index in range(len(lengths))]
    pickers = []
    for takes in _takes(lengths, size):
        positions = [start + offset for start, taken in zip(starts, takes) for offset in range(taken)]
        pickers.append(_picker(positions))
    return tuple(pickers)


def _picker(positions: list[int]) -> Picker:
    if len(positions) == 1:
        (position,) = positions
        return lambda cards: (cards[position],)
    return itemgetter(*positions)


def _takes(lengths: tuple[int, ...], size: int) -> Iterator[tuple[int, ...]]:
    """How many to take of each run, ``size`` in all, most of the first run first."""
    if not lengths:
        if size == 0:
            yield ()
        return
    for taken in range(min(lengths[0], size), -1, -1):
        for rest in _takes(lengths[1:], size - taken):
            yield (taken, *rest)


def _swap_moves(hand: tuple[Card, ...], up: tuple[Card, ...]) -> tuple[Move, ...]:
    """O7: every distinct hand/3UP exchange, then declining."""
    swaps = [
        Swap(hand_card, up_card)
        for hand_card in dict.fromkeys(hand)
        for up_card in dict.fromkeys(up)
        if hand_card is not up_card  # a twin swap changes nothing: it is keep (D3)
    ]
    return (*swaps, _DECLINE)


# ------------------------------------------------------------------ the rules


def _must_draw(may_draw: bool, owed_plays: int, hand: tuple[Card, ...], draw_pile: int) -> bool:
    """C5: a player who owes a play with an empty hand draws before playing, when
    the early draw is on offer (C2, C3). Where it is not (after the first extra
    play under :attr:`ClearTwoDraw.FIRST`), the player cannot play and picks up."""
    return bool(may_draw and owed_plays and not hand and draw_pile)


def _source(hand: tuple[Card, ...], up: tuple[Card, ...], draw_pile: int) -> Source | None:
    """F1, F2: where the player plays from: the hand while it or the draw pile
    holds cards (an empty hand with cards still to draw plays nothing, C5), then
    the 3UP cards, then the 3DOWN cards (``None``: a flip)."""
    if hand or draw_pile:
        return _HAND
    return _UP if up else None


def _can_play(state: GameState, seat: Seat) -> bool:
    """T2, T3: whether the player has any legal play (a flip always is one)."""
    source = _source(seat.hand, seat.up, len(state.draw_pile))
    if source is None:
        return bool(seat.down)
    cards = seat.hand if source is _HAND else seat.up
    return bool(cards) and cards[-1].rank >= _top_rank(state.discard_pile)


def _top_rank(pile: tuple[Card, ...]) -> int:
    """P2, P3: the rank a play must equal or beat; 0 on an empty pile, so anything
    plays there, and the Clear kinds rank above every number."""
    return pile[-1].rank if pile else 0


def _early_draw_offered(state: GameState, rank: Rank, owed: int, hand: tuple[Card, ...]) -> bool:
    """C2, C3: after a Clear +1/+2 (or, with :attr:`ClearTwoDraw.EACH`, before
    each owed play) the player may draw, when that would draw something."""
    if not owed or not state.draw_pile:
        return False
    if len(hand) >= HAND_SIZE and state.rules.early_draw is not _ONE_CARD:
        return False
    return rank.extra_plays > 0 or state.rules.clear_two_draw is _EACH


def _early_draw(
    rules: Rules, hand: tuple[Card, ...], draw_pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """C2: the early draw refills the hand to three, or with :attr:`EarlyDraw.ONE`
    takes the top card of the draw pile."""
    if rules.early_draw is _ONE_CARD:
        return _merged(hand, draw_pile[-1:]), draw_pile[:-1]
    return _draw_to_three(hand, draw_pile)


def _owed_after_clear(rules: Rules, owed: int, rank: Rank) -> int:
    """C1–C5: the plays still owed once ``rank`` has cleared the pile. A Clear +1
    or Clear +2 adds its own (C2, C3); a Clear or three of a kind leaves them owed
    (C5) or, with :attr:`Rules.clear_ends_turn` (GH), ends the turn (C1, C4)."""
    if rank.extra_plays:
        return owed + rank.extra_plays
    return 0 if rules.clear_ends_turn else owed


def _direction_after_ones(rules: Rules, direction: int, ones: int) -> int:
    """O3: a play of ``ones`` 1s reverses the direction once, or with
    :attr:`Rules.reverse_each_one` once for each 1."""
    if rules.reverse_each_one and ones % 2 == 0:
        return direction
    return -direction


def _completes_colour_run(pile: tuple[Card, ...]) -> bool:
    """O7: the top four cards of the discard pile share a colour."""
    return len(pile) >= 4 and pile[-1].colour is pile[-2].colour is pile[-3].colour is pile[-4].colour


def _offers_swap(rules: Rules, pile: tuple[Card, ...], laid: int) -> bool:
    """O7: a play that leaves ``pile`` standing, its last ``laid`` cards just laid,
    completed a run of four of one colour: on top, or with
    :attr:`Rules.colour_run_in_play` when any of those cards was laid (P1: in
    card order). A pile the play cleared holds no run."""
    if _completes_colour_run(pile):
        return True
    if not rules.colour_run_in_play:
        return False
    return any(_completes_colour_run(pile[:end]) for end in range(len(pile) - laid + 1, len(pile)))


def _draw_to_three(hand: tuple[Card, ...], draw_pile: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """T4: draw from the top of the draw pile until the hand holds three cards
    (the callers draw only for a hand of fewer than three)."""
    split = len(draw_pile) - HAND_SIZE + len(hand)
    if split < 0:
        split = 0
    return _merged(hand, draw_pile[split:]), draw_pile[:split]


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def _merged(cards: tuple[Card, ...], more: tuple[Card, ...]) -> tuple[Card, ...]:
    """The sorted ``cards`` with ``more`` added, sorted: equal to ``_sorted(cards + more)``
    but without re-sorting a long multiset (the out-of-game cards) for a few new ones.
    Each card goes after the cards it does not precede: found by a search in a long
    multiset, by a walk in a short one (a hand)."""
    merged = list(cards)
    if len(merged) > _SHORT:
        for card in more:
            insort(merged, card, key=sort_key)
        return tuple(merged)
    for card in more:
        order = card.order
        index = 0
        for held in merged:
            if held.order > order:
                break
            index += 1
        merged.insert(index, card)
    return tuple(merged)


# --------------------------------------------------------------------- apply


def apply(state: GameState, move: Move) -> GameState:
    """The state after the player to move makes ``move``.

    ``state`` is never changed. A move the rules do not allow raises
    :class:`~threeup3down.IllegalMoveError` naming the rule it breaks.

    >>> from threeup3down import GameState, Rules, parse_move
    >>> state = GameState.from_notation("play 0 7r,9g,9b|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> after = apply(state, parse_move("9g,9b"))
    >>> after.discard_pile, after.current_player
    ((Card.GREEN_8, Card.GREEN_9, Card.BLUE_9), 1)
    >>> state.discard_pile
    (Card.GREEN_8,)
    """
    if state.phase is _PLAY and not (state.swap_offered or state.owed_plays):
        # The common case, dispatched directly: the checks below pass (no setup,
        # no swap on offer, no owed play, so no C5 draw first).
        if type(move) is Play:
            return _apply_play(state, state.seats[state.current_player], move)
        if type(move) is PickUp:
            return _apply_pick_up(state, state.seats[state.current_player], move)
    if not isinstance(move, _MOVE_TYPES):
        raise ThreeUpError(
            f"not a move: {move!r} (moves are Move values; parse_move() reads notation such as '9g')"
        )
    if state.phase is not _PLAY:
        if state.phase is _OVER:
            raise IllegalMoveError(
                message("cannot %(attempt)s: the game is over", attempt=_describe(move)), rule="W1"
            )
        if not isinstance(move, ChooseUp):
            raise IllegalMoveError(
                message(
                    "cannot %(attempt)s during setup: player %(player)s chooses 3UP cards",
                    to_you=N_("cannot %(attempt)s during setup: you choose 3UP cards"),
                    attempt=_describe(move), player=state.current_player,
                ),
                rule="S3",
            )
        return _choose_up(state, move)
    seat = state.seats[state.current_player]
    if state.swap_offered and not isinstance(move, (Swap, DeclineSwap)):
        raise IllegalMoveError(
            message(
                "cannot %(attempt)s: player %(player)s first swaps or keeps (O7)",
                to_you=N_("cannot %(attempt)s: you first swap or keep (O7)"),
                attempt=_describe(move), player=state.current_player,
            ),
            rule="O7",
        )
    must_draw = _must_draw(state.may_draw, state.owed_plays, seat.hand, len(state.draw_pile))
    if must_draw and not isinstance(move, Draw):
        raise IllegalMoveError(
            message(
                "cannot %(attempt)s: player %(player)s owes a play with an empty hand and must draw first",
                to_you=N_("cannot %(attempt)s: you owe a play with an empty hand and must draw first"),
                attempt=_describe(move), player=state.current_player,
            ),
            rule="C5",
        )
    match move:
        case Play():
            return _apply_play(state, seat, move)
        case FlipDown():
            return _apply_flip(state, seat, move)
        case PickUp():
            return _apply_pick_up(state, seat, move)
        case Draw():
            return _apply_draw(state, seat, move)
        case DrawInstead():
            return _apply_draw_instead(state, seat, move)
        case Swap():
            return _apply_swap(state, seat, move)
        case DeclineSwap():
            return _apply_decline(state, seat, move)
        case ChooseUp():
            raise _refuse(state, move, message("3UP cards are chosen only during setup"), "S3")
        case _:
            assert_never(move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether :func:`apply` accepts ``move`` in ``state``.

    >>> from threeup3down import GameState, Rules, parse_move
    >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> is_legal(state, parse_move("9g")), is_legal(state, parse_move("7r"))
    (True, False)
    """
    try:
        apply(state, move)
    except IllegalMoveError:
        return False
    return True


def _describe(move: Move) -> Message:
    """The move a refusal names, as a player reads it (cards in notation)."""
    match move:
        case ChooseUp():
            return message("choose %(cards)s as 3UP cards", cards=format_cards(move.cards))
        case Play():
            if move.source is _UP:
                return message("play %(cards)s from 3UP", cards=format_cards(move.cards))
            return message("play %(cards)s", cards=format_cards(move.cards))
        case FlipDown():
            return message("turn over 3DOWN card %(position)s", position=move.position)
        case PickUp():
            return message("pick up the discard pile")
        case Draw():
            return message("draw")
        case DrawInstead():
            return message("take a card instead of playing")
        case Swap():
            return message("swap %(hand_card)s for 3UP %(up_card)s", hand_card=str(move.hand_card), up_card=str(move.up_card))
        case DeclineSwap():
            return message("decline the swap")
        case _:
            assert_never(move)


def _refuse(state: GameState, move: Move, why: Message, rule: str) -> IllegalMoveError:
    return IllegalMoveError(
        message(
            "player %(player)s cannot %(attempt)s: %(why)s", to_you=N_("you cannot %(attempt)s: %(why)s"),
            player=state.current_player, attempt=_describe(move), why=why,
        ),
        rule=rule,
    )


def _listed(cards: tuple[Card, ...]) -> str | Message:
    """Cards for a refusal message: ``7r,9g``, or ``none``."""
    return format_cards(cards) if cards else message("none")


def _positions(count: int) -> Message:
    """The 3DOWN positions a player has, for a refusal message (one at least:
    with none left, F1 or W1 refuses first)."""
    return message("the only one is 0") if count == 1 else message("they are 0 to %(last)s", last=count - 1)


def _find(cards: Sequence[Card], card: Card) -> int:
    """Where ``card`` first lies in sorted ``cards``, or -1: by identity (cards are
    singletons), walking a short sequence and searching a long one by card order.
    Much cheaper than ``cards.index``, whose ``==`` goes through the card
    ordering methods."""
    if len(cards) > _SHORT:
        index = bisect_left(cards, card.order, key=sort_key)
        return index if index < len(cards) and cards[index] is card else -1
    index = 0
    for held in cards:
        if held is card:
            return index
        index += 1
    return -1


def _take(cards: tuple[Card, ...], taken: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """Sorted ``cards`` less ``taken``, or ``None`` if ``cards`` does not hold them all."""
    if len(taken) == 1:  # the common case, with _find inlined for a short hand
        card = taken[0]
        if len(cards) > _SHORT:
            index = _find(cards, card)
            return None if index < 0 else cards[:index] + cards[index + 1 :]
        index = 0
        for held in cards:
            if held is card:
                if index == 0:
                    return cards[1:]
                if index == len(cards) - 1:
                    return cards[:index]
                return cards[:index] + cards[index + 1 :]
            index += 1
        return None
    remaining = list(cards)
    for card in taken:
        index = _find(remaining, card)
        if index < 0:
            return None
        del remaining[index]
    return tuple(remaining)


def _choose_up(state: GameState, move: ChooseUp) -> GameState:
    """S3 (and O6): the seat to choose puts three of its six cards face up."""
    player = state.current_player
    seat = state.seats[player]
    if len(move.cards) != UP_CARDS:
        raise _refuse(state, move, message("exactly %(count)s cards are chosen", count=UP_CARDS), "S3")
    hand = _take(seat.hand, move.cards)
    if hand is None:
        raise _refuse(state, move, message("they are not all among the cards dealt, %(cards)s", cards=format_cards(seat.hand)), "S3")
    receiver = state.rules.up_receiver(player)  # O6
    seats = list(state.seats)
    seats[player] = Seat(hand=hand, up=seat.up, down=seat.down)
    seats[receiver] = Seat(hand=seats[receiver].hand, up=move.cards, down=seats[receiver].down)
    if player + 1 < state.rules.players:
        return replace_state(state, current_player=player + 1, seats=tuple(seats))
    if state.pile_swap:  # O5
        seats = [
            Seat(hand=seat.hand, up=seats[source].up, down=seats[source].down)
            for seat, source in zip(seats, state.pile_swap)
        ]
    return replace_state(
        state, phase=_PLAY, current_player=state.first_player, seats=tuple(seats), pile_swap=()
    )


def _apply_play(state: GameState, seat: Seat, move: Play) -> GameState:
    """P1–P4, F1, F2: play cards of one number (or one Clear) from one place."""
    cards = move.cards
    if not cards:
        raise _refuse(state, move, message("a play needs at least one card"), "P1")
    if move.source is _HAND:
        remaining = _take(seat.hand, cards)
        if remaining is None:
            _check_up_open(state, seat, move)
            raise _refuse(state, move, message("they are not all in the hand, which holds %(cards)s", cards=_listed(seat.hand)), "P1")
        hand, up, known = remaining, seat.up, seat.known and _known_less(seat.known, cards)
    else:
        _check_up_open(state, seat, move)
        remaining = _take(seat.up, cards)
        if remaining is None:
            raise _refuse(state, move, message("they are not all among the 3UP cards, %(cards)s", cards=_listed(seat.up)), "P1")
        hand, up, known = seat.hand, remaining, seat.known
    rank = cards[0].rank
    if len(cards) > 1:  # the cards are sorted: the last has the highest rank
        if cards[-1].rank >= _CLEAR:
            raise _refuse(state, move, message("Clear cards are played one at a time"), "P4")
        if cards[-1].rank is not rank:
            raise _refuse(state, move, message("a play is one card or several of the same number"), "P1")
    if rank < _top_rank(state.discard_pile):
        raise _lower_than_top(state, move, rank)
    return _lay(state, hand, up, seat.down, cards, known)


def _check_up_open(state: GameState, seat: Seat, move: Play) -> None:
    """F1: 3UP cards play only once the hand and the draw pile are empty, and never
    together with hand cards. A play from 3UP, or a hand play naming cards that
    only the 3UP cards make up, is refused citing F1 while that is not so."""
    if _source(seat.hand, seat.up, len(state.draw_pile)) is not _HAND:
        return
    if move.source is _HAND and _take(_sorted(seat.hand + seat.up), move.cards) is None:
        return
    raise _refuse(
        state, move,
        message("3UP cards are played only once the hand and the draw pile are empty, never with hand cards"), "F1"
    )


def _lower_than_top(state: GameState, move: Move, rank: Rank) -> IllegalMoveError:
    """P2: the refusal of a play of ``rank``, lower than the top of the discard pile
    (P2, P3: a number must equal or beat the top number; Clears always play)."""
    top = state.discard_pile[-1].rank
    return _refuse(
        state,
        move,
        message("a %(rank)s is lower than the %(top)s on top of the discard pile", rank=rank.symbol, top=top.symbol),
        "P2",
    )


def _apply_flip(state: GameState, seat: Seat, move: FlipDown) -> GameState:
    """F1–F4: turn over a 3DOWN card; play it if it is legal, else pick up."""
    source = _source(seat.hand, seat.up, len(state.draw_pile))
    if source is _HAND:
        raise _refuse(
            state, move, message("3DOWN cards are played only once the hand and the draw pile are empty"), "F1"
        )
    if source is _UP:
        raise _refuse(state, move, message("all 3UP cards are played before any 3DOWN card"), "F2")
    if not 0 <= move.position < len(seat.down):
        raise _refuse(state, move, message(
            "there is no 3DOWN card %(position)s (%(positions)s)", position=move.position,
            positions=_positions(len(seat.down)),
        ), "F3")
    card = seat.down[move.position]
    down = seat.down[: move.position] + seat.down[move.position + 1 :]
    if card.rank >= _top_rank(state.discard_pile):
        return _lay(state, (), (), down, (card,), ())
    hand = _sorted(state.discard_pile + (card,))  # F4: all see the pile go in, not the card
    return _end_turn(
        state, hand, (), down, (), state.out_of_game, state.draw_pile, state.direction,
        state.finished, _known_plus(seat.known, state.discard_pile),
    )


def _apply_pick_up(state: GameState, seat: Seat, move: PickUp) -> GameState:
    """T2, T3: a player who cannot play picks up the whole discard pile. C2, with
    :attr:`Rules.clear_one_optional`: a player declining the extra play of a Clear
    +1 picks up the empty pile, which ends the turn."""
    if _can_play(state, seat) and not state.may_decline:
        why = (
            message("a play is possible, and a player who can play must play rather than pick up")
            if state.discard_pile
            else message(
                "the discard pile is empty, so any card may be played on it, and a player who can play "
                "must play rather than pick up"
            )
        )
        raise _refuse(state, move, why, "T2")
    hand = _sorted(seat.hand + state.discard_pile)
    return _end_turn(
        state, hand, seat.up, seat.down, (), state.out_of_game, state.draw_pile,
        state.direction, state.finished, _known_plus(seat.known, state.discard_pile),
    )


def _apply_draw(state: GameState, seat: Seat, move: Draw) -> GameState:
    """C2, C3, C5: the early draw before an owed play; no play is used. A refusal
    cites C2 (nothing owed), then T4 (nothing to draw), then C3 (not on offer)."""
    if not state.owed_plays:
        raise _refuse(state, move, message("an early draw follows only a Clear +1 or Clear +2"), "C2")
    if not state.draw_pile:
        raise _refuse(state, move, message("the draw pile is empty"), "T4")
    if len(seat.hand) >= HAND_SIZE and state.rules.early_draw is not _ONE_CARD:
        raise _refuse(state, move, message("the hand already holds three cards or more"), "T4")
    if not state.may_draw:
        each = state.rules.clear_two_draw is _EACH
        why = (
            message("the early draw comes once, before each extra play")
            if each
            else message("the early draw comes once, before the first extra play")
        )
        raise _refuse(state, move, why, "C3")
    hand, draw_pile = _early_draw(state.rules, seat.hand, state.draw_pile)
    drawn = Seat(hand=hand, up=seat.up, down=seat.down, known=seat.known)
    return replace_state(state, seats=_replace_seat(state, drawn), draw_pile=draw_pile, may_draw=False)


def _apply_draw_instead(state: GameState, seat: Seat, move: DrawInstead) -> GameState:
    """O2: take one card instead of playing; the turn ends."""
    if not state.rules.draw_instead:
        raise _refuse(state, move, message("drawing instead of playing is an optional rule that is off"), "O2")
    if state.owed_plays or not state.draw_pile:
        why = (
            message("the extra plays owed for a Clear +1 or Clear +2 come first")
            if state.owed_plays
            else message("the draw pile is empty")
        )
        raise _refuse(state, move, why, "O2")
    if not _can_play(state, seat):
        raise _refuse(state, move, message("no play is possible, and a player who cannot play picks up the pile"), "T3")
    hand = _merged(seat.hand, state.draw_pile[-1:])
    return _end_turn(
        state, hand, seat.up, seat.down, state.discard_pile, state.out_of_game,
        state.draw_pile[:-1], state.direction, state.finished, seat.known,
    )


def _apply_swap(state: GameState, seat: Seat, move: Swap) -> GameState:
    """O7: exchange one hand card with one 3UP card."""
    if not state.swap_offered:
        raise _refuse(state, move, message("no run of four cards of one colour was just completed"), "O7")
    if move.hand_card is move.up_card:
        raise _refuse(state, move, message("swapping a card for an identical one changes nothing (keep)"), "O7")
    hand = _take(seat.hand, (move.hand_card,))
    up = _take(seat.up, (move.up_card,))
    if hand is None or up is None:
        raise _refuse(
            state, move, message(
                "the hand holds %(hand)s and the 3UP cards are %(up)s", hand=_listed(seat.hand), up=_listed(seat.up)
            ), "O7"
        )
    known = _known_plus(_known_less(seat.known, (move.hand_card,)), (move.up_card,))
    swapped = Seat(
        hand=_sorted(hand + (move.up_card,)), up=_sorted(up + (move.hand_card,)), down=seat.down,
        known=known,
    )
    return _after_swap(state, swapped)


def _apply_decline(state: GameState, seat: Seat, move: DeclineSwap) -> GameState:
    """O7: keep the cards as they are."""
    if not state.swap_offered:
        raise _refuse(state, move, message("no same-colour swap is on offer"), "O7")
    return _after_swap(state, seat)


def _after_swap(state: GameState, seat: Seat) -> GameState:
    if state.owed_plays:
        return replace_state(state, seats=_replace_seat(state, seat), swap_offered=False)
    return _end_turn(
        state, seat.hand, seat.up, seat.down, state.discard_pile, state.out_of_game,
        state.draw_pile, state.direction, state.finished, seat.known,
    )


# ------------------------------------------------------- consequences of a play


def _lay(
    state: GameState,
    hand: tuple[Card, ...],
    up: tuple[Card, ...],
    down: tuple[Card, ...],
    cards: tuple[Card, ...],
    known: tuple[Card, ...],
) -> GameState:
    """Put ``cards`` on the discard pile, the player left holding ``hand``, ``up``
    and ``down`` (``known`` of the hand public), and settle what follows
    (C1–C7, O3, O7, W1)."""
    rules = state.rules
    rank = cards[0].rank
    pile = state.discard_pile + cards
    out_of_game = state.out_of_game
    owed = state.owed_plays - 1 if state.owed_plays else 0
    if rank >= _CLEAR or (len(pile) >= 3 and pile[-2].rank is rank and pile[-3].rank is rank):
        # C1–C4: a Clear kind, or a run of three or more equal numbers, clears the pile
        out_of_game = _merged(out_of_game, pile)  # C1, C4, C6
        pile = ()
        owed = _owed_after_clear(rules, owed, rank)  # C1–C5
    direction = state.direction
    if rank is _ONE and rules.reverse_on_one:  # O3
        direction = _direction_after_ones(rules, direction, len(cards))
    if not (hand or up or down):  # W1, C7
        return _go_out(state, pile, out_of_game, direction)
    swap = rules.same_colour_swap and bool(hand and up) and _offers_swap(rules, pile, len(cards))
    if owed or swap:  # the turn goes on
        return make_state(
            rules=rules,
            phase=_PLAY,
            current_player=state.current_player,
            seats=_replace_seat(state, make_seat(hand, up, down, known)),
            draw_pile=state.draw_pile,
            discard_pile=pile,
            out_of_game=out_of_game,
            owed_plays=owed,
            may_draw=_early_draw_offered(state, rank, owed, hand),
            may_decline=rank is _CLEAR_PLUS_1 and owed == 1 and rules.clear_one_optional,
            swap_offered=swap,
            direction=direction,
            turn=state.turn,
            finished=state.finished,
            first_player=state.first_player,
            pile_swap=state.pile_swap,
        )
    return _end_turn(
        state, hand, up, down, pile, out_of_game, state.draw_pile, direction, state.finished,
        known,
    )


def _go_out(
    state: GameState,
    pile: tuple[Card, ...],
    out_of_game: tuple[Card, ...],
    direction: int,
) -> GameState:
    """W1, C7, O1: the player has no cards left; the game ends, or play goes on for places."""
    finished = state.finished + (state.current_player,)
    settled = state.rules.places_to_settle
    if len(finished) + 1 < settled:  # O1: two or more still hold cards
        return _end_turn(state, (), (), (), pile, out_of_game, state.draw_pile, direction, finished, ())
    if len(finished) < settled:  # O1: the last seat holding cards takes the last place
        (last,) = (seat for seat in range(state.rules.players) if seat not in finished)
        finished += (last,)
    return make_state(
        rules=state.rules,
        phase=_OVER,
        current_player=state.current_player,
        seats=_replace_seat(state, _NO_CARDS),
        draw_pile=state.draw_pile,
        discard_pile=pile,
        out_of_game=out_of_game,
        direction=direction,
        turn=state.turn + 1,
        finished=finished,
        first_player=state.first_player,
        pile_swap=state.pile_swap,
    )


def _end_turn(
    state: GameState,
    hand: tuple[Card, ...],
    up: tuple[Card, ...],
    down: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    out_of_game: tuple[Card, ...],
    draw_pile: tuple[Card, ...],
    direction: int,
    finished: tuple[int, ...],
    known: tuple[Card, ...],
) -> GameState:
    """T1, T4, O10, S6, O3: the player, left holding ``hand``, ``up`` and ``down``
    (``known`` of the hand public), draws up to three and the turn passes to the
    next seat in the direction of play that still holds cards; owed plays lapse.
    At the turn limit the game ends as a stalemate. Drawn cards are not public."""
    rules = state.rules
    player = state.current_player
    if len(hand) < HAND_SIZE and draw_pile and (hand or up or down):
        hand, draw_pile = _draw_to_three(hand, draw_pile)
    turn = state.turn + 1
    limit = rules.turn_limit
    if limit is not None and turn >= limit:
        phase, next_player = _OVER, player
    else:
        phase, next_player = _PLAY, (player + direction) % rules.players
        while next_player in finished:
            next_player = (next_player + direction) % rules.players
    return make_state(  # owed plays and offers lapse with the turn
        rules=rules,
        phase=phase,
        current_player=next_player,
        seats=_replace_seat(state, make_seat(hand, up, down, known)),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        out_of_game=out_of_game,
        direction=direction,
        turn=turn,
        finished=finished,
        first_player=state.first_player,
        pile_swap=state.pile_swap,
    )


# ------------------------------------------------------ what every player knows


def _known_less(known: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Public knowledge of a hand after ``cards`` were seen leaving it: a known
    card that left is no longer known (of twins, one known and one not, the
    one that stays could be either)."""
    for card in cards:
        index = _find(known, card)
        if index >= 0:
            known = known[:index] + known[index + 1 :]
    return known


def _known_plus(known: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Public knowledge of a hand after every player saw ``cards`` go into it."""
    return _sorted(known + cards) if cards else known


def _replace_seat(state: GameState, seat: Seat) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[state.current_player] = seat
    return tuple(seats)
