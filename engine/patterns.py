"""Hand patterns: the registry of `kind`s and the compiled valuation table.

Each kind is one small factory, in the style of jsonschema's keyword functions: it takes the
pattern's parameters and the deck and returns a matcher `cards -> (sum, suits) | None`, where
`sum` is the value the pattern's `value: sum` stands for and `suits` the suits the combination
is "of" (for the suit tie-break). Adding a kind is adding one function to PATTERN_KINDS.

Valuation is done once per ruleset: every hand of `hand.size` cards is valued at compile time
and stored by bit mask, so play only ever does a dict lookup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any, Callable, Mapping, Optional, Sequence

from .cards import Deck

Match = Optional[tuple[float, tuple[int, ...]]]
Matcher = Callable[[Sequence[int]], Match]


def _suit_sums(deck: Deck, cards: Sequence[int]) -> dict[int, float]:
    sums: dict[int, float] = {}
    for c in cards:
        card = deck.cards[c]
        sums[card.suit] = sums.get(card.suit, 0) + card.value
    return sums


def _wild_split(deck: Deck, params: Mapping, cards: Sequence[int]) -> tuple[list, int]:
    """(natural cards, how many wild cards) of a hand."""
    wild = params.get("_wild")
    if not wild:
        return list(cards), 0
    natural = [c for c in cards if deck.cards[c].code not in wild]
    return natural, len(cards) - len(natural)


def _filled(deck: Deck, suit: int, held: Sequence[int], wilds: int) -> float:
    """What `wilds` wild cards add to a suit: each is the best card of it not held."""
    have = {deck.cards[c].rank for c in held if deck.cards[c].suit == suit}
    free = sorted((r.value for i, r in enumerate(deck.ranks) if i not in have), reverse=True)
    return sum(free[:wilds])


def best_suit(params: Mapping, deck: Deck) -> Matcher:
    """The best single suit counts; with all suits different that is the highest card. Wild
    cards join the suit where they count most."""
    want = params.get("sum")

    def match(cards):
        if not cards:
            return None
        natural, wilds = _wild_split(deck, params, cards)
        sums = _suit_sums(deck, natural)
        if wilds:
            for s in range(len(deck.suits)):
                sums[s] = sums.get(s, 0) + _filled(deck, s, natural, wilds)
        top = max(sums.values())
        if want is not None and top != want:
            return None
        return top, tuple(s for s, v in sums.items() if v == top)
    return match


def same_suit(params: Mapping, deck: Deck) -> Matcher:
    """Every card of one suit, optionally adding up to an exact `sum`; wild cards fill in."""
    want = params.get("sum")

    def match(cards):
        natural, wilds = _wild_split(deck, params, cards)
        suits = {deck.cards[c].suit for c in natural}
        if len(suits) > 1 or (not suits and not wilds):
            return None
        candidates = suits or set(range(len(deck.suits)))
        best = None
        for s in candidates:
            total = sum(deck.cards[c].value for c in natural) + _filled(deck, s, natural, wilds)
            if (want is None or total == want) and (best is None or total > best[0]):
                best = (total, (s,))
        return best
    return match


def same_rank(params: Mapping, deck: Deck) -> Matcher:
    """Every card of one rank, optionally helped by wild cards standing for that rank."""
    allowed = set(params["_ranks"]) if params.get("_ranks") is not None else None
    wild = set(params.get("_wild", ()))
    min_natural = params.get("min_natural", 1)

    def match(cards):
        natural = [c for c in cards if deck.cards[c].code not in wild]
        if len(natural) < min_natural:
            return None
        ranks = {deck.cards[c].rank for c in natural}
        if len(ranks) != 1:
            return None
        rank = next(iter(ranks))
        if allowed is not None and rank not in allowed:
            return None
        value = deck.ranks[rank].value * len(cards)
        return value, tuple(sorted({deck.cards[c].suit for c in cards}))
    return match


def rank_groups(params: Mapping, deck: Deck) -> Matcher:
    """One suit, one card from each group of ranks (say an Ace and two figures)."""
    groups = [set(g) for g in params["_groups"]]

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
    return match


PATTERN_KINDS: dict[str, Callable[[Mapping, Deck], Matcher]] = {
    "best_suit": best_suit,
    "same_suit": same_suit,
    "same_rank": same_rank,
    "rank_groups": rank_groups,
}


@dataclass(frozen=True)
class Pattern:
    name: str
    labels: Mapping[str, str]
    tier: int
    value: Optional[float]  # None: the matched sum
    instant: bool
    match: Matcher
    kind: str = ""                   # the pattern kind, and its parameters as written (rank
    params: Mapping = field(default_factory=dict)  # and card codes), for words


@dataclass(frozen=True)
class HandValue:
    value: float
    combo: str          # the winning pattern's name
    instant: bool
    strength: int       # dense rank: higher is better; equal means tied under the ruleset


class Valuation:
    """Values hands under a ruleset: the table for full hands, the same code for any size.

    The table (every hand of `hand_size` cards, by bit mask) is built the first time play
    asks for it, not at compile time: `validate` and `score` never need all of it. The
    compiler bounds its size before any of it is built (MAX_HANDS, MAX_HAND_EVALUATIONS)."""

    def __init__(self, deck: Deck, patterns: Sequence[Pattern], hand_size: int,
                 tiebreak: Sequence[str], suit_order: Sequence[int]):
        self.deck = deck
        self.patterns = tuple(patterns)
        self.hand_size = hand_size
        self.tiebreak = tuple(tiebreak)
        self.suit_order = tuple(suit_order)  # suit indices, best first
        # suit index -> how good it is for the `suit` tie-break (higher is better)
        self._suit_rank = {s: len(suit_order) - i for i, s in enumerate(suit_order)}
        self._memo: dict[int, HandValue] = {}
        self._holders: dict[str, dict[int, bool]] = {}

    def _build(self) -> None:
        """Value every full hand once; the four tables below are filled together."""
        keys: dict[int, tuple] = {}
        raw: dict[int, tuple] = {}
        for combo in combinations(range(len(self.deck.cards)), self.hand_size):
            mask = 0
            for c in combo:
                mask |= 1 << c
            keys[mask], raw[mask] = self._evaluate(combo)
        ordered = sorted(set(keys.values()))
        self._dense = {k: i for i, k in enumerate(ordered)}
        #: mask -> strength (int); the hot path of every bot and every showdown
        self.strength: dict[int, int] = {m: self._dense[k] for m, k in keys.items()}
        #: mask -> numeric value
        self.value: dict[int, float] = {m: info[0] for m, info in raw.items()}
        #: mask -> True when the hand matches an instant pattern
        self.instant: dict[int, bool] = {m: info[2] for m, info in raw.items()}
        #: mask -> the name of the pattern that gives the hand its value
        self.combo: dict[int, str] = {m: info[1] for m, info in raw.items()}

    def __getattr__(self, name: str) -> Any:
        """The tables (`strength`, `value`, `instant`, `combo`) and the scale (`_dense`)
        appear on first use; after that they are plain attributes, as fast as before."""
        if name in ("strength", "value", "instant", "combo", "_dense"):
            self._build()
            return self.__dict__[name]
        raise AttributeError(name)

    def holders(self, name: str) -> dict[int, bool]:
        """mask -> whether the full hand's value comes from the pattern `name`."""
        table = self._holders.get(name)
        if table is None:
            table = self._holders[name] = {m: c == name for m, c in self.combo.items()}
        return table

    def appraise(self, cards: Sequence[int]) -> tuple[tuple, float, str, bool]:
        """(ranking key, value, combination, instant) of one hand, without the table: keys
        compare as the hands do (equal keys are tied), so a few hands can be ranked
        without valuing them all."""
        key, info = self._evaluate(list(cards))
        return key, info[0], info[1], info[2]

    def _evaluate(self, cards: Sequence[int]) -> tuple[tuple, tuple]:
        best_key: tuple | None = None
        best_info: tuple = (0, "", False)
        instant = False
        for p in self.patterns:
            m = p.match(cards)
            if m is None:
                continue
            total, suits = m
            value = total if p.value is None else p.value
            key = (p.tier, value) + self._tiebreak_key(cards, suits)
            if p.instant:
                instant = True
            if best_key is None or key > best_key:
                best_key, best_info = key, (_num(value), p.name, p.instant)
        if best_key is None:
            best_key = (float("-inf"), 0)
        return best_key, (best_info[0], best_info[1], instant)

    def _tiebreak_key(self, cards, suits) -> tuple:
        out: list = []
        for t in self.tiebreak:
            if t == "suit":
                out.append(max((self._suit_rank.get(s, 0) for s in suits), default=0))
            elif t == "high_rank":
                out.append(tuple(sorted((self.deck.strength(c) for c in cards), reverse=True)))
        return tuple(out)

    # ---- lookups --------------------------------------------------------------------------
    def of(self, cards: Sequence[int]) -> HandValue:
        """The value of any hand; full hands come from the table."""
        mask = 0
        for c in cards:
            mask |= 1 << c
        if mask in self.strength and len(cards) == self.hand_size:
            return HandValue(self.value[mask], self.combo[mask], self.instant[mask],
                             self.strength[mask])
        hit = self._memo.get(mask)
        if hit is None:  # another size (mid-turn, discard-first): valued once, then remembered
            key, info = self._evaluate(list(cards))
            hit = self._memo[mask] = HandValue(info[0], info[1], info[2],
                                               self._strength_of_key(key))
        return hit

    def _strength_of_key(self, key: tuple) -> int:
        """Strength of a hand not in the table (another size), on the table's scale."""
        if key in self._dense:
            return self._dense[key]
        below = [v for k, v in self._dense.items() if k < key]
        return (max(below) if below else -1) + 0.5  # between its neighbours on the scale

    def pattern(self, name: str) -> Pattern:
        for p in self.patterns:
            if p.name == name:
                return p
        raise KeyError(name)


def _num(x):
    """Whole numbers print as ints (31, not 31.0); halves stay exact floats (30.5)."""
    return int(x) if float(x).is_integer() else x
