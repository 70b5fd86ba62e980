"""OpenSpiel's CFR on one hand of a ruleset small enough to solve (see docs/api.md).

    pip install -e '.[openspiel]'
    python examples/cfr.py [--iterations 20] [--every 5] [--ruleset examples/tiny-thirty-one.yaml]

The ruleset is registered as an OpenSpiel game with explicit chance (every card of the deal a
chance node) over one hand, whose payoff is each player's change of standing (a life lost is
-1). CFR needs the whole game tree, so the hand must have a forced end: tiny-thirty-one ends
in a showdown after the first turn of the second round (a `turn_end` trigger with
`round_at_least: 2`, a general rule any ruleset can say), where draws and discards could
otherwise go on for ever. Prints NashConv (the sum over players of what a best response
gains against the average policy; 0 at a Nash equilibrium) every `--every` iterations.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def solve(ruleset: str | Path, iterations: int, every: int, out: Any = sys.stdout
          ) -> list[float]:
    """Run CFR for `iterations`, printing and returning NashConv every `every` of them."""
    from open_spiel.python.algorithms import cfr, exploitability
    from trentuno import openspiel
    from trentuno.engine import load
    rules = load(str(ruleset))
    game = openspiel.register(rules, players=2, chance="explicit", horizon="hand")
    solver = cfr.CFRSolver(game)
    seen = []
    print(f"CFR on one hand of {rules.name} ({game.get_type().short_name})", file=out)
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i % every == 0 or i == iterations:
            conv = exploitability.nash_conv(game, solver.average_policy())
            seen.append(conv)
            print(f"iteration {i:4d}  NashConv {conv:.5f}", file=out, flush=True)
    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--ruleset", default=str(HERE / "tiny-thirty-one.yaml"))
    args = ap.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        sys.exit("cfr.py: OpenSpiel is not installed: pip install '.[openspiel]'")
    solve(args.ruleset, max(args.iterations, 1), max(args.every, 1))


if __name__ == "__main__":
    main()
