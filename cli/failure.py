"""How the command line reports a user's mistake: one `trentuno: error: ...` line on stderr.

Errors the engine raises for bad input (`UserError`) become a `Failure`, a click exception
with exit status 1, so they are shown the same way whether the command runs from the console
script or from `click.testing.CliRunner`. Click's own usage errors keep their status 2.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import IO

import click
from trentuno.engine.errors import RuleFileError, UserError

#: the program, named after its package
PROG = (__package__ or "").partition(".")[0]


class Failure(click.ClickException):
    """A user error: optional detail lines (e.g. one per rule-file problem), then one
    `trentuno: error: MESSAGE` line, all on stderr; exit status 1."""

    exit_code = 1

    def __init__(self, message: str, details: Iterable[str] = ()):
        super().__init__(" ".join(str(message).split()))
        self.details = list(details)

    def show(self, file: IO | None = None) -> None:
        for line in self.details:
            click.echo(line, file=file, err=file is None)
        click.echo(f"{PROG}: error: {self.message}", file=file, err=file is None)


class UsageLine(click.UsageError):
    """A command-line value click refused (`--bots nope`, a missing argument), said on one
    line naming the argument, with where to read more: `trentuno: error: Invalid value for
    '--bots': unknown bot 'nope'; ... (see trentuno play --help)`; exit status 2. Click's own
    display takes three lines (a usage line, a hint, the error)."""

    def __init__(self, err: click.UsageError):
        text = " ".join(err.format_message().split())
        super().__init__(text[:-1] if text.endswith(".") else text, err.ctx)

    def show(self, file: IO | None = None) -> None:
        hint = f" (see {self.ctx.command_path} --help)" if self.ctx is not None else ""
        click.echo(f"{PROG}: error: {self.message}{hint}", file=file, err=file is None)


def failure_from(err: UserError, what: str | None = None) -> Failure:
    """The Failure for an engine error; a RuleFileError lists every problem first."""
    if isinstance(err, RuleFileError):
        n = len(err.problems)
        name = what or err.problems[0].file
        return Failure(f"{name}: invalid ruleset ({n} problem{'s' if n != 1 else ''})",
                       [p.format() for p in err.problems])
    return Failure(err.line())
