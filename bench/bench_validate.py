"""Validation throughput for each form, as ratios against python-chess reading PGN and
against a regex scan of the same file, measured in the same run.

    python3 bench/bench_validate.py [--matches 500] [--seed 1] [--runs 7]

Corpus: ``--matches`` generated Marathon matches (about 190 plies each), written five
times, each in ONE file: in the text, symbols, short and coordinate forms, and mixed (a
quarter of the matches in each form). The same matches in every file, so every file has
the same number of plies.

Figures, each in CPU time (``time.process_time``), medians of ``--runs`` runs, with the
garbage collector tuned as the CLI tunes it and a collection before each job, not timed
(so that no job pays for freeing another's garbage: see :func:`cpu`). In each run every form is measured right
after a python-chess run of its own, and its ``x chess`` is the median of those paired
ratios (``x floor`` likewise, against the regex run next to it): the speed of a shared
machine drifts by more than the differences measured, and a ratio of two figures taken
a moment apart does not see most of that drift.

- ``validate``: :func:`~kamisado_notation.checking.validate.validate_file`, as ``kamisado
  validate`` calls it (the fused path, falling back to the full path on an anomaly);
- ``full path``: the same with ``fused=False`` (every match read into the record model
  and replayed), for comparison;
- ``python-chess``: a PGN file of random legal chess games with as many plies in all,
  read game by game with ``chess.pgn.read_game`` (which parses every SAN move and plays
  it on a board, as the validator replays every entry). Goal: ``validate`` ≥ 8× it;
- ``regex floor``: reading the same file and one ``re.finditer`` over its whole text
  with the entry pattern (:data:`~kamisado_notation.notation.fast_paths.SEG_RE`), the
  least any reader can do. Goal: ``validate`` within 5× of it.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import io
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

try:
    from kamisado_notation.cli.common import tune_gc
except ImportError:  # an older tree (for a before/after run): the same policy

    def tune_gc() -> None:
        import gc

        gc.set_threshold(50_000, 20, 20)


from kamisado_notation.checking.validate import validate_file
from kamisado_notation.engine.match import MATCH_TARGETS
from kamisado_notation.notation.fast_paths import SEG_RE
from kamisado_notation.notation.record import MatchRecord, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match

FORMS = (Form.TEXT, Form.SYMBOLS, Form.SHORT, Form.COORDS)
#: Whether this tree's validate_file has the fused path and its switch (a run on an
#: older tree measures its only path).
HAS_FUSED = "fused" in inspect.signature(validate_file).parameters


def kamisado_corpora(matches: int, seed: int) -> tuple[dict[str, str], int]:
    """The record text in each form (and ``mixed``), and the plies of each (entries, the
    ``...`` placeholder not)."""
    colours: list[MatchRecord] = []
    coords: list[MatchRecord] = []
    plies = 0
    for i in range(matches):
        for games, as_coords in ((colours, False), (coords, True)):  # the same match twice
            rng = random.Random(seed * 1_000_003 + i)
            games.append(generate_match(rng, target=MATCH_TARGETS["marathon"], index=i + 1, coords=as_coords))
        plies += sum(1 for r in colours[-1].rounds for e in r.entries if not e.placeholder)
    texts = {f.value: _write(coords if f is Form.COORDS else colours, [f] * matches) for f in FORMS}
    forms = [FORMS[i % len(FORMS)] for i in range(matches)]
    texts["mixed"] = _write([(coords if f is Form.COORDS else colours)[i] for i, f in enumerate(forms)], forms)
    return texts, plies


def _write(games: list[MatchRecord], forms: list[Form]) -> str:
    return "\n".join(
        format_record(RecordFile("<bench>", matches=[m]), form=f) for m, f in zip(games, forms, strict=True)
    )


def pgn_corpus(plies: int, seed: int) -> tuple[str, int]:
    """Random legal chess games (capped at 200 plies each) until ``plies`` plies."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    total = 0
    while total < plies:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200 and total < plies:
            board.push(rng.choice(list(board.legal_moves)))
            total += 1
        out.write(str(chess.pgn.Game.from_board(board)))
        out.write("\n\n")
    return out.getvalue(), total


def cpu(fn: Callable[[], object]) -> float:
    """The CPU time of ``fn()``, from a heap with no garbage left by the job before:
    python-chess leaves reference cycles (a game's nodes point at their parents) that only
    the collector frees, and a collection that fell into the next job would charge it
    with their cost (10-30 ms of a 100 ms ``validate`` run in tests of this bench)."""
    gc.collect()
    start = time.process_time()
    fn()
    return time.process_time() - start


def run_validate(path: str, matches: int, *, fused: bool = True) -> None:
    report = validate_file(path, fused=fused) if HAS_FUSED else validate_file(path)
    assert report.valid and len(report.matches) == matches, report.all_diagnostics()[:5]


def run_chess(path: str) -> None:
    import chess.pgn

    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            assert not game.errors


def run_floor(path: str) -> None:
    """Read the file and find every entry with one regex scan."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for _m in SEG_RE.finditer(text):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    tune_gc()  # the collector as the `kamisado` command runs it
    t0 = time.perf_counter()
    texts, plies = kamisado_corpora(args.matches, args.seed)
    pgn, chess_plies = pgn_corpus(plies, args.seed)
    print(f"corpus: {args.matches} marathon matches, {plies} plies in each form; PGN {chess_plies} plies, "
          f"{len(pgn) / 1e6:.1f} MB; built in {time.perf_counter() - t0:.1f}s; CPU time, median of {args.runs} runs")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, text in texts.items():
            paths[name] = os.path.join(tmp, f"{name}.kmr")
            with open(paths[name], "w", encoding="utf-8") as f:
                f.write(text)
        pgn_path = os.path.join(tmp, "corpus.pgn")
        with open(pgn_path, "w", encoding="utf-8") as f:
            f.write(pgn)

        def chess() -> None:
            run_chess(pgn_path)

        jobs: dict[str, dict[str, Callable[[], object]]] = {}
        for name, path in paths.items():
            jobs[name] = {
                "validate": lambda p=path: run_validate(p, args.matches),
                "floor": lambda p=path: run_floor(p),
            }
            if HAS_FUSED:
                jobs[name]["full"] = lambda p=path: run_validate(p, args.matches, fused=False)
        # Each form's jobs run right after a python-chess run of their own, in turns, so
        # that each ratio compares figures taken a moment apart (this machine's speed
        # drifts over a run): the ratios are the medians of those paired ratios.
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):
            for name, form_jobs in jobs.items():
                times.setdefault((name, "chess"), []).append(cpu(chess))
                for job_name, job in form_jobs.items():
                    times.setdefault((name, job_name), []).append(cpu(job))
    med = {key: statistics.median(ts) for key, ts in times.items()}

    def paired(name: str, job: str) -> float:
        """The median over runs of ``job``'s time against the python-chess run next to it."""
        return statistics.median(c / t for c, t in zip(times[(name, "chess")], times[(name, job)], strict=True))

    all_chess = [t for (_, job), ts in times.items() if job == "chess" for t in ts]
    chess_rate = chess_plies / statistics.median(all_chess)
    print(f"python-chess read_game: {chess_rate:12,.0f} plies/s (median of all its runs)")
    print(f"{'form':8} {'validate plies/s':>17} {'x chess':>8} {'x floor':>8} {'full path':>12} {'fused gain':>11}")
    for name in texts:
        v = med[(name, "validate")]
        rate = plies / v
        x_chess = paired(name, "validate") * plies / chess_plies
        x_floor = statistics.median(t / f for t, f in zip(times[(name, "validate")], times[(name, "floor")], strict=True))
        full = f"{plies / med[(name, 'full')]:12,.0f}" if HAS_FUSED else f"{'-':>12}"
        gain = f"{med[(name, 'full')] / v:10.2f}x" if HAS_FUSED else f"{'-':>11}"
        print(f"{name:8} {rate:17,.0f} {x_chess:7.2f}x {x_floor:7.2f}x {full} {gain}")
    print("goals: validate >= 8x python-chess; validate time within 5x the regex floor ('x floor' <= 5)")


if __name__ == "__main__":
    main()
