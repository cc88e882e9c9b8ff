"""kamisado-notation: Kamisado move notation and match records, a rules engine to
replay them, a validator, converters and diagrams.

The main calls, importable from the package itself:

>>> from kamisado_notation import Position, Side, read_record, replay_match
>>> record = read_record("samples/standard-match.kmr")   # parse (never raises on bad text)
>>> match = replay_match(record.matches[0])               # judge it through the rules
>>> match.valid, match.score[Side.BLACK], match.score[Side.GOLD]
(True, 2, 3)
>>> len(Position.initial().legal_moves())                 # the rules engine
102

The layers, bottom up (each imports only from those below it; ``tests/package/test_architecture.py``
walks every import to keep it so): the values at the top of the package
(:mod:`.errors`, every exception; :mod:`.diagnostics`; :mod:`.enums`; :mod:`.display`,
text from a record made safe to show), then one subpackage a layer:

- :mod:`.io`: the safe writer of output files and worker processes (nothing of Kamisado);
- :mod:`.engine`: the board, positions and the rules of a round, match flow, perft
  (nothing of text);
- :mod:`.notation`: text and JSON in and out (every move form, the ``.kmr`` format);
- :mod:`.checking`: records judged by the engine (replay, corrections, validate, fix,
  conversion);
- :mod:`.play`: matches played (generated);
- :mod:`.drawing`: terminal diagrams, SVG and the web page;
- :mod:`.cli`: the ``kamisado`` command.

Names are loaded on first use (PEP 562), so importing the package stays cheap for the
command line. The one list of public names is :data:`_EXPORTS` below; type checkers see
the real classes and functions through ``__init__.pyi``, generated from it. :func:`replay_match` is :func:`kamisado_notation.checking.replay.replay`
(the module's own name would shadow a function called ``replay`` here), as
:func:`correct_entry` is :func:`kamisado_notation.checking.correct.correct`; likewise
:func:`kamisado_notation.engine.perft.perft` is imported from its module.
"""

from __future__ import annotations

from importlib import import_module

from .wiring import set_text_doors_loader

__version__ = "0.1.0"

#: public name -> (module that defines it, its name there)
_EXPORTS: dict[str, tuple[str, str]] = {
    # the board and the rules engine
    "Colour": ("engine.board", "Colour"),
    "Side": ("engine.board", "Side"),
    "Direction": ("engine.board", "Direction"),
    "Square": ("engine.board", "Square"),
    "square_name": ("engine.board", "square_name"),
    "parse_square": ("engine.board", "parse_square"),
    "Tower": ("engine.position", "Tower"),
    "Move": ("engine.position", "Move"),
    "Position": ("engine.position", "Position"),
    "Outcome": ("engine.position", "Outcome"),
    "RoundEnd": ("engine.position", "RoundEnd"),
    "WrittenMove": ("engine.position", "WrittenMove"),
    # match flow
    "Fill": ("engine.match", "Fill"),
    "Match": ("engine.match", "Match"),
    "RoundResult": ("engine.match", "RoundResult"),
    "fill": ("engine.match", "fill"),
    "lineup": ("engine.match", "lineup"),
    # errors and diagnostics
    "KamisadoError": ("errors", "KamisadoError"),
    "PositionError": ("errors", "PositionError"),
    "IllegalMoveError": ("errors", "IllegalMoveError"),
    "MatchError": ("errors", "MatchError"),
    "NotationError": ("errors", "NotationError"),
    "FormatError": ("errors", "FormatError"),
    "RecordIOError": ("errors", "RecordIOError"),
    "NoRecordsError": ("errors", "NoRecordsError"),
    "SquareError": ("errors", "SquareError"),
    "PlyError": ("errors", "PlyError"),
    "HeaderError": ("errors", "HeaderError"),
    "ArgumentError": ("errors", "ArgumentError"),
    "EngineError": ("errors", "EngineError"),
    "Diagnostic": ("diagnostics", "Diagnostic"),
    "Severity": ("diagnostics", "Severity"),
    "Edit": ("diagnostics", "Edit"),
    "Kind": ("diagnostics", "Kind"),
    "edit_from_json": ("diagnostics", "edit_from_json"),
    "edit_to_json": ("diagnostics", "edit_to_json"),
    "UnknownWord": ("errors", "UnknownWord"),
    # notation
    "Entry": ("notation", "Entry"),
    "Headers": ("notation", "Headers"),
    "MatchRecord": ("notation", "MatchRecord"),
    "RecordFile": ("notation", "RecordFile"),
    "parse_entry": ("notation", "parse_entry"),
    "parse_record": ("notation", "parse_record"),
    "read_record": ("notation", "read_record"),
    "iter_headers": ("notation", "iter_headers"),
    "iter_matches": ("notation", "iter_matches"),
    "open_matches": ("notation", "open_matches"),
    "record_from_json": ("notation", "record_from_json"),
    "read_json_record": ("notation", "read_json_record"),
    "record_paths": ("notation", "record_paths"),
    "Form": ("notation", "Form"),
    "format_move": ("notation", "format_move"),
    "format_entry": ("notation", "format_entry"),
    "format_record": ("notation", "format_record"),
    "ResolvedMoves": ("notation", "ResolvedMoves"),
    # other programs' records and positions (docs/formats.md)
    "reading_as": ("notation.formats", "reading_as"),
    "parse_position": ("notation.formats", "parse_position"),
    # replay and validation
    "MatchReplay": ("checking.replay", "MatchReplay"),
    "MatchStatus": ("checking.replay", "MatchStatus"),
    "PlyKind": ("checking.replay", "PlyKind"),
    "replay_match": ("checking.replay", "replay_match"),
    "replay_matches": ("checking.matches", "replay_matches"),
    "validate_file": ("checking.validate", "validate_file"),
    "Standings": ("checking.standings", "Standings"),
    "standings": ("checking.standings", "standings"),
    # an archive: selected and counted
    "Criteria": ("checking.archive", "Criteria"),
    "Selected": ("checking.archive", "Selected"),
    "select": ("checking.archive", "select"),
    "PositionIndex": ("checking.position_index", "PositionIndex"),
    "Statistics": ("checking.statistics", "Statistics"),
    "statistics": ("checking.statistics", "statistics"),
    "validate_text": ("checking.validate", "validate_text"),
    # corrections
    "Correction": ("checking.correct", "Correction"),
    "correct_entry": ("checking.correct", "correct_entry"),
    "FixReport": ("checking.fix", "FixReport"),
    "fix_text": ("checking.fix", "fix_text"),
    "apply_edits": ("checking.edits", "apply_edits"),
    # playing matches
    "Recorder": ("play.recorder", "Recorder"),
    "EngineClient": ("play.client", "EngineClient"),
    "EngineAnalysis": ("play.client", "EngineAnalysis"),
    # analysis (docs/analysis.md)
    "Solution": ("play.solve", "Solution"),
    "MatchAnalysis": ("play.analyse", "MatchAnalysis"),
    "MoveJudgement": ("play.analyse", "MoveJudgement"),
    "RoundSummary": ("play.analyse", "RoundSummary"),
    "analyse": ("play.analyse", "analyse"),
    "annotate": ("play.analyse", "annotate"),
    "solve": ("play.solve", "solve"),
    "solve_moves": ("play.solve", "solve_moves"),
    "MoveValue": ("play.solve", "MoveValue"),
    # drawing
    "html_page": ("drawing.html", "html_page"),
}

__all__ = [*_EXPORTS, "__version__"]  # noqa: PLE0604  (the keys are the names)

# The engine reads and writes moves as text through doors the checking layer installs
# (kamisado_notation.wiring): the façade, above every layer, says what loads them.
set_text_doors_loader(lambda: import_module(".checking.moves", __name__))

def __getattr__(name: str) -> object:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'kamisado_notation' has no attribute {name!r}") from None
    value = getattr(import_module(f".{module}", __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


def _type_stub() -> str:
    """The text of ``__init__.pyi``, what a type checker sees of the package: the names of
    :data:`_EXPORTS` imported from where they live (names are loaded on first use here, so
    a checker could not see them otherwise). Made from the table, never edited by hand;
    ``tests/package/test_surface.py`` checks that it is current."""
    lines = [
        "# What a type checker sees of kamisado_notation: generated from _EXPORTS in __init__.py by",
        '#   python3 -c "import kamisado_notation as k; print(k._type_stub(), end=\'\')" > kamisado_notation/__init__.pyi',
        "# (tests/package/test_surface.py checks that it is current).",
        "",
    ]
    for name, (module, attribute) in sorted(_EXPORTS.items(), key=lambda item: (item[1], item[0])):
        lines.append(f"from .{module} import {attribute} as {name}")
    lines += ["", "__version__: str", "__all__ = ["]
    lines += [f'    "{name}",' for name in sorted(__all__)]
    lines += ["]", ""]
    return "\n".join(lines)


if "IPython" in __import__("sys").modules:  # a notebook: positions draw themselves as SVG
    from .drawing import svg as _svg  # noqa: F401
