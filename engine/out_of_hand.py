"""Out of this hand (not out of the game): the option effect `out_of_hand` and the trigger
condition `in_hand_at_most`, two keyword units that say one rule together.

Some houses make a pass, or swapping all three cards, a player's last word in the hand: he
stands, changes nothing more, and the turn order skips him until the next hand (the state's
`out_of_hand`, reset when a hand begins; `turns.end_turn` passes over his seat, which still
counts for the round and for the knock's way round). When all but one are out something
follows, which the ruleset says with a trigger on `in_hand_at_most: 1`: the hand ends and is
settled (`do: showdown`), the one left wins (`do: win`: the players still in are the holders),
or he plays one more turn (`do: knock` with `knock.last_turns: knocker_last`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .keywords import CompileContext, Kind, Terms
from .primitives import EFFECTS, Effect
from .triggers import CONDITIONS, Condition, ConditionUnit


def _out(param: Any, ctx: CompileContext) -> Callable:
    def out(st: Any, p: int) -> None:
        if p not in st.out_of_hand:
            st.out_of_hand = (*st.out_of_hand, p)
            if st.record:
                st.emit("out_of_hand", p)
    return out


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="out_of_hand",
    description="true: the player is out of this hand (not of the game): the turn order "
                "skips him until the next hand.",
    schema={"type": "boolean", "const": True}, compile=_out, example=True,
    words={"en": {"clause": lambda x, w: ", and he is out of this hand (his turns are skipped "
                                         "until the next hand)"},
           "it": {"clause": lambda x, w: ", ed esce da questa mano (salta i suoi turni fino "
                                         "alla mano successiva)"}}))


def _in_hand_at_most(n: int, ctx: CompileContext) -> Condition:
    """Holds when at most `n` players of the hand are not out of it; they are its holders."""
    def test(st: Any, p: int | None) -> list | None:
        out = st.out_of_hand
        if not out:  # the usual case, every turn: nobody is out
            return None if len(st.alive) > n else list(st.alive)
        left = [q for q in st.alive if q not in out]
        return left if len(left) <= n else None
    return test


def _left_en(n: int, w: Terms) -> str:
    if n == 1:
        return "all players but one are out of the hand"
    return f"at most {n} players are still in the hand"


def _left_it(n: int, w: Terms) -> str:
    if n == 1:
        return "sono usciti dalla mano tutti i giocatori tranne uno"
    return f"restano nella mano al massimo {n} giocatori"


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="in_hand_at_most",
    description="at most this many players are still in the hand (the others are out of it, "
                "`effects: [{out_of_hand: true}]`); they are the holders (`do: win`: they win).",
    schema={"type": "integer", "minimum": 1}, compile=_in_hand_at_most, example=1,
    finds_holders=True, words={"en": {"clause": _left_en}, "it": {"clause": _left_it}}))
