"""A one-card `swap` in a blind opening (`turn.opening.blind`): the dealer, who has not seen
his hand, cannot tell his own cards apart, so he chooses only the table card he takes (one
move each, his first card given), as `swap_cards` does; three table cards are three choices,
not nine that read alike, and the moves are the same in a search's world where his hand was
dealt again."""
from __future__ import annotations

import random
from pathlib import Path

from test_overlays import valid, write
from trentuno.cli.table import TableView
from trentuno.engine.action_ids import action_space
from trentuno.engine.record import record_of, replay
from widow_helpers import new_game, play

RULE = """
extends: house/schwimmen-blind-choice
name: scratch-blind-swap
turn:
  steps:
    choose-hand:
      swap-one: {before: take-table, do: swap, with: table}
"""


def _state(tmp_path: Path):
    rules = valid(write(tmp_path / "blind-swap.yaml", RULE))
    return new_game(rules, dealer=0, players=4, hands={0: "Ac Kc 9c"},
                    zones={"table": "Kh Qh 8h"})


def test_the_blind_dealer_has_one_swap_per_table_card_in_both_languages(tmp_path):
    state = _state(tmp_path)
    assert state.unseen_hand() == 0
    swaps = [a for a in state.legal_actions() if a.kind == "swap"]
    assert len(swaps) == 3
    for lang in ("en", "it"):
        said = [text for a, text in TableView(state.rules, lang, seat=0).choices(
            state, state.legal_actions()) if a.kind == "swap"]
        assert len(said) == len(set(said)) == 3, said
        assert not any(c in text for text in said for c in ("Ac", "Kc", "9c"))


def test_the_blind_swap_gives_his_first_card_and_is_the_same_in_every_world(tmp_path):
    state = _state(tmp_path)
    deck = state.rules.deck
    space = action_space(state.rules, 4)
    ids = state.legal_action_ids()
    rng = random.Random(3)
    for _ in range(6):  # his hand dealt again: the same moves, the same ids
        assert state.resample(0, rng).legal_action_ids() == ids
    first = state.hands[0][0]
    take = next(a for a in state.legal_actions()
                if a.kind == "swap" and deck.codes(a.cards) == ["Qh"])
    assert space.to_string(space.id_of(take)).endswith(" Qh")
    play(state, take, seat=0)
    assert deck.parse("Qh") in state.hands[0] and first not in state.hands[0]
    assert first in state.zones["table"]
    assert state.masks[0] == state.mask(state.hands[0])
    record = record_of(state)   # recorded by the table card alone, and replayed
    assert record["hands"][0]["moves"][0]["cards"] == ["Qh"]
    again = replay(record, state.rules)
    assert again.hands == state.hands and again.zones == state.zones


def test_greedy_blind_takes_the_one_table_card_worth_an_unseen_card():
    # Commerce's dealer, not having seen his hand, before a table of Ah 7c 8d: the whole table
    # (11) is below the middle hand, so greedy kept his unseen hand; the Ace with two of the
    # cards he cannot see makes more than the middle hand, so he exchanges one card for it,
    # whatever his unseen hand holds, from the live state and from the frozen view alone
    from test_overlays import base_and_house
    from trentuno.engine import parse_bots
    from trentuno.engine.frozen_view import act_from_observation
    rules = base_and_house("house/commerce-blind-swap")[1]
    picks = []
    for hand, other in (("Ac Kc 9c", "7s 8s 9s"), ("7s 8s 9s", "Ac Kc 9c")):
        state = new_game(rules, dealer=0, players=4, hands={0: hand, 2: other},
                         zones={"table": "Ah 7c 8d"})
        bot = parse_bots("greedy", 4)[0]
        a = bot(state, state.legal_actions())
        b = act_from_observation(parse_bots("greedy", 4)[0], state.rules,
                                 state.observation(0).frozen(), state.legal_actions())
        assert a is b
        picks.append((a.kind, state.rules.deck.codes(a.cards)))
    assert picks == [("swap_cards", ["Ah"])] * 2
