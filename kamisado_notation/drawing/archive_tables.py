"""An archive's counts (:class:`~kamisado_notation.checking.statistics.Statistics`) as rich
tables for a terminal: the players, the match lengths, how rounds end, and the opening
tree (each root a table, each line indented by its depth), as ``kamisado stats`` prints
them. Names are escaped: a name is never read as markup."""

from __future__ import annotations

from collections.abc import Iterator

from rich.markup import escape
from rich.table import Table

from ..checking.statistics import OpeningRow, Statistics
from ..display import printable
from ..engine.position import Position
from .words import counted as counted_as

__all__ = ["percent", "root_title", "tables"]

_INITIAL = Position.initial().to_string()


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a whole percentage (``"—"`` of nothing).

    >>> percent(1, 3), percent(0, 0)
    ('33%', '—')
    """
    return f"{round(100 * part / whole)}%" if whole else "—"


def root_title(root: str) -> str:
    """What an opening tree's root is called: round 1 from the initial position, or a
    later round (or a set start) by its position string."""
    return "the initial position (round 1)" if root == _INITIAL else f"from {root}"


def tables(counted: Statistics, *, min_games: int = 1) -> Iterator[Table]:
    """The tables, in the order ``kamisado stats`` prints them."""
    yield _players(counted)
    yield _lengths(counted)
    yield _endings(counted)
    rows = list(counted.opening_rows(min_games=min_games))
    roots = list(dict.fromkeys(row.root for row in rows))
    for root in roots:
        yield _tree(root, [row for row in rows if row.root == root], counted.depth, min_games)


def _players(counted: Statistics) -> Table:
    left = f", {counted.invalid} with errors left out" if counted.invalid else ""
    table = Table(title=f"Players ({counted_as(counted.matches, 'match', 'matches')} counted{left})", title_justify="left")
    table.add_column("name", no_wrap=True)
    for name in ("matches", "won", "points", "rounds won as Black", "as Gold", "Sumo wins", "forfeits forced", "mean round"):
        table.add_column(name, justify="right")
    for p in counted.players:
        table.add_row(
            escape(printable(p.name)), str(p.matches), str(p.won), str(p.points), str(p.rounds_won_black),
            str(p.rounds_won_gold), str(p.sumo_wins), str(p.forfeits_forced), f"{p.mean_round_length:.1f}",
        )  # fmt: skip
    return table


def _lengths(counted: Statistics) -> Table:
    table = Table(title="Match lengths", title_justify="left")
    for name in ("length", "matches", "rounds", "mean rounds", "mean round plies"):
        table.add_column(name, justify="left" if name == "length" else "right")
    for row in counted.lengths:
        table.add_row(
            row.length, str(row.matches), str(row.rounds), f"{row.rounds / row.matches:.1f}" if row.matches else "—",
            f"{row.plies / row.rounds:.1f}" if row.rounds else "—",
        )  # fmt: skip
    return table


def _endings(counted: Statistics) -> Table:
    table = Table(title="How rounds end", title_justify="left")
    table.add_column("by")
    table.add_column("rounds", justify="right")
    table.add_column("share", justify="right")
    total = sum(counted.endings.values())
    for how, n in counted.endings.items():
        table.add_row(how, str(n), percent(n, total))
    return table


def _tree(root: str, rows: list[OpeningRow], depth: int, min_games: int) -> Table:
    pruned = f", lines played at least {min_games} times" if min_games > 1 else ""
    table = Table(title=f"Openings {escape(root_title(root))} (to {depth} plies{pruned})", title_justify="left")
    table.add_column("line")
    table.add_column("rounds", justify="right")
    table.add_column("Black won", justify="right")
    table.add_column("unfinished", justify="right")
    table.add_column("Gold won", justify="right")
    table.add_column("mover's score", justify="right")
    for row in rows:
        n = row.node
        indent = "  " * (len(row.moves) - 1)
        table.add_row(
            f"{indent}{len(row.moves)}. {escape(row.moves[-1])}", str(n.played), percent(n.black, n.played),
            percent(n.unfinished, n.played), percent(n.gold, n.played), f"{100 * n.score:.0f}%",
        )  # fmt: skip
    return table
