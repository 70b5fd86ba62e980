"""A guard that is one expression is tested in line by a step's generated listing, and still
decides as its closure does."""
from __future__ import annotations

import re

from trentuno.engine import GameState, load
from trentuno.engine.guards import GUARDS, expressed


def test_an_expressed_guard_is_its_expression():
    at_least = expressed("st.round >= {n}", n=2)

    class St:
        round = 1
    st = St()
    assert at_least(st, 0) is False
    st.round = 2
    assert at_least(st, 0) is True
    assert at_least.inline == ("st.round >= {n}", {"n": 2})


def test_the_knock_listing_tests_its_guards_in_line_and_offers_the_knock_from_round_two():
    rules = load("trentuno")
    legal = rules.steps["choose"].legal
    # the guards' closures (g<option>_<guard>) are not among what the generated code calls;
    # their values (g<option>_<guard>_<name>) are
    names = legal.__code__.co_names
    assert not [n for n in names if re.fullmatch(r"g\d+_\d+", n)]
    assert [n for n in names if re.fullmatch(r"g\d+_\d+_n", n)]
    st = GameState(rules, 4, seed=3, record=False)
    kinds = [a.kind for a in st.legal_actions()]
    assert "knock" not in kinds and st.round == 1
    while st.round < 2:
        st.apply(st.legal_actions()[0])
    assert "knock" in [a.kind for a in st.legal_actions()]
    assert GUARDS.get("round_at_least") is not None
