"""A scratch take rule (a key of a capture's `takes:`), written as a contributor adds one by
docs/language.md ("Adding a keyword"): one unit, nothing else touched.
`tests/test_scratch_units.py` registers it for its own tests only.

`scratch_at_most: N`: a card takes at most N table cards at a time. It sets no field of the
compiled `Taking` (`field=None`): its compile step gives the closure narrowing what a card
may take, or None when nothing is said (every way of taking stays).
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.keywords import Kind
from trentuno.engine.take_rules import TakeRule


def _at_most(n: int | None, ctx: Any) -> Any:
    if n is None:
        return None
    return lambda deck, card, table, sets: [s for s in sets if len(s) <= n]


AT_MOST = TakeRule(
    kind=Kind.TAKE_RULE, name="scratch_at_most", field=None, default=None,
    description="The most table cards a card takes at a time. Default: no limit.",
    schema={"type": ["integer", "null"], "minimum": 1, "default": None}, compile=_at_most,
    example=1, words={
        "en": {"rule": lambda n, w: "" if n is None else
               f"it takes at most {w.cards(n)} at a time"},
        "it": {"rule": lambda n, w: "" if n is None else
               f"non prende più di {w.cards(n)} alla volta"}})

UNITS = (AT_MOST,)
