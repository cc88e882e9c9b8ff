"""Diagnostics: what is wrong with a record, as values (rule id, message, location).

The CLI decides how to show them (``path:line:col: error[RULE] message`` or JSON).
``rule`` is a rulebook rule id (``T2``, ``M5``, ``S8``, ``DS7``, ``F3``…) or one of
``syntax``, ``square``, ``push-entry``, ``result``, ``match``, ``text`` (a word
processor's characters read as plain ones), ``header`` (a header as people write it),
``encoding`` (a file not in UTF-8) (README, *Command line*), or ``io`` for a file that
cannot be read. A diagnostic of a slip the record's redundancy can
correct carries the corrected entry in ``suggestions`` (:mod:`kamisado_notation.checking.correct`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .display import printable
from .enums import TextEnum

__all__ = ["ERROR", "WARNING", "Diagnostic", "Severity"]


class Severity(TextEnum):
    """How bad a diagnostic is: an ``error`` makes a record invalid, a ``warning`` does not."""

    ERROR = "error"
    WARNING = "warning"


ERROR = Severity.ERROR
WARNING = Severity.WARNING


@dataclass(frozen=True, slots=True)
class Diagnostic:
    rule: str
    message: str
    line: int
    column: int
    severity: Severity = Severity.ERROR
    round: int | None = None
    ply: int | None = None
    match: int | None = None  # 1-based index of the match in its file
    #: Complete entries that would make the entry right, in the form and language it was
    #: written in, most likely first (empty when there are none): README: ``suggestions``.
    suggestions: tuple[str, ...] = ()

    def format(self, path: str) -> str:
        """The one-line human form: ``path:line:col: error[RULE] message`` (``path: …``
        for what has no line, an unreadable file), control characters escaped
        (:func:`~kamisado_notation.display.printable`): the path and the message may
        quote a record, and a record may hold anything."""
        where = f"{path}:{self.line}:{self.column}" if self.line else path
        return printable(f"{where}: {self.severity}[{self.rule}] {self.message}")

    def to_json(self) -> dict[str, object]:
        """The JSON object the README describes (without the match index, which the nesting gives)."""
        d = asdict(self)
        d["suggestions"] = list(self.suggestions)
        return {k: d[k] for k in ("severity", "line", "column", "round", "ply", "rule", "message", "suggestions")}
