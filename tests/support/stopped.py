"""A record with a round the replay cannot finish (a move no legal move is near) and a
later round restarted from its lineups (:func:`slipped`), built from a generated
three-round match; the tolerance's and the diagrams' tests use it."""

from __future__ import annotations

import random
from functools import cache

from kamisado_notation.checking.replay import MatchReplay, PlyKind, replay_match
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Entry, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def written(seed: int, form: Form = Form.TEXT, lang: str = "en", target: int = 3) -> str:
    match = generate_match(random.Random(seed), target=target, coords=form is Form.COORDS)
    return format_record(RecordFile("<t>", matches=[match]), form=form, lang=lang)


def judged(text: str) -> MatchReplay:
    (match,) = parse_record(text).matches
    return replay_match(match)


def edit(text: str, entry: Entry, new: str) -> str:
    """``text`` with ``entry``'s text replaced by ``new`` where it stands."""
    lines = text.split("\n")
    line, start = lines[entry.line - 1], entry.column - 1
    assert line[start : start + len(entry.text)] == entry.text
    lines[entry.line - 1] = line[:start] + new + line[start + len(entry.text) :]
    return "\n".join(lines)


def lineups_of(text: str, index: int) -> str:
    """The ``Lineup`` lines of round ``index`` as the replay fills it."""
    start = judged(text).rounds[index].start
    rows = []
    for side, squares in (("Black", [63 - f for f in range(8)]), ("Gold", list(range(8)))):
        row = [start.board[sq] for sq in squares]
        rows.append(f"Lineup {side}: " + " ".join(t.colour.title for t in row if t is not None))
    return "\n".join(rows)


@cache
def three_rounds(seed: int) -> str:
    for s in range(seed, seed + 200):
        text = written(s)
        r = judged(text)
        if (
            len(r.rounds) >= 3
            and sum(p.kind is PlyKind.MOVE for p in r.rounds[2].plies) >= 2
            and sum(p.kind is PlyKind.MOVE for p in r.rounds[1].plies) >= 3
        ):
            return text
    raise AssertionError("no generated match of three rounds")  # pragma: no cover


def slipped(with_lineups: bool) -> tuple[str, Entry, Entry]:
    """A record with an uncorrectable slip in round 2 (a move no legal move is near) and a
    wrong square colour in round 3; with round 3's lineups or without."""
    text = three_rounds(3)
    if with_lineups:
        rec = parse_record(text).matches[0].rounds[2]
        lines = text.split("\n")
        lines.insert(rec.line, lineups_of(text, 2))
        text = "\n".join(lines)
    r = judged(text)
    bad = next(p for p in r.rounds[1].plies[1:] if p.kind is PlyKind.MOVE)
    assert bad.move is not None and bad.move.tower is not None
    late = [p for p in r.rounds[2].plies if p.kind is PlyKind.MOVE][1]
    assert late.move is not None
    square = next(c for c in ("Red", "Blue") if c != late.move.square_colour.title)
    text = edit(text, late.entry, " ".join(late.entry.text.split()[:-1] + [square]))
    text = edit(text, bad.entry, f"{bad.move.tower.title} Back 7 {bad.move.square_colour.title}")
    return text, bad.entry, late.entry
