"""The words a player checks at a capture game's table (issue 18, item 2): the counts behind each
point at a hand's end, the categories nobody won, the final score, and `score --taken` with the
counts behind its points, in English and Italian."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.cli.table import TableView
from trentuno.engine import GameState, load
from trentuno.engine.bots import parse_bots
from trentuno.engine.record import load as load_record
from trentuno.engine.record import replay


def run(*args: str):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno")


def watched(name: str, seed: int, lang: str, players: int = 2) -> tuple[GameState, str]:
    """A whole game between greedy bots, and what a spectator who sees every card is told."""
    rules = load(name)
    state = GameState(rules, players, seed=seed, record=True)
    seats = parse_bots("greedy", players, seed)
    while not state.is_over:
        state.apply(seats[state.current_player](state, state.legal_actions()))
    view = TableView(rules, lang, sees_everything=True)
    return state, "\n".join(view.events(state, state.events))


def taken_per_hand(state: GameState) -> list[list[list[str]]]:
    """Per hand, the cards each side took, read from the record's takes (not from the table)."""
    hands: list[list[list[str]]] = []
    for ev in state.events:
        if ev.kind == "deal":
            hands.append([[] for _ in state.side_members])
        elif ev.kind in ("take", "leftover"):
            side = state.side_of[ev.player]
            hands[-1][side] += ([ev.data["card"]] if "card" in ev.data else []) + \
                list(ev.data.get("taken") or ev.data.get("cards") or [])
    return hands


def row(block: str, label: str) -> list[int]:
    found = re.search(rf"^  {re.escape(label)}\s+(\S+)\s+(\S+)$", block, re.M)
    assert found, f"no row {label!r} in:\n{block}"
    return [int(x) for x in found.groups()]


def ends(text: str, head: str) -> list[str]:
    """The text of each hand's end (up to the next hand or the game's end)."""
    return [part.split("\n── ")[0] for part in text.split(f"── {head} ")[1:]]


# ---- the counts at a hand's end ----------------------------------------------------------------
@pytest.mark.parametrize("lang,head,cards,coins,prime,tie,nobody", [
    ("en", "End of hand", "cards taken", "coins taken", "sum of the prime (primiera)",
     "Nobody scores for most cards: a tie (20-20).", "Nobody scores for most coins"),
    ("it", "Fine della mano", "carte prese", "carte di denari", "somma della primiera",
     "Nessuno segna per le carte: parità (20-20).", "Nessuno segna per i denari"),
])
def test_a_hand_end_shows_the_counts_behind_each_point(lang, head, cards, coins, prime, tie,
                                                       nobody):
    table = load("scopa").scoring.hand[3][1]["values"]  # the primiera's
    for seed in (3, 6):
        state, text = watched("scopa", seed, lang)
        blocks = ends(text, head)
        taken = taken_per_hand(state)
        assert len(blocks) == len(taken) == state.hand_number
        for block, sides in zip(blocks, taken):
            counts = [len(s) for s in sides]
            assert row(block, cards) == counts and sum(counts) == 40
            assert row(block, coins) == [sum(c.endswith("d") for c in s) for s in sides]
            sums = [sum(max(table[c[:-1]] for c in s if c.endswith(suit))
                        for suit in "cdbs") for s in sides]
            assert row(block, prime) == sums
            assert (tie in block) == (counts == [20, 20])
            coin_counts = row(block, coins)
            assert (nobody in block) == (coin_counts[0] == coin_counts[1])


def test_cocincina_counts_the_scope_and_the_points_of_the_hand():
    state, text = watched("cocincina", 3, "it")
    blocks = ends(text, "Fine della mano")
    assert blocks and "La mano è finita: si contano i punti." in blocks[0]
    # hand by hand, the scope each made and the points they scored in it, from the record
    scope: list[list[int]] = []
    points: list[list[float]] = []
    for ev in state.events:
        if ev.kind == "deal":
            scope.append([0, 0])
            points.append([0, 0])
        elif ev.kind == "capture_event":
            scope[-1][ev.player] += 1
        elif ev.kind == "points":
            points[-1][ev.player] += ev.data["added"]
    for block, made, scored in zip(blocks, scope, points):
        assert row(block, "scope") == made
        assert row(block, "punti segnati in questa mano") == scored
    assert any(sum(p) for p in points)


# ---- the final score ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang,head", [("en", "Final score:"), ("it", "Punteggio finale:")])
def test_the_game_ends_with_the_final_score_of_each_side(lang, head):
    state, text = watched("scopa", 3, lang, players=4)
    tail = text.split(head + "\n")[1].splitlines()
    assert len(tail) == 2  # one row per side, partners together
    for line, members in zip(tail, state.side_members):
        found = re.search(r"(\d+) (punt[oi]|points?)$", line)
        assert found, line
        points = int(found.group(1))
        assert points == state.lives[members[0]]
        assert all(f" {p + 1} " in line + " " for p in members)
    assert "won less what he paid" not in text and "meno quanto ha pagato" not in text


def test_a_lives_game_still_ends_with_its_returns():
    _, text = watched("trentuno", 5, "en", players=4)
    assert "Returns (what each player won less what he paid):" in text
    assert "Final score:" not in text


# ---- score --taken -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang,rows,notes,foreign", [
    ("en", [r"cards taken\s+3\s+37\s+0", r"coins taken\s+2\s+8\s+0",
            r"the settebello\s+1\s+0\s+1", r"sum of the prime \(primiera\)\s+–\s+78\s+0"],
     ["– no card of every suit", ("The scopas are in no pile of taken cards: they are counted "
                                 "during play (each scopa: 1 point).")], "carte"),
    ("it", [r"carte prese\s+3\s+37\s+0", r"carte di denari\s+2\s+8\s+0",
            r"il settebello\s+1\s+0\s+1", r"somma della primiera\s+–\s+78\s+0"],
     ["– senza carte di tutti i semi", ("Le scope non stanno fra le carte prese: si contano "
                                       "durante il gioco (ogni scopa: 1 punto).")], "taken"),
])
def test_score_taken_shows_the_counts_behind_each_point(lang, rows, notes, foreign):
    # these cards against the rest; no card of spades: they cannot win the primiera, whatever
    # their sum; the scope are made in play, in no pile
    r = run("score", "scopa", "--taken", "7d 7c Ad", "--lang", lang)
    assert r.exit_code == 0, r.output
    for line in rows:
        assert re.search(rf"^{line}$", r.output, re.M), (line, r.output)
    assert all(note in r.output for note in notes)
    assert foreign not in r.output



def test_the_english_prime_reads_without_brackets_in_brackets():
    said = explained("scopa", "en")
    assert "- the prime (primiera): 1 point to the higher sum, suit by suit, of the best card" \
        in said
    assert "(primiera) (" not in said

@pytest.mark.parametrize("lang,said", [
    ("en", "as one capture, a Seven cannot take a King and a Two"),
    ("it", "in una sola presa, un Sette non può prendere un Re e un Due"),
])
def test_score_taken_refuses_a_capture_no_rule_makes(lang, said):
    r = run("score", "cocincina", "--taken", "7c Rs 2d", "--lang", lang)
    assert r.exit_code != 0
    assert said in r.output and "16" not in r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_score_taken_scores_a_capture_the_rules_make():
    # a Sette takes the Cavallo (5) and the Due; the Cinque and Due of its suit (a scopa)
    for taken, points in (("7c Cs 2d", 15), ("7b 5b 2b", 15)):
        r = run("score", "cocincina", "--taken", taken, "--lang", "en")
        assert r.exit_code == 0, r.output
        assert r.output.split()[-1] == str(points)


@pytest.mark.parametrize("lang,taken,said", [
    ("en", "7c Cs 2d", "7 + 5 + 2 + 1 for the Knight of swords (Cs) = 15"),
    ("it", "7c Cs 2d", "7 + 5 + 2 + 1 per il Cavallo di spade (Cs) = 15"),
    ("en", "Rd Rs", "6 + 6 + 1 for the King of swords (Rs) = 13"),   # the played Re: no bonus
    ("en", "4c 4d", "4 + 4 = 8"),
])
def test_score_taken_breaks_one_capture_into_its_card_values_and_bonus(lang, taken, said):
    r = run("score", "cocincina", "--taken", taken, "--lang", lang)
    assert r.exit_code == 0, r.output
    assert r.output.rstrip().endswith(said), r.output
    r = run("score", "cocincina", "--taken", taken, "--json", "--lang", lang)
    assert json.loads(r.output)["event_sum"] == said.split(" = ")[0]


def test_the_terms_of_a_captures_points_add_up_to_them():
    import random

    from trentuno.engine.tally import event_points, event_terms
    rules, rng = load("cocincina"), random.Random(4)
    for _ in range(300):
        cards = rng.sample(range(len(rules.deck.cards)), rng.randint(1, 5))
        assert sum(n for n, _, _ in event_terms(rules, cards)) == event_points(rules, cards)


# ---- a forced move plays itself ----------------------------------------------------------------
def play(*args: str, input: str):
    return CliRunner().invoke(cli, ["play", *args], input=input, prog_name="trentuno")


PROMPT = re.compile(r"Your choice \[1-(\d+), \? table, q quit\]: ")


@pytest.mark.parametrize("lang,mine", [("en", r"^You play "), ("it", r"^Cali ")])
def test_a_card_turned_up_with_one_way_to_take_plays_itself(lang, mine, tmp_path):
    # Cocincina: the card is the top of one's own pile; when it lays or takes only one way,
    # the move is made and told without asking for a choice
    path = tmp_path / "coc.json"
    result = play("cocincina", "--seed", "3", "--lang", lang, "--save", str(path),
                  input="1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.output
    asked = re.findall(r"\[1-(\d+)", out)
    told = re.findall(mine, out, re.M)
    assert asked and all(int(n) >= 2 for n in asked)  # every question was a real choice
    assert len(told) > 3 * len(asked)  # the rest, about 40 a hand, played themselves
    state = replay(load_record(path), load("cocincina"))  # the saved game replays
    assert state.is_over and len(state.moves) >= len(told)


def test_a_card_from_the_hand_is_still_chosen_even_when_it_is_the_only_move():
    # Scopa: the last card of the hand is the only move, yet it is the player's own play
    # (its unit marks no capture from the hand as forced): asked for, as every other move
    result = play("scopa", "--seed", "3", "--lang", "en", input="1\n" * 200)
    assert result.exit_code == 0, result.output
    asked = len(PROMPT.findall(result.output))
    assert asked == len(re.findall(r"^You play ", result.output, re.M)) > 0


# ---- Italian words of explain ------------------------------------------------------------------
def explained(name: str, lang: str) -> str:
    result = run("explain", name, "--lang", lang)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # the lines joined, as a reader reads them


def test_the_primiera_has_its_article_and_a_plain_rank_table_is_not_called_so(tmp_path):
    assert "- la primiera (la somma, seme per seme, della carta migliore" in explained("scopa",
                                                                                     "it")
    path = tmp_path / "rt.yaml"
    path.write_text("extends: scopa\nname: rt\nscoring:\n  hand:\n    - {most_cards: 1}\n"
                    "    - rank_table: {values: {'7': 21, '6': 18, A: 16, '5': 15, '4': 14, "
                    "'3': 13, '2': 12, F: 10, C: 10, R: 10}}\n", encoding="utf-8")
    said = explained(str(path), "it")
    assert "- la tabella dei valori (la somma, seme per seme," in said
    assert "non la può vincere" in said and "primiera" not in said.split("## Punti")[1]


@pytest.mark.parametrize("lang,said", [
    ("it", "né quando l'Asso porta via tutto il tavolo per la sua regola)"),
    ("en", "nor when an Ace takes the whole table by its own rule)"),
])
def test_scopa_d_assi_names_the_ace_whose_own_rule_makes_no_scopa(lang, said):
    text = explained("house/scopa-d-assi", lang)
    assert said in text
    assert "grado" not in text.split("## Il turno")[-1].split("## Casi")[0]


# ---- greedy asks the stakes mode which way the points count ------------------------------------
def test_greedy_takes_the_settebello_in_scopa_and_lays_a_card_a_perdere():
    from test_capture import move_codes, scopa_deck
    deal = scopa_deck(["7d", "6b", "3b"], ["4s", "5s", "6s"], ["7c", "2c", "Fs", "Cs"])
    picked = {}
    for name in ("scopa", "house/scopa-a-perdere"):
        state = GameState(load(name), players=2, decks=[deal], dealer=0)
        bot = parse_bots("greedy", 2, 1)[1]
        picked[name] = move_codes(state, bot(state, state.legal_actions()))
    assert picked["scopa"] == ("7d", "7c")         # the settebello, and the Sette of cups
    assert len(picked["house/scopa-a-perdere"]) == 1  # a card laid: nothing taken


def test_greedy_beats_random_at_scopa_a_perdere():
    from trentuno.engine.simulate import run_games
    rules = load("house/scopa-a-perdere")
    first = run_games(rules, 0, 30, 2, "greedy,random", 5).as_dict()["wins"]
    second = run_games(rules, 0, 30, 2, "random,greedy", 5).as_dict()["wins"]
    assert first[0] + second[1] > 45  # of 60 (measured 375 and 376 of 400 each way)


# ---- countback at a tied target ----------------------------------------------------------------
def played(rules, seed: int) -> GameState:
    state = GameState(rules, 2, seed=seed, record=True)
    seats = parse_bots("greedy,random", 2, seed)
    while not state.is_over:
        state.apply(seats[state.current_player](state, state.legal_actions()))
    return state


def first_to(target: int, before: list[float], scores: list) -> int:
    """The side whose points reach `target` first, the hand's entries counted in order."""
    points = list(before)
    for _name, pts in scores:
        for side in (0, 1):
            points[side] += pts[side]
        reached = [side for side in (0, 1) if points[side] >= target]
        if reached:
            return reached[0] if len(reached) == 1 else -1
    return -1


def test_a_tie_at_eleven_goes_to_the_side_that_reached_it_first(tmp_path):
    # seed 24, greedy against random: hand 5 ends 11-11. Scopa plays on (a sixth hand); with
    # the countback the hand's points are counted in order and the first to 11 wins there
    plain, counted = played(load("scopa"), 24), played(load("house/scopa-first-to-11"), 24)
    assert plain.hand_number == 6
    assert counted.is_over and counted.hand_number == 5 and counted.lives == [11, 11]
    score = [e.data for e in counted.events if e.kind == "hand_score"][-1]
    hand = [sum(pts[side] for _, pts in score["scores"]) for side in (0, 1)]
    before = [counted.lives[side] - hand[side] for side in (0, 1)]
    assert counted.winners == [first_to(11, before, score["scores"])] == [0]
    # counted back by the scope of that hand instead: the side that made the one scopa
    path = tmp_path / "by-scope.yaml"
    path.write_text("extends: house/scopa-first-to-11\nname: by-scope\n"
                    "end: {target: 11, countback: [per_event]}\n", encoding="utf-8")
    by_scope = played(load(str(path)), 24)
    assert score["counts"][-1] == [0, 1] and by_scope.winners == [1]


@pytest.mark.parametrize("lang,said", [
    ("en", "the tie is counted back: first the side that reached 11 points first"),
    ("it", "a pari punti si spareggia così: prima vince la parte arrivata prima a 11 punti"),
])
def test_the_countback_is_explained(lang, said):
    assert said in explained("house/scopa-first-to-11", lang)


def test_a_countback_step_that_names_no_entry_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: scopa\nname: bad\nend: {target: 11, countback: [most_kings]}\n",
                    encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code != 0 and "countback" in result.output
    assert "'most_kings' is neither `reached_first`" in result.output
    assert "Traceback" not in result.output
