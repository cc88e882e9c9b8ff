"""Validating a corpus too large for one machine on a Dask cluster (``pip install
'kamisado-notation[dask]'``; recipe in ``docs/dask.md``).

Validation is a pure function of a file (of a match, even), so an existing engine
shares it out: a ``dask.bag`` over the files, each validated on a worker with the
library's streaming validator (:func:`~kamisado_notation.checking.validate.validate_file`, a
block of matches at a time) into its object the README describes, and the objects gathered in
the files' order are the ``{"files": [...]}`` document ``kamisado validate --json``
writes. An archive is selected and counted the same way (:func:`selection_bag`,
:func:`select_corpus`; :func:`statistics_bag`, :func:`statistics_corpus`): a task reads
one file, and what the tasks give is put together in the files' order. Dask is imported
only when a bag is made: importing this module needs nothing more than the package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from .archive import Criteria, select
from .selection_output import match_text
from .statistics import Statistics, file_statistics
from .validate import validate_file

if TYPE_CHECKING:
    import dask.bag

__all__ = [
    "FoundText", "file_json", "file_selection", "select_corpus", "selection_bag", "statistics_bag", "statistics_corpus",
    "validate_corpus", "validation_bag",
]  # fmt: skip


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


#: A match a task found: its file, its line, the digest of its moves (with ``dedupe``,
#: else ``None``), and its text in the form asked (``None`` with why it cannot be).
FoundText = tuple[str, int, bytes | None, str | None, str | None]


def file_selection(path: str, criteria: Criteria, *, form: str = "text", dedupe: bool = False) -> list[FoundText]:
    """The matches of the record file ``path`` that meet ``criteria``, each as
    :data:`FoundText` (a task of :func:`selection_bag`)."""
    from ..errors import FormatError
    from .archive import moves_digest

    out: list[FoundText] = []
    for found in select([path], criteria):
        digest = moves_digest(found.replay) if dedupe else None
        try:
            out.append((found.path, found.record.line, digest, match_text(found, form), None))
        except FormatError as e:
            out.append((found.path, found.record.line, digest, None, str(e)))
    return out


def selection_bag(
    paths: Iterable[str], criteria: Criteria | None = None, *, form: str = "text", dedupe: bool = False,
    partition_size: int = 1, **named: object,
) -> dask.bag.Bag:  # fmt: skip
    """A lazy ``dask.bag`` of the matches found in ``paths`` (:func:`file_selection`, a
    file a task), in order: gather it (:func:`select_corpus`) or keep it distributed
    (``.map(lambda f: f[3]).to_textfiles(...)``). ``criteria`` or the criteria
    ``named``: :func:`~.archive.select`'s; checked here, before any task runs."""
    import dask.bag as db

    from ..notation.files.opening import record_paths

    wanted = criteria if criteria is not None else Criteria.of(**named)
    from_sequence: Any = db.from_sequence  # (dask is not typed)
    bag = from_sequence(record_paths(paths), partition_size=partition_size)
    return cast("dask.bag.Bag", bag.map(file_selection, wanted, form=form, dedupe=dedupe).flatten())


def select_corpus(
    paths: Iterable[str], criteria: Criteria | None = None, *, form: str = "text", dedupe: bool = False, **named: object
) -> list[FoundText]:
    """The matches found in ``paths`` by Dask (on the current ``distributed.Client``'s
    cluster, if there is one), in the files' order; with ``dedupe``, a match whose moves
    repeat one before it is left out here, as :func:`~.archive.select` leaves it out."""
    wanted = criteria if criteria is not None else Criteria.of(**named)
    bag: Any = selection_bag(paths, wanted, form=form, dedupe=dedupe)
    seen: set[bytes] = set()
    out: list[FoundText] = []
    for found in bag.compute():
        digest = found[2]
        if digest is not None:
            if digest in seen:
                continue
            seen.add(digest)
        out.append(found)
    return out


def _merged(a: Statistics, b: Statistics) -> Statistics:
    a.merge(b)
    return a


def _file_counts(path: str, criteria: Criteria, depth: int) -> Statistics:
    return file_statistics([path], criteria, depth=depth)


def statistics_bag(
    paths: Iterable[str], criteria: Criteria | None = None, *, depth: int = 3, partition_size: int = 1, **named: object
) -> dask.bag.Bag:
    """A lazy ``dask.bag`` of each file's counts (:class:`~.statistics.Statistics`, a file
    a task), in order; ``.fold(...)`` them, as :func:`statistics_corpus` does."""
    import dask.bag as db

    from ..notation.files.opening import record_paths

    wanted = criteria if criteria is not None else Criteria.of(**named)
    from_sequence: Any = db.from_sequence  # (dask is not typed)
    return cast("dask.bag.Bag", from_sequence(record_paths(paths), partition_size=partition_size).map(_file_counts, wanted, depth))


def statistics_corpus(paths: Iterable[str], criteria: Criteria | None = None, *, depth: int = 3, **named: object) -> Statistics:
    """The counts of the matches of ``paths`` that meet the criteria, each file counted
    by a Dask task and the counts merged on the cluster (``Bag.fold``): what
    :func:`~.statistics.statistics` gives."""
    wanted = criteria if criteria is not None else Criteria.of(**named)
    bag: Any = statistics_bag(paths, wanted, depth=depth)
    counted: Statistics | None = bag.fold(_merged).compute()
    return counted if counted is not None else Statistics(depth=depth)
