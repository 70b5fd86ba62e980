"""Settlement: who pays when a hand ends, from the ruleset's `settle` and `stakes` policies.

Two kinds of keyword unit live here (see `keywords`):

* a **pay policy** (`settle.*.pay`) chooses the players a hand's end concerns: the payers in a
  lives or points game, the players who take the pot in a pot game;
* a **tie policy** (`settle.*.ties`) then decides what happens when those players are tied:
  in a lives or points game who of them pays, in a pot game whether the tied share the pot or
  it stays for the next hand (an empty list).

Each policy declares what it chooses (`chooses`: payers, or the takers of a pot); a stakes mode
says which it wants (`stakes_modes`), and the compiler refuses a policy in a mode that wants the
other, so that no policy silently does nothing (`ties: split` in a lives game). A policy that is
the default of a settle key says so (`default_for`): the compiler, the schema and the reference
read the defaults there. A pay policy whose payers tie for one hand names it (`tied_for`, "the
lowest hand"): the tie policies say ties with those words. Its compile step returns the closure
`settle` calls; its words (`pays`, `ties`) take a `Payment`, which says whether the hand was won
at once, what a payer pays and the verbs of the stakes mode.

Adding a policy is one `PAY_POLICIES.add(...)` or `TIE_POLICIES.add(...)` here. What a payer
pays is the stakes mode's to say (`stakes_modes.pay_lives`, `pay_points`: `lives` /
`knocker_lives` of the settle rule, or `points_below` less the hand's value).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .keywords import CompileContext, Kind, Registry, Terms, Unit
from .stakes_modes import MODES, PAYERS, PLACES, TAKERS, Chooses, StakesMode

if TYPE_CHECKING:
    from .rules import HandEnd

#: (state, winners of a `win`, outcome) -> the players the policy chooses
Chooser = Callable[[Any, list[int], str], list[int]]
#: (state, players chosen, outcome) -> who of them pays (lives, points) or takes the pot (pot)
TieBreaker = Callable[[Any, list[int], str], list[int]]
BOTH: frozenset[Chooses] = frozenset((PAYERS, TAKERS))
#: the ways a hand ends that a settle rule is written for (`settle.win`, `settle.showdown`)
SETTLE_KEYS = ("win", "showdown")
#: what a settle rule takes when the file says nothing, besides its policies (which say it
#: themselves, `default_for`): the schema builder writes them into the schema, the compiler
#: reads them here
RULE_DEFAULTS: Mapping[str, Any] = {"lives": 1, "spare_knocker": False}
#: the settle rule's amounts, which mean nothing in a mode where nobody pays
AMOUNTS = ("lives", "knocker_lives", "spare_knocker")


@dataclass(frozen=True, kw_only=True)
class Policy(Unit):
    """A pay or tie policy: a unit with what it chooses (payers or takers of the pot), the
    settle keys it is the default of, and (a pay policy) the hand its payers tie for."""
    chooses: frozenset[Chooses] = BOTH
    default_for: frozenset[str] = frozenset()
    #: language -> the hand tied payers share ("the lowest hand"); absent: payers need not
    #: hold one hand, and the tie policies say ties without it
    tied_for: Mapping[str, str] = field(default_factory=dict)

    @property
    def modes(self) -> frozenset[str]:
        """The names of the stakes modes it has a meaning in."""
        return frozenset(m.name for m in MODES.units() if m.chooses in self.chooses)


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

    @property
    def takes_pot(self) -> bool:
        """The policies choose who takes a pot, not who pays."""
        return self.mode.chooses == TAKERS


def tied_for(x: Payment, w: Terms) -> str | None:
    """The hand the rule's payers tie for, in the words' language ("the lowest hand"), or None
    when its pay policy names none."""
    pay = PAY_POLICIES.get(x.rule.pay)
    if pay is None or not pay.tied_for:
        return None
    return pay.tied_for.get(w.lang) or pay.tied_for.get("en")


def own_keys(unit: Policy) -> frozenset[str]:
    """The settle-rule keys a pay policy takes besides the common ones (`below`, `places`)."""
    return frozenset((unit.schema or {}).get("properties") or ())


def foreign_key(name: str, rule: Mapping[str, Any]) -> tuple[str, str] | None:
    """(a key of `rule` that another pay policy takes, that policy) when the rule's pay policy
    `name` does not take it: `below: 21` without `pay: below` would do nothing."""
    mine = PAY_POLICIES.get(name)
    for unit in PAY_POLICIES.units():
        for key in own_keys(unit):
            if key in rule and rule[key] is not None and (mine is None or
                                                           key not in own_keys(mine)):
                return key, unit.name
    return None


def default_policy(registry: Registry[Policy], key: str, mode: StakesMode) -> Policy | None:
    """The policy a settle rule `key` takes in `mode` when the file names none: the first that
    is the default of that key and has a meaning in the mode."""
    return next((u for u in registry.units() if key in u.default_for and
                 mode.chooses in u.chooses), None)


def _sample(key: str) -> Callable[[Policy, Terms], Payment]:
    """A `Payment` for the tests to phrase a policy with: the ruleset's showdown rule with
    this policy, in one of the modes it has a meaning in."""
    def sample(unit: Policy, w: Terms) -> Payment:
        rule = replace(w.rules.settle_showdown, **{key: unit.name}, own=unit.example or {})
        return Payment(rule, False, MODES[min(unit.modes)], w.lives(1), "loses", "lose")
    return sample


PAY_POLICIES: Registry[Policy] = Registry(Kind.PAY_POLICY, forms=("pays",),
                                          sample=_sample("pay"))
TIE_POLICIES: Registry[Policy] = Registry(Kind.TIE_POLICY, forms=("ties",),
                                          sample=_sample("ties"))


def _strengths(st: Any) -> dict[int, int]:
    """Each live hand's strength, the ruleset's table read directly (a whole hand is in it;
    another is valued by `hand_strength`), in a loop: every settled hand asks this."""
    out: dict[int, int] = {}
    strength, masks = st.rules.valuation.strength, st.masks
    for p in st.alive:
        try:
            out[p] = strength[masks[p]]
        except KeyError:
            out[p] = st.hand_strength(p)
    return out


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
    kind=Kind.PAY_POLICY, name="others", chooses=frozenset((PAYERS,)),
    default_for=frozenset(("win",)),
    description="everybody but the winners", schema=None, compile=_fixed(_others),
    words=_say(lambda x, w: (f"every other player {x.loses} {x.amount}" if x.win else
                             f"every player {x.loses} {x.amount}"),
               lambda x, w: (f"ogni altro giocatore {x.loses} {x.amount}" if x.win else
                             f"ogni giocatore {x.loses} {x.amount}"), "pays")))


def _lowest(st: Any, winners: list[int], outcome: str) -> list[int]:
    # one loop, no comprehension, and the ruleset's table read directly (a whole hand is in
    # it; another is valued by `hand_strength`): every hand that ends by a showdown asks this
    low: int | None = None
    out: list[int] = []
    strength, masks = st.rules.valuation.strength, st.masks
    for p in st.alive:
        try:
            s = strength[masks[p]]
        except KeyError:
            s = st.hand_strength(p)
        if low is None or s < low:
            low, out = s, [p]
        elif s == low:
            out.append(p)
    return out


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="lowest", chooses=frozenset((PAYERS,)),
    default_for=frozenset(("showdown",)),
    tied_for={"en": "the lowest hand", "it": "la mano più bassa"},
    description="the lowest hand", schema=None, compile=_fixed(_lowest),
    words=_say(lambda x, w: f"the player with the lowest hand {x.loses} {x.amount}",
               lambda x, w: f"chi ha la mano più bassa {x.loses} {x.amount}", "pays")))


def _all_but_highest(st: Any, winners: list[int], outcome: str) -> list[int]:
    s = _strengths(st)
    high = max(s.values())
    return [p for p in st.alive if s[p] != high]


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="all_but_highest", chooses=frozenset((PAYERS,)),
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
    kind=Kind.PAY_POLICY, name="others_if_knocker_highest", chooses=frozenset((PAYERS,)),
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
    kind=Kind.PAY_POLICY, name="highest_takes", chooses=frozenset((TAKERS,)),
    default_for=frozenset(SETTLE_KEYS),
    description="the best hand takes the pot", schema=None, compile=_fixed(_highest_takes),
    words=_say(lambda x, w: ("the winner takes the pot" if x.win else
                             "the highest hand takes the pot"),
               lambda x, w: ("il vincitore prende il piatto" if x.win else
                             "la mano più alta prende il piatto"), "pays")))


def _lowest_and_knocker(st: Any, winners: list[int], outcome: str) -> list[int]:
    """The lowest hand pays, and a knocker who does not hold the highest hand (alone or tied)
    pays too, once."""
    payers = _lowest(st, winners, outcome)
    knocker = st.knocker
    if knocker is not None and knocker in st.alive and knocker not in payers and \
            st.hand_strength(knocker) < max(_strengths(st).values()):
        payers = payers + [knocker]
    return payers


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="lowest_and_knocker", chooses=frozenset((PAYERS,)),
    tied_for={"en": "the lowest hand", "it": "la mano più bassa"},
    description="the lowest hand, and the knocker too unless he holds the highest hand "
                "(alone or tied)",
    schema=None, compile=_fixed(_lowest_and_knocker),
    words=_say(lambda x, w: (f"the player with the lowest hand {x.loses} {x.amount}, and so "
                             f"does the player who knocked unless he has the highest hand "
                             f"(alone or tied)"),
               lambda x, w: (f"chi ha la mano più bassa {x.loses} {x.amount}, e così anche chi "
                             f"ha bussato, a meno che non abbia la mano più alta (da solo o "
                             f"pari)"), "pays")))


#: the most a threshold (`below`) may be: no hand is worth more
MAX_THRESHOLD = 1000


def _below(param: Mapping[str, Any], ctx: CompileContext) -> Chooser:
    """Every player whose hand is worth less than `below` (its value, not its tier)."""
    limit = param.get("below")
    if not isinstance(limit, (int, float)):
        ctx.error((), "`pay: below` needs `below: N`, the value a hand must reach not to pay")
        limit = 0

    def below(st: Any, winners: list[int], outcome: str) -> list[int]:
        return [p for p in st.alive if p not in winners and st.hand_value(p) < limit]
    return below


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="below", chooses=frozenset((PAYERS,)),
    description="every player whose hand is worth less than `below` (after a win, the winners "
                "never); nobody, when every hand reaches it",
    schema={"properties": {"below": {
        "description": "pay: below only: the value a hand must reach not to pay "
                       "(`{pay: below, below: 21}`: everybody under 21 pays).",
        "type": ["number", "null"], "minimum": 0, "maximum": MAX_THRESHOLD}}},
    compile=_below, example={"below": 21},
    words=_say(lambda x, w: (f"every player whose hand is worth less than "
                             f"{w.num(x.rule.own.get('below'))} {x.loses} {x.amount}"),
               lambda x, w: (f"ogni giocatore la cui mano vale meno di "
                             f"{w.num(x.rule.own.get('below'))} {x.loses} {x.amount}"), "pays")))


class Transfer:
    """A pay policy's closure that also names who receives what the payers lose (`gives_to`):
    the lives (or penalty points taken off) go from the worst hand to the best."""

    def __init__(self, payers: Chooser, receivers: Callable[[Any], list[int]]) -> None:
        self.payers = payers
        self.gives_to = receivers

    def __call__(self, st: Any, winners: list[int], outcome: str) -> list[int]:
        return self.payers(st, winners, outcome)


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="lowest_to_highest", chooses=frozenset((PAYERS,)),
    tied_for={"en": "the lowest hand", "it": "la mano più bassa"},
    description="the lowest hand pays, and what it pays goes to the highest hand (players "
                "tied for it share it; what cannot be shared is lost)",
    schema=None, compile=lambda param, ctx: Transfer(_lowest, highest),
    words=_say(lambda x, w: (f"the player with the lowest hand {x.loses} {x.amount}, which "
                             f"goes to the player with the highest hand (players tied for it "
                             f"share it, what cannot be shared is lost)"),
               lambda x, w: (f"chi ha la mano più bassa {x.loses} {x.amount}, che va a chi ha "
                             f"la mano più alta (chi è pari per la più alta se lo divide, il "
                             f"resto va perso)"), "pays")))


# ---- points won by place ------------------------------------------------------------------
MAX_PLACES = 16


def _places(param: Mapping[str, Any], ctx: CompileContext) -> Callable[..., dict[int, int]]:
    """`places: [3, 2, 1]` (the points of the best hand, the next, ...) and `knocker_places`
    (the knocker's instead; default `places`): every player's points by his hand's place.
    Players tied share the better place; after a win the winners hold the first place."""
    places = list(param.get("places") or [1])
    mine = param.get("knocker_places")
    knocker_places = places if mine is None else list(mine)

    def award(st: Any, winners: list[int], outcome: str) -> dict[int, int]:
        s = _strengths(st)
        won = [p for p in winners if p in s] if outcome == "win" else []
        out: dict[int, int] = {}
        for p in st.alive:
            if p in won:
                place = 0
            else:
                place = len(won) + sum(1 for q, v in s.items() if q not in won and v > s[p])
            table = knocker_places if p == st.knocker else places
            out[p] = table[place] if place < len(table) else 0
        return out
    return award


def _places_said(x: Payment, w: Terms, en: bool) -> str:
    rule = x.rule.own
    places = [w.num(n) for n in (rule.get("places") or [1])]
    mine = rule.get("knocker_places")
    if x.win and len(places) == 1:
        head = (f"the winners score {places[0]}, the others nothing" if en else
                f"chi vince segna {places[0]}, gli altri niente")
    else:
        head = (f"each player scores by the place of his hand, from the highest: "
                f"{w.join(places)} (players tied share the better place, lower places score "
                f"nothing)" if en else
                f"ognuno segna secondo il posto della sua mano, dalla più alta: "
                f"{w.join(places)} (chi è pari prende il posto migliore, i posti più bassi "
                f"non segnano)")
    if mine is not None:
        said = w.join([w.num(n) for n in mine])
        head += (f"; the player who knocked scores {said} by place instead" if en else
                 f"; chi ha bussato segna invece {said} secondo il posto")
    return head


def _places_keys() -> Mapping[str, Any]:
    points = {"type": "array", "items": {"type": "integer", "minimum": 0,
                                         "maximum": 1000}, "minItems": 1,
              "maxItems": MAX_PLACES}
    return {"properties": {
        "places": {**points, "description": "pay: by_place only: the points of the highest "
                                            "hand, the next, ... (`[3, 2, 1]`); players tied "
                                            "share the better place. Default [1]."},
        "knocker_places": {**points, "description": "pay: by_place only: the knocker's "
                                                    "points by place instead (`[4, 1, 0]`). "
                                                    "Default: `places`."}}}


PAY_POLICIES.add(Policy(
    kind=Kind.PAY_POLICY, name="by_place", chooses=frozenset((PLACES,)),
    default_for=frozenset(SETTLE_KEYS),
    description="every player scores points by the place of his hand (`places`, "
                "`knocker_places`)",
    schema=_places_keys(), compile=_places,
    example={"places": [3, 2, 1], "knocker_places": [4, 1, 0]},
    words={"en": {"pays": lambda x, w: _places_said(x, w, True)},
           "it": {"pays": lambda x, w: _places_said(x, w, False)}}))


# ---- tie policies -------------------------------------------------------------------------
def _all(st: Any, chosen: list[int], outcome: str) -> list[int]:
    if len(chosen) > 1 and st.rules.stakes.mode.chooses == TAKERS:
        return []  # nobody can be told apart: the pot stays for the next hand
    return chosen


def _all_en(x: Payment, w: Terms) -> str:
    if x.takes_pot:
        return ("if several win together, the pot stays for the next hand" if x.win else
                "if the best hands tie, the pot stays for the next hand")
    tied = tied_for(x, w)
    return f"players tied for {tied} all pay" if tied else \
        "when several players pay together, they all pay, tied or not"


def _all_it(x: Payment, w: Terms) -> str:
    if x.takes_pot:
        return ("se vincono in più, il piatto resta per la mano successiva" if x.win else
                "se le migliori mani sono pari, il piatto resta per la mano successiva")
    tied = tied_for(x, w)
    return f"se più giocatori sono pari per {tied}, pagano tutti" if tied else \
        "se devono pagare più giocatori insieme, pagano tutti, pari o no"


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="all", default_for=frozenset(SETTLE_KEYS),
    chooses=frozenset((PAYERS, TAKERS, PLACES)),
    description="everybody tied pays; in a pot game tied players cannot be told apart and "
                "the pot stays for the next hand",
    schema=None, compile=_fixed(_all), words={"en": {"ties": _all_en}, "it": {"ties": _all_it}}))


def _knocker_spared(st: Any, chosen: list[int], outcome: str) -> list[int]:
    knocker = st.knocker
    if outcome != "win" and knocker in chosen and len(chosen) > 1:
        return [p for p in chosen if p != knocker]
    return chosen


def _spared_en(x: Payment, w: Terms) -> str:
    tied = tied_for(x, w)
    if tied:
        return (f"players tied for {tied} all pay, except a player who knocked: he is spared "
                f"and only the others tied with him pay")
    return "a player who knocked is spared when he ties with others who pay"


def _spared_it(x: Payment, w: Terms) -> str:
    tied = tied_for(x, w)
    if tied:
        return (f"se più giocatori sono pari per {tied} pagano tutti, tranne chi ha bussato: "
                f"lui non paga, pagano solo gli altri pari con lui")
    return "chi ha bussato non paga se è pari con altri che pagano"


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="knocker_spared", chooses=frozenset((PAYERS,)),
    description="a knocker tied with other payers does not pay",
    schema=None, compile=_fixed(_knocker_spared),
    words={"en": {"ties": _spared_en}, "it": {"ties": _spared_it}}))


def _knocker_only(st: Any, chosen: list[int], outcome: str) -> list[int]:
    knocker = st.knocker
    if outcome != "win" and knocker in chosen and len(chosen) > 1:
        return [knocker]
    return chosen


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="knocker_only", chooses=frozenset((PAYERS,)),
    description="when the knocker is among the tied payers, only he pays",
    schema=None, compile=_fixed(_knocker_only),
    words=_say(lambda x, w: (
        f"when players tie for {tied_for(x, w)} and one of them knocked, only he pays; "
        f"otherwise all the tied players pay" if tied_for(x, w) else
        "when several players pay and one of them knocked, only he pays"),
        lambda x, w: (
        f"se più giocatori sono pari per {tied_for(x, w)} e uno di loro ha bussato, paga solo "
        f"lui; altrimenti pagano tutti" if tied_for(x, w) else
        "se devono pagare più giocatori e uno di loro ha bussato, paga solo lui"), "ties")))


def _split(st: Any, chosen: list[int], outcome: str) -> list[int]:
    return chosen


TIE_POLICIES.add(Policy(
    kind=Kind.TIE_POLICY, name="split", chooses=frozenset((TAKERS,)),
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
    kind=Kind.TIE_POLICY, name="nobody", chooses=frozenset((PAYERS,)),
    description="players tied with each other for paying go free: nobody pays that hand",
    schema=None, compile=_fixed(_nobody),
    words=_say(lambda x, w: (f"when players tie for {tied_for(x, w)}, nobody pays"
                             if tied_for(x, w) else
                             "when the players who would pay have equal hands, nobody pays"),
               lambda x, w: (f"se più giocatori sono pari per {tied_for(x, w)}, non paga "
                             f"nessuno" if tied_for(x, w) else
                             "se chi dovrebbe pagare ha mani pari, non paga nessuno"),
               "ties")))


def _top_card(st: Any, p: int) -> Any:
    strength = st.rules.deck.strength
    return max((strength(c) for c in st.hands[p]), default=None)


def _high_card(st: Any, chosen: list[int], outcome: str) -> list[int]:
    """Of tied players, the one whose single highest card is lowest pays (lives, points) or
    the one whose highest card is highest takes the pot; if that card does not single one
    out, everybody tied pays (the pot stays)."""
    pot = st.rules.stakes.mode.chooses == TAKERS
    if len(chosen) < 2 or (outcome == "win" and not pot) or not _tied(st, chosen):
        return _all(st, chosen, outcome)
    top = {p: _top_card(st, p) for p in chosen}
    target = max(top.values()) if pot else min(top.values())
    picked = [p for p in chosen if top[p] == target]
    return picked if len(picked) == 1 else _all(st, chosen, outcome)


def _high_card_en(x: Payment, w: Terms) -> str:
    if x.takes_pot:
        return ("if several tie, the one with the highest single card takes it; if those "
                "cards are equal too, the pot stays for the next hand")
    tied = tied_for(x, w)
    head = (f"when players tie for {tied}" if tied else
            "when the players who would pay have equal hands")
    return (f"{head}, the one whose highest card is lowest pays; if those cards are equal too, "
            f"they all pay")


def _high_card_it(x: Payment, w: Terms) -> str:
    if x.takes_pot:
        return ("se più giocatori sono pari, lo prende chi ha la carta singola più alta; se "
                "anche quelle sono pari, il piatto resta per la mano successiva")
    tied = tied_for(x, w)
    head = (f"se più giocatori sono pari per {tied}" if tied else
            "se chi dovrebbe pagare ha mani pari")
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
def settle(st: Any, outcome: HandEnd, winners: list[int]) -> None:
    """The end of a hand, paid as the stakes mode says (`StakesMode.settle`); a void hand, or
    one nobody is left in, costs nothing."""
    if outcome == "void" or not st.alive:
        if st.record:
            st.emit("settled", None, outcome=outcome, payers=[])
        return
    st.rules.stakes.mode.settle(st, outcome, winners)
