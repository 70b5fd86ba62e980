"""`trentuno validate PATH...`: every problem of every rule file, as FILE:LINE:COL: message."""
from __future__ import annotations

from pathlib import Path

import click

from trentuno.engine.errors import Problem, UserError
from trentuno.engine.variants import check

from .output import echo_json
from .params import complete_variant


def problems_of(arg: str) -> list[Problem]:
    """Every problem of one PATH argument (a file or a built-in name); [] when valid.
    Never raises for bad input: a missing or unreadable file is a problem like any other."""
    try:
        is_dir = Path(arg).is_dir()
    except (OSError, ValueError) as err:  # a name too long, a NUL byte: not a file either way
        return [Problem(arg[:80], None, None, "", f"not a usable path ({type(err).__name__})")]
    if is_dir:
        return [Problem(arg, None, None, "", "is a directory, not a rule file")]
    try:
        _rules, problems = check(arg)
    except UserError as err:  # an unknown name: said as every command says it, suggestions too
        message = err.line()
        if message.startswith(f"no such ruleset file: {arg}"):  # the line starts with it
            message = "no such ruleset file" + message[len(f"no such ruleset file: {arg}"):]
        return [Problem(arg, None, None, "", message)]
    return list(problems)


@click.command("validate", short_help="Check rule files; report every problem with its line.")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True,
                shell_complete=complete_variant)
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON array of {file, line, column, path, message}.")
@click.pass_context
def validate(ctx: click.Context, paths: tuple[str, ...], as_json: bool) -> None:
    """Check rule files (paths or built-in names) against the schema and the compiler.

    Prints one line per problem, `FILE:LINE:COL: message (at /json/path)`, for all the files
    given, and `FILE: ok` for each valid file. Exit status 0 when every file is valid, 1 when
    any is not.
    """
    found: list[Problem] = []
    for arg in paths:
        problems = problems_of(arg)
        found.extend(problems)
        if not as_json:
            for p in problems:
                click.echo(p.format())
            if not problems:
                click.echo(f"{arg}: ok")
    if as_json:
        echo_json([p.as_dict() for p in found])
    if found:
        ctx.exit(1)
