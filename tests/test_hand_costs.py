"""What a hand's start and end cost when nothing is recorded: simulations play thousands of
hands with `record` off, so the deal and the settlement build no event (an event's keywords
are a dict made at each call) and a capture game's deal walks no ruleset data again; with
`record` on, the same games record every one of those events."""
from __future__ import annotations

import random

import pytest
from trentuno.engine import owned
from trentuno.engine.simulate import run_games
from trentuno.engine.state import GameState
from trentuno.engine.variants import load

#: the modules a hand starts and ends in (the turn's own code records what it plays)
HAND_MODULES = ("hands", "settlement", "stakes", "stakes_modes", "dealing", "owned")


def _emit_callers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The modules that call `GameState.emit` from now on."""
    import sys
    callers: list[str] = []
    real = GameState.emit

    def emit(self: GameState, *args: object, **kwargs: object) -> None:
        callers.append(sys._getframe(1).f_globals["__name__"].rsplit(".", 1)[-1])
        real(self, *args, **kwargs)
    monkeypatch.setattr(GameState, "emit", emit)
    return callers


@pytest.mark.parametrize("name", ["trentuno", "trentuno-vedova", "scopa", "scat"])
def test_unrecorded_hands_build_no_events(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played with nothing recorded: no hand start, end or payment calls `emit`; a game
    recorded still records its deals, settlements, payments and end."""
    rules = load(name)
    callers = _emit_callers(monkeypatch)
    summary = run_games(rules, 0, 6, rules.min_players, "greedy", 1)
    assert summary.games == 6
    assert [c for c in callers if c in HAND_MODULES] == []
    st = GameState(rules, rules.min_players, seed=5)
    rng = random.Random(5)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    kinds = {e.kind for e in st.events}
    assert {"deal", "hand_end", "settled", "game_over"} <= kinds
    assert kinds & {"points", "life_lost", "pot"}


def test_capture_deal_walks_no_zones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A capture game's owned zones are worked out once per ruleset, not at every deal; each
    deal still gets its own empty piles."""
    rules = load("scopa")
    GameState(rules, 4, seed=1, record=False)  # the first game works them out
    calls: list[object] = []
    real = owned._owned

    def counted(r: object) -> tuple[tuple[str, bool], ...]:
        calls.append(r)
        return real(r)
    monkeypatch.setattr(owned, "_owned", counted)
    st = GameState(rules, 4, seed=2, record=False)
    while not st.is_over and st.hand_number < 3:
        st.apply(st.legal_actions()[0])
    assert calls == []
    piles = [p for ps in st.own.values() for p in ps]
    assert len({id(p) for p in piles}) == len(piles)


def test_the_cut_draws_as_random_sample_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cut for the first deal is drawn in one loop, not by `Random.sample`'s Python layer
    (every simulated game cuts), and still draws the very cards `sample` draws: same first
    dealers."""
    from trentuno.engine.dealing import _cut
    for seed in range(300):
        for n, k in ((40, 4), (52, 5), (32, 2), (20, 4), (52, 8)):
            assert _cut(random.Random(seed), n, k) == random.Random(seed).sample(range(n), k)
    rules = load("trentuno")
    assert rules.first_dealer == "highest_cut"
    dealers = [GameState(rules, 4, seed=s, record=False).dealer for s in range(40)]

    def refused(*args: object, **kwargs: object) -> list[int]:
        raise AssertionError("the cut called Random.sample")
    monkeypatch.setattr(random.Random, "sample", refused)
    assert [GameState(rules, 4, seed=s, record=False).dealer for s in range(40)] == dealers
