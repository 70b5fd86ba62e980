"""Pay and tie policies do what they say in every stakes mode, or are refused where they have no
meaning (`ties: split` in a lives game used to behave exactly like `all`)."""
from __future__ import annotations

from pathlib import Path

import pytest
from trentuno.engine import check
from trentuno.engine.settlement import PAY_POLICIES, TIE_POLICIES


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
    ("scat", "stakes: {mode: points, lives: null, into_pot: null, last_chance: null}\n"
             "end: {target: 10}\nsettle:\n  showdown: {ties: split}\n",
     6, "`ties: split` has no meaning in a points game"),
    ("trentuno-vedova", "settle:\n  showdown: {pay: highest_takes, ties: knocker_spared}\n", 4,
     ("`ties: knocker_spared` has no meaning in a pot game: it is for lives and points games "
      "(here use all or split or high_card)")),
    ("trentuno-vedova", "settle:\n  win: {pay: others}\n", 4,
     "`pay: others` has no meaning in a pot game"),
    ("trentuno", "settle:\n  showdown: {pay: highest_takes}\n", 4,
     ("`pay: highest_takes` has no meaning in a lives game: it is for pot games (here use "
      "others or lowest or all_but_highest or others_if_knocker_highest)")),
])
def test_a_policy_without_meaning_in_the_stakes_mode_is_refused(tmp_path, base, body, line,
                                                                 message):
    problems = _problems(tmp_path, body, base)
    assert len(problems) == 1
    assert problems[0].line == line
    assert message in problems[0].message


def test_every_policy_says_which_modes_it_has_a_meaning_in():
    for reg in (PAY_POLICIES, TIE_POLICIES):
        for unit in reg.units():
            assert unit.modes and set(unit.modes) <= {"lives", "points", "pot"}, unit.name
    # every mode has a pay policy and a tie policy to choose from
    for mode in ("lives", "points", "pot"):
        assert any(mode in u.modes for u in PAY_POLICIES.units())
        assert any(mode in u.modes for u in TIE_POLICIES.units())
