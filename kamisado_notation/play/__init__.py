"""Playing matches: the :class:`~.recorder.Recorder` that writes a match as it is played,
random legal matches for demos, tests and benchmarks, the engine protocol, the toolkit's
own engine and the arena that referees engines.

It may import everything below the drawing: the values, :mod:`kamisado_notation.io`,
:mod:`kamisado_notation.engine`, :mod:`kamisado_notation.notation` and
:mod:`kamisado_notation.checking`. Modules: :mod:`.recorder` (a match written move by
move, over :mod:`.played`, what it holds, and :mod:`.record_layout`, its record), :mod:`.generate` (random legal matches, written through the recorder),
:mod:`.search` (the built-in engine's search and evaluation), :mod:`.protocol` (the
engine protocol's lines as values, both ends'), :mod:`.builtin` (the built-in engine on
the protocol), :mod:`.process` (an engine as a process: the handshake, its answers read
with deadlines), :mod:`.client` (``EngineClient``), :mod:`.referee` (one match between
two engines, refereed), :mod:`.openings`, :mod:`.ratings` (Elo and the SPRT) and
:mod:`.arena` (tournaments).
"""
