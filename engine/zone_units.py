"""The table's cards as a turn reads and changes them: the guard `zone_shows` (an option open
only while a zone shows certain cards: "a player may ask for a new table when it shows 7-8-9")
and the effect `refresh` (the zone's cards go away, to a pile or under the stock, and as many
are dealt to it from the stock).

Both are keyword units like those of `guards` and `primitives`; they live here so that the
turn's shared modules stay small. The guard reads what everybody sees of a zone
(`Reads.ZONE`): the compiler refuses it on a zone nobody sees whole (one each player owns, a
pile of which only the top card shows), and while a zone lies face down (a hidden table not
yet revealed) it does not hold, so the moves a player is offered never tell him unseen cards.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from .guards import Guard, Reads, guard
from .keywords import CompileContext, Kind, Ref, Terms
from .primitives import EFFECTS, Effect
from .triggers import pattern_words

#: `refresh`'s `to:` words that are no zone: out of play (the default), under the stock
ASIDE, UNDER_STOCK = "aside", "under_stock"

_TESTS = ("ranks", "one_suit", "pattern", "value_at_least")


# ---- the guard ----------------------------------------------------------------------------
def _shows_tests(spec: Mapping[str, Any], ctx: CompileContext) -> list[Callable[[list], bool]]:
    """One test per key of `zone_shows` besides `zone`, each on the zone's cards."""
    deck, valuation = ctx.deck, ctx.valuation
    tests: list[Callable[[list], bool]] = []
    if "ranks" in spec:
        want = Counter(ctx.rank_indices(spec["ranks"], ("ranks",)))
        tests.append(lambda cards: Counter(deck.cards[c].rank for c in cards) == want)
    if "one_suit" in spec:
        one = bool(spec["one_suit"])
        tests.append(lambda cards: (len({deck.cards[c].suit for c in cards}) == 1) == one)
    needs_values = [k for k in ("pattern", "value_at_least") if k in spec]
    if needs_values and (valuation is None or not valuation.patterns):
        ctx.error((needs_values[0],), "this ruleset values no hand (it has no `hand.patterns`)")
        return tests
    name = spec.get("pattern")
    if name == "instant":
        tests.append(lambda cards: valuation.of(cards).instant)
    elif name is not None:
        match = valuation.pattern(name).match
        tests.append(lambda cards: match(cards) is not None)
    if "value_at_least" in spec:
        least = spec["value_at_least"]
        tests.append(lambda cards: valuation.of(cards).value >= least)
    return tests


def _zone_shows(spec: Mapping[str, Any], ctx: CompileContext) -> Guard:
    zone = spec["zone"]
    tests = tuple(_shows_tests(spec, ctx))

    def shows(st: Any, p: int) -> bool:
        cards = st.zones[zone]
        if not cards or not st.face_up[zone]:  # what nobody sees tells nothing
            return False
        return all(test(cards) for test in tests)
    return shows


def _ranks_en(codes: Any, w: Terms) -> str:
    return w.join([w.rank_by_code(c) for c in codes])


def _shows_parts(spec: Mapping[str, Any], w: Terms, en: bool) -> list[str]:
    """What the zone's cards must be, one phrase per key."""
    parts = []
    if "ranks" in spec:
        names = _ranks_en(spec["ranks"], w)
        parts.append(f"exactly {names} (in any suits)" if en else
                     f"esattamente {names} (di qualsiasi seme)")
    if "one_suit" in spec:
        if en:
            parts.append("all of one suit" if spec["one_suit"] else "not all of one suit")
        else:
            parts.append("tutte dello stesso seme" if spec["one_suit"] else
                         "non tutte dello stesso seme")
    if "pattern" in spec:
        label = pattern_words(spec["pattern"], w, en)
        parts.append(f"making {label}" if en else f"che formano {label}")
    if "value_at_least" in spec:
        n = w.num(spec["value_at_least"])
        parts.append(f"worth {n} or more as a hand" if en else
                     f"che come mano valgono almeno {n}")
    return parts


def _shows_en(spec: Mapping[str, Any], w: Terms) -> str:
    z = w.zone(spec["zone"])
    return f"the cards of {z.the('en')} are {w.join(_shows_parts(spec, w, True))}"


def _shows_it(spec: Mapping[str, Any], w: Terms) -> str:
    z = w.zone(spec["zone"])
    return f"le carte {z.prep('it', 'di')} sono {w.join(_shows_parts(spec, w, False))}"


_SHOWS_SCHEMA = {
    "type": "object", "required": ["zone"], "additionalProperties": False,
    "anyOf": [{"required": [k]} for k in _TESTS],
    "properties": {
        "zone": {"description": "The zone looked at (one everybody sees whole).",
                 "allOf": [{"$ref": "#/definitions/identifier"}]},
        "ranks": {"description": "Its cards are exactly these ranks, in any suits (7, 8, 9).",
                  "type": "array", "minItems": 1, "items": {"$ref": "#/definitions/rank_code"}},
        "one_suit": {"description": "true: its cards are all of one suit; false: they are not.",
                     "type": "boolean"},
        "pattern": {"description": "Its cards, valued as a hand, make this pattern (a name, or "
                                   "`instant` for any instant one).",
                    "type": "string", "pattern": "^[a-z][a-z0-9_-]*$"},
        "value_at_least": {"description": "Its cards, valued as a hand, are worth at least "
                                          "this.", "type": "number"}}}

guard("zone_shows", "The cards of a zone everybody sees are what it says, every key that is "
      "given: {zone, ranks, one_suit, pattern, value_at_least}. It does not hold while the "
      "zone lies face down.", _SHOWS_SCHEMA, _zone_shows, Reads.ZONE,
      refs=(Ref("zone", ("zone",)), Ref("pattern", ("pattern",))),
      example={"zone": "table", "ranks": [7, 8, 9]}, words={
          "en": {"adverb": lambda s, w: f"only while {_shows_en(s, w)}", "clause": _shows_en},
          "it": {"adverb": lambda s, w: f"solo mentre {_shows_it(s, w)}", "clause": _shows_it}})


# ---- the effect ---------------------------------------------------------------------------
def _effect_refresh(spec: Mapping[str, Any], ctx: CompileContext) -> Callable:
    zone, to = spec["zone"], spec.get("to", ASIDE)
    if to not in (ASIDE, UNDER_STOCK) and to not in ctx.zones:
        ctx.error(("to",), f"no zone named {to!r} (zones: {', '.join(ctx.zones)}; or "
                  f"`{ASIDE}`, `{UNDER_STOCK}`)")
    elif to == zone:
        ctx.error(("to",), "the cards cannot go back to the zone they leave")

    put = _PUT.get(to) or _onto(to)

    def refresh(st: Any, p: int) -> None:
        st._refresh(zone, put)
    return refresh


def _under_stock(st: Any, old: list[int]) -> None:
    """The cards go to the bottom of the stock (it is drawn from its end)."""
    rest = st.facts.rest
    st.zones[rest] = old + st.zones[rest]


def _onto(zone: str) -> Callable[[Any, list[int]], None]:
    def put(st: Any, old: list[int]) -> None:
        st.zones[zone].extend(old)
    return put


_PUT: dict[str, Callable[[Any, list[int]], None]] = {
    ASIDE: lambda st, old: st.aside.extend(old), UNDER_STOCK: _under_stock}


#: where `refresh` puts the cards, per language: aside, under the stock ({0}), onto a zone ({0})
_GONE = {"en": ("are put aside", "go under {0}", "go onto {0}"),
         "it": ("si mettono da parte", "vanno sotto {0}", "vanno {0}")}


def _gone(to: str, w: Terms, lang: str) -> str:
    aside, under, onto = _GONE[lang]
    if to == ASIDE:
        return aside
    if to == UNDER_STOCK:
        rest = w.rest()
        fallback = "the stock" if lang == "en" else "il tallone"
        return under.format(rest.the(lang) if rest is not None else fallback)
    z = w.zone(to)
    return onto.format(z.the("en") if lang == "en" else z.prep("it", "su"))


def _refresh_en(spec: Mapping[str, Any], w: Terms) -> str:
    z, rest = w.zone(spec["zone"]), w.rest()
    src = rest.the("en") if rest is not None else "the stock"
    return (f", and the cards of {z.the('en')} {_gone(spec.get('to', ASIDE), w, 'en')} and as "
            f"many are dealt to it from {src}, face up (nothing changes if {src} is too short)")


def _refresh_it(spec: Mapping[str, Any], w: Terms) -> str:
    z, rest = w.zone(spec["zone"]), w.rest()
    src = rest.prep("it", "da") if rest is not None else "dal tallone"
    return (f", e le carte {z.prep('it', 'di')} {_gone(spec.get('to', ASIDE), w, 'it')} e "
            f"se ne danno altrettante {src}, scoperte (se non bastano, non cambia nulla)")


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="refresh",
    description="The zone's cards go away and as many are dealt to it from the stock, face "
                "up: {zone, to}; `to` is `aside` (out of the hand, the default), `under_stock` "
                "or a zone they are put onto. Nothing changes when the stock is too short.",
    schema={"type": "object", "required": ["zone"], "additionalProperties": False,
            "properties": {
                "zone": {"description": "The zone dealt again.",
                         "allOf": [{"$ref": "#/definitions/identifier"}]},
                "to": {"description": "Where its cards go: `aside` (default), `under_stock`, "
                                      "or a zone's name.",
                       "allOf": [{"$ref": "#/definitions/identifier"}]}}},
    compile=_effect_refresh, refs=(Ref("zone", ("zone",)),),
    example={"zone": "table", "to": "under_stock"},
    words={"en": {"clause": _refresh_en}, "it": {"clause": _refresh_it}}))
