"""A hand-written simulator of the built-in Scat rules with the greedy policy: the measuring stick
of the widow-exchange family for `compare.py scat` (not part of the engine; it shares no code
with it).

The rules, as `variants/scat.yaml` says them: a 52-card French deck (the Ace is worth 11, the
figures 10, the others their number); 3 cards each, one at a time to the left, then a 3-card
widow face down; the rest is not played. The first dealer is drawn at random; the deal passes to
the left. The player on the dealer's left first takes the widow for his hand or passes; either
way it is turned face up. Then each player in turn exchanges one of his cards with one of the
widow's, exchanges his whole hand with it, passes, or knocks (while nobody has). A hand is worth
its best suit's sum. 31 in one suit (a blitz), dealt or made by a move, wins at once: everybody
else loses a life. After a knock everybody else plays once more; when every player in a row has
passed, or after the knock, the lowest hand loses a life, a lowest knocker two, ties all lose.
Three lives; a player with none left rides "on the bus" and goes out when he loses again. The
last player left wins (players going out together share the win).

Greedy, as `engine/bots.py` defines it: knock when offered and the hand is worth at least
27 - (round - 2); otherwise make the exchange that raises the hand most (the first such; the
whole widow only when it is better still), else pass. While the widow lies face down it shows
nothing to raise the hand with, so greedy passes.

Written plainly: a card is (suit, rank, value), a hand a list, its value counted each time.

    python bench/compare.py scat --alone [--games N] [--players N]   # by itself
"""
from __future__ import annotations

import random

RULESET = "scat"
BOTS = "greedy"

SUITS = 4
VALUE = [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]  # A 2-10 J Q K
DECK = [(suit, rank, VALUE[rank]) for suit in range(SUITS) for rank in range(len(VALUE))]
Card = tuple[int, int, int]
LIVES = 3
KNOCK_BAR = 27


def hand_value(hand: list[Card]) -> int:
    """The best suit's sum (a lone highest card when all three suits differ)."""
    sums = [0, 0, 0, 0]
    for suit, _, value in hand:
        sums[suit] += value
    return max(sums)


class Table:
    """One game: lives, who rides the bus, who is in, the dealer."""

    def __init__(self, rng: random.Random, players: int, stats: dict):
        self.rng = rng
        self.players = players
        self.stats = stats
        self.lives = [LIVES] * players
        self.on_bus = [False] * players
        self.alive = list(range(players))
        self.dealer = rng.randrange(players)
        self.winners: list[int] = []

    def lose(self, p: int, count: int) -> None:
        for _ in range(count):
            if p not in self.alive:
                return
            if self.lives[p] > 0:
                self.lives[p] -= 1
                if self.lives[p] == 0:
                    self.on_bus[p] = True
            else:
                self.alive.remove(p)

    def settle(self, payers: list[int], knocker: int | None) -> None:
        before = list(self.alive)
        for p in payers:
            self.lose(p, 2 if p == knocker else 1)
        if not self.alive:  # everybody out together: they share the win
            self.winners = before

    def seats_left_of(self, seat: int) -> list[int]:
        out = []
        for k in range(1, self.players + 1):
            s = (seat + k) % self.players
            if s in self.alive:
                out.append(s)
        return out

    def play_hand(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        order = self.seats_left_of(self.dealer)
        hands: dict[int, list[Card]] = {p: [] for p in order}
        for _ in range(3):
            for p in order:
                hands[p].append(deck.pop())
        widow = [deck.pop(), deck.pop(), deck.pop()]
        widow_up = False
        dealt = [p for p in order if hand_value(hands[p]) == 31]  # only one suit makes 31
        if dealt:
            self.settle([p for p in order if p not in dealt], None)
            return
        knocker = None
        passes = 0
        rnd, i = 1, 0
        while True:
            p = order[i]
            self.stats["decisions"] += 1
            hand = hands[p]
            cur = hand_value(hand)
            if not widow_up:  # take the face-down widow, or pass: it shows nothing, so pass
                widow_up = True
                passes += 1
            elif knocker is None and cur >= KNOCK_BAR - (rnd - 2):
                knocker = p
                passes = 0
            else:
                best, swap = cur, None
                for h in range(3):
                    for w in range(3):
                        v = hand_value(hand[:h] + [widow[w]] + hand[h + 1:])
                        if v > best:
                            best, swap = v, (h, w)
                if hand_value(widow) > best:
                    hands[p], widow = widow, hand
                    passes = 0
                elif swap is not None:
                    h, w = swap
                    hand[h], widow[w] = widow[w], hand[h]
                    passes = 0
                else:
                    passes += 1
                if hand_value(hands[p]) == 31:
                    self.settle([q for q in order if q != p], None)
                    return
            if passes >= len(order):
                break
            i += 1
            if i == len(order):
                i, rnd = 0, rnd + 1
            if order[i] == knocker:
                break
        values = {q: hand_value(hands[q]) for q in order}
        low = min(values.values())
        self.settle([q for q in order if values[q] == low], knocker)

    def play(self) -> None:
        self.winners = []
        while len(self.alive) > 1:
            self.play_hand()
            self.stats["hands"] += 1
            if len(self.alive) > 1:
                self.dealer = self.seats_left_of(self.dealer)[0]
        self.stats["games"] += 1


def play_game(rng: random.Random, players: int, stats: dict) -> None:
    """One whole game; counts games, hands and decisions (player turns) in `stats`."""
    Table(rng, players, stats).play()

