"""Instructions ``validate_file`` spends per run, counted by valgrind (cachegrind): a
figure that does not move with the machine's load, for comparing two versions of the code
where CPU time on a shared machine varies by more than the change.

    python3 bench/bench_instructions.py [--matches 200] [--against OTHER_TREE] [--full]

Corpus: ``--matches`` generated Marathon matches (as bench_validate.py makes them) in the
text and the coordinate forms. For each, the process is run under cachegrind validating
the file once and then three times; the difference, halved, is one run with the caches
warm (what the median of bench_validate.py measures). ``--against`` counts another tree
(a checkout of an older commit, say) alike, in the same run; ``--full``: the full path
(the fast reading kept, the fused validation off) instead. Needs valgrind (``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from kamisado_notation.checking.validate import validate_file
try:
    from kamisado_notation.cli.common import tune_gc
    tune_gc()
except ImportError:
    pass
try:  # (a tree with the one switch; an older one took fused= on each call)
    from kamisado_notation.notation.kmr.fast_paths import general_paths
except ImportError:
    general_paths = None
for _ in range(int(sys.argv[3])):
    if sys.argv[4] == "fused":
        validate_file(sys.argv[2])
    elif general_paths is not None:
        with general_paths(reading=False):
            validate_file(sys.argv[2])
    else:
        validate_file(sys.argv[2], fused=False)
"""


def instructions(tree: str, path: str, runs: int, mode: str) -> int:
    """The instructions a process validating ``path`` ``runs`` times executes."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", _CHILD, tree, path, str(runs), mode],
        capture_output=True, text=True, check=True,
    ).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    assert found, out[-500:]
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", help="another source tree to count alike")
    parser.add_argument("--full", action="store_true", help="the full path instead of the fused one")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench_instructions: valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, HERE)
    from bench_validate import kamisado_corpora

    texts, plies = kamisado_corpora(args.matches, args.seed)
    mode = "full" if args.full else "fused"
    trees = {"this tree": ROOT} | ({"against": os.path.abspath(args.against)} if args.against else {})
    print(f"{args.matches} marathon matches, {plies} plies; validate_file ({mode} path), instructions per warm run")
    with tempfile.TemporaryDirectory() as tmp:
        for form in ("text", "coords"):
            path = os.path.join(tmp, f"{form}.kmr")
            with open(path, "w", encoding="utf-8") as f:
                f.write(texts[form])
            counts = {}
            for name, tree in trees.items():
                counts[name] = (instructions(tree, path, 3, mode) - instructions(tree, path, 1, mode)) // 2
            line = "  ".join(f"{name} {n / 1e6:,.0f} M ({n / plies:,.0f}/ply)" for name, n in counts.items())
            if args.against:
                line += f"  ratio {counts['against'] / counts['this tree']:.2f}"
            print(f"{form:7} {line}")


if __name__ == "__main__":
    main()
