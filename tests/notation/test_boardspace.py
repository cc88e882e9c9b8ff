"""BoardSpace's SGF for Kamisado, through the command line: a record written by hand
from BoardSpace's published source (``tests/fixtures/boardspace-kamisado.sgf``) read
to the right moves; every generated single round written and read back to the same
moves; what BoardSpace cannot hold, and what is not its record, refused (exit 1,
nothing written).

The fixture's facts, from the source (docs/formats.md): player 0 starts on row 1, whose
cells from column A are Brown, Green, Red, Yellow, Pink, Purple, Blue, Orange, each
holding player 0's tower of its colour; the first mover is our Black, so the board is
ours turned half round (column A row 1 is our h8). Its moves: ``Pickb D 1``/``Dropb D 7``
(Black's yellow, our e8-e2, onto a green square), ``Move G 8 G 3`` (Gold's green, our
b1-b6, onto pink), then a pick put back, a drop picked up again and ``E 1`` to ``E 6``
(Black's pink, our d8-d3); then player 1 resigns."""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation import Severity, validate_file
from kamisado_notation.cli.app import app
from kamisado_notation.notation import RecordFile, format_record, read_record
from kamisado_notation.notation.record import Header
from kamisado_notation.notation.writer import Form
from kamisado_notation.play.generate import generate_match
from tests.support.foreign_round_trip import coords_moves, round_trip
from tests.support.paths import FIXTURES, SAMPLES

runner = CliRunner()


def test_the_hand_written_record_reads_to_its_moves() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "boardspace-kamisado.sgf"), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["e8-e2", "b1-b6", "d8-d3"]
    for header in ('[Black "alice"]', '[Gold "bob"]', '[BoardSpaceResult "Game won by alice"]', '[Termination "Gold (bob) resigned"]'):
        assert header in result.stdout
    checked = runner.invoke(app, ["validate", str(FIXTURES / "boardspace-kamisado.sgf")])
    assert checked.exit_code == 0, checked.output
    assert "in progress, Gold to move" in checked.output


def test_it_is_written_as_boardspace_writes_it() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "boardspace-kamisado.sgf"), "--to", "boardspace"])
    assert result.exit_code == 0, result.output
    assert "GM[Kamisado]" in result.stdout and 'P0[id "alice"]' in result.stdout
    assert "SU[kamisado 0]" in result.stdout and "GN[hand-written from BoardSpace's published source]" in result.stdout
    steps = re.findall(r"; (P[01])\[(\d+) ([^\]]*)\]", result.stdout)
    assert [(p, words) for p, _, words in steps] == [  # KamisadoMovespec.moveString: "Done " has its space
        ("P0", "Start P0"),
        ("P0", "Move D 1 D 7"),
        ("P0", "Done "),
        ("P1", "Move G 8 G 3"),
        ("P1", "Done "),
        ("P0", "Move E 1 E 6"),
        ("P0", "Done "),
    ]
    assert [int(n) for _, n, _ in steps] == list(range(len(steps)))


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_generated_round_round_trips(seed: int) -> None:
    original, back, text = round_trip(generate_match(random.Random(seed), target=1), "boardspace")
    assert back == original
    assert '[Result "' in text  # a generated round is played to its end


def _refused(args: list[str], tmp_path: Path, message: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert not out.exists()


def test_several_rounds_are_refused(tmp_path: Path) -> None:
    _refused(
        ["convert", str(SAMPLES / "standard-match.kmr"), "--to", "boardspace"],
        tmp_path,
        "match 1 cannot be written as a BoardSpace game: it has 5 rounds, and a BoardSpace game holds one round (--round N writes one)",
    )


def test_one_round_of_a_match_is_written_with_round_and_a_later_one_refused_saying_why(tmp_path: Path) -> None:
    from kamisado_notation import read_record, replay_match

    standard = str(SAMPLES / "standard-match.kmr")
    out = tmp_path / "round-1.sgf"
    r = runner.invoke(app, ["convert", standard, "--to", "boardspace", "--round", "1", "-o", str(out)])
    assert r.exit_code == 0, r.output
    first = replay_match(read_record(standard).matches[0]).rounds[0]
    (back,) = replay_match(read_record(str(out)).matches[0]).rounds
    assert [p.move for p in back.plies] == [p.move for p in first.plies]  # round 1's moves, read back
    assert "Game won by Johan" in out.read_text(encoding="utf-8")  # Black (Johan) won round 1
    _refused(["convert", standard, "--to", "boardspace", "--round", "2"], tmp_path, "round 2 of match 1 starts from the lineups its fill made")
    _refused(["convert", standard, "--to", "boardspace", "--round", "9"], tmp_path, "match 1 has no round 9 (rounds: 1, 2, 3, 4, 5)")
    wrong = runner.invoke(app, ["convert", standard, "--to", "text", "--round", "1"])
    assert wrong.exit_code == 2 and "--round goes with --to boardspace or hamisado" in wrong.stderr


def test_a_set_position_is_refused(tmp_path: Path) -> None:
    kmr = tmp_path / "set.kmr"
    kmr.write_text(
        '[Position "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"]\n\nRound 1\n1. d8-d4\n',
        encoding="utf-8",
    )
    _refused(["convert", str(kmr), "--to", "boardspace"], tmp_path, "starts from a set position")


def test_an_sgf_of_another_game_is_refused(tmp_path: Path) -> None:
    hive = tmp_path / "hive.sgf"
    hive.write_text('(;\nGM[Hive]VV[1]\nP0[id "a"]\n; P0[0 Start P0]\n)\n', encoding="utf-8")
    _refused(["convert", str(hive), "--to", "text"], tmp_path, f"{hive}:2:4: error[syntax] an SGF of another game: GM[Hive]")


def test_a_truncated_sgf_is_refused(tmp_path: Path) -> None:
    text = (FIXTURES / "boardspace-kamisado.sgf").read_text(encoding="utf-8")
    cut = tmp_path / "cut.sgf"
    cut.write_text(text[: text.index("; P0[6")] + "; P0[6 Pic", encoding="utf-8")
    _refused(["convert", str(cut), "--to", "text"], tmp_path, "the SGF ends inside the value opened at 15:5 (truncated?)")
    unclosed = tmp_path / "unclosed.sgf"
    unclosed.write_text(text[: text.rindex(")")], encoding="utf-8")
    _refused(["convert", str(unclosed), "--to", "text"], tmp_path, "the SGF ends before the ')' that closes the game opened at 1:1")


def test_variations_nested_without_end_are_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep.sgf"
    deep.write_text("(;GM[Kamisado]" + "(;" * 5000, encoding="utf-8")
    _refused(["convert", str(deep), "--to", "text"], tmp_path, "variations nested more than 64 deep")


def test_when_player_1_starts_the_board_is_ours_as_it_stands(tmp_path: Path) -> None:
    """Player 1's towers start on row 8 (column D holds its pink one, our d8's colour):
    when player 1 starts, player 1 is Black and no turn is needed."""
    sgf = tmp_path / "p1.sgf"
    sgf.write_text('(;GM[Kamisado]P0[id "a"]P1[id "b"];P1[0 Start P1];P1[1 Move D 8 D 4];P1[2 Done])', encoding="utf-8")
    result = runner.invoke(app, ["convert", str(sgf), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["d8-d4"]
    assert '[Black "b"]' in result.stdout and '[Gold "a"]' in result.stdout


def test_a_folder_reads_its_sgf_games_and_fix_passes_them_over(tmp_path: Path) -> None:
    (tmp_path / "game.sgf").write_text((FIXTURES / "boardspace-kamisado.sgf").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "round.kmr").write_text((SAMPLES / "single-round.kmr").read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--json", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [Path(f["path"]).name for f in json.loads(result.stdout)["files"]] == ["game.sgf", "round.kmr"]
    fixed = runner.invoke(app, ["fix", str(tmp_path), "-d", str(tmp_path / "fixed")])
    assert "game.sgf: a boardspace record, passed over" in fixed.output
    assert [p.name for p in (tmp_path / "fixed").iterdir()] == ["round.kmr"]


# ------------------------------------------------------------------ BoardSpace's own code
#
# What follows is written from BoardSpace's published Java, not from the package:
# ``commonCanvas.printGameRecord`` (the text of a game record: the root's lines, "; " Pn
# "[" step "]" with an optional TM[ms], then a node of "Pn[time h:mm:ss ]"),
# ``KamisadoMovespec.moveString`` (a step: its index, then "Move C 1 C 5", "Done ",
# "Pass ", "Resign ", "Start P0"; Opcodes: "Edit", "WinOnTime"),
# ``KamisadoBoard.doInit`` (player 0's towers on row 1, player 1's on row 8, whoseTurn
# player 0), ``KamisadoViewer.ReplayMove`` (SU read as two tokens, the game type and a
# number; VV at most 2), ``commonCanvas.parsePlayerInfo`` (id, time, ranking, country in
# any node) and ``lib.Tokenizer`` (a quoted token, \ taking the next character as is).


def _bs(square_name: str, first: int = 0) -> str:
    """BoardSpace's ``column row`` of our square when player ``first`` starts (our
    Black): when player 0 does, its row 1 is our rank 8 read from file h (the board
    turned half round); when player 1 does, its row 8 is our rank 8."""
    if first == 1:
        return f"{square_name[0].upper()} {square_name[1]}"
    return f"{chr(ord('A') + ord('h') - ord(square_name[0]))} {9 - int(square_name[1])}"


def _steps(moves: list[str], first: int = 0) -> list[tuple[int, str]]:
    """Our coordinate moves (Black's first) as the steps BoardSpace records for them when
    player ``first`` starts: ``Start Pn``, then per turn ``Move`` and ``Done `` (a
    forfeit ``Pass ``)."""
    steps = [(first, f"Start P{first}")]
    for turn, move in enumerate(moves):
        origin, target = move.split("-")
        player = first if turn % 2 == 0 else 1 - first
        if origin == target:
            steps.append((player, "Pass "))
        else:
            steps += [(player, f"Move {_bs(origin, first)} {_bs(target, first)}"), (player, "Done ")]
    return steps


def _print_game_record(steps: list[tuple[int, str]], *, result: str = "", info: tuple[str, ...] = (), times: bool = True) -> str:
    """A game record as ``commonCanvas.printGameRecord`` prints it: ``steps`` are (player,
    words), numbered from 0 as ``moveString`` numbers them."""
    lines = ["(;", "GM[Kamisado]VV[1]", "CM[0,1]", "TC[none]", "SU[kamisado 3141592653]", "DT[Nov 27 2026]", "GN[g-alice-bob-42]"]
    if result:
        lines.append(f"RE[{result}]")
    lines += ['P0[id "alice"]', "P0[ranking 1512]", 'P1[id "bob"]', "P1[country Japan]", *info]
    lines += [f"; P{player}[{n} {words}]TM[{1000 * n}]" for n, (player, words) in enumerate(steps)]
    lines.append(";")
    if times:
        lines += ["P0[time 0:01:23 ]", "P1[time 0:00:45 ]"]
    lines.append(")")
    return "\n".join(lines) + "\n"


def _read(tmp_path: Path, text: str) -> tuple[list[str], str]:
    sgf = tmp_path / "game.sgf"
    sgf.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["convert", str(sgf), "--to", "coords"])
    assert result.exit_code == 0, result.output
    checked = runner.invoke(app, ["validate", str(sgf)])
    assert checked.exit_code == 0, checked.output
    return coords_moves(result.stdout), result.stdout


def _a_round(seed: int) -> tuple[list[str], str]:
    """The moves of a generated single round and its ``Result``."""
    with tempfile.TemporaryDirectory() as tmp:
        kmr = Path(tmp) / "round.kmr"
        kmr.write_text(format_record(RecordFile("round.kmr", [generate_match(random.Random(seed), target=1)]), form=Form.TEXT), encoding="utf-8")
        text = runner.invoke(app, ["convert", str(kmr), "--to", "coords"]).stdout
    result = re.search(r'\[Result "([^"]*)"\]', text)
    assert result is not None
    return coords_moves(text), result.group(1)


def test_a_record_as_boardspace_prints_it_reads_with_its_clocks(tmp_path: Path) -> None:
    moves, result = _a_round(36)
    winner = "alice" if result == "1-0" else "bob"
    moves_read, text = _read(tmp_path, _print_game_record(_steps(moves), result=f"Game won by {winner}"))
    assert moves_read == moves
    for header in (f'[Result "{result}"]', f'[BoardSpaceResult "Game won by {winner}"]', '[Game "g-alice-bob-42"]'):
        assert header in text
    for header in ('[BlackTime "0:01:23"]', '[GoldTime "0:00:45"]', '[BlackRanking "1512"]', '[GoldCountry "Japan"]'):
        assert header in text
    again = runner.invoke(app, ["convert", str(tmp_path / "game.sgf"), "--to", "boardspace"])
    assert again.exit_code == 0, again.output
    assert again.stdout.endswith(";\nP0[time 0:01:23 ]\nP1[time 0:00:45 ]\n)\n")
    assert f"RE[Game won by {winner}]" in again.stdout and "GN[g-alice-bob-42]" in again.stdout


@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=0, max_value=1))
def test_every_generated_round_as_boardspace_prints_it_reads_back(seed: int, first: int) -> None:
    """Half the rounds start with ``Start P1``: player 1 is then Black, on row 8."""
    moves, result = _a_round(seed)
    with tempfile.TemporaryDirectory() as tmp:
        read, text = _read(Path(tmp), _print_game_record(_steps(moves, first)))
    assert read == moves and f'[Result "{result}"]' in text
    assert (f'[Black "{"bob" if first else "alice"}"]') in text


def test_a_resignation_and_a_game_lost_on_time(tmp_path: Path) -> None:
    moves = _a_round(7)[0][:3]  # Black, Gold, Black: Gold (player 1) to move
    _, resigned = _read(tmp_path, _print_game_record([*_steps(moves), (1, "Resign "), (1, "Done ")], result="Game won by alice"))
    assert '[Termination "Gold (bob) resigned"]' in resigned and "[Result" not in resigned
    taken_back = _print_game_record([*_steps(moves), (1, "Resign "), (1, "Resign ")], times=False)
    assert "Termination" not in _read(tmp_path, taken_back)[1]
    # WinOnTime makes the player whose turn it is the winner (KamisadoBoard: setGameOver(true, false))
    _, on_time = _read(tmp_path, _print_game_record([*_steps(moves), (1, "WinOnTime ")], result="Game won by bob"))
    assert '[Termination "Black (alice) lost on time"]' in on_time
    assert '[BoardSpaceResult "Game won by bob"]' in on_time


def test_a_deadlock_as_boardspace_ends_it(tmp_path: Path) -> None:
    """BoardSpace ends a deadlocked game at once, the player who caused it losing
    (``KamisadoBoard.setNextStateAfterDone``: ``isDeadlock``), with no passes written."""
    deadlock = ["h8-c3", "a1-a6", "g8-g5", "c1-a3", "b8-d6", "a3-c5", "d6-h2", "c5-e7"]
    moves, text = _read(tmp_path, _print_game_record(_steps(deadlock), result="Game won by alice"))
    assert moves == deadlock
    assert '[Result "1-0"]' in text


def test_edit_then_start_only_sets_whose_turn(tmp_path: Path) -> None:
    """``Edit`` keeps the turn; ``Start P1`` gives it to player 1, who is to move: the
    game goes on as if neither were there (it was read turned round, with a T2)."""
    moves, result = _a_round(11)
    steps = _steps(moves)
    at = 1 + 2 * 3  # after Start and Black's, Gold's, Black's move: Gold (player 1) to move
    for pause in ([(1, "Edit "), (1, "Start P1")], [(0, "Edit "), (0, "Pickb C 4"), (0, "Dropb C 4"), (0, "Done ")]):
        edited = [*steps[:at], *pause, *steps[at:]]
        read, text = _read(tmp_path, _print_game_record(edited))
        assert read == moves and f'[Result "{result}"]' in text


def test_what_an_edit_cannot_give_a_record_is_refused(tmp_path: Path) -> None:
    steps = _steps(_a_round(11)[0])
    rearranged = [*steps[:7], (1, "Edit "), (1, "Pickb C 8"), (1, "Dropb C 6"), (1, "Start P1"), *steps[7:]]
    _refused(["convert", _sgf(tmp_path, _print_game_record(rearranged)), "--to", "text"], tmp_path, "the board is rearranged")
    given_away = [*steps[:7], (1, "Edit "), (1, "Start P0"), *steps[7:]]
    _refused(["convert", _sgf(tmp_path, _print_game_record(given_away)), "--to", "text"], tmp_path, "a turn given away")


def _sgf(tmp_path: Path, text: str) -> str:
    path = tmp_path / "edited.sgf"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _tokens(value: str) -> list[str]:
    """``lib.Tokenizer``'s tokens: words between spaces and quotes, a quoted string one
    token (``\\`` taking the next character as is), ``()[]{}`` each a token."""
    tokens, i = [], 0
    while i < len(value):
        c = value[i]
        if c in " \n\t\r":
            i += 1
        elif c == '"':
            out, i = [], i + 1
            while i < len(value) and value[i] != '"':
                i += value[i] == "\\"
                out.append(value[i])
                i += 1
            tokens.append("".join(out))
            i += 1
        elif c in "()[]{}":
            tokens.append(c)
            i += 1
        else:
            m = re.compile(r'[^ \n\t\r"()\[\]{}]+').match(value, i)
            assert m is not None
            tokens.append(m.group())
            i = m.end()
    return tokens


def _ours(column: str, row: str, first: int) -> str:
    """Our square of BoardSpace's cell (``G.CharToken``, ``G.IntToken``): the board
    turned half round when player 0 (row 1) starts."""
    assert len(column) == 1 and "A" <= column <= "H" and 1 <= int(row) <= 8
    if first == 1:
        return f"{column.lower()}{row}"
    return f"{chr(ord('h') - ord(column) + ord('A'))}{9 - int(row)}"


def _boardspace_reads(text: str) -> tuple[dict[int, str], list[str | None]]:
    """What BoardSpace's reader takes from a one-game SGF: the names, and the moves made
    (in our coordinates; ``None`` for a pass), each step parsed by the grammar of
    ``KamisadoMovespec.parse``. Fails where BoardSpace throws."""
    nodes = [re.findall(r"([A-Z][A-Z0-9]*)((?:\[(?:[^\]\\]|\\.)*\])+)", node) for node in re.split(r"(?m)^;|; ", text.strip()[2:-1])]
    props = [[(ident, re.sub(r"\\(.)", r"\1", v)) for ident, vals in node for v in re.findall(r"\[((?:[^\]\\]|\\.)*)\]", vals)] for node in nodes]
    root = dict(props[0])
    assert root["GM"].lower() == "kamisado"  # replayStandardProps: the game type
    assert 0 < int(root["VV"]) <= 2  # parseVersionCommand(name, value, 2)
    setup = _tokens(root["SU"])
    assert setup[0].lower() == "kamisado" and str(int(setup[1])) == setup[1]  # doInit(typ, longToken)
    names: dict[int, str] = {}
    moves: list[str | None] = []
    first = 0
    for node in props:
        for ident, value in node:
            if ident not in ("P0", "P1"):
                continue
            tokens = _tokens(value)
            if tokens[0] == "id":
                names[int(ident[1])] = tokens[1]
                continue
            if tokens[0] in ("time", "ranking", "country"):
                continue
            words = value.split()
            if words[0].isdigit():
                words = words[1:]
            op = words[0]
            assert op in ("Start", "Move", "Pickb", "Dropb", "Done", "Pass", "Resign", "Edit", "WinOnTime"), value
            if op == "Start":
                assert words[1] in ("P0", "P1") and not moves
                first = int(words[1][1])
            elif op == "Move":
                moves.append(f"{_ours(words[1], words[2], first)}-{_ours(words[3], words[4], first)}")
            elif op == "Pass":
                moves.append(None)
    return names, moves


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_what_we_write_boardspace_reads(seed: int) -> None:
    match = generate_match(random.Random(seed), target=1)
    match.headers[:] = [Header("Black", 'Mary "Q" Ann [2]', 1, 1) if h.name == "Black" else h for h in match.headers]
    with tempfile.TemporaryDirectory() as tmp:
        kmr, sgf = Path(tmp) / "round.kmr", Path(tmp) / "round.sgf"
        kmr.write_text(format_record(RecordFile("round.kmr", [match]), form=Form.TEXT), encoding="utf-8")
        written = runner.invoke(app, ["convert", str(kmr), "--to", "boardspace", "-o", str(sgf)])
        assert written.exit_code == 0, written.output
        names, moves = _boardspace_reads(sgf.read_text(encoding="utf-8"))
        ours = coords_moves(runner.invoke(app, ["convert", str(kmr), "--to", "coords"]).stdout)
    assert names[0] == 'Mary "Q" Ann [2]'
    assert moves == [None if m[:2] == m[3:] else m for m in ours]


def test_a_name_is_read_as_boardspace_reads_it(tmp_path: Path) -> None:
    """``parsePlayerInfo`` takes the name as ``lib.Tokenizer`` reads the next token: a
    quoted string with \\ escapes, or a word."""
    for written, name in (('id "Mary \\\\"Q\\\\" Ann \\[2\\]"', 'Mary "Q" Ann [2]'), ("id alice", "alice")):
        sgf = tmp_path / "names.sgf"
        sgf.write_text(f"(;GM[Kamisado]SU[kamisado 1]P0[{written}];P0[0 Start P0])", encoding="utf-8")
        result = runner.invoke(app, ["convert", str(sgf), "--to", "json"])
        assert result.exit_code == 0, result.output
        headers = {h["name"]: h["value"] for h in json.loads(result.stdout)["matches"][0]["headers"]}
        assert headers["Black"] == name


@pytest.mark.parametrize("body", ["CC[]" * 60_000, "C" + "[]" * 60_000], ids=["properties", "values"])
def test_memory_is_that_of_the_game_not_of_the_properties_passed_over(body: str, tmp_path: Path) -> None:
    """A root of 60,000 empty properties (or one property of 60,000 values) that no
    match is made of: the reader holds the file's text, never an object a property
    (before: 80 times the file's size; a 10 MB file peaked at 918 MB; now 4x at 60,000
    as at 300,000, once the reader's modules are imported)."""
    import tracemalloc

    path = tmp_path / "many.sgf"
    path.write_text("(;GM[Kamisado]CC[]C[][])\n", encoding="utf-8")
    read_record(str(path))  # (imports once, on a small file)
    path.write_text("(;GM[Kamisado]" + body + ")\n", encoding="utf-8")
    tracemalloc.start()
    try:
        record = read_record(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(record.matches) == 1
    assert peak < 10 * path.stat().st_size, peak


def test_a_game_of_no_boardspace_step_says_what_it_did_not_read(tmp_path: Path) -> None:
    """An SGF that names Kamisado and holds BoardSpace's players but no step of theirs,
    its nodes other properties (``;X[h8f6]``): a warning names them, where the first
    stands (before session 67 the game read as no move, and nothing said why)."""
    sgf = tmp_path / "other.sgf"
    sgf.write_text('(;GM[Kamisado]P0[id "a"]P1[id "b"]\n;X[h8f6];Y[a1a4]ZZ[1])\n', encoding="utf-8")
    (warning,) = [d for d in validate_file(str(sgf)).all_diagnostics()]
    assert (warning.line, warning.column, warning.severity) == (2, 2, Severity.WARNING)
    assert "X[…], Y[…], ZZ[…] are not read" in warning.message
