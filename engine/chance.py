"""Chance that can be given: decks dealt as told, reshuffles in a told order, and whether the
game goes on, so a framework can make every deal an explicit chance node without replaying.

* `GameState.next_hand(deck=...)` deals the next hand from that order (top card first). Card
  ids (ints) name each physical card, so the copies of a card in a deck of several packs are
  told apart; codes (`"7c"`) take the next copy of each, as records do.
* `GameState.supply_shuffle(cards)`: the next reshuffle inside a hand (the discards shuffled
  back into the stock) puts them in this order instead of drawing it from the hand's stream.
* `GameState.reshuffle_ahead(action)`: the cards the next reshuffle with no supplied order
  would shuffle if `action` were played now (None: playing it reshuffles nothing more), found
  on a copy played on: a framework asks before each move, supplies the order it draws (an
  explicit chance node), then plays the move. Only outcomes that draw chance inside a hand
  (`draws_chance`: the reshuffle) make the copy; a ruleset without one answers None at once.
* The deal itself may reshuffle (a stock the deal leaves empty turned over as the first player
  comes to draw, a trigger on the deal): `GameState.reshuffle_ahead_deal(deck)` names the
  cards that reshuffle would shuffle if `next_hand(deck=deck)` were called now, on a copy
  dealt; `supply_shuffle` then gives its order before `next_hand`. The first hand is dealt
  as the state is made: `reshuffle_at_first_deal(rules, players, deck, ...)` asks the same of
  a state made aside, and `GameState(..., decks=[deck], shuffles=[...])` deals with the
  orders given.
* `GameState.game_goes_on()`: at the end of a hand, whether `next_hand()` deals another hand
  (True) or ends the game: the same tests `next_hand` makes, without dealing.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import UserError

if TYPE_CHECKING:
    from .cards import Deck
    from .rules import Action, Ruleset
    from .state import GameState


class _Probe(list):
    """A supplied order that asks instead of telling: the reshuffle that meets it fills it
    with the cards it shuffles and leaves their order as it is (`reshuffle_ahead`)."""

    filled = False


def given_orders(shuffles: Iterable[Sequence[int]]) -> list[list[int]]:
    """Supplied reshuffle orders as the state keeps them: lists of card ids (a probe kept)."""
    return [s if isinstance(s, _Probe) else [int(c) for c in s] for s in shuffles]


def checked_deck(deck: Deck, given: Sequence[Any]) -> list:
    """A deck order to deal: card ids each at most once, or codes the deck holds."""
    order = list(given)
    if all(isinstance(c, int) and not isinstance(c, bool) for c in order):
        n = len(deck.cards)
        if any(not 0 <= c < n for c in order) or len(set(order)) != len(order):
            raise UserError(f"a deck order names each card id from 0 to {n - 1} at most once")
        return order
    deck.parse_hand([c if isinstance(c, str) else deck.code(c) for c in order])  # checks
    return order


def supplied_order(order: list[int], pile: list[int]) -> list[int]:
    """The supplied order of a reshuffle, which must hold the very cards reshuffled."""
    if isinstance(order, _Probe):
        order[:] = pile
        order.filled = True
        return list(pile)
    if sorted(order) != sorted(pile):
        raise UserError(f"a supplied shuffle must order the {len(pile)} cards reshuffled "
                        f"({sorted(pile)}), not {sorted(order)}")
    return list(order)


def draws_chance_in_hand(rules: Ruleset) -> bool:
    """Some trigger of the ruleset fires an outcome that draws chance inside a hand."""
    from .rules import made_once
    from .triggers import OUTCOMES

    def find() -> bool:
        return any(getattr(OUTCOMES.get(t.outcome), "draws_chance", False)
                   for ts in rules.triggers.values() for t in ts)
    return made_once(rules, "draws_chance", find)


def reshuffle_ahead(st: GameState, action: Action) -> list[int] | None:
    """The cards (sorted) of the first reshuffle without a supplied order that playing
    `action` now would make, or None (see the module)."""
    if not draws_chance_in_hand(st.rules):
        return None
    trial = st.clone(record=False, stop_at_hand_end=True)  # not into the next hand
    probe = _Probe()
    trial._shuffles = [*st._shuffles, probe]
    trial.apply(action)
    return sorted(probe) if probe.filled else None


def reshuffle_at_deal(st: GameState, deck: Sequence | None) -> list[int] | None:
    """The cards (sorted) of the first reshuffle without a supplied order that
    `next_hand(deck=deck)` would make now, or None (see the module)."""
    if not draws_chance_in_hand(st.rules):
        return None
    trial = st.clone(record=False, history=False, stop_at_hand_end=True)
    probe = _Probe()
    trial._shuffles = [*st._shuffles, probe]
    trial.next_hand(deck=deck)
    return sorted(probe) if probe.filled else None


def reshuffle_at_first_deal(rules: Ruleset, players: int | None, deck: Sequence | None, *,
                            seed: int | None = 0, dealer: int | None = None,
                            shuffles: Iterable[Sequence[int]] = ()) -> list[int] | None:
    """The cards (sorted) of the first reshuffle beyond `shuffles` that the first hand's deal
    of `GameState(rules, players, seed, decks=[deck], dealer=dealer, shuffles=shuffles)` would
    make, or None: asked of a state made aside (see the module)."""
    if not draws_chance_in_hand(rules):
        return None
    from .state import GameState
    probe = _Probe()
    GameState(rules, players, seed, decks=[] if deck is None else [deck], dealer=dealer,
              shuffles=[*given_orders(shuffles), probe], record=False, history=False,
              stop_at_hand_end=True)
    return sorted(probe) if probe.filled else None


def goes_on(st: GameState) -> bool:
    """Whether `next_hand()` would deal another hand (see the module)."""
    if st.is_over:
        return False
    if not st.hand_over:
        return True
    rules = st.rules
    if st.stopped_by_turn_limit:
        return False
    if rules.end_hands is not None and st.hand_number >= rules.end_hands:
        return False
    if rules.end_target is not None and max(st.lives) >= rules.end_target:
        from .stakes import leaders as best_placed
        from .tally import countback
        leaders = countback(st, best_placed(st))
        if not rules.stakes.mode.ties_play_on or len({st.side_of[p] for p in leaders}) == 1:
            return False
    if rules.end_last_standing and len(st.alive) <= 1:
        return False
    from .state import MAX_HANDS_PER_GAME
    if st.hand_number + 1 > MAX_HANDS_PER_GAME:
        return False
    st_ = rules.stakes
    if st_.mode.antes:
        return sum(1 for p in st.alive if st.lives[p] >= st_.ante) > 1
    return True
