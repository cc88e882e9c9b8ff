"""Reading move notation and ``.kmr`` match records (SPEC §3, §4) into the record model.

One LALR grammar (``grammars/kmr.lark`` with the vocabulary terminals of
``grammars/words.lark``, generated from the SPEC §2 tables) defines the syntax of a line.
One compiled regular expression tokenises a line and the tables of
:mod:`~kamisado_notation.vocabulary` name each word's terminal; :class:`FastLexer` feeds
those tokens to lark. A word that means two things (``R`` Red or Right, ``left`` a
direction or a fill) becomes the terminal the parser expects at that point.

Records are read line by line, so one bad line does not hide the errors of later lines:
each becomes a ``Diagnostic(rule="syntax")`` and the line is left out of the model. An
LALR parse depends only on the terminals, so lark parses each *shape* of line once and
later lines of that shape replay its parse through the same callbacks (see
:func:`_parse_line`; about 3x lark's own lexer and parser). Before that, the lines a
record is mostly made of (a row of one or two entries, a header, a ``Round`` or
``Lineup`` line) are read whole by one compiled regex each and plain dict lookups
(:func:`_fast_match`, :func:`_fast_other`): the same model, 4x faster again; any line
they do not take surely goes to the general path, which gives every error message
(``bench/bench_parse.py``, ``bench/bench_validate.py``). The assembler builds matches
from the lines in order (a header line after moves starts the next match) before any
rules check, so a record full of illegal moves still parses.

Decisions (SPEC §4 leaves them open):

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
:mod:`._grammar` (grammar, transformer, parser), :mod:`._shapes` (the general path for
one line), :mod:`._fast_paths` (the whole-line regexes), :mod:`._syntax_errors`
(NotationError and its wording), :mod:`._assembly` (lines to matches). This module is
the public API and reads whole texts and files.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ._assembly import _Assembler, _feed
# _matches reads _ROW_RE and _OTHER_RE from this module: tests and bench/bench_parse.py
# switch the fast paths off by replacing them here.
from ._fast_paths import _SEG_RE, _fast_match, _fast_other, _fast_segments, _OTHER_RE, _OTHER_STARTS, _ROW_RE
from ._fast_paths import _fast_row as _fast_row  # re-exported for tests
from ._grammar import MAX_DIGITS as MAX_DIGITS
from ._grammar import build_parser, grammar_text
from ._lexing import _kinds_cache as _kinds_cache  # re-exported for tests
from ._lexing import _lex_line as _lex_line  # re-exported for bench/bench_parse.py
from ._shapes import _parse_line
from ._syntax_errors import NotationError, _quote
from .diagnostics import Diagnostic
from .errors import KamisadoError
from .record import Entry, MatchRecord, RecordFile

__all__ = [
    "NotationError",
    "RecordIOError",
    "parse_entry",
    "parse_record",
    "iter_matches",
    "read_record",
    "open_matches",
    "grammar_text",
    "build_parser",
]


class RecordIOError(KamisadoError):
    """A record file that cannot be read (missing, a directory, no permission)."""


def parse_entry(text: str) -> Entry:
    """One move in any form (``紫↖5黃``, ``Purple Left 5 Yellow``, ``Pu L5 Ye``,
    ``lila balra 5 sárga``, ``d8-d4``…). Raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"not text: {type(text).__name__}")
    if "\n" in text or "\r" in text:
        raise NotationError("one move, on one line, expected")
    items, comments = _parse_line(text, 1)
    entries = items[0] if len(items) == 1 and isinstance(items[0], list) else []
    if len(entries) != 1 or entries[0][0].placeholder or entries[0][0].number is not None or comments:
        raise NotationError(f"expected exactly one move, got {_quote(text)}")
    return entries[0][0]


# ------------------------------------------------------------------------ whole files


def iter_matches(lines: Iterable[str], *, path: str = "<string>", _file: RecordFile | None = None) -> Iterator[MatchRecord]:
    """The matches of a record, one at a time, as the lines come (each line with or
    without its line ending). Memory holds one line and one match. Syntax
    problems become diagnostics (never exceptions); those outside any match go to
    ``_file.errors`` when a :class:`RecordFile` is given."""
    return _matches(_cleaned(lines, _file), path, _file)


def _cleaned(lines: Iterable[str], record: RecordFile | None) -> Iterator[str]:
    """Each line without its ending ("\n" or "\r\n", noted in ``record.crlf``), the
    first without a BOM (``record.bom``); a stray "\r" or "\n" inside a line is a blank."""
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
        if "\r" in line or "\n" in line:  # a stray separator inside a line
            line = line.replace("\r", " ").replace("\n", " ")
        yield line


def _block_lines(text: str, record: RecordFile | None, first: bool) -> list[str]:
    """The lines of a block of whole lines (the last may lack its "\n"), as
    :func:`_cleaned` gives them, split in C when the block holds no "\r". ``first``:
    the block starts the file (and may start with a BOM)."""
    if first and text.startswith("\ufeff"):
        text = text[1:]
        if record is not None:
            record.bom = True
    lines = text.split("\n")
    last = lines.pop()  # "" when the block ends with "\n"; else a last line without ending
    if "\r" in text:
        out = []
        for line in lines:
            if line.endswith("\r"):
                line = line[:-1]
                if record is not None:
                    record.crlf = True
            out.append(line.replace("\r", " ") if "\r" in line else line)
        lines = out
        last = last.replace("\r", " ")
    if last:
        lines.append(last)
    return lines


def _gc_paused(items: Iterator[MatchRecord]) -> Iterator[MatchRecord]:
    """``items`` with Python's cyclic garbage collector paused while they are made, not
    while the caller holds one. Reading allocates a few objects an entry, a tree with no
    cycles to find: with the collector on, half of ``parse_record``'s time went to
    collections that freed nothing (``bench/bench_parse.py``). The collector's state is
    left as it was found, and is on again at every yield and on any exception."""
    while True:
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            item = next(items)
        except StopIteration:
            return
        finally:
            if paused:
                gc.enable()
        yield item


def _matches(lines: Iterable[str], path: str, _file: RecordFile | None) -> Iterator[MatchRecord]:
    """:func:`iter_matches` of lines already without their endings (:func:`_cleaned`)."""
    asm = _Assembler(path)
    row = _ROW_RE.match
    other = _OTHER_RE.match
    segment = _SEG_RE.match
    number = 0
    for line in lines:
        number += 1
        # the fast paths (each as the general path would read the line, or None)
        m = None if line.startswith(_OTHER_STARTS) else row(line)
        if m is not None:
            fast = _fast_match(m, number)
        elif len(line) > 40 and not line.startswith(_OTHER_STARTS):  # more than two entries?
            fast = _fast_segments(line, number, segment)
        else:
            fast = None
        if fast is not None:
            entries, comment = fast
            asm.add_entries(entries)
            if comment is not None:
                asm.comment(comment)
            continue
        if m is None:  # (a row the fast path left goes to the general path)
            if not line or line.isspace():  # str.isspace() is the lexer's \s
                asm.blank()
                continue
            m = other(line)
            if m is not None:
                fast = _fast_other(m, number)
                if fast is not None:
                    item, comment = fast
                    done = asm.add(item)
                    if done is not None:
                        yield done
                    if comment is not None:
                        asm.comment(comment)
                    continue
        yield from _feed(asm, line, number)
    done = asm.finish()
    if done is not None:
        yield done
    if _file is not None:
        _file.errors.extend(asm.file_errors)
        _file.comments.extend(asm.pending)


def _split_lines(text: str) -> Iterator[str]:
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
    """A whole record from text. Never raises on bad text: syntax problems are
    ``Diagnostic(rule="syntax")`` in ``MatchRecord.errors`` (or ``RecordFile.errors``
    outside any match)."""
    record = RecordFile(path)
    record.matches.extend(_gc_paused(_matches(_block_lines(text, record, True), path, record)))
    if not record.matches and not record.errors:
        pass  # an empty record is not an error here; the validator decides what it means
    return record


_BLOCK = 1 << 20  # bytes read at a time (then to the end of that line)


def open_record_file(path: str) -> BinaryIO:
    """``path`` opened for reading bytes; :class:`RecordIOError` with a one-line reason
    when it cannot be (missing, a directory, no permission)."""
    try:
        return open(path, "rb")  # noqa: SIM115 - the caller closes it
    except IsADirectoryError:
        raise RecordIOError(f"{path}: is a directory, not a record file") from None
    except FileNotFoundError:
        raise RecordIOError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None


def _decoded_lines(path: str, record: RecordFile) -> Iterator[str]:
    """The file's lines (split at "\n" only, without endings: :func:`_block_lines`),
    decoded as UTF-8; at the first invalid byte, a diagnostic with its line and column,
    and the rest of the file is not read. Reads, decodes and splits whole lines a
    megabyte at a time (a line at a time costs Python calls per line)."""
    f = open_record_file(path)
    number = 0
    with f:
        while True:
            try:
                block = f.read(_BLOCK)
                if block and not block.endswith(b"\n"):
                    block += f.readline()  # whole lines only
            except OSError as e:
                raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None
            if not block:
                return
            try:
                text = block.decode("utf-8")
            except UnicodeDecodeError:
                # line by line, to say where: a bad sequence never spans a "\n"
                for raw in _split_lines(block):  # type: ignore[arg-type]
                    number += 1
                    try:
                        yield from _block_lines(raw.decode("utf-8"), record, number == 1)
                    except UnicodeDecodeError as e:
                        good = raw[: e.start].decode("utf-8", errors="replace")
                        record.errors.append(
                            Diagnostic("syntax", f"not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded", number, len(good) + 1)
                        )
                        return
                return  # pragma: no cover - the bad line is in the block
            lines = _block_lines(text, record, number == 0)
            number += len(lines)
            yield from lines


# A JSON record document starts as an object with a key does. A .kmr starts so only when
# its first line is a braced comment that opens with '"…":' (a freak); one that opens
# with "{" alone, like "{Game 1}", stays a .kmr.
_JSON_START = re.compile(rb'\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{[ \t\r\n]*"(?:[^"\\\n]|\\.)*"[ \t\r\n]*:')
_SNIFF = 64 * 1024


def _is_json(path: str) -> bool:
    """Whether ``path`` holds the JSON form of a record (``docs/json-record.md``): its
    name ends in ``.json``, or (a regular file only, so a pipe is not consumed) its text
    starts, after an optional BOM and whitespace, as a JSON object does: ``{"key":``."""
    if path.lower().endswith(".json"):
        return True
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            head = f.read(_SNIFF)
    except OSError:
        return False  # the reader says why
    return _JSON_START.match(head) is not None


def _read_json(path: str) -> RecordFile:
    from .json_record import read_json_record  # only when a JSON file is read

    return read_json_record(path)


def read_record(path: str) -> RecordFile:
    """A record file (UTF-8, with or without BOM, LF or CRLF), or the JSON form of one
    (:func:`_is_json`; read by :mod:`~kamisado_notation.json_record`). A missing or
    unreadable file raises :class:`RecordIOError`; invalid UTF-8 is a diagnostic at the
    bad byte, a malformed JSON document one diagnostic naming the bad field."""
    if _is_json(str(path)):
        return _read_json(str(path))
    record = RecordFile(str(path))
    lines = _decoded_lines(str(path), record)
    first = next(lines, None)  # raise RecordIOError now rather than mid-iteration

    def chain() -> Iterator[str]:
        if first is not None:
            yield first
            yield from lines

    record.matches.extend(_gc_paused(_matches(chain(), str(path), record)))
    return record


def open_matches(path: str) -> Iterator[MatchRecord]:
    """The matches of a record file, one at a time, for huge files (memory holds a
    megabyte of lines and one match). Raises :class:`RecordIOError` at once if the file cannot be
    read. Syntax problems are diagnostics in each match's ``errors``; an invalid UTF-8
    byte ends the reading and its diagnostic (line and column of the byte) goes to the
    last match read — or, when there is none, is raised as :class:`NotationError`,
    since a stream of matches has no other place for it. A JSON record (:func:`_is_json`)
    is read whole; a malformed one raises :class:`NotationError` likewise."""
    if _is_json(str(path)):
        whole = _read_json(str(path))
        if whole.errors:  # a malformed document keeps no match
            d = whole.errors[0]
            raise NotationError(d.message, line=d.line, column=d.column)
        return iter(whole.matches)
    record = RecordFile(str(path))
    lines = _decoded_lines(str(path), record)
    first = next(lines, None)

    def chain() -> Iterator[str]:
        if first is not None:
            yield first
            yield from lines

    def stream() -> Iterator[MatchRecord]:
        held: MatchRecord | None = None
        for m in _gc_paused(_matches(chain(), str(path), record)):
            if held is not None:
                yield held
            held = m
        if record.errors:
            if held is None:
                d = record.errors[0]
                raise NotationError(d.message, line=d.line, column=d.column)
            held.errors.extend(record.errors)
        if held is not None:
            yield held

    return stream()
