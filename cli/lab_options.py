"""What `simulate` and `compare` share: where the games run (--jobs, --cluster), the bar that
shows them going, and the per-seat win shares with their intervals in words."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import click
from trentuno.engine.bots import parse_bots
from trentuno.engine.errors import UsageError
from trentuno.engine.parallel import cpu_count

from .params import SEED

MAX_JOBS = 256
PROGRESS_FROM = 50  # fewer games finish before a bar would help


def jobs_option(f: Callable) -> Callable:
    return click.option(
        "--jobs", type=click.IntRange(1, MAX_JOBS), default=cpu_count, metavar="J",
        help="Worker processes; default: one per CPU (here "
             f"{cpu_count()}). The results are the same for any number.")(f)


def cluster_option(f: Callable) -> Callable:
    return click.option(
        "--cluster", default=None, metavar="tcp://HOST:PORT",
        help="Send the games to the workers of a running Dask scheduler (needs the "
             "cluster extra: pip install '.[cluster]' in trentuno's folder); the results "
             "are the same as here.")(f)


def where_options(f: Callable) -> Callable:
    """--seed, --jobs and --cluster: which games, and where they run."""
    f = cluster_option(jobs_option(f))
    return click.option("--seed", type=SEED, default=0, show_default=True, metavar="S",
                        help="Random seed: the same seed plays the same games.")(f)


@contextmanager
def progress_bar(games: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A bar on stderr for long runs on a terminal; None (no bar) otherwise."""
    if games >= PROGRESS_FROM and sys.stderr.isatty():
        with click.progressbar(length=games, label=label, file=sys.stderr) as bar:
            yield bar.update
    else:
        yield None


def percent(x: float) -> str:
    """A share as a percent with one decimal; one that is not 0 but would show as 0.0 keeps
    two significant digits (`0.0038`), so that an interval above 0 never reads `0.0-0.0`."""
    shown = f"{100 * x:.1f}"
    if shown == "0.0" and x > 0:
        return f"{100 * x:.2g}"
    return shown


def share_text(share: float, interval: Sequence[float], dash: str = "-") -> str:
    """A share and its 95% interval: `41.3% (36.5-46.2)`, `0.0% (0.0-7.4)`."""
    return f"{percent(share)}% ({percent(interval[0])}{dash}{percent(interval[1])})"


def holm_summary(data: Mapping[str, Any], column: Mapping[str, Any]) -> str:
    """The verdict on one ruleset after the first: how many of its figures differ, before and
    after Holm's correction (`house: 4 of 16 figures differ from trentuno at 0.05 (2 after
    Holm's correction for 16 tests)`)."""
    first = data["rulesets"][0]["name"]
    n, k = len(column["figures"]), len(column["differs_from_first"])
    h = len(column["differs_from_first_holm"])
    return (f"{column['name']}: {k} of {n} figures differ from {first} at {data['alpha']} "
            f"({h} after Holm's correction for {n} tests)")


def players_for(rulesets: Sequence, players: int | None, bots: str = "") -> int:
    """--players; else as many as a comma list of --bots names (`mc,greedy,greedy,greedy`
    is a table of four); else the first ruleset's default. A usage error when a ruleset is
    not played by that many."""
    listed = players is None
    if players is None:
        seats = [s for s in bots.split(",") if s.strip()]
        if len(seats) < 2:
            return int(rulesets[0].default_players)
        players = len(seats)
    for rules in rulesets:
        if not rules.min_players <= players <= rules.max_players:
            played = f"{rules.name} is played by {rules.min_players} to {rules.max_players}"
            if listed:
                raise click.BadParameter(f"lists {players} bots, one per seat, but {played}",
                                         param_hint="'--bots'")
            raise click.BadParameter(f"{played} players, not {players}",
                                     param_hint="'--players'")
    return players


def bot_names(spec: str, option: str = "--skill-bots") -> list[str]:
    """The bots of a comma list (`mc,greedy,random`). An empty entry (`''`, `,,`,
    `greedy,,random`) is a usage error naming the option: a list that lost a name would
    measure something else, or nothing at all, without a word."""
    names = [name.strip() for name in spec.split(",")]
    if not any(names):
        raise click.BadParameter("give at least one bot, e.g. greedy,random (--skill-games 0 "
                                 "skips the mixed tables)", param_hint=f"'{option}'")
    if not all(names):
        raise click.BadParameter(f"bot {names.index('') + 1} of the list is empty: give "
                                 f"BOT,BOT,... without empty names", param_hint=f"'{option}'")
    return names


def check_bots(spec: str, players: int, seed: int, option: str = "--bots") -> None:
    """A bad bot list is a usage error naming the option, before any game is played."""
    try:
        parse_bots(spec, players, seed)
    except UsageError as err:
        raise click.BadParameter(err.line(), param_hint=f"'{option}'") from None
