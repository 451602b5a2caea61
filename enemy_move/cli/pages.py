"""``enemy-move schema`` and ``enemy-move docs``: what the tool says about itself (schemas, the documentation pages)."""

from __future__ import annotations

from typing import Annotated

import typer

from .shared import Color, ColorOption, app, console_for, dump_json, stdout_takes_unicode
from .usage import fail as _fail


@app.command()
def schema(
    output: Annotated[
        bool, typer.Option("--output", help="The schema of the JSON documents resolve --json and check --json print, instead.")
    ] = False,
) -> None:
    """Print the JSON Schema of scenario files (for editors' YAML support)."""
    if output:
        from ..output_schema import output_schema

        dump_json(output_schema())
        return
    from ..schema import scenario_schema

    dump_json(scenario_schema())


@app.command()
def docs(
    topic: Annotated[str | None, typer.Argument(help="The page, e.g. scenario-format, output, errors, gloomhaven; none: the list.")] = None,
    color: ColorOption = Color.auto,
) -> None:
    """Show a documentation page in the terminal (the scenario format, the output, errors, each game)."""
    from ..docs_pages import page_text, topics

    known = topics()
    if not known:
        _fail("the documentation pages are not installed with this copy of enemy-move")
    stdout_takes_unicode()
    console = console_for(color)
    if topic is None:
        from rich.table import Table

        table = Table.grid(padding=(0, 2))
        for name, title in known.items():
            table.add_row(name, title)
        console.print("Pages (enemy-move docs TOPIC):")
        console.print(table)
        return
    text = page_text(topic)
    if text is None:
        _fail(f"no page {topic!r}; pages: {', '.join(known)}")
    from rich.markdown import Markdown

    console.print(Markdown(text, hyperlinks=False))
