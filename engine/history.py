"""The public history of a hand: its moves as the table saw them, and what follows from them.

While a state keeps `history` (the default with `record`), every move is noted in its trail as
(player, action, his hand's mask before it, whether the zone it touched lay face up), from the
deal on. What the table knows (`Knowledge`: which cards of a hand everyone saw go in, which
cards went into each zone, how many went in unseen) is worked out from the trail when asked
and kept until the next move: observations read it (observation.py), and `resample` keeps it
in place when it deals the unseen cards again (search.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .observation import Knowledge, RawMove

if TYPE_CHECKING:
    from .rules import Action
    from .state import GameState


def start(st: GameState) -> None:
    """The history starts with the deal: the top cards of the piles that show them were
    seen."""
    st._trail = []
    top_visible = st.facts.top_visible
    st._seen_base = Knowledge(
        (0,) * st.players,
        {z: 1 << c[-1] for z, c in st.zones.items() if c and top_visible[z]},
        (), tuple(map(len, st.hands)))


def note(st: GameState, action: Action, p: int) -> None:
    """Before a move: note it in the hand's trail."""
    zone = action.zone
    st._trail.append((p, action, st.masks[p], zone is not None and st.face_up[zone]))


def knowledge(st: GameState) -> Knowledge:
    """What the table knows from the public history of the hand (computed from the trail when
    asked, and kept until the next move)."""
    trail = st._trail
    cache = st._seen_cache
    if cache is not None and cache[0] is trail and cache[1] == len(trail):
        return cache[2]
    base = st._seen_base
    if base is None:  # no history kept: nothing is known beyond what shows
        base = Knowledge((0,) * st.players, {}, (), tuple(map(len, st.hands)))
    known = list(base.known)
    blind = list(base.blind)
    zone_seen = dict(base.zone_seen)
    moves = list(base.moves)
    top_visible = st.facts.top_visible
    for (p, action, before, face_up), now in zip(trail, _masks_after(st)):
        took, gave = now & ~before, before & ~now
        zone = action.zone
        # a pile showing its top shows the card a draw takes only when the draw takes the top
        seen = bool(face_up) or (zone is not None and top_visible[zone] and (
            not took or getattr(action.option_ref.unit, "takes_top", True)))
        if took:
            if seen:
                known[p] |= took
            else:
                blind[p] += took.bit_count()
        if gave:
            if seen:
                known[p] &= ~gave
                if zone is not None:
                    zone_seen[zone] = zone_seen.get(zone, 0) | gave
            else:  # nobody saw which cards left: what was known of his hand is lost
                known[p] = 0
        moves.append(RawMove(p, action, took, gave, seen))
    result = Knowledge(tuple(known), zone_seen, tuple(moves), tuple(blind))
    st._seen_cache = (trail, len(trail), result, {})
    return result


def _masks_after(st: GameState) -> list[int]:
    """Each noted move's player's mask after it: a player's hand changes only by his own moves,
    so his mask after a move is his mask before his next one, or his mask now."""
    trail = st._trail
    after = list(st.masks)
    afters = [0] * len(trail)
    for i in range(len(trail) - 1, -1, -1):
        p, _, before, _ = trail[i]
        afters[i] = after[p]
        after[p] = before
    return afters


def knowledge_of(st: GameState, player: int) -> Knowledge:
    """`knowledge()` without the cards `player` did not see (kept with it)."""
    seen = knowledge(st)
    cache = st._seen_cache  # filled by knowledge() just now or before
    assert cache is not None
    mine = cache[3]
    if player not in mine:
        mine[player] = seen.as_seen_by(player)
    return mine[player]
