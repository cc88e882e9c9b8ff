"""The package's layers, as the code imports them: no import cycle anywhere (function
bodies included), and no module imports from a layer above its own. Every module must
be given a layer here, so a new module is placed on purpose."""

from __future__ import annotations

import ast
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

import kamisado_notation

PACKAGE = Path(kamisado_notation.__file__).parent
NAME = "kamisado_notation"

#: The layers, bottom up: a module imports only from its own layer or those below. The
#: values are the package's top-level modules; every other layer is a subpackage.
LAYERS: list[tuple[str, set[str]]] = [
    ("values", {"enums", "errors", "diagnostics", "display", "numbers", "wiring"}),
    ("io", {"io"}),  # the safe writer, worker processes: nothing of Kamisado
    ("engine", {"engine"}),  # board, position, match, perft: nothing of text
    ("notation", {"notation"}),  # text and JSON in and out; JSON views of engine objects
    ("checking", {"checking"}),  # replay, corrections, validate, fix, conversion
    ("play", {"play"}),  # matches played: recorded, generated, searched, refereed
    ("drawing", {"drawing"}),  # terminal, SVG and the web page
    ("cli", {"cli"}),
]


def layer_of(module: str) -> int:
    """The layer of ``kamisado_notation.x.y`` by its first part ``x``."""
    first = module.split(".")[1]
    for rank, (_name, members) in enumerate(LAYERS):
        if first in members:
            return rank
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__file__}")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    """Whether ``kamisado_notation.x.y`` is a module or subpackage of the package's tree."""
    sub = PACKAGE.parent / Path(*name.split("."))
    return (sub / "__init__.py").exists() or sub.with_suffix(".py").exists()


def named_modules(node: ast.AST, package: str) -> set[str]:
    """The package modules a node names as a string: an ``import_module`` or
    ``__import__`` call (a relative name resolved against ``package``), or any string
    that is a module's dotted name. A name built at run time cannot be read: a call with
    one is refused outright (``test_no_module_is_loaded_by_a_name_built_at_run_time``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(NAME + "."):
        return {node.value} if is_module(node.value) else set()
    if isinstance(node, ast.Call) and dynamic_loader(node) and node.args and isinstance(node.args[0], ast.Constant):
        name = str(node.args[0].value)
        if len(node.args) > 1 and isinstance(node.args[1], ast.Constant):  # (name, package)
            package = str(node.args[1].value)
        if name.startswith("."):
            level = len(name) - len(name.lstrip("."))
            base = package.split(".")
            name = ".".join([*base[: len(base) - (level - 1)], name.lstrip(".")])
        return {name} if name.startswith(NAME) else set()
    return set()


def dynamic_loader(node: ast.Call) -> bool:
    func = node.func
    return (isinstance(func, ast.Name) and func.id in ("import_module", "__import__")) or (
        isinstance(func, ast.Attribute) and func.attr in ("import_module", "__import__")
    )


def imports(path: Path) -> set[str]:
    """The package modules ``path`` imports, anywhere in it (function bodies and
    ``TYPE_CHECKING`` blocks too), by an import statement, an ``import_module`` or
    ``__import__`` call or a module's name written as a string."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        found |= named_modules(node, package)
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(NAME))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if not target.startswith(NAME):
                continue
            for alias in node.names:  # `from . import notation` names a module
                candidate = f"{target}.{alias.name}"
                sub = PACKAGE.parent / Path(*candidate.split("."))
                found.add(candidate if sub.is_dir() or sub.with_suffix(".py").exists() else target)
    found.discard(here)
    return found


def graph() -> dict[str, set[str]]:
    """Module → the modules it imports, without the package's own ``__init__`` (the
    façade above every layer, which imports nothing at run time but names)."""
    edges = {module_name(p): imports(p) for p in PACKAGE.rglob("*.py")}
    del edges[NAME]
    for targets in edges.values():
        targets.discard(NAME)
    return edges


def test_no_module_is_loaded_by_a_name_built_at_run_time() -> None:
    """Outside the façade, every ``import_module``/``__import__`` names its module by a
    string written in the code, so that the graph sees every import."""
    built = [
        f"{module_name(p)}:{node.lineno}"
        for p in PACKAGE.rglob("*.py")
        if p != PACKAGE / "__init__.py"
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and dynamic_loader(node) and not (node.args and isinstance(node.args[0], ast.Constant))
    ]
    assert built == []


def test_the_graph_sees_string_imports() -> None:
    """The reader of imports itself: a module named to ``import_module`` or in a string
    is an import (an engine that loaded the checking layer so was a circle unseen)."""
    tree = ast.parse('import_module("kamisado_notation.checking.moves")\nx = "kamisado_notation.notation.writer"\n'
                     'importlib.import_module(".play", "kamisado_notation")\n__import__("..notation.grammar")\n'
                     'y = "kamisado_notation.no_such_module"\n')
    found = set().union(*(named_modules(node, f"{NAME}.engine") for node in ast.walk(tree)))
    assert found == {f"{NAME}.checking.moves", f"{NAME}.notation.writer", f"{NAME}.play", f"{NAME}.notation.grammar"}


def test_every_module_imports_only_its_own_layer_or_below() -> None:
    bad = [
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in graph().items()
        for target in targets
        if layer_of(target) > layer_of(module)
    ]
    assert bad == []


def test_the_engine_imports_nothing_of_notation_rendering_or_the_cli() -> None:
    domain = LAYERS[2][1]
    bad = [
        (module, target)
        for module, targets in graph().items()
        if module.split(".")[1] in domain
        for target in targets
        if target.split(".")[1] not in LAYERS[0][1] | domain
    ]
    assert bad == []


def test_the_top_level_holds_the_values_and_the_subpackages_the_layers() -> None:
    top = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert len(top) <= 6, top
    assert set(top) == LAYERS[0][1]
    subpackages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    assert subpackages == {name for _layer, members in LAYERS[1:] for name in members}


@pytest.mark.parametrize("layer", [name for name, _members in LAYERS[1:]])
def test_every_subpackage_says_what_it_may_import(layer: str) -> None:
    doc = ast.get_docstring(ast.parse((PACKAGE / layer / "__init__.py").read_text(encoding="utf-8")))
    assert doc, f"{layer}/__init__.py has no docstring"


def test_no_import_cycle() -> None:
    edges = graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        for target in sorted(edges.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(edges):
        visit(module, [])


#: The most lines a class may take (its decorators, docstring and methods): a class
#: larger than this does more than one thing.
MOST_LINES_A_CLASS = 400


def test_no_class_is_over_400_lines() -> None:
    sizes = {
        f"{path.relative_to(PACKAGE)}:{node.name}": node.end_lineno - node.lineno + 1
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.end_lineno is not None
    }
    assert sizes and max(sizes.values()) > 100  # (the count sees the classes)
    assert {name: n for name, n in sizes.items() if n > MOST_LINES_A_CLASS} == {}


def test_the_walker_sees_imports_in_function_bodies() -> None:
    # the graph is only as good as this: position.py's lazy imports would count too
    edges = graph()
    assert "kamisado_notation.notation.kmr.reader" in edges["kamisado_notation.notation.files.opening"]
    assert "kamisado_notation.checking.replay" in edges["kamisado_notation.cli.draw"]  # imported inside commands


def test_every_public_name_is_importable_and_listed() -> None:
    assert set(kamisado_notation.__all__) == {*kamisado_notation._EXPORTS, "__version__"}
    for name in kamisado_notation.__all__:
        assert getattr(kamisado_notation, name) is not None, name


def _lines_then_a_fault() -> Iterator[str]:
    yield "Round 1"
    yield "1. Pu L1 Pu  Ye R1 Ye"
    raise OSError("the disk went away")


@pytest.mark.parametrize("enabled", [True, False])
def test_the_library_leaves_the_garbage_collector_as_the_caller_had_it(enabled: bool, tmp_path: Path) -> None:
    from kamisado_notation import iter_matches, open_matches, parse_record, read_record, validate_file, validate_text

    sample = PACKAGE.parent / "samples" / "standard-match.kmr"
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        parse_record(sample.read_text(encoding="utf-8"))
        read_record(str(sample))
        validate_file(str(sample))
        validate_text("Round 1\n1. Purpel L1 Ye")
        stream = open_matches(str(PACKAGE.parent / "samples" / "club-night.kmr"))
        next(stream)  # interrupted: the caller stops reading part-way
        stream.close()
        assert gc.isenabled() is enabled
        with pytest.raises(OSError):  # a parse that raises part-way
            list(iter_matches(_lines_then_a_fault()))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
