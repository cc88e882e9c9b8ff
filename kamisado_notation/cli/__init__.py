"""The ``kamisado`` command line (typer), on top of every other layer: it parses the
arguments, calls the library and shows the results. Each command lives in its own module
and imports the library only when it runs, so start-up stays short."""
