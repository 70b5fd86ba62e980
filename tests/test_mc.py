"""The Monte Carlo bot's inference and scoring (engine/mc.py)."""
from __future__ import annotations

import random

import pytest
from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.bots import parse_bot
from trentuno.engine.errors import UsageError
from trentuno.engine.mc import (
    PATIENCE,
    SLIP,
    TRIES,
    MonteCarloBot,
    _Scorer,
    last_turns,
    likelihood,
    race,
)
from trentuno.engine.roles import KNOCK


def _positions(ruleset: str, seed: int, games: int = 6, every: int = 3):
    """States of greedy games, every few decisions, with the player to move."""
    rules = load(ruleset)
    for g in range(games):
        state = GameState(rules, 4, seed=seed + g, record=False, history=True)
        bots = parse_bots("greedy", 4, seed + g)
        k = 0
        while not state.is_over:
            actions = state.legal_actions()
            k += 1
            if k % every == 0 and not state.hand_over:
                yield state.clone(), state.current_player
            state.apply(bots[state.current_player](state, actions))


def test_race_is_the_chance_of_outlasting_the_others():
    assert race(3, (3, 3, 3)) == pytest.approx(0.25)
    assert race(1, (1,)) == pytest.approx(0.5)
    assert race(2, (1,)) == pytest.approx(0.75)  # he must lose twice before the other once
    assert race(0, (2,)) == 0.0 and race(2, ()) == 1.0
    # the chances of all the players add up to one, and a life more is worth more
    lives = (1, 2, 3, 3)
    total = sum(race(m, tuple(sorted(lives[:i] + lives[i + 1:]))) for i, m in enumerate(lives))
    assert total == pytest.approx(1.0)
    assert race(1, (2, 3, 3)) < race(2, (1, 3, 3)) < race(3, (1, 2, 3))
    # the others' lives count too, and not alike: a life taken from the leader is worth more
    # than putting out the one on his last life, who would have taken some of the later losses
    assert race(2, (1, 2, 3)) > race(2, (3, 3)) > race(2, (1, 3, 3))


@pytest.mark.parametrize("ruleset, by_game", [("trentuno", True), ("scat", True),
                                              ("schwimmen", True), ("trentuno-vedova", False),
                                              ("scopa", False)])
def test_the_game_is_scored_where_lives_are_lost_one_by_one(ruleset, by_game):
    state = GameState(load(ruleset), 4, seed=1, record=False, history=True)
    assert _Scorer(state, 0, True).race is by_game
    assert _Scorer(state, 0, False).race is False


@pytest.mark.parametrize("ruleset", ["trentuno", "scat", "schwimmen", "trentuno-vedova"])
def test_the_inference_reads_only_what_the_player_saw(ruleset):
    # a world he cannot tell from the game gives the same summary of the others' turns
    for state, p in _positions(ruleset, 20, games=3):
        other = state.resample(p, random.Random(3), history=True)
        assert last_turns(other, p, random.Random(4)) == last_turns(state, p, random.Random(4))


@pytest.mark.parametrize("ruleset", ["trentuno", "scat", "thirty-one"])
def test_greedy_hands_are_likelier_than_random_deals(ruleset):
    # against greedy players, the real hands fit what they did better than deals of the unseen
    # cards do: the inference says something true about the hands
    real, dealt = [], []
    rng = random.Random(5)
    for state, p in _positions(ruleset, 40):
        turns = last_turns(state, p, rng)
        if not turns:
            continue
        real.append(likelihood(state, turns))
        dealt += [likelihood(state.resample(p, rng, keep_best=True), turns) for _ in range(8)]
    assert len(real) > 30
    assert sum(real) / len(real) > 1.5 * sum(dealt) / len(dealt)


def test_a_player_who_did_not_knock_holds_less_than_the_bar():
    # Trentuno: from the second round a greedy player with the bar or more knocks
    value = load("trentuno").valuation.value
    checked = 0
    for state, p in _positions("trentuno", 60, games=8):
        for t in last_turns(state, p, random.Random(1)):
            if not t.could_knock:
                continue
            assert state.round >= 2 or t.bar > 27  # no knock in the first round
            if t.blind == 0:  # (a blind draw: which card came in is not known)
                assert value[(state.masks[t.player] & ~t.took) | t.gave] < t.bar
            # a world giving him the bar or more before the turn is kept by a slip
            kept = likelihood(state, [t._replace(bar=1000)])
            assert likelihood(state, [t._replace(bar=0)]) == pytest.approx(SLIP * kept)
            checked += 1
    assert checked > 5


def test_a_decision_is_bounded_in_deals(monkeypatch):
    from trentuno.engine.state import GameState as State
    calls = []
    real = State.resample

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(State, "resample", counting)
    bot = MonteCarloBot(1, iterations=5)
    for state, _ in _positions("trentuno", 80, games=1, every=4):
        calls.clear()
        actions = state.legal_actions()
        bot(state, actions)
        # (one deal more to ask the knock's guards of)
        assert len(calls) <= (5 * TRIES + 1 if len(actions) > 1 else 0)


def test_the_previous_mc_is_a_parameter():
    kind, params = parse_bot("mc:infer=off:score=hand")
    assert kind.name == "mc" and params == {"infer": "off", "score": "hand"}
    bot = kind.make(1, **params)
    assert not bot.infer and not bot.by_game
    with pytest.raises(UsageError, match="infer must be on, weigh or off, not 'maybe'"):
        parse_bot("mc:infer=maybe")
    with pytest.raises(UsageError, match="score must be game or hand"):
        parse_bot("mc:score=1")


def _counting_resample(monkeypatch) -> list:
    from trentuno.engine.state import GameState as State
    calls: list = []
    real = State.resample

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(State, "resample", counting)
    return calls


def test_weighing_the_worlds_draws_one_deal_each(monkeypatch):
    # infer=weigh: every world is one deal, weighed by its likelihood ** alpha, never drawn
    # again (infer=on draws up to TRIES deals for a world)
    calls = _counting_resample(monkeypatch)
    bot = MonteCarloBot(1, iterations=5, infer="weigh", alpha=0.5, slip=0.3)
    seen = 0
    for state, p in _positions("trentuno", 80, games=2, every=4):
        turns = last_turns(state, p, random.Random(2))
        if turns:
            world, w = bot._world(state, p, turns)
            assert w == pytest.approx(likelihood(world, turns, 0.3) ** 0.5)
            seen += w < 1.0
        calls.clear()
        actions = state.legal_actions()
        bot(state, actions)
        assert len(calls) <= (5 + 1 if len(actions) > 1 else 0)
    assert seen > 5  # some deals break what the others did, and weigh less


def test_the_slip_is_what_a_broken_clue_keeps():
    checked = 0
    for state, p in _positions("trentuno", 60, games=8):
        for t in last_turns(state, p, random.Random(1)):
            if t.could_knock:
                kept = likelihood(state, [t._replace(bar=1000)], 0.4)
                assert likelihood(state, [t._replace(bar=0)], 0.4) == pytest.approx(0.4 * kept)
                checked += 1
    assert checked > 5


def test_settled_decisions_bank_worlds_for_open_ones(monkeypatch):
    # adapt=on: over a game the bot plays no more worlds than iterations a decision, but a
    # decision settled early stops, and an open one may play more than iterations
    worlds: list[int] = []
    bot = MonteCarloBot(3, iterations=16, adapt="on")
    real = bot._playouts

    def counting(*args):
        worlds[-1] += 1
        return real(*args)
    monkeypatch.setattr(bot, "_playouts", counting)
    rules = load("trentuno")
    for g in range(2):
        state = GameState(rules, 4, seed=300 + g, record=False, history=True)
        bots = parse_bots("greedy", 4, g)
        while not state.is_over:
            actions = state.legal_actions()
            if state.current_player == 0 and len(actions) > 1:
                worlds.append(0)
                choice = bot(state, actions)
            else:
                choice = bots[state.current_player](state, actions)
            state.apply_unchecked(choice)
    assert sum(worlds) <= 16 * len(worlds)
    assert min(worlds) < 16 < max(worlds)
    assert max(worlds) <= 16 * 4


def test_the_new_parameters_are_read_and_bounded():
    kind, params = parse_bot("mc:caution=0:slip=0.35:infer=weigh:alpha=0.5:adapt=on")
    bot = kind.make(1, **params)
    assert (bot.caution, bot.slip, bot.alpha, bot.weigh, bot.adapt) == (0, 0.35, 0.5, True, True)
    with pytest.raises(UsageError, match="slip must be from 0 to 1, not 2"):
        parse_bot("mc:slip=2")
    with pytest.raises(UsageError, match="adapt must be on or off"):
        parse_bot("mc:adapt=yes")


def test_a_cautious_enough_bot_plays_greedys_moves():
    # caution is how many standard errors better a move must score than greedy's: with a
    # hundred, no move is ever that much better, and the bot plays greedy's own moves
    greedy = parse_bots("greedy", 4, 1)[0]
    cautious = parse_bot("mc:caution=100:iterations=8")
    bold = parse_bot("mc:caution=0:iterations=8")
    cb, bb = cautious[0].make(1, **cautious[1]), bold[0].make(1, **bold[1])
    differs = 0
    for state, _ in _positions("trentuno", 90, games=3):
        actions = state.legal_actions()
        assert cb(state, actions) == greedy(state, actions)
        differs += bb(state, actions) != greedy(state, actions)
    assert differs > 0


def test_a_long_hand_ends_with_a_knock_when_greedy_would():
    # the playouts take the others for greedy, who knocks with anything late in a hand, so
    # there every move that keeps the hand going outscored the knock, and two mc players at
    # Schwimmen swapped one card back and forth up to the 2,000-turn limit; from PATIENCE
    # rounds on the bot knocks where greedy does, and such a hand ends within a few
    rules = load("schwimmen")
    greedy = parse_bots("greedy", 2, 1)[0]
    bot = MonteCarloBot(1, iterations=8)
    state = GameState(rules, 2, seed=5, record=False, history=True)
    bots = parse_bots("mc:iterations=8", 2, 5)
    bots[0] = bot
    state.round = PATIENCE  # a hand that has gone on for PATIENCE rounds
    start = state.hand_number
    turns = 0
    while state.hand_number == start and not state.is_over:
        actions = state.legal_actions()
        choice = bots[state.current_player](state, actions)
        if greedy(state, actions).role is KNOCK:
            assert choice.role is KNOCK
        state.apply_unchecked(choice)
        turns += 1
    assert turns <= 40  # (greedy's bar is 19 by then, and falls a point a round)


def test_halving_gives_the_close_call_more_worlds_at_the_same_playouts(monkeypatch):
    # alloc=halve: the playouts the narrowing spends, in rounds that halve the moves, so the
    # last two moves are compared over more worlds than `iterations`, at no more playouts
    checked = 0
    for ruleset in ("trentuno", "schwimmen"):
        for state, _ in _positions(ruleset, 70, games=1, every=5):
            actions = state.legal_actions()
            spent = {}
            for alloc in ("narrow", "halve"):
                bot = MonteCarloBot(2, iterations=16, alloc=alloc)
                tried: list[int] = []
                real = bot._playouts
                monkeypatch.setattr(bot, "_playouts",
                                    lambda w, a, t, s, real=real, tried=tried:
                                    tried.append(len(t)) or real(w, a, t, s))
                bot(state, actions)
                spent[alloc] = tried
            if len(actions) > 2:
                assert sum(spent["halve"]) <= sum(spent["narrow"])
                assert len(spent["halve"]) > len(spent["narrow"]) == 16
                assert spent["halve"][-1] == 2
                checked += 1
    assert checked > 5


def test_halving_is_named_in_a_bots_spec():
    from trentuno.engine.bots import parse_bot
    kind, params = parse_bot("mc:alloc=halve:iterations=8")
    assert kind.make(1, **params).halve
    kind, params = parse_bot("mc")
    assert not kind.make(1, **params).halve


def test_the_playouts_knock_bars_change_the_moves_and_27_is_the_previous_mc():
    # others / own: the knock bar (greedy's, falling a point a round) of the playouts' other
    # players and of the searching player's own later turns; 27 is greedy's, so the previous
    # mc plays move for move as before, and another bar makes the hands end elsewhere in the
    # playouts, so some decisions change
    seen = changed_others = changed_own = changed_said = 0
    for state, _ in _positions("trentuno", 40, games=2, every=2):
        actions = state.legal_actions()
        plain = MonteCarloBot(3, iterations=12)(state, actions)
        assert MonteCarloBot(3, iterations=12, others=27, own=27)(state, actions) == plain
        changed_others += MonteCarloBot(3, iterations=12, others=21)(state, actions) != plain
        said = parse_bots("mc:iterations=12:others=21:own=27", 4, 3)[0]   # as --bots says it
        said_plain = parse_bots("mc:iterations=12", 4, 3)[0]
        changed_said += said(state, actions) != said_plain(state, actions)
        changed_own += MonteCarloBot(3, iterations=12, own=21)(state, actions) != plain
        seen += 1
        if seen > 30 and changed_others and changed_own and changed_said:
            break
    assert seen > 30 and changed_others and changed_own and changed_said
