"""`trentuno bots`: every bot and parameter `--bots` takes, in the bots' own words, with the
defaults their makers take (said once, in the maker's signature, and read from there)."""
from __future__ import annotations

import inspect
import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.engine import bots as bots_module
from trentuno.engine.bots import BOTS, BotKind, Param, param_default, parse_bot
from trentuno.engine.errors import UsageError


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["bots", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("kind", BOTS.values(), ids=list(BOTS))
def test_every_parameter_is_one_its_maker_takes(kind: BotKind) -> None:
    taken = inspect.signature(kind.make).parameters
    for q in kind.params:
        assert q.name in taken, f"{kind.name}:{q.name}= is not a parameter of {kind.make}"
        assert "(default" not in q.help, "a default is the maker's, not the help's"


def _blocks(lines: list[str]) -> list[list[str]]:
    """The listing cut into one block per bot (a bot's line, then its indented parameters)."""
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("  "):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def test_the_listing_names_every_bot_parameter_and_default() -> None:
    text = run()
    blocks = {chunk[0].split(":", 1)[0]: "\n".join(chunk) for chunk in _blocks(text.splitlines())}
    assert list(blocks) == list(BOTS)
    for kind in BOTS.values():
        lines = blocks[kind.name].splitlines()
        assert lines[0] == f"{kind.name}: {kind.help}"
        assert [x.split("=", 1)[0].strip() for x in lines[1:]] == [q.name for q in kind.params]
        for q, line in zip(kind.params, lines[1:]):
            assert q.help in line
    assert "knock=X: knock with knock - (round - 2) or more (default 27)" in text
    assert "iterations=N: worlds tried per decision (default 32)" in text
    assert "score=game|hand:" in text and "(default hand)" in text


def test_the_json_defaults_are_what_a_bot_without_them_plays() -> None:
    listed = {b["name"]: b for b in json.loads(run("--json"))}
    assert list(listed) == list(BOTS)
    for kind in BOTS.values():
        for q, item in zip(kind.params, listed[kind.name]["params"]):
            assert item["default"] == inspect.signature(kind.make).parameters[q.name].default
    greedy = {q["name"]: q for q in listed["greedy"]["params"]}
    assert greedy["knock"]["default"] == 27 and greedy["knock"]["high"] == 1000


def test_a_compiled_turn_takes_the_makers_default() -> None:
    for name in ("greedy", "threshold"):
        kind = BOTS[name]
        compiled = inspect.signature(kind.compiled).parameters["knock"].default
        assert compiled == param_default(kind, kind.params[0])


def test_a_new_bot_is_listed_with_its_makers_default(monkeypatch: pytest.MonkeyPatch) -> None:
    def cautious(seed: int | None = None, bar: float = 19.5):  # a scratch bot
        return BOTS["greedy"].make(seed, knock=bar)
    scratch = BotKind("cautious", cautious, (Param("bar", float, 0, 40, "knocks at this"),),
                      "a scratch bot")
    monkeypatch.setitem(bots_module.BOTS, "cautious", scratch)
    text = run()
    assert "cautious: a scratch bot" in text and "  bar=X: knocks at this (default 19.5)" in text
    monkeypatch.setitem(bots_module.BOTS, "cautious", replace(scratch, make=lambda seed=None,
                                                              bar=3.0: cautious(seed, bar)))
    assert "(default 3)" in run()


def test_a_parameter_it_does_not_take_points_to_the_listing() -> None:
    with pytest.raises(UsageError, match="the `bots` command says what each means"):
        parse_bot("mc:depth=3")
