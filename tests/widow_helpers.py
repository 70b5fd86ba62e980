"""Helpers for widow and table games (vedova, Scat, Schwimmen) and for the house-rule tests:
stack a deck by describing what each seat and each zone should receive, and pick actions by
description.

    order = stack(rules, dealer=0, players=5,
                  hands={4: "7h 8d 9c", 2: "Ah Kh 10s"}, zones={"widow": "Qh 7s 8s"})
    state = GameState(rules, players=5, seed=1, decks=[order], dealer=0)
    play(state, swap(state, give="10s", take="Qh"), seat=4)
    play(state, kind(state, "knock"))

The deal is worked out here from the ruleset's own document (`rules.data`: `seating.deal` and
`deal.steps`), independently of the engine's dealing code, so a test of this helper against the
engine's `deal` event checks the engine's deal as well:

* seats are numbered clockwise; `clockwise` means the next seat is seat+1, `counterclockwise`
  seat-1; the deal starts with the first live seat after the dealer and ends with the dealer;
* a step `{to: [players, widow], count: 1, rounds: 3}` gives, three times over, `count` cards to
  each player in deal order and then `count` cards to the widow;
* a zone's cards are listed in the order they were dealt, so the LAST one is its top;
* the undealt cards form the `rest` zone (the stock); `stock=` fixes its top cards, top first;
  the cards a stacked order leaves out follow in the engine's seeded shuffle.

Seats and zone places that are not described are filled with weak cards: low, of different
suits and ranks, never an Ace and never a wild card, so they do not interfere with a scenario.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

from trentuno.engine.state import GameState

Cards: TypeAlias = str | Sequence[str] | None


# ---- card lists ---------------------------------------------------------------------------
def codes(text: Cards) -> list[str]:
    """"Ah Kh, Qh" or ["Ah", "Kh"] -> ["Ah", "Kh", "Qh"]; None -> []."""
    if text is None:
        return []
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return list(text)


def ids(rules, text: Cards) -> list[int]:
    return [rules.deck.parse(c) for c in codes(text)]


def value_of(rules, text: Cards):
    """The HandValue of a hand written as codes."""
    return rules.valuation.of(ids(rules, text))


# ---- the deal, worked out from the ruleset document --------------------------------------
_DIRECTION = {"clockwise": 1, "counterclockwise": -1}


def deal_direction(rules) -> int:
    seating = rules.data.get("seating") or {}
    return _DIRECTION[seating.get("deal", seating.get("play", "clockwise"))]


def play_direction(rules) -> int:
    seating = rules.data.get("seating") or {}
    return _DIRECTION[seating.get("play", "clockwise")]


def seats_after(dealer: int, players: int, direction: int,
                alive: Iterable[int] | None = None) -> list[int]:
    """Live seats from the first one after `dealer` in `direction`, the dealer (if live) last."""
    live = set(range(players) if alive is None else alive)
    out = []
    for k in range(1, players + 1):
        seat = (dealer + direction * k) % players
        if seat in live:
            out.append(seat)
    return out


def deal_seats(rules, dealer: int, players: int, alive=None) -> list[int]:
    """The seats in the order they receive cards."""
    return seats_after(dealer, players, deal_direction(rules), alive)


def turn_seats(rules, dealer: int, players: int, alive=None) -> list[int]:
    """The seats in the order they play; the first is the one after the dealer."""
    return seats_after(dealer, players, play_direction(rules), alive)


def next_dealer(rules, dealer: int, players: int, alive=None) -> int:
    """Who deals the next hand (`seating.dealer_passes`), among the live seats."""
    seating = rules.data.get("seating") or {}
    how = seating.get("dealer_passes", seating.get("play", "clockwise"))
    live = set(range(players) if alive is None else alive)
    if how == "stays" and dealer in live:
        return dealer
    step = _DIRECTION.get(how, play_direction(rules))
    return seats_after(dealer, players, step, live)[0]


def deal_slots(rules, dealer: int, players: int, alive=None) -> list[tuple]:
    """Where each card off the top of the deck goes: ("seat", s) or ("zone", name), in order."""
    seats = deal_seats(rules, dealer, players, alive)
    slots: list[tuple] = []
    for step in (rules.data.get("deal") or {}).get("steps") or []:
        count, rounds = step.get("count", 1), step.get("rounds", 1)
        for _ in range(rounds):
            for target in step["to"]:
                dest = [("seat", s) for s in seats] if target == "players" else [("zone", target)]
                for d in dest:
                    slots.extend([d] * count)
    return slots


def rest_zone(rules) -> str | None:
    return (rules.data.get("deal") or {}).get("rest")


def _wild_codes(rules) -> set:
    out: set[str] = set()
    for p in (rules.data.get("hand") or {}).get("patterns") or []:
        out.update(str(c) for c in p.get("wild") or [])
    return out


def _filler_pool(rules, used: set) -> list[str]:
    """Unused cards, weakest first; Aces and wild cards only as a last resort."""
    deck = rules.deck
    wild = _wild_codes(rules)

    def key(card):
        bad = card.code in wild or card.joker or deck.ranks[card.rank].code == "A"
        return (bad, card.value, deck.strength(card.id)[1], card.suit)
    return [c.code for c in sorted(deck.cards, key=key) if c.code not in used]


def _fill(rules, pool: list[str], n: int) -> list[str]:
    """n cards from the pool, of different suits and ranks while that is possible."""
    deck = rules.deck
    got: list[str] = []
    for strict in (2, 1, 0):
        for c in list(pool):
            if len(got) == n:
                break
            card = deck.cards[deck.parse(c)]
            suits = {deck.cards[deck.parse(g)].suit for g in got}
            ranks = {deck.cards[deck.parse(g)].rank for g in got}
            if strict >= 1 and card.rank in ranks:
                continue
            if strict >= 2 and card.suit in suits:
                continue
            got.append(c)
            pool.remove(c)
    assert len(got) == n, "the deck is too small to fill every place"
    return got


def stack(rules, dealer: int = 0, players: int | None = None,
          hands: Mapping[int, Cards] | None = None,
          zones: Mapping[str, Cards] | None = None, stock: Cards = None,
          alive: Iterable[int] | None = None) -> list[str]:
    """A deck order (top card first) dealing `hands` (seat -> cards, in the order received) and
    `zones` (zone -> cards, in the order dealt: the last is the top), then `stock` (top first)
    as the top of the rest zone. Undescribed places get weak filler cards."""
    n = rules.default_players if players is None else players
    slots = deal_slots(rules, dealer, n, alive)
    want: dict[tuple, list[str]] = {}
    for seat, text in (hands or {}).items():
        want[("seat", seat)] = codes(text)
    for zone, text in (zones or {}).items():
        want[("zone", zone)] = codes(text)
    size: dict[tuple, int] = {}
    for s in slots:
        size[s] = size.get(s, 0) + 1
    for place, cards in want.items():
        assert place in size, f"{place} receives no cards in this deal (places: {sorted(size)})"
        assert len(cards) == size[place], f"{place} receives {size[place]} cards, not {cards}"
    top = codes(stock)
    if top:
        assert rest_zone(rules), "this ruleset deals no stock"
    used = [c for cs in want.values() for c in cs] + top
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    for c in used:
        rules.deck.parse(c)  # raises on a card the deck does not have
        assert rules.deck.code(rules.deck.parse(c)) == c, f"write {c} as the deck does"
    pool = _filler_pool(rules, set(used))
    for place in dict.fromkeys(slots):   # in deal order: the first places get the lowest cards
        if place not in want:
            want[place] = _fill(rules, pool, size[place])
    taken = dict.fromkeys(want, 0)
    order = []
    for place in slots:
        order.append(want[place][taken[place]])
        taken[place] += 1
    return order + top


def new_game(rules, dealer: int = 0, players: int | None = None, seed: int = 0,
             more: Sequence[Sequence[str]] = (), quiet_next: bool = True,
             **places) -> GameState:
    """A game whose first hand is stacked (see `stack`); `more`: the orders of later hands.
    With `quiet_next`, one more hand follows, dealt by the next dealer (everybody alive) with
    filler cards only, so that the hand after a scenario never ends at the deal by chance."""
    n = rules.default_players if players is None else players
    decks = [stack(rules, dealer=dealer, players=n, **places), *more]
    if quiet_next:
        d = dealer
        for _ in decks:
            d = next_dealer(rules, d, n)
        decks.append(stack(rules, dealer=d, players=n))
    return GameState(rules, players=n, seed=seed, decks=decks, dealer=dealer)


# ---- actions by description ---------------------------------------------------------------
def describe(state: GameState, a) -> str:
    """"swap 7h Ah" (give, take), "swap_all widow", "draw stock", "discard Rc", "pass",
    "knock"."""
    code = state.rules.deck.code
    if a.kind == "swap":
        return f"swap {code(a.cards[0])} {code(a.cards[1])}"
    if a.kind == "discard":
        return f"discard {code(a.cards[0])}"
    if a.kind in ("swap_all", "draw"):
        return f"{a.kind} {a.zone}"
    return a.kind


def legal(state: GameState) -> list[str]:
    return [describe(state, a) for a in state.legal_actions()]


def pick(state: GameState, description: str):
    """The legal action described exactly so (see `describe`); fails listing what is legal."""
    text = " ".join(description.split())
    found = [a for a in state.legal_actions() if describe(state, a) == text]
    assert found, (f"{text!r} is not legal for seat {state.current_player} now; "
                   f"legal: {legal(state)}")
    return found[0]


def swap(state: GameState, give: str, take: str):
    """The exchange of hand card `give` for zone card `take`."""
    return pick(state, f"swap {give} {take}")


def kind(state: GameState, name: str):
    """The (first) legal action of a kind: "pass", "knock", "swap_all", "draw"."""
    found = [a for a in state.legal_actions() if a.kind == name]
    assert found, f"no {name!r} is legal now; legal: {legal(state)}"
    return found[0]


def has(state: GameState, name: str) -> bool:
    """Whether some action of this kind is legal now."""
    return any(a.kind == name for a in state.legal_actions())


def draw(state: GameState, zone: str = "stock"):
    return pick(state, f"draw {zone}")


def discard(state: GameState, card: str):
    return pick(state, f"discard {card}")


def play(state: GameState, action, seat: int | None = None):
    """Apply an action (an Action, or a description for `pick`), checking whose turn it is."""
    if seat is not None:
        assert state.current_player == seat, \
            f"expected seat {seat} to play, it is seat {state.current_player}'s turn"
    if isinstance(action, str):
        action = kind(state, action) if " " not in action else pick(state, action)
    state.apply(action)
    return action


def pass_round(state: GameState, seats: Iterable[int]) -> None:
    """Each of `seats`, in turn, passes."""
    for s in seats:
        play(state, kind(state, "pass"), seat=s)


# ---- events -------------------------------------------------------------------------------
def events(state: GameState, name: str, hand: int | None = None) -> list:
    evs = state.events if hand is None else hand_events(state, hand)
    return [e for e in evs if e.kind == name]


def hand_events(state: GameState, hand: int) -> list:
    """The events of one hand, from its deal on."""
    out, inside = [], False
    for e in state.events:
        if e.kind == "deal":
            inside = e.data["hand"] == hand
        if inside:
            out.append(e)
    return out


def one(state: GameState, name: str, hand: int | None = None):
    evs = events(state, name, hand)
    assert len(evs) == 1, f"expected one {name} event, got {evs}"
    return evs[0]


def lives_lost(state: GameState, hand: int) -> dict:
    """seat -> lives lost in that hand."""
    out: dict = {}
    for e in events(state, "life_lost", hand):
        out[e.player] = out.get(e.player, 0) + 1
    return out


def knock_and_show(rules, hands, knocker, players=4, widow="2s 3s 5s"):
    """A widow game with a face-down widow (Scat and its overlays), dealer 0: seat 1 passes
    (turning the widow up), `knocker` knocks at his first turn, everybody else passes: the hand
    ends with the hands as dealt."""
    state = new_game(rules, dealer=0, players=players, hands=hands, zones={"widow": widow})
    order = [(1 + k) % players for k in range(players)]
    for seat in order + order:
        if events(state, "hand_end"):
            break
        if seat == knocker and state.knocker is None:
            play(state, kind(state, "knock"), seat=seat)
        else:
            play(state, kind(state, "pass"), seat=seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    return state
