"""Round starts without Sumo towers, classified as the standard start is (issue 44): every
first move with its exact turns (``solve_moves``, ``kamisado solve --all-moves``).

The starts are those the fills reach (F1–F4): seeded rounds played from the standard
start (``--plies`` random moves, then the built-in engine at ``--round-nodes`` nodes a
move, to the round's end), each end filled from the left and from the right, the loser
to move with a free choice (T1), every tower's rings taken off (a round without Sumo
towers: the domain of the independent prover of issue 44, and BoardSpace's). A start
that is another's mirror image (the files reversed, each colour the one its squares turn
into: the same value, ``solve_moves``) is counted once. ``--starts K`` of them are
classified, each in a child process (its CPU time and peak memory its own) with no
limit or ``--move-nodes`` nodes a move: the start's value (the best of its moves'), the
winning first moves with their turns, how many first moves got their exact turns, the
nodes, CPU time and peak RSS. ``--list`` only prints the starts found.

The seeded rounds are played by this tree's engine, whose solver decides some of its
moves, so another tree may find other starts: ``--positions FILE`` classifies the starts
a file lists (one position string a line, as ``--list`` prints them) instead, so that two
trees classify the same ones. ``--budget SECONDS`` starts no further start once the CPU
time of the starts classified reaches it, and the last line says how many were classified
in how much CPU time. ``--start-cpu SECONDS`` stops a start's child once its CPU time
reaches them (the start is then reported unfinished, and the next one begun), so that one
costly start does not hold up the others; ``--first N`` begins at the list's ``N``-th
start (1 is the first), to go on where a run stopped. ``--out FILE`` appends each start's
answer to ``FILE`` as a line of JSON (the start, its number, and every first move with its
result and turns, or that it was left unfinished) and skips the starts it already
classified: a long classification in several runs.

    python3 bench/bench_round_starts.py [--rounds 40] [--starts 2] [--move-nodes 0] [--memory 250] [--list]
    python3 bench/bench_round_starts.py --positions bench/round_starts.txt --starts 76 --budget 1800 [--start-cpu 300] [--first 3] [--out FILE]

``bench/round_starts.txt`` lists the 76 starts found by the tree of 56bb0ef (issue 44); the
answers of those classified so far are in docs/analysis.md, "Other round starts".

The same for one start by hand: ``kamisado solve --all-moves "<position string>"``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from kamisado_notation import Position
from kamisado_notation.play.solve import Solver, solve_moves
start = time.process_time()
values = solve_moves(Position.from_string({text!r}), nodes={nodes} or None, solver=Solver(memory={memory}))
cpu = time.process_time() - start
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"moves": [[v.move.coords(), v.result, v.turns] for v in values], "cpu": cpu, "rss_mb": hwm / 1024,
    "nodes": sum(v.answer.nodes for v in values)}}))
"""


def round_starts(rounds: int, plies: int, nodes: int) -> list[str]:
    """The Sumo-free starts the fills reach from ``rounds`` seeded rounds' ends (both
    fills each), in the order found, mirror images counted once."""
    from kamisado_notation import Position, Tower
    from kamisado_notation.engine.match import Fill, fill
    from kamisado_notation.play.search import Limits, Searcher
    from kamisado_notation.play.solve import _mirror_image

    found: list[str] = []
    seen: set[str] = set()
    for seed in range(rounds):
        rng, pos = random.Random(seed), Position.initial()
        players = (Searcher(seed=seed), Searcher(seed=1000 + seed))
        for _ in range(rng.randint(0, plies)):
            if pos.outcome() is not None:
                break
            moves = pos.legal_moves()
            pos.play(rng.choice(moves) if moves else pos.forfeit_move())
        while pos.outcome() is None:
            pos.play(players[pos.to_move].search(pos, Limits(nodes=nodes)).move if pos.has_moves() else pos.forfeit_move())
        outcome = pos.outcome()
        assert outcome is not None and outcome.winner is not None
        for how in Fill:
            start = fill(pos, how, challenger=outcome.winner.other)
            plain = Position.from_string(start.to_string())
            for sq, t in enumerate(plain.board):
                if t is not None and t.rings:
                    plain.board[sq] = Tower(t.side, t.colour, 0)  # (no Sumo: the ring taken off)
            text = Position.from_string(plain.to_string()).to_string()
            if text not in seen and _mirror_image(Position.from_string(text)) not in seen:
                seen.add(text)
                found.append(text)
    return found


def classify(text: str, nodes: int, memory: int, cpu: float = 0.0) -> dict[str, Any] | None:
    """The start's first moves classified in a child process; ``None`` when the child
    reached ``cpu`` seconds of CPU time first (0: no limit)."""
    code = CHILD.format(root=str(ROOT), text=text, nodes=nodes, memory=memory)
    limit = (lambda: resource.setrlimit(resource.RLIMIT_CPU, (int(cpu), int(cpu) + 5))) if cpu else None
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=limit, check=False)
    if cpu and run.returncode in (-signal.SIGXCPU, -signal.SIGKILL):  # (its CPU time ran out: the soft limit, then the hard)
        return None
    run.check_returncode()
    got: dict[str, Any] = json.loads(run.stdout)
    return got


def _classified(path: Path | None) -> set[str]:
    """The starts a file of answers (``--out``) holds classified."""
    if path is None or not path.exists():
        return set()
    answers = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {a["start"] for a in answers if "moves" in a}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="seeded rounds whose ends are filled")
    parser.add_argument("--plies", type=int, default=4, help="the most random moves a round starts with")
    parser.add_argument("--round-nodes", type=int, default=2000, help="the engine's nodes a move in those rounds")
    parser.add_argument("--starts", type=int, default=2, help="how many starts to classify")
    parser.add_argument("--move-nodes", type=int, default=0, help="nodes a first move may take (0: no limit)")
    parser.add_argument("--memory", type=int, default=250)
    parser.add_argument("--list", action="store_true", help="only list the starts found")
    parser.add_argument("--positions", type=Path, help="classify the starts this file lists, one a line")
    parser.add_argument("--budget", type=float, default=0.0, help="CPU seconds after which no further start is begun (0: none)")
    parser.add_argument("--start-cpu", type=float, default=0.0, help="CPU seconds after which a start is left unfinished (0: none)")
    parser.add_argument("--first", type=int, default=1, help="the first start to classify (1: the list's first)")
    parser.add_argument("--out", type=Path, help="append each answer to this file (JSON lines); skip the starts it classified")
    args = parser.parse_args()
    begun = time.process_time()
    if args.positions:
        starts = [line.strip() for line in args.positions.read_text().splitlines() if line.strip()]
        print(f"{len(starts)} round starts from {args.positions}")
    else:
        starts = round_starts(args.rounds, args.plies, args.round_nodes)
        print(f"{len(starts)} distinct Sumo-free round starts from {args.rounds} rounds' ends, both fills "
              f"(mirror images once; {time.process_time() - begun:.0f} s CPU to find)")
    if args.list:
        for text in starts:
            print(f"  {text}")
        return
    _classify_all(starts, args)


def _classify_all(starts: list[str], args: argparse.Namespace) -> None:
    """Classify the starts ``args`` name (from ``--first``, at most ``--starts``, within
    ``--budget``), each answer printed (and added to ``--out``), then the total."""
    spent = 0.0
    classified = unfinished = 0
    done = _classified(args.out)
    for number, text in enumerate(starts[args.first - 1 : args.first - 1 + args.starts], start=args.first):
        if args.budget and spent >= args.budget:
            break
        if text in done:
            continue
        got = classify(text, args.move_nodes, args.memory, args.start_cpu)
        if args.out:
            with args.out.open("a") as out:
                print(json.dumps({"number": number, "start": text, **(got or {"unfinished": args.start_cpu})}), file=out)
        if got is None:
            print(f"{number}. {text}: unfinished after {args.start_cpu:.0f} s CPU", flush=True)
            spent += args.start_cpu
            unfinished += 1
            continue
        print(f"{number}. {text}: {_summary(got)}", flush=True)
        spent += got["cpu"]
        classified += 1
    left = f" ({unfinished} left unfinished)" if unfinished else ""
    print(f"{classified} of {len(starts)} starts classified in {spent:.0f} s CPU{left}")


def _summary(got: dict[str, Any]) -> str:
    """A start's answer in a line: its value, the winning first moves, the costs."""
    moves = got["moves"]
    wins = [m for m in moves if m[1] == "win"]
    best = moves[0]
    value = f"{best[1]} in {best[2]}" if best[2] is not None else best[1]
    exact = sum(1 for m in moves if m[2] is not None)
    return (f"the side to move's {value}; {len(wins)} winning first moves"
            f" ({', '.join(f'{m[0]} in {m[2]}' for m in wins) or 'none'}); {exact} of {len(moves)} with their turns;"
            f" {got['nodes']:,} nodes, {got['cpu']:.1f} s CPU, {got['rss_mb']:.0f} MB")

if __name__ == "__main__":
    main()
