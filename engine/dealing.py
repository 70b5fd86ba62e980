"""Dealing: who deals first, the seats in turn, each hand's deck and the deal itself, and the
cards dealt while a hand is played (more cards to every player, a zone dealt again, a pile
shuffled back under the stock).

Chance comes from separate streams fixed by the seed: the cut from `random.Random(seed)`, each
hand's shuffle and the chance inside it (a reshuffled stock) from streams of the seed and the
hand's number alone. So a seed reproduces a game exactly, and a game replayed from its record
(stacked decks) and played on deals the very hands it would have dealt straight through.

The state these functions keep is the game state's (`GameState`): its hands and their masks,
zones, cards set aside, the stacked decks still to deal and the hand's own random stream.
"""
from __future__ import annotations

import _random
import random
import threading
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .cards import CARD_BITS

if TYPE_CHECKING:
    from .rules import Ruleset
    from .state import GameState

#: deck size -> its shuffle, written out (see `shuffled_range`)
_SHUFFLES: dict[int, Callable[[Callable[[int], int]], list[int]]] = {}
#: (players, first seat, direction, *live seats) -> the live seats in turn from there
_SEATS: dict[tuple[int, ...], list[int]] = {}
_scratch = threading.local()
#: the C seeding under `random.Random.seed`
_CSeed = _random.Random.seed


# ---- who deals, who plays ---------------------------------------------------------------
def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """`Random.randrange(n)` for n > 0, as `random` draws it (the fewest bits, drawn again
    while too big), with no Python call but the generator's: every game cuts for the deal."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _cut(rng: random.Random, n: int, k: int) -> list[int]:
    """`rng.sample(range(n), k)`, the same cards: for a deck larger than 21 cards and at most
    five cutting (where `random` draws distinct indices, each again while already drawn) one
    loop here, else `sample` itself."""
    if k > 5 or n <= 21 or k > n:
        return rng.sample(range(n), k)
    getrandbits = rng.getrandbits
    out: list[int] = []
    for _ in range(k):
        j = _below(getrandbits, n)
        while j in out:
            j = _below(getrandbits, n)
        out.append(j)
    return out


def first_dealer(st: GameState) -> int:
    """The first dealer, as the ruleset chooses him: the first seat, a random seat, or the
    highest (lowest) card cut, cutting again among the tied."""
    how = st.rules.first_dealer
    if how == "first_seat":
        return 0
    rng = scratch_random()  # the cut's stream: the seed alone
    seed = st.seed
    if seed.__class__ is int:  # `rng.seed(seed)` without its Python layer (as `_seed_text`)
        _CSeed(rng, seed)
    else:
        rng.seed(seed)
    if how == "random":
        return _below(rng.getrandbits, st.players)
    deck = st.rules.deck
    cutters = list(range(st.players))
    strength = deck.strength
    while True:
        cards = _cut(rng, len(deck.cards), len(cutters))
        strengths = []
        for c in cards:
            strengths.append(strength(c))
        target = max(strengths) if how == "highest_cut" else min(strengths)
        if st.record:
            st.emit("cut", None, cards={p: deck.code(c) for p, c in zip(cutters, cards)})
        cutters = [p for p, s in zip(cutters, strengths) if s == target]
        if len(cutters) == 1:
            return cutters[0]


def seats_from(st: GameState, start: int, step: int) -> list[int]:
    """Live seats in the given direction, starting with the first live one after `start`.
    The list is shared (never change it in place): one list serves every hand dealt with the
    same players in."""
    key = (st.players, start, step, *st.alive)
    seats = _SEATS.get(key)
    if seats is None:
        if len(_SEATS) >= 4096:  # twelve players go out in many orders: stay small
            _SEATS.clear()
        alive = set(st.alive)
        seats, seat = [], start
        for _ in range(st.players):
            seat = (seat + step) % st.players
            if seat in alive:
                seats.append(seat)
        _SEATS[key] = seats
    return seats


# ---- the deal -----------------------------------------------------------------------------
#: where a deal puts cards: a position in the dealing order (a player's hand), a zone's name,
#: or (zone, position) for the zone that player owns
Destination = Any
#: the deck's cards one destination gets, in the order dealt: a slice of the deck (its top is
#: its end, so the first card dealt is its last), or the indices when they are not evenly spaced
Where = slice | tuple[int, ...]


def deal_plan(rules: Ruleset, players: int) -> tuple[tuple[tuple[Destination, Where], ...], int]:
    """The deal for a table of `players`: each destination with the cards of the deck it gets,
    and how many cards the deal takes from the top. Made once per number of players at the
    table (`PlayFacts.deal_plans`): the deal then takes each destination's cards at once."""
    order: list[Destination] = []  # the destination of each card, from the top of the deck
    for ds in rules.deal:
        for _ in range(ds.rounds):
            for target in ds.targets:
                if target != "players" and rules.zones[target].owner == "player":
                    for i in range(players):
                        order.extend([(target, i)] * ds.count)
                    continue
                for who in (range(players) if target == "players" else (target,)):
                    order.extend([who] * ds.count)
    places: dict[Destination, list[int]] = {}
    for k, dest in enumerate(order):
        places.setdefault(dest, []).append(-1 - k)
    return tuple((dest, _where(at)) for dest, at in places.items()), len(order)


def _where(at: list[int]) -> Where:
    """Deck indices, as a slice when they are evenly spaced (a round of the deal)."""
    step = at[1] - at[0] if len(at) > 1 else -1
    if all(b - a == step for a, b in pairwise(at)):
        return slice(at[0], at[-1] + step, step)  # (the indices are negative: never 0)
    return tuple(at)


def deal(st: GameState, dealing: list[int]) -> None:
    """Shuffle this hand's deck and deal it to the players in `dealing` order, the zones and
    the piles players own; what is left goes to the stock (or aside)."""
    deck = deck_order(st)
    facts = st.facts
    plan = facts.deal_plans.get(len(dealing))
    if plan is None:
        plan = facts.deal_plans[len(dealing)] = deal_plan(st.rules, len(dealing))
    places, total = plan
    hands, zones = st.hands, st.zones
    for dest, where in places:
        cards = deck[where] if isinstance(where, slice) else [deck[i] for i in where]
        if dest.__class__ is int:
            hands[dealing[dest]] = cards
        elif dest.__class__ is str:
            zones[dest] = cards
        else:  # a pile that player owns keeps the deck's order: its first card on top
            cards.reverse()
            st.own[dest[0]][dealing[dest[1]]] = cards
    if total:
        deck = deck[:-total]  # the rest, in order (a copy: the common slice, not a deletion)
    masks = st.masks = []
    for h in hands:  # each hand's mask, here: a function call per hand costs more than this
        m = 0
        for c in h:
            m |= CARD_BITS[c]
        masks.append(m)
    if facts.rest is not None:
        zones[facts.rest] = deck  # its top is its last element, like every zone
    else:
        st.aside = deck
    st._hidden_aside = len(st.aside)


def deck_order(st: GameState) -> list[int]:
    """This hand's deck, top card last (so dealing is `pop()`). Hand N is shuffled from a
    stream of the seed and N alone, whatever came before: a replayed record (stacked decks)
    followed by play deals what the game played straight through dealt. A stacked order may be
    partial: the cards it leaves out follow in that shuffle's order."""
    deck = st.rules.deck
    # a stream of the seed and the hand's number alone: a clone or a resampled state (a new
    # seed) deals its own future without sharing a generator with the game
    rng = scratch_random()
    _seed_text(rng, f"{st.seed}:deal:{st.hand_number}")
    order = shuffled_range(len(deck.cards), rng.getrandbits)
    if st._decks:
        given = st._decks.pop(0)
        # card ids name each copy of a card; codes take the next copy of each
        ids = list(given) if all(c.__class__ is int for c in given) else \
            deck.parse_hand([c if isinstance(c, str) else deck.code(c) for c in given])
        taken = set(ids)
        order = ids + [c for c in order if c not in taken]
    if st.record:
        st.deck_orders.append(deck.codes(order))
    order.reverse()
    return order


# ---- cards dealt during a hand -------------------------------------------------------------
def redeal(st: GameState, count: int) -> bool:
    """Deal `count` more cards to each player from the stock, in the order of the deal;
    False when the stock is too short."""
    rest = st.facts.rest
    stock = st.zones.get(rest) if rest else None
    dealing = seats_from(st, st.dealer, st.rules.deal_step)
    if not stock or len(stock) < count * len(dealing):
        st.emit("redeal_failed", None)
        return False
    hands, masks = st.hands, st.masks
    for p in dealing:  # each his `count` cards off the top, the top card first
        got = stock[-count:]
        del stock[-count:]
        got.reverse()
        hands[p] += got
        mask = masks[p]
        for c in got:
            mask |= CARD_BITS[c]
        masks[p] = mask
    if st.record:
        st.emit("redeal", None, hands={p: st.rules.deck.codes(st.hands[p]) for p in dealing})
    return True


def refresh(st: GameState, zone: str,
            put: Callable[[GameState, list[int]], None] | None = None) -> bool:
    """Put the zone's cards aside (or where `put` places them, once the new ones are dealt)
    and deal it again from the stock; False when the stock is too short to do so."""
    rest = st.facts.rest
    old = st.zones[zone]
    stock = st.zones.get(rest) if rest else None
    if not stock or len(stock) < len(old):
        st.emit("refresh_failed", None, zone=zone)
        return False
    st.zones[zone] = [stock.pop() for _ in old]
    if put is None:
        st.aside.extend(old)
    else:
        put(st, old)
    st.face_up[zone] = True
    if st.record:
        st.emit("refresh", None, zone=zone, cards=st.rules.deck.codes(st.zones[zone]))
    return True


def reshuffle(st: GameState, zone: str) -> None:
    """The pile's cards below its top card, shuffled, go under the stock (the pile is the
    trigger's zone: the compiler named it)."""
    rest = st.facts.rest
    pile = st.zones.get(zone)
    if rest is None or not pile:
        return
    top = pile.pop()
    if st._shuffles:  # an order supplied from outside (chance.py)
        from .chance import supplied_order
        pile[:] = supplied_order(st._shuffles.pop(0), pile)
    else:
        hand_random(st).shuffle(pile)
    st.zones[rest] = pile + st.zones[rest]
    st.zones[zone] = [top]
    st.emit("reshuffle", None, cards=len(st.zones[rest]))


# ---- the random streams --------------------------------------------------------------------
def hand_random(st: GameState) -> random.Random:
    """Chance inside a hand (a reshuffled stock) comes from a stream fixed by the seed and the
    hand's number alone, so replaying a hand from its recorded deck reproduces it whatever the
    shuffles before it consumed. A clone shares the stream until either side draws from it
    (`_play_rng_shared`): copying a generator costs more than the rest of a clone."""
    rng = st._play_rng
    if rng is None or st._play_rng_shared:  # made now, or first made this state's own
        st._play_rng_shared = False
        rng = st._play_rng = (
            random.Random(st.seed * 1_000_003 + st.hand_number) if rng is None
            else copy_random(rng))
    return rng


def _random_sha512() -> Callable[[bytes], Any]:
    """The SHA-512 that `random` seeds text with (its light built-in one, else hashlib's)."""
    found = getattr(random, "_sha512", None)
    if found is None:
        from hashlib import sha512
        return sha512
    return found


_sha512 = _random_sha512()


def _seed_text(rng: random.Random, text: str) -> None:
    """`rng.seed(text)`, the generator in exactly the state that gives (version 2: the text's
    bytes and their SHA-512 as one number), without the Python layer of `Random.seed` around
    the C one: every hand's shuffle is seeded so."""
    data = text.encode()
    _CSeed(rng, int.from_bytes(data + _sha512(data).digest(), "big"))


def scratch_random() -> random.Random:
    """This thread's generator for streams that are seeded and used up at once (the cut, a
    hand's shuffle): re-seeding one generator costs a third of making a new one, and a thread
    of its own keeps two games in two threads from drawing from each other's seed."""
    try:
        return _scratch.rng
    except AttributeError:
        rng = _scratch.rng = random.Random(0)
        return rng


def shuffled_range(n: int, getrandbits: Callable[[int], int]) -> list[int]:
    """`list(range(n))` shuffled exactly as `random.shuffle` shuffles it with the generator
    whose `getrandbits` this is (Fisher-Yates, each index drawn by rejection from the fewest
    bits), with no Python call but the generator's: the deal is a third of the cost of a
    simulated hand otherwise. The shuffle of each deck size is written out once, a draw and a
    swap per card as straight-line code, its bounds in the text (numbers made here): a loop
    over a table of (index, bound, bits) measured 15% more bytecodes and a data-cache miss a
    turn more. (Fetching the words in one call and cutting them here was measured slower:
    32-bit words are two-digit ints, the draws are cached small ones.)"""
    shuffle = _SHUFFLES.get(n)
    if shuffle is None:
        shuffle = _SHUFFLES[n] = _written_shuffle(n)
    return shuffle(getrandbits)


def _written_shuffle(n: int) -> Callable[[Callable[[int], int]], list[int]]:
    lines = ["def shuffle(getrandbits):", f"    out = list(range({n}))"]
    for i in range(n - 1, 0, -1):
        bits = (i + 1).bit_length()
        lines += [f"    j = getrandbits({bits})", f"    while j > {i}:",
                  f"        j = getrandbits({bits})", f"    out[{i}], out[j] = out[j], out[{i}]"]
    env: dict[str, Any] = {}
    exec("\n".join([*lines, "    return out"]), env)  # numbers only
    shuffle: Callable[[Callable[[int], int]], list[int]] = env["shuffle"]
    return shuffle


def copy_random(r: random.Random) -> random.Random:
    """An independent generator in the same state as `r`."""
    copy = random.Random(0)
    copy.setstate(r.getstate())
    return copy
