"""The example web server's JSON endpoints, without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_support import SEED, call, choose, running_server
from threeup3down import Card, EarlyDraw, Rules, new_game
from threeup3down.views.observation import Observation, observe
from threeup3down.formats.serialization import OBSERVATION, from_dict


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The server, started once for this module."""
    with running_server() as url:
        yield url


def start(base: str, **request: Any) -> dict[str, Any]:
    """A new game's view (fails unless the server answers 201)."""
    status, view = call(base, "POST", "/api/games", request)
    assert status == 201, view
    return view


def test_a_new_game_sends_seat_0_its_observation_picture_and_moves(base: str) -> None:
    """The view holds seat 0's observation (a valid document), an SVG of it, and its legal moves."""
    view = start(base, rules={"players": 3}, seed=SEED)
    observation = from_dict(view["observation"], OBSERVATION)
    assert observation == observe(new_game(Rules(players=3), seed=SEED), 0)
    assert ET.fromstring(view["svg"]).tag.endswith("svg")
    assert view["legal_moves"] == [str(move) for move in observation.legal_moves()]
    assert view["to_move"] and not view["over"] and view["result"] is None
    status, again = call(base, "GET", f"/api/games/{view['game']}")
    assert status == 200 and again == view


@pytest.mark.spec("C2", "C1", "C4", "O3")
def test_the_rules_1_1_switches_start_a_game(base: str) -> None:
    """The page's switches for the early draw, a Clear ending the turn and reversing per 1 reach Rules."""
    options = {"early_draw": "one", "clear_ends_turn": True, "reverse_on_one": True, "reverse_each_one": True}
    view = start(base, rules={"players": 3, **options}, seed=SEED)
    rules = Rules(players=3, early_draw=EarlyDraw.ONE, clear_ends_turn=True, reverse_on_one=True, reverse_each_one=True)
    assert from_dict(view["observation"], OBSERVATION) == observe(new_game(rules, seed=SEED), 0)
    status, _ = call(base, "POST", "/api/games", {"rules": {"players": 3, "reverse_each_one": True}})
    assert status == 400


def test_a_move_the_engine_refuses_comes_back_with_its_message_and_rule(base: str) -> None:
    """A card lower than the top is sent to the engine, which refuses it under P2; nothing changes."""
    view = start(base, rules={"players": 3}, seed=SEED)
    game = view["game"]
    while not _lower_card(from_dict(view["observation"], OBSERVATION)):
        status, view = call(
            base, "POST", f"/api/games/{game}/moves", {"move": choose(view["legal_moves"])}
        )
        assert status == 200
    observation = from_dict(view["observation"], OBSERVATION)
    low = _lower_card(observation)
    status, refusal = call(base, "POST", f"/api/games/{game}/moves", {"move": str(low)})
    assert status == 422 and refusal["rule"] == "P2"
    assert f"cannot play {low}" in refusal["error"] and "lower than" in refusal["error"]
    del view["events"]
    assert call(base, "GET", f"/api/games/{game}") == (200, view)


def test_text_that_is_no_move_is_refused_by_the_parser(base: str) -> None:
    """Move text the notation cannot read answers 400 with the parser's message."""
    game = start(base, rules={"players": 2}, seed=1)["game"]
    status, refusal = call(base, "POST", f"/api/games/{game}/moves", {"move": "7r,^9g"})
    assert status == 400 and "not a move" in refusal["error"] and refusal["rule"] is None


def test_a_whole_game_against_bots_reaches_the_result(base: str) -> None:
    """Seat 0 plays the fixed plan to the end; the bots' hidden cards never reach it."""
    view = start(base, rules={"players": 3}, seed=SEED)
    game, moves, types = view["game"], [], []
    while not view["over"]:
        moves.append(choose(view["legal_moves"]))
        status, view = call(base, "POST", f"/api/games/{game}/moves", {"move": moves[-1]})
        assert status == 200, view
        for item in view["events"]:
            event = item["event"]
            types.append(event["type"])
            if event["type"] in ("cards-drawn", "up-cards-chosen") and event["player"] != 0:
                assert event["cards"] == []
            if event["type"] == "down-card-turned" and event["player"] != 0 and not event["played"]:
                assert event["card"] is None
    assert moves[0].startswith("up:") and "pick" in moves and any(m.startswith("v") for m in moves)
    assert view["result"] == "Game over. You win." and types[-1] == "game-over"
    status, refusal = call(base, "POST", f"/api/games/{game}/moves", {"move": "pick"})
    assert status == 409 and refusal["error"] == "the game is over"


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/api/games/nosuchgame", None, 404),
        ("POST", "/api/games", {"rules": {"players": 1}}, 400),
        ("POST", "/api/games", {"rules": {"speed": 3}}, 400),
        ("POST", "/api/games", {"seed": "seven"}, 400),
        ("POST", "/api/games/nosuchgame/moves", {"move": "pick"}, 404),
        ("GET", "/nothing-here", None, 404),
    ],
)
def test_bad_requests_are_answered_in_json(
    base: str, method: str, path: str, body: object, status: int
) -> None:
    """Unknown games, impossible rules and wrong fields answer an error status and a message."""
    answered, data = call(base, method, path, body)
    assert answered == status and data["error"]


def test_the_page_and_its_script_are_served(base: str) -> None:
    """The page, its script and its style sheet are served from the example's folder."""
    import urllib.request

    for path, kind in (
        ("/", "text/html"),
        ("/static/app.js", "text/javascript"),
        ("/static/style.css", "text/css"),
    ):
        with urllib.request.urlopen(base + path, timeout=10) as response:
            assert response.headers["Content-Type"].startswith(kind)


def _lower_card(observation: Observation) -> Card | None:
    """A hand card lower than the number on top of the pile, while seat 0 plays from its hand."""
    top = observation.top_card
    if observation.phase.value != "play" or top is None or top.rank.is_clear:
        return None
    return next((card for card in observation.hand if card.rank < top.rank), None)


def test_the_highlighted_last_move_is_told_without_hidden_cards(base: str) -> None:
    """The view tells the highlighted move in words; another seat's 3UP choice names no cards (S3)."""
    view = start(base, rules={"players": 3}, seed=SEED)
    assert view["last_move"] is None
    mine = choose(view["legal_moves"])
    status, view = call(base, "POST", f"/api/games/{view['game']}/moves", {"move": mine})
    assert status == 200
    # Seat 0 chose first; the bots at seats 1 and 2 chose after it, and then play began with seat 0.
    assert view["last_move"] == "player 2 chose 3UP cards"
    status, view = call(base, "POST", f"/api/games/{view['game']}/moves", {"move": choose(view["legal_moves"])})
    assert status == 200 and view["last_move"].startswith("player 2 ")
