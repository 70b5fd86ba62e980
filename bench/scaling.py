"""How `simulate` scales over the CPUs: games per second with --jobs 1..ncpu, and the
efficiency per core (speed-up / jobs).

Wall-clock time (CPU time would hide what parallel runs are for), runs interleaved
(1, 2, ..., n, 1, 2, ...) so a machine that gets busier mid-run weighs on every job count
alike, median over the repeats. Each run also checks the summary is the same for every job
count. Not a test: timings belong to the machine. Prints one line:

    python bench/scaling.py [--variant trentuno] [--games 2000] [--repeat 3] [--max-jobs N]
"""
from __future__ import annotations

import argparse
import statistics
import time

from trentuno.engine.parallel import cpu_count
from trentuno.engine.simulate import simulate
from trentuno.engine.variants import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="trentuno")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-jobs", type=int, default=cpu_count())
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rules = load(args.variant)
    players = rules.default_players
    counts = list(range(1, max(1, args.max_jobs) + 1))
    seconds: dict[int, list[float]] = {j: [] for j in counts}
    reference = None
    for _ in range(args.repeat):
        for j in counts:
            t0 = time.perf_counter()
            summary = simulate(rules, args.games, players, "greedy", args.seed, jobs=j)
            seconds[j].append(time.perf_counter() - t0)
            d = summary.as_dict()
            del d["seconds"], d["turns_per_second"]
            if reference is None:
                reference = d
            elif d != reference:
                raise SystemExit(f"scaling.py: --jobs {j} gave a different summary")
    rate = {j: args.games / statistics.median(seconds[j]) for j in counts}
    parts = [f"jobs=1 {rate[1]:.0f} games/s"]
    for j in counts[1:]:
        speedup = rate[j] / rate[1]
        parts.append(f"jobs={j} {rate[j]:.0f} games/s ({speedup:.2f}x, efficiency "
                     f"{100 * speedup / j:.0f}%)")
    print(f"simulate scaling ({args.variant}, {args.games} games, median of {args.repeat}, "
          f"{cpu_count()} CPUs): " + "; ".join(parts))


if __name__ == "__main__":
    main()
