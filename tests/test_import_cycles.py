"""No import cycles between the package's files, and imports go one way (docs/architecture.md, "Layers").

The graph is read from the source with ``ast``: every ``import`` and ``from ... import``, at module
level and inside functions (a function-level import is still a dependency, only a later one). Imports
under ``if TYPE_CHECKING:`` are left out: they never run (annotations only; the Game interface names
the Scenario it is given). An edge goes to the module named, or to the submodule when the name
imported is one (``from . import svg``); the package ``__init__`` a submodule import passes through is
not counted.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package's __init__) of every module of ``package`` under ``root``."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for statement in node.body for inner in ast.walk(statement)}
    return skipped


def _imported(name: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: dict[str, tuple[Path, bool]]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in known)
        return
    base = node.module or ""
    if node.level:
        here = name.split(".") if is_package else name.split(".")[:-1]
        here = here[: len(here) - (node.level - 1)]
        base = ".".join([*here, *([node.module] if node.module else [])])
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            yield f"{base}.{alias.name}"
        elif base in known:
            yield base


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in its body but under ``if TYPE_CHECKING``)."""
    known = modules(root, package)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        targets: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped:
                targets.update(_imported(name, is_package, node, known))
        graph[name] = targets - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def _shown(graph: dict[str, set[str]], component: list[str]) -> str:
    return "; ".join(f"{name} -> {', '.join(sorted(graph[name] & set(component)))}" for name in component)


@functools.cache
def package_graph() -> dict[str, set[str]]:
    return import_graph(ROOT, "enemy_move")


def test_the_package_has_no_import_cycle() -> None:
    graph = package_graph()
    assert len(graph) > 150  # every module was read
    assert [_shown(graph, component) for component in cycles(graph)] == []


def test_function_level_and_relative_imports_are_edges() -> None:
    graph = package_graph()
    assert "enemy_move.document.rooms" in graph["enemy_move.document.document"]  # inside a method: `from .rooms import make_room`
    assert "enemy_move.cli.shared" in graph["enemy_move.cli.check"]  # `from .shared import ...`
    assert "enemy_move.render.svg" in graph["enemy_move.cli"]  # `from ..render import svg`: the submodule
    assert "enemy_move.models" not in graph["enemy_move.game"]  # under `if TYPE_CHECKING:` only


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"}, [["p.a", "p.b"]]),
        (
            {"__init__.py": "def f():\n    from . import c\n", "c.py": "from . import d\n", "d.py": "from p import x\n"},
            [["p", "p.c", "p.d"]],
        ),
        ({"a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n", "b.py": "from .a import A\n"}, []),
        ({"a.py": "import p.b\n", "b.py": "x = 1\n"}, []),
    ],
)
def test_a_cycle_is_found_wherever_its_imports_are(tmp_path: Path, files: dict[str, str], expected: list[list[str]]) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "__init__.py").write_text("")
    for name, text in files.items():
        (tmp_path / "p" / name).write_text(text)
    assert cycles(import_graph(tmp_path, "p")) == expected


#: docs/architecture.md's layer drawing: a module imports from its own layer and the ones before it, never after.
#: The first part of a module's name below ``enemy_move`` decides (``games.<game>`` is the games' layer).
LAYERS: list[tuple[str, ...]] = [
    (
        "errors",
        "loader",
        "loader_events",
        "plain_yaml",
        "yaml_blocks",
        "yaml_text",
        "safe_text",
        "look",
        "wording",
        "flag_values",
        "output_paths",
        "_version",
    ),
    ("game", "registry", "games"),
    ("models",),
    ("geometry",),
    ("effects", "result", "choosing", "apply", "open_readings"),
    ("games.*",),
    ("phase", "why_not"),
    (
        "document",
        "answering",
        "checking",
        "comparing",
        "updating",
        "starters",
        "schema",
        "output_schema",
        "importing",
        "output_guard",
        "watch",
        "docs_pages",
    ),
    ("render",),
    ("api", "editor", "serve"),
    # dataclass_code: the start-up cache the entry point installs; its prepare() (make bytecode) imports every module.
    # terminal, check_command: what the commands share without typer, and `check`'s work (a plain check line skips typer).
    ("cli", "command", "__main__", "dataclass_code", "terminal", "check_command"),
]


def layer_of(module: str) -> int:
    """The layer of ``enemy_move.<part>...``; the package itself (its version and lazy API names) is in the last."""
    parts = module.split(".")[1:]
    if not parts:
        return len(LAYERS) - 1
    key = "games.*" if parts[0] == "games" and len(parts) > 1 else parts[0]
    found = [index for index, names in enumerate(LAYERS) if key in names]
    assert found, f"{module}: in no layer of LAYERS (add it where docs/architecture.md draws it)"
    return found[0]


def test_no_module_imports_from_a_later_layer() -> None:
    graph = package_graph()
    upward = [
        f"{name} -> {target}" for name, targets in sorted(graph.items()) for target in sorted(targets) if layer_of(target) > layer_of(name)
    ]
    assert upward == []


def test_the_layer_check_sees_an_upward_import() -> None:
    assert layer_of("enemy_move.result") < layer_of("enemy_move.render.svg") < layer_of("enemy_move.cli.shared")
    assert layer_of("enemy_move.games.toy.play") > layer_of("enemy_move.games") == layer_of("enemy_move.registry")


def private_imports(root: Path, package: str) -> list[str]:
    """Every ``from M import _name`` in ``package``: a module reaching into another's private names."""
    found = []
    for path, _ in modules(root, package).values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                found += [
                    f"{path.relative_to(root)}:{node.lineno}: {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports(ROOT, "enemy_move") == []


def test_a_private_import_is_found(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "__init__.py").write_text("")
    (tmp_path / "p" / "a.py").write_text("def f():\n    from .b import _hidden, shown\n")
    (tmp_path / "p" / "b.py").write_text("from __future__ import annotations\n_hidden = shown = 1\n")
    assert private_imports(tmp_path, "p") == ["p/a.py:2: _hidden"]
