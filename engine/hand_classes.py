"""The hands a ruleset values, by what tells them apart: the classes of equal hands.

A hand's value depends on the ranks and suits of its cards, never on which physical card of
several equal ones it holds: two packs of 52 have 182,104 hands of three but only 24,752 by rank
and suit (the copies of a card, and the jokers, are one card twice). When nothing in the
valuation names a suit (no `suit` tie-break, no pattern that names a card, every suit holding
the same ranks), a hand is worth what it is worth with its suits renamed too: 22,100 hands of
three from 52 cards fall into 1,787 such classes. The table values one hand of each class and
gives that value to every hand of the class, and the compile budget counts both numbers before
any of that work (Burnside's lemma counts the classes without listing them).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product
from math import comb, factorial

from .cards import Deck

#: suit renamings tried at most (all of them for up to five suits); a deck with more suits is
#: valued by rank and suit only
MAX_SUIT_MAPS = 120


class HandClasses:
    """The hands of `size` cards from `deck` and their classes; `suit_free` says that the
    valuation treats every suit alike (the caller knows its patterns and tie-breaks)."""

    def __init__(self, deck: Deck, size: int, suit_free: bool):
        self.size = size
        self.cards = len(deck.cards)
        self._deck = deck
        index: dict[tuple[int, int, bool], int] = {}
        cards_of: list[list[int]] = []
        for c in deck.cards:
            i = index.setdefault((c.rank, c.suit, c.joker), len(cards_of))
            if i == len(cards_of):
                cards_of.append([])
            cards_of[i].append(c.id)
        self._index = index
        #: identity (a card by rank and suit; the jokers are one) -> its physical cards
        self.cards_of: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in cards_of)
        self.caps = tuple(len(c) for c in cards_of)
        #: every identity one card: identities are the card ids, a class key is a hand's mask
        self.plain = all(n == 1 for n in self.caps)
        #: rank -> how many copies each suit holds of it, when every suit holds the same
        self._by_rank = _same_in_every_suit(deck) if suit_free else None
        #: how many renamings of the suits are tried (1: none but the unchanged one)
        self.renamings = factorial(len(deck.suits)) if self._by_rank is not None else 1
        self._bits = max(self.caps).bit_length() if cards_of else 1
        self._unit = tuple(1 << (self._bits * i) for i in range(len(cards_of)))
        self._picks: tuple[list[list[int]], ...] | None = None  # see `_masks`

    # ---- counts (the compile budget) ------------------------------------------------------
    def hands(self) -> int:
        """Hands of `size` physical cards."""
        return comb(self.cards, self.size)

    def distinct(self) -> int:
        """Hands that differ by rank and suit."""
        return _hands_fixed(tuple(sorted(Counter((1, cap) for cap in self.caps).items())),
                            self.size)

    def classes(self) -> int:
        """Classes of hands equal up to renaming suits (Burnside: the mean over the renamings
        of the hands each leaves as they are; renamings with the same cycles leave as many)."""
        if self._by_rank is None:
            return self.distinct()
        ranks = Counter(self._by_rank.values())
        jokers = self._deck.jokers
        total = 0
        for cycles, renamings in _cycle_types(len(self._deck.suits)).items():
            factors: Counter[tuple[int, int]] = Counter()
            for length, count in cycles:
                for cap, with_cap in ranks.items():
                    factors[(length, cap)] += count * with_cap
            if jokers:
                factors[(1, jokers)] += 1
            total += renamings * _hands_fixed(tuple(sorted(factors.items())), self.size)
        return total // self.renamings

    # ---- the classes themselves -----------------------------------------------------------
    def walk(self) -> tuple[dict[int, int], list[list[int]]]:
        """(physical hand mask -> its class, one hand of each class as card ids)."""
        seen: dict[int, int] = {}
        table = seen if self.plain else {}  # plain: a hand's key by rank and suit is its mask
        reps: list[list[int]] = []
        for combo, renamings in self._each_class(seen):
            reps.append(self._realize(combo))
            if not self.plain:
                index = len(reps) - 1
                for mapping in renamings:
                    for mask in self._masks([mapping[i] for i in combo]):
                        table[mask] = index
        return table, reps

    def representatives(self) -> Iterator[list[int]]:
        """One hand of each class (what `validate` looks at), without building the table."""
        for combo, _renamings in self._each_class({}):
            yield self._realize(combo)

    def _each_class(self, seen: dict[int, int]
                    ) -> Iterator[tuple[tuple[int, ...], list[tuple[int, ...]]]]:
        """Each class once: (its first hand by rank and suit, as identities; the renamings
        that give each of its hands by rank and suit once), entering those hands' keys in
        `seen` (key -> the class's index)."""
        unit, maps = self._unit, self._maps()
        index = 0
        for combo in self._multisets():
            key = 0
            for i in combo:
                key += unit[i]
            if key in seen:
                continue
            renamings = []
            for mapping in maps:
                key = 0
                for i in combo:
                    key += unit[mapping[i]]
                if key not in seen:
                    seen[key] = index
                    renamings.append(mapping)
            index += 1
            yield combo, renamings

    def _multisets(self) -> Iterator[tuple[int, ...]]:
        """Every hand by rank and suit, as non-decreasing identity indices."""
        if self.plain:
            return combinations(range(len(self.caps)), self.size)
        caps = self.caps
        return (c for c in combinations_with_replacement(range(len(caps)), self.size)
                if all(n <= caps[i] for i, n in _runs(c)))

    def _realize(self, combo: Sequence[int]) -> list[int]:
        """A physical hand of these identities: the first copies of each."""
        if self.plain:
            return list(combo)
        out: list[int] = []
        for i, n in _runs(combo):
            out += self.cards_of[i][:n]
        return sorted(out)

    def _maps(self) -> tuple[tuple[int, ...], ...]:
        """Every renaming of the suits as a map of identities, the unchanged one first."""
        same = tuple(range(len(self.caps)))
        if self._by_rank is None:
            return (same,)
        index = self._index
        return tuple(tuple(index[(r, s if joker else renamed[s], joker)]
                           for (r, s, joker) in index)
                     for renamed in permutations(range(len(self._deck.suits))))

    def _masks(self, combo: Sequence[int]) -> Iterator[int]:
        """The masks of every physical hand holding these identities."""
        picks = self._picks
        if picks is None:  # identity -> how many of its cards -> the masks of each choice
            picks = self._picks = tuple(
                [[]] + [[sum(1 << c for c in pick) for pick in combinations(cards, n)]
                        for n in range(1, len(cards) + 1)] for cards in self.cards_of)
        return map(sum, product(*[picks[i][n] for i, n in _runs(sorted(combo))]))


def _runs(ids: Sequence[int]) -> list[tuple[int, int]]:
    """(identity, how many times) of sorted identities: a Counter costs four times as much."""
    out: list[tuple[int, int]] = []
    last, count = -1, 0
    for i in ids:
        if i == last:
            count += 1
        else:
            if count:
                out.append((last, count))
            last, count = i, 1
    if count:
        out.append((last, count))
    return out


def _same_in_every_suit(deck: Deck) -> dict[int, int] | None:
    """rank -> copies of it in each suit, or None where the suits differ (a card removed
    from one suit) or there are too many suits to try every renaming."""
    suits = len(deck.suits)
    if factorial(suits) > MAX_SUIT_MAPS:
        return None
    counts = Counter((c.rank, c.suit) for c in deck.cards if not c.joker)
    by_rank: dict[int, int] = {}
    for rank in {r for r, _ in counts}:
        held = {counts[(rank, s)] for s in range(suits)}
        if len(held) != 1:
            return None
        by_rank[rank] = held.pop()
    return by_rank


@cache
def _cycle_types(suits: int) -> dict[tuple[tuple[int, int], ...], int]:
    """How many renamings of `suits` suits have each cycle type ((length, how many)...)."""
    types: Counter[tuple[tuple[int, int], ...]] = Counter()
    for renamed in permutations(range(suits)):
        seen: set[int] = set()
        lengths: Counter[int] = Counter()
        for start in range(suits):
            length, i = 0, start
            while i not in seen:
                seen.add(i)
                i, length = renamed[i], length + 1
            if length:
                lengths[length] += 1
        types[tuple(sorted(lengths.items()))] += 1
    return dict(types)


@lru_cache(maxsize=256)
def _hands_fixed(factors: tuple[tuple[tuple[int, int], int], ...], size: int) -> int:
    """Hands of `size` cards a renaming leaves unchanged, from its cycles of identities:
    ((cycle length, copies of each card in it), how many such cycles). A cycle is held whole
    or not at all, each of its cards as often: the coefficient of x^size in the product of
    (1 + x^length + ... + x^(copies * length)) over the cycles."""
    poly = [1] + [0] * size
    for (length, cap), count in factors:
        for _ in range(count):
            new = [0] * (size + 1)
            for degree, ways in enumerate(poly):
                if ways:
                    for j in range(min(cap, (size - degree) // length) + 1):
                        new[degree + j * length] += ways
            poly = new
    return poly[size]
