"""Who plays first, when a ruleset says it is not simply the seat after the dealer.

`seating.first_player: {lowest_bottom: ZONE}`: each player shows the bottom card of the zone
he owns; the lowest plays first, by value (`by: value`, the default: a Fante worth 4 equals a
Quattro) or by rank (`by: rank`: the deck's order, A lowest); on a tie the next cards up are
compared, and so on (seats that tie to the end keep the usual order).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def lowest_bottom(zone: str, by: str = "value") -> Callable[[Any, Sequence[int]], int]:
    def first(st: Any, order: Sequence[int]) -> int:
        cards = st.rules.deck.cards
        key = [c.value if by == "value" else c.rank for c in cards]
        piles = {p: st.own[zone][p] for p in order}
        contenders = list(order)
        depth = 0
        while len(contenders) > 1:
            shown = {p: piles[p][depth] for p in contenders if depth < len(piles[p])}
            if not shown:
                break
            st.emit("show_bottom", None, depth=depth,
                    cards={p: st.rules.deck.code(c) for p, c in shown.items()})
            low = min(key[c] for c in shown.values())
            contenders = [p for p in contenders if p in shown and key[shown[p]] == low]
            depth += 1
        return contenders[0]
    return first
