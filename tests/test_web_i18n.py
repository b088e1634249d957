"""The web page in each language: its texts file, the game told in the page's language
over the WebSocket, and a Chromium screenshot.

The texts and protocol tests need no browser. The browser tests need Debian's
``chromium`` and ``chromium-driver`` and Selenium, and fonts that cover the
scripts (Debian's ``fonts-noto-core``, which CI installs): they check in the
page itself that every letter of the script is drawn with a glyph of its own,
not the box of a missing one, and save a screenshot of the table in each
language (in ``$THREEUP3DOWN_SCREENSHOTS`` if set, to look at; else in a
temporary directory).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.chromium import missing
from tests.extras import require

require("starlette", "server")
require("httpx2", "test")

from tests.server_support import ServerProcess, app_client, hello, join, new_table  # noqa: E402
from tests.web_support import STATIC, serving_the_page  # noqa: E402

LANGUAGES = {
    # language: (its name in the picker, "New game", "Your move.", a word of the SVG, letters of its script)
    "km": ("ខ្មែរ", "ហ្គេមថ្មី", "វេនរបស់អ្នក។", "គំនរចាប់ឆ្នោត", "កខគឃងចឆជញដឋឌ"),
    "hy": ("Հայերեն", "Նոր խաղ", "Ձեր քայլն է։", "Խաղարկության կույտ", "ԱԲԳԴԵԶաբգդեզ"),
    "vi": ("Tiếng Việt", "Ván mới", "Đến lượt bạn.", "Cọc rút", "ăâđêôơưạảấầẩẫ"),
    "te": ("తెలుగు", "కొత్త ఆట", "మీ వంతు.", "డ్రా పైల్", "అఆఇఈఉఊకఖగఘచ"),
}


def page_texts() -> dict[str, Any]:
    """The page's texts file, as the server sends it to the page."""
    loaded: dict[str, Any] = json.loads((STATIC / "texts.json").read_text(encoding="utf-8"))
    return loaded


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_page_texts_come_in_every_language(language: str) -> None:
    """texts.json holds the page's texts in the language, and names every language in its own words."""
    name, new_game, your_move, _, _ = LANGUAGES[language]
    texts = page_texts()
    assert (texts["texts"][language]["new_game"], texts["texts"][language]["your_move"]) == (new_game, your_move)
    assert texts["languages"][0] == ["en", "English"] and [language, name] in texts["languages"]
    assert set(texts["texts"][language]) == set(texts["texts"]["en"])


def test_a_game_told_in_khmer_over_the_websocket() -> None:
    """A hello with locale km gets the events told, the picture labelled and a refusal told in
    Khmer; the view, the moves, the events' documents and the rule are those of English."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "human"])
        tokens = [join(client, table, invite) for invite in invites]
        with client.websocket_connect(f"/api/tables/{table}/play") as khmer, \
                client.websocket_connect(f"/api/tables/{table}/play") as english:
            khmer.send_json(hello(tokens[0], svg=True, locale="km"))
            english.send_json(hello(tokens[0], svg=True))
            assert khmer.receive_json()["type"] == english.receive_json()["type"] == "welcome"
            told, plain = khmer.receive_json(), english.receive_json()
            assert "គំនរចាប់ឆ្នោត" in told["svg"] and "គំនរចាប់ឆ្នោត" not in plain["svg"]
            assert told["told"] == [] and "told" not in plain
            assert (told["view"], told["moves"]) == (plain["view"], plain["moves"])
            khmer.send_json({"type": "move", "move": told["moves"][0]})
            told, plain = khmer.receive_json(), english.receive_json()
            assert told["events"] == plain["events"] and told["events"][0]["type"] == "up-cards-chosen"
            assert told["told"][0].startswith("អ្នកជ្រើសរើសសន្លឹកបៀ 3UP របស់អ្នក៖")
        with client.websocket_connect(f"/api/tables/{table}/play") as second:
            second.send_json(hello(tokens[1], last=0))
            assert second.receive_json()["type"] == "welcome"
            frame = second.receive_json()  # frame 1: seat 1 is to choose its 3UP cards
            second.send_json({"type": "move", "move": frame["moves"][0]})
            frame = second.receive_json()
        mover = frame["view"]["current_player"]  # the first to play, the discard pile empty
        with client.websocket_connect(f"/api/tables/{table}/play") as khmer:
            khmer.send_json(hello(tokens[mover], last=2, locale="km"))
            assert khmer.receive_json()["type"] == "welcome"
            khmer.send_json({"type": "move", "move": "pick"})
            refused = khmer.receive_json()
    assert refused["code"] == "illegal-move" and refused["rule"] == "T2"
    assert refused["message"].startswith(
        f"T2: player {mover} cannot pick up the discard pile: the discard pile is empty"
    )
    assert refused["told"].startswith("អ្នកមិនអាច រើសគំនរបោះចោល បានទេ៖ គំនរបោះចោលទទេ")


@pytest.mark.parametrize("locale", ["../km", "km/..", 7, ""])
def test_a_locale_that_is_no_language_tag_is_refused(locale: object) -> None:
    """A hello whose locale is no language tag is a bad message (it never becomes a path)."""
    with app_client() as client:
        table, _ = new_table(client, ["human", "human"])
        with client.websocket_connect(f"/api/tables/{table}/play") as session:
            session.send_json(hello(locale=locale))
            refused = session.receive_json()
    assert refused["type"] == "error" and refused["code"] == "bad-message" and "locale" in refused["message"]


DRAWN_AS_BOXES = """
const canvas = document.createElement("canvas");
canvas.width = canvas.height = 48;
const context = canvas.getContext("2d");
context.font = "28px " + getComputedStyle(document.body).fontFamily;
const shape = (letter) => {
  context.clearRect(0, 0, 48, 48);
  context.fillText(letter, 6, 36);
  return canvas.toDataURL();
};
const missing = shape("\\u0378");  // an unassigned code point: the box of a missing glyph
return [...arguments[0]].filter((letter) => shape(letter) === missing);
"""
"""The letters of ``arguments[0]`` that the page's fonts draw as the box of a missing glyph."""


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where the screenshots go: $THREEUP3DOWN_SCREENSHOTS, or a temporary directory."""
    chosen = os.environ.get("THREEUP3DOWN_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The page served by ``threeup3down serve``, once for this module."""
    with serving_the_page(tmp_path_factory.mktemp("serve")) as running:
        yield running


@pytest.mark.skipif(missing() is not None, reason=str(missing()))
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_screenshot_of_the_page_in_each_language(
    language: str, screenshots: Path, tmp_path: Path, server: ServerProcess
) -> None:
    """In Chromium, /?lang=xx shows the lobby, the table and its status in xx, every letter
    of the script drawn with its glyph (fonts installed for it), and a screenshot is taken."""
    name, new_game, your_move, svg_word, letters = LANGUAGES[language]
    fonts = subprocess.run(["fc-list", f":lang={language}", "family"], capture_output=True, text=True, check=False)
    assert fonts.stdout.strip(), f"no font covers {language}: apt-get install fonts-noto-core"
    pytest.importorskip("selenium", reason="needs Selenium, from the [web] extra: pip install -e '.[web]'")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from scripts.chromium import selenium_chrome

    with selenium_chrome(tmp_path / "profile") as driver:

        def wait(condition: str) -> None:
            WebDriverWait(driver, 20, poll_frequency=0.05).until(lambda d: d.execute_script(f"return {condition}"))

        driver.get(f"{server.url}/?lang={language}-XX")
        wait("document.body.dataset.ready === 'true'")
        assert driver.execute_script("return document.documentElement.lang") == language
        assert driver.find_element(By.ID, "create").text == new_game
        assert driver.find_element(By.CSS_SELECTOR, f'#lang option[value="{language}"]').text == name
        driver.find_element(By.ID, "create").click()
        wait("document.body.dataset.frame === '0'")
        assert driver.find_element(By.ID, "status").text == your_move
        assert svg_word in driver.execute_script("return document.querySelector('#table svg').textContent")
        assert driver.execute_script(DRAWN_AS_BOXES, letters) == []
        assert driver.execute_script(DRAWN_AS_BOXES, "\u0378") == ["\u0378"]  # the check sees a box
        shot = screenshots / f"web-{language}.png"
        assert driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.skipif(missing() is not None, reason=str(missing()))
def test_a_language_without_a_catalog_reads_in_english(tmp_path: Path, server: ServerProcess) -> None:
    """/?lang=fr shows the page in English, with English picked in the language list."""
    pytest.importorskip("selenium", reason="needs Selenium, from the [web] extra: pip install -e '.[web]'")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from scripts.chromium import selenium_chrome

    with selenium_chrome(tmp_path / "profile") as driver:
        driver.get(f"{server.url}/?lang=fr")
        WebDriverWait(driver, 20, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'")
        )
        assert driver.execute_script("return document.documentElement.lang") == "en"
        assert driver.find_element(By.ID, "create").text == "New game"
        assert driver.execute_script("return document.getElementById('lang').value") == "en"
