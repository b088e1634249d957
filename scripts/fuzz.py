"""Fuzz the readers: mutated documents of every kind raise only library errors.

Deals games at tables that vary every field of :class:`~threeup3down.Rules`
(:func:`scripts.soak.random_rules`), plays each a random number of random
moves, and writes what it reached in every format the library reads: JSON
documents of every format (state, observation, rules, cards, move, event,
events, record, match), position notation, record text, rules text and move
notation. Each is mutated at random (characters deleted, repeated, swapped
or replaced, numbers made huge or negative, the text cut short or repeated)
and read. It checks that

* a reader raises nothing but a :class:`~threeup3down.ThreeUpError`;
* whatever loads writes back and reads again as the same value, and a
  state or observation that loads is playable: every move it lists is
  accepted, and leads to a position that loads;
* with ``--time`` (the default of a long run) no input takes more than
  :data:`SLOW_PER_CHARACTER` seconds per character to read: reading is
  linear in the input's length.

Run from the repository root::

    python -m scripts.fuzz --minutes 10           # ten minutes, random seed
    python -m scripts.fuzz --documents 300 --seed 1 --no-time  # what the tests run

It prints how many inputs it read, loaded and saw refused, and exits with
status 1 at the first failure, printing the kind of input, the input and
the seed.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import traceback
from collections import Counter

import attrs

from scripts.soak import random_rules
from threeup3down import (
    GameRecord,
    GameState,
    Match,
    Observation,
    Rules,
    ThreeUpError,
    apply,
    apply_with_events,
    from_json,
    legal_moves,
    new_game,
    observe,
    parse_move,
    parse_record,
    replay,
    score,
    to_json,
)
from threeup3down.core.state import parse_position
from threeup3down.core.validation import position_problems
from threeup3down.formats.record_text import format_record, format_rules, parse_rules
from threeup3down.formats.records import game_result

__all__ = ["Failure", "fuzz", "inputs"]

SLOW_PER_CHARACTER = 2e-4
"""The most seconds per character (and :data:`SLOW_START` more) a read may take with ``--time``,
the least of four tries: some hundred times what any reader takes, so that only a read slower
than linear crosses it."""
SLOW_START = 0.05
"""The seconds any read may take, however short its input (a pause of a shared machine)."""

_NUMBERS = ("-1", "0", "13", "999999999", "1000001", "2147483648", "9" * 40, "-" + "9" * 1200)
_ALPHABET = '0123456789Cgrbx+,^v:/-|*= "[]{}.pexnyaoldfrsut\\\n\t'


@attrs.frozen
class Failure(Exception):
    """An input that a reader mishandled: what it was, and what went wrong."""

    kind: str
    text: str
    problem: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.problem}\n  input: {self.text[:2000]!r}"


def inputs(rng: random.Random) -> list[tuple[str, str, Rules]]:
    """Valid inputs of every kind, from a random moment of a random game: (kind, text, rules)."""
    table = random_rules(rng)
    seed = rng.randrange(2**32)
    state = new_game(table, seed=seed)
    moves = []
    for _ in range(rng.randrange(300)):
        if state.is_over:
            break
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    record = GameRecord(table, seed, tuple(moves), result=game_result(state))
    found = [
        ("json", to_json(state), table),
        ("json", to_json(observe(state, rng.randrange(table.players))), table),
        ("json", to_json(table), table),
        ("json", to_json(state.discard_pile), table),
        ("json", to_json(record), table),
        ("position", state.notation(), table),
        ("record", format_record(record), table),
        ("rules", format_rules(table), table),
    ]
    if state.is_over:
        found.append(("json", to_json(Match(table, games=3, scores=(score(state),))), table))
    else:
        move = rng.choice(legal_moves(state))
        events = apply_with_events(state, move)[1]
        found += [("json", to_json(move), table), ("move", str(move), table), ("json", to_json(events), table)]
        found += [("json", to_json(events[0]), table)] if events else []
    return found


def mutate(text: str, rng: random.Random) -> str:
    """``text`` changed in one place, now and then in two or four."""
    for _ in range(rng.choice((1, 1, 1, 2, 4))):
        at = rng.randrange(len(text) + 1)
        span = rng.randint(1, 8)
        match rng.randrange(7):
            case 0:
                text = text[:at] + text[at + span :]
            case 1:
                text = text[:at] + text[at : at + span] * rng.randint(2, 50) + text[at + span :]
            case 2:
                text = text[:at] + rng.choice(_ALPHABET) + text[at:]
            case 3:
                other = rng.randrange(len(text) + 1)
                text = text[:at] + text[other : other + span] + text[at:]
            case 4:
                numbers = list(re.finditer(r"-?[0-9]+", text))
                if numbers:
                    number = rng.choice(numbers)
                    text = text[: number.start()] + rng.choice(_NUMBERS) + text[number.end() :]
            case 5:
                text = text[:at]
            case _:
                text = text[:at] + rng.choice(_ALPHABET) + text[at + 1 :]
    return text


def _read(kind: str, text: str, rules: Rules) -> object:
    match kind:
        case "json":
            return from_json(text)
        case "position":
            return parse_position(text, rules)
        case "record":
            return parse_record(text)
        case "rules":
            return parse_rules(text)
        case _:
            return parse_move(text)


def _write(kind: str, value: object) -> str:
    """The text of ``value`` in the format it was read from."""
    match kind:
        case "json":
            return to_json(value)  # type: ignore[arg-type]
        case "position":
            assert isinstance(value, GameState)
            return value.notation()
        case "record":
            return format_record(value)  # type: ignore[arg-type]
        case "rules":
            return format_rules(value)  # type: ignore[arg-type]
        case _:
            return str(value)


def _check_loaded(kind: str, value: object, rules: Rules) -> None:
    """What loaded reads back as itself, and can be played on.

    A record is read without playing its moves, and written as text by
    replaying them: a record whose moves do not replay is checked in JSON only."""
    if isinstance(value, GameRecord):
        if from_json(to_json(value)) != value:
            raise AssertionError("the record loaded does not read back from JSON")
        try:
            replay(value)
        except ThreeUpError:
            return
    if _read(kind, _write(kind, value), rules) != value:
        raise AssertionError("what loaded does not read back as itself")
    if isinstance(value, Observation):
        value.legal_moves()
    if isinstance(value, GameState):
        for move in legal_moves(value):
            after = apply(value, move)
            if position_problems(after):
                raise AssertionError(f"{move} leads to an unloadable position: {position_problems(after)}")


def check(kind: str, text: str, rules: Rules, *, timed: bool) -> bool:
    """Read ``text`` as ``kind``; whether it loaded. Raises :class:`Failure` if the reader misbehaves."""
    started = time.perf_counter()
    try:
        value = _read(kind, text, rules)
    except ThreeUpError:
        value = None
    except Exception:  # anything but a library error is the failure looked for
        raise Failure(kind, text, traceback.format_exc()) from None
    spent = time.perf_counter() - started
    if timed and spent > _slowest(text):
        spent = min(spent, *(_time_read(kind, text, rules) for _ in range(3)))  # not a pause of the machine
        if spent > _slowest(text):
            raise Failure(kind, text, f"reading {len(text)} characters took {spent:.3f} s")
    if value is None:
        return False
    try:
        _check_loaded(kind, value, rules)
    except (AssertionError, ThreeUpError) as error:
        raise Failure(kind, text, f"{error!r}") from None
    return True


def _slowest(text: str) -> float:
    """The most seconds reading ``text`` may take with ``--time``."""
    return SLOW_START + SLOW_PER_CHARACTER * len(text)


def _time_read(kind: str, text: str, rules: Rules) -> float:
    started = time.perf_counter()
    try:
        _read(kind, text, rules)
    except ThreeUpError:
        pass
    return time.perf_counter() - started


def fuzz(seed: int, *, seconds: float | None = None, documents: int | None = None, timed: bool = True) -> Counter[str]:
    """Read mutated inputs until ``seconds`` pass or ``documents`` are read; count them by outcome and kind."""
    rng = random.Random(seed)
    deadline = None if seconds is None else time.monotonic() + seconds
    counts: Counter[str] = Counter()
    while (documents is None or counts["read"] < documents) and (deadline is None or time.monotonic() < deadline):
        for kind, text, rules in inputs(rng):
            loaded = check(kind, mutate(text, rng), rules, timed=timed)
            counts.update(["read", f"{kind} {'loaded' if loaded else 'refused'}"])
    return counts


def main(arguments: list[str] | None = None) -> None:
    """Fuzz for ``--minutes`` (or ``--documents``) and print what was read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=None, help="how long to fuzz (default 1, unless --documents)")
    parser.add_argument("--documents", type=int, default=None, help="stop after reading this many inputs")
    parser.add_argument("--seed", type=int, default=None, help="seed of the games and mutations (default random)")
    parser.add_argument("--time", action=argparse.BooleanOptionalAction, default=True,
                        help="fail on a read slower than linear (default on)")
    args = parser.parse_args(arguments)
    seed = random.randrange(2**32) if args.seed is None else args.seed
    minutes = 1.0 if args.minutes is None and args.documents is None else args.minutes
    try:
        counts = fuzz(seed, seconds=None if minutes is None else minutes * 60, documents=args.documents, timed=args.time)
    except Failure as failure:
        print(f"FAILED (seed {seed}): {failure}", file=sys.stderr)
        raise SystemExit(1) from None
    outcomes = ", ".join(f"{name} {count}" for name, count in sorted(counts.items()) if name != "read")
    print(f"fuzz: {counts['read']} inputs read (seed {seed}): no failure; {outcomes}")


if __name__ == "__main__":
    main()
