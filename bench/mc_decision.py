"""How long the `mc` bot takes to decide, at its default budget unless told otherwise.

Plays games of `mc` against `greedy` and times every decision of the `mc` seat that has more
than one legal move (CPU time). Prints one line per ruleset: the median and the 90th
percentile, over all decisions (the budget is a median of at most 0.2 s).

    python bench/mc_decision.py [--bots mc] [--games 5] [RULESET ...]
"""
from __future__ import annotations

import argparse
import statistics
import time

from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.simulate import game_seed


def decision_times(ruleset: str, spec: str, games: int, seed: int) -> list[float]:
    rules = load(ruleset)
    n = 4 if rules.min_players <= 4 <= rules.max_players else rules.default_players
    times = []
    for g in range(games):
        s = game_seed(seed, g)
        bots = parse_bots(",".join([spec] + ["greedy"] * (n - 1)), n, s)
        state = GameState(rules, n, seed=s, record=False, history=True)
        while not state.is_over:
            actions = state.legal_actions()
            p = state.current_player
            if p == 0 and len(actions) > 1:
                t0 = time.process_time()
                choice = bots[0](state, actions)
                times.append(time.process_time() - t0)
            else:
                choice = bots[p](state, actions)
            state.apply_unchecked(choice)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=["trentuno", "thirty-one", "scat",
                                                    "schwimmen", "trentuno-vedova"])
    ap.add_argument("--bots", default="mc", help="the bot spec to time (default: mc)")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for name in args.rulesets:
        t = sorted(decision_times(name, args.bots, args.games, args.seed))
        p90 = t[int(0.9 * (len(t) - 1))]
        print(f"mc decision: {name} {statistics.median(t) * 1000:.1f} ms median, "
              f"{p90 * 1000:.1f} ms 90th percentile ({len(t)} decisions, {args.bots} "
              f"against greedy, CPU time; budget 200 ms median)")


if __name__ == "__main__":
    main()
