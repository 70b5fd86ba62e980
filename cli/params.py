"""Shared click parameter types."""
from __future__ import annotations

import click
from trentuno.engine.errors import RuleFileError, UsageError
from trentuno.engine.variants import builtin_files, load, load_hands

from .failure import failure_from


class VariantType(click.ParamType):
    """A VARIANT argument: a built-in name (`trentuno`, `house/NAME`) or a path to a YAML file,
    converted to the compiled Ruleset.

    An unknown name or missing file is a usage error (one line, exit 2); a file that exists but
    is invalid is reported problem by problem (one `FILE:LINE:COL: message` line each, exit 1).
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
