"""`trentuno replay`: records of every ruleset replay and verify; changed rules, illegal moves
and broken files are refused with one line; `simulate --record` writes records that replay. The
course is told in the words of `play` (English or Italian), every card named."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import stack
from trentuno.cli.main import cli
from trentuno.engine import GameState, load
from trentuno.engine.record import load as load_record
from trentuno.engine.record import record_of, replay, save
from trentuno.engine.simulate import play_game
from trentuno.engine.variants import builtin_files

ITALIAN_CARD = re.compile(r"\b(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re) di "
                          r"(coppe|denari|bastoni|spade)\b")

BUILTINS = list(builtin_files())


#: No locale: the default language is English, whatever the machine running the tests says.
NO_LOCALE = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def run(*args, env=None, input=None):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno", input=input,
                              env=NO_LOCALE if env is None else env)


def one_line_error(result, *needles):
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("trentuno: error: "), lines
    for needle in needles:
        assert needle in lines[0], lines[0]


def recorded_game(name: str, seed: int, path: Path) -> dict:
    rules = load(name)
    state = play_game(rules, rules.default_players, "greedy", seed, record=True)
    record = record_of(state, bots=["greedy"] * rules.default_players)
    save(record, path)
    return record


@pytest.fixture
def rules_compiled_once(monkeypatch):
    """Within one test, the rules inside records are compiled once per document: the four
    replays of a built-in's two records then share one compiled ruleset and its hand table
    (91,390 hands for house/four-cards, seconds to build), as a simulation shares `load`'s.
    Each record's digest is still checked against its rules before they are looked up."""
    from trentuno.engine import compiler
    compile_document, compiled = compiler.compile_document, {}

    def once(data, source="<rules>", source_path=""):
        key = (json.dumps(data, sort_keys=True), source, source_path)
        if key not in compiled:
            compiled[key] = compile_document(data, source, source_path)
        return compiled[key]
    monkeypatch.setattr(compiler, "compile_document", once)
    return compiled


# ---- round trips ------------------------------------------------------------------------
@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_record_replays(name, tmp_path, rules_compiled_once):
    for seed in (1, 2):
        path = tmp_path / f"game-{seed}.json"
        record = recorded_game(name, seed, path)
        result = run("replay", str(path))
        assert result.exit_code == 0, result.output
        out = result.stdout
        winners = record["result"]["winners"]
        players = record["players"]
        assert "verified: " in out and "the recorded result matches" in out
        assert re.search(rf"^Winners?: .*Player {winners[0] + 1} \(greedy\)", out, re.M)
        scored = load(name).stakes.mode.counts_to_target  # the standing is the score
        ending = "Final score:" if scored else "Returns (what each player won less what he paid):"
        assert f"\n{ending}\n  Player 1 (greedy)" in out
        assert re.search(r"^── Hand 1 · Player \d \(greedy\) deals ─+\nDealt:\n", out, re.M)
        assert "── End of hand 1 ─" in out
        quiet = run("replay", str(path), "--quiet")
        assert quiet.exit_code == 0
        lines = quiet.stdout.splitlines()
        assert lines[0].startswith("verified: ") and "Game over after" in lines[1]
        assert lines[2].startswith("Winner") and lines[3] == ending
        rows = len(GameState(load(name), players, seed=1).side_members)
        assert len(lines) == 4 + (rows if scored else players)  # a row per side or player
    assert rules_compiled_once, "the replays read the rules inside the records"


def test_the_course_names_moves_and_cards(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 5, path)
    out = run("replay", str(path)).stdout
    cards = load("trentuno").deck

    def card(code):  # "the King of cups (Rc)"
        return f"the {cards.name(cards.parse(code), 'en')} ({code})"
    first = record["hands"][0]
    deck = first["deck"]
    top_after_deal = deck[12 + 1]  # 4 players x 3 cards, then the discard: the stock's top
    assert re.search(rf"^  Discard pile +{deck[12]}$", out, re.M)
    move = first["moves"][0]
    assert move["step"] == "choose"
    p = move["player"] + 1
    if move["option"] == 0:  # a hidden card, named all the same
        assert f"\nPlayer {p} (greedy) draws {card(top_after_deal)} from the stock.\n" in out
    else:
        assert f"\nPlayer {p} (greedy) takes {card(deck[12])} from the discard pile.\n" in out
    discard = first["moves"][1]
    assert f"\nPlayer {p} (greedy) discards {card(discard['cards'][0])}.\n" in out
    assert re.search(r"^Player \d \(greedy\) loses a life \(", out, re.M)


def test_a_widow_game_course(tmp_path):
    path = tmp_path / "g.json"
    recorded_game("scat", 3, path)
    out = run("replay", str(path)).stdout
    assert re.search(r"^  Widow +\S+ \S+ \S+ ", out, re.M)  # the widow dealt, with its value
    assert "The cards of the widow are turned face up: " in out
    assert re.search(r"^Player \d \(greedy\) (gives .* and )?takes .* from the widow", out, re.M)


def test_a_record_with_moves_but_no_result_replays_as_unfinished(tmp_path):
    rules = load("trentuno")
    state = GameState(rules, 4, seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "unfinished.json"
    save(record_of(state), path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "5 moves replay exactly" in result.stdout
    assert "The game is not over: the record stops in hand 1, Player " in result.stdout


# ---- a hand-written scenario: a record as a test fixture -------------------------------------
def dealt_31_record(tmp_path):
    """A hand-written record: seat 3 is dealt Ac Rc Fc (31) in a four-player Trentuno."""
    rules = load("trentuno")
    deck = stack(rules, dealer=0, players=4, hands={3: "Ac Rc Fc"})
    record = {"format": "trentuno-record", "version": 1,
              "ruleset": {"name": rules.name, "digest": rules.digest,
                          "source": "variants/trentuno.yaml"},
              "seed": 11, "players": 4, "first_dealer": 0, "bots": None,
              "hands": [{"deck": deck, "moves": []}]}
    path = tmp_path / "dealt-31.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return rules, path


def test_a_hand_written_record_is_a_scenario_test(tmp_path):
    """Seat 3 is dealt 31 (Ac Rc Fc): the hand ends at once, everybody else loses a life."""
    rules, path = dealt_31_record(tmp_path)
    state = replay(load_record(path), rules)
    end = next(e for e in state.events if e.kind == "hand_end")
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert state.lives[:3] == [2, 2, 2] and state.lives[3] == 3
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "\nPlayer 4 was dealt thirty-one and wins the hand.\n" in result.stdout
    assert "\nPlayer 1 loses a life (2 left).\n" in result.stdout
    assert "Player 4 loses a life" not in result.stdout


# ---- languages --------------------------------------------------------------------------
def king_of_cups_discarded(path: Path) -> dict:
    """A record of one hand begun: seat 3 (Player 4) draws from the stock and discards Rc."""
    rules = load("trentuno")
    deck = stack(rules, dealer=0, players=4, hands={3: "Rc 2d 3s"}, stock="4s")
    state = GameState(rules, 4, seed=11, decks=[deck], dealer=0)
    assert state.current_player == 3
    draw = next(a for a in state.legal_actions() if a.kind == "draw" and a.zone == "stock")
    state.apply(draw)
    rc = rules.deck.parse("Rc")
    state.apply(next(a for a in state.legal_actions() if a.cards == (rc,)))
    record = record_of(state, bots=["greedy"] * 3 + ["person"])
    save(record, path)
    return record


def test_replay_in_italian(tmp_path):
    path = tmp_path / "rc.json"
    king_of_cups_discarded(path)
    out = run("replay", str(path), "--lang", "it").stdout
    assert "── Mano 1 · dà le carte il Giocatore 1 (greedy) ─" in out
    assert "\nCarte distribuite:\n" in out
    assert re.search(r"^  Giocatore 4 +Rc 2d 3s +10 \(seme\)$", out, re.M)
    assert re.search(r"^  Tallone +27 carte$", out, re.M)
    # the person's seat is a plain player; the hidden draw is named
    assert "\nIl Giocatore 4 pesca il Quattro di spade (4s) dal tallone.\n" in out
    assert "\nIl Giocatore 4 scarta il Re di coppe (Rc).\n" in out
    assert "\nverificata: 1 mano e 2 mosse si rigiocano esattamente con trentuno " in out
    assert ("La partita non è finita: la registrazione si ferma alla mano 1, tocca "
            "al Giocatore 3 (greedy).") in out
    assert "King" not in out and "draws" not in out


def test_replay_in_english(tmp_path):
    path = tmp_path / "rc.json"
    king_of_cups_discarded(path)
    out = run("replay", str(path), "--lang", "en", env={"LANG": "it_IT.UTF-8"}).stdout
    rc = load("trentuno").deck.name(load("trentuno").deck.parse("Rc"), "en")
    assert "── Hand 1 · Player 1 (greedy) deals ─" in out and "\nDealt:\n" in out
    assert f"\nPlayer 4 discards the {rc} (Rc).\n" in out
    assert "\nverified: 1 hand and 2 moves replay exactly under trentuno " in out
    assert "Re di coppe" not in out and "Giocatore" not in out


def test_a_finished_game_in_italian(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 5, path)
    out = run("replay", str(path), "--lang", "it").stdout
    assert "── Fine della mano 1 ─" in out
    assert re.search(r"^Il Giocatore \d \(greedy\) perde una vita \(ne restan?[oe] ", out, re.M)
    assert "il risultato registrato coincide" in out
    hands = record["result"]["hands"]
    assert f"── Partita finita dopo {hands} mani ─" in out
    w = record["result"]["winners"][0] + 1
    assert re.search(rf"^Vincitor[ei]: .*Giocatore {w} \(greedy\)", out, re.M)
    assert "\nBilancio (quanto ciascuno ha vinto meno quanto ha pagato):\n" in out
    assert ITALIAN_CARD.search(out)
    quiet = run("replay", str(path), "--lang", "it", "-q").stdout.splitlines()
    assert quiet[0].startswith("verificata: ") and "Partita finita dopo" in quiet[1]


def test_a_hand_won_when_dealt_in_italian(tmp_path):
    _rules, path = dealt_31_record(tmp_path)
    out = run("replay", str(path), "--lang", "it").stdout
    assert "\nIl Giocatore 4 è servito con trentuno e vince la mano.\n" in out
    assert re.search(r"^  Giocatore 4  Ac Rc Fc  31 \(trentuno\)$", out, re.M)
    assert "\nIl Giocatore 1 perde una vita (ne restano 2).\n" in out


def test_the_language_comes_from_the_locale(tmp_path):
    path = tmp_path / "rc.json"
    king_of_cups_discarded(path)
    it = run("replay", str(path), env={"LANG": "it_IT.UTF-8", "LC_ALL": None,
                                       "LC_MESSAGES": None}).stdout
    assert "scarta il Re di coppe (Rc)" in it and "verificata: " in it
    en = run("replay", str(path), env={"LANG": "it_IT.UTF-8", "LC_ALL": "C.UTF-8",
                                       "LC_MESSAGES": None}).stdout
    assert "Player 4 discards " in en and "verified: " in en
    bad = run("replay", str(path), "--lang", "fr")
    assert bad.exit_code == 2 and "'fr'" in bad.output


# ---- a game saved by `play` ---------------------------------------------------------------
HIDDEN_DRAW = {"it": (re.compile(r" pesca .* dal tallone\.$"), " pesca una carta dal tallone."),
               "en": (re.compile(r" draws .* from the stock\.$"), " draws a card from the stock.")}


def told(out: str, who: str) -> list[str]:
    """The lines of a course that tell a move or what followed it (not the tables)."""
    return [line for line in out.splitlines() if line.startswith(who)]


@pytest.mark.parametrize("lang, who", [("it", "Il Giocatore "), ("en", "Player ")])
def test_a_game_saved_by_play_replays_as_it_was_played(tmp_path, lang, who):
    path = tmp_path / "watched.json"
    played = run("play", "trentuno", "--watch", "--seed", "5", "--lang", lang,
                 "--save", str(path))
    assert played.exit_code == 0, played.output
    record = load_record(path)
    replayed = run("replay", str(path), "--lang", lang)
    assert replayed.exit_code == 0, replayed.output
    out = replayed.stdout
    moves = sum(len(h["moves"]) for h in record["hands"])
    verified = next(line for line in out.splitlines()
                    if line.startswith(("verified: ", "verificata: ")))
    assert f" {moves} {'mosse' if lang == 'it' else 'moves'} " in verified
    # Line for line what `play` told, except that the replay names the hidden draws.
    pattern, hidden = HIDDEN_DRAW[lang]
    seen, shown = told(played.stdout, who), told(out, who)
    assert len(seen) == len(shown) > moves
    named = 0
    for at_play, at_replay in zip(seen, shown):
        if at_play != at_replay:
            assert at_play == pattern.sub(hidden, at_replay), (at_play, at_replay)
            named += 1
    assert named > 0
    # Each recorded discard, in order, with the card it names.
    deck = load("trentuno").deck
    discards = [(m["player"], c) for h in record["hands"] for m in h["moves"]
                if m["kind"] == "discard" for c in m["cards"]]
    verb = {"it": "scarta", "en": "discards"}[lang]
    # with the article of the card's rank: "scarta l'Asso di coppe (Ac)"
    article = {"it": {"A": "l'"}, "en": {}}[lang]
    default = {"it": "il ", "en": "the "}[lang]
    lines = [line for line in shown if f" {verb} " in line]
    assert lines == [f"{who}{p + 1} (greedy) {verb} {article.get(c[:-1], default)}"
                     f"{deck.name(deck.parse(c), lang)} ({c})." for p, c in discards]


def test_a_game_played_by_a_person_replays(tmp_path):
    path = tmp_path / "mine.json"
    played = run("play", "trentuno", "--seed", "7", "--lang", "en", "--save", str(path),
                 input="1\n" * 5000)
    assert played.exit_code == 0, played.output
    out = run("replay", str(path), "--lang", "en").stdout
    assert "(you)" not in out and "(person)" not in out
    # the person's own moves, said to him at the table ("You discard ..."), are told of his
    # seat, a plain player, in the replay
    mine = [line.replace("You discard ", "Player 1 discards ")
            for line in played.stdout.splitlines() if line.startswith("You discard ")]
    assert mine and mine == [line for line in out.splitlines()
                             if line.startswith("Player 1 ") and " discards " in line]


# ---- refusals ---------------------------------------------------------------------------
def test_a_tampered_move_is_not_a_legal_move(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 4, path)
    hand = record["hands"][0]
    j = next(i for i, m in enumerate(hand["moves"]) if m["cards"])
    hand["moves"][j]["cards"] = [hand["deck"][-1]]  # the bottom card: in nobody's hand
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(run("replay", str(path)), str(path), f"hand 1, move {j + 1}",
                   "not a legal move")


def test_a_changed_ruleset_is_refused(tmp_path):
    rules_file = tmp_path / "ours.yaml"
    rules_file.write_text("extends: trentuno\nname: ours\nstakes:\n  lives: 2\n",
                          encoding="utf-8")
    rules = load(str(rules_file))
    state = play_game(rules, 4, "greedy", 9, record=True)
    path = tmp_path / "g.json"
    save(record_of(state), path)
    assert run("replay", str(path)).exit_code == 0
    rules_file.write_text("extends: trentuno\nname: ours\nstakes:\n  lives: 4\n",
                          encoding="utf-8")
    stat = rules_file.stat()
    os.utime(rules_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    one_line_error(run("replay", str(path), "--rules", str(rules_file)), "'ours'",
                   "has changed")
    # the record carries the rules it was made under: it still replays by itself
    assert run("replay", str(path), "--quiet").exit_code == 0


def test_rules_that_moved_are_found_with_rules_option(tmp_path):
    rules_file = tmp_path / "ours.yaml"
    rules_file.write_text("extends: trentuno\nname: ours-moved\n", encoding="utf-8")
    state = play_game(load(str(rules_file)), 4, "greedy", 2, record=True)
    path = tmp_path / "g.json"
    save(record_of(state), path)
    moved = tmp_path / "elsewhere.yaml"
    rules_file.rename(moved)
    result = run("replay", str(path), "--rules", str(moved), "--quiet")
    assert result.exit_code == 0, result.output
    moved.unlink()  # the record carries its rules: it needs no file at all
    result = run("replay", str(path), "--quiet")
    assert result.exit_code == 0, result.output


def test_a_record_is_refused_by_other_rules(tmp_path):
    path = tmp_path / "g.json"
    recorded_game("trentuno", 1, path)
    one_line_error(run("replay", str(path), "--rules", "house/five-lives"),
                   "recorded under 'trentuno', not 'trentuno-five-lives'")
    changed = tmp_path / "changed.yaml"  # the same name, other rules
    changed.write_text("extends: trentuno\nstakes:\n  lives: 4\n", encoding="utf-8")
    one_line_error(run("replay", str(path), "--rules", str(changed)), "'trentuno'",
                   "has changed")
    retitled = tmp_path / "retitled.yaml"  # words are not rules: the digest leaves them out
    retitled.write_text("extends: trentuno\ntitle: Our Trentuno\ndescription: ours\n",
                        encoding="utf-8")
    assert run("replay", str(path), "--rules", str(retitled), "-q").exit_code == 0


@pytest.mark.parametrize("content, needle", [
    ('{"format": "trentuno-record", "version": 1, ', "not a JSON record"),
    ("", "not a JSON record"),
    ("[1, 2, 3]", "not a trentuno record"),
    ('{"format": "trentuno-record", "version": 7}', "version 7"),
    (('{"format": "trentuno-record", "version": 1, "ruleset": {"name": "trentuno", '
      f'"digest": "{"0" * 64}"}}, "seed": 1, "players": 4, "first_dealer": 0, "hands": '
      '[{"deck": [], "moves": [{"step": 3}]}]}'),
     "must be a step's name, not a whole number (at /hands/0/moves/0/step)"),
    (b"\xff\xfe\x00garbage", "not a JSON record"),
])
def test_malformed_records_are_one_line_errors(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    one_line_error(run("replay", str(path)), str(path), needle)


def test_a_deck_with_unknown_cards_is_refused(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 1, path)
    record["hands"][0]["deck"][0] = "Zz"
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(run("replay", str(path)), "unknown card 'Zz'")


def test_a_missing_record_file(tmp_path):
    one_line_error(run("replay", str(tmp_path / "nope.json")), "cannot read")


# ---- simulate --record ------------------------------------------------------------------
def test_simulate_record_writes_records_that_replay(tmp_path):
    folder = tmp_path / "new" / "records"
    result = run("simulate", "house/knock-25", "--games", "3", "--seed", "4",
                 "--record", str(folder))
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["game-00001.json", "game-00002.json", "game-00003.json"]
    assert "records: 3 written to" in result.stderr
    for name in files:
        record = load_record(folder / name)
        assert record["ruleset"]["source"] == "variants/house/knock-25.yaml"
        assert record["bots"] == ["greedy"] * 4 and record["result"]
        replayed = run("replay", str(folder / name), "--quiet")
        assert replayed.exit_code == 0, replayed.output


def test_simulate_record_with_worker_processes(tmp_path):
    result = run("simulate", "schwimmen", "--games", "4", "--jobs", "2", "--json",
                 "--record", str(tmp_path))
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # the summary alone on stdout
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 4
    seeds = {load_record(f)["seed"] for f in files}
    assert len(seeds) == 4
    for f in files:
        assert run("replay", str(f), "-q").exit_code == 0


def test_simulate_record_into_something_that_is_not_a_folder(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    result = run("simulate", "trentuno", "--games", "2", "--record", str(blocker / "sub"))
    one_line_error(result, "file.txt is not a folder (a regular file); nothing was written")


def test_simulate_record_refuses_a_folder_that_holds_records(tmp_path):
    (tmp_path / "notes.txt").write_text("ours", encoding="utf-8")  # other files are fine
    assert run("simulate", "trentuno", "--games", "2", "--record", str(tmp_path)).exit_code == 0
    before = (tmp_path / "game-00001.json").read_bytes()
    result = run("simulate", "trentuno", "--games", "2", "--seed", "9", "--record",
                 str(tmp_path))
    one_line_error(result, "already holds records (game-00001.json, ...)")
    assert (tmp_path / "game-00001.json").read_bytes() == before


# ---- records travel ---------------------------------------------------------------------
def test_a_house_rule_record_replays_from_anywhere_after_its_file_is_gone(tmp_path,
                                                                          monkeypatch):
    home = tmp_path / "rules"
    home.mkdir()
    (home / "ours.yaml").write_text("extends: trentuno\nname: ours\nstakes:\n  lives: 2\n",
                                    encoding="utf-8")
    monkeypatch.chdir(home)
    made = run("simulate", "ours.yaml", "--games", "1", "--seed", "3", "--record", "recs")
    assert made.exit_code == 0, made.output
    record = load_record(home / "recs" / "game-00001.json")
    assert record["version"] == 2
    assert record["ruleset"]["source"] == str((home / "ours.yaml").resolve())
    assert record["ruleset"]["rules"]["stakes"]["lives"] == 2
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "recs" / "game-00001.json").rename(elsewhere / "g.json")
    (home / "ours.yaml").unlink()
    monkeypatch.chdir(elsewhere)
    result = run("replay", "g.json", "--quiet")
    assert result.exit_code == 0, result.output
    assert "verified: " in result.output and "under ours (" in result.output


def test_the_rules_inside_a_record_cannot_be_altered(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 2, path)
    record["ruleset"]["rules"]["stakes"]["lives"] = 9
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(run("replay", str(path)), "do not match its digest")


def test_a_version_1_record_still_replays(tmp_path):
    """Records written before the rules travelled inside them: digest of the whole merged
    document, the ruleset found by its source."""
    path = tmp_path / "g.json"
    record = recorded_game("house/five-lives", 4, path)
    record["version"] = 1
    record["ruleset"]["digest"] = load("house/five-lives").digest
    del record["ruleset"]["rules"]
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path), "--quiet")
    assert result.exit_code == 0, result.output
    record["version"] = 3
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(run("replay", str(path)), "record version 3 is not supported",
                   "versions 1 and 2")


def test_a_record_naming_another_file_never_shows_its_contents(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 2, path)
    record["version"] = 1
    record["ruleset"]["source"] = str(secret)
    del record["ruleset"]["rules"]
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path))
    one_line_error(result, "is not a valid ruleset")
    assert "hunter2" not in result.output


def test_verified_counts_only_the_hands_replayed(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 2, path)
    played = len(record["hands"])
    record["hands"].append({"deck": record["hands"][0]["deck"], "moves": []})
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path), "--quiet")
    assert result.exit_code == 0, result.output
    assert f"verified: {played} hands and" in result.output


# ---- saving atomically ------------------------------------------------------------------
def test_a_failed_save_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    recorded_game("trentuno", 2, path)
    before = path.read_bytes()
    state = play_game(load("scat"), 4, "greedy", 3, record=True)

    def full_disk(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        save(record_of(state), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left


def test_extends_outside_the_folder_never_shows_that_files_contents(tmp_path):
    (tmp_path / "secret.yaml").write_text("extends: trentuno\nhunter2: 1\n", encoding="utf-8")
    ours = tmp_path / "ours"
    ours.mkdir()
    (ours / "near.yaml").write_text("extends: trentuno\nnear_key: 1\n", encoding="utf-8")
    (ours / "far.yaml").write_text("extends: ../secret.yaml\nname: far\n", encoding="utf-8")
    (ours / "close.yaml").write_text("extends: near.yaml\nname: close\n", encoding="utf-8")
    far = run("validate", str(ours / "far.yaml"))
    assert far.exit_code == 1
    assert "hunter2" not in far.output
    assert (f"{tmp_path / 'ours' / '..' / 'secret.yaml'}:2:1: a problem in this file, which "
            f"is outside the folder of") in far.output
    close = run("validate", str(ours / "close.yaml"))  # the same folder: told in full
    assert close.exit_code == 1 and "unknown key 'near_key'" in close.output


# ---- the samples of docs/records.md -------------------------------------------------------
def _doc_blocks(fence: str) -> list[str]:
    text = (Path(__file__).parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{fence}\n(.*?)^```$", text, re.M | re.S)


def test_the_documented_record_and_replay_are_what_the_commands_give(tmp_path, monkeypatch):
    """docs/records.md shows the record of `play trentuno --watch --seed 5 --save game.json`
    (shortened) and its replay (lines left out as "..."): both must be true of this engine."""
    monkeypatch.chdir(tmp_path)
    played = run("play", "trentuno", "--watch", "--seed", "5", "--save", "game.json",
                 "--lang", "en")
    assert played.exit_code == 0, played.output
    real = json.loads((tmp_path / "game.json").read_text())
    (sample,) = [b for b in _doc_blocks("json") if '"trentuno-record"' in b]
    shown = json.loads(sample)
    for key in ("format", "version", "seed", "players", "first_dealer", "bots", "lang",
                "result"):
        assert shown[key] == real[key], key
    for key in ("name", "digest", "source"):
        assert shown["ruleset"][key] == real["ruleset"][key], key
    hand, real_hand = shown["hands"][0], real["hands"][0]
    assert real_hand["deck"][:len(hand["deck"])] == hand["deck"]
    assert real_hand["moves"][:len(hand["moves"])] == hand["moves"]
    # the course: every line shown is there, in that order (a rule's length is the terminal's)
    out = run("replay", "game.json").stdout.splitlines()
    (course,) = [b for b in _doc_blocks("") if b.startswith("── Hand 1 ")]
    at = 0
    for line in course.splitlines():
        if line.strip() == "...":
            continue
        want = line.rstrip("─ ")
        found = [i for i in range(at, len(out)) if out[i].rstrip("─ ") == want]
        assert found, f"docs/records.md shows {line!r}, which replay does not print (then)"
        at = found[0] + 1
