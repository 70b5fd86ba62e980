"""Greedy's whole turn in a capture game, written as code for the ruleset.

Played through the game API, a capture turn lists every move of the hand (an Action per way
of taking), calls the bot, which judges each move (`capture_moves.best_capture`), plays the
move through its primitive, tests the `turn_end` conditions one call each, and lists the next
player's moves. When every seat is greedy and nothing is recorded (policy_code.greedy_turn),
one function `turn(st)` does instead what the reference simulator does: for each card of the
hand, the ways it takes come from the answers kept by the table's values (the lister's own
`Taker`), each judged where it is found, as `best_capture` judges it (the events it makes,
their points at once, the worth of the cards), and only the move chosen is played, with the
capture's own statements (`capture.HAND_CAPTURE`); the end of the turn follows in line, the
`turn_end` conditions written as their units write them (`empty`: a loop over the hands, a
test of a zone), the next player's moves not listed: the next written turn reads his hand.

The shape known, said by roles and units, never by names: a first step of one capture
(`roles.CAPTURE`, the capture primitive's own apply) from the hand, unguarded, without
effects or a next step; no opening, nothing watching every move, no blind opening; every
card's takings known from values alone (`Taker.all_plain`: no `takes_all` or
`same_rank_only` rank, one deck) and no rule of the whole hand or narrowing a card's takings.
For any other ruleset `capture_turn` answers None and the general loop runs. Within a
supported ruleset, a turn of an unusual form (wild cards counted as other ranks, a step not
the first, an answer too long to keep, logging) is played by the general loop: its moves
listed, the bot, the option's play. Between written turns `st._legal` is not listed (nobody
reads it: the state is handed back only when the game is over); the games are the same move
for move and field for field (tests/test_policy_capture.py plays both ways).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import turns
from .capture import (
    FACT_CODE,
    FACT_TESTS,
    HAND,
    HAND_CAPTURE,
    MAX_CAPTURE_MOVES,
    capture_apply,
    made_events,
    record_made,
)
from .capture_moves import MAX_KEPT_TABLES, kept_kit
from .cards import CARD_BITS
from .roles import CAPTURE
from .rules import play_facts
from .triggers import fire
from .turn_code import _next_seat_lines  # the seat after `p`, as the general loop writes it

if TYPE_CHECKING:
    from .rules import Option, PlayFacts, Ruleset

#: (state) -> None: one whole greedy turn played
Turn = Callable[[Any], None]


def capture_turn(rules: Ruleset, knock: float, declining: bool) -> Turn | None:
    """Greedy's capture turn written for this ruleset, or None when its turns have a shape
    the writer does not know (the caller makes it once per ruleset: policy_code)."""
    facts = play_facts(rules)
    opt = _supported(rules, facts)
    if opt is None:
        return None
    kit = kept_kit(opt, rules.deck)
    if kit[4] is None:  # takings not by values alone: the lister's other path
        return None
    from .bots import _improver  # bots imports policy_code, this module's caller

    env: dict[str, Any] = {"BOT": _improver(knock, declining), "PLAY": facts.play,
                           "FIRST": facts.first_step}
    lines = ["def turn(st):", *_choice(rules, opt, kit, env), *_apply(opt, env),
             *_end_turn(rules, facts, env)]
    exec("\n".join(lines), env)  # only names of `env` in it
    fn: Turn = env["turn"]
    return fn


def _supported(rules: Ruleset, facts: PlayFacts) -> Option | None:
    """The capture option every turn plays, when the turns have the shape written here."""
    first = facts.first_step
    if rules.opening is not None or rules.opening_blind or facts.watch_moves or \
            facts.on_all_passed or rules.capture_sources or len(first.options) != 1 or \
            len(rules.steps) != 1:
        return None
    opt = first.options[0]
    if opt.role is not CAPTURE or opt.run is not capture_apply or opt.guards or \
            opt.effects or opt.then is not None or opt.params["from"] != HAND:
        return None
    taking: Any = opt.params["_taking"]
    if taking.hand_must or taking.narrowing or not rules.card_worth:
        return None
    return opt


def _general() -> list[str]:
    """The turn played by the general loop: the moves listed, the bot, the option's play."""
    return ["    legal = st._legal = st._step.legal(st, p)",
            "    if not legal:",
            "        stuck(st)",
            "        if st.hand_over:",
            "            st._after_hand()",
            "        return",
            "    a = BOT(st, legal)",
            "    return PLAY[a.option_ref](st, a)"]


def _choice(rules: Ruleset, opt: Option, kit: tuple, env: dict[str, Any]) -> list[str]:
    """Greedy's move found card by card (capture_lister's usual path and best_capture's
    judgement, in their order): `card` and the cards it takes `taken` (None: laid down).

    A card's ways of taking come from the answers kept by the table's values in order of
    value (`Taker.tables`: what a table in a new order shares with every other order of the
    same values), not by the table's own order: most fresh tables are new in their order,
    few in their values. An answer of one set is the same in any order (the table's cards
    sorted by value stably, `bv`, name its places); a card with two or more ways, whose
    order breaks greedy's ties, asks them in the table's order (`Taker.in_order`)."""
    params: Any = opt.params
    taker = kit[1]
    env.update(WAYS={}, one_way=_one_way, MANY=MANY, TAKER=taker, VALUE=kit[5], VALUES=taker.values,
               PLACE=kit[6], WORTH=rules.card_worth, TABLE=params["table"],
               MAXM=MAX_CAPTURE_MOVES, MAXK=MAX_KEPT_TABLES, REST=rules.rest_zone,
               stuck=turns.stuck, CARDS=rules.deck.cards, DECK=rules.deck)
    judge, lay, init = _judging(rules, opt, env)
    must = params["_taking"].must  # (else every card may be laid, after its ways)
    out = ["    p = st.current_player",
           "    hand = st.hands[p]",
           "    if st._logging or not hand or st.capture.counted:",
           *["    " + line for line in _general()]]
    if any(f not in FACT_CODE for ev in params["_events"] for f in ev.when):
        out.append("    prev = st.capture.last_played")
    return out + [
        "    card = taken = None",
        *["    " + line for line in init],
        "    table = st.zones[TABLE]",
        "    if not table:  # every card is laid",
        "        for c in hand:",
        "            w = WORTH[c]",
        *["            " + line for line in lay],
        "    else:",
        "        bv = sorted(table, key=VALUE)",
        "        key = tuple(map(VALUE, bv))",
        "        kept = WAYS.get(key)",
        "        if kept is None:",
        "            if len(WAYS) >= MAXK:",
        "                WAYS.clear()",
        "            kept = WAYS[key] = {}",
        "        n_table = len(table)",
        "        for c in hand:",
        "            e = kept.get(VALUES[c])",
        "            if e is None:",
        "                e = kept[VALUES[c]] = one_way(TAKER.kept_answer(key, VALUES[c]))",
        "            w = WORTH[c]",
        *["            " + line for line in _ways(judge, lay if must else [])],
        *(["            " + line for line in lay] if not must else [])]


def _judging(rules: Ruleset, opt: Option, env: dict[str, Any]
             ) -> tuple[list[str], list[str], list[str]]:
    """best_capture's judgement, written for this option: the lines judging a capture of
    `c` taking `t` (worth `total`), those judging `c` laid down (worth `w`), and the best's
    start. Only the keys this ruleset has are compared (the events made, when it names any;
    their points at once, when one scores; the worth), as tuples compare, without tuples."""
    events: Any = opt.params["_events"]
    scoring = rules.scoring
    scorers = [scoring.events.get(ev.name) if scoring else None for ev in events]
    most = rules.stakes.mode.sign > 0
    keys = (["made"] if events else []) + (["pts"] if any(scorers) else []) + ["total"]
    last = ("(len(hand) == 1 and not " +
            ("st.zones[REST]" if rules.rest_zone is not None else "False") +
            " and sum(map(len, st.hands)) == 1)")
    better = _better(keys, most)
    judge = [*_events(events, scorers, last, env), f"if {better}:",
             "    card, taken = c, t", *[f"    b_{k} = {k}" for k in keys]]
    laid = {"made": "0", "pts": "0.0", "total": "-w"}
    lay_better = better
    for k, value in laid.items():
        lay_better = re.sub(rf"(?<!\w){k}(?!\w)", value, lay_better)
    lay = [f"if {lay_better}:", "    card, taken = c, None",
           *[f"    b_{k} = {laid[k]}" for k in keys]]
    start = {"made": "-1" if most else "1 << 60", "pts": "-1e300" if most else "1e300",
             "total": "-1e300" if most else "1e300"}
    return judge, lay, [f"b_{k} = {start[k]}" for k in keys]


def _ways(judge: list[str], lay: list[str]) -> list[str]:
    """The card `c` judged by what it takes (`e`): nothing (laid down), its one way (places
    in the table sorted by value, `bv`), or, where it has two or more (MANY), its ways in
    the table's order."""
    return [
        "if not e:",
        *["    " + line for line in lay or ["pass"]],
        "elif e is not MANY:  # one way: the same in any order of the table",
        *_taking("e", "bv", "    "),
        *["    " + line for line in judge],
        "else:  # ways in the table's order, which breaks ties",
        "    count, sets = TAKER.in_order(tuple(map(VALUE, table)), VALUES[c])",
        "    if count > MAXM // len(hand):  # the answer is cut: takings cuts it",
        *["    " + line for line in _general()],
        "    for s in sets:",
        *_taking("s", "table", "        "),
        *["        " + line for line in judge]]


def _taking(places: str, cards: str, pad: str) -> list[str]:
    """`t`, the cards a way takes (the `places` of it in `cards`, in the deck's order), and
    `total`, what the card played and those are worth: both ways of finding a card's ways
    judge a taking so."""
    return [pad + line for line in (
        f"if len({places}) == 1:",
        f"    t = ({cards}[{places}[0]],)",
        "    total = w + WORTH[t[0]]",
        "else:",
        f"    t = tuple(sorted([{cards}[j] for j in {places}], key=PLACE))",
        "    total = w",
        "    for x in t:",
        "        total += WORTH[x]")]


#: a card has two or more ways to take (or too many to keep): the table's order says them
#: (a true value, told by identity: `not e` is a card that takes nothing)
MANY = (-1,)


def _one_way(answer: Any) -> tuple[int, ...] | int:
    """What the written turn keeps of an answer by values (`Taker._answer`): () when the card
    takes nothing, its one way (places in order of value) when it has one, else MANY."""
    if answer is None or answer[0] > 1:
        return MANY
    return answer[2][answer[1]][0] if answer[0] else ()


def _better(keys: list[str], most: bool) -> str:
    """`(made, pts, total) > (b_made, b_pts, b_total)` (or `<` where the fewest points
    win), for the keys this ruleset's judgement has, written out without tuples."""
    op = ">" if most else "<"
    expr = f"{keys[-1]} {op} b_{keys[-1]}"
    for k in reversed(keys[:-1]):
        expr = f"{k} {op} b_{k} or ({k} == b_{k} and ({expr}))"
    return expr


def _events(events: Any, scorers: list[Any], last: str, env: dict[str, Any]) -> list[str]:
    """The events a capture `(c,) + t` would make (capture_moves.made, in line): `made`, and
    their points at once `pts`; each fact tested by its written form where it has one, an
    event not made on the hand's last play (`last`, an expression) asking it last."""
    if not events:
        return []
    out = ["left = n_table - len(t)", "made = 0"]
    if any(scorers):
        out.append("pts = 0.0")
    for k, (ev, scorer) in enumerate(zip(events, scorers)):
        tests = []
        for j, f in enumerate(ev.when):
            if f in FACT_CODE:
                tests.append(FACT_CODE[f])
            else:
                env[f"FACT{k}_{j}"] = FACT_TESTS[f]
                tests.append(f"FACT{k}_{j}(CARDS, c, t, left, prev, p)")
        test = " or ".join(f"({x})" for x in tests)
        if not ev.on_last_play:
            test = f"({test}) and not {last}"
        out += [f"if {test}:", "    made += 1"]
        if scorer is not None:
            env[f"SCORER{k}"] = scorer
            out.append(f"    pts += SCORER{k}(DECK, c, t)")
    return out


def _apply(opt: Option, env: dict[str, Any]) -> list[str]:
    """The move chosen played with the capture's own statements (`capture.HAND_CAPTURE`)."""
    params = opt.params
    env.update(INTO=params["into"], EVENTS=params["_events"], CARD_BITS=CARD_BITS,
               made_events=made_events, record_made=record_made)
    makes = "b_made > 0" if params["_events"] else "False"
    return [f"    makes = {makes}", *["    " + line for line in HAND_CAPTURE.splitlines()]]


def _end_turn(rules: Ruleset, facts: PlayFacts, env: dict[str, Any]) -> list[str]:
    """The end of the turn (turn_code's `end_turn`), the `turn_end` conditions written in
    line, the next player's moves left unlisted unless his hand is empty."""
    env.update(fire=fire, next_seat=turns.next_seat, MAX_TURNS=turns.MAX_TURNS_PER_HAND)
    out = ["    if st.hand_over:", "        st._after_hand()", "        return",
           "    st.turns_in_hand = turns = st.turns_in_hand + 1",
           "    st.turns_taken += 1"]  # (just_drawn stays None: no move of it draws)
    if facts.on_turn_end:
        out += _conditions(facts, env)
        out += ["    if held and fire(st, 'turn_end', p):", *_leave("        ")]
    out += ["    order = st._order",
            "    if turns >= MAX_TURNS:",
            "        st.emit('turn_limit', None, turns=turns)",
            "        st._end_hand('void', [], 'turn_limit')",
            *_leave("        ")]
    for line in _next_seat_lines(rules, facts):
        if line.strip() == "return":
            pad = line[:len(line) - len(line.lstrip())]
            out += [pad + "if st.hand_over:", pad + "    st._after_hand()", line]
        else:
            out.append(line)
    return out + [
        "    if st.out_of_hand and nxt in st.out_of_hand:",
        "        while nxt is not None and nxt in st.out_of_hand:",
        "            if len(st.out_of_hand) >= len(order):",
        "                stuck(st)",
        "                break",
        "            nxt = next_seat(st, order, st.facts, p)",
        "        if nxt is None or st.hand_over:",
        *_leave("            "),
        "    st.current_player = nxt",  # (the step stays the first: the only one)
        "    if not st.hands[nxt]:  # (a hand holding a card has a move: a lay at least)",
        "        legal = st._legal = FIRST.legal(st, nxt)",
        "        if not legal:",
        "            stuck(st)",
        *_leave("            ")]


def _leave(pad: str) -> list[str]:
    """Leaving the turn: the next hand dealt first when this one is over (as `play` does)."""
    return [pad + "if st.hand_over:", pad + "    st._after_hand()", pad + "return"]


def _conditions(facts: PlayFacts, env: dict[str, Any]) -> list[str]:
    """`held`: some `turn_end` condition holds (turns.turn_end_fired's test), each written
    as its unit writes it (`written`), else a lookup of the hands meeting it or a call."""
    out = ["    held = False"]
    pad = "    "
    for k, (cond, hands) in enumerate(facts.turn_end_tests):
        written = getattr(cond, "written", None)
        if hands is not None:
            env[f"HANDS{k}"] = hands
            body = [f"held = st.masks[p] in HANDS{k}"]
        elif cond is None:
            body = ["held = True"]
        elif written is not None:
            body, values = written(f"_{k}")
            assert not set(values) & set(env), "a condition's values take the code's names"
            env.update(values)
        else:
            env[f"COND{k}"] = cond
            body = [f"held = COND{k}(st, p) is not None"]
        if k:
            out.append(f"{pad}if not held:")
            pad += "    "
        out += [pad + line for line in body]
    return out


__all__ = ["capture_turn"]
