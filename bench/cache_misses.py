"""Instructions and first-level cache misses (instruction and data) per player turn, for the
engine (with greedy bots) and for the hand-written reference, counted by valgrind's
cachegrind.

Why: on this interpreter a turn's time is its instructions plus its cache misses, and the
engine long ran slower than the reference while executing fewer instructions, because it
touched more code and memory than the first-level caches hold. CPU-time ratios
(`compare.py`) say how far off the engine is and move with the machine's load; these counts
say why, and repeat exactly: each run has address randomization off (`setarch -R`, where
there is one) and a fixed string-hash seed. Each side is run for two game counts and the
difference is divided by the difference in turns, so start-up (imports, compiling the rules)
cancels out. Measure a change here first; a change of a few per cent is below the noise of
timings.

    python bench/cache_misses.py [REFERENCE] [--games 20,80] [--players 4] [--only engine]

REFERENCE is a reference in bench/ by name or a path, as for `compare.py` (default trentuno);
the engine plays that reference's ruleset with its bots.

Needs `valgrind` on the PATH; takes a few minutes (valgrind runs code about 50x slower).
Prints one line.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from compare import reference_path

HERE = Path(__file__).resolve().parent

#: one run: plays the games and prints the number of player turns on stderr
PROGRAM = """
import importlib.util, random, sys
side, games, reference, players = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
spec = importlib.util.spec_from_file_location("reference", reference)
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
if side == "reference":  # the engine is not even imported
    rng = random.Random(1)
    stats = {"games": 0, "hands": 0, "decisions": 0, "knocks": 0, "blitz": 0}
    for _ in range(games):
        ref.play_game(rng, players, stats)
    sys.stderr.write(f"@@turns {stats['decisions']}\\n")
else:
    sys.path.insert(0, sys.argv[5])
    from compare import ruleset_for
    from trentuno.engine.simulate import run_games
    rules = ruleset_for(ref, players)
    summary = run_games(rules, 0, games, players, getattr(ref, "BOTS", "greedy"), 1)
    sys.stderr.write(f"@@turns {summary.turns}\\n")
"""


#: address randomization off, so that where objects fall (and so the counts) repeat
NO_ASLR = ["setarch", "-R"] if shutil.which("setarch") else []


def counted(side: str, games: int, reference: Path, players: int,
            hash_seed: int) -> tuple[int, int, int, int]:
    """(turns, instructions, L1 instruction misses, L1 data misses) of one run."""
    done = subprocess.run(
        [*NO_ASLR, "valgrind", "--tool=cachegrind", "--cache-sim=yes",
         "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", PROGRAM, side, str(games), str(reference), str(players),
         str(HERE)],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)})
    out = done.stderr
    turns = re.search(r"@@turns (\d+)", out)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out)
    code = re.search(r"I1\s+misses:\s+([\d,]+)", out)
    misses = re.search(r"D1\s+misses:\s+([\d,]+)", out)
    if done.returncode != 0 or not (turns and refs and code and misses):
        sys.exit(f"cache_misses.py: the {side} run failed:\n{out[-2000:]}")
    return (int(turns.group(1)), int(refs.group(1).replace(",", "")),
            int(code.group(1).replace(",", "")), int(misses.group(1).replace(",", "")))


def per_turn(side: str, few: int, many: int, reference: Path, players: int,
             seeds: int) -> tuple[float, float, float]:
    """(instructions, instruction misses, data misses) per turn, averaged over string-hash
    seeds: where dict and set entries fall moves the counts by a few per cent."""
    totals = [0.0, 0.0, 0.0]
    for seed in range(seeds):
        with ThreadPoolExecutor(2) as pool:
            small, big = pool.map(counted, (side, side), (few, many), (reference, reference),
                                  (players, players), (seed, seed))
        turns = big[0] - small[0]
        for k in range(3):
            totals[k] += (big[k + 1] - small[k + 1]) / turns / seeds
    return totals[0], totals[1], totals[2]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("reference", nargs="?", default="trentuno",
                    help="a reference in bench/ by name (default trentuno) or a path")
    ap.add_argument("--games", default="20,80", help="the two game counts (default 20,80)")
    ap.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    ap.add_argument("--seeds", type=int, default=3,
                    help="string-hash seeds to average over (default 3)")
    ap.add_argument("--only", choices=["engine", "reference"], default=None,
                    help="count one side only")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("cache_misses.py: needs valgrind on the PATH")
    path = reference_path(args.reference)
    if not path.is_file():
        sys.exit(f"cache_misses.py: reference simulator not found at {path}")
    few, many = (int(g) for g in args.games.split(","))
    parts = []
    for side in ("engine", "reference"):
        if args.only in (None, side):
            i, c, d = per_turn(side, few, many, path, args.players, args.seeds)
            name = "the engine" if side == "engine" else path.stem
            parts.append(f"{name} {i:,.0f} instructions, {c:,.0f} L1 instruction and "
                         f"{d:,.0f} L1 data misses")
    print(f"per player turn: {'; '.join(parts)} (cachegrind, {many} minus {few} games, "
          f"{args.players} players, mean of {args.seeds} hash seeds)")


if __name__ == "__main__":
    main()
