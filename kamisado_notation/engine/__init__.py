"""The rules engine: the board, positions and the rules of a round, match flow (fills,
rings, scores) and perft.

Nothing in this subpackage knows text: it imports only the values at the package's top
(:mod:`kamisado_notation.errors`, :mod:`kamisado_notation.enums`,
:mod:`kamisado_notation.wiring`). Modules, bottom up:
:mod:`.board` (colours, sides, directions, squares), :mod:`.position` (towers, moves,
legality, Sumo pushes, forfeits, deadlock), :mod:`.match` (rounds, rings, points, fills),
:mod:`.perft` (counting the move tree).

:meth:`Position.parse_move <.position.Position.parse_move>`, :meth:`Position.play_text
<.position.Position.play_text>` and :meth:`Move.text <.position.Move.text>` take or give
text: they go through doors (:class:`.position.TextDoors`) that
:mod:`kamisado_notation.checking.moves` installs, loaded on first use by what the
package's façade set in :mod:`kamisado_notation.wiring` — the engine names nothing above it.
"""
