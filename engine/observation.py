"""What one player can see of a game: the one source of information for bots.

`GameState.observation(player)` returns an `Observation`, a live view of the state that
answers only what that player may know: his own hand, the cards face up on the table (and in
the zones players or sides own, as their visibility says), how many
cards every hand and zone holds, lives, the pot, who deals, who knocked, and the public
history of the current hand (who took or gave which card, where everyone could see it). It
reads the state as it is now; `as_dict()` takes a snapshot (JSON-ready, cards as codes).

The public history is kept while a state has `history` on (the default with `record`); the
knowledge drawn from it (which cards of another player's hand everybody saw him take) is
what `GameState.resample` keeps in place when it deals the unseen cards again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .frozen_view import Frozen
    from .rules import Action
    from .state import GameState


class RawMove(NamedTuple):
    """One move of the hand as the table saw it: the cards that went into and out of the
    player's hand (bit masks) and whether everyone saw them."""
    player: int
    action: Action
    took: int
    gave: int
    seen: bool


class Knowledge(NamedTuple):
    """What follows from the public history of a hand."""
    known: tuple[int, ...]     # per player: the cards of his hand everyone saw him take
    zone_seen: dict[str, int]  # per zone: cards everyone saw go into it (still there or not)
    moves: tuple[RawMove, ...]
    blind: tuple[int, ...]     # per player: how many cards went into his hand unseen (the
    #                            deal, blind draws) this hand

    def as_seen_by(self, player: int) -> Knowledge:
        """The same knowledge with the cards `player` did not see left out of the moves."""
        moves = tuple(m if m.seen or m.player == player else m._replace(took=0, gave=0)
                      for m in self.moves)
        return self._replace(moves=moves)


class PublicMove(NamedTuple):
    """A move of the current hand as one player saw it: cards he could not see are left out."""
    player: int
    step: str
    option: int
    kind: str
    took: tuple[int, ...]   # cards that went into the mover's hand
    gave: tuple[int, ...]   # cards that left it


def _cards(mask: int) -> tuple[int, ...]:
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(c)
        mask >>= 1
        c += 1
    return tuple(out)


class Observation:
    """One player's view of a game state (live: it reads the state as it is now)."""

    __slots__ = ("_st", "player")

    def __init__(self, state: GameState, player: int):
        self._st = state
        self.player = player

    # ---- his own hand ----------------------------------------------------------------------
    @property
    def sees_hand(self) -> bool:
        """Whether he sees his own hand: not while he chooses blind (`turn.opening.blind`),
        when his hand, its mask, value and strength tell nothing (its size still shows)."""
        return self._st.unseen_hand() != self.player

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._st.hands[self.player]) if self.sees_hand else ()

    @property
    def hand_mask(self) -> int:
        """His hand as a bit mask (bit c set: card c held): the key of the ruleset's tables."""
        return self._st.masks[self.player] if self.sees_hand else 0

    def hand_value(self) -> float:
        if not self.sees_hand:
            return self._st.rules.valuation.of(()).value
        return self._st.hand_value(self.player)

    def hand_strength(self) -> int:
        if not self.sees_hand:
            return int(self._st.rules.valuation.of(()).strength)
        return self._st.hand_strength(self.player)

    # ---- the table -------------------------------------------------------------------------
    def top(self, zone: str) -> int | None:
        """The zone's top card if he can see it (a discard pile, a face-up zone), else None."""
        st = self._st
        cards = st.zones[zone]
        if cards and (st.face_up[zone] or st.facts.top_visible[zone]):
            return cards[-1]
        return None

    def face_up(self, zone: str) -> bool:
        """Every card of the zone is face up."""
        return self._st.face_up[zone]

    def zone_cards(self, zone: str) -> tuple[int, ...]:
        """The zone's cards he can see: all when face up, the top when only that shows."""
        st = self._st
        cards = st.zones[zone]
        if st.face_up[zone]:
            return tuple(cards)
        if cards and st.facts.top_visible[zone]:
            return (cards[-1],)
        return ()

    def zone_size(self, zone: str) -> int:
        return len(self._st.zones[zone])

    @property
    def zones(self) -> tuple[str, ...]:
        return tuple(self._st.zones)

    # ---- zones a player or side owns (capture games: piles, taken cards) --------------------
    @property
    def owned_zones(self) -> tuple[str, ...]:
        return tuple(self._st.own)

    def owned_cards(self, zone: str) -> tuple[tuple[int, ...], ...]:
        """Per owner (seat or side) of the zone, its cards he can see: all of a public zone,
        the top of a `top` one, none of a hidden one (its size shows, see `owned_sizes`)."""
        visibility = self._st.rules.zones[zone].visibility
        piles = self._st.own[zone]
        if visibility == "public":
            return tuple(tuple(p) for p in piles)
        if visibility == "top":
            return tuple((p[-1],) if p else () for p in piles)
        return tuple(() for _ in piles)

    def owned_sizes(self, zone: str) -> tuple[int, ...]:
        return tuple(len(p) for p in self._st.own[zone])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._st.hands)

    @property
    def aside_size(self) -> int:
        return len(self._st.aside)

    def known(self, player: int) -> tuple[int, ...]:
        """The cards of `player`'s hand this player knows: his own whole hand, for another
        player the cards everyone saw him take this hand and not give back."""
        if player == self.player:
            return tuple(sorted(self.hand))
        return _cards(self._st._knowledge().known[player])

    # ---- public facts ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self._st.players

    @property
    def current_player(self) -> int:
        return self._st.current_player

    @property
    def step(self) -> str:
        return self._st.step

    @property
    def round(self) -> int:
        return self._st.round

    @property
    def turns_in_hand(self) -> int:
        return self._st.turns_in_hand

    @property
    def hand_number(self) -> int:
        return self._st.hand_number

    @property
    def dealer(self) -> int:
        return self._st.dealer

    @property
    def knocker(self) -> int | None:
        return self._st.knocker

    @property
    def alive(self) -> tuple[int, ...]:
        return tuple(self._st.alive)

    @property
    def lives(self) -> tuple[int, ...]:
        """Lives, bankroll or penalty points per player, as the ruleset's stakes count."""
        return tuple(self._st.lives)

    @property
    def on_last_chance(self) -> tuple[bool, ...]:
        return tuple(self._st.on_last_chance)

    @property
    def pot(self) -> int:
        return self._st.pot

    @property
    def hand_over(self) -> bool:
        return self._st.hand_over

    @property
    def is_over(self) -> bool:
        return self._st.is_over

    @property
    def history(self) -> tuple[PublicMove, ...]:
        """The moves of the current hand, as he saw them (empty if the state keeps no
        history)."""
        me = self.player
        return tuple(
            PublicMove(m.player, m.action.step, m.action.option, m.action.kind,
                       _cards(m.took) if m.seen or m.player == me else (),
                       _cards(m.gave) if m.seen or m.player == me else ())
            for m in self._st._knowledge().moves)

    def frozen(self) -> Frozen:
        """A snapshot as a frozen, hashable value with a stable string, which carries every
        finished hand too (see frozen_view): for replay buffers and frameworks."""
        from .frozen_view import freeze
        return freeze(self)

    def as_dict(self) -> dict[str, Any]:
        """A snapshot of everything this player can see, cards as codes (JSON-ready)."""
        st = self._st
        codes = st.rules.deck.codes
        return {
            "player": self.player, "hand_number": st.hand_number, "round": st.round,
            "turns_in_hand": st.turns_in_hand, "current_player": st.current_player,
            "step": st.step, "dealer": st.dealer, "knocker": st.knocker,
            "hand": codes(self.hand), "hand_sizes": list(self.hand_sizes),
            "known": {q: codes(self.known(q)) for q in range(st.players) if q != self.player},
            "zones": {z: {"size": len(st.zones[z]), "face_up": st.face_up[z],
                          "cards": codes(self.zone_cards(z))} for z in st.zones},
            "owned": {z: [{"size": n, "cards": codes(c)}
                          for n, c in zip(self.owned_sizes(z), self.owned_cards(z))]
                      for z in self.owned_zones},
            "aside": len(st.aside),
            "alive": list(st.alive), "lives": list(st.lives),
            "on_last_chance": list(st.on_last_chance), "pot": st.pot,
            "hand_over": st.hand_over, "is_over": st.is_over,
            "history": [{"player": m.player, "step": m.step, "option": m.option,
                         "kind": m.kind, "took": codes(m.took), "gave": codes(m.gave)}
                        for m in self.history],
        }
