"""The `trentuno` command: the click group, and the entry point's error policy.

No traceback for anything a user can get wrong: engine errors (`UserError`) print
`trentuno: error: ...` and exit 1, click usage errors exit 2 as click does, Ctrl-C exits 130,
and a closed pipe (`trentuno score ... | head -1`) ends quietly.
"""
from __future__ import annotations

import os
import sys
from importlib import metadata
from typing import Optional, Sequence

import click

from trentuno.engine.errors import UserError

from .cmd_compare import compare
from .cmd_explain import explain
from .cmd_play import play
from .cmd_replay import replay
from .cmd_score import score
from .cmd_simulate import simulate
from .cmd_validate import validate
from .cmd_variants import variants
from .failure import PROG, failure_from

EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70  # EX_SOFTWARE


def _version() -> str:
    try:
        return metadata.version("trentuno")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


class TrentunoGroup(click.Group):
    """A group that turns engine errors raised by its commands into `Failure`s, so that they
    print one line (exit 1) both from the console script and under CliRunner."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as err:
            raise failure_from(err) from None


@click.group(PROG, cls=TrentunoGroup,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", prog_name=PROG,
                      message="%(prog)s %(version)s")
def cli() -> None:
    """trentuno: play, check and simulate the "31" family of card games from YAML rulesets.

    A VARIANT is a built-in name (see `trentuno variants`) or a path to a YAML rule file.
    """


cli.add_command(validate)
cli.add_command(score)
cli.add_command(variants)
cli.add_command(simulate)
cli.add_command(compare)
cli.add_command(play)
cli.add_command(explain)
cli.add_command(replay)


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Optional[Sequence[str]] = None) -> None:
    """Console-script entry point; exits with 0 (ok), 1 (error), 2 (usage), 130 (Ctrl-C)."""
    try:
        try:
            rv = cli.main(args=argv, prog_name=PROG, standalone_mode=False)
            code = rv if isinstance(rv, int) else 0
            sys.stdout.flush()
        except click.exceptions.Abort as err:
            if isinstance(err.__cause__, KeyboardInterrupt):
                click.echo(f"{PROG}: interrupted", err=True)
                code = EXIT_INTERRUPTED
            else:
                click.echo("Aborted!", err=True)
                code = 1
        except click.ClickException as err:
            err.show()
            code = err.exit_code
        except UserError as err:  # outside a command (cannot happen today): same policy
            failure_from(err).show()
            code = 1
    except KeyboardInterrupt:
        click.echo(f"{PROG}: interrupted", err=True)
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        code = 1
    except Exception as err:  # a bug of ours, not the user's: one line, and a way to see more
        if os.environ.get("TRENTUNO_DEBUG"):
            raise
        click.echo(f"{PROG}: internal error: {type(err).__name__}: {err} (please report it; "
                   f"TRENTUNO_DEBUG=1 shows the traceback)", err=True)
        code = EXIT_INTERNAL
    sys.exit(code)


if __name__ == "__main__":  # python -m trentuno.cli.main
    main()
