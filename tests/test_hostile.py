"""Hostile input through the real command line: never exit 70, never a terminal escape.

The corpus (tests/corpus, checked by test_validation.py) holds the rule files that must be
refused; here are the inputs that are valid but nasty (a title that retitles the terminal, a
lone surrogate, a strict UTF-8 stdout), the ones too big to commit, and command-line values.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from trentuno.engine.errors import RuleFileError
from trentuno.engine.loader import MAX_EXPANDED_CHARS, load_text
from trentuno.engine.text import visible

CLI = [sys.executable, "-m", "trentuno.cli.main"]
CORPUS = Path(__file__).parent / "corpus"

#: every way a string can move the cursor, restyle or retitle the terminal, or fail to encode
NASTY = r"\e]0;pwned\a\e[2J\e[31mred\r\x9b1m\u202eevil\ud800"
HOSTILE_RULES = f"""\
extends: trentuno
title: "Trentuno {NASTY}"
description: "Rules {NASTY}"
hand:
  patterns:
    - {{name: trentuno, kind: same_suit, sum: 31, value: 31, instant: true,
       label: {{en: "thirty-one {NASTY}", it: "trentuno {NASTY}"}}}}
    - {{name: tris, kind: same_rank, value: 30.5, label: {{en: "three {NASTY}"}}}}
    - {{name: suit, kind: best_suit, value: sum, label: {{en: "suit {NASTY}"}}}}
"""
FORBIDDEN = ("\x1b", "\r", "\x07", "\x9b", "\u202e")


def run(*args: str, cwd: Path, env: dict | None = None,
        stdin: str = "") -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", **(env or {})}
    full.pop("TRENTUNO_DEBUG", None)
    return subprocess.run(CLI + list(args), check=False, cwd=cwd, capture_output=True,
                          input=stdin.encode(), env=full, timeout=300)  # only a hang trips it


def assert_clean(done: subprocess.CompletedProcess) -> str:
    assert done.returncode in (0, 1, 2), done
    for stream in (done.stdout, done.stderr):
        text = stream.decode("utf-8")  # strict: a surrogate would not have been written
        assert "internal error" not in text and "Traceback" not in text, text
        for char in FORBIDDEN:
            assert char not in text, (char, text)
    return done.stdout.decode("utf-8")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "hostile.yaml").write_text(HOSTILE_RULES, encoding="utf-8")
    return folder


@pytest.mark.parametrize("args", [
    ("validate", "hostile.yaml"),
    ("explain", "hostile.yaml"),
    ("explain", "hostile.yaml", "--lang", "it"),
    ("score", "hostile.yaml", "Ac Rc Fc", "Ac Ad Ab", "2c 4d 6b"),
    ("score", "hostile.yaml", "Ac Rc Fc", "--json"),
    ("play", "hostile.yaml", "--watch", "--seed", "3"),
    ("simulate", "hostile.yaml", "--games", "3", "--seed", "1"),
])
def test_text_from_a_rule_file_is_made_visible(hostile, args):
    out = assert_clean(run(*args, cwd=hostile))
    assert out.strip()
    if args[0] in ("explain", "play"):
        assert "\\x1b]0;pwned" in out  # shown, not obeyed


def test_the_escapes_are_kept_visible_in_json(hostile):
    import json
    out = assert_clean(run("score", "hostile.yaml", "Ac Rc Fc", "--json", cwd=hostile))
    assert json.loads(out)["combo"] == "trentuno"


def test_an_ascii_terminal_gets_escapes_not_an_encoding_error(hostile):
    done = run("explain", "hostile.yaml", cwd=hostile, env={"PYTHONIOENCODING": "ascii:strict"})
    assert_clean(done)
    assert done.returncode == 0


def test_visible_keeps_text_and_our_own_styles():
    assert visible("Trentuno · 31\nnext line") == "Trentuno · 31\nnext line"
    assert visible("a\x1b]0;x\x07b") == "a\\x1b]0;x\\x07b"
    assert visible("\ud800\u202e\t") == "\\ud800\\u202e\\t"
    assert visible("\x1b[1mbold\x1b[0m \x1b[2J", styles=True) == "\x1b[1mbold\x1b[0m \\x1b[2J"
    assert visible("\x1b[1m", styles=False) == "\\x1b[1m"
    assert visible("\x85\U000e0001", as_json=True) == "\\u0085\\udb40\\udc01"


@pytest.mark.parametrize("delay", ["1e300", "1e10", "9e18", "3601", "inf", "nan", "-1"])
def test_a_delay_out_of_range_is_a_usage_error(tmp_path, delay):
    done = run("play", "trentuno", "--watch", "--seed", "1", "--delay", delay, cwd=tmp_path)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "--delay" in err and "3600" in err and "internal error" not in err


def test_an_aliased_long_string_counts_its_characters():
    text = ("title: &t '" + "x" * 900_000 + "'\n"
            + "labels: {" + ", ".join(f"k{i}: *t" for i in range(6)) + "}\n")
    with pytest.raises(RuleFileError) as info:
        load_text(text, "alias.yaml")
    problem = info.value.problems[0]
    assert "after alias expansion" in problem.message and str(MAX_EXPANDED_CHARS // 2**20) in \
        problem.message
    assert problem.line == 2 and problem.column is not None


@pytest.mark.parametrize("spelling", ["0x" + "f" * 3400, "0o" + "7" * 4700, "9" * 4001,
                                      "-" + "9" * 4001])
def test_an_integer_too_long_to_print_is_refused_however_spelled(spelling):
    with pytest.raises(RuleFileError) as info:
        load_text(f"a: {spelling}\n")
    assert "too many digits" in info.value.problems[0].message


def test_a_long_but_printable_integer_loads():
    assert load_text("a: 0x" + "f" * 40 + "\n").data["a"] == 16 ** 40 - 1


# ---- nothing hangs or explodes: budgets counted before the work ------------------------------
#: what the issue promises on the 2-core machine is 5 s and 500 MB; the bound here is generous
#: because the suite shares the machine, but a hang or a table of every hand blows it at once
SECONDS = 10  # of CPU time: the wall clock of a busy machine says little
MEGABYTES = 500

TURN_LIMITED = """\
extends: trentuno
name: no-knock-ever
turn:
  steps:
    choose:
      - {do: draw, from: stock, then: discard}
      - {do: draw, from: discard, then: discard}
      - do: knock
        if: [{round_at_least: 100000}]
triggers:
  - {on: stock_empty, do: reshuffle}
"""


def _timed(*args: str, cwd: Path) -> tuple[subprocess.CompletedProcess, float, float]:
    """(the run, CPU seconds, peak MB) of one command on a cold verdict cache (a file found
    valid before is not checked again: the cache would hide a slow check), measured by the
    child itself (RUSAGE_CHILDREN of this process would mix in every earlier child). The peak is the
    child's own high-water mark (VmHWM) where Linux says it: ru_maxrss also counts what the
    parent held when it forked, so a test suite grown to 700 MB would fail every check."""
    script = (
        "import resource, runpy, sys\n"
        "sys.argv = ['trentuno'] + sys.argv[1:]\n"
        "try:\n"
        "    runpy.run_module('trentuno.cli.main', run_name='__main__')\n"
        "finally:\n"
        "    use = resource.getrusage(resource.RUSAGE_SELF)\n"
        "    cpu, peak = use.ru_utime + use.ru_stime, use.ru_maxrss / 1024\n"
        "    try:\n"
        "        with open('/proc/self/status') as status:\n"
        "            for line in status:\n"
        "                if line.startswith('VmHWM:'):\n"
        "                    peak = int(line.split()[1]) / 1024\n"
        "    except OSError:\n"
        "        pass\n"
        "    sys.stderr.write(f'\\n@@ {cpu:.2f} {peak:.0f}\\n')\n"
    )
    cold = {**os.environ, "TRENTUNO_CACHE_DIR": ""}  # no verdict remembered: a cold start
    cold.pop("TRENTUNO_DEBUG", None)
    done = subprocess.run([sys.executable, "-c", script, *args], check=False, cwd=cwd,
                          capture_output=True, env=cold,
                          timeout=30 * SECONDS)  # a hang, however busy
    tail = done.stderr.decode().rsplit("@@ ", 1)[1].split()
    return done, float(tail[0]), float(tail[1])


@pytest.mark.parametrize("command, file, text", [
    ("validate", "one-long-title.yaml", "extends: trentuno\ntitle: '" + "x" * 1_040_000 + "'\n"),
    ("validate", "aliased-long-title.yaml", "extends: trentuno\ntitle: &t '" + "x" * 900_000
     + "'\nlabels: {" + ", ".join(f"k{i}: *t" for i in range(100)) + "}\n"),
    ("validate", "long-comment.yaml", "extends: trentuno\n#" + "x" * 1_040_000 + "\n"),
    ("validate", "many-keys.yaml", "extends: trentuno\nlabels:\n"
     + "".join(f"  k{i}: v\n" for i in range(80_000))),
    ("validate", "208-cards.yaml", (CORPUS / "deck-208-cards-hand-table.yaml").read_text()),
    ("simulate", "turn-limited.yaml", TURN_LIMITED),
    ("validate", "104-cards-hand-3.yaml", ("extends: scat\ndeck: {preset: french-52, copies: 2}\n"
                                           "hand:\n  patterns:\n"
                                           "    - {name: suit, kind: best_suit, value: sum}\n"
                                           "triggers:\n  - {on: all_passed, do: showdown}\n")),
    ("simulate", "hands-of-4-from-40.yaml", ("extends: trentuno\nhand: {size: 4}\n"
                                             "players: {min: 2, max: 8, default: 4}\n"
                                             "deal:\n  steps:\n    - {to: [players], count: 4}\n"
                                             "    - {to: [discard], count: 1}\n")),
])
def test_a_hostile_file_is_done_with_quickly(tmp_path, command, file, text):
    (tmp_path / file).write_text(text, encoding="utf-8")
    args = [command, file] + (["--games", "1", "--seed", "1"] if command == "simulate" else [])
    done, seconds, megabytes = _timed(*args, cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr.decode()[-500:]
    assert "internal error" not in done.stderr.decode()
    assert seconds < SECONDS and megabytes < MEGABYTES, (seconds, megabytes)


def test_a_hand_only_the_turn_limit_ends_stops_the_game(tmp_path):
    from trentuno.engine.bots import parse_bots
    from trentuno.engine.state import MAX_TURNS_PER_HAND, GameState
    from trentuno.engine.variants import load

    (tmp_path / "endless.yaml").write_text(TURN_LIMITED, encoding="utf-8")
    rules = load(str(tmp_path / "endless.yaml"))
    state = GameState(rules, players=4, seed=5)
    bots = parse_bots("greedy", 4, seed=5)
    while not state.is_over:
        state.apply(bots[state.current_player](state, state.legal_actions()))
    assert state.stopped_by_turn_limit and state.hand_number == 1
    assert state.turns_taken == MAX_TURNS_PER_HAND
    assert state.winners  # the best placed, here all four (nobody paid)
    done = run("simulate", "endless.yaml", "--games", "2", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 0
    assert "2 games stopped at a hand that nothing ended in 2000 turns" in done.stderr.decode()
    done = run("play", "endless.yaml", "--watch", "--seed", "1", cwd=tmp_path)
    assert "Nothing ended the hand in 2000 turns" in done.stdout.decode()


def test_the_hand_table_is_built_by_play_not_by_validate_or_score():
    from trentuno.engine.variants import check

    rules, problems = check("trentuno")
    assert problems == [] and rules is not None
    assert "strength" not in vars(rules.valuation)
    _key, value, combo, instant = rules.valuation.appraise(rules.deck.parse_hand("Ac Rc Fc"))
    assert (value, combo, instant) == (31, "trentuno", True)
    assert "strength" not in vars(rules.valuation)
    hand = rules.deck.parse_hand("Ac Rc Fc")
    assert rules.valuation.of(hand).value == 31  # play's road: the table, built on demand
    assert len(vars(rules.valuation)["strength"]) == 9880


# ---- fuzz: any text, any bytes ------------------------------------------------------------------
from fuzzing import examples  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

YAMLISH = st.lists(st.sampled_from(["a", ":", " ", "\n", "-", "[", "]", "{", "}", ",", "&x",
                                    "*x", "!", "'", '"', "\\", "#", "|", ">", "?", "0x", "9",
                                    "\t", "\r", "\x1b", "\ud800", "\x85", "\ufeff", "é"])
                   | st.text(max_size=3), max_size=40).map("".join)


@settings(max_examples=examples(300))
@given(st.text())
def test_visible_text_is_printable_and_json_escapes_round_trip(text):
    assert visible(text, keep="").isprintable()
    shown = visible(text)
    assert all(line.isprintable() for line in shown.split("\n"))
    import json
    assert json.loads(visible(json.dumps(text, ensure_ascii=False), keep="", as_json=True)) \
        == text


@settings(max_examples=examples(300))
@given(st.one_of(YAMLISH, st.text(max_size=60)))
def test_the_loader_refuses_any_text_with_a_positioned_problem(text):
    try:
        doc = load_text(text, "fuzz.yaml")
    except RuleFileError as err:
        for p in err.problems:
            assert p.file == "fuzz.yaml" and p.message and "\n" not in p.message
        return
    assert isinstance(doc.data, dict)


@settings(max_examples=examples(200))
@given(st.binary(max_size=80))
def test_the_loader_refuses_any_bytes_with_a_problem(data):
    from trentuno.engine.loader import load_bytes
    try:
        doc = load_bytes(data, "fuzz.yaml")
    except RuleFileError as err:
        assert err.problems[0].file == "fuzz.yaml"
        return
    assert isinstance(doc.data, dict)


# ---- rule files that are no files -------------------------------------------------------------
@pytest.mark.parametrize("make, what", [
    (lambda p: os.mkfifo(p), "is a FIFO, not a rule file"),
    (lambda p: p.mkdir(), "is a folder, not a rule file"),
    (lambda p: p.symlink_to("/dev/zero"), "is a device, not a rule file"),
])
def test_a_rule_file_that_is_no_regular_file_is_never_read(tmp_path, make, what):
    make(tmp_path / "odd.yaml")
    (tmp_path / "over.yaml").write_text("extends: odd.yaml\nname: over\n")
    for args in (["score", "odd.yaml", "Ac Rc Fc"], ["play", "odd.yaml"], ["validate", "over.yaml"],
                 ["explain", "odd.yaml"], ["simulate", "odd.yaml", "--games", "1"]):
        done = run(*args, cwd=tmp_path)  # a FIFO opened would block until the timeout
        out = assert_clean(done) + done.stderr.decode()
        assert done.returncode in (1, 2) and what in out, (args, out)
        assert "did you mean odd.yaml" not in out
    assert "over.yaml:1:10: odd.yaml " + what in assert_clean(run("validate", "over.yaml",
                                                                  cwd=tmp_path))


def test_a_folder_named_like_a_built_in_does_not_hide_it(tmp_path):
    (tmp_path / "trentuno").mkdir()
    done = run("score", "trentuno", "Ac Rc Fc", cwd=tmp_path)
    assert assert_clean(done).split() == ["Ac", "Rc", "Fc", "31", "trentuno"]
