"""The recording page: one self-contained offline page that scores a match by taps on a
phone (``kamisado record --page OUT.html``)."""

from __future__ import annotations

__all__ = ["recording_page"]


def recording_page() -> str:
    """The page's HTML text."""
    raise NotImplementedError
