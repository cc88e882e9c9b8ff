"""The general path for one line: its items and comments, or a :class:`NotationError`.

An LALR parse depends only on the terminals of a line, so lark parses each *shape* of
line once and later lines of that shape replay its parse through the same callbacks
(about 3x lark's own lexer and parser). Every line the whole-line fast paths do not take
comes here, and every bad line goes to lark, which gives the error message.
"""

from __future__ import annotations

from functools import cache

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from ..errors import NotationError
from .grammar import _Lines, _parser, build_parser
from .lexing import Line, lex_line
from .record import Comment
from .syntax_errors import as_notation_error

# --------------------------------------------------------------------------- one line

#: line shape (the terminals its tokens can be) → (terminals as resolved, parse template)
_SHAPES: dict[tuple, tuple] = {}  # type: ignore[type-arg]
_SHAPE_LIMIT = 4096  # garbage must not grow memory without bound
_SHAPE_TOKENS = 64  # longer lines are not worth a shape of their own


@cache
def _tree_parser() -> Lark:
    return build_parser(transform=False)


@cache
def _callbacks() -> dict[str, object]:
    t = _Lines()
    return {name: getattr(t, name) for name in ("start", "header", "round", "lineup", "moves", "move", "blocked", "coords")}


def _template(tree, index: dict[int, int]):  # type: ignore[no-untyped-def]
    children = []
    for c in tree.children:
        if c is None:
            children.append(None)
        elif isinstance(c, Token):
            children.append(index[id(c)])
        else:
            children.append(_template(c, index))
    return (str(tree.data), tuple(children))


def _compile(template) -> object:  # type: ignore[no-untyped-def]
    """The parse template of a line shape as one Python function of the line's tokens,
    calling the transformer's callbacks as lark would (generated from the template,
    which holds only rule names and token indices)."""

    def expr(t) -> str:  # type: ignore[no-untyped-def]
        if t is None:
            return "None"
        if type(t) is int:
            return f"t[{t}]"
        name, children = t
        return f"c_{name}([{', '.join(expr(c) for c in children)}])"

    namespace = {f"c_{name}": f for name, f in _callbacks().items()}
    return eval(f"lambda t: {expr(template)}", namespace)


class _Tok(str):
    """A token for the fast path: the attributes the callbacks read, no more."""

    __slots__ = ("column", "end_pos", "line", "start_pos", "type")


_new_tok = str.__new__


def _plan(tokens: list[tuple], number: int) -> tuple:  # type: ignore[type-arg]
    """Parse a line of a shape not seen before with lark; return the terminals as lark
    resolved them and the shape of the parse (token indices in place of tokens)."""
    line = Line(tokens, number)
    try:
        tree = _tree_parser().parse(line)
    except (UnexpectedInput, NotationError) as e:
        raise as_notation_error(e, line) from None
    index = {id(tok): i for i, tok in enumerate(line.resolved)}
    return tuple(tok.type for tok in line.resolved), _compile(_template(tree, index))


def parse_line(text: str, number: int) -> tuple[list, list[Comment]]:  # type: ignore[type-arg]
    """The items of one line (headers, rounds, lineups, lists of entries) and its
    comments. Raises :class:`NotationError`.

    (Records try the whole-line fast paths first, see :func:`fast_match`.) An LALR
    parse depends only on the terminals of a line, so lark parses each *shape* of line
    once (a few dozen in a real corpus) and the shape's parse is replayed for every
    later line of that shape, with the same callbacks. The grammar stays the one
    definition of the syntax; a line of a new shape, and every bad line, goes to lark."""
    comments: list[Comment] = []
    tokens = lex_line(text, number, comments)
    if not tokens:
        return [], comments
    if len(tokens) > _SHAPE_TOKENS:  # a long line: lark parses it directly, once
        line = Line(tokens, number)
        try:
            items = _parser().parse(line)
        except (UnexpectedInput, NotationError) as e:
            raise as_notation_error(e, line) from None
        _set_texts(items, text)
        return items, comments
    key = tuple([t[0] for t in tokens])
    plan = _SHAPES.get(key)
    if plan is None:
        plan = _plan(tokens, number)
        if len(_SHAPES) < _SHAPE_LIMIT:
            _SHAPES[key] = plan
    kinds, build = plan
    toks = []
    for k, (_, value, start, end) in zip(kinds, tokens):
        tok = _new_tok(_Tok, value)
        tok.type, tok.line, tok.column, tok.start_pos, tok.end_pos = k, number, start + 1, start, end
        toks.append(tok)
    items = build(toks)
    _set_texts(items, text)
    return items, comments


def _set_texts(items: list, text: str) -> None:  # type: ignore[type-arg]
    for item in items:
        if type(item) is list:
            for entry, start, end in item:
                entry.text = text[start:end]
