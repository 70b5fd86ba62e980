"""An independent referee for the capture family (issue 18's check).

Written from the shared rules digest (../shared/rules/README.md), the seed text of Cocincina and
the readings each shipped ruleset states in its comments, never from the engine's capture code:
the engine is used only to PLAY seeded games between bots and to read what it says happened
(its legal moves and its events). For every decision the referee works out, from its own model
of the cards, the moves the rules allow, what the move takes, whether it is a scopa (and what a
Cocincina scopa is worth), the end-of-hand points rule by rule, the last take, the deals
(three more each, the voided deals), Cirulla's declarations, and the game's winners; anything
the engine says otherwise is a disagreement.

    python bench/referee_capture.py --games 2000            # every capture ruleset
    python bench/referee_capture.py --games 200 --only scopa cocincina
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from trentuno.engine import GameState, load, parse_bots

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
SUITS = ["c", "d", "b", "s"]
#: Scopa's values for taking (the shipped scopa.yaml: Fante 8, Cavallo 9, Re 10).
SCOPA_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 8, "C": 9, "R": 10}
#: Cocincina's (seed 002: "il Fante vale quattro, il Cavallo cinque ed il Re sei").
COCINCINA_VALUES = {**SCOPA_VALUES, "F": 4, "C": 5, "R": 6}
#: The primiera's points per rank (pagat.com's Scopa page).
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
            "F": 10, "C": 10, "R": 10}
#: Cocincina's cards of value in a scopa (seed 002: "Le figure, gli Assi ed il Due di bastoni
#: ... valgono un punto, Il Re di denari vale due punti").
COCINCINA_BONUS = {"Rd": 2, "2b": 1}
SCOPA_RULES = ("cards", "denari", "settebello", "primiera", "scope")


def rank(code: str) -> str:
    """A card code is its rank then its suit letter."""
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


@dataclass(frozen=True)
class Profile:
    """One ruleset as the referee reads it: each field is a sentence of its sources."""
    values: dict[str, int] = field(default_factory=lambda: dict(SCOPA_VALUES))
    equal: str = "first"            # an equal card: "first" (before any sum), "any", "none"
    sums: bool = True               # cards adding up to the played card's value
    fifteen: bool = False           # cards adding up to 15 with the played card
    figures_alike: bool = False     # a figure takes only the same figure (Cocincina)
    must_per_hand: bool = False     # no card laid while any card of the hand could take
    fewest: bool = False            # the plain taking only by the fewest cards
    ace_all: bool = False           # an Ace takes the whole table
    ace_over_ace: str = "all"       # an Ace on the table with others: "all", "ace", "plain"
    ace_lone_ace: str = "all"       # the lone Ace on the table: "all" (no scopa here) or "plain"
    ace_on_empty: str = "lay"       # an Ace to an empty table: "lay" or "keep"
    ace_scopa: bool = True          # the Ace's sweep is a scopa
    last_scopa: bool = False        # a sweep by the hand's last card is a scopa
    cocincina: bool = False         # piles, scope of three kinds worth their cards, to a target
    rules: tuple[str, ...] = SCOPA_RULES
    target: int = 11
    fewest_win: bool = False
    countback: bool = False
    kings_void: bool = False        # three or four Re on the table: the deal is void
    cirulla: bool = False           # Cirulla's voided deal, table of 15/30 and declarations
    hand_size: int = 3
    table_size: int = 4
    players: tuple[int, ...] = (2, 3, 4)


SCOPA = Profile()
CIRULLA = Profile(equal="any", fifteen=True, ace_all=True, ace_over_ace="plain",
                  ace_lone_ace="plain", cirulla=True, target=51,
                  rules=SCOPA_RULES + ("cirulla", "decino", "piccola", "grande"))
COCINCINA = Profile(values=dict(COCINCINA_VALUES), equal="any", figures_alike=True,
                    cocincina=True, rules=(), target=51, hand_size=0, table_size=0,
                    players=(2,))
PROFILES: dict[str, Profile] = {
    "scopa": SCOPA,
    "cocincina": COCINCINA,
    "house/cocincina-75": replace(COCINCINA, target=75),
    "house/cocincina-101": replace(COCINCINA, target=101),
    "house/scopone": replace(SCOPA, hand_size=9, players=(4,)),
    "house/scopone-scientifico": replace(SCOPA, hand_size=10, table_size=0, players=(4,)),
    "house/scopa-a-perdere": replace(SCOPA, fewest_win=True),
    "house/scopa-napola": replace(SCOPA, rules=SCOPA_RULES + ("napola",)),
    "house/scopa-di-quindici": replace(SCOPA, equal="none", sums=False, fifteen=True),
    "house/asso-piglia-tutto": replace(SCOPA, ace_all=True, ace_on_empty="keep"),
    "house/scopa-d-assi": replace(SCOPA, ace_all=True, ace_over_ace="ace", ace_scopa=False),
    "house/scopa-must-take": replace(SCOPA, must_per_hand=True),
    "house/scopa-fewest-cards": replace(SCOPA, fewest=True),
    "house/scopa-first-to-11": replace(SCOPA, countback=True),
    "house/scopa-21": replace(SCOPA, target=21),
    "house/scopa-last-card": replace(SCOPA, last_scopa=True),
    "house/scopa-re-redeal": replace(SCOPA, kings_void=True),
    "house/cirulla": CIRULLA,
    "house/cirulla-fewest": replace(CIRULLA, fewest=True),
}

#: The other reading of a point the sources leave open, where the shelf file names it: run with
#: `--other-readings` to count the games in which the two readings part.
OTHER_READINGS: dict[str, Profile] = {
    # an Ace taking the lone Ace left: an equal card's taking, so a scopa (`equal`)
    "house/scopa-d-assi": replace(PROFILES["house/scopa-d-assi"], ace_lone_ace="plain"),
}


class Disagreement(Exception):
    """The engine did something the referee's reading of the rules does not allow."""


# ---- taking ------------------------------------------------------------------------------

def subsets_adding_to(values: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """The index sets of `values` (all positive) adding up to `total`, by backtracking (the
    sums are small, so the pruning keeps even a crowded Cocincina table cheap)."""
    order = sorted(range(len(values)), key=lambda i: values[i])

    def walk(start: int, left: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if left == 0 and chosen:
            yield chosen
            return
        for k in range(start, len(order)):
            v = values[order[k]]
            if v > left:
                break
            yield from walk(k + 1, left - v, chosen + (order[k],))

    yield from walk(0, total, ())


def _codes(table: list[str], picks: Iterable[tuple[int, ...]]) -> set[tuple[str, ...]]:
    return {tuple(sorted(table[i] for i in pick)) for pick in picks}


def plain_takes(p: Profile, card: str, table: list[str]) -> set[tuple[str, ...]]:
    """What the card takes by its own value: an equal card and/or a sum (Scopa, Cocincina)."""
    value = p.values[rank(card)]
    same: set[tuple[str, ...]] = {(t,) for t in table if rank(t) == rank(card)}
    if p.figures_alike and rank(card) in ("F", "C", "R"):
        return same
    values = [p.values[rank(t)] for t in table]
    if p.figures_alike:   # a number takes figures by their values too (the text's Sette)
        found = _codes(table, subsets_adding_to(values, value))
    else:
        equal = set() if p.equal == "none" else same   # Scopa's values are one per rank
        if equal and p.equal == "first":
            return equal
        sums = _codes(table, (s for s in subsets_adding_to(values, value) if len(s) > 1)) \
            if p.sums else set()
        found = equal | sums
    if p.fewest and found:
        least = min(len(t) for t in found)
        found = {t for t in found if len(t) == least}
    return found


def fifteen_takes(p: Profile, card: str, table: list[str]) -> set[tuple[str, ...]]:
    values = [p.values[rank(t)] for t in table]
    return _codes(table, subsets_adding_to(values, 15 - p.values[rank(card)]))


def takes_of(p: Profile, card: str, table: list[str]) -> tuple[set[tuple[str, ...]], str]:
    """Every set of table cards the card may take (empty: it is laid), and how: "plain",
    "all" (the Ace's sweep), "keep" (an Ace kept off an empty table)."""
    if p.ace_all and rank(card) == "A":
        aces = [t for t in table if rank(t) == "A"]
        if not table:
            return set(), p.ace_on_empty
        mode = "all"
        if aces:
            mode = p.ace_lone_ace if len(table) == 1 else p.ace_over_ace
        if mode == "all":
            return {tuple(sorted(table))}, "all"
        if mode == "ace":
            return {(a,) for a in aces}, "plain"
    found = plain_takes(p, card, table) if p.sums or p.equal != "none" else set()
    if p.fifteen:
        found |= fifteen_takes(p, card, table)
    return found, "plain"


def legal_moves(p: Profile, cards: list[str], table: list[str]) -> set[tuple[str, tuple]]:
    """(card played, cards taken) for each move the rules allow; a card that can take must
    take; with `must_per_hand` a card that takes nothing is not played while another can."""
    moves: set[tuple[str, tuple]] = set()
    can_take = False
    layable = []
    for card in cards:
        found, _ = takes_of(p, card, table)
        if found:
            can_take = True
            moves |= {(card, t) for t in found}
        else:
            layable.append(card)
    if not (p.must_per_hand and can_take):
        moves |= {(card, ()) for card in layable}
    return moves


# ---- the end of a hand -------------------------------------------------------------------

def _most(counts: list[int]) -> list[int]:
    """One point to the side with strictly the most; a tie scores nobody (pagat.com)."""
    best = max(counts)
    return [1 if c == best and counts.count(best) == 1 else 0 for c in counts]


def primiera_count(cards: list[str]) -> int | None:
    """The best card of each suit by the primiera's table; None without every suit."""
    best: dict[str, int] = {}
    for c in cards:
        best[suit(c)] = max(best.get(suit(c), 0), PRIMIERA[rank(c)])
    return sum(best.values()) if len(best) == 4 else None


def denari_run(cards: list[str], at_most: int = 10) -> int:
    """The unbroken run of denari from the Ace: the napola (3 or more counts its length)."""
    held = {rank(c) for c in cards if suit(c) == "d"}
    n = 0
    while n < len(RANKS) and RANKS[n] in held:
        n += 1
    return min(n, at_most) if n >= 3 else 0


def hand_points(p: Profile, taken: list[list[str]], events: list[Counter]) -> list[list[int]]:
    """Each scoring rule's points per side, in the order the ruleset lists them."""
    out = []
    for rule in p.rules:
        if rule == "cards":
            out.append(_most([len(t) for t in taken]))
        elif rule == "denari":
            out.append(_most([sum(suit(c) == "d" for c in t) for t in taken]))
        elif rule == "settebello":
            out.append([int("7d" in t) for t in taken])
        elif rule == "primiera":
            counts = [primiera_count(t) for t in taken]
            out.append(_most([-1 if c is None else c for c in counts])
                       if any(c is not None for c in counts) else [0] * len(taken))
        elif rule == "scope":
            out.append([e["scopa"] for e in events])
        elif rule == "cirulla":
            out.append([3 * e["cirulla"] for e in events])
        elif rule == "decino":
            out.append([10 * e["decino"] for e in events])
        elif rule == "napola":
            out.append([denari_run(t) for t in taken])
        elif rule == "piccola":
            out.append([denari_run(t, at_most=7) for t in taken])
        elif rule == "grande":
            out.append([5 * all(c in t for c in ("Rd", "Cd", "Fd")) for t in taken])
    return out


def cocincina_scopa_points(p: Profile, card: str, taken: tuple[str, ...]) -> int:
    """The played and the taken cards' values, plus one for each figure, Ace and Two of
    bastoni taken, two for the Re di denari (the shipped file's reading of seed 002)."""
    points = p.values[rank(card)] + sum(p.values[rank(t)] for t in taken)
    for t in taken:
        points += COCINCINA_BONUS.get(t, 1 if rank(t) in ("A", "F", "C", "R") else 0)
    return points


# ---- Cirulla's deals ---------------------------------------------------------------------

def _can_make(values: list[int], wild: bool, goal: int) -> bool:
    """Whether the cards add up to `goal`, the wild Seven counting as any value 1-10."""
    rest = sum(values)
    return 1 <= goal - rest <= 10 if wild else rest == goal


def table_scope(p: Profile, table: list[str]) -> int:
    """The dealer's table of 15 is one scopa, of 30 two (the 7 of cups wild)."""
    wild = "7c" in table
    values = [p.values[rank(t)] for t in table if not (wild and t == "7c")]
    if _can_make(values, wild, 15):
        return 1
    return 2 if _can_make(values, wild, 30) else 0


def counted_rank(p: Profile, said: str, hand: list[str]) -> str:
    """The rank the wild Seven of a declared hand plays as for the rest of the hand (the
    shipped house/cirulla's reading of "che gli rimane durante tutto il gioco"): a decino's,
    the other two's rank; a cirulla's, the rank nearest a Seven keeping the hand at 9 or less."""
    rest = [c for c in hand if c != "7c"]
    if said == "decino":
        return rank(rest[0])
    return RANKS[min(7, 9 - sum(p.values[rank(c)] for c in rest)) - 1]


def declaration(p: Profile, hand: list[str]) -> str | None:
    """The decino (three of a rank) before the cirulla (three worth 9 or less), the 7 of cups
    standing for any rank or value; None for no declaration."""
    if len(hand) != 3:
        return None
    wild = "7c" in hand
    rest = [c for c in hand if not (wild and c == "7c")] if wild else hand
    if len({rank(c) for c in rest}) == 1:
        return "decino"
    if sum(p.values[rank(c)] for c in rest) + (1 if wild else 0) <= 9:
        return "cirulla"
    return None


# ---- the referee -------------------------------------------------------------------------

def full_deck(copies: int) -> Counter:
    return Counter({r + s: copies for r in RANKS for s in SUITS})


@dataclass
class Tally:
    """What the referee checked."""
    games: int = 0
    hands: int = 0
    decisions: int = 0
    moves_judged: int = 0
    captures: int = 0
    scope: int = 0
    declarations: int = 0
    voided: int = 0
    countbacks: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


class Referee:
    """Follows one game event by event with its own model of the cards and checks each."""

    def __init__(self, p: Profile, players: int, codes: list[str]) -> None:
        self.p, self.n, self.codes = p, players, codes
        self.side = [s % 2 for s in range(players)] if players == 4 else list(range(players))
        self.nsides = max(self.side) + 1
        self.step = 1 if p.cocincina else -1      # Cocincina plays clockwise, Scopa counter-
        self.score = [0] * self.nsides
        self.tally = Tally()
        self.seen = 0
        self.dealer: int | None = None
        self.void_pending = False
        self.expect_dealt: Counter = Counter()
        self.expect_points: int | None = None
        self.next_player: int | None = None
        self.reached: list[int] | None = None
        self.winner_sides: list[int] = []
        self.chosen: tuple[int, str, tuple] | None = None
        self.engine_points: list[int | None] = [None] * self.nsides
        self._new_hand()

    def _new_hand(self) -> None:
        self.hands: dict[int, list[str]] = {s: [] for s in range(self.n)}
        self.piles: dict[int, list[str]] = {s: [] for s in range(self.n)}
        self.table: list[str] = []
        self.stock: list[str] = []
        self.taken: list[list[str]] = [[] for _ in range(self.nsides)]
        self.events: list[Counter] = [Counter() for _ in range(self.nsides)]
        self.last_taker: int | None = None
        self.last_lay: tuple[int, str] | None = None
        self.wild_as: dict[str, str] = {}

    def fail(self, what: str) -> None:
        raise Disagreement(f"hand {self.tally.hands}: {what}")

    # -- decisions --
    def decide(self, player: int, engine_moves: Iterable[tuple[int, ...]]) -> None:
        """The engine's legal moves must be exactly the referee's."""
        if self.void_pending:
            self.fail("a deal the rules void was played")
        if self.expect_dealt:
            self.fail(f"declarations/table scope missing: {dict(self.expect_dealt)}")
        if self.reached is not None:
            self.fail(f"play goes on after the game was won at {self.reached}")
        if self.p.cocincina and self._last_play():
            self.fail("play goes on after a pile ran out")
        if self.next_player is not None and player != self.next_player:
            self.fail(f"seat {player} to play, the referee expects seat {self.next_player}")
        cards = [self.piles[player][-1]] if self.p.cocincina else self.hands[player]
        mine = self._unalias_moves(legal_moves(self.p, self._alias(cards),
                                               self._alias(self.table)))
        listed = [(self.codes[m[0]], tuple(sorted(self.codes[c] for c in m[1:])))
                  for m in engine_moves]
        theirs = set(listed)
        if len(theirs) != len(listed):   # two copies of a card are one move (Cocincina)
            self.fail(f"the engine offers a move twice: {sorted(listed)}")
        if mine != theirs:
            self.fail(f"seat {player} holding {cards} over table {sorted(self.table)}: "
                      f"engine allows {sorted(theirs - mine)} the referee does not, and "
                      f"forbids {sorted(mine - theirs)}")
        self.tally.decisions += 1
        self.tally.moves_judged += len(mine)

    # -- the wild Seven of a declared hand, played as the rank it was counted as --
    def _alias(self, cards: list[str]) -> list[str]:
        """The cards as they play: the declared wild Seven as "<rank>*" (its own suit lost,
        which no taking of Cirulla looks at)."""
        return [self.wild_as.get(c, c) for c in cards]

    def _real(self, code: str) -> str:
        return "7c" if code.endswith("*") else code

    def _unalias_moves(self, moves: set) -> set[tuple[str, tuple]]:
        return {(self._real(c), tuple(sorted(self._real(t) for t in taken)))
                for c, taken in moves}

    def _takes(self, card: str) -> tuple[set[tuple[str, ...]], str]:
        found, how = takes_of(self.p, self._alias([card])[0], self._alias(self.table))
        return {tuple(sorted(self._real(t) for t in taken)) for taken in found}, how

    # -- events --
    def catch_up(self, events: list) -> None:
        for e in events[self.seen:]:
            handler = getattr(self, "on_" + e.kind, None)
            if handler is not None:
                handler(e.player, e.data)
        self.seen = len(events)

    def on_deal(self, _player: int | None, d: dict) -> None:
        """A deal: the whole deck, the sizes the rules give, the dealer in turn; a deal the
        rules void must be dealt again by the same dealer; Cirulla's deal scores."""
        p = self.p
        dealer = d["dealer"]
        if self.reached is not None:
            self.fail(f"a new deal after the game was won at {self.reached}")
        if self.void_pending:
            if dealer != self.dealer:
                self.fail(f"a voided deal dealt again by seat {dealer}, not {self.dealer}")
            self.void_pending = False
        elif self.dealer is not None and dealer != (self.dealer + self.step) % self.n:
            self.fail(f"seat {dealer} deals after seat {self.dealer}")
        self.dealer = dealer
        self._new_hand()
        self.tally.hands += 1
        self.hands = {int(s): list(h) for s, h in d["hands"].items()}
        self.table = list(d["zones"].get("table", []))
        self.stock = list(d["zones"].get("stock", []))
        if p.cocincina:
            self.piles = {s: list(pile) for s, pile in enumerate(d["own"]["pile"])}
        everything = Counter(self.table) + Counter(self.stock)
        for cards in list(self.hands.values()) + list(self.piles.values()):
            everything += Counter(cards)
        if everything != full_deck(2 if p.cocincina else 1):
            self.fail("the deal is not the whole deck")
        sizes = {len(h) for h in self.hands.values()}
        if sizes != {p.hand_size} or len(self.table) != p.table_size:
            self.fail(f"dealt hands of {sizes} and a table of {len(self.table)}")
        if p.cocincina and {len(x) for x in self.piles.values()} != {40}:
            self.fail("the piles are not of 40")
        self.next_player = self._first_player()
        ranks = Counter(rank(t) for t in self.table)
        if (p.kings_void and ranks["R"] >= 3) or (p.cirulla and ranks["A"] >= 2):
            self.void_pending = True
            self.tally.voided += 1
            return
        if p.cirulla:
            scope = table_scope(p, self.table)
            if scope:
                self.expect_dealt[("scopa", scope, dealer)] += 1
            self._expect_declarations()

    def _first_player(self) -> int:
        """The seat after the dealer; in Cocincina the lower bottom card of the piles (by
        value, the next cards up on a tie: the shipped file's reading of seed 002)."""
        if not self.p.cocincina:
            return (self.dealer + self.step) % self.n  # type: ignore[operator]
        a, b = self.piles[0], self.piles[1]
        for x, y in zip(a, b):
            vx, vy = self.p.values[rank(x)], self.p.values[rank(y)]
            if vx != vy:
                return 0 if vx < vy else 1
        self.fail("the piles' cards are level all the way up")
        return 0

    def _expect_declarations(self) -> None:
        for seat, hand in self.hands.items():
            said = declaration(self.p, hand)
            if said:
                self.expect_dealt[(said, 1, seat)] += 1

    def on_redeal(self, _player: int | None, d: dict) -> None:
        """Three more each from the top of the stock, when the hands are empty."""
        if any(self.hands.values()):
            self.fail("dealt again while a hand still holds cards")
        new = {int(s): list(h) for s, h in d["hands"].items()}
        count = sum(len(h) for h in new.values())
        if {len(h) for h in new.values()} != {3} or len(new) != self.n:
            self.fail(f"dealt again {new}")
        top = self.stock[len(self.stock) - count:]
        if Counter(top) != Counter(c for h in new.values() for c in h):
            self.fail("the cards dealt again are not the top of the stock")
        del self.stock[len(self.stock) - count:]
        self.hands = new
        if self.p.cirulla:
            self._expect_declarations()

    def on_dealt_event(self, player: int | None, d: dict) -> None:
        """Cirulla: the dealer's table of 15 or 30, each hand's declaration."""
        seat = self.dealer if d["event"] == "scopa" else player
        key = (d["event"], d["times"], seat)
        if self.expect_dealt[key] <= 0:
            self.fail(f"an unexpected {d['event']} x{d['times']} to seat {seat}")
        self.expect_dealt[key] -= 1
        if not self.expect_dealt[key]:
            del self.expect_dealt[key]
        side = self.side[seat]  # type: ignore[index]
        self.events[side][d["event"]] += d["times"]
        self.tally.declarations += 1
        if d["event"] == "scopa":
            if sorted(d["taken"]) != sorted(self.table):
                self.fail("the dealer's table of 15 is not taken whole")
            self.taken[side] += self.table
            self.table = []
        else:
            hand = self.hands[player]  # type: ignore[index]
            if sorted(d["shown"]) != sorted(hand):
                self.fail(f"seat {player} shows {d['shown']}, holding {hand}")
            if "7c" in hand:
                self.wild_as["7c"] = counted_rank(self.p, d["event"], hand) + "*"

    def _play(self, player: int, card: str) -> None:
        """The card leaves the player's hand or pile; the next seat plays."""
        if self.chosen is not None and self.chosen[:2] != (player, card):
            self.fail(f"seat {player} played {card}, the move chosen was {self.chosen}")
        source = self.piles[player] if self.p.cocincina else self.hands[player]
        if self.p.cocincina:
            if source[-1] != card:
                self.fail(f"seat {player} turned up {card}, not his top card {source[-1]}")
            source.pop()
        else:
            source.remove(card)
        self.next_player = (player + self.step) % self.n

    def _last_play(self) -> bool:
        """Whether the card just played is the hand's last."""
        if self.p.cocincina:
            return any(not pile for pile in self.piles.values())
        return not self.stock and not any(self.hands.values())

    def on_lay(self, player: int, d: dict) -> None:
        card = d["card"]
        found, how = self._takes(card)
        if found or how == "keep":
            self.fail(f"{card} laid, though it takes {sorted(found)} / {how}")
        self._play(player, card)
        self.table.append(card)
        self.last_lay = (player, card)

    def on_take(self, player: int, d: dict) -> None:
        """A capture: what it took, and whether (and for how much) it is a scopa."""
        card, taken = d["card"], tuple(sorted(d["taken"]))
        if self.chosen is not None and self.chosen[2] != taken:
            self.fail(f"{card} took {taken}, the move chosen took {self.chosen[2]}")
        found, how = self._takes(card)
        if taken not in found and not (how == "keep" and not taken):
            self.fail(f"{card} took {taken} over {sorted(self.table)}: not allowed")
        before = list(self.table)
        self._play(player, card)
        for t in taken:
            self.table.remove(t)
        side = self.side[player]
        self.taken[side] += [card, *taken]
        self.last_taker = player
        facts = self._scopa_facts(player, card, taken, how)
        scopa = bool(facts)
        self.last_lay = None
        self.tally.captures += 1
        if self.p.cocincina and facts != set(d["facts"]):
            self.fail(f"{card} taking {taken} over {sorted(before)}: a scopa of "
                      f"{sorted(d['facts'])} for the engine, of {sorted(facts)} for the referee")
        if scopa != ("scopa" in d["events"]):
            self.fail(f"{card} taking {taken} over {sorted(before)}: scopa is {scopa} for "
                      f"the referee, {'scopa' in d['events']} for the engine")
        if scopa:
            self.tally.scope += 1
            self.events[side]["scopa"] += 1
            if self.p.cocincina:
                self.expect_points = cocincina_scopa_points(self.p, card, taken)
                self.score[side] += self.expect_points

    def _scopa_facts(self, player: int, card: str, taken: tuple, how: str) -> set[str]:
        """What makes this capture a scopa (empty: none). Scopa: a sweep, not by the hand's
        last card (unless the house counts it), nor by an Ace where its sweep is none.
        Cocincina: a sweep, the card the opponent just laid taken by one of its rank, or two
        or more cards of the played card's suit (the shipped file's readings of seed 002)."""
        p = self.p
        if not taken or (how == "all" and not p.ace_scopa):
            return set()
        facts = {"sweep"} if not self.table else set()
        if not p.cocincina:
            return facts if p.last_scopa or not self._last_play() else set()
        lay = self.last_lay
        if (lay is not None and lay[0] != player and len(taken) == 1 and taken[0] == lay[1]
                and rank(card) == rank(lay[1])):
            facts.add("takes_last_played")
        if len(taken) >= 2 and all(suit(t) == suit(card) for t in taken):
            facts.add("same_suit")
        return facts

    def on_capture_event(self, _player: int, d: dict) -> None:
        if self.p.cocincina and d["points"] != self.expect_points:
            self.fail(f"the scopa {d['card']} {d['taken']} is worth {d['points']}, the "
                      f"referee counts {self.expect_points}")
        if self.p.cocincina and self.reached is None and max(self.score) >= self.p.target:
            self.reached = list(self.score)

    def on_leftover(self, player: int, d: dict) -> None:
        """The last taker takes what is left on the table (never a scopa); Cocincina's
        table stays where it is (the seed says nothing of it, nor does the shipped file)."""
        if self.p.cocincina:
            self.fail("a leftover in Cocincina")
        if player != self.last_taker:
            self.fail(f"the table's last cards go to seat {player}, the last taker was "
                      f"{self.last_taker}")
        if sorted(d["cards"]) != sorted(self.table):
            self.fail(f"the leftover {d['cards']} is not the table {self.table}")
        self.taken[self.side[player]] += self.table
        self.table = []

    def on_hand_end(self, _player: int | None, d: dict) -> None:
        """A hand ends when its cards are played (Cocincina: a pile is out, or the target
        reached); a voided deal ends void, and only it."""
        if (d["outcome"] == "void") != self.void_pending:
            self.fail(f"the hand ends {d['outcome']} ({d['reason']}); the referee voids "
                      f"it: {self.void_pending}")
        if self.void_pending:
            return
        if self.p.cocincina:
            if not (self._last_play() or max(self.score) >= self.p.target):
                self.fail("the hand ended with cards in both piles and nobody at the target")
        elif any(self.hands.values()) or self.stock:
            self.fail("the hand ended with cards still to play")

    def on_hand_score(self, _player: int | None, d: dict) -> None:
        """The end-of-hand points, rule by rule, and the cards each side took."""
        if self.table and not self.p.cocincina and self.last_taker is not None:
            self.fail(f"the table {self.table} was not given to the last taker")
        if d["cards"] != [len(t) for t in self.taken]:
            self.fail(f"the sides took {d['cards']} cards, the referee counts "
                      f"{[len(t) for t in self.taken]}")
        self._check_counts(d["counts"])
        mine_events = [{k: v for k, v in e.items() if v} for e in self.events]
        if [dict(e) for e in d["events"]] != mine_events:
            self.fail(f"the hand's events {d['events']} for the engine, {mine_events} for "
                      f"the referee")
        mine = hand_points(self.p, self.taken, self.events)
        theirs = [points for _, points in d["scores"]]
        if mine != theirs:
            self.fail(f"hand points {list(zip(self.p.rules, theirs))} for the engine, "
                      f"{list(zip(self.p.rules, mine))} for the referee")
        self._hand_totals(mine)

    def _check_counts(self, counts: list[list]) -> None:
        """Scopa's four counts: the cards, the denari, the settebello, the primiera's sum."""
        if self.p.rules[:4] != SCOPA_RULES[:4]:
            return
        mine = [[len(t) for t in self.taken], [sum(suit(c) == "d" for c in t) for t in self.taken],
                [int("7d" in t) for t in self.taken], [primiera_count(t) for t in self.taken]]
        if [list(c) for c in counts[:4]] != mine:
            self.fail(f"the counts {counts[:4]} for the engine, {mine} for the referee")

    def _hand_totals(self, points: list[list[int]]) -> None:
        """Add the hand's points; at the target, who won (countback where the house has it)."""
        before = list(self.score)
        for row in points:
            self.score = [a + b for a, b in zip(self.score, row)]
        if max(self.score) < self.p.target or self.reached is not None:
            return
        best = (min if self.p.fewest_win else max)(self.score)
        leaders = [s for s, v in enumerate(self.score) if v == best]
        if len(leaders) > 1 and self.p.countback:
            leaders = self._countback(before, points, leaders)
            self.tally.countbacks += 1
        if len(leaders) == 1:
            self.reached = list(self.score)
            self.winner_sides = leaders

    def _countback(self, before: list[int], points: list[list[int]],
                   level: list[int]) -> list[int]:
        """The side that got to the target first in the hand's order of scoring; both at once:
        the more scope in the hand (the shipped scopa-first-to-11's reading)."""
        running = list(before)
        for row in points:
            running = [a + b for a, b in zip(running, row)]
            there = [s for s in level if running[s] >= self.p.target]
            if there:
                if len(there) == 1:
                    return there
                level = there
                break
        scope = self.p.rules.index("scope")
        most = max(points[scope][s] for s in level)
        return [s for s in level if points[scope][s] == most]

    def on_points(self, player: int, d: dict) -> None:
        self.engine_points[self.side[player]] = d["points"]

    def on_game_over(self, _player: int | None, d: dict) -> None:
        """The winners, and each side's final points."""
        if any(v is not None and v != self.score[s] for s, v in enumerate(self.engine_points)):
            self.fail(f"final points {self.engine_points} for the engine, {self.score} for "
                      f"the referee")
        if self.p.cocincina and self.reached is not None:
            best = max(self.score)
            self.winner_sides = [s for s, v in enumerate(self.score) if v == best]
        if self.reached is None:
            self.fail(f"the game ended at {self.score}, before anybody won")
        winners = sorted(s for s in range(self.n) if self.side[s] in self.winner_sides)
        if sorted(d["winners"]) != winners:
            self.fail(f"the engine's winners {d['winners']}, the referee's {winners} at "
                      f"{self.score}")
        self.tally.games += 1


# ---- playing -----------------------------------------------------------------------------

BOTS = ("random", "greedy")


def referee_game(name: str, players: int, seed: int, bots: str = "random",
                 rules=None, decks: list[list[str]] | None = None) -> Tally:
    """Play one seeded game between bots and referee it (`decks`: the first hands' deck
    orders, top card first, for a stacked deal); raises Disagreement."""
    rules = rules if rules is not None else load(name)
    p = PROFILES[name]
    st = (GameState(rules, players, seed=seed, decks=decks, dealer=0) if decks
          else GameState(rules, players, seed=seed))
    seats = parse_bots(bots, players, seed)
    codes = [c.code for c in st.rules.deck.cards]
    ref = Referee(p, players, codes)
    while not st.is_over:
        ref.catch_up(st.events)
        legal = st.legal_actions()
        ref.decide(st.current_player, [a.cards for a in legal])
        action = seats[st.current_player](st, legal)
        ref.chosen = (st.current_player, codes[action.cards[0]],
                      tuple(sorted(codes[c] for c in action.cards[1:])))
        st.apply(action)
    ref.catch_up(st.events)
    if ref.tally.games != 1:
        ref.fail("the game ended without a game_over")
    return ref.tally


def table_sizes(name: str) -> tuple[int, ...]:
    return PROFILES[name].players


def referee_ruleset(name: str, games: int, seed: int = 0,
                    rules=None) -> tuple[Tally, list[str]]:
    """`games` games of every player count the ruleset takes, bots alternating."""
    rules = rules if rules is not None else load(name)
    tally, faults = Tally(), []
    for players in table_sizes(name):
        for i in range(games):
            game_seed = seed + 7919 * i + players
            bots = BOTS[i % len(BOTS)]
            try:
                tally.add(referee_game(name, players, game_seed, bots, rules))
            except Disagreement as fault:
                faults.append(f"{name} players={players} seed={game_seed} bots={bots}: {fault}")
    return tally, faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", help="rulesets (default: every capture ruleset)")
    parser.add_argument("--show", type=int, default=5, help="disagreements shown per ruleset")
    parser.add_argument("--other-readings", action="store_true",
                        help="referee with the readings the shelf files set aside")
    args = parser.parse_args(argv)
    if args.other_readings:
        PROFILES.update(OTHER_READINGS)
        args.only = args.only or list(OTHER_READINGS)
    total, bad = Tally(), 0
    print(f"{'ruleset':28} {'games':>6} {'deals':>6} {'decisions':>9} {'moves':>9} "
          f"{'captures':>8} {'scope':>6} {'declared':>8} {'voided':>6} {'countback':>9} "
          f"{'faults':>6}", flush=True)
    for name in args.only or list(PROFILES):
        tally, faults = referee_ruleset(name, args.games, args.seed)
        total.add(tally)
        bad += len(faults)
        print(f"{name:28} {tally.games:6} {tally.hands:6} {tally.decisions:9} "
              f"{tally.moves_judged:9} {tally.captures:8} {tally.scope:6} "
              f"{tally.declarations:8} {tally.voided:6} {tally.countbacks:9} {len(faults):6}",
              flush=True)
        for fault in faults[:args.show]:
            print("   ", fault)
    print(f"{'all':28} {total.games:6} {total.hands:6} {total.decisions:9} "
          f"{total.moves_judged:9} {total.captures:8} {total.scope:6} "
          f"{total.declarations:8} {total.voided:6} {total.countbacks:9} {bad:6}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
