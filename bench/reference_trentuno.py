"""A hand-written simulator of the built-in Trentuno rules with the greedy policy: the measuring
stick of `compare.py` (not part of the engine; it shares no code with it).

The rules, as `variants/trentuno.yaml` says them: a 40-card Italian deck (A 2-7 F C R of four
suits; the Ace is worth 11, figures 10, the others their number); 3 cards each, dealt one at a
time to the right, one card face up on the discard pile, the rest is the stock. The first
dealer is the highest cut card; the deal passes to the right. On his turn a player draws the
top of the stock or takes the top discard, then discards one card; from the second round he may
knock instead, while nobody has. A hand is worth its best suit's sum, or 30 for three Aces,
Fanti, Cavalli or Re. 31 in one suit ends the hand at once (dealt too): every other player
loses a life, except the knocker. After a knock everybody else plays once more, then the lowest
hand loses a life (ties all lose one). An empty stock is made again from the discards below the
top card, shuffled. Three lives; when everybody is out at once, all players come back with one
life; the last player left wins.

Greedy, as `engine/bots.py` defines it: knock when allowed and the hand is worth at least
27 - (round - 2); otherwise take the discard only if that raises the hand (with the best card
let go after it), else draw from the stock; discard the card whose removal leaves the best hand
(the first such on ties).

Written plainly, as a person would write one game: a card is (suit, rank, value), a hand is a
list, its value is counted suit by suit each time it is asked.

    python bench/compare.py trentuno --alone [--games N] [--players N]   # by itself
"""
from __future__ import annotations

import random

#: what a reference needs from the engine's side: the ruleset and the bots it is compared with
RULESET = "trentuno"
BOTS = "greedy"

SUITS, RANKS = 4, 10
VALUE = [11, 2, 3, 4, 5, 6, 7, 10, 10, 10]  # A 2 3 4 5 6 7 F C R
TRIS = {0, 7, 8, 9}                         # three Aces, Fanti, Cavalli or Re make 30
LIVES = 3
KNOCK_BAR = 27


#: a card is (suit, rank, value)
DECK = [(suit, rank, VALUE[rank]) for suit in range(SUITS) for rank in range(RANKS)]
Card = tuple[int, int, int]


def hand_value(hand: list[Card]) -> int:
    """The best suit's sum, or 30 for a tris (whichever is more)."""
    sums = [0, 0, 0, 0]
    for suit, _, value in hand:
        sums[suit] += value
    best = max(sums)
    if best < 30:
        (_, r1, _), (_, r2, _), (_, r3, _) = hand
        if r1 == r2 == r3 and r1 in TRIS:
            best = 30
    return best


def best_discard(cards: list[Card]) -> tuple[int, int]:
    """(index of the card to let go, value of the hand left): the best hand, the first on ties."""
    best_i, best_v = 0, -1
    for i in range(len(cards)):
        v = hand_value(cards[:i] + cards[i + 1:])
        if v > best_v:
            best_i, best_v = i, v
    return best_i, best_v


def first_dealer(rng: random.Random, players: int) -> int:
    """Everybody cuts; the highest card deals (value, then rank); ties cut again."""
    cutters = list(range(players))
    while True:
        cards = rng.sample(DECK, len(cutters))
        power = [(value, rank) for _, rank, value in cards]
        top = max(power)
        cutters = [p for p, s in zip(cutters, power) if s == top]
        if len(cutters) == 1:
            return cutters[0]


def seats_from(seat: int, alive: list[int], players: int) -> list[int]:
    """The live seats to the right of `seat` (seat - 1 first), all of them, `seat` last."""
    out = []
    for k in range(1, players + 1):
        s = (seat - k) % players
        if s in alive:
            out.append(s)
    return out


class Table:
    """One game: lives, who is in, the dealer."""

    def __init__(self, rng: random.Random, players: int, stats: dict):
        self.rng = rng
        self.players = players
        self.stats = stats
        self.lives = [LIVES] * players
        self.alive = list(range(players))
        self.dealer = first_dealer(rng, players)

    def lose(self, payers: list[int]) -> None:
        for p in payers:
            self.lives[p] -= 1
        before = self.alive
        self.alive = [p for p in before if self.lives[p] > 0]
        if not self.alive:  # everybody out at once: every player comes back with one life
            self.alive = list(range(self.players))
            self.lives = [1] * self.players

    def play_hand(self) -> None:
        rng, stats = self.rng, self.stats
        deck = list(DECK)
        rng.shuffle(deck)
        order = seats_from(self.dealer, self.alive, self.players)
        hands: dict[int, list[Card]] = {p: [] for p in order}
        for _ in range(3):
            for p in order:
                hands[p].append(deck.pop())
        discard = [deck.pop()]
        stock = deck
        dealt = [p for p in order if hand_value(hands[p]) == 31]  # only one suit makes 31
        if dealt:
            self.lose([p for p in order if p not in dealt])
            return
        knocker = None
        rnd = 1
        i = 0
        while True:
            p = order[i]
            stats["decisions"] += 1
            if not stock:  # the discards below the top card, shuffled, are the stock again
                top = discard.pop()
                rng.shuffle(discard)
                stock, discard = discard, [top]
            hand = hands[p]
            cur = hand_value(hand)
            if knocker is None and rnd >= 2 and cur >= KNOCK_BAR - (rnd - 2):
                knocker = p
                stats["knocks"] += 1
            else:
                _, with_top = best_discard(hand + [discard[-1]])
                card = discard.pop() if with_top > cur else stock.pop()
                hand.append(card)
                k, left = best_discard(hand)
                discard.append(hand.pop(k))
                if left == 31:
                    self.lose([q for q in order if q != p and q != knocker])
                    stats["blitz"] += 1
                    return
            i += 1
            if i == len(order):
                i, rnd = 0, rnd + 1
            if order[i] == knocker:  # everybody else has played once more
                values = {q: hand_value(hands[q]) for q in order}
                low = min(values.values())
                self.lose([q for q in order if values[q] == low])
                return

    def play(self) -> None:
        while len(self.alive) > 1:
            self.play_hand()
            self.stats["hands"] += 1
            if len(self.alive) > 1:
                self.dealer = seats_from(self.dealer, self.alive, self.players)[0]
        self.stats["games"] += 1


def play_game(rng: random.Random, players: int, stats: dict) -> None:
    """One whole game; counts games, hands, decisions (player turns: a draw and its discard
    are one turn, as the engine counts them), knocks and instant wins in `stats`."""
    Table(rng, players, stats).play()

