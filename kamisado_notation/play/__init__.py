"""Playing matches: random legal matches for demos, tests and benchmarks.

It may import everything below the drawing: the values, :mod:`kamisado_notation.io`,
:mod:`kamisado_notation.engine`, :mod:`kamisado_notation.notation` and
:mod:`kamisado_notation.checking`. Modules: :mod:`.generate` (random legal matches).
"""
