"""What was reported wrongly (issue 17 item 6): simulate's names for hands a showdown trigger
ended, `explain --diff` of a changed or removed option, and the hint `validate` gives for a pot
game that ends only when one player is left."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.engine import load
from trentuno.engine.explain import diff, render
from trentuno.engine.variants import check_all

EARLY = """
extends: thirty-one
name: early-showdown
triggers:
  - {name: early, on: turn_end, when: [{round_at_least: 3}], do: showdown}
"""


def _write(tmp_path: Path, text: str, name: str = "r.yaml") -> str:
    path = tmp_path / name
    path.write_text(text.lstrip("\n"), "utf-8")
    return str(path)


def _hand_ends(path: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", path, "--games", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    return result.output.split("hands ended by:")[1].split("lives lost")[0]


def test_a_showdown_trigger_is_not_named_after_an_unrelated_instant_hand(tmp_path):
    ends = _hand_ends(_write(tmp_path, EARLY))
    assert "ended by a trigger in play, compared" in ends
    assert "thirty-one: hands compared" not in ends


def test_an_instant_win_is_still_named_after_its_hand(tmp_path):
    ends = _hand_ends(_write(tmp_path, "extends: thirty-one\nname: plain\n"))
    assert "thirty-one: instant win" in ends
    assert "trigger in play" not in ends


def _diff_text(tmp_path: Path, text: str, lang: str = "en") -> str:
    path = _write(tmp_path, text)
    return render(diff(load("trentuno"), load(path), lang))


def test_a_changed_option_keeps_its_new_sentence_when_another_says_the_same(tmp_path):
    """The new sentence equals another option's: it is still shown, with what it replaces."""
    text = _diff_text(tmp_path, """
extends: trentuno
name: two-draws
turn:
  steps:
    choose:
      take: {do: draw, from: stock, then: discard, label: {en: Draw from the stock, it: Pesca}}
""")
    new, old = text.split("Instead of:")
    assert "“Draw from the stock”: takes the top card of the stock" in new
    assert "“Take the discard”" in old and "“Take the discard”" not in new


def test_a_removed_sentence_is_said_as_no_longer_not_an_empty_instead_of():
    """`into_pot: false` only removes a sentence of the stakes."""
    for lang, word in (("en", "No longer:"), ("it", "Non più:")):
        sections = diff(load("trentuno"), load("house/best-takes-from-worst"), lang)
        (stakes,) = [s for s in sections if s.key == "stakes"]
        assert stakes.lines[0] == word and len(stakes.lines) == 2
    text = render(diff(load("trentuno"), load("house/best-takes-from-worst")))
    assert "No longer:\n  - Every life lost is a stake paid into the pot" in text


def test_a_removed_option_shows_the_sentence_it_was_in(tmp_path):
    text = _diff_text(tmp_path, """
extends: trentuno
name: no-take
turn:
  steps:
    choose:
      take: null
""")
    new, old = text.split("Instead of:")
    assert "On his turn a player" in old and "“Take the discard”" in old
    assert "“Take the discard”" not in new


def test_every_instead_of_follows_a_new_sentence():
    """No "Instead of:" block opens a section of the shelf's diffs: something new is above."""
    from trentuno.engine.explain import load_base
    from trentuno.engine.variants import builtin_files
    for name in (n for n in builtin_files() if n.startswith("house/")):
        base = load_base(name)
        assert base is not None
        for section in diff(base, load(name))[1:]:
            assert section.lines[0] != "Instead of:", name


POT = """
extends: trentuno-vedova
name: pot-forever
end: {hands: null, last_standing: true}
"""


def test_a_pot_game_that_ends_only_by_last_standing_is_a_warning(tmp_path):
    rules, problems, warnings = check_all(_write(tmp_path, POT))
    assert problems == [] and rules is not None
    (w,) = [w for w in warnings if "ends only when one player is left" in w.message]
    assert w.line == 3 and "`end: {hands: N}`" in w.message
    _, _, fine = check_all(_write(tmp_path, "extends: trentuno-vedova\nname: v\n", "v.yaml"))
    assert not any("ends only when one player is left" in w.message for w in fine)
