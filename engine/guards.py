"""Guards: the conditions on a turn option (`if:`), one factory per keyword.

A factory receives the keyword's parameter and a `compile` callback (for the nested `not` and
`any`) and returns a closure `(state, player) -> bool`. The closures read only the live game
state, never the YAML, so checking an option costs a few attribute reads.
"""
from __future__ import annotations

from typing import Any, Callable

Guard = Callable[[Any, int], bool]


def round_at_least(n, compile_guard) -> Guard:
    return lambda st, p: st.round >= n


def round_at_most(n, compile_guard) -> Guard:
    return lambda st, p: st.round <= n


def value_at_least(n, compile_guard) -> Guard:
    return lambda st, p: st.hand_value(p) >= n


def nobody_knocked(flag, compile_guard) -> Guard:
    if flag:
        return lambda st, p: st.knocker is None
    return lambda st, p: st.knocker is not None


def first_turn(flag, compile_guard) -> Guard:
    if flag:
        return lambda st, p: st.turns_in_hand == 0
    return lambda st, p: st.turns_in_hand > 0


def zone_visible(zone, compile_guard) -> Guard:
    return lambda st, p: st.face_up[zone]


def zone_hidden(zone, compile_guard) -> Guard:
    return lambda st, p: not st.face_up[zone]


def zone_size_at_least(spec, compile_guard) -> Guard:
    zone, count = spec["zone"], spec["count"]
    return lambda st, p: len(st.zones[zone]) >= count


def not_(spec, compile_guard) -> Guard:
    inner = compile_guard(spec)
    return lambda st, p: not inner(st, p)


def any_(specs, compile_guard) -> Guard:
    inner = tuple(compile_guard(s) for s in specs)
    return lambda st, p: any(g(st, p) for g in inner)


GUARDS: dict[str, Callable[[Any, Callable], Guard]] = {
    "round_at_least": round_at_least,
    "round_at_most": round_at_most,
    "value_at_least": value_at_least,
    "nobody_knocked": nobody_knocked,
    "first_turn": first_turn,
    "zone_visible": zone_visible,
    "zone_hidden": zone_hidden,
    "zone_size_at_least": zone_size_at_least,
    "not": not_,
    "any": any_,
}

#: Guards whose parameter names a zone (the compiler checks the zone exists).
ZONE_PARAMS = {"zone_visible": "", "zone_hidden": "", "zone_size_at_least": "zone"}
