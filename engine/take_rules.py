"""The taking rules a capture's `takes:` may add, one keyword unit each.

The first keys of `takes:` (`equal`, `sums`, `same_rank_only`, `takes_all`, `must`) are said
with the capture itself (primitives, explain_capture). The rules here are the variations of the
fishing family that published rules add to them: a card that takes the cards adding up, with
itself, to a total (15, in some games); no taking by value at all; the combination of the
fewest cards only; capture compulsory for the whole hand; what a card that takes the whole
table (an Ace) does on an empty table, among cards of its own rank, or with only cards of its
own rank left; whether a number card takes a figure of the same value by itself.

Each unit says its schema (with its default), the field of the compiled `Taking` it sets
(`compile`: the value as written -> the field's value) and its words, a clause of the
capture's sentence in `explain` ("" when the value is the default and says nothing new). A
rule that sets no field of its own (`field=None`) narrows what a card may take instead: its
compile step returns a closure `(deck, the card played, the table, the sets it may take) ->
the sets still allowed`, or None when its value allows them all, and the capture's lister
applies it; so a new rule of that sort is one unit here and nothing else.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .keywords import Kind, Registry, Terms, Unit


@dataclass(frozen=True, kw_only=True)
class TakeRule(Unit):
    """A key of `takes:`: the compiled `Taking` field it sets (`field`; None: its compile step
    gives a narrowing closure, see the module) and its default."""
    field: str | None
    default: Any


TAKE_RULES: Registry[TakeRule] = Registry(Kind.TAKE_RULE, forms=("rule",))


def _rule(name: str, field: str, description: str, schema: Mapping[str, Any],
          en: Callable[[Any, Terms], str], it: Callable[[Any, Terms], str], example: Any,
          compile: Callable[[Any, Any], Any] = lambda value, ctx: value) -> TakeRule:
    return TAKE_RULES.add(TakeRule(
        kind=Kind.TAKE_RULE, name=name, description=description, schema=schema,
        compile=compile, field=field, default=schema.get("default"), example=example,
        words={"en": {"rule": en}, "it": {"rule": it}}))


def _n(x: Any) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


_rule("sum_with_played", "with_played",
      "A total (15, in some games): the played card also takes one or more "
      "table cards whose values, added to its own, make it.",
      {"type": ["number", "null"], "minimum": 1, "default": None},
      lambda v, w: "" if v is None else
      f"it may also take cards whose values, with its own, add up to {_n(v)}",
      lambda v, w: "" if v is None else
      f"può anche prendere carte i cui valori, sommati al suo, fanno {_n(v)}",
      example=15)

_rule("by_value", "by_value",
      "false: a card takes nothing by its own value (neither an equal card nor cards adding up "
      "to it), only by `sum_with_played` or `takes_all`. Default true.",
      {"type": "boolean", "default": True},
      lambda v, w: "" if v else "it takes nothing by its own value, neither an equal card nor "
                                "a sum",
      lambda v, w: "" if v else "non prende nulla per il suo valore, né una carta uguale né "
                                "una somma",
      example=False)

_rule("fewest_cards", "fewest",
      "true: of the ways a card takes by its value, only those of the fewest cards are allowed "
      "(a Seven with 3, 4 and 2 + 5 on the table takes 3 + 4 or 2 + 5, not 2 + 1 + 4). Default "
      "false.",
      {"type": "boolean", "default": False},
      lambda v, w: "of the combinations adding up to its value, only those of the fewest cards "
                   "may be taken" if v else "",
      lambda v, w: "fra le combinazioni che fanno il suo valore si possono prendere solo quelle "
                   "col minor numero di carte" if v else "",
      example=True)

_rule("must_per_hand", "hand_must",
      "true: a player may not lay a card on the table while any card of his hand could take "
      "(capture compulsory for the hand, not only for the card played). Default false.",
      {"type": "boolean", "default": False},
      lambda v, w: "a player may not lay a card that takes nothing while another card of his "
                   "could take" if v else "",
      lambda v, w: "non si può calare una carta che non prende finché un'altra carta della mano "
                   "può prendere" if v else "",
      example=True)

_rule("takes_all_on_empty", "keeps_on_empty",
      "What a `takes_all` card played to an empty table does: lay (default: it stays on the "
      "table) or keep (it goes to its side's taken cards, as a capture of nothing; no event).",
      {"type": "string", "enum": ["lay", "keep"], "default": "lay"},
      lambda v, w: "played to an empty table, it is kept among the cards taken" if v == "keep"
      else "",
      lambda v, w: "calato sul tavolo vuoto, va fra le prese" if v == "keep" else "",
      example="keep", compile=lambda value, ctx: value == "keep")

_rule("takes_all_over_same", "over_same",
      "What a `takes_all` card does when a card of its own rank lies on the table with others: "
      "alone (default: it takes only the cards of its rank, with `equal: first`), all (it takes "
      "the whole table all the same) or plain (it takes like any other card, by its value and "
      "`sum_with_played`).",
      {"type": "string", "enum": ["alone", "all", "plain"], "default": "alone"},
      lambda v, w: {"all": "it takes the whole table even when a card of its rank lies there",
                    "plain": "when a card of its rank lies on the table among others, it takes "
                             "like any other card, by its value"}.get(v, ""),
      lambda v, w: {"all": "prende tutto il tavolo anche se vi si trova una carta uguale",
                    "plain": "se sul tavolo c'è una carta uguale fra le altre, prende come ogni "
                             "altra carta, per il suo valore"}.get(v, ""),
      example="plain")

_rule("takes_all_lone_same", "lone_same",
      "When only cards of its own rank are left on the table, does a `takes_all` card take them "
      "by its rule (takes_all, the default: an event with `by_takes_all: false` is not made) "
      "or as any card takes its equal (equal: a sweep so made makes its events)?",
      {"type": "string", "enum": ["takes_all", "equal"], "default": "takes_all"},
      lambda v, w: "taking the only cards left, all of its rank, is an ordinary capture of an "
                   "equal card" if v == "equal" else "",
      lambda v, w: "prendere le sole carte rimaste, tutte uguali a lei, è una presa normale di "
                   "una carta uguale" if v == "equal" else "",
      example="equal")

_rule("number_takes_figure", "figure_alone",
      "Whether a card takes a card of a `same_rank_only` rank (a figure) of equal value by "
      "itself: true (default: a Quattro takes a Fante worth 4) or false (a figure is taken only "
      "by the same figure, or in a sum).",
      {"type": "boolean", "default": True},
      lambda v, w: "" if v else "a figure is taken alone only by the same figure, otherwise "
                                "only in a sum",
      lambda v, w: "" if v else "una figura si prende da sola solo con la figura uguale, "
                                "altrimenti solo in una somma",
      example=False)


def compile_rules(spec: Mapping[str, Any], ctx: Any) -> dict[str, Any]:
    """The `Taking` fields the units set: each key as written, or its default; `narrowing`,
    the closures of the rules that narrow what a card takes (those that allow everything
    left out)."""
    out: dict[str, Any] = {}
    narrowing = []
    for unit in TAKE_RULES.units():
        value = unit.compile(spec.get(unit.name, unit.default), ctx)
        if unit.field is not None:
            out[unit.field] = value
        elif value is not None:
            narrowing.append(value)
    return {**out, "narrowing": tuple(narrowing)}


def clauses(spec: Mapping[str, Any], terms: Terms) -> list[str]:
    """The clauses of the capture's sentence for the keys a `takes:` gives."""
    out = []
    for unit in TAKE_RULES.units():
        if unit.name in spec:
            text = TAKE_RULES.say(unit.name, "rule", spec[unit.name], terms)
            if text:
                out.append(text)
    return out
