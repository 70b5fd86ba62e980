"""A scratch trigger condition and a scratch trigger outcome, written as a contributor adds one
by docs/language.md ("Adding a keyword"): one unit each, nothing else touched.
`tests/test_scratch_units.py` registers them for its own tests only.

* `scratch_stock_at_most: N` holds when the stock holds at most N cards: a condition on the
  table, so it finds no holders (an empty list);
* `scratch_truce: ROUND` ends the hand void from round ROUND on ("a truce"), with a hand-end
  reason of its own, which its unit words for the table and names for simulate; before that
  round it does nothing;
* `scratch_worth_at_least: N` holds when the acting player's hand is worth at least N, and
  says whether any hand of the rules is (`may_hold`), which the lint asks.
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.hand_ends import Ending
from trentuno.engine.keywords import Kind
from trentuno.engine.triggers import ConditionUnit, OutcomeUnit

COUNT = {"type": "integer", "minimum": 1}


def _stock_at_most(n: int, ctx: Any) -> Any:
    return lambda st, p: [] if len(st.zones[st.rules.rest_zone]) <= n else None


STOCK_AT_MOST = ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="scratch_stock_at_most",
    description="The stock holds at most this many cards.", schema=COUNT,
    compile=_stock_at_most, example=20, words={
        "en": {"clause": lambda n, w: f"the stock holds at most {w.cards(n)}"},
        "it": {"clause": lambda n, w: f"nel tallone ci sono al massimo {w.cards(n)}"}})

TRUCE_TOLD = {"en": "A truce: the hand ends and nobody pays.",
              "it": "Tregua: la mano finisce e nessuno paga."}


def _truce(round_: int, ctx: Any) -> Any:
    def run(st: Any, trig: Any, holders: list, on: str) -> bool:
        if st.round < round_:
            return False
        st._end_hand("void", [], "scratch_truce")
        return True
    return run


TRUCE = OutcomeUnit(
    kind=Kind.OUTCOME, name="scratch_truce",
    description="from this round on, the hand ends void: nobody pays",
    schema={"type": "integer", "minimum": 1, "description": "The first round of the truce."},
    compile=_truce, example=2, may_end=True,
    ends={"scratch_truce": Ending(told={"void": TRUCE_TOLD}, named={"void": "truce"})},
    words={"en": {"outcome": lambda t, w: f"from round {w.num(t.param)} on the hand ends in a "
                                          f"truce: nobody pays"},
           "it": {"outcome": lambda t, w: f"dal giro {w.num(t.param)} in poi la mano finisce "
                                          f"in tregua: nessuno paga"}})

def _worth_at_least(n: int, ctx: Any) -> Any:
    return lambda st, p: [p] if p is not None and st.hand_value(p) >= n else None


def _some_hand_worth(n: int, rules: Any) -> bool:
    v = rules.valuation
    return any(v.of(c).value >= n for c in v.classes().representatives())


WORTH_AT_LEAST = ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="scratch_worth_at_least",
    description="The acting player's hand is worth at least this.", schema=COUNT,
    compile=_worth_at_least, example=30, finds_holders=True, may_hold=_some_hand_worth,
    words={"en": {"clause": lambda n, w: f"a player's hand is worth at least {w.num(n)}"},
           "it": {"clause": lambda n, w: f"la mano di un giocatore vale almeno {w.num(n)}"}})

UNITS = (STOCK_AT_MOST, TRUCE, WORTH_AT_LEAST)
