"""Hypothesis profiles: ``ci`` is derandomized (the same examples on every run, so a
submission never fails on an example nobody changed) and draws half of Hypothesis's
default 100 examples where a test does not say how many (CI stays well under 15
minutes); ``explore`` draws new examples each run, 100 by default, and keeps failures
in the local example database, for developers hunting for new cases. ``HYPOTHESIS_PROFILE`` chooses; by default CI (``CI`` set) runs ``ci``
and a developer's machine ``explore``."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=50,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))


def _build_each_application_once() -> None:
    """typer's ``CliRunner.invoke`` builds the whole command tree of the application
    (every subcommand's parameters, from their annotations) on each call, which was
    most of the time of a test of the command line; the tree is the same each time (the
    application's commands are registered at import), so it is built once per
    application. (``typer.testing`` names its builder ``_get_command``: if a later
    typer renames it, the tests run as before, only slower.)"""
    import functools

    import typer.main
    import typer.testing

    if hasattr(typer.testing, "_get_command"):
        typer.testing._get_command = functools.cache(typer.main.get_command)


_build_each_application_once()


@pytest.fixture(autouse=True)
def _first_reading_alone(request: pytest.FixtureRequest) -> Iterator[None]:
    """The tests of the reader judge a record by the first reading alone: the reading of
    a match again against the legal moves (kamisado_notation.checking.reread), which
    ``validate`` and ``fix`` add where the first reading could not judge a match, is
    tested by the tests marked ``reads_again`` (tests/checking/test_aligned.py). (The
    command line run in a process of its own reads again, as a user's does.)"""
    from kamisado_notation.checking.validate import first_reading_only

    if request.node.get_closest_marker("reads_again") is not None:
        yield
        return
    first_reading_only()
    try:
        yield
    finally:
        first_reading_only(False)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "reads_again: the test judges records with the reading against the legal moves too")
