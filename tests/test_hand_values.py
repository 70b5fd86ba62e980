"""Hand values issue 17 asked for, each on a house rule of the shelf, on stacked decks: a total
of at least N that counts as X (`at_least`), three of a kind ranked by rank (`by_rank`), four
of a kind where the hand holds four cards. Then the classes of equal hands that the table
values once (counted for the compile budget, listed for the table) against plain counting,
and the table they build against valuing every hand one by one."""
from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_language_features import overlay, refused
from trentuno.engine import load
from trentuno.engine.cards import build_deck
from trentuno.engine.hand_classes import HandClasses
from trentuno.engine.patterns import table_cost
from widow_helpers import (
    discard,
    draw,
    events,
    kind,
    knock_and_show,
    lives_lost,
    new_game,
    one,
    play,
    value_of,
)

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED = {"house/jokers-12", "house/scat-trips-by-rank", "house/thirty-one-four-cards"}


# ---- at_least: a total of at least N counts as X --------------------------------------------
#: the house rule as it would be without `at_least`: only exactly 31 is a blitz
EXACTLY_31 = ("extends: house/jokers-12\nname: exact\nhand:\n  patterns:\n"
              "    blitz: {at_least: null, sum: 31}\n")


@pytest.mark.parametrize("hand", ["Ah Kh Jk", "Jk Jk Ah", "Jk Jk 7s", "As Ks 10s", "Jk 9c Qc"])
def test_thirty_one_or_more_in_one_suit_is_a_blitz_worth_31(hand, tmp_path):
    """"Jokers are worth 12; 31 or more in one suit is a blitz": 33, 35, 31 all count as 31,
    tie with each other and win at once; without `at_least` only exactly 31 is one."""
    house = load("house/jokers-12")
    got = value_of(house, hand)
    assert (got.value, got.combo, got.instant) == (31, "blitz", True)
    assert got.strength == value_of(house, "As Ks 10s").strength       # blitzes tie
    exact = overlay(tmp_path, EXACTLY_31)
    plain = value_of(exact, hand)
    total = sum({"A": 11, "K": 10, "Q": 10, "10": 10, "9": 9, "7": 7, "Jk": 12}[c if c == "Jk"
                else c[:-1]] for c in hand.split())
    assert (plain.value, plain.instant) == (total, total == 31)


def test_below_31_a_joker_counts_12_with_its_best_suit():
    house = load("house/jokers-12")
    for hand, value in (("Jk 9c 8d", 21), ("Jk Kh 8d", 22), ("Ah Kh 9d", 21)):
        got = value_of(house, hand)
        assert (got.value, got.combo, got.instant) == (value, "suit", False)


def test_a_blitz_of_33_dealt_wins_at_once(tmp_path):
    """Dealt an Ace, a King and a joker: 33, a blitz; everybody else loses a life. Without
    `at_least` the same deal is a 33 that wins nothing by itself."""
    hands = {2: "Ah Kh Jk", 1: "9c 8d 2s", 3: "Qd 5c 4s", 0: "7h 6d 3c"}
    state = new_game(load("house/jokers-12"), dealer=0, players=4, hands=hands,
                     zones={"widow": "2c 3d 5h"})
    end = one(state, "hand_end", 1).data
    assert (end["outcome"], end["reason"], end["winners"]) == ("win", "dealt", [2])
    assert lives_lost(state, 1) == {0: 1, 1: 1, 3: 1}
    state = new_game(overlay(tmp_path, EXACTLY_31), dealer=0, players=4, hands=hands,
                     zones={"widow": "2c 3d 5h"})
    assert not events(state, "hand_end")


def test_sum_and_at_least_together_are_refused_at_the_line(tmp_path):
    problems = refused(tmp_path, "extends: scat\nname: t\nhand:\n  patterns:\n"
                                 "    blitz: {at_least: 30}\n")
    assert len(problems) == 1 and problems[0].line == 5
    assert "not both" in problems[0].message


def test_at_least_on_the_best_suit_and_on_part_of_a_hand(tmp_path):
    """`best_suit` with `at_least` (here all four cards of a suit count), and `same_suit` with
    `cards: 3` of four: the best three of one suit adding up to at least 30."""
    rules = overlay(tmp_path, """
extends: house/four-cards
name: t
hand:
  patterns:
    thirty: {before: trentuno, kind: same_suit, cards: 3, at_least: 30, value: 30, tier: 1}
    high: {before: suit, kind: best_suit, at_least: 27, value: 27}
""")
    for hand, value, combo in (("Ac Rc Fc 2d", 30, "thirty"), ("Rc Fc Cc 2c", 30, "thirty"),
                               ("Rc Fc 7c 2d", 27, "high"), ("Fc 7c 6c 4c", 27, "high"),
                               ("Ac Rc 5c 2d", 26, "suit")):
        got = value_of(rules, hand)
        assert (got.value, got.combo) == (value, combo), hand


# ---- by_rank: three of a kind ranked by rank -------------------------------------------------
def test_the_higher_three_of_a_kind_wins():
    base, house = load("house/scat-three-of-a-kind"), load("house/scat-trips-by-rank")
    order = ["2h 2d 2c", "9h 9d 9c", "Jh Jd Jc", "Qh Qd Qc", "Kh Kd Kc", "Ah Ad Ac"]
    strengths = [value_of(house, h).strength for h in order]
    assert strengths == sorted(set(strengths))                     # each beats the one before
    assert {value_of(house, h).value for h in order} == {30.5}
    assert len({value_of(base, h).strength for h in order}) == 1   # the plain rule ties them
    assert value_of(house, "2h 2d 2c").strength > value_of(house, "Ah Kh 9h").strength  # 30


def test_three_jacks_lose_to_three_kings_at_the_showdown():
    """Two players, three Kings (the knocker) against three Jacks: the house rule charges the
    Jacks; the plain rule ties them, so both lose and the knocker two."""
    hands = {0: "Ks Kd Kc", 1: "Jh Jd Jc"}
    state = knock_and_show(load("house/scat-trips-by-rank"), hands, knocker=0, players=2)
    assert lives_lost(state, 1) == {1: 1}
    state = knock_and_show(load("house/scat-three-of-a-kind"), hands, knocker=0, players=2)
    assert lives_lost(state, 1) == {0: 2, 1: 1}


def test_by_rank_picks_the_higher_part_of_a_bigger_hand(tmp_path):
    """A pair worth 20 among four cards (`cards: 2`, `by_rank`): of two pairs the higher one
    counts, whatever the order of the cards."""
    rules = overlay(tmp_path, """
extends: house/four-cards
name: t
hand:
  patterns:
    pair: {before: trentuno, kind: same_rank, cards: 2, value: 20, by_rank: true, tier: 1}
""")
    queens = value_of(rules, "Cc Cd 2b 3s").strength
    assert value_of(rules, "Fc Fd Cb Cs").strength == queens
    assert value_of(rules, "Cb Cs Fc Fd").strength == queens
    assert value_of(rules, "Fc Fd 2b 3s").strength < queens
    assert value_of(rules, "Rc Rd 2b 3s").strength > queens


# ---- four of a kind where four cards are held ------------------------------------------------
def test_four_of_a_kind_is_an_instant_hand_of_four_cards(tmp_path):
    house = load("house/thirty-one-four-cards")
    got = value_of(house, "Kh Kd Kc Ks")
    assert (got.value, got.combo, got.instant) == (31, "four-of-a-kind", True)
    plain = overlay(tmp_path, "extends: house/thirty-one-four-cards\nname: t\nhand:\n"
                              "  patterns:\n    four-of-a-kind: null\n")
    got = value_of(plain, "Kh Kd Kc Ks")
    assert (got.value, got.combo, got.instant) == (10, "suit", False)
    got = value_of(house, "Ah Kh Qh 2h")                 # the best three of one suit: 31
    assert (got.value, got.combo, got.instant) == (31, "thirty-one", True)


def test_drawing_the_fourth_king_wins_at_once():
    """Seat 1 holds three Kings and draws the fourth: after his discard, four of a kind wins
    the hand at once and everybody else loses a life."""
    house = load("house/thirty-one-four-cards")
    hands = {1: "Kh Kd Kc 2s", 2: "9c 8d 3s 4h", 3: "Qd 5c 4s 6h", 0: "7h 6d 3c 2d"}
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"discard": "5s"},
                     stock="Ks")
    play(state, draw(state, "stock"), seat=1)
    assert not events(state, "hand_end")
    play(state, discard(state, "2s"), seat=1)
    end = one(state, "hand_end", 1).data
    assert (end["outcome"], end["winners"]) == ("win", [1])
    assert lives_lost(state, 1) == {0: 1, 2: 1, 3: 1}


def test_four_of_a_kind_in_a_hand_of_three_is_refused(tmp_path):
    problems = refused(tmp_path, "extends: thirty-one\nname: t\nhand:\n  patterns:\n"
                                 "    four: {kind: same_rank, cards: 4, value: 31}\n")
    assert "a hand holds 3 cards: a pattern cannot use 4" in problems[0].message


def test_four_cards_from_52_fit_the_budget_by_their_classes():
    house = load("house/thirty-one-four-cards")
    cost = table_cost(house.deck, 4, house.data["hand"]["patterns"], ())
    assert (cost.hands, cost.distinct, cost.classes) == (270_725, 270_725, 16_432)
    assert len(house.valuation.strength) == 270_725


def test_a_knock_plays_on_with_four_cards():
    """The turn is Thirty-One's: a knock, then everybody else once."""
    house = load("house/thirty-one-four-cards")
    state = new_game(house, dealer=0, players=3, hands={1: "Ah Kh 9h 2s"},
                     zones={"discard": "5s"})
    play(state, kind(state, "knock"), seat=1)
    for seat in (2, 0):
        play(state, draw(state, "stock"), seat=seat)
        play(state, discard(state, state.rules.deck.code(state.just_drawn)), seat=seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"


# ---- the classes of equal hands --------------------------------------------------------------
def small_deck(suits: int, ranks: int, copies: int, jokers: int, wild: bool, removed: bool):
    suit_specs = [{"code": "hdcsx"[i]} for i in range(suits)]
    rank_specs = [{"code": "A23456"[i], "value": [11, 2, 3, 4, 5, 6][i]} for i in range(ranks)]
    return build_deck(suit_specs, rank_specs, copies,
                      removed_cards=["3h"] if removed and ranks > 2 else (),
                      jokers={"count": jokers, "wild": True} if jokers and wild else
                      {"count": jokers, "value": 7} if jokers else None)


DECKS = st.builds(small_deck, st.integers(1, 5), st.integers(1, 6), st.integers(1, 3),
                  st.integers(0, 2), st.booleans(), st.booleans())


@settings(max_examples=60, deadline=None)
@given(deck=DECKS, size=st.integers(0, 4), suit_free=st.booleans())
def test_the_classes_cover_every_hand_once_and_their_counts_are_right(deck, size, suit_free):
    """The table's classes hold every physical hand exactly once; the counts made without
    listing them (hands, by rank and suit, classes) are what listing them finds."""
    if size > len(deck.cards):
        return
    hands = HandClasses(deck, size, suit_free)
    table, reps = hands.walk()
    physical = list(combinations(range(len(deck.cards)), size))
    assert len(table) == len(physical) == hands.hands()
    assert set(table) == {sum(1 << c for c in h) for h in physical}
    by_identity = {tuple(sorted(deck.cards[c].code for c in h)) for h in physical}
    assert hands.distinct() == len(by_identity)
    assert hands.classes() == len(reps) == len(set(table.values()))
    assert len(list(hands.representatives())) == len(reps)


#: patterns of every kind, some naming a card (no suit renaming then)
PATTERNS = [
    {"name": "flush", "kind": "same_suit", "value": "sum", "tier": 1},
    {"name": "big", "kind": "best_suit", "at_least": 9, "value": 9, "tier": 2},
    {"name": "trips", "kind": "same_rank", "value": 20, "by_rank": True},
    {"name": "pair", "kind": "same_rank", "cards": 2, "value": "sum"},
    {"name": "run", "kind": "run", "value": 15, "suited": True},
    {"name": "wild", "kind": "same_rank", "wild": ["2d"], "value": 19},
    {"name": "suit", "kind": "best_suit", "value": "sum"},
]


@settings(max_examples=40, deadline=None)
@given(suits=st.integers(1, 4), ranks=st.integers(2, 5), copies=st.integers(1, 2),
       jokers=st.integers(0, 2), size=st.integers(1, 4),
       chosen=st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=4, unique_by=str),
       tiebreak=st.sampled_from([[], ["high_rank"], ["suit"]]))
def test_the_table_by_classes_is_every_hand_valued_one_by_one(suits, ranks, copies, jokers,
                                                             size, chosen, tiebreak):
    """Whatever the deck (copies, jokers) and the patterns (some name a card), a hand's
    strength, value, combination and instant flag from the table are what valuing that very
    hand alone gives."""
    from trentuno.engine.compiler import compile_hands

    deck = {"suits": [{"code": "hdcs"[i]} for i in range(suits)],
            "ranks": [{"code": "A2345"[i], "value": [11, 2, 3, 4, 5][i]} for i in range(ranks)],
            "copies": copies}
    if jokers:
        deck["jokers"] = {"count": jokers, "value": 6}
    if "2d" in str(chosen) and (suits < 2 or ranks < 2):
        return
    doc = {"name": "t", "deck": deck, "hand": {"size": size, "patterns": [
        dict(p, cards=min(p.get("cards", size), size)) for p in chosen]},
           "ranking": {"tiebreak": tiebreak, "suit_order": ["hdcs"[i] for i in range(suits)]}}
    rules = compile_hands(doc)
    if rules is None or size > len(rules.deck.cards):
        return
    v = rules.valuation
    keys = {}
    for cards in combinations(range(len(rules.deck.cards)), size):
        keys[sum(1 << c for c in cards)] = v.appraise(cards)
    dense = {k: i for i, k in enumerate(sorted({a[0] for a in keys.values()}))}
    for mask, (key, value, combo, instant) in keys.items():
        assert (v.strength[mask], v.value[mask], v.combo[mask], v.instant[mask]) == \
            (dense[key], value, combo, instant)
