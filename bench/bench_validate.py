"""Validation throughput for each form, as ratios against python-chess reading PGN and
against a regex scan of the same file, measured in the same run.

    python3 bench/bench_validate.py [--matches 500] [--seed 1] [--runs 5]

Corpus: ``--matches`` generated Marathon matches (about 190 plies each), written five
times, each in ONE file: in the text, symbols, short and coordinate forms, and mixed (a
quarter of the matches in each form). The same matches in every file, so every file has
the same number of plies.

Figures, each in CPU time (``time.process_time``), the median of ``--runs`` runs
interleaved so that machine noise falls on all alike, with the garbage collector tuned
as the CLI tunes it:

- ``validate``: :func:`~kamisado_notation.validate.validate_file`, as ``kamisado
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


from kamisado_notation.generate import generate_match
from kamisado_notation.match import MATCH_TARGETS
from kamisado_notation.notation.fast_paths import SEG_RE
from kamisado_notation.notation.record import MatchRecord, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.validate import validate_file

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
    """The CPU time of ``fn()``."""
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
    parser.add_argument("--runs", type=int, default=5)
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
        jobs: dict[str, Callable[[], object]] = {"chess": lambda: run_chess(pgn_path)}
        for name, path in paths.items():
            jobs[f"{name} validate"] = lambda p=path: run_validate(p, args.matches)
            if HAS_FUSED:
                jobs[f"{name} full"] = lambda p=path: run_validate(p, args.matches, fused=False)
            jobs[f"{name} floor"] = lambda p=path: run_floor(p)
        times: dict[str, list[float]] = {name: [] for name in jobs}
        for _ in range(args.runs):
            for name, job in jobs.items():
                times[name].append(cpu(job))
    med = {name: statistics.median(ts) for name, ts in times.items()}
    chess_rate = chess_plies / med["chess"]
    print(f"python-chess read_game: {chess_rate:12,.0f} plies/s")
    print(f"{'form':8} {'validate plies/s':>17} {'x chess':>8} {'x floor':>8} {'full path':>12} {'fused gain':>11}")
    for name in texts:
        v, floor = med[f"{name} validate"], med[f"{name} floor"]
        rate = plies / v
        full = f"{plies / med[f'{name} full']:12,.0f}" if HAS_FUSED else f"{'-':>12}"
        gain = f"{med[f'{name} full'] / v:10.2f}x" if HAS_FUSED else f"{'-':>11}"
        print(f"{name:8} {rate:17,.0f} {rate / chess_rate:7.2f}x {v / floor:7.2f}x {full} {gain}")
    print("goals: validate >= 8x python-chess; validate time within 5x the regex floor ('x floor' <= 5)")


if __name__ == "__main__":
    main()
