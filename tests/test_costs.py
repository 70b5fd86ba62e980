"""Nothing hangs or explodes, by measured cost: `validate` of any file within the limits, and
the first game of `simulate`, take a few seconds of CPU on a cold verdict cache, whatever the
file is big in; a file past a limit is refused early with one line.

The files are generated here (megabytes are not committed); each case runs the real command
in a child that measures its own CPU time and memory (tests/test_hostile.py's `_timed`), never
the wall clock. The bound is generous (the suite shares the machine); what it catches is a cost
that grows with the file faster than the file does, which blows it at once.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from test_hostile import MEGABYTES, SECONDS, _timed
from trentuno.engine.loader import MAX_NODES

OVERLAY = "extends: trentuno\nname: big\n"


def pass_options(n: int) -> str:
    return (OVERLAY + "turn:\n  steps:\n    choose:\n" + "      - {do: pass}\n" * n
            + "      - {do: knock}\n")


def discard_options(n: int) -> str:
    return OVERLAY + "turn:\n  steps:\n    discard:\n" + "      - {do: discard, to: discard}\n" * n


def reshuffle_triggers(n: int) -> str:
    return OVERLAY + "triggers:\n" + "  - {on: stock_empty, do: reshuffle}\n" * n


def triggers_by_name(n: int) -> str:
    return OVERLAY + "triggers:\n" + "".join(f"  t{i}: {{on: stock_empty, do: reshuffle}}\n"
                                             for i in range(n))


def flow_sequence(n: int) -> str:
    return (OVERLAY + "triggers:\n  - {on: turn_end, if: {empty: ["
            + ", ".join(["stock"] * n) + "]}, do: showdown}\n")


def chained_steps(n: int) -> str:
    return (OVERLAY + "turn:\n  steps:\n    choose:\n      draw: {then: s0}\n"
            + "".join(f"    s{i}:\n      - {{do: pass, then: s{i + 1}}}\n" for i in range(n))
            + f"    s{n}:\n      - {{do: discard, to: discard}}\n")


def zones(n: int) -> str:
    return OVERLAY + "zones:\n" + "".join(f"  z{i}: {{visibility: hidden}}\n" for i in range(n))


def value_guards(n: int) -> str:
    """Options no hand can ever take (no hand is worth 40): the linter asks once per option."""
    return (OVERLAY + "turn:\n  steps:\n    choose:\n"
            + "      - {do: pass, if: [{value_at_least: 40}]}\n" * n + "      - {do: knock}\n")


def run(tmp_path: Path, text: str, *args: str) -> tuple[str, str, int, float, float]:
    """(stdout, stderr, exit status, CPU seconds, peak MB) of `trentuno ARGS` on the file."""
    (tmp_path / "big.yaml").write_text(text, encoding="utf-8")
    done, seconds, megabytes = _timed(*args, cwd=tmp_path)
    err = done.stderr.decode().rsplit("\n@@ ", 1)[0]
    assert "internal error" not in err and "Traceback" not in err, err[-800:]
    assert seconds < SECONDS and megabytes < MEGABYTES, (args, seconds, megabytes)
    return done.stdout.decode(), err, done.returncode, seconds, megabytes


VALIDATE = ("validate", "big.yaml")
SIMULATE = ("simulate", "big.yaml", "--games", "1", "--seed", "1", "--jobs", "1")


# ---- sizes the issue measured: refused at once, with one line ------------------------------
@pytest.mark.parametrize("text", [
    pass_options(30_000),          # 14-16 s of CPU to validate before
    discard_options(7_000),        # 7 s
    reshuffle_triggers(15_000),    # 5.5-7 s
    triggers_by_name(8_000),       # 8.7 s
    flow_sequence(99_000),         # 6 s
], ids=["30000-pass-options", "7000-discard-options", "15000-reshuffle-triggers",
        "8000-triggers-by-name", "99000-item-flow-sequence"])
def test_a_file_past_the_node_limit_is_refused_early_in_one_line(tmp_path, text):
    assert len(text.encode()) < 1024 * 1024  # inside the size limit: the nodes refuse it
    out, err, code, seconds, _ = run(tmp_path, text, *VALIDATE)
    lines = (out + err).strip().splitlines()
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith("big.yaml:") and f"more than {MAX_NODES:,} nodes" in lines[0]
    assert seconds < SECONDS / 4  # refused while reading, before any check


# ---- just inside the limit: every kind of big file is checked and played quickly ----------
#: (what, file text just under MAX_NODES nodes, whether the first game is worth timing too)
INSIDE = [
    ("pass-options", pass_options(3_300), True),
    ("discard-options", discard_options(1_990), True),
    ("reshuffle-triggers", reshuffle_triggers(1_990), False),
    ("triggers-by-name", triggers_by_name(1_660), False),
    ("flow-sequence", flow_sequence(9_980), False),
    ("chained-steps", chained_steps(1_420), True),
    ("zones", zones(2_490), False),
    ("value-guards", value_guards(1_240), False),
]


@pytest.mark.parametrize("text, command", [
    (text, command) for _, text, game in INSIDE
    for command in ([VALIDATE, SIMULATE] if game else [VALIDATE])],
    ids=[f"{what}-{command}" for what, _, game in INSIDE
         for command in (["validate", "simulate"] if game else ["validate"])])
def test_a_file_just_inside_the_limits_is_checked_and_played_quickly(tmp_path, text, command):
    from trentuno.engine.loader import load_text

    assert len(load_text(text, "big.yaml").positions) > MAX_NODES // 4  # big, yet inside
    out, err, code, _, _ = run(tmp_path, text, *command)
    assert code == 0, (out + err)[-500:]
    if command is VALIDATE:
        assert out.splitlines()[-1].startswith("big.yaml: ok")


def test_a_thousand_options_no_hand_can_take_are_each_reported_with_one_walk_of_the_hands(
        tmp_path):
    # each option's `value_at_least: 40` used to walk all 9,880 hands twice (18 s for 100)
    out, _, code, _, _ = run(tmp_path, value_guards(1_000), *VALIDATE)
    warnings = [line for line in out.splitlines() if ": warning: " in line]
    assert code == 0 and len(warnings) == 1_000
    assert "no hand is worth 40 or more (the best is worth 31)" in warnings[-1]


# ---- capture games with crowded tables ------------------------------------------------------
CROWDED_SCOPA = """\
extends: scopa
name: big
players: {min: 2, max: 2, default: 2}
seating: {teams: null}
deal:
  steps:
    - {to: [players], count: 3}
    - {to: [table], count: 30}
  rest: stock
turn:
  steps:
    play:
      - name: play
        do: capture
        from: hand
        table: table
        into: taken
        takes: {equal: any, sums: true, must: true}
"""
CROWDED_COCINCINA = """\
extends: cocincina
name: big
deal:
  steps:
    - {to: [table], count: 40}
    - {to: [pile], count: 20}
"""


@pytest.mark.parametrize("text, bots", [(CROWDED_SCOPA, "greedy"), (CROWDED_SCOPA, "random"),
                                        (CROWDED_COCINCINA, "greedy"),
                                        (CROWDED_COCINCINA, "random")],
                         ids=["scopa-30-on-the-table-greedy", "scopa-30-on-the-table-random",
                              "cocincina-40-on-the-table-greedy",
                              "cocincina-40-on-the-table-random"])
def test_a_crowded_capture_table_is_played_quickly(tmp_path, text, bots):
    # 30 table cards and `equal: any` did not finish in 43 s of CPU; 40 in Cocincina 15 s
    out, err, code, _, _ = run(tmp_path, text, *SIMULATE, "--bots", bots)
    assert code == 0 and "1 game" in out, err


def test_values_adding_up_in_too_many_ways_are_refused_in_one_line(tmp_path):
    powers = ("extends: scopa\nname: big\ndeck:\n  preset: italian-40\n  values: {A: 1, '2': 2, "
              "'3': 4, '4': 8, '5': 16, '6': 32, '7': 64, F: 128, C: 256, R: 512}\n")
    out, err, code, _, _ = run(tmp_path, powers, *VALIDATE)
    lines = (out + err).strip().splitlines()
    assert code == 1 and len(lines) == 1 and lines[0].startswith("big.yaml:5:")
    assert "add up in too many ways" in lines[0]


# ---- games nobody can win -------------------------------------------------------------------
TARGET_OUT_OF_REACH = "extends: scopa\nname: big\nend: {target: 1000000000000}\n"
NO_POINTS_EVER = ("extends: scopa\nname: big\nscoring:\n  hand:\n"
                  "    - {per_event: {event: nothing, points: 1}}\n")
NO_POINTS_COCINCINA = ("extends: cocincina\nname: big\nscoring:\n  events:\n    scopa: null\n"
                       "    nothing: {points: 5}\n")


@pytest.mark.parametrize("text, line, says", [
    (TARGET_OUT_OF_REACH, 3, "nobody can reach the target 1,000,000,000,000"),
    (NO_POINTS_EVER, 4, "no side can ever score a point"),
    (NO_POINTS_COCINCINA, 4, "no side can ever score a point"),
], ids=["target-10^12", "points-for-an-event-nobody-makes", "cocincina-event-nobody-makes"])
def test_a_game_nobody_can_win_is_warned_of_and_stopped_early(tmp_path, text, line, says):
    from trentuno.engine.state import MAX_HANDS_PER_GAME

    out, _, code, _, _ = run(tmp_path, text, *VALIDATE)
    (warning,) = [x for x in out.splitlines() if ": warning: " in x]
    assert code == 0 and warning.startswith(f"big.yaml:{line}:") and says in warning
    assert f"{MAX_HANDS_PER_GAME:,} hands" in warning
    _, _, strict, _, _ = run(tmp_path, text, "validate", "--strict", "big.yaml")
    assert strict == 1
    # the first game: stopped by the safety net (it was 5,000 hands, 5 to 8 s), and said so
    out, err, code, _, _ = run(tmp_path, text, *SIMULATE)
    assert code == 0 and f"hands per game: {MAX_HANDS_PER_GAME}.0" in out
    assert f"1 game stopped after {MAX_HANDS_PER_GAME} hands without a winner" in err


def test_play_says_why_the_safety_net_ended_the_game(tmp_path):
    """Watching such a game to its end, the player is told that nothing in the rules ended it
    (not only "Game over after 500 hands"), in both languages."""
    from trentuno.engine.state import MAX_HANDS_PER_GAME

    for lang, says in (("en", "Nothing in the rules ended the game in"),
                       ("it", "Le regole non hanno chiuso la partita in")):
        out, _, code, _, _ = run(tmp_path, NO_POINTS_EVER, "play", "big.yaml", "--watch",
                                 "--delay", "0", "--seed", "1", "--players", "2",
                                 "--lang", lang)
        rule, told = out.rsplit("── ", 1)[-1].splitlines()[:2]  # the game's end, and why
        assert code == 0 and rule.split()[-2] == ("hands" if lang == "en" else "mani"), rule
        assert f" {MAX_HANDS_PER_GAME} " in rule and told.startswith(says), out[-600:]


@pytest.mark.parametrize("name", ["scopa", "cocincina", "house/scopa-21", "house/cocincina-75",
                                  "house/cocincina-101"])
def test_a_game_that_can_be_won_is_not_warned_of(name):
    from trentuno.engine.variants import check_all

    _rules, problems, warnings = check_all(name)
    assert problems == [] and warnings == []


def test_the_most_a_hand_gives_is_an_upper_bound_of_what_games_give():
    # the bound the warning rests on: no hand of greedy or random games scores more
    from trentuno.engine.lint import most_points_a_hand
    from trentuno.engine.simulate import play_game
    from trentuno.engine.variants import load

    for name in ("scopa", "cocincina"):
        rules = load(name)
        most = most_points_a_hand(rules)
        best = 0.0
        for seed in range(6):
            st = play_game(rules, 2, "random" if seed % 2 else "greedy", seed, record=True)
            scored = [0.0, 0.0]
            for e in st.events:
                if e.kind == "hand_end":
                    scored = [0.0, 0.0]
                elif e.kind == "points":
                    scored[st.side_of[e.player]] += e.data["added"]
                    best = max(best, *scored)
        assert 0 < best <= most, (name, best, most)
