"""The cost a line of the recovering reader on records written in other people's styles,
and that it stays linear in the record's length.

Generated matches (text form, English) are written in our style and then in each style
people use (docs/record-decisions.md, "Reading records"): punctuation after every entry,
chess marks, turn numbers written ``1)``, comments written ``( … )`` and ``// …``,
abbreviations (``Purp``, ``Fwd``, ``Lt``), ``Round`` lines in other shapes with lineups
with commas, a running score after each round, and all of them at once; rows pasted from
a spreadsheet (tabs, or commas, with a header row); the slips of a whole round a
record may have in every round (marked ``*``: errors, each certain and fixed): every
row written Gold's entry first, a row after the round's end, the other fill word with
no lineups; and the entry styles: ring marks on every tower with rings (``Purple+``),
forfeits and back-entries written ``pass`` and ``pushed``, the square colour left out of
every move, every distance written as a word, the slots in another order, and all of
these at once (a different style on each entry). For each, the
CPU time a line (``time.process_time``, median of ``--runs``) of reading the record
(``parse_record``) and of validating it (``validate_text``: the reader and the replay,
what ``kamisado validate`` does), at 1x, 4x and 16x ``--matches`` matches; ``x ours``
is the validation's cost a line against our style's at the same size, ``16x/1x`` the
cost a line at 16x over that at 1x (about 1.0 when linear, 16 when quadratic). Figures
are ratios measured in the same run, never absolute targets.

    python3 bench/bench_lenient.py [--matches 10] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Entry, RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def ours(seed: int) -> str:
    """A generated match (to 3 points, with lineups in some rounds) in our style."""
    match = generate_match(random.Random(seed), target=3)
    return format_record(RecordFile("<bench>", matches=[match]), form=Form.TEXT, lang="en")


def entries(text: str) -> list[Entry]:
    return [e for m in parse_record(text).matches for r in m.rounds for e in r.entries if not e.placeholder]


def after_entries(text: str, mark: Callable[[int], str]) -> str:
    """``text`` with ``mark(k)`` written right after its k-th entry."""
    lines = text.split("\n")
    for k, e in sorted(enumerate(entries(text)), key=lambda c: (c[1].line, -c[1].column)):
        end = e.column - 1 + len(e.text)
        row = lines[e.line - 1]
        lines[e.line - 1] = row[:end] + mark(k) + row[end:]
    return "\n".join(lines)


_ABBREVIATED = {"Purple": "Purp", "Orange": "Orng", "Yellow": "Yel", "Forward": "Fwd", "Left": "Lt", "Right": "Rt"}
_ROW = re.compile(r"^(\d+)\.(?= )", re.MULTILINE)


def abbreviated(text: str) -> str:
    """``text`` with the words of :data:`_ABBREVIATED` shortened in its rows (not its headers)."""
    headers, rows = text.split("\n\n", 1)
    return headers + "\n\n" + re.sub(r"\b(" + "|".join(_ABBREVIATED) + r")\b", lambda m: _ABBREVIATED[m[1]], rows)


def round_shapes(text: str) -> str:
    text = re.sub(r"^Round (\d+) fill (left|right)$", lambda m: f"ROUND {m[1]} - FILL {m[2].upper()}", text, flags=re.MULTILINE)
    return re.sub(r"^(Lineup \w+: )(.*)$", lambda m: m[1] + ", ".join(m[2].split()), text, flags=re.MULTILINE)


def running_scores(text: str) -> str:
    """``text`` with the score after each round but the last written on a line of its own."""
    (match,) = parse_record(text).matches
    lines = text.split("\n")
    score = [0, 0]
    ends = []
    for rnd, judged in zip(match.rounds, replay_match(match).rounds, strict=False):
        if judged.result is None:
            break
        score[judged.result.winner.name == "GOLD"] += judged.result.points
        ends.append((rnd.entries[-1].line, f"{score[0]}-{score[1]}"))
    for line, said in reversed(ends[:-1]):
        lines.insert(line, said)
    return "\n".join(lines)


def spreadsheet(text: str, sep: str) -> str:
    """``text`` with its rows pasted as a spreadsheet's cells joined by ``sep`` (a bare
    turn number, an empty cell for ``...``) and a header row after each ``Round`` line."""
    out = []
    for line in text.split("\n"):
        m = _CELLS.match(line)
        if m is None:
            out += [line, sep.join(["Turn", "Black", "Gold"])] if line.startswith("Round") else [line]
            continue
        cells = ["" if c == "..." else c for c in re.split(r" {2,}", m[2].strip())]
        out.append(sep.join([m[1], *cells]))
    return "\n".join(out)


_CELLS = re.compile(r"^(\d+)\. (.*)$")


def gold_first(text: str) -> str:
    """``text`` with every round Black starts written Gold's entry first in every row (a
    slip of the whole round: one error a round, fixed)."""
    lines = text.split("\n")
    for match in parse_record(text).matches:
        for rnd in match.rounds:
            es = rnd.entries
            if not es or es[0].placeholder:
                continue
            for k in range(0, len(es) - 1, 2):
                a, b = es[k], es[k + 1]
                if a.line == b.line:
                    row = lines[a.line - 1]
                    between = row[a.column - 1 + len(a.text) : b.column - 1]
                    lines[a.line - 1] = row[: a.column - 1] + b.text + between + a.text + row[b.column - 1 + len(b.text) :]
    return "\n".join(lines)


def after_end(text: str) -> str:
    """``text`` with a row written after each round's end (its last entry again): one
    error a round, which ``fix`` removes."""
    lines = text.split("\n")
    ends = [rnd.entries[-1] for m in parse_record(text).matches for rnd in m.rounds if rnd.entries]
    for last in reversed(ends):
        lines.insert(last.line, f"9. {last.text}   {last.text}")
    return "\n".join(lines)


def fill_swapped(text: str) -> str:
    """``text`` with the fill word of every round without lineups the other (its entries
    tell which is right: one error a round, fixed)."""
    lines = text.split("\n")
    for rnd in (r for m in parse_record(text).matches for r in m.rounds if r.fill is not None and not r.lineups):
        other = "right" if rnd.fill is not None and rnd.fill.value == "left" else "left"
        lines[rnd.line - 1] = re.sub(r"fill \w+", f"fill {other}", lines[rnd.line - 1])
    return "\n".join(lines)


_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven"]


def restyled(text: str, write: Callable[[int, Entry, str, int], str]) -> str:
    """``text`` with each entry rewritten as ``write(k, entry, what, rings)`` says: the
    k-th entry, what the replay made of it (``move``, ``push``, ``forfeit``, ``back``) and
    its tower's Sumo rings."""
    (match,) = parse_record(text).matches
    lines = text.split("\n")
    judged = [(p.entry, p.kind.value, rr.start.rings(p.move.side, p.move.tower)) for rr in replay_match(match).rounds for p in rr.plies if p.move.tower]
    for k, (e, what, rings) in sorted(enumerate(judged), key=lambda c: (c[1][0].line, -c[1][0].column)):
        row = lines[e.line - 1]
        start = e.column - 1
        lines[e.line - 1] = row[:start] + write(k, e, what, rings) + row[start + len(e.text) :]
    return "\n".join(lines)


def ring_marks(k: int, e: Entry, what: str, rings: int) -> str:
    tower, rest = e.text.split(" ", 1)
    return f"{tower}{'+' * rings} {rest}" if what != "back" else e.text


def forced_words(k: int, e: Entry, what: str, rings: int) -> str:
    return {"forfeit": "pass", "back": "pushed"}.get(what, e.text)


def square_left_out(k: int, e: Entry, what: str, rings: int) -> str:
    return e.text.rsplit(" ", 1)[0] if what in ("move", "push") else e.text


def distance_words(k: int, e: Entry, what: str, rings: int) -> str:
    words = e.text.split()
    return " ".join([words[0], words[1], _NUMBERS[int(words[2])], words[3]]) if what in ("move", "push") else e.text


def slot_order(k: int, e: Entry, what: str, rings: int) -> str:
    words = e.text.split()
    return " ".join([words[0], words[2], words[1], words[3]]) if what in ("move", "push") else e.text


def every_entry_style(k: int, e: Entry, what: str, rings: int) -> str:
    """The entry styles at once, a different one (or two) on each entry."""
    if what in ("forfeit", "back"):
        return forced_words(k, e, what, rings)
    styled = [slot_order, distance_words, square_left_out, lambda *a: e.text][k % 4](k, e, what, rings)
    return ring_marks(k, Entry(e.line, e.column, styled), what, rings) if k % 2 else styled


#: style → the record in it, from ours
STYLES: dict[str, Callable[[str], str]] = {
    "ours": lambda t: t,
    "punctuation": lambda t: after_entries(t, lambda k: ","),
    "chess marks": lambda t: after_entries(t, lambda k: "!?" if k % 3 == 0 else ""),
    "turn 1)": lambda t: _ROW.sub(lambda m: m[1] + ")", t),
    "comments ( ) //": lambda t: after_entries(t, lambda k: " (forced)" if k % 4 == 0 else ""),
    "abbreviations": lambda t: abbreviated(t),
    "round/lineup shapes": round_shapes,
    "running scores": running_scores,
    "ring marks": lambda t: restyled(t, ring_marks),
    "pass, pushed": lambda t: restyled(t, forced_words),
    "square left out": lambda t: restyled(t, square_left_out),
    "distance words": lambda t: restyled(t, distance_words),
    "slot order": lambda t: restyled(t, slot_order),
    "entry styles, all": lambda t: restyled(t, every_entry_style),
}
STYLES["all"] = lambda t: round_shapes(STYLES["abbreviations"](STYLES["turn 1)"](after_entries(running_scores(t), lambda k: ",!?"[k % 3] + (" (forced)" if k % 4 == 0 else "")))))
STYLES["spreadsheet tabs"] = lambda t: spreadsheet(t, "\t")
STYLES["spreadsheet csv"] = lambda t: spreadsheet(t, ",")
#: slips of a whole row or round (errors, each certain and fixed): one a round
SLIPS: dict[str, Callable[[str], str]] = {"gold first *": gold_first, "after end *": after_end, "fill swapped *": fill_swapped}
STYLES.update(SLIPS)


def record(style: str, matches: int) -> str:
    """``matches`` generated matches, each written in ``style``."""
    return "\n".join(STYLES[style](ours(seed)) for seed in range(matches))


def cpu_a_line(run: Callable[[str], object], text: str, runs: int) -> float:
    """Median CPU microseconds a line of ``run(text)``."""
    times = []
    for _ in range(runs):
        t = time.process_time()
        run(text)
        times.append(time.process_time() - t)
    return statistics.median(times) / text.count("\n") * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10, help="matches at 1x (default 10)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sizes = (1, 4, 16)
    print(f"{args.matches} generated matches at 1x, text form; CPU µs a line, median of {args.runs} runs")
    print(f"{'style':22}{'read 1x':>10}{'validate 1x':>13}{'4x':>9}{'16x':>9}{'x ours':>9}{'16x/1x':>9}  warnings, errors")
    base: dict[int, float] = {}
    validate_text(record("all", 1))  # (the grammar is built on first use: not a style's cost)
    for style in STYLES:
        validate = {}
        for k in sizes:
            text = record(style, args.matches * k)
            validate[k] = cpu_a_line(validate_text, text, args.runs)
            if k == 1:
                read = cpu_a_line(parse_record, text, args.runs)
                said = validate_text(text).all_diagnostics()
                counts = f"{sum(d.severity == 'warning' for d in said)}, {sum(d.severity == 'error' for d in said)}"
        if style == "ours":
            base = validate
        ratio = validate[16] / base[16]
        print(
            f"{style:22}{read:>10.1f}{validate[1]:>13.1f}{validate[4]:>9.1f}{validate[16]:>9.1f}"
            f"{ratio:>8.2f}x{validate[16] / validate[1]:>9.2f}  {counts}"
        )
    print("goals: every style validates with no error (a slip marked * with its errors, each fixed); cost a line linear (16x/1x about 1)")


if __name__ == "__main__":
    main()
