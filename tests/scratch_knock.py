"""A scratch closing rule of the knock, written as a contributor adds one by docs/language.md
("Adding a keyword"): one unit, nothing else touched. `tests/test_scratch_units.py` registers
it for its own tests only.

`scratch_next_only`: after a knock only the next player has one more turn; the hand ends
before the turn of the player after him. Its compile step gives the `KnockRule` the game state
asks, with the seat before whose turn the hand ends (`stop_before`), and refuses to be named
in a file where nothing knocks, as every closing rule does.
"""
from __future__ import annotations

from typing import Any

from trentuno.engine.keywords import Kind
from trentuno.engine.knock import LastTurns
from trentuno.engine.roles import told
from trentuno.engine.rules import KnockRule


def _stop_before(st: Any, knocker: int) -> int:
    order = st._order
    return order[(order.index(knocker) + 2) % len(order)]


def _compile(param: Any, ctx: Any) -> KnockRule:
    if ctx.knocks is False:
        ctx.error((), "`scratch_next_only` needs something that knocks")
    return KnockRule("scratch_next_only", False, NEXT_ONLY, stop_before=_stop_before)


NEXT_ONLY = LastTurns(
    kind=Kind.KNOCK_RULE, name="scratch_next_only",
    description="only the next player has one more turn", schema=None, compile=_compile,
    words={"en": {"sentence": lambda x, w: "After a knock only the next player has one more "
                                           "turn, then the hand ends.",
                  "event": told("{t.who:The} knocks: one more turn, for the next player."),
                  "event_you": told("You knock: one more turn, for the next player.")},
           "it": {"sentence": lambda x, w: "Dopo la bussata solo il giocatore successivo ha un "
                                           "altro turno, poi la mano finisce.",
                  "event": told("{t.who:The} bussa: ancora un turno, per il giocatore "
                                "successivo."),
                  "event_you": told("Bussi: ancora un turno, per il giocatore successivo.")}})

UNITS = (NEXT_ONLY,)
