"""The game state: one whole game of any ruleset, driven through a small OpenSpiel-like API.

    state = GameState(rules, players=4, seed=7)
    while not state.is_over:
        state.apply(bot(state, state.legal_actions()))
    state.returns()

`GameState` holds the game's data and answers the API; what happens to the data lives in the
modules named after what they do (docs/architecture.md draws the whole route):

* dealing.py: who deals, each hand's deck (chance comes from streams fixed by the seed, so a
  seed reproduces a game and a replayed record deals what straight play dealt), the deal;
* turns.py: a move played, the turn's next step or the next player, the moves listed (once,
  in `turns.offer`);
* triggers.py: the triggers fired at the events of a hand;
* hands.py: a hand from its deal to its end, and the next one until the game is over;
  settlement.py and stakes.py: who pays, and the lives, points or pot that move;
* owned.py: the capture family's sides and the zones players and sides own;
* history.py, search.py, observation.py: the public history of a hand, `clone` and
  `resample` for search, and what one player can see.

Hands follow one another inside `apply`, so after every call the state waits for a decision or
the game is over (unless `stop_at_hand_end` holds the game at the end of a hand). `decks=`
stacks the deck of successive hands for tests and replays.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple

from . import dealing, hands, history, search, stakes, triggers, turns
from .chance import given_orders
from .errors import UserError
from .hands import MAX_HANDS_PER_GAME
from .observation import Knowledge, Observation
from .owned import copy_capture, copy_own, seat_sides
from .rules import Action, Ruleset, play_facts
from .search import (
    COPY,
    COPY_EACH,
    COPY_VALUES,
    LOG,
    NOTES_MOVES,
    OPTION,
    SHARE,
    UNSET,
    Field,
)
from .turns import MAX_TURNS_PER_HAND

__all__ = ["MAX_HANDS_PER_GAME", "MAX_TURNS_PER_HAND", "Event", "EventKind", "GameState",
           "IllegalAction"]

#: What happened, as the game records it (`GameState.events`, records, the table's lines).
EventKind = Literal[
    "action", "added", "capture_event", "cut", "deal", "dealt_event", "game_over", "hand_end",
    "hand_score", "knock", "last_chance", "lay", "leftover", "life_lost", "out", "out_of_hand",
    "points", "pot", "redeal",
    "redeal_failed", "reentry", "refresh", "refresh_failed", "reshuffle", "reveal", "settled",
    "show_bottom", "stuck", "take", "trigger", "turn_limit"]


class Event(NamedTuple):
    kind: EventKind
    player: int | None
    data: dict


class IllegalAction(UserError):
    pass


def _share_stream(old: GameState, new: GameState) -> bool:
    """A clone shares the hand's random stream until either side draws from it (see
    `dealing.hand_random`): copying a generator costs more than the rest of a clone, and a
    playout rarely draws."""
    shared = old._play_rng_shared = old._play_rng is not None
    return shared


#: Every field of the game state, by the part of the game that keeps it, and how a clone copies
#: it. `GameState.__slots__` and `clone()` are both made from this list.
FIELDS: tuple[Field, ...] = (
    # the game
    Field("rules", SHARE, "the compiled ruleset (for this table's size)"),
    Field("facts", SHARE, "what play derives from the rules, once per ruleset (PlayFacts)"),
    Field("players", SHARE, "seats at the table"),
    Field("seed", SHARE, "the seed every stream of chance comes from"),
    Field("record", OPTION, "keep events, moves and decks (off: the fast path)"),
    Field("history", OPTION, "keep the public history of the hand (observations, resample)"),
    Field("stop_at_hand_end", OPTION, "hold the game at the end of each hand"),
    Field("_logging", NOTES_MOVES, "record or history: a move is noted"),
    Field("events", LOG, "what happened (when recorded)"),
    Field("moves", LOG, "(hand number, move) of every move (when recorded)"),
    Field("deck_orders", LOG, "each hand's deck, top card first (when recorded)"),
    Field("is_over", SHARE, "the game is over"),
    Field("winners", COPY, "who won the game, once it is over"),
    Field("hand_ends", COPY, "'outcome:reason' -> how many hands ended so"),
    Field("turns_taken", SHARE, "player turns played in the game"),
    Field("lives_lost", SHARE, "stakes paid in the game, in its currency"),
    Field("_views", UNSET, "each player's Observation, made when asked"),
    # the stakes (stakes.py)
    Field("lives", COPY, "per seat: lives, bankroll, penalty points or points won"),
    Field("paid", COPY, "per seat: what he put into the pot"),
    Field("won", COPY, "per seat: what he took from the pot"),
    Field("on_last_chance", COPY, "per seat: plays on with no life left"),
    Field("alive", COPY, "the seats still in the game"),
    Field("pot", SHARE, "what lies in the pot"),
    # the hands (hands.py)
    Field("hand_number", SHARE, "the hand being played, from 1"),
    Field("dealer", SHARE, "the seat dealing this hand"),
    Field("first_dealer", SHARE, "the seat that dealt the first hand"),
    Field("_keep_dealer", SHARE, "a hand voided by `deal_again`: the same dealer deals"),
    # the cards (dealing.py)
    Field("hands", COPY_EACH, "per seat: his cards"),
    Field("masks", COPY, "per seat: his cards as a bit mask, the key of every hand table"),
    Field("zones", COPY_VALUES, "zone -> its cards, the top card last"),
    Field("face_up", COPY, "zone -> all its cards show"),
    Field("aside", COPY, "cards out of play this hand (undealt, or replaced)"),
    Field("_hidden_aside", SHARE, "how many of the first cards aside were never seen"),
    Field("_decks", COPY, "stacked decks still to deal (never changed themselves)"),
    Field("_play_rng", SHARE, "the hand's own random stream, made when first drawn from"),
    Field("_play_rng_shared", _share_stream, "that stream is shared with a clone"),
    # the capture family (owned.py)
    Field("side_members", SHARE, "per side: its seats"),
    Field("side_of", COPY, "per seat: his side"),
    Field("own", lambda old, new: copy_own(old.own), "zone -> per owner: the zone's cards"),
    Field("capture", lambda old, new: copy_capture(old.capture),
          "the hand's capture record (capture.CaptureState)"),
    # the turn (turns.py); `_legal` and `_order` are replaced, never changed in place
    Field("current_player", SHARE, "the seat to move (-1: nobody)"),
    Field("_order", SHARE, "the seats in turn this hand"),
    Field("_turn_index", SHARE, "the current player's place in `_order`"),
    Field("_step", SHARE, "the step of the turn being played"),
    Field("_legal", SHARE, "the legal moves now"),
    Field("_opening", SHARE, "the opening turn is being played"),
    Field("_pass_streak", SHARE, "passes in a row (for `all_passed`)"),
    Field("hand_over", SHARE, "the hand has ended (held there by `stop_at_hand_end`, or the "
          "game is over): a plain field, read after every move of a playout"),
    Field("round", SHARE, "the round of the hand, from 1"),
    Field("knocker", SHARE, "who knocked, if anybody"),
    Field("declared", SHARE, "the seats that declared a hand this hand (a tuple, replaced)"),
    Field("out_of_hand", SHARE, "the seats out of this hand, skipped by the turn order (a "
          "tuple, replaced)"),
    Field("_stop_before", SHARE, "after a knock: the seat before whose turn the hand ends"),
    Field("just_drawn", SHARE, "the card the current player just drew"),
    Field("turns_in_hand", SHARE, "player turns played in this hand"),
    # the public history of the hand (history.py)
    Field("_trail", COPY, "this hand's moves as (player, action, mask before, face up)"),
    Field("_seen_base", SHARE, "what was known when the trail began"),
    Field("_seen_cache", SHARE, "the knowledge last worked out from the trail"),
    Field("_past", COPY, "finished hands, with `history`: (number, Knowledge, dealt masks, "
          "standings after), for information states (frozen_view); entries never change"),
    # chance given from outside (chance.py)
    Field("_shuffles", COPY, "orders supplied for the next reshuffles (never changed)"),
)

_copy_fields = search.copier(FIELDS)


class GameState:
    """One game: its data (`FIELDS`) and the OpenSpiel-shaped API over it."""

    __slots__ = tuple(f.name for f in FIELDS)

    def __init__(self, rules: Ruleset, players: int | None = None, seed: int | None = 0,
                 *, decks: Iterable[Sequence] = (), dealer: int | None = None,
                 shuffles: Iterable[Sequence[int]] = (), record: bool = True,
                 history: bool | None = None, stop_at_hand_end: bool = False):
        """`decks` stacks the first hands' deck orders and `shuffles` the orders of the
        first reshuffles, those of the first deal included (see chance.py), so a framework
        can give all of the chance. `record=False` is the fast path for simulations: no
        events, no moves, no decks kept. `history` keeps the public history of the current
        hand, which observations (what each player has seen taken and discarded) and
        `resample` read; by default it follows `record`. `stop_at_hand_end` holds the game
        when a hand ends (`hand_over`), so that a playout does not pay for the next deal;
        `next_hand()` goes on."""
        n = rules.default_players if players is None else players
        if not rules.min_players <= n <= rules.max_players:
            raise UserError(f"{rules.name} is played by {rules.min_players} to "
                            f"{rules.max_players} players, not {n}")
        if dealer is not None and not 0 <= dealer < n:
            raise UserError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.rules = rules = rules.for_players(n)  # its deck may depend on the players
        self.facts = play_facts(rules)
        self.players = n
        # A game always has a seed, so any game can be saved and replayed.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2 ** 32)
        self.record = record
        self.history = record if history is None else history
        self.stop_at_hand_end = stop_at_hand_end
        self._logging = self.record or self.history
        self.events: list[Event] = []
        self.moves: list[tuple[int, dict]] = []
        self.deck_orders: list[list[str]] = []
        self.is_over = False
        self.winners: list[int] = []
        self.hand_ends: dict[str, int] = {}
        self.turns_taken = 0
        self.lives_lost = 0
        self._views: list[Observation | None] | None = None
        self._start_stakes()
        self._start_table(decks)
        self.side_members, self.side_of = seat_sides(rules, n)
        self.own: dict[str, list[list[int]]] = {}
        self.capture: Any = None
        self._start_turns()
        self._trail: list[tuple] = []
        self._seen_base: Knowledge | None = None
        self._seen_cache: tuple | None = None
        self._past: list[tuple] = []
        self._shuffles: list[list[int]] = given_orders(shuffles)
        self.hand_number = 0
        self._keep_dealer = False
        self.dealer = dealer if dealer is not None else dealing.first_dealer(self)
        self.first_dealer = self.dealer
        hands.start_hand(self)
        if self.hand_over:
            hands.after_hand(self)

    def _start_stakes(self) -> None:
        n = self.players
        self.lives = stakes.starting_stakes(self)
        self.paid = [0] * n
        self.won = [0] * n
        self.on_last_chance = [False] * n
        self.alive = list(range(n))
        self.pot = 0

    def _start_table(self, decks: Iterable[Sequence]) -> None:
        """No cards yet (each hand deals its own, see hands.start_hand)."""
        n = self.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.masks: list[int] = [0] * n
        self.zones: dict[str, list[int]] = {}
        self.face_up: dict[str, bool] = {}
        self.aside: list[int] = []
        self._hidden_aside = 0
        self._decks = [list(d) for d in decks]
        self._play_rng: random.Random | None = None
        self._play_rng_shared = False

    def _start_turns(self) -> None:
        self.current_player = -1
        self._order: list[int] = []
        self._turn_index = 0
        self._step = self.facts.first_step
        self._legal: list[Action] = []
        self._opening = False
        self._pass_streak = 0
        self.hand_over = False
        self.round = 1
        self.knocker: int | None = None
        self._stop_before: int | None = None
        self.declared: tuple[int, ...] = ()
        self.out_of_hand: tuple[int, ...] = ()
        self.just_drawn: int | None = None
        self.turns_in_hand = 0

    # ---- public API -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves the current player may make now (computed once per decision; do not
        mutate the list). Empty once the game is over or the hand is held at its end (both
        empty it: hands.end_hand, hands.finish_game)."""
        return self._legal

    def next_hand(self, deck: Sequence | None = None) -> None:
        """Deal the next hand (or end the game) after a stop at the end of a hand; `deck`
        deals that order (top card first, card ids or codes, as `decks=`; see chance.py)."""
        if self.is_over or not self.hand_over:
            raise IllegalAction("the hand is not over")
        if deck is not None:
            from .chance import checked_deck
            self._decks.insert(0, checked_deck(self.rules.deck, deck))
        hands.next_hand(self)
        if self.hand_over:
            hands.after_hand(self)

    def legal_action_ids(self) -> list[int]:
        """The legal moves as integer ids, the same move the same id in every state (see
        action_ids: `action_space(rules, players)` maps them to moves and to the notation)."""
        from .action_ids import action_space
        return action_space(self.rules, self.players).legal_ids(self)

    def game_goes_on(self) -> bool:
        """At the end of a hand: whether `next_hand()` deals another (else it ends the game)."""
        from .chance import goes_on
        return goes_on(self)

    def supply_shuffle(self, cards: Sequence[int]) -> None:
        """The order (bottom card first, as zones are kept) of the cards the next reshuffle
        inside a hand shuffles, instead of drawing it from the hand's stream (see chance.py);
        supplied before `next_hand`, the next reshuffle may be one made as that hand is dealt."""
        self._shuffles.append([int(c) for c in cards])

    def reshuffle_ahead(self, action: Action) -> list[int] | None:
        """The cards the next reshuffle without a supplied order would shuffle if `action`
        were played now, or None: ask before a move, `supply_shuffle` an order, then play it
        (an explicit chance node; see chance.py). Plays the move on a copy when the ruleset
        has an outcome that reshuffles."""
        from .chance import reshuffle_ahead
        return reshuffle_ahead(self, action)

    def reshuffle_ahead_deal(self, deck: Sequence | None = None) -> list[int] | None:
        """At the end of a hand: the cards the next reshuffle without a supplied order would
        shuffle while `next_hand(deck=deck)` deals (a stock the deal leaves empty turned over
        before anybody moves), or None; for the first hand see `chance.reshuffle_at_first_deal`."""
        from .chance import reshuffle_at_deal
        return reshuffle_at_deal(self, deck)

    def apply(self, action: Action) -> None:
        if self.is_over:
            raise IllegalAction("the game is over")
        if action.step != self._step.name or action not in self._legal:
            raise IllegalAction(f"{action.kind} {self.rules.deck.codes(action.cards)} is not "
                                f"legal now")
        turns.apply_move(self, action)

    #: `apply` for callers that took the action from `legal_actions()` just now (bots in
    #: simulations): skips re-checking that it is legal.
    apply_unchecked = turns.apply_move

    def unseen_hand(self) -> int | None:
        """The seat whose own hand nobody sees, himself included: the opening player of a
        ruleset whose opening choice is made blind (`turn.opening.blind`), during his opening
        turn; None otherwise. What he observes (observation.py) and the bots leave it out."""
        return self.current_player if self._opening and self.rules.opening_blind else None

    def hand_value(self, player: int) -> Any:
        """The numeric value of a player's hand under the ruleset (30.5, 31, ...)."""
        hand = self.hands[player]
        v = self.rules.valuation
        if len(hand) == v.hand_size:
            return v.value[self.masks[player]]
        return v.of(hand).value

    def hand_strength(self, player: int) -> Any:
        """How a player's hand ranks under the ruleset (higher is better; equal is tied)."""
        hand = self.hands[player]
        v = self.rules.valuation
        if len(hand) == v.hand_size:
            return v.strength[self.masks[player]]
        return v.of(hand).strength

    @staticmethod
    def mask(cards: Iterable[int]) -> int:
        m = 0
        for c in cards:
            m |= 1 << c
        return m

    def returns(self) -> list[float]:
        """Net stakes won per player (what he took from the pot less what he paid into it)."""
        return [self.won[p] - self.paid[p] for p in range(self.players)]

    def visible_top(self, zone: str) -> int | None:
        """The card a player can see on a zone, if any (a discard pile's top, a face-up zone's
        top)."""
        cards = self.zones.get(zone)
        if cards and (self.face_up[zone] or self.facts.top_visible[zone]):
            return cards[-1]
        return None

    def shows_all(self, zone: str) -> bool:
        """Every card of the zone is face up (a public zone, or one revealed this hand)."""
        return self.face_up[zone]

    def shows_top(self, zone: str) -> bool:
        """At least the zone's top card is face up (a discard pile, or a face-up zone)."""
        return self.face_up[zone] or self.facts.top_visible[zone]

    @property
    def step(self) -> str:
        return self._step.name

    @property
    def stopped_by_turn_limit(self) -> bool:
        """A hand reached MAX_TURNS_PER_HAND: the game ended there, not by its rules."""
        return "void:turn_limit" in self.hand_ends

    def emit(self, _kind: EventKind, _player: int | None = None, **data) -> None:
        if self.record:
            self.events.append(Event(_kind, _player, data))

    # ---- search: observe, clone, resample ---------------------------------------------------
    def observation(self, player: int) -> Observation:
        """What `player` can see, read live from this state (see observation.py): the one
        source of information for bots."""
        views = self._views
        if views is None:
            views = self._views = [None] * self.players
        view = views[player]
        if view is None:
            view = views[player] = Observation(self, player)
        return view

    def __reduce__(self) -> tuple:
        """Pickled by its fields and its rules' document (see pickling): it plays on alike
        in any process."""
        from .pickling import reduce_state
        return reduce_state(self)

    def __deepcopy__(self, memo: dict) -> GameState:
        """`copy.deepcopy` is a clone: the compiled rules are shared, not copied."""
        return self.clone()

    def clone(self, *, record: bool | None = None, history: bool | None = None,
              stop_at_hand_end: bool | None = None) -> GameState:
        """An independent copy sharing the compiled rules: applying moves to either never
        changes the other, and the same moves give both the same future (the random streams
        are copied too). The keywords change the copy's fast-path flags."""
        new = GameState.__new__(GameState)
        new.record = self.record if record is None else record
        new.history = self.history if history is None else history
        new.stop_at_hand_end = self.stop_at_hand_end if stop_at_hand_end is None \
            else stop_at_hand_end
        return _copy_fields(self, new)

    def resample(self, player: int, rng: random.Random, *, keep_best: bool = False,
                 history: bool | None = None,
                 stop_at_hand_end: bool | None = None) -> GameState:
        """A state `player` cannot tell from this one, for determinized search: his hand, the
        face-up cards, the cards everyone saw go into a pile or a hand this hand, the sizes
        of everything and all public facts stay; every other card (the other players' unseen
        cards, the stock in a new order, hidden zones, cards set aside unseen) is dealt again
        at random from `rng`. The future's chance (next deals, reshuffles) is drawn afresh
        from `rng` too, so the real future cannot leak into a search. The copy keeps no
        record; its history is as `player` saw it.

        `keep_best`: deal each other player his unseen cards as someone who keeps his best
        cards would hold them: of as many random cards as went into his hand unseen this
        hand (dealt, drawn blind), the best by the ruleset's ranking, kept one card at a
        time. A uniform deal ignores that players keep good cards, so once a hand has gone
        on it makes every hidden hand look weaker than it is."""
        return search.resample(self, player, rng, keep_best, history, stop_at_hand_end)

    def _knowledge(self) -> Knowledge:
        """What the table knows from the public history of the hand (see history.py)."""
        return history.knowledge(self)

    # ---- what primitives, effects, triggers and the settlement call ---------------------------
    knock = turns.knock
    stock_ran_out = turns.stock_ran_out
    add_points = stakes.add_points
    lose_lives = stakes.lose_lives
    take_pot = stakes.take_pot
    reenter = stakes.reenter
    _end_hand = hands.end_hand
    _after_hand = hands.after_hand
    _finish_game = hands.finish_game
    _reshuffle = dealing.reshuffle
    _refresh = dealing.refresh
    _redeal = dealing.redeal
    _fire = triggers.fire  # an effect raising an event of its own (a unit's `fire`)
