"""The independent capture referee (bench/referee_capture.py) agrees with the engine over a
few seeded games of every capture ruleset, and catches a planted engine fault of each kind it
checks, so its agreement is not vacuous."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from trentuno.engine import GameState, load
from trentuno.engine.variants import builtin_files

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _referee():
    spec = importlib.util.spec_from_file_location("bench_referee_capture",
                                                  BENCH / "referee_capture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


REF = _referee()
GAMES = 3  # per player count: some 140 games in all, a few seconds of CPU


def _capture_rulesets() -> list[str]:
    """The shelf's rulesets (`trentuno variants`) that score the cards taken."""
    return [n for n in builtin_files() if load(n).scoring is not None]


def test_every_capture_ruleset_on_the_shelf_has_a_referee_profile():
    """A new capture house rule must be given the referee's reading of it."""
    shelf = _capture_rulesets()
    assert "scopa" in shelf and "house/cirulla" in shelf
    assert sorted(shelf) == sorted(REF.PROFILES)


@pytest.mark.parametrize("name", sorted(REF.PROFILES))
def test_the_referee_agrees_with_the_engine(name):
    tally, faults = REF.referee_ruleset(name, GAMES, seed=11)
    assert faults == []
    assert tally.games == GAMES * len(REF.PROFILES[name].players)
    assert tally.decisions > 0 and tally.captures > 0


def _faults(name: str, rules=None, games: int = 6) -> list[str]:
    return REF.referee_ruleset(name, games, seed=3, rules=rules)[1]


def test_a_take_rule_changed_in_the_engine_is_caught():
    """The engine playing Scopa's free choice of a sum over the fewest cards."""
    faults = _faults("house/scopa-fewest-cards", rules=load("scopa"))
    assert faults and "engine allows" in faults[0]


def test_a_scoring_rule_changed_in_the_engine_is_caught():
    """The engine scoring no napola."""
    faults = _faults("house/scopa-napola", rules=load("scopa"), games=20)
    assert faults and "hand points" in faults[0]


def test_a_legal_move_dropped_by_the_engine_is_caught(monkeypatch):
    real = GameState.legal_actions

    def fewer(self):
        moves = real(self)
        return moves[:-1] if len(moves) > 2 else moves

    monkeypatch.setattr(GameState, "legal_actions", fewer)
    faults = _faults("scopa", games=2)
    assert faults and "forbids" in faults[0]


def test_a_move_offered_twice_is_caught(monkeypatch):
    real = GameState.legal_actions
    monkeypatch.setattr(GameState, "legal_actions", lambda self: real(self) + real(self)[:1])
    faults = _faults("cocincina", games=1)
    assert faults and "twice" in faults[0]


def test_a_scopa_missed_by_the_engine_is_caught(monkeypatch):
    real = GameState.emit

    def forgetful(self, _kind, _player=None, **data):
        if _kind == "take":
            data = {**data, "events": [e for e in data["events"] if e != "scopa"]}
        real(self, _kind, _player, **data)

    monkeypatch.setattr(GameState, "emit", forgetful)
    faults = _faults("cocincina", games=2)
    assert faults and "scopa is True for the referee" in faults[0]


def test_a_cirulla_declaration_missed_by_the_engine_is_caught(monkeypatch):
    real = GameState.emit

    def silent(self, _kind, _player=None, **data):
        if _kind == "dealt_event" and data.get("event") == "cirulla":
            return
        real(self, _kind, _player, **data)

    monkeypatch.setattr(GameState, "emit", silent)
    faults = _faults("house/cirulla", games=3)
    assert faults and "missing" in faults[0]


def test_the_bench_exits_non_zero_on_a_disagreement(monkeypatch, capsys):
    monkeypatch.setitem(REF.PROFILES, "scopa", REF.replace(REF.SCOPA, equal="any"))
    assert REF.main(["--games", "1", "--only", "scopa"]) == 1
    assert "engine" in capsys.readouterr().out


def _stacked(first: list[str], second: list[str], table: list[str]) -> list[str]:
    """A 40-card order, top first, for two players and the dealer at seat 0: seat 1's three
    cards, seat 0's three, then the table's four."""
    deck = [r + s for s in REF.SUITS for r in REF.RANKS]
    fixed = first + second + table
    return fixed + [c for c in deck if c not in fixed]


# (ruleset, seat 1's hand, seat 0's hand, the table, the referee's count that shows it, at least)
RARE_DEALS = [
    ("house/scopa-re-redeal", ["Ac", "2c", "3c"], ["4c", "5c", "6c"], ["Rc", "Rd", "Rb", "7d"],
     "voided", 1),
    ("house/cirulla", ["Ac", "2c", "3c"], ["4c", "5c", "6c"], ["Ab", "Ad", "Rb", "7d"],
     "voided", 1),
    # the dealer's table of 15 (the 7 of cups as a Six) and two declarations
    ("house/cirulla", ["As", "2s", "3s"], ["5b", "5s", "5c"], ["7c", "2d", "3d", "4b"],
     "declarations", 3),
    # the dealer's table of 30 (the 7 of cups as an Ace): two scope
    ("house/cirulla", ["As", "2s", "4s"], ["6b", "5s", "4c"], ["7c", "Rb", "Rd", "Cb"],
     "declarations", 2),
    # a cirulla with the wild Seven, counted (and so played) as an Ace: it sweeps the table
    ("house/cirulla", ["7c", "3d", "5c"], ["6b", "5s", "4c"], ["2d", "4b", "6s", "Fb"],
     "declarations", 1),
]


@pytest.mark.parametrize(("name", "first", "second", "table", "count", "least"), RARE_DEALS)
def test_the_referee_follows_the_rare_deals(name, first, second, table, count, least):
    """The deals random play seldom makes: the referee agrees and has seen them."""
    tally = REF.referee_game(name, 2, 5, decks=[_stacked(first, second, table)])
    assert getattr(tally, count) >= least


def test_the_other_reading_of_scopa_d_assi_parts_from_the_shelf_file(monkeypatch):
    """The referee takes the shelf file's reading of an Ace taking the lone Ace (no scopa);
    the other reading (an equal card's taking, a scopa) disagrees in this game."""
    name = "house/scopa-d-assi"
    REF.referee_game(name, 2, 63354, "random")
    monkeypatch.setitem(REF.PROFILES, name, REF.OTHER_READINGS[name])
    with pytest.raises(REF.Disagreement, match="scopa is True for the referee"):
        REF.referee_game(name, 2, 63354, "random")
