"""How often a row left out is found for certain, and what it costs: the share of planted
cases whose correction is certain and right, with and without the next round looked at
to tell apart the rows that fit the gap alike (:func:`kamisado_notation.checking.slips.explain`).

Generated Standard matches (``--matches`` seeds) are written in the text form; in each,
one row of a round (not its first nor its last) is left out, in every round in turn.
Each record is validated as users run it (``validate_text``); printed for both ways:
how many corrections were certain, how many of those give back the moves as played
(``kamisado fix``: they all must), and CPU seconds (``time.process_time``) for the
whole set, as a ratio. The "without" figures replace the next round's check by nothing
for the run, as before it was added.

    python3 bench/bench_missing_rows.py [--matches 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import kamisado_notation.checking.replay as replay_module
from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import PlyKind, replay_match
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def planted(seed: int) -> tuple[str, list[str]]:
    """A generated match, and the records made of it with one row left out."""
    text = format_record(RecordFile("<bench>", matches=[generate_match(random.Random(seed), target=3)]), form=Form.TEXT)
    (match,) = parse_record(text).matches
    lines = text.split("\n")
    out = []
    for rnd in match.rounds:
        rows = sorted({e.line for e in rnd.entries})
        if len(rows) < 3:
            continue
        drop = random.Random(seed * 100 + rnd.number).choice(rows[1:-1])
        out.append("\n".join(lines[: drop - 1] + lines[drop:]))
    return text, out


def moves(text: str) -> list[list[int]]:
    return [
        [p.move.origin * 64 + p.move.target for p in rr.plies if p.move and p.kind is not PlyKind.BACK]
        for m in parse_record(text).matches
        for rr in replay_match(m).rounds
    ]


def measure(cases: list[tuple[str, str]]) -> tuple[int, int, float]:
    """How many corrections were certain, how many of those give back the moves played,
    and the CPU seconds of validating every case."""
    certain = right = 0
    spent = 0.0
    for original, text in cases:
        t = time.process_time()
        report = validate_text(text)
        spent += time.process_time() - t
        if any(d.kind == "missing-row" and d.edits for d in report.all_diagnostics()):
            certain += 1
            right += moves(fix_text(text).text) == moves(original)
    return certain, right, spent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    cases = [(original, text) for s in range(args.seed, args.seed + args.matches) for original, texts in [planted(s)] for text in texts]
    certain, right, spent = measure(cases)
    looking = replay_module.rounds_played
    replay_module.rounds_played = lambda following: None  # type: ignore[assignment]  # (the replay as before)
    try:
        before, before_right, before_spent = measure(cases)
    finally:
        replay_module.rounds_played = looking
    n = len(cases)
    print(f"{n} records, a row left out in each")
    print(f"without the next round: {before:3d} certain ({before / n:5.1%}), {before_right} of them right")
    print(f"with the next round:    {certain:3d} certain ({certain / n:5.1%}), {right} of them right")
    print(f"CPU time with / without: {spent / before_spent:.2f}x")


if __name__ == "__main__":
    main()
