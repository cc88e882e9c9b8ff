"""Slips of a whole row or a round planted in generated legal matches, where the truth is
known: the matches (:func:`written`) in several forms and languages (``STYLES``), the
slips by kind (``KINDS``, :func:`plant`), what the replay makes of a record (its moves,
its winners) and the checks every planted slip must pass (:func:`check`). The tests of
the slips, the styles, the plies and the JSON edits plant with these."""

from __future__ import annotations

import random

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import PlyKind, replay_match
from kamisado_notation.checking.replayed import RoundReplay
from kamisado_notation.checking.slips import Plant, Planted, recogniser
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.diagnostics import Kind
from kamisado_notation.engine.position import Move
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import MatchRecord, RecordFile, RoundRecord
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def written(seed: int, form: Form, lang: str, target: int = 3) -> str:
    match = generate_match(random.Random(seed), target=target, coords=form is Form.COORDS)
    return format_record(RecordFile("<t>", matches=[match]), form=form, lang=lang)


def only_match(text: str) -> MatchRecord:
    (m,) = parse_record(text).matches
    return m


def played(rnd: RoundReplay) -> list[Move]:
    """The moves of a replayed round as a record names them: each ply's move but the
    back-entries of pushes (the pushed player's forced entry, which records leave out)."""
    return [ply.move for ply in rnd.plies if ply.move is not None and ply.kind is not PlyKind.BACK]


def moves_of(text: str) -> list[list[tuple[int, int, int]]]:
    """Each round's moves as (origin, target, distance), back-entries left out."""
    return [
        [(p.move.origin, p.move.target, p.move.distance) for p in rr.plies if p.move and p.kind is not PlyKind.BACK]
        for rr in replay_match(only_match(text)).rounds
    ]


def winners(text: str) -> dict[int, str | None]:
    """Each round's winner, by its place in the match (its number as written may be
    wrong; a round the replay found whose ``Round`` line was left out takes a place)."""
    (m,) = parse_record(text).matches
    places = {r.line: n for n, r in enumerate(m.rounds, 1)}
    out: dict[int, str | None] = {}
    added = place = 0
    for rr in replay_match(m).rounds:
        if rr.record.line in places:
            place = places[rr.record.line] + added
        else:  # (a round the replay split off: after the one before)
            added += 1
            place += 1
        out[place] = str(rr.result.winner) if rr.result else None
    return out


def other_fill(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    if rnd.fill is None or not rnd.lineups:
        return None
    return fill_word_swapped(text, rnd)


def fill_word_swapped(text: str, rnd: RoundRecord) -> Planted:
    """``text`` with round ``rnd``'s fill word (it has one) the other."""
    assert rnd.fill is not None
    lines = text.split("\n")
    written = f"fill {rnd.fill.value}"
    assert written in lines[rnd.line - 1]
    lines[rnd.line - 1] = lines[rnd.line - 1].replace(written, "fill " + ("right" if rnd.fill.value == "left" else "left"))
    return Planted("\n".join(lines), rnd.number, {rnd.line})


def no_fill(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    if rnd.fill is None or not rnd.lineups:
        return None
    lines = text.split("\n")
    lines[rnd.line - 1] = lines[rnd.line - 1].replace(f" fill {rnd.fill.value}", "")
    return Planted("\n".join(lines), rnd.number, {rnd.line})


def reverse_lineup(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    if not rnd.lineups:
        return None
    lu = rng.choice(rnd.lineups)
    lines = text.split("\n")
    lines[lu.line - 1] = f"Lineup {lu.side.title}: " + " ".join(c.title for c in reversed(lu.colours))
    return Planted("\n".join(lines), rnd.number, {lu.line})


def misnumber_round(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    lines = text.split("\n")
    written = f"Round {rnd.number}"
    assert lines[rnd.line - 1].startswith(written)
    lines[rnd.line - 1] = f"Round {rnd.number + rng.choice((1, 10))}" + lines[rnd.line - 1][len(written) :]
    return Planted("\n".join(lines), rnd.number, {rnd.line})


def drop_round_line(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    """The ``Round`` line of a round after the first left out (the later rounds numbered
    as if it were there)."""
    if rnd.number == 1:
        return None
    lines = text.split("\n")
    assert lines[rnd.line - 1].startswith(f"Round {rnd.number}")
    del lines[rnd.line - 1]
    return Planted("\n".join(lines), rnd.number, {rnd.line})  # (the round's next line now stands there)


def drop_round_line_renumbered(text: str, rnd: RoundRecord, rng: random.Random, style: tuple[Form, str]) -> Planted | None:
    """The ``Round`` line of a round after the first left out, and the later rounds
    numbered as if it had never been (each one less)."""
    planted = drop_round_line(text, rnd, rng, style)
    if planted is None:
        return None
    lines = planted.text.split("\n")
    touched = set(planted.lines)
    for n, line in enumerate(lines[rnd.line - 1 :], rnd.line):
        words = line.split(" ", 2)
        if words[0] == "Round" and int(words[1]) > rnd.number:
            lines[n - 1] = " ".join([words[0], str(int(words[1]) - 1), *words[2:]])
            touched.add(n)
    return Planted("\n".join(lines), rnd.number, touched)


#: the slips of a row or a round each planted as its registered module says (:mod:`~kamisado_notation.checking.slips`)
SEARCHED = [Kind.SWAPPED_ROW, Kind.MISSING_ROW, Kind.REPEATED_ROW, Kind.MIRRORED_ARROWS, Kind.DISTANCE_PLUS_ONE, Kind.EXTRA_PLACEHOLDER, Kind.MISSING_BACK_ENTRY]


KINDS: dict[str, Plant] = {
    **{kind.value: recogniser(kind).plant for kind in SEARCHED},
    "fill-word": other_fill,
    "no-fill-word": no_fill,
    "reversed-lineup": reverse_lineup,
    "round-number": misnumber_round,
    "missing-round": drop_round_line,
    "missing-round-renumbered": drop_round_line_renumbered,
}


#: the kind of diagnostic each planted slip is reported with, where it differs
REPORTED = {"no-fill-word": "fill-word", "missing-round-renumbered": "missing-round"}


STYLES = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.SHORT, "en"), (Form.SYMBOLS, "en"), (Form.COORDS, "en")]


def plant(kind: str, seed: int, style: tuple[Form, str], pick: int) -> tuple[str, Planted] | None:
    """A generated match in ``style`` with a slip of ``kind`` planted in one of its rounds
    (``pick`` chooses which, and where in it)."""
    form, lang = style
    text = written(seed, form, lang)
    m = only_match(text)
    rng = random.Random(pick)
    rounds = list(m.rounds)
    rng.shuffle(rounds)
    for rnd in rounds:
        planted = KINDS[kind](text, rnd, rng, style)
        if planted is not None:
            return text, planted
    return None


def check(kind: str, original: str, planted: Planted) -> bool:
    """The checks every planted slip must pass; whether its correction was certain."""
    report = validate_text(planted.text, path="t.kmr")
    diagnostics = report.all_diagnostics()
    errors = [d for d in diagnostics if d.severity == "error"]
    found = [d for d in diagnostics if d.kind == REPORTED.get(kind, kind)]
    certain = bool(found) and all(d.edits for d in found)
    if not errors and not certain:  # a slip that leaves a legal match, as played in the end, is no error
        return False
    # (none either where the replay reads the slip for certain: a Round line left out
    # where the entries tell where the round ends is a warning, its fix as certain)
    seen = any(d.line in planted.lines for d in errors or found)
    if seen:
        # seen where it is: no other line is blamed (where the correction is not certain,
        # the Result header may disagree with the score of the record as written: that is
        # true, and says where to look)
        blamed = [d for d in errors if d.line not in planted.lines and (certain or d.rule != "result")]
    else:
        # legal as written where it is (two entries that fit either way round, a row
        # left out that the next ones follow): nothing before it is blamed
        blamed = [d for d in errors if d.line < min(planted.lines) and d.rule != "result"]
    assert not blamed, (planted.lines, [d.format("t") for d in errors])
    before, after = winners(original), winners(planted.text)
    for number, winner in after.items():  # the rounds after a slip seen, where judged, as played
        if seen and number > planted.round and winner is not None:
            assert winner == before[number], (number, winner, before)
    if certain:
        fixed = fix_text(planted.text, path="t.kmr")
        assert fixed.valid, [d.format("fixed") for d in fixed.remaining.all_diagnostics()]  # type: ignore[union-attr]
        assert moves_of(fixed.text) == moves_of(original)
        assert after == before
    return certain
