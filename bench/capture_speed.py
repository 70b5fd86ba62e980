"""Speed of the capture family: instructions per player turn of `simulate` with greedy bots,
counted by valgrind (cachegrind without its cache simulation), for Scopa and Cocincina.

Why instructions: the ways of taking are listed on every turn (for each card in hand), so a
change to how they are listed shows in the turn's cost; timings of the shared 2-core machine
move by 10-30% within a minute, the counts repeat to a few per mille. Each ruleset is run for
two game counts and the difference is divided by the difference in turns, so start-up
(imports, compiling the rules) cancels out. With `--tree`, the engine is imported from another
checkout's package folder (a folder holding `trentuno/engine`, ...), to compare before and
after a change in the same run:

    python bench/capture_speed.py [--tree /tmp/base] [--games 10,40] [RULESET ...]

Needs `valgrind` on the PATH. Prints one line per ruleset.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PROGRAM = """
import sys
from trentuno.engine.simulate import run_games
from trentuno.engine.variants import load
rules = load(sys.argv[1])
summary = run_games(rules, 0, int(sys.argv[2]), rules.default_players, "greedy", 1)
sys.stderr.write(f"@@turns {summary.turns}\\n")
"""

NO_ASLR = ["setarch", "-R"] if shutil.which("setarch") else []


def counted(ruleset: str, games: int, tree: str | None) -> tuple[int, int]:
    """(turns, instructions) of one run."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "TRENTUNO_CACHE_DIR": ""}
    if tree:
        env["PYTHONPATH"] = tree
    done = subprocess.run(
        [*NO_ASLR, "valgrind", "--tool=cachegrind", "--cache-sim=no",
         "--cachegrind-out-file=/dev/null", sys.executable, "-c", PROGRAM, ruleset, str(games)],
        capture_output=True, text=True, check=False, env=env)
    turns = re.search(r"@@turns (\d+)", done.stderr)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or not (turns and refs):
        sys.exit(f"capture_speed.py: the {ruleset} run failed:\n{done.stderr[-2000:]}")
    return int(turns.group(1)), int(refs.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=["scopa", "cocincina"])
    ap.add_argument("--games", default="10,40", help="the two game counts (default 10,40)")
    ap.add_argument("--tree", help="import the engine from this folder (PYTHONPATH)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("capture_speed.py: needs valgrind on the PATH")
    few, many = (int(g) for g in args.games.split(","))
    for ruleset in args.rulesets:
        with ThreadPoolExecutor(2) as pool:
            small, big = pool.map(counted, (ruleset, ruleset), (few, many),
                                  (args.tree, args.tree))
        per_turn = (big[1] - small[1]) / (big[0] - small[0])
        print(f"{ruleset}: {per_turn:,.0f} instructions per turn ({many} minus {few} games, "
              f"greedy{', ' + args.tree if args.tree else ''})", flush=True)


if __name__ == "__main__":
    main()
