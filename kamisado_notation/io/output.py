"""Writing output files safely: the one writer every command that writes a file uses
(``convert -o``, ``--svg``, ``generate -o``, ``fix -o``).

What it guarantees, whatever the user names as the output:

- **Never onto what the user may not write.** An existing output that the user may not
  write (a read-only file, another user's file) is refused as a shell's ``>`` would
  refuse it, although replacing it needs only the directory's permission: that would
  replace a file its owner protected, and make the user its owner.
- **Never onto an input.** An output that is one of the command's inputs — by another
  name (``./x``), through a symlink or as a hard link: the device and inode numbers
  are compared — is refused (:class:`~kamisado_notation.errors.OutputError`) before
  anything is written. :func:`refuse_stdout_onto_inputs` does the same for standard
  output redirected (``>>``) onto an input, which would otherwise read its own output.
- **A regular file is replaced atomically.** The text goes to a temporary file created
  exclusively (``tempfile.mkstemp``: an unpredictable name, never through a planted
  link, short enough beside any name the directory takes) in the same directory, is
  flushed to the disk, gets the old file's permissions (a new file gets ``0o666`` less
  the umask, as ``open`` would give it, or those of the file named ``like``: a backup
  is as private as its original), and then replaces the file in one ``os.replace``. A
  failure at any step (a full disk, and the signals that end a command: Ctrl-C,
  ``SIGTERM``, ``SIGHUP``, which the command line turns into exceptions) removes the
  temporary file and leaves the old file as it was.
- **Anything else is written in place.** A device (``/dev/null``, ``/dev/stdout``, a
  terminal) or a FIFO is opened and written, never replaced by a regular file; a symlink
  is followed, so its target is written and the link is kept. ``-`` is standard output.
- **All or nothing, when written as it is made.** A writer that streams (``convert``
  writes a match at a time) may find part-way that nothing must be written: it raises
  :class:`~kamisado_notation.errors.DiscardOutput` in the block, the temporary file is
  removed, and the block ends quietly. With ``held=True`` a device, a FIFO or standard
  output gets the text only when the block ends well (held until then in a spool: in
  memory while small, then a temporary file), so there too nothing is written then.

Every failure is an :class:`~kamisado_notation.errors.OutputError` whose message is one
line that names the output; the command line prints it and exits 2.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from ..display import printable
from ..errors import DiscardOutput, OutputError, failure_reason

if TYPE_CHECKING:
    from signal import Signals

__all__ = [
    "STDIN",
    "DiscardOutput",
    "file_identity",
    "open_output",
    "output_paths",
    "refuse_onto_inputs",
    "refuse_stdout_onto_inputs",
    "refuse_unwritable",
    "write_output",
]

#: The file name that means standard input (or output), as everywhere on Unix.
STDIN = "-"


def file_identity(path: str | int) -> tuple[int, int] | None:
    """The (device, inode) of what ``path`` names (symlinks followed), or of the open
    file descriptor ``path``; None when it cannot be stat'ed (it does not exist, say)."""
    try:
        st = os.fstat(path) if isinstance(path, int) else os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def output_paths(names: Iterable[str], folder: str, suffix: str, *, inputs: Iterable[str] = ()) -> list[str]:
    """One output file in ``folder`` for each input, by the inputs' ``names`` (relative
    paths: ``round-1/a.kmr``; subfolders are kept), each name's ending (``.kmr``,
    ``.json``) replaced by ``suffix``. A name that is taken — by an output before it
    (compared without case, as some file systems compare names), or by one of
    ``inputs`` (an existing file, by identity) — gets ``-2``, ``-3``… before its
    suffix: ``a.kmr`` and ``a.json`` converted to the text form become ``a.kmr`` and
    ``a-2.kmr``, and an output never lands on an input.

    >>> output_paths(["a.kmr", "a.json", "r1/b.kmr"], "out", ".kmr")
    ['out/a.kmr', 'out/a-2.kmr', 'out/r1/b.kmr']
    """
    sources = {file_identity(p) for p in inputs if p != STDIN} - {None}
    taken: set[str] = set()
    out: list[str] = []
    for name in names:
        stem = os.path.splitext(name)[0]
        path, n = os.path.join(folder, stem + suffix), 1
        while os.path.normcase(path).casefold() in taken or file_identity(path) in sources:
            n += 1
            path = os.path.join(folder, f"{stem}-{n}{suffix}")
        taken.add(os.path.normcase(path).casefold())
        out.append(path)
    return out


def refuse_onto_inputs(output: str, inputs: Iterable[str]) -> None:
    """Raise :class:`OutputError` when ``output`` names one of ``inputs`` (standard
    input, ``-``, is none of them): the same file, or, while there is none yet (two
    outputs of one command, each the other's input), the same name once links and
    ``..`` are resolved."""
    out = file_identity(output)
    for path in inputs:
        if path != STDIN and _same_file(path, output, out):
            named = "" if output == path else f" (as {printable(output)})"
            raise OutputError(f"refusing to write over the input file {printable(path)}{named}")


def _same_file(path: str, output: str, out: tuple[int, int] | None) -> bool:
    """Whether the input ``path`` is ``output`` (whose identity is ``out``,
    :func:`file_identity`): the same file, or, while there is none yet, the same name
    once links and ``..`` are resolved."""
    if out is None:
        return os.path.realpath(path) == os.path.realpath(output)
    return file_identity(path) == out


def refuse_stdout_onto_inputs(inputs: Iterable[str]) -> None:
    """Raise :class:`OutputError` when standard output is a regular file that is one of
    ``inputs`` (``kamisado validate x.kmr >> x.kmr`` would read its own output)."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test's capture): nothing to compare
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        return
    out = file_identity(fd)
    for path in inputs:
        if path != STDIN and file_identity(path) == out:
            raise OutputError(f"refusing to write over the input file {printable(path)} (as standard output)")


def _new_file_mode() -> int:
    """The permissions ``open`` gives a new file: ``0o666`` less the umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


#: The longest file name most file systems take (``NAME_MAX``), in bytes.
_NAME_MAX = 255


def _temporary_prefix(name: str) -> str:
    """``.NAME.``, the start of the temporary file's name beside ``name``, cut so that the
    whole name (with ``mkstemp``'s 8 random characters and ``.tmp``) fits where ``name``
    itself fits."""
    raw = os.fsencode(name)[: _NAME_MAX - len(b"..XXXXXXXX.tmp")]
    return f".{os.fsdecode(raw)}."


@contextmanager
def _replacing(
    target: str, model: os.stat_result | None, *, encoding: str, newline: str, exclusive: bool = False, kept: bool = False
) -> Iterator[TextIO]:
    """A temporary file next to ``target`` that replaces it when the block ends well
    (``exclusive``: that becomes it only if there is none yet), and is removed when it
    does not (``kept``: it replaces it then too, when the block wrote something and did
    not discard it, and the exception goes on). It gets the permissions and owner of ``model`` (the old file, or
    the file a new one is made like), else those ``open`` would give."""
    import tempfile  # (not at the top: the command line's start-up pays for it only here)

    directory, name = os.path.split(target)
    mask = _hold_signals()  # (a signal that came as the file was made, before the name is known, would leave it)
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(name), suffix=".tmp", dir=directory or ".")
    except BaseException:
        _release_signals(mask)  # (no file made: held no longer, here or in the processes started after)
        raise
    failed: BaseException | None = None
    try:
        _release_signals(mask)
        with os.fdopen(fd, "w", encoding=encoding, newline=newline) as f:
            try:
                yield f
            except BaseException as e:
                if not _kept_though(e, f, kept=kept):
                    raise  # (nothing written: nothing to keep)
                failed = e  # (what was written stands: the file is completed, then the error goes on)
            f.flush()
            os.fsync(f.fileno())
        _put_in_place(tmp, target, model, exclusive=exclusive)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if failed is not None:
        raise failed


def _hold_signals() -> set[int | Signals] | None:
    """Hold back the signals that end a command (Ctrl-C's, ``SIGTERM``, ``SIGHUP``: the
    command line turns them into exceptions) until :func:`_release_signals`; the mask
    before (``None`` where signals cannot be held)."""
    import signal  # (not at the top: the command line's start-up pays for it only here)

    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})


def _release_signals(mask: set[int | Signals] | None) -> None:
    """Let the signals held by :func:`_hold_signals` come again (``mask``: the mask before)."""
    if mask is not None:
        import signal

        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _kept_though(e: BaseException, f: TextIO, *, kept: bool) -> bool:
    """Whether what was written into ``f`` stands though the block failed (``e``): it
    was to be ``kept``, it was not discarded, and something was written."""
    return kept and not isinstance(e, DiscardOutput) and bool(f.tell())


def _put_in_place(tmp: str, target: str, model: os.stat_result | None, *, exclusive: bool) -> None:
    """Give the file ``tmp`` the permissions and owner of ``model`` (else those ``open``
    would give) and make it ``target`` (``exclusive``: only if there is none yet)."""
    os.chmod(tmp, stat.S_IMODE(model.st_mode) if model is not None else _new_file_mode())
    if model is not None:
        try:
            os.chown(tmp, model.st_uid, model.st_gid)
        except OSError:
            pass  # only the owner or root may; the permissions are kept all the same
    if exclusive:
        os.link(tmp, target)  # FileExistsError if there is one by now
        os.unlink(tmp)
    else:
        os.replace(tmp, target)


@contextmanager
def open_output(
    path: str,
    *,
    inputs: Iterable[str] = (),
    encoding: str = "utf-8",
    newline: str = "\n",
    exclusive: bool = False,
    held: bool = False,
    like: str | None = None,
    kept: bool = False,
) -> Iterator[TextIO]:
    """A text stream whose content becomes the file ``path`` (``-``: standard output)
    when the ``with`` block ends without an exception (see the module's docstring for
    how). Raises :class:`OutputError` when ``path`` is one of ``inputs``, a directory, or
    cannot be written (the user may not write it), or with ``exclusive`` when it exists
    (a backup never replaces a file); a new file gets the permissions and owner of the
    file ``like`` when it is given; an exception inside the block leaves the old file
    untouched, and :class:`DiscardOutput` does so quietly. ``newline=""`` writes the line endings of the
    text as they are; ``held``: a device, a FIFO or standard output gets the text only
    when the block ends well; ``kept``: what the block wrote becomes the file even when
    an exception ends it (a log written as the work ends, as the arena's records: a
    fault later loses nothing done before it), :class:`DiscardOutput` excepted.
    Standard output's own faults (a closed pipe) are left to the caller, as for any print.

    >>> with open_output("out.kmr", inputs=["in.kmr"]) as f:  # doctest: +SKIP
    ...     f.write(text)
    """
    try:
        if path == STDIN:
            refuse_stdout_onto_inputs(inputs)
            with _held(sys.stdout) if held else nullcontext(sys.stdout) as f:
                yield f
        else:
            how = _How(encoding=encoding, newline=newline, exclusive=exclusive, held=held, like=like, kept=kept)
            with _file_output(path, inputs=inputs, how=how) as f:
                yield f
    except DiscardOutput:
        pass


@dataclass(frozen=True)
class _How:
    """How :func:`open_output` was asked to write a file."""

    encoding: str
    newline: str
    exclusive: bool
    held: bool
    like: str | None
    kept: bool


@contextmanager
def _file_output(path: str, *, inputs: Iterable[str], how: _How) -> Iterator[TextIO]:
    """:func:`open_output` for a file name."""
    refuse_onto_inputs(path, inputs)
    target = os.path.realpath(path) if os.path.islink(path) else path  # write the link's target
    old = _existing(path, target, how.exclusive)
    encoding, newline = how.encoding, how.newline
    try:
        if old is not None and not stat.S_ISREG(old.st_mode):  # a device, a FIFO, a terminal
            with open(target, "w", encoding=encoding, newline=newline) as device, _held(device) if how.held else nullcontext(device) as f:
                yield f
        else:
            model = old if old is not None or how.like is None else os.stat(how.like)
            with _replacing(target, model, encoding=encoding, newline=newline, exclusive=how.exclusive, kept=how.kept) as f:
                yield f
    except (OSError, UnicodeError) as e:
        raise OutputError(f"cannot write {printable(path)}: {failure_reason(e)}") from None


def _existing(path: str, target: str, exclusive: bool) -> os.stat_result | None:
    """The status of the output ``path`` (``target``: its link's target) when it exists;
    :class:`OutputError` when it must not be written: a directory, a file that the user
    may not write, or any file when the output is ``exclusive``."""
    old = _status(path, target)
    if old is not None and stat.S_ISDIR(old.st_mode):
        raise OutputError(f"cannot write {printable(path)}: it is a directory")
    if exclusive and (old is not None or os.path.lexists(path)):
        raise OutputError(f"cannot write {printable(path)}: it exists")
    if old is not None:
        refuse_unwritable(path)
    return old


def _status(path: str, target: str) -> os.stat_result | None:
    """The status of ``target`` (the output ``path`` or its link's target), ``None`` when
    it does not exist; :class:`OutputError` when it cannot be known."""
    try:
        return os.stat(target)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise OutputError(f"cannot write {printable(path)}: {failure_reason(e)}") from None


def refuse_unwritable(path: str) -> None:
    """Raise :class:`OutputError` when ``path`` exists and the user may not write it
    (as a shell's ``>`` would refuse it)."""
    if os.path.exists(path) and not os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        raise OutputError(f"cannot write {printable(path)}: {os.strerror(errno.EACCES)}")


#: How much text :func:`_held` keeps in memory before it spills to a temporary file.
_SPOOL_CHARS = 1 << 20


@contextmanager
def _held(out: TextIO) -> Iterator[TextIO]:
    """A spool whose text is copied to ``out`` when the block ends well (line endings
    as written: ``out`` translates them, once)."""
    import shutil
    import tempfile

    with tempfile.SpooledTemporaryFile(max_size=_SPOOL_CHARS, mode="w+", encoding="utf-8", newline="") as spool:
        yield spool  # type: ignore[misc]
        spool.seek(0)
        shutil.copyfileobj(spool, out)


def write_output(
    path: str, text: str, *, inputs: Iterable[str] = (), newline: str = "\n", exclusive: bool = False, like: str | None = None
) -> None:
    """Write ``text`` (UTF-8; ``newline`` as for :func:`open` — ``""`` keeps the text's
    own line endings) to the file ``path`` through :func:`open_output`."""
    with open_output(path, inputs=inputs, newline=newline, exclusive=exclusive, like=like) as f:
        f.write(text)
