"""Validation throughput, as a ratio against python-chess reading PGN, measured in the
same run.

    python3 bench/bench_validate.py [--matches 1000] [--seed 1] [--runs 3]

Corpus: ``--matches`` generated Marathon matches in ONE file (about 190 plies each),
in mixed forms (a quarter each in text, symbols, short and coordinates). Baseline: a PGN
file of random legal chess games (python-chess, a bench-only dependency) with the same
total number of plies, read game by game with ``chess.pgn.read_game`` (which parses
every SAN move and plays it on a board, as our validator replays every entry).
Figures: plies per second of each (best of ``--runs``) and their ratio. Goal: ≥ 2×.

The replay's own share is given twice: as validation minus reading (parse only), and
timed directly, around :func:`~kamisado_notation.validate.summarize` of each match as
it is read (less noisy, since it is not a difference of two timings). Goal for the
replay: ≥ 250k plies/s.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from kamisado_notation.generate import generate_match
from kamisado_notation.match import MATCH_TARGETS
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.validate import validate_file

FORMS = (Form.TEXT, Form.SYMBOLS, Form.SHORT, Form.COORDS)


def kamisado_corpus(matches: int, seed: int) -> tuple[str, int]:
    """The record text and its number of plies (entries, the ``...`` placeholder not)."""
    rng = random.Random(seed)
    parts = []
    plies = 0
    for i in range(matches):
        form = FORMS[i % len(FORMS)]
        m = generate_match(rng, target=MATCH_TARGETS["marathon"], index=i + 1, coords=form is Form.COORDS)
        plies += sum(1 for r in m.rounds for e in r.entries if not e.placeholder)
        parts.append(format_record(RecordFile("<bench>", matches=[m]), form=form))
    return "\n".join(parts), plies


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
        game = chess.pgn.Game.from_board(board)
        out.write(str(game))
        out.write("\n\n")
    return out.getvalue(), total


def time_kamisado(path: str) -> tuple[float, int]:
    start = time.perf_counter()
    report = validate_file(path)
    elapsed = time.perf_counter() - start
    assert report.valid, report.all_diagnostics()[:5]
    return elapsed, len(report.matches)


def time_parse_only(path: str) -> float:
    """Reading the matches without replaying them: the parser's share of validation."""
    from kamisado_notation.notation import open_matches

    start = time.perf_counter()
    for _m in open_matches(path):
        pass
    return time.perf_counter() - start


def time_replay_only(path: str) -> float:
    """The replay and judging alone: each match read, then timed through summarize()."""
    from kamisado_notation.notation import open_matches
    from kamisado_notation.validate import summarize

    clock = time.perf_counter
    total = 0.0
    for m in open_matches(path):
        start = clock()
        s = summarize(m)
        total += clock() - start
        assert s.valid, s.diagnostics[:5]
    return total


def time_chess(path: str) -> tuple[float, int]:
    import chess.pgn

    start = time.perf_counter()
    games = 0
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            assert not game.errors
            games += 1
    return time.perf_counter() - start, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    t0 = time.perf_counter()
    text, plies = kamisado_corpus(args.matches, args.seed)
    pgn, chess_plies = pgn_corpus(plies, args.seed)
    print(f"corpus: {args.matches} marathon matches, {plies} plies, {len(text) / 1e6:.1f} MB (mixed forms); "
          f"PGN {chess_plies} plies, {len(pgn) / 1e6:.1f} MB; built in {time.perf_counter() - t0:.1f}s")
    with tempfile.TemporaryDirectory() as tmp:
        kmr, pgn_path = os.path.join(tmp, "corpus.kmr"), os.path.join(tmp, "corpus.pgn")
        with open(kmr, "w", encoding="utf-8") as f:
            f.write(text)
        with open(pgn_path, "w", encoding="utf-8") as f:
            f.write(pgn)
        k_best = c_best = p_best = r_best = float("inf")
        for _ in range(args.runs):  # interleaved, so machine noise falls on both alike
            k, n = time_kamisado(kmr)
            assert n == args.matches
            c, _games = time_chess(pgn_path)
            p = time_parse_only(kmr)
            r = time_replay_only(kmr)
            k_best, c_best, p_best, r_best = min(k_best, k), min(c_best, c), min(p_best, p), min(r_best, r)
    k_rate, c_rate = plies / k_best, chess_plies / c_best
    print(f"kamisado validate: {k_best:.2f}s  {k_rate:,.0f} plies/s")
    print(f"  of which reading (parse only): {p_best:.2f}s  {plies / p_best:,.0f} plies/s; "
          f"replay and judging: {k_best - p_best:.2f}s  {plies / max(k_best - p_best, 1e-9):,.0f} plies/s")
    print(f"  replay and judging, timed directly: {r_best:.2f}s  {plies / r_best:,.0f} plies/s (goal >= 250,000)")
    print(f"chess.pgn.read_game: {c_best:.2f}s  {c_rate:,.0f} plies/s")
    print(f"ratio: {k_rate / c_rate:.2f}x python-chess (goal >= 2x)")


if __name__ == "__main__":
    main()
