"""The third hostile round (issue 32): formula-free CSV aside (``tests/checking/test_standings.py``), what a
writer writes reads back the same (no header forged through a line break), hangs, quadratic
readers, tracebacks and memory, each through the entry point a user or a caller meets.
Processes of their own where the fault is a process's (the arena, signals)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation import Position, Recorder
from kamisado_notation.engine.board import Side
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Header, MatchRecord, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from tests.support.hostile import kamisado  # the command line in a process of its own
from tests.support.paths import FIXTURES, ROOT

GOOD_TEXT = (ROOT / "samples" / "standard-match.kmr").read_text(encoding="utf-8")
BUILT_IN = f"{sys.executable} -m kamisado_notation.cli.app engine"


def _headers(text: str) -> list[tuple[str, str]]:
    (match,) = parse_record(text).matches
    return [(h.name, h.value) for h in match.headers]


# ------------------------------------------- 3. headers forged through line breaks


@pytest.mark.parametrize(
    "make",
    [
        lambda: Recorder(black='Ann\n[Gold "Mallory"]'),
        lambda: Recorder(gold="Bob\r[Result \"1-0\"]"),
        lambda: Recorder(headers={"Bad name]": "x"}),
        lambda: Recorder(headers={"9lives": "x"}),
        lambda: Recorder(event="zero\u200bwidth"),
        lambda: Recorder().comment_header("Black", 'engine\n[Gold "Mallory"]'),
        lambda: Recorder().play("Pink Forward 4 Brown", comments=["a } b"]),
    ],
)
def test_the_recorder_refuses_what_a_record_line_cannot_keep(make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="cannot|not a header name"):
        make()


@given(name=st.text(max_size=12), value=st.text(max_size=30))
def test_property_a_header_the_recorder_takes_reads_back_the_same(name: str, value: str) -> None:
    """Whatever the Recorder is given as a header, it refuses it or writes a record whose
    reader gives back that very header (nothing dropped, nothing added)."""
    try:
        rec = Recorder("Single", black="Ann", gold="Bob", headers={name: value})
    except ValueError:
        return
    rec.play("Pink Forward 4 Brown")
    assert _headers(rec.text()) == [("Black", "Ann"), ("Gold", "Bob"), ("Match", "Single"), (name, value)]


@given(value=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Zs")), max_size=30))
def test_property_a_value_of_printable_characters_is_always_taken(value: str) -> None:
    rec = Recorder("Single", black=value, gold="Bob")
    assert _headers(rec.text())[0] == ("Black", value)


def test_the_writer_refuses_a_header_or_comment_it_cannot_write_back() -> None:
    """The root: a match record built by hand with a line break in a header is refused by
    the writer (``ValueError``), never written as two lines."""
    match = MatchRecord(index=1, line=1, headers=[Header("Black", 'Ann\n[Gold "Mallory"]', 1, 1)])
    with pytest.raises(ValueError, match="cannot hold"):
        format_record(RecordFile("x.kmr", matches=[match]), form=Form.TEXT)


def test_an_arena_command_with_a_line_break_forges_no_header(tmp_path: Path) -> None:
    """A real arena: an engine command holding a line break and ``[Gold "Mallory"]``
    (``sh -c`` ignores its ``$0``) is written as one comment line: every record has its
    own Black and Gold headers only, and the standings do not know Mallory."""
    forged = f"sh -c 'exec {BUILT_IN}' '\n[Gold \"Mallory\"]\n[Black \"Mallory\"]'"
    out = tmp_path / "out.kmr"
    r = kamisado("arena", forged, f"{BUILT_IN} --level random --seed 2", "--games", "2", "--match", "single",
                 "--movetime", "30", "--grace", "2000", "-o", str(out), cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert not any(line.startswith(("[Gold \"Mallory", "[Black \"Mallory")) for line in text.splitlines())
    for match in parse_record(text).matches:
        names = [h.name for h in match.headers]
        assert names.count("Black") == 1 and names.count("Gold") == 1
        assert "Mallory" not in (match.header("Black") or "") + (match.header("Gold") or "")
    doc = json.loads(kamisado("standings", "--json", str(out)).stdout)
    assert doc["players"] and not any("Mallory" in p["name"] for p in doc["players"])


SGF = """(;
GM[Kamisado]VV[1]
SU[kamisado]
GN[first line
second line]
P0[id "ali
ce"]
P1[id "bob\u200b"]
; P0[0 Start P0]
; P0[1 Move D 1 D 7]
; P0[2 Done]
)
"""


def test_an_sgf_name_with_a_line_break_converts_to_a_record_that_reads_back(tmp_path: Path) -> None:
    src = tmp_path / "game.sgf"
    src.write_text(SGF, encoding="utf-8")
    r = kamisado("convert", str(src), "--to", "text")
    assert r.returncode == 0, r.stderr
    text = r.stdout.decode()
    headers = dict(_headers(text))
    assert headers["Black"] == "ali ce" and headers["Gold"] == "bob"
    checked = kamisado("validate", "-", stdin=r.stdout)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_hackerrank_name_with_a_line_break_converts_to_a_record_that_reads_back(tmp_path: Path) -> None:
    games = json.loads((FIXTURES / "allgames-21996474").read_text(encoding="utf-8"))
    for game in games:
        game["player-1"] = 'chris\n[Gold "Mallory"]'
    src = tmp_path / "log.json"
    src.write_text(json.dumps(games), encoding="utf-8")
    r = kamisado("convert", str(src), "--to", "text")
    assert r.returncode == 0, r.stderr
    matches = parse_record(r.stdout.decode()).matches
    assert len(matches) == 12  # (as notation/test_hackerrank.py converts the log)
    for match in matches:
        assert [h.name for h in match.headers].count("Gold") == 1
        assert 'chris [Gold "Mallory"]' in (match.header("Black"), match.header("Gold"))


# ------------------------------------------- 7. tracebacks: a TypeError saying what


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: Recorder().play(123), "expects an entry's text or a Move"),
        (lambda: Recorder().play(None), "expects an entry's text or a Move"),
        (lambda: Recorder(black=5), "a header's value is a str"),  # type: ignore[arg-type]
        (lambda: Recorder().terminate("black", "illegal move"), "the loser is a Side"),  # type: ignore[arg-type]
        (lambda: Position.initial().play(None), "expects a Move"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_argument_type_is_a_type_error_saying_what_was_expected(call, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=expected):
        call()


def test_terminate_with_a_side_still_writes_its_termination() -> None:
    rec = Recorder("Single", black="Ann", gold="Bob")
    rec.terminate(Side.GOLD, "time forfeit")
    assert ("Termination", "Gold loses: time forfeit") in _headers(rec.text())


# ------------------------------------------- 9. memory flat in the number of matches


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """A corpus of N = 2,000 single matches (two blocks of the stream) and one of 4N: a
    generated set of 500 repeated; and that set once, and twice (the same matches in
    fewer copies: a warm-up, a page)."""
    from kamisado_notation.play.generate import iter_generated

    folder = tmp_path_factory.mktemp("corpora")
    one = format_record(RecordFile("x", matches=list(iter_generated(match="single", seed=5, count=500))), form=Form.TEXT)
    out = {}
    for n in (500, 1000, 2000, 8000):
        out[n] = folder / f"m{n}.kmr"
        out[n].write_text("\n".join([one] * (n // 500)), encoding="utf-8")
    return out


def _peak_without_collector(args: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """The peak memory (tracemalloc) of the command run in this process, standard output
    to /dev/null, with the cyclic garbage collector off: what reference counting alone
    frees; what a reference cycle keeps stays, as it stays until a full collection when
    the collector is on (a cycle a block, holding the block's lines, made the memory
    grow with the matches)."""
    import gc
    import tracemalloc

    from kamisado_notation.cli.app import app, run

    with open(os.devnull, "w", encoding="utf-8") as null:
        monkeypatch.setattr(sys, "stdout", null)
        gc.collect()
        gc.disable()
        tracemalloc.start()
        try:
            status = run(app, args)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            gc.enable()
    assert status == 0
    return peak


@pytest.mark.parametrize(
    "command",
    [["validate", "{f}"], ["validate", "--json", "{f}"], ["convert", "{f}", "--to", "short", "-o", "{o}"], ["fix", "{f}", "-o", "{o}"]],
    ids=["validate", "validate --json", "convert", "fix"],
)
def test_memory_kept_does_not_grow_with_the_matches(
    command: list[str], corpora: dict[int, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command on N and on 4N matches: the peak memory is that of a block (and of
    bounded buffers), not of the file (the figures at 1x/20x/40x, with the collector on, are ``bench/bench_memory.py``)."""
    peaks = {}
    for n in (500, 2000, 8000):
        args = [a.replace("{f}", str(corpora[n])).replace("{o}", str(tmp_path / f"out{n}.kmr")) for a in command]
        peaks[n] = _peak_without_collector(args, monkeypatch)  # (500: imports and memos filled once, the same matches)
    # (before: 2.2x for validate and --json, 3.8x for fix; after: at most 1.45x, which
    # is --json's spool of a file's matches filling to its bound, 1 MiB of text)
    assert peaks[8000] < 1.6 * peaks[2000], peaks


# ------------------------------------------- 2. arena -o onto an engine found on PATH


def test_arena_output_onto_an_engine_found_on_path_is_refused(tmp_path: Path) -> None:
    """``PATH=bin:$PATH kamisado arena "myeng" "myeng" -o bin/myeng``: the program the
    shell runs for ``myeng`` is an input, never overwritten (exit 2, the file as it was)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    engine = bin_dir / "myeng"
    engine.write_text(f"#!/bin/sh\nexec {BUILT_IN} --level random --seed 3\n", encoding="utf-8")
    engine.chmod(0o755)
    before = engine.read_bytes()
    path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    r = kamisado("arena", "myeng", "myeng", "--games", "1", "--match", "single", "--movetime", "30", "--grace", "2000",
                 "-o", "bin/myeng", cwd=tmp_path, env={"PATH": path})
    assert r.returncode == 2, r.stderr
    assert b"myeng" in r.stderr and engine.read_bytes() == before


# ------------------------------------------- 5. hangs: a detached child, a signal, a FIFO


def _pids_in(folder: Path) -> list[int]:
    return [int(p.read_text()) for p in folder.glob("*.pid") if p.read_text().strip()]


def _kill_all(pids: list[int]) -> None:
    import signal

    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_an_engine_whose_detached_child_holds_its_output_does_not_hang_the_arena(tmp_path: Path) -> None:
    """The engine starts a child in a session of its own (``setsid``), which the arena's
    kill of the engine's process group does not reach and which keeps the engine's
    output pipe open: the arena still ends each match and exits."""
    engine = tmp_path / "detaching"
    engine.write_text(
        "#!/bin/sh\n"
        f"setsid sh -c 'echo $$ > {tmp_path}/child-$PPID-$$.pid; exec sleep 300' &\n"
        f"exec {BUILT_IN} --level random --seed 4\n",
        encoding="utf-8",
    )
    engine.chmod(0o755)
    try:
        r = kamisado("arena", str(engine), f"{BUILT_IN} --level random --seed 5", "--games", "2", "--match", "single",
                     "--movetime", "30", "--grace", "2000", timeout=60)
        assert r.returncode == 0, r.stderr
        assert b"2 matches" in r.stdout
    finally:
        _kill_all(_pids_in(tmp_path))


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_signal_stops_the_arena_at_once_keeping_the_finished_matches(tmp_path: Path, signame: str) -> None:
    """SIGTERM or SIGHUP in the middle of many matches: the arena stops its engines at
    once (not after the match in play), writes the finished matches (a valid record, no
    temporary file left) and exits with 128 + the signal's number."""
    import signal
    import time

    out = tmp_path / "out.kmr"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "kamisado_notation.cli.app", "arena", BUILT_IN, f"{BUILT_IN} --level random --seed 6",
         "--games", "200", "--match", "marathon", "--movetime", "40", "--grace", "2000", "-o", str(out)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        time.sleep(4)  # (engines started, a match in play)
        assert proc.poll() is None
        sent = time.monotonic()
        proc.send_signal(getattr(signal, signame))
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + getattr(signal, signame), err
    assert took < 10, took  # (a marathon match in play would take far longer)
    assert [p.name for p in tmp_path.iterdir()] in (["out.kmr"], [])
    assert b"interrupted" in err


@pytest.mark.parametrize("command", [["validate"], ["standings"], ["html", "-o", "{out}"]], ids=["validate", "standings", "html"])
def test_a_named_pipe_called_kmr_in_a_folder_is_passed_over(tmp_path: Path, command: list[str]) -> None:
    """A FIFO named ``x.kmr`` in a folder (no one writes to it: reading it would block
    for ever) is no record file: the folder's records are read, the command ends."""
    folder = tmp_path / "event"
    folder.mkdir()
    os.mkfifo(folder / "a-pipe.kmr")
    (folder / "b.kmr").write_text(GOOD_TEXT, encoding="utf-8")
    args = [a.replace("{out}", str(tmp_path / "page.html")) for a in command]
    r = kamisado(*args, str(folder), timeout=60)
    assert r.returncode in (0, 1), r.stderr
    assert b"a-pipe" not in r.stdout + r.stderr


def test_an_empty_folder_among_many_files_is_reported_and_the_others_validated(tmp_path: Path) -> None:
    """``validate --json good.kmr empty/ missing.kmr``: the empty folder is reported in
    the JSON (an ``io`` diagnostic), as the missing file is, and the good file is
    validated; exit 2 (a file could not be read). Alone, a folder with no record is
    still one message and exit 1."""
    good, empty = tmp_path / "good.kmr", tmp_path / "empty"
    good.write_text(GOOD_TEXT, encoding="utf-8")
    empty.mkdir()
    r = kamisado("validate", "--json", str(good), str(empty), str(tmp_path / "missing.kmr"))
    assert r.returncode == 2, r.stderr
    files = {Path(f["path"]).name: f for f in json.loads(r.stdout)["files"]}
    assert files["good.kmr"]["valid"] and len(files["good.kmr"]["matches"]) == 1
    assert [d["message"] for d in files["empty"]["diagnostics"]] == ["the folder holds no record file (.kmr, .json or .sgf)"]
    assert [d["message"] for d in files["missing.kmr"]["diagnostics"]] == ["no such file"]
    alone = kamisado("validate", str(empty))
    assert alone.returncode == 1 and b"holds no record file" in alone.stderr


def test_validate_corpus_reads_a_folder_as_the_command_does(tmp_path: Path) -> None:
    pytest.importorskip("dask")
    from kamisado_notation.checking.distributed import validate_corpus

    sub = tmp_path / "event" / "round-1"
    sub.mkdir(parents=True)
    (sub / "a.kmr").write_text(GOOD_TEXT, encoding="utf-8")
    (tmp_path / "event" / "notes.txt").write_text("x\n", encoding="utf-8")
    doc = validate_corpus([str(tmp_path / "event")], scheduler="synchronous")
    cli = kamisado("validate", "--json", str(tmp_path / "event"))
    assert json.loads(cli.stdout) == doc
    assert [Path(f["path"]).name for f in doc["files"]] == ["a.kmr"]  # type: ignore[index]


# ------------------------------------------- 6. readers linear in the file


class _CountingText(str):
    """A text whose ``find`` counts the characters it may scan."""

    scanned = 0

    def find(self, sub: str, start: int | None = None, end: int | None = None) -> int:  # type: ignore[override]
        lo = start or 0
        hi = len(self) if end is None else min(end, len(self))
        _CountingText.scanned += max(0, hi - lo)
        return super().find(sub, start, end)


def _escaped_log(copies: int) -> str:
    """The fixture's log ``copies`` times over, every space in its strings written as
    ``\\u0020`` (as some JSON writers escape): no answer is found as written."""
    games = json.loads((FIXTURES / "allgames-21996474").read_text(encoding="utf-8"))
    return json.dumps(games * copies, separators=(",", ":")).replace(" ", "\\u0020")


def test_a_hackerrank_log_with_escaped_answers_is_read_in_linear_time() -> None:
    """Each answer is looked for in its own game, not from there to the end of the file
    (22 s for 2,000 games, past 300 s for 4,000): the characters searched grow as the
    file does (counted, not timed)."""
    from kamisado_notation.notation.foreign.hackerrank import read_hackerrank

    scanned = {}
    for copies in (10, 40):
        text = _escaped_log(copies)
        _CountingText.scanned = 0
        matches = list(read_hackerrank(_CountingText(text), RecordFile("log.json")))
        assert len(matches) == 12 * copies
        scanned[copies] = _CountingText.scanned / len(text)
    assert scanned[40] < 1.5 * scanned[10], scanned  # (per character of the file: flat, not 4x)


def test_a_number_longer_than_python_reads_in_a_hackerrank_log_is_a_diagnostic(tmp_path: Path) -> None:
    """A 5,000-digit number (past Python's 4,300-digit limit on reading an int) in a
    game, or in a page inside one: a syntax error naming it, no traceback, in every
    command that reads the log."""
    games = json.loads((FIXTURES / "allgames-21996474").read_text(encoding="utf-8"))
    digits = "9" * 5000
    top = json.dumps(games[:3]).replace("\"id\": 5807881", "\"id\": " + digits, 1)
    games[1]["outputs"] = games[1]["outputs"].replace('"index" : 0', '"index" : ' + digits, 1)
    inner = json.dumps(games[:3])
    assert digits in top and digits in inner
    for name, text in (("top.json", top), ("inner.json", inner)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for args in (["validate", str(path)], ["convert", str(path), "--to", "text"], ["standings", str(path)],
                     ["html", str(path), "-o", str(tmp_path / "p.html")]):
            r = kamisado(*args)
            assert r.returncode == 1 and b"Traceback" not in r.stderr, (args, r.stderr[-500:])
            assert b"a number too long to read (more than 4,300 digits)" in r.stdout + r.stderr, args


def test_the_page_places_diagnostics_without_looking_at_every_entry_for_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``html`` of a round of n broken rows (a diagnostic each): the entries looked at
    to place the diagnostics grow as n, not as n² (12,000 rows took 11.9 s, 3,000
    0.9 s). Counted: calls of ``Entry.covers``."""
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app
    from kamisado_notation.notation.record import Entry

    calls = 0
    covers = Entry.covers

    def counting(self: Entry, line: int, column: int) -> bool:
        nonlocal calls
        calls += 1
        return covers(self, line, column)

    monkeypatch.setattr(Entry, "covers", counting)
    counted = {}
    for n in (200, 800):
        rows = "\n".join(f"{i}. Pink Banana 4 Brown   Brown Forward 5 Green" for i in range(1, n + 1))
        path = tmp_path / f"broken{n}.kmr"
        path.write_text(f'[Black "Ann"]\n[Gold "Bob"]\n\nRound 1\n{rows}\n', encoding="utf-8")
        calls = 0
        r = CliRunner().invoke(app, ["html", str(path), "-o", str(tmp_path / f"p{n}.html")])
        assert r.exit_code == 1 and (tmp_path / f"p{n}.html").exists(), r.output
        assert (tmp_path / f"p{n}.html").read_text(encoding="utf-8").count('class="diags"') >= n
        counted[n] = calls
    assert counted[800] < 6 * counted[200], counted


# ------------------------------------------- 8. memory: the engine's echo; 10. file names


def test_the_engine_does_not_echo_a_huge_bad_position_line() -> None:
    """``kamisado engine`` given a 5 MB ``position`` line that is no position answers one
    short ``info error`` line (it echoed 2 MB, past the arena's own 64 KiB line limit)."""
    bad = b"position " + b"x" * 5_000_000 + b"\nisready\nquit\n"
    r = kamisado("engine", "--level", "random", stdin=bad)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert lines[-1] == "readyok" and lines[0].startswith("info error bad position")
    assert max(len(line) for line in lines) < 300


def test_a_file_name_that_is_not_utf8_in_a_folder_is_shown_escaped_on_the_page(tmp_path: Path) -> None:
    """``html DIR -o p.html`` with ``café.kmr`` named in Latin-1 (byte 0xe9): the page is
    written (it blamed the output: "cannot write p.html: surrogates not allowed"), valid
    UTF-8, the name shown as ``validate`` shows it."""
    folder = tmp_path / "event"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.kmr"), "w", encoding="utf-8") as f:
        f.write(GOOD_TEXT)
    page = tmp_path / "p.html"
    r = kamisado("html", str(folder), "-o", str(page))
    assert r.returncode == 0, r.stderr
    text = page.read_bytes().decode("utf-8")  # (strict: raises on anything that is not UTF-8)
    assert "caf\\xe9.kmr" in text
    assert b"caf\\xe9.kmr" in kamisado("validate", str(folder)).stdout


def test_an_sgf_game_of_many_nodes_is_read_without_holding_them(tmp_path: Path) -> None:
    """One game of 20,000 nodes (picks and drops put back: no move): the reader keeps a
    node while it reads it, not the game's tree (it took ~30x the file in memory; a
    10 MB SGF, 916 MB). Counted: tracemalloc's peak against the text's length (1.7x
    at 20,000 nodes as at 100,000)."""
    import tracemalloc

    from kamisado_notation.notation.foreign.boardspace import read_boardspace

    body = "".join(f"; P0[{2 * i} Pickb D 1]\n; P0[{2 * i + 1} Dropb D 1]\n" for i in range(1, 10_000))
    text = f'(;\nGM[Kamisado]VV[1]\nSU[kamisado]\nP0[id "a"]\nP1[id "b"]\n; P0[0 Start P0]\n{body})\n'
    tracemalloc.start()
    try:
        (match,) = read_boardspace(text, RecordFile("big.sgf"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert match.header("Black") == "a" and not match.rounds[0].entries
    assert peak < 5 * len(text), peak / len(text)


def test_a_hamisado_line_longer_than_a_record_line_is_skipped_not_built(tmp_path: Path) -> None:
    """A hamisado move list of 2.4 MB on one line (400,000 moves) is longer than a
    ``.kmr`` line may be: a syntax error at its line, skipped, and the next line read
    (a 15 MB line took 1.1 GB: a match of millions of entries). Counted: tracemalloc's
    peak against the text's length."""
    import tracemalloc

    from kamisado_notation.notation.foreign.hamisado import read_hamisado

    game = (FIXTURES / "hamisado-readme-game.txt").read_text(encoding="utf-8").splitlines()[0]
    text = "E8-E3 " * 400_000 + "\n" + game + "\n"
    record = RecordFile("long.txt")
    tracemalloc.start()
    try:
        matches = list(read_hamisado(text, record))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(matches) == 1 and matches[0].rounds[0].entries and matches[0].line == 2
    assert [(d.line, d.message) for d in record.errors] == [(1, "the line is longer than 1048576 bytes; skipped")]
    assert peak < 2 * len(text), peak / len(text)
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    r = kamisado("validate", "--from", "hamisado", str(path))
    assert r.returncode == 1 and b"long.txt:1:1: error[syntax] the line is longer than" in r.stdout, r.stdout[-300:]


def test_the_page_of_many_matches_holds_its_text_not_every_replay(corpora: dict[int, Path]) -> None:
    """``html_page`` of 1,000 matches: its peak memory is a few times the page's text
    (the pieces and their one join), not every match replayed and the page copied five
    times over (10,000 matches took 1.2 GB). Counted: tracemalloc's peak against the
    page's length (per match: 4.7x at 1,000 matches as at 2,000)."""
    import tracemalloc

    from kamisado_notation import html_page

    html_page([str(ROOT / "samples" / "standard-match.kmr")])  # (imports once, on a small record)
    tracemalloc.start()
    try:
        page = html_page([str(corpora[1000])])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert page.matches == 1000
    assert peak < 7 * len(page.text), peak / len(page.text)  # (before: 11.3x; now 4.5x)


def test_an_answer_keeps_only_the_last_info_lines_however_many_come(tmp_path: Path) -> None:
    """An engine that writes 2,000 ``info`` lines of 30 KB before its move (a real
    process): the answer holds the last three, not all 60 MB of them (4,000 lines of
    64 KB took the arena to 277 MB, per engine and move)."""
    from kamisado_notation.play.arena import EngineProcess

    script = tmp_path / "chatty.py"
    script.write_text(
        "import sys\n"
        "sys.stdin.readline()\n"
        "for i in range(2000):\n"
        "    sys.stdout.write(f'info {i} ' + 'x' * 30000 + '\\n')\n"
        "sys.stdout.write('bestmove a1-a2\\n')\n"
        "sys.stdout.flush()\n"
        "sys.stdin.readline()\n",
        encoding="utf-8",
    )
    engine = EngineProcess(f"{sys.executable} {script}")
    engine.start()
    try:
        engine.send("go")
        line, infos = engine.answer(("bestmove",), seconds=60, asked="go")
    finally:
        engine.close()
    assert line == "bestmove a1-a2"
    assert [i.split()[0] for i in infos] == ["1997", "1998", "1999"]
