"""`triggers:`: what fires at a hand's events (the condition, the `when:` guards, the outcome),
compiled by the units of `triggers.py`.
"""
from __future__ import annotations

from collections.abc import Mapping

from . import deal_scores, round_units  # noqa: F401 (register their units)
from .compilation import Compilation, Path
from .guards import needs_player
from .keywords import one_key
from .primitives import PRIMITIVES
from .rules import Trigger, spec_of
from .triggers import CONDITIONS, EVENTS, OUTCOMES, at_deal


def compile_triggers(c: Compilation, zones, valuation) -> dict[str, tuple[Trigger, ...]]:
    out: dict[str, list[Trigger]] = {e: [] for e in EVENTS}
    c.unique_names(c.d.get("triggers") or [], ("triggers",), "trigger")
    for i, t in enumerate(c.d.get("triggers") or []):
        path = ("triggers", i)
        ok = True
        cond = None
        found = one_key(t.get("if"))
        if found is not None:
            key, param = found
            unit = c.known(CONDITIONS, key, path + ("if",), "condition")
            if unit is None:
                continue
            cond = c.unit(unit, param, path + ("if", key))
            ok = cond is not None
        do, zone = t["do"], None
        found = one_key(do)
        if found is not None:
            do, zone = found
        outcome = c.known(OUTCOMES, do, path + ("do",), "outcome")
        if outcome is None:
            continue
        if outcome.on_discard_pile:
            zone = reshuffle_pile(c, path + ("do",), do)
        run = c.unit(outcome, zone, path + (("do", do) if found else ("do",)))
        on = t["on"]
        event = EVENTS.get(on)
        if event is not None and event.needs_pass and not c.can_pass:
            c.error(path + ("on",), f"`{on}` can never happen: no option passes",
                    also=[("turn", "steps")])
        if not ok or run is None or on not in EVENTS:
            continue
        when = t.get("when") or []
        if when:
            cond = trigger_when(c, cond, when, path, on)
        out[on].append(Trigger(
            on, cond, do, zone, t.get("winner"), bool(t.get("best_only", False)),
            spec_of(t["if"]) if t.get("if") else None, i, run,
            tuple(spec_of(g) for g in when), found[1] if found else None))
    return {k: tuple(v) for k, v in out.items()}


def trigger_when(c: Compilation, cond, when: list, path: Path, on: str):
    """`when:` guards (the round, the turn, a knock) on a trigger: its condition holds only
    while they all do. After the deal nobody is acting, so guards on a player's hand make
    no sense there."""
    guards = tuple(c.guard(g, path + ("when", j)) for j, g in enumerate(when))
    for j, g in enumerate(when):
        if at_deal(on) and needs_player(g):
            c.error(path + ("when", j), f"after the deal nobody is acting: "
                    f"`{next(iter(g))}` reads the acting player's hand (use "
                    f"`if: {{holds: ...}}`)")

    def fires(st, p):
        for g in guards:
            if not g(st, p):
                return None
        return cond(st, p) if cond is not None else []
    return fires


def reshuffle_pile(c: Compilation, path: Path, outcome: str) -> str | None:
    """The pile an outcome such as `reshuffle` turns into a new stock: the one zone the
    options discard to (no zone has to be called `discard`)."""
    if (c.d.get("deal") or {}).get("rest") is None:
        c.error(path, f"`{outcome}` makes a new stock, but the deal has no stock: give "
                "`deal: {rest: ZONE}`", also=[("deal",)])
    steps = (c.d.get("turn") or {}).get("steps") or {}
    piles = sorted({str(o[key]) for opts in steps.values() for o in opts or []
                    if isinstance(o, Mapping) and (key := _discards_to(o)) and key in o})
    if len(piles) == 1:
        return piles[0]
    why = (f"the options discard to {', '.join(piles)}" if piles
           else "no option discards")
    c.error(path, f"`{outcome}` shuffles the discard pile into a new stock but {why}: "
            f"it needs exactly one pile to discard to", also=[("turn", "steps")])
    return None


def _discards_to(option: Mapping) -> str | None:
    """The parameter naming the pile the option's primitive discards to, if it does."""
    prim = PRIMITIVES.get(option.get("do"))
    return prim.zone_param if prim is not None and prim.discards else None
