"""How strong the `mc` bot is: its win share against greedy and against the previous mc.

For every ruleset and every opponent, plays `--games` games of `--players` (default four) with
the bot tested (`--bot`, default `NEW` below) in one seat, turn about (game g puts it in seat
g mod players, so every seat gets its share), and the opponent in the others: `greedy`, or
the previous plain `mc` (`OLD`: no inference from the others' moves, worlds scored by the
hand, greedy's knock bar in the playouts). A game won by several players together counts 1/k
to each of its k winners, so the fair share is exactly 1/players (partners who win together,
as at four-player Scopa, get a half each, and the tested bot's partner is an opponent's kind:
0.5 there is a side that wins every game). Prints one Markdown row per cell as it finishes:
the win share, its 95% Wilson interval, and the median CPU time of the tested bot's decisions
and of the opponents' (those with more than one legal move). The budget per decision is fixed
in worlds (`iterations`), not in seconds, so a seed reproduces the table exactly; equal time per
decision is had by giving each bot the worlds that cost the same (the two median columns say
whether they did).

    python bench/mc_strength.py [--games 200] [--seed 0] [--first 0] [--rulesets trentuno scat]
                                [--players 4] [--against greedy mc-old] [--bot mc]
                                [--old SPEC]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from trentuno.engine import GameState, load
from trentuno.engine.bots import parse_bot
from trentuno.engine.mc import PLAYOUT_BARS  # the playout bars `--bots` does not list yet
from trentuno.engine.simulate import game_seed
from trentuno.engine.stats import wilson

PLAYERS = 4
RULESETS = ("trentuno", "thirty-one", "scat", "schwimmen", "trentuno-vedova")
OLD = "mc:infer=off:score=hand:others=27"  # the previous plain `mc`: greedy's bar in playouts
#: the candidate (session 15): the playouts' players knock from a bar of 25, not greedy's 27
#: (fitted on seed 1, docs/lab.md), fewer turns a playout, so no more time a decision
NEW = "mc:infer=off:score=hand:others=25"


def make_bot(spec: str, seed: int):
    """The bot of one seat as `parse_bots` makes it (the same seed); an `mc` spec may also
    name the playouts' knock bars (`others=`, `own=`), given to its constructor."""
    parts = spec.split(":")
    extra = {k: float(v) for k, _, v in (p.partition("=") for p in parts[1:])
             if k in PLAYOUT_BARS}
    kind, params = parse_bot(":".join(p for p in parts if p.partition("=")[0]
                                      not in PLAYOUT_BARS))
    return kind.make(seed, **params, **extra)


def play_cell(ruleset: str, bot: str, opponent: str, games: range, seed: int,
              players: int = PLAYERS) -> tuple[float, list[float], list[float]]:
    """The tested bot's wins (shared ones as fractions) over `games`, its decision times and
    the opponents' (decisions with more than one legal move, CPU time)."""
    rules = load(ruleset)
    wins = 0.0
    times: list[float] = []
    theirs: list[float] = []
    for g in games:
        s = game_seed(seed, g)
        seat = g % players
        specs = [opponent] * players
        specs[seat] = bot
        bots = [make_bot(spec, s * 1000 + i + 1) for i, spec in enumerate(specs)]
        state = GameState(rules, players, seed=s, record=False, history=True)
        while not state.is_over:
            actions = state.legal_actions()
            p = state.current_player
            if len(actions) > 1:
                t0 = time.process_time()
                choice = bots[p](state, actions)
                (times if p == seat else theirs).append(time.process_time() - t0)
            else:
                choice = bots[p](state, actions)
            state.apply_unchecked(choice)
        if seat in state.winners:
            wins += 1 / len(state.winners)
        if (g + 1) % 25 == 0:
            print(f"  {ruleset} vs {opponent}: game {g + 1}, {wins:g} won",
                  file=sys.stderr, flush=True)
    return wins, times, theirs


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per cell (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0,
                    help="the number of the first game (to split a cell over processes: "
                         "games FIRST..FIRST+GAMES-1 are the same games as in one run)")
    ap.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    ap.add_argument("--players", type=int, default=PLAYERS,
                    help=f"players at the table (default {PLAYERS}); fair share 1/players")
    ap.add_argument("--against", nargs="+", default=["greedy", "mc-old"],
                    help="opponents: greedy, mc-old (the previous mc), or any bot spec")
    ap.add_argument("--bot", default=NEW, help=f"the bot tested (default: {NEW})")
    ap.add_argument("--old", default=OLD, help=f"what mc-old plays (default: {OLD})")
    args = ap.parse_args()
    print(f"| ruleset | against | games | `{args.bot}` win share | 95% interval | decision "
          "| opponents' decision |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for ruleset in args.rulesets:
        for against in args.against:
            opponent = args.old if against == "mc-old" else against
            games = range(args.first, args.first + args.games)
            wins, times, theirs = play_cell(ruleset, args.bot, opponent, games, args.seed,
                                           args.players)
            lo, hi = wilson(wins, args.games)
            ms, oms = (statistics.median(t) * 1000 if t else 0.0 for t in (times, theirs))
            print(f"| {ruleset} | {against} | {args.games} | {wins / args.games:.3f} | "
                  f"{lo:.3f}-{hi:.3f} | {ms:.1f} ms | {oms:.1f} ms |", flush=True)


if __name__ == "__main__":
    main()
