"""Fixing a record: every entry whose correction is certain, corrected in the text
(README: ``kamisado fix``).

The record is edited, not rewritten: each corrected entry's text is replaced where it
stands, a forgotten forfeit is written just before the entry that follows it, and each
change is marked by a ``{fix: …}`` comment saying what was written and why it changed.
Everything else — headers, comments, lineups, the layout, lines that could not be read —
stays as written. After a forfeit is inserted the entries after it in its round change
columns, so their turn numbers are renumbered (or blanked, before Gold's entries, where
a turn number does not belong). A correction can make another certain (an entry's slip
shows only once the entry after it is corrected): the text is corrected again until
nothing more is certain, so that fixing the result again changes nothing. The result is
then validated again: what remains is what the redundancy could not decide.

:func:`fix_lines` (and :func:`fix_file`) do the same a match at a time, as the lines
come: memory holds a match, whatever the length of the record.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from ..diagnostics import Diagnostic, Severity
from ..notation import iter_matches, parse_record
from ..notation.record import Entry, RoundRecord
from .correct import EntryFix
from .validate import NO_MATCH, FileReport, validate_text

__all__ = ["FixReport", "FixedPart", "fix_file", "fix_lines", "fix_text"]

#: A turn number just before an entry: ``12.`` and the blanks after it.
_NUMBER = re.compile(r"(\d+)\.(\s*)$")


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
    (the lines before the first match, or one match with the lines after it up to the
    next), as ``text`` corrected; the ``corrections`` made and what is still wrong
    (``remaining``), at the record's own lines; ``valid``: no error remains in it."""

    text: str
    first_line: int
    corrections: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    valid: bool = True


def fix_file(path: str, *, encoding: str | None = None) -> Iterator[FixedPart]:
    """:func:`fix_lines` of the ``.kmr`` file ``path`` (``-``: standard input; in
    ``encoding`` when given, written as UTF-8) read a line at a time
    (:func:`~kamisado_notation.notation.files.written_lines`: raises
    :class:`~kamisado_notation.errors.RecordIOError` when it cannot be read and
    :class:`~kamisado_notation.errors.NotationError` at binary data or invalid UTF-8)."""
    from ..notation.files import source_name, written_lines

    return fix_lines(written_lines(path, encoding=encoding), path=source_name(path))


def fix_lines(lines: Iterable[str], *, path: str = "<string>") -> Iterator[FixedPart]:
    """The record whose ``lines`` (each with its ending, as written) are given, fixed a
    part at a time (:class:`FixedPart`: the text before the first match, then each match):
    the parts' texts joined are what :func:`fix_text` makes of the whole text, and their
    corrections and remaining diagnostics are its. Memory holds a part."""
    held: deque[str] = deque()  # the lines read and not yet given in a part

    def kept() -> Iterator[str]:
        for line in lines:
            held.append(line)
            yield line

    first = 1  # the line number of held[0]
    matches = 0  # the matches in the parts given
    started = False  # held[0] starts a match
    parts: list[FixedPart] = []
    for match in iter_matches(kept(), path=path):
        if match.line > first:  # the part before it is complete
            text = "".join(held.popleft() for _ in range(match.line - first))
            yield from _once_a_file(_fixed(text, first, path, matches, leading=not started), parts)
            matches += started
        first, started = match.line, True
    yield from _once_a_file(_fixed("".join(held), first, path, matches, leading=False, alone=not started), parts)


def _once_a_file(part: FixedPart, given: list[FixedPart]) -> Iterator[FixedPart]:
    """``part``, its plain-text correction dropped when a part given before had one (the
    text warning is one a file); ``given`` keeps the one part that had it."""
    if any(d.rule == "text" for d in part.corrections):
        if given:
            part.corrections = [d for d in part.corrections if d.rule != "text"]
        else:
            given.append(part)
    yield part


def _fixed(text: str, first_line: int, path: str, before: int, *, leading: bool, alone: bool = False) -> FixedPart:
    """One part fixed: ``text``, from line ``first_line``, after ``before`` matches;
    ``leading``: the lines before the first match (only syntax errors there);
    ``alone``: the record has no match (so it is its whole text)."""
    offset = first_line - 1
    if leading:
        record = parse_record(text, path=path)
        errors = [_moved_down(d, offset, before) for d in record.errors]
        return FixedPart(text, first_line, [], errors, not any(d.severity is Severity.ERROR for d in errors))
    fixed, corrections, report = _corrected(text, path)
    if not alone:
        report.diagnostics = [d for d in report.diagnostics if d.message != NO_MATCH]
    return FixedPart(
        fixed,
        first_line,
        [_moved_down(d, offset, before) for d in corrections],
        [_moved_down(d, offset, before) for d in report.all_diagnostics()],
        report.valid,
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
    return FixReport(*_corrected(text, path))


def _corrected(text: str, path: str) -> tuple[str, list[Diagnostic], FileReport]:
    """``text`` corrected until no correction is certain, the corrections made (the
    diagnostics of the text as it was at each round, at the columns of ``text``), and the
    validation of the result. Each round's result is validated (what remains must be
    said); only when that still suggests a correction is the text read for more."""
    from ..notation.text import plain_text

    text, plain = plain_text(text)
    corrections: list[Diagnostic] = [plain] if plain is not None else []
    earlier: list[dict[int, list[_Edit]]] = []  # each round's edits, by line
    for _ in range(_MAX_PASSES):
        fixes, found, shifted = _certain(text, path)
        if not fixes:
            break
        corrections.extend(_at_first_columns(d, earlier) for d in found)
        text, edits = _apply(text, fixes, shifted)
        earlier.append(edits)
        report = validate_text(text, path=path)
        if not any(d.suggestions for d in report.all_diagnostics()):  # nothing more can be certain
            return text, sorted(corrections, key=lambda d: (d.line, d.column)), report
    return text, sorted(corrections, key=lambda d: (d.line, d.column)), validate_text(text, path=path)


def _certain(text: str, path: str) -> tuple[list[EntryFix], list[Diagnostic], list[RoundRecord]]:
    """The certain corrections of ``text``, the diagnostics they correct, and the rounds
    where a forfeit is inserted."""
    from .replay import replay

    fixes: list[EntryFix] = []
    found: list[Diagnostic] = []
    shifted: list[RoundRecord] = []
    for match in parse_record(text, path=path).matches:
        result = replay(match)
        fixes.extend(result.fixes)
        found.extend(d for d in result.diagnostics if any(f.entry.covers(d.line, d.column) for f in result.fixes))
        shifted.extend(r for r in match.rounds if any(f.inserted and f.entry in r.entries for f in result.fixes))
    return fixes, found, shifted


#: An edit of a line: its text from ``start`` to ``end`` (0-based columns) becomes ``new``.
_Edit = tuple[int, int, str]


def _at_first_columns(d: Diagnostic, earlier: list[dict[int, list[_Edit]]]) -> Diagnostic:
    """``d``, found in a text that ``earlier`` rounds of edits made, at the column of the
    text as first given (the edits to its left, each round's undone from the last)."""
    column = d.column
    for edits in reversed(earlier):
        shift = 0
        for start, end, new in sorted(edits.get(d.line, ())):
            if column - 1 < start + shift + len(new):
                break
            shift += len(new) - (end - start)
        column -= shift
    return d if column == d.column else replace(d, column=column)


def _comment(fix: EntryFix) -> str:
    why = fix.why.replace("{", "(").replace("}", ")")
    if fix.inserted is not None:
        return f"{{fix: inserted, {why}}}"
    written = fix.entry.text.replace("{", "(").replace("}", ")")
    return f"{{fix: was {written}, {why}}}"


#: A line with its ending (as the reader cuts lines: "\r\n", "\n" or "\r" alone).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+\Z")


def _apply(text: str, fixes: list[EntryFix], shifted: list[RoundRecord]) -> tuple[str, dict[int, list[_Edit]]]:
    """The edits, made line by line from the right so that columns stay true; and the
    edits, by line."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = _LINE.findall(text, len(bom))
    edits: dict[int, list[_Edit]] = defaultdict(list)  # line → (start, end, new)
    for fix in fixes:
        e = fix.entry
        start = e.column - 1
        if fix.inserted is not None:
            edits[e.line].append((start, start, f"{fix.inserted} {_comment(fix)} "))
        if fix.corrected is not None:
            edits[e.line].append((start, start + len(e.text), f"{fix.corrected} {_comment(fix)}"))
    inserted = {id(f.entry) for f in fixes if f.inserted is not None}
    for rnd in shifted:
        for entry, index in _moved(rnd, inserted):
            edit = _renumbered(lines[entry.line - 1], entry, index)
            if edit is not None:
                edits[entry.line].append(edit)
    for number, changes in edits.items():
        line = lines[number - 1]
        for start, end, new in sorted(changes, reverse=True):
            line = line[:start] + new + line[end:]
        lines[number - 1] = line
    return bom + "".join(lines), edits


def _moved(rnd: RoundRecord, inserted: set[int]) -> list[tuple[Entry, int]]:
    """The numbered entries of ``rnd`` that forfeits inserted before them moved, with
    their new index in the round."""
    shift = 0
    moved = []
    for index, entry in enumerate(rnd.entries):
        if id(entry) in inserted:
            shift += 1  # its own number now stands before the forfeit: still right
        elif shift and entry.number is not None:
            moved.append((entry, index + shift))
    return moved


def _renumbered(line: str, entry: Entry, index: int) -> tuple[int, int, str] | None:
    """The edit of the turn number written before ``entry`` (now at ``index``): the new
    row's number, or blanks where the entry is now Gold's."""
    m = _NUMBER.search(line, 0, entry.column - 1)
    if m is None:
        return None
    number = f"{index // 2 + 1}." if index % 2 == 0 else ""
    return (m.start(1), m.end(1) + 1, number.ljust(m.end(1) + 1 - m.start(1)))
