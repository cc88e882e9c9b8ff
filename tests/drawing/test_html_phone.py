"""The web page on a phone (390×844, Chromium in mobile emulation): the sticky area over
the board keeps one line of where the board is (round, ply, last move) and one of what
comes next; › into a new round brings that round's part of the move list into view; the
standings table fits the screen without sideways scrolling. Every fact compared with is
read from the library's replay of the same records."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from kamisado_notation import read_record, replay_match
from kamisado_notation.drawing.svg import status_lines
from tests.support.browser import _chromium, _open
from tests.support.paths import SAMPLES

RECORDS = ["club-night.kmr", "standard-match.kmr"]
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0}


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[browser]')")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = _chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE, "userAgent": "Mozilla/5.0 (iPhone) Mobile"})
    try:
        driver = webdriver.Chrome(options=options, service=Service(driver_path))
    except WebDriverException as e:
        pytest.skip(f"Chromium does not start here: {str(e).splitlines()[0]}")
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("phone") / "page.html"
    args = [sys.executable, "-m", "kamisado_notation.cli.app", "html", *(str(SAMPLES / r) for r in RECORDS), "-o", str(out)]
    subprocess.run(args, check=False, capture_output=True)
    assert out.exists()
    return out.as_uri()


def rect(driver: Any, selector: str) -> dict[str, float]:
    return driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().toJSON()", selector)  # type: ignore[no-any-return]


def wait_for(driver: Any, script: str) -> None:
    for _ in range(100):
        if driver.execute_script(script):
            return
        time.sleep(0.05)


def test_the_pinned_area_keeps_where_the_board_is_and_whose_turn_in_one_line_each(phone: Any, page: str) -> None:
    rnd = replay_match(read_record(str(SAMPLES / "club-night.kmr")).matches[0]).rounds[0]
    _open(phone, page + "#m1r1p3")
    assert phone.execute_script("return window.innerWidth") == 390
    phone.execute_script("window.scrollBy(0, 700)")  # deep into the move list
    time.sleep(0.3)
    sticky = rect(phone, "#board-sticky")
    assert sticky["top"] == 0 and sticky["bottom"] < 0.65 * 844
    last = rnd.plies[2].move
    expected = (f"Round 1 · ply 3/{len(rnd.plies)} · {last.side.title} {last}", status_lines(rnd.position_at(3), last)[1])
    for selector, text in zip(("#pin-where", "#pin-status"), expected, strict=True):
        line = rect(phone, selector)
        assert phone.find_element("css selector", selector).text == text
        assert sticky["top"] <= line["top"] and line["bottom"] <= sticky["bottom"]  # pinned, in view
        height = phone.execute_script("return parseFloat(getComputedStyle(document.querySelector(arguments[0])).lineHeight)", selector)
        assert line["height"] < 1.5 * height  # one line
        assert line["right"] <= 390


def test_next_into_a_new_round_brings_that_round_of_the_move_list_into_view(phone: Any, page: str) -> None:
    match = replay_match(read_record(str(SAMPLES / "standard-match.kmr")).matches[0])
    end = len(match.rounds[0].plies)
    m = 1 + len(read_record(str(SAMPLES / "club-night.kmr")).matches)
    _open(phone, page + f"#m{m}r1p{end}")
    phone.execute_script("window.scrollTo(0, 0)")
    phone.find_element("css selector", 'button[data-go="next"]').click()
    wait_for(phone, f"return location.hash === '#m{m}r2p0'")
    time.sleep(0.5)  # (a smooth scroll, if any)
    heading = rect(phone, f'#match-{m} .round h3 a[href="#m{m}r2p0"]')
    sticky = rect(phone, "#board-sticky")
    assert sticky["bottom"] <= heading["top"] and heading["bottom"] <= 844, (sticky, heading)


def test_the_standings_table_fits_the_screen(phone: Any, page: str) -> None:
    _open(phone, page)
    widths = phone.execute_script(
        # (the event's standings; the archive's players and openings, wider by their links, scroll in their own box)
        "return Array.from(document.querySelectorAll('.standings:not(.archive-players):not(.openings) table')).map(function (t) {"
        " return [t.getBoundingClientRect().right, t.parentElement.getBoundingClientRect().right, t.scrollWidth, t.parentElement.clientWidth]; })"
    )
    assert widths
    for right, room, wide, shown in widths:
        assert right <= room and wide <= shown  # no column cut off, nothing to scroll sideways
    against = phone.execute_script("return Array.from(document.querySelectorAll('.standings th')).filter(function (th) { return th.textContent === 'against'; })[0].getBoundingClientRect().right")
    assert against <= 390
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
