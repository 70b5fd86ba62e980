"""`seating:`: the sides that play together, who plays first, and the directions of play,
dealing and the dealer's seat.
"""
from __future__ import annotations

from .compilation import Compilation
from .seating import lowest_bottom

DIRECTIONS = {"clockwise": 1, "counterclockwise": -1, "stays": 0}


def compile_sides(c: Compilation, teams, pmin, pmax) -> dict[int, tuple[tuple[int, ...], ...]]:
    """`seating.teams`: [{players: 4, sides: [[0, 2], [1, 3]]}]: with that many players
    the seats of each side play together (share their taken cards and points)."""
    out: dict[int, tuple[tuple[int, ...], ...]] = {}
    for i, t in enumerate(teams):
        n, groups = t["players"], [tuple(g) for g in t["sides"]]
        seats = sorted(s for g in groups for s in g)
        if seats != list(range(n)):
            c.error(("seating", "teams", i, "sides"), f"the sides must hold each seat "
                    f"0 to {n - 1} once")
        if not pmin <= n <= pmax:
            c.error(("seating", "teams", i, "players"), f"{n} players is outside "
                    f"{pmin}..{pmax}")
        out[n] = tuple(groups)
    return out


def compile_first_player(c: Compilation, spec, zones):
    """`seating.first_player`: who plays first when it is not the seat after the dealer."""
    if spec is None:
        return None
    zone = spec.get("lowest_bottom") if isinstance(spec, dict) else None
    if zone is None:
        c.error(("seating", "first_player"), "say `lowest_bottom: ZONE`")
        return None
    if zones.get(zone) is None or zones[zone].owner != "player":
        c.error(("seating", "first_player", "lowest_bottom"), f"{zone!r} is not a zone "
                f"each player owns (`owner: player`)")
        return None
    return lowest_bottom(zone, spec.get("by", "value"))
