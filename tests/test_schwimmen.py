"""Schwimmen (Schnauz, Knack), the published German rules as the ruleset `schwimmen` states
them, and its two house rules `house/schwimmen-789` and `house/schwimmen-feuer-wins`.

Seats are numbered clockwise and Schwimmen plays clockwise: with dealer 0 and four players seat 1
gets the first card and plays first. The deal gives three cards to each player one at a time,
then three open table cards; the rest is the stock.
"""
from __future__ import annotations

import pytest
from trentuno.engine import GameState, load
from widow_helpers import (
    codes,
    events,
    has,
    kind,
    lives_lost,
    new_game,
    next_dealer,
    one,
    play,
    stack,
    swap,
    value_of,
)


@pytest.fixture(scope="module")
def rules():
    return load("schwimmen")


@pytest.fixture(scope="module")
def r789():
    return load("house/schwimmen-789")


@pytest.fixture(scope="module")
def feuer_wins():
    return load("house/schwimmen-feuer-wins")


def hand_end(state, hand=1):
    return one(state, "hand_end", hand)


def kinds(state):
    return {a.kind for a in state.legal_actions()}


def table(state):
    return sorted(state.rules.deck.codes(state.zones["table"]))


# ---- the deal -----------------------------------------------------------------------------------
def test_stack_helper_matches_the_deal_event(rules):
    hands = {1: "7h 8h 9h", 2: "7d 8d 9d", 3: "7c 8c 9c", 0: "7s 8s 9s"}
    order = stack(rules, dealer=0, players=4, hands=hands, zones={"table": "Kh Qd Jc"},
                  stock="10s 10h")
    assert order == ["7h", "7d", "7c", "7s", "8h", "8d", "8c", "8s", "9h", "9d", "9c", "9s",
                     "Kh", "Qd", "Jc", "10s", "10h"]
    state = GameState(rules, players=4, seed=4, decks=[order], dealer=0)
    deal = one(state, "deal")
    assert deal.data["hands"] == {s: codes(h) for s, h in hands.items()}
    assert deal.data["zones"]["table"] == ["Kh", "Qd", "Jc"]
    assert deal.data["zones"]["stock"][-2:] == ["10h", "10s"]       # the top is the last


def test_32_cards_and_three_open_table_cards(rules):
    state = new_game(rules, dealer=0, players=4)
    assert len(rules.deck.cards) == 32
    assert {c.code[:-1] for c in rules.deck.cards} == {"A", "K", "Q", "J", "10", "9", "8", "7"}
    assert len(state.zones["table"]) == 3 and state.face_up["table"] is True
    assert state.visible_top("table") is not None
    assert len(state.zones["stock"]) == 32 - 4 * 3 - 3
    assert state.current_player == 1                   # clockwise, the dealer's left first


# ---- the turn -----------------------------------------------------------------------------------
def test_swap_one_swap_all_pass_and_no_knock_in_the_first_round(rules):
    state = new_game(rules, dealer=0, players=4, hands={1: "7h 8d 9c", 2: "7d 8c 9s"},
                     zones={"table": "Kh Qh 10s"})
    assert kinds(state) == {"swap", "swap_all", "pass"}
    assert len([a for a in state.legal_actions() if a.kind == "swap"]) == 9
    play(state, swap(state, give="9c", take="Kh"), seat=1)
    assert sorted(state.rules.deck.codes(state.hands[1])) == ["7h", "8d", "Kh"]
    assert table(state) == ["10s", "9c", "Qh"]
    play(state, kind(state, "swap_all"), seat=2)
    assert sorted(state.rules.deck.codes(state.hands[2])) == ["10s", "9c", "Qh"]
    assert table(state) == ["7d", "8c", "9s"]
    for seat in (3, 0):
        assert not has(state, "knock")
        play(state, kind(state, "pass"), seat=seat)
    # round 2: knocking is allowed, once
    assert state.round == 2 and has(state, "knock")
    play(state, kind(state, "knock"), seat=1)
    assert not has(state, "knock")
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    end = hand_end(state)
    assert end.data["reason"] == "knock" and end.data["knocker"] == 1


def test_when_everybody_passes_the_table_is_replaced_from_the_stock(rules):
    state = new_game(rules, dealer=0, players=4, zones={"table": "7h 8d 9c"},
                     stock="Kh Qd Jc 10s 10h 10d")
    for seat in (1, 2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    refresh = one(state, "refresh")
    assert sorted(refresh.data["cards"]) == ["Jc", "Kh", "Qd"]
    assert table(state) == ["Jc", "Kh", "Qd"]
    assert {"7h", "8d", "9c"} <= set(state.rules.deck.codes(state.aside))
    assert not events(state, "hand_end")              # the hand goes on
    assert state.current_player == 1 and state.round == 2
    # a round with a swap in it replaces nothing; four passes again do
    # a swap breaks the run: three passes after it replace nothing, the fourth does
    play(state, swap(state, give=state.rules.deck.code(state.hands[1][0]), take="Kh"), seat=1)
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    assert len(events(state, "refresh")) == 1
    play(state, kind(state, "pass"), seat=1)
    assert len(events(state, "refresh")) == 2
    assert table(state) == ["10d", "10h", "10s"]


def test_when_the_stock_cannot_replace_the_table_the_hands_are_compared(rules):
    """Not in the published rules: with fewer than three cards left in the stock, a round of
    passes ends the hand in a comparison (the ruleset's choice)."""
    state = new_game(rules, dealer=0, players=4)
    stock = len(state.zones["stock"])                 # 17: five refreshes
    for _ in range(stock // 3):
        for seat in (1, 2, 3, 0):
            play(state, kind(state, "pass"), seat=seat)
    assert len(events(state, "refresh")) == stock // 3
    assert not events(state, "hand_end")
    for seat in (1, 2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "refresh_failed"


# ---- values -------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,points,combo", [
    ("Kh Kd Kc", 30.5, "drilling"), ("7h 7d 7s", 30.5, "drilling"),
    ("Ah Ad Ac", 33, "feuer"), ("Ah Kh Qh", 31, "einunddreissig"),
    ("Kh Qh 10h", 30, "suit"), ("Ah Kd 7c", 11, "suit"), ("9s 8s Ks", 27, "suit"),
])
def test_hand_values(rules, hand, points, combo):
    """Three of a kind 30.5, three Aces ("Feuer") 33, 31 in a suit, else the best suit."""
    v = value_of(rules, hand)
    assert (v.value, v.combo) == (points, combo)


def test_feuer_beats_31_beats_three_of_a_kind_beats_30(rules):
    order = ["Ah Ad Ac", "Ah Kh Qh", "7h 7d 7s", "Kh Qh 10h"]
    strengths = [value_of(rules, h).strength for h in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 4


def test_three_of_a_kind_beats_a_30_in_a_suit_at_the_showdown(rules):
    state = new_game(rules, dealer=0, players=2, hands={1: "7h 7d 7s", 0: "Kc Qc 10c"},
                     zones={"table": "8h 9d Js"})
    for seat in (1, 0):
        play(state, kind(state, "pass"), seat=seat)   # the table is replaced
    play(state, kind(state, "knock"), seat=1)
    play(state, kind(state, "pass"), seat=0)
    end = hand_end(state)
    assert end.data["values"] == {0: 30, 1: 30.5}
    assert lives_lost(state, 1) == {0: 1}


# ---- 31 and Feuer end the round -----------------------------------------------------------------
def test_feuer_dealt_ends_the_round_at_once(rules):
    state = new_game(rules, dealer=0, players=4,
                     hands={1: "Ah Ad Ac", 2: "Kh Qh 9h", 3: "Kd Qd 9d", 0: "7s 8c 7d"},
                     zones={"table": "Ks Qs 10c"})
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "dealt"
    assert end.data["values"][1] == 33
    assert lives_lost(state, 1) == {0: 1}            # the lowest pays, as after a knock


@pytest.mark.parametrize("hand,take,give,points", [
    ("Ah Ad 9c", "As", "9c", 33),                      # Feuer
    ("Ah Kh 9c", "Qh", "9c", 31),                      # 31
])
def test_31_or_feuer_made_by_a_swap_ends_the_round_at_once(rules, hand, take, give, points):
    state = new_game(rules, dealer=0, players=4, hands={2: hand, 3: "7d 8c 9s"},
                     zones={"table": f"{take} 7h 8h"})
    play(state, kind(state, "pass"), seat=1)
    play(state, swap(state, give=give, take=take), seat=2)
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "action"
    assert end.data["values"][2] == points
    assert [e.player for e in events(state, "action", hand=1)] == [1, 2]


# ---- lives, swimming, out -----------------------------------------------------------------------
def test_three_lives_then_swimming_then_out(rules):
    """Three lives; a player who has lost them "swims" (plays on) and is out at the next loss;
    each lost life is a stake in the pot, which the last player left takes."""
    players, dealer, alive = 3, 0, [0, 1, 2]
    decks = []
    for hand in range(1, 5):   # seat 2 is dealt 31 (the round ends), seat 1 is lowest
        decks.append(stack(rules, dealer=dealer, players=players, alive=alive,
                           hands={2: "Ah Kh Qh", 1: "7d 8c 9s", 0: "Ks Qs 10s"},
                           zones={"table": "Ad Ac 7h"}))
        if hand == 4:
            alive = [0, 2]
        dealer = next_dealer(rules, dealer, players, alive)
    decks.append(stack(rules, dealer=dealer, players=players, alive=alive))   # a quiet hand 5
    state = GameState(rules, players=players, seed=0, decks=decks, dealer=0)
    assert rules.stakes.lives == 3
    # after three hands seat 1 has no life left and swims; the fourth hand puts him out
    assert [e.player for e in events(state, "last_chance")] == [1]
    assert [e.data["hand"] for e in events(state, "deal")][:4] == [1, 2, 3, 4]
    assert [e.player for e in events(state, "out", hand=4)] == [1]
    assert [e.player for e in events(state, "life_lost")][:3] == [1, 1, 1]
    assert state.hand_number == 5 and not events(state, "hand_end", hand=5)
    assert state.alive == [0, 2] and state.lives == [3, 0, 3]
    assert state.pot == 3                # the three lives; a swimmer going out pays nothing


# ---- house/schwimmen-789 ------------------------------------------------------------------------
def test_789_dealt_on_the_table_is_replaced(r789, rules):
    hands = {1: "Kh Qd 9s", 2: "7s 8c Jd"}
    state = new_game(r789, dealer=0, players=4, hands=hands, zones={"table": "7h 8d 9c"},
                     stock="Ks Qs 10h")
    assert one(state, "refresh").data["zone"] == "table"
    assert table(state) == ["10h", "Ks", "Qs"]
    assert not events(state, "hand_end")
    # the plain ruleset leaves it there
    plain = new_game(rules, dealer=0, players=4, hands=hands, zones={"table": "7h 8d 9c"},
                     stock="Ks Qs 10h")
    assert not events(plain, "refresh")
    assert table(plain) == ["7h", "8d", "9c"]


def test_789_left_on_the_table_by_a_swap_is_replaced(r789):
    state = new_game(r789, dealer=0, players=4, hands={1: "9c Ah Ks"},
                     zones={"table": "7h 8d Qs"}, stock="Kd Qd 10h")
    play(state, swap(state, give="9c", take="Qs"), seat=1)     # leaves 7h 8d 9c
    assert one(state, "refresh")
    assert table(state) == ["10h", "Kd", "Qd"]
    assert state.current_player == 2


def test_789_needs_all_three_ranks(r789):
    state = new_game(r789, dealer=0, players=4, zones={"table": "7h 8d 8c"})
    assert not events(state, "refresh")


# ---- house/schwimmen-feuer-wins -----------------------------------------------------------------
def test_feuer_dealt_wins_outright_everybody_else_loses_a_life(feuer_wins):
    hands = {1: "Ah Ad Ac", 2: "Kh Qh 9h", 3: "Kd Qd 9d", 0: "7s 8c 7d"}
    state = new_game(feuer_wins, dealer=0, players=4, hands=hands, zones={"table": "Ks Qs 10c"})
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]
    assert lives_lost(state, 1) == {0: 1, 2: 1, 3: 1}


def test_feuer_made_by_a_swap_wins_outright(feuer_wins):
    state = new_game(feuer_wins, dealer=0, players=4, hands={2: "Ah Ad 9c"},
                     zones={"table": "As 7h 8h"})
    play(state, kind(state, "pass"), seat=1)
    play(state, swap(state, give="9c", take="As"), seat=2)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [2]
    assert lives_lost(state, 1) == {0: 1, 1: 1, 3: 1}


def test_31_still_only_ends_the_round_with_feuer_wins(feuer_wins):
    state = new_game(feuer_wins, dealer=0, players=4,
                     hands={1: "Ah Kh Qh", 2: "Kc Qc 9c", 3: "Kd Qd 9d", 0: "7s 8c 7d"},
                     zones={"table": "Ks Qs 10c"})
    end = hand_end(state)
    assert end.data["outcome"] == "showdown"
    assert lives_lost(state, 1) == {0: 1}
