"""Capture games on the generic interpreter: Scopa (pagat.com's rules) and Cocincina (seed 002),
one stacked-deck scenario per rule sentence, the scoring against worked examples, and the
invariants of whole games (they end, the cards are conserved, points never go down and add up
from the events)."""
from __future__ import annotations

import random

import pytest
from trentuno.engine import GameState, load
from trentuno.engine.tally import rank_table_total


@pytest.fixture(scope="module")
def scopa():
    return load("scopa")


@pytest.fixture(scope="module")
def cocincina():
    return load("cocincina")


def codes(state, cards):
    return state.rules.deck.codes(cards)


def move_codes(state, action):
    """(played, taken... in code order)."""
    c = codes(state, action.cards)
    return (c[0],) + tuple(sorted(c[1:]))


def moves(state):
    """The legal moves as (played, taken...) codes."""
    return [move_codes(state, a) for a in state.legal_actions()]


def play(state, *cards):
    """Apply the legal move whose cards are exactly these codes (played card first)."""
    want = (cards[0],) + tuple(sorted(cards[1:]))
    for a in state.legal_actions():
        if move_codes(state, a) == want:
            state.apply(a)
            return
    raise AssertionError(f"{cards} is not legal; legal: {moves(state)}")


def kinds(state, kind):
    return [e for e in state.events if e.kind == kind]


def scopa_deck(p1, p0, table, rest=()):
    """Scopa for two, dealer 0: seat 1 (the dealer's right) gets the first three cards and plays
    first, the dealer the next three, then four to the table; the rest is the stock."""
    return list(p1) + list(p0) + list(table) + list(rest)


# ---- Scopa: the deal and taking --------------------------------------------------------------
def test_scopa_deals_three_each_and_four_to_the_table(scopa):
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["7d", "2c", "3c"], ["4s", "5s", "6s"], ["Ac", "Ab", "As", "Ad"])], dealer=0)
    assert sorted(codes(st, st.hands[1])) == ["2c", "3c", "7d"]
    assert sorted(codes(st, st.hands[0])) == ["4s", "5s", "6s"]
    assert sorted(codes(st, st.zones["table"])) == ["Ab", "Ac", "Ad", "As"]
    assert len(st.zones["stock"]) == 30
    assert st.current_player == 1


def test_an_equal_card_must_be_taken_before_a_sum(scopa):
    # a 7 on the table with 5 + 2: the 7 takes the 7, not the sum
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["7c", "5c", "2b", "Fs"])], dealer=0)
    assert [m for m in moves(st) if m[0] == "7d"] == [("7d", "7c")]


def test_sums_are_separate_choices_naming_the_cards(scopa):
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["5c", "2b", "4c", "3b"])], dealer=0)
    sevens = sorted(m for m in moves(st) if m[0] == "7d")
    assert sevens == [("7d", "2b", "5c"), ("7d", "3b", "4c")]


def test_a_card_that_can_take_must_take_one_that_cannot_is_laid(scopa):
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["5c", "2b", "Ac", "As"])], dealer=0)
    assert ("7d",) not in moves(st)          # the 7 takes 5 + 2 or 5 + A + A: it must take
    assert ("Rc",) in moves(st)              # a Re (10) takes nothing (9 on the table): laid
    play(st, "Rc")
    assert "Rc" in codes(st, st.zones["table"]) and st.current_player == 0


def test_a_sweep_is_a_scopa(scopa):
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["Cd", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Ac", "As"])], dealer=0)
    play(st, "Cd", "3c", "4b", "Ac", "As")  # 3 + 4 + 1 + 1 = 9: the Cavallo sweeps the table
    (ev,) = kinds(st, "capture_event")
    assert ev.data["event"] == "scopa" and ev.player == 1
    assert st.capture.counts[1] == {"scopa": 1}   # a point each, counted at the end of the hand
    assert sorted(codes(st, st.own["taken"][1])) == ["3c", "4b", "Ac", "As", "Cd"]


def test_hands_empty_are_dealt_three_more(scopa):
    st = GameState(scopa, players=2, seed=3, dealer=0)
    for _ in range(6):
        st.apply(st.legal_actions()[0])
    assert len(st.hands[0]) == 3 and len(st.hands[1]) == 3
    assert len(st.zones["stock"]) == 24
    assert kinds(st, "redeal")


def test_the_last_taker_takes_what_is_left_and_it_is_no_scopa(scopa):
    st = GameState(scopa, players=2, seed=11, dealer=0)
    while st.hand_number == 1 and not st.is_over:
        st.apply(st.legal_actions()[0])
    left = kinds(st, "leftover")
    takes = list(kinds(st, "take"))
    last = [e for e in st.events if e.kind in ("take", "leftover", "hand_score")]
    if left:
        assert left[0].player == takes[-1].player
    # the last play of the hand never makes a scopa (pagat)
    for e in takes:
        if "last_play" in e.data["facts"]:
            assert e.data["events"] == []
    assert last[-1].kind == "hand_score"
    assert sum(kinds(st, "hand_score")[0].data["cards"]) == 40


# ---- Scopa: scoring against worked examples ---------------------------------------------------
PRIMIERA = [21, 18, 16, 15, 14, 13, 12, 10]


def primiera(rules, text):
    deck = rules.deck
    table = rules.scoring.hand[3][2]
    del table
    values = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "F": 10, "C": 10,
              "R": 10}
    t = tuple(float(values[r.code]) for r in deck.ranks)
    return rank_table_total(deck, deck.parse_hand(text), t, True)


def test_primiera_table_worked_examples(scopa):
    # pagat.com (Scopa, "Scoring"): the prime is the sum of the best card in each suit by the
    # table 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, figures 10; four sevens make 84, the
    # best possible.
    assert primiera(scopa, "7c 7d 7b 7s") == 84
    # a 7, a 6, an Ace and a figure: 21 + 18 + 16 + 10 = 65
    assert primiera(scopa, "7d 6c Ab Rs") == 65
    # the best card of each suit counts: the Due (12) beats the Re (10) in spade
    assert primiera(scopa, "7d 6c Ab Rs 2s") == 67
    # a side missing a suit has no prime at all ("manca di una qualsiasi carta in un seme perde
    # la primiera, anche se in possesso di 3 sette", blackjack-baccarat.net's primiera page)
    assert primiera(scopa, "7d 7c 7b 6d") is None


def score_hand(rules, side_a):
    """The end-of-hand points of a two-player hand in which side 0 took `side_a` and side 1
    every other card: the `score --taken` arithmetic."""
    deck = rules.deck
    a = deck.parse_hand(side_a)
    b = [c for c in range(len(deck.cards)) if c not in set(a)]
    return {k: s(deck, [a, b], [{}, {}]) for k, _, s in rules.scoring.hand}


def test_scopa_hand_scoring_worked_example(scopa):
    # pagat.com's scoring: one point each for most cards, most coins, the settebello and the
    # prime. Side 0 takes 22 cards with 6 coins, the 7 of coins, and a better prime.
    taken = ("7d 7c 7b 6s Ad 2d 3d 4d 5d Ac Ab As 2c 3c 4c 5c 6c 2b 3b 4b 5b 6b")
    pts = score_hand(scopa, taken)
    assert pts["most_cards"] == [1, 0]      # 22 against 18
    assert pts["most_of_suit"] == [1, 0]    # 6 coins against 4
    assert pts["card"] == [1, 0]            # the settebello
    assert pts["rank_table"] == [1, 0]      # 21+21+21+18 = 81 against 21+18+...


def test_ties_score_nothing(scopa):
    # 20 cards each and 5 coins each: neither most cards nor most coins scores
    taken = "Ad 2d 3d 4d 5d Ac 2c 3c 4c 5c Ab 2b 3b 4b 5b As 2s 3s 4s 5s"
    pts = score_hand(scopa, taken)
    assert pts["most_cards"] == [0, 0]
    assert pts["most_of_suit"] == [0, 0]


# ---- Scopa: partnerships, the game --------------------------------------------------------
def test_four_players_play_in_partnerships(scopa):
    st = GameState(scopa, players=4, seed=2)
    assert st.side_members == ((0, 2), (1, 3))
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.lives[0] == st.lives[2] and st.lives[1] == st.lives[3]
    assert len({st.side_of[p] for p in st.winners}) == 1


def check_game(state):
    """Play to the end checking the invariants at every move; return the state."""
    rules = state.rules
    n = len(rules.deck.cards)
    rng = random.Random(state.seed)
    before = list(state.lives)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        if state.is_over:
            break
        held = sum(len(h) for h in state.hands) + sum(len(z) for z in state.zones.values()) \
            + sum(len(p) for piles in state.own.values() for p in piles)
        assert held == n, "cards are conserved in hands, table, stock, piles and taken cards"
        assert all(a >= b for a, b in zip(state.lives, before)), "points never decrease"
        before = list(state.lives)
    return state


@pytest.mark.parametrize("name,players", [("scopa", 2), ("scopa", 4), ("cocincina", 2)])
def test_games_end_with_a_winner_at_the_target_and_points_add_up(name, players):
    rules = load(name)
    for seed in range(12):
        st = check_game(GameState(rules, players=players, seed=seed))
        assert st.is_over and st.winners
        assert max(st.lives) >= rules.end_target
        assert all(st.lives[w] == max(st.lives) for w in st.winners)
        added = [0.0] * players
        for e in kinds(st, "points"):
            added[e.player] += e.data["added"]
        assert added == st.lives


# ---- Cocincina, sentence by sentence ------------------------------------------------------------
def coc_deck(first, second):
    """Cocincina, dealer 0: the first 40 cards (top first) are seat 1's pile, the next 40 the
    dealer's. Piles given partly are filled from the shuffle, below the given cards."""
    full = GameState(load("cocincina"), players=2, seed=99).rules.deck
    del full
    return list(first), list(second)


def make_coc(rules, pile1, pile0, seed=0):
    """A game whose seat-1 pile starts (top first) with `pile1`, the dealer's with `pile0`;
    the rest of each pile comes from the same deck, in a fixed order."""
    deck = rules.deck
    used = deck.parse_hand(list(pile1) + list(pile0))
    rest = [c for c in range(len(deck.cards)) if c not in set(used)]
    random.Random(seed).shuffle(rest)
    rest_codes = deck.codes(rest)
    a = list(pile1) + rest_codes[:40 - len(pile1)]
    b = list(pile0) + rest_codes[40 - len(pile1):]
    return GameState(rules, players=2, decks=[a + b], dealer=0)


def test_two_decks_values_one_to_seven_figures_four_five_six(cocincina):
    deck = cocincina.deck
    assert len(deck.cards) == 80
    values = {r.code: r.value for r in deck.ranks}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 4, "C": 5,
                      "R": 6}


def test_two_piles_of_forty_and_no_hands(cocincina):
    st = make_coc(cocincina, ["7b"], ["Rc"])
    assert [len(p) for p in st.own["pile"]] == [40, 40]
    assert st.hands == [[], []]
    assert codes(st, [st.own["pile"][1][-1]]) == ["7b"]   # the first card given is the top
    assert st.zones["table"] == []


def test_the_lower_bottom_card_starts_ties_look_at_the_next(cocincina):
    deck = cocincina.deck
    # bottom cards: seat 1 shows a 3, the dealer a 5: seat 1 starts
    a = ["Ac"] * 0
    st = make_coc(cocincina, [], [])
    p1, p0 = st.own["pile"][1], st.own["pile"][0]
    del a, p1, p0
    order = GameState(cocincina, players=2, seed=1).deck_orders[0]
    # rebuild a deck whose bottoms are chosen: pile 1 = order[0:40], pile 0 = order[40:80]
    o = list(order)

    def with_bottoms(b1, b0, n1=None, n0=None):
        x = list(o)
        for code, pos in ((b1, 39), (b0, 79), (n1, 38), (n0, 78)):
            if code is None:
                continue
            i = next(i for i, c in enumerate(x) if c == code and i not in (39, 79, 38, 78))
            x[i], x[pos] = x[pos], x[i]
        return GameState(cocincina, players=2, decks=[x], dealer=0)

    st = with_bottoms("3c", "5d")
    assert st.current_player == 1
    st = with_bottoms("5d", "3c")
    assert st.current_player == 0
    # equal bottoms (a Fante is worth four, like a Quattro): the next cards up decide
    st = with_bottoms("4c", "Fd", "6c", "2b")
    assert st.current_player == 0
    assert [e.data["depth"] for e in kinds(st, "show_bottom")] == [0, 1]
    del deck


def test_a_turn_plays_the_top_card_of_ones_own_pile(cocincina):
    st = make_coc(cocincina, ["3c"], ["3d"])
    p = st.current_player
    top = codes(st, [st.own["pile"][p][-1]])[0]
    assert {m[0] for m in moves(st)} == {top}
    st.apply(st.legal_actions()[0])
    assert top in codes(st, st.zones["table"]) or kinds(st, "take")


def coc_after(rules, table_cards, player_top, other_tops=()):
    """A state where the player about to move turns up `player_top` onto `table_cards`: the
    piles are stacked so that the other player lays `table_cards` one by one first (each
    taking nothing)."""
    raise NotImplementedError


def coc_scene(rules, first_cards, second_cards):
    """Seat 1 plays `first_cards` in order and the dealer `second_cards`, alternating from seat
    1 (the bottoms are fixed so seat 1 starts: its bottom is an Ace, the dealer's a Re)."""
    deck = rules.deck
    given1, given0 = list(first_cards), list(second_cards)
    used = deck.parse_hand(given1 + given0 + ["Ac", "Rc"])
    rest = deck.codes([c for c in range(len(deck.cards)) if c not in set(used)])
    # no Ace in the filler, so that no filler bottom ties below
    pile1 = given1 + rest[:39 - len(given1)] + ["Ac"]
    pile0 = given0 + rest[39 - len(given1):39 - len(given1) + 39 - len(given0)] + ["Rc"]
    st = GameState(rules, players=2, decks=[pile1 + pile0], dealer=0)
    assert st.current_player == 1
    return st


def test_the_card_takes_equal_cards_or_a_sum_and_the_player_chooses(cocincina):
    # seat 1 lays 5b, the dealer 2c, seat 1 lays 3s (2 + ... no 3 on table: lays), dealer turns
    # up a 5: it may take the 5 or 2 + 3, his choice
    st = coc_scene(cocincina, ["5b", "Ab"], ["2c", "5d"])
    play(st, "5b")
    play(st, "2c")
    play(st, "Ab")
    # table 5b 2c Ab; the dealer's 5 may take 5b alone or... sums to 5: none other (2+1=3)
    assert sorted(moves(st)) == [("5d", "5b")]
    st = coc_scene(cocincina, ["3b", "Ab"], ["2c", "5d"])
    play(st, "3b")
    play(st, "2c", ) if ("2c",) in moves(st) else None
    assert st.current_player == 1


def test_taking_is_compulsory_with_a_choice_of_combination(cocincina):
    st = coc_scene(cocincina, ["5b", "3s", "4c"], ["2c", "6s", "7d"])
    play(st, "5b")          # table: 5b
    play(st, "2c")          # table: 5b 2c
    play(st, "3s")          # 3 takes nothing (no 3; 2 + ... no): table 5b 2c 3s
    # the dealer's 6: no six on the table... sums: none make 6 except? 5+... no; 2+3 = 5
    # so 6 is laid; then seat 1's 4: no 4, 2+... no -> laid
    play(st, "6s")
    play(st, "4c")
    # the dealer's 7: 5b + 2c, or 3s + 4c: two combinations, and laying it is not allowed
    assert sorted(moves(st)) == [("7d", "2c", "5b"), ("7d", "3s", "4c")]


def test_figures_take_only_the_same_figure(cocincina):
    st = coc_scene(cocincina, ["Fb", "Cs"], ["2c", "Fd"])
    play(st, "Fb")
    play(st, "2c")
    play(st, "Cs")
    # the dealer's Fante takes the Fante only (not 2 + ... by value)
    assert moves(st) == [("Fd", "Fb")]


def test_a_number_card_takes_figures_by_their_values(cocincina):
    st = coc_scene(cocincina, ["Cb", "As"], ["2c", "7d"])
    play(st, "Cb")          # table Cb
    play(st, "2c")          # table Cb 2c
    play(st, "As")          # table Cb 2c As
    assert ("7d", "2c", "Cb") in moves(st)   # the Sette takes the Cavallo (5) and the Due


def test_the_hand_ends_when_a_pile_is_empty(cocincina):
    st = GameState(cocincina, players=2, seed=4)
    n = 0
    while st.hand_number == 1 and not st.is_over:
        st.apply(st.legal_actions()[0])
        n += 1
    end = kinds(st, "hand_end")[0]
    assert end.data["reason"] in ("turn_end",)
    if not kinds(st, "game_over") or st.hand_number > 1:
        assert n == 79   # the first player's 40th card ends it; the other has one left


def test_a_sweep_is_a_scopa_worth_the_face_value(cocincina):
    # "due Quattro valgono otto punti": a 4 takes the only 4 on the table
    st = coc_scene(cocincina, ["4b"], ["4c"])
    play(st, "4b")
    play(st, "4c", "4b")
    (ev,) = kinds(st, "capture_event")
    assert ev.data["event"] == "scopa"
    assert st.lives == [8, 0]


def test_the_texts_example_seven_takes_a_figure_and_a_two_fifteen(cocincina):
    # "un Re più un Due presi da un Sette valgono quattordici punti più uno del Re per un totale
    # di quindici": read with a figure a Sette can take (the Cavallo, 5): 7 + 5 + 2 + 1 = 15
    st = coc_scene(cocincina, ["Cb", "7s"], ["2c"])
    play(st, "Cb")
    play(st, "2c")
    play(st, "7s", "2c", "Cb")
    assert st.lives[1] == 15


def test_matching_the_opponents_card_is_a_scopa_with_cards_left(cocincina):
    st = coc_scene(cocincina, ["3b", "6c"], ["2s", "6d"])
    play(st, "3b")          # table 3b
    play(st, "2s")          # table 3b 2s
    play(st, "6c")          # no 6, no sum of 6 (3 + 2 = 5): laid, table 3b 2s 6c
    play(st, "6d", "6c")    # the dealer turns up a 6 and takes the 6 just laid: scopa
    (ev,) = kinds(st, "capture_event")
    assert ev.player == 0 and "takes_last_played" in kinds(st, "take")[-1].data["facts"]
    assert len(st.zones["table"]) == 2
    assert st.lives[0] == 12    # 6 + 6, no card of value


def test_a_combination_of_one_suit_is_a_scopa_di_seme(cocincina):
    # the text's example: the Cinque and the Due di bastoni taken by the Sette di bastoni
    st = coc_scene(cocincina, ["5b", "Rs", "7b"], ["2b", "Cd"])
    play(st, "5b")
    play(st, "2b")
    play(st, "Rs")          # 6: no 6 on the table, 5 + ... no: laid; table 5b 2b Rs
    play(st, "Cd")          # a Cavallo takes only a Cavallo: laid
    play(st, "7b", "2b", "5b")
    ev = kinds(st, "capture_event")[-1]
    assert ev.player == 1 and "same_suit" in kinds(st, "take")[-1].data["facts"]
    assert len(st.zones["table"]) == 2
    assert st.lives[1] == 7 + 5 + 2 + 1   # the Due di bastoni is a card of value


def test_value_cards_add_to_a_scopa_and_the_re_di_denari_is_two(cocincina):
    st = coc_scene(cocincina, ["Rd"], ["Rb"])
    play(st, "Rd")
    play(st, "Rb", "Rd")      # a Re takes the Re di denari: 6 + 6 + 2
    assert st.lives[0] == 14


def test_the_game_ends_at_once_at_the_target(cocincina):
    for seed in range(5):
        st = GameState(cocincina, players=2, seed=seed)
        while not st.is_over:
            st.apply(st.legal_actions()[-1])
        assert max(st.lives) >= 51
        assert st.winners == [max(range(2), key=lambda p: st.lives[p])]


def test_the_target_is_a_setting(cocincina):
    assert load("house/cocincina-75").end_target == 75
    assert load("house/cocincina-101").end_target == 101


# ---- house rules ------------------------------------------------------------------------------
def test_scopa_d_assi_an_ace_takes_the_table_and_makes_no_scopa():
    rules = load("house/scopa-d-assi")
    st = GameState(rules, players=2, decks=[scopa_deck(
        ["Ad", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fc", "Cs"])], dealer=0)
    assert [m for m in moves(st) if m[0] == "Ad"] == [("Ad", "3c", "4b", "Cs", "Fc")]
    play(st, "Ad", "3c", "4b", "Cs", "Fc")
    assert st.zones["table"] == [] and kinds(st, "capture_event") == []


def test_scopa_d_assi_an_ace_on_the_table_is_taken_alone():
    rules = load("house/scopa-d-assi")
    st = GameState(rules, players=2, decks=[scopa_deck(
        ["Ad", "Rc", "Rb"], ["4s", "5s", "6s"], ["Ac", "4b", "Fc", "Cs"])], dealer=0)
    assert [m for m in moves(st) if m[0] == "Ad"] == [("Ad", "Ac")]


def test_scopa_21_goes_to_21():
    rules = load("house/scopa-21")
    st = GameState(rules, players=2, seed=1)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert max(st.lives) >= 21


def test_the_last_card_sweep_counts_only_in_the_house_rule(scopa):
    rules = load("house/scopa-last-card")
    (opt,) = rules.steps["play"].options
    (ev,) = opt.params["_events"]
    assert ev.on_last_play
    (base,) = scopa.steps["play"].options[0].params["_events"]
    assert not base.on_last_play
    # a whole game: a sweep with the last card makes a scopa in the house rule
    found = False
    for seed in range(60):
        st = GameState(rules, players=2, seed=seed)
        while st.hand_number == 1 and not st.is_over:
            st.apply(st.legal_actions()[-1])
        for e in kinds(st, "take"):
            if "last_play" in e.data["facts"] and "sweep" in e.data["facts"]:
                assert e.data["events"] == ["scopa"]
                found = True
    assert found


def test_three_kings_on_the_table_the_same_dealer_deals_again():
    rules = load("house/scopa-re-redeal")
    st = GameState(rules, players=2, decks=[scopa_deck(
        ["7d", "2c", "3c"], ["4s", "5s", "6s"], ["Rc", "Rb", "Rs", "Ad"])], dealer=0)
    assert st.hand_number == 2 and st.dealer == 0
    assert kinds(st, "hand_end")[0].data["outcome"] == "void"
    assert st.lives == [0, 0]
    st = GameState(rules, players=2, decks=[scopa_deck(
        ["7d", "2c", "3c"], ["4s", "5s", "6s"], ["Rc", "Rb", "As", "Ad"])], dealer=0)
    assert st.hand_number == 1


# ---- records ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name,players", [("scopa", 2), ("scopa", 4), ("cocincina", 2),
                                          ("house/scopa-re-redeal", 2)])
def test_replay_round_trip(name, players):
    from trentuno.engine.bots import greedy_bot
    from trentuno.engine.record import record_of, replay
    rules = load(name)
    bot = greedy_bot()
    st = GameState(rules, players=players, seed=7)
    while not st.is_over:
        st.apply(bot(st, st.legal_actions()))
    again = replay(record_of(st), rules)
    assert again.is_over and again.lives == st.lives and again.winners == st.winners
    assert [e for e in again.events if e.kind == "points"] == kinds(st, "points")


def test_greedy_prefers_a_scopa(scopa):
    from trentuno.engine.bots import greedy_bot
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["Cd", "7c", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Ac", "As"])], dealer=0)
    # the 7 takes 3 + 4 (two cards) or 4 + A + A...; the Cavallo sweeps: greedy sweeps
    a = greedy_bot()(st, st.legal_actions())
    assert move_codes(st, a) == ("Cd", "3c", "4b", "Ac", "As")


def test_greedy_takes_the_settebello_over_a_plain_card(scopa):
    from trentuno.engine.bots import greedy_bot
    st = GameState(scopa, players=2, decks=[scopa_deck(
        ["7c", "Fc", "Rb"], ["4s", "5s", "6s"], ["7d", "7b", "2c", "4b"])], dealer=0)
    a = greedy_bot()(st, st.legal_actions())
    assert move_codes(st, a) == ("7c", "7d")


# ---- the command line -------------------------------------------------------------------------
def run(*args, input=None):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    return CliRunner().invoke(cli, list(args), input=input)


def test_score_taken_cards():
    r = run("score", "scopa", "--taken", "7d 7c 7b 7s 6d")
    assert r.exit_code == 0, r.output
    rows = {line[:37].strip(): line[37:].split() for line in r.output.splitlines()}
    assert rows["the settebello"] == ["1", "0", "1"]       # these cards, the rest, the points
    assert rows["sum of the prime (primiera)"] == ["84", "70", "1"]  # 4 x 21; 3 x 18 + 16
    r = run("score", "cocincina", "--taken", "7b 5b 2b")
    assert r.exit_code == 0 and r.output.split()[-1] == "15"


def test_score_says_what_it_needs():
    r = run("score", "scopa", "Ac Rc Fc")
    assert r.exit_code != 0 and "--taken" in r.output
    r = run("score", "trentuno", "--taken", "7d")
    assert r.exit_code != 0 and "does not score taken cards" in r.output


def test_play_shows_the_capture_choices_naming_the_cards(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the input ends at the save question: the game is saved here
    r = run("play", "scopa", "--seed", "3", "--lang", "en", input="1\n" * 3 + "q\n")
    assert "Table:" in r.output and "Your move:" in r.output
    assert "takes" in r.output


@pytest.mark.parametrize("name", ["scopa", "cocincina"])
def test_explain_in_both_languages(name):
    en = run("explain", name)
    it = run("explain", name, "--lang", "it")
    assert en.exit_code == 0 and it.exit_code == 0
    assert "scopa" in en.output and "scopa" in it.output
    assert "Points" in en.output and "Punti" in it.output


# ---- listing the ways of taking: by value, against every combination ----------------------------
from itertools import combinations  # noqa: E402

from fuzzing import examples  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402
from trentuno.engine.capture import (  # noqa: E402
    FEW,
    MAX_CAPTURE_MOVES,
    Taking,
    adding_up,
    exact,
    takings,
)


def every_combination(ids, values, codes, target):
    """What the engine listed before it added up by value: every combination of table places,
    two cards or more, the fewest first, in the order of the places, keeping the first
    combination of each set of codes."""
    out, seen = [], set()
    for size in range(2, len(ids) + 1):
        for combo in combinations(range(len(ids)), size):
            if sum(values[i] for i in combo) == target:
                key = tuple(sorted(codes[i] for i in combo))
                if key not in seen:
                    seen.add(key)
                    out.append(tuple(ids[i] for i in combo))
    return out


def old_takings(deck, taking, card, table):
    """The engine's takings before: an equal card, else every combination (brute force)."""
    cards, values = deck.cards, taking.values
    mine = cards[card]
    same = [(c,) for c in table if cards[c].rank == mine.rank]

    def distinct(options):
        seen, out = set(), []
        for o in options:
            key = tuple(sorted(cards[c].code for c in o))
            if key not in seen:
                seen.add(key)
                out.append(tuple(sorted(o, key=lambda c: (cards[c].suit, cards[c].rank, c))))
        return out
    if not table:
        return []
    if mine.rank in taking.takes_all:
        if same and taking.equal == "first" and len(table) > 1:
            return distinct(same)
        return distinct([tuple(table)])
    if mine.rank in taking.same_rank_only:
        return distinct(same)
    equal = [(c,) for c in table if values[c] == values[card]]
    if equal and taking.equal == "first":
        return distinct(equal)
    out = list(equal)
    if taking.sums:
        smaller = [c for c in table if values[c] < values[card]]
        for size in range(2, len(smaller) + 1):
            out += [combo for combo in combinations(smaller, size)
                    if sum(values[c] for c in combo) == values[card]]
    return distinct(out)


#: a table of up to 14 cards: codes with copies (two decks), values with zeros, negatives and
#: halves, so that every branch of the walk (copies begun, no cap on the sums) is taken
TABLES = hs.lists(hs.tuples(hs.sampled_from("abcdefghij"),
                            hs.sampled_from([1, 2, 3, 4, 5, 6, 7, 0, -1, 2.5, 0.5])),
                  max_size=14)


@settings(max_examples=examples(400))
@given(TABLES, hs.sampled_from([1, 3, 5, 7, 10, 2.5, 0, -1]), hs.integers(1, 60))
def test_adding_up_lists_what_every_combination_lists(table, target, limit):
    value_of: dict = {}  # a code's copies are worth the same: its first value drawn
    values = [exact(value_of.setdefault(code, v)) for code, v in table]
    codes = [code for code, _ in table]
    ids = list(range(500, 500 + len(table)))
    every = every_combination(ids, values, codes, exact(target))
    assert adding_up(ids, values, codes, exact(target), limit) == every[:limit]


@pytest.mark.parametrize("name", ["scopa", "cocincina"])
@settings(max_examples=examples(150))
@given(data=hs.data())
def test_takings_are_the_old_brute_forces_on_random_tables(name, data):
    rules = load(name)
    (opt,) = [o for s in rules.steps.values() for o in s.options if o.kind == "capture"]
    taking = opt.params["_taking"]
    variant = data.draw(hs.sampled_from([taking,
                                         Taking("any", True, taking.same_rank_only,
                                                taking.takes_all, False, taking.values),
                                         Taking("first", True, frozenset(), frozenset({0}),
                                                True, taking.values)]))
    cards = data.draw(hs.lists(hs.integers(0, len(rules.deck.cards) - 1), min_size=1,
                               max_size=15, unique=True))
    card, table = cards[0], cards[1:]
    assert takings(rules.deck, variant, card, table) == old_takings(rules.deck, variant,
                                                                    card, table)


def test_the_walk_is_tried_past_the_few_cards_every_combination_is_cheaper_for():
    # the random tables above reach past FEW smaller cards; make sure the walk is what they meet
    rules = load("scopa")
    deck = rules.deck
    (opt,) = [o for s in rules.steps.values() for o in s.options if o.kind == "capture"]
    taking = Taking("any", True, frozenset(), frozenset(), True, opt.params["_taking"].values)
    re = deck.parse("Rc")
    table = deck.parse_hand("Ad Ab As 2d 2b 2s 3d 3b 3s 4d 4b")
    assert len(table) > FEW
    got = takings(deck, taking, re, table)
    assert got == old_takings(deck, taking, re, table) and len(got) == 149


def test_a_crowded_table_offers_the_fewest_cards_first_up_to_the_bound():
    # 28 table cards (no figure) give a Re thousands of ways to take: each card of a hand of
    # three offers its third of the bound, the ways with the fewest cards first
    rules = load("scopa")
    deck = rules.deck
    (opt,) = [o for s in rules.steps.values() for o in s.options if o.kind == "capture"]
    taking = Taking("any", True, frozenset(), frozenset(), True, opt.params["_taking"].values)
    table = [c.id for c in deck.cards if deck.ranks[c.rank].code not in ("F", "C", "R")]
    re = deck.parse("Rc")
    share = MAX_CAPTURE_MOVES // 3
    got = takings(deck, taking, re, table, share)
    assert len(table) == 28 and len(got) == share
    # all the pairs adding up to ten in the table's order, then the first triples
    value = {c: deck.cards[c].value for c in table}
    pairs = [p for p in combinations(table, 2) if value[p[0]] + value[p[1]] == 10]
    triples = [t for t in combinations(table, 3) if sum(value[c] for c in t) == 10]
    assert len(pairs) == 38 and len(pairs) + len(triples) > share
    assert [tuple(sorted(t)) for t in got] == (pairs + triples)[:share]


def test_values_add_up_exactly():
    # one tenth and two tenths are three tenths, as the rule file means (floats would miss it)
    values = [exact(0.1), exact(0.2), exact(0.7)]
    assert adding_up([1, 2, 3], values, ["a", "b", "c"], exact(0.3), 10) == [(1, 2)]
    assert adding_up([1, 2, 3], values, ["a", "b", "c"], exact(1.0), 10) == [(1, 2, 3)]
    assert exact(3.0) == 3 and isinstance(exact(3.0), int)


def test_values_adding_up_in_too_many_ways_are_refused(tmp_path):
    from trentuno.engine.errors import RuleFileError
    (tmp_path / "powers.yaml").write_text(
        "extends: scopa\nname: powers\ndeck:\n  preset: italian-40\n"
        "  values: {A: 1, '2': 2, '3': 4, '4': 8, '5': 16, '6': 32, '7': 64, F: 128, C: 256,"
        " R: 512}\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as info:
        load(str(tmp_path / "powers.yaml"))
    (problem,) = info.value.problems
    assert problem.file.endswith("powers.yaml") and problem.line == 5
    assert "add up in too many ways" in problem.message and "sums: false" in problem.message
