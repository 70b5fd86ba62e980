"""What the cards dealt score by themselves: three keyword units that say one kind of rule.

* The trigger condition `cards_make`: the cards of each player's hand (`zone: hand`) or of a
  zone total exactly N, total N or less, or are (or are not) all of one rank, every key given
  holding at once; a `wild` card counts as whatever value or rank makes it, as its holder
  would name it to declare the best he can ("a hand of three cards worth 9 or less, the Seven
  of cups counting as any value").
* The trigger outcome `score_event`: each holder's side (or the dealer's) makes a named event,
  `times` times, counted as a capture's events are (so `scoring.hand`'s `per_event` scores it);
  with `takes`, the cards of that zone go to the side's pile (`into`) first (the dealer takes
  the table dealt when it adds up to a total, for a sweep); with `shows`, each holder shows
  his hand to everybody.
* The trigger event `redealt`: after more cards are dealt to the players (the outcome
  `redeal`), so that every hand dealt is looked at, not only the first of a deal.

Who declares is the engine: a declaration always pays, so it is made for every hand that
holds one, as the deal's triggers find it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .capture import HAND, exact
from .keywords import CompileContext, Kind, Ref, Terms
from .tally import event_plural
from .terms import it_noun
from .triggers import CONDITIONS, EVENTS, OUTCOMES, Condition, ConditionUnit, Event, OutcomeUnit

_TESTS = ("total", "total_at_most", "same_rank")


# ---- the condition ------------------------------------------------------------------------
def _sums(values: Sequence[Any], wilds: int) -> set:
    """Every total `wilds` wild cards can make, each counting as one of `values`."""
    made = {0}
    for _ in range(wilds):
        made = {m + v for m in made for v in values}
    return made


def _counting(spec: Mapping[str, Any], ctx: CompileContext) -> tuple[Any, Any]:
    """`cards_make`'s test on a list of cards, and what its wild cards count as in cards that
    pass it (`counts_as`: wild card -> the rank it stands for, for `score_event`'s
    `wild_plays: counted`): for each wild card, the rank nearest its own value that still
    makes the cards pass, the rank of the others when they must be of one rank."""
    deck = ctx.deck
    wild = frozenset(deck.parse(c) for c in ctx.card_codes(spec.get("wild") or (), ("wild",)))
    values = [exact(c.value) for c in deck.cards]
    choices = sorted({values[c.id] for c in deck.cards if c.id not in wild})
    low = choices[0] if choices else 0
    ranks = [c.rank for c in deck.cards]
    rank_value: dict[int, Any] = {}
    for c in deck.cards:
        if c.id not in wild:
            rank_value.setdefault(c.rank, values[c.id])
    total, at_most, alike = spec.get("total"), spec.get("total_at_most"), spec.get("same_rank")

    def passes(made_values: list, made_ranks: list, wilds: int) -> bool:
        made = sum(made_values)
        if at_most is not None and made + wilds * low > at_most:
            return False
        if total is not None and total - made not in _sums(choices, wilds):
            return False
        if alike is not None:
            one = len(made_ranks) + wilds > 1 and len(set(made_ranks)) <= 1
            if one != alike:
                return False
        return True

    def test(cards: Sequence[int]) -> bool:
        natural = [c for c in cards if c not in wild]
        return passes([values[c] for c in natural], [ranks[c] for c in natural],
                      len(cards) - len(natural))

    def counts_as(cards: Sequence[int]) -> dict[int, int]:
        natural = [c for c in cards if c not in wild]
        vals, rks = [values[c] for c in natural], [ranks[c] for c in natural]
        wilds = [c for c in cards if c in wild]
        out: dict[int, int] = {}
        for i, w in enumerate(wilds):
            fits = [(abs(values[w] - v), v, r) for r, v in rank_value.items()
                    if passes(vals + [v], rks + [r], len(wilds) - i - 1)]
            if not fits:
                break
            _, v, r = min(fits)
            vals.append(v)
            rks.append(r)
            if r != ranks[w]:
                out[w] = r
        return out
    counts_as.wild_cards = wild  # type: ignore[attr-defined]
    return test, counts_as


def cards_make(spec: Mapping[str, Any], ctx: CompileContext) -> Condition:
    """`cards_make`: the players whose hands pass the test (the acting one, or after the
    deal every player), or [] when the zone's cards do."""
    zone, (test, counts_as) = spec["zone"], _counting(spec, ctx)
    if zone != HAND and zone not in ctx.zones:
        ctx.error(("zone",), f"no zone named {zone!r} (`hand` is each player's hand)")
    if zone != HAND:
        def zone_check(st: Any, p: int | None) -> list | None:
            cards = st.zones[zone]
            return [] if cards and test(cards) else None
        return zone_check

    def hand_check(st: Any, p: int | None) -> list | None:
        if p is not None:
            return [p] if test(st.hands[p]) else None
        found = [q for q in st.alive if test(st.hands[q])]
        return found or None
    hand_check.counts_as = counts_as  # type: ignore[attr-defined]
    #: the cards `counts_as` may count as another rank (integer action ids number the moves
    #: they can make so: action_ids.plays_as)
    hand_check.wild_cards = counts_as.wild_cards  # type: ignore[attr-defined]
    return hand_check


def _whose(spec: Mapping[str, Any], w: Terms, en: bool) -> str:
    if spec["zone"] == HAND:
        return "a player's cards" if en else "le carte di un giocatore"
    z = w.zone(spec["zone"])
    return f"the cards of {z.the('en')}" if en else f"le carte {z.prep('it', 'di')}"


def _make_parts(spec: Mapping[str, Any], w: Terms, en: bool) -> list[str]:
    """What the cards must be, one phrase per key."""
    parts = []
    if "total" in spec:
        n = w.num(spec["total"])
        parts.append(f"add up to exactly {n}" if en else f"sommano esattamente {n}")
    if "total_at_most" in spec:
        n = w.num(spec["total_at_most"])
        parts.append(f"add up to {n} or less" if en else f"sommano {n} o meno")
    if "same_rank" in spec:
        if en:
            parts.append("are all of one rank" if spec["same_rank"] else
                         "are not all of one rank")
        else:
            parts.append("sono tutte uguali di valore" if spec["same_rank"] else
                         "non sono tutte uguali di valore")
    return parts


def _make_words(spec: Mapping[str, Any], w: Terms, en: bool) -> str:
    text = f"{_whose(spec, w, en)} {w.join(_make_parts(spec, w, en))}"
    if spec.get("wild"):
        wild = w.join([w.the_card(str(c)) for c in spec["wild"]])
        text += (f", {wild} being wild (it counts as whatever card makes it)" if en else
                 f", con {wild} che fa da matta (vale la carta che serve)")
    return text


CONDITIONS.add(ConditionUnit(
    kind=Kind.TRIGGER_CONDITION, name="cards_make",
    description="The cards of each player's hand (`zone: hand`; the holders are those "
                "players) or of a zone are what every key given says: {zone, total, "
                "total_at_most, same_rank, wild}. A `wild` card counts as whatever value or "
                "rank makes it hold.",
    schema={"type": "object", "required": ["zone"], "additionalProperties": False,
            "anyOf": [{"required": [k]} for k in _TESTS], "properties": {
                "zone": {"description": "`hand` (each player's hand) or the zone looked at.",
                         "allOf": [{"$ref": "#/definitions/identifier"}]},
                "total": {"description": "Their values add up to exactly this.",
                          "type": "number"},
                "total_at_most": {"description": "Their values add up to this or less.",
                                  "type": "number"},
                "same_rank": {"description": "true: they are all of one rank; false: they "
                                             "are not (nor can a wild card make them so).",
                              "type": "boolean"},
                "wild": {"description": "Cards that count as any value or rank (as its "
                                        "holder names them).",
                         "type": "array", "items": {"$ref": "#/definitions/card_code"}}}},
    compile=cards_make, refs=(), finds_holders=True,
    example={"zone": "hand", "total_at_most": 9, "wild": ["7c"]},
    words={"en": {"clause": lambda s, w: _make_words(s, w, True)},
           "it": {"clause": lambda s, w: _make_words(s, w, False)}}))


# ---- the outcome --------------------------------------------------------------------------
#: the outcome's two parameters with a default: said here, read by the schema and the compiler
_TIMES: dict[str, Any] = {"description": "How many of it (default 1).", "type": "integer",
                          "minimum": 1, "default": 1}
_SHOWS: dict[str, Any] = {"description": "Each holder shows his hand to everybody (default "
                                         "false).", "type": "boolean", "default": False}


def _score_event(spec: Mapping[str, Any], ctx: CompileContext) -> Any:
    event, times = spec["event"], int(spec.get("times", _TIMES["default"]))
    to_dealer, takes, into = spec.get("to") == "dealer", spec.get("takes"), spec.get("into")
    shows = bool(spec.get("shows", _SHOWS["default"]))
    counted = spec.get("wild_plays", "own") == "counted"
    if takes is not None and into is None:
        ctx.error(("takes",), "`takes` needs `into`: the zone of each side where the cards go")
    if not any(z.owner == "side" for z in ctx.zones.values()):
        ctx.error((), "a side's events are counted in a game whose sides own zones (a capture "
                      "game's taken cards): this ruleset has none")
    if into is not None:
        z = ctx.zones.get(into)
        if z is not None and z.owner != "side":
            ctx.error(("into",), f"{into!r} is not a zone each side owns (`owner: side`)")

    def run(st: Any, trig: Any, holders: list, on: str) -> bool:
        cap = st.capture
        if cap is None:
            return False
        for p in ([st.dealer] if to_dealer else holders):
            side = st.side_of[p]
            taken: list[int] = []
            if takes is not None and into is not None:
                taken = list(st.zones[takes])
                st.zones[takes].clear()
                st.own[into][side].extend(taken)
                if taken:
                    cap.last_taker = p
            counts = cap.counts[side]
            counts[event] = counts.get(event, 0) + times
            if shows:
                reveal(st, p)
            plays_as = _count_wild(st, trig, p) if counted else {}
            if st.record:
                deck = st.rules.deck
                st.emit("dealt_event", p, event=event, times=times, taken=deck.codes(taken),
                        zone=takes, shown=deck.codes(st.hands[p]) if shows else [],
                        plays_as={deck.code(c): deck.ranks[r].code
                                  for c, r in sorted(plays_as.items())})
        return False
    return run


def _count_wild(st: Any, trig: Any, p: int) -> dict[int, int]:
    """`wild_plays: counted`: the wild cards of `p`'s hand play, for the rest of the hand, as
    the ranks the condition counted them as (its `counts_as`; a condition without one counts
    no wild card). Returns them (wild card -> rank), for the record and the table."""
    counts_as = getattr(trig.condition, "counts_as", None)
    if counts_as is None:
        return {}
    made: dict[int, int] = counts_as(st.hands[p])
    if made:
        cap = st.capture
        cap.counted = tuple(sorted({**dict(cap.counted), **made}.items()))
    return made


def reveal(st: Any, p: int) -> None:
    """Everybody has seen the cards of `p`'s hand (the public history knows them)."""
    base = st._seen_base
    if base is None:
        return
    known = list(base.known)
    known[p] |= st.masks[p]
    st._seen_base = base._replace(known=tuple(known))
    st._seen_cache = None


def _event_words(spec: Mapping[str, Any], w: Terms, en: bool) -> str:
    event, times = str(spec["event"]), int(spec.get("times", _TIMES["default"]))
    if times == 1 and en:
        made = f"a{'n' if event[:1] in 'aeiou' else ''} {w.q(event)}"
    elif times == 1:
        made = f"{'una' if it_noun(event)[2] else 'un'} {w.q(event)}"
    else:
        made = f"{w.num(times)} {w.q(event_plural(event, w.lang))}"
    dealer = spec.get("to") == "dealer"
    who = ("the dealer" if dealer else "he") if en else ("il mazziere" if dealer else "lui")
    text = ""
    if spec.get("takes"):
        z = w.zone(str(spec["takes"]))
        text = (f"{who} takes {z.the('en')}'s cards and " if en else
                f"{who} prende le carte {z.prep('it', 'di')} e ")
        who = "his side" if en else "la sua parte"
    elif spec.get("shows"):
        text = "he shows his hand and " if en else "mostra le sue carte e "
        who = "his side" if en else "la sua parte"
    elif en:
        who = "the dealer's side" if dealer else "his side"
    else:
        who = "la parte del mazziere" if dealer else "la sua parte"
    text += f"{who} scores {made}" if en else f"{who} segna {made}"
    if spec.get("wild_plays") == "counted":
        text += ("; his wild card then plays as the card it counted as (of those that would "
                 "do, the nearest its own value) until the hand's end, and scores as itself"
                 if en else "; la sua matta gioca poi come la carta che valeva (fra quelle "
                 "possibili, la più vicina al suo valore) fino alla fine della mano, e nel "
                 "conteggio dei punti vale per sé")
    return text


OUTCOMES.add(OutcomeUnit(
    kind=Kind.OUTCOME, name="score_event",
    description="Each holder's side (or the dealer's) makes the named event `times` times, "
                "counted like a capture's events (scored by `per_event`); with `takes`, the "
                "cards of that zone go to the side's `into` first; with `shows`, each holder "
                "shows his hand",
    schema={"type": "object", "required": ["event"], "additionalProperties": False,
            "description": "{event, times, to, takes, into, shows, wild_plays}. Required.",
            "properties": {
                "event": {"description": "The event's name (as `per_event` counts it).",
                          "allOf": [{"$ref": "#/definitions/identifier"}]},
                "times": _TIMES,
                "to": {"description": "Whose side makes it: holders (default: the players "
                                      "the condition found) or dealer.",
                       "enum": ["holders", "dealer"]},
                "takes": {"description": "A zone whose cards the side takes (into `into`).",
                          "allOf": [{"$ref": "#/definitions/identifier"}]},
                "into": {"description": "The zone each side owns where `takes`'s cards go.",
                         "allOf": [{"$ref": "#/definitions/identifier"}]},
                "shows": _SHOWS,
                "wild_plays": {"description": "How a wild card of the holder's hand plays "
                                              "for the rest of the hand: own (default: as "
                                              "its own card) or counted (as the rank the "
                                              "condition counted it as: `cards_make`, the "
                                              "rank nearest its own value; it scores as its "
                                              "own card at the hand's end).",
                               "enum": ["own", "counted"]}}},
    compile=_score_event, refs=(Ref("zone", ("takes",)), Ref("zone", ("into",))),
    example={"event": "sweep", "times": 2, "to": "dealer", "takes": "table",
             "into": "taken"},
    makes=lambda spec: (str(spec["event"]),),
    words={"en": {"outcome": lambda trig, w: _event_words(trig.param, w, True)},
           "it": {"outcome": lambda trig, w: _event_words(trig.param, w, False)}}))


# ---- the event ----------------------------------------------------------------------------
EVENTS.add(Event(
    kind=Kind.TRIGGER_EVENT, name="redealt", description="after more cards are dealt to the "
    "players (`redeal`); every player is looked at", schema=None,
    compile=lambda param, ctx: "redealt", at_deal=True, fired_by=("redeal",),
    words={"en": {"when": lambda p, w: "whenever more cards are dealt to the players"},
           "it": {"when": lambda p, w: "ogni volta che si danno altre carte ai giocatori"}}))
