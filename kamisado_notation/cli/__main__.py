"""``python -m kamisado_notation.cli``: the ``kamisado`` command, as the console script
starts it."""

from kamisado_notation.cli import console

if __name__ == "__main__":
    console()
