"""Greedy's decisions written as the turn's own code: one function plays a whole greedy turn.

A simulation between greedy bots spends most of a turn on the shape of the game API: the
first step's moves listed, the bot called, each move asked its role, the move played, the
discard step's moves listed, the bot called again. When every seat is the same greedy bot and
nothing is recorded or watched, the decisions can be taken from the hand itself: this module
writes, for a ruleset whose turns have a shape it knows, one function `turn(st)` that decides
greedy's first move from the listed first step (knock, a visible card that raises the hand, a
blind draw, a pass, in greedy's order), plays a draw with its primitive's own statements
(`primitives.written`), chooses the discard straight from the hand's mask (no listing of the
discard step) and plays it, then ends the turn with the ruleset's written `end_turn`.

The shapes known are said by roles, never by names (`roles`): a first step whose options draw
(DRAW), knock (KNOCK) or pass (PASS), every draw followed by a step of one unguarded DISCARD
option, each primitive written as statements; no opening turn, no blind opening, no declared
hand, no trigger watching every move, hands of a fixed size. For any other ruleset
`greedy_turn` answers None and the general loop runs. Within a supported ruleset a decision
of an unusual form (a single move offered, a hand not of its size) is left to the bot itself.
The games are the same move for move (tests/test_policy_code.py plays both ways).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .policy_capture import capture_turn
from .policy_swap import swap_turn
from .roles import DISCARD, DRAW, KNOCK, PASS
from .rules import made_once

if TYPE_CHECKING:
    from .rules import Option, PlayFacts, Ruleset, Step

#: (state) -> None: one whole greedy turn (or, in an unusual position, one decision) played
Turn = Callable[[Any], None]


def greedy_turn(rules: Ruleset, knock: float, declining: bool) -> Turn | None:
    """The ruleset's fused greedy turn for this knock bar (the widow family's from
    `policy_swap`, the capture family's from `policy_capture`), or None when its turns have a
    shape no writer knows (made once per ruleset and bar)."""
    return made_once(rules, ("greedy_turn", knock, declining), lambda: (
        _write(rules, knock, declining) or swap_turn(rules, knock, declining)
        or capture_turn(rules, knock, declining)))


def _supported(rules: Ruleset, facts: PlayFacts) -> bool:
    """Whether every move of a turn is of a kind the written turn plays as greedy would."""
    first = facts.first_step
    if rules.opening is not None or rules.opening_blind or facts.watch_moves:
        return False
    others = [s for s in rules.steps.values() if s is not first]
    if len(first.actions) != len(first.options) or any(
            o.role not in (DRAW, KNOCK, PASS) or o.effects or len(a) != 1
            for o, a in zip(first.options, first.actions)):
        return False
    for opt in first.options:
        if opt.role is DRAW:
            if opt.then is None or getattr(opt.run, "inline", None) is None:
                return False
            if _discard_step(rules, facts, opt) is None:
                return False
        elif opt.then is not None:
            return False
    return all(any(o.then == s.name for o in first.options) for s in others)


def _discard_step(rules: Ruleset, facts: PlayFacts, opt: Option) -> Step | None:
    """The step after a draw when it is one unguarded discard ending the turn, else None."""
    step = rules.steps[opt.then] if opt.then else None
    if step is None or step in facts.draws_from_stock or len(step.options) != 1:
        return None
    d = step.options[0]
    if d.role is not DISCARD or d.guards or d.then is not None or d.effects or \
            getattr(d.run, "inline", None) is None or \
            any(len(key) != 1 for key in step.actions[0]):
        return None
    return step


def _write(rules: Ruleset, knock: float, declining: bool) -> Turn | None:
    from .bots import _greedy_tables, _improver  # bots imports this module's user
    from .rules import play_facts

    facts = play_facts(rules)
    if not _supported(rules, facts):
        return None
    strength, value_of_rank, size, _, shows_top, bar, _, bits, declares = \
        _greedy_tables(rules, knock, declining)
    if declares:
        return None
    first = facts.first_step
    env: dict[str, Any] = {
        "FIRST": first, "BOT": _improver(knock, declining), "PLAY": facts.play,
        "end_turn": facts.end_turn, "STRENGTH": strength, "VALUE_OF_RANK": value_of_rank,
        "SIZE": size, "BAR": bar, "BITS": bits, "KNOCK": KNOCK}
    out = ["def turn(st):",
           "    legal = st._legal",
           "    p = st.current_player",
           "    hand = st.hands[p]",
           "    if st._step is not FIRST or len(legal) == 1 or len(hand) != SIZE:",
           "        a = BOT(st, legal)",
           "        return PLAY[a.option_ref](st, a)",
           "    hmask = st.masks[p]",
           "    cur = STRENGTH[hmask]",
           "    a = None",
           f"    if VALUE_OF_RANK[cur] >= BAR{' - st.round' if declining else ''}:",
           "        for x in legal:",
           "            if x.role is KNOCK:",
           "                a = x",
           "                break",
           "    if a is None:",
           *_first_choice(first, shows_top, env),
           *_plays(rules, facts, first, env)]
    exec("\n".join(out), env)  # only names of `env` in it
    fn: Turn = env["turn"]
    return fn


def _first_choice(first: Step, shows_top: dict[str, bool], env: dict[str, Any]) -> list[str]:
    """Greedy's choice among the first step's listed moves (bots._improve, for these roles):
    the first visible card that raises the hand, else the first blind draw, pass or knock."""
    out = ["        blind = pass_ = knock_move = None",
           "        zones = st.zones",
           "        for x in legal:",
           "            o = x.option_ref"]
    word = "if"
    for k, opt in enumerate(first.options):
        env[f"OPT{k}"] = opt
        out.append(f"            {word} o is OPT{k}:")
        word = "elif"
        if opt.role is DRAW:
            env[f"Z{k}"], env[f"SHOWS{k}"] = opt.zone, shows_top.get(opt.zone or "", False)
            out += [f"                pile = zones[Z{k}]",
                    f"                if pile and (SHOWS{k} or st.face_up[Z{k}]):",
                    "                    four = hmask | BITS[pile[-1]]",
                    "                    for c in hand:",
                    "                        if STRENGTH[four ^ BITS[c]] > cur:",
                    "                            a = x",
                    "                            break",
                    "                    if a is not None:",
                    "                        break",
                    "                elif blind is None:",
                    "                    blind = x"]
        elif opt.role is KNOCK:
            out += ["                if knock_move is None:", "                    knock_move = x"]
        else:
            out += ["                if pass_ is None:", "                    pass_ = x"]
    return out + ["        if a is None:",
                  "            a = blind or pass_ or knock_move or legal[0]"]


def _plays(rules: Ruleset, facts: PlayFacts, first: Step, env: dict[str, Any]) -> list[str]:
    """Each draw played in line with the discard that follows it, chosen from the hand; any
    other move by its option's written play."""
    out = ["    o = a.option_ref"]
    for k, opt in enumerate(first.options):
        if opt.role is not DRAW:
            continue
        step = _discard_step(rules, facts, opt)
        assert step is not None
        d = step.options[0]
        env[f"THEN{k}"], env[f"DOPT{k}"] = step, d
        env[f"DISCARDS{k}"] = {key[0]: act for key, act in step.actions[0].items()}
        out += [f"    if o is OPT{k}:", "        action = a", f"        opt = OPT{k}",
                *_inline(opt, env, "        "),
                "        if not st.hand_over:",
                f"            st._step = THEN{k}",
                "            hmask = st.masks[p]",
                "            best_c, best_s = None, -1",
                "            for c in hand:  # greedy's discard: the best hand left, first on ties",
                "                s = STRENGTH[hmask ^ BITS[c]]",
                "                if s > best_s:",
                "                    best_c, best_s = c, s",
                f"            action = DISCARDS{k}[best_c]",
                f"            opt = DOPT{k}",
                *_inline(d, env, "            "),
                "            if not st.hand_over:",
                "                end_turn(st, p)",
                "        if st.hand_over:",
                "            st._after_hand()",
                "        return"]
    return out + ["    PLAY[o](st, a)"]


def _inline(opt: Option, env: dict[str, Any], pad: str) -> list[str]:
    """`opt`'s primitive's statements (over st, opt, action, p), its values named in `env`."""
    run: Any = opt.run  # a written primitive (primitives.written) keeps its text
    template, values = run.inline
    assert all(env.get(k, v) is v for k, v in values.items()), \
        "a primitive's values take the names of the code"
    env.update(values)
    return [pad + line for line in template.splitlines()]
