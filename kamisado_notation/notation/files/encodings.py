"""Record files in another encoding than UTF-8: decoded on the way in, so that the rest
of the reader sees UTF-8 (``docs/notation.md``, "Encodings").

- A file that starts with a UTF-16 or UTF-32 byte-order mark (what Notepad writes as
  "Unicode") is decoded as such, without being asked.
- ``encoding=NAME`` (``--encoding NAME`` on every command that reads records) decodes
  a file in any encoding Python knows (``cp1250``, ``latin-1``, ``koi8-r``…); a byte it
  cannot decode is read as U+FFFD, which the reader reports where it stands in a move.
- Any other file is read as UTF-8. When it is not, its one ``error[encoding]`` names the
  encoding it most likely is (:func:`likely_encodings`: a detector, charset-normalizer,
  imported only then, whose candidates the record's own words decide between).

Decoding is incremental, a chunk at a time: memory stays as flat as for a UTF-8 file.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator

__all__ = ["ENCODING_RULE", "bom_encoding", "check_encoding", "likely_encodings", "not_utf8", "transcoded"]

#: The rule id of a file that is not UTF-8.
ENCODING_RULE = "encoding"

# The byte-order marks read without being asked, longest first (UTF-32 LE starts as UTF-16 LE).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
# Candidates of the detector weighed at most (the first few are the likely ones).
_WEIGHED = 6
# The encoding most files not in UTF-8 are in (Windows' Western one).
_COMMON = "cp1252"


def check_encoding(name: str) -> str:
    """The codec name of the text encoding ``name`` (``"cp1250"`` for ``"windows-1250"``);
    :class:`ValueError` when Python knows no text encoding by that name."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ValueError(f"unknown encoding: {name!r}") from None
    if not getattr(info, "_is_text_encoding", True):  # (base64, rot13…: codecs, not encodings)
        raise ValueError(f"not a text encoding: {name!r}")
    return info.name


def bom_encoding(head: bytes) -> str | None:
    """The encoding a file that starts with ``head`` declares by a UTF-16 or UTF-32
    byte-order mark, if it does (a UTF-8 BOM is UTF-8: ``None``)."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    return None


def transcoded(chunks: Iterable[bytes], encoding: str) -> Iterator[bytes]:
    """The chunks of a file in ``encoding`` as UTF-8, a chunk at a time (a byte-order
    mark of a UTF-16 or UTF-32 file dropped; a byte that cannot be decoded read as
    U+FFFD)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    for chunk in chunks:
        text = decoder.decode(chunk)
        if text:
            yield text.encode("utf-8", errors="replace")
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail.encode("utf-8", errors="replace")


def likely_encodings(data: bytes) -> list[str]:
    """The encodings the bytes ``data`` (a line of a record file that is not UTF-8) are
    most likely in, as codec names (``"cp1250"``), the likeliest first; empty when no
    guess decodes them. A detector (charset-normalizer) names the candidates; a short
    text fits many (a German ``grün`` reads as well in cp850 as in cp1252 to it), so
    each is weighed by the record itself: those under which the fewest lines are syntax
    errors are kept (the colour and direction words are words there), in the detector's
    order, then Windows' Western cp1252 (the encoding of most such files) when the
    detector did not name it."""
    from charset_normalizer import from_bytes  # (only for a file that is not UTF-8: start-up time)

    from ..kmr.reader import parse_record

    names = [codecs.lookup(m.encoding).name for m in list(from_bytes(data))[:_WEIGHED]]
    weighed: list[tuple[int, str]] = []
    for name in dict.fromkeys([*names, _COMMON]):
        if name in ("utf-8", "ascii"):
            continue
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        record = parse_record(text)
        weighed.append((sum(len(m.errors) for m in record.matches) + len(record.errors), name))
    fewest = min((errors for errors, _name in weighed), default=0)
    return [name for errors, name in weighed if errors == fewest]


def not_utf8(byte: int, line: bytes) -> str:
    """The message of a record file that is not UTF-8 at the byte ``byte``, naming the
    encoding its ``line`` most likely is in (the line alone: a file read in blocks of
    matches names the same one as read whole)."""
    likely = likely_encodings(line)[:3]
    if not likely:
        return f"not UTF-8: byte 0x{byte:02x} cannot be decoded; read it with --encoding NAME"
    others = f" (or {' or '.join(likely[1:])})" if len(likely) > 1 else ""
    hint = f"it looks like {likely[0]}{others}: read it with --encoding {likely[0]}"
    return f"not UTF-8: byte 0x{byte:02x} cannot be decoded; {hint}"
