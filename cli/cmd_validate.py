"""`trentuno validate PATH...`: every problem of every rule file, as FILE:LINE:COL: message."""
from __future__ import annotations

from pathlib import Path

import click
from trentuno.engine.errors import Problem, UserError
from trentuno.engine.variants import check_all, known_clean

from .output import echo_json
from .params import complete_variant


def problems_of(arg: str) -> list[Problem]:
    """Every problem of one PATH argument (a file or a built-in name); [] when valid.
    Never raises for bad input: a missing or unreadable file is a problem like any other."""
    return findings_of(arg)[0]


def findings_of(arg: str) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of one PATH argument: warnings are rules of a valid file that can
    never apply."""
    try:
        is_dir = Path(arg).is_dir()
    except (OSError, ValueError) as err:  # a name too long, a NUL byte: not a file either way
        return [Problem(arg[:80], None, None, "", f"not a usable path ({type(err).__name__})")], []
    if is_dir:
        return [Problem(arg, None, None, "", "is a directory, not a rule file")], []
    if known_clean(arg) is not None:
        return [], []
    try:
        _rules, problems, warnings = check_all(arg, rules_needed=False)
    except UserError as err:  # an unknown name: said as every command says it, suggestions too
        message = err.line()
        if message.startswith(f"no such ruleset file: {arg}"):  # the line starts with it
            message = "no such ruleset file" + message[len(f"no such ruleset file: {arg}"):]
        return [Problem(arg, None, None, "", message)], []
    return list(problems), list(warnings)


def warning_line(p: Problem) -> str:
    """`FILE:LINE:COL: warning: message (at /path)`."""
    return p.format().replace(": ", ": warning: ", 1) if p.line is not None else \
        f"{p.file}: warning: {p.message}"


@click.command("validate", short_help="Check rule files; report every problem with its line.")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True,
                shell_complete=complete_variant)
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON array of {file, line, column, path, message, severity}.")
@click.option("--strict", is_flag=True,
              help="Treat warnings (rules that can never apply) as errors: exit 1.")
@click.pass_context
def validate(ctx: click.Context, paths: tuple[str, ...], as_json: bool, strict: bool) -> None:
    """Check rule files (paths or built-in names) against the schema and the compiler.

    Prints one line per problem, `FILE:LINE:COL: message (at /json/path)`, for all the files
    given, and `FILE: ok` for each valid file. A valid file may still say something that can
    never happen (a knock threshold above the best hand, a pattern no hand matches): each is
    printed as `FILE:LINE:COL: warning: message`. Exit status 0 when every file is valid, 1
    when any is not (or, with --strict, has a warning).
    """
    found: list[dict] = []
    failed = False
    for arg in paths:
        problems, warnings = findings_of(arg)
        failed = failed or bool(problems) or (strict and bool(warnings))
        found += [dict(p.as_dict(), severity="error") for p in problems]
        found += [dict(p.as_dict(), severity="error" if strict else "warning")
                  for p in warnings]
        if not as_json:
            for p in problems:
                click.echo(p.format())
            for p in warnings:
                click.echo(p.format() if strict else warning_line(p))
            if not problems and not warnings:
                click.echo(f"{arg}: ok")
            elif not problems and not strict:
                click.echo(f"{arg}: ok, with {len(warnings)} warning"
                           f"{'s' if len(warnings) != 1 else ''}")
    if as_json:
        echo_json(found)
    if failed:
        ctx.exit(1)
