"""Position notation: a whole game state on one line, like FEN in chess.

A position is six space-separated fields, then optional ``key=value`` flags::

    play 1 3g|-|-/8r,9b|-|- - 5b *  owed=1

1. the phase: ``setup``, ``play`` or ``over``;
2. the seat to decide (:attr:`~threeup3down.GameState.current_player`);
3. the seats, separated by ``/``: each is ``hand|3UP|3DOWN`` (3DOWN cards in
   the order they lie, so positions count from the left);
4. the draw pile, bottom to top;
5. the discard pile, bottom to top;
6. the out-of-game pile, or ``*`` for "every card of the deck not named
   elsewhere" (handy when writing positions by hand).

Cards are written in card notation, separated by commas; ``-`` is an empty
zone. The flags, each written only when it differs from its default, are
``owed=N`` (extra plays owed), ``draw`` (early draw offered, C2/C3), ``swap``
(same-colour swap offered, O7), ``dir=-`` (play reversed, O3), ``turn=N``
(turns completed), ``fin=2,0`` (seats out, in order), ``first=N`` (who opens
play after setup), ``perm=1,0`` (the pile swap still to come, O5) and
``known=8r,9b/-`` (per seat, separated by ``/``, the cards of its hand every
player knows are there: :attr:`~threeup3down.Seat.known`).

>>> from threeup3down import Rules
>>> state = parse_position("play 1 3g|-|-/8r,9b|-|- - 5b * owed=1", Rules(players=2))
>>> state.owed_plays, len(state.out_of_game)
(1, 80)
>>> parse_position(format_position(state), state.rules) == state
True
>>> parse_position("play 1 3g|-|-/8r,9b|-|- - 5b * known=-/9b", Rules(players=2)).seats[1].known
(Card.BLUE_9,)
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from threeup3down.cards import _BY_TEXT, _TEXT, Card, format_cards, parse_cards, sort_cards
from threeup3down.errors import NotationError
from threeup3down.limits import MAX_INPUT_SIZE, size_problem
from threeup3down.rules import Rules
from threeup3down.state import GameState, Phase, Seat
from threeup3down.validation import _deck_counts, _read_problems

__all__ = ["format_position", "parse_position"]


def format_position(state: GameState) -> str:
    """``state`` in position notation.

    >>> from threeup3down import new_game, Rules
    >>> format_position(new_game(Rules(players=2), seed=1)).split()[:2]
    ['setup', '0']
    """
    seats = "/".join(
        f"{_cards_text(seat.hand)}|{_cards_text(seat.up)}|{_cards_text(seat.down)}"
        for seat in state.seats
    )
    fields = [
        state.phase.value,
        str(state.current_player),
        seats,
        _cards_text(state.draw_pile),
        _cards_text(state.discard_pile),
        _cards_text(state.out_of_game),
    ]
    if state.owed_plays:
        fields.append(f"owed={state.owed_plays}")
    if state.may_draw:
        fields.append("draw")
    if state.swap_offered:
        fields.append("swap")
    if state.direction < 0:
        fields.append("dir=-")
    if state.turn:
        fields.append(f"turn={state.turn}")
    if state.finished:
        fields.append(f"fin={_format_seats(state.finished)}")
    if state.first_player:
        fields.append(f"first={state.first_player}")
    if state.pile_swap:
        fields.append(f"perm={_format_seats(state.pile_swap)}")
    if any(seat.known for seat in state.seats):
        fields.append("known=" + "/".join(_cards_text(seat.known) for seat in state.seats))
    return " ".join(fields)


def _cards_text(cards: tuple[Card, ...]) -> str:
    """:func:`~threeup3down.cards.format_cards`, from the table."""
    return ",".join(map(_TEXT.__getitem__, cards)) or "-"


def _cards(text: str) -> tuple[Card, ...]:
    """:func:`~threeup3down.cards.parse_cards`, from the table; text that is not
    a list of cards is left to it, to say why."""
    if text == "-":
        return ()
    try:
        return tuple(map(_BY_TEXT.__getitem__, text.split(",")))
    except KeyError:
        return parse_cards(text)


def parse_position(text: str, rules: Rules, *, max_size: int = MAX_INPUT_SIZE) -> GameState:
    """The position written as ``text``, played by ``rules``.

    The position must be one the rules allow: every card of the deck exactly
    once (the out-of-game pile may be ``*``), one seat per player, and no
    pile that should already have cleared. Text longer than ``max_size``
    characters is refused (:mod:`threeup3down.limits`); reading takes time
    linear in its length.

    >>> from threeup3down import Rules
    >>> parse_position("play 0 7r|-|-/8b|-|- - 8g,8r,8b *", Rules(players=2))
    Traceback (most recent call last):
    ...
    threeup3down.errors.NotationError: invalid position: the discard pile ends in three 8s, which clear it (C4)
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid position: {text!r} is not a string of position notation")
    if not isinstance(rules, Rules):
        raise NotationError(f"invalid position: rules must be a Rules value, not {rules!r}")
    too_long = size_problem(text, max_size)
    if too_long:
        raise NotationError(f"invalid position: {too_long}")
    fields = "/".join(part.strip() for part in text.split("/")).split()  # spaces around / are allowed
    if len(fields) < 6:
        raise NotationError(
            f"invalid position: expected at least 6 fields "
            f"(phase, player, seats, draw pile, discard pile, out of game), got {len(fields)}"
        )
    phase_text, player_text, seats_text, draw_text, discard_text, out_text = fields[:6]
    phase = _PHASES.get(phase_text)
    if phase is None:
        raise NotationError(
            f"invalid position: unknown phase {phase_text!r} (setup, play or over)"
        )
    flags = _parse_flags(fields[6:])
    seats = _with_known(tuple(_parse_seat(seat) for seat in seats_text.split("/")), flags)
    draw_pile = _cards(draw_text)
    discard_pile = _cards(discard_text)
    placed = [card for seat in seats for zone in (seat.hand, seat.up, seat.down) for card in zone]
    placed += draw_pile
    placed += discard_pile
    out_of_game = _out_of_game(rules, placed, out_text)
    state = GameState(
        rules=rules,
        phase=phase,
        current_player=_int(player_text, "player"),
        seats=seats,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        out_of_game=out_of_game,
        owed_plays=_int(flags.get("owed", "0"), "owed"),
        may_draw="draw" in flags,
        swap_offered="swap" in flags,
        direction=-1 if flags.get("dir") == "-" else 1,
        turn=_int(flags.get("turn", "0"), "turn"),
        finished=_parse_seat_list(flags.get("fin", "")),
        first_player=_int(flags.get("first", "0"), "first"),
        pile_swap=_parse_seat_list(flags.get("perm", "")),
    )
    _check_position(state)
    return state


def _parse_seat(text: str) -> Seat:
    zones = text.split("|")
    if len(zones) != 3:
        raise NotationError(f"invalid position: seat {text!r} is not hand|3UP|3DOWN")
    hand, up, down = zones
    return Seat(hand=sort_cards(_cards(hand)), up=sort_cards(_cards(up)), down=_cards(down))


def _with_known(seats: tuple[Seat, ...], flags: dict[str, str]) -> tuple[Seat, ...]:
    """The seats with the public knowledge of their hands that ``known=`` gives."""
    if "known" not in flags:
        return seats
    zones = flags["known"].split("/")
    if len(zones) != len(seats):
        raise NotationError(
            f"invalid position: known= names {len(zones)} seats, the position has {len(seats)}"
        )
    return tuple(
        Seat(hand=seat.hand, up=seat.up, down=seat.down, known=sort_cards(_cards(zone)))
        for seat, zone in zip(seats, zones)
    )


_PHASES = {phase.value: phase for phase in Phase}

_FLAGS = {"owed", "draw", "swap", "dir", "turn", "fin", "first", "perm", "known"}


def _parse_flags(tokens: list[str]) -> dict[str, str]:
    flags: dict[str, str] = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if key not in _FLAGS:
            raise NotationError(f"invalid position: unknown flag {token!r}")
        if key in flags:
            raise NotationError(f"invalid position: flag {key!r} is given twice")
        flags[key] = value
    if flags.get("dir", "-") != "-":
        raise NotationError(f"invalid position: dir={flags['dir']} (only dir=- is written)")
    return flags


def _int(text: str, name: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise NotationError(f"invalid position: {name} must be a whole number, not {text!r}")
    try:
        return int(text)
    except ValueError:  # more digits than int() converts
        raise NotationError(f"invalid position: {name} {text[:20]}... is too large") from None


def _parse_seat_list(text: str) -> tuple[int, ...]:
    return tuple(_int(part, "seat") for part in text.split(",")) if text else ()


def _format_seats(seats: tuple[int, ...]) -> str:
    return ",".join(map(str, seats))


def _out_of_game(rules: Rules, placed: list[Card], out_text: str) -> tuple[Card, ...]:
    """The out-of-game pile, checking that every card of the deck is placed once (D1)."""
    deck = _deck_counts(rules)
    if out_text != "*":  # the common case, fast: the cards are exactly the deck's
        try:
            out_of_game = sort_cards(_cards(out_text))
        except NotationError:
            pass  # said below, after a surplus of cards, as ever
        else:
            if dict.__eq__(Counter(chain(placed, out_of_game)), deck):
                return out_of_game
    missing = Counter(deck)
    missing.subtract(placed)
    extra = -missing
    if extra:
        raise NotationError(
            f"invalid position: more cards than the deck holds: {format_cards(sort_cards(extra.elements()))}"
        )
    rest = sort_cards(missing.elements())
    if out_text == "*":
        return rest
    out_of_game = sort_cards(_cards(out_text))  # the cards did not add up: say which are wrong
    raise NotationError(
        f"invalid position: the out-of-game pile must hold the rest of the deck, "
        f"{format_cards(rest)}, not {format_cards(out_of_game)}"
    )


def _check_position(state: GameState) -> None:
    """Refuse positions the rules can never reach, which the engine need not handle.

    Every card of the deck is known to be placed once (:func:`_out_of_game`)
    and the hands, 3UP and known cards were sorted as they were read: neither
    is checked again."""
    problems = _read_problems(state, counted=True)
    if problems:
        raise NotationError(f"invalid position: {'; '.join(problems)}")
