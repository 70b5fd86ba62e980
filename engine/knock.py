"""The knock's closing rules (`knock.last_turns`), each a keyword unit.

A knock does not end the hand at once: the others play on for a while, and the rule says for
how long. Each rule is a unit (see `keywords`) of the registry `LAST_TURNS`: its compile step
returns the `rules.KnockRule` the game state asks after a knock (does the hand end with the
round, or only when the turn would come back to the knocker?), its phrase `sentence` is the
sentence `explain` says after the knock options, and its phrases `event` and `event_you` tell
a knock at the table ("Player 2 knocks.", "You knock."), whatever move made it. The unit that
says `default=True` is the rule of a file that names none (the schema's `default` says the
same, generated from it). Another closing rule is one more unit here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .keywords import Kind, Phrase, Registry, Terms, Unit, Words
from .roles import Told, told
from .rules import KnockRule


@dataclass(frozen=True, kw_only=True)
class LastTurns(Unit):
    """A closing rule of the knock (`knock.last_turns: NAME`); it takes no parameter. Its
    compile step returns the `KnockRule` of its name."""
    #: the rule of a file that names none
    default: bool = False


def _sample(unit: LastTurns, w: Terms) -> Told:
    """What the tests pass to a rule's phrases: a knock by the first player (the `sentence`
    ignores it)."""
    return Told(who=w.player(0).in_lang(w.lang))  # type: ignore[attr-defined]


LAST_TURNS: Registry[LastTurns] = Registry(Kind.KNOCK_RULE,
                                           forms=("sentence", "event", "event_you"),
                                           sample=_sample)


#: how every rule tells a knock at the table
_EVENT: dict[str, dict[str, Phrase]] = {
    "en": {"event": told("{t.who:The} knocks."), "event_you": told("You knock.")},
    "it": {"event": told("{t.who:The} bussa."), "event_you": told("Bussi.")},
}


def last_turns(name: str, description: str, ends_with_round: bool, en: str, it: str,
               default: bool = False, knocker_plays_last: bool = False) -> LastTurns:
    """Register the closing rule `name`: the sentences `en` and `it` say it in `explain`."""
    def compile(param: Any, ctx: Any) -> KnockRule:
        if ctx.knocks is False:
            ctx.error((), f"`{name}` says how a hand goes on after a knock, but nothing in "
                      f"this file knocks (no option and no trigger `do: knock`)")
        return KnockRule(name, ends_with_round, unit, knocker_plays_last)
    words: Words = {"en": {"sentence": lambda x, w: en, **_EVENT["en"]},
                    "it": {"sentence": lambda x, w: it, **_EVENT["it"]}}
    unit = LAST_TURNS.add(LastTurns(kind=Kind.KNOCK_RULE, name=name, description=description,
                                    schema=None, compile=compile, words=words,
                                    default=default))
    return unit


last_turns(
    "others_once", "every other player has one more turn; the hand ends when the turn would "
    "come back to the knocker", ends_with_round=False, default=True,
    en="After a knock every other player has one last turn; the hand ends when the turn "
       "would come back to the player who knocked, who does not play again.",
    it="Dopo la bussata ogni altro giocatore ha un ultimo turno; la mano finisce quando il "
       "turno tornerebbe a chi ha bussato, che non gioca più.")

last_turns(
    "round_end", "the round is played to its end: the hand ends when the dealer has played, "
    "nobody draws past the dealer", ends_with_round=True,
    en="After a knock the round is played to its end: the hand ends when the dealer has "
       "played (nobody draws past the dealer), at once if the dealer knocked.",
    it="Dopo la bussata si finisce il giro: la mano termina quando ha giocato il mazziere "
       "(nessuno pesca dopo di lui), subito se ha bussato il mazziere.")

last_turns(
    "knocker_last", "every player has one more turn, the knocker too: the others in turn, "
    "then the knocker, whose turn is the last of the hand", ends_with_round=False,
    knocker_plays_last=True,
    en="After a knock every player has one last turn, the knocker too: the others play in "
       "turn, then the player who knocked plays the last turn of the hand.",
    it="Dopo la bussata ogni giocatore ha un ultimo turno, anche chi ha bussato: gli altri "
       "giocano a turno, poi chi ha bussato gioca l'ultimo turno della mano.")
