"""A match's headers as the replay reads them: the target (``Match``, ``Target``, or
inferred from ``Result`` and the rounds when neither is written, :mod:`.targets`), the
start (``Position``), and each value read also under a name a slip away from a known
one (``[Reslut "2-3"]``, :mod:`.slips.headers`); the warnings and errors they give.
A match pasted without headers after another (:class:`~.record.Pasted`) has the target
of the match before it."""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import ERROR, WARNING, Diagnostic, Kind, RewriteLine, Severity, compose
from ..engine.match import MATCH_TARGETS
from ..engine.position import Position
from ..errors import PositionError
from ..notation.kmr.headers import HEADER_RULE, RESULT_SEPARATORS
from ..notation.record import MatchRecord, Pasted, RoundRecord
from .slips.headers import misnamed_headers
from .targets import format_name, inferred_target, match_target, misspelt_format, parse_result

__all__ = ["MatchHeaders", "first_match_rounds", "pasted_warning", "points"]


class MatchHeaders:
    """The headers of ``match`` as the replay reads them (module docstring).
    ``probe_scores(n)``: the score after each of the first ``n`` rounds that a trial
    replay with no target finishes (what a target is inferred from). The diagnostics
    found are in :attr:`found`, in the order found."""

    def __init__(self, match: MatchRecord, probe_scores: Callable[[int], list[tuple[int, int]]]) -> None:
        self.match = match
        self.probe_scores = probe_scores
        #: headers read as a known one they misspell (:func:`.slips.headers.misnamed_headers`)
        self.misnamed = misnamed_headers(match) if match.headers else {}
        #: the warning of a misspelt ``Match`` value, and the format it is read as
        self.format_read: tuple[Diagnostic, str] | None = None
        self.found: list[Diagnostic] = []

    def diag(self, rule: str, message: str, at: tuple[int, int], severity: Severity = ERROR) -> None:
        self.found.append(Diagnostic(rule, message, at[0], at[1], severity, None, None, self.match.index))

    def value(self, name: str) -> str | None:
        """The value of the header ``name``, or of the header read as it (a name a slip
        away: :func:`.slips.headers.misnamed_headers`)."""
        value = self.match.header(name)
        if value is None and (misnamed := self.misnamed.get(name.lower())) is not None:
            return misnamed.value
        return value

    def at(self, name: str) -> tuple[int, int]:
        for h in self.match.headers:
            if h.name.lower() == name.lower():
                return h.line, h.column
        misnamed = self.misnamed.get(name.lower())
        return (misnamed.line, misnamed.column) if misnamed is not None else (self.match.line, 1)

    def target(self) -> tuple[int, bool]:
        """The match's target (``Match``/``Target``; inferred when neither is written
        over more than one round, :mod:`.targets`), and whether it is known."""
        match = self.match
        if match.pasted is not None and match.rounds:  # another match, pasted without headers
            self.found.append(pasted_warning(match.pasted, match.rounds[0], match.index))
            return match.pasted.target, True
        target_text, match_text = self.value("Target"), self.value("Match")
        if target_text is None and match_text is None:
            return self.inferred_target(), True
        return self.written_target(target_text, match_text)

    def written_target(self, target_text: str | None, match_text: str | None) -> tuple[int, bool]:
        """The target the ``Target`` or ``Match`` header says (both written: checked to
        agree), and whether it is known (:meth:`no_format` where it names none)."""
        target = match_target(match_text, target=target_text)
        if target is None:
            return self.no_format(target_text, match_text)
        if target_text is not None and match_text is not None:
            self.check_match_header(match_text, target_text, target)
        return target, True

    def no_format(self, target_text: str | None, match_text: str | None) -> tuple[int, bool]:
        """The target of a match whose ``Target`` or ``Match`` header names no format: a
        ``Match`` header's misspelt format read as the format, with a warning; else an
        error, and no target."""
        name = "Target" if target_text is not None else "Match"
        near = misspelt_format(match_text) if target_text is None and match_text is not None else []
        if len(near) == 1:
            message = f'[Match "{match_text}"] is no match format: read as [Match "{near[0]}"] (did you mean {near[0]}?)'
            self.diag(HEADER_RULE, message, self.at("Match"), WARNING)
            self.format_read = self.found[-1], near[0]
            return MATCH_TARGETS[near[0].lower()], True
        hint = f" (did you mean {' or '.join(near)}?)" if near else ""
        self.diag(
            "syntax",
            f"[{name} \"{target_text if target_text is not None else match_text}\"] is not a match "
            f"format: Single, Standard, Long, Marathon, or [Target \"N\"] with N ≥ 1{hint}",
            self.at(name),
        )
        return 10**9, False

    def inferred_target(self) -> int:
        """The target of a match with no ``Match`` or ``Target`` header: a single round
        (1) when it has one round; else the smallest format its ``Result`` and its
        rounds fit (:func:`.targets.inferred_target`), with a warning."""
        n = first_match_rounds(self.match.rounds)
        scores = self.probe_scores(max(n, 1))
        n = max(n, len(scores))  # (rounds whose Round lines are not written: the replay finds where each ends)
        if n <= 1:
            return 1
        text = self.value("Result")
        claim = parse_result(text) if text is not None else None
        target, claimed = inferred_target(claim, scores, n)
        why = f'as [Result "{text}"] says' if claimed else "the smallest format its rounds fit"
        if target is None:
            return 1
        self.diag(
            HEADER_RULE,
            f"no [Match] or [Target] header, and {n} rounds: read as a {format_name(target)} match "
            f"(to {points(target)}), {why}",
            (self.match.line, 1),
            WARNING,
        )
        return target

    def check_match_header(self, match_text: str, target_text: str, target: int) -> None:
        """Both ``Match`` and ``Target``: ``Target`` decides (it is the more precise);
        a ``Match`` that names another target, or none, is a warning naming both."""
        named = match_target(match_text)
        if named == target:
            return
        what = f"a {match_text.strip()} match is played to {points(named)}" if named is not None else "that is no match format"
        self.diag(
            "syntax",
            f'[Match "{match_text}"] and [Target "{target_text}"] disagree ({what}): the target is '
            f"{points(target)}, as [Target] says",
            self.at("Match"),
            WARNING,
        )

    def start(self) -> tuple[Position | None, bool]:
        """Round 1's start (the ``Position`` header, or ``None`` for the initial
        position), and whether it could be read."""
        text = self.value("Position")
        if text is None:
            return None, True
        try:
            return Position.from_string(text), True
        except PositionError as e:
            self.diag("syntax", f"bad [Position] header, {e.field}: {e}", self.at("Position"))
            return None, False

    def check_result(self, score: tuple[int, int], *, checked: bool, stops: str = "") -> None:
        """The ``Result`` header against the ``score`` (Black's, Gold's) the replay found,
        when it ``checked`` the whole match (``stops``: where the record stops, in words,
        when it stops before the match is decided)."""
        text = self.value("Result")
        if text is None or text.strip() in ("*", ""):
            return
        claim = parse_result(text)
        if claim is not None and _other_separator(text):
            self.dashes(text, claim)
        if claim is None:
            self.diag("result", f"[Result \"{text}\"] is not Black's points - Gold's points (\"1-3\")", self.at("Result"))
        elif checked and claim != score:
            self.diag(
                "result",
                compose(f"the record gives {score[0]}-{score[1]} (Black-Gold), not {claim[0]}-{claim[1]}", stops),
                self.at("Result"),
            )

    def dashes(self, text: str, claim: tuple[int, int]) -> None:
        """A ``Result`` read with a dash or a colon for its ``-`` (:data:`RESULT_SEPARATORS`):
        a warning saying so (kind ``result-separator``), and ``fix`` writes the ``-``."""
        names = sorted({f"{name} '{c}'" for c, name in RESULT_SEPARATORS.items() if c in text})
        new = f"{claim[0]}-{claim[1]}"
        line, column = self.at("Result")
        edit = RewriteLine(line, "header", "Result", f'[Result "{new}"]', "a result is written with '-'")
        self.found.append(
            Diagnostic(
                "syntax", f"[Result \"{text}\"] is read as {new} (the {' and the '.join(names)} as '-')", line, column,
                WARNING, None, None, self.match.index, (), Kind.RESULT_SEPARATOR, (edit,),
            )
        )  # fmt: skip


def _other_separator(text: str) -> bool:
    """Whether a ``Result`` read as a score (``text``) may be written with another mark
    than ``-`` between its points: a dash outside ASCII, or a colon."""
    return not text.isascii() or ":" in text


def pasted_warning(pasted: Pasted, rec: RoundRecord, match_index: int | None) -> Diagnostic:
    """The warning at round ``rec``, a ``Round 1`` after the match before was decided
    (``pasted``: how): another match, written without headers."""
    return Diagnostic(
        "match",
        f"a Round 1 after the match was decided in round {pasted.decided_in} ({pasted.score[0]}-{pasted.score[1]}): "
        f"read as the start of another match, written without headers, and checked as one (to {points(pasted.target)})",
        rec.line, rec.column, WARNING, rec.number, None, match_index, kind=Kind.PASTED_MATCH,
    )  # fmt: skip


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def first_match_rounds(rounds: list[RoundRecord]) -> int:
    """How many rounds the first match of a record holds: up to a ``Round 1`` after
    others (another match pasted without headers, :meth:`~.round_starts.RoundStarts.pasted`)."""
    return next((k for k in range(1, len(rounds)) if rounds[k].number == 1), len(rounds))
