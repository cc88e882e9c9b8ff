"""A record saved as rich text (RTF: WordPad's, TextEdit's, a word processor's "save as
RTF"): read as the text it shows, a paragraph a line.

RTF writes its text between control words (``\\par`` ends a paragraph, ``\\tab`` is a
tab, ``\\'e9`` a byte in the document's code page, ``\\u8594?`` a character by its
number) and groups in braces, some of which hold no text (the fonts' and colours'
tables, the document's information, pictures, anything marked ``\\*``). The source's own
line breaks mean nothing in RTF, so each paragraph is read as one line, given at the
source line where it ends, and a source line where none ends is blank: the file keeps
its number of lines, and a diagnostic's line is where its paragraph ends.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator

__all__ = ["rtf_text"]

#: A token of RTF: a control word with its number, a byte in hex, a control symbol, a
#: brace, or text.
_TOKEN = re.compile(r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|([^\\{}\r\n]+)|\r?\n|\r")
#: Groups that hold no text a reader sees.
_HIDDEN = frozenset(
    ["fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf", "generator", "listtable", "listoverridetable", "rsidtbl", "latentstyles", "themedata", "colorschememapping", "datastore", "xmlnstbl", "mmathPr", "filetbl", "revtbl", "pgdsctbl", "fldinst", "bkmkstart", "bkmkend"]
)
#: Control words that stand for a character.
_CHARACTERS = {
    "tab": "\t", "emdash": "\u2014", "endash": "\u2013", "lquote": "\u2018", "rquote": "\u2019",
    "ldblquote": "\u201c", "rdblquote": "\u201d", "bullet": "\u2022", "emspace": " ", "enspace": " ", "qmspace": " ",
}  # fmt: skip
#: Control symbols that stand for a character (``\~``, a blank that does not break).
_SYMBOLS = {"~": " ", "_": "-", "-": "", "\\": "\\", "{": "{", "}": "}"}
#: Control words that end a line a reader sees.
_BREAKS = frozenset({"par", "line", "row", "sect", "page"})
#: Control words that take a number (:meth:`_Reader._numbered`).
_NUMBERED = frozenset({"ansicpg", "uc", "u"})


def rtf_text(lines: Iterable[str]) -> Iterator[str]:
    """The lines of an RTF document as the text it shows: each source line the text of
    the paragraphs that end on it (two or more parted by a column's gap), else blank,
    its ending kept."""
    reader = _Reader()
    for line in lines:
        body = line.rstrip("\r\n")
        yield reader.line(body) + line[len(body) :]
    rest = reader.ended()
    if rest:
        yield rest


class _Reader:
    """What an RTF document's reading carries from line to line: the group depth, the
    depth of a hidden group being skipped, the code page, the paragraph so far."""

    def __init__(self) -> None:
        self.depth = 0
        self.hidden: int | None = None  # (the depth of the hidden group being skipped)
        self.opened = False  # (a group was opened by the token before: a destination may follow)
        self.skip = 0  # (the characters a \u's fallback still skips)
        self.fallback = 1  # (\ucN: how many a \u's fallback is)
        self.codepage = "cp1252"
        self.raw = bytearray()  # (bytes given in hex, decoded together: a double-byte code page's)
        self.paragraph: list[str] = []
        self.done: list[str] = []

    def line(self, body: str) -> str:
        for m in _TOKEN.finditer(body):
            self.token(m)
        done, self.done = self.done, []
        return "   ".join(done)

    def ended(self) -> str:
        self.flush()
        return "".join(self.paragraph).strip()

    def token(self, m: re.Match[str]) -> None:
        word, number, byte, symbol, brace, text = m.groups()
        opened, self.opened = self.opened, False
        if brace is not None:
            self.brace(brace)
            return
        if self.hidden is not None:
            return
        if byte is not None:
            self.byte(byte)
            return
        self.flush()
        self.shown(word, number, symbol, text, opened=opened)

    def shown(self, word: str | None, number: str | None, symbol: str | None, text: str | None, *, opened: bool) -> None:
        """A token outside what is hidden, and no byte: a control word (with its
        ``number``), a control symbol or plain text (``opened``: right after a ``{``)."""
        if word is not None:
            self.control(word, number, opened)
        elif symbol is not None:
            self.symbol(symbol, opened)
        elif text is not None:
            self.text(text)

    def byte(self, byte: str) -> None:
        """A byte written ``\\'hh`` (of the code page's text), unless it stands in for a
        ``\\u`` character just read."""
        if not self.skipped():
            self.raw.append(int(byte, 16))

    def symbol(self, symbol: str, opened: bool) -> None:
        """A control symbol (``\\~``, ``\\-``…): its character, or the start of an
        optional destination (``{\\*\\generator …}``), hidden."""
        if symbol == "*" and opened:
            self.hidden = self.depth
        elif not self.skipped():
            self.paragraph.append(_SYMBOLS.get(symbol, ""))

    def text(self, text: str) -> None:
        """Plain text, less the characters a ``\\u``'s fallback still skips."""
        skipped = min(self.skip, len(text))
        self.skip -= skipped
        self.paragraph.append(text[skipped:])

    def brace(self, brace: str) -> None:
        self.flush()
        if brace == "{":
            self.depth += 1
            self.opened = True
            return
        if self.hidden == self.depth:
            self.hidden = None
        self.depth = max(0, self.depth - 1)

    def control(self, word: str, number: str | None, opened: bool) -> None:
        if opened and word in _HIDDEN:
            self.hidden = self.depth
        elif word in _NUMBERED and number is not None:
            self._numbered(word, number)
        elif word in _BREAKS:
            self.done.append("".join(self.paragraph).strip())
            self.paragraph = []
        elif word in _CHARACTERS:
            self.paragraph.append(_CHARACTERS[word])

    def _numbered(self, word: str, number: str) -> None:
        """A control word that takes a number: the code page (``ansicpg``), how many
        characters stand in for a ``\\u`` (``uc``), or a character by its code (``u``)."""
        if word == "ansicpg":
            self.codepage = _codepage(f"cp{number}")
        elif word == "uc":
            self.fallback = max(0, int(number))
        else:
            self.paragraph.append(chr(int(number) % 0x10000))
            self.skip = self.fallback

    def skipped(self) -> bool:
        """Whether the character met now is a ``\\u``'s fallback, skipped."""
        if self.skip:
            self.skip -= 1
            return True
        return False

    def flush(self) -> None:
        if self.raw:
            self.paragraph.append(self.raw.decode(self.codepage, "replace"))
            self.raw.clear()


def _codepage(name: str) -> str:
    """The codec of an RTF document's code page, cp1252 where Python knows none."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "cp1252"
