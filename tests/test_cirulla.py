"""Cirulla's declarations of the hands dealt and the dealer's table (house/cirulla): the
condition `cards_make`, the outcome `score_event` and the event `redealt` (deal_scores.py), one
stacked-deck scenario per rule sentence of the shipped file."""
from __future__ import annotations

import random

import pytest
from test_capture import codes, kinds, scopa_deck
from trentuno.engine import GameState, load
from trentuno.engine.explain import explain, render


@pytest.fixture(scope="module")
def cirulla():
    return load("house/cirulla")


def deal(rules, p1, p0, table, second=(), **more):
    """Dealer 0; seat 1 plays first; `second`: the next three cards of each, seat 1's first
    (the stock is dealt from its front), then the rest of the deck."""
    used = set(p1) | set(p0) | set(table) | set(second)
    rest = [c.code for c in rules.deck.cards if c.code not in used]
    deck = scopa_deck(p1, p0, table, list(second) + rest)
    return GameState(rules, players=2, decks=[deck], dealer=0, record=True, **more)


def made(st):
    """The events the deal made: (seat, event, times, cards shown, cards taken)."""
    return [(e.player, e.data["event"], e.data["times"], sorted(e.data["shown"]),
             sorted(e.data["taken"])) for e in kinds(st, "dealt_event")]


PLAIN1, PLAIN0 = ["7s", "Fb", "Cc"], ["6s", "Cs", "Fs"]   # 24 and 23: nothing to declare


# ---- the dealer's table ---------------------------------------------------------------------
def test_a_table_dealt_worth_fifteen_is_the_dealers_scopa(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, ["5c", "4b", "3c", "3s"])
    assert st.zones["table"] == []
    assert sorted(codes(st, st.own["taken"][0])) == ["3c", "3s", "4b", "5c"]
    assert st.capture.counts == [{"scopa": 1}, {}]
    assert made(st) == [(0, "scopa", 1, [], ["3c", "3s", "4b", "5c"])]
    assert st.current_player == 1 and len(st.legal_actions()) == 3   # he can only lay


def test_a_table_worth_thirty_is_two_scope(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, ["Rc", "Rd", "5c", "5b"])
    assert st.capture.counts == [{"scopa": 2}, {}] and st.zones["table"] == []


def test_the_seven_of_cups_on_the_table_counts_as_the_dealer_wishes(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, ["7c", "Rb", "2c", "2b"])    # 14 and the Seven as 1
    assert st.capture.counts == [{"scopa": 1}, {}]
    st = deal(cirulla, PLAIN1, PLAIN0, ["7d", "Rb", "2c", "2b"])    # 21: a plain Seven
    assert st.capture.counts == [{}, {}] and len(st.zones["table"]) == 4


def test_other_tables_stay(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, ["5c", "4b", "3c", "2s"])    # 14
    assert st.capture.counts == [{}, {}] and len(st.zones["table"]) == 4 and made(st) == []


def test_two_aces_on_the_table_are_dealt_again_even_making_fifteen(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, ["Ac", "Ab", "3c", "Rc"])    # 15, but two Aces
    assert st.hand_number == 2 and st.dealer == 0
    assert [e.data["reason"] for e in kinds(st, "hand_end")] == ["deal_again"]
    assert not any(e.data["event"] == "scopa" for e in kinds(st, "dealt_event")
                   if e.data["taken"] and "Ab" in e.data["taken"])


# ---- the hands dealt --------------------------------------------------------------------------
TABLE = ["6c", "4b", "3c", "Rc"]


def test_a_hand_of_nine_or_less_is_a_cirulla_shown(cirulla):
    st = deal(cirulla, ["Ac", "2b", "3s"], PLAIN0, TABLE)
    assert made(st) == [(1, "cirulla", 1, ["2b", "3s", "Ac"], [])]
    assert st.capture.counts == [{}, {"cirulla": 1}]
    seen = st.resample(0, random.Random(1))     # everybody saw it: it stays in his hand
    assert sorted(codes(seen, seen.hands[1])) == ["2b", "3s", "Ac"]
    st = deal(cirulla, ["Ac", "2b", "7s"], PLAIN0, TABLE)           # 10
    assert made(st) == []


def test_the_seven_of_cups_in_hand_counts_as_any_card(cirulla):
    st = deal(cirulla, ["7c", "5b", "3s"], PLAIN0, TABLE)           # the Seven as an Ace: 9
    assert made(st) == [(1, "cirulla", 1, ["3s", "5b", "7c"], [])]
    assert made(deal(cirulla, ["7c", "6b", "3s"], PLAIN0, TABLE)) == []   # 10 at least
    st = deal(cirulla, PLAIN1, ["7c", "Rb", "Rd"], TABLE)           # the Seven as a King
    assert made(st) == [(0, "decino", 1, ["7c", "Rb", "Rd"], [])]


def test_three_of_a_rank_is_a_decino_and_only_that(cirulla):
    st = deal(cirulla, ["5c", "5b", "5s"], PLAIN0, TABLE)
    assert made(st) == [(1, "decino", 1, ["5b", "5c", "5s"], [])]
    st = deal(cirulla, ["Rd", "Rb", "Rs"], ["Ad", "As", "Ab"], ["5c", "4b", "3c", "Fs"])
    assert sorted((p, e) for p, e, *_ in made(st)) == [(0, "decino"), (1, "decino")]
    assert st.capture.counts == [{"decino": 1}, {"decino": 1}]      # three Aces: no cirulla


def test_each_hand_dealt_again_is_looked_at(cirulla):
    st = deal(cirulla, PLAIN1, PLAIN0, TABLE, second=["Ad", "2d", "3d", "4s", "4d", "Cd"])
    assert made(st) == []
    for _ in range(6):
        st.apply(st.legal_actions()[0])
    assert sorted(codes(st, st.hands[1])) == ["2d", "3d", "Ad"]
    assert made(st) == [(1, "cirulla", 1, ["2d", "3d", "Ad"], [])]


def test_the_declarations_score_at_the_hands_end(cirulla):
    st = deal(cirulla, ["Ac", "2b", "3s"], ["5d", "5b", "5s"], ["Rc", "Rd", "6c", "4b"],
              stop_at_hand_end=True)
    assert st.capture.counts == [{"scopa": 2, "decino": 1}, {"cirulla": 1}]
    while not st.hand_over:
        st.apply(st.legal_actions()[0])
    counts = st.capture.counts      # as the hand ended (more hands dealt may have made more)
    got = {(e.player, e.data["reason"]): e.data["added"] for e in kinds(st, "points")}
    assert got[(0, "per_event#6")] == 10 * counts[0]["decino"] >= 10     # the decino: 10
    assert got[(1, "per_event#5")] == 3 * counts[1]["cirulla"] >= 3      # the cirulla: 3
    assert got[(0, "per_event#4")] >= 2 * 1                               # the two scope


def test_the_rules_are_said_in_both_languages(cirulla):
    en, it = (" ".join(render(explain(cirulla, lang), width=10_000).split())
              for lang in ("en", "it"))
    assert ("a player's cards add up to 9 or less and are not all of one rank, the Seven of "
            "cups being wild (it counts as whatever card makes it)") in en
    assert "he shows his hand and his side scores a “cirulla”" in en
    assert "the dealer takes the table's cards and his side scores 2 “scopas”" in en
    assert "whenever more cards are dealt to the players" in en
    assert ("le carte di un giocatore sommano 9 o meno e non sono tutte uguali di valore, con "
            "il Sette di coppe che fa da matta (vale la carta che serve)") in it
    assert "mostra le sue carte e la sua parte segna una «cirulla»" in it
    assert "il mazziere prende le carte del tavolo e la sua parte segna 2 «scope»" in it


@pytest.mark.parametrize("text,said", [
    (("extends: trentuno\nname: t\ntriggers:\n  x: {on: dealt, if: {cards_make: {zone: hand, "
     "total_at_most: 9}}, do: {score_event: {event: lucky}}}\n"),
     ":4:86: a side's events are counted in a game whose sides own zones"),
    (("extends: scopa\nname: t\ntriggers:\n  x: {on: dealt, if: {cards_make: {zone: tabel, "
     "total: 15}}, do: {score_event: {event: scopa, takes: table}}}\n"),
     ":4:42: no zone named 'tabel' (`hand` is each player's hand)"),
])
def test_a_wrong_declaration_is_refused_in_one_located_line(tmp_path, text, said):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, ["validate", str(path)])
    assert r.exit_code != 0 and said in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("lang,seat,said", [
    ("en", 1, [("Player 1 takes the cards of the table as dealt: Six of cups (6c), Three of cups "
               "(3c), Two of coins (2d) and Four of clubs (4b)."), "Player 1: scopa!",
               "You show Ace of cups (Ac), Two of clubs (2b) and Three of swords (3s).",
               "You make a cirulla!"]),
    ("it", 0, [("Prendi le carte del tavolo appena distribuite: Sei di coppe (6c), Tre di coppe "
               "(3c), Due di denari (2d) e Quattro di bastoni (4b)."), "Fai scopa!",
               ("Il Giocatore 2 mostra Asso di coppe (Ac), Due di bastoni (2b) e Tre di spade "
               "(3s)."), "Il Giocatore 2 fa cirulla!"]),
])
def test_the_table_tells_what_the_deal_scored(cirulla, lang, seat, said):
    from trentuno.cli.table import TableView
    st = deal(cirulla, ["Ac", "2b", "3s"], PLAIN0, ["6c", "4b", "3c", "2d"])
    view = TableView(cirulla, lang, seat=seat)
    lines = view.events(st, [e for e in st.events if e.kind == "dealt_event"])
    assert lines == said, lines


# ---- the grande and the piccola, at the hand's end -------------------------------------------
def taken(rules, text):
    """What `score --taken` counts for one side that took these cards: entry -> points."""
    from trentuno.engine.tally import taken_points
    entries, _ = taken_points(rules, rules.deck.parse_hand(text.split()))
    return dict(entries)


def test_the_grande_is_five_for_the_king_knight_and_jack_of_denari_all_three(cirulla):
    assert taken(cirulla, "Rd Cd Fd")["the grande"] == 5
    assert taken(cirulla, "Rd Cd Fs").get("the grande", 0) == 0     # the Jack of swords
    assert taken(cirulla, "Rd Cd").get("the grande", 0) == 0


def test_the_piccola_is_the_run_of_denari_from_the_ace_up_to_the_seven(cirulla):
    assert taken(cirulla, "Ad 2d 3d")["the piccola"] == 3
    assert taken(cirulla, "Ad 2d 3d 4d 5d")["the piccola"] == 5
    assert taken(cirulla, "Ad 2d 4d 5d").get("the piccola", 0) == 0
    # all ten denari run on through the figures, but the piccola stops at the Seven: 7
    ten = "Ad 2d 3d 4d 5d 6d 7d Fd Cd Rd"
    assert taken(cirulla, ten)["the piccola"] == 7
    assert taken(cirulla, ten)["the grande"] == 5


def test_the_grande_and_the_piccola_score_in_play(cirulla):
    """Hands played to their end pay the side that took the three figures of denari 5, and
    the run of denari its length: the points the table records are the taken cards' own."""
    seen = set()
    for seed in range(60):
        st = GameState(cirulla, players=2, seed=seed, record=True, stop_at_hand_end=True)
        while not st.hand_over:
            st.apply(st.legal_actions()[0])
        got = {(e.player, e.data["reason"]): e.data["added"] for e in kinds(st, "points")}
        for (_side, reason), added in got.items():
            if reason == "all_cards#8":
                assert added == 5
                seen.add("grande")
            if reason == "suit_run#7":
                assert 3 <= added <= 7
                seen.add("piccola")
    assert seen == {"grande", "piccola"}


def test_the_grande_and_the_piccola_are_said_in_both_languages(cirulla):
    en, it = (" ".join(render(explain(cirulla, lang), width=10_000).split())
              for lang in ("en", "it"))
    assert ("the grande (the King of coins, the Knight of coins and the Jack of coins, all of "
            "them): 5 points to the side that takes them all") in en
    assert ("the piccola (the Ace, the Two and the Three of coins, and each card of coins above "
            "them in sequence, up to 7 cards): 1 point for each card of the run") in en
    assert ("la grande (il Re di denari, il Cavallo di denari e il Fante di denari, tutte): 5 "
            "punti a chi le prende tutte") in it
    assert "fino a 7 carte): 1 punto per ogni carta della scala" in it


@pytest.mark.parametrize("entry,said", [
    ("{all_cards: {cards: [Rd, Xd]}}", ":5:32: unknown card 'Xd'"),
    ("{all_cards: {cards: [Rd, Rd]}}", ":5:27: a card is named twice"),
    ("{all_cards: {cards: Rd}}", ":5:"),
    ("{suit_run: {suit: d, at_least: 3, at_most: 2}}", (":5:50: a run counted up to 2 cards "
     "cannot score from 3")),
])
def test_a_wrong_set_or_run_is_refused_in_one_located_line(tmp_path, entry, said):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: scopa\nname: t\nscoring:\n  hand:\n    - {entry}\n",
                    encoding="utf-8")
    r = CliRunner().invoke(cli, ["validate", str(path)])
    assert r.exit_code != 0 and said in r.output and "Traceback" not in r.output, r.output


# ---- the fewest cards, in regoledelgioco's reading (house/cirulla-fewest) -------------------
def test_the_plain_taking_takes_the_fewest_cards_and_fifteen_stays_free(cirulla):
    from test_capture import moves
    table = ["7b", "2s", "5b", "3d"]                     # 17: nothing for the dealer
    free = deal(cirulla, ["7s", "Fb", "Cc"], PLAIN0, table)
    fewest = deal(load("house/cirulla-fewest"), ["7s", "Fb", "Cc"], PLAIN0, table)
    by_seven = lambda st: sorted(m for m in moves(st) if m[0] == "7s")   # noqa: E731
    # as the shipped Cirulla: the Seven, or 2 + 5 adding up to it, or 3 + 5 making 15 with it
    assert by_seven(free) == [("7s", "2s", "5b"), ("7s", "3d", "5b"), ("7s", "7b")]
    # by the fewest cards: 2 + 5 goes, the taking of fifteen stays
    assert by_seven(fewest) == [("7s", "3d", "5b"), ("7s", "7b")]
    en = " ".join(render(explain(load("house/cirulla-fewest")), width=10_000).split())
    assert "only those of the fewest cards may be taken" in en


# ---- validate: a declaration of the hands dealt again, where nothing deals again --------------
def test_validate_warns_of_a_redealt_trigger_nothing_can_fire(tmp_path):
    """`on: redealt` happens only after a `redeal`: in a ruleset where no trigger deals more
    cards, a declaration on it is a warning at its `on:` (an error with --strict); with the
    redeal kept (house/cirulla) nothing is said."""
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    path = tmp_path / "t.yaml"
    path.write_text("extends: house/cirulla\nname: t\ntriggers:\n  deal-three: null\n"
                    "  hand-over: {on: turn_end, if: {empty: [hands]}, do: showdown}\n",
                    encoding="utf-8")
    r = CliRunner().invoke(cli, ["validate", str(path)])
    assert r.exit_code == 0, r.output
    warned = [line for line in r.output.splitlines() if ": warning: " in line]
    assert len(warned) == 2 and all("can never fire: `on: redealt` happens only when a "
                                    "trigger does `redeal`" in line for line in warned), warned
    assert r.output.rstrip().endswith("ok, with 2 warnings")
    assert CliRunner().invoke(cli, ["validate", "--strict", str(path)]).exit_code == 1
    r = CliRunner().invoke(cli, ["validate", "--strict", "house/cirulla"])
    assert r.exit_code == 0 and "warning" not in r.output, r.output


# ---- the wild Seven of a declared hand plays as the card it counted as ----------------------
def own_reading(tmp_path):
    """house/cirulla with the other reading: the wild Seven plays as a Seven once declared."""
    own = "{score_event: {event: %s, shows: true, wild_plays: own}}"
    path = tmp_path / "own.yaml"
    path.write_text("extends: house/cirulla\nname: own\ntriggers:\n" + "".join(
        f"  {name}: {{do: {own % event}}}\n" for name, event in (
            ("decino", "decino"), ("cirulla", "cirulla"), ("decino-again", "decino"),
            ("cirulla-again", "cirulla"))), encoding="utf-8")
    return load(str(path))


def seven_takes(st):
    """What the Seven of cups of the player to move may take (sorted codes of each set)."""
    seven = st.rules.deck.parse("7c")
    return sorted(tuple(sorted(codes(st, a.cards[1:]))) for a in st.legal_actions()
                  if a.cards[0] == seven)


def test_a_decinos_wild_seven_takes_as_the_rank_of_the_other_two(cirulla, tmp_path):
    # Seven, Five, Five: a decino of Fives; as a Five it takes the King (5 + 10 = 15) or the
    # Six and the Four (15), not the Four and the Three (a Seven's sum)
    hand, table = ["7c", "5b", "5s"], ["6c", "4b", "3c", "Rc"]
    st = deal(cirulla, hand, PLAIN0, table)
    assert made(st)[0][1] == "decino"
    assert seven_takes(st) == [("4b", "6c"), ("Rc",)]
    st = deal(own_reading(tmp_path), hand, PLAIN0, table)
    assert seven_takes(st) == [("3c", "4b")]


def test_a_wild_seven_counted_as_an_ace_takes_the_table_as_an_ace(cirulla):
    # Seven, Ace, Ace: a decino of Aces; the Seven is an Ace, and an Ace takes the table
    st = deal(cirulla, ["7c", "Ad", "Ab"], PLAIN0, ["6c", "4b", "3c", "Rc"])
    assert made(st)[0][1] == "decino"
    assert seven_takes(st) == [("3c", "4b", "6c", "Rc")]
    (take,) = [a for a in st.legal_actions() if codes(st, a.cards)[0] == "7c"]
    st.apply(take)
    assert st.capture.counts[1].get("scopa") == 1                  # the Ace's sweep


def test_a_cirullas_wild_seven_takes_as_the_rank_nearest_its_own(cirulla, tmp_path):
    # Seven, Ace, Two: 9 or less with the Seven as anything up to a Six: it plays as a Six
    hand, table = ["7c", "Ad", "2b"], ["6c", "4b", "3c", "Rc"]
    st = deal(cirulla, hand, PLAIN0, table)
    assert made(st)[0][1] == "cirulla"
    assert seven_takes(st) == [("3c", "6c"), ("6c",)]
    st = deal(own_reading(tmp_path), hand, PLAIN0, table)
    assert seven_takes(st) == [("3c", "4b")]


def test_the_counted_seven_laid_on_the_table_is_taken_as_that_card(cirulla, tmp_path):
    # as a Five the Seven takes nothing from Six, Six, Seven, Seven and is laid; the dealer's
    # Five takes it as its equal, and the Seven is his at the hand's end as the Seven of cups
    hand, mine, table = ["7c", "5b", "5s"], ["5d", "Cs", "Fs"], ["6c", "6b", "7d", "7s"]
    st = deal(cirulla, hand, mine, table)
    (lay,) = [a for a in st.legal_actions() if codes(st, a.cards) == ["7c"]]
    assert seven_takes(st) == [()]
    st.apply(lay)
    five = st.rules.deck.parse("5d")
    assert sorted(codes(st, a.cards[1:]) for a in st.legal_actions()
                  if a.cards[0] == five) == [["7c"]]
    st = deal(own_reading(tmp_path), hand, mine, table)
    assert seven_takes(st) == [("7d",), ("7s",)]                     # as a Seven it takes


@pytest.mark.parametrize("lang,said", [
    ("en", ("his wild card then plays as the card it counted as (of those that would do, the "
           "nearest its own value) until the hand's end, and scores as itself")),
    ("it", ("la sua matta gioca poi come la carta che valeva (fra quelle possibili, la più "
           "vicina al suo valore) fino alla fine della mano, e nel conteggio dei punti vale "
           "per sé")),
])
def test_the_counted_seven_is_said_in_both_languages(cirulla, tmp_path, lang, said):
    text = " ".join(" ".join(render(explain(cirulla, lang)).split("\n")).split())
    assert text.count(said) == 2                        # the decino and the cirulla
    other = " ".join(" ".join(render(explain(own_reading(tmp_path), lang)).split("\n")).split())
    assert said not in other


@pytest.mark.parametrize("lang,seat,said", [
    ("en", 1, ["You show Seven of cups (7c), Five of clubs (5b) and Five of swords (5s).",
               "You make a decino!",
               "You play your Seven of cups (7c) as a Five for the rest of the hand."]),
    ("en", 0, ["Player 2 shows Seven of cups (7c), Ace of coins (Ad) and Ace of clubs (Ab).",
               "Player 2: decino!",
               "Player 2 plays his Seven of cups (7c) as an Ace for the rest of the hand."]),
    ("it", 0, [("Il Giocatore 2 mostra Sette di coppe (7c), Cinque di bastoni (5b) e Cinque di "
               "spade (5s)."), "Il Giocatore 2 fa decino!",
               ("Il Giocatore 2 gioca il suo Sette di coppe (7c) come Cinque per il resto della "
               "mano.")]),
])
def test_the_table_tells_what_a_declared_wild_seven_plays_as(cirulla, lang, seat, said):
    from trentuno.cli.table import TableView
    hand = ["7c", "Ad", "Ab"] if "Ace" in said[-1] else ["7c", "5b", "5s"]
    st = deal(cirulla, hand, PLAIN0, ["6c", "4b", "3c", "Rc"])
    view = TableView(cirulla, lang, seat=seat)
    lines = view.events(st, [e for e in st.events if e.kind == "dealt_event"])
    assert lines == said, lines


def test_a_bot_acting_from_the_observation_sees_the_seven_as_counted(cirulla):
    """The observation carries the counted wild card (public: the hand was shown), and greedy
    acting from it alone plays as from the state: the Seven taking as a Five."""
    from trentuno.engine.bots import greedy_bot
    from trentuno.engine.frozen_view import act_from_observation, tensor_layout
    st = deal(cirulla, ["7c", "5b", "5s"], PLAIN0, ["6c", "4b", "3c", "Rc"])
    seen = st.observation(1).frozen()
    assert seen.as_dict()["counted"] == {"7c": "5"}
    five = next(i for i, r in enumerate(st.rules.deck.ranks) if r.code == "5")
    layout = tensor_layout(st.rules, 2)
    at = sum(size for name, size in layout[:[name for name, _ in layout].index("counted")])
    seven = st.rules.deck.parse("7c")
    assert seen.tensor(st.rules)[at:at + 40] == [1.0 + five if c == seven else 0.0
                                                   for c in range(40)]
    assert seen == st.observation(1).frozen() and "counted" not in \
        deal(cirulla, PLAIN1, PLAIN0, ["6c", "4b", "3c", "Rc"]).observation(1).frozen().as_dict()
    mine = act_from_observation(greedy_bot(1), st.rules, seen, st.legal_actions())
    assert mine is greedy_bot(1)(st, st.legal_actions())
    assert st.rules.deck.code(mine.cards[0]) == "7c"     # the Seven as a Five takes the King
