"""Reading move notation and ``.kmr`` match records (docs/notation.md §5, §7) into the record model.

One LALR grammar (``grammars/kmr.lark`` with the vocabulary terminals of
``grammars/words.lark``, generated from the docs/notation.md §4 tables) defines the syntax of a line.
One compiled regular expression tokenises a line and the tables of
:mod:`~kamisado_notation.notation.vocabulary` name each word's terminal; :class:`FastLexer` feeds
those tokens to lark. A word that means two things (``R`` Red or Right, ``left`` a
direction or a fill) becomes the terminal the parser expects at that point.

Records are read line by line, so one bad line does not hide the errors of later lines:
each becomes a ``Diagnostic(rule="syntax")`` (one a line: the first error on it) and the
line is left out of the model. The lines a record is mostly made of (a row of entries, a
header, a ``Round`` or ``Lineup`` line) are read whole by one compiled regex each and
plain dict lookups (:func:`fast_match`, :func:`fast_other`), about 10x lark's own lexer
and parser; any line they do not take goes to the general path (:func:`parse_line`: the
regex lexer and lark's LALR parser), which gives every error message
(``bench/bench_parse.py``, ``bench/bench_validate.py``). Either way a line is read in time
linear in its length, whatever its shape (``bench/bench_hostile_lines.py``). The assembler builds matches
from the lines in order (a header line after moves starts the next match) before any
rules check, so a record full of illegal moves still parses.

Decisions (docs/notation.md §7 leaves them open):

- A comment belongs to the element before it (on its line, or on lines of its own after
  it); comments on lines of their own just before a header that starts a new match
  (after the last blank line) belong to that match (``MatchRecord.comments``), like a
  ``# Game 2`` title.
- Turn numbers are optional and do not change the meaning of a record. A wrong one (not
  the row's number, or before Gold's entry) is reported as a *warning* with rule
  ``syntax``; the record stays valid.
- Moves before any ``Round`` line belong to an implicit round 1 (self-play streams);
  a ``Lineup`` before any ``Round`` line likewise.
- ``{braced}`` comments end on the line they start (like ``#`` comments); an unclosed
  ``{`` is a syntax error at that line, which keeps recovery line-local.

The parts live in private modules, one job each: :mod:`._lexing` (tokens, FastLexer),
:mod:`._grammar` (grammar, transformer, parser), :mod:`.general_path` (the general path
for one line), :mod:`._fast_paths` (the whole-line regexes), :mod:`._syntax_errors`
(NotationError and its wording), :mod:`._assembly` (lines to matches). This module is
the public API and reads whole texts and files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from ..errors import NotationError
from .assembly import Assembler, feed
from .digits import lookalike_digit
from .fast_paths import (
    OTHER_RE,
    OTHER_STARTS,
    ROW_RE,
    SEG_RE,
    blank_braced,
    fast_match,
    fast_other,
    fast_segments,
    reading_fast,
)
from .record import Comment, Entry, Header, Lineup, MatchRecord, RecordFile, RoundRecord
from .text import has_odd, iter_plain, plain_lines

# The grammar (lark) is imported only where a line needs it (:func:`parse_entry`,
# ``assembly.feed``): a record the fast paths read whole never loads it.

__all__ = ["iter_matches", "parse_entry", "parse_record", "read_entry"]

#: A fast-path pattern's ``match`` (or :func:`_never`, with the fast paths off).
Matcher = Callable[..., "re.Match[str] | None"]


def parse_entry(text: str) -> Entry:
    """One move in any form (``紫↖5黃``, ``Purple Left 5 Yellow``, ``Pu L5 Ye``,
    ``lila balra 5 sárga``, ``d8-d4``…). Raises :class:`NotationError`.

    >>> entry = parse_entry("紫↖5黃")
    >>> entry.tower.title, entry.direction.name, entry.distance, entry.square_colour.title
    ('Purple', 'LEFT', 5, 'Yellow')
    >>> parse_entry("d8-d4").is_coords
    True
    """
    entry, unknown = read_entry(text)
    if unknown:
        raise unknown[0]
    return entry


def read_entry(text: str) -> tuple[Entry, list[NotationError]]:
    """One move, as :func:`parse_entry` reads it, but with an unknown word in one of its
    slots read past, as a record's reader does (the slot ``None``, named in
    :attr:`Entry.unread`), and that word's error (columns counted in ``text``); no error
    when the text is a move. Raises :class:`NotationError` when it is no move even so.

    >>> entry, errors = read_entry("Purple Lfet 5 Green")
    >>> entry.unread, entry.distance, str(errors[0])[:25]
    ('direction', 5, "unknown word 'Lfet': expe")
    """
    if not isinstance(text, str):
        raise NotationError(f"not text: {type(text).__name__}")
    if "\n" in text or "\r" in text:
        raise NotationError("one move, on one line, expected")
    from .general_path import read_line
    from .syntax_errors import quote

    items, comments, unknown = read_line(text, 1)
    entries = items[0] if len(items) == 1 and isinstance(items[0], list) else []
    if len(entries) != 1 or entries[0][0].placeholder or entries[0][0].number is not None or comments:
        raise NotationError(f"expected exactly one move, got {quote(text)}")
    return entries[0][0], unknown


# ------------------------------------------------------------------------ whole files


def iter_matches(
    lines: Iterable[str],
    *,
    path: str = "<string>",
    _file: RecordFile | None = None,
    first_line: int = 1,
    first_index: int = 1,
) -> Iterator[MatchRecord]:
    """The matches of a record, one at a time, as the lines come (each line with or
    without its line ending). Memory holds one line and one match. Syntax
    problems become diagnostics (never exceptions); those outside any match go to
    ``_file.errors`` when a :class:`RecordFile` is given. ``first_line`` and ``first_index`` are the
    line number of the first line and the index of the first match, for a part of a file
    that starts at a match (so its diagnostics and indices are the whole file's).

    >>> [m] = iter_matches(["Round 1", "1. Pu L1 Pu  Ye R1 Ye"])
    >>> [entry.text for entry in m.rounds[0].entries]
    ['Pu L1 Pu', 'Ye R1 Ye']
    """
    if isinstance(lines, (str, bytes, bytearray)):
        raise TypeError("iter_matches reads lines (an iterable of str): for one whole text, use parse_record")
    cleaned = iter_plain(_cleaned(lines, _file), None if _file is None else _file.errors, first_line)
    return read_lines(cleaned, path, _file, first_line=first_line, first_index=first_index)


def _cleaned(lines: Iterable[str], record: RecordFile | None) -> Iterator[str]:
    """Each line without its ending ("\n", "\r\n" — noted in ``record.crlf`` — or "\r"),
    the first without a BOM (``record.bom``); a line that holds a "\r" or "\n" inside is
    several lines (an old Mac file ends its lines with "\r" alone)."""
    first = True
    for line in lines:
        if first:
            first = False
            if line.startswith("\ufeff"):
                line = line[1:]
                if record is not None:
                    record.bom = True
        if line.endswith("\n"):
            line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
                if record is not None:
                    record.crlf = True
        elif line.endswith("\r"):
            line = line[:-1]
        if "\r" in line or "\n" in line:  # line endings inside the line
            yield from _LINE_BREAK.split(line)
        else:
            yield line


#: A line ending: "\n", "\r\n", or "\r" alone (old Mac files).
_LINE_BREAK = re.compile("\r\n|\r|\n")


def block_lines(text: str, record: RecordFile | None, first: bool, first_line: int = 1) -> list[str]:
    """The lines of a block of whole lines (the last may lack its ending), as
    :func:`_cleaned` gives them, split in C when the block holds no "\r", read as plain
    text (:mod:`.text`: its warning in ``record.errors``, at the line numbered from
    ``first_line``). ``first``: the block starts the file (and may start with a BOM)."""
    if first and text.startswith("\ufeff"):
        text = text[1:]
        if record is not None:
            record.bom = True
    if "\r" in text:
        if record is not None and "\r\n" in text:
            record.crlf = True
        lines = _LINE_BREAK.split(text)
    else:
        lines = text.split("\n")
    if not lines[-1]:
        lines.pop()  # the block ends with a line ending
    if has_odd(text):  # (no scan at all for an ASCII text)
        lines = plain_lines(lines, record.errors if record is not None else None, first_line)
    return lines


def read_lines(
    lines: Iterable[str],
    path: str,
    _file: RecordFile | None,
    *,
    first_line: int = 1,
    first_index: int = 1,
    asm: Assembler | None = None,
) -> Iterator[MatchRecord]:
    """:func:`iter_matches` of lines already without their endings (:func:`_cleaned`).
    ``first_line`` and ``first_index`` number the first line and the first match, for a
    part of a file read on its own (a block of matches, :mod:`kamisado_notation.checking.verdict`
    re-reading one match). A caller that passes its own ``asm`` (instead of
    ``first_index``) can watch it: its ``file_errors`` are complete once the first match
    is given, and ``started`` says at the end whether the last match had begun its
    rounds (so that a header line after these lines would start a new match)."""
    asm = asm if asm is not None else Assembler(path, first_index=first_index)
    fast = reading_fast()  # (off only inside fast_paths.general_paths)
    row, other, segment = (ROW_RE.match, OTHER_RE.match, SEG_RE.match) if fast else (_never, _never, _never)
    number = first_line - 1
    for line in lines:
        number += 1
        if not line.isascii() and _lookalike(asm, line, number):
            continue
        # the fast paths (each reads a line as the general path would, or leaves it)
        m = None if line.startswith(OTHER_STARTS) else row(line)
        if _add_row(asm, line, number, m, segment):
            continue
        if m is None and (not line or line.isspace()):  # str.isspace() is the lexer's \s
            asm.blank()
            continue
        taken, done = _add_rest(asm, line, number, m, (row, other, segment))
        if done is not None:
            yield done
        if not taken:
            yield from feed(asm, line, number)
    done = asm.finish()
    if done is not None:
        yield done
    if _file is not None:
        _file.errors.extend(asm.file_errors)
        _file.comments.extend(asm.pending)


def _lookalike(asm: Assembler, line: str, number: int) -> bool:
    """Report a number written with digits other than 0–9 (:mod:`.digits`); True if so."""
    bad = lookalike_digit(line, number)
    if bad is None:
        return False
    asm.error(bad.line, bad.column, str(bad))
    return True


def _read_row(line: str, number: int, m: re.Match[str] | None, segment: Matcher) -> tuple[list[Entry], Comment | None] | None:
    """A row of entries and its trailing comment as a fast path reads it (``m``: the row
    pattern's match, or a long line's segments); None leaves it to the general path."""
    if m is not None:
        return fast_match(m, number)
    if len(line) > 40 and not line.startswith(OTHER_STARTS):  # more than two entries?
        return fast_segments(line, number, segment)
    return None


def _read_other(line: str, number: int, other: Matcher) -> tuple[Header | RoundRecord | Lineup, Comment | None] | None:
    """A header, ``Round`` or ``Lineup`` line and its trailing comment as its fast path
    reads it; None leaves it to the general path."""
    m = other(line)
    return fast_other(m, number) if m is not None else None


def _add_row(asm: Assembler, line: str, number: int, m: re.Match[str] | None, segment: Matcher) -> bool:
    """Read a row of entries by a fast path (:func:`_read_row`); False when they leave
    the line to the general path."""
    read = _read_row(line, number, m, segment)
    if read is None:
        return False
    entries, comment = read
    asm.add_entries(entries)
    if comment is not None:
        asm.comment(comment)
    return True


def _add_other(asm: Assembler, line: str, number: int, other: Matcher) -> tuple[bool, MatchRecord | None]:
    """Read a header, ``Round`` or ``Lineup`` line by its fast path: whether it took the
    line, and the match the line completes (a header after moves starts the next)."""
    read = _read_other(line, number, other)
    if read is None:
        return False, None
    item, comment = read
    done = asm.add(item)
    if comment is not None:
        asm.comment(comment)
    return True, done


def _add_rest(
    asm: Assembler, line: str, number: int, m: re.Match[str] | None, matchers: tuple[Matcher, Matcher, Matcher]
) -> tuple[bool, MatchRecord | None]:
    """What the fast paths take of a line that is no row they read (``m``: the row
    pattern's match, which left it): a header, ``Round`` or ``Lineup`` line; else, when
    braced comments are all that keep it from them, the line with its comments blanked
    (a row the fast path left goes to the general path). Whether they took the line, and
    the match the line completes."""
    row, other, segment = matchers
    if m is None:
        taken, done = _add_other(asm, line, number, other)
        if taken:
            return taken, done
    if "{" in line:
        return _add_blanked(asm, line, number, row, other, segment)
    return False, None


def _add_blanked(
    asm: Assembler, line: str, number: int, row: Matcher, other: Matcher, segment: Matcher
) -> tuple[bool, MatchRecord | None]:
    """A line that braced comments alone keep from the fast paths, read by them with
    each comment blanked (:func:`~.fast_paths.blank_braced`: the columns stay), each
    entry's text taken from the line (a comment inside an entry is part of its text, as
    the general path has it) and the comments put beside the elements as ``feed`` puts
    them: each before the first element to its right. Whether it took the line, and the
    match the line completes."""
    blanked = blank_braced(line, number)
    if blanked is None:
        return False, None
    bare, comments = blanked
    elements: list[Entry] | list[Header | RoundRecord | Lineup]
    read = _read_row(bare, number, None if bare.startswith(OTHER_STARTS) else row(bare), segment)
    if read is not None:
        elements, last = read
        for e in elements:
            e.text = line[e.column - 1 : e.column - 1 + len(e.text)]
    else:
        got = _read_other(bare, number, other)
        if got is None:
            return False, None
        elements, last = [got[0]], got[1]
    done = None
    if last is not None:
        comments.append(last)
    ci = 0
    for element in elements:
        while ci < len(comments) and comments[ci].column < element.column:
            asm.comment(comments[ci])
            ci += 1
        if isinstance(element, Entry):
            asm.add_entries([element])
        else:
            done = asm.add(element)
    for c in comments[ci:]:
        asm.comment(c)
    return True, done


def _never(_text: str, _pos: int = 0, /) -> None:
    """A fast-path pattern's ``match`` that takes no line (inside :func:`~.fast_paths.general_paths`)."""
    return


def split_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` (str or bytes) split at "\n" only, each with its ending."""
    nl = "\n" if isinstance(text, str) else b"\n"
    start = 0
    n = len(text)
    while start < n:
        end = text.find(nl, start)
        if end < 0:
            yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


def parse_record(text: str, *, path: str = "<string>") -> RecordFile:
    r"""A whole record from text. Never raises on bad text: syntax problems are
    ``Diagnostic(rule="syntax")`` in ``MatchRecord.errors`` (or ``RecordFile.errors``
    outside any match).

    >>> record = parse_record("Round 1\n1. Brown Forward 1 Purple  Purple Forward 1 Pink")
    >>> [entry.text for entry in record.matches[0].rounds[0].entries]
    ['Brown Forward 1 Purple', 'Purple Forward 1 Pink']
    """
    if not isinstance(text, str):
        hint = " (decode it first)" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"parse_record reads text, not {type(text).__name__}{hint}")
    record = RecordFile(path)
    record.matches.extend(read_lines(block_lines(text, record, True), path, record))
    return record
