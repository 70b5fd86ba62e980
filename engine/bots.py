"""Bots: policies over `legal_actions()`, for simulations and as opponents.

`greedy` is defined exactly (it is the policy the speed benchmark compares against a
hand-written simulator): knock when allowed and the hand is worth at least 27 - (round - 2);
otherwise take a visible card only if it raises the hand, else draw blind; discard the card whose
removal leaves the best hand (the first on ties); in widow games make the exchange that raises
the hand most, else pass. "Raises" and "best" use the ruleset's ranking (strength), so tiers and
tie-breaks count; the knock bar uses the numeric value.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from .errors import UsageError
from .rules import Action

Bot = Callable[[object, list], Action]


def random_bot(seed: Optional[int] = None) -> Bot:
    rng = random.Random(seed)

    def choose(state, actions):
        return actions[rng.randrange(len(actions))]
    return choose


def greedy_bot(seed: Optional[int] = None) -> Bot:
    def choose(state, actions):
        if len(actions) == 1:
            return actions[0]
        p = state.current_player
        rules = state.rules
        strength = rules.valuation.strength
        size = rules.hand_size
        hand = state.hands[p]
        hmask = 0
        for c in hand:
            hmask |= 1 << c
        if actions[0].kind == "discard" and actions[-1].kind == "discard":
            return _best_discard(actions, hand, hmask, strength, size, rules.valuation)
        knock = None
        for a in actions:
            if a.kind == "knock":
                knock = a
                if state.hand_value(p) >= 27 - (state.round - 2):
                    return knock
                break
        discards = [a for a in actions if a.kind == "discard"]
        if discards:
            return _best_discard(discards, hand, hmask, strength, size, rules.valuation)
        cur = strength[hmask] if len(hand) == size else state.hand_strength(p)
        best_swap, best_gain = None, cur
        draw_blind = draw_seen = pass_ = None
        for a in actions:
            k = a.kind
            if k == "pass":
                pass_ = a
            elif k == "draw":
                top = state.visible_top(a.zone)
                if top is None:
                    draw_blind = draw_blind or a
                elif draw_seen is None:
                    # would keeping this card raise the hand?
                    four = hmask | (1 << top)
                    best = -1
                    for c in hand:
                        s = strength[four & ~(1 << c)]
                        if s > best:
                            best = s
                    if best > cur:
                        draw_seen = a
            elif k == "swap":
                h, z = a.cards
                s = strength.get((hmask & ~(1 << h)) | (1 << z), -1)
                if s > best_gain:
                    best_swap, best_gain = a, s
            elif k == "swap_all":
                if state.face_up[a.zone]:
                    s = strength.get(state.mask(state.zones[a.zone]), -1)
                    if s > best_gain:
                        best_swap, best_gain = a, s
        if draw_seen is not None:
            return draw_seen
        if draw_blind is not None:
            return draw_blind
        if best_swap is not None:
            return best_swap
        if pass_ is not None:
            return pass_
        if knock is not None:
            return knock
        return actions[0]
    return choose


def _best_discard(actions, hand, hmask, strength, size, valuation):
    """The discard leaving the best hand; the first such on ties."""
    best_a, best_s = actions[0], None
    if len(hand) - 1 == size:
        for a in actions:
            s = strength[hmask & ~(1 << a.cards[0])]
            if best_s is None or s > best_s:
                best_a, best_s = a, s
        return best_a
    for a in actions:  # an unusual turn shape (discard first): value what is left directly
        s = valuation.of([c for c in hand if c != a.cards[0]]).strength
        if best_s is None or s > best_s:
            best_a, best_s = a, s
    return best_a


BOTS: dict[str, Callable[[Optional[int]], Bot]] = {
    "random": random_bot,
    "greedy": greedy_bot,
}


def parse_bots(spec: str, players: int, seed: Optional[int] = 0) -> list[Bot]:
    """`greedy` for every seat, or a comma list with one name per seat."""
    names = [s.strip() for s in spec.split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots lists {len(names)} bots for {players} players")
    for n in names:
        if n not in BOTS:
            raise UsageError(f"unknown bot {n!r}; known: {', '.join(BOTS)}")
    base = 0 if seed is None else seed
    return [BOTS[n](base * 1000 + i + 1) for i, n in enumerate(names)]
