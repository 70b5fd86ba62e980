"""`trentuno explain VARIANT`: the rules of a ruleset in words, or what a house rule changes."""
from __future__ import annotations

import os
import shutil
import sys

import click
from trentuno.engine.explain import LANGS, diff, load_base, render
from trentuno.engine.explain import explain as explain_rules

from .messages import default_language
from .params import VARIANT, complete_variant

#: The language from the locale, as `play` and `replay` read it (one rule for every command).
locale_language = default_language

#: the columns `explain` wraps at: the terminal's width, kept between these; this many when the
#: output is not a terminal (a file, a pipe) and COLUMNS does not say
NARROWEST, WIDEST, NOT_A_TERMINAL = 40, 120, 100


def default_width(stream=None) -> int:
    """The terminal's width (COLUMNS when it is set, as shells and `COLUMNS=60 trentuno ...`
    set it), between NARROWEST and WIDEST; NOT_A_TERMINAL when writing to a file or a pipe."""
    stream = stream or sys.stdout
    try:
        told = int(os.environ.get("COLUMNS", "")) > 0
    except ValueError:
        told = False
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):
        terminal = False
    if not (told or terminal):
        return NOT_A_TERMINAL
    columns = shutil.get_terminal_size((NOT_A_TERMINAL, 24)).columns
    return max(NARROWEST, min(WIDEST, columns))


@click.command("explain", short_help="Print the rules of a ruleset in words.")
@click.argument("variant", metavar="VARIANT", shell_complete=complete_variant)
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="Language of the text; default: from the locale (LC_ALL, LC_MESSAGES, "
                   "LANG: Italian gives it, anything else en).")
@click.option("--diff", "show_diff", is_flag=True,
              help="For a house rule (a file with `extends:`): only the sections it changes "
                   "from its base, each followed by the base's text it replaces.")
@click.option("--width", type=click.IntRange(0, 1000), default=None, metavar="N",
              help=f"Wrap lines at N characters (0: do not wrap); default: the terminal's "
                   f"width ({NARROWEST} to {WIDEST}), {NOT_A_TERMINAL} when the output is not a "
                   f"terminal.")
@click.pass_context
def explain(ctx: click.Context, variant: str, lang: str | None, show_diff: bool,
            width: int | None) -> None:
    """Print the rules of VARIANT (a built-in name or a YAML file) as plain text to read or
    put on the table: the cards and their values, seats and dealer, the deal, a turn, knocking,
    instant hands, how hands are valued and ranked, special cases, lives or pot, who pays and
    how the game ends. Every sentence is generated from the ruleset's data.
    """
    lang = lang or locale_language()
    param = next(p for p in ctx.command.params if p.name == "variant")
    rules = VARIANT.convert(variant, param, ctx)
    if show_diff:
        base = load_base(variant)
        if base is None:
            raise click.UsageError(
                f"{variant} is not an overlay (it has no `extends:`): --diff shows what a "
                f"house rule changes from the ruleset it extends", ctx)
        sections = diff(base, rules, lang)
    else:
        sections = explain_rules(rules, lang)
    if width is None:
        width = default_width(sys.stdout)
    click.echo(render(sections, width=width), nl=False)
