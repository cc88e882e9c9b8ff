"""An entry built by hand with a slot missing (the reader never makes one) cannot be
written: the writer says so with a :class:`FormatError`, it does not crash."""

from __future__ import annotations

import pytest

from kamisado_notation.engine.board import Colour, Direction, parse_square
from kamisado_notation.errors import FormatError
from kamisado_notation.notation.record import Entry
from kamisado_notation.notation.writer import Form, format_entry


@pytest.mark.parametrize("form", [Form.SYMBOLS, Form.TEXT, Form.SHORT])
def test_a_colour_entry_without_its_square_colour(form: Form) -> None:
    entry = Entry(1, 1, tower=Colour.PURPLE, direction=Direction.LEFT, distance=5)
    with pytest.raises(FormatError, match="colour of the square"):
        format_entry(entry, form=form)


@pytest.mark.parametrize("form", [Form.SYMBOLS, Form.TEXT, Form.SHORT])
def test_a_moving_colour_entry_without_a_direction(form: Form) -> None:
    entry = Entry(1, 1, tower=Colour.PURPLE, distance=5, square_colour=Colour.YELLOW)
    with pytest.raises(FormatError, match="needs a direction"):
        format_entry(entry, form=form)


def test_a_blocked_tower_needs_no_direction() -> None:
    entry = Entry(1, 1, tower=Colour.PURPLE, distance=0, square_colour=Colour.YELLOW)
    assert format_entry(entry, form=Form.SHORT) == "Pu 0 Ye"
    assert format_entry(entry, form=Form.SYMBOLS) == "紫0黃"


def test_a_coordinate_entry_without_its_target() -> None:
    entry = Entry(1, 1, origin=parse_square("d8"))
    with pytest.raises(FormatError, match="needs both squares"):
        format_entry(entry, form=Form.COORDS)
    assert format_entry(Entry(1, 1, origin=parse_square("d4"), target=parse_square("d5"), push_mark=True), form=Form.COORDS) == "d4-d5*"
