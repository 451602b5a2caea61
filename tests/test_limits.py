"""Size limits of the design card, kept by `make test`: modules at most 600 lines, functions at most
80 lines and 7 parameters (``self``/``cls`` not counted).

``ALLOWED`` lists the offenders left: only the typer ``resolve`` and ``check`` commands, whose parameters
are their command-line options (the games' splits of issue 20 emptied the rest). It only shrinks: an entry
that no longer offends fails the test until it is removed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
MAX_PARAMETERS = 7

#: "path" (module too long) or "path:function" (too long or too many parameters) -> why it is allowed for now.
ALLOWED: dict[str, str] = {
    "enemy_move/cli/__init__.py:resolve": "typer command: one parameter per command-line option (issue 23 reworks the CLI)",
    "enemy_move/cli/check.py:check": "typer command: one parameter per command-line option (-j of issue 27 made 8)",
}


def offenders() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((ROOT / "enemy_move").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        text = path.read_text()
        lines = text.count("\n")
        if lines > MAX_MODULE_LINES:
            found[name] = f"{lines} lines"
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            count = len([a for a in arguments if a.arg not in ("self", "cls")])
            count += bool(node.args.vararg) + bool(node.args.kwarg)
            problems = [f"{length} lines"] * (length > MAX_FUNCTION_LINES) + [f"{count} parameters"] * (count > MAX_PARAMETERS)
            if problems:
                found[f"{name}:{node.name}"] = ", ".join(problems)
    return found


def test_modules_and_functions_stay_within_the_limits() -> None:
    new = {key: what for key, what in offenders().items() if key not in ALLOWED}
    assert not new, f"over the limits (split them): {new}"


def test_the_allow_list_only_shrinks() -> None:
    fixed = sorted(set(ALLOWED) - set(offenders()))
    assert not fixed, f"no longer over the limits: remove from ALLOWED: {fixed}"
