"""``kamisado html`` and :func:`kamisado_notation.html_page` without a browser: what the
page holds, where the diagnostics stand, what is written and what is refused. (The page
in a real browser: tests/drawing/test_html_browser.py.)"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation import html_page, read_record, replay_match, standings
from kamisado_notation.cli.app import app
from tests.support.paths import FIXTURES, SAMPLES

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["html", *args])
    return result.exit_code, result.stderr


def test_html_says_where_the_page_is_and_what_it_holds_with_paths_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("club-night.kmr", "broken.kmr"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    code, err = _run(".", "-o", "night.html")
    assert code == 1  # broken.kmr's errors
    said = err.splitlines()
    assert not any(line.startswith("./") for line in said) and "broken.kmr:6:28: error[square]" in err
    counted = len(read_record("club-night.kmr").matches) + len(read_record("broken.kmr").matches)
    last = said[-1]
    assert last.startswith("kamisado: wrote night.html (") and f"{counted} matches from 2 files" in last
    assert "standings of Club night" in last and " errors (said above" in last
    assert f"open {(tmp_path / 'night.html').as_uri()} in a browser" in last
    # to standard output: the page alone
    piped = runner.invoke(app, ["html", "club-night.kmr", "-o", "-"])
    assert piped.exit_code == 0 and piped.stderr == "" and piped.stdout.startswith("<!DOCTYPE html>")


def _rows(page: str, match: int) -> list[str]:
    """The rows of match ``match``'s move lists (a row: Black's and Gold's entries and
    the diagnostics shown with them)."""
    article = re.search(rf'<article class="match" id="match-{match}".*?</article>', page, re.DOTALL)
    assert article is not None
    return re.findall(r'<li><span class="n">.*?</li>(?=<li><span class="n">|</ol>)', article.group(0), re.DOTALL)


def test_a_valid_record_is_one_page_and_exit_0(tmp_path: Path) -> None:
    out = tmp_path / "club.html"
    code, err = _run(str(SAMPLES / "club-night.kmr"), "-o", str(out))
    assert code == 0 and err.startswith(f"kamisado: wrote {out} (") and err.count("\n") == 1
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    matches = read_record(str(SAMPLES / "club-night.kmr")).matches
    assert page.count('<article class="match"') == len(matches) > 1
    assert page.count('<nav class="index"') == 1  # several matches: an index
    for m in matches:
        for h in m.headers:
            assert f"<dt>{html.escape(h.name)}</dt><dd>{html.escape(h.value)}</dd>" in page


def test_every_replayed_entry_links_to_the_position_after_it() -> None:
    page = html_page([str(SAMPLES / "standard-match.kmr")]).text
    match = replay_match(read_record(str(SAMPLES / "standard-match.kmr")).matches[0])
    links = re.findall(r'<a class="e[^"]*" href="(#m1r\d+p\d+)"', page)
    assert links == [f"#m1r{r.number}p{p}" for r in match.rounds for p in range(1, len(r.plies) + 1)]


def test_each_round_has_its_fill_lineups_and_the_running_score() -> None:
    page = html_page([str(SAMPLES / "standard-match.kmr")]).text
    match = replay_match(read_record(str(SAMPLES / "standard-match.kmr")).matches[0])
    black = gold = 0
    for rnd in match.rounds:
        heading = f'<h3><a href="#m1r{rnd.number}p0">Round {rnd.number}</a>'
        assert heading + (f" · fill {rnd.fill.value}" if rnd.fill else "") + "</h3>" in page
        assert rnd.result is not None
        if rnd.result.winner.name == "BLACK":
            black += rnd.result.points
        else:
            gold += rnd.result.points
        assert f'<span class="score">Black {black} – {gold} Gold</span>' in page
    assert page.count("Black, from his left:") == len(match.rounds)


def test_diagnostics_stand_at_their_entries_and_the_rest_is_shown_unlinked(tmp_path: Path) -> None:
    out = tmp_path / "broken.html"
    code, err = _run(str(SAMPLES / "broken.kmr"), "-o", str(out))
    assert code == 1  # an invalid record: the page is written all the same
    page = out.read_text(encoding="utf-8")
    record = read_record(str(SAMPLES / "broken.kmr"))
    placed = 0
    for m, match in enumerate(record.matches, 1):
        for d in replay_match(match).diagnostics:
            assert f"{d.line}:{d.column}: {d.severity}[{d.rule}]" in err
            if d.ply is None:
                continue
            row = next(r for r in _rows(page, m) if html.escape(d.message) in r)
            # the entry the diagnostic is about is in its row, linked if the replay reached it
            entry = match.rounds[0].entries[d.ply - 1 + match.rounds[0].entries[0].placeholder]
            assert html.escape(entry.text) in row or 'class="e inserted"' in row
            placed += 1
    assert placed >= 5
    # match 3: the replay stops at Gold's entry through a tower (M2), shown unlinked
    assert '<span class="e unplayed" title="not replayed">Brown Right 4 Brown</span>' in page


def test_a_file_that_cannot_be_read_is_named_and_the_others_are_shown(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    missing = tmp_path / "missing.kmr"
    code, err = _run(str(missing), str(SAMPLES / "forfeit.kmr"), "-o", str(out))
    assert code == 1
    assert f"{missing}: error[io] no such file" in err
    page = out.read_text(encoding="utf-8")
    assert '<section class="problems"' in page and html.escape(str(missing)) in page
    assert page.count('<article class="match"') == 1


def test_no_match_at_all_is_exit_1_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    empty = tmp_path / "empty.kmr"
    empty.write_text("# nothing here\n", encoding="utf-8")
    code, err = _run(str(empty), "-o", str(out))
    assert code == 1
    assert "no match to show" in err
    assert not out.exists()


def test_the_page_is_never_written_onto_a_record(tmp_path: Path) -> None:
    record = tmp_path / "pushes.kmr"
    shutil.copy(SAMPLES / "pushes.kmr", record)
    before = record.read_bytes()
    code, err = _run(str(SAMPLES / "forfeit.kmr"), str(record), "-o", str(record))
    assert code == 2
    assert "refusing to write over the input file" in err
    assert record.read_bytes() == before


def test_the_page_names_no_address_outside_itself() -> None:
    page = html_page(sorted(str(p) for p in SAMPLES.glob("*.kmr"))).text
    for outside in ("http:", "https:", "//", "url(", " src=", "<link", "@import"):
        assert outside not in page, outside
    markup = re.sub(r"<script>.*?</script>", "", page, flags=re.DOTALL)  # the script builds a selector
    assert set(re.findall(r'href="(.)', markup)) == {"#"}


def test_text_from_a_record_cannot_become_markup_or_end_the_script(tmp_path: Path) -> None:
    record = tmp_path / "hostile.kmr"
    record.write_text(
        '[Event "</script><script>alert(1)</script>"]\n[Black "<b>Bob</b> & co"]\n\nRound 1\n'
        "1. Yellow ↖1 Yellow   Yellow ↖3 Yellow\n",
        encoding="utf-8",
    )
    page = html_page([str(record)]).text
    assert "<script>alert" not in page and "<b>Bob" not in page
    assert "&lt;b&gt;Bob&lt;/b&gt; &amp; co" in page
    assert page.count("</script>") == 2  # the page's data and its script


def test_title_and_glyphs() -> None:
    page = html_page([str(SAMPLES / "pushes.kmr")], title="Sumo <puzzles>", glyphs=True).text
    assert "<title>Sumo &lt;puzzles&gt;</title>" in page
    assert '<input type="checkbox" id="glyphs" checked>' in page
    assert '"glyphs":true' in page


def test_a_marathon_match_is_well_under_300_kb() -> None:
    """367 positions, the record for the download and the square codes: about 207 KB."""
    page = html_page([str(SAMPLES / "marathon-match.kmr")]).text
    assert len(page.encode("utf-8")) < 215_000


def test_a_folder_is_its_records_in_name_order(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    (folder / "later").mkdir(parents=True)
    shutil.copy(SAMPLES / "forfeit.kmr", folder / "b.kmr")
    shutil.copy(SAMPLES / "deadlock.kmr", folder / "later" / "a.kmr")
    shutil.copy(SAMPLES / "pushes.kmr", folder / "a.kmr")
    (folder / "notes.txt").write_text("not a record\n", encoding="utf-8")
    out = tmp_path / "club.html"
    code, err = _run(str(folder), "-o", str(out))
    assert code == 0 and err.startswith("kamisado: wrote ") and "4 matches from 3 files" in err
    files = re.findall(r'<p class="file">(.*?), line', out.read_text(encoding="utf-8"))
    names = [str(folder / n) for n in ("a.kmr", "a.kmr", "b.kmr", "later/a.kmr")]
    assert files == [html.escape(n) for n in names]


def test_a_folder_with_no_record_is_exit_1(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    out = tmp_path / "page.html"
    code, err = _run(str(tmp_path / "empty"), "-o", str(out))
    assert code == 1 and "holds no record file" in err
    assert not out.exists()


def test_the_matches_of_an_event_have_its_standings_and_crosstable() -> None:
    records = [str(SAMPLES / "club-night.kmr"), str(SAMPLES / "standard-match.kmr"), str(SAMPLES / "forfeit.kmr")]
    page = html_page(records).text
    sections = re.findall(r'<section class="standings".*?</section>', page, re.DOTALL)
    assert len(sections) == 1 and "<h2>Standings: Club night</h2>" in sections[0]  # one match of the other event
    table = standings(records[:2])
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\">(.*?)</th>((?:<td>.*?</td>)*)</tr>", sections[0])
    ranked = [(name, re.findall(r"<td>(.*?)</td>", cells)) for _, name, cells in rows[: len(table.players)]]
    assert ranked == [(html.escape(p.name), [str(p.played), str(p.won), str(p.lost), str(p.points), str(p.against)]) for p in table.players]
    crossed = [re.findall(r"<td>(.*?)</td>", cells)[:] for _, _, cells in rows[len(table.players) :]]
    shown = [[re.sub(r"<[^>]*>", "", c) for c in row] for row in crossed]  # each result is a link to its match
    assert shown == [[html.escape(c) for c in row] for row in table.grid()]
    links = re.findall(r'<a href="#m(\d+)" title="([^"]*)"', "".join(c for row in crossed for c in row))
    on_page = [m for r in records for m in read_record(r).matches]  # the page's matches, numbered from 1
    played = {(m.header("Black"), m.header("Gold")): i for i, m in enumerate(on_page, 1)}
    for i, title in links:  # a result's link is a match of the two players
        a, b = html.unescape(title).split(":")[0].split(" v ")
        assert played.get((a, b), played.get((b, a))) == int(i)
    assert sections[0].count("<li>") == len(table.left_out) > 0  # the club night's unnamed matches, linked
    assert '<a href="#m1">Match 1</a>' in sections[0]


def test_another_programs_record_is_shown_too(tmp_path: Path) -> None:
    out = tmp_path / "sgf.html"
    fixture = FIXTURES / "boardspace-kamisado.sgf"
    code, _ = _run(str(fixture), "-o", str(out))
    match = replay_match(read_record(str(fixture)).matches[0])
    links = re.findall(r'<a class="e[^"]*" href="(#m1r\d+p\d+)"', out.read_text(encoding="utf-8"))
    assert code == (0 if match.valid else 1)
    assert links == [f"#m1r{r.number}p{p}" for r in match.rounds for p in range(1, len(r.plies) + 1)] != []


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """100 generated standard matches between six named players of one event (so that
    the page has standings, a crosstable and an opening tree), and a folder of ten
    copies of that file (1,000 matches, each file read as the one: the reader's blocks
    are a file's)."""
    from kamisado_notation.notation.record import RecordFile
    from kamisado_notation.notation.writer import Form, format_record
    from kamisado_notation.play.generate import Players, iter_generated

    matches = [
        m
        for k in range(20)
        for m in iter_generated(match="standard", seed=k, count=5, players=Players(black=f"P{k % 3}", gold=f"P{3 + k % 3}", event="Club"))
    ]
    text = format_record(RecordFile("x", matches=matches), form=Form.TEXT)
    folder = tmp_path_factory.mktemp("corpora")
    (folder / "x10").mkdir()
    for name in ("x1.kmr", *(f"x10/{k}.kmr" for k in range(10))):
        (folder / name).write_text(text, encoding="utf-8")
    return {1: folder / "x1.kmr", 10: folder / "x10"}


def test_the_page_of_ten_times_the_matches_takes_the_memory_of_its_index_not_of_its_matches(
    corpora: dict[int, Path], tmp_path: Path
) -> None:
    """``kamisado html`` of 100 matches and of ten times as many: the page is ten times
    the size, but what the command holds at its peak (tracemalloc, the cyclic collector
    off: what reference counting alone frees) is the largest match and the page's index,
    not the page: each match's article and positions wait on the disk until the page is
    written. (Before: the page held whole, its pieces and their join: the peak 9.5 times
    as large at 10x, five times the page's size; now 1.3 times, a sixth of the page.)"""
    import gc
    import tracemalloc

    from kamisado_notation.cli.app import run

    run(app, ["html", str(corpora[1]), "-o", str(tmp_path / "warm.html")])  # (imports and memos filled once, the same matches)
    peaks = {}
    for times, path in corpora.items():
        gc.collect()
        gc.disable()
        tracemalloc.start()
        try:
            status = run(app, ["html", str(path), "-o", str(tmp_path / f"x{times}.html")])
            peaks[times] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            gc.enable()
        assert status == 0
    size = (tmp_path / "x10.html").stat().st_size
    assert (tmp_path / "x1.html").stat().st_size * 9 < size
    # (bounds with room for what else the process allocates meanwhile, a test runner's
    # thread: in a whole suite the 10x peak was once 2.5 times the 1x one; the page held
    # whole makes it 9.5 times, and five times the page's size)
    assert peaks[10] < 3 * peaks[1], peaks
    assert peaks[10] < size / 2, (peaks, size)


def test_a_temporary_file_that_cannot_be_written_is_one_line_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page waits in temporary files until it is written: a full disk there is one
    line and exit 2, as for the output, and the output is not written."""
    import errno
    import tempfile

    class Full:
        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self) -> None:
            pass

    monkeypatch.setattr(tempfile, "TemporaryFile", lambda *args, **kwargs: Full())
    out = tmp_path / "club.html"
    code, err = _run(str(SAMPLES / "club-night.kmr"), "-o", str(out))
    assert (code, err) == (2, "kamisado: cannot hold the page in a temporary file: No space left on device\n")
    assert not out.exists()
