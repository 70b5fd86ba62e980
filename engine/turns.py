"""The turn's steps: a move is played, the turn goes on to its next step or passes to the next
player, and the moves of whoever plays now are listed (or the hand ends: nobody can move).

This is the hot path of every simulation: `apply_move` runs once per decision, `end_turn` once
per player turn. The state they keep (`GameState`): whose turn it is (`current_player`), the
seats in turn (`_order`, `_turn_index`), the step being played (`_step`) and its legal moves
(`_legal`), the round, who knocked (and `_stop_before`, the seat before whose turn the
knock ends the hand), the card just drawn, the turns of the hand, the run of
passes (`_pass_streak`, read by `all_passed` triggers), whether the opening turn is being
played (`_opening`), and whether the hand has ended (`hand_over`).

A hand that ends (by a trigger, a knock, a stuck player) only sets `hand_over`; the entry
points (`GameState()`, `apply`, `next_hand`) then deal the next hands in a loop, so a run of
hands that end at once never deepens the call stack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import history
from .triggers import fire, may_fire

if TYPE_CHECKING:
    from .rules import Action, Option, Step
    from .state import GameState

#: A hand that has not ended after this many turns is voided and the game stops there (the
#: best placed win): when nothing in the rules ended a hand in 2,000 turns, the next hand
#: would most likely not end either, and 5,000 such hands would take a minute per game.
MAX_TURNS_PER_HAND = 2000


def begin(st: GameState, order: list[int]) -> None:
    """A new hand's first turn: the seats in turn from `order`, the turn's first step (or the
    opening turn's, played before the first player's turn)."""
    st.knocker = st._stop_before = None
    st.declared = st.out_of_hand = ()
    st.round = 1
    st.turns_in_hand = 0
    st.just_drawn = None
    st._pass_streak = 0
    st.hand_over = False
    st._order = order
    st._turn_index = 0
    st.current_player = order[0]
    rules = st.rules
    st._step = st.facts.first_step
    opening = rules.opening
    st._opening = opening is not None
    if opening is not None:  # an extra turn first, then the first player as usual
        who, step = opening
        st.current_player = st.dealer if who == "dealer" else order[0]
        st._step = rules.steps[step]


def rotate_to_first(st: GameState) -> None:
    """The ruleset says who plays first once the cards are seen: the turns start with him."""
    rules = st.rules
    assert rules.first_player is not None
    order = st._order
    i = order.index(rules.first_player(st, order))
    st._order = order[i:] + order[:i]
    st.current_player = st._order[0]


def apply_move(st: GameState, action: Action) -> None:
    """Play `action` (one of the legal moves now), then go on to the next decision."""
    p = st.current_player
    opt = action.option_ref
    if st._logging:
        log_move(st, action, p)
    # `opt.run(...)` would look `run` up as a method of Option first, at every move; read
    # into a local, the function is called directly (docs/speed.md: a callable attribute)
    run = opt.run
    run(st, opt, action, p)
    if opt.effects:
        for eff in opt.effects:
            eff(st, p)
    if st.facts.watch_moves and watch_move(st, opt, p):
        pass  # the move ended the hand, or a trigger on it did
    elif not st.hand_over:
        nxt = opt.then
        if nxt is None:
            end_turn(st, p)
        elif opt.then_optional and not st.rules.steps[nxt].legal(st, p):
            end_turn(st, p)  # the next step offers nothing: the turn ends, not the hand
        else:  # the turn goes on with its next step
            step = st._step = st.rules.steps[nxt]
            offer(st, step, p)
    if st.hand_over:
        st._after_hand()


def watch_move(st: GameState, opt: Option, p: int) -> bool:
    """After a move, for rulesets where something watches every move: the run of passes
    (`all_passed`) and the `action` triggers. True when the hand has ended."""
    facts = st.facts
    if facts.on_all_passed:  # only `all_passed` triggers read the streak
        st._pass_streak = st._pass_streak + 1 if opt.is_pass else 0
    return st.hand_over or (facts.on_action and may_fire(st, facts.action_tests, p)
                            and fire(st, "action", p))


def log_move(st: GameState, action: Action, p: int) -> None:
    """Before a move: note it in the hand's public history and, with `record`, in the record."""
    if st.history:
        history.note(st, action, p)
    if not st.record:
        return
    codes = st.rules.deck.codes(action.cards)
    st.emit("action", p, kind=action.kind, step=action.step, option=action.option, cards=codes)
    st.moves.append((st.hand_number, {"player": p, "step": action.step,
                                      "option": action.option, "kind": action.kind,
                                      "cards": codes}))


def end_turn(st: GameState, p: int) -> None:
    """`p`'s turn is over: the turn-end triggers, a round of passes, the turn limit, then the
    next player's turn (or the end of the hand after a knock)."""
    st.turns_in_hand = turns = st.turns_in_hand + 1
    st.turns_taken += 1
    st.just_drawn = None
    facts = st.facts
    hands = facts.turn_end_hands
    if hands is not None:  # every turn-end condition is on his hand alone: one lookup
        if st.masks[p] in hands and fire(st, "turn_end", p):
            return
    elif facts.on_turn_end:  # test before paying for `fire`: most turns fire nothing
        for cond, hands in facts.turn_end_tests:
            if hands is not None:  # a condition on his hand alone: one lookup, no call
                if st.masks[p] not in hands:
                    continue
            elif cond is not None and cond(st, p) is None:
                continue
            if fire(st, "turn_end", p):
                return
            break
    order = st._order
    if facts.on_all_passed and st._pass_streak >= len(order):
        st._pass_streak = 0
        if fire(st, "all_passed", p):
            return
    if turns >= MAX_TURNS_PER_HAND:
        st.emit("turn_limit", None, turns=turns)
        st._end_hand("void", [], "turn_limit")
        return
    if st._opening:  # the opening turn is over: the first player's turn comes now
        st._opening = False
        st._pass_streak = 0
        st.current_player = order[0]
        step = st._step = facts.first_step
        return offer(st, step, order[0])
    nxt = next_seat(st, order, facts, p)
    while nxt is not None and st.out_of_hand and nxt in st.out_of_hand:
        if len(st.out_of_hand) >= len(order):  # nobody is left in the hand
            return stuck(st)
        nxt = next_seat(st, order, facts, p)
    if nxt is None:
        return
    st.current_player = nxt
    step = st._step = facts.first_step
    offer(st, step, nxt)


def next_seat(st: GameState, order: list[int], facts: Any, p: int) -> int | None:
    """The seat after the current one in turn, the round and the knock's stop kept; None when
    the hand ended there (a `round_end` trigger, the knock came round). `p` has just played;
    a seat out of this hand is passed over by the caller, each seat passed counting as its turn
    for the round and the knock."""
    i = st._turn_index + 1
    if i >= len(order):
        if st.rules.triggers.get("round_end") and fire(st, "round_end", p):
            return None
        i = 0
        st.round += 1
        if st.knocker is not None and facts.knock_ends_round:  # the dealer has played
            st._end_hand("showdown", [], "knock")
            return None
    st._turn_index = i
    nxt = order[i]
    if nxt == st._stop_before:  # after a knock, the turn comes back to the knocker
        if nxt != st.knocker or not facts.knocker_plays_last:
            st._end_hand("showdown", [], "knock")
            return None
        # he plays his last turn; the hand ends before the next player's
        st._stop_before = order[i + 1] if i + 1 < len(order) else order[0]
    return nxt


def offer(st: GameState, step: Step, p: int) -> None:
    """List the moves of `p`, who plays `step` (the current step) now; a player with none ends
    the hand in a showdown instead of hanging. When the step offers a draw from an empty stock,
    the `stock_empty` triggers say first what happens (and may end the hand)."""
    facts = st.facts
    if step in facts.draws_from_stock and not st.zones[facts.stock] \
            and (fire(st, "stock_empty", p) or st.hand_over):
        return
    listed = step.legal  # called from a local, as `run` in apply_move
    legal = st._legal = listed(st, p)
    if not legal:
        stuck(st)


def stuck(st: GameState) -> None:
    """The player to move has no legal move: the hand ends in a showdown instead of
    hanging."""
    st.emit("stuck", st.current_player, step=st._step.name)
    st._end_hand("showdown", [], "stuck")


def knock(st: GameState, p: int) -> None:
    """`p` knocks (stands), if nobody has yet."""
    if st.knocker is None:
        stop = st.facts.knock_stop
        st.knocker, st._stop_before = p, p if stop is None else stop(st, p)
        if st.record:
            st.emit("knock", p, round=st.round)


def stock_ran_out(st: GameState, zone: str) -> None:
    """A draw found `zone` empty: the `stock_empty` triggers say what happens."""
    fire(st, "stock_empty", st.current_player)
