"""The engine's shortcuts around `random` draw exactly what `random` itself would draw.

Seeded games and records depend on it: a hand is shuffled from a stream seeded with the game's
seed and the hand's number, and the engine seeds and shuffles that stream its own (faster)
way. If a Python release changed what `random` does, these fail before any game changes.
"""
from __future__ import annotations

import random

import pytest
from trentuno.engine.dealing import _seed_text, shuffled_range


@pytest.mark.parametrize("n", [1, 2, 3, 10, 40, 52, 104, 300])
def test_a_shuffled_range_is_random_shuffle(n):
    for seed in range(100):
        expected = list(range(n))
        random.Random(seed).shuffle(expected)
        assert shuffled_range(n, random.Random(seed).getrandbits) == expected


@pytest.mark.parametrize("text", ["7:deal:1", "123456789012345678901234567890:deal:4999", "",
                                  "è:deal:2"])
def test_seeding_with_text_is_random_seed(text):
    ours, theirs = random.Random(1), random.Random(2)
    _seed_text(ours, text)
    theirs.seed(text)
    assert ours.getstate() == theirs.getstate()
    assert [ours.getrandbits(6) for _ in range(50)] == [theirs.getrandbits(6) for _ in range(50)]
