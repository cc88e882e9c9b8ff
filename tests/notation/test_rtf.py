"""A record saved as rich text (``notation/kmr/rtf.py``): WordPad's or TextEdit's RTF,
its letters outside ASCII as ``\\'e9`` or ``\\u8594?``, read as the text it shows; and
a file padded with NUL bytes at its end (WordPad leaves one) read as its text."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import validate_file, validate_text
from kamisado_notation.notation.writer import Form
from tests.support.slips import written


def rtf_escaped(text: str) -> str:
    """``text`` as RTF writes it: cp1252's letters as ``\\'hh``, others as ``\\uN?``."""
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        else:
            try:
                out.append(f"\\'{ch.encode('cp1252')[0]:02x}")
            except UnicodeEncodeError:
                out.append(f"\\u{ord(ch)}?")
    return "".join(out)


def as_rtf(text: str, *, wrap: int = 0) -> str:
    """``text`` as WordPad saves it: the fonts' table, a generator's group, a paragraph
    a line (``\\par``), tabs as ``\\tab``; ``wrap``: a source line broken every so many
    characters (RTF's line breaks mean nothing)."""
    body = []
    for k, line in enumerate(text.split("\n")):
        par = rtf_escaped(line).replace("\t", "\\tab ")
        body.append(("\\b " + par + "\\b0" if k == 0 else par) + "\\par")
    source = "\r\n".join(body)
    if wrap:
        source = "\r\n".join(source[i : i + wrap] for i in range(0, len(source), wrap))
    head = "{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat\\deflang1031{\\fonttbl{\\f0\\fnil\\fcharset0 Calibri;}}\r\n"
    head += "{\\*\\generator Riched20 10.0.19041}\\viewkind4\\uc1 \r\n\\pard\\sa200\\sl276\\slmult1\\f0\\fs22\\lang7 "
    return head + source + "\r\n}\r\n"


def errors(report) -> list[str]:
    return [d.format("t") for d in report.all_diagnostics() if d.severity == "error"]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["de", "hu", "en"]), arrows=st.booleans())
def test_a_record_saved_as_rtf_is_read_as_its_text(seed: int, lang: str, arrows: bool) -> None:
    """A record in words with its accented letters escaped (``vorw\\'e4rts``, Hungarian's
    ``el\\u337?re``), an arrow before each landing colour written as ``\\u8594?``: the
    same moves and winners, no error."""
    original = written(seed, Form.TEXT, lang)
    text = "\n".join(_arrowed(line) for line in original.split("\n")) if arrows else original
    report = validate_text(as_rtf(text))
    assert errors(report) == []
    assert [[r.winner for _n, r in m.rounds] for m in report.matches] == [[r.winner for _n, r in m.rounds] for m in validate_text(original).matches]


def _arrowed(line: str) -> str:
    """A row's entries with an arrow before each landing colour (``Red Forward 3 → Pink``)."""
    if not line[:1].isdigit():
        return line
    number, _, rest = line.partition(" ")
    entries = [e.split() for e in rest.split("   ") if e.strip()]
    return number + " " + "\t".join(" ".join([*e[:-1], "\u2192", e[-1]]) if len(e) == 4 else " ".join(e) for e in entries)


@pytest.mark.parametrize("wrap", [0, 37])
def test_an_rtf_documents_paragraph_is_one_line_wherever_its_source_breaks(wrap: int) -> None:
    original = written(3, Form.TEXT, "de")
    assert errors(validate_text(as_rtf(original, wrap=wrap))) == []
    assert [m.score for m in validate_text(as_rtf(original, wrap=wrap)).matches] == [m.score for m in validate_text(original).matches]


def test_nul_bytes_that_end_a_file_are_padding_not_binary_data(tmp_path: Path) -> None:
    """A file padded with a few NUL bytes at its end reads as without them; a NUL byte
    with text after it, or thousands of them, is binary data still."""
    original = written(5, Form.TEXT, "en")
    plain, padded, broken = tmp_path / "plain.kmr", tmp_path / "padded.kmr", tmp_path / "broken.kmr"
    plain.write_bytes(original.encode())
    padded.write_bytes(original.encode() + b"\0" * 3)
    broken.write_bytes(original.encode() + b"\0\0x\n")
    want = validate_file(str(plain)).to_json()
    got = validate_file(str(padded)).to_json()
    assert (got["diagnostics"], got["matches"]) == (want["diagnostics"], want["matches"])
    assert any("binary data" in d.message for d in validate_file(str(broken)).all_diagnostics())
    broken.write_bytes(original.encode() + b"\0" * 5000)  # (more than padding: a disk image's zeros)
    assert any("binary data" in d.message for d in validate_file(str(broken)).all_diagnostics())
