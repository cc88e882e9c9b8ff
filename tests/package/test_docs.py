"""The documentation's examples run: the README's library example and the ``>>>``
examples in the package's docstrings (run from the repository's root, where the
examples' sample paths are)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kamisado_notation
from tests.support.paths import ROOT

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(kamisado_notation.__path__, "kamisado_notation.")
    if not m.name.startswith("kamisado_notation.cli")
)


def test_the_readme_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_the_library_reference_runs_and_names_every_public_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """``docs/library.md``: every example runs, and every public name (and the names a
    user otherwise finds only by reading code) has its entry."""
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs/library.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 60 and result.failed == 0
    text = (ROOT / "docs/library.md").read_text(encoding="utf-8")
    missing = [name for name in kamisado_notation.__all__ if f"`{name}" not in text]
    assert missing == []
    for name in ("svg.board", "Position.from_string", "`start`", "position_at", "perft", "copy(stack=True)", "outcome()"):
        assert name in text, name


@pytest.mark.parametrize("name", ["kamisado_notation", *MODULES])
def test_docstring_examples_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_main_functions_have_examples() -> None:
    from kamisado_notation import notation
    from kamisado_notation.checking import replay, validate
    from kamisado_notation.engine import perft
    from kamisado_notation.engine.position import Position

    main_calls = (
        kamisado_notation, notation.parse_record, notation.read_record, notation.open_matches, notation.iter_matches,
        notation.parse_entry, notation.format_move, notation.format_entry, notation.format_record, replay.replay_match,
        validate.validate_text, validate.validate_file, Position.from_string, Position.legal_moves, Position.resolve,
        Position.play_ordinary, perft.perft,
    )
    for function in main_calls:
        assert ">>>" in (function.__doc__ or ""), function
