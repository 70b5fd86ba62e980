"""`trentuno play`: a person at a text table, scripted through standard input.

Every test drives the command in-process with CliRunner and a scripted `input=`, the way a
shell script would pipe a game into it; `test_play_pty.py` plays one in a real terminal.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner
from matching import found
from trentuno.cli import cmd_play
from trentuno.cli.main import cli
from trentuno.cli.messages import MESSAGES, Texts, default_language
from trentuno.cli.table import TableView
from trentuno.engine.record import load as load_record
from trentuno.engine.record import replay
from trentuno.engine.state import GameState
from trentuno.engine.variants import load

BUILTINS = ["trentuno", "trentuno-vedova", "scat", "schwimmen"]
ALWAYS_FIRST = "1\n" * 5000
#: Any card name of the Italian deck, in Italian.
ITALIAN_CARD = re.compile(r"\b(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re) di "
                          r"(coppe|denari|bastoni|spade)\b")
ENGLISH_ITALIAN_CARD = re.compile(r"\b(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King) of "
                                  r"(cups|coins|clubs|swords)\b")
WINNER = re.compile(r"^Winners?: Player \d", re.M)


@pytest.fixture
def runner(tmp_path, monkeypatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)  # a game that stops unasked saves in the current folder
    return CliRunner()


def play(runner: CliRunner, *args: str, input: str | None = None, env=None):
    return runner.invoke(cli, ["play", *args], input=input, prog_name="trentuno", env=env)


def ok(result, code: int = 0) -> str:
    """The output, after checking the exit status and that nothing escaped as a traceback."""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == code, result.output[-2000:]
    return result.output


# ---- whole games --------------------------------------------------------------------------
@pytest.mark.parametrize("variant", BUILTINS)
def test_always_the_first_choice_plays_a_whole_game(runner, variant):
    out = ok(play(runner, variant, "--seed", "11", "--lang", "en", input=ALWAYS_FIRST))
    assert WINNER.search(out), out[-1500:]
    assert "Game over after" in out
    assert "Your choice [1-" in out
    assert "\x1b[" not in out  # no colours in a pipe


def test_watch_is_reproducible_and_ends_by_itself(runner):
    first = ok(play(runner, "trentuno", "--watch", "--seed", "3", "--lang", "en"))
    second = ok(play(runner, "trentuno", "--watch", "--seed", "3", "--lang", "en"))
    assert first == second
    assert WINNER.search(first)
    assert "Your choice" not in first
    assert "(you)" not in first
    assert "seed 3" in first.splitlines()[0]


def test_watch_narrates_every_move_of_the_record(runner, tmp_path):
    """One line per move, and a stock draw never names its card (nobody sees it)."""
    path = tmp_path / "w.json"
    out = ok(play(runner, "trentuno", "--watch", "--seed", "4", "--lang", "en",
                  "--save", str(path)))
    record = load_record(path)
    moves = [m for h in record["hands"] for m in h["moves"]]
    kinds = [m["kind"] for m in moves]
    draws = re.findall(r"^Player \d \(greedy\) draws a card from the stock\.$", out, re.M)
    takes = re.findall(r"^Player \d \(greedy\) takes .* \(\w+\) from the discard pile\.$",
                       out, re.M)
    discards = re.findall(r"^Player \d \(greedy\) discards .* \(\w+\)\.$", out, re.M)
    knocks = re.findall(r"^Player \d \(greedy\) knocks\.$", out, re.M)
    assert len(draws) + len(takes) == kinds.count("draw")
    assert len(discards) == kinds.count("discard")
    assert len(knocks) == kinds.count("knock")
    assert not re.search(r"draws (?!a card).* from the stock", out)


def test_watch_delay_is_checked(runner):
    result = play(runner, "trentuno", "--watch", "--delay", "-1")
    assert result.exit_code == 2
    assert "--delay" in result.output
    result = play(runner, "trentuno", "--watch", "--delay", "nan")
    assert result.exit_code == 2


def test_watch_with_a_small_delay(runner, monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(cmd_play.time, "sleep", slept.append)
    ok(play(runner, "scat", "--watch", "--seed", "2", "--delay", "0.25", "--players", "2"))
    assert slept and set(slept) == {0.25}


# ---- the table and the choices ------------------------------------------------------------
def test_the_table_shows_hand_value_zones_lives_dealer_and_choices(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="q\nn\n"))
    table = out.split("── Trentuno · hand 1 · round 1")[1]
    assert "Player 1 (you)     3 lives" in table
    assert "dealer" in table and "◀ your turn" in table
    assert "Pot: 0" in table
    assert re.search(r"Stock:\s+\d+ cards, face down", table)
    assert re.search(r"Discard pile:\s+\w+\s+\w+ of \w+\s+\(\d cards?\)", table)
    # the hand: code and name, then its value and combination under the ruleset
    assert re.search(r"Your hand: \d+ \((best suit|three of a kind|thirty-one)\)", table)
    assert len(re.findall(r"^    \w{2,3}\s+\w+ of \w+$", table, re.M)) == 3
    # only the legal moves, numbered, in the ruleset's words (no knock in the first round)
    assert "1) Draw from the stock" in table
    assert re.search(r"2\) Take the discard: \w+ of \w+ \(\w+\)", table)
    assert "Knock" not in table


def test_discard_choices_name_the_card_and_the_value_left(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "it", input="1\nq\nn\n"))
    choices = re.findall(r"^\s+\d\) Scarta: (.+) \((\w+)\)  → (\d+) \((\w+)\)$", out, re.M)
    assert len(choices) == 4
    assert all(ITALIAN_CARD.fullmatch(name) for name, *_ in choices)


def test_swap_choices_give_and_take(runner):
    out = ok(play(runner, "schwimmen", "--seed", "1", "--lang", "en", input="q\nn\n"))
    assert re.search(r"^\s+1\) Swap one card: give \w+, take \w+  → [\d.]+ \(.+\)$", out, re.M)
    assert "Swap all three: take " in out
    assert "Pass (schieben)" in out


def test_zone_words_in_italian(runner):
    out = ok(play(runner, "scat", "--seed", "5", "--lang", "it", "--watch"))
    assert re.search(r"^  Vedova:  3 carte, coperte$", out, re.M)
    assert re.search(r"prende .+ dalla vedova\.$", out, re.M)


def test_wrong_input_is_asked_again(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en",
                  input="abc\n0\n99\n\n-1\n1.5\n1\nq\nn\n"))
    assert out.count("Please type a number from 1 to 2") == 5  # abc 0 99 -1 1.5
    assert out.count("Type the number of your choice (1 to 2)") == 1  # the empty line
    assert "\nYou draw " in out or "\nYou take " in out


def test_question_mark_shows_the_table_again(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="?\nq\nn\n"))
    assert out.count("── Trentuno · hand 1 · round 1") == 2


def test_a_move_can_be_typed_as_its_cards(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="1\nq\nn\n"))
    code = found(r"^\s+1\) Discard: .+ \((\w+)\)", out, re.M).group(1)
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en",
                  input=f"1\n{code.lower()}\nq\nn\n"))
    assert re.search(rf"^You discard .+ \({code}\)\.$", out, re.M)


def test_a_swap_is_typed_as_its_cards_in_any_order(runner):
    """Schwimmen, seed 3: the hand is Qh 10h Ad, the table Ah 7c 9s."""
    args = ("schwimmen", "--seed", "3", "--lang", "en")
    out = ok(play(runner, *args, input="ah ad\nq\nn\n"))
    assert "You give the Ace of diamonds (Ad) and take the Ace of hearts (Ah)" in out
    out = ok(play(runner, *args, input="9s AH 7c\nq\nn\n"))  # the whole table
    assert re.search(r"^You take .*the Ace of hearts.* from the table", out, re.M)
    out = ok(play(runner, *args, input="ah\nq\nn\n"))  # several moves take it: which?
    assert "ah fits choices 1, 4, 7, 10: type the number of one (1 to 11)." in out
    assert not re.search(r"^You (give|take)", out, re.M)  # no move made


def test_a_capture_is_typed_as_its_cards(runner):
    """Scopa, seed 4, the person's fifth move: the 7d takes 3c and 4d, or 6c and Ac."""
    args = ("scopa", "--seed", "4", "--lang", "en")
    first = "1\n" * 4
    out = ok(play(runner, *args, input=first + "4D 3c 7d\nq\nn\n"))
    assert re.search(r"^You play the Seven of coins \(7d\) and take the "
                     r"Three of cups \(3c\) and the Four of coins \(4d\)", out, re.M), out[-800:]
    out = ok(play(runner, *args, input=first + "7d\nac\nq\nn\n"))
    assert "7d fits choices 1, 2: type the number of one (1 to 3)." in out
    assert re.search(r"^You play the Seven of coins \(7d\) and take the "
                     r"Six of cups \(6c\) and the Ace of cups \(Ac\)", out, re.M)
    out = ok(play(runner, *args, input=first + "9s\nq\nn\n"))  # not a card he holds
    assert "Please type a number from 1 to 3" in out


def test_other_players_hidden_draws_are_not_revealed(runner):
    out = ok(play(runner, "trentuno", "--seed", "5", "--lang", "en", input="1\n" * 60 + "q\nn\n"))
    bot_draws = [line for line in out.splitlines()
                 if re.match(r"Player [234] \(greedy\) draws", line)]
    assert bot_draws and all(line.endswith("draws a card from the stock.") for line in bot_draws)
    # the person's own draws name the card he drew
    assert re.search(r"^You draw the \w+ of \w+ \(\w+\) from the stock\.$", out, re.M)


def test_end_of_hand_shows_every_hand_and_who_pays(runner):
    out = ok(play(runner, "trentuno", "--seed", "5", "--lang", "en", input=ALWAYS_FIRST))
    end = out.split("── End of hand 1 ")[1].split("── Hand 2")[0]
    assert re.search(r"knocked: the hands are compared\.|wins the hand\.", end)
    rows = re.findall(r"^  Player \d \(\w+\)\s+(\w+ \w+ \w+)\s+(\d+) \((.+)\)$", end, re.M)
    assert len(rows) == 4
    assert re.search(r"^(Player \d \(\w+\) loses|You lose) a life \((\d|none) left\)\.$", end,
                     re.M)
    assert "Returns (what each player won less what he paid):" in out


# ---- languages ----------------------------------------------------------------------------
def test_italian(runner):
    out = ok(play(runner, "trentuno", "--seed", "2", "--lang", "it",
                  input="1\n1\n1\n1\nq\nn\n"))
    assert ITALIAN_CARD.search(out)
    assert "Pesca dal tallone" in out and "Prendi lo scarto" in out
    assert re.search(r"^\s+3\) Bussa$", out, re.M)  # the second round: knocking is allowed
    assert "La tua mano" in out and "Scelta [1-" in out
    assert "Salvare la partita? [s/N]" in out
    assert ENGLISH_ITALIAN_CARD.search(out) is None


def test_english_names_of_the_italian_deck(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="q\nn\n"))
    assert ENGLISH_ITALIAN_CARD.search(out)
    assert ITALIAN_CARD.search(out) is None
    assert "Draw from the stock" in out


def test_the_language_comes_from_the_locale(runner):
    it = {"LANG": "it_IT.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
    out = ok(play(runner, "trentuno", "--seed", "1", input="q\nn\n", env=it))
    assert "Cosa fai?" in out
    en = {"LANG": "it_IT.UTF-8", "LC_ALL": "C.UTF-8", "LC_MESSAGES": None}
    out = ok(play(runner, "trentuno", "--seed", "1", input="q\nn\n", env=en))
    assert "Your move:" in out
    assert default_language({}) == "en"
    assert default_language({"LC_MESSAGES": "it_CH"}) == "it"
    assert default_language({"LANG": "en_GB.UTF-8"}) == "en"


def test_card_names_come_from_the_deck_data():
    italian, french = load("trentuno"), load("schwimmen")
    def card(rules, lang, code, form=""):
        return format(TableView(rules, lang).card(rules.deck.parse(code)), form)
    assert card(italian, "it", "Rc", "bare") == "Re di coppe (Rc)"
    assert card(italian, "en", "Rc", "bare") == "King of cups (Rc)"
    assert card(french, "en", "Kh", "bare") == "King of hearts (Kh)"
    assert card(french, "it", "Kh", "bare") == "Re di cuori (Kh)"
    # in a sentence, with the article Italian gives the rank
    assert card(italian, "it", "Rc") == "il Re di coppe (Rc)"
    assert card(italian, "en", "Rc") == "the King of cups (Rc)"
    assert card(italian, "it", "Ac") == "l'Asso di coppe (Ac)"
    assert card(french, "it", "Qd") == "la Donna di quadri (Qd)"
    assert card(french, "it", "8s", "da") == "dall'Otto di picche (8s)"
    jokers = load("house/jokers")  # a joker has no rank: its own name gives the article
    assert card(jokers, "it", "Jk") == "il Jolly (Jk)"
    assert card(jokers, "en", "Jk") == "the Joker (Jk)"


def test_a_house_deck_and_labels_name_things(runner, tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("""\
extends: trentuno
name: house-names
title: House names
deck:
  preset: null
  suits:
    - {code: c, name: {en: cups, it: coppe}}
    - {code: d, name: {en: coins, it: denari}}
    - {code: b, name: {en: clubs, it: bastoni}}
    - {code: s, name: {en: swords, it: spade}}
  ranks:
    - {code: A, value: 11, name: {en: Ace, it: Asso}}
    - {code: "2", value: 2, name: {en: Deuce, it: Duino}}
    - {code: "3", value: 3, name: {en: Trey, it: Treino}}
    - {code: "4", value: 4, name: {en: Four, it: Quattro}}
    - {code: "5", value: 5, name: {en: Five, it: Cinque}}
    - {code: "6", value: 6, name: {en: Six, it: Sei}}
    - {code: "7", value: 7, name: {en: Seven, it: Sette}}
    - {code: F, value: 10, name: {en: Page, it: Fantino}}
    - {code: C, value: 10, name: {en: Rider, it: Cavaliere}}
    - {code: R, value: 10, name: {en: Boss, it: Capo}}
labels:
  stock: {en: The heap, it: Il mucchio}
  knocked: {en: stood, it: sta}
turn:
  start: choose
  steps:
    choose:
      - {do: draw, from: stock, then: discard}
      - {do: draw, from: discard, then: discard, label: {en: Pick up}}
      - {do: knock, if: [{round_at_least: 2}, {nobody_knocked: true}]}
    discard:
      - {do: discard, to: discard, label: {en: Throw, it: Butta}}
""", encoding="utf-8")
    out = ok(play(runner, str(path), "--seed", "2", "--lang", "it", input="1\n1\n" * 3 +
                  "q\nn\n"))
    assert "Mucchio:" in out                                 # the zone's name from `labels:`
    assert "1) Pesca dal mucchio" in out                     # the built-in word for a draw
    assert "2) Pesca dalla pila degli scarti: " in out       # a label in English only
    assert "3) Bussa" in out                                 # no label at all
    assert "1) Butta: " in out
    assert re.search(r"\b(Duino|Treino|Fantino|Cavaliere|Capo) di \w+", out)  # its own names
    rules = load(str(path))
    state = GameState(rules, 4, seed=2)
    state.knocker = 2  # only to look at the table
    rows = TableView(rules, "it", seat=0).players(state)
    assert re.search(r"Giocatore 3 +3 vite  (mazziere, )?sta\b", "\n".join(rows), re.M)


def test_every_message_exists_in_both_languages():
    assert set(MESSAGES["en"]) == set(MESSAGES["it"])
    for key in MESSAGES["en"]:
        en, it = MESSAGES["en"][key], MESSAGES["it"][key]
        assert set(re.findall(r"{(\w+)[:}]", en)) == set(re.findall(r"{(\w+)[:}]", it)), key
    assert Texts("it")("hands", n=1) == "1 mano" and Texts("en")("hands", n=2) == "2 hands"


# ---- quitting, saving, resuming -----------------------------------------------------------
def test_quit_and_save_writes_a_record_that_replays(runner, tmp_path):
    path = tmp_path / "half.json"
    out = ok(play(runner, "trentuno", "--seed", "7", "--lang", "en",
                  input=f"1\n1\n1\nq\ny\n{path}\n"))
    assert f"Game saved to {path}." in out
    assert f"trentuno play --resume {path}" in out
    record = load_record(path)
    assert record["seed"] == 7 and "result" not in record
    assert record["bots"] == ["person", "greedy", "greedy", "greedy"]
    state = replay(record, load("trentuno"))
    assert not state.is_over
    assert sum(1 for _, m in state.moves if m["player"] == 0) == 3


def test_quit_default_file_name(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ok(play(runner, "trentuno", "--seed", "8", "--lang", "en", input="q\nyes\n\n"))
    assert "File name [trentuno-8.json]" in out
    assert load_record(tmp_path / "trentuno-8.json")["seed"] == 8


def test_quit_save_to_a_bad_place_asks_again(runner, tmp_path):
    good = tmp_path / "good.json"
    out = ok(play(runner, "trentuno", "--seed", "8", "--lang", "en",
                  input=f"q\ny\n{tmp_path}/no/such/dir/x.json\n{good}\n"))
    assert "Could not save to" in out
    assert good.exists()


def test_save_on_a_finished_game_replays_to_the_same_result(runner, tmp_path):
    path = tmp_path / "done.json"
    out = ok(play(runner, "scat", "--seed", "21", "--lang", "en", "--save", str(path),
                  input=ALWAYS_FIRST))
    record = load_record(path)
    assert "result" in record
    state = replay(record, load("scat"))  # verifies the recorded result
    assert state.is_over and state.winners == record["result"]["winners"]
    line = found(r"^Winners?: .*$", out, re.M).group(0)
    assert re.findall(r"Player (\d)", line) == [str(p + 1) for p in state.winners]


def test_resume_continues_a_saved_game_to_the_end(runner, tmp_path):
    half, full = tmp_path / "half.json", tmp_path / "full.json"
    ok(play(runner, "trentuno", "--seed", "12", "--lang", "en",
            input=f"1\n1\n2\n1\nq\ny\n{half}\n"))
    out = ok(play(runner, "trentuno", "--resume", str(half), "--lang", "en",
                  "--save", str(full), input=ALWAYS_FIRST))
    assert f"Resumed {half}: " in out
    assert re.search(r"── Hand \d so far", out)
    assert WINNER.search(out)
    before, after = load_record(half), load_record(full)
    old = [m for h in before["hands"] for m in h["moves"]]
    new = [m for h in after["hands"] for m in h["moves"]]
    assert new[:len(old)] == old and len(new) > len(old)
    assert replay(after, load("trentuno")).is_over


def test_resume_refuses_another_or_a_changed_ruleset(runner, tmp_path):
    half = tmp_path / "half.json"
    ok(play(runner, "trentuno", "--seed", "12", "--lang", "en",
            input=f"1\nq\ny\n{half}\n"))
    result = play(runner, "scat", "--resume", str(half), "--lang", "en", input="q\nn\n")
    assert result.exit_code == 1
    assert f"cannot resume {half}: it is a game of trentuno, not scat" in result.output
    changed = tmp_path / "trentuno.yaml"
    changed.write_text("extends: trentuno\nname: trentuno\nstakes:\n  lives: 5\n",
                       encoding="utf-8")
    result = play(runner, str(changed), "--resume", str(half), "--lang", "en", input="q\nn\n")
    assert result.exit_code == 1
    assert "has changed since this record was made" in result.output
    assert "Traceback" not in result.output


def test_resume_keeps_the_records_players_and_seed(runner, tmp_path):
    half = tmp_path / "half.json"
    ok(play(runner, "trentuno", "--seed", "12", "--lang", "en", input=f"q\ny\n{half}\n"))
    result = play(runner, "trentuno", "--resume", str(half), "--players", "5")
    assert result.exit_code == 2 and "--players" in result.output
    result = play(runner, "trentuno", "--resume", str(half), "--seed", "13")
    assert result.exit_code == 2 and "--seed" in result.output
    result = play(runner, "trentuno", "--resume", str(half), "--seat", "3")
    assert result.exit_code == 2 and "--seat cannot change a saved game" in result.output
    assert "was played with 1" in result.output  # seats counted from 1, as --seat counts
    result = play(runner, "trentuno", "--resume", str(half), "--bots", "random")
    assert result.exit_code == 2 and "--bots cannot change a saved game" in result.output
    result = play(runner, "trentuno", "--resume", str(half), "--watch")
    assert result.exit_code == 2 and "--watch cannot change a saved game" in result.output
    out = ok(play(runner, "trentuno", "--resume", str(half), "--seed", "12", "--seat", "1",
                  "--bots", "greedy", "--lang", "en", input="q\nn\n"))
    assert "You are Player 1." in out


def test_a_game_with_bots_given_parameters_resumes_with_them(runner, tmp_path):
    saved = tmp_path / "mc.json"
    ok(play(runner, "scopa", "--seed", "2", "--bots", "mc:iterations=20", "--save", str(saved),
            "--lang", "en", input="1\nq\nn\n"))
    out = ok(play(runner, "--resume", str(saved), "--lang", "en", input="q\nn\n"))
    assert "Resumed" in out and "Player 2 (mc:iterations=20)" in out
    result = play(runner, "--resume", str(saved), "--bots", "mc:iterations=21")
    assert result.exit_code == 2 and "was played with mc:iterations=20" in result.output
    record = json.loads(saved.read_text())
    record["bots"][1] = "mc:iterations=999999999999"  # a tampered budget: refused, not run
    saved.write_text(json.dumps(record))
    result = play(runner, "--resume", str(saved), input="q\nn\n")
    assert result.exit_code == 1 and "iterations must be from 1 to" in result.output


def test_resume_a_missing_or_broken_file(runner, tmp_path):
    result = play(runner, "trentuno", "--resume", str(tmp_path / "none.json"))
    assert result.exit_code == 1 and "cannot read" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}), encoding="utf-8")
    result = play(runner, "trentuno", "--resume", str(bad))
    assert result.exit_code == 1 and "not a trentuno record" in result.output


def test_end_of_input_mid_game_saves_it(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="1\n1\n1\n"))
    assert "Input ended: the game stops here." in out
    assert "Game saved to trentuno-1.json." in out  # nobody to ask: saved unasked, here
    assert "trentuno play --resume trentuno-1.json" in out
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="1\n"))
    assert "Game saved to trentuno-1-2.json." in out  # never over another file
    moves = load_record(tmp_path / "trentuno-1.json")["hands"][0]["moves"]
    assert [m["player"] for m in moves].count(0) == 3  # draw, discard, draw
    path = tmp_path / "eof.json"
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", "--save", str(path),
                  input="1\n1\n1\n"))
    assert f"Game saved to {path}." in out
    assert not replay(load_record(path), load("trentuno")).is_over


@pytest.mark.parametrize("typed", ["q\n", "q\ny\n", "1\n1\nq\nyes\n"])
def test_end_of_input_at_a_save_question_saves_unasked(runner, tmp_path, typed):
    """Ctrl-D at "Save the game?" or at the file name after a yes: nobody can answer, so
    the game is saved as an unasked save would (never "not saved")."""
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input=typed))
    assert "not saved" not in out
    assert "Input ended: the game stops here.\nGame saved to trentuno-1.json." in out
    record = load_record(tmp_path / "trentuno-1.json")
    moves = sum(len(h["moves"]) for h in record["hands"])
    assert [m["player"] for h in record["hands"] for m in h["moves"]].count(0) == \
        typed.count("1\n") and moves >= typed.count("1\n")


def test_no_at_the_save_question_does_not_save(runner, tmp_path):
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="q\nn\n"))
    assert out.rstrip().endswith("The game was not saved.")
    assert not list(tmp_path.iterdir())


def _scripted(monkeypatch, answers):
    """Make the command read `answers` one per line; a KeyboardInterrupt item is a Ctrl-C,
    a function is called (something happens to the machine meanwhile) and the next item
    read."""
    answers = list(answers)

    def read_line():
        while answers and callable(answers[0]) and answers[0] is not KeyboardInterrupt:
            answers.pop(0)()
        if not answers:
            return None
        item = answers.pop(0)
        if item is KeyboardInterrupt:
            raise KeyboardInterrupt
        return item
    monkeypatch.setattr(cmd_play, "_read_line", read_line)


def test_ctrl_c_offers_to_save(runner, monkeypatch, tmp_path):
    path = tmp_path / "c.json"
    _scripted(monkeypatch, ["1", "1", KeyboardInterrupt, "y", str(path)])
    out = ok(play(runner, "trentuno", "--seed", "3", "--lang", "en"), code=130)
    assert "Interrupted." in out and f"Game saved to {path}." in out
    state = replay(load_record(path), load("trentuno"))
    assert sum(1 for _, m in state.moves if m["player"] == 0) == 2


def test_ctrl_c_with_save_option_saves_at_once(runner, monkeypatch, tmp_path):
    path = tmp_path / "c.json"
    _scripted(monkeypatch, ["1", KeyboardInterrupt])
    out = ok(play(runner, "trentuno", "--seed", "3", "--lang", "en", "--save", str(path)),
             code=130)
    assert "Save the game?" not in out and path.exists()


@pytest.mark.parametrize("first", ["q", KeyboardInterrupt])
def test_ctrl_c_at_the_save_question_saves_unasked(runner, monkeypatch, tmp_path, first):
    """Nobody answered the question: only a no leaves a game unsaved."""
    _scripted(monkeypatch, ["1", first, KeyboardInterrupt])
    out = ok(play(runner, "trentuno", "--seed", "3", "--lang", "en"), code=130)
    assert "Save the game? [y/N]" in out and "not saved" not in out
    assert "Interrupted.\nGame saved to trentuno-3.json." in out
    moves = load_record(tmp_path / "trentuno-3.json")["hands"][0]["moves"]
    assert [m["player"] for m in moves].count(0) == 1


@pytest.mark.parametrize("spoil", ["removed", "made a file"])
def test_a_finished_game_whose_save_fails_is_saved_here_and_exits_1(runner, monkeypatch,
                                                                   tmp_path, spoil):
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / "done.json"

    def spoil_it():  # after the check at the start, before the end: gone, or a file
        folder.rmdir()
        if spoil == "made a file":
            folder.write_text("in the way", encoding="utf-8")
    _scripted(monkeypatch, ["1", spoil_it, *["1"] * 5000])
    out = ok(play(runner, "scat", "--seed", "21", "--lang", "en", "--save", str(target)),
             code=1)
    assert re.search(rf"^Could not save to {re.escape(str(target))}: "
                     r"(No such file or directory|Not a directory)$", out, re.M)
    assert "Game saved to trentuno-21.json." in out
    record = load_record(tmp_path / "trentuno-21.json")
    state = replay(record, load("scat"))  # checks the recorded result
    assert state.is_over and "result" in record


def test_ctrl_c_whose_save_fails_is_saved_here(runner, monkeypatch, tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    _scripted(monkeypatch, ["1", folder.rmdir, "1", KeyboardInterrupt])
    out = ok(play(runner, "trentuno", "--seed", "3", "--lang", "en", "--save",
                  str(folder / "g.json")), code=130)
    assert "Could not save to" in out and "Game saved to trentuno-3.json." in out
    moves = load_record(tmp_path / "trentuno-3.json")["hands"][0]["moves"]
    assert [m["player"] for m in moves].count(0) == 2


def test_when_here_cannot_be_written_the_game_goes_to_the_state_folder(runner, monkeypatch,
                                                                      tmp_path):
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    here.rmdir()  # the current folder is gone: no file can be made in it
    state_home = tmp_path / "state"
    out = ok(play(runner, "trentuno", "--seed", "1", "--lang", "en", input="1\n1\n",
                  env={"XDG_STATE_HOME": str(state_home), "HOME": str(tmp_path)}))
    saved = state_home / "trentuno" / "trentuno-1.json"
    assert "Could not save to trentuno-1.json: No such file or directory" in out
    assert f"Game saved to {saved}." in out and f"--resume {saved}" in out
    assert [m["player"] for m in load_record(saved)["hands"][0]["moves"]].count(0) == 2


def test_sigterm_while_a_bot_thinks_stops_it_at_once(runner, monkeypatch, tmp_path):
    """The Monte Carlo bot's worlds are counted: the signal comes in the third, and no
    other world is tried after it; the game is saved as it stood before the move."""
    worlds = []
    resample = GameState.resample

    def counted(state, *args, **kwargs):
        worlds.append(state)
        if len(worlds) == 3:
            os.kill(os.getpid(), signal.SIGTERM)
        if len(worlds) > 100:  # work, not time: it went on thinking
            raise AssertionError("the bot went on thinking after SIGTERM")
        return resample(state, *args, **kwargs)
    monkeypatch.setattr(GameState, "resample", counted)
    path = tmp_path / "mc.json"
    out = ok(play(runner, "trentuno", "--seed", "4", "--lang", "en", "--bots",
                  "greedy,greedy,mc:iterations=1000000", "--save", str(path),
                  input=ALWAYS_FIRST), code=128 + signal.SIGTERM)
    assert len(worlds) <= 4  # (the signal may land just after the third one is made)
    assert f"Stopped by SIGTERM.\nGame saved to {path}." in out
    monkeypatch.setattr(GameState, "resample", resample)
    state = replay(load_record(path), load("trentuno"))
    assert state.current_player == 3 and len(state.legal_actions()) > 1  # the bot's move
    assert state.moves == worlds[0].moves  # ... as the bot found the game


def test_a_closed_output_saves_the_game_and_says_where_on_stderr(tmp_path):
    """`trentuno play ... | true`: the reader of the output leaves; the game is saved as a
    hang-up saves it, and stderr (another file) says where."""
    child = subprocess.Popen([sys.executable, "-m", "trentuno.cli", "play", "trentuno",
                              "--seed", "6", "--lang", "en"], cwd=tmp_path,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=dict(os.environ, HOME=str(tmp_path)))
    assert child.stdout is not None
    child.stdout.close()  # before the child writes its first line
    _, raw = child.communicate(ALWAYS_FIRST.encode(), timeout=120)
    err = raw.decode()
    assert child.returncode == 128 + signal.SIGPIPE, err
    assert "Game saved to trentuno-6.json." in err and "Traceback" not in err
    assert not replay(load_record(tmp_path / "trentuno-6.json"), load("trentuno")).is_over


def _on_a_full_disk(folder) -> list[str] | None:
    """A command prefix running a program with `folder` a full 4 KiB disk of its own (a
    tmpfs in a private mount namespace, so nothing else sees it); None where that cannot
    be done (not root, no unshare)."""
    unshare = shutil.which("unshare")
    if unshare is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    prefix = [unshare, "-m", "sh", "-c", 'mount -t tmpfs -o size=4k tmpfs "$0" && exec "$@"',
              str(folder)]
    probe = subprocess.run([*prefix, "true"], capture_output=True, timeout=60, check=False)
    return prefix if probe.returncode == 0 else None


def test_a_finished_game_on_a_full_disk_is_saved_elsewhere_and_exits_1(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    prefix = _on_a_full_disk(disk)
    if prefix is None:
        pytest.skip("needs root and unshare to mount a tiny disk")
    target = disk / "done.json"
    done = subprocess.run([*prefix, sys.executable, "-m", "trentuno.cli", "play", "scat",
                           "--seed", "21", "--lang", "en", "--save", str(target)],
                          cwd=tmp_path, input=ALWAYS_FIRST, capture_output=True, text=True,
                          env=dict(os.environ, HOME=str(tmp_path)), timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert f"Could not save to {target}: No space left on device" in done.stdout
    assert "Game saved to trentuno-21.json." in done.stdout
    assert not target.exists()  # (the tiny disk was never seen outside)
    record = load_record(tmp_path / "trentuno-21.json")
    assert replay(record, load("scat")).is_over and "result" in record


def test_a_failure_inside_the_game_saves_what_was_played_first(runner, monkeypatch,
                                                               tmp_path):
    path = tmp_path / "f.json"
    real_apply = GameState.apply
    calls = []

    def failing_apply(state, action):
        calls.append(action)
        if len(calls) == 12:
            raise RuntimeError("a bug in the middle of a move")
        real_apply(state, action)
    monkeypatch.setattr(GameState, "apply", failing_apply)
    result = play(runner, "trentuno", "--seed", "5", "--lang", "en", "--save", str(path),
                  input=ALWAYS_FIRST)
    assert isinstance(result.exception, RuntimeError)  # still reported as the bug it is
    assert "The game failed: what was played until now is saved first." in result.output
    assert f"Game saved to {path}." in result.output
    monkeypatch.setattr(GameState, "apply", real_apply)
    record = load_record(path)
    assert sum(len(h["moves"]) for h in record["hands"]) == 11 and "result" not in record
    replay(record, load("trentuno"))  # the moves before the failing one, whole


def test_save_is_checked_before_the_first_move(runner, tmp_path):
    result = play(runner, "trentuno", "--save", str(tmp_path), input="q\nn\n")
    assert result.exit_code == 1 and "not a regular file (a folder)" in result.output
    assert "Your choice" not in result.output
    taken = tmp_path / "taken.json"
    taken.write_text("ours", encoding="utf-8")
    result = play(runner, "trentuno", "--save", str(taken), input="q\nn\n")
    assert result.exit_code == 2 and "already exists: give --force" in result.output
    assert taken.read_text(encoding="utf-8") == "ours"
    out = ok(play(runner, "trentuno", "--seed", "2", "--save", str(taken), "--force",
                  input="q\n"))
    assert f"Game saved to {taken}." in out and load_record(taken)["seed"] == 2


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_save_into_a_read_only_folder_is_refused_at_once(runner, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        result = play(runner, "trentuno", "--save", str(folder / "g.json"), input="q\n")
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 1 and "no new file can be made in its folder" in result.output


def test_resume_needs_no_variant_keeps_the_language_and_saves_back(runner, tmp_path):
    path = tmp_path / "g.json"
    ok(play(runner, "trentuno", "--seed", "6", "--lang", "it", "--save", str(path),
            input="1\n1\nq\n"))
    first = load_record(path)
    assert first["lang"] == "it"
    out = ok(play(runner, "--resume", str(path), input="1\n1\nq\n"))
    assert "Partita ripresa da " in out and f"Partita salvata in {path}." in out
    assert "trentuno play --resume" in out
    moves = [m for h in load_record(path)["hands"] for m in h["moves"]]
    assert len(moves) > sum(len(h["moves"]) for h in first["hands"])
    result = play(runner, input="q\n")
    assert result.exit_code == 2 and "VARIANT" in result.output


# ---- options ------------------------------------------------------------------------------
@pytest.mark.parametrize("args, where", [
    (["--players", "13"], "--players"),
    (["--seat", "5"], "--seat"),
    (["--seat", "0"], "--seat"),
    (["--bots", "greedy,random"], "--bots"),
    (["--bots", "clever"], "--bots"),
    (["--watch", "--seat", "1"], "--seat"),
    (["--lang", "fr"], "--lang"),
])
def test_bad_options_are_usage_errors(runner, args, where):
    result = play(runner, "trentuno", *args, input="q\nn\n")
    assert result.exit_code == 2, result.output
    assert where in result.output
    assert "Traceback" not in result.output


def test_bots_for_the_other_seats_in_seat_order(runner):
    out = ok(play(runner, "trentuno", "--seed", "1", "--seat", "2", "--lang", "en",
                  "--bots", "random,greedy,random", input="q\nn\n"))
    assert ("You are Player 2. The others: Player 1 (random), Player 3 (greedy) and "
            "Player 4 (random).") in out


def test_players_and_seat(runner):
    out = ok(play(runner, "scat", "--players", "2", "--seat", "2", "--seed", "4",
                  "--lang", "en", input=ALWAYS_FIRST))
    assert "2 players" in out.splitlines()[0]
    assert "Player 2 (you)" in out and "Player 3" not in out
    assert WINNER.search(out)


def test_a_random_seed_is_printed(runner):
    out = ok(play(runner, "trentuno", "--lang", "en", input="q\nn\n"))
    seed = found(r"seed (\d+)", out.splitlines()[0]).group(1)
    again = ok(play(runner, "trentuno", "--lang", "en", "--seed", seed, input="q\nn\n"))
    assert again.splitlines()[1:] == out.splitlines()[1:]


def test_play_is_listed_in_help(runner):
    result = runner.invoke(cli, ["play", "--help"], prog_name="trentuno")
    assert result.exit_code == 0
    for option in ("--players", "--seat", "--bots", "--seed", "--lang", "--watch", "--delay",
                   "--save", "--resume"):
        assert option in result.output


def test_a_points_game_shows_penalty_points_not_lives(runner):
    out = ok(play(runner, "house/scat-penalty-points", "--watch", "--seed", "3", "--lang", "en"))
    assert "0 penalty points" in out and " lives" not in out
    assert re.search(r"^Player \d \(greedy\) takes 1 penalty point "
                     r"\(\d+ penalty points? in all\)\.$", out, re.M)
    it = ok(play(runner, "house/scat-penalty-points", "--watch", "--seed", "3", "--lang", "it"))
    assert "punti di penalità" in it and " vite" not in it


def test_the_dealer_plays_an_opening_turn_before_the_first_player(runner):
    out = ok(play(runner, "house/schwimmen-dealer-choice", "--watch", "--seed", "3",
                  "--lang", "en"))
    first_hand = out.split("── Hand 1")[1].split("── ")[0]
    dealer = found(r"Player (\d) \(greedy\)\s+\S+ lives\s+dealer", first_hand).group(1)
    first_move = found(r"^Player (\d) \(greedy\) (passes|gives)", first_hand, re.M)
    assert first_move.group(1) == dealer


TRANSFER_POINTS = """extends: house/best-takes-from-worst
name: transfer-points
stakes: {mode: points, lives: null, into_pot: null, last_chance: null, reentry: null}
end: {target: 7, last_standing: null}
"""


def test_a_transfer_in_a_points_game_says_points_taken_off(runner, tmp_path):
    """The best hand of a points game with a transfer has a penalty point taken off: told as
    such, never as "takes -1 penalty point"."""
    rules = tmp_path / "transfer-points.yaml"
    rules.write_text(TRANSFER_POINTS, encoding="utf-8")
    for lang, says in (("en", " has 1 penalty point taken off ("),
                       ("it", " si toglie 1 punto di penalità (")):
        out = ok(play(runner, str(rules), "--watch", "--seed", "2", "--delay", "0",
                      "--lang", lang))
        assert says in out and " -1 " not in out, out[-1500:]
