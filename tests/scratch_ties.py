"""A scratch tie policy, written as a contributor adds one by docs/language.md ("Adding a
keyword"): one unit, nothing else touched. `tests/test_scratch_units.py` registers it for its
own tests only.

`scratch_nearest_pays`: when several players must pay, only the first of them in the order of
play (the nearest to the dealer's left) pays.
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.keywords import Kind
from trentuno.engine.settlement import Policy
from trentuno.engine.stakes_modes import PAYERS


def _nearest(st: Any, chosen: list[int], outcome: str) -> list[int]:
    if len(chosen) < 2:
        return chosen
    return [min(chosen, key=lambda q: (q - st.dealer - 1) % st.players)]


NEAREST_PAYS = Policy(
    kind=Kind.TIE_POLICY, name="scratch_nearest_pays", chooses=frozenset((PAYERS,)),
    description="of the players who must pay, only the first after the dealer pays",
    schema=None, compile=lambda param, ctx: _nearest,
    words={"en": {"ties": lambda x, w: "if several players must pay, only the first of them "
                                       "after the dealer pays"},
           "it": {"ties": lambda x, w: "se devono pagare più giocatori, paga solo il primo di "
                                       "loro dopo il mazziere"}})

UNITS = (NEAREST_PAYS,)
