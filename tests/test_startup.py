"""A quick and helpful command line: what `score` and `validate` import, how fast they start,
names, suggestions, completion, styling.

`score` and `validate` of one file should start within 1.5 times `python -c "import yaml,
click"` (0.15 s against 0.1 s on the development machine). That needs them not to import
what they do not use: jsonschema (more than all the rest together) only for a document whose
verdict is not known yet, the game, the bots and the process pools never.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from trentuno.cli.output import wants_style
from trentuno.engine import verdicts
from trentuno.engine.errors import UsageError
from trentuno.engine.variants import check, resolve

HANG = 300  # seconds for one child: only a hang trips it, however busy the machine

#: modules a one-file `score` or (known-verdict) `validate` must not import
HEAVY = ("jsonschema", "concurrent.futures", "importlib.metadata", "importlib.resources",
         "trentuno.engine.state", "trentuno.engine.bots", "trentuno.engine.simulate",
         "trentuno.cli.cmd_play", "trentuno.cli.table", "multiprocessing")

PROBE = """\
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("@@" + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["trentuno"] + sys.argv[1:]
from trentuno.cli.main import main
main()
"""


def _imports(*args: str, cache: Path, cwd: Path) -> tuple[int, set[str], str]:
    env = {**os.environ, "TRENTUNO_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], check=False, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=HANG)
    modules = json.loads(done.stderr.rsplit("@@", 1)[1])
    return done.returncode, set(modules), done.stdout


@pytest.fixture
def cache(tmp_path) -> Path:
    return tmp_path / "cache"


def test_score_imports_neither_jsonschema_nor_the_game(tmp_path, cache):
    rc, _modules, _out = _imports("validate", "trentuno", cache=cache, cwd=tmp_path)  # learns
    assert rc == 0
    rc, modules, out = _imports("score", "trentuno", "Ac Rc Fc", cache=cache, cwd=tmp_path)
    assert rc == 0 and out.split() == ["Ac", "Rc", "Fc", "31", "trentuno"]
    assert not [m for m in HEAVY if m in modules], sorted(m for m in HEAVY if m in modules)
    # only the deck and the hand values are compiled: no turn, no stakes, no game classes
    turn = ("trentuno.engine.rules", "trentuno.engine.primitives", "trentuno.engine.triggers",
            "trentuno.engine.settlement", "trentuno.engine.lint")
    assert not [m for m in turn if m in modules], sorted(m for m in turn if m in modules)



def test_help_lists_the_commands_without_importing_them(tmp_path, cache):
    """`trentuno --help` lists every command with its short help and imports none of their
    modules (nor the bots, the capture moves, the process pools they bring)."""
    rc, modules, out = _imports("--help", cache=cache, cwd=tmp_path)
    assert rc == 0 and "simulate  Play many bot games and summarise them." in out
    loaded = sorted(m for m in modules if m.startswith("trentuno.cli.cmd_") or m in HEAVY
                    or m in ("trentuno.engine.capture", "trentuno.engine.explain"))
    assert loaded == []


def test_the_help_table_says_what_each_command_says_of_itself():
    """The short help `--help` lists without importing a command is the command's own."""
    import importlib

    from trentuno.cli.main import COMMANDS
    for name, words in COMMANDS.items():
        command = getattr(importlib.import_module(f"trentuno.cli.cmd_{name}"), name)
        assert command.short_help == words, name

def test_a_spoilt_verdict_memory_is_only_a_slower_start(tmp_path, cache):
    assert _imports("validate", "trentuno", cache=cache, cwd=tmp_path)[0] == 0
    for entry in cache.rglob("*"):
        if entry.is_file():
            entry.write_bytes(b"\xe3garbage")
    rc, _modules, out = _imports("score", "trentuno", "Ac Rc Fc", cache=cache, cwd=tmp_path)
    assert rc == 0 and out.split() == ["Ac", "Rc", "Fc", "31", "trentuno"]
    rc, _modules, out = _imports("validate", "trentuno", cache=cache, cwd=tmp_path)
    assert (rc, out) == (0, "trentuno: ok\n")


def test_validate_loads_jsonschema_only_for_a_document_it_has_not_seen(tmp_path, cache):
    rule = tmp_path / "mine.yaml"
    rule.write_text("extends: trentuno\nname: mine\nstakes: {lives: 5}\n")
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert (rc, out) == (0, "mine.yaml: ok\n") and "jsonschema" in modules
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert (rc, out) == (0, "mine.yaml: ok\n")
    assert not [m for m in HEAVY if m in modules]
    # a change is a new document: validated again, its problem found
    rule.write_text("extends: trentuno\nname: mine\nstakes: {lives: 5.0}\n")
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert rc == 1 and "expected integer" in out and "jsonschema" in modules


#: what `validate` of a file found clean before needs not even import
COMPILING = ("trentuno.engine.compiler", "trentuno.engine.rules", "trentuno.engine.lint",
             "trentuno.engine.patterns", "trentuno.engine.cards")


def test_validate_of_a_clean_file_seen_before_parses_and_compiles_nothing(tmp_path, cache):
    base = tmp_path / "base.yaml"
    base.write_text("extends: trentuno\nname: base\nstakes: {lives: 5}\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: base.yaml\nname: mine\n")
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert (rc, out) == (0, "mine.yaml: ok\n") and "trentuno.engine.compiler" in modules
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert (rc, out) == (0, "mine.yaml: ok\n")
    assert not [m for m in HEAVY + COMPILING if m in modules]
    # a file it extends changed: the chain is checked again, and its problem found
    base.write_text("extends: trentuno\nname: base\nstakes: {lives: 0}\n")
    rc, modules, out = _imports("validate", "mine.yaml", cache=cache, cwd=tmp_path)
    assert rc == 1 and "base.yaml:3" in out, out
    # a file with a warning is never taken as clean: the warning is said every time
    (tmp_path / "warn.yaml").write_text("extends: trentuno\nname: aces-low\n"
                                        "deck: {values: {A: 1}}\n")
    for _ in range(2):
        rc, modules, out = _imports("validate", "warn.yaml", cache=cache, cwd=tmp_path)
        assert rc == 0 and "warning" in out and "trentuno.engine.compiler" in modules, out


def test_the_verdict_memory_keeps_only_valid_documents_and_can_be_off(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENTUNO_CACHE_DIR", str(tmp_path / "c"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: trentuno\nstakes: {lives: 3.0}\n")
    for _ in range(2):
        assert check(str(bad))[1], "a problem is found every time"
    assert not (tmp_path / "c").exists() or not any((tmp_path / "c").rglob("*/*/*"))
    assert check("scat")[1] == [] and any((tmp_path / "c").rglob("*"))
    key = verdicts.key_of({"a": 3}, [])
    assert key != verdicts.key_of({"a": 3.0}, []) != verdicts.key_of({"a": "3"}, [])
    monkeypatch.setenv("TRENTUNO_CACHE_DIR", "")
    assert verdicts.cache_dir() is None
    verdicts.remember_valid(key)
    assert not verdicts.known_valid(key)


def _cpu(args: list[str], env: dict) -> float:
    """The CPU time one command takes (the wall clock of a machine shared by a team's test
    runs says more about them than about the command)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, capture_output=True, env=env, timeout=HANG)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def test_score_and_validate_start_nearly_as_fast_as_importing_yaml_and_click(tmp_path):
    env = {**os.environ, "TRENTUNO_CACHE_DIR": str(tmp_path / "cache")}
    base = [sys.executable, "-c", "import yaml, click"]
    score = [sys.executable, "-m", "trentuno.cli.main", "score", "trentuno", "Ac Rc Fc"]
    validate = [sys.executable, "-m", "trentuno.cli.main", "validate", "trentuno"]
    _cpu(validate, env)  # the verdict is learnt once
    runs: dict[str, list[float]] = {"base": [], "score": [], "validate": []}
    for _ in range(5):  # interleaved, so a busy moment slows all three alike
        runs["base"].append(_cpu(base, env))
        runs["score"].append(_cpu(score, env))
        runs["validate"].append(_cpu(validate, env))
    median = {k: statistics.median(v) for k, v in runs.items()}
    # 1.5 is the aim on a quiet machine; the suite shares the machine, hence the margin
    assert median["score"] < 2.5 * median["base"] + 0.05, median
    assert median["validate"] < 2.5 * median["base"] + 0.05, median


def test_validating_every_built_in_in_one_call_is_quick(tmp_path):
    from trentuno.engine.variants import builtin_files
    env = {**os.environ, "TRENTUNO_CACHE_DIR": str(tmp_path / "cache")}
    names = list(builtin_files())
    args = [sys.executable, "-m", "trentuno.cli.main", "validate", *names]
    _cpu(args, env)
    assert _cpu(args, env) < 1.5  # about 0.5 s; 1.8 s before


# ---- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed, meant", [("trentuna", "trentuno"), ("scatt", "scat"),
                                          ("knock-25", "house/knock-25"),
                                          ("schwimen", "schwimmen")])
def test_an_unknown_name_suggests_the_closest(typed, meant):
    with pytest.raises(UsageError) as info:
        resolve(typed)
    assert f"did you mean {meant}" in info.value.line()


def test_a_missing_file_suggests_its_neighbours(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "friday.yaml").write_text("extends: trentuno\n")
    with pytest.raises(UsageError, match=r"did you mean friday\.yaml\?"):
        resolve("fridya.yaml")
    (tmp_path / "over.yaml").write_text("extends: fryday.yaml\n")
    problems = check("over.yaml")[1]
    assert problems[0].line == 1 and "did you mean friday.yaml?" in problems[0].message


def test_validate_says_of_an_unknown_name_what_every_command_says(tmp_path):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    out = CliRunner().invoke(cli, ["validate", "trentuna", "house/knock-25"])
    assert out.exit_code == 1
    first, second = out.output.splitlines()
    assert first.startswith("trentuna: unknown variant 'trentuna' (did you mean trentuno?)")
    assert second == "house/knock-25: ok"
    score = CliRunner().invoke(cli, ["score", "trentuna", "Ac Rc Fc"])
    assert first.split(": ", 1)[1] in score.output


# ---- completion, styling ----------------------------------------------------------------------
@pytest.mark.parametrize("words, want", [("play tren", "plain,trentuno-vedova"),
                                         ("explain sch", "plain,schwimmen"),
                                         ("validate house/kn", "plain,house/knock-25"),
                                         ("score sc", "plain,scat"), ("si", "plain,simulate")])
def test_shell_completion_completes_commands_and_variant_names(tmp_path, words, want):
    env = {**os.environ, "_TRENTUNO_COMPLETE": "bash_complete",
           "COMP_WORDS": f"trentuno {words}", "COMP_CWORD": str(len(words.split()))}
    done = subprocess.run([sys.executable, "-m", "trentuno.cli.main"], check=False, env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 0 and want in done.stdout.splitlines(), done


def test_completing_a_command_name_imports_no_command(tmp_path):
    """`trentuno <TAB>` lists every command with its short help (zsh shows it) and imports
    none of their modules: click's own completion asks each command for its help, and
    imported all of them (about 0.5 s of CPU before the names showed)."""
    env = {**os.environ, "_TRENTUNO_COMPLETE": "zsh_complete", "COMP_WORDS": "trentuno ",
           "COMP_CWORD": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE], check=False, env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=HANG)
    modules = json.loads(done.stderr.rsplit("@@", 1)[1])
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and "simulate" in lines and "serve" in lines
    assert "Play many bot games and summarise them." in lines
    loaded = sorted(m for m in modules if m.startswith("trentuno.cli.cmd_") or m in HEAVY)
    assert loaded == []


class _Tty:
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("env, styled", [({"TERM": "xterm"}, True), ({"TERM": "dumb"}, False),
                                         ({"TERM": "xterm", "NO_COLOR": "1"}, False)])
def test_bold_only_where_the_terminal_shows_it(monkeypatch, env, styled):
    monkeypatch.delenv("NO_COLOR", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert wants_style(_Tty()) is styled
    assert wants_style(object()) is False


def test_the_pre_commit_hook_runs_validate_on_yaml_files():
    import yaml
    hooks = yaml.safe_load((Path(__file__).parent.parent / ".pre-commit-hooks.yaml").read_text())
    (hook,) = hooks
    assert hook["id"] == "trentuno-validate" and hook["language"] == "python"
    assert hook["entry"] == "trentuno validate" and "yaml" in hook["types"]
    doc = (Path(__file__).parent.parent / "docs" / "house-rules.md").read_text(encoding="utf-8")
    assert "id: trentuno-validate" in doc
