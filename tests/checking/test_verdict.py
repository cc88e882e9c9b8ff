"""The fused validation path (kamisado_notation.checking.verdict) judges as the full path does:
the same reports (the JSON of ``validate``) on random matches in every form and
language, on the same with planted errors, on every broken record of
test_broken_records.py and on every sample; and it does vouch by itself for the valid
matches it is made for (else the first property would hold by falling back always)."""

from __future__ import annotations

import importlib.util
import inspect
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.validate import FileReport, validate_file, validate_text
from kamisado_notation.checking.verdict import judge_lines
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.kmr.reader import block_lines
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import LANGUAGES, Form, format_record
from kamisado_notation.play.generate import generate_match
from tests.support.paths import ROOT

COLOUR_FORMS = (Form.TEXT, Form.SYMBOLS, Form.SHORT)


def record_text(seed: int, matches: int, *, target: int | None = None) -> str:
    """``matches`` random legal matches, each in a random form and language."""
    rng = random.Random(seed)
    parts = []
    for i in range(matches):
        coords = rng.random() < 0.25
        goal = target if target is not None else rng.choice((1, 1, 2, 3, 5, 7))
        m = generate_match(random.Random(rng.random()), target=goal, index=i + 1, coords=coords)
        form = Form.COORDS if coords else rng.choice(COLOUR_FORMS)
        parts.append(format_record(RecordFile("t", matches=[m]), form=form, lang=rng.choice(LANGUAGES)))
    return "\n".join(parts)


def same(text: str) -> FileReport:
    """Validate ``text`` both ways; the reports must be equal."""
    fused = validate_text(text, path="t.kmr")
    full = _full_validation(lambda: validate_text(text, path="t.kmr"))
    assert fused.to_json() == full.to_json()
    assert [m.to_move for m in fused.matches] == [m.to_move for m in full.matches]
    return fused


# Lines to plant: each is something the full path has a word for, or nothing at all.
PLANTS = [
    "", "# a comment", "{braced}", "1. ...", "...", "Round 2 fill left", "Round 3", "Round 1",
    'Lineup Black: Orange Blue Purple Pink Yellow Red Green Brown', '[Result "1-0"]', '[Result "x"]',
    '[Target "0"]', '[Match "Long"]', '[Position "obpkyrgn/......../......../......../......../......../......../NGRYKPBO g -"]',
    '[Position "nonsense"]', '[Event "x"] {c}', "1. Purple Left 5 Yellow", "Brown 0 Brown", "e1-e1", "a8-a7*",
    "2. Pu L5 Ye   Ye F1 Or", "Purple Back 1 Red", "Round 2 fill left [Event \"y\"]", "ROUND 2 fill left",
    "1. Sideways 3 Red", "1. e2-e4 e7-e5 d2-d4 d7-d5 c2-c4 c7-c5", "\u3000", "[", "\t# tab comment",
    "1. Pu L٣ Ye", "Round ٣ fill left", '[Event "٣"]', "1. Purple Left 5 Yellow # ５", "round ５",
    '[Target "5"]', '[Target "3"]', '[Result "1–0"]', '[Result "3−2"]', "1...", "1. …", "2... Pu L5 Ye",
]
WORDS = ["Purple", "Left", "5", "0", "Yellow", "Back", "Pu", "L", "紫", "↖", "d8-d4", "1.", "...", "Forward", "7", "x", "٣", "５.", "…", "1...", "{c}", "{", "}"]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A random record with a few lines deleted, duplicated, swapped, replaced or
    changed word by word."""
    lines = record_text(draw(st.integers(0, 10**6)), draw(st.integers(1, 3))).split("\n")
    for _ in range(draw(st.integers(0, 3))):
        k = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "plant", "insert", "word", "cut")))
        if op == "delete" and len(lines) > 1:
            del lines[k]
        elif op == "duplicate":
            lines.insert(k, lines[k])
        elif op == "swap" and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif op in ("plant", "insert"):
            lines[k : k + (op == "plant")] = [draw(st.sampled_from(PLANTS))]
        elif op == "word" and lines[k].split():
            words = lines[k].split()
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(WORDS))
            lines[k] = " ".join(words)
        elif op == "cut":
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
    return "\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_planted_errors_are_judged_as_the_full_path_judges_them(text: str) -> None:
    same(text)


def test_a_header_after_an_unreadable_line_after_rows_starts_the_next_match() -> None:
    # the rows were read fused (so only the fused replay knew the match had rounds) and
    # the unreadable '3' dropped it: the header still starts match 2, as the reader says
    text = '[Result "1-0"]\n\n1. Ye↑1Bl   Bl↖1Pi\n3\n\n[Event "k"]\n\nRound 1\n1. f8-g7   a1-e5\n'
    assert len(same(text).matches) == 2
    assert len(same(text.replace("\n3\n", "\n\u0663\n")).matches) == 2  # a digit other than 0-9: the same


def test_a_row_read_past_an_unknown_word_is_a_row_where_matches_start() -> None:
    # a header after it starts the next match, in the fused reading as in the reader's
    # (CI's hypothesis run found the fused path taking the row for a lost line)
    text = '[Event "k"]\n1. x Left 5 Yellow\n[Gold "R"]\n[Match "Standard"]\n\nRound 1\n1. Ye L2 Ye   Ye F6 Gr\n'
    report = same(text)
    assert len(report.matches) == 2 and report.matches[0].diagnostics[0].rule == "syntax"


BLANKS = [" ", " ", "  ", "   ", "\t", " \t", "    "]
ENDS = ["", "", " ", "  ", "\t", "   # c", "#c"]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_rows_spaced_any_way_are_judged_as_the_full_path_judges_them(seed: int, rnd: random.Random) -> None:
    """Rows whose blanks are redrawn (inside entries, between them, after them): the
    fused path's row reading without the regex takes only what the regex reads alike."""
    lines = record_text(seed, 2).split("\n")
    for k, line in enumerate(lines):
        if line[:1].isdigit() and rnd.random() < 0.5:
            words = line.split()
            lines[k] = "".join(w + rnd.choice(BLANKS) for w in words[:-1]) + words[-1] + rnd.choice(ENDS)
    same("\n".join(lines))


BRACED = ["{}", "{a fine move}", "{?!}", "{see #2}", "{ x }", "{1. Pu L5 Ye}", "{Round 2}", "{{}", "{", "}", '{"}', "{…}"]


def with_braced(text: str, rnd: random.Random, share: float) -> str:
    """``text`` with braced comments (and a few broken ones) put between the words of
    some of its lines, inside a word, at the start or at the end."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if rnd.random() >= share:
            continue
        words = line.split(" ")
        at = rnd.randrange(len(words) + 1)
        comment = rnd.choice(BRACED)
        if rnd.random() < 0.2 and words[at - 1 if at else 0]:
            w = words[at - 1 if at else 0]  # inside a word
            cut = rnd.randrange(len(w) + 1)
            words[at - 1 if at else 0] = w[:cut] + comment + w[cut:]
        else:
            words.insert(at, comment)
        lines[k] = (" " if rnd.random() < 0.3 else "").join(words) if rnd.random() < 0.2 else " ".join(words)
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_braced_comments_anywhere_are_judged_as_the_full_path_judges_them(seed: int, rnd: random.Random) -> None:
    """The fused path reads a line whose braced comments alone keep it from the fast
    paths with each comment a blank, as the lexer skips it: wherever a comment stands
    (between entries, inside one, in a Round or Lineup line, in a header, glued to a
    word), broken or not, the report is the full path's."""
    same(with_braced(record_text(seed, 2), rnd, rnd.choice((0.05, 0.3, 1.0))))


GLUED = {
    "before the turn number's dot": lambda row: row.replace("1.", "1{c}.", 1),  # '1' then '.': no turn number
    "after the turn number's dot": lambda row: row.replace("1. ", "1.{c}", 1),
    "inside the first word": lambda row: row[:4] + "{c}" + row[4:],
    "between the first two words": lambda row: row.replace(" ", "{c}", 2).replace("{c}", " ", 1),
    "between a distance and a colour": lambda row: row.replace(" Bl", "{c}Bl", 1),
    "at the start": lambda row: "{c}" + row,
    "at the end": lambda row: row + "{c}",
    "between the entries": lambda row: row.replace("   ", " {a fine move} ", 1),
    "unclosed": lambda row: row + " {c",
    "a stray brace": lambda row: row + " }",
    "holding a quote": lambda row: row + ' {"}',
    "inside a # comment": lambda row: row + " # {c",
}


@pytest.mark.parametrize("where", sorted(GLUED))
def test_a_braced_comment_glued_to_a_word_is_read_as_the_lexer_reads_it(where: str) -> None:
    """A valid record's first row (``1. Pu F3 Bl   Bl F6 Br``…) with a comment glued
    somewhere: blanking the comment, not deleting it, keeps the tokens the lexer finds
    (``1{c}.`` is a number and a stray '.', not a turn number)."""
    m = generate_match(random.Random(5), target=1, index=1)
    lines = format_record(RecordFile("t", matches=[m]), form=Form.SHORT).split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    lines[k] = GLUED[where](lines[k])
    same("\n".join(lines))


def test_braces_inside_a_header_string_are_no_comment() -> None:
    """``[Result {c} "1-0 {x}"]``: the lexer reads a comment, then the string ``1-0 {x}``
    (no result), so a header line is never read with its braces blanked."""
    m = generate_match(random.Random(5), target=1, index=1)
    text = format_record(RecordFile("t", matches=[m]), form=Form.SHORT)
    (result,) = [line for line in text.split("\n") if line.startswith("[Result ")]
    score = result.split('"')[1]
    report = same(text.replace(result, f'[Result {{c}} "{score} {{x}}"]'))
    assert [d.rule for d in report.matches[0].diagnostics] == ["result"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_braced_comments_between_words_keep_a_valid_match_fused(seed: int, rnd: random.Random) -> None:
    """Annotations such as ``{a fine move}`` between the words of rows, ``Round`` and
    ``Lineup`` lines do not send a valid match to the full path (which reads them
    through the grammar, many times slower)."""
    lines = record_text(seed, 2, target=3).split("\n")
    for k, line in enumerate(lines):
        words = line.split(" ")
        if line and not line.startswith("[") and rnd.random() < 0.5:
            words.insert(rnd.randrange(1, len(words) + 1), rnd.choice(("{a fine move}", "{}", "{see #2}")))
            lines[k] = " ".join(words)
    text = "\n".join(lines)
    assert "{" in text
    judged = list(judge_lines(block_lines(text, None, True), "t.kmr"))
    assert len(judged) == 2 and all(j.verdict is not None for j in judged)
    assert same(text).valid


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4))
def test_random_matches_every_form_and_language(seed: int, matches: int) -> None:
    report = same(record_text(seed, matches))
    assert report.valid and len(report.matches) == matches


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_the_fused_path_vouches_for_valid_matches_by_itself(seed: int) -> None:
    """Pushes, forfeits, deadlocks (their zero entries written or not), lineups, many
    rounds: no valid generated match needs the full path."""
    text = record_text(seed, 3, target=7)
    judged = list(judge_lines(block_lines(text, None, True), "t.kmr"))
    assert len(judged) == 3 and all(j.verdict is not None for j in judged)


def test_lineups_and_a_whole_round_on_one_line_stay_fused() -> None:
    text = (ROOT / "samples" / "standard-match.kmr").read_text(encoding="utf-8")
    assert "Lineup" in text
    (judged,) = judge_lines(block_lines(text, None, True), "t.kmr")
    assert judged.verdict is not None
    one_line = "Round 1\n" + " ".join(
        f"{n}. {row}" for n, row in enumerate(["Brown Right 5 Brown Brown Forward 5 Green", "Green Forward 3 Red Red Left 2 Blue"], 1)
    )
    (judged,) = judge_lines(block_lines(one_line, None, True), "t.kmr")
    assert judged.verdict is not None
    same(one_line)


def _broken_records_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("broken_records", ROOT / "tests" / "checking" / "test_broken_records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BROKEN = _broken_records_module()


@pytest.mark.parametrize("name", [n for n, f in inspect.getmembers(BROKEN, inspect.isfunction) if n.startswith("test_")])
def test_every_broken_record_is_judged_as_the_full_path_judges_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test of test_broken_records.py, with every text it validates checked both ways."""
    seen: list[str] = []

    def checked(text: str, *, path: str = "<string>") -> FileReport:
        seen.append(text)
        fused = validate_text(text, path=path)
        assert fused.to_json() == _full_validation(lambda: validate_text(text, path=path)).to_json()
        return fused

    monkeypatch.setattr(BROKEN, "validate_text", checked)
    getattr(BROKEN, name)()
    assert seen


@pytest.mark.parametrize("sample", sorted((ROOT / "samples").glob("*.kmr")), ids=lambda p: p.name)
def test_every_sample_file(sample: Path) -> None:
    fused = validate_file(str(sample))
    assert fused.to_json() == _full_validation(lambda: validate_file(str(sample))).to_json()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated(), st.sampled_from(("", "\ufeff")), st.sampled_from(("\n", "\r\n")), st.integers(-1, 40))
def test_files_with_a_bom_crlf_or_a_bad_byte(tmp_path: Path, text: str, bom: str, newline: str, bad_line: int) -> None:
    """As read from a file: an invalid UTF-8 byte ends the reading, and its diagnostic
    goes to the last match read (or is the file's own when there is none)."""
    lines = [line.encode("utf-8") for line in text.split("\n")]
    if 0 <= bad_line < len(lines):
        lines[bad_line] += b"\xff"
    path = tmp_path / "t.kmr"
    path.write_bytes(bom.encode("utf-8") + newline.encode("ascii").join(lines))
    fused = validate_file(str(path))
    assert fused.to_json() == _full_validation(lambda: validate_file(str(path))).to_json()


def test_a_syntax_error_before_the_first_match_is_the_files(tmp_path: Path) -> None:
    # (a comment left open with a move inside: the line's own syntax, an error; a line
    # with no move, '1. Sideways 3 Red', is a comment, the record valid both ways)
    text = "1. { Sideways 3 Red\n" + record_text(5, 2)
    path = tmp_path / "t.kmr"
    path.write_text(text, encoding="utf-8")
    fused = validate_file(str(path))
    assert fused.to_json() == _full_validation(lambda: validate_file(str(path))).to_json()
    assert not fused.valid and [(d.line, d.rule, d.match) for d in fused.all_diagnostics()] == [(1, "syntax", None)]
    same(text)
    assert same("1. Sideways 3 Red\n" + record_text(5, 2)).valid


def test_validating_what_the_fast_paths_read_never_imports_lark(tmp_path: Path) -> None:
    """Start-up: ``kamisado validate`` of a record the fast paths read whole does not load
    the grammar; a line for the grammar does."""
    import os
    import subprocess
    import sys

    script = (
        "import sys; from kamisado_notation.cli.app import main\n"
        "sys.argv = ['kamisado', 'validate', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('lark' in sys.modules, file=sys.stderr)"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for text, lark in (
        ("1. Yellow Left 1 Yellow\n", "False"),
        ("1. Yellow {good} Left 1 Yellow {a fine move}  # {x\n", "False"),  # braced comments blanked
        ("1. Yellow Sideways 1 Yellow\n", "True"),
    ):
        path = tmp_path / "one.kmr"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", script, str(path)], env=env, capture_output=True, text=True, check=True)
        assert done.stderr.strip().splitlines()[-1] == lark, done.stderr


def _full_validation(call: Callable[[], FileReport]) -> FileReport:
    """``call()`` with every match validated through the full path (the reading's fast
    paths kept, as ``kamisado validate`` reads)."""
    with general_paths(reading=False):
        return call()


@pytest.mark.parametrize("reading", [False, True])
def test_the_general_paths_switch_turns_the_fast_paths_off(reading: bool) -> None:
    """The seam the comparisons above stand on is not a no-op: inside ``general_paths`` a
    row the fast paths read whole is read by the grammar (lark is loaded) when
    ``reading``, and validation replays the match in full (the fused judge is not run)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from kamisado_notation.checking import verdict\n"
        "from kamisado_notation.checking.validate import validate_text\n"
        "from kamisado_notation.notation.kmr.fast_paths import general_paths\n"
        "judged = []\n"
        "real = verdict.Judge.run\n"
        "verdict.Judge.run = lambda self, lines: judged.append(1) or real(self, lines)\n"
        f"with general_paths(reading={reading}):\n"
        "    report = validate_text('Round 1\\n1. Yellow Left 1 Yellow\\n')\n"
        "print(report.valid, 'lark' in sys.modules, bool(judged))\n"
    )
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", str(reading), "False"], done.stderr
