"""The reader's last tiers for one line that the fast tiers left
(docs/architecture.md, "The reader's tiers"): the grammar, a row pasted from a
spreadsheet, a ``Round`` or ``Lineup`` line in another shape, reading by evidence, and a
line that is a JSON object. What a line is read as is returned as a value: the
:class:`~.line_reader.Reader` gives the events.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...diagnostics import WARNING, Diagnostic, Kind, RewriteLine
from ...engine.board import Colour, Direction
from ...errors import NotationError, StyleMark
from ..record import Comment, Item, RoundRecord
from ..vocabulary import colour_of, direction_of, spelt_as
from .columns import Columns
from .headers import near_a_header
from .tokens import field_key

if TYPE_CHECKING:
    from .line_shapes import Shaped  # (imported when a line needs it: the reader's start-up does not pay for it)

__all__ = ["Headed", "Legend", "LineRead", "heading", "json_line", "json_object", "json_round", "json_values", "read_slow", "round_note"]


class Legend(dict[str, "Direction | Colour"]):
    """The letters a file's key defines, as far as its lines are read: a line of two
    definitions or more (:func:`~.evidence.legend_in`), or lines of one definition each, one after
    another (``e = előre (egyenesen)`` then ``b = balra átlósan``: a key written down a
    page); the letters it names the players by (:func:`~.evidence.names_in`); and the
    players' names that are colours' words (:func:`~.evidence.players_in`)."""

    def __init__(self) -> None:
        super().__init__()
        self._alone: tuple[int, dict[str, Direction | Colour]] = (0, {})  # (a definition alone on its line: the line, what it defines)
        #: the letters the key names players by (``K = Kofi, Y = Yusuf``): no colours
        self.names: frozenset[str] = frozenset()
        #: the players' names the file says that are colours' words (``Rosa vs Tamas``):
        #: before a colour, a player's label (:func:`~.evidence.players_in`)
        self.players: frozenset[str] = frozenset()
        #: the columns of the table being read that hold no move (:class:`~.columns.Columns`)
        self.columns = Columns()
        #: the last lines read by the last tiers, their quote marks taken off, and the
        #: fewest marks each was read with (:meth:`quotes`)
        self.said: dict[str, int] = {}
        #: whether the key gives a word the notation reads a meaning of its own
        #: (``V=vorwärts``: the notation's ``v`` is Back; ``Rt=Rot``: its ``Rt`` is Right),
        #: so that no line after it is read by the notation's fast tiers (:meth:`learn`)
        self.overrides = False

    def quotes(self, text: str) -> bool:
        """Whether line ``text`` quotes a line read before it with fewer quote marks
        (``> ``, ``>> ``, ``> > ``; ``> Green straight up 4, to b5.``: a mail's reply
        quoting the message before it, which says no new move; but not a line said again
        as deep, a quoted record's second ``> pass``); else it is kept in mind (the last
        :data:`_SAID` lines) for the lines after it."""
        said = text.lstrip(" \t>")
        depth, key = text.count(">", 0, len(text) - len(said)), said.strip()
        if self.said.get(key, depth) < depth:
            return True
        self.said[key] = depth  # (never more marks than it had: those would be a quote)
        if len(self.said) > _SAID:
            del self.said[next(iter(self.said))]
        return False

    def snapshot(self) -> Legend:
        """What is learnt so far, kept as it is (a line's clues keep the legend they were
        read with)."""
        kept = Legend()
        kept.update(self)
        kept.names, kept.players = self.names, self.players
        return kept

    def learn(self, text: str, number: int) -> bool:
        """Take in what line ``number``, ``text``, defines; whether it defines anything
        (a line that is one definition alone is a key's line, no entry)."""
        from .evidence import (  # (only for a line no faster tier reads)
            definition_alone,
            legend_in,
            names_in,
            players_in,
        )

        self.players |= players_in(text)  # (the line is read still: 'Rosa vs Tamas, Rosa opens: …')
        named = names_in(text)
        if named:
            self.names |= named
            return True
        defined = legend_in(text)
        if defined:
            self._define(defined)
            return True
        one = definition_alone(text)
        if not one:
            return False
        line, before = self._alone
        if line == number - 1 and before:
            self._define({**before, **one})  # (two lines one after another: a key)
        self._alone = (number, one)
        return True

    def _define(self, defined: Mapping[str, Direction | Colour]) -> None:
        """Take in the key's ``defined`` words, noting where one of them means what the
        notation reads otherwise (:attr:`overrides`)."""
        self.update(defined)
        self.overrides = self.overrides or any(_read_otherwise(word, meant) for word, meant in defined.items())


def _read_otherwise(word: str, meant: Direction | Colour) -> bool:
    """Whether the notation reads ``word`` as a colour or a direction other than
    ``meant`` (``V``, the notation's Back, for forward; ``Rt``, its Right, for red)."""
    said = _notation_reads(word)
    return said is not None and said is not meant


def _notation_reads(word: str) -> Direction | Colour | None:
    """The colour or the direction the notation reads ``word`` as, a word of its own or
    an abbreviation (:func:`~..vocabulary.spelt_as`); else ``None``."""
    spelt = spelt_as(word)
    key = spelt[1] if spelt is not None else word
    for look in (colour_of, direction_of):
        try:
            return look(key)
        except KeyError:
            pass
    return None


#: How many lines a quote is looked for among (:meth:`Legend.quotes`).
_SAID = 400


@dataclass(frozen=True, slots=True)
class Headed:
    """A line a round's heading starts, its first moves after it on the line
    (:func:`~.line_shapes.round_then_moves`): the heading as a ``Round`` line, and the
    rest of the line (the heading blanked: its entries keep their columns; ``None``
    where the heading is the whole line)."""

    shaped: Shaped
    rest: str | None


@dataclass(frozen=True, slots=True)
class LineRead:
    """A line read: its items, its comments, and the errors of the unknown words read
    past in it (or the warnings of the evidence it was read by)."""

    items: list[Item]
    comments: list[Comment]
    unknown: list[NotationError]


def read_slow(text: str, number: int, legend: Legend, *, in_match: bool) -> LineRead | Shaped | Headed | Diagnostic:
    """Line ``number``, ``text``, by the last tiers: what it holds; a ``Round`` or
    ``Lineup`` line in another shape (:func:`~.line_shapes.line_shape`), or a round's
    heading with its first moves after it (:class:`Headed`); or, where it
    cannot be read, its error. ``legend``: the file's (a line that writes a letter it
    defines is read by evidence, and a legend line read adds to it); ``in_match``: a
    match has begun (before one, a line read by evidence keeps no entry)."""
    from .general_path import read_line  # the grammar (lark): only for a line the fast tiers leave

    written = text
    if legend.quotes(text):
        return _quoted(text, number)
    if not legend.columns.learn(text):
        text = legend.columns.blank(text)  # (a table's fill, round, score… repeated on each row: no move)
    if legend and _uses_legend(text.partition("#")[0], legend):  # ('rosa V4 orange' where the legend says V = snett vänster; not in a comment)
        from .evidence import read_evidence

        return LineRead(*read_evidence(text, number, legend))
    try:
        return LineRead(*read_line(text, number))
    except NotationError as e:
        return _not_ours(text, written, number, legend, e, in_match=in_match)
    except RecursionError:  # pragma: no cover - nothing here recurses on input depth
        return Diagnostic("syntax", "too deeply nested", number, 1)


def _quoted(text: str, number: int) -> LineRead:
    """Line ``number``, ``text``, a quote of a line before it: a comment, set aside."""
    stripped = text.strip()
    column = len(text) - len(text.lstrip()) + 1
    mark = StyleMark(f"{stripped!r} quotes a line before it, no move", line=number, column=column, mark=stripped, new=f"# {stripped}", style=Kind.SET_ASIDE.value)
    return LineRead([], [Comment(stripped, number, column, False)], [mark])


def _not_ours(
    text: str, written: str, number: int, legend: Legend, error: NotationError, *, in_match: bool
) -> LineRead | Shaped | Headed | Diagnostic:
    """:func:`read_slow` of line ``number`` that the grammar rejects with ``error``
    (``written``; ``text``, with a table's repeated columns blanked): a row pasted from
    a spreadsheet, a ``Round`` or ``Lineup`` line in another shape, a round's heading
    with its first moves after it, a line read by its evidence, or else its error."""
    from .cells import spreadsheet_row
    from .general_path import read_line
    from .line_shapes import line_shape, round_then_moves, says_a_result

    if says_a_result(written):
        return _result_said(written, number)
    cells = spreadsheet_row(text, number, read_line)
    if cells is not None:  # a row pasted from a spreadsheet
        return LineRead(*cells)
    shaped = None if field_key(written) else line_shape(written, number)  # (a round's number and fill in their columns: its start; not 'lineup = {')
    if shaped is not None and shaped.item is not None:  # a Round or Lineup line in another shape
        return shaped
    headed = round_then_moves(written, number) if shaped is None else None
    if headed is not None:  # ('Раунд 2: рожева на a6': the heading, then the line as any is read)
        return Headed(*headed)
    if shaped is None and _by_evidence(text):
        return _read_by_evidence(text, number, legend, in_match=in_match)
    return shaped.diagnostic if shaped is not None else Diagnostic("syntax", str(error), error.line, error.column)


def _result_said(text: str, number: int) -> LineRead:
    """Line ``number``, ``text``, a note of a round's result (``Round 1: gold wins``): a
    comment, set aside (the replay judges the round)."""
    stripped = text.strip()
    column = len(text) - len(text.lstrip()) + 1
    mark = StyleMark(f"{stripped!r} says a round's result, no move", line=number, column=column, mark=stripped, new=f"# {stripped}", style=Kind.SET_ASIDE.value)
    return LineRead([], [Comment(stripped, number, column, False)], [mark])


def _read_by_evidence(text: str, number: int, legend: Legend, *, in_match: bool) -> LineRead:
    """Line ``number`` (``text``) read by its evidence, what it defines learnt into the
    ``legend`` first; before a match has begun (``in_match``), its comments alone."""
    from .evidence import read_evidence

    legend.learn(text, number)
    items, comments, notes = read_evidence(text, number, legend)
    return LineRead(items, comments, notes) if items or in_match else LineRead([], comments, [])


def json_line(text: str, number: int) -> LineRead | Shaped:
    """A line that is a JSON object (an app's log, JSON Lines: ``{"tower": "red", "dir":
    "fwd", "n": 4}``), no comment of ours: an app's event that a round starts, as its
    ``Round`` line (:func:`json_round`); else its values read by their evidence, its keys
    and JSON's signs blanked (the values keep their columns)."""
    from .evidence import read_evidence

    shaped = json_round(text, number)
    if shaped is not None:
        return shaped
    items, _comments, notes = read_evidence(json_values(text), number)
    return LineRead(items, [], notes)


def json_round(text: str, number: int) -> Shaped | None:
    """Line ``number``, a JSON object (:func:`json_object`), read as a ``Round`` line where
    its values are one (an app's event: ``{ev:'round', n:2, fill:'right'}``), else
    ``None``."""
    from .line_shapes import Shaped, line_shape

    values = json_values(text)
    shaped = line_shape(values.lstrip(), number)  # (its values first: a time before them is the event's)
    if shaped is None or not isinstance(shaped.item, RoundRecord):
        return None
    lead = len(values) - len(values.lstrip())
    item = replace(shaped.item, column=shaped.item.column + lead)
    new = next((e.new for e in shaped.diagnostic.edits if isinstance(e, RewriteLine)), f"Round {item.number}")
    edit = RewriteLine(number, "round", text, new, "a Round line in our shape")
    message = f"{text.strip()!r} is read as {new!r} (an app's event that a round starts)"
    return Shaped(item, replace(shaped.diagnostic, message=message, column=item.column, edits=(edit,)))


def json_values(text: str) -> str:
    """Line ``text``, a JSON object (:func:`json_object`), with its keys and signs blanked:
    its values where they stand (a key whose value is ``true`` kept: ``"pass": true``)."""
    flags = _JSON_TRUE.sub(_flag, text)  # ('"pass": true', 'pass = true': the key says it)
    return _JSON_SIGNS.sub(lambda m: " " * len(m.group()), flags)


def _flag(m: re.Match[str]) -> str:
    """A key whose value is ``true`` (:data:`_JSON_TRUE`) as its word alone, where it
    stood, the rest blanked."""
    key = m[1] or m[2] or m[3] or ""
    before = m.start(1 if m[1] is not None else 2 if m[2] is not None else 3) - m.start()
    return " " * before + key + " " * (len(m.group()) - before - len(key))


def heading(text: str, number: int) -> Shaped | None:
    """Line ``number``, read as a comment, as a Markdown heading of a round (``##
    Game 2``), if it is one."""
    if not text.lstrip().startswith("#"):
        return None
    from .line_shapes import heading_shape

    return heading_shape(text, number)


def round_note(d: Diagnostic, number: int) -> tuple[Comment, Diagnostic]:
    """A heading in another shape (its warning ``d``) that names round ``number``, the
    round being read, again after its entries (``Round 1: Gold. Red gets its ring.``): a
    note on it, kept as a comment (returned) with a warning (returned), never another
    round's start."""
    written = next((e.old for e in d.edits if isinstance(e, RewriteLine)), "")
    message = f"{written!r} names round {number} again after its entries: read as a note on it, not a round's start"
    edit = RewriteLine(d.line, "round", written, f"# {written}", "a note on the round read")
    return Comment(written, d.line, d.column, False), Diagnostic("syntax", message, d.line, d.column, WARNING, kind=Kind.SET_ASIDE, edits=(edit,))


#: A ``Round`` line (with its number) or a ``Lineup`` line the reader could not read: its
#: error stands, never read by evidence (a table's header row ``Round  Black  Gold`` is).
_ROUND_OR_LINEUP = re.compile(r"\s*(?:round\b\D*\d|lineup\b)", re.IGNORECASE)
#: A line begun as a header is (``[Name "…``, ``[Name value]``): its error stands, never
#: read by evidence (but a bracket of prose: :func:`_headerish`).
_HEADERISH = re.compile(r"\s*\[[A-Za-z][\w-]*\s")


def _headerish(text: str) -> bool:
    """Whether ``text`` is begun as a header is (:data:`_HEADERISH`), and is no bracket of
    prose: words closed by a ``]`` at the line's end, no quote after the first, or words
    with no quote closed before it (``[underneath, someone else:] who left…``) or run on
    to the next line (a transcriber's ``[back to grown-up writing, black felt tip,`` /
    ``small]``), three words at least
    (``[Transcribed from the sheet: "?" = not legible]``) or begun by no header's name
    nor one close to it (``[end of recording]``), which is read by evidence."""
    m = _HEADERISH.match(text)
    if m is None:
        return False
    rest = text[m.end() :].strip()
    known = near_a_header(m[0].strip()[1:])
    said = _bracket_of_prose(rest)
    return said is None or not (len(said.split()) >= 3 or not known)


def _bracket_of_prose(rest: str) -> str | None:
    """The words of a bracket begun as a header is, after its first word (``rest``),
    where they may be prose (:func:`_headerish`): closed at the line's end, no quote
    first; or with no quote nor another bracket before it closes, or runs on to the next
    line."""
    if rest.endswith("]") and not rest.startswith('"'):
        return rest
    inside = rest.partition("]")[0]
    return inside if '"' not in inside and "[" not in inside else None


#: The words of a line (what :func:`~.evidence.is_evidence_word` is asked of).
_WORDS = re.compile(r"[^\W\d_]+")


def _uses_legend(text: str, legend: Mapping[str, object]) -> bool:
    """Whether line ``text`` writes a letter the file's legend defines, alone or before
    its distance (``rosa V4 orange``)."""
    return any(m.group(1) in legend for m in re.finditer(r"(?<![^\W\d_])([A-Za-z]{1,2}|[|<>^])(?=\d|\s|$)", text))


def _by_evidence(text: str) -> bool:
    """Whether a line no other tier reads goes to the evidence reader: not a ``Round``
    or ``Lineup`` line, nor one begun as a header, nor one whose own syntax is left open
    where a move may stand in what it leaves open (a comment's ``{`` never closed, a
    quoted value never closed): their errors stand. Prose whose quote runs on to the
    next line (``written "chess`` / ``style" like you asked``) is read by evidence."""
    if (_ROUND_OR_LINEUP.match(text) and not field_key(text)) or _headerish(text):
        return False
    if _comment_left_open(text):
        return False  # (a move may be in the comment left open)
    quoted = text.rfind('"')
    prose = _WORDS.search(text) is not None and not _moves_in(text[quoted:], text[:quoted])  # (a quote a sentence opens on one line and closes on the next)
    return text.count('"') % 2 == 0 or prose


def _comment_left_open(text: str) -> bool:
    """Whether ``text`` opens a comment (``{``) it does not close, a move may stand in;
    a wiki's template (``{{``) and a TeX command's argument (``\\q{Can it get``, closed
    lines below) open none."""
    plain = _TEX_ARGUMENT.sub(" ", text.replace("{{", "  ").replace("}}", "  "))
    opened = plain.rfind("{")
    return opened > plain.rfind("}") and _moves_in(plain[opened:], plain[:opened])


#: A TeX command and the brace that opens its argument (``\\mv{``, ``\\item[b]{``).
_TEX_ARGUMENT = re.compile(r"\\[A-Za-z]+\*?(?:\[[^\]]*\])?\{")


#: A JSON object's keys and signs (what :func:`json_line` blanks), and a script's (keys
#: bare or in single quotes, strings in single quotes).
_JSON_SIGNS = re.compile(r""""(?:[^"\\\n]|\\.)*"\s*:|'(?:[^'\\\n]|\\.)*'\s*:|(?<![\w'"])[A-Za-z_$][\w$]*\s*(?::|=>?)(?=\s*['"\[\w-])|[{}\[\]"',]""")


#: A key whose value is ``true`` (a flag: the key is what it says, ``"pass": true``).
_JSON_TRUE = re.compile(r"""(?:"([^"\\\n]*)"|'([^'\\\n]*)'|(?<![\w'"])([A-Za-z_$][\w$]*))\s*(?::|=>?)\s*(?:true|True)\b""")

def json_object(text: str) -> bool:
    """Whether line ``text`` is a JSON object with a key at least (``{"ply": 3, …}``; not
    a comment of ours in braces, which has no quoted key before a colon), or an object as
    a script writes it, three keys at least (``{ev:'mv', tw:'red', from:'f8'}``: a
    home-made app's log, keys bare and strings in single quotes), or two with a string in
    quotes; an item of a YAML list too (``- {n: 5, black: "…"}``)."""
    stripped = _ITEM.sub("", text.strip(), count=1).rstrip(",;")  # ('- {n: 2, black: "…"}': an item of a YAML list; '{…},': of a script's list)
    if stripped.startswith("{") and stripped.endswith("}") and (_SCRIPT_OBJECT.fullmatch(stripped) or _QUOTED_PAIRS.fullmatch(stripped)):
        return True
    if not (stripped.startswith('{"') and stripped.endswith("}")):
        return False
    import json

    try:
        return isinstance(json.loads(stripped), dict)
    except ValueError:
        return False


#: An object as a script writes it (JavaScript, JSON5, a Python dict): three keys or more,
#: bare or quoted, each with a value (a string, a number, a word, a list); a comment in
#: braces is prose, whose words do not pair so.
_KEY = r"""(?:[A-Za-z_$][\w$]*|"[^"\n]*"|'[^'\n]*')"""
_VALUE = r"""(?:'[^'\n]*'|"[^"\n]*"|\[[^\]\n]*\]|[^\s,:{}\[\]'"]+)"""  # (a bare value: any mark but the signs that part them, 'tower: 초록*' a sumo's)
#: One key and its value of such an object.
_PAIR = _KEY + r"\s*(?::|=>?)\s*" + _VALUE  # (a Lua or TOML table's 'key = value', Perl's 'key => value')
_SCRIPT_OBJECT = re.compile(r"\{\s*" + _PAIR + r"(?:\s*,\s*" + _PAIR + r"){2,}\s*,?\s*\}")
#: An object of two keys or more, a string in quotes among its values (``{n: 5, black:
#: "brown forward 7"}``, a YAML file's move): no comment pairs words so either.
_QUOTED_PAIRS = re.compile(r"\{\s*(?=[^}]*:\s*[\"'])" + _PAIR + r"(?:\s*,\s*" + _PAIR + r")+\s*,?\s*\}")
#: The mark of an item of a YAML list before a flow mapping.
_ITEM = re.compile(r"-\s+(?=\{)")


def _moves_in(text: str, before: str) -> bool:
    """Whether ``text`` (what an unclosed ``{`` leaves open) may hold a move: a tower's
    colour, or a square, among evidence (``{ Red Left 3``; not ``{ n: 2, fill: 'right',``),
    or any evidence where ``before`` (the line before the brace) holds an entry's
    (``Yellow Sideways {Left``)."""
    from ..vocabulary import EVIDENCE_COLOURS, normalise
    from .evidence import is_evidence_word

    words = [w for w in _WORDS.findall(text) if is_evidence_word(w)]
    if words and any(len(w) > 1 and is_evidence_word(w) for w in _WORDS.findall(before)):
        return True
    return bool(_SQUARE.search(text)) or any(len(w) > 1 and normalise(w) in EVIDENCE_COLOURS for w in words)


#: A square (what a move in coordinates names).
_SQUARE = re.compile(r"(?<![\w])[a-hA-H][1-8](?![\w])")
