"""Random playouts to the end of a hand per second: what a Monte Carlo search pays per sample.

From a mid-hand state, clone it held at the end of the hand (`stop_at_hand_end`, no record),
play random moves until the hand is over, and count. Prints one line: the median over several
runs (CPU time), with the average moves per playout; `--bot greedy` for the playouts the `mc`
bot uses.

    python bench/playouts.py [--ruleset trentuno] [--playouts 2000] [--repeat 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

from clone import mid_hand
from trentuno.engine.bots import BOTS


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--bot", default="random", choices=["random", "greedy"])
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    state = mid_hand(args.ruleset, args.seed)
    bot = BOTS[args.bot].make(args.seed)
    rates, moves = [], 0
    for _ in range(args.repeat):
        moves = 0
        t0 = time.process_time()
        for _ in range(args.playouts):
            sim = state.clone(record=False, history=False, stop_at_hand_end=True)
            while not sim.hand_over:
                sim.apply_unchecked(bot(sim, sim.legal_actions()))
                moves += 1
        rates.append(args.playouts / (time.process_time() - t0))
    print(f"playouts: {statistics.median(rates):,.0f} {args.bot} playouts to the end of a hand "
          f"per second ({args.ruleset} mid-hand, {moves / args.playouts:.1f} moves each; "
          f"median of {args.repeat} runs, CPU time)")


if __name__ == "__main__":
    main()
