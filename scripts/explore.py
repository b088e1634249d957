"""Explore small games completely: every reachable state, every invariant, every cycle.

States are immutable and hashable, so a game with a tiny deck can be searched
breadth-first from its deal to every position it can reach. Two states that
differ only in :attr:`~threeup3down.GameState.turn` (the count of turns played)
or in what the players know of each other's hands
(:attr:`~threeup3down.Seat.known`, which never changes what may be played)
are the same position, so the search identifies them: it works on the *move
graph* whose nodes are states with ``turn`` set to 0 and nothing known. A cycle in that graph is
a sequence of moves that brings a position back, which the players may repeat
for ever; without a turn limit (O10) such a game never ends.

On every state the search checks the invariants of :func:`problems` and that
every listed move applies; it counts states, transitions and finished games,
finds the strongly connected components that contain cycles, the states from
which no finished game can be reached, the states from which one player alone
can keep the game from ever ending (:func:`unending_for`), and the shortest
cycle it can show, move by move.

Run from the repository root (about 0.2 ms per state; the default, two deals
of a 20-card deck, is 129,254 states and takes under half a minute)::

    python scripts/explore.py                       # the default tiny deck, seeds 0-1
    python scripts/explore.py --deck 3g*9,7g*9,C+2g --seeds 32     # 10,929 states, 2 s
    python scripts/explore.py --deck 3g*5,3r*4,7g*5,7r*4,Cb,C+2g \
        --option same_colour_swap --max-states 400000
    python scripts/explore.py --players 3 --option places --option reverse_on_one \
        --deck 1g*9,5g*9,9g*7,Cg,C+1g --max-states 300000 \
        --position "play 0 1g,5g|9g|5g,1g,9g/1g,9g|-|1g,C+1g/5g|1g|9g,Cg,5g - 1g *"

It exits with status 1 if any invariant fails.
``tests/test_model_check.py`` runs a bounded exploration in the test suite.
"""

from __future__ import annotations

import argparse
import enum
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable, Sequence

import attrs

from threeup3down import (
    Card,
    GameState,
    IllegalMoveError,
    Move,
    NotationError,
    Phase,
    Rules,
    Seat,
    apply,
    format_cards,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)

__all__ = [
    "TINY_DECK",
    "Exploration",
    "canonical",
    "cycle_through",
    "cyclic_components",
    "explore",
    "main",
    "parse_deck",
    "problems",
    "tiny_rules",
    "unending_for",
    "unfinishable",
]

TINY_DECK = "3g*9,7g*9,Cg,C+1g"
"""The default deck: 20 cards, two numbers, a Clear and a Clear +1, all green."""


def parse_deck(text: str) -> tuple[Card, ...]:
    """A deck written as cards, each optionally with ``*count``: ``"3g*9,7g*9,Cg"``."""
    cards: list[Card] = []
    for item in text.split(","):
        card, _, count = item.partition("*")
        cards += parse_cards(card) * (int(count) if count else 1)
    return tuple(cards)


def tiny_rules(deck: str = TINY_DECK, players: int = 2, options: Sequence[str] = ()) -> Rules:
    """Rules for exhaustive search: a custom deck, no turn limit (O10 off), and
    ``options`` such as ``"draw_instead"`` or ``"clear_two_draw=each"``."""
    rules = Rules(custom_cards=parse_deck(deck), players=players, turn_limit=None)
    defaults = {field.name: field.default for field in attrs.fields(Rules)}
    changes: dict[str, object] = {}
    for option in options:
        name, equals, value = option.partition("=")
        default = defaults.get(name)
        if isinstance(default, bool):
            changes[name] = not equals or value == "true"
        elif isinstance(default, enum.Enum):
            changes[name] = type(default)(value)
        elif isinstance(default, int) and not isinstance(default, bool):
            changes[name] = int(value)
        else:
            raise ValueError(f"unsupported option {option!r}")
    return attrs.evolve(rules, **changes)  # type: ignore[arg-type]  # Rules checks the values


def canonical(state: GameState) -> GameState:
    """``state`` as a node of the move graph: the turn counter set to 0, and
    nothing known of any hand (knowledge follows the moves and never decides them)."""
    if any(seat.known for seat in state.seats):
        seats = tuple(Seat(hand=seat.hand, up=seat.up, down=seat.down) for seat in state.seats)
        state = attrs.evolve(state, seats=seats)
    return attrs.evolve(state, turn=0) if state.turn else state


# ---------------------------------------------------------------- invariants


def problems(state: GameState, moves: Sequence[Move]) -> list[str]:
    """Everything wrong with ``state`` and its listed ``moves``, or nothing.

    The invariants: every card of the deck in exactly one place (D1); the
    discard pile holds only numbers and never ends in three equal ones (C1,
    C4); moves are listed exactly while the game is not over, all distinct,
    each round-tripping through move notation; the position round-trips
    through position notation; hands and 3UP cards sorted, at most three 3UP
    and 3DOWN cards, and no 3DOWN card gone while 3UP cards remain (F2); the
    early draw is offered only when it draws something for an owed play (C2);
    every seat that is not in the middle of its own turn holds three cards or
    more while the draw pile has any (T4); without a turn limit, a game is over
    only once someone has gone out (W1).
    """
    found: list[str] = []
    rules = state.rules
    placed = Counter(state.draw_pile + state.discard_pile + state.out_of_game)
    for seat in state.seats:
        placed.update(seat.hand + seat.up + seat.down)
    if placed != Counter(rules.deck_cards()):
        found.append("D1: the cards in play are not the deck")
    pile = state.discard_pile
    if any(card.rank.is_clear for card in pile):
        found.append("C1: a Clear card lies on the discard pile")
    if len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank:
        found.append("C4: the discard pile ends in three of a kind")
    if bool(moves) == state.is_over:
        found.append("W1: moves are listed exactly when the game is over")
    if len(set(moves)) != len(moves):
        found.append("a move is listed twice")
    if any(parse_move(str(move)) != move for move in moves):
        found.append("a move does not round-trip through move notation")
    try:
        if GameState.from_notation(state.notation(), rules) != state:
            found.append("the position does not round-trip through position notation")
    except NotationError as error:
        found.append(f"the position's notation is refused: {error}")
    found += _seat_problems(state)
    hand = state.seats[state.current_player].hand
    if state.may_draw and not (state.owed_plays and state.draw_pile and len(hand) < 3):
        found.append("C2: the early draw is offered where it is not allowed")
    if rules.turn_limit is None and state.is_over and state.winner is None:
        found.append("W1: the game is over but nobody has gone out")
    return found


def _seat_problems(state: GameState) -> list[str]:
    found = []
    mid_turn = state.owed_plays > 0 or state.swap_offered
    for number, seat in enumerate(state.seats):
        if list(seat.hand) != sorted(seat.hand) or list(seat.up) != sorted(seat.up):
            found.append(f"seat {number}: hand or 3UP cards not sorted")
        if len(seat.up) > 3 or len(seat.down) > 3:
            found.append(f"seat {number}: more than three 3UP or 3DOWN cards")
        if state.phase is not Phase.SETUP and seat.up and len(seat.down) < 3:
            found.append(f"F2: seat {number} played a 3DOWN card before its 3UP cards")
        resting = not (mid_turn and number == state.current_player)
        if (
            state.phase is not Phase.SETUP
            and resting
            and not seat.is_out
            and state.draw_pile
            and len(seat.hand) < 3
        ):
            found.append(f"T4: seat {number} holds {len(seat.hand)} cards while the draw pile has cards")
    return found


# ---------------------------------------------------------------- the search


@attrs.define
class Exploration:
    """The move graph of every state reachable from some starting states."""

    states: list[GameState] = attrs.Factory(list)
    """Every reachable state (turn set to 0), in breadth-first order; starts first."""
    successors: list[tuple[int, ...]] = attrs.Factory(list)
    """For each explored state, the index of the state each listed move leads to,
    in move order (a move the engine refuses is a violation and has no entry)."""
    violations: list[tuple[int, str]] = attrs.Factory(list)
    """(state index, problem) for every invariant that fails."""
    complete: bool = True
    """False if the search stopped at its state limit."""
    seconds: float = 0.0
    """Time the search took."""

    @property
    def transitions(self) -> int:
        """How many (state, move) pairs were applied."""
        return sum(len(targets) for targets in self.successors)

    @property
    def terminal(self) -> list[int]:
        """The states in which the game is over."""
        return [index for index, state in enumerate(self.states) if state.is_over]


def explore(starts: Iterable[GameState], *, max_states: int | None = None) -> Exploration:
    """Search breadth-first from ``starts``, checking :func:`problems` on every state.

    States are identified by :func:`canonical`.
    """
    began = time.perf_counter()
    result = Exploration()
    index: dict[GameState, int] = {}

    def visit(state: GameState) -> int:
        found = index.get(state)
        if found is None:
            found = index[state] = len(result.states)
            result.states.append(state)
        return found

    for start in starts:
        visit(canonical(start))
    done = 0
    while done < len(result.states):
        if max_states is not None and len(result.states) > max_states:
            result.complete = False
            break
        state = result.states[done]
        moves = legal_moves(state)
        result.violations += [(done, problem) for problem in problems(state, moves)]
        targets = []
        for move in moves:
            try:
                after = apply(state, move)
            except IllegalMoveError as error:
                result.violations.append((done, f"listed move {move} is refused: {error}"))
                continue
            targets.append(visit(canonical(after)))
        result.successors.append(tuple(targets))
        done += 1
    result.seconds = time.perf_counter() - began
    return result


def cyclic_components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The strongly connected components that contain a cycle (Tarjan's algorithm, iterative).

    Only states whose successors are known are searched: an incomplete
    search's frontier has no outgoing edges.
    """
    count = len(successors)
    order = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    components: list[list[int]] = []
    counter = 0
    for root in range(count):
        if order[root] != -1:
            continue
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, 0)]
        while work:
            node, edge = work[-1]
            edges = successors[node]
            if edge < len(edges):
                work[-1] = (node, edge + 1)
                target = edges[edge]
                if target >= count:  # the frontier of an incomplete search
                    continue
                if order[target] == -1:
                    order[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack[target] = True
                    work.append((target, 0))
                elif on_stack[target]:
                    low[node] = min(low[node], order[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == order[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges:
                    components.append(sorted(component))
    return components


def cycle_through(successors: Sequence[Sequence[int]], component: Sequence[int]) -> list[int]:
    """A shortest cycle through the first state of ``component``: its states, in order."""
    members = set(component)
    start = component[0]
    came_from: dict[int, int] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in successors[node]:
            if target == start:
                path = [node]
                while node != start:
                    node = came_from[node]
                    path.append(node)
                return path[::-1]
            if target in members and target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise ValueError("the component has no cycle through its first state")


def _predecessors(exploration: Exploration) -> list[list[int]]:
    predecessors: list[list[int]] = [[] for _ in exploration.states]
    for source, targets in enumerate(exploration.successors):
        for target in targets:
            predecessors[target].append(source)
    return predecessors


def unfinishable(exploration: Exploration) -> int:
    """How many states cannot reach the end of the game by any sequence of moves."""
    return len(exploration.successors) - len(_ending(exploration, None))


def unending_for(exploration: Exploration, seat: int) -> set[int]:
    """The states in which ``seat`` alone can keep the game from ever ending, whatever the others do.

    The complement of the others' attractor of the finished states: a state
    is forced to end if the others, to move, have a move into a forced-ending
    state, or if ``seat``, to move, has only such moves.
    """
    return set(range(len(exploration.successors))) - _ending(exploration, seat)


def _ending(exploration: Exploration, stubborn: int | None) -> set[int]:
    """The expanded states from which the game can be made to end: by some
    sequence of moves (``stubborn`` None), or against ``stubborn``'s will."""
    expanded = len(exploration.successors)
    waiting = [len(targets) for targets in exploration.successors]
    ending = {node for node in exploration.terminal if node < expanded}
    queue = deque(ending)
    predecessors = _predecessors(exploration)
    while queue:
        node = queue.popleft()
        for source in predecessors[node]:
            if source in ending:
                continue
            waiting[source] -= 1
            if stubborn is None or exploration.states[source].current_player != stubborn or not waiting[source]:
                ending.add(source)
                queue.append(source)
    return ending


# ---------------------------------------------------------------------- main


def _describe_cycle(exploration: Exploration, cycle: list[int]) -> list[str]:
    """The cycle as positions in notation, each followed by the move to the next."""
    lines = []
    for node, following in zip(cycle, cycle[1:] + cycle[:1]):
        state = exploration.states[node]
        target = exploration.states[following]
        move = next(m for m in legal_moves(state) if canonical(apply(state, m)) == target)
        lines += [f"  {state.notation()}", f"      -> {move}"]
    lines.append(f"  {exploration.states[cycle[0]].notation()}  (the first position again)")
    return lines


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> int:
    """Explore the configuration given on the command line and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deck", default=TINY_DECK, help=f"cards, with *count (default {TINY_DECK})")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", default="0-1", help="deals: new_game seeds, e.g. 0-4 (default 0-1)")
    parser.add_argument(
        "--position", action="append", default=[],
        help="start from this position (notation; '*' for the out-of-game pile) instead of deals",
    )
    parser.add_argument("--max-states", type=int, default=None, help="stop after this many states")
    parser.add_argument(
        "--option", action="append", default=[],
        help="an optional rule: a Rules field, e.g. draw_instead or clear_two_draw=each (repeatable)",
    )
    args = parser.parse_args(argv)
    rules = tiny_rules(args.deck, args.players, args.option)
    seeds = _seeds(args.seeds)
    if args.position:
        dealt = {canonical(GameState.from_notation(text, rules)) for text in args.position}
    else:
        dealt = {canonical(new_game(rules, seed=seed)) for seed in seeds}
    starts = len(dealt)
    exploration = explore(dealt, max_states=args.max_states)
    began = time.perf_counter()
    components = cyclic_components(exploration.successors)
    unending = unfinishable(exploration) if exploration.complete else None
    analysis = time.perf_counter() - began
    print(f"deck        {format_cards(rules.deck_cards())} ({len(rules.deck_cards())} cards)")
    origin = f"{len(args.position)} positions" if args.position else f"deals from seeds {args.seeds}"
    print(f"players     {rules.players}, {origin}, no turn limit, "
          f"options: {', '.join(args.option) or 'none'}")
    print(f"states      {len(exploration.states)}{'' if exploration.complete else ' (stopped at the limit)'}")
    print(f"transitions {exploration.transitions}")
    print(f"finished    {len(exploration.terminal)} states where the game is over")
    print(f"violations  {len(exploration.violations)}")
    for node, problem in exploration.violations[:10]:
        print(f"  {exploration.states[node].notation()}: {problem}")
    print(f"cycles      {len(components)} cyclic components, "
          f"{sum(map(len, components))} states on cycles, "
          f"largest component {max(map(len, components), default=0)} states")
    if unending is not None:
        print(f"trapped     {unending} states from which the game cannot end")
        for seat in range(rules.players):
            stubborn = unending_for(exploration, seat)
            deals = sum(1 for node in range(starts) if node in stubborn)
            print(f"seat {seat}      alone can keep the game from ending in {len(stubborn)} states"
                  f" ({deals} of {starts} starts)")
    if components:
        cycle = min((cycle_through(exploration.successors, c) for c in components), key=len)
        print(f"shortest cycle found ({len(cycle)} moves):")
        print("\n".join(_describe_cycle(exploration, cycle)))
    print(f"time        {exploration.seconds:.1f} s search, {analysis:.1f} s cycle analysis")
    return 1 if exploration.violations else 0


if __name__ == "__main__":
    sys.exit(main())
