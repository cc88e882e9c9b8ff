"""The rules engine: the board, positions and the rules of a round, match flow (fills,
rings, scores) and perft.

Nothing in this subpackage knows text: it imports only the values at the package's top
(:mod:`kamisado_notation.errors`, :mod:`kamisado_notation.enums`,
:mod:`kamisado_notation.wiring`). Modules, bottom up: :mod:`.board` (colours, sides,
directions, squares), :mod:`.text_doors` (the doors to text, installed from above),
:mod:`.moves` (towers, moves, a move as a record writes it), :mod:`.tables` (the paths,
the shared moves, the undo stack's entries), :mod:`.rules` (the rules core,
:class:`~.rules.BasePosition`: legal moves, forfeits, deadlock, playing and undoing),
:mod:`.resolving` (a move from its parts, or the rule it breaks), :mod:`.fast_path`
(moves as written, played in a run: the replay's hot loop), :mod:`.position_string`,
:mod:`.position` (:class:`~.position.Position`, all of it as the library offers it),
:mod:`.match` (rounds, rings, points, fills), :mod:`.perft` (counting the move tree).

:meth:`Position.parse_move <.position.Position.parse_move>`, :meth:`Position.play_text
<.position.Position.play_text>` and :meth:`Move.text <.moves.Move.text>` take or give
text: they go through doors (:class:`.position.TextDoors`) that
:mod:`kamisado_notation.checking.moves` installs, loaded on first use by what the
package's façade set in :mod:`kamisado_notation.wiring` — the engine names nothing above it.
"""
