"""Scratch guards, written as a contributor adds one by docs/language.md ("Adding a keyword"):
one unit each, nothing else touched. `tests/test_scratch_units.py` registers them for its own
tests only.

* `scratch_suits_at_most` holds when the acting player's hand has at most N suits: it reads the
  player's hand (`Reads.PLAYER`), so the compiler refuses it where nobody is acting (a trigger
  checked as the cards are dealt), by what it reads, never by its name;
* `scratch_stock_at_least` holds while the stock holds at least N cards: it reads the table, and
  is accepted there.
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.guards import GuardUnit, Reads
from trentuno.engine.keywords import Kind

COUNT = {"type": "integer", "minimum": 1}


def _suits_at_most(n: int, ctx: Any) -> Any:
    deck = ctx.deck
    return lambda st, p: len({deck.cards[c].suit for c in st.hands[p]}) <= n


SUITS_AT_MOST = GuardUnit(
    kind=Kind.GUARD, name="scratch_suits_at_most", reads=Reads.PLAYER,
    description="The player's hand holds cards of at most this many suits.",
    schema=COUNT, compile=_suits_at_most, example=1, words={
        "en": {"adverb": lambda n, w: f"only with a hand of at most {w.num(n)} suits",
               "clause": lambda n, w: f"his hand holds at most {w.num(n)} suits"},
        "it": {"adverb": lambda n, w: f"solo con una mano di al massimo {w.num(n)} semi",
               "clause": lambda n, w: f"la sua mano ha al massimo {w.num(n)} semi"}})


def _stock_at_least(n: int, ctx: Any) -> Any:
    return lambda st, p: len(st.zones[st.rules.rest_zone]) >= n


STOCK_AT_LEAST = GuardUnit(
    kind=Kind.GUARD, name="scratch_stock_at_least", reads=Reads.TABLE,
    description="The stock holds at least this many cards.",
    schema=COUNT, compile=_stock_at_least, example=10, words={
        "en": {"adverb": lambda n, w: f"only while the stock holds at least {w.cards(n)}",
               "clause": lambda n, w: f"the stock holds at least {w.cards(n)}"},
        "it": {"adverb": lambda n, w: f"solo finché nel tallone ci sono almeno {w.cards(n)}",
               "clause": lambda n, w: f"nel tallone ci sono almeno {w.cards(n)}"}})

UNITS = (SUITS_AT_MOST, STOCK_AT_LEAST)
