"""A front end as a networked client sees the game: JSON in, JSON out.

The host holds the full :class:`~threeup3down.GameState`. Each client only
ever receives JSON text: its seat's observation and the events of each move,
redacted for that seat. It answers with a move as JSON. This loop plays one
game between such clients in a single process, the messages passing as text
exactly as they would over a socket.

Run: ``python examples/client_loop.py [seed]``
"""

from __future__ import annotations

import random
import sys

from threeup3down import (
    IllegalMoveError,
    Observation,
    Rules,
    apply_with_events,
    events_for,
    from_json,
    new_game,
    observe,
    to_json,
)
from threeup3down.views.narration import describe
from threeup3down.formats.serialization import EVENTS, MOVE


class Client:
    """One seat's program: it knows only the JSON it was sent."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.log: list[str] = []

    def on_events(self, message: str) -> None:
        """Animate what happened (here: remember it as text)."""
        self.log.extend(describe(event) for event in from_json(message, EVENTS))

    def on_turn(self, message: str) -> str:
        """Choose a move from the observation alone and send it back as JSON."""
        view = from_json(message, Observation)
        move = self.rng.choice(view.legal_moves())
        assert view.is_legal(move)  # a client can check a move before sending it
        return to_json(move)


def host_game(seed: int, players: int = 3) -> tuple[str, list[Client]]:
    """Host one game between JSON-only clients; return the result and the clients."""
    state = new_game(Rules(players=players), seed=seed)
    clients = [Client(seat, seed * 10 + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        reply = clients[seat].on_turn(to_json(observe(state, seat)))
        try:
            state, events = apply_with_events(state, from_json(reply, MOVE))
        except IllegalMoveError as error:  # a real host would answer the client with this
            raise SystemExit(f"client {seat} sent an illegal move: {error}") from None
        for client in clients:
            client.on_events(to_json(events_for(events, client.seat)))
    result = "stalemate" if state.is_stalemate else f"player {state.winner} wins"
    return f"{result} after {state.turn} turns", clients


def main() -> None:
    """Play one game and print what seat 0 was told."""
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    result, clients = host_game(seed)
    for line in clients[0].log[-8:]:
        print(line)
    print(result)


if __name__ == "__main__":
    main()
