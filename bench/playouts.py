"""Random playouts to the end of a hand per second: what a Monte Carlo search pays per sample.

From a mid-hand state, clone it held at the end of the hand (`stop_at_hand_end`, no record),
play random moves until the hand is over, and count. Prints one line: the median over several
runs (CPU time), with the average moves per playout; `--bot greedy` for the playouts the `mc`
bot uses.

With `--compare` (Trentuno, random playouts), the same position is also played out by the
hand-written `reference_playout.py`, in interleaved runs, and the line gives the ratio: the
median of each engine run's rate over the reference run's next to it.

    python bench/playouts.py [--ruleset trentuno] [--playouts 2000] [--repeat N] [--compare]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import reference_playout
from clone import mid_hand
from trentuno.engine.bots import BOTS
from trentuno.engine.state import GameState


def engine_rate(state: GameState, bot, playouts: int) -> tuple[float, int]:
    """(playouts per second, moves made) of one run."""
    moves = 0
    t0 = time.process_time()
    for _ in range(playouts):
        sim = state.clone(record=False, history=False, stop_at_hand_end=True)
        apply = sim.apply_unchecked
        while not sim.hand_over:
            apply(bot(sim, sim.legal_actions()))
            moves += 1
    return playouts / (time.process_time() - t0), moves


def reference_rate(start: reference_playout.Position, rng: random.Random,
                   playouts: int) -> tuple[float, int]:
    moves = 0
    play = reference_playout.playout
    t0 = time.process_time()
    for _ in range(playouts):
        moves += play(start, rng)
    return playouts / (time.process_time() - t0), moves


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--bot", default="random", choices=["random", "greedy"])
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs (default 5; with --compare 25 interleaved pairs)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", action="store_true",
                    help="against the hand-written playout (trentuno, random)")
    args = ap.parse_args()
    if args.repeat is None:
        args.repeat = 25 if args.compare else 5
    state = mid_hand(args.ruleset, args.seed)
    bot = BOTS[args.bot].make(args.seed)
    if args.compare and (args.ruleset != "trentuno" or args.bot != "random"):
        ap.error("--compare plays Trentuno with random moves")
    start = reference_playout.Position.of(state)
    rng = random.Random(args.seed)
    rates, refs, moves, ref_moves = [], [], 0, 0
    for i in range(args.repeat):
        if args.compare and i % 2 == 0:
            rate, ref_moves = reference_rate(start, rng, args.playouts)
            refs.append(rate)
        rate, moves = engine_rate(state, bot, args.playouts)
        rates.append(rate)
        if args.compare and i % 2 == 1:
            rate, ref_moves = reference_rate(start, rng, args.playouts)
            refs.append(rate)
    line = (f"playouts: {statistics.median(rates):,.0f} {args.bot} playouts to the end of a "
            f"hand per second ({args.ruleset} mid-hand, {moves / args.playouts:.1f} moves each")
    if args.compare:
        ratio = statistics.median(e / r for e, r in zip(rates, refs))
        line += (f"; hand-written {statistics.median(refs):,.0f} per second, "
                 f"{ref_moves / args.playouts:.1f} moves each; ratio {ratio:.2f}")
    print(line + f"; median of {args.repeat} runs, CPU time)")


if __name__ == "__main__":
    main()
