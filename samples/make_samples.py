"""Write the sample records of ``samples/`` by playing the rules engine.

Every move comes from ``Position.legal_moves()`` and every round from ``Match``, so the
records are legal by construction; the writing is done here by hand (one function per
entry, parameterised by form and language, docs/notation.md), which makes the samples an
independent check of the parser. Run from the repository root:

    python3 samples/make_samples.py

The players are "careful random": they take a winning move when there is one, avoid a
move that lets the opponent win at once when they can, and otherwise choose at random
(seeded, so the samples are reproducible). ``broken.kmr`` is written by hand and is not
touched by this script.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.cells import cell_len

from kamisado_notation.engine.board import SQUARE_COLOURS, Direction, Side, square_name
from kamisado_notation.engine.match import Fill, Match, RoundEnd, round_result
from kamisado_notation.engine.position import RING_NAMES, Move, Position
from kamisado_notation.notation.vocabulary import write_colour, write_direction

HERE = Path(__file__).resolve().parent
#: The forms a ``mixed`` record cycles through, entry by entry.
MIXED = ("symbols", "text", "short", "coords")
_GOAL = {Side.BLACK: 0, Side.GOLD: 7}


# -------------------------------------------------------------------- the players


def _wins(move: Move) -> bool:
    return not move.push and not move.is_forfeit and move.target >> 3 == _GOAL[move.side]


def choose(position: Position, rng: random.Random, *, prefer_push: bool = False) -> Move:
    moves = position.legal_moves()
    if prefer_push and any(m.push for m in moves):
        return max((m for m in moves if m.push), key=lambda m: len(m.push))
    winning = [m for m in moves if _wins(m)]
    if winning:
        return rng.choice(winning)
    safe = []
    for m in moves:
        position.play(m)
        if not any(_wins(r) for r in position.legal_moves()):
            safe.append(m)
        position.undo()
    return rng.choice(safe or moves)


# ------------------------------------------------------------------ the notation


def entry(tower, direction, distance: int, square, form: str, lang: str) -> str:  # type: ignore[no-untyped-def]
    """One entry in ``form`` (symbols, text, short) and ``lang``."""
    t = write_colour(tower, form, lang)
    s = write_colour(square, form, lang)
    if distance == 0:
        return f"{t}0{s}" if form == "symbols" else f"{t} 0 {s}"
    d = write_direction(direction, form, lang)
    if form == "symbols":
        return f"{t}{d}{distance}{s}"
    if form == "short":
        return f"{t} {d}{distance} {s}"
    return f"{t} {d} {distance} {s}"


def entries_of(move: Move, position_before: Position, form: str, lang: str) -> list[str]:
    """The record's entries for one engine move: two for a Sumo push (the push, then the
    pushed player's back-entry, docs/notation.md), one otherwise."""
    if form == "coords":
        if move.push:
            return [f"{move.coords()}*", f"{square_name(move.push[-1])}-{square_name(move.pushed_to)}"]  # type: ignore[arg-type]
        if move.is_forfeit:
            return [f"{square_name(move.origin)}-{square_name(move.origin)}"]
        return [move.coords()]
    if move.is_forfeit:
        return [entry(move.tower, None, 0, SQUARE_COLOURS[move.origin], form, lang)]
    first = entry(move.tower, move.direction, move.distance, SQUARE_COLOURS[move.target], form, lang)
    if not move.push:
        return [first]
    far = position_before.tower_at(move.push[-1])
    assert far is not None
    back = entry(far.colour, Direction.BACK, 1, SQUARE_COLOURS[move.pushed_to], form, lang)  # type: ignore[index]
    return [first, back]


def rows(entries: list[str], gold_first: bool, comments: dict[int, str] | None = None) -> list[str]:
    """Entries in numbered rows, Black's then Gold's; ``...`` when Gold moves first."""
    cells = (["..."] if gold_first else []) + entries
    comments = comments or {}
    out = []
    offset = 1 if gold_first else 0
    for i in range(0, len(cells), 2):
        pair = cells[i : i + 2]
        first = pair[0] + " " * max(0, 22 - cell_len(pair[0])) if len(pair) > 1 else pair[0]
        line = f"{i // 2 + 1}. " + "   ".join([first, *pair[1:]])
        notes = [comments[k] for k in (i - offset, i + 1 - offset) if k in comments]
        if notes:
            line += "   # " + "; ".join(notes)
        out.append(line.rstrip())
    return out


# --------------------------------------------------------------------- a match


class Played:
    """A generated match: its text and what happened in it (for choosing samples)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pushes: list[int] = []
        self.forfeits = 0
        self.deadlocks = 0
        self.rounds = 0
        self.score: dict[Side, int] = {}
        self.complete = False


def _play_round(
    position: Position,
    rng: random.Random,
    played: Played,
    *,
    form: str,
    lang: str,
    cut: int | None,
    prefer_push: bool,
    annotate: bool,
    max_plies: int,
) -> tuple[list[str], dict[int, str], bool]:
    """Play one round on ``position``: its entries, the notes on them (``annotate``), and
    whether it stopped at ``cut`` plies (a match in progress)."""
    written: list[str] = []
    notes: dict[int, str] = {}
    plies = 0
    while round_result(position) is None:
        if cut is not None and plies >= cut:
            return written, notes, True
        if plies > max_plies:
            raise RuntimeError("a round that does not end")
        if position.must_forfeit():
            move = position.forfeit_move()
            played.forfeits += 1
            if annotate and move.tower is not None:
                notes[len(written)] = f"{move.side.title}'s {move.tower.name.lower()} is blocked: forfeit (M6)"
        else:
            move = choose(position, rng, prefer_push=prefer_push and plies == 0)
        this_form = MIXED[len(written) % len(MIXED)] if form == "mixed" else form
        new = entries_of(move, position, this_form, lang)
        if move.push:
            played.pushes.append(len(move.push))
            pusher = position.tower_at(move.origin)
            if annotate and pusher is not None:
                rule = ("S2", "DS2", "TS2")[pusher.rings - 1]
                notes[len(written)] = f"{RING_NAMES[pusher.rings]} push of {len(move.push)} ({rule})"
        written.extend(new)
        position.play(move)
        plies += len(new)
    return written, notes, False


def play_match(
    seed: int,
    *,
    target: int,
    form: str = "text",
    lang: str = "en",
    headers: dict[str, str] | None = None,
    start: Position | None = None,
    lineups: bool = False,
    stop_after: tuple[int, int] | None = None,
    prefer_first_push: bool = False,
    annotate: bool = False,
    max_plies: int = 400,
) -> Played:
    """Play one match with seed ``seed`` and write it. ``stop_after`` = (round, plies)
    stops in the middle (a match in progress)."""
    rng = random.Random(seed)
    match = Match(target=target, start=start)
    played = Played()
    body: list[str] = []
    fill: Fill | None = None
    while True:
        number = match.round_number
        position = match.position
        gold_first = position.to_move is Side.GOLD
        body.append("")
        body.append(f"Round {number}" + (f" fill {fill.value}" if fill else ""))
        if lineups and fill is not None:
            for side in Side:
                names = " ".join(t.colour.title for t in _home_row(position, side))
                body.append(f"Lineup {side.title}: {names}")
        cut = stop_after[1] if stop_after is not None and number == stop_after[0] else None
        written, notes, stopped = _play_round(
            position, rng, played, form=form, lang=lang, cut=cut, prefer_push=prefer_first_push,
            annotate=annotate, max_plies=max_plies,
        )
        played.rounds += 1
        result = None if stopped else match.finish_round()
        if result is not None and result.by is RoundEnd.DEADLOCK:
            played.deadlocks += 1
            notes[len(written) - 1] = f"deadlock (M8): {result.winner.other.title} moved last and loses"
        if result is not None and annotate and result.by is RoundEnd.HOME_ROW:
            notes[len(written) - 1] = f"{result.winner.title} reaches the home row and scores {result.points}"
        body.extend(rows(written, gold_first, notes))
        if stopped or match.is_over or (stop_after is not None and number >= stop_after[0]):
            break
        fill = rng.choice([Fill.LEFT, Fill.RIGHT])
        match.next_round(fill)
    played.score = dict(match.score)
    played.complete = match.is_over
    head = dict(headers or {})
    if played.complete:
        head["Result"] = f"{match.score[Side.BLACK]}-{match.score[Side.GOLD]}"
    played.lines = [f'[{k} "{v}"]' for k, v in head.items()] + body
    return played


def _home_row(position: Position, side: Side) -> list:  # type: ignore[type-arg]
    from kamisado_notation.engine.match import lineup_files

    rank = 7 if side is Side.BLACK else 0
    return [position.tower_at(rank * 8 + f) for f in lineup_files(side)]


def find(predicate, seeds: range, **kwargs) -> Played:  # type: ignore[no-untyped-def]
    """The first seed whose match satisfies ``predicate``."""
    for seed in seeds:
        p = play_match(seed, **kwargs)
        if predicate(p):
            return p
    raise RuntimeError(f"no seed in {seeds} gives such a match")


def write(name: str, text: str) -> None:
    (HERE / name).write_text(text.rstrip() + "\n", encoding="utf-8")
    print(f"wrote samples/{name}")


def main() -> None:
    hdr = lambda **kw: {k.replace("_", " "): v for k, v in kw.items()}

    p = find(
        lambda p: p.complete and p.rounds >= 3 and p.pushes,
        range(1, 500),
        target=3,
        form="text",
        lineups=True,
        annotate=True,
        headers=hdr(Event="Club night", Date="2026.11.21", Black="Johan", Gold="Alain", Match="Standard"),
    )
    write(
        "standard-match.kmr",
        "# A Standard match (first to 3 points), written in the text form, with the optional\n"
        "# lineups after each fill and comments on the notable moves.\n" + "\n".join(p.lines),
    )

    p = find(lambda p: p.complete, range(1, 50), target=1, form="short",
             headers=hdr(Event="Single round, short form", Black="Amy", Gold="Chris", Match="Single"))
    write("single-round.kmr", "# A Single Round match in the short form (Pu L5 Ye).\n" + "\n".join(p.lines))

    p = find(lambda p: p.complete, range(100, 150), target=7, form="symbols",
             headers=hdr(Event="Long match, symbols", Black="Helmut", Gold="Steve", Match="Long"))
    write("long-match.kmr", "# A Long match (7 points) in the rulebook's four-symbol annotation.\n" + "\n".join(p.lines))

    p = find(lambda p: p.complete, range(200, 250), target=15, form="coords",
             headers=hdr(Event="Marathon, coordinates", Black="engine-a", Gold="engine-b", Match="Marathon"))
    write("marathon-match.kmr", "# A Marathon match (15 points) in the coordinate form, as engines write it.\n" + "\n".join(p.lines))

    p = find(lambda p: p.complete, range(300, 350), target=3, form="text", lang="hu",
             headers=hdr(Event="Klubest", Black="Vlora", Gold="Daniel", Match="Standard"))
    write("hungarian.kmr", "# Egy Standard játszma magyarul (a Hungarian record: colours and directions in Hungarian).\n" + "\n".join(p.lines))

    p = find(lambda p: p.complete, range(400, 450), target=1, form="text", lang="de",
             headers=hdr(Event="Spieleabend", Black="Wolfgang", Gold="Ralf", Match="Single"))
    write("german.kmr", "# Eine Einzelrunde auf Deutsch (a German record).\n" + "\n".join(p.lines))

    p = find(lambda p: p.forfeits > 0 and p.complete, range(1, 3000), target=1, form="text", annotate=True,
             headers=hdr(Event="A blocked tower forfeits (M6)", Match="Single"))
    write("forfeit.kmr", "# A single round in which a blocked tower forfeits its turn (M6): written `Colour 0 Square`.\n" + "\n".join(p.lines))

    p = find(lambda p: p.deadlocks > 0 and p.complete, range(1, 20000), target=1, form="text", annotate=True,
             headers=hdr(Event="Deadlock (M8)", Match="Single"))
    write("deadlock.kmr", "# A round that ends in a deadlock (M8): the forced zero entries into it are left out;\n"
          "# the validator finds the deadlock from the position.\n" + "\n".join(p.lines))

    p = find(lambda p: p.rounds >= 2, range(1, 50), target=3, form="text", stop_after=(2, 9),
             headers=hdr(Event="Adjourned", Black="Pete", Gold="Alain", Match="Standard"))
    write("in-progress.kmr", "# A Standard match adjourned in round 2: valid, in progress.\n" + "\n".join(p.lines))

    # Pushes: puzzles that start from a [Position] (rings included; the rings are the score).
    double = "o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B"
    triple = "obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P"
    p1 = play_match(7, target=7, form="text", prefer_first_push=True, annotate=True,
                    start=Position.from_string(double), stop_after=(1, 12),
                    headers=hdr(Event="A Double Sumo pushes two towers (DS2)", Match="Long", Position=double))
    p2 = play_match(7, target=15, form="symbols", prefer_first_push=True, annotate=True,
                    start=Position.from_string(triple), stop_after=(1, 12),
                    headers=hdr(Event="A Triple Sumo pushes three towers (TS2)", Match="Marathon", Position=triple))
    assert p1.pushes[:1] == [2] and p2.pushes[:1] == [3], (p1.pushes, p2.pushes)
    write("pushes.kmr", "# Two puzzles in one file (a file may hold many matches): a push of two towers,\n"
          "# then a push of three. Each push is two entries: the pusher's, then the pushed\n"
          "# player's back-entry (the farthest pushed tower, one square back).\n"
          + "\n".join(p1.lines) + "\n\n" + "\n".join(p2.lines))

    p = find(lambda p: p.complete and p.rounds >= 2, range(500, 600), target=3, form="mixed",
             headers=hdr(Event="Mixed forms", Black="Johan", Gold="David", Match="Standard"))
    write("mixed-forms.kmr", "# Every form in one record, entry by entry: symbols, text, short, coordinates.\n"
          "# A reader accepts any mix (docs/notation.md); `kamisado convert` writes one form.\n" + "\n".join(p.lines))

    club = []
    for i, seed in enumerate((11, 12, 13), 1):
        p = play_match(seed, target=1, form=("text", "short", "symbols")[i - 1],
                       headers=hdr(Event="Club night", Game=str(i), Match="Single"))
        club.append("\n".join(p.lines))
    write("club-night.kmr", "# Three single-round games in one file, one form each.\n\n" + "\n\n".join(club))


if __name__ == "__main__":
    main()
