"""Record edits applied to a record's text: what ``kamisado fix`` writes.

The record is edited, not rewritten: each edit (:data:`~kamisado_notation.diagnostics.Edit`)
changes the text where it stands, and is marked by a ``{fix: …}`` comment saying what was
written and why it changed (``{fix: was Purple Lfet 5 Green, …}``, ``{fix: inserted, …}``,
``{fix: removed …, …}``). A renumbered turn number is not marked: the edit that moved it
is; nor is a mark after an entry rewritten (:class:`~kamisado_notation.diagnostics.RewriteMark`:
the one warning of its style says it). Everything else — headers, comments, lineups, the layout — stays as written, and the
edits are placed by the lines and columns of the text as it was, so their order does not
matter.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import singledispatch

from ..diagnostics import (
    DeleteEntry,
    DeleteRow,
    Edit,
    InsertEntry,
    InsertLine,
    InsertRow,
    Renumber,
    ReplaceEntry,
    RewriteLine,
    RewriteMark,
    SwapEntries,
)
from ..errors import ArgumentError
from ..notation.text import LINE

__all__ = ["Applied", "apply_edits", "edit_text"]

#: A turn number just before an entry: ``12.`` and the blanks after it.
_NUMBER = re.compile(r"(\d+)\.(\s*)$")

#: A change within a line: (start, end, new text), 0-based columns of the line as written.
_Span = tuple[int, int, str]


@dataclass(frozen=True)
class Applied:
    """A text with edits made (:func:`edit_text`): the ``text``, and what changed where,
    to find a place of it in the text as it was (:meth:`before`)."""

    text: str
    #: line (as it was) → its changes within the line
    spans: dict[int, list[_Span]] = field(default_factory=dict)
    #: line (as it was) → how many rows were inserted before it
    rows: dict[int, int] = field(default_factory=dict)

    def before(self, line: int, column: int) -> tuple[int, int]:
        """``line``:``column`` of the edited text, in the text as it was (a place in a
        row inserted: the start of the line it was inserted before)."""
        shift = 0
        for at, count in sorted(self.rows.items()):
            if line < at + shift:
                break
            if line < at + shift + count:
                return at, 1
            shift += count
        line -= shift
        moved = 0
        for start, end, new in sorted(self.spans.get(line, ())):
            if column - 1 < start + moved + len(new):
                break
            moved += len(new) - (end - start)
        return line, column - moved


def _plain(text: str) -> str:
    """``text`` fit to stand in a braced comment."""
    return text.replace("{", "(").replace("}", ")")


def _mark(what: str, why: str) -> str:
    return f"{{fix: {what}, {_plain(why)}}}"


@singledispatch
def _spans(edit: Edit, line: str) -> list[_Span]:
    """The changes an entry-level edit makes to its ``line`` (one function a kind of edit,
    registered below; none for an edit of whole lines)."""
    return []


@_spans.register
def _entry_replaced(edit: ReplaceEntry, line: str) -> list[_Span]:
    start = edit.column - 1
    return [(start, start + len(edit.old), f"{edit.new} {_mark('was ' + _plain(edit.old), edit.why)}")]


@_spans.register
def _entry_inserted(edit: InsertEntry, line: str) -> list[_Span]:
    start = edit.column - 1
    return [(start, start, f"{edit.new} {_mark('inserted', edit.why)} ")]


@_spans.register
def _entry_deleted(edit: DeleteEntry, line: str) -> list[_Span]:
    start = edit.column - 1
    return [(start, start + len(edit.old), _mark("removed " + _plain(edit.old), edit.why))]


@_spans.register
def _entries_swapped(edit: SwapEntries, line: str) -> list[_Span]:
    start, other = edit.column - 1, edit.other - 1
    between = line[start + len(edit.first) : other]
    written = _plain(edit.first + between + edit.second)
    return [(start, other + len(edit.second), f"{edit.second}{between}{edit.first} {_mark('was ' + written, edit.why)}")]


@_spans.register
def _mark_rewritten(edit: RewriteMark, line: str) -> list[_Span]:
    start, end = edit.column - 1, edit.column - 1 + len(edit.old)
    return [(start, end, edit.new or (" " if _parts_words(line, start, end) else ""))]


def _parts_words(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` stands between two letters or digits (``f7;80;gut!``:
    taken out, it leaves a blank, not ``f7gut!``)."""
    return 0 < start and end < len(line) and line[start - 1].isalnum() and line[end].isalnum()


@_spans.register
def _number_rewritten(edit: Renumber, line: str) -> list[_Span]:
    m = _NUMBER.search(line, 0, edit.column - 1)
    if m is None:
        return []
    width = m.end(1) + 1 - m.start(1)
    number = f"{edit.number}." if edit.number is not None else ""
    return [(m.start(1), m.end(1) + 1, number.ljust(width))]


#: What no edit may write: a line break of any reader of text (``str.splitlines``'s).
_BREAKS = re.compile("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")


def _placed(
    edits: Iterable[Edit], lines: list[str]
) -> tuple[dict[int, list[_Span]], dict[int, list[str]], dict[int, DeleteRow | RewriteLine]]:
    """The changes ``edits`` make to ``lines``, each checked first (:func:`_refusal`):
    line → its changes within it, line → the rows inserted before it, line → the edit
    that replaces it whole. :class:`ArgumentError` for the first that does not fit."""
    spans: dict[int, list[_Span]] = defaultdict(list)
    before: dict[int, list[str]] = defaultdict(list)
    whole: dict[int, DeleteRow | RewriteLine] = {}
    for edit in dict.fromkeys(edits):  # (the same edit twice, from two diagnostics: made once)
        _refuse(edit, lines, whole)
        if isinstance(edit, (InsertRow, InsertLine)):
            before[edit.line].append(f"{edit.new} {_mark('inserted', edit.why)}")
        elif isinstance(edit, (DeleteRow, RewriteLine)):
            whole[edit.line] = edit
        else:
            spans[edit.line].extend(_spans(edit, lines[edit.line - 1]))
    for number, changes in spans.items():
        changes[:] = _outermost(changes)
        _refuse_overlaps(number, changes, whole)
    return spans, before, whole


def _refuse(edit: Edit, lines: list[str], whole: dict[int, DeleteRow | RewriteLine]) -> None:
    """:class:`ArgumentError` when ``edit`` cannot be made in ``lines`` (:func:`_refusal`),
    or replaces a line another edit replaces ``whole``."""
    refused = _refusal(edit, lines)
    if refused is None and isinstance(edit, (DeleteRow, RewriteLine)) and edit.line in whole:
        refused = f"line {edit.line} is replaced twice"
    if refused is not None:
        raise ArgumentError(f"edit refused, nothing made: {refused}: {repr(edit)[:200]}")


def _refuse_overlaps(number: int, changes: list[_Span], whole: dict[int, DeleteRow | RewriteLine]) -> None:
    """:class:`ArgumentError` when two of line ``number``'s ``changes`` change the same
    characters, or the line is also replaced ``whole``."""
    for (start, end, _), (start2, end2, _) in itertools.pairwise(sorted(changes)):
        if start2 < end or (start2 == start == end == end2):  # (two insertions at one place: which first?)
            raise ArgumentError(f"edit refused, nothing made: two edits change line {number} at column {start2 + 1}")
    if number in whole:
        raise ArgumentError(f"edit refused, nothing made: line {number} is replaced whole and changed within")


def _refusal(edit: Edit, lines: list[str]) -> str | None:
    """Why ``edit`` cannot be made in the text of ``lines`` (each with its ending), or
    ``None`` when it fits."""
    if _breaks_a_line(edit):
        return "a line break in what it writes or says"
    last = len(lines) + 1 if isinstance(edit, (InsertRow, InsertLine)) else len(lines)  # (a row may be written after the last line)
    if not 1 <= edit.line <= last:
        return f"no line {edit.line} (the text has {len(lines)})"
    if isinstance(edit, (InsertRow, InsertLine)):
        return None
    body = lines[edit.line - 1].rstrip("\r\n")
    if isinstance(edit, (DeleteRow, RewriteLine)):
        return None if _written_in(edit.old, body) else f"line {edit.line} does not hold {edit.old!r}"
    return _span_refusal(edit, body)


def _breaks_a_line(edit: Edit) -> bool:
    """Whether a text ``edit`` writes or says holds a line break."""
    return any(isinstance(value, str) and _BREAKS.search(value) for value in edit)


def _span_refusal(edit: ReplaceEntry | InsertEntry | DeleteEntry | SwapEntries | RewriteMark | Renumber, body: str) -> str | None:
    """Why the edit within a line, whose text is ``body``, cannot be made there."""
    start = edit.column - 1
    if not 0 <= start <= len(body):
        return f"no column {edit.column} in line {edit.line} ({len(body)} characters)"
    if isinstance(edit, SwapEntries) and edit.other - 1 < start + len(edit.first):
        return f"the second entry (column {edit.other}) is not after the first"
    for at, old in _said_written(edit, start):
        if body[at : at + len(old)] != old:
            return f"line {edit.line} does not hold {old!r} at column {at + 1}"
    return None


def _said_written(edit: ReplaceEntry | InsertEntry | DeleteEntry | SwapEntries | RewriteMark | Renumber, start: int) -> list[tuple[int, str]]:
    """What an edit within a line says is written there, and where (its ``start`` and
    after): the entry or mark it replaces or removes, the two entries it swaps; nothing
    for an insertion or a renumbering."""
    if isinstance(edit, (ReplaceEntry, DeleteEntry, RewriteMark)):
        return [(start, edit.old)]
    if isinstance(edit, SwapEntries):
        return [(start, edit.first), (edit.other - 1, edit.second)]
    return []


def _written_in(old: str, body: str) -> bool:
    """Whether the words of ``old`` stand in ``body`` in their order (a whole-line edit
    says what the line holds by its words: a header's name, a row's entries)."""
    at = 0
    for word in old.split():
        at = body.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


def _outermost(changes: list[_Span]) -> list[_Span]:
    """``changes`` without those inside another (a word's abbreviation written in full
    within an entry another edit rewrites whole: the entry's new text says it all)."""
    return [c for c in changes if not (c[0] < c[1] and _inside_another(c, changes))]


def _inside_another(c: _Span, changes: list[_Span]) -> bool:
    """Whether the change ``c`` stands inside a longer one of ``changes``."""
    return any(o is not c and o[0] <= c[0] and c[1] <= o[1] and o[1] - o[0] > c[1] - c[0] for o in changes)


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """``text`` with ``edits`` made (see the module docstring); :class:`ArgumentError`,
    and nothing made, when one of them does not fit the text (:func:`edit_text`)."""
    return edit_text(text, edits).text


def edit_text(text: str, edits: Iterable[Edit]) -> Applied:
    """``text`` with ``edits`` made, and what changed where. Edits within a line are
    made from the right, so that the columns of the others stay true; a row inserted
    before a line takes that line's indentation and line ending.

    Every edit is checked before any is made (:func:`_refusal`): its line and column
    in the text, what it says is written there still written there, no line break in
    what it writes, and no two edits changing the same characters (one inside another
    is the outer one's: :func:`_outermost`; the same edit twice is made once). When one
    does not fit, :class:`ArgumentError` names it and the first reason, and nothing is
    made: an edit of another text, or of this one as it was before other edits, would
    write over whatever stands at its place now."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = LINE.findall(text, len(bom))
    spans, before, whole = _placed(edits, lines)
    for number, changes in spans.items():
        lines[number - 1] = _changed(lines[number - 1], changes)
    for number, replacing in whole.items():
        lines[number - 1] = _replaced(lines[number - 1], replacing)
    _insert_rows(lines, before)
    return Applied(bom + "".join(lines), dict(spans), {n: len(rows) for n, rows in before.items()})


def _changed(line: str, changes: list[_Span]) -> str:
    """``line`` with its ``changes`` made, from the right: the columns of the others stay true."""
    for start, end, new in sorted(changes, reverse=True):
        line = line[:start] + new + line[end:]
    return line


def _replaced(line: str, edit: DeleteRow | RewriteLine) -> str:
    """``line`` replaced whole by ``edit``: its indentation and ending kept, and what it
    held (its comments too) said in the mark."""
    indent, ending = _layout(line)
    written = _plain(line.strip())
    if isinstance(edit, DeleteRow):
        return indent + _mark("removed " + written, edit.why) + ending
    return f"{indent}{edit.new} {_mark('was ' + written, edit.why)}{ending}"


def _insert_rows(lines: list[str], before: dict[int, list[str]]) -> None:
    """Insert the rows ``before`` holds before their lines, each with the indentation and
    the line ending of the line it goes before."""
    for number, rows in sorted(before.items(), reverse=True):  # (from the last: line numbers stay true)
        line = lines[number - 1] if number <= len(lines) else "\n"
        if number > len(lines) and lines and not _layout(lines[-1])[1]:
            lines[-1] += "\n"  # (a row after a last line without an ending: one of its own)
        indent, ending = _layout(line)
        lines[number - 1 : number - 1] = [indent + row + (ending or "\n") for row in rows]


def _layout(line: str) -> tuple[str, str]:
    """A line's indentation and its ending (empty for a last line without one)."""
    body = line.rstrip("\r\n")
    return body[: len(body) - len(body.lstrip())], line[len(body) :]

