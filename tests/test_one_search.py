"""One path search (issue 35): every game searches with enemy_move/geometry/cellgraph.py.

A priority queue is what a hand-written Dijkstra needs, so no module outside geometry/ may import
``heapq`` (at module level or inside a function); geometry's searches are the games' only ones.
The retired search on cells lives on as the tests' oracle (tests/path_oracle.py), not in the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "enemy_move"
GEOMETRY = PACKAGE / "geometry"


def imports_heapq(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(alias.name == "heapq" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "heapq":
            return True
    return False


def test_no_module_outside_geometry_imports_heapq() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.is_relative_to(GEOMETRY) and imports_heapq(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_check_sees_every_way_of_importing_heapq() -> None:
    # The test above must be able to fail: each form is caught, a mention in a string or a name is not.
    assert imports_heapq("import heapq")
    assert imports_heapq("import os, heapq as h")
    assert imports_heapq("def f():\n    from heapq import heappush\n")
    assert not imports_heapq("x = 'import heapq'\nheapq_like = 1\n")
    assert imports_heapq((GEOMETRY / "cellgraph.py").read_text(encoding="utf-8"))


def test_the_package_has_no_search_on_cells_beside_cellgraph() -> None:
    # geometry/paths.py (cell-keyed Dijkstra and BFS) was used only by tests: it is their oracle now.
    assert not (GEOMETRY / "paths.py").exists()
    assert (ROOT / "tests" / "path_oracle.py").exists()
