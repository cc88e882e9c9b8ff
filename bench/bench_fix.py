"""CPU time of ``fix`` per match, on a corpus of N standard matches with a slip in each,
and on it repeated ``--times`` times: ``fix`` corrects until nothing more is certain and
reads a match at a time, so the time per match must stay the same (issue 20).

    python3 bench/bench_fix.py [--matches 300] [--times 10] [--runs 3] [--root DIR]

The slip: in each match's first row, the first entry's square colour changed (a slip the
redundancy corrects). Each run is a subprocess from the tree ``--root`` (default: this
one); its CPU time is the child's (``os.wait4``), median of ``--runs``, less the time of
``fix`` on a one-match record (start-up). Printed: CPU ms per match at both sizes and
their ratio (about 1.0 when linear), and the corrections made, which must grow by the
same factor.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_diagnostics import cpu_seconds

ROOT = Path(__file__).resolve().parent.parent
_FIRST_ROW = re.compile(r"^(1\. \w+ \w+ \d+ )(\w+)", re.MULTILINE)


def slipped_corpus(root: Path, folder: str, matches: int) -> str:
    """``matches`` generated standard matches, each with a slip in its first entry."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    app = [sys.executable, "-m", "kamisado_notation.cli.app"]
    text = subprocess.run([*app, "generate", "--seed", "1", "--count", str(matches)], capture_output=True, env=env, check=True).stdout.decode()
    text = _FIRST_ROW.sub(lambda m: m.group(1) + ("Blue" if m.group(2) != "Blue" else "Red"), text)
    path = os.path.join(folder, f"slipped-{matches}.kmr")
    Path(path).write_text(text, encoding="utf-8")
    return path


def corrections(root: Path, path: str) -> int:
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "kamisado_notation.cli.app", "fix", path], capture_output=True, env=env, check=False)
    return done.stderr.count(b": fixed[")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sizes = [1, args.matches, args.matches * args.times]
        files = {n: slipped_corpus(ROOT, tmp, n) for n in sizes}

        def median(n: int) -> float:
            return statistics.median(cpu_seconds(args.root, ["fix", files[n]]) for _ in range(args.runs))

        start = median(1)
        per_match = {n: (median(n) - start) / n * 1000 for n in sizes[1:]}
        small, large = sizes[1:]
        print(f"code: {args.root}; fix of standard matches with a slip each (median of {args.runs})")
        print(f"{small:6} matches: {per_match[small]:6.2f} ms a match, {corrections(args.root, files[small])} corrections")
        print(f"{large:6} matches: {per_match[large]:6.2f} ms a match, {corrections(args.root, files[large])} corrections")
        print(f"ratio: {per_match[large] / per_match[small]:.2f} (1.0: linear)")


if __name__ == "__main__":
    main()
