"""What an `mc` spec costs per decision, against others, over the same positions.

Collects positions from games of four previous `mc` bots (every third decision with more
than one legal move) and times each spec deciding every one of them, the specs interleaved
run after run, CPU time; prints each spec's median over the runs of its mean per decision.
It is how a budget in worlds is matched to another's time (`iterations` for equal time).

    python bench/mc_cost.py [--ruleset trentuno] [--games 6] [--runs 2] SPEC [SPEC ...]
"""
from __future__ import annotations

import argparse
import statistics
import time

from mc_strength import make_bot
from trentuno.engine import GameState, load, parse_bots


def positions(ruleset: str, games: int) -> list:
    rules = load(ruleset)
    out = []
    for g in range(games):
        state = GameState(rules, 4, seed=100 + g, record=False, history=True)
        bots = parse_bots("mc:infer=off:score=hand", 4, g)
        k = 0
        while not state.is_over:
            actions = state.legal_actions()
            if len(actions) > 1 and k % 3 == 0 and not state.hand_over:
                out.append(state.clone())
            k += 1
            state.apply_unchecked(bots[state.current_player](state, actions))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("specs", nargs="+")
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    states = positions(args.ruleset, args.games)
    times: dict[str, list[float]] = {s: [] for s in args.specs}
    for run in range(args.runs):
        for spec in args.specs:
            bot = make_bot(spec, run)
            t0 = time.process_time()
            for state in states:
                bot(state, state.legal_actions())
            times[spec].append((time.process_time() - t0) / len(states) * 1000)
    for spec in args.specs:
        runs = ", ".join(f"{t:.2f}" for t in times[spec])
        print(f"{args.ruleset} {spec}: {statistics.median(times[spec]):.2f} ms a decision "
              f"(runs {runs}; {len(states)} positions, CPU time)")


if __name__ == "__main__":
    main()
