"""Every keyword is one complete unit: schema, compile step, names, words in English and Italian.

These tests are what makes "adding a keyword is one file" safe: a unit that lacks a part, a
checked-in schema or reference page that was not regenerated, or a keyword `explain` cannot say
fails here with the unit's kind and name in the message. The last tests register a scratch guard
in-process, as an author adding one would, and check that each of these failures points at it.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from trentuno.engine import keywords, schema_build
from trentuno.engine.explain import _Explainer, explain
from trentuno.engine.guards import GUARDS, GuardUnit, Reads
from trentuno.engine.keywords import (
    LANGS,
    Kind,
    Registry,
    Unit,
    each_unit,
    unit_problems,
)
from trentuno.engine.reference_doc import render_reference
from trentuno.engine.variants import load, load_merged

ROOT = Path(__file__).resolve().parent.parent
UNITS = [(reg, unit) for reg, unit in each_unit()]


def _id(pair: tuple[Registry[Any], Unit]) -> str:
    return f"{pair[1].kind.value}:{pair[1].name}"


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads((ROOT / "schema" / "ruleset.schema.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def trentuno():
    return load("trentuno")


def test_every_kind_has_units():
    kinds = {unit.kind for _, unit in UNITS}
    assert set(Kind) <= kinds, f"no units of {set(Kind) - kinds}"
    assert all(len(reg) for reg, _ in UNITS)


@pytest.mark.parametrize("pair", UNITS, ids=_id)
def test_every_unit_is_complete(pair, schema):
    reg, unit = pair
    assert unit_problems(unit, reg, schema["definitions"]) == []


@pytest.mark.parametrize("pair", UNITS, ids=_id)
def test_every_unit_has_an_example_its_schema_accepts(pair, schema):
    _, unit = pair
    if unit.schema is None:
        return  # a keyword without a parameter
    assert unit.example is not None, f"{_id(pair)} has no example parameter"
    fragment = dict(unit.schema, definitions=schema["definitions"])
    jsonschema.Draft7Validator(fragment).validate(unit.example)


@pytest.mark.parametrize("pair", UNITS, ids=_id)
@pytest.mark.parametrize("lang", LANGS)
def test_every_keyword_is_explained_in_both_languages(pair, lang, trentuno):
    reg, unit = pair
    words = _Explainer(trentuno, lang)
    for form in reg.forms:
        assert form in unit.words.get(lang, {}), (
            f"{_id(pair)} has no {form!r} phrase in {lang!r}")
        sample = reg.sample(unit, words)
        text = reg.say(unit.name, form, sample, words)
        assert isinstance(text, str), f"{_id(pair)}'s {form!r} phrase in {lang!r} is no text"
        assert text.strip(), (
            f"{_id(pair)} says nothing as {form!r} in {lang!r} for {sample!r}")
        assert not text.startswith(f"{unit.name}: ")  # the fallback of a keyword without words


def test_the_checked_in_schema_is_generated_from_the_units(schema):
    built = schema_build.build()
    stale = schema_build.differences(built, schema)
    assert not stale, (f"schema/ruleset.schema.json is out of date with the keyword units; "
                       f"run `{schema_build.COMMAND}`. Differences: {stale[:10]}")


def test_the_checked_in_reference_is_generated_from_the_units():
    page = (ROOT / "docs" / "reference.md").read_text("utf-8")
    assert page == render_reference(schema_build.build()), (
        f"docs/reference.md is out of date with the keyword units; run "
        f"`{schema_build.COMMAND}`")


def test_the_build_command_checks_and_writes(tmp_path, monkeypatch, capsys):
    # the checked-in files of this checkout: an installed package ships no docs/
    repo = Path(__file__).resolve().parent.parent
    monkeypatch.setattr(schema_build, "SCHEMA", repo / "schema" / "ruleset.schema.json")
    monkeypatch.setattr(schema_build, "REFERENCE", repo / "docs" / "reference.md")
    monkeypatch.setattr(schema_build, "SOURCE_ROOT", repo)
    assert schema_build.main(["--check"]) == 0
    monkeypatch.setattr(schema_build, "SCHEMA", tmp_path / "ruleset.schema.json")
    monkeypatch.setattr(schema_build, "REFERENCE", tmp_path / "reference.md")
    monkeypatch.setattr(schema_build, "SOURCE_ROOT", tmp_path)
    (tmp_path / "ruleset.schema.json").write_text("{}", "utf-8")
    (tmp_path / "reference.md").write_text("", "utf-8")
    assert schema_build.main(["--check"]) == 1
    assert "ruleset.schema.json is out of date" in capsys.readouterr().err
    assert schema_build.main(["--write"]) == 0
    assert schema_build.main(["--check"]) == 0


# ---- a scratch guard, added as an author would -------------------------------------------
def _scratch_fewer_cards(n: int, ctx: Any) -> Any:
    return lambda st, p: len(st.hands[p]) < n


SCRATCH_WORDS = {
    "en": {"adverb": lambda n, w: f"only with fewer than {w.cards(n)} in hand",
           "clause": lambda n, w: f"he holds fewer than {w.cards(n)}"},
    "it": {"adverb": lambda n, w: f"solo con meno di {w.cards(n)} in mano",
           "clause": lambda n, w: f"ha in mano meno di {w.cards(n)}"},
}


def _scratch(words: dict) -> Unit:
    return GuardUnit(kind=Kind.GUARD, name="scratch_fewer_cards",
                     description="The player holds fewer than this many cards.",
                     schema={"type": "integer", "minimum": 1}, compile=_scratch_fewer_cards,
                     words=words, example=4, reads=Reads.PLAYER)


@pytest.fixture
def registered() -> Iterator[Any]:
    """Register scratch units (each in its kind's registry) for one test, then take them out
    again."""
    from trentuno.engine.keywords import REGISTRIES
    added: list[Unit] = []

    def add(unit: Unit) -> Unit:
        REGISTRIES[unit.kind].add(unit)
        added.append(unit)
        return unit
    yield add
    for unit in added:
        REGISTRIES[unit.kind].remove(unit.name)


def test_a_scratch_guard_without_italian_words_is_named(registered):
    unit = registered(_scratch({"en": SCRATCH_WORDS["en"]}))
    assert unit_problems(unit, GUARDS) == [
        "guard 'scratch_fewer_cards' has no words in 'it' (explain cannot say it)"]


def test_a_scratch_guard_missing_a_phrase_is_named(registered):
    unit = registered(_scratch({"en": SCRATCH_WORDS["en"],
                                "it": {"adverb": SCRATCH_WORDS["it"]["adverb"]}}))
    assert unit_problems(unit, GUARDS) == [
        "guard 'scratch_fewer_cards' has no 'clause' phrase in 'it'"]


def test_a_scratch_guard_without_description_or_compile_is_named(registered):
    unit = registered(GuardUnit(kind=Kind.GUARD, name="scratch_fewer_cards", description="",
                                schema={"type": "integer"}, compile=None,
                                words=SCRATCH_WORDS, example=4, reads=Reads.PLAYER))
    problems = unit_problems(unit, GUARDS)
    assert any("'scratch_fewer_cards' has no description" in p for p in problems)
    assert any("'scratch_fewer_cards' has no compile step" in p for p in problems)


def test_a_scratch_guard_makes_the_checked_in_schema_stale(registered, schema):
    registered(_scratch(SCRATCH_WORDS))
    stale = schema_build.differences(schema_build.build(), schema)
    assert stale == [("/definitions/guard/properties/scratch_fewer_cards: "
                     "missing from the checked-in file")]
    assert "scratch_fewer_cards" not in (ROOT / "docs" / "reference.md").read_text("utf-8")
    assert "`scratch_fewer_cards`" in render_reference(schema_build.build())


def _with_choices(monkeypatch: Any, tmp_path: Path, *options: str) -> Any:
    """Trentuno whose first step offers `options` (YAML flow mappings), loaded and validated
    with the schema built from the units as they are now (scratch ones included)."""
    built = schema_build.build()
    from trentuno.engine import variants
    monkeypatch.setattr(variants, "schema", lambda: built)
    monkeypatch.setattr(variants, "_validator", lambda: jsonschema.Draft7Validator(built))
    text = "extends: trentuno\nname: scratch\nturn:\n  steps:\n    choose:\n" + "".join(
        f"      - {o}\n" for o in options)
    path = tmp_path / "scratch.yaml"
    path.write_text(text, "utf-8")
    return load(str(path))


def _said(rules: Any, lang: str) -> str:
    return " ".join(line for s in explain(rules, lang) for line in s.lines)


def test_a_complete_scratch_guard_is_validated_compiled_and_explained(registered, monkeypatch,
                                                                     tmp_path):
    registered(_scratch(SCRATCH_WORDS))
    rules = _with_choices(monkeypatch, tmp_path, "{do: draw, from: stock, then: discard}",
                          "{do: knock, if: [{scratch_fewer_cards: 4}]}")
    for lang, words in (("en", "only with fewer than 4 cards in hand"),
                        ("it", "solo con meno di 4 carte in mano")):
        assert words in _said(rules, lang)
    guard = rules.steps["choose"].options[1].guards[0]
    assert guard.__code__ is _scratch_fewer_cards(4, None).__code__


def test_a_guard_naming_an_undeclared_zone_is_refused_generically(registered):
    from trentuno.engine.keywords import Ref
    registered(GuardUnit(kind=Kind.GUARD, name="scratch_zone_empty",
                         description="The zone is empty.",
                         schema={"$ref": "#/definitions/identifier"},
                         compile=lambda z, ctx: (lambda st, p: not st.zones[z]),
                         refs=(Ref("zone"),), words=SCRATCH_WORDS, example="stock",
                         reads=Reads.TABLE))
    import copy

    from trentuno.engine.compiler import CompileProblems, compile_document
    data = copy.deepcopy(load_merged("trentuno").data)
    data["turn"]["steps"]["choose"][0]["if"] = [{"scratch_zone_empty": "nowhere"}]
    with pytest.raises(CompileProblems) as e:
        compile_document(data)
    assert [(p, m) for p, m in e.value.problems if "nowhere" in m] == [
        (("turn", "steps", "choose", 0, "if", 0, "scratch_zone_empty"),
         "no zone named 'nowhere' (zones: stock, discard)")]


# ---- a scratch primitive, added as an author would -----------------------------------------
def _draw_bottom_apply(st: Any, opt: Any, action: Any, p: int) -> None:
    card = st.zones[opt.zone].pop(0)
    st.hands[p].append(card)
    st.masks[p] |= 1 << card
    st.just_drawn = card


DRAW_BOTTOM_WORDS = {
    "en": {"option": lambda o, w: f"takes the bottom card of {w.zone(o.zone).the('en')}"},
    "it": {"option": lambda o, w: f"prende la carta in fondo {w.zone(o.zone).prep('it', 'a')}"},
}


def _draw_bottom(words: dict, schema: Any = None) -> Any:
    from trentuno.engine.keywords import Ref
    from trentuno.engine.primitives import Primitive, _as_given, _no_cards, _single_if_zone
    from trentuno.engine.roles import DRAW
    return Primitive(
        kind=Kind.PRIMITIVE, name="scratch_draw_bottom",
        description="bottom card of a zone to the hand", schema=schema,
        compile=_as_given, refs=(Ref("zone", ("from",)),), example={"from": "stock"},
        keys=_no_cards, lister=_single_if_zone, apply=_draw_bottom_apply, zone_param="from",
        shape="if_zone", role=DRAW, words=words)


DRAW_BOTTOM_SCHEMA = {"properties": {"from": {"$ref": "#/definitions/identifier",
                                              "description": "the zone drawn from."}},
                      "required": ["from"]}


def test_a_scratch_primitive_without_schema_or_italian_words_is_named():
    from trentuno.engine.primitives import PRIMITIVES
    unit = _draw_bottom({"en": DRAW_BOTTOM_WORDS["en"]})
    with pytest.raises(ValueError, match="'scratch_draw_bottom' has no schema"):
        PRIMITIVES.add(unit)
    assert "scratch_draw_bottom" not in PRIMITIVES
    assert unit_problems(unit, PRIMITIVES) == [
        ("primitive 'scratch_draw_bottom' has no schema: a primitive takes a parameter, and "
         "its unit declares the JSON Schema of it ({'properties': {}} when it takes none)"),
        "primitive 'scratch_draw_bottom' has no words in 'it' (explain cannot say it)",
        ("primitive 'scratch_draw_bottom' names a zone at from, a key its schema does not "
        "declare")]


def test_a_complete_scratch_primitive_is_validated_compiled_explained_and_played(
        registered, monkeypatch, tmp_path, schema):
    from trentuno.engine import GameState
    from trentuno.engine.primitives import PRIMITIVES
    unit = registered(_draw_bottom(DRAW_BOTTOM_WORDS, DRAW_BOTTOM_SCHEMA))
    assert unit_problems(unit, PRIMITIVES, schema["definitions"]) == []
    built = schema_build.build()
    assert "scratch_draw_bottom" in built["definitions"]["option"]["properties"]["do"]["enum"]
    assert schema_build.differences(built, schema), "the checked-in schema is not stale"
    choices = ("{do: scratch_draw_bottom, from: stock, then: discard}",
               "{do: knock, if: [{round_at_least: 2}]}")
    rules = _with_choices(monkeypatch, tmp_path, *choices)
    for lang, words in (("en", "Takes the bottom card of the stock; then"),
                        ("it", "Prende la carta in fondo al tallone; poi")):
        assert words in _said(rules, lang)
    state = GameState(rules, players=4, seed=1)
    bottom = state.zones["stock"][0]
    move = next(a for a in state.legal_actions() if a.kind == "scratch_draw_bottom")
    state.apply(move)
    assert state.just_drawn == bottom and state.step == "discard"
    from trentuno.engine.errors import RuleFileError
    with pytest.raises(RuleFileError, match="no zone named 'nowhere'"):
        _with_choices(monkeypatch, tmp_path, choices[0].replace("stock", "nowhere"),
                      choices[1])


def test_the_units_are_listed_in_one_order_whatever_module_is_imported_first():
    """A registry lists its units by UNIT_MODULES, not by the order modules happened to be
    imported in: a command that imports one unit module before the others (`compile_triggers`
    before `primitives`, say) builds the same schema, reference and explain as any other."""
    code = ("import importlib, json, sys\n"
            "importlib.import_module('trentuno.engine.' + sys.argv[1])\n"
            "from trentuno.engine import schema_build\n"
            "print(json.dumps(schema_build.build()))\n")
    firsts = [*keywords.UNIT_MODULES, "compile_triggers", "compile_turn", "bots", "explain"]
    built = {}
    for first in firsts:
        done = subprocess.run([sys.executable, "-c", code, first], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0, done.stderr
        built[first] = done.stdout
    assert len(set(built.values())) == 1, {k: hash(v) for k, v in built.items()}
