"""The ``kamisado`` application: the commands of SPEC §6, registered from their modules
in the order SPEC lists them."""

from __future__ import annotations

from typing import Optional

import typer

from . import convert, draw, engine
from . import validate as validate_cli

app = typer.Typer(
    name="kamisado",
    help="Read, validate, convert and draw Kamisado match records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"kamisado-notation {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Optional[bool] = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Read, validate, convert and draw Kamisado match records."""


app.command()(validate_cli.validate)
app.command()(convert.convert)
app.command()(draw.show)
app.command()(draw.lineup)
app.command()(engine.moves)
app.command()(draw.replay)
app.command()(validate_cli.generate)
app.command()(engine.perft)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
