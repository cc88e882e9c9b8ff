"""A JSON document read as it comes, a value at a time, so that a document far larger
than memory can be read: the members of its top-level object one by one, and the
elements of an array member one by one (the ``matches`` of a JSON record,
:mod:`.reading`), each decoded whole by the standard library's C decoder.

Only the punctuation between those values is read here; every value (a match, a key, a
header string) is decoded by :meth:`json.JSONDecoder.raw_decode` on the text read so far,
which is read on, twice as far each time, while a value runs past it: a document is read
once and a value decoded at most about twice. Memory holds the value being decoded and
at most a block of text read ahead (:data:`_BLOCK` bytes), never the document; a single
value longer than the limit is refused.

The errors are those of ``json.loads`` on the whole text (the same message, at the same
line and column, ``"\\n"`` ending a line as :mod:`json` counts), raised as
:class:`~kamisado_notation.errors.NotationError` (``not JSON: Expecting ',' delimiter``);
bytes that are not UTF-8 are one too, at their line and column. A BOM before the document
is skipped. A key given twice in an object (``json`` keeps the last silently) and a lone
surrogate (no UTF-8 file can hold it; only a ``\\uD800``-style escape can write one) are
refused naming the value's JSON path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator

from ...errors import NotationError

__all__ = ["JsonStream", "check_text"]

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# A \uD800-\uDFFF escape: the only way a JSON text can carry a lone surrogate.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# The longest text at the end of what is read that can be a value cut short and still be
# reported by the decoder before its own end: a ``\\uXXXX`` escape cut in its digits.
_CUT_MARGIN = 6


class _Duplicated(dict[str, object]):
    """A JSON object that named a key twice (``key``, the first such)."""

    key: str


class _Objects:
    """The decoder's object hook: a dict, marked when a key comes twice."""

    def __init__(self) -> None:
        self.duplicated = False

    def __call__(self, pairs: list[tuple[str, object]]) -> dict[str, object]:
        d = dict(pairs)
        if len(d) == len(pairs):
            return d
        self.duplicated = True
        marked = _Duplicated(d)
        seen: set[str] = set()
        for k, _v in pairs:
            if k in seen:
                marked.key = k
                break
            seen.add(k)
        return marked


def _walk(data: object, root: str) -> Iterator[tuple[object, str]]:
    """Every value of a decoded document with its JSON path (from ``root``), depth first
    (no recursion: the document may be deep)."""
    stack: list[tuple[object, str]] = [(data, root)]
    while stack:
        value, where = stack.pop()
        yield value, where
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]") for i, v in reversed(list(enumerate(value))))


def check_text(data: object, root: str = "") -> None:
    """Raise :class:`NotationError` at the first key given twice (an object the decoder's
    hook marked) or lone surrogate in ``data``, naming its JSON path (``root`` is the
    path of ``data`` itself)."""
    for value, where in _walk(data, root):
        if isinstance(value, _Duplicated):
            raise NotationError(f"{where or 'the document'}: the key {value.key!r} is given twice")
        _refuse_surrogates(value, where)


def _refuse_surrogates(value: object, where: str) -> None:
    """Raise :class:`NotationError` at a lone surrogate in ``value`` (a string) or in its
    keys (an object), ``where`` its JSON path."""
    keys = value.keys() if isinstance(value, dict) else ()
    for text in [value, *keys] if isinstance(value, str) else keys:
        m = _SURROGATE.search(text)
        if m is not None:
            raise NotationError(f"{where or 'the document'}: \\u{ord(m.group()):04x} is a lone surrogate, not a character")


def _complete_utf8(data: bytes) -> int:
    """Where the last whole UTF-8 sequence of ``data`` ends: the bytes after it may be
    the start of a character the next block ends."""
    n = len(data)
    for back in range(1, min(3, n) + 1):  # (a character is at most 4 bytes: its lead at most 3 back)
        b = data[n - back]
        if b & 0xC0 != 0x80:  # a lead byte, or ASCII
            return n - back if _sequence_length(b) > back else n
    return n


def _sequence_length(lead: int) -> int:
    """How many bytes the UTF-8 sequence that starts with the byte ``lead`` has (1 for
    ASCII, or a byte that leads none)."""
    return 2 if lead >> 5 == 0b110 else 3 if lead >> 4 == 0b1110 else 4 if lead >> 3 == 0b11110 else 1


class JsonStream:
    """The text of a JSON document from ``chunks`` (its bytes, in order), read as the
    values are asked for. ``limit``: the most characters one value may hold."""

    def __init__(self, chunks: Iterable[bytes], *, limit: int) -> None:
        self._chunks = iter(chunks)
        self._limit = limit
        self._buf = ""  # the text read and not dropped; the reading is at self._pos
        self._pos = 0
        # the line of self._buf[0] and the characters before it on that line; and the
        # same of self._buf[mark], the last location counted (the next counts on from it)
        self._start = self._counted = (0, 1, 0)
        self._tail = b""  # the start of a character cut by the end of a block
        self._eof = False  # (the text ends at the end of self._buf)
        self._bad: NotationError | None = None  # bytes that are not UTF-8 end the text here
        self._read(first=True)

    # -- reading

    def _read(self, *, first: bool = False, at_least: int = 1) -> None:
        """Drop the text before the reading, then read ``at_least`` more characters (or to
        the end of the document)."""
        if self._pos:
            line, column = self._location(self._pos)
            self._buf = self._buf[self._pos :]
            self._pos = 0
            self._start = self._counted = (0, line, column)
        got: list[str] = []
        length = 0
        while length < at_least and not self._eof:
            data = self._next_bytes()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as e:  # the text read up to the bad byte is read all the same
                got.append(data[: e.start].decode("utf-8"))
                self._bad = self._not_utf8(data[e.start], "".join(got))
                self._eof = True
                break
            got.append(text)
            length += len(text)
        self._buf += "".join(got)
        if first and self._buf.startswith("\ufeff"):
            self._buf = self._buf[1:]

    def _next_bytes(self) -> bytes:
        """The next block's bytes up to its last whole character (the rest kept for the
        block after it), with those kept from the block before; at the end, what is left."""
        chunk = next(self._chunks, None)
        if chunk is None:
            self._eof = True
            data, self._tail = self._tail, b""
            return data
        data = self._tail + chunk if self._tail else chunk
        cut = _complete_utf8(data)
        data, self._tail = data[:cut], data[cut:]
        return data

    def _not_utf8(self, byte: int, before: str) -> NotationError:
        """The error of a byte that is not UTF-8, read after ``before`` (after the text)."""
        line, column = self._location(len(self._buf), before)
        return NotationError(f"not UTF-8: byte 0x{byte:02x} cannot be decoded", line=line, column=column + 1)

    def _location(self, pos: int, after: str = "") -> tuple[int, int]:
        """The line and the characters before it on its line of ``self._buf[pos]`` (or of
        the end of ``after``, read after ``self._buf[:pos]``)."""
        buf = self._buf
        mark, line, column = self._counted if self._counted[0] <= pos else self._start
        nl = buf.count("\n", mark, pos)
        if nl:
            line += nl
            column = pos - buf.rfind("\n", mark, pos) - 1
        else:
            column += pos - mark
        self._counted = (pos, line, column)
        nl = after.count("\n")
        if nl:
            return line + nl, len(after) - after.rfind("\n") - 1
        return line, column + len(after)

    def _error(self, message: str, pos: int | None = None) -> NotationError:
        line, column = self._location(self._pos if pos is None else pos)
        return NotationError(f"not JSON: {message}", line=line, column=column + 1)

    def location(self) -> tuple[int, int]:
        """The line and column (1-based) of the next value, punctuation or end."""
        self._peek()
        line, column = self._location(self._pos)
        return line, column + 1

    def _peek(self) -> str:
        """The next character that is not white space (read as far as needed); ``""`` at
        the end of the document."""
        while True:
            self._pos = _WHITESPACE.match(self._buf, self._pos).end()  # type: ignore[union-attr]  # (matches empty)
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if self._eof:
                if self._bad is not None:
                    raise self._bad
                return ""
            self._read()

    def _expect(self, char: str, message: str) -> None:
        if self._peek() != char:
            raise self._error(message)
        self._pos += 1

    # -- values

    def value(self, where: str) -> object:
        """The next value, decoded whole; ``where`` is its JSON path, for the messages."""
        self._peek()
        hook = _Objects()
        decoder = json.JSONDecoder(object_pairs_hook=hook)
        while True:
            decoded = self._decoded(decoder)
            if decoded is not None and (decoded[1] < len(self._buf) or self._eof):
                break
            self._read_on(where)  # (the value, or a number at the end of the text read, may go on in the next block)
        value, end = decoded
        if hook.duplicated or _SURROGATE_ESCAPE.search(self._buf, self._pos, end):
            check_text(value, where)
        self._pos = end
        return value

    def _decoded(self, decoder: json.JSONDecoder) -> tuple[object, int] | None:
        """The value at the reading and where it ends, as far as the text read holds it;
        ``None`` when it is cut by the end of the text read and more is to come."""
        try:
            return decoder.raw_decode(self._buf, self._pos)
        except json.JSONDecodeError as e:
            cut = self._cut(e)
            if cut and not self._eof:
                return None
            raise (self._bad if cut and self._bad is not None else self._error(e.msg, e.pos)) from None
        except (ValueError, RecursionError) as e:  # a number too long to convert; nesting too deep
            line, column = self.location()
            raise NotationError(f"not JSON the toolkit can read: {e}", line=line, column=column) from None

    def _cut(self, e: json.JSONDecodeError) -> bool:
        """Whether JSON's error ``e`` is where the text read ends inside a value (a
        string not closed, or at the last few characters read), not a fault."""
        return e.pos >= len(self._buf) - _CUT_MARGIN or e.msg.startswith("Unterminated string")

    def _read_on(self, where: str) -> None:
        """Read as much again as the value read so far (at least a block)."""
        held = len(self._buf) - self._pos
        if held > self._limit:
            line, column = self.location()
            raise NotationError(f"{where or 'the document'}: longer than {self._limit} bytes, the most read at once", line=line, column=column)
        self._read(at_least=held)

    def start(self, char: str) -> bool:
        """Whether an object (``char`` ``{``) or array (``[``) starts here; if so, its
        opening is read."""
        if self._peek() == char:
            self._pos += 1
            return True
        return False

    def _next(self, closing: str, first: bool) -> bool:
        """Whether another member or element of the object or array being read (whose
        ``closing`` character is ``}`` or ``]``) follows (``first``: its first), its
        ``,`` read; False at the end (``closing`` read)."""
        c = self._peek()
        if c == closing:
            self._pos += 1
            return False
        if not first:
            if c != ",":
                raise self._error("Expecting ',' delimiter")
            self._pos += 1
        return True

    def next_key(self, first: bool) -> str | None:
        """The next key of the object being read (``first``: its first), with its ``:``;
        None at its end (its ``}`` read)."""
        if not self._next("}", first):
            return None
        if self._peek() != '"':
            raise self._error("Expecting property name enclosed in double quotes")
        key = self.value("")
        assert isinstance(key, str)
        if _SURROGATE.search(key):
            check_text({key: None})
        self._expect(":", "Expecting ':' delimiter")
        return key

    def next_element(self, first: bool) -> bool:
        """Whether another element of the array being read follows (``first``: its
        first), its ``,`` read; False at its end (its ``]`` read)."""
        return self._next("]", first)

    def end(self) -> None:
        """Nothing but white space after the document."""
        if self._peek():
            raise self._error("Extra data")
