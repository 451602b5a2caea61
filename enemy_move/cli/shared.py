"""What the commands share: the typer app, colours, JSON on stdout, one-line failures, standard input (the parts
that need no typer are in enemy_move/terminal.py, for the plain ``check`` of check_command.py).

Every command module (cli/__init__.py's resolve and small commands, cli/check.py, cli/edit.py,
cli/serve.py, cli/pages.py) imports from here, and cli/__init__.py imports the command modules to
register them: imports go one way (tests/test_import_cycles.py).
"""

from __future__ import annotations

from typing import Annotated, Any, NoReturn

import typer

from .._version import __version__
from ..registry import game_names
from ..terminal import Color, console_for, dump_json, stdin_stream, stdout_takes_unicode, write_json

__all__ = ["Color", "console_for", "dump_json", "stdin_stream", "stdout_takes_unicode", "write_json"]

#: The games come from the registry (their light ``__init__`` only: no rules are imported here).
APP_HELP = f"Resolve enemy movement in board-game scenarios ({', '.join(game_names())})."

#: -h as well as --help, on every command (subcommands inherit the context settings).
CONTEXT = {"help_option_names": ["-h", "--help"]}

app: typer.Typer = typer.Typer(
    no_args_is_help=True,
    context_settings=CONTEXT,
    help=APP_HELP,
)
import_app = typer.Typer(no_args_is_help=True, help="Turn boards drawn in other tools into scenario files.")
app.add_typer(import_app, name="import")


def _plain_placeholders() -> None:
    """Help shows ``FILE``, ``LABEL=N``, ``COL,ROW``, not typer's Python types (``<bool>``, ``<list[str]>``).

    A parameter's metavar is its placeholder; a flag has none; any other value
    is named after the parameter in capitals (click's style). Tested in
    tests/test_cli_round2.py, so a typer upgrade that changes the hook is seen.
    """
    from typer.core import TyperArgument, TyperOption

    def option_placeholder(self: Any, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        if self.metavar is not None:
            return str(self.metavar)
        descriptor = getattr(self, "type_descriptor", None)
        choices = getattr(descriptor, "choices", None) if getattr(descriptor, "is_choice", False) else None
        return "[" + "|".join(str(c) for c in choices) + "]" if choices else str(self.name).upper()

    def usage_name(self: Any) -> str:  # FILE, PATH..., [NAME]: no {braces}
        name = str(self.display_name_raw)
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required else f"[{name}]"

    TyperOption.display_type_rich = option_placeholder  # type: ignore[method-assign]
    TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]
    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    TyperArgument.display_name_raw = property(lambda self: self.metavar or str(self.name).upper())  # type: ignore[assignment,method-assign]


_plain_placeholders()


ColorOption = Annotated[
    Color,
    typer.Option(
        "--color", metavar="[auto|always|never]", help="Colors: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces them)."
    ),
]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"enemy-move {__version__}")
        raise typer.Exit()


@app.callback(help=APP_HELP)
def _main(
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    pass


def complete_ruleset(incomplete: str) -> list[str]:
    from ..starters import starter_rulesets

    return [name for name in starter_rulesets() if name.startswith(incomplete)]


def fail_scenario(error: Exception) -> NoReturn:
    """A bad scenario file: exactly ``FILE:LINE:COL: message`` (editors jump to it), exit 2."""
    typer.echo(str(error), err=True)
    raise typer.Exit(2)
