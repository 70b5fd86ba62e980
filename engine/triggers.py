"""Triggers: their events (`on:`), conditions (`if:`) and outcomes (`do:`), one unit each.

* An **event** says when the engine checks a trigger; the game fires it (after the deal, after
  each action...). Its unit carries its description and its words ("after every move").
* A **condition** compiles to a closure `(state, player) -> holders | None`: None when it does
  not hold, else the players it is about (the holders of an instant hand; empty for a table
  condition). `player` is the acting player, or None after the deal, when every player is
  looked at.
* An **outcome** compiles to a closure `(state, trigger, holders, event) -> bool` that does
  what the trigger says and returns True when that ended the hand.

Adding one is one `EVENTS.add`, `CONDITIONS.add` or `OUTCOMES.add` here (see `keywords`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from .keywords import CompileContext, Kind, Ref, Registry, Terms, Unit

Condition = Callable[[Any, int | None], list | None]
#: (state, the trigger, the holders its condition found, the event) -> True if the hand ended
Outcome = Callable[[Any, Any, list, str], bool]


def _sample_trigger(unit: Unit, w: Terms) -> Any:
    """A trigger for the tests to phrase an outcome with."""
    from .rules import Spec, Trigger
    return Trigger("turn_end", None, unit.name, unit.example, None, False,
                   Spec("holds", "instant"))


EVENTS: Registry[Unit] = Registry(Kind.TRIGGER_EVENT, forms=("when",))
CONDITIONS: Registry[Unit] = Registry(Kind.TRIGGER_CONDITION, forms=("clause",))
OUTCOMES: Registry[Unit] = Registry(Kind.OUTCOME, forms=("outcome",), sample=_sample_trigger)


# ---- events -------------------------------------------------------------------------------
def _event(name: str, description: str, en: Callable[[Any, Terms], str],
           it: Callable[[Any, Terms], str]) -> Unit:
    """An event unit: its compile step gives the key of the compiled triggers table."""
    return EVENTS.add(Unit(kind=Kind.TRIGGER_EVENT, name=name, description=description,
                           schema=None, compile=lambda param, ctx: name,
                           words={"en": {"when": en}, "it": {"when": it}}))


def _rest(w: Terms) -> Any:
    return w.rest() or w.zone("stock")


_event("dealt", "after the deal", lambda p, w: "when the cards are dealt",
       lambda p, w: "appena distribuite le carte")
_event("action", "after each action", lambda p, w: "after every move",
       lambda p, w: "dopo ogni mossa")
_event("turn_end", "after each turn", lambda p, w: "at the end of every turn",
       lambda p, w: "alla fine di ogni turno")
_event("all_passed", "a whole round of passes",
       lambda p, w: "when every player has passed for a whole round",
       lambda p, w: "quando tutti hanno passato per un giro intero")
_event("stock_empty", "a draw finds the stock empty",
       lambda p, w: f"when {_rest(w).the('en')} runs out",
       lambda p, w: f"quando {_rest(w).the('it')} "
                    f"{'finiscono' if _rest(w).plural else 'finisce'}")


# ---- conditions ---------------------------------------------------------------------------
def holds(what: str, ctx: CompileContext) -> Condition:
    """`holds: instant`: a player holds a hand matching an `instant: true` pattern;
    `holds: NAME`: a hand whose value comes from the pattern NAME (three Aces, say)."""
    valuation = ctx.valuation
    tables: list = []  # the valuation's table, fetched at the first check, not at compile

    def check(st, p):
        if not tables:
            tables.append(valuation.instant if what == "instant" else valuation.holders(what))
        instant = tables[0]
        if p is not None:  # the common case, once per turn: one lookup
            return [p] if instant.get(st.masks[p], False) else None
        found = [q for q in st.alive if instant.get(st.masks[q], False)]
        return found or None
    return check


def _pattern_words(name: str, w: Terms, en: bool) -> str:
    if name == "instant":
        return "an instant hand" if en else "una combinazione immediata"
    return w.pattern_label(name)


CONDITIONS.add(Unit(
    kind=Kind.TRIGGER_CONDITION, name="holds",
    description="`instant`: the acting player (after `dealt`: any player) holds a hand "
                "matching a pattern with `instant: true`. A pattern name instead: his hand's "
                "value comes from that pattern (e.g. a pattern for three Aces).",
    schema={"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}, compile=holds,
    refs=(Ref("pattern"),), example="instant",
    words={"en": {"clause": lambda n, w: f"a player holds {_pattern_words(n, w, True)}"},
           "it": {"clause": lambda n, w: f"un giocatore ha {_pattern_words(n, w, False)}"}}))


def zone_holds(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`zone_holds: {zone, pattern}`: the cards of a zone match a pattern (or any instant one)."""
    valuation = ctx.valuation
    zone, name = spec["zone"], spec["pattern"]
    if name == "instant":
        def test(cards):
            return valuation.of(cards).instant
    else:
        match = valuation.pattern(name).match

        def test(cards):
            return match(cards) is not None

    def check(st, p):
        cards = st.zones[zone]
        return [] if cards and test(cards) else None
    return check


CONDITIONS.add(Unit(
    kind=Kind.TRIGGER_CONDITION, name="zone_holds",
    description="A zone's cards match a pattern: {zone, pattern: NAME or instant}.",
    schema={"$ref": "#/definitions/zone_pattern"}, compile=zone_holds,
    refs=(Ref("zone", ("zone",)), Ref("pattern", ("pattern",))),
    example={"zone": "widow", "pattern": "instant"},
    words={"en": {"clause": lambda s, w: f"the cards of {w.zone(s['zone']).the('en')} make "
                                         f"{_pattern_words(s['pattern'], w, True)}"},
           "it": {"clause": lambda s, w: f"le carte {w.zone(s['zone']).prep('it', 'di')} "
                                         f"formano {_pattern_words(s['pattern'], w, False)}"}}))


def zone_matches(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`zone_matches: {zone, ranks}`: a zone holds exactly these ranks, in any suits (7-8-9)."""
    zone = spec["zone"]
    want = Counter(ctx.rank_indices(spec["ranks"], ("ranks",)))
    deck = ctx.deck

    def check(st, p):
        got = Counter(deck.cards[c].rank for c in st.zones[zone])
        return [] if got == want else None
    return check


CONDITIONS.add(Unit(
    kind=Kind.TRIGGER_CONDITION, name="zone_matches",
    description="A zone's cards are exactly the given ranks: {zone, ranks: [...]}.",
    schema={"$ref": "#/definitions/zone_ranks"}, compile=zone_matches,
    refs=(Ref("zone", ("zone",)),), example={"zone": "table", "ranks": [7, 8, 9]},
    words={"en": {"clause": lambda s, w: f"{w.zone(s['zone']).the('en')} holds exactly "
                                         f"{w.join([str(c) for c in s['ranks']])} (any suits)"},
           "it": {"clause": lambda s, w: f"{w.zone(s['zone']).prep('it', 'in')} ci sono "
                                         f"esattamente {w.join([str(c) for c in s['ranks']])} "
                                         f"(di qualsiasi seme)"}}))


# ---- outcomes -----------------------------------------------------------------------------
def _outcome(name: str, description: str, run: Outcome, en: Callable[[Any, Terms], str],
             it: Callable[[Any, Terms], str], schema: Mapping[str, Any] | None = None,
             refs: tuple[Ref, ...] = (), example: Any = None) -> Unit:
    """An outcome unit; its words take the compiled Trigger (its winner, best_only, event)."""
    return OUTCOMES.add(Unit(kind=Kind.OUTCOME, name=name, description=description,
                             schema=schema, compile=lambda param, ctx: run, refs=refs,
                             example=example, words={"en": {"outcome": en},
                                                     "it": {"outcome": it}}))


def _win(st: Any, trig: Any, holders: list, on: str) -> bool:
    winners = [st.dealer] if trig.winner == "dealer" else list(holders)
    if trig.best_only and len(winners) > 1:
        best = max(st.hand_strength(q) for q in winners)
        winners = [q for q in winners if st.hand_strength(q) == best]
    st._end_hand("win", winners, on)
    return True


def _by_player(trig: Any) -> bool:
    return trig.condition_spec is not None and trig.condition_spec.keyword == "holds"


def _win_en(trig: Any, w: Terms) -> str:
    if trig.winner == "dealer":
        return "the dealer wins the hand"
    if not _by_player(trig):
        return "the hand ends as won"
    text = "he wins the hand at once"
    if trig.on == "dealt":
        text += ("; if several players hold one, only the best of them wins (see the ranking)"
                 if trig.best_only else "; if several players hold one, they all win")
    return text


def _win_it(trig: Any, w: Terms) -> str:
    if trig.winner == "dealer":
        return "vince la mano il mazziere"
    if not _by_player(trig):
        return "la mano finisce come vinta"
    text = "vince subito la mano"
    if trig.on == "dealt":
        text += ("; se più giocatori ne hanno una, vince solo la migliore (vedi l'ordine delle "
                 "mani)" if trig.best_only else "; se più giocatori ne hanno una, vincono tutti")
    return text


_outcome("win", "the hand ends, the holders win", _win, _win_en, _win_it)


def _ends(outcome: str) -> Outcome:
    def end(st: Any, trig: Any, holders: list, on: str) -> bool:
        st._end_hand(outcome, [], on)
        return True
    return end


_outcome("showdown", "the hand ends and is settled by comparison", _ends("showdown"),
         lambda trig, w: "the hand ends at once and the hands are compared",
         lambda trig, w: "la mano finisce subito e si confrontano le mani")
_outcome("void", "the hand ends, nobody pays", _ends("void"),
         lambda trig, w: "the hand ends at once and is void: nobody pays",
         lambda trig, w: "la mano finisce subito ed è nulla: nessuno paga")


def _reshuffle(st: Any, trig: Any, holders: list, on: str) -> bool:
    st._reshuffle(trig.zone)  # the pile the options discard to (the compiler found it)
    return False


def _reshuffle_en(trig: Any, w: Terms) -> str:
    rest, pile = _rest(w), w.zone(trig.zone or "")
    return (f"the cards of {pile.the('en')} except its top card are shuffled and become the "
            f"new {rest.bare('en')}")


def _reshuffle_it(trig: Any, w: Terms) -> str:
    rest, pile = _rest(w), w.zone(trig.zone or "")
    art = ("le" if rest.feminine else "i") if rest.plural else ("la" if rest.feminine else "il")
    return (f"le carte {pile.prep('it', 'di')} tranne quella in cima si mescolano e formano "
            f"{art} {rest.adj('nuov')} {rest.it_word}")


_outcome("reshuffle", "the cards of the pile the options discard to, below its top card, "
         "become the stock", _reshuffle,
         _reshuffle_en, _reshuffle_it)


def _refresh(st: Any, trig: Any, holders: list, on: str) -> bool:
    if not st._refresh(trig.zone):  # the stock cannot refill it: show down
        st._end_hand("showdown", [], "refresh_failed")
        return True
    return False


def _refresh_en(trig: Any, w: Terms) -> str:
    z, src = w.zone(trig.zone), _rest(w).the("en")
    return (f"the cards of {z.the('en')} are put aside and replaced by new ones dealt from "
            f"{src}, face up (if {src} is too short for that, the hands are compared instead)")


def _refresh_it(trig: Any, w: Terms) -> str:
    z, src = w.zone(trig.zone), _rest(w).prep("it", "da")
    return (f"le carte {z.prep('it', 'di')} si mettono da parte e sono sostituite da altre "
            f"date {src}, scoperte (se non bastano, si confrontano invece le mani)")


_outcome("refresh", "the zone's cards are put aside; it is dealt again from the stock",
         _refresh, _refresh_en, _refresh_it,
         schema={"$ref": "#/definitions/identifier",
                 "description": "The zone whose cards are put aside; it is dealt again from "
                                "the stock. Required."},
         refs=(Ref("zone"),), example="widow")
