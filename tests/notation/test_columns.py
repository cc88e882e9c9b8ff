"""A table's heading names its columns (``notation/kmr/columns.py``): a column of the
round, its fill, the turn's number, the player, the score or a note holds no move, so a
club's sheet that repeats the round's fill (``från höger``) on every row is read as its
moves, not with a second direction on each."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Side, fix_text, replay_match, validate_text
from kamisado_notation.engine.board import Direction
from kamisado_notation.engine.match import Fill
from kamisado_notation.notation.kmr.columns import Columns
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, only_match, winners, written

pytestmark = pytest.mark.reads_again

#: A club's sheet in three languages: its heading row, the fills' words, the directions',
#: the colours' (Orange … Brown) and its players.
SHEETS = {
    "sv": (
        "Rond;Fyllning;Drag nr;Spelare;Torn;Från;Till;Riktning;Rutor;Landar på;Ställning;Anm.",
        {Fill.LEFT: "från vänster", Fill.RIGHT: "från höger"},
        {Direction.FORWARD: "rakt fram", Direction.LEFT: "vänster", Direction.RIGHT: "höger", Direction.BACK: "bakåt"},
        "orange blå lila rosa gul röd grön brun",
    ),
    "de": (
        "Runde\tFüllung\tZug Nr.\tSpieler\tTurm\tVon\tNach\tRichtung\tFelder\tLandet auf\tStand\tBemerkung",
        {Fill.LEFT: "von links", Fill.RIGHT: "von rechts"},
        {Direction.FORWARD: "geradeaus", Direction.LEFT: "links", Direction.RIGHT: "rechts", Direction.BACK: "zurück"},
        "orange blau lila rosa gelb rot grün braun",
    ),
    "en": (
        "Round,Fill,Move no,Player,Tower,From,To,Direction,Squares,Lands on,Score,Notes",
        {Fill.LEFT: "from the left", Fill.RIGHT: "from the right"},
        {Direction.FORWARD: "straight", Direction.LEFT: "left", Direction.RIGHT: "right", Direction.BACK: "back"},
        "orange blue purple pink yellow red green brown",
    ),
}


def club_sheet(truth: str, lang: str) -> str:
    """Match ``truth`` as a club's sheet in ``lang``: a row a move, each with the round's
    number and fill (the first round's fill empty), the turn's number, the player, the
    tower, its squares, the direction, the distance, the landing colour, the score, a
    note."""
    heading, fills, directions, colour_words = SHEETS[lang]
    sep = "\t" if "\t" in heading else ";" if ";" in heading else ","
    colours = dict(
        zip(["orange", "blue", "purple", "pink", "yellow", "red", "green", "brown"], colour_words.split(), strict=True)
    )
    match = only_match(truth)
    rows = ["Kamisado" + sep * 11, heading]
    score = [0, 0]
    for rnd, written_round in zip(replay_match(match).rounds, match.rounds, strict=False):
        fill = fills[written_round.fill] if written_round.fill is not None else ""
        for k, ply in enumerate(rnd.plies):
            m = ply.move
            player = "Ann" if ply.side is Side.BLACK else "Bo"
            cells = [
                str(written_round.number),
                fill,
                str(k // 2 + 1),
                player,
                colours[m.tower.title.lower()],
                *m.coords().split("-"),
            ]
            cells += [
                directions[m.direction] if m.distance else "",
                str(m.distance),
                colours[m.square_colour.title.lower()],
                "",
                "",
            ]
            rows.append(sep.join(cells))
        if rnd.result is not None:
            score[rnd.result.winner is not Side.BLACK] += rnd.result.points
            rows[-1] = rows[-1][: rows[-1].rindex(sep, 0, rows[-1].rindex(sep))] + f"{sep}{score[0]}-{score[1]}{sep}"
        rows.append(sep * 11)
    return "\n".join(rows) + "\n"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(sorted(SHEETS)))
def test_a_club_sheet_with_a_column_of_fills_is_read_as_its_moves(seed: int, lang: str) -> None:
    """Every row repeats its round's fill (``från höger``: a direction's word) and number:
    the columns the heading names for them hold no move, and the sheet reads as the
    match, with no error."""
    truth = written(seed, Form.TEXT, "en")
    text = club_sheet(truth, lang)
    report = validate_text(text)
    assert [d.format("t") for d in report.all_diagnostics() if d.severity == "error"] == [], text
    fixed = fix_text(text).text  # (the sheet in our notation: its moves as read)
    assert moves_of(fixed) == moves_of(truth)
    assert winners(fixed) == winners(truth)


@pytest.mark.parametrize(
    "line",
    [
        "forward, orange, yellow, brown, round, left, onto, purple, pink, green, fill, black, gold",  # (a transcript's keywords)
        "Round one. I opened with my yellow, right four, landed on yellow. When played, then, round two, fill",  # (prose)
        "Black;Gold;Black;Gold",  # (the sides name columns of moves)
        "1;Round;Fill;Tower;Direction",  # (a digit: a row)
    ],
)
def test_what_is_no_heading_blanks_nothing(line: str) -> None:
    columns = Columns()
    assert not columns.learn(line)
    row = "1;från höger;1;Wen;rosa;d8;d6;rakt fram;2;röd;;"
    assert columns.blank(row) == row


def test_a_heading_blanks_its_columns_in_place_until_the_table_ends() -> None:
    columns = Columns()
    assert columns.learn("Rond;Fyllning;Drag nr;Spelare;Torn;Från;Till;Riktning;Rutor;Landar på;Ställning W-E;Anm.")
    row = "2;från höger;3;Wen;brun;e8;f7;vänster;1;gul;1-1;MÅL"
    blanked = columns.blank(row)
    assert len(blanked) == len(row)
    assert blanked.split(";")[4:10] == row.split(";")[4:10]
    assert "höger" not in blanked and "Wen" not in blanked and "MÅL" not in blanked
    assert columns.blank("That was the match.") == "That was the match."
    assert columns.blank(row) == row  # (a row after the table's end: no heading rules it)
