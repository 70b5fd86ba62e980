"""Greedy's turn written as code for the widow family (engine/policy_swap.py): an exchange with
a zone, a pass or a knock decided and played by one function, the same games as the general
loop, in a few Python calls a turn."""
from __future__ import annotations

import pytest
from test_policy_code import snapshot
from test_turn_code import python_calls_per_turn
from trentuno.engine.bots import compiled_turn
from trentuno.engine.simulate import play_game
from trentuno.engine.variants import load

# (ruleset, players): a hidden widow taken or left and then turned up, a pass's run and its
# showdown or the table dealt again, an instant hand after every move and at the end of the
# turn, a swap of all that also knocks, 2 to 8 players
FAMILIES = [("scat", 2), ("scat", 4), ("scat", 8), ("schwimmen", 2), ("schwimmen", 5),
            ("trentuno-vedova", 3), ("trentuno-vedova", 6)]

# the house rules of the family that have the shape: a knock guarded by the round, points
# instead of lives, tiers of three of a kind, jokers, another instant outcome (a knock) or
# instant pattern, a condition on the table after every move, a player out of the hand by his
# pass, a table that grows every round, an exchange of several cards, other ties and stakes
HOUSE = [("house/scat-knock-second-round", 4), ("house/scat-penalty-points", 3),
         ("house/penalty-31-minus-hand", 5), ("house/scat-three-of-a-kind", 4),
         ("house/scat-trips-by-rank", 6), ("house/jokers", 4), ("house/jokers-12", 7),
         ("house/knocker-pays-ties", 4), ("house/ties-high-card", 2),
         ("house/schwimmen-31-knocks", 4), ("house/schwimmen-789", 4),
         ("house/schwimmen-feuer-wins", 3), ("house/schwimmen-swiss", 4),
         ("house/schwimmen-new-table", 5), ("house/schwimmen-pass-is-out", 4),
         ("house/schwimmen-rounds", 3), ("house/schwimmen-swap-up-to-three", 8)]


def _same_games(name: str, players: int, bots: str, seeds: int) -> None:
    rules = load(name)
    assert compiled_turn(rules, bots, players) is not None  # the written turn is played
    for seed in range(seeds):
        written = play_game(rules, players, bots, seed)
        general = play_game(rules, players, bots, seed, plain=True)
        assert snapshot(written) == snapshot(general), (name, players, bots, seed)


@pytest.mark.parametrize("name,players", FAMILIES)
@pytest.mark.parametrize("bots", ["greedy", "threshold", "greedy:knock=24"])
def test_the_written_widow_turn_plays_the_same_games(name, players, bots):
    """Many seeds played by the written turn and by the general loop (the bot choosing from
    the listed moves, the move's written play, the triggers watching it) end in the same
    state, field by field."""
    _same_games(name, players, bots, 25)


@pytest.mark.parametrize("name,players", HOUSE)
def test_the_house_rules_of_the_family_play_the_same_games(name, players):
    _same_games(name, players, "greedy", 15)


def test_the_written_turn_is_offered_to_the_shapes_it_knows():
    """The family's exchanges, passes and knocks are written; an opening turn (chosen unseen
    or not) or a hand that must be declared is no shape the writer knows, and those games are
    the general loop's."""
    known = {name: compiled_turn(load(name), "greedy", 4) is not None for name in (
        "scat", "schwimmen", "house/schwimmen-swap-up-to-three", "house/schwimmen-blind-choice",
        "house/commerce-blind-swap", "house/schwimmen-dealer-choice", "house/schwimmen-declare")}
    assert known == {"scat": True, "schwimmen": True, "house/schwimmen-swap-up-to-three": True,
                     "house/schwimmen-blind-choice": False, "house/commerce-blind-swap": False,
                     "house/schwimmen-dealer-choice": False, "house/schwimmen-declare": False}
    for name in [n for n, written in known.items() if not written]:
        rules = load(name)
        for seed in range(5):
            assert snapshot(play_game(rules, 4, "greedy", seed)) == \
                snapshot(play_game(rules, 4, "greedy", seed, plain=True)), (name, seed)


@pytest.mark.parametrize("name", ["scat", "schwimmen"])
def test_a_written_widow_turn_takes_few_python_calls(name):
    """The turn is one call and the end of the turn another (ten to thirteen a turn in the
    general loop: the bot twice, the move's play, what watches the move, its trigger's test,
    the end of the turn, the listing's)."""
    assert python_calls_per_turn(name, 4, 20, plain=False) < 8
