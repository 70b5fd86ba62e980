"""The turn loop's code, written once per ruleset: what follows a move, as straight-line code.

`turns.py` says what happens after a move: the option's primitive and effects run, the turn
goes on to the option's next step (whose moves are listed, after the `stock_empty` triggers
when the step draws from an empty stock) or ends (the `turn_end` and `all_passed` triggers,
the turn limit, the opening turn, the next seat in turn with the round and the knock kept,
the first step's moves listed). Most of those tests have the same answer in every game of a
ruleset (does anything listen to `all_passed`? does the ruleset have an opening turn? does a
knock end the round?), so the code for a ruleset is written with only the lines its answers
need, as `listing.py` writes a step's lister: one function per option (`PlayFacts.play`,
what playing one of its moves does, its primitive's statements and its next step's listing
written in), one for the end of a turn (`PlayFacts.end_turn`, the next seat and its listing
written in) and one per step for the listing alone (`PlayFacts.offer`, a hand's first
decision). Against the same logic read from the facts at every move, in six calls a turn
more: the greedy turn of the speed benchmark 44.3k to 39.5k instructions (docs/speed.md).

Everything the code refers to (options, steps, listers, zone names, the helpers of
`turns.py`) is passed to it as a value, under a name made here; nothing of a rule file is
written into its text.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import turns
from .triggers import fire

if TYPE_CHECKING:
    from .rules import Option, PlayFacts, Ruleset, Step

#: (state, action) -> None: playing a move of one option, and all that follows until the next
#: decision
Play = Callable[[Any, Any], None]


def write_turn(rules: Ruleset, facts: PlayFacts
               ) -> tuple[dict[Option, Play], Callable, dict[Step, Callable]]:
    """Each option's `play`, the ruleset's `end_turn(state, player)` and each step's
    `offer(state, player)`, the step played and its moves listed (turns.offer)."""
    env: dict[str, Any] = {
        "fire": fire, "stuck": turns.stuck, "log_move": turns.log_move,
        "watch_move": turns.watch_move, "next_seat": turns.next_seat,
        "turn_end_fired": turns.turn_end_fired, "MAX_TURNS": turns.MAX_TURNS_PER_HAND,
        "STOCK": facts.stock, "HANDS": facts.turn_end_hands}
    own = dict(env)  # each function has names of its own (its step's listing, its option)
    exec("\n".join(_end_turn_lines(rules, facts, own)), own)  # only names of `own` in it
    env["end_turn"] = own["end_turn"]
    offers = {}
    for step in rules.steps.values():
        own = dict(env)
        lines = _enter_lines(facts, step, "p", "step", own, "    ", ends="return")
        exec("\n".join(["def offer(st, p):", *lines]), own)  # (and only those)
        offers[step] = own["offer"]
    plays = {}
    for step in rules.steps.values():
        for opt in step.options:
            own = dict(env)
            exec("\n".join(_play_lines(rules, facts, opt, own)), own)  # (and only those)
            plays[opt] = own["play"]
    return plays, env["end_turn"], offers


def _play_lines(rules: Ruleset, facts: PlayFacts, opt: Option, env: dict[str, Any]
                ) -> list[str]:
    """`play(st, action)`: `opt`'s move played (turns.apply_move says what that is), its
    primitive's statements in line when it has them (`primitives.written`)."""
    env["opt"] = opt
    out = ["def play(st, action):",
           "    p = st.current_player",
           "    if st._logging:",
           "        log_move(st, action, p)"]
    inline = getattr(opt.run, "inline", None)
    if inline is None:
        env["run"] = opt.run
        out.append("    run(st, opt, action, p)")
    else:
        template, values = inline
        assert not set(values) & set(env), "a primitive's values take the names of the code"
        env.update(values)
        out += [f"    {line}" for line in template.splitlines()]
    for k, eff in enumerate(opt.effects):
        env[f"effect{k}"] = eff
        out.append(f"    effect{k}(st, p)")
    if facts.watch_moves:
        out += ["    if watch_move(st, opt, p):", "        pass", "    elif not st.hand_over:"]
    else:
        out.append("    if not st.hand_over:")
    if opt.then is None:
        out.append("        end_turn(st, p)")
    else:
        # an optional next step offering nothing ends the turn, not the hand
        out += _enter_lines(facts, rules.steps[opt.then], "p", "then", env, "        ",
                            ends="pass",
                            stuck="end_turn(st, p)" if opt.then_optional else "stuck(st)")
    return out + ["    if st.hand_over:", "        st._after_hand()"]


def _enter_lines(facts: PlayFacts, step: Step, who: str, tag: str, env: dict[str, Any],
                 pad: str, ends: str, stuck: str = "stuck(st)") -> list[str]:
    """`step` becomes the step played and the moves of `who` in it are listed (turns.offer);
    `ends` is the statement leaving the code when the stock's emptiness ends the hand, `stuck`
    the one run when the step offers no move (the hand ends for want of one, or with
    `then_optional` the turn does)."""
    env[tag] = step
    out = [f"{pad}st._step = {tag}"]
    body = pad
    if step in facts.draws_from_stock:
        test = f"not st.zones[STOCK] and (fire(st, 'stock_empty', {who}) or st.hand_over)"
        out += [f"{pad}if {test}:", f"{pad}    {ends}", f"{pad}else:"]
        body = pad + "    "
    if step.code is None:  # one option's own lister
        env[f"{tag}_legal"] = step.legal
        out.append(f"{body}legal = st._legal = {tag}_legal(st, {who})")
    else:  # the step's listing in line (it names the player `p`)
        lines, values = step.code
        assert all(env.get(k, v) is v for k, v in values.items()), \
            "the listing's values take the names of the code"
        env.update(values)
        if who != "p":
            out.append(f"{body}p = {who}")
        out += [body + line[4:] for chunk in lines for line in chunk.split("\n")]
        out.append(f"{body}legal = st._legal = out")
    return out + [f"{body}if not legal:", f"{body}    {stuck}"]


def _end_turn_lines(rules: Ruleset, facts: PlayFacts, env: dict[str, Any]) -> list[str]:
    """`end_turn(st, p)`: `p`'s turn is over (turns.end_turn says what follows)."""
    out = ["def end_turn(st, p):",
           "    st.turns_in_hand = turns = st.turns_in_hand + 1",
           "    st.turns_taken += 1",
           "    st.just_drawn = None"]
    if facts.turn_end_hands is not None:  # every condition on his hand alone: one lookup
        out += ["    if st.masks[p] in HANDS and fire(st, 'turn_end', p):", "        return"]
    elif facts.on_turn_end:
        out += ["    if turn_end_fired(st, p):", "        return"]
    out.append("    order = st._order")
    if facts.on_all_passed:
        out += ["    if st._pass_streak >= len(order):", "        st._pass_streak = 0",
                "        if fire(st, 'all_passed', p):", "            return"]
    out += ["    if turns >= MAX_TURNS:",
            "        st.emit('turn_limit', None, turns=turns)",
            "        st._end_hand('void', [], 'turn_limit')",
            "        return"]
    if rules.opening is not None:
        out += ["    if st._opening:", "        st._opening = False",
                "        st._pass_streak = 0", "        q = st.current_player = order[0]",
                *_enter_lines(facts, facts.first_step, "q", "first", env, "        ",
                              ends="return"),
                "        return"]
    return out + _next_seat_lines(rules, facts) + [
        "    if st.out_of_hand and nxt in st.out_of_hand:",
        "        while nxt is not None and nxt in st.out_of_hand:",
        "            if len(st.out_of_hand) >= len(order):",
        "                return stuck(st)",
        "            nxt = next_seat(st, order, st.facts, p)",
        "        if nxt is None:",
        "            return",
        "    st.current_player = nxt",
        *_enter_lines(facts, facts.first_step, "nxt", "first", env, "    ", ends="return")]


def _next_seat_lines(rules: Ruleset, facts: PlayFacts) -> list[str]:
    """`nxt`, the seat after `p` in turn (turns.next_seat, written in), or a return when the
    hand ended there."""
    out = ["    i = st._turn_index + 1", "    if i >= len(order):"]
    if rules.triggers.get("round_end"):
        out += ["        if fire(st, 'round_end', p):", "            return"]
    out += ["        i = 0", "        st.round += 1"]
    if facts.knock_ends_round:
        out += ["        if st.knocker is not None:",
                "            st._end_hand('showdown', [], 'knock')", "            return"]
    out += ["    st._turn_index = i", "    nxt = order[i]", "    if nxt == st._stop_before:"]
    if facts.knocker_plays_last:
        out += ["        if nxt != st.knocker:",
                "            st._end_hand('showdown', [], 'knock')", "            return",
                "        st._stop_before = order[i + 1] if i + 1 < len(order) else order[0]"]
    else:
        out += ["        st._end_hand('showdown', [], 'knock')", "        return"]
    return out

