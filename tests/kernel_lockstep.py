"""The kernel and the engine played in lock step, for the differential test and
``scripts/kernel_differential.py``.

:func:`variants` names one table for each option and reading of
:class:`~threeup3down.Rules`, derived from its fields: every ``bool`` field
switched on, every other member of an enumeration, and for the other fields the
values of :data:`VALUES`; a field that needs another (``reverse_each_one`` needs
``reverse_on_one``) gets it switched on too, as the refusal of
:class:`~threeup3down.Rules` names it. :func:`lockstep` plays random legal actions
at a batch of tables in both and compares, at every decision, the kernel's mask
with the encoding of :func:`~threeup3down.legal_moves`, the kernel's successor
(decoded) with :func:`~threeup3down.apply`'s, and the kernel's observation of the
seat to move with the adapters' tensor. A disagreement raises
:class:`Disagreement`, whose message has the position in position notation.
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import jax
import jax.numpy as jnp
import numpy as np

from threeup3down import Colour, GameState, Rules, RulesError, apply, new_game
from threeup3down.adapters.encoder import encoder
from threeup3down.adapters.encoding import ActionCodec, rewards
from threeup3down.core.cards import Card
from threeup3down import kernel

__all__ = ["VALUES", "Disagreement", "Played", "lockstep", "variants"]

VALUES: dict[str, tuple[object, ...]] = {
    "players": (),
    "custom_cards": (tuple(Card) * 2,),
    "decks": (2,),
    "omitted_colours": (frozenset({Colour.RED}), frozenset({Colour.RED, Colour.BLUE})),
    "first_seat": (1,),
    "dealer": (1,),
    "turn_limit": (30, None),
}
"""The values other than the default tried for each field that is neither a
``bool`` nor an enumeration (``players`` is the table's size, tried apart)."""


class Disagreement(AssertionError):
    """The kernel and the engine disagree; the message shows where."""


@attrs.frozen
class Played:
    """What :func:`lockstep` played, every table together."""

    decisions: int
    """Decisions made."""
    swap_offers: int
    """Of them, answers to a same-colour swap on offer (O7): a swap or ``keep``."""


def _values(name: str, hint: object, default: object) -> tuple[object, ...]:
    if hint is bool:
        return (not default,)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return tuple(member for member in hint if member is not default)
    if name in VALUES:
        return VALUES[name]
    raise TypeError(f"Rules.{name} has no values to try: add it to VALUES")


def _label(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        return "".join(sorted(colour.value for colour in value))
    if isinstance(value, tuple):
        return f"{len(value)}cards"
    return str(value)


def variants(players: int) -> Iterator[tuple[str, Rules]]:
    """``("base", Rules(players=...))`` and one table per option value, named
    ``field=value``; values the table's size does not allow are left out."""
    hints = typing.get_type_hints(Rules)
    yield "base", Rules(players=players)
    for field in attrs.fields(Rules):
        for value in _values(field.name, hints[field.name], field.default):
            options: dict[str, Any] = {"players": players, field.name: value}
            for _ in range(3):
                try:
                    rules = Rules(**options)
                except RulesError as error:
                    needed = [name for name in error.fields if name not in options and hints[name] is bool]
                    if not needed:
                        break
                    options.update({name: _values(name, hints[name], getattr(Rules(), name))[0] for name in needed})
                else:
                    yield f"{field.name}={_label(value)}", rules
                    break


def lockstep(rules: Rules, *, tables: int, decisions: int, seed: int) -> Played:
    """Play random legal actions at ``tables`` tables at once in the kernel and the
    engine, until ``decisions`` decisions are made; return how many were, and how
    many answered a swap offer (O7). The
    first games are dealt by :func:`threeup3down.kernel.init`, and where a game
    ends the next is dealt by :func:`~threeup3down.new_game`. Where a game ends,
    the kernel's rewards are compared with the adapters'. Raises
    :class:`Disagreement` at the first difference."""
    rng = random.Random(seed)
    codec = ActionCodec(rules)
    tensors = encoder(rules)
    batch = kernel.init(jax.random.key(seed), rules, tables)
    states = kernel.to_game_states(batch)
    made = offers = 0
    while made < decisions:
        mask = np.asarray(kernel.legal_action_mask(batch))
        movers = jnp.asarray([state.current_player for state in states])
        seen = np.asarray(kernel.observation(batch, movers))
        actions = np.zeros(tables, dtype=np.int32)
        after: list[GameState] = []
        for index, state in enumerate(states):
            legal = codec.legal_actions(state)
            listed = tuple(np.flatnonzero(mask[index]).tolist())
            if listed != legal:
                raise Disagreement(
                    f"legal actions of {state.notation()!r}: the engine's "
                    f"{[codec.describe(action) for action in legal]}, the kernel's "
                    f"{[codec.describe(action) for action in listed]}"
                )
            expected = tensors.tensor(state, state.current_player)
            if not np.array_equal(seen[index], expected):
                fields = [name for name, _ in tensors.offsets.items()]
                wrong = sorted(
                    {name for name in fields for at in np.flatnonzero(seen[index] != expected) if _field_at(tensors.offsets, int(at)) == name}
                )
                raise Disagreement(f"observation of seat {state.current_player} of {state.notation()!r} differs in {wrong}")
            if state.is_over:
                after.append(state)
                continue
            action = rng.choice(legal)
            actions[index] = action
            after.append(apply(state, codec.decode(action, state)))
            made += 1
            offers += state.swap_offered
        batch = kernel.step(batch, actions)
        for index, (got, want) in enumerate(zip(kernel.to_game_states(batch), after)):
            if got != want:
                raise Disagreement(
                    f"{codec.describe(int(actions[index]))} in {states[index].notation()!r}: "
                    f"the engine gives {want.notation()!r}, the kernel {got.notation()!r}"
                )
        states = after
        if any(state.is_over for state in states):
            paid = np.asarray(kernel.rewards(batch))
            for index, state in enumerate(states):
                if state.is_over and tuple(paid[index].tolist()) != float32_rewards(state):
                    raise Disagreement(
                        f"rewards of {state.notation()!r}: the engine's {rewards(state)}, the kernel's {paid[index].tolist()}"
                    )
            states = [new_game(rules, seed=rng.randrange(2**32)) if state.is_over else state for state in states]
            batch = kernel.from_game_states(states)
    return Played(decisions=made, swap_offers=offers)


def float32_rewards(state: GameState) -> tuple[float, ...]:
    """The adapters' rewards of ``state`` as ``float32`` values, the kernel's type."""
    return tuple(np.asarray(rewards(state), dtype=np.float32).tolist())


def _field_at(offsets: dict[str, int], at: int) -> str:
    """The field of the tensor that entry ``at`` belongs to."""
    return max((start, name) for name, start in offsets.items() if start <= at)[1]
