"""Seeded play does not change: one ruleset of each family (and a house rule or two) plays, with
greedy, random and threshold bots, a recorded game and the search API along it, exactly as
recorded in `bench/fingerprints.json` (see `bench/fingerprints.py`, which checks every built-in).
A change to the engine that means to keep play the same must leave these hashes alone.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
#: one of each family, and house rules with a pot, penalty points and an opening turn
NAMES = ["trentuno", "scat", "schwimmen", "trentuno-vedova", "scopa", "thirty-one",
         "house/highest-wins", "house/scat-penalty-points", "house/schwimmen-dealer-choice"]


def _fingerprints():
    spec = importlib.util.spec_from_file_location("fingerprints", BENCH / "fingerprints.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FP = _fingerprints()
STORED = json.loads((BENCH / "fingerprints.json").read_text())


@pytest.mark.parametrize("name", NAMES)
def test_seeded_play_is_as_recorded(name):
    got = FP.fingerprint(name)
    assert list(FP.differences(name, got, STORED.get(name))) == []


def test_other_games_are_told_apart(monkeypatch):
    """The check can fail: the same ruleset played from another seed differs in every part."""
    monkeypatch.setattr(FP, "SEED", FP.SEED + 1)
    got = FP.fingerprint("trentuno")
    assert len(list(FP.differences("trentuno", got, STORED["trentuno"]))) == len(
        STORED["trentuno"]["4"])
