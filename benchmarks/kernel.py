"""Speed of the batched kernel (threeup3down.kernel) next to the engine, in one run.

What each line measures, under uniformly random play:

* ``engine``: decisions per second of ``legal_moves`` and ``apply`` on one core
  (one process, plain Python), the deal not counted;
* ``kernel, batch N``: table steps per second of the kernel at N tables, each
  step one decision at every table: the legal-action mask, a random legal
  action (:func:`~threeup3down.kernel.random_actions`) and the step, run as one
  compiled ``jax.lax.fori_loop``; a table whose game ends starts over from its
  first deal, so every table decides at every step. First on one device (on a
  CPU, XLA spreads each operation over the cores), then, where there are
  several devices, with the batch split over them (``jax.shard_map``: on a CPU,
  one device per core, each running its own tables);
* ``compile``: the seconds the first call of that loop took, compiling it, at
  each batch size (each size is compiled apart);
* the devices JAX ran on. On a CPU the script asks for one host device per core
  (``XLA_FLAGS=--xla_force_host_platform_device_count``) unless ``XLA_FLAGS``
  already sets a count; ``--devices 1`` asks for one.

Each figure is the best of ``--rounds`` rounds (as :mod:`timeit` does: a slower
round measures the machine's other work). The kernel's ratio is its steps per
second over the engine's decisions per second.

Run ``python benchmarks/kernel.py [--players 4] [--seconds S] [--rounds R] [--steps K] [--devices N]``
(needs the ``[jax]`` extra); ``--quick`` is a smoke run of a second.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from collections.abc import Callable


def _host_devices(argv: list[str]) -> None:
    """Ask XLA for one host device per core (or ``--devices N``), before JAX starts."""
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_force_host_platform_device_count" in flags:
        return
    count = os.cpu_count() or 1
    for number, word in enumerate(argv):
        if word == "--devices" and number + 1 < len(argv):
            count = int(argv[number + 1])
        elif word.startswith("--devices="):
            count = int(word.removeprefix("--devices="))
    os.environ["XLA_FLAGS"] = f"{flags} --xla_force_host_platform_device_count={count}".strip()


if __name__ == "__main__":
    _host_devices(sys.argv[1:])

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec  # noqa: E402

import learning_envs  # noqa: E402  beside this file: python benchmarks/kernel.py puts it on the path

from threeup3down import Rules  # noqa: E402
from threeup3down import kernel  # noqa: E402

__all__ = ["engine_decisions", "kernel_steps"]

BATCHES = (1, 256, 1024, 4096)
"""The batch sizes measured."""


def engine_decisions(rules: Rules, seconds: float) -> float:
    """The engine's decisions per second under random play, the deal not counted:
    the measure of ``benchmarks/learning_envs.py``, which the adapters are held to."""
    decisions, _, spent = learning_envs.engine_decisions(rules.players, seconds)
    return decisions / spent


@functools.partial(jax.jit, static_argnames=("steps",))
def _rollout(first: kernel.TableState, key: jax.Array, steps: int) -> kernel.TableState:
    """``steps`` random decisions at every table, a finished table restarting from ``first``."""

    def decide(number: int, state: kernel.TableState) -> kernel.TableState:
        actions = kernel.random_actions(jax.random.fold_in(key, number), kernel.legal_action_mask(state))
        after = kernel.step(state, actions)
        over = after.phase == 2
        restarted: kernel.TableState = jax.tree.map(
            lambda fresh, moved: jnp.where(over.reshape((-1,) + (1,) * (moved.ndim - 1)), fresh, moved), first, after
        )
        return restarted

    final: kernel.TableState = jax.lax.fori_loop(0, steps, decide, first)
    return final


def kernel_steps(rules: Rules, batch: int, steps: int, rounds: int, devices: int = 1) -> tuple[float, float]:
    """The kernel's table steps per second at ``batch`` tables (best of ``rounds``)
    and the seconds its first call took (compiling the loop); with ``devices``
    over 1, the batch split over that many devices, each rolling out its tables."""
    first = kernel.init(jax.random.key(0), rules, batch)
    rollout: Callable[[kernel.TableState, jax.Array], kernel.TableState] = functools.partial(_rollout, steps=steps)
    if devices > 1:
        mesh = Mesh(jax.devices()[:devices], ("tables",))
        split = jax.tree.map(lambda _: PartitionSpec("tables"), first)  # type: ignore[no-untyped-call]
        first = jax.device_put(first, jax.tree.map(lambda spec: NamedSharding(mesh, spec), split))

        def each(tables: kernel.TableState, key: jax.Array) -> kernel.TableState:
            played: kernel.TableState = _rollout(tables, jax.random.fold_in(key, jax.lax.axis_index("tables")), steps)
            return played

        whole = PartitionSpec()  # type: ignore[no-untyped-call]
        rollout = jax.jit(jax.shard_map(each, mesh=mesh, in_specs=(split, whole), out_specs=split))
    start = time.perf_counter()
    rollout(first, jax.random.key(1)).turn.block_until_ready()
    compiled = time.perf_counter() - start
    best = 0.0
    for number in range(rounds):
        start = time.perf_counter()
        rollout(first, jax.random.key(2 + number)).turn.block_until_ready()
        best = max(best, batch * steps / (time.perf_counter() - start))
    return best, compiled


def main() -> None:
    parser = argparse.ArgumentParser(description="Speed of the batched kernel next to the engine.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of the engine's play per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=200, help="decisions per table per kernel round")
    parser.add_argument("--devices", type=int, help="host devices asked for on a CPU (default: one per core)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: a second, batch 1 and 256")
    args = parser.parse_args()
    rules = Rules(players=args.players)
    batches: tuple[int, ...] = BATCHES
    seconds, rounds, steps = args.seconds, args.rounds, args.steps
    if args.quick:
        seconds, rounds, steps, batches = 0.2, 1, 10, BATCHES[:2]
    devices = jax.devices()
    named = ", ".join(map(str, devices))
    print(f"devices: {len(devices)} x {devices[0].platform} ({named}), jax {jax.__version__}, {args.players} players")
    engine = max(engine_decisions(rules, seconds) for _ in range(rounds))
    print(f"engine: {engine:,.0f} decisions/s (one core)")
    for batch in batches:
        rate, compiled = kernel_steps(rules, batch, steps, rounds)
        print(f"kernel, batch {batch}: {rate:,.0f} steps/s ({rate / engine:.1f}x the engine), compile {compiled:.1f} s")
        if len(devices) > 1 and batch % len(devices) == 0:
            rate, compiled = kernel_steps(rules, batch, steps, rounds, len(devices))
            print(
                f"kernel, batch {batch} split over {len(devices)} devices: {rate:,.0f} steps/s"
                f" ({rate / engine:.1f}x the engine), compile {compiled:.1f} s"
            )


if __name__ == "__main__":
    main()
