"""The scratch units of the kinds added last, played (tests/test_scratch_units.py checks their
schema and their words): a trigger condition with an outcome that ends hands for a reason of
its own, a tie policy, a closing rule of the knock and a take rule, each one file under tests/
and nothing else touched. Each is obeyed in play by the bots, and the table tells it in its
own words; each test also plays the file without the unit's effect, so that it can fail.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import scratch_knock
import scratch_takes
import scratch_ties
import scratch_trigger
from click.testing import CliRunner
from test_scratch_settlement import _file, _watched, registering
from test_scratch_units import KNOCK_FILE, TAKES_FILE, TIES_FILE, TRUCE_FILE
from trentuno.cli.main import cli
from trentuno.engine.bots import parse_bots
from trentuno.engine.simulate import play_game
from trentuno.engine.state import GameState
from trentuno.engine.variants import load


@pytest.fixture
def scratch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from registering(monkeypatch)


def _games(rules: Any, bots: str, seeds: range, players: int = 4) -> list[Any]:
    return [play_game(rules, players, bots, seed=s, record=True) for s in seeds]


def _one_hand(rules: Any, bots: str, seed: int, players: int = 4) -> GameState:
    """One hand played by `bots` (mc included: a whole game of it is too long for a test)."""
    state = GameState(rules, players, seed=seed, record=True)
    seats = parse_bots(bots, players, seed)
    while not state.is_over and state.hand_number == 1:
        state.apply(seats[state.current_player](state, state.legal_actions()))
    return state


def _ends(states: list[Any]) -> list[str]:
    return [e.data["reason"] for st in states for e in st.events if e.kind == "hand_end"]


def test_a_scratch_condition_and_outcome_end_hands_and_are_told(scratch, tmp_path):
    """From round 2 on, once the stock holds at most 20 cards, the hand ends in a truce: the
    hands end for the outcome's own reason, settled void, and the table says the outcome's
    words for it in English and Italian, and simulate names it by the outcome's own name for
    it."""
    scratch(*scratch_trigger.UNITS)
    path = _file(tmp_path, TRUCE_FILE)
    rules = load(path)
    states = _games(rules, "greedy", range(3))
    ends = _ends(states)
    assert ends.count("scratch_truce") >= 3, ends
    for st in states:
        for e in st.events:
            if e.kind == "hand_end" and e.data["reason"] == "scratch_truce":
                assert e.data["outcome"] == "void" and st.rules.rest_zone
    assert "scratch_truce" not in _ends(_games(load("trentuno"), "greedy", range(3)))
    assert "scratch_truce" in _ends([_one_hand(rules, "mc:iterations=4", 1)])
    for lang in ("en", "it"):
        assert scratch_trigger.TRUCE_TOLD[lang] in _watched(path, lang, 2), lang
    res = CliRunner().invoke(cli, ["simulate", path, "--games", "2", "--players", "4"],
                             catch_exceptions=False)
    assert res.exit_code == 0 and re.search(r"\n  truce +\d+", res.output), res.output


def _payers(states: list[Any]) -> list[list[int]]:
    return [e.data["payers"] for st in states for e in st.events
            if e.kind == "settled" and e.data["outcome"] == "showdown"]


def test_a_scratch_tie_policy_is_obeyed(scratch, tmp_path):
    """With `ties: scratch_nearest_pays` no showdown has two payers; the same seeds with
    `ties: all` have some (players tied for the lowest hand)."""
    scratch(*scratch_ties.UNITS)
    seeds = range(12)
    mine = _payers(_games(load(_file(tmp_path, TIES_FILE)), "greedy", seeds))
    assert mine and all(len(p) == 1 for p in mine), mine
    all_pay = _payers(_games(load(_file(tmp_path, TIES_FILE.replace(
        "scratch_nearest_pays", "all"), "all")), "greedy", seeds))
    assert any(len(p) > 1 for p in all_pay)


def _turns_after_knocks(states: list[Any]) -> list[list[int]]:
    """For every hand ended by a knock: the players who began a turn after the knock."""
    out = []
    for st in states:
        after: list[int] | None = None
        for e in st.events:
            if e.kind == "knock":
                after = []
            elif e.kind == "action" and after is not None and e.data["step"] == "choose":
                after.append(e.player)
            elif e.kind == "hand_end":
                if after is not None and e.data["reason"] == "knock":
                    out.append(after)
                after = None
    return out


def test_a_scratch_closing_rule_lets_only_the_next_player_play(scratch, tmp_path):
    """After a knock only the seat after the knocker plays, once: greedy and mc play it, and
    the table tells the knock in the rule's words; under `others_once` every other player
    still in the game does."""
    scratch(*scratch_knock.UNITS)
    path = _file(tmp_path, KNOCK_FILE)
    rules = load(path)
    turns = _turns_after_knocks(_games(rules, "greedy", range(3)))
    assert len(turns) >= 5 and all(len(t) == 1 for t in turns), turns
    plain = _turns_after_knocks(_games(load("trentuno"), "greedy", range(3)))
    assert max(len(t) for t in plain) == 3  # every other player still in the game
    assert all(len(t) == 1 for t in _turns_after_knocks([_one_hand(rules, "mc:iterations=4",
                                                                   s) for s in range(2)]))
    plain_path = _file(tmp_path, "extends: trentuno\n", "plain")
    for lang, knocks in (("en", " knocks."), ("it", " bussa.")):
        told = _movers_after_knocks(_watched(path, lang, 1), knocks)
        assert told and all(len(movers) == 1 for movers in told), (lang, told)
        plain_told = _movers_after_knocks(_watched(plain_path, lang, 1), knocks)
        assert max(map(len, plain_told)) > 1, (lang, plain_told)


def _movers_after_knocks(watched: str, knocks: str) -> list[set[str]]:
    """For every knock the table tells: the seats it tells a move of, until the hand's end."""
    out: list[set[str]] = []
    movers: set[str] | None = None
    for line in watched.splitlines():
        if line.endswith(knocks) and " (greedy)" in line:
            movers = set()
        elif line.startswith("──") and movers is not None:
            out.append(movers)
            movers = None
        elif movers is not None and " (greedy) " in line:
            movers.add(line.split(" (greedy) ")[0])
    return out


def _taken(states: list[Any]) -> list[int]:
    """How many table cards each capture took."""
    return [len(e.data["cards"]) - 1 for st in states for e in st.events
            if e.kind == "action" and e.data["kind"] == "capture" and len(e.data["cards"]) > 1]


def test_score_taken_asks_a_narrowing_take_rule_whether_cards_are_one_capture(scratch,
                                                                             tmp_path):
    """`score --taken` scores cards as one capture only when the capture's lister would offer
    it: with `scratch_at_most: 1` a Seven no longer takes a Five and a Two (the lister's
    narrowing applied to the question too); one card it still takes."""
    scratch(*scratch_takes.UNITS)
    path = _file(tmp_path, "extends: cocincina\nturn:\n  steps:\n    play:\n"
                           "      turn-up: {takes: {scratch_at_most: 1}}\n")
    for taken, ok in (("7c 5d 2s", False), ("7c 7d", True)):
        r = CliRunner().invoke(cli, ["score", path, "--taken", taken])
        assert (r.exit_code == 0) == ok, r.output
    r = CliRunner().invoke(cli, ["score", path, "--taken", "7c 5d 2s"])
    assert "as one capture, a Seven cannot take a Five and a Two" in r.output
    r = CliRunner().invoke(cli, ["score", "cocincina", "--taken", "7c 5d 2s"])
    assert r.exit_code == 0, r.output                  # without the rule it is one capture


def test_a_scratch_take_rule_narrows_what_a_card_takes(scratch, tmp_path):
    """With `scratch_at_most: 1` no capture takes two table cards, played by greedy, random and
    mc, and watched; plain Scopa's captures do."""
    scratch(*scratch_takes.UNITS)
    path = _file(tmp_path, TAKES_FILE)
    rules = load(path)
    taken = _taken(_games(rules, "greedy,random", range(2), players=2))
    taken += _taken([_one_hand(rules, "mc:iterations=4", 0, players=2)])
    assert taken and max(taken) == 1, taken
    assert max(_taken(_games(load("scopa"), "greedy,random", range(2), players=2))) > 1
    for lang in ("en", "it"):
        assert _watched(path, lang, 1, players=2)
