"""The table of the slips of a row or a round, written from their registry: what
docs/slips.md shows between its markers (``python3 docs/make_slip_table.py`` writes it
there, and a test fails where the page differs)."""

from __future__ import annotations

from .hypotheses import Place, recognisers

__all__ = ["BEGIN", "END", "slip_table"]

#: the markers of docs/slips.md between which the table stands
BEGIN = "<!-- the slips' table, written from the registry: python3 docs/make_slip_table.py -->"
END = "<!-- end of the slips' table -->"


def slip_table() -> str:
    """Every registered slip as a row of a Markdown table, in order of precedence."""
    rows = ["| precedence | kind | what | rule | severity | may start at | why in this order |", "|---|---|---|---|---|---|---|"]
    for r in recognisers():
        where = ", ".join(p.value for p in Place if p in r.starts)
        rows.append(f"| {r.precedence} | `{r.kind.value}` | {r.what} | `{r.rule}` | {r.severity.value} | {where} | {r.why} |")
    return "\n".join(rows)
