"""The code written for each ruleset's turn (engine/turn_code.py): a turn costs few Python
calls."""
from __future__ import annotations

import sys

from trentuno.engine.simulate import run_games
from trentuno.engine.variants import load


def python_calls_per_turn(name: str, players: int, games: int) -> float:
    """Python function calls (not C ones) per player turn of greedy games, counted."""
    rules = load(name)
    run_games(rules, 0, 1, players, "greedy", 1)  # what is made once per ruleset is made
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        summary = run_games(rules, 0, games, players, "greedy", 1)
    finally:
        sys.setprofile(None)
    return calls / summary.turns


def test_a_greedy_trentuno_turn_takes_few_python_calls():
    """The bot twice, the move's written code twice, the end of the turn: about nine calls a
    turn with the deal's share (fifteen when each step was a call of its own: the move, its
    primitive, the listing, the next seat)."""
    assert python_calls_per_turn("trentuno", 4, 20) < 10

