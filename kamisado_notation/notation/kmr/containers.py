"""Records kept inside a container: a JSON document (a notebook's cells, an app's export
written over many lines) holds the record's lines as its strings. The lines of such a
file are read as the text of its strings, each on its own line (its column kept); the
JSON around them (keys, brackets, numbers) is no text of the record, read as a blank
line. A file is a JSON document when its first line is a lone ``{`` or ``[`` and its next
line a quoted key or string: a record of ours never begins so (its braced comments
close on their line or hold words, not a key). A chat's export in JSON Lines (an object a
line, each a message: who wrote it and what) is read as its messages' words, each on its
line, a message's lines parted as a string's are; an app's events among them are read
as their values are."""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice

from ..vocabulary import ROUND_WORDS, normalise

__all__ = ["unwrapped"]

#: A line of a JSON document that holds one string: an array's item or a key's value
#: (``    "1. Red Forward 5 Orange\n",``, ``"text": "Round 2",``).
_STRING_LINE = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"\s*:\s*)?"((?:[^"\\]|\\.)*)"\s*,?\s*')
#: A JSON key whose string says who or when, not what was said (a chat app's export:
#: ``"user": "U04AMA"``, ``"real_name": "Ama Owusu"``, whose ``Ama`` is no yellow tower;
#: ``"client_msg_id"``, ``"avatar_hash"``): the message's own text is under another key.
_JSON_META = re.compile(r"(?:\w+_)?(?:id|hash|team|user|name|type|subtype|avatar\w*|image\w*|icon\w*|permalink|url)", re.IGNORECASE)
#: A digit: a ``name`` that holds one names no one (:func:`_says_who_or_when`).
_DIGIT = re.compile(r"\d")
#: How long a string must be to count as said twice (a short one, ``ok``, ``plain``, is
#: said again as often as not).
_LONG = 24
#: An XML attribute that holds a message's text (``body="…"``, ``text='…'``).
_TEXT_ATTRIBUTE = re.compile(r"""\b(?:body|text|message|content|msg)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
#: A web page's first element after an XML declaration.
_XHTML = re.compile(r"\s*<(?:!DOCTYPE\s+html|html)\b", re.IGNORECASE)
#: The elements of a web page that a piece of one saved alone may start with.
_HTML_ELEMENTS = (
    "html", "body", "div", "section", "article", "main", "header", "footer", "nav", "aside", "table", "ul", "ol", "dl", "p", r"h[1-6]",
    "blockquote", "pre", "span", "center", "font", "form", "figure", "details",
)  # fmt: skip
#: An XML document's root element alone on its first line, where the document has no
#: declaration (a mind map's ``<map version="1.0.1">``); not a web page's, nor a piece of
#: one (a forum post saved from its ``<div class="post">``: read as any text with tags).
_ROOT = re.compile(r"\ufeff?\s*<(?!(?:" + "|".join(_HTML_ELEMENTS) + r")\b)[A-Za-z][\w:.-]*(?:\s+[\w:.-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*>\s*", re.IGNORECASE)
#: A tag with its attributes.
_TAG = re.compile(r"<[^<>]*>")
#: A mail's header line (``Return-Path: <…>``, ``From: …``), which a mail's first line is.
_MAIL_HEADER = re.compile(r"(?:[A-Z][A-Za-z]*-)*[A-Z][A-Za-z]*: \S|From \S+@")
#: The header that says a mail's text is sent as quoted-printable, and its charset's.
_QP = re.compile(r"\s*Content-Transfer-Encoding:\s*quoted-printable", re.IGNORECASE)
_CHARSET = re.compile(r"charset=\"?([\w.:-]+)", re.IGNORECASE)
#: The boundary a mail in parts names between them (quoted or not).
_BOUNDARY = re.compile(r"""boundary\s*=\s*(?:"([^"]+)"|([^\s;"]+))""", re.IGNORECASE)
#: The most lines a mail's header block is looked through.
_HEADERS = 100
#: A JSON document's first line: an object or array opened alone.
_OPENS = re.compile(r"\s*[\[{]\s*")
#: Its second: a quoted key or string.
_QUOTED = re.compile(r'\s*"')


def unwrapped(lines: Iterable[str]) -> Iterable[str]:
    """``lines`` as the reader reads them: the text of a JSON document's strings where
    they are one (:data:`_OPENS`), a mail's text decoded where it is sent as
    quoted-printable (:func:`_mail`), an XML document's text (:func:`_xml_text`), an RTF
    document's (:mod:`.rtf`: a paragraph a line), a web page's with its style sheets and
    scripts blanked (:func:`_web_page`), captions' words (:func:`_captions`), else ``lines`` themselves (the rest not looked
    at)."""
    it = iter(lines)
    head: list[str] = []
    _to_text(head, it)
    if not head:
        return chain(head, it)
    document = _document(head, it)
    if document is None and _an_object(head[-1]):  # (JSON Lines: a chat's messages among them, read as their words)
        return map(_message_line, chain(head, it))
    return document if document is not None else _json_strings(head, it)


#: The keys of a chat's message whose string is what a person wrote, and those that
#: say who wrote it (a message has both).
_MESSAGE_KEYS = ("text", "body", "content", "message", "msg")
_WHO_KEYS = ("user", "author", "from", "sender", "username", "user_name")


def _an_object(line: str) -> bool:
    """Whether ``line`` may be a JSON object alone (JSON Lines)."""
    body = line.strip()
    return body.startswith('{"') and body.endswith("}")


def _message(line: str) -> str | None:
    """What a person wrote, where ``line`` is a chat export's message in JSON Lines (an
    object a line, who wrote it under a key of :data:`_WHO_KEYS`, the words under one
    of :data:`_MESSAGE_KEYS`: ``{"user": "U04…", "text": "*R1*\\n1. B h8→h5\\n2. G
    d1→d5", …}``); else ``None`` (an app's event, its moves in fields, is read as its
    values are: ``{"tower": "red", "dir": "fwd", "pass": true}``)."""
    if not _an_object(line):
        return None
    try:
        value = json.loads(line)
    except ValueError:
        return None
    if not isinstance(value, dict) or not any(k in value for k in _WHO_KEYS):
        return None
    return next((value[k] for k in _MESSAGE_KEYS if isinstance(value.get(k), str)), None)


def _message_line(line: str) -> str:
    """A chat export's line (:func:`_message`) as the words of its message, on its line:
    the message's lines parted by `` ; `` as a JSON document's string's are, its
    keys, who and when blank; a line that holds no message as it is."""
    said = _message(line)
    if said is None:
        return line
    body = line.rstrip("\r\n")
    return " ; ".join(_HEADING.sub(_blank, part) for part in said.strip().splitlines()) + line[len(body) :]


def _document(head: list[str], it: Iterator[str]) -> Iterable[str] | None:
    """The text of a mail, an XML or an RTF document, or captions, told by its first
    line that is not blank (``head[-1]``); ``None`` for any other text."""
    first = head[-1]
    if _MAIL_HEADER.match(first):
        return _mail(head, it)
    if first.lstrip().startswith("<?xml") or _ROOT.fullmatch(first.rstrip("\r\n")):
        return _xml(head, it)
    if _XHTML.match(first):
        return _web_page(chain(head, it))
    if _captions_begin(head, it):
        return _captions(chain(head, it))
    if _CALENDAR.fullmatch(first):
        return _calendar(chain(head, it))
    if first.lstrip("\ufeff \t").startswith("{\\rtf"):
        from .rtf import rtf_text  # (only for a document in RTF)

        return rtf_text(chain(head, it))
    return None


#: An iCalendar's or a vCard's first line (a calendar's event, a to-do, a contact's card).
_CALENDAR = re.compile(r"\ufeff?BEGIN:V(?:CALENDAR|EVENT|TODO|JOURNAL|CARD)\s*", re.IGNORECASE)
#: A property line of one: its name and parameters, before the colon its value follows.
_PROPERTY = re.compile(r"\ufeff?([A-Za-z][\w-]*)(?:;[^:]*)?:")
#: The properties whose value is text a person wrote (not when, who, nor an id).
_WRITTEN = frozenset({"SUMMARY", "DESCRIPTION", "COMMENT", "LOCATION", "NOTE"})
#: A value's escapes: a line's end (``\n``), a comma, a semicolon, a backslash.
_VALUE_ESCAPE = re.compile(r"\\([nN,;\\])")


def _calendar(lines: Iterable[str]) -> Iterator[str]:
    """The lines of an iCalendar or a vCard as the text people wrote in it: a property
    folded over several lines (a line that starts with a blank goes on with the one
    before) read as one line at its first, the lines it was folded onto blank; a written
    property's value (:data:`_WRITTEN`) unescaped, its own lines (``\\n``) parted by
    `` ; `` as a JSON string's are; any other property blank."""
    folded: list[tuple[str, str]] = []  # (the property read so far: each line's text and ending)
    for line in lines:
        body = line.rstrip("\r\n")
        if folded and body[:1] in (" ", "\t"):
            folded.append((body[1:], line[len(body) :]))
            continue
        yield from _property_lines(folded)
        folded = [(body, line[len(body) :])]
    yield from _property_lines(folded)


def _property_lines(folded: list[tuple[str, str]]) -> Iterator[str]:
    """One property of a calendar's (:func:`_calendar`), folded over the lines ``folded``
    (each line's text and ending; none before the first property), as its lines are read."""
    if folded:
        yield _written_value("".join(part for part, _ in folded)) + folded[0][1]
        yield from (ending for _, ending in folded[1:])


def _written_value(text: str) -> str:
    """A calendar's property line ``text`` unfolded, as it is read: a written property's
    value (:data:`_WRITTEN`) unescaped at its column; any other blank."""
    m = _PROPERTY.match(text)
    if m is None or m[1].upper() not in _WRITTEN:
        return ""
    return " " * m.end() + _VALUE_ESCAPE.sub(_unescaped, text[m.end() :])


def _unescaped(m: re.Match[str]) -> str:
    """A calendar value's escape (:data:`_VALUE_ESCAPE`) as what it stands for."""
    return " ; " if m[1] in "nN" else m[1]


#: A caption's timing line: when it is shown, no move (SubRip's ``00:00:06,100 -->
#: 00:00:10,300``, WebVTT's ``00:06.100 --> 00:10.300 align:start``, SBV's
#: ``0:00:06.100,0:00:10.300``).
_TIMING = re.compile(r"\s*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}\s*(?:-->|,)\s*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}(?:[ \t].*)?\s*")
#: A caption's number, alone on the line before its timing (SubRip's).
_CUE_NUMBER = re.compile(r"\ufeff?\s*\d+\s*")
#: A WebVTT file's first line.
_WEBVTT = re.compile(r"\ufeff?WEBVTT\b.*", re.DOTALL)
#: A caption's markup: how its text looks (``<i>``, ``<font color="red">``, whose colour
#: is no tower's; WebVTT's ``<c.yellow>``, ``<00:00:12.500>``) and the voice tag's
#: brackets (``<v Ana>``: the name is kept, as a speaker's name written before the words).
_CAPTION_TAG = re.compile(r"<(?:(v)(?:\.[\w.-]+)?\s+([^<>]*)|/?[a-z]+(?:\.[\w.-]+)?(?:\s[^<>]*)?|\d+:\d{2}(?::\d{2})?\.\d{3})>", re.IGNORECASE)


def _captions_begin(head: list[str], it: Iterator[str]) -> bool:
    """Whether the lines are captions (a video's subtitles: SubRip, WebVTT, SBV), told by
    their first line that is not blank (``head[-1]``): WebVTT's header, a timing line, or
    a caption's number with a timing line after it (read onto ``head``)."""
    first = head[-1]
    if _WEBVTT.fullmatch(first) or _TIMING.fullmatch(first):
        return True
    if not _CUE_NUMBER.fullmatch(first):
        return False
    _to_text(head, it)
    return _TIMING.fullmatch(head[-1]) is not None


def _captions(lines: Iterable[str]) -> Iterator[str]:
    """The lines of captions as the words said in them: the header, each caption's
    number and timing line blanked, its markup blanked (each other character at its
    column), and each caption's lines one line (:func:`_one_line_a_cue`)."""
    return _one_line_a_cue(_said(lines))


def _said(lines: Iterable[str]) -> Iterator[str]:
    """:func:`_captions`' lines, each as the words said in it (:func:`_caption_text`),
    a caption's number before its timing line blanked."""
    before: str | None = None
    for line in lines:
        if before is not None:
            yield _ending(before) if _TIMING.fullmatch(line) and _CUE_NUMBER.fullmatch(before) else _caption_text(before)
        before = line
    if before is not None:
        yield _caption_text(before)


def _one_line_a_cue(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` with each run of lines that are not blank (a caption's: where it breaks
    a line is where the screen is full, not where a sentence ends, ``green goes one to`` /
    ``the left``) read as its first line, the others after it on that line, and blank,
    as an RTF document's paragraph is one line."""
    cue: list[str] = []
    for line in lines:
        if line.strip():
            cue.append(line)
            continue
        yield from _joined(cue)
        cue = []
        yield line
    yield from _joined(cue)


def _joined(cue: list[str]) -> list[str]:
    """A caption's lines (:func:`_one_line_a_cue`) as one line, then the others blank."""
    if len(cue) < 2:
        return cue
    first = cue[0].rstrip("\r\n")
    return [" ".join([first, *(line.strip() for line in cue[1:])]) + _ending(cue[0]), *map(_ending, cue[1:])]


def _caption_text(line: str) -> str:
    """A line of captions as the words said in it (:func:`_captions`)."""
    if _TIMING.fullmatch(line) or _WEBVTT.fullmatch(line):
        return _ending(line)
    if "<" not in line:
        return line
    return _CAPTION_TAG.sub(_voice, line)


def _voice(m: re.Match[str]) -> str:
    """A caption's tag (:data:`_CAPTION_TAG`) as spaces, but a voice tag's name."""
    if m[1] is None:
        return _blank(m)
    return " " * (m.start(2) - m.start()) + m[2] + " "


def _json_strings(head: list[str], it: Iterator[str]) -> Iterable[str]:
    """The text of a JSON document's strings where the lines are one (:data:`_OPENS`,
    more such lines maybe, then a quoted key or string), else the lines themselves."""
    if not _OPENS.fullmatch(head[-1]):
        return _tables_ahead(head, it)
    second = next(it, None)
    while second is not None and _OPENS.fullmatch(second):  # (an array of objects: '[', '{')
        head.append(second)
        second = next(it, None)
    if second is None:
        return head
    head.append(second)
    if not _QUOTED.match(second):
        return _tables_ahead(head, it)
    return _strings(chain(head, it))


#: How many lines are looked at for a record's fields one a line (:func:`_tables_ahead`).
_TABLES_AHEAD = 64


def _tables_ahead(head: list[str], it: Iterator[str]) -> Iterable[str]:
    """The lines of a text (``head``, then ``it``) read by :func:`_tables` where one of its
    first :data:`_TABLES_AHEAD` lines opens a record of fields one a line (TOML's
    ``[[rounds.moves]]``, a YAML item ``- side: gold``); else as they are (a record in
    the notation: the reader's hot loop reads through here)."""
    head.extend(islice(it, max(0, _TABLES_AHEAD - len(head))))
    if any(_Record.opened(line.rstrip("\r\n"), line) for line in head):
        return _tables(chain(head, it))
    return chain(head, it)


#: A TOML array of tables' header (``[[rounds.moves]]``): a record's fields follow, a
#: ``key = value`` a line.
_TABLE_HEADER = re.compile(r"\s*\[\[[^\[\]]+\]\]\s*(?:#.*)?")
#: A value that is no container: a string, a number, a word (``true``, ``pink``).
_SCALAR_VALUE = r"""(?:"[^"]*"|'[^']*'|[-\w.+:]+)"""
#: A TOML ``key = value`` line; a YAML mapping's ``key: value`` line.
_KEY_VALUE = re.compile(rf"\s*[\w.-]+\s*=\s*{_SCALAR_VALUE}\s*(?:#.*)?")
_YAML_FIELD = re.compile(rf"(\s*)[\w.-]+:\s+{_SCALAR_VALUE}\s*(?:#.*)?")
#: A YAML list's item that opens a mapping (``- side: black``).
_YAML_ITEM = re.compile(rf"(\s*)- [\w.-]+:\s+{_SCALAR_VALUE}\s*(?:#.*)?")


def _tables(lines: Iterable[str]) -> Iterator[str]:
    """``lines``, where a record's fields stand one a line (a TOML array of tables'
    header, :data:`_TABLE_HEADER`, then ``tower = "pink"`` / ``from = "e1"`` / ``to =
    "e2"``; a YAML list's item, ``- tower: pink`` / ``  from: e1`` / ``  to: e2``),
    those fields as one line, an inline table's or a flow mapping's (``{ tower = "pink",
    from = "e1", to = "e2" }``), on the first field's line, the others blank: one
    record, as a row's cells are. Other lines as they are."""
    record: _Record | None = None
    for line in lines:
        if record is None and "[[" not in line and "- " not in line:  # (most lines)
            yield line
            continue
        body = line.rstrip("\r\n")
        if record is not None and record.takes(body):
            record.fields.append(line)
            continue
        if record is not None:
            yield from record.lines()
        record = _Record.opened(body, line)
        if record is None or not record.fields:  # (a YAML item's line is its first field)
            yield line
    if record is not None:
        yield from record.lines()


class _Record:
    """A record's fields a line (:func:`_tables`): TOML's after a header (``=``), or a
    YAML item's, indented past its dash (``:``)."""

    __slots__ = ("fields", "indent")

    def __init__(self, indent: int | None, fields: list[str]) -> None:
        self.indent, self.fields = indent, fields  # (indent: a YAML item's dash; None: TOML)

    @classmethod
    def opened(cls, body: str, line: str) -> _Record | None:
        """The record ``line`` opens (its fields so far: none after a TOML header, the
        item's first for YAML), or ``None``."""
        if body.lstrip().startswith("[[") and _TABLE_HEADER.fullmatch(body):
            return cls(None, [])
        m = _YAML_ITEM.fullmatch(body) if "- " in body else None
        return cls(len(m[1]), [line]) if m is not None else None

    def takes(self, body: str) -> bool:
        """Whether ``body`` is one more field of the record."""
        if self.indent is None:
            return _KEY_VALUE.fullmatch(body) is not None
        m = _YAML_FIELD.fullmatch(body)
        return m is not None and len(m[1]) > self.indent

    def lines(self) -> Iterator[str]:
        """The record's lines: its fields as one line on the first (the others blank,
        their endings kept) where they are two at least, else as they are; a TOML
        record's header before them."""
        fields = self.fields
        if len(fields) < 2:
            yield from fields
            return
        dash = "- " if self.indent is not None else ""
        said = ", ".join(f.strip().removeprefix("- ") for f in fields)
        yield from _on_first_line(fields[0], dash + "{ " + said + " }", list(map(_ending, fields)))


def _to_text(head: list[str], it: Iterator[str]) -> None:
    """Move lines from ``it`` onto ``head`` up to the first that is not blank (included)."""
    for line in it:
        head.append(line)
        if line.strip():
            break


def _xml(head: list[str], it: Iterator[str]) -> Iterable[str]:
    """The lines of an XML document (``head`` ends with its declaration) as their text
    (:func:`_xml_text`); a web page written as XML (XHTML) is read as any web page is."""
    _to_text(head, it)
    if _XHTML.match(head[-1]):
        return _web_page(chain(head, it))
    from html import unescape  # (its entities' table: only for an XML document, once)

    return _fields_joined(((line.rstrip("\r\n"), _xml_text(line, unescape)) for line in chain(head, it)), _XML_RECORD)


#: Where a web page's style sheet or script opens or closes: their text is no one's words
#: (``.c8{text-align:left}``: no square, no direction).
_CODE_BLOCK = re.compile(r"<(style|script)\b[^<>]*>|</(style|script)\s*>", re.IGNORECASE)


def _web_page(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a web page with its style sheets and scripts blanked, and its table
    rows as text writes them (:func:`_cells`), each other character where it was (the
    other tags and their text are read as any page's are)."""
    return map(_cells, _code_blanked(lines))


#: A table's tags: a cell's opening (``<td class="m">``, ``<th>``), and a row's tags or a
#: cell's closing (``<tr>``, ``</td>``).
_CELL_OPENS = re.compile(r"<t[dh]\b[^<>]*>", re.IGNORECASE)
_ROW_TAGS = re.compile(r"</?t(?:r|body|head|foot)\b[^<>]*>|</t[dh]\s*>", re.IGNORECASE)


def _cells(line: str) -> str:
    """A line of a web page with its table's tags as a text table writes them: a bar
    where a cell opens, blanks for the rest (``<tr><td>1</td><td>Red</td>`` is ``    |1
    |Red``), so a row's counter reads as one, each character where it was."""
    line = _CELL_OPENS.sub(lambda m: "|" + " " * (len(m[0]) - 1), line)
    return _ROW_TAGS.sub(lambda m: " " * len(m[0]), line)


def _code_blanked(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a web page with its style sheets and scripts blanked."""
    inside = False
    for line in lines:
        if not inside and "<" not in line:
            yield line
            continue
        out, at = [], 0
        for m in _CODE_BLOCK.finditer(line):
            out.append(" " * (m.start() - at) if inside else line[at : m.start()])
            out.append(" " * (m.end() - m.start()))
            inside, at = m[1] is not None, m.end()
        body = line.rstrip("\r\n")
        rest = body[at:] if at < len(body) else ""
        out.append(" " * len(rest) if inside else rest)
        yield "".join(out) + line[len(body) :]


def _xml_text(line: str, unescape: Callable[[str], str]) -> str:
    """A line of an XML document as the text a person wrote in it, each piece at its
    column: the values of its attributes that hold a message's text (an app's export:
    ``<sms … body="then he moved yellow 3 diagonal" … contact_name="Wen 💛" />``), else
    the line with its tags and their attributes blanked (``<p>Round 2</p>``), and a
    property list's keys (:data:`_KEY`); ``unescape`` reads an attribute's entities."""
    body = line.rstrip("\r\n")
    ending = line[len(body) :]
    said = list(_TEXT_ATTRIBUTE.finditer(body))
    if said:
        out = [" "] * len(body)
        for m in said:
            k = 1 if m[1] is not None else 2
            width = m.end(k) - m.start(k)
            out[m.start(k) : m.end(k)] = unescape(m[k]).replace("\n", " ").ljust(width)[:width]
        return "".join(out).rstrip() + ending
    body = _KEY.sub(_blank, body)
    return _TAG.sub(lambda m: _element_values(m[0], unescape), body) + ending


#: A property list's key (``<key>to</key>``, its value the element after it): a
#: field's label, no word of a move (``to`` would be *two*).
_KEY = re.compile(r"<key>[^<]*</key>")


#: An element's name and its attributes (``<ply n="3" tower="orange" from="a8" …/>``).
_ELEMENT = re.compile(r"<\s*([\w:.-]+)")
#: An element's name that is a square's (``<h3>``, a heading): how it looks, no square.
_SQUARE_NAME = re.compile(r"[a-h][1-8]", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
#: Attributes that say nothing of a move: ids, times, versions, ratings, counters.
_META = re.compile(
    r"(?:id|uuid|guid|t|ts|time\w*|date\w*|\w+(?:At|Time|Date|Id|ID)|rating|elo|device|version|schema|exported|started|finished"
    r"|seq|index|idx|xmlns(?::\w+)?|encoding|lang|xml:lang|href|src|style|class"
    # (how a spreadsheet or a page looks: ``<Font ss:Size="14" ss:Bold="1"/>``, ``<Cell ss:MergeAcross="9">``,
    # an OpenDocument's ``table:style-name="Tabella.A1"``, whose ``A1`` is no square)
    r"|size|bold|italic|underline|width|height|[\w-]*level|colou?r|font\w*|charset|family|pattern|vertical|horizontal|merge\w*|expanded\w*"
    r"|[\w-]*count|autofit\w*|default\w*|full\w*|style[\w-]*|(?:[\w-]*-)?name|value-type|span|rowspan|colspan|wrap\w*|indent|rotate|x|y)",
    re.IGNORECASE,
)
#: Attributes that count an element: kept for a round's (its number), not for a move's.
_COUNTERS = frozenset({"n", "no", "nr", "num", "number"})


def _element_values(tag: str, unescape: Callable[[str], str]) -> str:
    """An XML tag as what it says, in its width: an app's export keeps its data in its
    elements' attributes (``<ply side="black" tower="purple" from="c8" to="g4"
    square="purple" t="20:12:58"/>``): the element's name and the values of its attributes
    but those that say nothing of a move (:data:`_META`; a counter but a round's), each at
    its column; a closing tag, blanked."""
    out = [" "] * len(tag)
    name = _ELEMENT.match(tag)
    if name is None:
        return "".join(out)
    local = name[1].rpartition(":")[2]
    if len(local) > 1 and not _SQUARE_NAME.fullmatch(local):  # (a page's ``<p>``, ``<text:p>``, ``<b>``, ``<h3>``: how it looks)
        out[name.start(1) : name.end(1)] = name[1]
    counted = normalise(name[1]) in ROUND_WORDS
    for m in _ATTRIBUTE.finditer(tag, name.end()):
        if _says_nothing(m[1], counted=counted):
            continue
        k = 2 if m[2] is not None else 3
        width = m.end(k) - m.start(k)
        out[m.start(k) : m.end(k)] = unescape(m[k]).replace("\n", " ").ljust(width)[:width]
    return "".join(out)


def _says_nothing(attribute: str, *, counted: bool) -> bool:
    """Whether an XML ``attribute`` (its name) says nothing of a move (:data:`_META`, with
    or without its namespace, ``ss:Size``; a counter but of an element ``counted``, a
    round's)."""
    local = attribute.rpartition(":")[2]
    return bool(_META.fullmatch(attribute) or _META.fullmatch(local)) or (local.lower() in _COUNTERS and not counted)


def _mail(head: list[str], it: Iterator[str]) -> Iterable[str]:
    """The lines of a file that starts as a mail does (``head``, its first line a
    header's, then ``it``): where its header block (to the first blank line, at most
    :data:`_HEADERS` lines) says its text is sent as quoted-printable, that text decoded
    (:func:`_decoded`); else the lines themselves."""
    _read_header(head, it)
    fields = _fields(head)
    boundary = _boundary(fields.get("content-type", ""))
    if boundary is not None:
        return chain(head, _parts(it, boundary, fields["content-type"]))
    if not any(_QP.match(line) for line in head):
        return chain(head, it)
    return _decoded(chain(head, it), _charset(head))


def _read_header(head: list[str], it: Iterator[str]) -> None:
    """The rest of a mail's header block read from ``it`` into ``head``: to its first
    blank line (kept), at most :data:`_HEADERS` lines."""
    for line in it:
        head.append(line)
        if not line.strip() or len(head) > _HEADERS:
            break


def _boundary(content_type: str) -> str | None:
    """The boundary between the parts of a body whose type is ``content_type``, quoted
    or not; ``None`` for a body in one part."""
    found = _BOUNDARY.search(content_type)
    return None if found is None else found[1] or found[2]


def _fields(head: list[str]) -> dict[str, str]:
    """A mail's (or a part's) header fields, by their names in lower case, each with its
    lines folded back into one."""
    fields: dict[str, str] = {}
    name = None
    for line in head:
        if line[:1] in (" ", "\t") and name is not None:
            fields[name] += " " + line.strip()
        elif ":" in line:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            fields[name] = value.strip()
    return fields


def _parts(lines: Iterable[str], boundary: str, content_type: str) -> Iterator[str]:
    """The body of a mail in parts (``boundary`` between them): each part read as its
    own header says (:func:`_part`); of alternatives (``multipart/alternative``: the same
    text as plain text and as a web page), the first that is text only, the others blank
    (each line keeps its number). The boundary lines and the text before the first
    part are kept as they are."""
    delimiter = "--" + boundary
    alternative = content_type.lower().startswith("multipart/alternative")
    part: list[str] | None = None  # (None before the first boundary)
    read = False
    for line in lines:
        if line.startswith(delimiter):
            if part is not None:
                yield from _part(part, skip=alternative and read)
                read = read or _is_text(part)
            part = []
            yield line
        elif part is None:
            yield line
        else:
            part.append(line)
    if part:
        yield from _part(part, skip=alternative and read)


def _is_text(part: list[str]) -> bool:
    """Whether a mail's ``part`` holds text (its type ``text/…``, or none said)."""
    return _fields(part[: _blank_at(part)]).get("content-type", "text/plain").lower().startswith("text/")


def _blank_at(part: list[str]) -> int:
    """Where a part's header ends: its first blank line (or the part's end)."""
    return next((k for k, line in enumerate(part) if not line.strip()), len(part))


def _part(part: list[str], *, skip: bool) -> Iterable[str]:
    """A mail's ``part`` (its header, a blank line, its body) as the reader reads it: its
    body decoded where it is sent as quoted-printable or base64, in its charset; a part in parts
    of its own read as a mail in parts is; a part that is no text (an image, an
    attachment), or an alternative to one read (``skip``), blank."""
    end = _blank_at(part)
    head, body = part[:end], part[end:]
    fields = _fields(head)
    content_type = fields.get("content-type", "text/plain")
    inner = _boundary(content_type)
    if inner is not None and not skip:
        return chain(head, _parts(body, inner, content_type))
    if skip or not content_type.lower().startswith("text/"):
        return [_ending(line) for line in part]
    return _text_part(head, body, fields.get("content-transfer-encoding", "").lower())


def _text_part(head: list[str], body: list[str], encoding: str) -> Iterable[str]:
    """A text part (its ``head``, then its ``body``) with its body decoded as its
    transfer ``encoding`` says (base64, quoted-printable; any other: as it is)."""
    if encoding == "base64":
        return chain(head, _base64(body, _charset(head)))
    if encoding != "quoted-printable":
        return [*head, *body]
    return chain(head, _decoded(body, _charset(head)))


def _base64(body: list[str], charset: str) -> list[str]:
    """A mail's text sent as base64 (a mail program's way with letters outside ASCII:
    Cyrillic, Japanese), decoded: its lines where the code's lines stood, blank lines
    after them where it holds fewer (a line of code holds 57 bytes: short lines of text
    are more lines than their code, and the lines after such a part are numbered on
    from its text)."""
    import base64
    import binascii

    try:
        text = base64.b64decode("".join(line.strip() for line in body)).decode(charset, "replace")
    except (binascii.Error, ValueError):
        return body
    lines = text.splitlines(keepends=True)
    return lines + [_ending(line) for line in body[len(lines) :]]


def _ending(line: str) -> str:
    """What a line left blank keeps: its ending."""
    return line[len(line.rstrip("\r\n")) :]


def _charset(head: list[str]) -> str:
    """The charset a mail's ``head`` names (UTF-8 where it names none, or one Python
    does not know)."""
    for line in head:
        m = _CHARSET.search(line)
        if m is not None:
            try:
                return codecs.lookup(m[1]).name
            except LookupError:
                break
    return "utf-8"


def _decoded(lines: Iterable[str], charset: str) -> Iterator[str]:
    """Each line of a mail sent as quoted-printable, decoded (``=C3=A4``: ``ä``); a line
    broken by a soft break (``=`` at its end) is read whole on its first line, and the
    lines it went on to are blank (each line keeps its number)."""
    import quopri  # (only for a mail so sent)

    joined: list[str] = []
    for line in lines:
        body = line.rstrip("\r\n")
        ending = line[len(body) :]
        if body.endswith("=") and not body.endswith("=="):
            joined.append(body[:-1])
            continue
        whole = "".join(joined) + body
        try:
            text = quopri.decodestring(whole.encode("latin-1", "replace")).decode(charset, "replace")
        except ValueError:
            text = whole
        yield from [ending] * len(joined)
        yield text + ending
        joined.clear()
    if joined:
        yield "".join(joined)


def _strings(lines: Iterable[str]) -> Iterable[str]:
    """Each line's string, decoded, at its column (one string of several lines read as
    one line, its lines parted by `` ; ``); a line with none, or whose key says who or
    when (:data:`_JSON_META`, :data:`_META`), blank (a line's ending,
    where it is given one, kept). A long string that the object it stands in, or one
    around it, said already is the same text given twice (a chat app's export keeps each
    message's text and, inside it, the same text as the parts it formats): blank, said
    once (a later message that says the same, a bot's move played again in another round,
    is said again)."""
    read = _fields_joined(_string_lines(lines), _JSON_RECORD)
    return _fields_joined(((out.rstrip("\r\n"), out) for out in read), _XML_RECORD)  # (a notebook's HTML output, a string a line: a table's cells)


def _string_lines(lines: Iterable[str]) -> Iterator[tuple[str, str]]:
    """:func:`_strings`' lines, each with the line it is read from (its ending cut)."""
    said = _Said()
    for line in lines:
        body = line.rstrip("\r\n")
        yield body, _string_read(body, said) + line[len(body) :]  # (lines given with their endings keep them)


def _string_read(body: str, said: _Said) -> str:
    """What is read of ``body``, a line of a JSON document (:func:`_strings`): its string
    at its column; a record's values where the line holds a whole object (``{"tower":
    "yellow", "from": [4, 7], …},``); else nothing (the strings ``said`` told)."""
    m = _STRING_LINE.fullmatch(body)
    if m is None:
        values = _object_values(body)
        said.nest(body if values is None else "")
        return values or ""
    text = _string_text(m[2])
    if _says_who_or_when(m[1], text) or said.again(text):
        return ""
    return " " * m.start(2) + " ; ".join(_HEADING.sub(_blank, part) for part in text.strip("\r\n").splitlines())


#: A JSON line that opens an object (``{``, ``"move": {``, ``[{``), one that closes it
#: (``}``, ``},``), and a key's value that is no container (a string, a number, ``true``).
_OBJECT_OPENS = re.compile(r'\s*(?:"(?:[^"\\]|\\.)*"\s*:\s*)?\[?\s*\{\s*')
_OBJECT_CLOSES = re.compile(r"\s*\}\s*,?\s*")
_SCALAR = re.compile(r'\s*"(?:[^"\\]|\\.)*"\s*:\s*(?:"(?:[^"\\]|\\.)*"|[-\w.+]+)\s*,?\s*')
#: An XML element that opens alone on its line (``<move n="3">``), one that holds a
#: value alone (``<tower>pink</tower>``, or is a flag: ``<pass/>``), and a closing tag
#: alone (``</move>``).
_XML_OPENS = re.compile(r"\s*<[\w:.-]+(?:\s[^<>]*[^/<>])?>\s*")
_XML_FIELD = re.compile(r"\s*<([\w:.-]+)(?:\s*/>|(?:\s[^<>]*)?>([^<>]*)</\1>)\s*")
_XML_CLOSES = re.compile(r"\s*</[\w:.-]+>\s*")
#: A field's value that says its name holds (``<pass>true</pass>``: a forfeit).
_YES = frozenset({"true", "yes"})


def _object_values(line: str) -> str | None:
    """Where ``line``, of a JSON document, holds a whole object (a record on one line),
    its keys and JSON's signs blanked: its values where they stand, numbers too (squares
    as numbers: ``"from": [4, 7]``); else ``None``."""
    from .slow_tiers import json_object, json_values  # (only for a JSON document's lines)

    return json_values(line) if json_object(line) else None


def _json_value(_body: str, out: str) -> str:
    """What a JSON record's field says: its string, as read."""
    return out.strip()


def _xml_value(body: str, out: str) -> str:
    """What an XML record's field says (``<tower>pink</tower>``): its text, not its
    element's name (``start``, ``end``: words of their own), but where the text says
    yes to the name or there is none (``<pass>true</pass>``, ``<pass/>``)."""
    m = _XML_FIELD.fullmatch(body)
    if m is None or m[1] == "key":  # (a property list's key: a label, read as nothing, :data:`_KEY`)
        return out.strip()
    from html import unescape

    text = "true" if m[2] is None else unescape(m[2]).strip()  # ('<pass/>': the name said)
    return m[1] if text.lower() in _YES else text


#: How a record opens, holds a field, and closes, a line each, and what its field says:
#: JSON's object, XML's element.
_RecordShape = tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], Callable[[str, str], str]]
_JSON_RECORD: _RecordShape = (_OBJECT_OPENS, _SCALAR, _OBJECT_CLOSES, _json_value)
_XML_RECORD: _RecordShape = (_XML_OPENS, _XML_FIELD, _XML_CLOSES, _xml_value)
#: The longest field of an object whose fields are read as one line (:func:`_fields_joined`).
_FIELD = 24


def _fields_joined(lines: Iterable[tuple[str, str]], record: _RecordShape) -> Iterator[str]:
    """``lines`` (each a line of a JSON or an XML document and what is read of it), where
    a record's fields stand one a line and are all short values (JSON's ``{`` /
    ``"tower": "pink",`` / ``"from": "e1",`` / ``"to": "e2"`` / ``}``, XML's ``<move>`` /
    ``<tower>pink</tower>`` / … / ``</move>``: a program's move, indented; ``record``:
    how a line opens one, holds a field, closes it), what is read of them as one line,
    on its first field's line (the others blank): one thing, as a row's cells are. A
    record holding another, or a long string (a message), is read line by line."""
    opens, field, closes, value = record
    fields: list[tuple[str, str]] | None = None
    for body, out in lines:
        if fields is not None:
            if field.fullmatch(body):
                fields.append((body, out))
                continue
            yield from _one_line(fields, value) if closes.fullmatch(body) else _outs(fields)
            fields = None
        yield out
        if opens.fullmatch(body):
            fields = []
    yield from _outs(fields or [])


def _outs(fields: list[tuple[str, str]]) -> list[str]:
    """What is read of each of ``fields`` (each the line read and what is read of it)."""
    return [o for _b, o in fields]


def _one_line(fields: list[tuple[str, str]], value: Callable[[str, str], str]) -> Iterable[str]:
    """A record's ``fields`` (each the line read and what is read of it) as what they
    say (``value``) on one line, the first, where two say something, each a short value
    on a line of its own; else as they are."""
    said = [v for v in (value(b, o) for b, o in fields) if v]
    if len(said) < 2 or not all(map(_a_field, said)):
        return _outs(fields)
    return _on_first_line(fields[0][0], " ".join(said), list(map(_ending, _outs(fields))))


def _a_field(said: str) -> bool:
    """Whether ``said`` is a field's short value, not a message (:data:`_FIELD`)."""
    return len(said) <= _FIELD and " ; " not in said


def _on_first_line(first: str, said: str, endings: list[str]) -> Iterator[str]:
    """``said`` on a record's first line (``first``: its indentation kept), and the
    record's other lines blank: ``endings``, each line's ending."""
    yield first[: len(first) - len(first.lstrip())] + said + endings[0]
    yield from endings[1:]


#: A Markdown heading's marks at a line's start (``# Kamisado night``): a notes app's
#: text in a JSON string, its lines read as one, would start with a comment's mark and
#: be read as one comment, its moves with it.
_HEADING = re.compile(r"^\s*#{1,6}(?=\s)")


def _blank(m: re.Match[str]) -> str:
    """What ``m`` matched as spaces."""
    return " " * len(m[0])


class _Said:
    """The long strings each object or array open at a JSON line said (its own, and
    those around it), for :func:`_string_lines`."""

    def __init__(self) -> None:
        self.open: list[set[str]] = [set()]

    def again(self, text: str) -> bool:
        """Whether ``text`` is long and said already in the object it stands in or one
        around it (a chat app's message given again as the parts it formats); else it is
        said there now."""
        if len(text) < _LONG:
            return False
        if any(text in said for said in self.open):
            return True
        self.open[-1].add(text)
        return False

    def nest(self, line: str) -> None:
        """The objects and arrays ``line`` opens and closes (outside its strings)."""
        for mark in _BRACKETS.findall(_QUOTED_TEXT.sub("", line)):
            if mark in "{[":
                self.open.append(set())
            elif len(self.open) > 1:
                self.open.pop()


#: A JSON string, and the marks that open and close an object or an array.
_QUOTED_TEXT = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[{}\[\]]")


def _says_who_or_when(key: str | None, text: str) -> bool:
    """Whether a string's ``key`` says who or when (:data:`_JSON_META`, :data:`_META`),
    where its ``text`` is no square's name (``"src": "e8"``: a program's move, not a
    page's link). A ``name`` holding a digit names no one: a board app's card or checklist item is
    its ``name`` (``"name": "Black: orange a8 → f3"``), and a square, a distance or a
    round's number is in no player's name (``"name": "Ama Owusu"``)."""
    if key is None or _SQUARE_NAME.fullmatch(text.strip()):  # (a square is said whatever its key: '"src": "e8"')
        return False
    if key.casefold() == "name":
        return _DIGIT.search(text) is None
    return bool(_JSON_META.fullmatch(key) or _META.fullmatch(key))


def _string_text(written: str) -> str:
    """A string's text, its JSON escapes decoded (as written where they are not JSON's)."""
    try:
        return str(json.loads(f'"{written}"'))
    except ValueError:
        return written
