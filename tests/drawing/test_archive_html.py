"""The page's view of an archive (:mod:`kamisado_notation.drawing.archive_html`): what its
opening tree keeps of the matches it counts."""

from __future__ import annotations

from collections.abc import Iterator

from kamisado_notation import read_record, replay_match
from kamisado_notation.checking.statistics import OpeningNode
from kamisado_notation.drawing.archive_html import ArchiveSections
from tests.support.paths import SAMPLES


def _lines(node: OpeningNode) -> Iterator[OpeningNode]:
    for child in node.children.values():
        yield child
        yield from _lines(child)


def test_the_opening_tree_keeps_the_links_it_shows_not_every_match() -> None:
    """A line of the tree shows links to twelve of its matches and says how many more:
    it keeps those twelve numbers and a count, however many matches played it (it kept
    every number of every round: a page of 40,000 matches held them all)."""
    replay = replay_match(read_record(SAMPLES / "standard-match.kmr").matches[0])
    sections = ArchiveSections()
    for number in range(1, 41):  # (the same match forty times: every line played by all)
        sections.add(number, replay)
    lines = [line for root in sections.stats.openings.values() for line in _lines(root)]
    assert lines and all(line.place_count == 40 for line in lines)
    assert all(line.places == list(range(1, 13)) for line in lines)
    assert sum(len(line.places) for line in lines) == 12 * len(lines)
    page = "".join(sections.html())
    assert page.count("… 28 more") == len(lines)
    assert '<a href="#m12" aria-label="match 12">12</a> … 28 more' in page


def test_merged_counts_keep_the_first_places_and_count_them_all() -> None:
    """Counts of other matches merged in (the workers' counts) keep the places the tree
    keeps: the first ones, in order, and the count of them all."""
    replay = replay_match(read_record(SAMPLES / "standard-match.kmr").matches[0])
    first, second = ArchiveSections(), ArchiveSections()
    for number in range(1, 9):
        first.add(number, replay)
    for number in range(9, 21):
        second.add(number, replay)
    first.stats.merge(second.stats)
    lines = [line for root in first.stats.openings.values() for line in _lines(root)]
    assert lines and all(line.place_count == 20 and line.places == list(range(1, 13)) for line in lines)
