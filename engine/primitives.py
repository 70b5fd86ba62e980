"""Turn primitives (`do:`) and option effects (`effects:`), one small entry each.

A primitive says which choices it offers (`keys`: every card tuple it could ever name, so the
compiler can build each Action once), which of them are legal now (`expand`) and what applying
one does (`apply`). Adding a kind of move, say a capture, is adding one entry here
(primitives are not keyword units yet: a new one also needs the compiler's zone check, its words
in `explain_turn` and the schema skeleton). Effects are keyword units (`EFFECTS`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from . import capture
from .keywords import CompileContext, Kind, Ref, Registry, Terms, Unit
from .rules import Action, Lister


@dataclass(frozen=True)
class Primitive:
    keys: Callable[[int], list]                # deck size -> every cards tuple it may name
    #: (option, its actions by cards, deck size) -> closure (state, player) -> legal Actions
    lister: Callable[[Any, Mapping[tuple, Action], int], Lister]
    apply: Callable[[Any, Any, Any, int], None]  # (state, option, action, player)
    zone_params: tuple[str, ...] = ()
    #: how its lister behaves, so a step's legal-move closure can skip calling it:
    #: "always" (its one action is always legal), "if_zone" (its one action is legal when its
    #: zone is not empty), None (call the lister)
    shape: str | None = None
    #: optional (params, compile context) -> params: checks and compiles the primitive's own
    #: parameters once (a capture's taking rules), stored in the option's params
    prepare: Callable[[dict, Any], dict] | None = None
    #: the move is a knock (the compiler's "can a hand end?" check, explain's knock section)
    knocks: bool = False
    #: the move does nothing: a whole round of such moves is the `all_passed` event
    passes: bool = False
    #: the parameter naming the zone whose top card it takes into the hand (a draw), if any
    draws_from: str | None = None
    #: the parameter naming the pile it puts a card on (the pile `reshuffle` turns over)
    discards_to: str | None = None
    #: the parameter naming a zone it may play from besides the hand (a capture from an owned
    #: pile); only zones each player owns count
    plays_from: str | None = None


# ---- draw, swap all, pass, knock: one action without cards ---------------------------------
def _single_if_zone(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    single, zone = [actions[()]], opt.zone

    def legal(st, p):
        return single if st.zones[zone] else []
    return legal


def _single_always(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    single = [actions[()]]
    return lambda st, p: single


def _draw_apply(st, opt, action, p):
    card = st.zones[opt.zone].pop()
    st.hands[p].append(card)
    st.masks[p] |= 1 << card
    st.just_drawn = card


# ---- discard ------------------------------------------------------------------------------
def _discard_lister(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    table = [actions.get((c,)) for c in range(n)]
    if opt.params.get("not_just_drawn"):
        def legal(st, p):
            jd = st.just_drawn
            return [table[c] for c in st.hands[p] if c != jd]
    else:
        def legal(st, p):
            return [table[c] for c in st.hands[p]]
    return legal


def _discard_apply(st, opt, action, p):
    card = action.cards[0]
    st.hands[p].remove(card)
    st.masks[p] &= ~(1 << card)
    st.zones[opt.zone].append(card)


# ---- swap one -----------------------------------------------------------------------------
def _swap_lister(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    table = [[actions.get((h, z)) for z in range(n)] for h in range(n)]
    zone_name = opt.zone

    def legal(st, p):
        zone = st.zones[zone_name]
        return [row[z] for row in map(table.__getitem__, st.hands[p]) for z in zone]
    return legal


def _swap_apply(st, opt, action, p):
    h, z = action.cards
    hand, zone = st.hands[p], st.zones[opt.zone]
    hand[hand.index(h)] = z
    zone[zone.index(z)] = h
    st.masks[p] = (st.masks[p] & ~(1 << h)) | (1 << z)
    st.just_drawn = z


# ---- swap all -----------------------------------------------------------------------------
def _swap_all_apply(st, opt, action, p):
    name = opt.zone
    st.hands[p], st.zones[name] = st.zones[name], st.hands[p]
    st.masks[p] = st.mask(st.hands[p])
    st.just_drawn = None


# ---- pass and knock -----------------------------------------------------------------------
def _nothing(st, opt, action, p):
    return None


def _knock_apply(st, opt, action, p):
    st.knock(p)


def _no_cards(n):
    return [()]


def _each_card(n):
    return [(c,) for c in range(n)]


def _card_pairs(n):
    return list(product(range(n), range(n)))


PRIMITIVES: dict[str, Primitive] = {
    "draw": Primitive(_no_cards, _single_if_zone, _draw_apply, ("from",), "if_zone",
                      draws_from="from"),
    "discard": Primitive(_each_card, _discard_lister, _discard_apply, ("to",),
                         discards_to="to"),
    "swap": Primitive(_card_pairs, _swap_lister, _swap_apply, ("with",)),
    "swap_all": Primitive(_no_cards, _single_if_zone, _swap_all_apply, ("with",), "if_zone"),
    "pass": Primitive(_no_cards, _single_always, _nothing, (), "always", passes=True),
    "knock": Primitive(_no_cards, _single_always, _knock_apply, (), "always", knocks=True),
    "capture": Primitive(lambda n: [], capture.capture_lister, capture.capture_apply,
                         ("table", "into"), prepare=capture.prepare, plays_from="from"),
}


# ---- effects ------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Effect(Unit):
    """An option effect (`effects:`), a keyword unit (see `keywords`). Its compile step
    returns the closure `(state, player)` run after the option's primitive; its phrase `clause`
    is said after the option's words (", and the reserve is turned face up"). `knocks`: the
    effect counts as a knock (the compiler's "can a hand end?" check)."""
    knocks: bool = False


EFFECTS: Registry[Effect] = Registry(Kind.EFFECT, forms=("clause",))


def effect_knock(param: Any, ctx: CompileContext) -> Callable:
    return lambda st, p: st.knock(p)


def _knock_name(w: Terms, en: bool) -> str:
    name = w.knock_term()
    if name:
        return w.q(name)
    return "a knock" if en else "una bussata"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="knock", knocks=True,
    description="true: the action also knocks (stands), as if the player had knocked.",
    schema={"type": "boolean", "const": True}, compile=effect_knock, example=True,
    words={"en": {"clause": lambda x, w: f", and this counts as {_knock_name(w, True)}"},
           "it": {"clause": lambda x, w: f", e questo vale come {_knock_name(w, False)}"}}))


def effect_reveal(zone: str, ctx: CompileContext) -> Callable:
    def reveal(st, p):
        st.face_up[zone] = True
        st.emit("reveal", p, zone=zone, cards=st.rules.deck.codes(st.zones[zone]))
    return reveal


def _reveal_en(zone: str, w: Terms) -> str:
    z = w.zone(zone)
    return f", and {z.the('en')} {z.be('en')} turned face up"


def _reveal_it(zone: str, w: Terms) -> str:
    z = w.zone(zone)
    return f", e {z.the('it')} {z.passive()} {z.adj('scopert')}"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="reveal", description="The named zone is turned face up.",
    schema={"$ref": "#/definitions/identifier"}, compile=effect_reveal, refs=(Ref("zone"),),
    example="reserve", words={"en": {"clause": _reveal_en}, "it": {"clause": _reveal_it}}))


def effect_move(spec: Mapping, ctx: CompileContext) -> Callable:
    src, dst, count = spec["from"], spec["to"], spec.get("count", 1)
    if count > len(ctx.deck.cards):  # one by one, refilling the pile
        ctx.error(("count",), f"a move of {count} cards from a deck of {len(ctx.deck.cards)}")

    def move(st, p):
        for _ in range(count):
            if not st.zones[src]:
                st.stock_ran_out(src)
                if not st.zones[src]:
                    return
            st.zones[dst].append(st.zones[src].pop())
    return move


def _move_en(spec: Mapping, w: Terms) -> str:
    src, dst, n = w.zone(spec["from"]), w.zone(spec["to"]), spec.get("count", 1)
    what = "the top card" if n == 1 else f"the top {n} cards"
    return f", and moves {what} of {src.the('en')} onto {dst.the('en')}"


def _move_it(spec: Mapping, w: Terms) -> str:
    src, dst, n = w.zone(spec["from"]), w.zone(spec["to"]), spec.get("count", 1)
    what = "la carta in cima" if n == 1 else f"le {n} carte in cima"
    return f", e sposta {what} {src.prep('it', 'a')} {dst.prep('it', 'su')}"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="move",
    description="Cards move between zones, {from, to, count}, e.g. burning the card the "
                "player could have drawn.",
    schema={"$ref": "#/definitions/move"}, compile=effect_move,
    refs=(Ref("zone", ("from",)), Ref("zone", ("to",))),
    example={"from": "stock", "to": "burn", "count": 2},
    words={"en": {"clause": _move_en}, "it": {"clause": _move_it}}))
