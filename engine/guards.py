"""Guards: the conditions on a turn option (`if:`), one unit per keyword.

A guard's compile step receives its parameter and returns a closure `(state, player) -> bool`
that reads only the live game state, never the YAML, so checking an option costs a few
attribute reads. Each unit also carries its schema, the zones it names and its words: an
adverb after an option ("only in the first round") and a clause inside `not` and `any` ("it
is round 1 or earlier"). Adding a guard is adding one `GUARDS.add(...)` here (see "Adding a
keyword" in docs/language.md).

A guard also declares what it `reads` (`Reads`): the table everybody shares, or the acting
player's own cards. The compiler asks it, never the guard's name, where nobody is acting (a
trigger checked as the cards are dealt): a guard on the player's hand is refused there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .guard_bounds import number
from .keywords import CompileContext, Kind, Ref, Registry, Terms, Unit, one_key

Guard = Callable[[Any, int], bool]


class Reads(Enum):
    """What a guard's closure reads of the game."""
    TABLE = "table"    # what everybody shares: the round, the turn, the knock, the zones
    PLAYER = "player"  # the acting player's own cards: it needs somebody acting
    ZONE = "zone"      # the cards of the zone it names: one everybody can see whole
    INNER = "inner"    # what the guards inside its parameter read (`not`, `any`)


@dataclass(frozen=True, kw_only=True)
class GuardUnit(Unit):
    """A guard (`if:` of an option, `when:` of a trigger). `reads`: what its closure reads;
    for `Reads.INNER`, `inner` gives the guards its parameter holds. `bounds`: what the lint
    learns from it (optional)."""
    reads: Reads
    inner: Callable[[Any], Iterable[Any]] | None = None
    #: what the lint learns from it: (its parameter, the `guard_bounds.Bounds` of the option's
    #: guards) -> why it can never hold with them, or "", after recording what it says
    bounds: Callable[[Any, Any], str] | None = None


GUARDS: Registry[GuardUnit] = Registry(Kind.GUARD, forms=("adverb", "clause"),
                                       unit_type=GuardUnit)


def guard(name: str, description: str, schema: Mapping[str, Any],
          compile: Callable[[Any, CompileContext], Guard], reads: Reads,
          words: Mapping[str, Any], refs: tuple[Ref, ...] = (), example: Any = None,
          inner: Callable[[Any], Iterable[Any]] | None = None,
          bounds: Callable[[Any, Any], str] | None = None) -> GuardUnit:
    """Register a guard unit (the shorthand every guard below uses)."""
    return GUARDS.add(GuardUnit(kind=Kind.GUARD, name=name, description=description,
                                schema=schema, compile=compile, words=words, refs=refs,
                                example=example, reads=reads, inner=inner, bounds=bounds))


def reads(spec: Any) -> set[Reads]:
    """What a guard as written (`{value_at_least: 25}`) reads, asked of its unit and, for a
    guard of guards, of theirs: never `Reads.INNER`. Empty for one that is no known guard (the
    compiler has said so)."""
    found = one_key(spec)
    unit = GUARDS.get(found[0]) if found is not None else None
    if unit is None or found is None:
        return set()
    if unit.reads is not Reads.INNER:
        return {unit.reads}
    inside = unit.inner(found[1]) if unit.inner is not None else ()
    return set().union(*(reads(g) for g in inside))


def expressed(template: str, **values: Any) -> Guard:
    """A guard that is one expression over `st` (the state) and `p` (the acting player), its
    parameters named in braces (`"st.round >= {n}"`, n=2): the closure, made from that text,
    and the text itself kept on it (`inline`), so that a step's listing, generated code
    (listing.py), tests it in line instead of calling it: a call per option per decision is
    a tenth of a greedy turn's work. The values are passed as names, never written into the
    text."""
    fn: Any = eval(f"lambda st, p: {template.format(**{k: k for k in values})}", dict(values))
    fn.inline = (template, dict(values))
    return fn


def needs_player(spec: Any) -> bool:
    """Whether a guard as written reads the acting player's cards (so it cannot be checked
    where nobody is acting)."""
    return Reads.PLAYER in reads(spec)


def _only_while(clause: Callable[[Any, Terms], str], lang: str) -> Callable[[Any, Terms], str]:
    """The adverb of a zone guard: its clause after "only while" / "solo mentre"."""
    head = "only while" if lang == "en" else "solo mentre"
    return lambda p, w: f"{head} {clause(p, w)}"


# ---- the round and the turn ---------------------------------------------------------------
def _round_at_least(n: int, ctx: CompileContext) -> Guard:
    return expressed("st.round >= {n}", n=n)


def _from_round_en(n: int, w: Terms) -> str:
    if n <= 1:
        return ""
    return "from the second round on" if n == 2 else f"from round {n} on"


def _from_round_it(n: int, w: Terms) -> str:
    if n <= 1:
        return ""
    return "dal secondo giro in poi" if n == 2 else f"dal giro {n} in poi"


def _low(n: int, b: Any) -> str:
    b.low = max(b.low, n)
    return ""


guard("round_at_least", "The round of turns is at least this (the first round is 1).",
      {"type": "integer", "minimum": 1}, _round_at_least, Reads.TABLE,
      bounds=_low, example=2, words={
          "it": {"adverb": _from_round_it,
                 "clause": lambda n, w: f"si è almeno al giro {n}",
                 "negated": lambda n, w: "si è ancora al primo giro" if n == 2 else
                 f"si è ancora prima del giro {n}"},
          "en": {"adverb": _from_round_en, "clause": lambda n, w: f"it is round {n} or later",
                 "negated": lambda n, w: "it is still the first round" if n == 2 else
                 f"it is still before round {n}"}})


def _round_at_most(n: int, ctx: CompileContext) -> Guard:
    return expressed("st.round <= {n}", n=n)


def _high(n: int, b: Any) -> str:
    b.high = n if b.high is None else min(b.high, n)
    return ""


guard("round_at_most", "The round of turns is at most this (the first round is 1).",
      {"type": "integer", "minimum": 1}, _round_at_most, Reads.TABLE,
      bounds=_high, example=1, words={
          "en": {"adverb": lambda n, w: "only in the first round" if n == 1 else
                 f"only in the first {n} rounds",
                 "clause": lambda n, w: f"it is round {n} or earlier"},
          "it": {"adverb": lambda n, w: "solo nel primo giro" if n == 1 else
                 f"solo nei primi {n} giri",
                 "clause": lambda n, w: "si è ancora al primo giro" if n == 1 else
                 f"si è al massimo al giro {n}"}})


# ---- the player's hand and the knock ------------------------------------------------------
def _value_at_least(n: float, ctx: CompileContext) -> Guard:
    return lambda st, p: st.hand_value(p) >= n


def _worth(n: float, b: Any) -> str:
    if b.hands.worth_at_least(n):
        return ""
    return (f"no hand is worth {number(n)} or more (the best is worth "
            f"{number(b.hands.best())})")


guard("value_at_least", "The player's hand is worth at least this value.",
      {"type": "number"}, _value_at_least, Reads.PLAYER, bounds=_worth, example=25, words={
          "en": {"adverb": lambda n, w: f"only with a hand worth {w.num(n)} or more",
                 "clause": lambda n, w: f"his hand is worth {w.num(n)} or more",
                 "negated": lambda n, w: f"his hand is worth less than {w.num(n)}"},
          "it": {"adverb": lambda n, w: f"solo con una mano che vale almeno {w.num(n)}",
                 "clause": lambda n, w: f"la sua mano vale {w.num(n)} o più",
                 "negated": lambda n, w: f"la sua mano vale meno di {w.num(n)}"}})


def _nobody_knocked(flag: bool, ctx: CompileContext) -> Guard:
    if flag:
        return expressed("st.knocker is None")
    return expressed("st.knocker is not None")


def _knock_said(flag: bool, b: Any) -> str:
    b.nobody_knocked.add(bool(flag))
    return ""


guard("nobody_knocked", "true: nobody has knocked (stood) yet this hand; false: somebody has.",
      {"type": "boolean"}, _nobody_knocked, Reads.TABLE, bounds=_knock_said, example=True, words={
          "en": {"adverb": lambda f, w: "only if nobody has knocked yet" if f else
                 "only after somebody has knocked",
                 "clause": lambda f, w: "nobody has knocked yet" if f else
                 "somebody has knocked"},
          "it": {"adverb": lambda f, w: "solo se nessuno ha ancora bussato" if f else
                 "solo dopo che qualcuno ha bussato",
                 "clause": lambda f, w: "nessuno ha ancora bussato" if f else
                 "qualcuno ha bussato"}})


def _first_turn(flag: bool, ctx: CompileContext) -> Guard:
    if flag:
        return expressed("st.turns_in_hand == 0")
    return expressed("st.turns_in_hand > 0")


def _first_said(flag: bool, b: Any) -> str:
    if b.first is not None and b.first != flag:
        return "`first_turn` is both true and false"
    b.first = bool(flag)
    return ""


guard("first_turn", "true: this is the first turn of the hand; false: it is not.",
      {"type": "boolean"}, _first_turn, Reads.TABLE, bounds=_first_said, example=True, words={
          "en": {"adverb": lambda f, w: "only on the first turn of the hand" if f else
                 "not on the first turn of the hand",
                 "clause": lambda f, w: "it is the first turn of the hand" if f else
                 "it is not the first turn of the hand"},
          "it": {"adverb": lambda f, w: "solo nel primo turno della mano" if f else
                 "non nel primo turno della mano",
                 "clause": lambda f, w: "è il primo turno della mano" if f else
                 "non è il primo turno della mano"}})


# ---- zones --------------------------------------------------------------------------------
def _zone_face(name: str, up: bool, description: str) -> GuardUnit:
    """`zone_visible` (up) and `zone_hidden`: whether a zone lies face up."""
    def compile(zone: str, ctx: CompileContext) -> Guard:
        if up:
            return expressed("st.face_up[{zone}]", zone=zone)
        return expressed("not st.face_up[{zone}]", zone=zone)

    def en(zone: str, w: Terms) -> str:
        z = w.zone(zone)
        return f"{z.the('en')} {z.be('en')} face {'up' if up else 'down'}"

    def it(zone: str, w: Terms) -> str:
        z = w.zone(zone)
        return f"{z.the('it')} {z.be('it')} {z.adj('scopert' if up else 'copert')}"

    def said(zone: str, b: Any) -> str:
        b.visible.setdefault(str(zone), set()).add(up)
        return ""

    return guard(name, description, {"$ref": "#/definitions/identifier"}, compile,
                 reads=Reads.TABLE, refs=(Ref("zone"),), example="reserve", bounds=said, words={
                     "en": {"adverb": _only_while(en, "en"), "clause": en},
                     "it": {"adverb": _only_while(it, "it"), "clause": it}})


_zone_face("zone_visible", True, "The named zone lies face up.")
_zone_face("zone_hidden", False, "The named zone lies face down.")


def _zone_size_at_least(spec: Mapping[str, Any], ctx: CompileContext) -> Guard:
    zone, count = spec["zone"], spec["count"]
    return expressed("len(st.zones[{zone}]) >= {count}", zone=zone, count=count)


def _size_en(spec: Mapping[str, Any], w: Terms) -> str:
    return f"{w.zone(spec['zone']).the('en')} holds at least {w.cards(spec['count'])}"


def _size_it(spec: Mapping[str, Any], w: Terms) -> str:
    return f"{w.zone(spec['zone']).at('it')} ci sono almeno {w.cards(spec['count'])}"


def _size_said(spec: Mapping[str, Any], b: Any) -> str:
    if spec["count"] > b.cards:
        return f"the deck has {b.cards} cards, never {spec['count']} in `{spec['zone']}`"
    return ""


guard("zone_size_at_least", "The zone holds at least `count` cards: {zone, count}.",
      {"$ref": "#/definitions/zone_count"}, _zone_size_at_least, Reads.TABLE,
      refs=(Ref("zone", ("zone",)),), bounds=_size_said, example={"zone": "pile", "count": 2},
      words={
          "en": {"adverb": _only_while(_size_en, "en"), "clause": _size_en},
          "it": {"adverb": _only_while(_size_it, "it"), "clause": _size_it}})


# ---- combining guards ---------------------------------------------------------------------
def _clause(g: Mapping[str, Any], w: Terms) -> str:
    """A nested guard (inside `not` and `any`) said as a clause by its own unit."""
    ((key, param),) = g.items()
    return GUARDS.say(key, "clause", param, w)


def _negated(g: Mapping[str, Any], w: Terms, head: str) -> str:
    """A nested guard said as its opposite: the unit's own `negated` phrase when it has one
    ("his hand is worth less than 31"), else `head` and its clause ("it is not so that ...")."""
    ((key, param),) = g.items()
    unit = GUARDS.get(key)
    words = (unit.words.get(w.lang) or unit.words["en"]) if unit is not None else {}
    if callable(words.get("negated")):
        return words["negated"](param, w)
    return f"{head} {_clause(g, w)}"


def _not(spec: Mapping[str, Any], ctx: CompileContext) -> Guard:
    inner = ctx.compile_guard(spec, ())
    return lambda st, p: not inner(st, p)


guard("not", "The inner guard does not hold.", {"$ref": "#/definitions/guard"}, _not,
      Reads.INNER, inner=lambda g: (g,), example={"first_turn": True}, words={
          "en": {"adverb": lambda g, w: f"unless {_clause(g, w)}",
                 "clause": lambda g, w: _negated(g, w, "it is not so that")},
          "it": {"adverb": lambda g, w: f"tranne quando {_clause(g, w)}",
                 "clause": lambda g, w: _negated(g, w, "non è vero che")}})


def _any(specs: list[Mapping[str, Any]], ctx: CompileContext) -> Guard:
    inner = tuple(ctx.compile_guard(s, (i,)) for i, s in enumerate(specs))
    return lambda st, p: any(g(st, p) for g in inner)


def _either(gs: list[Mapping[str, Any]], w: Terms) -> str:
    return w.either([_clause(g, w) for g in gs])


guard("any", "At least one of the listed guards holds.",
      {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/guard"}}, _any,
      Reads.INNER, inner=lambda gs: gs,
      example=[{"round_at_most": 1}, {"value_at_least": 30}], words={
          "en": {"adverb": lambda gs, w: f"only when {_either(gs, w)}", "clause": _either},
          "it": {"adverb": lambda gs, w: f"solo quando {_either(gs, w)}", "clause": _either}})
