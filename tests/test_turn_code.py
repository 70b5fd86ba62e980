"""The code written for each ruleset's turn (engine/turn_code.py): a turn costs few Python
calls."""
from __future__ import annotations

import sys

from trentuno.engine.simulate import play_game
from trentuno.engine.variants import load


def python_calls_per_turn(name: str, players: int, games: int, plain: bool = True) -> float:
    """Python function calls (not C ones) per player turn of greedy games, counted: in the
    general loop (`plain`), or in greedy's written turn where the ruleset has one."""
    rules = load(name)
    play_game(rules, players, "greedy", 0, plain=plain)  # what is made once is made
    calls = turns = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    for seed in range(1, games + 1):
        sys.setprofile(count)
        try:
            state = play_game(rules, players, "greedy", seed, plain=plain)
        finally:
            sys.setprofile(None)
        turns += state.turns_taken
    return calls / turns


def test_a_greedy_trentuno_turn_takes_few_python_calls():
    """The bot twice, the move's written code twice, the end of the turn: about nine calls a
    turn with the deal's share (fifteen when each step was a call of its own: the move, its
    primitive, the listing, the next seat)."""
    assert python_calls_per_turn("trentuno", 4, 20) < 10



def _written_next_seat(rules):
    """`turn_code._next_seat_lines` alone, as a function returning the seat (None: the hand
    ended there)."""
    from trentuno.engine.rules import play_facts
    from trentuno.engine.triggers import fire
    from trentuno.engine.turn_code import _next_seat_lines

    env = {"fire": fire}
    lines = _next_seat_lines(rules, play_facts(rules))
    exec("\n".join(["def next_seat(st, order, p):", *lines, "    return nxt"]), env)
    return env["next_seat"]


def test_the_written_next_seat_is_turns_next_seat():
    """The next seat written into each ruleset's end of a turn and `turns.next_seat` (which
    the general path and a seat out of the hand ask) answer the same, and leave the same
    state, at every decision of random games of every built-in ruleset, before and after a
    knock, under every knock rule and with round_end triggers."""
    from trentuno.engine.bots import random_bot
    from trentuno.engine.knock import LAST_TURNS
    from trentuno.engine.state import GameState
    from trentuno.engine.turns import next_seat
    from trentuno.engine.variants import builtin_files

    knocked: set[str] = set()
    round_end = False
    for name in builtin_files():
        rules = load(name)
        written = _written_next_seat(rules)
        ends_round = bool(rules.triggers.get("round_end"))
        for seed in range(2):
            st = GameState(rules, rules.default_players, seed=seed)
            bot = random_bot(seed)
            for _ in range(150):
                if st.is_over:
                    break
                a, b = st.clone(), st.clone()
                p = st.current_player
                got = next_seat(a, a._order, a.facts, p), written(b, b._order, p)
                assert got[0] == got[1], (name, seed)
                assert (a._turn_index, a.round, a._stop_before, a.hand_over, a.hand_ends) \
                    == (b._turn_index, b.round, b._stop_before, b.hand_over, b.hand_ends)
                if st.knocker is not None:
                    knocked.add(rules.knock_rule.name)
                round_end = round_end or ends_round
                st.apply(bot(st, st.legal_actions()))
    assert knocked == set(LAST_TURNS.names()) and round_end
