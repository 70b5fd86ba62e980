"""The capture family's fast path gives what the plain definitions give: the moves listed by
the table's values (`capture_moves.Taker`) are `capture.takings`' moves in its order, for every
capture ruleset and taking rule, on tables whose values repeat in other orders (the answers are
kept by the values in order of value, and put back in the table's order); and what greedy
judges a capture would make is what its facts say (the definition `preview` had)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fuzzing import examples
from hypothesis import given, settings
from hypothesis import strategies as hs
from trentuno.engine import GameState, builtin_files, load
from trentuno.engine.capture import MAX_CAPTURE_MOVES, by_takes_all, takings
from trentuno.engine.capture_moves import Taker, made, now
from trentuno.engine.roles import CAPTURE


def capture_options(name):
    rules = load(name)
    return rules, [o for s in rules.steps.values() for o in s.options if o.role is CAPTURE]


CAPTURE_GAMES = [n for n in builtin_files() if capture_options(n)[1]]

#: the taking rules varied over each ruleset's own: each switch the Taker reads
VARIATIONS = [{}, {"equal": "any"}, {"fewest": True}, {"by_value": False, "with_played": 15},
              {"with_played": 15}, {"with_played": 11, "equal": "any", "fewest": True},
              {"sums": False}, {"figure_alone": False}, {"takes_all": frozenset({0})}]

#: one Taker per ruleset and variation for the whole run: answers kept for one table are
#: asked again by tables of the same values in other orders
TAKERS: dict = {}


def test_every_capture_game_is_compared():
    assert {"scopa", "cocincina", "house/cirulla", "house/scopone"} <= set(CAPTURE_GAMES)


@pytest.mark.parametrize("name", CAPTURE_GAMES)
@settings(max_examples=examples(120))
@given(data=hs.data())
def test_the_moves_by_value_are_takings_moves_in_its_order(name, data):
    rules, options = capture_options(name)
    deck = rules.deck
    i = data.draw(hs.integers(0, len(VARIATIONS) - 1))
    taking = replace(options[0].params["_taking"], **VARIATIONS[i])
    taker = TAKERS.setdefault((name, i), Taker(deck, taking))
    cards = data.draw(hs.lists(hs.integers(0, len(deck.cards) - 1), min_size=2,
                               max_size=14, unique=True))
    card, table = cards[0], cards[1:]
    limit = data.draw(hs.sampled_from([1, 2, 3, 7, 40, MAX_CAPTURE_MOVES // 3,
                                       MAX_CAPTURE_MOVES]))
    for order in (table, sorted(table), table[::-1]):  # the same values in other orders
        kept, by_value = taker.answers(order)
        want = takings(deck, taking, card, order, limit)
        assert taker.takes(card, order, kept, by_value, limit) == want
        if taker.plain[card]:  # what the lister reads by the table's values in its order
            count, sets = taker.in_order(tuple(taking.values[c] for c in order),
                                         taking.values[card])
            if count <= limit:
                assert [tuple(sorted((order[i] for i in s), key=taker.place.__getitem__))
                        for s in sets] == want


def test_a_crowded_table_is_cut_where_takings_cuts_it():
    # 28 cards below the Re: thousands of ways, more than the bound; the Taker asks takings
    rules, (opt, *_) = capture_options("scopa")
    deck = rules.deck
    taking = replace(opt.params["_taking"], equal="any")
    taker = Taker(deck, taking)
    table = [c.id for c in deck.cards if deck.ranks[c.rank].code not in ("F", "C", "R")]
    random.Random(3).shuffle(table)
    re = deck.parse("Rc")
    for limit in (1, 50, MAX_CAPTURE_MOVES // 3, MAX_CAPTURE_MOVES):
        kept, by_value = taker.answers(table)
        got = taker.takes(re, table, kept, by_value, limit)
        assert got == takings(deck, taking, re, table, limit) and len(got) == limit


def facts_preview(st, action):
    """What a capture would make, by its facts, move by move (the definition greedy used)."""
    params = action.option_ref.params
    played, taken = action.cards[0], action.cards[1:]
    if not taken:
        return 0, 0.0
    table = st.zones[params["table"]]
    cards = st.rules.deck.cards
    facts = set()
    if len(taken) == len(table):
        facts.add("sweep")
    if len(taken) >= 2 and all(cards[c].suit == cards[played].suit for c in taken):
        facts.add("same_suit")
    prev = st.capture.last_played
    if prev is not None and prev[0] != st.current_player and len(taken) == 1 \
            and cards[taken[0]].code == cards[prev[1]].code \
            and cards[prev[1]].rank == cards[played].rank:
        facts.add("takes_last_played")
    left = sum(len(h) for h in st.hands) + sum(
        len(p) for z in st.rules.capture_sources for p in st.own[z])
    rest = st.rules.rest_zone
    if left == 1 and not (rest is not None and st.zones[rest]):
        facts.add("last_play")
    if by_takes_all(st.rules.deck, params["_taking"], played, taken, table):
        facts.add("takes_all")
    made, points = 0, 0.0
    for ev in params["_events"]:
        if not any(f in facts for f in ev.when) or \
                (not ev.on_last_play and "last_play" in facts) or \
                (not ev.by_takes_all and "takes_all" in facts):
            continue
        made += 1
        scorer = st.rules.scoring.events.get(ev.name) if st.rules.scoring else None
        if scorer is not None:
            points += scorer(st.rules.deck, played, taken)
    return made, points


@pytest.mark.parametrize("name", CAPTURE_GAMES)
def test_greedy_judges_each_capture_by_its_facts(name):
    rules = load(name)
    rng = random.Random(11)
    judged = making = 0
    for seed in range(3):
        st = GameState(rules, rules.default_players, seed=seed)
        while not st.is_over and st.turns_taken < 400:
            actions = st.legal_actions()
            for a in actions:
                if a.role is CAPTURE and len(a.cards) > 1:
                    shared = now(st, a.option_ref)
                    want = facts_preview(st, a)
                    got = made(shared, a.cards) if shared is not None else (0, 0.0)
                    assert got == want, (name, a.cards)
                    judged += 1
                    making += want[0] > 0
            st.apply(actions[rng.randrange(len(actions))])
    assert judged > 50 and making > 0


@pytest.mark.parametrize("name", CAPTURE_GAMES)
def test_the_moves_listed_in_line_are_those_listed_card_by_card(name):
    # the lister's usual path (by the table's values in its order) against `_listed`, which
    # asks the Taker card by card, along random games: the same moves in the same order
    from trentuno.engine.capture import play_deck, playing
    from trentuno.engine.capture_moves import _kit, _listed
    rules = load(name)
    rng = random.Random(5)
    compared = 0
    for seed in range(4):
        st = GameState(rules, rules.default_players, seed=seed)
        while not st.is_over and st.turns_taken < 300:
            actions = st.legal_actions()
            if actions and actions[0].role is CAPTURE:
                opt = actions[0].option_ref
                params = opt.params
                deck = play_deck(rules.deck, st.capture.counted)  # as the hand plays it
                kit = _kit(opt, deck, playing(params["_taking"], deck), params["from"])
                by_card = _listed(st, st.current_player, params["from"], kit[1],
                                  params["table"], lambda cards: cards, kit[2],
                                  params["_taking"].must)
                assert [a.cards for a in actions] == [getattr(a, "cards", a) for a in by_card]
                compared += kit[4] is not None
            st.apply(actions[rng.randrange(len(actions))])
    assert compared > 0 or name not in ("scopa", "house/scopone")


def test_the_answers_kept_leave_the_garbage_collector_little_to_scan():
    """The lister keeps answers for thousands of tables; kept as lists, every one was an object
    each full collection scanned (100k more after 1,000 games of Scopa, a tenth of the time of
    play on new seeds). Kept as tuples of numbers, the collector stops tracking them."""
    import gc

    from trentuno.engine.simulate import run_games
    rules = load("scopa")
    run_games(rules, 0, 5, 4, "greedy", 1)
    gc.collect()
    before = len(gc.get_objects())
    run_games(rules, 1000, 300, 4, "greedy", 1)  # seeds no other test plays (62k before)
    gc.collect()
    assert len(gc.get_objects()) - before < 20000


def test_the_primiera_is_counted_without_a_call_per_card():
    """A hand's end counts each side's best card per suit: a lookup and a comparison per card
    taken, no call (it was two a card, a dict's get and a float made from text: an eighth of
    the end-of-hand scoring)."""
    import sys

    rules = load("scopa")
    scoring = rules.scoring
    primiera = next(tally for name, _, tally in scoring.hand if "rank_table" in name)
    sides = [list(range(0, 40, 2)), list(range(1, 40, 2))]
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        totals = primiera.count(rules.deck, sides, [{}, {}])
    finally:
        sys.setprofile(None)
    assert totals == [84.0, 72.0]  # a Seven of each suit; a Six of each
    assert calls < 20
