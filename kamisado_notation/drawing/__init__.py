"""Drawings of positions and matches: terminal diagrams (rich) and vector drawings (SVG).

It may import every layer below it (values, io, engine, notation, checking, play), never
the command line. Modules: :mod:`.render` (terminal diagrams and a match's summary
table), :mod:`.svg` (self-contained SVG boards), :mod:`.html` (one self-contained web page
of match records, its board put together from :mod:`.svg`'s pieces).
"""
