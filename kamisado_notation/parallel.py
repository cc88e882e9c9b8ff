"""Validating many files in worker processes (``kamisado validate --jobs N``), keeping
every result whatever happens to a worker.

A worker process can die without a word: killed by a signal, by the kernel when memory
runs out, or by ``os._exit`` in a library. :mod:`concurrent.futures` then marks the whole
pool broken and every file still queued fails with it, so the files that failed are
validated again, each alone in a fresh worker: a file whose worker dies again gets a
report with one ``io`` diagnostic that says so, and every other file its real report.
A worker that raises (``MemoryError``, a bug) gives its file an ``io`` diagnostic too.
Ctrl-C cancels the queued files, stops the workers and re-raises at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

from .diagnostics import Diagnostic
from .validate import FileReport, validate_file

__all__ = ["validate_in_parallel"]

Worker = Callable[[str], FileReport]


def validate_in_parallel(paths: Sequence[str], jobs: int, *, worker: Worker = validate_file) -> list[FileReport]:
    """The report of each of ``paths``, in their order, computed by up to ``jobs``
    worker processes running ``worker`` (a module-level function, so that it can be
    sent to them: :func:`~kamisado_notation.validate.validate_file` by default)."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    results: dict[int, FileReport] = {}
    broken = _run(paths, range(len(paths)), jobs, worker, results)
    for i in broken:  # each alone: a file whose worker dies again is the one that kills it
        if _run(paths, [i], 1, worker, results):
            results[i] = _failed(paths[i], "the worker process validating it died (killed, or out of memory)")
    return [results[i] for i in range(len(paths))]


def _run(paths: Sequence[str], indices: Sequence[int], jobs: int, worker: Worker, results: dict[int, FileReport]) -> list[int]:
    """Run ``worker`` on ``paths[i]`` for each of ``indices`` into ``results``; return
    the indices whose worker died (the pool broke under them), in order."""
    broken: list[int] = []
    pool = ProcessPoolExecutor(max_workers=max(1, min(jobs, len(indices))))
    try:
        futures: dict[Future[FileReport], int] = {pool.submit(worker, paths[i]): i for i in indices}
        for future in as_completed(futures):
            i = futures[future]
            try:
                results[i] = future.result()
            except BrokenProcessPool:
                broken.append(i)
            except Exception as e:  # noqa: BLE001 - raised in the worker (MemoryError, a bug): its file's verdict
                results[i] = _failed(paths[i], f"validating it failed: {type(e).__name__}: {e}")
    except BaseException:  # Ctrl-C: no waiting for queued or running work
        _stop(pool)
        raise
    pool.shutdown(wait=True)
    return sorted(broken)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now."""
    pool.shutdown(wait=False, cancel_futures=True)
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.terminate()
        except (OSError, AttributeError):
            pass


def _failed(path: str, message: str) -> FileReport:
    from .notation import source_name

    return FileReport(source_name(path), diagnostics=[Diagnostic("io", message, 0, 0)])
