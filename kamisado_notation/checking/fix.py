"""Fixing a record: every certain correction the replay found, made in the text
(README: ``kamisado fix``).

Each diagnostic with a certain correction carries it as record edits
(:attr:`~kamisado_notation.diagnostics.Diagnostic.edits`: an entry replaced, a forgotten
forfeit or ``...`` inserted, a row's entries swapped, a missing row inserted, a repeated
row removed, a line rewritten…); :func:`~.edits.apply_edits` makes them where they stand,
each marked by a ``{fix: …}`` comment saying what was written and why it changed, with
the turn numbers the inserted or removed entries moved renumbered. Everything else —
headers, comments, lineups, the layout, lines that could not be read — stays as written;
but an app's log (JSON objects, or objects as a script writes them, a line each) is data,
not a record in the notation: its match is written in our notation first (as ``convert``
writes it), then corrected, and a match read again against the legal moves is written
as read.
A correction can make another certain (an entry's slip shows only once the entry after it
is corrected): the text is corrected again until nothing more is certain, so that fixing
the result again changes nothing. The result is then validated again: what remains is
what the redundancy could not decide.

:func:`fix_lines` (and :func:`fix_file`) do the same a match at a time, as the lines
come: memory holds a match, whatever the length of the record.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..diagnostics import WARNING, Diagnostic, Edit, Kind, Severity
from ..errors import ArgumentError
from ..notation import iter_matches, parse_record
from ..notation.kmr.containers import unwrapped
from ..notation.kmr.numbered import as_read
from .edits import Applied, edit_text
from .matches import next_round
from .validate import FileReport, validate_text

if TYPE_CHECKING:
    from ..engine.board import Side
    from ..notation.record import MatchRecord
    from .aligned import AlignedRound

__all__ = ["FixReport", "FixedPart", "fix_file", "fix_lines", "fix_text"]

@dataclass
class FixReport:
    """What :func:`fix_text` did: the corrected ``text``, the ``corrections`` made (the
    input's diagnostics that were corrected, with their suggestion), and the validation
    of the result (``remaining``: what still is wrong)."""

    text: str
    corrections: list[Diagnostic] = field(default_factory=list)
    remaining: FileReport | None = None

    @property
    def valid(self) -> bool:
        return self.remaining is not None and self.remaining.valid

    @property
    def changed(self) -> bool:
        return bool(self.corrections)


@dataclass
class FixedPart:
    """A part of a record fixed as :func:`fix_lines` goes: the lines from ``first_line``
    (one match with the lines after it up to the next, and the first one the lines
    before it: a key to the record's signs there is read with it), as ``text`` corrected; the ``corrections`` made and what is still wrong
    (``remaining``), both at the lines of the record as given (a line fix inserted is
    placed at the line it stands before), so that one path names them all; ``valid``: no error remains in it;
    ``matches``: how many it holds (another pasted in without headers counts,
    :mod:`.matches`)."""

    text: str
    first_line: int
    corrections: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    valid: bool = True
    matches: int = 0


def fix_file(path: str, *, encoding: str | None = None) -> Iterator[FixedPart]:
    """:func:`fix_lines` of the ``.kmr`` file ``path`` (``-``: standard input; in
    ``encoding`` when given, written as UTF-8) read a line at a time
    (:func:`~kamisado_notation.notation.files.opening.written_lines`: raises
    :class:`~kamisado_notation.errors.RecordIOError` when it cannot be read and
    :class:`~kamisado_notation.errors.NotationError` at binary data or invalid UTF-8)."""
    from ..notation.files.opening import source_name, written_lines

    return fix_lines(written_lines(path, encoding=encoding), path=source_name(path))


def fix_lines(lines: Iterable[str], *, path: str = "<string>") -> Iterator[FixedPart]:
    """The record whose ``lines`` (each with its ending, as written) are given, fixed a
    part at a time (:class:`FixedPart`: each match, the first with the text before it):
    the parts' texts joined are what :func:`fix_text` makes of the whole text, and their
    corrections and remaining diagnostics are its. Memory holds a part."""
    held: deque[str] = deque()  # the lines read and not yet given in a part
    written: list[str] | None = []  # the lines as written, while no match has started

    def given() -> Iterator[str]:
        for line in lines:
            if written is not None:
                written.append(line)
            yield line

    def kept() -> Iterator[str]:
        for line in unwrapped(given()):  # (a JSON document's strings: the record it holds is what is fixed)
            held.append(line)
            yield line

    first = 1  # the line number of held[0]
    matches = 0  # the matches in the parts given
    started = False  # held[0] starts a match
    parts: list[FixedPart] = []
    last: dict[str, str] = {}  # the headers of the match read last
    for match in iter_matches(kept(), path=path):
        headers, last = last, match.headers.as_dict()
        if started and next_round(headers, last):
            continue  # (a round written as a game of its own: fixed with the games before it, as one match)
        if started:  # the part before it, a match and the text after it, is complete
            text = "".join(held.popleft() for _ in range(match.line - first))
            part = _fixed(text, first, path, matches)
            yield from _once_a_file(part, parts)
            matches += part.matches
            first = match.line
        started = True  # (the text before the first match is read with it: a key to its signs there is its)
        written = None
    rest = "".join(held if started or written is None else as_read(written))  # (no match read: a save's numbers may name its squares)
    yield from _once_a_file(_fixed(rest, first, path, matches, alone=not started), parts)


def _once_a_file(part: FixedPart, given: list[FixedPart]) -> Iterator[FixedPart]:
    """``part``, its plain-text correction dropped when a part given before had one (the
    text warning is one a file); ``given`` keeps the one part that had it."""
    if any(d.rule == "text" for d in part.corrections):
        if given:
            part.corrections = [d for d in part.corrections if d.rule != "text"]
        else:
            given.append(part)
    yield part


def _fixed(text: str, first_line: int, path: str, before: int, *, alone: bool = False) -> FixedPart:
    """One part fixed: ``text``, from line ``first_line``, after ``before`` matches (the
    first part holds the text before the first match too); ``alone``: the record has
    no match (so it is its whole text)."""
    offset = first_line - 1
    fixed, corrections, report, earlier = _corrected(text, path)
    if not alone:
        report.diagnostics = [d for d in report.diagnostics if d.kind is not Kind.NO_MATCH]
    return FixedPart(
        fixed,
        first_line,
        [_moved_down(d, offset, before) for d in corrections],
        [_moved_down(_as_first_given(d, earlier), offset, before) for d in report.all_diagnostics()],
        report.valid,
        len(report.matches),
    )


def _moved_down(d: Diagnostic, lines: int, matches: int) -> Diagnostic:
    """``d`` of a part read alone, at the record's own line and match numbers."""
    if not lines and not matches:
        return d
    return replace(d, line=d.line + lines if d.line else 0, match=d.match + matches if d.match is not None else None)


#: The most rounds of corrections one fix makes: a correction can make another certain
#: (an entry's slip is known only once the entry after it is corrected), so the text is
#: corrected again until nothing more is certain; in practice two rounds, rarely three.
_MAX_PASSES = 8


def fix_text(text: str, *, path: str = "<string>") -> FixReport:
    """``text`` with every certain correction made (so that fixing the result again
    changes nothing); see the module docstring. Typographic quotes, zero-width
    characters, soft hyphens and no-break spaces are written plain
    (:mod:`~kamisado_notation.notation.text`; their warning is then a correction)."""
    text = "".join(as_read(text.splitlines(keepends=True)))  # (a JSON document's strings: the record it holds)
    return FixReport(*_corrected(text, path)[:3])


def _corrected(text: str, path: str) -> tuple[str, list[Diagnostic], FileReport, list[Applied]]:
    """``text`` corrected until no correction is certain, the corrections made (the
    diagnostics of the text as it was at each round, at the columns of ``text``), the
    validation of the result, and what each round's edits changed (to place a
    diagnostic of the result in ``text``: :func:`_as_first_given`). The text is read
    once as given, and once after each round's edits: each validation says what remains,
    and whether more may be certain (only then is the text read for more)."""
    from ..notation.text import plain_text

    text, plain = plain_text(text)
    corrections: list[Diagnostic] = [plain] if plain is not None else []
    report = validate_text(text, path=path)
    again = report.written_again()
    if again is not None:  # (a match read again against the legal moves: written as read)
        written, notes = again
        return written, [*corrections, *notes], validate_text(written, path=path), []
    if not _app_log(text):
        fixed = _passes(text, path, list(corrections), report)
        return fixed if not _worse(fixed[2], report) else _as_replayed(text, path, corrections, report)
    log = _replayed(text, path) or _converted(text)  # (data, not a record in the notation: its match written in our notation, then corrected)
    if log is None:
        report.diagnostics.append(_UNWRITTEN)
        return text, corrections, report, []
    return _passes(log, path, corrections, None)


def _passes(
    text: str, path: str, corrections: list[Diagnostic], report: FileReport | None
) -> tuple[str, list[Diagnostic], FileReport, list[Applied]]:
    """:func:`_corrected`'s rounds of corrections of ``text`` (``corrections``: those
    made before; ``report``: the validation of ``text``, where it was made), each
    round's edits made at once, until none is certain; the result's validation is the
    last one made (a text is validated once)."""
    earlier: list[Applied] = []  # what each round's edits changed
    for _ in range(_MAX_PASSES):
        fixes, found = _certain(text, path)
        if not fixes:
            break
        corrections.extend(_as_first_given(d, earlier) for d in found)
        applied = _edited(text, fixes)
        text = applied.text
        earlier.append(applied)
        report = validate_text(text, path=path)
        again = report.written_again()
        if again is not None:  # (the text corrected is read again against the legal moves: written as read)
            written, notes = again
            found_again = [*corrections, *(_as_first_given(d, earlier) for d in notes)]
            return written, sorted(found_again, key=lambda d: (d.line, d.column)), validate_text(written, path=path), []
        if not any(d.suggestions or d.edits for d in report.all_diagnostics()):  # nothing more can be certain (a correction, or edits alone: 'remove them')
            break
    if report is None:  # (a text not validated yet: an app's log written in our notation, with nothing to correct)
        report = validate_text(text, path=path)
    return text, sorted(corrections, key=lambda d: (d.line, d.column)), report, earlier


def _worse(fixed: FileReport, given: FileReport) -> bool:
    """Whether the record ``fix`` made (its validation, ``fixed``) has more errors than
    the one it was given (``given``), or judges fewer rounds: corrections that break a
    record the reading read (a table's cells taken out around the squares they held; a
    sheet read again that stops after its first round) are not made; nor are those after
    which a round read is judged with the other winner."""
    return _errors(fixed) > _errors(given) or _rounds_judged(fixed) < _rounds_judged(given) or _winner_changed(fixed, given)


def _winners(report: FileReport) -> list[Side | None]:
    """The winner of each round of the matches of ``report``, in order (``None``: not judged)."""
    return [result.winner if result is not None else None for m in report.matches for _, result in m.rounds]


def _rounds_judged(report: FileReport) -> int:
    """How many rounds of the matches of ``report`` have a result."""
    return sum(w is not None for w in _winners(report))


def _winner_changed(fixed: FileReport, given: FileReport) -> bool:
    """Whether a round judged in both ``given`` and ``fixed`` has another winner in ``fixed``."""
    return any(a is not None and b is not None and a != b for a, b in zip(_winners(given), _winners(fixed), strict=False))


def _errors(report: FileReport) -> int:
    """How many errors ``report`` holds."""
    return sum(d.severity is Severity.ERROR for d in report.all_diagnostics())


def _as_replayed(
    text: str, path: str, corrections: list[Diagnostic], report: FileReport
) -> tuple[str, list[Diagnostic], FileReport, list[Applied]]:
    """What ``fix`` makes of ``text`` where its corrections made it worse
    (:func:`_worse`): its one match as the replay read it, in our notation, where the
    replay found no error in it (:func:`_replayed`); else ``text`` as it is, with a
    warning that says so."""
    written = _replayed(text, path)
    if written is None:
        report.diagnostics.append(_UNMADE)
        return text, corrections, report, []
    return written, [*corrections, _REPLAYED], validate_text(written, path=path), []


#: What fix says of a record it writes as the replay read it, its corrections set aside.
_REPLAYED = Diagnostic(
    "syntax",
    "the record's corrections, made in place, would break its reading: fix writes the match as it was read, in our notation",
    1,
    1,
    WARNING,
)
#: What fix says of a record whose corrections would break it, and that it cannot write whole.
_UNMADE = Diagnostic(
    "syntax",
    "the record's corrections, made in place, would break its reading, and its match cannot be written whole in our notation: fix leaves it as it is",
    1,
    1,
    WARNING,
)


def _app_log(text: str) -> bool:
    """Whether ``text`` is an app's log: two lines or more that are JSON objects, or
    objects as a script writes them (data, not a record written in the notation, so no
    edit is made inside it)."""
    from ..notation.kmr.slow_tiers import json_object

    return sum(map(json_object, text.splitlines())) >= _LOGGED


def _replayed(text: str, path: str) -> str | None:
    """The match of ``text``, an app's log, as the replay made it, in our notation (each
    entry the move it was read as, each round where its side to move starts), where the
    log holds one match the replay found no error in; else ``None``."""
    from .reread import headers_text, rounds_text

    record = parse_record(text, path=path)
    if len(record.matches) != 1 or record.errors:
        return None
    rounds = _rounds_replayed(record.matches[0])
    if not rounds:
        return None
    results = [r.result for r in rounds if r.result is not None]
    return headers_text({h.name: h.value for h in record.matches[0].headers}, results) + rounds_text(rounds)


def _rounds_replayed(match: MatchRecord) -> list[AlignedRound]:
    """The rounds of ``match`` as the replay made them, each its moves written (not a
    push's back-entry, which follows its push); none where the replay found an error."""
    from .aligned import AlignedRound
    from .replay import PlyKind, replay_match

    replayed = replay_match(match)
    if not replayed.valid:
        return []
    return [AlignedRound(r.fill, r.start, [p.move for p in r.plies if p.move and p.kind is not PlyKind.BACK], result=r.result) for r in replayed.rounds]


def _converted(text: str) -> str | None:
    """The record of ``text``'s match in our notation, where it can be written whole."""
    from ..notation.writer import Form
    from .conversion import convert_text

    return convert_text(text, form=Form.TEXT)


#: What fix says of an app's log it cannot write whole: it is left as it is.
_UNWRITTEN = Diagnostic(
    "syntax",
    "an app's log whose match cannot be written whole in our notation is left as it is: fix edits nothing "
    "inside its objects (correct the entries the errors name in the app, or by hand)",
    1,
    1,
    WARNING,
)


#: The lines that are JSON objects a text holds at least to be an app's log.
_LOGGED = 2


def _edited(text: str, fixes: list[Edit]) -> Applied:
    """``text`` with ``fixes`` made. Where two of the corrections found change the same
    characters (two readings of one place, which the checks of :func:`edit_text` refuse),
    each is kept that fits with those kept before it, in their order, and the others wait
    for the next pass: a correction found is never a traceback."""
    try:
        return edit_text(text, fixes)
    except ArgumentError:
        kept: list[Edit] = []
        for edit in fixes:
            try:
                edit_text(text, [*kept, edit])
            except ArgumentError:
                continue
            kept.append(edit)
        return edit_text(text, kept)


def _certain(text: str, path: str) -> tuple[list[Edit], list[Diagnostic]]:
    """The certain corrections of ``text``, as record edits, and the diagnostics that
    carry them."""
    from .matches import split_matches
    from .replay import replay_match

    record = parse_record(text, path=path)
    fixes, found = _file_edits(record.errors)
    for match in split_matches(record.matches):  # (numbered as validate numbers them)
        result = replay_match(match)
        fixes.extend(result.fixes)
        found.extend(d for d in result.diagnostics if d.edits)
    return fixes, found


def _file_edits(errors: list[Diagnostic]) -> tuple[list[Edit], list[Diagnostic]]:
    """The certain corrections of the diagnostics of a file, not of a match (a comment
    in parentheses before the first match), and the diagnostics that carry them."""
    found = [d for d in errors if d.edits]
    return [e for d in found for e in d.edits], found


def _as_first_given(d: Diagnostic, earlier: list[Applied]) -> Diagnostic:
    """``d``, found in a text that ``earlier`` rounds of edits made, at the line and
    column of the text as first given (each round's edits undone, from the last)."""
    line, column = d.line, d.column
    for applied in reversed(earlier):
        line, column = applied.before(line, column)
    return d if (line, column) == (d.line, d.column) else replace(d, line=line, column=column)
