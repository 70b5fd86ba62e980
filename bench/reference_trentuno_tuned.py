"""A tuned hand-written simulator of the built-in Trentuno rules with the greedy policy: the
rules and the policy of `reference_trentuno.py` (read it for them), written for speed.

What makes it fast, as a person tuning one game would do it: a card is a number 0-39 and a hand
a list plus a bit mask; every 3-card hand's value is worked out once, in a table looked up by
the mask; one function plays one turn; the deal is `random.shuffle` and slices.

    python bench/compare.py trentuno-tuned --alone [--games N] [--players N]   # by itself
"""
from __future__ import annotations

import random
from itertools import combinations

RULESET = "trentuno"
BOTS = "greedy"

VALUE = [11, 2, 3, 4, 5, 6, 7, 10, 10, 10]  # A 2 3 4 5 6 7 F C R
TRIS = (0, 7, 8, 9)
CARDS = 40
BIT = [1 << c for c in range(CARDS)]
LIVES = 3


def _hand_values() -> dict[int, int]:
    """mask -> value, for every 3-card hand: its best suit's sum, or 30 for a tris."""
    table = {}
    for hand in combinations(range(CARDS), 3):
        sums = [0, 0, 0, 0]
        for c in hand:
            sums[c // 10] += VALUE[c % 10]
        best = max(sums)
        ranks = {c % 10 for c in hand}
        if len(ranks) == 1 and hand[0] % 10 in TRIS:
            best = max(best, 30)
        table[BIT[hand[0]] | BIT[hand[1]] | BIT[hand[2]]] = best
    return table


HAND_VALUE = _hand_values()


def turn(hand: list[int], mask: int, rnd: int, may_knock: bool, discard: list[int],
         stock: list[int], rng: random.Random) -> tuple[int, list[int]]:
    """One greedy turn of the player holding `hand` (`mask`): returns his new mask (0 when he
    knocked) and the stock (made again from the discards when it ran out)."""
    if not stock:  # the discards below the top card, shuffled, are the stock again
        keep = discard.pop()
        rng.shuffle(discard)
        stock = discard[:]
        del discard[:]
        discard.append(keep)
    values = HAND_VALUE
    cur = values[mask]
    if may_knock and cur >= 29 - rnd:  # 27 - (round - 2)
        return 0, stock
    top = discard[-1]
    four = mask | BIT[top]
    for c in hand:
        if values[four ^ BIT[c]] > cur:
            card = discard.pop()
            break
    else:
        card = stock.pop()
        four = mask | BIT[card]
    hand.append(card)
    best_c, best_v = card, -1
    for c in hand:
        v = values[four ^ BIT[c]]
        if v > best_v:
            best_c, best_v = c, v
    hand.remove(best_c)
    discard.append(best_c)
    return four ^ BIT[best_c], stock


def play_hand(rng: random.Random, order: list[int], stats: dict) -> list[int]:
    """One hand among the seats of `order` (in turn order, dealer last): the payers."""
    deck = list(range(CARDS))
    rng.shuffle(deck)
    n = len(order)
    hands = [deck[-1 - i:-3 * n - 1:-n] for i in range(n)]  # one card at a time, 3 rounds
    masks = [BIT[h[0]] | BIT[h[1]] | BIT[h[2]] for h in hands]
    discard = [deck[-3 * n - 1]]
    stock = deck[:-3 * n - 1]
    values = HAND_VALUE
    dealt = [order[i] for i in range(n) if values[masks[i]] == 31]
    if dealt:
        return [p for p in order if p not in dealt]
    knocker = -1
    rnd, i = 1, 0
    decisions = 0
    while True:
        decisions += 1
        mask, stock = turn(hands[i], masks[i], rnd, knocker < 0 and rnd >= 2, discard, stock,
                           rng)
        if not mask:
            knocker = i
        else:
            masks[i] = mask
            if values[mask] == 31:
                stats["decisions"] += decisions
                return [order[j] for j in range(n) if j != i and j != knocker]
        i += 1
        if i == n:
            i, rnd = 0, rnd + 1
        if i == knocker:
            stats["decisions"] += decisions
            low = min(values[m] for m in masks)
            return [order[j] for j in range(n) if values[masks[j]] == low]


def _first_dealer(rng: random.Random, players: int) -> int:
    cutters = list(range(players))
    while True:
        cards = rng.sample(range(CARDS), len(cutters))
        power = [(VALUE[c % 10], c % 10) for c in cards]
        top = max(power)
        cutters = [p for p, s in zip(cutters, power) if s == top]
        if len(cutters) == 1:
            return cutters[0]


def play_game(rng: random.Random, players: int, stats: dict) -> None:
    lives = [LIVES] * players
    alive = list(range(players))
    dealer = _first_dealer(rng, players)
    while len(alive) > 1:
        # the seats to the dealer's right in turn, the dealer last (if he is still in)
        order = [s for s in ((dealer - k) % players for k in range(1, players + 1))
                 if lives[s] > 0]
        for p in play_hand(rng, order, stats):
            lives[p] -= 1
        stats["hands"] += 1
        alive = [p for p in range(players) if lives[p] > 0]
        if not alive:  # everybody out at once: all come back with one life
            lives = [1] * players
            alive = list(range(players))
        if len(alive) > 1:
            dealer = next(s for s in ((dealer - k) % players for k in range(1, players + 1))
                          if lives[s] > 0)
    stats["games"] += 1

