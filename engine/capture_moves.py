"""The legal captures of a turn, listed by value, and what each would make (for the bots).

`capture.takings` says what a card may take; listing it afresh for every card of every turn is
what a capture game spends its time on. Which positions of the table a card of value v may
take depends only on the values lying there, in their order (and on the taking rules, fixed
per option): so a `Taker`, compiled once per option, keeps the answer by the table's values and
the card's value, and a turn looks it up (a tuple of the table's values, one dict lookup per
value in hand) and names the cards lying at those positions. The answer is kept whole, in its
parts (an equal card, the sums, the cards adding up with the played one), and cut to a turn's
share of `MAX_CAPTURE_MOVES` exactly as `takings` cuts it.

What the lookup cannot say by values alone goes to `takings` itself, card by card: a card of a
`takes_all` or `same_rank_only` rank (what it takes depends on ranks), every card when a figure
is not taken by a number card of its value (`number_takes_figure: false`), and every card of a
deck with copies of a card (one move per set of codes, whatever copies lie where). Both give
the same moves in the same order (tests/test_capture_speed.py compares them).

`now` and `made` are the bots' side (`best_capture`): what a capture would make (events, their
points at once), with what is the same for every move of the decision (is this the hand's last
card? which events can be made at all?) worked out once per decision (`now`), not once per move.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from .capture import (
    FACT_TESTS,
    FEW,
    HAND,
    MAX_CACHED_ACTIONS,
    MAX_CAPTURE_MOVES,
    Number,
    Taking,
    adding_up,
    by_takes_all,
    play_deck,
    playing,
    takings,
)
from .rules import Action, action_maker, made_once, make_action

#: Tables of values a `Taker` keeps answers for before it starts again (each a few hundred
#: bytes): 20 MB at most.
MAX_KEPT_TABLES = 50_000

Positions = tuple[int, ...]
#: an answer by values: (how many sets its parts hold, the one part holding any or -1, the
#: parts: the equal cards, the sums to the value, the single cards and the sums to the total),
#: each set by its places in the table's order of value
Answer = tuple[int, int, tuple[tuple[Positions, ...], ...]]
#: no card of this value has asked about this table yet
_UNASKED: Answer = (-1, -1, ())
UNASKED = _UNASKED
#: an answer by the table's values in its order (`Taker.in_order`)
Ordered = tuple[int, tuple[Positions, ...]]
#: the size of an answer `takings` must give (a part of it past MAX_CAPTURE_MOVES)
TOO_MANY = 1 << 62


class Taker:
    """`takings` of one option, answered by the table's values where values alone decide."""

    def __init__(self, deck: Any, taking: Taking):
        self.deck, self.taking = deck, taking
        self.values = taking.values
        cards = deck.cards
        #: a card's place in the canonical order of taken cards (`capture._canon`)
        order = sorted(range(len(cards)), key=lambda c: (cards[c].suit, cards[c].rank, c))
        self.place = [0] * len(cards)
        for i, c in enumerate(order):
            self.place[c] = i
        #: one card of each code: a set of cards is a set of codes (no `_distinct` to make)
        self.plain_codes = len({c.code for c in cards}) == len(cards)
        by_values = self.plain_codes and (taking.figure_alone or not taking.same_rank_only)
        special = taking.takes_all | taking.same_rank_only
        #: per card: its takings follow from values alone
        self.plain = [by_values and c.rank not in special for c in cards]
        self.tables: dict[tuple[Number, ...], dict[Number, Answer | None]] = {}
        #: every card's takings follow from values alone (the lister's usual path)
        self.all_plain = all(self.plain)
        #: per such table: its places in order of value, and the values in that order
        self.orders: dict[tuple[Number, ...], tuple[tuple[int, ...], tuple[Number, ...]]] = {}

    def in_order(self, key: tuple[Number, ...], value: Number) -> Ordered:
        """What a card of `value` takes from a table whose values, in its order, are `key`:
        (how many sets, the sets by their places on the table), or (TOO_MANY, ()) where
        `takings` must say it (a part past `MAX_CAPTURE_MOVES`). Made from the answer by
        the values in order of value (`tables`), which tables of the same values in other
        orders share; the table's places in order of value are kept by `key` (`orders`).
        Asked for a card of two or more ways only (the lister, policy_capture): one way is
        the same in any order of the table."""
        order = self.orders.get(key)
        if order is None:
            if len(self.orders) >= MAX_KEPT_TABLES:
                self.orders.clear()
            at = tuple(sorted(range(len(key)), key=key.__getitem__))  # stable
            order = self.orders[key] = at, tuple(map(key.__getitem__, at))
        at, tvals = order
        answer = self.kept_answer(tvals, value)
        got: Ordered
        if answer is None:
            got = TOO_MANY, ()
        elif not answer[0]:
            got = 0, ()
        elif answer[0] == 1:  # the usual: one set, in one part
            got = 1, (tuple(sorted([at[j] for j in answer[2][answer[1]][0]])),)
        else:  # a cut to the size cuts nothing: _cut only puts the parts together
            got = answer[0], tuple(self._cut(
                tuple([_in_table(part, at) for part in answer[2]]), answer[0]))
        return got

    def answers(self, table: list[int]) -> tuple[dict[Number, Answer | None], list[int]]:
        """The answers kept for the values of this table (filled in as cards ask), and the
        table's cards in order of value (a stable sort: cards of equal value stay in the
        table's order), whose places the answers name."""
        value = self.values.__getitem__
        by_value = sorted(table, key=value)
        key = tuple(map(value, by_value))
        kept = self.tables.get(key)
        if kept is None:
            if len(self.tables) >= MAX_KEPT_TABLES:
                self.tables.clear()
            kept = self.tables[key] = {}
        return kept, by_value

    def takes(self, card: int, table: list[int], kept: dict[Number, Answer | None],
              by_value: list[int], limit: int) -> list[tuple[int, ...]]:
        """What `takings(deck, taking, card, table, limit)` gives, for a table not empty
        whose answers and cards in order of value are `kept` and `by_value` (`answers`)."""
        if not self.plain[card] or limit > MAX_CAPTURE_MOVES:
            return takings(self.deck, self.taking, card, table, limit)
        value = self.values[card]
        answer = kept.get(value, _UNASKED)
        if answer is _UNASKED:
            answer = kept[value] = self._answer([self.values[c] for c in by_value], value)
        if answer is None:
            return takings(self.deck, self.taking, card, table, limit)
        size, only, parts = answer
        if not size:
            return []
        place = self.place.__getitem__
        if size <= limit and only >= 0 and len(parts[only]) == 1:  # the usual: one set
            return [tuple(sorted([by_value[j] for j in parts[only][0]], key=place))]
        at = [table.index(c) for c in by_value]  # (cards of one deck: one place each)
        sets = self._cut(tuple(_in_table(part, at) for part in parts), limit)
        return [(table[s[0]],) if len(s) == 1 else tuple(sorted([table[i] for i in s], key=place))
                for s in sets]

    def by_values(self, tvals: tuple[Number, ...], value: Number) -> Answer | None:
        """The answer for a card of `value` and a table of these values in order of value,
        not yet kept (`_answer`); the caller keeps it in `tables`."""
        return self._answer(list(tvals), value)

    def kept_answer(self, tvals: tuple[Number, ...], value: Number) -> Answer | None:
        """The answer for a card of `value` and a table of these values in order of value,
        kept in `tables` (made when first asked)."""
        kept = self.tables.get(tvals)
        if kept is None:
            if len(self.tables) >= MAX_KEPT_TABLES:
                self.tables.clear()
            kept = self.tables[tvals] = {}
        answer = kept.get(value, _UNASKED)
        if answer is _UNASKED:
            answer = kept[value] = self._answer(list(tvals), value)
        return answer

    def _answer(self, tvals: list[Number], value: Number) -> Answer | None:
        """The sets a card of `value` takes from a table of these values (in order of value,
        as every caller has them), by their places in that order, in their four parts (see
        `_cut`); None when a part is longer than `MAX_CAPTURE_MOVES` (which of them the
        limit keeps depends on the table's order: `takings` is asked). Sorted, the cards
        equal to a value lie together and those below it come first (`bisect`): no scan."""
        taking = self.taking
        equal: list[Positions] = []
        sums: list[Positions] = []
        if taking.by_value:
            lo = bisect_left(tvals, value)
            equal = [(i,) for i in range(lo, bisect_right(tvals, value, lo))]
            if taking.sums and not (equal and taking.equal == "first"):
                sums = _sums(tvals, value, lo)
        singles: list[Positions] = []
        with_played: list[Positions] = []
        if taking.with_played is not None:
            target = taking.with_played - value
            lo = bisect_left(tvals, target)
            singles = [(i,) for i in range(lo, bisect_right(tvals, target, lo))]
            with_played = _sums(tvals, target, lo)
        size = len(equal) + len(sums) + len(singles) + len(with_played)
        if size >= MAX_CAPTURE_MOVES and max(len(equal), len(sums), len(singles),
                                             len(with_played)) >= MAX_CAPTURE_MOVES:
            return None
        # kept as tuples: tuples of numbers only, which the garbage collector stops tracking
        # (lists it scans at every full collection, and the answers kept grow by thousands)
        parts = (tuple(equal), tuple(sums), tuple(singles), tuple(with_played))
        only = -1
        if size:
            filled = [i for i in range(4) if parts[i]]
            only = filled[0] if len(filled) == 1 else -1
        return size, only, parts

    def _cut(self, parts: tuple[list[Positions], ...], limit: int) -> list[Positions]:
        """The sets as `takings` lists them, at most `limit` of them (its cuts, in its
        order): the equal cards, the sums to the value, then the single cards and sums
        adding up with the played card to the total that are not among those."""
        taking = self.taking
        equal, sums, singles, with_played = parts
        out: list[Positions] = []
        if taking.by_value:
            out = equal[:limit]
            if not (out and (taking.equal == "first" or len(out) == limit)) and taking.sums:
                out = out + sums[:limit - len(out)]
                if taking.fewest and out:
                    out = [s for s in out if len(s) == len(out[0])]
        if taking.with_played is not None and len(out) < limit:
            rest = limit - len(out)
            seen = set(out)
            more = singles[:rest]
            more = more + with_played[:rest - len(more)]
            out = out + [s for s in more if s not in seen]
        return out


def _in_table(part: Sequence[Positions], by_value: Sequence[int]) -> list[Positions]:
    """Sets of places in the order of value as sets of places on the table, in the order
    `takings` lists them: the fewest cards first, then by their places on the table."""
    out = [tuple(sorted([by_value[j] for j in s])) for s in part]
    if len(out) > 1:
        out.sort(key=lambda s: (len(s), s))
    return out


def _sums(tvals: list[Number], target: Number, below: int) -> list[Positions]:
    """The positions of two or more table cards, each below `target`, adding up to it: the
    fewest first, then in the table's order (as `capture._adding_up_to` lists them). The
    values are in order, so those below the target are the first `below`."""
    if below > FEW:
        smaller = list(range(below))
        return adding_up(smaller, tvals[:below], [str(i) for i in smaller], target,
                         MAX_CAPTURE_MOVES)
    value = tvals.__getitem__
    out: list[Positions] = []
    for size in range(2, below + 1):
        for combo in combinations(range(below), size):
            if sum(map(value, combo)) == target:  # (no comprehension: a call per combination)
                out.append(combo)
    return out[:MAX_CAPTURE_MOVES]


# ---- the primitive's lister ------------------------------------------------------------------
def capture_lister(opt: Any, actions: Mapping[tuple, Action], n: int) -> Any:
    """(state, player) -> the legal captures of this option: each set each card may take
    (or laying it down, when it takes nothing or need not take), Actions made when first
    seen. The usual case (a hand, takings by values alone, no rule of the whole hand or
    narrowing a card's) is listed here by the table's values in order of value
    (`Taker.tables`: by the table's own order, most tables of fresh games were new): one
    set is the same in any order (the table sorted by value names its places), two or more
    come in the table's order (`_ordered_ways`). The rest is listed by `_listed`."""
    params = opt.params
    source, table_zone = params["from"], params["table"]
    taking: Taking = params["_taking"]
    action = action_maker(opt, MAX_CACHED_ACTIONS)
    must = taking.must
    kit: tuple = (None,)  # the deck last played and what is made for it (`_kit`)

    def legal(st: Any, p: int) -> list[Action]:
        nonlocal kit
        deck = play_deck(st.rules.deck, c) if (c := st.capture.counted) else st.rules.deck
        if kit[0] is not deck:
            kit = _kept_kit(opt, deck, taking, source)
        _, taker, lays, singles, tables, value, place = kit
        if tables is None:
            return _listed(st, p, source, taker, table_zone, action, lays, must)
        hand = st.hands[p]
        table = st.zones[table_zone]
        if not table or not hand:
            return [lays[card] for card in hand]
        bv = sorted(table, key=value)
        key = tuple(map(value, bv))
        kept = tables.get(key)
        if kept is None:
            if len(tables) >= MAX_KEPT_TABLES:
                tables.clear()
            kept = tables[key] = {}
        share = MAX_CAPTURE_MOVES // len(hand)
        out: list[Action] = []
        for card in hand:
            v = value(card)
            ans = kept.get(v, _UNASKED)
            if ans is _UNASKED:
                ans = kept[v] = taker.by_values(key, v)
            took = ans is None or ans[0] > 0
            if ans is None or ans[0] > 1:
                took = _ordered_ways(taker, card, table, share, action, kit, out)
            elif took:  # the usual: one set, in one part
                s = ans[2][ans[1]][0]
                if len(s) == 1:
                    i = card * len(lays) + bv[s[0]]
                    a = singles[i]
                    if a is None:
                        a = singles[i] = action((card, bv[s[0]]))
                else:
                    a = action((card,) + tuple(sorted([bv[j] for j in s], key=place)))
                out.append(a)
            if not took or not must:
                out.append(lays[card])
        return out

    return legal


def _ordered_ways(taker: Taker, card: int, table: list[int], share: int,
                  action: Callable[[tuple[int, ...]], Action], kit: tuple,
                  out: list[Action]) -> bool:
    """The captures of a card of two or more ways (or of a part too long to keep), in the
    order `takings` lists them, put in `out`; whether there are any."""
    _, _, lays, singles, _, value, place = kit
    count, sets = taker.in_order(tuple(map(value, table)), value(card))
    if count > share:  # the answer is cut (or too long to keep): takings cuts it
        cut = takings(taker.deck, taker.taking, card, table, max(1, share))
        out += [action((card,) + taken) for taken in cut]
        return bool(cut)
    for s in sets:
        if len(s) == 1:
            i = card * len(lays) + table[s[0]]
            a = singles[i]
            if a is None:
                a = singles[i] = action((card, table[s[0]]))
        else:
            a = action((card,) + tuple(sorted([table[j] for j in s], key=place)))
        out.append(a)
    return bool(sets)


def kept_kit(opt: Any, deck: Any) -> tuple:
    """The kit `opt`'s lister plays `deck` with (`_kit`), the same one, answers kept."""
    params = opt.params
    return _kept_kit(opt, deck, params["_taking"], params["from"])


def _kept_kit(opt: Any, deck: Any, taking: Taking, source: str) -> tuple:
    """`_kit` of `opt` for `deck` (the rules' deck, or as a hand plays it), made once per
    deck: a hand whose wild card plays as counted (`play_deck`) and the next hand's plain
    deck each find their kit, answers kept, again. Kept with the deck, whose rules keep the
    option."""
    return made_once(deck, ("kit", id(opt)),
                     lambda: _kit(opt, deck, playing(taking, deck), source))


def _kit(opt: Any, deck: Any, taking: Taking, source: str) -> tuple:
    """What a capture option's lister makes once per deck: (the deck, its `Taker`, laying
    each card down, taking one card by (card played * cards + card taken), made when first
    met; the Taker's answers by the table's values in order of value (`Taker.tables`) where
    the lister's usual path lists, else None (`_listed`); a card's value and its place in
    the canonical order, as lookups)."""
    taker = Taker(deck, taking)
    size = len(taker.values)
    lays = [make_action(opt, (c,)) for c in range(size)]
    singles: list[Action | None] = [None] * (size * size)
    fast = source == HAND and taker.all_plain and not (taking.hand_must or taking.narrowing)
    return (deck, taker, lays, singles, taker.tables if fast else None,
            taker.values.__getitem__, taker.place.__getitem__)


def _listed(st: Any, p: int, source: str, taker: Taker, table_zone: str,
            action: Callable[[tuple[int, ...]], Action], lays: list[Action], must: bool
            ) -> list[Action]:
    """The legal captures card by card, by `Taker.takes` (cards whose takings need more
    than values, a hand's rule, take rules narrowing what a card takes, a pile's top card)."""
    taking = taker.taking
    playable = _playable(st, p, source, taker)
    if not playable:
        return []
    table = st.zones[table_zone]
    if taking.hand_must or taking.narrowing:
        return _by_card(taker, playable, table, action, lays, must, taking.hand_must,
                        taking.narrowing)
    if not table:
        return [lays[card] for card in playable]
    share = max(1, MAX_CAPTURE_MOVES // len(playable))
    kept, by_value = taker.answers(table)
    plain, values, takes = taker.plain, taker.values, taker.takes
    out = []
    for card in playable:
        answer = kept.get(values[card]) if plain[card] else None
        if answer is not None and not answer[0]:  # known to take nothing: laid
            out.append(lays[card])
            continue
        sets = takes(card, table, kept, by_value, share)
        for taken in sets:
            out.append(action((card,) + taken))
        if not sets or not must:
            out.append(lays[card])
    return out


def _by_card(taker: Taker, playable: list[int], table: list[int],
             action: Callable[[tuple[int, ...]], Action], lays: list[Action], must: bool,
             hand_must: bool, narrowing: tuple[Any, ...]) -> list[Action]:
    """The legal captures found card by card, where the fast path cannot say them: under
    `must_per_hand` (no card is laid while another can take) and under take rules that narrow
    what a card takes (each a closure, applied in turn: take_rules.py). The rules narrow a
    card's ways up to the whole bound before its share of it is cut: cut first, a crowded
    table's ways of many cards (listed last) would be gone before a rule allowing only them."""
    share = max(1, MAX_CAPTURE_MOVES // len(playable))
    if table:
        kept, by_value = taker.answers(table)
        ask = MAX_CAPTURE_MOVES if narrowing else share
        found = [(card, taker.takes(card, table, kept, by_value, ask)) for card in playable]
    else:
        found = [(card, []) for card in playable]
    deck = taker.deck
    for narrow in narrowing:
        found = [(card, narrow(deck, card, table, sets)) for card, sets in found]
    if narrowing:
        found = [(card, sets[:share]) for card, sets in found]
    may_lay = not hand_must or not any(sets for _, sets in found)
    out = []
    for card, sets in found:
        for taken in sets:
            out.append(action((card,) + taken))
        if (not sets and may_lay) or not must:
            out.append(lays[card])
    return out


def _playable(st: Any, p: int, source: str, taker: Taker) -> list[int]:
    """The cards `p` may play: his hand (one of each code), or the top of his own pile."""
    if source == HAND:
        hand = st.hands[p]
        return hand if taker.plain_codes else _distinct_cards(hand, taker.deck)
    pile = st.own[source][p]
    return [pile[-1]] if pile else []


def _distinct_cards(hand: list[int], deck: Any) -> list[int]:
    seen: set[str] = set()
    out = []
    for c in hand:
        code = deck.cards[c].code
        if code not in seen:
            seen.add(code)
            out.append(c)
    return out


# ---- what a capture would make (for bots) ----------------------------------------------------

def now(st: Any, opt: Any) -> tuple | None:
    """What every capture of `opt` shares in this decision, for `made`: (the events that can
    be made now, the deck, its cards, the taking rules, the table, the previous lay, the
    player); None when no event can be made now (on the hand's last card, say)."""
    params = opt.params
    rules = st.rules
    rest = rules.rest_zone
    last = not (rest is not None and st.zones[rest]) and sum(map(len, st.hands)) + (
        sum([len(p) for z in rules.capture_sources for p in st.own[z]])
        if rules.capture_sources else 0) == 1
    kept = _JUDGED.get(opt)
    if kept is None or kept[0] is not rules:
        if len(_JUDGED) >= MAX_JUDGED:
            _JUDGED.clear()  # options of rulesets long gone: memory stays small
        kept = _JUDGED[opt] = (rules, _events_of(rules, params, False),
                               _events_of(rules, params, True))
    events = kept[2] if last else kept[1]
    if not events:
        return None
    deck, taking = rules.deck, params["_taking"]
    if st.capture.counted:  # wild cards playing as counted (`play_deck`)
        deck = play_deck(deck, st.capture.counted)
        taking = playing(taking, deck)
    return (events, deck, deck.cards, taking, st.zones[params["table"]],
            st.capture.last_played, st.current_player)


def made(shared: tuple, action_cards: tuple[int, ...]) -> tuple[int, float]:
    """(events made, points they are worth at once) of the capture of `action_cards` (the
    card played, the cards taken), with what the decision shares (`now`)."""
    played, taken = action_cards[0], action_cards[1:]
    if not taken:
        return 0, 0.0
    events, deck, cards, taking, table, prev, p = shared
    all_of_rank = taking.takes_all
    by_rule = bool(all_of_rank) and cards[played].rank in all_of_rank and by_takes_all(
        deck, taking, played, taken, table)
    left = len(table) - len(taken)
    n, points = 0, 0.0
    for by_takes, tests, scorer in events:
        if by_rule and not by_takes:
            continue
        for t in tests:  # (a loop: `any` over a generator makes one per event)
            if t(cards, played, taken, left, prev, p):
                break
        else:
            continue
        n += 1
        if scorer is not None:
            points += scorer(deck, played, taken)
    return n, points


#: per option: (its rules, its events as `_events_of` gives them, and on the last play)
MAX_JUDGED = 256
_JUDGED: dict[Any, tuple[Any, tuple, tuple]] = {}


def _events_of(rules: Any, params: Mapping[str, Any], last: bool
               ) -> tuple[tuple[bool, tuple[Callable[..., bool], ...], Any], ...]:
    """An option's events that can be made (on the hand's last play, with `last`): each as
    (made `by_takes_all`, the tests of its facts, the scorer of its points at once)."""
    scoring = rules.scoring
    return tuple((ev.by_takes_all, tuple(FACT_TESTS[f] for f in ev.when),
                  scoring.events.get(ev.name) if scoring else None)
                 for ev in params["_events"] if ev.on_last_play or not last)


def best_capture(state: Any, actions: list[Action]) -> Action:
    """Greedy in a capture game: the move making the most events (a sweep), then the most
    points at once, then taking the most by the ruleset's end-of-hand scoring (the first on
    ties); where the stakes mode counts against (`sign` -1: the fewest points win) the move
    with the least of all that, so that the bot takes as little as it can and lays the card
    worth most. What a capture would make is judged per option (`now`: what all its moves
    share is read once, `made`); an option none of whose captures can make anything now
    judges none.
    What the cards of a move are worth is the same at every turn: kept by the move, for the
    ruleset last played (`_WORTHS`)."""
    rules = state.rules
    kept = _WORTHS
    if kept[0] is not rules:
        kept[:] = [rules, {}, rules.stakes.mode.sign > 0]
    worths, most = kept[1], kept[2]
    best, best_key = actions[0], None
    judges: dict = {}
    for a in actions:
        total = worths.get(a)
        if total is None:
            total = worths[a] = _worth(rules.card_worth, a.cards, len(worths))
        if len(a.cards) > 1:  # a capture: what it makes, and what the cards are worth
            opt = a.option_ref
            shared = judges.get(opt, judges)
            if shared is judges:
                shared = judges[opt] = now(state, opt)
            if shared is None:
                key = (0, 0.0, total)
            else:
                n, points = made(shared, a.cards)
                key = (n, points, total)
        else:  # a card laid down: the less it is worth, the better
            key = (0, 0.0, total)
        if best_key is None or (key > best_key if most else key < best_key):
            best, best_key = a, key
    return best


#: the ruleset `best_capture` last played, what its moves' cards are worth (by the move:
#: the cards a capture plays and takes, minus the card a lay lays), its stakes' sign
_WORTHS: list[Any] = [None, {}, True]


def _worth(worth: tuple[float, ...], cards: tuple[int, ...], kept: int) -> float:
    """What a move's cards are worth to greedy (see `best_capture`), for the store holding
    `kept` of them (emptied when full)."""
    if kept >= MAX_CACHED_ACTIONS:
        _WORTHS[1].clear()
    if len(cards) == 1:
        return -worth[cards[0]]
    total = 0.0
    for c in cards:  # in this order: the sum greedy has always made
        total += worth[c]
    return total


__all__ = ["Taker", "best_capture", "capture_lister", "kept_kit", "made", "now"]
