"""What a server's memory does when strangers send it large rules documents.

Reads ``--documents`` valid rules documents (200 by default) of about a
megabyte each, just under :data:`~threeup3down.core.limits.MAX_INPUT_SIZE`,
each a custom deck of some 150,000 cards of its own, and uses each as a
server would (deals a game, plays the 3UP choices, writes the state as JSON,
observes it), then prints, as JSON, how far the process's resident memory
moved: ``{"documents": 200, "growth": 2900000, "cards": 155000}``.

Resident memory is read from ``/proc/self/statm`` (Linux) after a garbage
collection and glibc's ``malloc_trim(0)``, which hands freed memory back to
the system. Run with ``PYTHONMALLOC=malloc`` so that Python's objects are
allocated by ``malloc`` too: Python's own allocator keeps a 1 MiB arena as
long as one object in it lives, so a few long-lived memo entries made among
a document's transient objects would pin arenas and hide what the caches do.
The run stops early once memory has grown by ``--stop-at`` bytes (a cache
that keeps every deck reaches it in a few documents)::

    PYTHONMALLOC=malloc python -m tests.memory_check --documents 1000
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
from pathlib import Path

from threeup3down import Card, Rules, apply, from_json, legal_moves, new_game, observe, to_json
from threeup3down.formats.serialization import RULES

__all__ = ["large_rules_document", "main", "resident_bytes", "use"]

SIZE = 999_000
"""The length of each document, in characters: just under the default limit of a million."""

_ENTRIES = [f'"{card}", ' for card in Card]


def large_rules_document(number: int, size: int = SIZE) -> str:
    """A rules document of two players with a custom deck of its own (every card
    the same number of times, but card ``number % 39`` fewer by ``number // 39 + 1``),
    of at most ``size`` characters.

    >>> len(large_rules_document(0)) <= SIZE, large_rules_document(0) != large_rules_document(1)
    (True, True)
    """
    head = '{"format": "threeup3down/rules", "version": 1, "players": 2, "custom_cards": ['
    copies = (size - len(head) - 2) // sum(map(len, _ENTRIES))
    counts = [copies] * len(_ENTRIES)
    counts[number % len(_ENTRIES)] -= number // len(_ENTRIES) + 1
    cards = "".join(entry * count for entry, count in zip(_ENTRIES, counts))
    return head + cards[:-2] + "]}"


def use(rules: Rules, seed: int) -> None:
    """What a server does with rules it was sent: deal, choose the 3UP cards, write and show the game."""
    state = new_game(rules, seed=seed)
    for _ in range(rules.players):
        state = apply(state, legal_moves(state)[0])
    to_json(state)
    observe(state, state.current_player)
    assert len(rules.deck_cards()) == sum(rules.deck_counts.values())


_STATM = Path("/proc/self/statm")


def resident_bytes() -> int:
    """The process's resident memory, after a collection and ``malloc_trim(0)``."""
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    pages = int(_STATM.read_text().split()[1])
    return pages * 4096


def main(argv: list[str] | None = None) -> dict[str, int]:
    """Run the check; print and return its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=200)
    parser.add_argument("--stop-at", type=int, default=64_000_000)
    arguments = parser.parse_args(argv)
    use(from_json(large_rules_document(-1), RULES), seed=0)  # one-time costs: modules, codecs
    start = resident_bytes()
    read = cards = 0
    growth = 0
    while read < arguments.documents and growth < arguments.stop_at:
        rules = from_json(large_rules_document(read), RULES)
        cards = len(rules.deck_cards())
        use(rules, seed=read)
        del rules
        read += 1
        growth = resident_bytes() - start
    figures = {"documents": read, "growth": growth, "cards": cards}
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
