"""The slips of a row or a round have one home: each family module registers what it
recognises, and the replay's search (:func:`~kamisado_notation.checking.slips.explain`)
tries exactly what is registered."""

from __future__ import annotations

from test_round_styles import KINDS as ROUND_STYLES
from test_round_styles import plant as plant_style
from test_row_slips import KINDS, STYLES, plant

from kamisado_notation import Kind, validate_text
from kamisado_notation.checking.slips import recognisers

#: the planted slips of tests/test_row_slips.py that the search of a row or round finds
#: (the others are Round and Lineup line slips, found where the replay starts a round)
SEARCHED = {"swapped-row", "repeated-row", "missing-row", "extra-placeholder", "missing-back-entry", "mirrored-arrows", "distance-plus-one"}
#: and those of tests/test_round_styles.py (a move after a round's end is no slip the
#: search finds: it is what is left when the search finds none)
SEARCHED_STYLES = {"swapped-columns", "exchanged-entries"}
#: and the evidence reader's (tests/test_evidence.py plants it: weak evidence that names
#: no move, a list's dash, a score after a round's end)
SEARCHED_EVIDENCE = {"struck-entry"}


def test_each_kind_is_registered_once_in_a_clear_order() -> None:
    found = recognisers()
    kinds = [r.kind for r in found]
    assert len(set(kinds)) == len(kinds)
    assert {k.value for k in kinds} == SEARCHED | SEARCHED_STYLES | SEARCHED_EVIDENCE
    precedences = [r.precedence for r in found]
    assert precedences == sorted(set(precedences))  # distinct, and tried in that order
    # only the slips of a whole round are tried from a round's start
    # (one player's entries exchanged too: at the start his free choice takes most as legal)
    whole = {Kind.MIRRORED_ARROWS, Kind.DISTANCE_PLUS_ONE, Kind.SWAPPED_COLUMNS, Kind.EXCHANGED_ENTRIES}
    assert {r.kind for r in found if r.whole_round} == whole


def test_each_registered_kind_is_found_where_it_is_planted() -> None:
    for kind in sorted(SEARCHED):
        planted = [p for seed in range(6) if (p := plant(kind, seed, STYLES[0], seed)) is not None]
        assert planted, kind
        named = {d.kind for _original, p in planted for d in validate_text(p.text, path="t.kmr").all_diagnostics()}
        assert Kind(kind) in named, (kind, named)
    assert SEARCHED <= set(KINDS)
    for kind in sorted(SEARCHED_STYLES):
        planted = [p for seed in range(6) if (p := plant_style(kind, seed, STYLES[0], seed)) is not None]
        named = {d.kind for _original, p in planted for d in validate_text(p.text, path="t.kmr").all_diagnostics()}
        assert Kind(kind) in named, (kind, named)
    assert SEARCHED_STYLES <= set(ROUND_STYLES)
