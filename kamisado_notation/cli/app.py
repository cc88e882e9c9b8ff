"""The ``kamisado`` application: the commands of SPEC §6, registered from their modules."""

from __future__ import annotations

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

app.command()(engine.moves)
app.command()(engine.perft)
app.command()(convert.convert)
app.command()(draw.show)
app.command()(draw.replay)
app.command()(draw.lineup)
app.command()(validate_cli.validate)
app.command()(validate_cli.generate)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
