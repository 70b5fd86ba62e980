"""The settlement rules of issue 17 item 2, one stacked-deck scenario per rule sentence of the
house rule on the shelf that says it, each against its base (the contrast): an extra payer
(`lowest_and_knocker`), a threshold (`below`), points won by place (`points_won`, `by_place`),
a transfer from the worst hand to the best (`lowest_to_highest`) and the Swiss reading of
swimming (`last_chance_lasts: hand`)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_language_features import base_and_house, idle, refused
from trentuno.engine import GameState, load
from trentuno.engine.explain import explain, render
from widow_helpers import events, kind, lives_lost, new_game, next_dealer, one, play, stack

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED = {"house/knocker-pays-unless-highest", "house/under-21-pays",
           "house/points-by-place", "house/best-takes-from-worst", "house/schwimmen-swiss"}

#: Trentuno hands (dealer 0, turns 3, 2, 1, 0): worth 23, 20, 5 and 23
HANDS = {3: "Ac Rc 2c", 2: "Rd Cd 4b", 1: "5c 2b 3d", 0: "Fb Cb 3b"}


def knock_hand(rules, hands, knocker):
    """Trentuno, dealer 0, four players (turns 3, 2, 1, 0): a round of idle turns, then in
    round 2 `knocker` knocks at his turn and everybody else takes idle turns until the hand
    ends."""
    state = new_game(rules, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    for seat in (3, 2, 1, 0):
        idle(state, seat)
    while not events(state, "hand_end"):
        seat = state.current_player
        if seat == knocker and state.knocker is None:
            play(state, kind(state, "knock"), seat=seat)
        else:
            idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    return state


# ---- an extra payer ---------------------------------------------------------------------------
def test_a_knocker_below_the_highest_hand_pays_with_the_lowest():
    """"The lowest loses a life, and the knocker too...\""""
    base, house = base_and_house("house/knocker-pays-unless-highest")
    assert lives_lost(knock_hand(house, HANDS, knocker=2), 1) == {1: 1, 2: 1}
    assert lives_lost(knock_hand(base, HANDS, knocker=2), 1) == {1: 1}


def test_a_knocker_at_the_highest_hand_or_lowest_pays_no_extra_life():
    """"...unless he is highest" (tied for the highest hand counts); a lowest knocker pays
    once."""
    _, house = base_and_house("house/knocker-pays-unless-highest")
    assert lives_lost(knock_hand(house, HANDS, knocker=3), 1) == {1: 1}   # 3 and 0 tie at 23
    assert lives_lost(knock_hand(house, HANDS, knocker=1), 1) == {1: 1}


# ---- a threshold ------------------------------------------------------------------------------
def test_everybody_under_21_loses_a_life():
    """"Everybody under 21 loses a life.\""""
    base, house = base_and_house("house/under-21-pays")
    assert lives_lost(knock_hand(house, HANDS, knocker=3), 1) == {1: 1, 2: 1}
    assert lives_lost(knock_hand(base, HANDS, knocker=3), 1) == {1: 1}


def test_nobody_pays_when_every_hand_reaches_21():
    _, house = base_and_house("house/under-21-pays")
    high = {**HANDS, 2: "Rd Cd 4d", 1: "Fs Cs 3s"}                          # 24 and 23
    state = knock_hand(house, high, knocker=3)
    assert lives_lost(state, 1) == {}
    assert one(state, "settled", 1).data["payers"] == []


@pytest.mark.parametrize("body,message", [
    ("settle:\n  showdown: {below: 21}\n", "`below` is for `pay: below`"),
    ("settle:\n  showdown: {pay: below}\n", "`pay: below` needs `below: N`"),
])
def test_a_threshold_without_its_policy_or_its_number_is_refused(tmp_path, body, message):
    problems = refused(tmp_path, f"extends: trentuno\nname: t\n{body}")
    assert len(problems) == 1 and problems[0].line == 4, [p.format() for p in problems]
    assert message in problems[0].message


# ---- points won by place ----------------------------------------------------------------------
def test_points_by_place_and_the_knockers_own():
    """"1, 2, 3 points by place; the knocker 0, 1 or 4": players tied share the better place,
    a fourth place scores nothing."""
    base, house = base_and_house("house/points-by-place")
    # the knocker (seat 2, 20) is third: 0 instead of 1; seats 3 and 0 tie for first
    assert knock_hand(house, HANDS, knocker=2).lives == [3, 0, 0, 3]
    # the knocker ties for first: 4 instead of 3
    assert knock_hand(house, HANDS, knocker=3).lives == [3, 0, 1, 4]
    assert knock_hand(base, HANDS, knocker=3).lives == [3, 2, 3, 3]         # lives: 1 pays


def test_a_blitz_scores_6_for_its_holder():
    """"...a blitz 6.\""""
    _, house = base_and_house("house/points-by-place")
    state = new_game(house, dealer=0, players=4, hands={**HANDS, 3: "Ac Rc Fc"},
                     zones={"discard": "7s"})
    assert one(state, "hand_end", 1).data["outcome"] == "win"
    assert state.lives == [0, 0, 0, 6]
    assert one(state, "settled", 1).data["points"] == {3: 6, 2: 0, 1: 0, 0: 0}


def test_points_won_end_at_the_target_with_the_most_points_winning():
    _, house = base_and_house("house/points-by-place")
    blitz = stack(house, dealer=0, players=4, hands={**HANDS, 3: "Ac Rc Fc"},
                  zones={"discard": "7s"})
    decks: list[list[str]] = []
    dealer = 0
    for _ in range(4):                          # seat 3 is dealt 31 every hand: 6 points each
        decks.append(stack(house, dealer=dealer, players=4, hands={3: "Ac Rc Fc"},
                           zones={"discard": "7s"}) if decks else blitz)
        dealer = next_dealer(house, dealer, 4)
    state = GameState(house, players=4, seed=0, decks=decks, dealer=0)
    assert state.is_over and state.hand_number == 4 and state.winners == [3]
    assert state.lives == [0, 0, 0, 24]


def test_points_by_place_are_explained_in_both_languages():
    _, house = base_and_house("house/points-by-place")
    en, it = (" ".join(render(explain(house, lang), width=1000).split()) for lang in ("en", "it"))
    assert "from the highest: 3, 2 and 1" in en and "scores 4, 1 and 0 by place" in en
    assert "the winners score 6" in en and "the player with the most points wins" in en
    assert "dalla più alta: 3, 2 e 1" in it and "vince chi ne ha di più" in it


# ---- a transfer from the worst hand to the best -------------------------------------------------
def test_the_best_hand_takes_a_token_from_the_worst():
    """"The best takes one token from the worst.\""""
    base, house = base_and_house("house/best-takes-from-worst")
    alone = {**HANDS, 0: "Fb Cb 3s"}                                         # seat 0: 20
    state = knock_hand(house, alone, knocker=2)
    assert state.lives == [3, 2, 3, 4] and state.pot == 0
    plain = knock_hand(base, alone, knocker=2)
    assert plain.lives == [3, 2, 3, 3] and plain.pot == 1


def test_a_token_tied_best_hands_cannot_share_is_lost():
    _, house = base_and_house("house/best-takes-from-worst")
    assert knock_hand(house, HANDS, knocker=2).lives == [3, 2, 3, 3]        # 3 and 0 tie


# ---- the Swiss reading of swimming --------------------------------------------------------------
def _swim_game(rules) -> GameState:
    """Schwimmen, three players: seat 1 is lowest three hands running (then swims); in the
    fourth he holds 30 and seat 0 is lowest (seat 2 is dealt 31 every hand: the round ends)."""
    players, dealer, alive = 3, 0, [0, 1, 2]
    decks: list[list[str]] = []
    low = {2: "Ah Kh Qh", 1: "7d 8c 9s", 0: "Ks Qs 10s"}
    for hand in range(1, 5):
        hands = low if hand < 4 else {2: "Ah Kh Qh", 1: "Ks Qs 10s", 0: "7d 8c 9s"}
        decks.append(stack(rules, dealer=dealer, players=players, alive=alive, hands=hands,
                           zones={"table": "Ad Ac 7h"}))
        dealer = next_dealer(rules, dealer, players, alive)
    return GameState(rules, players=players, seed=0, decks=decks, dealer=0)


def test_a_swimmer_plays_one_more_hand_then_is_out_whatever_happens():
    """"One more hand, then out whatever happens.\""""
    base, house = base_and_house("house/schwimmen-swiss")
    for rules, out in ((house, [1]), (base, [])):
        state = _swim_game(rules)
        assert [e.player for e in events(state, "last_chance")] == [1]
        assert lives_lost(state, 4) == {0: 1}                  # seat 1 is not lowest in hand 4
        assert [e.player for e in events(state, "out", hand=4)] == out
    assert "plays one more hand with no lives" in render(explain(house, "en"), width=1000)
    assert "gioca ancora una mano senza vite" in render(explain(house, "it"), width=1000)


def test_the_settlement_keys_are_in_the_schema_from_their_units():
    import json

    schema = json.loads((Path(__file__).parent.parent / "schema" /
                         "ruleset.schema.json").read_text("utf-8"))
    rule = schema["definitions"]["settle_rule"]["properties"]
    assert {"below", "places", "knocker_places"} <= set(rule)
    for name in ("lowest_and_knocker", "below", "lowest_to_highest", "by_place"):
        assert name in rule["pay"]["enum"]
    assert "points_won" in schema["definitions"]["stakes"]["properties"]["mode"]["enum"]
    assert load("house/schwimmen-swiss").stakes.own["last_chance_lasts"] == "hand"


def test_swiss_swimming_without_a_last_chance_is_refused(tmp_path):
    problems = refused(tmp_path, "extends: trentuno\nname: s\nstakes: {last_chance_lasts: hand}\n")
    assert len(problems) == 1 and problems[0].line == 3
    assert "has no effect without `last_chance: true`" in problems[0].message


def test_a_points_won_game_needs_a_target(tmp_path):
    problems = refused(tmp_path, (
        "extends: house/points-by-place\nname: p\nend: {target: null, last_standing: true}\n"))
    assert any("in points_won mode nobody goes out" in p.message and "(points)" in p.message
               for p in problems), [p.format() for p in problems]
