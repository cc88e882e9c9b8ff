"""``kamisado record FILE``: a match scored as it is played, at the table, in the terminal
(a :class:`~kamisado_notation.play.recorder.Recorder` saving ``FILE`` after every move).

Each turn shows the board, whose turn it is and the tower that must move, and the legal
moves numbered; the scorer answers with a number, a target square or an entry in any
form and language. What the rules force (a forfeit, a push's back-entry, a round's end
and its points) is written and said by the recorder itself. ``FILE`` is rewritten
atomically after every change, so a killed process loses at most the answer being typed,
and ``kamisado record FILE`` goes on where it stopped. ``--page OUT.html`` writes the
recording page for a phone instead (:mod:`kamisado_notation.drawing.recording`).

Exit status: 0 when the scorer leaves (the match over or not), 1 when ``FILE`` holds a
record that cannot be resumed (its first error is said with its line and column), 2 for
a usage error or a file that cannot be written.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import typer

from ..drawing.words import counted
from .common import EXIT_INVALID, EXIT_USAGE, console, fail

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.moves import Move
    from ..play.recorder import Recorder

#: What the prompt takes besides a move, for ``?``.
HELP = """\
  a number    play the move of that number (Enter alone plays a move that is the only one)
  a square    play the move that ends there (d4)
  an entry    play it, in any form or language (Pink Forward 4 Brown, Pi F4 Br, d8-d4, 紫↖5黃)
  u           undo the last move (or fill, or comment), across a round's start too
  ; text      add a comment to the last entry
  ?           this help
  q           leave (the file is saved after every move: `kamisado record FILE` goes on)"""

_FORMATS = ("Standard", "Long", "Marathon", "Single")


def record(
    file: str = typer.Argument(None, metavar="FILE", help="The record to write, or the unfinished one to go on with."),
    black: str | None = typer.Option(None, "--black", help="Black's player (asked when not given)."),
    gold: str | None = typer.Option(None, "--gold", help="Gold's player (asked when not given)."),
    event: str | None = typer.Option(None, "--event", help="The event (asked when not given)."),
    match: str | None = typer.Option(None, "--match", help="Standard, Long, Marathon or Single (asked when not given)."),
    lineups: bool = typer.Option(True, "--lineups/--no-lineups", help="Write both lineups after each fill."),
    page: str | None = typer.Option(None, "--page", metavar="OUT.html", help="Write the recording page for a phone instead."),
    no_color: bool = typer.Option(False, "--no-color", help="No colour."),
) -> None:
    """Score a match as it is played: the board, the legal moves numbered, saved after every move."""
    if page is not None:
        _write_page(page, file)
        return
    if file is None:
        fail("give the FILE to record into (or --page OUT.html)")
    out = console(no_color=no_color)
    rec = _open(out, file, black=black, gold=gold, event=event, match=match)
    Scorer(out, rec, lineups=lineups).run()


def _write_page(path: str, file: str | None) -> None:
    from ..drawing.recording import recording_page
    from .common import write_file

    if file is not None:
        fail("--page writes the page alone: give no FILE (load a record into the page itself)")
    write_file(path, recording_page(), inputs=[])


def _open(out: Console, file: str, **options: str | None) -> Recorder:
    """The recorder of ``file``: the match it holds, resumed, or a new one (its headers
    from the options, else asked)."""
    from ..errors import KamisadoError, OutputError
    from ..play.recorder import Recorder

    try:
        if os.path.exists(file) and os.path.getsize(file) > 0:
            rec = Recorder.from_record(file, autosave=file)
            out.print(f"Going on with {file}: round {rec.round_number}, score {_score(rec)}.")
            return rec
        return _new(out, file, options)
    except OutputError as e:
        fail(str(e), code=EXIT_USAGE)
    except KamisadoError as e:
        fail(str(e), code=EXIT_INVALID)
    except (EOFError, KeyboardInterrupt):
        fail("left before the match began: nothing written", code=0)


def _new(out: Console, file: str, options: dict[str, str | None]) -> Recorder:
    """A new match saved to ``file``, its headers from ``options``, those not given
    asked (an empty answer: none)."""
    from ..play.recorder import Recorder

    answers = {name: (value if value is not None else _ask(out, name)) or None for name, value in options.items()}
    return Recorder(answers["match"] or "Standard", black=answers["black"], gold=answers["gold"], event=answers["event"], autosave=file)


def _ask(out: Console, name: str) -> str:
    question = {"black": "Black's player", "gold": "Gold's player", "event": "Event"}.get(name)
    if question is None:
        return _ask_format(out)
    return out.input(f"{question} (Enter: none): ").strip()


def _ask_format(out: Console) -> str:
    """The match's format, asked until the answer begins one format's name (Enter: Standard)."""
    while True:
        answer = out.input(f"Match ({', '.join(_FORMATS)}) [Standard]: ").strip()
        chosen = [f for f in _FORMATS if answer and f.lower().startswith(answer.lower())]
        if not answer or len(chosen) == 1:
            return chosen[0] if chosen else "Standard"
        out.print(f"  {answer!r}: one of {', '.join(_FORMATS)}")


def _score(rec: Recorder) -> str:
    from ..engine.board import Side

    score = rec.score
    return f"Black {score[Side.BLACK]} - {score[Side.GOLD]} Gold (to {rec.target})"


def _in_columns(cells: list[str], width: int) -> list[str]:
    """``cells`` (one at least) in columns as wide as the widest, as many to a line as
    ``width`` columns take (one at least)."""
    column = max(len(c) for c in cells) + 2
    per_line = max(1, width // column)
    return ["".join(c.ljust(column) for c in cells[k : k + per_line]).rstrip() for k in range(0, len(cells), per_line)]


def _why_forced(forced: Move | None) -> str:
    """Why the recorder wrote the entry of the ``forced`` move by itself: a blocked
    tower's forfeit, or a pushed tower's back-entry."""
    return "a forfeit: the tower is blocked (M6)" if forced and forced.is_forfeit else "the pushed tower's back-entry (S3)"


class Scorer:
    """The prompt loop: one question at a time (a move, or the fill), every answer
    played on the recorder, which saves the file."""

    def __init__(self, out: Console, rec: Recorder, *, lineups: bool) -> None:
        self.out, self.rec, self.lineups = out, rec, lineups
        self.shown = -1  # the number of entries when the board was last drawn

    def run(self) -> None:
        from ..errors import OutputError

        try:
            while not self.rec.over:
                answer = self.ask()
                if answer is None:
                    return
                try:
                    self.answer(answer)
                except _Leave:
                    self.out.print("Saved. `kamisado record FILE` goes on from here.")
                    return
            self.out.print(f"The match is over: {self.rec.winner.title if self.rec.winner else 'nobody'} wins, {_score(self.rec)}.")
        except OutputError as e:
            fail(str(e), code=EXIT_USAGE)

    def ask(self) -> str | None:
        """Show the turn (or the fill awaited) and read one answer; ``None`` at the end of
        the input (Ctrl-D) or on Ctrl-C."""
        if self.rec.needs_fill:
            prompt = f"{self.rec.defender.title if self.rec.defender else ''} fills: l(eft) or r(ight)> "
        else:
            self.show_turn()
            side = self.rec.to_move
            prompt = f"{side.title if side else ''}> "
        try:
            return self.out.input(prompt)
        except (EOFError, KeyboardInterrupt):
            self.out.print("\nSaved. `kamisado record FILE` goes on from here.")
            return None

    def show_turn(self) -> None:
        from ..drawing.render import board_diagram

        rec = self.rec
        if len(rec.moves) != self.shown:
            position = rec.position
            moves = rec.legal_moves()
            last = next((m for m in reversed(rec.moves) if m is not None), None)
            self.out.print(board_diagram(position, last_move=last, targets={m.target for m in moves}, legend=False))
            self.out.print(f"Round {rec.round_number}, {_score(rec)}")
            self.show_moves()
            self.shown = len(rec.moves)

    def show_moves(self) -> None:
        from ..engine.board import square_name

        moves = self.rec.legal_moves()
        cells = [f"{i:>3} {m} {square_name(m.target)}{' push' if m.push else ''}" for i, m in enumerate(moves, 1)]
        for line in _in_columns(cells, self.out.width or 80):
            self.out.print(line)
        if len(moves) == 1:
            self.out.print("  (the only move: Enter plays it)")

    def answer(self, text: str) -> None:
        """Do what the answer ``text`` says."""
        from ..errors import KamisadoError

        word = text.strip()
        if word.lower() in ("q", "quit"):
            raise _Leave
        if word in ("?", "h", "help"):
            self.out.print(HELP)
            self.shown = -1
            return
        if word.lower() == "u":
            self.undo()
            return
        if word.startswith(";"):
            self.comment(word[1:].strip())
            return
        try:
            if self.rec.needs_fill:
                self.fill(word)
            else:
                self.play(word)
        except KamisadoError as e:
            self.say_error(e)

    def play(self, word: str) -> None:
        rec = self.rec
        moves = rec.legal_moves()
        move = self.named(word, moves)
        if move is None:
            self.out.print(f"  a number 1 to {len(moves)}, a target square or an entry (? for help)")
            return
        before = len(rec.moves)
        rec.play(move)
        written = self._entries()[before:]
        self.out.print(f"  {written[0]}")
        for entry, forced in zip(written[1:], rec.moves[before + 1 :], strict=True):
            self.out.print(f"  {entry}   [bold]written by itself: {_why_forced(forced)}[/bold]")
        self.announce_round_end()

    def named(self, word: str, moves: list[Move]) -> Move | None:
        """The move the answer ``word`` names among the legal ``moves``: Enter (no word)
        the only one, else the move it reads as (``None`` for Enter among several)."""
        if not word:
            return moves[0] if len(moves) == 1 else None
        return self.rec.parse_move(word)

    def announce_round_end(self) -> None:
        rec = self.rec
        result = rec.round_result
        if result is None:
            return
        how = "reached the home row" if result.by.value != "deadlock" else "won by a deadlock (M8)"
        self.out.print(
            f"[bold]Round {rec.round_number}: {result.winner.title} {how}; "
            f"the {result.tower.name.lower()} tower takes a ring, {counted(result.points, 'point')}. "
            f"{_score(rec)}.[/bold]"
        )
        if rec.needs_fill and rec.defender is not None:
            self.out.print(f"{rec.defender.title}, the winner, chooses the fill for round {rec.round_number + 1}.")

    def fill(self, word: str) -> None:
        from ..errors import MatchError

        how = {"l": "left", "left": "left", "r": "right", "right": "right"}.get(word.lower())
        if how is None:
            raise MatchError(f"{word!r}: the fill is l (left) or r (right)")
        self.rec.fill(how, lineups=self.lineups)
        self.out.print(f"Round {self.rec.round_number}, filled from the {how}:")
        for line in self.rec.text().splitlines():
            if line.startswith("Lineup"):
                self.out.print(f"  {line}")

    def undo(self) -> None:
        from ..errors import MatchError

        try:
            undone = self.rec.undo()
        except MatchError as e:
            self.say_error(e)
            return
        self.out.print(f"  undone: {undone if not hasattr(undone, 'value') else f'the fill from the {undone.value}'}")
        self.shown = -1
        if self.rec.needs_fill:
            self.announce_round_end()

    def comment(self, text: str) -> None:
        from ..errors import MatchError

        try:
            self.rec.comment(text)
        except (MatchError, ValueError) as e:
            self.say_error(e)
            return
        self.out.print(f"  {{{text}}} written after the last entry")

    def say_error(self, error: Exception) -> None:
        from rich.markup import escape

        self.out.print(f"[red]{escape(str(error))}[/red]")
        corrections = getattr(error, "corrections", ())
        if corrections:
            numbers = {str(m): i for i, m in enumerate(self.rec.legal_moves(), 1)}
            said = ", ".join(f"{numbers[c]} ({c})" if c in numbers else c for c in corrections)
            self.out.print(f"  did you mean {said}?")

    def _entries(self) -> list[str]:
        """The entries of the current round as written."""
        rounds = self.rec.record().rounds
        return [e.text for e in rounds[-1].entries] if rounds else []


class _Leave(Exception):
    """The scorer leaves (``q``)."""
