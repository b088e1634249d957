"""The leak oracle: no frame the server sends tells a seat a card it may not see (S2, S3, S4, F3, F4).

A test session plays part of a game through the server, as a seat and as a
spectator, and keeps every frame. The oracle then changes the game behind
the viewer's back: it swaps two cards that the viewer may not see (in other
seats' hands and 3DOWN piles, and the draw pile's order), replays the same
moves, and, where every card the viewer may see stayed the same at every
step (so everything public was kept), requires every frame to be identical.
Where a swapped card did come into view, the frames must differ: the oracle
can see a difference when there is one.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from tests.extras import require

require("starlette", "server")
require("httpx2", "test")

from tests.server_support import SEED, app_client, hello, join, new_table  # noqa: E402
from threeup3down import Card, GameState, Move, apply, is_legal, new_game, parse_move  # noqa: E402
from threeup3down.core.cards import sort_cards  # noqa: E402
from threeup3down.core.phase import Phase  # noqa: E402
from threeup3down.server.frames import frames_after  # noqa: E402

Place = tuple[str, int, int]
"""Where a card lies in a deal: ("hand" | "down", seat, index), or ("draw", -1, index)."""


def session(seat: int | None, moves_wanted: int) -> tuple[list[dict[str, Any]], GameState, list[Move]]:
    """Play a table of three (seat 0 a person moving at random, two bots) for about
    ``moves_wanted`` moves; the frames ``seat`` was sent, the deal and the moves."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "lowest", "heuristic"])
        token = join(client, table, invites[0])
        rng = random.Random(5)
        with client.websocket_connect(f"/api/tables/{table}/play") as player, \
                client.websocket_connect(f"/api/tables/{table}/play") as watcher:
            player.send_json(hello(token, svg=True))
            player.receive_json()
            watcher.send_json(hello(svg=True))
            watcher.receive_json()
            frames: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
            while len(frames[0]) <= moves_wanted:
                frame = player.receive_json()
                frames[0].append(frame)
                if frame["moves"] and len(frames[0]) <= moves_wanted:
                    player.send_json({"type": "move", "move": rng.choice(frame["moves"])})
                if frame["result"] != "*":
                    break
            for _ in frames[0]:
                frames[None].append(watcher.receive_json())
        stored = client.app.state.hub.store.load_table(table)  # type: ignore[attr-defined]
    moves = [parse_move(text) for text in stored.moves[: frames[0][-1]["n"]]]
    return frames[seat], new_game(stored.rules, seed=SEED), moves


def seen_by(state: GameState, viewer: int | None) -> Counter[Card]:
    """Every card ``viewer`` (``None``: a spectator) may see in ``state``, by the rules
    alone: its own hand; the 3UP cards once setup is over, or those it chose; the
    cards every player knows are in a hand; the discard and out-of-game piles."""
    seen: Counter[Card] = Counter(state.discard_pile + state.out_of_game)
    for number, seat in enumerate(state.seats):
        seen.update(seat.known)
        chooser = (number - 1) % state.rules.players if state.rules.chosen_faces else number
        if state.phase is not Phase.SETUP or chooser == viewer:
            seen.update(seat.up)
    if viewer is not None:
        seen.update(Counter(state.seats[viewer].hand) - Counter(state.seats[viewer].known))
    return seen


def hidden_places(deal: GameState, viewer: int | None) -> list[Place]:
    """The places of the deal whose cards the viewer may not see."""
    places: list[Place] = [("draw", -1, index) for index in range(len(deal.draw_pile))]
    for number, seat in enumerate(deal.seats):
        if number != viewer:
            places += [("hand", number, index) for index in range(len(seat.hand))]
            places += [("down", number, index) for index in range(len(seat.down))]
    return places


def card_at(deal: GameState, place: Place) -> Card:
    zone, seat, index = place
    if zone == "draw":
        return deal.draw_pile[index]
    card: Card = getattr(deal.seats[seat], zone)[index]
    return card


def with_card(deal: GameState, place: Place, card: Card) -> GameState:
    zone, seat, index = place
    if zone == "draw":
        pile = list(deal.draw_pile)
        pile[index] = card
        return attrs.evolve(deal, draw_pile=tuple(pile))
    cards = list(getattr(deal.seats[seat], zone))
    cards[index] = card
    changed = attrs.evolve(
        deal.seats[seat], **{zone: sort_cards(cards) if zone == "hand" else tuple(cards)}
    )
    seats = list(deal.seats)
    seats[seat] = changed
    return attrs.evolve(deal, seats=tuple(seats))


def swapped(deal: GameState, first: Place, second: Place) -> GameState:
    """The deal with the cards at two places exchanged."""
    a, b = card_at(deal, first), card_at(deal, second)
    return with_card(with_card(deal, first, b), second, a)


def states_of(deal: GameState, moves: list[Move]) -> list[GameState] | None:
    """Every state of the game, or ``None`` if a move is illegal in it."""
    states = [deal]
    for move in moves:
        if not is_legal(states[-1], move):
            return None
        states.append(apply(states[-1], move))
    return states


@pytest.mark.spec("S2", "S3", "S4", "F3", "F4")
@pytest.mark.parametrize("viewer", [0, None], ids=["seat", "spectator"])
def test_no_frame_changes_when_only_unseen_cards_change(viewer: int | None) -> None:
    """Swapping cards the viewer never sees leaves every frame it was sent identical,
    the frames told in a language (events in words, the picture's labels) too."""
    frames, deal, moves = session(viewer, 40)
    assert frames == list(frames_after(deal, moves, viewer, None, svg=True))  # what the wire carried
    told = json.dumps(list(frames_after(deal, moves, viewer, None, svg=True, locale="hy")))
    real = states_of(deal, moves)
    assert real is not None
    rng = random.Random(11)
    places = hidden_places(deal, viewer)
    kept = revealed = 0
    for _ in range(60):
        first, second = rng.sample(places, 2)
        if card_at(deal, first) == card_at(deal, second):
            continue
        other = swapped(deal, first, second)
        states = states_of(other, moves)
        if states is None:
            continue  # a move the swap made illegal: not the same public game
        other_frames = json.dumps(list(frames_after(other, moves, viewer, None, svg=True)))
        if all(seen_by(a, viewer) == seen_by(b, viewer) for a, b in zip(real, states)):
            kept += 1
            assert other_frames == json.dumps(frames)
            assert json.dumps(list(frames_after(other, moves, viewer, None, svg=True, locale="hy"))) == told
        else:
            revealed += 1
            assert other_frames != json.dumps(frames)
    assert kept >= 10
    # A seat sees a card come into view without a move naming it (a card it draws):
    # there the oracle must see the change. A spectator sees a card only once a move
    # names it (which the swap makes illegal) or a 3DOWN card is turned.
    assert revealed >= 1 or viewer is None


def test_the_seed_and_hidden_cards_are_in_no_frame() -> None:
    """No frame to a seat names the seed, another seat's hand card or a 3DOWN card by its place."""
    frames, deal, moves = session(0, 20)
    text = json.dumps(frames)
    assert str(SEED) not in text
    for frame in frames:
        view = frame["view"]
        assert set(view) >= {"hand", "seats"} and "draw_pile" not in view
        assert all("hand" not in seat and "down" not in seat for seat in view["seats"])
