"""What the lint learns from the guards of one option, each asked of its unit.

A guard unit may say what it bounds (`GuardUnit.bounds`): given its parameter and the `Bounds`
met so far among the option's guards (all must hold), it records what it says (the round is
at least 2, nobody has knocked, the reserve lies face up) and returns why it can never hold
with them, or "". `Bounds.conflict` then says why the facts recorded cannot hold together.
So the lint (`lint.never_applies`) reads the guards as written without knowing any by name,
and a new guard that bounds something is one unit.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Bounds:
    """The facts the guards of one option have recorded. `hands` answers `worth_at_least(n)`
    and `best()` over the ruleset's hands; `cards` is the size of the deck."""
    hands: Any
    cards: int
    low: int = 1                      # the round is at least this
    high: int | None = None           # ... and at most this
    first: bool | None = None         # it is (not) the first turn of the hand
    nobody_knocked: set[bool] = field(default_factory=set)  # the values `nobody_knocked` said
    visible: dict[str, set[bool]] = field(default_factory=dict)  # zone -> face up / down

    def conflict(self) -> str:
        """Why the facts recorded cannot all hold, or ''."""
        if self.high is not None and self.low > self.high:
            return f"the round is at least {self.low} and at most {self.high}"
        if self.first and self.low > 1:
            return "the first turn of a hand is in the first round"
        if self.first and False in self.nobody_knocked:
            return "on the first turn of a hand nobody has knocked yet"
        if len(self.nobody_knocked) == 2:
            return "`nobody_knocked` is both true and false"
        for zone, seen in self.visible.items():
            if len(seen) == 2:
                return f"`{zone}` cannot be both visible and hidden"
        return ""


def number(x: float) -> str:
    """A number as the lint's messages write it: 1,000, 2.5."""
    return f"{int(x):,}" if float(x).is_integer() else str(x)
