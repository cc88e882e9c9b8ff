"""The Dask recipe (docs/dask.md) run for real on a local cluster of worker processes:
its document equals ``kamisado validate --json``'s, byte for byte."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

SAMPLES = ROOT / "samples"


def test_importing_the_module_does_not_import_dask() -> None:
    code = "import sys, kamisado_notation.checking.distributed; print('dask' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(), check=True)
    assert out.stdout.strip() == "False"


def test_dask_cluster_gives_the_validate_json_document(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from kamisado_notation.checking.distributed import validate_corpus
    from kamisado_notation.notation.writer import Form, format_record
    from kamisado_notation.play.generate import generate_records

    corpus = tmp_path / "corpus.kmr"
    text = format_record(generate_records(match="standard", seed=5, count=40), form=Form.SHORT)
    corpus.write_text(text + "Round 1\n1. Yellow Left 1 Red\n", encoding="utf-8")  # and an invalid last match
    paths = [str(p) for p in sorted(SAMPLES.glob("*.kmr"))] + [str(corpus)]
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster):
        doc = validate_corpus(paths)
    cli = subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "validate", "--json", *paths],
        capture_output=True, env=_env(), check=False,
    )
    assert cli.returncode == 1
    assert (json.dumps(doc, ensure_ascii=False) + "\n").encode() == cli.stdout


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_dask_cluster_gives_the_analyze_json_document() -> None:
    """A corpus analysed on a local cluster of worker processes (docs/dask.md) gives the
    document ``kamisado analyze --json`` writes, with the same depth and time."""
    distributed = pytest.importorskip("distributed")
    from kamisado_notation.play.distributed import analyse_corpus

    paths = [str(SAMPLES / "single-round.kmr"), str(SAMPLES / "pushes.kmr")]
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster):
        doc = analyse_corpus(paths, depth=3, time=1.0)
    cli = subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "analyze", "--json", "--depth", "3", "--time", "1000", *paths],
        capture_output=True, env=_env(), check=False,
    )
    assert cli.returncode == 0, cli.stderr
    assert doc == json.loads(cli.stdout)
    assert sum(len(f["matches"]) for f in doc["files"]) >= 2  # type: ignore[index, arg-type]


def test_dask_cluster_selects_and_counts_as_one_process_does() -> None:
    """The archive recipes (docs/dask.md) on a local cluster of worker processes: the
    matches found, deduplicated on the client, and the counts merged on the cluster, as
    ``select`` and ``statistics`` give them in one process."""
    distributed = pytest.importorskip("distributed")
    from kamisado_notation import select, statistics
    from kamisado_notation.checking.distributed import select_corpus, statistics_corpus
    from kamisado_notation.checking.selection_output import match_text

    paths = [str(SAMPLES)]
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster):
        found = select_corpus(paths, dedupe=True, forfeit=True, form="short")
        counted = statistics_corpus(paths, depth=2, match="standard")
    here = [(f.path, f.record.line, match_text(f, "short")) for f in select(paths, dedupe=True, forfeit=True)]
    assert [(path, line, text) for path, line, _, text, _ in found] == here and len(here) > 3
    assert counted.to_json() == statistics(paths, depth=2, match="standard").to_json()
