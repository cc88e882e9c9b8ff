"""Headers as people write them: a name a letter off a known one, a value without its
quotes, a result written after the moves (``docs/record-decisions.md``, "Headers as
people write them").

Any header name may be used and is kept as written; a name is *known* when it has a
meaning (:data:`KNOWN_HEADERS`: those the replay reads, the players', and the usual
ones of a game record). An unknown name is warned only when it is close to a known one
(:func:`did_you_mean`: one edit for names of up to six letters, two for longer ones, a
swap of two neighbouring letters being one), so ``[Reslut "2-3"]`` is named and a
custom ``[Venue "…"]`` or ``[Clock "…"]`` is not. The warnings have the rule id ``header``.
"""

from __future__ import annotations

import re

from ..record import HEADER_NAME

__all__ = [
    "AS_HYPHEN",
    "DASHES",
    "HEADER_RULE",
    "KNOWN_HEADERS",
    "KNOWN_LOWER",
    "RESULT_AS_HYPHEN",
    "RESULT_SEPARATORS",
    "did_you_mean",
    "edit_distance",
    "header_name_warning",
    "near_a_header",
    "resignation",
    "trailing_result",
    "unquoted_header",
]

#: The rule id of the warnings about headers.
HEADER_RULE = "header"

#: The dashes a word processor puts where ``-`` was typed, read as ``-`` in a result.
DASHES = {"\u2013": "en dash", "\u2014": "em dash", "\u2212": "minus sign"}
#: ``str.translate`` table of :data:`DASHES` to ``-``.
AS_HYPHEN = str.maketrans(dict.fromkeys(DASHES, "-"))
#: What people write between a result's two scores besides ``-``: the dashes and a
#: colon (``3:2``, as a score is shown); each is read as ``-`` with a warning.
RESULT_SEPARATORS = {**DASHES, ":": "colon"}
#: ``str.translate`` table of :data:`RESULT_SEPARATORS` to ``-``.
RESULT_AS_HYPHEN = str.maketrans(dict.fromkeys(RESULT_SEPARATORS, "-"))

#: The header names with a meaning (``docs/notation.md``), and the usual ones of a game
#: record: an unknown name close to one of these is warned.
KNOWN_HEADERS = (
    "Event", "Site", "Date", "Round", "Black", "Gold", "White", "Match", "Target", "Result", "Position",
    "Game", "Annotator", "Time", "Comment",
)  # fmt: skip
#: :data:`KNOWN_HEADERS` in lower case (a name is known in any case).
KNOWN_LOWER = frozenset(name.lower() for name in KNOWN_HEADERS)

# A header whose value has no quotes: [Match Standard].
_UNQUOTED = re.compile(r'\s*\[\s*(' + HEADER_NAME + r')\s+([^"\[\]{}#\s](?:[^"\[\]{}#]*[^"\[\]{}#\s])?)\s*\]\s*')
# A result written as PGN writes it after the moves: 3-2 (a dash a word processor puts too).
_RESULT = re.compile(r"(?:(.*\S)\s+|\s*)(\d{1,3})\s*[-\u2013\u2014\u2212]\s*(\d{1,3})\s*")


def edit_distance(a: str, b: str) -> int:
    """The number of letters inserted, deleted, changed or swapped with a neighbour to
    make ``a`` into ``b`` (optimal string alignment), case ignored."""
    a, b = a.lower(), b.lower()
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]


def did_you_mean(word: str, vocabulary: tuple[str, ...]) -> list[str]:
    """The words of ``vocabulary`` closest to ``word`` (which is none of them), when
    close enough to be a slip: one edit for a word of up to six letters, two for a
    longer one; empty otherwise."""
    most = 1 if len(word) <= 6 else 2
    near = [(edit_distance(word, v), v) for v in vocabulary]
    best = min((d for d, _v in near), default=most + 1)
    return [v for d, v in near if d == best] if best <= most else []


def header_name_warning(name: str) -> str | None:
    """The warning for an unknown header name close to a known one, or ``None``."""
    if name.lower() in KNOWN_LOWER:
        return None
    near = did_you_mean(name, KNOWN_HEADERS)
    if not near:
        return None
    return f"unknown header [{name}]: did you mean {' or '.join(f'[{n}]' for n in near)}? (kept as written)"


def near_a_header(name: str) -> bool:
    """Whether ``name`` is a known header's name (in any case) or close enough to one to
    be a slip of it (:func:`did_you_mean`)."""
    return name.lower() in KNOWN_LOWER or bool(did_you_mean(name, KNOWN_HEADERS))


def unquoted_header(text: str, *, after_moves: bool = False) -> tuple[str, str, int] | None:
    """A header line whose value has no quotes (``[Match Standard]``, ``[Evnet Spring
    cup]``): its name, value and column; ``None`` for any other line, and for a line in
    brackets whose first word is no header's name nor close to one (``[end of
    recording]``, a transcript's note: no header, and no next match). After a match's
    moves (``after_moves``), a line in brackets whose first word is a header's name in
    small letters (``[round 1 over - Gold wins the round]``) is a note too: a header
    there would start another match, and one written so is rare."""
    m = _UNQUOTED.fullmatch(text)
    if m is None or not near_a_header(m[1]) or (after_moves and m[1].islower()):
        return None
    return m[1], m[2], text.index("[") + 1


def trailing_result(text: str) -> tuple[str, str, int] | None:
    """A result written after the moves, as PGN does: a line that is ``3-2`` alone, or
    a row of entries that ends with it (no entry ends with a number). The text before
    it (``""`` when none), the result as ``"3-2"``, and its column."""
    m = _RESULT.fullmatch(text)
    if m is None:
        return None
    return (m[1] or ""), f"{int(m[2])}-{int(m[3])}", m.start(2) + 1


_RESIGNS = re.compile(r"\s*(black|gold)\s+(?:resigns|resigned|has resigned|gives up)\.?\s*", re.IGNORECASE)


def resignation(text: str) -> tuple[str, int] | None:
    """A line that says a side resigned (``Gold resigns``, ``Black resigned.``): the
    side (``"Black"`` or ``"Gold"``) and its column; ``None`` for any other line."""
    m = _RESIGNS.fullmatch(text)
    return (m[1].title(), m.start(1) + 1) if m is not None else None
