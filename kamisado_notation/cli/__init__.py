"""The ``kamisado`` command line (typer). Each command lives in its own module and
imports the library only when it runs, so start-up stays short."""
