"""The example web page in each language: its texts, the game's texts, and a Chromium screenshot.

The API tests need no browser. The browser tests need Debian's ``chromium``
and ``chromium-driver`` and Selenium, and fonts that cover the scripts
(Debian's ``fonts-noto-core``, which CI installs): they check in the page
itself that every letter of the script is drawn with a glyph of its own, not
the box of a missing one, and save a screenshot of the table in each language
(in ``$THREEUP3DOWN_SCREENSHOTS`` if set, to look at; else in a temporary
directory).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.web_support import SEED, call, choose, running_server

LANGUAGES = {
    # language: (its name in the picker, "New game", "Your move.", a word of the SVG, letters of its script)
    "km": ("ខ្មែរ", "ហ្គេមថ្មី", "វេនរបស់អ្នក។", "គំនរចាប់ឆ្នោត", "កខគឃងចឆជញដឋឌ"),
    "hy": ("Հայերեն", "Նոր խաղ", "Ձեր քայլն է։", "Խաղարկության կույտ", "ԱԲԳԴԵԶաբգդեզ"),
    "vi": ("Tiếng Việt", "Ván mới", "Đến lượt bạn.", "Cọc rút", "ăâđêôơưạảấầẩẫ"),
    "te": ("తెలుగు", "కొత్త ఆట", "మీ వంతు.", "డ్రా పైల్", "అఆఇఈఉఊకఖగఘచ"),
}


class TestApi:
    """The server's texts in the language asked for; notation and rule IDs as in English."""

    @pytest.mark.parametrize("language", sorted(LANGUAGES))
    def test_the_page_texts_come_in_the_language(self, language: str) -> None:
        """GET /api/texts?lang=xx_YY answers the page's texts in xx and offers every language by its own name."""
        name, new_game, your_move, _, _ = LANGUAGES[language]
        with running_server() as base:
            status, answer = call(base, "GET", f"/api/texts?lang={language}-XX")
        assert status == 200 and answer["lang"] == language
        assert (answer["texts"]["new_game"], answer["texts"]["your_move"]) == (new_game, your_move)
        assert answer["languages"][0] == ["en", "English"] and [language, name] in answer["languages"]

    def test_a_language_without_a_catalog_is_english_and_a_bad_tag_is_refused(self) -> None:
        """lang=fr reads in English; a lang or locale that is no language tag is a 400 naming it."""
        with running_server() as base:
            status, answer = call(base, "GET", "/api/texts?lang=fr")
            assert (status, answer["lang"], answer["texts"]["new_game"]) == (200, "en", "New game")
            status, answer = call(base, "GET", "/api/texts?lang=../km")
            assert status == 400 and answer["error"].startswith("lang: not a language tag")
            status, answer = call(base, "POST", "/api/games", {"locale": "km/.."})
            assert status == 400 and answer["error"].startswith("locale: not a language tag")
            status, answer = call(base, "POST", "/api/games", {"locale": 7})
            assert status == 400 and answer["error"].startswith("locale: expected a language tag")

    def test_a_game_in_khmer(self) -> None:
        """A game started in Khmer tells events, refusals and the picture in Khmer; moves,
        the observation's JSON and the rule stay as in English."""
        with running_server() as base:
            status, view = call(base, "POST", "/api/games", {"seed": SEED, "locale": "km"})
            assert status == 201 and "គំនរចាប់ឆ្នោត" in view["svg"]
            _, english = call(base, "POST", "/api/games", {"seed": SEED})
            assert view["legal_moves"] == english["legal_moves"]
            assert view["observation"] == english["observation"]
            status, after = call(base, "POST", f"/api/games/{view['game']}/moves", {"move": choose(view["legal_moves"])})
            assert status == 200 and after["events"][0]["text"].startswith("អ្នកជ្រើសរើសសន្លឹកបៀ 3UP របស់អ្នក៖")
            assert after["events"][0]["event"]["type"] == "up-cards-chosen"
            assert after["legal_moves"] == ["3r", "6g", "6g,6r"]  # the pile is empty: any card plays
            status, refused = call(base, "POST", f"/api/games/{view['game']}/moves", {"move": "pick"})
        assert status == 422 and refused["rule"] == "T2"
        assert refused["error"].startswith("T2: player 0 cannot pick up the discard pile: the discard pile is empty")
        assert refused["message"].startswith("អ្នកមិនអាច រើសគំនរបោះចោល បានទេ៖ គំនរបោះចោលទទេ")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)

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


def _wait(driver: Any, condition: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script(f"return {condition}"))


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where the screenshots go: $THREEUP3DOWN_SCREENSHOTS, or a temporary directory."""
    chosen = os.environ.get("THREEUP3DOWN_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@needs_chromium
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_screenshot_of_the_page_in_each_language(language: str, screenshots: Path, tmp_path: Path) -> None:
    """In Chromium, /?lang=xx shows the form, the table and the log in xx, every letter of
    the script drawn with its glyph (fonts installed for it), and a screenshot is taken."""
    name, new_game, your_move, svg_word, letters = LANGUAGES[language]
    fonts = subprocess.run(["fc-list", f":lang={language}", "family"], capture_output=True, text=True, check=False)
    assert fonts.stdout.strip(), f"no font covers {language}: apt-get install fonts-noto-core"
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    pytest.importorskip("selenium", reason="needs Selenium (pip install selenium)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1400,1000",
                 f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        with running_server() as base:
            driver.get(f"{base}/?lang={language}")
            _wait(driver, f"document.body.dataset.lang === '{language}'")
            assert driver.find_element(By.ID, "start").text == new_game
            assert driver.find_element(By.CSS_SELECTOR, f'#lang option[value="{language}"]').text == name
            driver.find_element(By.ID, "seed").send_keys(str(SEED))
            driver.find_element(By.ID, "start").click()
            _wait(driver, "document.querySelector('#table svg') !== null")
            assert driver.execute_script("return document.documentElement.lang") == language
            assert driver.find_element(By.ID, "status").text == your_move
            assert svg_word in driver.execute_script("return document.querySelector('#table svg').textContent")
            assert driver.execute_script(DRAWN_AS_BOXES, letters) == []
            assert driver.execute_script(DRAWN_AS_BOXES, "\u0378") == ["\u0378"]  # the check sees a box
            shot = screenshots / f"web-{language}.png"
            assert driver.save_screenshot(str(shot))
    finally:
        driver.quit()
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
