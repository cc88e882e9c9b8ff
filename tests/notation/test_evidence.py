"""Read by evidence: text that is no evidence of a move is set aside, never an error,
and the legal moves decide what an entry's evidence means (docs/record-decisions.md,
"Read by evidence").

The property plants noise — chatter words, times, emoji, markup, quoting and list
markers — before, between and after the entries of generated legal matches in every form,
where the truth is known: the judged moves and winners never change and no round stops.
The other tests write entries as people do in words the notation does not write (other
languages, arrows, target squares, one entry a line) and check the move read against
the generated truth.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import read_record
from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import Ply, PlyKind, replay_match
from kamisado_notation.checking.slips import rewrite
from kamisado_notation.checking.validate import validate_file, validate_text
from kamisado_notation.diagnostics import ERROR, Kind
from kamisado_notation.engine.board import Direction, parse_square, square_name
from kamisado_notation.notation.kmr.evidence import clues, players_sides, winner_in
from kamisado_notation.notation.kmr.line_shapes import line_shape
from kamisado_notation.notation.kmr.reader import parse_record
from kamisado_notation.notation.record import RoundRecord
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, only_match, winners, written

FORMS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.TEXT, "ru"), (Form.SHORT, "en"), (Form.SYMBOLS, "en"), (Form.COORDS, "en")]

#: Text that is no evidence of a move, as chats, tools and people put it around entries.
NOISE = [
    "nice", "hmm", "wow!!", "lol", "gg", "Anna:", "<Bob>", "Marta said:", "[19:04]", "19:04:11", "2026-03-12",
    "😀", "👍", "🎉", "<td>", "</td>", "<b>", "**", "|", ">", ">>", "•", "*", "::", "…?!", "(thinking)", "ok",
    "well played", "[i]", "[/i]", "`", "```", "~", "=", "==", "@Anna", "^_^", ":-)", "(11s)",
    ":eyes:", ":+1:", "↩  🔁  ⭐", "↻", "6 giu 2026", "3 mai 2026,", "16:39:48 +0200", "+44 7700 900417",
]
#: After the last entry, a comment of ours too ('#' comments to the end of the line, so
#: it is no noise before an entry).
SUFFIXES = [*NOISE, "#kamisado"]
#: Before the first entry of a line, list and quoting markers too.
PREFIXES = [*NOISE, "- ", "* ", "> ", "1)", "a)", "Ply 12:", "Black:", "Gold:"]

_ROW = "row"
#: Markup around each entry, touching it (a page's cells, bold, brackets, code spans).
WRAPS = [("<b>", "</b>"), ("[", "]"), ("**", "**"), ("<td>", "</td>"), ("`", "`"), ("<span title=\"move\">", "</span>")]


def noisy(text: str, rng: random.Random) -> str:
    """``text`` with noise planted on its rows (lines that begin with a turn number or
    with entries): before the first entry, between the two and after the last."""
    out = []
    for line in text.splitlines():
        parts = line.split("   ")  # (the writer pads the two entries of a row apart)
        first = line.split(" ", 1)[0]
        if not line or line.startswith(("[", "Round", "Lineup", "#", "{")) or not (first.rstrip(".").isdigit() or first == "..."):
            out.append(line)
            continue
        head, _, rest = line.partition(" ")
        before = rng.choice(PREFIXES) if rng.random() < 0.6 else ""
        between = rng.choice(NOISE) if rng.random() < 0.5 else ""
        after = rng.choice(SUFFIXES) if rng.random() < 0.6 else ""
        entries = [p.strip() for p in rest.split("   ") if p.strip()]
        if rng.random() < 0.3:  # (markup touching each entry: '<b>h8-h5</b><b>d1-d3</b>')
            opening, closing = rng.choice(WRAPS)
            entries = [f"{opening}{e}{closing}" if e != "..." else e for e in entries]
            rest = "".join(entries) if rng.random() < 0.5 and "..." not in entries else "   ".join(entries)
        if len(entries) == 2 and between:
            rest = f"{entries[0]}  {between}  {entries[1]}"
        out.append(f"{before} {head} {rest} {after}".strip() if parts else line)
    return "\n".join(out) + "\n"


def assert_read_as(text: str, original: str) -> None:
    """``text``, ``original`` rewritten by someone, reads with no error as its moves and
    its rounds' winners."""
    assert errors(text) == [], text
    assert moves_of(text) == moves_of(original), text
    assert winners(text) == winners(original)


def errors(text: str) -> list[str]:
    return [d.format("<t>") for d in validate_text(text).all_diagnostics() if d.severity is ERROR]


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(FORMS), noise=st.integers(0, 10_000))
@example(seed=7, style=(Form.TEXT, "en"), noise=3)
@example(seed=238, style=(Form.TEXT, "en"), noise=585)  # ('Pink 0 Pink >': a forfeit's square, then a sign)
@example(seed=4, style=(Form.SHORT, "en"), noise=124)  # (markup between two entries: fix left them run together)
@example(seed=0, style=(Form.TEXT, "en"), noise=1968)  # (a fresh clone's random profile: '↩ 2  🔁 4', a post's counters, put numbers between entries; noise holds no evidence now)
def test_property_noise_never_changes_the_judged_moves(seed: int, style: tuple[Form, str], noise: int) -> None:
    original = written(seed, *style, target=1)
    planted = noisy(original, random.Random(noise))
    assert errors(planted) == [], planted
    assert moves_of(planted) == moves_of(original), planted
    assert winners(planted) == winners(original), planted
    fixed = fix_text(planted).text
    assert moves_of(fixed) == moves_of(original)
    assert errors(fixed) == []


def test_set_aside_text_is_one_warning_a_match_with_every_place_fix_takes_out() -> None:
    original = written(11, Form.TEXT, "en", target=1)
    rows = _row_lines(original)
    planted = original
    for row in rows:
        planted = planted.replace(row, f"[20:1{len(row) % 10}] Anna: {row} (nice)", 1)
    report = validate_text(planted)
    aside = [d for d in report.all_diagnostics() if d.kind is Kind.SET_ASIDE]
    assert len(aside) == 1, report.diagnostics
    assert {e.line for e in aside[0].edits} == {n for n, line in enumerate(planted.splitlines(), 1) if "Anna" in line}
    assert "Anna" not in fix_text(planted).text
    assert moves_of(fix_text(planted).text) == moves_of(original)


def _row_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:1].isdigit()]


def one_entry_a_line(text: str, labels: tuple[str, str]) -> str:
    """Each entry on a line of its own, labelled with its player's name and a ply number
    counted through the round (as chat relays and apps write them)."""
    out, ply = [], 0
    for line in text.splitlines():
        if not line[:1].isdigit():
            if line.startswith("Round"):
                ply = 0
            out.append(line)
            continue
        entries = [p.strip() for p in line.split(" ", 1)[1].split("   ") if p.strip()]
        for k, entry in enumerate(entries):
            ply += 1
            if entry != "...":
                out.append(f"{ply}) {labels[k]}: {entry}")
    return "\n".join(out) + "\n"


def test_one_entry_a_line_labelled_by_player_reads_as_rows() -> None:
    for seed in range(6):
        original = written(seed, Form.TEXT, "en", target=3)
        relayed = one_entry_a_line(original, ("Anna", "Bob"))
        assert_read_as(relayed, original)
        fixed = fix_text(relayed).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed
        # alone on their lines, in words fix rewrites: a '...' put before an entry fix also rewrites
        bare = "\n".join(line.split(": ", 1)[-1].replace("Forward", "adelante") for line in relayed.splitlines()) + "\n"
        assert moves_of(bare) == moves_of(original), bare
        fixed = fix_text(bare).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


#: Entries as a Spanish and a French player write them, against our English.
_OTHER_WORDS = {
    "es": {"Red": "rojo", "Left": "izquierda", "Right": "derecha", "Forward": "adelante", "Yellow": "amarillo", "Blue": "azul"},
    "fr": {"Red": "rouge", "Left": "gauche", "Right": "droite", "Forward": "tout droit", "Green": "vert", "Purple": "violet"},
}


def on_rows(original: str, change: Callable[[str], str]) -> str:
    """``original`` with each of its rows (the lines that begin with a turn number)
    rewritten by ``change``."""
    return "\n".join(change(line) if line[:1].isdigit() else line for line in original.splitlines()) + "\n"


def _replaced(line: str, words: dict[str, str]) -> str:
    for en, other in words.items():
        line = line.replace(en, other)
    return line


def translated(original: str, words: dict[str, str]) -> str:
    """``original`` with the English words of its rows written in another language's."""
    return on_rows(original, lambda line: _replaced(line, words))


def test_words_of_languages_the_notation_does_not_write_are_evidence() -> None:
    for lang, words in _OTHER_WORDS.items():
        for seed in range(4):
            original = written(seed, Form.TEXT, "en", target=1)
            other = translated(original, words)
            assert errors(other) == [], (lang, other)
            assert moves_of(other) == moves_of(original)


def test_target_squares_alone_read_as_the_forced_towers_moves() -> None:
    """After a round's first move the tower is forced, so the square it ends on is the move."""
    for seed in range(4):
        original = written(seed, Form.COORDS, "en", target=1)
        lines = []
        for line in original.splitlines():
            if line[:1].isdigit() and not line.startswith("1. "):
                head, _, rest = line.partition(" ")
                lines.append(head + " " + "   ".join(e.split("-")[-1] if "-" in e else e for e in rest.split("   ")))
            else:
                lines.append(line)
        short = "\n".join(lines) + "\n"
        assert errors(short) == [], short
        assert moves_of(short) == moves_of(original)


def test_arrows_of_every_block_read_by_the_way_they_point() -> None:
    original = written(3, Form.TEXT, "en", target=1)
    arrows = {f" {word} ": f" {arrow} " for word, arrow in {"Left": "⇖", "Right": "➚", "Forward": "🡑"}.items()}
    drawn = translated(original, arrows)
    assert errors(drawn) == [], drawn
    assert moves_of(drawn) == moves_of(original)


def test_a_struck_out_entry_is_not_played() -> None:
    original = written(4, Form.TEXT, "en", target=1)
    rows = _row_lines(original)
    first = rows[0]
    head, _, rest = first.partition(" ")
    black, _, gold = rest.partition("   ")
    wrong = "Purple Forward 1 Blue"
    struck = original.replace(first, f"{head} ~~{wrong}~~ {black.strip()}   {gold.strip()}", 1)
    taken = original.replace(first, f"{head} {wrong} scratch that {black.strip()}   {gold.strip()}", 1)
    for text in (struck, taken):
        assert errors(text) == [], text
        assert moves_of(text) == moves_of(original)


@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), at=st.integers(2, 30), word=st.sampled_from(["fix:", "correction —", "Korrektur:", "oops, I mean", "javítás:"]))
def test_a_line_that_takes_back_the_entry_before_it_stands_in_its_place(seed: int, at: int, word: str) -> None:
    """A relay writes a wrong entry (legal or not), then a line that says so before the
    right one (``fix: Red Right 3 Blue``): the wrong one is set aside with a warning whose
    edit removes it (``fix`` keeps it in a comment), the right one is played."""
    original = written(seed, Form.TEXT, "en", target=1)
    lines = one_entry_a_line(original, ("Anna", "Bob")).splitlines()
    entries = [k for k, line in enumerate(lines) if line[:1].isdigit()]
    k = entries[min(at, len(entries) - 1)]
    label, _, entry = lines[k].partition(": ")
    words = entry.split()
    if len(words) < 4 or not words[2].isdigit():  # (a forced entry written alone: nothing to write wrong)
        return
    wrong = " ".join([words[0], "Right" if words[1] != "Right" else "Left", str(int(words[2]) % 7 + 1), *words[3:]])
    lines[k : k + 1] = [f"{label}: {wrong}", f"{label}: {word} {entry}"]
    relayed = "\n".join(lines) + "\n"
    assert errors(relayed) == [], relayed
    assert moves_of(relayed) == moves_of(original), relayed
    struck = [d for d in validate_text(relayed).all_diagnostics() if d.kind is Kind.STRUCK_ENTRY]
    assert [(d.line, d.edits[0].old) for d in struck] == [(k + 1, wrong)]
    fixed = fix_text(relayed).text
    assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), at=st.integers(1, 12), said=st.sampled_from(["^ no sorry, scratch that, it was:", "(takeback)", "Korrektur:", "oops — correction:"]))
@example(seed=168, at=1, said="^ no sorry, scratch that, it was:")  # (a row begun by a forfeit, "Orange 0": its distance stays)
def test_a_line_of_its_own_that_takes_back_the_row_before_it(seed: int, at: int, said: str) -> None:
    """A row written wrong, then a line of its own that takes it back, then the row
    rewritten: the wrong row is set aside with a warning, the rewritten one is played."""
    original = written(seed, Form.TEXT, "en", target=1)
    rows = _row_lines(original)
    row = rows[min(at, len(rows) - 1)]
    head, _, rest = row.partition(" ")
    words = rest.split()
    if len(words) < 4 or words[0] == "..." or not words[2].isdigit():
        return
    wrong = " ".join([head, words[0], "Right" if words[1] != "Right" else "Left", str(int(words[2]) % 7 + 1), *words[3:]])
    slipped = original.replace(row + "\n", f"{wrong}\n   {said}\n{row}\n", 1)
    assert errors(slipped) == [], slipped
    assert moves_of(slipped) == moves_of(original), slipped
    struck = [d for d in validate_text(slipped).all_diagnostics() if d.kind is Kind.STRUCK_ENTRY]
    assert len(struck) == 1 and struck[0].edits, slipped
    fixed = fix_text(slipped).text
    assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


def test_a_relay_that_echoes_every_move_is_read_once_each() -> None:
    """A chat bot repeats each move it was told, in other words (``!mv f8-c5``, then
    ``KamiBot: red F8->C5``): each echo is set aside, the moves and winners are the
    record's, and ``fix`` keeps them."""
    for seed in range(4):
        original = written(seed, Form.COORDS, "en", target=1)
        rounds = replay_match(only_match(original)).rounds
        plies = iter([p.move for rr in rounds for p in rr.plies if p.move is not None and p.kind is not PlyKind.BACK])
        lines = []
        for line in one_entry_a_line(original, ("zed", "mira")).splitlines():
            lines.append(line)
            if line[:1].isdigit() and "-" in line:
                move = next(plies)
                if move.is_forfeit or move.push:  # (a forfeit or a push's entries: no echo)
                    continue
                origin, target = move.coords().upper().split("-")
                lines.append(f"KamiBot: {move.tower.name.lower() if move.tower else ''} {origin}->{target}")
        echoed = "\n".join(lines) + "\n"
        assert_read_as(echoed, original)
        assert any(d.kind is Kind.REPEATED_ENTRY for d in validate_text(echoed).all_diagnostics())
        fixed = fix_text(echoed).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


def test_evidence_in_prose_before_the_first_round_line_is_set_aside() -> None:
    """A line of prose before the first ``Round 1`` line that happens to hold a square or
    a colour (``a1 = Gold's brown corner``) names no move: it is set aside, and round 1 is
    the one its line begins."""
    for seed, prose in enumerate(["squares written from-to (a1 = Gold's brown corner)", "note: red and blue are the busy towers", "board: a1 brown, h8 brown"]):
        original = written(seed, Form.TEXT, "en", target=3)
        noted = original.replace("Round 1\n", f"{prose}\n\nRound 1\n", 1)
        assert_read_as(noted, original)
        fixed = fix_text(noted).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


def test_a_round_written_as_one_list_needs_no_placeholder_where_gold_starts() -> None:
    """Entries as a list, several a line and no columns (``b1 to b2,  e8 to e2, …``): where
    Gold starts a round and no ``...`` is written, the replay knows the sides, so it is a
    warning (the ``...`` is inserted by ``fix``), not an error."""
    for seed in range(4):
        original = written(seed, Form.COORDS, "en", target=3)
        lines: list[str] = []
        run: list[str] = []
        for line in [*original.splitlines(), ""]:
            if line[:1].isdigit():
                run += [e for e in line.split(" ", 1)[1].split() if e != "..."]
                continue
            lines += ["  " + ",  ".join(run[k : k + 6]) for k in range(0, len(run), 6)]
            run = []
            lines.append(line)
        listed = "\n".join(lines) + "\n"
        assert_read_as(listed, original)


def test_notes_in_a_json_file_that_is_no_json_are_read_by_their_evidence(tmp_path: Path) -> None:
    """A ``.json`` file that starts as no JSON does (a ``//`` comment, unquoted keys) but
    holds entries is read as text, by its evidence; one that holds none keeps the JSON
    reader's error."""
    original = written(5, Form.TEXT, "en", target=1)
    lines = ["// kamisado with Ben, one round -- not real json", "{", '  "black": "me",', "  moves: ["]
    for row in _row_lines(original):
        for entry in row.split(" ", 1)[1].split("   "):
            words = entry.split()
            if len(words) == 4:
                lines.append(f'    {{tower: "{words[0].lower()}", go: "{words[1].lower()}", n: {words[2]}, to: "{words[3].lower()}"}},  // ok')
    lines += ["  ]", "}"]
    notes = tmp_path / "notes.json"
    notes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    record = read_record(notes)
    assert [d.message for d in record.errors if d.severity is ERROR] == []
    (rr,) = replay_match(record.matches[0]).rounds
    assert [(p.move.origin, p.move.target) for p in rr.plies if p.move] == [(o, t) for o, t, _d in moves_of(original)[0]]
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json at all\n", encoding="utf-8")
    assert read_record(garbage).errors[0].message.startswith("not JSON")


def test_a_table_printed_with_from_and_to_columns_reads_as_the_moves() -> None:
    """A data frame printed as text (``ply side tower from to dir n landed``, columns
    padded with blanks): after the tower, two squares a blank apart are the move's from
    and to (``f1  g2`` is no Forward 1, ``b5  f1`` no Back 5), and what follows says the
    same."""
    for seed in range(5):
        original = written(seed, Form.TEXT, "en", target=1)
        (rr,) = replay_match(only_match(original)).rounds
        lines = [" ply   side  tower    from  to   dir      n  landed"]
        for k, ply in enumerate(rr.plies, 1):
            move = ply.move
            assert move is not None
            origin, target = move.coords().split("-")
            direction = move.direction.name.lower() if move.direction else "none"
            tower = move.tower.name.lower() if move.tower else "?"
            lines.append(f"{k:4d}  {move.side.name.lower():>5}  {tower:<7}  {origin:<4}  {target:<3}  {direction:<7}  {move.distance}  {move.square_colour.name.lower()}")
        table = "\n".join(lines) + "\n"
        assert errors(table) == [], table
        assert moves_of(table) == moves_of(original), table


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), marks=st.integers(0, 2**30))
@example(seed=156, marks=28)  # (a "?" between two entries of a row, before a direction: a tower, not a chess mark)
def test_a_question_mark_where_a_colour_could_not_be_read_is_a_slot_left_to_the_replay(seed: int, marks: int) -> None:
    """A transcribed scoresheet: ``?`` alone where a colour was not legible (a square, or
    a tower after a round's first row), headings ``RD 2 (left)`` and a note in brackets
    before it: the moves are the record's."""
    original = written(seed, Form.TEXT, "en", target=3)
    rng = random.Random(marks)
    lines = ['[Transcribed from a pencil scoresheet. "?" = the colour could not be read]', ""]
    for line in original.splitlines():
        if line.startswith("Round"):
            words = line.split()
            line = f"RD {words[1]}" + ([f"  ({words[3]})", f"  filled {words[3]}"][marks % 2] if len(words) > 3 else "")
        elif line[:1].isdigit() and not line.startswith("1. "):
            head, _, rest = line.partition(" ")
            entries = [e.split() for e in rest.split("   ") if e.strip()]
            for words in entries:
                if len(words) == 4 and rng.random() < 0.4:
                    words[rng.choice([0, 3])] = "?"
            line = head + " " + "         ".join(" ".join(w) for w in entries)
        lines.append(line)
    sheet = "\n".join(lines) + "\n"
    assert_read_as(sheet, original)


def test_moves_kept_as_notes_in_braces_are_read_and_fix_writes_them_out() -> None:
    """A YAML or JSON-ish list whose items are the moves in braces (``- { tower: green,
    dir: forward, n: 6, lands: orange }``): each is read, and ``fix`` takes the braces out
    with the rest of what is no move (a comment in braces would hide the move)."""
    checked = 0
    for seed in range(40):
        original = written(seed, Form.TEXT, "en", target=1)
        entries = [(side, e.split()) for row in _row_lines(original) for side, e in zip(("black", "gold"), row.split(" ", 1)[1].split("   "), strict=False)]
        if any(len(words) != 4 for _side, words in entries):  # (a forfeit: written otherwise)
            continue
        checked += 1
        lines = ["rounds:", "  - round: 1", "    moves:"]
        for side, words in entries:
            tower, direction, n, lands = (w.lower() for w in words)
            lines.append(f"      - {{ side: {side}, tower: {tower}, dir: {direction}, n: {n}, lands: {lands} }}")
        kept = "\n".join(lines) + "\n"
        assert errors(kept) == [], kept
        assert moves_of(kept) == moves_of(original), kept
        fixed = fix_text(kept).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed
    assert checked >= 3


def test_an_illegal_entry_written_in_full_is_still_an_error() -> None:
    original = written(2, Form.TEXT, "en", target=1)
    rows = _row_lines(original)
    head, _, rest = rows[1].partition(" ")
    gold = rest.partition("   ")[2].strip()
    bad = original.replace(rows[1], f"{head} Anna: Brown Forward 7 Brown   {gold}", 1)
    found = errors(bad)
    assert found and ":" in found[0]
    assert replay_match(only_match(bad)).rounds[0].plies[-1].move is not None or found


def test_a_line_with_no_evidence_is_a_comment() -> None:
    original = written(6, Form.TEXT, "en", target=1)
    rows = _row_lines(original)
    chatty = original.replace(rows[1], f"{rows[1]}\nthat was a surprise, well played\n", 1)
    assert errors(chatty) == []
    assert moves_of(chatty) == moves_of(original)
    fixed = fix_text(chatty).text
    assert "# that was a surprise, well played" in fixed


def _chatty(text: str) -> str:
    """Entries one a line as a relay writes them, each round's end followed by a line
    that names a colour and a number but no move ('won with red, score 1'), and every
    entry behind a list's dash."""
    relayed = one_entry_a_line(text, ("Anna", "Bob"))
    out = []
    for line in relayed.splitlines():
        if line.startswith("Round") and [o for o in out if o][-1:] and [o for o in out if o][-1].startswith("- "):
            out.append("won with the red tower, score 1")
        out.append(f"- {line.split(': ', 1)[1]}" if ": " in line and line[:1].isdigit() else line)
    return "\n".join(out) + "\n"


def test_weak_evidence_that_names_no_move_is_set_aside() -> None:
    for seed in range(4):
        original = written(seed, Form.TEXT, "en", target=3)
        chatty = _chatty(original)
        assert errors(chatty) == [], (errors(chatty), chatty)
        assert moves_of(chatty) == moves_of(original)
        assert winners(chatty) == winners(original)
        fixed = fix_text(chatty).text
        assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


def rows_of(text: str) -> Iterator[tuple[str, list[str] | None, int, str]]:
    """The lines of ``text`` (a generated record) a rewriting needs: ``("round", words,
    …)`` for a ``Round`` line, ``("row", None, number, line)`` for a row; headers and
    lineups left out."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("Round"):
            yield "round", line.split(), number, line
        elif line[:1].isdigit():
            yield "row", None, number, line


def row_entries(number: int, line: str) -> Iterator[tuple[str, tuple[int, int]]]:
    """Each entry of row ``line`` (line ``number``) and where it stands."""
    _head, _, rest = line.partition(" ")
    for entry in (e.strip() for e in rest.split("   ") if e.strip()):
        yield entry, (number, line.index(entry) + 1)


#: Colour codes a club's scorers write (a first letter and a consonant of the English
#: word), against our short form's; Forward written S (straight), as on a paper sheet.
_SHEET_CODES = {"Br": "BN", "Gr": "GN", "Re": "RD", "Ye": "YL", "Pi": "PK", "Pu": "PR", "Bl": "BL", "Or": "OR", "F": "S"}


def scoresheet(text: str, rng: random.Random) -> str:
    """``text`` (short form) typed up from a club's paper scoresheet: ``GAME n  fill R``
    for each ``Round`` line, a row number and the two entries in padded columns, the
    colours as codes, some square colours left out, a push as ``BL PUSH BN``, a
    back-entry as ``(PK pushed)``, a forfeit as ``PK blocked``, no headers."""
    kinds = {(p.entry.line, p.entry.column): p.kind for rr in replay_match(only_match(text)).rounds for p in rr.plies}
    out = []
    for _what, words, number, line in rows_of(text):
        if words is not None:
            fill = f"   fill {words[3][0].upper()}" if len(words) > 3 else ""
            out += ["", f"GAME {words[1]}{fill}", "No  BLACK               GOLD"]
            continue
        head = line.partition(" ")[0]
        cells = []
        for entry, place in row_entries(number, line):
            kind = kinds.get(place)
            tower, move, square = entry.split() if entry != "..." else ("", "", "")
            code, said = _SHEET_CODES.get(tower), _SHEET_CODES.get(square)
            if entry == "...":
                cells.append("--")
            elif kind is PlyKind.PUSH:
                cells.append(f"{code} PUSH {said}")
            elif kind is PlyKind.BACK:
                cells.append(f"({code} pushed)")
            elif kind is PlyKind.FORFEIT:
                cells.append(f"{code} blocked")
            else:
                move = _SHEET_CODES.get(move[0], move[0]) + move[1:]
                cells.append(" ".join([code or tower, move] + ([] if rng.random() < 0.3 else [said or square])))
        out.append(f"{head.rstrip('.'):<4}" + "".join(f"{c:<20}" for c in cells).rstrip())
    return "\n".join(out) + "\n"


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), typed=st.integers(0, 10_000))
@example(seed=2, typed=895)  # ('YL L3   RD blocked': a forfeit after an entry whose square is left out)
def test_a_club_scoresheet_typed_up_in_codes_reads_as_its_moves(seed: int, typed: int) -> None:
    original = written(seed, Form.SHORT, "en", target=3)
    sheet = scoresheet(original, random.Random(typed))
    assert_read_as(sheet, original)


def test_a_push_and_its_back_entry_said_in_words_between_columns() -> None:
    # Black's blue pushes (no direction or distance: a Sumo push goes forward one), Gold's
    # green goes back one in its own words; a wide gap between the columns.
    headers = '[Match "Long"]\n[Position "o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B"]\n\n'
    for row in ("1   BL PUSH BN          (PK pushed)", "1   Blue push Brown     Pink bk1 Red", "1   Blue x F1 Brown     Pink pushed Red"):
        text = headers + "Round 1\n" + row + "\n2   RD L1 BN\n"
        assert errors(text) == [], (row, validate_text(text).all_diagnostics())
        (rr,) = replay_match(only_match(text)).rounds
        assert [p.kind for p in rr.plies] == [PlyKind.PUSH, PlyKind.BACK, PlyKind.MOVE], row


def test_a_round_heading_in_markdown_or_with_its_fill_in_a_letter_starts_the_round() -> None:
    original = written(21, Form.TEXT, "en", target=3)
    for shape in ("## Game {n}", "### Round {n} (fill {f})", "GAME {n}   fill {F}", "Partie {n} - {f}"):
        lines = []
        for line in original.splitlines():
            if line.startswith("Round"):
                words = line.split()
                fill = words[3] if len(words) > 3 else "left"
                line = shape.format(n=words[1], f=fill, F=fill[0].upper())
            lines.append(line)
        text = "\n".join(lines) + "\n"
        assert moves_of(text) == moves_of(original), shape
        assert winners(text) == winners(original), shape
    # one '#' stays our comment: before a match's headers it is that match's
    assert [c.text for c in only_match("# game 2\n" + original).comments] == [" game 2"]


def test_entries_after_a_round_stopped_are_not_blamed_one_by_one() -> None:
    """A round stopped by a rules error: the entries after it, read by their evidence,
    are not replayed, so they are not errors of their own (the stop is the error)."""
    original = written(4, Form.SHORT, "en", target=1)
    rows = _row_lines(original)
    broken = original.replace(rows[1], rows[1].replace(" F", " L", 1) if " F" in rows[1] else rows[1].replace(" L", " F", 1), 1)
    sheet = "\n".join(
        line if line not in rows[2:] else line.replace("Bl ", "blue? ").replace("Re ", "red? ") for line in broken.splitlines()
    ) + "\n"
    found = errors(sheet)
    assert len(found) == 1 and f":{original.splitlines().index(rows[1]) + 1}:" in found[0], found


def test_a_scoresheet_with_running_scores_is_no_draughts_game() -> None:
    original = written(8, Form.SHORT, "en", target=7)
    sheet = scoresheet(original, random.Random(1))
    lines = sheet.splitlines()
    games = [k for k, line in enumerate(lines) if line.startswith("GAME")]
    for n, k in enumerate(reversed(games[1:])):
        lines.insert(k - 1, f"won  +1   running {n}-{n + 1}")
    text = "\n".join(lines) + "\n"
    assert not any("not a Kamisado record" in e for e in errors(text)), errors(text)[:3]


#: Entries as a Greek and a Korean player write them (tower, direction, distance, square).
_GREEK = {"Red": "κόκκινο", "Left": "αριστερά", "Right": "δεξιά", "Forward": "ευθεία", "Yellow": "κίτρινο", "Blue": "μπλε", "Green": "πράσινο"}
_KOREAN = {"Red": "빨강", "Left": "왼쪽", "Right": "오른쪽", "Forward": "앞으로", "Yellow": "노랑", "Blue": "파랑", "Brown": "갈색"}


def test_greek_and_korean_words_are_evidence() -> None:
    for words in (_GREEK, _KOREAN):
        for seed in range(3):
            original = written(seed, Form.TEXT, "en", target=1)
            other = translated(original, words)
            assert errors(other) == [], other
            assert moves_of(other) == moves_of(original)


def test_a_record_in_colour_glyphs_with_a_shogi_records_marks_is_kamisado(tmp_path: Path) -> None:
    """A Japanese player's record laid out as a shogi record is (▲/△ before each move)
    names towers' colours: it is read, not sent away as a shogi game."""
    original = written(2, Form.SYMBOLS, "en", target=1)
    rows = [line.split(" ", 1)[1].split() for line in _row_lines(original)]
    moves = [m for row in rows for m in row]
    kifu = "手合割：平手\n先手：黒\n後手：金\n" + "".join(f"{n} {'▲' if n % 2 else '△'}{m}\n" for n, m in enumerate(moves, 1))
    path = tmp_path / "kifu.txt"
    path.write_text(kifu, encoding="utf-8")
    assert len(read_record(str(path)).matches) == 1
    assert moves_of(kifu) == moves_of(original), kifu


def chat_log(text: str, rng: random.Random) -> str:
    """``text`` (text form, English) relayed on a chat with a bot: each move typed as
    ``!m <colour> <direction letter> <distance>`` behind a time and the player's nick,
    a push as ``!push <colour>``, the bot saying a forfeit (``…'s red tower blocked on
    d2, turn skipped``), a back-entry (``…'s red pushed back d2->d3``) and each round's
    start (``*** Round 2 *** (fill left)``) behind its own time and nick."""
    out = []
    nicks = ("ralf", "wolle")
    for rr in replay_match(only_match(text)).rounds:
        fill = f" (fill {rr.fill.value})" if rr.fill is not None else ""
        out.append(f"21:{len(out) % 60:02d} < Bot> *** Round {rr.number} ***{fill}")
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            who = nicks[p.side.value]
            colour = move.tower.name.lower()
            if p.kind is PlyKind.FORFEIT:
                line = f"< Bot> {who}'s {colour} tower blocked on {square_name(move.origin)}, turn skipped"
            elif p.kind is PlyKind.BACK:
                line = f"< Bot> {who}'s {colour} pushed back {square_name(move.origin)}->{square_name(move.target)}, {who} loses the turn"
            elif p.kind is PlyKind.PUSH:
                line = f"< {who}> !push {colour}"
            else:
                assert move.direction is not None
                line = f"< {who}> !m {rng.choice([colour, colour[:3]])} {move.direction.name[0].lower()} {move.distance}"
            out.append(f"21:{len(out) % 60:02d} {line}")
            if rng.random() < 0.2:
                out.append(f"21:{len(out) % 60:02d} < {nicks[1 - p.side.value]}> hmm nice one")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), chat=st.integers(0, 10_000))
@example(seed=2, chat=0)  # (a push and a forfeit)
@example(seed=52, chat=1)
def test_a_chat_relay_with_a_bot_that_says_forced_moves_in_words(seed: int, chat: int) -> None:
    original = written(seed, Form.TEXT, "en", target=3)
    log = chat_log(original, random.Random(chat))
    assert_read_as(log, original)


def landing_notes(text: str, rng: random.Random) -> str:
    """``text`` (coordinates) noted as a player who writes only the tower and where it
    lands: ``B: orange → a6 (green)``, rounds headed ``-- game 2, refill left --``, a
    blocked tower and a pushed one said in words; colours from the replay."""
    out = []
    for rr in replay_match(only_match(text)).rounds:
        fill = f", refill {rr.fill.value}" if rr.fill is not None else ""
        out.append(f"-- game {rr.number}{fill} --")
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            side = "BG"[p.side.value]
            colour = move.tower.name.lower()
            if p.kind is PlyKind.FORFEIT:
                out.append(f"{side}: {colour} stays ({square_name(move.origin)}, blocked)")
            elif p.kind is PlyKind.BACK:
                out.append(f"{side}: {colour} pushed back to {square_name(move.target)}")
            else:
                square = move.square_colour.name.lower() if move.square_colour is not None else ""
                arrow = rng.choice(["→", "->", "to"])
                out.append(f"{side}: {colour} {arrow} {square_name(move.target)} ({square})")
        out.append("   wins")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), notes=st.integers(0, 10_000))
def test_the_tower_and_the_square_it_lands_on_read_as_the_move(seed: int, notes: int) -> None:
    original = written(seed, Form.COORDS, "en", target=3)
    noted = landing_notes(original, random.Random(notes))
    assert_read_as(noted, original)


def sumos_named(text: str, rng: random.Random, *, headed: bool = False) -> str:
    """``text`` (coordinates) as a class blog lists it: ``Maya: Purple (sumo) a8 → c6``,
    a sumo's rank said in brackets after its colour (``(sumo)``, ``(double sumo)``,
    ``[sumo]``) where the tower has rings, whatever its move; a forfeit and a
    back-entry in words. ``headed``: each round's name and number in one of several
    languages at the start of its first move's line (``Runde 2 (fill left): Tom: Red
    h1 → h7``), its fill stated after the number."""
    out = []
    for rr in replay_match(only_match(text)).rounds:
        fill = f" (fill {rr.fill.value})" if rr.fill is not None else ""
        heading = f"{rng.choice(['Round', 'Runde', 'Раунд', 'Partie', 'Game', 'Ronda', 'Kolo'])} {rr.number}"
        if rr.fill is not None:  # (its fill stated after the number: a bracket, or a sentence)
            heading += rng.choice([f" (fill {rr.fill.value})", f" - the winner fills from the {rr.fill.value}."])
        heading += rng.choice([": ", " - ", " "]) if rr.fill is not None else rng.choice([": ", ". ", " - ", " – ", " "])
        if not headed:
            out.append(f"Round {rr.number}{fill}")
        for n, p in enumerate(rr.plies):
            move = p.move
            assert move is not None and move.tower is not None
            who, colour = ("Maya", "Tom")[p.side.value], move.tower.name.capitalize()
            if p.kind is PlyKind.FORFEIT:
                said = f"{who}: {colour} is blocked"
            elif p.kind is PlyKind.BACK:
                said = f"{who}: {colour} pushed back to {square_name(move.target)}"
            else:
                tower = rr.position_at(n).tower_at(move.origin)
                assert tower is not None
                rank = rng.choice(["(sumo)", "[sumo]", "(Sumo!)"]) if tower.rings == 1 else "(double sumo)" if tower.rings == 2 else "(triple sumo)"
                named = f"{colour} {rank}" if tower.rings else colour
                said = f"{who}: {named} {square_name(move.origin)} {rng.choice(['→', '->', '&rarr;'])} {square_name(move.target)}"
            out.append(heading + said if headed and n == 0 else said)
    return "\n".join(out) + "\n"


def forum_list(text: str, rng: random.Random, *, ordinal: bool = False) -> str:
    """``text`` (coordinates) as a forum post in HTML lists it: ``<li>Black Green,
    forward 1 &rarr; e7</li>``, the direction in words, the distance, an arrow as HTML
    or LaTeX writes it (or as typed) and where the tower lands; each round a heading with
    its fill in prose; a forfeit and a back-entry in words; the post saved from its
    ``<div>``, its title an ``<h3>``. ``ordinal``: a newspaper's column, its rounds
    headed by their ordinal and their fill (``<h2>2ª rodada (fill left)</h2>``, ``2nd
    game``, ``2e manche``) after an introduction that recalls the rules in words."""
    ways = {Direction.FORWARD: "forward", Direction.LEFT: "diagonal left", Direction.RIGHT: "diagonal right"}
    out = [f"<div class=\"post\" id=\"post-{rng.randrange(10**5)}\">", "<h3>Session report: my first ever sumo push!</h3>", "<div class=\"post-body\">"]
    if ordinal:  # (the rules recalled in words: a direction, a number, a colour, no move)
        out += ["<p>Recall: each player has eight towers, one of each colour, and the tower", "that moves is the one of the colour of the square where the opponent", "just stopped. Towers go forward or diagonally forward, as many squares", "as they like; the first to reach the far row wins the round.</p>"]
    for rr in replay_match(only_match(text)).rounds:
        fill = f" (I filled from the {rr.fill.value})" if rr.fill is not None else " (normal setup)"
        if ordinal:
            mark, word = rng.choice([("ª", "rodada"), ("ª", "partida"), ({1: "st", 2: "nd", 3: "rd"}.get(rr.number, "th"), "game"), ("e", "manche")])
            out += [f"<h2>{rr.number}{mark} {word}{f' (fill {rr.fill.value})' if rr.fill is not None else ''}</h2>", "<ol>"]
        else:
            out += [f"<p><b>Round {rr.number}</b>{fill}</p>", "<ol>"]
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            who = f"{p.side.name.capitalize()} {move.tower.name.capitalize()}"
            said = {PlyKind.FORFEIT: f"{who} is blocked", PlyKind.BACK: f"{who} pushed back to {square_name(move.target)}"}.get(p.kind)
            if said is None and move.direction is not None:
                arrow = rng.choice(["&rarr;", "&rarr;", "\\rightarrow", "→"])
                said = f"{who}, {ways[move.direction]} {move.distance} {arrow} {square_name(move.target)}"
            out.append(f"<li>{said}</li>")
        out.append("</ol>")
    return "\n".join([*out, "</div>", "</div>"]) + "\n"


def email_reply(text: str, rng: random.Random) -> str:
    """``text`` (coordinates) as a player recalls it in an email: ``Me:  g8-d5  (Green,
    landed on orange)``, the tower and the colour it lands on in brackets after the
    squares now and then; each round after the first headed ``Round 2 - you filled from
    the left, so your Red sumo ended up on h1.``, the fill and where a sumo stands said
    in prose on the heading's line."""
    out = ["Hi Priya,", "", "here are the moves from Friday (I had Black).", ""]
    for rr in replay_match(only_match(text)).rounds:
        if rr.fill is None:
            out.append(f"Round {rr.number}")
        else:
            sumos = [(sq, t) for sq, t in rr.start.towers().items() if t.rings]
            where = f", so your {sumos[0][1].colour.name.capitalize()} sumo ended up on {square_name(sumos[0][0])}" if sumos else ""
            out.append(f"Round {rr.number} - {rng.choice(['you', 'I', 'the winner'])} filled from the {rr.fill.value}{where}.")
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None and move.square_colour is not None
            who = ("Me", "You")[p.side.value]
            if p.kind is PlyKind.FORFEIT:
                out.append(f"  {who}:  {move.tower.name.lower()} blocked, pass")
            elif p.kind is PlyKind.BACK:
                out.append(f"  {who}:  {move.tower.name.lower()} pushed back to {square_name(move.target)}")
            else:
                said = f"  ({move.tower.name.capitalize()}, landed on {move.square_colour.name.lower()})" if rng.random() < 0.5 else ""
                out.append(f"  {who}:  {square_name(move.origin)}-{square_name(move.target)}{said}")
        out.append("")
    return "\n".join([*out, "Tom"]) + "\n"


def headed(text: str, rng: random.Random) -> str:
    """:func:`sumos_named` with each round's heading on its first move's line."""
    return sumos_named(text, rng, headed=True)


def column(text: str, rng: random.Random) -> str:
    """:func:`forum_list` as a newspaper's column: rounds headed by their ordinal."""
    return forum_list(text, rng, ordinal=True)


#: A club's language: its note on the columns (a key in prose, ``word = words``, whose
#: words hold one-letter words: Czech *k*, Polish *o*), its words for the towers, the
#: directions, a tower blocked and one pushed back, its heading of a round, and the
#: sentence that says from which side the winner filled.
_CLUB_WORDS = {
    "cs": (
        "Pozn.: směr je vždy z pohledu hráče, který táhne (rovně = směrem k soupeři, šikmo vlevo/vpravo = diagonála). Počet polí = o kolik polí věž popojela.",
        ("hnědá", "zelená", "červená", "žlutá", "růžová", "fialová", "modrá", "oranžová"), ("rovně", "šikmo vlevo", "šikmo vpravo"), "blokovaná", "zpět na", "## {}. hra", "Vítěz skládal {}.", ("zleva", "zprava"),
    ),
    "sk": (
        "Pozn.: rovno = smerom k súperovi, šikmo = po uhlopriečke. Polia = o koľko polí veža išla.",
        ("hnedá", "zelená", "červená", "žltá", "ružová", "fialová", "modrá", "oranžová"), ("rovno", "šikmo vľavo", "šikmo vpravo"), "zablokovaná", "späť na", "## Partia {}", "Víťaz skladal {}.", ("zľava", "sprava"),
    ),
    "pl": (
        "Uwaga: prosto = o pola w stronę przeciwnika, na skos = o pola po przekątnej. Pola = o ile pól poszła wieża.",
        ("brązowa", "zielona", "czerwona", "żółta", "różowa", "fioletowa", "niebieska", "pomarańczowa"), ("prosto", "na skos w lewo", "na skos w prawo"), "zablokowana", "wstecz na", "## Partia {}", "Zwycięzca ustawił {}.", ("od lewej", "od prawej"),
    ),
}


def club_table(text: str, rng: random.Random) -> str:
    """``text`` as a Czech, Slovak or Polish club types its scoresheet up in Markdown: a
    note under the title says in prose what the columns mean (a key that defines no
    sign: ``rovně = směrem k soupeři``), each round a heading and a table of its moves,
    one a row (``| 3 | Petra | modrá | šikmo vlevo | 2 |``), the winner's fill said in
    a sentence under each heading after the first (``Vítěz skládal zleva.``), a forfeit
    and a back-entry in the club's words."""
    note, colours, ways, blocked, back, heading, filled, sides = _CLUB_WORDS[rng.choice(sorted(_CLUB_WORDS))]
    out = ["# Kamisado", "", note, ""]
    for rr in replay_match(only_match(text)).rounds:
        out += [heading.format(rr.number), ""]
        out += [filled.format(sides[rr.fill.value == "right"]), ""] if rr.fill is not None else []
        out += ["| # | hráč | věž | směr | polí |", "|--:|---|---|---|--:|"]
        for n, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None and move.tower is not None
            who, colour = ("Jan", "Petra")[p.side.value], colours[move.tower.value]
            if p.kind is PlyKind.FORFEIT:
                way, far = blocked, "–"
            elif p.kind is PlyKind.BACK:
                way, far = back, square_name(move.target)
            else:
                assert move.direction is not None
                way, far = ways[[Direction.FORWARD, Direction.LEFT, Direction.RIGHT].index(move.direction)], str(move.distance)
            out.append(f"| {n} | {who} | {colour} | {way} | {far} |")
        out.append("")
    return "\n".join(out) + "\n"


def push_told(text: str, rng: random.Random) -> str:
    """``text`` as show notes tell it: each move its tower, direction and distance in
    words and its squares (``Gold: orange, forward 1, d4→d5``); a push's line goes on to
    tell what it pushed and where to, the back-entry folded into it (``— PUSH! pushes Red
    from d5 back to d6``, ``, pushing red back to d6``)."""
    ways = {Direction.FORWARD: "forward", Direction.LEFT: "diagonal left", Direction.RIGHT: "diagonal right"}
    out = []
    for rr in replay_match(only_match(text)).rounds:
        out.append(f"Round {rr.number}" + (f" (fill {rr.fill.value})" if rr.fill is not None else ""))
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            who, colour = p.side.name.capitalize(), move.tower.name.capitalize()
            if p.kind is PlyKind.BACK:
                told = rng.choice([" — PUSH! pushes {} from {} back to {}", ", pushing {} back to {}", " — pushes the {} of the other side back to {}"])
                args = (colour.lower() if "pushing" in told else colour, square_name(move.origin), square_name(move.target))
                out[-1] += told.format(*(args if told.count("{}") == 3 else (args[0], args[2])))
            elif p.kind is PlyKind.FORFEIT:
                out.append(f"{who}: {colour} is blocked")
            else:
                assert move.direction is not None
                out.append(f"{who}: {colour}, {ways[move.direction]} {move.distance}, {square_name(move.origin)}→{square_name(move.target)}")
    return "\n".join(out) + "\n"


def squares_with_endings(text: str, rng: random.Random) -> str:
    """``text`` as a Hungarian, Finnish or Turkish commentator subtitles it: each move a
    sentence whose squares carry their case's ending glued to them (``c8-ról c4-re``,
    ``c8:sta c4:ään``, ``c8'den c4'e``: from, to), the tower's colour as the app names it
    (English), the distance a digit; a push's back-entry its own sentence, its square
    with an ending too. Endings such as ``-re`` are no colour (``Re``, red's code)."""
    said = {
        "hu": ("{who} a(z) {tower} toronnyal lép: {a}-ról {b}-re, {n} mezőt.", "A(z) {tower} torony visszakerül: {b}-re."),
        "fi": ("{who} siirtää tornin {tower}: {a}:sta {b}:ään, {n} ruutua.", "Torni {tower} työnnetään {b}:een."),
        "tr": ("{who} {tower} kuleyi oynuyor: {a}'den {b}'e, {n} kare.", "{tower} kule geri itildi: {b}'ye."),
    }
    sentence, back = said[rng.choice(sorted(said))]
    out = []
    for rr in replay_match(only_match(text)).rounds:
        out.append(f"Round {rr.number}" + (f" fill {rr.fill.value}" if rr.fill is not None else ""))
        out += [_with_endings(p, sentence, back) for p in rr.plies]
    return "\n".join(out) + "\n"


def _with_endings(p: Ply, sentence: str, back: str) -> str:
    """Ply ``p`` said in ``sentence`` (a push's back-entry in ``back``), for :func:`squares_with_endings`."""
    move = p.move
    assert move is not None and move.tower is not None
    tower = move.tower.name.lower()
    if p.kind is PlyKind.BACK:
        return back.format(tower=tower, b=square_name(move.target))
    if p.kind is PlyKind.FORFEIT:
        return f"{p.side.name.capitalize()}: {tower} blocked"
    return sentence.format(who=p.side.name.capitalize(), tower=tower, a=square_name(move.origin), b=square_name(move.target), n=move.distance)


@pytest.mark.parametrize(
    "write",
    [sumos_named, headed, forum_list, email_reply, column, club_table, push_told, squares_with_endings],
    ids=["sumo-rank", "heading-with-moves", "markup-arrow", "tower-in-brackets", "ordinal-headings", "key-in-prose", "push-told", "case-endings"],
)
@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), habits=st.integers(0, 10_000))
@example(seed=2, habits=0)  # (a push)
@example(seed=2879, habits=0)  # (a round whose first moves fit either fill: the one the heading states)
@example(seed=346, habits=0)  # (a Polish sheet's '## Partia 7' was no round's heading: the random profile, session 51)
@example(seed=5846, habits=1)  # (a back-entry that names only where it went, 'fialová | zpět na | b3', is one: the random profile, session 56)
@example(seed=4049, habits=1)  # (the same, round 8's fill: session 55)
def test_a_record_as_a_blog_a_forum_post_or_an_email_writes_it(write: Callable[[str, random.Random], str], seed: int, habits: int) -> None:
    original = written(seed, Form.COORDS, "en", target=7)
    assert_read_as(write(original, random.Random(habits)), original)


@pytest.mark.reads_again
def test_a_club_tables_round_whose_fill_the_first_reading_leaves_open_is_read_again_whole() -> None:
    """Found by a fresh clone's random profile (session 55; the same on 9053022): a Czech
    club's tables (seed 4049, habits 1), round 8's heading ``## 8. hra`` a comment to the
    first reading and its fill said in prose (``Vítěz skládal zprava.``). The first
    reading alone does not find the fill: under the right one its replay stops at the
    push's back-entry written ``červená | zpět na | h6``, after two entries, fewer than
    the three it asks, and round 8 runs on as round 7 (M7). The record is read again
    against the moves, as ``validate`` does, and reads whole: every round's winner, and
    ``fix`` writes every move."""
    original = written(4049, Form.COORDS, "en", target=7)
    text = club_table(original, random.Random(1))
    assert errors(text) == []
    fixed = fix_text(text).text  # (the match as read again, in our notation)
    assert winners(fixed) == winners(original)
    assert moves_of(fixed) == moves_of(original)


@pytest.mark.parametrize(
    ("heading", "number", "fill"),
    [("<h2>2ª rodada</h2>", 2, None), ("3ª partida (fill right)", 3, "right"), ("2nd game", 2, None), ("3e manche", 3, None), ("2ème partie", 2, None), ("2. kör", 2, None)],
)
def test_a_rounds_heading_with_its_number_first_as_an_ordinal_starts_it(heading: str, number: int, fill: str | None) -> None:
    # (a newspaper column's '1ª rodada' was not a heading: the column's introduction was read
    # with round 1's moves, and the round given to the wrong side; session 50's held-out set)
    shaped = line_shape(heading, 7)
    assert shaped is not None and isinstance(shaped.item, RoundRecord)
    assert (shaped.item.number, shaped.item.fill.value if shaped.item.fill else None, shaped.item.line) == (number, fill, 7)
    assert line_shape(f"na {heading} ela perdeu", 7) is None  # (a round named inside prose starts none)


def wiki_rows(text: str) -> str:
    """``text`` (short form) as a wiki page writes it: each entry in a template whose
    arguments are its slots (``{{km|br|F|1|pu}}``, the colours in lower case), a row's
    cells between ``||``, a forfeit ``''green blocked''``, a back-entry ``''pushed:
    green back to yellow''``; Round lines as headings."""
    kinds = {(p.entry.line, p.entry.column): p for rr in replay_match(only_match(text)).rounds for p in rr.plies}
    out = []
    for _what, words, number, line in rows_of(text):
        if words is not None:
            out.append(f"=== Round {words[1]}{' (fill ' + words[3] + ')' if len(words) > 3 else ''} ===")
            continue
        head = line.partition(" ")[0]
        cells = []
        for _entry, place in row_entries(number, line):
            ply = kinds.get(place)
            if ply is None:
                cells.append("")
                continue
            move = ply.move
            assert move is not None and move.tower is not None and move.square_colour is not None
            tower, square = move.tower.name.lower(), move.square_colour.name.lower()
            if ply.kind is PlyKind.FORFEIT:
                cells.append(f"''{tower} blocked''")
            elif ply.kind is PlyKind.BACK:
                cells.append(f"''pushed: {tower} back to {square}''")
            else:
                assert move.direction is not None
                cells.append(f"{{{{km|{tower[:2]}|{move.direction.name[0]}|{move.distance}|{square[:2]}}}}}")
        out += ["|-", f"| {head.rstrip('.')} || " + " || ".join(cells)]
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000))
@example(seed=2)  # (a push and a forfeit)
@example(seed=130)  # (a deadlock: two forfeits in a row)
def test_entries_in_a_wiki_template_whose_arguments_are_the_slots(seed: int) -> None:
    original = written(seed, Form.SHORT, "en", target=3)
    page = wiki_rows(original)
    assert errors(page) == [], page
    assert moves_of(page) == moves_of(original), page


_MIRROR = {"Left": "Right", "Right": "Left"}


def retyped(seed: int, pick: int, *, gold_first: bool) -> None:
    """One entry a line, no ``...`` where Gold starts (a warning), and one move first typed
    wrong, then again on the next line: the wrong one is set aside as retyped."""
    original = written(seed, Form.TEXT, "en", target=3)
    relayed = one_entry_a_line(original, ("Anna", "Bob")).splitlines()
    starts = [k for k, line in enumerate(relayed) if line.startswith("Round") and "fill" in line]
    spots = [k + j for k in starts for j in range(3, 6) if k + j < len(relayed) and any(w in relayed[k + j] for w in _MIRROR)]
    if not spots:
        return
    at = spots[pick % len(spots)]
    if not gold_first and not relayed[next(k for k in reversed(starts) if k < at) + 1].startswith("1)"):
        return  # (a round Gold starts: below, where the wrong entry has one correction or none; with two, not yet)
    word = next(w for w in _MIRROR if f" {w} " in relayed[at])
    relayed.insert(at, relayed[at].replace(f" {word} ", f" {_MIRROR[word]} "))
    typed = "\n".join(relayed) + "\n"
    report = validate_text(typed)
    assert errors(typed) == [], typed
    assert moves_of(typed) == moves_of(original), typed
    assert any(d.kind == "retyped-entry" and d.line == at + 1 for d in report.all_diagnostics()), typed
    fixed = fix_text(typed).text
    assert errors(fixed) == [] and moves_of(fixed) == moves_of(original), fixed


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 10_000))
@example(seed=1, pick=3)  # (the round's winning move retyped: the wrong one was taken for a one-slot slip)
def test_a_move_retyped_on_a_relay(seed: int, pick: int) -> None:
    retyped(seed, pick, gold_first=False)


def test_a_move_retyped_on_a_relay_where_gold_starts_and_no_placeholder_is_written() -> None:
    for seed in (40, 675):  # (the '...' put in, then the rows' slips looked for; the retyped move also legal for the other side)
        retyped(seed, 0, gold_first=True)


def test_running_scores_and_dashes_between_columns_on_a_sheet_with_no_round_lines() -> None:
    """A club sheet in Hungarian words: the two entries of a row with an em dash between
    them (a separator, no forfeit), no Round lines after the first, and the score so far
    after each round: the rounds the replay finds are judged, and the scores are no
    results contradicting each other."""
    original = written(6, Form.TEXT, "hu", target=3)
    score, after = [0, 0], []
    for rr in replay_match(only_match(original)).rounds:
        assert rr.result is not None
        score[rr.result.winner.value] += rr.result.points
        after.append(f"   {('Fekete', 'Arany')[rr.result.winner.value]} nyert, állás {score[0]}-{score[1]}")
    lines = []
    for _what, words, number, line in rows_of(original):
        if words is not None:
            lines += after[int(words[1]) - 2 : int(words[1]) - 1]
            continue
        lines.append("  —  ".join(entry for entry, _place in row_entries(number, line) if entry != "..."))
    sheet = "\n".join([*lines, after[-1]]) + "\n"
    assert errors(sheet) == [], sheet
    assert moves_of(sheet) == moves_of(original), sheet


def test_a_phone_apps_export_with_from_and_to_cells_between_semicolons() -> None:
    """An app's CSV: game and move numbers, the player, the tower in capitals, its from
    and to squares in cells of their own (``ORANGE;A8;A2;S;6;PURPLE``)."""
    original = written(12, Form.COORDS, "en", target=1)
    lines = ["Game;Move;Player;Piece;From;To;Dir;Steps;Landed;Note"]
    for rr in replay_match(only_match(original)).rounds:
        for n, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None and move.tower is not None and move.square_colour is not None
            cells = [str(rr.number), str(n), ("Lena", "Kai")[p.side.value], move.tower.name, square_name(move.origin).upper(), square_name(move.target).upper()]
            lines.append(";".join([*cells, "", str(move.distance), move.square_colour.name, ""]))
    export = "\n".join(lines) + "\n"
    assert errors(export) == [], export
    assert moves_of(export) == moves_of(original), export


def _slip(word: str) -> str:
    """``word`` with its third letter written twice (a child's or a fast typist's slip)."""
    return word[:3] + word[2:] if len(word) > 3 else word + word[-1]


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), typed=st.integers(0, 10_000))
def test_a_diary_with_one_letter_slips_in_its_words_reads_as_its_moves(seed: int, typed: int) -> None:
    """One entry a line after the writer's name for the player, in lower case, the colours
    and directions often with a letter doubled (``puurple leeft 5 grreen``): a word one
    letter from one word of a slot is evidence of it."""
    rng = random.Random(typed)
    original = written(seed, Form.TEXT, "en", target=1)
    lines = ["MY KAMISADO GAMES", "me = black, mum = gold", ""]
    for _what, words, number, line in rows_of(original):
        if words is not None:
            continue
        for k, (entry, _place) in enumerate(row_entries(number, line)):
            if entry == "...":
                continue
            said = [w.lower() if w.isdigit() or rng.random() < 0.5 else _slip(w.lower()) for w in entry.split()]
            lines.append(f"{('me', 'mum')[k]} {' '.join(said)}")
    diary = "\n".join(lines) + "\n"
    assert errors(diary) == [], diary
    assert moves_of(diary) == moves_of(original), diary


_SAID = {"FORWARD": ("straight", "forward", "straight ahead"), "LEFT": ("left", "diagonal left"), "RIGHT": ("right", "diagonal right")}
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven")


def spoken(text: str, rng: random.Random) -> str:
    """``text`` (text form, English) relayed by someone keeping score on a family chat, a
    line a move, in three habits mixed at random: ``the blue one 6 straight → brown
    square`` ("one" a pronoun, the distance in digits after it), the move before its tower
    (``left 2 with Blue → Red``), and a direction said wrong and corrected in the same
    breath (``brown left, no sorry, right, right three to brown``); a forfeit as ``red is
    stuck, pass``."""
    out = ["28/11/2026, 19:32 - Lena: dad = black, Piet = gold"]
    for rr in replay_match(only_match(text)).rounds:
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            who = ("Dad", "Piet")[p.side.value]
            colour = move.tower.name.lower()
            if p.kind is PlyKind.FORFEIT:
                line = f"{who}'s {colour} is stuck, pass"
            else:
                assert move.direction is not None and move.square_colour is not None
                said = rng.choice(_SAID[move.direction.name])
                square = move.square_colour.name.lower()
                habit = rng.randrange(3)
                if habit == 0:
                    line = f"{who} moved the {colour} one {move.distance} {said} → {square} square"
                elif habit == 1:
                    line = f"{who}: {said} {move.distance} with {colour.title()} → {square.title()}"
                else:
                    wrong = rng.choice([d for d in _SAID if d != move.direction.name])
                    line = f"{who} went {colour} {_SAID[wrong][0]} no sorry {said}, {said} {_NUMBER_WORDS[move.distance]} to {square}"
            out.append(f"28/11/2026, 19:{len(out) % 60:02d} - Lena: {line}")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), habits=st.integers(0, 10_000))
def test_moves_said_as_people_say_them_on_a_family_chat(seed: int, habits: int) -> None:
    """A weak word that fills a slot gives way to a strong one for it (``the blue one 6``),
    a slot said again after a word correcting it stands in place of the first, and a
    colour between a move and a landing arrow is its tower."""
    original = written(seed, Form.TEXT, "en", target=1)
    chat = spoken(original, random.Random(habits))
    assert_read_as(chat, original)


_COLOURS_EN = ("Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown")
#: Each language's words (tower, then the directions) and how it says the square a move
#: lands on: a case ending after the colour word, as people write it.
_INFLECTING = {
    "tr": (dict(zip(_COLOURS_EN, ("turuncu", "mavi", "mor", "pembe", "sarı", "kırmızı", "yeşil", "kahverengi"), strict=True)), {"Left": "sol", "Right": "sağ", "Forward": "düz"}, lambda w: w + ("y" if w[-1] in "aeıiouü" else "") + ("a" if any(v in w for v in "aıou") and w[-1] not in "eiü" else "e")),
    "fi": (dict(zip(_COLOURS_EN, ("oranssi", "sininen", "violetti", "pinkki", "keltainen", "punainen", "vihreä", "ruskea"), strict=True)), {"Left": "vasemmalle", "Right": "oikealle", "Forward": "suoraan"}, lambda w: (w[:-3] + "se" if w.endswith("nen") else "pinki" if w == "pinkki" else w) + "lle"),
    "hu": (dict(zip(_COLOURS_EN, ("narancs", "kék", "lila", "rózsaszín", "sárga", "piros", "zöld", "barna"), strict=True)), {"Left": "balra", "Right": "jobbra", "Forward": "előre"}, lambda w: (w[:-1] + "á" if w[-1] == "a" else w) + ("ra" if any(v in w for v in "aáou") else "re")),
    "eo": (dict(zip(_COLOURS_EN, ("oranĝa", "blua", "purpura", "roza", "flava", "ruĝa", "verda", "bruna"), strict=True)), {"Left": "maldekstren", "Right": "dekstren", "Forward": "antaŭen"}, lambda w: w + "n"),
    "id": (dict(zip(_COLOURS_EN, ("oranye", "biru", "ungu", "merah muda", "kuning", "merah", "hijau", "cokelat"), strict=True)), {"Left": "kiri", "Right": "kanan", "Forward": "lurus"}, lambda w: w),
    "sv": (dict(zip(_COLOURS_EN, ("orange", "blå", "lila", "rosa", "gul", "röd", "grön", "brun"), strict=True)), {"Left": "vänster", "Right": "höger", "Forward": "rakt"}, lambda w: w),
    "vi": (dict(zip(_COLOURS_EN, ("cam", "xanh dương", "tím", "hồng", "vàng", "đỏ", "xanh lá", "nâu"), strict=True)), {"Left": "trái", "Right": "phải", "Forward": "thẳng"}, lambda w: w),
}


def inflected(original: str, lang: str) -> str:
    """``original``'s rows in language ``lang``'s words, each entry's square with the
    case ending that says where a move lands."""
    colours, directions, landing = _INFLECTING[lang]
    last = re.compile(r"\b(" + "|".join(_COLOURS_EN) + r")\b(?=\s{2,}|\s*$)")

    def row(line: str) -> str:
        line = last.sub(lambda m: "@" + landing(colours[m.group(1)]), line)
        for en, other in {**colours, **directions}.items():
            line = re.sub(rf"\b{en}\b", other, line)
        return line.replace("@", "")

    return on_rows(original, row)


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(sorted(_INFLECTING)))
@example(seed=0, lang="sv")  # ("rakt": a weak word, but a direction's of another language)
@example(seed=5, lang="hu")  # ('kékre': a Hungarian colour with its ending, in a line of the notation's language)
@example(seed=3246, lang="vi")  # ('cam trái 5 cam   cam …': a weak colour before the next cell's is its square)
@example(seed=6493, lang="vi")  # ('4. đỏ 0 xanh dương': a weak tower's forfeit)
def test_words_of_more_languages_with_the_square_inflected_are_evidence(seed: int, lang: str) -> None:
    """Turkish, Finnish, Hungarian, Esperanto, Indonesian, Swedish and Vietnamese words,
    the colours of two words (``xanh dương``, ``merah muda``) one colour, and a square
    said with its case ending (``maviye``, ``siniselle``, ``sárgára``, ``ruĝan``)."""
    original = written(seed, Form.TEXT, "en", target=1)
    other = inflected(original, lang)
    assert errors(other) == [], other
    assert moves_of(other) == moves_of(original), other


def test_a_record_whose_fixes_a_stopped_round_drops_gives_no_traceback() -> None:
    """Notes typed with a screen reader (squares spelt ``g 4``): the first round stops at
    an entry read wrong, and the entries settled before it are still reported, not a
    crash (a fix of an entry the stopped round no longer keeps)."""
    notes = (
        "me black, my sister alma gold.\n\n"
        "round one. I start.\n"
        "me, green tower goes forward four squares to g 4, purple square.\n"
        "alma: purple left diagonal four, on purple.\n"
        "me, purple, left diagonal, three, from c 8 to f 5, lands on green.\n"
        "alma, green, right diagonal, 2, from b 1 to d 3, lands on purple.\n"
        "me: purple forward four, on purple.\n"
        "I win round one. score me 1, alma 0.\n\n"
        "round two. filled from the right. alma starts.\n"
        "alma: red forward six, on green.\n"
        "me, green tower goes right diagonal one square to f 7, yellow square.\n"
    )
    report = validate_text(notes)
    assert [d.line for d in report.all_diagnostics() if d.severity is ERROR][:1] == [4]


@pytest.mark.parametrize(
    ("title", "moves", "game"),
    [
        ('[Event "Club night, Othello ladder"]\n[Black "Dev"]\n[White "Sunita"]', "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7\nd7 c6 b5 e3 c5 b4 f7 g4 a6 g5", "Othello"),
        ("CONNECT FOUR - games night\nRed = Grandpa, Yellow = Mia.", "1. Red column 4\n2. Yellow column 4\n3. Red column 3\n4. Yellow column 5\n5. Red column 2", "CONNECT FOUR"),
        ("Xiangqi - club championship, round 3", " 1. C2=5   H8+7\n 2. H2+3   R9=8\n 3. R1=2   H2+3", "Xiangqi"),
    ],
)
def test_a_file_whose_title_names_another_game_is_one_error(tmp_path: Path, title: str, moves: str, game: str) -> None:
    """A record whose first lines name another game, that never says Kamisado nor names
    three towers' colours, is one error saying what it looks like (Connect Four's two
    colours are not Kamisado's eight)."""
    path = tmp_path / "games.txt"
    path.write_text(f"{title}\n\n{moves}\n", encoding="utf-8")
    found = [d.format("t") for d in validate_file(str(path)).all_diagnostics() if d.severity is ERROR]
    assert found == [f"t:1:1: error[syntax] not a Kamisado record: it looks like a game of {game}"]


def test_a_kamisado_record_that_mentions_another_game_is_still_read(tmp_path: Path) -> None:
    original = written(4, Form.TEXT, "en", target=1)
    for said in ("Kamisado night (a break from chess)\n", "chess club, Tuesday: we played this instead\n"):  # (no word Kamisado: its towers' colours say it)
        path = tmp_path / "night.txt"
        path.write_text(said + original, encoding="utf-8")
        report = validate_file(str(path))
        assert not [d for d in report.all_diagnostics() if d.severity is ERROR]
        assert len(read_record(str(path)).matches) == 1


def test_hungarian_round_headings_with_the_number_first_and_gold_cells_filled_with_dots() -> None:
    """A Hungarian club's notes: rounds headed ``2. kör - balról töltés, Réka kezd`` (the
    number before the round's name, the fill said "from the left"), and where a round
    ends on Black's entry, Gold's cell of that row filled with ``...``: each round read as
    written, the dots a warning."""
    for seed in range(3):
        original = written(seed, Form.TEXT, "hu")
        lines = []
        for line in original.splitlines():
            heading = re.fullmatch(r"Round (\d+)(?: fill (left|right))?", line)
            if heading is not None:
                side = {"left": "balról", "right": "jobbról", None: ""}[heading[2]]
                line = f"{heading[1]}. kör" + (f" - {side} töltés, Réka kezd" if side else "")
            elif re.match(r"\d+\. \S", line) and len(line.split()) == 5:  # (a row with Black's entry alone: the round's last)
                line += "                ..."
            lines.append(line)
        notes = "\n".join(lines) + "\n"
        assert_read_as(notes, original)


@pytest.mark.parametrize("labels", [("Nigra", "Ora"), ("Musta", "Kulta"), ("Siyah", "Altın"), ("Hitam", "Emas"), ("Đen", "Kim"), ("Svart", "Guld")])
def test_entries_labelled_by_the_sides_names_in_other_languages(labels: tuple[str, str]) -> None:
    """The sides' names are labels, never evidence (a colour read from one would be a
    tower where it is left out), here where the tower, forced after a round's first move,
    is left out (``5) Ora – Left 3 Blue``). Esperanto's ``Ora`` (gold) is a weak word:
    Orange's abbreviation only where the move follows it at once (a chat relay's ``!m
    ora l 1``)."""
    for seed in range(3):
        original = written(seed, Form.TEXT, "en", target=1)
        labelled = re.sub(r"^(\d+\) \S+: )(?!.*\b0\b)[A-Z][a-z]+ ", r"\1", one_entry_a_line(original, labels), flags=re.MULTILINE)
        labelled = labelled.replace(f"1) {labels[0]}: ", f"1) {labels[0]}: {original.split('1. ', 1)[1].split()[0]} ", 1).replace(": ", " – ")
        assert_read_as(labelled, original)


_EO_COLOURS = {"ORANGE": "oranĝa", "BLUE": "blua", "PURPLE": "purpura", "PINK": "rozkolora", "YELLOW": "flava", "RED": "ruĝa", "GREEN": "verda", "BROWN": "bruna"}
_EO_DIRECTIONS = {"FORWARD": "rekte antaŭen", "LEFT": "diagonale maldekstren", "RIGHT": "diagonale dekstren"}
_EO_NUMBERS = ("nul", "unu", "du", "tri", "kvar", "kvin", "ses", "sep")


def esperanto_club(text: str, rng: random.Random) -> str:
    """``text`` as an Esperanto club writes it: ``Raŭndo 2 (plenigo maldekstre)``, each
    move a sentence labelled by the side (``Ora: la ruĝa turo iras tri kampojn diagonale
    maldekstren ĝis verdan kampon``: the square in the accusative), pushes and
    back-entries and forfeits in words, half the lines in the x-system (``ruĝa`` →
    ``rugxa``), distances in words or digits."""
    out = ["Klubo Esperanto – Kamisado", "Nigra: Petro, Ora: Maria", ""]
    for rr in replay_match(only_match(text)).rounds:
        fill = "" if rr.fill is None else f" (plenigo {'maldekstre' if rr.fill.value == 'left' else 'dekstre'})"
        out.append(f"Raŭndo {rr.number}{fill}")
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            who, tower = ("Nigra", "Ora")[p.side.value], _EO_COLOURS[move.tower.name]
            if p.kind is PlyKind.FORFEIT:
                line = f"{who}: la {tower} turo estas blokita, pasas"
            elif p.kind is PlyKind.BACK:
                line = f"{who}: la {tower} turo estas puŝita malantaŭen"
            elif p.kind is PlyKind.PUSH:
                line = f"{who}: la {tower} turo puŝas (sumoo)"
            else:
                assert move.direction is not None and move.square_colour is not None
                n = _EO_NUMBERS[move.distance] if rng.random() < 0.5 else str(move.distance)
                line = f"{who}: la {tower} turo iras {n} kampojn {_EO_DIRECTIONS[move.direction.name]} ĝis {_EO_COLOURS[move.square_colour.name]}n kampon"
            out.append(line.replace("ĝ", "gx").replace("ŭ", "ux") if rng.random() < 0.5 else line)
        out.append("")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), club=st.integers(0, 10_000))
@example(seed=2, club=2)  # (a push and its back-entry said in words)
def test_an_esperanto_clubs_record_reads_as_its_moves(seed: int, club: int) -> None:
    original = written(seed, Form.TEXT, "en", target=3)
    record = esperanto_club(original, random.Random(club))
    assert_read_as(record, original)


def json_lines(text: str, rng: random.Random) -> str:
    """``text`` as an app exports it, a JSON object a line (JSON Lines): a first object
    of the app's own, a round's start as an event, each ply with its keys in the app's
    words (``{"ply": 3, "side": "B", "tower": "red", "dir": "diag-right", "n": 5,
    "from": "f8", "to": "a3", "sq": "blue"}``), a forfeit as ``"pass": true``."""
    import json

    said = {"FORWARD": "straight", "LEFT": "diag-left", "RIGHT": "diag-right"}
    out = [json.dumps({"app": "KamiScore", "ver": "1.7.2", "export": "jsonl"})]
    for rr in replay_match(only_match(text)).rounds:
        out.append(json.dumps({"event": "round_start", "round": rr.number, "first": "BG"[rr.plies[0].side.value]}))
        for k, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None and move.tower is not None
            ply: dict[str, object] = {"t": 1718042422 + 30 * k, "ply": k, "side": "BG"[p.side.value], "tower": move.tower.name.lower()}
            if p.kind is PlyKind.FORFEIT:
                ply["pass"] = True
            else:
                assert move.direction is not None and move.square_colour is not None
                ply |= {"dir": said[move.direction.name], "n": move.distance, "from": square_name(move.origin), "to": square_name(move.target)}
                if rng.random() < 0.7:
                    ply["sq"] = move.square_colour.name.lower()
            out.append(json.dumps(ply))
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), app=st.integers(0, 10_000))
@example(seed=246, app=0)  # (a forfeit said by a flag, '"pass": true')
def test_an_apps_json_lines_export_reads_as_its_moves(tmp_path_factory: pytest.TempPathFactory, seed: int, app: int) -> None:
    """A line that is a JSON object is an app's data, not a comment of ours: its values
    are read by their evidence, its keys set aside; a ``.jsonl`` file is no record in our
    JSON form."""
    original = written(seed, Form.TEXT, "en", target=1)
    path = tmp_path_factory.mktemp("app") / "export.jsonl"
    path.write_text(json_lines(original, random.Random(app)), encoding="utf-8")
    report = validate_file(str(path))
    assert [d.format("t") for d in report.all_diagnostics() if d.severity is ERROR] == []
    assert [[(p.move.origin, p.move.target) for p in rr.plies if p.move is not None] for rr in replay_match(read_record(str(path)).matches[0]).rounds] == [
        [(p.move.origin, p.move.target) for p in rr.plies if p.move is not None] for rr in replay_match(only_match(original)).rounds
    ]


def script_log(text: str) -> str:
    """``text`` as a home-made app logs it, an object a line as a script writes one (keys
    bare, strings in single quotes: ``{ts:'19:04:47', ev:'mv', side:'b', tw:'red',
    from:'f8', to:'a3', sq:'blue'}``), a round's start and its win as events, a ``//``
    comment above."""
    out = ["// towerlog export (copy of localStorage, one obj per line)"]
    for rr in replay_match(only_match(text)).rounds:
        fill = f"'{rr.fill.value}'" if rr.fill is not None else "null"
        out.append(f"{{ts:'19:{rr.number:02d}:00', ev:'round', n:{rr.number}, fill:{fill}, first:'{'bg'[rr.plies[0].side.value]}'}}")
        for k, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None and move.tower is not None
            if p.kind is PlyKind.FORFEIT:
                out.append(f"{{ts:'19:{rr.number:02d}:{k:02d}', ev:'pass', side:'{'bg'[p.side.value]}', tw:'{move.tower.name.lower()}'}}")
                continue
            assert move.square_colour is not None
            out.append(
                f"{{ts:'19:{rr.number:02d}:{k:02d}', ev:'mv', side:'{'bg'[p.side.value]}', tw:'{move.tower.name.lower()}', "
                f"from:'{square_name(move.origin)}', to:'{square_name(move.target)}', sq:'{move.square_colour.name.lower()}'}}"
            )
        won = rr.result
        out += [f"{{ts:'19:{rr.number:02d}:59', ev:'win', n:{rr.number}, side:'{'bg'[won.winner.value]}', pts:{won.points}}}"] if won else []
    return "\n".join(out) + "\n"


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000))
@pytest.mark.reads_again
def test_an_apps_log_of_script_objects_reads_as_its_moves(seed: int) -> None:
    """A line that is an object as a script writes it (keys bare, strings in single
    quotes) is an app's data, as a JSON object is: its values read by their evidence (the
    file was a run of comments in braces: no match)."""
    original = written(seed, Form.TEXT, "en", target=3)
    log = script_log(original)
    assert errors(log) == [], log
    assert moves_of(log) == moves_of(original)
    (match,) = validate_text(log).matches
    assert [r.winner.title if r else None for _n, r in match.rounds] == list(winners(original).values())


@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
@example(seed=1)  # (Gold starts round 2: fix inserted its '...' inside a quoted value)
def test_fix_of_an_apps_log_writes_its_match_in_our_notation(seed: int) -> None:
    """An app's log is data, not a record written in the notation: ``fix`` writes the
    match it holds in our notation, as ``convert`` would, rather than editing the
    objects in place."""
    original = written(seed, Form.TEXT, "en", target=3)
    fixed = fix_text(script_log(original)).text
    assert "ev:'mv'" not in fixed and errors(fixed) == []
    assert moves_of(fixed) == moves_of(original) and winners(fixed) == winners(original)


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), which=st.integers(0, 10_000))
def test_fix_of_an_apps_log_it_cannot_write_whole_edits_nothing_inside_it(seed: int, which: int) -> None:
    """An app's log with a move no reading makes legal (its landing square off the
    board) cannot be written whole in our notation: ``fix`` leaves every object as the
    app wrote it (editing inside them took a digit out of a quoted square and emptied
    the landing colours) and says why."""
    log = script_log(written(seed, Form.TEXT, "en", target=1)).splitlines(keepends=True)
    moves = [k for k, line in enumerate(log) if "ev:'mv'" in line]
    k = moves[which % len(moves)]
    log[k] = re.sub(r"to:'([a-h])\d'", r"to:'\g<1>9'", log[k])
    broken = "".join(log)
    fixed = fix_text(broken)
    if fixed.text == broken:
        assert any("left as it is" in d.message for d in fixed.remaining.all_diagnostics()) if fixed.remaining else False
    else:  # (written whole: the rest of the log told the move)
        assert "ev:'mv'" not in fixed.text


def league_sheet(text: str) -> str:
    """``text`` exported from a league's spreadsheet, semicolons between cells: the game
    and its fill only on each round's first row (``2;right;1;Jonas (B);Purple;fwd;1;
    yellow;``), the side a letter in brackets after the name, ``diag L``/``diag R``,
    a push noted ``"SUMO PUSH!"`` after its move, a back-entry ``pushed back``, a forfeit
    ``blocked``, and the round's winner and running score in the last row's note
    (``"Aiko wins, 0-1"``)."""
    said = {"FORWARD": "fwd", "LEFT": "diag L", "RIGHT": "diag R"}
    out = ['"Kamisado league - week 6";;;;;;;;', ";;;;;;;;", "Game;Fill;#;Player;Tower;Move;Squares;Lands on;Notes"]
    score = [0, 0]
    for rr in replay_match(only_match(text)).rounds:
        for k, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None and move.tower is not None
            game = f"{rr.number};{rr.fill.value if rr.fill is not None else ''}" if k == 1 else ";"
            who = ("Jonas (B)", "Aiko (G)")[p.side.value]
            if p.kind is PlyKind.FORFEIT:
                cells = f"{move.tower.name.title()};blocked;0;;"
            elif p.kind is PlyKind.BACK:
                assert move.square_colour is not None
                cells = f"{move.tower.name.title()};pushed back;1;{move.square_colour.name.lower()};forced"
            else:
                assert move.direction is not None and move.square_colour is not None
                note = '"SUMO PUSH!"' if p.kind is PlyKind.PUSH else ""
                cells = f"{move.tower.name.title()};{said[move.direction.name]};{move.distance};{move.square_colour.name.lower()};{note}"
            if k == len(rr.plies) and rr.result is not None:
                score[rr.result.winner.value] += rr.result.points
                cells = cells.rsplit(";", 1)[0] + f';"{("Jonas", "Aiko")[rr.result.winner.value]} wins, {score[0]}-{score[1]}"'
            out.append(f"{game};{k};{who};{cells}")
        out.append(";;;;;;;;")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000))
def test_a_leagues_spreadsheet_with_the_winner_and_score_in_a_note(seed: int) -> None:
    """A running score in a note is no pair of distances (``"Jonas wins, 1-0"``), a
    side's letter in brackets no colour (``Aiko (G)``)."""
    original = written(seed, Form.TEXT, "en", target=1)
    sheet = league_sheet(original)
    assert_read_as(sheet, original)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_leagues_spreadsheet_with_the_game_only_on_each_rounds_first_row(seed: int) -> None:
    """Rounds told only by the game's number in the first cell of their first row: the
    replay finds where each starts; a push word after a move's square is a note that it
    pushed (seed 2: a push and its back-entry). (Where a round has only a few entries
    after one whose Round line is missing, the replay cannot tell its start: a known
    limit, docs/record-decisions.md.)"""
    original = written(seed, Form.TEXT, "en", target=3)
    sheet = league_sheet(original)
    assert_read_as(sheet, original)


def test_arrows_written_as_html_entities_by_number() -> None:
    """An arrow written as an HTML entity by its number (``&#8599;``, ``&#x2196;``) is
    the arrow itself: read by the way it points."""
    for arrow, direction in (("&#8599;", Direction.RIGHT), ("&#x2196;", Direction.LEFT), ("&#8593;", Direction.FORWARD)):
        entries = parse_record(f"Round 1\n1. <td>Pu {arrow}2 Gr</td>\n").matches[0].rounds[0].entries
        assert [e.direction for e in entries] == [direction]


def test_a_german_club_sheet_with_abbreviated_directions_and_arrows_to_the_square() -> None:
    """``Grün re 6 → Braun``: after a tower, ``re`` (rechts) is its direction, not a second
    colour, even where a distance and an arrow follow it (a distance before a direction's
    word, ``mor 3 düz``, is read so only where a word says the direction)."""
    short = {"links": "li", "rechts": "re", "geradeaus": "ger.", "vorwärts": "vorw."}
    for seed in range(4):
        original = written(seed, Form.TEXT, "de", target=1)
        sheet = original
        for word, abbreviation in short.items():
            sheet = on_rows(sheet, lambda line, w=word, a=abbreviation: re.sub(rf"(?i)\b{w}\b (\d)", rf"{a} \1 →", line))
        assert_read_as(sheet, original)


_SV_COLOURS = {"ORANGE": "orange", "BLUE": "blå", "PURPLE": "lila", "PINK": "rosa", "YELLOW": "gul", "RED": "röd", "GREEN": "grön", "BROWN": "brun"}


#: A Swedish club's key: one line.
SWEDISH_KEY = ({"FORWARD": "R", "LEFT": "V", "RIGHT": "H"}, ["R = rakt fram, V = snett vänster, H = snett höger (sett från den som flyttar)"])


def swedish_protocol(text: str, key: tuple[dict[str, str], list[str]] = SWEDISH_KEY) -> str:
    """``text`` as a Swedish club's protocol: a legend that defines its own letters for
    the directions (``R = rakt fram, V = snett vänster, H = snett höger``; ``key``: the
    letters and the key's lines), then rows of tab-separated cells, each entry a colour,
    a letter and its distance run together, and the colour it lands on (``rosa H1
    rosa``): the letters are no squares."""
    letters, lines = key
    out = ["KAMISADO – PROTOKOLL", "", *lines, ""]
    for rr in replay_match(only_match(text)).rounds:
        out.append(f"Parti {rr.number}" + (f" (fyll från {'vänster' if rr.fill.value == 'left' else 'höger'})" if rr.fill is not None else ""))
        cells = []
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            if p.kind is PlyKind.FORFEIT:
                assert move.square_colour is not None  # (where the blocked tower stands)
                cells.append(f"{_SV_COLOURS[move.tower.name]} 0 {_SV_COLOURS[move.square_colour.name]}")
            else:
                assert move.direction is not None and move.square_colour is not None
                cells.append(f"{_SV_COLOURS[move.tower.name]} {letters[move.direction.name]}{move.distance} {_SV_COLOURS[move.square_colour.name]}")
        if rr.plies and rr.plies[0].side.value:
            cells.insert(0, "...")
        out.extend(f"{n}\t" + "\t\t".join(cells[2 * n - 2 : 2 * n]) for n in range(1, (len(cells) + 1) // 2 + 1))
        out.append("")
    return "\n".join(out) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000))
@example(seed=6815)  # (a forfeit: its square is where the blocked tower stands)
@example(seed=1714)  # ('rosa V4 orange' alone on a row: the grammar's tier would read V as Hungarian vissza, back)
def test_a_protocol_whose_legend_defines_its_letters(seed: int) -> None:
    original = written(seed, Form.TEXT, "en", target=1)
    assert_read_as(swedish_protocol(original), original)


#: Keys written otherwise: one definition a line (a notebook's: ``e = előre``, ``b``, ``j``:
#: letters that are files too, ``e4``), a wiki's bold letters (``'''V''' = recht vooruit``), a
#: forum's list of them (``[*][b]R[/b] = recto hacia delante``).
OTHER_KEYS = [
    ({"FORWARD": "e", "LEFT": "b", "RIGHT": "j"}, ["Jelölés: szín + irány + hány mezőt", "   e = előre (egyenesen)", "   b = balra átlósan", "   j = jobbra átlósan"]),
    ({"FORWARD": "V", "LEFT": "L", "RIGHT": "R"}, ["'''Notatie:''' de kleur, dan '''V''' = recht vooruit, '''L''' = schuin naar links, '''R''' = schuin naar rechts"]),
    ({"FORWARD": "R", "LEFT": "I", "RIGHT": "D"}, ["Lo anoto a mi manera:", "[list]", "[*][b]R[/b] = recto hacia delante", "[*][b]I[/b] = diagonal a su izquierda", "[*][b]D[/b] = diagonal a su derecha", "[/list]"]),
]


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), key=st.sampled_from(OTHER_KEYS))
@example(seed=1, key=OTHER_KEYS[0])
@example(seed=2, key=OTHER_KEYS[1])
@example(seed=3, key=OTHER_KEYS[2])
def test_a_key_one_definition_a_line_or_in_markup_defines_its_letters(seed: int, key: tuple[dict[str, str], list[str]]) -> None:
    """A key written down the page, one definition a line (``e = előre (egyenesen)``
    then ``b = balra átlósan``), or with a wiki's bold letters, defines its letters as a
    key of one line does: ``e4`` in an entry is Forward 4, not the square (the key was
    not read: each line held one definition, or the letters stood in quotes)."""
    original = written(seed, Form.TEXT, "en", target=1)
    assert_read_as(swedish_protocol(original, key), original)


def test_a_rounds_label_of_a_letter_and_its_number_with_the_fill_after_is_no_move() -> None:
    """``R4 right`` under a round's line: a label, not Red Right 4 (a letter glued to its
    number is a label; a colour, a blank, a distance and a direction's word are a move:
    ``mor 3 düz``)."""
    for seed in range(4):
        original = written(seed, Form.TEXT, "en", target=3)
        labelled = re.sub(r"^Round (\d+)(?: fill (left|right))?$", lambda m: m[0] + f"\nR{m[1]} {m[2] or 'left'}", original, flags=re.MULTILINE)
        assert labelled != original
        assert_read_as(labelled, original)


def _pushes(text: str) -> int:
    return sum(" Back 1 " in line for line in text.splitlines())


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000))
def test_back_entries_left_out_of_one_entry_a_line_are_put_in_with_a_warning(seed: int) -> None:
    """A player who writes one entry a line and leaves out every push's back-entry (it
    is forced): each is put in, a warning, and the moves and winners are the match's;
    ``fix`` writes them in."""
    original = written(seed, Form.TEXT, "en", target=7)
    lines = one_entry_a_line(original, ("Black", "Gold")).splitlines()
    kept = [line for line in lines if " Back 1 " not in line]
    text = "\n".join(kept) + "\n"
    assert_read_as(text, original)
    warned = [d for d in validate_text(text).all_diagnostics() if d.kind is Kind.MISSING_BACK_ENTRY]
    assert len(warned) == len(lines) - len(kept)
    fixed = fix_text(text)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)


def squares_back_left_out(seed: int) -> tuple[str, str, int]:
    """A generated match in squares, one entry a line labelled by its player
    (:func:`one_entry_a_line`), every push's back-entry left out; the match written
    whole; how many were left out."""
    coords = one_entry_a_line(written(seed, Form.COORDS, "en", target=7), ("Black", "Gold")).splitlines()
    words = one_entry_a_line(written(seed, Form.TEXT, "en", target=7), ("Black", "Gold")).splitlines()
    kept = [c for c, w in zip(coords, words, strict=True) if " Back 1 " not in w]  # (the forms write the same entries, line for line)
    return "\n".join(kept) + "\n", "\n".join(coords) + "\n", len(coords) - len(kept)


def test_a_move_from_where_a_back_entry_would_start_is_the_pushers_next_move() -> None:
    """``e6-e5*``, then ``e5-a1``: the pusher's tower, on the pushed one's square, goes
    on from where the back-entry ``e5-e4`` would start. An entry that starts there but
    goes more than one square is the pusher's next move, the back-entry left out (a
    warning), not a wrong back-entry (before session 67 the round stopped on it: the
    first reading of generated match 67, and a database's dump, which the reading
    against the legal moves did not mend)."""
    text, original, left_out = squares_back_left_out(67)
    assert "e6-e5*" in text and "e5-a1" in text and "e5-e4" not in text
    assert_read_as(text, original)
    warned = [d for d in validate_text(text).all_diagnostics() if d.kind is Kind.MISSING_BACK_ENTRY]
    assert len(warned) == left_out == 3


@pytest.mark.reads_again
@settings(max_examples=12)
@given(seed=st.integers(0, 10_000))
@example(seed=10)  # (two pushes of one tower in a row, the second along the first's back-entry, b6-b7*: the first reading takes it for the back-entry; the reading against the legal moves gets it right)
@example(seed=1126).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 68; the same on 8407c6d, before the session's changes): as seed 10, two pushes of one tower in a row, the second along the first's back-entry (f1-f2*, f2-f3*), the first read as the back-entry; here the reading against the moves does not take over, and round 5 on is misread")
def test_back_entries_left_out_of_one_square_pair_a_line_are_read(seed: int) -> None:
    """The same in squares, as the reader reads them: each match read as written."""
    text, original, _ = squares_back_left_out(seed)
    assert errors(text) == [], text
    fixed = fix_text(text)  # (the match as read, in our notation)
    assert moves_of(fixed.text) == moves_of(original) and winners(fixed.text) == winners(original)


def test_the_property_above_meets_pushes() -> None:
    assert sum(_pushes(written(seed, Form.TEXT, "en", target=7)) > 0 for seed in range(12)) >= 4


def back_entries_rewritten(change: Callable[[str], str], layout: Callable[[str], str] = lambda text: text) -> int:
    """Generated matches with pushes, laid out by ``layout``, their back-entries rewritten
    by ``change`` (``"Pink Back 1 Red"`` → what a person writes): each reads as the match.
    How many had pushes."""
    seen = 0
    for seed in range(12):
        original = written(seed, Form.TEXT, "en", target=7)
        laid = layout(original)
        text = re.sub(r"\b\w+ Back 1 \w+\b", lambda m: change(m.group()), laid)
        if text != laid:
            seen += 1
            assert_read_as(text, original)
    return seen


def test_a_back_entry_said_by_its_tower_and_where_it_lands_is_the_back_entry() -> None:
    """Where a push's back-entry is due, an entry that says only the pushed tower and
    where it lands (``Pink -> Red``, no direction, no distance) is the back-entry: the
    legal moves decide."""
    assert back_entries_rewritten(lambda entry: entry.replace(" Back 1 ", " -> ")) >= 4


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), arrow=st.sampled_from(["->", "→", "lands on", "to", "onto"]))
@example(seed=512, arrow="->")  # (an entry so said was set aside as text, the round replaying shifted to the other winner)
@example(seed=3318, arrow="->")  # (the reading after which the next entries fit one move each was taken for certain over the match's)
def test_a_tower_and_the_colour_it_lands_on_leave_the_rest_to_the_legal_moves(seed: int, arrow: str) -> None:
    """``Red → Blue``: a tower and where it lands, no direction or distance; where one
    legal move fits, it is that move (a warning); where several do, the replay's tie rule
    or an error names them, never another move silently."""
    original = written(seed, Form.TEXT, "en", target=1)
    text = on_rows(original, lambda line: re.sub(r"\b([A-Z][a-z]+) (?:Forward|Left|Right) \d ([A-Z][a-z]+)\b", rf"\1 {arrow} \2", line))
    truth = moves_of(original)
    said = {d.line for d in validate_text(text).all_diagnostics() if "may stand for" in d.message}
    for rr, moves in zip(replay_match(only_match(text)).rounds, truth, strict=False):
        plies = [p for p in rr.plies if p.move and p.kind is not PlyKind.BACK]
        for p, move in zip(plies, moves, strict=False):
            # (the match's move, or one of the moves the entry may stand for, named there)
            assert (p.move.origin, p.move.target, p.move.distance) == move or p.entry.line in said, text
    truth_winners = winners(original)
    assert all(w is None or w == truth_winners.get(place) for place, w in winners(text).items()), text  # (never a wrong winner)


def test_a_back_entry_written_whole_then_called_pushed_is_one_entry() -> None:
    """A tracker's row: the back-entry in full, then a note that says what it is
    (``Red Back 1 Green pushed,no turn``): one entry, no second one for the next turn."""
    assert back_entries_rewritten(lambda entry: f"{entry}   pushed,no turn", lambda text: one_entry_a_line(text, ("Black", "Gold"))) >= 4


_KEYS = (
    "key: st = straight, lf = diagonal left, rt = diagonal right",
    "P! = sumo push   pb = pushed back (turn lost)",
    "% colour letters (n=brown, k=pink), dir F/L/R",
    "Legend: -> = the colour it landed on; * = sumo push",
)


@pytest.mark.parametrize("key", _KEYS)
def test_a_key_to_the_records_signs_is_no_entry(key: str) -> None:
    """A line of two definitions or more before the moves says what the signs mean; it
    holds no move (and never becomes the round's first)."""
    for seed in range(4):
        original = written(seed, Form.TEXT, "en", target=1)
        head, _, rest = original.partition("Round 1")
        text = f"{head}{key}\n\nRound 1{rest}"
        assert_read_as(text, original)


_TOWERS = ("Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown")
#: A coach's aside after an entry, offering another move as an example (``{}``: the
#: tower's colour, then two squares).
_EXAMPLES = (
    "(better: for example {} {}-{})",
    "- z.B. {} {}→{} wäre besser gewesen",
    "; por ejemplo {} {} {} ganaba",
    "e.g. {} from {} to {} keeps the file",
    "例如 {} {}-{}",
)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), aside=st.sampled_from(_EXAMPLES), rng=st.randoms(use_true_random=False))
def test_a_move_given_as_an_example_is_no_evidence_of_the_move_played(seed: int, aside: str, rng: random.Random) -> None:
    """A coach's note after some entries that offers another move as an example (``e.g.
    Blue b8-b3``, ``z.B.``, ``por ejemplo``, ``例如``): what follows the example's word on
    its line is set aside, and the match reads as its moves."""
    original = written(seed, Form.TEXT, "en", target=1)
    lines = original.splitlines()
    for k, line in enumerate(lines):
        if line[:1].isdigit() and rng.random() < 0.4:
            a, b = rng.sample(range(64), 2)
            lines[k] = f"{line}   {aside.format(rng.choice(_TOWERS), square_name(a), square_name(b))}"
    assert_read_as("\n".join(lines) + "\n", original)


_FR = {
    "Orange": "orange", "Blue": "bleu", "Purple": "violet", "Pink": "rose", "Yellow": "jaune", "Red": "rouge", "Green": "vert",
    "Brown": "marron", "Forward": "tout droit", "Left": "diag. gauche", "Right": "diag. droite", "Back": "recul",
}  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_a_landing_colour_in_square_brackets_is_the_landing_not_a_forums_tag(seed: int) -> None:
    """``Rose tout droit 5 [violet]``: a colour's word in square brackets is where the
    move lands (a forum's tags, ``[b]…[/b]``, ``[red]…[/red]``, stay tags)."""
    original = written(seed, Form.TEXT, "en", target=1)

    def row(m: re.Match[str]) -> str:
        entries = re.sub(r"(\w+) (Forward|Left|Right|Back) (\d) (\w+)", lambda e: f"{_FR[e[1]]} {_FR[e[2]]} {e[3]} [{_FR[e[4]]}]", m[0])
        return re.sub(r" {3,}", "   --   ", entries)

    french = re.sub(r"(?m)^\d+\. .*$", row, original)
    assert "] " in french or "]\n" in french
    assert_read_as(french.replace("\nRound 1\n", "\n[b]Round 1[/b]\n", 1), original)


_ENTITY_OF = {"Forward": "&uarr;", "Left": "&nwarr;", "Right": "&nearr;"}


def viewer_page(text: str) -> str:
    """A game viewer's saved page: each entry a list item whose tower and square are
    coloured dots named only by their ``title``, the direction an arrow's entity."""

    def item(m: re.Match[str]) -> str:
        tower, way, n, square = m.groups()
        return f'<li><span class="tw" title="{tower}"></span> {_ENTITY_OF[way]}{n} <span class="sq" title="{square}"></span></li>'

    out = ["<html><body>"]
    for line in text.splitlines():
        if line.startswith("Round"):
            out.append(f"<h2>{line}</h2>")
        elif line[:1].isdigit():
            out.extend(re.sub(r"([A-Z][a-z]+) (Forward|Left|Right) (\d) ([A-Z][a-z]+)", item, e) for e in line.split(" ", 1)[1].split("   ") if e.strip() and e.strip() != "...")
        elif line.startswith("["):
            out.append(line)
    return "\n".join([*out, "</body></html>"]) + "\n"


def test_a_viewer_page_that_names_colours_only_in_tooltips_reads_as_its_moves() -> None:
    seen = 0
    for seed in range(8):
        original = written(seed, Form.TEXT, "en", target=1)
        if " 0 " in original or "Back" in original or "..." in original:
            continue  # (forfeits, pushes, Gold first: drawn otherwise by a viewer)
        seen += 1
        assert_read_as(viewer_page(original), original)
    assert seen >= 3


def notebook(text: str, rng: random.Random) -> str:
    """A Jupyter notebook whose markdown cells hold the record, a few lines a cell, among
    a title cell and a code cell (JSON over many lines, as Jupyter saves it)."""
    import json

    lines = [line + "\n" for line in text.splitlines()]
    cells: list[dict[str, object]] = [{"cell_type": "markdown", "metadata": {}, "source": ["# Club night\n", "Notes from the evening.\n"]}]
    while lines:
        take = rng.randint(3, 12)
        cells.append({"cell_type": "markdown", "metadata": {}, "source": lines[:take]})
        lines = lines[take:]
    cells.append({"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [], "source": ["board = None"]})
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}, indent=rng.choice([1, 2]), ensure_ascii=False) + "\n"


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), cells=st.integers(0, 10_000))
def test_a_record_kept_in_a_notebooks_cells_reads_as_its_moves(seed: int, cells: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A JSON document (a notebook) holding the record in its strings, a line each: the
    strings are the record's lines; the JSON around them is no text of it."""
    original = written(seed, Form.TEXT, "en", target=3)
    path = tmp_path_factory.mktemp("nb") / "club.ipynb"
    path.write_text(notebook(original, random.Random(cells)), encoding="utf-8")
    report = validate_file(str(path))
    assert [d.format(str(path)) for d in report.all_diagnostics() if d.severity is ERROR] == []
    (match,) = read_record(str(path)).matches
    assert [(p.move.origin, p.move.target, p.move.distance) for rr in replay_match(match).rounds for p in rr.plies if p.move and p.kind is not PlyKind.BACK] == [m for r in moves_of(original) for m in r]
    fixed = fix_text(path.read_text(encoding="utf-8"))  # (fix writes the record the notebook holds)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)


_SEEN_FROM_GOLDS_SIDE = str.maketrans({"↑": "↓", "↖": "↘", "↗": "↙"})


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000))
@example(seed=49)  # (Gold's forfeit after a diagonal whose square was left out)
def test_arrows_drawn_as_the_board_is_seen_from_golds_side_read_as_the_moves(seed: int) -> None:
    """A player who draws arrows as the board looks from Gold's side: Black's moves point
    down (``↓``, and ``↙`` for Black's right, ``↘`` for his left, a diagonal's square
    left out), Gold's up as ours. A
    tower never moves back aslant, so a down-aslant arrow is the mover's diagonal
    mirrored; the moves and winners are the match's."""
    original = written(seed, Form.SYMBOLS, "en", target=1)

    def drawn(line: str) -> str:
        number, _, rest = line.partition(" ")
        black, sep, gold = rest.partition("   ")
        black = black.translate(_SEEN_FROM_GOLDS_SIDE)
        if "0" not in gold:  # (a diagonal's square left out: the arrow decides; not before a forfeit's colour, read as that square)
            black = re.sub(r"([↙↘]\d)\D$", r"\1", black)
        return f"{number} {black}{sep}{gold}"

    text = on_rows(original, drawn)
    assert text != original
    assert moves_of(text) == moves_of(original), text
    assert winners(text) == winners(original)
    # (each diagonal read from its arrow, not left to the entries after it)
    aslant = [e for r in only_match(text).rounds for e in r.entries if "↙" in e.text or "↘" in e.text]
    assert all(e.direction is (Direction.RIGHT if "↙" in e.text else Direction.LEFT) for e in aslant)


_HAN = "〇一二三四五六七八九十"


@settings(max_examples=10)
@given(
    seed=st.integers(0, 10_000),
    shape=st.sampled_from(["第{n}局", "## 第{n}局（从{f}补位）", "第{n}回戦 {f}から", "제{n}국 {f}", "{n}局目", "<h3>{n}라운드 <small>({f}부터 채우기)</small></h3>", "第{n}轮 {f}"]),
    han=st.booleans(),
)
# (found by the random profile: a heading with no fill before a round whose Lineup lines
# say it, and whose first entries are a Sumo push and its back-entry: round 3 not judged)
@example(seed=188, shape="第{n}局", han=False)
@example(seed=188, shape="第{n}局", han=True)
@example(seed=74, shape="<h3>{n}라운드 <small>({f}부터 채우기)</small></h3>", han=False)  # (no heading before session 62)
def test_rounds_counted_as_chinese_japanese_and_korean_write_them_start_the_rounds(seed: int, shape: str, han: bool) -> None:
    """``第四局``, ``第2回戦 左から``, ``제3국``, ``4라운드``, ``第3轮``: a round's heading
    counted with its number in digits or characters, its fill said in the language's
    word, reads as the round (the rounds' moves and winners are the match's). Before
    session 62 ``라운드`` and ``轮`` were no words of a round counted so."""
    original = written(seed, Form.TEXT, "en", target=3)
    korean = "국" in shape or "라운드" in shape
    words = {"zh": ("左", "右"), "ko": ("왼쪽", "오른쪽")}["ko" if korean else "zh"]

    def heading(line: str) -> str:
        parts = line.split()
        n = int(parts[1])
        number = (_HAN[n] if n <= 10 else f"十{_HAN[n - 10]}") if han and not korean else str(n)
        fill = words[parts[3] == "right"] if len(parts) > 3 else ""
        return shape.format(n=number, f=fill)

    text = "\n".join(heading(line) if line.startswith("Round") else line for line in original.splitlines()) + "\n"
    assert moves_of(text) == moves_of(original), text
    assert winners(text) == winners(original)


#: A page's style sheet, as an app's HTML export writes one: colour words and colour codes
#: (``#f08cb5``), none of them a move.
_STYLE_SHEET = """<style>
 .brown{background:#7b4a2a} .green{background:#2e8b3d} .red{background:#d0312d} .yellow{background:#e8c51c}
 .pink{background:#f08cb5} .purple{background:#6c3c97} .blue{background:#2c5aa0} .orange{background:#e7e}
</style>"""
_HTML_ARROWS = {Direction.FORWARD: "&#8593;", Direction.LEFT: "&#8598;", Direction.RIGHT: "&#8599;", Direction.BACK: "&#8595;"}


def html_export(original: str) -> str:
    """The moves of ``original`` (one round) as an HTML page's table: each tower and
    square a coloured dot with its name as a tooltip, the direction an arrow's entity."""
    rows = []
    for rr in replay_match(only_match(original)).rounds:
        for n, p in enumerate(rr.plies, 1):
            move = p.move
            assert move is not None
            if not move.distance or move.tower is None or move.direction is None:
                cell = "pass"
            else:
                tower, square = move.tower.name.lower(), move.square_colour.name.lower()
                cell = (f'<span class="pc {tower}" title="{tower}"></span> <span class="dir">{_HTML_ARROWS[move.direction]}</span>'
                        f'<b>{move.distance}</b> <span class="sq {square}" title="{square}"></span>')  # fmt: skip
            rows.append(f'<tr class="ply"><td class="n">{n}</td><td class="mv">{cell}</td><td class="t">{10 + n}s</td></tr>')
    return "<html><head>\n" + _STYLE_SHEET + "\n</head><body>\n<table>\n" + "\n".join(rows) + "\n</table>\n</body></html>\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
@example(seed=4471)
def test_an_html_export_with_a_style_sheet_reads_as_its_moves(seed: int) -> None:
    """A style sheet's colour codes are markup: their letters and digits are no
    direction or distance (``#f08cb5`` made a Forward 5 out of a colour's rule, and the
    moves that followed were read from the wrong position)."""
    original = written(seed, Form.TEXT, "en", 1)
    text = html_export(original)
    assert errors(text) == []
    assert winners(text) == winners(original)


def said_with_squares(original: str, rng: random.Random) -> str:
    """``original``'s moves, one a line by the player's name, each said in words with the
    square it lands on after them, as people relay moves: ``Pink forward 6 to d2``,
    ``brown a1 up 3 to a4`` (where it stood, then the move), ``paars links 4 orange >>
    h1`` (the landing's colour, then its square); a forfeit or a push's back-entry as
    written."""
    match = only_match(original)
    out = []
    for rr in replay_match(match).rounds:
        out.append(f"Round {rr.number}" + (f" fill {rr.fill.value}" if rr.fill is not None else ""))
        for p in rr.plies:
            name = "Anna" if p.side.name == "BLACK" else "Ben"
            move, entry = p.move, p.entry.text
            if p.kind is not PlyKind.MOVE or move.direction is None or move.tower is None:
                out.append(f"{name}: {entry}")
                continue
            tower, where, to = move.tower.name.lower(), square_name(move.origin), square_name(move.target)
            direction = {"FORWARD": rng.choice(["forward", "straight", "up"]), "LEFT": "left", "RIGHT": "right"}[move.direction.name]
            said = rng.choice([
                f"{tower} {direction} {move.distance} to {to}",
                f"{tower} {where} {direction} {move.distance} to {to}",
                f"{tower.title()}. {direction.title()} {move.distance} squares to {to}.",
                f"{tower} {direction} {move.distance} {entry.split()[-1].lower()} >> {to}",
            ])
            out.append(f"{name}: {said}")
        out.append("")
    return "\n".join(out)


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), habits=st.integers(0, 10_000))
@example(seed=3, habits=2)
def test_the_square_a_move_said_in_words_lands_on_is_part_of_the_move(seed: int, habits: int) -> None:
    """A square after ``to`` or an arrow, where the entry before said its move in slots,
    is where that move lands, read into it (its colour, which the replay checks): not a
    move of its own; the square before the direction is where the tower stood."""
    original = written(seed, Form.TEXT, "en", target=1)
    relayed = said_with_squares(original, random.Random(habits))
    assert_read_as(relayed, original)


def test_a_landing_square_that_contradicts_the_move_is_an_error() -> None:
    """The square after ``to`` is checked as the landing colour is: a move whose square
    is not where it lands is not read as another move."""
    original = written(3, Form.TEXT, "en", target=1)
    first = replay_match(only_match(original)).rounds[0].plies[0].move
    assert first.tower is not None and first.direction is not None
    wrong = square_name(first.target ^ 1)  # (the square beside it: another colour)
    text = f"Round 1\nAnna: {first.tower.name.lower()} {first.direction.name.lower()} {first.distance} to {wrong}\n"
    assert errors(text), text


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), said=st.integers(0, 10_000))
def test_comments_after_the_round_that_decides_the_match_are_set_aside(seed: int, said: int) -> None:
    """A post's comments after the last round, quoting its last move and a move of an
    earlier round under a ``Round`` word: the rounds read decide the match (a format's
    target, with no header to say another), so the text after is no part of it: one
    warning, not an error for each line; the match's winners stand."""
    original = written(seed, Form.TEXT, "en")
    rng = random.Random(said)
    rounds = [rr for rr in replay_match(only_match(original)).rounds]
    body = "\n".join(line for line in one_entry_a_line(original, ("Anna", "Ben")).splitlines() if not line.startswith("["))
    last, earlier = rounds[-1].plies[-1].entry.text, rng.choice(rng.choice(rounds).plies).entry.text
    comments = [
        "", "---", "**top comment** · u/hexgrid · 4h", f"> {last}", "", "the disrespect, congrats to her",
        f"Round {rng.randint(1, len(rounds))} {earlier} straight away, she handed you that one",
    ]
    text = body + "\n".join(comments) + "\n"
    report = validate_text(text)
    assert report.valid, [d.format("<t>") for d in report.all_diagnostics()]
    assert winners(text) == winners(original)
    aside = [d for d in report.all_diagnostics() if d.kind is Kind.SET_ASIDE and "decides the match" in d.message]
    assert len(aside) <= 1
    fixed = fix_text(text)  # (no edit there: the comments are kept as written)
    assert fixed.valid and winners(fixed.text) == winners(original)
    assert fixed.text.endswith(comments[-1] + "\n")


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), arrow=st.sampled_from(["→", "->", "=>", "⇒"]))
@example(seed=2, arrow="→")
def test_a_short_forms_distance_before_an_arrow_to_its_landing(seed: int, arrow: str) -> None:
    """``Orange F6 → purple``: ``F6`` before an arrow to the landing colour is Forward 6 in
    the short form, not the square f6 (a square is one before a direction in words:
    ``purple f1 right 2``)."""
    original = written(seed, Form.SHORT, "en", target=1)
    text = on_rows(original, lambda line: re.sub(r"\b([FBLR]\d) (\w+)", rf"\1 {arrow} \2", line))
    assert text != original
    assert_read_as(text, original)


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), said=st.integers(0, 10_000))
def test_a_landing_said_with_a_preposition_and_an_article(seed: int, said: int) -> None:
    """``Green Right 2, it ends on a brown``: ``on`` (weak, orange's short name) before an
    article and a colour is a preposition, not the square's colour."""
    original = written(seed, Form.TEXT, "en", target=1)
    rng = random.Random(said)
    how = ["it ends on a", "lands on the", "on a", "so it stops on a"]
    text = on_rows(original, lambda line: re.sub(r"(\w+ \w+ \d) (\w+)", lambda m: f"{m[1]}, {rng.choice(how)} {m[2].lower()}", line))
    assert_read_as(text, original)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_key_line_of_codes_and_a_definition_is_no_move(seed: int) -> None:
    """A key's line that ends its codes and starts its definitions (``Vd verde · Ca
    castanho. F = em frente``) is a key's line as either kind alone is: no move read from
    its words (``castanho. F``, brown forward), its codes and letter learnt."""
    key = [
        "Abreviaturas: La laranja · Az azul · Rx roxo · Rs rosa · Am amarelo · Vm vermelho",
        "  Vd verde · Ca castanho. F = em frente",
        "  E = diagonal para a esquerda, D = diagonal para a direita",
    ]
    original = written(seed, Form.TEXT, "en", target=3)
    coded = in_codes(original, key)
    (match,) = validate_text(coded).matches
    assert match.valid, coded + "\n".join(d.format("x") for d in match.diagnostics)
    assert winners(coded) == winners(original) and moves_of(coded) == moves_of(original)


#: How a player dictating goes on after a move's direction to its landing, an
#: indefinite article that is also the word for one on the way (``una``, ``einem``).
DICTATED = {"es": "mía eh queda en una casilla", "de": "meiner Sicht, landet auf einem Feld", "pt": "minha, e cai em uma casa", "ro": "a mea, ajunge pe un"}


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(sorted(DICTATED)), said=st.integers(0, 10_000))
def test_a_direction_said_twice_is_one_direction(seed: int, lang: str, said: int) -> None:
    """A direction's word said again right after itself as one dictates a move (``amarilla
    dos en diagonal a la derecha derecha mía eh queda en una casilla naranja``: a
    stutter, an emphasis) is one direction, not another entry's (a direction, the
    article ``una`` read as one, a colour)."""
    original = written(seed, Form.TEXT, "en" if lang == "es" else lang, target=1)
    if lang == "es":  # (no Spanish text form: its words written over the English)
        words = {"Forward": "adelante", "Left": "izquierda", "Right": "derecha"}
        original = on_rows(original, lambda line: re.sub(r"\b(Forward|Left|Right)\b", lambda m: words[m[1]], line))
    rng = random.Random(said)

    def twice(m: re.Match[str]) -> str:
        return f"{m[1]} {m[3]} {m[2]} {m[2]} {DICTATED[lang]} {m[4]}" if rng.random() < 0.6 else m[0]

    text = on_rows(original, lambda line: re.sub(r"(\w+) (\w+) (\d) (\w+)", twice, line))
    assert_read_as(text, original)


def chat_export(text: str, rng: random.Random) -> str:
    """The moves of ``text`` (one round) relayed in a chat and exported as the chat's JSON
    (an array of message objects: a user id of letters and digits, a timestamp, a date),
    each message a log-like line: a zero-padded counter, the tower's code, its squares
    joined by ``>``, its landing's colour."""
    messages = []
    (rr,) = replay_match(only_match(text)).rounds
    for k, p in enumerate(p for p in rr.plies if p.move is not None and p.move.tower is not None and p.move.distance):
        move = p.move
        user = "U" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(8)) + "7Q"
        landing = move.square_colour.name.lower() if move.square_colour is not None else ""
        said = f"{k + 1:03d} {move.tower.name[:3].upper()}  {square_name(move.origin)}>{square_name(move.target)}  :{landing[:3]}"
        messages.append({"type": "message", "user": user, "ts": f"{1715860211 + 60 * k}.{rng.randrange(10**6):06d}", "text": said})
        if rng.random() < 0.3:
            messages.append({"type": "message", "user": user, "text": f"posted {rng.randint(1, 28)} Mar \u00b7 {rng.randint(1, 9)} replies, the {rng.randint(1, 4)}rd game today"})
    import json

    return json.dumps(messages, indent=2) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), chat=st.integers(0, 10_000))
@example(seed=178, chat=0)  # (two forfeits in a row, left out: the random profile, session 27)
def test_a_chat_export_with_ids_timestamps_counters_and_dates_reads_as_its_moves(tmp_path_factory: pytest.TempPathFactory, seed: int, chat: int) -> None:
    """A JSON array of a chat's messages is no HackerRank log (none of its games' keys):
    its text is read by its evidence. A user id (``U02HJ5TT0PX``), a timestamp, a log's
    zero-padded counter (``003``), a date (``14 Mar ·``) and an ordinal (``3rd``) are
    no distance; squares joined by ``>`` are a move."""
    original = written(seed, Form.TEXT, "en", target=1)
    path = tmp_path_factory.mktemp("chat") / "export.json"
    path.write_text(chat_export(original, random.Random(chat)), encoding="utf-8")
    record = read_record(path)
    (match,) = validate_file(path).matches
    assert match.valid, [d.format("x") for d in match.diagnostics]
    (rr,) = replay_match(record.matches[0]).rounds if record.matches and not match.read_again else [None]
    if rr is not None:  # (read by the first reading: its moves are the truth's)
        assert [(p.move.origin, p.move.target) for p in rr.plies if p.move and p.move.distance] == [(o, t) for o, t, d in moves_of(original)[0] if d]


@pytest.mark.parametrize("seed", [52, 178, 330])
def test_two_forfeits_in_a_row_left_out_are_put_back(seed: int) -> None:
    """A blocked tower's forfeit, then the opponent's (the tower its square names is
    blocked too), both left out of a record written one entry a line: the next entry is
    the first side's move again, after the two forfeits (M6), each a warning, and the
    round reads as it was played. (Each seed's match has such a pair: asserted.)"""
    original = written(seed, Form.TEXT, "en")
    rounds = replay_match(only_match(original)).rounds
    pairs = [(a, b) for rr in rounds for a, b in zip(rr.plies[:-2], rr.plies[1:-1], strict=True) if a.kind is b.kind is PlyKind.FORFEIT]
    assert pairs, "the match has two forfeits in a row"
    a, b = pairs[0]
    marked = one_entry_a_line(rewrite(original, [(a.entry, "(left out)"), (b.entry, "(left out)")]), ("Anna", "Ben"))
    kept = "".join(line for line in marked.splitlines(keepends=True) if "(left out)" not in line)
    assert marked.count("(left out)") == 2
    assert_read_as(kept, original)
    forgotten = [d for d in validate_text(kept).all_diagnostics() if d.kind is Kind.FORGOTTEN_FORFEIT]
    assert len(forgotten) >= 2 and all(d.severity is not ERROR for d in forgotten)


#: How a Portuguese club player shortens the colours, and his letters for the directions.
CODES = {"orange": "La", "blue": "Az", "purple": "Rx", "pink": "Rs", "yellow": "Am", "red": "Vm", "green": "Vd", "brown": "Ca"}
KEY = [
    "Abreviaturas:",
    "  cores:   La laranja · Az azul · Rx roxo · Rs rosa · Am amarelo · Vm vermelho",
    "           Vd verde · Ca castanho",
    "  direção: F = em frente, E = diagonal para a esquerda, D = diagonal para a direita",
    '  Ex.: "Az E1 Rs" = a torre azul andou 1 casa na diagonal esquerda e ficou numa casa rosa.',
]


def in_codes(text: str, key: list[str] = KEY, codes: dict[str, str] = CODES, letters: dict[str, str] | None = None) -> str:
    """``text`` (our text form) written in the ``codes`` (:data:`CODES`) and the
    direction ``letters`` (F, E, D: ``Az E1 Rs``), below a ``key`` that defines them (and
    may show one)."""
    letters = letters or {"Forward": "F", "Left": "E", "Right": "D"}
    out = [*key, ""]
    for line in text.splitlines():
        if line.startswith("[") or not line.strip():
            continue
        for word, code in codes.items():
            line = re.sub(rf"\b{word.title()}\b", code, line)
        out.append(re.sub(r"\b(Forward|Left|Right) (\d)", lambda m: letters[m[1]] + m[2], line))
    return "\n".join(out) + "\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_codes_a_key_defines_and_its_example_read_as_the_moves(seed: int) -> None:
    """Colour codes listed before the words they shorten (``La laranja · Az azul``) and
    direction letters defined by ``=`` make the file's legend: ``E1`` is Left 1 there, not
    the square e1; the key's example line (``Ex.: "Az E1 Rs" = …``) is no move."""
    original = written(seed, Form.TEXT, "en", target=3)
    coded = in_codes(original)
    report = validate_text(coded)
    (match,) = report.matches
    assert match.valid, coded + "\n".join(d.format("x") for d in match.diagnostics)
    assert winners(fix_text(coded).text) == winners(original)
    assert moves_of(fix_text(coded).text) == moves_of(original)


#: A German arbiter's codes (``Rt``, red, is our code for Right) and direction letters.
GERMAN_CODES = {"orange": "Or", "blue": "Bl", "purple": "Li", "pink": "Rs", "yellow": "Ge", "red": "Rt", "green": "Gn", "brown": "Br"}
GERMAN_KEY = [
    "Notation: Turm  Richtung+Weite  Zielfeld-Farbe.",
    "  Or=Orange Bl=Blau Li=Lila Rs=Rosa Ge=Gelb Rt=Rot Gn=Grün Br=Braun",
    "  V=vorwärts gerade, L=schräg links, R=schräg rechts (aus Sicht des Ziehenden)",
]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_key_of_definitions_with_blanks_between_defines_its_codes(seed: int) -> None:
    """A key's definitions with only blanks between them (``Or=Orange Bl=Blau Li=Lila``,
    a German arbiter's form) define every code, ``Rt`` as red where the key says so (our
    code for Right elsewhere): the moves read are the match's. Before session 56 only the
    last definition was read, so the key defined nothing and the match lost every round
    after its first."""
    original = written(seed, Form.TEXT, "en", target=3)
    coded = in_codes(original, GERMAN_KEY, GERMAN_CODES, {"Forward": "V", "Left": "L", "Right": "R"})
    report = validate_text(coded)
    (match,) = report.matches
    assert match.valid, coded + "\n".join(d.format("x") for d in match.diagnostics)
    assert moves_of(fix_text(coded).text) == moves_of(original)


def squares_in_brackets(text: str) -> str:
    """``text`` with the square each move lands on written in brackets after its entry,
    its landing after an arrow (``Purple Forward 2 → Orange (c6)``), as a player who
    notes both does."""
    lines = text.splitlines()
    for rr in replay_match(only_match(text)).rounds:
        for p in reversed(rr.plies):  # (from the right: columns stay true)
            if p.index is None or not p.move.distance or p.kind is PlyKind.BACK:
                continue
            e = p.entry
            line = lines[e.line - 1]
            start, end = e.column - 1, e.column - 1 + len(e.text)
            said, _, landing = e.text.rpartition(" ")
            lines[e.line - 1] = f"{line[:start]}{said} → {landing} ({square_name(p.move.target)}){line[end:]}"
    return "\n".join(lines) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["en", "de", "hu"]))
def test_the_square_a_move_lands_on_in_brackets_after_it_is_the_same_move(seed: int, lang: str) -> None:
    """``Purple Forward 2 → Orange (c6)``: the square in brackets after an entry says where
    it lands, as its colour does; it is no move of its own (a target square alone is the
    forced tower's move elsewhere)."""
    original = written(seed, Form.TEXT, lang, target=3)
    assert_read_as(squares_in_brackets(original), original)


def in_chinese_headings(text: str) -> str:
    """``text`` with its ``Round`` lines as a Chinese blog's HTML headings
    (``<h2>第二局（金先，左填）</h2>``: round, who starts, fill), below a preamble whose
    prose holds ``过`` (pass) and ``一`` (one) as words of other words."""
    numerals = "一二三四五六七八九十"
    out = ["<p>方向里的“左/右”都是<u>走棋那一方自己</u>看过去的左右，不是我这边看的。</p>"]
    for line in text.splitlines():
        m = re.match(r"Round (\d+)(?: fill (left|right))?$", line)
        if m is None:
            out.append(line)
            continue
        fill = {"left": "，左填", "right": "，右填"}.get(m[2] or "", "")
        out.append(f"<h2>第{numerals[int(m[1]) - 1]}局（棋局{fill}）</h2>")
    return "\n".join(out) + "\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_rounds_headed_as_a_chinese_blog_heads_them_read_as_the_moves(seed: int) -> None:
    """A round's heading counted in characters inside an HTML heading (the tag's digit,
    ``</h2>``, is no digit of the heading) starts the round with its fill; a forced word
    inside other words of a sentence (``看过去``: looking over) is no forfeit."""
    original = written(seed, Form.TEXT, "en", target=3)
    assert_read_as(in_chinese_headings(original), original)


def labelled_by_side(text: str) -> str:
    """``text`` (our text form) with each row's entries labelled by their side's letter
    and written as ``colour, direction distance → colour`` (``1. N: verde, dreapta 3 → mov
    A: mov, dreapta 1 → portocaliu``), as a teacher's worksheet does."""
    out = []
    for line in text.splitlines():
        head, _, rest = line.partition(" ")
        entries = [e.split() for e in rest.split("   ") if e.strip()]
        if not head.rstrip(".").isdigit() or not all(len(e) == 4 for e in entries):
            out.append(line)
            continue
        said = [f"{side}: {e[0].lower()}, {e[1].lower()} {e[2]} → {e[3].lower()}" for side, e in zip("NA", entries, strict=False)]
        out.append(f"{head} " + "  ".join(said))
    return "\n".join(out) + "\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
@example(seed=0)
def test_entries_labelled_by_side_letters_define_no_legend(seed: int) -> None:
    """``N: verde, dreapta 3 → mov  A: mov, …`` are two entries labelled by their sides,
    not a legend that makes ``N`` green and ``A`` purple: a line with a number in it
    defines nothing (a legend defines signs, not moves), so it is read, and the letters
    stay labels on the lines after it."""
    original = written(seed, Form.TEXT, "ro", target=3)
    labelled = labelled_by_side(original)
    (match,) = validate_text(labelled).matches
    assert match.valid, [d.format("x") for d in match.diagnostics]
    assert moves_of(fix_text(labelled).text) == moves_of(original)


def texted(text: str, rng: random.Random) -> str:
    """``text`` (coordinates, one round) played by text messages: each move typed behind
    a time and a name as ``red f8 to e7, one diag. e7 is blue`` (its landing square said
    again with its colour) or ``blue g1 all the way across to a7`` (where the tower stood,
    words, where it went), a forfeit as ``green can't move``."""
    out = []
    names = ("Me", "Priya R")
    numbers = ("zero", "one", "two", "three", "four", "five", "six", "seven")
    for rr in replay_match(only_match(text)).rounds:
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            colour = move.tower.name.lower()
            stamp = f"14/03/2024 21:{len(out) % 60:02d}  {names[p.side.value]}:  "
            if p.kind is PlyKind.FORFEIT:
                out.append(f"{stamp}{colour} is stuck, pass")
                continue
            origin, target = square_name(move.origin), square_name(move.target)
            landing = move.square_colour.name.lower() if move.square_colour is not None else ""
            way = "diag" if move.direction is not Direction.FORWARD else "straight"
            if rng.random() < 0.5:
                out.append(f"{stamp}ok so my {colour} has to move. {origin} to {target}, {numbers[move.distance]} {way}. {target} is {landing}")
            else:
                out.append(f"{stamp}{colour} {origin} {rng.choice(['all the way across', 'over', 'way over'])} to {target}")
    return "\n".join(out) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), chat=st.integers(0, 10_000))
def test_moves_texted_with_their_landing_said_again_or_words_between_their_squares(seed: int, chat: int) -> None:
    """A square said again after the move that lands on it (``f8 to e7, one diag. e7 is
    blue``) is that move's, never the next one's: no move starts or ends where the last
    one stands; a tower, its square, words, then ``to`` and a square is a move from the
    first square to the second (``blue g1 all the way across to a7``)."""
    original = written(seed, Form.COORDS, "en", target=1)
    assert_read_as(texted(original, random.Random(chat)), original)


def as_tuples(text: str, rng: random.Random) -> str:
    """``text`` (coordinates, one round) as a hobby programmer's list in a notebook:
    ``("B", "b8", "d6"),`` a move, ``("G", "pass"),  # red stuck on d2`` a forfeit with
    a comment naming the blocked tower and where it stands."""
    out = ["game = ["]
    for rr in replay_match(only_match(text)).rounds:
        for p in rr.plies:
            move = p.move
            assert move is not None and move.tower is not None
            side = "BG"[p.side.value]
            if p.kind is PlyKind.FORFEIT:
                comment = f"  {' ' * rng.randint(0, 12)}# {move.tower.name.lower()} {rng.choice(['stuck', 'blocked'])} on {square_name(move.origin)}"
                out.append(f'    ("{side}", "pass"),{comment if rng.random() < 0.8 else ""}')
            else:
                out.append(f'    ("{side}", "{square_name(move.origin)}", "{square_name(move.target)}"),')
    out.append("]")
    return "\n".join(out) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), spacing=st.integers(0, 10_000))
@example(seed=29, spacing=0)  # (a forfeit)
def test_a_programs_list_of_quoted_squares_reads_as_the_moves(seed: int, spacing: int) -> None:
    """Two squares each in quotes, a comma apart (``("B", "b8", "d6")``: a program's
    list of strings) are a move's from and to, as two squares a blank apart after a
    tower are; a comment after a forfeit naming the blocked tower and its square
    (``("B", "pass"),   # blue stuck on h2``) says that forfeit again, however far the
    comment stands from it."""
    original = written(seed, Form.COORDS, "en", target=1)
    assert_read_as(as_tuples(original, random.Random(spacing)), original)


def test_a_speakers_initial_before_a_colon_is_no_evidence() -> None:
    """``Priya R:`` is a chat's speaker (a name, an initial, a colon), not Red or Right:
    the initial is set aside; a letter before a colon that follows no name stays what
    it is (``N: verde``, a side's label; ``R: red``, a key)."""
    from kamisado_notation.notation.kmr.evidence import clues

    def kinds(text: str) -> list[tuple[str, str]]:
        return [(c.kind, text[c.start : c.end]) for c in clues(text)]

    assert ("ASIDE", "R") in kinds("14/03/2024 21:15  Priya R:  blue g1 to a7")
    assert ("ASIDE", "B") in kinds("Leo B: red forward 3 pink")
    assert kinds("1. N: verde, dreapta 3 → mov")[1] == ("COLOUR", "N")
    assert kinds("R: red")[0][0] != "ASIDE"


#: Ranks as a voice transcript writes them.
SPOKEN_RANKS = {"en": ["one", "two", "three", "four", "five", "six", "seven", "eight"], "de": ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"]}


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(sorted(SPOKEN_RANKS)))
@example(seed=29, lang="de")  # (a forfeit: 'E zwei nach E zwei')
def test_squares_dictated_as_a_capital_and_a_number_word_read_as_squares(seed: int, lang: str) -> None:
    """A voice transcript writes a square as its file's capital and its rank's word
    (``D acht nach D fünf``, ``B five``): a square, not Blue and a distance of five (the
    capital alone was read as a colour's initial and the word as the distance)."""
    original = written(seed, Form.COORDS, "en", target=1)
    ranks = SPOKEN_RANKS[lang]
    to = {"en": " to ", "de": " nach "}[lang]
    spoken = on_rows(original, lambda line: re.sub(r"\b([a-h])([1-8])-([a-h])([1-8])\b", lambda m: f"{m[1].upper()} {ranks[int(m[2]) - 1]}{to}{m[3].upper()} {ranks[int(m[4]) - 1]}", line))
    assert spoken != original
    assert_read_as(spoken, original)


def test_a_tower_on_its_square_then_pass_is_its_forfeit() -> None:
    """``bruin zit klem op f7 – pas`` (brown is stuck on f7 – pass): a tower, the square
    it stands on, then a forfeit's word in the same cell is that tower's forfeit, said
    once (the pass was read as a second entry, a move of the other side's tower)."""
    from kamisado_notation.notation.kmr.evidence import read_evidence

    items, _comments, _notes = read_evidence("| 3 || geel R1 → bruin || bruin zit klem op f7 – pas (blijft op geel)", 1)
    entries = [entry for row in items for entry, *_span in row]  # type: ignore[union-attr]
    assert len(entries) == 2
    assert entries[1].origin is not None and square_name(entries[1].origin) == "f7" == square_name(entries[1].target or 0)


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), way=st.sampled_from(["{a}-{b}", "{a} naar {b}", "{a} to {b}"]))
def test_a_note_after_a_rounds_end_that_names_a_move_of_it_in_squares_is_set_aside(seed: int, way: str) -> None:
    """A note after a round's last entry that says one of its moves again in squares
    (``<small>Correctie: in zet 3 stond eerst L2, moet L3 zijn (g2 naar d5)</small>``) names no move
    after the end: set aside, no error (it was the round is over, M7)."""
    original = written(seed, Form.TEXT, "en", target=3)
    replay = replay_match(only_match(original))
    moves = [p.move for p in replay.rounds[0].plies if p.move is not None and p.move.origin != p.move.target]
    a, b = moves[len(moves) // 2].coords().split("-")
    lines = original.splitlines()
    end = next((k for k, line in enumerate(lines) if line.startswith("Round 2")), len(lines))
    noted = "\n".join([*lines[:end], f"<small>13-02: that move was {way.format(a=a, b=b)} — Ineke</small>", *lines[end:]]) + "\n"
    assert_read_as(noted, original)


@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
def test_fix_of_a_file_reads_the_key_before_its_first_round(seed: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """``fix`` of a file reads the key written before the first round with it, as
    ``validate`` does (it fixed the text before the first match apart, so the match was
    read without the key and written with its letters taken for squares)."""
    from kamisado_notation.checking.fix import fix_file

    original = written(seed, Form.TEXT, "en", target=1)
    path = tmp_path_factory.mktemp("fix") / "protocol.txt"
    path.write_text(swedish_protocol(original, OTHER_KEYS[0]), encoding="utf-8")
    fixed = "".join(part.text for part in fix_file(str(path)))
    assert moves_of(fixed) == moves_of(original), fixed


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), noise=st.integers(0, 10_000))
def test_a_scans_letters_for_a_ranks_digit_read_as_the_digit(seed: int, noise: int) -> None:
    """A scan's text recognition writes a rank's 5 as ``S`` and its 1 as ``l`` (``f8-fS``,
    ``g3-el``): in a move in squares whose other square is whole, the letter is that
    digit (the move was a syntax error, and the rounds after it unread)."""
    original = written(seed, Form.COORDS, "en", target=3)
    rng = random.Random(noise)

    def scanned(m: re.Match[str]) -> str:
        a, b = m[1], m[2]
        if rng.random() < 0.5:
            b = b[0] + b[1].translate(str.maketrans("51", "Sl"))
        else:
            a = a[0] + a[1].translate(str.maketrans("51", "Sl"))
        return f"{a}-{b}"

    scan = on_rows(original, lambda line: re.sub(r"\b([a-h][1-8])-([a-h][1-8])\b", scanned, line))
    assert_read_as(scan, original)


def counted_rows(text: str) -> str:
    """``text`` as a Hungarian club's spreadsheet export: a cell a slot, each row led by
    the round's number and the ply's counted through the round, a row for each fill
    (``2;;;;;;;;;feltöltés jobbról``) and one that says who won with which tower and the
    score (``1;;;;;;;;;nyert: Réka (kék) +1 -> 0:1``), no Round lines."""
    out = ["Kamisado klubbajnokság 2024;;;;;;;;;", "Forduló;Lépés;Játékos;Torony;Honnan;Hová;Irány;Lépésszám;Mező színe;Megjegyzés"]
    score = {"BLACK": 0, "GOLD": 0}
    names = {"BLACK": "Bence", "GOLD": "Réka"}
    for rr in replay_match(only_match(text)).rounds:
        if rr.fill is not None:
            out.append(f"{rr.number};;;;;;;;;feltöltés {'balról' if rr.fill.value == 'left' else 'jobbról'}")
        words = [""]
        for ply, p in enumerate((p for p in rr.plies if p.move is not None and p.kind is not PlyKind.BACK), 1):
            words = p.move.text("text", "hu").split()  # type: ignore[union-attr]
            start, end = p.move.coords().split("-")  # type: ignore[union-attr]
            slots = f"{words[1]};{words[2]};{words[3]};" if len(words) == 4 else ";0;;blokkolva"
            out.append(f"{rr.number};{ply};{names[p.side.name]};{words[0]};{start};{end};{slots}")
        if rr.result is not None:
            score[rr.result.winner.name] += rr.result.points
            out.append(f"{rr.number};;;;;;;;;nyert: {names[rr.result.winner.name]} ({words[0]}) +{rr.result.points} -> {score['BLACK']}:{score['GOLD']}")
    return "\n".join(out) + "\n"


@pytest.mark.reads_again
@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
def test_a_spreadsheets_counters_in_a_rows_first_cells_are_no_distances(seed: int) -> None:
    """A spreadsheet's rows led by counters in cells of their own (``2;1;Bence;rózsaszín;
    a8;a5;előre;3;rózsaszín``: round 2, ply 1): the numbers before the row's first other cell are its
    counters, not distances (read so, a round's first move was read from them and the
    round's result row, and every round after it was left unjudged)."""
    original = written(seed, Form.TEXT, "en", target=3)
    rows = counted_rows(original)
    (match,) = validate_text(rows).matches
    truth = [rr.result.winner for rr in replay_match(only_match(original)).rounds if rr.result is not None]
    assert [r.winner for _n, r in match.rounds if r is not None] == truth, rows


def test_a_forfeits_word_inside_a_sentence_is_no_evidence() -> None:
    """``ce mois-ci pas de position inventée``: French *pas* (not) is the Dutch and French
    forfeit's word, but with a word that is no evidence right before and right after it
    it is a sentence's, set aside (it was read as a forfeit, a round's first entry);
    after a square and a dash, or after a tower, it stays a forfeit."""
    from kamisado_notation.notation.kmr.evidence import clues

    def passes(text: str) -> list[str]:
        return [text[c.start : c.end] for c in clues(text) if c.kind == "PASS"]

    assert passes("Chers lecteurs, ce mois-ci pas de position inventée") == []
    assert passes("bruin zit klem op f7 – pas (blijft op geel)") == ["pas"]
    assert passes("Brown pass") == ["pass"]


def test_a_list_of_six_colours_or_more_each_once_is_no_move() -> None:
    """``Abbrevs: org blu pur pnk yel red grn brn`` (a key's list), ``Rangée 8 : bleue,
    violette, rose, marron, verte, rouge`` (a lineup): six colours or more in a row, each
    named once, are a list, no entry (the last of them was read with the words after it
    as a move, the match's first); moves written as colours alone name them in pairs."""
    from kamisado_notation.notation.kmr.evidence import read_evidence

    def entries(text: str) -> int:
        items, _comments, _notes = read_evidence(text, 1)
        return sum(len(row) for row in items)  # type: ignore[arg-type]

    assert entries("> Abbrevs: org blu pur pnk yel red grn brn. Squares when I bothered") == 0
    assert entries("Rangée 8 (de a à h) : bleue, violette, rose, marron, verte, rouge,") == 0
    assert entries("Red Forward 3 Blue, Blue Left 2 Red") == 2


#: A colour as one kanji, as a Japanese record writes a tower.
KANJI = {"ORANGE": "橙", "BLUE": "青", "PURPLE": "紫", "PINK": "桃", "YELLOW": "黄", "RED": "赤", "GREEN": "緑", "BROWN": "茶"}


#: The squares' names.
SQUARE_NAMES = [f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)]


@given(glyph=st.sampled_from([*KANJI.values(), "탑", "빨강"]), to=st.sampled_from(SQUARE_NAMES), frm=st.sampled_from(SQUARE_NAMES))
def test_a_square_written_against_a_glyph_is_a_square(glyph: str, to: str, frm: str) -> None:
    """A record in a script with no blanks between words writes the tower's glyph against
    the square it goes to, the square it left in brackets (``赤f4(f8)``, as a shogi
    program's record writes a move): both squares are squares (``f4`` was the letter
    ``f``, forward, and a distance of 4)."""
    from kamisado_notation.notation.kmr.evidence import clues

    text = f"{glyph}{to}({frm})"
    found = [(c.kind, text[c.start : c.end]) for c in clues(text) if c.kind in ("SQUARE", "COORDS", "DISTANCE", "DIRECTION")]
    assert found == [("SQUARE", to), ("SQUARE", frm)]


@pytest.mark.reads_again
def test_a_japanese_record_in_a_shogi_programs_form_is_read() -> None:
    """Each move a glyph and its squares, gone to before left (``赤f4(f8)``): the legal
    moves say which square is which, and the match reads as its moves."""
    original = written(0, Form.COORDS, "en", target=3)
    plies = iter([p for rr in replay_match(only_match(original)).rounds for p in rr.plies if p.move is not None])  # (a push's tower sent back too)

    def glyphs(match: re.Match[str]) -> str:
        move = next(plies).move
        assert move is not None and move.tower is not None and move.coords() == match[0]
        return f"{KANJI[move.tower.name]}{match[2]}({match[1]})"

    kif = on_rows(original, lambda line: re.sub(r"\b([a-h][1-8])-([a-h][1-8])\b", glyphs, line))
    assert "(" in kif and errors(kif) == [], kif
    assert moves_of(fix_text(kif).text) == moves_of(original)
    (match,) = validate_text(kif).matches
    assert [r.winner.title if r else None for _n, r in match.rounds] == list(winners(original).values())


def test_a_numeral_glyph_inside_a_word_is_no_distance() -> None:
    """A number's glyph that another glyph follows is part of a word (``一本勝負``, a
    one-round match; ``一手目``, the first move), not a distance (a blog's title read as
    brown, straight, one: a move); before a counter of squares (``三マス``, ``三つ``) or
    alone after a direction (``まっすぐ三``) it is one."""
    from kamisado_notation.notation.kmr.evidence import clues

    def distances(text: str) -> list[int | None]:
        return [c.number for c in clues(text) if c.kind == "DISTANCE"]

    assert distances("カミサド一本勝負、茶色がまっすぐ駆け抜けた話") == []
    assert distances("一手目") == []
    assert distances("右斜め三マス") == distances("右斜めに三つ") == distances("まっすぐ三") == distances("三칸") == [3]


def test_a_korean_one_syllable_direction_is_one_only_alone() -> None:
    """Korean shorthand writes left and right as one syllable before the distance
    (``보라 우1``, ``갈색 좌2``): directions; the same syllable starting a longer word is
    none (``우리``, we; ``좌석``, a seat). A round's heading says its fill with a
    particle written against the word (``## 3판 (서연 선택: 왼쪽부터)``: from the left)."""
    from kamisado_notation.notation.kmr.evidence import clues

    def directions(text: str) -> list[Direction | None]:
        return [c.direction for c in clues(text) if c.kind == "DIRECTION"]

    assert directions("보라 우1") == [Direction.RIGHT]
    assert directions("갈색 좌2 (c8 도착)") == [Direction.LEFT]
    assert directions("우리는 좌석에 앉았다") == []
    original = written(5, Form.TEXT, "en", target=3)
    korean = re.sub(r"(?m)^Round (\d+) fill (left|right)$", lambda m: f"## {m[1]}판 (서연 선택: {'왼쪽' if m[2] == 'left' else '오른쪽'}부터)", original)
    assert korean != original
    assert_read_as(korean, original)


#: Round headings as people write them in other languages, the number before the word for
#: a round and the fill in prose ({n}: the number; {side}: the fill's word).
HEADINGS = {
    "cs": ("{n}. kolo (Marek vybral doplnění {side})", {"left": "zleva", "right": "zprava"}),
    "pl": ("{n}. runda – uzupełnienie: {side}", {"left": "lewa", "right": "prawa"}),
    "de": ("{n}. Runde ({side} auffüllen)", {"left": "links", "right": "rechts"}),
    "fr": ("Manche {n}, remplissage par la {side}", {"left": "gauche", "right": "droite"}),
}


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(sorted(HEADINGS)))
def test_a_round_heading_with_the_number_first_and_the_fill_in_prose_is_a_round_line(seed: int, lang: str) -> None:
    """``2. kolo (Marek vybral doplnění zleva)``: an ordinal's number before the word for a
    round, as the Slavic languages, the Nordic ones and German write it, and the fill in
    prose after another language's word for it, is that round's ``Round`` line (it was
    no heading, and the round ran on into the one before)."""
    original = written(seed, Form.TEXT, "en", target=3)
    shape, sides = HEADINGS[lang]

    def heading(m: re.Match[str]) -> str:
        return shape.format(n=m[1], side=sides[m[2]])

    headed = re.sub(r"(?m)^Round (\d+) fill (left|right)$", heading, original)
    assert headed != original or "fill" not in original
    assert_read_as(headed, original)


def _rounds_said_in_prose(original: str) -> str:
    """``original`` without its headers, each ``Round N fill X`` line a heading and a
    sentence saying the fill (``ROUND 2`` / ``Gold picked right. Black starts.``)."""
    body = original[original.index("Round 1") :]
    return re.sub(r"Round (\d+) fill (left|right)", lambda m: f"ROUND {m[1]}\nThe winner picked {m[2]} this time.", body)


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_a_letter_with_a_match_in_squares_that_says_chess_style_is_read(seed: int, tmp_path: Path) -> None:
    """A parent's mail: a sentence naming chess (``written "chess`` / ``style" like you
    asked``, its quote closed on the next line), the moves in squares, each round's fill
    said in a sentence under its heading. It is a Kamisado record (a game named deep in
    a sentence is no title), the sentence with the open quote is prose (no error), and a
    fill said in prose as the moves have it is a warning, not an error."""
    original = written(seed, Form.COORDS, "en")
    letter = (
        "Hi Dad,\n\nAs promised, here's the kids' match from this afternoon, written \"chess\n"
        "style\" like you asked so you can set it up on your own board.\n\n"
    )
    path = tmp_path / "letter.txt"
    path.write_text(letter + _rounds_said_in_prose(original), encoding="utf-8")
    report = validate_file(str(path))
    assert [d.format("t") for d in report.all_diagnostics() if d.severity is ERROR] == []
    prose = [d for d in report.all_diagnostics() if d.rule == "F1"]
    assert prose and all("in prose" in d.message and d.severity is not ERROR for d in prose)
    assert winners(path.read_text(encoding="utf-8")) == winners(original)


def test_a_fill_said_in_prose_against_the_moves_is_still_an_error() -> None:
    """The sentence under a round's heading names the other fill than the moves have:
    no evidence for the fill, the error stands (with the moves' fill as correction)."""
    original = written(5, Form.TEXT, "en")
    wrong = re.sub(
        r"Round (\d+) fill (left|right)", lambda m: f"Round {m[1]}\n# picked {'left' if m[2] == 'right' else 'right'}", original
    )
    f1 = [d for d in validate_text(wrong).all_diagnostics() if d.rule == "F1"]
    assert f1 and all(d.severity is ERROR and "in prose" not in d.message for d in f1)


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), shape=st.sampled_from(["## Rownd {n} (llenwi o'r {f})", "Ronda {n} (omplir per {f})"]))
def test_a_rounds_heading_with_an_article_before_an_apostrophe_names_its_fill(seed: int, shape: str) -> None:
    """``Rownd 3 (llenwi o'r chwith)`` (Welsh: *fill from the left*), ``Ronda 2 (omplir
    per l'esquerra)`` (Catalan): the fill is the side named, a short word before an
    apostrophe (``o'r``, *from the*) is no side (before session 32 its ``r`` was read as
    right, the heading named both fills and was no heading)."""
    original = written(seed, Form.TEXT, "en", target=3)
    sides = {"Rownd": ("chwith", "dde"), "Ronda": ("l'esquerra", "la dreta")}[shape.split()[0 if shape[0] != "#" else 1]]

    def heading(m: re.Match[str]) -> str:
        return shape.format(n=m[1], f=sides[m[2] == "right"]) if m[2] else m[0]

    text = re.sub(r"(?m)^Round (\d+)(?: fill (left|right))?$", heading, original)
    assert moves_of(text) == moves_of(original), text
    assert winners(text) == winners(original)



def test_a_rows_number_after_a_quote_mark_is_no_distance() -> None:
    """A row's number after a mail's quote mark (``> 1. Red Forward 6 Pink``) is the row's,
    as it is at the line's start: ``>`` may be an arrow, but a number with a full stop after
    it ends no sentence (a fresh clone's random profile read ``1`` as a distance there, and
    the sides of a whole quoted match shifted by one move). After a direction's word it is
    a sentence's last word, the distance (``Purple, left, 1. Lands on green.``)."""
    from kamisado_notation.notation.kmr.evidence import clues

    def distances(text: str) -> list[int | None]:
        return [c.number for c in clues(text) if c.kind == "DISTANCE"]

    assert distances("> 1. Red Forward 6 Pink   Pink Left 4 [Pink]") == distances("1. Red Forward 6 Pink   Pink Left 4 [Pink]") == [6, 4]
    assert distances("> 3. Pink Right 3 Blue") == [3]
    assert distances("Purple, left, 1. Lands on green.") == [1]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), shape=st.sampled_from(["ROUND {n} — Bea picks, {f} again, Bea starts.", "Round {n}: Ana chose {f}", "ROUND {n} — {F} this time"]))
def test_a_rounds_heading_that_names_the_side_chosen_without_fill_says_its_fill(seed: int, shape: str) -> None:
    """A round's heading in prose that names the side the loser chose but not the word
    ``fill`` (``ROUND 4 — Priya picks, right again``, found in a blind set) is the round's
    heading with that fill: no syntax error at its dash, and every round read as written."""
    original = written(seed, Form.TEXT, "en", target=3)
    lines = []
    for line in original.splitlines():
        words = line.split()
        if line.startswith("Round") and len(words) > 3:
            line = shape.format(n=words[1], f=words[3], F=words[3].upper())
        lines.append(line)
    text = "\n".join(lines) + "\n"
    assert errors(text) == []
    assert moves_of(text) == moves_of(original)
    assert winners(text) == winners(original)


@pytest.mark.parametrize(
    ("header", "line", "side"),
    [
        (["Black: Priya", "Gold: Tamas"], "Tamas wins with the green!", "GOLD"),
        (["Dorota (Black) vs Yusuf (Gold)"], "round 2 — Dorota won it", "BLACK"),
        (['[Black "Kofi Asante"]', '[Gold "Wen Li"]'], "Kofi wins", "BLACK"),
        (["Black: Priya", "Gold: Tamas"], "Priya and Tamas both thought they had won", None),
        (["Black: Priya", "Gold: Priya"], "Priya wins", None),  # (one name for both sides: no side)
        (["Black: Pink Red Blue"], "Pink wins", None),  # (a lineup, no player)
        ([], "Tamas wins", None),
    ],
)
def test_a_winners_line_names_the_side_by_its_players_name(header: list[str], line: str, side: str | None) -> None:
    """A line saying who won names a side by its player's name where the record says the
    side of that name (before session 36 only a side's word counted)."""
    said = winner_in(line, players_sides([*header, line]))
    assert (said.name if said is not None else None) == side


@pytest.mark.parametrize("said", ["Red F two", "red f two", "Red, f eight to f two", "red goes to F two"])
def test_a_square_said_in_words_is_a_square_after_a_tower_too(said: str) -> None:
    """A square as speech to text writes it (its file's letter, its rank's word) after a
    tower is that square, not the short form's Forward (``Red F two`` was a traceback
    before session 39: the short form took the rank's word for a digit)."""
    text = f"Round 1\n{said}\n"
    assert moves_of(text) == [[(61, 13, 6)]]  # (Black's red, f8 to f2)
    assert validate_text(text).valid


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    shape=st.sampled_from(["ROUND {n} ({remark}, I start)", "Round {n} (fill {f}, {remark})", "Round {n} [{remark}, she starts]", "ROUND {n} (fill {f}, {remark}, again)"]),
    remark=st.sampled_from(["normal setup", "standard", "after a long think", "Jan chose"]),
)
def test_a_rounds_heading_with_a_remark_in_brackets_past_a_comma_is_a_round_line(seed: int, shape: str, remark: str) -> None:
    """A round's heading whose remark in brackets goes on past a comma (``ROUND 1 (normal
    setup, I start)``, found in a blind set's forum thread) is the round's line, its fill
    read where the brackets name one: no syntax error at the bracket, every round read as
    written (before session 44 the bracket that did not close within three words made
    the line an error)."""
    original = written(seed, Form.TEXT, "en", target=3)
    lines = []
    for line in original.splitlines():
        words = line.split()
        if line.startswith("Round") and (len(words) > 3 or "{f}" not in shape):
            line = shape.format(n=words[1], f=words[3] if len(words) > 3 else "", remark=remark)
        lines.append(line)
    text = "\n".join(lines) + "\n"
    assert errors(text) == []
    assert moves_of(text) == moves_of(original)
    assert winners(text) == winners(original)


@pytest.mark.parametrize(
    ("line", "corrects"),
    [
        ("> Aquí no. Fue a8-e4, y cayó en naranja.", True),  # (a reply between the quoted lines: not here, it was …)
        ("Nein, rot a1-a5", True),
        ("No! red a1-a4", True),
        ("*a2", True),  # (a chat's star before what was meant)
        ("*g8-a2 grün", True),
        ("No. 3 red a1-a4", False),  # (a number's abbreviation)
        (" No. |  BLACK  (tower / move)", False),  # (a table's heading)
        ("red a1-a4 no.", False),  # (after the move: no correction of the one before)
        ("no red a1-a4", False),
        ("*Green* a1-a5", False),  # (emphasis)
        ("* red a1-a5", False),  # (a list's mark)
        ("Brown* a1", False),  # (a sumo's mark)
    ],
)
def test_a_word_or_mark_of_correction_is_told_from_its_look_alikes(line: str, corrects: bool) -> None:
    """A word for "no" that ends a sentence before a line's move, and a chat's star
    glued to a square, correct the move before (session 45); the same words and marks
    elsewhere do not."""
    assert any(c.kind == "AMEND" for c in clues(line)) is corrects


@pytest.mark.parametrize(
    ("line", "evidence"),
    [
        ("21:05:42.650 [INFO ] === round 5 === (winner fills from LEFT)", ["LEFT"]),  # (a round's number, in a log's line)
        ("round 5 over: GOLD reached home row", []),
        ("Game #2: blue left 3", ["blue", "left", "3"]),
        ("Runde Nr. 2 – blau links 3", ["blau", "links", "3"]),
        ("round two, blue left three", ["blue", "left", "three"]),
        ("RD 3", ["RD", "3"]),  # (red's code, not a round's short name)
        ("ごめんh3じゃなくてh1！ h8→h1", ["h1", "h8→h1"]),  # (sorry, not h3 but h1)
        ("sorry, not h3 but h1! h8-h1", ["h1", "h8-h1"]),
        ("nicht rot, sondern blau a1-a4", ["blau", "a1-a4"]),
        ("red could not move, blue a1-a4", ["red", "blue", "a1-a4"]),  # (nothing said again after it: nothing rejected)
        ("not h3", ["h3"]),
        ("First the good news: for a one-round game that was fine", []),  # (an article and a compound: no square a1)
        ("then e two-e four", ["e two", "e four"]),
        ("start rows copied from the sheet (a8..h8, then a1..h1)", []),  # (a home row's squares as a range: no move)
        ("then e2..e4 again", ["e2..e4"]),  # (a range down a file may be a move's way)
        ("Jaune de H5… G4, F3, E2, D1. Et voilà.", ["Jaune", "H5"]),  # (a way square by square: one clue of its two ends)
        ("2024-05-11 19:02:40.220 INFO [table-7] ply 4 GOLD YEL e8->d7 dir=R n=1 sq=GRN", ["YEL", "e8->d7", "R", "1", "GRN"]),  # (a log's fields)
        ("[table-7] END winner=GOLD reason=HOME_ROW pts=1 score=B0:G1", []),
        ("Zug 12: Rot links 3", ["Rot", "links", "3"]),
        ("& a & b & c & d & e & f & g & h\\\\\\hline", []),  # (a diagram's files, TeX's row end)
        ("5 & Sophie & \\tw{Blue} & b8--h2\\ \\dl6 & \\tw{Red}\\\\", ["Blue", "b8--h2", "6", "Red"]),
        ("\\definecolor{kPink}{HTML}{F4A6C6}", ["kPink"]),  # (a colour in hex: no square F4)
        ("Red left-3", ["Red", "left", "3"]),
        ("KAMISAD0  -  0FFICIAL SC0RE SHEET", []),  # (a scan's words with an O read 0)
        ("BLACK (p1ayer): Ravi Chandran", []),  # (an l read 1)
        ("4 | Ye1low e8-e6 | Purple g2-a8", ["Ye1low", "e8-e6", "Purple", "g2-a8"]),
        ("Rd1 c1-c4", ["Rd", "1", "c1-c4"]),  # (a code and a number: no misread word)
    ],
)
def test_a_rounds_number_a_rejected_slot_and_a_way_are_told_apart_from_a_moves_slots(line: str, evidence: list[str]) -> None:
    """A number right after a round's name is the round's (session 46: an engine's log
    lost its last round to ``round 5`` read as a distance); a slot a word for "not"
    rejects, where the line says it again, is no evidence (a chat's ``ごめんh3じゃなくてh1``
    read ``h3`` as a move as likely as ``h1``); a way said square by square is one clue of
    its two ends."""
    slots = {"COLOUR", "DIRECTION", "DISTANCE", "SQUARE", "COORDS", "AMBIGUOUS"}
    assert [line[c.start : c.end] for c in clues(line) if c.kind in slots] == evidence


def test_a_way_said_square_by_square_names_the_move_from_its_first_square_to_its_last() -> None:
    """The clue a way stands for says both of its squares (``H5… G4, F3, E2, D1``: h5-d1)."""
    (way,) = [c for c in clues("Jaune de H5… G4, F3, E2, D1.") if c.kind == "COORDS"]
    assert way.squares == (parse_square("h5"), parse_square("d1"))


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), way=st.sampled_from(["from: {a}, to: {b}", "from: {a}; to: {b} |", "van: {a}, naar: {b};", "{a}, to: {b}"]))
@example(seed=48, way="from: {a}, to: {b}")  # (a random profile, session 54: 'a6   from: b7, to: c8' read as a way a6, b7, c8 a tower passed over)
def test_a_moves_squares_written_as_fields_are_one_move(seed: int, way: str) -> None:
    """A move's two squares as an app's form writes them, each a field's value
    (``from: g8, to: g3``; ``van: g8, naar: g3``): the square after the field labelled
    with a word for "to" is where the move from the square before went (before session 54
    they were read as two lone squares, the first a move's target: no round was judged)."""
    original = written(seed, Form.COORDS, "en", target=1)
    fields = on_rows(original, lambda line: re.sub(r"\b([a-h][1-8])-([a-h][1-8])\b", lambda m: way.format(a=m[1], b=m[2]), line))
    assert fields != original
    assert_read_as(fields, original)


def test_a_moves_way_may_hold_a_comma_and_markup() -> None:
    """A comma is a pause on a move's way and a tag markup on it: one move between the
    two squares (a bridge columnist's ``from the corner, h8, straight down three squares
    to <b>h5</b>``); but a comma with a side's word or one that joins two clauses on the
    way starts another clause, and the squares stay apart."""
    for said, (a, b) in [
        ("h8, straight down three squares to <b>h5</b>.", ("h8", "h5")),
        ("went from e8 two squares diagonally to her right, to c6, an orange square", ("e8", "c6")),
    ]:
        (way,) = [c for c in clues(said) if c.kind == "COORDS"]
        assert way.squares == (parse_square(a), parse_square(b)), said
    assert [c.kind for c in clues("h8, then Gold went three squares to h5") if c.kind in ("COORDS", "SQUARE")] == ["SQUARE", "SQUARE"]
