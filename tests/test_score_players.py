"""`trentuno score --players N`: hands valued with the deck N players use, so a hand that needs
two packs (`deck.copies_by_players`) can be valued; duplicate cards add up."""
from __future__ import annotations

from click.testing import CliRunner
from trentuno.cli.main import cli


def _score(*args: str):
    return CliRunner().invoke(cli, ["score", *args])


def test_a_hand_of_two_packs_is_valued_with_the_players_who_use_them():
    result = _score("house/two-decks", "Ac Ac Rc", "--players", "8")
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["Ac", "Ac", "Rc", "32", "suit"]


def test_without_enough_players_the_error_says_how_many_use_two_packs():
    result = _score("house/two-decks", "Ac Ac Rc")
    assert result.exit_code != 0
    assert "appears more often than the deck holds it" in result.output
    assert "add --players 8" in result.output


def test_a_number_of_players_the_ruleset_is_not_for_is_refused_in_one_line():
    result = _score("house/two-decks", "Ac Fc Rc", "--players", "40")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "--players 40: trentuno-two-decks is for 4 to 16 players" in result.output


def test_a_ruleset_whose_deck_does_not_depend_on_players_values_as_before():
    assert _score("trentuno", "Ac Fc Rc", "--players", "4").output == \
        _score("trentuno", "Ac Fc Rc").output
