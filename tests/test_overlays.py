"""Overlays (house rules): how they merge, what goes wrong with them, the shipped shelf in
`variants/house/`, and the YAML examples of docs/house-rules.md.

Merge rules (engine/variants.py): mappings merge deeply, lists replace, `null` removes a key;
`extends:` is a built-in name or a path relative to the overlay's own file.
"""
from __future__ import annotations

import copy
import re
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from fuzzing import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from matching import found
from trentuno.engine import GameState, builtin_files, check, load, parse_bots
from trentuno.engine.rules import Ruleset
from trentuno.engine.simulate import run_games
from trentuno.engine.state import MAX_HANDS_PER_GAME
from trentuno.engine.variants import load_merged
from widow_helpers import (
    discard,
    draw,
    events,
    has,
    ids,
    kind,
    knock_and_show,
    legal,
    lives_lost,
    new_game,
    next_dealer,
    one,
    play,
    stack,
    value_of,
)

HOUSE = sorted(n for n in builtin_files() if n.startswith("house/"))
DOC = Path(__file__).resolve().parent.parent / "docs" / "house-rules.md"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    """1-based number of the first line of `text` containing `needle`."""
    for i, line in enumerate(text.lstrip("\n").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in the text")


def base_name(name: str) -> str:
    """The built-in a shipped overlay chain starts from."""
    return Path(load_merged(name).files[0].file).stem


def refused(path: Path, text: str) -> list:
    """The problems of the rule file `text` written at `path` (there must be some)."""
    rules, problems = check(str(write(path, text)))
    assert rules is None and problems
    return problems


def valid(path) -> Ruleset:
    rules, problems = check(str(path))
    assert problems == [], [p.format() for p in problems]
    return rules


# ---- merge rules --------------------------------------------------------------------------------
def test_mappings_merge_deeply(tmp_path):
    f = write(tmp_path / "deep.yaml", """
extends: trentuno
name: deep
stakes:
  lives: 5
settle:
  showdown: {knocker_lives: 2}
""")
    merged = load_merged(str(f)).data
    base = load_merged("trentuno").data
    assert merged["stakes"] == dict(base["stakes"], lives=5)
    assert merged["settle"]["showdown"] == dict(base["settle"]["showdown"], knocker_lives=2)
    assert merged["settle"]["win"] == base["settle"]["win"]
    assert merged["hand"] == base["hand"] and merged["name"] == "deep"
    rules = valid(f)
    assert rules.stakes.lives == 5 and rules.stakes.into_pot is True
    assert rules.stakes.reentry_who == "all"
    assert rules.settle_showdown.knocker_lives == 2 and rules.settle_showdown.pay == "lowest"


def test_lists_replace(tmp_path):
    f = write(tmp_path / "lists.yaml", """
extends: trentuno
name: no-tris
hand:
  patterns:
    - {name: trentuno, kind: same_suit, sum: 31, value: sum, instant: true}
    - {name: suit, kind: best_suit, value: sum}
""")
    merged = load_merged(str(f)).data
    assert [p["name"] for p in merged["hand"]["patterns"]] == ["trentuno", "suit"]
    assert merged["hand"]["size"] == 3                       # the mapping around it merged
    rules = valid(f)
    assert value_of(rules, "Ac Ad Ab").value == 11           # no tris any more
    assert value_of(load("trentuno"), "Ac Ad Ab").value == 30


def test_null_removes(tmp_path):
    f = write(tmp_path / "null.yaml", """
extends: trentuno
name: no-reentry
description: null
stakes:
  reentry: null
""")
    merged = load_merged(str(f)).data
    assert "reentry" not in merged["stakes"] and "description" not in merged
    assert merged["stakes"]["lives"] == 3
    rules = valid(f)
    assert rules.stakes.reentry_who is None and rules.description == ""


def test_null_removes_a_turn_step(tmp_path):
    """The shelf's discard-first removes the base's `discard` step with null."""
    merged = load_merged("house/discard-first").data
    assert set(merged["turn"]["steps"]) == {"choose", "draw"}
    assert "discard" in load_merged("trentuno").data["turn"]["steps"]


def test_a_chain_of_overlays_with_relative_paths(tmp_path, monkeypatch):
    """An overlay of an overlay of `trentuno`; each `extends:` is relative to its own file, not
    to the working directory; the later file wins, and may remove what the earlier added."""
    write(tmp_path / "club" / "five.yaml", """
extends: trentuno
name: five
title: Five lives
stakes: {lives: 5, last_chance: true}
settle:
  showdown: {knocker_lives: 2}
""")
    top = write(tmp_path / "club" / "tables" / "friday.yaml", """
extends: ../five.yaml
name: friday
stakes: {lives: 4, last_chance: null}
""")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    merged = load_merged(str(top))
    assert len(merged.files) == 3                             # trentuno, five, friday
    assert merged.files[0].file.endswith("trentuno.yaml")
    assert merged.data["name"] == "friday" and merged.data["title"] == "Five lives"
    assert merged.data["stakes"]["lives"] == 4
    assert "last_chance" not in merged.data["stakes"]
    assert merged.data["settle"]["showdown"]["knocker_lives"] == 2
    rules = valid(top)
    assert rules.name == "friday" and rules.stakes.lives == 4
    assert rules.stakes.last_chance is False
    assert new_game(rules, dealer=0, players=4).lives == [4, 4, 4, 4]


def test_an_overlay_of_a_shipped_overlay(tmp_path):
    f = write(tmp_path / "more.yaml", """
extends: house/knock-25
name: knock-25-five-lives
stakes: {lives: 5}
""")
    rules = valid(f)
    assert rules.stakes.lives == 5
    knock = rules.data["turn"]["steps"]["choose"][2]
    assert {"value_at_least": 25} in knock["if"]


# ---- what goes wrong ----------------------------------------------------------------------------
def test_a_cycle_is_reported_at_the_extends_line(tmp_path):
    a_text = "name: a\nextends: b.yaml\n"
    write(tmp_path / "a.yaml", a_text)
    write(tmp_path / "b.yaml", "# b\nname: b\nextends: a.yaml\n")
    rules, problems = check(str(tmp_path / "a.yaml"))
    assert rules is None and len(problems) == 1
    p = problems[0]
    assert "cycle" in p.message and "a.yaml" in p.message and "b.yaml" in p.message
    assert p.file.endswith("a.yaml") and p.line == line_of(a_text, "extends")
    assert p.path == "/extends"


def test_an_overlay_extending_itself_is_a_cycle(tmp_path):
    write(tmp_path / "self.yaml", "extends: ./self.yaml\nname: me\n")
    rules, problems = check(str(tmp_path / "self.yaml"))
    assert rules is None and "cycle" in problems[0].message


@pytest.mark.parametrize("base", ["nowhere.yaml", "../missing/base.yml", "no-such-variant"])
def test_a_missing_base_is_reported_at_the_extends_line(tmp_path, base):
    text = f"name: lost\ntitle: Lost\nextends: {base}\n"
    write(tmp_path / "lost.yaml", text)
    rules, problems = check(str(tmp_path / "lost.yaml"))
    assert rules is None and len(problems) == 1
    p = problems[0]
    assert p.file.endswith("lost.yaml") and p.line == 3 and p.path == "/extends"
    assert base.split("/")[-1] in p.message


@pytest.mark.parametrize("body,needle,path", [
    ("stakes:\n  lives: five\n", "lives:", "/stakes/lives"),                 # schema: type
    ("stakse:\n  lives: 5\n", "stakse", "/stakse"),                          # schema: unknown key
    ("settle:\n  showdown: {pay: highest_takes}\n", "highest_takes",         # compiler
     "/settle/showdown/pay"),
    ("triggers:\n  - {on: turn_end, if: {holds: poker}, do: win}\n", "poker",  # compiler
     "/triggers/0/if/holds"),
])
def test_an_overlay_that_breaks_the_ruleset_points_at_its_own_line(tmp_path, body, needle,
                                                                   path):
    text = ("# yaml-language-server: $schema=../schema/ruleset.schema.json\n"
            "extends: trentuno\nname: broken\n") + body
    f = write(tmp_path / "broken.yaml", text)
    rules, problems = check(str(f))
    assert rules is None and problems
    p = problems[0]
    assert p.file == str(f)
    assert p.line == line_of(text, needle) and p.path == path
    assert p.column is not None
    # and `trentuno validate` prints it as FILE:LINE:COL: message (at /path)
    from trentuno.cli.main import cli
    result = CliRunner().invoke(cli, ["validate", str(f)])
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert re.fullmatch(rf"{re.escape(str(f))}:{p.line}:{p.column}: .+ \(at {re.escape(path)}\)",
                        first), first


def test_an_overlay_that_breaks_a_base_trigger_is_reported_in_the_overlay(tmp_path):
    text = ("extends: trentuno\nname: only-tris\nhand:\n  patterns:\n"
            "    - {name: tris, kind: same_rank, ranks: [A, F, C, R], value: 30.5}\n")
    f = write(tmp_path / "only-tris.yaml", text)
    rules, problems = check(str(f))
    assert rules is None and problems
    assert any(p.file == str(f) for p in problems), [p.format() for p in problems]


def test_a_problem_inherited_from_a_valid_overlay_chain_points_at_the_file_that_wrote_it(
        tmp_path):
    """A mistake in the middle file of a chain is reported in that file, not in the top one."""
    mid_text = "extends: trentuno\nname: mid\nstakes:\n  lives: -1\n"
    write(tmp_path / "mid.yaml", mid_text)
    top = write(tmp_path / "top.yaml", "extends: mid.yaml\nname: top\ntitle: Top\n")
    rules, problems = check(str(top))
    assert rules is None
    assert problems[0].file.endswith("mid.yaml")
    assert problems[0].line == line_of(mid_text, "lives")


# ---- named entries: an overlay changes, places or removes one ---------------------------------
def test_a_pattern_changed_by_name_keeps_the_others(tmp_path):
    f = write(tmp_path / "tris.yaml", """
extends: trentuno
name: tris-more
hand:
  patterns:
    tris: {value: 30.5}
""")
    merged = load_merged(str(f)).data["hand"]["patterns"]
    base = load_merged("trentuno").data["hand"]["patterns"]
    assert [p["name"] for p in merged] == ["trentuno", "tris", "suit"]
    assert merged[1] == dict(base[1], value=30.5)
    assert merged[0] == base[0] and merged[2] == base[2]
    rules = valid(f)
    assert value_of(rules, "Ac Ad Ab").value == 30.5
    assert value_of(rules, "Ac Rc Fc").value == 31          # the 31 is still there


def test_entries_are_added_placed_and_removed_by_name(tmp_path):
    f = write(tmp_path / "shuffle.yaml", """
extends: trentuno
name: shuffled
hand:
  patterns:
    three-aces: {before: tris, kind: same_rank, ranks: [A], value: 30, instant: true}
    tris: null
    pair: {kind: same_rank, ranks: [R], value: 29}
triggers:
  stock-empty: {after: dealt-instant, do: void}
""")
    merged = load_merged(str(f)).data
    assert [p["name"] for p in merged["hand"]["patterns"]] == [
        "trentuno", "three-aces", "suit", "pair"]                 # a new one goes last
    assert [t["name"] for t in merged["triggers"]] == ["dealt-instant", "stock-empty", "instant"]
    assert merged["triggers"][1] == {"name": "stock-empty", "on": "stock_empty", "do": "void"}
    rules = valid(f)
    assert value_of(rules, "Ac Ad Ab").combo == "three-aces"
    assert value_of(rules, "Fc Fd Fb").combo == "suit"           # no tris any more


def test_an_option_changed_by_name(tmp_path):
    f = write(tmp_path / "k.yaml", """
extends: trentuno
name: k
turn:
  steps:
    choose:
      knock: {if: [{value_at_least: 20}]}
      take: null
""")
    rules = valid(f)
    kinds = [(o.kind, o.params.get("from")) for o in rules.steps["choose"].options]
    assert kinds == [("draw", "stock"), ("knock", None)]
    for hand, allowed in (("Ac 2c 3c", False), ("Ac Rc 7d", True)):   # 16, 21: knock from 20
        state = new_game(rules, dealer=0, players=4, hands={3: hand})
        assert state.current_player == 3 and state.round == 1
        assert has(state, "knock") == allowed and not has(state, "discard")
        assert len([a for a in state.legal_actions() if a.kind == "draw"]) == 1


def test_a_plain_list_still_replaces(tmp_path):
    f = write(tmp_path / "l.yaml", """
extends: trentuno
name: l
triggers:
  - {on: dealt, if: {holds: instant}, do: win}
  - {on: stock_empty, do: void}
""")
    assert [t.get("name") for t in load_merged(str(f)).data["triggers"]] == [None, None]
    valid(f)


def test_an_overlay_of_an_overlay_changes_by_name_again(tmp_path):
    write(tmp_path / "a.yaml", "extends: house/three-aces-win\nname: a\n"
                               "hand:\n  patterns:\n    three-aces: {value: 32}\n")
    merged = load_merged(str(tmp_path / "a.yaml")).data["hand"]["patterns"]
    assert [p["name"] for p in merged] == ["trentuno", "three-aces", "tris", "suit"]
    assert merged[1]["value"] == 32 and merged[1]["instant"] is True
    assert merged[2]["ranks"] == ["F", "C", "R"]


@pytest.mark.parametrize("body,needle,message", [
    ("hand:\n  patterns:\n    triz: null\n", "triz", ("no pattern named 'triz' here (the "
     "patterns: trentuno, tris, suit)")),
    ("hand:\n  patterns:\n    triz: {value: 30.5}\n", "triz", ("no pattern named 'triz' to "
     "change (the patterns: trentuno, tris, suit); a new pattern needs `kind:`")),
    ("hand:\n  patterns:\n    x: {kind: same_rank, before: nope}\n", "nope",
     "no pattern named 'nope' here"),
    ("hand:\n  patterns:\n    tris: {before: suit, after: suit}\n", "tris:",
     "say `before:` or `after:`, not both"),
    ("triggers:\n  instant: {name: other}\n", "other", ("the key 'instant' is the trigger's "
     "name")),
    ("turn:\n  steps:\n    choose:\n      knok: {if: []}\n", "knok",
     "no option named 'knok' to change (the options: draw, take, knock)"),
    ("turn:\n  steps:\n    choose:\n      knock: [x]\n", "knock:", ("give the option as a "
     "mapping")),
])
def test_a_wrong_change_by_name_is_reported_at_its_line(tmp_path, body, needle, message):
    text = "extends: trentuno\nname: bad\n" + body
    f = write(tmp_path / "bad.yaml", text)
    rules, problems = check(str(f))
    assert rules is None and len(problems) == 1
    assert problems[0].file == str(f) and message in problems[0].message
    assert problems[0].line == line_of(text, needle)


def test_a_base_without_names_cannot_be_changed_by_name(tmp_path):
    write(tmp_path / "base.yaml", "extends: trentuno\nname: base\ntriggers:\n"
                                  "  - {on: stock_empty, do: void}\n")
    text = "extends: base.yaml\nname: top\ntriggers:\n  stock-empty: {do: reshuffle}\n"
    f = write(tmp_path / "top.yaml", text)
    rules, problems = check(str(f))
    assert rules is None and "has no `name`" in problems[0].message
    assert problems[0].file == str(f) and problems[0].line == 4


def test_a_problem_inside_a_changed_entry_points_at_the_overlay_line(tmp_path):
    text = "extends: trentuno\nname: bad\nhand:\n  patterns:\n    tris: {ranks: [A, X]}\n"
    f = write(tmp_path / "bad.yaml", text)
    rules, problems = check(str(f))
    assert rules is None and problems[0].file == str(f)
    assert problems[0].line == 5 and problems[0].path == "/hand/patterns/tris/ranks/1"


def test_a_problem_in_a_moved_base_entry_points_at_the_base_line(tmp_path):
    """The base's knock option moved from the third place to the first: a problem about it is
    found in the base at the knock's own line."""
    from trentuno.engine.variants import builtin_files as files
    f = write(tmp_path / "m.yaml", "extends: trentuno\nname: m\nturn:\n  steps:\n    choose:\n"
                                   "      draw: {after: knock}\n")
    merged = load_merged(str(f))
    assert [o["name"] for o in merged.data["turn"]["steps"]["choose"]] == [
        "take", "knock", "draw"]
    p = merged.problem(("turn", "steps", "choose", 1, "if"), "x")
    base_text = files()["trentuno"].read_text(encoding="utf-8")
    assert p.file.endswith("trentuno.yaml") and p.path == "/turn/steps/choose/2/if"
    assert p.line == line_of(base_text, "if: [{round_at_least: 2}")


def test_option_and_trigger_names_are_unique(tmp_path):
    text = ("extends: trentuno\nname: twice\ntriggers:\n  again: {on: dealt, do: void}\n"
            "turn:\n  steps:\n    discard:\n      - {name: d, do: discard, to: discard}\n"
            "      - {name: d, do: discard, to: discard}\n")
    problems = refused(tmp_path / "twice.yaml", text)
    assert [p.message for p in problems] == ["option name 'd' is used twice"]
    assert problems[0].line == 9


def test_explain_diff_of_a_change_by_name_names_only_what_changed():
    from trentuno.engine.explain import diff, load_base
    sections = diff(load_base("house/tris-30-5"), load("house/tris-30-5"))
    keys = [s.key for s in sections]
    assert keys[0] == "about" and len(keys) >= 2
    text = "\n".join(line for s in sections[1:] for line in s.lines)
    assert "30.5" in text and "Instead of" in text


# ---- merging is linear, and does what the docs say ---------------------------------------------
def test_patching_one_of_thousands_of_named_entries_takes_a_moment(tmp_path):
    """The old merge searched every path of the merged document for each entry of a named
    list: a 4-line overlay patching one trigger of a base with 6,000 triggers added by name
    had not finished after 54 s. Bounded by the CPU time of this process, never the clock.
    (1,600 triggers: the loader refuses a file of more than 10,000 nodes, 1,666 of these.)"""
    lines = [f"  t{i}: {{on: stock_empty, do: reshuffle}}\n" for i in range(1600)]
    write(tmp_path / "base.yaml", "extends: trentuno\nname: many\ntriggers:\n" + "".join(lines))
    top = write(tmp_path / "top.yaml", "extends: base.yaml\nname: top\ntriggers:\n"
                                       "  t5: {do: void, after: t1599}\n  t7: null\n")
    start = time.process_time()
    merged = load_merged(str(top))
    seconds = time.process_time() - start
    names = [t["name"] for t in merged.data["triggers"]]
    assert len(names) == 3 + 1600 - 1 and names[-1] == "t5" and "t7" not in names
    assert merged.data["triggers"][-1] == {"name": "t5", "on": "stock_empty", "do": "void"}
    assert merged.problem(("triggers", len(names) - 1, "do"), "x").line == 4    # the overlay's
    assert merged.problem(("triggers", 3, "on"), "x").line == 4                  # t0: the base's
    assert seconds < 5, seconds  # 0.3 s on the 2-core development machine


def _reference(base: list[dict], over: dict) -> tuple[list[dict], int]:
    """The merge of a named list as docs/language.md says it, written the plain way: each
    `NAME: ...` in turn; one that cannot be made counts as a problem and changes nothing."""
    entries = [dict(e) for e in base]
    problems = 0
    for name, change in over.items():
        names = [e["name"] for e in entries]
        if change is None:
            if name in names:
                del entries[names.index(name)]
            else:
                problems += 1
            continue
        places = [k for k in ("before", "after") if k in change]
        body = {k: v for k, v in change.items() if k not in ("before", "after")}
        rest = [e for e in entries if e["name"] != name]
        target = change[places[0]] if places else None
        if (name not in names and "on" not in change) or len(places) > 1 or \
                (places and target not in [e["name"] for e in rest]):
            problems += 1
            continue
        if name in names:
            i = names.index(name)
            entry = {**entries.pop(i), **body}
        else:
            i, entry = len(entries), {"name": name, **body}
        if places:
            j = [e["name"] for e in entries].index(target)
            i = j if places[0] == "before" else j + 1
        entries.insert(i, entry)
    return entries, problems


NAMES = st.sampled_from(["a", "b", "c", "d", "e", "f"])
CHANGES = st.dictionaries(NAMES, st.none() | st.fixed_dictionaries(
    {}, optional={"on": st.just("dealt"), "do": st.sampled_from(["win", "void"]),
                  "before": NAMES, "after": NAMES}), max_size=5)


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(base=st.lists(NAMES, unique=True, max_size=5), over=CHANGES)
def test_a_named_list_merges_as_documented(tmp_path, base, over):
    """Changes, additions, removals and `before:`/`after:` of random overlays give what the
    plain reading of the docs gives, and every change that cannot be made is one problem."""
    entries = [{"name": n, "on": "stock_empty", "do": "reshuffle"} for n in base]
    write(tmp_path / "b.yaml", yaml.safe_dump({"extends": "trentuno", "triggers": entries},
                                               sort_keys=False))
    top = write(tmp_path / "o.yaml", yaml.safe_dump({"extends": "b.yaml", "triggers": over},
                                                     sort_keys=False))
    merged = load_merged(str(top))
    want, problems = _reference(entries, over)
    assert merged.data["triggers"] == want
    assert len(merged.problems) == problems, [p.format() for p in merged.problems]
    assert all(p.file == str(top) for p in merged.problems)


def test_a_complete_ruleset_may_give_its_named_lists_as_maps(tmp_path):
    """The same rules as `trentuno`, its patterns, options and triggers written NAME: entry."""
    from trentuno.engine.loader import load_file
    data = copy.deepcopy(load_file(builtin_files()["trentuno"]).data)  # YAML 1.2: `on` stays
    data["hand"]["patterns"] = {p.pop("name"): p for p in data["hand"]["patterns"]}
    data["turn"]["steps"] = {step: {o.pop("name"): o for o in options}
                             for step, options in data["turn"]["steps"].items()}
    data["triggers"] = {t.pop("name"): t for t in data["triggers"]}
    f = write(tmp_path / "maps.yaml", yaml.safe_dump(data, sort_keys=False))
    rules = valid(f)
    assert load_merged(str(f)).data == load_merged("trentuno").data
    assert value_of(rules, "Ac Ad Ab").value == 30


@pytest.mark.parametrize("body,needle,message", [
    # removing a step's last option: the problem is the emptied step, said at the removal
    ("turn:\n  steps:\n    discard:\n      discard: null\n", "discard: null",
     "removing option `discard` leaves step `discard` with no option"),
    # removing a step another option goes on to
    ("turn:\n  steps:\n    discard: null\n", "discard: null",
     ("removing step `discard`: no step named 'discard' (/turn/steps/choose/0/then in "
     "variants/trentuno.yaml:56:51)")),
    # removing the only instant pattern: the base's triggers ask for one
    ("hand:\n  patterns:\n    trentuno: null\n", "trentuno: null",
     ("removing pattern `trentuno`: `holds: instant` but no pattern says `instant: true` "
     "(/triggers/0/if/holds in variants/trentuno.yaml:73:50)")),
    # removing a zone the base deals to
    ("zones:\n  discard: null\n", "discard: null", ("removing zone `discard`: no zone named "
     "'discard'")),
    # removing the knock: nothing ends a hand any more
    ("turn:\n  steps:\n    choose:\n      knock: null\n", "knock: null",
     "removing option `knock`: nothing can end a hand"),
    # a hand size the base's deal does not give
    ("hand: {size: 4}\n", "size", ("with `size: 4` here: the deal gives each player 3 cards but "
     "`hand.size` is 4 (/deal in variants/trentuno.yaml:46:3)")),
])
def test_a_problem_an_overlay_causes_in_a_built_in_is_said_at_the_overlay(tmp_path, body,
                                                                          needle, message):
    text = "extends: trentuno\nname: mine\n" + body
    problems = refused(tmp_path / "mine.yaml", text)
    assert all(p.file == str(tmp_path / "mine.yaml") for p in problems), \
        [p.format() for p in problems]
    assert message in problems[0].message, problems[0].format()
    assert problems[0].line == line_of(text, needle)


@pytest.mark.parametrize("base", ["scopa", "cocincina"])
def test_a_stakes_mode_a_built_in_cannot_take_is_said_at_the_mode(tmp_path, base):
    f = tmp_path / "mine.yaml"
    problems = refused(f, f"extends: {base}\nname: mine\nstakes:\n  mode: lives\n")
    assert all((p.file, p.line) == (str(f), 4) for p in problems), [p.format() for p in problems]
    assert problems[0].message.startswith("with `mode: lives` here: 'patterns' is required "
                                          f"(/hand/patterns in variants/{base}.yaml:")


def test_the_mode_is_blamed_not_a_key_removed_beside_it(tmp_path):
    """Removing `reentry` from the stakes did not make `pay: lowest` wrong: the pot mode did."""
    text = ("extends: trentuno\nname: pot\nstakes:\n  mode: pot\n  ante: 1\n  bankroll: 10\n"
            "  lives: null\n  into_pot: null\n  last_chance: null\n  reentry: null\n")
    problems = refused(tmp_path / "pot.yaml", text)
    assert problems[0].line == 4 and problems[0].message.startswith(
        "with `mode: pot` here: `pay: others` has no meaning in a pot game"), problems[0].format()
    assert not [p for p in problems if "reentry" in p.message]


def test_a_base_problem_no_change_explains_is_said_at_the_extends_line(tmp_path):
    """Never only a line of a built-in: with nothing of the overlay to blame, its extends:."""
    from trentuno.engine.blame import place
    f = write(tmp_path / "mine.yaml", "name: mine\nextends: trentuno\nstakes: {lives: 4}\n")
    p = place(load_merged(str(f)), ("hand", "patterns", 1, "ranks"), "something is wrong")
    assert (p.file, p.line, p.path) == (str(f), 2, "/extends")
    assert p.message == ("in the base this file extends: something is wrong "
                         "(/hand/patterns/1/ranks in variants/trentuno.yaml:28:44)")
    assert place(load_merged("trentuno"), ("hand", "patterns", 1, "ranks"), "x").file == \
        "variants/trentuno.yaml"                            # the built-in itself: its own line


def test_every_misspelt_name_is_reported_with_the_other_problems(tmp_path):
    text = ("extends: trentuno\nname: typos\nhand:\n  patterns:\n    triz: {value: 30.5}\n"
            "    suitt: null\nturn:\n  steps:\n    choose:\n      knok: {if: []}\n"
            "stakes: {lives: five}\n")
    problems = refused(tmp_path / "typos.yaml", text)
    assert [p.line for p in problems] == [5, 6, 10, 11], [p.format() for p in problems]
    assert "no pattern named 'triz' to change" in problems[0].message
    assert "no pattern named 'suitt' here" in problems[1].message
    assert "no option named 'knok' to change" in problems[2].message


def test_a_name_the_base_has_twice_cannot_be_changed_by_name(tmp_path):
    write(tmp_path / "base.yaml", "extends: trentuno\nname: base\ntriggers:\n"
                                  "  - {name: x, on: stock_empty, do: void}\n"
                                  "  - {name: x, on: stock_empty, do: reshuffle}\n")
    text = "extends: base.yaml\nname: top\ntriggers:\n  x: {do: void}\n"
    problems = refused(tmp_path / "top.yaml", text)
    assert problems[0].line == 4 and "the base has 2 triggers named 'x'" in problems[0].message


def test_a_points_below_payment_is_at_most_a_thousand(tmp_path):
    """docs/language.md, Size limits: one payment takes at most 1,000 points; `points_below`
    past that is refused, and a hand worth less than nothing cannot make it more."""
    from types import SimpleNamespace

    from trentuno.engine.stakes_modes import _price
    text = ("extends: thirty-one\nname: pts\nstakes: {mode: points, lives: null, "
            "last_chance: null}\nend: {last_standing: null, target: 100}\nsettle:\n"
            "  showdown: {lives: null, knocker_lives: null, points_below: 1001}\n")
    problems = refused(tmp_path / "pts.yaml", text)
    assert [p.line for p in problems] == [6]
    assert "more than 1000, the most one hand may cost" in problems[0].message
    rules = valid(write(tmp_path / "pts.yaml", text.replace("1001", "1000")))
    rule = rules.settle_showdown
    for value, paid in ((31, 969), (1000, 0), (-5000.5, 1000)):
        state = SimpleNamespace(hand_value=lambda p, v=value: v)
        assert _price(state, rule, 0, None) == paid


# ---- the shelf: every shipped overlay validates and plays to the end ----------------------------
def test_the_shelf_is_not_empty():
    assert len(HOUSE) >= 10


@pytest.mark.parametrize("name", HOUSE)
def test_every_shipped_overlay_validates_and_is_an_overlay(name):
    rules = valid(name)
    merged = load_merged(name)
    assert len(merged.files) >= 2, f"{name} extends nothing"
    assert rules.name != load(base_name(name)).name, "an overlay should have its own name"


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("name", HOUSE)
def test_every_shipped_overlay_is_played_to_the_end_by_the_bots(name, bot):
    rules = load(name)
    summary = run_games(rules, 0, 20, rules.default_players, bot, 3)
    assert summary.games == 20 and summary.hands >= 20
    assert sum(summary.wins) >= 20                       # every game was won by somebody
    assert summary.max_hands < MAX_HANDS_PER_GAME
    assert "turn limit" not in summary.hand_ends


def test_validate_accepts_the_whole_shelf_at_once():
    from trentuno.cli.main import cli
    result = CliRunner().invoke(cli, ["validate", *HOUSE])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok") == len(HOUSE)


# ---- the shelf: each house rule changes something you can see -----------------------------------
def base_and_house(name):
    return load(base_name(name)), load(name)


def idle(state, seat=None):
    """A Trentuno turn that changes nothing: draw the stock's top card and throw it away
    (unless the draw itself ended the hand)."""
    hand = state.hand_number
    play(state, draw(state, "stock"), seat=seat)
    if state.hand_number == hand:
        play(state, discard(state, state.rules.deck.code(state.just_drawn)), seat=seat)


def knock_hand(rules, hands):
    """Trentuno, dealer 0, four players (turns 3, 2, 1, 0): a round of idle turns, then seat 3
    knocks in round 2 and the others take an idle turn each."""
    state = new_game(rules, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    for seat in (3, 2, 1, 0):
        idle(state, seat)
    play(state, kind(state, "knock"), seat=3)
    for seat in (2, 1, 0):
        idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    return state


COVERED = set()
#: the house rules of capture games: their behaviour tests are in test_capture.py
COVERED |= {"house/scopa-d-assi", "house/scopa-21", "house/scopa-last-card",
            "house/scopa-re-redeal", "house/cocincina-75", "house/cocincina-101"}
#: the rest of the Scopa family (issue 18): their tests are in test_scopa_family.py
COVERED |= {"house/scopone", "house/scopone-scientifico", "house/scopa-a-perdere",
            "house/scopa-napola", "house/scopa-di-quindici", "house/cirulla",
            "house/asso-piglia-tutto", "house/scopa-must-take", "house/scopa-fewest-cards",
            "house/cirulla-fewest"}
#: the countback at a tied target (issue 18): its tests are in test_scopa_words.py
COVERED |= {"house/scopa-first-to-11"}
#: the house rules of issue 7's language features: their behaviour tests are in
#: test_language_features.py
COVERED |= {"house/ties-nobody-pays", "house/ties-high-card", "house/four-cards",
            "house/scala", "house/jokers", "house/penalty-31-minus-hand",
            "house/knocker-highest", "house/two-decks"}
#: the house rules of issue 17's hand values: their behaviour tests are in test_hand_values.py
COVERED |= {"house/jokers-12", "house/scat-trips-by-rank", "house/thirty-one-four-cards"}
#: the house rules of issue 17's settlement rules: their tests are in test_settlement_rules.py
COVERED |= {"house/knocker-pays-unless-highest", "house/under-21-pays",
            "house/points-by-place", "house/best-takes-from-worst", "house/schwimmen-swiss"}
#: the house rules of issue 17's turn structures: their behaviour tests are in
#: test_turn_structure.py
COVERED |= {"house/knocker-plays-last", "house/schwimmen-31-knocks"}
#: the house rules of issue 17's turns on the table: their tests are in test_table_turns.py
COVERED |= {"house/schwimmen-new-table", "house/schwimmen-rounds",
            "house/schwimmen-blind-choice", "house/commerce-blind-swap"}
#: the house rules of issue 17's choices (several cards in one exchange, declaring, out of the
#: hand): their behaviour tests are in test_choices.py
COVERED |= {"house/schwimmen-swap-up-to-three", "house/schwimmen-declare",
            "house/schwimmen-pass-is-out"}


def covers(name):
    def mark(fn):
        COVERED.add(name)
        return fn
    return mark


@covers("house/knock-25")
@pytest.mark.parametrize("hand,points", [("Ac 6c 7c", 24), ("Ac Fc 4c", 25)])
def test_knock_25_needs_a_hand_worth_25(hand, points):
    base, house = base_and_house("house/knock-25")
    for rules in (base, house):
        state = new_game(rules, dealer=0, players=4, hands={3: hand}, zones={"discard": "7s"})
        assert value_of(rules, hand).value == points
        for seat in (3, 2, 1, 0):
            idle(state, seat)
        assert state.round == 2 and state.current_player == 3
        allowed = has(state, "knock")
        assert allowed == (rules is base or points >= 25), (rules.name, hand)


@covers("house/tris-30-5")
def test_tris_30_5():
    base, house = base_and_house("house/tris-30-5")
    assert value_of(house, "Ac Ad Ab").value == 30.5
    assert value_of(base, "Ac Ad Ab").value == 30
    assert value_of(house, "Rc Rd Rs").value == 30.5
    # it now beats a 30 in one suit, which it tied before
    assert value_of(house, "Ac Ad Ab").strength > value_of(house, "Rc Cc Fc").strength
    assert value_of(base, "Ac Ad Ab").strength == value_of(base, "Rc Cc Fc").strength


@covers("house/three-aces-win")
def test_three_aces_dealt_end_the_hand():
    base, house = base_and_house("house/three-aces-win")
    state = new_game(house, dealer=0, players=4, hands={2: "Ac Ad Ab"})
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["reason"] == "dealt"
    assert end.data["winners"] == [2]
    assert lives_lost(state, 1) == {0: 1, 1: 1, 3: 1}
    plain = new_game(base, dealer=0, players=4, hands={2: "Ac Ad Ab"})
    assert not events(plain, "hand_end")


HANDS_LOW_KNOCKER = {3: "2c 3d 5b", 2: "Rc Cc 2d", 1: "7d 6d 2b", 0: "Fb Cb 3s"}


@covers("house/knocker-pays-double")
def test_a_lowest_knocker_pays_double():
    base, house = base_and_house("house/knocker-pays-double")
    assert lives_lost(knock_hand(house, HANDS_LOW_KNOCKER), 1) == {3: 2}
    assert lives_lost(knock_hand(base, HANDS_LOW_KNOCKER), 1) == {3: 1}
    # a lowest player who did not knock still pays one
    hands = {**HANDS_LOW_KNOCKER, 3: "Rd Cd 7b", 1: "2c 3d 5b"}
    assert lives_lost(knock_hand(house, hands), 1) == {1: 1}


@covers("house/discard-first")
def test_discard_first_offers_discards_first():
    base, house = base_and_house("house/discard-first")
    state = new_game(house, dealer=0, players=4, hands={3: "Ac Rc 2d"}, zones={"discard": "7s"},
                     stock="Fc")
    assert sorted(legal(state)) == ["discard 2d", "discard Ac", "discard Rc"]
    play(state, discard(state, "2d"), seat=3)
    assert legal(state) == ["draw stock"]                    # the discard cannot be taken back
    play(state, draw(state, "stock"), seat=3)
    assert one(state, "hand_end", 1).data["winners"] == [3]      # Ac Rc Fc: 31
    plain = new_game(base, dealer=0, players=4, hands={3: "Ac Rc 2d"}, zones={"discard": "7s"})
    assert sorted(legal(plain)) == ["draw discard", "draw stock"]


@covers("house/highest-wins")
def test_highest_wins_all_but_the_highest_lose_a_life():
    base, house = base_and_house("house/highest-wins")
    hands = {3: "2c 3d 5b", 2: "Rc Cc 7c", 1: "7d 6d 2b", 0: "Fb Cb 3s"}
    assert lives_lost(knock_hand(house, hands), 1) == {3: 1, 1: 1, 0: 1}
    assert lives_lost(knock_hand(base, hands), 1) == {3: 1}


@covers("house/five-lives")
def test_five_lives():
    base, house = base_and_house("house/five-lives")
    assert new_game(house, dealer=0, players=4).lives == [5, 5, 5, 5]
    assert new_game(base, dealer=0, players=4).lives == [3, 3, 3, 3]


@covers("house/knocker-wins-ties")
def test_a_knocker_tied_for_lowest_is_spared():
    base, house = base_and_house("house/knocker-wins-ties")
    hands = {3: "2c 3d 5b", 2: "Rc Cc 2d", 1: "5c 2b 3s", 0: "Fb Cb 3b"}
    assert value_of(house, "2c 3d 5b").value == value_of(house, "5c 2b 3s").value == 5
    assert lives_lost(knock_hand(house, hands), 1) == {1: 1}
    assert lives_lost(knock_hand(base, hands), 1) == {3: 1, 1: 1}
    # alone at the bottom, the knocker still pays
    assert lives_lost(knock_hand(house, HANDS_LOW_KNOCKER), 1) == {3: 1}


@covers("house/knocker-pays-ties")
def test_a_knocker_tied_for_lowest_pays_alone():
    base, house = base_and_house("house/knocker-pays-ties")
    hands = {1: "Kh Qh 9d", 2: "8h 5d 2c", 3: "Ac 9c 4d", 0: "8s 2h 3d"}  # 2 knocks; 2, 0 tie
    assert lives_lost(knock_and_show(house, hands, knocker=2), 1) == {2: 2}
    assert lives_lost(knock_and_show(base, hands, knocker=2), 1) == {2: 2, 0: 1}
    # without the knocker among them, the tied players all pay as usual
    hands = {1: "Kh Qh 9d", 2: "Ac 9c 4d", 3: "8h 5d 2c", 0: "8s 2h 3d"}
    assert lives_lost(knock_and_show(house, hands, knocker=2), 1) == {3: 1, 0: 1}


@covers("house/scat-penalty-points")
def test_penalty_points_to_a_target():
    base, house = base_and_house("house/scat-penalty-points")
    hands = {1: "Kh Qh 9d", 2: "8h 5d 2c", 3: "Ac 9c 4d", 0: "8s 2h 3d"}  # 2 knocks; 2, 0 tie
    state = knock_and_show(house, hands, knocker=2)
    assert state.lives == [1, 0, 2, 0]                  # penalty points, not lives
    assert sorted(state.alive) == [0, 1, 2, 3]
    assert knock_and_show(base, hands, knocker=2).lives == [2, 3, 1, 3]
    # played out: nobody is ever out; the game stops once somebody has 7; the fewest win
    for seed in range(5):
        st = GameState(house, 4, seed=seed)
        bots = parse_bots("greedy,random,greedy,random", 4, seed)
        while not st.is_over:
            st.apply(bots[st.current_player](st, st.legal_actions()))
            assert len(st.alive) == 4
        assert max(st.lives) >= 7
        assert st.winners == [p for p in range(4) if st.lives[p] == min(st.lives)]
        last = [e for e in st.events if e.kind == "deal"][-1].data["hand"]
        before = [0] * 4  # nobody had reached 7 before the last hand
        for e in st.events:
            if e.kind == "deal" and e.data["hand"] == last:
                assert max(before) < 7
            if e.kind == "points":
                before[e.player] = e.data["points"]


@covers("house/schwimmen-dealer-choice")
def test_the_dealer_chooses_between_his_hand_and_the_table():
    base, house = base_and_house("house/schwimmen-dealer-choice")
    hands = {1: "7h 8d 9c", 2: "7d 8c 9s", 3: "7c 8s 9h", 0: "Ah Kh 7s"}
    # the dealer (seat 0) plays an opening turn with the table still face down
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"table": "Ac Kd Qs"})
    assert state.current_player == 0 and not state.face_up["table"]
    assert sorted(legal(state)) == ["pass", "swap_all table"]
    play(state, kind(state, "swap_all"), seat=0)
    assert sorted(ids(house, "Ac Kd Qs")) == sorted(state.hands[0])  # the other hand, blind
    assert state.face_up["table"] and sorted(state.zones["table"]) == sorted(ids(house, "Ah Kh 7s"))
    assert state.current_player == 1 and state.round == 1     # then play starts as usual
    assert has(state, "swap") and not has(state, "knock")
    # keeping his hand turns the table up too; without the rule, seat 1 simply starts
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"table": "Ac Kd Qs"})
    play(state, kind(state, "pass"), seat=0)
    assert state.face_up["table"] and state.current_player == 1
    assert sorted(state.hands[0]) == sorted(ids(house, "Ah Kh 7s"))
    plain = new_game(base, dealer=0, players=4, hands=hands, zones={"table": "Ac Kd Qs"})
    assert plain.current_player == 1 and plain.face_up["table"]


@covers("house/matta")
def test_the_matta_is_the_best_card_missing_from_the_best_suit():
    base, house = base_and_house("house/matta")
    expected = {
        "Ac Rc 7d": (31, "trentuno"),   # Asso, Re and the matta as a figure
        "Fc Cc 7d": (31, "trentuno"),   # two figures and the matta as the Asso
        "Ac 2b 7d": (21, "suit"),       # the matta joins the Asso as a figure
        "7d 2c 3c": (16, "suit"),       # 2 + 3 + the Asso di coppe
        "Ab Ac 7d": (30, "tris"),       # a pair and the matta
        "5c 6c 7c": (18, "suit"),       # another Sette is not wild
        "7d Ad 2d": (23, "suit"),       # the matta does not count twice for its own suit
    }
    for hand, (value, combo) in expected.items():
        got = value_of(house, hand)
        assert (got.value, got.combo) == (value, combo), hand
    assert value_of(base, "Ac Rc 7d").value == 21 and value_of(base, "7d 2c 3c").value == 7
    assert value_of(house, "Ac Rc 7d").instant and not value_of(base, "Ac Rc 7d").instant


def stock_run(rules):
    """Trentuno, four players: nobody knocks, every turn draws the stock's top and throws it
    away, until the hand ends or the stock has been drawn through once."""
    state = new_game(rules, dealer=0, players=4, zones={"discard": "7s"})
    stock = len(state.zones["stock"])
    for _ in range(stock):
        if events(state, "hand_end"):
            break
        idle(state)
    return state, stock


@covers("house/stock-out-void")
def test_an_empty_stock_voids_the_hand_and_nobody_pays():
    base, house = base_and_house("house/stock-out-void")
    state, stock = stock_run(house)
    assert stock == 40 - 12 - 1
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "void" and end.data["reason"] == "stock_empty"
    assert one(state, "settled", 1).data["payers"] == []
    assert lives_lost(state, 1) == {}
    assert state.hand_number == 2
    plain, _ = stock_run(base)
    assert one(plain, "reshuffle") and not events(plain, "hand_end")
    assert len(plain.zones["stock"]) > 0


def test_the_player_drawing_the_last_stock_card_finishes_his_turn():
    """stock-out-void: seat 1 draws the last card of the stock (the 27th draw with turns 3, 2,
    1, 0) and it completes his 31. He should discard and win; the engine voids the hand while
    he holds four cards."""
    rules = load("house/stock-out-void")
    hands = {3: "2c 3d 4b", 2: "2d 3b 4s", 1: "Ac Rc 2s", 0: "3c 4d 5b"}
    used = {c for h in hands.values() for c in h.split()} | {"7s", "Fc"}
    rest = [c.code for c in rules.deck.cards if c.code not in used]
    state = new_game(rules, dealer=0, players=4, hands=hands, zones={"discard": "7s"},
                     stock=rest + ["Fc"])
    for _ in range(26):
        idle(state)
    assert len(state.zones["stock"]) == 1 and state.current_player == 1
    play(state, draw(state, "stock"), seat=1)
    assert not events(state, "hand_end"), one(state, "hand_end", 1).data["hands"][1]
    play(state, discard(state, "2s"), seat=1)
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [1]


@covers("house/knock-burns-card")
def test_the_knocker_burns_the_card_he_could_have_drawn():
    base, house = base_and_house("house/knock-burns-card")
    for rules in (house, base):
        state = new_game(rules, dealer=0, players=4, zones={"discard": "7s"})
        for seat in (3, 2, 1, 0):
            idle(state, seat)
        top = state.zones["stock"][-1]
        size = len(state.zones["stock"])
        pile = list(state.zones["discard"])
        play(state, kind(state, "knock"), seat=3)
        if rules is house:
            assert state.zones["discard"] == pile + [top]
            assert len(state.zones["stock"]) == size - 1
        else:
            assert state.zones["discard"] == pile
            assert len(state.zones["stock"]) == size


def reentry_game(rules):
    """Four players; dealt 31s leave seats 0 and 1 with one life each and seats 2, 3 out;
    then 0 and 1 tie for lowest after a knock and both lose their last life."""
    thirty_one = {0: "Ac Rc Fc", 1: "Ad Rd Cd"}
    players, dealer, alive = 4, 0, [0, 1, 2, 3]
    decks = []
    for winner, after in ((0, [0, 1, 2, 3]), (1, [0, 1, 2, 3]), (0, [0, 1]), (1, [0, 1])):
        decks.append(stack(rules, dealer=dealer, players=players, alive=alive,
                           hands={winner: thirty_one[winner]}))
        alive = after
        dealer = next_dealer(rules, dealer, players, alive)
    assert dealer == 0
    decks.append(stack(rules, dealer=dealer, players=players, alive=alive,
                       hands={1: "7c 2d 3b", 0: "7d 2c 3s"}, zones={"discard": "7s"}))
    state = GameState(rules, players=players, seed=0, decks=decks, dealer=0)
    assert state.hand_number == 5 and state.lives[:2] == [1, 1] and state.alive == [0, 1]
    idle(state, 1)
    idle(state, 0)
    play(state, kind(state, "knock"), seat=1)
    idle(state, 0)
    return state


@covers("house/reentry-tied")
def test_only_the_tied_players_reenter():
    base, house = base_and_house("house/reentry-tied")
    state = reentry_game(house)
    assert one(state, "reentry", 5).data == {"players": [0, 1], "lives": 1}
    assert state.hand_number >= 6 and set(state.alive) <= {0, 1}
    plain = reentry_game(base)
    assert one(plain, "reentry", 5).data == {"players": [0, 1, 2, 3], "lives": 1}


@covers("house/scat-knock-second-round")
def test_scat_no_knock_in_the_first_round():
    base, house = base_and_house("house/scat-knock-second-round")
    for rules in (house, base):
        state = new_game(rules, dealer=0, players=4)
        play(state, kind(state, "pass"), seat=1)
        assert has(state, "knock") == (rules is base)
        play(state, next(a for a in state.legal_actions() if a.kind == "swap"), seat=2)
        for seat in (3, 0):
            play(state, kind(state, "pass"), seat=seat)
        assert state.round == 2 and state.current_player == 1 and has(state, "knock")


@covers("house/scat-three-of-a-kind")
def test_scat_three_of_a_kind_30_5():
    base, house = base_and_house("house/scat-three-of-a-kind")
    assert value_of(house, "7h 7d 7c").value == 30.5
    assert value_of(base, "7h 7d 7c").value == 7
    assert value_of(house, "Ah Kh Qh").value == 31


@covers("house/schwimmen-789")
def test_schwimmen_789_replaces_the_table():
    base, house = base_and_house("house/schwimmen-789")
    for rules in (house, base):
        state = new_game(rules, dealer=0, players=4, zones={"table": "9h 7d 8c"})
        assert bool(events(state, "refresh")) == (rules is house)


@covers("house/schwimmen-feuer-wins")
def test_schwimmen_feuer_wins_outright():
    base, house = base_and_house("house/schwimmen-feuer-wins")
    hands = {1: "Ah Ad Ac", 2: "Kh Qh 9h", 3: "Kd Qd 9d", 0: "Ks 8c 7d"}
    state = new_game(house, dealer=0, players=4, hands=hands)
    assert one(state, "hand_end", 1).data["outcome"] == "win"
    assert lives_lost(state, 1) == {0: 1, 2: 1, 3: 1}
    plain = new_game(base, dealer=0, players=4, hands=hands)
    assert one(plain, "hand_end", 1).data["outcome"] == "showdown"
    assert len(lives_lost(plain, 1)) == 1


def test_every_shipped_overlay_has_a_behaviour_test():
    assert set(HOUSE) == COVERED, sorted(set(HOUSE) ^ COVERED)


# ---- docs/house-rules.md ------------------------------------------------------------------------
FENCE = re.compile(r"^```yaml[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def doc_blocks():
    text = DOC.read_text(encoding="utf-8")
    return [b for b in FENCE.findall(text) if re.search(r"^extends:", b, re.M)]


def block_name(block: str, index: int) -> str:
    m = re.search(r"^# file: ([\w./-]+\.yaml)\s*$", block, re.M)
    return m.group(1) if m else f"doc-example-{index}.yaml"


def test_the_doc_has_overlay_examples():
    assert len(doc_blocks()) >= 8


def test_every_overlay_example_in_the_doc_validates_and_plays(tmp_path):
    """Every ```yaml block of docs/house-rules.md with `extends:` is a valid overlay (extending
    a built-in, or another example of the doc by its `# file:` name) and plays five greedy
    games to the end."""
    blocks = doc_blocks()
    paths = [write(tmp_path / block_name(b, i), b) for i, b in enumerate(blocks)]
    assert len(set(paths)) == len(paths), "two examples claim the same # file: name"
    for path, block in zip(paths, blocks):
        base = found(r"^extends:\s*(\S+)", block, re.M).group(1)
        assert base in builtin_files() or (tmp_path / base).is_file(), (path.name, base)
        rules, problems = check(str(path))
        assert problems == [], (path.name, [p.format() for p in problems])
        summary = run_games(rules, 0, 5, rules.default_players, "greedy", 1)
        assert summary.games == 5 and sum(summary.wins) >= 5, path.name


def test_the_docs_error_example_is_what_validate_prints(tmp_path, monkeypatch):
    """The doc shows the first example with `lives: five` and the line `trentuno validate`
    prints for it: that line must be the real one."""
    text = DOC.read_text(encoding="utf-8")
    first = doc_blocks()[0]
    name = block_name(first, 0)
    assert "lives: 5" in first
    monkeypatch.chdir(tmp_path)
    write(tmp_path / name, first.replace("lives: 5", "lives: five"))
    from trentuno.cli.main import cli
    result = CliRunner().invoke(cli, ["validate", name])
    assert result.exit_code == 1
    shown = result.output.splitlines()[0]
    assert shown.startswith(f"{name}:")
    assert shown in text, shown


def test_the_docs_score_example_is_what_score_prints(tmp_path, monkeypatch):
    text = DOC.read_text(encoding="utf-8")
    first = doc_blocks()[0]
    name = block_name(first, 0)
    monkeypatch.chdir(tmp_path)
    write(tmp_path / name, first)
    from trentuno.cli.main import cli
    m = re.search(rf'^\$ trentuno score {re.escape(name)} (.+)$', text, re.M)
    assert m, "the doc shows no `trentuno score` of its first example"
    import shlex
    result = CliRunner().invoke(cli, ["score", name, *shlex.split(m.group(1))])
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        assert line in text, line


def test_the_docs_recipes_are_the_shelf_files():
    """A recipe named like a shelf file says what the file says (no stale copy; the file's
    title may be given in both languages)."""
    from trentuno.engine.loader import load_file, load_text
    shelf = {load_file(builtin_files()[n]).data["name"]: n for n in HOUSE}
    found = 0
    for block in doc_blocks():
        data = load_text(block, file="doc").data
        if data.get("name") in shelf:
            found += 1
            shelf_data = dict(load_file(builtin_files()[shelf[data["name"]]]).data)
            shelf_data.pop("title"), data.pop("title")
            assert data == shelf_data, data["name"]
    assert found >= 8


@covers("house/first-round-31-knocks")
def test_a_31_in_the_first_round_must_knock():
    base, house = base_and_house("house/first-round-31-knocks")
    hands = {3: "Ac Rc Fc", 2: "Rd Cd 4b", 1: "5c 2b 3s", 0: "Fb Cb 3b"}
    state = new_game(base, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    assert one(state, "hand_end", 1).data["reason"] == "dealt"     # the base: 31 served wins
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    assert not events(state, "hand_end", 1) and state.current_player == 3
    assert legal(state) == ["knock"]                                # he must knock
    play(state, kind(state, "knock"), seat=3)
    for seat in (2, 1, 0):
        assert not has(state, "knock")
        idle(state, seat)
    assert one(state, "hand_end", 1).data["reason"] == "knock"
    assert lives_lost(state, 1) == {1: 1}                            # the lowest pays


@covers("house/first-round-31-knocks")
def test_a_31_made_after_the_first_round_wins_at_once():
    _, house = base_and_house("house/first-round-31-knocks")
    hands = {3: "Ac Rc 2d", 2: "Rd Cd 4b", 1: "5c 2b 3s", 0: "Fb Cb 3b"}
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"discard": "7s"},
                     stock="Fc")
    play(state, draw(state, "stock"), seat=3)
    play(state, discard(state, "2d"), seat=3)                       # 31 in the first round
    assert not events(state, "hand_end", 1)
    for seat in (2, 1, 0):
        idle(state, seat)
    assert state.round == 2 and legal(state)[:1] != ["knock"]
    idle(state, 3)                                                   # still 31, in round 2
    end = one(state, "hand_end", 1)
    assert end.data["outcome"] == "win" and end.data["winners"] == [3]


@covers("house/knock-ends-at-dealer")
def test_after_a_knock_nobody_draws_past_the_dealer():
    base, house = base_and_house("house/knock-ends-at-dealer")
    hands = {3: "Ac Rc 2d", 2: "Rd Cd 4b", 1: "5c 2b 3s", 0: "Fb Cb 3b"}
    played = {}
    for rules in (base, house):
        state = new_game(rules, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
        for seat in (3, 2, 1, 0, 3):
            idle(state, seat)
        play(state, kind(state, "knock"), seat=2)                   # round 2, seat 2 knocks
        while not events(state, "hand_end", 1):
            idle(state, state.current_player)
        played[rules.name] = [e.player for e in events(state, "action", 1)][11:]
    assert played[base.name] == [1, 1, 0, 0, 3, 3]                   # seat 3 plays last
    assert played[house.name] == [1, 1, 0, 0]                        # the dealer (0) ends it
    # the dealer knocking ends the hand at once
    state = new_game(house, dealer=0, players=4, hands=hands, zones={"discard": "7s"})
    for seat in (3, 2, 1, 0, 3, 2, 1):
        idle(state, seat)
    play(state, kind(state, "knock"), seat=0)
    assert one(state, "hand_end", 1).data["reason"] == "knock"


def test_trigger_when_guards_are_refused_where_they_need_a_player(tmp_path):
    f = write(tmp_path / "w.yaml", "extends: trentuno\nname: w\ntriggers:\n"
                                   "  dealt-instant: {when: [{value_at_least: 20}]}\n")
    rules, problems = check(str(f))
    assert rules is None and "after the deal nobody is acting" in problems[0].message
    assert problems[0].line == 4
