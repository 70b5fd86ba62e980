"""Pay and tie policies do what they say in every stakes mode, or are refused where they have no
meaning (`ties: split` in a lives game used to behave exactly like `all`)."""
from __future__ import annotations

from pathlib import Path

import pytest
from trentuno.engine import check
from trentuno.engine.settlement import (
    PAY_POLICIES,
    RULE_DEFAULTS,
    SETTLE_KEYS,
    TIE_POLICIES,
    default_policy,
)
from trentuno.engine.stakes_modes import DEFAULT, MODES, key_default


def _problems(tmp_path: Path, body: str, base: str = "trentuno") -> list:
    path = tmp_path / "rules.yaml"
    path.write_text(f"extends: {base}\nname: policies\n{body}", "utf-8")
    rules, problems = check(str(path))
    assert rules is None
    return problems


@pytest.mark.parametrize("base,body,line,message", [
    ("trentuno", "settle:\n  showdown: {ties: split}\n", 4,
     ("`ties: split` has no meaning in a lives game: it is for pot games (here use all or "
      "knocker_spared or knocker_only or nobody or high_card)")),
    ("scat", ("stakes: {mode: points, lives: null, into_pot: null, last_chance: null}\n"
              "end: {target: 10}\nsettle:\n  showdown: {ties: split}\n"),
     6, "`ties: split` has no meaning in a points game"),
    ("trentuno-vedova", "settle:\n  showdown: {pay: highest_takes, ties: knocker_spared}\n", 4,
     ("`ties: knocker_spared` has no meaning in a pot game: it is for lives and points games "
      "(here use all or split or high_card)")),
    ("trentuno-vedova", "settle:\n  win: {pay: others}\n", 4,
     "`pay: others` has no meaning in a pot game"),
    ("trentuno", "settle:\n  showdown: {pay: highest_takes}\n", 4,
     ("`pay: highest_takes` has no meaning in a lives game: it is for pot games (here use "
      "others or lowest or all_but_highest or others_if_knocker_highest or "
      "lowest_and_knocker or below or lowest_to_highest or undeclared)")),
])
def test_a_policy_without_meaning_in_the_stakes_mode_is_refused(tmp_path, base, body, line,
                                                                 message):
    problems = _problems(tmp_path, body, base)
    assert len(problems) == 1
    assert problems[0].line == line
    assert message in problems[0].message


def test_every_policy_says_which_modes_it_has_a_meaning_in():
    settling = {m.name for m in MODES.units() if m.chooses is not None}
    assert settling >= {"lives", "points", "pot"}
    for reg in (PAY_POLICIES, TIE_POLICIES):
        for unit in reg.units():
            assert unit.modes and set(unit.modes) <= settling, unit.name
    # every mode that settles by policies has a pay and a tie policy, and a default of each
    for mode in MODES.units():
        if mode.chooses is None:
            continue
        for reg in (PAY_POLICIES, TIE_POLICIES):
            assert any(mode.name in u.modes for u in reg.units())
            for key in SETTLE_KEYS:
                assert default_policy(reg, key, mode) is not None, (reg.kind, key, mode)


def test_the_documented_defaults_are_the_declared_ones():
    """docs/language.md ("Defaults") says what a settle rule and the stakes take when the file
    says nothing: the policies' `default_for`, the settle rule's and the modes' defaults."""
    text = " ".join((Path(__file__).resolve().parent.parent / "docs" / "language.md")
                    .read_text("utf-8").split())
    lives, pot = MODES[DEFAULT], MODES["pot"]
    win, show = (default_policy(PAY_POLICIES, key, lives).name for key in SETTLE_KEYS)
    in_pot = default_policy(PAY_POLICIES, "showdown", pot).name
    ties = default_policy(TIE_POLICIES, "showdown", lives).name
    assert (f"`settle.*.pay` is `{win}` for `win` and `{show}` for `showdown` (`{in_pot}` in pot "
            f"mode), `lives` {RULE_DEFAULTS['lives']}, `ties` {ties};") in text
    assert (f"`stakes.mode` {DEFAULT} with {key_default('lives')} lives, re-entry with "
            f"{key_default('reentry', 'lives')} life;") in text
