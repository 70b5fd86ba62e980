"""Tests for the safe, position-keeping YAML loader and the error types it raises."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest
import yaml
from fuzzing import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from trentuno.engine import loader
from trentuno.engine.errors import (
    CardError,
    Problem,
    RuleFileError,
    UsageError,
    UserError,
)
from trentuno.engine.loader import (
    MAX_BYTES,
    Document,
    format_path,
    load_bytes,
    load_file,
    load_text,
)


def refuse(text: str, file: str = "rules.yaml") -> Problem:
    """Load `text`, expect a RuleFileError with exactly one problem, return it."""
    with pytest.raises(RuleFileError) as info:
        load_text(text, file)
    assert len(info.value.problems) == 1
    problem = info.value.problems[0]
    assert problem.file == file
    assert "\n" not in problem.message
    return problem


# --- errors.py -----------------------------------------------------------------------------


def test_problem_format_exact():
    problem = Problem("r.yaml", 3, 7, "/turn/steps/0", "bad")
    assert problem.format() == "r.yaml:3:7: bad (at /turn/steps/0)"
    assert Problem("r.yaml", 3, 7, "", "bad").format() == "r.yaml:3:7: bad"
    assert Problem("r.yaml", 3, None, "/a", "bad").format() == "r.yaml:3: bad (at /a)"
    assert Problem("r.yaml", None, None, "/a", "bad").format() == "r.yaml: bad (at /a)"
    assert Problem("r.yaml", None, 4, "", "bad").format() == "r.yaml: bad"


def test_problem_as_dict():
    problem = Problem("r.yaml", 1, 2, "/a", "msg")
    assert problem.as_dict() == {
        "file": "r.yaml", "line": 1, "column": 2, "path": "/a", "message": "msg"}


def test_rule_file_error_first_problem_and_count():
    one = Problem("r.yaml", 1, 1, "", "first")
    two = Problem("r.yaml", 2, 1, "/b", "second")
    three = Problem("r.yaml", 3, 1, "/c", "third")
    assert str(RuleFileError([one])) == "r.yaml:1:1: first"
    assert str(RuleFileError(one)) == "r.yaml:1:1: first"
    err = RuleFileError([one, two, three])
    assert str(err) == "r.yaml:1:1: first (and 2 more)"
    assert err.line() == "r.yaml:1:1: first (and 2 more)"
    assert err.problems == [one, two, three]
    assert isinstance(err, UserError)
    copy = pickle.loads(pickle.dumps(err))
    assert copy.problems == err.problems
    with pytest.raises(ValueError):
        RuleFileError([])


def test_plain_errors_are_one_line():
    assert CardError("bad card\n  '11X'").line() == "bad card '11X'"
    assert isinstance(UsageError("x"), UserError)
    assert UsageError("no such variant").line() == "no such variant"


# --- scalars: YAML 1.2 core schema, not 1.1 ------------------------------------------------


@pytest.mark.parametrize(
    "word", ["yes", "no", "Yes", "NO", "on", "off", "On", "OFF", "y", "n", "Y", "N"]
)
def test_yaml11_booleans_stay_strings(word):
    assert load_text(f"a: {word}\n{word}: 1\n").data == {"a": word, word: 1}


@pytest.mark.parametrize(
    "text, value",
    [
        ("true", True), ("True", True), ("TRUE", True),
        ("false", False), ("False", False), ("FALSE", False),
        ("null", None), ("Null", None), ("NULL", None), ("~", None), ("", None),
        ("010", 10), ("0", 0), ("-7", -7), ("+5", 5), ("0x1F", 31), ("0o17", 15),
        ("30.5", 30.5), ("1e3", 1000.0), (".5", 0.5), ("-2.5e-1", -0.25),
        ("12:30", "12:30"), ("1:00:00", "1:00:00"), ("2024-01-01", "2024-01-01"),
        ("1_000", "1_000"), ("0b101", "0b101"), (".inf", ".inf"), (".nan", ".nan"),
        ("tRUE", "tRUE"), ("hello world", "hello world"),
        ("'true'", "true"), ('"10"', "10"), ("'~'", "~"), ("''", ""),
    ],
)
def test_scalar_resolution(text, value):
    data = load_text(f"a: {text}\n").data
    assert data == {"a": value}
    assert type(data["a"]) is type(value)


def test_010_is_decimal_ten():
    assert load_text("a: 010\n").data["a"] == 10


def test_block_scalars_are_strings():
    assert load_text("a: |\n  10\nb: >\n  true\n").data == {"a": "10\n", "b": "true\n"}


def test_keys_resolve_like_scalars():
    data = load_text("10: a\n'11': b\ntrue: c\nno: d\n").data
    assert data == {10: "a", "11": "b", True: "c", "no": "d"}


def test_number_out_of_range_and_too_long():
    assert "out of range" in refuse("a: 1e999\n").message
    huge = "1" * 5000
    if hasattr(sys, "get_int_max_str_digits") and sys.get_int_max_str_digits():
        assert "too many digits" in refuse(f"a: {huge}\n").message  # not a raw ValueError
    else:  # Pythons without the digit limit simply load it
        assert load_text(f"a: {huge}\n").data["a"] == int(huge)


# --- structure rules -----------------------------------------------------------------------


def test_duplicate_key_names_key_and_both_lines():
    problem = refuse("name: a\nplayers: 2\nname: b\n")
    assert (problem.line, problem.column) == (3, 1)
    assert "'name'" in problem.message and "line 1" in problem.message
    assert problem.format() == (
        "rules.yaml:3:1: duplicate key 'name' (first defined on line 1) (at /name)")


def test_duplicate_key_nested_and_after_resolution():
    problem = refuse("a:\n  b:\n    x: 1\n    y: 2\n    x: 3\n")
    assert (problem.line, problem.path) == (5, "/a/b/x")
    assert "line 3" in problem.message
    problem = refuse("s:\n  10: a\n  010: b\n")  # both are the int 10
    assert problem.line == 3 and "line 2" in problem.message


@pytest.mark.parametrize(
    "text",
    [
        "a: !!str 10\n",
        "a: !foo bar\n",
        "a: ! bar\n",
        "a: !!map {b: 1}\n",
        "!!str k: v\n",
        "a: !!binary aGk=\n",
        "a: !!python/name:os.system\n",
        "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n",
    ],
)
def test_any_tag_is_refused(text):
    assert "tags are not allowed" in refuse(text).message


def test_python_tag_does_not_run(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    calls: list[str] = []
    monkeypatch.setattr(os, "system", lambda cmd: calls.append(cmd) or 0)  # type: ignore[func-returns-value]
    problem = refuse(f'a: !!python/object/apply:os.system ["touch {marker}"]\n')
    assert "tags are not allowed" in problem.message
    assert (problem.line, problem.column, problem.path) == (1, 4, "/a")
    problem = refuse('!!python/object/apply:os.system ["echo hi"]\n')
    assert "tags are not allowed" in problem.message
    assert calls == [] and not marker.exists()


def test_merge_key_refused():
    problem = refuse("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")
    assert "merge" in problem.message and problem.line == 3


def test_complex_keys_refused():
    assert "key" in refuse("? [a, b]\n: 1\n").message
    assert "key" in refuse("{x: 1}: 2\n").message
    assert "key" in refuse("k: &k [1]\nm: {*k : 1}\n").message


def test_aliases_are_expanded_as_independent_copies():
    doc = load_text("base: &b {x: 1, y: [2]}\nother: *b\n")
    assert doc.data == {"base": {"x": 1, "y": [2]}, "other": {"x": 1, "y": [2]}}
    doc.data["other"]["y"].append(3)
    assert doc.data["base"]["y"] == [2]
    assert doc.locate("/other") == (2, 8)  # the alias itself
    assert doc.locate("/other/x") == (1, 14)  # content lives at the anchor


def test_bad_aliases_refused():
    assert "recursive" in refuse("a: &a [1, *a]\n").message
    assert "no anchor" in refuse("a: *nowhere\n").message
    assert "twice" in refuse("a: &x 1\nb: &x 2\n").message


BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_alias_expansion_is_counted(monkeypatch):
    # Deterministic check of the budget itself: ~33 nodes as written, ~930 once expanded.
    monkeypatch.setattr(loader, "MAX_NODES", 500)
    text = BILLION_LAUGHS.split("d:")[0]
    assert "document too large after alias expansion" in refuse(text).message


def test_alias_bomb_refused_quickly():
    # In a child process, so a broken budget fails this test instead of hanging the suite.
    script = (
        "import json, sys, time\n"
        "from trentuno.engine.errors import RuleFileError\n"
        "from trentuno.engine.loader import load_text\n"
        "start = time.process_time()\n"
        "try:\n"
        "    load_text(sys.stdin.read(), 'bomb.yaml')\n"
        "    problem = None\n"
        "except RuleFileError as err:\n"
        "    problem = err.problems[0].as_dict()\n"
        "print(json.dumps({'seconds': time.process_time() - start, 'problem': problem}))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script], input=BILLION_LAUGHS, capture_output=True, text=True,
        timeout=300,  # a hang guard; the bound is the child's CPU time below
    )
    assert child.returncode == 0, child.stderr
    result = json.loads(child.stdout)
    assert result["seconds"] < 2.0
    problem = result["problem"]
    assert problem is not None
    assert "document too large after alias expansion" in problem["message"]
    assert problem["line"] is not None and problem["column"] is not None


def test_moderate_aliasing_allowed():
    doc = load_text(BILLION_LAUGHS.split("d:")[0])  # a..c: 9 + 81 + 729 strings
    assert len(doc.data["c"]) == 9 and doc.data["c"][8][8][8] == "lol"


def _nested(levels: int) -> str:
    # The top-level mapping is level 1, then levels-1 flow lists.
    return "a: " + "[" * (levels - 1) + "]" * (levels - 1) + "\n"


def test_nesting_limit():
    load_text(_nested(100))
    assert "deeper than 100" in refuse(_nested(101)).message
    block = "".join("  " * i + f"k{i}:\n" for i in range(101)) + "  " * 101 + "x\n"
    assert "deeper than 100" in refuse(block).message
    # Ten thousand brackets: refused without RecursionError.
    assert "deeper than 100" in refuse("a: " + "[" * 10000 + "]" * 10000).message


def test_nesting_limit_through_aliases():
    text = "x: &x " + "[" * 60 + "]" * 60 + "\ny: " + "[" * 50 + "*x" + "]" * 50 + "\n"
    problem = refuse(text)
    assert "deeper than 100" in problem.message
    assert problem.line == 2  # reported at the alias, where the depth comes from


def test_oversized_text_refused_before_parsing():
    text = "[" * (MAX_BYTES + 1)  # would be a syntax/depth error if it were parsed
    assert refuse(text).message == "file is larger than 1 MiB"
    # Size is in UTF-8 bytes, not characters.
    assert refuse("a: '" + "é" * (MAX_BYTES // 2) + "'\n").message == "file is larger than 1 MiB"


def test_oversized_file_refused(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(RuleFileError) as info:
        load_file(path)
    assert info.value.problems[0].message == "file is larger than 1 MiB"
    assert info.value.problems[0].file == str(path)
    path.write_bytes(b"a: 1\n" + b"#" * (MAX_BYTES - 5))  # exactly 1 MiB is fine
    assert load_file(path).data == {"a": 1}


def test_syntax_error_positions():
    problem = refuse("a: 1\nb: c: d\n")
    assert (problem.line, problem.column) == (2, 5)
    assert "mapping values are not allowed here" in problem.message
    problem = refuse("a: 1\nb: 'unterminated\nc: 3\n")
    assert problem.line == 4 and "quoted scalar" in problem.message
    problem = refuse("a:\n  - x\n - y\n")
    assert problem.line == 3
    problem = refuse("a: 1\r\nb: c: d\r\n")  # CRLF counts as one line break
    assert (problem.line, problem.column) == (2, 5)


def test_tab_and_control_characters():
    assert refuse("a:\n\tb: 1\n").line == 2
    problem = refuse("a: 1\nb: x\x07y\n")
    assert (problem.line, problem.column) == (2, 5) and "U+0007" in problem.message


@pytest.mark.parametrize(
    "text, kind",
    [("- a\n- b\n", "list"), ("just words\n", "string"), ("42\n", "number"), ("~\n", "null"),
     ("[a]\n", "list")],
)
def test_top_level_must_be_mapping(text, kind):
    problem = refuse(text)
    assert "top level must be a mapping" in problem.message and kind in problem.message
    assert (problem.line, problem.column, problem.path) == (1, 1, "")


@pytest.mark.parametrize("text", ["", "\n\n", "# just a comment\n", "---\n", "--- # c\n...\n"])
def test_empty_file(text):
    assert refuse(text).message == "empty file"


def test_several_documents():
    problem = refuse("a: 1\n---\nb: 2\n")
    assert problem.message == "only one YAML document per file" and problem.line == 2
    assert refuse("---\na: 1\n...\n---\nb: 2\n").line == 4
    assert load_text("---\na: 1\n...\n").data == {"a": 1}


def test_bad_utf8(tmp_path):
    with pytest.raises(RuleFileError) as info:
        load_bytes(b"a: 1\nb: caf\xe9\n", "r.yaml")
    problem = info.value.problems[0]
    assert (problem.line, problem.column) == (2, 7)
    assert "UTF-8" in problem.message
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Café\n".encode("latin-1"))
    with pytest.raises(RuleFileError, match="UTF-8"):
        load_file(path)


def test_utf8_and_bom_accepted(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_bytes("\ufeffname: Café ♠\nb: 1\n".encode("utf-8"))
    doc = load_file(path)
    assert doc.data == {"name": "Café ♠", "b": 1}
    assert doc.locate("/name") == (1, 7)  # the BOM does not shift columns


def test_unreadable_file(tmp_path):
    with pytest.raises(RuleFileError) as info:
        load_file(tmp_path / "missing.yaml")
    assert "cannot read file" in info.value.problems[0].message
    with pytest.raises(RuleFileError):
        load_file(tmp_path)  # a directory


def test_load_file_display_name(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("a: [\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as info:
        load_file(path, file="variants/r.yaml")
    assert info.value.problems[0].file == "variants/r.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert load_file(path, file="variants/r.yaml").file == "variants/r.yaml"
    assert load_file(str(path)).file == str(path)


# --- positions -----------------------------------------------------------------------------

RULES = """\
name: classic
turn:
  steps:
    - draw
    - choose:
        - if: {hand: 31}
          then: knock
  limit: 3
10: ten
"""


def test_locate_nested_paths_and_list_items():
    doc = load_text(RULES, "classic.yaml")
    assert doc.file == "classic.yaml"
    assert doc.locate(()) == (1, 1)
    assert doc.locate("") == (1, 1)
    assert doc.locate("/name") == (1, 7)
    assert doc.locate(("turn",)) == (3, 3)  # value of `turn:` starts at `steps`
    assert doc.locate("/turn/steps") == (4, 5)
    assert doc.locate("/turn/steps/0") == (4, 7)
    assert doc.locate(["turn", "steps", 1, "choose", 0]) == (6, 11)
    assert doc.locate("/turn/steps/1/choose/0/if") == (6, 15)
    assert doc.locate("/turn/steps/1/choose/0/if/hand") == (6, 22)
    assert doc.locate("/turn/steps/1/choose/0/then") == (7, 17)
    assert doc.locate(("turn", "limit")) == (8, 10)
    assert doc.locate("/10") == doc.locate((10,)) == (9, 5)


def test_locate_key_vs_value():
    doc = load_text(RULES)
    assert doc.locate_key("/turn/limit") == (8, 3)
    assert doc.locate("/turn/limit") == (8, 10)
    assert doc.locate_key("/turn/steps/1/choose/0/then") == (7, 11)
    assert doc.locate_key("/turn/steps/0") == doc.locate("/turn/steps/0")  # list item


def test_locate_missing_path_falls_back_to_deepest_ancestor():
    doc = load_text(RULES)
    assert doc.locate("/turn/steps/1/choose/0/else") == doc.locate("/turn/steps/1/choose/0")
    assert doc.locate("/turn/steps/7/x") == doc.locate("/turn/steps")
    assert doc.locate("/turn/limit/deeper") == doc.locate("/turn/limit")
    assert doc.locate("/nope/a/b") == (1, 1)
    assert doc.locate_key("/turn/missing") == doc.locate("/turn")


def test_path_escaping_and_problem_helper():
    doc = load_text("'a/b': {'~x': 1}\n", "r.yaml")
    assert format_path(("a/b", "~x")) == "/a~1b/~0x"
    assert doc.locate("/a~1b/~0x") == (1, 15)
    problem = doc.problem(("a/b", "~x"), "must be a string")
    assert problem.format() == "r.yaml:1:15: must be a string (at /a~1b/~0x)"
    assert doc.problem("/a~1b/~0x", "unknown key", at_key=True).column == 9
    assert format_path((True, None, 3)) == "/true/null/3"


def test_document_without_positions():
    doc = Document("x.yaml", {"a": 1})
    assert doc.locate("/a") == (1, 1)


# --- round trip ----------------------------------------------------------------------------

_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                 min_size=1, max_size=8)
_leaves = (
    _words
    | st.integers(-10**6, 10**6)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.booleans()
    | st.none()
)
_trees = st.recursive(
    _leaves,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(_words, kids, max_size=4),
    max_leaves=20,
)


@settings(max_examples=examples(60), deadline=None)
@given(st.dictionaries(_words, _trees, min_size=1, max_size=5), st.booleans())
def test_round_trip_of_dumped_data(data, flow):
    text = yaml.safe_dump(data, default_flow_style=flow, sort_keys=False)
    doc = load_text(text)
    assert doc.data == data
    lines = text.count("\n") + 1

    def walk(node, path):
        line, column = doc.locate(path)
        assert 1 <= line <= lines and column >= 1
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))

    walk(doc.data, ())
