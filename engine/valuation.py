"""Hand values under a ruleset: the compiled patterns and the table of every full hand.

Valuation is done once per ruleset: every hand of `hand.size` cards is valued the first time
play asks and stored by bit mask, so play only ever does a dict lookup. Equal hands (the same
cards by rank and suit; with suits renamed, when nothing names a suit) are valued once
(`hand_classes`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Deck
from .hand_classes import HandClasses

#: What a pattern's matcher finds in a hand: (sum, suits), or (sum, suits, order) where
#: `order` ranks two hands of the pattern worth the same (trips by their rank), or None.
#: `sum` is what the pattern's `value: sum` stands for, `suits` the suits the combination is
#: "of" (for the suit tie-break).
Match = tuple[float, tuple[int, ...]] | tuple[float, tuple[int, ...], tuple[float, ...]] | None
Matcher = Callable[[Sequence[int]], Match]


@dataclass(frozen=True)
class Pattern:
    name: str
    labels: Mapping[str, str]
    tier: int
    value: float | None  # None: the matched sum
    instant: bool
    match: Matcher
    kind: str = ""                   # the pattern kind, and its parameters as written (rank
    params: Mapping = field(default_factory=dict)  # and card codes), for words


@dataclass(frozen=True)
class HandValue:
    value: float
    combo: str          # the winning pattern's name
    instant: bool
    strength: float     # dense rank: higher is better; equal means tied under the ruleset
    #                     (a hand of another size sits halfway between its neighbours)


#: the value of any hand of a ruleset without patterns (a capture game values no hand)
_NOTHING = HandValue(0, "", False, 0)


class _Nothing(dict[int, Any]):
    """A table of a ruleset without patterns: every hand is worth nothing, and no hand is
    listed (a capture game deals 40 cards in hands of 10: 847 million hands)."""

    def __init__(self, default: Any):
        super().__init__()
        self.default = default

    def __missing__(self, mask: int) -> Any:
        return self.default


class Valuation:
    """Values hands under a ruleset: the table for full hands, the same code for any size.

    The table (every hand of `hand_size` cards, by bit mask) is built the first time play
    asks for it, not at compile time: `validate` and `score` never need all of it. The
    compiler bounds its cost before any of it is built (docs/language.md, "Size limits").
    `suit_free` says that no pattern names a suit or card and there is no suit tie-break, so
    that hands equal up to renaming suits are valued once."""

    def __init__(self, deck: Deck, patterns: Sequence[Pattern], hand_size: int,
                 tiebreak: Sequence[str], suit_order: Sequence[int], suit_free: bool = False):
        self.deck = deck
        self.patterns = tuple(patterns)
        self.hand_size = hand_size
        self.tiebreak = tuple(tiebreak)
        self.suit_order = tuple(suit_order)  # suit indices, best first
        self.suit_free = suit_free and "suit" not in self.tiebreak
        # suit index -> how good it is for the `suit` tie-break (higher is better)
        self._suit_rank = {s: len(suit_order) - i for i, s in enumerate(suit_order)}
        self._memo: dict[int, HandValue] = {}
        self._holders: dict[str, dict[int, bool]] = {}
        copies: dict[str, list[int]] = {}
        for card in deck.cards:
            copies.setdefault(card.code, []).append(card.id)
        #: card -> the copies of its card, first first (the jokers: all of them); None when
        #: every card is one of a kind
        self._first: list[list[int]] | None = (
            None if all(len(v) == 1 for v in copies.values()) else
            [copies[card.code] for card in deck.cards])

    def classes(self) -> HandClasses:
        """The full hands and their classes of equal hands."""
        return HandClasses(self.deck, self.hand_size, self.suit_free)

    def _build(self) -> None:
        """Value one hand of each class; the four tables below are filled together."""
        strength: dict[int, int]
        value: dict[int, float]
        instant: dict[int, bool]
        combo: dict[int, str]
        if not self.patterns:
            strength, value, instant, combo = (_Nothing(0), _Nothing(0), _Nothing(False),
                                               _Nothing(""))
            dense: dict[tuple, int] = {}
        else:
            table, hands = self.classes().walk()
            found = [self._evaluate(cards) for cards in hands]
            dense = {k: i for i, k in enumerate(sorted({key for key, _ in found}))}
            rank = [dense[key] for key, _ in found]
            points = [info[0] for _, info in found]
            names = [info[1] for _, info in found]
            instants = [info[2] for _, info in found]
            strength = {m: rank[i] for m, i in table.items()}
            value = {m: points[i] for m, i in table.items()}
            instant = {m: instants[i] for m, i in table.items()}
            combo = {m: names[i] for m, i in table.items()}
        self._dense = dense
        #: mask -> strength (int); the hot path of every bot and every showdown
        self.strength = strength
        #: mask -> numeric value
        self.value = value
        #: mask -> True when the hand matches an instant pattern
        self.instant = instant
        #: mask -> the name of the pattern that gives the hand its value
        self.combo = combo

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
        key, info = self._evaluate(self._canonical(cards))
        return key, info[0], info[1], info[2]

    def _canonical(self, cards: Sequence[int]) -> list[int]:
        """The hand as the table values it: in deck order, and holding the first copies of
        its cards (a pattern of part of the hand takes the first of equal parts, and the
        suits it names then decide a `suit` tie-break: the same cards held otherwise, or
        listed in another order, must not be worth more)."""
        first = self._first
        if first is None:
            return sorted(cards)
        out: list[int] = []
        held: dict[int, int] = {}
        for c in cards:
            n = held[first[c][0]] = held.get(first[c][0], 0) + 1
            out.append(first[c][n - 1])
        return sorted(out)

    def _evaluate(self, cards: Sequence[int]) -> tuple[tuple, tuple]:
        """(ranking key, (value, combination, instant)): the key is (tier, value, the
        pattern's own order of equal values, the tie-breaks)."""
        best_key: tuple | None = None
        best_info: tuple = (0, "", False)
        instant = False
        for p in self.patterns:
            m = p.match(cards)
            if m is None:
                continue
            total, suits = m[0], m[1]
            value = total if p.value is None else p.value
            key = (p.tier, value, m[2] if len(m) == 3 else ()) + self._tiebreak_key(cards,
                                                                                   suits)
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
        if not self.patterns:
            return _NOTHING
        mask = 0
        for c in cards:
            mask |= 1 << c
        if mask in self.strength and len(cards) == self.hand_size:
            return HandValue(self.value[mask], self.combo[mask], self.instant[mask],
                             self.strength[mask])
        hit = self._memo.get(mask)
        if hit is None:  # another size (mid-turn, discard-first): valued once, then remembered
            key, info = self._evaluate(self._canonical(cards))
            hit = self._memo[mask] = HandValue(info[0], info[1], info[2],
                                               self._strength_of_key(key))
        return hit

    def _strength_of_key(self, key: tuple) -> float:
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
