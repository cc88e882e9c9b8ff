"""The second hostile round (issue 20): limits, faults and misuse, each through the entry
point a user or a caller meets. A subprocess where the fault is the process's own
(resource limits, signals, another user); another user is ``nobody`` through
``setpriv``, which needs root (skipped otherwise)."""

from __future__ import annotations

import inspect
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kamisado_notation
from kamisado_notation import errors
from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import Diagnostic
from kamisado_notation.perft import perft

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
runner = CliRunner()

GOOD = """\
[Event "Club night"]
[Black "Ann"]
[Match "Single"]

Round 1
1. Ye L1 Ye   Ye L3 Ye
"""


def kamisado(
    *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, timeout: float = 60, **popen: object
) -> subprocess.CompletedProcess[bytes]:
    """The command line in a process of its own, this tree first on the path."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", **(env or {})}
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "kamisado_notation.cli.app", *args],
        input=stdin, capture_output=True, env=environment, timeout=timeout, check=False, **popen,
    )


def invoke(*args: str, stdin: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=stdin)


# ------------------------------------------------- 1. time linear in the diagnostics


def test_show_finds_repeated_diagnostics_without_comparing_each_with_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``show`` of a record of n syntax errors prints each once, in order, and compares
    diagnostics a number of times linear in n (a list as the "seen" set made it n²/2:
    86 s at 32,000 lines). Counted, not timed; the times are ``bench/bench_diagnostics.py``."""
    n = 1500
    path = tmp_path / "braces.kmr"
    path.write_text("[Event \"x\"]\n\nRound 1\n" + "}\n" * n, encoding="utf-8")
    compared = 0
    equal = Diagnostic.__eq__

    def counting(self: Diagnostic, other: object) -> bool:
        nonlocal compared
        compared += 1
        return equal(self, other)

    monkeypatch.setattr(Diagnostic, "__eq__", counting)
    for command in (["show", str(path)], ["lineup", str(path), "--round", "1"], ["replay", str(path)]):
        compared = 0
        r = invoke(*command, "--no-color")
        lines = [line for line in r.stderr.splitlines() if "error[syntax]" in line]
        assert [int(line.split(":")[1]) for line in lines] == list(range(4, 4 + n)), command
        assert compared < 10 * n, (command, compared)


# --------------------------------------------- 7. every error survives pickling


def _error_types() -> list[type[BaseException]]:
    """Every exception class of ``errors.py``, found by introspection: a new one is covered."""
    return [c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, BaseException) and c.__module__ == errors.__name__]


def _example(cls: type[BaseException]) -> BaseException:
    """An instance of ``cls`` with every keyword its constructor takes given a value."""
    keywords: dict[str, object] = {}
    for name, parameter in inspect.signature(cls.__init__).parameters.items():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            keywords[name] = 7 if "column" in name or "line" in name else f"the {name}"
    return cls("what went wrong", **keywords)


def test_the_error_types_are_found() -> None:
    names = {c.__name__ for c in _error_types()}
    assert {"KamisadoError", "PositionError", "IllegalMoveError", "SquareError", "OutputError"} <= names
    assert names == {n for n in errors.__all__}


@pytest.mark.parametrize("cls", _error_types(), ids=lambda c: c.__name__)
def test_every_error_round_trips_through_pickle(cls: type[BaseException]) -> None:
    error = _example(cls)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)


def _raise_illegal(rule: str) -> None:
    raise errors.IllegalMoveError("a tower may not do that", rule=rule)


def test_an_error_raised_in_a_worker_process_reaches_the_caller_as_itself() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_raise_illegal, "M2")
        with pytest.raises(errors.IllegalMoveError) as caught:
            future.result(timeout=60)
        assert pool.submit(len, "still working").result(timeout=60) == 13  # not a broken pool
    assert caught.value.rule == "M2"


# ------------------------------------------ 13. every library error is errors.py's


def test_every_error_of_errors_py_is_a_value_error() -> None:
    for cls in _error_types():
        assert issubclass(cls, ValueError), cls


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda p: p.resolve_coords(64, 0), errors.SquareError),
        (lambda p: p.resolve_coords(-1, 100), errors.SquareError),
        (lambda p: p.resolve_coords(0, 64), errors.SquareError),
        (lambda p: p.tower_at(64), errors.SquareError),
        (lambda p: p.tower_at(-1), errors.SquareError),
        (lambda p: kamisado_notation.parse_square("z9"), errors.SquareError),
        (lambda p: kamisado_notation.square_name(64), errors.SquareError),
        (lambda p: perft(p, -1), errors.ArgumentError),
        (lambda p: kamisado_notation.Position.from_string("nonsense"), errors.PositionError),
        (lambda p: p.undo(), errors.KamisadoError),
    ],
    ids=["resolve 64", "resolve -1", "resolve to 64", "tower_at 64", "tower_at -1", "z9", "name 64", "perft -1", "position", "undo"],
)
def test_a_public_call_raises_only_errors_of_errors_py(call, expected) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(errors.KamisadoError) as caught:
        call(kamisado_notation.Position.initial())
    assert type(caught.value) is expected


def test_a_square_off_the_board_is_also_an_index_error() -> None:
    with pytest.raises(IndexError):
        kamisado_notation.Position.initial().tower_at(64)
    assert kamisado_notation.Position.initial().tower_at(0) is not None  # (a1: Gold's Brown tower)


def test_fewer_than_one_worker_is_an_argument_error() -> None:
    from kamisado_notation.parallel import map_in_order

    with pytest.raises(errors.ArgumentError):
        list(map_in_order(len, ["x"], 0, work=lambda item: item))
