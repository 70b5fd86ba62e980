"""Hand values under Trentuno (seed 000), checked against the seed's examples and against an
independent valuation of every three-card hand of the 40-card deck.

"Le carte dal 2 al 7 valgono il valore nominale; tutte le figure (fante, cavallo e re) valgono
10 mentre l'Asso vale 11. Se si hanno tre assi, tre fanti, tre cavalli o tre re si fa tris che
vale 30." ... "possiamo utilizzare un solo seme."
"""
from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

import pytest
from conftest import ALL_CODES, new_game

# ---- an independent valuation, written from the rules text --------------------------------
CARD_VALUE = {"A": 11, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 10, "C": 10, "R": 10}
TRIS_RANKS = {"A", "F", "C", "R"}  # "tre assi, tre fanti, tre cavalli o tre re"


def expected_value(codes) -> int:
    """Best single-suit sum; three Aces / Fanti / Cavalli / Re make a tris worth 30; the
    larger of the two counts."""
    by_suit: dict[str, int] = defaultdict(int)
    for code in codes:
        by_suit[code[-1]] += CARD_VALUE[code[:-1]]
    best = max(by_suit.values())
    ranks = {code[:-1] for code in codes}
    if len(codes) == 3 and len(ranks) == 1 and ranks <= TRIS_RANKS:
        best = max(best, 30)
    return best


def value_of(rules, text: str):
    return rules.valuation.of(rules.deck.parse_hand(text)).value


# ---- the seed's examples ------------------------------------------------------------------
@pytest.mark.parametrize("hand, value, why", [
    ("Ad Ab Rs", 11, "asso di Denari, asso di Bastoni e un re di Spade: 11, un solo seme"),
    ("Ac Rc Fc", 31, "Asso, 'Dieci' (a figure) e Fante di Coppe: 31"),
    ("Ac Cc Fc", 31, "Asso + two figures of one suit: 31"),
    ("Ac Rc Cc", 31, "Asso + two figures of one suit: 31"),
    ("Ac Ad Ab", 30, "tre assi: tris, 30"),
    ("Ad Ab As", 30, "tre assi: tris, 30"),
    ("Fc Fd Fb", 30, "tre fanti: tris, 30"),
    ("Cc Cd Cs", 30, "tre cavalli: tris, 30"),
    ("Rd Rb Rs", 30, "tre re: tris, 30"),
    ("7c 7d 7b", 7, "three 7s are not a tris: one suit, 7"),
    ("2c 2d 2s", 2, "three 2s are not a tris"),
    ("Fc Cc Rc", 30, "three figures of one suit: 30 (a suit sum, not a tris)"),
    ("7c 6c 5c", 18, "2..7 count their face value"),
    ("Ac 7c 2d", 18, "Ace 11 + 7 of one suit; the 2 of another suit does not count"),
    ("Rc Cd Fb", 10, "three figures of three suits: 10"),
    ("2c 3d 4b", 4, "all suits different: the highest card"),
    ("As 2c 3c", 11, "the Ace alone beats 2+3 of another suit"),
    ("Ab Fb 2c", 21, "Ace and figure of one suit: 21"),
    ("Fc Fd Cc", 20, "a pair of Fanti is no tris: Fante + Cavallo di coppe, 20"),
])
def test_seed_examples(rules, hand, value, why):
    assert value_of(rules, hand) == value, why


def test_only_one_suit_counts(rules):
    """"possiamo utilizzare un solo seme": two Aces and a Re of three suits make 11, not 32."""
    assert value_of(rules, "Ad Ab Rs") == 11
    assert value_of(rules, "Ad Rd Rs") == 21


def test_thirty_one_is_the_only_instant_hand(rules):
    v = rules.valuation
    for text, instant in [("Ac Rc Fc", True), ("Ac Ad Ab", False), ("Fc Cc Rc", False),
                          ("Ad Ab Rs", False)]:
        assert v.of(rules.deck.parse_hand(text)).instant is instant, text


def test_state_hand_value_matches_the_valuation(rules):
    state = new_game(rules, hands={3: "Ac Rc 7d", 2: "Fc Fd Fb", 1: "2c 3d 4b", 0: "7s 6s 5s"})
    assert [state.hand_value(p) for p in range(4)] == [18, 4, 30, 21]


# ---- every hand -----------------------------------------------------------------------------
def test_deck_is_the_italian_40(rules):
    codes = [rules.deck.code(c) for c in range(len(rules.deck.cards))]
    assert sorted(codes) == sorted(ALL_CODES)
    assert len(codes) == 40
    for c in range(40):
        card = rules.deck.cards[c]
        assert card.value == CARD_VALUE[card.code[:-1]]


def test_every_three_card_hand_has_the_expected_value(rules):
    v = rules.valuation
    hands = list(combinations(ALL_CODES, 3))
    assert len(hands) == 9880
    wrong = []
    for codes in hands:
        ids = rules.deck.parse_hand(list(codes))
        got = v.of(ids).value
        if got != expected_value(codes):
            wrong.append((codes, got, expected_value(codes)))
    assert not wrong, f"{len(wrong)} hands valued wrongly, e.g. {wrong[:5]}"
    # the precompiled table holds every hand once, with the same values
    assert len(v.value) == 9880
    for codes in hands:
        ids = rules.deck.parse_hand(list(codes))
        mask = sum(1 << c for c in ids)
        assert v.value[mask] == expected_value(codes)
        assert v.instant[mask] == (expected_value(codes) == 31)


def test_value_distribution_by_hand_counting(rules):
    """Counted by hand: 31 = an Ace and two of its suit's three figures (4 x 3 = 12 hands);
    30 = a tris (4 ranks x 4 choices of three suits = 16) or three figures of one suit (4)."""
    counts = Counter(expected_value(c) for c in combinations(ALL_CODES, 3))
    assert counts[31] == 12
    assert counts[30] == 20
    assert max(counts) == 31
    engine = Counter(rules.valuation.value.values())
    assert engine == counts


def test_strength_ordering_agrees_with_value(rules):
    """Trentuno has no tiers and no tie-breaks: equal values are equal strengths (ties for the
    lowest must all pay) and a higher value is always a higher strength."""
    v = rules.valuation
    strength_of_value: dict = {}
    for mask, value in v.value.items():
        strength_of_value.setdefault(value, set()).add(v.strength[mask])
    for value, strengths in strength_of_value.items():
        assert len(strengths) == 1, f"value {value} has several strengths {strengths}"
    ordered = sorted(strength_of_value)
    strengths = [next(iter(strength_of_value[x])) for x in ordered]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


# ---- every built-in's table, valued by classes, against every hand valued alone -----------------
def _distinct_valuations():
    """One ruleset (and deck per number of players) of each distinct valuation among the
    built-ins and the shelf: deck, hand size, patterns and tie-breaks."""
    from trentuno.engine.variants import builtin_files, load

    seen: dict = {}
    for name in builtin_files():
        rules = load(name)
        for r in [rules] + [x for _, x in rules.by_players]:
            v = r.valuation
            key = (tuple(c.code for c in r.deck.cards), tuple(c.value for c in r.deck.cards),
                   v.hand_size, repr(r.data.get("hand", {}).get("patterns")), v.tiebreak,
                   v.suit_order)
            if v.patterns and key not in seen:
                seen[key] = (name, len(r.deck.cards), r)
    return list(seen.values())


@pytest.mark.parametrize("name, cards, rules", _distinct_valuations(),
                         ids=lambda x: x if isinstance(x, (str, int)) else "")
def test_every_shipped_table_is_every_hand_valued_alone(name, cards, rules):
    """The table values one hand of each class of equal hands and gives its value to all of
    them: for every hand of every shipped valuation (one in twenty of the tables past 25,000
    hands), its strength, value, combination and instant flag are what valuing that hand
    alone gives (its strength: its place among the keys of all hands)."""
    v = rules.valuation
    hands = list(combinations(range(cards), v.hand_size))
    found = {sum(1 << c for c in h): v.appraise(h)
             for h in (hands if len(hands) <= 25_000 else hands[::20])}
    keys = sorted({v.appraise(h)[0] for h in v.classes().representatives()})
    dense = {k: i for i, k in enumerate(keys)}
    assert len(v.strength) == len(hands)
    for mask, (key, value, combo, instant) in found.items():
        assert (v.strength[mask], v.value[mask], v.combo[mask], v.instant[mask]) == \
            (dense[key], value, combo, instant), (name, rules.deck.codes(
                [c for c in range(cards) if mask >> c & 1]))
