"""Settings of the search bot compared game by game: the same deals, seats and randomness.

Each variant of :class:`~threeup3down.bots.ismcts.ISMCTSBot` takes one seat
against heuristics at every other seat, in the duplicate format of
``benchmarks/strength.py`` (seats rotated, every deal played in every
rotation). Game ``g`` has the deal, the seating and the bots' random numbers
that :func:`~threeup3down.simulation.simulate` gives it on the same seed, so
the first variant given (``default``, the bot as it ships) reproduces the
search's rows of ``strength.py``, and every variant plays exactly the same
games: a difference in wins comes from the search, not from the cards.

It prints, for each variant, its wins with a 95% Wilson interval, the games
it won and the first variant lost and the converse, with the sign test of
those (McNemar's z), the iterations it spent on each move that had a choice, and the
CPU seconds a game. A variant is ``default`` or settings joined by ``/``,
such as ``close_deals=16/confidence=1.5`` (``iterations``, ``confidence``,
``close_deals``, ``rollout_moves``, ``place_share``, ``hand_prior`` as 0
or 1). A variant that starts with ``cheating`` is
:class:`~threeup3down.bots.ismcts.CheatingBot` with the same settings
(``hands_only`` as 0 or 1 instead of ``hand_prior``): ``cheating`` sees
every card, ``cheating/hands_only=1`` every hand only, which measures what
knowing the opponents' hands is worth. The documented runs and their commands
are in the docs (:doc:`/howto/opponents`)::

    python benchmarks/search_variants.py --players 4 --games 1000 --seed 7 default close_deals=16
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import random
import time
from collections.abc import Sequence

from threeup3down import GameState, Move, Rules, apply, new_game
from threeup3down.bots import Chooser, chooser
from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot
from threeup3down.simulation import game_seed, wilson_interval

__all__ = ["Outcome", "make_variant", "play", "sign_test"]

Outcome = tuple[bool, float, int, int]
"""One game of a variant: whether it won, its CPU seconds, its decisions with a
choice searched, and the deals searched in them."""

_SETTINGS = ("iterations", "confidence", "close_deals", "rollout_moves", "place_share")


def make_variant(spec: str) -> ISMCTSBot | CheatingBot:
    """The search bot of a variant: ``default`` or ``key=value`` settings joined
    by ``/``, after ``cheating`` for the cheating bot.

    >>> make_variant("close_deals=16/confidence=1.5").close_deals
    16
    >>> make_variant("default").iterations
    8
    >>> variant = make_variant("place_share=0.2/hand_prior=1")
    >>> variant.place_share, variant.hand_prior
    (0.2, True)
    >>> cheat = make_variant("cheating/hands_only=1")
    >>> type(cheat).__name__, cheat.hands_only
    ('CheatingBot', True)
    """
    parts = [] if spec == "default" else spec.split("/")
    cheating = bool(parts) and parts[0] == "cheating"
    switch = "hands_only" if cheating else "hand_prior"
    values: dict[str, str] = {}
    for part in parts[1:] if cheating else parts:
        key, _, value = part.partition("=")
        if key not in (*_SETTINGS, switch):
            where = "after 'cheating/'" if key == "hands_only" else "first" if key == "cheating" else ""
            hint = f" ({key} comes {where})" if where else ""
            raise SystemExit(
                f"unknown setting {key!r} in {spec!r}{hint}: the settings are {', '.join((*_SETTINGS, switch))}"
            )
        values[key] = value

    def whole(key: str) -> int | None:
        return int(values[key]) if key in values else None

    on = _switch(values.get(switch, "0"), switch, spec)
    iterations, confidence = whole("iterations"), float(values["confidence"]) if "confidence" in values else None
    close_deals, rollout_moves = whole("close_deals"), whole("rollout_moves")
    place_share = float(values.get("place_share", 0.0))
    if cheating:
        return CheatingBot(
            iterations, confidence=confidence, close_deals=close_deals, rollout_moves=rollout_moves,
            place_share=place_share, hands_only=on,
        )
    return ISMCTSBot(
        iterations, confidence=confidence, close_deals=close_deals, rollout_moves=rollout_moves,
        place_share=place_share, hand_prior=on,
    )


def _switch(value: str, key: str, spec: str) -> bool:
    """A setting that is on (``1``, ``true``) or off (``0``, ``false``)."""
    if value.lower() not in ("0", "1", "false", "true"):
        raise SystemExit(f"{key} is 0 or 1, not {value!r}, in {spec!r}")
    return value.lower() in ("1", "true")


class _Counting:
    """A search bot that counts the decisions it searched and the deals it spent."""

    def __init__(self, bot: ISMCTSBot | CheatingBot) -> None:
        self.bot = bot
        self._choose = chooser(bot)
        self.decisions = 0
        self.deals = 0

    def __call__(self, state: GameState, rng: random.Random) -> Move:
        move = self._choose(state, rng)
        if self.bot.last_iterations:
            self.decisions += 1
            self.deals += self.bot.last_iterations
        return move


def play(spec: str, players: int, seed: int, game: int) -> Outcome:
    """Game ``game`` of ``seed`` as :func:`~threeup3down.simulation.simulate` plays it
    with ``rotate=True``, the variant at the first bot's seat, heuristics elsewhere.

    >>> won, cpu, decisions, deals = play("iterations=1", 4, seed=3, game=0)
    >>> deals == decisions > 0
    True
    """
    start = time.process_time()
    search = _Counting(make_variant(spec))
    bots: list[Chooser] = [search, *[chooser(HeuristicBot())] * (players - 1)]
    shift = game % players  # as simulate's seating: bot i at seat (i - shift) mod players
    seating = [bots[(seat + shift) % players] for seat in range(players)]
    state = new_game(Rules(players=players), seed=game_seed(seed, game // players))
    rng = random.Random(game_seed(seed, game, "bots"))
    while not state.is_over:
        state = apply(state, seating[state.current_player](state, rng))
    won = state.winner == (-shift) % players
    return won, time.process_time() - start, search.decisions, search.deals


def _play_many(spec: str, players: int, seed: int, games: Sequence[int]) -> list[Outcome]:
    return [play(spec, players, seed, game) for game in games]


def sign_test(only_this: int, only_other: int) -> float:
    """McNemar's z: how far the games won by one side only lean one way.

    >>> round(sign_test(34, 24), 2)
    1.31
    """
    total = only_this + only_other
    return 0.0 if total == 0 else (only_this - only_other) / math.sqrt(total)


def _report(results: dict[str, list[Outcome | None]], variants: Sequence[str]) -> None:
    """Print every variant's row over the games every variant has finished."""
    games = [game for game in range(len(results[variants[0]])) if all(results[spec][game] for spec in variants)]
    print(f"{'variant':<34} {'games':>5} {'wins':>5}  win share [95% Wilson]  {'only it':>7} {'only ref':>8} "
          f"{'z':>5}  {'deals/dec':>9} {'CPU s/game':>10}")
    reference = [_won(results[variants[0]][game]) for game in games]
    for spec in variants:
        outcomes = [outcome for outcome in (results[spec][game] for game in games) if outcome is not None]
        wins = [outcome[0] for outcome in outcomes]
        low, high = wilson_interval(sum(wins), len(games))
        only_it = sum(1 for mine, theirs in zip(wins, reference) if mine and not theirs)
        only_ref = sum(1 for mine, theirs in zip(wins, reference) if theirs and not mine)
        decisions = sum(outcome[2] for outcome in outcomes)
        deals = sum(outcome[3] for outcome in outcomes) / max(1, decisions)
        cpu = sum(outcome[1] for outcome in outcomes) / max(1, len(games))
        print(f"{spec:<34} {len(games):>5} {sum(wins):>5}  {sum(wins) / max(1, len(games)):6.1%} "
              f"[{low:.1%}, {high:.1%}]  {only_it:>7} {only_ref:>8} {sign_test(only_it, only_ref):>5.2f}  "
              f"{deals:>9.2f} {cpu:>10.2f}", flush=True)


def _won(outcome: Outcome | None) -> bool:
    return outcome is not None and outcome[0]


def main() -> None:
    """Play every variant on the same games and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+", help="the variants, the first the reference ('default')")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000, help="games per variant (rounded down to whole deals)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=20, help="games per task")
    parser.add_argument("--every", type=int, default=0, help="also print the rows every this many games (0: at the end)")
    args = parser.parse_args()
    games = args.games - args.games % args.players
    for spec in args.variants:
        make_variant(spec)  # a bad setting stops here, before any game
    wall = time.perf_counter()
    results: dict[str, list[Outcome | None]] = {spec: [None] * games for spec in args.variants}
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {}
        for start in range(0, games, args.batch):
            chunk = list(range(start, min(start + args.batch, games)))
            for spec in args.variants:
                futures[pool.submit(_play_many, spec, args.players, args.seed, chunk)] = (spec, chunk)
        done, shown = 0, 0
        for future in concurrent.futures.as_completed(futures):
            spec, chunk = futures[future]
            for game, outcome in zip(chunk, future.result()):
                results[spec][game] = outcome
            done += len(chunk)
            if args.every and done // len(args.variants) >= shown + args.every:
                shown = done // len(args.variants)
                print(f"-- about {shown} games a variant, {time.perf_counter() - wall:.0f} s", flush=True)
                _report(results, args.variants)
    print(f"{args.players} players, seed {args.seed}, {games} games a variant, duplicate format; "
          f"{time.perf_counter() - wall:.0f} s on {args.workers} workers")
    _report(results, args.variants)


if __name__ == "__main__":
    main()
