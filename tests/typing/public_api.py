"""Checked by ``mypy --strict`` in ``.ci/run`` (not run by pytest): the package's public
names have their real types, not ``Any``, although the package loads them lazily."""

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import kamisado_notation
from kamisado_notation import diagnostics, notation
from kamisado_notation.checking import replay, validate
from kamisado_notation.drawing import html as html_drawing
from kamisado_notation.engine import board, match, position
from kamisado_notation.play import analyse as analysing
from kamisado_notation.play import client as engine_client
from kamisado_notation.play import protocol
from kamisado_notation.play import solve as solver

assert_type(kamisado_notation.Position, type[position.Position])
assert_type(kamisado_notation.Move, type[position.Move])
assert_type(kamisado_notation.Colour, type[board.Colour])
assert_type(kamisado_notation.Match, type[match.Match])
assert_type(kamisado_notation.Diagnostic, type[diagnostics.Diagnostic])
assert_type(kamisado_notation.Kind.declare("restarted-row"), diagnostics.Kind)
assert_type(kamisado_notation.Kind.every(), tuple[diagnostics.Kind, ...])
assert_type(kamisado_notation.MatchReplay, type[replay.MatchReplay])
assert_type(kamisado_notation.RecordFile, type[notation.RecordFile])

initial = kamisado_notation.Position.initial()
assert_type(initial, position.Position)
assert_type(initial.legal_moves(), list[position.Move])
written: kamisado_notation.WrittenMove = (None, None, 0, None, 51, 43)  # d7-d6: no tower on d7 (refused)
assert_type(initial.play_written([written]), int)
assert_type(initial.last_move, position.Move | None)
assert_type(initial.copy(stack=True), position.Position)
assert_type(initial.outcome(), kamisado_notation.Outcome | None)
assert_type(kamisado_notation.RoundEnd, type[position.RoundEnd])
record = kamisado_notation.read_record("samples/standard-match.kmr")
assert_type(record, notation.RecordFile)
assert_type(next(kamisado_notation.iter_headers(["[Black \"Ann\"]"])), notation.Headers)
judged = kamisado_notation.replay_match(record.matches[0])
assert_type(judged, replay.MatchReplay)
assert_type(judged.status, replay.MatchStatus)
assert_type(kamisado_notation.replay_matches(record.matches[0]), list[replay.MatchReplay])
assert_type(judged.resolved_moves(), kamisado_notation.ResolvedMoves)
assert_type(judged.resolved_moves().move_of(0, 0), position.Move | None)
assert_type(judged.rounds[0].index, int)
assert_type(judged.rounds[0].plies[0].index, int | None)
assert_type(kamisado_notation.format_record(record, form=kamisado_notation.Form.COORDS, moves=[judged.resolved_moves()]), str)
assert_type(kamisado_notation.validate_file("samples/standard-match.kmr"), validate.FileReport)
unknown: list[kamisado_notation.NotationError] = []
entry = kamisado_notation.parse_entry("Purple Lfet 5 Green", errors=unknown)
assert_type(entry, notation.Entry)
assert_type(entry.unread, str | None)

move = initial.parse_move("Pink Forward 4 Brown")
assert_type(move, position.Move)
assert_type(move.text("short", "de"), str)
assert_type(initial.play_text("d8-d4"), position.Move)
assert_type(judged.rounds[0].position_at(-1), position.Position)
assert_type(record.matches[0].headers, notation.Headers)
assert_type(record.matches[0].headers["Black"], str)
assert_type(record.matches[0].headers.get("Black"), str | None)
assert_type(kamisado_notation.record_paths(["samples"]), list[str])
table = kamisado_notation.standings(kamisado_notation.record_paths(["samples"]))
assert_type(table, kamisado_notation.Standings)
assert_type(table.players[0].won, int)
assert_type(table.crosstable, dict[str, dict[str, list[str]]])
recorder = kamisado_notation.Recorder("Standard", black="Ann", gold="Bob", site="Club", headers={"Board": "2"})
assert_type(recorder.play("d8-d4"), position.Move)
assert_type(recorder.score, dict[board.Side, int])
assert_type(recorder.text(form="short"), str)
assert_type(kamisado_notation.parse_position("BRa1 GRb1 REc1 YEd1 PIe1 PUf1 BLg1 ORh1 / ORa8 BLb8 PUc8 PId8 YEe8 REf8 GRg8 BRh8 / Black"), position.Position)
with kamisado_notation.reading_as("hackerrank"):
    assert_type(kamisado_notation.read_record("tests/fixtures/allgames-21996474"), notation.RecordFile)

page = kamisado_notation.html_page(["samples/pushes.kmr"], title="Pushes")
assert_type(page, html_drawing.Page)
assert_type(page.text, str)
assert_type(page.valid, bool)

# every error of a public call is one of errors.py's (a square off the board is also an IndexError)
try:
    initial.tower_at(64)
except kamisado_notation.SquareError as off_board:
    assert_type(off_board, kamisado_notation.SquareError)
    square_error: IndexError = off_board
    value_error: ValueError = off_board
fixed_text = kamisado_notation.apply_edits("Round 1\n", judged.fixes)
assert_type(fixed_text, str)
assert_type(judged.diagnostics[0].edits if judged.diagnostics else (), tuple[kamisado_notation.Edit, ...])

solution = kamisado_notation.solve(initial, depth=1, time=0.5)
assert_type(solution, solver.Solution)
assert_type(solution.turns, int | None)
assert_type(solution.best, position.Move | None)
assert_type(solution.as_dict(), dict[str, Any])
one_solver = solver.Solver()
assert_type(one_solver.settled(initial), str | None)
assert_type(one_solver.variation(initial, kamisado_notation.Side.BLACK, 17, exact=True, nodes=10), tuple[position.Move, ...])
analyses = kamisado_notation.analyse("samples/single-round.kmr", depth=2)
assert_type(analyses, list[analysing.MatchAnalysis])
assert_type(analyses[0].moves[0].mark, str)
assert_type(kamisado_notation.annotate("Round 1\n", analyses), str)

assert_type(kamisado_notation.EngineClient, type[engine_client.EngineClient])
assert_type(kamisado_notation.EngineError, type[kamisado_notation.errors.EngineError])
with kamisado_notation.EngineClient.popen(["kamisado", "engine"], timeout=5.0) as engine:
    assert_type(engine, engine_client.EngineClient)
    assert_type(engine.play(initial, movetime=100), position.Move)
    engine_analysis = engine.analyse("obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -", depth=3)
    assert_type(engine_analysis, kamisado_notation.EngineAnalysis)
    assert_type(engine_analysis.score, protocol.Score | None)
    assert_type(engine_analysis.pv, tuple[position.Move, ...])
    assert_type(engine.id, dict[str, str])
    assert_type(engine.options, dict[str, protocol.EngineOption])
    assert_type(engine.fill(initial), match.Fill)
    engine.configure({"Depth": 3})
assert_type(protocol.parse_info("info depth 3 score win 5 pv d8-d4"), protocol.Info)
assert_type(protocol.parse_go("go depth 3").time_for(board.Side.BLACK), int | None)
assert_type(protocol.parse_bestmove("bestmove d8-d4 ponder a1-a2"), str | None)
