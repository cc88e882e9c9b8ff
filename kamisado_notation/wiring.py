"""Where the package wires a service of an upper layer into a lower one that must not
import it.

The engine knows no text, yet ``Position.parse_move``, ``Position.play_text`` and
``Move.text`` read and write one move as text (README, *The library*). The checking
layer offers that reader and writer (:mod:`kamisado_notation.checking.moves`) and installs
them into the engine as doors (:class:`~kamisado_notation.engine.position.TextDoors`).
What loads that layer on first use is set here by the package's façade
(``kamisado_notation/__init__.py``, above every layer), so no module below it names a
layer above its own. Nothing is loaded before a move is first read or written as text.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["load_text_doors", "set_text_doors_loader"]

#: What loads the layer that installs the text doors (set once by the façade).
_LOADER: list[Callable[[], object]] = []


def set_text_doors_loader(loader: Callable[[], object]) -> None:
    """Make ``loader`` what :func:`load_text_doors` runs."""
    _LOADER[:] = [loader]


def load_text_doors() -> bool:
    """Run the loader of the text doors; ``False`` when none is set."""
    if not _LOADER:
        return False
    _LOADER[0]()
    return True
