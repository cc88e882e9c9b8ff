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
- ``full path``: the same inside ``general_paths(reading=False)`` (every match read into the record model
  and replayed), for comparison;
- ``python-chess``: a PGN file of random legal chess games with as many plies in all,
  read game by game with ``chess.pgn.read_game`` (which parses every SAN move and plays
  it on a board, as the validator replays every entry). Goal: ``validate`` ≥ 8× it;
- ``regex floor``: reading the same file and one ``re.finditer`` over its whole text
  with the entry pattern (:data:`~kamisado_notation.notation.kmr.fast_paths.SEG_RE`), the
  least any reader can do. Goal: ``validate`` within 5× of it;
- ``lines floor``: iterating the file's lines (``for line in file``), what any reader of
  a record pays before it looks at a line;
- ``cold``: :func:`validate_file` called once in a fresh process (a child's CPU time, less
  that of the same call on a one-line record): what a script's one call costs. The
  in-process ``validate`` runs above repeat the call, and the entries' fields it caches
  by their text stay warm from one run to the next, so ``cold / warm`` says how much of
  its speed that warmth is;
- ``command``: ``kamisado validate -q FILE`` as a user runs it (a child process's CPU
  time), less the CPU time of the same command on a one-line record (its start-up), so
  that ``cmd / lib`` compares the command's work with the library's cold call. Goal:
  within 1.15×;
- ``pgn-extract`` (Debian's package, C): reads the equal-ply PGN corpus and replays every
  move (``-s -o /dev/null``); the ``x pgn-extract`` columns are plies/s ratios against it,
  of the library and of the command. Measured, no goal (skipped where it is not installed).
"""

from __future__ import annotations

import argparse
import gc
import inspect
import io
import os
import random
import resource
import shutil
import statistics
import subprocess
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
from kamisado_notation.notation.kmr.fast_paths import SEG_RE
from kamisado_notation.notation.record import MatchRecord, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match

FORMS = (Form.TEXT, Form.SYMBOLS, Form.SHORT, Form.COORDS)
#: Whether this tree's validate_file has the fused path and its switch (a run on an
#: older tree measures its only path).
try:
    from kamisado_notation.notation.kmr.fast_paths import general_paths
except ImportError:  # an older tree took fused= on each call
    general_paths = None  # type: ignore[assignment]
HAS_FUSED = general_paths is not None or "fused" in inspect.signature(validate_file).parameters


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
    if fused or not HAS_FUSED:
        report = validate_file(path)
    elif general_paths is not None:
        with general_paths(reading=False):  # the full path, the reading's fast paths kept
            report = validate_file(path)
    else:
        report = validate_file(path, fused=False)  # type: ignore[call-arg]
    assert report.valid and len(report.matches) == matches, report.all_diagnostics()[:5]


def child_cpu(args: list[str]) -> float:
    """The CPU time (user + system) of a child process running ``args``, which must
    succeed (exit 0)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def command(path: str) -> list[str]:
    """``kamisado validate -q path``, from this tree."""
    return [sys.executable, "-m", "kamisado_notation.cli.app", "validate", "-q", path]


def library_call(path: str) -> list[str]:
    """One :func:`validate_file` call in a fresh process (the collector tuned as the
    command tunes it)."""
    code = (
        "import sys\n"
        "from kamisado_notation.cli.common import tune_gc\n"
        "from kamisado_notation.checking.validate import validate_file\n"
        "tune_gc()\n"
        "sys.exit(0 if validate_file(sys.argv[1]).valid else 1)\n"
    )
    return [sys.executable, "-c", code, path]


def run_lines(path: str) -> None:
    """Iterate the file's lines: the least a line reader pays."""
    with open(path, encoding="utf-8") as f:
        for _line in f:
            pass


PGN_EXTRACT = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")


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


Times = dict[tuple[str, str], list[float]]


def _write_files(tmp: str, texts: dict[str, str], pgn: str) -> tuple[dict[str, str], str, str]:
    """The corpora as files: each form's record, the PGN, and a one-line record."""
    paths = {}
    for name, text in {**texts, "corpus.pgn": pgn, "one-line": "1. Yellow Left 1 Yellow\n"}.items():
        paths[name] = os.path.join(tmp, name if name.endswith(".pgn") else f"{name}.kmr")
        with open(paths[name], "w", encoding="utf-8") as f:
            f.write(text)
    return {n: paths[n] for n in texts}, paths["corpus.pgn"], paths["one-line"]


def measure(tmp: str, texts: dict[str, str], pgn: str, matches: int, runs: int) -> Times:
    """Every job's CPU times, ``runs`` of each. Each form's jobs run right after a
    python-chess run of their own, in turns, so that each ratio compares figures taken a
    moment apart (this machine's speed drifts over a run)."""
    paths, pgn_path, one_line = _write_files(tmp, texts, pgn)
    jobs: dict[str, dict[str, Callable[[], object]]] = {}
    for name, path in paths.items():
        jobs[name] = {
            "chess": lambda: run_chess(pgn_path),
            "validate": lambda p=path: run_validate(p, matches),
            "floor": lambda p=path: run_floor(p),
            "lines": lambda p=path: run_lines(p),
        }
        if HAS_FUSED:
            jobs[name]["full"] = lambda p=path: run_validate(p, matches, fused=False)
    times: Times = {}
    for _ in range(runs):
        for name, form_jobs in jobs.items():
            for job_name, job in form_jobs.items():
                times.setdefault((name, job_name), []).append(cpu(job))
            # a fresh process's one call, and the command, each less its start-up
            for job_name, argv in (("cold", library_call), ("command", command)):
                start_up = child_cpu(argv(one_line))
                times.setdefault((name, job_name), []).append(child_cpu(argv(paths[name])) - start_up)
        if PGN_EXTRACT:
            times.setdefault(("pgn", "pgn-extract"), []).append(child_cpu([PGN_EXTRACT, "-s", "-o", os.devnull, pgn_path]))
    return times


def report(times: Times, forms: list[str], plies: int, chess_plies: int) -> None:
    """The table: rates, and ratios as medians of paired runs."""
    med = {key: statistics.median(ts) for key, ts in times.items()}

    def ratio(job: str, other: str, name: str) -> float:
        """The median over runs of ``job``'s time against ``other``'s beside it."""
        return statistics.median(t / o for t, o in zip(times[(name, job)], times[(name, other)], strict=True))

    all_chess = [t for (_, job), ts in times.items() if job == "chess" for t in ts]
    print(f"python-chess read_game: {chess_plies / statistics.median(all_chess):12,.0f} plies/s (median of all its runs)")
    pgn_rate = chess_plies / med[("pgn", "pgn-extract")] if PGN_EXTRACT else None
    if pgn_rate is not None:
        print(f"pgn-extract -s:         {pgn_rate:12,.0f} plies/s (median of its runs)")
    print(f"{'form':8} {'validate plies/s':>17} {'x chess':>8} {'x regex':>8} {'x lines':>8} {'full path':>12} "
          f"{'fused gain':>11} {'cold/warm':>10} {'cmd / lib':>10} {'lib x pgn-extract':>18} {'cmd x pgn-extract':>18}")
    for name in forms:
        rate = plies / med[(name, "validate")]
        x_chess = plies / chess_plies / ratio("validate", "chess", name)
        full = f"{plies / med[(name, 'full')]:12,.0f}" if HAS_FUSED else f"{'-':>12}"
        gain = f"{med[(name, 'full')] / med[(name, 'validate')]:10.2f}x" if HAS_FUSED else f"{'-':>11}"
        lib_pgn = f"{rate / pgn_rate:17.2f}x" if pgn_rate else f"{'-':>18}"
        cmd_pgn = f"{plies / med[(name, 'command')] / pgn_rate:17.2f}x" if pgn_rate else f"{'-':>18}"
        print(f"{name:8} {rate:17,.0f} {x_chess:7.2f}x {ratio('validate', 'floor', name):7.2f}x "
              f"{ratio('validate', 'lines', name):7.2f}x {full} {gain} {ratio('cold', 'validate', name):9.2f}x "
              f"{ratio('command', 'cold', name):9.2f}x {lib_pgn} {cmd_pgn}")
    print("goals: validate >= 8x python-chess; validate time within 5x the regex floor ('x regex' <= 5); "
          "the command's work within 1.15x the library's cold call ('cmd / lib')")


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
        times = measure(tmp, texts, pgn, args.matches, args.runs)
    report(times, list(texts), plies, chess_plies)


if __name__ == "__main__":
    main()
