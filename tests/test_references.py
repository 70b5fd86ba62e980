"""The hand-written references in bench/ (the measuring sticks of docs/speed.md) play the games
the engine plays: the same rules with the same greedy policy give the same hands per game and
turns per hand, within the spread of a few hundred games, and the tuned Trentuno reference
plays the very games of the plain one. A reference that drifted from the rules would make every
ratio measured against it meaningless.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from trentuno.engine import load
from trentuno.engine.simulate import run_games

BENCH = Path(__file__).resolve().parent.parent / "bench"


def reference(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def played(module, games: int, players: int, seed: int = 1) -> dict:
    stats = {"games": 0, "hands": 0, "decisions": 0, "knocks": 0, "blitz": 0}
    rng = random.Random(seed)
    for _ in range(games):
        module.play_game(rng, players, stats)
    return stats


@pytest.mark.parametrize("name, ruleset, players, games", [
    ("reference_trentuno", "trentuno", 4, 300),
    ("reference_trentuno", str(BENCH / "trentuno-two-up.yaml"), 2, 400),
    ("reference_scat", "scat", 4, 300),
    ("reference_scopa", "scopa", 2, 150),
])
def test_a_reference_plays_the_engines_game(name, ruleset, players, games):
    stats = played(reference(name), games, players)
    summary = run_games(load(ruleset), 0, games, players, "greedy", 1)
    ours = (stats["hands"] / stats["games"], stats["decisions"] / stats["hands"])
    engine = (summary.hands / games, summary.turns / summary.hands)
    for mine, theirs in zip(ours, engine):
        assert abs(mine - theirs) <= 0.06 * theirs, (ours, engine)


def test_the_tuned_reference_plays_the_plain_ones_games():
    for players in (2, 4, 6):
        plain = played(reference("reference_trentuno"), 60, players, seed=players)
        tuned = played(reference("reference_trentuno_tuned"), 60, players, seed=players)
        assert (plain["hands"], plain["decisions"]) == (tuned["hands"], tuned["decisions"])
