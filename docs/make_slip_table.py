"""Write the table of the slips of a row or a round into docs/slips.md, from their registry.

Run from anywhere: ``python3 docs/make_slip_table.py``. The table stands between the
page's two markers; what is outside them is left as it is. ``--check`` writes nothing
and exits 1 where the page differs from the registry (tests/checking/slips/test_registry.py
checks the same).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kamisado_notation.checking.slips.table import BEGIN, END, slip_table

PAGE = ROOT / "docs" / "slips.md"


def with_table(page: str) -> str:
    """``page`` with the registry's table between its markers."""
    head, _, rest = page.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{slip_table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    written = with_table(page)
    if "--check" in argv:
        return int(written != page)
    PAGE.write_text(written, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
