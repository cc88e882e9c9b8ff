"""What the ``kamisado`` command loads to run: one command's module, and for a record the
fast tiers read whole, none of the slower readers, the replay, the slips, the corrections
or the evidence reader's tables (start-up time, what a user feels on every call).
Counted as modules loaded and tables made, never in seconds: ``bench/bench_startup.py``
measures the time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

#: Prints what a run of the console script loaded: its output, the package's modules,
#: and which of the evidence reader's tables were made.
_RUN = """
import json, sys
from kamisado_notation.cli.app import main
sys.argv = ["kamisado", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
from kamisado_notation.notation import vocabulary
tables = ["EVIDENCE_COLOURS", "EVIDENCE_DIRECTIONS", "NUMBER_WORDS", "ARROW_DIRECTIONS", "SHORTCODES"]
print(json.dumps({
    "modules": sorted(m for m in sys.modules if m.startswith("kamisado_notation")),
    "tables": [t for t in tables if t in vars(vocabulary)],
}))
"""

#: What a record the fast tiers read whole does not need.
_SLOWER = {
    "kamisado_notation.checking.correct",
    "kamisado_notation.checking.replay",
    "kamisado_notation.checking.slips",
    "kamisado_notation.notation.kmr.columns",
    "kamisado_notation.notation.kmr.evidence",
    "kamisado_notation.notation.kmr.slow_tiers",
}


def _run(*args: str) -> tuple[list[str], set[str], list[str]]:
    """The output lines of ``kamisado ARGS``, the package's modules it loaded, and the
    evidence tables it made."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    r = subprocess.run([sys.executable, "-c", _RUN, *args], capture_output=True, text=True, check=True, env=env)
    *out, loaded = r.stdout.splitlines()
    found = json.loads(loaded)
    return out, set(found["modules"]), found["tables"]


def test_a_command_loads_no_other_command_s_module() -> None:
    out, modules, _tables = _run("perft", "1")
    assert out[-1] == "102"
    commands = {m for m in modules if m.startswith("kamisado_notation.cli.")}
    # (engine's SVG output is drawn by draw's helpers)
    assert commands == {"kamisado_notation.cli.app", "kamisado_notation.cli.common", "kamisado_notation.cli.engine", "kamisado_notation.cli.draw"}


def test_a_record_the_fast_tiers_read_is_validated_without_the_slower_readers(tmp_path: Path) -> None:
    record = tmp_path / "one.kmr"
    record.write_text("1. Yellow Left 1 Yellow\n", encoding="utf-8")
    out, modules, tables = _run("validate", str(record))
    assert out[0] == f"{record}: 1 match, 1 valid"
    assert {m for m in modules if m.startswith("kamisado_notation.cli.")} == {
        "kamisado_notation.cli.app", "kamisado_notation.cli.common", "kamisado_notation.cli.validate",
    }  # fmt: skip
    assert not {m for m in modules if m in _SLOWER or m.rpartition(".")[0] in _SLOWER}
    assert tables == []


def test_a_line_only_the_grammar_reads_loads_them_when_it_comes(tmp_path: Path) -> None:
    # the same record after a comment line (the grammar's), and a word only the evidence
    # reader knows: read and judged as before, the slower readers loaded for them
    record = tmp_path / "two.kmr"
    record.write_text("# a comment\n1. Yellow Left 1 Yellow  amarillo Forward 1 Blue\n", encoding="utf-8")
    out, modules, tables = _run("validate", str(record))
    assert f"{record}: 1 match, 1 valid" in out
    assert "kamisado_notation.notation.kmr.slow_tiers" in modules
    assert "EVIDENCE_COLOURS" in tables


def test_a_comment_line_the_grammar_reads_does_not_load_the_evidence_reader() -> None:
    # the sample begins with comment lines, which the grammar reads (its lexer and
    # parser loaded); the evidence reader is loaded only by a line the grammar stops at
    out, modules, tables = _run("validate", str(ROOT / "samples" / "standard-match.kmr"))
    assert out[0].endswith("standard-match.kmr: 1 match, 1 valid")
    assert "kamisado_notation.notation.kmr.general_path" in modules
    assert "kamisado_notation.notation.kmr.evidence" not in modules
    assert tables == []
