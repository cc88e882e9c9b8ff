"""A record kept in a calendar's event or a contact's card (``notation/kmr/containers.py``):
an iCalendar's or a vCard's text properties hold what people wrote, its lines escaped
(``\\n``, ``\\,``, ``\\;``) and folded over lines of 75 octets, a fold anywhere, inside a
move too; the rest of the file (times, ids, alarms) is no text of the record."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, validate_text
from kamisado_notation.notation.writer import Form
from tests.support.slips import winners, written


def escaped(text: str) -> str:
    """``text`` as a calendar's value writes it."""
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def folded(line: str, width: int = 75) -> list[str]:
    """``line`` folded as a calendar folds it: ``width`` octets a line, each line after the
    first opening with a blank (a fold may fall inside a word)."""
    out, rest = [], line
    while len(rest.encode()) > width:
        cut = width if not out else width - 1
        while len(rest[:cut].encode()) > (width if not out else width - 1):
            cut -= 1
        out.append(rest[:cut])
        rest = rest[cut:]
    out.append(rest)
    return [out[0], *(" " + part for part in out[1:])]


def calendar(record: str, rng: random.Random, kind: str) -> str:
    """``record`` in the ``DESCRIPTION`` of an event (or the ``NOTE`` of a card): the
    file's other properties as an app writes them."""
    if kind == "vcard":
        head = ["BEGIN:VCARD", "VERSION:4.0", "FN:Jonas Berg", "N:Berg;Jonas;;;", "TEL;TYPE=cell:+49 170 5550123"]
        tail = ["REV:20250323T221944Z", "END:VCARD"]
        prop = "NOTE"
    else:
        head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//macOS 14.4//EN", "BEGIN:VEVENT",
                f"UID:{rng.getrandbits(64):016X}-2F4D", "DTSTAMP:20250323T221944Z", "DTSTART;TZID=Europe/Berlin:20250323T190000",
                "SUMMARY:Kamisado at Jonas's\\, rematch"]  # fmt: skip
        tail = ["BEGIN:VALARM", "TRIGGER:-PT1H", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM", "END:VEVENT", "END:VCALENDAR"]
        prop = "DESCRIPTION"
    return "\r\n".join([*head, *folded(f"{prop}:{escaped(record)}"), *tail]) + "\r\n"


@pytest.mark.reads_again
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999), kind=st.sampled_from(("vcalendar", "vcard")))
@example(seed=6416, hand=0, kind="vcalendar")
def test_a_record_in_a_calendars_event_is_read_as_its_text(seed: int, hand: int, kind: str) -> None:
    """Every round judged with the truth's winner and no error: the folds, however they
    cut a move, are undone, the escapes read as what they stand for."""
    rng = random.Random(hand)
    truth = written(seed, rng.choice((Form.COORDS, Form.TEXT, Form.SHORT)), "en")
    text = calendar(truth, rng, kind)
    (match,) = validate_text(text).matches
    assert [str(r.winner) if r else None for _n, r in match.rounds] == list(winners(truth).values())
    assert [d.message for d in match.diagnostics if d.severity is Severity.ERROR] == []
