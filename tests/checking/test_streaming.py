"""Streaming (issue 11): every command's output is what the whole-file implementation
gave, byte for byte — ``validate`` (text and ``--json``) against the reports of the
match-list implementation it replaced (kept here as the reference), ``--jobs 2`` and
any block size against ``--jobs 1``, ``convert`` and ``generate`` against
``format_record`` of the whole record — on the samples and on generated corpora with
planted damage (syntax errors before the first match, invalid UTF-8, lost lines, stray
headers and comments)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.conversion import resolve_moves
from kamisado_notation.checking.replay import MatchStatus
from kamisado_notation.checking.validate import (
    NO_MATCH,
    FileReport,
    MatchSummary,
    in_line_order,
    report_json,
    validate_matches,
    validate_paths,
    write_report_json,
)
from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import Diagnostic, Kind
from kamisado_notation.display import json_text
from kamisado_notation.errors import KamisadoError, RecordIOError
from kamisado_notation.notation import MAX_LINE, open_matches, read_record, source_name
from kamisado_notation.notation.files.opening import nth_match
from kamisado_notation.notation.json_text import dumps_indented
from kamisado_notation.notation.writer import Form, format_record, record_json
from kamisado_notation.play.generate import generate_records
from tests.support.paths import ROOT

SAMPLES = sorted(str(p) for p in (ROOT / "samples").glob("*.kmr"))
runner = CliRunner()

_CORPUS = format_record(generate_records(match="standard", seed=4, count=12), form=Form.SHORT).encode()
_DAMAGE = [b"garbage here", b"# a comment", b"{braced}", b"bad \xff byte", b'[Event "x"]', b"", b"Round 2 fill left"]


def damaged(seed: int) -> bytes:
    """The corpus with a few lines lost, cut or inserted (reproducible from ``seed``)."""
    rng = random.Random(seed)
    lines = _CORPUS.split(b"\n")
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(4)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines[i] = lines[i][: len(lines[i]) // 2]
        elif kind == 2:
            lines.insert(i, rng.choice(_DAMAGE))
        else:
            lines.insert(0, b"junk before the first match")
    return b"\n".join(lines)


# ------------------------------------------------ the implementation streaming replaced


def old_report(path: str) -> FileReport:
    """``validate_file`` as it was: every summary kept, from ``open_matches``, the
    file's own diagnostics (errors before the first match, an invalid byte) in the
    report's."""
    report = FileReport(source_name(path))
    try:
        validate_matches(report.path, open_matches(path, errors=report.diagnostics), report=report)
    except RecordIOError as e:
        report.diagnostics.append(Diagnostic("io", e.reason, 0, 0))
    except KamisadoError as e:
        report.diagnostics.append(Diagnostic("syntax", str(e), getattr(e, "line", 1), getattr(e, "column", 1)))
    if not report.matches and not any(d.severity == "error" for d in report.diagnostics):
        report.diagnostics.append(Diagnostic("syntax", NO_MATCH, 1, 1, kind=Kind.NO_MATCH))
    return report


def old_text(paths: list[str]) -> str:
    """``kamisado validate``'s text as it was printed from whole reports (no colour)."""
    out = []
    reports = [old_report(p) for p in paths]
    for r in reports:
        out += [d.format(r.path) for d in r.all_diagnostics()]
        n, good = len(r.matches), sum(m.valid for m in r.matches)
        head = f"{r.path}: {n} match{'es' if n != 1 else ''}, {good} valid"
        if not n:
            head = f"{r.path}: unreadable" if any(d.rule == "io" for d in r.diagnostics) else f"{r.path}: no match"
        out.append(head)
        out += [_old_match_line(m) for m in r.matches] if n <= 20 else [_old_many(r.matches)]
    if len(reports) > 1:
        matches = [m for r in reports for m in r.matches]
        bad = sum(1 for r in reports if not r.valid)
        valid = sum(1 for m in matches if m.valid)
        out.append(f"total: {len(reports)} files ({bad} invalid), {len(matches)} matches, {valid} valid, {len(matches) - valid} invalid")
    return "".join(line + "\n" for line in out)


def _old_match_line(m: MatchSummary) -> str:
    if not m.valid:  # (since session 7: a replay that reached the match's end says so)
        reach = ", replayed to its end" if m.status is MatchStatus.COMPLETE else " as far as checked"
        return f"  match {m.index} (line {m.line}): INVALID, {_score(m.score)} (Black-Gold){reach}"
    state = "complete" if m.status is MatchStatus.COMPLETE else "in progress"
    state += f", {m.to_move.title} to move" if m.to_move is not None else ""
    return f"  match {m.index} (line {m.line}): valid, {_score(m.score)} (Black-Gold), {state}"


def _old_many(matches: list[MatchSummary]) -> str:
    good = [m for m in matches if m.valid]
    complete = sum(1 for m in good if m.status is MatchStatus.COMPLETE)
    text = f"  {complete} complete, {len(good) - complete} in progress"
    invalid = [m for m in matches if not m.valid]
    if invalid:
        shown = ", ".join(f"{m.index} (line {m.line})" for m in invalid[:50])
        more = f" and {len(invalid) - 50} more" if len(invalid) > 50 else ""
        text += f", {len(invalid)} invalid: match{'es' if len(invalid) > 1 else ''} {shown}{more}"
    return text


def _score(score: dict) -> str:  # type: ignore[type-arg]
    from kamisado_notation.engine.board import Side

    return f"{score[Side.BLACK]}-{score[Side.GOLD]}"


def old_json(paths: list[str]) -> str:
    """``validate --json`` as it was: the whole document at once (``emit_json``)."""
    return json_text(report_json([old_report(p) for p in paths])) + "\n"


def streamed_json(paths: list[str], *, jobs: int = 1, size: int = 1 << 18) -> str:
    out = io.StringIO()
    write_report_json(validate_paths(paths, jobs=jobs, size=size), out)
    return out.getvalue()


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("corpora")
    paths = []
    for seed in range(8):
        p = folder / f"damaged-{seed}.kmr"
        p.write_bytes(damaged(seed))
        paths.append(str(p))
    many = folder / "many.kmr"  # more than 20 matches: counts instead of a line each
    many.write_bytes(b"\n".join([_CORPUS] * 3))
    empty = folder / "empty.kmr"
    empty.write_bytes(b"")
    latin = folder / "latin1.kmr"
    latin.write_bytes(b"\xff\xfe junk\n")
    return paths + [str(many), str(empty), str(latin)]


# --------------------------------------------------------------------------- validate


def test_validate_json_is_the_whole_report_document(corpora: list[str]) -> None:
    paths = SAMPLES + corpora
    r = runner.invoke(app, ["validate", "--json", *paths])
    assert r.exit_code == 1
    assert r.stdout == old_json(paths)


def test_validate_text_is_what_whole_reports_printed(corpora: list[str]) -> None:
    paths = SAMPLES + corpora
    r = runner.invoke(app, ["validate", *paths])
    assert r.exit_code == 1
    assert r.stdout == old_text(paths)


def test_jobs_give_the_same_output_in_order(corpora: list[str]) -> None:
    paths = SAMPLES + corpora
    for args in (["--json"], []):
        one = runner.invoke(app, ["validate", *args, *paths])
        two = runner.invoke(app, ["validate", *args, "--jobs", "2", *paths])
        assert (two.exit_code, two.stdout) == (one.exit_code, one.stdout)


def test_small_blocks_in_two_processes_read_as_one(corpora: list[str]) -> None:
    # blocks of a few hundred bytes: most cuts are checked, some joined again
    assert streamed_json(corpora, jobs=2, size=300) == old_json(corpora)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 3000), ending=st.sampled_from([b"\n", b"\r\n", b"\r"]))
def test_any_block_size_reads_as_one(tmp_path_factory: pytest.TempPathFactory, seed: int, size: int, ending: bytes) -> None:
    p = tmp_path_factory.mktemp("blocks") / "d.kmr"
    p.write_bytes(damaged(seed).replace(b"\n", ending))
    assert streamed_json([str(p)], size=size) == old_json([str(p)])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 3000))
def test_diagnostics_come_in_line_order_at_any_block_size(tmp_path_factory: pytest.TempPathFactory, seed: int, size: int) -> None:
    p = tmp_path_factory.mktemp("order") / "d.kmr"
    p.write_bytes(damaged(seed))
    (fv,) = validate_paths([str(p)], size=size)
    given = [d for _s, diagnostics in in_line_order(fv) for d in diagnostics]
    assert given == old_report(str(p)).all_diagnostics()


def test_a_line_too_long_and_binary_data_read_in_blocks_as_in_one_go(tmp_path: Path) -> None:
    lines = _CORPUS.split(b"\n")
    middle = len(lines) // 2
    lines[middle : middle + 1] = [b"x" * (MAX_LINE + 10)]  # skipped, a diagnostic at its line
    p = tmp_path / "hostile.kmr"
    p.write_bytes(b"\r\n".join(lines) + b"\r\n[Event \"x\"]\r\nRound 1\r\n1. Pu\0\r\n")
    whole = old_json([str(p)])
    assert "longer than" in whole and "binary data" in whole
    for jobs in (1, 2):
        assert streamed_json([str(p)], jobs=jobs, size=500) == whole


# ---------------------------------------------------------------- convert and generate


def _whole(path: str, form: Form, lang: str = "en") -> str:
    """``convert``'s output as it was: the whole record, formatted at once."""
    record = read_record(path)
    moves = [resolve_moves(m, form)[0] for m in record.matches]
    if form is Form.JSON:
        return json.dumps(record_json(record, moves), ensure_ascii=False, indent=2) + "\n"
    return format_record(record, form=form, lang=lang, moves=moves)


@pytest.mark.parametrize("form", list(Form))
def test_convert_writes_what_the_whole_record_gives(tmp_path: Path, form: Form) -> None:
    src = tmp_path / "corpus.kmr"
    src.write_bytes(_CORPUS + b"\n# closing comment\n")
    r = runner.invoke(app, ["convert", str(src), "--to", form.value])
    assert r.exit_code == 0, r.output
    assert r.stdout == _whole(str(src), form)
    out = tmp_path / f"out.{form.value}"
    assert runner.invoke(app, ["convert", str(src), "--to", form.value, "-o", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8") == _whole(str(src), form)


def test_convert_of_a_broken_record_writes_nothing(tmp_path: Path) -> None:
    src, out = tmp_path / "broken.kmr", tmp_path / "out.kmr"
    # (a comment left open with a move inside: an error of the line's own syntax; a line
    # of words that say nothing of a move would be set aside as a comment)
    src.write_bytes(_CORPUS + b"\n\n[Event \"late\"]\nRound 1\n1. { Purple Left 1 Purple\n")
    r = runner.invoke(app, ["convert", str(src), "--to", "short", "-o", str(out)])
    assert r.exit_code == 1 and "nothing converted" in r.output
    assert not out.exists() and list(tmp_path.iterdir()) == [src]
    r = runner.invoke(app, ["convert", str(src), "--to", "short"])
    assert r.exit_code == 1 and r.stdout == ""


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_indented_json_is_the_standard_librarys(value: object) -> None:
    assert dumps_indented(value) == json.dumps(value, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("form", ["text", "coords", "json"])
def test_generate_writes_what_the_whole_record_gives(form: str) -> None:
    r = runner.invoke(app, ["generate", "--match", "standard", "--seed", "9", "--count", "4", "--form", form])
    record = generate_records(match="standard", seed=9, count=4, coords=form == "coords")
    assert r.exit_code == 0 and r.stdout == format_record(record, form=Form(form))


# -------------------------------------------------------------------- show and friends


def test_show_reads_no_further_than_its_match(tmp_path: Path) -> None:
    p = tmp_path / "three.kmr"
    p.write_bytes(b"\n".join([_CORPUS, _CORPUS, b"[Event \"x\"]\nRound 1\nbad \xff byte\n"]))
    record, match, count = nth_match(str(p), 2)
    assert match is not None and match.index == count == 2
    assert record.errors == []  # the bad byte further on was never read
    assert read_record(str(p)).errors != []
    assert nth_match(str(p), 99)[1:] == (None, 25)
    r = runner.invoke(app, ["show", str(p), "--match", "14", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["match"] == 14
