"""The README stays true: its house-rule example validates and plays, its quick start is the
two commands CI runs, and the commands it shows exist."""
from __future__ import annotations

import re
from pathlib import Path

import click
from click.testing import CliRunner

from trentuno.cli.main import cli
from trentuno.engine import check
from trentuno.engine.simulate import run_games

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_the_house_rule_example_validates_and_plays(tmp_path):
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", README, re.S) if "extends:" in b]
    assert blocks
    for i, block in enumerate(blocks):
        path = tmp_path / f"readme-{i}.yaml"
        path.write_text(block, encoding="utf-8")
        rules, problems = check(str(path))
        assert not problems, [p.format() for p in problems]
        assert run_games(rules, 0, 5, rules.default_players, "greedy", 1).games == 5


def test_the_quick_start_is_two_commands():
    commands = re.findall(r"^python3 -m venv \.venv && .*$", README, re.M)
    assert len(commands) == 2
    assert "pip install ." in commands[0] and "trentuno simulate trentuno" in commands[0]
    assert "pip install '.[test]'" in commands[1] and "python -m pytest" in commands[1]


def test_every_command_the_readme_shows_exists():
    shown = set(re.findall(r"^trentuno (\w+)", README, re.M))
    known = set(cli.list_commands(click.Context(cli)))  # commands are imported when needed
    assert shown and shown <= known, shown - known
    for name in shown:
        assert CliRunner().invoke(cli, [name, "--help"]).exit_code == 0
