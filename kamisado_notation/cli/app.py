"""The ``kamisado`` application: the commands the README lists, registered from their modules
in the order the README lists them."""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import suppress
from importlib import import_module
from typing import NoReturn

import typer

from ..display import printable
from ..errors import failure_reason
from ..io.output import file_identity
from .common import EXIT_INTERRUPTED, EXIT_USAGE, cap_terminal_size, tune_gc

#: A command: the function Typer makes a command of (its docstring is the help).
Command = Callable[..., None]


class Commands(Mapping[str, Command]):
    """The commands by name, each loaded with its module when it is looked up: a run of
    one command imports that command's module and no other's (start-up time)."""

    def __init__(self, loaders: Mapping[str, Callable[[], Command]]) -> None:
        self._loaders = loaders

    def __getitem__(self, name: str) -> Command:
        return self._loaders[name]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


#: The commands, in the order the README lists them.
COMMANDS = Commands({
    "validate": lambda: import_module("kamisado_notation.cli.validate").validate,
    "convert": lambda: import_module("kamisado_notation.cli.convert").convert,
    "show": lambda: import_module("kamisado_notation.cli.draw").show,
    "lineup": lambda: import_module("kamisado_notation.cli.draw").lineup,
    "moves": lambda: import_module("kamisado_notation.cli.engine").moves,
    "replay": lambda: import_module("kamisado_notation.cli.draw").replay,
    "generate": lambda: import_module("kamisado_notation.cli.validate").generate,
    "fix": lambda: import_module("kamisado_notation.cli.fix").fix,
    "perft": lambda: import_module("kamisado_notation.cli.engine").perft,
    "solve": lambda: import_module("kamisado_notation.cli.analysis").solve,
    "analyze": lambda: import_module("kamisado_notation.cli.analysis").analyze,
    "standings": lambda: import_module("kamisado_notation.cli.standings").standings,
    "select": lambda: import_module("kamisado_notation.cli.archive").select,
    "stats": lambda: import_module("kamisado_notation.cli.archive").stats,
    "arena": lambda: import_module("kamisado_notation.cli.arena").arena,
    "engine": lambda: import_module("kamisado_notation.cli.arena").engine,
    "html": lambda: import_module("kamisado_notation.cli.page").html,
    "record": lambda: import_module("kamisado_notation.cli.record").record,
})  # fmt: skip


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"kamisado-notation {__version__}")
        raise typer.Exit()


def _main(
    version: bool | None = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Read, validate, convert and draw Kamisado match records."""


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The ``kamisado`` application with the commands ``names`` (all by default)."""
    application = typer.Typer(
        name="kamisado",
        help="Read, validate, convert and draw Kamisado match records.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    application.callback()(_main)
    for name in names:
        command = COMMANDS[name]
        application.command(name, help=help_text(command.__doc__ or ""))(command)
    return application


def help_text(docstring: str) -> str:
    """A command's docstring as its ``--help`` shows it: each paragraph one line, which
    the help then wraps to the terminal's width. A docstring's line breaks are only the
    source's (its lines kept short); passed on, they would break the help's sentences
    mid-way at any width."""
    paragraphs = inspect.cleandoc(docstring).split("\n\n")
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


#: The whole application (every command), built when first asked for (:func:`__getattr__`):
#: the console script builds only the command it runs.
app: typer.Typer


def __getattr__(name: str) -> typer.Typer:
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    built = globals()["app"] = make_app()
    return built


def main() -> None:
    """The console script. Typer reads every command's signature before it runs one, so
    when the command is named (the usual case) only that command is built: start-up is
    what a user feels on every call, and only that command's module is loaded. Anything
    else (``--help``, a typo) gets the full app."""
    tune_gc()
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    sys.exit(run(make_app([name] if name in COMMANDS else COMMANDS), sys.argv[1:]))


def console() -> NoReturn:
    """The ``kamisado`` console script: :func:`main`, then the process ends at once
    (``os._exit``) once standard output and standard error are flushed. The interpreter's
    own exit would first take apart every module and object — about 45 ms of a one-line
    ``validate``, a third of its start-up (``bench/bench_startup.py``) — for a process
    that is ending anyway. Everything a command opens is closed before :func:`main`
    returns (output files, worker processes, engines), so nothing is lost by skipping it."""
    try:
        main()
        code: object = 0
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:  # (a Ctrl-C before or after the command runs)
        code = EXIT_INTERRUPTED
    if code is not None and not isinstance(code, int):  # sys.exit("message"), as Python prints it
        _say(str(code))
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):
            stream.flush()
    os._exit(code or 0)


def run(application: typer.Typer, args: list[str]) -> int:
    """Run ``application`` on ``args`` and return the exit status, with every output
    fault handled the same way for every command (``--help`` and ``--version`` too):
    standard output that cannot be written (a full disk, an I/O error) is one line
    ``kamisado: cannot write standard output: <reason>`` and status 2; a closed pipe
    (``kamisado validate … | head -1``) ends the command quietly with status 141, as
    SIGPIPE would; Ctrl-C ends it quietly with status 130, and ``SIGTERM`` or ``SIGHUP``
    with 128 + the signal's number, each after the file being written is cleaned up
    (:class:`Terminated`). Click's own main loop is not used because it turns a closed
    pipe into status 1, which means "invalid record"."""
    _end_on_signals()
    cap_terminal_size()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")  # never a UnicodeEncodeError
    try:
        status = _invoke(application, args)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_CLOSED_PIPE
    except OSError as e:
        _quiet_stdout()
        what = "standard output" if e.filename is None else printable(os.fsdecode(e.filename))
        _say(f"cannot write {what}: {failure_reason(e)}")
        return EXIT_USAGE
    return status


#: The status of a command whose output pipe was closed: 128 + SIGPIPE, as the shell shows it.
EXIT_CLOSED_PIPE = 141


def _invoke(application: typer.Typer, args: list[str]) -> int:
    """The command's exit status; usage errors shown as Typer shows them."""
    command = typer.main.get_command(application)
    stdout = file_identity(1)
    try:
        with command.make_context("kamisado", list(args)) as ctx:
            command.invoke(ctx)
    except SystemExit as e:
        # rich (Typer's help) answers a closed pipe by pointing stdout at /dev/null and
        # exiting 1, which means "invalid record" here: say it as a closed pipe
        if e.code == 1 and stdout != file_identity(1) == file_identity(os.devnull):
            return EXIT_CLOSED_PIPE
        raise
    except typer.Exit as e:
        return int(e.exit_code)
    except typer.TyperException as e:  # a usage error
        from typer import rich_utils

        # typer exports no ClickException, its type here; every usage error it raises is one
        rich_utils.rich_format_error(e)  # type: ignore[arg-type]
        return int(getattr(e, "exit_code", EXIT_USAGE))
    except (typer.Abort, KeyboardInterrupt):
        return EXIT_INTERRUPTED
    except Terminated as e:
        return 128 + e.signum
    return 0


class Terminated(BaseException):
    """``SIGTERM`` or ``SIGHUP`` (``signum``), raised where the command is when it comes,
    so that it ends as on Ctrl-C: the temporary file of an output being written is
    removed, the worker processes are stopped. A ``BaseException``, as
    ``KeyboardInterrupt`` is: no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _end_on_signals() -> None:
    """Turn ``SIGTERM`` and ``SIGHUP`` into :class:`Terminated` (unless they are ignored,
    as under ``nohup``)."""
    import signal

    def terminated(signum: int, _frame: object) -> None:
        raise Terminated(signum)

    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, terminated)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush of what
    is still buffered cannot fail again (the Python documentation's recipe for SIGPIPE)."""
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _say(message: str) -> None:
    """``kamisado: message`` on standard error, if standard error can take it."""
    with suppress(OSError, ValueError):
        sys.stderr.write(f"kamisado: {message}\n")
        sys.stderr.flush()


if __name__ == "__main__":
    console()
