"""No cache grows with strangers' input: every cache keyed by input is bounded in entries and in bytes.

The memos (:mod:`threeup3down.core.memos`) and the JSON formats' cache of rules
(:mod:`threeup3down.formats._rules_cache`) are the package's caches; the
deck facts of a rules value (``rules._DECKS``) go with the value. Memory is
measured with :mod:`tracemalloc`: the bytes Python's objects hold, after a
garbage collection, against the same figure before.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.subprocesses import ROOT, child_environment
from threeup3down import Card, GameState, Rules, from_json, legal_moves, new_game, observe, to_json
from threeup3down.core.memos import MEMOS, RUN_PLAYS, clear_memos, memo_bytes
from threeup3down.formats._rules_cache import RULES_CACHE

MB = 1_000_000
MiB = 2**20

_TEXTS = [str(card) for card in Card]


@contextmanager
def traced() -> Iterator[Callable[[], int]]:
    """Trace allocations; yields the bytes held now less the bytes held on entry, each after a collection."""
    tracemalloc.start()
    try:
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]

        def grown() -> int:
            gc.collect()
            return tracemalloc.get_traced_memory()[0] - start

        yield grown
    finally:
        tracemalloc.stop()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads resident memory from Linux's /proc")
def test_two_hundred_large_rules_documents_leave_memory_where_it_was() -> None:
    """200 valid rules documents of about 1 MB each, each a custom deck of some 150,000 cards
    of its own, read and used (dealt, played, written, observed) leave the process's resident
    memory within 4 MB of where it started: no cache keeps a deck, a rules value or a document
    for its value (tests/memory_check.py, in a process of its own)."""
    environment = child_environment() | {"PYTHONMALLOC": "malloc"}
    command = [sys.executable, "-m", "tests.memory_check", "--documents", "200"]
    child = subprocess.run(command, env=environment, cwd=ROOT, capture_output=True, text=True, check=True)
    figures = json.loads(child.stdout)
    assert figures["documents"] == 200 and figures["cards"] > 150_000
    assert figures["growth"] < 4 * MB


_FIVES = Rules(players=2, turn_limit=None, custom_cards=[Card.GREEN_5] * 3000 + [Card.RED_6] * 9 + [Card.BLUE_7] * 9)
"""A deck of 3,000 green 5s, for positions with long runs of alike cards."""


def fives(length: int) -> GameState:
    """Seat 0 to play, holding ``length`` green 5s; the other 5s in the draw pile."""
    hand = ",".join(["5g"] * length)
    rest = ",".join(["5g"] * (3000 - length))
    return GameState.from_notation(f"play 0 {hand}|-|-/6r,6r,6r|-|- {rest} - *", _FIVES)


def test_the_plays_of_long_runs_stay_within_their_memos_bytes() -> None:
    """Sixty runs of hundreds of alike cards, as a stranger's positions can hold (their plays
    some 30 MB in all), fill the memos of runs to 2 MiB at most; a run whose plays alone
    weigh more than that (1,500 cards: some 9 MB) is listed and not kept."""
    clear_memos()
    lengths = random.Random(24).sample(range(100, 600), 60)
    with traced() as grown:
        for length in [1500, *lengths]:
            plays = legal_moves(fives(length))
            assert [len(play.cards) for play in plays] == list(range(1, length + 1))  # type: ignore[union-attr]
            del plays
            for memo in MEMOS.values():
                assert memo.weight <= memo.size, memo.name
        assert (Card.GREEN_5,) * 1500 not in RUN_PLAYS[0][0].table
        assert grown() < 2 * MiB + MB
    clear_memos()


def test_the_views_of_large_hands_stay_within_their_memos_bytes() -> None:
    """The observations of 500 positions with a hand of 2,000 cards or more (some 10 MB of
    seats, which the memo of seat views keeps alive) keep at most its 4 MiB."""
    clear_memos()
    with traced() as grown:
        for length in range(2000, 3000, 2):
            observe(fives(length), 1)
            for memo in MEMOS.values():
                assert memo.weight <= memo.size, memo.name
        assert grown() < 4 * MiB + MB
    clear_memos()


def test_the_memos_bound_in_bytes_every_entry_is_weighed() -> None:
    """Every memo has a bound in bytes, and all of them together come to at most the 32 MiB
    the untrusted-input how-to names."""
    assert all(memo.size > 0 for memo in MEMOS.values())
    assert memo_bytes() <= 32 * MiB


def test_the_rules_cache_holds_at_most_two_megabytes() -> None:
    """64 games, each with a custom deck as large as the rules cache keeps (a rules document of
    about 2,000 characters), written and read back: the cache holds 64 rules, in under 2 MB."""
    RULES_CACHE.clear()
    clear_memos()
    rng = random.Random(64)
    with traced() as grown:
        for _ in range(64):
            rules = Rules(players=2, custom_cards=[Card.parse(rng.choice(_TEXTS)) for _ in range(255)])
            state = new_game(rules, seed=1)
            assert from_json(to_json(state)) == state
            del rules, state
        clear_memos()
        assert len(RULES_CACHE) == 64
        assert grown() < 2 * MB
    RULES_CACHE.clear()
