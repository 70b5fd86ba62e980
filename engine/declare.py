"""Declaring a hand as a choice: the turn primitive `declare`, the trigger event `declared` and
the pay policy `undeclared`, three keyword units that say one rule together.

Where the engine would declare a hand itself (a trigger `on: action, if: {holds: instant}`),
some houses leave it to the player: he may declare his 31 (or three Aces) as a move of his
turn, and what follows is the ruleset's, said by triggers on the event `declared` (the hand
ends and is won, or compared). A 31 left undeclared when the hand ends otherwise is no
protection: with `settle.showdown.pay: undeclared` its holder pays instead of the lowest hand.
Who declared is the state's `declared` (the seats, this hand), so a hand is declared once.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from .hand_ends import Ending
from .keywords import CompileContext, Kind, Ref, Terms
from .primitives import PRIMITIVES, Primitive
from .roles import DECLARE, told
from .rules import Action, Lister, Option
from .settlement import PAY_POLICIES, Chooser, Policy, _lowest, _say
from .stakes_modes import PAYERS
from .triggers import EVENTS, Event, HandIn, fire, holds, pattern_words

_HAND = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}


# ---- the move -----------------------------------------------------------------------------
def _compile(params: dict, ctx: CompileContext) -> dict:
    """The hands that may be declared, as the `holds` condition finds them (made at first
    use)."""
    return {**params, "_hands": holds(params["hand"], ctx)}


def _lister(opt: Option, actions: Mapping[tuple, Action], n: int) -> Lister:
    """Offered to a player who holds the hand and has not declared it yet this hand."""
    single, hands = [actions[()]], cast(HandIn, opt.params["_hands"])

    def legal(st: Any, p: int) -> list[Action]:
        return single if st.masks[p] in hands.hands() and p not in st.declared else []
    return legal


def _apply(st: Any, opt: Option, action: Action, p: int) -> None:
    st.declared = (*st.declared, p)
    fire(st, "declared", p)


def _option_en(o: Option, w: Terms) -> str:
    return f"declares {pattern_words(str(o.params['hand']), w, True)}, when he holds it"


def _option_it(o: Option, w: Terms) -> str:
    return f"dichiara {pattern_words(str(o.params['hand']), w, False)}, quando ce l'ha"


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="declare",
    description="declare a hand held (offered only to its holder, once a hand); the triggers "
                "`on: declared` say what follows",
    schema={"properties": {"hand": {
        **_HAND, "description": "`instant` (a hand of a pattern with `instant: true`) or a "
                                "pattern's name: the hand that may be declared."}},
            "required": ["hand"]},
    compile=_compile, refs=(Ref("pattern", ("hand",)),), example={"hand": "instant"},
    keys=lambda n: [()], lister=_lister, apply=_apply, role=DECLARE, words={
        "en": {"option": _option_en, "label": told("Declare"),
               "move": told("{t.who:The} declares their hand."),
               "move_you": told("You declare your hand.")},
        "it": {"option": _option_it, "label": told("Dichiara"),
               "move": told("{t.who:The} dichiara la sua mano."),
               "move_you": told("Dichiari la tua mano.")}}))


# ---- what follows: the event ----------------------------------------------------------------
EVENTS.add(Event(
    kind=Kind.TRIGGER_EVENT, name="declared", description="a player declared a hand "
    "(`do: declare`); the player acting is the declarer", schema=None,
    compile=lambda param, ctx: "declared",
    words={"en": {"when": lambda p, w: "when a player declares his hand"},
           "it": {"when": lambda p, w: "quando un giocatore dichiara la sua mano"}},
    ends=Ending(named={"win": "declared, won", "showdown": "declared, hands compared"},
                named_by={"win": "{what} declared: instant win",
                          "showdown": "{what} declared: hands compared"},
                named_other={"win": "won after a declaration",
                             "showdown": "ended after a declaration, compared"})))


# ---- an undeclared hand pays ----------------------------------------------------------------
def _undeclared(param: Mapping[str, Any], ctx: CompileContext) -> Chooser:
    """Every player holding the hand `holding` who did not declare it pays; when nobody does,
    the lowest hand pays."""
    hands = cast(HandIn, holds(str(param.get("holding") or "instant"), ctx))

    def undeclared(st: Any, winners: list[int], outcome: str) -> list[int]:
        held, masks, declared = hands.hands(), st.masks, st.declared
        out = [p for p in st.alive if p not in winners and masks[p] in held
               and p not in declared]
        return out or _lowest(st, winners, outcome)
    return undeclared


def _pays_en(x: Any, w: Terms) -> str:
    hand = pattern_words(str(x.rule.own.get("holding") or "instant"), w, True)
    return (f"whoever holds {hand} without having declared it {x.loses} {x.amount}; when "
            f"nobody does, the player with the lowest hand {x.loses} {x.amount}")


def _pays_it(x: Any, w: Terms) -> str:
    hand = pattern_words(str(x.rule.own.get("holding") or "instant"), w, False)
    return (f"chi ha in mano {hand} senza aver dichiarato la sua mano {x.loses} {x.amount}; "
            f"se nessuno è in questo caso, chi ha la mano più bassa {x.loses} {x.amount}")


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="undeclared", chooses=frozenset((PAYERS,)),
    tied_for={"en": "the lowest hand", "it": "la mano più bassa"},
    description="whoever holds the hand `holding` without having declared it (`do: "
                "declare`); when nobody does, the lowest hand",
    schema={"properties": {"holding": {
        **_HAND, "description": "pay: undeclared only: `instant` (default) or a pattern's "
                                "name, the hand whose holder pays unless he declared it."}}},
    compile=_undeclared, refs=(Ref("pattern", ("holding",)),),
    example={"holding": "instant"}, words=_say(_pays_en, _pays_it, "pays")))
