"""Greedy's turn written as code for the widow family: exchanges with a zone, a pass, a knock.

`policy_code` writes greedy's whole turn for rulesets that draw and discard; a ruleset whose
turn is one exchange with a zone (a widow, a table of open cards) or a pass or a knock has
another shape, and this module writes its turn: one function `turn(st)` that takes
greedy's decision from the listed first step as `bots._improve` does for these roles (the knock
at the bar first; then, in one pass over the moves, the exchange raising the hand most, the
first such on ties, the whole zone only where it shows and beats the best single exchange; else
the first pass, else the first knock, else the first move), then plays that move in line: its
primitive's own statements (`primitives.written`) or, for a primitive without them, its call;
its option's effects; the run of passes an `all_passed` trigger reads; the `action` triggers'
conditions tested in line (a condition on the player's hand alone, `holds`, is one lookup of
the hand's mask after the exchange) and fired only when one holds; then the ruleset's written
`end_turn`. A hand of three cards is valued by the row of two of its cards (`_pair_rows`),
not by its mask looked up in the table of every hand, whose size (22,100 hands of a 52-card
deck) cost more in data-cache misses than the lookups themselves. This is what the general
loop does through the bot's two calls, the move's written
`play`, `turns.watch_move` and `triggers.may_fire`: the same games, move for move
(tests/test_policy_swap.py plays both ways and compares every field of the finished state).

The shape is said by roles and by what the units declare, never by names (`roles`): every
option of the first step is an exchange of one card named by both cards (SWAP), of the whole
hand (SWAP_ALL) or of some cards named by the hand they leave (EXCHANGE), a pass (PASS) or a
knock (KNOCK), at least one of them an exchange; every option ends the turn (no next step); no
opening turn, no blind opening (a move chosen unseen), no declared hand. Any other ruleset gets
None here and the general loop. Within a supported ruleset, a decision of an unusual form (one
move offered, a hand not of its size: an exchange with a zone of another size) is left to the
bot itself, as `policy_code` does.
"""
from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

from .policy_env import TURN_OPENING, greedy_env
from .roles import EXCHANGE, KNOCK, PASS, SWAP, SWAP_ALL, Role
from .rules import made_once
from .triggers import fire

if TYPE_CHECKING:
    from .policy_code import Turn
    from .rules import Option, PlayFacts, Ruleset, Step

#: the roles of the moves the written turn decides and plays; the exchanges among them
PLAYED = (SWAP, SWAP_ALL, EXCHANGE, PASS, KNOCK)
EXCHANGES = (SWAP, SWAP_ALL, EXCHANGE)


def swap_turn(rules: Ruleset, knock: float, declining: bool) -> Turn | None:
    """The ruleset's greedy turn written as code for this knock bar (`declining`: the bar
    drops a point a round), or None when its turn is not a shape of the widow family
    (`policy_code.greedy_turn` asks, and keeps the answer once per ruleset and bar)."""
    made = greedy_env(rules, knock, declining, _supported)
    if made is None:
        return None
    facts, env, _ = made
    first = facts.first_step
    env.update({"fire": fire, **{role.name: role for role in PLAYED}})
    walks = _walks(first)
    if walks and _rows(rules):  # the hand's value read from the rows of its pairs
        env["ROWS"] = made_once(rules, ("pair_rows",), lambda: _pair_rows(rules))
        value = ["    h0, h1, h2 = hand", "    cur = ROWS[h0][h1][h2]"]
    else:
        value = ["    cur = STRENGTH[hmask]"]
    out = [*TURN_OPENING,
           *value,
           "    a = None",
           f"    if VALUE_OF_RANK[cur] >= BAR{' - st.round' if declining else ''}:",
           *_knock_first(first, env),
           "    if a is None:",
           *(_walk(rules, first, env) if walks else
             _choice(rules, {o.role for o in first.options})),
           "    o = a.option_ref"]
    for k, opt in enumerate(sorted(first.options, key=lambda o: PLAYED.index(o.role))):
        out += _play(opt, k, facts, env)
    exec("\n".join(out), env)  # only names of `env` in it
    fn: Turn = env["turn"]
    return fn


def _supported(rules: Ruleset, facts: PlayFacts) -> bool:
    """Whether every move of a turn is one the written turn decides and plays as greedy and
    the general loop would (see the module's docstring)."""
    first = facts.first_step
    if rules.opening is not None or rules.opening_blind:
        return False
    if len(first.actions) != len(first.options) or \
            not any(o.role in EXCHANGES for o in first.options):
        return False
    for opt, moves in zip(first.options, first.actions):
        if opt.role not in PLAYED or opt.then is not None:
            return False
        if opt.role is SWAP and any(len(cards) != 2 for cards in moves):
            return False  # a move naming the zone card alone is chosen unseen
    return True


def _knock_first(first: Step, env: dict[str, Any]) -> list[str]:
    """The first knock listed, at the bar. Where the one knock option is the step's last and
    has one move, that move is listed exactly when it ends the list; else the list is read."""
    knocks = [o for o in first.options if o.role is KNOCK]
    if not knocks:
        return ["        pass"]
    last, moves = first.options[-1], first.actions[-1]
    if knocks == [last] and set(moves) == {()}:
        env["KNOCK_MOVE"] = moves[()]
        return ["        if legal[-1] is KNOCK_MOVE:", "            a = KNOCK_MOVE"]
    return ["        for x in legal:", "            if x.role is KNOCK:",
            "                a = x", "                break"]


def _walks(first: Step) -> bool:
    """Whether the listed moves can be walked option by option (`_walk`): every option but
    the one-card exchanges has one move, so where each option's moves begin is known."""
    return all(o.role is SWAP or set(moves) == {()}
               for o, moves in zip(first.options, first.actions))


def _walk(rules: Ruleset, first: Step, env: dict[str, Any]) -> list[str]:
    """Greedy's choice when it does not knock (`bots._improve` for these roles), walking the
    listed moves option by option in the step's order, as the step lists them: an option of
    one move offers it or not, a one-card exchange offers every hand card with every zone card
    (hand card by hand card) or none, so one identity test at the walk's place (the move, or
    the option of the move, found there) says whether an option is offered, and the walk steps
    over its moves. The exchange raising the hand most, the first such, is found from the hand
    and the zone themselves; else the first pass, the first knock, the first move."""
    out = ["        best = cur", "        pass_ = knock_ = None", "        i = 0",
           "        n = len(legal)"]
    for k, (opt, moves) in enumerate(zip(first.options, first.actions)):
        env[f"Z{k}"] = opt.zone
        if opt.role is SWAP:
            n = len(rules.deck.cards)
            env[f"T{k}"] = [[moves.get((h, z)) for z in range(n)] for h in range(n)]
            env[f"O{k}"] = opt
            out += [f"        if i < n and legal[i].option_ref is O{k}:",
                    f"            zone = st.zones[Z{k}]",
                    *_swaps(rules, k, env),
                    "            i += len(hand) * len(zone)"]
            continue
        env[f"A{k}"] = moves[()]
        out += [f"        if i < n and legal[i] is A{k}:", "            i += 1"]
        if opt.role is PASS or opt.role is KNOCK:
            name = "pass_" if opt.role is PASS else "knock_"
            out += [f"            if {name} is None:", f"                {name} = A{k}"]
        else:  # the whole zone, where it shows (of three cards: read from their rows)
            out += [f"            if st.face_up[Z{k}]:", f"                zone = st.zones[Z{k}]"]
            mask = ["m = 0", "for c in zone:", "    m |= BITS[c]", "s = STRENGTH.get(m, -1)"]
            out += (["                if len(zone) == 3:",
                     "                    s = ROWS[zone[0]][zone[1]][zone[2]]",
                     "                else:", *("                    " + x for x in mask)]
                    if _rows(rules) else ["                " + x for x in mask])
            out += ["                if s > best:", f"                    a, best = A{k}, s"]
    return out + ["        if a is None:",
                  "            a = pass_ or knock_ or legal[0]"]


def _swaps(rules: Ruleset, k: int, env: dict[str, Any]) -> list[str]:
    """Every one-card exchange of option `k` valued in the order listed: a 3-card hand by the
    row of the two cards it keeps (`_pair_rows`), read at the card taken; another by its mask
    in the strength table (without a default when that holds every hand of the size)."""
    if _rows(rules):
        out = []
        for j, (c, d) in enumerate(((1, 2), (0, 2), (0, 1))):
            out += [f"            row = ROWS[h{c}][h{d}]",
                    "            for z in zone:",
                    "                s = row[z]",
                    "                if s > best:",
                    f"                    a, best = T{k}[h{j}][z], s"]
        return out
    whole = len(rules.valuation.strength) == comb(len(rules.deck.cards), rules.hand_size)
    return ["            for h in hand:",
            "                hb = hmask ^ BITS[h]",
            "                for z in zone:",
            "                    s = " + ("STRENGTH[hb ^ BITS[z]]" if whole else
                                        "STRENGTH.get(hb ^ BITS[z], -1)"),
            "                    if s > best:",
            f"                        a, best = T{k}[h][z], s"]


def _rows(rules: Ruleset) -> bool:
    """Whether the rows of pairs (`_pair_rows`) value the hands: hands of three cards, every
    one of them in the strength table."""
    return rules.hand_size == 3 and \
        len(rules.valuation.strength) == comb(len(rules.deck.cards), 3)


def _pair_rows(rules: Ruleset) -> list[list[Any]]:
    """For a 3-card hand, `rows[a][b][c]`: the strength of the hand {a, b, c} (a row per pair
    of cards, the same row for both orders, holding the strength with each third card: bytes
    where every strength fits in one), so that an exchange is valued by one subscript, without
    a mask made and looked up in the table of every hand. Made once per ruleset."""
    strength = rules.valuation.strength
    n = len(rules.deck.cards)
    small = max(strength.values(), default=0) < 256
    rows: list[list[Any]] = [[None] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            pair = 1 << a | 1 << b
            row = [strength[pair | 1 << c] if c != a and c != b else 0 for c in range(n)]
            rows[a][b] = rows[b][a] = bytes(row) if small else row
    return rows


def _choice(rules: Ruleset, roles: set[Role]) -> list[str]:
    """Greedy's choice among the listed moves when it does not knock, role by role as
    `bots._improve` makes it: the exchange that raises the hand most, the first such listed;
    else the first pass, the first knock, the first move. Only the roles the step has are
    written. A one-card exchange leaves a hand of the hand's size: in the strength table, when
    that holds every such hand, looked up without a default."""
    n = len(rules.deck.cards)
    whole = len(rules.valuation.strength) == comb(n, rules.hand_size)
    out = ["        best = cur",
           "        get = STRENGTH.get",
           "        pass_ = knock_ = None",
           "        for x in legal:",
           "            r = x.role"]
    word = "if"
    if SWAP in roles:  # a swap's two bits change places
        out += [f"            {word} r is SWAP:",
                "                s = " + ("STRENGTH[hmask ^ x.bits]" if whole else
                                          "get(hmask ^ x.bits, -1)"),
                "                if s > best:",
                "                    a, best = x, s"]
        word = "elif"
    if EXCHANGE in roles:  # an exchange's bits are the hand it leaves
        out += [f"            {word} r is EXCHANGE:",
                "                s = get(x.bits, -1)",
                "                if s > best:",
                "                    a, best = x, s"]
        word = "elif"
    for role, name in ((PASS, "pass_"), (KNOCK, "knock_")):
        if role in roles:
            out += [f"            {word} r is {role.name}:",
                    f"                if {name} is None:",
                    f"                    {name} = x"]
            word = "elif"
    if SWAP_ALL in roles:  # the whole zone, where it shows
        out += [f"            {word} r is SWAP_ALL and st.face_up[x.zone]:",
                "                m = 0",
                "                for c in st.zones[x.zone]:",
                "                    m |= BITS[c]",
                "                s = get(m, -1)",
                "                if s > best:",
                "                    a, best = x, s"]
    return out + ["        if a is None:",
                  "            a = pass_ or knock_ or legal[0]"]


def _play(opt: Option, k: int, facts: PlayFacts, env: dict[str, Any]) -> list[str]:
    """The chosen move of `opt` played and what follows until the next decision, as the
    option's written `play` does (turn_code._play_lines) without the log (nothing is noted
    where the written turn plays): its primitive, its effects, what watches every move, the
    end of the turn, the next hand when this one ended."""
    env[f"OPT{k}"] = opt
    out = [f"    if o is OPT{k}:", "        action = a", f"        opt = OPT{k}",
           *_primitive(opt, k, env, "        ")]
    for j, effect in enumerate(opt.effects):
        env[f"EFFECT{k}_{j}"] = effect
        out.append(f"        EFFECT{k}_{j}(st, p)")
    if facts.on_all_passed:  # the run of passes (turns.watch_move)
        out.append("        st._pass_streak += 1" if opt.is_pass else
                   "        st._pass_streak = 0")
    if facts.on_action:
        out += ["        if st.hand_over:", "            pass",
                f"        elif ({_action_tests(facts, env)}) and fire(st, 'action', p):",
                "            pass",
                "        elif not st.hand_over:"]
    else:
        out.append("        if not st.hand_over:")
    return out + ["            end_turn(st, p)",
                  "        if st.hand_over:",
                  "            st._after_hand()",
                  "        return"]


def _primitive(opt: Option, k: int, env: dict[str, Any], pad: str) -> list[str]:
    """`opt`'s primitive's statements (over st, opt, action, p), its values named in `env`;
    a primitive written as no statements is called."""
    written = getattr(opt.run, "inline", None)
    if written is None:
        env[f"RUN{k}"] = opt.run
        return [f"{pad}RUN{k}(st, opt, action, p)"]
    template, values = written
    assert all(env.get(key, v) is v for key, v in values.items()), \
        "a primitive's values take the names of the code"
    env.update(values)
    return [pad + line for line in template.splitlines()]


def _action_tests(facts: PlayFacts, env: dict[str, Any]) -> str:
    """`triggers.may_fire` over the `action` triggers' conditions, as one expression: a
    condition on the acting player's hand alone is a lookup of his mask in the hands meeting
    it, any other a call (a trigger without a condition always holds)."""
    tests = []
    for i, (cond, hands) in enumerate(facts.action_tests):
        if hands is not None:
            env[f"HANDS{i}"] = hands
            tests.append(f"st.masks[p] in HANDS{i}")
        elif cond is None:
            tests.append("True")
        else:
            env[f"CONDITION{i}"] = cond
            tests.append(f"CONDITION{i}(st, p) is not None")
    return " or ".join(tests)
