"""The built-in `thirty-one` (Thirty-One / Scat / Blitz with 52 cards): one stacked-deck
scenario per rule sentence quoted in variants/thirty-one.yaml. Dealer 0, four players, play
clockwise: seats 1, 2, 3, 0."""
from __future__ import annotations

import pytest
from trentuno.engine import GameState, load
from widow_helpers import (
    discard,
    draw,
    events,
    has,
    kind,
    legal,
    lives_lost,
    new_game,
    one,
    play,
    value_of,
)

RULES = load("thirty-one")
ORDER = (1, 2, 3, 0)


def idle(state: GameState, seat: int) -> None:
    """Draw the stock's top card and throw it away: the hand does not change."""
    play(state, draw(state, "stock"), seat=seat)
    play(state, discard(state, state.rules.deck.code(state.just_drawn)), seat=seat)


def knock_hand(hands: dict, knocker: int = 1, **kw) -> GameState:
    """The seats before `knocker` play an idle turn, he knocks, everybody else plays an idle
    turn; the hand ends."""
    state = new_game(RULES, dealer=0, players=4, hands=hands, zones={"discard": "5s"}, **kw)
    for seat in ORDER[:ORDER.index(knocker)]:
        idle(state, seat)
    play(state, kind(state, "knock"), seat=knocker)
    for seat in ORDER[ORDER.index(knocker) + 1:] + ORDER[:ORDER.index(knocker)]:
        idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    return state


STRONG = {1: "Ah Kh 9h", 2: "Ac Kc 8c", 3: "Ad Kd 7d", 0: "As Ks 6s"}   # 30 29 28 27


def test_two_to_nine_players_and_a_52_card_deck():
    assert (RULES.min_players, RULES.max_players) == (2, 9) and len(RULES.deck.cards) == 52
    GameState(RULES, players=9, seed=1)


@pytest.mark.parametrize("hand,value", [("Ah Kh Qh", 31), ("Jd Qd 10d", 30), ("Ah Kc 2c", 12),
                                        ("Ah 5c 2d", 11), ("Kh Qc 9d", 10)])
def test_aces_eleven_faces_ten_only_one_suit_counts(hand, value):
    assert value_of(RULES, hand).value == value


def test_play_starts_left_of_the_dealer_and_goes_clockwise():
    state = new_game(RULES, dealer=0, players=4)
    for seat in ORDER:
        assert state.current_player == seat
        idle(state, seat)
    assert state.current_player == 1 and state.round == 2


def test_draw_from_the_stock_or_take_the_discard_then_discard():
    state = new_game(RULES, dealer=0, players=4, hands={1: "2h 3c 4d"}, zones={"discard": "9s"},
                     stock="8s")
    assert sorted(legal(state)) == ["draw discard", "draw stock", "knock"]
    play(state, draw(state, "stock"), seat=1)
    assert sorted(legal(state)) == ["discard 2h", "discard 3c", "discard 4d", "discard 8s"]


def test_a_taken_discard_cannot_go_back_on_the_same_turn():
    state = new_game(RULES, dealer=0, players=4, hands={1: "2h 3c 4d"}, zones={"discard": "9s"})
    play(state, draw(state, "discard"), seat=1)
    assert sorted(legal(state)) == ["discard 2h", "discard 3c", "discard 4d"]


def test_knock_instead_of_drawing_from_the_first_turn():
    state = new_game(RULES, dealer=0, players=4)
    assert has(state, "knock") and state.round == 1
    play(state, kind(state, "knock"), seat=1)
    assert not has(state, "knock")         # one knock a hand


def test_after_a_knock_everybody_else_plays_once_more():
    state = knock_hand(STRONG, knocker=2)
    turns = [e.player for e in events(state, "action", 1)]
    assert turns == [1, 1, 2, 3, 3, 0, 0, 1, 1]   # the knock, then a draw and a discard each


def test_31_wins_at_once_and_everybody_else_loses_a_life():
    state = new_game(RULES, dealer=0, players=4, hands={1: "Ah Kh 2c"}, zones={"discard": "Qh"})
    play(state, draw(state, "discard"), seat=1)
    play(state, discard(state, "2c"), seat=1)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]
    assert lives_lost(state, 1) == {2: 1, 3: 1, 0: 1}


def test_31_after_a_knock_still_costs_the_knocker_a_life():
    state = new_game(RULES, dealer=0, players=4, hands={2: "Ac Kc 2d"}, zones={"discard": "2s"},
                     stock="Qc")
    play(state, kind(state, "knock"), seat=1)
    play(state, draw(state, "stock"), seat=2)
    play(state, discard(state, "2d"), seat=2)
    assert one(state, "hand_end", 1).data["winners"] == [2]
    assert lives_lost(state, 1) == {1: 1, 3: 1, 0: 1}


def test_31_dealt_wins_before_anybody_plays():
    state = new_game(RULES, dealer=0, players=4, hands={3: "Ad Kd Qd"})
    end = one(state, "hand_end", 1)
    assert end.data["reason"] == "dealt" and end.data["winners"] == [3]
    assert lives_lost(state, 1) == {1: 1, 2: 1, 0: 1}


def test_the_lowest_hand_loses_a_life():
    state = knock_hand({**STRONG, 0: "2s 3d 4c"}, knocker=1)
    assert lives_lost(state, 1) == {0: 1}


def test_all_players_tied_for_lowest_lose_a_life():
    state = knock_hand({**STRONG, 0: "2s 3d 4c", 3: "4d 2c 3h"}, knocker=1)
    assert lives_lost(state, 1) == {0: 1, 3: 1}


def test_the_knocker_wins_ties():
    state = knock_hand({**STRONG, 1: "2s 3d 4c", 3: "4d 2c 3h"}, knocker=1)
    assert lives_lost(state, 1) == {3: 1}


def test_a_knocker_who_is_lowest_loses_two_lives():
    state = knock_hand({**STRONG, 1: "2s 3d 4c"}, knocker=1)
    assert lives_lost(state, 1) == {1: 2}


def test_three_lives_then_on_the_bus_then_out():
    state = GameState(RULES, players=3, seed=0)
    assert state.lives == [3, 3, 3]
    for _ in range(3):
        state.lose_lives(2, 1)
    assert state.lives[2] == 0 and 2 in state.alive and state.on_last_chance[2]
    state.lose_lives(2, 1)
    assert 2 not in state.alive


def test_an_exhausted_stock_ends_the_hand_in_a_draw():
    state = new_game(RULES, dealer=0, players=4, hands=STRONG, zones={"discard": "2s"})
    seats = iter(ORDER * 20)
    while state.hand_number == 1:
        idle(state, next(seats))
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "void" and lives_lost(state, 1) == {}
