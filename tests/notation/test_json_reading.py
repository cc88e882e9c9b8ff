"""The JSON record read back (``kamisado_notation.notation.json_form.reading``): ``.kmr → json → .kmr``
loses nothing, validation of the JSON is the validation of the record, and malformed
JSON is only ever a :class:`NotationError` (or a syntax diagnostic from the readers)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.conversion import resolve_moves
from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.validate import validate_file
from kamisado_notation.cli.app import app
from kamisado_notation.errors import KamisadoError
from kamisado_notation.notation import (
    NotationError,
    open_matches,
    parse_record,
    read_json_record,
    read_record,
    record_from_json,
)
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, ResolvedMoves, format_record, record_json
from kamisado_notation.play.generate import generate_records
from tests.support.paths import SAMPLES

SAMPLE_NAMES = sorted(p.name for p in SAMPLES.glob("*.kmr"))
runner = CliRunner()


def _json_of(record: RecordFile) -> dict:
    """What ``convert --to json`` writes: the document with the replay's board facts,
    through JSON text."""
    moves = _resolved_moves(record, Form.JSON)
    return json.loads(format_record(record, form=Form.JSON, moves=moves))


def _text(record: RecordFile, form: Form = Form.TEXT) -> str:
    return format_record(record, form=form, moves=_resolved_moves(record, form))


def _resolved_moves(record: RecordFile, form: Form) -> list[ResolvedMoves]:
    """Every match's resolved moves, as ``convert`` finds them."""
    return [resolve_moves(m, form)[0] for m in record.matches]


def _replays(record: RecordFile) -> list:
    out = []
    for m in record.matches:
        r = replay_match(m)
        out.append((r.valid, r.status, dict(r.score), list(r.diagnostics)))
    return out


# ------------------------------------------------------------------ lossless round trip


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_every_sample_survives_kmr_json_kmr(name: str) -> None:
    record = read_record(str(SAMPLES / name))
    back = record_from_json(_json_of(record), path=record.path)
    # byte for byte in the canonical text form, and in coordinates
    assert _text(back) == _text(record)
    # the same model, entry by entry in the form written, lines and columns included
    assert [m.rounds for m in back.matches] == [m.rounds for m in record.matches]
    assert back.comments == record.comments
    if any(d.severity == "error" for m in record.matches for d in m.errors):
        return  # broken.kmr: the JSON form has no place for lines that could not be read
    assert back.matches == record.matches
    # the same judgement
    assert _replays(back) == _replays(record)


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_validating_the_json_file_is_validating_the_record(tmp_path: Path, name: str) -> None:
    record = read_record(str(SAMPLES / name))
    if any(d.severity == "error" for d in record.errors + [d for m in record.matches for d in m.errors]):
        pytest.skip("syntax errors are not carried by the JSON form (convert refuses such a record)")
    p = tmp_path / (name + ".json")
    p.write_text(json.dumps(_json_of(record)), encoding="utf-8")

    def shape(report):  # type: ignore[no-untyped-def]
        doc = report.to_json()
        del doc["path"]
        text = json.dumps(doc)
        return json.loads(text.replace('"column": ', '"column_": '), object_hook=lambda d: {k: v for k, v in d.items() if k != "column_"})

    assert shape(validate_file(str(p))) == shape(validate_file(str(SAMPLES / name)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    match=st.sampled_from(["single", "standard", "long"]),
    seed=st.integers(0, 10**6),
    count=st.integers(1, 3),
    coords=st.booleans(),
    with_moves=st.booleans(),
)
def test_generated_records_round_trip(match: str, seed: int, count: int, coords: bool, with_moves: bool) -> None:
    record = generate_records(match=match, seed=seed, count=count, coords=coords)
    doc = _json_of(record) if with_moves else json.loads(json.dumps(record_json(record)))
    back = record_from_json(doc)
    form = Form.COORDS if coords else Form.TEXT
    assert format_record(back, form=form) == format_record(record, form=form)
    assert _text(back) == _text(record)
    assert _replays(back) == _replays(record)


def test_entries_come_back_in_the_form_they_were_written() -> None:
    text = "Round 1\n1. Pu L5 Ye   d1-d6\n2. 綠0黃   Red Back 1 Yellow\n"
    back = record_from_json(_json_of(parse_record(text)))
    entries = back.matches[0].rounds[0].entries
    assert [e.is_coords for e in entries] == [False, True, False, False]
    assert [e.text for e in entries] == ["Pu L5 Ye", "d1-d6", "綠0黃", "Red Back 1 Yellow"]
    assert [e.line for e in entries] == [2, 2, 3, 3]
    assert entries[2].distance == 0 and entries[2].direction is None


def test_without_text_the_slots_present_are_used() -> None:
    doc = _json_of(parse_record("Round 1\n1. ...   d1-d6*\n2. Pu L5 Ye\n"))
    entries = doc["matches"][0]["rounds"][0]["entries"]
    for e in entries:
        e.pop("text")
    entries[1]["tower"] = None  # a coordinate entry the replay did not resolve
    back = record_from_json(doc).matches[0].rounds[0].entries
    assert back[0].placeholder and back[0].number == 1
    assert back[1].is_coords and back[1].push_mark and back[1].text == "d1-d6*"
    assert back[2].tower is not None and back[2].text == "Purple Left 5 Yellow"


def test_wrong_turn_numbers_are_warnings_as_in_the_text() -> None:
    text = "Round 1\n1. Pu L5 Ye   Ye L1 Ye\n7. Ye R1 Pu 3. Pu L2 Pu\n"
    record = parse_record(text)
    back = record_from_json(_json_of(record))
    assert back.matches[0].errors == record.matches[0].errors
    assert len(back.matches[0].errors) == 2


def test_comments_headers_and_lineups_keep_their_place() -> None:
    text = (
        "# before\n{braced}\n[Event \"Club \\\"night\\\"\"]  # host\n[Match \"Standard\"]\n\n"
        "Round 1 {r1}\n1. Pu L5 Ye {good}   Ye L1 Ye  # hm\n\n"
        "Round 2 fill left\nLineup Black: Green Red Yellow Pink Brown Orange Blue Purple  # lu\n1. Pu F1 Bl\n"
    )
    record = parse_record(text)
    back = record_from_json(json.dumps(record_json(record)))
    assert format_record(back, form=Form.TEXT) == format_record(record, form=Form.TEXT)
    assert back.matches[0].headers[0].value == 'Club "night"'
    assert back.matches[0].comments[1].braced


# ------------------------------------------------------------------- malformed JSON


def _sample_doc() -> dict:
    return _json_of(read_record(str(SAMPLES / "mixed-forms.kmr")))


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("tower", "purpel", "matches[0].rounds[0].entries[2].tower: unknown colour 'purpel'"),
        ("distance", "3", "matches[0].rounds[0].entries[2].distance: expected a whole number"),
        ("side", "gold", "matches[0].rounds[0].entries[2].side: entry 3 of a round is black's"),
        ("text", "Pu L5", "matches[0].rounds[0].entries[2].text: 'Pu L5' is not one move"),
        ("text", 5, "matches[0].rounds[0].entries[2].text: expected a string"),
        ("comments", [{"text": "x"}], "matches[0].rounds[0].entries[2].comments[0].braced: missing"),
        ("placeholder", True, "matches[0].rounds[0].entries[2].placeholder: '...' stands only"),
    ],
)
def test_a_bad_field_is_named_by_its_json_path(where: str, value: object, message: str) -> None:
    doc = _sample_doc()
    doc["matches"][0]["rounds"][0]["entries"][2][where] = value
    with pytest.raises(NotationError) as e:
        record_from_json(doc)
    assert str(e.value).startswith(message)


def test_slots_that_disagree_with_the_text_are_refused() -> None:
    doc = _sample_doc()
    entry = doc["matches"][0]["rounds"][0]["entries"][2]
    entry["tower"] = "orange" if entry["tower"] != "orange" else "brown"
    with pytest.raises(NotationError, match=r"entries\[2\]\.tower: .* does not agree with the entry's text"):
        record_from_json(doc)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "the document: expected an object, got an array"),
        ({}, "matches: missing"),
        ({"matches": [{"headers": [], "rounds": [], "line": True}]}, "matches[0].line: expected a whole number"),
        ({"matches": [{"headers": [{"name": "1x", "value": ""}], "rounds": []}]}, "matches[0].headers[0].name: '1x' is not a header name"),
        ({"matches": [{"headers": [{"name": "A", "value": "a\nb"}], "rounds": []}]}, "matches[0].headers[0].value: a line break"),
        ({"matches": [{"headers": [], "rounds": [{"number": 1, "fill": "up", "entries": []}]}]}, "matches[0].rounds[0].fill: unknown fill 'up'"),
        ({"matches": [{"headers": [], "rounds": [{"number": 10**7, "fill": None, "entries": []}]}]}, "matches[0].rounds[0].number: 10000000 is out of range"),
        ({"matches": [{"headers": [], "rounds": [{"number": 1, "fill": None, "lineups": [{"side": "black", "colours": ["red"]}], "entries": []}]}]}, "matches[0].rounds[0].lineups[0].colours: expected 8 colours"),
        ({"matches": [{"headers": [], "rounds": [{"number": 1, "fill": None, "entries": [{"side": "black"}]}]}]}, "matches[0].rounds[0].entries[0]: no move"),
        ({"matches": [{"headers": [], "rounds": [{"number": 1, "fill": None, "entries": [{"side": "black", "from": "z9", "to": "d4"}]}]}]}, "matches[0].rounds[0].entries[0].from: not a square"),
        ({"matches": [{"headers": [], "rounds": []}, {"headers": [], "rounds": []}]}, "matches[0].rounds: a match before the last needs a round"),
        ({"matches": [], "comments": [{"text": "a}b", "braced": True}]}, "comments[0].text: a {braced} comment cannot hold '}'"),
    ],
)
def test_malformed_documents(doc: object, message: str) -> None:
    with pytest.raises(NotationError) as e:
        record_from_json(doc)
    assert str(e.value).startswith(message)


def test_not_json_says_where() -> None:
    with pytest.raises(NotationError, match="not JSON") as e:
        record_from_json('{\n  "matches": [,]\n}')
    assert (e.value.line, e.value.column) == (2, 15)
    with pytest.raises(NotationError, match="not UTF-8"):
        record_from_json(b'{"matches": ["\xff"]}')
    with pytest.raises(NotationError):
        record_from_json("[" * 100_000)
    with pytest.raises(NotationError):
        record_from_json("1" * 10_000)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["purple", "black", "gold", "left", "back", "d8", "Pu L5 Ye", "...", "d1-d6*"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(
        st.sampled_from(["matches", "headers", "rounds", "entries", "lineups", "comments", "name", "value", "text",
                         "braced", "number", "fill", "side", "tower", "direction", "distance", "square", "from", "to",
                         "push", "placeholder", "line", "column", "colours", "index", "path"]) | st.text(max_size=5),
        children,
        max_size=6,
    ),
    max_leaves=40,
)


def _never_raises_but_notation_error(value: object) -> None:
    try:
        record = record_from_json(value)
    except NotationError:
        return
    assert isinstance(record, RecordFile)
    moves = [replay_match(m).resolved_moves() for m in record.matches]  # what convert does: replay, then write
    for form in (Form.TEXT, Form.COORDS, Form.JSON):
        try:
            format_record(record, form=form, moves=moves)
        except KamisadoError:  # a coordinate entry the replay did not reach
            pass


@settings(max_examples=300, deadline=None)
@given(_JSON)
def test_garbage_json_values(value: object) -> None:
    _never_raises_but_notation_error(value)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_valid_document_with_one_field_replaced(data: st.DataObject) -> None:
    doc = copy.deepcopy(_SMALL_DOC)
    node: object = doc
    while True:  # walk down to a random container, then replace one of its values
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))  # type: ignore[arg-type]
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = node[key]  # type: ignore[index]
        if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
            node = child
            continue
        node[key] = data.draw(_JSON)  # type: ignore[index]
        break
    _never_raises_but_notation_error(doc)


_SMALL_DOC = _json_of(parse_record(
    '# c\n[Event "x"]  # h\n\nRound 1 {r}\nLineup Gold: Brown Green Red Yellow Pink Purple Blue Orange\n'
    "1. ...   d1-d6\n2. Pu L5 Ye {x}   Re 0 Re\n\nRound 2 fill right\n1. Pu F1 Bl\n"
))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6))
def test_truncated_documents(cut: int) -> None:
    text = json.dumps(_SMALL_DOC, ensure_ascii=False, indent=2)
    cut %= len(text)
    with pytest.raises(NotationError):
        record_from_json(text[:cut])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_random_bytes_in_a_json_file(tmp_path: Path, data: bytes) -> None:
    p = tmp_path / "x.json"
    p.write_bytes(data)
    record = read_json_record(str(p))  # never raises: a malformed document is a diagnostic
    assert len(record.errors) <= 1  # (the first fault ends the reading; the matches before it are kept)
    assert validate_file(str(p)) is not None


# ------------------------------------------------------------------- the readers


def test_read_record_and_open_matches_take_a_json_file(tmp_path: Path) -> None:
    record = read_record(str(SAMPLES / "club-night.kmr"))
    doc = json.dumps(_json_of(record), indent=2)
    by_name = tmp_path / "club.json"
    by_name.write_text(doc, encoding="utf-8")
    by_content = tmp_path / "club.txt"
    by_content.write_text("\ufeff\n " + doc, encoding="utf-8")
    for p in (by_name, by_content):
        assert _text(read_record(str(p))) == _text(record)
        assert [m.header("Event") for m in open_matches(str(p))] == [m.header("Event") for m in record.matches]


def test_a_kmr_that_starts_with_a_braced_comment_is_not_json(tmp_path: Path) -> None:
    p = tmp_path / "x.kmr"
    p.write_text('{"quoted" note}\n[Event "x"]\n\nRound 1\n1. Pu L5 Ye\n', encoding="utf-8")
    record = read_record(str(p))
    assert not record.errors and record.matches[0].header("Event") == "x"


def test_bad_json_through_the_readers(tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text('{"matches": 3}', encoding="utf-8")
    record = read_record(str(p))
    assert record.matches == [] and record.errors[0].rule == "syntax"
    assert record.errors[0].message.startswith("matches: expected an array")
    with pytest.raises(NotationError, match="matches: expected an array"):
        list(open_matches(str(p)))
    with pytest.raises(KamisadoError, match="no such file"):
        read_record(str(tmp_path / "missing.json"))


# ------------------------------------------------------------------- the command line


@pytest.fixture()
def json_file(tmp_path: Path) -> Path:
    p = tmp_path / "standard.json"
    r = runner.invoke(app, ["convert", str(SAMPLES / "standard-match.kmr"), "--to", "json", "-o", str(p)])
    assert r.exit_code == 0, r.output
    return p


def test_cli_convert_json_to_text(json_file: Path) -> None:
    r = runner.invoke(app, ["convert", str(json_file), "--to", "text"])
    assert r.exit_code == 0, r.output
    original = runner.invoke(app, ["convert", str(SAMPLES / "standard-match.kmr"), "--to", "text"])
    assert r.stdout == original.stdout


def test_cli_validate_and_show_a_json_file(json_file: Path) -> None:
    r = runner.invoke(app, ["validate", str(json_file)])
    assert r.exit_code == 0, r.output
    assert "1 valid" in r.stdout
    assert runner.invoke(app, ["show", str(json_file)]).exit_code == 0
    assert runner.invoke(app, ["replay", str(json_file)]).exit_code == 0
    assert runner.invoke(app, ["lineup", str(json_file), "--round", "2"]).exit_code == 0


def test_cli_validate_an_illegal_entry_in_json(json_file: Path) -> None:
    doc = json.loads(json_file.read_text(encoding="utf-8"))
    entry = doc["matches"][0]["rounds"][0]["entries"][2]
    for key in ("tower", "direction", "distance", "square", "from", "to"):
        entry.pop(key, None)
    entry["text"] = "d1-d2"  # a square Black has no tower on
    json_file.write_text(json.dumps(doc), encoding="utf-8")
    r = runner.invoke(app, ["validate", str(json_file)])
    assert r.exit_code == 1, r.output
    assert "error[" in r.stdout and "INVALID" in r.stdout


@pytest.mark.parametrize("content", ['{"matches": [', '{"matches": [{"headers": [], "rounds": [{"number": "1"}]}]}', "[]"])
def test_cli_bad_json_is_a_clear_message(tmp_path: Path, content: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(content, encoding="utf-8")
    for args in (["validate", str(p)], ["convert", str(p), "--to", "text"], ["show", str(p)]):
        r = runner.invoke(app, args)
        assert r.exit_code in (1, 2), (args, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
        assert "Traceback" not in r.output
        assert "error[syntax]" in r.output


def test_lineup_ring_marks_survive_the_json_form() -> None:
    """``Lineup Black: Yellow+ …`` (as ``kamisado lineup`` prints it) keeps its marks
    through JSON and back: the converter loses nothing."""
    text = (SAMPLES / "standard-match.kmr").read_text(encoding="utf-8")
    marked = text.replace(
        "Lineup Black: Yellow Red Pink Brown Orange Green Purple Blue",
        "Lineup Black: Yellow+ Red Pink Brown Orange Green Purple Blue",
    )
    assert marked != text
    record = parse_record(marked, path="m.kmr")
    document = record_json(record)
    lineup = document["matches"][0]["rounds"][1]["lineups"][0]  # type: ignore[index]
    assert lineup["rings"] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert "rings" not in document["matches"][0]["rounds"][1]["lineups"][1]  # type: ignore[index]
    back = record_from_json(json.dumps(document), path="m.json")
    assert format_record(back, form=Form.TEXT) == format_record(record, form=Form.TEXT)
    assert "Lineup Black: Yellow+ Red" in format_record(back, form=Form.TEXT)
    lineup["rings"] = [1, 0, 0, 0, 0, 0, 0, 9]
    with pytest.raises(KamisadoError, match="ring counts"):
        record_from_json(json.dumps(document), path="bad.json")
