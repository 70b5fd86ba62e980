"""Hand patterns: the pattern kinds, one unit each, and what valuing a hand of them costs.

Each kind is a keyword unit (see `keywords`), in the style of jsonschema's keyword functions:
its parameters' schema, a compile step that takes the pattern's parameters (ranks and cards
checked against the deck through the compile context) and returns a matcher
`cards -> (sum, suits) | (sum, suits, order) | None` (see `valuation.Match`), its words, its
measured cost per hand (`bench/pattern_costs.py` measures it again) and whether it treats every
suit alike. Adding a kind is adding one `PATTERN_KINDS.add(...)` here.

The table of every hand's value is built by `valuation.Valuation`; `table_cost` says before
any of that work what it will cost, from the same counts of hands.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb, factorial
from typing import Any

from .cards import JOKER_CODE, Deck
from .hand_classes import HandClasses
from .keywords import CompileContext, Kind, Registry, Terms, Unit
from .valuation import HandValue, Match, Matcher, Pattern, Valuation

__all__ = ["PATTERN_KINDS", "HandValue", "Pattern", "PatternKind", "TableCost", "Valuation",
           "limited", "suit_free", "table_cost"]


@dataclass(frozen=True, kw_only=True)
class PatternKind(Unit):
    """A pattern kind. `cost` is what one matcher call on a hand of `n` cards costs, in
    microseconds of CPU on the 2-core development machine, as `bench/pattern_costs.py`
    measures it (the compiler refuses a ruleset whose table would cost too much, see
    `table_cost`). `takes_cards` says whether its compile step honours a pattern's `cards: N`
    itself for these parameters; otherwise `limited` tries every N-card part. `suit_free`
    says that with these parameters it treats every suit alike (no card or suit named), so
    hands equal but for their suits' names are valued once."""
    cost: Callable[[Mapping[str, Any], int], float]
    takes_cards: Callable[[Mapping[str, Any]], bool] = lambda params: False
    suit_free: Callable[[Mapping[str, Any]], bool] = lambda params: False


#: `kind:` values. A unit's `schema` is `{"properties": {...}, "required": [...]}`: the keys
#: a pattern of that kind may have besides the common ones (name, label, kind, value, tier,
#: instant). Its phrase `text` says what a hand of that kind looks like (explain adds what it
#: is worth).
PATTERN_KINDS: Registry[PatternKind] = Registry(Kind.PATTERN_KIND, forms=("text",))

_RANKS = {"type": "array", "minItems": 1, "uniqueItems": True,
          "items": {"$ref": "#/definitions/rank_code"}}
_WILD = {"type": "array", "minItems": 1, "uniqueItems": True,
         "items": {"$ref": "#/definitions/card_code"}}
_SUM = {"type": "number"}


def _count(params: Mapping[str, Any], w: Terms) -> int:
    """How many cards a pattern is made of: its `cards`, or the whole hand."""
    return int(params.get("cards") or w.rules.hand_size)


def _of_hand(params: Mapping[str, Any], w: Terms) -> str:
    """What a pattern made of part of the hand (`cards: N`) adds: " among the 4 in hand"."""
    if not params.get("cards") or params["cards"] >= w.rules.hand_size:
        return ""
    size = w.num(w.rules.hand_size)
    return f" among the {size} in hand" if w.lang == "en" else f" fra le {size} in mano"


def _wild_codes(params: Mapping[str, Any], ctx: CompileContext) -> list[str]:
    """The `wild` card codes, each checked against the deck (a problem per unknown card),
    and the deck's jokers when they are wild."""
    codes = ctx.card_codes(params.get("wild") or (), ("wild",))
    deck: Deck = ctx.deck
    if deck.jokers_wild and deck.jokers:
        codes.append(JOKER_CODE)
    return codes


def _suit_sums(deck: Deck, cards: Sequence[int]) -> dict[int, float]:
    sums: dict[int, float] = {}
    for c in cards:
        card = deck.cards[c]
        sums[card.suit] = sums.get(card.suit, 0) + card.value
    return sums


def _wild_split(deck: Deck, wild: Sequence[str],
                cards: Sequence[int]) -> tuple[list, int, float]:
    """(natural cards, how many wild cards, what the jokers that are not wild add) of a
    hand: a joker of its own value joins whichever suit it is counted with."""
    if not wild and not deck.jokers:
        return list(cards), 0, 0
    natural = []
    wilds, extra = 0, 0.0
    for c in cards:
        card = deck.cards[c]
        if card.code in wild:
            wilds += 1
        elif card.joker:
            extra += card.value
        else:
            natural.append(c)
    return natural, wilds, extra


def _filled(deck: Deck, suit: int, held: Sequence[int], wilds: int) -> float:
    """What `wilds` wild cards add to a suit: each is the best card of it not held."""
    have = {deck.cards[c].rank for c in held if deck.cards[c].suit == suit}
    free = sorted((r.value for i, r in enumerate(deck.ranks) if i not in have), reverse=True)
    return sum(free[:wilds])


def _suit_words(head: Callable[[Mapping[str, Any], Terms], str],
                exactly: str, or_more: str) -> Callable[[Any, Terms], str]:
    """The words of a suit kind: its head, then `exactly` with the `sum` it must add up to
    (or `or_more` with its `at_least`), then what its wild cards do."""
    def say(params: Mapping[str, Any], w: Terms) -> str:
        text = head(params, w)
        if params.get("sum") is not None:
            text += f", {exactly} {w.num(params['sum'])}"
        if params.get("at_least") is not None:
            text += ", " + or_more.format(n=w.num(params["at_least"]))
        return text + _wild_words(params, w)
    return say


def _wanted(params: Mapping[str, Any], ctx: CompileContext) -> Callable[[float], bool] | None:
    """What a suit kind's total must be: exactly `sum`, at least `at_least`, or anything
    (None). Both at once is refused: an author means one of them."""
    exact, least = params.get("sum"), params.get("at_least")
    if exact is not None and least is not None:
        ctx.error(("at_least",), "say `sum` (exactly this total) or `at_least` (this total "
                  "or more), not both")
    if exact is not None:
        return lambda total: total == exact
    if least is not None:
        return lambda total: total >= least
    return None


_SUIT_SCHEMA = {"properties": {
    "sum": dict(_SUM, description="the suit's cards must add up to exactly this number "
                "(e.g. 31)."),
    "at_least": dict(_SUM, description="the suit's cards must add up to this number or more "
                     "(e.g. 31, with jokers worth 12: `value: 31` makes every such hand "
                     "count as 31)."),
    "wild": dict(_WILD, description="they join the suit, each standing for the highest card "
                 "of that suit the hand does not hold (a 'matta').")}}


def _wild_words(params: Mapping[str, Any], w: Terms) -> str:
    """What a `wild` list adds to the words of a suit kind."""
    if not params.get("wild"):
        return ""
    wild = w.join([w.the_card(str(c)) for c in params["wild"]])
    if w.lang == "en":
        return (f"; {wild} is wild: it counts as the best card of the suit that the hand does "
                f"not hold")
    return f"; {wild} è la matta: vale come la carta più alta del seme che la mano non ha già"


# ---- best_suit ----------------------------------------------------------------------------
def best_suit(params: Mapping[str, Any], ctx: CompileContext) -> Matcher:
    """The best single suit counts; with all suits different that is the highest card. Wild
    cards join the suit where they count most."""
    want = _wanted(params, ctx)
    deck: Deck = ctx.deck
    wild = _wild_codes(params, ctx)
    if params.get("cards") and not wild:
        return _best_suit_of_best(deck, int(params["cards"]), want)

    def match(cards):
        if not cards:
            return None
        natural, wilds, extra = _wild_split(deck, wild, cards)
        sums = _suit_sums(deck, natural)
        if wilds or extra or not sums:
            for s in range(len(deck.suits)):
                sums[s] = sums.get(s, 0) + _filled(deck, s, natural, wilds) + extra
        top = max(sums.values())
        if want is not None and not want(top):
            return None
        return top, tuple(s for s, v in sums.items() if v == top)
    return best_part(match, params.get("cards"))


def _by_suit(deck: Deck, cards: Sequence[int]) -> dict[int, list[float]]:
    """suit -> the values of the hand's cards of it; the jokers of their own value join every
    suit (and make up one of their own when the hand holds nothing else)."""
    by_suit: dict[int, list[float]] = {}
    jokers = []
    for c in cards:
        card = deck.cards[c]
        if card.joker:
            jokers.append(card.value)
        else:
            by_suit.setdefault(card.suit, []).append(card.value)
    if jokers:
        for s in (by_suit or range(len(deck.suits))):
            by_suit.setdefault(s, []).extend(jokers)
    return by_suit


def _best_suit_of_best(deck: Deck, n: int, want: Callable[[float], bool] | None) -> Matcher:
    """`best_suit` with `cards: N`: each suit counts its N best cards (no parts tried)."""
    def match(cards: Sequence[int]) -> Match:
        if not cards:
            return None
        by_suit = _by_suit(deck, cards)
        sums = {s: sum(sorted(v, reverse=True)[:n]) for s, v in by_suit.items()}
        top = max(sums.values())
        if want is not None and not want(top):
            return None
        return top, tuple(s for s, v in sums.items() if v == top)
    return match


def _best_of_suit_en(params: Mapping[str, Any], w: Terms) -> str:
    best = (f", counting only its {w.num(params['cards'])} best cards"
            if params.get("cards") else "")
    return ("the cards of one suit added up" + best + ": only the best suit counts (with every "
            "card of a different suit, the highest card)")


def _best_of_suit_it(params: Mapping[str, Any], w: Terms) -> str:
    best = (f", contando solo le sue {w.num(params['cards'])} carte migliori"
            if params.get("cards") else "")
    return ("si sommano le carte di un solo seme" + best + ": conta solo il seme migliore (con "
            "tutte le carte di semi diversi, la carta più alta)")


PATTERN_KINDS.add(PatternKind(
    kind=Kind.PATTERN_KIND, name="best_suit", description="the best single suit counts",
    schema=_SUIT_SCHEMA, compile=best_suit, example={"sum": 31, "wild": ["Ac"]},
    takes_cards=lambda params: not params.get("wild"),
    cost=lambda params, n: ((2.0 if params.get("cards") else 0.5) + 0.9 * n
                            + (2.0 if params.get("wild") else 0.0)),
    suit_free=lambda params: not params.get("wild"),
    words={"en": {"text": _suit_words(_best_of_suit_en, "when it adds up to exactly",
                                      "when it adds up to {n} or more")},
           "it": {"text": _suit_words(_best_of_suit_it, "quando fa esattamente",
                                      "quando fa {n} o più")}}))


# ---- same_suit ----------------------------------------------------------------------------
def same_suit(params: Mapping[str, Any], ctx: CompileContext) -> Matcher:
    """Every card of one suit, optionally adding up to an exact `sum`; wild cards fill in."""
    want = _wanted(params, ctx)
    deck: Deck = ctx.deck
    wild = _wild_codes(params, ctx)
    if params.get("cards") and not wild:
        return _same_suit_of_part(deck, int(params["cards"]), params.get("sum"),
                                  params.get("at_least"))

    def match(cards):
        natural, wilds, extra = _wild_split(deck, wild, cards)
        suits = {deck.cards[c].suit for c in natural}
        if len(suits) > 1 or not cards:
            return None
        candidates = suits or set(range(len(deck.suits)))
        best = None
        for s in candidates:
            total = (sum(deck.cards[c].value for c in natural) + extra +
                     _filled(deck, s, natural, wilds))
            if (want is None or want(total)) and (best is None or total > best[0]):
                best = (total, (s,))
        return best
    return best_part(match, params.get("cards"))


def _same_suit_of_part(deck: Deck, n: int, want: float | None,
                       least: float | None) -> Matcher:
    """`same_suit` with `cards: N`: N cards of one suit (adding up to `sum`, or to at least
    `at_least`, if given), the best such part; only the cards of each suit are combined."""
    def match(cards: Sequence[int]) -> Match:
        by_suit = _by_suit(deck, cards)
        best: Match = None
        for suit, values in by_suit.items():
            if len(values) < n:
                continue
            if want is None:
                total = sum(sorted(values, reverse=True)[:n])
                if least is not None and total < least:
                    continue
            elif any(sum(part) == want for part in combinations(values, n)):
                total = want
            else:
                continue
            if best is None or total > best[0]:
                best = (total, (suit,))
        return best
    return match


def _same_suit_en(params: Mapping[str, Any], w: Terms) -> str:
    n = _count(params, w)
    return (f"{n} cards of one suit{_of_hand(params, w)}" if params.get("cards") else
            f"all {n} cards of one suit")


PATTERN_KINDS.add(PatternKind(
    kind=Kind.PATTERN_KIND, name="same_suit", description="all cards of one suit",
    schema=_SUIT_SCHEMA, compile=same_suit, example={"at_least": 31},
    takes_cards=lambda params: not params.get("wild"),
    cost=lambda params, n: 1.0 + 0.3 * n + (0.5 if params.get("wild") else 0.0),
    suit_free=lambda params: not params.get("wild"),
    words={"en": {"text": _suit_words(_same_suit_en, "adding up to exactly",
                                      "adding up to {n} or more")},
           "it": {"text": _suit_words(lambda p, w: (f"{_count(p, w)} carte dello stesso "
                                                        f"seme{_of_hand(p, w)}"),
                                      "che sommano esattamente", "che sommano {n} o più")}}))


# ---- same_rank ----------------------------------------------------------------------------
def same_rank(params: Mapping[str, Any], ctx: CompileContext) -> Matcher:
    """Every card of one rank, optionally helped by wild cards standing for that rank."""
    deck: Deck = ctx.deck
    allowed = (set(ctx.rank_indices(params["ranks"], ("ranks",)))
               if params.get("ranks") is not None else None)
    wild = set(_wild_codes(params, ctx))
    min_natural = params.get("min_natural", 1)
    # `by_rank`: two hands of the pattern worth the same are ranked by their rank, as the
    # cards are for the cut and `high_rank` (value, then place in the deck's list)
    order = ([(r.value, r.position) for r in deck.ranks] if params.get("by_rank") else None)

    def match(cards):
        natural = [c for c in cards if deck.cards[c].code not in wild]
        if len(natural) < min_natural or any(deck.cards[c].joker for c in natural):
            return None  # a joker of its own value is of no rank
        ranks = {deck.cards[c].rank for c in natural}
        if len(ranks) != 1:
            return None
        rank = next(iter(ranks))
        if allowed is not None and rank not in allowed:
            return None
        value = deck.ranks[rank].value * len(cards)
        suits = tuple(sorted({deck.cards[c].suit for c in cards}))
        if order is not None:
            return value, suits, order[rank]
        return value, suits
    return match


def _by_rank_order(params: Mapping[str, Any], w: Terms) -> str:
    """The ranks of a `by_rank` pattern, highest first (as the cut ranks them)."""
    ranks = w.rules.deck.ranks
    if params.get("ranks") is not None:
        ranks = tuple(r for r in ranks if r.code in {str(c) for c in params["ranks"]})
    return " > ".join(r.code for r in sorted(ranks, key=lambda r: (r.value, r.position),
                                             reverse=True))


def _same_rank_en(params: Mapping[str, Any], w: Terms) -> str:
    n = _count(params, w)
    text = f"{n} cards of the same rank{_of_hand(params, w)}"
    if params.get("ranks") is not None:
        text += f", {w.either([w.rank_by_code(c) for c in params['ranks']])} only"
    if params.get("wild"):
        wild = w.join([w.the_card(str(c)) for c in params["wild"]])
        nat = params.get("min_natural", 1)
        text += f"; {wild} may stand for any rank (at least {w.cards(nat)} of the rank itself)"
    if params.get("by_rank"):
        text += (f"; of two such hands worth the same, the higher rank wins "
                 f"({_by_rank_order(params, w)})")
    return text


def _same_rank_it(params: Mapping[str, Any], w: Terms) -> str:
    text = f"{_count(params, w)} carte uguali{_of_hand(params, w)}"
    if params.get("ranks") is not None:
        text += f", solo {w.either([w.rank_by_code(c) for c in params['ranks']])}"
    if params.get("wild"):
        wild = w.join([w.the_card(str(c)) for c in params["wild"]])
        nat = params.get("min_natural", 1)
        real = "una carta vera" if nat == 1 else f"{nat} carte vere"
        text += f"; {wild} può sostituire qualsiasi carta (servono almeno {real})"
    if params.get("by_rank"):
        text += (f"; fra due di queste mani di pari valore vince quella con le carte più "
                 f"alte ({_by_rank_order(params, w)})")
    return text


PATTERN_KINDS.add(PatternKind(
    kind=Kind.PATTERN_KIND, name="same_rank", description="all cards of one rank",
    schema={"properties": {
        "ranks": dict(_RANKS, description="the ranks allowed (e.g. [A, F, C, R]); default "
                      "every rank."),
        "wild": dict(_WILD, description="they stand for the rank of the other cards (e.g. "
                     "[Jc] for a pair and the Jack of clubs)."),
        "min_natural": {"description": "at least this many cards must be non-wild (needs "
                        "`wild`). Default 1.", "type": "integer", "minimum": 0,
                        "default": 1},
        "by_rank": {"description": "true: of two hands of this pattern worth the same (three "
                    "Kings and three Jacks, both `value: 30.5`), the higher rank wins, by "
                    "value and then by the deck's order (Ace, King, Queen, Jack... in the "
                    "presets); default false: they tie, and the tie-breaks decide.",
                    "type": "boolean", "default": False}},
        "dependencies": {"min_natural": ["wild"]}},
    compile=same_rank, example={"ranks": ["A", "R"], "wild": ["Rc"], "min_natural": 2,
                                "by_rank": True},
    cost=lambda params, n: 1.4 + 0.35 * n, suit_free=lambda params: not params.get("wild"),
    words={"en": {"text": _same_rank_en}, "it": {"text": _same_rank_it}}))


# ---- rank_groups --------------------------------------------------------------------------
def rank_groups(params: Mapping[str, Any], ctx: CompileContext) -> Matcher:
    """One suit, one card from each group of ranks (say an Ace and two figures)."""
    deck: Deck = ctx.deck
    specs = params["groups"]
    groups = [set(ctx.rank_indices(g, ("groups", j))) for j, g in enumerate(specs)]
    size = params.get("cards") or ctx.hand_size
    if len(specs) != size:
        ctx.error(("groups",), f"{len(specs)} groups can never match {size} cards")
    wild = _wild_codes({}, ctx)  # the deck's wild jokers

    def match(cards):
        if len(cards) != len(groups):
            return None
        suits = {deck.cards[c].suit for c in cards}
        if len(suits) != 1:
            return None
        ranks = [deck.cards[c].rank for c in cards]
        for order in permutations(ranks):
            if all(r in g for r, g in zip(order, groups)):
                return sum(deck.cards[c].value for c in cards), tuple(suits)
        return None
    if not wild:
        return match

    def with_wild(cards: Sequence[int]) -> Match:
        natural, wilds, extra = _wild_split(deck, wild, cards)
        if not wilds or extra:
            return match(cards)  # a joker of its own value is of no rank: no match
        if len(cards) != len(groups):
            return None
        suits = {deck.cards[c].suit for c in natural}
        if len(suits) > 1:
            return None
        held = [deck.cards[c].rank for c in natural]
        base = sum(deck.cards[c].value for c in natural)
        best: Match = None
        for suit in (suits or range(len(deck.suits))):
            for slots in permutations(range(len(groups))):
                if not all(r in groups[g] for r, g in zip(held, slots)):
                    continue
                used, total = set(held), base
                for g in slots[len(held):]:  # each wild card: the best rank left in its group
                    free = [r for r in groups[g] if r not in used]
                    if not free:
                        break
                    top = max(free, key=lambda r: deck.ranks[r].value)
                    used.add(top)
                    total += deck.ranks[top].value
                else:
                    if best is None or total > best[0]:
                        best = (total, (suit,))
        return best
    return with_wild


def _groups(params: Mapping[str, Any], w: Terms) -> list[str]:
    return [w.either([w.rank_by_code(c) for c in g]) for g in params.get("groups") or []]


PATTERN_KINDS.add(PatternKind(
    kind=Kind.PATTERN_KIND, name="rank_groups",
    description="all of one suit, one card from each group",
    schema={"properties": {
        "groups": {"description": "a list of lists of rank codes; the hand holds one card "
                   "from each list, e.g. [[A], [K, Q, J], [K, Q, J]].",
                   "type": "array", "minItems": 1,
                   "items": {"type": "array", "minItems": 1,
                             "items": {"$ref": "#/definitions/rank_code"}}}},
        "required": ["groups"]},
    compile=rank_groups, example={"groups": [["A"], ["F", "C", "R"], ["F", "C", "R"]]},
    # mixed suits are told at once; a hand of one suit tries every order of its cards
    cost=lambda params, n: (1.0 + 0.2 * n + 0.05 * factorial(n)
                            if len(params.get("groups") or ()) == n else 1.0),
    suit_free=lambda params: True,
    words={"en": {"text": lambda p, w: (f"all of one suit{_of_hand(p, w)}: "
                                        f"{', plus '.join(_groups(p, w))}")},
           "it": {"text": lambda p, w: (f"tutte dello stesso seme{_of_hand(p, w)}: "
                                        f"{', più '.join(_groups(p, w))}")}}))


# ---- run ----------------------------------------------------------------------------------
WRAPS = ("none", "both_ends", "around")


def run(params: Mapping[str, Any], ctx: CompileContext) -> Matcher:
    """All the pattern's cards in sequence (a run, a straight), of one suit or any: one kind
    for what would otherwise be a pattern per sequence. The sequence is `order` (default the
    deck's ranks as listed); `wrap` says whether its first rank also follows its last."""
    deck: Deck = ctx.deck
    if params.get("order") is not None:
        order = ctx.rank_indices(params["order"], ("order",))
    else:
        order = list(range(len(deck.ranks)))
    length = int(params.get("cards") or ctx.hand_size)
    if len(order) < length and len(order) == len(params.get("order") or order):
        ctx.error(("order",) if params.get("order") is not None else (),
                  f"a run of {length} cards needs at least {length} ranks in sequence, "
                  f"{len(order)} given")
    suited = bool(params.get("suited", False))
    wrap = params.get("wrap", "none")
    match = _whole_run(deck, order, wrap, suited)
    wild = _wild_codes({}, ctx)  # the deck's wild jokers: each fills a missing rank
    if wild:
        return best_part(_run_with_wild(deck, wild, match, order, wrap, suited),
                         params.get("cards"))
    if not params.get("cards"):
        return match
    return _best_window(deck, order, wrap, suited, length, match)


def _whole_run(deck: Deck, order: list[int], wrap: str, suited: bool) -> Matcher:
    """The matcher of a hand that is a run as a whole: every card's rank in `order`, no rank
    twice, the ranks in sequence (past the end as `wrap` allows), one suit if `suited`."""
    pos = {r: i for i, r in enumerate(order)}
    n = len(order)

    def in_sequence(ps: list[int]) -> bool:
        k = len(ps)
        if ps[-1] - ps[0] == k - 1:
            return True
        if wrap == "both_ends" and ps[0] == 0:   # the first rank after the last
            return n - ps[1] == k - 1
        if wrap == "around":                      # any number of ranks past the end
            gaps = sum(1 for a, b in zip(ps, ps[1:] + [ps[0] + n]) if b - a != 1)
            return gaps <= 1
        return False

    def match(cards: Sequence[int]) -> Match:
        if not cards:
            return None
        ps = []
        suits = set()
        total = 0.0
        for c in cards:
            card = deck.cards[c]
            p = pos.get(card.rank)
            if p is None:
                return None
            ps.append(p)
            suits.add(card.suit)
            total += card.value
        if (suited and len(suits) > 1) or len(set(ps)) != len(ps):
            return None
        ps.sort()
        if not in_sequence(ps):
            return None
        return total, tuple(sorted(suits))
    return match


def _best_window(deck: Deck, order: list[int], wrap: str, suited: bool, length: int,
                 match: Matcher) -> Matcher:
    """`cards: N` of a bigger hand: the best window of N ranks in sequence the hand covers
    (one pass over the sequence, not every N-card part); a hand of N cards or fewer is
    matched whole."""
    pos = {r: i for i, r in enumerate(order)}
    n = len(order)
    ends = n + 1 if wrap == "both_ends" else n
    starts = range(n) if wrap == "around" else range(max(0, ends - length + 1))

    def part(cards: Sequence[int]) -> Match:
        if len(cards) <= length:
            return match(cards)
        groups: dict[int, dict[int, tuple[float, int]]] = {}
        for c in cards:
            card = deck.cards[c]
            p = pos.get(card.rank)
            if p is None:
                continue
            best = groups.setdefault(card.suit if suited else 0, {})
            if p not in best or card.value > best[p][0]:
                best[p] = (card.value, card.suit)
        found: Match = None
        for best in groups.values():
            for start in starts:
                window = [best.get((start + i) % n) for i in range(length)]
                if None in window:
                    continue
                total = sum(v for v, _ in window)  # type: ignore[misc]
                if found is None or total > found[0]:
                    found = (total, tuple(sorted({s for _, s in window})))  # type: ignore[misc]
        return found
    return part


def _run_with_wild(deck: Deck, wild: Sequence[str], match: Matcher, order: list[int],
                   wrap: str, suited: bool) -> Matcher:
    """A run where wild cards fill the missing ranks: the best window of the sequence that
    holds every natural card, each wild card counting as the rank it stands for."""
    n = len(order)
    ends = n + 1 if wrap == "both_ends" else n
    pos = {r: i for i, r in enumerate(order)}

    def with_wild(cards: Sequence[int]) -> Match:
        natural, wilds, _ = _wild_split(deck, wild, cards)
        if not wilds:
            return match(cards)
        k = len(cards)
        ps = set()
        suits = set()
        total = 0.0
        for c in natural:
            card = deck.cards[c]
            if card.rank not in pos or card.joker:
                return None
            ps.add(pos[card.rank])
            suits.add(card.suit)
            total += card.value
        if len(ps) != len(natural) or (suited and len(suits) > 1):
            return None
        best = None
        for start in (range(n) if wrap == "around" else range(max(0, ends - k + 1))):
            window = {(start + i) % n for i in range(k)}
            if len(window) == k and ps <= window:
                filled = sum(deck.ranks[order[p]].value for p in window - ps)
                if best is None or total + filled > best:
                    best = total + filled
        if best is None:
            return None
        return best, tuple(sorted(suits)) if suits else tuple(range(len(deck.suits)))
    return with_wild


def _run_codes(params: Mapping[str, Any], w: Terms) -> list[str]:
    order = params.get("order")
    return ([str(c) for c in order] if order is not None else
            [r.code for r in w.rules.deck.ranks])


def _run_examples(params: Mapping[str, Any], w: Terms) -> tuple[str, str]:
    """(a run through the end of the sequence into its first rank, one going round it)."""
    codes = _run_codes(params, w)
    k = max(2, min(_count(params, w), len(codes)))
    high = codes[len(codes) - k + 1:] + codes[:1]
    round_ = codes[len(codes) - k + 2:] + codes[:2] if k > 2 else codes[-1:] + codes[:1]
    return "-".join(high), "-".join(round_)


#: the run's words per language: its head (count, part of the hand), "of one suit", the order,
#: and what `wrap` adds (with the examples: a run into the first rank, one round the corner)
_RUN_WORDS: dict[str, dict[str, str]] = {
    "en": {"head": "{n} cards in sequence{part}", "suited": ", all of one suit",
           "order": ", in the order {codes}",
           "both_ends": "; {high} is a sequence too, but {round} is not",
           "around": "; a sequence may go round the corner, as {round}"},
    "it": {"head": "una scala di {n} carte{part}", "suited": " dello stesso seme",
           "order": ", nell'ordine {codes}", "both_ends": "; vale anche {high}, ma non {round}",
           "around": "; la scala può girare, come {round}"},
}


def _run_words(lang: str) -> Callable[[Mapping[str, Any], Terms], str]:
    words = _RUN_WORDS[lang]

    def say(params: Mapping[str, Any], w: Terms) -> str:
        high, round_ = _run_examples(params, w)
        fill = {"n": _count(params, w), "part": _of_hand(params, w), "high": high,
                "round": round_, "codes": " ".join(_run_codes(params, w))}
        parts = ["head"] + (["suited"] if params.get("suited") else []) + ["order"]
        parts += [k for k in ("both_ends", "around") if params.get("wrap") == k]
        return "".join(words[k].format(**fill) for k in parts)
    return say


PATTERN_KINDS.add(PatternKind(
    kind=Kind.PATTERN_KIND, name="run",
    description="all cards in sequence (a run), of one suit or any",
    schema={"properties": {
        "suited": {"description": "true: the cards of the run are all of one suit (a straight "
                   "flush); default false: of any suits.", "type": "boolean",
                   "default": False},
        "order": {"description": "the ranks in sequence, lowest first; default the deck's "
                  "ranks as listed (the Ace first in the presets). A rank left out is never "
                  "part of a run (list [2, 3, ..., K, A] for an Ace that is only high).",
                  "type": "array", "minItems": 2, "uniqueItems": True,
                  "items": {"$ref": "#/definitions/rank_code"}},
        "wrap": {"description": "whether the first rank of `order` also follows its last: "
                 "none (default: A-2-3 only), both_ends (A-2-3 and Q-K-A, but not K-A-2), "
                 "around (K-A-2 as well).", "enum": list(WRAPS), "default": "none"}}},
    compile=run, example={"suited": True, "wrap": "both_ends"},
    takes_cards=lambda params: True,
    # with `cards: N` of a bigger hand, every window of the sequence is looked at
    cost=lambda params, n: 4.0 + 2.5 * n if params.get("cards") else 1.2 + 0.3 * n,
    suit_free=lambda params: True,
    words={"en": {"text": _run_words("en")}, "it": {"text": _run_words("it")}}))


# ---- `cards: N`: a pattern made of part of a bigger hand ------------------------------------
def limited(kind: PatternKind, params: Mapping[str, Any], match: Matcher) -> Matcher:
    """`cards: N` on any pattern ("each player holds four cards, the best three of one suit
    count"): of a bigger hand only its best N-card part that matches counts (the highest
    sum), unless the kind does that itself (`takes_cards`)."""
    if kind.takes_cards(params):
        return match
    return best_part(match, params.get("cards"))


def best_part(match: Matcher, n: int | None) -> Matcher:
    """`match` applied to every n-card part of a bigger hand: the match with the highest sum
    (None when no part matches); `match` itself without `n`."""
    if not n:
        return match

    def part(cards: Sequence[int]) -> Match:
        if len(cards) <= n:
            return match(cards)
        best: Match = None
        for some in combinations(cards, n):
            m = match(some)
            if m is not None and (best is None or m[0] > best[0] or
                                  (m[0] == best[0] and _order(m) > _order(best))):
                best = m
        return best
    return part


def _order(m: tuple) -> tuple:
    """A match's own order of equal values (`by_rank`), () for kinds that have none."""
    return m[2] if len(m) == 3 else ()


def pattern_cost(kind: PatternKind, params: Mapping[str, Any], hand_size: int,
                 wild_jokers: bool = False) -> float:
    """Microseconds valuing one hand of `hand_size` cards takes for this pattern: the kind's
    own cost for the cards it looks at, times the N-card parts tried (`cards: N`; a kind that
    takes `cards` itself tries them too when the deck's jokers are wild)."""
    n = min(int(params.get("cards") or hand_size), hand_size)
    if wild_jokers:  # every kind values the deck's wild jokers the way of its `wild` cards
        params = dict(params, wild=params.get("wild") or [JOKER_CODE])
    if n == hand_size or (kind.takes_cards(params) and not wild_jokers):
        return kind.cost(params, hand_size)
    return (kind.cost(params, n) + PART_US) * comb(hand_size, n)


# ---- what the table costs -------------------------------------------------------------------
# Microseconds of CPU on the 2-core development machine, and bytes, as bench/pattern_costs.py
# measures them (it prints each next to what it measures again):
#: each hand of the table, and for each of its cards: found in its class, its entries in the
#: four tables, one pass of the greedy bot over them (a table of millions costs more per hand:
#: memory, not work)
HAND_US, CARD_US = 1.5, 0.5
#: more for each hand when cards come in copies (two packs, several jokers): each is listed
COPY_US = 4.5
#: each class of equal hands valued: its ranking key and its place on the scale
CLASS_US = 3.0
#: each class, for each renaming of the suits tried (24 with four suits)
MAP_US = 0.5
#: each N-card part a pattern tries (`cards: N` of a bigger hand)
PART_US = 0.2
#: each tie-break, for each pattern
TIEBREAK_US = 1.0
#: memory: each hand of the table (more with copies: bigger masks, the hands by rank and
#: suit listed too), each class
HAND_BYTES, COPY_BYTES = 340, 100
CLASS_BYTES = 400


@dataclass(frozen=True)
class TableCost:
    """What the table of every hand will cost, counted before any of it is built."""
    hands: int       # hands of `hand.size` cards
    distinct: int    # of them, those that differ by rank and suit
    classes: int     # of them, those valued (equal up to renaming suits, when that is safe)
    seconds: float   # CPU on the development machine, estimated
    megabytes: float

    def __str__(self) -> str:
        return (f"{self.hands:,} ({self.distinct:,} by rank and suit, {self.classes:,} to "
                f"value), about {self.seconds:,.1f} s of CPU and {self.megabytes:,.0f} MB")


def table_cost(deck: Deck, size: int, patterns: Sequence[Mapping[str, Any]],
               tiebreak: Sequence[str]) -> TableCost:
    """The cost of valuing every hand of `size` cards under these patterns (as written, each
    of a known kind) and tie-breaks, from the counts of hands and classes (`HandClasses`)
    and the kinds' measured costs."""
    wild_jokers = bool(deck.jokers and deck.jokers_wild)
    kinds = [(PATTERN_KINDS[p["kind"]], p) for p in patterns]
    suit_free = "suit" not in tiebreak and all(k.suit_free(p) for k, p in kinds)
    hands = HandClasses(deck, size, suit_free)
    count, distinct, classes = hands.hands(), hands.distinct(), hands.classes()
    per_class = (CLASS_US + MAP_US * hands.renamings + TIEBREAK_US * len(tiebreak) * len(kinds)
                 + sum(pattern_cost(k, p, size, wild_jokers) for k, p in kinds))
    per_hand = HAND_US + CARD_US * size + (0 if hands.plain else COPY_US)
    seconds = (count * per_hand + classes * per_class) / 1e6
    megabytes = (count * (HAND_BYTES + (0 if hands.plain else COPY_BYTES))
                 + classes * CLASS_BYTES) / 1e6
    return TableCost(count, distinct, classes, seconds, megabytes)


def suit_free(patterns: Sequence[Pattern], tiebreak: Sequence[str]) -> bool:
    """Whether compiled patterns and tie-breaks treat every suit alike."""
    return "suit" not in tiebreak and all(
        PATTERN_KINDS[p.kind].suit_free(p.params) for p in patterns)
