"""Fixing a record: every entry whose correction is certain, corrected in the text
(README: ``kamisado fix``).

The record is edited, not rewritten: each corrected entry's text is replaced where it
stands, a forgotten forfeit is written just before the entry that follows it, and each
change is marked by a ``{fix: …}`` comment saying what was written and why it changed.
Everything else — headers, comments, lineups, the layout, lines that could not be read —
stays as written. After a forfeit is inserted the entries after it in its round change
columns, so their turn numbers are renumbered (or blanked, before Gold's entries, where
a turn number does not belong). The result is then validated again: what remains is
what the redundancy could not decide.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from ..notation import parse_record
from ..notation.record import Entry, RoundRecord
from .correct import EntryFix
from .validate import FileReport, validate_text

__all__ = ["FixReport", "fix_text"]

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


def fix_text(text: str, *, path: str = "<string>") -> FixReport:
    """``text`` with every certain correction made; see the module docstring. Typographic
    quotes, zero-width characters, soft hyphens and no-break spaces are written plain
    (:mod:`~kamisado_notation.notation.text`; their warning is then a correction)."""
    from ..notation.text import plain_text
    from .replay import replay

    text, plain = plain_text(text)
    record = parse_record(text, path=path)
    fixes: list[EntryFix] = []
    corrections: list[Diagnostic] = [plain] if plain is not None else []
    shifted: list[RoundRecord] = []
    for match in record.matches:
        result = replay(match)
        fixes.extend(result.fixes)
        corrections.extend(d for d in result.diagnostics if any(f.entry.covers(d.line, d.column) for f in result.fixes))
        shifted.extend(r for r in match.rounds if any(f.inserted and f.entry in r.entries for f in result.fixes))
    fixed_text = _apply(text, fixes, shifted)
    return FixReport(fixed_text, corrections, validate_text(fixed_text, path=path))


def _comment(fix: EntryFix) -> str:
    why = fix.why.replace("{", "(").replace("}", ")")
    if fix.inserted is not None:
        return f"{{fix: inserted, {why}}}"
    written = fix.entry.text.replace("{", "(").replace("}", ")")
    return f"{{fix: was {written}, {why}}}"


def _apply(text: str, fixes: list[EntryFix], shifted: list[RoundRecord]) -> str:
    """The edits, made line by line from the right so that columns stay true."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom) :].splitlines(keepends=True)
    edits: dict[int, list[tuple[int, int, str]]] = defaultdict(list)  # line → (start, end, new)
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
    return bom + "".join(lines)


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
