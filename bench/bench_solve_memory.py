"""The solver's memory (docs/analysis.md, "Memory"): what an entry of each of its
structures takes, and the peak resident set size of ``kamisado solve`` under a bound.

1. Bytes an entry (``tracemalloc``, in this process): the transposition table's (its
   move included), the proof table's, and an entry of a proof-number search's table of
   unsettled positions (the search's share of the peak over the entries it held at
   once). The solver divides its
   bound of memory by these (``TABLE_ENTRY_BYTES``, ``PROOF_ENTRY_BYTES``,
   ``PROOF_NODE_BYTES``, rounded up).
2. Peak RSS (``VmHWM``, read by the child as it exits) of a solve of the initial
   position for ``--seconds`` under each ``--memory`` bound, with the entries each
   structure held at its fullest: the bound is counted in entries, the RSS is what the
   machine sees (Python and the toolkit add some 45 MB).

    python3 bench/bench_solve_memory.py [--seconds 40] [--memory 50 250]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kamisado_notation import Position, Side
from kamisado_notation.play.proof import ProofTable, prove
from kamisado_notation.play.solve import Solver

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from kamisado_notation import Position
from kamisado_notation.play.solve import Solver
solver = Solver(memory={memory})
most = [0, 0]
def seen(depth, nodes):
    most[0] = max(most[0], len(solver.table))
    most[1] = max(most[1], len(solver.proof_table))
solver.progress = seen
start = time.process_time()
answer = solver.solve(Position.initial(), time={seconds})
cpu = time.process_time() - start
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"rss_mb": hwm / 1024, "cpu": cpu, "result": answer.result, "within": answer.within,
    "table": [most[0], solver.table_size], "proof_table": [most[1], solver.proof_table.size],
    "unsettled": [solver.peak_proof_nodes, solver.proof_nodes]}}))
"""


def entry_bytes() -> None:
    position = Position.initial()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    solver = Solver(proof=False)
    solver.solve(position, nodes=300_000)
    table = (tracemalloc.get_traced_memory()[0] - before) / max(len(solver.table), 1)
    print(f"transposition table: {table:.0f} bytes an entry ({len(solver.table):,} entries)")
    del solver
    proofs = ProofTable()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    answer = prove(position, Side.BLACK, within=13, node_limit=2_000_000, table=proofs)
    current, peak = tracemalloc.get_traced_memory()
    entry = (current - before) / max(len(proofs), 1)
    node = (peak - current) / max(answer.peak, 1)
    print(f"proof table: {entry:.0f} bytes an entry ({len(proofs):,} entries)")
    print(f"unsettled positions: {node:.0f} bytes an entry ({answer.peak:,} entries at the peak)")
    tracemalloc.stop()


def peak_rss(memory: int, seconds: float) -> None:
    code = CHILD.format(root=str(ROOT), memory=memory, seconds=seconds)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    held = ", ".join(f"{name} {most:,} of {bound:,}" for name, (most, bound) in ((k, got[k]) for k in ("table", "proof_table", "unsettled")))
    print(f"--memory {memory}: peak RSS {got['rss_mb']:.0f} MB, {got['cpu']:.1f} s CPU, {got['result']} (within {got['within']}); at the fullest: {held}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="each solve's time limit")
    parser.add_argument("--memory", type=int, nargs="+", default=[50, 250], help="bounds to measure (MB)")
    args = parser.parse_args()
    entry_bytes()
    for memory in args.memory:
        peak_rss(memory, args.seconds)


if __name__ == "__main__":
    main()
