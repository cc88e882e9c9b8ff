"""A match the reading could not judge, read again against the legal moves
(docs/record-decisions.md, "Read against the moves").

The reading judges a record by its entries; where text it does not know stopped a round,
:func:`~.aligned.align_lines` reads the match's text again as a whole, the legal moves
deciding what each piece of it says. That reading is taken where it judges more rounds
than the first, agrees with every round the first judged, and the first stopped at text
it read by its evidence or could not read (text in the notation means what it says: a
rules error there stands). The match is then the record that reading writes in our
notation (:func:`headers_text` and :func:`rounds_text`, what ``fix`` writes), judged as
any record is, with a warning that says so, one for the text set aside, and an error
where the reading could not go on with certainty.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise

from ..diagnostics import Diagnostic, Kind, Severity
from ..engine.board import Side
from ..engine.match import RoundResult
from ..engine.moves import Move
from ..engine.position import Position
from ..notation.kmr.evidence import in_a_sentence
from ..notation.kmr.numbered import numberings
from ..notation.writer import check_header
from .aligned import (
    AlignedRound,
    Alignment,
    Order,
    Piece,
    View,
    best_reading,
    in_another_voice,
    rounds_side_by_side,
    says_of,
)
from .correct import back_move
from .slips.after_end import QUOTED, READ_BY_EVIDENCE
from .styled_entries import MAY_STAND
from .targets import MATCH_FORMATS, fits, format_name, match_target

__all__ = ["MAX_REREAD", "Reread", "headers_text", "reread", "rounds_text"]

#: The longest text read again (in characters): a match's text is far shorter.
MAX_REREAD = 200_000
#: What a warning quotes of the text set aside, at most.
_QUOTED = 5
#: The kinds of diagnostic that say the reading read a line by its evidence, or could not
#: tell where a round starts (which the legal moves know: a round ends where a tower
#: reaches home).
_BY_EVIDENCE = frozenset(
    {Kind.EVIDENCE, Kind.SET_ASIDE, Kind.UNKNOWN_WORD, Kind.AFTER_END, Kind.MISSING_ROUND, Kind.ROUND_LINE, Kind.FILL_WORD, Kind.ROUND_NUMBER}
)
#: The kinds of diagnostic that stand at no entry written as it is read.
_NO_ENTRY = _BY_EVIDENCE | {Kind.MISSING_BACK_ENTRY, Kind.RUNNING_SCORE}
#: The rules whose error says where rounds start and end, not what an entry says: the
#: round is over (M7 a tower home, M8 a deadlock), the fills (F1-F4), the match's rounds.
_STRUCTURE = frozenset({"syntax", "M7", "M8", "F1", "F2", "F3", "F4", "match"})


@dataclass(frozen=True, slots=True)
class Reread:
    """A match read again: the record of it in our notation (``text``, its headers
    first), the rounds read
    (``judged``, their results in order) and what the reading says of the text read
    (``notes``, at its lines)."""

    text: str
    judged: list[RoundResult]
    notes: list[Diagnostic]


def reread(
    lines: Sequence[str], *, first_line: int, results: Sequence[RoundResult | None], diagnostics: Sequence[Diagnostic],
    headers: Mapping[str, str] | None = None,
) -> Reread | None:
    """The match of ``lines`` (from line ``first_line``) read against the legal moves,
    where that reading is to be taken over the reading's own (the ``results`` of its
    rounds, ``None`` for a round not judged, and its ``diagnostics``); else ``None``.
    ``headers``: the match's, which the record written keeps (:func:`headers_text`);
    where its ``Target`` or ``Match`` header says the points that win it, the rounds
    read are judged against them (else they tell its format)."""
    headers = headers or {}
    alignment = _taken_over(lines, first_line, results, diagnostics)
    if alignment is None:
        return None
    judged = alignment.judged
    found = [r.result for r in judged if r.result is not None]
    target = _header_target(headers)
    decided = _decided(found, target, _clues_after(alignment)) and (target is not None or not _round_after(alignment))
    return Reread(headers_text(headers, found) + rounds_text(judged), found, _notes(alignment, decided=decided))


def _taken_over(
    lines: Sequence[str], first_line: int, results: Sequence[RoundResult | None], diagnostics: Sequence[Diagnostic]
) -> Alignment | None:
    """The reading of ``lines`` against the legal moves, where it is taken over the
    reading's own (:func:`reread`): it keeps the entry the first error stands at, agrees
    with the rounds judged and judges more of them, or the first error stands in notes
    after them (:func:`_in_notes`), or it settles an entry the first error leaves between
    several moves (:func:`_settles`), or it reads the text newest first, every round
    judged (the first reading's error came of the order: moves read in the wrong order
    are seldom legal); else ``None``. A text the first reading found no match in is read
    again where its numbers name squares (a program's save: ``from="5,0"``), as is one
    whose reading judged no round (a sheet in digits, ``1. 5825  6152``, its rows set aside)."""
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    first = min(errors, key=lambda d: (d.line, d.column)) if errors else None
    if not _worth_reading(lines, first_line, errors, first, diagnostics) and not (all(r is None for r in results) and numberings(lines)):
        return None
    alignment = best_reading(lines, first_line)
    if alignment is None or not _holds_first(alignment, first, lines, first_line):
        return None
    if not _agrees(results, alignment.judged, _run_on(errors) | _guessed(diagnostics) | _erred(errors)):
        return None
    return alignment if _reads_more(alignment, first, results) else None


def _holds_first(alignment: Alignment, first: Diagnostic | None, lines: Sequence[str], first_line: int) -> bool:
    """Whether ``alignment`` reads the entry the first error (``first``) stands at as
    written (:func:`_keeps`); a table's rounds read across need not (their order was
    misread, so the errors say nothing of the entries)."""
    return first is None or alignment.order is Order.ACROSS or _keeps(alignment, first, lines, first_line)


def _reads_more(alignment: Alignment, first: Diagnostic | None, results: Sequence[RoundResult | None]) -> bool:
    """Whether ``alignment``, which agrees with the rounds the first reading judged
    (``results``), says more than it where that reading stopped at ``first``: it judges
    more rounds, or ``first`` stands in notes after them, or it settles the entry there,
    or it reads the text newest first, every round judged."""
    if len(alignment.judged) > sum(r is not None for r in results) or _in_notes(alignment, first) or _settles(alignment, first, results):
        return True
    if _between_judged(alignment, first, results):
        return True
    return first is not None and alignment.order.newest_first and alignment.whole


#: The errors that say where a round starts or ends (not what an entry says): an entry
#: after a round's end (``Sumo: S Rot, G Rosa`` under a form's table) is as likely notes.
_ROUND_START = frozenset({Kind.ROUND_NUMBER, Kind.ROUND_LINE, Kind.MISSING_ROUND, Kind.AFTER_END})


def _between_judged(alignment: Alignment, first: Diagnostic | None, results: Sequence[RoundResult | None]) -> bool:
    """Whether the ``first`` error says where a round starts or ends (a note between two
    tables, ``% Round 2 was over in two moves``, read as round 2's line; a form's ``Sumo:
    S Rot``, read as an entry after the round's end) or stands at text not
    read at all (``Round~2 took 3 moves``: TeX's unbreakable space), between two rounds
    that ``alignment`` judges, as many rounds as the first reading judged at least: the
    moves say where the rounds start, and what stands between them is notes."""
    if first is None or not _says_no_move(first) or len(alignment.judged) < sum(r is not None for r in results):
        return False
    spans = [_lines_of(alignment, rnd) for rnd in alignment.judged]
    return any(a[1] < first.line < b[0] for a, b in pairwise(spans))


def _says_no_move(d: Diagnostic) -> bool:
    """Whether ``d`` says where a round starts, or is a syntax error at text the reading
    could not read at all (no entry, no line of a known shape)."""
    return d.kind in _ROUND_START or (d.rule == "syntax" and d.kind is Kind.NONE)


def _settles(alignment: Alignment, first: Diagnostic | None, results: Sequence[RoundResult | None]) -> bool:
    """Whether reading against the moves settles the ``first`` error, in rounds judged
    with certainty, as many as the first reading judged, and one at least: an entry read
    by its evidence that the record leaves between several moves (``🔵 ↓2``: forward, or
    aslant read as any way), which it reads as one; or an entry read by its evidence
    whose clues the first reading took one too far (``B Ye stuck on g2 (pass),  G Or
    g6→g8``: the next entry's ``G``, Gold's, as the colour landed on), which it reads as
    written (:func:`_keeps`) in a round it judges."""
    if first is None or len(alignment.judged) < max(1, sum(r is not None for r in results)):
        return False
    return (len(first.suggestions) >= 2 and first.kind in READ_BY_EVIDENCE) or _judged_at(alignment, first.line)


def _judged_at(alignment: Alignment, line: int) -> bool:
    """Whether ``line`` stands among the entries of a round ``alignment`` judged."""
    return any(_lines_of(alignment, rnd)[0] <= line <= _lines_of(alignment, rnd)[1] for rnd in alignment.judged)


def _lines_of(alignment: Alignment, rnd: AlignedRound) -> tuple[int, int]:
    """The first and the last line of the entries ``alignment`` read round ``rnd`` from."""
    lines = [alignment.pieces[k].line for u in rnd.used if u is not None for k in range(*u)]
    return (min(lines), max(lines)) if lines else (0, -1)


def _in_notes(alignment: Alignment, first: Diagnostic | None) -> bool:
    """Whether the ``first`` error stands after the rounds ``alignment`` judged, in text
    that is notes on them (:attr:`~.aligned.Alignment.notes_after`: their moves quoted),
    which the first reading read as a round."""
    if first is None or not alignment.notes_after or not alignment.judged:
        return False
    end = max(u[1] for r in alignment.judged for u in r.used if u is not None)
    return first.line > alignment.pieces[end - 1].line


def _worth_reading(
    lines: Sequence[str], first_line: int, errors: list[Diagnostic], first: Diagnostic | None, diagnostics: Sequence[Diagnostic]
) -> bool:
    """Whether the match of ``lines`` is read again: not too long, and either its
    ``diagnostics`` say the first reading met text it could not read
    (:func:`_to_read_again`), or it holds rounds side by side (:func:`_side_by_side`)."""
    if sum(map(len, lines)) > MAX_REREAD:
        return False
    return _to_read_again(errors, first, diagnostics) or _side_by_side(errors, lines, first_line)


def _clues_after(alignment: Alignment) -> int:
    """How many clues (not weak) stand after the rounds ``alignment`` judged; none where
    what is read there is notes on them (:attr:`~.aligned.Alignment.notes_after`)."""
    if alignment.notes_after:
        return 0
    end = max((u[1] for r in alignment.judged for u in r.used if u is not None), default=len(alignment.pieces))
    return sum(1 for p in alignment.pieces[end:] if not p.weak)


def _round_after(alignment: Alignment) -> bool:
    """Whether ``alignment`` reads a round to its end after those it judged: the text
    goes on with a round, not judged with certainty. Where no header says the match's
    length, the rounds judged are then no whole match, though they reach a format's
    target (a match to 7 points whose first rounds stand 3-2); not notes on the rounds
    judged that quote their moves (:attr:`~.aligned.Alignment.notes_after`)."""
    return not alignment.notes_after and any(r.result is not None for r in alignment.rounds[len(alignment.judged) :])


def _header_target(headers: Mapping[str, str]) -> int | None:
    """The points that win the match, where its ``Target`` or ``Match`` header says."""
    if "Target" not in headers and "Match" not in headers:
        return None
    return match_target(headers.get("Match"), target=headers.get("Target"))


#: The most clues (not weak) the text after one round read may hold for that round to be
#: a single round's where no header names the format: four entries quoted, as the first
#: reading sets aside after a decided match (:data:`~.slips.after_end.QUOTED`).
_QUOTED_CLUES = 4 * QUOTED


def _decided(results: Sequence[RoundResult], target: int | None, after: int) -> bool:
    """Whether ``results`` decide the match: its winner reaches ``target`` or, with none
    known, the target of a format the last round reaches; but one round read is a single
    round, where no header says so, only where the text after it holds few clues
    (``after``, :data:`_QUOTED_CLUES`): the default single round is no sign that text
    full of moves after round 1 holds no round."""
    if target is None:
        name = _target(results)
        return name is not None and (name != format_name(1) or after <= _QUOTED_CLUES)
    return bool(results) and max(_scores(results)[-1]) >= target


def _to_read_again(errors: list[Diagnostic], first: Diagnostic | None, diagnostics: Sequence[Diagnostic]) -> bool:
    """Whether a match with these ``diagnostics`` (its ``errors``, the ``first`` of them)
    is read again: not another game's record, nor a record all in the notation (whose
    slips are named), nor one whose first error stands at text in the notation."""
    if any(d.kind is Kind.NOT_KAMISADO for d in errors) or not any(_unread(d) for d in diagnostics):
        return False
    return first is None or _misread(first, diagnostics)


def _side_by_side(errors: list[Diagnostic], lines: Sequence[str], first_line: int) -> bool:
    """Whether a match with ``errors`` is written as a table of rounds side by side
    (:mod:`.side_by_side`): entries in the notation, read row by row, run the rounds
    together, so the errors say nothing of the entries (the order was misread)."""
    return bool(errors) and not any(d.kind is Kind.NOT_KAMISADO for d in errors) and rounds_side_by_side(lines, first_line)


def _unread(d: Diagnostic) -> bool:
    """Whether ``d`` says the reading met text it does not know: a syntax error, or a
    line read by its evidence."""
    return d.kind in READ_BY_EVIDENCE or (d.rule == "syntax" and d.severity is Severity.ERROR and d.kind is not Kind.NO_MATCH)


def _misread(first: Diagnostic, diagnostics: Sequence[Diagnostic]) -> bool:
    """Whether ``first``, the first error of ``diagnostics``, stands at text read by its
    evidence or not read at all, or says where rounds start (not at text in the
    notation, which means what it says)."""
    if _no_entry_as_written(first):
        return True
    return any(d.kind in _BY_EVIDENCE and (d.line == first.line or any(e.line == first.line for e in d.edits)) for d in diagnostics)


def _keeps(alignment: Alignment, first: Diagnostic, lines: Sequence[str], first_line: int) -> bool:
    """Whether reading again reads the entry the first error stands at as written: every
    clue of it is used, or says what is true of the move read from it (an entry whose
    words say an illegal move stays an error: it is not read as another move by setting
    a word of it aside; a word said twice, a landing said again, may be); or the entry
    was read out of a sentence (of ``lines``, from line ``first_line``) that the reading
    again sets aside whole, a note's (``kijani chake. Na b8 iko wazi kwa sababu bluu``:
    his green. And b8 is open because blue…), or a remark in another voice than the
    record's (:func:`_a_remark_set_aside`)."""
    if _no_entry_as_written(first):
        return True
    at = _pieces_at(alignment, first)
    if at and _outside_moves(alignment, at):
        return True
    return _aside_says_true(alignment, at) or _a_note_set_aside(alignment, at, lines, first_line) or _said_again(alignment, at) or _a_remark_set_aside(alignment, at, lines, first_line)


def _a_remark_set_aside(alignment: Alignment, at: set[int], lines: Sequence[str], first_line: int) -> bool:
    """Whether the pieces ``at`` are all set aside, among the moves of the rounds the
    reading judges, and stand in another voice than those moves
    (:func:`~.aligned.in_another_voice`): a reply's remark, no entry of the record it quotes."""
    said = {alignment.pieces[k].line for k in at}
    return bool(at) and at <= set(alignment.aside) and all(map(partial(_judged_at, alignment), said)) and in_another_voice(alignment, lines, first_line, said)


def _outside_moves(alignment: Alignment, at: set[int]) -> bool:
    """Whether the pieces ``at`` (one at least) stand where ``alignment`` reads no move:
    before the match (a preamble's squares, a correction quoted ahead), between two rounds
    (a line after a round's end, its result said: 'Winner: GOLD (YELLOW home row)'), or in
    a line the writer took back ('corrijo R3·6 → …' after it)."""
    if max(at) < _first_used(alignment) or _between_rounds(alignment, at):
        return True
    return all(alignment.pieces[k].taken_back for k in at)


def _a_note_set_aside(alignment: Alignment, at: set[int], lines: Sequence[str], first_line: int) -> bool:
    """Whether the pieces ``at``, on one line, are all set aside and stand in a sentence
    (:func:`~kamisado_notation.notation.kmr.evidence.in_a_sentence`): a note's words, no entry."""
    said = [alignment.pieces[k] for k in sorted(at)]
    if not _on_one_line(said) or not at <= set(alignment.aside):
        return False
    line = lines[said[0].line - first_line]
    return in_a_sentence(line[said[0].column - 1 : said[-1].column - 1 + len(said[-1].text)])


def _said_again(alignment: Alignment, at: set[int]) -> bool:
    """Whether the pieces ``at`` (but common words) are all set aside and say only what is
    true of the move read last before them, or of the move read first after them: that
    move said twice (a bot's echo of the move it was given, ``⬛ 🩷 Pink d8 ➜ d7`` below
    ``!k mv d8 d7``; the move given, where the reading read it from the echo), no move
    of its own."""
    said = {k for k in at if not alignment.pieces[k].weak}  # (a common word is never set aside: 'on')
    if not said or not said <= set(alignment.aside):
        return False
    return any(_all_true_of(alignment, said, m) for m in _moves_beside(alignment, said))


def _all_true_of(alignment: Alignment, at: set[int], move: Move) -> bool:
    """Whether each piece ``at`` says what is true of ``move``."""
    return all(says_of(alignment.pieces[k], move, view=alignment.view) for k in at)


def _moves_beside(alignment: Alignment, at: set[int]) -> list[Move]:
    """The move ``alignment`` read last before the pieces ``at`` and the first after them
    (those there are)."""
    read = list(_moves_read(alignment))
    return [m for m, u in read if u[1] <= min(at)][-1:] + [m for m, u in read if u[0] > max(at)][:1]


def _on_one_line(pieces: list[Piece]) -> bool:
    """Whether ``pieces`` (one at least) all stand on one line."""
    return bool(pieces) and len({p.line for p in pieces}) == 1


def _no_entry_as_written(d: Diagnostic) -> bool:
    """Whether ``d`` stands at an entry read by its evidence or at text not read, or
    says where rounds start, or that a push's back-entry is left out (as records other
    than ours leave it), or a score written between rounds does not match (a chat's
    ``2-0``: the writer's side first as often as Black's): no entry as written."""
    return d.rule in _STRUCTURE or d.kind in _NO_ENTRY


def _aside_says_true(alignment: Alignment, at: set[int]) -> bool:
    """Whether each piece ``at`` that the reading set aside says what is true of a move
    it read from the pieces ``at``, or of the push before it (:func:`_turn_lost`)."""
    read = [m for m, u in _moves_read(alignment) if at & set(range(*u))]
    aside = at & set(alignment.aside)
    return all(any(says_of(alignment.pieces[k], m, view=alignment.view) for m in read) or _turn_lost(alignment, k) for k in aside)


def _moves_read(alignment: Alignment) -> Iterator[tuple[Move, tuple[int, int]]]:
    """Each move ``alignment`` read from clues, with the clues it read it from."""
    for rnd in alignment.rounds:
        yield from ((m, u) for m, u in zip(rnd.moves, rnd.used, strict=True) if u is not None)


def _turn_lost(alignment: Alignment, k: int) -> bool:
    """Whether piece ``k`` is a word for a tower pushed or a turn passed (``PUSHED``,
    ``(BLACK skips)``) said after a push, before the next move read: the tower pushed
    back, and its side loses its turn, as a server's log says on the line of the push's
    back-entry."""
    before = [m for m, u in _moves_read(alignment) if u[1] <= k]
    return alignment.pieces[k].clue.kind in ("PASS", "PUSHED") and bool(before) and bool(before[-1].push)


def _between_rounds(alignment: Alignment, at: set[int]) -> bool:
    """Whether the pieces ``at`` all stand after one round's last entry and before the
    next round's first, none read as a move (text between two rounds, ended by the
    moves)."""
    spans = [[u for u in r.used if u is not None] for r in alignment.rounds if r.result is not None]
    gaps = [(a[-1][1], b[0][0]) for a, b in pairwise(spans) if a and b]
    return any(all(end <= k < start for k in at) for end, start in gaps)


def _first_used(alignment: Alignment) -> int:
    """The first piece of evidence the reading read a move from."""
    return min((u[0] for r in alignment.rounds for u in r.used if u is not None), default=len(alignment.pieces))


def _pieces_at(alignment: Alignment, error: Diagnostic) -> set[int]:
    """The pieces of evidence of the entry ``error`` stands at: the text its edit
    replaces, or the rest of its line up to the end of the entry read against the moves
    there (where the first piece is read as a move's, that move's pieces; where it is set
    aside, those before the next move's: a line may hold a whole record, a notes app's
    text in one JSON string)."""
    old = _replaced(error)
    end = error.column + len(old) if old else 1 << 30
    at = {k for k, p in enumerate(alignment.pieces) if p.line == error.line and error.column <= p.column < end}
    if old or not at:
        return at
    stop = _entry_end(alignment, min(at))
    return {k for k in at if k < stop}


def _replaced(error: Diagnostic) -> str:
    """The text the edit of ``error`` on its own line replaces, or ``""``."""
    return next((str(getattr(e, "old", "")) for e in error.edits if e.line == error.line), "")


def _entry_end(alignment: Alignment, first: int) -> int:
    """Where the entry read against the moves from piece ``first`` on ends: the end of
    the move's pieces that holds it, or the next move's first piece (where it is set
    aside)."""
    spans = [u for r in alignment.rounds for u in r.used if u is not None]
    holding = next((u[1] for u in spans if u[0] <= first < u[1]), None)
    return holding if holding is not None else min((u[0] for u in spans if u[0] > first), default=len(alignment.pieces))


def _run_on(errors: Sequence[Diagnostic]) -> set[int | None]:
    """The rounds whose entries ran on after their end (M7, M8 errors: moves the round,
    as the first reading read it, cannot hold)."""
    return {d.round for d in errors if d.rule in ("M7", "M8")}


def _guessed(diagnostics: Sequence[Diagnostic]) -> set[int | None]:
    """The rounds in which the first reading took an entry that fits several moves for
    the one its round's replay went on best from (a guess, :data:`~.styled_entries.MAY_STAND`):
    a misread entry before it can make that one the wrong move."""
    return {d.round for d in diagnostics if MAY_STAND in d.message}


def _erred(errors: Sequence[Diagnostic]) -> set[int | None]:
    """The rounds the first reading judged with an error in them: it judged them after
    correcting an entry (a slip's correction: one player's arrows mirrored, a tower
    exchanged), and a correction that fits is not yet the move played."""
    return {d.round for d in errors}


def _agrees(results: Sequence[RoundResult | None], judged: list[AlignedRound], run_on: set[int | None]) -> bool:
    """Whether the rounds read again agree with each round the first reading judged, but
    those it is not sure of (``run_on``, by number: whose entries ran on after their end,
    the first reading ended them early, a misreading's end; those it guessed an entry
    of, or judged with an error in them)."""
    for n, (old, new) in enumerate(zip(results, judged, strict=False), 1):  # (the first reading may judge fewer)
        if n in run_on:
            continue
        if old is not None and new.result is not None and (old.winner, old.tower) != (new.result.winner, new.result.tower):
            return False
    return True


def headers_text(headers: Mapping[str, str], judged: Sequence[RoundResult]) -> str:
    """The header lines of a match read again: the ``headers`` written that are ours
    (but ``Result`` and ``Termination``, which its rounds decide), and its target
    (``Match``: as written, or the one its rounds show)."""
    out = [f'[{name} "{value}"]' for name, value in headers.items() if name not in ("Result", "Termination", "Match") and _ours(name, value)]
    target = headers.get("Match") or _target(judged)
    if target is not None and _ours("Match", target):
        out.append(f'[Match "{target}"]')
    return "".join(line + "\n" for line in out)


def rounds_text(rounds: Sequence[AlignedRound]) -> str:
    """The rounds of a match read from the standard start, in our notation."""
    out = []
    for number, rnd in enumerate(rounds, 1):
        position = rnd.start
        out.append("")
        out.append(f"Round {number}" + (f" fill {rnd.fill.value}" if rnd.fill is not None else ""))
        out.extend(_rows(_entries(rnd.moves, position)))
    return "\n".join(out) + "\n"


def _ours(name: str, value: str) -> bool:
    try:
        check_header(name, value)
    except ValueError:
        return False
    return True


def _target(results: Sequence[RoundResult]) -> str | None:
    """The match format the rounds end: the smallest target the last round reaches
    and no round before it does."""
    scores = _scores(results)
    return next((format_name(t) for _name, t in MATCH_FORMATS if scores and max(scores[-1]) >= t and fits(scores, len(scores), t)), None)


def _scores(results: Sequence[RoundResult]) -> list[tuple[int, int]]:
    """The score (Black's, Gold's) after each of ``results``."""
    black = gold = 0
    out = []
    for result in results:
        black += result.points * (result.winner is Side.BLACK)
        gold += result.points * (result.winner is Side.GOLD)
        out.append((black, gold))
    return out


def _entries(moves: Sequence[Move], start: Position) -> list[str | None]:
    """The entries of a round's moves in turn order (``None``: Black's ``...`` where
    Gold starts), a push's back-entry written after it."""
    entries: list[str | None] = [None] if moves and moves[0].side is Side.GOLD else []
    position = start
    for move in moves:
        entries.append(str(move))
        position = position.copy(stack=True)
        position.play(move)
        if move.push:
            entries.append(str(back_move(move, position)))
    return entries


def _rows(entries: list[str | None]) -> list[str]:
    rows = []
    for k in range(0, len(entries), 2):
        black = entries[k] if entries[k] is not None else "..."
        gold = entries[k + 1] if k + 1 < len(entries) else None
        rows.append(f"{k // 2 + 1}. {black:<24}{gold}" if gold is not None else f"{k // 2 + 1}. {black}")
    return rows


#: How a reading's order is said in its warning.
_ORDER_SAID = {
    Order.WRITTEN: "",
    Order.NEWEST_FIRST: ", newest first",
    Order.NEWEST_POST_FIRST: ", newest post first, each post read down",
    Order.ACROSS: ", its rounds side by side read one after another, each down its own columns",
}


def _notes(alignment: Alignment, *, decided: bool) -> list[Diagnostic]:
    """The warnings of a match read again, and the error where its reading stopped (a
    warning where the rounds read had ``decided`` the match: what follows is set aside)."""
    pieces = alignment.pieces
    judged = alignment.judged
    used = [u for r in judged for u in r.used if u is not None]
    end = used[-1][1]
    notes = [_read_against(alignment, len(used), pieces[used[0][0]])]
    aside = [pieces[k] for k in alignment.aside if k < end]
    if aside:
        notes.append(_set_aside(aside))
    if len(judged) < len(alignment.rounds) and end < len(pieces):
        notes.append(_after(pieces[end], len(judged), decided=decided))
    notes.extend(_unsettled(alignment))
    return notes


def _unsettled(alignment: Alignment) -> Iterator[Diagnostic]:
    """An error at each entry of the rounds judged whose words fit other moves as well
    (as an entry of the record the replay cannot settle is), the round going on alike after each (:attr:`~.aligned.AlignedRound.others`)."""
    for number, rnd in enumerate(alignment.judged, 1):
        for k, others in rnd.others.items():
            used = rnd.used[k]
            assert used is not None
            piece = alignment.pieces[used[0]]
            said = " or ".join(map(str, [rnd.moves[k], *others]))
            message = (
                f"its words fit moves that the rest of the round does not tell apart: {MAY_STAND} {said}; "
                "which one was played the record does not tell (the round ends alike after each), "
                "so fix does not write the match in our notation: say how far it went or where it landed"
            )
            yield Diagnostic("syntax", message, piece.line, piece.column, Severity.ERROR, round=number, kind=Kind.UNSETTLED)


def _read_against(alignment: Alignment, entries: int, first: Piece) -> Diagnostic:
    """The warning that the match is read against the legal moves (``entries`` of its
    rounds read, from piece ``first``): in which order, and whether its squares are
    seen from the other side."""
    judged = len(alignment.judged)
    flipped = "" if alignment.view is View.WRITTEN else f" ({alignment.view})"
    if alignment.numbering is not None:
        flipped += f" (its squares written as numbers: {alignment.numbering.said})"
    order = _ORDER_SAID[alignment.order]
    where = "from here up" if alignment.order.newest_first else "from here on"
    return Diagnostic(
        "syntax",
        f"the record is read against the legal moves{flipped}{order}: {entries} entries of {judged} "
        f"round{'s' if judged != 1 else ''} {where} read by what their words say of "
        "a move the rules allow there; fix writes the match in our notation",
        first.line, first.column, Severity.WARNING, kind=Kind.EVIDENCE,
    )


def _after(nxt: Piece, judged: int, *, decided: bool) -> Diagnostic:
    """What is said of the text after the ``judged`` rounds read (from piece ``nxt``):
    set aside where they decided the match (a signature, a quoted mail, a note after the
    last round), else an error: the next round is not judged."""
    if decided:
        message = f"the text after round {judged} is set aside: the rounds read decide the match, and its words fit no round after them with certainty"
        return Diagnostic("syntax", message, nxt.line, nxt.column, Severity.WARNING, kind=Kind.SET_ASIDE)
    message = (
        f"round {judged + 1} is not judged: from here the record's words fit more than one "
        "reading of the moves, or none well enough to be sure of"
    )
    return Diagnostic("syntax", message, nxt.line, nxt.column, Severity.ERROR, round=judged + 1, kind=Kind.EVIDENCE)


def _set_aside(aside: list[Piece]) -> Diagnostic:
    """The warning of the words a match read again set aside (``aside``, in order)."""
    quoted = " ".join(repr(p.text) for p in aside[:_QUOTED])
    more = f" and {len(aside) - _QUOTED} more" if len(aside) > _QUOTED else ""
    return Diagnostic(
        "syntax",
        f"words that fit no move where they stand are set aside, the first here: {quoted}{more}",
        aside[0].line, aside[0].column, Severity.WARNING, kind=Kind.SET_ASIDE,
    )
