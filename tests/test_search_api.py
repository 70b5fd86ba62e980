"""The search API over every built-in ruleset and house rule: `clone()` is independent and has
the same future, `resample()` keeps everything the player can see (his observation is
unchanged, every card is still somewhere exactly once, what he saw others take stays with
them) and depends on nothing else, `observation()` shows what a player saw and hides what he
did not, and `stop_at_hand_end` holds a game at the end of a hand.
"""
from __future__ import annotations

import random

import pytest
from fuzzing import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from trentuno.engine import GameState, IllegalAction, builtin_files, load
from trentuno.engine.bots import greedy_bot, random_bot

NAMES = sorted(builtin_files())
RESAMPLED = NAMES  # capture games too: the zones players and sides own
#: attributes a clone may share with its original: compiled rules, values derived from them,
#: and lists that are replaced, never changed in place
SHARED = {"rules", "facts", "_step", "_legal", "_order", "_seen_base", "_seen_cache",
          "_play_rng"}


def bots_for(players: int, seed: int) -> list:
    return [(greedy_bot if (seed + i) % 3 else random_bot)(seed * 10 + i) for i in range(players)]


def advance(state: GameState, bots: list, moves: int) -> None:
    for _ in range(moves):
        if state.is_over or state.hand_over:
            return
        state.apply(bots[state.current_player](state, state.legal_actions()))


def play_out(state: GameState, bots: list, limit: int = 50_000) -> None:
    for _ in range(limit):
        if state.is_over:
            return
        state.apply(bots[state.current_player](state, state.legal_actions()))
    raise AssertionError("the game does not end")


def snapshot(state: GameState) -> tuple:
    """Everything a move can change, copied."""
    return (
        [list(h) for h in state.hands], {z: list(c) for z, c in state.zones.items()},
        list(state.masks), dict(state.face_up), list(state.aside), list(state.alive),
        list(state.lives), list(state.paid), list(state.won), list(state.on_last_chance),
        state.pot, state.knocker, state.round, state.turns_in_hand, state.turns_taken,
        state.hand_number, state.current_player, state.dealer, state.is_over,
        list(state.winners), dict(state.hand_ends), len(state.events), len(state.moves),
        state.step, [a.key() for a in state.legal_actions()], state.just_drawn,
        list(state.observation(0).history))


def all_cards(state: GameState) -> list[int]:
    cards = [c for h in state.hands for c in h] + list(state.aside)
    for zone in state.zones.values():
        cards += zone
    for piles in state.own.values():
        for pile in piles:
            cards += pile
    return sorted(cards)


def mid_game(name: str, seed: int, moves: int, players: int | None = None) -> GameState:
    rules = load(name)
    n = players or rules.default_players
    state = GameState(rules, n, seed=seed)
    advance(state, bots_for(n, seed), moves)
    return state


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_a_clone_is_independent_and_has_the_same_future(name, seed, moves):
    state = mid_game(name, seed, moves)
    if state.is_over:
        return
    before = snapshot(state)
    other = state.clone()
    play_out(other, bots_for(state.players, seed + 1))
    assert snapshot(state) == before, "playing a clone changed the original"
    twin = state.clone()
    play_out(state, bots_for(state.players, seed + 2))
    play_out(twin, bots_for(state.players, seed + 2))
    assert twin.events == state.events
    assert (twin.winners, twin.lives, twin.hand_ends) == \
        (state.winners, state.lives, state.hand_ends)


def test_a_clone_sets_every_attribute_and_shares_nothing_it_changes():
    state = mid_game("trentuno", 3, 15)
    copy = state.clone()
    for name in GameState.__slots__:
        value = getattr(copy, name)  # AttributeError if clone() forgot it
        if name not in SHARED and isinstance(value, (list, dict)):
            assert value is not getattr(state, name), name
    assert all(a is not b for a, b in zip(copy.hands, state.hands))
    assert all(copy.zones[z] is not state.zones[z] for z in state.zones)


def test_a_clone_keeps_its_own_chance_after_a_reshuffle():
    # a long hand: the stock runs out and the discards are shuffled in from the hand's stream
    rules = load("trentuno")
    state = GameState(rules, 4, seed=5, record=False)
    bots = [random_bot(i) for i in range(4)]
    while state._play_rng is None and not state.is_over:  # until a reshuffle has happened
        state.apply(bots[state.current_player](state, state.legal_actions()))
    twin = state.clone()
    play_out(state, [random_bot(9) for _ in range(4)])
    play_out(twin, [random_bot(9) for _ in range(4)])
    assert (twin.winners, twin.lives, twin.turns_taken) == \
        (state.winners, state.lives, state.turns_taken)


@pytest.mark.parametrize("name", RESAMPLED)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60), keep_best=st.booleans(),
       data=st.data())
def test_resample_keeps_what_the_player_sees(name, seed, moves, keep_best, data):
    state = mid_game(name, seed, moves)
    if state.is_over:
        return
    player = data.draw(st.sampled_from(list(state.alive) + [state.current_player]))
    seen = state.observation(player).as_dict()
    world = state.resample(player, random.Random(seed), keep_best=keep_best)
    assert world.observation(player).as_dict() == seen
    assert all_cards(world) == list(range(len(state.rules.deck.cards))), "cards not conserved"
    if state.unseen_hand() != player:  # (a blind choice: his own hand is unknown to him too)
        assert world.hands[player] == state.hands[player]
    for q in range(state.players):
        assert set(state.observation(player).known(q)) <= set(world.hands[q])
    assert world.masks == [GameState.mask(h) for h in world.hands]
    if player == state.current_player:
        assert [a.key() for a in world.legal_actions()] == \
            [a.key() for a in state.legal_actions()]
    # what he cannot see plays no part: the same deal comes from any consistent state
    again = world.resample(player, random.Random(seed), keep_best=keep_best)
    first = state.resample(player, random.Random(seed), keep_best=keep_best)
    assert (again.hands, again.zones, again.aside) == (first.hands, first.zones, first.aside)
    play_out(world, bots_for(state.players, seed))  # and the world plays on to the end


def test_resample_deals_the_unseen_cards_again_and_draws_a_new_future():
    state = mid_game("trentuno", 4, 6)
    p = state.current_player
    worlds = [state.resample(p, random.Random(i)) for i in range(20)]
    others = [q for q in state.alive if q != p]
    assert any(w.hands[q] != state.hands[q] for w in worlds for q in others)
    assert any(w.zones["stock"] != state.zones["stock"] for w in worlds)
    assert all(w.seed != state.seed for w in worlds)
    assert all(not w.record and not w.events for w in worlds)


def test_resample_deals_hidden_piles_again_and_keeps_what_sides_took():
    """Cocincina: each player plays from his own face-down pile (nobody, not even he, knows
    its order), the cards a side takes lie face up; Scopa: the taken cards lie face down,
    but everyone saw them taken."""
    state = mid_game("cocincina", 3, 9)
    p = state.current_player
    worlds = [state.resample(p, random.Random(i)) for i in range(12)]
    for w in worlds:
        assert w.own["taken"] == state.own["taken"]  # public: every card stays
        assert [len(pile) for pile in w.own["pile"]] == [len(pile) for pile in state.own["pile"]]
        assert all_cards(w) == all_cards(state)
        assert w.observation(p).as_dict() == state.observation(p).as_dict()
    for q in range(state.players):  # his own pile as well as the others': he cannot see them
        assert any(w.own["pile"][q] != state.own["pile"][q] for w in worlds)
    scopa = mid_game("scopa", 5, 7)
    p = scopa.current_player
    assert any(scopa.own["taken"]), "a side took something"
    for i in range(12):
        world = scopa.resample(p, random.Random(i))
        assert world.own["taken"] == scopa.own["taken"]
        assert world.zones["table"] == scopa.zones["table"]
        assert world.hands[p] == scopa.hands[p]
        assert sorted(world.hands[1 - p] + world.zones["stock"]) == \
            sorted(scopa.hands[1 - p] + scopa.zones["stock"])


def test_the_observation_shows_owned_zones_as_their_visibility_says():
    state = mid_game("cocincina", 3, 9)
    seen = state.observation(0)
    assert seen.owned_cards("taken") == tuple(tuple(p) for p in state.own["taken"])
    assert seen.owned_cards("pile") == ((), ())  # face down: only how many
    assert seen.owned_sizes("pile") == tuple(len(p) for p in state.own["pile"])
    assert seen.as_dict()["owned"]["pile"][1]["cards"] == []


def stacked(decks_first_hand: str, **kw) -> GameState:
    """Trentuno, dealer seat 0, play to the right: seats 3, 2, 1, 0 are dealt in turn."""
    return GameState(load("trentuno"), 4, seed=1, dealer=0, decks=[decks_first_hand.split()],
                     **kw)


# Deal (one card at a time to seats 3, 2, 1, 0, three times), the discard, then the stock.
DEAL = "2c 3c 4c 5c  2d 3d 4d 5d  2b 3b 4b 5b  Rs  6s 7s Fs Cs"


def test_the_table_sees_a_taken_discard_and_not_a_blind_draw():
    state = stacked(DEAL)
    assert state.current_player == 3
    take = next(a for a in state.legal_actions() if a.zone == "discard" and a.kind == "draw")
    state.apply(take)  # seat 3 takes the Re di spade from the discard pile
    discard = next(a for a in state.legal_actions()
                   if state.rules.deck.code(a.cards[0]) == "2c")
    state.apply(discard)
    codes = state.rules.deck.codes
    for viewer in (0, 1, 2):
        assert codes(state.observation(viewer).known(3)) == ["Rs"]
    blind = next(a for a in state.legal_actions() if a.zone == "stock")
    state.apply(blind)  # seat 2 draws the Sei di spade blind
    assert codes(state.observation(2).history[-1].took) == ["6s"]
    assert state.observation(0).history[-1].took == ()
    for i in range(10):  # every world seat 1 can imagine leaves the Re di spade with seat 3
        world = state.resample(1, random.Random(i), keep_best=bool(i % 2))
        assert "Rs" in codes(world.hands[3])


def test_a_card_given_back_is_no_longer_known():
    state = stacked(DEAL)
    codes = state.rules.deck.codes
    take = next(a for a in state.legal_actions() if a.zone == "discard")
    state.apply(take)
    give = next(a for a in state.legal_actions() if codes(a.cards) == ["Rs"])
    state.apply(give)  # he takes the Re di spade and throws it back
    assert state.observation(0).known(3) == ()


def test_an_observation_hides_the_other_hands():
    state = mid_game("schwimmen", 2, 5)
    me = state.observation(0).as_dict()
    shown = set(me["hand"]) | {c for z in me["zones"].values() for c in z["cards"]}
    shown |= {c for cards in me["known"].values() for c in cards}
    for m in me["history"]:
        shown |= set(m["took"]) | set(m["gave"])
    for q in range(1, state.players):
        unknown = set(state.rules.deck.codes(state.hands[q])) - set(me["known"][q])
        assert not unknown & shown


@pytest.mark.parametrize("name", NAMES)
def test_a_game_held_at_the_end_of_each_hand_plays_the_same_game(name):
    rules = load(name)
    n = rules.default_players
    straight = GameState(rules, n, seed=8)
    play_out(straight, bots_for(n, 8))
    held = GameState(rules, n, seed=8, stop_at_hand_end=True)
    bots = bots_for(n, 8)
    hands, last = 0, None
    while not held.is_over:
        if held.hand_over:
            number = held.hand_number
            assert held.legal_actions() == [] and held.current_player == -1
            if last is not None:
                with pytest.raises(IllegalAction):
                    held.apply(last)
            held.next_hand()
            hands += 1
            assert held.hand_number == number + 1 or held.is_over
            continue
        last = bots[held.current_player](held, held.legal_actions())
        held.apply(last)
    assert held.events == straight.events
    assert hands >= held.hand_number - 1


def test_next_hand_needs_a_finished_hand():
    state = GameState(load("trentuno"), 4, seed=1, stop_at_hand_end=True)
    with pytest.raises(IllegalAction):
        state.next_hand()


def test_a_playout_stops_at_the_end_of_the_hand():
    state = mid_game("scat", 6, 4)
    number = state.hand_number
    sim = state.clone(stop_at_hand_end=True, record=False)
    bots = bots_for(state.players, 6)
    while not sim.hand_over:
        sim.apply(bots[sim.current_player](sim, sim.legal_actions()))
    assert sim.hand_number == number and not sim.record and not sim.events
    assert sum(sim.hand_ends.values()) == sum(state.hand_ends.values()) + 1


def test_a_world_kept_best_conserves_the_cards_of_a_hand_shown_by_its_step():
    """A world dealt to keepers of their best, while the mover is in a step that shows what
    he holds (house/schwimmen-declare's 31 made by a swap, declared at once): his real cards
    come back from the other hands too, so every card is in the world once (seeds 5395 and
    623 lost one and doubled another)."""
    for seed in (5395, 623):
        state = mid_game("house/schwimmen-declare", seed, 38)
        assert state.step == "declare-now"
        for player in state.alive:
            world = state.resample(player, random.Random(seed), keep_best=True)
            assert all_cards(world) == list(range(len(state.rules.deck.cards)))
            assert world.hands[state.current_player] == state.hands[state.current_player]
