"""Any bytes at all as a record file: every command that reads one ends with 0, 1 or 2,
never with a traceback, and leaves the file exactly as it was (issue #9)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.cli.app import app

runner = CliRunner()

# Pieces that reach deep into the readers: notation, headers, JSON, line endings, BOMs,
# NUL, bytes that are not UTF-8, control characters, look-alike digits.
PIECES = [
    b"Round 1\n", b"Ye L1 Ye ", b"Pu R3 Or", b"1. ", b"...", b"\xe7\xb4\xab\xe2\x86\x965\xe9\xbb\x83", b"d8-d4 ",
    b'[Event "x"]\n', b'[Target "\xef\xbc\x95"]\n', b'[Result "1-0"]\n', b"fill left\n", b"{c}", b"# c\n",
    b'{"matches": [', b'{"headers": [], "rounds": []}', b"]}", b'"\\ud800"', b"\n", b"\r", b"\r\n", b"\xef\xbb\xbf",
    b"\x00", b"\xff", b"\xc3", b"\x1b[2J", b"\xc2\x9b", b"\xd9\xa3", b" ",
]
record_bytes = st.one_of(st.binary(max_size=300), st.lists(st.sampled_from(PIECES), max_size=30).map(b"".join))

COMMANDS = [
    ["validate", "{f}"],
    ["validate", "--json", "{f}"],
    ["convert", "{f}", "--to", "short", "-o", "{d}/out.kmr"],
    ["convert", "{f}", "--to", "json"],
    ["show", "{f}", "--svg", "{d}/out.svg"],
    ["lineup", "{f}", "--round", "1"],
    ["replay", "{f}"],
    ["fix", "{f}", "-o", "{d}/fixed.kmr"],
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=record_bytes)
def test_any_bytes_end_cleanly_and_stay_as_they_were(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "record.kmr"
        f.write_bytes(data)
        os.utime(f, ns=(1_000_000_000, 1_000_000_000))
        for command in COMMANDS:
            args = [a.format(f=f, d=d) for a in command]
            r = runner.invoke(app, args)
            assert r.exit_code in (0, 1, 2), (args, r.output)
            assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
            assert f.read_bytes() == data and os.stat(f).st_mtime_ns == 1_000_000_000, args
