"""Observations as values (engine/frozen_view.py): a snapshot never changes, equals every
other snapshot of the same view (a resampled world the player cannot tell apart), carries every
finished hand, encodes to a tensor of one size per ruleset and player count, and the greedy
bot decides from it alone as it does from the state."""
from __future__ import annotations

import random

import pytest
from trentuno.engine import GameState, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot
from trentuno.engine.frozen_view import act_from_observation, tensor_size

NAMES = sorted(builtin_files())


def playing(name: str, seed: int):
    """States of one game of `name` after each move, with the bots that played it."""
    rules = load(name)
    n = rules.default_players
    state = GameState(rules, n, seed=seed)
    bots = [(greedy_bot if (seed + i) % 2 else random_bot)(seed + i) for i in range(n)]
    for _ in range(300):
        if state.is_over:
            return
        yield state
        state.apply(bots[state.current_player](state, state.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
def test_a_snapshot_is_a_value_of_the_view(name):
    rules = load(name)
    size = None
    kept = []
    for i, state in enumerate(playing(name, 7)):
        p = state.current_player
        seen = state.observation(p).frozen()
        kept.append((seen, str(seen), hash(seen)))
        assert seen == state.observation(p).frozen()
        world = state.resample(p, random.Random(i))
        assert world.observation(p).frozen() == seen, "a world he cannot tell apart"
        tensor = seen.tensor(rules)
        size = size or tensor_size(rules, state.players)
        assert len(tensor) == size
        bot = greedy_bot(0)
        assert act_from_observation(bot, rules, seen, state.legal_actions()) is \
            bot(state, state.legal_actions())
    for seen, text, h in kept:  # later moves changed none of them
        assert (str(seen), hash(seen)) == (text, h)


def test_the_information_state_keeps_every_finished_hand():
    rules = load("trentuno")
    state = GameState(rules, 4, seed=2)
    bots = [greedy_bot(i) for i in range(4)]
    while state.hand_number < 4 and not state.is_over:
        state.apply(bots[state.current_player](state, state.legal_actions()))
    seen = state.observation(0).frozen()
    assert [h.number for h in seen.past] == list(range(1, state.hand_number))
    assert all(len(h.dealt) == 3 and h.moves for h in seen.past)
    others = state.observation(1).frozen()
    assert seen.past[0].dealt != others.past[0].dealt  # each his own hand
    assert seen.without_past().past == ()


def test_a_capture_games_tensor_shows_the_card_laid_last():
    """A take rule may ask for the card laid last (`takes_last_played`): the tensor has it."""
    from trentuno.engine.frozen_view import tensor_layout
    rules = load("scopa")
    state = GameState(rules, 2, seed=3)
    names = [name for name, _ in tensor_layout(rules, 2)]
    at = sum(size for _, size in tensor_layout(rules, 2)[:names.index("last_played")])
    n = len(rules.deck.cards)
    for _ in range(60):
        laid = [a for a in state.legal_actions() if len(a.cards) == 1]
        if laid:
            state.apply(laid[0])
            part = state.observation(0).frozen().tensor(rules)[at:at + n]
            assert part == [1.0 if c == laid[0].cards[0] else 0.0 for c in range(n)]
            return
        state.apply(state.legal_actions()[0])
    raise AssertionError("no card laid in 60 moves")
