"""Regenerate the gallery's pictures (docs/*.svg) with the command line's own ``--svg``.

Run from anywhere: ``python3 docs/make_gallery.py``. Each picture is what the command
in ``GALLERY`` writes, so the gallery always shows the current renderer; the terminal
output of each command is thrown away. With ``--png`` (and ``rsvg-convert`` on the
PATH) a PNG copy of each picture is written too, 600 pixels wide, for looking at them
where SVG is not shown.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FIGURE_2A = "obpky.gn/......../......../......../.....r../......../......../NGRYKPBO g B"
FIGURE_7A = "..y.Prg./......G./k..Y..../R..o.K.n/..O...../.b....../.......p/.N..B... b -"
TRIPLE_SUMO = "obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P"

#: picture name -> the command's arguments (without --svg)
GALLERY = {
    "standard-match.svg": ["show", "samples/standard-match.kmr"],
    "push-of-three.svg": ["show", "samples/pushes.kmr", "--match", "2", "--ply", "1"],
    "moves-figure-2b.svg": ["moves", FIGURE_2A],
    "moves-push-glyphs.svg": ["moves", TRIPLE_SUMO, "--glyphs"],
    "lineup-figure-7.svg": ["lineup", FIGURE_7A, "--fill", "left"],
    "lineup-round-3.svg": ["lineup", "samples/standard-match.kmr", "--round", "3"],
    "in-progress-flipped.svg": ["show", "samples/in-progress.kmr", "--flip"],
    "deadlock.svg": ["show", "samples/deadlock.kmr"],
}


def main(argv: list[str]) -> int:
    png = "--png" in argv
    converter = shutil.which("rsvg-convert") if png else None
    if png and converter is None:
        sys.stderr.write("make_gallery: --png needs rsvg-convert (apt-get install librsvg2-bin)\n")
        return 2
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    for name, args in GALLERY.items():
        out = DOCS / name
        command = [sys.executable, "-m", "kamisado_notation.cli.app", *args, "--svg", str(out)]
        result = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        if result.returncode != 0:
            sys.stderr.write(f"make_gallery: {' '.join(args)} failed ({result.returncode}): {result.stderr}")
            return 1
        print(f"docs/{name}")
        if converter is not None:
            subprocess.run([converter, "-w", "600", str(out), "-o", str(out.with_suffix(".png"))], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
