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
