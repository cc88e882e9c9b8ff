"""Selecting and counting an archive (``kamisado select``, ``kamisado stats``, the library's
``select`` and ``Statistics``) on a generated archive whose answers are known by how it
was made: names, events and dates given by number, two matches planted again under other
headers and in another form, a position and an opening taken from a match, an invalid
match written by hand, BoardSpace single rounds and a HackerRank log in the same folder
as the ``.kmr`` files. Counts that need the board are checked against a brute count over
the replays (positions by their strings, plies by their kinds), never through the
selection's own tests."""

from __future__ import annotations

import csv
import gc
import io
import json
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation import PlyKind, replay_match
from kamisado_notation.checking.archive import Criteria, select
from kamisado_notation.checking.conversion import convert_foreign, convert_to
from kamisado_notation.checking.statistics import Statistics, statistics
from kamisado_notation.checking.validate import validate_paths
from kamisado_notation.cli.app import app
from kamisado_notation.engine.board import Side
from kamisado_notation.errors import ArgumentError
from kamisado_notation.notation import Form, MatchRecord, RecordFile, format_move, format_record
from kamisado_notation.notation.formats import reading_as
from kamisado_notation.notation.record import Header, Headers
from kamisado_notation.play.generate import iter_generated
from tests.support.paths import FIXTURES

PLAYERS = ("Ann", "Bob", "Cleo")
STANDARD, SINGLES, HACKERRANK = 30, 6, 12


def _named(m: MatchRecord, i: int, event: str) -> MatchRecord:
    """``m`` with the headers of match ``i``: players by number, an event, a date."""
    keep = [h for h in m.headers if h.name in ("Match", "Result")]
    made = [("Event", event), ("Date", f"2026.01.{i + 1:02d}"), ("Black", PLAYERS[i % 3]), ("Gold", PLAYERS[(i + 1) % 3])]
    m.headers = Headers([*(Header(n, v, 0, 1) for n, v in made), *keep])
    return m


def _write(path: Path, matches: list[MatchRecord]) -> None:
    record = RecordFile(str(path))
    record.matches.extend(matches)
    path.write_text(format_record(record, form=Form.TEXT), encoding="utf-8")


@dataclass
class Archive:
    folder: Path
    standard: list[MatchRecord]

    @property
    def total(self) -> int:
        return STANDARD + 2 + SINGLES + HACKERRANK + 1  # the planted copies, the invalid match


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Archive:
    root = tmp_path_factory.mktemp("archive")
    folder, work = root / "club", root / "work"
    folder.mkdir()
    work.mkdir()
    standard = [_named(m, i, "Spring" if i < 15 else "Autumn") for i, m in enumerate(iter_generated(match="standard", seed=7, count=STANDARD))]
    _write(folder / "a.kmr", standard[:10])
    _write(work / "b.kmr", standard[10:20])
    convert_to(str(work / "b.kmr"), str(folder / "b.kmr"), form=Form.COORDS)  # the coordinate form
    _write(work / "c.kmr", standard[20:])
    convert_to(str(work / "c.kmr"), str(folder / "c.json"), form=Form.JSON)  # the JSON form
    # two matches again, under other headers, in the short form
    copies = [list(iter_generated(match="standard", seed=7, count=STANDARD))[k] for k in (3, 25)]
    for m in copies:
        m.headers = Headers([Header("Event", "Copied", 0, 1), Header("Black", "Zed", 0, 1), Header("Gold", "Yan", 0, 1)])
    _write(work / "copies.kmr", copies)
    convert_to(str(work / "copies.kmr"), str(folder / "copies.kmr"), form=Form.SHORT)
    # BoardSpace's single rounds, one a file, and a HackerRank log
    for i, m in enumerate(iter_generated(match="single", seed=11, count=SINGLES)):
        m.headers = Headers([Header("Site", "BoardSpace", 0, 1), Header("Black", "dora", 0, 1), Header("Gold", "eve", 0, 1), *m.headers])
        _write(work / f"s{i}.kmr", [m])
        convert_foreign(str(work / f"s{i}.kmr"), str(folder / f"s{i}.sgf"), form="boardspace")
    shutil.copy(FIXTURES / "allgames-21996474", folder / "hackerrank.json")
    (folder / "bad.kmr").write_text('[Event "Bad"]\n[Match "Single"]\n\nRound 1\n1. Pink Forward 9 Brown\n', encoding="utf-8")
    return Archive(folder, standard)


def _all(archive: Archive) -> Iterator[tuple[str, int, MatchRecord]]:
    for found in select([str(archive.folder)]):
        yield found.path, found.record.line, found.record


def test_every_format_in_the_folder_is_read(archive: Archive) -> None:
    found = list(select([str(archive.folder)]))
    assert len(found) == archive.total
    suffixes = Counter(os.path.splitext(f.path)[1] for f in found)
    assert suffixes == {".kmr": 10 + 10 + 2 + 1, ".json": 10 + HACKERRANK, ".sgf": SINGLES}


def test_header_criteria_count_what_was_given(archive: Archive) -> None:
    folder = [str(archive.folder)]

    def count(**criteria: object) -> int:
        return sum(1 for _ in select(folder, **criteria))

    assert count(event="spring") == 15 and count(event="AUT*") == 15
    assert count(player="ann") == 20  # Black in every third, Gold in every third
    assert count(black="Ann") == 10 and count(gold="ann") == 10
    assert count(player="ann", gold="bob") == 10 and count(player="ann", black="bob") == 0  # Ann is Black against Bob, never Gold
    assert count(date="2026.01.05..2026.01.10") == 6 and count(date="2026-1-25..") == 6
    assert count(match="Single") == SINGLES + HACKERRANK + 1
    assert count(headers={"Site": "Hacker*"}) == HACKERRANK and count(headers=["site=boardspace"]) == SINGLES
    results = Counter(m.header("Result") for m in archive.standard)
    score, n = results.most_common(1)[0]
    assert count(result=score, event="spring") + count(result=score, event="autumn") == n


def test_a_planted_position_is_found_where_a_brute_search_finds_it(archive: Archive) -> None:
    """A position of a Standard match's third round (found through the replay), one of a
    BoardSpace single round (found by playing the round as written), and the initial
    position (every round 1 starts there)."""
    from kamisado_notation.engine.position import Position

    single = next(f for f in select([str(archive.folder / "s2.sgf")]))
    wanted = [
        replay_match(archive.standard[17]).rounds[2].position_at(5).to_string(),
        single.replay.rounds[0].position_at(4).to_string(),
        Position.initial().to_string(),
    ]
    brute: dict[str, set[tuple[str, int]]] = {w: set() for w in wanted}
    for path, line, record in _all(archive):
        r = replay_match(record)
        reached = {rr.position_at(k).to_string() for rr in r.rounds for k in range(len(rr.plies) + 1)}
        for w in wanted:
            if w in reached:
                brute[w].add((path, line))
    for w in wanted:
        found = {(f.path, f.record.line) for f in select([str(archive.folder)], position=w)}
        assert found == brute[w] and len(found) >= 1, w
    assert len(brute[wanted[2]]) >= STANDARD + 2 + SINGLES  # (every match of ours starts there)


def test_an_opening_in_any_form_finds_the_rounds_that_start_so(archive: Archive) -> None:
    first = [p.move for p in replay_match(archive.standard[4]).rounds[0].plies[:2]]
    coords = " ".join(format_move(m, form=Form.COORDS) for m in first)
    words = "1. " + "  ".join(format_move(m, form=Form.TEXT) for m in first)
    brute = set()
    for path, line, record in _all(archive):
        if any([p.move for p in rr.plies[:2]] == first for rr in replay_match(record).rounds):
            brute.add((path, line))
    for form in (coords, words):
        assert {(f.path, f.record.line) for f in select([str(archive.folder)], moves=form)} == brute


def test_play_criteria_agree_with_the_plies(archive: Archive) -> None:
    from kamisado_notation import PlyKind

    brute: dict[str, set[tuple[str, int]]] = {"push": set(), "forfeit": set(), "long": set(), "sumo": set()}
    for path, line, record in _all(archive):
        r = replay_match(record)
        kinds = {p.kind for rr in r.rounds for p in rr.plies}
        for rr in r.rounds:  # a tower with a ring on the square a move leaves, just before it
            for k, p in enumerate(rr.plies):
                tower = rr.position_at(k).tower_at(p.move.origin) if p.kind is not PlyKind.BACK else None
                if tower is not None and tower.rings and not p.move.is_forfeit:
                    brute["sumo"].add((path, line))
        if PlyKind.PUSH in kinds:
            brute["push"].add((path, line))
        if PlyKind.FORFEIT in kinds:
            brute["forfeit"].add((path, line))
        if sum(p.kind is not PlyKind.BACK for rr in r.rounds for p in rr.plies) >= 60:
            brute["long"].add((path, line))
    folder = [str(archive.folder)]
    assert {(f.path, f.record.line) for f in select(folder, push=True)} == brute["push"]
    assert {(f.path, f.record.line) for f in select(folder, forfeit=True)} == brute["forfeit"]
    assert {(f.path, f.record.line) for f in select(folder, plies="60..")} == brute["long"]
    assert {(f.path, f.record.line) for f in select(folder, sumo=True)} == brute["sumo"] != set()


def test_the_verdict_splits_the_archive(archive: Archive) -> None:
    folder = [str(archive.folder)]
    invalid = [f.record.header("Event") for f in select(folder, valid=False)]
    assert invalid == ["Bad"]
    assert sum(1 for _ in select(folder, valid=True)) == archive.total - 1


def test_planted_duplicates_are_found_whatever_their_headers_or_form(archive: Archive) -> None:
    found = list(select([str(archive.folder)], dedupe=True, keep_duplicates=True))
    copies = [f for f in found if f.duplicate_of is not None]
    assert [f.record.header("Event") for f in copies] == ["Copied", "Copied"]
    assert [f.duplicate_of for f in copies] == [
        (str(archive.folder / "a.kmr"), next(f.record.line for f in found if f.record.header("Date") == "2026.01.04")),
        (str(archive.folder / "c.json"), next(f.record.line for f in found if f.record.header("Date") == "2026.01.26")),
    ]
    assert sum(1 for _ in select([str(archive.folder)], dedupe=True)) == archive.total - 2


def test_a_criterion_that_means_nothing_is_refused_at_once() -> None:
    for criteria in ({"colour": "red"}, {"date": ".."}, {"won_by": "luck"}, {"match": "Short"}, {"position": "x"}, {"moves": "Pi F9 Br"}, {"plies": "a..b"}):
        with pytest.raises(ArgumentError):
            Criteria.of(**criteria)


def test_workers_find_what_one_process_finds(archive: Archive) -> None:
    folder = [str(archive.folder)]
    one = [(f.path, f.record.line, f.duplicate_of) for f in select(folder, dedupe=True, keep_duplicates=True, forfeit=True)]
    two = [(f.path, f.record.line, f.duplicate_of) for f in select(folder, dedupe=True, keep_duplicates=True, forfeit=True, jobs=2)]
    assert one == two
    assert statistics(folder, jobs=2).to_json() == statistics(folder).to_json()
    said: dict[int, list[object]] = {1: [], 2: []}
    with reading_as("hackerrank"):  # (--from: the workers read as it says too)
        for jobs in (1, 2):
            assert list(select([str(archive.folder / "a.kmr")], jobs=jobs, problems=said[jobs])) == []  # type: ignore[arg-type]
    assert said[1] == said[2] and len(said[1]) == 1


# ---------------------------------------------------------------- statistics


def _start_texts(r: object) -> Iterator[tuple[str, tuple[str, ...], Side | None]]:
    from kamisado_notation import PlyKind

    for rr in r.rounds:  # type: ignore[attr-defined]
        moves = tuple(format_move(p.move, form=Form.SHORT) for p in rr.plies if p.kind is not PlyKind.BACK)
        yield rr.start.to_string(), moves, rr.result.winner if rr.result is not None else None


def test_the_opening_tree_counts_as_a_brute_count_does(archive: Archive) -> None:
    depth = 3
    played: Counter[tuple[str, tuple[str, ...]]] = Counter()
    black: Counter[tuple[str, tuple[str, ...]]] = Counter()
    for _, _, record in _all(archive):
        r = replay_match(record)
        if not r.valid:
            continue
        for root, moves, winner in _start_texts(r):
            for k in range(1, min(depth, len(moves)) + 1):
                played[root, moves[:k]] += 1
                black[root, moves[:k]] += winner is Side.BLACK
    stats = statistics([str(archive.folder)], depth=depth)
    rows = {(row.root, row.moves): row.node for row in stats.opening_rows()}
    assert {key: node.played for key, node in rows.items()} == dict(played)
    assert {key: node.black for key, node in rows.items()} == {key: n for key, n in black.items() if key in played}
    pruned = {(row.root, row.moves) for row in stats.opening_rows(min_games=3)}
    assert pruned == {key for key, n in played.items() if n >= 3 and all(played[key[0], key[1][:j]] >= 3 for j in range(1, len(key[1])))}


def test_the_players_table_adds_up(archive: Archive) -> None:
    stats = statistics([str(archive.folder)], event="spring")
    rows = {p.name: p for p in stats.players}
    assert set(rows) == set(PLAYERS) and stats.matches == 15
    for name in PLAYERS:
        mine = [m for m in archive.standard[:15] if name in (m.header("Black"), m.header("Gold"))]
        replays = [replay_match(m) for m in mine]
        sides = [Side.BLACK if m.header("Black") == name else Side.GOLD for m in mine]
        assert rows[name].matches == len(mine)
        assert rows[name].points == sum(r.score[s] for r, s in zip(replays, sides, strict=True))
        assert rows[name].won == sum(r.winner is s for r, s in zip(replays, sides, strict=True))
        won = Counter(rr.result.winner for r, s in zip(replays, sides, strict=True) for rr in r.rounds if rr.result and rr.result.winner is s)
        assert (rows[name].rounds_won_black, rows[name].rounds_won_gold) == (won[Side.BLACK], won[Side.GOLD])
    assert sum(stats.endings.values()) == sum(len(replay_match(m).rounds) for m in archive.standard[:15])


def test_a_fault_ends_a_round(archive: Archive) -> None:
    stats = statistics([str(archive.folder)], headers={"Site": "HackerRank"})
    terminated = sum(1 for f in select([str(archive.folder)], headers={"Site": "HackerRank", "Termination": "*loses"}))
    assert stats.endings["fault"] == terminated > 0


def test_the_csv_keeps_a_formula_text(tmp_path: Path) -> None:
    (tmp_path / "m.kmr").write_text('[Black "=HYPERLINK(\\"x\\")"]\n[Gold "@SUM(1)"]\n[Match "Single"]\n\nRound 1\n1. Pi F4 Br\n', encoding="utf-8")
    rows = list(csv.reader(io.StringIO(statistics([str(tmp_path)]).to_csv())))
    assert sorted(r[0] for r in rows[1:]) == ["'=HYPERLINK(\"x\")", "'@SUM(1)"]


def test_memory_holds_no_match_once_it_is_counted(tmp_path: Path) -> None:
    """The objects a match is made of, alive while the 20th and the 250th match are
    counted: as many (the match in hand only). What else grows is the reader's memo of
    entry texts, bounded by the distinct entries, not by the matches."""
    matches = list(iter_generated(match="single", seed=3, count=260))
    for m in matches:
        m.headers = Headers([Header("Black", "Ann", 0, 1), Header("Gold", "Bob", 0, 1), *m.headers])
    _write(tmp_path / "many.kmr", matches)
    del matches
    kinds = {"MatchRecord", "RoundRecord", "MatchReplay", "RoundReplay", "Selected", "Header"}
    stats = Statistics(depth=2)
    alive = {}
    for n, found in enumerate(select([str(tmp_path)], won_by="home-row", dedupe=True), 1):
        stats.add(found.replay)
        if n in (20, 250):
            gc.collect()
            alive[n] = Counter(type(o).__name__ for o in gc.get_objects() if type(o).__name__ in kinds)
    assert alive[250] == alive[20] and alive[20]["MatchReplay"] <= 2, alive


# ---------------------------------------------------------------- the commands

runner = CliRunner()


def test_select_counts_and_writes_any_form(archive: Archive, tmp_path: Path) -> None:
    result = runner.invoke(app, ["select", str(archive.folder), "--event", "spring", "--count"])
    assert (result.exit_code, result.stdout) == (0, "15\n")
    out = tmp_path / "spring.json"
    result = runner.invoke(app, ["select", str(archive.folder), "--event", "spring", "--to", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(out.read_text(encoding="utf-8"))["matches"]) == 15
    assert all(fv.valid for fv in validate_paths([str(out)]))


def test_select_writes_the_duplicates_apart(archive: Archive, tmp_path: Path) -> None:
    kept, copies = tmp_path / "kept.kmr", tmp_path / "copies.kmr"
    result = runner.invoke(app, ["select", str(archive.folder), "--dedupe", "--duplicates", str(copies), "-o", str(kept), "--valid"])
    assert result.exit_code == 0, result.output
    assert sum(1 for _ in select([str(kept)])) == archive.total - 3
    assert [f.record.header("Event") for f in select([str(copies)])] == ["Copied", "Copied"]


def test_split_never_overwrites_and_rounds_replay_alone(archive: Archive, tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["select", str(archive.folder), "--event", "autumn", "--date", "..2026.01.18", "-d", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    assert len(first) == 3 and all(name.startswith("2026.01.1") for name in first)
    assert runner.invoke(app, args).exit_code == 0
    again = {p.name: p.read_bytes() for p in out.iterdir()}
    assert len(again) == 6 and all(again[name] == text for name, text in first.items())
    rounds = tmp_path / "rounds"
    result = runner.invoke(app, ["select", str(archive.folder), "--event", "autumn", "--date", "..2026.01.16", "-d", str(rounds), "--split", "round", "--to", "coords"])
    assert result.exit_code == 0, result.output
    expected = sum(len(replay_match(m).rounds) for m in archive.standard[15:16])
    files = sorted(rounds.iterdir())
    assert len(files) == expected and all(fv.valid for fv in validate_paths([str(rounds)]))
    assert all(" round " in p.name for p in files)


def test_select_says_what_is_wrong_without_a_traceback(archive: Archive) -> None:
    for args in (["--won-by", "luck"], ["--date", "x..y..z", "--moves", "Pi"], ["--duplicates", "d.kmr"], ["--to", "pdf"]):
        result = runner.invoke(app, ["select", str(archive.folder), *args])
        assert result.exit_code == 2 and "Traceback" not in result.output
    result = runner.invoke(app, ["select", "no-such-folder", "--count"])
    assert result.exit_code in (1, 2) and "Traceback" not in result.output


def test_stats_prints_tables_json_and_csv(archive: Archive) -> None:
    result = runner.invoke(app, ["stats", str(archive.folder), "--depth", "2", "--min-games", "2"])
    assert result.exit_code == 0, result.output
    assert "Players" in result.stdout and "Openings the initial position" in result.stdout and "chris4" in result.stdout
    doc = json.loads(runner.invoke(app, ["stats", str(archive.folder), "--json", "--min-games", "1"]).stdout)
    assert doc["matches"] == archive.total - 1 and doc["invalid"] == 1
    assert sum(doc["endings"].values()) == sum(row["rounds"] for row in doc["lengths"])
    rows = list(csv.reader(io.StringIO(runner.invoke(app, ["stats", str(archive.folder), "--csv"]).stdout)))
    assert rows[0][:3] == ["name", "matches", "won"] and len(rows) == 1 + len(doc["players"])


def test_the_page_of_a_folder_links_each_opening_line_to_its_matches(archive: Archive) -> None:
    import re

    from kamisado_notation import html_page
    from kamisado_notation.engine.position import Position

    page = html_page([str(archive.folder)]).text
    players = page[page.index('aria-label="Players"') : page.index('aria-label="Openings"')]
    assert all(f'<th scope="row">{name}</th>' in players for name in (*PLAYERS, "chris4", "dora"))
    tree = page[page.index('aria-label="Openings"') :]
    first_table = tree[: tree.index("</table>")]
    rows = re.findall(r'<th scope="row"[^>]*>1\. ([^<]+)</th>.*?<td class="links">(.*?)</td>', first_table)
    assert rows
    initial = Position.initial()
    for text, links in rows:
        linked = {int(n) for n in re.findall(r'href="#m(\d+)"', links)}
        brute = {
            i for i, found in enumerate(select([str(archive.folder)]), 1)
            if found.replay.valid and any(rr.start == initial and rr.plies and format_move(rr.plies[0].move, form=Form.SHORT) == text for rr in found.replay.rounds)
        }  # fmt: skip
        assert linked == set(sorted(brute)[:12]), text


def test_single_rounds_searched_as_written_find_what_the_replay_finds(tmp_path: Path) -> None:
    """Single rounds (forfeits among them) searched as written, without the replay, for
    positions taken from their starts, middles and ends: the matches found are those
    whose replay passes through the position."""
    from kamisado_notation import PlyKind

    _write(tmp_path / "rounds.kmr", list(iter_generated(match="single", seed=21, count=150)))
    rounds = [found.replay.rounds[0] for found in select([str(tmp_path)])]
    reached = [{rr.position_at(k).to_string() for k in range(len(rr.plies) + 1)} for rr in rounds]
    with_forfeits = [rr for rr in rounds if any(p.kind is PlyKind.FORFEIT for p in rr.plies)]
    assert len(with_forfeits) >= 3
    wanted = [rr.position_at(k).to_string() for rr in [*rounds[::50], *with_forfeits[:3]] for k in (1, len(rr.plies) // 2, len(rr.plies))]
    for w in wanted:
        found = [f.record.index for f in select([str(tmp_path)], position=w)]
        assert found == [i + 1 for i, seen in enumerate(reached) if w in seen], w


def test_the_position_index_finds_where_each_position_was_reached(archive: Archive) -> None:
    from kamisado_notation import PositionIndex

    index = PositionIndex.of([str(archive.folder)])
    replays = {(f.path, f.record.line): f.replay for f in select([str(archive.folder)])}
    wanted = replay_match(archive.standard[17]).rounds[2].position_at(5)
    places = index.find(wanted.to_string())
    assert places
    for p in places:  # each place is one where the replay stands at that position
        rr = next(rr for rr in replays[p.path, p.line].rounds if rr.number == p.round)
        assert rr.position_at(p.ply + sum(1 for q in rr.plies[: p.ply + 1] if q.kind is PlyKind.BACK)) == wanted
    assert {(p.path, p.line) for p in places} == {(f.path, f.record.line) for f in select([str(archive.folder)], position=wanted)}
