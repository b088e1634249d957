"""Golden playthroughs: complete seeded games that no change may alter silently.

Each file in ``tests/golden/`` is a game dealt from a seed and played to the
end by a seeded random bot (``scripts/make_golden.py`` describes the format).
The tests replay every file from its rules and seed and fail on the first move
or position that differs. After a deliberate change of behaviour regenerate
them with ``python scripts/make_golden.py`` and review ``git diff tests/golden``
line by line: each changed line is a change in how games play.

A few decisions of the first transcript (two players, seed 16) were checked
by hand against the rules: see :data:`HAND_CHECKED`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.make_golden import (
    GAMES,
    GOLDEN,
    Transcript,
    bot_moves,
    format_rules,
    format_transcript,
    parse_rules,
    parse_transcript,
    play_transcript,
    result_line,
)
from threeup3down import ClearTwoDraw, EarlyDraw, GameState, Rules, legal_moves, new_game, parse_move
from threeup3down import apply as apply_move

PATHS = sorted(GOLDEN.glob("*.txt"))


def _load(path: Path) -> Transcript:
    return parse_transcript(path.read_text())


def test_transcript_rules_read_back() -> None:
    """A transcript's rules line reads back every field, the rules 1.1 variants included."""
    rules = Rules(
        players=3, clear_two_draw=ClearTwoDraw.EACH, early_draw=EarlyDraw.ONE, clear_ends_turn=True,
        reverse_on_one=True, reverse_each_one=True,
    )
    assert parse_rules(format_rules(rules)) == rules


def test_every_game_has_a_transcript() -> None:
    """The golden directory holds exactly the games the script writes: 2, 3, 4 and 6 players."""
    assert sorted(path.stem for path in PATHS) == sorted(GAMES)
    assert {rules.players for rules, _ in GAMES.values()} >= {2, 4, 6}


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path.stem)
def test_recorded_moves_give_recorded_positions(path: Path) -> None:
    """Dealing from the seed and applying each recorded move gives each recorded position."""
    transcript = _load(path)
    state = new_game(transcript.rules, seed=transcript.seed)
    assert state.notation() == transcript.start
    for number, step in enumerate(transcript.steps, 1):
        move = parse_move(step.move)
        assert move in legal_moves(state), f"step {number}: {step.move} is not listed"
        state = apply_move(state, move)
        assert state.notation() == step.position, f"step {number} ({step.move})"
        assert GameState.from_notation(step.position, transcript.rules) == state
    assert state.is_over
    assert result_line(state) == transcript.result


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path.stem)
def test_bot_chooses_the_recorded_moves(path: Path) -> None:
    """The seeded bot, choosing among the legal moves in their listed order, makes every recorded move."""
    transcript = _load(path)
    dealt = new_game(transcript.rules, seed=transcript.seed)
    chosen = [str(move) for move, _ in bot_moves(dealt, transcript.seed)]
    recorded = [step.move for step in transcript.steps]
    assert chosen == recorded


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path.stem)
def test_file_is_exactly_what_the_script_writes(path: Path) -> None:
    """Regenerating a transcript reproduces its file byte for byte (header, rules line and all)."""
    rules, seed = GAMES[path.stem]
    assert format_transcript(play_transcript(rules, seed)) == path.read_text()


def _summary(position: str) -> str:
    """A position with the draw pile and out-of-game pile replaced by their sizes.

    The rest of the deck is determined by the other zones (every card is in one
    place), so the summary pins a position down up to the order of those piles.
    """
    phase, player, seats, draw, discard, out, *flags = position.split()
    draw_size = 0 if draw == "-" else draw.count(",") + 1
    out_size = 0 if out == "-" else out.count(",") + 1
    return " ".join([phase, player, seats, f"draw={draw_size}", discard, f"out={out_size}", *flags])


HAND_CHECKED = {
    # S3: seat 0 turns 4r,5b,8g of 2b,4r,5b,7r,8g,Cr face up; seat 1 chooses next.
    1: "setup 1 2b,7r,Cr|4r,5b,8g|C+1b,2g,10g/2b,3r,3b,7b,8b,Cb|-|1r,1b,4g draw=66 - out=0",
    # S3, S5: seat 1 keeps 2b,8b,Cb; setup ends and seat 0 (the default) plays first.
    2: "play 0 2b,7r,Cr|4r,5b,8g|C+1b,2g,10g/2b,8b,Cb|3r,3b,7b|1r,1b,4g draw=66 - out=0",
    # P2, T4: any card on the empty pile; seat 0 draws the top card (7r) back to three.
    3: "play 1 2b,7r,Cr|4r,5b,8g|C+1b,2g,10g/2b,8b,Cb|3r,3b,7b|1r,1b,4g draw=65 7r out=0 turn=1",
    # C1: the Clear takes 7r and itself out; seat 1 draws 9r; the turn ends.
    4: "play 0 2b,7r,Cr|4r,5b,8g|C+1b,2g,10g/2b,8b,9r|3r,3b,7b|1r,1b,4g draw=64 - out=2 turn=2",
    # T3, T4: 1g,5g,6g cannot beat 9g: seat 1 takes 2b,8b,9r,9g and, holding 7, draws nothing;
    # every player saw those four go into its hand (known).
    12: "play 0 2b,8r,9b|4r,5b,8g|C+1b,2g,10g/1g,2b,5g,6g,8b,9g,9r|3r,3b,7b|1r,1b,4g draw=57 - out=5 turn=10 known=-/2b,8b,9g,9r",
    # C4: three 6s in one play on 1r clear 1r,6g,6r,6r; seat 1 holds six cards and draws nothing.
    36: "play 0 3r,5b,Cr|4r,5b,8g|C+1b,2g,10g/1g,2b,5b,7g,8r,8b|3r,3b,7b|1r,1b,4g draw=45 - out=18 turn=34 known=-/2b,5b,7g,8r,8b",
    # C2: a Clear +1 clears 2b,2r,7g and itself; seat 0 owes a play and, holding two, may draw.
    45: "play 0 3r,10b|4r,5b,8g|C+1b,2g,10g/1g,8r,10b|3r,3b,7b|1r,1b,4g draw=39 - out=28 owed=1 draw turn=42",
    # C2: the early draw takes one card (6b) and uses no play.
    46: "play 0 3r,6b,10b|4r,5b,8g|C+1b,2g,10g/1g,8r,10b|3r,3b,7b|1r,1b,4g draw=38 - out=28 owed=1 turn=42",
    # C3: the Clear +2 goes out; two plays owed; the draw is offered (two cards in hand).
    79: "play 0 2g,7g|4r,5b,8g|C+1b,2g,10g/1b,3g,8g|3r,3b,7b|1r,1b,4g draw=11 - out=56 owed=2 draw turn=72 known=-/1b",
    # C3, C5: the first extra play lands on the empty pile; no second draw is offered.
    80: "play 0 2g|4r,5b,8g|C+1b,2g,10g/1b,3g,8g|3r,3b,7b|1r,1b,4g draw=11 7g out=56 owed=1 turn=72 known=-/1b",
    # C5, T3, T4: 2g cannot beat 7g, so seat 0 picks up, forfeits the owed play and draws 1r;
    # the 7g is known to be in its hand, the drawn 1r is not.
    81: "play 1 1r,2g,7g|4r,5b,8g|C+1b,2g,10g/1b,3g,8g|3r,3b,7b|1r,1b,4g draw=10 - out=56 turn=73 known=7g/1b",
    # F1, F2: hand and draw pile empty, so seat 0 plays a 3UP card (8g on 7b).
    99: "play 1 -|4r,5b|C+1b,2g,10g/4r,6b|3r,3b,7b|1r,1b,4g draw=0 1r,7b,8g out=68 turn=89 known=-/4r",
    # F3, C2: the first 3DOWN card is the Clear +1: the pile clears and a play is owed (no draw left).
    105: "play 0 -|-|2g,10g/1r,6b,7b|3r,3b,7b|1r,1b,4g draw=0 - out=73 owed=1 turn=94 known=-/1r,7b",
    # F3: the owed play turns over position 1 of 2g,10g: 10g, played on the empty pile.
    106: "play 1 -|-|2g/1r,6b,7b|3r,3b,7b|1r,1b,4g draw=0 10g out=73 turn=95 known=-/1r,7b",
    # T3: 1r,6b,7b cannot beat 10g; seat 1 picks it up, and 10g joins its known cards.
    107: "play 0 -|-|2g/1r,6b,7b,10g|3r,3b,7b|1r,1b,4g draw=0 - out=73 turn=96 known=-/1r,7b,10g",
    # W1: the last 3DOWN card (2g) is played on the empty pile; seat 0 has no cards and wins.
    108: "over 0 -|-|-/1r,6b,7b,10g|3r,3b,7b|1r,1b,4g draw=0 2g out=73 turn=97 fin=0 known=-/1r,7b,10g",
}
"""Positions of ``two-players.txt`` worked out by hand from the position before
and the rules specification: decision number -> summary (:func:`_summary`)."""


@pytest.mark.spec("S3", "S5", "P2", "T3", "T4", "C1", "C2", "C3", "C4", "C5", "F1", "F2", "F3", "W1")
@pytest.mark.parametrize("number", sorted(HAND_CHECKED))
def test_hand_checked_positions_of_the_two_player_game(number: int) -> None:
    """The recorded position after a decision worked out by hand matches the hand's result."""
    transcript = _load(GOLDEN / "two-players.txt")
    assert _summary(transcript.steps[number - 1].position) == HAND_CHECKED[number]
