"""What greedy's turn written as code (engine/policy_code.py) saves: the same games played by
`run_games` with the written turn and by the general loop (the bots choosing from listed
moves), in this process, in interleaved pairs, CPU time; prints the median ratio of the
general loop's time over the written turn's, and each side's turns per second.

Both sides play the very same games (tests/test_policy_code.py), so the ratio is the saving
alone, and a pair sees the same machine load.

    python bench/policy_gain.py [--ruleset trentuno] [--players 4] [--games 200] [--repeat 25]
"""
from __future__ import annotations

import argparse
import statistics
import time

from trentuno.engine import simulate
from trentuno.engine.bots import compiled_turn
from trentuno.engine.variants import load


def _timed(rules, games: int, players: int, written: bool) -> tuple[float, int]:
    simulate.compiled_turn = compiled_turn if written else (lambda *a: None)
    try:
        t0 = time.process_time()
        s = simulate.run_games(rules, 0, games, players, "greedy", 1)
        return time.process_time() - t0, s.turns
    finally:
        simulate.compiled_turn = compiled_turn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="trentuno")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=25)
    a = ap.parse_args()
    rules = load(a.ruleset)
    for written in (True, False):  # what is made once per ruleset is made
        _timed(rules, 2, a.players, written)
    ratios, fast, slow = [], [], []
    for k in range(a.repeat):
        order = (True, False) if k % 2 == 0 else (False, True)
        got = {w: _timed(rules, a.games, a.players, w) for w in order}
        (tw, turns), (tg, _) = got[True], got[False]
        ratios.append(tg / tw)
        fast.append(turns / tw)
        slow.append(turns / tg)
    print(f"{a.ruleset}, {a.players} players: written turn {statistics.median(fast):,.0f} "
          f"turns/s, general loop {statistics.median(slow):,.0f} turns/s, ratio "
          f"{statistics.median(ratios):.2f} (median of {a.repeat} interleaved pairs of "
          f"{a.games} games, CPU time)")


if __name__ == "__main__":
    main()
