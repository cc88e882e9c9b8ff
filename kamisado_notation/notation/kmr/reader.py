"""Reading move notation and ``.kmr`` match records (docs/notation.md §5, §7) into the record model.

One LALR grammar (``grammars/kmr.lark`` with the vocabulary terminals of
``grammars/words.lark``, generated from the docs/notation.md §4 tables) defines the syntax of a line.
One compiled regular expression tokenises a line and the tables of
:mod:`~kamisado_notation.notation.vocabulary` name each word's terminal; :class:`FastLexer` feeds
those tokens to lark. A word that means two things (``R`` Red or Right, ``left`` a
direction or a fill) becomes the terminal the parser expects at that point.

Records are read line by line, so one bad line does not hide the errors of later lines:
each becomes a ``Diagnostic(rule="syntax")`` (one a line: the first error on it) and the
line is left out of the model. One reader decides how every line is read and where every
match starts (:class:`~.line_reader.Reader`: the rows of entries it read before, then one
compiled regex for each common kind of line, then the grammar, which gives every error
message); its events go to a consumer. Here that consumer is the record builder
(:class:`~.assembly.Assembler`), which makes the record model before any rules check, so
a record full of illegal moves still parses. Either way a line is read in time linear in
its length, whatever its shape (``bench/bench_hostile_lines.py``; speed:
``bench/bench_parse.py``, ``bench/bench_validate.py``).

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

The parts live in modules of their own, one job each: :mod:`.lexing` (tokens,
FastLexer), :mod:`.grammar` (grammar, transformer, parser), :mod:`.general_path` (the
grammar's reading of one line), :mod:`.fast_paths` (the whole-line regexes and the memo
of entries), :mod:`.line_reader` (the one reader and its events), :mod:`.syntax_errors`
(NotationError and its wording), :mod:`.assembly` (the record builder). This module is
the public API and reads whole texts and files.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from ...errors import NotationError
from ..record import Comment, Entry, Headers, Item, MatchRecord, RecordFile
from ..text import LINE_BREAK, has_odd, iter_plain, plain_lines
from .assembly import Assembler
from .line_reader import HeaderScan, Reader

# The grammar (lark) is imported only where a line needs it (:func:`parse_entry`,
# ``line_reader.Reader.feed``): a record the fast paths read whole never loads it.

__all__ = ["iter_headers", "iter_matches", "parse_entry", "parse_record"]


def parse_entry(text: str, *, errors: list[NotationError] | None = None) -> Entry:
    """One move in any form (``紫↖5黃``, ``Purple Left 5 Yellow``, ``Pu L5 Ye``,
    ``lila balra 5 sárga``, ``d8-d4``…). Raises :class:`NotationError`.

    >>> entry = parse_entry("紫↖5黃")
    >>> entry.tower.title, entry.direction.name, entry.distance, entry.square_colour.title
    ('Purple', 'LEFT', 5, 'Yellow')
    >>> parse_entry("d8-d4").is_coords
    True

    Given a list as ``errors``, an unknown word in one of the entry's slots is read past
    as a record's reader does (the slot ``None``, named in :attr:`Entry.unread`) and its
    error (columns counted in ``text``) goes to the list; it raises only when the text is
    no move even so.

    >>> unknown: list[NotationError] = []
    >>> entry = parse_entry("Purple Lfet 5 Green", errors=unknown)
    >>> entry.unread, entry.distance, str(unknown[0])[:25]
    ('direction', 5, "unknown word 'Lfet': expe")
    """
    if not isinstance(text, str):
        raise NotationError(f"not text: {type(text).__name__}")
    if "\n" in text or "\r" in text:
        raise NotationError("one move, on one line, expected")
    from .general_path import read_line

    items, comments, unknown = read_line(text, 1)  # (one entry: ours, or a word read past)
    entry = _one_move(text, items, comments)
    if errors is None and unknown:
        raise unknown[0]
    if errors is not None:
        errors += unknown
    return entry


def _one_move(text: str, items: list[Item], comments: list[Comment]) -> Entry:
    """The one entry line ``text`` holds (its ``items`` and ``comments`` as read): a move,
    without a turn number or a comment; raises :class:`NotationError` for anything else."""
    from .syntax_errors import quote

    entries = items[0] if len(items) == 1 and isinstance(items[0], list) else []
    if len(entries) != 1 or entries[0][0].placeholder or entries[0][0].number is not None or comments:
        raise NotationError(f"expected exactly one move, got {quote(text)}")
    return entries[0][0]


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


def iter_headers(lines: Iterable[str]) -> Iterator[Headers]:
    """The headers of each match of a record, one match at a time, as the lines come
    (each line with or without its ending): nothing else is kept, and the matches are
    told apart as :func:`iter_matches` tells them (a match with no headers gives an
    empty list). For a listing of a file's matches; nothing is checked.

    >>> text = '[Black "Ann"]\\n[Gold "Bo"]\\nRound 1\\n1. Pu L1 Pu\\n[Black "Cy"]\\nRound 1'
    >>> [headers.get("Black") for headers in iter_headers(text.split("\\n"))]
    ['Ann', 'Cy']
    """
    if isinstance(lines, (str, bytes, bytearray)):
        raise TypeError("iter_headers reads lines (an iterable of str)")
    return (Headers(found) for found in Reader(HeaderScan()).read(iter_plain(_cleaned(lines, None), None, 1)))


def _cleaned(lines: Iterable[str], record: RecordFile | None) -> Iterator[str]:
    """Each line without its ending ("\n", "\r\n" — noted in ``record.crlf`` — or "\r"),
    the first without a BOM (``record.bom``); a line that holds a "\r" or "\n" inside is
    several lines (an old Mac file ends its lines with "\r" alone)."""
    rest = iter(lines)
    first = next(rest, None)
    if first is None:
        return
    for line in chain((_without_bom(first, record),), rest):
        if line.endswith("\n"):
            line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
                if record is not None:
                    record.crlf = True
        elif line.endswith("\r"):
            line = line[:-1]
        if "\r" in line or "\n" in line:  # line endings inside the line
            yield from LINE_BREAK.split(line)
        else:
            yield line


#: A line ending: "\n", "\r\n", or "\r" alone (old Mac files).


def _without_bom(text: str, record: RecordFile | None) -> str:
    """``text``, a file's start, without its byte order mark (noted in ``record.bom``)."""
    if not text.startswith("\ufeff"):
        return text
    if record is not None:
        record.bom = True
    return text[1:]


def block_lines(text: str, record: RecordFile | None, first: bool, first_line: int = 1) -> list[str]:
    """The lines of a block of whole lines (the last may lack its ending), as
    :func:`_cleaned` gives them, split in C when the block holds no "\r", read as plain
    text (:mod:`..text`: its warning in ``record.errors``, at the line numbered from
    ``first_line``). ``first``: the block starts the file (and may start with a BOM)."""
    if first:
        text = _without_bom(text, record)
    if "\r" in text:
        if record is not None and "\r\n" in text:
            record.crlf = True
        lines = LINE_BREAK.split(text)
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
) -> Iterator[MatchRecord]:
    """:func:`iter_matches` of lines already without their endings (:func:`_cleaned`):
    the :class:`Reader` with the record builder (:class:`~.assembly.Assembler`) as its
    consumer. ``first_line`` and ``first_index`` number the first line and the first
    match, for a part of a file read on its own (a block of matches, a match read again
    by :mod:`kamisado_notation.checking.verdict`)."""
    asm = Assembler(path, first_index=first_index)
    yield from Reader(asm, first_line=first_line).read(lines)
    if _file is not None:
        _file.errors.extend(asm.file_errors)
        _file.comments.extend(asm.pending)


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
