"""Greedy's turn written as code (engine/policy_code.py), and a hand's turns as one written
loop: the same games as the general loop, and a turn of a few Python calls."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from trentuno.engine import simulate
from trentuno.engine.bots import compiled_turn
from trentuno.engine.simulate import play_game, run_games
from trentuno.engine.state import FIELDS
from trentuno.engine.variants import load

TWO_UP = str(Path(__file__).resolve().parents[1] / "bench" / "trentuno-two-up.yaml")


def snapshot(st: Any) -> dict[str, str]:
    """Every field of the finished state that says something of the game (not the shared
    rules and facts, nor the random streams' objects)."""
    skip = {"rules", "facts"}
    out = {}
    for f in FIELDS:
        if f.name in skip:
            continue
        value = getattr(st, f.name, None)
        text = repr(value)
        if " at 0x" not in text:
            out[f.name] = text
    return out


# (ruleset, players): with and without a knock's last turns of each kind, the stock's reshuffle
# and its end by a void hand, four-card hands, two decks (and at 8 players the ruleset's own
# compile for two packs, `for_players`), 2, 4 and 6 players
FUSED = [("trentuno", 4), ("trentuno", 6), (TWO_UP, 2), ("thirty-one", 2),
         ("thirty-one", 5), ("house/knocker-plays-last", 4), ("house/knock-ends-at-dealer", 4),
         ("house/stock-out-void", 4), ("house/four-cards", 4), ("house/two-decks", 6),
         ("house/two-decks", 8), ("house/first-round-31-knocks", 4)]


@pytest.mark.parametrize("name,players", FUSED)
@pytest.mark.parametrize("bots", ["greedy", "threshold", "greedy:knock=24",
                                  "greedy:knock=1000"])
def test_the_written_greedy_turn_plays_the_same_games(name, players, bots):
    """Many seeds played by the written turn and by the general loop (bots listing, choosing,
    the move applied) end in the same state, field by field."""
    rules = load(name)
    assert compiled_turn(rules, bots, players) is not None  # the written turn is played
    for seed in range(40):
        fused = play_game(rules, players, bots, seed)
        general = play_game(rules, players, bots, seed, plain=True)
        assert snapshot(fused) == snapshot(general), (name, players, bots, seed)


@pytest.mark.parametrize("name,players", [("house/schwimmen-declare", 4), ("cocincina", 2)])
def test_other_shapes_play_the_general_loop(name, players):
    """A declared hand or a capture from a pile is no shape the writers know (the widow
    family's exchanges are policy_swap's: tests/test_policy_swap.py; a capture from the hand
    policy_capture's: tests/test_policy_capture.py): no written turn, and the games are the
    general loop's."""
    rules = load(name)
    assert compiled_turn(rules, "greedy", players) is None
    for seed in range(5):
        assert snapshot(play_game(rules, players, "greedy", seed)) == \
            snapshot(play_game(rules, players, "greedy", seed, plain=True))


def test_mixed_or_recorded_seats_play_the_general_loop():
    rules = load("trentuno")
    assert compiled_turn(rules, "greedy,greedy,greedy,random", 4) is None
    assert compiled_turn(rules, "greedy,greedy:knock=25,greedy,greedy", 4) is None
    assert compiled_turn(rules, "random", 4) is None
    recorded = play_game(rules, 4, "greedy", 3, record=True)
    assert snapshot(recorded)["winners"] == snapshot(play_game(rules, 4, "greedy", 3))["winners"]


def test_a_written_greedy_turn_takes_fewer_python_calls():
    """A hand's turns are one call (the loop) but where it leaves to the ruleset's code (the
    hand's end, a reshuffle): under three a turn with the deal's and the settlement's share
    (4.8 when each turn was a call and its end another, nine in the general loop: the bot
    twice, each move's written code, the end of the turn)."""
    from test_turn_code import python_calls_per_turn
    assert python_calls_per_turn("trentuno", 4, 20, plain=False) < 3.2


def _looped() -> list[str]:
    """The built-ins whose hands greedy plays as one written loop."""
    from trentuno.engine.variants import builtin_files
    out = []
    for name in sorted(builtin_files()):
        rules = load(name)
        turn = compiled_turn(rules, "greedy", rules.min_players)
        if turn is not None and turn.__name__ == "hand":
            out.append(name)
    return out


def test_the_hand_loop_plays_the_same_games_at_every_table(monkeypatch):
    """Every built-in played by the hand loop, at every table from two to eight its rules
    seat, with a knock and without one (hands running to a thirty-one, the stock reshuffled
    again and again, a hand stopped at the turn limit, a stock run out voiding the hand):
    the finished state, field by field, and the summary are those of the general loop."""
    from trentuno.engine.state import GameState
    looped = _looped()
    assert {"trentuno", "thirty-one", "house/two-decks", "house/stock-out-void"} <= set(looped)
    reshuffles = [0]
    real = GameState._reshuffle

    def counted(st: Any, zone: str) -> None:
        reshuffles[0] += 1
        real(st, zone)
    monkeypatch.setattr(GameState, "_reshuffle", counted)
    ends: set[str] = set()
    for name in looped:
        rules = load(name)
        for players in range(max(2, rules.min_players), min(8, rules.max_players) + 1):
            for bots in ("greedy", "greedy:knock=1000"):
                for seed in range(6):
                    fused = play_game(rules, players, bots, seed)
                    general = play_game(rules, players, bots, seed, plain=True)
                    assert snapshot(fused) == snapshot(general), (name, players, bots, seed)
                    ends.update(fused.hand_ends)
    assert reshuffles[0] > 100
    assert {"void:turn_limit", "void:stock_empty", "showdown:knock", "win:turn_end"} <= ends


def test_the_summary_is_the_general_loops(monkeypatch):
    """`simulate`'s figures are those of the general loop's games."""
    rules = load("trentuno")
    fused = run_games(rules, 0, 30, 4, "greedy", 7).as_dict()
    monkeypatch.setattr(simulate, "compiled_turn", lambda *a: None)
    assert run_games(rules, 0, 30, 4, "greedy", 7).as_dict() == fused
