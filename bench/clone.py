"""Time `GameState.clone()` on a mid-hand Trentuno state (the search API's budget: 25 us).

Prints one line: the median over several runs of the CPU time per clone.

    python bench/clone.py [--ruleset trentuno] [--clones 20000] [--repeat 7]
"""
from __future__ import annotations

import argparse
import statistics
import time

from trentuno.engine import GameState, load
from trentuno.engine.bots import greedy_bot


def mid_hand(ruleset: str, seed: int) -> GameState:
    """A state in the middle of its second round, after a few hands of greedy play."""
    rules = load(ruleset)
    state = GameState(rules, rules.default_players, seed=seed, record=False)
    bot = greedy_bot()
    while state.hand_number < 3 or state.round < 2 or state.step != rules.start_step:
        state.apply_unchecked(bot(state, state.legal_actions()))
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--clones", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    state = mid_hand(args.ruleset, args.seed)
    clone = state.clone
    runs = []
    for _ in range(args.repeat):
        t0 = time.process_time()
        for _ in range(args.clones):
            clone()
        runs.append((time.process_time() - t0) / args.clones)
    print(f"clone: {statistics.median(runs) * 1e6:.1f} us per clone ({args.ruleset} mid-hand, "
          f"{state.players} players; median of {args.repeat} runs, CPU time; budget 25 us)")


if __name__ == "__main__":
    main()
