"""Speed of the interpreter against the hand-written reference simulator.

Runs `../shared/bench/reference_trentuno.py` (same rules, same greedy policy) and then the
built-in `trentuno` ruleset through the public game API with `greedy` bots, back to back on
this machine, and prints player turns ("decisions") per second for both and their ratio.
Not a test: timings belong to the machine, so CI does not gate on them.

    python bench/compare.py [--games 2000] [--players 4] [--repeat 3] [--reference PATH]
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

from trentuno.engine.simulate import run_games
from trentuno.engine.variants import load

HERE = Path(__file__).resolve().parent
DEFAULT_REFERENCE = HERE.parent.parent / "shared" / "bench" / "reference_trentuno.py"


def reference_rate(path: Path, games: int, players: int, seed: int) -> float:
    out = subprocess.run([sys.executable, str(path), str(games), str(players), str(seed)],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"decisions_per_s=(\d+)", out)
    if not m:
        sys.exit(f"compare.py: could not read the reference's output: {out!r}")
    return float(m.group(1))


def engine_rate(games: int, players: int, seed: int) -> float:
    rules = load("trentuno")
    t0 = time.perf_counter()
    summary = run_games(rules, 0, games, players, "greedy", seed)
    return summary.turns / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs for each side")
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = ap.parse_args()
    if not args.reference.is_file():
        sys.exit(f"compare.py: reference simulator not found at {args.reference} "
                 f"(give --reference PATH)")
    ref = eng = 0.0
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        ref = max(ref, reference_rate(args.reference, args.games, args.players, args.seed))
        eng = max(eng, engine_rate(args.games, args.players, args.seed))
    print(f"reference  {ref:>10.0f} decisions/s")
    print(f"trentuno   {eng:>10.0f} decisions/s")
    print(f"ratio      {eng / ref:>10.2f}  (floor 0.5, goal 1.0)")


if __name__ == "__main__":
    main()
