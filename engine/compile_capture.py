"""The capture family's parts: `scoring:` (the points the cards taken give, by the units of
`tally.py`) and the zones each player owns that options play from.
"""
from __future__ import annotations

from collections.abc import Mapping

from .compilation import MODE_PATHS, Compilation
from .keywords import as_data, one_key
from .rules import Step, Zone
from .tally import SCORES, Scoring, compile_event_points


def compile_scoring(c: Compilation, zones, mode, deck):
    """`scoring:`: what the cards each side took are worth at the end of a hand."""
    spec = c.d.get("scoring")
    if spec is None:
        if mode.scores_cards:
            c.error(("stakes", "mode"), "a game scored by points won (`mode: score`) "
                    "needs a `scoring:` section")
        return None
    if not mode.scores_cards:
        c.error(("scoring",), "`scoring:` counts points won: it needs "
                "`stakes: {mode: score}`", also=MODE_PATHS)
    zone = spec.get("zone")
    if zones.get(zone) is None or zones[zone].owner is None:
        c.error(("scoring", "zone"), f"{zone!r} is not a zone each player or side "
                f"owns: scoring counts the cards each side took")
    hand = []
    for i, entry in enumerate(spec.get("hand") or []):
        found = one_key(entry)
        path = ("scoring", "hand", i)
        unit = SCORES.get(found[0]) if found else None
        if found is None or unit is None:
            c.error(path, f"a scoring entry is one of: {', '.join(SCORES)}")
            continue
        key, param = found
        hand.append((key, as_data(param), c.unit(unit, param, path + (key,))))
    events = {}
    for name, e in (spec.get("events") or {}).items():
        path = ("scoring", "events", name)
        events[name] = compile_event_points(e, deck, c.error_under(path))
    leftover = spec.get("leftover")
    if leftover is not None:
        c.need_zone(zones, leftover, ("scoring", "leftover"))
    return Scoring(zone, tuple(hand), events, as_data(spec.get("events") or {}), leftover)


def owned_sources(c: Compilation, steps: Mapping[str, Step], zones: Mapping[str, Zone]
                  ) -> tuple[str, ...]:
    """The owned zones options play from (a capture from each player's own pile)."""
    out = set()
    for st in steps.values():
        for o in st.options:
            key = o.unit.plays_from
            source = str(o.params.get(key)) if key else ""
            if source in zones and zones[source].owner:
                out.add(source)
    return tuple(sorted(out))
