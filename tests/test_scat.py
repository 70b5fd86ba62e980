"""31 / Scat / "on the bus" (seed 004): one stacked-deck scenario per rule sentence of the seed.

Seats are numbered clockwise and Scat plays clockwise ("in senso orario"): with dealer 0 and four
players seat 1 (the dealer's left) gets the first card and plays first, then 2, 3 and the dealer.
The deal gives three cards to each player one at a time, then three cards to the face-down widow.
"""
from __future__ import annotations

import pytest
from trentuno.engine import GameState, UserError, load
from widow_helpers import (
    codes,
    events,
    has,
    kind,
    knock_and_show,
    legal,
    lives_lost,
    new_game,
    next_dealer,
    one,
    play,
    stack,
    swap,
    value_of,
)

BLITZ = {"h": "Ah Kh Qh", "d": "Ad 10d Jd", "c": "Ac Qc Kc", "s": "As Ks 10s"}


@pytest.fixture(scope="module")
def rules():
    return load("scat")


def hand_end(state, hand=1):
    return one(state, "hand_end", hand)


def kinds(state):
    return {a.kind for a in state.legal_actions()}


# ---- the stacking helper against the deal ------------------------------------------------------
def test_stack_helper_matches_the_deal_event(rules):
    """Clockwise from the dealer's left, one card at a time, then the widow's three cards."""
    hands = {1: "2h 3h 4h", 2: "5d 6d 7d", 3: "8c 9c 10c", 0: "Js Qs Ks"}
    order = stack(rules, dealer=0, players=4, hands=hands, zones={"widow": "Ah Ad Ac"})
    assert order == ["2h", "5d", "8c", "Js", "3h", "6d", "9c", "Qs", "4h", "7d", "10c", "Ks",
                     "Ah", "Ad", "Ac"]
    state = GameState(rules, players=4, seed=5, decks=[order], dealer=0)
    deal = one(state, "deal")
    assert deal.data["hands"] == {s: codes(h) for s, h in hands.items()}
    assert deal.data["zones"]["widow"] == ["Ah", "Ad", "Ac"]
    # with dealer 2 of 5, seat 3 is first and the dealer last
    order = stack(rules, dealer=2, players=5, hands={3: "Ah Kd 7c", 2: "9s 9h 9d"})
    state = GameState(rules, players=5, seed=5, decks=[order], dealer=2)
    deal = one(state, "deal")
    assert order[0] == "Ah" and order[4] == "9s"
    assert deal.data["hands"][3] == ["Ah", "Kd", "7c"]
    assert deal.data["hands"][2] == ["9s", "9h", "9d"]


# ---- deck, players, direction ------------------------------------------------------------------
def test_standard_deck_two_to_nine_players(rules):
    """"può essere giocato da due a nove persone con un mazzo standard\""""
    assert len(rules.deck.cards) == 52
    assert {c.code for c in rules.deck.cards} == {
        r + s for s in "hdcs" for r in
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]}
    for n in (1, 10):
        with pytest.raises(UserError):
            GameState(rules, players=n, seed=0)
    for n in range(2, 10):
        state = GameState(rules, players=n, seed=n)
        deal = events(state, "deal")[0]
        assert len(deal.data["hands"]) == n
        assert len(deal.data["zones"]["widow"]) == 3


def test_card_values(rules):
    """"Gli assi sono valutati a 11 punti, le carte a faccia a dieci punti e tutte le altre
    carte segnano al valore nominale.\""""
    values = {c.code: c.value for c in rules.deck.cards if c.code.endswith("h")}
    assert values == {"Ah": 11, "2h": 2, "3h": 3, "4h": 4, "5h": 5, "6h": 6, "7h": 7, "8h": 8,
                      "9h": 9, "10h": 10, "Jh": 10, "Qh": 10, "Kh": 10}


@pytest.mark.parametrize("dealer,expected", [(0, [1, 2, 3, 0]), (2, [3, 0, 1, 2])])
def test_play_goes_clockwise_from_the_dealers_left(rules, dealer, expected):
    """"Il giocatore alla sinistra del banco ha la possibilità ..." and "Il gioco continua in
    senso orario.\""""
    state = new_game(rules, dealer=dealer, players=4)
    seen = []
    while not events(state, "hand_end"):
        seen.append(state.current_player)
        play(state, "pass")
    assert seen == expected


# ---- the widow ----------------------------------------------------------------------------------
def test_a_spare_hand_is_dealt_face_down(rules):
    """"Ogni giocatore riceve tre carte, e una mano extra (chiamata "vedova") viene distribuita
    a faccia in giù al centro del tavolo.\""""
    state = new_game(rules, dealer=0, players=4, zones={"widow": "Ah Kd 7c"})
    assert rules.zones["widow"].visibility == "hidden"
    assert state.face_up["widow"] is False
    assert state.visible_top("widow") is None
    assert len(state.zones["widow"]) == 3
    assert all(len(h) == 3 for h in state.hands)
    # the first player cannot exchange single cards with a widow he cannot see, nor knock
    assert sorted(legal(state)) == ["pass", "swap_all widow"]


def test_the_first_player_may_take_the_widow_which_then_lies_face_up(rules):
    """"Il giocatore alla sinistra del banco ha la possibilità di scambiare la propria mano con
    la vedova o passare. Se il giocatore scambia le mani, la loro mano diventa la vedova e viene
    posizionata a faccia in su.\""""
    state = new_game(rules, dealer=0, players=4, hands={1: "2h 3d 4c", 2: "Kd 9s 5c"},
                     zones={"widow": "Kh Qh 9c"})
    play(state, kind(state, "swap_all"), seat=1)
    assert sorted(rules.deck.codes(state.hands[1])) == ["9c", "Kh", "Qh"]
    assert sorted(rules.deck.codes(state.zones["widow"])) == ["2h", "3d", "4c"]
    assert state.face_up["widow"] is True
    reveal = one(state, "reveal")
    assert reveal.player == 1 and sorted(reveal.data["cards"]) == ["2h", "3d", "4c"]
    # the next player now sees it and may exchange with it
    assert state.current_player == 2
    assert "swap 5c 2h" in legal(state)
    assert kinds(state) == {"swap", "swap_all", "pass", "knock"}


def test_the_first_player_may_pass_and_the_widow_is_turned_up(rules):
    """"... o passare": the ruleset turns the widow face up on a pass too (the seed is silent),
    so the following players can exchange with it."""
    state = new_game(rules, dealer=0, players=4, hands={1: "2h 3d 4c"},
                     zones={"widow": "Kh Qh 9s"})
    play(state, kind(state, "pass"), seat=1)
    assert rules.deck.codes(state.hands[1]) == ["2h", "3d", "4c"]
    assert state.face_up["widow"] is True
    assert kinds(state) == {"swap", "swap_all", "pass", "knock"}


# ---- the turn -----------------------------------------------------------------------------------
def test_each_player_exchanges_one_or_all_cards_or_passes(rules):
    """"Ogni giocatore può scambiare una o tutte le loro carte con la vedova, o passare.\""""
    state = new_game(rules, dealer=0, players=4,
                     hands={1: "2h 3d 4c", 2: "Kh 9s 2c", 3: "5h 6d 7c"},
                     zones={"widow": "Qh 8s 3s"})
    play(state, kind(state, "pass"), seat=1)
    assert len([a for a in state.legal_actions() if a.kind == "swap"]) == 9
    play(state, swap(state, give="2c", take="Qh"), seat=2)
    assert sorted(rules.deck.codes(state.hands[2])) == ["9s", "Kh", "Qh"]
    assert sorted(rules.deck.codes(state.zones["widow"])) == ["2c", "3s", "8s"]
    play(state, kind(state, "swap_all"), seat=3)
    assert sorted(rules.deck.codes(state.hands[3])) == ["2c", "3s", "8s"]
    assert sorted(rules.deck.codes(state.zones["widow"])) == ["5h", "6d", "7c"]
    assert state.knocker is None                   # exchanging all is not a knock in Scat
    assert state.current_player == 0


def test_the_hand_ends_when_everybody_in_a_round_passes(rules):
    """"Il gioco continua fino a quando un giocatore bussa, o tutti i giocatori intorno al
    tavolo scelgono di passare." A round with one exchange in it goes on; the next four passes
    in a row end the hand, and the lowest hand pays."""
    state = new_game(rules, dealer=0, players=4,
                     hands={1: "2h 3d 4c", 2: "Kh 9s 2c", 3: "5h 6d 7c", 0: "Js 8d 9h"},
                     zones={"widow": "Qh 8s 3s"})
    play(state, kind(state, "pass"), seat=1)
    play(state, swap(state, give="2c", take="Qh"), seat=2)
    for seat in (3, 0, 1):
        play(state, kind(state, "pass"), seat=seat)
    assert not events(state, "hand_end")
    play(state, kind(state, "pass"), seat=2)
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "all_passed"
    assert end.data["knocker"] is None
    assert lives_lost(state, 1) == {1: 1}          # 2h 3d 4c: 4 points


# ---- knocking -----------------------------------------------------------------------------------
def test_after_a_knock_everybody_else_has_one_last_turn(rules):
    """"Ogni altro giocatore ha un'ultima possibilità di scambiare carte o passare prima di
    segnare." and "Dopo che un giocatore bussa e ogni altro giocatore ha preso il suo ultimo
    turno, tutti i giocatori depongono le mani e inizia il punteggio.\""""
    state = new_game(rules, dealer=0, players=4,
                     hands={1: "2h 3d 4c", 2: "Kh Qh 9s", 3: "5h 6d 7c", 0: "Js 8d 9h"},
                     zones={"widow": "Ah 8s 3s"})
    play(state, kind(state, "pass"), seat=1)
    play(state, kind(state, "knock"), seat=2)      # knocking in the first round is allowed
    assert state.knocker == 2 and not has(state, "knock")
    play(state, kind(state, "pass"), seat=3)
    play(state, kind(state, "pass"), seat=0)
    assert not events(state, "hand_end")
    play(state, swap(state, give="2h", take="Ah"), seat=1)   # his last chance
    end = hand_end(state)                         # the turn does not come back to the knocker
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "knock"
    assert [e.player for e in events(state, "action", hand=1)] == [1, 2, 3, 0, 1]
    assert end.data["values"] == {1: 11, 2: 20, 3: 7, 0: 10}
    assert lives_lost(state, 1) == {3: 1}


# ---- blitz --------------------------------------------------------------------------------------
def test_a_blitz_by_exchange_wins_at_once_and_everybody_else_loses_a_life(rules):
    """"Se in qualsiasi momento hai tre carte di un seme in mano il cui valore totale è pari a
    31, questo è chiamato "blitz." Si vince automaticamente il round, e ogni altro giocatore
    "perde una vita."" The knocker is one of the others: he loses one life (not two)."""
    state = new_game(rules, dealer=0, players=4,
                     hands={1: "2h 3d 4c", 2: "Ks Qd 9s", 3: "Ah Qh 2c", 0: "Js 8d 9h"},
                     zones={"widow": "Kh 8s 3s"})
    play(state, kind(state, "pass"), seat=1)
    play(state, kind(state, "knock"), seat=2)
    play(state, swap(state, give="2c", take="Kh"), seat=3)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert end.data["values"][3] == 31
    assert lives_lost(state, 1) == {0: 1, 1: 1, 2: 1}
    assert state.lives == [2, 2, 2, 3] and state.hand_number == 2


def test_a_blitz_dealt_wins_before_anybody_plays(rules):
    """"in qualsiasi momento": also straight from the deal."""
    state = new_game(rules, dealer=0, players=4, hands={2: BLITZ["d"]})
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["reason"] == "dealt"
    assert end.data["winners"] == [2]
    assert not events(state, "action", hand=1)
    assert lives_lost(state, 1) == {0: 1, 1: 1, 3: 1}


def test_a_blitz_taken_from_the_widow_wins_at_once(rules):
    state = new_game(rules, dealer=0, players=4, zones={"widow": BLITZ["s"]})
    play(state, kind(state, "swap_all"), seat=1)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]


def test_tied_blitzes_both_win_no_tie_break(rules):
    """"Se c'è un pareggio per blitz, il punteggio si applica a entrambi e non c'è tie
    breaker.\""""
    state = new_game(rules, dealer=0, players=4, hands={1: BLITZ["h"], 3: BLITZ["s"]})
    end = hand_end(state)
    assert end.data["outcome"] == "win" and sorted(end.data["winners"]) == [1, 3]
    assert lives_lost(state, 1) == {0: 1, 2: 1}


# ---- who pays -----------------------------------------------------------------------------------
def test_the_lowest_hand_loses_a_life(rules):
    """"Il giocatore con il punteggio più basso "perde una vita.\"\""""
    state = knock_and_show(rules, {1: "Kh Qh 9d", 2: "Ac 9c 4d", 3: "7h 8d 2c", 0: "Js Qs 2h"},
                           knocker=2)
    assert lives_lost(state, 1) == {3: 1}
    assert state.lives == [3, 3, 3, 2]


def test_a_knocker_with_the_lowest_hand_loses_two_lives(rules):
    """"Se il battitore ha la mano più bassa, gli vengono addebitate due vite invece di
    una.\""""
    state = knock_and_show(rules, {1: "Kh Qh 9d", 2: "7h 8d 2c", 3: "Ac 9c 4d", 0: "Js Qs 2h"},
                           knocker=2)
    assert lives_lost(state, 1) == {2: 2}
    assert state.lives == [3, 3, 1, 3]


def test_players_tied_for_lowest_all_lose_one(rules):
    """"Se due giocatori legano per la mano più bassa, entrambi perdono una vita e non c'è tie
    breaker.\""""
    state = knock_and_show(rules, {1: "Kh Qh 9d", 2: "Ac 9c 4d", 3: "8h 5d 2c", 0: "8s 2h 3d"},
                           knocker=2)
    assert value_of(rules, "8h 5d 2c").value == value_of(rules, "8s 2h 3d").value == 8
    assert lives_lost(state, 1) == {3: 1, 0: 1}


def test_a_knocker_tied_for_lowest_pays_as_a_knocker(rules):
    """The seed does not say what a knocker tied for lowest pays; the ruleset (`knocker_lives:
    2`, `ties: all`) charges him two lives and the other tied player one."""
    state = knock_and_show(rules, {1: "Kh Qh 9d", 2: "8h 5d 2c", 3: "Ac 9c 4d", 0: "8s 2h 3d"},
                           knocker=2)
    assert lives_lost(state, 1) == {2: 2, 0: 1}


# ---- single highest card -----------------------------------------------------------------------
@pytest.mark.parametrize("hand,points", [
    ("Ah Kd 7c", 11), ("10h 9d 8c", 10), ("2h 3d 4c", 4),     # three suits: the highest card
    ("Kh 9h Ad", 19), ("7s 6s 5s", 18), ("Ac Kc 10c", 31),   # one suit counts
])
def test_only_one_suit_counts_and_with_three_suits_the_highest_card(rules, hand, points):
    """"Ogni giocatore conta solo le carte dello stesso seme nella sua mano per calcolare i loro
    punti; il seme dispari non viene conteggiato. Se ogni carta nella mano di un giocatore è di
    un seme diverso, viene conteggiata solo la carta con il valore del punto più alto.\""""
    assert value_of(rules, hand).value == points


def test_a_single_high_card_beats_lower_single_cards_at_the_showdown(rules):
    state = knock_and_show(rules, {1: "Kh 9d 8c", 2: "Ah 2d 3c", 3: "Qd 4c 6s", 0: "Js 7h 6d"},
                           knocker=2)
    assert hand_end(state).data["values"] == {1: 10, 2: 11, 3: 10, 0: 10}
    assert lives_lost(state, 1) == {1: 1, 3: 1, 0: 1}


# ---- on the bus, and the end -------------------------------------------------------------------
def test_on_the_bus_then_out_and_the_last_player_left_wins(rules):
    """"Una volta che un giocatore perde tutte le loro vite, sono "nel paese," o "sul bus."
    Possono continuare a giocare fino a quando non perdono di nuovo. A quel punto, sono fuori
    dal gioco." and "Il gioco continua fino a quando non rimane una persona. Lui o lei è
    dichiarato il vincitore.\""""
    players, dealer, alive = 3, 0, [0, 1, 2]
    decks = []
    # hands 1-3: seat 2 is dealt a blitz; seats 0 and 1 lose a life each time
    for _ in range(3):
        decks.append(stack(rules, dealer=dealer, players=players, hands={2: BLITZ["h"]}))
        dealer = next_dealer(rules, dealer, players, alive)
    # hand 4: no blitz; seat 1 ends lowest after seat 2's knock
    hand4_dealer = dealer
    decks.append(stack(rules, dealer=dealer, players=players,
                       hands={0: "Kd Qd 2c", 1: "2h 3d 4c", 2: "Ks Qs 9s"},
                       zones={"widow": "5h 6d 7c"}))
    alive = [0, 2]
    dealer = next_dealer(rules, dealer, players, alive)
    # hand 5: seat 2's blitz again; seat 0, on the bus, loses once more
    decks.append(stack(rules, dealer=dealer, players=players, hands={2: BLITZ["d"]},
                       alive=alive))
    state = GameState(rules, players=players, seed=0, decks=decks, dealer=0)

    assert state.hand_number == 4 and state.dealer == hand4_dealer == 0
    assert state.lives == [0, 0, 3]
    assert state.on_last_chance == [True, True, False]
    assert state.alive == [0, 1, 2]                 # on the bus, still playing
    assert [e.player for e in events(state, "last_chance")] == [0, 1]
    assert not events(state, "out")
    # hand 4 (dealer 0): seats 1, 2, 0 play; both riders still have their turns
    play(state, kind(state, "pass"), seat=1)
    play(state, kind(state, "knock"), seat=2)
    play(state, kind(state, "pass"), seat=0)
    play(state, kind(state, "pass"), seat=1)
    assert [e.player for e in events(state, "out")] == [1, 0]
    assert state.is_over
    assert state.winners == [2]
    assert one(state, "game_over").data["winners"] == [2]
    assert state.hand_number == 5
    # a rider has no life left to lose: losing again puts him out
    assert [e.player for e in events(state, "out", 4)] == [1]
    assert [e.player for e in events(state, "out", 5)] == [0]
    assert not events(state, "life_lost", 4) and not events(state, "life_lost", 5)
    assert hand_end(state, 5).data["winners"] == [2]


def test_three_lives_by_default(rules):
    """"I giocatori iniziano con un numero predeterminato di" vite", di solito tre\""""
    state = new_game(rules, dealer=0, players=4)
    assert rules.stakes.lives == 3
    assert state.lives == [3, 3, 3, 3]
