"""Integer action ids (engine/action_ids.py): every legal move of every built-in has an id
below `num_distinct_actions`, distinct from the other legal moves' ids, naming the same move in
every state (the same card played and taken), written and read back in the card notation."""
from __future__ import annotations

import random

import pytest
from trentuno.engine import GameState, IllegalAction, UserError, builtin_files, load
from trentuno.engine.action_ids import action_space
from trentuno.engine.compiler import compile_document

NAMES = sorted(builtin_files())


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_has_a_distinct_id_that_reads_back(name):
    rules = load(name)
    space = action_space(rules, rules.default_players)
    state = GameState(rules, rules.default_players, seed=3)
    rng = random.Random(3)
    for _ in range(400):
        if state.is_over:
            break
        ids = state.legal_action_ids()
        assert all(type(i) is int and 0 <= i < space.num_distinct_actions for i in ids)
        assert len(set(ids)) == len(ids)
        for i, a in zip(ids, state.legal_actions()):
            assert space.action(state, i) is a
            assert space.from_string(space.to_string(i)) == i
            step, option, _ = space.key(i)
            assert (step, option) == (a.step, a.option)
        state.apply(space.action(state, rng.choice(ids)))
    assert space.dense


@pytest.mark.parametrize("name", ["house/cirulla", "house/cirulla-fewest",
                                  "house/asso-piglia-tutto", "house/scopa-d-assi"])
def test_an_ace_over_an_ace_and_a_wild_card_counted_as_another_get_ids(name):
    """Over many hands, not one: an Ace that takes like any card (over an Ace) has one id per
    set it takes, not one "whole table" id for all of them; a wild Seven counted as a Four by
    a declaration takes sets no Seven could, and each has an id (the catalogue tries it as
    every rank)."""
    rules = load(name)
    space = action_space(rules, 2)
    for seed in range(120):
        state = GameState(rules, 2, seed=seed, stop_at_hand_end=True)
        rng = random.Random(seed)
        while not state.hand_over and not state.is_over:
            ids = state.legal_action_ids()
            assert len(set(ids)) == len(ids), (seed, ids)
            state.apply(space.action(state, rng.choice(ids)))


def test_an_id_means_the_same_capture_in_every_state_and_compile():
    rules = load("scopa")
    again = compile_document(dict(rules.data), source=rules.source)
    one, two = action_space(rules, 2), action_space(again, 2)
    seen: dict[int, tuple] = {}
    for seed in range(6):
        state = GameState(rules, 2, seed=seed)
        while not state.is_over:
            for i, a in zip(state.legal_action_ids(), state.legal_actions()):
                taken = frozenset(a.cards[1:])
                assert seen.setdefault(i, (a.cards[0], taken)) == (a.cards[0], taken)
            state.apply(state.legal_actions()[0])
    assert one.num_distinct_actions == two.num_distinct_actions
    assert all(one.to_string(i) == two.to_string(i) for i in seen)


def test_copies_of_a_card_have_names_of_their_own():
    rules = load("house/two-decks")
    space = action_space(rules, 8)
    names = {space.to_string(i) for i in range(space.num_distinct_actions)}
    assert len(names) == space.num_distinct_actions
    assert any("#2" in n for n in names)


def test_a_bad_id_or_string_is_one_line_for_people():
    rules = load("trentuno")
    space = action_space(rules, 4)
    state = GameState(rules, 4, seed=1)
    for bad in (-1, space.num_distinct_actions, "3"):
        with pytest.raises(UserError, match="whole number"):
            space.to_string(bad)
    with pytest.raises(UserError, match="unknown move"):
        space.from_string("fly away")
    illegal = next(i for i in range(space.num_distinct_actions)
                   if i not in state.legal_action_ids())
    with pytest.raises(IllegalAction, match="not legal now"):
        space.action(state, illegal)
