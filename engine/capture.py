"""Capture play: the `capture` turn primitive and the facts a capture makes.

A capture game (the fishing family) plays a card to a table zone; the card takes a set of table
cards chosen by the ruleset's taking rules (an equal card, cards adding up to its value, only
cards of its own rank for some ranks, the whole table for others) and both go to the side's
pile of taken cards. Each way of taking is a legal action of its own naming the cards taken,
so a player (or a bot) chooses among combinations like among any other moves.

What the primitive needs from the state beyond the classic zones: zones owned by a player or a
side (`st.own[zone][owner]`), and `st.capture`, the little per-hand record of who took last,
which card was played last and how many of each named event each side has made. Both are only
set up for rulesets that use them, so the draw-and-discard games pay nothing for them.

A capture's facts (`sweep`: the table is left empty; `same_suit`: the played card and two or
more taken cards share a suit; `takes_last_played`: the card taken is the very card the previous
player laid on the table, and of its rank) are named as events by the option's `events:`; event
points (`scoring.events`, see tally.py) are added as they happen.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Any, Literal

from .cards import CARD_BITS
from .rules import Action, made_once
from .tally import award

#: The facts a capture may make (the words of `events[].when`).
FACTS = ("sweep", "same_suit", "takes_last_played")

#: A card's value for adding up: exact, so sums never round (see `exact`).
Number = int | Fraction

#: The most moves one capture turn offers: each card the player may play offers at most its
#: share of them (this over the cards he may play) ways of taking, the fewest cards first. A
#: table of ordinary play rarely gives a card ten ways; in a 40-card deck valued 1 to 10, the
#: 36 cards below a 10 give it 1,698.
MAX_CAPTURE_MOVES = 1_000

#: The most (count, sum) pairs times card codes `adding_up` may look through for one card (its
#: table is built for each card played and walked): a deck whose values add up in more ways is
#: refused. A 40-card deck valued 1 to 10 needs 1,548 (36 codes below the 10, 43 pairs); two
#: such decks valued 1 to 7 need 1,008; a French deck counting 1 to 13, four copies, 4,368;
#: values 1, 2, 4 ... 512 are refused.
MAX_SUM_WORK = 50_000

#: Up to this many cards that may add up, trying every combination of them is cheaper than
#: `adding_up`'s walk (measured on random cards of a 40-card deck below a 7 or a 10: six
#: cards 31 against 50-65 microseconds, eight 123-136 against 89-99); both give the same sets
#: in the same order.
FEW = 6

#: Actions a capture option keeps to hand out again (each about 250 bytes): 25 MB at most.
MAX_CACHED_ACTIONS = 100_000

#: Where a capture's card comes from: a player's hand, or the top of a zone he owns.
HAND = "hand"


@dataclass(frozen=True)
class Taking:
    """How a played card may take, compiled from the option's `takes:`."""
    equal: Literal["first", "any"]  # "first": an equal card before any sum; "any": either
    sums: bool                      # cards adding up to the played card's value
    same_rank_only: frozenset[int]  # ranks (indices) that take only cards of their own rank
    takes_all: frozenset[int]       # ranks that take the whole table
    must: bool                      # a card that can take must take
    values: tuple[Number, ...] = ()  # each card's value, exact (see `exact`)
    # the rules of take_rules.py (their defaults are those of the units)
    with_played: Number | None = None  # cards adding up, with the played card, to this
    by_value: bool = True           # an equal card or a sum by the played card's value
    fewest: bool = False            # of the ways by value, only those of the fewest cards
    hand_must: bool = False         # no card laid while another card of the hand can take
    keeps_on_empty: bool = False    # a takes_all card played to an empty table is kept
    over_same: str = "alone"        # a takes_all card among others of its rank: alone/all/plain
    lone_same: str = "takes_all"    # only cards of its rank left: taken by its rule, or "equal"
    figure_alone: bool = True       # a number card takes a same_rank_only card of equal value
    #: the closures of take rules that narrow what a card takes (`take_rules`, field=None)
    narrowing: tuple[Any, ...] = ()


@dataclass(frozen=True)
class CaptureEvent:
    """A named event (a sweep, say): made when a capture has any of `when`'s facts."""
    name: str
    when: tuple[str, ...]
    on_last_play: bool = True       # False: a capture on the hand's very last play makes none
    by_takes_all: bool = True       # False: a `takes_all` capture makes none


@dataclass
class CaptureState:
    """What a hand of a capture game remembers beyond its zones."""
    sides: int
    last_taker: int | None = None                 # the seat that took last
    last_played: tuple[int, int] | None = None    # (seat, card) laid on the table last
    counts: list[dict[str, int]] = field(default_factory=list)  # per side: event -> count
    #: (card, rank) of each wild card that plays as the rank a declaration counted it as
    #: (`score_event`'s `wild_plays: counted`), for the rest of the hand; () mostly
    counted: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not self.counts:  # (a loop: a comprehension is a call, made at every hand)
            counts = self.counts
            for _ in range(self.sides):
                counts.append({})

    def copy(self) -> CaptureState:
        """An independent copy (for `GameState.clone`)."""
        return CaptureState(self.sides, self.last_taker, self.last_played,
                            [dict(c) for c in self.counts], self.counted)


def play_deck(deck: Any, counted: tuple[tuple[int, int], ...]) -> Any:
    """The deck as a hand plays it: `deck` itself, or, where wild cards were counted as other
    ranks by a declaration (`CaptureState.counted`), a copy whose those cards are of those
    ranks and worth their value, so that taking, the facts of a capture and the bots see
    them as such (the end of the hand scores the rules' deck: each as its own card). Made
    once per deck and cards counted."""
    if not counted:
        return deck

    def make() -> Any:
        cards = list(deck.cards)
        for c, r in counted:
            value = next(x.value for x in deck.cards if x.rank == r)
            cards[c] = replace(cards[c], rank=r, value=value)
        return replace(deck, cards=tuple(cards))
    return made_once(deck, ("played as", counted), make)


def playing(taking: Taking, deck: Any) -> Taking:
    """`taking` with the values of `deck` as played (`play_deck`), made once per pair (kept
    with the deck as played, which the rules' deck keeps, which keeps the rules and so the
    taking)."""
    def make() -> Taking:
        values = tuple(exact(c.value) for c in deck.cards)
        return taking if values == taking.values else replace(taking, values=values)
    return made_once(deck, ("taking", id(taking)), make)


def compile_taking(spec: Mapping[str, Any], ctx: Any) -> Taking:
    from .take_rules import compile_rules
    rules = compile_rules(spec, ctx)
    if rules["with_played"] is not None:
        rules["with_played"] = exact(rules["with_played"])
    return Taking(
        equal=spec.get("equal", "first"),
        sums=bool(spec.get("sums", True)),
        same_rank_only=frozenset(ctx.rank_indices(spec.get("same_rank_only") or [],
                                                  ("takes", "same_rank_only"))),
        takes_all=frozenset(ctx.rank_indices(spec.get("takes_all") or [],
                                             ("takes", "takes_all"))),
        must=bool(spec.get("must", True)),
        values=tuple(exact(c.value) for c in ctx.deck.cards), **rules)


def compile_events(specs: Any) -> tuple[CaptureEvent, ...]:
    return tuple(CaptureEvent(e["name"], tuple(e["when"]), bool(e.get("on_last_play", True)),
                              bool(e.get("by_takes_all", True)))
                 for e in specs or ())


def exact(x: float) -> Number:
    """A card's value as an exact number, so that sums are decided without rounding: an int
    when it is whole, else the decimal the rule file wrote (0.1 is one tenth, and one tenth
    and two tenths add up to three tenths)."""
    if isinstance(x, int) or float(x).is_integer():
        return int(x)
    return Fraction(repr(float(x)))


def takings(deck: Any, taking: Taking, card: int, table: list[int],
            limit: int = MAX_CAPTURE_MOVES) -> list[tuple[int, ...]]:
    """Every set of table cards `card` may take, as sorted tuples; [] when it takes none.
    A figure of a `same_rank_only` rank takes one card of its rank; a `takes_all` rank the
    whole table (see `_takes_all`); otherwise an equal card (alone, first when `equal:
    first`) or cards adding up to its value, then cards adding up with it to
    `sum_with_played`. One set per set of card codes (the first copies lying on the table),
    the fewest cards first, then by the table's order; at most `limit` of them."""
    if not table:
        return []
    rank = deck.cards[card].rank
    if rank in taking.takes_all:
        whole = _takes_all(deck, taking, card, table, limit)
        if whole is not None:
            return whole
    elif rank in taking.same_rank_only:
        return _distinct([(c,) for c in table if deck.cards[c].rank == rank], deck)[:limit]
    out = _by_value(deck, taking, card, table, limit) if taking.by_value else []
    if taking.with_played is not None and len(out) < limit:
        seen = set(out)
        out += [s for s in _to_total(deck, taking, card, table, limit - len(out))
                if s not in seen]
    return out


def allowed_takings(deck: Any, taking: Taking, card: int, table: list[int],
                    limit: int = MAX_CAPTURE_MOVES) -> list[tuple[int, ...]]:
    """`takings` as the capture's lister allows them: after the take rules that narrow what
    a card takes (`Taking.narrowing`, applied in turn). What a question about one card asks
    outside play (`score --taken`: can these cards be one capture?)."""
    sets = takings(deck, taking, card, table, limit)
    for narrow in taking.narrowing:
        sets = narrow(deck, card, table, sets)
    return sets


def _takes_all(deck: Any, taking: Taking, card: int, table: list[int],
               limit: int) -> list[tuple[int, ...]] | None:
    """What a `takes_all` card takes: the whole table; a card of its own rank lying among
    others alone (`takes_all_over_same: alone`, with `equal: first`), or taken like any card
    (`plain`: None, the caller goes on by value)."""
    cards = deck.cards
    rank = cards[card].rank
    same: list[tuple[int, ...]] = [(c,) for c in table if cards[c].rank == rank]
    among_others = bool(same) and len(table) > 1
    if not among_others or taking.over_same == "all":
        return [_canon(deck, table)]
    if taking.over_same == "plain":
        return None
    if taking.equal != "first":
        return [_canon(deck, table)]
    return _distinct(same, deck)[:limit]


def _by_value(deck: Any, taking: Taking, card: int, table: list[int],
              limit: int) -> list[tuple[int, ...]]:
    """An equal card (alone, and first when `equal: first`) or cards adding up to the played
    card's value (`sums`); only those of the fewest cards with `fewest_cards`."""
    cards = deck.cards
    values = taking.values
    value = values[card]
    rank = cards[card].rank
    out: list[tuple[int, ...]] = [
        (c,) for c in table if values[c] == value
        and (taking.figure_alone or cards[c].rank not in taking.same_rank_only
             or cards[c].rank == rank)]
    if out:
        out = _distinct(out, deck)[:limit]
        if taking.equal == "first" or len(out) == limit:
            return out
    if not taking.sums:
        return out
    found = out + _adding_up_to(deck, taking, table, value, limit - len(out))
    if taking.fewest and found:  # listed fewest cards first
        found = [s for s in found if len(s) == len(found[0])]
    return found


def _to_total(deck: Any, taking: Taking, card: int, table: list[int],
              limit: int) -> list[tuple[int, ...]]:
    """The sets of one or more table cards whose values, with the played card's, make
    `sum_with_played`."""
    values = taking.values
    target = (taking.with_played or 0) - values[card]
    singles = _distinct([(c,) for c in table if values[c] == target], deck)[:limit]
    return singles + _adding_up_to(deck, taking, table, target, limit - len(singles))


def _adding_up_to(deck: Any, taking: Taking, table: list[int], value: Number,
                  limit: int) -> list[tuple[int, ...]]:
    """The sets of two or more table cards adding up to `value`, fewest cards first."""
    if limit <= 0:
        return []
    cards, values = deck.cards, taking.values
    smaller = [c for c in table if values[c] < value]
    if len(smaller) > FEW:
        return [_canon(deck, s) for s in
                adding_up(smaller, [values[c] for c in smaller],
                          [cards[c].code for c in smaller], value, limit)]
    if len(smaller) > 1:
        sums = [combo for size in range(2, len(smaller) + 1)
                for combo in combinations(smaller, size)
                if sum([values[c] for c in combo]) == value]
        return _distinct(sums, deck)[:limit] if sums else []
    return []


def _distinct(options: list[tuple[int, ...]], deck: Any) -> list[tuple[int, ...]]:
    """One option per set of card codes: with two decks, taking one Re di denari or the other
    is the same choice (the first copy lying on the table is taken)."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for o in options:
        key = tuple(sorted(deck.cards[c].code for c in o))
        if key not in seen:
            seen.add(key)
            out.append(_canon(deck, o))
    return out


def _canon(deck: Any, cards: Any) -> tuple[int, ...]:
    """Taken cards in one order that depends on their codes only (suit, then rank), so a
    game replayed from its record, whose copies of a card may be numbered otherwise, names
    each move with the same codes in the same order."""
    return tuple(sorted(cards, key=lambda c: (deck.cards[c].suit, deck.cards[c].rank, c)))


# ---- cards adding up to a value --------------------------------------------------------------
def adding_up(ids: Sequence[int], values: Sequence[Number], codes: Sequence[str],
              target: Number, limit: int) -> list[tuple[int, ...]]:
    """The sets of two or more of `ids` (table cards in the table's order, with their exact
    values and codes) whose values add up to `target`: one per set of codes, made of the
    first copies of each code in the table's order; the fewest cards first, then in the
    order of their places on the table (what listing every combination of places and keeping
    the first of each set of codes gives); at most `limit` of them.

    Listing every combination would cost 2^len(ids). Here a table of what the cards from
    each place on can still add up to, (how many cards, what sum), steers a depth-first walk
    through the places, so that every step leads to a set that is listed: the cost follows
    the sets listed, not the combinations. A code's copies are taken first to last (taking
    the second Re di denari and leaving the first would list the same set twice): a copy
    passed over closes its code, and copies of a code already begun (`open`) may go on."""
    k = len(ids)
    plan = _Plan(values, codes, target)
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    picked = [False] * k

    def walk(j: int, r: int, t: Number, open_: tuple[tuple[int, int], ...]) -> bool:
        """Choose the r places still missing, from place j on, adding up to t; open_ holds
        (next copy's place, copies left from it) of the codes begun. False: the limit is
        reached."""
        if r == 0:
            out.append(tuple(ids[i] for i in chosen))
            return len(out) < limit
        for i in range(j, k):
            if not plan.first[i] and not picked[plan.previous[i]]:
                continue  # an earlier copy of its code was passed over
            if not open_ and not plan.reachable(i, r, t):
                break  # nothing from here on adds up
            rest = plan.still_open(open_, i)
            if plan.feasible(i + 1, r - 1, t - values[i], rest):
                picked[i] = True
                chosen.append(i)
                going = walk(i + 1, r - 1, t - values[i], rest)
                chosen.pop()
                picked[i] = False
                if not going:
                    return False
            open_ = tuple(o for o in open_ if o[0] != i)  # passing i over closes its code
        return True

    for size in range(2, k + 1):
        if plan.reachable(0, size, target) and not walk(0, size, target, ()):
            break
    return out


class _Plan:
    """What `adding_up` knows of the cards before it walks: each copy's previous and next
    copy of its code, and for each place the (count, sum) pairs the codes first seen from
    that place on can make (each code with any number of its copies there)."""

    def __init__(self, values: Sequence[Number], codes: Sequence[str], target: Number):
        k = len(values)
        self.values = values
        self.first = [True] * k
        self.previous = [-1] * k
        self.next = [-1] * k
        self.left = [1] * k         # copies of the code from this place on
        last: dict[str, int] = {}
        for i, code in enumerate(codes):
            if code in last:
                self.first[i] = False
                self.previous[i] = last[code]
                self.next[last[code]] = i
            last[code] = i
        for i in range(k - 1, -1, -1):
            if self.next[i] >= 0:
                self.left[i] = self.left[self.next[i]] + 1
        #: no value below 0: a sum past the target can never come back down to it
        self.capped = all(v >= 0 for v in values)
        pairs: set[tuple[int, Number]] = {(0, 0)}
        self.pairs: list[set[tuple[int, Number]]] = [pairs] * (k + 1)
        for i in range(k - 1, -1, -1):
            if self.first[i]:
                pairs = _extend(pairs, values[i], self.left[i], target if self.capped
                                else None)
            self.pairs[i] = pairs

    def reachable(self, i: int, r: int, t: Number) -> bool:
        """r cards adding up to t from the codes first seen at place i or later."""
        return (r, t) in self.pairs[i]

    def still_open(self, open_: tuple[tuple[int, int], ...], i: int
                   ) -> tuple[tuple[int, int], ...]:
        """The codes begun once place i is taken: those whose next copy is i go on to their
        following copy (or end), the others stay; i opens its code if more copies follow."""
        out = []
        begun = False
        for place, left in open_:
            if place == i:
                begun = True
                if left > 1:
                    out.append((self.next[i], left - 1))
            else:
                out.append((place, left))
        if not begun and self.left[i] > 1:
            out.append((self.next[i], self.left[i] - 1))
        return tuple(out)

    def feasible(self, j: int, r: int, t: Number, open_: tuple[tuple[int, int], ...]) -> bool:
        """r cards adding up to t from place j on, given the codes begun."""
        if not open_:
            return (r, t) in self.pairs[j]
        made: set[tuple[int, Number]] = {(0, 0)}
        for place, left in open_:
            made = _extend(made, self.values[place], left, None)
        return any((r - n, t - s) in self.pairs[j] for n, s in made if n <= r)


def _extend(pairs: set[tuple[int, Number]], value: Number, copies: int,
            cap: Number | None) -> set[tuple[int, Number]]:
    """The (count, sum) pairs made by adding 0 to `copies` cards of `value` to each of
    `pairs`; with `cap` (no value below 0), sums past it are left out."""
    out = set(pairs)
    for n, s in pairs:
        for x in range(1, copies + 1):
            total = s + x * value
            if cap is not None and total > cap:
                break
            out.add((n + x, total))
    return out


# ---- the primitive (its lister is in capture_moves) -----------------------------------
def capture_apply(st: Any, opt: Any, action: Action, p: int) -> None:
    source, table_zone, into, taking, events = opt.params["_apply"]
    cards = action.cards
    played = cards[0]
    if source == HAND:
        st.hands[p].remove(played)
        st.masks[p] ^= CARD_BITS[played]  # (in the hand: its bit, made once, clears it)
    else:
        st.own[source][p].pop()
    table = st.zones[table_zone]
    cap: CaptureState = st.capture
    deck = st.rules.deck if not cap.counted else play_deck(st.rules.deck, cap.counted)
    if len(cards) == 1:  # nothing taken
        if table or not (taking.keeps_on_empty
                         and deck.cards[played].rank in taking.takes_all):
            table.append(played)
            cap.last_played = (p, played)
            if st.record:
                st.emit("lay", p, card=st.rules.deck.code(played))
            return
        # `takes_all_on_empty: keep`: a capture of nothing, which makes no event
        st.own[into][st.side_of[p]].append(played)
        cap.last_taker, cap.last_played = p, None
        st.emit("take", p, card=st.rules.deck.code(played), taken=[], facts=["kept"],
                events=[])
        return
    taken = cards[1:]
    by_rule = bool(taking.takes_all) and by_takes_all(deck, taking, played, taken, table)
    for c in taken:
        table.remove(c)
    st.own[into][st.side_of[p]].extend(cards)
    previous = cap.last_played
    cap.last_taker = p
    cap.last_played = None
    if events:
        made = made_events(st, events, played, taken, len(table), previous, p, by_rule)
        if made or st.record:
            _made(st, made, played, taken, table, previous, p, by_rule)
    elif st.record:
        _made(st, [], played, taken, table, previous, p, by_rule)


#: `capture_apply`'s statements for a card `card` played from the hand `hand` of `p` with a
#: plain deck (no wild card counted) and no `takes_all` rank, taking `taken` (the cards in
#: their canonical order) from `table`, or laid when `taken` is None; nothing recorded;
#: `makes` is false when the capture is known to make no event (its facts were tested). The
#: code written for a greedy turn (policy_capture) plays its move with them; its values:
#: CARD_BITS, INTO (the zone of taken cards), EVENTS (the option's events), made_events,
#: record_made.
HAND_CAPTURE = """hand.remove(card)
st.masks[p] ^= CARD_BITS[card]
cap = st.capture
if taken is None:
    table.append(card)
    cap.last_played = (p, card)
else:
    for x in taken:
        table.remove(x)
    st.own[INTO][st.side_of[p]].extend((card,) + taken)
    previous = cap.last_played
    cap.last_taker = p
    cap.last_played = None
    if makes:
        made = made_events(st, EVENTS, card, taken, len(table), previous, p, False)
        if made:
            record_made(st, made, card, taken, table, previous, p, False)"""


def _made(st: Any, made: list[CaptureEvent], played: int, taken: tuple[int, ...],
          table: list[int], previous: tuple[int, int] | None, p: int, by_rule: bool) -> None:
    """After a capture: the events it made counted and their points awarded; recorded, the
    capture and its facts told (play asks only those its events need: made_events)."""
    deck = st.rules.deck
    side = st.side_of[p]
    cap: CaptureState = st.capture
    facts: set[str] = set()
    if st.record:
        facts = capture_facts(st, played, taken, table, previous, p)
        if by_rule:
            facts.add("takes_all")
        st.emit("take", p, card=deck.code(played), taken=deck.codes(taken),
                facts=sorted(facts), events=[ev.name for ev in made])
    for ev in made:
        counts = cap.counts[side]
        counts[ev.name] = counts.get(ev.name, 0) + 1
        scorer = st.rules.scoring.events.get(ev.name) if st.rules.scoring else None
        points = scorer(deck, played, taken) if scorer is not None else 0
        if st.record:
            st.emit("capture_event", p, event=ev.name, card=deck.code(played),
                    taken=deck.codes(taken), facts=[f for f in ev.when if f in facts],
                    points=points)
        if points:
            award(st, side, points, ev.name)


#: `_made`, for the code written for a turn (policy_capture)
record_made = _made


def made_events(st: Any, events: Sequence[CaptureEvent], played: int, taken: tuple[int, ...],
                left: int, previous: tuple[int, int] | None, p: int, by_rule: bool
                ) -> list[CaptureEvent]:
    """The events a capture just made makes (`left`: the table cards it left): one whose
    facts (any of `when`) hold, unless it is a `takes_all` card's capture by its rule and the
    event is not made `by_takes_all`, or the hand's last play and the event is not made
    `on_last_play`. Only the facts the events name are asked (and whether this was the last
    play only when it matters): listing them all is what recording a game does."""
    if not events:
        return []
    cap = st.capture
    cards = (st.rules.deck if not cap.counted else play_deck(st.rules.deck, cap.counted)).cards
    out = []
    last = None
    for ev in events:
        if by_rule and not ev.by_takes_all:
            continue
        for f in ev.when:
            if FACT_TESTS[f](cards, played, taken, left, previous, p):
                break
        else:  # none of its facts
            continue
        if not ev.on_last_play:
            if last is None:
                last = is_last_play(st)
            if last:
                continue
        out.append(ev)
    return out


def by_takes_all(deck: Any, taking: Taking, played: int, taken: Sequence[int],
                 table: Sequence[int]) -> bool:
    """The capture of `taken` from `table` (before it is made) is a `takes_all` card's taking
    by its rule, not an ordinary one: not when the card takes like any card because one of
    its rank lay among others (`takes_all_over_same: plain`), nor when it takes the only
    cards left, all of its rank, and those count as an equal card (`takes_all_lone_same:
    equal`)."""
    cards = deck.cards
    rank = cards[played].rank
    if rank not in taking.takes_all:
        return False
    same = [c for c in table if cards[c].rank == rank]
    if taking.over_same == "plain" and same and len(table) > 1:
        return False
    return not (taking.lone_same == "equal" and len(same) == len(table))


def capture_facts(st: Any, played: int, taken: tuple[int, ...], table: list[int],
                  previous: tuple[int, int] | None, p: int) -> set[str]:
    """The facts of a capture just made (the table already without the cards taken)."""
    cards = play_deck(st.rules.deck, st.capture.counted).cards
    left = len(table)
    facts = {f for f, test in FACT_TESTS.items() if test(cards, played, taken, left, previous, p)}
    if is_last_play(st):
        facts.add("last_play")
    return facts


# ---- the facts, each tested of a capture: (the deck's cards, the card played, the cards taken,
# how many table cards it leaves, the previous lay (seat, card), the player)
def _sweep(cards: Any, played: int, taken: tuple[int, ...], left: int, prev: Any,
           p: int) -> bool:
    return left == 0


def _same_suit(cards: Any, played: int, taken: tuple[int, ...], left: int, prev: Any,
               p: int) -> bool:
    suit = cards[played].suit
    return len(taken) >= 2 and all(cards[c].suit == suit for c in taken)


def _takes_last_played(cards: Any, played: int, taken: tuple[int, ...], left: int,
                       prev: tuple[int, int] | None, p: int) -> bool:
    return prev is not None and prev[0] != p and len(taken) == 1 \
        and cards[taken[0]].code == cards[prev[1]].code \
        and cards[prev[1]].rank == cards[played].rank


#: each fact of `FACTS`, tested of a capture (made or about to be)
FACT_TESTS: dict[str, Callable[[Any, int, tuple[int, ...], int, Any, int], bool]] = {
    "sweep": _sweep, "same_suit": _same_suit, "takes_last_played": _takes_last_played}

#: the facts whose test is one expression, written over the test's arguments (`left`, ...):
#: code written for a ruleset's turn (policy_capture) tests them in line, the others by call
FACT_CODE: dict[str, str] = {"sweep": "left == 0"}


def is_last_play(st: Any) -> bool:
    """Nothing is left to play in this hand: every hand, the stock and the owned piles a
    capture plays from are empty."""
    if any(st.hands[q] for q in st.alive):
        return False
    rest = st.rules.rest_zone
    if rest is not None and st.zones[rest]:
        return False
    return not any(pile for zone in st.rules.capture_sources for pile in st.own[zone])


# ---- compiling an option ------------------------------------------------------------------
def prepare(params: dict, ctx: Any) -> dict:
    """Check a `do: capture` option's zones and compile its `takes:` and `events:` into the
    option's parameters (`_taking`, `_events`), once."""
    zones = ctx.zones
    source = params.get("from", HAND)
    if source != HAND:
        z = zones.get(source)
        if z is None:
            ctx.error(("from",), f"no zone named {source!r}: a capture plays from `hand` or "
                      f"from the top of a zone each player owns")
        elif z.owner != "player":
            ctx.error(("from",), f"a capture plays from `hand` or from a zone each player "
                      f"owns (`owner: player`); {source!r} is not one")
    table = zones.get(params.get("table"))
    if table is not None and table.owner is not None:
        ctx.error(("table",), "the table a capture plays to is one zone for everybody "
                  "(no `owner:`)")
    into = zones.get(params.get("into"))
    if into is not None and into.owner is None:
        ctx.error(("into",), "the taken cards go to a zone each player or side owns "
                  "(`owner: player` or `owner: side`)")
    seen: set = set()
    for i, event in enumerate(params.get("events") or ()):
        if event["name"] in seen:
            ctx.error(("events", i, "name"), f"event {event['name']!r} is named twice")
        seen.add(event["name"])
    taking = compile_taking(params.get("takes") or {}, ctx)
    if taking.sums or taking.with_played is not None:
        work = sum_work(ctx.deck, taking)
        if work > MAX_SUM_WORK:
            ctx.error(("takes", "sums"), f"these card values add up in too many ways for "
                      f"captures by sum: listing them could take {work:,} steps a card, more "
                      f"than {MAX_SUM_WORK:,} (fewer different values, or `sums: false`)",
                      also=[("deck", "values"), ("deck",)])
    events = compile_events(params.get("events"))
    return dict(params, **{"from": source, "_taking": taking, "_events": events,
                           # what a capture played reads, in one tuple (capture_apply)
                           "_apply": (source, params.get("table"), params.get("into"),
                                      taking, events)})


def sum_work(deck: Any, taking: Taking) -> int:
    """How much `adding_up` may have to do at worst, in (count, sum) pairs looked through: a
    table holding the whole deck, and the highest card that takes by sum played. Any table
    holds part of the deck, so its pairs are among these (for a lower card too: its sums are
    lower and its cards fewer). Counted up to just past the limit, so that a deck of values
    like 1, 2, 4, 8 ... (every subset a sum of its own) costs no more than the limit."""
    values = taking.values
    takers = [values[c.id] for c in deck.cards
              if c.rank not in taking.takes_all and c.rank not in taking.same_rank_only]
    if taking.with_played is not None:  # cards adding up, with the lowest card, to the total
        takers.append(taking.with_played - min(values))
    if not takers:
        return 0
    top = max(takers)
    copies: dict[str, tuple[Number, int]] = {}
    for c in deck.cards:
        if values[c.id] < top:
            copies[c.code] = (values[c.id], copies.get(c.code, (0, 0))[1] + 1)
    cap = top if all(v >= 0 for v, _ in copies.values()) else None
    pairs: set[tuple[int, Number]] = {(0, 0)}
    for value, count in copies.values():
        pairs = _extend(pairs, value, count, cap)
        if len(pairs) * len(copies) > MAX_SUM_WORK:
            break
    return len(pairs) * len(copies)


def events_made(rules: Any) -> set[str]:
    """The names of the events the ruleset's captures can make (`events:` of its options),
    and those its triggers make (the dealer's table of 15, a declaration)."""
    from .triggers import trigger_events
    return {e.name for st in rules.steps.values() for o in st.options
            for e in o.params.get("_events") or ()} | trigger_events(rules)


# ---- every capture an option can ever offer (integer action ids, see action_ids) ------------
#: a capture's key when its card takes the whole table (`takes_all`): which cards that is
#: depends on the table, so the id says "the whole table" and the state says which
TAKES_ALL = -1


def capture_key(opt: Any, deck: Any, cards: tuple[int, ...]) -> tuple[int, int]:
    """(card played, the cards taken as a mask over the deck): what an action id of a capture
    stands for, the same move in every state."""
    mask = 0
    for c in cards[1:]:
        mask |= 1 << c
    return (cards[0], mask)


def capture_fallback(opt: Any, deck: Any, cards: tuple[int, ...]) -> tuple[int, int] | None:
    """The key of a capture of two cards or more that no catalogued set names: the whole
    table, taken by a `takes_all` card (which cards that is, the state says). A set a card
    could take by its value keeps its own key, so an Ace that takes like any card (over an
    Ace, `takes_all_over_same: plain`) has one id per set, never one for them all."""
    return (cards[0], TAKES_ALL) if len(cards) > 2 else None


def capture_catalogue(opt: Any, deck: Any, limit: int,
                      plays_as: Mapping[int, frozenset[int]]) -> list[tuple[int, int]] | None:
    """Every key (see `capture_key`) the option can ever offer in any state, in a fixed order:
    per card played, laying it down, taking each single other card, the whole table (a
    `takes_all` rank), then each set of two or more cards adding up to its value (the fewest
    first). A card that may play as other ranks (`plays_as`: a wild card counted by a
    declaration) is tried as each of them, played and on the table. None when there are more
    than `limit` (a deck whose values add up in too many ways): ids are then the exact masks
    themselves."""
    taking: Taking = opt.params["_taking"]
    n = len(deck.cards)
    values = taking.values
    of_rank = {deck.cards[c].rank: values[c] for c in reversed(range(n))}
    variants = _value_variants(values, of_rank, plays_as)
    by_value: dict[Number, list[int]] = {}
    out: list[tuple[int, int]] = []
    for card in range(n):
        ranks = [deck.cards[card].rank, *sorted(plays_as.get(card, ()))]
        out.append((card, 0))
        out += [(card, 1 << t) for t in range(n) if t != card]
        if any(r in taking.takes_all for r in ranks):
            out.append((card, TAKES_ALL))
        targets: list[Number] = []
        for r in ranks:
            value = values[card] if r == deck.cards[card].rank else of_rank[r]
            if r not in taking.takes_all and taking.sums and r not in taking.same_rank_only:
                targets.append(value)
            if taking.with_played is not None:  # the cards that make the sum with the played one
                targets.append(taking.with_played - value)
        for target in dict.fromkeys(targets):
            if target not in by_value:
                made = _variant_masks(variants, target, limit)
                if made is None:
                    return None
                by_value[target] = made
            out += [(card, m) for m in by_value[target]]
        if len(out) > limit:
            return None
    return list(dict.fromkeys(out))


def _value_variants(values: Sequence[Number], of_rank: Mapping[int, Number],
                    plays_as: Mapping[int, frozenset[int]]) -> list[Sequence[Number]]:
    """The deck's values, then those with each card that may play as another rank worth that
    rank's value instead (one such card at a time: a declaration counts the wild cards of one
    hand, and the bound on what that adds keeps the catalogue small)."""
    out: list[Sequence[Number]] = [values]
    for card, ranks in sorted(plays_as.items()):
        for r in sorted(ranks):
            if of_rank[r] != values[card]:
                changed = list(values)
                changed[card] = of_rank[r]
                out.append(changed)
    return out


def _variant_masks(variants: Sequence[Sequence[Number]], target: Number, limit: int
                   ) -> list[int] | None:
    """The sets adding up to `target` under any of the variants of the values, those of the
    deck's own values first; None past `limit`."""
    out: dict[int, None] = {}
    for values in variants:
        made = _sum_masks(values, target, limit)
        if made is None:
            return None
        out.update(dict.fromkeys(made))
        if len(out) > limit:
            return None
    return list(out)


def _sum_masks(values: Sequence[Number], target: Number, limit: int) -> list[int] | None:
    """The sets of two or more cards (masks) whose values, each below `target`, add up to it,
    fewest cards first; None past `limit`."""
    small = [c for c, v in enumerate(values) if 0 < v < target]
    found: list[tuple[int, int]] = []  # (size, mask)

    def walk(i: int, left: Number, mask: int, size: int) -> bool:
        if left == 0:
            if size > 1:
                found.append((size, mask))
            return len(found) <= limit
        for j in range(i, len(small)):
            c = small[j]
            if values[c] <= left and not walk(j + 1, left - values[c], mask | 1 << c,
                                              size + 1):
                return False
        return True
    if not walk(0, target, 0, 0):
        return None
    found.sort(key=lambda sm: sm[0])
    return [m for _, m in found]
