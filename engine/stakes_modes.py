"""Stakes modes: what a game is played for (`stakes.mode`), one keyword unit each.

A mode is the one place that says, for its games:

* what a hand costs and who goes out (`settle`, run once a hand has ended and was not void),
  what each player holds at the start (`start`), and what the game's winners get at its end
  (`reward`: what `GameState.returns()` then counts, won less paid);
* how a player's standing reads: whether more is better (`sign`: penalty points count against),
  what it counts (`currency`, and `pays_in` for what a payer pays) and its words for the table
  and the explanation (`words`: the section's title and sentences, the verbs of paying);
* which pay and tie policies have a meaning in it (`chooses`: the players who pay, or the
  players who take the pot; a policy says which it chooses, see `settlement`), whether it
  counts up towards `end.target`, whether it scores the cards taken (`scoring:`);
* which `stakes:` keys it takes (`keys`): the published schema gives each its type and words
  from here, the compiler its default, and the lint says a key no mode here owns "has no
  effect"; simulate's tallies (`lab`).

Nothing outside this module compares a mode's name: the compiled `Stakes` holds the unit and
every consumer asks it. Adding a mode is one `MODES.add(...)` (see tests/test_scratch_settlement
for one added from outside). This module imports no game (no state, no settlement policies):
`score`, which compiles only the hand values, asks it whether the hands are valued at all.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from .compilation import MAX_PAYMENT
from .keywords import CompileContext, Kind, Registry, Terms, Unit
from .stakes import go_out
from .tally import settle_score
from .utility import (
    Returns,
    lives_utility,
    points_utility,
    pot_utility,
    score_utility,
    undeclared,
)

if TYPE_CHECKING:
    from .rules import Stakes

#: What a hand's end chooses in a mode: the players who pay (lives, penalty points), the
#: players who take the pot, or the points each player wins by the place of his hand; a pay or
#: tie policy has a meaning where it chooses the same.
Chooses = Literal["payers", "takers", "places"]
PAYERS: Chooses = "payers"
TAKERS: Chooses = "takers"
PLACES: Chooses = "places"

#: The mode of a ruleset whose `stakes` says none.
DEFAULT = "lives"


# ---- what standing counts -----------------------------------------------------------------
@dataclass(frozen=True)
class Currency:
    """Something a player holds or pays, counted: `one` and `other` per language are templates
    of `{n}` (a number already written in that language), `word` the plural on its own, `a`
    one of it with its article ("a life", "una vita")."""
    one: Mapping[str, str]
    other: Mapping[str, str]
    word: Mapping[str, str]
    a: Mapping[str, str]

    def count(self, n: Any, number: str, lang: str) -> str:
        return (self.one if n == 1 else self.other)[lang].format(n=number)


#: The currencies, by name; a mode names the one its standing counts. `won` is points won (a
#: capture game), `point` a penalty point.
CURRENCIES: dict[str, Currency] = {
    "life": Currency({"en": "{n} life", "it": "{n} vita"},
                     {"en": "{n} lives", "it": "{n} vite"}, {"en": "lives", "it": "vite"},
                     {"en": "a life", "it": "una vita"}),
    "chip": Currency({"en": "{n} chip", "it": "{n} fiche"},
                     {"en": "{n} chips", "it": "{n} fiche"}, {"en": "chips", "it": "fiche"},
                     {"en": "a chip", "it": "una fiche"}),
    "point": Currency({"en": "{n} penalty point", "it": "{n} punto di penalità"},
                      {"en": "{n} penalty points", "it": "{n} punti di penalità"},
                      {"en": "penalty points", "it": "punti di penalità"},
                      {"en": "a penalty point", "it": "un punto di penalità"}),
    "won": Currency({"en": "{n} point", "it": "{n} punto"}, {"en": "{n} points", "it": "{n} punti"},
                    {"en": "points", "it": "punti"}, {"en": "a point", "it": "un punto"}),
}


# ---- the unit -----------------------------------------------------------------------------
@dataclass(frozen=True)
class StakesKey:
    """A `stakes:` key a mode takes: its JSON Schema fragment (its `default` is what the
    compiler uses when the file gives none), what it is, in words (the schema says "lives mode:"
    before them and "Default 3." after), why it means nothing in the other modes (the lint's
    words), and whether a complete ruleset in this mode must give it."""
    schema: Mapping[str, Any]
    description: str
    why: str
    required: bool = False
    #: what a complete ruleset's value must also satisfy (`reentry` says who comes back)
    complete: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class LabWords:
    """What simulate's summary tallies in this mode, in English: what payers paid (`lost`, or
    None: nothing is paid that way) and what went into pots (`paid`; always shown when
    `paid_always`, else only when something was)."""
    lost: str | None
    paid: str
    paid_always: bool = False


def _nothing(st: Any) -> None:
    """A reward or a settlement that does nothing."""


@dataclass(frozen=True, kw_only=True, repr=False)
class StakesMode(Unit):
    """A stakes mode (see the module's docstring). Its words take the compiled `Stakes`."""
    keys: Mapping[str, StakesKey] = field(default_factory=dict)
    #: definitions its keys' schemas refer to (`#/definitions/NAME`), added to the schema's
    definitions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    chooses: Chooses | None = PAYERS
    currency: str = "life"
    pays_in: str = "life"
    sign: int = 1
    #: every hand each player stakes `ante` from what he holds, and a pot he takes goes back
    #: into it (a bankroll); without, a game's winner gets one each (`reward`)
    antes: bool = False
    #: standing counts up towards `end.target` and nobody goes out: the game ends there or
    #: after `end.hands`
    counts_to_target: bool = False
    #: the hands are not valued: the cards each side took score (`scoring:`), not `settle:`
    scores_cards: bool = False
    #: players tied for the lead at `end.target` play on until one side leads
    ties_play_on: bool = False
    #: a payer may pay by his hand (`settle.*.points_below`: that number less its value)
    prices_hands: bool = False
    #: why a settle rule's amounts (`lives`, `knocker_lives`, `spare_knocker`) mean nothing here
    no_payment: str = ""
    lab: LabWords = LabWords("lives lost", "lives paid into the pot")
    #: (state, outcome, winners) -> None: what the hand's end costs (see settlement.settle)
    settle: Callable[[Any, str, list[int]], None] = field(default=lambda st, o, w: None,
                                                          repr=False)
    #: (state) -> None: what the game's winners (`state.winners`) get when it ends
    reward: Callable[[Any], None] = field(default=_nothing, repr=False)
    #: (compiled Stakes) -> what each player holds at the start
    start: Callable[[Any], int] = field(default=lambda stakes: 0, repr=False)
    #: (ruleset, players) -> what it declares of `returns()` and a hand's result (utility)
    utility: Callable[[Any, int], Returns] = field(default=undeclared, repr=False)

    def __repr__(self) -> str:
        return f"StakesMode({self.name!r})"

    @property
    def pays(self) -> bool:
        """A hand's end makes players pay (lives, penalty points): the settle rules' amounts
        have a meaning."""
        return self.chooses == PAYERS

    def say(self, form: str, stakes: Any, terms: Terms) -> str:
        """Its phrase `form` about the compiled `stakes`, in the language of `terms`."""
        return self.words[terms.lang if terms.lang in self.words else "en"][form](stakes, terms)


def _sample(unit: StakesMode, w: Terms) -> Stakes:
    """What the tests phrase a mode with: the ruleset's stakes, in this mode."""
    return replace(w.rules.stakes, mode=unit)


def _currency_problem(unit: StakesMode) -> str | None:
    """Why a mode cannot be added for its currencies: each it names (`currency`, `pays_in`)
    needs its words in CURRENCIES, which explain, the table and the lab say standing by."""
    unknown = [c for c in dict.fromkeys((unit.currency, unit.pays_in)) if c not in CURRENCIES]
    if not unknown:
        return None
    return (f"stakes mode {unit.name!r} counts in {', '.join(map(repr, unknown))}, which "
            f"stakes_modes.CURRENCIES has no words for: add its Currency there first")


MODES: Registry[StakesMode] = Registry(Kind.STAKES_MODE, forms=("title", "standing", "loses",
                                                                "lose"), sample=_sample,
                                       check=_currency_problem)


def mode_of(stakes: Mapping[str, Any] | None) -> StakesMode | None:
    """The mode a `stakes:` section (as written) chooses, or None for a name no unit has."""
    return MODES.get((stakes or {}).get("mode", DEFAULT))


def owner_of(key: str) -> StakesMode | None:
    """The mode that takes `stakes.KEY`, if any."""
    return next((m for m in MODES.units() if key in m.keys), None)


def key_default(key: str, *inside: str) -> Any:
    """The default of `stakes.KEY`, or of a key inside it (`reentry`, `lives`), from the schema
    of the mode that takes it (None: no default)."""
    owner = owner_of(key)
    if owner is None:
        return None
    schema: Mapping[str, Any] = owner.keys[key].schema
    for name in inside:
        refs = [schema] + list(schema.get("anyOf") or ())
        ref = next((r["$ref"] for r in refs if "$ref" in r), None)
        if ref is not None:
            schema = owner.definitions[ref.rsplit("/", 1)[-1]]
        schema = (schema.get("properties") or {}).get(name) or {}
    return schema.get("default")


def check_needs(needs: Mapping[str, str]) -> Callable[[Mapping[str, Any], CompileContext], None]:
    """A mode's compile step: the keys it cannot do without, each with the words of the problem
    (the schema requires them of a complete ruleset too)."""
    def check(stakes: Mapping[str, Any], ctx: CompileContext) -> None:
        for key, message in needs.items():
            if not stakes.get(key):
                ctx.error((), message)
    return check


def key_words(mode: StakesMode, key: str) -> str:
    """A key's description as the schema shows it: "lives mode: ... Default 3."."""
    own = mode.keys[key]
    head = f"{mode.name} mode, required there" if own.required else f"{mode.name} mode"
    default = own.schema.get("default")
    tail = f" Default {json.dumps(default)}." if default is not None else ""
    return f"{head}: {own.description}{tail}"


# ---- what a hand costs, per mode -----------------------------------------------------------
# (called with the game state once a hand has ended and was not void: see settlement.settle)
def _payers(st: Any, outcome: str, winners: list[int]) -> tuple[Any, list[int], int | None]:
    """(the settle rule of this end, who pays, the knocker): the players its pay and tie
    policies choose, less a knocker the rule spares after a win."""
    rules = st.rules
    rule = rules.settle_win if outcome == "win" else rules.settle_showdown
    choose, break_ties = rule.choose, rule.break_ties  # called from locals (see state._apply)
    payers = break_ties(st, choose(st, winners, outcome), outcome)
    knocker = st.knocker
    if rule.spare_knocker and outcome == "win" and knocker in payers:
        payers = [p for p in payers if p != knocker]
    if st.record:
        st.emit("settled", None, outcome=outcome, payers=list(payers))
    return rule, payers, knocker


def _price(st: Any, rule: Any, p: int, knocker: int | None) -> int:
    """What payer `p` takes in a points game: `points_below` minus his hand's value (never
    less than nothing, nor more than MAX_PAYMENT when his hand is worth less than nothing;
    points are whole, so a half counts as one), else `lives` (`knocker_lives` for the
    knocker)."""
    if rule.points_below is not None:
        return min(MAX_PAYMENT, max(0, math.ceil(rule.points_below - st.hand_value(p))))
    return int(rule.knocker_lives if p == knocker else rule.lives)


def _receivers(st: Any, rule: Any, payers: list[int]) -> list[int]:
    """Who receives what the payers pay, when the pay policy gives it to somebody (a transfer:
    its closure names them, `gives_to`); never a payer himself."""
    gives_to = getattr(rule.choose, "gives_to", None)
    return [] if gives_to is None else [p for p in gives_to(st) if p not in payers]


def _transfer(st: Any, receivers: list[int], paid: int, sign: int) -> None:
    """What the payers paid, shared by the receivers (what cannot be shared is lost): lives
    gained, or penalty points taken off (never below none)."""
    if not receivers or paid <= 0:
        return
    share = paid // len(receivers)
    for p in receivers:
        moved = share if sign > 0 else min(share, st.lives[p])
        if moved:
            st.lives[p] += sign * moved
            if st.record:
                st.emit("points", p, points=st.lives[p], added=sign * moved)


def pay_points(st: Any, outcome: str, winners: list[int]) -> None:
    """A points game: each payer takes penalty points."""
    rule, payers, knocker = _payers(st, outcome, winners)
    receivers = _receivers(st, rule, payers)
    paid = 0
    for p in payers:
        price = _price(st, rule, p, knocker)
        paid += price
        st.add_points(p, price)
    _transfer(st, receivers, paid, -1)


def pay_places(st: Any, outcome: str, winners: list[int]) -> None:
    """Points won by place: every player scores what his hand's place is worth."""
    rules = st.rules
    rule = rules.settle_win if outcome == "win" else rules.settle_showdown
    awards = rule.break_ties(st, rule.choose(st, winners, outcome), outcome)
    if st.record:
        st.emit("settled", None, outcome=outcome, payers=[], points=dict(awards))
    for p, n in awards.items():
        if n:
            st.add_points(p, n)


def pay_lives(st: Any, outcome: str, winners: list[int]) -> None:
    """A lives game: each payer loses lives (given to the receivers of a transfer); a player
    who swam this hand goes out when the last chance lasts one hand; when that puts everybody
    out at once, the re-entry brings players back, or they share the win."""
    rule, payers, knocker = _payers(st, outcome, winners)
    before = list(st.alive)
    receivers = _receivers(st, rule, payers)
    swimmers = ([p for p in before if st.on_last_chance[p]]
                if st.rules.stakes.own.get("last_chance_lasts") == "hand" else [])
    lives = st.lives
    held = 0
    for p in payers:  # (a loop: `sum` over a generator is a function made at every hand)
        held += lives[p]
        st.lose_lives(p, rule.knocker_lives if p == knocker else rule.lives)
    if receivers:
        _transfer(st, receivers, held - sum(lives[p] for p in payers), 1)
    for p in swimmers:  # one more hand, then out whatever happened in it
        go_out(st, p)
    if not st.alive and before:
        who = st.rules.stakes.reentry_who
        if who == "all":
            st.reenter(list(range(st.players)))
        elif who == "tied":
            st.reenter(before)
        else:
            st._finish_game(before)  # everybody went out together: they share the win


def pay_pot(st: Any, outcome: str, winners: list[int]) -> None:
    """A pot game: the players chosen take the pot, or (none chosen) it stays for the next."""
    rules = st.rules
    rule = rules.settle_win if outcome == "win" else rules.settle_showdown
    chosen = rule.break_ties(st, rule.choose(st, winners, outcome), outcome)
    if not chosen:
        if st.record:
            st.emit("settled", None, outcome=outcome, payers=[], carried=st.pot)
        return
    if st.record:  # (an event's keywords are a dict made at each call: only when recorded)
        st.emit("settled", None, outcome=outcome, payers=[], winners=chosen)
    st.take_pot(chosen)


def _score(st: Any, outcome: str, winners: list[int]) -> None:
    settle_score(st)


def one_each(st: Any) -> None:
    """The game's winners get one each (what `returns()` counts where no chips change hands)."""
    for p in st.winners:
        st.won[p] += 1


def _lives_reward(st: Any) -> None:
    """The winners take the pot of lost lives (`into_pot`), else one each."""
    if st.rules.stakes.into_pot:
        st.take_pot(st.winners)
    else:
        one_each(st)


# ---- the modes ----------------------------------------------------------------------------
def _lives_standing(s: Any, w: Terms) -> str:
    """Each player's lives, what a lost one pays, the last chance, re-entry."""
    en = w.lang == "en"
    lines = [f"Each player starts with {w.lives(s.lives)}." if en else
             f"Ogni giocatore comincia con {w.lives(s.lives)}."]
    if s.into_pot:
        lines.append("Every life lost is a stake paid into the pot; the winner of the game takes "
                     "the pot." if en else
                     "Ogni vita persa è una posta che va nel piatto; il vincitore della partita "
                     "prende il piatto.")
    if s.last_chance and s.own.get("last_chance_lasts") == "hand":
        own = w.term("last_chance")
        name = f" ({w.q(own)})" if own else ""
        lines.append(
            f"A player who loses his last life is not out yet: he has a last chance{name} and "
            f"plays one more hand with no lives; after it he is out, whatever happens in it."
            if en else
            f"Chi perde l'ultima vita non è ancora fuori: ha un'ultima possibilità{name} e gioca "
            f"ancora una mano senza vite; dopo quella esce, qualunque cosa succeda.")
    elif s.last_chance:
        own = w.term("last_chance")
        name = f" ({w.q(own)})" if own else ""
        lines.append(
            f"A player who loses his last life is not out yet: he has a last chance{name} and "
            f"plays on with no lives until he loses once more, then he is out." if en else
            f"Chi perde l'ultima vita non è ancora fuori: ha un'ultima possibilità{name} e "
            f"continua a giocare senza vite finché non perde ancora una volta; allora esce.")
    else:
        lines.append("A player who loses his last life is out of the game." if en else
                     "Chi perde l'ultima vita esce dal gioco.")
    lines.append(_reentry(s, w))
    return "\n".join(lines)


def _reentry(s: Any, w: Terms) -> str:
    """What happens when a payment would put everybody still in the game out at once."""
    en, back = w.lang == "en", w.lives(s.reentry_lives)
    if s.reentry_who == "all":
        return (f"Re-entry: if paying would put every player still in the game out at once, "
                f"all the players of the game come back in with {back} each." if en else
                f"Rientro: se un pagamento facesse uscire insieme tutti i giocatori rimasti, "
                f"rientrano in gioco tutti i giocatori della partita con {back} ciascuno.")
    if s.reentry_who == "tied":
        return (f"Re-entry: if paying would put every player still in the game out at once, "
                f"those players come back in with {back} each." if en else
                f"Rientro: se un pagamento facesse uscire insieme tutti i giocatori rimasti, "
                f"rientrano solo loro, con {back} ciascuno.")
    return ("If every player still in the game goes out at once, they share the win." if en else
            "Se tutti i giocatori rimasti escono insieme, vincono insieme.")


#: the schema of a flag of the stakes
_FLAG: Mapping[str, Any] = {"type": ["boolean", "null"], "default": False}


MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="lives", description="players lose lives and are eliminated",
    schema=None, compile=check_needs({}), start=lambda stakes: stakes.lives,
    settle=pay_lives, reward=_lives_reward, utility=lives_utility,
    keys={
        "lives": StakesKey({"type": ["integer", "null"], "minimum": 1, "default": 3},
                           "the lives each player starts with.",
                           "lives are counted only in lives mode"),
        "into_pot": StakesKey(_FLAG, "true makes each lost life a stake paid "
                              "into the pot, which the game's winner takes.",
                              "only lost lives go into the pot"),
        "last_chance": StakesKey(_FLAG, "true lets a player with no lives "
                                 "left play on (on the bus, swimming) until he loses once "
                                 "more.", "only a player who loses his last life plays on"),
        "last_chance_lasts": StakesKey(
            {"type": ["string", "null"], "enum": ["loss", "hand", None], "default": "loss"},
            "with last_chance: loss (he plays on until he loses once more) or hand (he plays "
            "one more hand, then is out whatever happens in it: the Swiss reading of "
            "swimming).", "only a player who loses his last life plays on"),
        "reentry": StakesKey({"anyOf": [{"$ref": "#/definitions/reentry"}, {"type": "null"}]},
                             "{who: all or tied, lives: n}; when a settlement would leave "
                             "nobody in the game, these players come back with n lives. "
                             "Absent: no re-entry.",
                             "only players who lose their last lives come back",
                             complete={"description": "A complete re-entry says who comes "
                                       "back.", "required": ["who"]}),
    },
    definitions={"reentry": {
        "type": "object",
        "description": "Who comes back when a settlement would leave nobody in the game.",
        "properties": {
            "who": {"description": "all (every player of the game) or tied (only the players "
                                   "who tied). Required in a complete ruleset.",
                    "type": ["string", "null"], "enum": ["all", "tied", None]},
            "lives": {"description": "The lives they come back with. Default 1.",
                      "type": ["integer", "null"], "minimum": 1, "default": 1}},
        "additionalProperties": False}},
    words={"en": {"title": lambda s, w: "Lives", "standing": _lives_standing,
                  "loses": lambda s, w: "loses", "lose": lambda s, w: "lose"},
           "it": {"title": lambda s, w: "Le vite", "standing": _lives_standing,
                  "loses": lambda s, w: "perde", "lose": lambda s, w: "perdono"}}))


def _pot_standing(s: Any, w: Terms) -> str:
    if w.lang == "en":
        return (f"Each player sits down with {w.stake(s.bankroll)} and puts {w.num(s.ante)} "
                f"into the pot at the start of every hand; a player who cannot pay is out.")
    return (f"Ogni giocatore si siede con {w.stake(s.bankroll)} e ne mette {w.num(s.ante)} nel "
            f"piatto all'inizio di ogni mano; chi non può pagare esce dal gioco.")


MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="pot",
    description="players ante every hand and the winner takes the pot", schema=None,
    compile=check_needs({"ante": "a pot game needs `ante` (what each player stakes a hand)"}),
    chooses=TAKERS, currency="chip", pays_in="chip", antes=True,
    start=lambda stakes: stakes.bankroll, settle=pay_pot, utility=pot_utility,
    no_payment="the hand's winner takes the pot and nobody loses lives",
    lab=LabWords(None, "chips paid into the pot", paid_always=True),
    keys={
        "ante": StakesKey({"type": ["integer", "null"], "minimum": 1},
                          "what each player stakes every hand, a whole number of chips.",
                          "only a pot game is played for stakes every hand", required=True),
        "bankroll": StakesKey({"type": ["integer", "null"], "minimum": 1},
                              "the chips each player starts with; a player who cannot pay the "
                              "ante is out.", "only a pot game is played for stakes",
                              required=True),
    },
    words={"en": {"title": lambda s, w: "The pot", "standing": _pot_standing,
                  "loses": lambda s, w: "loses", "lose": lambda s, w: "lose"},
           "it": {"title": lambda s, w: "Il piatto", "standing": _pot_standing,
                  "loses": lambda s, w: "perde", "lose": lambda s, w: "perdono"}}))


MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="points",
    description="players who pay take penalty points instead of losing lives; nobody is "
                "eliminated and the game ends at `end.target`",
    schema=None, compile=check_needs({}), currency="point", pays_in="point", sign=-1,
    counts_to_target=True, prices_hands=True, settle=pay_points, reward=one_each,
    utility=points_utility,
    lab=LabWords("penalty points taken", "lives paid into the pot"),
    words={"en": {"title": lambda s, w: "Penalty points",
                  "standing": lambda s, w: "Every player starts with no points; paying means "
                                           "taking penalty points, and nobody goes out.",
                  "loses": lambda s, w: "takes", "lose": lambda s, w: "take"},
           "it": {"title": lambda s, w: "Punti di penalità",
                  "standing": lambda s, w: "Ogni giocatore parte da zero punti; chi paga prende "
                                           "punti di penalità, e nessuno esce dal gioco.",
                  "loses": lambda s, w: "prende", "lose": lambda s, w: "prendono"}}))


MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="points_won",
    description="players score points by the place of their hands (`settle.*.places`); "
                "nobody is eliminated, the game ends at `end.target` and the most points win",
    schema=None, compile=check_needs({}), chooses=PLACES, currency="won", pays_in="won",
    counts_to_target=True, settle=pay_places, reward=one_each,
    no_payment="players score by place (`places`), nobody pays",
    lab=LabWords("points won", "lives paid into the pot"),
    words={"en": {"title": lambda s, w: "Points won",
                  "standing": lambda s, w: "Every player starts with no points and scores by "
                                           "the place of his hand; nobody goes out.",
                  "loses": lambda s, w: "scores", "lose": lambda s, w: "score"},
           "it": {"title": lambda s, w: "Punti vinti",
                  "standing": lambda s, w: "Ogni giocatore parte da zero punti e segna secondo "
                                           "il posto della sua mano; nessuno esce dal gioco.",
                  "loses": lambda s, w: "segna", "lose": lambda s, w: "segnano"}}))


MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="score",
    description="points won, counted by `scoring:` from the cards each side took; the game "
                "ends at `end.target`, the most points win",
    schema=None, compile=check_needs({}), chooses=None, currency="won", pays_in="won",
    counts_to_target=True, scores_cards=True, ties_play_on=True, settle=_score,
    reward=one_each, utility=score_utility, lab=LabWords(None, "lives paid into the pot"),
    words={"en": {"title": lambda s, w: "Points won",
                  "standing": lambda s, w: "Every side starts with no points and scores what "
                                           "the cards it takes are worth; nobody goes out.",
                  "loses": lambda s, w: "scores", "lose": lambda s, w: "score"},
           "it": {"title": lambda s, w: "Punti vinti",
                  "standing": lambda s, w: "Ogni squadra parte da zero punti e segna quanto "
                                           "valgono le carte che prende; nessuno esce dal gioco.",
                  "loses": lambda s, w: "segna", "lose": lambda s, w: "segnano"}}))

MODES.add(StakesMode(
    kind=Kind.STAKES_MODE, name="score_fewest",
    description="points won, counted by `scoring:` from the cards each side took, as in "
                "`score`, but the fewest points win (a game played to lose): the game ends at "
                "`end.target` and the side furthest below it wins",
    schema=None, compile=check_needs({}), chooses=None, currency="won", pays_in="won", sign=-1,
    counts_to_target=True, scores_cards=True, ties_play_on=True, settle=_score,
    reward=one_each, lab=LabWords(None, "lives paid into the pot"),
    words={"en": {"title": lambda s, w: "Points won, the fewest win",
                  "standing": lambda s, w: "Every side starts with no points and scores what "
                                           "the cards it takes are worth, but the aim is to "
                                           "score as few as possible; nobody goes out.",
                  "loses": lambda s, w: "scores", "lose": lambda s, w: "score"},
           "it": {"title": lambda s, w: "Punti vinti, vince chi ne fa meno",
                  "standing": lambda s, w: "Ogni squadra parte da zero punti e segna quanto "
                                           "valgono le carte che prende, ma lo scopo è farne "
                                           "il meno possibile; nessuno esce dal gioco.",
                  "loses": lambda s, w: "segna", "lose": lambda s, w: "segnano"}}))
