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

Over that turn, `hand(st)` plays a hand's turns one after the other in one loop (`_hand_loop`):
the first step's moves are tested, not listed; the turn's end (the counters, the next seat,
the round) is written in with its values in the loop's variables, and the state gets them back
before anything that could read them runs (a trigger, the hand's end, a reshuffle, a knock's
rule, a move the loop leaves to the written turn). Where the ruleset's first step has a guard
not written as an expression, or the turn's end a trigger not told by the hand alone, the
written turn is what `greedy_turn` gives. The games are the same move for move
(tests/test_policy_code.py plays every built-in both ways, at every table from two to eight).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .listing import _test
from .policy_capture import capture_turn
from .policy_env import TURN_OPENING, greedy_env
from .policy_swap import swap_turn
from .roles import DISCARD, DRAW, KNOCK, PASS
from .rules import made_once
from .turns import MAX_TURNS_PER_HAND

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
    made = greedy_env(rules, knock, declining, _supported)
    if made is None:
        return None
    facts, env, shows_top = made
    first = facts.first_step
    env.update(KNOCK=KNOCK, DECLINING=declining)
    out = [*TURN_OPENING,
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
    return _hand_loop(rules, facts, fn, env) or fn


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
        if opt.role is DRAW and not opt.unit.takes_top:  # what shows is not what it takes:
            out += ["                if blind is None:", "                    blind = x"]  # blind
        elif opt.role is DRAW:
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


# ---- the hand's turns as one loop ---------------------------------------------------------
#: what the loop keeps in its own variables between turns: the state's field -> its value there
HELD = {"turns_in_hand": "turns", "turns_taken": "before + turns", "_turn_index": "ti",
        "current_player": "p"}
#: the loop's variables written back to the state
SYNC = "; ".join(f"st.{field} = {value}" for field, value in HELD.items())
#: the state's fields the loop holds as variables of its own, the same objects all the hand
ALIASES = {"st.hands[p]": "hand", "st.masks[p]": "masks[p]", "st.zones[": "zones["}


def _hand_loop(rules: Ruleset, facts: PlayFacts, turn: Turn, env: dict[str, Any]
               ) -> Turn | None:
    """`hand(st)`: the written turn's decisions and moves, turn after turn of a hand in one
    loop, with what a turn's end changes (the turn counters, the seat, the round) kept in
    variables and written to the state before anything that can read it runs: a knock, a pass,
    a trigger, the hand's end, an empty stock, a position of an unusual form. The ruleset's own
    code (`end_turn`, the first step's `offer`, the written turn) goes on from there, so the
    game is the same. None when a first step's option is not one move listed by guards in
    line (the loop tests them itself, listing nothing), or the turn's end has a trigger not
    told by the hand alone, or a draw takes another card than the top its zone shows (the
    loop values the top as the card drawn; the written turn draws such a card blind)."""
    first = facts.first_step
    if facts.on_turn_end and facts.turn_end_hands is None:
        return None
    draws = [k for k, o in enumerate(first.options) if o.role is DRAW]
    if any(not first.options[k].unit.takes_top for k in draws):
        return None
    tests: list[str] = []
    for k, (opt, table) in enumerate(zip(first.options, first.actions)):
        test = _listed_test(opt, table, f"h{k}_", env, f"pile{k}" if k in draws else None)
        if test is None:
            return None
        tests.append(test)
    texts = " ".join(tests + [env[f"OPT{k}"].run.inline[0] for k in draws] +
                     [env[f"DOPT{k}"].run.inline[0] for k in draws])
    # a test or a move reading a field the loop keeps has it written at every turn
    through = [f"st.{attr} = {value}" for attr, value in HELD.items() if f"st.{attr}" in texts]
    stock = next((f"pile{k}" for k in draws if first.options[k].zone == facts.stock),
                 "zones[STOCK]") if first in facts.draws_from_stock else None
    env.update(TURN=turn, OFFER=facts.offer[first], HANDS=facts.turn_end_hands or {},
               STOCK=facts.stock, MAX_TURNS=MAX_TURNS_PER_HAND,
               BY_CARDS=made_once(rules, "greedy_by_cards", lambda: _by_cards(
                   env["STRENGTH"], env["BITS"], env["SIZE"])))
    out = [*_hand_entry(draws, stock, env["DECLINING"]), "    while True:",
           *_hand_choice(first, tests, draws, env), *_hand_moves(first, draws, env),
           *_hand_turn_end(rules, facts, through, stock, env["DECLINING"])]
    exec("\n".join(out), env)  # only names of `env` in it
    fn: Turn = env["hand"]
    return fn


def _listed_test(opt: Option, table: Any, name: str, env: dict[str, Any], pile: str | None
                 ) -> str | None:
    """The expression saying whether `opt`'s one move is listed now (listing.listing_code's
    test for it, over `st`, `p` and `zones`; `pile` names its zone's cards), or None when its
    listing is not such a test."""
    if len(table) != 1 or () not in table or opt.shape not in ("always", "if_zone") or \
            any(getattr(g, "inline", None) is None for g in opt.guards):
        return None
    tests = [_test(g, f"{name}g{j}", env) for j, g in enumerate(opt.guards)]
    if opt.shape == "if_zone":
        env[f"{name}z"] = opt.zone
        tests.append(pile or f"zones[{name}z]")
    return " and ".join(tests) if tests else "True"


def _exit(pad: str, *then: str) -> list[str]:
    """Leave the loop at a turn's start: the state written back, the first step's moves
    listed (its `offer`), then `then`."""
    return [f"{pad}{SYNC}", f"{pad}st.just_drawn = None", f"{pad}OFFER(st, p)",
            *[pad + line for line in then]]


def _to_turn(pad: str) -> list[str]:
    """Leave the loop to the written turn (a pass, a knock not written as statements, a
    move greedy makes of one offered), or to the hand's end when nothing is offered."""
    return _exit(pad, "if st.hand_over:", "    st._after_hand()", "else:", "    TURN(st)",
                 "return")


def _end(pad: str) -> list[str]:
    """Leave the loop at a turn's end: the state written back, the ruleset's `end_turn`."""
    return [f"{pad}{SYNC}", f"{pad}st._step = then", f"{pad}end_turn(st, p)",
            f"{pad}if st.hand_over:", f"{pad}    st._after_hand()", f"{pad}return"]


def _hand_entry(draws: list[int], stock: str | None, declining: bool) -> list[str]:
    """The loop's start: a position of the usual form (the first step offered, two moves or
    more, every hand of its size, nobody out of the hand, the stock not empty), else the
    written turn. Inside the loop no hand changes its size (a draw, then a discard)."""
    return ["def hand(st):",
            "    hands = st.hands",
            "    zones = st.zones",
            "    order = st._order",
            "    if st._step is not FIRST or len(st._legal) < 2 or st.out_of_hand" +
            (" or not zones[STOCK]:" if stock else ":"),
            "        return TURN(st)",
            "    for q in order:",
            "        if len(hands[q]) != SIZE:",
            "            return TURN(st)",
            "    p = st.current_player",
            "    hand = hands[p]",
            "    masks = st.masks",
            "    face_up = st.face_up",
            "    n = len(order)",
            "    knocker = st.knocker",
            "    stop = st._stop_before",
            "    ti = st._turn_index",
            "    turns = st.turns_in_hand",
            "    before = st.turns_taken - turns",
            "    last = MAX_TURNS - 1",
            "    rnd = st.round",
            f"    bar = BAR{' - rnd' if declining else ''}",
            *[f"    pile{k} = zones[Z{k}]" for k in draws]]


def _hand_choice(first: Step, tests: list[str], draws: list[int], env: dict[str, Any]
                 ) -> list[str]:
    """A turn's first decision as greedy's (`_first_choice`, over the moves listed): a knock
    at the bar, else the first visible card that raises the hand, else the first blind draw.
    Anything else (a pass, a knock below the bar, a visible card that does not raise the
    hand, offered alone) is left to the written turn, which greedy's moves with one offered
    are too: the loop does not count the moves. The knock's tests are made only when asked."""
    def test(k: int) -> str:
        return f"t{k}" if k in draws else f"({tests[k]})"
    size = env["SIZE"]
    held = [f"c{i}" for i in range(size)]
    if env["BY_CARDS"] is None:
        out = ["        hmask = masks[p]", "        cur = STRENGTH[hmask]"]
    else:
        out = [f"        {', '.join(held)}{',' if size == 1 else ''} = hand",
               f"        cur = {_of(held, env)}"]
    out += [f"        t{k} = {tests[k]}" for k in draws]
    scan = ["sel = blind = -1"]
    for n, k in enumerate(draws):
        shows = env[f"SHOWS{k}"]
        scan += [f"if {'sel < 0 and ' if n else ''}t{k}:", f"    pile = pile{k}",
                 f"    if pile{'' if shows else f' and face_up[Z{k}]'}:",
                 *_raises(env, k, "        "),
                 "    elif blind < 0:", f"        blind = {k}"]
    scan += ["if sel < 0:", "    sel = blind", "    if sel < 0:",
             *_to_turn("        ")]
    knocks = [k for k, o in enumerate(first.options) if o.role is KNOCK]
    if not knocks:
        return out + ["        " + line for line in scan]
    out.append(f"        if VALUE_OF_RANK[cur] >= bar and ({' or '.join(map(test, knocks))}):")
    if any(getattr(first.options[k].run, "inline", None) is None for k in knocks):
        out += _to_turn("            ")
    else:  # the first knock offered, played in the loop (_hand_moves)
        out += [f"            {'if' if j == 0 else 'elif'} {test(k)}:\n                sel = {k}"
                for j, k in enumerate(knocks)]
    return out + ["        else:", *["            " + line for line in scan]]


#: hands up to this size have greedy's loops over their cards written card by card
UNROLLED = 6


#: hands of up to this many cards of a deck of up to CARDS cards have their strengths in a
#: table by their cards too (lists in lists: 64,000 places for three of forty), read in the
#: loop without a mask made and hashed for each hand it asks about
BY_CARDS, CARDS = 3, 64


def _by_cards(strength: Any, bits: list[int], size: int) -> list | None:
    """The strength of every hand of `size` cards by its cards in any order (`t[a][b][c]`),
    or None when hands are larger, decks bigger or a hand of that size has no strength."""
    from itertools import combinations, permutations
    n = len(bits)
    if size > BY_CARDS or n > CARDS:
        return None

    def empty(depth: int) -> list:
        return [None] * n if depth == 1 else [empty(depth - 1) for _ in range(n)]
    table = empty(size)
    for cards in combinations(range(n), size):
        mask = 0
        for c in cards:
            mask |= bits[c]
        if mask not in strength:
            return None
        for order in permutations(cards):
            place = table
            for c in order[:-1]:
                place = place[c]
            place[order[-1]] = strength[mask]
    return table


def _of(cards: list[str], env: dict[str, Any]) -> str:
    """The strength of the hand of these cards (the loop's variables) by the table of cards."""
    return "BY_CARDS" + "".join(f"[{c}]" for c in cards)


def _raises(env: dict[str, Any], k: int, pad: str) -> list[str]:
    """`sel = k` when the pile's top card raises the hand (`c0`...): some card of the hand
    discarded for it leaves a better hand than `cur`."""
    size = env["SIZE"]
    if env["BY_CARDS"] is not None:
        held = [f"c{i}" for i in range(size)]
        tests = " or ".join(f"{_of([*held[:i], *held[i + 1:], 'top'], env)} > cur"
                            for i in range(size))
        return [f"{pad}top = pile[-1]", f"{pad}if {tests}:", f"{pad}    sel = {k}"]
    out = [f"{pad}four = hmask | BITS[pile[-1]]"]
    if size > UNROLLED:
        return out + [f"{pad}for c in hand:", f"{pad}    if STRENGTH[four ^ BITS[c]] > cur:",
                      f"{pad}        sel = {k}", f"{pad}        break"]
    cards = ", ".join(f"c{i}" for i in range(size))
    tests = " or ".join(f"STRENGTH[four ^ BITS[c{i}]] > cur" for i in range(size))
    return out + [f"{pad}{cards}{',' if size == 1 else ''} = hand", f"{pad}if {tests}:",
                  f"{pad}    sel = {k}"]


def _best_discard(size: int, pad: str, env: dict[str, Any]) -> list[str]:
    """`best_c`: greedy's discard from the hand (of `size` cards, mask `hmask`), the card
    leaving the best hand, the first on ties."""
    if env["BY_CARDS"] is not None:
        held = [f"c{i}" for i in range(size)]
        out = [f"{pad}{', '.join(held)} = hand",
               f"{pad}best_c, best_s = c0, {_of(held[1:], env)}"]
        for i in range(1, size):
            out += [f"{pad}s = {_of([*held[:i], *held[i + 1:]], env)}", f"{pad}if s > best_s:",
                    f"{pad}    best_c, best_s = c{i}, s"]
        return out
    out = [f"{pad}hmask = masks[p]"]
    if size > UNROLLED:
        return out + [f"{pad}best_c, best_s = None, -1", f"{pad}for c in hand:",
                      f"{pad}    s = STRENGTH[hmask ^ BITS[c]]", f"{pad}    if s > best_s:",
                      f"{pad}        best_c, best_s = c, s"]
    out += [f"{pad}{', '.join(f'c{i}' for i in range(size))}{',' if size == 1 else ''} = hand",
            f"{pad}best_c, best_s = c0, STRENGTH[hmask ^ BITS[c0]]"]
    for i in range(1, size):
        out += [f"{pad}s = STRENGTH[hmask ^ BITS[c{i}]]", f"{pad}if s > best_s:",
                f"{pad}    best_c, best_s = c{i}, s"]
    return out


def _hand_knock(first: Step, env: dict[str, Any]) -> list[str]:
    """A knock chosen in the loop, by its primitive's statements, with the state written
    back first (a knock's rule may ask where the turn is): the knocker and the seat the
    hand stops before are read again after it."""
    out = []
    for k, opt in enumerate(first.options):
        if opt.role is KNOCK and getattr(opt.run, "inline", None) is not None:
            env[f"ACT{k}"] = first.actions[k][()]
            out += [f"        elif sel == {k}:", f"            action = ACT{k}",
                    f"            opt = OPT{k}", "            then = FIRST",
                    f"            {SYNC}", *_inline(opt, env, "            "),
                    "            knocker = st.knocker", "            stop = st._stop_before"]
    return out


def _aliased(opt: Option, env: dict[str, Any], pad: str) -> list[str]:
    """`_inline`'s statements, the state's fields the loop holds read from its variables."""
    lines = _inline(opt, env, pad)
    for field, alias in ALIASES.items():
        lines = [line.replace(field, alias) for line in lines]
    return lines


def _hand_moves(first: Step, draws: list[int], env: dict[str, Any]) -> list[str]:
    """The chosen draw and greedy's discard, each by its primitive's statements (the written
    turn's), and what follows a move that ended the hand."""
    out = []
    word = "if"
    for k in draws:
        env[f"ACT{k}"] = first.actions[k][()]
        out += [f"        {word} sel == {k}:", f"            action = ACT{k}",
                f"            opt = OPT{k}", f"            then = THEN{k}",
                *_aliased(env[f"OPT{k}"], env, "            "),
                "            if st.hand_over:", f"                {SYNC}",
                "                st._after_hand()", "                return",
                *_best_discard(env["SIZE"] + 1, "            ", env),
                f"            action = DISCARDS{k}[best_c]",
                f"            opt = DOPT{k}",
                *_aliased(env[f"DOPT{k}"], env, "            ")]
        word = "elif"
    return out + [*_hand_knock(first, env),
                  "        if st.hand_over:", f"            {SYNC}", "            st._step = then",
                  "            st._after_hand()", "            return"]


def _hand_turn_end(rules: Ruleset, facts: PlayFacts, through: list[str], stock: str | None,
                   declining: bool) -> list[str]:
    """The turn's end (turn_code's `end_turn`) where nothing happens but the next seat's turn;
    the turn limit, a trigger, the round's end with a knock or round_end triggers, the knock's
    stop or an empty stock leave the loop to the ruleset's `end_turn` or `offer`."""
    hands = " or masks[p] in HANDS" if facts.turn_end_hands is not None else ""
    wrap = []
    if rules.triggers.get("round_end"):
        wrap = _end("            ")
    elif facts.knock_ends_round:
        wrap = ["            if knocker is not None:", *_end("                ")]
    out = [f"        if turns >= last{hands}:", *_end("            "),
           "        i = ti + 1",
           "        if i < n:", "            nxt = order[i]",
           "            if nxt == stop:", *_end("                "),
           "        else:", *wrap, "            nxt = order[0]",
           "            if nxt == stop:", *_end("                "),
           "            i = 0", "            rnd += 1", "            st.round = rnd",
           *(["            bar = BAR - rnd"] if declining else []),
           "        turns += 1", "        ti = i", "        p = nxt", "        hand = hands[p]",
           *[f"        {t}" for t in through]]
    if stock:
        out += [f"        if not {stock}:",
                *_exit("            ", "if st.hand_over:", "    st._after_hand()", "return")]
    return out
