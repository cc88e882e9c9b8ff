"""Validation of annotated records against the same records without comments, in CPU
time, in the same run.

    python3 bench/bench_comments.py [--matches 200] [--runs 7] [--every 10]

Corpus: ``--matches`` generated Marathon matches in the text form; then the same with a
comment on every ``--every``-th row, once a braced one after the first entry
(``1. Purple Forward 3 Blue {a fine move}  Blue Forward 6 Brown``) and once a ``#`` one
at the end of the row. Each figure is the CPU time of
:func:`~kamisado_notation.checking.validate.validate_file` (as ``kamisado validate`` calls it,
the collector tuned as the CLI tunes it, garbage collected before each run), the median
of ``--runs`` interleaved runs; the ratio is against the plain file of the same run.
Before issue 11's session 5 a braced comment sent its match to the full path and its
line to the grammar (``{…}`` on one row in ten: 8.2× the plain file's time).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench_validate import cpu  # the same timing: CPU time, garbage collected first

from kamisado_notation.checking.validate import validate_file
from kamisado_notation.cli.common import tune_gc
from kamisado_notation.engine.match import MATCH_TARGETS
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def corpora(matches: int, every: int) -> dict[str, str]:
    """The plain text and its two annotated versions."""
    games = [
        generate_match(random.Random(i), target=MATCH_TARGETS["marathon"], index=i + 1) for i in range(matches)
    ]
    plain = "\n".join(format_record(RecordFile("<bench>", matches=[m]), form=Form.TEXT) for m in games)
    braced, hashed = [], []
    rows = 0
    for line in plain.split("\n"):
        b = h = line
        if line[:1].isdigit() and "  " in line:
            rows += 1
            if rows % every == 0:
                first, rest = line.split("  ", 1)
                b = f"{first} {{a fine move}}  {rest.lstrip()}"
                h = f"{line}  # a fine move"
        braced.append(b)
        hashed.append(h)
    return {"plain": plain, "braced": "\n".join(braced), "#": "\n".join(hashed)}


def run(path: str, matches: int) -> None:
    report = validate_file(path)
    assert report.valid and len(report.matches) == matches, report.all_diagnostics()[:3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for option, default in (("--matches", 200), ("--runs", 7), ("--every", 10)):
        parser.add_argument(option, type=int, default=default)
    args = parser.parse_args()
    tune_gc()
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        jobs = {}
        for name, text in corpora(args.matches, args.every).items():
            path = os.path.join(tmp, f"{name}.kmr")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            jobs[name] = functools.partial(run, path, args.matches)
            jobs[name]()  # warm: the caches of entry texts filled
        for _ in range(args.runs):
            for name, job in jobs.items():
                times.setdefault(name, []).append(cpu(job))  # (garbage collected first)
    med = {name: statistics.median(ts) for name, ts in times.items()}
    print(f"{args.matches} Marathon matches, text form, a comment on every {args.every}th row; "
          f"CPU time, median of {args.runs} runs")
    print(f"{'comments':10} {'validate ms':>12} {'x plain':>8}")
    for name, t in med.items():
        print(f"{name:10} {t * 1e3:12.1f} {t / med['plain']:8.2f}")


if __name__ == "__main__":
    main()
