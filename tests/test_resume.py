"""A resumed game is the game played straight through: replaying a record's moves and playing
on deals exactly the hands the uninterrupted game dealt, for every built-in ruleset.

The record of a game stopped after K moves is replayed (its stacked decks draw nothing from
chance), then the same bots play on; the decks, the moves and the result must be those of the
game that was never interrupted. This fails whenever a hand's shuffle depends on what chance
was drawn before it rather than on the seed and the hand's number alone.
"""
from __future__ import annotations

import copy
import random
import sys
from functools import partial

import pytest
from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.record import record_of, replay
from trentuno.engine.variants import builtin_files

BUILTINS = list(builtin_files())


def play_on(state: GameState, bots, stop_after: int | None = None) -> None:
    while not state.is_over and (stop_after is None or len(state.moves) < stop_after):
        state.apply(bots[state.current_player](state, state.legal_actions()))


@pytest.mark.parametrize("name", BUILTINS)
def test_a_resumed_game_deals_the_hands_of_the_straight_game(name):
    rules = load(name)
    n = rules.default_players
    for seed in (3, 8):
        straight = GameState(rules, n, seed=seed)
        bots = parse_bots("greedy", n, seed)
        play_on(straight, bots)
        assert straight.hand_number >= 2, "the game must last past its first hand"
        total = len(straight.moves)
        # stop twice as far into the game: once in its first hand, once in a later one
        for stop in (3, total // 2):
            first = GameState(rules, n, seed=seed)
            play_on(first, parse_bots("greedy", n, seed), stop_after=stop)
            record = record_of(first, bots=["greedy"] * n)
            resumed = replay(record, rules)
            play_on(resumed, parse_bots("greedy", n, seed))
            assert resumed.deck_orders == straight.deck_orders, (name, seed, stop)
            assert resumed.moves == straight.moves
            assert resumed.winners == straight.winners
            assert resumed.returns() == straight.returns()


def test_each_hand_is_shuffled_from_the_seed_and_its_number(rules):
    """The same seed deals the same hand 2 whatever was stacked for hand 1."""
    plain = GameState(rules, 4, seed=5, dealer=0)
    stacked = GameState(rules, 4, seed=5, dealer=0, decks=[plain.deck_orders[0][::-1]])
    for st in (plain, stacked):
        bots = parse_bots("greedy", 4, 5)
        while st.hand_number < 2 and not st.is_over:
            st.apply(bots[st.current_player](st, st.legal_actions()))
    assert plain.deck_orders[1] == stacked.deck_orders[1]
    assert plain.deck_orders[0] != stacked.deck_orders[0]


# ---- a move given up while the bot thinks: `play` stops a bot at once on a signal -----------
class _GiveUp(BaseException):
    """What a signal raises inside a bot's thinking (KeyboardInterrupt, or play's stop)."""


def _traced(think, line: int | None = None, only=None) -> int:
    """Run `think` under a trace counting the lines of Python it runs (those for which
    `only(frame)` holds, if given); at the `line`-th, raise _GiveUp there, wherever that is
    (in the bot, in the engine), as a signal handler raising there would. The lines
    counted."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if event == "line" and (only is None or only(frame)):
            count += 1
            if count == line:
                raise _GiveUp
        return tracer
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        think()
    except _GiveUp:
        pass
    finally:
        sys.settrace(old)
    return count


@pytest.mark.parametrize("name", ["trentuno", "scopa"])
def test_a_bot_move_given_up_anywhere_leaves_the_game_as_it_was(name):
    """The Monte Carlo bot only reads the real game (its worlds are copies): a copy of it,
    stopped at a random line of its thinking, leaves the game so that the real bot's move and
    all the game after it are those of the game where nothing was stopped."""
    rules = load(name)
    n, seed, spec = rules.min_players, 5, "mc:iterations=3"
    straight = GameState(rules, n, seed=seed)
    play_on(straight, parse_bots(spec, n, seed))
    game = GameState(rules, n, seed=seed)
    bots = parse_bots(spec, n, seed)
    pick = random.Random(7)
    decisions = given_up = 0
    while not game.is_over and (game.hand_number == 1 or given_up < 10):
        bot, legal = bots[game.current_player], game.legal_actions()
        if len(legal) > 1:
            decisions += 1
            if decisions % 4 == 1:
                # anywhere, or where it matters most: in the real game's own methods (its
                # caches, the resample that copies it)
                only = None if given_up % 2 else (lambda f: f.f_locals.get("self") is game)
                lines = _traced(partial(copy.deepcopy(bot), game, legal), only=only)
                twin = copy.deepcopy(bot)
                _traced(partial(twin, game, legal), pick.randint(1, lines), only)
                given_up += 1
        game.apply(bot(game, game.legal_actions()))
    play_on(game, bots)
    assert given_up >= 10
    assert game.deck_orders == straight.deck_orders
    assert game.moves == straight.moves
    assert game.winners == straight.winners and game.returns() == straight.returns()
