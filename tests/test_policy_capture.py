"""Greedy's capture turn written as code (engine/policy_capture.py): move by move, the same
state as the general loop (the moves listed, the greedy bot, the option's play), field by
field, in every capture ruleset on the shelf whose turns it writes, at 2 and 4 players; and a
fault planted in the written turn is caught by the same comparison."""
from __future__ import annotations

from typing import Any

import pytest
from trentuno.engine import policy_capture
from trentuno.engine.bots import compiled_turn, parse_bots
from trentuno.engine.simulate import play_game
from trentuno.engine.state import FIELDS, GameState
from trentuno.engine.variants import builtin_files, load

#: fields that are caches or shared objects, not the game (the written turn leaves `_legal`
#: unlisted: it is compared with a listing made for the comparison)
SKIP = {"rules", "facts", "_views", "_seen_cache", "_legal"}


def fields(st: Any) -> dict[str, Any]:
    """Every field of the state that says something of the game, comparable."""
    out: dict[str, Any] = {}
    for f in FIELDS:
        if f.name in SKIP:
            continue
        value = getattr(st, f.name, None)
        if f.name == "capture" and value is not None:
            value = vars(value)
        elif f.name == "_play_rng" and value is not None:
            value = value.getstate()
        out[f.name] = value
    return out


def _capture_rulesets() -> list[tuple[str, int]]:
    """(ruleset, players) for each capture ruleset on the shelf, at its fewest and most."""
    out = []
    for name in builtin_files():
        rules = load(name)
        if rules.scoring is None:
            continue
        out += [(name, n) for n in sorted({rules.min_players, min(rules.max_players, 4)})]
    return out


CAPTURES = _capture_rulesets()
WRITTEN = [(n, p) for n, p in CAPTURES if compiled_turn(load(n), "greedy", p) is not None]


def first_difference(rules: Any, players: int, seed: int, turn: Any) -> str | None:
    """Plays one game twice in step, one decision at a time: by the written `turn` and by the
    general loop. The first field that differs after a decision, or None."""
    written = GameState(rules, players, seed=seed, record=False, history=False)
    general = GameState(rules, players, seed=seed, record=False, history=False)
    bot = parse_bots("greedy", players, seed)[0]
    play = general.facts.play
    decisions = 0
    while not general.is_over:
        if written.is_over:
            return f"decision {decisions}: the written game is over"
        turn(written)
        action = bot(general, general._legal)
        play[action.option_ref](general, action)
        decisions += 1
        a, b = fields(written), fields(general)
        for name in a:
            if a[name] != b[name]:
                return f"decision {decisions}: {name} {a[name]!r:.80} against {b[name]!r:.80}"
        if not written.is_over and not written.hand_over:
            listed = written._step.legal(written, written.current_player)
            if listed != general._legal:
                return f"decision {decisions}: the moves listed differ"
    return None if written.is_over else "the general game is over first"


def test_the_writer_writes_the_turns_of_scopa_and_its_house_rules():
    """Scopa at both sizes, a game to 15 with the played card, the fewest points winning and
    a four-player Scopone have a written turn."""
    for name, players in [("scopa", 2), ("scopa", 4), ("house/scopa-di-quindici", 4),
                          ("house/scopa-a-perdere", 2), ("house/scopone", 4)]:
        assert (name, players) in WRITTEN


@pytest.mark.parametrize("name,players", WRITTEN)
def test_the_written_turn_plays_the_general_loop_s_games(name, players):
    """Move by move, every field the same, over many seeds."""
    rules = load(name)
    turn = compiled_turn(rules, "greedy", players)
    for seed in range(6):
        assert first_difference(rules, players, seed, turn) is None, (name, players, seed)


@pytest.mark.parametrize("name,players", CAPTURES)
def test_whole_games_end_alike(name, players):
    """The games `simulate` plays (the written turn where there is one) end in the states the
    general loop's games end in, over more seeds."""
    rules = load(name)
    for seed in range(20, 45):
        assert fields(play_game(rules, players, "greedy", seed)) == \
            fields(play_game(rules, players, "greedy", seed, plain=True)), (name, seed)


@pytest.mark.parametrize("name,players", [("cocincina", 2), ("house/asso-piglia-tutto", 4),
                                          ("house/scopa-must-take", 4)])
def test_shapes_it_does_not_know_play_the_general_loop(name, players):
    """A card turned up from a pile, a rank taking the whole table, a rule of the whole hand:
    no written turn."""
    assert compiled_turn(load(name), "greedy", players) is None


def _planted(monkeypatch: Any, attribute: str, value: Any) -> Any:
    """The written turn of Scopa made again with a fault in one of its parts."""
    monkeypatch.setattr(policy_capture, attribute, value)
    return policy_capture.capture_turn(load("scopa"), 27, True)


@pytest.mark.parametrize("fault", ["last taker", "ties", "sweep"])
def test_a_fault_planted_in_the_written_turn_is_caught(monkeypatch, fault):
    """The comparison is not vacuous: a capture that forgets who took last, greedy's ties
    broken the other way, a sweep not counted as an event are each found."""
    if fault == "last taker":
        turn = _planted(monkeypatch, "HAND_CAPTURE",
                        policy_capture.HAND_CAPTURE.replace("cap.last_taker = p", "pass"))
    elif fault == "ties":
        better = policy_capture._better
        turn = _planted(monkeypatch, "_better", lambda keys, most: better(keys, most)
                        .replace(">", ">="))
    else:
        turn = _planted(monkeypatch, "FACT_CODE", {"sweep": "False"})
    rules = load("scopa")
    found = [first_difference(rules, players, seed, turn)
             for players in (2, 4) for seed in range(4)]
    assert any(found), fault
