"""Hypothesis profiles: ``ci`` is derandomized (the same examples on every run, so a
submission never fails on an example nobody changed) and draws half of Hypothesis's
default 100 examples where a test does not say how many (CI stays well under 15
minutes); ``explore`` draws new examples each run, 100 by default, and keeps failures
in the local example database, for developers hunting for new cases. ``HYPOTHESIS_PROFILE`` chooses; by default CI (``CI`` set) runs ``ci``
and a developer's machine ``explore``."""

from __future__ import annotations

import os

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
