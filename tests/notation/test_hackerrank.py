"""HackerRank's game logs, read through the command line: the real log of
``Netsensia/kamisado`` (``tests/fixtures/allgames-21996474``, described in
docs/formats.md) converts to 12 valid matches, whose moves are checked against an
independent replay of the log's own boards: each board the log gives a bot is the one
before it with the move answered to it played. That replay is written here from the log's
text alone (no code of the package), as is the board's turn (their row r, column c is
our file h−c, rank r+1) and the colours of the rulebook's board."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from tests.support.paths import FIXTURES, SAMPLES

LOG = FIXTURES / "allgames-21996474"
runner = CliRunner()

# The rulebook's board, rank 8 first, files a..h (docs/notation.md), as square letters
# of the log (B brown, G green, R red, Y yellow, P pink, M purple, L blue, O orange).
OUR_BOARD = [
    "OLMPYRGB",
    "ROPGLYBM",
    "GPORMBYL",
    "PMLOBGRY",
    "YRGBOLMP",
    "LYBMROPG",
    "MBYLGPOR",
    "BGRYPMLO",
]


def _games() -> list[dict[str, object]]:
    games = json.loads(LOG.read_text(encoding="utf-8"))
    assert isinstance(games, list)
    return games


def _board(text: str) -> tuple[str, list[list[str]], str]:
    """A board the log gives a bot: the player to move, the 8 rows of 8 (square, tower)
    cells, the tower to move."""
    lines = text.split("\n")
    assert len(lines) == 10, text
    rows = [[line[i : i + 2] for i in range(0, 16, 2)] for line in lines[1:9]]
    return lines[0], rows, lines[9]


def _played(rows: list[list[str]], answer: str) -> list[list[str]]:
    r1, c1, r2, c2 = (int(x) for x in answer.split())
    after = [list(row) for row in rows]
    tower = rows[r1][c1][1]
    assert tower != "-", f"no tower at {r1} {c1}"
    assert rows[r2][c2][1] == "-", f"{r2} {c2} is taken"
    after[r1][c1] = rows[r1][c1][0] + "-"
    after[r2][c2] = rows[r2][c2][0] + tower
    return after


def _our_square(row: int, column: int) -> str:
    return "abcdefgh"[7 - column] + str(row + 1)


def _pages(game: dict[str, object]) -> tuple[list[str], list[str]]:
    inputs = json.loads(str(game["inputs"]))["payload"]
    outputs = json.loads(str(game["outputs"]))["payload"]
    return inputs, outputs


def test_the_log_replays_by_its_own_boards() -> None:
    """The fixture is the log as published: 14 games, 12 with moves, and each board
    given is the one before with the answered move played (which also proves the
    transcription of the fixture)."""
    games = _games()
    assert len(games) == 14
    with_moves = 0
    for game in games:
        inputs, outputs = _pages(game)
        assert len(inputs) == len(outputs)
        if not outputs:
            continue
        with_moves += 1
        for before, after, answer in zip(inputs, inputs[1:], outputs, strict=False):
            player, rows, _ = _board(before)
            next_player, next_rows, _ = _board(after)
            assert {player, next_player} == {"1", "2"}
            assert next_rows == _played(rows, answer)
    assert with_moves == 12


def test_every_square_keeps_its_colour_turned_half_round() -> None:
    _, rows, _ = _board(_pages(_games()[2])[0][0])
    for r in range(8):
        for c in range(8):
            ours = _our_square(r, c)
            assert OUR_BOARD[8 - int(ours[1])]["abcdefgh".index(ours[0])] == rows[r][c][0]


def test_the_log_converts_to_twelve_valid_matches_with_the_logs_moves() -> None:
    result = runner.invoke(app, ["validate", "--json", str(LOG)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)["files"][0]
    assert report["valid"] and len(report["matches"]) == 12
    assert all(m["valid"] for m in report["matches"])
    assert [d["severity"] for d in report["diagnostics"]] == ["warning", "warning"]
    assert all("has no moves" in d["message"] for d in report["diagnostics"])

    converted = runner.invoke(app, ["convert", str(LOG), "--to", "json"])
    assert converted.exit_code == 0, converted.output
    matches = json.loads(converted.stdout)["matches"]
    logged = [g for g in _games() if _pages(g)[1]]
    assert len(matches) == len(logged) == 12
    for match, game in zip(matches, logged, strict=True):
        inputs, outputs = _pages(game)
        headers = {h["name"]: h["value"] for h in match["headers"]}
        first = game["player-1"] if inputs[0].startswith("1") else game["player-2"]
        assert headers["Black"] == first
        entries = match["rounds"][0]["entries"]
        expected = [
            f"{_our_square(int(a.split()[0]), int(a.split()[1]))}-{_our_square(int(a.split()[2]), int(a.split()[3]))}"
            for a in outputs
        ]
        assert [e["from"] + "-" + e["to"] for e in entries] == expected


def test_a_blocked_tower_is_their_verdict_and_our_round_goes_on() -> None:
    """Game 5807883 ends with Black's orange tower blocked: HackerRank's rules end the
    game (player 1 loses), the rulebook's forfeit (M6) does not."""
    result = runner.invoke(app, ["convert", str(LOG), "--to", "json"])
    match = json.loads(result.stdout)["matches"][0]
    headers = {h["name"]: h["value"] for h in match["headers"]}
    assert headers["Game"] == "5807883"
    assert headers["HackerRankResult"] == "0-1"
    assert "orange tower is blocked" in headers["Termination"]
    assert "Result" not in headers
    shown = runner.invoke(app, ["show", "--json", str(LOG)])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["to_move"] == "black"


def test_a_json_that_is_not_a_hackerrank_log_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "games.json"
    bad.write_text('[{"id": 1, "inputs": "{}", "player-1": "a"}]', encoding="utf-8")
    out = tmp_path / "out.kmr"
    result = subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "convert", str(bad), "--to", "text", "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert f"{bad}:1:2: error[syntax] not a HackerRank game log" in result.stderr
    assert not out.exists()


def test_from_insists_on_the_format(tmp_path: Path) -> None:
    """``--from hackerrank`` on a .kmr: the HackerRank reader's diagnostic, not a read as .kmr."""
    kmr = SAMPLES / "single-round.kmr"
    result = runner.invoke(app, ["validate", "--from", "hackerrank", str(kmr)])
    assert result.exit_code == 1
    assert "1:1: error[syntax] not a HackerRank game log: expected a JSON array of games" in result.output
    assert runner.invoke(app, ["validate", "--from", "kmr", str(kmr)]).exit_code == 0


def test_a_log_nested_without_end_is_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep"
    deep.write_text('[{"player-1":' + "[" * 100_000, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(deep)])
    assert result.exit_code == 1
    assert f"{deep}:1:2: error[syntax] not a HackerRank game log: a game nested too deep to read" in result.output


def test_a_log_where_player_2_starts_is_read_with_the_board_as_it_stands(tmp_path: Path) -> None:
    """Player 2's towers (small letters) start on row 0 and move down the board as drawn
    (Netsensia's ``kamisado.php``: ``getMoves``, ``yDir = 1`` for player 2). When the
    first board names player 2 to move, player 2 is Black, who starts at the top of our
    board: their row r, column c is our file a+c, rank 8−r, every square keeping its
    colour. The game is written as the harness writes one (a first board and an answer)."""
    board = _pages(_games()[2])[0][0]
    player, rows, tower = _board(board)
    assert (player, tower) == ("1", "-") and all(cell[1].islower() for cell in rows[0])
    for r in range(8):
        for c in range(8):
            assert OUR_BOARD[r][c] == rows[r][c][0]  # (our rank 8−r, file a+c)
    answer = "0 3 4 3"
    assert _played(rows, answer)[4][3][1] == rows[0][3][1]  # a legal answer: the path is free
    game = {
        "id": 1,
        "player-1": "first",
        "player-2": "second",
        "inputs": json.dumps({"payload": ["2" + board[1:]], "next": ""}),
        "outputs": json.dumps({"payload": [answer], "next": ""}),
    }
    log = tmp_path / "allgames-1"
    log.write_text(json.dumps([game]), encoding="utf-8")
    converted = runner.invoke(app, ["convert", str(log), "--to", "coords"])
    assert converted.exit_code == 0, converted.output
    assert '[Black "second"]' in converted.stdout and '[Gold "first"]' in converted.stdout
    assert "1. d8-d4" in converted.stdout
    assert runner.invoke(app, ["validate", str(log)]).exit_code == 0
