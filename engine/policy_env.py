"""What every written greedy turn is written from (policy_code's draw-and-discard turn and
hand loop, policy_swap's widow turn): the ruleset's play facts and greedy's tables for this
knock bar, as the names the generated code reads. One place, so the writers cannot drift
apart in what `BOT`, `STRENGTH` or `BAR` mean."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .rules import play_facts

if TYPE_CHECKING:
    from .rules import PlayFacts, Ruleset

#: how every written turn opens: a position of an unusual form (not the first step, one move
#: offered, a hand not of its size) is left to the bot itself; else the hand's mask is read
TURN_OPENING = ("def turn(st):",
                "    legal = st._legal",
                "    p = st.current_player",
                "    hand = st.hands[p]",
                "    if st._step is not FIRST or len(legal) == 1 or len(hand) != SIZE:",
                "        a = BOT(st, legal)",
                "        return PLAY[a.option_ref](st, a)",
                "    hmask = st.masks[p]")


def greedy_env(rules: Ruleset, knock: float, declining: bool,
               supported: Callable[[Ruleset, PlayFacts], bool]
               ) -> tuple[PlayFacts, dict[str, Any], dict[str, bool]] | None:
    """(the play facts, the generated code's names, which zones show their top card), or
    None when the writer does not support the ruleset's shape or greedy declares hands (a
    declaration is the bot's own decision, which no written turn makes)."""
    # bots imports the writers (policy_code), so its tables are imported when first asked
    from .bots import _greedy_tables, _improver

    facts = play_facts(rules)
    if not supported(rules, facts):
        return None
    strength, value_of_rank, size, _, shows_top, bar, _, bits, declares = \
        _greedy_tables(rules, knock, declining)
    if declares:
        return None
    env: dict[str, Any] = {
        "FIRST": facts.first_step, "BOT": _improver(knock, declining), "PLAY": facts.play,
        "end_turn": facts.end_turn, "STRENGTH": strength, "VALUE_OF_RANK": value_of_rank,
        "SIZE": size, "BAR": bar, "BITS": bits}
    return facts, env, shows_top
