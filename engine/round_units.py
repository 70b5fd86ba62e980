"""The round of turns as triggers see it: the event `round_end` (every player in the hand has
had his turn of the round), the condition `round_reached` (the round's number has reached N,
or the number of players in the hand) and the outcome `add_card` (a card from the stock joins
a zone). Together they say Commerce's "as many rounds as there are players, and a fresh card
is added to the pool at each": `{on: round_end, if: {round_reached: players}, do: showdown}`
then `{on: round_end, do: {add_card: table}}`.

They are units of the trigger registries (`triggers.EVENTS`, `CONDITIONS`, `OUTCOMES`), kept
here so that `triggers.py` stays small; the turn loop fires `round_end` (`turns.end_turn`).
"""
from __future__ import annotations

from typing import Any

from .hand_ends import Ending
from .keywords import CompileContext, Kind, Ref, Terms
from .triggers import (
    CONDITIONS,
    EVENTS,
    OUTCOMES,
    Condition,
    ConditionUnit,
    Event,
    OutcomeUnit,
)

#: `round_reached: players`: the round's number is the number of players in the hand
PLAYERS = "players"

EVENTS.add(Event(
    kind=Kind.TRIGGER_EVENT, name="round_end",
    description="after the last turn of every round (every player in the hand has played "
                "once more), before the next round begins",
    schema=None, compile=lambda param, ctx: "round_end",
    words={"en": {"when": lambda p, w: "at the end of every round"},
           "it": {"when": lambda p, w: "alla fine di ogni giro"}},
    ends=Ending(named={"showdown": "rounds played out", "void": "rounds played out, void",
                       "win": "won at the end of a round"},
                told={"showdown": {"en": "The round is over: the hands are compared.",
                                   "it": "Il giro è finito: si confrontano le mani."},
                      "void": {"en": "The round is over: the hand is void.",
                               "it": "Il giro è finito: la mano è nulla."}})))


def round_reached(n: Any, ctx: CompileContext) -> Condition:
    """The round being played (at `round_end`, the one just over) is the N-th or later; with
    `players`, N is the number of players in the hand."""
    if n == PLAYERS:
        return lambda st, p: [] if st.round >= len(st._order) else None
    return lambda st, p: [] if st.round >= n else None


def _reached_en(n: Any, w: Terms) -> str:
    if n == PLAYERS:
        return "as many rounds have been played as there are players in the hand"
    return "the first round has been played" if n == 1 else f"{n} rounds have been played"


def _reached_it(n: Any, w: Terms) -> str:
    if n == PLAYERS:
        return "si sono giocati tanti giri quanti sono i giocatori della mano"
    return "si è giocato il primo giro" if n == 1 else f"si sono giocati {n} giri"


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="round_reached",
    description="The round of turns is the N-th or a later one (on `round_end`: N rounds have "
                "been played); `players`: N is the number of players in the hand.",
    schema={"oneOf": [{"type": "integer", "minimum": 1}, {"const": PLAYERS}]},
    compile=round_reached, example=PLAYERS,
    words={"en": {"clause": _reached_en}, "it": {"clause": _reached_it}}))


def _add_card(zone: str, ctx: CompileContext) -> Any:
    def add(st: Any, trig: Any, holders: list, on: str) -> bool:
        rest = st.facts.rest
        stock = st.zones.get(rest) if rest else None
        if stock:  # an empty stock adds nothing
            card = stock.pop()
            st.zones[zone].append(card)
            if st.record:
                st.emit("added", None, zone=zone, cards=st.rules.deck.codes([card]))
        return False
    return add


def _add_en(trig: Any, w: Terms) -> str:
    rest = w.rest()
    src = rest.the("en") if rest is not None else "the stock"
    return (f"the top card of {src} is added to {w.zone(trig.zone).the('en')} (none when "
            f"{src} is empty)")


def _add_it(trig: Any, w: Terms) -> str:
    rest = w.rest()
    src = rest.prep("it", "di") if rest is not None else "del tallone"
    return (f"la prima carta {src} si aggiunge {w.zone(trig.zone).prep('it', 'a')} "
            f"(nessuna quando non ci sono più carte)")


OUTCOMES.add(OutcomeUnit(
    kind=Kind.OUTCOME, name="add_card",
    description="The top card of the stock joins the zone (none when the stock is empty).",
    schema={"$ref": "#/definitions/identifier",
            "description": "The zone the card joins. Required."},
    compile=_add_card, refs=(Ref("zone"),), example="centre",
    words={"en": {"outcome": _add_en}, "it": {"outcome": _add_it}}))

