"""Property tests over every built-in ruleset and house rule, not only Trentuno: games between
random and greedy bots always end, every card of the deck is somewhere exactly once at every
decision point (hands, zones, or set aside), lives, bankrolls and points never go negative,
only players still in the game act, and a seed replays the same game.
"""
from __future__ import annotations

import pytest
from fuzzing import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from trentuno.engine import GameState, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot

NAMES = sorted(builtin_files())
MAX_APPLY = 100_000


def cards_everywhere(state) -> list[int]:
    cards = [c for hand in state.hands for c in hand]
    for zone in state.zones.values():
        cards += zone
    for piles in state.own.values():  # zones each player or side owns (capture games)
        for pile in piles:
            cards += pile
    return sorted(cards + list(state.aside))


def play(rules, players, seed, kinds):
    state = GameState(rules, players=players, seed=seed)
    bots = [(greedy_bot if k else random_bot)(seed * 10 + i) for i, k in enumerate(kinds)]
    n = len(rules.deck.cards)
    applied = 0
    while not state.is_over:
        assert cards_everywhere(state) == list(range(n)), "a card is lost or doubled"
        assert min(state.lives) >= 0
        assert state.current_player in state.alive
        for seat in range(players):
            if seat not in state.alive:
                assert not state.hands[seat], "a player who is out holds cards"
        actions = state.legal_actions()
        assert actions
        state.apply(bots[state.current_player](state, actions))
        applied += 1
        assert applied < MAX_APPLY, "the game does not end"
    assert state.winners and min(state.lives) >= 0
    return state


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_games_end_and_conserve_cards(name, seed, data):
    rules = load(name)
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 6)))
    kinds = data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    play(rules, players, seed, kinds)


@pytest.mark.parametrize("name", NAMES)
def test_a_seed_replays_the_same_game(name):
    rules = load(name)
    players = rules.default_players
    first = play(rules, players, 11, ([True, False] * 6)[:players])
    second = play(rules, players, 11, ([True, False] * 6)[:players])
    assert first.events == second.events
