"""Vector diagrams (kamisado_notation.drawing.svg), parsed back as XML.

The board's colours are checked against the docs/notation.md §1 grid written out again here (not
taken from the code); towers, marks and labels against the engine and the rulebook's
examples; and the drawing against what "self-contained" means: no scripts, no
stylesheets that import, no address outside the document.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.drawing import svg
from kamisado_notation.engine.board import Side, parse_square, square_name
from kamisado_notation.engine.match import Fill, fill_order
from kamisado_notation.engine.position import Position
from kamisado_notation.notation import read_record
from tests.support.diagrams import SPEC_GRID  # docs/notation.md §1, written out once for the tests
from tests.support.paths import ROOT

NS = "{http://www.w3.org/2000/svg}"

ROWS = [row.split() for row in SPEC_GRID.strip().splitlines()]
PUSHES = "obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P"
DEADLOCK = "o.pkyr../....R.../N......./......g./......../..n...../.......b/.G.YKPBO b B"
FIGURE_7 = "..y.Prg./......G./k..Y..../R..o.K.n/..O...../.b....../.......p/.N..B... b -"


def looks_like(colour: str, hexcode: str) -> bool:
    """A coarse check that a fill is the colour it is named: which channel leads."""
    r, g, b = (int(hexcode[i : i + 2], 16) for i in (1, 3, 5))
    return {
        "brown": r > g > b and r + g + b < 400,
        "green": g > r and g > b,
        "red": r > 2 * g and r > 2 * b,
        "yellow": r > 200 and g > 180 and b < 100,
        "pink": r > 200 and b > g > 100,
        "purple": b > r > g,
        "blue": b > r and b > g and r < 100,
        "orange": r > 200 and 100 < g < 180 and b < 80,
    }[colour]


def spec_colour(name: str) -> str:
    return ROWS[8 - int(name[1])]["abcdefgh".index(name[0])].lower()


def parse(document: str) -> ET.Element:
    root = ET.fromstring(document)
    assert root.tag == NS + "svg"
    return root


def classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


def having(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def squares(root: ET.Element) -> dict[str, ET.Element]:
    """``{"a8": rect}`` of every square drawn."""
    found = {}
    for rect in having(root, "square"):
        name = classes(rect)[2]
        assert name not in found
        found[name] = rect
    return found


def centre(el: ET.Element) -> tuple[float, float]:
    return float(el.get("x")) + float(el.get("width")) / 2, float(el.get("y")) + float(el.get("height")) / 2


def self_contained(document: str) -> None:
    root = parse(document)
    assert "<script" not in document.lower() and "@import" not in document
    assert "url(" not in document
    for el in root.iter():
        assert el.tag.split("}")[-1] not in ("script", "image", "foreignObject", "style", "use")
        for key, value in el.attrib.items():
            assert not key.endswith("href"), key
            assert "http" not in value, (key, value)
    assert document.count("http") == 1  # the namespace, and nothing else


# ----------------------------------------------------------------------- the board


@pytest.mark.parametrize("flip", [False, True])
def test_64_squares_in_the_board_colours_of_spec_1(flip: bool) -> None:
    root = parse(svg.board(Position.initial(), flip=flip))
    found = squares(root)
    assert len(found) == 64
    fills: dict[str, set[str]] = {}
    for name, rect in found.items():
        colour = classes(rect)[1]
        assert colour == spec_colour(name), name
        assert looks_like(colour, rect.get("fill")), (name, colour, rect.get("fill"))
        fills.setdefault(colour, set()).add(rect.get("fill"))
    assert all(len(f) == 1 for f in fills.values()) and len({f.pop() for f in fills.values()}) == 8
    # Rank 8 at the top (Gold's view); Black's view puts a1 top left.
    a8, h1, a1 = (centre(found[n]) for n in ("a8", "h1", "a1"))
    if flip:
        assert a1[1] < a8[1] and h1[0] < a1[0]
    else:
        assert a8[1] < a1[1] and a1[0] < h1[0] and a8[0] == a1[0]


def test_one_disc_per_tower_in_its_colour_on_its_sides_body() -> None:
    pos = Position.from_string(PUSHES)
    root = parse(svg.board(pos))
    fill_of = {classes(r)[1]: r.get("fill") for r in having(root, "square")}
    towers = having(root, "tower")
    assert len(towers) == len(pos.towers())
    bodies = {}
    for g in towers:
        side, colour, name = classes(g)[1:4]
        t = pos.tower_at(parse_square(name))
        assert (side, colour) == (t.side.name.lower(), t.colour.name.lower())
        (top,) = having(g, "top")
        assert top.get("fill") == fill_of[colour]  # the tower's own colour
        bodies.setdefault(side, set()).add(having(g, "body")[0].get("fill"))
        assert len(having(g, "ring")) == t.rings == int(g.get("data-rings"))
        (letter,) = having(g, "letter")
        assert letter.text == t.colour.letter
        # the disc stands on its square
        x, y = (float(v) for v in g.get("transform")[len("translate(") : -1].split(","))
        assert (x, y) == centre(squares(root)[name])
    assert len(bodies["black"]) == len(bodies["gold"]) == 1 and bodies["black"] != bodies["gold"]


def test_the_last_move_is_an_arrow_and_a_push_marks_the_pushed_towers() -> None:
    pos = Position.from_string(PUSHES)
    push = next(m for m in pos.legal_moves() if m.push)
    pos.play(push)
    root = parse(svg.board(pos, last_move=push))
    (arrow,) = having(root, "last-move")
    assert classes(arrow)[1:] == ["d3", "d4"]
    assert [classes(o)[1] for o in having(root, "origin")] == ["d3"]
    assert sorted(classes(p)[1] for p in having(root, "pushed")) == ["d5", "d6", "d7"]
    # Gold moves again, with the green tower (S3): ringed as the tower to move.
    assert [classes(g)[1] for g in having(root, "to-move")] == [square_name(pos.square_of(Side.GOLD, pos.tower))]
    text = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert "a Sumo push of 3 towers" in text and "Gold to move: the green tower on b1 (T2)." in text


def test_a_deadlock_marks_its_blocked_towers_and_nobody_to_move() -> None:
    root = parse(svg.board(Position.from_string(DEADLOCK)))
    assert sorted(classes(g)[1] for g in having(root, "blocked")) == ["e7", "h2"]
    assert having(root, "to-move") == []
    text = " ".join(t.text or "" for t in having(root, "caption"))
    assert "Deadlock (M8)" in text and "to move" not in text


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_moves_mark_every_reachable_square_and_every_push(seed: int, plies: int) -> None:
    import random

    rng = random.Random(seed)
    pos = Position.initial()
    for _ in range(plies):
        if pos.winner is not None or pos.deadlock() is not None:
            break
        legal = pos.legal_moves()
        pos.play(rng.choice(legal) if legal else pos.forfeit_move())
    legal = pos.legal_moves()
    root = parse(svg.moves(pos))
    assert {classes(el)[1] for el in having(root, "reachable")} == {square_name(m.target) for m in legal}
    assert {classes(el)[1] for el in having(root, "pushed")} == {square_name(sq) for m in legal for sq in m.push}
    assert having(root, "title")[0].text.startswith(f"{len(legal)} legal move")


def test_square_codes_or_glyphs_on_request() -> None:
    pos = Position.initial()
    assert having(parse(svg.board(pos)), "square-text") == []
    codes = {"brown": "Br", "green": "Gr", "red": "Re", "yellow": "Ye", "pink": "Pi", "purple": "Pu", "blue": "Bl", "orange": "Or"}
    glyphs = {"brown": "棕", "green": "綠", "red": "紅", "yellow": "黃", "pink": "粉", "purple": "紫", "blue": "藍", "orange": "橙"}
    for kind, words in (("codes", codes), ("glyphs", glyphs)):
        root = parse(svg.board(pos, square_text=kind))
        texts = having(root, "square-text")
        assert len(texts) == 64
        # each word sits in the corner of its own square
        for rect, text in zip(having(root, "square"), texts, strict=True):
            assert text.text == words[classes(rect)[1]]
            assert 0 < float(text.get("x")) - float(rect.get("x")) < 10


def test_size_coordinates_and_escaping() -> None:
    pos = Position.initial()
    root = parse(svg.board(pos, size=300, title="<Kamisado & co>"))
    assert root.get("width") == "300"
    w, h = (float(v) for v in root.get("viewBox").split()[2:])
    assert float(root.get("height")) == pytest.approx(300 * h / w, abs=0.01)
    assert root.find(NS + "title").text == "<Kamisado & co>"
    coords = [t.text for t in having(root, "coord")]
    assert sorted(set(coords)) == sorted("abcdefgh12345678")
    assert having(parse(svg.board(pos, coordinates=False)), "coord") == []


def test_every_drawing_is_self_contained() -> None:
    pos = Position.from_string(PUSHES)
    push = next(m for m in pos.legal_moves() if m.push)
    ended = Position.from_string(DEADLOCK)
    for document in (
        svg.board(Position.initial(), square_text="glyphs"),
        svg.moves(pos),
        svg.board(ended),
        svg.lineup(Position.from_string(FIGURE_7), Fill.LEFT, round_number=2),
    ):
        self_contained(document)
    pos.play(push)
    self_contained(svg.board(pos, last_move=push, title='"quotes" & <tags>'))


# ------------------------------------------------------------------------ lineups


def test_lineup_numbers_the_fill_order_and_says_which_round() -> None:
    pos = Position.from_string(FIGURE_7)
    root = parse(svg.lineup(pos, Fill.LEFT, round_number=2))
    titles = [t.text for t in having(root, "title")]
    assert titles == ["Round 2: fill from the left (F3)", "Round 2 starts"]
    assert len(squares_of_panels(root)) == 2
    labels = {classes(g)[1]: "".join(g.itertext()) for g in having(root, "label")}
    gold = {"b1": "1", "e1": "2", "c4": "3", "a5": "4", "f5": "5", "d6": "6", "g7": "7", "e8": "8"}
    black = {"g8": "1", "f8": "2", "c8": "3", "a6": "4", "h5": "5", "d5": "6", "b3": "7", "h2": "8"}
    assert labels == {**gold, **black}
    # the same numbers as the engine's fill order (F3), Gold's purple taking its ring first
    from kamisado_notation.notation.export import with_ring

    ended = with_ring(pos)
    for side in Side:
        for n, t in enumerate(fill_order(ended, side, Fill.LEFT), 1):
            assert labels[square_name(ended.square_of(side, t.colour))] == str(n)
    captions = " ".join(t.text or "" for t in having(root, "caption"))
    assert "Gold, from his left: Brown Blue Orange Red Pink Yellow Green Purple+" in captions
    # the next round's start: Gold's purple Sumo on h1, with its ring
    h1 = next(g for g in having(root, "tower") if classes(g)[3] == "h1" and float(g.get("transform")[10:].split(",")[0]) > 600)
    assert classes(h1)[1:3] == ["gold", "purple"] and h1.get("data-rings") == "1"


def squares_of_panels(root: ET.Element) -> list[dict[str, ET.Element]]:
    """The boards of a drawing of several, left to right."""
    panels: list[dict[str, ET.Element]] = []
    for rect in having(root, "square"):
        if not panels or classes(rect)[2] in panels[-1]:
            panels.append({})
        panels[-1][classes(rect)[2]] = rect
    return panels


# --------------------------------------------------------------------- notebooks


def test_positions_and_rounds_draw_themselves_once_svg_is_imported() -> None:
    document = Position.initial()._repr_svg_()
    assert document is not None and len(squares(parse(document))) == 64
    mr = replay_match(read_record(str(ROOT / "samples" / "pushes.kmr")).matches[1])
    drawn = parse(mr.rounds[0]._repr_svg_())
    assert having(drawn, "title")[0].text == f"Round 1, after ply {len(mr.rounds[0].plies)} of {len(mr.rounds[0].plies)}"
    assert having(drawn, "last-move")
    assert svg.board(Position.initial())._repr_svg_().startswith("<svg")


def _python(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)}, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_domain_never_imports_the_drawing() -> None:
    out = _python(
        "import sys\n"
        "import kamisado_notation\n"
        "from kamisado_notation.engine import board, position, match\n"
        "from kamisado_notation.checking import replay\n"
        "from kamisado_notation.engine.position import Position\n"
        "print('kamisado_notation.drawing.svg' in sys.modules, Position.initial()._repr_svg_())\n"
    )
    assert out == "False None"


def test_in_a_notebook_the_package_installs_the_drawing() -> None:
    out = _python(
        "import sys, types\n"
        "sys.modules['IPython'] = types.ModuleType('IPython')\n"
        "import kamisado_notation\n"
        "from kamisado_notation.engine.position import Position\n"
        "print('kamisado_notation.drawing.svg' in sys.modules, Position.initial()._repr_svg_()[:4])\n"
    )
    assert out == "True <svg"


@pytest.mark.parametrize("picture", sorted((ROOT / "docs").glob("*.svg")), ids=lambda p: p.name)
def test_the_gallery_pictures_are_self_contained_vector_boards(picture: Path) -> None:
    document = picture.read_text(encoding="utf-8")
    self_contained(document)
    assert len(squares_of_panels(parse(document))[0]) == 64
