"""A record kept as a video's captions (``notation/kmr/containers.py``): SubRip's
numbered cues with their timing lines, WebVTT's header, cue settings and tags, YouTube's
SBV: the words said are read, line for line, and the numbers and times that place them
on the video are no distance, no square, no move."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, replay_match, validate_text
from kamisado_notation.checking.replay import PlyKind
from kamisado_notation.engine.board import Direction, Side, square_name
from kamisado_notation.notation.writer import Form
from tests.support.slips import only_match, winners, written

KINDS = ("srt", "vtt", "sbv")


def _clock(ms: int, kind: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    if kind == "sbv":
        return f"{hours}:{minutes:02d}:{seconds:02d}.{millis:03d}"
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{',' if kind == 'srt' else '.'}{millis:03d}"


def as_captions(cues: list[list[str]], kind: str, rng: random.Random) -> str:
    """``cues`` (each the lines shown at once) as a captions file of ``kind``: SubRip
    numbers each cue and times it (``00:00:06,100 --> 00:00:10,300``), WebVTT opens with
    its header and may name a cue or set where it stands (``align:start``), SBV writes the
    two times with a comma; some lines in italics (``<i>``) or a colour's tag whose
    colour is no tower's."""
    out = ["WEBVTT", ""] if kind == "vtt" else []
    at = rng.randint(0, 5000)
    for n, lines in enumerate(cues, 1):
        end = at + rng.randint(1500, 6000)
        if kind == "srt":
            out.append(str(n))
        elif kind == "vtt" and rng.random() < 0.2:
            out.append(f"cue-{n}")
        arrow = "," if kind == "sbv" else " --> "
        settings_ = " align:start position:10%" if kind == "vtt" and rng.random() < 0.3 else ""
        out.append(f"{_clock(at, kind)}{arrow}{_clock(end, kind)}{settings_}")
        for line in lines:
            tag = rng.choice(["", "", "i", "font"]) if kind != "sbv" else ""
            if tag == "i":
                line = f"<i>{line}</i>"
            elif tag == "font":
                line = f'<font color="#ffff00">{line}</font>'
            out.append(line)
        out.append("")
        at = end + rng.randint(0, 800)
    return "\n".join(out) + "\n"


def cues_of(text: str) -> list[list[str]]:
    """The lines of ``text`` (blank ones left out), a cue each."""
    return [[line] for line in text.split("\n") if line.strip()]


def read(text: str) -> tuple[list[list[str | None]], list[str]]:
    """The winner of each round of each match of ``text``, and its errors."""
    report = validate_text(text)
    return [[str(r.winner) if r else None for _n, r in m.rounds] for m in report.matches], [
        d.message for d in report.all_diagnostics() if d.severity is Severity.ERROR
    ]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["en", "de", "hu", "pt"]), form=st.sampled_from([Form.TEXT, Form.SYMBOLS, Form.COORDS]), kind=st.sampled_from(KINDS), hand=st.integers(0, 999))
@example(seed=1, lang="en", form=Form.COORDS, kind="srt", hand=0)
def test_a_record_kept_as_captions_reads_as_the_record(seed: int, lang: str, form: Form, kind: str, hand: int) -> None:
    """Any record of ours, a line a cue, numbered and timed as captions are:
    the same winners as the record itself, and no error: the captions' numbers and
    timing lines are no entries, and taking them out loses none."""
    original = written(seed, form, lang)
    text = as_captions(cues_of(original), kind, random.Random(hand))
    assert read(text) == (read(original)[0], [])


#: How the commentators say a direction (the mover's) and a number.
WAYS = {Direction.FORWARD: ["straight up", "straight ahead", "forward"], Direction.LEFT: ["to the left", "left diagonal"], Direction.RIGHT: ["to the right", "right diagonal"]}
NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven"]


def commentary(seed: int, rng: random.Random) -> tuple[str, str]:
    """A stream's commentary kept as its captions: two voices (``ANA:``, ``DEV:``), each
    move said in a sentence (its tower, often its squares, or its way and how far, the
    colour it lands on said after), a sentence broken over a cue's two lines, chatter
    between the moves, each round's end and the fill said."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3, 3]))
    return said_in_captions(truth, rng), truth


def said_in_captions(truth: str, rng: random.Random) -> str:
    """The match of ``truth`` as :func:`commentary` says it."""
    rounds = replay_match(only_match(truth)).rounds
    voices = ["ANA", "DEV"]
    said = ["[MUSIC]", "ANA: welcome back, it's Kamisado tonight", "DEV: black on row eight, gold on row one, let's go"]
    for n, rnd in enumerate(rounds, 1):
        if rnd.fill is not None:
            said.append(f"{rng.choice(voices)}: round {NUMBERS[n] if n < 8 else n}, filling from the {rnd.fill.value}")
        for p in rnd.plies:
            m = p.move
            if m is None or p.kind is PlyKind.BACK:
                continue
            voice = rng.choice(voices)
            if m.is_forfeit:
                said.append(f"{voice}: the {m.tower.name.lower()} is stuck, has to pass")
                continue
            tower = m.tower.name.lower()
            if rng.random() < 0.6:
                move = f"{tower}, {square_name(m.origin)} to {square_name(m.target)}"
            else:
                move = f"{tower} goes {NUMBERS[m.distance]} {rng.choice(WAYS[m.direction])}"
            said.append(f"{voice}: {move}, lands on {m.square_colour.name.lower()}")
            if rng.random() < 0.25:
                said.append(f"{rng.choice(voices)}: {rng.choice(['nice', 'hmm, interesting', 'bold choice', 'oh wow'])}")
        assert rnd.result is not None
        said.append(f"{rng.choice(voices)}: and that's the round to {'black' if rnd.result.winner is Side.BLACK else 'gold'}")
    cues = []
    for line in said:
        if len(line) > 28 and rng.random() < 0.5:  # (a sentence broken over the cue's two lines, at a blank)
            cut = line.index(" ", 20) if " " in line[20:] else len(line)
            cues.append([line[:cut], line[cut + 1 :]] if cut < len(line) else [line])
        else:
            cues.append([line])
    return as_captions(cues, rng.choice(KINDS), rng)


@pytest.mark.reads_again
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=2976, hand=0)
@example(seed=1423, hand=16)  # ('the right, lands on orange' a key: 'on' a code for orange; rounds 4 and 5 not judged)
def test_a_streams_commentary_kept_as_captions_is_judged_as_played(seed: int, hand: int) -> None:
    """A stream's commentary, as its captions keep it: every round judged with the
    truth's winner, and no error (before session 44 a caption's number was read as a
    distance, its timing line's arrow as a direction, and a sentence the screen broke
    over two lines as two; rounds were lost)."""
    text, truth = commentary(seed, random.Random(hand))
    (match,) = validate_text(text).matches
    assert [str(r.winner) if r else None for _n, r in match.rounds] == list(winners(truth).values())
    assert [d.message for d in match.diagnostics if d.severity is Severity.ERROR] == []


def test_a_record_that_opens_with_a_number_is_no_captions() -> None:
    """A record whose first line is a number with no timing line after it (a page's
    number, a table's count) is read as it is."""
    original = written(7, Form.TEXT, "en")
    assert read("12\n" + original) == read(original)

