"""The ``kamisado`` application: the commands of SPEC §6, registered from their modules
in the order SPEC lists them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

import typer

from . import convert, draw, engine, fix
from . import validate as validate_cli
from .common import tune_gc

#: The commands, in the order SPEC §6 lists them.
COMMANDS: dict[str, Callable[..., None]] = {
    "validate": validate_cli.validate,
    "convert": convert.convert,
    "show": draw.show,
    "lineup": draw.lineup,
    "moves": engine.moves,
    "replay": draw.replay,
    "generate": validate_cli.generate,
    "fix": fix.fix,
    "perft": engine.perft,
}


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"kamisado-notation {__version__}")
        raise typer.Exit()


def _main(
    version: bool | None = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Read, validate, convert and draw Kamisado match records."""


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The ``kamisado`` application with the commands ``names`` (all by default)."""
    application = typer.Typer(
        name="kamisado",
        help="Read, validate, convert and draw Kamisado match records.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    application.callback()(_main)
    for name in names:
        application.command(name)(COMMANDS[name])
    return application


app = make_app()


def main() -> None:
    """The console script. Typer reads every command's signature before it runs one, so
    when the command is named (the usual case) only that command is built: start-up is
    what a user feels on every call. Anything else (``--help``, a typo) gets the full app."""
    tune_gc()
    name = sys.argv[1] if len(sys.argv) > 1 else None
    (make_app([name]) if name in COMMANDS else app)()


if __name__ == "__main__":
    main()
