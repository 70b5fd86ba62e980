"""`trentuno replay`: records of every ruleset replay and verify; changed rules, illegal moves
and broken files are refused with one line; `simulate --record` writes records that replay."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from trentuno.cli.main import cli
from trentuno.engine import GameState, load
from trentuno.engine.record import load as load_record, record_of, replay, save
from trentuno.engine.simulate import play_game
from trentuno.engine.variants import builtin_files

from conftest import stack

BUILTINS = list(builtin_files())


def run(*args):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno")


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


# ---- round trips ------------------------------------------------------------------------
@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_record_replays(name, tmp_path):
    for seed in (1, 2):
        path = tmp_path / f"game-{seed}.json"
        record = recorded_game(name, seed, path)
        result = run("replay", str(path))
        assert result.exit_code == 0, result.output
        out = result.stdout
        winners = record["result"]["winners"]
        assert "verified: " in out and "the recorded result matches" in out
        assert f"result: player {winners[0] + 1}" in out
        assert "returns: player 1 " in out
        assert "hand 1, dealer player" in out
        assert "end of the hand:" in out
        quiet = run("replay", str(path), "--quiet")
        assert quiet.exit_code == 0
        lines = quiet.stdout.splitlines()
        assert lines[0].startswith("verified: ") and lines[1].startswith("result: ")
        assert len(lines) == 3  # verified, result, returns


def test_the_course_names_moves_and_cards(tmp_path):
    path = tmp_path / "g.json"
    record = recorded_game("trentuno", 5, path)
    out = run("replay", str(path)).stdout
    first = record["hands"][0]
    deck = first["deck"]
    top_after_deal = deck[12 + 1]  # 4 players x 3 cards, then the discard: the stock's top
    assert "  the discard pile: " + deck[12] in out
    move = first["moves"][0]
    assert move["step"] == "choose"
    p = move["player"] + 1
    if move["option"] == 0:
        assert f"  player {p} draws {top_after_deal} from the stock" in out
    else:
        assert f"  player {p} draws {deck[12]} from the discard pile" in out
    discard = first["moves"][1]
    assert f"  player {p} discards {discard['cards'][0]}" in out
    assert "loses a life" in out and "pays: player" in out


def test_a_widow_game_course(tmp_path):
    path = tmp_path / "g.json"
    recorded_game("scat", 3, path)
    out = run("replay", str(path)).stdout
    assert "  the widow: " in out
    assert "is turned face up" in out
    assert "exchanges" in out


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
    assert "result: none yet, the record stops in hand 1" in result.stdout


# ---- a hand-written scenario: a record as a test fixture -------------------------------------
def test_a_hand_written_record_is_a_scenario_test(tmp_path):
    """Seat 3 is dealt 31 (Ac Rc Fc): the hand ends at once, everybody else loses a life."""
    rules = load("trentuno")
    deck = stack(rules, dealer=0, players=4, hands={3: "Ac Rc Fc"})
    record = {"format": "trentuno-record", "version": 1,
              "ruleset": {"name": rules.name, "digest": rules.digest,
                          "source": "variants/trentuno.yaml"},
              "seed": 11, "players": 4, "first_dealer": 0, "bots": None,
              "hands": [{"deck": deck, "moves": []}]}
    path = tmp_path / "dealt-31.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    state = replay(load_record(path), rules)
    end = next(e for e in state.events if e.kind == "hand_end")
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]
    assert state.lives[:3] == [2, 2, 2] and state.lives[3] == 3
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "player 4 holds an instant hand" in result.stdout
    assert "end of the hand: instant win when dealt, won by player 4" in result.stdout


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
    assert run("replay", str(path)).exit_code == 0  # found through the record's `source`
    rules_file.write_text("extends: trentuno\nname: ours\nstakes:\n  lives: 4\n",
                          encoding="utf-8")
    stat = rules_file.stat()
    os.utime(rules_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    one_line_error(run("replay", str(path)), "'ours'", "has changed")


def test_rules_that_moved_are_found_with_rules_option(tmp_path):
    rules_file = tmp_path / "ours.yaml"
    rules_file.write_text("extends: trentuno\nname: ours-moved\n", encoding="utf-8")
    state = play_game(load(str(rules_file)), 4, "greedy", 2, record=True)
    path = tmp_path / "g.json"
    save(record_of(state), path)
    moved = tmp_path / "elsewhere.yaml"
    rules_file.rename(moved)
    one_line_error(run("replay", str(path)), "cannot find the ruleset 'ours-moved'", "--rules")
    result = run("replay", str(path), "--rules", str(moved), "--quiet")
    assert result.exit_code == 0, result.output


def test_a_record_is_refused_by_other_rules(tmp_path):
    path = tmp_path / "g.json"
    recorded_game("trentuno", 1, path)
    one_line_error(run("replay", str(path), "--rules", "house/five-lives"), "has changed")


@pytest.mark.parametrize("content, needle", [
    ('{"format": "trentuno-record", "version": 1, ', "not a JSON record"),
    ("", "not a JSON record"),
    ("[1, 2, 3]", "not a trentuno record"),
    ('{"format": "trentuno-record", "version": 7}', "version 7"),
    ('{"format": "trentuno-record", "version": 1, "ruleset": {"name": "trentuno", '
     '"digest": "x"}, "seed": 1, "players": 4, "first_dealer": 0, "hands": [{"deck": [], '
     '"moves": [{"step": 3}]}]}', "a move needs step, option and cards"),
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
    one_line_error(result, "cannot write records to")
