"""``kamisado standings``: what its tally keeps of the matches it counts."""

from __future__ import annotations

from kamisado_notation import read_record
from kamisado_notation.checking.standings import EventTally, Tally
from kamisado_notation.checking.validate import validate_paths
from tests.support.paths import SAMPLES

_COPIES = 30


def _counted(tally: Tally | EventTally) -> None:
    for _ in range(_COPIES):  # (one file read thirty times: thirty matches between Alain and Johan)
        for fv in validate_paths([str(SAMPLES / "standard-match.kmr")]):
            tally.add_file(fv)


def test_the_command_keeps_no_place_of_a_match() -> None:
    """The command's tables (``--json``, the table, CSV) say each result, never where it
    was read: its tally keeps the results and no place (it kept a path and a line for
    each result, about 70 bytes a match, for nothing)."""
    tally = EventTally(None)
    _counted(tally)
    [(_name, table)] = tally.standings()
    assert table.counted == _COPIES
    assert [len(results) for row in table.crosstable.values() for results in row.values()] == [_COPIES, _COPIES]
    assert table.places == {}


def test_the_page_keeps_where_each_result_was_read() -> None:
    """The web page links each result of its crosstable to its match: its tally keeps
    one place a result."""
    tally = Tally(keep_places=True)
    _counted(tally)
    table = tally.standings()
    assert [len(places) for row in table.places.values() for places in row.values()] == [_COPIES, _COPIES]
    path = str(SAMPLES / "standard-match.kmr")
    where = {place for row in table.places.values() for places in row.values() for place in places}
    assert where == {(path, read_record(path).matches[0].line)}
