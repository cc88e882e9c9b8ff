"""The web page's view of an archive (``kamisado html`` of a folder): the players' table
and the opening tree of :class:`~kamisado_notation.checking.statistics.Statistics`, each
line of the tree a row whose matches are links to them on the page. The page hands it
each match as it draws it (:meth:`ArchiveSections.add`), with the match's number on the
page; only the counts are kept (and, for each line of the tree, how many matches
played it and the numbers of the first twelve, the links it shows)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape
from itertools import groupby
from operator import attrgetter

from ..checking.replayed import MatchReplay
from ..checking.statistics import OpeningRow, Statistics
from .archive_tables import percent, root_title

__all__ = ["TREE_DEPTH", "ArchiveSections"]

#: The plies of the page's opening tree.
TREE_DEPTH = 3
#: A line of the tree shows links to this many of its matches at most.
_LINKS = 12


class ArchiveSections:
    """The players' table and the opening tree of the matches of a page."""

    def __init__(self) -> None:
        self.stats = Statistics(depth=TREE_DEPTH, keep_places=_LINKS)

    def add(self, number: int, replay: MatchReplay) -> None:
        """Count match ``number`` of the page."""
        self.stats.add(replay, number)

    def html(self) -> Iterator[str]:
        """The two sections, a line of the tree at a time (nothing for a page of fewer
        than two valid matches)."""
        stats = self.stats
        if stats.matches < 2:
            return
        min_games = 1 if stats.matches < 20 else 2
        yield _players_html(stats) + "\n"
        yield from _tree_html(stats.opening_rows(min_games=min_games), min_games)


def _players_html(stats: Statistics) -> str:
    head = ("name", "matches", "won", "points", "rounds won as Black", "as Gold", "Sumo wins", "forfeits forced", "mean round")
    rows = "".join(
        f'<tr><th scope="row">{escape(p.name)}</th>'
        + "".join(f"<td>{v}</td>" for v in (p.matches, p.won, p.points, p.rounds_won_black, p.rounds_won_gold, p.sumo_wins, p.forfeits_forced))
        + f"<td>{p.mean_round_length:.1f}</td></tr>"
        for p in stats.players
    )
    left = f" ({stats.invalid} with errors left out)" if stats.invalid else ""
    return (
        f'<section class="standings archive-players" aria-label="Players"><h2>Players</h2>'
        f'<p class="note">{stats.matches} valid matches counted{left}.</p>'
        f'<div class="scroll"><table><thead><tr>{"".join(f"<th scope=col>{escape(h)}</th>" for h in head)}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div></section>"
    )


def _tree_html(rows: Iterable[OpeningRow], min_games: int) -> Iterator[str]:
    """The opening tree, a table a start (the first open), a line at a time (the rows
    of a start come one after another: :meth:`~kamisado_notation.checking.statistics.Statistics.opening_rows`)."""
    pruned = f"; lines played at least {min_games} times" if min_games > 1 else ""
    yield (
        f'<section class="standings openings" aria-label="Openings"><h2>Openings</h2><p class="note">Each round\'s first '
        f"{TREE_DEPTH} plies from its start; how the rounds that began so ended, and the score of the side that "
        f"played the line's last move (a round won 1, unfinished ½){pruned}. Each number is a link to its match.</p>"
    )
    for k, (root, lines) in enumerate(groupby(rows, key=attrgetter("root"))):
        opened = " open" if k == 0 else ""
        yield (
            f"<details{opened}><summary>{escape(root_title(root))}</summary><div class=\"scroll\"><table><thead><tr>"
            "<th scope=col>line</th><th scope=col>rounds</th><th scope=col>Black won</th><th scope=col>unfinished</th>"
            "<th scope=col>Gold won</th><th scope=col>score</th><th scope=col>matches</th></tr></thead><tbody>"
        )
        yield from (_line_html(row) for row in lines)
        yield "</tbody></table></div></details>"
    yield "</section>"


def _line_html(row: OpeningRow) -> str:
    n = row.node
    links = " ".join(f'<a href="#m{i}" aria-label="match {i}">{i}</a>' for i in n.places)
    more = f" … {n.place_count - len(n.places)} more" if n.place_count > len(n.places) else ""
    depth = len(row.moves) - 1
    line = f"{len(row.moves)}. {escape(row.moves[-1])}"
    return (
        f'<tr><th scope="row" style="padding-left:{0.5 + 1.2 * depth:.1f}rem">{line}</th><td>{n.played}</td>'
        f"<td>{percent(n.black, n.played)}</td><td>{percent(n.unfinished, n.played)}</td><td>{percent(n.gold, n.played)}</td>"
        f'<td>{100 * n.score:.0f}%</td><td class="links">{links}{more}</td></tr>'
    )
