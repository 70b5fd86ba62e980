"""`validate` knows what has no effect (an error at the key, or at the overlay line that made it
pointless, with the fix) and what can never apply (a warning; an error with --strict)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.engine.variants import builtin_files, check_all


def write(tmp_path: Path, text: str, name: str = "r.yaml") -> str:
    f = tmp_path / name
    f.write_text(text.lstrip("\n"), encoding="utf-8")
    return str(f)


def line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.lstrip("\n").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def base_line(name: str, needle: str) -> int:
    return line_of(builtin_files()[name].read_text(encoding="utf-8"), needle)


POT = """
extends: trentuno
name: pot
stakes:
  mode: pot
  ante: 1
  bankroll: 10
settle:
  win: {pay: highest_takes}
  showdown: {pay: highest_takes}
"""


def test_lives_keys_of_the_base_are_reported_at_the_overlays_mode_line(tmp_path):
    f = write(tmp_path, POT)
    rules, problems, _ = check_all(f)
    assert rules is None
    assert {p.file for p in problems} == {f}
    assert {p.line for p in problems} == {line_of(POT, "mode: pot")}
    into = next(p for p in problems if p.message.startswith("`into_pot`"))
    assert "has no effect in a pot game" in into.message
    assert f"comes from variants/trentuno.yaml:{base_line('trentuno', 'into_pot:')}" \
        in into.message
    assert into.message.endswith("set `into_pot: null` in your overlay to switch to a pot game")
    keys = sorted(p.message.split("`")[1] for p in problems)
    assert keys == ["into_pot", "last_chance", "lives", "lives", "lives", "reentry",
                    "spare_knocker"]
    assert any("under `settle.win`" in p.message for p in problems)


def test_the_overlay_that_follows_the_advice_is_valid(tmp_path):
    fixed = POT.replace("  bankroll: 10\n", "  bankroll: 10\n  lives: null\n  into_pot: null\n"
                        "  last_chance: null\n  reentry: null\n") \
        .replace("{pay: highest_takes}\n  showdown",
                 "{pay: highest_takes, lives: null, spare_knocker: null}\n  showdown") \
        .replace("showdown: {pay: highest_takes}", "showdown: {pay: highest_takes, lives: null}")
    fixed += "end: {hands: 50}\n"  # a pot game that ends only when one is left drags on
    rules, problems, warnings = check_all(write(tmp_path, fixed))
    assert problems == [] and warnings == [] and rules.stakes.mode.name == "pot"


@pytest.mark.parametrize("body,needle,words", [
    ("settle:\n  showdown: {ties: split}\n", "split", ("`ties: split` has no meaning in a "
     "lives game")),
    ("settle:\n  showdown: {spare_knocker: true}\n", "spare_knocker", ("`spare_knocker` has no "
     "effect after a showdown")),
    ("triggers:\n  instant: {best_only: true}\n", "best_only", ("`best_only` has no effect on "
     "`on: turn_end`")),
    ("stakes:\n  ante: 2\n", "ante", "`ante` has no effect in a lives game"),
])
def test_a_key_without_effect_is_refused_at_its_line(tmp_path, body, needle, words):
    text = "extends: trentuno\nname: x\n" + body
    rules, problems, _ = check_all(write(tmp_path, text))
    assert rules is None and len(problems) == 1, [p.format() for p in problems]
    assert words in problems[0].message
    assert problems[0].line == line_of(text, needle)


def test_knocker_lives_in_a_pot_game(tmp_path):
    text = "extends: trentuno-vedova\nname: x\nsettle:\n  showdown: {knocker_lives: 2}\n"
    rules, problems, _ = check_all(write(tmp_path, text))
    assert rules is None and problems[0].line == 4
    assert problems[0].message.startswith("`knocker_lives` has no effect in a pot game")


def test_points_mode_keys_without_effect(tmp_path):
    text = ("extends: scat\nname: x\nstakes:\n  mode: points\nend:\n  last_standing: null\n"
            "  target: 7\n")
    rules, problems, _ = check_all(write(tmp_path, text))
    assert rules is None and {p.line for p in problems} == {4}
    assert sorted(p.message.split("`")[1] for p in problems) == [
        "into_pot", "last_chance", "lives"]


# ---- warnings -------------------------------------------------------------------------------
ACES_LOW = """
extends: trentuno
name: aces-low
deck:
  values: {A: 1}
"""


def test_an_instant_pattern_no_hand_reaches_is_a_warning_at_the_overlay_line(tmp_path):
    rules, problems, warnings = check_all(write(tmp_path, ACES_LOW))
    assert problems == [] and rules is not None
    w = next(w for w in warnings if "instant pattern `trentuno`" in w.message)
    assert w.line == line_of(ACES_LOW, "values")
    assert "can never apply" in w.message and "variants/trentuno.yaml" in w.message


def test_a_knock_threshold_above_the_best_hand(tmp_path):
    text = ("extends: trentuno\nname: k\nturn:\n  steps:\n    choose:\n"
            "      knock: {if: [{value_at_least: 32}]}\n")
    _rules, problems, warnings = check_all(write(tmp_path, text))
    assert problems == []
    msgs = {w.line: w.message for w in warnings}
    assert "no hand is worth 32 or more (the best is worth 31)" in msgs[6]
    # 31 still ends the hand at once: the turn limit is not the only end
    assert not any("2,000-turn limit" in m for m in msgs.values())


@pytest.mark.parametrize("guards,why", [
    ("[{round_at_least: 3}, {round_at_most: 2}]", "the round is at least 3 and at most 2"),
    ("[{first_turn: true}, {round_at_least: 2}]", "first turn of a hand is in the first round"),
    ("[{nobody_knocked: true}, {nobody_knocked: false}]", "both true and false"),
    ("[{zone_size_at_least: {zone: stock, count: 41}}]", "never 41 in `stock`"),
    ("[{first_turn: true}, {nobody_knocked: false}]", "nobody has knocked yet"),
    ("[{first_turn: true}, {first_turn: false}]", "`first_turn` is both true and false"),
    ("[{zone_visible: stock}, {zone_hidden: stock}]", "`stock` cannot be both visible"),
])
def test_an_option_no_guard_can_allow(tmp_path, guards, why):
    text = ("extends: trentuno\nname: g\nturn:\n  steps:\n    choose:\n"
            f"      take: {{if: {guards}}}\n")
    _rules, problems, warnings = check_all(write(tmp_path, text))
    assert problems == [] and len(warnings) == 1
    assert warnings[0].line == 6 and why in warnings[0].message


def test_a_hand_ended_only_by_the_turn_limit(tmp_path):
    text = ACES_LOW + "turn:\n  steps:\n    choose:\n      knock: {if: [{value_at_least: 40}]}\n"
    f = write(tmp_path, text)
    _, problems, warnings = check_all(f)
    assert problems == []
    limit = [w for w in warnings if "2,000-turn limit" in w.message]
    assert len(limit) == 1 and limit[0].file == f
    result = CliRunner().invoke(cli, ["validate", f])
    assert result.exit_code == 0, result.output
    assert f"{f}:{limit[0].line}:" in result.output and ": warning: " in result.output
    assert result.output.rstrip().endswith(f"{f}: ok, with 3 warnings")
    strict = CliRunner().invoke(cli, ["validate", "--strict", f])
    assert strict.exit_code == 1 and "warning" not in strict.output
    js = CliRunner().invoke(cli, ["validate", "--json", f])
    assert js.exit_code == 0 and '"severity": "warning"' in js.output


def test_the_shipped_rulesets_have_no_warnings():
    for name in builtin_files():
        _, problems, warnings = check_all(name)
        assert problems == [] and warnings == [], (name, [w.format() for w in warnings])
