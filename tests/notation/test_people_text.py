"""Records as a word processor, a web page or Notepad leave them: typographic quotes,
zero-width characters, soft hyphens and no-break spaces are read as the plain characters
with one ``warning[text]`` a file, and ``kamisado fix`` writes them plain; a UTF-16 or
UTF-32 file with a byte-order mark reads as its UTF-8 twin; a file in another encoding
gets one ``error[encoding]`` naming it, and ``--encoding NAME`` reads it.

The records are the package's generated matches, written in several forms and
languages; each is spoilt here as a person's tools would spoil it, and compared with
the record it was made from (the facts: the same diagnostics, score and moves).
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.validate import validate_file, validate_paths, validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.notation import read_record
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match
from tests.support.paths import ROOT

runner = CliRunner()

FORMS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.TEXT, "ru"), (Form.SHORT, "en"), (Form.SYMBOLS, "en")]
#: Typographic quote pairs, as word processors write them in several languages.
QUOTES = [("\u201c", "\u201d"), ("\u201e", "\u201c"), ("\u00ab", "\u00bb"), ("\u2018", "\u2019"), ("\u201d", "\u201d")]
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff"]
SPACES = ["\u00a0", "\u202f", "\u2007"]


def generated(seed: int, form: Form = Form.TEXT, lang: str = "en", *, target: int = 3, matches: int = 1) -> str:
    rng = random.Random(seed)
    record = RecordFile("g.kmr")
    line = 1
    for index in range(1, matches + 1):
        m = generate_match(rng, target=target, index=index, line=line)
        record.matches.append(m)
        line = m.rounds[-1].entries[-1].line + 2 if m.rounds[-1].entries else line + 40
    return format_record(record, form=form, lang=lang)


def report_of(text: str) -> list[object]:
    """What validation says of ``text`` but its path: diagnostics and matches."""
    r = validate_text(text, path="t.kmr").to_json()
    return [r["diagnostics"], r["matches"]]


def without_text_warning(report: list[object]) -> tuple[list[object], list[object]]:
    diags = report[0]
    assert isinstance(diags, list)
    return [d for d in diags if d["rule"] != "text"], [d for d in diags if d["rule"] == "text"]


# ------------------------------------------------------------------ word-processor text


@st.composite
def spoilt(draw: st.DrawFn) -> tuple[str, str, tuple[int, int]]:
    """A generated record, and the record with characters a word processor puts in at
    several random places (each read as what was there), and where the first is."""
    form, lang = draw(st.sampled_from(FORMS))
    text = generated(draw(st.integers(0, 10**6)), form, lang)
    lines = text.split("\n")
    places: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["quotes", "invisible", "space"]))
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if kind == "quotes" and line.startswith("[") and '"' in line:
            left, right = draw(st.sampled_from(QUOTES))
            a, b = line.index('"'), line.rindex('"')
            lines[i] = line[:a] + left + line[a + 1 : b] + right + line[b + 1 :]
            places.append((i + 1, a + 1))
        elif kind == "space" and " " in line:
            at = draw(st.sampled_from([k for k, c in enumerate(line) if c == " "]))
            lines[i] = line[:at] + draw(st.sampled_from(SPACES)) + line[at + 1 :]
            places.append((i + 1, at + 1))
        elif line.strip() and not line.startswith("["):  # (inside a header name, invisible is not what was typed)
            at = draw(st.integers(1, len(line)))
            lines[i] = line[:at] + draw(st.sampled_from(INVISIBLE)) + line[at:]
            places.append((i + 1, at + 1))
    if not places:
        lines[0] = lines[0] + "\u200b"
        places.append((1, len(lines[0])))
    # the first place as the file has it: on a line spoilt twice, an earlier insertion moved it
    first_line = min(p[0] for p in places)
    row = lines[first_line - 1]
    column = next(k + 1 for k, c in enumerate(row) if c in "".join(INVISIBLE + SPACES) + "".join(q for pair in QUOTES for q in pair))
    return text, "\n".join(lines), (first_line, column)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spoilt())
def test_word_processor_characters_read_as_plain_with_one_warning(case: tuple[str, str, tuple[int, int]]) -> None:
    original, text, (line, column) = case
    before = report_of(original)
    after = report_of(text)
    rest, warnings = without_text_warning(after)
    assert len(warnings) == 1
    assert (warnings[0]["line"], warnings[0]["column"], warnings[0]["severity"]) == (line, column, "warning")
    assert rest == before[0] and after[1] == before[1]  # the same score, rounds and verdict
    with general_paths(reading=False):
        assert report_of(text) == after  # the full path says the same
    fixed = fix_text(text, path="t.kmr")
    assert fixed.text == original and [c.rule for c in fixed.corrections] == ["text"]


def test_an_apostrophe_in_a_comment_is_no_slip_and_inner_quotes_stay() -> None:
    text = generated(3).replace('[Event "kamisado generate"]', '[Event "The \u201cBig\u201d night"]  # Johan\u2019s club')
    assert report_of(text) == report_of(generated(3).replace("kamisado generate", "The \u201cBig\u201d night"))
    record = read_record_text(text)
    assert record.matches[0].header("Event") == "The \u201cBig\u201d night"


def read_record_text(text: str) -> RecordFile:
    from kamisado_notation.notation import parse_record

    return parse_record(text)


def test_german_quotes_on_every_header_are_one_warning_and_the_match_is_read(tmp_path: Path) -> None:
    text = generated(11, Form.TEXT, "de")
    german = "\n".join(
        line.replace(' "', " \u201e", 1).replace('"]', "\u201c]") if line.startswith("[") else line for line in text.split("\n")
    )
    p = tmp_path / "de.kmr"
    p.write_text(german, encoding="utf-8")
    r = runner.invoke(app, ["validate", str(p)])
    assert r.exit_code == 0, r.output
    assert r.output.count("warning[text]") == 1 and f"{p}:1:8: warning[text]" in r.output
    assert "U+201E DOUBLE LOW-9 QUOTATION MARK" in r.output
    # fix writes them plain, and says so
    out = tmp_path / "fixed.kmr"
    r = runner.invoke(app, ["fix", str(p), "-o", str(out)])
    assert r.exit_code == 0 and "fixed[text]" in r.output
    assert out.read_text(encoding="utf-8") == text


def test_one_warning_a_file_whatever_its_blocks_and_workers(tmp_path: Path) -> None:
    text = generated(5, matches=6).replace("Random", "Ran\u00addom")  # a soft hyphen in every player's name
    p = tmp_path / "many.kmr"
    p.write_text(text, encoding="utf-8")
    whole = validate_file(str(p)).to_json()
    for jobs, size in ((1, 300), (2, 700)):
        reports = [fv.report().to_json() for fv in validate_paths([str(p)], jobs=jobs, size=size)]
        assert reports == [whole]
    assert [d["rule"] for d in whole["diagnostics"]] == ["text"]  # type: ignore[index]


# ---------------------------------------------------------------------------- encodings


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), form=st.sampled_from(FORMS), codec=st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"]))
def test_a_file_with_a_byte_order_mark_reads_as_its_utf8_twin(tmp_path: Path, seed: int, form: tuple[Form, str], codec: str) -> None:
    text = generated(seed, *form)
    plain, marked = tmp_path / "plain.kmr", tmp_path / "marked.kmr"
    plain.write_text(text, encoding="utf-8")
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}.get(codec, b"")
    marked.write_bytes(bom + text.replace("\n", "\r\n").encode(codec))
    a, b = validate_file(str(plain)).to_json(), validate_file(str(marked)).to_json()
    assert (a["diagnostics"], a["matches"]) == (b["diagnostics"], b["matches"])
    assert read_record(str(marked)).matches[0].rounds == read_record(str(plain)).matches[0].rounds


@pytest.mark.parametrize(("lang", "codec"), [("hu", "cp1250"), ("de", "cp1252"), ("hu", "iso8859-2"), ("ru", "cp1251"), ("ru", "koi8-r")])
def test_a_file_in_another_encoding_is_one_error_and_encoding_reads_it(tmp_path: Path, lang: str, codec: str) -> None:
    text = generated(7, Form.TEXT, lang)
    twin, p = tmp_path / "utf8.kmr", tmp_path / "legacy.kmr"
    twin.write_text(text, encoding="utf-8")
    p.write_bytes(text.encode(codec))
    r = runner.invoke(app, ["validate", "--json", str(p)])
    assert r.exit_code == 1
    import json

    (f,) = json.loads(r.stdout)["files"]
    (d,) = [d for d in f["diagnostics"]] + [d for m in f["matches"] for d in m.get("diagnostics", []) if d["rule"] == "encoding"]
    assert d["rule"] == "encoding" and d["severity"] == "error" and "read it with --encoding" in d["message"]
    # the bad byte's place: on the line of the first character outside ASCII, at it or
    # just after it (a legacy byte may happen to start a UTF-8 sequence with the next)
    first = next(i for i, c in enumerate(text) if ord(c) > 127)
    column = first - text.rfind("\n", 0, first)
    assert d["line"] == text.count("\n", 0, first) + 1 and column <= d["column"] <= column + 1
    # --encoding reads it as its UTF-8 twin, in every command that reads records
    expect = runner.invoke(app, ["validate", "--json", str(twin)]).stdout.replace(str(twin), str(p))
    assert runner.invoke(app, ["validate", "--json", "--encoding", codec, str(p)]).stdout == expect
    for args in (["convert", "--to", "short"], ["show"], ["lineup", "--round", "1"], ["fix"], ["standings"]):
        got = runner.invoke(app, [args[0], str(p), *args[1:], "--encoding", codec])
        want = runner.invoke(app, [args[0], str(twin), *args[1:]])
        assert got.exit_code == want.exit_code == 0 and got.stdout == want.stdout.replace(str(twin), str(p))


@pytest.mark.parametrize(("lang", "codec"), [("hu", "cp1250"), ("de", "cp1252"), ("hu", "iso8859-2"), ("ru", "cp1251")])
@pytest.mark.parametrize("seed", [3, 7, 11])
def test_a_file_in_another_encoding_is_read_in_the_one_it_likely_is_in(tmp_path: Path, lang: str, codec: str, seed: int) -> None:
    # without --encoding: the one encoding error, which names the encoding the lines are
    # read in, and the record otherwise read as its UTF-8 twin is (rounds, winners, every
    # other diagnostic), in one go and in blocks
    import json

    text = generated(seed, Form.TEXT, lang)
    twin, p = tmp_path / "utf8.kmr", tmp_path / "legacy.kmr"
    twin.write_text(text, encoding="utf-8")
    p.write_bytes(text.encode(codec))
    want = json.loads(runner.invoke(app, ["validate", "--json", str(twin)]).stdout)["files"][0]
    for args in ([], ["-j", "2"]):
        r = runner.invoke(app, ["validate", "--json", *args, str(p)])
        assert r.exit_code == 1
        (got,) = json.loads(r.stdout)["files"]
        (d,) = [d for d in got["diagnostics"] if d["rule"] == "encoding"]
        assert d["severity"] == "error" and f"are read as {codec if codec != 'iso8859-2' else 'cp1250'}" in d["message"]
        assert [d for d in got["diagnostics"] if d["rule"] != "encoding"] == want["diagnostics"]
        assert got["matches"] == want["matches"]


#: A row's words in Japanese, Chinese and Korean: the colours, then the directions,
#: then a memo's heading (who played, what the signs mean) in the language's own script.
_EAST_ASIAN_WORDS = {
    "ja": ("橙 青 紫 桃 黄 赤 緑 茶", "前 左 右 後", "カミサド対局メモ　６月１９日（金）\n黒：ひろし（自分）　金：陳さん\n★＝勝ち、前＝まっすぐ、左／右＝ななめ → 着いた色"),
    "zh": ("橙 蓝 紫 粉 黄 红 绿 棕", "直 左 右 退", "卡米萨多 对局记录（六月十九日）\n黑方：小王　金方：老陈\n★ 表示获胜，直＝向前，左／右＝斜走 → 落点颜色"),
    "ko": ("주황 파랑 보라 분홍 노랑 빨강 초록 갈색", "앞으로 왼쪽 오른쪽 뒤로", "카미사도 대국 기록 (6월 19일)\n흑: 민준 / 금: 서연\n★ = 승리, 앞으로 = 직진, 왼쪽/오른쪽 = 대각선 → 도착한 색"),
}


def in_east_asian_words(text: str, lang: str) -> str:
    """``text`` (a record in English words) with its entries' colours and directions in
    language ``lang``'s words (a memo's ``1. 緑 前 6 橙   橙 前 5 青``), a heading in the
    language before its first round."""
    colours, directions, heading = _EAST_ASIAN_WORDS[lang]
    words = dict(zip(["Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown", "Forward", "Left", "Right", "Back"], colours.split() + directions.split(), strict=True))
    rows = re.compile(r"\d+\. .*")
    text = rows.sub(lambda row: re.sub(r"[A-Z][a-z]+", lambda w: words.get(w.group(), w.group()), row.group()), text)
    return text.replace("\nRound 1\n", f"\n{heading}\n\nRound 1\n", 1)


@pytest.mark.parametrize(("lang", "codec"), [("ja", "cp932"), ("zh", "gb18030"), ("ko", "euc_kr")])
@pytest.mark.parametrize("seed", [1, 5])
def test_a_file_in_an_east_asian_encoding_is_read_in_it(tmp_path: Path, lang: str, codec: str, seed: int) -> None:
    """A memo in Japanese Windows' Shift JIS (which a detector takes for Chinese), in
    Chinese GB 18030 or Korean EUC-KR: read in its encoding, the one error naming it,
    and otherwise as its UTF-8 twin."""
    text = in_east_asian_words(generated(seed, Form.TEXT, "en"), lang)
    twin, p = tmp_path / "utf8.kmr", tmp_path / "memo.txt"
    twin.write_text(text, encoding="utf-8")
    p.write_bytes(text.encode(codec))
    want = validate_file(str(twin)).to_json()
    got = validate_file(str(p)).to_json()
    (d,) = [d for d in got["diagnostics"] if d["rule"] == "encoding"]
    named = re.search(r"are read as (\S+):", d["message"])
    assert named is not None and p.read_bytes().decode(named[1]) == text  # (cp949 for EUC-KR: its superset)
    assert [d for d in got["diagnostics"] if d["rule"] != "encoding"] == want["diagnostics"]
    assert got["matches"] == want["matches"]


def test_the_likely_encoding_is_named() -> None:
    from kamisado_notation.notation.files.encodings import likely_encodings

    hungarian = "1. sárga előre 6 sárga      sárga jobbra 3 lila".encode("cp1250")
    assert likely_encodings(hungarian)[0] in ("cp1250", "iso8859_2")
    german = "1. grün vorwärts 5 rosa     rosa vorwärts 3 orange".encode("cp1252")
    assert set(likely_encodings(german)) & {"cp1252", "cp1250", "latin_1"}  # (they read it alike)


@pytest.mark.parametrize(
    "command",
    [["validate"], ["convert", "--to", "short"], ["show"], ["replay"], ["lineup", "--round", "1"], ["fix"], ["standings"], ["html", "-o", "-"]],
)
def test_an_unknown_encoding_is_a_usage_error(command: list[str]) -> None:
    for name in ("no-such-codec", "rot13"):
        r = runner.invoke(app, [command[0], str(ROOT / "samples" / "standard-match.kmr"), *command[1:], "--encoding", name])
        assert r.exit_code == 2 and "--encoding" in r.output


def test_the_detector_is_imported_only_for_a_file_not_in_utf8(tmp_path: Path) -> None:
    p = tmp_path / "latin.kmr"
    p.write_bytes(generated(2, Form.TEXT, "de").encode("cp1252"))
    probe = (
        "import sys\n"
        "from kamisado_notation.checking.validate import validate_file\n"
        "validate_file(sys.argv[1])\n"
        "print('charset_normalizer' in sys.modules)\n"
    )
    plain = str(ROOT / "samples" / "hungarian.kmr")
    for path, imported in ((plain, "False"), (str(p), "True")):
        r = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True, cwd=ROOT, check=True)
        assert r.stdout.strip() == imported


def test_a_word_processor_file_is_cut_into_blocks_as_any_other(tmp_path: Path) -> None:
    # every header's quotes typographic: the blocks are still cut at each match (memory
    # stays flat for a huge file), and reading them gives what reading the file whole does
    from kamisado_notation.notation.files.opening import open_blocks

    text = generated(9, matches=5)
    curly = "\n".join(
        line.replace(' "', " \u201c", 1).replace('"]', "\u201d]") if line.startswith("[") else line for line in text.split("\n")
    )
    p, q = tmp_path / "curly.kmr", tmp_path / "plain.kmr"
    p.write_text(curly, encoding="utf-8")
    q.write_text(text, encoding="utf-8")
    assert len(list(open_blocks(str(p), size=200))) == len(list(open_blocks(str(q), size=200))) == 5  # type: ignore[arg-type]
    reports = [fv.report().to_json() for fv in validate_paths([str(p)], jobs=2, size=200)]
    assert reports == [validate_file(str(p)).to_json()]


def test_fix_in_place_keeps_the_original_bytes_and_writes_utf8(tmp_path: Path) -> None:
    text = generated(13, Form.TEXT, "hu").replace('[Match "Standard"]', "[Match \u201cStandard\u201d]")
    p = tmp_path / "notepad.kmr"
    p.write_bytes(text.encode("utf-16"))
    original = p.read_bytes()
    r = runner.invoke(app, ["fix", "--in-place", str(p)])
    assert r.exit_code == 0 and "fixed[text]" in r.output
    assert (tmp_path / "notepad.kmr.orig").read_bytes() == original
    assert p.read_bytes() == text.replace("\u201c", '"').replace("\u201d", '"').encode("utf-8")
