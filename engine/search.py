"""For search: copying a state (`clone`) and dealing again what one player cannot see
(`resample`).

A clone copies the state field by field as the fields are declared (`Field`, in state.py): the
copy function is generated from that declaration, so a field cannot be added and forgotten by
the copy (the declaration is also what the state's `__slots__` are made of). `resample` deals
the cards a player cannot see again at random, keeping everything he can see or knows from the
public history of the hand (history.py).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .history import knowledge, knowledge_of

if TYPE_CHECKING:
    from .observation import Knowledge
    from .state import GameState

#: How a clone copies a field: a template of the expression (of the original `old` and the
#: copy `new`) that makes the copy's value, `{f}` being the field's name. The very same
#: object (a value, the compiled rules, a list that is replaced but never changed in place):
SHARE = "old.{f}"
#: a copy of a list or dict of values:
COPY = "old.{f}.copy()"
#: a list of copies of lists (the hands):
COPY_EACH = "list(map(list.copy, old.{f}))"
#: a dict of copies of lists (the zones):
COPY_VALUES = "{{k: v.copy() for k, v in old.{f}.items()}}"
#: a log: copied when the copy keeps a record, else empty:
LOG = "old.{f}.copy() if new.record else []"
#: made again when asked (a cache):
UNSET = "None"
#: whether the copy notes its moves, as its own flags say (it records, or keeps a history):
NOTES_MOVES = "new.record or new.history"
#: as `clone()`'s keyword of that name says (the copy's own fast-path flags; set first):
OPTION = "option"
#: A field may also give a function (original, copy) -> the copy's value.


@dataclass(frozen=True)
class Field:
    """One field of the game state: its name, how a clone copies it, what it holds."""
    name: str
    copy: str | Callable[[Any, Any], Any]
    doc: str = ""


def copier(fields: Sequence[Field]) -> Callable[[Any, Any], Any]:
    """The function `(original, copy) -> copy` setting every field of the copy as declared but
    the `OPTION` ones (which `clone` sets first): straight-line code, one assignment per field,
    as `dataclasses` generates `__init__` (a loop over the fields with `getattr` costs twice as
    much, and a playout clones once per sample). The code is made only of the templates above
    and the names of `state.FIELDS`, both written in the engine's source (no text from a rule
    file); a field's function is passed to it as a value."""
    env: dict[str, Any] = {}
    lines = ["def copy_fields(old, new):"]
    for f in fields:
        if not f.name.isidentifier():  # names from the engine's own declaration, never a file
            raise ValueError(f"field {f.name!r}: not a name")
        if f.copy == OPTION:
            continue
        if callable(f.copy):
            env[f"copy_{f.name}"] = f.copy
            value = f"copy_{f.name}(old, new)"
        elif f.copy in (SHARE, COPY, COPY_EACH, COPY_VALUES, LOG, UNSET, NOTES_MOVES):
            value = f.copy.format(f=f.name)
        else:
            raise ValueError(f"field {f.name}: no such way to copy it: {f.copy!r}")
        lines.append(f"    new.{f.name} = {value}")
    lines.append("    return new")
    exec("\n".join(lines), env)  # the code is made here, of the declared field names
    made: Callable[[Any, Any], Any] = env["copy_fields"]
    return made


def resample(st: GameState, player: int, rng: random.Random, keep_best: bool,
             history: bool | None, stop_at_hand_end: bool | None) -> GameState:
    """See `GameState.resample`."""
    seen = knowledge(st)
    new = st.clone(record=False, history=history, stop_at_hand_end=stop_at_hand_end)
    others = [q for q, hand in enumerate(new.hands) if q != player and hand]
    places = _unseen_places(st, new, player, others, seen)
    pool: list[int] = []
    for cards, n, keep in places:
        pool += [c for c in cards[:n] if not keep >> c & 1] if keep else cards[:n]
    pool.sort()  # where the unseen cards are must not matter, only which they are
    rand = rng.random
    dealt = sorted(pool, key=lambda _: rand())  # a shuffle (by random keys), and fast
    mover = new.current_player
    jd = new.just_drawn
    jd_at = new.hands[mover].index(jd) if jd is not None and mover != player and \
        mover >= 0 and jd in new.hands[mover] else None
    every_place = places  # the other hands too: a card may have to change places with one
    if keep_best:  # the other hands are dealt here, the rest below
        dealt = _deal_best(st, new, others, seen, dealt, rand)
        places = places[len(others):]
    k = 0
    for cards, n, keep in places:
        if not keep:
            cards[:n] = dealt[k:k + n]
            k += n
            continue
        for i in range(n):
            if not keep >> cards[i] & 1:
                cards[i] = dealt[k]
                k += 1
    new.masks = [st.mask(h) for h in new.hands]
    if jd_at is not None:
        new.just_drawn = new.hands[mover][jd_at]
    # the future is unknown: fresh chance, no stacked decks nor supplied reshuffles
    new.seed = rng.getrandbits(32)
    new._play_rng = None
    new._play_rng_shared = False
    new._decks = []
    new._shuffles = []
    new._trail = []
    new._seen_base = knowledge_of(st, player)
    new._seen_cache = None
    if not new.hand_over and not new.is_over and (mover != player or
                                                  st.unseen_hand() == player):
        new._legal = new._step.legal(new, mover)
        if not new._legal and st._legal and mover != player:
            # the step he is in shows what he holds (a step played only when it offers him a
            # move, `then_optional`: a 31 made, to declare at once): his hand as it is
            _hand_as_it_is(st, new, mover, every_place)
            new._legal = new._step.legal(new, mover)
    return new


def _hand_as_it_is(st: GameState, new: GameState, mover: int,
                   places: list[tuple[list[int], int, int]]) -> None:
    """Give `mover` his real hand in the world `new`: each of his cards dealt elsewhere
    changes places with a card dealt to him instead (the cards stay each where one was)."""
    hand, real = new.hands[mover], st.hands[mover]
    extra = [c for c in hand if c not in real]
    for card, other in zip([c for c in real if c not in hand], extra):
        for cards, _, _ in places:
            if card in cards:
                cards[cards.index(card)] = other
                break
    hand[:] = real
    new.masks = [st.mask(h) for h in new.hands]
    new.just_drawn = st.just_drawn


def _unseen_places(st: GameState, new: GameState, player: int, others: list[int],
                   seen: Knowledge) -> list[tuple[list[int], int, int]]:
    """The places in `new` holding cards `player` cannot see: (cards, how many of them from
    the first, the cards there that stay put as a mask); the other players' hands first."""
    places: list[tuple[list[int], int, int]] = [
        (new.hands[q], len(new.hands[q]), seen.known[q]) for q in others]
    if st.unseen_hand() == player:  # he chooses blind: his own hand is as unknown to him
        places.append((new.hands[player], len(new.hands[player]), 0))
    placed: dict[str, int] = {}  # cards he put where nobody else saw them
    for m in seen.moves:
        if m.player == player and m.gave and not m.seen and m.action.zone is not None:
            placed[m.action.zone] = placed.get(m.action.zone, 0) | m.gave
    top_visible = st.facts.top_visible
    for z, cards in new.zones.items():
        if cards and not st.face_up[z]:
            keep = seen.zone_seen.get(z, 0) | placed.get(z, 0)
            if top_visible[z]:
                keep |= 1 << cards[-1]
            places.append((cards, len(cards), keep))
    if st._hidden_aside:
        places.append((new.aside, st._hidden_aside, 0))
    # zones a player or side owns (capture games): a pile the players play from was dealt face
    # down, so what shows of it stays (all of a public one, the top of a `top` one) and the
    # rest is dealt again, each pile keeping its size; the other owned zones fill up by moves
    # everyone sees (the cards a side took), so they stay as they are
    zones = st.rules.zones
    for z in st.rules.capture_sources:
        visibility = zones[z].visibility
        if visibility != "public":
            places += [(pile, len(pile), 1 << pile[-1] if visibility == "top" else 0)
                       for pile in new.own[z] if pile]
    return places


def _deal_best(st: GameState, new: GameState, others: list[int], seen: Knowledge,
               pool: list[int], rand: Callable[[], float]) -> list[int]:
    """Deal the other players' unseen cards as keepers of their best (see `resample`);
    returns what is left of the pool, shuffled again."""
    strength = st.rules.valuation.strength
    for q in others:
        hand = new.hands[q]
        keep = seen.known[q]
        slots = [i for i, c in enumerate(hand) if not keep >> c & 1]
        if not slots:
            continue
        u = len(slots)
        n = min(max(u, seen.blind[q]), len(pool))
        drawn = pool[-n:]
        del pool[-n:]
        held = drawn[:u]
        mask = 0
        for c in hand:
            if keep >> c & 1:
                mask |= 1 << c
        for c in held:
            mask |= 1 << c
        pool[:0] = _keep_best(strength, mask, held, drawn[u:])
        for i, c in zip(slots, held):
            hand[i] = c
    return sorted(pool, key=lambda _: rand())


def _keep_best(strength: Any, mask: int, held: list[int], offered: list[int]) -> list[int]:
    """Offer the cards one at a time to a hand (`mask`, its unseen part `held`, changed in
    place) that keeps each only if swapping it for one of `held` makes the hand stronger; the
    cards it lets go, in order (back to the pool's far end)."""
    back: list[int] = []
    for c in offered:
        best_s = strength.get(mask)
        if best_s is None:  # not a whole hand (mid-turn): no ranking to keep by
            back.append(c)
            continue
        best_j = -1
        for j, d in enumerate(held):
            s = strength[mask & ~(1 << d) | 1 << c]
            if s > best_s:
                best_j, best_s = j, s
        if best_j < 0:
            back.append(c)
        else:
            back.append(held[best_j])
            mask = mask & ~(1 << held[best_j]) | 1 << c
            held[best_j] = c
    return back
