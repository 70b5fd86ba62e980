"""Declared utility and length (engine/utility.py): every finished game's returns and every
hand's result stay within what the ruleset declares, and games stay within the declared
length."""
from __future__ import annotations

import pytest
from trentuno.engine import GameState, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot
from trentuno.engine.utility import utility

NAMES = sorted(builtin_files())


def standing(state: GameState) -> list[float]:
    sign = state.rules.stakes.mode.sign
    return [sign * x for x in state.lives]


@pytest.mark.parametrize("name", NAMES)
def test_returns_and_hand_results_stay_within_the_declared_bounds(name):
    rules = load(name)
    n = rules.default_players
    u = utility(rules, n)
    assert u.max_game_length >= u.max_hand_length > 0
    for seed in range(3):
        state = GameState(rules, n, seed=seed, stop_at_hand_end=True, record=False)
        bots = [(greedy_bot if (seed + i) % 2 else random_bot)(seed + i) for i in range(n)]
        decisions = 0
        while not state.is_over:
            before = standing(state)
            while not state.hand_over:
                state.apply(bots[state.current_player](state, state.legal_actions()))
                decisions += 1
            lo, hi = u.hand
            for b, a in zip(before, standing(state)):
                assert (lo is None or a - b >= lo - 1e-9) and (hi is None or a - b <= hi + 1e-9)
            if not state.is_over:
                state.next_hand()
        returns = state.returns()
        assert u.sum_range[0] - 1e-9 <= sum(returns) <= u.sum_range[1] + 1e-9
        assert all(u.game_capped[0] <= r <= u.game_capped[1] for r in returns)
        assert decisions <= u.max_game_length
