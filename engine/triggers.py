"""Trigger conditions (`if:` of a trigger), one factory per keyword.

A condition is a closure `(state, player) -> holders | None`: None when it does not hold, else
the players it is about (the holders of an instant hand; empty for a table condition). `player`
is the acting player, or None after the deal, when every player is looked at.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Optional

Condition = Callable[[Any, Optional[int]], Optional[list]]

#: `on` values and what the acting player is there.
EVENTS = ("dealt", "action", "turn_end", "all_passed", "stock_empty")

#: `do` values. win/showdown/void end the hand; reshuffle/refresh change the table and go on.
OUTCOMES = ("win", "showdown", "void", "reshuffle", "refresh")


def holds(what, valuation) -> Condition:
    """`holds: instant`: a player holds a hand matching an `instant: true` pattern;
    `holds: NAME`: a hand whose value comes from the pattern NAME (three Aces, say)."""
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


def zone_holds(spec: Mapping, valuation) -> Condition:
    """`zone_holds: {zone, pattern}`: the cards of a zone match a pattern (or any instant one)."""
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


def zone_matches(spec: Mapping, valuation) -> Condition:
    """`zone_matches: {zone, ranks}`: a zone holds exactly these ranks, in any suits (7-8-9)."""
    zone = spec["zone"]
    want = Counter(spec["_ranks"])
    deck = valuation.deck

    def check(st, p):
        got = Counter(deck.cards[c].rank for c in st.zones[zone])
        return [] if got == want else None
    return check


CONDITIONS: dict[str, Callable[[Any, Any], Condition]] = {
    "holds": holds,
    "zone_holds": zone_holds,
    "zone_matches": zone_matches,
}
