"""The second hostile round (issue 20): limits, faults and misuse, each through the entry
point a user or a caller meets. A subprocess where the fault is the process's own
(resource limits, signals, another user); another user is ``nobody`` through
``setpriv``, which needs root (skipped otherwise)."""

from __future__ import annotations

import inspect
import os
import pickle
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import kamisado_notation
from kamisado_notation import errors
from kamisado_notation.diagnostics import Diagnostic
from kamisado_notation.engine.perft import perft
from tests.support.hostile import GOOD, invoke, kamisado  # the first hostile round's record and runners
from tests.support.paths import ROOT, SAMPLES

# ------------------------------------------------- 1. time linear in the diagnostics


def test_show_finds_repeated_diagnostics_without_comparing_each_with_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``show`` of a record of n syntax errors prints each once, in order, and compares
    diagnostics a number of times linear in n (a list as the "seen" set made it n²/2:
    86 s at 32,000 lines). Counted, not timed; the times are ``bench/bench_diagnostics.py``."""
    n = 1500
    path = tmp_path / "braces.kmr"
    # (each line a '{' left open with a move word in it: a syntax error; a stray '}' is
    # set aside, one warning for them all)
    path.write_text("[Event \"x\"]\n\nRound 1\n" + "{ Pu\n" * n, encoding="utf-8")
    compared = 0
    equal = Diagnostic.__eq__

    def counting(self: Diagnostic, other: object) -> bool:
        nonlocal compared
        compared += 1
        return equal(self, other)

    monkeypatch.setattr(Diagnostic, "__eq__", counting)
    for command in (["show", str(path)], ["lineup", str(path), "--round", "1"], ["replay", str(path)]):
        compared = 0
        r = invoke(*command, "--no-color")
        lines = [line for line in r.stderr.splitlines() if "error[syntax]" in line]
        assert [int(line.split(":")[1]) for line in lines] == list(range(4, 4 + n)), command
        assert compared < 10 * n, (command, compared)


# --------------------------------------------- 7. every error survives pickling


def _error_types() -> list[type[BaseException]]:
    """Every exception class of ``errors.py``, found by introspection: a new one is covered."""
    return [c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, BaseException) and c.__module__ == errors.__name__]


def _example(cls: type[BaseException]) -> BaseException:
    """An instance of ``cls`` with every keyword its constructor takes given a value."""
    keywords: dict[str, object] = {}
    for name, parameter in inspect.signature(cls.__init__).parameters.items():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            keywords[name] = 7 if "column" in name or "line" in name else f"the {name}"
    return cls("what went wrong", **keywords)


def test_the_error_types_are_found() -> None:
    names = {c.__name__ for c in _error_types()}
    assert {"KamisadoError", "PositionError", "IllegalMoveError", "SquareError", "OutputError"} <= names
    assert names == {n for n in errors.__all__}


@pytest.mark.parametrize("cls", _error_types(), ids=lambda c: c.__name__)
def test_every_error_round_trips_through_pickle(cls: type[BaseException]) -> None:
    error = _example(cls)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)


def _raise_illegal(rule: str) -> None:
    raise errors.IllegalMoveError("a tower may not do that", rule=rule)


def test_an_error_raised_in_a_worker_process_reaches_the_caller_as_itself() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_raise_illegal, "M2")
        with pytest.raises(errors.IllegalMoveError) as caught:
            future.result(timeout=60)
        assert pool.submit(len, "still working").result(timeout=60) == 13  # not a broken pool
    assert caught.value.rule == "M2"


# ------------------------------------------ 13. every library error is errors.py's


def test_every_error_of_errors_py_is_a_value_error() -> None:
    for cls in _error_types():
        assert issubclass(cls, ValueError), cls


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda p: p.resolve_coords(64, 0), errors.SquareError),
        (lambda p: p.resolve_coords(-1, 100), errors.SquareError),
        (lambda p: p.resolve_coords(0, 64), errors.SquareError),
        (lambda p: p.tower_at(64), errors.SquareError),
        (lambda p: p.tower_at(-1), errors.SquareError),
        (lambda p: kamisado_notation.parse_square("z9"), errors.SquareError),
        (lambda p: kamisado_notation.square_name(64), errors.SquareError),
        (lambda p: perft(p, -1), errors.ArgumentError),
        (lambda p: kamisado_notation.Position.from_string("nonsense"), errors.PositionError),
        (lambda p: p.undo(), errors.KamisadoError),
        (lambda p: _standard().rounds[0].position_at(999), errors.PlyError),
        (lambda p: _standard_record().matches[0].headers["Venue"], errors.HeaderError),
        (lambda p: kamisado_notation.reading_as("nope").__enter__(), errors.ArgumentError),
        (lambda p: _searcher(level="best"), errors.ArgumentError),
    ],
    ids=["resolve 64", "resolve -1", "resolve to 64", "tower_at 64", "tower_at -1", "z9", "name 64", "perft -1", "position",
         "undo", "position_at 999", "no such header", "reading_as", "search level"],
)
def test_a_public_call_raises_only_errors_of_errors_py(call, expected) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(errors.KamisadoError) as caught:
        call(kamisado_notation.Position.initial())
    assert type(caught.value) is expected


def _standard_record():  # type: ignore[no-untyped-def]
    return kamisado_notation.read_record(str(SAMPLES / "standard-match.kmr"))


def _standard():  # type: ignore[no-untyped-def]
    return kamisado_notation.replay_match(_standard_record().matches[0])


def _searcher(**options: object) -> object:
    from kamisado_notation.play.search import Searcher

    return Searcher(**options)  # type: ignore[arg-type]


def test_an_index_or_key_that_is_not_there_is_also_an_index_or_key_error() -> None:
    with pytest.raises(IndexError):
        kamisado_notation.Position.initial().tower_at(64)
    assert kamisado_notation.Position.initial().tower_at(0) is not None  # (a1: Gold's Brown tower)
    with pytest.raises(IndexError):
        _standard().rounds[0].position_at(-999)
    headers = _standard_record().matches[0].headers
    with pytest.raises(KeyError) as caught:
        headers["venue"]
    assert str(caught.value) == "the match has no venue header"
    assert headers.get("Venue") is None and "Venue" not in headers and headers["event"] == "Club night"


def test_fewer_than_one_worker_is_an_argument_error() -> None:
    from kamisado_notation.io.parallel import map_in_order

    with pytest.raises(errors.ArgumentError):
        list(map_in_order(len, ["x"], 0, work=lambda item: item))


# ------------------------------------------------ 4. --jobs: capped, never hangs


def _nofile(limit: int):  # type: ignore[no-untyped-def]
    """A ``preexec_fn`` giving the child at most ``limit`` open files."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return limited


@pytest.mark.parametrize(("jobs", "limit"), [("100", 64), ("600", 1024), ("2000", 1024)])
def test_many_jobs_are_capped_at_the_processors_and_the_work(jobs: str, limit: int) -> None:
    """``-j`` far above the processors (or the matches) starts no more workers than
    those: the case that hung with too few file descriptors now simply works."""
    sample = str(SAMPLES / "standard-match.kmr")
    r = kamisado("validate", "-j", jobs, sample, sample, preexec_fn=_nofile(limit), timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().count("1 match, 1 valid") == 2


def test_workers_that_cannot_start_are_named_as_the_cause_with_exit_2() -> None:
    """Too few file descriptors for even two workers: the real cause, exit 2, no hang
    and no traceback (it was "cannot write standard output", then a hang)."""
    sample = str(SAMPLES / "standard-match.kmr")
    for limit in range(8, 21):
        r = kamisado("validate", "-q", "-j", "2", sample, sample, preexec_fn=_nofile(limit), timeout=60)
        assert b"Traceback" not in r.stderr, (limit, r.stderr)
        assert r.returncode in (0, 2), (limit, r.stderr)
        if limit == 10:
            assert r.returncode == 2
            assert r.stderr.decode().strip() == "kamisado: cannot start the worker processes: Too many open files"


@pytest.mark.parametrize("jobs", ["99999999999999999999", "4097"])
def test_a_huge_number_of_jobs_is_a_usage_error(jobs: str) -> None:
    r = invoke("validate", "-j", jobs, str(SAMPLES / "standard-match.kmr"))
    assert r.exit_code == 2, r.output
    assert "--jobs" in r.output and "Traceback" not in r.output


def test_the_library_starts_no_more_workers_than_there_is_work() -> None:
    from kamisado_notation.io.parallel import map_in_order, usable_processors

    pids = {pid for _, pid in map_in_order(_pid, range(3 * usable_processors()), 10_000, work=lambda i: i)}
    assert 1 <= len(pids) <= usable_processors()
    assert [item for item, _ in map_in_order(_pid, range(5), 10_000, work=lambda i: i)] == list(range(5))


def _pid(_item: int) -> int:
    return os.getpid()


# ------------------------------- 2, 3, 9, 10, 11, 12: files the writer must respect


def _as_nobody() -> list[str]:
    """The command prefix that runs a command as ``nobody`` (setpriv, as root), keeping
    only the capability to read and search every directory: this interpreter and its
    packages may live where ``nobody`` cannot look, and reading is not what is tested."""
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
            "--inh-caps=+dac_read_search", "--ambient-caps=+dac_read_search"]


def _nobody_can_run() -> str | None:
    """Why the tests as ``nobody`` cannot run here, or None when they can."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "switching to the user nobody needs root"
    if shutil.which("setpriv") is None:
        return "setpriv (util-linux) is not installed"
    probe = subprocess.run([*_as_nobody(), sys.executable, "-c", "import os, typer; print(os.geteuid())"],
                           capture_output=True, check=False, timeout=60)
    if probe.returncode != 0 or probe.stdout.strip() != b"65534":
        return f"setpriv cannot run Python as nobody here: {probe.stderr.decode(errors='replace')[-200:]}"
    return None


@pytest.fixture(scope="module")
def nobody() -> list[str]:
    why = _nobody_can_run()
    if why is not None:
        pytest.skip(why)
    return _as_nobody()


@pytest.fixture()
def shared_dir() -> Iterator[Path]:
    """A directory that everyone may write (as ``/tmp``), outside pytest's private one."""
    folder = Path(tempfile.mkdtemp(prefix="kamisado-hostile-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder)


def _as(prefix: list[str], *args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([*prefix, sys.executable, "-m", "kamisado_notation.cli.app", *args],
                          capture_output=True, env=env, cwd=cwd, timeout=60, check=False)


SLIPPED = "Round 1\n1. Yellow Left 1 Red   Yellow Right 1 Green\n"


@pytest.mark.parametrize(
    "args",
    [["convert", "in.kmr", "--to", "short", "-o", "victim.kmr"], ["show", "in.kmr", "--svg", "victim.kmr"],
     ["generate", "--seed", "1", "-o", "victim.kmr"], ["fix", "victim.kmr", "--in-place"],
     ["show", "in.kmr", "--terminal-svg", "victim.kmr"]],
    ids=["convert -o", "--svg", "generate -o", "fix --in-place", "--terminal-svg"],
)
def test_another_users_file_is_never_replaced(nobody: list[str], shared_dir: Path, args: list[str]) -> None:
    """As ``nobody``, in a directory anyone may write: root's 0644 file is refused with
    exit 2 (replacing it needs only the directory's permission, and made nobody its owner)."""
    (shared_dir / "in.kmr").write_text(GOOD, encoding="utf-8")
    victim = shared_dir / "victim.kmr"
    victim.write_text(SLIPPED, encoding="utf-8")
    victim.chmod(0o644)
    r = _as(nobody, *args, cwd=shared_dir)
    assert r.returncode == 2, r.stderr
    assert r.stderr.decode().strip() == "kamisado: cannot write victim.kmr: Permission denied"
    assert victim.read_text(encoding="utf-8") == SLIPPED and victim.stat().st_uid == 0
    assert sorted(p.name for p in shared_dir.iterdir()) == ["in.kmr", "victim.kmr"]


def test_ones_own_read_only_file_is_refused_as_a_shell_would(nobody: list[str], shared_dir: Path) -> None:
    (shared_dir / "in.kmr").write_text(GOOD, encoding="utf-8")
    mine = shared_dir / "mine.kmr"
    mine.write_text("kept\n", encoding="utf-8")
    os.chown(mine, 65534, 65534)
    mine.chmod(0o444)
    r = _as(nobody, "convert", "in.kmr", "--to", "short", "-o", "mine.kmr", cwd=shared_dir)
    assert r.returncode == 2 and b"cannot write mine.kmr: Permission denied" in r.stderr
    assert mine.read_text(encoding="utf-8") == "kept\n"
    writable = shared_dir / "writable.kmr"  # and a file the user may write is replaced as before
    writable.write_text("old\n", encoding="utf-8")
    os.chown(writable, 65534, 65534)
    r = _as(nobody, "convert", "in.kmr", "--to", "short", "-o", "writable.kmr", cwd=shared_dir)
    assert r.returncode == 0, r.stderr
    assert "Ye L1 Ye" in writable.read_text(encoding="utf-8")


def test_the_backup_of_fix_in_place_is_as_private_as_its_original(tmp_path: Path) -> None:
    record = tmp_path / "private.kmr"
    record.write_text(SLIPPED, encoding="utf-8")
    record.chmod(0o600)
    if os.geteuid() == 0:
        os.chown(record, 65534, 65534)
    r = kamisado("fix", str(record), "--in-place")
    assert r.returncode == 0, r.stderr
    backup = tmp_path / "private.kmr.orig"
    assert backup.read_text(encoding="utf-8") == SLIPPED
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert stat.S_IMODE(record.stat().st_mode) == 0o600
    if os.geteuid() == 0:
        assert (backup.stat().st_uid, backup.stat().st_gid) == (65534, 65534)


def test_fix_in_place_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.kmr"
    os.mkfifo(fifo)
    r = kamisado("fix", str(fifo), "--in-place", timeout=30)
    assert r.returncode == 2
    assert b"not a regular file" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.kmr"]
    r = kamisado("fix", "/dev/null", "--in-place", timeout=30)
    assert r.returncode == 2 and b"not a regular file" in r.stderr


@pytest.mark.parametrize("length", [242, 250, 255])
def test_the_longest_names_can_be_written(tmp_path: Path, length: int) -> None:
    (tmp_path / "in.kmr").write_text(GOOD, encoding="utf-8")
    name = "n" * (length - 4) + ".kmr"
    for args in (["convert", "in.kmr", "--to", "short", "-o", name], ["show", "in.kmr", "--svg", name]):
        r = kamisado(*args, cwd=tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        assert (tmp_path / name).stat().st_size > 0
    if length <= 250:  # (NAME.orig must fit too)
        slipped = tmp_path / ("s" * (length - 4) + ".kmr")
        slipped.write_text(SLIPPED, encoding="utf-8")
        r = kamisado("fix", slipped.name, "--in-place", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert "{fix:" in slipped.read_text(encoding="utf-8")


def test_a_failed_fix_in_place_leaves_no_backup_to_block_the_next(tmp_path: Path) -> None:
    """The rewrite fails (the file size limit stands for a full disk): the record is as
    it was, no FILE.orig is left behind, and the next run works."""
    record = tmp_path / "b.kmr"
    record.write_text(SLIPPED, encoding="utf-8")
    size = len(SLIPPED.encode())

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 10, size + 10))

    r = kamisado("fix", str(record), "--in-place", preexec_fn=small_files)
    assert r.returncode == 2, r.stderr
    assert b"File too large" in r.stderr
    assert record.read_text(encoding="utf-8") == SLIPPED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.kmr"]
    again = kamisado("fix", str(record), "--in-place")
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "b.kmr.orig").read_text(encoding="utf-8") == SLIPPED


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_during_convert_leaves_no_temporary_file(tmp_path: Path, signum: int) -> None:
    """``convert -o`` writes as it reads; ended by ``signum`` part-way (its input still
    open), it removes its temporary file, writes nothing and exits 128 + the signal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    out = tmp_path / "out.kmr"
    child = subprocess.Popen([sys.executable, "-m", "kamisado_notation.cli.app", "convert", "-", "--to", "short", "-o", str(out)],
                             stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdin is not None
    child.stdin.write(GOOD.encode() * 3)
    child.stdin.flush()
    deadline = time.monotonic() + 30
    while not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert any(p.name.endswith(".tmp") for p in tmp_path.iterdir()), "the temporary file never appeared"
    child.send_signal(signum)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 128 + signum, err
    assert list(tmp_path.iterdir()) == []


# ------------------------------- 6 and 14: fix streams, and one run makes every correction


def test_fix_reads_no_further_than_the_match_it_gives() -> None:
    """``fix_lines`` gives each part as soon as the next match starts: what it has read
    when the first match comes is bounded by a match, not by the record (so its memory
    stays flat in the number of matches; the figures are ``bench/bench_memory.py``)."""
    from kamisado_notation.checking.fix import fix_lines

    match = (SAMPLES / "standard-match.kmr").read_text(encoding="utf-8")
    per_match = match.count("\n")
    read = 0

    def lines() -> Iterator[str]:
        nonlocal read
        for _ in range(200):
            for line in match.splitlines(keepends=True):
                read += 1
                yield line

    parts = fix_lines(lines(), path="many.kmr")
    first = next(parts)  # (the comments before the first match, and that match)
    assert first.first_line == 1 and first.text.count("Round 1") == 1
    assert read <= 3 * per_match
    rest = list(parts)
    assert read == 200 * per_match
    assert rest[-1].first_line > first.first_line and all(p.valid for p in rest)


def test_fix_of_a_correction_that_makes_another_certain_makes_both() -> None:
    """The issue's record: line 2's direction is a slip, and only with it corrected is
    line 1's square certain; one run corrects both, a second changes nothing."""
    text = "[Event \"x\"]\nRound 1\n1. Yellow Left 1 Yellow   Yellow Right 1 Yellow\n2. Green Left 2 Yellow\n"
    once = kamisado_notation.fix_text(text)
    assert [(d.line, d.column, d.rule) for d in once.corrections] == [(3, 27, "square"), (4, 4, "M1")]
    assert "Yellow Right 1 Green {fix:" in once.text and "Green Forward 2 Yellow {fix:" in once.text
    assert once.valid
    twice = kamisado_notation.fix_text(once.text)
    assert twice.text == once.text and not twice.corrections


_SLOT_WORDS = {
    "colour": ["Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown"],
    "direction": ["Forward", "Left", "Right"],
    "distance": [str(n) for n in range(1, 8)],
}
_WORD = {word: slot for slot, words in _SLOT_WORDS.items() for word in words}


@given(seed=st.integers(0, 10**6), slips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 7)), min_size=1, max_size=4))
@example(seed=10327, slips=[(1, 0), (10, 0), (31, 0)])  # (a fresh clone's random profile, session 38: an entry after its round's end was left)
@example(seed=0, slips=[(1, 0), (10, 5)])  # (a random profile run, session 60: the same; removing entries is a correction with no suggestion)
def test_property_fix_of_fix_changes_nothing(seed: int, slips: list[tuple[int, int]]) -> None:
    """Slips planted in a generated legal match (a word of an entry changed for another
    of its kind): whatever one run of fix makes of it, a second run changes nothing."""
    import random

    from kamisado_notation.notation.record import RecordFile
    from kamisado_notation.notation.writer import Form, format_record
    from kamisado_notation.play.generate import generate_match

    match = generate_match(random.Random(seed), target=1)
    lines = format_record(RecordFile("<t>", matches=[match]), form=Form.TEXT).splitlines(keepends=True)
    for where, pick in slips:
        rows = [i for i, line in enumerate(lines) if line[:1].isdigit()]
        i = rows[where % len(rows)]
        words = lines[i].split(" ")
        slots = [j for j, w in enumerate(words) if w.strip() in _WORD]
        j = slots[where // len(rows) % len(slots)]
        choices = _SLOT_WORDS[_WORD[words[j].strip()]]
        words[j] = words[j].replace(words[j].strip(), choices[pick % len(choices)])
        lines[i] = " ".join(words)
    once = kamisado_notation.fix_text("".join(lines))
    twice = kamisado_notation.fix_text(once.text)
    assert not twice.corrections, [d.format("t") for d in twice.corrections]
    assert twice.text == once.text


# ------------------------------------------- 5. --terminal-svg: self-contained XML


NOT_CHARACTERS = '[Black "bad \ufffe and \uffff here"]\n[Gold "G\x0b\U000f0000"]\n\nRound 1\n1. Ye L1 Ye   Ye L3 Ye\n'


@pytest.mark.parametrize(
    "command",
    [["show", "{file}"], ["lineup", "{file}", "--round", "1"], ["moves", "--position", "initial"]],
    ids=["show", "lineup", "moves"],
)
def test_the_terminal_picture_is_an_xml_document_that_loads_nothing(tmp_path: Path, command: list[str]) -> None:
    import xml.etree.ElementTree as ET

    record = tmp_path / "odd.kmr"
    record.write_text(NOT_CHARACTERS, encoding="utf-8")
    picture = tmp_path / "out.svg"
    args = [str(record) if a == "{file}" else a for a in command]
    if command[0] == "moves":
        args = ["moves", "--terminal-svg", str(picture), kamisado_notation.Position.initial().to_string()]
    r = invoke(*args, "--terminal-svg", str(picture)) if command[0] != "moves" else invoke(*args)
    assert r.exit_code in (0, 1), r.output
    svg = picture.read_text(encoding="utf-8")
    ET.fromstring(svg)  # expat: a well-formed XML document
    assert "@font-face" not in svg and "@import" not in svg and "cdnjs" not in svg
    assert all(ref.startswith("#") for ref in re.findall(r"url\(([^)]*)\)", svg))  # (its own clip paths only)
    assert not re.search(r"href=.https?:", svg)
    if command[0] == "show":
        assert "bad \\ufffe and \\uffff here" in svg.replace("&#160;", " ")
    if shutil.which("xmllint"):
        lint = subprocess.run(["xmllint", "--noout", str(picture)], capture_output=True, check=False, timeout=60)
        assert lint.returncode == 0, lint.stderr


def test_printable_escapes_what_no_xml_document_may_hold() -> None:
    from kamisado_notation.display import printable

    assert printable("a\ufffeb\uffffc") == "a\\ufffeb\\uffffc"
    assert printable("ée\U000f0000") == "ée\U000f0000"  # (a private-use letter is text)


# ------------------------------------------------------------- 8. COLUMNS capped


@pytest.mark.parametrize("columns", ["99999999", "99999999999999999999"])
@pytest.mark.parametrize(
    "command",
    [["replay"], ["show"], ["show", "--terminal-svg", "{svg}"], ["lineup", "--round", "1", "--terminal-svg", "{svg}"]],
    ids=["replay", "show", "show --terminal-svg", "lineup --terminal-svg"],
)
def test_a_huge_columns_is_capped(tmp_path: Path, columns: str, command: list[str]) -> None:
    """``COLUMNS=99999999 replay FILE`` wrote 4 GB, ``show --terminal-svg`` ran past 30 s
    (900 MB); a number too large for C was a traceback."""
    args = [command[0], str(SAMPLES / "standard-match.kmr"), *(str(tmp_path / "t.svg") if a == "{svg}" else a for a in command[1:])]
    r = kamisado(*args, env={"COLUMNS": columns}, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert b"Traceback" not in r.stderr
    assert max(len(line) for line in r.stdout.decode().splitlines()) <= 1000
    usual = kamisado(*args, env={"COLUMNS": "1000"}, timeout=120)
    assert r.stdout == usual.stdout


def test_a_usage_error_under_a_huge_columns_is_one_short_message() -> None:
    r = kamisado("validate", "--jobs", "many", "x.kmr", env={"COLUMNS": "99999999999999999999"})
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert max(len(line) for line in r.stderr.decode().splitlines()) <= 1000


# ------------------------------------------ 15. a long comment line is no error


def test_a_comment_line_longer_than_the_line_limit_is_no_error(tmp_path: Path) -> None:
    from kamisado_notation.notation import MAX_LINE

    record = tmp_path / "long-comment.kmr"
    comment = "# " + "c" * (MAX_LINE + 10)
    record.write_text(f'[Event "x"]\n{comment}\n  #{"d" * (3 * MAX_LINE)}\n\nRound 1\n1. Ye L1 Ye   Ye L3 Ye\n', encoding="utf-8")
    for args in (["validate", str(record)], ["validate", "--jobs", "2", str(record)], ["show", str(record)]):
        r = invoke(*args)
        assert r.exit_code == 0, (args, r.output)
        assert "longer than" not in r.output
    fixed = invoke("fix", str(record))
    assert fixed.exit_code == 0 and comment in fixed.stdout  # (fix keeps it as written)
    data = tmp_path / "long-entry.kmr"  # an entry line keeps the limit
    data.write_text('[Event "x"]\n\nRound 1\n1. Ye L1 Ye   Ye L3 Ye ' + "x" * (MAX_LINE + 10) + "\n", encoding="utf-8")
    r = invoke("validate", str(data))
    assert r.exit_code == 1 and "longer than 1048576 bytes" in r.output


@given(
    pieces=st.lists(st.sampled_from(["Round 1", "1. Ye L1 Ye", "é", "", "  # c", "\r\n", "\n", "\r", "\ufeff"]), max_size=30),
    block=st.integers(1, 7),
)
def test_fix_reads_each_line_exactly_as_written_whatever_the_chunks(pieces: list[str], block: int) -> None:
    """``fix`` copies what it does not correct byte for byte, so its line reader must give
    the lines exactly as written (endings and BOM kept) however the input is cut: a
    "\\r\\n" split between two reads is one ending."""
    import io

    from kamisado_notation.notation.files import opening as files

    text = "".join(pieces)
    original = files._BLOCK
    files._BLOCK = block
    try:
        lines = list(files.written_lines(io.BytesIO(text.encode("utf-8"))))
    finally:
        files._BLOCK = original
    assert "".join(lines) == text
    assert lines == re.findall(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+\Z", text)
