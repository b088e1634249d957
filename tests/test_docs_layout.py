"""The docs' layout check finds what is too wide, in a real headless Chromium.

Needs Debian's ``chromium`` and ``chromium-driver`` and Selenium, as
tests/test_web_e2e.py does; without them the test is skipped and says which is
missing (CI installs them and runs the check on the built docs).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="needs Selenium (pip install selenium)")

from scripts.check_docs_layout import Overflow, overflows  # noqa: E402
from scripts.chromium import missing  # noqa: E402

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))

LONG_LINE = "x = " + "1 + " * 300 + "1"

PAGES = {
    "fits.html": f'<pre style="overflow-x: auto">{LONG_LINE}</pre><p>Short text.</p>',
    "code.html": f'<pre style="overflow-x: visible">{LONG_LINE}</pre>',
    "wide.html": '<div style="width: 900px">A box as wide as a laptop.</div>',
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """Three pages: one that fits a narrow window, a code block that does not scroll, a wide box."""
    for name, body in PAGES.items():
        (tmp_path / name).write_text(
            f"<!DOCTYPE html><html><head><meta name='viewport' content='width=device-width'>"
            f"<style>body {{ margin: 0 }}</style></head><body>{body}</body></html>"
        )
    return tmp_path


def test_a_page_that_fits_passes_and_one_too_wide_is_named(site: Path) -> None:
    """At 600 px a scrolling code block passes; code that does not scroll and a 900 px box fail."""
    found = overflows(site, sorted(PAGES), widths=[600])
    assert {overflow.page for overflow in found} == {"code.html", "wide.html"}
    assert all(overflow.width == 600 for overflow in found)
    code = [overflow.problem for overflow in found if overflow.page == "code.html"]
    assert any(problem.startswith("code does not scroll (overflow-x: visible)") for problem in code)
    wide = [overflow.problem for overflow in found if overflow.page == "wide.html"]
    assert len(wide) == 1 and wide[0].startswith("the page is 900 px wide")


def test_a_wide_window_fits_the_wide_box(site: Path) -> None:
    """At 1400 px the 900 px box fits; the code block that does not scroll still fails."""
    found = overflows(site, ["wide.html", "code.html"], widths=[1400])
    assert {overflow.page for overflow in found} == {"code.html"}


def test_screenshots_are_saved_for_the_pages_named(site: Path, tmp_path: Path) -> None:
    """Screenshots go to the folder given, one per photographed page and width."""
    (site / "index.html").write_text((site / "fits.html").read_text())
    shots = tmp_path / "shots"
    assert overflows(site, ["index.html"], widths=[600], screenshots=shots) == []
    assert (shots / "index-600.png").read_bytes().startswith(b"\x89PNG")


def test_an_overflow_reads_as_a_line() -> None:
    """An overflow prints as the page, the width and the problem."""
    assert str(Overflow("rules.html", 600, "the page is 703 px wide")) == (
        "rules.html at 600 px: the page is 703 px wide"
    )
