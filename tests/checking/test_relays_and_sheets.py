"""Records relayed or handed out as people make them (docs/record-decisions.md, "What the
legal moves settle in relayed and handed-out records"): a classroom worksheet (each round's heading a sentence that names the round
before, each lineup a row of files and colours, ``a:Orange  b:Blue``, a table of moves
with questions between), a mail game (each message one move in words, each reply quoting
the message before it), a chat thread (each line a player's initial, a tower and the
square it goes to, a wrong square corrected a line or two later), and a French club's
list (``2. Or    rose d2``: *Or* is Gold, *rose* pink). Each is generated from a match
(the truth), and judged as the truth played it, with no error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, Side, fix_text, replay_match, validate_text
from kamisado_notation.engine.board import Colour, Direction, square_name
from kamisado_notation.notation.writer import Form
from tests.support.slips import only_match, played, winners, written

pytestmark = pytest.mark.reads_again


def judged(text: str) -> tuple[list[str | None], list[str]]:
    """The winner of each round of the one match of ``text`` (``None`` where not
    judged), and its errors."""
    (match,) = validate_text(text).matches
    return [str(r.winner) if r else None for _, r in match.rounds], [d.message for d in match.diagnostics if d.severity is Severity.ERROR]


def truth_of(seed: int, target: int) -> tuple[str, list[Any]]:
    """A generated match to ``target`` points and its replayed rounds."""
    truth = written(seed, Form.TEXT, "en", target=target)
    return truth, replay_match(only_match(truth)).rounds



def expected(truth: str) -> tuple[list[str | None], list[str]]:
    return list(winners(truth).values()), []


# ---------------------------------------------------------------- a classroom worksheet

#: How the worksheet writes a direction (the mover's).
SHEET_WAYS = {Direction.FORWARD: "F", Direction.LEFT: "DL", Direction.RIGHT: "DR"}
QUESTIONS = [
    "Q{}. After this move, which square is {}'s {} tower on? ______",
    "Q{}. Which colour square did the {} tower land on? ______  So which tower must {} move next? ______",
    "Q{}. Why could the {} tower not go straight on? ____________________ ({})",
]


def worksheet(seed: int, rng: random.Random) -> tuple[str, str]:
    """A teacher's worksheet: an explanation of the notation first (its examples name
    towers and directions), then each round under a heading that says, in a sentence,
    who filled from which side after which round and who moves first, the two home rows
    as files and colours (``Row 8 (Black): a:Orange  b:Blue …``, a Sumo starred), and a
    table of the moves (``  3 | Black  | Brown  | DR2``), a question box every few rows."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    out = ["STRATEGY GAMES CLUB (Y8/Y9)", "Worksheet 6: Replaying a Kamisado match from notation", "",
           "Name: ______________________   Form: ______", "",
           "HOW THE MOVES ARE WRITTEN",
           '  * Each move gives the COLOUR of the tower, then the direction and the number of squares, e.g. "Green F5".',
           "  * F = straight forward, DL = diagonally to the LEFT, DR = diagonally to the RIGHT (the mover's left and right).",
           "  * Black starts on row 8, Gold on row 1.", "", "=" * 60]
    asked = 0
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        first = moves[0].side.title
        if n == 1:
            out.append(f"ROUND 1   ({first} moves first)")
        else:
            out.append(f"ROUND {n}   (the winner of round {n - 1} refilled the home rows from the {rnd.fill.value.upper()}; {first} moves first)")
        for label, squares in (("Row 8 (Black):", range(56, 64)), ("Row 1 (Gold): ", range(8))):
            cells = []
            for sq in squares:
                tower = rnd.start.tower_at(sq)
                cells.append(f"{square_name(sq)[0]}:" + (tower.colour.title + "*" * tower.rings if tower is not None else "-"))
            out.append(f"  {label} " + "  ".join(cells))
        out += ["", "   Move | Player | Tower  | Move", "   -----+--------+--------+--------"]
        for k, m in enumerate(moves, 1):
            how = "blocked" if m.is_forfeit else f"{SHEET_WAYS[m.direction]}{m.distance}"
            out.append(f"   {k:>4} | {m.side.title:<6} | {m.tower.title:<6} | {how}")
            if k % 3 == 0 and k < len(moves):
                asked += 1
                question = rng.choice(QUESTIONS).format(asked, m.side.title, m.tower.title.lower(), "think!")
                out += ["", "   +" + "-" * 50, f"   | {question}", "   +" + "-" * 50, ""]
        out += ["", f"   Result: {rnd.result.winner.title} reaches the home row and wins round {n}.", "=" * 60]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2821, hand=0)
def test_a_worksheets_lineups_of_files_and_its_headings_in_sentences_are_read(seed: int, hand: int) -> None:
    """A lineup written as files and colours (``a:Orange  b:Blue``) is a lineup, no
    moves (before session 41 it was read as entries: 'Orange  b:Blue' fitting three
    moves), and a heading that names the round before in its sentence (``the winner of
    round 1 refilled … from the RIGHT``) is the round's heading with its fill (before,
    its digit made it no heading)."""
    text, truth = worksheet(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a mail game

PEOPLE = [("Helen Marsh", "helen.marsh@example.org"), ("Kees van Dijk", "kvdijk@example.net")]
WAYS_SAID = {Direction.FORWARD: ["straight {}", "straight ahead {}", "straight up {}"], Direction.LEFT: ["diagonal left {}", "{} diagonally to the left"], Direction.RIGHT: ["diagonal right {}", "{} diagonally to the right"]}


def said_move(m: Any, rng: random.Random) -> str:
    """A move as a player says it in a mail: the tower, the way and the distance, its
    squares or the square it goes to."""
    if m.is_forfeit:
        return f"My {m.tower.title.lower()} is stuck, I have to pass."
    way = rng.choice(WAYS_SAID[m.direction]).format(m.distance)
    squares = rng.choice([f" ({square_name(m.origin)}-{square_name(m.target)})", f", to {square_name(m.target)}.", f" -> {square_name(m.target)}."])
    return rng.choice(["", "My move: ", "Ok. "]) + f"{m.tower.title}, {way}{squares}"


def mail_thread(seed: int, rng: random.Random) -> tuple[str, str]:
    """A game by mail as a mail program prints the thread: each message its sender, the
    date, a greeting, one move in words (its squares too), a signature, and the message
    before it quoted (``> ``, a quote's quote ``>> ``), the quote cut short."""
    truth, rounds = truth_of(seed, rng.choice([1, 1, 3]))
    out = ["Mail", "", "Kamisado by mail", f"{sum(len(played(r)) for r in rounds)} messages", ""]
    before: list[str] = []
    day = 1
    for n, rnd in enumerate(rounds, 1):
        for k, m in enumerate(played(rnd)):
            name, address = PEOPLE[m.side.value]
            other = PEOPLE[1 - m.side.value]
            day += rng.choice([0, 1])
            out += [f"{name} <{address}>\tFeb {day}, 2025 at {rng.randint(7, 22)}:{rng.randint(0, 59):02d}", f"To: {other[0]} <{other[1]}>", ""]
            body = [f"Hi {other[0].split()[0]},", ""]
            if k == 0 and n > 1:
                body += [f"Round {n} then, filled from the {rnd.fill.value} as agreed.", ""]
            body += [said_move(m, rng), "", rng.choice(["Best,", "Groeten,", "Cheers"]), name.split()[0], ""]
            out += body
            if before:
                out += [f"On Feb {max(day - 1, 1)}, 2025, {other[0]} <{other[1]}> wrote:"] + [("> " + line).rstrip() for line in before if line] + ["[Quoted text hidden]", ""]
            before = body
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2811, hand=0)
def test_a_mail_games_quotes_say_no_move_again(seed: int, hand: int) -> None:
    """A reply quoting the message before it (``> Green straight up 4, to b5``) says
    no move again: the quote is set aside (before session 41 each move was read twice,
    and no round was judged); a square such as ``b6`` after a tower is a square, not
    the short form's back six (a back-entry is one square)."""
    text, truth = mail_thread(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a chat thread

GERMAN = ["Braun", "Grün", "Rot", "Gelb", "Rosa", "Lila", "Blau", "Orange"]
CORRECTIONS = ["korrigiert: {}", "Korrektur {}", "sorry, correction: {}"]


def chat_thread(seed: int, rng: random.Random) -> tuple[str, str]:
    """A club's chat thread: each round under a heading that says who fills from which
    side (``Runde 2 – Felix füllt von rechts, Timo beginnt``), each move a line of the
    mover's initial, its tower in German and the square it goes to (``T: Rosa c2``),
    a poster's name and time between, a wrong square now and then, which somebody
    questions on the next line and the poster corrects on the line after."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    initials = {Side.BLACK: "F", Side.GOLD: "T"}
    out = ["#spieleabend", "", "Jana Köhler  12:01", "Felix (F, Schwarz) gegen Timo (T, Gold), auf 3 Punkte. Ich schreibe mit."]
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        starter = "Felix" if moves[0].side is Side.BLACK else "Timo"
        chooser = "" if rnd.fill is None else "Felix" if rounds[n - 2].result.winner is Side.BLACK else "Timo"
        fill = "" if rnd.fill is None else f" – {chooser} füllt von {'links' if rnd.fill.value == 'left' else 'rechts'}"
        out += ["", f"Jana Köhler  12:{(10 + n) % 60:02d}", f"Runde {n}{fill}, {starter} beginnt"]
        for k, m in enumerate(moves):
            said = f"{initials[m.side]}: {GERMAN[m.tower.value]} " + ("blockiert" if m.is_forfeit else square_name(m.target))
            if not m.is_forfeit and k and rng.random() < 0.15:
                wrong = square_name(m.target)[0] + str(int(square_name(m.target)[1]) % 8 + 1)
                out += [f"{initials[m.side]}: {GERMAN[m.tower.value]} {wrong}", f"    Felix Brandt  12:{k:02d}", f"    {square_name(m.target)}??", rng.choice(CORRECTIONS).format(said)]
            else:
                out.append(said)
            if rng.random() < 0.1:
                out += ["", f"    Timo Weber  12:{k:02d}", "    " + rng.choice(["puh", "knapp!", "👀", "das war eng"]), ""]
        out.append(f"{rnd.result.winner.title} gewinnt die Runde ✅")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2814, hand=0)
@example(seed=1963, hand=803)  # (a round not judged before session 41: its first move's tower set aside, the line's square read with the next line's colour)
@example(seed=8225, hand=728)  # (an error before session 41: 'F: Orange a4', Felix's line, read as forward)
def test_a_chat_threads_towers_and_squares_a_line_each_are_read_a_move_a_line(seed: int, hand: int) -> None:
    """``T: Rosa c2`` then ``F: Gelb d6``: each line one move, the colour at a line's
    start its tower, though it is the colour the move on the line before landed on too;
    a correction a line or two after a wrong square takes it back, a question between
    (``c3??``) being no move; a letter and a colon at a line's start (``F: Orange a4``)
    label it, no direction. (Most such threads were read before session 41 too, but not
    all: seeds 1963 and 8225.)"""
    text, truth = chat_thread(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- an IRC channel's log

SURPRISE = ["wait. {}??", "wait what, {}!", "hold on... {} ??", "wait wait. {}"]


def irc_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """An IRC channel's log (``20:26 < priya_m> green h8-h3``): the two players type their
    own moves, a tower and its squares; a player's move now and then opens with a word
    of surprise at the move before (``wait. green a1-h8??``: no correction of it), a
    wrong square now and then corrected by its mover on the next line (``no wait, green
    f1-f8``, ``no wait, f8``),
    a watcher's chatter between, the score after each round."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    nicks = {Side.BLACK: "priya_m", Side.GOLD: "samwise_g"}
    clock = [20 * 60 + rng.randint(0, 30)]

    def line(nick: str, said: str) -> str:
        clock[0] += rng.randint(0, 2)
        return f"{clock[0] // 60 % 24:02d}:{clock[0] % 60:02d} < {nick}> {said}"

    out = ["--- Log opened Fri Nov 17 20:02:11 2023", line("priya_m", "im black, you gold, to 3")]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for rnd in rounds:
        if rnd.fill is not None:
            out.append(line(nicks[rnd.plies[0].move.side.other], f"fill {rnd.fill.value}"))
        for m in played(rnd):
            nick = nicks[m.side]
            if m.is_forfeit:
                out.append(line(nick, f"{m.tower.name.lower()} is stuck, pass"))
                continue
            said = f"{m.tower.name.lower()} {square_name(m.origin)}-{square_name(m.target)}"
            roll = rng.random()
            if roll < 0.15:
                out.append(line(nick, rng.choice(SURPRISE).format(said)))
            elif roll < 0.25:
                wrong = rng.choice([square_name(m.target)[0] + rank for rank in "12345678" if rank not in square_name(m.origin) + square_name(m.target)])
                out += [line(nick, f"{m.tower.name.lower()} {square_name(m.origin)}-{wrong}"), line(nick, f"no wait, {rng.choice([said, square_name(m.target)])}")]
            else:
                out.append(line(nick, said))
            if rng.random() < 0.1:
                out.append(line("kev_o", rng.choice(["lol", "popcorn.gif", "shes cooking", "oof"])))
        score[rnd.result.winner] += rnd.result.points
        out.append(line(nicks[rnd.result.winner], f"home. {score[Side.BLACK]}-{score[Side.GOLD]}"))
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2970, hand=0)
@example(seed=7430, hand=0)
@example(seed=693, hand=0)
@example(seed=196, hand=0)  # ('orange a8-a6', 'no wait, a3': red could reach a3 too; the correction keeps the tower)
def test_an_irc_logs_word_of_surprise_before_a_move_takes_none_back(seed: int, hand: int) -> None:
    """``wait. green a1-h8??``, the next player's move after a word of surprise, is a
    move; the line before it, which such a word would take back as a correction, is read
    too (a whole move after such a word takes back only a move it names again in part,
    its tower or a square; and a taken-back line's clues still anchor an entry, weighing
    half); ``no wait, f8`` after a wrong square is its mover's correction, read though a
    square alone is not the writer's habit, and as a move of the tower the line it
    corrects named (before session 44 the line before a surprise
    could not be read, a lone square after a correction lost to the habit, and the round
    was lost)."""
    text, truth = irc_log(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a French club's list

FRENCH = ["marron", "vert", "rouge", "jaune", "rose", "violet", "bleu", "orange"]


def french_list(seed: int, rng: random.Random) -> tuple[str, str]:
    """A French club's report: each round under a heading (``— MANCHE 2 — Bastien
    remplit depuis la gauche, Claire commence``), each move numbered with its side's
    word (*Noir*, *Or*: the short form's orange too), its tower's colour in French and
    the square it goes to (``2. Or    rose d2``), a forfeit in words, and prose between
    the rounds naming towers and squares. (A match of one round of a few moves, half of
    them to the f-file, is a limit: too few squares tell the text's habit, and ``f1``
    after a tower is the short form's forward one as likely.)"""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    side_word = {Side.BLACK: "Noir", Side.GOLD: "Or"}
    out = ["Compte rendu — finale du club", "", "Bastien (Noir) contre Claire (Or). Les coups : côté, tour, case d'arrivée.", ""]
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        fill = "position de départ classique" if rnd.fill is None else f"{'Bastien' if rounds[n - 2].result.winner is Side.BLACK else 'Claire'} remplit depuis la {'gauche' if rnd.fill.value == 'left' else 'droite'}"
        out += [f"— MANCHE {n} — {fill}, {side_word[moves[0].side]} commence", ""]
        for k, m in enumerate(moves, 1):
            what = f"({FRENCH[m.tower.value]} bloqué — passe)" if m.is_forfeit else f"{FRENCH[m.tower.value]} {square_name(m.target)}"
            out.append(f"{k:>2}. {side_word[m.side]:<5} {what}")
        last = moves[-1]
        out += ["", f"Le {FRENCH[last.tower.value]} file jusqu'en {square_name(last.target)}. {rng.choice(['Bien joué', 'Quelle manche', 'Rapide'])} !", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2823, hand=0)
@example(seed=7286, hand=667)  # (a round not judged before session 41)
@example(seed=4873, hand=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 46; the same on 84da49d): 'rouge g3' left between several moves, round 4 on not judged")
def test_a_french_lists_colour_words_before_squares_are_towers(seed: int, hand: int) -> None:
    """``Or    rose d2``: *Or* (Gold; the short form's orange) before a colour's word
    is a word, and *rose* (a word that is English too, weak) before a square is the
    tower's colour, not a code set aside. (Most such lists were read before session 41
    too, by the reading against the moves, but not all: seed 7286.)"""
    text, truth = french_list(seed, random.Random(hand))
    assert judged(text) == expected(truth)



# ---------------------------------------------------------------- a program's log of compass headings

#: Compass points as programs and people write them: the board's Black home row north.
COMPASS_WRITTEN = [
    {"N": "N", "S": "S", "NW": "NW", "NE": "NE", "SW": "SW", "SE": "SE"},
    {"N": "north", "S": "south", "NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east"},
    {"N": "Nord", "S": "Süd", "NW": "NW", "NE": "NO", "SW": "SW", "SE": "SO"},
]


def heading_of(m: Any) -> str:
    """The compass heading of move ``m`` (Black's home row north: Gold goes north, and
    his left is west; Black goes south, and his left is east)."""
    ahead = "N" if m.side is Side.GOLD else "S"
    if m.direction is Direction.FORWARD:
        return ahead
    west = (m.direction is Direction.LEFT) == (m.side is Side.GOLD)
    return ahead + ("W" if west else "E")


def compass_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A game program's log of a match: each move a row of its number, the side (a
    letter or a word), the tower, its compass heading and distance (run together,
    ``NW2``, or apart) and the square it lands on; a round's start and end as the
    program logs them."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    points = rng.choice(COMPASS_WRITTEN)
    glued = points["N"] == "N" and rng.random() < 0.7
    sides = rng.choice([("B", "G"), ("black", "gold"), ("BLK", "GLD")])
    out = [f"# tower-tactics {rng.randint(2, 4)}.{rng.randint(0, 9)} log", f"# seed {rng.randint(1000, 9999)}", "# heading: compass (north = Black's home row), then squares", ""]
    for n, rnd in enumerate(rounds, 1):
        fill = "" if rnd.fill is None else f" fill={rnd.fill.value}"
        out.append(f"--- round {n}{fill} ---")
        for k, m in enumerate(played(rnd), 1):
            side = sides[m.side.value]
            if m.is_forfeit:
                out.append(f"{k:>4}  {side:<5} {m.tower.title.lower():<8} --        (no move)")
                continue
            point = points[heading_of(m)]
            vec = f"{point}{m.distance}" if glued else f"{point} {m.distance}"
            out.append(f"{k:>4}  {side:<5} {m.tower.title.lower():<8} {vec:<14} {square_name(m.target)}" + ("  push" if m.push else ""))
        out += [f"--- end of round {n}: {rnd.result.winner.title.lower()} home ---", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2848, hand=0)
@example(seed=265, hand=59)  # ('N 5': north five, not Brown's code; a fresh clone's random profile)
def test_a_logs_compass_headings_are_read_as_the_mover_goes(seed: int, hand: int) -> None:
    """A compass heading (``NW2``, ``south-east 3``) says a diagonal's side of the
    board, which the mover makes his left or right: north-west is Gold's left and
    Black's right (before session 42 every diagonal heading was read as east, and
    such a log read as from the other side of the board, each round's winner the
    other side; ``N2``, north two, read as a brown tower)."""
    text, truth = compass_log(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a server's export: a round a game

COLOUR_CODES = ["Br", "Gr", "Rd", "Ye", "Pk", "Pu", "Bl", "Or"]


def games_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A game server's export of a match, each round a game of its own under headers
    of its own (as a chess server writes each game): the event, the round's number, the
    players, the fill and the start rows the server keeps, the round's result (``1-0``:
    Black won it); then its moves in pairs, each two squares (``1. a8-a7 c1-f4``), or
    the tower's code and the square it goes to (``1. Or:a7 Rd:f4``)."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    black, gold = rng.choice([("mirek_k", "SunnyTowers"), ("Ana Lim", "Bea Kovac"), ("tower_tom", "kaya99")])
    coded = rng.random() < 0.4
    out = [f"; {rng.choice(['towerplay', 'kami.club', 'boardhub'])} export -- match m{rng.randint(10000, 99999)}", ""]
    for n, rnd in enumerate(rounds, 1):
        out += ['[Event "Rated match"]', '[Site "online"]', f'[Date "2024.03.{n + 3:02d}"]', f'[Round "{n}"]', f'[Black "{black}"]', f'[Gold "{gold}"]']
        out += [f'[Fill "{rnd.fill.value}"]'] if rnd.fill is not None else []
        out += [f'[Result "{"1-0" if rnd.result.winner is Side.BLACK else "0-1"}"]', ""]
        said = []
        for m in played(rnd):
            if m.is_forfeit:
                said.append("--")
            elif coded:
                said.append(f"{COLOUR_CODES[m.tower.value]}:{square_name(m.target)}")
            else:
                said.append(f"{square_name(m.origin)}-{square_name(m.target)}")
        pairs = [f"{k // 2 + 1}. {' '.join(said[k:k + 2])}" for k in range(0, len(said), 2)]
        out += [" ".join(pairs) + (" 1-0" if rnd.result.winner is Side.BLACK else " 0-1"), ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2841, hand=0)
@example(seed=306, hand=0)  # (the first game's Result blamed as the match's, which stopped the reading again: a fresh clone's random profile, session 42)
@example(seed=23, hand=0).xfail(raises=ValueError, reason="known (a fresh clone's random profile, session 44; the same on ef47daa): games whose entries run a tower and its square together ('Rd:e3') are not read again as one match: five matches")
def test_a_servers_games_of_one_match_are_its_rounds(seed: int, hand: int) -> None:
    """Games under headers of their own whose ``Round`` headers count on, between the
    same players, are the rounds of one match: read again as one (before session 42
    each game was a match of its own, the second and later ones replayed from a
    match's start and blamed for moves that were legal where their round began)."""
    text, truth = games_export(seed, random.Random(hand))
    assert judged(text) == expected(truth)
    fixed = fix_text(text).text
    assert judged(fixed) == expected(truth)


# ---------------------------------------------------------------- a dictated memo, a round a paragraph

#: Colour words (the order of :class:`Colour`), rank words one to eight, and the words a
#: speaker puts before the squares, as phone dictation writes them in small letters.
DICTATED = {
    "de": (["Braun", "Grün", "Rot", "Gelb", "Rosa", "Lila", "Blau", "Orange"], ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"], ("zieht {} von {} nach {}", "landet auf {}"), "Runde {}"),
    "nl": (["bruin", "groen", "rood", "geel", "roze", "paars", "blauw", "oranje"], ["één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht"], ("speelt {} van {} naar {}", "dat is {}"), "Ronde {}"),
    "it": (["marrone", "verde", "rosso", "giallo", "rosa", "viola", "blu", "arancione"], ["uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto"], ("muove il {} da {} a {}", "casella {}"), "Round {}"),
    "pl": (["brązowa", "zielona", "czerwona", "żółta", "różowa", "fioletowa", "niebieska", "pomarańczowa"], ["jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem"], ("rusza {} z {} na {}", "pole {}"), "Runda {}"),
    "pt": (["marrom", "verde", "vermelho", "amarelo", "rosa", "roxo", "azul", "laranja"], ["um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito"], ("{} de {} para {}", "caiu no {}"), "Rodada {}"),
}


def dictated_memo(seed: int, rng: random.Random) -> tuple[str, str]:
    """A voice memo as the phone's dictation wrote it: each round a paragraph in German,
    Dutch, Italian, Polish or Portuguese, each move its tower, its squares said as a file's small
    letter and the rank's word (``von a acht nach a sechs``; now and then digits,
    ``nach c7``), the colour it lands on, fillers between (``äh``, ``okay``)."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))
    language = rng.choice(sorted(DICTATED))
    ranks = DICTATED[language][1]

    def said(square: int) -> str:
        name = square_name(square)
        if rng.random() < 0.2 or (language in ("it", "pt") and name[0] in "ae"):
            return name  # (Italian's 'a otto', 'e sei' are words too: to eight, and six; Portuguese's 'a três', 'e um')
        return f"{name[0]} {ranks[int(name[1]) - 1]}"

    out = [f"Memo {rng.randint(1, 30)}.{rng.randint(1, 12)}. {rng.randint(18, 23)}:{rng.randint(0, 59):02d}", ""]
    return "\n".join(out + memo_rounds(rounds, language, said, lambda: rng.choice(["", "", "äh ", "okay ", "so "]))) + "\n", truth


def memo_rounds(rounds: list[Any], language: str, said: Callable[[int], str], filler: Callable[[], str]) -> list[str]:
    """A memo's paragraphs in ``language``, one a round: its heading, then each move its
    tower, its squares as ``said`` says them and the colour it lands on, ``filler``'s word
    before it; a blank line after each."""
    colours, _ranks, (move_said, landing_said), heading = DICTATED[language]
    out = []
    for n, rnd in enumerate(rounds, 1):
        sentences = [heading.format(n) + "."]
        for m in played(rnd):
            if m.is_forfeit:
                sentences.append(f"{colours[m.tower.value]} pass.")
                continue
            sentences.append(f"{filler()}{move_said.format(colours[m.tower.value], said(m.origin), said(m.target))}, {landing_said.format(colours[m.square_colour.value])}.")
        out += [" ".join(sentences), ""]
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_dictated_memos_squares_in_words_are_squares(seed: int, hand: int) -> None:
    """A square dictated as a file's small letter and a rank's word in any language
    (``a acht``, ``b één``, ``c sette``) is a square, weak as a small letter alone is
    (before session 42 only English rank words were, and such a memo judged no round);
    but ``a`` or ``e`` before a number word of a language in which it is a word
    (Italian ``a otto``, to eight; ``e sei``, and six) is no square."""
    text, truth = dictated_memo(seed, random.Random(hand))
    assert judged(text) == expected(truth)


#: The files' letters by their names, as each language says them (Italian's ``bi``, ``ci``,
#: ``di``, ``gi`` are words before its numbers too: ``di sei``, of six; said as digits).
LETTERS = {
    "de": {"b": "be", "c": "ce", "d": "de", "f": "ef", "g": "ge", "h": "ha"},
    "nl": {"b": "bee", "c": "cee", "d": "dee", "f": "ef", "g": "gee", "h": "ha"},
    "it": {"f": "effe", "h": "acca"},
    "pl": {"b": "be", "c": "ce", "d": "de", "f": "ef", "g": "gie", "h": "ha"},
    "pt": {"b": "bê", "c": "cê", "d": "dê", "e": "é", "f": "efe", "g": "gê", "h": "agá"},
}
#: The names that are words too before a number in digits (``de 8``: of 8; Portuguese
#: ``é 3``, is 3): said with a word.
WORDLIKE = {"be", "ce", "de", "ge", "é"}


def spelled_memo(seed: int, rng: random.Random) -> tuple[str, str]:
    """A voice memo whose dictation wrote each file by its letter's name (``ef acht``,
    ``gie siedem``, ``acca otto``), the rank in words or digits, as speech to text does;
    otherwise as :func:`dictated_memo`."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))
    language = rng.choice(sorted(DICTATED))
    ranks = DICTATED[language][1]

    def said(square: int) -> str:
        name = square_name(square)
        letter = LETTERS[language].get(name[0])
        digits = rng.random() < 0.3 and letter not in WORDLIKE  # ('de 8' may be French's 'of 8')
        rank = name[1] if digits else ranks[int(name[1]) - 1]
        return f"{letter} {rank}" if letter is not None else name

    out = [f"Sprachnotiz {rng.randint(1, 30)}.{rng.randint(1, 12)}.", ""]
    return "\n".join(out + memo_rounds(rounds, language, said, lambda: "")) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2916, hand=0)
@example(seed=0, hand=684)  # (a memo whose rounds were not all judged, as seed 1477's: session 55)
@example(seed=1477, hand=1)  # ('para é um', Portuguese for 'to e1': the random profile, session 55)
@example(seed=333, hand=1)  # (the random profile, session 56: found while the rule above was made)
def test_a_memos_files_said_by_their_letters_names_are_squares(seed: int, hand: int) -> None:
    """A file said by its letter's name (German ``ef acht``, Dutch ``gee twee``, Polish
    ``ha osiem``, Italian ``acca otto``), as speech to text writes a dictated square, is
    that square, weak as a small letter is (before session 43 such a memo judged few of
    its rounds)."""
    text, truth = spelled_memo(seed, random.Random(hand))
    assert judged(text) == expected(truth)


#: The ids a web app's database gives the colours.
COLOUR_IDS = {c: k for k, c in enumerate(Colour, 1)}


def sql_dump(seed: int, rng: random.Random) -> tuple[str, str]:
    """A web app's database dumped as SQL: a table of the colours' ids (``(1,'brown'),
    (2,'green'),…``: the eight colours, each once), a table of the rounds (their fill
    and winner), then every move of every round in one ``INSERT`` line (its id, the
    game, the round, the ply, the side's letter, the tower's id, its squares and a time),
    pushes' back-entries left out as the app stores them."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))
    game = rng.randint(100, 999)
    colours = ",".join(f"({COLOUR_IDS[c]},'{c.name.lower()}')" for c in Colour)
    out = ["-- MySQL dump 10.13  Distrib 8.0.36", "", "LOCK TABLES `colors` WRITE;", f"INSERT INTO `colors` VALUES {colours};", "UNLOCK TABLES;", ""]
    kept = [f"({game},{n},{'NULL' if rnd.fill is None else repr(rnd.fill.value)},'{rnd.result.winner.name.lower()}',{rnd.result.points})" for n, rnd in enumerate(rounds, 1)]
    out += ["LOCK TABLES `rounds` WRITE;", "INSERT INTO `rounds` VALUES " + ",".join(kept) + ";", "UNLOCK TABLES;", ""]
    moves, key = [], rng.randint(1000, 9000)
    for n, rnd in enumerate(rounds, 1):
        for ply, m in enumerate(played(rnd), 1):
            if m.is_forfeit:
                continue  # (the app stores no forfeit: the replay knows it)
            key += 1
            at = f"2024-05-02 19:{rng.randint(10, 59)}:{rng.randint(10, 59)}"
            moves.append(f"({key},{game},{n},{ply},'{m.side.name[0]}',{COLOUR_IDS[m.tower]},'{square_name(m.origin)}','{square_name(m.target)}','{at}')")
    out += ["LOCK TABLES `moves` WRITE;", "INSERT INTO `moves` VALUES " + ",".join(moves) + ";", "UNLOCK TABLES;"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=366, hand=0)  # (the push onto f4 and the winning f4-b8, its back-entry f4-f5 left out between: read as a wrong back-entry; the random profile, session 66)
@example(seed=299, hand=0)  # (the last round two plies long: a run to the record's end)
@example(seed=512, hand=0)  # (a forfeit, which the app stores not, among the next round's first moves)
@example(seed=2178, hand=0)  # (a1, b2 and the next row's c3 were read as one move's path: the random profile, session 56)
@example(seed=137, hand=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 69; the same on 218116a, before the session's changes): round 2 read on past its end ('the round is over: Gold reached the home row at ply 19'), rounds 3 and 4 not judged")
def test_a_databases_dump_every_round_on_one_line_is_read(seed: int, hand: int) -> None:
    """A database's dump (:func:`sql_dump`): its table of the colours' ids is a key, no
    move (eight colours each once, no direction, no square), and its one line of every
    move of every round is split where the replay says each round ends (a run of moves
    on the line after the round's end: the next round, its fill the one they replay
    under). Before session 56 the ids' table was read as moves, and no round was judged."""
    text, truth = sql_dump(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


#: A club's page: its words for the sides, the round and the comment's.
PAGE_WORDS = {
    "en": ("Black", "Gold", "Round", "the {} tower goes straight home!"),
    "de": ("Schwarz", "Gold", "Runde", "der {} Turm läuft durch!"),
    "hu": ("Fekete", "Arany", "forduló", "a {} torony beér!"),
}


def club_page(seed: int, rng: random.Random) -> tuple[str, str]:
    """A club's web page of a match: a heading a round, then a table of its moves, a
    row a ply: its number, the side (a cell whose class colours it), the tower, the
    direction and distance in one cell, and a comment cell (empty, or a sentence that
    names a colour: the winning tower's). The plies' numbers and the comment's colour
    are no distances and no landing."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    lang = rng.choice(sorted(PAGE_WORDS))
    black, gold, word, remark = PAGE_WORDS[lang]
    out = ["<!DOCTYPE html>", f'<html lang="{lang}">', "<head><meta charset=\"utf-8\"><title>Kamisado</title>", "<style>td{border:1px solid #999}</style></head>", "<body>"]
    for n, rnd in enumerate(rounds, 1):
        out += [f"<h2>{n}. {word}</h2>" if lang == "hu" else f"<h2>{word} {n}</h2>", "<table>", "<tr><th>#</th><th></th><th></th><th></th><th></th></tr>"]
        moves = played(rnd)
        for ply, m in enumerate(moves, 1):
            words = m.text("text", lang).split()
            tower, how = words[0], " ".join(words[1:-1]) if len(words) == 4 else "–"
            note = remark.format(words[0]) if ply == len(moves) and rng.random() < 0.7 else ""
            side = ("m", black) if m.side is Side.BLACK else ("x", gold)
            out.append(f'<tr><td>{ply}</td><td class="{side[0]}">{side[1]}</td><td>{tower}</td><td>{how}</td><td>{note}</td></tr>')
        out += ["</table>", f"<p>{rnd.result.winner}: {rnd.result.points}</p>"]
    return "\n".join([*out, "</body>", "</html>"]) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=7, hand=1)
@example(seed=7922, hand=385)  # (a random profile run, session 59: an HTML row's comment cell, its headings empty, named a colour read as the entry's landing)
def test_a_club_pages_tables_count_their_rows_and_comment_in_a_cell_of_their_own(seed: int, hand: int) -> None:
    """A web page's table (:func:`club_page`) is read as a text table is: a cell opens
    where a bar would stand, so each row's number reads as a counter, not a distance,
    and a comment's colour in the last cell is no landing. Before session 57 a Greek
    club's page lost four rounds of five: its rows' numbers were read as distances."""
    text, truth = club_page(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


def app_history(seed: int, rng: random.Random) -> tuple[str, str]:
    """An app's match history exported as CSV: a row a move (its side, player, tower, squares,
    the way it went and how far, the colour it landed on, and the seconds the player
    thought, a decimal: ``4.2``), a row where each round starts (its fill) and ends (its
    winner and the score)."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))
    players = {Side.BLACK: "hanna_k", Side.GOLD: "CPU"}
    match = f"{rng.randint(1000, 9999):x}-{rng.randint(1000, 9999):x}"
    out = [f"# match history export {rng.randint(1, 28)}.{rng.randint(1, 12)}.2025", "match_id,rnd,ply,side,player,tower,from,to,move_type,steps,landed_on,think_s,flag"]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        out.append(f"{match},{n},0,,,,,,,,,,ROUND_START {'std' if rnd.fill is None else 'fill=' + rnd.fill.value.upper()}")
        for ply, m in enumerate(played(rnd), 1):
            think = f"{rng.randint(0, 1) if m.side is Side.GOLD else rng.randint(1, 25)}.{rng.randint(0, 9)}"  # (the CPU's, a second or so)
            side = m.side.name
            if m.is_forfeit:
                out.append(f"{match},{n},{ply},{side},{players[m.side]},{m.tower.name},,,PASS,0,,{think},BLOCKED")
                continue
            way = "STRAIGHT" if m.direction is Direction.FORWARD else "DIAG"
            out.append(f"{match},{n},{ply},{side},{players[m.side]},{m.tower.name},{square_name(m.origin)},{square_name(m.target)},{way},{m.distance},{m.square_colour.name},{think},")
        score[rnd.result.winner] += rnd.result.points
        out.append(f"{match},{n},,,,,,,,,,,ROUND_END winner={rnd.result.winner.name} pts={rnd.result.points} score={score[Side.BLACK]}-{score[Side.GOLD]}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=6311, hand=0)  # (before session 43: not judged)
@example(seed=9401, hand=6)
def test_an_apps_history_with_decimal_times_reads_no_distance_in_them(seed: int, hand: int) -> None:
    """A number with a decimal point (``4.2``: the seconds a player thought, in an app's
    CSV export) is no distance: before session 43 ``BLUE,4.2`` was read as a Blue tower's
    move of 4, and such an export judged no round."""
    text, truth = app_history(seed, random.Random(hand))
    assert judged(text) == expected(truth)


#: A scoring app's words for a row's type, and for a forfeit's.
ROW_TYPES = ("MOVE", "move", "Zug")
FORFEIT_TYPES = ("PASS", "SKIP", "skipped", "FORFEIT")


def scoring_app_rows(seed: int, rng: random.Random) -> tuple[str, str]:
    """A phone app's export, separated by tabs or semicolons: a row a ply, its type
    (a move's word, or a forfeit's) in the cells before the player's name and side, then
    the tower, a level column (``normal`` always: the app keeps no rings), its squares, the way and the steps, the running score, a time
    and a note. A forfeit's row names the blocked tower, the square it stays on as its
    from and to (or its from alone) and 0 steps: the type word and the tower that stays
    are one forfeit, not two plies."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    sep = rng.choice(["\t", ";"])
    names = {Side.BLACK: rng.choice(["Tomás", "ana b.", "J. Ortiz"]), Side.GOLD: rng.choice(["Mei", "P. Novak", "kim"])}
    out = [sep.join(["match", "round", "seq", "type", "player", "side", "tower", "level", "from", "to", "way", "steps", "black", "gold", "time", "note"])]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    ways = {Direction.FORWARD: "fwd", Direction.LEFT: "diag_left", Direction.RIGHT: "diag_right"}
    move_word, pass_word, to_said = rng.choice(ROW_TYPES), rng.choice(FORFEIT_TYPES), rng.random() < 0.6
    for n, rnd in enumerate(rounds, 1):
        for ply, m in enumerate(played(rnd), 1):
            at = f"2025-03-02 1{rng.randint(6, 9)}:{rng.randint(10, 59)}:{rng.randint(10, 59)}"
            cells = [f"M-{seed}", str(n), str(ply), pass_word if m.is_forfeit else move_word, names[m.side], m.side.name.lower(), m.tower.name.lower(), "normal"]
            if m.is_forfeit:
                cells += [square_name(m.origin), square_name(m.target) if to_said else "", "", "0", str(score[Side.BLACK]), str(score[Side.GOLD]), at, "no legal move"]
            else:
                cells += [square_name(m.origin), square_name(m.target), ways[m.direction], str(m.distance), str(score[Side.BLACK]), str(score[Side.GOLD]), at, ""]
            out.append(sep.join(cells))
        score[rnd.result.winner] += rnd.result.points
    return "\n".join(out) + "\n", truth


#: Draws of :func:`scoring_app_rows` that hold a forfeit, each misread on a300611 (the
#: session-60 base).
_APP_ROWS_DRAWS = [(40, 331), (386, 386), (191, 95), (191, 191), (323, 191), (323, 323), (321, 256), (127, 243), (150, 232), (236, 87), (5, 5), (9369, 33)]


@pytest.mark.parametrize(("seed", "hand"), _APP_ROWS_DRAWS)
def test_a_forfeits_word_in_its_rows_type_cell_and_the_tower_that_stays_are_one_ply(seed: int, hand: int) -> None:
    """A scoring app's row of a forfeit (:func:`scoring_app_rows`: ``PASS`` in the row's
    type cell, then the player, the blocked tower and the square it stays on, 0 steps)
    is one forfeit. Before session 60 the word was read as a forfeit and the tower that
    stays as another (the next side's), and the round, then the match, went astray;
    and (seed 9369) a FORFEIT row's square alone after its tower (``green⇥normal⇥f5``)
    was read as the short form's Forward 5."""
    text, truth = scoring_app_rows(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=372, hand=0)  # (a sumo pushes twice in a row: the app leaves out the first push's back-entry)
@example(seed=2974, hand=0)  # (a round's end missed: its next round starts with a push)
@example(seed=3270, hand=351)
def test_a_scoring_apps_export_replays_as_its_match(seed: int, hand: int) -> None:
    """A scoring app's export (:func:`scoring_app_rows`: a row a player's own move, no
    row for a push's back-entry or a round's start) replays as its match. Before
    session 61 a round whose first moves hold a push was not found where it starts
    (the look-ahead stopped at the left-out back-entry: error M7), and a sumo pushing
    twice in a row had its second push read as the first's back-entry (error T2):
    random draws of a fresh clone's profile (session 60), each kept as an example."""
    text, truth = scoring_app_rows(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


def escaped_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A game server's log in JSON Lines as a program writes it by default (what is not
    ASCII escaped: ``"Gr\\u00fcn e1\\u2192e4"``): an object a move, its time, the
    player and the move as the server says it (the tower's word in the club's language,
    its squares and an arrow between); a line a round's start and end."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    lang = rng.choice(["de", "hu", "ro"])
    arrow, colon = rng.choice(["→", "⇒", "➜"]), rng.choice(["", ":"])  # ('Grün: e1→e4': a word and a colon, inside a string, is no key)
    out = []
    for n, rnd in enumerate(rounds, 1):
        out.append(json.dumps({"ts": 1712914000 + n, "event": "round_start", "round": n, "fill": None if rnd.fill is None else rnd.fill.value}))
        for m in played(rnd):
            said = "passe" if m.is_forfeit else f"{m.text('text', lang).split()[0]}{colon} {square_name(m.origin)}{arrow}{square_name(m.target)}"
            out.append(json.dumps({"ts": 1712914000 + rng.randint(10, 99), "player": {Side.BLACK: "Zoé", Side.GOLD: "Ádám"}[m.side], "text": said}))
        out.append(json.dumps({"ts": 1712915000 + n, "event": "round_end", "winner": rnd.result.winner.name.lower(), "note": "bien joué ✨"}))
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_json_lines_log_that_escapes_what_is_not_ascii_is_read_as_its_words(seed: int, hand: int) -> None:
    """A JSON Lines log whose strings escape what is not ASCII (:func:`escaped_log`, as
    Python's and many programs' JSON writers do) is read as the words it escapes: an
    arrow ``\\u2192`` between two squares, ``Gr\\u00fcn``. Before session 60 the
    escapes were read as text, and no round was judged (30 of 30 draws failed)."""
    text, truth = escaped_log(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


#: What players say between the rounds of a chat's export.
CHAT_LINES = ("gg", "that was close :sweat_smile:", "rematch friday?", "I had no move there lol", "nice one", "brb coffee")


def chat_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A chat's export in JSON Lines (Slack's, Discord's): an object a message, its
    user, time, and text; a round typed up in one message of several lines (a heading
    line, then a move a line: the side's letter, the tower, its squares), the score said
    after it; other messages chatter. What is not ASCII is escaped, or not."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))
    users, ascii_only = ("U04QK7R2L1M", "U03HB9X0T6D"), rng.random() < 0.5

    def message(text: str, user: int = 0) -> str:
        return json.dumps({"type": "message", "user": users[user], "text": text, "ts": f"17129{rng.randint(10000, 99999)}.{rng.randint(100000, 999999)}", "team": "T01KAMI5AD0"}, ensure_ascii=ascii_only)

    out = [message("typing up last night's match :writing_hand:\nme gold, Olu black")]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        lines = [f"*R{n}*" + ("" if rnd.fill is None else f" (filled from the {rnd.fill.value})")]
        for ply, m in enumerate(played(rnd), 1):
            said = "pass" if m.is_forfeit else f"{m.tower.name.lower()} {square_name(m.origin)}→{square_name(m.target)}"
            lines.append(f"{ply}. {m.side.name[0]} {said}")
        score[rnd.result.winner] += rnd.result.points
        lines.append(f"_{rnd.result.winner.title} takes R{n}_ — {score[Side.GOLD]}-{score[Side.BLACK]}")
        out.append(message("\n".join(lines)))
        out += [message(rng.choice(CHAT_LINES), 1) for _ in range(rng.randint(0, 2))]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_chats_export_in_json_lines_reads_each_message_as_its_lines(seed: int, hand: int) -> None:
    """A chat's export in JSON Lines (:func:`chat_export`), a round typed up in one
    message of several lines, is read as the text of its messages, each message's lines
    parted as a JSON document's string's are: its heading, its moves, its score. Before
    session 60 each object's values were read as an app's event, a message's lines as
    one, and its rounds went astray."""
    text, truth = chat_export(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


#: A Spanish voice note's words: colours, the files' names, the ranks.
ES_COLOURS = ["marrón", "verde", "roja", "amarilla", "rosa", "morada", "azul", "naranja"]
ES_FILES = {"a": "a", "b": "be", "c": "ce", "d": "de", "e": "e", "f": "efe", "g": "ge", "h": "hache"}
ES_RANKS = ["uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho"]


def spanish_audio(seed: int, rng: random.Random) -> tuple[str, str]:
    """A chat's voice notes in Spanish, transcribed: a note a round, each move ``mueve la
    naranja de a ocho a be siete, una en diagonal, cae en naranja``: its squares said by
    the files' names and the ranks' words after *de* (from) and *a* (to), where ``de``
    is also the d-file and ``a`` the a-file."""
    truth, rounds = truth_of(seed, rng.choice([1, 3, 3]))

    def said(square: int) -> str:
        name = square_name(square)
        return f"{ES_FILES[name[0]]} {ES_RANKS[int(name[1]) - 1]}"

    out = [f"[{rng.randint(1, 28)}/3/25, 23:0{rng.randint(0, 9)}] Lucía: te mando los audios", ""]
    for n, rnd in enumerate(rounds, 1):
        sentences = [f"Ronda {n}."]
        for m in played(rnd):
            if m.is_forfeit:
                sentences.append(f"La {ES_COLOURS[m.tower.value]} no puede mover, pasa.")
                continue
            way = "recto" if m.direction is Direction.FORWARD else "en diagonal"
            sentences.append(f"{rng.choice(['Mueve', 'Yo muevo', 'Él mueve'])} la {ES_COLOURS[m.tower.value]} de {said(m.origin)} a {said(m.target)}, {ES_RANKS[m.distance - 1]} {way}, cae en {ES_COLOURS[m.square_colour.value]}.")
        out += ["Transcripción: " + " ".join(sentences), ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2905, hand=0)
def test_a_spanish_notes_squares_after_from_and_to_are_squares(seed: int, hand: int) -> None:
    """``de a ocho a be siete``: after a Spanish *de* (from) or *a* (to), ``a``, ``e`` and
    ``de`` before a number word are the a-, e- and d-files (there they cannot be *to*,
    *and*, *of*); ``be``, ``ge``, ``efe``, ``hache`` are files too (before session 43 such
    notes judged no round)."""
    text, truth = spanish_audio(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- an engine's log

#: How an engine's log writes a tower on a lineup's square, and a Sumo's rings after it.
SETUP_CELLS = ["{square}:{code}{rings}", "{square}={code}{rings}", "{code}@{square}{rings}"]


def engine_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """An engine's log of a match it played: a time and a level on each line, each
    round's heading with the fill in words (``=== round 2 === (winner fills from
    LEFT)``), both sides' lineups as squares and colour codes (``a1:PK b1:BL … h1:RD+``,
    a ``+`` a Sumo ring), then a line a move: its squares run together (``e8g6``), the
    short form, the colour it lands on; before each of its own moves, the engine's
    search, which names the move it will play (``pv e1e8``)."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    cell = rng.choice(SETUP_CELLS)
    ring = rng.choice(["+", "*"])
    me = rng.choice([Side.BLACK, Side.GOLD])
    clock = [0]

    def log(level: str, text: str) -> str:
        clock[0] += rng.randint(1, 9)
        return f"21:{clock[0] // 60 % 60:02d}:{clock[0] % 60:02d}.{rng.randint(0, 999):03d} [{level:<5}] {text}"

    out = [log("INFO", f"engine 1.{rng.randint(0, 9)} playing {me.title.upper()}")]
    for n, rnd in enumerate(rounds, 1):
        out.append(log("INFO", f"=== round {n} ===" + (f" (winner fills from {rnd.fill.value.upper()})" if rnd.fill is not None else "")))
        for side, squares in (("B", range(56, 64)), ("G", range(8))):
            towers = [(sq, rnd.start.tower_at(sq)) for sq in squares]
            cells = [cell.format(square=square_name(sq), code=COLOUR_CODES[t.colour.value].upper(), rings=ring * t.rings) for sq, t in towers if t is not None]
            out.append(log("INFO", f"setup {side}: " + " ".join(cells)))
        for k, m in enumerate(played(rnd), 1):
            code = COLOUR_CODES[m.tower.value].upper()
            if m.is_forfeit:
                out.append(log("WARN", f"ply {k} {m.side.title[0]} {code} has no legal move -> PASS"))
                continue
            squares = square_name(m.origin) + square_name(m.target)
            if m.side is me:
                out.append(log("DEBUG", f"search tower={code} depth={rng.randint(6, 12)} nodes={rng.randint(10_000, 500_000)} pv {squares}..."))
            short = f"{m.direction.name[0]}{m.distance}"
            out.append(log("INFO", f"ply {k} {m.side.title[0]} {'bestmove' if m.side is me else 'recv'} {squares} ({code} {short}) lands {m.square_colour.name}"))
        out.append(log("INFO", f"round {n} over: {rnd.result.winner.title.upper()} reached home row"))
    return "\n".join(out) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=171, hand=171)  # (session 44: a text that writes squares in small letters reads its short form's 'F3' as forward 3 still)
@example(seed=216, hand=0)  # (sessions 42-45: a round of the log not judged; a round's heading's number read as a distance, its fill's side as a direction)
@example(seed=1204, hand=672)
@example(seed=7002, hand=0)
@example(seed=163, hand=0)
def test_an_engines_log_reads_its_lineups_as_no_moves(seed: int, hand: int) -> None:
    """A lineup written as squares and colour codes, a Sumo's rings after its code
    (``a1:PK … h1:RD+``), is no move; a round's heading says its fill in words (before
    session 42 a Sumo's mark ended the lineup's row, so its squares and colours read as
    moves, and from the second round on no round was judged)."""
    text, truth = engine_log(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a game server's log of fields

#: A server's three-letter codes of the colours (the order of :class:`~kamisado_notation.Colour`).
SERVER_CODES = ["BRN", "GRN", "RED", "YEL", "PNK", "PUR", "BLU", "ORA"]


def server_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A game server's log of one table's match, a line an event, each a date and a
    time, a level and the table (``[table-7]``), then the round's tag and fields in
    ``name=value`` form: the start rows (``r2 setup GOLD a1:BRN … h1:GRN+``), the fill,
    each ply (``r2 ply 5 BLACK RED d6->b4 dir=R n=2 sq=RED next=RED``), a push's
    back-entry on a line of its own (``… c5->c6 dir=B n=1 PUSHED … (BLACK skips)``), and
    each round's end with the score (``winner=GOLD reason=HOME_ROW pts=1 score=B0:G1``)."""
    truth, rounds = truth_of(seed, rng.choice([3, 3, 7]))
    table = f"[{rng.choice(['table', 'room', 'tbl'])}-{rng.randint(2, 30)}]"
    tag = rng.choice(["r{n}", "game={n}", "round={n}"])
    ply_field = rng.choice(["ply {k}", "move={k}", "#{k}"])
    seconds = [rng.randint(0, 3000)]

    def log(text: str, level: str = "INFO") -> str:
        seconds[0] += rng.randint(1, 40)
        t = seconds[0]
        return f"2024-05-11 19:{t // 60 % 60:02d}:{t % 60:02d}.{rng.randint(0, 999):03d} {level:<5} {table} {text}"

    out = [f"# server 0.9.{rng.randint(0, 9)} log excerpt", log(f"match m-{rng.randint(1000, 99999)} created len={len(rounds)} BLACK=stormcrow GOLD=goldfinch")]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        head = tag.format(n=n)
        if rnd.fill is not None:
            out.append(log(f"{head} refill side={rnd.fill.value.upper()} chosen_by={rounds[n - 2].result.winner.name}"))
        for side, squares in (("BLACK", range(56, 64)), ("GOLD", range(8))):
            cells = [f"{square_name(sq)}:{SERVER_CODES[t.colour.value]}" + "+" * t.rings for sq in squares if (t := rnd.start.tower_at(sq)) is not None]
            out.append(log(f"{head} setup {side:<5} " + " ".join(cells)))
        k = 0
        for ply in rnd.plies:
            m = ply.move
            if m is None:
                continue
            k += 1
            code = SERVER_CODES[m.tower.value]
            lead = f"{head} {ply_field.format(k=k)} {m.side.name:<5} {code}"
            if m.is_forfeit:
                out.append(log(f"{lead} NO_MOVE (forfeit)", "WARN"))
            elif str(ply.kind) == "back":
                out.append(log(f"{lead} {square_name(m.origin)}->{square_name(m.target)} dir=B n={m.distance} PUSHED sq={SERVER_CODES[m.square_colour.value]} ({m.side.name} skips)"))
            else:
                mark = " SUMO_PUSH" if m.push else ""
                out.append(log(f"{lead} {square_name(m.origin)}->{square_name(m.target)} dir={m.direction.name[0]} n={m.distance} sq={SERVER_CODES[m.square_colour.value]}{mark}"))
        result = rnd.result
        score[result.winner] += result.points
        out.append(log(f"{head} END winner={result.winner.name} reason={result.by.name} pts={result.points} score=B{score[Side.BLACK]}:G{score[Side.GOLD]}"))
    out.append(log(f"match FINISHED final=B{score[Side.BLACK]}:G{score[Side.GOLD]}"))
    return "\n".join(out) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=476, hand=560)  # (a random profile's find, session 59: 'refill side=RIGHT' was no fill line, its RIGHT a move's)
def test_a_servers_log_of_fields_reads_as_its_match(seed: int, hand: int) -> None:
    """A server's log in ``name=value`` fields reads as its match: a field's name is no
    move's word (``dir=R``: ``dir``), a line of fields no key to the signs, a score's
    value no squares (``score=B0:G1``), a name run into a number no distance
    (``table-7``), a ply's number no distance (``ply 5``), and a push's back-entry said
    with the turn it costs (``PUSHED … (BLACK skips)``) no forfeit (before session 46 such
    a log judged no round)."""
    text, truth = server_log(seed, random.Random(hand))
    assert judged(text) == expected(truth)
    fixed = fix_text(text).text
    assert judged(fixed) == expected(truth), fixed


# ---------------------------------------------------------------- a messenger's chat with starred corrections

#: The colours as a German chat writes them (the order of :class:`~kamisado_notation.Colour`).
GERMAN_COLOURS = ["Braun", "Grün", "Rot", "Gelb", "Rosa", "Lila", "Blau", "Orange"]


def mistyped(square: str, rng: random.Random) -> str:
    """``square`` as a thumb mistypes it: a rank one off."""
    rank = int(square[1])
    return square[0] + str(rank + 1 if rank < 8 and (rank == 1 or rng.random() < 0.5) else rank - 1)


def starred_chat(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a messenger's export of the chat two players
    kept it in): each message a date, a time and its sender, each move a tower in German
    and its squares (``Grün g8-a2``); now and then a move mistyped (a rank one off) and
    the next message a star before the square meant, as chats correct a typo (``*a2``,
    ``*a2 sorry, grün g8-a2``); a friend's remarks between."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    names = {Side.BLACK: "Jonas", Side.GOLD: "Mira"}
    out = ["14.03.24, 19:58 - Mira hat die Gruppe \"Kamisado\" erstellt", "14.03.24, 20:02 - Jonas: Bis 3 Punkte. Ich Schwarz, Mira Gold"]
    minute = 0

    def said(who: str, words: str) -> None:
        nonlocal minute
        minute += rng.randint(0, 2)
        out.append(f"14.03.24, {20 + minute // 60}:{minute % 60:02d} - {who}: {words}")

    for n, rnd in enumerate(rounds, 1):
        said(names[Side.BLACK], f"Runde {n}" + ("" if rnd.fill is None else f", aufgefüllt von {'links' if rnd.fill.value == 'left' else 'rechts'}"))
        for m in played(rnd):
            tower = GERMAN_COLOURS[m.tower.value]
            if m.is_forfeit:
                said(names[m.side], f"{tower} ist blockiert, ich passe")
                continue
            origin, target = square_name(m.origin), square_name(m.target)
            if rng.random() < 0.2:
                said(names[m.side], f"{tower} {origin}-{mistyped(target, rng)}")
                said(names[m.side], rng.choice([f"*{target}", f"*{target} sorry", f"*{target} sorry, {tower.lower()} {origin}-{target}"]))
            else:
                said(names[m.side], f"{tower} {origin}-{target}")
            if rng.random() < 0.1:
                said("Tobi", rng.choice(["uiii", "mutig 😂", "oh nein"]))
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=15, hand=0)  # ('*e5' glued to its star: a correction that kept no tower, read as another tower's move to e5)
def test_a_chats_star_before_a_square_corrects_the_move_before(seed: int, hand: int) -> None:
    """``*a2`` after ``Grün g8-a3`` is the writer's correction, as chats mark one: the
    move before it is taken back and the square meant read (before session 45 the mistyped
    move stood, an error, and the match was not judged)."""
    text, truth = starred_chat(seed, random.Random(hand))
    assert judged(text) == expected(truth)
    fixed = fix_text(text).text
    assert judged(fixed) == expected(truth)


# ---------------------------------------------------------------- a voice memo's transcript, its speakers numbered

#: The colours as French speech names them (the order of :class:`~kamisado_notation.Colour`).
FRENCH_COLOURS = ["marron", "vert", "rouge", "jaune", "rose", "violet", "bleu", "orange"]
#: A round's heading as a French speaker says it.
FRENCH_ROUNDS = ["Première manche", "Deuxième manche", "Troisième manche", "Quatrième manche", "Cinquième manche"]


def on_the_way(origin: int, target: int) -> list[str]:
    """The squares a move passes over from ``origin`` to ``target``, its target last."""
    files, ranks = target % 8 - origin % 8, target // 8 - origin // 8
    steps = max(abs(files), abs(ranks))
    return [square_name(origin + k * (ranks // steps * 8 + files // steps)).upper() for k in range(1, steps + 1)]


def french_memo(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a phone's transcript of the voice memo a player
    dictated it to): each utterance a time in brackets and a speaker the phone numbered,
    a blank before its colon as French writes it (``[00:01:20] Intervenant 1 :``); each
    move the tower and its squares said with ``de`` and ``en`` (``Rouge de F8 en B4``), or,
    for a long move, the squares it passes counted aloud (``Violet de B8… C7, D6, E5, F4``);
    each round said by its number, with the side its winner filled from."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    out = ["Enregistreur — Transcription", "Mémo vocal 12 · 6 avr. 2024, 16:02", ""]
    clock = 2

    def said(speaker: int, words: str) -> None:
        nonlocal clock
        clock += rng.randint(3, 12)
        out.append(f"[00:{clock // 60:02d}:{clock % 60:02d}] Intervenant {speaker} : {words}")

    for n, rnd in enumerate(rounds):
        fill = "" if rnd.fill is None else f" On remplit par la {'gauche' if rnd.fill.value == 'left' else 'droite'}."
        said(1, f"{FRENCH_ROUNDS[n] if n < len(FRENCH_ROUNDS) else f'Manche {n + 1}'}.{fill}")
        for m in played(rnd):
            speaker = 1 if m.side is Side.BLACK else 2
            tower = FRENCH_COLOURS[m.tower.value].capitalize()
            if m.is_forfeit:
                said(speaker, f"Mon {tower.lower()} est bloqué, je passe.")
                continue
            way = on_the_way(m.origin, m.target)
            origin = square_name(m.origin).upper()
            if len(way) >= 3 and rng.random() < 0.5:
                said(speaker, f"{tower} de {origin}… {', '.join(way)}. {rng.choice(['', 'Chez toi !', 'Et voilà.'])}")
            else:
                said(speaker, f"{tower} de {origin} en {way[-1]}.{rng.choice(['', ' Hmm.', ' Ça tombe bien.'])}")
    out.append(f"[00:{clock // 60 + 1:02d}:00] (fin de l'enregistrement)")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=8286, hand=15)  # (session 45: read right but not with certainty; a way said square by square is now one clue of its two squares)
def test_a_french_transcripts_speakers_and_squares_on_the_way_are_no_moves(seed: int, hand: int) -> None:
    """A transcript's numbered speakers (``Intervenant 2 :``, French typography's blank
    before the colon) are no distances; ``de G8 en F7`` is one move; the squares a long
    move is counted through (``B8… C7, D6, E5``) are its way, its first and last its
    squares (before session 45 each was a move of its own, or two, and the rounds were
    not judged)."""
    text, truth = french_memo(seed, random.Random(hand))
    assert judged(text) == expected(truth)


# ---------------------------------------------------------------- a spreadsheet's cells, each square in a column of its own

def sheet_in_cells(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a German spreadsheet's export of it, cells
    parted by semicolons): a title row and the players' row, then a heading row (``Nr;
    Spieler;Turm;von;nach;Zeit (s);Bemerkung``) and a row a move, its number, the
    mover's name, the tower in German, the square it left and the one it reached each in
    a cell of its own, a time and now and then a note; a row for each round's start and
    its result."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    names = {Side.BLACK: "Jonas", Side.GOLD: "Lea"}
    out = ["\ufeffKamisado – Partie;;;;;;", "Schwarz: Jonas;;Gold: Lea;;;;", ";;;;;;", "Nr;Spieler;Turm;von;nach;Zeit (s);Bemerkung"]
    for n, rnd in enumerate(rounds, 1):
        if rnd.fill is not None:
            out.append(f"Runde {n};;;;;;aufgefüllt von {'links' if rnd.fill.value == 'left' else 'rechts'}")
        for k, m in enumerate(played(rnd), 1):
            tower = GERMAN_COLOURS[m.tower.value]
            to = square_name(m.origin) if m.is_forfeit else square_name(m.target)
            note = "blockiert" if m.is_forfeit else rng.choice(["", "", "", "gut!"])
            out.append(f"{k};{names[m.side]};{tower};{square_name(m.origin)};{to};{rng.randint(3, 90)};{note}")
        if rnd.result is not None:
            out.append(f"Ergebnis;{names[rnd.result.winner]} gewinnt;;;;;")
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=256, hand=129)  # (session 45: fix read the sheet again and stopped after round 1, with no more errors: now a round lost is worse too)
@example(seed=1024, hand=294)  # (session 51, a fresh clone's random profile: the set-aside time between a move and its note was taken out and glued them, "e8-f7gut!", and the round was judged with the other winner; now a blank stays, and a fix after which a round has another winner is not made)
def test_fix_never_breaks_a_sheet_it_reads(seed: int, hand: int) -> None:
    """A sheet whose squares stand in cells of their own is read as its match, and
    ``fix`` writes a record that reads as the same match: a correction that would break
    the reading (taking out the cells around the squares, which left a move one square)
    is not made; the match is written as it was read (before session 45 fix wrote such a
    sheet with a move cut to its first square, and the record it wrote was not judged)."""
    text, truth = sheet_in_cells(seed, random.Random(hand))
    assert judged(text) == expected(truth)
    fixed = fix_text(text).text
    assert judged(fixed) == expected(truth), fixed


# ---------------------------------------------------------------- a messenger's export: each move a colour and a square, the winning one in full


def home_rows(rnd: Any, colours: list[str], cell: str = "{colour}") -> list[str]:
    """Round ``rnd``'s two home rows as it starts, Black's (rank 8) then Gold's, each its
    cells a comma apart: ``cell`` filled with the square, its file and the tower's colour
    in ``colours`` (by the colour's value), ``(sumo)`` after a tower with rings."""
    towers = rnd.start.towers()
    return [
        ", ".join(cell.format(square=square_name(sq), file=square_name(sq)[0], colour=colours[towers[sq].colour.value]) + (" (sumo)" if towers[sq].rings else "") for sq in range(rank * 8, rank * 8 + 8))
        for rank in (7, 0)  # (square 0 is a1)
    ]


#: The towers' colours in Vietnamese, by the colour's value (brown, green, red, yellow, pink, purple, blue, orange).
VIETNAMESE_COLOURS = ["nâu", "xanh lá", "đỏ", "vàng", "hồng", "tím", "xanh dương", "cam"]


def messenger_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A messenger's JSON export of a chat where one player relays the match: each
    round a message of its moves, one a line, the tower and the square it goes to
    (``3. Gold: yellow → e2``), a forfeit and a back-entry in words; the move that wins a
    round written out in full, its rank and both squares, and the score after it
    (``9. Gold: vàng sumo e5 → b8, home! 2-1``); a message that states the fill before
    each round after the first and the two home rows (``Đen a8→h8: hồng (sumo), đỏ, …``),
    friends' replies between."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    names = {Side.BLACK: "Đen", Side.GOLD: "Gold"}
    texts: list[str] = []
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        if rnd.fill is not None:
            lineups = [f"{label}: {row}" for label, row in zip(("Đen a8→h8", "Gold a1→h1"), home_rows(rnd, VIETNAMESE_COLOURS), strict=True)]
            texts.append("\n".join([f"Ván {n}: the winner fills from the {rnd.fill.value}", *lineups]))
        said = []
        plies = [p for p in rnd.plies if p.move is not None]
        for k, p in enumerate(plies, 1):
            m, side = p.move, names[p.side]
            assert m.tower is not None
            colour = VIETNAMESE_COLOURS[m.tower.value]
            if str(p.kind) == "back":
                said.append(f"{k}. {side}: {colour} pushed back to {square_name(m.target)}")
            elif m.is_forfeit:
                said.append(f"{k}. {side}: {colour} blocked")
            elif k < len(plies):
                said.append(f"{k}. {side}: {colour} → {square_name(m.target)}")
            else:
                assert rnd.result is not None
                score[rnd.result.winner] += rnd.result.points
                rank = " sumo" if rnd.position_at(k - 1).tower_at(m.origin).rings else ""
                said.append(f"{k}. {side}: {colour}{rank} {square_name(m.origin)} → {square_name(m.target)}, home! {score[Side.BLACK]}-{score[Side.GOLD]}")
        texts.append("\n".join(said))
        texts.append(rng.choice(["nice 👏", "gg", "wow"]))
    messages = [{"id": 5100 + k, "type": "message", "from": rng.choice(["Minh", "Linh"]), "text": t} for k, t in enumerate(texts)]
    return json.dumps({"name": "Kamisado night", "type": "private_group", "messages": messages}, ensure_ascii=False, indent=1) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=110, hand=110)  # (the last round not judged before session 51)
@example(seed=366, hand=1)  # (a fresh clone's random profile, session 53: a push's back-entry written as an entry, "xanh dương pushed back to f5", was set aside and the round not judged)
def test_a_winning_move_written_in_full_ends_its_round(seed: int, hand: int) -> None:
    """A record whose every move is a colour and a square but the winning one, written
    out with both its squares, is read to each round's end: the shape of the move that
    reaches the goal costs no more than the record's usual (before session 51, the
    record's habit made that move cheaper to set aside, and a match's last round was not
    judged)."""
    text, truth = messenger_export(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a Finnish blog: the fill in prose, lineups in a <pre>

#: The towers' colours in Finnish, by the colour's value.
FINNISH_COLOURS = ["ruskea", "vihreä", "punainen", "keltainen", "pinkki", "violetti", "sininen", "oranssi"]
FINNISH_WAYS = {Direction.FORWARD: "suoraan", Direction.LEFT: "vinoon vasemmalle", Direction.RIGHT: "vinoon oikealle"}


def finnish_blog(seed: int, rng: random.Random) -> tuple[str, str]:
    """A player's blog post in HTML: each round under an ``<h3>`` of its ordinal (``2.
    erä``), its fill said in a sentence of prose after the heading (``Täytin rivit
    vasemmalta.``, *I filled from the left*), the two home rows in a ``<pre>`` as files and
    colours with each Sumo marked (``Musta (rivi 8): a keltainen (sumo), b vihreä, …``),
    then an ordered list of the moves (``<li>Kulta: punainen vinoon vasemmalle 6</li>``), a
    forfeit said in a sentence, and a paragraph of the score after each round."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    sides = {Side.BLACK: "Musta", Side.GOLD: "Kulta"}
    out = ["<article>", "<h2>Kamisado-ilta Villen kanssa</h2>", "<p>Pelasimme eilen taas. Minä olin musta, Ville kulta.</p>"]
    for n, rnd in enumerate(rounds, 1):
        out.append(f"<h3>{n}. erä</h3>")
        if rnd.fill is not None:
            way = "vasemmalta" if rnd.fill.value == "left" else "oikealta"
            out.append(rng.choice([f"<p>Täytin rivit {way}. Asetelma:</p>", f"<p>Ville täytti {way}.</p>"]))
            rows = [f"{label}: {row}" for label, row in zip(("Musta (rivi 8)", "Kulta (rivi 1)"), home_rows(rnd, FINNISH_COLOURS, "{file} {colour}"), strict=True)]
            out += ["<pre>", *rows, "</pre>"]
        out.append("<ol>")
        for p in played(rnd):
            colour = FINNISH_COLOURS[p.tower.value]
            if p.is_forfeit:
                out.append(f"  <li>{sides[p.side]}: {colour} on jumissa, ei voi liikkua</li>")
            else:
                out.append(f"  <li>{sides[p.side]}: {colour} {FINNISH_WAYS[p.direction]} {p.distance}</li>")
        out += ["</ol>", f"<p>Erä meni: {sides[rnd.result.winner].lower()}.</p>", ""]
    return "\n".join([*out, "</article>"]) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=9, hand=9)  # (round 2's fill in prose, 'oikealta', read before session 51 as no fill)
@example(seed=7, hand=7)  # (the lineups read as round 3's first moves before session 51)
def test_a_blogs_fill_in_prose_and_lineups_of_files_and_sumos_read_as_its_match(seed: int, hand: int) -> None:
    """A blog whose rounds state their fill in a sentence after the heading and list the
    home rows as files and colours, each Sumo marked (``a keltainen (sumo), b vihreä``),
    reads as its match: the rows are a lineup, not moves (before session 51 they were read
    as a round's first moves, and the rounds after were not judged)."""
    text, truth = finnish_blog(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a forum post in BBCode: both rows of a lineup on one line

#: The towers' colours in Italian, by the colour's value.
ITALIAN_COLOURS = ["marrone", "verde", "rosso", "giallo", "rosa", "viola", "blu", "arancione"]


def bbcode_post(seed: int, rng: random.Random) -> tuple[str, str]:
    """A forum post in BBCode: each round a heading, then a sentence that says the fill
    and both home rows on one line, each square named with its tower's colour and each
    Sumo marked (``Di nuovo riempio da destra. Nero: a8 rosa, …, h8 blu (sumo). Oro: a1
    blu, …, h1 viola. Inizia l'Oro.``), then a list of the moves in squares (``[*]O
    h1-h7``), a forfeit in words."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    sides = {Side.BLACK: "N", Side.GOLD: "O"}
    out = ["[b]Partita a Kamisado con Matteo[/b]", "Io Nero (N), Matteo Oro (O). Ecco la partita mossa per mossa.", ""]
    for n, rnd in enumerate(rounds, 1):
        out.append(f"[size=14][b]Round {n}[/b][/size]")
        if rnd.fill is not None:
            rows = home_rows(rnd, ITALIAN_COLOURS, "{square} {colour}")
            first = "l'Oro" if played(rnd)[0].side is Side.GOLD else "il Nero"
            out.append(f"Riempio da {'sinistra' if rnd.fill.value == 'left' else 'destra'}. Nero: {rows[0]}. Oro: {rows[1]}. Inizia {first}.")
        out += ["", "[list=1]"]
        for m in played(rnd):
            out.append(f"[*]{sides[m.side]} {ITALIAN_COLOURS[m.tower.value]} bloccata, passa" if m.is_forfeit else f"[*]{sides[m.side]} {square_name(m.origin)}-{square_name(m.target)}")
        out += ["[/list]", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=5, hand=5)  # (round 2 not judged before session 51: its lineup read as its moves)
@example(seed=206, hand=0).xfail(
    raises=AssertionError,
    reason="known (a fresh clone's random profile, session 55; the same on 9053022): a BBCode post of ten rounds, round 8 and those after it not judged, its words fitting more than one reading of the moves",
)
@example(seed=630, hand=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 60; the same on a300611): an Italian BBCode list whose round starts with Gold's first move, the lineups in a sentence before it")
def test_both_rows_of_a_lineup_on_one_line_are_no_moves(seed: int, hand: int) -> None:
    """Both home rows said on one line, each square with its tower's colour (``Nero: a8
    rosa, … Oro: a1 blu, …``), are a lineup, not moves: squares of the two home rows one
    after the other (before session 51 only one rank's squares made a lineup, and the
    round after such a line was not judged)."""
    text, truth = bbcode_post(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a family blog's HTML: moves as squares with a markup arrow between

#: The towers' colours in Indonesian, by the colour's value (brown, green, red, yellow, pink, purple, blue, orange).
INDONESIAN_COLOURS = ["cokelat", "hijau", "merah", "kuning", "pink", "ungu", "biru", "oranye"]
#: Arrows as a page's markup writes them between a move's two squares.
MARKUP_ARROWS = ["&rarr;", "&#8594;", "-&gt;"]


def blog_post(seed: int, rng: random.Random) -> tuple[str, str]:
    """A family blog's post saved as HTML: each round under a heading, its lineup in a
    sentence after the fill, a numbered list of its moves (``<li>Hitam: Pink f8 &rarr; f7
    (kuning)</li>``: the side, the tower, its two squares with an arrow written as markup
    between, the colour it lands on in brackets), a Sumo starred, and the score after it
    in bold with an en dash (``<strong>Emas 1 &ndash; Hitam 0</strong>``)."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    arrow = rng.choice(MARKUP_ARROWS)
    sides = {Side.BLACK: "Hitam", Side.GOLD: "Emas"}
    score = {Side.BLACK: 0, Side.GOLD: 0}
    out = ["<!DOCTYPE html>", '<html lang="id"><head><meta charset="utf-8"><title>Kamisado akhir pekan</title></head><body>', "<article>",
           "<p>Halo semua! Dimas pegang menara <strong>Hitam</strong>, Laras pegang <strong>Emas</strong>.</p>"]
    for n, rnd in enumerate(rounds, 1):
        out.append(f"<h3>Ronde {n}</h3>")
        if rnd.fill is not None:
            rows = home_rows(rnd, INDONESIAN_COLOURS, "{square} {colour}")
            out.append(f"<p>Mengisi dari {'kiri' if rnd.fill.value == 'left' else 'kanan'}. Hitam: {rows[0].replace(' (sumo)', '*')}. Emas: {rows[1].replace(' (sumo)', '*')}.</p>")
        out.append("<ol>")
        start = rnd.start.towers()
        for m in played(rnd):
            star = "*" if m.origin in start and start[m.origin].rings else ""
            if m.is_forfeit:
                out.append(f"  <li>{sides[m.side]}: {INDONESIAN_COLOURS[m.tower.value]} terblokir, lewat</li>")
            else:
                out.append(f"  <li>{sides[m.side]}: {INDONESIAN_COLOURS[m.tower.value].title()}{star} {square_name(m.origin)} {arrow} {square_name(m.target)} ({INDONESIAN_COLOURS[m.square_colour.value]})</li>")
        out.append("</ol>")
        if rnd.result is not None:
            score[rnd.result.winner] += rnd.result.points
            out.append(f"<p>Skor <strong>Emas {score[Side.GOLD]} &ndash; Hitam {score[Side.BLACK]}</strong>.</p>")
    out += ["</article>", "</body></html>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_markup_arrow_between_two_squares_says_to(seed: int, hand: int) -> None:
    """An arrow written as markup between a move's two squares (``f8 &rarr; f7``, ``e2
    -&gt; e4``) joins them as one move, as ``→`` does; it says no direction (before session
    52 ``&rarr;`` there was read as the mover's right, and a blog's rounds after the first
    were not judged)."""
    text, truth = blog_post(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


def board_card(seed: int, rng: random.Random) -> tuple[str, str]:
    """A task board's card exported as a JSON document (indented, as such apps export):
    the card's own fields (ids, dates, labels named and coloured, members by name), then
    a list a round, named for the round, whose items are the moves, each item's text
    under ``name`` beside its id, its place and its state; comments at the end."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    ident = lambda: "".join(rng.choice("0123456789abcdef") for _ in range(24))
    sides = {Side.BLACK: rng.choice(["Black", "B", "Ines"]), Side.GOLD: rng.choice(["Gold", "G", "Paul"])}
    arrow = rng.choice([" → ", "-", " to ", "→"])

    def said(m: Any) -> str:
        if m.is_forfeit:
            return f"{sides[m.side]}: {m.tower.name.lower()} blocked, {rng.choice(['pass', 'skips', 'no move'])}"
        return f"{sides[m.side]}: {m.tower.name.lower()} {square_name(m.origin)}{arrow}{square_name(m.target)}"

    lists = []
    for n, rnd in enumerate(rounds, 1):
        items = [{"id": ident(), "name": said(m), "pos": 16384 * k, "state": "complete", "due": None} for k, m in enumerate(played(rnd), 1)]
        lists.append({"id": ident(), "name": f"Round {n}" + ("" if rnd.fill is None else f", filled from {rnd.fill.value}"), "pos": 16384 * n, "checkItems": items})
    card = {
        "id": ident(),
        "name": "Kamisado: Ines vs Paul",
        "desc": "Club night. One list a round, one item a move.",
        "dateLastActivity": "2024-11-12T21:47:09.512Z",
        "labels": [{"id": ident(), "name": "Kamisado", "color": rng.choice(["purple", "green", "orange"])}],
        "members": [{"id": ident(), "fullName": "Ines Bakker", "username": "ines_b"}, {"id": ident(), "name": "Paul Verhoeven"}],
        "checklists": lists,
        "actions": [{"id": ident(), "type": "commentCard", "data": {"text": rng.choice(["good game!", "close one", "rematch next week?"])}}],
    }
    return json.dumps(card, indent=rng.choice([2, 4]), ensure_ascii=rng.random() < 0.5) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_board_apps_card_reads_its_items_names_as_the_moves(seed: int, hand: int) -> None:
    """A task board's card in JSON (:func:`board_card`) keeps each move as an item's
    ``name``; a chat's export keeps its users' names under the same key. A ``name``
    holding a digit (a square, a round's number) is read: no one's name has one.
    Before session 61 every ``name`` was set aside as who said it, and no round of such
    a card was judged."""
    text, truth = board_card(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


def field_a_line_save(seed: int, rng: random.Random) -> tuple[str, str]:
    """A hobby program's save of a match, a move's fields one a line, as TOML (an array
    of tables: ``[[rounds.moves]]`` / ``n = 3`` / ``tower = "pink"`` / ``from = "e1"``
    …), YAML (a list of mappings: ``- side: gold`` / ``  tower: pink`` …), indented
    JSON (``{`` / ``"tower": "pink",`` … / ``}``) or XML (:func:`_xml_save`); a
    forfeit its tower and a flag."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    keys = rng.choice([("tower", "from", "to"), ("piece", "src", "dst"), ("colour", "start", "end")])
    sides = rng.choice([{Side.BLACK: "black", Side.GOLD: "gold"}, {Side.BLACK: "Lukas", Side.GOLD: "Mira"}, {Side.BLACK: "B", Side.GOLD: "G"}])

    def fields(ply: int, m: Any) -> dict[str, Any]:
        said: dict[str, Any] = {"n": ply, "side": sides[m.side], keys[0]: m.tower.name.lower()}
        said |= {"pass": True} if m.is_forfeit else {keys[1]: square_name(m.origin), keys[2]: square_name(m.target)}
        return said | ({"note": rng.choice(["nice", "hmm", "forced"])} if rng.random() < 0.3 else {})

    games = [(n, rnd, [fields(ply, m) for ply, m in enumerate(played(rnd), 1)]) for n, rnd in enumerate(rounds, 1)]
    kind = rng.choice(["toml", "yaml", "json", "xml"])
    if kind == "xml":
        return _xml_save(games, sides, attributes=rng.random() < 0.5), truth
    if kind == "json":
        doc = {"app": "KamiKeeper", "rounds": [{"number": n, "fill": rnd.fill and rnd.fill.value, "moves": moves, "winner": sides[rnd.result.winner]} for n, rnd, moves in games]}
        return json.dumps(doc, indent=rng.choice([2, 4])) + "\n", truth
    out = ["# kamisado save", "", "[match]" if kind == "toml" else "match:", 'black = "Lukas"' if kind == "toml" else "  black: Lukas", ""]
    for n, rnd, moves in games:
        if kind == "toml":
            out += ["[[rounds]]", f"number = {n}", f'winner = "{sides[rnd.result.winner]}"', ""]
            for said in moves:
                out += ["[[rounds.moves]]", *(f"{k} = {json.dumps(v)}" for k, v in said.items()), ""]
            continue
        out += [f"- round: {n}", f"  winner: {sides[rnd.result.winner]}", "  moves:"]
        for said in moves:
            lines = [f"{k}: {str(v).lower() if v is True else v}" for k, v in said.items()]
            out += ["    - " + lines[0], *("      " + line for line in lines[1:])]
    return "\n".join(out) + "\n", truth


def _xml_save(games: list[tuple[int, Any, list[dict[str, Any]]]], sides: dict[Side, str], *, attributes: bool) -> str:
    """:func:`field_a_line_save`'s XML: a round an element (``<round number="2">``, no
    fill: the program knows it), a move an element, its fields its attributes or its
    elements, one a line."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<kamisado>"]
    for n, rnd, moves in games:
        out.append(f'  <round number="{n}">')
        for said in moves:
            if attributes:
                out.append("    <move " + " ".join(f'{k}="{str(v).lower()}"' for k, v in said.items()) + "/>")
                continue
            out += ["    <move>", *(f"      <{k}>{str(v).lower()}</{k}>" for k, v in said.items()), "    </move>"]
        out += [f"    <winner>{sides[rnd.result.winner]}</winner>", "  </round>"]
    return "\n".join([*out, "</kamisado>"]) + "\n"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=564, hand=568)  # (no round judged before session 61)
@example(seed=3554, hand=0)  # (JSON's "src": "e8", a page's link by its key: a square set aside)
@example(seed=161, hand=161)  # (XML, an element a field)
def test_a_programs_save_with_a_field_a_line_reads_each_record_as_a_move(seed: int, hand: int) -> None:
    """A program's save whose moves keep a field a line (:func:`field_a_line_save`: TOML's
    array of tables, a YAML list of mappings, indented JSON, XML) reads each record's
    fields as one move, as a row's cells, and a round's element that names no fill
    (``<round number="2">``) is a warning (the replay tells the fill), not the error
    of a ``Round`` line in the notation. Before session 61 each line was read alone: a tower
    alone, then a square alone, and where a tower read alone fitted a move of its own
    the reading was in doubt and no round was judged, or a round's element was blamed
    for its fill (8 of 40 draws; the reading against the moves read the others, at
    several times the CPU time of reading them now)."""
    text, truth = field_a_line_save(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


#: How people part a move's two squares when they write nothing else (``f8/f5``, a
#: range's ``f8..f5``, ``F8 > F5``).
SQUARES_APART = ["", "-", ":", "/", "..", "~", "x", "–", " > ", "->"]


def squares_only(seed: int, rng: random.Random) -> tuple[str, str]:
    """A match kept as its moves' squares alone, the two parted as the writer likes
    (:data:`SQUARES_APART`), in small letters or capitals, one to six moves a line, a
    forfeit ``pass``, each round under a heading and its winner after it."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    apart, upper, per = rng.choice(SQUARES_APART), rng.random() < 0.3, rng.choice([1, 2, 6])
    out = ["kamisado w/ dad, squares only"]
    for n, rnd in enumerate(rounds, 1):
        said = ["pass" if m.is_forfeit else f"{square_name(m.origin)}{apart}{square_name(m.target)}" for m in played(rnd)]
        said = [s.upper() if upper else s for s in said]
        out += [f"game {n}", *(" ".join(said[k : k + per]) for k in range(0, len(said), per)), f"{rnd.result.winner.name.lower()} wins"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=3303, hand=22)  # ('f8/f5': no move read before session 61)
@example(seed=9579, hand=4)  # ('f8..f5')
@example(seed=876, hand=10)  # ("a8xa6": read as an identifier, a code with digits)
def test_a_moves_squares_parted_as_the_writer_likes_are_its_move(seed: int, hand: int) -> None:
    """Two squares parted by a slash, a range's two dots or a tilde (:func:`squares_only`)
    are a move, as with a dash, and two glued by an ``x`` (a
    chess player's capture) are no identifier. Before session 61 ``f8/f5`` and
    ``f8..f5`` were two squares alone and ``a8xa6`` an identifier set aside, and no
    round was judged (21 of 40 draws)."""
    text, truth = squares_only(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


#: A chess player's letters for the towers (a piece's letter: each colour's own).
PIECE_LETTERS = {"orange": "O", "blue": "B", "purple": "P", "pink": "K", "yellow": "Y", "red": "R", "green": "G", "brown": "N"}


def chess_style(seed: int, rng: random.Random) -> tuple[str, str]:
    """A match kept as a chess program keeps games (:data:`PIECE_LETTERS`, explained in a
    comment above): a round a game under its tags (``[Round "2"]``, the players, a
    running score; no ``Result``, whose ``1-0`` says White won in chess and Black's
    score first in a Kamisado record), each move a tower's letter glued to its squares (``Bd8-e7``),
    a number before each of Gold's moves (White's; ``1... Bd8-e7`` where Black
    opens), a forfeit ``--``, marks after some
    (``!``, ``?``, ``#`` at the home row) and comments in braces."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    key = ", ".join(f"{letter} {colour}" for colour, letter in PIECE_LETTERS.items())
    out = [f"{{ Kamisado in chess notation. Piece letter = tower colour: {key}. White = Gold, Black = Black. }}", ""]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        score[rnd.result.winner] += rnd.result.points
        result = "1-0" if rnd.result.winner is Side.GOLD else "0-1"
        out += [f'[Event "Kamisado match, game {n}"]', f'[Round "{n}"]', '[White "Ana (Gold)"]', '[Black "Tomek"]', f'[MatchScore "Gold {score[Side.GOLD]} - Black {score[Side.BLACK]}"]', ""]
        said, number = [], 0
        for k, m in enumerate(played(rnd)):
            text = "--" if m.is_forfeit else f"{PIECE_LETTERS[m.tower.name.lower()]}{square_name(m.origin)}-{square_name(m.target)}"
            text += rng.choice(["", "", "", "!", "?", "!?"])
            if m.side is Side.GOLD:  # (Gold is White: a number before each of his moves)
                number += 1
                text = f"{number}. {text}"
            elif k == 0:
                number += 1
                text = f"{number}... {text}"
            said.append(text)
        if rng.random() < 0.5:
            said.insert(rng.randint(1, len(said)), "{ " + rng.choice(["forced", "nice", "he had no choice"]) + " }")
        out += [" ".join(said) + "# " + result, ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=174, hand=0)  # (no round judged before session 61)
def test_a_match_in_a_chess_players_notation_reads_its_letters_and_squares(seed: int, hand: int) -> None:
    """A tower's letter glued to its move's squares (``Bd8-e7``, :func:`chess_style`) is
    the tower and the move, and a game's tags between rounds (``[MatchScore "Gold 4 -
    Black 1"]``) are no moves. Before session 61 the letter and the first square were
    read as a word set aside (``Bd``) and a number (``8``), and a tag's value as the
    words of a move (15 of 30 draws failed)."""
    text, truth = chess_style(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a notebook of codes its key gives in small letters

#: Codes in small letters a key gives each colour, each starting as the colour's word does
#: (a Dutch and an English player's).
SMALL_CODES = [
    {"orange": ("or", "oranje"), "blue": ("bl", "blauw"), "purple": ("pa", "paars"), "pink": ("ro", "roze"), "yellow": ("ge", "geel"), "red": ("rd", "rood"), "green": ("gr", "groen"), "brown": ("br", "bruin")},
    {"orange": ("or", "orange"), "blue": ("bl", "blue"), "purple": ("pu", "purple"), "pink": ("pk", "pink"), "yellow": ("ye", "yellow"), "red": ("rd", "red"), "green": ("gn", "green"), "brown": ("br", "brown")},
]


def coded_notebook(seed: int, rng: random.Random) -> tuple[str, str]:
    """A player's notebook whose key gives each colour a code of two small letters before
    its word (:data:`SMALL_CODES`: ``afk.: or oranje, bl blauw, …``, on one line or
    wrapped onto two), each move the code and the square it goes to (``bl-d4``; ``bl``
    as a scan's text recognition writes ``b1``), two moves a numbered row, a forfeit the
    code and ``pas``, each round under a heading and its score after it."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    codes = rng.choice(SMALL_CODES)
    key = [f"{code} {word}" for code, word in codes.values()]
    cut = rng.choice([len(key), 5])
    out = ["KAMISADO - za 9 maart", "Zwart (Z) = ik, Goud (G) = Anouk", "", "afk.: " + ", ".join(key[:cut]) + ("," if cut < len(key) else "")]
    out += ["      " + ", ".join(key[cut:])] if cut < len(key) else []
    out += ["per zet alleen toren + veld waar hij naartoe gaat.", ""]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        fill = "beginopstelling" if rnd.fill is None else f"{'links' if rnd.fill.value == 'left' else 'rechts'} aangevuld"
        out.append(f"Ronde {n} – {fill}, {'Z' if moves[0].side is Side.BLACK else 'G'} begint")
        said = [f"{codes[m.tower.name.lower()][0]} pas" if m.is_forfeit else f"{codes[m.tower.name.lower()][0]}-{square_name(m.target)}" for m in moves]
        out += [f"   {k // 2 + 1}. {' '.join(f'{s:<15}' for s in said[k : k + 2]).rstrip()}" for k in range(0, len(said), 2)]
        score[rnd.result.winner] += rnd.result.points
        out += [f"  => {'Z' if rnd.result.winner is Side.BLACK else 'G'} +{rnd.result.points}   (Z {score[Side.BLACK]} - G {score[Side.GOLD]})", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=440, hand=0)  # (a fresh clone's random profile, session 68: 'br-f5' read first as the short form's Br F5, an error, and the reading against the moves refused for disagreeing with round 3, which the first reading judged after that correction; session 69 compares no round judged with an error)
def test_a_keys_small_codes_are_the_towers_its_entries_name(seed: int, hand: int) -> None:
    """Codes a key gives in small letters (``or oranje, bl blauw``, :func:`coded_notebook`)
    are the colours on every row, and ``bl-d4`` is the blue tower going to d4, not ``b1-d4``
    as a scan would misread it. Before session 62 a key of small codes was no key (only a
    capital's was: ``Az azul``), so no round was judged."""
    text, truth = coded_notebook(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a chat app's export, a bot relaying the moves

#: What the players say in the chat: remarks on the move just relayed (its tower, the
#: colour it landed on), and words that are none.
REMARKS = [
    "both {landing} squares lol, {tower} to {landing}",
    "{tower} to {landing}, as expected",
    "ugh that {tower}",
    "nice one",
    "brb coffee",
]


def bot_relay_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A chat app's JSON export of a match a bot relays (``*Gold* Purple e1 → c3 · lands on
    brown``, each round opened by a message naming its fill), the players' remarks
    between (:data:`REMARKS`), each given as the app gives a person's message: its text
    and, inside it, the same text again as the parts it formats. The same move may be
    relayed again in a later round, the same words: a move of its own."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    messages: list[dict[str, Any]] = []

    def bot(text: str) -> None:
        messages.append({"type": "message", "subtype": "bot_message", "text": text, "ts": f"{1716055000 + len(messages)}.000100", "username": "KamiBot"})

    for n, rnd in enumerate(rounds, 1):
        if rnd.fill is not None:
            bot(f":dragon_face: *Round {n}* · filled from the *{rnd.fill.value}*")
        for m in played(rnd):
            side = m.side.name.title()
            if m.is_forfeit:
                bot(f"*{side}* {m.tower.name.title()} is blocked and passes")
                continue
            bot(f"*{side}* {m.tower.name.title()} {square_name(m.origin)} → {square_name(m.target)} · lands on {m.square_colour.name.lower()}")
            if rng.random() < 0.25:
                said = rng.choice(REMARKS).format(tower=m.tower.name.lower(), landing=m.square_colour.name.lower())
                section = {"type": "rich_text_section", "elements": [{"type": "text", "text": said}]}
                messages.append({"type": "message", "text": said, "user": "U03R8VN4J5K", "blocks": [{"type": "rich_text", "block_id": "520e1", "elements": [section]}]})
        bot(f":trophy: *{rnd.result.winner.name.title()}* wins round {n}")
    return json.dumps(messages, indent=4, ensure_ascii=False) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=233, hand=6)  # (a move relayed again lost, before session 62)
def test_a_chat_exports_remarks_and_moves_relayed_again_read_as_its_match(seed: int, hand: int) -> None:
    """A chat export (:func:`bot_relay_export`) reads as its match: a person's message given
    twice, its text and its parts, is said once; a bot's move said again in a later
    round is that round's move (before session 62 a long string said among the last 64
    was a copy, and a move relayed again was lost); a remark that names the tower just
    moved and where it landed (``purple to purple``), which no legal move of the player
    to move fits, is set aside where the round replays without it (it was an error
    naming three moves it might be)."""
    text, truth = bot_relay_export(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a data notebook's tables of moves

#: How a notebook's note after a round's table says who won it (``None``: no note).
RESULT_NOTES = ["Round {n}: **{winner}** wins{fill}", "**{winner}** won round {n}{fill}", None]


def notebook(seed: int, rng: random.Random) -> tuple[str, str]:
    """A Jupyter notebook (its JSON) that shows each round's moves as a data frame: a code
    cell whose output holds the table as a page's HTML, a cell a line (``<td>pink</td>``),
    and as plain text, or one of the two; a forfeit a row with no square it goes to; a
    markdown note after the round that may say who won it and how the next round was
    filled (:data:`RESULT_NOTES`). The same moves given twice, a page's table and its
    plain text, are one round."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    shown, note = rng.choice([("text/html", "text/plain"), ("text/plain",), ("text/html",)]), rng.choice(RESULT_NOTES)
    cells: list[dict[str, Any]] = [{"cell_type": "markdown", "metadata": {}, "source": ["# Kamisado match log\n", "Moves exported from the board app, one data frame a round."]}]
    for n, rnd in enumerate(rounds, 1):
        rows = [(k, m.side.name.lower(), m.tower.name.lower(), square_name(m.origin), "" if m.is_forfeit else square_name(m.target)) for k, m in enumerate(played(rnd))]
        plain = ["   ply   side   tower from   to\n", *(f"{k:>5} {s:>6} {t:>7} {a:>4} {b:>4}\n" for k, s, t, a, b in rows)]
        html = ['<table border="1" class="dataframe">\n', "  <thead>\n", '    <tr style="text-align: right;">\n', "      <th></th>\n"]
        html += [*(f"      <th>{h}</th>\n" for h in ("side", "tower", "from", "to")), "    </tr>\n", "  </thead>\n", "  <tbody>\n"]
        for row in rows:
            html += ["    <tr>\n", f"      <th>{row[0]}</th>\n", *(f"      <td>{v}</td>\n" for v in row[1:]), "    </tr>\n"]
        html += ["  </tbody>\n", "</table>"]
        data = {kind: {"text/html": html, "text/plain": plain}[kind] for kind in shown}
        cells.append({"cell_type": "code", "execution_count": n, "metadata": {}, "source": [f"moves[moves['round'] == {n}]"], "outputs": [{"data": data, "execution_count": n, "metadata": {}, "output_type": "execute_result"}]})
        fill = f" (next round filled from the {rounds[n].fill.value})" if n < len(rounds) and rounds[n].fill is not None else ""
        if note is not None:
            cells.append({"cell_type": "markdown", "metadata": {}, "source": [note.format(n=n, winner=rnd.result.winner.name.lower(), fill=fill)]})
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=11, hand=0)  # (before session 62: no round judged)
@example(seed=2935, hand=36)  # (a data frame's plain copy of round 1 read as round 2 when its index numbers were counters: session 65)
def test_a_notebooks_tables_given_twice_read_as_its_match(seed: int, hand: int) -> None:
    """A notebook's data frames (:func:`notebook`) read as the match: a page's table a
    cell a line is read a row a move, as a program's record of fields one a line is; a
    round's moves said again right after its end (the same table as plain text) are a
    copy, set aside, and the entries after them the next round; ``Round 1: **gold**
    wins`` below a round says its result and heads no round. Before session 62 each
    cell was read alone, the copy was read as the next round, and the note as round 1's
    heading again (no draw of 10 was judged)."""
    text, truth = notebook(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a club's sheet of squares in two columns

#: A forfeit as players of several languages write it (``пас``, Russian; ``패스``, Korean;
#: ``パス``, Japanese; ``πάσο``, Greek), and the words of their sheets.
SHEET_LANGUAGES = [
    {"pass": "пас", "round": "Раунд", "black": "Ч", "gold": "З", "won": "Победа"},
    {"pass": "패스", "round": "라운드", "black": "흑", "gold": "금", "won": "승"},
    {"pass": "パス", "round": "ラウンド", "black": "黒", "gold": "金", "won": "勝ち"},
    {"pass": "πάσο", "round": "Γύρος", "black": "Μ", "gold": "Χ", "won": "Νίκη"},
]


def two_column_sheet(seed: int, rng: random.Random) -> tuple[str, str]:
    """A club's sheet in another language (:data:`SHEET_LANGUAGES`): a round's heading,
    then its moves in squares two a numbered row, Black's column first (``...`` where
    Gold opens), a forfeit the language's word for pass in its column, and who won under
    the round."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    words = rng.choice(SHEET_LANGUAGES)
    out = ["Kamisado", ""]
    for n, rnd in enumerate(rounds, 1):
        said = [words["pass"] if m.is_forfeit else f"{square_name(m.origin)}-{square_name(m.target)}" for m in played(rnd)]
        said = ["...", *said] if played(rnd)[0].side is Side.GOLD else said
        out += [f"{words['round']} {n}", f"       {words['black']}           {words['gold']}"]
        out += [f"{k // 2 + 1:>3}.  " + "".join(f"{s:<12}" for s in said[k : k + 2]).rstrip() for k in range(0, len(said), 2)]
        out += [f"{words['won']} — {words['black'] if rnd.result.winner is Side.BLACK else words['gold']}", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2, hand=2)  # (a forfeit's 'пас' no word before session 62: the round not judged)
@example(seed=2676, hand=0)  # (a push's back-entry left out, the pusher's next move in the other column: an error before session 64)
@example(seed=77, hand=142)
@example(seed=55, hand=223)
@example(seed=83, hand=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 65; the same on 4b3ad31): a push whose pushed tower lands so that the pusher moves again (S3), its next move in the other column: round 9 not judged")
def test_a_sheets_word_for_pass_in_its_column_is_the_forfeit(seed: int, hand: int) -> None:
    """A forfeit written as the sheet's language says pass (``пас``, ``패스``, ``パス``,
    ``πάσο``) in its player's column (:func:`two_column_sheet`) is the forfeit: before
    session 62 these were no words of a forfeit, the row held one entry, and the
    forfeit was missing before the next row (an error, the round not judged)."""
    text, truth = two_column_sheet(seed, random.Random(hand))
    assert judged(text) == expected(truth), text



# ---------------------------------------------------------------- a log of towers, arrows and where they land

def landing_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A log a move a line: the side, the tower, an arrow (or ``to``) and the colour it
    lands on with the square of that colour (``Black: yellow -> red e3``), a forfeit
    ``stuck``, each round under its heading."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    arrow = rng.choice(["->", "→", "to"])
    out = []
    for n, rnd in enumerate(rounds, 1):
        out.append(f"Round {n}")
        for m in played(rnd):
            side, tower = m.side.name.title(), m.tower.name.lower()
            out.append(f"{side}: {tower} stuck" if m.is_forfeit else f"{side}: {tower} {arrow} {m.square_colour.name.lower()} {square_name(m.target)}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=196, hand=5)  # ('yellow -> orange f3': read as orange Forward 3 before session 62)
@example(seed=1, hand=0)  # ('brown → brown f6': the tower said twice, f6 its Forward 6, before session 63)
def test_a_logs_square_after_the_colour_landed_on_is_where_the_move_goes(seed: int, hand: int) -> None:
    """A square right after the colour a tower lands on, that square of that colour
    (``yellow -> orange f3``, :func:`landing_log`), is where the move goes: not the
    short form's Forward 3 of a tower ``orange`` (the colour was taken for a label's
    tower and the square for its slots), nor a move of its own (``yellow -> red e3``:
    a tower and its landing, then a square alone). Before session 62, 3 of 20 draws
    failed."""
    text, truth = landing_log(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a blog's record in a shogi player's signs

#: The one character a Japanese player writes a tower's colour with.
KANJI = {Colour.ORANGE: "橙", Colour.BLUE: "青", Colour.PURPLE: "紫", Colour.PINK: "桃", Colour.YELLOW: "黄", Colour.RED: "赤", Colour.GREEN: "緑", Colour.BROWN: "茶"}
#: Straight on, left and right as the blog writes them (the mover's own).
KANJI_WAYS = {Direction.FORWARD: "直", Direction.LEFT: "左", Direction.RIGHT: "右"}
WIDE = str.maketrans("0123456789", "０１２３４５６７８９")


def shogi_blog(seed: int, rng: random.Random) -> tuple[str, str]:
    """A blog's record as a shogi player keeps one: a key (``▲＝黒``, ``a1＝茶マス``), each
    round under ``## 第３ラウンド`` and who filled it, its moves numbered in a code
    block (`` 5 ▲赤 c8-c1 直7``: the side's sign, the tower's colour in one character,
    its squares, the way and how far), a forfeit ``パス``, a note after the last move
    that may name a colour (``← 黄の一直線、完全に見落とし…``), the result, and prose
    after it that names a tower and a square (``自分の桃をd8からどかしたせいで``): notes
    after a round's end, no moves."""
    truth, rounds = truth_of(seed, rng.choice([3, 7]))
    sign = {Side.BLACK: "▲", Side.GOLD: "△"}
    name = {Side.BLACK: "黒", Side.GOLD: "金"}
    out = ["# カミサド対局記録（黒：私 vs 金：Kさん）", "", "**記法メモ**", "", "- ▲＝黒（私）、△＝金（Kさん）", "- マス目はチェス式。金の陣が1段目（a1＝茶マス）", "- 「直」＝まっすぐ前、「左」「右」＝斜め前。数字はマス数", ""]
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        out += ["---", "", f"## 第{str(n).translate(WIDE)}ラウンド", ""]
        fill = "初期配置" if rnd.fill is None else f"{name[rounds[n - 2].result.winner]}が{'左' if rnd.fill.value == 'left' else '右'}詰めを選択"
        out += [f"{fill}、{name[moves[0].side]}の先手。", "", "```"]
        for k, m in enumerate(moves, 1):
            said = "パス" if m.is_forfeit else f"{square_name(m.origin)}-{square_name(m.target)} {KANJI_WAYS[m.direction]}{m.distance}"
            out.append(f"{k:>2} {sign[m.side]}{KANJI[m.tower]} {said}")
        last = moves[-1]
        if rng.random() < 0.6:
            out[-1] += rng.choice([f"  ← {KANJI[last.tower]}の一直線、完全に見落とし…", "  ← お返し！", f"  ← {len(moves)}手で終了。油断大敵"])
        out += ["```", "", f"→ **{name[rnd.result.winner]}の勝ち**（敵陣到達）", ""]
        if rng.random() < 0.5:
            before = moves[-2] if len(moves) > 1 else last
            out += [f"自分の{KANJI[before.tower]}を{square_name(before.origin)}からどかしたせいで、{KANJI[last.tower]}に筋を素通しされた。", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=5009, hand=9)  # (before session 63: a trial replay stopped at round 4, whose fill it did not find, and the match was read as one to 3)
@example(seed=6025, hand=25)  # (before session 63: a note after a move, '← 13手で終了', made its line a row of two, and a push's back-entry left out an error)
def test_a_blogs_notes_after_a_rounds_end_leave_the_moves_as_written(seed: int, hand: int) -> None:
    """A blog in a shogi player's signs (:func:`shogi_blog`): the notes after a round's
    last move, which name a tower or a square (``黄の一直線``, ``桃をd8から``), are the
    round's, after its end; they do not make a key's example square (``a1＝茶マス``) a
    move, nor stop the round being read. (Session 62 made them count against a remark
    set aside: 5 of 12 rounds of such a blog were read.)"""
    text, truth = shogi_blog(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a log that says the moves so far again

def restating_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A log that says each round's moves so far again with each new one: an engine's
    conversation with the program that runs it (``position startpos moves f8e7 g1g4``
    before each of the engine's turns, its thinking ``info … pv g1g4 c8c5``, the moves it
    looked at and did not all play, and ``bestmove g1g4 ponder c8c5``), or a chat bot
    that posts the move and the moves so far after each (``Moves so far: f8-e7 g1-g4``);
    a forfeit ``pass``."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    engine = rng.choice([Side.BLACK, Side.GOLD])
    dash = rng.choice(["", "-"])

    def sq(m: Any) -> str:
        return "pass" if m.is_forfeit else f"{square_name(m.origin)}{dash}{square_name(m.target)}"

    out = [f"# engine plays {engine.name.lower()}" if rng.random() < 0.5 else "# match log"]
    bot = rng.random() < 0.5
    for n, rnd in enumerate(rounds, 1):
        moves = played(rnd)
        fill = "" if rnd.fill is None else f" fill {rnd.fill.value}"
        out.append(f"Round {n}{fill}" if bot else f">> newround {n}{fill}")
        for k, m in enumerate(moves):
            so_far = " ".join(sq(x) for x in moves[: k + 1])
            if bot:
                out.append(f"[bot] {m.side.name.title()} played {sq(m)}. Moves so far: {so_far}")
            elif m.side is engine:
                before = " ".join(sq(x) for x in moves[:k])
                out.append(f">> position startpos moves {before}".rstrip())
                ahead = [sq(x) for x in moves[k : k + rng.randint(1, 3)]]
                out += [f"<< info depth {d} score cp {rng.randint(-90, 90)} nodes {rng.randint(100, 99999)} pv {' '.join(ahead[: d - 5])}" for d in range(6, 6 + len(ahead))]
                ponder = f" ponder {sq(moves[k + 1])}" if k + 1 < len(moves) and rng.random() < 0.5 else ""
                out.append(f"<< bestmove {sq(m)}{ponder}")
        out.append(f"Round {n} over: {rnd.result.winner.name.lower()} wins" if bot else f">> roundover winner={rnd.result.winner.name.lower()} last={sq(moves[-1])}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=7009, hand=9)  # (before session 63: '>>' and '<<' read as quotes' depths, each other's moves a remark; the moves an engine looked at read as played)
@example(seed=7012, hand=12)  # (before session 63: 'Gold played c1-d2. Moves so far: … c1-d2' read every move again)
@example(seed=90, hand=90).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 68; the same on c3a71aa): a round of five moves read right against the moves but not certain, a move said again alone ('position startpos moves f8-f6 a1-a3', 'last=f6-a1') set aside beside it; the first reading's error stands")
@example(seed=166, hand=0).xfail(raises=AssertionError, reason="known (a random run, session 68; the same on 8407c6d, before the session's changes): the last round, two moves, the second said only in 'roundover … last=e8e1' (and as a ponder, not played), read right but not certain")
def test_a_log_that_says_the_moves_so_far_again_is_read_as_played(seed: int, hand: int) -> None:
    """A log that says a round's moves so far again with each new one (:func:`restating_log`):
    each move is read once, where it is first said, and the moves an engine looked at
    (``pv``, ``ponder``) are no moves played."""
    text, truth = restating_log(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a sheet each player filled in from his own chair

def own_chairs_sheet(seed: int, rng: random.Random) -> tuple[str, str]:
    """A club's score sheet whose columns each player filled in from his own chair: Gold
    names squares as the notation does, Black from his side of the board (his home row
    rank 1, his left file a: the notation's ``b8`` is his ``g1``), as a note at the top
    may say (or not); a row a turn of two moves (each its two squares), or a line a move
    with the side's initial (its two squares or the square it reaches alone); its tower
    or not; a forfeit ``pass``; the round's result below it."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    rows = rng.random() < 0.5
    both = rows or rng.random() < 0.6  # (a row of two towers' codes and squares reached alone can leave the last round open, read as written too: a limit of its own)
    tower = not both or rng.random() < 0.5  # (a square reached alone, no tower, may not tell a round's first move: two towers may reach it)

    def said(m: Any) -> str:
        if m.is_forfeit:
            return "pass"
        at = (lambda sq: square_name(63 - sq)) if m.side is Side.BLACK else square_name
        where = f"{at(m.origin)}-{at(m.target)}" if both else at(m.target)
        return f"{m.tower.name.title()[:2]} {where}" if tower else where

    out = ["CLUB LADDER - SCORE SHEET", "Black: T. Moss    Gold: R. Adeyemi", ""]
    if rng.random() < 0.5:
        out += [rng.choice(["(each player wrote his own column from where he sat)", "NB Black's squares are from Black's side of the board.", "Note: squares as each of us saw the board."]), ""]
    for n, rnd in enumerate(rounds, 1):
        fill = "" if rnd.fill is None else f"  ({rounds[n - 2].result.winner} filled from the {rnd.fill.value})"
        out.append(f"Round {n}{fill}")
        moves = played(rnd)
        if rows:
            out.append(f"{'#':>3}  {'BLACK':<14}GOLD")
            cells = ([""] if moves[0].side is Side.GOLD else []) + [said(m) for m in moves]
            for k in range(0, len(cells), 2):
                out.append(f"{k // 2 + 1:>3}  {cells[k]:<14}{cells[k + 1] if k + 1 < len(cells) else ''}".rstrip())
        else:
            out += [f"{m.side.name[0]}  {said(m)}" for m in moves]
        out += [f"Won by {rnd.result.winner}", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=107, hand=1)  # (read from the other side of the board, another match Black won, though the sheet says 'Won by Gold')
def test_a_sheet_each_player_filled_in_from_his_own_chair_is_read_as_played(seed: int, hand: int) -> None:
    """A sheet whose Black column names squares from Black's side of the board and whose
    Gold column as the notation does (:func:`own_chairs_sheet`) is read as played: the
    legal moves decide where each side's squares are seen from (blind set ag's club
    sheet, session 69: no round judged before)."""
    text, truth = own_chairs_sheet(seed, random.Random(hand))
    assert judged(text) == expected(truth), text


# ---------------------------------------------------------------- a parent's account from his own chair

def parents_account(seed: int, rng: random.Random) -> tuple[str, str]:
    """A parent's account of a game with his child, told from his own chair (Gold's):
    his own moves go forward, to his left or right; the child's come towards him, to his
    left or right, so her left is his right; each move its tower, how far and the
    colour it stops on, in sentences; a forfeit in words; the score after each round."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    mine = {Direction.FORWARD: "straight forward", Direction.LEFT: "forward to my left", Direction.RIGHT: "forward to my right"}
    hers = {Direction.FORWARD: "straight towards me", Direction.LEFT: "towards me, off to my right", Direction.RIGHT: "towards me, off to my left"}
    out = [f"Game night with {rng.choice(['Ada', 'Mia', 'Noor'])} - she took black, I had gold.", "", rng.choice(["I'm writing it all as I saw it from my side of the table.", "Everything below is from my chair.", ""]), ""]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(rounds, 1):
        out.append(f"Game {n}" + ("" if rnd.fill is None else f" (set up from the {rnd.fill.value})"))
        for m in played(rnd):
            colour = m.square_colour.name.lower()
            if m.is_forfeit:
                out.append(f"- {'She' if m.side is Side.BLACK else 'I'} couldn't move the {m.tower.name.lower()}, so passed.")
            elif m.side is Side.BLACK:
                out.append(f"- Her {m.tower.name.lower()} came {m.distance} {hers[m.direction]}, onto {colour}.")
            else:
                out.append(f"- My {m.tower.name.lower()} went {m.distance} {mine[m.direction]}, onto {colour}.")
        score[rnd.result.winner] += rnd.result.points
        out += [f"{'She' if rnd.result.winner is Side.BLACK else 'I'} got home. Score: her {score[Side.BLACK]}, me {score[Side.GOLD]}.", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1024, hand=0)  # (the reading as written judged every round, setting aside five of the child's lefts and rights: a third was asked, and the first reading's error stood)
@example(seed=281, hand=1)  # (the limit above)
def test_a_parents_account_from_his_own_chair_is_read_as_played(seed: int, hand: int) -> None:
    """An account told from one player's chair (:func:`parents_account`): the other
    player's left and right are the teller's, mirrored; the legal moves decide whose
    left a left is (blind set ag's parent's blog, session 69: an error at the first move
    before, the round not judged). A limit: where the child's left or right is said once
    only, in the round's last move, and the score after it (``her 1, me 0``) reads as a
    next round's first move with it, the view is not told and the first reading's error
    on that move stands (seed 281/1); the winners are the truth's all the same."""
    text, truth = parents_account(seed, random.Random(hand))
    assert judged(text)[0] == expected(truth)[0], text


# ---------------------------------------------------------------- a solver's log of where the towers land

def landings_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A puzzle solver's record: a round's first move by its two squares run together
    (``d8d3``), every later one by the square it lands on alone (the tower is forced), a
    forfeit ``pass``, two moves a turn number, several turns a line (``1. d8d3 h3  2. g3
    e4``), ``#`` where a tower reaches the home row; a Gold opening after ``...``."""
    truth, rounds = truth_of(seed, rng.choice([1, 3]))
    out = [rng.choice(["# Kamisado, solver's notation", "Game record (landing squares only)"]), ""]
    for n, rnd in enumerate(rounds, 1):
        out.append(rng.choice([f"## Round {n}", f"Round {n}:", f"R{n}"]))
        moves = played(rnd)
        said = ["..."] if moves[0].side is Side.GOLD else []
        for k, m in enumerate(moves):
            said.append("pass" if m.is_forfeit else f"{square_name(m.origin)}{square_name(m.target)}" if k == 0 else square_name(m.target))
        said[-1] += "#"
        turns = [f"{t // 2 + 1}. {' '.join(said[t : t + 2])}" for t in range(0, len(said), 2)]
        per_line = rng.choice([2, 3, 4])
        out += ["  ".join(turns[i : i + per_line]) for i in range(0, len(turns), per_line)]
        out.append("")
    return "\n".join(out), truth


@pytest.mark.parametrize("seed", [0, 5, 17, 6436])
def test_a_solvers_landing_squares_two_a_turn_are_two_moves(seed: int) -> None:
    """Two squares parted by a blank in a record that writes moves by the square they
    land on (:func:`landings_log`: ``2. g3 e4``) are two moves, Black's landing and
    Gold's, not one move from g3 to e4: every round judged as played (before session
    64: an error at the first such pair, no round judged)."""
    text, truth = landings_log(seed, random.Random(seed))
    assert judged(text) == expected(truth), text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=138, hand=138)  # (a forfeit among squares alone in a one-round match: not judged, an error says where)
def test_a_solvers_landing_squares_are_never_judged_wrong(seed: int, hand: int) -> None:
    """Whatever a solver's log (:func:`landings_log`) leaves unsettled is said, never
    guessed: each round judged has the truth's winner, and a round left unjudged comes
    with an error (in 58 of 60 draws every round is judged, session 64)."""
    text, truth = landings_log(seed, random.Random(hand))
    got, errors = judged(text)
    want, _ = expected(truth)
    assert all(g is None or g == w for g, w in zip(got, want, strict=False)), text
    assert got == want or errors, text
