"""A hand from its deal to its settlement, and the next one, until the game is over.

A hand starts (the antes of a pot game, the deal, the history's start, the first turn, the
`dealt` triggers), is played (turns.py), ends (`end_hand`: how and why it ended, counted in
`hand_ends`, then settled by settlement.py), and the next one is dealt (`next_hand`) unless the
game is over: a turn limit reached, the hands played, a target reached, one player left. The
state kept here (`GameState`): the hand's number, the dealer (and whether a voided hand keeps
him), the game's winners and whether it is over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import dealing, history, stakes, turns
from .owned import start_owned
from .settlement import settle
from .tally import countback
from .triggers import fire

if TYPE_CHECKING:
    from .rules import HandEnd
    from .state import GameState

#: A game that has not ended after this many hands stops with the best-placed players winning.
#: The shipped rulesets need at most 22 (greedy and random bots); a capture game nobody can win
#: played 5,000 hands in 5 to 8 s of CPU, 500 about one (`validate` warns of it).
MAX_HANDS_PER_GAME = 500


def start_hand(st: GameState) -> None:
    """Deal the next hand and start its first turn (or end the game: too many hands, or a pot
    game nobody else can pay into)."""
    if st.history and st.hand_number:  # perfect recall: keep the hand that ended
        from .frozen_view import finished_hand
        st._past.append(finished_hand(st))
    st.hand_number += 1
    if st.hand_number > MAX_HANDS_PER_GAME:
        return finish_game(st, stakes.leaders(st))
    if st.rules.stakes.mode.antes and not stakes.pay_antes(st):
        return finish_game(st, list(st.alive))
    _clear_table(st)
    rules = st.rules
    dealt = dealing.seats_from(st, st.dealer, rules.deal_step)
    dealing.deal(st, dealt)
    if st.history:
        history.start(st)
    turns.begin(st, dealt if rules.play_step == rules.deal_step else
                dealing.seats_from(st, st.dealer, rules.play_step))
    if st.record:
        _record_deal(st)
    if rules.first_player is not None:  # shown after the deal: who plays first
        turns.rotate_to_first(st)
    if rules.triggers["dealt"] and fire(st, "dealt", None):
        return
    turns.offer(st, st._step, st.current_player)


def _clear_table(st: GameState) -> None:
    """Empty hands and zones for a new deal. Loops, not comprehensions: up to CPython 3.11 a
    comprehension is a little function, made and called each time it runs."""
    hands = st.hands = []
    for _ in range(st.players):
        hands.append([])
    zones = st.zones = {}
    facts = st.facts
    for name in facts.free_zones:
        zones[name] = []
    if st.rules.owned_zones:
        start_owned(st)
    st.aside = []  # cards out of play this hand (undealt, or replaced)
    st.face_up = dict(facts.face_up_at_deal)
    st._play_rng = None


def _record_deal(st: GameState) -> None:
    codes = st.rules.deck.codes
    st.emit("deal", None, hand=st.hand_number, dealer=st.dealer,
            hands={p: codes(st.hands[p]) for p in st.alive},
            zones={z: codes(c) for z, c in st.zones.items()},
            **({"own": {z: [codes(c) for c in piles] for z, piles in st.own.items()}}
               if st.own else {}))


def end_hand(st: GameState, outcome: HandEnd, winners: list[int], reason: str) -> None:
    """The hand ends (`outcome`, for `reason`: the trigger's event, a knock, a stuck player...)
    and is settled. A second end of the same hand does nothing."""
    if st.hand_over:
        return
    st.hand_over = True
    st._legal = []
    key = f"{outcome}:{reason}"
    st.hand_ends[key] = st.hand_ends.get(key, 0) + 1
    if st.record:
        st.emit("hand_end", None, outcome=outcome, reason=reason, winners=winners,
                knocker=st.knocker,
                hands={p: st.rules.deck.codes(st.hands[p]) for p in st.alive},
                values={p: st.hand_value(p) for p in st.alive})
    settle(st, outcome, winners)


def after_hand(st: GameState) -> None:
    """A hand has ended: hold there if asked to, else deal on until one needs a move."""
    if st.stop_at_hand_end:
        st.current_player = -1
        return
    while st.hand_over and not st.is_over:
        next_hand(st)


def next_hand(st: GameState) -> None:
    """After a hand has ended: end the game, or pass the deal on and deal again."""
    rules = st.rules
    if st.stopped_by_turn_limit:
        return finish_game(st, stakes.leaders(st))
    if rules.end_hands is not None and st.hand_number >= rules.end_hands:
        return finish_game(st, stakes.leaders(st))
    if rules.end_target is not None and max(st.lives) >= rules.end_target:
        leaders = countback(st, stakes.leaders(st))
        # points won: a tie at the top (after any countback) plays on until one side leads
        if not rules.stakes.mode.ties_play_on or \
                len({st.side_of[p] for p in leaders}) == 1:
            return finish_game(st, leaders)
    if rules.end_last_standing and len(st.alive) <= 1:
        return finish_game(st, list(st.alive))
    if st._keep_dealer:
        st._keep_dealer = False
    elif rules.dealer_step != 0 or st.dealer not in st.alive:
        step = rules.dealer_step or rules.play_step
        st.dealer = dealing.seats_from(st, st.dealer, step)[0]
    start_hand(st)


def finish_game(st: GameState, winners: list[int]) -> None:
    """The game is over: these players won."""
    st.is_over = True
    st.winners = sorted(winners)
    st.current_player = -1
    st._legal = []
    stakes.pay_winners(st)
    if st.record:
        st.emit("game_over", None, winners=st.winners)
