"""The values whose JSON texts release 0.3.0 wrote, kept in ``tests/data/json-0.3.0/``.

:func:`values` builds a spread of values of every document format from
constructors, seeds and seeded random games: rules with every option, custom
cards, omitted colours and two decks; states dealt at 2, 4, 6 and 12 players
and states from the middle and the end of random games, known cards
included; observations during setup, play and after the game; events whole
and as one seat sees them; moves of every kind; records; a match. Each is
written by :func:`~threeup3down.to_json` on one line and, for one value of
each kind, indented (:data:`INDENTS`); :func:`texts` names each text's file.

``tests/test_json_0_3_0.py`` checks that today's code writes exactly the
texts 0.3.0 wrote and reads each back to the value it was written from. The
files were written by this module run with the release's code::

    git worktree add /tmp/v030 469a34e
    cd /tmp/v030 && PYTHONPATH=/tmp/v030 python /path/to/tests/json_fixtures.py /path/to/tests/data/json-0.3.0

It imports only names that the package's top level exported in 0.3.0 and
still does, so the same code builds the same values under either version.
"""

from __future__ import annotations

import datetime
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from threeup3down import (
    ClearTwoDraw,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    GameRecord,
    GameState,
    Match,
    Move,
    Rules,
    ScoreScope,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    new_game,
    observe,
    parse_cards,
    parse_move,
    record_game,
    to_json,
)

if TYPE_CHECKING:
    from threeup3down.formats.serialization import Document

__all__ = ["FIXTURES", "INDENTS", "texts", "values"]

FIXTURES = Path(__file__).parent / "data" / "json-0.3.0"
"""Where the texts 0.3.0 wrote are kept, one file each."""

ALL_OPTIONS = Rules(
    players=4,
    first_player=FirstPlayer.DEALERS_LEFT,
    dealer=2,
    clear_two_draw=ClearTwoDraw.EACH,
    early_draw=EarlyDraw.ONE,
    clear_ends_turn=True,
    places=True,
    draw_instead=True,
    reverse_on_one=True,
    reverse_each_one=True,
    score_scope=ScoreScope.ALL,
    pile_swap=True,
    chosen_faces=True,
    same_colour_swap=True,
    turn_limit=400,
)
"""Four players with every option on that is off by default."""

SMALL_DECK = parse_cards("1g,2r,3b,4g,5r,6b,7g,8r,9b,10g,Cr,C+1b,2g,3r,4b,5g,6r,7b,C+2r,C+1g")
"""Twenty cards: enough to deal two players (S2, S3), with two left to draw."""

TABLES: dict[str, Rules] = {
    "2p": Rules(players=2),
    "4p": Rules(players=4),
    "6p": Rules(players=6),
    "4p-all-options": ALL_OPTIONS,
    "3p-literal-omitted": Rules(players=3, deck=Deck.LITERAL, omitted_colours=frozenset({Colour.BLUE})),
    "2p-custom-cards": Rules(players=2, custom_cards=SMALL_DECK, turn_limit=None),
    "12p-two-decks": Rules(players=12, decks=2, first_player=FirstPlayer.RANDOM),
}
"""The tables the states, observations and events are taken from."""

INDENTS = (2, 1, 4, 0)
"""The indents written, each for the values named in :func:`texts`."""


def _game(rules: Rules, seed: int) -> tuple[list[GameState], list[Move]]:
    """A game dealt from ``seed`` and played to the end by moves chosen at random."""
    rng = random.Random(seed)
    states = [new_game(rules, seed=seed)]
    moves: list[Move] = []
    while not states[-1].is_over:
        options = legal_moves(states[-1])
        moves.append(options[rng.randrange(len(options))])
        states.append(apply(states[-1], moves[-1]))
    return states, moves


def _middle(states: list[GameState]) -> GameState:
    """The state nearest the middle of the game in which some seat's known cards are not empty."""
    middle = len(states) // 2
    for state in sorted(states, key=lambda state: abs(states.index(state) - middle)):
        if any(seat.known for seat in state.seats):
            return state
    return states[middle]


def _table_values(name: str, rules: Rules, seed: int) -> dict[str, Document]:
    """States, observations and events of one seeded game at one table."""
    states, moves = _game(rules, seed)
    middle = _middle(states)
    index = states.index(middle)
    player = index % rules.players
    _, events = apply_with_events(middle, moves[index])
    return {
        f"state-{name}-deal": states[0],
        f"state-{name}-middle": middle,
        f"state-{name}-end": states[-1],
        f"observation-{name}-setup": observe(states[0], rules.players - 1),
        f"observation-{name}-middle": observe(middle, player),
        f"observation-{name}-end": observe(states[-1], 0),
        f"events-{name}-middle": events,
        f"events-{name}-middle-seen": events_for(events, player),
        f"event-{name}-middle": events[0],
    }


def _moves() -> dict[str, Document]:
    """A move of every kind, in move notation."""
    written = ("up:1g,2g,3g", "^7r,7g", "7r", "v2", "pick", "draw", "take", "swap:7r/9g", "keep")
    return {f"move-{number}": parse_move(text) for number, text in enumerate(written)}


def _first(state: GameState) -> Move:
    return legal_moves(state)[0]


def values() -> dict[str, Document]:
    """Every value a fixture was written from, by the name of its file (without ``.json``)."""
    found: dict[str, Document] = {f"rules-{name}": rules for name, rules in TABLES.items()}
    found["rules-default"] = Rules()
    for seed, (name, rules) in enumerate(TABLES.items(), start=2026):
        found |= _table_values(name, rules, seed)
    found |= _moves()
    found["cards"] = parse_cards("7r,Cb,C+1g,C+2r,10b,1g")
    found["cards-empty"] = ()
    found["record-bare"] = GameRecord(rules=Rules(players=2), seed=5)
    found["record-named"] = record_game(
        ALL_OPTIONS, 17, _first, names=("Zoë", "李", "O'Brien \"OB\"", "back\\slash"), date=datetime.date(2024, 5, 1)
    )
    match = Match(Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT), games=3)
    state = match.next_game(seed=4)
    while not state.is_over:
        state = apply(state, _first(state))
    found["match"] = match.record(state)
    found["match-new"] = Match(Rules(players=2), games=1)
    return found


_INDENTED = (
    "rules-4p-all-options",
    "state-4p-middle",
    "state-2p-custom-cards-deal",
    "observation-4p-all-options-setup",
    "events-4p-middle",
    "event-6p-middle",
    "move-1",
    "cards",
    "cards-empty",
    "record-named",
    "match",
)
"""The values also written with each of :data:`INDENTS`."""


def texts(built: dict[str, Document]) -> dict[str, str]:
    """Each value of ``built`` written on one line and the values of :data:`_INDENTED`
    written indented, by file name: ``<name>.json`` and ``<name>.indent-<n>.json``."""
    written = {f"{name}.json": to_json(value) for name, value in built.items()}
    for name in _INDENTED:
        for indent in INDENTS:
            written[f"{name}.indent-{indent}.json"] = to_json(built[name], indent=indent)
    return written


def main(folder: str) -> None:
    """Write every text into ``folder``, each followed by a newline."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    for name, text in texts(values()).items():
        (path / name).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(FIXTURES))
