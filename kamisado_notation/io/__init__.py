"""Input and output helpers that know nothing of Kamisado: the one safe writer of output
files and work shared out to worker processes.

It imports only the values at the package's top (:mod:`kamisado_notation.errors`,
:mod:`kamisado_notation.display`). Modules: :mod:`.output` (never onto an input, atomic
replacement, closed pipes and full disks), :mod:`.parallel` (worker processes that keep
every result whatever happens to a worker).
"""
