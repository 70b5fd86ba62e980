"""States that pickle (engine/pickling.py): a state pickled mid-game, in this process or in
another one, plays on exactly as the original does, and gives the same record."""
from __future__ import annotations

import pickle
import subprocess
import sys

import pytest
from trentuno.engine import GameState, UserError, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot
from trentuno.engine.record import record_of

NAMES = sorted(builtin_files())


def bots_for(n: int, seed: int) -> list:
    return [(greedy_bot if (seed + i) % 2 else random_bot)(seed + i) for i in range(n)]


def play_on(state: GameState, seed: int) -> tuple:
    bots = bots_for(state.players, seed)
    for _ in range(50_000):
        if state.is_over:
            break
        state.apply(bots[state.current_player](state, state.legal_actions()))
    return (state.winners, state.returns(), state.turns_taken, len(state.events))


@pytest.mark.parametrize("name", NAMES)
def test_a_pickled_state_plays_on_alike(name):
    rules = load(name)
    n = rules.default_players
    state = GameState(rules, n, seed=11)
    bots = bots_for(n, 11)
    for _ in range(40):
        if state.is_over or state.hand_over:
            break
        state.apply(bots[state.current_player](state, state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.observation(0).frozen() == state.observation(0).frozen()
    assert [a.key() for a in copy.legal_actions()] == [a.key() for a in state.legal_actions()]
    assert copy.legal_action_ids() == state.legal_action_ids()
    assert play_on(copy, 5) == play_on(state, 5)
    assert record_of(copy) == record_of(state)


def test_a_state_without_a_record_says_so():
    state = GameState(load("trentuno"), 4, seed=1, record=False)
    with pytest.raises(UserError, match="keeps no record"):
        record_of(state)
    assert record_of(pickle.loads(pickle.dumps(GameState(load("scat"), 3, seed=2))))["hands"]


CHILD = """
import pickle, sys
from trentuno.engine.bots import greedy_bot
state = pickle.loads(sys.stdin.buffer.read())
bots = [greedy_bot(i) for i in range(state.players)]
while not state.is_over:
    state.apply(bots[state.current_player](state, state.legal_actions()))
print(state.winners, state.returns(), state.turns_taken)
"""


def test_a_pickled_state_plays_on_alike_in_another_process():
    for name in ("trentuno", "scopa"):
        rules = load(name)
        state = GameState(rules, rules.default_players, seed=4, stop_at_hand_end=True)
        bots = [greedy_bot(i) for i in range(state.players)]
        while not state.hand_over:  # into the first hand's end, then on to a later one
            state.apply(bots[state.current_player](state, state.legal_actions()))
        state.next_hand()
        state.stop_at_hand_end = False
        for _ in range(7):
            state.apply(bots[state.current_player](state, state.legal_actions()))
        data = pickle.dumps(state)
        done = subprocess.run([sys.executable, "-c", CHILD], input=data, capture_output=True,
                              check=True)
        while not state.is_over:
            state.apply(bots[state.current_player](state, state.legal_actions()))
        assert done.stdout.decode().strip() == \
            f"{state.winners} {state.returns()} {state.turns_taken}"
