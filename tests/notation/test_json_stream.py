"""A JSON record read a match at a time (``notation.json_form.stream``,
``json_record.read_json_matches``): however the bytes are cut into blocks, the matches
and the errors are those of the whole document — the records of the decoded document
(``record_from_json`` of a dict, which ``json.loads`` decoded), and the message, line
and column ``json.loads`` gives — and memory holds one match, not the document."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.errors import NotationError
from kamisado_notation.notation import open_matches, parse_record, read_json_record, record_from_json
from kamisado_notation.notation.files.opening import nth_match
from kamisado_notation.notation.json_form.reading import read_json_matches
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_records

runner = CliRunner()

_TEXT = (
    '# c\n[Event "Nuit é 夜"]  # h\n\nRound 1 {r}\nLineup Gold: Brown Green Red Yellow Pink Purple Blue Orange\n'
    "1. ...   d1-d6\n2. Pu L5 Ye {x}   Re 0 Re\n\nRound 2 fill right\n1. Pu F1 Bl\n"
    '\n[Event "second"]\n\nRound 1\n1. 紫↖5綠\n'
)
_DOC = json.loads(format_record(parse_record(_TEXT), form=Form.JSON))


def _cut(data: bytes, sizes: list[int]) -> Iterator[bytes]:
    """``data`` in blocks of the ``sizes`` in turn (1 byte each once they run out)."""
    i = 0
    for size in sizes:
        if i >= len(data):
            return
        yield data[i : i + size]
        i += size
    while i < len(data):
        yield data[i : i + 1]
        i += 1


def _streamed(data: bytes, sizes: list[int], *, limit: int = 1 << 20) -> tuple[list[str], RecordFile, NotationError | None]:
    """The matches (as text), the record and the error of reading ``data`` in blocks."""
    record = RecordFile("<json>")
    texts: list[str] = []
    try:
        for m in read_json_matches(_cut(data, sizes), record, limit=limit):
            texts.append(format_record(RecordFile("<json>", matches=[m]), form=Form.JSON))
    except NotationError as e:
        return texts, record, e
    return texts, record, None


def _whole(record: RecordFile) -> list[str]:
    return [format_record(RecordFile("<json>", matches=[m]), form=Form.JSON) for m in record.matches]


_sizes = st.lists(st.integers(1, 40), max_size=30)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([None, 0, 1, 2, 4]), st.booleans(), _sizes)
def test_a_valid_document_in_any_blocks_is_the_decoded_document(indent: int | None, bom: bool, sizes: list[int]) -> None:
    text = json.dumps(_DOC, ensure_ascii=False, indent=indent)
    data = ("\ufeff" if bom else "").encode() + text.encode("utf-8")
    texts, record, error = _streamed(data, sizes)
    assert error is None
    assert texts == _whole(record_from_json(json.loads(text)))  # (the decoded document: no stream)
    assert len(texts) == 2 and [c.text for c in record.comments] == [c["text"] for c in _DOC["comments"]]


def _mutations() -> st.SearchStrategy[bytes]:
    text = json.dumps(_DOC, ensure_ascii=False, indent=1).encode("utf-8")

    @st.composite
    def mutate(draw: st.DrawFn) -> bytes:
        data = bytearray(text)
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(data)))
            what = draw(st.sampled_from(["delete", "insert", "cut"]))
            if what == "delete" and i < len(data):
                del data[i]
            elif what == "insert":
                data[i:i] = draw(st.sampled_from([b",", b"]", b"}", b'"', b"\\", b"\\u", b"1", b"\n", b"\xff", b"\xe5", b"[", b"{"]))
            else:
                del data[i:]
        return bytes(data)

    return mutate()


def _match_index(message: str) -> float:
    """The index of the match a message names (``matches[3]…``), or infinity."""
    m = re.match(r"matches\[(\d+)\]", message)
    return int(m.group(1)) if m else float("inf")


@settings(max_examples=400, deadline=None)
@given(_mutations(), _sizes)
@example(b'\n "path"', []).via("a deleted '{' leaves one string (found by CI)")
def test_a_spoilt_document_in_any_blocks_fails_as_json_loads_says(data: bytes, sizes: list[int]) -> None:
    texts, _record, error = _streamed(data, sizes)
    try:
        doc = json.loads(data.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError as e:  # the bad byte, or a fault read before it
        line = data.count(b"\n", 0, e.start) + 1
        assert error is not None and error.line <= line  # (a fault before it: broken JSON, a bad field)
        if str(error).startswith("not UTF-8"):
            assert error.line == line
        return
    except json.JSONDecodeError as e:
        assert error is not None
        if str(error).startswith("not JSON: "):  # the same error, at the same place
            assert (str(error), error.line, error.column) == (f"not JSON: {e.msg}", e.lineno, e.colno)
        else:  # a bad field in a match read before the broken text
            assert (error.line, error.column) < (e.lineno, e.colno)
        return
    if isinstance(doc, str):  # a document that is one string (record_from_json reads a str as JSON text)
        assert error is not None and str(error) == "the document: expected an object, got a string"
        return
    try:
        whole = record_from_json(doc)
    except NotationError as e:  # well-formed JSON, not a record: the same message, or a
        # fault of an earlier match (the decoded document is checked for keys given twice
        # and lone surrogates before its fields; the stream checks match by match)
        assert error is not None
        assert str(error) == str(e) or _match_index(str(error)) < _match_index(str(e))
        return
    assert error is None and texts == _whole(whole)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60), _sizes)
def test_characters_cut_between_blocks(comment: str, sizes: list[int]) -> None:
    doc = {"matches": [], "comments": [{"text": comment.replace("\n", " ").replace("\r", " "), "braced": False}]}
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")
    texts, record, error = _streamed(data, sizes)
    try:
        expected = record_from_json(json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, NotationError):
        assert error is not None
        return
    assert error is None and texts == [] and record.comments == expected.comments


def test_every_cut_of_a_small_document() -> None:
    """Cut in two at every byte: a number at the end of a block may go on in the next, a
    character may be cut in its bytes, and members other than the record's are read and
    not kept."""
    data = '{"version": 123456, "matches": [], "comments": [{"text": "nuit 夜", "braced": true}], "x": [1.5e3]}'.encode()
    for at in range(len(data) + 1):
        texts, record, error = _streamed(data, [at, len(data)])
        assert error is None and texts == [] and [c.text for c in record.comments] == ["nuit 夜"], at


def test_a_bad_byte_is_located() -> None:
    data = json.dumps(_DOC, indent=1).encode()
    at = data.index(b"second")  # (in the second match's header)
    data = data[:at] + b"\xff" + data[at + 1 :]
    line = data.count(b"\n", 0, at) + 1
    column = at - data.rfind(b"\n", 0, at)  # (1-based: the line is ASCII)
    for sizes in ([1 << 20], [7] * 10_000):
        texts, _record, error = _streamed(data, sizes)
        assert len(texts) == 1  # the first match was read before it
        assert error is not None and str(error) == "not UTF-8: byte 0xff cannot be decoded"
        assert (error.line, error.column) == (line, column)


def test_a_bad_field_is_at_its_match() -> None:
    doc = json.loads(json.dumps(_DOC))
    doc["matches"][1]["rounds"][0]["entries"][0]["side"] = "gold"
    text = json.dumps(doc, indent=2)
    texts, _record, error = _streamed(text.encode(), [64] * 1000)
    assert len(texts) == 1
    assert error is not None and str(error).startswith("matches[1].rounds[0].entries[0].side: entry 1 of a round is black's")
    start = text.index("{", text.index("}\n  ,") if "}\n  ," in text else text.index('"index": 2') - 10)
    assert error.line == text.count("\n", 0, start) + 1  # the line where match 2's object opens


def test_a_match_longer_than_the_limit_is_refused_by_name() -> None:
    text = json.dumps(_DOC)
    first = len(json.dumps(_DOC["matches"][0]))
    _texts, _record, error = _streamed(text.encode(), [100] * 1000, limit=first // 4)
    assert error is not None and str(error).startswith("matches[0]: longer than")
    texts, _record, error = _streamed(text.encode(), [100] * 1000, limit=first * 2)
    assert error is None and len(texts) == 2


def test_keys_twice_and_lone_surrogates_are_named() -> None:
    dup = '{"matches": [], "comments": [], "matches": []}'
    with pytest.raises(NotationError, match="the document: the key 'matches' is given twice"):
        record_from_json(dup)
    dup_inside = json.dumps(_DOC).replace('"rounds": [', '"rounds": [], "rounds": [', 1)
    with pytest.raises(NotationError, match=r"matches\[0\]: the key 'rounds' is given twice"):
        record_from_json(dup_inside)
    with pytest.raises(NotationError, match=r"comments\[0\]\.text: \\ud800 is a lone surrogate"):
        record_from_json('{"matches": [], "comments": [{"text": "a\\ud800", "braced": false}]}')


# ------------------------------------------------------------- one match at a time


def _document_chunks(matches: int) -> tuple[Iterator[bytes], list[int]]:
    """A JSON record of ``matches`` generated matches, a match a block (as a file would
    come, far larger than memory would take whole), and a count of the blocks read."""
    record = generate_records(match="standard", count=1, seed=3)
    one = json.dumps(json.loads(format_record(record, form=Form.JSON))["matches"][0]).encode()
    read = [0]

    def chunks() -> Iterator[bytes]:
        read[0] += 1
        yield b'{"path": "big", "matches": [' + one
        for i in range(1, matches):
            read[0] += 1
            yield b"," + one.replace(b'"index": 1', f'"index": {i + 1}'.encode(), 1)
        yield b'], "comments": []}'

    return chunks(), read


def test_the_first_match_comes_before_the_rest_is_read() -> None:
    chunks, read = _document_chunks(100_000)  # (≈ 1.5 GB if it were held)
    first = next(read_json_matches(chunks, RecordFile("big"), limit=1 << 20))
    assert first.index == 1 and first.rounds
    assert read[0] <= 2


def test_a_long_document_reads_every_match_in_order() -> None:
    chunks, read = _document_chunks(300)
    record = RecordFile("big")
    indices = [m.index for m in read_json_matches(chunks, record, limit=1 << 20)]
    assert indices == list(range(1, 301)) and not record.errors and read[0] == 300


# ------------------------------------------------------------------- files and CLI


@pytest.fixture()
def broken_tail(tmp_path: Path) -> Path:
    """A JSON record whose two matches are right and whose end is cut off."""
    p = tmp_path / "cut.json"
    text = json.dumps(_DOC, indent=2)
    p.write_text(text[: text.rindex('"comments"') + 5], encoding="utf-8")  # (cut in the last key)
    return p


def test_the_readers_keep_the_matches_before_a_fault(broken_tail: Path) -> None:
    record = read_json_record(str(broken_tail))
    assert len(record.matches) == 2 and record.errors[0].rule == "syntax"
    assert record.errors[0].message.startswith("not JSON")
    errors: list = []
    assert [m.header("Event") for m in open_matches(str(broken_tail), errors=errors)] == ["Nuit é 夜", "second"]
    assert errors == record.errors
    _record, match, count = nth_match(str(broken_tail), 1)  # reads no further than its match
    assert match is not None and count == 1 and not _record.errors


def test_cli_on_a_json_record_cut_short(broken_tail: Path) -> None:
    shown = runner.invoke(app, ["show", str(broken_tail), "--match", "2", "--no-color"])
    assert shown.exit_code == 0, shown.output
    r = runner.invoke(app, ["validate", str(broken_tail)])
    assert r.exit_code == 1 and "error[syntax] not JSON" in r.stdout
    assert r.stdout.count("valid") >= 2  # the two matches read before the cut are still judged
    converted = runner.invoke(app, ["convert", str(broken_tail), "--to", "text"])
    assert converted.exit_code == 1 and "error[syntax] not JSON" in converted.output
