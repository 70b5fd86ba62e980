"""The `trentuno` command line: outputs, exit statuses and error messages.

Most tests drive the click group in-process with CliRunner; two run the installed console
script to prove the entry point (and its error policy outside click's test harness) works.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.engine.variants import builtin_files

HANG = 300  # seconds for one console-script run: only a hang trips it, however busy
ITALIAN_CODES = "a card is a rank (A 2 3 4 5 6 7 F C R) followed by a suit (c d b s)"

VALID_OVERLAY = """\
extends: trentuno
name: five-lives-test
title: Trentuno, five lives (test)
stakes:
  lives: 5
"""

# An unknown top-level key: only the schema can see it.
UNKNOWN_KEY = """\
extends: trentuno
name: colourful
colour: red
"""

# Rank codes the deck does not have: only the compiler can see them (the schema allows any code).
BAD_RANKS = """\
extends: trentuno
name: bad-ranks
hand:
  patterns:
    - {name: trentuno, kind: same_suit, sum: 31, value: sum, instant: true}
    - {name: tris, kind: same_rank, ranks: [A, X], value: 30}
    - {name: pair, kind: same_rank, ranks: [10], value: 20}
    - {name: suit, kind: best_suit, value: sum}
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(cli, list(args), input=input, prog_name="trentuno")


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr
    # Exit statuses we choose (SystemExit) are fine; any other exception is a bug.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


# ---- global -------------------------------------------------------------------------------


def test_help_lists_every_command_with_one_line(runner):
    result = run(runner, "--help")
    assert result.exit_code == 0
    commands = result.stdout.split("Commands:")[1].strip().splitlines()
    names = [line.split()[0] for line in commands]
    assert names == ["bots", "compare", "explain", "play", "replay", "score", "serve", "simulate",
                     "validate", "variants"]
    assert all(len(line.split()) > 1 for line in commands)  # each has its help text


def test_version(runner):
    from importlib import metadata

    result = run(runner, "--version")
    assert result.exit_code == 0
    assert result.stdout == f"trentuno {metadata.version('trentuno')}\n"


def test_unknown_command_is_a_usage_error(runner):
    result = run(runner, "plaay")
    assert result.exit_code == 2
    assert "No such command 'plaay'" in result.stderr


# ---- validate -----------------------------------------------------------------------------


def test_validate_ok_file(runner, tmp_path):
    path = write(tmp_path, "ok.yaml", VALID_OVERLAY)
    result = run(runner, "validate", path)
    assert result.exit_code == 0
    assert result.stdout == f"{path}: ok\n"


def test_validate_builtin_name(runner):
    result = run(runner, "validate", "trentuno")
    assert result.exit_code == 0
    assert result.stdout == "trentuno: ok\n"


def test_validate_reports_every_problem_of_every_file(runner, tmp_path):
    unknown = write(tmp_path, "unknown.yaml", UNKNOWN_KEY)
    ranks = write(tmp_path, "ranks.yaml", BAD_RANKS)
    ok = write(tmp_path, "ok.yaml", VALID_OVERLAY)
    result = run(runner, "validate", unknown, ranks, ok)
    no_traceback(result)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 4, lines
    # the unknown key, at its line and column, with its JSON path
    assert lines[0].startswith(f"{unknown}:3:1: unknown key 'colour'")
    assert lines[0].endswith("(at /colour)")
    # both bad rank codes of the second file, each at its own position
    assert lines[1].startswith(f"{ranks}:6:48: ")
    assert "'X'" in lines[1] and lines[1].endswith("(at /hand/patterns/1/ranks/1)")
    assert lines[2].startswith(f"{ranks}:7:45: ")
    assert "'10'" in lines[2] and lines[2].endswith("(at /hand/patterns/2/ranks/0)")
    # and the valid file still says so
    assert lines[3] == f"{ok}: ok"


def test_validate_json_shape(runner, tmp_path):
    unknown = write(tmp_path, "unknown.yaml", UNKNOWN_KEY)
    ranks = write(tmp_path, "ranks.yaml", BAD_RANKS)
    result = run(runner, "validate", "--json", unknown, ranks)
    assert result.exit_code == 1
    assert result.stdout.count("\n") == 1  # one JSON document on one line
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 3
    for item in data:
        assert set(item) == {"file", "line", "column", "path", "message", "severity"}
        assert item["severity"] == "error"
    assert [(d["file"], d["line"], d["column"], d["path"]) for d in data] == [
        (unknown, 3, 1, "/colour"),
        (ranks, 6, 48, "/hand/patterns/1/ranks/1"),
        (ranks, 7, 45, "/hand/patterns/2/ranks/0"),
    ]
    assert data[0]["message"].startswith("unknown key 'colour'")


def test_validate_json_all_valid_is_empty_array(runner, tmp_path):
    result = run(runner, "validate", "--json", write(tmp_path, "ok.yaml", VALID_OVERLAY),
                 "trentuno")
    assert result.exit_code == 0
    assert result.stdout == "[]\n"


def test_validate_missing_file_and_directory(runner, tmp_path):
    missing = str(tmp_path / "nope.yaml")
    result = run(runner, "validate", missing, str(tmp_path))
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{missing}: no such ruleset file",
        f"{tmp_path}: is a directory, not a rule file",
    ]


def test_validate_unreadable_yaml(runner, tmp_path):
    path = write(tmp_path, "broken.yaml", "name: [unclosed\n")
    result = run(runner, "validate", path)
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:")


def test_validate_needs_a_path(runner):
    result = run(runner, "validate")
    assert result.exit_code == 2


# ---- score --------------------------------------------------------------------------------


def test_score_seed_examples_one_by_one(runner):
    assert run(runner, "score", "trentuno", "Ad Ab Rs").stdout == "Ad Ab Rs  11  suit\n"
    assert run(runner, "score", "trentuno", "Ac Rc Fc").stdout == "Ac Rc Fc  31  trentuno\n"
    assert run(runner, "score", "trentuno", "Ac Ad Ab").stdout == "Ac Ad Ab  30  tris\n"


def test_score_json_single_hand_has_place_1(runner):
    result = run(runner, "score", "trentuno", "--json", "Ac,Rc,Fc")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"hand": ["Ac", "Rc", "Fc"], "value": 31,
                                         "combo": "trentuno", "place": 1}


def test_score_places_share_ties(runner):
    result = run(runner, "score", "trentuno", "Ac Rc Fc", "Ad Rd Fd", "2c 3d 4b")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Ac Rc Fc  31  trentuno  place 1",
        "Ad Rd Fd  31  trentuno  place 1",
        "2c 3d 4b   4  suit      place 3",
    ]
    result = run(runner, "score", "trentuno", "--json", "Ac Rc Fc", "Ad Rd Fd", "2c 3d 4b")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["hand"], r["value"], r["combo"], r["place"]) for r in rows] == [
        (["Ac", "Rc", "Fc"], 31, "trentuno", 1),
        (["Ad", "Rd", "Fd"], 31, "trentuno", 1),
        (["2c", "3d", "4b"], 4, "suit", 3),
    ]


HALF_POINT_TRIS = """\
extends: trentuno
name: tris-half
hand:
  patterns:
    - {name: trentuno, kind: same_suit, sum: 31, value: sum, instant: true}
    - {name: tris, kind: same_rank, ranks: [A, F, C, R], value: 30.5}
    - {name: suit, kind: best_suit, value: sum}
"""


def test_score_half_points_stay_float(runner, tmp_path):
    path = write(tmp_path, "half.yaml", HALF_POINT_TRIS)
    result = run(runner, "score", path, "Ac Ad Ab", "Ac Rc Fc")
    assert result.stdout.splitlines() == [
        "Ac Ad Ab  30.5  tris      place 2",
        "Ac Rc Fc    31  trentuno  place 1",
    ]
    result = run(runner, "score", path, "--json", "Ac Ad Ab", "Ac Rc Fc")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0]["value"] == 30.5 and isinstance(rows[0]["value"], float)
    assert rows[1]["value"] == 31 and isinstance(rows[1]["value"], int)


def test_score_reads_stdin_skipping_blank_lines(runner):
    result = run(runner, "score", "trentuno", input="Ad Ab Rs\n\n   \nac,rc,fc\nAc Ad Ab\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Ad Ab Rs  11  suit      place 3",
        "Ac Rc Fc  31  trentuno  place 1",
        "Ac Ad Ab  30  tris      place 2",
    ]


def test_score_bad_card_lists_valid_codes(runner):
    result = run(runner, "score", "trentuno", "Ac Rc Fc", "10c Rc Fc")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout == ""  # nothing printed before the error
    assert result.stderr == (
        "trentuno: error: hand '10c Rc Fc': unknown card '10c': "
        f"{ITALIAN_CODES}, e.g. Rc\n")


def test_score_bad_card_on_stdin_names_the_line(runner):
    result = run(runner, "score", "trentuno", input="Ac Rc Fc\nXx Rc Fc\n")
    assert result.exit_code == 1
    assert result.stderr.startswith("trentuno: error: stdin line 2: unknown card 'Xx': ")
    assert ITALIAN_CODES in result.stderr


def test_score_wrong_hand_size(runner):
    result = run(runner, "score", "trentuno", "Ac Rc")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr == ("trentuno: error: hand 'Ac Rc': a hand of 2 cards; "
                             "trentuno hands have 3 cards\n")
    result = run(runner, "score", "trentuno", "Ac Rc Fc Cc")
    assert result.exit_code == 1


def test_score_separate_cards_hint(runner):
    result = run(runner, "score", "trentuno", "Ac", "Rc", "Fc")
    assert result.exit_code == 1
    assert "put all the cards of one hand in one argument" in result.stderr


def test_score_same_card_twice(runner):
    result = run(runner, "score", "trentuno", "Ac Ac Fc")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr.startswith("trentuno: error: hand 'Ac Ac Fc': ")
    assert "Ac" in result.stderr


def test_score_unknown_variant_is_a_usage_error(runner):
    result = run(runner, "score", "no-such-game", "Ac Rc Fc")
    no_traceback(result)
    assert result.exit_code == 2
    assert "unknown variant 'no-such-game'" in result.stderr


def test_score_invalid_ruleset_prints_every_problem(runner, tmp_path):
    ranks = write(tmp_path, "ranks.yaml", BAD_RANKS)
    result = run(runner, "score", ranks, "Ac Rc Fc")
    no_traceback(result)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{ranks}:6:48: ")
    assert lines[1].startswith(f"{ranks}:7:45: ")
    assert lines[2] == f"trentuno: error: {ranks}: invalid ruleset (2 problems)"


# ---- variants -----------------------------------------------------------------------------


def test_variants_lists_trentuno(runner):
    result = run(runner, "variants")
    assert result.exit_code == 0
    rows = {line.split()[0]: line for line in result.stdout.splitlines()
            if not line.startswith(" ")}
    assert set(rows) == set(builtin_files())
    assert rows["trentuno"].split("  ")[0] == "trentuno"
    assert " Trentuno " in rows["trentuno"]
    assert rows["trentuno"].endswith(str(builtin_files()["trentuno"]))


def test_variants_json(runner):
    result = run(runner, "variants", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    by_name = {d["name"]: d for d in data}
    assert by_name["trentuno"] == {"name": "trentuno", "title": "Trentuno",
                                   "file": str(builtin_files()["trentuno"])}
    assert [d["name"] for d in data] == list(builtin_files())


def test_variants_survives_a_broken_builtin(runner, monkeypatch, tmp_path):
    from trentuno.cli import cmd_variants

    broken = write(tmp_path, "broken.yaml", UNKNOWN_KEY)
    good = builtin_files()["trentuno"]
    monkeypatch.setattr(cmd_variants, "builtin_files",
                        lambda: {"trentuno": good, "broken": Path(broken)})
    result = run(runner, "variants", "--json")
    no_traceback(result)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data[1]["name"] == "broken" and data[1]["title"] is None
    assert data[1]["error"].startswith(f"{broken}:3:1: unknown key 'colour'")
    result = run(runner, "variants")
    assert result.exit_code == 0
    assert "(does not load)" in result.stdout
    assert f"    error: {broken}:3:1: unknown key 'colour'" in result.stdout


# ---- simulate -----------------------------------------------------------------------------

SUMMARY_KEYS = {"variant", "games", "players", "seed", "bots", "hands", "turns", "seconds",
                "wins", "hands_per_game", "turns_per_hand", "turns_per_second", "hand_ends",
                "lives_lost", "pot_paid"}


def simulate_json(runner, *args: str) -> dict:
    result = run(runner, "simulate", "trentuno", "--json", *args)
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stdout.count("\n") == 1
    return json.loads(result.stdout)


def test_simulate_json_keys_and_values(runner):
    data = simulate_json(runner, "--games", "12", "--seed", "7")
    assert set(data) >= SUMMARY_KEYS
    assert data["variant"] == "trentuno"
    assert (data["games"], data["players"], data["seed"], data["bots"]) == (12, 4, 7, "greedy")
    assert len(data["wins"]) == 4
    assert sum(data["wins"]) >= 12  # every game has a winner (a shared win counts for each)
    assert sum(data["hand_ends"].values()) == data["hands"]


def test_simulate_same_seed_same_summary(runner):
    args = ("--games", "15", "--players", "5", "--seed", "3", "--bots",
            "greedy,random,greedy,random,greedy")
    a, b = simulate_json(runner, *args), simulate_json(runner, *args)
    for d in (a, b):
        del d["seconds"], d["turns_per_second"]
    assert a == b
    assert a["players"] == 5 and len(a["wins"]) == 5
    c = simulate_json(runner, "--games", "15", "--players", "5", "--seed", "4")
    del c["seconds"], c["turns_per_second"]
    assert c != a


def test_simulate_jobs_give_the_same_games(runner):
    one = simulate_json(runner, "--games", "40", "--seed", "2", "--jobs", "1")
    default = simulate_json(runner, "--games", "40", "--seed", "2")
    three = simulate_json(runner, "--games", "40", "--seed", "2", "--jobs", "3")
    for d in (one, default, three):
        del d["seconds"], d["turns_per_second"]
    assert one == default == three


def test_simulate_win_shares_with_intervals(runner):
    data = simulate_json(runner, "--games", "60", "--seed", "5", "--bots",
                         "random,greedy,greedy,greedy")
    seats = data["seats"]
    assert [s["bot"] for s in seats] == ["random", "greedy", "greedy", "greedy"]
    for seat, wins in zip(seats, data["wins"]):
        low, high = seat["win_share_ci95"]
        assert seat["wins"] == wins and seat["win_share"] == round(wins / 60, 4)
        assert 0 <= low <= seat["win_share"] <= high <= 1
        assert 0.05 < high - low < 0.3  # 60 games: wide, but not everything
    assert seats[0]["win_share_ci95"][1] < seats[1]["win_share_ci95"][0]  # random loses
    low, high = data["hands_per_game_ci95"]
    assert low < data["hands_per_game"] < high


def test_simulate_text_summary(runner):
    result = run(runner, "simulate", "trentuno", "--games", "10", "--seed", "1")
    assert result.exit_code == 0
    data = simulate_json(runner, "--games", "10", "--seed", "1")
    lines = result.stdout.splitlines()
    assert lines[0] == "trentuno: 10 games, 4 players, seed 1"
    assert lines[1] == "wins (share, 95% interval):"
    for i, seat in enumerate(data["seats"]):
        low, high = (f"{100 * x:.1f}" for x in seat["win_share_ci95"])
        fields = lines[2 + i].split()
        assert fields == ["seat", str(i + 1), "greedy", str(seat["wins"]),
                          f"{10 * seat['wins']:.1f}%", f"({low}-{high})"]
    assert f"hands per game: {data['hands_per_game']} " in result.stdout
    assert f"lives lost: {data['lives_lost']}\n" in result.stdout
    assert f"lives paid into the pot: {data['pot_paid']}\n" in result.stdout
    assert "turns per second" in result.stdout
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize("variant, said, unsaid", [
    ("scopa", [], ["lives", "pot", "penalty"]),           # points won: nobody pays anything
    ("house/scat-penalty-points", ["penalty points taken: "], ["lives", "pot"]),
    ("scat", ["lives lost: "], ["pot", "penalty"]),        # lives, and no pot
])
def test_simulate_says_only_what_the_stakes_mode_has(runner, variant, said, unsaid):
    result = run(runner, "simulate", variant, "--games", "3", "--seed", "1", "--jobs", "1")
    assert result.exit_code == 0, result.output
    summary = result.stdout.split("hands ended by:")[1]
    assert all(s in summary for s in said), summary
    assert not [u for u in unsaid if u in summary], summary


@pytest.mark.parametrize("players", ["3", "13"])
def test_simulate_players_out_of_range(runner, players):
    result = run(runner, "simulate", "trentuno", "--players", players)
    no_traceback(result)
    assert result.exit_code == 2
    assert (f"Invalid value for '--players': trentuno is played by 4 to 12 players, "
            f"not {players}") in result.stderr


@pytest.mark.parametrize("bots, message", [
    ("smart", "unknown bot 'smart'"),
    ("greedy,random", "lists 2 bots, one per seat, but trentuno is played by 4 to 12"),
])
def test_simulate_bad_bots(runner, bots, message):
    result = run(runner, "simulate", "trentuno", "--bots", bots)
    no_traceback(result)
    assert result.exit_code == 2
    assert "Invalid value for '--bots'" in result.stderr
    assert message in result.stderr


def test_simulate_plays_as_many_players_as_bots_listed(runner):
    # trentuno-vedova is played by 5 unless told: one bot per seat says 4
    result = run(runner, "simulate", "trentuno-vedova", "--bots", "random,greedy,greedy,greedy",
                 "--games", "2", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"] == 4
    # --players still decides, and a list that does not fit it is refused
    result = run(runner, "simulate", "trentuno-vedova", "--bots", "greedy,greedy,greedy,greedy",
                 "--players", "5")
    assert result.exit_code == 2
    assert "lists 4 bots for 5 players" in result.stderr


def test_compare_plays_as_many_players_as_bots_listed(runner):
    result = run(runner, "compare", "scat", "scat", "--bots", "random,greedy,greedy",
                 "--games", "4", "--skill-bots", "greedy,random", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"] == 3


@pytest.mark.parametrize("args, named", [
    (["simulate", "trentuno", "--bots", "smart"], "'--bots'"),
    (["compare", "scat", "scat", "--bots", "mc:depth=3"], "'--bots'"),
    (["play", "scat", "--bots", "nope"], "'--bots'"),
    (["simulate", "trentuno", "--gmes", "3"], "'--gmes'"),
    (["score"], "'VARIANT'"),
])
def test_a_bad_command_line_value_is_one_line_naming_it(runner, args, named):
    result = run(runner, *args, input="")
    no_traceback(result)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("trentuno: error: ") and named in line, line
    assert line.endswith(f"(see trentuno {args[0]} --help)"), line


@pytest.mark.parametrize("games", ["abc", "-5", "1e99", "0", "10000001"])
def test_simulate_bad_games(runner, games):
    result = run(runner, "simulate", "trentuno", "--games", games)
    no_traceback(result)
    assert result.exit_code == 2
    assert "Invalid value for '--games'" in result.stderr


# ---- the installed console script -------------------------------------------------------


def console_script() -> str:
    path = Path(sys.executable).parent / "trentuno"
    if not path.exists():
        pytest.skip("the trentuno console script is not installed next to this Python")
    return str(path)


def test_console_script_score():
    done = subprocess.run([console_script(), "score", "trentuno", "Ad Ab Rs", "Ac Rc Fc",
                           "Ac Ad Ab"], capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Ad Ab Rs  11  suit      place 3",
        "Ac Rc Fc  31  trentuno  place 1",
        "Ac Ad Ab  30  tris      place 2",
    ]


def test_console_script_errors_without_traceback(tmp_path):
    script = console_script()
    done = subprocess.run([script, "score", "trentuno", "Ac Zz Fc"], capture_output=True,
                          text=True, timeout=HANG)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith("trentuno: error: hand 'Ac Zz Fc': unknown card 'Zz'")
    assert "Traceback" not in done.stderr
    done = subprocess.run([script, "validate", str(tmp_path / "missing.yaml")],
                          capture_output=True, text=True, timeout=HANG)
    expected = f"{tmp_path / 'missing.yaml'}: no such ruleset file\n"
    assert (done.returncode, done.stdout) == (1, expected)
    done = subprocess.run([script, "simulate", "trentuno", "--games", "abc"],
                          capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    from trentuno.cli import cmd_variants
    from trentuno.cli import main as main_module

    def broken():
        raise RuntimeError("boom")
    monkeypatch.setattr(cmd_variants, "builtin_files", broken)
    monkeypatch.delenv("TRENTUNO_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        main_module.main(["variants"])
    assert exit_info.value.code == 70
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: boom" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_names_hand_endings_in_the_rulesets_words():
    import json as _json
    out = CliRunner().invoke(cli, ["simulate", "trentuno-vedova", "--games", "30", "--json"])
    ends = _json.loads(out.output)["hand_ends"]
    assert 'stand ("Sto")' in ends and "knock" not in ends
    out = CliRunner().invoke(cli, ["simulate", "trentuno", "--games", "30", "--json"])
    ends = _json.loads(out.output)["hand_ends"]
    assert set(ends) <= {"knock", "thirty-one: instant win", "thirty-one when dealt: instant win",
                         "stock out"} and "knock" in ends


def test_every_accepted_seed_makes_records_that_replay(runner, tmp_path):
    """A record keeps numbers of at most 40 digits: a seed that made one it cannot keep would
    make a game nobody can resume. Seeds have at most 30 digits; a game of a simulation plays
    with about a million times its seed, and still replays."""
    most = "-" + "9" * 30
    for args in (["play", "scopa"], ["simulate", "scat", "--games", "1"],
                 ["compare", "scat", "scat", "--games", "1"]):
        result = run(runner, *args, "--seed", "1" + "0" * 30, input="")
        assert result.exit_code == 2 and "a seed has at most 30 digits" in result.stderr
    result = run(runner, "simulate", "scat", "--games", "2", "--seed", most, "--jobs", "1",
                 "--record", str(tmp_path / "r"))
    assert result.exit_code == 0, result.output
    replayed = run(runner, "replay", str(tmp_path / "r" / "game-00002.json"), "--quiet")
    assert replayed.exit_code == 0 and "verified" in replayed.stdout, replayed.output
