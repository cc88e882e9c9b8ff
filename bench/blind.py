"""Blind reading figures: how many rounds of records written by people the reader was
never told about are judged right, with no false blame, and restored by ``fix``.

    python3 bench/blind.py truth DIR --first 2697 --count 12
    python3 bench/blind.py score DIR [--truths TRUTHS] [--base SRC]

``truth`` writes, for each seed, a generated match (to 1, 3 or 7 points, drawn from the
seed) as ``truth_SEED.kmr`` and as ``truth_SEED.txt``: a plain table of every round's
lineups and moves (side, tower, squares, direction, distance, the colour landed on,
forfeits, pushes, back-entries) and result, from which somebody who has never read this
project's reader writes a record in whatever style they like. The records themselves
are never kept in the repository: a figure is only worth anything on records the reader
has not been fitted to, so each measurement needs fresh ones.

``score`` reads ``DIR/manifest.json`` (``{"file name": seed, ...}``; the truths in
``TRUTHS``, by default ``DIR``) and for each record
prints the rounds judged with the truth's winner, the rounds judged with another winner
(false judgement), the errors, and whether ``kamisado fix FILE -o NEW`` wrote every move
of the truth (back-entries aside, and the forfeits that lead into a deadlock, which a
record may write or leave off); then the totals. ``--base SRC`` runs the same score with
the package at SRC (a checkout of an earlier commit) first, for a before/after pair.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def write_truths(out: Path, first: int, count: int) -> None:
    from kamisado_notation import replay_match
    from kamisado_notation.engine.board import square_name
    from kamisado_notation.notation.record import RecordFile
    from kamisado_notation.notation.writer import Form, format_record
    from kamisado_notation.play.generate import generate_match

    out.mkdir(parents=True, exist_ok=True)
    for seed in range(first, first + count):
        rng = random.Random(seed)
        match = generate_match(rng, target=rng.choice([1, 3, 3, 3, 7]))
        (out / f"truth_{seed}.kmr").write_text(format_record(RecordFile("<t>", matches=[match]), form=Form.TEXT), encoding="utf-8")
        replayed = replay_match(match)
        lines = [f"Match to {replayed.target} points (seed {seed})", ""]
        for rnd in replayed.rounds:
            lines.append(f"Round {rnd.number}" + (f" (the winner of the round before chose to fill from the {rnd.fill.value})" if rnd.fill else ""))
            for side, squares in (("Black", range(56, 64)), ("Gold", range(8))):
                row = []
                for sq in squares:
                    tower = rnd.start.tower_at(sq)
                    row.append(f"{square_name(sq)}={tower.colour.title}" + "*" * tower.rings if tower else f"{square_name(sq)}=-")
                lines.append(f"  start row of {side}: " + " ".join(row))
            for ply in rnd.plies:
                m = ply.move
                kind = ply.kind.value
                if getattr(m, "is_forfeit", False):
                    desc = f"{ply.side.title} {m.tower.title if m.tower else '?'} cannot move (forfeit), stays on {square_name(m.origin)}"
                else:
                    desc = (
                        f"{ply.side.title} {m.tower.title if m.tower else '?'} {square_name(m.origin)}-{square_name(m.target)}"
                        f" {m.direction} {m.distance}, lands on a square coloured {m.square_colour.title}"
                    )
                lines.append(f"  {ply.number:3} {desc}" + (f" [{kind}]" if kind not in ("move", "normal") else ""))
            res = rnd.result
            lines.append(f"  result: {res.winner.title} wins by {res.by}, {res.points} point(s)" if res else "  result: unfinished")
            lines.append("")
        (out / f"truth_{seed}.txt").write_text("\n".join(lines), encoding="utf-8")
        print(f"truth_{seed}: {len(match.rounds)} rounds")


SCORER = r"""
import json, os, subprocess, sys, tempfile
from pathlib import Path
from kamisado_notation import Severity, replay_match, validate_file
from kamisado_notation.checking.replay import PlyKind
from kamisado_notation.notation import parse_record

folder, truths = Path(sys.argv[1]), Path(sys.argv[2])
manifest = json.loads((folder / "manifest.json").read_text())

def moves(match):
    # (each round's moves, back-entries aside, and the forfeits that lead into a deadlock,
    # which a record may write or leave off: the same round either way)
    out = []
    for r in replay_match(match).rounds:
        played = [p.move for p in r.plies if p.move and p.kind is not PlyKind.BACK]
        while r.result is not None and str(r.result.by) == "deadlock" and played and played[-1].is_forfeit:
            played.pop()
        out.append([(m.origin, m.target) for m in played])
    return out

rows = []
for name, seed in sorted(manifest.items()):
    (truth,) = parse_record((truths / f"truth_{seed}.kmr").read_text()).matches
    want = [str(r.result.winner) if r.result else None for r in replay_match(truth).rounds]
    row = {"file": name, "rounds": len(want), "right": 0, "wrong": 0, "errors": None, "fix": False}
    try:
        report = validate_file(str(folder / name))
        got = [str(r.winner) if r else None for m in report.matches for _, r in m.rounds]
        row["right"] = sum(1 for g, w in zip(got, want) if g is not None and g == w)
        row["wrong"] = sum(1 for g, w in zip(got, want) if g is not None and g != w)
        row["errors"] = sum(1 for m in report.matches for d in m.diagnostics if d.severity is Severity.ERROR)
    except Exception as exc:  # a traceback is a finding
        row["crash"] = repr(exc)[:120]
    with tempfile.TemporaryDirectory() as tmp:
        new = Path(tmp) / "fixed.kmr"
        run = subprocess.run([sys.executable, "-m", "kamisado_notation.cli", "fix", str(folder / name), "-o", str(new)], capture_output=True, text=True)
        if "Traceback" in run.stderr:
            row["crash"] = "fix: " + run.stderr.strip().splitlines()[-1][:120]
        if new.exists():
            try:
                fixed = parse_record(new.read_text()).matches
                row["fix"] = len(fixed) == 1 and moves(fixed[0]) == moves(truth)
            except Exception:
                pass
    rows.append(row)
print(json.dumps(rows))
"""


def score(folder: Path, truths: Path, src: Path) -> list[dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=str(src))
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCORER)
    run = subprocess.run([sys.executable, f.name, str(folder), str(truths)], check=False, capture_output=True, text=True, env=env, cwd=str(src))
    os.unlink(f.name)
    if run.returncode:
        sys.exit(run.stderr)
    return json.loads(run.stdout)


def show(label: str, rows: list[dict[str, object]]) -> None:
    print(label)
    for r in rows:
        crash = f"  CRASH {r['crash']}" if "crash" in r else ""
        print(f"  {r['file']:40} {r['right']}/{r['rounds']} wrong {r['wrong']} errors {r['errors']} fix {'ok' if r['fix'] else 'no'}{crash}")
    n = len(rows)
    rounds = sum(int(r["rounds"]) for r in rows)  # type: ignore[call-overload]
    right = sum(int(r["right"]) for r in rows)  # type: ignore[call-overload]
    wrong = sum(int(r["wrong"]) for r in rows)  # type: ignore[call-overload]
    clean = sum(1 for r in rows if r["errors"] == 0 and r["right"] == r["rounds"])
    fixed = sum(1 for r in rows if r["fix"])
    print(f"  total: rounds {right}/{rounds}, wrong winners {wrong}, records with no error {clean}/{n}, fix {fixed}/{n}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="job", required=True)
    t = sub.add_parser("truth")
    t.add_argument("dir", type=Path)
    t.add_argument("--first", type=int, required=True)
    t.add_argument("--count", type=int, default=12)
    s = sub.add_parser("score")
    s.add_argument("dir", type=Path)
    s.add_argument("--truths", type=Path)
    s.add_argument("--base", type=Path)
    args = parser.parse_args()
    if args.job == "truth":
        write_truths(args.dir, args.first, args.count)
        return
    truths = (args.truths or args.dir).resolve()
    if args.base:
        show(f"base ({args.base})", score(args.dir.resolve(), truths, args.base.resolve()))
    show("now", score(args.dir.resolve(), truths, HERE))


if __name__ == "__main__":
    main()
