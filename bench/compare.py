"""Speed of the interpreter against a hand-written simulator of the same rules.

Plays the same number of games with a hand-written reference (by default
`bench/reference_trentuno.py`: the built-in Trentuno rules, the greedy policy) and with the
engine, through the public game API and its bots (the reference says which ruleset and bots:
`RULESET`, `BOTS`), in this process, in turns, several times, and prints one line: player turns
("decisions") per second of CPU time for both (the median of the runs) and the ratio, the
median of each engine run's rate over the reference run's next to it. Interleaving the runs
makes both sides see the same machine load, and comparing each pair keeps a slow spell of a
shared machine out of the ratio: rates here move by 10-20% within seconds, so the default is
many short pairs (25 of 200 games), each pair run in the other order than the one before. CPU
time leaves out the time other processes take the core. Two games on each side first, untimed,
build what is built once (the ruleset's hand tables). Not a test: timings belong to the
machine, so CI does not gate on them.

    python bench/compare.py [REFERENCE] [--players 4] [--games 200] [--repeat 25]
                            [--ruleset NAME] [--fresh]

By default every pair replays the same seeds, so what the engine keeps from one run (the
capture family's answers by the table's values, the moves made on first sight) serves every
pair after the first; `--fresh` plays each pair on seeds of its own (both sides of a pair on
the same ones), so nothing kept from a pair before is met again but by chance.

REFERENCE is one of the references in bench/ by name (trentuno, trentuno-tuned, scat, scopa) or
the path of another simulator with the same `play_game(rng, players, stats)` (the shared
`reference_trentuno.py`, say). A table smaller than the ruleset seats (`--players 2` for
Trentuno, which seats four to twelve) plays its copy `bench/<ruleset>-two-up.yaml`.
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
from typing import Any

from trentuno.engine.rules import Ruleset
from trentuno.engine.simulate import run_games
from trentuno.engine.variants import load

HERE = Path(__file__).resolve().parent
#: the references written for this project, by name
REFERENCES = {"trentuno": "reference_trentuno.py", "trentuno-tuned": "reference_trentuno_tuned.py",
              "scat": "reference_scat.py", "scopa": "reference_scopa.py"}


def reference_path(name: str) -> Path:
    return HERE / REFERENCES[name] if name in REFERENCES else Path(name)


def load_reference(path: Path) -> ModuleType:
    if not path.is_file():
        sys.exit(f"compare.py: no reference simulator {path} (the names: "
                 f"{', '.join(REFERENCES)}; or a path)")
    spec = importlib.util.spec_from_file_location(f"reference_{path.stem}", path)
    if spec is None or spec.loader is None:
        sys.exit(f"compare.py: cannot load the reference simulator {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines functions only; its main() is not run
    return module


def ruleset_for(ref: ModuleType, players: int, name: str | None = None) -> Ruleset:
    """The engine's side of a reference: its ruleset (`RULESET`, Trentuno if it does not say)
    unless another is named, or that ruleset's copy seating from two when the table is smaller
    than it seats."""
    name = name or getattr(ref, "RULESET", "trentuno")
    rules = load(name)
    if players < rules.min_players:
        copy = HERE / f"{name}-two-up.yaml"
        if not copy.is_file():
            sys.exit(f"compare.py: {name} seats {rules.min_players} or more, and there is no "
                     f"{copy.name} seating fewer")
        rules = load(str(copy))
    return rules


def reference_run(ref: ModuleType, games: int, players: int, seed: int
                  ) -> tuple[dict[str, Any], float]:
    """What the reference counted (games, hands, decisions...) and the CPU time it took."""
    rng = random.Random(seed)
    stats: dict[str, Any] = {"games": 0, "hands": 0, "decisions": 0, "knocks": 0, "blitz": 0}
    t0 = time.process_time()
    for _ in range(games):
        ref.play_game(rng, players, stats)
    return stats, time.process_time() - t0


def reference_rate(ref: ModuleType, games: int, players: int, seed: int) -> float:
    stats, seconds = reference_run(ref, games, players, seed)
    return stats["decisions"] / seconds


def engine_rate(rules: Ruleset, bots: str, games: int, players: int, seed: int) -> float:
    t0 = time.process_time()
    summary = run_games(rules, 0, games, players, bots, seed)
    return summary.turns / (time.process_time() - t0)


def interleaved(ref: ModuleType, rules: Ruleset, bots: str, args: argparse.Namespace
                ) -> tuple[list[float], list[float]]:
    """The reference's and the engine's rates, pair by pair."""
    reference_rate(ref, 2, args.players, args.seed)  # untimed: what is made once is made
    engine_rate(rules, bots, 2, args.players, args.seed)
    refs, engs = [], []
    for i in range(args.repeat):  # interleaved, so both see the same machine load
        # with --fresh, each pair on seeds of its own (the untimed runs above play --seed's)
        seed = args.seed + 1000 * (i + 1) if args.fresh else args.seed
        if i % 2:  # every other pair the engine first: no side always runs after the other
            engs.append(engine_rate(rules, bots, args.games, args.players, seed))
            refs.append(reference_rate(ref, args.games, args.players, seed))
        else:
            refs.append(reference_rate(ref, args.games, args.players, seed))
            engs.append(engine_rate(rules, bots, args.games, args.players, seed))
    return refs, engs


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("reference", nargs="?", default="trentuno",
                    help=f"a reference by name ({', '.join(REFERENCES)}; default trentuno) "
                         f"or a path")
    ap.add_argument("--reference", dest="reference_opt", default=None,
                    help=argparse.SUPPRESS)  # the older spelling
    ap.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    ap.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=25,
                    help="interleaved pairs of runs (default 25)")
    ap.add_argument("--fresh", action="store_true",
                    help="each pair on seeds of its own (default: every pair replays --seed)")
    ap.add_argument("--alone", action="store_true",
                    help="run the reference alone once and print what it counted")
    ap.add_argument("--ruleset", default=None,
                    help="the engine plays this ruleset instead of the reference's own (another "
                         "game of the reference's family, say)")
    args = ap.parse_args()
    path = reference_path(args.reference_opt or args.reference)
    ref = load_reference(path)
    if args.alone:
        stats, seconds = reference_run(ref, args.games, args.players, args.seed)
        print(f"{path.stem}: {', '.join(f'{k} {v:,}' for k, v in stats.items() if v)}, "
              f"{stats['decisions'] / seconds:,.0f} decisions/s of CPU time")
        return
    rules = ruleset_for(ref, args.players, args.ruleset)
    bots = getattr(ref, "BOTS", "greedy")
    refs, engs = interleaved(ref, rules, bots, args)
    r, e = statistics.median(refs), statistics.median(engs)
    ratio = statistics.median(a / b for a, b in zip(engs, refs))
    print(f"turn loop: {rules.name} {e:,.0f} decisions/s, {path.stem} {r:,.0f} decisions/s, "
          f"ratio {ratio:.2f} ({args.players} players, {bots}; median of {args.repeat} "
          f"interleaved pairs of runs of {args.games} games, "
          f"{'fresh seeds each pair' if args.fresh else 'the same seeds each pair'}, CPU time)")


if __name__ == "__main__":
    main()
