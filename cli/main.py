"""The `trentuno` command: the click group, and the entry point's error policy.

No traceback for anything a user can get wrong: engine errors (`UserError`) print
`trentuno: error: ...` and exit 1, click usage errors exit 2 as click does, Ctrl-C exits 130,
and a closed pipe (`trentuno score ... | head -1`) ends quietly.
"""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import MutableMapping, Sequence
from typing import Any

import click
from trentuno.engine.errors import UserError

from .failure import PROG, UsageLine, failure_from
from .output import guarded_output

EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70  # EX_SOFTWARE

#: command name (its module cli/cmd_NAME.py defines it as a click command named NAME) -> its
#: `short_help`, which `trentuno --help` lists. A command's module is imported only when that
#: command runs: `score` does not pay for what `simulate` or `play` import, nor `--help` for
#: any of them (tests/test_startup.py checks these words against each command's own).
COMMANDS = {
    "validate": "Check rule files; report every problem with its line.",
    "score": "Value hands under a ruleset and rank them.",
    "variants": "List the built-in rulesets.",
    "bots": "List the bots and their parameters.",
    "simulate": "Play many bot games and summarise them.",
    "compare": "Compare rulesets on the same seeds, with statistics.",
    "play": "Play a game against bots, or watch bots play.",
    "explain": "Print the rules of a ruleset in words.",
    "replay": "Replay a game record, verify it and tell its course.",
    "serve": "Open tables for friends to play in the browser.",
}


def _version() -> str:
    from importlib import metadata  # 50 ms of imports: only for --version

    try:
        return metadata.version(PROG)
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


def _show_version(ctx: click.Context, _param: Any, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"{PROG} {_version()}")
        ctx.exit()


class TrentunoGroup(click.Group):
    """A group whose commands are imported when first needed, and that turns engine errors
    raised by them into `Failure`s, so that they print one line (exit 1) both from the
    console script and under CliRunner."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module = importlib.import_module(f"{__package__}.cmd_{cmd_name}")
            self.add_command(getattr(module, cmd_name))
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their short help, as click lists them, from `COMMANDS` for those
        not imported yet (`--help` imports none of them: 0.2 s of the bots, the capture
        moves and the explanation otherwise)."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.commands.get(name)
            if cmd is None and name in COMMANDS:
                rows.append((name, COMMANDS[name]))
            elif cmd is not None and not cmd.hidden:
                limit = formatter.width - 6 - max(map(len, self.list_commands(ctx)))
                rows.append((name, cmd.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        """The command names that start with what was typed, with their short help from
        `COMMANDS` for those not imported yet, then the group's options: click's own way
        asks every matching command for its help, importing all of their modules (the bots,
        the game, the server) for `trentuno <TAB>`."""
        from click.shell_completion import CompletionItem

        out = []
        for name in self.list_commands(ctx):
            if not name.startswith(incomplete):
                continue
            cmd = self.commands.get(name)
            if cmd is None and name in COMMANDS:
                out.append(CompletionItem(name, help=COMMANDS[name]))
            elif cmd is not None and not cmd.hidden:
                out.append(CompletionItem(name, help=cmd.get_short_help_str()))
        out.extend(click.Command.shell_complete(self, ctx, incomplete))
        return out

    def _main_shell_completion(self, ctx_args: MutableMapping[str, Any], prog_name: str,
                               complete_var: str | None = None) -> None:
        """Before click answers a shell's completion request, make its bash script keep the
        variant names next to the file names (see `completion`); only then, so that no
        command pays for importing click's completion."""
        if any(key.endswith("_COMPLETE") for key in os.environ):
            from .completion import register

            register()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def invoke(self, ctx: click.Context) -> Any:
        with guarded_output():
            try:
                return super().invoke(ctx)
            except UserError as err:
                raise failure_from(err) from None
            except click.UsageError as err:  # a command's own options and arguments
                if isinstance(err, UsageLine):
                    raise
                raise UsageLine(err) from None


@click.group(PROG, cls=TrentunoGroup,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="Show the version and exit.")
def cli() -> None:
    """trentuno: play, check and simulate card games from YAML rulesets: the "31" family
    (Trentuno, Trentuno with the widow, Scat, Thirty-One, Schwimmen) and the Scopa family
    (Scopa, Cocincina), with their house rules.

    A VARIANT is a built-in name (see `trentuno variants`: the bases, and the house rules as
    house/NAME) or a path to a YAML rule file, such as a house rule of your own.
    """


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point; exits with 0 (ok), 1 (error), 2 (usage), 130 (Ctrl-C)."""
    with guarded_output():
        code = _run(argv)
    sys.exit(code)


def _run(argv: Sequence[str] | None) -> int:
    """The exit status of one command line; every way it can end is decided here."""
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
        except click.UsageError as err:  # the group's own: `trentuno --nope`
            (err if isinstance(err, UsageLine) else UsageLine(err)).show()
            code = err.exit_code
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
    return code


if __name__ == "__main__":  # python -m trentuno.cli.main
    main()
