"""House rules the project does not ship (tests/unseen/*.yaml), each combining features the
built-ins do not combine: two packs with wild jokers for penalty points, a short stock
reshuffled mid-hand, a deal that leaves no stock (so the deal itself reshuffles), a capture
game for two and three players alone, a capture game from one's own piles where the fewest
points win, a blind opening with multi-card swaps and a 31 that must be declared, passing
that puts a player out of the hand for a pot, the widow for lives, four-card hands with runs
and valued jokers for points by place. Each runs through both
wrappers as a researcher would: OpenSpiel's `random_sim_test` with explicit and sampled chance
over one hand and a whole game, PettingZoo's `api_test`, `seed_test` and `render_test`, at
its fewest players and its default. Skipped, with the reason, without the extras."""
from __future__ import annotations

import contextlib
import io
import random
import warnings
from pathlib import Path

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install '.[openspiel]' to run these")
pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install '.[pettingzoo]' to run these")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from trentuno import openspiel, pettingzoo  # noqa: E402
from trentuno.engine import load  # noqa: E402

UNSEEN = sorted((Path(__file__).resolve().parent / "unseen").glob("*.yaml"))


def _cases() -> list:
    out = []
    for path in UNSEEN:
        rules = load(str(path))
        for n in sorted({rules.min_players, rules.default_players}):
            out.append(pytest.param(path, n, id=f"{path.stem}-{n}"))
    return out


CASES = _cases()


def test_the_unseen_rules_are_many_and_not_shipped():
    from trentuno.engine import builtin_files
    names = {load(str(p)).name for p in UNSEEN}
    assert 6 <= len(names) <= 10
    assert not names & {load(b).name for b in builtin_files()}


@pytest.mark.parametrize(("path", "players"), CASES)
def test_openspiel_random_sim_test(path, players):
    rules = load(str(path))
    for chance in ("explicit", "sampled"):
        for horizon in ("hand", "game"):
            game = openspiel.register(rules, players=players, chance=chance,
                                      horizon=horizon, seed=players)
            pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("path", "players"), CASES)
def test_pettingzoo_api_seed_and_render_tests(path, players):
    rules = load(str(path))
    for horizon in ("game", "hand"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its advice on Dict spaces, which masks need
            api_test(pettingzoo.env(rules, players=players, horizon=horizon, seed=5),
                     num_cycles=100, verbose_progress=False)
            seed_test(lambda h=horizon: pettingzoo.env(rules, players=players, horizon=h),
                      num_cycles=50)
    with contextlib.redirect_stdout(io.StringIO()):   # the human mode prints
        render_test(lambda render_mode=None: pettingzoo.env(rules, players=players,
                                                             render_mode=render_mode))


def test_explicit_chance_draws_every_mid_hand_reshuffle():
    # the short stock runs out several times a hand: each time a chain of chance nodes, one
    # per card reshuffled, each card left equally likely, and the stock gets the order drawn
    rules = load(str(Path(__file__).resolve().parent / "unseen" / "trentuno-short-stock.yaml"))
    game = openspiel.register(rules, chance="explicit", horizon="hand")
    rng = random.Random(1)
    reshuffles = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            held = state._held is not None
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert len({p for _, p in outcomes}) == 1
            if held and state._drawn == []:
                reshuffles += 1
                drawn: list[int] = []
            card = rng.choice([c for c, _ in outcomes])
            if held:
                drawn.append(card)
                assert sorted(c for c, _ in outcomes) == sorted(set(state._held[1]) -
                                                                 set(drawn[:-1]))
            state.apply_action(card)
            if held and state._held is None:   # the move is played: the new stock, top first
                assert state.engine.zones["stock"][::-1] == drawn
    assert reshuffles >= 3


def _explicit_play(game, rng: random.Random) -> tuple[list[str], list[list[int]], set]:
    """A whole explicit-chance game of random choices: each state's text, the orders drawn
    for reshuffles held before a deal (top card first), and whether such a deal was the
    first (the state not made yet) or a later one."""
    state, seen, firsts = game.new_initial_state(), [], set()
    deal_reshuffles: list[list[int]] = []
    while not state.is_terminal():
        seen.append(str(state))
        if not state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        held = state._held
        if held is not None and held[0] is None and not state._drawn:
            deal_reshuffles.append([])
            firsts.add(state.engine is None)
        card = rng.choice([c for c, _ in state.chance_outcomes()])
        if held is not None and held[0] is None:
            deal_reshuffles[-1].append(card)
        state.apply_action(card)
        if held is not None and held[0] is None and state._held is None:
            # dealt: the stock is the order drawn, top first, before anybody has moved
            assert state.engine.zones["stock"][::-1] == deal_reshuffles[-1]
            assert state.engine.turns_in_hand == 0
    return seen, deal_reshuffles, firsts


def test_explicit_chance_draws_a_reshuffle_made_by_the_deal():
    # dealt out, the first player to draw turns the discards over as the stock while the hand
    # is being dealt: with explicit chance that order is chance nodes too (each hand's, the
    # first dealt as the state is made and the next ones by next_hand), so the game's seed
    # plays no part and the same outcomes give the same game
    rules = load(str(Path(__file__).resolve().parent / "unseen" / "trentuno-dealt-out.yaml"))
    one = openspiel.register(rules, chance="explicit", horizon="game", seed=1)
    two = pyspiel.load_game(one.get_type().short_name,
                            {"players": 3, "chance": "explicit", "horizon": "game", "seed": 2})
    seen, reshuffles, firsts = _explicit_play(one, random.Random(3))
    assert all(len(r) == 14 for r in reshuffles) and firsts == {True, False}
    assert _explicit_play(two, random.Random(3)) == (seen, reshuffles, firsts)
