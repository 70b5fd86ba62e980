"""Speed of the interpreter against the hand-written reference simulator.

Plays the same number of games with the reference (`../shared/bench/reference_trentuno.py`:
the same rules, the same greedy policy) and with the built-in `trentuno` ruleset through the
public game API with `greedy` bots, in this process, in turns, several times, and prints one
line: player turns ("decisions") per second of CPU time for both, the median of the runs, and
their ratio. Interleaving the runs makes both sides see the same machine load; CPU time leaves
out the time other processes take the core. Not a test: timings belong to the machine, so CI
does not gate on them.

    python bench/compare.py [REFERENCE] [--games 1000] [--players 4] [--repeat 5]

REFERENCE is the reference simulator's path; it is needed when `../shared` is absent (a fresh
clone).
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from trentuno.engine.simulate import run_games
from trentuno.engine.variants import load

HERE = Path(__file__).resolve().parent
DEFAULT_REFERENCE = HERE.parent.parent / "shared" / "bench" / "reference_trentuno.py"


def load_reference(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_trentuno", path)
    if spec is None or spec.loader is None:
        sys.exit(f"compare.py: cannot load the reference simulator {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines functions only; its main() is not run
    return module


def reference_rate(ref: ModuleType, games: int, players: int, seed: int) -> float:
    rng = random.Random(seed)
    stats = {"games": 0, "hands": 0, "decisions": 0, "knocks": 0, "blitz": 0}
    t0 = time.process_time()
    for _ in range(games):
        ref.play_game(rng, players, stats)
    return stats["decisions"] / (time.process_time() - t0)


def engine_rate(games: int, players: int, seed: int) -> float:
    rules = load("trentuno")
    t0 = time.process_time()
    summary = run_games(rules, 0, games, players, "greedy", seed)
    return summary.turns / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("reference", nargs="?", type=Path, default=None,
                    help=f"the reference simulator (default: {DEFAULT_REFERENCE})")
    ap.add_argument("--reference", dest="reference_opt", type=Path, default=None,
                    help=argparse.SUPPRESS)  # the older spelling
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="interleaved runs of each side")
    args = ap.parse_args()
    path = args.reference or args.reference_opt or DEFAULT_REFERENCE
    if not path.is_file():
        sys.exit(f"compare.py: reference simulator not found at {path} (give its path: "
                 f"python bench/compare.py PATH/reference_trentuno.py)")
    ref = load_reference(path)
    refs, engs = [], []
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        refs.append(reference_rate(ref, args.games, args.players, args.seed))
        engs.append(engine_rate(args.games, args.players, args.seed))
    r, e = statistics.median(refs), statistics.median(engs)
    print(f"turn loop: trentuno {e:,.0f} decisions/s, reference {r:,.0f} decisions/s, "
          f"ratio {e / r:.2f} (median of {args.repeat} interleaved runs of {args.games} "
          f"games, CPU time; goal >= 1.0)")


if __name__ == "__main__":
    main()
