"""Speed of the interpreter against the hand-written reference simulator.

Plays the same number of games with the reference (`../shared/bench/reference_trentuno.py`:
the same rules, the same greedy policy) and with the built-in `trentuno` ruleset through the
public game API with `greedy` bots, in this process, in turns, several times, and prints one
line: player turns ("decisions") per second of CPU time for both (the median of the runs) and
the ratio, the median of each engine run's rate over the reference run's next to it.
Interleaving the runs makes both sides see the same machine load, and comparing each pair
keeps a slow spell of a shared machine out of the ratio: rates here move by 10-20% within
seconds, so the default is many short pairs (25 of 200 games; five pairs of 1,000 games gave
0.96 to 1.36 on three runs, 25 pairs of 200 gave 1.13 to 1.15), each pair run in the other
order than the one before. CPU time leaves out the time other processes take the core.
Two games on each side first, untimed, build what is built once (the ruleset's hand
tables). Not a test: timings belong to the machine, so CI does not gate on them.

    python bench/compare.py [REFERENCE] [--games 200] [--players 4] [--repeat 25]

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
    ap.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=25,
                    help="interleaved pairs of runs (default 25)")
    args = ap.parse_args()
    path = args.reference or args.reference_opt or DEFAULT_REFERENCE
    if not path.is_file():
        sys.exit(f"compare.py: reference simulator not found at {path} (give its path: "
                 f"python bench/compare.py PATH/reference_trentuno.py)")
    ref = load_reference(path)
    reference_rate(ref, 2, args.players, args.seed)  # untimed: what is made once is made
    engine_rate(2, args.players, args.seed)
    refs, engs = [], []
    for i in range(args.repeat):  # interleaved, so both see the same machine load
        if i % 2:  # every other pair the engine first: no side always runs after the other
            engs.append(engine_rate(args.games, args.players, args.seed))
            refs.append(reference_rate(ref, args.games, args.players, args.seed))
        else:
            refs.append(reference_rate(ref, args.games, args.players, args.seed))
            engs.append(engine_rate(args.games, args.players, args.seed))
    r, e = statistics.median(refs), statistics.median(engs)
    ratio = statistics.median(a / b for a, b in zip(engs, refs))
    print(f"turn loop: trentuno {e:,.0f} decisions/s, reference {r:,.0f} decisions/s, "
          f"ratio {ratio:.2f} (median of {args.repeat} interleaved pairs of runs of "
          f"{args.games} games, CPU time; goal >= 1.0)")


if __name__ == "__main__":
    main()
