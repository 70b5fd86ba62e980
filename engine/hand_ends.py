"""Why a hand ended, in words: the `Ending` each hand-end reason carries.

A hand ends for a reason the game records with its outcome (`showdown:all_passed`, `win:dealt`):
the trigger event that fired (`dealt`, `turn_end`...), what an outcome could not do
(`refresh_failed`), or the game's own mechanisms (a player `stuck` without a move, the
`turn_limit`). Each reason's words live with what makes it: an event unit (`triggers.Event.ends`),
an outcome unit (`triggers.OutcomeUnit.ends`, by the reason it ends hands with), or, for the
game's own, `OWN` below. The play table tells a hand's end with them and simulate and compare
name how hands ended with them (`ending`), so a new event that ends hands is told in its own
words, never as "other".
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ending:
    """How a hand that ended for one reason is told.

    `told`: per outcome (`showdown`, `void`, `win`), per language, the table's sentence, a
    `str.format` template whose fields are `{stock}` (the zone the undealt cards went to),
    `{turns}` (the turn limit) and `{who}` (the player `about` names); `told_you`: the same said
    to that player himself. `about`: the record event whose player the sentence is about (its
    last one in the hand: `stuck`, the player found without a move). `named`: per outcome,
    simulate's and compare's English name ("all passed"); `named_by`: the same with `{what}`, the
    ruleset's words for its instant hand ("thirty-one: instant win"); `named["scored"]`: the
    name of a showdown in a game that scores the cards taken ("played out, scored");
    `named_other`: per outcome, the name when a trigger that does not look for an instant hand
    ended it (an early knock's showdown is no "thirty-one: hands compared")."""
    told: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    told_you: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    about: str | None = None
    named: Mapping[str, str] = field(default_factory=dict)
    named_by: Mapping[str, str] = field(default_factory=dict)
    named_other: Mapping[str, str] = field(default_factory=dict)


#: the hand ends the game makes itself, not a keyword: a player with no legal move, the turn
#: limit, a knock (told of the player who knocked: the last `knock` event of the hand), and the
#: game stopped by the safety net after its most hands (`stopped:hand_limit`, counted by
#: simulate)
OWN: dict[str, Ending] = {
    "hand_limit": Ending(named={"stopped": "game stopped at the hand limit"}),
    "knock": Ending(
        about="knock", named={"showdown": "knock"},
        told={"showdown": {"en": "{who:The} knocked: the hands are compared.",
                           "it": "{who:The} ha bussato: si confrontano le mani."}},
        told_you={"showdown": {"en": "You knocked: the hands are compared.",
                               "it": "Hai bussato: si confrontano le mani."}}),
    "stuck": Ending(
        about="stuck", named={"showdown": "no move left"},
        told={"showdown": {"en": "{who:The} cannot move: the hands are compared.",
                           "it": "{who:The} non può muovere: si confrontano le mani."}},
        told_you={"showdown": {"en": "You cannot move: the hands are compared.",
                               "it": "Non puoi muovere: si confrontano le mani."}}),
    "turn_limit": Ending(
        named={"void": "turn limit"},
        told={"void": {"en": "Nothing ended the hand in {turns} turns: it is void and the game "
                             "stops here.",
                       "it": "Nessuna regola ha chiuso la mano in {turns} turni: la mano è "
                             "nulla e la partita finisce qui."}}),
}


def endings() -> Iterator[tuple[str, Ending]]:
    """Every reason a hand can end for that has words, with them: the trigger events', the
    outcomes', then the game's own."""
    from .triggers import EVENTS, OUTCOMES
    for event in EVENTS.units():
        if event.ends is not None:
            yield event.name, event.ends
    for outcome in OUTCOMES.units():
        yield from outcome.ends.items()
    yield from OWN.items()


def ending(reason: str) -> Ending | None:
    """The words of a hand-end reason, or None when nothing declares any."""
    return next((e for name, e in endings() if name == reason), None)
