"""The slips of header lines that ``kamisado fix`` corrects (``docs/notation.md``, "Records
as people write them"), each a rewrite of the header's line
(:class:`~kamisado_notation.diagnostics.RewriteLine`) on the warning that names it:

- a value without its quotes (``[Match Standard]``) is written quoted;
- a name a slip away from one known name (``[Reslut "2-3"]``), in a match that has no
  header of that name, is *read* as that header (a wrong result under ``[Reslut]`` is a
  wrong result), the warning says so, and ``fix`` renames it; where the match has that
  header too, the misspelt one is only warned of and kept as written;
- a ``Match`` value a slip away from one format (``Standart``), read as that format
  (:mod:`..targets`), is written so when the rounds agree with it: no error about the
  match's score or end.

A line with more than one of these slips is rewritten once, with all of them corrected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...diagnostics import ERROR, Diagnostic, Kind, RewriteLine, compose, correction
from ...engine.match import MATCH_TARGETS
from ...notation.kmr.digits import ascii_number
from ...notation.kmr.headers import KNOWN_HEADERS, KNOWN_LOWER, did_you_mean
from ...notation.record import Header, MatchRecord
from ...notation.writer import quote
from ..targets import misspelt_format, parse_result

__all__ = ["format_agrees", "header_fixes", "misnamed", "misnamed_headers"]


def format_agrees(diagnostics: list[Diagnostic], target: int, claim: tuple[int, int] | None) -> bool:
    """Whether a match read to ``target`` agrees with it: no error says its score or end
    disagrees (decided before its last round, a ``Result`` the rounds do not give), and
    its ``Result`` ``claim``, if any, is a final score of that target (the winner at or
    above it, the loser below)."""
    if any(d.severity is ERROR and d.rule in ("result", "match") for d in diagnostics):
        return False
    return claim is None or min(claim) < target <= max(claim)


def misnamed(names: Sequence[str]) -> dict[str, str]:
    """Of a match's header names (as written, in order), those read as a known name they
    misspell: the known name (lower case) → the first name one slip away from it and
    from no other known name, where no header has the known name itself.

    >>> misnamed(["Event", "Blakc", "Gold", "Reslut"])
    {'black': 'Blakc', 'result': 'Reslut'}
    """
    written = {name.lower() for name in names}
    found: dict[str, str] = {}
    for name in names:
        if name.lower() in KNOWN_LOWER:
            continue
        near = did_you_mean(name, KNOWN_HEADERS)
        if len(near) == 1 and near[0].lower() not in written and near[0].lower() not in found:
            found[near[0].lower()] = name
    return found


def misnamed_headers(match: MatchRecord) -> dict[str, Header]:
    """The headers of ``match`` read as a known header they misspell (:func:`misnamed`):
    the known name (lower case) → the header."""
    first: dict[str, Header] = {}
    for h in match.headers:
        first.setdefault(h.name, h)
    found = {known: first[name] for known, name in misnamed([h.name for h in match.headers]).items()}
    return {known: h for known, h in found.items() if _could_hold(known, h.value)}


def _could_hold(known: str, value: str) -> bool:
    """Whether ``value`` could be the value of the known header ``known`` (lower case): a
    format or a slip from one under ``Match``, a number under ``Target``, a score under
    ``Result``; any under the others. (``[MatchId "m48213"]``, a site's own header, is
    no misspelt ``Match``.)"""
    if known == "match":
        return value.strip().lower() in MATCH_TARGETS or bool(misspelt_format(value))
    if known == "target":
        return ascii_number(value) is not None
    return known != "result" or parse_result(value) is not None


def header_fixes(
    match: MatchRecord, diagnostics: list[Diagnostic], misnamed: dict[str, Header], fmt: tuple[Diagnostic, str] | None
) -> list[Diagnostic]:
    """``diagnostics`` (a match's, the reader's among them) with the corrections of its
    header slips on the warnings that name them: ``misnamed`` (:func:`misnamed_headers`),
    and ``fmt``, the warning of a misspelt ``Match`` value with the format it was read
    as, when the rounds agree with it (:func:`format_agrees`)."""
    renamed = {(h.line, h.column): _PROPER[name] for name, h in misnamed.items()}  # (a header a line)
    out = list(diagnostics)
    for h in match.headers:
        named = renamed.get((h.line, h.column))
        slips = _header_slips(out, h, named)
        value = h.value
        if fmt is not None and (fmt[0].line, fmt[0].column) == (h.line, h.column):
            value = fmt[1]
            slips.append(out.index(fmt[0]))
        if slips:
            _correct(out, sorted(slips), h, named, value)
    return out


def _header_slips(diagnostics: list[Diagnostic], h: Header, named: str | None) -> list[int]:
    """The warnings among ``diagnostics`` of header ``h``'s slips, by their index: its
    value unquoted, and its name misspelt where it is read as a known one (``named``)."""
    return [
        i
        for i, d in enumerate(diagnostics)
        if (d.line, d.column) == (h.line, h.column) and (d.kind is Kind.UNQUOTED_HEADER or (d.kind is Kind.HEADER_NAME and named is not None))
    ]


def _correct(out: list[Diagnostic], slips: list[int], h: Header, named: str | None, value: str) -> None:
    """The warnings ``slips`` of header ``h`` given its rewrite (``named``: the name it
    is read as, ``value``: as it is read); the first carries the edit."""
    new = f"[{named or h.name} {quote(value)}]"
    unquoted = any(out[i].kind is Kind.UNQUOTED_HEADER for i in slips)
    edit = RewriteLine(h.line, "header", h.name, new, _why_rewritten(h, named, value, unquoted=unquoted))
    for i in slips:
        d = out[i]
        message = d.message
        if d.kind is Kind.HEADER_NAME:
            message = f"unknown header [{h.name}]: did you mean [{named}]? The match has no [{named}] header: read as one"
        out[i] = replace(d, message=compose(message, correction(new)), suggestions=(new,), edits=(edit,) if i == slips[0] else ())


def _why_rewritten(h: Header, named: str | None, value: str, *, unquoted: bool) -> str:
    """Why header ``h`` is rewritten (``named``: the name it is read as, ``value``: as
    it is read; ``unquoted``: its value was written without quotes)."""
    words = [f"the header's name is {named}"] if named is not None else []
    words += ["a header's value is written in quotes"] if unquoted else []
    words += [f"the match format is {value}"] if value != h.value else []
    return ", ".join(words)


#: A known header's name as written in :data:`KNOWN_HEADERS`, by its lower case.
_PROPER = {name.lower(): name for name in KNOWN_HEADERS}
