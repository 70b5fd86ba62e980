"""`trentuno variants`: the built-in rulesets."""
from __future__ import annotations

import click
from trentuno.engine.errors import UserError
from trentuno.engine.variants import builtin_files, load

from .output import echo_json, table


def builtins() -> list[dict]:
    """{name, title, file} per built-in; a built-in that fails to load gets title None and
    an `error` (its first problem, on one line) instead of stopping the listing."""
    out = []
    for name, path in builtin_files().items():
        item = {"name": name, "title": None, "file": str(path)}
        try:
            item["title"] = load(str(path)).title
        except UserError as err:
            item["error"] = err.line()
        out.append(item)
    return out


@click.command("variants", short_help="List the built-in rulesets.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON array of {name, title, file}.")
def variants(as_json: bool) -> None:
    """List the built-in rulesets: name (what VARIANT arguments accept), title and file.

    A built-in that fails to load is listed as "(does not load)", its error on the next line.
    """
    items = builtins()
    if as_json:
        echo_json(items)
        return
    rows = [(i["name"], i["title"] if i["title"] is not None else "(does not load)", i["file"])
            for i in items]
    for item, line in zip(items, table(rows)):
        click.echo(line)
        if "error" in item:
            click.echo(f"    error: {item['error']}")
