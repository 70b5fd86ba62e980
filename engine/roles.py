"""What a move is, for everything after the compiler: its role, and what the table tells of it.

A turn primitive (a keyword unit of `primitives`) declares its `Role`: the shape of move it
is, from a small closed set the bots and the table understand (draw a card from a zone,
discard onto one, exchange one card, some cards or the whole hand with one, declare a hand,
pass, knock, capture). The compiler copies the role onto every `Option` and `Action` it
builds, so that a bot asks `action.role is DRAW`, an identity test of one slot as cheap as
comparing interned names, and never the primitive's keyword: a new primitive that draws (say,
the bottom card) declares `role=DRAW` and is played as every draw is. A primitive of none of
these shapes is `OTHER`.

The words a move is chosen and told in are its unit's (`choice`, `move`, ... phrases, see
`primitives`); the table gives them a `Told`: what this viewer may be told of this move (the
cards he may see, or None), which the phrase only formats.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from .keywords import Phrase


class Role(Enum):
    """The shape of a move. Compared by identity (`a.role is DRAW`): members are singletons."""
    DRAW = "draw"            # takes a card of its zone into the hand
    DISCARD = "discard"      # puts a card of the hand on top of its zone
    SWAP = "swap"            # exchanges one card of the hand with one card of its zone
    SWAP_ALL = "swap_all"    # exchanges the whole hand with its zone
    EXCHANGE = "swap_some"   # exchanges some cards of the hand for as many of its zone; the
    #                          action's cards (and `bits`) are the hand it leaves
    DECLARE = "declare"      # declares a hand he holds; the `declared` triggers say what follows
    PASS = "pass"            # does nothing (a round of such moves is the `all_passed` event)
    KNOCK = "knock"          # knocks (stands): the hand ends after the last turns
    CAPTURE = "capture"      # plays a card to a table zone, taking what it may (a lay: none)
    OTHER = "other"          # none of these: a bot plays it only when nothing else is offered


DRAW, DISCARD, SWAP, SWAP_ALL = Role.DRAW, Role.DISCARD, Role.SWAP, Role.SWAP_ALL
EXCHANGE, DECLARE = Role.EXCHANGE, Role.DECLARE
PASS, KNOCK, CAPTURE, OTHER = Role.PASS, Role.KNOCK, Role.CAPTURE, Role.OTHER


class Moving(NamedTuple):
    """The cards one action moves, as its unit says before it is played (`Primitive.moving`):
    `took`, the cards of its zone it takes (into the hand; a capture's into the taken pile);
    `gave`, the cards of the hand it names and puts into the zone (a discard, a card given in
    exchange, the card played); `after`, the hand the player holds afterwards, None when that
    says nothing (a capture)."""
    took: tuple[int, ...] = ()
    gave: tuple[int, ...] = ()
    after: tuple[int, ...] | None = None


NOTHING = Moving()


@dataclass(frozen=True)
class Cards:
    """Cards for a phrase: `{x}` names them with their codes, in the forms of a name
    (`{x:bare}` "King of cups (Kc)", `{x:the}`, ...); `{x:codes}` gives the codes alone
    ("Kc 7b")."""
    named: Any   # a terms.Named
    codes: str

    def __format__(self, spec: str) -> str:
        return self.codes if spec == "codes" else format(self.named, spec)


@dataclass(frozen=True)
class Told:
    """What the table tells one viewer of one move, for the move unit's phrases: the table
    decides what he may see, the phrase only formats it. Cards he may not see are None."""
    label: str = ""          # the choice's words (the ruleset's label, else the unit's)
    who: Any = None          # the mover, a terms.Named (`{who:The}`); a move's phrases only
    zone: Any = None         # the option's zone, a terms.Named (`{zone:da}`), or None
    took: Cards | None = None  # the cards it takes, when the viewer may know them
    gave: Cards | None = None  # the cards of the hand it gives or plays, likewise
    taking: int = 0          # how many cards it takes (known when they are not: a lay, 0)
    public: bool = False     # the cards taken show to everybody, not only to the mover
    place: int = 0           # a choice of one unseen card: its place in its zone (1: bottom)
    after: str = ""          # a choice: "  → 21 (best suit)", the hand it leaves, when known


def told(template: str) -> Phrase:
    """A table phrase that is one `str.format` template of the `Told` `t`:
    `told("{t.who:The} passes.")`."""
    return lambda t, w: template.format(t=t)
