"""The ``enemy-move`` command's entry point (pyproject's ``[project.scripts]``, and ``python -m enemy_move``).

The start-up caches (enemy_move/dataclass_code.py: dataclasses' ``exec`` and typing's ``compile`` served from a
file, new codes written at exit) change those standard modules for the whole process, so only the command turns
them on, before anything creates a dataclass; ``import enemy_move`` in someone else's program changes nothing
outside the package (tests/test_package.py).
"""

from __future__ import annotations


def main() -> None:
    import sys

    from .dataclass_code import install

    install()
    from .check_command import plain_main

    plain_main(sys.argv[1:], exit_at_once=True)  # a plain `check PATH...` ends here, without importing typer
    from .cli import main as run

    run(exit_at_once=True)
