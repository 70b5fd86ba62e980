"""`trentuno compare RULESET RULESET...`: the balance lab, rulesets side by side on the same
seeds, every figure with its 95% interval and whether it differs from the first ruleset's."""
from __future__ import annotations

from typing import Any

import click
from trentuno.engine.bots import parse_bots
from trentuno.engine.errors import UsageError

from .failure import Failure
from .lab_options import (
    bot_names,
    check_bots,
    holm_summary,
    players_for,
    progress_bar,
    share_text,
    where_options,
)
from .output import echo_json, table
from .params import OUTPUT_FILE, VARIANT

MAX_GAMES = 1_000_000
#: the mixed tables' bots, strongest first, as far as they exist. The `mc` search bot costs
#: hundreds of greedy decisions per decision: these tables play their own, smaller number of
#: games, and `mc` plays there on a small budget
SKILL_BOTS = ("mc:iterations=4", "greedy", "random")
#: games per ruleset at the mixed tables by default (multiples of the rotation, so every bot
#: holds every seat equally often): with mc:iterations=4 there, 100 games of Scat and a house
#: rule took 347 s on the busy 2-core development machine; greedy and random take a few ms
SKILL_GAMES, SKILL_GAMES_SEARCH = 200, 48
SEARCH_BOTS = ("mc",)


def default_skill_bots() -> str:
    """The SKILL_BOTS this build has (a bot or parameter it lacks is left out)."""
    usable = []
    for spec in SKILL_BOTS:
        try:
            parse_bots(spec, 1, 0)
        except UsageError:
            continue
        usable.append(spec)
    return ",".join(usable)


def cell(fig: dict[str, Any]) -> str:
    value, ci = fig["value"], fig["ci95"]
    if fig["kind"] == "share":
        return share_text(value, ci)
    return f"{value:.2f} ({ci[0]:.2f}-{ci[1]:.2f})"


def verdict(fig: dict[str, Any]) -> str:
    """`p=0.0123 yes`: the p-value as people read it (never a bare 0), then the answer."""
    p = fig["p_value"]
    shown = "p<1e-06" if p < 1e-6 else f"p={p:.3g}"
    return f"{shown} {'yes' if fig['significant'] else 'no'}"


def report(data: dict[str, Any]) -> list[str]:
    """The comparison in words: a header, one row per figure, a verdict per ruleset."""
    cols = data["rulesets"]
    first = cols[0]
    head = (f"compare: {data['games']} games per ruleset on the same seeds (seed "
            f"{data['seed']}), {data['players']} players, bots {data['bots']}")
    lines = [head]
    if data["skill_games"]:
        lines.append(f"skill: {data['skill_games']} games per ruleset at mixed tables of "
                     f"{data['skill_bots']} (each bot in every seat in turn; a fair share "
                     f"is {100 / data['players']:.1f}% a seat)")
    lines.append("values with 95% intervals; p: differs from the first ruleset "
                 f"({first['name']})? yes when p < {data['alpha']}")
    header: tuple[str, ...] = ("", first["name"], *(x for c in cols[1:] for x in (c["name"], "")))
    rows = [header]
    for key, fig in first["figures"].items():
        label = fig["label"]
        words = [c["figures"][key]["label"] for c in cols if key in c["figures"]]
        if len(set(words)) > 1:  # the rulesets word this ending differently
            label = " / ".join(dict.fromkeys(words))
        row = [label, cell(fig)]
        for c in cols[1:]:
            f = c["figures"].get(key)
            row += [cell(f), verdict(f)] if f else ["-", ""]
        rows.append(tuple(row))
    lines += [line.rstrip() for line in table(rows)]
    lines += [holm_summary(data, c) for c in cols[1:]]
    lines.append(f"time: {data['seconds']:.1f} s")
    return lines


@click.command("compare", short_help="Compare rulesets on the same seeds, with statistics.")
@click.argument("rulesets", metavar="RULESET RULESET...", type=VARIANT, nargs=-1,
                required=True)
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              metavar="N", help="Games per ruleset (the same seeds for each).")
@click.option("--players", type=click.IntRange(min=1), default=None, metavar="P",
              help="Players per game; default: as many as --bots lists, else the first "
                   "ruleset's default.")
@click.option("--bots", default="greedy", show_default=True, metavar="SPEC",
              help="The bots of the main games: one for every seat or one per seat.")
@click.option("--skill-bots", default=default_skill_bots, metavar="LIST",
              help="Bots for the mixed tables that measure how much skill matters, strongest "
                   f"first; default: {default_skill_bots()}.")
@click.option("--skill-games", type=click.IntRange(0, MAX_GAMES), default=None, metavar="N",
              help=f"Games per ruleset at the mixed tables (0: skip that part); default: "
                   f"{SKILL_GAMES}, or {SKILL_GAMES_SEARCH} when a searching bot (mc) plays.")
@where_options
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object.")
@click.option("--html", "html_file", type=OUTPUT_FILE, default=None, metavar="FILE",
              help="Also write the table and charts as one self-contained HTML page (FILE "
                   "is checked before any game: a new or regular file).")
def compare(rulesets, games: int, players: int | None, bots: str, skill_bots: str,
            skill_games: int | None, seed: int, jobs: int, cluster: str | None, as_json: bool,
            html_file: str | None) -> None:
    """Play GAMES games of each RULESET on the same seeds and compare them: hands per game,
    turns per hand, how hands end, win share by seat, lead changes, how much skill matters;
    each figure with its 95% interval and, for every ruleset after the first, whether it
    differs from the first's significantly (a paired test by seed)."""
    from trentuno.engine.compare import compare as run_comparison

    if len(rulesets) < 2:
        raise click.BadParameter("give at least two rulesets to compare",
                                 param_hint="'RULESET RULESET...'")
    players = players_for(rulesets, players, bots)
    check_bots(bots, players, seed)
    skill = bot_names(skill_bots)
    if skill_games is None:
        search = any(b.split(":")[0] in SEARCH_BOTS for b in skill)
        skill_games = SKILL_GAMES_SEARCH if search else SKILL_GAMES
    if not skill_games:
        skill = []
    for name in skill:
        check_bots(name, players, seed, "--skill-bots")
    total = len(rulesets) * (games + (skill_games if skill else 0))
    with progress_bar(total, "comparing") as bar:
        result = run_comparison(rulesets, games, players, bots, seed, skill,
                                skill_games if skill else 0, jobs, cluster, bar)
    data = result.as_dict()
    if as_json:  # first: a page that cannot be written loses none of the figures
        echo_json(data)
    else:
        for line in report(data):
            click.echo(line)
    if html_file is not None:
        from .report_html import write_report
        try:
            write_report(data, html_file)
        except OSError as err:
            raise Failure(f"--html {html_file}: cannot write it: {err.strerror or err}; "
                          f"the figures are printed above") from None
