"""Peak memory of the commands that read whole record files, as a ratio between a corpus
and the same corpus repeated K times (issue 11: memory flat in the number of matches;
issue 20: ``fix`` too; issue 32: ``standings`` and ``html``, and 20x and 40x at once).

    python3 bench/bench_memory.py [--matches N] [--times K [K ...]] [--root DIR]

Each command runs in a subprocess; its peak resident set size is its own ``VmHWM``
(``/proc/self/status``, read as it exits), not the ``ru_maxrss`` that ``os.wait4``
reports: that one counts the memory the child had before it started Python, a copy of
this script's own at the fork (a floor that hid every command's figure). ``--root`` is
the source tree to measure (on ``PYTHONPATH``; default: this one), so an older checkout
can be measured the same way. Goal: every ratio ≤ 1.3 (peak memory depends on the
largest match, not on the file), but for ``html`` and ``standings``, whose crosstable
lists every result: ``html`` holds its page's index (about 0.6 KB a match: 1.24 at 20x,
1.5 at 40x), not its page (about 12 KB a match, which waits in temporary files until
it is written; held whole, it took 11.5 times as much at 20x).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "validate": ["validate", "{file}"],
    "validate --json": ["validate", "--json", "{file}"],
    "convert --to short": ["convert", "{file}", "--to", "short"],
    "convert --to json": ["convert", "{file}", "--to", "json"],
    "show --match 2": ["show", "{file}", "--match", "2", "--no-color"],
    "fix": ["fix", "{file}"],
    "standings --json": ["standings", "--json", "{file}"],
    "html": ["html", "{file}", "-o", "{page}"],
    # the same corpus in the JSON form of a record (``convert --to json``), read back
    "validate (JSON)": ["validate", "{json}"],
    "convert (JSON) --to short": ["convert", "{json}", "--to", "short"],
    "show (JSON) --match 2": ["show", "{json}", "--match", "2", "--no-color"],
}


# Runs the command line as the console script does, but for its ``os._exit`` (which
# skips everything after it), and writes its peak RSS (KiB) to the file named first.
_MEASURED = """\
import sys
out, sys.argv = sys.argv[1], ["kamisado", *sys.argv[2:]]
from kamisado_notation.cli.app import main
try:
    main()
except SystemExit:
    pass
with open("/proc/self/status") as f:
    hwm = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
with open(out, "w") as f:
    f.write(hwm)
"""


def peak_kb(root: Path, args: list[str]) -> int:
    """The peak RSS (KiB) of ``kamisado ARGS`` run from the tree ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.NamedTemporaryFile("r", suffix=".kb") as out:
        cmd = [sys.executable, "-c", _MEASURED, out.name, *args]
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=root, check=False)
        if done.returncode not in (0, 1):  # (1: an invalid record, still measured)
            raise SystemExit(f"kamisado {' '.join(args)} failed: {done.stderr.decode(errors='replace')}")
        return int(out.read())


def corpus(root: Path, folder: str, matches: int, times: list[int]) -> list[str]:
    """A generated corpus of ``matches`` standard matches (its players named from eight,
    so that the standings count them), and it repeated each of ``times`` times (each also
    in the JSON form, beside it with ``.json`` for ``.kmr``)."""
    paths = [os.path.join(folder, "corpus.kmr"), *(os.path.join(folder, f"corpus-x{t}.kmr") for t in times)]
    env = {**os.environ, "PYTHONPATH": str(root)}
    app = [sys.executable, "-m", "kamisado_notation.cli.app"]
    text = subprocess.run([*app, "generate", "--seed", "1", "--count", str(matches)], capture_output=True, env=env, cwd=root, check=True).stdout
    text = _named(text)
    for path, t in zip(paths, [1, *times], strict=True):
        Path(path).write_bytes(b"\n".join([text] * t))
        subprocess.run([*app, "convert", path, "--to", "json", "-o", _json(path)], env=env, cwd=root, check=True)
    return paths


def _named(text: bytes) -> bytes:
    """The generated matches with their players named ``P0``…``P7`` in turn (each
    match's two different), where the generator names both ``Random``."""
    out, k = [], 0
    for line in text.split(b"\n"):
        if line == b'[Black "Random"]':
            k += 1
            line = b'[Black "P%d"]' % (k % 8)
        elif line == b'[Gold "Random"]':
            line = b'[Gold "P%d"]' % ((k + 1 + (k // 8) % 7) % 8)  # (1 to 7 on from Black: never Black)
        out.append(line)
    return b"\n".join(out)


def _json(path: str) -> str:
    return path.removesuffix(".kmr") + ".json"


def _args(template: list[str], path: str) -> list[str]:
    page = path.removesuffix(".kmr") + ".html"
    return [path if t == "{file}" else _json(path) if t == "{json}" else page if t == "{page}" else t for t in template]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--times", type=int, nargs="+", default=[20, 40])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = corpus(ROOT, tmp, args.matches, args.times)
        sizes = ", ".join(f"{os.path.getsize(p) / 1e6:.1f} MB" for p in paths)
        print(f"code: {args.root}; corpus: {args.matches} standard matches ({sizes}; x1, " + ", ".join(f"x{t}" for t in args.times) + ")")
        columns = ["x1", *(f"x{t}" for t in args.times)]
        print(f"{'command':26} " + " ".join(f"{c:>10}" for c in columns) + " " + " ".join(f"{'ratio ' + c:>10}" for c in columns[1:]))
        for name in args.commands:
            template = COMMANDS[name]
            peaks = [peak_kb(args.root, _args(template, p)) for p in paths]
            print(f"{name:26} " + " ".join(f"{p / 1024:8.1f}MB" for p in peaks) + " " + " ".join(f"{p / peaks[0]:10.2f}" for p in peaks[1:]))


if __name__ == "__main__":
    main()
