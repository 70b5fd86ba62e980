"""Fingerprints of seeded play: the same seeds must give the same games, change after change.

For every built-in ruleset and house rule (`trentuno variants`), at its default number of
players and at its smallest: 12 seeded games with each of the `greedy`, `random` and
`threshold` bots (the simulation summary: hands, turns, wins, how hands ended, stakes paid),
and one recorded game between greedy and random seats (its decks, moves, events and result),
along which the search API is asked at every few decisions (a clone played on a few moves, a
resampled world with and without `keep_best` and what the player sees of it, a small Monte
Carlo search's move). Each part is
hashed; the hashes of all rulesets are kept in `bench/fingerprints.json`.

    python bench/fingerprints.py            # check against bench/fingerprints.json
    python bench/fingerprints.py --write    # record them (only before a change meant to keep
                                            # play the same, or when play changes on purpose)
    python bench/fingerprints.py scat trentuno   # only these rulesets

Exits 1 naming the rulesets and parts that differ. `tests/test_fingerprints.py` checks a few
rulesets on every test run; run this over all of them after every change to the engine.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from trentuno.engine import GameState, builtin_files, load
from trentuno.engine.bots import MonteCarloBot, parse_bots
from trentuno.engine.simulate import run_games

HERE = Path(__file__).resolve().parent
STORED = HERE / "fingerprints.json"
GAMES = 12
SEED = 7
BOTS = ("greedy", "random", "threshold")
#: the summary's fields that belong to the machine, not to the games
TIMING = ("seconds", "turns_per_second")
#: the search API is asked at every this many decisions of the recorded game
EVERY = 7


def digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, default=repr, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summaries(rules: Any, players: int) -> dict[str, str]:
    out = {}
    for bots in BOTS:
        summary = run_games(rules, 0, GAMES, players, bots, SEED).as_dict()
        for key in TIMING:
            summary.pop(key, None)
        out[bots] = digest(summary)
    return out


def _search_probe(state: GameState, k: int) -> Any:
    """What the search API makes of a state: a resampled world (with `keep_best` every other
    time) as the player to move sees it, a clone played three moves on, and the move a small
    Monte Carlo search picks (playouts held at the end of the hand; the earlier `mc`,
    `infer=off:score=hand`, so that the search API is pinned and not the bot's choices, which
    may improve)."""
    p = state.current_player
    search = MonteCarloBot(k, iterations=3, infer="off", score="hand")
    pick = state.legal_actions().index(search(state, state.legal_actions()))
    world = state.resample(p, random.Random(k), keep_best=bool(k % 2))
    seen = world.observation(p).as_dict()
    clone = state.clone()
    bot = random.Random(k)
    for _ in range(3):
        if clone.is_over:
            break
        actions = clone.legal_actions()
        clone.apply(actions[bot.randrange(len(actions))])
    return [world.hands, world.zones, world.own, world.aside, seen,
            [a.key() for a in world.legal_actions()], clone.hands, clone.zones,
            clone.current_player, clone.hand_number, [e[:2] for e in clone.events[-6:]], pick]


def recorded(rules: Any, players: int) -> dict[str, str]:
    """One recorded game between greedy and random seats, and the search API along it."""
    spec = ",".join(("greedy", "random") * players)
    spec = ",".join(spec.split(",")[:players])
    seats = parse_bots(spec, players, SEED)
    state = GameState(rules, players, seed=SEED, record=True)
    probes = []
    decisions = 0
    while not state.is_over:
        if decisions % EVERY == 3:
            probes.append(_search_probe(state, decisions))
        actions = state.legal_actions()
        state.apply(seats[state.current_player](state, actions))
        decisions += 1
    game = {"decks": state.deck_orders, "moves": state.moves, "winners": state.winners,
            "returns": state.returns(), "lives": state.lives, "hands": state.hand_number,
            "first_dealer": state.first_dealer, "hand_ends": state.hand_ends}
    events = [[e.kind, e.player, e.data] for e in state.events]
    return {"game": digest(game), "events": digest(events), "search": digest(probes)}


def fingerprint(name: str) -> dict[str, dict[str, str]]:
    rules = load(name)
    out = {}
    for players in sorted({rules.default_players, rules.min_players}):
        out[str(players)] = {**summaries(rules, players), **recorded(rules, players)}
    return out


def differences(name: str, got: dict, want: dict | None) -> Iterable[str]:
    if want is None:
        yield f"{name}: no stored fingerprint"
        return
    for players in sorted(set(got) | set(want)):
        g, w = got.get(players, {}), want.get(players, {})
        for part in sorted(set(g) | set(w)):
            if g.get(part) != w.get(part):
                yield f"{name}, {players} players: {part} differs"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("names", nargs="*", help="rulesets (default: every built-in)")
    ap.add_argument("--write", action="store_true", help="record the fingerprints")
    args = ap.parse_args()
    names = args.names or sorted(builtin_files())
    stored = json.loads(STORED.read_text()) if STORED.is_file() else {}
    found = {name: fingerprint(name) for name in names}
    if args.write:
        stored.update(found)
        STORED.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n")
        print(f"fingerprints: {len(found)} rulesets written to {STORED.name}")
        return
    bad = [line for name in names for line in differences(name, found[name], stored.get(name))]
    if bad:
        print("\n".join(bad))
        sys.exit(1)
    print(f"fingerprints: {len(names)} rulesets play as recorded")


if __name__ == "__main__":
    main()
