"""Two bots on the same deals: the difference of their win shares, paired game by game.

Game g is played twice with the same seeds, the same opponents and the same seat (g mod
players), once with `--bot` and once with `--old` in that seat; the per-game difference of
their wins (shared wins as fractions) gives a mean and a 95% Student t interval, with the
correlation of the two bots' results, which says how much the pairing narrows the interval
against two independent tables (the interval's width shrinks by sqrt(1 - correlation)).

    python bench/mc_paired.py [--games 100] [--seed 0] [--first 0] [--ruleset trentuno]
                              [--players 4] [--against greedy] [--bot NEW] [--old OLD]
"""
from __future__ import annotations

import argparse
import statistics

from mc_strength import NEW, OLD, PLAYERS, play_cell
from trentuno.engine.stats import mean_interval


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--players", type=int, default=PLAYERS)
    ap.add_argument("--against", default="greedy", help="greedy, mc-old or any bot spec")
    ap.add_argument("--bot", default=NEW)
    ap.add_argument("--old", default=OLD)
    args = ap.parse_args()
    opponent = args.old if args.against == "mc-old" else args.against
    new: list[float] = []
    old: list[float] = []
    for g in range(args.first, args.first + args.games):
        for bot, out in ((args.bot, new), (args.old, old)):
            out.append(play_cell(args.ruleset, bot, opponent, range(g, g + 1), args.seed,
                                 args.players)[0])
    diff = [a - b for a, b in zip(new, old)]
    n = len(diff)
    mean, lo, hi = mean_interval(diff)
    same = sum(d == 0 for d in diff)
    varied = n > 2 and len(set(new)) > 1 and len(set(old)) > 1
    corr = statistics.correlation(new, old) if varied else float("nan")
    print(f"{args.ruleset}, seed {args.seed}, games {args.first}-{args.first + n - 1}, "
          f"against {args.against}: {args.bot} {statistics.fmean(new):.3f}, {args.old} "
          f"{statistics.fmean(old):.3f}; difference {mean:+.3f} "
          f"({lo:+.3f} to {hi:+.3f}, paired t); same result in {same} "
          f"games of {n}; correlation {corr:.2f}")


if __name__ == "__main__":
    main()
