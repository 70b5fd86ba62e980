"""The README stays true and whole: its house-rule example validates and plays, its quick
start is the two commands CI runs, every line of its command blocks is a command that exists
(or a comment), its tour runs from start to end as one script, and its structure is intact,
so that a scripted edit pasting a paragraph into a command block, or losing a line of a
sentence, fails here (tests/markdown_checks.py says what is checked)."""
from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner
from markdown_checks import ROOT, Block, Page, command_problems, page_problems, run_script
from matching import found
from trentuno.cli.main import cli
from trentuno.engine import check
from trentuno.engine.simulate import run_games
from trentuno.engine.variants import builtin_files

PATH = ROOT / "README.md"
README = PATH.read_text(encoding="utf-8")
PAGE = Page.read(PATH)
HEADINGS = ["trentuno", "Quick start", "Writing a house rule", "A table for friends",
            "The balance lab: what does a rule change do?", "Where things live", "The game API",
            "Speed"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
#: the numbers 20-99 as the README writes them ("sixty-three")
NUMBERS = {f"{ten}-{unit}" if unit else ten: 20 + 10 * t + u
           for t, ten in enumerate(_TENS) for u, unit in enumerate(["", *_UNITS])}


def _sh_blocks() -> list[Block]:
    return PAGE.code("sh")


def _tour() -> Block:
    """The block after "Then, with `.venv/bin` on your `PATH`": the commands to try first."""
    (block,) = [b for b in _sh_blocks() if any(line.startswith("trentuno variants")
                                                  for line in b.lines)]
    return block


def _house_rule_commands() -> Block:
    (block,) = [b for b in _sh_blocks() if "trentuno validate our-trentuno.yaml" in b.text]
    return block


def test_the_house_rule_example_validates_and_plays(tmp_path):
    blocks = [b for b in PAGE.code("yaml") if "extends:" in b.text]
    assert blocks
    for i, block in enumerate(blocks):
        path = tmp_path / f"readme-{i}.yaml"
        path.write_text(block.text, encoding="utf-8")
        rules, problems = check(str(path))
        assert not problems, [p.format() for p in problems]
        assert run_games(rules, 0, 5, rules.default_players, "greedy", 1).games == 5


def test_the_quick_start_is_two_commands():
    commands = re.findall(r"^python3 -m venv \.venv && .*$", README, re.M)
    assert len(commands) == 2
    assert "pip install ." in commands[0] and "trentuno simulate trentuno" in commands[0]
    assert "pip install '.[test]'" in commands[1] and "python -m pytest" in commands[1]
    (block,) = [b for b in _sh_blocks() if commands[0] in b.lines]
    assert [line for line in block.lines if line and not line.startswith("#")] == commands


def test_the_page_is_whole():
    """Headings in order, no line of prose said twice, every fence closed, every line of a
    command block a command or a comment, every link to a file that exists."""
    assert [text for _level, text in PAGE.headings()] == HEADINGS
    assert page_problems(PAGE) == []


def test_every_line_of_every_command_block_is_a_command_or_a_comment():
    blocks = _sh_blocks()
    assert len(blocks) >= 4
    wrong = [f"block at line {b.line}: {p}" for b in blocks for line in b.lines
             for p in command_problems(line)]
    assert wrong == []


def test_a_pasted_line_in_a_command_block_would_fail():
    """The checks above see the accident that once happened: the intro's lines pasted into
    the tour in place of a command, and into a sentence."""
    lines = README.splitlines()
    pasted = lines[3:5]
    at = lines.index(_tour().lines[0])
    broken = lines[:at] + pasted + lines[at + 1:]
    path = PATH.parent / ".README-broken.md"  # next to the README: its links stay valid
    try:
        path.write_text("\n".join(broken) + "\n", encoding="utf-8")
        problems = page_problems(Page.read(path))
    finally:
        path.unlink()
    assert any("said twice" in p for p in problems), problems
    assert any("not a command of this project" in p for p in problems), problems


def test_every_command_the_readme_shows_exists():
    shown = set(re.findall(r"^trentuno (\w+)", README, re.M))
    known = set(cli.list_commands(click.Context(cli)))  # commands are imported when needed
    assert shown and shown <= known, shown - known
    for name in shown:
        assert CliRunner().invoke(cli, [name, "--help"]).exit_code == 0


def _shrunk(line: str) -> str:
    """A tour line as the test runs it: fewer games, no pause between bot moves, one process,
    a short skill part. Every command and option the README shows still runs."""
    line = re.sub(r"--games \d+", "--games 6", line)
    line = re.sub(r"--delay [\d.]+", "--delay 0", line)
    if re.match(r"^trentuno (simulate|compare) ", line) and "--jobs" not in line:
        line = line.split("#")[0].rstrip() + " --jobs 1"
    if line.startswith("trentuno compare ") and "--skill-games" not in line:
        line += " --skill-games 2"
    return line


def test_the_tour_and_the_house_rule_run_in_order(tmp_path):
    """The tour block and the house-rule block, run as a whole in a fresh folder (with this
    checkout's `variants/` in it, as in the folder the README is read in) with no input:
    `play` stops at the end of its input and saves. Then what the tour's comment promises
    for the saved game: `trentuno replay game.json`, `play --resume game.json`."""
    (tmp_path / "variants").symlink_to(ROOT / "variants", target_is_directory=True)
    (house_rule,) = [b for b in PAGE.code("yaml") if "extends:" in b.text]
    name = found(r"save this one as `([\w.-]+\.yaml)`", README).group(1)
    (tmp_path / name).write_text(house_rule.text, encoding="utf-8")
    tour = [line for line in _tour().lines if line and not line.startswith("#")]
    then = re.search(r"# then: (trentuno replay \S+), or (play --resume \S+)", _tour().text)
    assert then, "the tour says what to do with the saved game"
    after = [then.group(1), "trentuno " + then.group(2)]
    lines = [_shrunk(line) for line in tour + _house_rule_commands().lines + after]
    done = run_script(lines, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stdout + done.stderr
    names = found(r"# the built-ins: (.*), house/\.\.\.", _tour().text).group(1).split(", ")
    listed = [line.split()[0] for line in done.stdout.splitlines() if line.strip()]
    bases = sorted(n for n in builtin_files() if not n.startswith("house/"))
    assert sorted(names) == bases and set(bases) <= set(listed)
    assert (tmp_path / "game.json").is_file() and (tmp_path / "report.html").is_file()


def test_the_shelf_is_counted_right():
    m = re.search(r"`variants/house/` holds ([a-z-]+) of them", README)
    assert m
    shelf = [n for n in builtin_files() if n.startswith("house/")]
    assert NUMBERS[m.group(1)] == len(shelf)


@pytest.mark.parametrize("shell", ["bash_source", "zsh_source", "fish_source"])
def test_the_completion_scripts_the_readme_names_exist(shell):
    assert shell in README
    out = CliRunner().invoke(cli, [], env={"_TRENTUNO_COMPLETE": shell}, prog_name="trentuno")
    assert out.exit_code == 0 and "_TRENTUNO_COMPLETE" in out.output, out.output
