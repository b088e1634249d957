"""One whole game at one table in three headless Chromiums, through ``threeup3down serve``.

Browser A creates a table of two people and its invite links, browser B takes
the other seat by its link, browser C watches by the watch link; A and B play
the game to its end by clicking their legal moves. Mid-game B is taken off
the network (Chrome DevTools' emulation) and its WebSocket closed; A moves
meanwhile; back online, B's page reconnects by itself, says hello with the
last frame it drew and is sent the one it missed. Every page has been sent
every frame exactly once, in order. Needs Debian's ``chromium`` and ``chromium-driver`` and Selenium (the
``[web]`` extra); without them the test is skipped and says which is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from scripts.chromium import missing
from tests.extras import require

require("starlette", "server")
pytest.importorskip("selenium", reason="needs Selenium, from the [web] extra: pip install -e '.[web]'")

from selenium.webdriver import Chrome  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from scripts.chromium import selenium_chrome  # noqa: E402
from tests.server_support import http_json  # noqa: E402
from tests.web_support import choose, serving_the_page  # noqa: E402
from threeup3down import Card, ChooseUp, FlipDown, Play, Source, Swap, parse_move, replay  # noqa: E402
from threeup3down.formats.serialization import RECORD  # noqa: E402
from threeup3down.views.events import GameOver  # noqa: E402
from threeup3down.views.narration import describe  # noqa: E402

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))

DROP_AT = 9
"""B's connection is dropped at the first frame from this one on at which A is to move."""


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[Chrome, Chrome, Chrome]]:
    """Three headless Chromiums, each with a profile of its own: A, B and the spectator C."""
    with ExitStack() as stack:
        a, b, c = (stack.enter_context(selenium_chrome(tmp_path / name)) for name in ("a", "b", "c"))
        yield a, b, c


def wait(browser: Chrome, condition: str, *args: object) -> None:
    """Wait (at most 20 s) until the JavaScript expression ``condition`` is true."""
    WebDriverWait(browser, 20, poll_frequency=0.02).until(
        lambda driver: driver.execute_script(f"return {condition}", *args)
    )


def at_frame(browser: Chrome, number: int) -> None:
    """Wait until the page has drawn frame ``number``."""
    wait(browser, "document.body.dataset.frame === arguments[0]", str(number))


def network(browser: Chrome, *, offline: bool) -> None:
    """Take the browser off the network, or put it back (Chrome DevTools' emulation)."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def href(browser: Chrome, selector: str) -> str:
    """The address a link of the page leads to."""
    address = browser.find_element(By.CSS_SELECTOR, selector).get_attribute("href")
    assert address is not None, selector
    return address


BUTTONS = {
    "play": "#play", "choose": "#play", "swap": "#swap",
    "pick": 'button[data-move="pick"]', "draw": 'button[data-move="draw"]',
    "take": 'button[data-move="take"]', "keep": 'button[data-move="keep"]',
}
"""The button that makes each kind of move (a 3DOWN card is clicked on the table)."""


def expected_buttons(moves: list[str]) -> set[str]:
    """The buttons for the kinds of move in ``moves``."""
    kinds = set()
    for text in moves:
        move = parse_move(text)
        match move:
            case ChooseUp():
                kinds.add("choose")
            case Play():
                kinds.add("play")
            case Swap():
                kinds.add("swap")
            case FlipDown():
                pass
            case _:
                kinds.add(text)
    return {BUTTONS[kind] for kind in kinds}


def visible_buttons(browser: Chrome) -> set[str]:
    """The move buttons the page shows."""
    shown = browser.execute_script(
        "return arguments[0].filter((selector) => !document.querySelector(selector).hidden)",
        sorted(set(BUTTONS.values())),
    )
    return set(shown)


def legal(browser: Chrome) -> list[str]:
    """The legal moves the page lists (none when its seat is not to move)."""
    return list(browser.execute_script(
        "return [...document.querySelectorAll('#legal li')].map((li) => li.dataset.move)"
    ))


def click_card(browser: Chrome, zone: str, card: str | None = None, position: int | None = None) -> None:
    """Click an own card that is not selected yet, near its top-left corner (always in view)."""
    selector = f'#table g.own g[data-zone="{zone}"]:not(.selected)'
    selector += f'[data-card="{card}"]' if card is not None else f'[data-position="{position}"]'
    element = browser.find_element(By.CSS_SELECTOR, selector)
    size = element.size
    ActionChains(browser, duration=0).move_to_element_with_offset(
        element, 10 - size["width"] // 2, 10 - size["height"] // 2
    ).click().perform()


def make(browser: Chrome, text: str) -> None:
    """Make the move ``text`` as a person would: click its cards, then its button."""
    move = parse_move(text)
    match move:
        case ChooseUp() | Play():
            zone = "up" if isinstance(move, Play) and move.source is Source.UP else "hand"
            for card in move.cards:
                click_card(browser, zone, str(card))
            browser.find_element(By.ID, "play").click()
        case FlipDown():
            click_card(browser, "down", position=move.position)
        case Swap():
            click_card(browser, "hand", str(move.hand_card))
            click_card(browser, "up", str(move.up_card))
            browser.find_element(By.ID, "swap").click()
        case _:
            browser.find_element(By.CSS_SELECTOR, f'button[data-move="{text}"]').click()


def try_a_card_lower_than_the_top(browser: Chrome) -> str | None:
    """Click an own hand card lower than the top of the discard pile and Play; the refusal
    the page shows (``None``: no such card, or a Clear on top)."""
    hand, top = browser.execute_script(
        """
        const cards = (selector) => [...document.querySelectorAll(selector)].map((g) => g.dataset.card);
        return [cards('#table g.own g[data-zone="hand"]'), cards('#table g[data-zone="discard"]').pop() || null];
        """
    )
    if top is None or Card.parse(top).rank.is_clear:
        return None
    low = next((card for card in hand if Card.parse(card).rank < Card.parse(top).rank), None)
    if low is None:
        return None
    click_card(browser, "hand", low)
    browser.find_element(By.ID, "play").click()
    wait(browser, "!document.getElementById('message').hidden")
    message = browser.find_element(By.ID, "message")
    return f"{message.get_attribute('data-rule')} | {message.text}"


def test_two_browsers_play_a_game_a_third_watches_and_a_dropped_connection_loses_no_frame(
    tmp_path: Path, browsers: tuple[Chrome, Chrome, Chrome]
) -> None:
    """Create, invite, join by link, watch, play to the end with B dropped and back mid-game:
    each page got frames 0 to the last exactly once, in order, and the spectator sees the end."""
    a, b, c = browsers
    with serving_the_page(tmp_path) as server:
        a.get(server.url + "/")
        wait(a, "document.body.dataset.ready === 'true'")
        a.find_element(By.ID, "create").click()
        wait(a, "document.querySelector('a.invite') !== null")
        b.get(href(a, 'a.invite[data-seat="1"]'))
        c.get(href(a, "a.watch"))
        table = str(a.execute_script("return window.threeup.connection.table"))
        seats = {browser: browser.find_element(By.ID, "seat").text for browser in (a, b, c)}
        number, dropped, dropped_at, refusal = 0, False, -1, None
        while True:
            for browser in (a, b, c):
                at_frame(browser, number)
            if c.execute_script("return document.body.dataset.result") != "*":
                break
            moves = {browser: legal(browser) for browser in (a, b)}
            assert sorted(map(bool, moves.values())) == [False, True], moves  # one seat is to move
            mover = a if moves[a] else b
            assert visible_buttons(mover) == expected_buttons(moves[mover]), moves[mover]
            assert visible_buttons(b if mover is a else a) == set()
            drop = not dropped and number >= DROP_AT and mover is a
            if drop:  # B goes offline and loses its connection; its page tries to reconnect
                network(b, offline=True)
                b.execute_script("window.threeup.connection.socket.close()")
                wait(b, "document.body.dataset.connection === 'reconnecting'")
                dropped, dropped_at = True, number
            if refusal is None and not moves[mover][0].startswith("up:"):
                refusal = try_a_card_lower_than_the_top(mover)
                if refusal is not None:
                    assert mover.execute_script("return document.body.dataset.frame") == str(number)
            make(mover, choose(moves[mover]))
            number += 1
            if drop:  # A's move was made while B was away: B gets it once back online
                at_frame(a, number)
                at_frame(c, number)
                assert b.execute_script("return document.body.dataset.connection") == "reconnecting"
                assert b.execute_script("return document.body.dataset.frame") == str(number - 1)
                network(b, offline=False)
        wait(b, "document.body.dataset.connection === 'open' || document.body.dataset.connection === 'closed'")
        frames = {browser: browser.execute_script("return window.threeup.frames") for browser in (a, b, c)}
        connects = b.execute_script("return window.threeup.connection.connects")
        hellos = b.execute_script("return window.threeup.connection.hellos")
        results = {browser: browser.find_element(By.ID, "result").text for browser in (a, b, c)}
        status, record = http_json("GET", f"{server.url}/api/tables/{table}/record")
    assert seats == {a: "You are player 0.", b: "You are player 1.", c: "You are watching the game."}
    assert dropped and connects == 2
    assert hellos == [None, dropped_at]  # B said hello again with the last frame it had drawn
    assert refusal is not None and refusal.startswith("P2 | Not allowed: you cannot play ")
    assert "lower than the" in refusal and refusal.endswith("(rule P2)")
    game = RECORD.from_dict(record)
    assert status == 200 and len(game.moves) == number
    assert all(sent == list(range(number + 1)) for sent in frames.values()), frames
    end = replay(game)[-1]
    over = GameOver(end.winner, end.places, end.is_stalemate)
    assert results == {
        a: describe(over, you=0), b: describe(over, you=1), c: describe(over),
    }
    assert "Game over. You win." in (results[a], results[b])


def overflow(browser: Chrome) -> list[str]:
    """Elements that reach past the right edge of the window (empty when the layout fits)."""
    return list(browser.execute_script(
        """
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.right > width + 0.5 && !element.closest('svg');
        }).map((element) => element.tagName + '#' + element.id);
        if (document.documentElement.scrollWidth > width) {
          wide.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
        }
        return wide;
        """
    ))


def test_a_narrow_screen_fits_the_lobby_and_the_table(tmp_path: Path) -> None:
    """At 420 px wide the lobby, the invite links and the table fit the screen; the table keeps
    a readable size, scrolling sideways in its own box; setup shows only the 3UP button."""
    with serving_the_page(tmp_path) as server, selenium_chrome(tmp_path / "narrow") as phone:
        phone.set_window_size(420, 900)
        phone.get(server.url + "/")
        wait(phone, "document.body.dataset.ready === 'true'")
        assert phone.execute_script("return window.innerWidth") <= 420
        assert overflow(phone) == []
        phone.find_element(By.ID, "create").click()
        wait(phone, "document.body.dataset.frame === '0'")
        assert overflow(phone) == []
        assert phone.execute_script(
            "return document.querySelector('#table svg').getBoundingClientRect().width"
        ) >= 600
        assert visible_buttons(phone) == {"#play"}
        assert phone.find_element(By.ID, "play").text == "Choose selected as 3UP"
