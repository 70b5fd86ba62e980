"""The completeness test over consumers: a keyword of every kind, added as a contributor adds one
(one unit in one file, nothing else touched), is checked where a user meets it.

The scratch units live one file each: a guard (`scratch_guard.py`), a turn primitive
(`scratch_moves.py`), a pattern kind (`scratch_pattern.py`), a trigger condition and outcome
(`scratch_trigger.py`), a tie policy (`scratch_ties.py`), a closing rule of the knock
(`scratch_knock.py`), a take rule (`scratch_takes.py`), and in `test_scratch_settlement.py` an
effect, a trigger event that ends hands, a pay policy, a score unit and a stakes mode: one of
every kind. For every one of them: registering it without the schema its parameter needs fails
at once; the schema built from the units refuses a wrong parameter; `explain` says it in
English and Italian. Beyond these, each consumer that could ignore a unit is asked here or in
the scratch unit's own test file: the table narrates the primitive in its own words and greedy
and mc play it as they play `draw` (test_scratch_moves.py); a scratch event that ends hands is
explained, told at the table and named by simulate (test_scratch_settlement.py); a guard is
refused where nobody acts by what it reads, and is obeyed in play; a pattern kind values hands,
`score` and the table name its combination; the condition, outcome, tie policy, closing rule
and take rule are played by the bots and watched at the table in test_scratch_play.py.
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
import scratch_guard
import scratch_knock
import scratch_moves
import scratch_pattern
import scratch_takes
import scratch_ties
import scratch_trigger
from click.testing import CliRunner
from test_scratch_settlement import (
    BELL,
    FEWEST_CARDS,
    HEARTS,
    HIGHEST_PAYS,
    RING,
    _file,
    _refused,
    _said,
    registering,
)
from trentuno.cli.main import cli
from trentuno.engine.errors import RuleFileError
from trentuno.engine.guards import GUARDS, GuardUnit, Reads
from trentuno.engine.keywords import REGISTRIES, TAKES, Kind, Unit, unit_problems
from trentuno.engine.roles import KNOCK
from trentuno.engine.simulate import play_game
from trentuno.engine.state import GameState
from trentuno.engine.variants import load


@pytest.fixture
def scratch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A function registering scratch units for one test (the schema `validate` uses is built
    with them); they are taken out after it."""
    yield from registering(monkeypatch)


#: a scratch unit of each kind a contributor is likely to add, where its consumers are checked
SCRATCH: dict[Kind, Unit] = {
    Kind.GUARD: scratch_guard.SUITS_AT_MOST, Kind.PRIMITIVE: scratch_moves.DRAW_BOTTOM,
    Kind.EFFECT: RING, Kind.TRIGGER_EVENT: BELL, Kind.PAY_POLICY: HIGHEST_PAYS,
    Kind.SCORE: FEWEST_CARDS, Kind.PATTERN_KIND: scratch_pattern.RAINBOW,
    Kind.STAKES_MODE: HEARTS, Kind.TRIGGER_CONDITION: scratch_trigger.STOCK_AT_MOST,
    Kind.OUTCOME: scratch_trigger.TRUCE, Kind.TIE_POLICY: scratch_ties.NEAREST_PAYS,
    Kind.KNOCK_RULE: scratch_knock.NEXT_ONLY, Kind.TAKE_RULE: scratch_takes.AT_MOST,
}
#: every scratch unit, for the tests that register them all
ALL_UNITS = (*scratch_guard.UNITS, *scratch_pattern.UNITS, *scratch_moves.UNITS,
             *scratch_trigger.UNITS, *scratch_ties.UNITS, *scratch_knock.UNITS,
             *scratch_takes.UNITS, RING, BELL, HIGHEST_PAYS, FEWEST_CARDS, HEARTS)


def test_every_kind_has_a_scratch_unit():
    assert set(SCRATCH) == set(Kind)
    assert all(unit.kind is kind for kind, unit in SCRATCH.items())


def test_every_scratch_unit_is_complete(scratch):
    built = scratch(*ALL_UNITS)
    for unit in SCRATCH.values():
        assert unit_problems(unit, REGISTRIES[unit.kind], built["definitions"]) == []


# ---- registering: a parameter needs its schema ---------------------------------------------
@pytest.mark.parametrize("kind", [k for k in Kind if TAKES[k] == "one"])
def test_a_unit_whose_keyword_takes_a_parameter_is_refused_without_a_schema(kind):
    """Before, only primitives needed one: a guard without a schema passed every test, then
    `validate` let `hand_size_at_least: "three"` through and `simulate` died of a TypeError.
    Now the registry refuses it as the module adding it is imported."""
    unit = SCRATCH[kind]
    bare = dataclasses.replace(unit, name="scratch_bare", schema=None)
    with pytest.raises(ValueError, match=rf"{kind.value} 'scratch_bare' has no schema"):
        REGISTRIES[kind].add(bare)
    assert "scratch_bare" not in REGISTRIES[kind]


@pytest.mark.parametrize("kind", [k for k in Kind if TAKES[k] == "none"])
def test_a_unit_whose_keyword_takes_nothing_is_refused_with_a_schema(kind):
    unit = SCRATCH[kind]
    odd = dataclasses.replace(unit, name="scratch_odd", schema={"type": "integer"})
    with pytest.raises(ValueError, match=rf"'scratch_odd' declares a schema, but a "
                                         rf"{kind.value} takes no parameter"):
        REGISTRIES[kind].add(odd)
    assert "scratch_odd" not in REGISTRIES[kind]


def test_a_guard_that_does_not_say_what_it_reads_is_refused():
    plain = Unit(kind=Kind.GUARD, name="scratch_plain", description="d",
                 schema={"type": "integer"}, compile=lambda n, ctx: None,
                 words=scratch_guard.SUITS_AT_MOST.words)
    with pytest.raises(TypeError, match="guard 'scratch_plain' is a Unit, not a GuardUnit"):
        GUARDS.add(plain)
    with pytest.raises(TypeError, match="reads"):
        GuardUnit(kind=Kind.GUARD, name="scratch_plain", description="d",
                  schema={"type": "integer"}, compile=lambda n, ctx: None, words={})


def test_a_stakes_mode_counting_in_a_currency_without_words_is_refused():
    """A mode names the currency its standing counts (`currency`, `pays_in`); the words of a
    currency live in `stakes_modes.CURRENCIES`. Before, a mode naming one that is not there
    was registered, `validate` passed its file, and `explain` and `play` stopped with an
    internal KeyError; now registering it fails, naming the mode and the currency."""
    from trentuno.engine.stakes_modes import CURRENCIES, MODES
    assert "scratch_heart" not in CURRENCIES
    with pytest.raises(ValueError, match=re.escape(
            "stakes mode 'scratch_hearts' counts in 'scratch_heart', which "
            "stakes_modes.CURRENCIES has no words for")):
        MODES.add(HEARTS)
    assert "scratch_hearts" not in MODES


# ---- the schema refuses a wrong parameter, explain says it ----------------------------------
GUARD_FILE = ("extends: trentuno\nturn:\n  steps:\n    choose:\n"
              "      knock: {if: [{scratch_suits_at_most: 2}]}\n"
              "      draw: {if: [{scratch_stock_at_least: 5}]}\n")
PATTERN_FILE = """extends: trentuno
hand:
  patterns:
    - {name: trentuno, kind: same_suit, sum: 31, value: sum, instant: true}
    - {name: rainbow, kind: scratch_rainbow, suits: 3, value: 28,
       label: {en: rainbow, it: arcobaleno}}
    - {name: suit, kind: best_suit, value: sum}
"""
RING_FILE = ("extends: trentuno\nturn:\n  steps:\n    choose:\n"
             "      draw: {effects: [{scratch_ring: 3}]}\n"
             "triggers:\n  bell: {on: scratch_bell, do: showdown}\n")

TRUCE_FILE = ("extends: trentuno\ntriggers:\n"
              "  truce: {on: turn_end, if: {scratch_stock_at_most: 20}, do: {scratch_truce: 2}}\n")
TIES_FILE = ("extends: trentuno\nsettle:\n  showdown: {pay: lowest, ties: scratch_nearest_pays}\n")
KNOCK_FILE = "extends: trentuno\nknock: {last_turns: scratch_next_only}\n"
TAKES_FILE = ("extends: scopa\nturn:\n  steps:\n    play:\n"
              "      play: {takes: {scratch_at_most: 1}}\n")

#: (the units, a file using them, what makes it wrong, what the refusal says, what explain
#: says of them in English and in Italian); the pay policy, the score unit, the event and the
#: stakes mode are refused and explained in test_scratch_settlement.py, the primitive in
#: test_scratch_moves.py
CASES = {
    "guard": ((scratch_guard.SUITS_AT_MOST, scratch_guard.STOCK_AT_LEAST), GUARD_FILE,
              ("most: 2", "most: two"), "expected integer",
              ["only with a hand of at most 2 suits",
               "only while the stock holds at least 5 cards"],
              ["solo con una mano di al massimo 2 semi",
               "solo finché nel tallone ci sono almeno 5 carte"]),
    "pattern kind": (scratch_pattern.UNITS, PATTERN_FILE, ("suits: 3", "suits: many"),
                     "expected integer", ["“rainbow”: cards of 3 different suits; worth 28"],
                     ["«arcobaleno»: carte di 3 semi diversi; vale 28"]),
    "effect": ((RING, BELL), RING_FILE, ("ring: 3", "ring: [3]"), "expected integer",
               [", and from round 3 on this rings the bell",
                "(after a knock or when the bell rings)"],
               [", e dal giro 3 in poi questo suona la campanella",
                "(dopo una bussata o quando suona la campanella)"]),
    "condition and outcome": (
        scratch_trigger.UNITS, TRUCE_FILE, ("at_most: 20", "at_most: lots"), "expected integer",
        ["the stock holds at most 20 cards", "from round 2 on the hand ends in a truce"],
        ["nel tallone ci sono al massimo 20 carte",
         "dal giro 2 in poi la mano finisce in tregua"]),
    "outcome's parameter": (
        scratch_trigger.UNITS, TRUCE_FILE, ("truce: 2", "truce: second"), "do", [], []),
    # a tie policy and a closing rule take nothing: the schema knows their names
    "tie policy": (scratch_ties.UNITS, TIES_FILE, ("nearest_pays", "nearest_payz"),
                   "'scratch_nearest_pays'",
                   ["if several players must pay, only the first of them after the dealer"],
                   ["se devono pagare più giocatori, paga solo il primo di loro"]),
    "knock rule": (scratch_knock.UNITS, KNOCK_FILE, ("next_only", "next_one"),
                   "'scratch_next_only'",
                   ["After a knock only the next player has one more turn, then the hand"],
                   ["Dopo la bussata solo il giocatore successivo ha un altro turno"]),
    "take rule": (scratch_takes.UNITS, TAKES_FILE, ("at_most: 1", "at_most: one"),
                  "expected integer or null", ["it takes at most one card at a time"],
                  ["non prende più di una carta alla volta"]),
}


@pytest.mark.parametrize("case", CASES)
def test_the_schema_refuses_a_wrong_parameter(scratch, tmp_path, case):
    units, text, (right, wrong), said, _, _ = CASES[case]
    scratch(*units)
    assert right in text
    assert said in _refused(tmp_path, text.replace(right, wrong))


@pytest.mark.parametrize("case", CASES)
def test_explain_says_it_in_english_and_italian(scratch, tmp_path, case):
    units, text, _, _, en, it = CASES[case]
    scratch(*units)
    rules = load(_file(tmp_path, text))
    for lang, words in (("en", en), ("it", it)):
        for phrase in words:
            assert phrase in _said(rules, lang), (lang, phrase)


# ---- a condition: the lint asks it whether it can hold --------------------------------------
WORTH_FILE = ("extends: trentuno\nturn:\n  steps:\n    choose:\n"
              "      knock: {if: [{value_at_least: 40}]}\n"
              "triggers:\n  dealt-instant: null\n  instant: null\n"
              "  worth: {on: turn_end, if: {scratch_worth_at_least: 40}, do: win}\n")


@pytest.mark.parametrize(("worth", "warned"), [(40, True), (31, False)])
def test_the_lint_asks_a_condition_whether_it_can_hold(scratch, tmp_path, worth, warned):
    """No hand is worth 40: with the knock out of reach too, only the turn limit ends a
    hand, and `validate` says so. Before, the lint knew one condition by name (`holds`) and
    took any other for one that can hold; now it asks the unit (`may_hold`)."""
    from trentuno.engine.variants import check_all
    scratch(*scratch_trigger.UNITS)
    path = _file(tmp_path, WORTH_FILE.replace("at_least: 40}, do", f"at_least: {worth}}}, do"))
    _, problems, warnings = check_all(path)
    assert problems == []
    assert any("2,000-turn limit" in w.message for w in warnings) is warned, warnings


# ---- a guard: where nobody acts, by what it reads -------------------------------------------
def _dealt_file(guard: str) -> str:
    return ("extends: trentuno\ntriggers:\n"
            f"  dealt-instant: {{when: [{{{guard}}}]}}\n")


def test_a_guard_on_the_players_hand_is_refused_after_the_deal_by_what_it_reads(scratch,
                                                                                tmp_path):
    """After the deal nobody is acting: a guard reading the player's hand would be called
    without a player. The compiler asks the unit what it reads, so the scratch guard is
    refused there as `value_at_least` is, inside `not` and `any` too, and a guard reading the
    table is not."""
    scratch(*scratch_guard.UNITS)
    assert scratch_guard.SUITS_AT_MOST.reads is Reads.PLAYER
    for guard in ("scratch_suits_at_most: 1", "not: {scratch_suits_at_most: 1}",
                  "any: [{round_at_most: 1}, {scratch_suits_at_most: 1}]",
                  "value_at_least: 30"):
        said = _refused(tmp_path, _dealt_file(guard))
        assert "after the deal nobody is acting" in said and "reads the acting player's hand" \
            in said, (guard, said)
    rules = load(_file(tmp_path, _dealt_file("scratch_stock_at_least: 5")))
    assert rules.triggers["dealt"]


def test_a_scratch_guard_is_obeyed_in_play(scratch, tmp_path):
    """The knock is offered exactly when the mover's hand has at most two suits."""
    scratch(*scratch_guard.UNITS)
    rules = load(_file(tmp_path, GUARD_FILE))
    seen = {True: 0, False: 0}
    for seed in range(3):
        state = GameState(rules, 4, seed=seed)
        while not state.is_over and state.hand_number < 3:
            acts = state.legal_actions()
            p = state.current_player
            if state.step == "choose":
                suits = len({rules.deck.cards[c].suit for c in state.hands[p]})
                offered = any(a.role is KNOCK for a in acts)
                assert offered == (suits <= 2), (seed, suits, offered)
                seen[offered] += 1
            state.apply(next((a for a in acts if a.role is not KNOCK), acts[0]))
    assert seen[True] and seen[False], seen


# ---- a pattern kind: valued, scored and named ------------------------------------------------
def test_a_scratch_pattern_kind_values_hands_and_is_named_by_score_and_the_table(scratch,
                                                                                 tmp_path):
    scratch(*scratch_pattern.UNITS)
    path = _file(tmp_path, PATTERN_FILE)
    rules = load(path)
    value = rules.valuation.of(rules.deck.parse_hand("Rc 3d 5b"))
    assert (value.value, value.combo) == (28, "rainbow")
    assert rules.valuation.of(rules.deck.parse_hand("Rc 3c 5b")).combo == "suit"
    res = CliRunner().invoke(cli, ["score", path, "Rc 3d 5b", "--json"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert (json.loads(res.output)["value"], json.loads(res.output)["combo"]) == (28, "rainbow")
    for lang, label in (("en", "rainbow"), ("it", "arcobaleno")):
        res = CliRunner().invoke(cli, ["play", path, "--watch", "--seed", "2", "--lang", lang,
                                       "--bots", "greedy"], catch_exceptions=False)
        assert res.exit_code == 0, res.output
        assert re.search(rf"\b28 \({label}\)", res.output), res.output
    done = play_game(rules, 4, "greedy", seed=1)
    assert done.is_over


def test_a_rule_file_with_an_unknown_pattern_kind_is_refused_by_name(tmp_path):
    """Not registered, the scratch kind is one more unknown keyword: refused with the kinds
    there are."""
    with pytest.raises(RuleFileError) as e:
        load(_file(tmp_path, PATTERN_FILE))
    assert any("'scratch_rainbow' is not one of 'best_suit'" in p.message
               for p in e.value.problems), str(e.value)

