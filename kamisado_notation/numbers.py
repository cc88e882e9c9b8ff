"""Numbers read from text and limits given to a call: the one reader every protocol line,
option and command-line limit goes through (docs/engines.md, "Numbers").

A number written in text is ASCII digits only (``str.isdigit`` takes ``²`` and ``int``
takes ``٣``, which no engine or user means as a count), at most :data:`MAX_DIGITS` of
them (a 5,000-digit count is an attack, not a count, and ``int`` refuses it with a
``ValueError``), so it is always finite and fits in 63 bits. A limit given as a Python
value (a move time, a timeout) is a finite number within the range a wait can take
(``queue.Queue.get`` raises ``OverflowError`` past :data:`threading.TIMEOUT_MAX`, and
waits for ever on ``nan``). What does not fit is ``None`` from a reader of text, and an
:class:`~kamisado_notation.errors.ArgumentError` from a check of a value.
"""

from __future__ import annotations

import math
import re

from .errors import ArgumentError

__all__ = ["MAX_DIGITS", "MAX_MS", "MAX_SECONDS", "checked_count", "checked_seconds", "read_decimal", "read_whole"]

#: The most digits a number read from text may have.
MAX_DIGITS = 18
#: The longest wait or move time (seconds, and in milliseconds): 30 days.
MAX_SECONDS = 30 * 24 * 3600
MAX_MS = MAX_SECONDS * 1000

_WHOLE = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(f"[-+]?[0-9]{{1,{MAX_DIGITS}}}")
_DECIMAL = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}(?:[.][0-9]{{0,{MAX_DIGITS}}})?")


def read_whole(text: str, *, signed: bool = False) -> int | None:
    """The whole number ``text`` writes (``signed``: a ``-`` or ``+`` may come first), or ``None``
    when it is not one: any character but ASCII digits, or more than :data:`MAX_DIGITS`.

    >>> read_whole("250"), read_whole("²"), read_whole("-3"), read_whole("-3", signed=True)
    (250, None, None, -3)
    """
    return int(text) if (_SIGNED if signed else _WHOLE).fullmatch(text) else None


def read_decimal(text: str) -> float | None:
    """The number of at least 0 that ``text`` writes with a decimal point or without
    (``60``, ``0.5``, ``2.``), or ``None`` when it is not one (a sign, an exponent,
    ``inf``, ``nan``, a character but ASCII digits, more than :data:`MAX_DIGITS` digits
    on a side of the point).

    >>> read_decimal("0.5"), read_decimal("1e9"), read_decimal("nan"), read_decimal("1" * 400)
    (0.5, None, None, None)
    """
    return float(text) if _DECIMAL.fullmatch(text) else None


def checked_count(value: object, name: str, *, least: int = 1, most: int = 10**MAX_DIGITS - 1) -> int:
    """``value`` when it is a whole number (an ``int``, not a ``bool``) from ``least`` to
    ``most``; :class:`ArgumentError` naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ArgumentError(f"{name} is a whole number from {least} to {most}, not {value!r}")
    return value


def checked_seconds(value: object, name: str, *, most: float = MAX_SECONDS) -> float:
    """``value`` as seconds to wait when it is a finite number above 0 and at most
    ``most`` (an ``int`` or a ``float``, not a ``bool``); :class:`ArgumentError` naming
    ``name`` otherwise (``nan`` would wait for ever, ``inf`` overflows a wait)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not (math.isfinite(value) and 0 < value <= most):
        raise ArgumentError(f"{name} is a number of seconds above 0 and at most {most:.10g}, not {value!r}")
    return float(value)
