"""Records judged by the rules: the replay of a record through the engine, corrections
from the notation's redundancy, validation (the fast verdict and the full replay), fixing,
and conversion between forms.

It may import the values, :mod:`kamisado_notation.io`, :mod:`kamisado_notation.engine` and
:mod:`kamisado_notation.notation`; nothing above it (no drawing, no command line).
Modules: :mod:`.replay` (judge every entry), :mod:`.correct` (the move a wrong entry stands
for), :mod:`.verdict` (validation straight on the position while nothing is wrong),
:mod:`.validate` (files to reports), :mod:`.fix` (certain corrections written into the
text), :mod:`.conversion` (a record in another form), :mod:`.distributed` (validation on a
Dask cluster), :mod:`.standings` (a tournament's standings and crosstable, from its
validated matches).
"""
