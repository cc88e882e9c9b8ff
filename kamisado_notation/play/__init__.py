"""Playing matches: the :class:`~.recorder.Recorder` that writes a match as it is played,
random legal matches for demos, tests and benchmarks, the engine protocol, the toolkit's
own engine and the arena that referees engines.

It may import everything below the drawing: the values, :mod:`kamisado_notation.io`,
:mod:`kamisado_notation.engine`, :mod:`kamisado_notation.notation` and
:mod:`kamisado_notation.checking`. Modules: :mod:`.recorder` (a match written move by
move), :mod:`.generate` (random legal matches, written through the recorder),
:mod:`.search` (the built-in engine's search and evaluation), :mod:`.protocol` (the
engine protocol, engine side), :mod:`.arena` (engines as processes, matches refereed).
"""
