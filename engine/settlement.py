"""Settlement: who pays when a hand ends, from the ruleset's `settle` and `stakes` policies.

Payers are chosen by a `pay` policy (one function each, in PAY_POLICIES), then the `ties`
policy may spare the knocker; lives mode takes lives, pot mode hands the pot to the winners.
"""
from __future__ import annotations

from typing import Any, Callable


def _strengths(st) -> dict[int, int]:
    return {p: st.hand_strength(p) for p in st.alive}


def pay_others(st, winners, rule) -> list[int]:
    return [p for p in st.alive if p not in winners]


def pay_lowest(st, winners, rule) -> list[int]:
    s = _strengths(st)
    low = min(s.values())
    return [p for p in st.alive if s[p] == low]


def pay_all_but_highest(st, winners, rule) -> list[int]:
    s = _strengths(st)
    high = max(s.values())
    return [p for p in st.alive if s[p] != high]


def highest(st) -> list[int]:
    s = _strengths(st)
    high = max(s.values())
    return [p for p in st.alive if s[p] == high]


PAY_POLICIES: dict[str, Callable[[Any, list, Any], list]] = {
    "others": pay_others,
    "lowest": pay_lowest,
    "all_but_highest": pay_all_but_highest,
}


def settle(st, outcome: str, winners: list[int]) -> None:
    rules = st.rules
    if outcome == "void" or not st.alive:
        st.emit("settled", None, outcome=outcome, payers=[])
        return
    rule = rules.settle_win if outcome == "win" else rules.settle_showdown
    if rules.stakes.mode == "pot":
        takers = winners if outcome == "win" else highest(st)
        if rule.ties != "split" and len(takers) > 1:
            st.emit("settled", None, outcome=outcome, payers=[], carried=st.pot)
            return  # nobody can be told apart: the pot stays for the next hand
        st.emit("settled", None, outcome=outcome, payers=[], winners=takers)
        st.take_pot(takers)
        return
    payers = PAY_POLICIES[rule.pay](st, winners, rule)
    knocker = st.knocker
    if knocker is not None and knocker in payers:
        if rule.spare_knocker and outcome == "win":
            payers.remove(knocker)
        elif outcome != "win" and len(payers) > 1:  # the knocker is tied with others
            if rule.ties == "knocker_spared":
                payers.remove(knocker)
            elif rule.ties == "knocker_only":
                payers = [knocker]
    st.emit("settled", None, outcome=outcome, payers=list(payers))
    if rules.stakes.mode == "points":
        for p in payers:
            st.add_points(p, rule.knocker_lives if p == knocker else rule.lives)
        return
    before = list(st.alive)
    for p in payers:
        st.lose_lives(p, rule.knocker_lives if p == knocker else rule.lives)
    if not st.alive and before:
        who = rules.stakes.reentry_who
        if who == "all":
            st.reenter(list(range(st.players)))
        elif who == "tied":
            st.reenter(before)
        else:
            st._finish_game(before)  # everybody went out together: they share the win
