"""Start-up of `score` and `validate` of one file (and of `--help`) against `python -c "import
yaml, click"`.

The aim (issue 10): `score` and `validate` of one file start in under 0.15 s wall, and
validating every built-in in one call takes under 1 s. Prints one line: the median over
interleaved runs (so a busy moment slows every command alike) of the wall and CPU time of
each command, and each one's ratio to the baseline's wall time.

Byte-code is written and used as an installed package would (PYTHONDONTWRITEBYTECODE is
dropped from the children's environment), and the verdict memory is warm: one `validate` of
each document runs before the timed ones, as it will have on a user's machine.

    python bench/startup.py [--runs 15]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, env=env, timeout=120)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    from trentuno.engine.variants import builtin_files

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["TRENTUNO_CACHE_DIR"] = cache
        tool = [sys.executable, "-m", "trentuno.cli.main"]
        commands = {
            "yaml+click": [sys.executable, "-c", "import yaml, click"],
            "score": [*tool, "score", "trentuno", "Ac Rc Fc"],
            "validate": [*tool, "validate", "trentuno"],
            "validate-all": [*tool, "validate", *builtin_files()],
            "help": [*tool, "--help"],
        }
        for command in commands.values():  # byte-code written, verdicts learnt
            timed(command, env)
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                wall, cpu = timed(command, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    base = statistics.median(walls["yaml+click"])
    parts = []
    for name in commands:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        ratio = "" if name == "yaml+click" else f" ({wall / base:.2f}x)"
        parts.append(f"{name} {wall:.3f}/{cpu:.3f}{ratio}")
    print(f"startup, median of {args.runs} interleaved runs, wall/CPU s: " + ", ".join(parts))


if __name__ == "__main__":
    main()
