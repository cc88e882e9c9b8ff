"""``kamisado analyze`` on the samples (docs/analysis.md): the CPU time a file with the
default budget of nodes, the judgements proven, the marks, and whether a second run
gives the same judgements (a budget of nodes must: the same marks on any machine).

    python3 bench/bench_analyse.py [--nodes 10000] [--files single-round standard-match]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.play.analyse import DEFAULT_NODES, analyse

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--files", nargs="+", default=["single-round", "standard-match", "long-match", "marathon-match"])
    args = parser.parse_args()
    print(f"{'sample':<16} {'moves':>5} {'proven':>6} {'marks':<22} {'cpu s':>6} {'again':>6}")
    for name in args.files:
        path = str(SAMPLES / f"{name}.kmr")
        runs = []
        for _ in range(2):
            start = time.process_time()
            judged = [m for a in analyse(path, nodes=args.nodes) for m in a.moves]
            runs.append((time.process_time() - start, judged))
        (cpu, judged), (_, again) = runs
        marks = Counter(m.mark for m in judged if m.mark)
        proven = sum(1 for m in judged if m.before != "unknown")
        said = " ".join(f"{mark}:{marks[mark]}" for mark in ("??", "?", "!")) or "-"
        print(f"{name:<16} {len(judged):>5} {proven:>6} {said:<22} {cpu:>6.2f} {'same' if judged == again else 'DIFFER':>6}")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
