"""trentuno.openspiel (the `openspiel` extra): every built-in passes OpenSpiel's own
`random_sim_test` through the shipped registration, with explicit and sampled chance, over one
hand and (for a few) whole games, and OpenSpiel's ISMCTS plays through it. Skipped, with the
reason in the summary, when the extra is not installed."""
from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install '.[openspiel]' to run these")
np = pytest.importorskip("numpy", reason="numpy comes with OpenSpiel")

from trentuno import openspiel  # noqa: E402
from trentuno.engine import builtin_files, load  # noqa: E402

NAMES = sorted(builtin_files())


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_over_one_hand(name, chance):
    game = openspiel.register(name, chance=chance, horizon="hand", seed=3)
    assert game.get_type().short_name == "trentuno_" + load(name).name.replace("-", "_")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["trentuno", "scat", "schwimmen"])
def test_random_sim_test_over_whole_games(name):
    game = openspiel.register(name, chance="explicit", horizon="game", seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    game = openspiel.register(name, chance="sampled", horizon="game", seed=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_ismcts_plays_through_the_wrapper():
    from open_spiel.python.algorithms import ismcts, mcts
    game = openspiel.register("trentuno", players=4, horizon="hand", seed=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                           random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 6:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[0][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0


def test_a_clone_shares_the_compiled_ids_and_rules():
    # pyspiel clones a Python state by deep-copying each attribute: a copy of the action ids
    # and the compiled rules at every clone made random_sim_test of Scopa take two minutes
    game = openspiel.register("scopa", horizon="hand", seed=3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy._g is state._g
    assert copy.engine is not state.engine and copy.engine.rules is state.engine.rules
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)


def test_cfr_example_solves_a_hand_with_a_forced_end():
    # examples/cfr.py: OpenSpiel's CFR on one hand of examples/tiny-thirty-one.yaml, whose
    # round-limit trigger (a showdown after the first turn of round 2) makes the tree finite
    import importlib.util
    import io
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "examples" / "cfr.py"
    spec = importlib.util.spec_from_file_location("cfr_example", path)
    assert spec is not None and spec.loader is not None
    cfr = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cfr)
    out = io.StringIO()
    convs = cfr.solve(cfr.HERE / "tiny-thirty-one.yaml", iterations=6, every=2, out=out)
    assert len(convs) == 3 and all(c >= 0 for c in convs)
    assert convs[-1] < convs[0]   # the average policy nears an equilibrium
    assert "NashConv" in out.getvalue()
