"""Validating a corpus too large for one machine on a Dask cluster (``pip install
'kamisado-notation[dask]'``; recipe in ``docs/dask.md``).

Validation is a pure function of a file (of a match, even), so an existing engine
shares it out: a ``dask.bag`` over the files, each validated on a worker with the
library's streaming validator (:func:`~kamisado_notation.checking.validate.validate_file`, a
block of matches at a time) into its object the README describes, and the objects gathered in
the files' order are the ``{"files": [...]}`` document ``kamisado validate --json``
writes. Dask is imported only when a bag is made: importing this module needs nothing
more than the package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from .validate import validate_file

if TYPE_CHECKING:
    import dask.bag

__all__ = ["file_json", "validate_corpus", "validation_bag"]


def file_json(path: str) -> dict[str, object]:
    """The object the README describes for the record file at ``path`` (a task of the bag; the
    worker reads the file, so ``path`` must be readable there)."""
    return validate_file(path).to_json()


def validation_bag(paths: Iterable[str], *, partition_size: int = 1) -> dask.bag.Bag:
    """A lazy ``dask.bag`` of :func:`file_json` over ``paths``, in order: gather it, or
    keep it distributed (``.map(json.dumps).to_textfiles(...)``, ``.filter(...)``). A
    folder is the record files in it and below it, as ``kamisado validate`` reads it
    (:func:`~kamisado_notation.notation.files.opening.record_paths`)."""
    import dask.bag as db

    from ..notation.files.opening import record_paths

    from_sequence: Any = db.from_sequence  # (dask is not typed)
    return cast("dask.bag.Bag", from_sequence(record_paths(paths), partition_size=partition_size).map(file_json))


def validate_corpus(paths: Iterable[str], **compute: Any) -> dict[str, object]:
    """The ``validate --json`` document (README, *Command line*) of the files ``paths``, validated by
    Dask: on the cluster of the current ``distributed.Client`` if there is one (else
    Dask's default scheduler); ``compute`` goes to ``dask.compute`` (``scheduler=``…)."""
    bag: Any = validation_bag(paths)
    files = bag.compute(**compute)
    return {"files": list(files)}
