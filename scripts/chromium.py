"""Headless Chromium, as every browser check of the repository starts it.

One list of command-line flags (:data:`FLAGS`) and one way to find Debian's
``chromium`` and ``chromium-driver`` (:func:`binaries`), used by the docs'
layout check, the web page's tests and the example picture's renderer, and
:func:`selenium_chrome` for those that drive the browser through Selenium
(the ``[web]`` extra).

>>> "--headless" in FLAGS and "--no-sandbox" in FLAGS
True
>>> missing(chromium="/usr/bin/chromium", chromedriver=None)
"needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from selenium.webdriver import Chrome

__all__ = ["FLAGS", "binaries", "missing", "selenium_chrome"]

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)
"""Headless, no sandbox (CI runs as root in a container), nothing fetched in the background."""


def binaries() -> tuple[str | None, str | None]:
    """The paths of ``chromium`` and ``chromedriver``, ``None`` for one not installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")


def missing(*, chromium: str | None = None, chromedriver: str | None = None) -> str | None:
    """What is missing to drive Chromium (``None``: nothing), for a skip or an exit message.

    Without arguments, the installed binaries (:func:`binaries`) are looked at.
    """
    if chromium is None and chromedriver is None:
        chromium, chromedriver = binaries()
    if chromium is None or chromedriver is None:
        return "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
    return None


@contextmanager
def selenium_chrome(profile: Path, *, width: int = 1400, height: int = 1000) -> Iterator[Chrome]:
    """Headless Chromium with a fresh profile in ``profile``, a window of ``width`` by
    ``height`` CSS pixels, driven through Debian's chromedriver; quit afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = binaries()
    assert chromium is not None and chromedriver is not None, missing()
    options = Options()
    options.binary_location = chromium
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        yield driver
    finally:
        driver.quit()
