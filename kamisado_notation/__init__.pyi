# What a type checker sees of kamisado_notation: generated from _EXPORTS in __init__.py by
#   python3 -c "import kamisado_notation as k; print(k._type_stub(), end='')" > kamisado_notation/__init__.pyi
# (tests/package/test_surface.py checks that it is current).

from .checking.archive import Criteria as Criteria
from .checking.archive import Selected as Selected
from .checking.archive import select as select
from .checking.correct import Correction as Correction
from .checking.correct import correct_entry as correct_entry
from .checking.edits import apply_edits as apply_edits
from .checking.fix import FixReport as FixReport
from .checking.fix import fix_text as fix_text
from .checking.matches import replay_matches as replay_matches
from .checking.position_index import PositionIndex as PositionIndex
from .checking.replay import MatchReplay as MatchReplay
from .checking.replay import MatchStatus as MatchStatus
from .checking.replay import PlyKind as PlyKind
from .checking.replay import replay_match as replay_match
from .checking.standings import Standings as Standings
from .checking.standings import standings as standings
from .checking.statistics import Statistics as Statistics
from .checking.statistics import statistics as statistics
from .checking.validate import validate_file as validate_file
from .checking.validate import validate_text as validate_text
from .diagnostics import Diagnostic as Diagnostic
from .diagnostics import Edit as Edit
from .diagnostics import Kind as Kind
from .diagnostics import Severity as Severity
from .diagnostics import edit_from_json as edit_from_json
from .diagnostics import edit_to_json as edit_to_json
from .drawing.html import html_page as html_page
from .engine.board import Colour as Colour
from .engine.board import Direction as Direction
from .engine.board import Side as Side
from .engine.board import Square as Square
from .engine.board import parse_square as parse_square
from .engine.board import square_name as square_name
from .engine.match import Fill as Fill
from .engine.match import Match as Match
from .engine.match import RoundResult as RoundResult
from .engine.match import fill as fill
from .engine.match import lineup as lineup
from .engine.position import Move as Move
from .engine.position import Outcome as Outcome
from .engine.position import Position as Position
from .engine.position import RoundEnd as RoundEnd
from .engine.position import Tower as Tower
from .engine.position import WrittenMove as WrittenMove
from .errors import ArgumentError as ArgumentError
from .errors import EngineError as EngineError
from .errors import FormatError as FormatError
from .errors import HeaderError as HeaderError
from .errors import IllegalMoveError as IllegalMoveError
from .errors import KamisadoError as KamisadoError
from .errors import MatchError as MatchError
from .errors import NoRecordsError as NoRecordsError
from .errors import NotationError as NotationError
from .errors import PlyError as PlyError
from .errors import PositionError as PositionError
from .errors import RecordIOError as RecordIOError
from .errors import SquareError as SquareError
from .errors import UnknownWord as UnknownWord
from .notation import Entry as Entry
from .notation import Form as Form
from .notation import Headers as Headers
from .notation import MatchRecord as MatchRecord
from .notation import RecordFile as RecordFile
from .notation import ResolvedMoves as ResolvedMoves
from .notation import format_entry as format_entry
from .notation import format_move as format_move
from .notation import format_record as format_record
from .notation import iter_headers as iter_headers
from .notation import iter_matches as iter_matches
from .notation import open_matches as open_matches
from .notation import parse_entry as parse_entry
from .notation import parse_record as parse_record
from .notation import read_json_record as read_json_record
from .notation import read_record as read_record
from .notation import record_from_json as record_from_json
from .notation import record_paths as record_paths
from .notation.formats import parse_position as parse_position
from .notation.formats import reading_as as reading_as
from .play.analyse import MatchAnalysis as MatchAnalysis
from .play.analyse import MoveJudgement as MoveJudgement
from .play.analyse import RoundSummary as RoundSummary
from .play.analyse import analyse as analyse
from .play.analyse import annotate as annotate
from .play.client import EngineAnalysis as EngineAnalysis
from .play.client import EngineClient as EngineClient
from .play.recorder import Recorder as Recorder
from .play.solve import MoveValue as MoveValue
from .play.solve import Solution as Solution
from .play.solve import solve as solve
from .play.solve import solve_moves as solve_moves

__version__: str
__all__ = [
    "ArgumentError",
    "Colour",
    "Correction",
    "Criteria",
    "Diagnostic",
    "Direction",
    "Edit",
    "EngineAnalysis",
    "EngineClient",
    "EngineError",
    "Entry",
    "Fill",
    "FixReport",
    "Form",
    "FormatError",
    "HeaderError",
    "Headers",
    "IllegalMoveError",
    "KamisadoError",
    "Kind",
    "Match",
    "MatchAnalysis",
    "MatchError",
    "MatchRecord",
    "MatchReplay",
    "MatchStatus",
    "Move",
    "MoveJudgement",
    "MoveValue",
    "NoRecordsError",
    "NotationError",
    "Outcome",
    "PlyError",
    "PlyKind",
    "Position",
    "PositionError",
    "PositionIndex",
    "RecordFile",
    "RecordIOError",
    "Recorder",
    "ResolvedMoves",
    "RoundEnd",
    "RoundResult",
    "RoundSummary",
    "Selected",
    "Severity",
    "Side",
    "Solution",
    "Square",
    "SquareError",
    "Standings",
    "Statistics",
    "Tower",
    "UnknownWord",
    "WrittenMove",
    "__version__",
    "analyse",
    "annotate",
    "apply_edits",
    "correct_entry",
    "edit_from_json",
    "edit_to_json",
    "fill",
    "fix_text",
    "format_entry",
    "format_move",
    "format_record",
    "html_page",
    "iter_headers",
    "iter_matches",
    "lineup",
    "open_matches",
    "parse_entry",
    "parse_position",
    "parse_record",
    "parse_square",
    "read_json_record",
    "read_record",
    "reading_as",
    "record_from_json",
    "record_paths",
    "replay_match",
    "replay_matches",
    "select",
    "solve",
    "solve_moves",
    "square_name",
    "standings",
    "statistics",
    "validate_file",
    "validate_text",
]
