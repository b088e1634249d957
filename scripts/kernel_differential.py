"""The kernel against the engine in lock step, at length (threeup3down.kernel).

For each table size from 2 to 6 and each option and reading the kernel covers
(``tests/kernel_lockstep.py`` derives one table per option from the fields of
:class:`~threeup3down.Rules`), plays random legal actions at a batch of tables in
the kernel and the engine at once and compares, at every decision, the kernel's
legal-action mask with the encoding of :func:`~threeup3down.legal_moves`, its
successor (decoded) with :func:`~threeup3down.apply`'s, its observation of the
seat to move with the adapters' tensor, and the rewards where a game ends. The
options the kernel refuses are listed as refused; under the same-colour swap (O7)
each line also counts the decisions taken on a swap offer.

Run from the repository root (needs the ``[jax]`` extra)::

    python -m scripts.kernel_differential                      # 100,000 decisions each
    python -m scripts.kernel_differential --decisions 2000 --players 3 --option places=True

It prints one line per table size and option with the decisions checked and
the time taken, and exits with status 1 at the first disagreement, printing
the position in position notation, the action and both successors.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.kernel_lockstep import Disagreement, lockstep, variants
from threeup3down import RulesError
from threeup3down import kernel

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decisions", type=int, default=100_000, help="decisions per table size and option")
    parser.add_argument("--tables", type=int, default=64, help="tables played at once")
    parser.add_argument("--players", type=int, action="append", help="a table size (repeatable; default 2-6)")
    parser.add_argument("--option", action="append", help="an option as named in the output (repeatable; default all)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    total = 0
    for players in args.players or range(2, 7):
        for number, (name, rules) in enumerate(variants(players)):
            if args.option and name not in args.option:
                continue
            try:
                kernel.check_covered(rules)
            except RulesError as refusal:
                print(f"{players} players, {name}: refused ({refusal})", flush=True)
                continue
            start = time.perf_counter()
            try:
                played = lockstep(rules, tables=args.tables, decisions=args.decisions, seed=args.seed + number)
            except Disagreement as disagreement:
                print(f"{players} players, {name}: DISAGREEMENT (seed {args.seed + number})\n{disagreement}", flush=True)
                return 1
            total += played.decisions
            offers = f", {played.swap_offers:,} of them swap offers (O7)" if rules.same_colour_swap else ""
            print(
                f"{players} players, {name}: {played.decisions:,} decisions agree{offers}"
                f" ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(f"{total:,} decisions checked, no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
