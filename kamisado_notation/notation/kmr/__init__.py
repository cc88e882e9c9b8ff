"""The ``.kmr`` text (docs/notation.md): its lines read into the record model.

:mod:`.reader` is the entrance; :mod:`.line_reader` reads each line, by the whole-line
:mod:`.fast_paths` where it can and the grammar's :mod:`.general_path` where it must, and
:mod:`.assembly` builds the matches from the events it gives.
"""
