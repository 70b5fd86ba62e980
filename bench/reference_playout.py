"""A hand-written random playout of a Trentuno hand: the measuring stick of `playouts.py`.

What a Monte Carlo search written for this one game would do per sample: copy the position
(hands, stock, discard pile, who knocked, whose turn it is), play uniformly random legal moves
to the end of the hand under the built-in Trentuno rules (draw from the stock or take the top
discard, or knock from the second round while nobody has; then discard any card; 31 ends the
hand; after a knock everybody else plays once more; an empty stock is made again from the
discards below the top card), and settle it (who loses a life). See `reference_trentuno.py` for
the rules in full. It reads the starting position from an engine state once (`Position.of`), and
shares no code with the engine.

The moves are listed in the engine's order and drawn as its `random` bot draws them (one
`randrange` over the legal moves per decision), so both sides make as many decisions per
playout on average.
"""
from __future__ import annotations

import random
from typing import Any

VALUE = [11, 2, 3, 4, 5, 6, 7, 10, 10, 10]  # A 2 3 4 5 6 7 F C R
TRIS = (0, 7, 8, 9)


def hand_value(hand: list[int]) -> int:
    """The best suit's sum (cards 0-39: suit c // 10, rank c % 10), or 30 for a tris."""
    sums = [0, 0, 0, 0]
    for c in hand:
        sums[c // 10] += VALUE[c % 10]
    best = max(sums)
    if best < 30 and len(hand) == 3:
        r = hand[0] % 10
        if r in TRIS and hand[1] % 10 == r and hand[2] % 10 == r:
            best = 30
    return best


class Position:
    """A hand in play, at the start of a player's turn."""

    def __init__(self, hands: list[list[int]], stock: list[int], discard: list[int],
                 order: list[int], turn: int, rnd: int, knocker: int | None,
                 lives: list[int]):
        self.hands, self.stock, self.discard = hands, stock, discard
        self.order, self.turn, self.rnd, self.knocker = order, turn, rnd, knocker
        self.lives = lives

    @classmethod
    def of(cls, state: Any) -> Position:
        """The position of an engine state of the built-in Trentuno, waiting for a turn's first
        move (read from its public attributes and its turn order)."""
        order = list(state._order)
        return cls([list(h) for h in state.hands], list(state.zones["stock"]),
                   list(state.zones["discard"]), order, order.index(state.current_player),
                   state.round, state.knocker, list(state.lives))

    def copy(self) -> Position:
        return Position([list(h) for h in self.hands], list(self.stock), list(self.discard),
                        self.order, self.turn, self.rnd, self.knocker, list(self.lives))


def playout(start: Position, rng: random.Random) -> int:
    """Play the hand from `start` (a copy of it) to its end; returns the decisions made."""
    pos = start.copy()
    hands, stock, discard, order = pos.hands, pos.stock, pos.discard, pos.order
    knocker, rnd, i = pos.knocker, pos.rnd, pos.turn
    moves = 0
    while True:
        p = order[i]
        if not stock:  # the discards below the top card, shuffled, make the stock again
            top = discard.pop()
            rng.shuffle(discard)
            stock[:] = discard
            discard[:] = [top]
        # the moves, in the engine's order: 0 the stock, 1 the discard (always there at the
        # start of a turn), 2 the knock (from the second round, while nobody has)
        choice = rng.randrange(3 if rnd >= 2 and knocker is None else 2)
        moves += 1
        if choice == 2:
            knocker = p
        else:
            hand = hands[p]
            hand.append(discard.pop() if choice else stock.pop())
            discard.append(hand.pop(rng.randrange(len(hand))))
            moves += 1
            if hand_value(hand) == 31:
                for q in order:
                    if q != p and q != knocker:
                        pos.lives[q] -= 1
                return moves
        i += 1
        if i == len(order):
            i, rnd = 0, rnd + 1
        if order[i] == knocker:
            values = [hand_value(hands[q]) for q in order]
            low = min(values)
            for q, v in zip(order, values):
                if v == low:
                    pos.lives[q] -= 1
            return moves
