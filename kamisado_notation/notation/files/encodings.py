"""Record files in another encoding than UTF-8: decoded on the way in, so that the rest
of the reader sees UTF-8 (``docs/notation.md``, "Encodings").

- A file that starts with a UTF-16 or UTF-32 byte-order mark (what Notepad writes as
  "Unicode") is decoded as such, without being asked.
- ``encoding=NAME`` (``--encoding NAME`` on every command that reads records) decodes
  a file in any encoding Python knows (``cp1250``, ``latin-1``, ``koi8-r``…); a byte it
  cannot decode is read as U+FFFD, which the reader reports where it stands in a move.
- Any other file is read as UTF-8. A line that is not is read in the encoding the file
  most likely is in (:func:`likely_encodings`: a detector, charset-normalizer, imported
  only then, whose candidates the record's own words and letters decide between), named
  at the first such line by the file's one ``error[encoding]``; the lines that are UTF-8
  stay UTF-8 (a stray byte in a UTF-8 file garbles its own line, not the rest).

Decoding is incremental, a chunk at a time: memory stays as flat as for a UTF-8 file.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable, Iterator

__all__ = ["ENCODING_RULE", "bom_encoding", "check_encoding", "likely_encodings", "not_utf8", "read_as", "transcoded"]

#: The rule id of a file that is not UTF-8.
ENCODING_RULE = "encoding"

# The byte-order marks read without being asked, longest first (UTF-32 LE starts as UTF-16 LE).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
# Candidates of the detector weighed at most (the first few are the likely ones).
_WEIGHED = 6
# The encoding most files not in UTF-8 are in (Windows' Western one).
_COMMON = "cp1252"
# Windows' encodings for Europe, and East Asia's double-byte ones (Japanese Windows'
# Shift JIS, Chinese GB 18030 and Big5, Korean EUC-KR), weighed whether or not the
# detector names them (it names GB 18030 for a Japanese memo in Shift JIS).
_WINDOWS = (_COMMON, "cp1250", "cp1251", "cp932", "gb18030", "big5", "euc_kr")
# Scripts a language writes mixed, word by word: Japanese's kana and kanji.
_ONE_SCRIPT = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "KATAKANA-HIRAGANA": "CJK"}
# A word: letters (and the marks that go with them).
_WORD = re.compile(r"[^\W\d_]+")


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
    text fits many (a German ``grün`` reads as well in cp850 as in cp1252 to it, a dash
    as a Cyrillic letter in cp1125, Japanese Shift JIS as Chinese GB 18030), so each,
    and Windows' encodings for Europe and East Asia's double-byte ones (:data:`_WINDOWS`),
    is weighed: those under which the most words outside ASCII are the vocabulary's
    (:func:`_known_words`: a record names colours and directions), then the fewest
    characters are odd ones (:func:`_odd_characters`), then, by the record itself, the
    fewest lines are syntax errors, are kept; cp1252 first among them (the encoding of
    most such files), then in the detector's order."""
    from charset_normalizer import from_bytes  # (only for a file that is not UTF-8: start-up time)

    names = [codecs.lookup(m.encoding).name for m in list(from_bytes(data))[:_WEIGHED]]
    weighed = [(weight, name) for name in dict.fromkeys([*names, *_WINDOWS]) if (weight := _weight(data, name)) is not None]
    best = min((weight for weight, _name in weighed), default=None)
    kept = [name for weight, name in weighed if weight == best]
    return sorted(kept, key=lambda name: name != _COMMON)  # (stable: the detector's order)


def _weight(data: bytes, name: str) -> tuple[int, int, int] | None:
    """How unlikely it is that ``data`` is in encoding ``name`` (:func:`likely_encodings`:
    the fewest words of the vocabulary, the most odd characters, the most lines that are
    syntax errors), or ``None`` when it does not decode so or the name is a UTF's or
    ASCII (UTF-16 and UTF-32 have their marks)."""
    from ..kmr.reader import parse_record

    if name.startswith("utf") or name == "ascii":
        return None
    try:
        text = data.decode(name)
    except UnicodeDecodeError:
        return None
    record = parse_record(text)
    errors = sum(len(m.errors) for m in record.matches) + len(record.errors)
    return -_known_words(text), _odd_characters(text), errors


def _known_words(text: str) -> int:
    """How many words of ``text`` outside ASCII are words of the vocabulary as written
    (:func:`~..vocabulary.written_words`: ``előre`` is, ``elõre``, what it is in cp1252,
    is not)."""
    from ..vocabulary import written_words

    known = written_words()
    return sum(not w.isascii() and w in known for w in _WORD.findall(text.casefold()))


def _odd_characters(text: str) -> int:
    """How many of the characters outside ASCII in ``text`` a person would hardly have
    written there: a symbol, a control or private character, a number that is no digit
    (``³``, what ``ü`` is in cp850), a combining mark, a capital letter right after a
    small one (``LŚng``, what ``Lång`` is in Mac's Central European encoding), a letter
    of another script than the letter beside it, and a capital letter of another script
    than Latin alone where the text's letters are mostly Latin (``Ц``, what an en dash
    is in cp1125). Letters, punctuation (dashes, quotes), spaces and currency signs are
    not."""
    latin = sum(c.isascii() and c.isalpha() for c in text)
    mostly_latin = latin > len(text) // 4
    padded = f" {text} "
    return sum(_odd(c, padded[i - 1], padded[i + 1], mostly_latin) for i, c in enumerate(text, 1) if ord(c) > 127)


def _odd(c: str, before: str, after: str, mostly_latin: bool) -> bool:
    """Whether ``c``, between ``before`` and ``after``, is an odd character
    (:func:`_odd_characters`)."""
    category = unicodedata.category(c)
    if category[0] in "SCMN":
        return category not in ("Sc", "Nd")
    if category == "Lu" and before.islower():
        return True
    if c.isalpha() and _beside_another_script(c, before, after):
        return True
    return category == "Lu" and mostly_latin and _foreign_alone(c, before, after)


def _foreign_alone(c: str, before: str, after: str) -> bool:
    """Whether ``c``, a letter of another script than Latin, stands alone: no letter
    just ``before`` or ``after`` it."""
    return _script(c) != "LATIN" and not before.isalpha() and not after.isalpha()


def _beside_another_script(c: str, before: str, after: str) -> bool:
    """Whether a letter of another script than ``c``'s stands just ``before`` or ``after`` it."""
    return any(n.isalpha() and _script(n) != _script(c) for n in (before, after))


def _script(letter: str) -> str:
    """The script of a letter, as Unicode names it (``LATIN``, ``CYRILLIC``, ``CJK``…),
    Japanese's kana one with its kanji (``CJK``), a full-width letter its script's."""
    if letter.isascii():
        return "LATIN"
    words = unicodedata.name(letter, "?").split(" ", 2)
    script = words[1] if words[0] in ("FULLWIDTH", "HALFWIDTH") and len(words) > 1 else words[0]
    return _ONE_SCRIPT.get(script, script)


def read_as(byte: int, lines: bytes) -> tuple[str, str]:
    """The encoding a record file whose ``lines`` are not UTF-8 is read in (the
    likeliest, :func:`likely_encodings`; cp1252 when no guess decodes them, a byte it has
    no character for then read as U+FFFD), and the message of its first bad ``byte``
    that names it: the guess made once."""
    likely = likely_encodings(lines)[:3]
    codec = likely[0] if likely else _COMMON
    also = " or ".join(name for name in likely if name != codec)
    message = (
        f"not UTF-8: byte 0x{byte:02x} cannot be decoded; it looks like {codec}{f' (or {also})' if also else ''}, "
        f"and the lines that are not UTF-8 are read as {codec}: read it with --encoding NAME to say which it is"
    )
    return codec, message


def not_utf8(byte: int, line: bytes) -> str:
    """The message of a record file that is not UTF-8 at the byte ``byte``, where it is
    not read on (``fix``, ``convert``: they write what they read), naming the encoding
    its ``line`` most likely is in."""
    likely = likely_encodings(line)[:3]
    if not likely:
        return f"not UTF-8: byte 0x{byte:02x} cannot be decoded; read it with --encoding NAME"
    others = f" (or {' or '.join(likely[1:])})" if len(likely) > 1 else ""
    hint = f"it looks like {likely[0]}{others}: read it with --encoding {likely[0]}"
    return f"not UTF-8: byte 0x{byte:02x} cannot be decoded; {hint}"
