"""The capture family's state: sides (partners who share their taken cards and points), the
zones each player or side owns, and the hand's capture record.

`GameState.side_of[seat]` is the seat's side and `side_members[side]` its seats (each seat
alone unless the ruleset seats partners); `own[zone][owner]` is a zone each player or side owns
(a pile to play from, the cards taken), by name then owner; `capture` is what a hand of a
capture game remembers beyond its zones (`capture.CaptureState`). They are only filled for
rulesets that have such zones, so the draw-and-discard games pay nothing for them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .capture import CaptureState
from .rules import made_once

if TYPE_CHECKING:
    from .rules import Ruleset
    from .state import GameState


def seat_sides(rules: Ruleset, players: int) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """(each side's seats, each seat's side) for a table of `players`."""
    groups = rules.sides.get(players) or tuple((p,) for p in range(players))
    side_of = [0] * players
    for i, group in enumerate(groups):
        for p in group:
            side_of[p] = i
    return tuple(groups), side_of


def start_owned(st: GameState) -> None:
    """The zones each player or side owns, empty, and the hand's capture record."""
    # (CaptureState imported above, not here: an import in a function costs a deal 0.6 us,
    # and the unit modules import capture.py for every ruleset anyway)
    sides = len(st.side_members)
    own = st.own = {}
    for name, per_player in made_once(st.rules, "owned zones", lambda: _owned(st.rules)):
        piles: list[list[int]] = []
        for _ in range(st.players if per_player else sides):
            piles.append([])
        own[name] = piles
    st.capture = CaptureState(sides)


def _owned(rules: Ruleset) -> tuple[tuple[str, bool], ...]:
    """(name, whether each player owns one) of each owned zone: the ruleset's zones are not
    walked again at every deal."""
    return tuple((name, z.owner == "player") for name, z in rules.zones.items() if z.owner)


def copy_own(own: dict[str, list[list[int]]]) -> dict[str, list[list[int]]]:
    """An independent copy of the owned zones (for a clone)."""
    return {z: [list(p) for p in piles] for z, piles in own.items()}


def copy_capture(capture: Any) -> Any:
    """An independent copy of the hand's capture record, if there is one (for a clone)."""
    return None if capture is None else capture.copy()
