"""Every hand ends by the rules, never by the interpreter's 2,000-turn safety net: in greedy
play (`simulate`'s default) no shipped ruleset reaches it, and the house rule that could
(`house/knock-25`: a knock out of reach stalls a hand) says itself how such a hand ends."""
from __future__ import annotations

from pathlib import Path

import pytest
from trentuno.engine.simulate import game_seed, play_game
from trentuno.engine.state import MAX_TURNS_PER_HAND
from trentuno.engine.variants import builtin_files, check, load
from widow_helpers import discard, draw, events, has, kind, new_game, one, play

#: games of seed 0, four players, in which knock-25 stalled before it said how such a hand ends:
#: three players left, each holding the cards of one suit the others need, none worth 25
STALLED = (50, 158, 238)


@pytest.mark.parametrize("name", list(builtin_files()))
def test_no_shipped_ruleset_reaches_the_turn_limit_in_greedy_play(name):
    """A few seeded greedy games of each (2,000 of each were measured once, none reached it);
    the work is bounded: each game ends, and no hand takes the safety net's 2,000 turns."""
    rules = load(name)
    for i in range(8):
        st = play_game(rules, rules.default_players, "greedy", game_seed(1, i))
        assert st.is_over and "void:turn_limit" not in st.hand_ends, (name, i)


def test_a_stalled_knock_25_hand_is_void_after_twenty_rounds(tmp_path: Path):
    """The games that stalled end by the ruleset's own rule, and go on to a winner in fewer
    turns than the stalled hand alone took; without the rule they stall again."""
    rules = load("house/knock-25")
    without = tmp_path / "no-stalemate.yaml"
    without.write_text("extends: house/knock-25\nname: no-stalemate\n"
                       "triggers: {stalemate: null}\n", encoding="utf-8")
    stalling, problems = check(str(without))
    assert problems == []
    for i in STALLED:
        st = play_game(rules, 4, "greedy", game_seed(0, i))
        assert st.hand_ends.get("void:turn_end") == 1, i
        assert "void:turn_limit" not in st.hand_ends, i
        old = play_game(stalling, 4, "greedy", game_seed(0, i))
        assert old.hand_ends.get("void:turn_limit") == 1, i
        assert st.turns_taken < MAX_TURNS_PER_HAND < old.turns_taken, i  # the game, whole


def idle(state, seat):
    """A turn that changes nothing: draw the stock's top card and throw it away."""
    play(state, draw(state, "stock"), seat=seat)
    play(state, discard(state, state.rules.deck.code(state.just_drawn)), seat=seat)


#: dealer 0, four players: the turns go 3, 2, 1, 0
LOW = {2: "2d 3b 4s", 1: "5d 2b 3s", 0: "Fb 4d 2s"}


def test_a_hand_nobody_can_knock_in_is_void_at_round_21():
    rules = load("house/knock-25")
    state = new_game(rules, dealer=0, players=4, hands={3: "Ac 6c 7c", **LOW},
                     zones={"discard": "7s"})
    for _ in range(20):
        for seat in (3, 2, 1, 0):
            assert not has(state, "knock")  # 24 at the most
            idle(state, seat)
    assert state.hand_number == 1 and state.round == 21
    idle(state, 3)
    end = one(state, "hand_end", 1).data
    assert (end["outcome"], end["reason"]) == ("void", "turn_end")
    assert not events(state, "life_lost", 1)  # a void hand costs nobody anything


def test_a_knock_in_round_20_is_played_out_past_round_20():
    """The last turns after a knock go on into round 21: the stalemate rule never cuts them."""
    rules = load("house/knock-25")
    state = new_game(rules, dealer=0, players=4, hands={3: "Ab 6b 7b", **LOW, 0: "Ac Fc 4c"},
                     zones={"discard": "7s"})
    for _ in range(19):
        for seat in (3, 2, 1, 0):
            idle(state, seat)
    for seat in (3, 2, 1):
        idle(state, seat)
    play(state, kind(state, "knock"), seat=0)   # the dealer, last of round 20, with 25
    for seat in (3, 2, 1):
        assert state.round == 21
        idle(state, seat)
    end = one(state, "hand_end", 1).data
    assert (end["outcome"], end["reason"]) == ("showdown", "knock")
