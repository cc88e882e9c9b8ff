"""The README as a new user reads it: its diagram example is what ``show`` draws today,
and its two set-up commands work on a fresh clone with only Python and pip
(``KAMISADO_INSTALL_TEST=1``: it makes a virtual environment and installs into it, a
minute or so; ``.ci/run`` sets it)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from tests.support.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readmes_diagram_example_is_what_show_draws() -> None:
    block = re.search(r"```\n\$ kamisado (show [^\n#]*?)\s*# in an 80-column terminal\n(.*?)```", README, re.DOTALL)
    assert block is not None
    args, shown = block.group(1).split(), block.group(2).splitlines()
    assert shown[0].startswith("…")  # the match table, left out
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    drawn = [line.rstrip() for line in result.stdout.splitlines()]
    start = drawn.index(shown[1])
    assert drawn[start:] == shown[1:]


def setup_commands() -> list[str]:
    block = re.search(r"\A# kamisado-notation\n\n```\n(.*?)```", README, re.DOTALL)
    assert block is not None
    return block.group(1).splitlines()


def test_the_setup_is_two_commands_each_in_its_own_virtual_environment() -> None:
    lines = setup_commands()
    assert len(lines) == 2
    for line in lines:
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && python -m pip install ")
    assert lines[1].endswith("python -m pytest")


@pytest.mark.skipif(os.environ.get("KAMISADO_INSTALL_TEST") != "1", reason="set KAMISADO_INSTALL_TEST=1 (installs into a fresh venv)")
def test_the_setup_commands_work_on_a_fresh_clone(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "HYPOTHESIS_PROFILE", "COLUMNS")}
    first, second = setup_commands()
    done = subprocess.run(["bash", "-c", first], cwd=clone, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "match 1 (line 3): valid" in done.stdout and "Gold has reached the home row" in done.stdout
    assert (clone / ".venv" / "bin" / "kamisado").exists()
    # the second command as written, its pytest run on one test file of the clone
    tests = subprocess.run(["bash", "-c", second + " -q tests/cli/test_help.py"], cwd=clone, env=env, capture_output=True, text=True, check=False)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-3000:]
    assert re.search(r"^\.+ +\[100%\]$", tests.stdout, re.MULTILINE), tests.stdout[-1000:]
