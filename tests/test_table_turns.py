"""Turn structures of issue 17 that read and change the table, each on a house rule of the
shelf, on stacked decks: an option open only while a zone shows certain cards (`zone_shows`)
and the effect that deals a zone again (`refresh`)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_overlays import base_and_house, refused, valid, write
from trentuno.cli.table import TableView
from trentuno.engine.explain import explain, render
from widow_helpers import events, kind, legal, new_game, one, play

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED = {"house/schwimmen-new-table", "house/schwimmen-rounds", "house/schwimmen-blind-choice"}

NEW_TABLE = "Ask for a new table"


def _asks(state) -> list:
    return [a for a in state.legal_actions() if a.option_ref.labels.get("en") == NEW_TABLE]


def _explained(name: str) -> tuple[str, str]:
    """`explain` of a shelf rule in English and in Italian, unwrapped."""
    house = base_and_house(name)[1]
    return render(explain(house, "en"), 0), render(explain(house, "it"), 0)


def _codes(state, zone: str) -> list[str]:
    return state.rules.deck.codes(state.zones[zone])


# ---- zone_shows + refresh: "a player may ask for a new table when it shows 7-8-9" -------------
def test_a_player_may_ask_for_a_new_table_on_7_8_9():
    """With 7-8-9 on the table the player to move may ask for a new table: the three cards go
    under the stock, three new ones come from its top, face up, and his turn is over. The base
    offers no such move and the table stays."""
    base, house = base_and_house("house/schwimmen-new-table")
    deal: dict = {"hands": {1: "Kh Qd 9s"}, "zones": {"table": "7h 8d 9c"},
                  "stock": "Ks Qs 10h"}
    state = new_game(house, dealer=0, players=4, **deal)
    stock_before = len(state.zones["stock"])
    (ask,) = _asks(state)
    play(state, ask, seat=1)
    assert sorted(_codes(state, "table")) == ["10h", "Ks", "Qs"]
    assert state.face_up["table"]
    assert _codes(state, "stock")[:3] == ["7h", "8d", "9c"]     # the bottom of the stock
    assert len(state.zones["stock"]) == stock_before
    assert one(state, "refresh").data["zone"] == "table"
    assert state.current_player == 2 and not _asks(state)
    plain = new_game(base, dealer=0, players=4, **deal)
    assert not _asks(plain) and "new table" not in " ".join(legal(plain))


def test_no_new_table_unless_it_shows_exactly_7_8_9():
    """7-8-8 or 7-8-10 is no reason: the move is not offered."""
    _, house = base_and_house("house/schwimmen-new-table")
    for table in ("7h 8d 8c", "7h 8d 10c"):
        state = new_game(house, dealer=0, players=4, zones={"table": table})
        assert not _asks(state), table


def test_the_new_table_is_also_a_pass():
    """Asking is the player's turn and counts as his pass: when everybody else passes too, the
    table is dealt again as after any round of passes."""
    _, house = base_and_house("house/schwimmen-new-table")
    state = new_game(house, dealer=0, players=4, zones={"table": "7h 8d 9c"},
                     stock="Ks Qs 10h Js 10s As")
    play(state, _asks(state)[0], seat=1)
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    assert len(events(state, "refresh")) == 2


def test_no_new_table_when_the_stock_is_too_short():
    """A stock of fewer cards than the table cannot deal it again: nothing changes, the turn
    is over all the same."""
    _, house = base_and_house("house/schwimmen-new-table")
    state = new_game(house, dealer=0, players=9, zones={"table": "7h 8d 9c"})
    state.zones["stock"][:] = state.zones["stock"][:2]
    play(state, _asks(state)[0], seat=1)
    assert sorted(_codes(state, "table")) == ["7h", "8d", "9c"]
    assert one(state, "refresh_failed") and state.current_player == 2


OVERLAY = """\
extends: {base}
name: scratch
turn:
  steps:
    {step}:
      new-table:
        do: pass
        if: [{{zone_shows: {{zone: {zone}, ranks: [7]}}}}]
        effects: [{{refresh: {{zone: {zone}, to: {to}}}}}]
"""


SHOWS = """\
extends: schwimmen
name: scratch
turn:
  steps:
    play:
      new-table:
        do: pass
        if: [{{zone_shows: {{zone: table, {test}}}}}]
        effects: [{{refresh: {{zone: table}}}}]
"""


def test_zone_shows_by_suit_pattern_and_value(tmp_path: Path):
    """Each key of `zone_shows` reads the table's cards: all of one suit, a pattern of the
    hand, a value as a hand; the option is offered exactly when the table shows it."""
    cases = {"one_suit: true": ("Kh Qh 8h", "Kh Qh 8d"),
             "pattern: drilling": ("Kh Kd Kc", "Kh Kd Qc"),
             "value_at_least: 25": ("Kh Qh 8h", "Kh Qd 8c"),
             "pattern: instant": ("Ah Kh Qh", "Ah Kh 9h")}
    for i, (test, (yes, no)) in enumerate(cases.items()):
        rules = valid(write(tmp_path / f"x{i}.yaml", SHOWS.format(test=test)))
        for table, offered in ((yes, 2), (no, 1)):
            state = new_game(rules, dealer=0, players=4, zones={"table": table},
                             quiet_next=False)
            passes = [a for a in state.rules.steps["play"].legal(state, 1) if a.kind == "pass"]
            assert len(passes) == offered, (test, table)


def test_zone_shows_needs_hand_values_for_a_pattern(tmp_path: Path):
    """A capture game values no hand: a pattern or value of the table is refused there."""
    problems = refused(tmp_path / "x.yaml", """\
extends: scopa
name: scratch
turn:
  steps:
    play:
      wait: {do: pass, if: [{zone_shows: {zone: table, value_at_least: 10}}]}
""")
    assert any("values no hand" in str(p) for p in problems), problems


def test_a_guard_on_a_pile_that_shows_its_top_card_only_is_refused(tmp_path: Path):
    """`zone_shows` reads every card of a zone: of a discard pile only the top card is seen, so
    the compiler refuses it there (the moves offered would tell the cards below)."""
    problems = refused(tmp_path / "x.yaml", OVERLAY.format(
        base="thirty-one", step="draw", zone="discard", to="aside"))
    assert any("only the top card is seen" in str(p) for p in problems), problems


def test_refresh_to_an_unknown_zone_is_refused(tmp_path: Path):
    problems = refused(tmp_path / "x.yaml", OVERLAY.format(
        base="schwimmen", step="play", zone="table", to="bin"))
    assert any("no zone named 'bin'" in str(p) for p in problems), problems


def test_a_face_down_table_shows_nothing(tmp_path: Path):
    """While the table lies face down the guard does not hold, whatever its cards: the moves
    offered tell nothing of them."""
    text = OVERLAY.format(base="schwimmen", step="play", zone="table", to="under_stock")
    text = text.replace("[7]", "[7, 8, 9]") + "zones:\n  table: {visibility: hidden}\n"
    rules = valid(write(tmp_path / "x.yaml", text))
    state = new_game(rules, dealer=0, players=4, zones={"table": "7h 8d 9c"})
    listed = state.rules.steps["play"].legal
    assert not state.face_up["table"]
    assert [a.kind for a in listed(state, 1)].count("pass") == 1
    state.face_up["table"] = True                 # the same cards, once turned face up
    assert [a.kind for a in listed(state, 1)].count("pass") == 2


# ---- round_end, round_reached, add_card: Commerce's rounds --------------------------------------
def _round(state, seats) -> None:
    """One round: the first seat swaps a card (the first swap offered), the others pass (so
    the round is no round of passes)."""
    first, *rest = seats
    play(state, kind(state, "swap"), seat=first)
    for seat in rest:
        play(state, kind(state, "pass"), seat=seat)


def test_a_fresh_card_joins_the_table_after_every_round():
    """"A fresh card is added to the pool" at each round: after round 1 the stock's top card
    lies on the table too; the base's table keeps its three cards."""
    base, house = base_and_house("house/schwimmen-rounds")
    deal: dict = {"zones": {"table": "Kh Qd Jc"}, "stock": "As 10s 9s"}
    state = new_game(house, dealer=0, players=4, **deal)
    _round(state, (1, 2, 3, 0))
    assert len(state.zones["table"]) == 4 and "As" in _codes(state, "table")
    assert one(state, "added").data == {"zone": "table", "cards": ["As"]}
    assert state.round == 2 and state.current_player == 1
    plain = new_game(base, dealer=0, players=4, **deal)
    _round(plain, (1, 2, 3, 0))
    assert len(plain.zones["table"]) == 3 and not events(plain, "added")


def test_the_hand_ends_after_as_many_rounds_as_players():
    """"As many rounds as there are players": with four players the hands are compared when
    the fourth round is over, three cards having joined the table (none after the last); with
    three players after the third. The base plays on."""
    base, house = base_and_house("house/schwimmen-rounds")
    for players, seats in ((4, (1, 2, 3, 0)), (3, (1, 2, 0))):
        state = new_game(house, dealer=0, players=players)
        for _ in range(players - 1):
            _round(state, seats)
        assert not events(state, "hand_end", 1)
        _round(state, seats)
        end = one(state, "hand_end", 1)
        assert (end.data["outcome"], end.data["reason"]) == ("showdown", "round_end")
        assert len(events(state, "added", 1)) == players - 1
    plain = new_game(base, dealer=0, players=4)
    for _ in range(4):
        _round(plain, (1, 2, 3, 0))
    assert not events(plain, "hand_end", 1)


def test_a_fixed_number_of_rounds(tmp_path: Path):
    """`round_reached: N`: the hand ends after round N whatever the number of players."""
    rules = valid(write(tmp_path / "x.yaml", """\
extends: schwimmen
name: scratch
turn: {steps: {play: {swap-all: null}}}
triggers:
  two-rounds: {on: round_end, if: {round_reached: 2}, do: showdown}
"""))
    state = new_game(rules, dealer=0, players=4)
    _round(state, (1, 2, 3, 0))
    assert not events(state, "hand_end", 1)
    _round(state, (1, 2, 3, 0))
    assert one(state, "hand_end", 1).data["reason"] == "round_end"


def test_the_rounds_are_told_at_the_table_in_both_languages():
    _, house = base_and_house("house/schwimmen-rounds")
    state = new_game(house, dealer=0, players=3, zones={"table": "Kh Qd Jc"},
                     stock="As 10s 9s")
    for _ in range(3):
        _round(state, (1, 2, 0))
    hand = [e for e in state.events if e.kind in ("added", "hand_end")][:3]
    en = TableView(house, "en").events(state, hand)
    it = TableView(house, "it").events(state, hand)
    assert "A card from the stock joins the table: Ace of spades (As)." in en
    assert "Una carta dal tallone si aggiunge al tavolo: Asso di picche (As)." in it
    assert any("The round is over: the hands are compared." in line for line in en)
    assert any("Il giro è finito: si confrontano le mani." in line for line in it)


#: what `explain` says of each shelf rule here, in English and in Italian
EXPLAINED = {
    "house/schwimmen-new-table": (
        ["only while the cards of the table are exactly Seven, Eight and Nine (in any suits)",
         "go under the stock and as many are dealt to it from the stock"],
        ["solo mentre le carte del tavolo sono esattamente Sette, Otto e Nove",
         "vanno sotto il tallone e se ne danno altrettante dal tallone"]),
    "house/schwimmen-rounds": (
        [("If as many rounds have been played as there are players in the hand (checked at the "
         "end of every round), the hand ends at once and the hands are compared."),
         "At the end of every round, the top card of the stock is added to the table"],
        ["Se si sono giocati tanti giri quanti sono i giocatori della mano",
         "Alla fine di ogni giro, la prima carta del tallone si aggiunge al tavolo"]),
    "house/schwimmen-blind-choice": (
        ["the dealer has an opening turn, once per hand, without looking at his own hand"],
        [("il mazziere ha un turno d'apertura, una volta per mano, senza guardare la propria "
         "mano")]),
}


@pytest.mark.parametrize("name", sorted(EXPLAINED))
def test_explain_says_each_rule_in_both_languages(name):
    en, it = _explained(name)
    want_en, want_it = EXPLAINED[name]
    assert all(w in en for w in want_en), [w for w in want_en if w not in en]
    assert all(w in it for w in want_it), [w for w in want_it if w not in it]


# ---- turn.opening.blind: the dealer chooses without seeing his own hand -------------------------
#: Schwimmen, dealer 0: the table (28 in hearts) against a dealer's hand of 30 or of 24
TABLE = "Kh Qh 8h"
STRONG, WEAK = "Ac Kc 9c", "7d 8s 9d"


def _blind(dealer_hand: str, other: str = "10s Js 7s", rules=None):
    house = rules or base_and_house("house/schwimmen-blind-choice")[1]
    return new_game(house, dealer=0, players=4, hands={0: dealer_hand, 2: other},
                    zones={"table": TABLE})


def test_the_blind_dealer_sees_nothing_of_his_hand_until_he_has_chosen():
    """What the dealer observes while he chooses leaves his hand out (its size shows): the
    live view, its snapshot, the frozen view and its tensor; once he has chosen he sees the
    hand he holds. The other players see their own hands all along."""
    state = _blind(STRONG)
    assert state.current_player == 0 and state.unseen_hand() == 0
    obs = state.observation(0)
    assert obs.hand == () and obs.hand_mask == 0 and not obs.sees_hand
    assert obs.as_dict()["hand"] == [] and obs.hand_sizes[0] == 3
    frozen = obs.frozen()
    assert frozen.hand == ()
    layout = frozen.tensor(state.rules)[:len(state.rules.deck.cards)]
    assert not any(layout)
    assert len(state.observation(2).hand) == 3
    play(state, kind(state, "pass"), seat=0)
    assert state.unseen_hand() is None and len(state.observation(0).hand) == 3


def test_without_blind_the_dealer_sees_his_hand():
    """The contrast: the same opening without `blind` (the shelf's dealer-choice rule) shows
    the dealer his hand."""
    rules = base_and_house("house/schwimmen-dealer-choice")[1]
    state = new_game(rules, dealer=0, players=4, hands={0: STRONG})
    assert state.unseen_hand() is None and len(state.observation(0).hand) == 3


def _greedy_choice(state):
    from trentuno.engine import parse_bots
    bot = parse_bots("greedy", 4)[0]
    return bot(state, state.legal_actions())


def test_greedy_chooses_the_same_whatever_the_hand_it_cannot_see():
    """Greedy's blind choice reads only what shows: a dealer holding 30 and one holding 24
    (the same unseen cards, held by another seat instead) take the table alike, from the live
    state and from the frozen view alone."""
    from trentuno.engine import parse_bots
    from trentuno.engine.frozen_view import act_from_observation
    moves = []
    for hand, other in ((STRONG, WEAK), (WEAK, STRONG)):
        state = _blind(hand, other)
        a = _greedy_choice(state)
        bot = parse_bots("greedy", 4)[0]
        b = act_from_observation(bot, state.rules, state.observation(0).frozen(),
                                 state.legal_actions())
        assert a is b
        moves.append((a.step, a.option))
    assert moves[0] == moves[1]


def test_a_greedy_dealer_who_sees_his_hand_chooses_by_it(tmp_path: Path):
    """The contrast, without `blind`: greedy keeps a hand of 30 and takes the table over 24."""
    text = ("extends: house/schwimmen-blind-choice\nname: scratch\n"
            "turn:\n  opening: {blind: false}\n")
    rules = valid(write(tmp_path / "x.yaml", text))
    kinds = [_greedy_choice(_blind(h, o, rules)).kind
             for h, o in ((STRONG, WEAK), (WEAK, STRONG))]
    assert kinds == ["pass", "swap_all"]


def test_mc_treats_the_blind_hand_as_unknown():
    """The search bot's worlds deal the dealer's own hand again with the cards he cannot see,
    so its choice is the same when his hand and another seat's are exchanged, and its
    resampled worlds do not all give him his real hand."""
    import random

    from trentuno.engine import parse_bots
    picks = []
    for hand, other in ((STRONG, WEAK), (WEAK, STRONG)):
        state = _blind(hand, other)
        bot = parse_bots("mc:iterations=4", 4)[0]
        a = bot(state, state.legal_actions())
        picks.append((a.step, a.option))
    assert picks[0] == picks[1]
    state = _blind(STRONG)
    rng = random.Random(5)
    dealt = {tuple(sorted(state.resample(0, rng).hands[0])) for _ in range(8)}
    assert len(dealt) > 1


def test_the_table_shows_the_blind_hand_face_down_in_both_languages():
    """`play` and the server's seat view: the dealer's hand is said face down, no card of it
    shown, until he has chosen."""
    from trentuno.server.game_view import WebView
    from trentuno.server.game_view import hand as seat_hand
    state = _blind(STRONG)
    en = TableView(state.rules, "en", seat=0).table(state)
    it = TableView(state.rules, "it", seat=0).table(state)
    assert any("Your hand: 3 cards, face down (you choose without seeing it)" in x for x in en)
    assert any("La tua mano: 3 carte, coperte (scegli senza vederle)" in x for x in it)
    assert not any("Ace of clubs" in x for x in en)
    seen = seat_hand(WebView(state.rules, "en", 0, {}), state, 0)
    assert seen["cards"] == [] and "face down" in seen["label"]
    play(state, kind(state, "pass"), seat=0)
    assert any("Ace of clubs" in x for x in TableView(state.rules, "en", seat=0).table(state))


# ---- swap_cards in a blind opening: Commerce's dealer exchanges one or two unseen cards ---------
SWAP_UNSEEN = "house/commerce-blind-swap"
COVERED.add(SWAP_UNSEEN)


def test_the_blind_dealer_exchanges_one_or_two_cards_he_has_not_seen():
    """"Before looking at his own cards, the dealer may exchange one or two of his cards for one
    or two of the exposed cards": he chooses how many and which table cards, one move each (3
    single cards, 3 pairs), not which of his own go (they are the first he was dealt); the
    cards he gives lie face up in their place, and he then holds the rest of his hand and the
    cards he took."""
    state = _blind(STRONG, rules=base_and_house(SWAP_UNSEEN)[1])
    exchanges = [a for a in state.legal_actions() if a.kind == "swap_cards"]
    assert len(exchanges) == 6
    deck = state.rules.deck
    two = next(a for a in exchanges if deck.codes(a.cards) and len(
        set(a.cards) - set(state.hands[0])) == 2 and deck.parse("Kh") in a.cards
        and deck.parse("Qh") in a.cards)
    play(state, two, seat=0)
    assert sorted(deck.codes(state.hands[0])) == sorted(["9c", "Kh", "Qh"])
    assert sorted(deck.codes(state.zones["table"])) == sorted(["Ac", "Kc", "8h"])
    assert state.current_player == 1 and state.unseen_hand() is None


def test_the_blind_exchange_names_none_of_his_cards_in_both_languages():
    """The choices name the table cards he takes and count his own ("the first 2 of your unseen
    cards"), never one of them nor the hand they would leave; typing a card of his picks
    nothing."""
    state = _blind(STRONG, rules=base_and_house(SWAP_UNSEEN)[1])
    for lang, own in (("en", "the first 2 of your unseen cards"),
                      ("it", "le prime 2 delle tue carte coperte")):
        view = TableView(state.rules, lang, seat=0)
        said = [text for a, text in view.choices(state, state.legal_actions())
                if a.kind == "swap_cards"]
        assert any(own in text for text in said), said
        assert not any(c in text for text in said for c in ("Ac", "Kc", "9c", "→"))
        for a in state.legal_actions():
            assert not set(view.shown_cards(state, a)) & set(state.hands[0])


def test_the_blind_exchange_is_the_same_move_in_a_world_dealt_again():
    """A search bot plays the move in worlds where the dealer's unseen hand was dealt again:
    there too he gives his first cards for the table cards named, and his hand's mask is the
    hand he then holds (not the real game's)."""
    import random
    state = _blind(STRONG, rules=base_and_house(SWAP_UNSEEN)[1])
    deck = state.rules.deck
    move = next(a for a in state.legal_actions() if a.kind == "swap_cards"
                and deck.parse("Kh") in a.cards and deck.parse("Qh") in a.cards
                and deck.parse("8h") not in a.cards)
    rng = random.Random(2)
    for _ in range(6):
        world = state.resample(0, rng)
        first = list(world.hands[0][2:])
        world.apply_unchecked(move)
        assert sorted(world.hands[0]) == sorted(first + [deck.parse("Kh"), deck.parse("Qh")])
        assert world.masks[0] == world.mask(world.hands[0])
