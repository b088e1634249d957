"""A whole game in a real headless Chromium, clicking the example page (examples/web/).

Needs Debian's ``chromium`` and ``chromium-driver`` and Selenium from PyPI;
without them the test is skipped and says which is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="needs Selenium (pip install selenium)")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.web_support import SEED, choose, running_server  # noqa: E402
from threeup3down import Card, ChooseUp, FlipDown, Play, Source, Swap, parse_move  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)

Browser = webdriver.Chrome


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    """Headless Chromium with a fresh profile, driven through Debian's chromedriver."""
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    options = Options()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


BUTTONS = {
    "#play": ("up:", "play"),
    "#swap": ("swap:",),
    'button[data-move="pick"]': ("pick",),
    'button[data-move="draw"]': ("draw",),
    'button[data-move="take"]': ("take",),
    'button[data-move="keep"]': ("keep",),
}
"""Each move button, and the legal moves (by their notation's start) that it makes."""


def visible_buttons(browser: Browser) -> set[str]:
    """The move buttons the page shows."""
    return {
        selector for selector in BUTTONS
        if browser.find_element(By.CSS_SELECTOR, selector).is_displayed()
    }


def expected_buttons(legal: list[str]) -> set[str]:
    """The buttons for the kinds of move in ``legal``: a play button for plays, one per word move."""
    shown = set()
    for selector, starts in BUTTONS.items():
        for move in legal:
            is_play = not move.startswith(("up:", "swap:", "v")) and move not in (
                "pick", "draw", "take", "keep"
            )
            if any(move.startswith(start) for start in starts if start != "play") or (
                "play" in starts and is_play
            ):
                shown.add(selector)
    return shown


def wait(browser: Browser, condition: str, *args: object) -> None:
    """Wait (at most 10 s) until the JavaScript expression ``condition`` is true."""
    WebDriverWait(browser, 10, poll_frequency=0.02).until(
        lambda driver: driver.execute_script(f"return {condition}", *args)
    )


def renders(browser: Browser) -> int:
    """How often the page has drawn a view from the server."""
    return int(browser.execute_script("return Number(document.body.dataset.renders)"))


def page(browser: Browser) -> tuple[list[str], list[str], Card | None]:
    """The legal moves listed, the own hand, and the top of the discard pile, as the page shows them."""
    legal, hand, top = browser.execute_script(
        """
        const cards = (selector) => [...document.querySelectorAll(selector)].map((g) => g.dataset.card);
        return [
          [...document.querySelectorAll('#legal li')].map((li) => li.dataset.move),
          cards('#table g.own g[data-zone="hand"]'),
          cards('#table g[data-zone="discard"]').pop() || null,
        ];
        """
    )
    return legal, hand, Card.parse(top) if top else None


def click_card(
    browser: Browser, zone: str, card: str | None = None, position: int | None = None
) -> None:
    """Click an own card that is not selected yet, near its top-left corner (always in view)."""
    selector = f'#table g.own g[data-zone="{zone}"]:not(.selected)'
    selector += f'[data-card="{card}"]' if card is not None else f'[data-position="{position}"]'
    element: WebElement = browser.find_element(By.CSS_SELECTOR, selector)
    size = element.size
    ActionChains(browser, duration=0).move_to_element_with_offset(
        element, 10 - size["width"] // 2, 10 - size["height"] // 2
    ).click().perform()


def click_button(browser: Browser, selector: str) -> None:
    """Click a button of the page."""
    browser.find_element(By.CSS_SELECTOR, selector).click()


def make(browser: Browser, text: str) -> None:
    """Make the move ``text`` as a person would: click its cards, then its button."""
    move = parse_move(text)
    match move:
        case ChooseUp() | Play():
            zone = "up" if isinstance(move, Play) and move.source is Source.UP else "hand"
            for card in move.cards:
                click_card(browser, zone, str(card))
            click_button(browser, "#play")
        case FlipDown():
            click_card(browser, "down", position=move.position)
        case Swap():
            click_card(browser, "hand", str(move.hand_card))
            click_card(browser, "up", str(move.up_card))
            click_button(browser, "#swap")
        case _:
            click_button(browser, f'button[data-move="{text}"]')


def try_a_card_lower_than_the_top(browser: Browser, hand: list[str], top: Card) -> str | None:
    """Click a hand card lower than the top and Play; the refusal the page shows."""
    low = next((card for card in hand if Card.parse(card).rank < top.rank), None)
    if low is None or top.rank.is_clear:
        return None
    before = renders(browser)
    click_card(browser, "hand", low)
    click_button(browser, "#play")
    wait(browser, "!document.getElementById('message').hidden")
    assert renders(browser) == before  # the table stays as it was
    message = browser.find_element(By.ID, "message")
    return f"{message.get_attribute('data-rule')} | {message.text}"


def test_a_whole_game_in_chromium(browser: Browser) -> None:
    """Setup choice, plays, pick-ups, a refused click and the result, clicked through in Chromium.

    No stopwatch bounds the whole game (a busy machine can slow it past any
    bound): each step waits at most ten seconds for the page, so a page that
    stops answering still fails.
    """
    with running_server() as base:
        browser.get(base + "/")
        browser.find_element(By.ID, "seed").send_keys(str(SEED))
        click_button(browser, "#start")
        wait(browser, "document.querySelector('#table svg') !== null")
        made: list[str] = []
        refusal = None
        while not browser.find_element(By.ID, "result").is_displayed():
            legal, hand, top = page(browser)
            if refusal is None and top is not None and not legal[0].startswith("up:"):
                refusal = try_a_card_lower_than_the_top(browser, hand, top)
            assert visible_buttons(browser) == expected_buttons(legal), legal
            text = choose(legal)
            before = renders(browser)
            make(browser, text)
            wait(browser, "Number(document.body.dataset.renders) > arguments[0]", before)
            assert not browser.find_element(By.ID, "message").is_displayed()
            made.append(text)
        result = browser.find_element(By.ID, "result").text
        log = browser.find_element(By.ID, "log").text
    assert made[0].startswith("up:") and "pick" in made and any(m.startswith("^") for m in made)
    assert refusal is not None and refusal.startswith("P2 | Not allowed: you cannot play")
    assert "lower than the" in refusal and refusal.endswith("(rule P2)")
    assert "You choose your 3UP cards" in log
    assert "You pick up the pile" in log
    assert result == "Game over. You win."


def overflow(browser: Browser) -> list[str]:
    """Elements that reach past the right edge of the window (empty when the layout fits)."""
    return list(
        browser.execute_script(
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
        )
    )


def test_a_narrow_screen_in_chromium(browser: Browser, tmp_path: Path) -> None:
    """At 420 px wide the page fits the screen; setup shows only the 3UP button; the highlight is explained."""
    browser.set_window_size(420, 900)
    with running_server() as base:
        browser.get(base + "/")
        assert browser.execute_script("return window.innerWidth") <= 420
        browser.find_element(By.ID, "seed").send_keys(str(SEED))
        click_button(browser, "#start")
        wait(browser, "document.querySelector('#table svg') !== null")
        assert overflow(browser) == []
        # The table keeps a readable size (it scrolls sideways inside its own box).
        assert browser.execute_script(
            "return document.querySelector('#table svg').getBoundingClientRect().width"
        ) >= 600
        assert visible_buttons(browser) == {"#play"}
        assert browser.find_element(By.ID, "play").text == "Choose selected as 3UP"
        assert not browser.find_element(By.ID, "last-move").is_displayed()
        legal, _, _ = page(browser)
        before = renders(browser)
        make(browser, choose(legal))
        wait(browser, "Number(document.body.dataset.renders) > arguments[0]", before)
        explanation = browser.find_element(By.ID, "last-move").text
        assert explanation == "Outlined in purple on the table: the last move, player 2 chose 3UP cards."
        assert overflow(browser) == []
        shot = tmp_path / "narrow.png"
        assert browser.save_screenshot(str(shot))
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") <= 420 * 2  # the width, at most double for a dense screen
