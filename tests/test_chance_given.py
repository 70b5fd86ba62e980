"""Chance that can be given (engine/chance.py): `next_hand(deck=...)` deals that order,
card ids tell copies apart, `game_goes_on()` says what `next_hand()` will do, and a supplied
reshuffle is the order the stock gets."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from trentuno.engine import GameState, UserError, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot
from trentuno.engine.roles import KNOCK

NAMES = sorted(builtin_files())


@pytest.mark.parametrize("name", NAMES)
def test_game_goes_on_says_what_next_hand_does(name):
    rules = load(name)
    n = rules.default_players
    for seed in range(2):
        state = GameState(rules, n, seed=seed, stop_at_hand_end=True, record=False)
        bots = [(greedy_bot if i % 2 else random_bot)(seed + i) for i in range(n)]
        while not state.is_over:
            if state.hand_over:
                goes_on = state.game_goes_on()
                state.next_hand()
                assert goes_on == (not state.is_over)
                continue
            state.apply(bots[state.current_player](state, state.legal_actions()))
        assert not state.game_goes_on()


def test_next_hand_deals_the_given_deck_and_ids_tell_copies_apart():
    rules = load("house/two-decks")
    state = GameState(rules, 8, seed=1, stop_at_hand_end=True)
    bots = [greedy_bot(i) for i in range(8)]
    while not state.hand_over:
        state.apply(bots[state.current_player](state, state.legal_actions()))
    rules = state.rules  # eight players: two packs
    n = len(rules.deck.cards)
    second = next(c for c in range(n) if rules.deck.cards[c].code ==
                  rules.deck.cards[0].code and c != 0)
    order = [second] + [c for c in range(n) if c != second]
    random.Random(4).shuffle(order)
    order.remove(second)
    order.insert(0, second)  # the second copy of the first card on top
    state.next_hand(deck=order)
    assert state.deck_orders[-1] == rules.deck.codes(order)
    assert any(second in h for h in state.hands)
    while not state.hand_over:
        state.apply(bots[state.current_player](state, state.legal_actions()))
    with pytest.raises(UserError, match="at most once"):
        state.next_hand(deck=[1, 1])


def test_a_supplied_reshuffle_is_the_order_the_stock_gets():
    rules = load("trentuno")
    state = GameState(rules, 4, seed=5, record=True)
    rng = random.Random(5)
    for _ in range(20_000):
        if state.is_over:
            break
        # nobody knocks: the stock runs out
        action = rng.choice([a for a in state.legal_actions() if a.role is not KNOCK])
        trial = state.clone()
        before = len(trial.events)
        trial.apply(action)
        if any(e.kind == "reshuffle" for e in trial.events[before:]):
            # the cards reshuffled: what the stock got, and the card drawn from it at once
            held = {c for h in state.hands for c in h}
            cards = sorted(trial.zones["stock"] + [c for h in trial.hands for c in h
                                                   if c not in held])
            state.supply_shuffle(cards)
            state.apply(action)
            stock = state.zones["stock"]
            assert stock == cards[:len(stock)]
            with pytest.raises(UserError, match="must order"):
                other = trial.clone()
                other.supply_shuffle([0])
                other._reshuffle("discard")
            return
        state.apply(action)
    pytest.fail("no reshuffle happened")


def test_reshuffle_ahead_names_the_cards_before_the_move_is_played():
    rules = load("trentuno")
    state = GameState(rules, 4, seed=2, record=False)
    rng = random.Random(2)
    for _ in range(2_000):
        action = rng.choice([a for a in state.legal_actions() if a.role is not KNOCK])
        pile = state.reshuffle_ahead(action)
        if pile is None:
            state.apply(action)
            continue
        # a discard onto the pile when the stock is empty: the next draw finds it empty and
        # the discards under that top card, the pile as it is now, become the stock
        assert action.kind == "discard" and not state.zones["stock"]
        assert pile == sorted(state.zones["discard"])
        order = sorted(pile, reverse=True)
        state.supply_shuffle(order)
        assert state.reshuffle_ahead(action) is None   # that reshuffle is given now
        state.apply(action)
        assert state.zones["stock"] == order
        break
    else:
        pytest.fail("no reshuffle happened")
    scopa = GameState(load("scopa"), 2, seed=1)
    assert scopa.reshuffle_ahead(scopa.legal_actions()[0]) is None


def test_a_reshuffle_made_by_the_deal_is_named_before_and_given():
    # dealt out: fifteen cards on the discard pile, no stock, so the deal itself turns the
    # fourteen under the top card over as the first player comes to draw; asked first, the
    # order supplied is the stock's, for the first hand (made with it) and the next ones
    from trentuno.engine.chance import reshuffle_at_first_deal
    rules = load(str(Path(__file__).resolve().parent / "unseen" / "trentuno-dealt-out.yaml"))
    deck = list(range(len(rules.deck.cards)))
    rng = random.Random(2)
    rng.shuffle(deck)
    pile = reshuffle_at_first_deal(rules, 3, deck, dealer=0)
    assert pile == sorted(deck[9:23])   # the discard pile but its top card (dealt last)
    order = sorted(pile, reverse=True)
    assert reshuffle_at_first_deal(rules, 3, deck, dealer=0, shuffles=[order]) is None
    state = GameState(rules, 3, seed=5, decks=[deck], dealer=0, shuffles=[order],
                      stop_at_hand_end=True)
    assert state.zones["stock"] == order and state.turns_in_hand == 0
    while not state.hand_over:
        state.apply(state.legal_actions()[0])
    rng.shuffle(deck)
    pile = state.reshuffle_ahead_deal(deck)
    assert pile == sorted(deck[9:23])
    state.supply_shuffle(pile)
    state.next_hand(deck=deck)
    assert state.zones["stock"] == pile


def test_a_resampled_world_does_not_inherit_a_supplied_reshuffle():
    # an order supplied for the next reshuffle is the real future: a world resampled for a
    # search draws its own, as it deals its own next hands (its stocked decks are dropped too)
    rules = load(str(Path(__file__).resolve().parent / "unseen" / "trentuno-short-stock.yaml"))
    state = GameState(rules, 3, seed=4)
    while True:
        action = state.legal_actions()[0]
        pile = state.reshuffle_ahead(action)
        if pile:
            break
        state.apply(action)
    order = sorted(pile)
    state.supply_shuffle(order)
    stocks = set()
    rng = random.Random(1)
    for _ in range(4):
        world = state.resample(state.current_player, rng)
        world.apply(world._legal[state.legal_actions().index(action)])
        stocks.add(tuple(world.zones["stock"]))
    assert len(stocks) > 1
    state.apply(action)
    assert state.zones["stock"] == order[:len(state.zones["stock"])]
