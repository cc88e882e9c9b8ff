"""Record files: opening them, telling a ``.kmr`` from the JSON form, and reading either
into the record model — the one opener above the two readers
(:mod:`~kamisado_notation.notation.kmr.reader` for text,
:mod:`~kamisado_notation.notation.json_form.reading` for JSON).

Any file is read the same way: a regular file, ``-`` (standard input), a FIFO, a
process substitution (``<(…)``), a device. Nothing is read twice and nothing is sought:
the first block is read once, tells JSON from ``.kmr`` (:func:`looks_like_json`) and is
then read on, so a pipe is never consumed by the sniffing. Whatever the input, memory
stays bounded (the bounded line reader, :mod:`.lines`):

- text is read a block (:data:`_BLOCK`) at a time, cut after its last line ending;
  ``"\\n"``, ``"\\r\\n"`` and ``"\\r"`` alone (old Mac files) all end a line;
- a line longer than :data:`MAX_LINE` bytes is never held: it is a syntax diagnostic at
  its line, skipped to its end, and the reading goes on after it;
- a NUL byte means the input is not text (``/dev/zero``, an image, a zip file): a
  diagnostic ``not a text record: binary data at byte N`` at its line and column, and
  nothing after it is read;
- a JSON document is read a match at a time too (:mod:`..json_form.stream`), each match at
  most :data:`MAX_JSON` bytes.

Where a command reads record files, a folder stands for the record files in it
(:func:`record_paths`).

Other programs' records (HackerRank's logs, BoardSpace's SGF, hamisado's move lists) are
told by their content too (:func:`~.foreign.sniff`, or the format
:func:`~.foreign.reading_as` insists on) and read whole, at most :data:`MAX_JSON` bytes, by
their readers (:mod:`..foreign`).

A ``.kmr`` is read as a stream of matches (:func:`stream_record`, :func:`open_matches`,
:func:`nth_match`, which stops at its match) or in blocks of whole matches
(:func:`open_blocks`, :mod:`.blocks`) for reading on several cores.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from itertools import chain
from typing import IO, BinaryIO, TypeVar, Union

from ...diagnostics import ERROR, Diagnostic, Kind
from ...errors import NoRecordsError, NotationError, RecordIOError, failure_reason
from ...io.output import STDIN
from ..formats import FORMATS, folder_suffixes, insisted_format, other_game, sniff, sniffed
from ..kmr.reader import read_lines
from ..record import MatchRecord, RecordFile
from ..text import LINE_BREAK_BYTES
from .blocks import BLOCK_BYTES, Block, cut_blocks
from .encodings import bom_encoding, check_encoding, not_utf8, transcoded
from .lines import MAX_LINE, Binary, DecodedLines, LineBlocks, LongLine, raw_lines, unpadded

__all__ = [
    "MAX_JSON",
    "MAX_LINE",
    "RECORD_SUFFIXES",
    "STDIN",
    "JsonMatches",
    "file_format",
    "input_lines",
    "is_json_record",
    "looks_like_json",
    "named_record_paths",
    "nth_match",
    "open_blocks",
    "open_matches",
    "open_record_file",
    "read_json_record",
    "read_record",
    "read_text",
    "record_paths",
    "source_name",
    "stream_record",
]

#: The longest match (or other top-level value) of a JSON record read, in bytes (a
#: JSON record is read a match at a time); also the longest file ``read_text`` reads.
MAX_JSON = 256 << 20
_T = TypeVar("_T")
# Bytes read at a time: at most MAX_LINE (a line inside a chunk is no longer), and no
# more than validate's blocks, which are cut from the chunks: each chunk is copied a few
# times on its way, so a larger one is memory held for nothing (bench/bench_memory.py).
_BLOCK = 1 << 18
# The codec names read as UTF-8 (a UTF-8 BOM is dropped as always).
_UTF8 = ("utf-8", "utf-8-sig")

#: Where a record is read from: a path (``-``: standard input), or an open stream of
#: text or bytes (read to its end, never closed here).
Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def source_name(path: str) -> str:
    """The name a record read from ``path`` goes by: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == STDIN else path


@contextmanager
def open_record_file(path: str) -> Iterator[BinaryIO]:
    """``path`` (``-``: standard input, left open afterwards) open for reading bytes;
    :class:`RecordIOError` with a one-line reason when it cannot be (missing, a
    directory, no permission)."""
    if path == STDIN:
        stdin: BinaryIO = sys.stdin.buffer
        yield stdin
        return
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as e:
        raise _io_error(path, e) from None
    with f:
        yield f


def _io_error(path: str, e: OSError) -> RecordIOError:
    if isinstance(e, IsADirectoryError):
        reason = _folder_reason(path)
    elif isinstance(e, FileNotFoundError):
        reason = "no such file"
    elif isinstance(e, PermissionError):
        reason = "permission denied"
    else:
        reason = f"cannot read: {failure_reason(e)}"
    return RecordIOError(f"{source_name(path)}: {reason}", reason=reason)


def _folder_reason(path: str) -> str:
    """Why the folder ``path``, opened as a record file, is none."""
    if not os.access(path, os.R_OK | os.X_OK):
        return "a folder that cannot be read: permission denied"
    return "is a directory, not a record file" if _walk(path, "", [], {}) else NO_RECORDS


# ------------------------------------------------------------------ folders

#: The endings (of a file's name, in any case) of the record files a folder holds: a
#: ``.kmr`` text, the JSON form of a record, and BoardSpace's SGF (``docs/formats.md``).
RECORD_SUFFIXES = folder_suffixes()
#: Why a folder read as a record file, among other arguments, is no record.
NO_RECORDS = f"the folder holds no record file ({', '.join(RECORD_SUFFIXES[:-1])} or {RECORD_SUFFIXES[-1]})"


def record_paths(arguments: Iterable[str]) -> list[str]:
    """The record files that ``arguments`` name, in order: an argument that is not a
    folder (a file, ``-`` for standard input, a name that does not exist) as it was
    given, so that its reader says what is wrong with it; a folder as the record files
    in it and below it (:data:`RECORD_SUFFIXES`, any case), in name order.

    Name order: a folder's entries sorted by their names' characters (code points, the
    same in every locale: ``round-10.kmr`` before ``round-2.kmr``, so number with zeros,
    ``round-02``), a subfolder's records at its name's place. Names that start with a
    dot (hidden files, editors' lock files) are passed over, as are other files
    (``notes.txt``, the ``.orig`` copy ``fix --in-place`` keeps). A link to a file or
    folder is followed, a folder once only. A file found in a folder is listed once, at
    its first place, however many folders or links reach it, and not at all when an
    argument before named it (an argument is kept as given, even twice). A file in a
    folder that cannot be read is listed all the same (its reader gives the diagnostic,
    and the others count); a subfolder that cannot be listed is listed as itself, for
    the same reason.

    What is not a regular file (a named pipe, a device, a socket) is passed over in a
    folder, however it is named: reading it could block for ever (a pipe no one writes
    to); an argument is kept as given, and its reader says what it is.

    Raises :class:`~kamisado_notation.errors.NoRecordsError` when the only argument is a
    folder that holds no record file; among other arguments, such a folder is kept as
    given, so that its reader reports it (``io``: :data:`NO_RECORDS`), as a file that is
    not there is reported, and the other files are read all the same.

    >>> record_paths(["samples/pushes.kmr", "-"])
    ['samples/pushes.kmr', '-']
    """
    return [path for path, _name in named_record_paths(arguments)]


def named_record_paths(arguments: Iterable[str]) -> list[tuple[str, str]]:
    """:func:`record_paths`, each path with its name relative to the argument it came
    from: the path below the folder for a file found in one (``round-1/a.kmr`` for
    ``event/round-1/a.kmr`` of the argument ``event``), the last part of the path for a
    file argument, ``stdin`` for ``-`` (for writing one output per input into a folder
    of outputs: ``convert -d``).

    >>> named_record_paths(["samples/pushes.kmr"])
    [('samples/pushes.kmr', 'pushes.kmr')]
    """
    found: list[tuple[str, str]] = []
    seen: dict[tuple[int, int], int] = {}  # (device, inode) of each file and folder met -> a folder's records
    arguments = list(arguments)
    for argument in arguments:
        name = "stdin" if argument == STDIN else os.path.basename(os.path.normpath(argument))
        if argument == STDIN or not os.path.isdir(argument):
            _first_visit(argument, seen)  # (kept as given, even twice; a folder does not list it again)
            found.append((argument, name))
            continue
        if not _walk(argument, "", found, seen):
            if len(arguments) == 1:
                raise NoRecordsError(argument)
            found.append((argument, name))  # (its reader reports it; the others are read)
    return found


def _first_visit(path: str, seen: dict[tuple[int, int], int]) -> bool:
    """Whether the file or folder ``path`` is met for the first time (a path that cannot
    be looked at is always new: its reader says why)."""
    key = _identity(path)
    if key is None:
        return True
    if key in seen:
        return False
    seen[key] = 0
    return True


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def _walk(folder: str, name: str, found: list[tuple[str, str]], seen: dict[tuple[int, int], int]) -> int:
    """Add the record files in ``folder`` (called ``name`` below the argument) and below
    it to ``found``, in name order, each once; how many it holds (those listed before
    included: a folder met again holds what it held, one still being walked — a link
    back up the tree — nothing more)."""
    key = _identity(folder)
    if key is not None:
        if key in seen:
            return seen[key]
        seen[key] = 0
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError:
        found.append((folder, name))  # its reader says why it cannot be read
        return 1
    held = _walk_entries(folder, name, entries, found, seen)
    if key is not None:
        seen[key] = held
    return held


def _walk_entries(
    folder: str, name: str, entries: list[os.DirEntry[str]], found: list[tuple[str, str]], seen: dict[tuple[int, int], int]
) -> int:
    """:func:`_walk` over the ``entries`` of ``folder``, in order, hidden ones left out:
    how many record files they hold."""
    held = 0
    here = os.path.normpath(folder) == os.curdir  # (its files named as themselves: a.kmr, not ./a.kmr)
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path, below = entry.name if here else os.path.join(folder, entry.name), os.path.join(name, entry.name)
        if _is_dir(entry):
            held += _walk(path, below, found, seen)
        elif _record_file(entry):
            held += 1
            if _first_visit(path, seen):
                found.append((path, below))
    return held


def _record_file(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` of a folder is a record file: named as records are, and a
    regular file (:func:`_is_file`)."""
    return entry.name.lower().endswith(RECORD_SUFFIXES) and _is_file(entry)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _is_file(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a regular file (a link followed), or cannot be looked at (its
    reader says why); not a named pipe, a device or a socket."""
    try:
        return entry.is_file() or not os.path.exists(entry.path)
    except OSError:
        return True


def _chunks(f: IO[bytes] | IO[str], path: str) -> Iterator[bytes]:
    """The bytes of ``f``, a block at a time (a text stream's encoded as UTF-8); a read
    error raises :class:`RecordIOError`."""
    while True:
        try:
            chunk = f.read(_BLOCK)
        except OSError as e:
            raise _io_error(path, e) from None
        if not chunk:
            return
        yield chunk.encode("utf-8", "surrogateescape") if isinstance(chunk, str) else chunk


# --------------------------------------------------------------------- sniffing



def looks_like_json(path: str, head: bytes) -> bool:
    """Whether a file holds the JSON form of a record (``docs/json-record.md``): its name
    ends in ``.json``, or ``head`` (its first block) starts, after an optional BOM and
    whitespace, as a JSON object does: ``{"key":`` (the registry's pattern: a ``.kmr``
    starts so only when its first line is a braced comment that opens with ``"…":``, a
    freak; one that opens with ``{`` alone, like ``{Game 1}``, stays a ``.kmr``)."""
    return path.lower().endswith(".json") or sniffed(head) == "json"


def is_json_record(path: str) -> bool:
    """Whether the file ``path`` holds the JSON form of a record rather than a ``.kmr``
    (:func:`file_format`)."""
    return file_format(path) == "json"


def file_format(path: str) -> str:
    """The format the file ``path`` is read in (one of
    :data:`~kamisado_notation.notation.formats.FORMATS`: found by content, or the one
    :func:`~kamisado_notation.notation.formats.reading_as` insists on); only a regular
    file is opened to tell, so that a pipe is not consumed (``"kmr"`` for anything else,
    and for a file that cannot be read: the reader says why)."""
    head = b""
    with suppress(OSError):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                head = f.read(_BLOCK)
    return sniff(path, head)


def _first_block(chunks: Iterator[bytes], codec: str | None) -> tuple[Iterator[bytes], bytes]:
    """A file's ``chunks`` and its first block, in UTF-8: transcoded from ``codec`` (when
    not given, the one its byte-order mark names, if any)."""
    head = next(chunks, b"")
    codec = bom_encoding(head) if codec is None else codec
    if codec is not None and codec not in _UTF8:
        chunks = transcoded(chain([head], chunks), codec)
        head = next(chunks, b"")
    return chunks, head


class _Opened:
    """A record file open for reading, its first block read: the one place a file is
    opened, sniffed and read from."""

    def __init__(self, source: Source, encoding: str | None = None) -> None:
        codec = None if encoding is None else check_encoding(encoding)  # (ValueError before opening)
        self.stack = ExitStack()
        self.chunks: Iterator[bytes]
        if hasattr(source, "read"):  # an open stream
            name = getattr(source, "name", None)
            path = name if isinstance(name, str) else "<stream>"
            self.chunks = _chunks(source, path)  # type: ignore[arg-type]  # (a stream, by its read)
        else:
            path = os.fsdecode(source)  # TypeError for what is not a path
        self.path = path
        self.name = source_name(path)
        try:
            if not hasattr(source, "read"):
                f = self.stack.enter_context(open_record_file(path))
                self.chunks = _chunks(f, path)
            self.chunks, self.head = _first_block(self.chunks, codec)
        except BaseException:
            self.stack.close()
            raise
        #: the format the file is read in (:func:`~.foreign.sniff`)
        self.form = sniff(path, self.head)
        self.json = self.form == "json"
        self.foreign = FORMATS[self.form].foreign
        #: what another game's record the file looks like, if it is one (:func:`~..formats.other_game`)
        self.other = _other_game(self.form, self.head)

    def other_matches(self, record: RecordFile) -> Iterator[MatchRecord]:
        """No matches: the file is another game's record, said in one error."""
        record.errors.append(
            Diagnostic("syntax", f"not a Kamisado record: it looks like {self.other}", 1, 1, kind=Kind.NOT_KAMISADO)
        )
        return iter(())

    def all_chunks(self) -> Iterator[bytes]:
        if self.head:
            yield self.head
        yield from self.chunks

    def pieces(self) -> LineBlocks:
        """The text as the bounded line reader's pieces (:mod:`.lines`)."""
        return LineBlocks(self.all_chunks())

    def text_lines(self, record: RecordFile) -> Iterator[str]:
        return iter(DecodedLines(self.pieces(), record))

    def json_matches(self, record: RecordFile) -> Iterator[MatchRecord]:
        """The matches of a JSON record document as it is read
        (:func:`~.json_record.read_json_matches`); the first fault of the document is one
        diagnostic in ``record.errors``, and nothing after it is read."""
        from ..json_form.reading import read_json_matches  # (only JSON records need it: start-up time)

        try:
            yield from read_json_matches(self.all_chunks(), record, limit=MAX_JSON)
        except NotationError as e:
            record.bom = self.head.startswith(b"\xef\xbb\xbf")
            record.errors.append(Diagnostic("syntax", str(e), e.line, e.column))


    def foreign_matches(self, record: RecordFile) -> Iterator[MatchRecord]:
        """The matches of a file in another program's format (:mod:`..foreign`), read
        whole (at most :data:`MAX_JSON` bytes); the fault that ends the reading is one
        diagnostic in ``record.errors``."""
        from ..formats import read_foreign
        from ..json_form.reading import decode_utf8

        try:
            raw = bytearray()
            for chunk in self.all_chunks():
                raw += chunk
                if len(raw) > MAX_JSON:
                    raise NotationError(f"the file is longer than {MAX_JSON} bytes, the most read whole")
            record.bom = raw.startswith(b"\xef\xbb\xbf")
            text = decode_utf8(bytes(raw[3:] if record.bom else raw))
            yield from read_foreign(self.form, text, record)
        except NotationError as e:
            record.errors.append(Diagnostic("syntax", str(e), e.line, e.column))


# ------------------------------------------------------------------ public API


def stream_record(path: Source, *, encoding: str | None = None) -> tuple[RecordFile, Iterator[MatchRecord]]:
    """A record file (as :func:`read_record` reads it) whose matches come one at a time:
    the :class:`RecordFile` without its matches, and an iterator over them. The file's
    own ``errors`` and closing ``comments`` (and ``bom``, ``crlf``) are complete once the
    iterator is exhausted; memory holds a block of lines and one match (a block of a
    JSON record's text and one match). A missing or unreadable file raises
    :class:`RecordIOError` at once, a read that fails later as the iterator goes.
    ``encoding``: the file's encoding when it is not UTF-8 (:mod:`.encodings`; a
    UTF-16 or UTF-32 file with a byte-order mark is read without it); an unknown one
    raises :class:`ValueError`."""
    opened = _Opened(path, encoding)
    record = RecordFile(opened.name)
    if opened.other is not None:
        return record, _closing(opened, opened.other_matches(record))
    if opened.json:
        return record, _closing(opened, opened.json_matches(record))
    if opened.foreign:
        return record, _closing(opened, opened.foreign_matches(record))
    return record, _closing(opened, read_lines(opened.text_lines(record), opened.name, record))


def read_record(path: Source, *, encoding: str | None = None) -> RecordFile:
    """A record file (UTF-8, with or without BOM; lines ended by LF, CRLF or CR), or the
    JSON form of one (:func:`looks_like_json`; read by
    :mod:`~kamisado_notation.notation.json_form.reading`); ``-`` is standard input, and an open
    stream of text or bytes is read to its end (its ``name``, if any, names it). A missing or
    unreadable file raises :class:`RecordIOError`; invalid UTF-8, binary data and a line
    over :data:`MAX_LINE` are diagnostics at their line, a malformed JSON document one
    diagnostic naming the bad field. ``encoding``: as for :func:`stream_record`.

    >>> record = read_record("samples/standard-match.kmr")
    >>> len(record.matches), record.matches[0].header("Black"), len(record.matches[0].rounds)
    (1, 'Johan', 5)
    >>> import io
    >>> read_record(io.StringIO("Round 1\\n1. Pu L1 Pu  Ye R1 Ye\\n")).matches[0].rounds[0].entries[1].text
    'Ye R1 Ye'
    """
    record, matches = stream_record(path, encoding=encoding)
    record.matches.extend(matches)
    return record


def nth_match(
    path: str,
    n: int,
    *,
    encoding: str | None = None,
    split: Callable[[Iterable[MatchRecord]], Iterator[MatchRecord]] | None = None,
) -> tuple[RecordFile, MatchRecord | None, int]:
    """Match ``n`` (1-based) of the record file at ``path``, read up to it and no further:
    the :class:`RecordFile` (its ``errors`` complete only when the file was read to the
    end), the match (``None`` when the file holds fewer), and how many matches were
    read. ``encoding``: as for :func:`stream_record`; ``split``: what makes the matches
    read into those counted (a match pasted in without headers is one:
    :func:`kamisado_notation.checking.matches.split_matches`)."""
    record, matches = stream_record(path, encoding=encoding)
    count = 0
    try:
        for m in split(matches) if split is not None else matches:
            count += 1
            if count == n:
                return record, m, count
    finally:
        if isinstance(matches, Generator):
            matches.close()  # and the file with it
    return record, None, count


def open_matches(
    path: Source, *, errors: list[Diagnostic] | None = None, encoding: str | None = None
) -> Iterator[MatchRecord]:
    """The matches of a record file (``-``: standard input), one at a time, for huge
    files (memory holds a block of lines and one match). Raises :class:`RecordIOError`
    at once if the file cannot be opened, or later if a read fails. Syntax problems are
    diagnostics in each match's ``errors``; those of the file itself (an invalid UTF-8
    byte or binary data, which end the reading; a line too long) go to ``errors`` when
    it is given, else to the last match read — or, when there is none, the first is
    raised as :class:`NotationError`, since a stream of matches has no other place for
    it. A JSON record (:func:`looks_like_json`) is read a match at a time too.
    ``encoding``: as for :func:`stream_record`.

    >>> first = next(open_matches("samples/club-night.kmr"))
    >>> first.index, first.header("Event")
    (1, 'Club night')
    """
    record, matches = stream_record(path, encoding=encoding)
    return _stream(matches, record, errors)


def open_blocks(
    path: str, *, size: int = BLOCK_BYTES, encoding: str | None = None
) -> JsonMatches | Iterator[Block]:
    """The record file at ``path`` (``-``: standard input) in blocks of whole matches
    (:mod:`.blocks`), for reading a huge file a block at a time or on several cores: an
    iterator over the blocks as the file is read (the file is closed when it ends), or,
    when the file holds the JSON form of a record, its matches as they are read
    (:class:`JsonMatches`: a JSON document has no lines to cut it at). Raises
    :class:`RecordIOError` at once if the file cannot be opened, or later if a read fails.
    ``encoding``: as for :func:`stream_record` (the blocks hold UTF-8)."""
    opened = _Opened(path, encoding)
    if opened.other is not None:
        record = RecordFile(opened.name)
        return JsonMatches(record, _closing(opened, opened.other_matches(record)))
    if opened.json or opened.foreign:
        record = RecordFile(opened.name)
        read = opened.json_matches if opened.json else opened.foreign_matches
        return JsonMatches(record, _closing(opened, read(record)))
    return _closing(opened, cut_blocks(opened.pieces(), opened.name, size=size))


@dataclass(frozen=True, slots=True)
class JsonMatches:
    """A JSON record file's matches as they are read (:func:`open_blocks`), or those of
    a file in another program's format (:mod:`..foreign`), and the record that gets the
    file's own ``errors`` and closing ``comments`` once ``matches`` is exhausted."""

    record: RecordFile
    matches: Iterator[MatchRecord]


def _closing(opened: _Opened, items: Iterator[_T]) -> Iterator[_T]:
    with opened.stack:
        yield from items


def _stream(
    matches: Iterator[MatchRecord], record: RecordFile, errors: list[Diagnostic] | None
) -> Iterator[MatchRecord]:
    """``matches``, the file's own diagnostics (``record.errors``) placed as
    :func:`open_matches` says."""
    held: MatchRecord | None = None
    for m in matches:
        if held is not None:
            yield held
        held = m
    if record.errors:
        _place_file_errors(record.errors, held, errors)
    if held is not None:
        yield held


def _place_file_errors(found: list[Diagnostic], last: MatchRecord | None, errors: list[Diagnostic] | None) -> None:
    """The file's own diagnostics ``found`` placed as :func:`open_matches` says: into
    ``errors`` where the caller gave a list, else on the ``last`` match; with no match,
    the first error raised."""
    if errors is not None:
        errors.extend(found)
    elif last is not None:
        last.errors.extend(found)
    else:
        d = next((d for d in found if d.severity == ERROR), None)
        if d is not None:
            raise NotationError(d.message, line=d.line, column=d.column)


def read_text(path: str, *, encoding: str | None = None) -> str:
    """The whole text of a ``.kmr`` file (``-``: standard input) as it is written — BOM
    and line endings kept — for a caller that edits the text itself. Raises
    :class:`RecordIOError` when the file cannot be read, :class:`NotationError` (with the
    line and column) for binary data, invalid UTF-8, or more than :data:`MAX_JSON` bytes:
    memory stays bounded, and ``/dev/zero`` ends at once. ``encoding``: as for
    :func:`stream_record` (the text is then read as UTF-8 was)."""
    text, size = [], 0
    for line in written_lines(path, encoding=encoding):
        size += len(line)
        if size > MAX_JSON:
            raise NotationError(f"the file is longer than {MAX_JSON} bytes, the most read whole")
        text.append(line)
    return "".join(text)




def written_lines(path: Source, *, encoding: str | None = None) -> Iterator[str]:
    """The lines of a ``.kmr`` file (``-``: standard input) one at a time, each exactly
    as it is written — its ending kept, the BOM kept on the first — for a caller that
    edits the text a match at a time (``kamisado fix``): memory holds a line. Raises
    :class:`RecordIOError` when the file cannot be read, :class:`NotationError` (line and
    column) at binary data, invalid UTF-8, or a line longer than :data:`MAX_JSON` bytes.
    ``encoding``: as for :func:`stream_record` (the lines are then read as UTF-8 was).
    A record of another format (a JSON record, BoardSpace's SGF…, told by its content
    once decoded, on standard input too) is a :class:`NotationError` at its first line:
    its text is no ``.kmr`` to edit."""
    opened = _kmr_opened(path, encoding)
    number, carry, offset = 0, b"", 0  # (offset: the file offset of ``carry``)
    with opened.stack:
        chunks = iter(opened.all_chunks())
        for chunk in chunks:
            data, nul = unpadded(carry + chunk, chunks)
            start = 0
            for end in _line_ends(data, nul):
                number += 1
                yield _decoded_line(data[start:end], number)
                start = end
            carry, offset = data[start:], offset + start
            if nul >= 0:
                at = offset + nul - start
                raise NotationError(f"not a text record: binary data at byte {at + 1}", line=number + 1, column=nul - start + 1)
            if len(carry) > MAX_JSON:
                raise NotationError(f"the line is longer than {MAX_JSON} bytes, the most read whole", line=number + 1)
        if carry:
            yield _decoded_line(carry, number + 1)


def _other_game(form: str, head: bytes) -> str | None:
    """What another game's record a file of ``form`` whose first block is ``head``
    looks like (:func:`~..formats.other_game`), where its format was not insisted on and
    may be mistaken for one (ours, BoardSpace's SGF); else ``None``."""
    return other_game(head) if form in ("kmr", "boardspace") and insisted_format() is None else None


def _kmr_opened(path: Source, encoding: str | None) -> _Opened:
    """The file ``path`` opened (:class:`_Opened`), where it is a ``.kmr`` text; a
    :class:`NotationError` at its first line (and the file closed) where it is another
    format's."""
    opened = _Opened(path, encoding)
    if opened.form != "kmr":
        opened.stack.close()
        raise NotationError(f"{FORMATS[opened.form].title}, not a .kmr text: convert it to .kmr first (kamisado convert --to text)", line=1, column=1)
    return opened


def _line_ends(data: bytes, nul: int) -> Iterator[int]:
    """Where each line of ``data`` ends, up to its first NUL byte (``nul``; -1: none): a
    ``\r`` that ends ``data`` may be the first half of a ``\r\n`` cut by the chunks, and
    ends none yet."""
    for m in LINE_BREAK_BYTES.finditer(data, 0, nul if nul >= 0 else len(data)):
        if m.end() == len(data) and m.group() == b"\r":
            return
        yield m.end()


def _decoded_line(raw: bytes, number: int) -> str:
    """One line decoded as UTF-8; :class:`NotationError` at an invalid byte, naming the
    encoding the line most likely is in."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        column = len(raw[: e.start].decode("utf-8", errors="replace")) + 1
        raise NotationError(not_utf8(raw[e.start], raw.rstrip(b"\r\n")), line=number, column=column) from None


def read_json_record(path: str) -> RecordFile:
    """A JSON record file (``-``: standard input), read whole. A missing or unreadable
    file raises :class:`RecordIOError`; a malformed document is one
    ``Diagnostic(rule="syntax")`` in ``RecordFile.errors`` (as
    :func:`~kamisado_notation.notation.read_record` reports bad text), with the line and
    column of the JSON text where JSON itself is broken, or of the match holding a bad
    field; the matches before it are kept, as the text reader keeps those before a
    fault that ends its reading."""
    opened = _Opened(path)
    record = RecordFile(opened.name)
    with opened.stack:
        record.matches.extend(opened.json_matches(record))
    return record


def input_lines(stream: BinaryIO) -> Iterator[tuple[int, str, str | None]]:
    """The lines of a byte stream as they come (standard input typed at a terminal
    included): ``(number, text, problem)`` for each, ``problem`` None for a good line,
    else why the line cannot be read (not UTF-8 — ``text`` then has U+FFFD for the bad
    bytes —, longer than :data:`MAX_LINE`, binary data, which ends the stream). Lines end
    as in a record file; a BOM before the first is dropped. For commands that answer
    line by line (``kamisado moves``)."""
    read = getattr(stream, "read1", stream.read)
    number = 0
    for block in LineBlocks(iter(lambda: read(_BLOCK), b"")):
        if isinstance(block, LongLine):
            number += 1
            yield number, "", f"the line is longer than {MAX_LINE} bytes; skipped"
            continue
        if isinstance(block, Binary):
            yield number + 1, "", f"binary data at byte {block.offset + 1}; nothing more is read"
            return
        for raw in raw_lines(block):
            number += 1
            yield number, *_decoded(raw, number == 1)


def _decoded(raw: bytes, first: bool) -> tuple[str, str | None]:
    try:
        text, problem = raw.decode("utf-8"), None
    except UnicodeDecodeError as e:
        text, problem = raw.decode("utf-8", errors="replace"), f"not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded"
    return (text[1:] if first and text.startswith("\ufeff") else text), problem
