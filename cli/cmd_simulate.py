"""`trentuno simulate VARIANT`: many bot games and what they add up to."""
from __future__ import annotations

from pathlib import Path

import click
from trentuno.engine.bots import BOTS
from trentuno.engine.simulate import HAND_LIMIT, Summary, end_names, record_file
from trentuno.engine.simulate import simulate as run_simulation
from trentuno.engine.stakes_modes import MODES
from trentuno.engine.state import MAX_HANDS_PER_GAME, MAX_TURNS_PER_HAND

from .failure import PROG, Failure
from .lab_options import (
    check_bots,
    players_for,
    progress_bar,
    share_text,
    where_options,
)
from .output import echo_json, percent, table
from .params import OUTPUT_FOLDER, VARIANT

MAX_GAMES = 10_000_000


def report(s: Summary) -> list[str]:
    """The summary in words, one fact per line."""
    d = s.as_dict()
    head = (f"{s.variant}: {s.games} game{'s' if s.games != 1 else ''}, {s.players} players, "
            f"seed {s.seed}")
    lines = [head, "wins (share, 95% interval):"]
    rows: list[tuple[str, ...]] = [
        (f"  seat {seat['seat']}", str(seat["bot"]), str(seat["wins"]),
         share_text(seat["win_share"], seat["win_share_ci95"])) for seat in d["seats"]]
    lines += table(rows, right=(2,))
    if s.shared_wins:
        lines.append(f"  shared wins: {s.shared_wins} (counted for each winner)")
    lo, hi = d["hands_per_game_ci95"]
    lines.append(f"hands per game: {d['hands_per_game']} (95% interval {lo}-{hi}; longest "
                 f"game: {d['longest_game_hands']} hands)")
    lines.append(f"turns per hand: {d['turns_per_hand']}")
    lines.append("hands ended by:")
    ends = sorted(s.hand_ends.items(), key=lambda kv: (-kv[1], kv[0]))
    lines += table([(f"  {k}", str(v), percent(v, s.hands)) for k, v in ends], right=(1, 2))
    # only what the stakes mode tallies: a capture game scores points won, nobody loses a life
    lab = MODES[s.mode].lab
    if lab.lost is not None:
        lines.append(f"{lab.lost}: {s.lives_lost}")
    if lab.paid_always or s.pot_paid:
        lines.append(f"{lab.paid}: {s.pot_paid}")
    lines.append(f"speed: {d['turns_per_second']:,} turns per second "
                 f"({s.turns:,} turns in {s.seconds:.2f} s)")
    return lines


@click.command("simulate", short_help="Play many bot games and summarise them.")
@click.argument("rules", metavar="VARIANT", type=VARIANT)
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True,
              metavar="N",
              help="How many games to play.")
@click.option("--players", type=click.IntRange(min=1), default=None,
              metavar="N", help="Players per game; default: as many as --bots lists, else "
                                "the ruleset's default.")
@click.option("--bots", default="greedy", show_default=True, metavar="SPEC",
              help=f"One bot for every seat or a comma list, one per seat "
                   f"({', '.join(BOTS)}).")
@where_options
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--record", "record_dir", type=OUTPUT_FOLDER, default=None, metavar="DIR",
              help="Write every game's record to DIR (created if missing) as game-00001.json, "
                   "game-00002.json, ...; `trentuno replay FILE` plays one again.")
def simulate(rules, games: int, players, bots: str, seed: int, jobs: int,
             cluster: str | None, as_json: bool, record_dir: str | None) -> None:
    """Play GAMES games of VARIANT between bots and summarise them: wins per seat (with 95%
    intervals), hands per game, turns per hand, how hands ended, lives lost, pot paid, speed."""
    players = players_for([rules], players, bots)
    check_bots(bots, players, seed)
    if record_dir is not None:
        if cluster is not None:
            raise click.BadParameter("records are written where the games run: not with "
                                     "--cluster", param_hint="'--record'")
        prepare_record_dir(record_dir)
    with progress_bar(games, "simulating") as bar:
        summary = run_simulation(rules, games, players, bots, seed, jobs, progress=bar,
                                 record_dir=record_dir, cluster=cluster)
    names = end_names(rules)
    stopped = summary.hand_ends.get(names["void:turn_limit"], 0)
    if stopped:
        click.echo(f"{PROG}: warning: {stopped} game{'s' if stopped != 1 else ''} stopped at a "
                   f"hand that nothing ended in {MAX_TURNS_PER_HAND} turns (can every hand "
                   f"end? `trentuno validate` says)", err=True)
    held = summary.hand_ends.get(names[HAND_LIMIT], 0)
    if held:
        click.echo(f"{PROG}: warning: {held} game{'s' if held != 1 else ''} stopped after "
                   f"{MAX_HANDS_PER_GAME} hands without a winner by the rules, the best placed "
                   f"winning (can the game be won? `trentuno validate` says)", err=True)
    if as_json:
        echo_json(summary.as_dict())
    else:
        for line in report(summary):
            click.echo(line)
    if record_dir is not None:
        first, last = record_file(record_dir, 0), record_file(record_dir, games - 1)
        span = first.name if games == 1 else f"{first.name} ... {last.name}"
        click.echo(f"records: {games} written to {record_dir} ({span})", err=True)


def prepare_record_dir(record_dir: str) -> None:
    """Create the --record folder if missing (OUTPUT_FOLDER has checked that it is a folder or
    can be one); fail (exit 1) before playing when it cannot be made or written to, or when
    it already holds records (they would be mixed with, or replaced by, this run's; a
    `game-*.json` that is a FIFO or a symlink counts too)."""
    from trentuno.engine.atomic import make_room

    folder = Path(record_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        held = sorted(p.name for p in folder.glob("game-*.json"))  # as record_file names them
        if held:
            raise Failure(f"{record_dir} already holds records ({held[0]}"
                          f"{', ...' if len(held) > 1 else ''}): choose an empty folder or "
                          f"remove them first")
        make_room(folder)
    except OSError as err:
        raise Failure(f"cannot write records to {record_dir}: "
                      f"{err.strerror or err}") from None
