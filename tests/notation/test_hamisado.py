"""hamisado's notations (docs/formats.md), through the command line: its move lists
read and written, its diagrams taken wherever a position is asked for.

hand-checked facts from its source: its rank 1 holds its Black's towers from file A,
Brown, Green, Red, Yellow, Pink, Purple, Blue, Orange, and Black moves first, up the
board; so its board is ours turned half round (its A1 is our h8). The fixture is the
opening of the game its README shows (f1-f7, E8-E3, c1-c6, A8-A5): Black's purple c8-c2
onto yellow, Gold's yellow d1-d6 onto red, Black's red f8-f3 onto orange, Gold's orange
h1-h4."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation import read_record, replay_match
from kamisado_notation.cli.app import app
from kamisado_notation.engine.board import square_name
from kamisado_notation.engine.position import Position
from kamisado_notation.notation.writer import Form
from kamisado_notation.play.generate import generate_match
from tests.support.foreign_round_trip import coords_moves, round_trip
from tests.support.paths import FIXTURES, SAMPLES

runner = CliRunner()
INITIAL = "BRa1 GRb1 REc1 YEd1 PIe1 PUf1 BLg1 ORh1 / ORa8 BLb8 PUc8 PId8 YEe8 REf8 GRg8 BRh8 / Black"
OURS = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"


def test_a_move_list_reads_to_its_moves() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "hamisado-readme-game.txt"), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["c8-c2", "d1-d6", "f8-f3", "h1-h4"]
    assert runner.invoke(app, ["validate", str(FIXTURES / "hamisado-readme-game.txt")]).exit_code == 0


def test_a_move_list_is_written_back_as_it_was() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "hamisado-readme-game.txt"), "--to", "hamisado"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (FIXTURES / "hamisado-readme-game.txt").read_text(encoding="utf-8")


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_generated_round_round_trips_with_both_verdicts(seed: int) -> None:
    match = generate_match(random.Random(seed), target=1)
    match.headers[:] = [h for h in match.headers if h.name == "Match"]
    original, back, text = round_trip(match, "hamisado", form=Form.SHORT)
    assert back == original
    theirs = _hamisado_result(["-".join(_theirs(sq) for sq in m.split("-")) for m in back])
    assert (f'[HamisadoResult "{theirs}"]' in text) if theirs else ("HamisadoResult" not in text)


def test_what_it_cannot_hold_is_said_at_once_and_drop_leaves_headers_and_comments_out(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    samples = SAMPLES
    single = str(samples / "single-round.kmr")
    result = runner.invoke(app, ["convert", single, "--to", "hamisado", "-o", str(out)])
    assert result.exit_code == 1
    assert "it has headers (Event, Black, Gold), comments: --drop leaves them out: nothing converted" in result.output
    assert not out.exists()
    # a whole match: its rounds, its target, its headers and its comments in one message
    standard = str(samples / "standard-match.kmr")
    every = runner.invoke(app, ["convert", standard, "--to", "hamisado", "-o", str(out)])
    assert every.exit_code == 1 and every.stderr.count("\n") == 1
    for reason in ("it has 5 rounds", "played to 3 points", "headers (Event, Date, Black, Gold), comments"):
        assert reason in every.stderr
    dropped = runner.invoke(app, ["convert", single, "--to", "hamisado", "--drop", "-o", str(out)])
    assert dropped.exit_code == 0, dropped.output
    (match,) = read_record(str(out)).matches
    assert [e.text for r in match.rounds for e in r.entries] and not match.comments
    assert [p.move for r in replay_match(match).rounds for p in r.plies] == [
        p.move for r in replay_match(read_record(single).matches[0]).rounds for p in r.plies
    ]
    one = runner.invoke(app, ["convert", standard, "--to", "hamisado", "--round", "1", "--drop"])
    assert one.exit_code == 0 and one.stdout.startswith("[C1-C6,A8-A4,") and one.stdout.count("\n") == 1


def test_its_diagram_is_a_position() -> None:
    ours = json.loads(runner.invoke(app, ["moves", "--json", OURS]).stdout)
    theirs = json.loads(runner.invoke(app, ["moves", "--json", INITIAL]).stdout)
    assert theirs["moves"] == ours["moves"] and theirs["to_move"] == "black"
    for depth in ("2", "3"):
        assert runner.invoke(app, ["perft", depth, INITIAL]).stdout == runner.invoke(app, ["perft", depth, OURS]).stdout
    played = INITIAL.replace("PUf1", "PUf7").replace("Black", "White") + " / F1-F7"
    after = json.loads(runner.invoke(app, ["moves", "--json", played]).stdout)
    assert (after["to_move"], after["tower"]) == ("gold", "yellow")  # E8 is our d1
    lineup = runner.invoke(app, ["lineup", "--json", INITIAL, "--fill", "left"])
    assert lineup.exit_code == 0, lineup.output


def test_a_tower_of_four_rings_is_no_position() -> None:
    result = runner.invoke(app, ["moves", INITIAL.replace("ORa8", "ORa8$")])
    assert result.exit_code == 2
    assert "has four rings" in result.output


def _hamisado_result(moves: list[str]) -> str | None:
    """hamisado's verdict on a move list, written from its ``Game.hs``: Black moves
    first (``position0``); after a move, the mover has won when its target is on the
    home row of the side now to move (``homeRow Black = 1``, ``White = 8``), or when it
    and the move before it are both passes (``isPass``: from = to); ``doMoves`` plays
    nothing after that."""
    for n, move in enumerate(moves):
        origin, target = move.split("-")
        to_move = "White" if n % 2 == 0 else "Black"
        home = "1" if to_move == "Black" else "8"
        previous = moves[n - 1].split("-") if n else ["", "-"]
        if target[1] == home or (origin == target and previous[0] == previous[1]):
            return "1-0" if n % 2 == 0 else "0-1"
    return None


#: Move lists as hamisado prints a list of moves (``show [Move]``: ``Types.hs``' ``%s%d-%s%d``
#: in Haskell's brackets and commas): a deadlock with the two passes into it (M8 gives it
#: to Black, Gold having moved last; hamisado to Gold, who passed last); two passes in a
#: row in a round the rulebook plays on (M6: Black can move again). Rounds won on the home
#: row are the generated ones below.
DEADLOCK = "[A1-F6,H8-H3,B1-B4,F8-H6,G1-E3,H6-F4,E3-A7,F4-D2,A7-A7,D2-D2]"
OPEN = "[B1-B4,F8-E7,G1-E3,E7-F6,A1-A7,F6-D4,A7-A7,D4-C3,A7-A7,C3-D2,E3-E5,H8-F6,A7-A7,D2-D2]"


def test_hamisados_deadlock_is_kept_beside_ours(tmp_path: Path) -> None:
    cases = [(DEADLOCK, "1-0", "0-1"), (OPEN, None, "0-1")]
    for text, ours, theirs in cases:
        assert _hamisado_result(text.strip("[]").split(",")) == theirs
        path = tmp_path / "game.txt"
        path.write_text(text + "\n", encoding="utf-8")
        result = runner.invoke(app, ["convert", str(path), "--to", "text"])
        assert result.exit_code == 0, result.output
        assert f'[HamisadoResult "{theirs}"]' in result.stdout
        assert ("[Result" in result.stdout) == (ours is not None)
        if ours is not None:
            assert f'[Result "{ours}"]' in result.stdout
        assert "hamisado ends the round there and gives it to Gold, who passed last" in result.stdout
        checked = runner.invoke(app, ["validate", str(path)])
        assert checked.exit_code == 0, checked.output
        back = runner.invoke(app, ["convert", str(path), "--to", "hamisado"])  # the verdicts come from the moves
        assert back.exit_code == 0, back.output
        assert back.stdout == text + "\n"


def _theirs(square: str) -> str:
    """hamisado's square of ours: its board is ours turned half round."""
    return f"{chr(ord('A') + ord('h') - ord(square[0]))}{9 - int(square[1])}"


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_as_hamisado_plays_them_keep_its_verdict(seed: int) -> None:
    """Random games played on to hamisado's end (its passes written, as ``passMove``
    makes them): read back, each has the verdict ``Game.hs`` gives it."""
    rng, position, moves = random.Random(seed), Position.initial(), []
    while _hamisado_result(moves) is None:
        move = position.forfeit_move() if position.must_forfeit() else rng.choice(position.legal_moves())
        position.play(move)
        moves.append(f"{_theirs(square_name(move.origin))}-{_theirs(square_name(move.target))}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        path.write_text("[" + ",".join(moves) + "]\n", encoding="utf-8")
        result = runner.invoke(app, ["convert", str(path), "--to", "text"])
        checked = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and checked.exit_code == 0, result.output + checked.output
    assert f'[HamisadoResult "{_hamisado_result(moves)}"]' in result.stdout
