"""The package's own surface: every advertised name imports, and the README's library
calls work end to end on a bundled sample."""

from __future__ import annotations

from pathlib import Path

import pytest

import kamisado_notation as k
from kamisado_notation.checking.replay import replay_match
from tests.support.paths import SAMPLES


def test_every_exported_name_resolves_to_what_its_module_defines() -> None:
    for name, (module, attribute) in k._EXPORTS.items():
        mod = __import__(f"kamisado_notation.{module}", fromlist=[attribute])
        assert getattr(k, name) is getattr(mod, attribute), name


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        k.no_such_thing  # noqa: B018


def test_parse_replay_and_list_moves_from_the_package() -> None:
    record = k.read_record(str(SAMPLES / "standard-match.kmr"))
    match = replay_match(record.matches[0])
    assert match.valid
    assert match.status == "complete"
    # a Standard match ends when one side reaches 3 points
    assert max(match.score.values()) >= 3
    # the position at the end of the last round reads back from its string
    end = match.rounds[-1].position_at()
    assert k.Position.from_string(end.to_string()) == end
    # 102 opening moves from the initial position (rulebook figures 1(a)-(b))
    assert len(k.Position.initial().legal_moves()) == 102


def test_the_type_stub_is_generated_from_the_one_export_list() -> None:
    """``__init__.pyi`` is what a type checker sees of the lazily loaded names: it must be
    the stub :data:`_EXPORTS` makes (regenerate it with the command in its first lines)."""
    stub = Path(k.__file__).with_suffix(".pyi").read_text(encoding="utf-8")
    assert stub == k._type_stub()
    assert set(k.__all__) == {*k._EXPORTS, "__version__"}


def test_the_wheel_lists_every_subpackage() -> None:
    """``pyproject.toml`` names the packages the wheel holds one by one (the grammars are
    mapped in from the top): every folder of the package with an ``__init__.py`` is
    there, or an installed toolkit fails at its first import of it."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11's")
    root = Path(k.__file__).resolve().parent
    project = tomllib.loads((root.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(root.parent).parts) for p in root.rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
