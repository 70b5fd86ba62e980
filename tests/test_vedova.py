"""Trentuno con la vedova (seed 001): one stacked-deck scenario per rule sentence of the seed.

Seats are numbered clockwise. The vedova deals and plays counter-clockwise ("in senso
antiorario"), to the right: with dealer 0 and five players the first card and the first turn go
to seat 4 (the dealer's right), then seats 3, 2, 1 and the dealer last. The ruleset keeps a pot:
`state.lives` is each player's bankroll (20 stakes at the start), the ante is 1 a hand.
"""
from __future__ import annotations

import json
from itertools import combinations, pairwise

import pytest
from click.testing import CliRunner
from trentuno.engine import GameState, UserError, load
from widow_helpers import (
    codes,
    deal_slots,
    describe,
    events,
    hand_events,
    has,
    kind,
    legal,
    new_game,
    one,
    play,
    stack,
    swap,
    turn_seats,
    value_of,
)

VARIANT = "trentuno-vedova"


@pytest.fixture(scope="module")
def rules():
    return load(VARIANT)


def hand_end(state, hand=1):
    return one(state, "hand_end", hand)


def pot_event(state, hand=1):
    return one(state, "pot", hand)


def actors_after(state, event_kind, hand=1):
    """The seats that acted after the first event of `event_kind` in a hand, up to its end."""
    evs = hand_events(state, hand)
    start = next(i for i, e in enumerate(evs) if e.kind == event_kind)
    out = []
    for e in evs[start + 1:]:
        if e.kind == "hand_end":
            break
        if e.kind == "action":
            out.append(e.player)
    return out


# ---- the stacking helper itself -------------------------------------------------------------
def test_stack_helper_interleaves_the_widow_like_the_deal(rules):
    """The helper's order, written out by hand, and what the engine's `deal` event shows."""
    hands = {4: "Ah Kh 9h", 3: "7d 8d 9d", 2: "Ac 10c 9s", 1: "Jc Js Jh", 0: "7s 8s Ks"}
    order = stack(rules, dealer=0, players=5, hands=hands, zones={"widow": "Ad Kd 10s"})
    # one card to seats 4, 3, 2, 1, 0 and one to the widow, three times
    assert order == ["Ah", "7d", "Ac", "Jc", "7s", "Ad",
                     "Kh", "8d", "10c", "Js", "8s", "Kd",
                     "9h", "9d", "9s", "Jh", "Ks", "10s"]
    assert deal_slots(rules, 0, 5)[:6] == [("seat", 4), ("seat", 3), ("seat", 2), ("seat", 1),
                                          ("seat", 0), ("zone", "widow")]
    state = GameState(rules, players=5, seed=3, decks=[order], dealer=0)
    deal = one(state, "deal")
    assert dict(deal.data["hands"].items()) == \
        {s: codes(h) for s, h in hands.items()}
    assert deal.data["zones"]["widow"] == ["Ad", "Kd", "10s"]


@pytest.mark.parametrize("players,dealer", [(3, 0), (3, 2), (5, 3), (7, 1), (9, 4)])
def test_stack_helper_matches_the_deal_event_for_any_table(rules, players, dealer):
    """Whatever the table and the dealer, the described hands and widow are what is dealt, and
    the undescribed places get weak, distinct cards (no 31, no tris)."""
    first = turn_seats(rules, dealer, players)[0]
    order = stack(rules, dealer=dealer, players=players, hands={first: "As Ks 9h"},
                  zones={"widow": "Qd 8c 7h"})
    assert len(order) == 3 * players + 3 and len(set(order)) == len(order)
    state = GameState(rules, players=players, seed=11, decks=[order], dealer=dealer)
    deal = one(state, "deal")
    assert deal.data["hands"][first] == ["As", "Ks", "9h"]
    assert deal.data["zones"]["widow"] == ["Qd", "8c", "7h"]
    for seat in range(players):
        if seat != first:
            combo = value_of(rules, deal.data["hands"][seat]).combo
            if players < 9:      # a full table of nine uses nearly the whole deck
                assert combo == "suit", (seat, deal.data["hands"][seat])
    assert not events(state, "hand_end")


def test_action_helpers_describe_and_pick(rules):
    state = new_game(rules, dealer=0, players=5, hands={4: "Ah Kh 9d"},
                     zones={"widow": "Qh 7s 8s"})
    assert "swap 9d Qh" in legal(state)
    a = swap(state, give="9d", take="Qh")
    assert a.kind == "swap" and describe(state, a) == "swap 9d Qh"
    assert kind(state, "knock").kind == "knock"
    assert describe(state, kind(state, "swap_all")) == "swap_all widow"
    with pytest.raises(AssertionError):
        swap(state, give="9d", take="As")          # not on the table: the helper says so


# ---- the deck and the table -----------------------------------------------------------------
def test_deck_of_32_french_cards(rules):
    """"con l'utilizzo di un mazzo di 32 carte Francesi che comprende tutti gli Assi, tutte le
    figure e tutte le carte dal 7 al 10, dove gli Assi valgono 11 punti, le figure valgono 10
    punti e i punteggi delle altre carte corrispondono al loro valore nominale.\""""
    expected = {}
    for suit in "hdcs":
        expected["A" + suit] = 11
        for fig in "JQK":
            expected[fig + suit] = 10
        for n in (7, 8, 9, 10):
            expected[f"{n}{suit}"] = n
    deck = rules.deck
    assert {c.code: c.value for c in deck.cards} == expected
    assert len(deck.cards) == 32


def test_three_to_nine_players(rules):
    """"tutti i giocatori, che possono essere da un numero minimo di 3 ad un massimo di 9,
    giocano l'uno contro l'altro, senza la presenza di un Banco\""""
    for n in (2, 10):
        with pytest.raises(UserError):
            GameState(rules, players=n, seed=0)
    for n in range(3, 10):
        state = GameState(rules, players=n, seed=n)
        deal = events(state, "deal")[0]
        dealt = [c for h in deal.data["hands"].values() for c in h] + deal.data["zones"]["widow"]
        assert len(deal.data["hands"]) == n
        assert all(len(h) == 3 for h in deal.data["hands"].values())
        assert len(deal.data["zones"]["widow"]) == 3
        assert len(set(dealt)) == 3 * n + 3
    assert rules.default_players == 5


# ---- the pot --------------------------------------------------------------------------------
def test_everybody_antes_every_hand_and_one_winner_takes_the_pot(rules):
    """"Prima della distribuzione delle carte da parte del Mazziere, che come ruolo cambia ad
    ogni mano in senso antiorario, i giocatori devono puntare una quota uguale per tutti per
    formare un Piatto che sarà vinto da uno, e solo uno, di essi (Mazziere compreso in quanto è
    a tutti gli effetti uno dei giocatori).\""""
    second = stack(rules, dealer=4, players=5)          # the deal passes to the right: seat 4
    state = new_game(rules, dealer=0, players=5, more=[second],
                     hands={4: "Ah Kh 9d", 0: "Ac Kc 7d"}, zones={"widow": "Qh 7s 8s"})
    start = rules.stakes.bankroll
    assert state.pot == 5                               # one stake from each of the five
    assert state.lives == [start - 1] * 5
    # the dealer is one of the players: he can win the pot too. Seat 4 stands with 21...
    play(state, kind(state, "knock"), seat=4)
    for seat in (3, 2, 1, 0):
        play(state, kind(state, "pass"), seat=seat)
    # ...the dealer's Ace and King of clubs (21, clubs) lose to hearts (21, hearts)
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "knock"
    assert pot_event(state).data == {"winners": [4], "each": 5}
    # hand 2: dealt by seat 4, everybody antes again into a fresh pot
    deal2 = events(state, "deal")[1]
    assert deal2.data["dealer"] == 4 and state.hand_number == 2
    assert state.pot == 5
    assert state.lives == [start - 2] * 4 + [start - 2 + 5]
    assert state.returns() == [-2, -2, -2, -2, 3]


def test_the_dealer_can_take_the_pot(rules):
    """"(Mazziere compreso in quanto è a tutti gli effetti uno dei giocatori)": the dealer's
    hand takes part in the comparison."""
    state = new_game(rules, dealer=0, players=5, hands={4: "Ah 9h 7d", 0: "Ac Kc Qd"},
                     zones={"widow": "Jd 7s 8s"})
    play(state, kind(state, "knock"), seat=4)
    for seat in (3, 2, 1):
        play(state, kind(state, "pass"), seat=seat)
    play(state, swap(state, give="Qd", take="Jd"), seat=0)   # still 21 in clubs...
    assert pot_event(state).data["winners"] == [0]          # ...beats 20 in hearts


# ---- the deal ---------------------------------------------------------------------------------
def test_interleaved_deal_three_cards_each_and_three_face_up_in_the_widow(rules):
    """"La distribuzione inizia con la consegna di una prima carta ad ogni giocatore e una
    scoperta al centro del tavolo, poi con una seconda e con una terza ed ultima, fino a che
    tutti i giocatori hanno in mano tre carte coperte, visibili solo a se stessi, e al centro
    del tavolo ci sono tre carte scoperte (Vedova).\""""
    order = ["Ah", "7d", "Ac", "Jc", "7s",
             "Ad", "Kh", "8d", "10c", "Js",
             "8s", "Kd", "Qh", "9d", "Ks"]
    state = GameState(rules, players=4, seed=2, decks=[order], dealer=0)
    deal = one(state, "deal")
    # four players: seats 3, 2, 1, 0, then the widow; so the 5th, 10th and 15th cards
    assert deal.data["zones"]["widow"] == ["7s", "Js", "Ks"]
    assert deal.data["hands"] == {3: ["Ah", "Ad", "8s"], 2: ["7d", "Kh", "Kd"],
                                  1: ["Ac", "8d", "Qh"], 0: ["Jc", "10c", "9d"]}
    assert state.face_up["widow"] is True
    assert rules.zones["widow"].visibility == "public"
    # the rest of the deck is not used in the hand
    assert len(state.aside) == 32 - 15 and set(state.zones) == {"widow"}


# ---- 31 in the widow --------------------------------------------------------------------------
@pytest.mark.parametrize("dealer,widow", [(0, "Ah Kh Qh"), (2, "As 10s Js"), (4, "Qd Ad 10d")])
def test_widow_worth_31_at_once_wins_the_pot_for_the_dealer(rules, dealer, widow):
    """"se le carte al centro del tavolo, la Vedova, totalizzano da subito 31 punti è il
    Mazziere a vincere il Piatto\""""
    state = new_game(rules, dealer=dealer, players=5, zones={"widow": widow},
                     more=[stack(rules, dealer=(dealer - 1) % 5, players=5)])
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["reason"] == "dealt"
    assert end.data["winners"] == [dealer]
    assert pot_event(state).data == {"winners": [dealer], "each": 5}
    assert not events(state, "action", hand=1)         # nobody exchanged anything
    assert state.hand_number == 2


def test_widow_worth_30_is_not_31(rules):
    """"totalizzano da subito 31 punti": 30 in the widow (Ace, 10, 9) is just a widow."""
    state = new_game(rules, dealer=0, players=5, zones={"widow": "Ah 10h 9h"})
    assert not events(state, "hand_end")
    assert state.current_player == 4


def test_widow_made_31_later_does_not_win_for_the_dealer(rules):
    """"da subito": a widow that becomes 31 during the exchanges is no win for the dealer; the
    next player can take it (all three cards) and win with it."""
    state = new_game(rules, dealer=0, players=5, hands={4: "Kh 9d 8c"},
                     zones={"widow": "Ah Qh 7s"})
    play(state, swap(state, give="Kh", take="7s"), seat=4)   # the widow is now Ah Qh Kh
    assert not events(state, "hand_end")
    play(state, kind(state, "swap_all"), seat=3)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert pot_event(state).data["winners"] == [3]


def test_widow_31_and_a_player_31_dealt_together_the_dealer_wins(rules):
    """Not settled by the source: a 31 in the widow "da subito" gives the pot to the dealer even
    when a player was dealt a better 31 too (the widow's trigger comes first)."""
    state = new_game(rules, dealer=0, players=5, hands={3: "Ah Kh Qh"},
                     zones={"widow": "Ad 10d Jd"})
    assert hand_end(state).data["winners"] == [0]


# ---- the exchanges ----------------------------------------------------------------------------
def test_exchanges_go_counterclockwise_from_the_dealers_right(rules):
    """"i giocatori, uno alla volta e in senso antiorario a partire da quello seduto alla destra
    del Mazziere, hanno la facoltà di cambiare una sola delle proprie carte con una sola della
    Vedova\""""
    state = new_game(rules, dealer=2, players=5)
    seen = []
    for _ in range(5):
        seen.append(state.current_player)
        play(state, kind(state, "pass"))
        if events(state, "hand_end"):
            break
    assert seen == [1, 0, 4, 3, 2]                     # the dealer (2) last


def test_an_exchange_is_one_hand_card_for_one_widow_card(rules):
    """"cambiare una sola delle proprie carte con una sola della Vedova": nine possible
    exchanges (3 x 3), no draw from anywhere, and exactly one card changes on each side."""
    state = new_game(rules, dealer=0, players=5, hands={4: "Ah 9d 8c"},
                     zones={"widow": "Qh 7s 8s"})
    swaps = [a for a in state.legal_actions() if a.kind == "swap"]
    assert len(swaps) == 9
    assert {a.kind for a in state.legal_actions()} == {"swap", "swap_all", "knock", "pass"}
    play(state, swap(state, give="9d", take="Qh"), seat=4)
    code = rules.deck.codes
    assert sorted(code(state.hands[4])) == ["8c", "Ah", "Qh"]
    assert sorted(code(state.zones["widow"])) == ["7s", "8s", "9d"]
    assert state.current_player == 3


def test_31_made_by_an_exchange_stops_the_hand_and_wins_the_pot(rules):
    """"e se nell'operazione totalizza 31 punti ferma il gioco e si accaparra il Piatto\""""
    state = new_game(rules, dealer=0, players=5, hands={4: "7d 8d 9c", 3: "Ah Kh 9d"},
                     zones={"widow": "Qh 7s 8s"},
                     more=[stack(rules, dealer=4, players=5)])
    play(state, kind(state, "pass"), seat=4)
    play(state, swap(state, give="9d", take="Qh"), seat=3)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert end.data["values"][3] == 31
    assert pot_event(state).data == {"winners": [3], "each": 5}
    # nobody after him exchanged anything: the next event is the new hand
    assert [e.player for e in events(state, "action", hand=1)] == [4, 3]
    assert state.hand_number == 2


def test_31_made_after_a_sto_still_wins_at_once(rules):
    """"lo vince il primo giocatore che fa 31": also during the last exchanges after a "Stò"."""
    state = new_game(rules, dealer=0, players=5, hands={4: "Ad 10d 9d", 2: "As Ks 8h"},
                     zones={"widow": "Qs 7h 8c"})
    play(state, kind(state, "knock"), seat=4)
    play(state, kind(state, "pass"), seat=3)
    play(state, swap(state, give="8h", take="Qs"), seat=2)
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["winners"] == [2]
    assert actors_after(state, "knock") == [3, 2]


# ---- "Stò" -----------------------------------------------------------------------------------
def test_sto_gives_every_later_player_one_last_exchange_then_the_highest_takes_the_pot(rules):
    """"il giro di cambio di carte procede fino a che uno dei giocatori non ferma il turno
    dichiarando "Stò", o "Qui mi fermo", dando la possibilità ai giocatori seguenti di
    effettuare un ultimo giro di cambio carta, terminato il quale si confrontano i punti e il
    più alto vince il Piatto\""""
    state = new_game(rules, dealer=0, players=5,
                     hands={4: "Qh 9d 7c", 3: "Ad 10d 9s", 2: "8h 9h 10c", 1: "Ac Kc 7d",
                            0: "7h 8d 9c"},
                     zones={"widow": "Kh 7s 8s"})
    play(state, swap(state, give="7c", take="Kh"), seat=4)     # 20 in hearts
    play(state, kind(state, "knock"), seat=3)                  # Stò with 21 in diamonds
    assert state.knocker == 3
    assert not has(state, "knock")                             # nobody else can say Stò
    play(state, kind(state, "pass"), seat=2)
    play(state, swap(state, give="7d", take="7c"), seat=1)     # Ac Kc 7c: 28
    play(state, kind(state, "pass"), seat=0)
    assert not events(state, "hand_end")
    play(state, kind(state, "pass"), seat=4)                   # seat 4 comes after 3, too
    end = hand_end(state)
    assert end.data["outcome"] == "showdown" and end.data["reason"] == "knock"
    assert end.data["knocker"] == 3
    assert end.data["values"] == {4: 20, 3: 21, 2: 17, 1: 28, 0: 9}
    assert pot_event(state).data == {"winners": [1], "each": 5}
    assert actors_after(state, "knock") == [2, 1, 0, 4]


def test_exchanging_all_three_cards_also_stands(rules):
    """"stesso stop al turno lo fa automaticamente il giocatore che cambia tutte le sue 3 carte
    con le 3 della Vedova\""""
    state = new_game(rules, dealer=0, players=5, hands={3: "7d 8d 9c"},
                     zones={"widow": "Ah Kd 10s"})
    play(state, kind(state, "pass"), seat=4)
    play(state, kind(state, "swap_all"), seat=3)
    assert state.knocker == 3
    assert rules.deck.codes(state.hands[3]) == ["Ah", "Kd", "10s"]
    assert sorted(rules.deck.codes(state.zones["widow"])) == ["7d", "8d", "9c"]
    assert not has(state, "knock")
    for seat in (2, 1, 0, 4):
        play(state, kind(state, "pass"), seat=seat)
    end = hand_end(state)
    assert end.data["reason"] == "knock" and end.data["knocker"] == 3
    assert pot_event(state).data["winners"] == [3]             # the Ace, 11, is the best


@pytest.mark.parametrize("how", ["knock", "swap_all"])
def test_the_player_who_stood_changes_nothing_afterwards(rules, how):
    """"Il giocatore che in un modo o nell'altro ferma il turno non può cambiare più nulla dopo
    che gli altri hanno effettuato il loro ultimo giro di cambio." The hand ends before his turn
    comes round again, whatever the others do; his hand is the one he stood with."""
    state = new_game(rules, dealer=0, players=5, hands={2: "9h 8d 7c"},
                     zones={"widow": "Ah Kd 10s"})
    play(state, kind(state, "pass"), seat=4)
    play(state, kind(state, "pass"), seat=3)
    play(state, kind(state, how), seat=2)
    stood_with = sorted(rules.deck.codes(state.hands[2]))
    for seat in (1, 0, 4, 3):
        assert state.current_player == seat
        # the others keep exchanging (swap the first legal pair)
        play(state, next(a for a in state.legal_actions() if a.kind == "swap"), seat=seat)
        if events(state, "hand_end"):
            break
    end = hand_end(state)
    assert 2 not in actors_after(state, "knock")
    assert sorted(end.data["hands"][2]) == stood_with


# ---- several 31s dealt --------------------------------------------------------------------------
def test_several_31s_dealt_the_best_by_the_order_wins(rules):
    """"Subito dopo la distribuzione delle carte possono verificarsi più di un solo 31, così
    questi vengono confrontati e vince il migliore seguendo un ordine preferenziale": the Ace
    with two figures beats the Ace with a figure and the 10."""
    state = new_game(rules, dealer=0, players=5, hands={4: "Ad Kd 10d", 2: "As Ks Qs"},
                     zones={"widow": "7h 8c 9h"})
    end = hand_end(state)
    assert end.data["outcome"] == "win" and end.data["reason"] == "dealt"
    assert end.data["winners"] == [2]
    assert pot_event(state).data == {"winners": [2], "each": 5}


def test_several_equal_31s_dealt_hearts_diamonds_clubs_spades(rules):
    """"Nel caso si scontrino due combinazioni uguali si considera più forte quella di Cuori,
    poi quella di Quadri, poi quella di Fiori e infine quella di Picche.\""""
    state = new_game(rules, dealer=0, players=5,
                     hands={4: "As Ks Qs", 3: "Ac Qc Kc", 1: "Ad Kd Qd"},
                     zones={"widow": "7h 8h 9s"})
    assert hand_end(state).data["winners"] == [1]              # diamonds
    state = new_game(rules, dealer=0, players=5,
                     hands={4: "As Ks 10s", 0: "Ah Qh 10h"}, zones={"widow": "7d 8c 9d"})
    assert hand_end(state).data["winners"] == [0]              # hearts


def test_a_single_31_dealt_wins_at_once(rules):
    """"oppure lo vince il primo giocatore che fa 31": a 31 in hand from the deal."""
    state = new_game(rules, dealer=0, players=5, hands={1: "Ac Jc 10c"},
                     zones={"widow": "7h 8d 9s"})
    end = hand_end(state)
    assert end.data["winners"] == [1] and end.data["reason"] == "dealt"


# ---- the whole ranking through the command line ----------------------------------------------
def score_places(*hands):
    """(value, combo, place) of each hand from `trentuno score trentuno-vedova ... --json`."""
    from trentuno.cli.main import cli  # `main` is the console-script function, `cli` the group
    result = CliRunner().invoke(cli, ["score", VARIANT, *hands, "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines() if line.strip()]
    return [(r["value"], r["combo"], r["place"]) for r in rows]


def test_the_seed_ranking_through_score(rules):
    """"Le combinazioni di carte che realizzano un 31, le migliori in assoluto, sono date da un
    Asso e due figure tutti dello stesso seme, oppure da un Asso, una figura e un 10 tutti dello
    stesso seme; a seguire in ordine di importanza ci sono i Tris Pieni dati da tre carte dello
    stesso valore, che valgono di più del Tris Piano realizzabile solo con due carte dello stesso
    valore e il Jack di fiori (considerato come Jolly), infine ci sono i Tris di Seme composti da
    tre carte dello stesso seme, dove per valutarne l'importanza in termini di punteggio si
    sommano i valori delle tre carte." Each class beats the next whatever the points: a tris of
    sevens (21) beats a tris piano of Aces (33), which beats 30 in one suit."""
    rows = score_places("Ah Kh Qh", "Ad Qd 10d", "7h 7d 7s", "Ah Ad Jc", "Ks Qs 10s",
                        "8c 9c 7c", "Ac Kc 9d", "7c 8d 9h")
    assert rows == [
        (31, "trentuno-figures", 1),
        (31, "trentuno-ten", 2),
        (21, "tris-pieno", 3),
        (33, "tris-piano", 4),
        (30, "tris-di-seme", 5),
        (24, "tris-di-seme", 6),
        (21, "suit", 7),
        (9, "suit", 8),
    ]


@pytest.mark.parametrize("hands", [
    ("As Ks Qs", "Ac Kc Qc", "Ad Kd Qd", "Ah Kh Qh"),          # 31, Ace and two figures
    ("As Js 10s", "Ac Jc 10c", "Ad Jd 10d", "Ah Jh 10h"),      # 31, Ace, figure and 10
    ("9s 8s 7s", "9c 8c 7c", "9d 8d 7d", "9h 8h 7h"),          # tris di seme, 24
    ("As 9d 7c", "Ac 9s 7d", "Ad 9c 7s", "Ah 9s 7c"),          # best suit 11
])
def test_equal_combinations_are_broken_by_suit_through_score(rules, hands):
    """"si considera più forte quella di Cuori, poi quella di Quadri, poi quella di Fiori e
    infine quella di Picche": spades, clubs, diamonds, hearts get places 4, 3, 2, 1."""
    rows = score_places(*hands)
    assert len({(v, c) for v, c, _ in rows}) == 1, rows
    assert [place for _, _, place in rows] == [4, 3, 2, 1]


def test_tris_di_seme_are_compared_by_their_sum(rules):
    """"si sommano i valori delle tre carte": a higher sum beats a better suit."""
    rows = score_places("10s 9s 8s", "Kh 8h 7h")
    assert [(v, p) for v, _, p in rows] == [(27, 1), (25, 2)]


# ---- an independent check of the whole table ---------------------------------------------------
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}
FIGURES = {"J", "Q", "K"}
SUIT_ORDER = "hdcs"    # best first


def expected(hand):
    """(class, points) of a hand read straight from the seed's text; the class is 6 for an
    Ace and two figures, 5 for Ace, figure and 10, 4 a tris pieno, 3 a tris piano (pair + Jack
    of clubs), 2 a tris di seme, 1 anything else (best suit). A tris is worth its three cards'
    points (the seed is silent; the ruleset's `value: sum`), with the Jack standing for the
    pair's rank."""
    ranks = [c[:-1] for c in hand]
    suits = {c[-1] for c in hand}
    if len(suits) == 1 and "A" in ranks:
        rest = sorted(ranks)
        rest.remove("A")
        if all(r in FIGURES for r in rest):
            return 6, 31
        if "10" in rest and any(r in FIGURES for r in rest):
            return 5, 31
    if len(set(ranks)) == 1:
        return 4, 3 * POINTS[ranks[0]]
    if "Jc" in hand:
        pair = [c[:-1] for c in hand if c != "Jc"]
        if pair[0] == pair[1]:
            return 3, 3 * POINTS[pair[0]]
    if len(suits) == 1:
        return 2, sum(POINTS[r] for r in ranks)
    per_suit: dict = {}
    for c in hand:
        per_suit[c[-1]] = per_suit.get(c[-1], 0) + POINTS[c[:-1]]
    return 1, max(per_suit.values())


def combo_suit(hand, cls):
    """For classes that are "of" one suit (31s, tris di seme, best suit): that suit (for a best
    suit shared by two suits, the better one); None for a tris."""
    if cls in (3, 4):
        return None
    per_suit: dict = {}
    for c in hand:
        per_suit[c[-1]] = per_suit.get(c[-1], 0) + POINTS[c[:-1]]
    top = max(per_suit.values())
    return min((s for s, v in per_suit.items() if v == top), key=SUIT_ORDER.index)


COMBO_CLASS = {"trentuno-figures": 6, "trentuno-ten": 5, "tris-pieno": 4, "tris-piano": 3,
               "tris-di-seme": 2, "suit": 1}


def test_every_hand_of_the_deck_is_ordered_as_the_seed_says(rules):
    """All 4960 hands: the valuation agrees with `expected` on the class and the points, orders
    the (class, points) groups the same way, and within a group orders the suits hearts >
    diamonds > clubs > spades."""
    deck = [r + s for s in SUIT_ORDER for r in RANKS]
    groups: dict = {}
    by_suit: dict = {}
    for hand in combinations(deck, 3):
        v = value_of(rules, hand)
        cls, points = expected(hand)
        assert (COMBO_CLASS[v.combo], v.value) == (cls, points), (hand, v)
        assert v.instant == (cls >= 5), hand
        groups.setdefault((cls, points), []).append(v.strength)
        suit = combo_suit(hand, cls)
        if suit is not None:
            by_suit.setdefault((cls, points), {}).setdefault(suit, []).append(v.strength)
    assert len(groups) > 20
    keys = sorted(groups)
    for low, high in pairwise(keys):
        assert max(groups[low]) < min(groups[high]), (low, high)
    for key, suits in by_suit.items():
        present = [s for s in SUIT_ORDER if s in suits]
        for better, worse in pairwise(present):
            assert min(suits[better]) > max(suits[worse]), (key, better, worse)
