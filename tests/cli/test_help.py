"""Every command's ``--help`` as a user reads it: the docstring's paragraphs reflowed to
the terminal (never broken where the source's lines happen to end), nothing wider than
an 80-column terminal."""

from __future__ import annotations

import inspect
import itertools
import re

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from kamisado_notation.cli.app import COMMANDS, app

runner = CliRunner()


def help_of(name: str, columns: int) -> str:
    result = runner.invoke(app, [name, "--help"], env={"NO_COLOR": "1", "COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_paragraph_of_the_help_is_one_line_on_a_wide_terminal(name: str) -> None:
    # at 1000 columns no paragraph needs wrapping: a line break inside one is the source's
    out = help_of(name, 1000)
    paragraphs = inspect.cleandoc(COMMANDS[name].__doc__ or "").split("\n\n")
    assert paragraphs != [""]
    lines = [line.strip() for line in out.splitlines()]
    for paragraph in paragraphs:
        assert " ".join(paragraph.split()) in lines, (name, paragraph)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_help_fits_an_80_column_terminal_and_fills_its_lines(name: str) -> None:
    out = help_of(name, 80)
    assert max(cell_len(line) for line in out.splitlines()) <= 80
    # the description above the boxes: a line ends early only where its paragraph ends
    description = out.split("╭")[0].split("Usage:")[1]
    for paragraph in re.split(r"\n\s*\n", description)[1:]:
        text = [line.strip() for line in paragraph.splitlines() if line.strip()]
        for line, following in itertools.pairwise(text):
            assert len(line) + 1 + len(following.split()[0]) > 78, (name, line, following)
