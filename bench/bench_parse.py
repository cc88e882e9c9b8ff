"""Parsing speed: moves per second reading a generated corpus of ≥ 100,000 moves in mixed
forms and languages, with the project's parser against the same grammar and transformer
on lark's own contextual lexer, measured in the same run (interleaved, best of each).

The project's parser, in two figures: ``parse_record`` as it is (the one reader: a row
whose entries it read before by two string splits and dict lookups, the lines a record
is mostly made of by one regex each and dict lookups; any other line by the general
path), and the general path alone (one regex tokenises a line; lark's LALR
parser, fed those tokens by ``FastLexer``, parses it and the transformer builds the
model as it reduces).

    python3 bench/bench_parse.py [--moves N] [--seed S]

Prints figures and the ratio to the in-run baseline (never absolute targets).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.cli.common import tune_gc
from kamisado_notation.notation import (
    build_parser,
    lexing,
    parse_record,
)
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import LANGUAGES, Form, format_record
from kamisado_notation.play.generate import generate_records

BATCH_LINES = 256  # the baseline parses the text this many lines a call
_COLOUR_FORMS = (Form.SYMBOLS, Form.TEXT, Form.SHORT)


def corpus(moves: int, seed: int) -> tuple[str, int]:
    """Random legal matches, each written in a random form and language (coordinates
    included), until ``moves`` entries."""
    rng = random.Random(seed)
    parts, total, n = [], 0, 0
    while total < moves:  # entries, the '...' placeholder not counted
        n += 1
        rec = generate_records(match="standard", seed=seed * 100_003 + n, count=1)
        form = rng.choice(_COLOUR_FORMS + (Form.COORDS,))
        lang = rng.choice(LANGUAGES)
        resolved = [replay_match(rec.matches[0]).resolved_moves()] if form is Form.COORDS else None
        parts.append(format_record(rec, form=form, lang=lang, moves=resolved))
        total += sum(1 for m in rec.matches for r in m.rounds for e in r.entries if not e.placeholder)
    return "\n".join(parts), total


def count_entries(record: RecordFile) -> int:
    return sum(1 for m in record.matches for r in m.rounds for e in r.entries if not e.placeholder)


def best_of(fn, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tune_gc()  # the collector as the `kamisado` command runs it
    text, _ = corpus(args.moves, args.seed)
    record = parse_record(text)
    moves = count_entries(record)
    errors = sum(len(m.errors) for m in record.matches) + len(record.errors)
    assert errors == 0, f"the corpus should parse cleanly, got {errors} errors"
    lines = text.split("\n")
    batches = ["\n".join(lines[i : i + BATCH_LINES]) for i in range(0, len(lines), BATCH_LINES)]
    baseline = build_parser("contextual")

    def general_only() -> RecordFile:
        with general_paths():  # the fast paths off
            return parse_record(text)

    assert general_only() == record, "the fast paths must read the corpus as the general path"
    # interleaved, best of each: all see the same load on a shared machine
    t_base = t_general = t_fast = float("inf")
    for _ in range(args.repeat):
        t_base = min(t_base, best_of(lambda: [baseline.parse(b) for b in batches], repeat=1))
        t_general = min(t_general, best_of(general_only, repeat=1))
        t_fast = min(t_fast, best_of(lambda: parse_record(text), repeat=1))
    print(f"corpus: {moves} moves, {len(lines)} lines, {len(text) / 1e6:.1f} MB, mixed forms and languages")
    print(f"baseline  lark contextual lexer + LALR + transformer:          {moves / t_base:>10,.0f} moves/s  (1.00)")
    print(f"project   general path alone (regex lexer, lark's LALR):      {moves / t_general:>10,.0f} moves/s  ({t_base / t_general:.2f}x)")
    print(f"project   parse_record (whole-line fast paths, else general):  {moves / t_fast:>10,.0f} moves/s  ({t_base / t_fast:.2f}x)")
    tokens = sum(1 for line in lines for _ in lexing.lex_line(line, 1, []))
    t_lex = best_of(lambda: [list(lexing.lex_line(line, 1, [])) for line in lines])
    print(f"of which  the general path's tokenising alone: {tokens / t_lex:>10,.0f} tokens/s, {moves / t_lex:,.0f} moves/s  ({tokens / moves:.1f} tokens a move)")


if __name__ == "__main__":
    main()
