"""Validation never breaks: every bad rule file gets one-line, positioned problems.

The promise to users: broken YAML, a wrong key, an impossible rule, a bad card code, a hostile
file... each gets `FILE:LINE:COL: message`, never a traceback, never a hang, and nothing in a
rule file is ever executed. `trentuno validate` reports all the problems, not only the first.

`tests/corpus/*.yaml` are broken or hostile rule files; `tests/corpus/good/*.yaml` must be
valid. Each corpus file starts with a header of comments:

    # expect: <a substring of the first problem's message>   (`ok` in good/)
    # at: LINE:COL                                           (of the first problem, or `none`)
    # count: N                                               (optional: exactly N problems)
    # in: FILE                                               (optional: the first problem is in
                                                               this file, relative to the corpus,
                                                               or `variants/...` for a built-in)

Some hostile inputs are generated here instead of committed (a 2 MiB file, an empty file,
payloads naming the test's tmp_path, a chain of 20 overlays).
"""
from __future__ import annotations

import copy
import functools
import json
import os
import re
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from fuzzing import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trentuno.cli.main import cli
from trentuno.engine.loader import load_file
from trentuno.engine.variants import MAX_CHAIN, check

CORPUS = Path(__file__).parent / "corpus"
CLI = [sys.executable, "-m", "trentuno.cli.main", "validate"]
#: seconds of the clock after which a `trentuno validate` counts as hung: generous, because a
#: busy machine is slow (the whole corpus once took 42 s there); the work is bounded in CPU time
#: where it matters (test_hostile.py, test_overlays.py)
TIMEOUT = 300
MARKER = "trentuno-pwned-marker"  # what the tag payloads in the corpus would create in the cwd


# ---- the corpus -----------------------------------------------------------------------------
def _header(path: Path) -> dict:
    head = {}
    for raw in path.read_bytes().removeprefix(b"\xef\xbb\xbf").splitlines()[:4]:
        m = re.fullmatch(rb"# (expect|at|count|in): (.*?)\s*", raw)
        if m:
            head[m.group(1).decode()] = m.group(2).decode("utf-8")
    assert "expect" in head and "at" in head, f"{path.name}: corpus header missing"
    return head


BAD = sorted(CORPUS.glob("*.yaml"))
GOOD = sorted((CORPUS / "good").glob("*.yaml"))


def _ids(paths):
    return [p.relative_to(CORPUS).as_posix() for p in paths]


def _builtin_root() -> Path:
    return Path(str(resources.files("trentuno.variants")))


def _names_a_file(name: str) -> bool:
    """A problem's file is a real file: a path as given, or a built-in shown as variants/..."""
    if name.startswith("variants/"):
        return (_builtin_root() / name[len("variants/"):]).is_file()
    return Path(name).is_file()


def _assert_one_line_each(problems) -> None:
    for p in problems:
        text = p.format()
        assert "\n" not in text and "\r" not in text, text
        assert text.isprintable(), repr(text)  # no terminal escape sequences from a file
        assert text.startswith(p.file + ":"), text
        assert _names_a_file(p.file), text
        assert p.message.strip(), text


@functools.cache
def _checked(path: Path) -> tuple:
    """`check` of a corpus file, once per run: the CLI tests compare their output with it,
    and some files take seconds to check (the CLI itself always checks afresh)."""
    return check(str(path))


def test_corpus_is_there():
    assert len(BAD) >= 40 and len(GOOD) >= 3
    assert all(_header(p)["expect"] == "ok" for p in GOOD)
    assert not any(_header(p)["expect"] == "ok" for p in BAD)


@pytest.mark.parametrize("path", BAD, ids=_ids(BAD))
def test_bad_file_gives_positioned_problems(path, tmp_path, monkeypatch):
    head = _header(path)
    monkeypatch.chdir(tmp_path)  # where a payload would drop its marker
    rules, problems = _checked(path)
    assert rules is None
    assert problems, "a bad file must give at least one problem"
    first = problems[0]
    assert head["expect"] in first.message, first.format()
    at = "none" if first.line is None else f"{first.line}:{first.column}"
    assert at == head["at"], first.format()
    if "in" in head:
        want = head["in"] if head["in"].startswith("variants/") else str(CORPUS / head["in"])
        assert first.file == want, first.format()
    else:
        assert first.file == str(path), first.format()
    if "count" in head:
        assert len(problems) == int(head["count"]), "\n".join(p.format() for p in problems)
    if head["at"] != "none":
        assert all(p.line is not None and p.column is not None for p in problems)
    _assert_one_line_each(problems)
    assert not (tmp_path / MARKER).exists(), "a rule file ran a command"


@pytest.mark.parametrize("path", GOOD, ids=_ids(GOOD))
def test_good_file_is_valid(path):
    rules, problems = _checked(path)
    assert problems == [], "\n".join(p.format() for p in problems)
    assert rules is not None


def test_several_problems_are_all_reported():
    _rules, problems = check(str(CORPUS / "three-problems.yaml"))
    lines = [p.format() for p in problems]
    assert len(lines) == 3, lines
    assert [p.line for p in problems] == [8, 10, 14]
    for text, word in zip(lines, ("no rank 'Z'", "no suit 'h'", "no step named 'nowhere'")):
        assert word in text


# ---- the same corpus through the command line ---------------------------------------------
def _run_console(args, cwd, timeout=TIMEOUT) -> dict:
    """`trentuno validate ARGS` as a user runs it: the console entry point, in a process."""
    try:
        done = subprocess.run(CLI + [str(a) for a in args], cwd=cwd, capture_output=True,
                              text=True, encoding="utf-8", timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"rc": None, "out": "", "err": f"timed out after {timeout} s"}
    return {"rc": done.returncode, "out": done.stdout, "err": done.stderr}


def _run_cli(args, cwd) -> dict:
    """`trentuno validate ARGS` run in this process from `cwd` (where a payload would drop
    its marker): the same command and output without a second start-up each time; the
    console entry point is run once, over the whole corpus, by `cli_all`."""
    here = os.getcwd()
    os.chdir(cwd)
    try:
        done = CliRunner().invoke(cli, ["validate", *(str(a) for a in args)])
    finally:
        os.chdir(here)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        # what the console script would print as an internal error (exit 70)
        return {"rc": 70, "out": done.stdout, "err": "Traceback: " + repr(done.exception)}
    return {"rc": done.exit_code, "out": done.stdout, "err": done.stderr}


@pytest.fixture(scope="module")
def cli_all(tmp_path_factory):
    """One `trentuno validate` of the whole corpus (a process per file would take half a
    minute on a busy machine)."""
    cwd = tmp_path_factory.mktemp("cli")
    return cwd, _run_console(BAD + GOOD, cwd, timeout=2 * TIMEOUT)


def test_cli_reports_the_whole_corpus_in_one_line_per_problem(cli_all):
    cwd, run = cli_all
    assert run["rc"] == 1, run
    assert "Traceback" not in run["out"] + run["err"], run
    assert run["err"] == ""
    want = []
    for path in BAD + GOOD:
        problems = _checked(path)[1]
        want += [p.format() for p in problems] or [f"{path}: ok"]
    assert run["out"].splitlines() == want
    assert not (cwd / MARKER).exists(), "a rule file ran a command"


HOSTILE = [CORPUS / f"{name}.yaml" for name in (
    "tag-python-object-apply", "billion-laughs", "deep-nesting", "non-utf8", "huge-integer",
    "copies-huge", "hand-too-large", "rank-groups-explosion", "many-swap-options",
    "key-with-newline-and-escape", "extends-name-too-long", "overlay-cycle-a", "value-huge-int",
    "three-problems", "non-string-keys")]


@pytest.mark.parametrize("path", HOSTILE, ids=_ids(HOSTILE))
def test_cli_refuses_a_hostile_file_alone(path, tmp_path):
    run = _run_cli([path], tmp_path)
    assert run["rc"] == 1, run
    assert "Traceback" not in run["out"] + run["err"], run
    lines = run["out"].splitlines()
    assert lines == [p.format() for p in _checked(path)[1]]
    assert _header(path)["expect"] in lines[0]
    assert not (tmp_path / MARKER).exists(), "a rule file ran a command"


def test_cli_reports_every_file_given(tmp_path):
    run = _run_cli([CORPUS / "three-problems.yaml", GOOD[0], CORPUS / "empty.yaml"], tmp_path)
    assert run["rc"] == 1, run
    lines = run["out"].splitlines()
    assert len(lines) == 3 + 1 + 1, lines
    assert lines[3] == f"{GOOD[0]}: ok"
    assert "Traceback" not in run["out"] + run["err"]


# ---- command lines ----------------------------------------------------------------------------
def _command_lines() -> list[tuple[int, list[str], str]]:
    import shlex
    out = []
    for line in (CORPUS / "command-lines.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, args, needle = line.split("\t")
            out.append((int(code), shlex.split(args), needle))
    return out


COMMAND_LINES = _command_lines()


@pytest.mark.parametrize("code,args,needle", COMMAND_LINES,
                         ids=[" ".join(a) for _, a, _ in COMMAND_LINES])
def test_a_bad_command_line_is_one_line_and_its_exit_code(code, args, needle, capsys):
    from trentuno.cli.main import main
    with pytest.raises(SystemExit) as done:
        main(args)
    out, err = capsys.readouterr()
    assert done.value.code == code, (out, err)
    assert out == "" and len(err.splitlines()) == 1 and needle in err, err


# ---- the shipped rulesets -------------------------------------------------------------------
def _shipped():
    root = resources.files("trentuno.variants")
    files = [f for f in root.iterdir() if f.name.endswith(".yaml")]
    files += [f for f in root.joinpath("house").iterdir() if f.name.endswith(".yaml")]
    return sorted(Path(str(f)) for f in files)


SHIPPED = _shipped()


def test_there_are_shipped_rulesets():
    names = {p.name for p in SHIPPED}
    assert {"trentuno.yaml", "scat.yaml", "schwimmen.yaml"} <= names
    assert any(p.parent.name == "house" for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.name}/{p.name}" for p in SHIPPED])
def test_shipped_ruleset_is_valid(path):
    rules, problems = check(str(path))
    assert problems == [], "\n".join(p.format() for p in problems)
    assert rules is not None


def test_cli_validates_every_shipped_ruleset(tmp_path):
    run = _run_cli(SHIPPED, tmp_path)
    assert run["rc"] == 0, run
    assert run["out"].splitlines() == [f"{p}: ok" for p in SHIPPED]


# ---- hostile inputs made on the spot ----------------------------------------------------------
PAYLOADS = [
    "name: !!python/object/apply:os.system [{cmd!r}]",
    "name: !!python/object/apply:subprocess.check_call [[sh, -c, {cmd!r}]]",
    "name: !!python/object/new:os.system [{cmd!r}]",
    "? !!python/object/apply:os.system [{cmd!r}]\n: x",
    "name: &a !!python/object/apply:os.system [{cmd!r}]\ntitle: *a",
    "name: !<tag:yaml.org,2002:python/object/apply:os.system> [{cmd!r}]",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_tags_are_refused_and_never_run(payload, tmp_path):
    marker = tmp_path / "pwned"
    rule = tmp_path / "evil.yaml"
    rule.write_text("extends: trentuno\n" + payload.format(cmd=f"touch {marker}") + "\n")
    rules, problems = check(str(rule))
    assert rules is None and len(problems) == 1
    assert "tags are not allowed" in problems[0].message
    assert problems[0].line == 2
    run = _run_cli([rule], tmp_path)
    assert run["rc"] == 1 and "tags are not allowed" in run["out"], run
    assert not marker.exists(), "a rule file ran a command"


def test_a_2_mib_file_is_refused_quickly(tmp_path):
    rule = tmp_path / "huge.yaml"
    line = "# " + "x" * 1022 + "\n"
    rule.write_text("extends: trentuno\n" + line * 2048)
    assert rule.stat().st_size > 2 * 1024 * 1024
    start = time.process_time()
    rules, problems = check(str(rule))
    assert time.process_time() - start < 5  # of CPU: the file is refused before it is parsed
    assert rules is None
    assert [(p.line, p.column, p.message) for p in problems] == [
        (1, 1, "file is larger than 1 MiB")]
    run = _run_cli([rule], tmp_path)
    assert run["rc"] == 1 and "larger than 1 MiB" in run["out"], run


def test_a_2_mib_value_is_refused(tmp_path):
    rule = tmp_path / "long-title.yaml"
    rule.write_text("extends: trentuno\ntitle: " + "x" * (2 * 1024 * 1024) + "\n")
    rules, problems = check(str(rule))
    assert rules is None and "larger than 1 MiB" in problems[0].message


@pytest.mark.parametrize("content", [b"", b"   \n\n", b"# only a comment\n", b"---\n",
                                     b"\xef\xbb\xbf"])
def test_empty_files(content, tmp_path):
    rule = tmp_path / "empty.yaml"
    rule.write_bytes(content)
    rules, problems = check(str(rule))
    assert rules is None
    assert [(p.line, p.column, p.message) for p in problems] == [(1, 1, "empty file")]
    _assert_one_line_each(problems)


def test_a_long_overlay_chain_is_refused_at_the_top_file(tmp_path):
    """MAX_CHAIN overlays over their base are fine; one more is refused at the `extends:` of
    the file given (the one the author is editing), not somewhere down the chain."""
    (tmp_path / "o1.yaml").write_text("extends: trentuno\n")
    for i in range(2, MAX_CHAIN + 3):
        (tmp_path / f"o{i}.yaml").write_text(f"name: o{i}\nextends: o{i - 1}.yaml\n")
    rules, problems = check(str(tmp_path / f"o{MAX_CHAIN}.yaml"))  # o16 ... o1, trentuno
    assert problems == [] and rules is not None
    for top in (MAX_CHAIN + 1, MAX_CHAIN + 2):
        rules, problems = check(str(tmp_path / f"o{top}.yaml"))
        assert rules is None and len(problems) == 1
        p = problems[0]
        assert (p.file, p.line, p.column) == (str(tmp_path / f"o{top}.yaml"), 2, 10), p.format()
        assert p.message.startswith(f"more than {MAX_CHAIN} overlays in a chain ("), p.message
        assert f"at most {MAX_CHAIN} overlays may extend one another" in p.message


def test_an_unreadable_path_is_a_problem_not_a_traceback(tmp_path):
    run = _run_cli([tmp_path, tmp_path / "missing.yaml"], tmp_path)
    assert run["rc"] == 1, run
    assert len(run["out"].splitlines()) == 2
    assert "Traceback" not in run["out"] + run["err"]


# ---- fuzz: the built-in Trentuno, randomly broken --------------------------------------------
BASE = load_file(_builtin_root() / "trentuno.yaml").data


def _schema_words() -> list:
    text = (resources.files("trentuno.schema") / "ruleset.schema.json").read_text("utf-8")
    words: set = set()

    def walk(node):
        if isinstance(node, dict):
            words.update(k for k in (node.get("properties") or {}))
            for v in node.values():
                walk(v)
            for v in node.get("enum") or ():
                if isinstance(v, str):
                    words.add(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(json.loads(text))
    return sorted(words)


WORDS = _schema_words() + ["stock", "discard", "choose", "tris", "trentuno", "A", "R", "10", "Z",
                           "Rc", "10h", "Ah", "c", "h", "instant", "players", "hand", ""]
KEYS = (st.sampled_from(WORDS) | st.text("abcdefghijklmnopqrstuvwxyz_-0123456789", min_size=1,
                                         max_size=10) | st.integers(-3, 12) | st.booleans()
        | st.text(max_size=6))
SCALARS = (st.none() | st.booleans() | st.integers(-5, 60) | st.integers()
           | st.sampled_from([0, 1, 2, 3, 10 ** 6, 10 ** 16, -(10 ** 400), 10 ** 400])
           | st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(WORDS)
           | st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(KEYS, inner, max_size=4), max_leaves=8)


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, here + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, here + (i,))


def _get(node, path):
    for k in path:
        node = node[k]
    return node


@st.composite
def broken_documents(draw):
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(doc))))
        op = draw(st.sampled_from(["delete", "replace", "insert", "alike", "alike"]))
        if not path:
            op = "insert"
        if op == "alike":  # a value of the same type: passes the schema more often, so that
            old = _get(doc, path)  # the compiler's own checks get fuzzed too
            if isinstance(old, bool):
                new = draw(st.booleans())
            elif isinstance(old, (int, float)):
                new = draw(st.integers(-2, 60) | st.sampled_from([10 ** 6, 10 ** 400])
                           | st.floats(-100, 100))
            elif isinstance(old, str):
                new = draw(st.sampled_from(WORDS))
            else:
                new = draw(VALUES)
            _get(doc, path[:-1])[path[-1]] = new
            continue
        if op == "insert" and isinstance(_get(doc, path), (dict, list)):
            node = _get(doc, path)
            if isinstance(node, dict):
                node[draw(KEYS)] = draw(VALUES)
            else:
                node.insert(draw(st.integers(0, len(node))), draw(VALUES))
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        if op == "delete":
            del parent[key]
        else:
            parent[key] = draw(VALUES)
    if draw(st.booleans()):  # as an overlay of the built-in, keeping some sections
        keep = draw(st.lists(st.sampled_from(sorted(doc, key=str)), max_size=3, unique=True))
        doc = {"extends": "trentuno", **{k: doc[k] for k in keep}}
    return doc


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(doc=broken_documents())
def test_fuzz_broken_trentuno_never_raises(doc, tmp_path_factory):
    rule = tmp_path_factory.getbasetemp() / "fuzz.yaml"
    rule.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    start = time.process_time()
    rules, problems = check(str(rule))  # must not raise
    assert time.process_time() - start < 10
    assert (rules is None) == bool(problems)
    for p in problems:
        assert p.line is not None and p.column is not None, p.format()
    _assert_one_line_each(problems)
