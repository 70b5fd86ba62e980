"""The exchange of several cards in one move (`do: swap_cards`), a turn primitive unit.

Some houses let a player swap one, two or three cards with the table at once, others exactly
two: one option, one move, so nothing (the 31 check of a trigger
`on: action`) runs between the cards. Chained one-card steps would not say it.

A move is named by the hand it leaves (`Action.cards`, sorted; `bits` is that hand's mask):
given the hand and the zone it is exactly one exchange (the cards kept are the hand's, the cards
taken the zone's), so its role `EXCHANGE` tells a bot the hand it would hold without a lookup,
and its action id (`action_ids`) is that hand, the same move in every state. The moves of an
option are therefore at most the hands of `hand.size` cards of the deck, in a state and over
all states: the number the valuation's hand table already holds, and pays for, so this unit
adds no cost the compile limits do not count. The moves are built in play (as a capture's),
once per hand left, and kept.

A player who does not see his own hand (the blind opening turn, `turn.opening.blind`: Commerce's
dealer, "before looking at his own cards, may exchange one or two of his cards for one or two of
the exposed cards") cannot choose which of his cards he gives, only how many and what he takes:
he gives the first cards he holds (in the order dealt), one move for each choice he can tell
apart, named by the zone cards it takes (the hand it leaves would name cards he has not seen:
a bot could read them, and a search's world, his hand dealt again, would offer other moves).
Those names join the option's ids when it is in the step a blind opening begins with.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from math import comb
from typing import Any

from .keywords import CompileContext, Kind, Phrase, Ref, Terms
from .primitives import PRIMITIVES, Primitive
from .roles import EXCHANGE, Moving, Told, told
from .rules import Action, Lister, Option, action_maker

#: the most moves of one option kept made (a new hand left past it starts the cache again)
MAX_CACHED = 100_000


def _compile(params: dict, ctx: CompileContext) -> dict:
    """`min` and `max` checked against the hand: at least one card, at most the hand."""
    size = ctx.hand_size
    lo, hi = params.get("min", 1), params.get("max", size)
    if hi > size:
        ctx.error(("max",), f"an exchange of up to {hi} cards from a hand of {size}")
    if lo > hi:
        ctx.error(("min",), f"`min: {lo}` is more than `max: {hi}`")
    return {**params, "min": lo, "max": hi, "_size": size, "_blind": ctx.blind_step}


def _counts(opt: Any) -> tuple[int, int]:
    """(min, max): how many cards the option exchanges, as its compile step left them."""
    return opt.params["min"], opt.params["max"]


def _lister(opt: Option, actions: Mapping[tuple, Action], n: int) -> Lister:
    """(state, player) -> every exchange of `min` to `max` hand cards for as many of the zone,
    each a hand left (distinct: the hand kept and the cards taken say it); choosing unseen, each
    named by the zone cards it takes, his first cards given."""
    (lo, hi), zone_name = _counts(opt), opt.zone
    action = action_maker(opt, MAX_CACHED)

    def legal(st: Any, p: int) -> list[Action]:
        hand, zone = st.hands[p], st.zones[zone_name]
        out = []
        if st.unseen_hand() == p:  # named by what he takes; he gives his first cards
            for k in range(lo, min(hi, len(hand), len(zone)) + 1):
                for took in combinations(zone, k):
                    out.append(action(tuple(sorted(took))))
            return out
        for k in range(lo, min(hi, len(hand), len(zone)) + 1):
            for kept in combinations(hand, len(hand) - k):
                for took in combinations(zone, k):
                    out.append(action(tuple(sorted(kept + took))))
        return out
    return legal


def _split(st: Any, opt: Option, action: Action, p: int) -> tuple[list[int], list[int]]:
    """(the hand cards given, the zone cards taken) by the hand the action leaves; a player
    who does not see his hand gives his first cards, as many as the zone cards the action
    names (so the move is the same in a search's world where his hand was dealt again)."""
    left = action.bits
    took = [c for c in st.zones[opt.zone] if left >> c & 1]
    if st.unseen_hand() == p:
        return list(st.hands[p][:len(took)]), took
    return [c for c in st.hands[p] if not left >> c & 1], took


def _apply(st: Any, opt: Option, action: Action, p: int) -> None:
    """Each card given takes the place of a card taken, in the hand and in the zone."""
    gave, took = _split(st, opt, action, p)
    hand, zone = st.hands[p], st.zones[opt.zone]
    for g, t in zip(gave, took):
        hand[hand.index(g)] = t
        zone[zone.index(t)] = g
    st.masks[p] = st.mask(hand) if st.unseen_hand() == p else action.bits
    st.just_drawn = took[0] if len(took) == 1 else None


def _moving(st: Any, opt: Option, action: Action, p: int) -> Moving:
    gave, took = _split(st, opt, action, p)
    swapped = dict(zip(gave, took))
    return Moving(took=tuple(took), gave=tuple(gave),
                  after=tuple(swapped.get(c, c) for c in st.hands[p]))


def _catalogue(opt: Any, deck: Any, limit: int, plays_as: Mapping[int, frozenset[int]]
               ) -> list[tuple] | None:
    """Every hand of `hand.size` cards, as (its lowest card, the mask of the others): each
    move's id names the hand it leaves; in a blind opening's step, then every smaller set of
    cards it may take unseen (`min` to `max`). None past `limit`."""
    n, size = len(deck.cards), opt.params["_size"]
    sizes = [size]
    if opt.params.get("_blind"):
        lo, hi = _counts(opt)
        sizes += list(range(lo, min(hi, size - 1) + 1))
    if sum(comb(n, k) for k in sizes) > limit:
        return None
    return [_key_of(cards) for k in sizes for cards in combinations(range(n), k)]


def _key_of(cards: tuple[int, ...]) -> tuple[int, int]:
    mask = 0
    for c in cards[1:]:
        mask |= 1 << c
    return (cards[0], mask)


def _id_key(opt: Option, deck: Any, cards: tuple[int, ...]) -> tuple[int, int]:
    return _key_of(cards)


# ---- words --------------------------------------------------------------------------------
_NUMBERS = {"en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
            "it": ("una", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove")}


def _number(n: int, lang: str) -> str:
    return _NUMBERS[lang][n - 1] if 1 <= n <= len(_NUMBERS[lang]) else str(n)


def _how_many(o: Option, lang: str) -> str:
    """"one to three", "two", "da una a tre": how many cards the option exchanges."""
    lo, hi = _counts(o)
    if lo == hi:
        return _number(lo, lang)
    if hi == lo + 1:
        return f"{_number(lo, lang)} {'or' if lang == 'en' else 'o'} {_number(hi, lang)}"
    if lang == "en":
        return f"{_number(lo, lang)} to {_number(hi, lang)}"
    return f"da {_number(lo, lang)} a {_number(hi, lang)}"


def _option_en(o: Option, w: Terms) -> str:
    cards = "card" if _counts(o)[1] == 1 else "cards"
    return (f"exchanges {_how_many(o, 'en')} of his {cards} for as many cards of "
            f"{w.zone(str(o.zone)).the('en')}, all at once")


def _option_it(o: Option, w: Terms) -> str:
    one = _counts(o)[1] == 1
    what = "una delle sue carte" if one else f"{_how_many(o, 'it')} delle sue carte"
    return (f"scambia {what} con altrettante carte {w.zone(str(o.zone)).prep('it', 'di')}, "
            f"in una volta sola")


def _choice(give: str, take: str, unseen: tuple[str, str], blind: tuple[str, str]
            ) -> Phrase:
    """"Exchange cards: give Kc 7b, take 9d Qh  → 21"; cards the player cannot see are
    counted (one is named by its place, "card 2 of the widow"), and so are his own when he
    has not seen his hand (`blind`: "give 2 of your unseen cards")."""
    def say(t: Told, w: Terms) -> str:
        taken = t.took.codes if t.took is not None else unseen[t.taking != 1].format(t=t)
        given = t.gave.codes if t.gave is not None else blind[t.taking != 1].format(t=t)
        return f"{t.label}: {give} {given}, {take} {taken}{t.after}"
    return say


def _told(known: str, unknown: tuple[str, str]) -> Phrase:
    """The move told: the cards given and taken when the viewer may see both, else how many
    (`unknown`: the phrase for one card, for more)."""
    def say(t: Told, w: Terms) -> str:
        if t.took is not None and t.gave is not None:
            return known.format(t=t)
        return unknown[t.taking != 1].format(t=t)
    return say


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="swap_cards",
    description="some hand cards and as many zone cards change places, in one move",
    schema={"properties": {
        "with": {"$ref": "#/definitions/identifier", "description": "the zone exchanged with."},
        "min": {"type": "integer", "minimum": 1, "description":
                "the fewest cards exchanged. Default 1."},
        "max": {"type": "integer", "minimum": 1, "description":
                "the most cards exchanged, at most `hand.size`. Default `hand.size`."}},
            "required": ["with"]},
    compile=_compile, refs=(Ref("zone", ("with",)),), example={"with": "table", "max": 2},
    keys=lambda n: [], lister=_lister, apply=_apply, zone_param="with", role=EXCHANGE,
    moving=_moving, catalogue=_catalogue, id_key=_id_key, words={
        "en": {"option": _option_en, "label": told("Exchange cards"),
               "choice": _choice("give", "take", ("card {t.place} {t.zone:di}",
                                                 "{t.taking} cards {t.zone:di}"),
                                 ("the first of your unseen cards",
                                  "the first {t.taking} of your unseen cards")),
               "move": _told("{t.who:The} gives {t.gave} and takes {t.took} {t.zone:da}.",
                             ("{t.who:The} gives a card and takes one {t.zone:da}.",
                              "{t.who:The} gives {t.taking} cards and takes as many {t.zone:da}.")),
               "move_you": _told("You give {t.gave} and take {t.took} {t.zone:da}.",
                                 ("You give a card and take one {t.zone:da}.",
                                  "You give {t.taking} cards and take as many {t.zone:da}."))},
        "it": {"option": _option_it, "label": told("Cambia delle carte"),
               "choice": _choice("dai", "prendi", ("carta {t.place} {t.zone:di}",
                                                  "{t.taking} carte {t.zone:di}"),
                                 ("la prima delle tue carte coperte",
                                  "le prime {t.taking} delle tue carte coperte")),
               "move": _told("{t.who:The} dà {t.gave} e prende {t.took} {t.zone:da}.",
                             ("{t.who:The} dà una carta e ne prende una {t.zone:da}.",
                              ("{t.who:The} dà {t.taking} carte e ne prende altrettante "
                               "{t.zone:da}."))),
               "move_you": _told("Dai {t.gave} e prendi {t.took} {t.zone:da}.",
                                 ("Dai una carta e ne prendi una {t.zone:da}.",
                                  "Dai {t.taking} carte e ne prendi altrettante {t.zone:da}."))}}))
