"""Observations as values: a snapshot of one player's view, its tensor, his information state.

`state.observation(p)` is live (it reads the state as it is now, for bots that want speed);
`state.observation(p).frozen()` is a `Frozen`: a frozen, hashable value, equal to every other
snapshot of the same view (two states the player cannot tell apart give equal values), with a
stable string (`str()`, JSON with sorted keys, cards as codes) for OpenSpiel's observation and
information state strings. It holds the current hand's public history as the player saw it and
every finished hand before it (`past`: his dealt hand, the moves as he saw them, the standings
after it), so it is an information state with perfect recall when the state keeps `history`.

`tensor_layout(rules, players)` names the parts of `Frozen.tensor()`, a fixed-size list of
floats per ruleset and player count (see docs/api.md). Seats in the tensor are relative to the
observer (0 is himself, 1 the next seat...), so a network sees every seat from his place.

`SeenState` stands in for a state built from a `Frozen` alone, with what the bots read of a
state (his hand, the cards that show, the round), so `act_from_observation` lets the greedy
family play from an observation inside any framework.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import history
from .observation import PublicMove, _cards

if TYPE_CHECKING:
    from .observation import Observation
    from .rules import Action, Ruleset
    from .state import GameState


@dataclass(frozen=True)
class ZoneView:
    """A zone as one player sees it: its size, whether it is face up, the cards that show
    (top card last)."""
    name: str
    size: int
    face_up: bool
    cards: tuple[int, ...]
    seen: tuple[int, ...]  # cards everyone saw go into it this hand (there or not)


@dataclass(frozen=True)
class PastHand:
    """A finished hand as one player saw it."""
    number: int
    dealt: tuple[int, ...]            # his hand as dealt
    moves: tuple[PublicMove, ...]     # the hand's moves as he saw them
    standings: tuple[float, ...]      # lives, chips or points of every seat after it


@dataclass(frozen=True)
class Frozen:
    """One player's view of a state, as a value (see the module's docstring)."""
    player: int
    players: int
    hand_number: int
    round: int
    turns_in_hand: int
    current_player: int
    step: str
    dealer: int
    knocker: int | None
    hand: tuple[int, ...]                      # his cards, in his hand's order
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]         # per seat: his cards this player knows
    zones: tuple[ZoneView, ...]
    owned: tuple[tuple[str, tuple[tuple[int, tuple[int, ...]], ...]], ...]  # zone, (size, cards)
    aside: int
    alive: tuple[int, ...]
    lives: tuple[float, ...]
    on_last_chance: tuple[bool, ...]
    pot: int
    hand_over: bool
    is_over: bool
    history: tuple[PublicMove, ...]
    last_played: tuple[int, int] | None        # a capture game: (seat, card) laid last
    past: tuple[PastHand, ...]
    codes: tuple[str, ...]                     # the deck's card codes (for the string)
    #: a capture game: the wild cards a declaration counted as other ranks, which they play
    #: as for the rest of the hand, (card, rank index); public, as the declaration was
    counted: tuple[tuple[int, int], ...] = ()
    ranks: tuple[str, ...] = ()                # the deck's rank codes (for the string)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, cards as codes."""
        c = self.codes

        def cards(ids: Sequence[int]) -> list[str]:
            return [c[i] for i in ids]

        def moves(ms: Sequence[PublicMove]) -> list[dict[str, Any]]:
            return [{"player": m.player, "step": m.step, "option": m.option, "kind": m.kind,
                     "took": cards(m.took), "gave": cards(m.gave)} for m in ms]
        return {
            "player": self.player, "hand_number": self.hand_number, "round": self.round,
            "turns_in_hand": self.turns_in_hand, "current_player": self.current_player,
            "step": self.step, "dealer": self.dealer, "knocker": self.knocker,
            "hand": cards(self.hand), "hand_sizes": list(self.hand_sizes),
            "known": [cards(k) for k in self.known],
            "zones": {z.name: {"size": z.size, "face_up": z.face_up, "cards": cards(z.cards),
                               "seen": cards(z.seen)} for z in self.zones},
            "owned": {name: [{"size": n, "cards": cards(cs)} for n, cs in piles]
                      for name, piles in self.owned},
            "aside": self.aside, "alive": list(self.alive), "lives": list(self.lives),
            "on_last_chance": list(self.on_last_chance), "pot": self.pot,
            "hand_over": self.hand_over, "is_over": self.is_over,
            "history": moves(self.history),
            "last_played": None if self.last_played is None else
            [self.last_played[0], c[self.last_played[1]]],
            "past": [{"hand": h.number, "dealt": cards(h.dealt), "moves": moves(h.moves),
                      "standings": list(h.standings)} for h in self.past],
            **({"counted": {c[card]: self.ranks[rank] for card, rank in self.counted}}
               if self.counted else {}),
        }

    def __str__(self) -> str:
        return json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))

    def without_past(self) -> Frozen:
        """The view of the current hand alone (an observation, not an information state)."""
        from dataclasses import replace
        return replace(self, past=())

    def tensor(self, rules: Ruleset) -> list[float]:
        """The fixed-size encoding of `tensor_layout(rules, players)`."""
        return _encode(self, rules)


def freeze(obs: Observation) -> Frozen:
    """A snapshot of a live observation (see `Observation.frozen`)."""
    st: GameState = obs._st
    me, n = obs.player, st.players
    zone_seen = history.knowledge_of(st, me).zone_seen
    zones = tuple(ZoneView(z, len(st.zones[z]), st.face_up[z], obs.zone_cards(z),
                           _cards(zone_seen.get(z, 0))) for z in st.zones)
    owned = tuple((z, tuple(zip(obs.owned_sizes(z), obs.owned_cards(z))))
                  for z in obs.owned_zones)
    cap = st.capture
    return Frozen(
        me, n, st.hand_number, st.round, st.turns_in_hand, st.current_player, st.step,
        st.dealer, st.knocker, obs.hand, obs.hand_sizes,
        tuple(() if q == me else obs.known(q) for q in range(n)), zones, owned,
        len(st.aside), tuple(st.alive), tuple(st.lives), tuple(st.on_last_chance), st.pot,
        st.hand_over, st.is_over, obs.history,
        None if cap is None or cap.last_played is None else tuple(cap.last_played),
        _past(st, me), tuple(c.code for c in st.rules.deck.cards),
        tuple(cap.counted) if cap is not None else (),
        tuple(r.code for r in st.rules.deck.ranks))


def finished_hand(st: GameState) -> tuple:
    """The hand just ended, for information states (`PastHand`): its number, its public
    history, each hand as dealt (before its player's first move), the standings after it."""
    dealt = list(st.masks)
    for p, _, before, _ in reversed(st._trail):
        dealt[p] = before
    return (st.hand_number, st._knowledge(), tuple(dealt), tuple(st.lives))


def _past(st: GameState, me: int) -> tuple[PastHand, ...]:
    out = []
    for number, knowledge, dealt, standings in st._past:
        mine = knowledge.as_seen_by(me)
        moves = tuple(
            PublicMove(m.player, m.action.step, m.action.option, m.action.kind,
                       _cards(m.took), _cards(m.gave)) for m in mine.moves)
        out.append(PastHand(number, _cards(dealt[me]), moves, standings))
    return tuple(out)


# ---- the tensor ---------------------------------------------------------------------------
def tensor_layout(rules: Ruleset, players: int) -> list[tuple[str, int]]:
    """The parts of the tensor in order, (name, size): `hand` (one per deck card),
    `known:+k` (the cards of the seat k places on he knows), per zone its cards that show,
    the cards seen going into it and its size, per owned zone and owner its cards that show
    and size, then per seat (relative) the hand size, alive, standing, last chance, to move,
    dealer, knocker; the step (one-hot), round, turns in the hand, hand number, pot, aside;
    in a game whose players or sides own zones (a capture game) then `last_played` (the card
    laid on the table last, by anyone: a take rule may ask for it) and `counted` (per card, 0,
    or 1 + the index of the rank a declaration counted that wild card as, which it plays as
    for the rest of the hand)."""
    rules = rules.for_players(players)
    n, P = len(rules.deck.cards), players
    sides = len(rules.sides.get(players) or [(p,) for p in range(players)])
    parts: list[tuple[str, int]] = [("hand", n)]
    parts += [(f"known:+{k}", n) for k in range(1, P)]
    for z, zone in rules.zones.items():
        if zone.owner is None:
            parts += [(f"zone:{z}:cards", n), (f"zone:{z}:seen", n), (f"zone:{z}:size", 1)]
    for z in rules.owned_zones:
        owners = P if rules.zones[z].owner == "player" else sides
        for k in range(owners):
            parts += [(f"owned:{z}:{k}:cards", n), (f"owned:{z}:{k}:size", 1)]
    for what in ("hand_size", "alive", "standing", "last_chance", "to_move", "dealer",
                 "knocker"):
        parts.append((what, P))
    parts += [("step", len(rules.steps)), ("round", 1), ("turns_in_hand", 1),
              ("hand_number", 1), ("pot", 1), ("aside", 1)]
    if rules.owned_zones:
        parts += [("last_played", n), ("counted", n)]
    return parts


def tensor_size(rules: Ruleset, players: int) -> int:
    return sum(size for _, size in tensor_layout(rules, players))


def _encode(f: Frozen, rules: Ruleset) -> list[float]:
    rules = rules.for_players(f.players)
    n, P, me = len(f.codes), f.players, f.player
    out: list[float] = []

    def cards(ids: Sequence[int]) -> None:
        row = [0.0] * n
        for c in ids:
            row[c] = 1.0
        out.extend(row)

    def seats(value: Callable[[int], float]) -> None:
        out.extend(value((me + k) % P) for k in range(P))
    cards(f.hand)
    for k in range(1, P):
        cards(f.known[(me + k) % P])
    by_name = {z.name: z for z in f.zones}
    for z, zone in rules.zones.items():
        if zone.owner is None:
            view = by_name.get(z)
            cards(view.cards if view else ())
            cards(view.seen if view else ())
            out.append(float(view.size if view else 0))
    owned = dict(f.owned)
    sides = len(rules.sides.get(P) or [(p,) for p in range(P)])
    for z in rules.owned_zones:
        piles = owned.get(z, ())
        count = P if rules.zones[z].owner == "player" else sides
        order = [(me + k) % P for k in range(P)] if count == P else list(range(count))
        for k in order:
            size, shown = piles[k] if k < len(piles) else (0, ())
            cards(shown)
            out.append(float(size))
    alive = set(f.alive)
    seats(lambda q: float(f.hand_sizes[q]))
    seats(lambda q: 1.0 if q in alive else 0.0)
    seats(lambda q: float(f.lives[q]))
    seats(lambda q: 1.0 if f.on_last_chance[q] else 0.0)
    seats(lambda q: 1.0 if q == f.current_player else 0.0)
    seats(lambda q: 1.0 if q == f.dealer else 0.0)
    seats(lambda q: 1.0 if q == f.knocker else 0.0)
    out.extend(1.0 if s == f.step else 0.0 for s in rules.steps)
    out += [float(f.round), float(f.turns_in_hand), float(f.hand_number), float(f.pot),
            float(f.aside)]
    if rules.owned_zones:
        cards(() if f.last_played is None else (f.last_played[1],))
        as_rank = [0.0] * n
        for card, rank in f.counted:
            as_rank[card] = 1.0 + rank
        out.extend(as_rank)
    return out


# ---- bots from an observation -------------------------------------------------------------
class _Capture:
    """What the capture bots read of the capture state: the card laid last and the wild
    cards playing as counted (`capture.play_deck`)."""
    __slots__ = ("counted", "last_played")

    def __init__(self, last_played: tuple[int, int] | None,
                 counted: tuple[tuple[int, int], ...]):
        self.last_played = last_played
        self.counted = counted


class SeenState:
    """What the bots read of a state, filled from one player's `Frozen` view alone: his hand
    (others' hands are as many unknown cards, -1), the zones with unknown cards below the
    ones that show, the public facts. A bot given this cannot read what the player does not
    see."""

    def __init__(self, rules: Ruleset, seen: Frozen):
        self.rules = rules = rules.for_players(seen.players)
        self.players = seen.players
        self.current_player = seen.current_player
        self.round = seen.round
        self.turns_in_hand = seen.turns_in_hand
        self.dealer, self.knocker = seen.dealer, seen.knocker
        self.alive = list(seen.alive)
        self.lives = list(seen.lives)
        me = seen.player
        # his own cards he does not see (a blind choice) are unknown too
        self._unseen = me if len(seen.hand) < seen.hand_sizes[me] else None
        self.hands = [[-1] * (seen.hand_sizes[q] - len(seen.hand)) + list(seen.hand)
                      if q == me else [-1] * seen.hand_sizes[q] for q in range(seen.players)]
        mask = 0
        for c in seen.hand:
            mask |= 1 << c
        self.masks = [mask if q == me else 0 for q in range(seen.players)]
        self.zones = {z.name: [-1] * (z.size - len(z.cards)) + list(z.cards)
                      for z in seen.zones}
        self.face_up = {z.name: z.face_up for z in seen.zones}
        self.own = {name: [[-1] * (size - len(cards)) + list(cards) for size, cards in piles]
                    for name, piles in seen.owned}
        self.capture = _Capture(seen.last_played, seen.counted)
        self.step = seen.step

    def unseen_hand(self) -> int | None:
        """As `GameState.unseen_hand`: the player, when he does not see his own hand."""
        return self._unseen

    def hand_value(self, player: int) -> Any:
        return self.rules.valuation.of(self.hands[player]).value

    def hand_strength(self, player: int) -> Any:
        return self.rules.valuation.of(self.hands[player]).strength


def act_from_observation(bot: Callable[[Any, list], Action], rules: Ruleset, seen: Frozen,
                         actions: list[Action]) -> Action:
    """The move `bot` makes among `actions` knowing only `seen` (a `Frozen` view of the
    player to move): the greedy and random bots play so inside any framework. (`mc` needs
    the real state, which it resamples.)"""
    return bot(SeenState(rules, seen), actions)
