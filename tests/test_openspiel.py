"""trentuno.openspiel (the `openspiel` extra): every built-in passes OpenSpiel's own
`random_sim_test` through the shipped registration, with explicit and sampled chance, over one
hand and (for a few) whole games, with serialization, and OpenSpiel's ISMCTS plays through
it. Skipped, with the reason in the summary, when the extra is not installed."""
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
    # with serialization: pyspiel pickles a Python state's attributes and loads them back
    game = openspiel.register(name, chance=chance, horizon="hand", seed=3)
    assert game.get_type().short_name == "trentuno_" + load(name).name.replace("-", "_")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["trentuno", "scat", "schwimmen"])
def test_random_sim_test_over_whole_games(name):
    game = openspiel.register(name, chance="explicit", horizon="game", seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    game = openspiel.register(name, chance="sampled", horizon="game", seed=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


OTHER_PROCESS = """
import sys
import pyspiel
from trentuno import openspiel
openspiel.register(sys.argv[1])
game, state = pyspiel.deserialize_game_and_state(sys.stdin.read())
while not state.is_terminal():
    state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                       else state.legal_actions()[0])
print(state.history(), state.returns())
"""


def test_a_serialized_state_plays_on_identically_in_another_process():
    # explicit chance, held in the middle of a reshuffle: the state travels as
    # pyspiel.serialize_game_and_state writes it (its attributes pickled, the ruleset by its
    # document) and plays on alike where only the ruleset is registered
    import subprocess
    import sys
    from pathlib import Path
    path = str(Path(__file__).resolve().parent / "unseen" / "trentuno-short-stock.yaml")
    game = openspiel.register(path, chance="explicit", horizon="hand")
    state = game.new_initial_state()
    while state._held is None or len(state._drawn) < 2:
        state.apply_action(state.chance_outcomes()[-1][0] if state.is_chance_node()
                           else state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    here = state.clone()
    while not here.is_terminal():
        here.apply_action(here.chance_outcomes()[0][0] if here.is_chance_node()
                          else here.legal_actions()[0])
    out = subprocess.run([sys.executable, "-c", OTHER_PROCESS, path], input=text,
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"{here.history()} {here.returns()}"


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


def _deal(state, order, dealer=0):
    """Explicit chance: the first dealer, then the deck, top card first."""
    if state.is_chance_node() and state._needs_dealer():
        state.apply_action(dealer)
    for card in order:
        assert state.is_chance_node()
        state.apply_action(card)


def _stacked(rules, cards):
    """A deck order (top card first) that deals these three cards to one seat of four."""
    codes = rules.deck.codes(range(len(rules.deck.cards)))
    won = [codes.index(c) for c in cards]
    order = [c for c in range(len(codes)) if c not in won]
    for at, card in zip((0, 4, 8), won):   # one card a seat, three rounds
        order.insert(at, card)
    return order


def test_a_reshuffle_is_a_chance_node_whose_order_is_dealt():
    # nobody knocks: each player draws from the stock and throws the drawn card away, until
    # the stock runs out and the discards under the top card are shuffled into a new stock
    from trentuno.engine.roles import KNOCK
    game = openspiel.register("trentuno", players=4, chance="explicit", horizon="hand")
    g = openspiel.config_of(game)
    state = game.new_initial_state()
    _deal(state, range(len(g.rules.deck.cards)))
    while not state.is_chance_node():
        st = state.engine
        acts = [a for a in st.legal_actions() if a.role is not KNOCK]
        draw = [a for a in acts if a.kind == "draw" and a.zone == st.rules.rest_zone]
        move = draw[0] if draw else next(a for a in acts if a.cards == (st.just_drawn,))
        pile = list(st.zones["discard"])
        state.apply_action(g.space.id_of(move))
    assert not state.engine.zones["stock"] and state.engine.zones["discard"] == pile
    # the move held is the discard that empties the turn; the cards under the top one are
    # the outcomes, each equally likely, and the state says it is drawing them
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == sorted(pile) and len(pile) > 20
    assert all(abs(p - 1 / len(pile)) < 1e-12 for _, p in outcomes)
    assert "reshuffling" in str(state)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, pile[0]).startswith("reshuffle ")
    given = sorted(pile, reverse=True)       # the new stock, top card first
    for card in given[:-1]:
        state.apply_action(card)
        assert state.is_chance_node()
    state.apply_action(given[-1])
    assert not state.is_chance_node()
    st = state.engine
    assert st.zones["stock"] == given[::-1]  # the engine keeps a zone's top card last
    drawn = []
    for _ in range(3):                       # the next three draws from the stock
        draw = next(a for a in st.legal_actions()
                    if a.kind == "draw" and a.zone == st.rules.rest_zone)
        state.apply_action(g.space.id_of(draw))
        drawn.append(st.just_drawn)
        state.apply_action(g.space.id_of(next(a for a in st.legal_actions()
                                              if a.cards == (st.just_drawn,))))
    assert drawn == given[:3]


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
def test_a_hand_won_as_dealt_is_a_terminal_state_that_pays_the_hand(chance):
    # a one-hand game whose deal gives a seat 31 ends at once: the initial state (sampled) or
    # the state after the last card dealt (explicit) is terminal and pays the lives lost
    from trentuno.engine import GameState
    rules = load("house/ties-high-card")
    if chance == "sampled":   # seed 2303 deals the second seat 31
        game = openspiel.register(rules, players=4, chance=chance, horizon="hand", seed=2303)
        state = game.new_initial_state()
        dealt = GameState(rules, 4, seed=2303, stop_at_hand_end=True)
    else:
        order = _stacked(rules.for_players(4), ("Ah", "Kh", "Qh"))   # 31
        game = openspiel.register(rules, players=4, chance=chance, horizon="hand")
        state = game.new_initial_state()
        _deal(state, order)
        dealt = GameState(rules, 4, seed=0, decks=[order], dealer=0, stop_at_hand_end=True)
    assert dealt.hand_over and 31 in [dealt.hand_value(p) for p in range(4)]
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    paid = [float(x - rules.stakes.lives) for x in dealt.lives]
    assert state.returns() == paid and sorted(paid) == [-1.0, -1.0, -1.0, 0.0]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
