"""What valuing hands costs, per pattern kind and for whole tables, next to what the compile
budget assumes (engine/patterns.py: each kind's `cost`, HAND_US, CLASS_US, ...).

Matchers: each case (a kind with parameters, a deck, a hand size) is compiled by the real
compiler and called on the same random hands in each of `--runs` interleaved runs (so a busy
moment slows every case alike); the median CPU time per call is printed next to the
microseconds `pattern_cost` declares for it, with their ratio.

Tables: each ruleset's table is built cold in a child process of its own (nothing shared, no
cache), all four of its lookups (strength, value, instant, combination) and one pass over it as
the greedy bot makes; the median CPU time of half `--runs` such children and the memory the
first added (VmHWM after less VmRSS before) are printed next to `table_cost`'s estimate. An
estimate should be at or above what is measured (ratio >= 1) and not far above: the budget
refuses files by it. The shared machine's load moves every figure by up to a factor of two
from one minute to the next: compare ratios of one run, not figures of two.

    python bench/pattern_costs.py [--runs 7] [--hands 3000] [--skip-tables]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

FRENCH = {"preset": "french-52"}
ITALIAN = {"preset": "italian-40"}

#: (label, deck, hand size, pattern): every kind, with the parameters that change its cost
MATCHERS: list[tuple[str, dict, int, dict]] = [
    ("best_suit", FRENCH, 3, {"kind": "best_suit"}),
    ("best_suit sum", FRENCH, 3, {"kind": "best_suit", "sum": 31}),
    ("best_suit at_least", FRENCH, 3, {"kind": "best_suit", "at_least": 31}),
    ("best_suit wild", ITALIAN, 3, {"kind": "best_suit", "wild": ["7d"]}),
    ("best_suit cards 3 of 4", FRENCH, 4, {"kind": "best_suit", "cards": 3}),
    ("best_suit cards 3 of 5", FRENCH, 5, {"kind": "best_suit", "cards": 3}),
    ("best_suit 4", FRENCH, 4, {"kind": "best_suit"}),
    ("same_suit sum", FRENCH, 3, {"kind": "same_suit", "sum": 31}),
    ("same_suit at_least", FRENCH, 3, {"kind": "same_suit", "at_least": 31}),
    ("same_suit wild", ITALIAN, 3, {"kind": "same_suit", "sum": 31, "wild": ["7d"]}),
    ("same_suit cards 3 of 4", FRENCH, 4, {"kind": "same_suit", "sum": 31, "cards": 3}),
    ("same_rank", FRENCH, 3, {"kind": "same_rank"}),
    ("same_rank ranks", FRENCH, 3, {"kind": "same_rank", "ranks": ["A", "K"]}),
    ("same_rank by_rank", FRENCH, 3, {"kind": "same_rank", "by_rank": True}),
    ("same_rank wild", ITALIAN, 3, {"kind": "same_rank", "wild": ["F" + "c"],
                                    "min_natural": 2}),
    ("same_rank 4", FRENCH, 4, {"kind": "same_rank"}),
    ("same_rank cards 3 of 4", FRENCH, 4, {"kind": "same_rank", "cards": 3}),
    ("rank_groups", FRENCH, 3, {"kind": "rank_groups", "groups": [["A"], ["K", "Q", "J"],
                                                                   ["K", "Q", "J"]]}),
    ("rank_groups 4", FRENCH, 4, {"kind": "rank_groups",
                                  "groups": [["A"], ["K"], ["Q"], ["J"]]}),
    ("run", FRENCH, 3, {"kind": "run"}),
    ("run suited wrap", FRENCH, 3, {"kind": "run", "suited": True, "wrap": "both_ends"}),
    ("run 4", FRENCH, 4, {"kind": "run"}),
    ("run cards 3 of 4", FRENCH, 4, {"kind": "run", "cards": 3}),
]

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: whole tables: (label, overlay of a built-in or a document); one child process each
TABLES: list[tuple[str, dict]] = [
    ("thirty-one (3 of 52)", {"extends": "thirty-one"}),
    ("trentuno (3 of 40, tris)", {"extends": "trentuno"}),
    ("four-cards (4 of 40, best 3)", {"extends": "house/four-cards"}),
    ("thirty-one, 4 of 52, best 3", {
        "extends": "thirty-one", "hand": {"size": 4, "patterns": {
            "thirty-one": {"cards": 3}, "suit": {"cards": 3}}},
        "deal": {"steps": [{"to": ["players"], "count": 1, "rounds": 4},
                           {"to": ["discard"], "count": 1}]}}),
    ("thirty-one, two packs (3 of 104)", {
        "extends": "thirty-one", "players": {"min": 8, "max": 16, "default": 8},
        "deck": {"copies": 2}}),
    ("scat, 2 wild jokers (3 of 54)", {"extends": "house/jokers"}),
    ("vedova (suit tie-break, wild Jc)", {"extends": "trentuno-vedova"}),
    ("matta (wild 7d)", {"extends": "house/matta"}),
    ("scat, 12 straight flushes", {
        "extends": "scat", "hand": {"patterns": [
            {"name": f"sf{i}", "kind": "rank_groups", "value": 40, "tier": 1,
             "groups": [[r] for r in RANKS[i:i + 3]]}
            for i in range(12)] + [
            {"name": "blitz", "kind": "same_suit", "sum": 31, "value": "sum", "instant": True},
            {"name": "suit", "kind": "best_suit", "value": "sum"}]}}),
    ("trentuno, 5 cards, best 3 of a suit (5 of 40)", {
        "extends": "trentuno", "players": {"max": 6},
        "hand": {"size": 5, "patterns": {"trentuno": {"cards": 3}, "tris": {"cards": 3},
                                         "suit": {"cards": 3}}},
        "deal": {"steps": [{"to": ["players"], "count": 5}, {"to": ["discard"], "count": 1}]}}),
    ("scat, 5 cards, best 3 of a suit (5 of 52)", {
        "extends": "scat", "players": {"max": 8},
        "hand": {"size": 5, "patterns": {"blitz": {"cards": 3}, "suit": {"cards": 3}}},
        "zones": {"widow": {"size": 5}},
        "deal": {"steps": [{"to": ["players"], "count": 5}, {"to": ["widow"], "count": 5}]}}),
]


def matcher_case(deck: dict, size: int, pattern: dict) -> Any:
    """(the compiled pattern, its declared cost in microseconds) of one case."""
    from trentuno.engine import compile_deck, compiler
    from trentuno.engine.patterns import PATTERN_KINDS, pattern_cost

    compile_deck.MAX_TABLE_SECONDS = compile_deck.MAX_TABLE_MB = float("inf")  # no table built

    spec = dict(pattern, name="p", value="sum")
    rules = compiler.compile_hands({"name": "bench", "deck": deck, "hand": {"size": size,
                                                                   "patterns": [spec]}})
    if rules is None:
        raise SystemExit(f"pattern_costs.py: the case {pattern} does not compile")
    wild = bool(rules.deck.jokers and rules.deck.jokers_wild)
    declared = pattern_cost(PATTERN_KINDS[spec["kind"]], spec, size, wild)
    return rules, rules.valuation.patterns[0], declared


def time_matchers(runs: int, count: int) -> None:
    cases: list[tuple[str, Callable[..., object], list[list[int]], float, list[float]]] = []
    rand = random.Random(1)
    for label, deck, size, pattern in MATCHERS:
        rules, compiled, declared = matcher_case(deck, size, pattern)
        hands = [sorted(rand.sample(range(len(rules.deck.cards)), size)) for _ in range(count)]
        cases.append((label, compiled.match, hands, declared, []))
    for _ in range(runs):
        for _label, match, hands, _declared, times in cases:
            start = time.process_time()
            for cards in hands:
                match(cards)
            times.append((time.process_time() - start) / len(hands) * 1e6)
    print(f"matchers: median CPU microseconds per call over {runs} interleaved runs of "
          f"{count} hands")
    print(f"  {'case':34} {'measured':>9} {'declared':>9} {'ratio':>6}")
    for label, _match, _hands, declared, times in cases:
        measured = statistics.median(times)
        print(f"  {label:34} {measured:9.2f} {declared:9.2f} {declared / measured:6.2f}")


CHILD = r"""
import json, sys, time, yaml, tempfile, os
import trentuno.engine.compile_deck as compile_deck
from trentuno.engine.variants import load

compile_deck.MAX_TABLE_SECONDS = compile_deck.MAX_TABLE_MB = float('inf')  # measure what it refuses
from trentuno.engine.patterns import table_cost

def status(key):
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) / 1024
    return 0.0

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, 'bench.yaml')
    with open(path, 'w') as f:
        yaml.safe_dump(dict(json.loads(sys.argv[1]), name='bench'), f)
    rules = load(path)
rules = dict(getattr(rules, 'by_players', ())).get(8, rules)
v = rules.valuation
specs = [p for p in rules.data['hand']['patterns']]
cost = table_cost(rules.deck, v.hand_size, specs, v.tiebreak)
before = status('VmRSS:')
start = time.process_time()
v.strength, v.value, v.instant, v.combo  # every table the first game may read
by_strength = {}
for mask, rank in v.strength.items():  # and one pass over it, as greedy makes
    by_strength[rank] = v.value[mask]
seconds = time.process_time() - start
print(json.dumps({'seconds': seconds, 'mb': status('VmHWM:') - before, 'hands': cost.hands,
                  'classes': cost.classes, 'est_seconds': cost.seconds,
                  'est_mb': cost.megabytes}))
"""


def time_tables(runs: int) -> None:
    print("tables: CPU seconds and MB added building each one cold, next to the estimate")
    print(f"  {'ruleset':42} {'hands':>9} {'classes':>8} {'s':>6} {'est s':>6} {'ratio':>6} "
          f"{'MB':>6} {'est MB':>6} {'ratio':>6}")
    for label, doc in TABLES:
        found: list[Mapping[str, Any]] = []
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(doc)],
                                  capture_output=True, text=True, check=False, timeout=600)
            if done.returncode:
                print(f"  {label:42} failed: {done.stderr.strip().splitlines()[-1:]}")
                break
            found.append(json.loads(done.stdout))
        if not found:
            continue
        r = dict(found[0], seconds=statistics.median(f["seconds"] for f in found))
        print(f"  {label:42} {r['hands']:9,} {r['classes']:8,} {r['seconds']:6.2f} "
              f"{r['est_seconds']:6.2f} {r['est_seconds'] / max(r['seconds'], 1e-3):6.2f} "
              f"{r['mb']:6.0f} {r['est_mb']:6.0f} {r['est_mb'] / max(r['mb'], 1):6.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--skip-tables", action="store_true")
    args = ap.parse_args()
    time_matchers(args.runs, args.hands)
    if not args.skip_tables:
        time_tables(max(1, args.runs // 2))


if __name__ == "__main__":
    main()
