"""Where the tests find the repository's files, wherever a test module stands under
``tests/``: the repository's root (the tests run the package and its commands from it),
its sample records, the other programs' files kept as fixtures, and the docs."""

from __future__ import annotations

from pathlib import Path

#: The repository's root.
ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
FIXTURES = ROOT / "tests" / "fixtures"
DOCS = ROOT / "docs"
