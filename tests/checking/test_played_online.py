"""Logs copied out of where people play online or with gadgets (issue 40, session 68):
a stream's chat where the viewers vote for Black's moves (``!move b8 b2``) and a bot says
the move played; a chess clock app's export, the move in its notes column beside clock
times in tenths (``0:14.6``); a play-by-post thread whose tracker posts the board every
few moves. Each is made from a generated match (the truth), written as such a log would
write it, and reads as that match: the proposals, the times and the boards are no moves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, replay_match, validate_text
from kamisado_notation.checking.aligned import pieces_of
from kamisado_notation.engine.board import square_name
from kamisado_notation.engine.moves import Move
from kamisado_notation.notation.writer import Form
from tests.support.slips import only_match, played, winners, written

pytestmark = pytest.mark.reads_again

VIEWERS = ["pastaRiot", "Lunaria_", "kekw_enjoyer", "mr_fenwick", "sn0wbirb", "Gwendolyn_R", "tortle_p"]
#: What viewers say between the votes (``{}``: a square of the move just played).
CHATTER = ["{} is right next to his home row KEKW", "why {} lol", "trust", "uh oh", "GG soon", "that {} move though", "LETS GOOO"]


def judged_winners(text: str) -> list[str | None]:
    (match,) = validate_text(text).matches
    return [str(r.winner) if r else None for _, r in match.rounds]


def rounds_of(seed: int, target: int) -> tuple[str, list[tuple[Position, list[Move]]]]:
    """A generated match (its record, the truth) and each round's start and moves, the
    back-entries of pushes left out."""
    truth = written(seed, Form.TEXT, "en", target)
    return truth, [(rr.start, played(rr)) for rr in replay_match(only_match(truth)).rounds]


def words(move: Move) -> tuple[str, str]:
    """A move's tower and the colour of the square it lands on, in words."""
    said = move.text("text", "en").split()
    return said[0], said[-1]


def stream_chat(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth) played on a stream, chat (Black) against the
    streamer (Gold): before each of Black's moves viewers vote ``!move <from> <to>``, most
    for the move played, some for other legal moves, and talk of the squares of the move
    before; a bot closes the vote and says each move played, the streamer's too."""
    truth, rounds = rounds_of(seed, rng.choice([1, 3]))
    out = ["# Start logging at 2024-11-21 20:28:44", "[20:28:44] Joined #kamikaze_tv"]
    clock = 29 * 60

    def say(who: str, text: str) -> None:
        nonlocal clock
        clock += rng.randint(1, 9)
        out.append(f"[{20 + clock // 3600:02}:{clock // 60 % 60:02}:{clock % 60:02}] {who}: {text}")

    say("kamisado_bot", "New game: Chat (Black) vs kamikaze_tv (Gold). Vote with !move <from> <to>")
    for n, (start, moves) in enumerate(rounds, 1):
        position = start.copy()
        say("kamisado_bot", f"Round {n} begins.")
        for move in moves:
            tower, lands = words(move)
            if move.is_forfeit:
                say("kamisado_bot", f"{tower} is blocked and passes (stays on {lands}).")
            elif move.side.name == "BLACK":
                others = [m for m in position.legal_moves() if m.target != move.target]
                votes = [move] * rng.randint(2, 4) + rng.sample(others, min(len(others), rng.randint(0, 2)))
                rng.shuffle(votes)
                for vote in votes:
                    say(rng.choice(VIEWERS), f"!move {square_name(vote.origin)}{rng.choice([' ', ''])}{square_name(vote.target)}")
                tally = sorted({v.coords(): votes.count(v) for v in votes}.items(), key=lambda kv: -kv[1])
                say("kamisado_bot", "Vote closed: " + " | ".join(f"{c} ({k})" for c, k in tally))
                say("kamisado_bot", f"Chat plays {tower} {square_name(move.origin)} → {square_name(move.target)} (lands on {lands.lower()}).")
            else:
                say("kamisado_bot", f"kamikaze_tv plays {tower} {square_name(move.origin)} → {square_name(move.target)} (lands on {lands.lower()}).")
            if rng.random() < 0.4:
                say(rng.choice(VIEWERS), rng.choice(CHATTER).format(square_name(move.target)))
            position.play(move)
        say("kamisado_bot", "Round over. GG")
    out.append("# Stop logging")
    return "\n".join(out) + "\n", truth


def clock_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth) as a chess clock app exports it: a row a tap, its
    number, the time, the player's letter, the time thought and both clocks in tenths
    (``0:14.6``), and a note a player typed, the move: its tower cut short (to three
    letters: one, ``P``, may be pink or purple, and a short round may not tell) and its
    squares, or the square it went to alone, a remark after it perhaps, in quotes where
    it holds a comma."""
    truth, rounds = rounds_of(seed, rng.choice([1, 3]))
    out = ["# TapClock 4.2 - session export", "# player A: Jonas (black)   player B: Wei (gold)", "tap,timestamp,player,think,remaining_A,remaining_B,note"]
    left = [1800.0, 1800.0]
    tap = 0
    for start, moves in rounds:
        out.append(f"{tap},15:02:11,-,0:00.0,{clock(left[0])},{clock(left[1])},start ({'AB'[moves[0].side.value]} to move)")
        for move in moves:
            tap += 1
            think = rng.randint(10, 600) / 10
            left[move.side.value] -= think
            tower = words(move)[0].lower()
            short = rng.choice([tower[:3], tower[:3].title(), tower])
            note = f"{short} {move.coords()}" if rng.random() < 0.7 or move.is_forfeit else f"{short} {square_name(move.target)}"
            if rng.random() < 0.3:
                note = f'"{note} !! nice, what a move"'
            out.append(f"{tap},15:{tap // 60 % 60:02}:{tap % 60:02},{'AB'[move.side.value]},{clock(think)},{clock(left[0])},{clock(left[1])},{note}")
        out.append(f"-,15:59:59,-,-,{clock(left[0])},{clock(left[1])},PAUSED")
    return "\n".join(out) + "\n", truth


def clock(seconds: float) -> str:
    """A clock's time in minutes, seconds and tenths (``2:47.4``)."""
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def forum_thread(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth) played by posts on a forum, each a move in a few
    words (``Pink d8–f6. Brown for you.``, ``Brown straight up five, to a6.``), and a tracker bot that posts the board every
    few moves in a ``<pre>`` block: each rank's number, then a dot for an empty square
    or two letters for a tower (Gold's in capitals, a Sumo's marked ``*``)."""
    truth, rounds = rounds_of(seed, rng.choice([1, 3]))
    out = ["<html><body>"]
    every = rng.randint(3, 5)
    for n, (start, moves) in enumerate(rounds, 1):
        position = start.copy()
        out += [f'<div class="post"><p><b>Round {n}</b></p>', *board(position), "</div>"]
        for k, move in enumerate(moves, 1):
            tower, lands = words(move)
            said = f"{tower} passes." if move.is_forfeit else rng.choice(post(move)).format(tower=tower, lands=lands)
            when = f"{rng.choice(['Sat', 'Sun', 'Mon'])} Oct {rng.randint(1, 28)}, 2024 {rng.randint(1, 12)}:{rng.randint(0, 59):02} PM"
            out.append(f'<div class="post"><p class="author">by <strong>{["hendrik_vdb", "priya.s"][move.side.value]}</strong> » {when}</p><p>{said}</p></div>')
            position.play(move)
            if k % every == 0:
                out += [f'<div class="post"><p class="author">by <strong>PBP-Tracker</strong></p><p>Board after move {k}:</p>', *board(position), "</div>"]
    out.append("</body></html>")
    return "\n".join(out) + "\n", truth


#: A tower's two letters on a tracker's board, by its letter in a position's string.
CODES = {"o": "or", "b": "bl", "p": "pu", "k": "pi", "y": "ye", "r": "re", "g": "gr", "n": "br"}


#: How a post says a move's way and its length.
WAYS = {"Forward": "straight up", "Left": "diagonally left", "Right": "diagonally right"}
NUMBERS = ["", "one", "two", "three", "four", "five", "six", "seven"]


def post(move: Move) -> list[str]:
    """The ways a player's post says ``move`` (``{tower}``, ``{lands}``: its colours)."""
    way = WAYS[move.text("text", "en").split()[1]]
    to = square_name(move.target)
    return [
        f"{{tower}} {square_name(move.origin)}–{to}. {{lands}} for you.",
        f"{{tower}} {way} {NUMBERS[move.distance]}, to {to}.",
        f"{{tower}} to {to}",
        f"I'll go {{tower}} {square_name(move.origin)} to {to}.",
    ]


def board(position: Position) -> list[str]:
    """``position`` drawn as a forum's tracker draws it (:func:`forum_thread`)."""
    ranks = position.to_string().split()[0].split("/")
    rows = ["<pre>    a   b   c   d   e   f   g   h"]
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        cells: list[str] = []
        for ch in rank:
            if ch == "+":
                cells[-1] += "*"
            else:
                code = CODES.get(ch.lower(), ".")
                cells.append(code.upper() if ch.isupper() else code)
        rows.append(f"{number} " + " ".join(c.rjust(3) for c in cells))
    rows[-1] += " </pre>"
    return rows


@pytest.mark.parametrize("seed", [7403, 2462, *range(12)])
def test_a_streams_votes_are_proposals_and_the_bots_moves_the_match(seed: int) -> None:
    """A stream's chat (:func:`stream_chat`) reads as its match: each viewer's vote is a
    move proposed, the one played among them, and the bot's line the move played. Read as
    one voice, the votes for other legal moves made other matches, or none (blind set ae,
    a Twitch log: no round judged before session 68; these seeds: 18 of 20 before). Where
    the chat's reading leaves a round uncertain, each speaker's lines are read alone. (Not
    a property over every chat: a short round whose bot's tally names a move proposed
    that makes, with the words of the move played after it, a reading near as good, is
    left unjudged, about one chat in thirty: the next test.)"""
    text, truth = stream_chat(seed, random.Random(seed))
    assert judged_winners(text) == list(winners(truth).values()), text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2462, hand=515)  # (a short round left unjudged: the limit above)
@example(seed=0, hand=135)  # (session 69: a chat read whole as written, all its voices, and better in the bot's voice alone, which only another order tried)
def test_a_round_judged_of_a_streams_chat_is_the_truths(seed: int, hand: int) -> None:
    """Every round judged of a stream's chat (:func:`stream_chat`) is the truth's round,
    whatever the votes propose; the rounds before the last are all judged."""
    text, truth = stream_chat(seed, random.Random(hand))
    got, want = judged_winners(text), list(winners(truth).values())
    assert all(g in (None, w) for g, w in zip(got, want, strict=True)), text
    assert None not in got[:-1], text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=7405, hand=0)
def test_a_clock_apps_notes_column_holds_the_moves(seed: int, hand: int) -> None:
    """A chess clock app's export (:func:`clock_export`) reads as its match. Its heading
    names a ``note`` column, which holds no move where the row's other cells say one; here
    they hold numbers alone, so the notes are the moves (before session 68 they were
    blanked: the file held no match). A time in tenths (``0:14.6``) is one time, no
    distance, and ``(A to move)`` is player A's turn, no square a2."""
    text, truth = clock_export(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=7406, hand=0)
def test_a_boards_diagram_between_the_posts_is_no_move(seed: int, hand: int) -> None:
    """A play-by-post thread with the board drawn every few moves (:func:`forum_thread`)
    reads as its match: a rank of a diagram (``4  .   .  PU   .   .   .   .  OR``) says
    where towers stand, no move. (These threads read right before session 68 too, their
    moves clear enough to outweigh the boards' letters; blind set ae's thread, whose moves
    say less, ``Pu f7``, did not: see the next test.)"""
    text, truth = forum_thread(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text


@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@settings(max_examples=10, deadline=None)
def test_a_rank_of_a_diagram_holds_no_evidence(seed: int, rng: random.Random) -> None:
    """Each rank of a board drawn (:func:`board`, any position of a generated match,
    markup around it or not) gives the reading no clue: before session 68 its towers'
    letters were colours and its rank's number a distance, read as moves (blind set ae, a
    play-by-post thread: a round judged, four not)."""
    _truth, rounds = rounds_of(seed, 1)
    start, moves = rounds[0]
    position = start.copy()
    for move in moves[: rng.randrange(len(moves))]:
        position.play(move)
    ranks = board(position)[1:]
    if rng.random() < 0.5:
        ranks = [f"<p>{line}</p>" for line in ranks]
    assert pieces_of(ranks) == []
