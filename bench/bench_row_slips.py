"""Time per round of validating a match with a slip of a whole row in every round, at two
sizes: the replay's hypotheses at each stop must keep the time linear in the record.

A generated match (``--target`` points, a Marathon by default) and one ``--factor``
times longer (its target that many times higher) are written in the text form; in every
round one slip is planted in turn: the two entries of a row swapped, a row written
twice, every distance one too many, none, the ``Round`` line left out (after the round
without a slip, which its entries then run on from). Each is validated as users run it
(``validate_text``); printed: CPU seconds per round (``time.process_time``, median of
``--runs``) with and without the slips, the cost of the slips as a ratio to the clean
record at the same size, and the ratio of the per-round times of the two sizes (about
1.0 when the time is linear in the rounds, about ``--factor`` when it is quadratic).
Figures are ratios measured in the same run, never absolute targets.

    python3 bench/bench_row_slips.py [--target 15] [--factor 4] [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.engine.board import Direction
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Entry, RecordFile, RoundRecord
from kamisado_notation.notation.writer import Form, format_entry, format_record
from kamisado_notation.play.generate import generate_match


def written(seed: int, target: int) -> str:
    match = generate_match(random.Random(seed), target=target)
    return format_record(RecordFile("<bench>", matches=[match]), form=Form.TEXT, lang="en")


def rows(rnd: RoundRecord) -> list[int]:
    """The rows of ``rnd`` written on a line of their own (Black's entry and Gold's)."""
    es = rnd.entries
    return [k for k in range(0, len(es) - 1, 2) if not es[k].placeholder and es[k].line == es[k + 1].line]


def slipped(text: str) -> tuple[str, int]:
    """``text`` with a slip planted in every round where one fits, and how many."""
    (match,) = parse_record(text).matches
    lines = text.split("\n")
    edits: list[tuple[Entry, str]] = []
    twice: list[int] = []
    left_out: list[int] = []
    for n, rnd in enumerate(match.rounds):
        found = rows(rnd)
        kind = n % 5
        if kind == 0 and found:
            a, b = rnd.entries[found[-1]], rnd.entries[found[-1] + 1]
            edits += [(a, b.text), (b, a.text)]
        elif kind == 1 and len(found) > 1:
            twice.append(rnd.entries[found[1]].line)
        elif kind == 2:
            edits += [
                (e, format_entry(replace(e, distance=(e.distance or 0) + 1), form=Form.TEXT, lang="en"))
                for e in rnd.entries
                if e.distance and e.direction is not Direction.BACK
            ]
        elif kind == 4:
            left_out.append(rnd.line)
    for entry, new in sorted(edits, key=lambda c: (c[0].line, -c[0].column)):
        line = lines[entry.line - 1]
        start = entry.column - 1
        lines[entry.line - 1] = line[:start] + new + line[start + len(entry.text) :]
    for number, twice_over in sorted([(n, True) for n in twice] + [(n, False) for n in left_out], reverse=True):
        if twice_over:
            lines.insert(number, lines[number - 1])
        else:
            del lines[number - 1]
    return "\n".join(lines), len(match.rounds)


def per_round(text: str, rounds: int, runs: int) -> float:
    """Median CPU seconds per round of validating ``text``."""
    times = []
    for _ in range(runs):
        t = time.process_time()
        validate_text(text)
        times.append(time.process_time() - t)
    return statistics.median(times) / rounds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", type=int, default=15, help="the smaller match's target (15: a Marathon)")
    ap.add_argument("--factor", type=int, default=4, help="the larger match's target is this many times higher")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    figures = []
    for target in (args.target, args.target * args.factor):
        clean = written(args.seed, target)
        text, rounds = slipped(clean)
        report = validate_text(text)
        found = sum(1 for d in report.all_diagnostics() if d.kind in ("swapped-row", "repeated-row", "distance-plus-one", "missing-round"))
        slips, plain = per_round(text, rounds, args.runs), per_round(clean, rounds, args.runs)
        figures.append(slips)
        print(
            f"target {target:4d}: {rounds:4d} rounds, {found:4d} slips named; "
            f"{slips * 1e3:7.2f} ms a round with slips, {plain * 1e3:6.2f} clean ({slips / plain:5.1f}x)"
        )
    print(f"per-round time, {args.factor}x the rounds: {figures[1] / figures[0]:.2f}x (1.0: linear)")


if __name__ == "__main__":
    main()
