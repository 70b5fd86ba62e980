"""The rest of the Scopa family (issue 18): the taking rules of `takes:` (take_rules.py), who
starts in Cocincina compared by value or by rank, and the variants built from them, each by a
stacked-deck scenario; their words in both languages."""
from __future__ import annotations

import pytest
from test_capture import coc_scene, codes, kinds, moves, play, scopa_deck
from trentuno.engine import GameState, load


def overlay(tmp_path, text, name="house.yaml"):
    """A house rule written by the test and loaded from its file."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load(str(path))


def scopa_with(tmp_path, takes, events=None):
    """Scopa whose capture's `takes:` (and events) are these."""
    text = ("extends: scopa\nname: t\nturn:\n  steps:\n    play:\n      play:\n"
            f"        takes: {takes}\n")
    if events:
        text += f"        events: {events}\n"
    return overlay(tmp_path, text)


def taking(state, card):
    """The moves of the card `card` as sorted tuples of the cards taken."""
    return sorted(m[1:] for m in moves(state) if m[0] == card)


def start(rules, p1, p0, table, rest=()):
    return GameState(rules, players=2, decks=[scopa_deck(p1, p0, table, rest)], dealer=0)


# ---- the taking rules --------------------------------------------------------------------------
def test_sum_with_played_takes_cards_making_fifteen_with_it(tmp_path):
    rules = scopa_with(tmp_path, "{sum_with_played: 15}")
    st = start(rules, ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fc", "5c"])
    # by value: 3 + 4; with the played Sette to 15: the Fante (8), 3 + 5, 4 + ... no
    assert taking(st, "7d") == [("3c", "4b"), ("3c", "5c"), ("Fc",)]


def test_by_value_false_leaves_only_the_fifteens(tmp_path):
    rules = scopa_with(tmp_path, "{sum_with_played: 15, by_value: false}")
    st = start(rules, ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fc", "5c"])
    assert taking(st, "7d") == [("3c", "5c"), ("Fc",)]
    # a card that makes no fifteen is laid, even with its equal on the table
    st = start(rules, ["4c", "Rc", "Rb"], ["4s", "5s", "6s"], ["4b", "2c", "3s", "Ad"])
    assert taking(st, "4c") == [()]


def test_fewest_cards_only(tmp_path):
    rules = scopa_with(tmp_path, "{fewest_cards: true}")
    st = start(rules, ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "2s", "Ac"])
    # 3 + 4 only, not 4 + 2 + A
    assert taking(st, "7d") == [("3c", "4b")]
    base = start(load("scopa"), ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "2s", "Ac"])
    assert taking(base, "7d") == [("2s", "4b", "Ac"), ("3c", "4b")]


def test_must_per_hand_forbids_laying_while_another_card_takes(tmp_path):
    deal = (["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fs", "Cc"])
    base = start(load("scopa"), *deal)
    assert ("Rc",) in moves(base)          # per card: the Re takes nothing and may be laid
    st = start(scopa_with(tmp_path, "{must_per_hand: true}"), *deal)
    assert {m[0] for m in moves(st)} == {"7d"}
    # with no card that takes, every card is laid
    st = start(scopa_with(tmp_path, "{must_per_hand: true}"),
               ["Rd", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fs", "Cc"])
    assert sorted(moves(st)) == [("Rb",), ("Rc",), ("Rd",)]


ASSI = "{takes_all: [A], %s}"
NO_SCOPA_BY_ACE = "[{name: scopa, when: [sweep], on_last_play: false, by_takes_all: false}]"


def test_an_ace_to_an_empty_table_is_kept(tmp_path):
    rules = scopa_with(tmp_path, ASSI % "takes_all_on_empty: keep", NO_SCOPA_BY_ACE)
    # seat 1's Sette sweeps A + 2 + 3 + A; the dealer's Ace then meets an empty table
    st = start(rules, ["7d", "Rc", "Rb"], ["Ad", "5s", "6s"], ["Ac", "2c", "3c", "As"])
    play(st, "7d", "Ac", "2c", "3c", "As")
    assert st.zones["table"] == []
    play(st, "Ad")
    assert st.zones["table"] == []
    assert "Ad" in codes(st, st.own["taken"][0])
    assert [e.data["event"] for e in kinds(st, "capture_event")] == ["scopa"]  # the Sette's
    laid = start(scopa_with(tmp_path, ASSI % "takes_all_on_empty: lay", NO_SCOPA_BY_ACE),
                 ["7d", "Rc", "Rb"], ["Ad", "5s", "6s"], ["Ac", "2c", "3c", "As"])
    play(laid, "7d", "Ac", "2c", "3c", "As")
    play(laid, "Ad")
    assert codes(laid, laid.zones["table"]) == ["Ad"]


@pytest.mark.parametrize("over,expected", [
    ("alone", [("Ac",)]),
    ("all", [("4b", "Ac", "Cs", "Fc")]),
    ("plain", [("Ac",)]),          # by value: an equal card first
])
def test_an_ace_over_an_ace_among_others(tmp_path, over, expected):
    rules = scopa_with(tmp_path, ASSI % f"takes_all_over_same: {over}", NO_SCOPA_BY_ACE)
    st = start(rules, ["Ad", "Rc", "Rb"], ["4s", "5s", "6s"], ["Ac", "4b", "Fc", "Cs"])
    assert taking(st, "Ad") == expected


def test_plain_ace_over_an_ace_takes_by_value_and_sweeps_make_scopa(tmp_path):
    rules = scopa_with(tmp_path, "{takes_all: [A], takes_all_over_same: plain, equal: any}",
                       NO_SCOPA_BY_ACE)
    st = start(rules, ["Ad", "Rc", "Rb"], ["4s", "5s", "6s"], ["Ac", "4b", "Fc", "Cs"])
    assert taking(st, "Ad") == [("Ac",)]


@pytest.mark.parametrize("lone,scope", [("takes_all", []), ("equal", ["scopa"])])
def test_an_ace_taking_the_lone_ace_left(tmp_path, lone, scope):
    rules = scopa_with(tmp_path, ASSI % f"takes_all_lone_same: {lone}", NO_SCOPA_BY_ACE)
    # seat 1's Cavallo (9) takes 2 + 3 + 4 and leaves the Ace of spades alone
    st = start(rules, ["Cd", "Rc", "Rb"], ["Ad", "5s", "6s"], ["As", "2c", "3c", "4c"])
    play(st, "Cd", "2c", "3c", "4c")
    play(st, "Ad", "As")
    assert st.zones["table"] == []
    assert [e.data["event"] for e in kinds(st, "capture_event")] == scope


COC_FIGURE = ("extends: cocincina\nname: t\nturn:\n  steps:\n    play:\n      turn-up:\n"
              "        takes: {number_takes_figure: %s}\n")


def test_a_number_card_takes_a_figure_of_its_value_alone_only_if_the_key_says(tmp_path):
    for alone, expected in (("true", [("Fb",)]), ("false", [()])):
        rules = overlay(tmp_path, COC_FIGURE % alone)
        st = coc_scene(rules, ["Fb"], ["4c"])
        play(st, "Fb")
        assert taking(st, "4c") == expected, alone
    # in a sum the figure is still taken: the Sette takes the Fante (4) and a Tre
    rules = overlay(tmp_path, COC_FIGURE % "false")
    st = coc_scene(rules, ["Fb", "As"], ["3c", "7d"])
    play(st, "Fb")
    play(st, "3c")
    play(st, "As")
    assert ("3c", "Fb") in taking(st, "7d")


# ---- who starts, by value or by rank -----------------------------------------------------------
def with_bottoms(rules, b1, b0, n1=None, n0=None):
    """Cocincina with the bottom cards (and the ones above) chosen: pile 1 is the deck's first
    40 cards, the dealer's the next 40."""
    order = list(GameState(rules, players=2, seed=1).deck_orders[0])
    for code, pos in ((b1, 39), (b0, 79), (n1, 38), (n0, 78)):
        if code is not None:
            i = next(i for i, c in enumerate(order) if c == code and i not in (39, 79, 38, 78))
            order[i], order[pos] = order[pos], order[i]
    return GameState(rules, players=2, decks=[order], dealer=0)


def test_the_bottom_cards_compared_by_rank(tmp_path):
    by_rank = overlay(tmp_path, "extends: cocincina\nname: t\n"
                                "seating: {first_player: {lowest_bottom: pile, by: rank}}\n")
    # a Quattro and a Fante (worth four): equal by value, the next cards decide (6 vs 2)...
    assert with_bottoms(load("cocincina"), "4c", "Fd", "6c", "2b").current_player == 0
    # ...by rank the Quattro is lower and starts at once
    st = with_bottoms(by_rank, "4c", "Fd", "6c", "2b")
    assert st.current_player == 1
    assert [e.data["depth"] for e in kinds(st, "show_bottom")] == [0]
    assert with_bottoms(by_rank, "Fd", "7c").current_player == 0


# ---- words -------------------------------------------------------------------------------------
def explain(name, lang="en"):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    r = CliRunner().invoke(cli, ["explain", name, "--lang", lang])
    assert r.exit_code == 0, r.output
    return " ".join(r.output.split())


def test_cocincina_says_who_starts_once_and_by_value():
    for lang, generic, value in (("en", "dealer's left plays first", "compared by value"),
                                 ("it", "comincia il giocatore alla", "confrontata per valore")):
        text = explain("cocincina", lang)
        assert generic not in text and value in text
    it = explain("cocincina", "it")
    assert "stesso valore appena calata" not in it and "stessa figura" in it
    assert "Jack 4, Knight 5 and King 6" in explain("cocincina")


def test_the_take_rules_have_words_in_both_languages(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("extends: scopa\nname: t\nturn:\n  steps:\n    play:\n      play:\n"
                    "        takes: {sum_with_played: 15, fewest_cards: true, "
                    "must_per_hand: true}\n", encoding="utf-8")
    en, it = explain(str(path)), explain(str(path), "it")
    assert "add up to 15" in en and "fewest cards" in en and "another card of his" in en
    assert "fanno 15" in it and "minor numero di carte" in it and "un'altra carta" in it


def test_the_three_kings_rule_reads_as_english():
    assert "3 or more Kings" in explain("house/scopa-re-redeal")


def test_the_cocincina_bonus_says_which_cards_it_counts():
    assert "not the card played" in explain("cocincina")
    assert "non quella calata" in explain("cocincina", "it")


# ---- the variants on the shelf -----------------------------------------------------------------
def four_deck(s3, s2, s1, s0, table=()):
    """Scopone, dealer 0: seat 3 (who plays first) is dealt first, then seats 2, 1, 0, then
    the table."""
    return list(s3) + list(s2) + list(s1) + list(s0) + list(table)


def whole_game(rules, players, seed):
    st = GameState(rules, players=players, seed=seed)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st


def test_scopone_nine_each_four_on_the_table_in_partnerships():
    rules = load("house/scopone")
    st = GameState(rules, players=4, seed=3)
    assert [len(h) for h in st.hands] == [9, 9, 9, 9] and len(st.zones["table"]) == 4
    assert st.zones["stock"] == [] and st.side_of == [0, 1, 0, 1]
    # one hand is the whole deck: after 36 plays it is scored, and no more cards are dealt
    for _ in range(36):
        st.apply(st.legal_actions()[0])
    (score,) = kinds(st, "hand_score")
    assert sum(score.data["cards"]) == 40
    end = whole_game(rules, 4, 5)
    assert end.lives[0] == end.lives[2] and end.lives[1] == end.lives[3]
    assert max(end.lives) >= 11


def test_scopone_scientifico_ten_each_and_an_empty_table():
    rules = load("house/scopone-scientifico")
    deck = [c.code for c in rules.deck.cards]
    st = GameState(rules, players=4, decks=[deck], dealer=0)
    assert [len(h) for h in st.hands] == [10] * 4 and st.zones["table"] == []
    assert st.current_player == 3
    assert all(len(m) == 1 for m in moves(st))     # nothing to take: every card is laid
    end = whole_game(rules, 4, 2)
    assert max(end.lives) >= 11 and end.winners


def test_scopa_a_perdere_the_fewest_points_win():
    rules = load("house/scopa-a-perdere")
    for seed in range(4):
        st = whole_game(rules, 2, seed)
        assert max(st.lives) >= 11
        assert st.winners == [min(range(2), key=lambda p: st.lives[p])]
        assert st.lives[st.winners[0]] < max(st.lives)
    assert "the fewest points win" in explain("house/scopa-a-perdere")
    assert "vince chi ha meno punti" in explain("house/scopa-a-perdere", "it")


def test_the_napola_scores_the_run_of_denari_from_the_ace():
    from trentuno.engine.tally import taken_points
    rules = load("house/scopa-napola")

    def napola(text):
        entries, _ = taken_points(rules, rules.deck.parse_hand(text.split()))
        return dict(entries)["the napola"]
    assert napola("Ad 2d 3d") == 3
    assert napola("Ad 2d 3d 4d 5d 7d") == 5     # the Seven is not in sequence
    assert napola("Ad 2d 4d 5d") == 0 and napola("2d 3d 4d") == 0
    assert napola("Ad 2d 3d 4d 5d 6d 7d Fd Cd Rd") == 10
    # the other side holds none of it: a shortened run scores for nobody
    entries, _ = taken_points(load("scopa"), rules.deck.parse_hand(["Ad", "2d", "3d"]))
    assert "the napola" not in dict(entries)
    assert "the napola (the Ace, the Two and the Three of coins" in explain("house/scopa-napola")
    assert "la napola (l'Asso, il Due e il Tre di denari" in explain("house/scopa-napola", "it")


def test_scopa_di_quindici_takes_only_what_makes_fifteen():
    rules = load("house/scopa-di-quindici")
    st = start(rules, ["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fc", "5c"])
    assert taking(st, "7d") == [("3c", "5c"), ("Fc",)]
    assert taking(st, "Rc") == [("5c",)]            # 10 + 5
    play(st, "7d", "Fc")
    assert kinds(st, "capture_event") == []


def test_cirulla_fifteen_or_the_usual_and_the_ace_sweeps_for_a_scopa():
    rules = load("house/cirulla")
    st = start(rules, ["7d", "Ad", "Rb"], ["4s", "5s", "6s"], ["7c", "4b", "3c", "Fc"])
    # the equal Seven need not be taken first: 7c, 3 + 4, or with the Seven 15: the Fante
    assert taking(st, "7d") == [("3c", "4b"), ("7c",), ("Fc",)]
    assert taking(st, "Ad") == [("3c", "4b", "7c", "Fc")]
    play(st, "Ad", "3c", "4b", "7c", "Fc")
    assert [e.data["event"] for e in kinds(st, "capture_event")] == ["scopa"]
    # an Ace on the table: the Ace takes like any card, that Ace or what makes 15 with it
    st = start(rules, ["Ad", "2d", "Rb"], ["4s", "5s", "6s"], ["Ac", "4b", "3c", "Fc"])
    assert taking(st, "Ad") == [("Ac",)]
    # (a table of Ac 4b 2c Fc would make 15, the dealer's scopa: test_cirulla.py)
    st = start(rules, ["Ad", "2d", "Rb"], ["4s", "5s", "6s"], ["Ac", "4b", "2c", "Rc"])
    assert taking(st, "Ad") == [("4b", "Rc"), ("Ac",)]
    assert rules.end_target == 51


def test_asso_piglia_tutto_the_ace_sweeps_over_an_ace_and_is_kept_on_an_empty_table():
    rules = load("house/asso-piglia-tutto")
    st = start(rules, ["Ad", "Rc", "Rb"], ["As", "5s", "6s"], ["Ac", "4b", "Fc", "Cs"])
    assert taking(st, "Ad") == [("4b", "Ac", "Cs", "Fc")]
    play(st, "Ad", "4b", "Ac", "Cs", "Fc")
    assert [e.data["event"] for e in kinds(st, "capture_event")] == ["scopa"]
    play(st, "As")                                  # an empty table: the Ace is kept
    assert st.zones["table"] == [] and "As" in codes(st, st.own["taken"][0])


def test_the_shelf_rules_of_taking():
    deal = (["7d", "Rc", "Rb"], ["4s", "5s", "6s"], ["3c", "4b", "Fs", "Cc"])
    assert {m[0] for m in moves(start(load("house/scopa-must-take"), *deal))} == {"7d"}
    st = start(load("house/scopa-fewest-cards"), ["7d", "Rc", "Rb"], ["4s", "5s", "6s"],
               ["3c", "4b", "2s", "Ac"])
    assert taking(st, "7d") == [("3c", "4b")]


def test_the_settebello_and_the_piles_are_named_as_players_say_them():
    assert "the settebello (Seven of coins): 1 point" in explain("scopa")
    assert "il settebello (Sette di denari): 1 punto" in explain("scopa", "it")
    text = explain("cocincina")
    assert "Each player has a pile of his own." in text
    assert "Each side has taken cards of its own." in text
