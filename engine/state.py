"""The game state: one whole game of any ruleset, driven through a small OpenSpiel-like API.

    state = GameState(rules, players=4, seed=7)
    while not state.is_over:
        state.apply(bot(state, state.legal_actions()))
    state.returns()

Chance is drawn from separate streams fixed by the seed: the cut from `random.Random(seed)`,
each hand's shuffle and the chance inside it (a reshuffled stock) from streams of the seed and
the hand's number alone. So a seed reproduces a game exactly, and a game replayed from its record
(stacked decks) and played on deals the very hands it would have dealt straight through.
`decks=` stacks the deck of successive hands for tests and replays.
Hands follow one another inside `apply`, so after every call the state waits for a decision
or the game is over (unless `stop_at_hand_end` holds the game at the end of a hand).

For search: `clone()` copies a state (sharing the compiled rules), `observation(player)` is
what one player can see, and `resample(player, rng)` deals the cards that player cannot see
again at random, keeping everything he can see or knows from the public history of the hand.
"""
from __future__ import annotations

import _random
import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from .errors import UserError
from .observation import Knowledge, Observation, RawMove
from .rules import Action, HandEnd, Ruleset, Trigger, made_once
from .settlement import settle
from .triggers import HandIn

#: A hand that has not ended after this many turns is voided and the game stops there (the
#: best placed win): when nothing in the rules ended a hand in 2,000 turns, the next hand
#: would most likely not end either, and 5,000 such hands would take a minute per game.
MAX_TURNS_PER_HAND = 2000
#: A game that has not ended after this many hands stops with the best-placed players winning.
#: The shipped rulesets need at most 22 (greedy and random bots); a capture game nobody can win
#: played 5,000 hands in 5 to 8 s of CPU, 500 about one (`validate` warns of it).
MAX_HANDS_PER_GAME = 500


#: What happened, as the game records it (`GameState.events`, records, the table's lines).
EventKind = Literal[
    "action", "capture_event", "cut", "deal", "game_over", "hand_end", "hand_score", "knock",
    "last_chance", "lay", "leftover", "life_lost", "out", "points", "pot", "redeal",
    "redeal_failed", "reentry", "refresh", "refresh_failed", "reshuffle", "reveal", "settled",
    "show_bottom", "stuck", "take", "trigger", "turn_limit"]


class Event(NamedTuple):
    kind: EventKind
    player: int | None
    data: dict


class IllegalAction(UserError):
    pass


class GameState:
    # Fixed attributes: every decision reads and writes a dozen of them.
    __slots__ = (
        '_deal_plans',
        '_decks',
        '_draws_from_stock',
        '_face_up0',
        '_first_step',
        '_free_zones',
        '_hand_over',
        '_hidden_aside',
        '_keep_dealer',
        '_legal',
        '_logging',
        '_on_action',
        '_on_all_passed',
        '_on_stock_empty',
        '_on_turn_end',
        '_opening',
        '_order',
        '_pass_streak',
        '_play_rng',
        '_play_rng_shared',
        '_rest',
        '_round_end_knock',
        '_seen_base',
        '_seen_cache',
        '_step',
        '_t_action',
        '_t_turn_end',
        '_top_visible',
        '_trail',
        '_turn_index',
        '_views',
        'alive',
        'aside',
        'capture',
        'current_player',
        'dealer',
        'deck_orders',
        'events',
        'face_up',
        'first_dealer',
        'hand_ends',
        'hand_number',
        'hands',
        # the public history of the hand and what follows from it (see _knowledge)
        'history',
        'is_over',
        'just_drawn',
        'knocker',
        'lives',
        'lives_lost',
        'masks',
        'moves',
        'on_last_chance',
        'own',
        'paid',
        'players',
        'pot',
        'record',
        'round',
        'rules',
        'seed',
        'side_members',
        'side_of',
        'stop_at_hand_end',
        'turns_in_hand',
        'turns_taken',
        'winners',
        'won',
        'zones',
    )

    def __init__(self, rules: Ruleset, players: int | None = None, seed: int | None = 0,
                 *, decks: Iterable[Sequence] = (), dealer: int | None = None,
                 record: bool = True, history: bool | None = None,
                 stop_at_hand_end: bool = False):
        """`record=False` is the fast path for simulations: no events, no moves, no decks
        kept. `history` keeps the public history of the current hand, which observations
        (what each player has seen taken and discarded) and `resample` read; by default it
        follows `record`. `stop_at_hand_end` holds the game when a hand ends (`hand_over`),
        so that a playout does not pay for the next deal; `next_hand()` goes on."""
        n = rules.default_players if players is None else players
        if not rules.min_players <= n <= rules.max_players:
            raise UserError(f"{rules.name} is played by {rules.min_players} to "
                            f"{rules.max_players} players, not {n}")
        if dealer is not None and not 0 <= dealer < n:
            raise UserError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.rules = rules = rules.for_players(n)  # its deck may depend on the players
        self.players = n
        # A game always has a seed, so any game can be saved and replayed.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2 ** 32)
        self._play_rng: random.Random | None = None  # chance inside a hand, see _hand_random
        self._play_rng_shared = False  # _play_rng is shared with a clone: copy before use
        self.deck_orders: list[list[str]] = []  # each hand's deck, top card first (if record)
        self.moves: list[tuple[int, dict]] = []  # (hand number, move) for records (if record)
        self.record = record
        self.history = record if history is None else history
        self._logging = self.record or self.history
        self.stop_at_hand_end = stop_at_hand_end
        self._trail: list[tuple] = []  # this hand's moves as (player, action, mask, face up)
        self._seen_base: Knowledge | None = None  # what was known when the trail began
        self._seen_cache: tuple | None = None
        self._hidden_aside = 0  # the first cards set aside were never seen
        self._views: list[Observation | None] | None = None
        self.events: list[Event] = []
        self._decks = [list(d) for d in decks]
        st = rules.stakes
        #: what each player holds: lives, a bankroll, penalty points... (see stakes_modes)
        self.lives = [st.mode.start(st)] * n
        self.paid = [0] * n            # stakes each player has put into the pot
        self.won = [0] * n             # what each player has taken from the pot
        self.on_last_chance = [False] * n
        self.alive = list(range(n))
        self.pot = 0
        self.hand_number = 0
        self.is_over = False
        self.winners: list[int] = []
        self.hand_ends: dict[str, int] = {}
        self.turns_taken = 0
        self.lives_lost = 0
        # per-hand state, set by _start_hand
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: each hand as a bit mask (bit c set: card c held), kept in step by the primitives:
        #: the key of every valuation lookup
        self.masks: list[int] = [0] * n
        self.zones: dict[str, list[int]] = {}
        self.aside: list[int] = []
        self.face_up: dict[str, bool] = {}
        #: sides (partners share taken cards and points): each seat's side, each side's seats
        groups = rules.sides.get(n) or tuple((p,) for p in range(n))
        self.side_members: tuple[tuple[int, ...], ...] = tuple(groups)
        self.side_of = [0] * n
        for i, group in enumerate(groups):
            for p in group:
                self.side_of[p] = i
        #: zones each player or side owns (`owner:`), by name then owner; capture games only
        self.own: dict[str, list[list[int]]] = {}
        self.capture: Any = None
        self._keep_dealer = False  # a hand voided by `deal_again`: the same dealer deals
        self.knocker: int | None = None
        self.round = 1
        self.turns_in_hand = 0
        self.just_drawn: int | None = None
        self.current_player = -1
        self._order: list[int] = []
        self._turn_index = 0
        self._pass_streak = 0
        self._step = rules.steps[rules.start_step]
        self._hand_over = False
        self._legal: list[Action] = []
        (self._on_action, self._on_turn_end, self._on_all_passed, self._on_stock_empty,
         self._t_action, self._t_turn_end, self._first_step, self._deal_plans,
         self._draws_from_stock, self._top_visible, self._face_up0,
         self._round_end_knock, self._free_zones) = _derived(rules)
        self._opening = False
        self._rest = rules.rest_zone
        self.dealer = dealer if dealer is not None else self._choose_first_dealer()
        self.first_dealer = self.dealer
        self._start_hand()
        if self._hand_over:
            self._after_hand()

    # ---- public API -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves the current player may make now (computed once per decision; do not
        mutate the list). Empty once the game is over or the hand is held at its end."""
        return self._legal if not self.is_over else []

    @property
    def hand_over(self) -> bool:
        """The hand has ended (held there by `stop_at_hand_end`, or the game is over)."""
        return self._hand_over

    def next_hand(self) -> None:
        """Deal the next hand (or end the game) after a stop at the end of a hand."""
        if self.is_over or not self._hand_over:
            raise IllegalAction("the hand is not over")
        self._next_hand()
        if self._hand_over:
            self._after_hand()

    def apply(self, action: Action) -> None:
        if self.is_over:
            raise IllegalAction("the game is over")
        if action.step != self._step.name or action not in self._legal:
            raise IllegalAction(f"{action.kind} {self.rules.deck.codes(action.cards)} is not "
                                f"legal now")
        self._apply(action)

    def hand_value(self, player: int):
        """The numeric value of a player's hand under the ruleset (30.5, 31, ...)."""
        hand = self.hands[player]
        v = self.rules.valuation
        if len(hand) == v.hand_size:
            return v.value[self.masks[player]]
        return v.of(hand).value

    def hand_strength(self, player: int):
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
        if cards and (self.face_up[zone] or self._top_visible[zone]):
            return cards[-1]
        return None

    def shows_all(self, zone: str) -> bool:
        """Every card of the zone is face up (a public zone, or one revealed this hand)."""
        return self.face_up[zone]

    def shows_top(self, zone: str) -> bool:
        """At least the zone's top card is face up (a discard pile, or a face-up zone)."""
        return self.face_up[zone] or self._top_visible[zone]

    # ---- search: clone, observe, resample ---------------------------------------------------
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

    def clone(self, *, record: bool | None = None, history: bool | None = None,
              stop_at_hand_end: bool | None = None) -> GameState:
        """An independent copy sharing the compiled rules: applying moves to either never
        changes the other, and the same moves give both the same future (the random streams
        are copied too). The keywords change the copy's fast-path flags."""
        new = GameState.__new__(GameState)
        # shared: the rules and what is derived from them, immutable values, and lists that
        # are replaced but never changed in place (_legal, _order)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new._deal_plans = self._deal_plans
        new._t_action = self._t_action
        new._t_turn_end = self._t_turn_end
        new._face_up0 = self._face_up0
        new._top_visible = self._top_visible
        new._rest = self._rest
        new._draws_from_stock = self._draws_from_stock
        new._first_step = self._first_step
        new._free_zones = self._free_zones
        new._on_action = self._on_action
        new._on_turn_end = self._on_turn_end
        new._on_all_passed = self._on_all_passed
        new._on_stock_empty = self._on_stock_empty
        new._step = self._step
        new._legal = self._legal
        new._order = self._order
        new._opening = self._opening
        new._pass_streak = self._pass_streak
        new._turn_index = self._turn_index
        new._hand_over = self._hand_over
        new._hidden_aside = self._hidden_aside
        new._seen_base = self._seen_base
        new._seen_cache = self._seen_cache
        new._views = None
        new.current_player = self.current_player
        new.dealer = self.dealer
        new.first_dealer = self.first_dealer
        new.hand_number = self.hand_number
        new.is_over = self.is_over
        new.just_drawn = self.just_drawn
        new.knocker = self.knocker
        new.lives_lost = self.lives_lost
        new.pot = self.pot
        new.round = self.round
        new.turns_in_hand = self.turns_in_hand
        new.turns_taken = self.turns_taken
        # copied: everything play changes in place
        new.hands = [list(h) for h in self.hands]
        new.zones = {z: list(c) for z, c in self.zones.items()}
        new.masks = list(self.masks)
        new.face_up = dict(self.face_up)
        new.aside = list(self.aside)
        new.alive = list(self.alive)
        new.lives = list(self.lives)
        new.paid = list(self.paid)
        new.won = list(self.won)
        new.on_last_chance = list(self.on_last_chance)
        new.winners = list(self.winners)
        new.hand_ends = dict(self.hand_ends)
        # capture games: the zones players and sides own, and the hand's capture record
        new.side_of, new.side_members = list(self.side_of), self.side_members
        new._keep_dealer = self._keep_dealer
        new._round_end_knock = self._round_end_knock
        new.own = {z: [list(p) for p in piles] for z, piles in self.own.items()}
        new.capture = None if self.capture is None else self.capture.copy()
        new._trail = list(self._trail)
        new._decks = list(self._decks)  # the stacked decks themselves are never changed
        # the random streams are copied only when one side next draws from them (copying a
        # generator costs more than the rest of a clone, and a playout rarely draws)
        new._play_rng = self._play_rng
        new._play_rng_shared = self._play_rng_shared = self._play_rng is not None
        new.record = self.record if record is None else record
        new.history = self.history if history is None else history
        new._logging = new.record or new.history
        new.stop_at_hand_end = (self.stop_at_hand_end if stop_at_hand_end is None
                                else stop_at_hand_end)
        if new.record:
            new.events = list(self.events)
            new.moves = list(self.moves)
            new.deck_orders = list(self.deck_orders)
        else:
            new.events, new.moves, new.deck_orders = [], [], []
        return new

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
        seen = self._knowledge()
        new = self.clone(record=False, history=history, stop_at_hand_end=stop_at_hand_end)
        # the places holding cards he cannot see: (cards, how many of them from the first,
        # the cards there that stay put); the other players' hands first
        others = [q for q, hand in enumerate(new.hands) if q != player and hand]
        places: list[tuple[list[int], int, int]] = [
            (new.hands[q], len(new.hands[q]), seen.known[q]) for q in others]
        placed: dict[str, int] = {}  # cards he put where nobody else saw them
        for m in seen.moves:
            if m.player == player and m.gave and not m.seen and m.action.zone is not None:
                placed[m.action.zone] = placed.get(m.action.zone, 0) | m.gave
        top_visible = self._top_visible
        for z, cards in new.zones.items():
            if cards and not self.face_up[z]:
                keep = seen.zone_seen.get(z, 0) | placed.get(z, 0)
                if top_visible[z]:
                    keep |= 1 << cards[-1]
                places.append((cards, len(cards), keep))
        if self._hidden_aside:
            places.append((new.aside, self._hidden_aside, 0))
        # zones a player or side owns (capture games): a pile the players play from was dealt
        # face down, so what shows of it stays (all of a public one, the top of a `top` one)
        # and the rest is dealt again, each pile keeping its size; the other owned zones fill
        # up by moves everyone sees (the cards a side took), so they stay as they are
        zones = self.rules.zones
        for z in self.rules.capture_sources:
            visibility = zones[z].visibility
            if visibility != "public":
                places += [(pile, len(pile), 1 << pile[-1] if visibility == "top" else 0)
                           for pile in new.own[z] if pile]
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
        if keep_best:
            dealt = self._deal_best(new, others, seen, dealt, rand)
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
        new.masks = [self.mask(h) for h in new.hands]
        if jd_at is not None:
            new.just_drawn = new.hands[mover][jd_at]
        # the future is unknown: fresh chance, no stacked decks
        new.seed = rng.getrandbits(32)
        new._play_rng = None
        new._play_rng_shared = False
        new._decks = []
        new._trail = []
        new._seen_base = self._knowledge_of(player)
        new._seen_cache = None
        if not new._hand_over and not new.is_over and mover != player:
            new._legal = new._step.legal(new, mover)
        return new

    def _deal_best(self, new: GameState, others: list[int], seen: Knowledge,
                   pool: list[int], rand: Callable[[], float]) -> list[int]:
        """Deal the other players' unseen cards as keepers of their best (see `resample`);
        returns what is left of the pool, shuffled again."""
        strength = self.rules.valuation.strength
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
            back: list[int] = []  # the cards he would not keep: back to the pool's far end
            mask = 0
            for c in hand:
                if keep >> c & 1:
                    mask |= 1 << c
            for c in held:
                mask |= 1 << c
            for c in drawn[u:]:
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
            pool[:0] = back
            for i, c in zip(slots, held):
                hand[i] = c
        return sorted(pool, key=lambda _: rand())

    def _knowledge(self) -> Knowledge:
        """What the table knows from the public history of the hand (computed from the
        trail when asked, and kept until the next move)."""
        trail = self._trail
        cache = self._seen_cache
        if cache is not None and cache[0] is trail and cache[1] == len(trail):
            return cache[2]
        base = self._seen_base
        if base is None:  # no history kept: nothing is known beyond what shows
            base = Knowledge((0,) * self.players, {}, (), tuple(map(len, self.hands)))
        known = list(base.known)
        blind = list(base.blind)
        zone_seen = dict(base.zone_seen)
        moves = list(base.moves)
        # a player's hand changes only by his own moves: his mask after a move is the mask
        # before his next one, or his mask now
        after = list(self.masks)
        afters = [0] * len(trail)
        for i in range(len(trail) - 1, -1, -1):
            p, _, before, _ = trail[i]
            afters[i] = after[p]
            after[p] = before
        top_visible = self._top_visible
        for (p, action, before, face_up), now in zip(trail, afters):
            took, gave = now & ~before, before & ~now
            zone = action.zone
            seen = bool(face_up) or (zone is not None and top_visible[zone])
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
        self._seen_cache = (trail, len(trail), result, {})
        return result

    def _knowledge_of(self, player: int) -> Knowledge:
        """`_knowledge()` without the cards `player` did not see (kept with it)."""
        seen = self._knowledge()
        cache = self._seen_cache  # filled by _knowledge() just now or before
        assert cache is not None
        mine = cache[3]
        if player not in mine:
            mine[player] = seen.as_seen_by(player)
        return mine[player]

    def emit(self, _kind: EventKind, _player: int | None = None, **data) -> None:
        if self.record:
            self.events.append(Event(_kind, _player, data))

    @property
    def step(self) -> str:
        return self._step.name

    # ---- called by primitives and effects -------------------------------------------------
    def knock(self, p: int) -> None:
        if self.knocker is None:
            self.knocker = p
            if self.record:
                self.emit("knock", p, round=self.round)

    def stock_ran_out(self, zone: str) -> None:
        """A draw found `zone` empty: the `stock_empty` triggers say what happens."""
        self._fire("stock_empty", self.current_player)

    # ---- the flow of a hand ---------------------------------------------------------------
    # A hand that ends (by a trigger, a knock, a stuck player) only sets `_hand_over`; the
    # entry points (`__init__`, `apply`) then deal the next hands in a loop, so a run of hands
    # that end at once can never deepen the call stack.
    def _apply(self, action: Action) -> None:
        p = self.current_player
        opt = action.option_ref
        if self._logging:
            self._log(action, p)
        run = opt.run  # a callable attribute, called from a local: a method lookup would miss
        run(self, opt, action, p)
        if opt.effects:
            for eff in opt.effects:
                eff(self, p)
        if self._on_all_passed:  # only `all_passed` triggers read the streak
            self._pass_streak = self._pass_streak + 1 if opt.is_pass else 0
        if not self._hand_over and not (self._on_action and self._may_fire(self._t_action, p)
                                        and self._fire("action", p)):
            nxt = opt.then
            if nxt is not None:  # the turn goes on: _ensure_choice, inlined (the hot path)
                step = self._step = self.rules.steps[nxt]
                if not (step in self._draws_from_stock and not self.zones[self._rest or ""]
                        and self._stock_ended_hand()):
                    listed = step.legal
                    legal = self._legal = listed(self, p)
                    if not legal:
                        self._stuck()
            else:
                self._end_turn(p)
        if self._hand_over:
            self._after_hand()

    def _after_hand(self) -> None:
        """A hand has ended: hold there if asked to, else deal on until one needs a move."""
        if self.stop_at_hand_end:
            self.current_player = -1
            return
        while self._hand_over and not self.is_over:
            self._next_hand()

    def _log(self, action: Action, p: int) -> None:
        """Before a move: note it in the hand's public history and, with `record`, in the
        record."""
        if self.history:
            zone = action.zone
            self._trail.append((p, action, self.masks[p],
                                zone is not None and self.face_up[zone]))
        if not self.record:
            return
        codes = self.rules.deck.codes(action.cards)
        self.emit("action", p, kind=action.kind, step=action.step, option=action.option,
                  cards=codes)
        self.moves.append((self.hand_number, {"player": p, "step": action.step,
                                              "option": action.option,
                                              "kind": action.kind, "cards": codes}))

    #: `apply` for callers that took the action from `legal_actions()` just now (bots in
    #: simulations): skips re-checking that it is legal.
    apply_unchecked = _apply

    def _end_turn(self, p: int) -> None:
        self.turns_in_hand = turns = self.turns_in_hand + 1
        self.turns_taken += 1
        self.just_drawn = None
        if self._on_turn_end:  # test before paying for _fire: most turns fire nothing
            for cond, hands in self._t_turn_end:
                if hands is not None:  # a condition on the player's hand: its set, in line
                    if self.masks[p] not in hands:
                        continue
                elif cond is not None and cond(self, p) is None:
                    continue
                if self._fire("turn_end", p):
                    return
                break
        order = self._order
        if self._on_all_passed and self._pass_streak >= len(order):
            self._pass_streak = 0
            if self._fire("all_passed", p):
                return
        if turns >= MAX_TURNS_PER_HAND:
            self.emit("turn_limit", None, turns=turns)
            self._end_hand("void", [], "turn_limit")
            return
        if self._opening:  # the opening turn is over: the first player's turn comes now
            self._opening = False
            self._pass_streak = 0
            self.current_player = order[0]
            self._step = self._first_step
            return self._ensure_choice()
        i = self._turn_index + 1
        if i >= len(order):
            i = 0
            self.round += 1
            if self.knocker is not None and self._round_end_knock:  # the dealer has played
                self._end_hand("showdown", [], "knock")
                return
        self._turn_index = i
        nxt = order[i]
        if nxt == self.knocker:
            self._end_hand("showdown", [], "knock")
            return
        self.current_player = nxt
        step = self._step = self._first_step  # _ensure_choice, inlined (the hot path)
        if not (step in self._draws_from_stock and not self.zones[self._rest or ""]
                and self._stock_ended_hand()):
            listed = step.legal
            legal = self._legal = listed(self, nxt)
            if not legal:
                self._stuck()

    def _ensure_choice(self) -> None:
        """Work out the legal moves; a player with none ends the hand in a showdown instead of
        hanging. `_apply` and `_end_turn` do the same inline: calling this from both cost 4.7k
        instructions a turn (cachegrind), a tenth of a turn."""
        step = self._step
        if not (step in self._draws_from_stock and not self.zones[self._rest or ""]
                and self._stock_ended_hand()):
            legal = self._legal = step.legal(self, self.current_player)
            if not legal:
                self._stuck()

    def _stock_ended_hand(self) -> bool:
        """The step offers a draw from the stock and the stock is empty: the `stock_empty`
        triggers say what happens; True when that ended the hand (no move to list)."""
        return self._fire("stock_empty", self.current_player) or self._hand_over

    def _stuck(self) -> None:
        """The player to move has no legal move: the hand ends in a showdown instead of
        hanging."""
        self.emit("stuck", self.current_player, step=self._step.name)
        self._end_hand("showdown", [], "stuck")

    def _may_fire(self, conditions: tuple, p: int) -> bool:
        """Whether any of these trigger conditions holds (None: always), before paying for
        `_fire`, which evaluates them again and acts."""
        return any(cond is None or cond(self, p) is not None for cond, _ in conditions)

    def _fire(self, on: str, p: int | None) -> bool:
        """Run the triggers listening to `on`; True when one of them ended the hand."""
        for trig in self.rules.triggers[on]:
            cond = trig.condition  # callable attributes are called from locals (see _apply)
            holders = cond(self, p) if cond is not None else []
            if holders is None:
                continue
            if self.record:
                self.emit("trigger", p, on=on, outcome=trig.outcome, holders=list(holders))
            run = trig.run  # the outcome's unit (engine/triggers)
            if run(self, trig, holders, on):
                return True
        return False

    def _reshuffle(self, zone: str) -> None:
        """The pile's cards below its top card, shuffled, go under the stock (the pile is the
        trigger's zone: the compiler named it)."""
        rest = self.rules.rest_zone
        pile = self.zones.get(zone)
        if rest is None or not pile:
            return
        top = pile.pop()
        self._hand_random().shuffle(pile)
        self.zones[rest] = pile + self.zones[rest]
        self.zones[zone] = [top]
        self.emit("reshuffle", None, cards=len(self.zones[rest]))

    def _redeal(self, count: int) -> bool:
        """Deal `count` more cards to each player from the stock, in the order of the deal;
        False when the stock is too short."""
        stock = self.zones.get(self._rest) if self._rest else None
        dealing = self._seats_from(self.dealer, self.rules.deal_step)
        if not stock or len(stock) < count * len(dealing):
            self.emit("redeal_failed", None)
            return False
        for p in dealing:
            for _ in range(count):
                c = stock.pop()
                self.hands[p].append(c)
                self.masks[p] |= 1 << c
        if self.record:
            self.emit("redeal", None, hands={p: self.rules.deck.codes(self.hands[p])
                                             for p in dealing})
        return True

    def _start_owned(self) -> None:
        """The zones each player or side owns, empty, and the hand's capture record."""
        from .capture import CaptureState
        rules = self.rules
        sides = len(self.side_members)
        self.own = {name: [[] for _ in range(self.players if z.owner == "player" else sides)]
                    for name, z in rules.zones.items() if z.owner}
        self.capture = CaptureState(sides)

    def _refresh(self, zone: str) -> bool:
        """Put the zone's cards aside and deal it again from the stock; False when the stock
        is too short to do so."""
        rest = self.rules.rest_zone
        old = self.zones[zone]
        stock = self.zones.get(rest) if rest else None
        if not stock or len(stock) < len(old):
            self.emit("refresh_failed", None, zone=zone)
            return False
        self.zones[zone] = [stock.pop() for _ in old]
        self.aside.extend(old)
        self.face_up[zone] = True
        if self.record:
            self.emit("refresh", None, zone=zone, cards=self.rules.deck.codes(self.zones[zone]))
        return True

    # ---- hands ----------------------------------------------------------------------------
    def _choose_first_dealer(self) -> int:
        how = self.rules.first_dealer
        if how == "first_seat":
            return 0
        rng = _scratch_random()  # the cut's stream: the seed alone
        rng.seed(self.seed)
        if how == "random":
            return rng.randrange(self.players)
        deck = self.rules.deck
        cutters = list(range(self.players))
        while True:
            cards = rng.sample(range(len(deck.cards)), len(cutters))
            strengths = [deck.strength(c) for c in cards]
            target = max(strengths) if how == "highest_cut" else min(strengths)
            if self.record:
                self.emit("cut", None, cards={p: deck.code(c) for p, c in zip(cutters, cards)})
            cutters = [p for p, s in zip(cutters, strengths) if s == target]
            if len(cutters) == 1:
                return cutters[0]

    def _seats_from(self, start: int, step: int) -> list[int]:
        """Live seats in the given direction, starting with the first live one after `start`.
        The list is shared (never change it in place): one list serves every hand dealt with
        the same players in."""
        key = (self.players, start, step, *self.alive)
        seats = _SEATS.get(key)
        if seats is None:
            if len(_SEATS) >= 4096:  # twelve players go out in many orders: stay small
                _SEATS.clear()
            alive = set(self.alive)
            seats, seat = [], start
            for _ in range(self.players):
                seat = (seat + step) % self.players
                if seat in alive:
                    seats.append(seat)
            _SEATS[key] = seats
        return seats

    def _deck_order(self) -> list[int]:
        """Top card last (so dealing is `pop()`). Hand N is shuffled from a stream of the seed
        and N alone, whatever came before: a replayed record (stacked decks) followed by play
        deals what the game played straight through dealt. A stacked order may be partial:
        the cards it leaves out follow in that shuffle's order."""
        deck = self.rules.deck
        # a stream of the seed and the hand's number alone: a clone or a resampled state
        # (a new seed) deals its own future without sharing a generator with the game
        rng = _scratch_random()
        _seed_text(rng, f"{self.seed}:deal:{self.hand_number}")
        order = shuffled_range(len(deck.cards), rng.getrandbits)
        if self._decks:
            given = self._decks.pop(0)
            ids = deck.parse_hand([c if isinstance(c, str) else deck.code(c) for c in given])
            taken = set(ids)
            order = ids + [c for c in order if c not in taken]
        if self.record:
            self.deck_orders.append(deck.codes(order))
        order.reverse()
        return order

    def _hand_random(self) -> random.Random:
        """Chance inside a hand (a reshuffled stock) comes from a stream fixed by the seed and
        the hand's number alone, so replaying a hand from its recorded deck reproduces it
        whatever the shuffles before it consumed."""
        rng = self._play_rng
        if rng is None or self._play_rng_shared:  # made now, or first made this state's own
            self._play_rng_shared = False
            rng = self._play_rng = (
                random.Random(self.seed * 1_000_003 + self.hand_number) if rng is None
                else _copy_random(rng))
        return rng

    def _start_hand(self) -> None:
        rules = self.rules
        self.hand_number += 1
        if self.hand_number > MAX_HANDS_PER_GAME:
            return self._finish_game(self._leaders())
        st = rules.stakes
        if st.mode.antes:
            for p in list(self.alive):
                if self.lives[p] < st.ante:
                    self._go_out(p)
            if len(self.alive) <= 1:
                return self._finish_game(list(self.alive))
            for p in self.alive:
                self.lives[p] -= st.ante
                self.paid[p] += st.ante
                self.pot += st.ante
        # loops, not comprehensions: a comprehension is a function made and called each time
        hands = self.hands = []
        for _ in range(self.players):
            hands.append([])
        zones = self.zones = {}
        for name in self._free_zones:
            zones[name] = []
        if rules.owned_zones:
            self._start_owned()
        self.aside = []  # cards out of play this hand (undealt, or replaced)
        self.face_up = dict(self._face_up0)
        self.knocker = None
        self._play_rng = None
        self.round = 1
        self.turns_in_hand = 0
        self.just_drawn = None
        self._pass_streak = 0
        self._hand_over = False
        deck = self._deck_order()
        dealing = self._seats_from(self.dealer, rules.deal_step)
        play_order = dealing if rules.play_step == rules.deal_step else \
            self._seats_from(self.dealer, rules.play_step)
        plan = self._deal_plans.get(len(dealing))
        if plan is None:
            plan = self._deal_plans[len(dealing)] = self._deal_plan(len(dealing))
        pop = deck.pop
        for slot in plan[:len(deck)]:
            if slot.__class__ is int:
                hands[dealing[slot]].append(pop())
            elif slot.__class__ is str:
                zones[slot].append(pop())
            else:  # (zone, position in the dealing order): a zone that player owns
                self.own[slot[0]][dealing[slot[1]]].append(pop())
        if rules.owned_zones:
            for piles in self.own.values():
                for pile in piles:
                    pile.reverse()  # a pile keeps the deck's order: its first card on top
        masks = self.masks = []
        for h in hands:  # each hand's mask, in line: a call per hand costs more than the loop
            m = 0
            for c in h:
                m |= 1 << c
            masks.append(m)
        if rules.rest_zone is not None:
            self.zones[rules.rest_zone] = deck  # its top is its last element, like every zone
        else:
            self.aside = deck
        self._hidden_aside = len(self.aside)
        if self.history:  # the history starts with the deal: the piles' top cards were seen
            self._trail = []
            self._seen_base = Knowledge(
                (0,) * self.players,
                {z: 1 << c[-1] for z, c in self.zones.items() if c and self._top_visible[z]},
                (), tuple(map(len, self.hands)))
        self._order = play_order
        self._turn_index = 0
        self.current_player = self._order[0]
        self._step = self._first_step
        opening = rules.opening
        self._opening = opening is not None
        if opening is not None:  # an extra turn first, then the first player as usual
            who, step = opening
            self.current_player = self.dealer if who == "dealer" else self._order[0]
            self._step = rules.steps[step]
        if self.record:
            self.emit("deal", None, hand=self.hand_number, dealer=self.dealer,
                      hands={p: rules.deck.codes(self.hands[p]) for p in self.alive},
                      zones={z: rules.deck.codes(c) for z, c in self.zones.items()},
                      **({"own": {z: [rules.deck.codes(c) for c in piles]
                                  for z, piles in self.own.items()}} if self.own else {}))
        if rules.first_player is not None:  # shown after the deal: who plays first
            first = rules.first_player(self, self._order)
            i = self._order.index(first)
            self._order = self._order[i:] + self._order[:i]
            self.current_player = self._order[0]
        if rules.triggers["dealt"] and self._fire("dealt", None):
            return
        self._ensure_choice()

    def _deal_plan(self, players: int) -> list:
        """The deal as one list of destinations, card by card: an int is a position in the
        dealing order, a str a zone. Made once per number of players at the table."""
        plan: list = []
        for ds in self.rules.deal:
            for _ in range(ds.rounds):
                for target in ds.targets:
                    if target != "players" and self.rules.zones[target].owner == "player":
                        for i in range(players):
                            plan.extend([(target, i)] * ds.count)
                        continue
                    for who in (range(players) if target == "players" else (target,)):
                        plan.extend([who] * ds.count)
        return plan

    def _end_hand(self, outcome: HandEnd, winners: list[int], reason: str) -> None:
        if self._hand_over:
            return
        self._hand_over = True
        self._legal = []
        key = f"{outcome}:{reason}"
        self.hand_ends[key] = self.hand_ends.get(key, 0) + 1
        if self.record:
            self.emit("hand_end", None, outcome=outcome, reason=reason, winners=winners,
                      knocker=self.knocker,
                      hands={p: self.rules.deck.codes(self.hands[p]) for p in self.alive},
                      values={p: self.hand_value(p) for p in self.alive})
        settle(self, outcome, winners)

    def _next_hand(self) -> None:
        """After a hand has ended: end the game, or pass the deal on and deal again."""
        rules = self.rules
        if self.stopped_by_turn_limit:
            return self._finish_game(self._leaders())
        if rules.end_hands is not None and self.hand_number >= rules.end_hands:
            return self._finish_game(self._leaders())
        if rules.end_target is not None and max(self.lives) >= rules.end_target:
            leaders = self._leaders()
            # points won: a tie at the top plays on until one side leads
            if not rules.stakes.mode.ties_play_on or \
                    len({self.side_of[p] for p in leaders}) == 1:
                return self._finish_game(leaders)
        if rules.end_last_standing and len(self.alive) <= 1:
            return self._finish_game(list(self.alive))
        if self._keep_dealer:
            self._keep_dealer = False
        elif rules.dealer_step != 0 or self.dealer not in self.alive:
            step = rules.dealer_step or rules.play_step
            self.dealer = self._seats_from(self.dealer, step)[0]
        self._start_hand()

    @property
    def stopped_by_turn_limit(self) -> bool:
        """A hand reached MAX_TURNS_PER_HAND: the game ended there, not by its rules."""
        return "void:turn_limit" in self.hand_ends

    def _leaders(self) -> list[int]:
        """The best placed: most lives or stakes, or fewest penalty points."""
        pool = self.alive or list(range(self.players))
        sign = self.rules.stakes.mode.sign
        best = max(sign * self.lives[p] for p in pool)
        return [p for p in pool if sign * self.lives[p] == best]

    # ---- lives, pot and the end -----------------------------------------------------------
    def add_points(self, p: int, count: int) -> None:
        """Points mode: a payer takes penalty points; nobody goes out."""
        self.lives[p] += count
        self.lives_lost += count  # what a simulation tallies as "paid", whatever the currency
        self.emit("points", p, points=self.lives[p], added=count)

    def lose_lives(self, p: int, count: int) -> None:
        st = self.rules.stakes
        for _ in range(count):
            if p not in self.alive:
                return
            self.lives_lost += 1
            if self.lives[p] > 0:
                self.lives[p] -= 1
                if st.into_pot:
                    self.paid[p] += 1
                    self.pot += 1
                if self.record:
                    self.emit("life_lost", p, lives=self.lives[p])
                if self.lives[p] == 0:
                    if st.last_chance:
                        self.on_last_chance[p] = True
                        self.emit("last_chance", p)
                    else:
                        self._go_out(p)
            else:
                self._go_out(p)

    def _go_out(self, p: int) -> None:
        if p in self.alive:
            self.alive.remove(p)
            if self.record:
                self.emit("out", p)

    def take_pot(self, winners: list[int]) -> None:
        if not winners or not self.pot:
            return
        share = self.pot // len(winners)
        for p in winners:
            self.won[p] += share
            if self.rules.stakes.mode.antes:  # the pot goes back into the bankroll
                self.lives[p] += share
        self.pot -= share * len(winners)
        self.emit("pot", None, winners=winners, each=share)

    def reenter(self, players: list[int]) -> None:
        lives = self.rules.stakes.reentry_lives
        for p in players:
            self.lives[p] = lives
            self.on_last_chance[p] = False
        self.alive = sorted(players)
        self.emit("reentry", None, players=list(self.alive), lives=lives)

    def _finish_game(self, winners: list[int]) -> None:
        self.is_over = True
        self.winners = sorted(winners)
        self.current_player = -1
        self.rules.stakes.mode.reward(self)  # what returns() counts: the pot, one each...
        self.emit("game_over", None, winners=self.winners)


def _derived(rules: Ruleset) -> tuple:
    """What every game of a ruleset derives from it, worked out once per ruleset (a
    simulation starts thousands of games): whether anything listens to each trigger event,
    the turn-end and action conditions to test before paying for `_fire` (most turns fire
    nothing), the first step, the deal plans by number of players (filled as met), the steps
    offering a draw from the stock when anything listens to `stock_empty`, which zones show
    their top card and which are face up, whether a knock ends the hand with the round, and
    the zones nobody owns."""
    return made_once(rules, "game", lambda: _derive(rules))


def _derive(rules: Ruleset) -> tuple:
    trig = rules.triggers
    on_stock_empty = bool(trig["stock_empty"])
    draws_from_stock = tuple(  # Steps, tested by identity (a Step's hash is costly)
        st for st in rules.steps.values()
        if on_stock_empty and rules.rest_zone is not None and any(
            o.draws_from == rules.rest_zone for o in st.options))
    derived: tuple = (bool(trig["action"]), bool(trig["turn_end"]), bool(trig["all_passed"]),
               on_stock_empty,
               tuple(_condition_test(t) for t in trig["action"]),
               tuple(_condition_test(t) for t in trig["turn_end"]),
               rules.steps[rules.start_step], {}, draws_from_stock,
               {z: v.visibility == "top" for z, v in rules.zones.items()},
               {name: z.visibility == "public" for name, z in rules.zones.items()},
               rules.knock_rule.ends_with_round,
               tuple(name for name, z in rules.zones.items() if z.owner is None))
    return derived


def _condition_test(trigger: Trigger) -> tuple[Callable | None, Mapping[int, None] | None]:
    """A trigger's condition and, when it is about the acting player's hand alone (`holds`),
    the hands that meet it, which the end of a turn looks up without a call."""
    cond = trigger.condition
    return cond, cond.hands() if isinstance(cond, HandIn) else None


_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
#: (players, first seat, direction, *live seats) -> the live seats in turn from there
_SEATS: dict[tuple[int, ...], list[int]] = {}
_scratch = threading.local()
#: the C seeding under `random.Random.seed`
_CSeed = _random.Random.seed


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


def _scratch_random() -> random.Random:
    """This thread's generator for streams that are seeded and used up at once (the cut, a
    hand's shuffle): re-seeding one generator costs a third of making a new one, and a
    thread of its own keeps two games in two threads from drawing from each other's seed."""
    try:
        return _scratch.rng
    except AttributeError:
        rng = _scratch.rng = random.Random(0)
        return rng


def shuffled_range(n: int, getrandbits: Callable[[int], int]) -> list[int]:
    """`list(range(n))` shuffled exactly as `random.shuffle` shuffles it with the generator
    whose `getrandbits` this is (Fisher-Yates, each index drawn by rejection from the fewest
    bits), in one loop instead of a Python call per card: the deal is a third of the cost
    of a simulated hand otherwise. (Fetching the words in one call and cutting them here was
    measured slower: 32-bit words are two-digit ints, the draws are cached small ones.)"""
    swaps = _SWAPS.get(n)
    if swaps is None:
        swaps = _SWAPS[n] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    out = list(range(n))
    for i, bound, bits in swaps:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        out[i], out[j] = out[j], out[i]
    return out


def _copy_random(r: random.Random) -> random.Random:
    """An independent generator in the same state as `r`."""
    copy = random.Random(0)
    copy.setstate(r.getstate())
    return copy
