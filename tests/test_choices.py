"""Choices issue 17 asked for, each on a house rule of the shelf, on stacked decks: swapping
several cards in one move (`do: swap_cards`)."""
from __future__ import annotations

from math import comb

import pytest
from test_overlays import base_and_house, refused, write
from trentuno.cli.table import TableView
from trentuno.engine import GameState, load
from trentuno.engine.action_ids import action_space
from trentuno.engine.bots import parse_bots
from trentuno.engine.explain import explain, render
from widow_helpers import events, has, kind, legal, lives_lost, new_game, one, play, swap

#: the shelf's house rules whose behaviour tests are here (test_overlays checks every house
#: rule has one)
COVERED = {"house/schwimmen-swap-up-to-three"}

SWAP3 = "house/schwimmen-swap-up-to-three"

# ---- swap_cards: one, two or three cards with the table in one move ---------------------------
#: Schwimmen, dealer 0, four players: the turns go 1, 2, 3, 0; seat 1's Ace of hearts with the
#: table's King and Queen of hearts is 31; seat 3's 9 is the lowest hand
HANDS = {1: "Ah 7c 8d", 2: "7s 8c 10d", 3: "7d 8h 9c", 0: "10s Jc Qd"}
TABLE = "Kh Qh 9s"


def exchange(state, keep: str, take: str):
    """The legal exchange leaving the cards `keep` of the hand and `take` of the table."""
    deck = state.rules.deck
    left = tuple(sorted(deck.parse(c) for c in (keep + " " + take).split()))
    found = [a for a in state.legal_actions() if a.kind == "swap_cards" and a.cards == left]
    assert found, f"no exchange to {keep} + {take}; legal: {legal(state)}"
    return found[0]


def exchanges(state) -> list:
    return [a for a in state.legal_actions() if a.kind == "swap_cards"]


def test_two_cards_swapped_at_once_make_31_and_end_the_round():
    """"A turn may swap two cards with the table in one move": seat 1 gives 7c 8d for Kh Qh
    and holds 31 at once (the round ends, everybody else loses a life); the base swaps one card
    at a time, so the same turn can reach no 31."""
    base, house = base_and_house(SWAP3)
    plain = new_game(base, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    assert "swap 7c Kh" in legal(plain) and not has(plain, "swap_cards")
    state = new_game(house, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    play(state, exchange(state, keep="Ah", take="Kh Qh"), seat=1)
    assert [e.player for e in events(state, "action", 1)] == [1]      # one move, not two
    assert one(state, "hand_end", 1).data["outcome"] == "showdown"
    assert lives_lost(state, 1) == {3: 1}


def test_the_turn_offers_one_two_or_three_cards_and_every_choice_of_them():
    """"One, two or three cards": 9 exchanges of one card, 9 of two, 1 of all three (the hand
    for the table), each once; the base's separate "swap all" is gone, the exchange of three
    is the same move."""
    _, house = base_and_house(SWAP3)
    state = new_game(house, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    moves = exchanges(state)
    counts = {k: sum(1 for a in moves if len(set(a.cards) & set(state.hands[1])) == 3 - k)
              for k in (1, 2, 3)}
    assert counts == {1: 9, 2: 9, 3: 1} and len({a.cards for a in moves}) == 19
    assert not has(state, "swap_all")
    play(state, exchange(state, keep="", take="Kh Qh 9s"), seat=1)
    assert sorted(state.rules.deck.code(c) for c in state.zones["table"]) == ["7c", "8d", "Ah"]


def commerce(tmp_path, lo: int = 2, hi: int = 2):
    """A Commerce-like overlay: exactly two cards swapped with the table."""
    return write(tmp_path / "two.yaml", "extends: schwimmen\nname: two\nturn:\n  steps:\n"
                 f"    play:\n      swap: {{do: swap_cards, with: table, min: {lo}, max: {hi}}}\n")


def test_exactly_two_cards_is_min_and_max_two(tmp_path):
    """Commerce's "exactly two": only the 9 exchanges of two cards are offered."""
    rules = load(str(commerce(tmp_path)))
    state = new_game(rules, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    moves = exchanges(state)
    assert len(moves) == 9
    assert all(len(set(a.cards) & set(state.hands[1])) == 1 for a in moves)


@pytest.mark.parametrize("lo, hi, needle", [
    (1, 4, "an exchange of up to 4 cards from a hand of 3"),
    (3, 2, "`min: 3` is more than `max: 2`"),
])
def test_an_exchange_of_more_than_the_hand_is_refused_at_its_line(tmp_path, lo, hi, needle):
    text = commerce(tmp_path, lo, hi).read_text()
    problems = refused(tmp_path / "bad.yaml", text)
    assert [(p.line, p.message) for p in problems] == [(6, needle)], problems


def test_greedy_makes_the_exchange_that_raises_the_hand_most():
    """Greedy reads the move's role (the hand it leaves): it swaps two cards for the 31."""
    _, house = base_and_house(SWAP3)
    state = new_game(house, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    bot = parse_bots("greedy", 4, 1)[0]
    choice = bot(state, state.legal_actions())
    assert choice is exchange(state, keep="Ah", take="Kh Qh")


def test_mc_and_greedy_play_whole_games_of_it():
    """Every bot plays the house rule to the end (bounded by moves, not time)."""
    rules = load(SWAP3)
    for spec in ("greedy,greedy,greedy,greedy", "mc:iterations=4,greedy,random,greedy"):
        state = GameState(rules, 4, seed=5, history=True)
        bots = parse_bots(spec, 4, 5)
        played = set()
        for _ in range(3000):
            if state.is_over:
                break
            a = bots[state.current_player](state, state.legal_actions())
            played.add(a.kind)
            state.apply(a)
        assert state.is_over and "swap_cards" in played, spec


def test_an_id_names_the_hand_an_exchange_leaves_and_reads_back():
    """Action ids: the option's ids are the hands of three cards of the deck (4,960 of 32
    cards, whatever the table holds); each legal exchange's id reads back in the card notation
    as the hand it leaves."""
    _, house = base_and_house(SWAP3)
    space = action_space(house, 4)
    ids = next(o for o in space.options if o.option.kind == "swap_cards")
    assert ids.size == comb(32, 3) and space.dense
    state = new_game(house, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    move = exchange(state, keep="Ah", take="Kh Qh")
    text = space.to_string(space.id_of(move))
    assert text == "play/swap_cards@table Kh Qh Ah" or sorted(text.split()[1:]) == \
        sorted(["Ah", "Kh", "Qh"])
    assert space.action(state, space.from_string(text)) is move


def test_the_table_tells_the_exchange_to_each_viewer_in_both_languages():
    """The mover and the others see the cards given and taken (the table is face up); the
    choice names both and the hand it leaves."""
    _, house = base_and_house(SWAP3)
    state = new_game(house, dealer=0, players=4, hands=HANDS, zones={"table": TABLE})
    move = exchange(state, keep="Ah", take="Kh Qh")
    mine = TableView(house, "en", seat=1).move(state, 1, move)
    assert mine.startswith("You give the ") and "and take the " in mine, mine
    other = TableView(house, "it", seat=2).move(state, 1, move)
    assert " dà " in other and " e prende " in other and "(Kh)" in other, other
    choice = TableView(house, "en", seat=1).choice(state, move)
    assert choice == "Swap cards: give 8d 7c, take Kh Qh  → 31 (thirty-one)", choice


# ---- declare: 31 and Feuer declared by their holder; an undeclared one loses -------------------
DECLARE = "house/schwimmen-declare"
COVERED.add(DECLARE)
#: seat 1 is dealt 31 in hearts; seat 3's 9 is the lowest hand
DEALT_31 = {1: "Ah Kh Qh", 2: "7s 8c 10d", 3: "7d 8h 9c", 0: "10s Jc Qd"}
CALM_TABLE = "Jd 8s 9h"


def test_a_dealt_31_waits_for_its_holder_to_declare_it():
    """"31 is declared by its holder, not by the engine": the base ends the round as the cards
    are dealt; the house rule offers seat 1 the declaration at his turn, and declaring ends the
    round at once with the hands compared (seat 3, lowest, loses a life)."""
    base, house = base_and_house(DECLARE)
    plain = new_game(base, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    assert one(plain, "hand_end", 1).data["outcome"] == "showdown"
    assert not events(plain, "action", 1)
    state = new_game(house, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    assert not events(state, "hand_end", 1) and state.current_player == 1
    play(state, kind(state, "declare"), seat=1)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "declared"
    assert lives_lost(state, 1) == {3: 1}


def test_only_the_holder_of_the_hand_may_declare():
    _, house = base_and_house(DECLARE)
    state = new_game(house, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    assert has(state, "declare")
    play(state, kind(state, "pass"), seat=1)
    assert state.current_player == 2 and not has(state, "declare")


def _keep_31_and_knock(rules):
    """Seat 1 keeps his 31 undeclared, knocks in round 2 and the others pass their last
    turns (seat 2's swap in round 1 keeps it from being a round of passes)."""
    state = new_game(rules, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    play(state, kind(state, "pass"), seat=1)
    play(state, swap(state, give="7s", take="8s"), seat=2)
    for seat in (3, 0):
        play(state, kind(state, "pass"), seat=seat)
    play(state, kind(state, "knock"), seat=1)
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    return state


def test_an_undeclared_31_loses_instead_of_the_lowest_hand(tmp_path):
    """"The holder of an undeclared 31 pays": seat 1 never declares his 31 and the hands are
    compared after his knock: he loses the life; charged as usual (`pay: lowest`), seat 3 would."""
    _, house = base_and_house(DECLARE)
    state = _keep_31_and_knock(house)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    assert lives_lost(state, 1) == {1: 1}
    usual = load(str(write(tmp_path / "usual.yaml", f"extends: {DECLARE}\nname: usual\n"
                           "settle:\n  showdown: {pay: lowest, holding: null}\n")))
    assert lives_lost(_keep_31_and_knock(usual), 1) == {3: 1}


def test_greedy_declares_the_hand_when_it_holds_it():
    _, house = base_and_house(DECLARE)
    state = new_game(house, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    assert parse_bots("greedy", 4, 1)[0](state, state.legal_actions()).kind == "declare"


def test_the_declaration_is_told_to_the_mover_and_the_others():
    _, house = base_and_house(DECLARE)
    state = new_game(house, dealer=0, players=4, hands=DEALT_31, zones={"table": CALM_TABLE})
    move = kind(state, "declare")
    assert TableView(house, "en", seat=1).move(state, 1, move) == "You declare your hand."
    assert TableView(house, "it", seat=2).move(state, 1, move).endswith(
        " dichiara la sua mano.")


#: seat 1 makes 31 by swapping his 7 of clubs for the table's Queen of hearts; seat 3 is lowest
MAKES_31 = {1: "Ah Kh 7c", 2: "7s 8c 10d", 3: "7d 8h 9c", 0: "10s Jc Qd"}
MAKES_31_TABLE = "Qh 8s 9h"


def test_a_31_made_by_a_swap_is_declared_at_once():
    """"He puts the cards face up on the table and the game ends immediately": the swap that
    makes seat 1's 31 is followed, in his own turn, by the declaration (the only move offered),
    and the round ends before seat 2 plays; seat 3, lowest, loses the life."""
    _, house = base_and_house(DECLARE)
    state = new_game(house, dealer=0, players=4, hands=MAKES_31,
                     zones={"table": MAKES_31_TABLE})
    play(state, swap(state, give="7c", take="Qh"), seat=1)
    assert state.current_player == 1 and [a.kind for a in state.legal_actions()] == ["declare"]
    play(state, kind(state, "declare"), seat=1)
    end = one(state, "hand_end", 1)
    assert (end.data["outcome"], end.data["reason"]) == ("showdown", "declared")
    assert lives_lost(state, 1) == {3: 1}
    assert [e.player for e in events(state, "action", 1)] == [1, 1]


def test_a_swap_that_makes_no_31_ends_the_turn_as_before():
    """A swap leaving no 31 or Feuer goes on to the next player (the declaration step is not
    played), and is no pass: a round of three passes after it refreshes nothing."""
    _, house = base_and_house(DECLARE)
    state = new_game(house, dealer=0, players=4, hands=MAKES_31,
                     zones={"table": MAKES_31_TABLE})
    play(state, swap(state, give="7c", take="8s"), seat=1)
    assert state.current_player == 2 and not events(state, "stuck", 1)
    for seat in (2, 3, 0):
        play(state, kind(state, "pass"), seat=seat)
    assert state.current_player == 1 and not events(state, "hand_end", 1)
    assert not events(state, "refresh", 1)


def test_then_optional_needs_then(tmp_path):
    problems = refused(tmp_path / "x.yaml", "extends: schwimmen\nname: x\nturn:\n"
                       "  steps:\n    play:\n      pass: {then_optional: true}\n")
    said = [p.format() for p in problems]
    assert any(":6:" in p and "`then_optional` needs `then:`" in p for p in said), said

# ---- out_of_hand: whoever passes, or swaps all three, is out of this hand -----------------------
OUT = "house/schwimmen-pass-is-out"
COVERED.add(OUT)
#: turns 1, 2, 3, 0; seat 2's 9 is the lowest hand
QUIET = {1: "7s 8c 10d", 2: "7d 8h 9c", 3: "10s Jc Qd", 0: "Ah 7c 8d"}


def _quiet(rules):
    return new_game(rules, dealer=0, players=4, hands=QUIET, zones={"table": TABLE})


def _three_swaps(state):
    """Seats 2, 3 and 0 each swap a card (none makes 31)."""
    for seat, give, take in ((2, "7d", "9s"), (3, "10s", "7d"), (0, "7c", "10s")):
        play(state, swap(state, give=give, take=take), seat=seat)


def test_whoever_passes_is_skipped_until_the_next_hand():
    """"Whoever passes is out of this hand": after seat 1's pass the turn order skips him (the
    base gives him his turn of round 2); the table marks him out of this hand."""
    base, house = base_and_house(OUT)
    plain = _quiet(base)
    play(plain, kind(plain, "pass"), seat=1)
    _three_swaps(plain)
    assert plain.current_player == 1
    state = _quiet(house)
    play(state, kind(state, "pass"), seat=1)
    assert state.out_of_hand == (1,)
    _three_swaps(state)
    assert state.current_player == 2 and state.round == 2
    view = TableView(house, "en", seat=2)
    marked = [row for row in view.players(state) if "out of this hand" in row]
    assert len(marked) == 1 and view.name(1) in marked[0]
    assert "fuori da questa mano" in "\n".join(TableView(house, "it", seat=2).players(state))


def test_swapping_all_three_is_out_too():
    _, house = base_and_house(OUT)
    state = _quiet(house)
    play(state, kind(state, "swap_all"), seat=1)
    assert state.out_of_hand == (1,) and state.current_player == 2


def test_when_all_but_one_are_out_the_one_left_plays_once_more_then_hands_are_compared():
    """"When all players but one are out, the one left has one more turn, then the hands are
    compared": seats 1, 2 and 3 pass; seat 0 plays his turn (a swap), the round ends there and
    the lowest hand (seat 2) loses a life. The next hand starts with everybody in."""
    _, house = base_and_house(OUT)
    state = _quiet(house)
    for seat in (1, 2, 3):
        play(state, kind(state, "pass"), seat=seat)
    assert not events(state, "hand_end", 1) and state.current_player == 0
    play(state, swap(state, give="7c", take="Kh"), seat=0)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "knock"
    assert [e.player for e in events(state, "action", 1)] == [1, 2, 3, 0]
    assert lives_lost(state, 1) == {2: 1}
    assert state.hand_number == 2 and state.out_of_hand == ()


def test_the_one_left_may_win_instead(tmp_path):
    """What follows is the ruleset's: `do: win` makes the one left the winner (the others pay)."""
    rules = load(str(write(tmp_path / "win.yaml", f"extends: {OUT}\nname: win\nknock: null\n"
                           "triggers:\n  all-but-one-out: {do: win}\n")))
    state = _quiet(rules)
    for seat in (1, 2, 3):
        play(state, kind(state, "pass"), seat=seat)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [0]
    assert lives_lost(state, 1) == {1: 1, 2: 1, 3: 1}


def test_bots_play_whole_games_where_passing_is_out():
    rules = load(OUT)
    for spec in ("greedy,greedy,greedy,greedy", "mc:iterations=4,greedy,random,greedy"):
        state = GameState(rules, 4, seed=3, history=True)
        bots = parse_bots(spec, 4, 3)
        for _ in range(3000):
            if state.is_over:
                break
            state.apply(bots[state.current_player](state, state.legal_actions()))
        assert state.is_over, spec


#: what explain says of each rule, in English and in Italian
SAID = {
    SWAP3: (["exchanges one to three of his cards for as many cards of the table, all at once"],
            [("scambia da una a tre delle sue carte con altrettante carte del tavolo, in una "
             "volta sola")]),
    DECLARE: (["declares an instant hand, when he holds it",
               ("When a player declares his hand, the hand ends at once and the hands are "
               "compared"),
               "whoever holds an instant hand without having declared it loses 1 life"],
              ["dichiara una combinazione immediata, quando ce l'ha",
               "Quando un giocatore dichiara la sua mano, la mano finisce subito",
               "chi ha in mano una combinazione immediata senza aver dichiarato la sua mano"]),
    OUT: (["passes (does nothing), and he is out of this hand (his turns are skipped",
           "If all players but one are out of the hand"],
          ["passa (non fa nulla), ed esce da questa mano (salta i suoi turni",
           "Se sono usciti dalla mano tutti i giocatori tranne uno"]),
}


@pytest.mark.parametrize("name", sorted(SAID))
def test_explain_says_each_rule_in_both_languages(name):
    _, house = base_and_house(name)
    for lang, phrases in zip(("en", "it"), SAID[name]):
        text = render(explain(house, lang), width=1000)
        assert [p for p in phrases if p not in text] == [], lang
