"""A scratch pattern kind, written as a contributor adds one by docs/language.md ("Adding a
keyword"): one unit, nothing else touched. `tests/test_scratch_units.py` registers it for its
own tests only.

`scratch_rainbow` matches a hand whose cards are of `suits` different suits, worth the sum of
their values (`value: sum`), of no suit (no suit tie-break applies).
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.keywords import Kind
from trentuno.engine.patterns import PatternKind


def _rainbow(params: Any, ctx: Any) -> Any:
    deck, want = ctx.deck, params["suits"]

    def match(cards: Any) -> Any:
        if len({deck.cards[c].suit for c in cards}) != want:
            return None
        return sum(deck.cards[c].value for c in cards), ()
    return match


RAINBOW = PatternKind(
    kind=Kind.PATTERN_KIND, name="scratch_rainbow",
    description="every card of a different suit",
    schema={"properties": {"suits": {"type": "integer", "minimum": 1,
                                     "description": "how many different suits."}},
            "required": ["suits"]},
    compile=_rainbow, example={"suits": 3},
    cost=lambda params, n: 1.0 + 0.3 * n,  # one pass over the cards, as `same_rank`
    words={"en": {"text": lambda p, w: f"cards of {w.num(p['suits'])} different suits"},
           "it": {"text": lambda p, w: f"carte di {w.num(p['suits'])} semi diversi"}})

UNITS = (RAINBOW,)
