"""Settlement: who pays when a hand ends, from the ruleset's `settle` and `stakes` policies.

Two kinds of keyword unit live here (see `keywords`):

* a **pay policy** (`settle.*.pay`) chooses the players a hand's end concerns: the payers in a
  lives or points game, the players who take the pot in a pot game;
* a **tie policy** (`settle.*.ties`) then decides what happens when those players are tied:
  in a lives or points game who of them pays, in a pot game whether the tied share the pot or
  it stays for the next hand (an empty list).

Each policy declares the stakes modes it has a meaning in (`modes`); the compiler refuses it in
any other, so that no policy silently does nothing (`ties: split` in a lives game). Its compile
step returns the closure `settle` calls; its words (`pays`, `ties`) take a `Payment`, which says
whether the hand was won at once, what a payer pays and the verbs of the stakes mode.

Adding a policy is one `PAY_POLICIES.add(...)` or `TIE_POLICIES.add(...)` here. What a payer
pays is still `lives` / `knocker_lives` of the settle rule (see `settle`): a policy whose
amounts depend on the hands (a penalty of target minus the hand's value) extends that step.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .compiler import MAX_PAYMENT
from .keywords import CompileContext, Kind, Registry, Terms, Unit

if TYPE_CHECKING:
    from .rules import HandEnd, StakesMode
EVERY_MODE: frozenset[StakesMode] = frozenset(("lives", "points", "pot"))
LIVES_OR_POINTS: frozenset[StakesMode] = frozenset(("lives", "points"))

#: (state, winners of a `win`, outcome) -> the players the policy chooses
Chooser = Callable[[Any, list[int], str], list[int]]
#: (state, players chosen, outcome) -> who of them pays (lives, points) or takes the pot (pot)
TieBreaker = Callable[[Any, list[int], str], list[int]]


@dataclass(frozen=True, kw_only=True)
class Policy(Unit):
    """A pay or tie policy: a unit with the stakes modes it has a meaning in."""
    modes: frozenset[StakesMode] = EVERY_MODE


@dataclass(frozen=True)
class Payment:
    """What a policy's words are about: the settle rule (its `pay`, `ties`, amounts), whether
    the hand was won at once (`win`) or the hands were compared, the stakes mode, what one payer
    pays in words (`1 life`, `2 punti di penalità`) and the verbs of the mode in the language
    of the words (`loses`/`lose` for lives, `takes`/`take` for points)."""
    rule: Any
    win: bool
    mode: StakesMode
    amount: str
    loses: str
    lose: str


def _sample(key: str) -> Callable[[Policy, Terms], Payment]:
    """A `Payment` for the tests to phrase a policy with: the ruleset's showdown rule with
    this policy, in one of the policy's stakes modes."""
    def sample(unit: Policy, w: Terms) -> Payment:
        rule = replace(w.rules.settle_showdown, **{key: unit.name})
        return Payment(rule, False, min(unit.modes), w.lives(1), "loses", "lose")
    return sample


PAY_POLICIES: Registry[Policy] = Registry(Kind.PAY_POLICY, forms=("pays",),
                                          sample=_sample("pay"))
TIE_POLICIES: Registry[Policy] = Registry(Kind.TIE_POLICY, forms=("ties",),
                                          sample=_sample("ties"))


def _strengths(st: Any) -> dict[int, int]:
    return {p: st.hand_strength(p) for p in st.alive}


def highest(st: Any) -> list[int]:
    s = _strengths(st)
    high = max(s.values())
    return [p for p in st.alive if s[p] == high]


def _fixed(chooser: Chooser) -> Callable[[Any, CompileContext], Chooser]:
    """The compile step of a policy without parameters: always the same closure."""
    return lambda param, ctx: chooser


def _say(en: str | Callable[[Payment, Terms], str],
         it: str | Callable[[Payment, Terms], str], form: str) -> Mapping[str, Any]:
    """Words whose text may be fixed."""
    def phrase(x: str | Callable[[Payment, Terms], str]) -> Callable[[Payment, Terms], str]:
        return x if callable(x) else (lambda pay, w: x)
    return {"en": {form: phrase(en)}, "it": {form: phrase(it)}}


# ---- pay policies -------------------------------------------------------------------------
def _others(st: Any, winners: list[int], outcome: str) -> list[int]:
    return [p for p in st.alive if p not in winners]


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="others", modes=LIVES_OR_POINTS,
    description="everybody but the winners", schema=None, compile=_fixed(_others),
    words=_say(lambda x, w: (f"every other player {x.loses} {x.amount}" if x.win else
                             f"every player {x.loses} {x.amount}"),
               lambda x, w: (f"ogni altro giocatore {x.loses} {x.amount}" if x.win else
                             f"ogni giocatore {x.loses} {x.amount}"), "pays")))


def _lowest(st: Any, winners: list[int], outcome: str) -> list[int]:
    # one loop, no comprehension: every hand that ends by a showdown asks this
    low: int | None = None
    out: list[int] = []
    for p in st.alive:
        s = st.hand_strength(p)
        if low is None or s < low:
            low, out = s, [p]
        elif s == low:
            out.append(p)
    return out


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="lowest", modes=LIVES_OR_POINTS,
    description="the lowest hand", schema=None, compile=_fixed(_lowest),
    words=_say(lambda x, w: f"the player with the lowest hand {x.loses} {x.amount}",
               lambda x, w: f"chi ha la mano più bassa {x.loses} {x.amount}", "pays")))


def _all_but_highest(st: Any, winners: list[int], outcome: str) -> list[int]:
    s = _strengths(st)
    high = max(s.values())
    return [p for p in st.alive if s[p] != high]


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="all_but_highest", modes=LIVES_OR_POINTS,
    description="everybody but the highest hand", schema=None,
    compile=_fixed(_all_but_highest),
    words=_say(lambda x, w: (f"everybody but the highest hand {x.loses} {x.amount} (players "
                             f"tied for the highest hand are all spared)"),
               lambda x, w: (f"tutti tranne la mano più alta {x.lose} {x.amount} (chi è pari "
                             f"con la più alta non paga)"), "pays")))


def _others_if_knocker_highest(st: Any, winners: list[int], outcome: str) -> list[int]:
    """The knocker's place decides: alone with the highest hand, everybody else pays;
    otherwise (tied for it, lower, or nobody knocked) the lowest hand pays."""
    knocker = st.knocker
    if knocker is not None and knocker in st.alive:
        s = _strengths(st)
        if all(s[knocker] > v for p, v in s.items() if p != knocker):
            return [p for p in st.alive if p != knocker]
    return _lowest(st, winners, outcome)


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="others_if_knocker_highest", modes=LIVES_OR_POINTS,
    description="if the knocker alone has the highest hand, everybody else pays; otherwise "
                "the lowest hand",
    schema=None, compile=_fixed(_others_if_knocker_highest),
    words=_say(lambda x, w: (f"if the player who knocked has the highest hand (alone), every "
                             f"other player {x.loses} {x.amount}; otherwise the player with "
                             f"the lowest hand {x.loses} {x.amount}"),
               lambda x, w: (f"se chi ha bussato ha la mano più alta (da solo), ogni altro "
                             f"giocatore {x.loses} {x.amount}; altrimenti chi ha la mano più "
                             f"bassa {x.loses} {x.amount}"), "pays")))


def _highest_takes(st: Any, winners: list[int], outcome: str) -> list[int]:
    return list(winners) if outcome == "win" else highest(st)


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="highest_takes", modes=frozenset(("pot",)),
    description="the best hand takes the pot", schema=None, compile=_fixed(_highest_takes),
    words=_say(lambda x, w: ("the winner takes the pot" if x.win else
                             "the highest hand takes the pot"),
               lambda x, w: ("il vincitore prende il piatto" if x.win else
                             "la mano più alta prende il piatto"), "pays")))


# ---- tie policies -------------------------------------------------------------------------
def _all(st: Any, chosen: list[int], outcome: str) -> list[int]:
    if st.rules.stakes.mode == "pot" and len(chosen) > 1:
        return []  # nobody can be told apart: the pot stays for the next hand
    return chosen


def _all_en(x: Payment, w: Terms) -> str:
    if x.mode == "pot":
        return ("if several win together, the pot stays for the next hand" if x.win else
                "if the best hands tie, the pot stays for the next hand")
    return "players tied for the lowest hand all pay" if x.rule.pay == "lowest" else ""


def _all_it(x: Payment, w: Terms) -> str:
    if x.mode == "pot":
        return ("se vincono in più, il piatto resta per la mano successiva" if x.win else
                "se le migliori mani sono pari, il piatto resta per la mano successiva")
    return ("se più giocatori sono pari per la mano più bassa, pagano tutti"
            if x.rule.pay == "lowest" else "")


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="all",
    description="everybody tied pays; in a pot game tied players cannot be told apart and "
                "the pot stays for the next hand",
    schema=None, compile=_fixed(_all), words={"en": {"ties": _all_en}, "it": {"ties": _all_it}}))


def _knocker_spared(st: Any, chosen: list[int], outcome: str) -> list[int]:
    knocker = st.knocker
    if outcome != "win" and knocker in chosen and len(chosen) > 1:
        return [p for p in chosen if p != knocker]
    return chosen


def _spared_en(x: Payment, w: Terms) -> str:
    if x.rule.pay == "lowest":
        return ("players tied for the lowest hand all pay, except a player who knocked: he is "
                "spared and only the others tied with him pay")
    return "a player who knocked is spared when he ties with others who pay"


def _spared_it(x: Payment, w: Terms) -> str:
    if x.rule.pay == "lowest":
        return ("se più giocatori sono pari per la mano più bassa pagano tutti, tranne chi ha "
                "bussato: lui non paga, pagano solo gli altri pari con lui")
    return "chi ha bussato non paga se è pari con altri che pagano"


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="knocker_spared", modes=LIVES_OR_POINTS,
    description="a knocker tied with other payers does not pay",
    schema=None, compile=_fixed(_knocker_spared),
    words={"en": {"ties": _spared_en}, "it": {"ties": _spared_it}}))


def _knocker_only(st: Any, chosen: list[int], outcome: str) -> list[int]:
    knocker = st.knocker
    if outcome != "win" and knocker in chosen and len(chosen) > 1:
        return [knocker]
    return chosen


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="knocker_only", modes=LIVES_OR_POINTS,
    description="when the knocker is among the tied payers, only he pays",
    schema=None, compile=_fixed(_knocker_only),
    words=_say(lambda x, w: (
        "when players tie for the lowest hand and one of them knocked, only he pays; otherwise "
        "all the tied players pay" if x.rule.pay == "lowest" else
        "when several players pay and one of them knocked, only he pays"),
        lambda x, w: (
        "se più giocatori sono pari per la mano più bassa e uno di loro ha bussato, paga solo "
        "lui; altrimenti pagano tutti" if x.rule.pay == "lowest" else
        "se devono pagare più giocatori e uno di loro ha bussato, paga solo lui"), "ties")))


def _split(st: Any, chosen: list[int], outcome: str) -> list[int]:
    return chosen


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="split", modes=frozenset(("pot",)),
    description="tied players split the pot",
    schema=None, compile=_fixed(_split),
    words=_say(lambda x, w: ("if several win together they split it (what cannot be split "
                             "stays in the pot)" if x.win else
                             "tied best hands split it (what cannot be split stays in the "
                             "pot)"),
               lambda x, w: ("se vincono in più se lo dividono (il resto resta nel piatto)"
                             if x.win else
                             "le migliori mani pari se lo dividono (il resto resta nel "
                             "piatto)"), "ties")))


def _tied(st: Any, players: list[int]) -> bool:
    """Whether the players' hands are of one strength (tied under the ruleset)."""
    return len({st.hand_strength(p) for p in players}) == 1


def _nobody(st: Any, chosen: list[int], outcome: str) -> list[int]:
    if outcome != "win" and len(chosen) > 1 and _tied(st, chosen):
        return []
    return chosen


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="nobody", modes=LIVES_OR_POINTS,
    description="players tied with each other for paying go free: nobody pays that hand",
    schema=None, compile=_fixed(_nobody),
    words=_say(lambda x, w: ("when players tie for the lowest hand, nobody pays"
                             if x.rule.pay == "lowest" else
                             "when the players who would pay have equal hands, nobody pays"),
               lambda x, w: ("se più giocatori sono pari per la mano più bassa, non paga "
                             "nessuno" if x.rule.pay == "lowest" else
                             "se chi dovrebbe pagare ha mani pari, non paga nessuno"),
               "ties")))


def _top_card(st: Any, p: int) -> Any:
    strength = st.rules.deck.strength
    return max((strength(c) for c in st.hands[p]), default=None)


def _high_card(st: Any, chosen: list[int], outcome: str) -> list[int]:
    """Of tied players, the one whose single highest card is lowest pays (lives, points) or
    the one whose highest card is highest takes the pot; if that card does not single one
    out, everybody tied pays (the pot stays)."""
    if len(chosen) < 2 or (outcome == "win" and st.rules.stakes.mode != "pot") \
            or not _tied(st, chosen):
        return _all(st, chosen, outcome)
    top = {p: _top_card(st, p) for p in chosen}
    pot = st.rules.stakes.mode == "pot"
    target = max(top.values()) if pot else min(top.values())
    picked = [p for p in chosen if top[p] == target]
    return picked if len(picked) == 1 else _all(st, chosen, outcome)


def _high_card_en(x: Payment, w: Terms) -> str:
    if x.mode == "pot":
        return ("if several tie, the one with the highest single card takes it; if those "
                "cards are equal too, the pot stays for the next hand")
    return ("when players tie for the lowest hand, the one whose highest card is lowest "
            "pays; if those cards are equal too, they all pay" if x.rule.pay == "lowest" else
            "when the players who would pay have equal hands, the one whose highest card is "
            "lowest pays; if those cards are equal too, they all pay")


def _high_card_it(x: Payment, w: Terms) -> str:
    if x.mode == "pot":
        return ("se più giocatori sono pari, lo prende chi ha la carta singola più alta; se "
                "anche quelle sono pari, il piatto resta per la mano successiva")
    head = ("se più giocatori sono pari per la mano più bassa" if x.rule.pay == "lowest"
            else "se chi dovrebbe pagare ha mani pari")
    return (f"{head}, si confronta la carta più alta di ciascuno: paga chi ce l'ha più bassa; "
            f"se anche queste sono pari, pagano tutti")


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="high_card",
    description="the single highest card breaks a tie (the tied player whose highest card is "
                "lowest pays; in a pot game the highest takes it); if those cards are equal "
                "too, everybody tied pays (the pot stays)",
    schema=None, compile=_fixed(_high_card),
    words={"en": {"ties": _high_card_en}, "it": {"ties": _high_card_it}}))


# ---- settling a hand ----------------------------------------------------------------------
def _price(st: Any, rule: Any, p: int, knocker: int | None) -> int:
    """What payer `p` takes in a points game: `points_below` minus his hand's value (never
    less than nothing, nor more than MAX_PAYMENT when his hand is worth less than nothing;
    points are whole, so a half counts as one), else `lives` (`knocker_lives` for the
    knocker)."""
    if rule.points_below is not None:
        return min(MAX_PAYMENT, max(0, math.ceil(rule.points_below - st.hand_value(p))))
    return int(rule.knocker_lives if p == knocker else rule.lives)


def settle(st: Any, outcome: HandEnd, winners: list[int]) -> None:
    rules = st.rules
    if outcome == "void" or not st.alive:
        st.emit("settled", None, outcome=outcome, payers=[])
        return
    if rules.stakes.mode == "score":  # points won, counted from the cards each side took
        from .tally import settle_score
        settle_score(st)
        return
    rule = rules.settle_win if outcome == "win" else rules.settle_showdown
    choose, break_ties = rule.choose, rule.break_ties  # called from locals (see state._apply)
    chosen = break_ties(st, choose(st, winners, outcome), outcome)
    if rules.stakes.mode == "pot":
        if not chosen:
            st.emit("settled", None, outcome=outcome, payers=[], carried=st.pot)
            return
        st.emit("settled", None, outcome=outcome, payers=[], winners=chosen)
        st.take_pot(chosen)
        return
    payers = chosen
    knocker = st.knocker
    if rule.spare_knocker and outcome == "win" and knocker in payers:
        payers = [p for p in payers if p != knocker]
    if st.record:
        st.emit("settled", None, outcome=outcome, payers=list(payers))
    if rules.stakes.mode == "points":
        for p in payers:
            st.add_points(p, _price(st, rule, p, knocker))
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
