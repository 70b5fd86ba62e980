"""The compiled ruleset: immutable objects, lookup tables and closures.

Nothing here refers back to the YAML: the compiler (compiler.py) reads the document once and
builds these; the game state (state.py) only ever reads these.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional

from .cards import Deck
from .patterns import Valuation

Guard = Callable[["object", int], bool]  # (state, player) -> allowed


@dataclass(frozen=True, eq=False)
class Action:
    """One legal move: the option it comes from and the cards it names.

    Actions are built once per (option, cards) and reused, so identity comparison is cheap and
    `legal_actions()` allocates almost nothing during play."""
    kind: str                    # the primitive: draw, discard, swap, swap_all, pass, knock
    step: str
    option: int                  # index of the option within its step
    cards: tuple[int, ...] = ()  # discard: (card,); swap: (hand card, zone card)
    labels: Mapping[str, str] = field(default_factory=dict)
    zone: Optional[str] = None   # the zone the move takes from or gives to, if any
    option_ref: Any = field(default=None, repr=False, compare=False)  # its Option (hot path)
    bits: int = field(default=0, repr=False, compare=False)  # its cards as a bit mask

    def key(self) -> tuple:
        """Stable identity for records and comparisons across processes."""
        return (self.step, self.option, self.cards)


@dataclass(frozen=True, eq=False)
class Option:
    step: str
    index: int
    kind: str
    params: Mapping[str, object]      # the primitive's parameters (zone names, flags)
    guards: tuple[Guard, ...]
    then: Optional[str]
    effects: tuple[Callable, ...]     # (state, player) -> None
    labels: Mapping[str, str]
    knocks: bool                      # the option knocks/stands (itself or by an effect)
    is_pass: bool
    expand: Callable                  # the primitive's (state, option, player) -> [Action]
    run: Callable                     # the primitive's (state, option, action, player)
    actions: Mapping[tuple, Action]   # every Action this option can produce, built once
    zone: Optional[str] = None        # the zone the primitive takes from or gives to
    shape: Optional[str] = None       # the primitive's Primitive.shape (see primitives.py)
    then_step: Optional["Step"] = field(default=None, repr=False)  # `then`, resolved
    lister: Optional[Callable] = field(default=None, repr=False)  # (state, player) -> [Action]


@dataclass(frozen=True)
class Step:
    name: str
    options: tuple[Option, ...]
    legal: Callable = None  # (state, player) -> [Action]: the options' guards and expansions,
    #                         fused into one closure by the compiler


@dataclass(frozen=True)
class Trigger:
    on: str                          # dealt, action, turn_end, all_passed, stock_empty
    condition: Optional[Callable]    # (state, player) -> list of holders, or None if it fails
    outcome: str                     # win, showdown, void, reshuffle, refresh
    zone: Optional[str] = None       # refresh: the zone to deal again
    winner: Optional[str] = None     # win: "holders" (default) or "dealer"
    best_only: bool = False


@dataclass(frozen=True)
class DealStep:
    targets: tuple[str, ...]         # "players" or zone names
    count: int
    rounds: int


@dataclass(frozen=True)
class Zone:
    name: str
    visibility: str                  # hidden, top, public


@dataclass(frozen=True)
class Stakes:
    mode: str                        # lives, pot or points
    lives: int
    into_pot: bool
    last_chance: bool
    reentry_who: Optional[str]       # all, tied, or None
    reentry_lives: int
    ante: int
    bankroll: int


@dataclass(frozen=True)
class SettleRule:
    pay: str                         # others, lowest, all_but_highest, highest_takes
    lives: int
    knocker_lives: int
    spare_knocker: bool
    ties: str                        # all, knocker_spared, knocker_only, split


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    description: str
    source: str                      # where it was loaded from
    digest: str                      # hash of the merged document: identifies the rules
    min_players: int
    max_players: int
    default_players: int
    deck: Deck
    hand_size: int
    valuation: Valuation
    play_step: int                   # +1 clockwise, -1 counterclockwise (seats number clockwise)
    deal_step: int
    dealer_step: int                 # 0: the dealer stays
    first_dealer: str
    zones: Mapping[str, Zone]
    deal: tuple[DealStep, ...]
    rest_zone: Optional[str]
    start_step: str
    opening: Optional[tuple[str, str]]  # (dealer|first, step): an extra turn before the first
    steps: Mapping[str, Step]
    knock_last_turns: str
    triggers: Mapping[str, tuple[Trigger, ...]]   # by `on`
    stakes: Stakes
    settle_win: SettleRule
    settle_showdown: SettleRule
    end_last_standing: bool
    end_hands: Optional[int]
    end_target: Optional[int]        # points mode: penalty points that end the game
    labels: Mapping[str, Mapping[str, str]]
    data: Mapping = field(repr=False, default_factory=dict)  # the merged document, for explain
    source_path: str = ""            # the file to load it again from (worker processes)

    def label(self, thing: Mapping[str, str], lang: str, default: str = "") -> str:
        return thing.get(lang) or thing.get("en") or default
