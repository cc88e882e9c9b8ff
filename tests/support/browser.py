"""Headless Chromium for the web pages' tests (the archive page, the phone view, the
viewing tests): started through selenium with the arguments a test asks for, a page
opened and waited for, keys pressed, the board's position read. A test skips, saying
why, where no Chromium, chromedriver or selenium can be had."""

from __future__ import annotations

import shutil
import time
from typing import Any

import pytest


def _chromium() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        pytest.skip("no Chromium with chromedriver here (Debian: apt-get install chromium chromium-driver)")
    return browser, driver


def start_chrome(*arguments: str) -> Any:
    """Headless Chromium driven by selenium, with ``arguments`` besides the usual ones;
    the test skips where it cannot be had."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[browser]')")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = _chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *arguments):
        options.add_argument(argument)
    try:
        return webdriver.Chrome(options=options, service=Service(driver_path))
    except WebDriverException as e:  # a browser that does not start is a machine without one
        pytest.skip(f"Chromium does not start here: {str(e).splitlines()[0]}")


def _shown(driver: Any) -> tuple[str, str]:
    """The hash and the board's position string."""
    board = driver.find_element("id", "board")
    return driver.execute_script("return location.hash"), board.get_attribute("data-position")


def _open(driver: Any, url: str) -> None:
    """Open ``url`` in a new document; with a link to a ply, wait until the page has shown
    it (its board's name is no longer the page's first one: on a busy machine the test
    may otherwise look before the script has drawn)."""
    driver.get("about:blank")  # a new document, not a move within the old one
    driver.get(url)
    if "#" in url:
        shown = "var b = document.getElementById('board-label'); return !b || b.textContent !== 'Kamisado board';"
        for _ in range(100):
            if driver.execute_script(shown):
                break
            time.sleep(0.05)


def _press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()
