"""The language features of issue 7 item 5, one stacked-deck scenario per rule sentence of the
house rule on the shelf that uses each (and a scratch overlay where a sentence needs another
stakes mode): tie policies `nobody` and `high_card`, `cards: N` on a pattern, runs, jokers,
payments that depend on the hands, decks by the number of players."""
from __future__ import annotations

from pathlib import Path

import pytest
from trentuno.engine import check, load
from trentuno.engine.variants import load_merged
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
    swap,
    value_of,
)

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED: set[str] = set()


def covers(name):
    def mark(fn):
        COVERED.add(name)
        return fn
    return mark


def base_and_house(name):
    return load(Path(load_merged(name).files[0].file).stem), load(name)


def overlay(tmp_path: Path, text: str):
    path = tmp_path / "rules.yaml"
    path.write_text(text.lstrip("\n"), "utf-8")
    rules, problems = check(str(path))
    assert problems == [], [p.format() for p in problems]
    return rules


def refused(tmp_path: Path, text: str) -> list:
    path = tmp_path / "rules.yaml"
    path.write_text(text.lstrip("\n"), "utf-8")
    rules, problems = check(str(path))
    assert rules is None and problems
    return problems


def idle(state, seat):
    """A Trentuno turn that changes nothing: draw the stock's top card and throw it away."""
    hand = state.hand_number
    play(state, next(a for a in state.legal_actions() if a.kind == "draw"), seat=seat)
    if state.hand_number == hand:
        drawn = state.just_drawn
        play(state, next(a for a in state.legal_actions()
                         if a.kind == "discard" and list(a.cards) == [drawn]), seat=seat)


def knock_hand(rules, hands, knocker=3):
    """Trentuno, dealer 0, four players (turns 3, 2, 1, 0): a round of idle turns, then
    `knocker` knocks in round 2 and the others take an idle turn each."""
    state = new_game(rules, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    for seat in (3, 2, 1, 0):
        idle(state, seat)
    order = [3, 2, 1, 0]
    start = order.index(knocker)
    for seat in order[start:] + order[:start]:
        if seat == knocker:
            play(state, kind(state, "knock"), seat=seat)
        else:
            idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    return state


# ---- ties: nobody, high_card ------------------------------------------------------------------
TIED_LOW = {3: "2c 3d 5b", 2: "Rc Cc 2d", 1: "5c 2b 3s", 0: "Fb Cb 3b"}


@covers("house/ties-nobody-pays")
def test_a_tie_for_the_lowest_hand_costs_nothing():
    """"When several players tie for the lowest hand, nobody pays.\""""
    base, house = base_and_house("house/ties-nobody-pays")
    assert value_of(house, "2c 3d 5b").value == value_of(house, "5c 2b 3s").value == 5
    assert lives_lost(knock_hand(house, TIED_LOW), 1) == {}
    assert lives_lost(knock_hand(base, TIED_LOW), 1) == {3: 1, 1: 1}
    # alone at the bottom, the knocker still pays
    alone = {**TIED_LOW, 1: "7d 6d 2b"}
    assert lives_lost(knock_hand(house, alone), 1) == {3: 1}


@covers("house/ties-high-card")
def test_a_tie_for_the_lowest_hand_is_broken_by_the_highest_card():
    """"The player whose highest card is lowest pays; if those cards are equal too, all the
    tied players pay.\""""
    base, house = base_and_house("house/ties-high-card")
    others = {0: "Kh Qh 9c", 3: "Ac Kc 2s"}
    widow = "7h 8h 9d"
    # 5 and 5: seat 1's highest card is a 4, seat 2's a 5: seat 1 alone pays
    broken = {**others, 1: "2c 3c 4d", 2: "5d 2h 3s"}
    assert value_of(house, "2c 3c 4d").value == value_of(house, "5d 2h 3s").value == 5
    assert lives_lost(knock_and_show(house, broken, knocker=3, widow=widow), 1) == {1: 1}
    assert lives_lost(knock_and_show(base, broken, knocker=3, widow=widow), 1) == {1: 1, 2: 1}
    # the highest cards are equal too (two fives): both pay
    level = {**others, 1: "2c 3c 5h", 2: "5d 2h 3s"}
    assert lives_lost(knock_and_show(house, level, knocker=3, widow=widow), 1) == {1: 1, 2: 1}


VEDOVA_HIGH_CARD = """
extends: trentuno-vedova
name: vedova-high-card
ranking: {tiebreak: null}
settle:
  showdown: {ties: high_card}
"""


@pytest.mark.parametrize("second,takers", [("Kd Qd 8s", [4]), ("Ad 9d 8s", None)])
def test_in_a_pot_game_the_highest_card_takes_a_tied_pot(tmp_path, second, takers):
    """In a pot game the tied best hand with the highest single card takes the pot; when those
    cards are equal too the pot stays for the next hand."""
    rules = overlay(tmp_path, VEDOVA_HIGH_CARD)
    state = new_game(rules, dealer=0, players=5,
                     hands={4: "Ah 9h 7c", 3: second, 2: "7d 8c 9s", 1: "7s 8d 9c",
                            0: "10s 8h Jc"},
                     zones={"widow": "10h 10d Js"})
    for seat in (4, 3, 2, 1, 0):
        play(state, kind(state, "pass"), seat=seat)
    end = one(state, "hand_end", 1)
    assert end.data["values"][4] == end.data["values"][3] == 20
    settled = one(state, "settled", 1).data
    if takers:
        assert settled["winners"] == takers
    else:
        assert "winners" not in settled and settled["carried"] == 5


@pytest.mark.parametrize("base,body,message", [
    ("trentuno-vedova", "settle:\n  showdown: {ties: nobody}\n",
     "`ties: nobody` has no meaning in a pot game: it is for lives and points games"),
    ("trentuno", "settle:\n  showdown: {ties: nobodyy}\n", "nobodyy"),
])
def test_a_tie_policy_where_it_means_nothing_is_refused_at_its_line(tmp_path, base, body,
                                                                    message):
    problems = refused(tmp_path, f"extends: {base}\nname: t\n{body}")
    assert len(problems) == 1 and problems[0].line == 4
    assert message in problems[0].message


# ---- cards: N -------------------------------------------------------------------------------
@covers("house/four-cards")
@pytest.mark.parametrize("hand,value,combo", [
    ("7c 6c 5c 4c", 18, "suit"),          # the best three clubs, not all four
    ("Ac Rc Fc 2d", 31, "trentuno"),      # a 31 in three of the four cards
    ("Ac Rc Fc Cc", 31, "trentuno"),      # four of a suit: three of them make 31
    ("Ac Ad Ab 2c", 13, "suit"),          # no tris in this game
    ("Ac 2d 3b 4s", 11, "suit"),
])
def test_four_cards_the_best_three_of_a_suit_count(hand, value, combo):
    """"Each player holds four cards; the best three of one suit count.\""""
    _, house = base_and_house("house/four-cards")
    got = value_of(house, hand)
    assert (got.value, got.combo) == (value, combo)


@covers("house/four-cards")
def test_four_cards_are_dealt_and_a_31_made_with_three_of_them_wins_at_once():
    base, house = base_and_house("house/four-cards")
    assert house.hand_size == 4 and base.hand_size == 3
    state = new_game(house, dealer=0, players=4, hands={3: "Ac Rc 2d 3b"},
                     zones={"discard": "7s"}, stock="Fc")
    assert all(len(state.hands[p]) == 4 for p in range(4))
    play(state, draw(state, "stock"), seat=3)
    play(state, discard(state, "2d"), seat=3)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]


def test_any_kind_takes_cards_and_the_budget_counts_the_parts(tmp_path):
    """A kind that does not take `cards` itself tries every N-card part: three of a kind among
    four cards. The compile budget counts each part: two such patterns with a wild card (no
    class of hands is shared, so all 91,390 hands are valued) are refused where the same two
    as four of a kind (one check each) are not."""
    rules = overlay(tmp_path, """
extends: house/four-cards
name: c
hand:
  size: 3
  patterns:
    tris: {after: trentuno, kind: same_rank, ranks: [A], value: 30, cards: 2}
deal:
  steps:
    - {to: [players], count: 1, rounds: 3}
    - {to: [discard], count: 1}
""")
    assert (value_of(rules, "Ac Ad 2b").value, value_of(rules, "Ac Ad 2b").combo) == (30, "tris")
    rules = overlay(tmp_path, """
extends: house/four-cards
name: c
hand:
  patterns:
    tris: {after: trentuno, kind: same_rank, ranks: [A], value: 30, cards: 3}
""")
    got = value_of(rules, "Ac Ad Ab 2c")
    assert (got.value, got.combo) == (30, "tris")

    def trips(cards: int) -> str:
        return "extends: house/four-cards\nname: c\nhand:\n  patterns:\n" + "".join(
            f"    tris-{r.lower()}: {{after: trentuno, kind: same_rank, ranks: [{r}], wild: [7d], "
            f"value: 30, cards: {cards}}}\n" for r in "AR")
    rules = overlay(tmp_path, trips(4))
    assert value_of(rules, "Ac Ad Ab 7d").combo == "tris-a"
    problems = refused(tmp_path, trips(3))
    assert "too many hands to value" in problems[0].message
    assert "91,390 to value" in problems[0].message


def test_a_pattern_cannot_use_more_cards_than_a_hand_holds(tmp_path):
    problems = refused(tmp_path, "extends: trentuno\nname: c\nhand:\n  patterns:\n"
                                 "    suit: {cards: 4}\n")
    assert len(problems) == 1 and problems[0].line == 5
    assert "a hand holds 3 cards: a pattern cannot use 4" in problems[0].message


# ---- runs -----------------------------------------------------------------------------------
@covers("house/scala")
@pytest.mark.parametrize("hand,value,combo", [
    ("Ac 2c 3c", 31, "scala"),            # the lowest run
    ("5d 6d 7d", 31, "scala"),
    ("7b Fb Cb", 31, "scala"),            # 7, Fante, Cavallo: in sequence in the deck's order
    ("Cs Rs As", 31, "scala"),            # Cavallo-Re-Asso: the Ace follows the King too
    ("Rc Ac 2c", 23, "suit"),             # ...but a run does not go round the corner
    ("5d 6c 7d", 12, "suit"),             # not of one suit
    ("4d 6d 7d", 17, "suit"),             # not in sequence
])
def test_a_run_of_three_in_one_suit_is_worth_31(hand, value, combo):
    """"Three cards in sequence of one suit, A-2-3 up to Fante-Cavallo-Re and Cavallo-Re-Asso
    too, are worth 31.\""""
    base, house = base_and_house("house/scala")
    got = value_of(house, hand)
    assert (got.value, got.combo) == (value, combo)
    if combo == "scala":
        assert value_of(base, hand).combo != "scala"


@covers("house/scala")
def test_a_run_made_by_a_draw_wins_at_once():
    """"...and win at once, like a 31.\""""
    base, house = base_and_house("house/scala")
    for rules in (base, house):
        state = new_game(rules, dealer=0, players=4, hands={3: "5c 6c 2d"},
                         zones={"discard": "7s"}, stock="7c")
        play(state, draw(state, "stock"), seat=3)
        play(state, discard(state, "2d"), seat=3)
        ended = events(state, "hand_end", 1)
        if rules is house:
            assert ended and ended[0].data["outcome"] == "win"
            assert ended[0].data["winners"] == [3]
            assert lives_lost(state, 1) == {0: 1, 1: 1, 2: 1}
        else:
            assert not ended


RUNS = """
extends: scat
name: runs
hand:
  patterns:
    run: {before: blitz, kind: run, value: 40, tier: 1, ORDER WRAP}
"""


@pytest.mark.parametrize("params,hand,is_run", [
    ("", "Ah 2c 3d", True),                         # of any suits
    ("", "Qh Kc Ad", False),                        # the Ace is only low by default
    ("wrap: both_ends", "Qh Kc Ad", True),
    ("wrap: both_ends", "Kh Ac 2d", False),
    ("wrap: around", "Kh Ac 2d", True),
    ("wrap: around", "Kh Ac 3d", False),
    ("order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]", "Qh Kc Ad", True),   # Ace only high
    ("order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]", "Ah 2c 3d", False),
    ("suited: true", "9h 10h Jh", True),
    ("suited: true", "9h 10h Jc", False),
    ("", "9h 9c 10h", False),                       # a pair is not in sequence
])
def test_run_parameters(tmp_path, params, hand, is_run):
    text = RUNS.replace("ORDER WRAP", params).replace(", }", "}")
    rules = overlay(tmp_path, text)
    got = value_of(rules, hand)
    assert (got.combo == "run") == is_run, got
    if is_run:
        assert got.value == 40


def test_a_run_counts_the_sum_of_its_cards_when_asked(tmp_path):
    rules = overlay(tmp_path, RUNS.replace("value: 40", "value: sum")
                    .replace(", ORDER WRAP", ", suited: true"))
    assert (value_of(rules, "9h 10h Jh").value, value_of(rules, "9h 10h Jh").combo) == (29, "run")
    # a run beats a higher suit in a lower tier
    assert value_of(rules, "2h 3h 4h").strength > value_of(rules, "Ah Kh Qh").strength


def test_a_run_in_a_bigger_hand_uses_cards(tmp_path):
    rules = overlay(tmp_path, """
extends: house/four-cards
name: r
hand:
  patterns:
    scala: {before: trentuno, kind: run, suited: true, cards: 3, value: 35, tier: 1}
""")
    assert value_of(rules, "4c 5c 6c Rd").combo == "scala"
    assert value_of(rules, "4c 5c 7c Rd").combo == "suit"


@pytest.mark.parametrize("params,line,message", [
    ("order: [A, 2, Z]", 5, "the deck has no rank 'Z'"),
    ("order: [A, 2]", 5, "a run of 3 cards needs at least 3 ranks in sequence, 2 given"),
    ("wrap: sideways", 5, "sideways"),
])
def test_a_bad_run_is_refused_at_its_line(tmp_path, params, line, message):
    problems = refused(tmp_path, RUNS.replace("ORDER WRAP", params))
    assert len(problems) == 1 and problems[0].line == line, [p.format() for p in problems]
    assert message in problems[0].message


@pytest.mark.parametrize("wrap", ["none", "both_ends", "around"])
@pytest.mark.parametrize("suited", ["true", "false"])
def test_a_run_of_part_of_the_hand_is_the_best_run_among_its_parts(tmp_path, wrap, suited):
    """The run kind finds the best N-card run of a bigger hand in one pass; checked against
    trying every N-card part with the whole-hand matcher."""
    import random
    from itertools import combinations
    spec = f"kind: run, suited: {suited}, wrap: {wrap}, value: sum, tier: 1"
    four = overlay(tmp_path, f"""
extends: house/four-cards
name: r4
hand:
  patterns:
    scala: {{before: trentuno, {spec}, cards: 3}}
""")
    (tmp_path / "three").mkdir()
    three = overlay(tmp_path / "three", f"""
extends: trentuno
name: r3
hand:
  patterns:
    scala: {{before: trentuno, {spec}}}
""")
    part, whole = four.valuation.pattern("scala").match, three.valuation.pattern("scala").match
    rng = random.Random(7)
    found = 0
    for _ in range(3000):
        hand = rng.sample(range(len(four.deck.cards)), rng.choice((4, 5)))
        matches = [m for m in map(whole, combinations(hand, 3)) if m is not None]
        expected = max((m[0] for m in matches), default=None)
        got = part(hand)
        assert (got[0] if got else None) == expected, four.deck.codes(hand)
        found += expected is not None
    assert found > 50


# ---- jokers ---------------------------------------------------------------------------------
@covers("house/jokers")
@pytest.mark.parametrize("hand,value,combo", [
    ("Jk Ah Kh", 31, "blitz"),        # the joker is the best heart not held: a King (or Queen)
    ("Jk Ac Ad", 21, "suit"),         # ...joining the suit where it counts most
    ("Jk Jk 2c", 23, "suit"),         # two jokers: the Ace and a ten-card of clubs
    ("Jk 2c 3d", 14, "suit"),
])
def test_a_wild_joker_is_the_best_card_for_the_hand(hand, value, combo):
    """"Two jokers, both wild: a joker stands for the best card for the hand.\""""
    base, house = base_and_house("house/jokers")
    assert len(house.deck.cards) == len(base.deck.cards) + 2 == 54
    got = value_of(house, hand)
    assert (got.value, got.combo) == (value, combo)


@covers("house/jokers")
def test_a_joker_taken_from_the_widow_makes_a_blitz_at_once():
    _, house = base_and_house("house/jokers")
    state = new_game(house, dealer=0, players=4, hands={2: "Ah Kh 2c"},
                     zones={"widow": "Jk 5s 6d"})
    play(state, kind(state, "pass"), seat=1)                 # the widow is turned up
    play(state, swap(state, give="2c", take="Jk"), seat=2)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [2]


JOKERS = """
extends: BASE
name: j
deck:
  jokers: JOKERS
"""


def joker_rules(tmp_path, base, jokers, more=""):
    return overlay(tmp_path, JOKERS.replace("BASE", base).replace("JOKERS", jokers) + more)


def test_a_joker_of_its_own_value_joins_any_suit_but_makes_no_set(tmp_path):
    rules = joker_rules(tmp_path, "trentuno", "{count: 2, value: 15, name: {en: Clown}}")
    assert rules.deck.name(rules.deck.parse("Jk"), "en") == "Clown"
    assert rules.deck.name(rules.deck.parse("Jk"), "it") == "Jolly"
    assert value_of(rules, "Jk 7c 6c").value == 28          # 15 with the cups
    assert value_of(rules, "Jk Jk 2c").value == 32
    got = value_of(rules, "Jk Ac Ad")                       # no tris with a joker
    assert (got.value, got.combo) == (26, "suit")
    assert value_of(rules, "Ac Ad Ab").combo == "tris"


def test_a_wild_joker_completes_a_set_and_a_run(tmp_path):
    rules = joker_rules(tmp_path, "house/scala", "{count: 1, wild: true}")
    assert (value_of(rules, "Jk Ac Ad").value, value_of(rules, "Jk Ac Ad").combo) == (30, "tris")
    assert value_of(rules, "Jk 5c 7c").combo == "scala"     # the joker is the 6
    assert value_of(rules, "Jk Cc Ac").combo == "scala"     # the Re, between them
    assert value_of(rules, "Jk 5c 7d").combo == "suit"      # not of one suit
    assert value_of(rules, "Jk 5c 7c").value == 31


def test_a_wild_joker_in_a_run_of_any_suits_counts_the_missing_rank(tmp_path):
    rules = overlay(tmp_path, RUNS.replace("ORDER WRAP", "value: sum").replace(
        ", value: 40, tier: 1, value: sum", ", value: sum, tier: 1") + "deck:\n  jokers: "
        "{count: 2, wild: true}\n")
    got = value_of(rules, "Jk 9h 10c")
    assert (got.value, got.combo) == (29, "run")            # 9 10 J, the joker the Jack
    got = value_of(rules, "Jk Jk 2c")
    assert (got.value, got.combo) == (16, "run")            # A 2 3 beats 2 3 4: the best run


@pytest.mark.parametrize("base,jokers,line,message", [
    ("scat", "{count: 2, wild: true, value: 3}", 4, "say what a joker is"),
    ("scat", "{count: 2}", 4, "say what a joker is"),
    ("cocincina", "{count: 2, value: 1}", 4, "jokers are for games that value hands"),
])
def test_a_bad_jokers_entry_is_refused_at_its_line(tmp_path, base, jokers, line, message):
    problems = refused(tmp_path, JOKERS.replace("BASE", base).replace("JOKERS", jokers))
    assert {p.line for p in problems} == {line}, [p.format() for p in problems]
    assert message in problems[0].message


# ---- payments that depend on the hands --------------------------------------------------------
@covers("house/penalty-31-minus-hand")
def test_each_loser_scores_31_minus_his_hand():
    """"After a knock each loser scores 31 minus his hand.\""""
    base, house = load("house/scat-penalty-points"), load("house/penalty-31-minus-hand")
    hands = {1: "Kh Qh 9d", 2: "8h 5d 2c", 3: "Ac 9c 4d", 0: "8s 2h 3d"}  # 20, 8, 20, 8
    state = knock_and_show(house, hands, knocker=2)
    # seats 1 and 3 tie for the highest hand (20) and are spared; 2 and 0 take 31 - 8
    assert state.lives == [23, 0, 23, 0]
    assert knock_and_show(base, hands, knocker=2).lives == [1, 0, 2, 0]
    hands = {1: "Kh Qh 9d", 2: "8h 5d 2c", 3: "Ac 9c 4c", 0: "Ks Qs 3d"}  # 20, 8, 24, 20
    assert knock_and_show(house, hands, knocker=2).lives == [11, 11, 23, 0]


@pytest.mark.parametrize("body,line,message", [
    ("settle:\n  showdown: {points_below: 31}\n", 4, "it needs `stakes: {mode: points}`"),
])
def test_points_below_outside_a_points_game_is_refused(tmp_path, body, line, message):
    problems = refused(tmp_path, f"extends: trentuno\nname: p\n{body}")
    assert len(problems) == 1 and problems[0].line == line, [p.format() for p in problems]
    assert message in problems[0].message


def test_points_below_with_a_fixed_amount_is_refused(tmp_path):
    problems = refused(tmp_path, "extends: house/scat-penalty-points\nname: p\nsettle:\n"
                                 "  showdown: {points_below: 31}\n")
    assert "has no effect with `points_below`" in problems[0].message
    assert problems[0].line == 4


KNOCKER_HIGH = {3: "Ac Rc 2c", 2: "Rd Cd 4b", 1: "5c 2b 3d", 0: "Fb Cb 3b"}   # 23, 20, 5, 23


@covers("house/knocker-highest")
def test_a_knocker_alone_at_the_top_makes_everybody_else_pay():
    """"If the knocker is highest, every other player loses a life.\""""
    base, house = base_and_house("house/knocker-highest")
    alone = {**KNOCKER_HIGH, 0: "Fb Cb 3s"}                                  # seat 0: 20
    assert lives_lost(knock_hand(house, alone), 1) == {0: 1, 1: 1, 2: 1}
    assert lives_lost(knock_hand(base, alone), 1) == {1: 1}


@covers("house/knocker-highest")
def test_a_knocker_not_alone_at_the_top_leaves_the_lowest_to_pay():
    """"...otherwise the lowest hand loses one, as usual" (a knocker tied for the highest hand
    is not highest)."""
    _, house = base_and_house("house/knocker-highest")
    assert lives_lost(knock_hand(house, KNOCKER_HIGH), 1) == {1: 1}          # 3 and 0 tie
    low = {**KNOCKER_HIGH, 3: "Rs 2c 4d"}                                   # the knocker: 10
    assert lives_lost(knock_hand(house, low), 1) == {1: 1}


# ---- a deck that depends on the number of players ---------------------------------------------
@covers("house/two-decks")
@pytest.mark.parametrize("players,cards", [(4, 40), (7, 40), (8, 80), (16, 80)])
def test_eight_or_more_players_use_two_decks(players, cards):
    """"Eight or more players use two decks shuffled together.\""""
    from collections import Counter

    from trentuno.engine import GameState
    _, house = base_and_house("house/two-decks")
    state = GameState(house, players, seed=3)
    assert len(state.rules.deck.cards) == cards
    deal = one(state, "deal", 1)
    dealt = [c for hand in state.hands for c in state.rules.deck.codes(hand)]
    assert len(dealt) == 3 * players
    assert max(Counter(dealt).values()) <= cards // 40               # two copies at most
    assert deal is not None


@covers("house/two-decks")
def test_a_two_deck_game_is_recorded_and_replayed():
    from trentuno.engine import GameState, parse_bots
    from trentuno.engine.record import record_of, replay, result_of
    _, house = base_and_house("house/two-decks")
    state = GameState(house, 9, seed=5)
    bots = parse_bots("greedy", 9, 5)
    while not state.is_over:
        state.apply(bots[state.current_player](state, state.legal_actions()))
    record = dict(record_of(state), result=result_of(state))
    again = replay(record, house)
    assert again.is_over and result_of(again) == result_of(state)
    assert len(again.rules.deck.cards) == 80


@pytest.mark.parametrize("entries,message", [
    ("[{players: 20, copies: 2}]", "20 players is not a number of players"),
    ("[{players: 8, copies: 2}, {players: 6, copies: 3}]", "in increasing order"),
    ("[{players: 8, copies: 9}]", "with 8 or more players (9 copies): a deck of 360 cards"),
])
def test_a_bad_deck_by_players_is_refused_at_its_line(tmp_path, entries, message):
    problems = refused(tmp_path, "extends: house/two-decks\nname: d\ndeck:\n"
                                 f"  copies_by_players: {entries}\n")
    assert {p.line for p in problems} == {4}, [p.format() for p in problems]
    assert message in problems[0].message


# ---- conditions on triggers by round (house/first-round-31-knocks; its other sentences are
# tested in test_overlays) ----------------------------------------------------------------------
@pytest.mark.parametrize("round_,wins", [(1, False), (2, True)])
def test_a_31_drawn_in_the_first_round_does_not_win_later_it_does(round_, wins):
    """"A 31 in the first round must be knocked; later it wins at once\": a 31 made by a draw
    in round 1 ends nothing, one made in round 2 wins at once (the base: both win)."""
    base, house = base_and_house("house/first-round-31-knocks")
    stock = "Fc" if round_ == 1 else "4s 5s 6s 7b Fc"
    for rules in (base, house):
        state = new_game(rules, dealer=0, players=4, hands={3: "Ac Rc 2d"},
                         zones={"discard": "7s"}, stock=stock)
        if round_ == 2:
            for seat in (3, 2, 1, 0):
                idle(state, seat)
        assert state.round == round_ and state.current_player == 3
        play(state, draw(state, "stock"), seat=3)
        play(state, discard(state, "2d"), seat=3)
        ended = events(state, "hand_end", 1)
        assert bool(ended) == (wins or rules is base), (rules.name, round_)
        if ended:
            assert ended[0].data["outcome"] == "win" and ended[0].data["winners"] == [3]


def test_wild_jokers_in_a_bigger_hand_count_their_parts_in_the_budget(tmp_path):
    """Wild jokers make `cards: N` try every part of the hand, and the compile budget counts
    them: four cards from 42 with two patterns of three cost more than from 40 without the
    jokers, and still fit (about a second)."""
    from trentuno.engine.patterns import table_cost

    rules = overlay(tmp_path, "extends: house/four-cards\nname: w\ndeck:\n"
                              "  jokers: {count: 2, wild: true}\n")
    got = value_of(rules, "Jk Ac Rc 2d")                              # the joker a Fante
    assert (got.value, got.combo) == (31, "trentuno")
    plain = load("house/four-cards")
    specs = (plain.data["hand"]["patterns"], rules.data["hand"]["patterns"])
    costs = [table_cost(r.deck, 4, p, ()) for r, p in zip((plain, rules), specs)]
    assert costs[1].seconds > 2 * costs[0].seconds
    rules = joker_rules(tmp_path, "house/four-cards", "{count: 2, value: 5}")
    assert value_of(rules, "Jk Ac Rc 2d").value == 26                 # 5 + 11 + 10


def test_a_wild_joker_completes_a_combination_of_rank_groups(tmp_path):
    """The widow game's 31s (an Ace and two figures, or an Ace, a figure and a 10, of one
    suit) are rank groups: a wild joker stands for the missing card."""
    rules = joker_rules(tmp_path, "trentuno-vedova", "{count: 1, wild: true}")
    base = load("trentuno-vedova")
    for hand, with_joker in (("Ah Kh Qh", "Ah Kh Jk"), ("Ac Kc Jc", "Jk Kc Jc")):
        want = value_of(base, hand)
        got = value_of(rules, with_joker)
        assert (got.value, got.combo) == (want.value, want.combo), (hand, with_joker)
