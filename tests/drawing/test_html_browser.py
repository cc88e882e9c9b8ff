"""The web page of ``kamisado html`` in a real browser: headless Chromium driven by
selenium opens the page from a ``file://`` address, presses keys, clicks entries, follows
links, and reads the board's ``data-position``, which must be the library's position at
that ply (the position string of docs/notation.md) for every ply of matches with Sumo
pushes, forfeits and a deadlock.

One browser for the module. Skipped, saying why, where no Chromium, chromedriver or
selenium can be had (.ci/run installs them where apt-get can).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.drawing import svg
from kamisado_notation.notation.files.opening import read_record
from tests.support.browser import _open, _press, _shown, start_chrome
from tests.support.paths import SAMPLES

PAGES = ["pushes.kmr", "forfeit.kmr", "deadlock.kmr"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = start_chrome("--window-size=1280,900")
    yield driver
    driver.quit()


def _page(tmp_path_factory: pytest.TempPathFactory, *records: str, glyphs: bool = False) -> str:
    """The page of ``records`` written by the command, as a file:// address."""
    out = tmp_path_factory.mktemp("page") / "page.html"
    args = [sys.executable, "-m", "kamisado_notation.cli.app", "html", *(str(SAMPLES / r) for r in records), "-o", str(out)]
    subprocess.run(args + (["--glyphs"] if glyphs else []), check=True, capture_output=True)
    return out.as_uri()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return {name: _page(tmp_path_factory, name) for name in PAGES}


def _expected(record: str) -> list[tuple[str, str]]:
    """Every ply of every match of ``record``: its link and the library's position."""
    out = []
    for m, match in enumerate(read_record(str(SAMPLES / record)).matches, 1):
        for rnd in replay_match(match).rounds:
            for ply in range(len(rnd.plies) + 1):
                out.append((f"#m{m}r{rnd.number}p{ply}", rnd.position_at(ply).to_string()))
    return out


@pytest.mark.parametrize("record", PAGES)
def test_every_ply_reached_by_the_arrow_key_shows_the_librarys_position(browser: Any, pages: dict[str, str], record: str) -> None:
    from selenium.webdriver.common.keys import Keys

    expected = _expected(record)
    matches = sorted({h.split("r")[0] for h, _ in expected}, key=lambda h: int(h[2:]))
    seen = []
    for m in matches:
        _open(browser, pages[record] + m)
        seen.append(_shown(browser))
        for _ in range(sum(h.startswith(m + "r") for h, _ in expected) - 1):
            _press(browser, Keys.ARROW_RIGHT)
            seen.append(_shown(browser))
        _press(browser, Keys.ARROW_RIGHT)  # the last position stays
        assert _shown(browser) == seen[-1]
    assert seen == expected


@pytest.mark.parametrize("record", PAGES)
def test_every_ply_opened_by_its_link_shows_the_librarys_position(browser: Any, pages: dict[str, str], record: str) -> None:
    for link, position in _expected(record):
        _open(browser, pages[record] + link)
        assert _shown(browser) == (link, position)


def test_a_link_followed_within_the_page_and_the_left_arrow_step_back(browser: Any, pages: dict[str, str]) -> None:
    from selenium.webdriver.common.keys import Keys

    expected = _expected("pushes.kmr")
    _open(browser, pages["pushes.kmr"] + expected[-1][0])
    for link, position in reversed(expected):
        browser.execute_script("location.hash = arguments[0]", link)  # a link followed: no new document
        assert _shown(browser) == (link, position)
    ours = [e for e in expected if e[0].startswith("#m2")]
    browser.execute_script("location.hash = arguments[0]", ours[-1][0])
    for link, position in reversed(ours[:-1]):
        _press(browser, Keys.ARROW_LEFT)
        assert _shown(browser) == (link, position)


def test_clicking_each_entry_shows_the_position_after_it(browser: Any, pages: dict[str, str]) -> None:
    expected = dict(_expected("pushes.kmr"))
    _open(browser, pages["pushes.kmr"] + "#m2")
    entries = browser.find_elements("css selector", "#match-2 a.e")
    assert len(entries) == sum(h.startswith("#m2") and not h.endswith("p0") for h in expected)
    for entry in entries:
        entry.click()
        link = entry.get_attribute("href").split("#", 1)[1]
        assert _shown(browser) == ("#" + link, expected["#" + link])
        assert entry.get_attribute("aria-current") == "step"


def test_home_end_and_the_page_keys_go_to_the_ends_of_the_match_and_of_its_rounds(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from selenium.webdriver.common.keys import Keys

    url = _page(tmp_path_factory, "standard-match.kmr")
    rounds = replay_match(read_record(str(SAMPLES / "standard-match.kmr")).matches[0]).rounds
    starts = [(f"#m1r{r.number}p0", r.position_at(0).to_string()) for r in rounds]
    last = rounds[-1]
    end = (f"#m1r{last.number}p{len(last.plies)}", last.position_at().to_string())
    _open(browser, url + "#m1r2p3")
    _press(browser, Keys.END)
    assert _shown(browser) == end
    _press(browser, Keys.HOME)
    assert _shown(browser) == starts[0]
    for start in starts[1:]:
        _press(browser, Keys.PAGE_DOWN)
        assert _shown(browser) == start
    _press(browser, Keys.PAGE_DOWN)  # in the last round: its end
    assert _shown(browser) == end
    for start in reversed(starts[:-1]):
        _press(browser, Keys.PAGE_UP)
        assert _shown(browser) == start


def _drawn(driver: Any) -> list[tuple[str, str]]:
    """What the page's board shows: each piece's kind (its drawing's first class) and
    the square it is placed on."""
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll('#pieces > g.at')).map("
        "g => [g.firstElementChild.getAttribute('class').trim(), g.getAttribute('class').split(' ')[1]])"
    )
    return sorted((kind, square) for kind, square in found)


def _module_drawing(position_text: str, record: str, link: str) -> list[tuple[str, str]]:
    """The same for the SVG module's own drawing of that ply: its towers and marks."""
    m, r, p = (int(x) for x in re.findall(r"\d+", link))
    match = replay_match(read_record(str(SAMPLES / record)).matches[m - 1])
    rnd = next(x for x in match.rounds if x.number == r)
    drawing = svg.board(rnd.position_at(p), last_move=svg.shown_move(rnd, p))
    assert rnd.position_at(p).to_string() == position_text
    kinds = ("tower", "origin", "to-move", "blocked", "pushed", "last-move")
    out = []
    for cls in re.findall(r'class="([^"]+)"', drawing):
        words = cls.split()
        if words[0] in kinds:
            square = next(w for w in words if re.fullmatch(r"[a-h][1-8]", w))
            out.append((" ".join(w for w in words if w != square and not re.fullmatch(r"[a-h][1-8]", w)), square))
    return sorted(out)


@pytest.mark.parametrize("record", PAGES)
def test_the_board_shows_the_towers_and_marks_the_svg_module_draws(browser: Any, pages: dict[str, str], record: str) -> None:
    _open(browser, pages[record])
    for link, position in _expected(record):
        browser.execute_script("location.hash = arguments[0]", link)
        assert _drawn(browser) == _module_drawing(position, record, link), link


def test_f_flips_the_board_and_keeps_the_position(browser: Any, pages: dict[str, str]) -> None:
    _open(browser, pages["deadlock.kmr"] + "#m1r1p0")
    before = _shown(browser)

    def rank_8_at_the_top() -> bool:
        top = browser.execute_script("return document.querySelector('#frame .square.a8').getAttribute('y')")
        bottom = browser.execute_script("return document.querySelector('#frame .square.a1').getAttribute('y')")
        return float(top) < float(bottom)

    assert rank_8_at_the_top()
    _press(browser, "f")
    assert not rank_8_at_the_top()
    assert _shown(browser) == (before[0] + "f", before[1])  # the flip is in the link
    assert browser.find_element("css selector", "[data-go=flip]").get_attribute("aria-pressed") == "true"
    _press(browser, "f")
    assert rank_8_at_the_top()


def test_the_current_move_is_said_in_words_for_screen_readers(browser: Any, pages: dict[str, str]) -> None:
    _open(browser, pages["forfeit.kmr"] + "#m1r1p1")
    say = browser.find_element("id", "say")
    assert say.get_attribute("aria-live") == "polite"
    record = replay_match(read_record(str(SAMPLES / "forfeit.kmr")).matches[0]).rounds[0]
    lines = svg.status_lines(record.position_at(1), svg.shown_move(record, 1))
    text = browser.execute_script("return document.getElementById('say').textContent")
    assert text.startswith("Match 1, round 1, ply 1")
    assert all(line in text for line in lines)


def test_the_glyphs_are_an_option(browser: Any, tmp_path_factory: pytest.TempPathFactory, pages: dict[str, str]) -> None:
    shown = "return getComputedStyle(document.getElementById('square-text')).display"
    _open(browser, pages["pushes.kmr"])
    assert browser.execute_script(shown) == "none"
    browser.find_element("id", "glyphs").click()
    assert browser.execute_script(shown) != "none"
    assert "粉" in browser.find_element("id", "square-text").get_attribute("innerHTML")
    _open(browser, _page(tmp_path_factory, "pushes.kmr", glyphs=True))
    assert browser.execute_script(shown) != "none"


def test_the_page_asks_for_nothing_outside_itself(browser: Any, pages: dict[str, str]) -> None:
    _open(browser, pages["pushes.kmr"])
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded == []
    outside = browser.execute_script(
        "return Array.from(document.querySelectorAll('[src],[href],link,img,iframe,object,embed'))"
        ".map(e => e.getAttribute('src') || e.getAttribute('href') || e.tagName)"
        ".filter(a => !a.startsWith('#'))"
    )
    assert outside == []
