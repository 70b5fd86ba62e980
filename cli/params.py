"""Shared click parameter types."""
from __future__ import annotations

import os

import click
from trentuno.engine.errors import RuleFileError, UsageError
from trentuno.engine.variants import builtin_files, load, load_hands

from .failure import Failure, failure_from


class VariantType(click.ParamType):
    """A VARIANT argument: a built-in name (`trentuno`, `house/NAME`) or a path to a YAML file,
    converted to the compiled Ruleset.

    An unknown name or missing file is a usage error (one line, exit 2); a file that exists but
    is invalid is reported problem by problem (one `FILE:LINE:COL: message` line each, exit 1),
    and one that is there but no rule file at all (a FIFO, a device, a folder) in one line with
    exit 1, as `validate` reports it.
    """

    name = "variant"

    def __init__(self, hands_only: bool = False):
        #: only the deck and hand values are needed (`score`): see `variants.load_hands`
        self.hands_only = hands_only

    def convert(self, value, param, ctx):
        if not isinstance(value, str):  # converted already (a default, or CliRunner's object)
            return value
        text = str(value)
        try:
            return load_hands(text) if self.hands_only else load(text)
        except RuleFileError as err:
            raise failure_from(err, text) from None
        except UsageError as err:
            if _is_there(text):  # not the argument's fault but the file's: as `validate` says
                raise Failure(err.line()) from None
            self.fail(err.line(), param, ctx)
        except OSError as err:  # e.g. the file vanished between the lookup and the read
            self.fail(f"cannot read {text}: {err.strerror or err}", param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # only when completing

        names = [CompletionItem(n) for n in builtin_files() if n.startswith(incomplete)]
        return names + [CompletionItem(incomplete, type="file")]

    def get_metavar(self, param, *args, **kwargs):
        return "VARIANT"


VARIANT = VariantType()
HAND_VALUES = VariantType(hands_only=True)


def _is_there(text: str) -> bool:
    try:
        return os.path.exists(text)
    except (OSError, ValueError):
        return False


class OutputType(click.ParamType):
    """An option naming where the command writes: a file (`--html`, `--save`) or, with
    `folder`, a folder it writes files into (`--record`). Checked when the command line is
    read, before anything is played, with engine/atomic.py's rules: a file only where it is
    missing or a regular file (a symlink to one is followed), never over a device, a FIFO, a
    socket or a folder, and only in a folder where a new file can be made. A refusal is one
    line naming the option and exit 1 (`trentuno: error: --html /dev/full: not a regular
    file (a character device); nothing was written`). The value is the path, `~` expanded;
    the writer checks the target again when it writes."""

    def __init__(self, folder: bool = False):
        self.folder = folder
        self.name = "folder" if folder else "file"

    def convert(self, value, param, ctx):
        from trentuno.engine.atomic import folder_refusal, refusal

        text = str(value)
        path = os.path.expanduser(text)
        reason = folder_refusal(path) if self.folder else refusal(path)
        if reason is not None:
            option = param.opts[0] if param is not None and param.opts else "output"
            raise Failure(f"{option} {text or repr(text)}: {reason}; nothing was written")
        return path

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # only when completing

        return [CompletionItem(incomplete, type="dir" if self.folder else "file")]


OUTPUT_FILE = OutputType()
OUTPUT_FOLDER = OutputType(folder=True)


def complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion for an argument that takes a variant but converts it itself."""
    return VARIANT.shell_complete(ctx, param, incomplete)


#: The largest seed, in digits: a record keeps whole numbers of at most 40 digits, and each
#: game of a simulation plays with a seed about a million times its own (simulate.game_seed),
#: so a game played with any accepted seed can be saved, replayed and resumed.
SEED_DIGITS = 30


class SeedType(click.ParamType):
    """A random seed: a whole number of at most SEED_DIGITS digits (either sign)."""

    name = "seed"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text.lstrip("+-")
            if not digits.isdigit() or not digits.isascii() or len(text) - len(digits) > 1:
                self.fail(f"a seed is a whole number, not {text[:40]!r}", param, ctx)
            number = int(text) if len(digits) <= SEED_DIGITS else 10 ** SEED_DIGITS
        if abs(number) >= 10 ** SEED_DIGITS:
            self.fail(f"a seed has at most {SEED_DIGITS} digits (a saved game keeps it)",
                      param, ctx)
        return number


SEED = SeedType()
