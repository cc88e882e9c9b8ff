"""The recording page's rules (``drawing/recording_rules.js``) held to the Python engine,
run by node: perft to depth 4 from 50 random positions (Sumo towers and pushes among
them), and 200 random matches played through the script's recorder, whose records must
be the Python recorder's, entry for entry (forfeits, back-entries, round ends, points,
fills), and read back by the script's reader."""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from kamisado_notation import Fill, Position, Recorder
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.engine.perft import perft
from tests.support.paths import ROOT

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
RULES = ROOT / "kamisado_notation" / "drawing" / "recording_rules.js"

HARNESS = r"""
const R = require(process.argv[1]);
const job = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {perft: [], moves: [], records: [], reread: []};
for (const [text, depth] of job.perft) {
  const p = R.fromString(text);
  out.perft.push(R.perft(p, depth));
  out.moves.push(R.legalMoves(p).map(m => R.squareName(m.origin) + "-" + R.squareName(m.target) + (m.push.length ? "*" : "")).sort());
}
for (const match of job.matches) {
  const rec = new R.Recorder([["Match", match.name]], match.target);
  for (const c of match.choices) {
    if (c === "left" || c === "right") { rec.fill(c); continue; }
    const found = rec.legalMoves().filter(m => R.squareName(m.origin) + "-" + R.squareName(m.target) === c);
    if (found.length !== 1) { throw new Error("no move " + c); }
    rec.play(found[0]);
  }
  out.records.push(rec.text());
  out.reread.push(R.readRecord(rec.text()).text() === rec.text());
}
process.stdout.write(JSON.stringify(out));
"""


def _node(job: dict[str, object]) -> dict[str, list[object]]:
    assert NODE is not None
    done = subprocess.run([NODE, "-e", HARNESS, str(RULES)], input=json.dumps(job), capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _random_match(rng: random.Random, target: int) -> tuple[Recorder, list[str]]:
    """A match of random choices (pushes preferred, so that Sumo play comes up)."""
    name = {1: "Single", 3: "Standard", 7: "Long"}[target]
    rec, choices = Recorder(name), []
    while not rec.over:
        if rec.needs_fill:
            how = rng.choice(["left", "right"])
            rec.fill(how)
            choices.append(how)
            continue
        moves = rec.legal_moves()
        pushes = [m for m in moves if m.push]
        move = rng.choice(pushes) if pushes and rng.random() < 0.8 else rng.choice(moves)
        rec.play(move)
        choices.append(move.coords())
    return rec, choices


def _positions(rng: random.Random, count: int) -> list[Position]:
    """Positions met in random matches at random plies (later rounds: Sumo towers)."""
    found: list[Position] = []
    while len(found) < count:
        _, choices = _random_match(rng, 7)
        replay = Recorder("Long")
        stop = rng.randrange(len(choices))
        for choice in choices[:stop]:
            if choice in ("left", "right"):
                replay.fill(Fill(choice))
            else:
                replay.play(choice)
        if not replay.needs_fill:
            found.append(replay.position)
    return found


def test_perft_and_moves_agree_with_the_engine() -> None:
    rng = random.Random(2026)
    positions = [Position.initial(), *_positions(rng, 49)]
    assert any(t.rings for p in positions for t in p.towers().values())
    answer = _node({"perft": [[p.to_string(), 4] for p in positions], "matches": []})
    assert answer["perft"] == [perft(p, 4) for p in positions]
    expected = [sorted(m.coords() + ("*" if m.push else "") for m in p.legal_moves()) for p in positions]
    assert answer["moves"] == expected


def test_random_matches_are_recorded_as_the_engine_records_them() -> None:
    rng = random.Random(41)
    matches = [_random_match(rng, rng.choice([1, 3, 3, 7])) for _ in range(200)]
    names = {1: "Single", 3: "Standard", 7: "Long"}
    job = {"perft": [], "matches": [{"name": names[r.target], "target": r.target, "choices": ch} for r, ch in matches]}
    answer = _node(job)
    pushes = 0
    for k, ((rec, _), text, reread) in enumerate(zip(matches, answer["records"], answer["reread"], strict=True)):
        assert isinstance(text, str) and reread is True
        assert text == rec.text()  # the same entries, laid out alike
        if k % 20 == 0:
            assert validate_text(text).valid
        pushes += " Back 1 " in text
    assert pushes > 20
