"""A tuned hand-written simulator of the built-in Scat rules with the greedy policy: the rules and
the policy of `reference_scat.py` (read it for them), written for speed, and the very games of
that one (the same draws of the same random stream: the same hands, decisions and winners).

What makes it fast, as a person tuning one game would do it: a card is a number 0-51 (suit *
13 + rank) and a hand a list plus a bit mask; every 3-card hand's value is worked out once, in a
table looked up by the mask; one function plays one turn; the deal is `random.shuffle` and
slices. A yardstick harder than the plain one for `compare.py` (by its path):

    python bench/compare.py bench/reference_scat_tuned.py [--players N]
"""
from __future__ import annotations

import random
from itertools import combinations

RULESET = "scat"
BOTS = "greedy"

VALUE = [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]  # A 2-10 J Q K
CARDS = 52
BIT = [1 << c for c in range(CARDS)]
LIVES = 3
KNOCK_BAR = 27


def _hand_values() -> dict[int, int]:
    """mask -> value, for every 3-card hand: its best suit's sum."""
    table = {}
    for hand in combinations(range(CARDS), 3):
        sums = [0, 0, 0, 0]
        for c in hand:
            sums[c // 13] += VALUE[c % 13]
        table[BIT[hand[0]] | BIT[hand[1]] | BIT[hand[2]]] = max(sums)
    return table


HAND_VALUE = _hand_values()


def turn(hand: list[int], mask: int, widow: list[int]) -> tuple[int, list[int], bool]:
    """One exchange (or pass) of the player holding `hand` (`mask`) with the face-up `widow`:
    his new mask, the widow now, and whether he passed. The single exchange raising the hand
    most (the first such, his cards in order, each with the widow's in order), the whole widow
    only when it is better still."""
    values = HAND_VALUE
    best = values[mask]
    swap = -1
    for h in range(3):
        rest = mask ^ BIT[hand[h]]
        for w in range(3):
            v = values[rest | BIT[widow[w]]]
            if v > best:
                best, swap = v, h * 3 + w
    whole = BIT[widow[0]] | BIT[widow[1]] | BIT[widow[2]]
    if values[whole] > best:
        hand[:], widow = widow, hand[:]
        return whole, widow, False
    if swap < 0:
        return mask, widow, True
    h, w = divmod(swap, 3)
    given, taken = hand[h], widow[w]
    hand[h], widow[w] = taken, given
    return mask ^ BIT[given] ^ BIT[taken], widow, False


def play_hand(rng: random.Random, order: list[int], stats: dict) -> tuple[list[int], int]:
    """One hand among the seats of `order` (in turn order, the dealer last): the payers and the
    knocker (-1: none; a payer who knocked loses two lives)."""
    deck = list(range(CARDS))
    rng.shuffle(deck)
    n = len(order)
    hands = [deck[-1 - i:-3 * n - 1:-n] for i in range(n)]  # one card at a time, 3 rounds
    widow = deck[-3 * n - 1:-3 * n - 4:-1]
    values = HAND_VALUE
    masks = [BIT[h[0]] | BIT[h[1]] | BIT[h[2]] for h in hands]
    dealt = [order[i] for i in range(n) if values[masks[i]] == 31]
    if dealt:
        return [p for p in order if p not in dealt], -1
    knocker = -1
    passes = 1  # the first player leaves the face-down widow (it shows nothing) and it turns up
    decisions = 1
    rnd, i = 1, 1 % n
    while passes < n:
        if i == 0:
            rnd += 1
        if i == knocker:
            break
        decisions += 1
        if knocker < 0 and values[masks[i]] >= KNOCK_BAR + 2 - rnd:
            knocker, passes = i, 0
        else:
            masks[i], widow, passed = turn(hands[i], masks[i], widow)
            passes = passes + 1 if passed else 0
            if values[masks[i]] == 31:
                stats["decisions"] += decisions
                return [order[j] for j in range(n) if j != i], -1
        i = i + 1 if i + 1 < n else 0
    stats["decisions"] += decisions
    low = min(values[m] for m in masks)
    return [order[j] for j in range(n) if values[masks[j]] == low], \
        order[knocker] if knocker >= 0 else -1


def play_game(rng: random.Random, players: int, stats: dict) -> None:
    """One whole game; counts games, hands and decisions (player turns) in `stats`."""
    lives = [LIVES] * players  # a player at none rides the bus: his next loss puts him out
    alive = list(range(players))
    dealer = rng.randrange(players)
    while len(alive) > 1:
        order = [s for s in ((dealer + k) % players for k in range(1, players + 1))
                 if s in alive]
        payers, knocker = play_hand(rng, order, stats)
        for p in payers:
            for _ in range(2 if p == knocker else 1):
                if p not in alive:
                    break
                if lives[p] > 0:
                    lives[p] -= 1
                else:
                    alive.remove(p)
        stats["hands"] += 1
        if len(alive) > 1:
            dealer = next(s for s in ((dealer + k) % players for k in range(1, players + 1))
                          if s in alive)
    stats["games"] += 1
