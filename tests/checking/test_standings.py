"""``kamisado standings``: a generated round robin counted by the command and by the
test itself, from the records' ``Result`` headers (which the generator writes from the
engine's own play); the matches left out; the formats agreeing with one another."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.checking.standings import Tally, player_key, standings
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.notation.files.opening import record_paths
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record, record_json
from kamisado_notation.play.generate import iter_generated

runner = CliRunner()
PLAYERS = ["Ann Lee", "Bob Smith", "Cy Young", "Dee Dee"]
# how a player's name is written in some files: counted as the same player
SPELLINGS = {"Bob Smith": ["Bob Smith", "bob  smith", "Bob Smith"]}


def generated(seed: int, black: str, gold: str, match: str = "standard") -> str:
    """One random legal match, its players named."""
    (m,) = iter_generated(match=match, seed=seed, count=1)
    text = format_record(RecordFile("<generated>", matches=[m]), form=Form.TEXT)
    return text.replace('[Black "Random"]', f'[Black "{black}"]').replace('[Gold "Random"]', f'[Gold "{gold}"]')


def spoiled(text: str) -> str:
    """The record with the square of its first entry wrong (a ``square`` error)."""
    lines = text.splitlines(keepends=True)
    i = next(k for k, line in enumerate(lines) if line.startswith("1. "))
    words = lines[i].split()
    words[4] = "Orange" if words[4] != "Orange" else "Brown"  # "1." Tower Direction N Square
    lines[i] = " ".join(words[:5]) + "   " + " ".join(words[5:]) + "\n"
    return "".join(lines)


def result_of(text: str) -> tuple[int, int]:
    line = next(line for line in text.splitlines() if line.startswith("[Result "))
    black, gold = line.split('"')[1].split("-")
    return int(black), int(gold)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict[str, int]], dict[str, dict[str, list[str]]]]:
    """A round robin of four players, each pair twice (both colours), in a folder with
    subfolders, a JSON record, one invalid match, one unfinished, one file that cannot
    be read and a file that is no record; and the standings counted from the records."""
    root = tmp_path_factory.mktemp("event")
    rows: dict[str, dict[str, int]] = {p: dict.fromkeys(("played", "won", "lost", "points", "against"), 0) for p in PLAYERS}
    cross: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    spelling = {p: itertools.cycle(SPELLINGS.get(p, [p])) for p in PLAYERS}
    seed = 0
    for leg in (1, 2):
        for a, b in itertools.combinations(PLAYERS, 2):
            black, gold = (a, b) if leg == 1 else (b, a)
            seed += 1
            text = generated(seed, next(spelling[black]), next(spelling[gold]), "single" if seed % 3 == 0 else "standard")
            folder = root / f"round-{leg}"
            folder.mkdir(exist_ok=True)
            name = f"{seed:02d}-{player_key(black).split()[0]}-{player_key(gold).split()[0]}"
            if seed == 5:  # the JSON form of a record
                from kamisado_notation.notation import parse_record

                (folder / f"{name}.json").write_text(json.dumps(record_json(parse_record(text, path=name))), encoding="utf-8")
            else:
                (folder / f"{name}.kmr").write_text(text, encoding="utf-8")
            pb, pg = result_of(text)
            for me, other, mine, theirs in ((black, gold, pb, pg), (gold, black, pg, pb)):
                row = rows[me]
                row["played"] += 1
                row["won"] += mine > theirs
                row["lost"] += mine < theirs
                row["points"] += mine
                row["against"] += theirs
                cross[me][other].append(f"{mine}-{theirs}")
    bad = spoiled(generated(100, "Ann Lee", "Dee Dee"))
    assert not validate_text(bad).valid
    (root / "round-2" / "99-invalid.kmr").write_text(bad, encoding="utf-8")
    unfinished = generated(101, "Cy Young", "Bob Smith").replace("[Result ", "[Claimed ")  # (a result is checked)
    (root / "round-2" / "98-unfinished.kmr").write_text(unfinished[: unfinished.index("Round 2")], encoding="utf-8")
    (root / "round-2" / "97-gone.kmr").symlink_to(root / "nowhere.kmr")  # cannot be read
    (root / "notes.txt").write_text("not a record\n", encoding="utf-8")
    return root, rows, {a: dict(b) for a, b in cross.items()}


def ranked(rows: dict[str, dict[str, int]]) -> list[str]:
    return sorted(rows, key=lambda p: (-rows[p]["won"], rows[p]["against"] - rows[p]["points"], -rows[p]["points"], p.lower()))


def test_the_standings_of_a_round_robin_are_those_counted_from_the_records(event) -> None:  # type: ignore[no-untyped-def]
    root, rows, cross = event
    r = runner.invoke(app, ["standings", "--json", str(root)])
    assert r.exit_code == 2, r.output  # a file cannot be read: said, and the others count
    doc = json.loads(r.stdout)
    assert list(doc) == ["event", "players", "crosstable", "left_out"] and doc["event"] == "kamisado generate"
    assert [p["name"] for p in doc["players"]] == ranked(rows)
    for p in doc["players"]:
        assert list(p) == ["name", "played", "won", "lost", "points", "against"]
        assert {k: v for k, v in p.items() if k != "name"} == rows[p["name"]]
    assert doc["crosstable"] == {a: {b: cross[a][b] for b in ranked(rows) if b in cross[a]} for a in ranked(rows)}
    left = {(os.path.basename(lo["path"]), lo["line"]): lo["why"] for lo in doc["left_out"]}
    assert set(left) == {("97-gone.kmr", 0), ("98-unfinished.kmr", 1), ("99-invalid.kmr", 1)}
    assert left["97-gone.kmr", 0] == "cannot be read: no such file"
    assert left["98-unfinished.kmr", 1].startswith("in progress, ")
    assert left["99-invalid.kmr", 1].startswith("invalid: line 8: error[square] ")
    kinds = {os.path.basename(lo["path"]): (lo["kind"], lo["black"], lo["gold"]) for lo in doc["left_out"]}
    assert kinds == {
        "97-gone.kmr": ("unreadable", None, None),
        "98-unfinished.kmr": ("in-progress", "Cy Young", "Bob Smith"),
        "99-invalid.kmr": ("invalid", "Ann Lee", "Dee Dee"),
    }
    assert "'Bob Smith', 'bob  smith' are counted as one player, 'Bob Smith'" in r.stderr


def test_csv_and_markdown_agree_with_json(event) -> None:  # type: ignore[no-untyped-def]
    root = event[0]
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(root)]).stdout)
    r = runner.invoke(app, ["standings", "--csv", str(root)])
    got = list(csv.DictReader(io.StringIO(r.stdout)))
    assert got == [{k: str(v) for k, v in p.items()} for p in doc["players"]]
    assert r.stdout.splitlines()[0] == "name,played,won,lost,points,against"
    assert r.stderr.count("left out: ") == len(doc["left_out"]) == 3
    md = runner.invoke(app, ["standings", "--markdown", str(root)]).stdout
    for rank, p in enumerate(doc["players"], 1):
        assert f"| {rank} | {p['name']} | {p['played']} | {p['won']} | {p['lost']} | {p['points']} | {p['against']} |" in md
    assert "## Crosstable" in md and md.count("\n- ") == 3


def test_the_terminal_table_names_every_player_and_what_was_left_out(event) -> None:  # type: ignore[no-untyped-def]
    root = event[0]
    r = runner.invoke(app, ["standings", "--no-color", str(root)], env={"COLUMNS": "160"})
    assert r.exit_code == 2
    assert "Standings: kamisado generate (12 matches counted)" in r.stdout and "Crosstable" in r.stdout
    for p in PLAYERS:
        assert p in r.stdout
    assert "Left out (3):" in r.stdout and "99-invalid.kmr:1: Ann Lee v Dee Dee: invalid" in r.stdout


def test_the_library_counts_as_the_command_does(event) -> None:  # type: ignore[no-untyped-def]
    root = event[0]
    table = standings(record_paths([str(root)]))
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(root)]).stdout)
    assert {"event": "kamisado generate", **table.to_json()} == doc and table.counted == 12


def test_invalid_without_unreadable_is_exit_1_and_a_clean_event_exit_0(tmp_path: Path) -> None:
    good = tmp_path / "good.kmr"
    good.write_text(generated(7, "Ann", "Bob"), encoding="utf-8")
    r = runner.invoke(app, ["standings", "--csv", str(good)])
    assert r.exit_code == 0 and r.stderr == ""
    (tmp_path / "bad.kmr").write_text(spoiled(generated(8, "Ann", "Bob")), encoding="utf-8")
    r = runner.invoke(app, ["standings", "--csv", str(tmp_path)])
    assert r.exit_code == 1 and "bad.kmr:1: left out: Ann v Bob: invalid" in r.stderr
    assert [line.split(",")[:2] for line in r.stdout.splitlines()[1:]] in ([["Ann", "1"], ["Bob", "1"]], [["Bob", "1"], ["Ann", "1"]])


def test_a_folder_with_no_record_is_exit_1_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    for command in (["standings"], ["validate"]):
        r = runner.invoke(app, [*command, str(tmp_path)])
        assert r.exit_code == 1
        assert r.stderr == f"kamisado: {tmp_path}: the folder holds no record file (.kmr or .json)\n"


def test_names_compared_without_case_or_repeated_spaces_and_the_same_player_twice() -> None:
    tally = Tally()
    for text in (generated(11, "Bob Smith", "Ann"), generated(12, "ann", "bob  smith"), generated(13, "Ann", " ANN "),
                 generated(14, "Zoë", "Zoe")):
        report = validate_text(text, path="x.kmr")
        for s in report.matches:
            tally.add_match("x.kmr", s)
    table = tally.standings()
    assert [p.name for p in table.players if p.name in ("Bob Smith", "Ann")] and len(table.players) == 4
    assert {p.name: p.played for p in table.players} == {"Bob Smith": 2, "Ann": 2, "Zoë": 1, "Zoe": 1}
    (lo,) = table.left_out
    assert lo.why == "the same player on both sides: 'Ann'" and lo.kind == "unnamed"
    assert any("'Zoë', 'Zoe' differ only by accents" in w for w in table.warnings)


def test_a_name_with_control_characters_is_shown_escaped_in_every_format(tmp_path: Path) -> None:
    (tmp_path / "a.kmr").write_text(generated(21, "Eve\x1b[2J", "Mal|lory*"), encoding="utf-8")
    r = runner.invoke(app, ["standings", "--csv", str(tmp_path)])
    assert "\x1b" not in r.stdout and "Eve\\x1b[2J" in r.stdout
    md = runner.invoke(app, ["standings", "--markdown", str(tmp_path)]).stdout
    assert "Eve\\\\x1b\\[2J" in md and "Mal\\|lory\\*" in md
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(tmp_path)]).stdout)
    assert {p["name"] for p in doc["players"]} == {"Eve\x1b[2J", "Mal|lory*"}  # JSON escapes, and keeps, the name


def test_a_player_header_a_slip_away_names_the_player_as_the_replay_reads_it() -> None:
    """``[Blakc "Ann"]``: the replay reads it as Black (with a warning), and so do the
    standings: the match counts for Ann; a name far from every known one names no one."""
    tally = Tally()
    texts = [generated(21, "Ann", "Bob").replace("[Black ", "[Blakc "), generated(22, "Bob", "Ann").replace("[Gold ", "[Glod ")]
    for text in texts:
        report = validate_text(text, path="x.kmr")
        (s,) = report.matches
        assert s.valid and any(d.rule == "header" and "did you mean [" in d.message for d in s.diagnostics)
        tally.add_match("x.kmr", s)
    table = tally.standings()
    assert {p.name: p.played for p in table.players} == {"Ann": 2, "Bob": 2} and not table.left_out
    both = Tally()
    (s,) = validate_text(generated(23, "Ann", "Bob").replace("[Black ", "[Bxxxx "), path="y.kmr").matches
    both.add_match("y.kmr", s)
    assert [lo.kind for lo in both.standings().left_out] == ["unnamed"]


def _two_events(root: Path) -> dict[str, dict[str, int]]:
    """A folder with the matches of two events (a third player in both), and the matches
    won by each player in each event, counted from the records."""
    won: dict[str, dict[str, int]] = {"spring cup": {}, "autumn open": {}}  # by the event without case
    games = [("Spring Cup", "Ann", "Bob"), ("Autumn  open", "Cy", "Dee"), ("spring cup", "Bob", "Ann"), ("Autumn Open", "Ann", "Cy")]
    for seed, (event_written, black, gold) in enumerate(games, 40):
        text = generated(seed, black, gold, "single").replace('[Event "kamisado generate"]', f'[Event "{event_written}"]')
        (root / f"{seed}.kmr").write_text(text, encoding="utf-8")
        b, g = result_of(text)
        table = won["spring cup" if "spring" in event_written.lower() else "autumn open"]
        for name in (black, gold):
            table.setdefault(name, 0)
        table[black if b > g else gold] += 1
    (root / "99-no-event.kmr").write_text(generated(50, "Eve", "Fay", "single").replace('[Event "kamisado generate"]\n', ""), encoding="utf-8")
    return won


def test_one_table_per_event_and_event_chooses_one(tmp_path: Path) -> None:
    won = _two_events(tmp_path)
    r = runner.invoke(app, ["standings", "--json", str(tmp_path)])
    assert r.exit_code == 0, r.output
    docs = json.loads(r.stdout)["events"]
    assert [d["event"] for d in docs] == ["Spring Cup", "Autumn open", None]  # as first written (spaces as one), in reading order
    for doc in docs[:2]:
        assert {p["name"]: p["won"] for p in doc["players"]} == won[doc["event"].lower()]
    assert [p["name"] for p in docs[2]["players"]] in (["Eve", "Fay"], ["Fay", "Eve"])
    r = runner.invoke(app, ["standings", "--json", "--event", "AUTUMN   open", str(tmp_path)])
    assert r.exit_code == 0 and "3 matches of other events not counted" in r.stderr
    doc = json.loads(r.stdout)
    assert doc["event"] == "Autumn open" and {p["name"]: p["won"] for p in doc["players"]} == won["autumn open"]
    assert standings(record_paths([str(tmp_path)]), event="spring cup").to_json()["players"] == docs[0]["players"]
    r = runner.invoke(app, ["standings", "--no-color", str(tmp_path)], env={"COLUMNS": "160"})
    assert "Standings: Spring Cup (2 matches counted)" in r.stdout and "Standings: Autumn open (2 matches counted)" in r.stdout
    assert "Standings (1 match counted)" in r.stdout  # the match of no event
    markdown = runner.invoke(app, ["standings", "--markdown", str(tmp_path)]).stdout
    assert markdown.startswith("# Spring Cup\n\n## Standings") and "\n# Autumn open\n" in markdown and "\n# (no event)\n" in markdown


def test_a_csv_of_several_events_asks_for_one_and_an_unknown_event_is_named(tmp_path: Path) -> None:
    _two_events(tmp_path)
    r = runner.invoke(app, ["standings", "--csv", str(tmp_path)])
    assert r.exit_code == 2 and "3 events" in r.stderr and "--event NAME" in r.stderr and r.stdout == ""
    r = runner.invoke(app, ["standings", "--csv", "--event", "Spring Cup", str(tmp_path)])
    assert r.exit_code == 0 and r.stdout.splitlines()[0] == "name,played,won,lost,points,against"
    r = runner.invoke(app, ["standings", "--event", "Winter", str(tmp_path)])
    assert r.exit_code == 2 and "no match of the event 'Winter'" in r.stderr and "'Spring Cup'" in r.stderr


def test_a_left_out_pairing_names_its_players_in_every_output(tmp_path: Path) -> None:
    (tmp_path / "bad.kmr").write_text(spoiled(generated(8, "Ann", "Bob")), encoding="utf-8")
    (tmp_path / "good.kmr").write_text(generated(9, "Ann", "Cy"), encoding="utf-8")
    markdown = runner.invoke(app, ["standings", "--markdown", str(tmp_path)]).stdout
    assert "bad.kmr, line 1: Ann v Bob: invalid" in markdown
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(tmp_path)]).stdout)
    assert [(lo["kind"], lo["black"], lo["gold"]) for lo in doc["left_out"]] == [("invalid", "Ann", "Bob")]


def test_a_match_lost_by_a_fault_counts_for_the_other_player(tmp_path: Path) -> None:
    """The arena's ``Termination`` (an engine's time forfeit) and a resignation decide a
    match the board did not: it counts, won by the other side, with the points as played."""
    from kamisado_notation import Recorder, Side

    rec = Recorder("Standard", black="Ann", gold="Bob", event="Arena")
    for _ in range(3):
        rec.play(rec.legal_moves()[0])
    rec.terminate(Side.BLACK, "time forfeit")
    (tmp_path / "1.kmr").write_text(rec.text(), encoding="utf-8")
    resigned = generated(60, "Cy", "Ann").replace('[Event "kamisado generate"]', '[Event "Arena"]').replace("[Result ", "[Claimed ")
    resigned = resigned[: resigned.index("Round 2")].replace('[Match "Standard"]', '[Match "Standard"]\n[Termination "Gold resigns"]')
    (tmp_path / "2.kmr").write_text(resigned, encoding="utf-8")
    unfinished = generated(61, "Cy", "Bob").replace('[Event "kamisado generate"]', '[Event "Arena"]').replace("[Result ", "[Claimed ")
    (tmp_path / "3.kmr").write_text(unfinished[: unfinished.index("Round 2")], encoding="utf-8")
    table = standings(record_paths([str(tmp_path)]))
    rows = {p.name: (p.played, p.won, p.lost) for p in table.players}
    assert rows == {"Bob": (1, 1, 0), "Ann": (2, 0, 2), "Cy": (1, 1, 0)}
    assert [(os.path.basename(lo.path), lo.kind) for lo in table.left_out] == [("3.kmr", "in-progress")]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP, "CSV Injection"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3+cmd"])
def test_a_name_a_spreadsheet_reads_as_a_formula_is_text_in_the_csv(tmp_path: Path, name: str) -> None:
    """OWASP's CSV injection: a cell starting ``= + - @``, a tab or a carriage return is
    a formula to Excel and LibreOffice; the CSV writes it with a leading ``'``."""
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')  # as a .kmr header value
    (tmp_path / "a.kmr").write_text(generated(31, escaped, "Bob"), encoding="utf-8")
    r = runner.invoke(app, ["standings", "--csv", str(tmp_path)])
    assert r.exit_code == 0, r.stderr
    cells = [row[0] for row in csv.reader(io.StringIO(r.stdout))][1:]
    assert sorted(cells) == sorted(["'" + name, "Bob"])
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(tmp_path)]).stdout)
    assert name in {p["name"] for p in doc["players"]}  # JSON is no spreadsheet: the name as written


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_every_start_of_a_formula_is_kept_text_by_the_library(start: str) -> None:
    from kamisado_notation.checking.standings import PlayerRow, Standings

    table = Standings(players=[PlayerRow(start + "1+2"), PlayerRow("Ann-Lee"), PlayerRow("")], crosstable={})
    rows = list(csv.reader(io.StringIO(table.to_csv())))[1:]
    assert rows[0][0][:1] not in FORMULA_STARTS and rows[0][0] in ("'" + start + "1+2", "\\x0d1+2")  # (a CR shown escaped)
    assert [row[0] for row in rows[1:]] == ["Ann-Lee", ""]


def test_one_name_in_composed_and_decomposed_unicode_is_one_player(tmp_path: Path) -> None:
    """``Zoë`` in NFC (one code point ë) and in NFD (e + U+0308) is one person."""
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    (tmp_path / "a.kmr").write_text(generated(41, nfc, "Ann"), encoding="utf-8")
    (tmp_path / "b.kmr").write_text(generated(42, "Ann", nfd), encoding="utf-8")
    doc = json.loads(runner.invoke(app, ["standings", "--json", str(tmp_path)]).stdout)
    assert {p["name"]: p["played"] for p in doc["players"]} == {nfc: 2, "Ann": 2}
    assert player_key(nfd) == player_key(nfc)
