"""Peak memory of the commands that read whole record files, as a ratio between a corpus
and the same corpus repeated 20 times (issue 11: memory flat in the number of matches;
issue 20: ``fix`` too).

    python3 bench/bench_memory.py [--matches N] [--times K] [--root DIR]

Each command runs in a subprocess; its peak resident set size is its own ``VmHWM``
(``/proc/self/status``, read as it exits), not the ``ru_maxrss`` that ``os.wait4``
reports: that one counts the memory the child had before it started Python, a copy of
this script's own at the fork (a floor that hid every command's figure). ``--root`` is
the source tree to measure (on ``PYTHONPATH``; default: this one), so an older checkout
can be measured the same way. Goal: every ratio ≤ 1.3 (peak memory depends on the
largest match, not on the file).
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
    # the same corpus in the JSON form of a record (``convert --to json``), read back
    "validate (JSON)": ["validate", "{json}"],
    "convert (JSON) --to short": ["convert", "{json}", "--to", "short"],
    "show (JSON) --match 2": ["show", "{json}", "--match", "2", "--no-color"],
}


# Runs the command line as ``python -m`` would, and writes its peak RSS (KiB) to the
# file named first when it exits.
_MEASURED = """\
import atexit, runpy, sys
out, sys.argv = sys.argv[1], ["kamisado", *sys.argv[2:]]
def peak():
    with open("/proc/self/status") as f:
        hwm = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
    with open(out, "w") as f:
        f.write(hwm)
atexit.register(peak)
runpy.run_module("kamisado_notation.cli.app", run_name="__main__", alter_sys=True)
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


def corpus(root: Path, folder: str, matches: int, times: int) -> tuple[str, str]:
    """A generated corpus of ``matches`` standard matches, and it repeated ``times`` times
    (each also in the JSON form, beside it with ``.json`` for ``.kmr``)."""
    small, large = os.path.join(folder, "corpus.kmr"), os.path.join(folder, f"corpus-x{times}.kmr")
    env = {**os.environ, "PYTHONPATH": str(root)}
    app = [sys.executable, "-m", "kamisado_notation.cli.app"]
    text = subprocess.run([*app, "generate", "--seed", "1", "--count", str(matches)], capture_output=True, env=env, cwd=root, check=True).stdout
    Path(small).write_bytes(text)
    Path(large).write_bytes(b"\n".join([text] * times))
    for path in (small, large):
        subprocess.run([*app, "convert", path, "--to", "json", "-o", _json(path)], env=env, cwd=root, check=True)
    return small, large


def _json(path: str) -> str:
    return path.removesuffix(".kmr") + ".json"


def _args(template: list[str], path: str) -> list[str]:
    return [path if t == "{file}" else _json(path) if t == "{json}" else t for t in template]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--times", type=int, default=20)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small, large = corpus(ROOT, tmp, args.matches, args.times)
        sizes = (f"{os.path.getsize(small) / 1e6:.1f} MB and {os.path.getsize(large) / 1e6:.1f} MB; JSON "
                 f"{os.path.getsize(_json(small)) / 1e6:.1f} MB and {os.path.getsize(_json(large)) / 1e6:.1f} MB")
        print(f"code: {args.root}; corpus: {args.matches} standard matches ({sizes}, x{args.times})")
        print(f"{'command':26} {'corpus':>10} {'x' + str(args.times):>10} {'ratio':>7}")
        for name in args.commands:
            template = COMMANDS[name]
            a = peak_kb(args.root, _args(template, small))
            b = peak_kb(args.root, _args(template, large))
            print(f"{name:26} {a / 1024:8.1f}MB {b / 1024:8.1f}MB {b / a:7.2f}")


if __name__ == "__main__":
    main()
