"""Check the built HTML docs in headless Chromium: no page is wider than the window.

Every page of the built docs is opened at three window widths (a desktop, a
laptop, a phone held upright). On each, the page must not scroll sideways, and
every block of code too long for its box must scroll inside that box (CSS
``overflow-x: auto`` or ``scroll``) and end inside the window. A screenshot of a
few pages at each width, from the top of their text, is saved for a reader to
look at.

Run from the repository root after building the docs::

    python -m sphinx -E -W -q -b html docs docs/_build/html
    python -m scripts.check_docs_layout                    # every page, every width
    python -m scripts.check_docs_layout --widths 600 -- howto/frontend.html

Needs Debian's ``chromium`` and ``chromium-driver`` and Selenium (the ``[dev]``
extra). It prints one line per page that fails, with the width and what is too
wide, and exits with status 1 if any page failed, 2 if it could not run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from scripts.chromium import missing, selenium_chrome

if TYPE_CHECKING:
    from selenium.webdriver import Chrome

__all__ = ["SCREENSHOT_PAGES", "WIDTHS", "Overflow", "main", "overflows"]

WIDTHS = (1400, 1000, 600)
"""Window widths in CSS pixels: a desktop, a laptop, a phone held upright."""

SCREENSHOT_PAGES = ("index.html", "howto/frontend.html", "rules.html", "api.html")
"""The pages photographed at each width, into ``docs/_build/screenshots``."""


_MEASURE = """
const width = window.innerWidth;
const problems = [];
if (document.documentElement.scrollWidth > width + 1) {
    let widest = null;
    for (const element of document.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.right > width + 1 && element.closest("pre") === null
                && (widest === null || !element.contains(widest))) {
            widest = element;
        }
    }
    const what = widest === null ? "" : ", widest: <" + widest.tagName.toLowerCase()
        + (widest.className ? ' class="' + widest.className + '"' : "") + "> "
        + widest.textContent.trim().slice(0, 50);
    problems.push("the page is " + document.documentElement.scrollWidth + " px wide" + what);
}
for (const block of document.querySelectorAll("pre")) {
    const box = block.getBoundingClientRect();
    const overflow = getComputedStyle(block).overflowX;
    const text = block.textContent.trim().split("\\n")[0].slice(0, 50);
    if (block.scrollWidth > block.clientWidth + 1
            && overflow !== "auto" && overflow !== "scroll") {
        problems.push("code does not scroll (overflow-x: " + overflow + "): " + text);
    }
    if (box.width > 0 && box.right > width + 1) {
        problems.push("code ends at " + Math.round(box.right) + " px: " + text);
    }
}
return problems;
"""


_TO_BODY = """
const body = document.querySelector("div.body");
if (body !== null) { body.scrollIntoView(); }
"""
"""Scroll to the page's text (above it on a narrow window: the navigation)."""


@attrs.frozen
class Overflow:
    """What is too wide on one page at one window width."""

    page: str
    """The page, relative to the built docs."""
    width: int
    """The window's width in CSS pixels."""
    problem: str
    """What is too wide, in words."""

    def __str__(self) -> str:
        return f"{self.page} at {self.width} px: {self.problem}"


@contextmanager
def _chromium() -> Iterator[Chrome]:
    """Headless Chromium with a fresh profile, or exit 2 saying what is missing."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        sys.exit("check_docs_layout: needs Selenium (pip install -e '.[dev]')")
    reason = missing()
    if reason is not None:
        sys.exit(f"check_docs_layout: {reason}")
    with tempfile.TemporaryDirectory() as profile, selenium_chrome(Path(profile)) as driver:
        yield driver


def overflows(
    root: Path,
    pages: Sequence[str],
    widths: Sequence[int] = WIDTHS,
    screenshots: Path | None = None,
) -> list[Overflow]:
    """What is too wide on each of ``pages`` (relative to ``root``) at each width."""
    found: list[Overflow] = []
    with _chromium() as driver:
        for width in widths:
            _set_width(driver, width)
            for page in pages:
                driver.get((root / page).resolve().as_uri())
                problems: list[str] = driver.execute_script(_MEASURE)
                found.extend(Overflow(page, width, problem) for problem in problems)
                if screenshots is not None and page in SCREENSHOT_PAGES:
                    name = page.replace("/", "-").removesuffix(".html")
                    screenshots.mkdir(parents=True, exist_ok=True)
                    driver.execute_script(_TO_BODY)
                    driver.save_screenshot(str(screenshots / f"{name}-{width}.png"))
    return found


def _set_width(driver: Chrome, width: int) -> None:
    """Size the window so that the page inside it is ``width`` CSS pixels wide."""
    driver.set_window_size(width, 900)
    inner: int = driver.execute_script("return window.innerWidth")
    driver.set_window_size(2 * width - inner, 900)


def main(argv: Sequence[str] | None = None) -> int:
    """Check the pages named (every page when none is), print what is too wide."""
    parser = argparse.ArgumentParser(prog="python -m scripts.check_docs_layout", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path("docs/_build/html"), help="the built docs")
    parser.add_argument(
        "--widths", default=",".join(map(str, WIDTHS)),
        help="window widths in CSS pixels, with commas (default: %(default)s)",
    )
    parser.add_argument(
        "--screenshots", type=Path, default=Path("docs/_build/screenshots"),
        help="where the screenshots go (default: %(default)s)",
    )
    parser.add_argument("pages", nargs="*", help="pages relative to --root (default: every page)")
    args = parser.parse_args(argv)
    root: Path = args.root
    if not (root / "index.html").is_file():
        parser.exit(2, f"check_docs_layout: no built docs in {root} (build them first)\n")
    pages = args.pages or sorted(
        path.relative_to(root).as_posix() for path in root.rglob("*.html")
        if not path.relative_to(root).parts[0].startswith("_")
    )
    widths = [int(width) for width in args.widths.split(",")]
    found = overflows(root, pages, widths, args.screenshots)
    for overflow in found:
        print(overflow)
    print(f"{len(pages)} pages at {', '.join(map(str, widths))} px: "
          f"{len(found)} too wide; screenshots in {args.screenshots}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
