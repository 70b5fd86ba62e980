"""From a schema-valid document to a compiled `Ruleset`, with the checks a schema cannot make.

The schema says a pattern's `ranks` is a list of rank codes; only here do we know the deck, so
only here can "the deck has no rank X" be said. Every such problem is collected with the path
of the node that caused it (so the caller can point at file:line:column), and compilation goes
on to find the others: an author fixes a file in one pass, not one error at a time.

This module holds the entry points; the work is done in parts a reader can find by name
(docs/architecture.md): `compilation` (the problems and the checks every part shares),
`compile_deck` (the deck and hand values), `compile_turn` (zones, the deal, the turn's steps
and options, the knock), `compile_triggers`, `compile_stakes` (the stakes mode and
settlement), `compile_seating`, `compile_capture` (scoring of taken cards, owned zones), and
`compile_ruleset`, which runs them in order and makes the `Ruleset`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import cards as cards_mod
from .compilation import MAX_PAYMENT, Compilation, CompileProblems
from .compile_deck import compile_deck, compile_valuation
from .patterns import Valuation

if TYPE_CHECKING:
    from .rules import Ruleset

#: MAX_PAYMENT: the most one hand may cost (`compilation.MAX_PAYMENT`), read by utility.py
__all__ = ["MAX_PAYMENT", "CompileProblems", "HandRules", "compile_document", "compile_hands"]


def compile_document(data: Mapping, source: str = "<rules>", source_path: str = "") -> Ruleset:
    """Compile a schema-valid document; raises CompileProblems listing every problem."""
    from .compile_ruleset import RulesetCompiler  # the game's parts: `score` needs only hands

    return RulesetCompiler(data, source, source_path).compile()


class HandRules:
    """What `score` needs of a ruleset: its name, deck and hand values (see `compile_hands`).
    A plain class: a dataclass costs a millisecond of start-up to define."""

    scoring = None  # hands are valued, not taken cards (capture games get a full `Ruleset`)

    def __init__(self, name: str, deck: cards_mod.Deck, valuation: Valuation):
        self.name = name
        self.deck = deck
        self.valuation = valuation
        self.hand_size = valuation.hand_size


def compile_hands(data: Mapping) -> HandRules | None:
    """The deck and hand values of a document already found valid, compiled without the turn,
    the stakes or any game class; None when the document is not one that this can serve (it
    scores taken cards, or something is not as it was when found valid): compile it whole."""
    if data.get("scoring") is not None or (data.get("deck") or {}).get("copies_by_players"):
        return None  # taken cards, or a deck by the number of players (`score --players`)
    compilation = Compilation(data, "<rules>")
    deck = compilation.deck_ = compile_deck(compilation)  # as `compile`: units see the deck
    if deck is None:
        return None
    valuation = compile_valuation(compilation, deck)
    if valuation is None or compilation.problems:
        return None
    return HandRules(str(data.get("name", "unnamed")), deck, valuation)
