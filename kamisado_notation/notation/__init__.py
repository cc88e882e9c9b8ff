"""Text ⇄ records: the move notation and the ``.kmr`` record format (``docs/notation.md``),
the JSON form of a record, and JSON views of engine objects.

It may import the values and :mod:`kamisado_notation.engine` (for the board's words and
JSON views); nothing that judges records, draws or runs the command line.

The layers, bottom up: :mod:`.vocabulary` (the words of every language), :mod:`.record`
(the record model: what was written, nothing judged), :mod:`.text` (the plain characters a
word processor stands for), :mod:`.kmr` (the ``.kmr`` text read into the record model: its
lexer, grammar, fast paths, the reading by evidence, and the assembly of lines into
matches), :mod:`.json_form` (the JSON form read back), :mod:`.foreign` (other programs'
records), :mod:`.files` (opening a file, its encoding, its lines and blocks: the one opener
above every reader), :mod:`.formats` (the one registry of formats), :mod:`.writer` (records
to text, every form and language), :mod:`.json_text` (JSON written fast) and
:mod:`.export` (JSON views of positions and moves). Nothing here knows the rules: the
replay (:mod:`kamisado_notation.checking.replay`) judges records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import FormatError, NotationError, RecordIOError
from .files.opening import (
    MAX_JSON,
    MAX_LINE,
    STDIN,
    input_lines,
    looks_like_json,
    open_matches,
    open_record_file,
    read_json_record,
    read_record,
    record_paths,
    source_name,
)
from .kmr.reader import iter_headers, iter_matches, parse_entry, parse_record
from .kmr.tokens import MAX_DIGITS
from .record import Comment, Entry, Header, Headers, Lineup, MatchRecord, RecordFile, RoundRecord
from .writer import Form, ResolvedMoves, format_entry, format_move, format_record, record_json

if TYPE_CHECKING:
    from .json_form.reading import record_from_json
    from .kmr.grammar import build_parser, grammar_text

__all__ = [
    "MAX_DIGITS",
    "MAX_JSON",
    "MAX_LINE",
    "STDIN",
    "Comment",
    "Entry",
    "Form",
    "FormatError",
    "Header",
    "Headers",
    "Lineup",
    "MatchRecord",
    "NotationError",
    "RecordFile",
    "RecordIOError",
    "ResolvedMoves",
    "RoundRecord",
    "build_parser",
    "format_entry",
    "format_move",
    "format_record",
    "grammar_text",
    "input_lines",
    "iter_headers",
    "iter_matches",
    "looks_like_json",
    "open_matches",
    "open_record_file",
    "parse_entry",
    "parse_record",
    "read_json_record",
    "read_record",
    "record_from_json",
    "record_json",
    "record_paths",
    "source_name",
]


def __getattr__(name: str) -> Any:
    """The grammar's names and the JSON record's reader, loaded on first use (PEP 562):
    importing the package does not import lark, which only the general path of the
    reader needs, nor the JSON reader, which only JSON records need (start-up time)."""
    if name in ("build_parser", "grammar_text"):
        from .kmr import grammar

        return getattr(grammar, name)
    if name == "record_from_json":
        from .json_form.reading import record_from_json

        return record_from_json
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
