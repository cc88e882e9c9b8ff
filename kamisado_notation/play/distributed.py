"""Analysing a corpus on a Dask cluster (``pip install 'kamisado-notation[dask]'``; the
recipe is in ``docs/dask.md``), as :mod:`kamisado_notation.checking.distributed`
validates one: a ``dask.bag`` over the record files, each analysed on a worker by
:func:`~kamisado_notation.play.analyse.analyse` into the object ``kamisado analyze
--json`` writes of a file (``{"path", "matches"}``), gathered in the files' order into
its ``{"files": [...]}`` document. Dask is imported only when a bag is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from .analyse import DEFAULT_NODES, analyse

if TYPE_CHECKING:
    import dask.bag

__all__ = ["analyse_corpus", "analysis_bag", "file_analysis"]


def file_analysis(path: str, *, depth: int | None = None, time: float | None = None, nodes: int | None = DEFAULT_NODES) -> dict[str, object]:
    """The object ``kamisado analyze --json`` writes for the record file at ``path``
    (a task of the bag; the worker reads the file, so ``path`` must be readable there)."""
    return {"path": path, "matches": [a.as_dict() for a in analyse(path, depth=depth, time=time, nodes=nodes)]}


def analysis_bag(
    paths: Iterable[str], *, depth: int | None = None, time: float | None = None, nodes: int | None = DEFAULT_NODES, partition_size: int = 1
) -> dask.bag.Bag:
    """A lazy ``dask.bag`` of :func:`file_analysis` over ``paths`` (a folder: the record
    files in it and below it, as the commands read it), in order."""
    import dask.bag as db

    from ..notation.files.opening import record_paths

    from_sequence: Any = db.from_sequence  # (dask is not typed)
    task = partial(file_analysis, depth=depth, time=time, nodes=nodes)
    return cast("dask.bag.Bag", from_sequence(record_paths(paths), partition_size=partition_size).map(task))


def analyse_corpus(
    paths: Iterable[str], *, depth: int | None = None, time: float | None = None, nodes: int | None = DEFAULT_NODES, **compute: Any
) -> dict[str, object]:
    """The ``kamisado analyze --json`` document of the files ``paths``, analysed by Dask:
    on the cluster of the current ``distributed.Client`` if there is one (else Dask's
    default scheduler); ``compute`` goes to ``dask.compute`` (``scheduler=``…)."""
    bag: Any = analysis_bag(paths, depth=depth, time=time, nodes=nodes)
    return {"files": list(bag.compute(**compute))}
