"""Reading against the legal moves (docs/record-decisions.md, "Read against the moves"):
a record's words lined up with a match the rules allow, the moves deciding what each
piece of text says.

The properties write generated matches (the truth known) as a stranger might: the
entries' words in one of the notation's languages or short forms, in no rows, without
``Round`` lines, run together with chatter that says nothing of a move, some entries
leaving out the square's colour. Whatever is read must be the truth: a round judged is
the truth's round, move for move, never another match that fits the words as well.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.aligned import Order, align_lines, pieces_of
from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import PlyKind, replay_match
from kamisado_notation.checking.validate import first_reading_only, validate_text
from kamisado_notation.diagnostics import ERROR, Kind
from kamisado_notation.engine.board import Direction, Side, square_name
from kamisado_notation.engine.moves import Move
from kamisado_notation.notation.writer import Form
from tests.support.paths import ROOT
from tests.support.slips import moves_of, only_match, winners, written

WORDS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.TEXT, "pt"), (Form.TEXT, "ro"), (Form.TEXT, "ru")]
#: The short form too, whose letters are weak clues (``R`` is Red or Right, ``F3`` a
#: square or Forward 3): a round may be left unjudged, never judged wrong.
pytestmark = pytest.mark.reads_again

LANGS = [*WORDS, (Form.SHORT, "en")]
#: What people write between entries that says nothing of a move.
CHATTER = [" then ", "; ", "\n", " / ", " -- ok -- ", "\n(thinking)\n", " and ", "\nAnna: ", "\n[19:04] ", ", ", " 👍 "]


def truth(seed: int, target: int) -> list[list[Move]]:
    """The moves of each round of a generated match, back-entries left out."""
    match = only_match(written(seed, Form.TEXT, "en", target))
    return [[p.move for p in rr.plies if p.move is not None and p.kind is not PlyKind.BACK] for rr in replay_match(match).rounds]


def played(rounds: list[list[Move]]) -> list[list[Move]]:
    """``rounds`` without the forfeits that end a round in a deadlock: the rules end it
    at the move that leaves both towers to move blocked, written or not."""
    out = []
    for moves in rounds:
        end = len(moves)
        while end and not moves[end - 1].distance:
            end -= 1
        out.append(moves[:end])
    return out


def stranger(rounds: list[list[Move]], rng: random.Random, form: Form, lang: str, left_out: float) -> str:
    """``rounds`` written as words in ``form`` and ``lang``, run together with chatter, no
    round or row marked; an entry leaves its square's colour out with chance ``left_out``."""
    out = ["Kamisado with Anna, Sunday\n"]
    for moves in rounds:
        for move in moves:
            words = move.text(form.value, lang).split()
            if len(words) == 4 and rng.random() < left_out:
                words = words[:3]
            out.append(" ".join(words))
            out.append(rng.choice(CHATTER))
        out.append("\nnext one!\n")
    return "".join(out)


def read(text: str) -> list[list[Move]]:
    """The rounds judged of ``text``, as :func:`played` writes them."""
    alignment = align_lines(text.splitlines())
    assert alignment is not None
    return played([r.moves for r in alignment.judged])


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(WORDS), st.randoms(use_true_random=False))
def test_property_whole_entries_among_chatter_read_as_the_truth(seed: int, lang: tuple[Form, str], rng: random.Random) -> None:
    rounds = truth(seed, 3)
    assert read(stranger(rounds, rng, *lang, left_out=0.0)) == played(rounds)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(LANGS), st.randoms(use_true_random=False))
@example(seed=3531, lang=(Form.SHORT, "en"), rng=random.Random(0))
@example(seed=0, lang=(Form.TEXT, "en"), rng=random.Random(1))
def test_property_a_round_judged_is_the_truths_round_whatever_is_left_out(seed: int, lang: tuple[Form, str], rng: random.Random) -> None:
    rounds = truth(seed, 3)
    got = read(stranger(rounds, rng, *lang, left_out=0.5))
    assert got == played(rounds)[: len(got)]


def test_a_round_ended_in_a_deadlock_is_the_round_whether_its_forfeits_are_read_or_not() -> None:
    """Found by the random profile (seed 130): the fourth round ends in a deadlock, its
    two forfeits written (``Pink 0 Brown then Brown 0 Pink``). The reading ends the round
    at the move that blocks both towers, as the rules do; the round and its result are
    the truth's."""
    text = (
        "Kamisado with Anna, Sunday\nPurple Forward 3 then Blue Left 1 then Pink Forward 5 Purple then Purple Right 2 Green then "
        "Green Forward 7 Blue then \nnext one!\nRed Forward 5 Purple then Purple Right 2 then Red Left 1 then Green Forward 4 then "
        "Pink Forward 6 then Brown Forward 7 then \nnext one!\nBrown Forward 3 then Green Left 2 then Red Forward 1 then Orange Right 1 "
        "then Pink Forward 2 then Green Forward 1 then Orange Left 2 then Purple Left 4 then Purple Forward 6 then Red Left 1 then "
        "Purple Right 1 then \nnext one!\nPurple Left 4 then Orange Right 3 then Pink Right 6 then Brown Left 3 then Brown Forward 3 "
        "then Brown Left 2 then Pink 0 Brown then Brown Right 1 then Pink 0 Brown then Brown 0 Pink then \nnext one!\n"
    )
    alignment = align_lines(text.splitlines())
    assert alignment is not None
    replay = replay_match(only_match(written(130, Form.TEXT, "en", 3)))
    assert played([r.moves for r in alignment.judged]) == played(truth(130, 3))
    assert [r.result for r in alignment.judged] == [rr.result for rr in replay.rounds]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=2292, rng=random.Random(0))
def test_property_validation_judges_no_round_otherwise_than_the_truth(seed: int, rng: random.Random) -> None:
    rounds = truth(seed, 3)
    text = stranger(rounds, rng, Form.TEXT, "en", left_out=0.3)
    (match,) = validate_text(text).matches
    truths = [rr.result.winner for rr in replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds if rr.result is not None]
    judged = [r.winner for _n, r in match.rounds if r is not None]
    assert judged == truths[: len(judged)]


#: Lines that explain a record's marks before its entries: words that are clues (a
#: push, one, back, forward), no entry.
LEGENDS = [
    "* = a push: the pushed one goes back one, not written.",
    "key: first move of each round = tower + where it went; forward moves marked fwd",
]


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(LEGENDS), st.randoms(use_true_random=False))
@example(seed=7, legend=LEGENDS[0], rng=random.Random(7))
@example(seed=617, legend=LEGENDS[1], rng=random.Random(0))  # (round 1 ends in a deadlock: M8 says where a round ends)
def test_property_a_legend_before_the_entries_does_not_stop_the_reading(seed: int, legend: str, rng: random.Random) -> None:
    """A legend's words read by their evidence make the first error of the first reading
    (an entry it cannot settle); the reading against the moves sets them aside and
    judges the rounds (a legend stopped every round of a record: the first error's
    words had to be read, as an entry in the notation must)."""
    rounds = truth(seed, 3)
    head, rest = stranger(rounds, rng, Form.TEXT, "en", left_out=0.0).split("\n", 1)
    (match,) = validate_text(f"{head}\n{legend}\n{rest}").matches
    judged = [r for _n, r in match.rounds if r is not None]
    assert judged and [r.winner for r in judged] == [rr.result.winner for rr in replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds if rr.result is not None][: len(judged)]


#: A draw of :func:`test_property_a_legend_before_the_entries_does_not_stop_the_reading`
#: that a fresh clone's random profile found (session 63; its random source is no seed,
#: so its text is kept): seed 243, the push legend.
LEGEND_DRAW = 'Kamisado with Anna, Sunday\n* = a push: the pushed one goes back one, not written.\nPurple Forward 4 Green then Green Forward 6 Orange then Orange Forward 4 Yellow then Yellow Forward 1 Blue then Blue Left 4 Blue then Blue Left 4 Blue then Blue Left 1 Pink then Pink Forward 2 Red then Red Forward 5 Orange then Orange Forward 1 Red then Red Right 2 Yellow then \nnext one!\nRed Forward 3 Purple then Purple Forward 6 Pink then Pink Right 4 Red then Red Right 5 Brown then Brown Right 1 Orange then Orange Forward 1 Blue then Blue Forward 1 Brown then Brown Right 3 Pink, Pink Forward 2 Brown\nBrown Forward 3 Purple\nAnna: Purple Forward 7 Brown; \nnext one!\nRed Forward 4 Green\n(thinking)\nGreen Right 6 Brown\nBrown Forward 7 Brown\n\nnext one!\nRed Forward 1 Green\n[19:04] Green Left 1 Purple, Purple Forward 2 Pink; Pink Right 4 Yellow, Yellow Right 1 Brown then Brown Forward 3 Pink / Pink Forward 2 Orange / Orange Forward 2 Red\n(thinking)\nRed Forward 6 Yellow and \nnext one!\nPurple Forward 5 Yellow; Yellow Right 2 Orange / Orange Left 1 Brown\n(thinking)\nBrown Forward 1 Orange; Orange Left 1 Blue\nBlue Left 1 Green; Green Forward 1 Blue\n[19:04] Blue Left 1 Purple and Purple Left 2 Yellow and \nnext one!\n'


def test_a_legends_words_are_no_first_move_of_the_round_below_it() -> None:
    """The legend line of :data:`LEGEND_DRAW` (``* = a push: the pushed one goes back one,
    not written.``) says what a sign means, no move: the rounds below it are judged with
    the truth's winners. (Right on 0778b86; from 4e803b9 to session 63 its words were read
    as round 1's first move, and every round was judged with the other winner.)"""
    (match,) = validate_text(LEGEND_DRAW).matches
    judged = [r.winner for _n, r in match.rounds if r is not None]
    truth = [rr.result.winner for rr in replay_match(only_match(written(243, Form.TEXT, "en", 3))).rounds if rr.result is not None]
    assert judged == truth[: len(judged)] and judged



#: How a chat writes a direction.
CHAT_WAYS = {Direction.FORWARD: "fwd", Direction.LEFT: "diag left", Direction.RIGHT: "diag right", Direction.BACK: "back"}
#: Distances as a chat spells them out, now and then.
SPELT = ["zero", "ONE", "two", "three", "four", "five", "six", "seven"]


def chat_entry(move: Move, spelt: bool = False) -> str:
    if not move.distance or move.tower is None or move.direction is None:
        return f"{move.tower.name.lower() if move.tower else 'my tower'} stuck"
    return f"{move.tower.name.lower()} {CHAT_WAYS[move.direction]} {SPELT[move.distance] if spelt else move.distance}"


def corrected_chat(seed: int, typo: int) -> tuple[str, list[Side]]:
    """A chat of a generated match (and its rounds' winners) where entry ``typo`` is
    sent with a wrong distance and sent again, corrected, on the next line (``no wait
    sorry typo, green fwd ONE. lands on brown``)."""
    out, n = ["chat with Dani\n"], 0
    for moves in truth(seed, 3):
        for move in moves:
            who = "Dani" if move.side is Side.BLACK else "Me"  # (a player keeps his side all match)
            if n == typo and move.distance and move.tower is not None and move.direction is not None:
                out.append(f"[12:{n:02d}] {who}: {move.tower.name.lower()} {CHAT_WAYS[move.direction]} {move.distance % 7 + 1}\n")
                out.append(f"[12:{n:02d}] {who}: no wait sorry typo, {chat_entry(move, True)}. lands on {move.square_colour.name.lower()}\n")
            else:
                out.append(f"[12:{n:02d}] {who}: {chat_entry(move)}\n")
            n += 1
    winners = [rr.result.winner for rr in replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds if rr.result is not None]
    return "".join(out), winners


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6))
@example(seed=325, typo=2)  # (the typo legal as written: the round is left unjudged)
# (the typo legal as written: the first reading ended round 1 early with the other winner, the
# rest of the chat after it 'set aside'; more moves after a round's end than a note quotes
# are a round not told apart, an error, and the reading against the moves reads them all)
@example(seed=2545, typo=4)
def test_property_an_entry_corrected_on_the_next_line_never_gives_another_winner(seed: int, typo: int) -> None:
    text, winners = corrected_chat(seed, typo)
    (match,) = validate_text(text).matches
    judged = [r.winner for _n, r in match.rounds if r is not None]
    assert judged == winners[: len(judged)]


def test_an_entry_corrected_on_the_next_line_is_read_as_corrected() -> None:
    """The corrected entry is the move, the first set aside, every round judged: a
    word said twice of the corrected entry (the colour it lands on) is no reason to
    refuse the reading, and a number's word before 'lands on' is the distance."""
    for seed, typo in [(0, 4), (2, 2), (3, 2), (6, 2), (8, 4)]:  # (no round was judged of any)
        text, winners = corrected_chat(seed, typo)
        (match,) = validate_text(text).matches
        assert [r.winner for _n, r in match.rounds if r is not None] == winners


def test_a_stranger_s_record_is_read_and_fix_writes_it_in_our_notation() -> None:
    rounds = truth(7, 3)
    text = stranger(rounds, random.Random(7), Form.TEXT, "de", left_out=0.3)
    first_reading_only()
    try:
        before = validate_text(text)
    finally:
        first_reading_only(False)
    report = validate_text(text)
    (match,) = report.matches
    # (the first reading alone judged fewer rounds before session 35; since then a round
    # left unheaded whose entries leave their landing unsaid starts where the one before
    # ended, and it judges them all)
    assert sum(r is not None for _n, r in match.rounds) == len(rounds) >= sum(r is not None for m in before.matches for _n, r in m.rounds)
    assert match.valid, [d.format("x") for d in match.diagnostics]
    assert any(d.kind is Kind.EVIDENCE for d in match.diagnostics)
    fixed = fix_text(text)
    again = validate_text(fixed.text)
    assert again.valid and [d for d in again.all_diagnostics() if d.severity is ERROR] == []
    assert [[p.move for p in rr.plies if p.move is not None and p.kind is not PlyKind.BACK] for rr in replay_match(only_match(fixed.text)).rounds] == rounds


def test_an_error_in_our_notation_stands() -> None:
    """Text in the notation means what it says: a wrong distance there is an error with
    its correction, not a reading that sets the distance aside."""
    text = written(3, Form.TEXT, "en", 1)
    lines = text.splitlines()
    row = next(k for k, line in enumerate(lines) if line.startswith("2. "))
    lines[row] = lines[row].replace("Forward 1", "Forward 6").replace("Left 1", "Left 6").replace("Right 1", "Right 6")
    if lines[row] == text.splitlines()[row]:  # (no distance of 1 in that row: change the first distance written)
        head, entry = lines[row].split(" ", 1)
        words = entry.split()
        words[2] = "7" if words[2] != "7" else "6"
        lines[row] = head + " " + " ".join(words)
    report = validate_text("\n".join(lines) + "\n")
    (match,) = report.matches
    assert not match.valid
    assert not any(d.kind is Kind.EVIDENCE for d in match.diagnostics)


def test_a_text_with_no_move_is_read_as_none() -> None:
    assert align_lines(["Dear Anna,", "see you on Sunday at the club.", "Bob"]) is None


def test_memory_does_not_grow_with_the_length_of_the_text() -> None:
    """A reading keeps the positions of the last few clues only (an entry is read from
    at most a handful): tracemalloc's peak for a match of seven rounds is about that of
    one of three (3.4x the clues; it was 3x the memory, each reading's chain of
    positions kept to the end: a long pasted record took 169 MB)."""
    import gc
    import tracemalloc

    peaks = []
    for target in (3, 7):
        lines = stranger(truth(5, target), random.Random(0), Form.TEXT, "de", 0.5).splitlines()
        gc.collect()
        tracemalloc.start()
        try:
            assert align_lines(lines) is not None
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    assert peaks[1] < 1.8 * peaks[0], peaks


#: A mail's signature and a quoted question after the record: words that are clues.
SIGNATURE = "\n-- \nWim Claes | TD\n\"The tower on the orange square goes first.\"\n> Wim, could you send the record? the red one went left 3, I think\n"


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=0, rng=random.Random(0))
def test_property_text_after_the_rounds_that_decide_the_match_is_set_aside(seed: int, rng: random.Random) -> None:
    """Words after the last round (a signature, a quoted mail) fit no round with
    certainty: where the rounds read decide the match, they are set aside with a warning,
    not an unjudged round's error; where the headers say the match goes on (a Marathon
    Match header), nothing says the match was decided."""
    rounds = truth(seed, 3)
    text = stranger(rounds, rng, Form.TEXT, "en", left_out=0.3) + SIGNATURE
    (match,) = validate_text(text).matches
    judged = sum(r is not None for _n, r in match.rounds)
    if judged == len(rounds):  # (all read: nothing after them is an error)
        assert match.valid, [d.format("x") for d in match.diagnostics]
    (longer,) = validate_text('[Match "Marathon"]\n' + text).matches
    assert not any(d.kind is Kind.SET_ASIDE and "decide the match" in d.message for d in longer.diagnostics)


def test_a_signature_after_a_decided_match_is_set_aside() -> None:
    for seed in (0, 1, 3):  # (each was invalid: "round 6 is not judged" at the signature)
        text = stranger(truth(seed, 3), random.Random(seed), Form.TEXT, "en", left_out=0.3) + SIGNATURE
        (match,) = validate_text(text).matches
        assert match.valid, [d.format("x") for d in match.diagnostics]
        assert any(
            (d.kind is Kind.SET_ASIDE and "after round" in d.message) or (d.kind is Kind.STRUCK_ENTRY and "after the round's end" in d.message)
            for d in match.diagnostics
        )  # (the reading against the moves sets it aside, or, since session 35, the first reading)


#: Notes after a game, quoting its moves: ``{0}``, ``{1}``… are moves of it.
NOTES = [
    "\nA few notes from the players.\n- Looking back, {0} was the move that mattered.\n",
    "- After {1} there was no way back; {0} had set it up.\n",
    "- Ask yourself what else than {2} was possible there (answer next month).\n",
]


def quoted(move: Move, rng: random.Random) -> str:
    """A move as a note quotes it: its squares, with its words or without."""
    squares = move.coords()
    return rng.choice([squares, squares.replace("-", " to "), f"{move.text('text', 'en')} ({squares})", squares.replace("-", " ")])


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**16))
@example(seed=5, hand=1)  # (read again as a round 2 it could not judge; a fresh clone's random profile found seed 2786)
@example(seed=2786, hand=1)
def test_property_notes_quoting_the_moves_after_a_single_round_are_no_round(seed: int, hand: int) -> None:
    """Notes after a one-round game that quote three of its moves by their squares (a
    newsletter's comments) are read as notes on the round, not as a second round begun:
    the round is judged and the match, a single round, valid; nothing after it is an
    unjudged round's error."""
    rng = random.Random(hand)
    (moves,) = truth(seed, 1)
    picks = [quoted(m, rng) for m in rng.sample([m for m in moves if m.distance], 3)]
    text = stranger([moves], rng, Form.TEXT, "en", left_out=0.0) + "".join(note.format(*picks) for note in NOTES)
    (match,) = validate_text(text).matches
    judged = [r for _n, r in match.rounds if r is not None]
    if judged:  # (the round itself may be left unread among the chatter: not this test's subject)
        assert not [d for d in match.diagnostics if d.severity is ERROR], [d.format("x") for d in match.diagnostics]
        assert [r.winner for r in judged] == [replay_match(only_match(written(seed, Form.TEXT, "en", 1))).rounds[0].result.winner]


#: A walk through a round's moves after it, in words: a move's tower, direction, distance
#: and landing (``{0}``… ``{3}``), as a commentary tells it.
WALK = [
    "{n}. Then the {0} tower went {1} {2} squares and stopped on {3}.",
    "{n}. After that {0} {1} {2}, to a {3} square, which was forced.",
    "{n}. Here {0} goes {1} {2} (landing on {3}) and that settles it.",
]


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(WALK))
@example(seed=0, walk=WALK[0])
def test_property_a_walk_through_a_rounds_moves_is_notes_on_it(seed: int, walk: str) -> None:
    """A comment after a one-round game that tells four of its moves again in words (a
    forum answer's walk-through, found in a blind set: read as a round 2 that could not
    be judged, an error) is notes on the round, read against the moves: what is read
    after the round is its moves said again, not a round begun."""
    (moves,) = truth(seed, 1)
    told = [m for m in moves if m.distance][:4]
    lines = [walk.format(*m.text("text", "en").lower().split(), n=k) for k, m in enumerate(told, 1)]
    text = stranger([moves], random.Random(seed), Form.TEXT, "en", left_out=0.0) + "\nWhat happened, roughly:\n\n" + "\n".join(lines) + "\n"
    alignment = align_lines(text.splitlines())
    assert alignment is not None
    if len(alignment.judged) == 1 and len(alignment.rounds) > 1:  # (a round read from the notes)
        assert alignment.notes_after, [(len(r.moves), r.result) for r in alignment.rounds]


def test_notes_quoting_a_rounds_moves_by_their_squares_are_no_round() -> None:
    """The property above's falsifying example (seed 8289, found by a fresh clone's
    random profile): the notes quote Gold's ``b1-h7`` and Black's winning ``b8-b1``,
    which happen to be a legal start of round 2 filled from the left; the first reading
    read them as round 2 and blamed the third quote as written after its end (M7). Moves
    the round before played, quoted by their two squares, are notes on it, not a round."""
    text = (
        "Kamisado with Anna, Sunday\n"
        "Purple Forward 1 Pink then Pink Right 2 Pink then Pink Forward 1 Green then Green Right 6 Purple then "
        "Purple Left 1 Red then Red Right 3 Blue then Blue Forward 7 Green then \nnext one!\n\n"
        "A few notes from the players.\n- Looking back, b1-h7 was the move that mattered.\n"
        "- After b8-b1 there was no way back; b1-h7 had set it up.\n"
        "- Ask yourself what else than c8-c7 was possible there (answer next month).\n"
    )
    (match,) = validate_text(text).matches
    assert match.valid, [d.format("x") for d in match.diagnostics]
    assert [r.winner for _n, r in match.rounds if r is not None] == [Side.BLACK]
    assert any(d.kind is Kind.SET_ASIDE and "after round 1" in d.message for d in match.diagnostics)


def test_a_forum_posts_key_in_a_list_reads_the_whole_match() -> None:
    """The same forum post with its key (``[*][b]R[/b] = recto hacia delante``, a
    definition a line): every round is read, the truth's winners, and the match is valid."""
    text = (ROOT / "tests" / "fixtures" / "forum-post-standard-match.bbcode").read_text(encoding="utf-8")
    (match,) = validate_text(text).matches
    assert match.valid
    assert [r.winner.title for _n, r in match.rounds if r is not None] == ["Black", "Gold", "Black", "Black"]


def test_one_round_read_again_does_not_decide_a_match_whose_format_nothing_names() -> None:
    """A forum post of a standard match (written for the blind sets from a generated
    match, whose rounds Black, Gold, Black, Black won) that names its format in prose only:
    reading it again read round 1 with certainty and no more (it reads none since names
    before entries count, session 23: its legend makes ``R`` "straight on"). One round
    is a single round only where a header says so, so the text after it is not set aside
    as after a decided match: the rounds not judged are an error, and the match is not
    valid. (With its key, one definition a line in a forum's list, the whole match is
    read since session 26: the key's lines are left out here, as they were unread.)"""
    text = (ROOT / "tests" / "fixtures" / "forum-post-standard-match.bbcode").read_text(encoding="utf-8")
    text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[*][b]"))
    report = validate_text(text)
    (match,) = report.matches
    assert not match.valid
    judged = [r.winner.title for _n, r in match.rounds if r is not None]
    assert judged == ["Black", "Gold", "Black", "Black"][: len(judged)]
    assert not any("decides the match" in d.message for d in report.all_diagnostics())


#: A tower's letter in a position string, as a bulletin names it.
COLOUR_NAMES = {"o": "orange", "b": "blue", "p": "purple", "k": "pink", "y": "yellow", "r": "red", "g": "green", "n": "brown"}


def lineup_lines(row: str, side: str, rng: random.Random) -> str:
    """A home row of a position string as a bulletin prints it: a label (Gold's with its
    side's colour mark, ``🟨``, as a bot prints it), the colours a to h with a Sumo
    tower's mark, broken across two lines somewhere."""
    names: list[str] = []
    for ch in row:
        if ch in "+0123456789":
            names[-1] = names[-1].upper() + " SUMO"
        else:
            names.append(COLOUR_NAMES[ch.lower()])
    cut = rng.randint(3, 7)
    mark = " 🟨" if side == "Gold" else ""
    return f"  rank {'8' if side == 'Black' else '1'} ({side}){mark}: {', '.join(names[:cut])},\n        {', '.join(names[cut:])}\n"


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=5, rng=random.Random(0))
def test_property_lineups_between_the_rounds_are_not_read_as_moves(seed: int, rng: random.Random) -> None:
    """Each round's lineup printed before its entries (both home rows, each colour named
    once, a label before it and the row broken across two lines) says nothing of a move:
    the rounds read are those read without them (seen9a, a tournament bulletin: the
    second line of a row broken in two was read as moves)."""
    match = only_match(written(seed, Form.TEXT, "en", 3))
    rounds = truth(seed, 3)
    plain = stranger(rounds, random.Random(seed), Form.TEXT, "en", left_out=0.0)
    starts = [rr.start.to_string().split()[0].split("/") for rr in replay_match(match).rounds]
    parts = plain.split("\nnext one!\n")
    shown = [parts[0]]
    for k, part in enumerate(parts[1:], 1):
        if k < len(starts):
            part = "Rows after filling, read a to h:\n" + lineup_lines(starts[k][0], "Black", rng) + lineup_lines(starts[k][-1], "Gold", rng) + part
        shown.append(part)
    with_lineups = "\nnext one!\n".join(shown)
    assert read(with_lineups) == read(plain)


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**16))
@example(seed=2, hand=0)
@example(seed=602, hand=0)  # (the move corrected is a legal first move: never read as round 1's first, the record after it as the other side's)
# a known limit (the random profile, sessions 25-26): the move the reply corrects is a legal
# first move, and the match after it reads as well with the sides swapped, so no round is
# judged (a rule that set the denied squares aside read the twin as the truth: seed 602)
@example(seed=272, hand=0).xfail(raises=AssertionError, reason="a correction's legal first move makes a twin reading: no round judged")
@example(seed=1315, hand=0).xfail(raises=AssertionError, reason="the same (a fresh clone's random profile, session 43; the same on 0dd15d6)")
# a fresh clone's random profile (session 67): the chat read posts newest first, the same
# moves as read in the order written but scored a rounding's width higher, was taken, and
# the correction's squares stood after the match, not before it: its error was kept
@example(seed=239, hand=3237)
def test_property_a_correction_written_above_the_record_does_not_stop_the_reading(seed: int, hand: int) -> None:
    """A reply above a quoted record names a move of it in squares, and the square it
    was wrongly written as (seen9a, a club secretary's mail). The first reading takes
    those squares for the match's first entries and stops there with a rules error;
    reading again sets the text before the match read aside and judges its rounds, the
    truth's rounds, as many as without the reply at least."""
    rng = random.Random(hand)
    rounds = truth(seed, 3)
    move = rounds[0][2]
    a, b = move.coords().split("-")
    wrong = b[0] + str(int(b[1]) + (1 if b[1] < "5" else -1))
    reply = f"Morning Helen,\n\nOne slip in round 1: move 3 went {a}-{b}, not {a}-{wrong}.\nEverything else matches.\n\n"
    record = stranger(rounds, rng, Form.TEXT, "en", left_out=0.0)
    results = [rr.result for rr in replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds]
    (alone,) = validate_text(record).matches
    (replied,) = validate_text(reply + record).matches
    judged = [r for _n, r in replied.rounds if r is not None]
    assert judged == results[: len(judged)]
    assert len(judged) >= sum(r is not None for _n, r in alone.rounds)


@pytest.mark.parametrize(("seed", "arrow"), [(0, "->"), (1, "->"), (2, "→"), (3, "=>"), (4, "⇒"), (5, "->")])
def test_an_arrow_before_the_landing_joins_it_to_the_move(seed: int, arrow: str) -> None:
    """``Priya pink straight down 5 -> purple`` (seen9b, a chat relay, onlookers' lines
    naming the colours again: ``pink onto pink, cute``): an arrow after the direction
    said is a word for "to", before where the move lands; the landing is read into the
    move. (It broke the entry: each landing was set aside or read as the next entry's
    tower, and the rounds after the first were left unjudged.) The onlooker speaks after
    about one move in three. Not a property over every match: an onlooker's lines that
    fit moves can still make a reading that reads them so, its names nearly as
    consistent, the best (the random profile found one at seed 1194: a limit, in the
    docs and the session's note)."""
    rounds = truth(seed, 3)
    rng = random.Random(seed)
    out = []
    for moves in rounds:
        for move in moves:
            words = move.text("text", "en").lower().split()
            if len(words) == 4:
                words[3:] = [arrow, words[3]]
            out.append(("Priya " if move.side is Side.BLACK else "Declan ") + " ".join(words))
            if rng.random() < 0.3:
                out.append(f"fen: {words[-1]} onto {words[-1]}, cute")
        out.append("gg, next round")
    assert read("\n".join(out) + "\n") == played(rounds)



def quoted_in_replies(seed: int) -> str:
    """A forum thread: the match of ``seed`` run together with chatter, then replies that
    quote moves of its first round (``[quote]Red Left 2 Pink[/quote]``), which the rules
    allow again at a new round's start."""
    rng = random.Random(seed)
    rounds = truth(seed, 3)
    replies = "".join(f"\n[quote]{m.text('text', 'en')}[/quote]\nWhy that one? {rng.choice(CHATTER).strip()}\n" for m in rounds[0][:6] if m.distance)
    return stranger(rounds, rng, Form.TEXT, "en", left_out=0.0) + replies


@pytest.mark.parametrize("seed", [2, 15, 52, 27])
def test_replies_quoting_earlier_rounds_cast_no_doubt_on_a_round_read_well(seed: int) -> None:
    """The last round is read well (every entry whole), or the quotes say again what
    the entries said, so a weak round read from the quotes after it casts no doubt on
    where it ended: every round is judged with its winner, and the decided match's tail
    is set aside. (Of the first 120 seeds, 9 were not read so before a round read this
    well kept its end, 4 before words said again were notes (27 is read since, here), 3
    still are not: the last round not judged.)"""
    text = quoted_in_replies(seed)
    (match,) = validate_text(text).matches
    judged = [r.winner for _n, r in match.rounds if r is not None]
    assert judged == [rr.result.winner for rr in replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds], text
    assert match.valid, [d.format("x") for d in match.diagnostics]


def live_ticker(text: str, rng: random.Random, names: tuple[str, str]) -> str:
    """The match of ``text`` as a club's live ticker posts it: a post a move (a time, the
    mover's name, the entry in words, now and then a remark), each round's start a post
    of its own (its fill), the result at the end; the newest post on top."""
    posts: list[str] = []
    clock = 19 * 60
    for rr in replay_match(only_match(text)).rounds:
        fill = f", fill from the {rr.fill.value.lower()}" if rr.fill is not None else ""
        posts.append(f"{clock // 60}:{clock % 60:02d}  Round {rr.number} begins{fill}.")
        for p in rr.plies:
            if p.kind is PlyKind.BACK or p.entry is None:
                continue
            clock += rng.randint(0, 2)
            remark = rng.choice(["", "", " Bold!", " The crowd holds its breath.", " (long think)"])
            posts.append(f"{clock // 60}:{clock % 60:02d}  {names[p.side.value]}: {p.entry.text}.{remark}")
        if rr.result is not None:
            posts.append(f"{clock // 60}:{clock % 60:02d}  {names[rr.result.winner.value]} takes the round!")
    return "Live: newest posts on top\n\n" + "\n".join(reversed(posts)) + "\n"


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(WORDS), chat=st.integers(0, 10_000))
# (found by the random profile: the forfeits a deadlock's round writes after the move that
# made it were set aside, as after any round's end, and the first reading's error there stood)
@example(seed=130, lang=(Form.TEXT, "en"), chat=0)
def test_a_live_ticker_newest_post_first_reads_from_its_last_line_up(seed: int, lang: tuple[Form, str], chat: int) -> None:
    """A record written newest first (a live ticker, a blog's updates) does not read
    forwards; read from its last line up against the legal moves, it is the match, every
    round judged as played, and the warning says it was read newest first."""
    original = written(seed, *lang, target=3)
    text = live_ticker(original, random.Random(chat), ("Jonas", "Lena"))
    report = validate_text(text)
    assert report.valid, [d.format("t") for d in report.all_diagnostics()]
    assert any("newest first" in d.message for d in report.all_diagnostics())
    fixed = fix_text(text).text
    assert moves_of(fixed) == moves_of(original) and winners(fixed) == winners(original), fixed


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), chat=st.integers(0, 10_000))
@example(seed=1196, chat=154)  # (a fresh clone's random profile: the notice had stood at a round's start, where it reads as that round's first move)
@example(seed=0, chat=1123)  # (session 46's random profile: a notice quoting 'e8 → b4 … e8 → b5' took back the post before it, 'e8-e6', for sure: a move from the square it left)
@example(seed=9530, chat=1951).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 69; the same on 218116a, before the session's changes): round 3's second move read as another from the same square (c8-g4 for c8-e6)")
def test_a_live_tickers_notice_of_a_correction_takes_back_no_older_post(seed: int, chat: int) -> None:
    """A live ticker, newest post on top, that posts a notice of a correction made to an
    older post (``CORRECTION: in the 19:05 post we first wrote … Fixed above.``) is read
    whole: the notice is read after the posts below it, which are older, and takes back
    none of them (before session 45 it took back every post read before it, those of the
    lines below its own: every round before it was lost)."""
    original = written(seed, Form.COORDS, "en", target=3)
    rng = random.Random(chat)
    posts = live_ticker(original, rng, ("Jonas", "Lena")).splitlines()
    first = next(p.move for p in replay_match(only_match(original)).rounds[0].plies if p.move is not None)
    origin, target = square_name(first.origin), square_name(first.target)
    wrong = target[0] + str(int(target[1]) + (1 if target[1] < "5" else -1))
    newest_round = next(k for k, post in enumerate(posts) if "begins" in post)
    # (between two moves of a round below the last round's start: a notice at a round's start or after the match's last move reads as well as that round's first move)
    at = rng.choice([k for k in range(newest_round + 2, len(posts)) if all(name in posts[j] for j, name in ((k - 1, ": "), (k, ": ")))] or [len(posts) - 1])
    posts.insert(at, f"{posts[at][:5]}  CORRECTION: in the first post we wrote {origin} → {wrong}. It was {origin} → {target}. Fixed above, thanks to a reader.")
    text = "\n".join(posts) + "\n"
    taken = {p.line for p in pieces_of(text.splitlines(), order=Order.NEWEST_FIRST) if p.taken_back}
    assert taken <= set(range(at + 2, at + 5)), (at + 1, sorted(taken))  # (at most the posts read last before it: those right below)
    report = validate_text(text)
    assert report.valid, [d.format("t") for d in report.all_diagnostics()]
    fixed = fix_text(text).text
    assert moves_of(fixed) == moves_of(original) and winners(fixed) == winners(original), fixed


def league_page(text: str, rng: random.Random, *, table: bool = False) -> str:
    """The match of ``text`` as a league's page writes it: each round under a heading
    that names the round and the fill its chooser took (``## Round 2 (Anna's pick:
    filling from the left)``), its moves a list's items (or a table's rows, each
    counted in its first cell: ``| 2 | Purple Forward 7 Yellow |``), and after it a line of its
    result in words (``→ yellow home, **Anna 1 point** (yellow sumo). 1:0``)."""
    out = ["# League night, week 3", ""]
    score = [0, 0]
    names = ("Anna", "Ben")
    for rr in replay_match(only_match(text)).rounds:
        if rr.fill is None:
            out.append("## Round 1")
        else:
            side = rr.fill.value.lower()
            out.append(f"## Round {rr.number} ({rng.choice(names)}'s pick: filling from the {side})")
        entries = [p.entry.text for p in rr.plies if p.kind is not PlyKind.BACK and p.entry is not None]
        out += ["", "| # | move |", "|---|---|", *(f"| {k} | {e} |" for k, e in enumerate(entries, 1))] if table else ["", *(f"- {e}" for e in entries)]
        if rr.result is not None:
            won = rr.result
            score[won.winner.value] += won.points
            tower = won.tower.name.lower() if won.tower is not None else "tower"
            point = "point" if won.points == 1 else "points"
            out.append(f"\n→ {tower} home, **{names[won.winner.value]} {won.points} {point}** ({tower} sumo). {score[0]}:{score[1]}\n")
    return "\n".join(out) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), chat=st.integers(0, 10_000), table=st.booleans())
def test_a_rounds_heading_and_its_result_in_words_are_no_moves(seed: int, chat: int, table: bool) -> None:
    """A round's heading (``## Round 2 (Anna's pick: filling from the left)``: its number
    and the fill's word) and a result said in words after the round (``→ yellow home,
    Anna 1 point (yellow sumo)``: an arrow, a colour, a number of points) are no moves:
    read as moves at the next round's start, they made a twin of it (the rest read on,
    two moves on), and the rounds after it were lost. The reading against the moves
    reads every round, and so does ``validate``; a table's row counter is no distance."""
    original = written(seed, Form.TEXT, "en", target=3)
    text = league_page(original, random.Random(chat), table=table)
    assert read(text) == played(truth(seed, 3)), text
    report = validate_text(text)
    assert report.valid, [d.format("t") for d in report.all_diagnostics()]


#: Who speaks in a dictation's transcript, and what else is said between the moves.
SPEAKERS, ASIDES = ("Dev", "Hannah"), ("Um.", "Ha. Okay.", "Oh no.", "Sorry.", "Nice.")


def dictated(rounds: list[list[Move]], rng: random.Random) -> str:
    """``rounds`` as a speech-to-text app transcribes two players saying their moves: a
    speaker's name and a time a turn, the colour landed on said back and the tower it
    calls (``On pink. So I have to do pink.``), the move in words with its distance a
    sentence's last word (``Pink, forward, 5. Lands on purple.``), asides."""
    out = ["Kamisado with Hannah - Sat 9 Nov\nTranscribed by the phone\n"]
    seconds = 0
    for moves in rounds:
        landed = None
        for k, move in enumerate(moves):
            words = move.text("text", "en").split()
            seconds += rng.randint(5, 20)
            said = []
            if landed is not None and rng.random() < 0.7:
                said.append(f"On {landed.lower()}. So I have to do {words[0].lower()}.")
            if len(words) == 4:
                said.append(f"{words[0]}, {words[1].lower()}, {words[2]}. Lands on {words[3].lower()}.")
                landed = words[3]
            else:
                said.append(" ".join(words) + ".")
            if rng.random() < 0.3:
                said.append(rng.choice(ASIDES))
            out.append(f"\n{SPEAKERS[k % 2]}  {seconds // 60}:{seconds % 60:02d}\n" + " ".join(said) + "\n")
        out.append("\nNext round.\n")
    return "".join(out)


@pytest.mark.parametrize("seed", [2])
def test_a_dictation_transcript_is_read_whole(seed: int) -> None:
    """A number ending a sentence after a direction is the distance (``left, 1.``), not
    the next row's number; ``On`` before a colour's word is a word, not orange's code.
    (Not every such transcript is read whole yet: ``lands on pink`` leaves ``on``, a
    weak orange, between the move and its landing.)"""
    rounds = truth(seed, 3)
    assert read(dictated(rounds, random.Random(seed))) == played(rounds)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(9999, random.Random(17))  # ('Lands on pink. Sorry.' then 'Pink, forward, 3': a random profile run, session 56)
@example(9668, random.Random(2))  # ('So I have to do purple.': its 'to' and 'do' no distances)
@example(509, random.Random(0))  # ('On red. So I have to do red. Red, right, 5.': 'red … red' across a sentence's end no move)
@example(4579, random.Random(20))
def test_property_a_round_judged_from_a_dictation_is_the_truths(seed: int, rng: random.Random) -> None:
    rounds = truth(seed, 3)
    got = read(dictated(rounds, rng))
    assert got == played(rounds)[: len(got)]


def mailed(rounds: list[list[Move]], rng: random.Random) -> str:
    """``rounds`` played by mail: a mail a move (its number in the round, the tower and
    its squares, a sentence), each reply quoting the mail before it under an ``On …, …
    wrote:`` line, and that mail's quote one ``>`` deeper (deeper quotes cut, as people
    trim a long thread)."""
    mails: list[str] = []
    before: list[str] = []
    for n, moves in enumerate(rounds, 1):
        for k, move in enumerate(moves, 1):
            who, to = SPEAKERS[len(mails) % 2], SPEAKERS[(len(mails) + 1) % 2]
            body = [f"From: {who} <{who.lower()}@example.org>", f"Subject: Re: Kamisado by mail (round {n})", "", f"Hi {to},", ""]
            body += ["Next round, I start." if k == 1 and n > 1 else rng.choice(("Hm.", "Your move was a surprise.", "Here goes:")), ""]
            body += [f"{k}. {move.tower.name.title()} {square_name(move.origin)}-{square_name(move.target)}", "", rng.choice(ASIDES), "", who]
            if before:
                body += ["", f"On day {len(mails)}, {to} wrote:", *(">" + (" " if not line.startswith(">") else "") + line if line else ">" for line in before if not line.startswith(">>"))]
            mails.append("\n".join(body))
            before = body
    return "\n\n=====\n".join(mails) + "\n"


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_property_a_match_played_by_mail_each_reply_quoting_the_mail_before_is_read_as_played(seed: int, rng: random.Random) -> None:
    """A reply's quote of the mail before says again what was said: its moves are no
    new moves (each mail quotes the one before, and its quote of the one before that:
    every move written three times over)."""
    rounds = truth(seed, 3)
    assert read(mailed(rounds, rng)) == played(rounds)


def notes_under_headings(seed: int) -> tuple[str, list[Side]]:
    """A generated match as a club member's notes: a heading a round (``* Round 2``), a
    table of its moves in squares with the landing colour in brackets, then a note that
    names the next round's first two moves in squares (``next time Yellow e1-c3 then
    Brown e8-e1 would open well``): read as moves, the note is a twin of the next
    round's start."""
    rounds = truth(seed, 3)
    text = written(seed, Form.TEXT, "en", 3)
    wins = [w for w in winners(text).values() if w is not None]
    out = ["#+TITLE: Club night", ""]
    for n, moves in enumerate(rounds, 1):
        out += [f"* Round {n}", "", "| # | Black | Gold |", "|---+-------+------|"]
        cells = (["--"] if moves[0].side is Side.GOLD else []) + [f"{m.tower.title} {m.coords()} [{m.square_colour.title.lower()}]" for m in moves]
        out += [f"| {k // 2 + 1} | " + " | ".join(cells[k : k + 2]) + " |" for k in range(0, len(cells), 2)]
        if n < len(rounds):
            said = " then ".join(f"{m.tower.title} {m.coords()}" for m in rounds[n][:2])
            out += ["", f"Notes: next time {said} would open well.", ""]
    return "\n".join(out) + "\n", [Side.BLACK if w == "Black" else Side.GOLD for w in wins]


@pytest.mark.parametrize("seed", [0, 1, 4, 20, 31])  # (4, 20, 31: the note was read as a round's start before session 31)
def test_a_note_under_a_rounds_heading_is_not_the_next_rounds_start(seed: int) -> None:
    """The headings say which round the lines below them are in: in the reading against
    the moves, a note under round 1's heading that names a move is no move of round 2,
    whose heading comes after it, and every round is read, certain, as played."""
    text, sides = notes_under_headings(seed)
    aligned = align_lines(text.splitlines())
    assert aligned is not None
    assert [r.result.winner if r.result else None for r in aligned.rounds] == sides
    assert aligned.certain == len(sides)
    assert [m for r in aligned.rounds for m in r.moves] == [m for moves in played(truth(seed, 3)) for m in moves]


def relayed(rounds: list[list[Move]], rng: random.Random) -> str:
    """A match relayed in a work chat by an onlooker, a move a post in prose: the tower,
    its direction said twice over (``straight forward``), the squares, the colour it
    stops on, and its squares in brackets, said again."""
    names = ("Kasia", "Dorota")
    out = ["Board Game Club > General > Kamisado night", ""]
    clock = 0
    for n, moves in enumerate(rounds, 1):
        out += [f"[19:{clock % 60:02d}] Piotr", f"round {n} starting", ""]
        for m in moves:
            clock += rng.randint(1, 3)
            if not m.distance:
                said = "blocked, has to pass"
            else:
                way = "straight forward" if m.direction is Direction.FORWARD else f"diagonal {m.direction.name.lower()}"
                said = (
                    f"{m.tower.name.lower()} tower, {way}, {m.distance} squares. "
                    f"Stops: {m.square_colour.name.lower()} square ({square_name(m.origin)} -> {square_name(m.target)})"
                )
            out += [f"[19:{clock % 60:02d}] Piotr", f"{names[m.side.value]}: {said}", ""]
            if rng.random() < 0.2:
                out += [f"[19:{clock % 60:02d}] Tomek", rng.choice(["wow that's cheeky", "go go go 💪", "what does the board look like now?"]), ""]
    return "\n".join(out) + "\n"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**16))
@example(1259, 0)
def test_property_a_relay_in_prose_with_its_squares_in_brackets_is_read_as_played(seed: int, hand: int) -> None:
    """A direction said twice (``straight forward``) and the squares said again after the
    words are set aside inside the entry, not made the end of it: every round is read as
    played. (Found by the random profile: with common words between the clues, ``to her
    right``, ``stops on a green square``, it is not always; they end an entry. Seed
    1259: a round whose two moves went between the squares of two moves played before,
    by other towers, was taken for notes quoting them before session 36.)"""
    rounds = truth(seed, 3)
    assert read(relayed(rounds, random.Random(hand))) == played(rounds)


def _lineups_rewritten(text: str, wrapped: bool) -> str:
    """``text`` (our notation) with each ``Lineup`` line written as a bulletin lists the
    towers of a row: each square with its tower's colour (``* Black, row 8: a8 purple,
    b8 brown, …``), or each file's letter and colour, wrapped onto two lines
    (``8th row (Black)  A ORANGE  B BLUE  C PURPLE  D PINK`` / ``E GREEN  F …``)."""
    out = []
    for line in text.splitlines():
        if not line.startswith("Lineup "):
            out.append(line)
            continue
        side, colours = line[len("Lineup ") :].split(":")
        names = colours.split()
        rank = 8 if side == "Black" else 1
        if wrapped:
            cells = [f"{'ABCDEFGH'[k]} {c.upper()}" for k, c in enumerate(names)]
            out += [f"   {rank}th row ({side})  " + "  ".join(cells[:4]), "                    " + "  ".join(cells[4:])]
        else:
            out.append(f"* {side}, row {rank}: " + ", ".join(f"{'abcdefgh'[k]}{rank} {c.lower()}" for k, c in enumerate(names)))
    return "\n".join(out) + "\n"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_property_a_rows_towers_listed_are_no_moves(seed: int, wrapped: bool) -> None:
    """A round's lineups listed square by square, or file by file wrapped onto two
    lines, are no moves: every round is read as played (before session 32 the squares
    and colours of a listing were read as a round's first moves)."""
    original = written(seed, Form.TEXT, "en", 3)
    text = _lineups_rewritten(original, wrapped)
    assert read(text) == played(truth(seed, 3))


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(WORDS))
@example(seed=114, lang=(Form.TEXT, "en"))  # (a fresh clone's random profile, session 33: '> 1.' read as a distance after an arrow '>')
def test_property_a_match_quoted_in_a_reply_is_read_as_played(seed: int, lang: tuple[Form, str]) -> None:
    """A match quoted in a mail's reply, each line after ``> ``, with the landing in
    brackets, after a key in prose and blank quoted lines: every round read as played
    (the quote's marks at a line's start end the entry on the line before)."""
    original = written(seed, *lang, target=3)
    quoted = "\n".join("> " + re.sub(r" (\w+)$", r" [\1]", line) if line[:1].isdigit() else "> " + line for line in original.splitlines())
    key = [
        "> Notation: the tower's colour, the direction (straight on / diag. left / diag.", "> right, as seen by the player who moves), how many squares, and in brackets",
        "> the colour of the square it lands on, as seen from above.", ">", ">",
    ]
    text = "On Tuesday, Ana wrote:\n" + "\n".join(key) + "\n" + quoted + "\n"
    assert read(text) == played(truth(seed, 3))


#: The files' letters as a spelling alphabet says them.
SPELLED = dict(zip("abcdefgh", ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"], strict=True))
RANKS = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def spelled(square: int, rng: random.Random) -> str:
    """A square as a spelling alphabet says it: ``hotel 8``, ``hotel eight``."""
    name = square_name(square)
    rank = int(name[1])
    return f"{SPELLED[name[0]]} {rng.choice([str(rank), RANKS[rank - 1]])}"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=0, rng=random.Random(0))
def test_property_squares_said_with_a_spelling_alphabet_read_as_the_truth(seed: int, rng: random.Random) -> None:
    """Notes that spell the squares as radio and dictation do (``hotel 8 to bravo 2``: a
    screen reader's user, found in a blind set, where nothing was read): every round read
    as the truth's."""
    rounds = truth(seed, 3)
    lines = ["kamisado notes, squares in phonetic letters.", ""]
    for moves in rounds:
        for n, move in enumerate(moves, 1):
            colour = move.text("text", "en").split()[0].lower()
            said = f"{spelled(move.origin, rng)} to {spelled(move.target, rng)}" if move.distance else "stuck, passes"
            lines.append(f"move {n}. {colour}. {said}.")
        lines += ["", "next game.", ""]
    assert read("\n".join(lines)) == played(rounds)


#: Chat apps' names of the colours' signs, written between colons.
SHORTCODES = {
    "Orange": [":orange_heart:", ":large_orange_circle:", ":orange_square:"], "Blue": [":blue_heart:", ":large_blue_circle:", ":blue_square:"],
    "Purple": [":purple_heart:", ":purple_circle:", ":large_purple_square:"], "Pink": [":pink_heart:"],
    "Yellow": [":yellow_heart:", ":yellow_circle:", ":large_yellow_square:"], "Red": [":heart:", ":red_circle:", ":red_square:"],
    "Green": [":green_heart:", ":large_green_circle:", ":green_square:"], "Brown": [":brown_heart:", ":brown_circle:", ":brown_square:"],
}  # fmt: skip


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=0, rng=random.Random(0))
def test_property_colours_written_as_a_chat_apps_shortcodes_read_as_the_truth(seed: int, rng: random.Random) -> None:
    """A relay in a chat app that writes each colour's sign by its name between colons
    (``:orange_heart: right 1 :large_blue_circle:``, as Slack, Discord and GitHub export
    them; ``:eyes:`` and others among them): every round read as the truth's."""
    rounds = truth(seed, 3)
    out = ["relaying from table 2 :eyes:\n"]
    for moves in rounds:
        for move in moves:
            words = move.text("text", "en").split()
            out.append(" ".join(rng.choice(SHORTCODES[w]) if w in SHORTCODES else w for w in words))
            out.append(rng.choice([*CHATTER, " :tada: ", "\n:+1: "]))
        out.append("\nnext one! :fire:\n")
    assert read("".join(out)) == played(rounds)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(WORDS), st.randoms(use_true_random=False))
@example(seed=0, lang=(Form.TEXT, "en"), rng=random.Random(0))
def test_property_a_key_of_the_colours_signs_and_words_is_no_move(seed: int, lang: tuple[Form, str], rng: random.Random) -> None:
    """A key above the moves giving each colour's sign with its word (``🟠orange 🔵blue
    …``, a stream overlay's, found in a blind set, after a name that reads as a colour):
    no move is read from it."""
    rounds = truth(seed, 3)
    form, language = lang
    signs = dict(zip(["Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown"], "🟠🔵🟣🩷🟡🔴🟢🟤", strict=True))
    key = " ".join(sign + rng.choice(["", " "]) + name.lower() for name, sign in signs.items())
    text = f"kostas_gr: !key\nOverlay: {key} | arrows as on screen\n" + stranger(rounds, rng, form, language, left_out=0.0)
    assert read(text) == played(rounds)


def test_a_straight_down_arrow_is_never_a_diagonal() -> None:
    """A straight down arrow (``↓``, ``⬇``) is the mover's forward on a board drawn from the
    other side, or a push's back: it fits every straight move of the start and no
    diagonal one (before session 34 it fitted any move, and a relay's ``🔵 ↓4`` was
    forward 4 or diagonal 4 alike)."""
    from kamisado_notation.checking.aligned import pieces_of, says_of
    from kamisado_notation.engine.position import Position

    moves = Position.initial().legal_moves()
    for arrow in ("↓", "⬇", "⇩"):
        (piece,) = pieces_of([arrow])
        fits = {m.direction for m in moves if says_of(piece, m)}
        assert fits == {Direction.FORWARD}, arrow


#: A stranger's relay (the random profile of a fresh clone, session 36: seed 7728), every
#: round read, whose fourth round's push leaves its back-entry out.
_PUSH_LEFT_OUT = 'Kamisado with Anna, Sunday\nBlue Right 1 then Red Left 2 Blue then Blue Left 3 Brown then Brown Forward 1 Purple then Purple Forward 7 then \nnext one!\nYellow Forward 3 Brown then Brown Forward 2 Brown then Brown Forward 3 then Red Right 1 then Pink Left 1 then Blue Right 2 then Purple Left 1 Green then Green Left 2 Yellow then Yellow Forward 4 then \nnext one!\nBrown Forward 4 Purple then Purple Left 3 then Yellow Forward 3 then Blue Right 1 Red then Red Right 3 Purple then Purple Forward 1 Pink then Pink Left 4 Blue then Blue Forward 3 Yellow then Yellow Left 4 Blue then \nnext one!\nPink Left 2 then Brown Right 5 Yellow then Yellow Left 2 Blue then Blue Forward 2 Orange then Orange Left 4 then Orange Forward 4 then Yellow Forward 1 then Pink Right 1 then Brown Right 1 then Purple Right 1 then Brown Forward 1 then \nnext one!\n\n-- \nWim Claes | TD\n"The tower on the orange square goes first."\n> Wim, could you send the record? the red one went left 3, I think\n'


def test_a_relays_push_without_its_back_entry_after_a_decided_match_is_valid() -> None:
    """Found by a fresh clone's random profile in session 36 (the same on 5da466c):
    ``Orange Left 4 then Orange Forward 4`` pushes, and the relay never says the pushed
    tower's back-entry; every round is judged, yet the match is invalid."""
    (match,) = validate_text(_PUSH_LEFT_OUT).matches
    assert match.valid, [d.format("x") for d in match.diagnostics]


#: A number as a stream's captions write it.
SPOKEN = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen"]


def captions(seed: int, rng: random.Random) -> tuple[str, list[Side]]:
    """A long match as a stream's automatic captions write it: lowercase, a time on a
    line of its own before each line said, each round announced with its fill (``round
    nine fill from the left``), each move its tower and its two squares (``blue a1 to
    a5``); and the winner of each round (the truth)."""
    match = only_match(written(seed, Form.TEXT, "en", 7))
    replayed = replay_match(match).rounds
    said, clock = [], 0
    for n, rr in enumerate(replayed, 1):
        fill = f" fill from the {rr.fill.value}" if rr.fill is not None else ""
        lines = [f"round {SPOKEN[n]}{fill}"]
        for p in rr.plies:
            m = p.move
            if m is None or p.kind is PlyKind.BACK:
                continue
            if m.is_forfeit:
                lines.append(f"{m.tower.name.lower()} is stuck")
                continue
            lines += [f"{square_name(m.origin)} to {square_name(m.target)} {SPOKEN[m.distance]}", f"lands {m.square_colour.name.lower()}"]
        lines.append(rng.choice(["and that's the round", "wow", "what a finish"]))
        for line in lines:
            clock += rng.randint(2, 9)
            said += [f"{clock // 60}:{clock % 60:02d}", line]
    return "\n".join(said) + "\n", [rr.result.winner for rr in replayed if rr.result is not None]


@settings(max_examples=3, deadline=None)
@given(st.sampled_from([34, 206, 370]), st.integers(0, 999))
def test_a_round_announced_with_its_fill_is_no_quote_of_the_moves_before(seed: int, hand: int) -> None:
    """A short round of a long match whose every move went between two squares a move of
    an earlier round went between (these three matches hold one) is read against the
    moves as a round, not as notes quoting the moves before, where the text announces
    its fill before it: every round is read with certainty, each with the truth's winner
    (before session 43 that round and the rest were not: a stream's captions of a
    first-to-seven final, which the first reading could not read, lost them)."""
    text, truth = captions(seed, random.Random(hand))
    alignment = align_lines(text.splitlines())
    assert alignment is not None
    assert [r.result.winner if r.result else None for r in alignment.judged] == truth


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 999))
@example(seed=3, hand=0)
def test_a_score_after_a_round_that_moves_follow_is_no_result(seed: int, hand: int) -> None:
    """A notebook's rounds under headings the reader does not know (``MANO 2``), the
    score so far after each but the last (``-> 2-1``): the last score, which moves
    follow, is a score so far, not the match's ``Result`` (before session 43 it was,
    and the match's final score made it an error)."""
    rounds = truth(seed, 3)
    if len(rounds) < 2:
        return
    replayed = replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds
    parts = stranger(rounds, random.Random(hand), Form.TEXT, "en", left_out=0.0).split("\nnext one!\n")
    score, text = [0, 0], parts[0]
    for k, part in enumerate(parts[1:-1], 1):
        result = replayed[k - 1].result
        assert result is not None
        score[result.winner is Side.GOLD] += result.points
        text += f"\n-> {score[0]}-{score[1]}\n\nMANO {k + 1}\n" + part
    (match,) = validate_text(text + "\n").matches
    assert not [d for d in match.diagnostics if d.severity is ERROR], [d.format("x") for d in match.diagnostics if d.severity is ERROR]
    assert [r.winner for _n, r in match.rounds if r is not None] == [rr.result.winner for rr in replayed if rr.result is not None]


#: Speakers of a chat export whose names hold a colour's or a direction's word (``Porto``,
#: the first letters of Romanian orange; ``Brown``, ``Rosa``, ``Right``): a name, no move.
NAMED = [("Dani Porto Alegre", "Rafa"), ("Tom Brown", "Eva Rosa"), ("Vic Right", "Kim Orange Lee"), ("Rafa", "Maria Verde")]


def chat_export(seed: int, rng: random.Random, names: tuple[str, str], *, starts: bool = False) -> str:
    """Match ``seed`` as a phone's chat export: a line a message, ``date time - name:
    text`` (each player keeps his side all match), chatter between the moves, and after
    each round its winner's score said in words (``two to one!``); with ``starts``, each
    round after the first opened by its Defender's message saying the fill and where his
    new sumo stands (``Round 2: I fill from the left. My pink is a sumo now, it stands
    on d8. You start.``)."""
    out = ["14/06/2024 20:02 - Messages and calls are end-to-end encrypted."]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    replayed = replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds
    for n, (moves, rr) in enumerate(zip(truth(seed, 3), replayed, strict=True), 1):
        before = replayed[n - 2].result if n > 1 else None
        if starts and before is not None and rr.fill is not None and before.tower is not None:
            stands = square_name(rr.start.square_of(before.winner, before.tower))
            said = f"Round {n}: I fill from the {rr.fill.value}. My {before.tower.name.lower()} is a sumo now, it stands on {stands}. You start."
            out.append(f"14/06/2024 {20 + len(out) // 60}:{len(out) % 60:02d} - {names[before.winner is Side.GOLD]}: {said}")
        for move in moves:
            out.append(f"14/06/2024 {20 + len(out) // 60}:{len(out) % 60:02d} - {names[move.side is Side.GOLD]}: {chat_entry(move)}")
            if rng.random() < 0.3:
                out.append(f"14/06/2024 {20 + len(out) // 60}:{len(out) % 60:02d} - {names[move.side is Side.BLACK]}: {rng.choice(ASIDES)}")
        winner = moves[-1].side if moves[-1].distance else moves[-1].side.other
        score[winner] += 1
        said = f"{SPELT[score[winner]]} to {SPELT[score[winner.other]]}"
        out.append(f"14/06/2024 {20 + len(out) // 60}:{len(out) % 60:02d} - {names[winner is Side.GOLD]}: {said.capitalize()}!")
    return "\n".join(out) + "\n"


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(NAMED), st.randoms(use_true_random=False), st.booleans())
@example(seed=0, names=NAMED[1], rng=random.Random(0), starts=False)  # ('Tom Brown: red fwd 3': brown's move; fails before)
@example(seed=2, names=NAMED[2], rng=random.Random(2), starts=False)  # ('Kim Orange Lee')
@example(seed=100, names=NAMED[2], rng=random.Random(701), starts=False)  # ('Kim', a side's word in Vietnamese, is a name here too)
@example(seed=5, names=NAMED[0], rng=random.Random(5), starts=True)  # (the fill's 'right' read as a move's: fails before)
def test_property_a_chat_export_whose_speakers_names_hold_colour_words_is_read_as_played(
    seed: int, names: tuple[str, str], rng: random.Random, starts: bool
) -> None:
    """A speaker's name that begins three lines at least, and holds a word that is no
    evidence, is a name wherever it stands: its words are no tower's; a score said in
    words (``Two to one!``) holds no distances; the side a round is filled from, said in
    a sentence of its own, is no move's direction, whatever follows it on its line."""
    assert read(chat_export(seed, rng, names, starts=starts)) == played(truth(seed, 3))


@pytest.mark.parametrize(
    ("text", "distances"),
    [
        ("Empatou! Um a um.", []),
        ("Sete casas. Dois a um pra mim.", [7]),
        ("Three to one, that's the match!", []),
        ("Orange goes 3 forward. 2 x 1 now", [3]),
        ("zwei zu eins für mich", []),
        ("red forward two to d4", [2]),  # ('to' before a square: no score)
        ("blue left 2 to 1 away from home", [2, 1]),  # (not the first evidence of its sentence: no score)
    ],
)
def test_a_score_said_in_words_holds_no_distance(text: str, distances: list[int]) -> None:
    assert [p.clue.number for p in pieces_of([text]) if p.clue.kind == "DISTANCE"] == distances


def recapped(seed: int, rng: random.Random) -> str:
    """Match ``seed`` as a correspondence game's notes: each move on a line of its own,
    chatter between; each round after the first opened by its fill, then a recap of the
    round before, two moves a line in its numbering (``Full score of round 1 for the
    record:``), before the round's own moves."""
    rounds = truth(seed, 3)
    replayed = replay_match(only_match(written(seed, Form.TEXT, "en", 3))).rounds
    out = ["Kamisado by mail, Martin v Hannah", ""]
    for n, (moves, rr) in enumerate(zip(rounds, replayed, strict=True), 1):
        if n > 1 and rr.fill is not None:
            out += [f"Round {n}: I fill from the {rr.fill.value} this time.", "", f"Full score of round {n - 1} for the record:"]
            said = [f"{k}. {m.tower.title} {m.coords()}" for k, m in enumerate(rounds[n - 2], 1) if m.tower is not None and m.distance]
            out += [" " + "   ".join(said[k : k + 2]) for k in range(0, len(said), 2)] + [""]
        for k, move in enumerate(moves, 1):
            if move.tower is not None and move.distance:
                out += [f"{k}. {move.tower.title} {move.coords()}", "", rng.choice(ASIDES), ""]
    return "\n".join(out) + "\n"


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@example(seed=0, rng=random.Random(0))  # (fails before: the recap's moves lent to the next round)
def test_property_a_recap_of_the_round_before_under_the_next_rounds_heading_is_no_move(seed: int, rng: random.Random) -> None:
    """A run of three moves by their squares at least that says again, in order, moves
    said before it is a recap: no move of the round whose heading stands above it."""
    assert read(recapped(seed, rng)) == played(truth(seed, 3))


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
@example(seed=3)  # (read as a speaker's name when a label's time was not asked for)
def test_property_a_label_that_names_the_tower_is_no_speakers_name(seed: int) -> None:
    """``Orange tower: d8-d5`` begins many lines, and holds a word that is no evidence,
    but no chat's time stands before it and it holds a strong clue: it names the tower,
    no speaker."""
    rounds = truth(seed, 3)
    lines = [f"{m.tower.title} tower: {m.direction.name.title()} {m.distance}" for moves in rounds for m in moves if m.tower is not None and m.direction is not None and m.distance]
    assert read("\n".join(lines) + "\n") == played(rounds)


#: French colour words (a club's sheet), and the letters its key gives the directions.
_FRENCH = {"ORANGE": "Orange", "BLUE": "Bleu", "PURPLE": "Violet", "PINK": "Rose", "YELLOW": "Jaune", "RED": "Rouge", "GREEN": "Vert", "BROWN": "Marron"}
_LETTERS = {Direction.FORWARD: "Av", Direction.LEFT: "G", Direction.RIGHT: "D"}


def lettered_sheet(rounds: list[list[Move]], *, key_first: bool) -> str:
    """``rounds`` as a French club's sheet exported in semicolons, a row a move: its
    round, its number, the tower, the direction's letter (``Av``, ``G``, ``D``), the
    distance and the colour landed on (a tower that cannot move: no row); the key to the
    letters in one definition of three, parted by slashes, at the sheet's head or at its
    foot."""
    key = '"Légende : Av/G/D = avant/gauche/droite, vu du joueur";;;;;'
    rows = ["Manche;Coup;Tour;Dir.;Cases;Arrivée"]
    for n, moves in enumerate(rounds, 1):
        rows += [f"{n};{k};{_FRENCH[m.tower.name]};{_LETTERS[m.direction]};{m.distance};{_FRENCH[m.square_colour.name]}" for k, m in enumerate(moves, 1) if m.distance and m.direction in _LETTERS]
    return "\n".join([key, *rows] if key_first else [*rows, ";;;;;", key]) + "\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), key_first=st.booleans())
@example(seed=15, key_first=False)
@example(seed=24, key_first=True)
def test_property_a_key_at_a_sheets_foot_says_what_its_letters_meant_from_the_first(seed: int, key_first: bool) -> None:
    """A sheet whose key says its direction letters in one definition parted by slashes
    (``Av/G/D = avant/gauche/droite``) reads each letter as the key says on every row, the
    key at its head or at its foot: ``G`` is *gauche*, no green (before session 59 the
    slashed definition was no key, and a key after the rows taught them nothing)."""
    rounds = truth(seed, 3)
    assert read(lettered_sheet(rounds, key_first=key_first)) == played(rounds)
