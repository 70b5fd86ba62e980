"""`trentuno compare`: rulesets on the same seeds; real effects are found and called
significant, identical rules never are; the answer does not depend on --jobs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.cmd_compare import default_skill_bots
from trentuno.cli.main import cli
from trentuno.engine.compare import table_bots

GAMES = "40"


def compare_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["compare", *args, "--json"], prog_name="trentuno")
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_ruleset_against_itself_and_a_renamed_copy_differs_in_nothing(tmp_path):
    copy = write(tmp_path, "same.yaml", "extends: scat\nname: scat-copy\ntitle: A copy\n")
    data = compare_json("scat", "scat", copy, "--games", GAMES, "--skill-games", "12",
                        "--skill-bots", "greedy,random", "--seed", "3")
    first, *others = data["rulesets"]
    assert [c["name"] for c in data["rulesets"]] == ["scat", "scat", "scat-copy"]
    for col in others:
        assert col["differs_from_first"] == [] and col["differs_from_first_holm"] == []
        assert set(col["figures"]) == set(first["figures"])
        for key, fig in col["figures"].items():
            assert fig["p_value"] == 1.0 and fig["significant"] is False, key
            assert fig["value"] == first["figures"][key]["value"]
    assert all(f["p_value"] is None for f in first["figures"].values())


def test_a_large_effect_is_found_and_called_significant(tmp_path):
    six = write(tmp_path, "six.yaml", "extends: scat\nname: scat-six-lives\nstakes:\n"
                                      "  lives: 6\n")
    data = compare_json("scat", six, "--games", "60", "--skill-games", "0")
    scat, house = data["rulesets"]
    hands, more = scat["figures"]["hands_per_game"], house["figures"]["hands_per_game"]
    assert more["value"] > 1.5 * hands["value"]
    assert more["ci95"][0] > hands["ci95"][1]  # the intervals do not even overlap
    assert more["significant"] is True and more["p_value"] < 1e-6
    assert "hands_per_game" in house["differs_from_first_holm"]
    # an unchanged figure is not called different: a seat's share stays a seat's share
    assert not all(house["figures"][f"win_share_seat_{s}"]["significant"] for s in (1, 2, 3, 4))


def test_every_figure_has_a_value_an_interval_and_plain_names():
    data = compare_json("trentuno", "house/knock-25", "--games", "40", "--skill-games", "16",
                        "--skill-bots", "greedy,random", "--seed", "1")
    assert (data["games"], data["players"], data["skill_games"]) == (40, 4, 16)
    assert data["skill_bots"] == "greedy,random" and data["alpha"] == 0.05
    first = data["rulesets"][0]
    keys = set(first["figures"])
    assert {"hands_per_game", "turns_per_hand", "lead_changes_per_game", "win_share_seat_1",
            "win_share_seat_4", "skill_win_share:greedy", "skill_win_share:random",
            "skill_edge"} <= keys
    assert any(k.startswith("hands_ended_by:") for k in keys)
    for col in data["rulesets"]:
        for key, fig in col["figures"].items():
            low, high = fig["ci95"]
            assert low <= fig["value"] <= high, key
        assert abs(sum(col["hand_ends"].values()) - 1) < 0.01
        assert "thirty-one: instant win" in col["hand_ends"]  # the ruleset's own words
        assert sum(col["hand_lengths"].values()) == round(
            col["figures"]["hands_per_game"]["value"] * 40)
    seats = sum(first["figures"][f"win_share_seat_{s}"]["value"] for s in range(1, 5))
    assert seats >= 1.0  # every game has a winner (a shared win counts for each)
    greedy = first["figures"]["skill_win_share:greedy"]
    random_ = first["figures"]["skill_win_share:random"]
    assert greedy["ci95"][0] > 0.25 > random_["ci95"][1]  # skill matters in Trentuno


def test_jobs_do_not_change_the_comparison():
    args = ("schwimmen", "house/schwimmen-789", "--games", "30", "--skill-games", "6",
            "--skill-bots", "greedy,random", "--seed", "2")
    one, two = compare_json(*args, "--jobs", "1"), compare_json(*args, "--jobs", "2")
    for d in (one, two):
        del d["seconds"]
    assert one == two


def test_text_report_says_which_figures_differ():
    result = CliRunner().invoke(cli, ["compare", "scat", "house/scat-three-of-a-kind",
                                      "--games", GAMES, "--skill-games", "0"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"compare: {GAMES} games per ruleset on the same seeds")
    row = next(x for x in lines if x.startswith("hands per game"))
    assert row.split()[-1] in ("yes", "no") and "p=" in row
    assert any(x.startswith("scat-three-of-a-kind: ") and "figures differ from scat" in x
               for x in lines)
    assert all(x == x.rstrip() for x in lines)


@pytest.mark.parametrize("args, message", [
    (["scat"], "at least two rulesets"),
    (["scat", "trentuno", "--players", "1"], "not 1"),
    (["scat", "scat", "--bots", "nobody"], "unknown bot"),
    (["scat", "scat", "--skill-bots", "greedy,nobody"], "unknown bot"),
])
def test_bad_arguments_are_one_line(args, message):
    result = CliRunner().invoke(cli, ["compare", *args, "--games", "2"])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_mixed_tables_move_every_bot_round_every_seat():
    names = ["mc", "greedy", "random"]
    seen = {(seat, bot) for i in range(3) for seat, bot in enumerate(table_bots(names, 4, i))}
    assert seen == {(s, b) for s in range(4) for b in names}
    assert table_bots(names, 4, 0) == ["mc", "greedy", "random", "mc"]


def test_default_skill_bots_are_the_ones_this_build_has():
    listed = default_skill_bots().split(",")
    assert listed[-2:] == ["greedy", "random"]  # strongest first, the restricted player last
    assert all(name.split(":")[0] in ("mc", "greedy", "random") for name in listed)


def test_a_rule_only_weaker_players_meet_shows_at_the_mixed_tables():
    # greedy never knocks in the first round anyway; random players do, until the rule says no
    data = compare_json("scat", "house/scat-knock-second-round", "--games", "20",
                        "--skill-games", "60", "--skill-bots", "greedy,random")
    house = data["rulesets"][1]
    assert "mixed_tables:turns_per_hand" in house["differs_from_first_holm"]
    longer = house["figures"]["mixed_tables:turns_per_hand"]
    base = data["rulesets"][0]["figures"]["mixed_tables:turns_per_hand"]
    assert longer["value"] > base["value"] and longer["kind"] == "mean"
    assert house["figures"]["skill_edge"]["kind"] == "share"
