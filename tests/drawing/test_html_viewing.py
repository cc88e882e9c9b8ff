"""The web page as a tournament director and a lichess user meet it (docs/html.md), in headless
Chromium at a laptop's 1366×768 and a phone's 390×844: the board stays in view while
stepping and when a link or the index opens a position; the players and the running
score stand by the board; the record's comments show at their moves; tap targets are
44 px; scores do not wrap; crosstable cells link to their matches; the flip is in the
link; stepping does not flood the history; the position can be copied and the match's
record downloaded; the print style puts the board first; the board can be read square
by square.

The page is an 8-player round robin of random legal Standard matches, one with a
comment, one invalid, one unfinished; every fact a test compares with is read from the
library's replay of the same records, not from the page.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kamisado_notation import (
    Form,
    RecordFile,
    Side,
    format_record,
    parse_record,
    read_record,
    replay_match,
    validate_text,
)
from kamisado_notation.engine.board import SQUARE_COLOURS
from kamisado_notation.play.generate import iter_generated
from tests.support.browser import _open, _press, _shown, start_chrome
from tests.support.paths import SAMPLES

PLAYERS = ["Ann Lee", "Bob Smith", "Cy Young", "Dee Dee", "Eve Adams", "Fay Wong", "Gus Grant", "Hal Moss"]
SIZES = [(1366, 768), (390, 844)]
COMMENT = "a strong start"


def _match_text(seed: int, black: str, gold: str) -> str:
    (m,) = iter_generated(match="standard", seed=seed, count=1)
    text = format_record(RecordFile("<generated>", matches=[m]), form=Form.TEXT)
    return (
        text.replace('[Event "kamisado generate"]', '[Event "Club championship"]')
        .replace('[Black "Random"]', f'[Black "{black}"]')
        .replace('[Gold "Random"]', f'[Gold "{gold}"]')
    )


def _round_robin() -> str:
    """28 matches: match 1's first entry carries a comment, match 3's first entry a
    wrong square (invalid), match 5 stops after round 1 (unfinished)."""
    texts = []
    for seed, (black, gold) in enumerate(itertools.combinations(PLAYERS, 2), 1):
        text = _match_text(seed, black, gold)
        lines = text.splitlines(keepends=True)
        i = next(k for k, line in enumerate(lines) if line.startswith("1. "))
        words = lines[i].split()
        if seed == 1:
            lines[i] = " ".join(words[:5]) + " {" + COMMENT + "}   " + " ".join(words[5:]) + "\n"
        elif seed == 3:
            words[4] = "Orange" if words[4] != "Orange" else "Brown"
            lines[i] = " ".join(words[:5]) + "   " + " ".join(words[5:]) + "\n"
        text = "".join(lines)
        if seed == 5:
            text = text.replace("[Result ", "[Claimed ")
            text = text[: text.index("Round 2")]
        texts.append(text)
    return "\n".join(texts)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The page of the round robin (with the pushes sample after it), as a file:// address, and the record."""
    root = tmp_path_factory.mktemp("viewing")
    record = root / "championship.kmr"
    record.write_text(_round_robin(), encoding="utf-8")
    out = root / "page.html"
    args = [sys.executable, "-m", "kamisado_notation.cli.app", "html", str(record), str(SAMPLES / "pushes.kmr"), "-o", str(out)]
    subprocess.run(args, check=False, capture_output=True)  # (exit 1: one record is invalid)
    assert out.exists()
    return out.as_uri(), record


@pytest.fixture(scope="module")
def replays(event: tuple[str, Path]) -> list[Any]:
    return [replay_match(m) for m in read_record(str(event[1])).matches] + [
        replay_match(m) for m in read_record(str(SAMPLES / "pushes.kmr")).matches
    ]


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    chrome = start_chrome("--hide-scrollbars")
    yield chrome
    chrome.quit()


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def browser(request: pytest.FixtureRequest, driver: Any) -> Any:
    """The browser with its page (the viewport, not the window) at the size."""
    width, height = request.param
    driver.set_window_size(width + 100, height + 200)  # (the window holds the viewport)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.get("about:blank")
    assert driver.execute_script("return [innerWidth, innerHeight]") == [width, height]
    return driver


def _phone(driver: Any) -> bool:
    return bool(driver.execute_script("return innerWidth <= 760"))


def _rect(driver: Any, selector: str) -> dict[str, float]:
    return driver.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}",
        selector,
    )


def _board_in_view(driver: Any) -> bool:
    board, height = _rect(driver, "#board svg"), driver.execute_script("return innerHeight")
    return board["top"] >= -0.5 and board["bottom"] <= height + 0.5 and board["height"] > 200


def _current_in_view(driver: Any) -> bool:
    """The current entry is on screen, and not under the board where the board sticks."""
    entry = _rect(driver, "a.e.current")
    floor = _rect(driver, "#board-sticky")["bottom"] if _phone(driver) else 0
    return entry["top"] >= floor - 0.5 and entry["bottom"] <= driver.execute_script("return innerHeight") + 0.5


def _position(replays: list[Any], link: str) -> str:
    m, r, p = (int(x) for x in re.findall(r"\d+", link))
    rnd = next(x for x in replays[m - 1].rounds if x.number == r)
    return str(rnd.position_at(p).to_string())


def _long_round(replays: list[Any], m: int) -> tuple[int, int]:
    """Match ``m``'s longest round: its number and its plies."""
    rnd = max(replays[m - 1].rounds, key=lambda x: len(x.plies))
    return rnd.number, len(rnd.plies)


def test_stepping_keeps_the_board_and_the_move_in_view(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    from selenium.webdriver.common.keys import Keys

    number, plies = _long_round(replays, 23)
    start = max(plies // 2 - 4, 0)
    _open(browser, event[0] + f"#m23r{number}p{start}")
    for step in range(1, min(8, plies - start) + 1):
        if step % 2:
            browser.find_element("css selector", "[data-go=next]").click()
        else:
            _press(browser, Keys.ARROW_RIGHT)
        link = f"#m23r{number}p{start + step}"
        assert _shown(browser) == (link, _position(replays, link))
        assert _board_in_view(browser), link
        assert _current_in_view(browser), link


@pytest.mark.parametrize("which", ["#m3r1p2", "#m20r1p1", "end of match 27"])
def test_a_link_opens_with_its_board_and_its_move_in_view(browser: Any, event: tuple[str, Path], replays: list[Any], which: str) -> None:
    if which.startswith("end"):
        last = replays[26].rounds[-1]
        which = f"#m27r{last.number}p{len(last.plies)}"
    _open(browser, event[0] + which)
    assert _shown(browser) == (which, _position(replays, which))
    assert _board_in_view(browser)
    if not which.endswith("p0"):
        assert _current_in_view(browser)


def test_a_click_in_the_index_brings_that_board_into_view(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    _open(browser, event[0])
    browser.execute_script("document.getElementById('index').open = true")
    link = browser.find_element("css selector", ".index a[href^='#m12r']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    first = replays[11].rounds[0].number
    assert _shown(browser) == (f"#m12r{first}p0", _position(replays, f"#m12r{first}p0"))
    assert _board_in_view(browser)


def test_the_players_and_the_running_score_stand_by_the_board(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    match = replays[7]
    headers = match.record.headers
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for rnd in match.rounds:
        _open(browser, event[0] + f"#m8r{rnd.number}p0")
        assert browser.find_element("id", "score").text == f"{score[Side.BLACK]}–{score[Side.GOLD]}"
        score[rnd.result.winner] += rnd.result.points
        _open(browser, event[0] + f"#m8r{rnd.number}p{len(rnd.plies)}")
        assert browser.find_element("id", "score").text == f"{score[Side.BLACK]}–{score[Side.GOLD]}"
        assert browser.find_element("id", "black-name").text == headers["Black"]
        assert browser.find_element("id", "gold-name").text == headers["Gold"]
        bar, board = _rect(browser, "#players"), _rect(browser, "#board")
        assert 0 <= bar["top"] and 0 <= board["top"] - bar["bottom"] < 16  # right above the board, on screen
    assert (score[Side.BLACK], score[Side.GOLD]) == (match.score[Side.BLACK], match.score[Side.GOLD])


def test_the_records_comments_show_at_their_moves(browser: Any, event: tuple[str, Path]) -> None:
    _open(browser, event[0] + "#m1r1p1")
    comment = browser.find_element("id", "comment")
    assert comment.is_displayed() and comment.text == COMMENT
    said = browser.find_element("css selector", "#match-1 .round .moves > li .said")
    assert said.text == f"Black: {COMMENT}"
    first_row = browser.execute_script("return document.querySelector('#match-1 .moves > li').textContent")
    assert COMMENT in first_row  # in the row of the entry it was written at
    _press(browser, "\ue014")  # → : the next ply has no comment
    assert not comment.is_displayed()


def test_tap_targets_are_at_least_44_px(browser: Any, event: tuple[str, Path]) -> None:
    _open(browser, event[0] + "#m1r1p3")
    browser.execute_script("document.getElementById('index').open = true")
    sizes = browser.execute_script(
        "function box(e) { var r = e.getBoundingClientRect(); return [e.tagName + ' ' + (e.id || e.textContent.trim().slice(0, 20)), r.width, r.height]; }"
        "var out = {square: [], tall: []};"
        "document.querySelectorAll('.controls button, .options button, .options label').forEach(function (e) { out.square.push(box(e)); });"
        "document.querySelectorAll('.index li a, .cross td a, .left-out summary').forEach(function (e) { out.tall.push(box(e)); });"
        "if (innerWidth <= 760) { document.querySelectorAll('#match-1 a.e').forEach(function (e) { out.tall.push(box(e)); }); }"
        "return out;"
    )
    assert len(sizes["square"]) == 9 and len(sizes["tall"]) > 28 + 50
    assert [s for s in sizes["square"] if min(s[1], s[2]) < 44] == []
    assert [s for s in sizes["tall"] if s[2] < 44] == []


def test_no_score_wraps(browser: Any, event: tuple[str, Path]) -> None:
    _open(browser, event[0])
    browser.execute_script("document.getElementById('index').open = true")
    lines = browser.execute_script(
        "return Array.from(document.querySelectorAll('.cross td a, .cross td span, .index .score, .standings td, .players .score'))"
        ".filter(function (e) { return e.textContent.trim(); })"
        ".map(function (e) { var tops = new Set(), walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), node;"
        "  while ((node = walk.nextNode())) { var r = document.createRange(); r.selectNodeContents(node);"
        "    Array.from(r.getClientRects()).forEach(function (x) { tops.add(Math.round(x.top)); }); }"
        "  return [e.textContent, tops.size]; })"
    )
    assert len(lines) > 100
    assert [text for text, rows in lines if rows > 1] == []


def test_crosstable_cells_link_to_their_matches_and_mark_those_left_out(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    _open(browser, event[0])
    cells = browser.execute_script(
        "var names = Array.from(document.querySelectorAll('.cross tbody th')).map(function (e) { return e.textContent; });"
        "var out = [];"
        "document.querySelectorAll('.cross tbody tr').forEach(function (tr, a) {"
        "  tr.querySelectorAll('td').forEach(function (td, k) { if (k < 1) { return; }"
        "    td.querySelectorAll('a').forEach(function (link) { out.push([names[a], names[k - 1], link.textContent, link.getAttribute('href'), link.className]); }); }); });"
        "return out;"
    )
    assert len(cells) == 2 * 28
    for row, column, text, href, cls in cells:
        match = replays[int(href[2:]) - 1]
        black, gold = match.record.header("Black"), match.record.header("Gold")
        assert {row, column} == {black, gold}
        if cls == "left":  # the invalid and the unfinished match
            assert text == "✗" and not (match.valid and str(match.status) == "complete")
        else:
            mine, theirs = (Side.BLACK, Side.GOLD) if row == black else (Side.GOLD, Side.BLACK)
            assert text == f"{match.score[mine]}-{match.score[theirs]}"
    assert sum(cls == "left" for *_, cls in cells) == 4  # two pairings, each marked both ways
    link = browser.find_element("css selector", ".cross a.left")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    target = "#" + link.get_attribute("href").split("#")[1]
    assert browser.execute_script("return location.hash").startswith(target + "r") and _board_in_view(browser)


def test_the_flip_is_in_the_link_and_the_link_is_read_in_any_case(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    def rank_8_at_the_top() -> bool:
        return bool(browser.execute_script(
            "return +document.querySelector('#frame .square.a8').getAttribute('y') < +document.querySelector('#frame .square.a1').getAttribute('y')"
        ))

    _open(browser, event[0] + "#M2R1P3F")
    assert _shown(browser) == ("#m2r1p3f", _position(replays, "#m2r1p3")) and not rank_8_at_the_top()
    _press(browser, "\ue014")  # →
    assert _shown(browser)[0] == "#m2r1p4f" and not rank_8_at_the_top()
    _press(browser, "f")
    assert _shown(browser)[0] == "#m2r1p4" and rank_8_at_the_top()
    browser.find_element("css selector", "[data-go=flip]").click()
    assert _shown(browser)[0] == "#m2r1p4f"


def test_stepping_adds_no_history_and_another_match_adds_one(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:

    first = browser.current_window_handle
    size = browser.execute_script("return [innerWidth, innerHeight]")
    browser.switch_to.new_window("tab")  # a fresh history (a tab keeps at most 50 entries)
    try:
        _count_the_history(browser, event, replays, size)
    finally:
        browser.close()
        browser.switch_to.window(first)


def _count_the_history(browser: Any, event: tuple[str, Path], replays: list[Any], size: list[int]) -> None:
    from selenium.webdriver.common.keys import Keys

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    browser.get(event[0] + "#m4r1p0")
    length = browser.execute_script("return history.length")
    for _ in range(3):
        _press(browser, Keys.ARROW_RIGHT)
    for entry in browser.find_elements("css selector", "#match-4 a.e")[3:6]:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", entry)
        entry.click()
    browser.find_element("css selector", "[data-go=next]").click()
    here = _shown(browser)
    assert here[0] == "#m4r1p7" and browser.execute_script("return history.length") == length
    browser.execute_script("document.getElementById('index').open = true")
    other = browser.find_element("css selector", ".index a[href^='#m9r']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", other)
    other.click()
    assert _shown(browser)[0].startswith("#m9r") and browser.execute_script("return history.length") == length + 1
    browser.back()
    assert _shown(browser) == here == ("#m4r1p7", _position(replays, "#m4r1p7"))


def test_home_end_and_the_page_keys_scroll_the_page_outside_the_board(browser: Any, event: tuple[str, Path]) -> None:
    from selenium.webdriver.common.keys import Keys

    _open(browser, event[0] + "#m6r1p3")
    browser.execute_script("document.getElementById('index').open = true; document.querySelector('.index a').focus()")
    _press(browser, Keys.END)
    assert _shown(browser)[0] == "#m6r1p3"  # the page scrolled; the position stayed
    browser.execute_script("document.activeElement.blur()")
    _press(browser, Keys.END)
    assert _shown(browser)[0] != "#m6r1p3"


def test_copy_the_position_and_download_the_matchs_record(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    _open(browser, event[0] + "#m1r2p5")
    browser.execute_script(
        "window.copied = null; navigator.clipboard.writeText = function (t) { window.copied = t; return Promise.resolve(); };"
        "window.saved = null; var make = URL.createObjectURL; URL.createObjectURL = function (b) { window.saved = b; return make(b); };"
        "window.named = null; var click = HTMLAnchorElement.prototype.click;"
        "HTMLAnchorElement.prototype.click = function () { window.named = this.download; };"
    )
    copy = browser.find_element("id", "copy")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", copy)
    copy.click()
    assert browser.execute_script("return window.copied") == _position(replays, "#m1r2p5")
    assert browser.find_element("id", "told").text == "Position copied."
    browser.find_element("id", "download").click()
    text = browser.execute_async_script("var done = arguments[0]; window.saved.text().then(done);")
    assert browser.execute_script("return window.named") == "championship-match-1.kmr"
    report = validate_text(text)
    assert report.valid and len(report.matches) == 1
    downloaded = replay_match(parse_record(text).matches[0])
    assert [(r.number, str(r.result.winner), r.result.points) for r in downloaded.rounds] == [
        (r.number, str(r.result.winner), r.result.points) for r in replays[0].rounds
    ]
    assert f'[Black "{replays[0].record.header("Black")}"]' in text and "{" + COMMENT + "}" in text


def test_print_puts_the_board_first_and_opens_what_is_folded(browser: Any, event: tuple[str, Path]) -> None:
    _open(browser, event[0] + "#m2r1p2")
    browser.execute_script("document.querySelector('.left-out').open = false")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        browser.execute_script("window.dispatchEvent(new Event('beforeprint'))")
        order = browser.execute_script(
            "return ['.viewer', '.index', '.standings'].map(function (s) { return document.querySelector(s).getBoundingClientRect().top; })"
        )
        assert order[0] < order[2]  # the board and the match before the standings
        assert browser.execute_script("return getComputedStyle(document.querySelector('.index')).display") == "none"
        assert browser.execute_script("return Array.from(document.querySelectorAll('details')).every(function (d) { return d.open; })")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        browser.execute_script("window.dispatchEvent(new Event('afterprint'))")
    assert browser.execute_script("return document.querySelector('.left-out').open") is False


def test_the_board_is_named_in_words_and_walked_square_by_square(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    _open(browser, event[0] + "#m1r1p1")
    position = replays[0].rounds[0].position_at(1)
    name = browser.execute_script("return document.getElementById('board-label').textContent")
    assert name.startswith("Kamisado board, match 1, round 1, ply 1") and position.to_string() not in name
    assert "to move" in name
    cells = browser.execute_script("return Array.from(document.querySelectorAll('#squares td')).map(function (e) { return e.textContent; })")
    assert len(cells) == 64
    for cell in cells:
        square = cell.split(",")[0]
        sq = "abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1)
        tower = position.tower_at(sq)
        words = f"{tower.side.title}'s {tower.colour.name.lower()}" if tower is not None else "empty"
        assert cell.startswith(f"{square}, {SQUARE_COLOURS[sq].name.lower()} square: {words}"), cell
    label = browser.find_element("css selector", "#match-1 a.e").get_attribute("aria-label")
    assert re.fullmatch(r"1\. Black: .+", label)
    grey = browser.execute_script("return getComputedStyle(document.querySelector('.moves .n')).color")
    assert grey == "rgb(89, 89, 89)"  # 7:1 on white (the grey before, #777, was 4.48:1)


def test_a_push_back_entry_says_what_it_is(browser: Any, event: tuple[str, Path], replays: list[Any]) -> None:
    first = len(replays) - len(read_record(str(SAMPLES / "pushes.kmr")).matches) + 1
    for m, match in enumerate(replays[first - 1 :], first):
        for rnd in match.rounds:
            for k, ply in enumerate(rnd.plies, 1):
                if str(ply.kind) == "back":
                    _open(browser, event[0] + f"#m{m}r{rnd.number}p{k}")
                    back = browser.find_element("id", "caption").text
                    browser.execute_script("location.hash = arguments[0]", f"#m{m}r{rnd.number}p{k - 1}")
                    push = browser.find_element("id", "caption").text
                    assert back.startswith(f"{ply.side.title}'s turn is the push's back-entry (S3)") and back != push
                    return
    pytest.fail("no back-entry in the pushes sample")


def test_the_squares_colour_codes_are_an_option(browser: Any, event: tuple[str, Path]) -> None:
    _open(browser, event[0] + "#m1r1p0")
    shown = "return getComputedStyle(document.getElementById('square-codes')).display"
    assert browser.execute_script(shown) == "none"
    box = browser.find_element("id", "codes")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    assert browser.execute_script(shown) != "none"
    codes = browser.execute_script("return Array.from(document.querySelectorAll('#square-codes text')).map(function (e) { return e.textContent; })")
    assert sorted(set(codes)) == ["Bl", "Br", "Gr", "Or", "Pi", "Pu", "Re", "Ye"] and len(codes) == 64


def test_without_javascript_every_match_is_shown(browser: Any, event: tuple[str, Path]) -> None:
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        _open(browser, event[0])
        shown = browser.execute_script  # (scripts from the driver still run)
        assert shown("return document.querySelectorAll('article.match').length") == 30
        assert shown("return Array.from(document.querySelectorAll('article.match')).every(function (a) { return a.offsetHeight > 0; })")
        assert "needs JavaScript" in browser.find_element("css selector", "body").text
        assert COMMENT in browser.find_element("id", "match-1").text
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_nothing_makes_the_page_wider_than_the_screen(browser: Any, event: tuple[str, Path]) -> None:
    """No element runs past the screen's width (a phone would zoom the whole page out to
    fit it): the square-by-square table for screen readers is hidden, not just clipped."""
    _open(browser, event[0] + "#m1r1p3")
    wide = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], wide
