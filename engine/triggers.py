"""Triggers: their events (`on:`), conditions (`if:`) and outcomes (`do:`), one unit each.

* An **event** says when the engine checks a trigger; the game fires it (after the deal, after
  each action...). Its unit carries its description, its words ("after every move") and how a
  hand it ends is told at the table and named by simulate (`ends`, see `hand_ends`).
* A **condition** compiles to a closure `(state, player) -> holders | None`: None when it does
  not hold, else the players it is about (the holders of an instant hand; empty for a table
  condition). `player` is the acting player, or None after the deal, when every player is
  looked at.
* An **outcome** compiles to a closure `(state, trigger, holders, event) -> bool` that does
  what the trigger says and returns True when that ended the hand.

Adding one is one `EVENTS.add`, `CONDITIONS.add` or `OUTCOMES.add` here (see `keywords`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from .hand_ends import Ending
from .keywords import CompileContext, Kind, Ref, Registry, Terms, Unit
from .terms import Noun

if TYPE_CHECKING:
    from .rules import HandEnd

Condition = Callable[[Any, int | None], list | None]
#: (state, the trigger, the holders its condition found, the event) -> True if the hand ended
Outcome = Callable[[Any, Any, list, str], bool]


def _sample_trigger(unit: Unit, w: Terms) -> Any:
    """A trigger for the tests to phrase an outcome with."""
    from .rules import Spec, Trigger
    return Trigger("turn_end", None, unit.name, unit.example, None, False,
                   Spec("holds", "instant"), param=unit.example)


@dataclass(frozen=True, kw_only=True)
class Event(Unit):
    """A trigger event. `needs_pass`: it can only happen when some option passes (the
    compiler refuses a trigger on it otherwise). `at_deal`: it happens as the cards are dealt,
    before anybody plays: every player is looked at at once, and a holder was dealt his hand.
    `ends`: how a hand it ends is told and named (None: it has no words of its own).
    `fired_by`: the outcomes whose firing is the only way it happens (`redealt`: `redeal`);
    `validate` warns about a trigger on it in a ruleset where no trigger does one of them."""
    needs_pass: bool = False
    at_deal: bool = False
    ends: Ending | None = None
    fired_by: tuple[str, ...] = ()


def at_deal(on: Any) -> bool:
    """Whether the event `on` happens as the cards are dealt (see Event)."""
    event = EVENTS.get(on)
    return event is not None and event.at_deal


@dataclass(frozen=True, kw_only=True)
class ConditionUnit(Unit):
    """A trigger condition. `finds_holders`: the players it finds are those holding a hand
    (a `win` makes them the winners; explain says "he wins"). `about_hands`: it is about a
    hand's combination (explain tells it with the instant hands). `reaches_target`: it holds
    when a player reaches the game's `end.target` (explain: the game ends at once).
    `may_hold`: (its parameter, the compiled rules) -> whether it can hold at all under them
    (a hand no deal makes never does); the lint asks it before it warns that no hand can end
    (None: it may, as far as anyone knows)."""
    finds_holders: bool = False
    about_hands: bool = False
    reaches_target: bool = False
    may_hold: Callable[[Any, Any], bool] | None = None


@dataclass(frozen=True, kw_only=True)
class OutcomeUnit(Unit):
    """A trigger outcome. `closes`: it ends the hand without a winner (a comparison, a void),
    so a ruleset where no option knocks can still end a hand. `on_discard_pile`: its zone is
    the pile the options discard to, which the compiler finds (no pile has to be called
    anything). `may_end`: firing it ends the hand, always or when it cannot be done (a refresh
    the stock is too short for), so a hand can end otherwise than by the turn limit.
    `knocks`: it counts as a knock. `draws_chance`: firing it draws chance inside a hand (a
    reshuffled stock), which a framework can be asked for (chance.reshuffle_ahead).
    `settles`: how the hand it ends is settled (won at once, by comparing the hands, void),
    when firing it always ends the hand. `cause`: per language, why the hands are compared
    when it cannot be done ("when the cards cannot be dealt again"), for one that then shows
    down."""
    closes: bool = False
    on_discard_pile: bool = False
    may_end: bool = False
    settles: HandEnd | None = None
    cause: Mapping[str, str] | None = None
    #: the reasons it ends hands with of its own (`refresh_failed`), with their words
    ends: Mapping[str, Ending] = field(default_factory=dict)
    #: it counts as a knock (`knock.last_turns` then says how the hand goes on)
    knocks: bool = False
    #: the names of the events (counted as a capture's are) it makes, from its parameter
    makes: Callable[[Any], tuple[str, ...]] | None = None
    #: firing it draws chance inside a hand (see the docstring)
    draws_chance: bool = False


EVENTS: Registry[Event] = Registry(Kind.TRIGGER_EVENT, forms=("when",))
CONDITIONS: Registry[ConditionUnit] = Registry(Kind.TRIGGER_CONDITION, forms=("clause",))
OUTCOMES: Registry[OutcomeUnit] = Registry(Kind.OUTCOME, forms=("outcome",),
                                           sample=_sample_trigger)


# ---- events -------------------------------------------------------------------------------
def _event(name: str, description: str, en: Callable[[Any, Terms], str],
           it: Callable[[Any, Terms], str], **more: Any) -> Event:
    """An event unit: its compile step gives the key of the compiled triggers table."""
    return EVENTS.add(Event(kind=Kind.TRIGGER_EVENT, name=name, description=description,
                            schema=None, compile=lambda param, ctx: name,
                            words={"en": {"when": en}, "it": {"when": it}}, **more))


#: the stock, in a ruleset that names none (`deal.rest`): what a trigger about it calls it
_NO_REST = Noun("the stock", "il", "tallone")


def _rest(w: Terms) -> Any:
    return w.rest() or _NO_REST


#: a hand ended during play by an instant hand, or compared: how simulate names it
_IN_PLAY = Ending(named={"win": "instant win", "showdown": "instant hand, compared",
                         "void": "void", "scored": "played out, scored"},
                  named_by={"win": "{what}: instant win", "showdown": "{what}: hands compared"},
                  named_other={"win": "won by a trigger in play",
                               "showdown": "ended by a trigger in play, compared"})

_event("dealt", "after the deal", lambda p, w: "when the cards are dealt",
       lambda p, w: "appena distribuite le carte", at_deal=True,
       ends=Ending(named={"win": "instant win when dealt",
                          "showdown": "instant hand when dealt, compared"},
                   named_by={"win": "{what} when dealt: instant win",
                             "showdown": "{what} when dealt: hands compared"},
                   named_other={"win": "won when dealt",
                                "showdown": "ended when dealt, compared"}))
_event("action", "after each action", lambda p, w: "after every move",
       lambda p, w: "dopo ogni mossa", ends=_IN_PLAY)
_event("turn_end", "after each turn", lambda p, w: "at the end of every turn",
       lambda p, w: "alla fine di ogni turno", ends=_IN_PLAY)
_event("all_passed", "a whole round of passes",
       lambda p, w: "when every player has passed for a whole round",
       lambda p, w: "quando tutti hanno passato per un giro intero", needs_pass=True,
       ends=Ending(named={"showdown": "all passed"},
                   told={"showdown": {"en": "Everybody passed: the hands are compared.",
                                      "it": "Hanno passato tutti: si confrontano le mani."}}))
_event("stock_empty", "the stock is empty when a player comes to a step that draws from it",
       lambda p, w: f"when {_rest(w).the('en')} runs out",
       lambda p, w: f"quando {_rest(w).the('it')} "
                    f"{'finiscono' if _rest(w).plural else 'finisce'}",
       ends=Ending(named={"showdown": "stock out", "void": "stock out, void"},
                   told={"showdown": {"en": "No cards left {stock:in}: the hands are compared.",
                                      "it": "Non ci sono più carte {stock:in}: si confrontano "
                                            "le mani."}}))


# ---- conditions ---------------------------------------------------------------------------
class HandIn:
    """A condition that holds exactly when the acting player's hand is one of a set of hands
    (`holds`). It says so (`hands()`), so that the end of every turn tests them in line
    instead of calling it. The set is made at its first use, not at compile: `validate` and
    `score` never need it, and a few hundred hands are looked up faster than the table."""
    __slots__ = ("_hands", "_table")

    def __init__(self, table: Callable[[], Mapping[int, Any]]):
        self._table = table  # mask -> whether the hand holds it
        self._hands: dict[int, None] | None = None

    def hands(self) -> Mapping[int, None]:
        """The hands, as the keys of a dict: looked up by the same code as every other table
        (a set's lookup is code of its own, which the processor must fetch every turn)."""
        if self._hands is None:
            self._hands = dict.fromkeys(m for m, hit in self._table().items() if hit)
        return self._hands

    def __call__(self, st: Any, p: int | None) -> list | None:
        winning = self.hands()
        if p is not None:  # the acting player
            return [p] if st.masks[p] in winning else None
        masks = st.masks
        found = []  # after the deal: everybody
        for q in st.alive:
            if masks[q] in winning:
                found.append(q)
        return found or None


def holds(what: str, ctx: CompileContext) -> Condition:
    """`holds: instant`: a player holds a hand matching an `instant: true` pattern;
    `holds: NAME`: a hand whose value comes from the pattern NAME (three Aces, say)."""
    valuation = ctx.valuation
    if what == "instant":
        return HandIn(lambda: valuation.instant)
    return HandIn(lambda: valuation.holders(what))


def some_hand_holds(what: str, rules: Any) -> bool:
    """Whether some full hand is an instant one (`instant`) or valued by the pattern `what`:
    one hand of each class of equal hands is looked at, up to the first that is (`validate`
    never builds the whole table for a rule that can hold)."""
    v = rules.valuation
    if what == "instant":
        return any(p.match(c) is not None for p in v.patterns if p.instant
                   for c in v.classes().representatives())
    return any(v.appraise(c)[2] == what for c in v.classes().representatives())


def pattern_words(name: str, w: Terms, en: bool) -> str:
    """A pattern as a condition names it: its label, or "an instant hand" for `instant`."""
    if name == "instant":
        return "an instant hand" if en else "una combinazione immediata"
    return w.pattern_label(name)


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="holds",
    description="`instant`: the acting player (after `dealt`: any player) holds a hand "
                "matching a pattern with `instant: true`. A pattern name instead: his hand's "
                "value comes from that pattern (e.g. a pattern for three Aces).",
    schema={"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}, compile=holds,
    refs=(Ref("pattern"),), example="instant", finds_holders=True, about_hands=True,
    may_hold=some_hand_holds,
    words={"en": {"clause": lambda n, w: f"a player holds {pattern_words(n, w, True)}"},
           "it": {"clause": lambda n, w: f"un giocatore ha {pattern_words(n, w, False)}"}}))


def zone_holds(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`zone_holds: {zone, pattern}`: the cards of a zone match a pattern (or any instant one)."""
    valuation = ctx.valuation
    zone, name = spec["zone"], spec["pattern"]
    if name == "instant":
        def test(cards):
            return valuation.of(cards).instant
    else:
        match = valuation.pattern(name).match

        def test(cards):
            return match(cards) is not None

    def check(st, p):
        cards = st.zones[zone]
        return [] if cards and test(cards) else None
    return check


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="zone_holds",
    description="A zone's cards match a pattern: {zone, pattern: NAME or instant}.",
    schema={"$ref": "#/definitions/zone_pattern"}, compile=zone_holds,
    refs=(Ref("zone", ("zone",)), Ref("pattern", ("pattern",))),
    example={"zone": "centre", "pattern": "instant"}, about_hands=True,
    words={"en": {"clause": lambda s, w: f"the cards of {w.zone(s['zone']).the('en')} make "
                                         f"{pattern_words(s['pattern'], w, True)}"},
           "it": {"clause": lambda s, w: f"le carte {w.zone(s['zone']).prep('it', 'di')} "
                                         f"formano {pattern_words(s['pattern'], w, False)}"}}))


def zone_matches(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`zone_matches: {zone, ranks}`: a zone holds exactly these ranks, in any suits (7-8-9)."""
    zone = spec["zone"]
    want = Counter(ctx.rank_indices(spec["ranks"], ("ranks",)))
    deck = ctx.deck

    def check(st, p):
        got = Counter(deck.cards[c].rank for c in st.zones[zone])
        return [] if got == want else None
    return check


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="zone_matches",
    description="A zone's cards are exactly the given ranks: {zone, ranks: [...]}.",
    schema={"$ref": "#/definitions/zone_ranks"}, compile=zone_matches,
    refs=(Ref("zone", ("zone",)),), example={"zone": "table", "ranks": [7, 8, 9]},
    words={"en": {"clause": lambda s, w: f"{w.zone(s['zone']).the('en')} holds exactly "
                                         f"{w.join([str(c) for c in s['ranks']])} (any suits)"},
           "it": {"clause": lambda s, w: f"{w.zone(s['zone']).at('it')} ci sono "
                                         f"esattamente {w.join([str(c) for c in s['ranks']])} "
                                         f"(di qualsiasi seme)"}}))


# ---- outcomes -----------------------------------------------------------------------------
def _outcome(name: str, description: str, run: Outcome, en: Callable[[Any, Terms], str],
             it: Callable[[Any, Terms], str], schema: Mapping[str, Any] | None = None,
             refs: tuple[Ref, ...] = (), example: Any = None, closes: bool = False,
             on_discard_pile: bool = False, may_end: bool = False, **more: Any) -> OutcomeUnit:
    """An outcome unit; its words take the compiled Trigger (its winner, best_only, event)."""
    return OUTCOMES.add(OutcomeUnit(
        kind=Kind.OUTCOME, name=name, description=description, schema=schema,
        compile=lambda param, ctx: run, refs=refs, example=example,
        words={"en": {"outcome": en}, "it": {"outcome": it}}, closes=closes,
        on_discard_pile=on_discard_pile, may_end=closes or may_end, **more))


def _win(st: Any, trig: Any, holders: list, on: str) -> bool:
    winners = [st.dealer] if trig.winner == "dealer" else list(holders)
    if trig.best_only and len(winners) > 1:
        best = max(st.hand_strength(q) for q in winners)
        winners = [q for q in winners if st.hand_strength(q) == best]
    st._end_hand("win", winners, on)
    return True


def condition_of(trig: Any) -> ConditionUnit | None:
    """The unit of a compiled trigger's condition (`if:`), if it has one."""
    return CONDITIONS.get(trig.condition_spec.keyword) if trig.condition_spec else None


def finds_holders(trig: Any) -> bool:
    """The trigger's condition finds the players holding a hand (see ConditionUnit)."""
    unit = condition_of(trig)
    return unit is not None and unit.finds_holders


def about_hands(trig: Any) -> bool:
    """The trigger's condition is about a hand's combination (see ConditionUnit)."""
    unit = condition_of(trig)
    return unit is not None and unit.about_hands


def _win_en(trig: Any, w: Terms) -> str:
    if trig.winner == "dealer":
        return "the dealer wins the hand"
    if not finds_holders(trig):
        return "the hand ends as won"
    text = "he wins the hand at once"
    if at_deal(trig.on):
        text += ("; if several players hold one, only the best of them wins (see the ranking)"
                 if trig.best_only else "; if several players hold one, they all win")
    return text


def _win_it(trig: Any, w: Terms) -> str:
    if trig.winner == "dealer":
        return "vince la mano il mazziere"
    if not finds_holders(trig):
        return "la mano finisce come vinta"
    text = "vince subito la mano"
    if at_deal(trig.on):
        text += ("; se più giocatori ne hanno una, vince solo la migliore (vedi l'ordine delle "
                 "mani)" if trig.best_only else "; se più giocatori ne hanno una, vincono tutti")
    return text


_outcome("win", "the hand ends, the holders win", _win, _win_en, _win_it, may_end=True,
         settles="win")


def _ends(outcome: HandEnd) -> Outcome:
    def end(st: Any, trig: Any, holders: list, on: str) -> bool:
        st._end_hand(outcome, [], on)
        return True
    return end


_outcome("showdown", "the hand ends and is settled by comparison", _ends("showdown"),
         lambda trig, w: "the hand ends and is scored" if w.rules.stakes.mode.scores_cards
         else "the hand ends at once and the hands are compared",
         lambda trig, w: "la mano finisce e si contano i punti"
         if w.rules.stakes.mode.scores_cards else
         "la mano finisce subito e si confrontano le mani", closes=True, settles="showdown")
_outcome("void", "the hand ends, nobody pays", _ends("void"),
         lambda trig, w: "the hand ends at once and is void: nobody pays",
         lambda trig, w: "la mano finisce subito ed è nulla: nessuno paga", closes=True,
         settles="void")


def _reshuffle(st: Any, trig: Any, holders: list, on: str) -> bool:
    st._reshuffle(trig.zone)  # the pile the options discard to (the compiler found it)
    return False


def _reshuffle_en(trig: Any, w: Terms) -> str:
    rest, pile = _rest(w), w.zone(trig.zone or "")
    return (f"the cards of {pile.the('en')} except its top card are shuffled and become the "
            f"new {rest.bare('en')}")


def _reshuffle_it(trig: Any, w: Terms) -> str:
    rest, pile = _rest(w), w.zone(trig.zone or "")
    art = ("le" if rest.feminine else "i") if rest.plural else ("la" if rest.feminine else "il")
    return (f"le carte {pile.prep('it', 'di')} tranne quella in cima si mescolano e formano "
            f"{art} {rest.adj('nuov')} {rest.it_word}")


_outcome("reshuffle", "the cards of the pile the options discard to, below its top card, "
         "become the stock", _reshuffle,
         _reshuffle_en, _reshuffle_it, on_discard_pile=True, draws_chance=True)


def _refresh(st: Any, trig: Any, holders: list, on: str) -> bool:
    if not st._refresh(trig.zone):  # the stock cannot refill it: show down
        st._end_hand("showdown", [], "refresh_failed")
        return True
    return False


def _refresh_en(trig: Any, w: Terms) -> str:
    z, src = w.zone(trig.zone), _rest(w).the("en")
    return (f"the cards of {z.the('en')} are put aside and replaced by new ones dealt from "
            f"{src}, face up (if {src} is too short for that, the hands are compared instead)")


def _refresh_it(trig: Any, w: Terms) -> str:
    z, src = w.zone(trig.zone), _rest(w).prep("it", "da")
    return (f"le carte {z.prep('it', 'di')} si mettono da parte e sono sostituite da altre "
            f"date {src}, scoperte (se non bastano, si confrontano invece le mani)")


_outcome("refresh", "the zone's cards are put aside; it is dealt again from the stock",
         _refresh, _refresh_en, _refresh_it, may_end=True,
         cause={"en": "when the cards cannot be dealt again",
                "it": "quando non si possono ridare le carte"},
         ends={"refresh_failed": Ending(
             named={"showdown": "all passed, table not refilled"},
             told={"showdown": {"en": "The cards cannot be dealt again: the hands are compared.",
                                "it": "Non si possono ridare le carte: si confrontano le "
                                      "mani."}})},
         schema={"$ref": "#/definitions/identifier",
                 "description": "The zone whose cards are put aside; it is dealt again from "
                                "the stock. Required."},
         refs=(Ref("zone"),), example="centre")


def _knock(st: Any, trig: Any, holders: list, on: str) -> bool:
    """The holder knocks (the first holder; with none, the player acting): the hand goes on
    as after any knock (`knock.last_turns`); nothing happens when somebody knocked already."""
    st.knock(holders[0] if holders else st.current_player)
    return False


_outcome("knock", "it counts as a knock by the holder (the first, else the player acting): "
         "the hand goes on as `knock.last_turns` says", _knock,
         lambda trig, w: "it counts as his knock (unless somebody knocked already): the hand "
                         "goes on as after a knock",
         lambda trig, w: "conta come se bussasse lui (se nessuno ha già bussato): la mano "
                         "prosegue come dopo una bussata", closes=True, knocks=True)

# ---- the conditions and outcomes of capture games -----------------------------------------
def empty(names: Any, ctx: CompileContext) -> Condition | None:
    """`empty: [hands, stock, pile]`: every one listed is empty (`hands`: every player's hand;
    a zone each player owns: some player's is)."""
    zones = cast(Any, ctx).zones
    spec = []
    for i, name in enumerate(names):
        if name == "hands":
            spec.append((name, False))
        elif name not in zones:
            ctx.error(cast(Any, (i,)), f"no zone named {name!r} (zones: "
                      f"{', '.join(zones) or 'none declared'}; or `hands`)")
            return None
        else:
            spec.append((name, zones[name].owner is not None))

    # what each name asks, sorted once: every turn asks (loops, not any() over a generator
    # made per call); which is asked first changes nothing, each only says "not yet"
    hands_too = any(name == "hands" for name, _ in spec)
    plain = tuple(name for name, owned in spec if name != "hands" and not owned)
    owned_zones = tuple(name for name, owned in spec if owned)

    def check(st, p):
        if hands_too:
            hands = st.hands
            for q in st.alive:
                if hands[q]:
                    return None
        for name in plain:
            if st.zones[name]:
                return None
        for name in owned_zones:
            if all(st.own[name]):
                return None
        return []

    def written(tag: str) -> tuple[list[str], dict[str, Any]]:
        """The same test as statements setting `held` (over `st` and `p`, the player
        acting), its values named with `tag`: code written for a ruleset's turn
        (policy_capture) tests it in line."""
        lines = ["held = True"]
        if hands_too:  # the player acting is in the game: his hand first
            lines += ["if st.hands[p]:", "    held = False", "else:",
                      "    for _q in st.alive:", "        if st.hands[_q]:",
                      "            held = False", "            break"]
        values: dict[str, Any] = {}
        for i, name in enumerate(plain):
            values[f"EMPTY{tag}_{i}"] = name
            lines += [f"if held and st.zones[EMPTY{tag}_{i}]:", "    held = False"]
        for i, name in enumerate(owned_zones):
            values[f"EMPTY_OWNED{tag}_{i}"] = name
            lines += [f"if held and all(st.own[EMPTY_OWNED{tag}_{i}]):", "    held = False"]
        return lines, values
    check.written = written  # type: ignore[attr-defined]
    return check


def _empty_words(names: Any, w: Terms, en: bool) -> str:
    items = []
    for name in names:
        if name == "hands":
            items.append("every player's hand is empty" if en else
                         "tutti i giocatori hanno finito le carte in mano")
            continue
        z = w.zone(name)
        owned = w.rules.zones[name].owner is not None if name in w.rules.zones else False
        if en:
            items.append(f"a player's {z.bare('en')} is empty" if owned else
                         f"{z.the('en')} is empty")
        else:
            items.append(f"un giocatore ha esaurito {z.the('it')}" if owned else
                         f"{z.the('it')} {'sono finite' if z.plural else 'è finito'}")
    return w.join(items)


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="empty",
    description="Every one listed is empty: `hands` (every player's hand) or a zone (a zone "
                "each player owns: some player's is).",
    schema={"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/identifier"}},
    compile=empty, example=["hands", "pile"],
    words={"en": {"clause": lambda n, w: _empty_words(n, w, True)},
           "it": {"clause": lambda n, w: _empty_words(n, w, False)}}))


def target_reached(flag: bool, ctx: CompileContext) -> Condition | None:
    """`target_reached: true`: somebody has reached the game's `end.target` of points won."""
    target = getattr(ctx, "end_target", None)
    if target is None:
        ctx.error((), "no `end.target` to reach")
        return None

    def check(st, p):
        return [q for q in st.alive if st.lives[q] >= target] or None
    return check


def _points(n: Any, it: bool) -> str:
    return (f"{n} punti" if it else f"{n} points") if n != 1 else ("un punto" if it else
                                                                   "one point")


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="target_reached",
    description="true: a player has reached the game's `end.target` of points won.",
    schema={"type": "boolean", "enum": [True]}, compile=target_reached, example=True,
    reaches_target=True,
    words={"en": {"clause": lambda f, w: f"a player has reached "
                                         f"{_points(w.rules.end_target, False)}"},
           "it": {"clause": lambda f, w: f"un giocatore è arrivato a "
                                         f"{_points(w.rules.end_target, True)}"}}))


def zone_has(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`zone_has: {zone, ranks, at_least}`: a zone holds at least that many cards of these
    ranks (three or four Re dealt to the table)."""
    zone, at_least = spec["zone"], spec["at_least"]
    ranks = frozenset(ctx.rank_indices(spec["ranks"], ("ranks",)))
    deck = ctx.deck

    def check(st, p):
        n = sum(1 for c in st.zones[zone] if deck.cards[c].rank in ranks)
        return [] if n >= at_least else None
    return check


def _ranks_words(codes: Any, w: Terms) -> str:
    """Cards of these ranks counted, in English: "Kings", "cards among the Aces and Kings"."""
    names = [w.rank_by_code(str(c)) for c in codes]
    plural = [n + ("es" if n.endswith(("s", "x")) else "s") for n in names]
    return plural[0] if len(plural) == 1 else f"cards among the {w.join(plural)}"


def _ranks_it(codes: Any, w: Terms) -> str:
    """Cards of these ranks counted, in Italian: "Re" (tre Re), "Assi", "carte tra Fanti e
    Re" (a number's name and a word of one syllable do not change in the plural)."""
    names = []
    for c in codes:
        name = w.rank_by_code(str(c))
        if not str(c).isdigit() and len(name) > 2 and name[-1:] in "oe":
            name = name[:-1] + "i"
        elif not str(c).isdigit() and len(name) > 2 and name[-1:] == "a":
            name = name[:-1] + "e"
        names.append(name)
    return names[0] if len(names) == 1 else f"carte tra {w.join(names)}"


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="zone_has",
    description="A zone holds at least `at_least` cards of the given ranks: "
                "{zone, ranks, at_least}.",
    schema={"type": "object", "required": ["zone", "ranks", "at_least"],
            "additionalProperties": False, "properties": {
                "zone": {"description": "The zone looked at.",
                         "allOf": [{"$ref": "#/definitions/identifier"}]},
                "ranks": {"description": "The ranks counted.", "type": "array", "minItems": 1,
                          "items": {"$ref": "#/definitions/rank_code"}},
                "at_least": {"description": "How many of them it must hold.",
                             "type": "integer", "minimum": 1}}},
    compile=zone_has, refs=(Ref("zone", ("zone",)),),
    example={"zone": "table", "ranks": ["R"], "at_least": 3},
    words={"en": {"clause": lambda s, w: f"{w.zone(s['zone']).the('en')} holds "
                                         f"{s['at_least']} or more "
                                         f"{_ranks_words(s['ranks'], w)}"},
           "it": {"clause": lambda s, w: f"{w.zone(s['zone']).at('it')} ci sono almeno "
                                         f"{s['at_least']} {_ranks_it(s['ranks'], w)}"}}))


def _deal_again(st: Any, trig: Any, holders: list, on: str) -> bool:
    st._keep_dealer = True
    st._end_hand("void", [], "deal_again")
    return True


_outcome("deal_again", "the hand is void and the same dealer deals again", _deal_again,
         lambda trig, w: "the hand is void and the same dealer deals again",
         lambda trig, w: "la mano è nulla e lo stesso mazziere ridistribuisce le carte",
         may_end=True, settles="void",
         ends={"deal_again": Ending(named={"void": "void, dealt again"})})


def _redeal(count: int, ctx: CompileContext) -> Outcome:
    def redeal(st: Any, trig: Any, holders: list, on: str) -> bool:
        if not st._redeal(count):
            st._end_hand("showdown", [], "redeal_failed")
            return True
        return bool(st.rules.triggers.get("redealt")) and fire(st, "redealt", None)
    return redeal


def _redeal_words(trig: Any, w: Terms, en: bool) -> str:
    rest, n = _rest(w), trig.zone
    if en:
        return f"each player is dealt {w.cards(n)} more from {rest.the('en')}"
    return f"ogni giocatore riceve altre {w.cards(n)} {rest.prep('it', 'da')}"


OUTCOMES.add(OutcomeUnit(
    kind=Kind.OUTCOME, name="redeal",
    description="N more cards to each player from the stock (the hand ends in a showdown "
                "when it is too short).",
    schema={"type": "integer", "minimum": 1,
            "description": "The cards dealt to each player. Required."},
    compile=_redeal, example=3, may_end=True,
    cause={"en": "when the stock is too short to deal more cards",
           "it": "quando le carte non bastano per darne altre"},
    ends={"redeal_failed": Ending(
        named={"showdown": "stock too short to deal again"},
        told={"showdown": {"en": "Not enough cards {stock:in} to deal again: the hands are "
                                 "compared.",
                           "it": "Non bastano le carte {stock:di} per darne altre: si "
                                 "confrontano le mani."}})},
    words={"en": {"outcome": lambda trig, w: _redeal_words(trig, w, True)},
           "it": {"outcome": lambda trig, w: _redeal_words(trig, w, False)}}))


def trigger_events(rules: Any) -> set[str]:
    """The names of the events the ruleset's triggers make (an outcome's `makes`)."""
    out: set[str] = set()
    for trigs in rules.triggers.values():
        for trig in trigs:
            unit = OUTCOMES.get(trig.outcome)
            if unit is not None and unit.makes is not None:
                out.update(unit.makes(trig.param))
    return out


# ---- firing them during play --------------------------------------------------------------
def fire(st: Any, on: str, p: int | None) -> bool:
    """Run the triggers listening to `on` (an event); True when one of them ended the hand."""
    for trig in st.rules.triggers[on]:
        cond = trig.condition  # called from a local, as in turns.apply_move
        holders = cond(st, p) if cond is not None else []
        if holders is None:
            continue
        if st.record:
            st.emit("trigger", p, on=on, outcome=trig.outcome, holders=list(holders))
        run = trig.run  # the outcome's unit
        if run(st, trig, holders, on):
            return True
    return False


def may_fire(st: Any, tests: tuple, p: int) -> bool:
    """Whether any of these trigger conditions holds (None: always), before paying for `fire`,
    which evaluates them again and acts. A condition on the acting player's hand alone comes
    with the hands that meet it (`HandIn.hands`), looked up here without calling it; a loop,
    not `any()` over a generator, which is made at every call."""
    for cond, hands in tests:
        if hands is not None:
            if st.masks[p] in hands:
                return True
        elif cond is None or cond(st, p) is not None:
            return True
    return False
