"""Every module the package's docstrings and comments name (``:mod:`.name```, relative to
the module's own package, or absolute) exists: a module moved leaves no reader of the
code looking for it where it was."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import kamisado_notation

PACKAGE = Path(kamisado_notation.__file__).parent
_REFERENCE = re.compile(r":mod:`~?([\w.]+)`")


def _exists(source: Path, name: str) -> bool:
    if not name.startswith("."):
        if name.split(".")[0] == PACKAGE.name:
            return _exists_under(PACKAGE, name.split(".")[1:])
        return importlib.util.find_spec(name.split(".")[0]) is not None
    dots = len(name) - len(name.lstrip("."))
    base = source.parent
    for _ in range(dots - 1):
        base = base.parent
    return _exists_under(base, name.lstrip(".").split("."))


def _exists_under(base: Path, parts: list[str]) -> bool:
    target = base.joinpath(*parts)
    return target.with_suffix(".py").is_file() or (target / "__init__.py").is_file()


def test_every_module_named_exists() -> None:
    missing = [
        f"{source.relative_to(PACKAGE.parent)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(1)}"
        for source in sorted(PACKAGE.rglob("*.py"))
        for text in [source.read_text(encoding="utf-8")]
        for m in _REFERENCE.finditer(text)
        if not _exists(source, m.group(1))
    ]
    assert not missing, "modules named that do not exist:\n" + "\n".join(missing)

