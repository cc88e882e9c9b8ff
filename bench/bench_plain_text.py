"""What reading a word processor's characters as plain ones costs a record without them
(``kamisado_notation.notation.text``), as a share of validating it, measured in the
same run.

    python3 bench/bench_plain_text.py [--matches 60] [--runs 7]

Corpus: ``--matches`` generated Marathon matches, written in the symbols form, the
Hungarian text form (both not ASCII: the check searches them) and the English text form
(ASCII: ``str.isascii`` answers without a scan). Figures in CPU time, medians of
``--runs`` runs: the check of the whole text (``has_odd``, what the reader asks of each
block of lines), ``validate_text`` of the same text, and the first as a share of the
second. Goal: under 1%.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.text import has_odd
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match


def cpu(job: object, repeat: int) -> float:
    """The CPU time of one call of ``job`` (a callable), over ``repeat`` calls."""
    assert callable(job)
    t0 = time.process_time()
    for _ in range(repeat):
        job()
    return (time.process_time() - t0) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(1)
    record = RecordFile("bench", matches=[generate_match(rng, target=15, index=i + 1) for i in range(args.matches)])
    print(f"{'form':12} {'chars':>9} {'check µs':>9} {'validate ms':>12} {'share':>7}")
    for form, lang in ((Form.SYMBOLS, "en"), (Form.TEXT, "hu"), (Form.TEXT, "en")):
        text = format_record(record, form=form, lang=lang)
        checks, validations = [], []
        for _ in range(args.runs):
            checks.append(cpu(lambda t=text: has_odd(t), 50))
            validations.append(cpu(lambda t=text: validate_text(t), 1))
        share = statistics.median(c / v for c, v in zip(checks, validations, strict=True))
        print(
            f"{form.value + '/' + lang:12} {len(text):9,} {statistics.median(checks) * 1e6:9.0f} "
            f"{statistics.median(validations) * 1e3:12.1f} {share:7.2%}"
        )


if __name__ == "__main__":
    main()
