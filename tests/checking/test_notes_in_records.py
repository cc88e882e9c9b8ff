"""What people write around the moves that names no move (docs/record-decisions.md):
a sentence between two rounds that names towers (``Blue became a Sumo after this round``),
a lineup whose label says which way it runs (``Black (h8→a8): Purple Pink …``), a chat
app's export that gives each message's text twice, a phone's backup of its messages
in XML (each message's text an attribute beside others: a contact's name with a colour's
emoji), a mail that quotes the record (sent
as quoted-printable, the reply's comments between the quoted rounds, ids in its
headers), a handout whose preamble explains the notation with squares and
directions, and a scoresheet in capitals scanned through text recognition (its bars read
as ``l``, ``I`` or ``!``, digits for letters: ``8ROWN``, ``YELL0W``). Each is set aside or said once; the rounds are judged as the generated
match (the truth) played them.
"""

from __future__ import annotations

import base64
import html
import json
import quopri
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, Side, fix_text, replay_match, validate_file, validate_text
from kamisado_notation.engine.board import SQUARE_COLOURS, square_name
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, only_match, played, winners, written

pytestmark = pytest.mark.reads_again

STYLES = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.SHORT, "en")]
#: Sentences said between two rounds, naming two towers and a ring (``{}``: a colour's word).
SENTENCES = [
    "{} became a sumo after this round ({} was one already since round 1).",
    "Note: {} is sumo now, {} got its ring in round 1.",
    "{} has a ring now and {} too, 2 sumos on the board",
]
#: Colour words as a writer of each language spells them (the order of :class:`Colour`).
COLOURS = {
    "en": ["brown", "green", "red", "yellow", "pink", "purple", "blue", "orange"],
    "de": ["braun", "grün", "rot", "gelb", "rosa", "lila", "blau", "orange"],
    "hu": ["barna", "zöld", "piros", "sárga", "rózsaszín", "lila", "kék", "narancs"],
}


def errors_of(text: str) -> list[str]:
    return [d.message for m in validate_text(text).matches for d in m.diagnostics if d.severity is Severity.ERROR]


def judged_winners(text: str) -> list[str | None]:
    (match,) = validate_text(text).matches
    return [str(r.winner) if r else None for _, r in match.rounds]


def read_as_file(text: str, path: Path) -> tuple[list[str | None], list[str]]:
    """``text`` written to ``path`` (its name's ending tells its format) and validated:
    the winner of each round judged (``None`` where not) and the errors' messages."""
    path.write_text(text, encoding="utf-8")
    (match,) = validate_file(str(path)).matches
    return [str(r.winner) if r else None for _, r in match.rounds], [d.message for d in match.diagnostics if d.severity is Severity.ERROR]


def rounds_split(text: str) -> list[str]:
    """``text`` cut before each ``Round`` line after the first."""
    return re.split(r"(?m)^(?=Round [2-9])", text)


def with_lineups(truth: str, rows: Callable[[Any], list[str]]) -> str:
    """``truth`` with the lines ``rows`` writes of each round after the first (its
    replayed round: ``start``, the position it starts from) after that round's heading."""
    match = replay_match(only_match(truth))
    parts = rounds_split(truth)
    out = [parts[0]]
    for part, rnd in zip(parts[1:], match.rounds[1:], strict=True):
        heading, _, rest = part.partition("\n")
        out.append("\n".join([heading, *rows(rnd), rest]))
    return "".join(out)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(STYLES), sentence=st.sampled_from(SENTENCES), pick=st.integers(0, 63))
def test_a_sentence_naming_towers_between_rounds_is_set_aside(seed, style, sentence, pick):
    form, lang = style
    truth = written(seed, form, lang)
    words = COLOURS.get(lang, COLOURS["en"])
    said = sentence.format(words[pick % 8], words[pick // 8]).capitalize()
    text = f"\n{said}\n\n".join(part.rstrip("\n") for part in rounds_split(truth)) + "\n"
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())
    assert moves_of(fix_text(text).text) == moves_of(truth)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), label=st.sampled_from(["{side} (h8→a8): ", "- {side} ({a}→{h}): ", "{side}, from a to h: "]))
def test_a_lineup_labelled_with_the_squares_it_runs_over_is_no_move(seed, label):
    """Each round after the first gets its lineups written before its moves, as a list
    of colours with a label naming the squares it runs from and to."""
    truth = written(seed, Form.TEXT, "en")

    def rows(rnd: Any) -> list[str]:
        out = []
        for side, squares, a, h in ((Side.BLACK, range(63, 55, -1), "h", "a"), (Side.GOLD, range(8), "a", "h")):
            towers = [rnd.start.tower_at(sq) for sq in squares]
            names = " ".join(t.colour.title + "*" * t.rings for t in towers if t is not None)
            out.append(label.format(side=side.title, a=a, h=h) + names)
        return out

    text = with_lineups(truth, rows)
    assert errors_of(text) == []
    assert moves_of(fix_text(text).text) == moves_of(truth)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(STYLES[:3]))
def test_a_chat_export_that_gives_each_message_twice_is_read_once(seed, style):
    """A chat app's JSON export keeps each message's text and, beside it, the same text
    as its formatted parts: each round one message, given twice, read once. (The
    entries in words: a round in the short form in one message, ``Round 1 ; 1. Ye L3 Ye
    Ye L2 Ye ; …``, is not read yet: docs/record-decisions.md.)"""
    form, lang = style
    truth = written(seed, form, lang)
    messages = []
    for k, part in enumerate(rounds_split(truth.split("\n\n", 1)[1])):
        body = part.strip("\n")
        messages.append({"id": k, "type": "message", "from": "Vlad", "text": body, "text_entities": [{"type": "plain", "text": body}]})
        messages.append({"id": 100 + k, "type": "message", "from": "Sergei", "text": "nice", "text_entities": [{"type": "plain", "text": "nice"}]})
    text = json.dumps({"name": "Kamisado club", "type": "private_group", "messages": messages}, ensure_ascii=False, indent=1)
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(STYLES[:3]), name=st.sampled_from(["Ama Owusu", "Rosa Lima", "Verde Costa", "Gul Ahmed"]))
def test_a_chat_apps_export_as_an_array_of_messages_is_read_from_their_text(seed, style, name):
    """A chat app's export as an array of message objects (``[``, ``{`` on lines of their
    own), each with ids (``"client_msg_id"``: a UUID whose ``a6a3`` is no move), the
    sender's id and profile, whose names read as colours (``Ama``, ``Rosa``, ``Verde``,
    ``Gul``), and the message's ``text``: read from the texts alone (before, the file was
    not read as a JSON document at all, and the names were read as towers)."""
    form, lang = style
    truth = written(seed, form, lang)
    rng = random.Random(seed)
    messages = []
    for line in truth.split("\n\n", 1)[1].splitlines():
        if not line.strip():
            continue
        uid = "-".join("".join(rng.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12))
        uid = uid[:9] + "a6a3" + uid[13:]
        first = name.split()[0]
        profile = {"avatar_hash": "g5d91818e811", "first_name": first, "real_name": name, "display_name": first, "name": name.lower().replace(" ", ".")}
        messages.append({"client_msg_id": uid, "type": "message", "text": line, "user": "U04" + first.upper(), "ts": f"17725{rng.randrange(10**5):05d}.258176", "user_profile": profile})
    text = json.dumps(messages, ensure_ascii=False, indent=4)
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


#: What a reply says between the rounds it quotes (``{}``: a colour, then a square).
COMMENTS = [
    "Genau hier war es vorbei: nach {} auf {} war die ganze Linie frei.",
    "I think {} to {} was the mistake, the file was open after that.",
    "Hier hätte {} nicht nach {} ziehen sollen :-)",
]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(STYLES[:3]), comment=st.sampled_from(COMMENTS))
def test_a_mail_quoting_the_record_in_quoted_printable_is_read_as_its_text(seed, style, comment):
    """The record quoted (``> ``) in a reply whose text is sent as quoted-printable (soft
    line breaks, ``=C3=A4``), the reply's own comments naming a tower and a square
    between the quoted rounds, an id in its headers that looks like squares. (The
    entries in words: the short form's letters are weak clues, which a reply's German
    prose may leave unsettled.)"""
    form, lang = style
    truth = written(seed, form, lang)
    words = COLOURS.get(lang, COLOURS["en"])
    body = ["Hallo Emil, hallo Liste,", "", "alles richtig, Anmerkungen unten im Text.", "", "Am 22.04.26 um 08:57 schrieb Emil:"]
    for k, part in enumerate(rounds_split(truth.split("\n\n", 1)[1])):
        body += ["> " + line if line else ">" for line in part.rstrip("\n").splitlines()]
        body += ["", comment.format(words[(seed + k) % 8], "abcdefgh"[k % 8] + str(1 + (seed + k) % 8)), ""]
    encoded = quopri.encodestring("\n".join(body).encode("utf-8")).decode("ascii")
    headers = [
        "Return-Path: <tamas@example.org>",
        "Message-ID: <8e1f0c2a-5b7d-4c1e-b1d2-2f6d1b0e7c44@example.org>",
        "References: <4c0b3d1e-77aa-4f0e-c7c5-0e9c6a5f1e20@example.de>",
        "From: Tamas <tamas@example.org>",
        "Subject: Re: Mitschrift Kamisado",
        "Content-Type: text/plain; charset=UTF-8; format=flowed",
        "Content-Transfer-Encoding: quoted-printable",
    ]
    text = "\n".join(headers) + "\n\n" + encoded + "\n"
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000), style=st.sampled_from(STYLES[:3]), charset=st.sampled_from(["utf-8", "iso-8859-1"]),
    sent=st.sampled_from(["quoted-printable", "base64"]), attached=st.booleans(),
)
def test_a_mail_in_parts_is_read_once_from_its_plain_text(seed, style, charset, sent, attached):
    """A mail program's message in parts (``multipart/alternative``): the record as plain
    text and again as a web page, each sent as quoted-printable in the charset its part
    names, maybe a picture attached (``multipart/mixed`` around them). The match is read
    once, from the plain text (before, the web page's copy made a second match), and a
    letter its charset writes as one byte (``é``) is read as itself; a text sent as base64
    (a mail program's way with Cyrillic or Japanese) is read decoded."""
    form, lang = style
    truth = written(seed, form, lang)
    plain = "Bonjour à tous, voici la partie de lundi (soirée jeux).\n\n" + truth
    page = "<html><body><p>Bonjour à tous</p><pre>" + html.escape(truth) + "</pre></body></html>"
    if any(ord(ch) > 255 for ch in truth):
        charset = "utf-8"  # (a language Latin-1 does not write)

    def part(kind: str, text: str) -> str:
        if sent == "base64":
            body = base64.encodebytes(text.encode(charset)).decode("ascii")
        else:
            body = quopri.encodestring(text.encode(charset)).decode("ascii")
        return f'Content-Type: {kind}; charset="{charset}"\nContent-Transfer-Encoding: {sent}\n\n{body}\n'

    inner = f'Content-Type: multipart/alternative;\n boundary="----=_Alt_01"\n\n------=_Alt_01\n{part("text/plain", plain)}------=_Alt_01\n{part("text/html", page)}------=_Alt_01--\n'
    if attached:
        picture = "Content-Type: image/png; name=board.png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\n"
        body = f'Content-Type: multipart/mixed;\n boundary="mix-7"\n\nThis is a multi-part message in MIME format.\n--mix-7\n{inner}--mix-7\n{picture}--mix-7--\n'
    else:
        body = inner
    text = "From: Martine <secretariat@example.fr>\nSubject: Compte rendu\nMIME-Version: 1.0\n" + body
    report = validate_text(text)
    assert [d.format("x") for d in report.all_diagnostics() if d.severity is Severity.ERROR] == []
    (match,) = report.matches
    assert [str(r.winner) for _n, r in match.rounds if r is not None] == list(winners(truth).values())


#: Handouts' preambles: how their moves are written, with squares, directions, numbers and
#: an example of an entry.
PREAMBLES = [
    """How to read the moves: the tower's colour, from-to, then the direction and the
number of squares, and the colour of the square it lands on.
Directions are the mover's own: straight is towards the other side, left and right are diagonal.
a1 is Gold's left corner and h8 is Black's right corner; Black starts, first to 1 point wins.
""",
    """Key: straight = forward, left = diagonal left, right = diagonal right (the mover's own left and right).
Each row: tower, from→to (direction + squares, colour of the square landed on), e.g. Blue b8→b3 (straight 5, lands yellow).
""",
    """Directions: straight, left, right; squares from a1 (Gold's left corner) to h8; for example Red e8→e5 (straight 3, lands pink) or Green g1→e3 (left 2, lands red).
""",
]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), separator=st.sampled_from([" & ", " | ", "; "]), preamble=st.sampled_from(PREAMBLES))
@example(seed=17, separator=" & ", preamble=PREAMBLES[0])
@example(seed=2, separator=" & ", preamble=PREAMBLES[1])
@example(seed=6, separator=" & ", preamble=PREAMBLES[1])
@example(seed=50, separator=" | ", preamble=PREAMBLES[2])  # (its example moves were read as the match's first: a wrong winner)
def test_a_preamble_that_explains_the_notation_never_makes_a_round_wrong(seed, separator, preamble):
    """A handout that explains its notation before the moves, in words and squares that
    may read as moves (``h8 is Black's right corner``): a round it judges is the truth's,
    and one it cannot judge is an error that says where (never a guess)."""
    truth = written(seed, Form.TEXT, "en", target=1)
    (rnd,) = replay_match(only_match(truth)).rounds
    rows = []
    for k in range(0, len(rnd.plies), 2):
        cells = [str(k // 2 + 1)]
        for p in rnd.plies[k : k + 2]:
            m = p.move
            cells.append(f"{m.tower.title} {m.coords().replace('-', '→')} ({str(m.direction).lower()} {m.distance}, lands {m.square_colour.title.lower()})")
        rows.append(separator.join(cells))
    text = preamble + "\n" + "\n".join(rows) + "\n"
    judged = judged_winners(text)
    assert [w for w in judged if w is not None] == [w for w, t in zip(judged, winners(truth).values(), strict=False) if w is not None and w == t]
    assert None not in judged or errors_of(text)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from(STYLES), heart=st.sampled_from(["💛", "🟥", "💙", "🟩"]))
def test_messages_backed_up_as_xml_are_read_as_their_text(seed, style, heart):
    """A phone's backup of its messages: an XML element a message, its text in the
    ``body`` attribute, beside a contact's name that ends in a colour's emoji and ids."""
    form, lang = style
    truth = written(seed, form, lang)
    rows = [line for line in truth.split("\n\n", 1)[1].splitlines() if line.strip()]
    elements = [
        f'  <sms protocol="0" address="+447700900417" date="{1792607892000 + 1000 * k}" type="1" subject="null" '
        f'body="{html.escape(row, quote=True)}" read="1" status="-1" locked="0" sub_id="1" contact_name="Wen {heart}" />'
        for k, row in enumerate(rows)
    ]
    text = "\n".join(
        ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", f'<smses count="{len(rows)}" backup_set="3f6b2a10-8c41" type="full">', *elements, "</smses>"]
    ) + "\n"
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


#: What a scan's text recognition writes for some capitals.
SCANNED = {"O": "0", "I": "l", "B": "8", "S": "5", "G": "6"}


def scoresheet(seed: int, rng: random.Random, noise: float, target: int = 3) -> tuple[str, str]:
    """A generated match (the truth, and its record) as an arbiter's form in capitals:
    a table a round (turn, Black's tower, direction, squares, then Gold's), as a scan's
    text recognition reads it: each bar ``|``, ``l``, ``I`` or ``!``, each letter of a
    tower's name mistaken at the rate ``noise``."""
    truth = written(seed, Form.TEXT, "en", target=target)
    out = ["KAMISADO CLUB EVENING - OFFICIAL SCORESHEET", "BLACK: ANN     GOLD: BOB", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"ROUND {n}", " No |  BLACK  tower    dir  sq  |  GOLD  tower    dir  sq", "----+-------------------------+-------------------------"]
        cells = [("--", "", "")] if rnd.plies[0].side is Side.GOLD else []
        for ply in rnd.plies:
            m = ply.move
            if str(ply.kind) == "back":
                continue
            name = "".join(SCANNED[c] if c in SCANNED and rng.random() < noise else c for c in m.tower.title.upper())
            cells.append(("--", "", "") if m.is_forfeit else (name, str(m.direction)[0].upper(), str(m.distance)))
        for k in range(0, len(cells), 2):
            a, b = cells[k], cells[k + 1] if k + 1 < len(cells) else ("", "", "")
            bars = rng.choice("|lI!"), rng.choice("|lI!")
            out.append(f"  {k // 2 + 1} {bars[0]}  {a[0]:<10} {a[1]:>3} {a[2]:>3}  {bars[1]} {b[0]:<10} {b[1]:>3} {b[2]:>3}".rstrip())
        out += [f"Winner: {rnd.result.winner.title.upper() if rnd.result else '?'}", ""]
    return "\n".join(out) + "\n", truth


@pytest.mark.parametrize(("seed", "target"), [(3, 3), (4, 3), (9, 3), (0, 1), (3, 1), (5, 1), (7, 1)])
def test_a_scanned_scoresheet_is_read_round_by_round(seed, target):
    """Every round is read as the truth played it (before session 30, none was: the
    first row's bars and digits stopped the reading; before session 31, no single
    round's, nor most matches' last: the form has no column for the landing colour, so
    each entry takes the next tower's name for it, and the move home, which no tower
    follows, had a shape the record's habit never saw)."""
    text, truth = scoresheet(seed, random.Random(seed), 0.1, target)
    assert judged_winners(text) == list(winners(truth).values())


@pytest.mark.parametrize("boxes", [("[ ]", "[X]"), ("( )", "(x)"), ("☐", "☒")])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_forms_round_line_with_boxes_is_the_rounds_heading(seed, boxes):
    """A printed form's round line, ``Round:   2     Fill:   [ ] left   [X] right``: the
    ticked box names the fill, and the first round's, no box ticked, names none."""
    truth = written(seed, Form.TEXT, "en")
    empty, ticked = boxes

    def form(m: re.Match[str]) -> str:
        left, right = (ticked if m[2] == "left" else empty, ticked if m[2] == "right" else empty)
        return f"Round:   {m[1]}          Fill:   {left} left   {right} right    (loser chooses)"

    text = re.sub(r"(?m)^Round (\d+)(?: fill (left|right))?$", form, truth)
    assert "Fill:" in text
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


@pytest.mark.parametrize(("seed", "target"), [(14, 1), (29, 1), (35, 3)])
def test_a_scoresheets_winner_lines_tell_the_readings_apart(seed: int, target: int) -> None:
    """Each round of these scanned sheets is judged as the truth played it: its ``Winner:``
    line says who won, and of the readings as good the one that agrees is taken (before
    session 35 the best reading ended a round one move short, or another, as good, made
    it uncertain: a round not judged)."""
    text, truth = scoresheet(seed, random.Random(seed), 0.1, target)
    assert judged_winners(text) == list(winners(truth).values())


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), target=st.sampled_from([1, 3]))
@example(seed=242, target=1)  # (session 34: a reading that judged no round taken over the first: a traceback)
# (a fresh clone's random profile, session 34: a round of four entries read as in progress,
# neither judged nor blamed; its 'Winner: GOLD' now tells the readings near as good apart)
@example(seed=3986, target=1)
# (found by the random profile: a round of four entries, the habit learnt from them made
# its move home dearer than setting it aside; the form's heading row read as a move)
@example(seed=4999, target=1)
# (a fresh clone's random profile, session 38: a one-round match not judged; judged since
# session 52, where readings as good that end the match alike and part at one move only
# no longer cast doubt on the round, but mark that move)
@example(seed=754, target=1)
def test_a_scanned_scoresheet_never_gives_a_wrong_winner(seed, target):
    """A round it judges is the truth's; one it cannot judge is an error."""
    text, truth = scoresheet(seed, random.Random(seed), 0.1, target)
    judged = judged_winners(text)
    assert [w for w in judged if w is not None] == [w for w, t in zip(judged, winners(truth).values(), strict=False) if w is not None and w == t]
    assert None not in judged or errors_of(text)


#: What a scan's text recognition reads a rank's digit as, now and then.
MISREAD_RANKS = {"1": "l", "2": "Z", "5": "S", "8": "B"}


def scanned_squares(text: str, rng: random.Random) -> str:
    """A record of squares (``b8-b5   f1-f6``) as a scan's text recognition read a
    printout of it: a rank 1 now and then an ``l``, a 2 a ``Z``, a 5 an ``S``, an 8 a
    ``B`` (one square of a move at most), each dash between two squares a dash with
    blanks, an arrow or ``->`` as the printout had it."""
    sep = rng.choice([" - ", "→", " → ", "->"])

    def move(m: re.Match[str]) -> str:
        misread = rng.choice([1, 2])
        a, b = (sq[0] + MISREAD_RANKS[sq[1]] if k == misread and sq[1] in MISREAD_RANKS and rng.random() < 0.5 else sq for k, sq in enumerate((m[1], m[2]), 1))
        return f"{a}{sep}{b}"

    return re.sub(r"\b([a-h][1-8])-([a-h][1-8])\b", move, text)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2201, hand=1)  # (before session 43: not judged whole)
def test_a_scanned_move_with_l_for_1_and_an_arrow_is_its_squares(seed: int, hand: int) -> None:
    """``h8→hl``, ``al - b2``, ``a5 - dB``: a scan's ``l`` for a rank's 1 (``Z`` for 2,
    ``B`` for 8: before session 45 such a move was a square alone), with an arrow or a
    dash with blanks between the squares (before session 43 only a bare dash, ``g3-el``,
    was read so, and such a move was a square alone)."""
    truth = written(seed, Form.COORDS, "en")
    text = scanned_squares(truth, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())


def app_export(seed: int, rng: random.Random, target: int = 3) -> tuple[str, str]:
    """A generated match (the truth, and an app's XML export of it): each move an
    element whose attributes hold its data, among ids, counters and times
    (``<ply n="3" id="p-81" side="black" tower="orange" from="a8" to="b7"
    square="orange" t="20:14:02"/>``); a forfeit ``type="pass"``."""
    truth = written(seed, Form.COORDS if rng.random() < 0.5 else Form.TEXT, "en", target=target)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<scorer schema="4" exported="2026-11-11T21:47:03+01:00" device="SM-A546B">', f'  <match id="m-{seed}" pointsToWin="{target}">']
    clock = 0
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        fill = "" if rnd.fill is None else f' fill="{rnd.fill.value}"'
        out.append(f'    <round n="{n}"{fill}>')
        k = 0
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            k += 1
            clock += rng.randint(5, 90)
            stamp = f"20:{clock // 60 % 60:02d}:{clock % 60:02d}"
            side, tower = m.side.name.lower(), m.tower.name.lower()
            what = f'type="pass" at="{square_name(m.origin)}"' if m.is_forfeit else f'from="{square_name(m.origin)}" to="{square_name(m.target)}"'
            out.append(f'      <ply n="{k}" id="p-{rng.randint(10, 999)}" side="{side}" tower="{tower}" {what} square="{m.square_colour.name.lower()}" t="{stamp}"/>')
        if rnd.result is not None:
            out.append(f'      <result winner="{rnd.result.winner.name.lower()}" points="{rnd.result.points}"/>')
        out.append("    </round>")
    out += ["  </match>", "</scorer>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), rng=st.randoms(use_true_random=False))
@example(seed=1433, rng=random.Random(0))  # (a fresh clone's random profile, session 36: 'type="pass"' was dropped with the spreadsheets' look)
def test_an_apps_xml_export_is_read_from_its_elements_attributes(seed: int, rng: random.Random) -> None:
    """An app that keeps each move in an element's attributes: the values that say
    something of a move are read where they stand (before session 32 every tag was
    blanked with its attributes, and nothing was read)."""
    text, truth = app_export(seed, rng)
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def bot_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated single round (the truth, and a chat where a bot referees it): each
    player types a command with two squares (``!k mv g8 h7``); the bot answers with the
    move, its colours as a coloured square and the word (``🟩 Green g8 ➜ h7 · landed on 🟪
    purple``), and names the tower to move next."""
    truth = written(seed, Form.TEXT, "en", target=1)
    emoji = {"ORANGE": "🟧", "BLUE": "🟦", "PURPLE": "🟪", "PINK": "🩷", "YELLOW": "🟨", "RED": "🟥", "GREEN": "🟩", "BROWN": "🟫"}
    names = ("ada.exe", "annieb")
    out = ["#kamisado-bot", "", f"{names[0]} — Today at 19:41", "!k challenge @annieb single", ""]
    for rnd in replay_match(only_match(truth)).rounds:
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            who = names[m.side.value]
            if m.is_forfeit:
                out += [f"KamiBot APP — Today at 19:4{rng.randint(2, 9)}", f"{who} is blocked: pass", ""]
                continue
            out += [f"{who} — Today at 19:4{rng.randint(2, 9)}", f"!k mv {square_name(m.origin)} {square_name(m.target)}", ""]
            if rng.random() < 0.2:
                out += [rng.choice(["bruh", "ok but im eating so be patient", "gg soon"]), ""]
            tower, landing = m.tower.name, m.square_colour.name
            out += [
                f"KamiBot APP — Today at 19:4{rng.randint(2, 9)}",
                f"{emoji[tower]} {tower.title()} {square_name(m.origin)} ➜ {square_name(m.target)} · landed on {emoji[landing]} {landing.lower()}",
                "",
            ]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), rng=st.randoms(use_true_random=False))
def test_a_bots_command_and_its_answer_are_one_move(seed: int, rng: random.Random) -> None:
    """Two squares typed alone (``g8 h7``) are a move; the bot's answer says it again,
    with an arrow between the squares and each colour as a sign and a word: one move
    (before session 32 the round was not judged)."""
    text, truth = bot_log(seed, rng)
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def yaml_export(seed: int, rng: random.Random, target: int = 3) -> tuple[str, str]:
    """A generated match (the truth, and a hobby app's YAML export of it): a row of each
    turn a flow mapping in a list (``- {n: 2, black: "pink left 1 (a8-b7) -> orange",
    gold: "…"}``), ``"..."`` where Gold opens a round, and after each round its winner,
    the winning tower and a note that says the winning move again in prose, its square
    after a word to it (``the blue went all the way to c1``)."""
    truth = written(seed, Form.TEXT, "en", target=target)
    out = ["# ScoreBox 2.1 export", "app: ScoreBox", f"points_to_win: {target}", "players:", "  black: Ana", "  gold: Bea", "rounds:"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"  - no: {n}", f"    fill: {'null' if rnd.fill is None else rnd.fill.value}", "    turns:"]
        said: list[str] = []
        last = None
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            last = m
            if m.is_forfeit:
                entry = f"{m.tower.name.lower()} blocked, pass"
            else:
                entry = f"{m.tower.name.lower()} {m.direction.name.lower()} {m.distance} ({square_name(m.origin)}-{square_name(m.target)}) -> {m.square_colour.name.lower()}"
            if not said and m.side is Side.GOLD:
                said.append("...")
            said.append(entry)
        for k in range(0, len(said), 2):
            pair = said[k : k + 2]
            row = f'{{n: {k // 2 + 1}, black: "{pair[0]}"' + (f', gold: "{pair[1]}"}}' if len(pair) > 1 else "}")
            out.append(f"      - {row}")
        if rnd.result is not None and last is not None:
            out += [f"    winner: {rnd.result.winner.name.lower()}", f"    winning_tower: {last.tower.name.lower()}"]
            out.append(f'    note: "{rng.choice(["nice", "long one!", "what a finish"])} the {last.tower.name.lower()} went all the way to {square_name(last.target)}"')
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1334, hand=338)  # (a fresh clone's random profile, session 34: Gold's '...' after a note read as Black's forfeit)
@example(seed=427, hand=42)  # (the last round not judged: a fresh clone's random profile, session 39; read since session 42)
def test_a_yaml_export_of_flow_mappings_is_read_as_its_moves(seed: int, hand: int) -> None:
    """A YAML list of flow mappings (``- {n: 1, black: "…", gold: "…"}``) is a row of
    entries, not a comment in braces; a note after a round that names the square the
    winning move went to (``… to c1``) is no start of the next round from that square
    (before session 34 the braces made each row a comment, and the note read as the
    next round's first move from its square). A round with no heading the reader knows
    starts where the round before ended, also with Gold's ``...`` (before session 35 a
    ``...`` after the note was read as Black's forfeit, and the rounds after it not)."""
    text, truth = yaml_export(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def app_moves_yaml(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a phone app's YAML export of it): each move a
    flow mapping of bare values (``- {n: 5, side: B, tower: green*, from: d8, to: c7,
    landed: pink}``), a Sumo's tower marked by a star a ring (``green*``, ``red**``), a
    forfeit ``pass: yes``; each round's winner after its moves."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([3, 7]))
    sides = rng.choice([("B", "G"), ("black", "gold"), ("흑", "금")])
    out = ["# BoardLog export", "app: BoardLog", "rounds:"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"  - round: {n}", "    moves:"]
        position = rnd.start.copy()
        for k, ply in enumerate(p for p in rnd.plies if p.move is not None and str(p.kind) != "back"):
            m = ply.move
            assert m is not None
            tower = position.tower_at(m.origin) if not m.is_forfeit else None
            stars = "*" * (tower.rings if tower is not None else 0)
            said = f"n: {k + 1}, side: {sides[m.side.value]}, tower: {m.tower.name.lower()}{stars}"
            said += ", pass: yes" if m.is_forfeit else f", from: {square_name(m.origin)}, to: {square_name(m.target)}, landed: {m.square_colour.name.lower()}"
            out.append(f"      - {{{said}}}")
            position.apply(m)
        if rnd.result is not None:
            out.append(f"    winner: {sides[rnd.result.winner.value]}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=3, hand=0)
def test_a_flow_mapping_of_bare_values_with_a_sumos_stars_is_read(seed: int, hand: int) -> None:
    """A YAML list of flow mappings whose values are bare, a Sumo's tower written with its
    stars (``tower: green*``), is read as its moves: before session 53 a value with a star
    made its line no mapping but a comment in braces, and the move was lost (set 52a's
    Korean export lost 7 of its 11 rounds)."""
    text, truth = app_moves_yaml(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def keyed_relay(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a chat relay of it): a key that names the players
    by their initials (``K = Kofi, Y = Yusuf``) and the colours by a sign and its word
    (``🟠orange 🔵blue …``); each move a message, the mover's initial, the tower's sign,
    or its shortcode (``:orange_heart:``), an arrow as the board looks from Gold's side,
    the distance; a round's heading in the chat's shorthand (``*R2* Yusuf starts``)."""
    truth = written(seed, Form.TEXT, "en", target=3)
    signs = {"ORANGE": "🟠", "BLUE": "🔵", "PURPLE": "🟣", "PINK": "🌸", "YELLOW": "🟡", "RED": "🔴", "GREEN": "🟢", "BROWN": "🟤"}
    screen = {  # (as the board looks from Gold's side: Black's forward is down, its left the screen's right)
        (Side.GOLD, "FORWARD"): "↑", (Side.GOLD, "LEFT"): "↖", (Side.GOLD, "RIGHT"): "↗",
        (Side.BLACK, "FORWARD"): "↓", (Side.BLACK, "LEFT"): "↘", (Side.BLACK, "RIGHT"): "↙",
    }  # fmt: skip
    out = [
        "[20:58] Kira: relaying Kofi v Yusuf, first to 3",
        "[20:59] Kira: key: K = Kofi, Y = Yusuf, arrows as the board looks from gold's side, number = squares",
        "[20:59] Kira: " + " ".join(f"{signs[c]}{c.lower()}" for c in signs),
    ]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        opener = ("Kofi", "Yusuf")[next(p.move.side.value for p in rnd.plies if p.move is not None)]
        out.append(f"[21:{n:02d}] Kira: *R{n}* {opener} starts" + ("" if rnd.fill is None else f", fill from the {rnd.fill.value}"))
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            who = "KY"[m.side.value]
            sign = signs[m.tower.name] if rng.random() < 0.5 else f":{m.tower.name.lower()}_heart:"
            said = f"{sign} pass" if m.is_forfeit else f"{sign} {screen[m.side, m.direction.name]}{m.distance}"
            out.append(f"[21:{rng.randint(10, 59)}] Kira: {who} {said}")
            if rng.random() < 0.15:
                out.append(f"[21:{rng.randint(10, 59)}] Ben: {rng.choice(['oof', 'nice one', 'brave'])}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=8991, hand=937)  # (a fresh clone's random profile, session 34: '🌸 ↓1' read as Pink Forward 1 or Right 1)
@example(seed=65, hand=0)  # (a shortcode with no sign of its own, `:pink_heart:`, was taken for a nick in session 44: its colour not read)
def test_players_initials_a_key_names_are_no_colours(seed: int, hand: int) -> None:
    """Initials a key says are the players' (``K = Kofi, Y = Yusuf``) label the moves and
    say nothing of them (``Y`` is no yellow); a key of the colours' signs, each with its
    word, is no move (before session 34 the initials were read as towers, and the sides
    of every move shifted by one). A straight down arrow is straight: Black's forward on
    a board drawn from Gold's side, never a diagonal (before session 35 it fitted any
    direction, and an entry that fitted a diagonal too was an error)."""
    text, truth = keyed_relay(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999), thing=st.sampled_from(["heart", "flower", "book", "car", "gem", "dot", "flag", "sparkle_heart"]))
@example(seed=65, hand=0, thing="heart")
def test_a_shortcode_nobody_listed_names_its_colour(seed: int, hand: int, thing: str) -> None:
    """A chat's shortcode that no table lists says its tower by the colour word in its name
    (``:pink_heart:``, ``:green_book:``): a word between colons, joined by ``_``, is a
    shortcode, not a nick (``samwise_g``) set aside (session 44 set them aside, and the
    round that wrote Pink's moves so was not judged)."""
    text, truth = keyed_relay(seed, random.Random(hand))
    text = re.sub(r":([a-z]+)_heart:", lambda m: f":{m[1]}_{thing}:", text)
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=439, hand=0)  # (the same `:pink_heart:` taken for a nick, session 44)
def test_fix_writes_a_relay_of_signs_and_arrows_in_one_language(seed: int, hand: int) -> None:
    """``fix`` writes each entry of a relay in colour signs and arrows (``🟠 ↑3``) in the
    words the record uses where it has any (``:purple_heart: ↓2``: English), not in the
    symbols form's glyphs because of its arrows (before session 35 one round came out
    ``Purple Forward 2 Orange`` and ``橙↑3粉`` by turns)."""
    text, truth = keyed_relay(seed, random.Random(hand))
    fixed = fix_text(text).text
    assert moves_of(fixed) == moves_of(truth)
    assert not re.search("[\u4e00-\u9fff]", fixed)


def marked_bot_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """:func:`bot_log` with the sides marked by signs the bot's first message declares
    (``⬛ Black: ada.exe · 🟨 Gold: annieb``: the gold side's a yellow square): each answer
    begins with the mover's sign, and a line after it calls the next tower by its sign and
    name (``🟨 @annieb move your 🟪 **Purple**``); a player's chatter names a tower now and
    then (``lol ur orange is so far out``)."""
    text, truth = bot_log(seed, rng)
    side = {"ada.exe": "⬛", "annieb": "🟨"}
    out: list[str] = []
    mover = None
    for line in text.splitlines():
        if line.startswith(("ada.exe", "annieb")):
            mover = line.split()[0]
        if "landed on" in line and mover is not None:
            other = "annieb" if mover == "ada.exe" else "ada.exe"
            sign, word = line.split("landed on ")[1].split()
            out += [f"{side[mover]} {line}", f"{side[other]} @{other} move your {sign} **{word.title()}**"]
            continue
        out.append(line)
        if line.startswith("!k mv") and rng.random() < 0.4:
            out.append(rng.choice(["lol ur orange is so far out", "that red is scary", "pink again??"]))
        if line.startswith("!k challenge"):
            out += ["", "KamiBot APP — Today at 19:41", "🏯 Match started. ⬛ Black: **ada.exe** (top, row 8) · 🟨 Gold: **annieb** (bottom, row 1)"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 2**16))
@example(seed=107, hand=1)
@example(seed=1236, hand=1)  # (a one-round match whose bot says each move twice: not judged before session 39, its sides' signs not read)
@example(seed=10000, hand=6227)  # (a fresh clone's random profile, session 37: a one-round match of six moves, each said twice, not judged; judged since session 65)
@example(seed=221, hand=0)  # (a one-round match: not judged before session 39)
@example(seed=48, hand=39)  # (a one-round match of four moves, each said twice: not judged before session 44, a move said again could not end its entry)
@example(seed=5200, hand=31)  # (read from the other side of the board before session 39, the wrong winner: a sign marks each bot line's side)
@example(seed=3310, hand=30765)  # (a fresh clone's random profile, session 53: chatter naming a colour between the last move and the bot's echo of it stopped the echoes being set aside; not judged before session 54)
@example(seed=400, hand=3713)  # (a fresh clone's random profile, session 40: a bot's match, each move said twice, not judged whole; judged since session 65: the prompts naming the tower to move, read as moves, no longer cast doubt where they leave the bot's echo in squares unplayed)
@example(seed=328, hand=18818)  # (a random profile run, session 56: a bot's one-round match not judged; judged since session 65: a move given and its echo are one move)
@example(seed=687, hand=687)  # (a fresh clone's random profile, session 56: a bot's one-round match not judged; judged since session 65: an echo the first reading stopped at is the move before said again)
@example(seed=264, hand=15775)  # (a fresh clone's random profile of bd04981, session 64: a bot's prompts naming the tower to move read as moves of their own, the bot's echo in squares set aside, cast doubt on the round; the same on 4b3ad31)
@example(seed=7615, hand=1).xfail(raises=AssertionError, reason="known (an explore run, session 65; the same on 4b3ad31): a bot's one-round match whose chatter names orange twice, not judged")
@example(seed=3650, hand=1093).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 68; the same on 4b3ad31): a bot's one-round match stops at a move said again ('🟦 Blue g3 ➜ h4'), the round not judged")
def test_signs_that_mark_the_sides_are_no_colours(seed: int, hand: int) -> None:
    """A sign a record says marks a side (``🟨 Gold: annieb``) labels that side's lines, no
    yellow; a colour said as a sign and its word (``🟪 Purple``) is one colour, not a
    tower and its landing; the tower called next, or named in chatter, is no move (before
    session 34 a sign and its word in bold were read as moves of their own, and the
    chatter's colour as another: no round was judged; before session 36 a match whose
    bot says each move again was read from its second move on from the other side of the
    board, the sides swapped, with the wrong winner: seed 107; before session 39 the
    sign a bot line begins with, ``⬛ 🟧 Orange a8 ➜ a4``, was not read as the side that
    moved, and a short match read from the other side had the wrong winner: seed 5200)."""
    text, truth = marked_bot_log(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: Players' names that are a colour's word in some language (pink, violet, white, red…).
COLOURED_NAMES = ["Rosa", "Violeta", "Rose", "Roza", "Lila", "Rot"]


def named_rows(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club member's quick note of it): a heading that
    names the players, Black's name a colour's word in another language (``Rosa (Black)
    vs Tamas (Gold)``, ``Black: Rosa, Gold: Tamas``), a key of one-letter codes for
    the colours and short words for the directions, each move a line after its player's
    name (``Rosa G rt 5 (Y)``, ``Tamas N pass``); a round's heading as written."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    name = rng.choice(COLOURED_NAMES)
    codes = {"ORANGE": "O", "BLUE": "B", "PURPLE": "P", "PINK": "K", "YELLOW": "Y", "RED": "R", "GREEN": "G", "BROWN": "N"}
    ways = {"FORWARD": "st", "LEFT": "lf", "RIGHT": "rt"}
    heading = rng.choice([f"{name} (Black) vs Tamas (Gold)", f"Black: {name}, Gold: Tamas", f"{name} (B) v. Tamas (G), club night"])
    out = ["Kamisado, club night", heading, "key: " + ", ".join(f"{c} {w.lower()}" for w, c in codes.items()) + "; st straight, lf left, rt right", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(f"Round {n}" + ("" if rnd.fill is None else f" fill {rnd.fill.value}"))
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            who = (name, "Tamas")[m.side.value]
            said = "pass" if m.is_forfeit else f"{ways[m.direction.name]} {m.distance} ({codes[m.square_colour.name]})"
            out.append(f"{who} {codes[m.tower.name]} {said}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_players_name_that_is_a_colours_word_is_no_tower(seed: int, hand: int) -> None:
    """A player's name the record says (``Rosa (Black) vs Tamas (Gold)``, ``Black: Rosa``)
    labels that player's entries; that it is pink's word in German or Portuguese says
    nothing of the move (before session 35 ``Rosa green right 5`` was a pink tower's
    move, and the entries where that was illegal errors)."""
    text, truth = named_rows(seed, random.Random(hand))
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())
    assert moves_of(fix_text(text).text) == moves_of(truth)


def club_sheet(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club's spreadsheet of it, saved as CSV): a
    column for the round, written on its first row only, one for the turn, and for each
    player the tower, the direction and the distance (no column for the colour landed
    on); a ``-`` where Gold opens a round; remarks on a round's first row (who chose the
    fill and starts: Black is Rosa, pink's word in Spanish) and last (``Black wins with
    the green. Score 1-0``)."""
    truth = written(seed, Form.TEXT, "en", target=3)
    spanish = rng.random() < 0.5  # (Spanish colours: Black's player, Rosa, is also pink's word)
    ways = {"FORWARD": "recto", "LEFT": "diag. izq.", "RIGHT": "diag. dcha.", "BACK": "atrás"} if spanish else {"FORWARD": rng.choice(["straight", "fwd"]), "LEFT": "diag. left", "RIGHT": "diag. right", "BACK": "back"}
    names = dict(zip([c.upper() for c in COLOURS["en"]], ["Marrón", "Verde", "Roja", "Amarilla", "Rosa", "Morada", "Azul", "Naranja"], strict=True)) if spanish else {}
    out = ["Club night;;;;;;;;", "Black;Rosa;;;Gold;Fatima;;;", "Round;Turn;BLACK (Rosa);;;GOLD (Fatima);;;Remarks", ";;Tower;Move;Squares;Tower;Move;Squares;"]
    score = [0, 0]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        cells: list[tuple[str, str, str]] = []
        for ply in rnd.plies:
            m = ply.move
            if m is None:
                continue  # (a push's back-entry is the pushed side's cell: 'Yellow;back;1')
            if not cells and m.side is Side.GOLD:
                cells.append(("-", "", ""))
            tower = names.get(m.tower.name, m.tower.name.title())
            cells.append((tower, "blocked", "0") if m.is_forfeit else (tower, ways[m.direction.name], str(m.distance)))
        rows = [cells[k : k + 2] for k in range(0, len(cells), 2)]
        for t, row in enumerate(rows, 1):
            black, gold = row[0], row[1] if len(row) > 1 else ("", "", "")
            remark = ""
            if t == 1 and rnd.fill is not None:
                opener = ("Rosa", "Fatima")[next(p.move.side.value for p in rnd.plies if p.move is not None)]
                side = {"left": "izquierda", "right": "derecha"}[rnd.fill.value]
                remark = f"Relleno por la {side}, elige {opener}. Sale {opener}" if spanish else f"Refilled from the {rnd.fill.value} ({opener} chose). {opener} starts"
            if t == len(rows) and rnd.result is not None:
                score[rnd.result.winner.value] += rnd.result.points
                won = rnd.plies[-1].move.tower.name
                remark = (
                    f"Gana {('Rosa', 'Fatima')[rnd.result.winner.value]} con la {names[won].lower()}. Marcador {score[0]}-{score[1]}"
                    if spanish else f"{rnd.result.winner.title} wins with the {won.lower()}. Score {score[0]}-{score[1]}"
                )
            out.append(";".join([str(n) if t == 1 else "", str(t), *black, *gold, remark]))
        out.append(";;;;;;;;")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=69, hand=0)  # (a fresh clone's random profile: a push, whose back-entry the sheet left out)
def test_a_sheet_with_no_landing_column_and_no_round_lines_is_read_round_by_round(seed: int, hand: int) -> None:
    """Each round of a sheet whose rounds are numbers in a column (no ``Round`` line) and
    whose entries have no landing colour starts where the round before ended. (Before
    session 35 the first reading took the entries after a round's end, each with a slot
    unread, for notes after it, and the later rounds for errors after its end; the
    reading against the moves mends that here, but not on every such sheet people write.)"""
    text, truth = club_sheet(seed, random.Random(hand))
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


def pointed_relay(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a chat relay of it): each move a message, the
    tower now and then pointed at by where it stands (``red (the one on c2), diagonal
    right 1, purple square``, ``that one again: blue``), times and chatter between."""
    truth = written(seed, Form.TEXT, "en", target=1)
    ways = {"FORWARD": "straight", "LEFT": "diagonal left", "RIGHT": "diagonal right"}
    out = ["Board Game Club > General > Kamisado", "", "[19:01] Piotr", "Kasia has black, Dorota gold, one round", ""]
    for rnd in replay_match(only_match(truth)).rounds:
        for ply in rnd.plies:
            m = ply.move
            if m is None or str(ply.kind) == "back":
                continue
            who = ("Kasia", "Dorota")[m.side.value]
            tower = m.tower.name.lower()
            if rng.random() < 0.5:
                tower = f"{tower} (the one on {square_name(m.origin)})" if rng.random() < 0.5 else f"that one again, the {tower}"
            said = f"{tower} is stuck, pass" if m.is_forfeit else f"{tower}, {ways[m.direction.name]} {m.distance}, {m.square_colour.name.lower()} square"
            out += [f"[19:{rng.randint(10, 59)}] Piotr", f"{who}: {said}", ""]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=52, hand=1)  # (a fresh clone's random profile: 'purple (the one on f1), straight 7': 'on' orange's code, 'f1' Forward 1)
def test_the_one_that_points_at_a_tower_is_no_distance(seed: int, hand: int) -> None:
    """``one`` after ``the``, ``that``, ``this`` is a pronoun (``red (the one on c2),
    diagonal right 1``), no distance, and a tower's square in brackets before its slots is
    where it stands: the move is read whole. (Before session 35 ``one`` was a distance
    in the first reading; the reading against the moves mended that here, but read a
    club's Teams relay so as three moves, and judged no round.)"""
    text, truth = pointed_relay(seed, random.Random(hand))
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


def field_records(seed: int, rng: random.Random, target: int = 3) -> tuple[str, str]:
    """A generated match (the truth, and a hobby database of it: a record a move, a
    field a line, ``Key: value``, as recutils, an INI file or a form app keep them):
    the game's fields, a record for each round (its fill, who opened it, its winner),
    then each move's game, round, number, side, tower, squares and the colour landed
    on. Labels that are common words and clues too (``To:``, ``On:``, ``No:``) name
    fields, no distance or tower; the move's number is no distance either. (A match of
    three points: a single round of a few moves is too short to learn the record's
    habit from, and a square after ``To:`` may then read as a short form, ``F1``, as
    well as not: a limit.)"""
    truth = written(seed, Form.TEXT, "en", target=target)
    keys = rng.choice([("Tower", "From", "To", "Lands", "Ply"), ("Piece", "From", "To", "On", "No"), ("tower", "from", "to", "landed", "no")])
    out = ["# games.rec: typed up from the paper sheets", "", "Id: g0007", "Black: Ana", "Gold: Bea", ""]
    moves: list[str] = []
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        played = [p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"]
        out += [f"Round: {n}", f"Fill: {'none' if rnd.fill is None else rnd.fill.value}", f"FirstMove: {played[0].side.title}"]
        out += [f"Winner: {rnd.result.winner.title}", ""] if rnd.result is not None else [""]
        for k, m in enumerate(played, 1):
            moves += ["Game: g0007", f"Round: {n}", f"{keys[4]}: {k}", f"Side: {m.side.title}", f"{keys[0]}: {m.tower.name.title()}"]
            moves += [f"{keys[1]}: {square_name(m.origin)}", f"{keys[2]}: {square_name(m.target)}"]
            moves += ["Comment: blocked, no move"] if m.is_forfeit else [f"{keys[3]}: {m.square_colour.name.lower()}"]
            moves.append("")
    return "\n".join(out + moves) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1119, hand=0)  # (no round judged: before session 41; a fresh clone's random profile, session 38)
@example(seed=7297, hand=272)  # (a last round of few moves not judged: before session 41; the random profile, session 39)
@example(seed=2467, hand=237)  # (a last round of few moves not judged: before session 41; the random profile, session 39)
def test_a_record_of_fields_is_read_a_move_a_record(seed: int, hand: int) -> None:
    """A database of records, a field a line (``To: f7``): a label that is a common word
    and a clue too is the field's name, not the entry's distance (before session 36
    ``To`` read as *two* cut each move between its squares, and later rounds were not
    judged)."""
    text, truth = field_records(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def plist_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a scoring app's export of it as an Apple
    property list): a dict a move, each value after its key (``<key>to</key>`` then
    ``<string>h3</string>``), the move's number and time among them. (A match of
    three points: a single round of a few moves is too short to learn the record's habit
    from, and its moves' numbers then read as distances as well as not.)"""
    truth = written(seed, Form.TEXT, "en", target=3)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">']
    out += ['<plist version="1.0">', "<dict>", "\t<key>appName</key>", "\t<string>Tower Tally</string>", "\t<key>rounds</key>", "\t<array>"]
    to_key = rng.choice(["to", "To", "on"])
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += ["\t\t<dict>", "\t\t\t<key>roundNumber</key>", f"\t\t\t<integer>{n}</integer>", "\t\t\t<key>moves</key>", "\t\t\t<array>"]
        played = [p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"]
        for k, m in enumerate(played, 1):
            fields = [("ply", "integer", str(k)), ("side", "string", m.side.name.lower()), ("tower", "string", m.tower.name.title())]
            fields += [("from", "string", square_name(m.origin)), (to_key, "string", square_name(m.target))]
            fields += [("blocked", "true", "")] if m.is_forfeit else [("landedOn", "string", m.square_colour.name.title())]
            fields.append(("timestamp", "date", f"2026-01-27T19:{k % 60:02d}:{rng.randrange(60):02d}Z"))
            out.append("\t\t\t\t<dict>")
            for key, kind, value in fields:
                out += [f"\t\t\t\t\t<key>{key}</key>", f"\t\t\t\t\t<{kind}/>" if not value else f"\t\t\t\t\t<{kind}>{value}</{kind}>"]
            out.append("\t\t\t\t</dict>")
        out += ["\t\t\t</array>", "\t\t</dict>"]
    out += ["\t</array>", "</dict>", "</plist>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=5351, hand=0)  # (round 4 not judged: a colour alone on its line earned the next-line gain; session 41, fixed in session 42)
@example(seed=0, hand=17)  # (a fresh clone's random profile, session 61: a record's fields joined, its keys read as words)
def test_a_property_lists_keys_are_labels(seed: int, hand: int) -> None:
    """An Apple property list's keys name the values after them: ``<key>to</key>`` is no
    *two* between a move's squares (before session 36 it cut each move's squares apart,
    and no round was judged)."""
    text, truth = plist_export(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: Colour words (the order of :class:`Colour`) and direction words as Latvian and
#: Icelandic writers put them in a table's cells.
NORTHERN = {
    "lv": (["brūns", "zaļš", "sarkans", "dzeltens", "rozā", "violets", "zils", "oranžs"], {"FORWARD": "taisni", "LEFT": "slīpi pa kreisi", "RIGHT": "slīpi pa labi"}),
    "is": (["brúnn", "grænn", "rauður", "gulur", "bleikur", "fjólublár", "blár", "appelsínugulur"], {"FORWARD": "beint áfram", "LEFT": "á ská til vinstri", "RIGHT": "á ská til hægri"}),
}


def spreadsheet_xml(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club secretary's spreadsheet of it saved as
    Excel's XML, in Latvian or Icelandic): styles, column widths and row heights in
    attributes (``<Font ss:Size="14" ss:Bold="1"/>``), a row a move, each cell's value in
    its ``Data`` element: round, turn, player, tower, direction, distance, squares, the
    colour landed on."""
    truth = written(seed, Form.TEXT, "en", target=3)
    colours, ways = NORTHERN[rng.choice(sorted(NORTHERN))]
    cell = '<Cell ss:StyleID="{style}"><Data ss:Type="{kind}">{value}</Data></Cell>'
    out = ['<?xml version="1.0"?>', '<?mso-application progid="Excel.Sheet"?>', '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">']
    out += [" <Styles>", '  <Style ss:ID="title"><Font ss:FontName="Calibri" x:CharSet="186" ss:Size="14" ss:Bold="1"/></Style>', " </Styles>"]
    out += [' <Worksheet ss:Name="Kamisado">', '  <Table ss:ExpandedColumnCount="9" ss:ExpandedRowCount="99" x:FullColumns="1" ss:DefaultRowHeight="15">']
    out += ["   " + "".join(f'<Column ss:Width="{w}"/>' for w in (48, 30, 90, 60, 110, 45, 30, 30, 95))]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        played = [p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"]
        for k, m in enumerate(played, 1):
            values = [("Number", str(n)), ("Number", str(k)), ("String", ("Ana", "Bea")[m.side.value]), ("String", colours[m.tower.value])]
            if m.is_forfeit:
                values += [("String", "—"), ("Number", "0"), ("String", square_name(m.origin)), ("String", square_name(m.target)), ("String", "")]
            else:
                values += [("String", ways[m.direction.name]), ("Number", str(m.distance)), ("String", square_name(m.origin)), ("String", square_name(m.target))]
                values.append(("String", colours[m.square_colour.value]))
            cells = "".join(cell.format(style=rng.choice(["s21", "s22"]), kind=kind, value=value) for kind, value in values)
            out.append(f'   <Row ss:AutoFitHeight="0" ss:Height="{rng.choice([15, 18])}">{cells}</Row>')
        out.append('   <Row ss:AutoFitHeight="0"></Row>')
    out += ["  </Table>", " </Worksheet>", "</Workbook>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=246, hand=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 61; the same on e43abae): the last round not judged")
def test_a_spreadsheets_look_is_no_evidence(seed: int, hand: int) -> None:
    """A spreadsheet saved as XML keeps its look in attributes (sizes, widths, heights,
    merged cells): numbers that say nothing of a move; its cells' words are Latvian or
    Icelandic (before session 36 the sizes read as distances and the words as nothing:
    no round was judged)."""
    text, truth = spreadsheet_xml(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def journal_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a diary app's JSON export of the day's entry
    about it, in a ``.json`` file): the app's metadata first (no ``"matches"``: another
    program's JSON), then the entry's text as one JSON string of Markdown, a heading
    first, its marks escaped as such apps write them (``1\\. Ana: orange straight 4 →
    yellow \\(a8\\-a4\\)``), a numbered row for each turn, a note after. (Its date is
    written as a date is, ``2026-06-03``: a day said in words, ``\\(6 Jun\\)``, in a heading
    of a record of a few moves is a number that may fit a move, a limit.)"""
    truth = written(seed, Form.TEXT, "en", target=1)
    (rnd,) = replay_match(only_match(truth)).rounds
    played = [p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"]
    ways = {"FORWARD": "straight", "LEFT": "diagonal left", "RIGHT": "diagonal right"}
    said = []
    for m in played:
        if m.is_forfeit:
            said.append(f"{m.tower.name.lower()} is stuck, pass")
        else:
            said.append(f"{m.tower.name.lower()} {ways[m.direction.name]} {m.distance} → {m.square_colour.name.lower()} \\({square_name(m.origin)}\\-{square_name(m.target)}\\)")
    rows = []
    for k in range(0, len(said), 2):
        rows.append(f"{k // 2 + 1}\\. Ana: {said[k]}")
        if k + 1 < len(said):
            rows.append(f"   Bea: {said[k + 1]}")
    text = "\n".join([f"# Kamisado \\- {rng.choice(['lost again', 'what a game', 'short one'])} \\(2026\\-06\\-{rng.randint(1, 28):02d}\\)", "", "Single round tonight\\. I was Black\\.", "", *rows, "", "\\#kamisado \\#club"])
    entry = {"uuid": f"{rng.getrandbits(64):016X}", "creationDate": "2026-06-03T14:47:12Z", "location": {"placeName": "Cafe", "latitude": 3.07}, "tags": ["kamisado"], "text": text}
    return json.dumps({"metadata": {"version": "1.0"}, "entries": [entry]}, indent=2, ensure_ascii=False) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=6612, hand=0)  # (six moves in one JSON string, not judged before session 39: a move's squares escaped as Markdown, d8\-a5, were two squares)
@example(seed=301, hand=0)  # (a one-round match in one JSON string is not judged, its entry 'd8' fitting three moves: before session 41; the random profile, session 38)
@example(seed=911, hand=0)  # (not judged before session 39, as 6612)
@example(seed=975, hand=36)  # (not judged before session 39, as 6612: the random profile)
@example(seed=261, hand=0)  # (not judged before session 39, as 6612: a fresh clone's random profile)
@example(seed=182, hand=5)  # (a one-round match in one JSON string not judged, as seed 301, before session 55; a fresh clone's random profile, session 40)
@example(seed=99, hand=0)  # (a one-round match in one JSON string is not judged, as seed 301: before session 41; a fresh clone's random profile, session 40)
@example(seed=2471, hand=404)  # (not judged before session 41: 'Cafe', the app's place, read as the first move's tower; the random profile)
@example(seed=2725, hand=510)  # (the heading's 'short one', on the same JSON line as the moves, read as a first move's distance before session 55; the random profile, session 41)
def test_a_diary_apps_json_export_is_read_from_its_markdown_text(seed: int, hand: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A ``.json`` file that is another program's JSON (no ``"matches"``) is read from
    its strings' text, whatever its ending; a Markdown escape is the mark it escapes
    (``\\(a8\\-a4\\)``); a heading's ``#`` starting the text is no comment's mark; a line
    that holds the whole record (the entry's text, one JSON string) is read entry by
    entry against the moves. (Before session 36 the file was read as a record in our JSON
    form with no ``matches``: an error, and nothing else.)"""
    text, truth = journal_export(seed, random.Random(hand))
    assert read_as_file(text, tmp_path_factory.mktemp("journal") / "Journal.json") == (list(winners(truth).values()), [])


#: Chinese colour words in pinyin (the order of :class:`Colour`), which the vocabulary lacks.
PINYIN = ["zōngsè", "lǜsè", "hóngsè", "huángsè", "fěnhóngsè", "zǐsè", "lánsè", "chéngsè"]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_lineup_of_squares_with_a_word_unknown_is_no_move(seed: int, hand: int) -> None:
    """Each round after the first gets its lineups before its moves as each square of
    the home row with its tower's colour (``Black=a8 Brown, b8 Purple, …``), one colour
    in words the vocabulary lacks (pinyin): eight squares of one rank are no moves
    (a move's two squares are never on one rank), whatever word stands beside one (before
    session 36 that row was read as moves unless every colour was known)."""
    rng = random.Random(hand)
    truth = written(seed, Form.TEXT, "en")

    def rows(rnd: Any) -> list[str]:
        out = []
        for side, rank in ((Side.BLACK, 7), (Side.GOLD, 0)):
            unknown = rng.randrange(8)
            cells = []
            for file in range(8):
                tower = rnd.start.tower_at(rank * 8 + file)
                word = "" if tower is None else (PINYIN[tower.colour.value] if file == unknown else tower.colour.title)
                cells.append(f"{square_name(rank * 8 + file)} {word}".rstrip())
            out.append(f"{side.title}=" + ", ".join(cells))
        return out

    text = with_lineups(truth, rows)
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())


#: Maltese colour words (the order of :class:`Colour`).
MALTESE = ["kannella", "aħdar", "aħmar", "isfar", "roża", "vjola", "blu", "oranġjo"]


def flat_odt(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club's newsletter of it in Maltese, saved by
    a word processor as a flat OpenDocument, ``.fodt``): its styles, then a key of its
    own letters for the directions (``D = dritt 'il quddiem; X = … xellug; L = …
    lemin``), then a table a round, each cell's style named in its attributes
    (``table:style-name="Tabella.A2"``: no square), each entry the tower's colour, the
    key's letter with the distance and the colour landed on (``Aħmar X2 → blu``)."""
    truth = written(seed, Form.TEXT, "en", target=3)
    letters = {"FORWARD": "D", "LEFT": "X", "RIGHT": "L"}
    cell = '<table:table-cell table:style-name="Tabella.{}" office:value-type="string"><text:p text:style-name="Table_20_Contents">{}</text:p></table:table-cell>'
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">']
    out += [" <office:automatic-styles>", '  <style:style style:name="Tabella.A1" style:family="table-cell"><style:table-cell-properties fo:background-color="#dddddd" fo:border="0.5pt solid #000000"/></style:style>', " </office:automatic-styles>"]
    out += [" <office:body><office:text>", "  <text:p text:style-name=\"Standard\">Ċavetta: D = dritt ’il quddiem; X = dijagonali lejn ix-xellug; L = dijagonali lejn il-lemin.</text:p>"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f'  <text:h text:style-name="Heading_20_2" text:outline-level="2">Rawnd {n}</text:h>', f'  <table:table table:name="Rawnd{n}" table:style-name="Tabella">']
        said = []
        for m in (p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"):
            if not said and m.side is Side.GOLD:
                said.append("…")
            said.append(f"{MALTESE[m.tower.value].title()} {'0' if m.is_forfeit else letters[m.direction.name] + str(m.distance)} → {MALTESE[m.square_colour.value]}")
        for k in range(0, len(said), 2):
            pair = said[k : k + 2] + [""] * (2 - len(said[k : k + 2]))
            out.append("   <table:table-row>" + cell.format(f"A{rng.randint(2, 3)}", f"{k // 2 + 1}.") + "".join(cell.format(f"B{rng.randint(2, 3)}", e) for e in pair) + "</table:table-row>")
        out.append("  </table:table>")
    out += [" </office:text></office:body>", "</office:document>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2242, hand=0)  # (its last round was not judged: a stray move read in a style's name)
@example(seed=10000, hand=0)  # (read with the sides swapped: a heading's level and the element ``p`` were a move)
@example(seed=500, hand=0)  # (a forfeit 'Roża 0 → roża': its arrow after the zero ended it, its round misread; a fresh clone's random profile)
@example(seed=1635, hand=0)  # (a round not judged from session 45 to 63)
@example(seed=1437, hand=0)  # (a push's back-entry left out in rows of two, 'Br B1 Ye': an error from session 60 to 63)
@example(seed=2730, hand=0)  # (as seed 1437, 'Re B1 Pu')
def test_an_opendocuments_style_names_are_no_squares(seed: int, hand: int) -> None:
    """A flat OpenDocument keeps its cells' styles in attributes (``Tabella.A2``): names,
    no square; its Maltese words and its key's letters are read (before session 36 the
    style names read as squares and no round was judged; before session 38 the paragraph
    element ``text:p`` read as a pink or purple tower, a heading's ``outline-level="2"`` as
    its distance, and a style's ``style:name="Tabella.A1"`` as a square: seeds 10000, 2242)."""
    text, truth = flat_odt(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []



def script_table(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a hobby app's save file of it: a script's table,
    Lua's or a TOML inline table's ``key = value``): each move a table of its own in a
    list, ``{ side = "B", tower = "purple", from = "c8", to = "c7", dt = 6 },`` (``dt`` the
    seconds it took, a number that is no distance), each round's fields around them, and
    the lineup of the rounds after the first typed in by hand, each square with its
    tower's colour, four squares a line (``a8 = "pink",  b8 = "green", …``)."""
    truth = written(seed, Form.TEXT, "en")
    sep = rng.choice(["=", " = ", " => "])
    out = ["-- TowerTally 0.3 save file, written by the app", "return {", f'  app{sep}"TowerTally 0.3",', "  rounds = {"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += ["    {", f"      n{sep}{n},", f"      fill{sep}{'nil' if rnd.fill is None else repr(rnd.fill.value)},"]
        if n > 1:
            out.append("      lineup = {")
            for rank in (7, 0):
                cells = [f'{square_name(rank * 8 + f)}{sep}"{rnd.start.tower_at(rank * 8 + f).colour.name.lower()}",' for f in range(8)]
                out += ["        " + "  ".join(cells[:4]), "        " + "  ".join(cells[4:])]
            out.append("      },")
        out.append("      moves = {")
        for m in played(rnd):
            side = "B" if m.side is Side.BLACK else "G"
            if m.is_forfeit:
                out.append(f'        {{ side{sep}"{side}", tower{sep}"{m.tower.name.lower()}", pass{sep}true, dt{sep}{rng.randint(2, 60)} }},')
            else:
                out.append(f'        {{ side{sep}"{side}", tower{sep}"{m.tower.name.lower()}", from{sep}"{square_name(m.origin)}", to{sep}"{square_name(m.target)}", dt{sep}{rng.randint(2, 60)} }},')
        out += ["      },", f'      winner{sep}"{rnd.result.winner.name.lower() if rnd.result else "none"}",', "    },"]
    out += ["  },", "}"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=5)  # ('lineup => {': a field's key, no Lineup line)
@example(seed=617, hand=5)  # (a forfeit 'pass => true'; a round that ends in a deadlock, the next round's Round line left out)
@example(seed=3600, hand=151)  # (rounds 2 and 3 not judged: a fresh clone's random profile, session 39; read since session 51, both home rows on one line a lineup)
@example(seed=3600, hand=158)  # (rounds not judged: a fresh clone's random profile, session 42; read since session 51)
def test_a_scripts_table_of_moves_is_read_as_its_moves(seed: int, hand: int) -> None:
    """A move as a script's table (``{ side = "B", tower = "purple", from = "c8", to =
    "c7", dt = 6 },``) is read from its values, not set aside as a comment in braces; a
    forfeit is its flag (``pass = true``); a lineup typed in as each square with its
    tower's colour, four squares a line, is no move, and its field's key (``lineup = {``)
    no Lineup line; a move after a deadlock starts the next round, as one after a
    home-row win does (before session 37 every move of such a save file was a comment,
    and no round was judged)."""
    text, truth = script_table(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def web_page(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a word processor's web page of it): a style
    sheet whose class names are squares (``.c8{text-align:left}``), a key that defines
    the record's abbreviations, a table a round, a cell a move (``Purple: c8–e6 (left 2,
    on purple)``), saved on one line or a line a block."""
    truth = written(seed, Form.TEXT, "en")
    css = "".join(f".c{k}{{padding-top:{k}pt;text-align:{rng.choice(['left', 'right'])};font-size:1{k}pt}}" for k in range(13))
    blocks = [f'<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">{css}</style></head><body class="c10">']
    blocks.append('<p class="c2"><span class="c11">Key: fw = forward, lt = left, rt = right; the colour in brackets is the square it stopped on.</span></p>')
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        blocks += [f'<h2 class="c8"><span class="c9">Round {n}</span></h2>', '<table class="c6">']
        for m in played(rnd):
            if m.is_forfeit:
                cell = f"{m.tower.name.title()}: blocked, pass"
            else:
                cell = f"{m.tower.name.title()}: {square_name(m.origin)}–{square_name(m.target)} ({m.direction.name.lower()} {m.distance}, {m.square_colour.name.lower()})"
            blocks.append(f'<tr class="c7"><td class="c3"><p class="c2"><span class="c0">{m.side.title}</span></p></td><td class="c4"><p class="c2"><span class="c0">{cell}</span></p></td></tr>')
        blocks.append("</table>")
    blocks.append("</body></html>")
    return ("".join(blocks) if rng.random() < 0.5 else "\n".join(blocks)) + "\n", truth


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=578, hand=1)  # (a page saved on one line: its round 2 was set aside as text after a single round's match)
def test_a_web_pages_style_sheet_and_key_hide_no_move(seed: int, hand: int) -> None:
    """A web page's style sheet is no one's words (its class names ``.c8`` are no
    squares, ``text-align:left`` no direction), and a line that holds the record's moves
    is read for them though it also holds a key to its abbreviations (a page saved on one
    line; before session 37 such a page held "no match")."""
    text, truth = web_page(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def mind_map(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a mind map of it: an XML file with no
    declaration, its root ``<map version="1.0.1">``, a node a round and a node a move,
    each with its creation time and id as numbers, its text an attribute with entities:
    ``<node CREATED="1775931376807" ID="ID_2068423417" TEXT="Uma: Pur c8-e6"/>``)."""
    truth = written(seed, Form.TEXT, "en")
    stamp = 1775930000000 + rng.randrange(10**6)

    def node(text: str, close: bool = True) -> str:
        nonlocal stamp
        stamp += rng.randrange(1000, 90000)
        return f'<node CREATED="{stamp}" ID="ID_{rng.randrange(10**9)}" MODIFIED="{stamp + 777}" TEXT="{text}"' + ("/>" if close else ">")

    out = ['<map version="1.0.1">', "<!-- To view this file, download free mind mapping software FreeMind -->", node("Kamisado&#xa;Uma (Black) &#x2013; Ada (Gold)", close=False)]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(node(f"Round {n}" + ("" if rnd.fill is None else f" &#x2013; filled from the {rnd.fill.value}"), close=False))
        for m in played(rnd):
            who = "Uma" if m.side is Side.BLACK else "Ada"
            said = "PASS" if m.is_forfeit else f"{square_name(m.origin)}-{square_name(m.target)}"
            out.append(node(f"{who}: {m.tower.name[:3].title()} {said}"))
        out.append("</node>")
    out += ["</node>", "</map>"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_mind_maps_xml_without_a_declaration_is_read_from_its_text(seed: int, hand: int) -> None:
    """An XML document whose first line is its root element (no ``<?xml`` declaration,
    as a mind-mapping program writes it) is read from its nodes' text attributes, not
    from its tags' numbers (before session 37 each node was a tag set aside, and no move
    was read)."""
    text, truth = mind_map(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def graph_file(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a graph drawn of it in Graphviz's language): a
    node a move, its id a name with an underscore and digits (``r1_03``), its look in
    an attribute list (``[fillcolor=gray25, fontcolor=white, label="…"]``), its label's
    lines parted by ``\\n`` escapes, glued to the words (``"3. Priya\\nYellow e8→f7\\nleft
    1"``), and an edge from each move to the next."""
    truth = written(seed, Form.TEXT, "en")
    out = ["// drawn with: dot -Tsvg match.dot -o match.svg", "digraph kamisado {", "  rankdir=TB;", '  node [shape=box, style="rounded,filled"];']
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"  subgraph cluster_r{n} {{", f'    label="Round {n}";', "    color=gray50;"]
        last = None
        for k, m in enumerate(played(rnd), 1):
            look = "fillcolor=gray25, fontcolor=white" if m.side is Side.BLACK else "fillcolor=gold"
            said = "blocked, pass" if m.is_forfeit else f"{square_name(m.origin)}→{square_name(m.target)}\\n{m.direction.name.lower()} {m.distance}"
            node = f"r{n}_{k:02d}"
            out.append(f'    {node} [{look}, label="{k}. {m.side.title}\\n{m.tower.name.title()} {said}"];')
            if last is not None:
                out.append(f"    {last} -> {node};")
            last = node
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_graphs_ids_looks_and_escapes_hide_no_move(seed: int, hand: int) -> None:
    """A graph's node ids (``r1_03``: no Red, no distance 1), its attribute lists (no
    forum tag, though they open with ``[name=``) and the ``\\n`` escapes glued to its
    labels' words are read for what they are (before session 37 every node's label was
    set aside as a forum's tag)."""
    text, truth = graph_file(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def notes_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a notes app's JSON export of a phone note of
    it): the whole note one JSON string, its lines parted by ``\\n``, a key to its
    letters among them (``B = Black, G = Gold``), each move where its tower went and
    the square's colour (``B: pink left 3 → g5 (red)``)."""
    truth = written(seed, Form.TEXT, "en")
    lines = ["Kamisado at the club (Uma vs Zsofi)", "B = Black, G = Gold; left and right as the mover sees them", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        lines.append(f"Round {n}" + ("" if rnd.fill is None else f", filled from the {rnd.fill.value}"))
        for m in played(rnd):
            who = "B" if m.side is Side.BLACK else "G"
            said = "blocked, pass" if m.is_forfeit else f"{m.direction.name.lower()} {m.distance} → {square_name(m.target)} ({m.square_colour.name.lower()})"
            lines.append(f"{who}: {m.tower.name.lower()} {said}")
        lines.append("")
    note = {"id": f"{rng.randrange(16**32):032x}", "content": "\n".join(lines), "tags": ["kamisado"], "deleted": False}
    return json.dumps({"activeNotes": [note], "trashedNotes": []}, indent=2, ensure_ascii=False) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_note_held_in_one_json_string_is_read_with_its_key(seed: int, hand: int) -> None:
    """A note whose lines are one JSON string is read as one line of text, its key to
    its letters among its moves: a line that says where three moves or more went is no
    key, whatever it defines too (before session 37 the whole note was read as a key,
    and the file held "no match")."""
    text, truth = notes_export(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


def typed_sgf(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and an SGF a Go player typed by hand for want of a
    Kamisado program): no ``GM[…]`` naming a game, or ``GM[Kamisado]`` but none of
    BoardSpace's players' properties (``P0[…]``), a game tree a round, each move a node
    of its side (``B``, Black; ``W``, Gold) with its two squares run together
    (``;B[c8c6]``) and, now and then, a comment in words (``C[Purple straight 2 → orange
    square]``); a forfeit a node of its own whose comment says so."""
    truth = written(seed, Form.TEXT, "en")
    ways = {"FORWARD": "straight", "LEFT": "diagonal left", "RIGHT": "diagonal right"}
    out: list[str] = []
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        game = rng.choice(["", "", "GM[Kamisado]"])  # (the game named, as an SGF should, but its moves Go's, no BoardSpace steps)
        out += [f"(;{game}FF[4]CA[UTF-8]AP[{rng.choice(['Notepad++', 'vim', 'TextEdit'])}]", f"GN[Kamisado, round {n}]PB[Ann]PW[Bob]DT[2026-11-2{rng.randint(0, 9)}]"]
        if n == 1:
            out.append("GC[B = Black, from row 8. W = Gold. Moves from+to, c8c6 = c8 to c6.]")
        for m in played(rnd):
            node = f";{'B' if m.side is Side.BLACK else 'W'}"
            if m.is_forfeit:
                out.append(f"{node}[]C[{m.tower.name.title()} is blocked: pass]")
                continue
            said = f"C[{m.tower.name.title()} {ways[m.direction.name]} {m.distance} → {m.square_colour.name.lower()} square]" if rng.random() < 0.6 else ""
            out.append(f"{node}[{square_name(m.origin)}{square_name(m.target)}]{said}")
        out.append(f"RE[{'B' if rnd.result and rnd.result.winner is Side.BLACK else 'W'}+1])")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=2)
def test_an_sgf_typed_by_hand_is_read_from_its_text(seed: int, hand: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """An ``.sgf`` typed by hand (no ``GM[…]``, or ``GM[Kamisado]`` and its moves in Go's
    ``;B[…]``: not BoardSpace's) is read as its text, by its evidence: its nodes' squares
    run together are moves (before session 38 it was refused as a BoardSpace record with
    no game named; before session 67 one that named Kamisado was read as BoardSpace's,
    no move, no round judged and no word of why)."""
    text, truth = typed_sgf(seed, random.Random(hand))
    assert read_as_file(text, tmp_path_factory.mktemp("sgf") / "kamisado_ann_bob.sgf") == (list(winners(truth).values()), [])


def code_arrays(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a program a club's maker wrote to replay it on
    an LED board): a note on the squares first (``a1 = Gold's left corner``, in the
    maker's language: a key to the board, its words for left and right no move) and the
    program's constants (``#define LED_PIN 6``: a name in capitals joined by an
    underscore is no pink tower), then an
    array a round, each move its two squares as the language holds data — C's
    initialiser ``{"b8","b7"},``, Python's tuple ``("b8", "b7"),``, JavaScript's array
    ``['b8', 'b7'],`` — now and then with a comment naming its side and tower; a forfeit
    the tower's square twice, a comment saying so."""
    truth = written(seed, Form.TEXT, "en")
    opening, closing, pair, comment = rng.choice(
        [
            ("const Move round{}[] PROGMEM = {{", "};", '{{"{}","{}"}},', "//"),
            ("round_{} = [", "]", '("{}", "{}"),', "#"),
            ("const round{} = [", "];", "['{}', '{}'],", "//"),
        ]
    )
    note = rng.choice(
        [
            "a1 = Gold's left corner, h8 = Black's far corner; each move from, to",
            "निर्देशांक: a1 = सुनौलोको बायाँ कुना, h8 = कालोको टाढाको कुना। हरेक चाल: कहाँबाट, कहाँसम्म",
            "Koordinaten: a1 – linke Ecke von Gold, h8 – rechte Ecke von Schwarz",
        ]
    )
    constants = {"//": ["#define LED_PIN     6", "#define NUM_LEDS    64"], "#": ["LED_PIN = 6", "BTN_PIN = 2"]}[comment]
    out = [f"{comment} {note}", "", *constants, ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(opening.format(n))
        for m in played(rnd):
            at = square_name(m.origin)
            said = f"{m.side.name.title()}: {m.tower.name.lower()}" + (" blocked, pass" if m.is_forfeit else "")
            line = "  " + pair.format(at, at if m.is_forfeit else square_name(m.target))
            out.append(f"{line}  {comment} {said}" if m.is_forfeit or rng.random() < 0.5 else line)
        out += [closing, ""]
    return "\n".join(out), truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_programs_arrays_of_squares_are_read_as_moves(seed: int, hand: int) -> None:
    """A move's two squares as a program holds them (``{"b8","b7"},`` in C, a tuple in
    Python, an array in JavaScript) are one move in coordinates, and a note on the
    squares (``a1 = Gold's left corner``) is none (before session 38 a C initialiser was
    a comment in braces and a quoted pair two squares apart: no round was judged)."""
    text, truth = code_arrays(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: Hindi's colour words (the order of :class:`Colour`), in Devanagari and in Latin letters.
HINDI = {
    "deva": ["भूरा", "हरा", "लाल", "पीला", "गुलाबी", "बैंगनी", "नीला", "नारंगी"],
    "latn": ["bhura", "hara", "laal", "peela", "gulabi", "baingani", "neela", "narangi"],
}


def feed_newest_first(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated single round (the truth, and a player's posts about it, saved as a
    social network's JSON export, newest post first): an intro, a post a turn or two (a
    move in Hindi, its squares joined by the words for "from" and "to" after them, ``नीला
    b8 से b5 तक``, now and then a direction's word between, ``b8 से सीधा b5 तक``), a post
    about tea before the match and a lesson after it."""
    truth = written(seed, Form.TEXT, "en", target=1)
    script = rng.choice(["deva", "latn"])
    words = HINDI[script]
    frm, to, straight = ("से", "तक", "सीधा") if script == "deva" else ("se", "tak", "seedha")
    posts = ["chai ke bina subah nahi hoti ☕", "aaj club night: Kamisado, single round 🎲 #kamisado"]
    said: list[str] = []
    for m in played(replay_match(only_match(truth)).rounds[0]):
        if m.is_forfeit:
            said.append(f"{words[m.tower.value]} blocked, pass")
        else:
            way = f" {straight}" if m.direction.name == "FORWARD" and rng.random() < 0.4 else ""
            said.append(f"{words[m.tower.value]} {square_name(m.origin)} {frm}{way} {square_name(m.target)} {to}")
        if len(said) == 2 or rng.random() < 0.5:
            posts.append(f"{len(posts) - 1}) " + ", ".join(said))
            said = []
    if said:
        posts.append(f"{len(posts) - 1}) " + ", ".join(said))
    posts.append("sabak: pehli line khali mat chhodo 😅")
    records = [{"uri": f"at://did:plc:x/app.bsky.feed.post/{k}", "value": {"text": t, "createdAt": f"2026-01-07T19:{k:02d}:00Z"}} for k, t in enumerate(posts)]
    return json.dumps({"records": list(reversed(records))}, ensure_ascii=False, indent=2) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2143, hand=128)  # (the order written, a legal match setting the newest post aside, scored above newest first: session 41, fixed in session 42)
@example(seed=9, hand=278)  # (read in the order written, its squares set aside, with the other winner: the random profile, session 56)
def test_a_feed_newest_first_with_squares_from_and_to_is_read(seed: int, hand: int) -> None:
    """Two squares joined by a word for "from" after the first (``b8 से b5 तक``, Hindi's
    and Urdu's way) are one move; a feed exported newest post first, which read in the
    order written judges no round, is read from its last post up (before session 38 the
    squares were two, and the order written was kept for judging no round either way)."""
    text, truth = feed_newest_first(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: Swahili's colour words (the order of :class:`Colour`).
SWAHILI = ["kahawia", "kijani", "nyekundu", "manjano", "waridi", "zambarau", "bluu", "chungwa"]


def chat_with_notes(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club's chat where one player relays the
    moves, ``**BLUE** b8 → c7``, and now and then says what follows in a sentence in
    Swahili that names the tower to move next and the square left, ``kijani chake. Na b8
    iko wazi kwa sababu bluu``, his green; and b8 is open because of blue: a note, no
    move)."""
    truth = written(seed, Form.TEXT, "en")
    names = ("Vlad", "Bela")
    out = ["Vlad (Mweusi / Black) dhidi ya Bela (Dhahabu / Gold). Nitaandika hatua hapa"]
    for m in (m for rnd in replay_match(only_match(truth)).rounds for m in played(rnd)):
        who = names[m.side.value]
        if m.is_forfeit:
            out.append(f"{who}: **{SWAHILI[m.tower.value].upper()}** imezuiwa, pass")
            continue
        said = f"{who}: **{SWAHILI[m.tower.value].upper()}** {square_name(m.origin)} → {square_name(m.target)}. Ametua kwenye **{SWAHILI[m.square_colour.value]}**."
        if rng.random() < 0.4:
            said += f" Kwa hiyo sasa {names[1 - m.side.value]} lazima acheze {SWAHILI[m.square_colour.value]} chake. Na {square_name(m.origin)} iko wazi kwa sababu {SWAHILI[m.tower.value]} ya {who} ilishaondoka"
        out.append(said)
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=685, hand=0)  # (a fresh clone's random profile, session 51: a note's 'Na h8 iko wazi' cost no more than a move home written in full)
@example(seed=4647, hand=560)  # (a fresh clone's random profile, session 55: round 3 not judged, a note's words fitting about as well as the moves)
@example(seed=5842, hand=1).xfail(
    raises=AssertionError, reason="known (a random profile, session 53; the same on ac4e83e): a note after the round's winning move, on its line, reads about as well as the next round's first two moves, so round 2 is not judged"
)
def test_a_note_that_names_a_colour_and_a_square_in_a_sentence_is_no_move(seed: int, hand: int) -> None:
    """A sentence after a move that names a colour and a square (``kijani chake. Na b8 iko
    wazi kwa sababu bluu``) is a note the reading against the moves sets aside, not an
    entry written whose illegal move stays an error (a Mattermost export in Swahili lost
    its round so once Swahili's words were known)."""
    text, truth = chat_with_notes(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: A typesetter's report's words: its colours (:data:`COLOURS`), its letters for the
#: directions and its key's words for them, its heading's word for a round.
TEX = {
    "de": ({"FORWARD": "v", "LEFT": "l", "RIGHT": "r"}, "v = vorwärts, l = diagonal links, r = diagonal rechts", "Runde"),
    "en": ({"FORWARD": "f", "LEFT": "l", "RIGHT": "r"}, "f = forward, l = diagonal left, r = diagonal right", "Round"),
}
#: How the report's heading says a round's fill.
TEX_FILLS = {"de": {"left": "Aufstellung von links", "right": "Aufstellung von rechts"}, "en": {"left": "filled from the left", "right": "filled from the right"}}


def typeset_report(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a club's annual report typeset in LaTeX): its
    preamble first — the packages, a key to its letters in a TeX comment (``% v =
    vorwärts, l = diagonal links …``, in German or English) and the macro that prints a
    move (``\\newcommand{\\z}[3]{#1~#2#3}``: its ``[3]`` no distance, its ``#1`` no
    move) — then a heading a round, its fill said (``\\subsection*{Runde 2 (Aufstellung
    von rechts)}``: its moves give no colour landed on, which tells the fill where it is
    not said), and a table of its moves,
    each row its number and the two sides' cells parted by ``&`` and ended by TeX's
    ``\\\\`` (``3 & \\z{Rosa}{v}{6} & \\z{Blau}{l}{3} \\\\``: no distance 3, no
    diagonal), a forfeit its own macro (``\\pass{Rot}``)."""
    lang = rng.choice(sorted(TEX))
    letters, key, word = TEX[lang]
    macro = rng.choice(["z", "mv", "zug"])
    truth = written(seed, Form.TEXT, "en", target=3)
    out = ["\\documentclass[a4paper,11pt]{scrartcl}", "\\usepackage[utf8]{inputenc}", "\\usepackage{booktabs}"]
    out += [f"% {rng.choice(['Zugnotation', 'Notation'])}: {key}", f"% ({rng.choice(['as the mover sees it', 'aus Sicht des Ziehenden'])})"]
    out += [f"\\newcommand{{\\{macro}}}[3]{{#1~#2#3}}", "\\newcommand{\\pass}[1]{(#1 blocked)}", "", "\\begin{document}", "\\section*{Finale}", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        filled = f" ({TEX_FILLS[lang][rnd.fill.value]})" if rnd.fill is not None else ""
        out += [f"\\subsection*{{{word} {n}{filled}}}", "\\begin{tabular}{rll}", "\\toprule", f"Nr. & {'Schwarz' if lang == 'de' else 'Black'} & Gold \\\\", "\\midrule"]
        cells = ["--"] if played(rnd)[0].side is Side.GOLD else []
        for m in played(rnd):
            colour = COLOURS[lang][m.tower.value].title()
            cells.append(f"\\pass{{{colour}}}" if m.is_forfeit else f"\\{macro}{{{colour}}}{{{letters[m.direction.name]}}}{{{m.distance}}}")
        for k in range(0, len(cells), 2):
            out.append(f"{k // 2 + 1} & " + " & ".join(cells[k : k + 2] + [""] * (2 - len(cells[k : k + 2]))) + " \\\\")
        out += ["\\bottomrule", "\\end{tabular}", ""]
    out.append("\\end{document}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=37, hand=1)  # (before session 39 a row's number before '&' was read as a distance: round 2 not judged)
@example(seed=246, hand=0)  # (a typeset report's round left between readings: before session 41; a fresh clone's random profile, session 40)
@example(seed=8604, hand=506)  # (an error before session 41: a push's back-entry left out, which the report never writes; the random profile)
def test_a_typeset_reports_preamble_and_table_signs_are_no_moves(seed: int, hand: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A LaTeX report: a row's number before ``&`` is no distance (before session 39 it
    was, and a round was misread: seed 37); the text above round 1's heading, its
    preamble, holds no move (its key's letters, its macro's ``[3]``)."""
    text, truth = typeset_report(seed, random.Random(hand))
    assert read_as_file(text, tmp_path_factory.mktemp("tex") / "jahresbericht_anhang.tex") == (list(winners(truth).values()), [])


#: A typesetter's remarks on a round after its table: a TeX comment, and a sentence with
#: TeX's unbreakable space (``Round~3``).
REMARKS = {
    "de": ["% {word} {n} war schnell vorbei, {k} Züge", "{word}~{n} hatte {k} Züge, mehr nicht.", "Sumo: {sumo}"],
    "en": ["% {word} {n} was over in {k} moves, priceless", "{word}~{n} took {k} moves, no more.", "Sumo: {sumo}"],
}


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2924, hand=0)
def test_a_typeset_reports_remarks_naming_a_round_are_no_heading(seed: int, hand: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Remarks after a round's table that name it (``% Round 2 was over in 3 moves``,
    ``Round~2 took 3 moves``) or the tower that won it (``Sumo: S Rot``) are notes, not its heading again: the moves tell where each
    round starts (before session 43 the first reading's error at such a remark, 'this is
    round 3, not round 2', stood, though the reading against the moves judged every round)."""
    text, truth = typeset_report(seed, random.Random(hand))
    rng = random.Random(seed + hand)
    lang = "de" if "Runde" in text else "en"
    word = TEX[lang][2]
    lines, n = [], 0
    for line in text.split("\n"):
        lines.append(line)
        if line == "\\end{tabular}":
            n += 1
            moves = len(played(replay_match(only_match(truth)).rounds[n - 1]))
            last = played(replay_match(only_match(truth)).rounds[n - 1])[-1]
            sumo = f"{'S' if last.side is Side.BLACK else 'G'} {COLOURS[lang][last.tower.value].title()}"
            lines.append(rng.choice(REMARKS[lang]).format(word=word, n=n, k=moves, sumo=sumo))
    remarked = "\n".join(lines)
    assert read_as_file(remarked, tmp_path_factory.mktemp("tex") / "bericht.tex") == (list(winners(truth).values()), [])


#: How speech to text writes a rank's number.
SAID = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def said_square(square: int) -> str:
    """``square`` as speech to text writes it: its file's letter, its rank's word (``e two``)."""
    name = square_name(square)
    return f"{name[0]} {SAID[int(name[1]) - 1]}"


def dictated(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a player's voice memo of it, transcribed by
    speech to text): notes in brackets the transcriber adds (``[Voice memo — auto
    transcript]``, ``[pause]``, ``[end of recording]``: no header, and no next match),
    fillers, each move said as the player says it — its tower and its squares said in
    words (``yellow, e eight to e two``), now and then its way and distance too, or the
    square it went to alone (``then purple to c four``) — a forfeit said in words."""
    truth = written(seed, Form.TEXT, "en", target=3)
    ways = {"FORWARD": "straight", "LEFT": "diagonal left", "RIGHT": "diagonal right"}
    out = ["[Voice memo — auto transcript]", f"Recording · {rng.randint(1, 28)} May 2026, {rng.randint(10, 23)}:{rng.randint(10, 59)}", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"okay um round {n}.", ""]
        for m in played(rnd):
            colour = m.tower.name.lower()
            if m.is_forfeit:
                said = f"{colour} is stuck, can't move, so that's a pass."
            elif rng.random() < 0.3:
                said = f"then {colour} to {said_square(m.target)}."
            elif rng.random() < 0.5:
                said = f"{colour} goes {ways[m.direction.name]} {SAID[m.distance - 1]}, from {said_square(m.origin)} to {said_square(m.target)}."
            else:
                said = f"{colour}, {said_square(m.origin)} to {said_square(m.target)}."
            out.append(rng.choice(["", "um ", "so ", "and "]) + said)
            if rng.random() < 0.15:
                out.append(rng.choice(["[pause]", "[inaudible]", "[laughs]"]))
        out += ["", f"{'Black' if rnd.result and rnd.result.winner is Side.BLACK else 'Gold'} wins that one.", ""]
    out += ["Note to self: try that block again.", "", "[end of recording]"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
def test_a_dictated_memos_squares_in_words_are_read(seed: int, hand: int) -> None:
    """A voice memo's transcript: squares said in words (``e two``, ``h seven``) are
    squares, a note in brackets is no header (before session 39 ``[end of recording]``
    began a second match, with an error, and a square in words was a number, no round
    judged). Each round judged is the truth's, the first one at least. (Not every round
    of such a memo is judged yet: with no fill said and no colour landed on, a later
    round's readings may stay as good as each other.)"""
    text, truth = dictated(seed, random.Random(hand))
    (match,) = validate_text(text).matches
    judged = [str(r.winner) if r else None for _, r in match.rounds]
    assert judged[0] is not None and all(got in (None, want) for got, want in zip(judged, winners(truth).values(), strict=False))


#: The compass point of each way a side moves, the board drawn with Black's home row to
#: the north (Black's forward is south, his left east; Gold's forward north, his left west).
HEADINGS = {
    Side.BLACK: {"FORWARD": "S", "LEFT": "SE", "RIGHT": "SW"},
    Side.GOLD: {"FORWARD": "N", "LEFT": "NW", "RIGHT": "NE"},
}


def compass_export(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a phone app's YAML export of it): its fields
    first (the app, the players, a note on the board's orientation), then a list of
    rounds, each its number, the fill in a field of its own (``refill: right``) and its
    moves, each a flow mapping of its side, tower, compass heading, steps and the colour
    it stopped on (``- {by: black, tower: pink, heading: SE, steps: 4, stop: pink}``)."""
    truth = written(seed, Form.TEXT, "en", target=3)
    out = [f"# Exported by {rng.choice(['TowerLog 2.3.1', 'Kami Notes 0.9'])} — 2026-09-02T19:44:10+02:00", "# Board orientation: north = Black's home row (row 8), east = file h.", "format: export", "version: 2", "match:", "  players:", '    black: "Lucía"', '    gold: "Marco"', "rounds:"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(f"  - round: {n}")
        if rnd.fill is not None:
            out.append(f"    refill: {rnd.fill.value}")
        out.append("    moves:")
        for m in played(rnd):
            side, tower = m.side.name.lower(), m.tower.name.lower()
            if m.is_forfeit:
                out.append(f"      - {{by: {side}, tower: {tower}, pass: true}}")
            else:
                out.append(f"      - {{by: {side}, tower: {tower}, heading: {HEADINGS[m.side][m.direction.name]}, steps: {m.distance}, stop: {m.square_colour.name.lower()}}}")
        if rnd.result is not None:
            out.append(f"    result: {{winner: {rnd.result.winner.name.lower()}, points: {rnd.result.points}}}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=0)
@example(seed=4977, hand=0)  # (an app's export of compass headings: its last round not judged: before session 41; a fresh clone's random profile, session 40)
@example(seed=5275, hand=0)  # (as seed 4977: before session 41; a fresh clone's random profile, session 40)
@example(seed=812, hand=999)  # (an error before session 41: the fill said below the heading, 'refill: left', where the first moves fit either; the random profile)
def test_fix_writes_an_apps_export_of_compass_headings_in_our_notation(seed: int, hand: int) -> None:
    """A phone app's export: its headings on the compass are read, and ``fix`` writes
    the match in our notation, every round (before session 39 it corrected the first
    round's entries and left the others as the app wrote them: their text, read again
    against the moves once the first round's were corrected, was judged, and fix stopped)."""
    text, truth = compass_export(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    fixed = fix_text(text)
    assert fixed.valid and moves_of(fixed.text) == moves_of(truth)


#: Two letters a tower, as a mail's key gives them (the order of :class:`Colour`).
ABBREVIATED = ["Bn", "Gn", "Rd", "Ye", "Pk", "Pu", "Bu", "Or"]


def mail_reply(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a reply by mail that completes a friend's
    record of it): the mail's headers, a greeting, then the friend's mail quoted, its
    request first — a key to its letters (``Colours: Or Bu Pu Pk Ye Rd Gn Bn (Bu = blue,
    Bn = brown). B = you, G = me.``: no lineup, no moves) — then the first rounds, each
    under a heading (``Game 2 (filled left):``), then the other rounds below the quote;
    each entry its side's letter, its tower's and its squares (``B Ye g8→g2``), a forfeit
    the tower stuck on its square (``B Ye stuck on g2 (pass)``), two entries a line."""
    truth = written(seed, Form.TEXT, "en", target=3)
    arrow = rng.choice(["→", "->", "-"])
    out = ["From: Dave <dave@example.net>", "To: Priya <priya@example.net>", "Subject: Re: kamisado sunday - moves", "", "Hi Priya,", ""]
    out += ["On Sun, 13 Oct 2026 at 22:40, Priya <priya@example.net> wrote:", "> Here's what I got down of the match (first to 3, you Black, me", f"> Gold). Colours: {' '.join(rng.sample(ABBREVIATED, 8))} (Bu = blue, Bn = brown).", "> B = you, G = me. Could you fill in the rest from your sheet?", ">"]
    rounds = replay_match(only_match(truth)).rounds
    quoted = rng.randint(1, len(rounds))
    for n, rnd in enumerate(rounds, 1):
        mark = "> " if n <= quoted else ""
        out.append(f"{mark}Game {n}" + (f" (filled {rnd.fill.value})" if rnd.fill is not None else "") + ":")
        said = []
        for m in played(rnd):
            side = "B" if m.side is Side.BLACK else "G"
            tower = ABBREVIATED[m.tower.value]
            said.append(f"{side} {tower} stuck on {square_name(m.origin)} (pass)" if m.is_forfeit else f"{side} {tower} {square_name(m.origin)}{arrow}{square_name(m.target)}")
        out += [f"{mark}  " + ",  ".join(said[k : k + 2]) for k in range(0, len(said), 2)]
        out += [f"{mark}  -> {'Black' if rnd.result and rnd.result.winner is Side.BLACK else 'Gold'} wins", mark.strip()]
        if n == quoted:
            out += ["", "Here's the rest from my sheet:", ""]
    out += ["", "Well played!", "Dave"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=37, hand=1)  # (its forfeit 'stuck on g6 (pass),  G' took Gold's letter for green; read again, its key was read as moves)
def test_a_mails_key_before_its_first_round_is_no_move(seed: int, hand: int) -> None:
    """A reply by mail: the request above round 1's heading is its preamble, whose key to
    the towers' letters holds no move (before session 39 it was read as moves against
    the legal moves, and no round was judged); a forfeit said with its square is the
    forfeit, the next entry's side letter no colour landed on."""
    text, truth = mail_reply(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: How a reply says "not so; it was …" in each language.
NOT_SO = {"es": ("Aquí no.", "Fue"), "en": ("No.", "It was"), "de": ("Nein.", "Es war"), "pt": ("Não.", "Foi"), "fr": ("Non.", "C'était")}


def reply_between_the_lines(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a mail that answers a friend's record of it
    between the lines): the friend's mail quoted a level deeper (``>> 3. B Blue a8-d5``),
    a move or two of it with the wrong square, each followed by the reply's correction
    at its own level (``> Aquí no. Fue a8-e4, y cayó en naranja.``) and now and then a
    remark (``> Correcto.``)."""
    truth, lang = written(seed, Form.TEXT, "en", target=rng.choice([1, 3])), rng.choice(sorted(NOT_SO))
    no, was = NOT_SO[lang]
    out = ["Subject: Re: Re: Kamisado", "", "Te contesto entre líneas.", "", "On Thu, 21 Mar 2024, Lucía wrote:", ">> Here is the match."]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [">>", f">> ROUND {n}" + ("" if rnd.fill is None else f" (fill {rnd.fill.value})")]
        for k, m in enumerate((p.move for p in rnd.plies if p.move is not None and str(p.kind) != "back"), 1):
            side = "B" if m.side is Side.BLACK else "G"
            if m.is_forfeit:
                out.append(f">> {k}. {side} {m.tower.name.title()} blocked, pass")
                continue
            origin, target = square_name(m.origin), square_name(m.target)
            wrongs = [target[0] + str(r) for r in (int(target[1]) - 1, int(target[1]) + 1) if 1 <= r <= 8 and target[0] + str(r) != origin]
            if wrongs and rng.random() < 0.15:
                wrong = rng.choice(wrongs)
                out += [f">> {k}. {side} {m.tower.name.title()} {origin}-{wrong}", ">", f"> {no} {was} {origin}-{target}.", ">"]
            else:
                out.append(f">> {k}. {side} {m.tower.name.title()} {origin}-{target}")
            if rng.random() < 0.05:
                out += [">", "> Correcto.", ">"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=1)  # ('Não.': a word for "no" found as written, with its accent)
def test_a_replys_correction_between_the_quoted_lines_stands(seed: int, hand: int) -> None:
    """A reply that corrects the record it quotes between its lines (``> Aquí no. Fue
    a8-e4.``) speaks at another level of quoting than the record, and is still the move
    played: a word for "no" that ends a sentence before a move takes the quoted move back
    (before session 45 the quoted move stood, and the reply's was a remark set aside)."""
    text, truth = reply_between_the_lines(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []
    assert moves_of(fix_text(text).text) == moves_of(truth)


#: Three letters a tower, as a spreadsheet's column holds them (the order of :class:`Colour`).
CODES = ["Brn", "Grn", "Red", "Yel", "Pnk", "Pur", "Blu", "Org"]


def sheet_of_squares(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated long match (the truth, to 7 points, and a spreadsheet's tab-separated
    export of it): a heading row, then a row a move — the round, the ply, the player
    with his side (``Dev (B)``), the tower's three letters, its two squares, the colour it
    landed on (now and then left blank) and a note (the round's fill on its first row) —
    and after each round a row of its result and the running score (``Sam wins rd 3
    (+1)  score 1-2``: scores that look like draughts' moves, eleven of them and more)."""
    truth = written(seed, Form.TEXT, "en", target=7)
    names = {Side.BLACK: "Dev (B)", Side.GOLD: "Sam (G)"}
    out = ["Rnd\tPly\tPlayer\tTower\tFrom\tTo\tLanded\tNotes"]
    score = {Side.BLACK: 0, Side.GOLD: 0}
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        for k, m in enumerate(played(rnd), 1):
            note = f"fill {rnd.fill.value}" if k == 1 and rnd.fill is not None else ""
            landed = "" if m.is_forfeit or rng.random() < 0.2 else CODES[m.square_colour.value]
            out.append("\t".join([str(n), str(k), names[m.side], CODES[m.tower.value], square_name(m.origin), square_name(m.target), landed, note]))
        if rnd.result is not None:
            score[rnd.result.winner] += rnd.result.points
            out.append("\t" * 7 + f"{names[rnd.result.winner][:3]} wins rd {n} (+{rnd.result.points})  score {score[Side.BLACK]}-{score[Side.GOLD]}")
    return "\n".join(out) + "\n", truth


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=5, hand=0)
def test_a_sheets_running_scores_are_no_draughts_moves(seed: int, hand: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A spreadsheet's export of a long match in squares and three-letter towers: its
    running scores (``score 1-2``) are no draughts moves — a file that names squares by
    file and rank is no PDN (before session 39 it was refused whole as a checkers game)."""
    text, truth = sheet_of_squares(seed, random.Random(hand))
    assert read_as_file(text, tmp_path_factory.mktemp("tsv") / "long_match - Sheet1.tsv") == (list(winners(truth).values()), [])


def jira_ticket(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a bug ticket that quotes it, in Jira's or
    Textile's markup): the ticket's fields, then its description — headings marked
    ``h2.``/``h3.`` (``h3. Round 4 (winner chose fill from the left)``: its ``h3`` no
    square), a table a round (``||Ply||Side||Tower||From||To||``, a row a move:
    ``|3|Black|Red|h8|h7|``), the round's result in italics."""
    truth = written(seed, Form.TEXT, "en", target=3)
    out = ["KAMI-482  Replay viewer desyncs after round 3 of imported club match", "Type: Bug    Priority: Major    Status: Open", "", "Description", "-----------"]
    out += ["h2. Summary", "Entered a full Standard match by hand from the paper sheet of our club night.", "", "h2. Moves entered", "{color:#707070}Tower colour, from, to.{color}", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        filled = f" (winner chose fill from the {rnd.fill.value})" if rnd.fill is not None else ""
        out += [f"h3. Round {n}{filled}", "||Ply||Side||Tower||From||To||"]
        for k, m in enumerate(played(rnd), 1):
            to = square_name(m.origin) if m.is_forfeit else square_name(m.target)
            out.append(f"|{k}|{m.side.name.title()}|{m.tower.name.title()}|{square_name(m.origin)}|{to}{' (blocked, pass)' if m.is_forfeit else ''}|")
        if rnd.result is not None:
            out.append(f"_Round won by {rnd.result.winner.name.title()} ({rnd.result.points} pt)_")
        out.append("")
    out += ["h2. Expected", "Replay matches the sheet.", "", "h2. Actual", f"Towers jump from round {rng.randint(2, 4)} on."]
    return "\n".join(out) + "\n", truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=111, hand=3)  # (a later round not judged before session 39)
def test_a_tickets_headings_in_textile_are_no_squares(seed: int, hand: int) -> None:
    """A bug ticket in Jira's markup: a heading's mark (``h3.``) is no square, and ``h3.
    Round 4 (winner chose fill from the left)`` is round 4's line, filled from the left
    (before session 39 the mark was a square at each round's start, and a later round,
    its fill not read, was not judged)."""
    text, truth = jira_ticket(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: A transcriber's notes in square brackets, as they stand between a sheet's rounds: a
#: header's name in small letters first (``round``, ``black``: no header after a
#: match's moves), a note run on to the next line, a dash or a hyphen inside (``grown-up``,
#: a dash is no move), a bracket closed before the line's words go on.
BRACKETED = [
    "[round {n} over - {winner} wins the round]",
    "[black felt tip from here - the old pen ran dry]",
    "[handwriting changes - pencil, slanted, all lower case. Dev took over\n because the scorer went to get the coffees. squares only]",
    "[back to grown-up writing, small. Sam (staff). He writes\n colour + number, like on the rules sheet]",
    "[underneath that, someone else:]  who left the dice in the sugar bowl",
]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 2**16))
@example(seed=3, hand=0)  # (before session 65: the first note started a match of its own; the dashes of the others were errors)
def test_a_transcribers_notes_in_brackets_are_notes(seed: int, hand: int) -> None:
    """Notes in square brackets between a record's rounds are set aside as notes: one
    begun by a header's name in small letters is no header that starts another match
    (before session 65 ``[round 1 over - Gold wins the round]`` split a postcard match
    into six, each round but the first an error), a note run on to the next line with a
    dash in it (``[handwriting changes - pencil,`` / ``… squares only]``) is no move in
    coordinates, nor is the text after a bracket closed mid-line."""
    rng = random.Random(hand)
    text = written(seed, Form.TEXT, "en")
    truth = replay_match(only_match(text)).rounds
    lines, out, k = text.split("\n"), [], 0
    for line in lines:
        if line.startswith("Round ") and k:
            result = truth[k - 1].result
            assert result is not None
            out += [rng.choice(BRACKETED).format(n=k, winner=result.winner.title), ""]
        k += line.startswith("Round ")
        out.append(line)
    noted = "\n".join(out)
    assert len(validate_text(noted).matches) == 1
    assert errors_of(noted) == []
    assert winners(noted) == winners(text)


def live_blog(seed: int, rng: random.Random, *, html_page: bool) -> tuple[str, str]:
    """A generated match (the truth, and a live blog of it, newest update first): each
    update a time, a heading and a few moves of one round, a move a line (``Holm: purple
    d1-e2``), a round's moves often spread over two updates; saved as a page whose
    updates are ``<article>`` elements (the moves an ``<ol>`` inside), or as text whose
    updates a blank line parts."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    names = ("Costa", "Holm")
    updates: list[tuple[str, list[str]]] = []
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        moves = [f"{names[m.side.value]}: " + ("blocked, passes" if m.is_forfeit else f"{m.tower.name.lower()} {square_name(m.origin)}-{square_name(m.target)}") for m in played(rnd)]
        cut = rng.randint(1, len(moves)) if len(moves) > 3 and rng.random() < 0.6 else len(moves)
        fill = "" if rnd.fill is None else f" (filled from the {rnd.fill.value})"
        updates.append((f"Round {n} begins{fill}", moves[:cut]))
        if cut < len(moves):
            updates.append((f"Round {n}, the rest of it", moves[cut:]))
    out: list[str] = []
    for k, (heading, moves) in reversed(list(enumerate(updates))):
        time = f"{19 + k // 6}:{(k * 9) % 60:02d}"
        if html_page:
            out += [f'<article class="update" data-time="{time}">', f"  <time>{time}</time>", f"  <h3>{heading}</h3>", "  <ol>"]
            out += [f"  <li>{m}</li>" for m in moves] + ["  </ol>", "</article>"]
        else:
            out += [f"[{time}] {heading}", *moves, ""]
    if html_page:
        out = ["<html><body>", "<h1>LIVE: club final, Costa (Black) v Holm (Gold)</h1>", '<section class="updates">', *out, "</section>", "</body></html>"]
    else:
        out = ["LIVE: club final, Costa (Black) v Holm (Gold)", "newest first, refresh for more", "", *out]
    return "\n".join(out) + "\n", truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999), html_page=st.booleans())
def test_a_live_blog_newest_update_first_is_read_an_update_after_another(seed: int, hand: int, html_page: bool) -> None:
    """A live blog whose updates stand newest first, each update's moves in the order
    played, is read from its last update up, each update down (before session 65 only
    its lines were read from the last up, which reads an update's moves backwards: a
    blog of eleven rounds judged none)."""
    text, truth = live_blog(seed, random.Random(hand), html_page=html_page)
    assert judged_winners(text) == list(winners(truth).values())
    assert errors_of(text) == []


#: A player's own code for the towers: a letter each, the key marking a letter inside
#: its word by a capital where the first letter is taken (``U pUrple``, ``K pinK``).
OWN_CODES = {"ORANGE": "O", "BLUE": "B", "PURPLE": "U", "PINK": "K", "YELLOW": "Y", "RED": "R", "GREEN": "G", "BROWN": "N"}
OWN_WORDS = {"ORANGE": "orange", "BLUE": "blue", "PURPLE": "pUrple", "PINK": "pinK", "YELLOW": "yellow", "RED": "red", "GREEN": "green", "BROWN": "browN"}


def own_code(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a player's notebook in a code of his own): a key
    of a letter a tower (``U pUrple``) and a sign a direction (``^n`` ahead, ``<n``,
    ``>n``), then each round's rows of two numbered from 1 with a wide gap after the
    number and no dot (``1  G^5   K^4``; ``..`` for Black's move where Gold opens), a
    pass as ``-``; a round's heading in words (a heading ``R1``, a letter and a number
    alone, is read as a move: a known limit, :func:`test_a_short_heading_before_rows_numbered_from_one`)."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    signs = {"FORWARD": "^", "LEFT": "<", "RIGHT": ">"}
    items = list(OWN_CODES)
    key = ["KEY", " towers   " + "   ".join(f"{OWN_CODES[c]} {OWN_WORDS[c]}" for c in items[:4]), "          " + "   ".join(f"{OWN_CODES[c]} {OWN_WORDS[c]}" for c in items[4:])]
    key += [" moves    ^n  straight ahead n squares", "          <n  diagonal to the mover's left", "          >n  diagonal to the mover's right"]
    key += [" -        forced pass (tower blocked)", ""]
    out = ["my own shorthand, club night", "=" * 30, *key]
    heading = rng.choice(["Round {}", "Rd {}", "Game {}", "ROUND {}"])
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(heading.format(n) + ("" if rnd.fill is None else f"  fill {rnd.fill.value[0].upper()}"))
        cells = ([".."] if played(rnd)[0].side is Side.GOLD else []) + ["-" if m.is_forfeit else f"{OWN_CODES[m.tower.name]}{signs[m.direction.name]}{m.distance}" for m in played(rnd)]
        rows = [cells[k : k + 2] for k in range(0, len(cells), 2)]
        out += [f" {k}  " + "   ".join(f"{c:<5}" for c in row).rstrip() for k, row in enumerate(rows, 1)] + [""]
    return "\n".join(out), truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=5079, hand=1)  # (a pass written '-': the round left unjudged, with an error)
def test_a_players_own_code_with_rows_numbered_without_dots_is_read(seed: int, hand: int) -> None:
    """A notebook in a player's own code: its key's letters, some marked by a capital
    inside the word (``U pUrple``: before session 65 such a letter was no code), and rows
    numbered ``1  G^5   K^4``, the number counting the rows with no dot after it (before
    session 65 read as a distance, and no round judged). A pass written ``-`` (a key
    defines no pass yet) may leave its round unjudged, with an error, never judged
    wrong."""
    text, truth = own_code(seed, random.Random(hand))
    judged, want = judged_winners(text), list(winners(truth).values())
    if any(m.is_forfeit for rnd in replay_match(only_match(truth)).rounds for m in played(rnd)):
        assert all(w is None or w == t for w, t in zip(judged, want, strict=False))
        assert judged == want or errors_of(text)
        return
    assert judged == want
    assert errors_of(text) == []


@pytest.mark.xfail(raises=AssertionError, strict=True, reason="known (session 65): a heading that is a letter and a number alone (R1) reads as a move, and the round's moves then read legally with the sides swapped")
def test_a_short_heading_before_rows_numbered_from_one() -> None:
    """A round's heading written ``R1`` (a letter and a number alone on its line) above
    rows numbered from 1 is the round's heading; the first reading reads it as red
    forward 1, and the board's colours repeat turned about its centre, so the round's
    moves read after it are legal with the sides swapped: the other winner, no error."""
    text, truth = own_code(0, random.Random(1))
    text = re.sub(r"(?m)^(?:Round|Rd|Game|ROUND) (\d+)", r"R\1", text)
    assert judged_winners(text) == list(winners(truth).values())


#: How a teacher's handout says the way a move went (the mover's left and right).
WAYS = {"FORWARD": ["straight forward", "straight up the board", "forward"], "LEFT": ["diagonally left", "diagonally"], "RIGHT": ["diagonally right", "along the diagonal"]}
NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven"]


def tex_handout(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a teacher's handout of it in LaTeX): each round
    a section, its moves the items of a list, in prose (``Black moves the \\mv{Brown}
    tower from \\mv{h8} diagonally three squares to \\mv{e5}.``) or in squares with the
    way in brackets (``Gold: \\mv{Brown a1--a4} (straight forward, 3 squares).``), and
    boxed questions between them (``\\q{…}``), some run on to the next line, that name
    towers and squares."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    out = ["\\documentclass{article}", "\\newcommand{\\mv}[1]{\\textbf{#1}}", "\\newcommand{\\q}[1]{\\fbox{\\textbf{Question:} #1}}", "\\begin{document}", "\\section*{Before we start}", "Play through the match on your own board.", ""]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"\\section*{{Round {n}}}", "" if rnd.fill is None else f"The winner filled the home rows \\emph{{from the {rnd.fill.value}}}.", "\\begin{enumerate}[label=\\arabic*.]"]
        for m in played(rnd):
            side, tower, other = m.side.name.title(), m.tower.name.title(), "Gold" if m.side is Side.BLACK else "Black"
            if m.is_forfeit:
                out.append(f"  \\item {side}'s \\mv{{{tower}}} tower is blocked: {side} passes.")
                continue
            a, b, way, d = square_name(m.origin), square_name(m.target), rng.choice(WAYS[m.direction.name]), m.distance
            squares = "square" if d == 1 else "squares"
            out.append(rng.choice([
                f"  \\item {side} moves the \\mv{{{tower}}} tower from \\mv{{{a}}} {way} {NUMBER_WORDS[d]} {squares} to \\mv{{{b}}}.",
                f"  \\item {side}: \\mv{{{tower} {a}--{b}}} ({way}, {d} {squares}).",
                f"  \\item {side}: \\mv{{{tower}}} from {a} {d} {squares} to {b}.",
            ]))
            if rng.random() < 0.3:
                out.append(rng.choice([
                    f"  \\q{{What colour is {b}? Which {other} tower is now forced to move?}}",
                    f"  \\q{{{side}'s {tower} tower now stands on {b}. Could {other} have stopped it\n  one move earlier? Look at every square it could reach.}}",
                    f"  \\q{{Why might {side} move the {tower} only one square here? (Hint: look at the\n  {b[0]}-file.)}}",
                ]))
        out += ["\\end{enumerate}", f"\\textit{{{rnd.result.winner.name.title()} wins Round {n}.}}", ""]
    return "\n".join([*out, "\\end{document}"]) + "\n", truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=18, hand=18)  # (before session 66: an error on the first move, an argument left open an error, no round judged)
@example(seed=16, hand=16)  # (before session 66: round 2 not judged)
@example(seed=648, hand=511)  # (a fresh clone's random profile, session 66: the way 'straight up the board six squares to' too long to join its squares; judged on 4b3ad31)
def test_a_teachers_handout_in_latex_is_read_as_its_match(seed: int, hand: int) -> None:
    """A LaTeX handout (:func:`tex_handout`) reads as its match: a move said from its
    square the way it went, then to its square (``from \\mv{h8} diagonally three squares
    to \\mv{e5}``), is the move between the two squares (before session 66 the first
    square alone, with no distance, and the second a move of its own: no round judged),
    and a command's argument run on to the next line (``\\q{… Could Gold have stopped
    it``) opens no comment (an error before)."""
    text, truth = tex_handout(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text
    assert errors_of(text) == [], text


#: The files as a spelling alphabet says them, and the ranks as radio operators say them.
SPELT_FILES = ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
RADIO_RANKS = ["one", "two", "tree", "fower", "fife", "six", "seven", "eight"]
#: Two stations' call signs.
CALLS = [("G4XKM", "PA3KMS"), ("W1AW", "VE3XYZ"), ("DL2ABC", "F5XYZ")]
#: What an operator says of the way a move went, by its direction (or nothing).
RADIO_WAYS = {"FORWARD": ["straight up the file", "straight up", ""], "LEFT": ["all the way across", "on the diagonal", ""], "RIGHT": ["all the way across", "on the diagonal", ""]}
NUMBER_NAMES = ["one", "two", "three", "four", "five", "six", "seven"]


def radio_log(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a radio station's log of it, played over the
    air): each line a time (``1412``), a call sign (``G4XKM``) and what was sent, squares
    in a spelling alphabet with the ranks as radio says them (``foxtrot tree``, f3;
    ``charlie fife``), the way a move went in words between its squares (``golf eight
    all the way across to alfa two``), the other station's reply saying the square
    again and the colour landed on (``Alfa two, purple.``), a round's number and fill in
    words, and ``over``."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    calls = rng.choice(CALLS)
    out = ["; STATION LOG -- kamisado by HF sked", f"; {calls[0]} = BLACK (home row 8)    {calls[1]} = GOLD (home row 1)", "", "UTC   FROM     TRANSMISSION"]
    clock = 1400

    def sent(side: Side, said: str) -> None:
        nonlocal clock
        out.append(f"{clock}  {calls[side.value]:<8} {said} Over.")
        clock += rng.choice([1, 1, 2])
        clock += 40 if clock % 100 >= 60 else 0

    def spelt(sq: int) -> str:
        return f"{SPELT_FILES[sq % 8]} {RADIO_RANKS[sq // 8]}"

    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        opening = f"Round {NUMBER_NAMES[n - 1] if n <= 7 else n}." + ("" if rnd.fill is None else f" Filled from the {rnd.fill.value}.")
        before = None
        for k, m in enumerate(played(rnd)):
            ack = "" if before is None or before.is_forfeit or rng.random() < 0.3 else f"{spelt(before.target).capitalize()} copied, {SQUARE_COLOURS[before.target].name.lower()}. "
            if m.is_forfeit:
                said = "Blocked, I pass."
            else:
                way = rng.choice(RADIO_WAYS[m.direction.name])
                said = f"{m.tower.name.title()}, {spelt(m.origin)} {way + ' ' if way else ''}to {spelt(m.target)}."
            sent(m.side, (opening + " " if k == 0 else "") + ack + said)
            before = m
        assert rnd.result is not None
        sent(Side.GOLD if rnd.result.winner is Side.BLACK else Side.BLACK, f"QSL, home row. Round {NUMBER_NAMES[n - 1] if n <= 7 else n} to {calls[rnd.result.winner.value]}.")
    out.append(f"{clock}  {calls[0]:<8} Tnx fer the game, 73, clear.")
    return "\n".join(out) + "\n", truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=331)  # (a common word on the way between the squares, 'on the diagonal to': round 5 not judged, during session 66)
# a known limit (a fresh clone's random profile, session 68; the same on c3a71aa): a move's
# tower said first on its line ('Pink, echo one … to echo two') is read as the landing of
# the move on the line before, and the move from the acknowledgement after it ('Echo two
# copied, green'), its squares set aside: the round is read right but not with certainty
@example(seed=208, hand=224).xfail(raises=AssertionError, reason="a tower's colour read as the landing of the move before it: round 1 right, not certain")
def test_a_radio_log_of_squares_in_a_spelling_alphabet_is_read(seed: int, hand: int) -> None:
    """A radio station's log (:func:`radio_log`) reads as its match: ``foxtrot tree`` and
    ``charlie fife`` are f3 and c5 (ranks as radio says them: before session 66 no
    square), a move's squares with the way it went in words between them (``all the way
    across to``) are one move, the call signs (``G4XKM``) say no distance (their digit
    was one), and the log's times (``1412``) are no moves in digits."""
    text, truth = radio_log(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text
    assert errors_of(text) == [], text


#: A coach's remarks on a move in a reply (the move's tower, where it went and the
#: square's colour said again, or a square to watch), and a few words between them.
COACH_REMARKS = [
    "Your {tower} to {target} is fine, a {colour} square for him.",
    "His {tower} up to {target}: the aggressive choice, it puts you on {colour}.",
    "Good, {target} is safe. Watch {other} though.",
    "I would have kept the {tower} home, but {target} works.",
    "Fine.",
]


def shorter(m: Any, words: list[str], rng: random.Random) -> str:
    """A coach's move not played: the same tower the same way, fewer squares (a square
    its way passed, so legal as well), with its squares (``Better was Red forward 2 to
    c3 (c1-c3).``); or nothing, for a move of one square."""
    if m.distance < 2:
        return ""
    d = rng.randrange(1, m.distance)
    rank, file = (m.target // 8 - m.origin // 8) // m.distance, (m.target % 8 - m.origin % 8) // m.distance
    to = m.origin + 8 * rank * d + file * d
    return f" Better was {words[0]} {words[1].lower()} {d} to {square_name(to)} ({square_name(m.origin)}-{square_name(to)})."


def coach_reply(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a coach's reply to the mail that gave it): the
    player's record quoted (``> 1  me:  Orange  forward 1  -> red  (a8-a7)``, a move a
    line), the coach's remarks between the quoted lines, unquoted, naming towers,
    colours and squares, more of them than the record (a remark says the move again, or
    a square to watch, and a move that was better: :func:`shorter`)."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 1, 3]))
    out = ["Hi,", "", "thanks for sending the game, my comments are between your moves.", "", "On Thursday, you wrote:", "> Club night, me Black, my friend Gold", ">"]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out += [f"> Round {n}" + (f", filled from the {rnd.fill.value}" if rnd.fill is not None else ""), ">"]
        for ply, m in enumerate(played(rnd), 1):
            who = "me: " if m.side is Side.BLACK else "him:"
            if m.is_forfeit:
                out.append(f"> {ply:2d}  {who} {m.tower.name.title():7} blocked, passes")
                continue
            words = m.text("text", "en").split()
            out.append(f">{ply:3d}  {who} {words[0]:7} {words[1].lower():7} {words[2]}  -> {words[3].lower():7} ({square_name(m.origin)}-{square_name(m.target)})")
            remark = rng.choice(COACH_REMARKS).format(tower=words[0].lower(), target=square_name(m.target), colour=words[3].lower(), other=square_name(rng.randrange(64)))
            out += ["", remark + shorter(m, words, rng), ""]
        out += [">", f"> {rnd.result.winner} won the round", ">"]
    out += ["", "Keep it up,", "Sam"]
    return "\n".join(out) + "\n", truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1, hand=1)  # (a better move, 'Better was Green forward 3 to g5 (g8-g5)', read as Gold's next: before session 67)
@example(seed=3, hand=3)  # (the same, and a remark after the round's last move read as a round of its own)
@example(seed=0, hand=0)  # (during session 68: the quoted lines' labels, '>  1  me:', read as a chat's speakers, the coach's remarks below each as its speaker's: a round of better moves judged)
def test_a_coachs_reply_between_the_quoted_moves_is_read_as_the_quoted_match(seed: int, hand: int) -> None:
    """A reply that quotes a record and remarks on its moves between them, unquoted
    (:func:`coach_reply`): the quoted lines are the record, the remarks notes, though
    they name more towers, squares and moves than the record. Before session 67 the
    remarks' moves were read where they held a third of the evidence or more: a better
    move of the coach's as the next entry (an error, the round not judged)."""
    text, truth = coach_reply(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text
