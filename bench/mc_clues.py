"""What the others' moves say of their hands, clue by clue: the slip that fits them.

Plays four-player games among `--bots` (default greedy; the previous mc is
`mc:infer=off:score=hand`) and, at every other decision, summarises the others' last turns
as `mc` sees them (`engine.mc.last_turns`) and asks of each clue apart (a non-knock, the
discard thrown away, a visible card taken or left, an exchange or a pass) how often the real
hands break it and how often deals of the unseen cards do (`resample(keep_best=True)`, 6 a
decision). The ratio of the odds, (real / deals) / ((1 - real) / (1 - deals)), is what a
deal that breaks the clue should weigh against one that keeps it for these players: the
fitted `slip` (0 where the real hands never break it).

    python bench/mc_clues.py [--bots greedy] [--games 20] [--seed 1] [RULESET ...]
"""
from __future__ import annotations

import argparse
import random

from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.mc import last_turns, likelihood

#: each clue alone: the fields of a turn that the others' clues read, cleared
CLUES = {
    "knock": {"discarded": None, "declined": None, "taken": None, "table": None},
    "discard": {"could_knock": False, "declined": None, "taken": None, "table": None},
    "take": {"discarded": None, "could_knock": False, "table": None},
    "exchange": {"discarded": None, "could_knock": False, "declined": None, "taken": None},
}


def _applies(clue: str, t) -> bool:
    return {"knock": t.could_knock, "discard": t.discarded is not None,
            "take": t.declined is not None or t.taken is not None,
            "exchange": t.table is not None}[clue]


def breaks(ruleset: str, bots: str, games: int, seed: int) -> dict[str, list[float]]:
    """Per clue: [broken by the real hands, turns, broken by deals, deals]."""
    rules = load(ruleset)
    acc = {c: [0.0, 0.0, 0.0, 0.0] for c in CLUES}
    rng = random.Random(seed)
    for g in range(games):
        state = GameState(rules, 4, seed=seed * 1000 + g, record=False, history=True)
        seats = parse_bots(bots, 4, seed * 1000 + g)
        k = 0
        while not state.is_over:
            actions = state.legal_actions()
            k += 1
            if k % 2 == 0 and not state.hand_over:
                p = state.current_player
                turns = last_turns(state, p, rng)
                deals = [state.resample(p, rng, keep_best=True) for _ in range(6)] if turns else []
                for t in turns:
                    for clue, cleared in CLUES.items():
                        if not _applies(clue, t):
                            continue
                        alone = [t._replace(**cleared)]  # type: ignore[arg-type]
                        a = acc[clue]
                        a[0] += 1 - likelihood(state, alone, 0.0)
                        a[1] += 1
                        for d in deals:
                            a[2] += 1 - likelihood(d, alone, 0.0)
                            a[3] += 1
            state.apply_unchecked(seats[state.current_player](state, actions))
    return acc


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=["trentuno"])
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("| ruleset | players | clue | turns | real hands break it | deals break it | slip |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.rulesets:
        for clue, (real, n, dealt, m) in breaks(name, args.bots, args.games, args.seed).items():
            if not n:
                continue
            r, d = real / n, dealt / m
            slip = (r / d) / ((1 - r) / (1 - d)) if 0 < d < 1 and r < 1 else float("nan")
            print(f"| {name} | {args.bots} | {clue} | {n:.0f} | {r:.3f} | {d:.3f} | {slip:.2f} |")


if __name__ == "__main__":
    main()
