"""kamisado-notation: Kamisado move notation and match records, a rules engine to
replay them, a validator, converters and terminal diagrams.

The main calls, importable from the package itself::

    from kamisado_notation import Position, read_record
    from kamisado_notation.replay import replay

    record = read_record("samples/standard-match.kmr")   # parse (never raises on bad text)
    match = replay(record.matches[0])                     # judge it through the rules
    match.valid, match.score, match.diagnostics
    Position.initial().legal_moves()                      # the rules engine

Names are loaded on first use (PEP 562), so importing the package stays cheap for the
command line. ``replay`` and ``perft`` are also the names of their modules, so they are
imported from those modules (an import of the submodule would shadow the function here).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

#: public name -> module that defines it
_EXPORTS = {
    # the board and the rules engine
    "Colour": "board",
    "Side": "board",
    "Direction": "board",
    "square_name": "board",
    "parse_square": "board",
    "Tower": "position",
    "Move": "position",
    "Position": "position",
    # match flow
    "Fill": "match",
    "Match": "match",
    "RoundResult": "match",
    "fill": "match",
    "lineup": "match",
    # errors and diagnostics
    "KamisadoError": "errors",
    "PositionError": "errors",
    "IllegalMoveError": "errors",
    "MatchError": "errors",
    "NotationError": "errors",
    "FormatError": "errors",
    "RecordIOError": "errors",
    "Diagnostic": "diagnostics",
    # notation
    "parse_entry": "notation",
    "parse_record": "notation",
    "read_record": "notation",
    "iter_matches": "notation",
    "open_matches": "notation",
    "record_from_json": "notation",
    "read_json_record": "notation",
    "Form": "notation",
    "format_move": "notation",
    "format_entry": "notation",
    "format_record": "notation",
    # replay and validation
    "MatchReplay": "replay",
    "validate_file": "validate",
    "validate_text": "validate",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'kamisado_notation' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
