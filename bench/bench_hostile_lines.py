"""Time per MB of hostile line shapes at two sizes: reading must be linear in a line's length.

Each shape is one line of a record (after a ``Round 1`` line, before a good entry line),
read by ``parse_record`` as users run it (the whole-line fast paths on; ``--general``
sends every line through the general path, inside ``general_paths()``). For each shape the CPU time
per MB (``time.process_time``, median of ``--runs``) at ``--mb`` MB and at ``--factor``
times that, and their ratio: about 1.0 when reading is linear, about ``--factor`` when it
is quadratic. Also the peak of Python's allocations while reading the smaller line
(``tracemalloc``, one run) as a multiple of the line's length.

    python3 bench/bench_hostile_lines.py [--mb 0.5] [--factor 4] [--runs 3] [--general]

The shapes (issue #9): unclosed ``{`` (``{{{…``), escaped quotes in a header that never
closes (``[Event "\\"\\"…``) and one that does, ``[a [a …`` (an opening header after
another), one long header value, and a line of entries with braced comments between
them. Figures are ratios measured in the same run, never absolute targets.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.notation import parse_record
from kamisado_notation.notation.kmr.fast_paths import general_paths

#: shape → the line of about ``size`` characters
SHAPES: dict[str, Callable[[int], str]] = {
    "unclosed {": lambda size: "{" * size,
    "escaped quotes, unclosed": lambda size: '[Event "' + '\\"' * (size // 2),
    "escaped quotes, closed": lambda size: '[Event "' + '\\"' * (size // 2) + '"]',
    "[a [a …": lambda size: "[a " * (size // 3),
    "long header value": lambda size: '[Event "' + "x" * size + '"]',
    "entries {comments}": lambda size: "Pu L5 Ye {c} " * (size // 13),
}


def record_text(line: str) -> str:
    return "Round 1\n" + line + "\nPu L5 Ye\n"


def parse(text: str, fast: bool) -> None:
    """Read ``text`` with the fast paths, or with every line read by the grammar."""
    if fast:
        parse_record(text)
        return
    with general_paths():
        parse_record(text)


def cpu_seconds(text: str, fast: bool) -> float:
    t = time.process_time()
    parse(text, fast)
    return time.process_time() - t


def per_mb(line: str, fast: bool, runs: int) -> float:
    """Median CPU seconds per MB of ``line`` read in a record."""
    text = record_text(line)
    return statistics.median(cpu_seconds(text, fast) for _ in range(runs)) / (len(line) / 1e6)


def peak_multiple(line: str, fast: bool) -> float:
    """Peak Python allocations while reading ``line`` in a record, over its length."""
    text = record_text(line)
    tracemalloc.start()
    parse(text, fast)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / len(line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=0.5, help="the smaller line's size in MB")
    ap.add_argument("--factor", type=int, default=4, help="the larger line is this many times longer")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--general", action="store_true", help="the general path only (general_paths)")
    ap.add_argument("--no-memory", action="store_true", help="skip the tracemalloc run")
    args = ap.parse_args()
    fast = not args.general
    small = int(args.mb * 1e6)
    parse(record_text("Pu L5 Ye"), fast)  # build the parser before timing
    print(f"time per MB at {small / 1e6:g} MB and {small * args.factor / 1e6:g} MB "
          f"(CPU, median of {args.runs}), {'general path only' if args.general else 'fast paths on'}")
    print(f"{'shape':<26} {'s/MB small':>11} {'s/MB large':>11} {'ratio':>6} {'peak mem':>9}")
    for name, make in SHAPES.items():
        a = per_mb(make(small), fast, args.runs)
        b = per_mb(make(small * args.factor), fast, args.runs)
        mem = "" if args.no_memory else f"{peak_multiple(make(small), fast):8.1f}x"
        print(f"{name:<26} {a:11.4f} {b:11.4f} {b / a:6.2f} {mem:>9}")


if __name__ == "__main__":
    main()
