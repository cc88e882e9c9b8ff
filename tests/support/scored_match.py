"""The match the scorers' tests (the terminal's, the recording page's) play through:
a Standard match of random choices, pushes preferred, so that a push with its
back-entry and forfeits come up."""

from __future__ import annotations

import random

from kamisado_notation import Fill, Move, Recorder


def the_match(seed: int = 17) -> list[Move | Fill]:
    """The choices of the match, in order: a move, or the fill between rounds."""
    rng, rec, choices = random.Random(seed), Recorder("Standard"), []
    while not rec.over:
        if rec.needs_fill:
            how = rng.choice([Fill.LEFT, Fill.RIGHT])
            rec.fill(how)
            choices.append(how)
            continue
        moves = rec.legal_moves()
        pushes = [m for m in moves if m.push]
        move = rng.choice(pushes) if pushes else rng.choice(moves)
        rec.play(move)
        choices.append(move)
    return choices
