"""`clone()` copies every field of the game state as its declaration says (engine/state.py
`FIELDS`, from which both `__slots__` and the copy are made): a field added to the state is
copied, and a clone changed in every way a game can change it leaves its original as it was.
"""
from __future__ import annotations

import copy
import random

import pytest
from trentuno.engine import GameState, load
from trentuno.engine.bots import greedy_bot, random_bot
from trentuno.engine.observation import Observation
from trentuno.engine.rules import Action
from trentuno.engine.search import OPTION, SHARE, Field, copier
from trentuno.engine.state import FIELDS

#: shared fields holding a mutable object, which the engine replaces but never changes in place
REPLACED = {"_legal", "_order", "_seen_cache", "_play_rng"}
#: shared fields whose object is the ruleset's, the same for every game of it
OF_THE_RULES = {"rules", "facts", "_step"}
#: lists whose entries a game never changes: logs it only appends to, and the stacked decks
#: it takes whole
ENTRIES_KEPT = {"events", "moves", "deck_orders", "_decks"}


def mid_game(name: str, seed: int, moves: int, record: bool = True) -> GameState:
    rules = load(name)
    state = GameState(rules, rules.default_players, seed=seed, record=record)
    bots = [(greedy_bot if i % 2 else random_bot)(seed + i) for i in range(state.players)]
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bots[state.current_player](state, state.legal_actions()))
    return state


def plain(value, depth: int = 0):
    """A value as plain data that compares by what it holds: a move by its key, a view by its
    player, a random stream by its state, a record object by its fields."""
    if depth > 8:
        return "..."
    if isinstance(value, Action):
        return ("action", value.key())
    if isinstance(value, Observation):
        return ("view", value.player)
    if isinstance(value, random.Random):
        return ("random", value.getstate())
    if isinstance(value, (list, tuple)):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: plain(v, depth + 1) for k, v in value.items()}
    if hasattr(value, "__dict__") and not callable(value):
        return plain(vars(value), depth + 1)
    return copy.deepcopy(value)


def picture(state: GameState) -> dict:
    """Every field's value as plain data (the ruleset's own objects by identity)."""
    return {f.name: id(getattr(state, f.name)) if f.name in OF_THE_RULES else
            plain(getattr(state, f.name)) for f in FIELDS}


def scramble(value, levels: int) -> None:
    """Change a value in place, `levels` deep, in every way a game changes its values."""
    if levels <= 0:
        return
    if isinstance(value, list):
        for item in value:
            scramble(item, levels - 1)
        value.append(-7)
    elif isinstance(value, dict):
        for item in value.values():
            scramble(item, levels - 1)
        value["scrambled"] = [-7]
    elif hasattr(value, "__dict__") and not callable(value):
        for item in vars(value).values():
            scramble(item, levels - 1)


def levels(name: str) -> int:
    """How deep a game may change a field's value in place, so how deep its copy must go: all
    the way down (each hand, each pile a side owns, the capture record's counts), but for the
    lists whose entries stay as they are."""
    return 1 if name in ENTRIES_KEPT else 5


def test_the_slots_are_the_declared_fields():
    names = [f.name for f in FIELDS]
    assert len(names) == len(set(names)), "a field is declared twice"
    assert tuple(names) == GameState.__slots__


@pytest.mark.parametrize("name, moves", [("trentuno", 15), ("scat", 9), ("scopa", 7),
                                         ("cocincina", 11), ("house/schwimmen-dealer-choice", 5),
                                         ("house/highest-wins", 12)])
@pytest.mark.parametrize("record", [True, False])
def test_a_clone_changed_in_every_field_leaves_the_original_as_it_was(name, moves, record):
    state = mid_game(name, 3, moves, record)
    state.observation(0)  # fields made when asked are set too
    state._knowledge()
    before = picture(state)
    twin = state.clone()
    for f in FIELDS:
        value = getattr(twin, f.name)  # AttributeError: the clone did not set it
        if f.copy == SHARE and f.name not in REPLACED | OF_THE_RULES:
            assert value is None or isinstance(value, (int, float, str, tuple)), \
                f"{f.name} is shared with the original and can be changed in place"
        if f.name in REPLACED | OF_THE_RULES:
            continue
        scramble(value, levels(f.name))
        if f.copy != OPTION:
            setattr(twin, f.name, value)
    assert picture(state) == before


def test_a_clone_of_a_clone_plays_the_same_game():
    state = mid_game("scat", 8, 6)
    twin = state.clone().clone(record=True)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not state.is_over:
        a, b = state.legal_actions(), twin.legal_actions()
        assert [x.key() for x in a] == [x.key() for x in b]
        i = rng_a.randrange(len(a))
        assert i == rng_b.randrange(len(b))
        state.apply(a[i])
        twin.apply(b[i])
    assert twin.events == state.events and twin.returns() == state.returns()


@pytest.mark.parametrize("field", [Field("x = 1\nimport os", SHARE), Field("hands", "os.{f}")])
def test_the_copy_is_written_only_of_names_and_known_templates(field):
    # the generated copy takes no other text: a name that is not one, or an unknown template
    with pytest.raises(ValueError):
        copier([field])
