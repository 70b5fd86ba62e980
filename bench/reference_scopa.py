"""A hand-written simulator of the built-in Scopa rules with the greedy policy: the measuring
stick of the capture family for `compare.py scopa` (not part of the engine; it shares no code
with it).

The rules, as `variants/scopa.yaml` says them: 40 Italian cards (coppe, denari, bastoni, spade;
for taking the Ace is worth 1, the Fante 8, the Cavallo 9, the Re 10); three cards to each
player, counter-clockwise from the dealer's right, then four face up on the table; three more
each whenever every hand is empty, until the stock is out. The first dealer is drawn at
random; the deal passes to the right. A played card takes a table card of its value (and only
one, when there is one), else table cards adding up to its value, and must take when it can;
otherwise it is laid on the table. Taking every card on the table is a scopa, except on the very
last play of the hand. At the end of the hand the last taker takes what is left, and each side
scores: most cards 1, most denari 1, the Sette di denari 1, the primiera 1 (the best card of
each suit by 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, figures 10; a side missing a suit cannot
win it), and 1 per scopa; nobody scores a tie. The first side to reach 11 at the end of a hand,
alone in the lead, wins. With four players, partners sit opposite.

Greedy, as `engine/bots.py` defines it for capture games: the move making a scopa first, then
the one taking the most by a rough worth of each card under that scoring (one per card, one more
for a denaro, five for the Sette di denari, up to two by the primiera's table), the played card
included; a card laid down is worth minus its own worth. The first such on ties, the moves in
the engine's order (cards in hand order; equal cards before sums; sums by size, then in table
order).

Written plainly: a card is (suit, rank, value), hands and the table are lists.

    python bench/compare.py scopa --alone [--games N] [--players N]   # by itself
"""
from __future__ import annotations

import random
from itertools import combinations

RULESET = "scopa"
BOTS = "greedy"

DENARI = 1
SETTEBELLO = (DENARI, 6)                      # (suit, rank) of the Sette di denari
TAKING_VALUE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # A 2-7 F C R
PRIMIERA = [16, 12, 13, 14, 15, 18, 21, 10, 10, 10]
DECK = [(suit, rank, TAKING_VALUE[rank]) for suit in range(4) for rank in range(10)]
Card = tuple[int, int, int]
TARGET = 11


def worth(card: Card) -> float:
    """What greedy counts for taking a card: the scoring's rough worth of it."""
    suit, rank, _ = card
    w = 1.0 + (suit == DENARI) + 5 * ((suit, rank) == SETTEBELLO)
    return w + 2 * PRIMIERA[rank] / 21


WORTH = {card: worth(card) for card in DECK}


def takings(card: Card, table: list[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards the card may take (an equal card first, else sums)."""
    value = card[2]
    equal: list[tuple[Card, ...]] = [(c,) for c in table if c[2] == value]
    if equal:
        return equal
    smaller = [c for c in table if c[2] < value]
    out = []
    for size in range(2, len(smaller) + 1):
        for combo in combinations(smaller, size):
            if sum(c[2] for c in combo) == value:
                out.append(combo)
    return out


def primiera(cards: list[Card]) -> int | None:
    best = [-1, -1, -1, -1]
    for suit, rank, _ in cards:
        best[suit] = max(best[suit], PRIMIERA[rank])
    return None if min(best) < 0 else sum(best)


def most(counts: list[float]) -> list[int]:
    """One point to the side with the strictly highest count."""
    top = max(counts)
    if counts.count(top) != 1:
        return [0] * len(counts)
    return [1 if c == top else 0 for c in counts]


class Table:
    """One game: the sides' points, the dealer."""

    def __init__(self, rng: random.Random, players: int, stats: dict):
        self.rng, self.players, self.stats = rng, players, stats
        self.side_of = [p % 2 for p in range(players)] if players == 4 else list(range(players))
        self.sides = max(self.side_of) + 1
        self.points = [0] * self.sides
        self.dealer = rng.randrange(players)

    def order(self) -> list[int]:
        """The seats to the dealer's right in turn, the dealer last."""
        return [(self.dealer - k) % self.players for k in range(1, self.players + 1)]

    def play_hand(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        order = self.order()
        hands: dict[int, list[Card]] = {}
        for p in order:
            hands[p] = [deck.pop(), deck.pop(), deck.pop()]
        table = [deck.pop() for _ in range(4)]
        stock = deck
        taken: list[list[Card]] = [[] for _ in range(self.sides)]
        scope = [0] * self.sides
        last_taker = None
        i = 0
        while True:
            p = order[i]
            self.stats["decisions"] += 1
            hand = hands[p]
            last_play = len(hand) == 1 and not stock and all(
                len(hands[q]) == 0 for q in order if q != p)
            best_key, best = None, None
            for card in hand:
                sets = takings(card, table)
                for s in sets:
                    sweep = len(s) == len(table) and not last_play
                    key = (sweep, WORTH[card] + sum(WORTH[c] for c in s))
                    if best_key is None or key > best_key:
                        best_key, best = key, (card, s)
                if not sets:
                    key = (False, -WORTH[card])
                    if best_key is None or key > best_key:
                        best_key, best = key, (card, ())
            assert best is not None
            card, took = best
            hand.remove(card)
            if took:
                for c in took:
                    table.remove(c)
                side = self.side_of[p]
                taken[side].append(card)
                taken[side].extend(took)
                last_taker = p
                if not table and not last_play:
                    scope[side] += 1
            else:
                table.append(card)
            if all(not hands[q] for q in order):
                if not stock:
                    break
                for q in order:
                    hands[q] = [stock.pop(), stock.pop(), stock.pop()]
            i = (i + 1) % len(order)
        if last_taker is not None:
            taken[self.side_of[last_taker]].extend(table)
        self.score(taken, scope)

    def score(self, taken: list[list[Card]], scope: list[int]) -> None:
        gains = [most([len(t) for t in taken]),
                 most([sum(1 for c in t if c[0] == DENARI) for t in taken]),
                 [sum(1 for c in t if (c[0], c[1]) == SETTEBELLO) for t in taken]]
        prime = [primiera(t) for t in taken]
        if any(x is not None for x in prime):
            gains.append(most([-1 if x is None else x for x in prime]))
        gains.append(scope)
        for g in gains:
            for side in range(self.sides):
                self.points[side] += g[side]

    def play(self) -> None:
        while True:
            self.play_hand()
            self.stats["hands"] += 1
            top = max(self.points)
            if top >= TARGET and self.points.count(top) == 1:
                break
            self.dealer = self.order()[0]
        self.stats["games"] += 1


def play_game(rng: random.Random, players: int, stats: dict) -> None:
    """One whole game; counts games, hands and decisions (player turns) in `stats`."""
    Table(rng, players, stats).play()

