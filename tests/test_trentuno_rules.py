"""One stacked-deck scenario per rule sentence of seed 000 (Trentuno, Italian Wikipedia).

Seats are numbered clockwise; Trentuno deals and plays counter-clockwise ("in senso
antiorario"), i.e. to the right: with dealer 0 and four players, seat 3 receives the first card
and plays first, then seats 2, 1 and the dealer. "The player on X's left" is seat X+1.
"""
from __future__ import annotations

import pytest
from conftest import all_cards, deal_order, events, find, legal, new_game, play, stack, turn
from trentuno.engine.errors import UserError
from trentuno.engine.state import GameState, IllegalAction

# ---- helpers local to these scenarios -------------------------------------------------------
#: A 31 per suit: an Ace and two figures ("Asso, Dieci e Fante di Coppe").
THIRTY_ONES = ["Ac Rc Fc", "Ad Rd Cd", "Ab Cb Fb", "As Rs Fs"]


def servito(rules, dealer, winners, players=4, alive=None):
    """A deck order dealing a 31 to each seat of `winners` (one suit each), low hands to the
    others."""
    hands = {seat: THIRTY_ONES[i] for i, seat in enumerate(winners)}
    return stack(rules, dealer=dealer, players=players, hands=hands, alive=alive)


def quiet(rules, players=4):
    """A deck order with no 31 and no Ace anywhere near the top: a hand that needs play."""
    return stack(rules, dealer=0, players=players)


def draw_and_throw(state, seat):
    """Draw the top of the stock and throw that same card away: the hand does not change."""
    play(state, "draw stock", seat)
    drawn = state.rules.deck.code(state.just_drawn)
    play(state, ("discard", drawn), seat)


def hand_events(state, hand_number):
    """The events of one hand: from its deal to its hand_end and settlement."""
    out, inside = [], False
    for e in state.events:
        if e.kind == "deal":
            inside = e.data["hand"] == hand_number
        if inside:
            out.append(e)
    return out


def one(state, kind, hand_number=None):
    evs = [e for e in (state.events if hand_number is None else
                       hand_events(state, hand_number)) if e.kind == kind]
    assert len(evs) == 1, f"expected one {kind} event, got {evs}"
    return evs[0]


def lives_lost_by(state, hand_number):
    return sorted(e.player for e in hand_events(state, hand_number) if e.kind == "life_lost")


# ---- the stacking helper itself -------------------------------------------------------------
def test_stack_helper_matches_the_deal_event(rules):
    """The helper interleaves cards as the deal does: checked against an order written by hand
    and against the engine's `deal` event."""
    hands = {3: "Ac Rc Fc", 2: "2d 3b 4s", 1: "7c 7d 7b", 0: "Fs Cs 5d"}
    order = stack(rules, dealer=0, players=4, hands=hands, discard="2b", stock="6s 6c")
    # one card at a time to seats 3, 2, 1, 0, three times round, then the discard, the stock
    assert order == ["Ac", "2d", "7c", "Fs",
                     "Rc", "3b", "7d", "Cs",
                     "Fc", "4s", "7b", "5d",
                     "2b", "6s", "6c"]
    state = GameState(rules, players=4, seed=3, decks=[order], dealer=0)
    deal = events(state, "deal")[0]
    for seat, text in hands.items():
        assert deal.data["hands"][seat] == text.split()
    assert deal.data["zones"]["discard"] == ["2b"]
    assert deal.data["zones"]["stock"][-2:] == ["6c", "6s"]   # top = last element
    # fillers: unspecified hands and discard are dealt too, and are weak
    order = stack(rules, dealer=2, players=5, hands={1: "As Rs Fs"})
    state = GameState(rules, players=5, seed=1, decks=[order], dealer=2)
    deal = events(state, "deal")[0]
    assert deal.data["hands"][1] == ["As", "Rs", "Fs"]
    for seat in (0, 2, 3, 4):
        assert len({c[-1] for c in deal.data["hands"][seat]}) == 3
        dealt = rules.deck.parse_hand(deal.data["hands"][seat])
        assert rules.valuation.of(dealt).value <= 10
    assert deal_order(2, 5) == [1, 0, 4, 3, 2]
    assert deal_order(0, 4, alive=[0, 2, 3]) == [3, 2, 0]


# ---- players, lives ----------------------------------------------------------------------------
def test_four_to_twelve_players(rules):
    """"Il numero di giocatori può variare da un minimo di 4 fino ad un massimo di 12 (se si
    gioca con un solo mazzo)." Twelve players take 36 cards, one is turned up, 3 are left."""
    for n in (3, 13):
        with pytest.raises(UserError):
            GameState(rules, players=n, seed=0)
    state = GameState(rules, players=12, seed=0, decks=[quiet(rules, 12)], dealer=0)
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.zones["discard"]) == 1 and len(state.zones["stock"]) == 3
    assert all_cards(state) == list(range(40))
    assert state.current_player == 11


def test_everyone_starts_with_three_lives_and_an_empty_pot(rules):
    """"Inizialmente ogni giocatore prepara davanti a sé tre puntate dello stesso valore [...]
    che rappresentano le vite da difendere durante il gioco." """
    for n in (4, 7):
        state = GameState(rules, players=n, seed=0, decks=[quiet(rules, n)])
        assert state.lives == [3] * n and state.pot == 0 and state.alive == list(range(n))
        assert state.returns() == [0] * n


# ---- the first dealer, the deal ---------------------------------------------------------------
#: "la carta più alta": Ace (11) above the figures (10, Re > Cavallo > Fante) above 7..2.
CUT_ORDER = ["2", "3", "4", "5", "6", "7", "F", "C", "R", "A"]


def test_first_dealer_is_the_highest_cut(rules):
    """"ogni giocatore alza il mazzo scoprendo una carta e colui che ha la carta più alta fa
    appunto il mazziere nella prima mano." Equal highest ranks cut again."""
    recuts = 0
    for players, seed in [(n, s) for n in (4, 6, 8) for s in range(40)]:
        state = GameState(rules, players=players, seed=seed)
        cuts = events(state, "cut")
        assert cuts, "no cut event"
        cutters = list(range(players))
        for cut in cuts:
            cards = cut.data["cards"]
            assert sorted(cards) == cutters, "only the players tied for highest cut again"
            best = max(CUT_ORDER.index(c[:-1]) for c in cards.values())
            cutters = sorted(p for p, c in cards.items() if CUT_ORDER.index(c[:-1]) == best)
        assert len(cutters) == 1
        recuts += len(cuts) > 1
        assert events(state, "deal")[0].data["dealer"] == cutters[0]
    assert recuts > 0, "no seed produced a tie: the re-cut went untested"


def test_deal_three_cards_each_counterclockwise_then_one_face_up(rules):
    """"dà tre carte coperte a ciascun giocatore compreso se stesso [in senso antiorario].
    Infine posiziona le carte rimanenti (il "tallone") al centro del tavolo scoprendo soltanto
    una carta che inizia a formare la pila degli scarti." """
    order = ["2c", "3c", "4c", "5c", "2d", "3d", "4d", "5d", "2b", "3b", "4b", "5b", "6s", "7s"]
    state = GameState(rules, players=4, seed=0, decks=[order], dealer=1)
    # dealer 1: seat 0 (his right) first, then 3, 2 and the dealer
    assert [state.rules.deck.codes(h) for h in state.hands] == [
        ["2c", "2d", "2b"], ["5c", "5d", "5b"], ["4c", "4d", "4b"], ["3c", "3d", "3b"]]
    assert state.rules.deck.codes(state.zones["discard"]) == ["6s"]
    assert state.rules.deck.code(state.zones["stock"][-1]) == "7s"
    assert len(state.zones["stock"]) == 40 - 12 - 1
    assert all_cards(state) == list(range(40))


def test_the_deal_passes_counterclockwise(rules):
    """"Ad ogni mano successiva il ruolo passa al giocatore a fianco, in senso antiorario."
    Every hand below is ended at once by four dealt 31s (nobody pays): dealers 0, 3, 2, 1, 0."""
    decks = [servito(rules, d, winners=[0, 1, 2, 3]) for d in (0, 3, 2, 1, 0)]
    state = GameState(rules, players=4, seed=5, decks=decks + [quiet(rules)], dealer=0)
    dealers = [e.data["dealer"] for e in events(state, "deal")]
    assert dealers[:6] == [0, 3, 2, 1, 0, 3]
    assert state.lives == [3, 3, 3, 3]
    # and with five players, starting from the dealer 2
    decks = [servito(rules, 2, winners=[0, 1, 2, 3], players=5)]
    state = GameState(rules, players=5, seed=5, decks=decks + [quiet(rules, 5)], dealer=2)
    assert [e.data["dealer"] for e in events(state, "deal")][:2] == [2, 1]


@pytest.mark.parametrize("players", [4, 5, 7])
@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_first_player_is_on_the_dealers_right(rules, players, dealer):
    """"Il giocatore di turno (iniziando da quello alla destra del mazziere)": seat dealer-1
    plays first, then play goes on to the right, the dealer last."""
    state = GameState(rules, players=players, seed=1, decks=[quiet(rules, players)],
                      dealer=dealer)
    expected = [(dealer - k) % players for k in range(1, players + 1)]
    seen = []
    for _ in range(players):
        seen.append(state.current_player)
        draw_and_throw(state, state.current_player)
    assert seen == expected
    assert state.round == 2 and state.current_player == expected[0]


# ---- the turn -------------------------------------------------------------------------------
def test_draw_the_top_of_the_stock_then_discard(rules):
    """"può decidere se pescare la carta coperta in cima al tallone [...] In ogni caso dovrà
    poi scartare una carta dalla propria mano." """
    state = new_game(rules, hands={3: "2c 3d 4b"}, discard="5s", stock="Rd 6c")
    assert state.current_player == 3
    assert sorted(legal(state)) == ["draw stock", "take"]
    play(state, "draw stock", 3)
    assert sorted(rules.deck.codes(state.hands[3])) == sorted(["2c", "3d", "4b", "Rd"])
    assert rules.deck.code(state.zones["stock"][-1]) == "6c"
    assert state.current_player == 3 and state.step == "discard"
    assert sorted(legal(state)) == sorted(["discard 2c", "discard 3d", "discard 4b",
                                           "discard Rd"])
    with pytest.raises(IllegalAction):   # no second draw before the discard
        state.apply(rules.steps["choose"].actions[0][()])
    with pytest.raises(IllegalAction):   # only a card of one's own hand
        state.apply(rules.steps["discard"].actions[0][(rules.deck.parse("6c"),)])
    play(state, ("discard", "3d"), 3)
    assert sorted(rules.deck.codes(state.hands[3])) == ["2c", "4b", "Rd"]
    assert rules.deck.codes(state.zones["discard"]) == ["5s", "3d"]
    assert state.current_player == 2 and state.step == "choose"
    assert all_cards(state) == list(range(40))


def test_take_the_discard_then_discard(rules):
    """"o prendere la carta scoperta in cima alla pila degli scarti. In ogni caso dovrà poi
    scartare una carta dalla propria mano." The source does not forbid throwing back the card
    just taken: our ruleset allows it."""
    state = new_game(rules, hands={3: "2c 3d 4b"}, discard="5s", stock="Rd 6c")
    stock_before = list(state.zones["stock"])
    play(state, "take", 3)
    assert sorted(rules.deck.codes(state.hands[3])) == sorted(["2c", "3d", "4b", "5s"])
    assert state.zones["discard"] == [] and state.zones["stock"] == stock_before
    assert sorted(legal(state)) == sorted(["discard 2c", "discard 3d", "discard 4b",
                                           "discard 5s"])
    play(state, ("discard", "2c"), 3)
    assert rules.deck.codes(state.zones["discard"]) == ["2c"]
    assert state.current_player == 2
    # the next player sees the card just thrown and may take it
    play(state, "take", 2)
    assert "2c" in rules.deck.codes(state.hands[2])
    assert find(state, "draw stock") is None, "one draw per turn"


# ---- the knock ------------------------------------------------------------------------------
def test_no_knock_in_the_first_round(rules):
    """"Non è possibile effettuare la "bussata" alla prima mano." (read as the first round
    of turns, "giro"): nobody may knock in round 1; from round 2 the player whose turn it is
    may, until somebody has knocked."""
    state = new_game(rules, more=[quiet(rules)])
    knock = rules.steps["choose"].actions[2][()]
    assert knock.kind == "knock"
    for seat in (3, 2, 1, 0):
        assert state.round == 1
        assert find(state, "knock") is None, f"seat {seat} may knock in round 1"
        with pytest.raises(IllegalAction):
            state.apply(knock)
        draw_and_throw(state, seat)
    assert state.round == 2
    assert "knock" in legal(state)
    draw_and_throw(state, 3)
    assert "knock" in legal(state)
    play(state, "knock", 2)
    for seat in (1, 0):
        assert find(state, "knock") is None, "a second knock after the first"
        draw_and_throw(state, seat)


@pytest.mark.parametrize("knocker", [3, 2, 1, 0])
def test_after_a_knock_everyone_else_plays_once_and_the_knockers_left_ends_it(rules, knocker):
    """"La bussata (sul tavolo) è un segnale per avvertire gli altri partecipanti che quello in
    corso è l'ultimo giro. La mano infatti termina quando il giocatore alla sinistra di chi ha
    bussato scarta l'ultima carta." The knocker "rinuncia a pescare"."""
    state = new_game(rules, more=[quiet(rules)])
    for seat in (3, 2, 1, 0):
        draw_and_throw(state, seat)
    for seat in (3, 2, 1, 0):
        if seat == knocker:
            break
        draw_and_throw(state, seat)
    hand_before = list(state.hands[knocker])
    stock_before = len(state.zones["stock"])
    play(state, "knock", knocker)
    assert state.hands[knocker] == hand_before and len(state.zones["stock"]) == stock_before
    assert state.knocker == knocker
    others = [(knocker - k) % 4 for k in (1, 2, 3)]
    assert others[-1] == (knocker + 1) % 4, "the last to play sits on the knocker's left"
    for seat in others:
        assert state.hand_number == 1, "the hand ended before everybody's last turn"
        play(state, "draw stock", seat)
        assert state.hand_number == 1, "the hand ended before the last discard"
        play(state, ("discard", rules.deck.code(state.just_drawn)), seat)
    assert state.hand_number == 2
    after = hand_events(state, 1)
    k = next(i for i, e in enumerate(after) if e.kind == "knock")
    actors = [e.player for e in after[k:] if e.kind == "action"]
    assert actors == [s for s in others for _ in range(2)], "exactly one turn each"
    end = one(state, "hand_end", 1)
    assert end.data["reason"] == "knock" and end.data["knocker"] == knocker
    assert end.data["outcome"] == "showdown"


def test_after_the_knock_the_lowest_loses_a_life(rules):
    """"Dopo la "bussata" perde una posta chi ha il punteggio minore." (and the life goes to
    the pot)"""
    hands = {3: "Ac Rc 7d", 2: "Fc Fd Fb", 1: "2c 3d 4b", 0: "7s 6s 5s"}
    state = new_game(rules, hands=hands, more=[quiet(rules)])
    for seat in (3, 2, 1, 0):
        draw_and_throw(state, seat)
    play(state, "knock", 3)
    for seat in (2, 1, 0):
        draw_and_throw(state, seat)
    end = one(state, "hand_end", 1)
    assert end.data["values"] == {0: 18, 1: 4, 2: 30, 3: 21}
    assert one(state, "settled", 1).data["payers"] == [1]
    assert lives_lost_by(state, 1) == [1]
    assert state.lives == [3, 2, 3, 3] and state.pot == 1


def test_a_lowest_knocker_loses_one_life_like_anyone(rules):
    """The seed names no extra penalty for a knocker who is lowest (Scat's "loses two" is not
    in it): he loses one life like anyone else."""
    hands = {3: "2c 3d 4b", 2: "Fc Fd Fb", 1: "Ac Rc 7d", 0: "7s 6s 5s"}
    state = new_game(rules, hands=hands, more=[quiet(rules)])
    for seat in (3, 2, 1, 0):
        draw_and_throw(state, seat)
    play(state, "knock", 3)
    for seat in (2, 1, 0):
        draw_and_throw(state, seat)
    assert lives_lost_by(state, 1) == [3]
    assert state.lives == [3, 3, 3, 2]


def test_all_tied_for_lowest_lose_a_life_each(rules):
    """"Se il punteggio più basso è condiviso da più giocatori, questi perderanno una posta
    ciascuno." """
    hands = {3: "Ac Rc 7d", 2: "2c 3d 4b", 1: "Fc Fd Fb", 0: "4c 2d 3s"}
    state = new_game(rules, hands=hands, more=[quiet(rules)])
    for seat in (3, 2, 1, 0):
        draw_and_throw(state, seat)
    draw_and_throw(state, 3)
    play(state, "knock", 2)
    for seat in (1, 0, 3):
        draw_and_throw(state, seat)
    end = one(state, "hand_end", 1)
    assert end.data["values"] == {0: 4, 1: 30, 2: 4, 3: 21}
    assert sorted(one(state, "settled", 1).data["payers"]) == [0, 2]
    assert state.lives == [2, 3, 2, 3] and state.pot == 2


# ---- 31 ---------------------------------------------------------------------------------------
def test_a_dealt_31_servito_ends_the_hand_and_everyone_else_loses_a_life(rules):
    """"Quando un giocatore fa 31, che può essere addirittura servito, si interrompe la mano
    mostrando le proprie carte. In questo caso tutti gli altri giocatori perdono una delle
    puntate residue che andranno ad incrementare "il piatto"." """
    state = new_game(rules, hands={1: "Ac Rc Fc"}, more=[quiet(rules)])
    first = hand_events(state, 1)
    assert not [e for e in first if e.kind == "action"], "nobody played: the hand ended"
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]
    assert end.data["reason"] == "dealt"
    assert end.data["values"][1] == 31
    assert lives_lost_by(state, 1) == [0, 2, 3]
    assert state.lives == [2, 3, 2, 2] and state.pot == 3
    assert state.hand_number == 2


@pytest.mark.parametrize("how, discard, stock", [("draw stock", "5s", "Fc"),
                                                 ("take", "Fc", "5s")])
def test_31_made_in_play_ends_the_hand_and_everyone_else_loses_a_life(rules, how, discard,
                                                                       stock):
    """"Quando un giocatore fa 31 [...] si interrompe la mano [...] tutti gli altri giocatori
    perdono una delle puntate residue" — here in the first round, without knocking (the
    house note "se si ha 31 al primo giro, è necessario bussare" is not our rule)."""
    state = new_game(rules, hands={3: "Ac Rc 2d"}, discard=discard, stock=stock,
                     more=[quiet(rules)])
    play(state, how, 3)
    assert state.hand_number == 1, "31 counts once the turn is over (after the discard)"
    play(state, ("discard", "2d"), 3)
    assert state.hand_number == 2
    actors = {e.player for e in hand_events(state, 1) if e.kind == "action"}
    assert actors == {3}, "nobody plays after a 31"
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert end.data["values"][3] == 31
    assert lives_lost_by(state, 1) == [0, 1, 2]
    assert state.lives == [2, 2, 2, 3] and state.pot == 3


def test_31_after_the_knock_ends_the_hand_and_spares_the_knocker(rules):
    """"Se durante l'ultimo giro, quindi dopo la "bussata", un giocatore fa 31, si interrompe
    la mano. In questo caso tutti gli altri giocatori perdono una delle puntate residue tranne
    chi ha bussato." """
    # draws: round 1 seats 3 2 1 0, round 2 seat 3, (seat 2 knocks), seat 1 draws the Fante
    state = new_game(rules, hands={1: "Ac Rc 2d"}, stock="5c 5d 5b 5s 6c Fc",
                     more=[quiet(rules)])
    for seat in (3, 2, 1, 0, 3):
        draw_and_throw(state, seat)
    play(state, "knock", 2)
    turn(state, 1, "draw stock", "2d")
    assert state.hand_number == 2, "the 31 ends the last round at once"
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]
    assert end.data["knocker"] == 2
    assert sorted(one(state, "settled", 1).data["payers"]) == [0, 3]
    assert state.lives == [2, 3, 3, 2] and state.pot == 2
    actors = [e.player for e in hand_events(state, 1) if e.kind == "action"]
    assert actors[-2:] == [1, 1] and 0 not in actors[-4:], "seat 0 never had his last turn"


@pytest.mark.parametrize("winners", [[3, 1], [0, 2, 3], [0, 1, 2, 3]])
def test_several_dealt_31s_none_of_the_holders_loses(rules, winners):
    """"Quando un giocatore fa 31, che può essere addirittura servito [...] tutti gli altri
    giocatori perdono": with several 31s dealt at once every holder wins (no tie-break in this
    source) and only the others lose a life."""
    state = GameState(rules, players=4, seed=2, dealer=0,
                      decks=[servito(rules, 0, winners), quiet(rules)])
    end = one(state, "hand_end", 1)
    assert sorted(end.data["winners"]) == sorted(winners)
    losers = sorted(set(range(4)) - set(winners))
    assert lives_lost_by(state, 1) == losers
    assert state.lives == [2 if p in losers else 3 for p in range(4)]
    assert state.pot == len(losers)


# ---- lives, elimination, re-entry, the pot ----------------------------------------------------
def test_a_player_without_lives_leaves_the_game(rules):
    """"Chi le perde tutte esce dal gioco procedendo ad eliminazione." Seat 1 loses three dealt
    hands (everyone else is dealt a 31): he is out, is no longer dealt cards nor deals, and
    play skips him."""
    decks = [servito(rules, d, winners=[0, 2, 3]) for d in (0, 3, 2)]
    # hand 4: seat 1 is out, so the deal passes from seat 2 to seat 0
    decks.append(stack(rules, dealer=0, players=4, alive=[0, 2, 3],
                       hands={3: "2c 3d 4b", 2: "2d 3b 4s", 0: "2b 3s 4c"}))
    state = GameState(rules, players=4, seed=4, decks=decks, dealer=0)
    assert [e.player for e in events(state, "out")] == [1]
    assert state.lives == [3, 0, 3, 3] and state.alive == [0, 2, 3]
    deal = events(state, "deal")[-1]
    assert deal.data["hand"] == 4 and deal.data["dealer"] == 0
    assert sorted(deal.data["hands"]) == [0, 2, 3] and state.hands[1] == []
    assert deal.data["hands"][0] == ["2b", "3s", "4c"]
    seen = []
    for _ in range(6):
        seen.append(state.current_player)
        draw_and_throw(state, state.current_player)
    assert seen == [3, 2, 0, 3, 2, 0]
    assert 1 not in [e.player for e in events(state, "action")]


def _down_to_the_last_two(rules, plan):
    """Hands 1-3 (dealers 0, 3, 2): seats 0 and 1 are dealt 31s, seats 2 and 3 lose three
    lives and go out. Then `plan`, a list of the 31 holders of the next dealt hands, whose
    dealers alternate between seats 1 and 0."""
    decks = [servito(rules, d, winners=[0, 1]) for d in (0, 3, 2)]
    dealer = 1
    for holder in plan:
        decks.append(servito(rules, dealer, winners=[holder], alive=[0, 1]))
        dealer = 1 - dealer
    return decks, dealer


def _tie_showdown(rules, state, dealer):
    """Two players left, both dealt 4: the first knocks in round 2, the other plays."""
    first, second = deal_order(dealer, 4, alive=[0, 1])
    for seat in (first, second):
        draw_and_throw(state, seat)
    play(state, "knock", first)
    draw_and_throw(state, second)


def test_last_two_with_one_life_tied_all_players_reenter(rules):
    """"Può accadere che gli ultimi due giocatori rimasti con una sola vita a testa scoprano lo
    stesso punteggio. In questo rientrano nel gioco tutti i giocatori con una solo vita."
    Our setting `reentry: {who: all, lives: 1}`: every player of the game comes back."""
    decks, dealer = _down_to_the_last_two(rules, plan=[0, 1, 0, 1])
    assert dealer == 1
    decks.append(stack(rules, dealer=1, players=4, alive=[0, 1],
                       hands={0: "2c 3d 4b", 1: "4c 2d 3s"}))
    decks.append(quiet(rules))
    state = GameState(rules, players=4, seed=6, decks=decks, dealer=0)
    assert [e.data["dealer"] for e in events(state, "deal")] == [0, 3, 2, 1, 0, 1, 0, 1]
    assert state.alive == [0, 1] and state.lives == [1, 1, 0, 0]
    assert state.hand_number == 8
    _tie_showdown(rules, state, dealer=1)
    end = one(state, "hand_end", 8)
    assert end.data["values"] == {0: 4, 1: 4}
    assert lives_lost_by(state, 8) == [0, 1]
    reentry = one(state, "reentry")
    assert reentry.data["players"] == [0, 1, 2, 3] and reentry.data["lives"] == 1
    assert not state.is_over
    assert state.alive == [0, 1, 2, 3] and state.lives == [1, 1, 1, 1]
    deal = events(state, "deal")[-1]
    assert deal.data["hand"] == 9 and deal.data["dealer"] == 0
    assert sorted(deal.data["hands"]) == [0, 1, 2, 3]
    assert state.pot == 6 + 4 + 2


def test_the_reentry_event_keeps_who_came_back(rules):
    """The event log is the record of the game ("rientrano nel gioco tutti i giocatori"): the
    re-entry event must still list the four players after some of them go out again."""
    decks, _ = _down_to_the_last_two(rules, plan=[0, 1, 0, 1])
    decks.append(stack(rules, dealer=1, players=4, alive=[0, 1],
                       hands={0: "2c 3d 4b", 1: "4c 2d 3s"}))
    # hand 9, after the re-entry (dealer 0): seat 0 is dealt a 31, the three others go out
    decks.append(servito(rules, 0, winners=[0]))
    state = GameState(rules, players=4, seed=6, decks=decks, dealer=0)
    _tie_showdown(rules, state, dealer=1)
    assert state.is_over and state.winners == [0]
    assert [e.player for e in events(state, "out")][-3:] == [1, 2, 3]
    assert one(state, "reentry").data["players"] == [0, 1, 2, 3]   # the engine now says [0]


def test_last_two_tied_but_one_has_more_lives_both_lose_one(rules):
    """"Nel caso in cui uno dei due giocatori possiede due o più vite, si sottrae una vita ad
    entrambi i giocatori." Seat 0 (two lives) and seat 1 (one life) tie: both lose one, seat 1
    is out, nobody re-enters and seat 0 wins."""
    decks, dealer = _down_to_the_last_two(rules, plan=[0, 0, 1])
    assert dealer == 0
    decks.append(stack(rules, dealer=0, players=4, alive=[0, 1],
                       hands={0: "2c 3d 4b", 1: "4c 2d 3s"}))
    state = GameState(rules, players=4, seed=6, decks=decks, dealer=0)
    assert state.alive == [0, 1] and state.lives == [2, 1, 0, 0]
    _tie_showdown(rules, state, dealer=0)
    assert lives_lost_by(state, 7) == [0, 1]
    assert not events(state, "reentry")
    assert state.is_over and state.winners == [0]
    assert state.lives[:2] == [1, 0]


def test_each_lost_life_goes_to_the_pot_and_the_last_player_takes_it(rules):
    """"per ogni tornata di gioco ("mano") chi ha in mano il punteggio più basso perde una
    delle sue puntate ("vite") che va ad incrementare il piatto." ... "L'ultimo rimasto vince la
    partita e "il piatto"." """
    decks, _ = _down_to_the_last_two(rules, plan=[0, 0, 1])
    decks.append(stack(rules, dealer=0, players=4, alive=[0, 1],
                       hands={0: "2c 3d 4b", 1: "4c 2d 3s"}))
    state = GameState(rules, players=4, seed=6, decks=decks, dealer=0)
    # six dealt hands played themselves: 6 + 3 lives lost so far
    assert state.pot == 9 == len(events(state, "life_lost"))
    assert state.paid == [1, 2, 3, 3]
    _tie_showdown(rules, state, dealer=0)
    assert state.is_over and state.winners == [0]
    assert len(events(state, "life_lost")) == 11
    pot = one(state, "pot")
    assert pot.data["winners"] == [0] and pot.data["each"] == 11
    assert state.pot == 0
    # the winner takes the pot less his own two stakes; everybody else lost three
    assert state.returns() == [9, -3, -3, -3]
    assert sum(state.returns()) == 0
    assert one(state, "game_over").data["winners"] == [0]


# ---- the stock runs out ---------------------------------------------------------------------
def test_an_exhausted_stock_is_rebuilt_from_the_discards(rules):
    """The source never says what happens when the "tallone" runs out; our ruleset shuffles the
    discards below the top card into a new stock (`on: stock_empty, do: reshuffle`) when the
    next draw would find it empty: the player who drew the last card finishes his turn first."""
    state = new_game(rules, more=[quiet(rules)], seed=8)
    assert len(state.zones["stock"]) == 27
    for _i in range(26):
        draw_and_throw(state, state.current_player)
        assert all_cards(state) == list(range(40))
    assert not events(state, "reshuffle")
    assert len(state.zones["stock"]) == 1 and len(state.zones["discard"]) == 27
    seat = state.current_player
    last = state.zones["stock"][-1]
    play(state, "draw stock", seat)
    assert not events(state, "reshuffle"), "nobody has found the stock empty yet"
    assert state.zones["stock"] == [] and last in state.hands[seat]
    play(state, ("discard", rules.deck.code(last)), seat)
    # the next player's turn starts with an empty stock: it is rebuilt before he chooses
    assert events(state, "reshuffle"), "the stock ran out and was not rebuilt"
    assert state.zones["discard"] == [last], "the face-up top card stays"
    assert len(state.zones["stock"]) == 27
    assert all_cards(state) == list(range(40))
    nxt = state.current_player
    new_top = state.zones["stock"][-1]
    play(state, "draw stock", nxt)
    assert new_top in state.hands[nxt]
    assert all_cards(state) == list(range(40))
    assert state.hand_number == 1
