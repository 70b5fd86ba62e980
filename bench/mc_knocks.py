"""How a kind of player knocks: per round of a hand, at which hand values a knock was offered
and how often it was taken, over games of four such players.

It is what a knock bar for the playouts' players is read from: greedy knocks at 27 less the
rounds after the second and never below, plain `mc` (docs/lab.md, session 15) far sooner.

    python bench/mc_knocks.py [--ruleset trentuno] [--games 20] [--seed 5] SPEC
"""
from __future__ import annotations

import argparse
import collections

from mc_strength import PLAYERS, make_bot
from trentuno.engine import GameState, load
from trentuno.engine.roles import KNOCK
from trentuno.engine.simulate import game_seed

LAST_ROUND = 6  # rounds from this one on are counted together


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("spec")
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rules = load(args.ruleset)
    offered: collections.Counter = collections.Counter()
    knocked: collections.Counter = collections.Counter()
    for g in range(args.games):
        s = game_seed(args.seed, g)
        bots = [make_bot(args.spec, s * 1000 + i) for i in range(PLAYERS)]
        state = GameState(rules, PLAYERS, seed=s, record=False, history=True)
        while not state.is_over:
            actions = state.legal_actions()
            p = state.current_player
            choice = bots[p](state, actions)
            if len(actions) > 1 and any(a.role is KNOCK for a in actions):
                key = (min(state.round, LAST_ROUND), int(state.hand_value(p)))
                offered[key] += 1
                knocked[key] += choice.role is KNOCK
            state.apply_unchecked(choice)
    print(f"{args.ruleset}, {args.games} games of four {args.spec} (seed {args.seed}): "
          "hand value: knocked/offered")
    for r in sorted({r for r, _ in offered}):
        row = " ".join(f"{v}:{knocked[(r, v)]}/{offered[(r, v)]}"
                       for v in sorted(v for q, v in offered if q == r))
        print(f"round {r}{'+' if r == LAST_ROUND else ''}: {row}")


if __name__ == "__main__":
    main()
