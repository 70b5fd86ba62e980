"""A take rule narrowing what a card takes runs before the bound on a turn's moves cuts them
(capture_moves._by_card): a crowded table gives each card of a hand its share of
`MAX_CAPTURE_MOVES`, the ways with the fewest cards first, and a rule allowing only the ways of
many cards must see those past the share, or a capture it allows is never offered."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_scratch_settlement import _file, registering
from trentuno.engine import GameState, load
from trentuno.engine.capture import MAX_CAPTURE_MOVES, takings
from trentuno.engine.keywords import Kind
from trentuno.engine.take_rules import TakeRule


def _at_least(n: int | None, ctx: Any) -> Any:
    if n is None:
        return None
    return lambda deck, card, table, sets: [s for s in sets if len(s) >= n]


#: a test's own take rule: a card takes at least N table cards at a time
AT_LEAST = TakeRule(
    kind=Kind.TAKE_RULE, name="scratch_at_least", field=None, default=None,
    description="The fewest table cards a card takes at a time. Default: no limit.",
    schema={"type": ["integer", "null"], "minimum": 1, "default": None}, compile=_at_least,
    example=2, words={
        "en": {"rule": lambda n, w: "" if n is None else f"it takes {w.cards(n)} or more"},
        "it": {"rule": lambda n, w: "" if n is None else f"prende {w.cards(n)} o più"}})


@pytest.fixture
def scratch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from registering(monkeypatch)


def test_a_narrowing_rule_sees_the_ways_past_a_cards_share(scratch, tmp_path):
    """28 number cards on the table, a Jack (8) in each of three hands' places: 597 ways for
    it to take, more than its share (a third of the bound); the only ways of six cards (Ace,
    Ace, Ace, Ace and two Twos) come last. With `scratch_at_least: 6` those are offered."""
    scratch(AT_LEAST)
    rules = load(_file(tmp_path, "extends: scopa\nturn:\n  steps:\n    play:\n"
                                 "      play: {takes: {equal: any, scratch_at_least: 6}}\n"))
    deck = rules.deck
    st = GameState(rules, players=2, seed=1)
    table = [c.id for c in deck.cards if deck.ranks[c.rank].code not in ("F", "C", "R")]
    hand = deck.parse_hand("Fc Fd Fb")
    st.zones["table"] = list(table)
    st.hands[st.current_player] = list(hand)
    (opt,) = [o for s in rules.steps.values() for o in s.options if o.kind == "capture"]
    every = takings(deck, opt.params["_taking"], hand[0], table, 10 ** 6)
    assert len(every) > MAX_CAPTURE_MOVES // 3                    # the share cuts them
    six = [s for s in every if len(s) >= 6]
    assert len(six) == 6 and every[-6:] == six                    # past the share
    st._legal = st._step.legal(st, st.current_player)   # listed afresh (as a restored game)
    moves = st.legal_actions()
    played: dict[str, list[tuple[int, ...]]] = {deck.codes([a.cards[0]])[0]: [] for a in moves}
    for a in moves:
        played[deck.codes([a.cards[0]])[0]].append(a.cards[1:])
    assert {len(t) for sets in played.values() for t in sets} == {6}
    assert sorted(tuple(sorted(t)) for t in played["Fc"]) == sorted(tuple(sorted(s))
                                                                    for s in six)
