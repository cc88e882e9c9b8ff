"""The slips of a row or a round have one home: each slip's module registers what it
recognises, where it may start, the rule and severity it is reported with, its
precedence and why, and how a person makes it; the replay's search
(:func:`~kamisado_notation.checking.slips.explain`) tries exactly what is registered,
this test plants every registered slip, and the docs' table of slips (docs/slips.md)
is the registry's."""

from __future__ import annotations

import random

import pytest

from kamisado_notation import Kind, validate_text
from kamisado_notation.checking.slips import Place, Recogniser, recognisers
from kamisado_notation.checking.slips.table import BEGIN, END, slip_table
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match
from tests.support.paths import DOCS

STYLES = [(Form.TEXT, "en"), (Form.SHORT, "de"), (Form.COORDS, "en")]


def test_each_kind_is_registered_once_in_a_clear_order() -> None:
    found = recognisers()
    kinds = [r.kind for r in found]
    assert len(set(kinds)) == len(kinds)
    precedences = [r.precedence for r in found]
    assert precedences == sorted(set(precedences))  # distinct, and tried in that order
    for r in found:
        assert Place.STOP in r.starts, r.kind  # (where the round went wrong: every slip is tried there)
        assert r.why and r.rule


def _planted(r: Recogniser, seed: int, style: tuple[Form, str]) -> str | None:
    """A generated match in ``style`` with ``r``'s slip planted in one of its rounds."""
    form, lang = style
    match = generate_match(random.Random(seed), target=3, coords=form is Form.COORDS)
    text = format_record(RecordFile("<t>", matches=[match]), form=form, lang=lang)
    rng = random.Random(seed)
    rounds = list(parse_record(text).matches[0].rounds)
    rng.shuffle(rounds)
    return next((p.text for rnd in rounds if (p := r.plant(text, rnd, rng, style)) is not None), None)


@pytest.mark.parametrize("r", recognisers(), ids=lambda r: r.kind.value)
def test_each_registered_slip_is_found_where_it_is_planted_with_its_own_rule(r: Recogniser) -> None:
    named = []
    for style in STYLES:
        for seed in range(3):
            text = _planted(r, seed, style)
            if text is not None:
                named += [d for d in validate_text(text, path="t.kmr").all_diagnostics() if d.kind is r.kind]
    assert named, r.kind
    # reported as it declares, wherever it was found (the stop, a doubtful entry, a gap, the round's start)
    assert {(d.rule, d.severity) for d in named} == {(r.rule, r.severity)}


def test_the_docs_table_of_slips_is_the_registry() -> None:
    page = (DOCS / "slips.md").read_text(encoding="utf-8")
    shown = page.partition(BEGIN + "\n")[2].partition("\n" + END)[0]
    assert shown == slip_table(), "docs/slips.md's table differs from the registry: run python3 docs/make_slip_table.py"


def test_every_kind_is_documented_in_the_json_list_or_the_table_of_slips() -> None:
    listed = (DOCS / "json-record.md").read_text(encoding="utf-8") + (DOCS / "slips.md").read_text(encoding="utf-8")
    assert [k.value for k in Kind.every() if k is not Kind.NONE and f"`{k.value}`" not in listed] == []


def test_a_slip_declares_its_own_kind_outside_the_class_body() -> None:
    declared = Kind.declare("a-slip-of-this-test")
    assert declared is Kind("a-slip-of-this-test") is Kind.declare("a-slip-of-this-test")
    assert declared == "a-slip-of-this-test" and str(declared) == "a-slip-of-this-test" and declared in Kind.every()
    assert Kind.declare("swapped-row") is Kind.SWAPPED_ROW  # (a member declared again is the member)
    with pytest.raises(ValueError):
        Kind("a-slip-nobody-declared")
