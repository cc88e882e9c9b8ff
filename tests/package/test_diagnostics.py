"""Diagnostics as values that travel: pickled in a worker process, read in another."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.support.paths import ROOT

#: A worker: its slip declared a kind; its diagnostic and a member kind, pickled.
_WORKER = """
import pickle, sys
from kamisado_notation.diagnostics import Diagnostic, Kind
kind = Kind.declare("a-kind-only-a-worker-declared")
sys.stdout.buffer.write(pickle.dumps([Diagnostic("T2", "a slip", 3, 4, kind=kind), Kind.SWAPPED_ROW]))
"""
#: Where they land: a process that never loaded the slip's module.
_LANDING = """
import json, pickle, sys
from kamisado_notation.diagnostics import Diagnostic, Kind
d, member = pickle.loads(sys.stdin.buffer.read())
print(json.dumps([
    isinstance(d, Diagnostic), d.rule, d.line, d.column, d.kind.value,
    d.kind is Kind("a-kind-only-a-worker-declared"), d.kind in Kind.every(), member is Kind.SWAPPED_ROW,
]))
"""


def test_a_kind_a_slip_declared_in_a_worker_is_known_where_its_diagnostic_lands() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    sent = subprocess.run([sys.executable, "-c", _WORKER], capture_output=True, check=True, env=env).stdout
    landed = subprocess.run([sys.executable, "-c", _LANDING], input=sent, capture_output=True, check=True, env=env)
    assert json.loads(landed.stdout) == [True, "T2", 3, 4, "a-kind-only-a-worker-declared", True, True, True]
