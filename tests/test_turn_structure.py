"""Turn structures issue 17 asked for, each on a house rule of the shelf, on stacked decks:
the knocker playing the hand's last turn (`knock.last_turns: knocker_last`), a trigger that
knocks for the holder (`do: knock`)."""
from __future__ import annotations

from test_overlays import base_and_house, idle
from widow_helpers import (
    discard,
    draw,
    events,
    has,
    kind,
    lives_lost,
    new_game,
    one,
    play,
    swap,
)

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED = {"house/knocker-plays-last", "house/schwimmen-31-knocks"}

# ---- knocker_last: everybody has one more turn, the knocker last ------------------------------
#: Thirty-One, dealer 0, four players: the turns go 1, 2, 3, 0; seat 1 holds the lowest hand
LOW_KNOCKER = {1: "2c 3d 4h", 2: "5s 6d 8h", 3: "Ks 9d 2h", 0: "Kh Qh 7s"}
#: the stock: seven idle draws, then the Ace seat 1 draws in his last turn
STOCK = "3s 4s 6s 2d 4d 5d 6h Ac"


def _knock_in_round_two(rules):
    """Round 1 idle, then seat 1 knocks and whoever still plays takes an idle turn (seat 1's
    own last turn, when he has one, draws the Ace and throws the 3)."""
    state = new_game(rules, dealer=0, players=4, hands=LOW_KNOCKER, zones={"discard": "7d"},
                     stock=STOCK)
    for seat in (1, 2, 3, 0):
        idle(state, seat)
    play(state, kind(state, "knock"), seat=1)
    for seat in (2, 3, 0):
        idle(state, seat)
    return state


def test_after_a_knock_the_knocker_plays_the_last_turn():
    """"After a knock, everybody gets one more turn including the knocker, who plays last":
    the base ends the hand before the knocker's turn, the house rule gives it to him (no knock
    offered, nobody knocks twice) and ends the hand after it."""
    base, house = base_and_house("house/knocker-plays-last")
    plain = _knock_in_round_two(base)
    assert one(plain, "hand_end", 1).data["reason"] == "knock"
    assert lives_lost(plain, 1) == {1: 2}                    # the knocker is lowest: two lives
    state = _knock_in_round_two(house)
    assert not events(state, "hand_end", 1) and state.current_player == 1
    assert not has(state, "knock")
    play(state, draw(state, "stock"), seat=1)
    play(state, discard(state, "3d"), seat=1)                # A 2 of clubs: 13, not lowest
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    assert [e.player for e in events(state, "action", 1)][-9:] == [1, 2, 2, 3, 3, 0, 0, 1, 1]
    assert lives_lost(state, 1) == {2: 1}                    # seat 2's 8 is lowest now


def test_the_dealer_knocking_plays_last_too():
    """The knock by the last seat of the round (the dealer): the others play the next round's
    turns, then the dealer, and the hand ends there."""
    _, house = base_and_house("house/knocker-plays-last")
    state = new_game(house, dealer=0, players=4, hands=LOW_KNOCKER, zones={"discard": "7d"})
    for seat in (1, 2, 3):
        idle(state, seat)
    play(state, kind(state, "knock"), seat=0)
    for seat in (1, 2, 3, 0):
        assert not events(state, "hand_end", 1)
        idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"


# ---- do: knock: a 31 made in play counts as the holder's knock --------------------------------
#: Schwimmen, dealer 0, four players: the turns go 1, 2, 3, 0; seat 1 makes 31 with the table's
#: Queen; seat 3's 9 is the lowest hand
SWIM = {1: "Ah Kh 7c", 2: "7s 8c 10d", 3: "7d 8h 9c", 0: "10s Jc Qd"}


def _make_31(rules):
    state = new_game(rules, dealer=0, players=4, hands=SWIM, zones={"table": "Qh 8s 9d"})
    play(state, swap(state, give="7c", take="Qh"), seat=1)
    return state


def test_a_31_made_in_play_counts_as_a_knock_by_its_holder():
    """"Whoever makes 31 does not win at once; everybody else gets one more turn": in the base
    the swap ends the round; with the house rule it is seat 1's knock (in the first round, where
    no option knocks), the others play once more (nobody may knock again) and the hands are
    compared as after a knock."""
    base, house = base_and_house("house/schwimmen-31-knocks")
    plain = _make_31(base)
    assert one(plain, "hand_end", 1).data["outcome"] == "showdown"
    assert [e.player for e in events(plain, "action", 1)] == [1]
    state = _make_31(house)
    assert not events(state, "hand_end", 1) and state.knocker == 1
    assert one(state, "knock", 1).player == 1
    for seat in (2, 3, 0):
        assert not has(state, "knock")
        play(state, kind(state, "pass"), seat=seat)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "knock"
    assert lives_lost(state, 1) == {3: 1}


def test_a_31_made_after_a_knock_changes_nothing_but_the_hand():
    """Somebody knocked already: a 31 made in his last turns is no second knock; the hand ends
    when the turn comes back to the first knocker."""
    _, house = base_and_house("house/schwimmen-31-knocks")
    hands = {**SWIM, 1: "7c 8d 9s", 2: "Ah Kh 7s"}
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"table": "Qh 8s 9h"})
    play(state, swap(state, give="7c", take="8s"), seat=1)           # not a round of passes
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    play(state, kind(state, "knock"), seat=1)                      # round 2
    play(state, swap(state, give="7s", take="Qh"), seat=2)          # 31, after the knock
    assert state.knocker == 1 and len(events(state, "knock", 1)) == 1
    for seat in (3, 0):
        play(state, kind(state, "pass"), seat=seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
