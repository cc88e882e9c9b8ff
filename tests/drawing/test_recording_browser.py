"""The recording page (``kamisado record --page``) in a real Chromium in mobile emulation
(390×844, touch): a Standard match tapped to its end, with a wrong tap undone and a
reload half-way, exports (download) a record that validates and holds the moves tapped,
the same record the library's Recorder writes for them; a partial record loaded back
goes on where it stopped. Set ``KAMISADO_SHOTS=DIR`` to keep a screenshot of each phase."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kamisado_notation import Fill, Move, Recorder
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from tests.support.scored_match import the_match


def _start(downloads: Path) -> Any:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[browser]')")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("no Chromium with chromedriver here")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": True}, "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile"}
    )
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    try:
        browser = webdriver.Chrome(options=options, service=Service(driver))
    except WebDriverException as e:
        pytest.skip(f"Chromium does not start here: {str(e).splitlines()[0]}")
    browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return browser


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser = _start(downloads)
    yield browser, downloads
    browser.quit()


def _page(tmp_path: Path) -> str:
    out = tmp_path / "record.html"
    result = CliRunner().invoke(app, ["record", "--page", str(out)])
    assert result.exit_code == 0, result.output
    return out.as_uri()


def _shot(browser: Any, name: str) -> None:
    folder = os.environ.get("KAMISADO_SHOTS")
    if folder:
        browser.save_screenshot(str(Path(folder) / f"{name}.png"))


def _tap(browser: Any, sq: int) -> None:
    """A finger's tap on the centre of square ``sq`` as the page draws it now."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    x, y = browser.execute_script(
        "var P = JSON.parse(document.getElementById('pieces').textContent), c = P.centres[window.kamisadoRecording.flip],"
        " b = document.getElementById('svg').getBoundingClientRect(), sq = arguments[0];"
        " return [b.left + c[2 * sq] * b.width / P.size, b.top + c[2 * sq + 1] * b.height / P.size - window.scrollY * 0];",
        sq,
    )
    action = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    action.pointer_action.move_to_location(int(x), int(y)).pointer_down().pointer_up()
    action.perform()


def _downloaded(downloads: Path) -> str:
    """The text of the ``.kmr`` the page downloaded, once the browser has written it
    whole: the file may stand there empty, or half written, before (its size the same
    twice running, and not naught)."""
    size = -1
    for _ in range(200):
        done = [p for p in downloads.iterdir() if p.suffix == ".kmr"]
        now = done[0].stat().st_size if done else -1
        if now > 0 and now == size:
            return done[0].read_text(encoding="utf-8")
        size = now
        time.sleep(0.05)
    raise AssertionError("no .kmr was downloaded whole")


def test_a_standard_match_tapped_to_its_end(phone: tuple[Any, Path], tmp_path: Path) -> None:
    browser, downloads = phone
    browser.get(_page(tmp_path))
    _shot(browser, "1-setup")
    browser.find_element("id", "in-black").send_keys("Ann")
    browser.find_element("id", "in-gold").send_keys("Bob")
    browser.find_element("id", "in-event").send_keys("Club")
    browser.find_element("id", "start").click()
    _shot(browser, "2-start")
    size = browser.execute_script("var b = document.getElementById('svg').getBoundingClientRect(); return [b.width, b.height];")
    assert size[0] >= 8 * 44  # a square is a 44 px target at 390 px
    reference = Recorder("Standard", event="Club", black="Ann", gold="Bob")
    taps = reloaded = undone = 0
    pushes = forfeits = 0
    for k, choice in enumerate(the_match()):
        if isinstance(choice, Fill):
            browser.find_element("id", f"fill-{choice.value}").click()
            taps += 1
            reference.fill(choice)
            continue
        if not reloaded and reference.round_number == 2 and reference.plies >= 3:  # half-way, mid-round
            browser.refresh()
            reloaded = 1
            assert "Going on" in browser.find_element("id", "status").text
            _shot(browser, "4-reloaded")
        if k == 5:  # a wrong tap on a lit square, undone
            other = next(m for m in reference.legal_moves() if m.target != choice.target and m.origin == choice.origin)
            _tap(browser, other.target)
            browser.find_element("id", "undo").click()
            assert "Undone" in browser.find_element("id", "status").text
            undone = 1
        if reference.position.tower is None:  # a round's start: the tower first
            _tap(browser, choice.origin)
            taps += 1
        before = len(reference.moves)
        _tap(browser, choice.target)
        taps += 1
        reference.play(choice)
        written = reference.moves[before + 1 :]
        pushes += bool(choice.push)
        forfeits += sum(1 for m in written if m is not None and m.is_forfeit)
        if choice.push:
            assert "Push:" in browser.find_element("id", "status").text
            _shot(browser, "3-push")
        if reference.round_over:
            assert f"wins round {reference.round_number}" in browser.find_element("id", "status").text
            _shot(browser, f"5-round-{reference.round_number}-end")
    assert reloaded and undone and pushes and forfeits
    assert "The match is over" in browser.find_element("id", "status").text
    _shot(browser, "6-over")
    browser.find_element("id", "download").click()
    text = _downloaded(downloads)
    assert validate_text(text).valid
    assert text == reference.text()
    moves = sum(1 for c in the_match() if isinstance(c, Move))
    assert taps <= moves + len(reference.round_results) * 2  # one tap a move, two at a round's start


def test_a_partial_record_loaded_goes_on(phone: tuple[Any, Path], tmp_path: Path) -> None:
    browser, downloads = phone
    rec = Recorder("Single", black="Ann", gold="Bob")
    for text in ("d8-d4", "a1-a5"):
        rec.play(text)
    partial = tmp_path / "partial.kmr"
    partial.write_text(rec.text(), encoding="utf-8")
    browser.get(_page(tmp_path))
    browser.find_element("id", "load").send_keys(str(partial))
    for _ in range(50):
        if "Loaded" in browser.find_element("id", "status").text:
            break
        time.sleep(0.05)
    assert "Loaded partial.kmr" in browser.find_element("id", "status").text
    move = rec.legal_moves()[0]
    _tap(browser, move.target)
    rec.play(move)
    browser.find_element("id", "download").click()
    assert _downloaded(downloads) == rec.text()
