"""Selecting from an archive (``kamisado select``): matches a second for a header-only
criterion and for a position criterion, as ratios against the validator measured in the
same run, and against pgn-extract selecting chess games by a tag and by a FEN.

    python3 bench/bench_select.py [--matches 100000] [--distinct 1000] [--seed 1] [--runs 3]

Corpus: ``--distinct`` generated Single matches (one round each, as BoardSpace's and
HackerRank's archives hold), written again and again under other headers (``Event``
``Club 0`` … ``Club 99``, players and dates by number) until ``--matches`` matches, in ONE
``.kmr`` file; the chess twin: as many random legal chess games (``--distinct`` of them,
repeated alike, capped at 80 plies) in one PGN file, with the same ``Event`` headers.

Figures, each in CPU time, medians of ``--runs`` runs, each job after a garbage
collection (not timed):

- ``validate``: every match through the validator as ``kamisado validate`` reads it
  (``validate_paths``, the fused path): its matches/s and plies/s are the baselines;
- ``select header``: ``select([path], event="Club 7")`` (1 match in 100 found): the
  matches read a second. Goal: the validator's matches/s or better (headers need no
  replay);
- ``select position``: ``select([path], position=P)`` for a position one of the distinct
  matches reaches after its 6th ply (found in 1 match in ``--distinct``): every match
  replayed and each of its positions compared by its Zobrist key. Goal: at least the
  validator's plies/s;
- ``count header``: ``select … --count`` as the command runs it, a child process (its
  start-up, a one-match run, taken off);
- ``pgn-extract tag`` and ``pgn-extract FEN`` (Debian's package, C): ``pgn-extract -s
  -t TAGS -o /dev/null games.pgn`` with ``Event "Club 7"``, and with ``FEN "…"`` of a
  position one game reaches (a child process; start-up taken off likewise). Their
  ``x pgn-extract`` ratios compare games a second, ours over theirs. Skipped where
  pgn-extract is not installed.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_validate import PGN_EXTRACT, cpu

from kamisado_notation.checking.archive import select
from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.validate import validate_paths
from kamisado_notation.cli.common import tune_gc
from kamisado_notation.notation.record import Headers, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import iter_generated

EVENTS = 100


def _headers(i: int) -> list[tuple[str, str]]:
    return [("Event", f"Club {i % EVENTS}"), ("Date", f"2026.{1 + i % 12:02d}.{1 + i % 28:02d}"), ("Black", f"p{i % 37}"), ("Gold", f"q{i % 41}")]


def kamisado_corpus(matches: int, distinct: int, seed: int) -> tuple[str, int, str]:
    """The record text, its plies, and a position string found in one distinct match."""
    games = list(iter_generated(match="single", seed=seed, count=distinct))
    texts = []
    for m in games:
        m.headers = Headers([h for h in m.headers if h.name in ("Match", "Result")])
        texts.append(format_record(RecordFile("<bench>", matches=[m]), form=Form.TEXT))
    plies = [sum(1 for r in m.rounds for e in r.entries if not e.placeholder) for m in games]
    out = io.StringIO()
    total = 0
    for i in range(matches):
        k = i % distinct
        out.write("".join(f'[{n} "{v}"]\n' for n, v in _headers(i)) + texts[k] + "\n")
        total += plies[k]
    wanted = replay_match(games[distinct // 2]).rounds[0].position_at(6).to_string()
    return out.getvalue(), total, wanted


def pgn_corpus(games: int, distinct: int, seed: int) -> tuple[str, str]:
    """The PGN text, and the FEN of a position one distinct game reaches (its 6th ply)."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    bodies, results, fen = [], [], ""
    for k in range(distinct):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 80:
            board.push(rng.choice(list(board.legal_moves)))
            if k == distinct // 2 and board.ply() == 6:
                fen = board.fen()
        game = chess.pgn.Game.from_board(board)
        exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=False)
        bodies.append(game.accept(exporter))
        results.append(board.result())
    out = io.StringIO()
    for i in range(games):
        k = i % distinct
        out.write("".join(f'[{n} "{v}"]\n' for n, v in [*_headers(i), ("White", "w"), ("Result", results[k])]) + "\n" + bodies[k] + "\n\n")
    return out.getvalue(), fen


def run_validate(path: str, matches: int) -> None:
    n = sum(1 for fv in validate_paths([path]) for _ in fv)
    assert n == matches, n


def run_select(path: str, expected: int, **criteria: object) -> None:
    n = sum(1 for _ in select([path], **criteria))
    assert n == expected, (n, expected, criteria)


def child_cpu(args: list[str]) -> float:
    """The CPU time (user + system) of a child process running ``args`` (its output and
    its messages dropped), which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pgn_extract(tags: str, pgn: str) -> list[str]:
    assert PGN_EXTRACT is not None
    return [PGN_EXTRACT, "-s", f"-t{tags}", "-o/dev/null", pgn]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tune_gc()
    text, plies, position = kamisado_corpus(args.matches, args.distinct, args.seed)
    have_pgn_extract = PGN_EXTRACT is not None
    tmp = tempfile.mkdtemp(prefix="bench-select-")
    try:
        path = os.path.join(tmp, "archive.kmr")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        one = os.path.join(tmp, "one.kmr")
        with open(one, "w", encoding="utf-8") as f:
            f.write(text[: text.index("[Event", 1)])
        del text
        found_header = args.matches // EVENTS + (1 if args.matches % EVENTS > 7 else 0)
        found_position = sum(1 for i in range(args.matches) if i % args.distinct == args.distinct // 2)
        # (a position may recur in another distinct match: count it as the validator finds it)
        found_position = sum(1 for _ in select([path], position=position)) if args.matches <= 2000 else found_position
        jobs: dict[str, Callable[[], object]] = {
            "validate": lambda: run_validate(path, args.matches),
            "select header": lambda: run_select(path, found_header, event="Club 7"),
            "select position": lambda: run_select(path, found_position, position=position),
        }
        count = [sys.executable, "-c", "from kamisado_notation.cli.app import console; console()", "select", "--event", "Club 7", "--count"]
        times: dict[str, list[float]] = {name: [] for name in [*jobs, "count header", "pgn-extract tag", "pgn-extract FEN"]}
        pgn = tags_event = tags_fen = ""
        if have_pgn_extract:
            pgn_text, fen = pgn_corpus(args.matches, args.distinct, args.seed)
            pgn, tags_event, tags_fen = (os.path.join(tmp, name) for name in ("games.pgn", "event.tags", "fen.tags"))
            pgn_one = os.path.join(tmp, "one.pgn")
            with open(pgn, "w", encoding="utf-8") as f:
                f.write(pgn_text)
            with open(pgn_one, "w", encoding="utf-8") as f:
                f.write(pgn_text[: pgn_text.index("[Event", 1)])
            del pgn_text
            with open(tags_event, "w", encoding="utf-8") as f:
                f.write('Event "Club 7"\n')
            with open(tags_fen, "w", encoding="utf-8") as f:
                f.write(f'FEN "{fen}"\n')
        env_path = os.pathsep.join([os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."), os.environ.get("PYTHONPATH", "")])
        os.environ["PYTHONPATH"] = env_path
        for _ in range(args.runs):
            for name, job in jobs.items():
                times[name].append(cpu(job))
            times["count header"].append(child_cpu([*count, path]) - child_cpu([*count, one]))
            if have_pgn_extract:
                times["pgn-extract tag"].append(child_cpu(pgn_extract(tags_event, pgn)) - child_cpu(pgn_extract(tags_event, pgn_one)))
                times["pgn-extract FEN"].append(child_cpu(pgn_extract(tags_fen, pgn)) - child_cpu(pgn_extract(tags_fen, pgn_one)))
        report(times, args.matches, plies)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(times: dict[str, list[float]], matches: int, plies: int) -> None:
    median = {name: statistics.median(t) for name, t in times.items() if t}
    rate = {name: matches / t for name, t in median.items() if t > 0}
    print(f"{matches} Single matches, {plies} plies ({plies / matches:.1f} a match); CPU seconds, medians")
    print(f"{'job':18} {'seconds':>8} {'matches/s':>10} {'plies/s':>10}  ratios")
    for name, seconds in median.items():
        ratios = []
        if name in rate and "validate" in rate and name != "validate" and not name.startswith("pgn"):
            ratios.append(f"x validate (matches/s) {rate[name] / rate['validate']:.2f}")
        if name == "select position" and "pgn-extract FEN" in rate:
            ratios.append(f"x pgn-extract FEN {rate[name] / rate['pgn-extract FEN']:.2f}")
        if name in ("select header", "count header") and "pgn-extract tag" in rate:
            ratios.append(f"x pgn-extract tag {rate[name] / rate['pgn-extract tag']:.2f}")
        per_ply = f"{plies / seconds:10.0f}" if not name.startswith("pgn") else f"{'—':>10}"
        print(f"{name:18} {seconds:8.2f} {rate.get(name, 0):10.0f} {per_ply}  {'; '.join(ratios)}")
    if not times["pgn-extract tag"]:
        print("pgn-extract is not installed: its twins were skipped")


if __name__ == "__main__":
    gc.collect()
    main()
