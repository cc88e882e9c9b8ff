"""The general path for one line: its items and comments, or a :class:`NotationError`.

Every line the whole-line fast paths do not take comes here, and every bad line. The
lexer's tokens go to lark's LALR parser as they come and the transformer builds the
record model as lark reduces, so a line takes time linear in its length and memory for
its model and a few tokens at a time, however long it is. (An earlier cache replayed the
parse of each *shape* of line; with the fast paths taking the lines records are made of,
it no longer paid for itself: ``docs/record-decisions.md``.)
"""

from __future__ import annotations

from itertools import chain

from lark.exceptions import UnexpectedInput

from ..errors import NotationError
from .grammar import _parser
from .lexing import Line, lex_line
from .record import Comment, Item
from .syntax_errors import as_notation_error


def parse_line(text: str, number: int) -> tuple[list[Item], list[Comment]]:
    """The items of one line (headers, rounds, lineups, lists of ``(entry, start, end)``)
    and its comments. Raises :class:`NotationError` for the line's first lexical error
    or, when it has none, for the first place the grammar rejects."""
    comments: list[Comment] = []
    tokens = lex_line(text, number, comments)
    first = next(tokens, None)
    if first is None:  # blank, or comments only
        return [], comments
    line = Line(chain((first,), tokens), number)
    try:
        # lark types parse() as returning a tree; with the embedded transformer it is _Lines's list
        items: list[Item] = _parser().parse(line)  # type: ignore[assignment]
    except (UnexpectedInput, NotationError) as e:
        for _ in tokens:  # a lexical error further on is the one reported (and raised here)
            pass
        raise as_notation_error(e, line) from None
    for item in items:
        if type(item) is list:
            for entry, start, end in item:
                entry.text = text[start:end]
    return items, comments
