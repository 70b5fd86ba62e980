"""`trentuno bots`: the bots `--bots` names, with their parameters and defaults.

The words are the bots' own (`engine.bots.BOTS`: each parameter's help), and each default is
read from the bot's maker, the one place it is said, so this listing cannot drift from what
`--bots greedy` plays.
"""
from __future__ import annotations

import click
from trentuno.engine.bots import BOTS, describe, param_default

from .output import echo_json


@click.command("bots", short_help="List the bots and their parameters.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON array of {name, help, params: [{name, help, default, "
                   "choices, low, high}]}.")
def bots(as_json: bool) -> None:
    """List the bots that --bots names (in play, simulate and compare), each with the
    parameters it takes as NAME:KEY=VALUE, what they mean and their defaults."""
    if as_json:
        echo_json([{"name": k.name, "help": k.help, "params": [
            {"name": q.name, "help": q.help, "default": param_default(k, q),
             "choices": list(q.choices), "low": None if q.choices else q.low,
             "high": None if q.choices else q.high} for q in k.params]}
            for k in BOTS.values()])
        return
    for kind in BOTS.values():
        for line in describe(kind):
            click.echo(line)
