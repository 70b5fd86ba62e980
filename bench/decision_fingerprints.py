"""Fingerprints of seeded play, to show that a change to the engine changed no game.

For every built-in and house ruleset (`trentuno variants`), and a few capture rulesets with
crowded tables (where the ways of taking are many), it plays seeded games with `greedy`,
`random` and `mc` bots three ways and digests what a user would see change:

* the summary of `simulate --games N --seed S --json` (run in this process, through the same
  `run_games`; its timings left out);
* every decision of `simulate`'s games: the legal moves offered, in order, and the one chosen;
* the record of a `play --watch`-like game (the state and bots made as `play` makes them).

    python bench/decision_fingerprints.py --write before.json     # on the old code
    python bench/decision_fingerprints.py --check before.json  # on the new: exit 1 if any differ

Not a test (it takes minutes); tests/test_capture.py checks the capture enumeration itself.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from trentuno.engine.bots import parse_bots
from trentuno.engine.record import record_of
from trentuno.engine.sha import sha256
from trentuno.engine.simulate import game_seed, run_games
from trentuno.engine.state import GameState
from trentuno.engine.variants import builtin_files, load

#: capture rulesets whose tables grow crowded (many ways to take), small enough for the old
#: brute-force enumeration: written next to the fingerprints and loaded from there
CROWDED = {
    "crowded-scopa-any.yaml": "extends: scopa\nname: crowded-scopa-any\n"
                              "deal:\n  steps:\n    - {to: [players], count: 3}\n"
                              "    - {to: [table], count: 12}\n  rest: stock\n"
                              "turn:\n  steps:\n    play:\n      - name: play\n"
                              "        do: capture\n        from: hand\n        table: table\n"
                              "        into: taken\n        takes: {equal: any, sums: true,"
                              " must: false}\n",
    "crowded-cocincina.yaml": "extends: cocincina\nname: crowded-cocincina\n"
                              "deal:\n  steps:\n    - {to: [table], count: 10}\n"
                              "    - {to: [pile], count: 35}\n",
}
BOTS = ("greedy", "random", "mc:iterations=6")


def _digest(data: Any) -> str:
    return sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def summary_print(rules, players: int, bots: str, games: int, seed: int) -> str:
    out = run_games(rules, 0, games, players, bots, seed).as_dict()
    for timing in ("seconds", "turns_per_second"):
        out.pop(timing)
    return _digest(out)


def decisions_print(rules, players: int, bots: str, games: int, seed: int) -> str:
    """Every decision of `simulate`'s games (play_game's loop, with the moves digested)."""
    from trentuno.engine.bots import reads_history

    digest = sha256()
    for i in range(games):
        s = game_seed(seed, i)
        seats = parse_bots(bots, players, s)
        st = GameState(rules, players, seed=s, history=reads_history(bots, players))
        while not st.is_over:
            legal = st._legal
            chosen = seats[st.current_player](st, legal)
            digest.update(repr(([a.key() for a in legal], chosen.key())).encode())
            st.apply_unchecked(chosen)
    return digest.hexdigest()[:16]


def watch_print(rules, players: int, bots: str, seed: int) -> str:
    """A game as `play --watch --seed S --bots B` plays it, by its record."""
    st = GameState(rules, players, seed=seed)
    seats = parse_bots(",".join([bots] * players), players, st.seed)
    while not st.is_over:
        st.apply(seats[st.current_player](st, st.legal_actions()))
    record = record_of(st)
    return _digest({"hands": record["hands"], "result": record.get("result")})


def fingerprints(folder: Path, games: int, seed: int, only: str | None) -> dict[str, str]:
    names = sorted(builtin_files())
    for file, text in CROWDED.items():
        (folder / file).write_text(text, encoding="utf-8")
        names.append(str(folder / file))
    out = {}
    for name in names:
        if only and only not in name:
            continue
        rules = load(name)
        players = rules.default_players
        label = Path(name).stem if name.endswith(".yaml") else name
        for bots in BOTS:
            n = 2 if bots.startswith("mc") else games
            key = f"{label} {bots}"
            out[key + " simulate"] = summary_print(rules, players, bots, n, seed)
            out[key + " decisions"] = decisions_print(rules, players, bots, min(n, 4), seed)
            out[key + " watch"] = watch_print(rules, players, bots, seed + 7)
            print(key, out[key + " simulate"], out[key + " decisions"], out[key + " watch"],
                  file=sys.stderr, flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", type=Path, help="write the fingerprints to this JSON file")
    what.add_argument("--check", type=Path, help="compare with the fingerprints in this file")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--only", help="only the rulesets whose name contains this")
    args = ap.parse_args()
    target = args.write or args.check
    now = fingerprints(target.resolve().parent, args.games, args.seed, args.only)
    if args.write:
        target.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    before = json.loads(target.read_text(encoding="utf-8"))
    changed = sorted(k for k in now if k in before and before[k] != now[k])
    missing = sorted(k for k in now if k not in before)
    for k in changed:
        print(f"CHANGED {k}: {before[k]} -> {now[k]}")
    for k in missing:
        print(f"not in {target}: {k}")
    print(f"{len(now) - len(changed) - len(missing)} same, {len(changed)} changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
