"""The engine's doors to text: how it reads and writes one move as text without knowing
text (``Position.parse_move``, ``Position.play_text``, ``Move.text``).

A :class:`Door` is a service of an upper layer that the engine calls but never imports:
the notation's reader and writer of single moves, which
:mod:`kamisado_notation.checking.moves` installs when it is imported
(:func:`~.position.install_text_doors`). What imports it on first use is set by the
package's façade in :mod:`kamisado_notation.wiring`, so nothing in the engine names a
layer above it (docs/architecture.md, *The layers*).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from ..wiring import load_text_doors

__all__ = ["Door"]

_Service = TypeVar("_Service")


class Door(Generic[_Service]):
    """One service installed from above (``what`` names it in the error when none is)."""

    __slots__ = ("_service", "_what")

    def __init__(self, what: str) -> None:
        self._service: _Service | None = None
        self._what = what

    def install(self, service: _Service) -> None:
        self._service = service

    def __call__(self) -> _Service:
        """The installed service, loading the layer that installs it on first use."""
        if self._service is None:  # the layer above installs it, loaded as the package wired it
            load_text_doors()
        if self._service is None:  # pragma: no cover - only without the package's façade
            raise RuntimeError(f"no {self._what} is installed (the checking layer's moves module installs it)")
        return self._service
