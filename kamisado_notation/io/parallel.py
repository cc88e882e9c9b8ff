"""Work shared out to worker processes in order (``kamisado validate --jobs N``: the
blocks of every file), keeping every result whatever happens to a worker.

A worker process can die without a word: killed by a signal, by the kernel when memory
runs out, or by ``os._exit`` in a library. :mod:`concurrent.futures` then marks the whole
pool broken and all the work queued fails with it, so the work that failed is done
again: the item at the head of the queue alone in a fresh worker (an item whose worker
dies again gets a :class:`Failure` that says so), the rest in a fresh pool. Every other
item gets its real result. A worker that raises (``MemoryError``, a bug) gives its item
a :class:`Failure` too. Ctrl-C (or the caller closing the stream of results) cancels the
queued work, stops the workers and re-raises at once.

No more workers are started than the machine has processors for this process, nor more
than there are items (when they are fewer than the items read ahead): ``--jobs 2000``
on one match starts one. When the workers cannot be started (too many open files, no
memory for another process), the workers already started are stopped and
:class:`~kamisado_notation.errors.ResourceError` says why.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass
from itertools import islice
from typing import Generic, TypeVar

from ..errors import ArgumentError, ResourceError, failure_reason

__all__ = ["Failure", "map_in_order", "usable_processors"]

A = TypeVar("A")
T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Failure:
    """Why an item has no result: its worker process died (``died``), or raised
    ``error`` (its type and message)."""

    died: bool
    error: str = ""


class _Pool(Generic[T, R]):
    """A process pool running ``fn``, made anew when a dying worker breaks it."""

    def __init__(self, fn: Callable[[T], R], jobs: int) -> None:
        self.fn, self.jobs = fn, jobs
        self.executor = _executor(jobs)

    def submit(self, work: T) -> Future[R]:
        try:
            return _submit(self.executor, self.fn, work)
        except BrokenProcessPool as e:  # broken under earlier work: this fails with it
            future: Future[R] = Future()
            future.set_exception(e)
            return future

    def submit_any(self, work: T | None) -> Future[R] | None:
        """:meth:`submit` of ``work``; ``None`` for an item with no work (it passes through)."""
        return self.submit(work) if work is not None else None

    def renew(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.executor = _executor(self.jobs)

    def result(self, payload: T | None, future: Future[R] | None, pending: deque[tuple[A, T | None, Future[R] | None]]) -> R | Failure | None:
        """The result of the item at the head of the queue (``pending`` the items after
        it); when its worker broke the pool, it is computed alone, and the work still
        queued is submitted again to a fresh pool."""
        if payload is None or future is None:
            return None
        try:
            return self.outcome(future)
        except BrokenProcessPool:
            pass
        result = self.alone(payload)  # a worker that dies again is the one that kills it
        self.renew()
        self.resubmit_lost(pending)
        return result

    def resubmit_lost(self, pending: deque[tuple[A, T | None, Future[R] | None]]) -> None:
        """The work queued in ``pending`` that a broken pool lost, submitted again (to
        the fresh pool)."""
        for i, (item, queued, old) in enumerate(pending):
            if queued is not None and old is not None and _lost(old):
                pending[i] = (item, queued, self.submit(queued))

    @staticmethod
    def outcome(future: Future[R]) -> R | Failure:
        """The future's result, or a :class:`Failure` for what its worker raised; a
        broken pool (a worker died) raises :class:`BrokenProcessPool`."""
        try:
            return future.result()
        except BrokenProcessPool:
            raise
        except Exception as e:  # noqa: BLE001 - raised in the worker (MemoryError, a bug): its item's verdict
            return Failure(died=False, error=f"{type(e).__name__}: {e}")

    def alone(self, work: T) -> R | Failure:
        """``fn(work)`` in a worker of its own."""
        executor = _executor(1)
        try:
            result = self.outcome(_submit(executor, self.fn, work))
        except BrokenProcessPool:
            result = Failure(died=True)
        except BaseException:
            _stop(executor)
            raise
        executor.shutdown(wait=True)
        return result

    def stop(self) -> None:
        _stop(self.executor)


def map_in_order(
    fn: Callable[[T], R],
    items: Iterable[A],
    jobs: int,
    *,
    work: Callable[[A], T | None],
    ahead: int | None = None,
) -> Iterator[tuple[A, R | Failure | None]]:
    """``(item, result)`` for each of ``items``, in order: ``fn(work(item))`` computed by
    up to ``jobs`` worker processes (``fn`` a module-level function, so that it can be
    sent to them; no more than :func:`usable_processors`, nor than there are items), or
    a :class:`Failure`; ``None`` for an item whose ``work`` is ``None`` (it passes
    through). At most ``ahead`` items (default: twice the workers) are read ahead of the
    one given. :class:`ArgumentError` when ``jobs`` is below 1, :class:`ResourceError`
    when the workers cannot be started."""
    if jobs < 1:
        raise ArgumentError(f"jobs must be at least 1, not {jobs}")
    workers = min(jobs, usable_processors())
    ahead = ahead if ahead is not None else 2 * workers
    source = iter(items)
    first = [(item, work(item)) for item in islice(source, ahead)]
    if len(first) < ahead:  # all the work there is: a worker an item at most
        workers = max(1, min(workers, sum(payload is not None for _, payload in first)))
    pool: _Pool[T, R] = _Pool(fn, workers)
    pending: deque[tuple[A, T | None, Future[R] | None]] = deque()
    try:
        for item, payload in first:
            pending.append((item, payload, pool.submit_any(payload)))
        while True:
            _fill(pool, source, pending, work, ahead)
            if not pending:
                break
            item, payload, future = pending.popleft()
            yield item, pool.result(payload, future, pending)
    except BaseException:  # Ctrl-C, or the results no longer wanted: no waiting for the work
        pool.stop()
        raise
    pool.executor.shutdown(wait=True)


def _fill(
    pool: _Pool[T, R],
    source: Iterator[A],
    pending: deque[tuple[A, T | None, Future[R] | None]],
    work: Callable[[A], T | None],
    ahead: int,
) -> None:
    """Read items into ``pending`` (their work submitted) until ``ahead`` are there."""
    while len(pending) < ahead:
        for item in source:  # the next item, if there is one
            payload = work(item)
            pending.append((item, payload, pool.submit_any(payload)))
            break
        else:
            return


def usable_processors() -> int:
    """The processors this process may run on (its affinity, else the machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _executor(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, which end at once on ``SIGTERM`` and ``SIGHUP``
    whatever handler they inherited from the process that made them, and when that
    process is gone (:func:`_worker_start`)."""
    try:
        return ProcessPoolExecutor(max_workers=workers, initializer=_worker_start, initargs=(os.getpid(),))
    except OSError as e:
        raise _refused(e) from None


def _submit(executor: ProcessPoolExecutor, fn: Callable[[T], R], work: T) -> Future[R]:
    """``executor.submit(fn, work)``; when the workers cannot be started, those started
    are stopped and :class:`ResourceError` says why."""
    try:
        return executor.submit(fn, work)
    except OSError as e:
        _stop(executor)
        raise _refused(e) from None


def _refused(e: OSError) -> ResourceError:
    return ResourceError(f"cannot start the worker processes: {failure_reason(e)}")


#: How often (seconds) a worker looks whether the process that made it is still there.
PARENT_CHECK = 0.25


def _worker_start(parent: int) -> None:
    """A worker's start: the default ``SIGTERM`` and ``SIGHUP`` handlers, and a thread
    that ends the worker at once when ``parent`` (the process that made it) is gone. A
    parent killed by ``SIGKILL`` runs no clean-up, and its workers, waiting for work on
    a queue nobody writes, would otherwise live on for ever; a worker whose parent died
    is given another (``getppid`` changes), which the thread sees within
    :data:`PARENT_CHECK` seconds. (Linux's ``PR_SET_PDEATHSIG`` is not used: it fires
    when the *thread* that started the worker ends, which may be long before the pool.)"""
    import signal
    import threading

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)

    started_by = os.getppid()  # (``parent``, or a fork server it started, which ends with it)

    def watch() -> None:
        while os.getppid() == started_by and _alive(parent):
            time.sleep(PARENT_CHECK)
        os._exit(1)  # (no clean-up: the work is nobody's now)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` is there (a signal 0 reaches it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # (there, and not ours to signal)
    return True


def _lost(future: Future[R]) -> bool:
    """Whether the work of ``future`` was lost with a broken pool (not done, cancelled,
    or failed with it)."""
    return not future.done() or future.cancelled() or isinstance(future.exception(), BrokenProcessPool)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now (their list is taken first:
    ``shutdown`` forgets it). They are killed: a worker holds nothing to clean up, and
    one still starting may not yet take ``SIGTERM`` as it should."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with suppress(OSError, AttributeError):
            process.kill()
