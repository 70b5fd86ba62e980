"""Bots: policies over `legal_actions()`, for simulations and as opponents.

`greedy` is defined exactly (it is the policy the speed benchmark compares against a
hand-written simulator): knock when allowed and the hand is worth at least 27 - (round - 2);
otherwise take a visible card only if it raises the hand, else draw blind; discard the card whose
removal leaves the best hand (the first on ties); where cards are exchanged with a zone, make
the exchange that raises the hand most, else pass. "Raises" and "best" use the ruleset's ranking
(strength), so tiers and tie-breaks count; the knock bar uses the numeric value.
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
        hmask = state.masks[p]
        if actions[0].kind == "discard" and actions[-1].kind == "discard":
            if len(hand) - 1 == size:  # the usual shape, inlined: it is half of all decisions
                best_a, best_s = None, -1
                for a in actions:
                    s = strength[hmask ^ a.bits]  # the hand without that card
                    if s > best_s:
                        best_a, best_s = a, s
                return best_a
            return _best_discard(actions, hand, hmask, strength, size, rules.valuation)
        knock = None
        for a in actions:
            if a.kind == "knock":
                knock = a
                value = rules.valuation.value[hmask] if len(hand) == size \
                    else state.hand_value(p)
                if value >= 27 - (state.round - 2):
                    return knock
                break
        cur = strength[hmask] if len(hand) == size else state.hand_strength(p)
        zones, face_up, top_seen = state.zones, state.face_up, state._top_visible
        pass_ = draw_blind = best_swap = None
        best_gain = cur
        discards = None
        for a in actions:
            k = a.kind
            if k == "draw":
                pile = zones[a.zone]
                if pile and (face_up[a.zone] or top_seen[a.zone]):
                    # take a visible card only if keeping it would raise the hand
                    top = pile[-1]
                    if len(hand) != size:
                        if rules.valuation.of(hand + [top]).strength > cur:
                            return a
                        continue
                    four = hmask | (1 << top)
                    for c in hand:
                        if strength[four & ~(1 << c)] > cur:
                            return a
                elif draw_blind is None:
                    draw_blind = a
            elif k == "swap":
                h, z = a.cards
                s = strength.get((hmask & ~(1 << h)) | (1 << z), -1)
                if s > best_gain:
                    best_swap, best_gain = a, s
            elif k == "swap_all":
                if face_up[a.zone]:
                    s = strength.get(state.mask(zones[a.zone]), -1)
                    if s > best_gain:
                        best_swap, best_gain = a, s
            elif k == "pass":
                if pass_ is None:
                    pass_ = a
            elif k == "discard":
                if discards is None:
                    discards = []
                discards.append(a)
        if discards:
            return _best_discard(discards, hand, hmask, strength, size, rules.valuation)
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
