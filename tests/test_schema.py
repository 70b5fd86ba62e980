"""The ruleset JSON Schema (schema/ruleset.schema.json) and the reference page made from it.

The schema is tested on its own, with `jsonschema.Draft7Validator`, independently of the
engine's loader: it is also what editors (the YAML language server, draft-07) check files with.
"""
from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft7Validator
from trentuno.engine.reference_doc import GENERATED_BY, render_reference


# ---- loading ------------------------------------------------------------------------------
class _Yaml12SafeLoader(yaml.SafeLoader):
    """`yaml.safe_load`, except that only true/false are booleans (YAML 1.2, as the engine's
    loader and the YAML language server read files). `yaml.safe_load` follows YAML 1.1, where
    the key `on:` of every trigger becomes the boolean True."""


_Yaml12SafeLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12SafeLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=_Yaml12SafeLoader)  # a SafeLoader: builds plain data only


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads((files("trentuno.schema") / "ruleset.schema.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def validator(schema) -> Draft7Validator:
    return Draft7Validator(schema)


@pytest.fixture(scope="module")
def trentuno() -> dict:
    return load_yaml((files("trentuno.variants") / "trentuno.yaml").read_text("utf-8"))


def errors(validator: Draft7Validator, doc: Any) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(doc)]


def changed(doc: dict, path: tuple, value: Any) -> dict:
    """A deep copy of `doc` with the value at `path` (keys and list indices) replaced."""
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def without(doc: dict, *keys: str) -> dict:
    out = copy.deepcopy(doc)
    for key in keys:
        out.pop(key)
    return out


# ---- the schema itself --------------------------------------------------------------------
def walk(node: Any, path: str = "#") -> Iterator[tuple[str, dict]]:
    """Every subschema (every dict) of the schema document, with its JSON-pointer-ish path."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}")


def test_schema_is_valid_draft_07(schema):
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == "https://trentuno.example/schema/ruleset.schema.json"
    assert schema["title"] and schema["description"]


def test_schema_uses_no_keyword_newer_than_draft_07(schema):
    newer = {"$defs", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
             "unevaluatedItems", "prefixItems", "$anchor", "$dynamicRef", "$recursiveRef",
             "minContains", "maxContains"}
    for path, node in walk(schema):
        if path.endswith("/properties"):
            continue  # property names, not keywords
        assert not newer & set(node), f"{path} uses {newer & set(node)}"
    refs = [node["$ref"] for _, node in walk(schema) if isinstance(node.get("$ref"), str)]
    assert refs and all(r.startswith("#/definitions/") for r in refs)
    for r in refs:
        assert r.split("/")[-1] in schema["definitions"], r


def test_every_property_has_a_description(schema):
    missing = []
    for path, node in walk(schema):
        props = node.get("properties")
        if not isinstance(props, dict) or path.endswith("/properties"):
            continue
        for key, prop in props.items():
            text = prop.get("description") if isinstance(prop, dict) else None
            if not isinstance(text, str) or not text.strip():
                missing.append(f"{path}/properties/{key}")
    assert not missing, "properties without a description:\n" + "\n".join(missing)


def test_every_object_is_closed(schema):
    """An object with properties refuses other keys; a map checks its keys' names."""
    for path, node in walk(schema):
        types = node.get("type")
        types = types if isinstance(types, list) else [types]
        if "object" not in types or path.endswith("/properties"):
            continue
        if "properties" in node:
            assert node.get("additionalProperties") is False, f"{path} is open"
        else:
            assert "propertyNames" in node, f"{path}: a map without a rule for its keys"
            assert isinstance(node.get("additionalProperties"), dict), f"{path} is open"


# ---- what it accepts ----------------------------------------------------------------------
def test_the_trentuno_ruleset_validates(validator, trentuno):
    assert errors(validator, trentuno) == []


def test_an_overlay_may_be_partial(validator):
    assert errors(validator, {"extends": "trentuno", "stakes": {"lives": 5}}) == []


def test_an_overlay_may_delete_with_null(validator):
    overlay = {"extends": "trentuno", "ranking": None, "zones": {"discard": None},
               "stakes": {"reentry": None}, "settle": {"showdown": {"ties": None}},
               "deck": {"preset": None, "suits": [{"code": "h"}],
                        "ranks": [{"code": "A", "value": 11}]}}
    assert errors(validator, overlay) == []


def test_null_is_refused_in_a_complete_ruleset(validator, trentuno):
    assert errors(validator, changed(trentuno, ("ranking",), None))
    assert errors(validator, changed(trentuno, ("stakes", "lives"), None))
    assert errors(validator, changed(trentuno, ("settle", "win", "lives"), None))


def test_rank_codes_may_be_yaml_integers(validator, trentuno):
    doc = load_yaml("""
        deck:
          preset: french-52
          remove: [8, 9, 10, Jd]
          values: {A: 1, 7: 7.5}
        hand:
          patterns:
            - {name: tris, kind: same_rank, ranks: [7, 10, K], value: 30.5}
            - {name: suit, kind: best_suit, value: sum}
    """)
    assert errors(validator, {**trentuno, **doc}) == []
    assert errors(validator, changed(trentuno, ("deck", "remove"), [11]))


def test_an_explicit_deck_validates(validator, trentuno):
    deck = load_yaml("""
        suits: [{code: h, name: {en: hearts}}, {code: s}]
        ranks: [{code: 7, value: 7}, {code: "10", value: 10}, {code: A, value: 11}]
        copies: 2
    """)
    assert errors(validator, changed(trentuno, ("deck",), deck)) == []


def test_a_deck_is_a_preset_or_explicit_never_both(validator, trentuno):
    mixed = {"preset": "italian-40", "suits": [{"code": "h"}],
             "ranks": [{"code": "A", "value": 11}]}
    assert errors(validator, changed(trentuno, ("deck",), mixed))
    assert errors(validator, changed(trentuno, ("deck",), {"values": {"A": 1}}))


def test_kind_dependent_pattern_parameters(validator, trentuno):
    def with_pattern(pattern):
        return errors(validator, changed(trentuno, ("hand", "patterns", 1), pattern))

    assert with_pattern({"name": "tris", "kind": "same_rank", "value": 30,
                         "wild": ["Fc"], "min_natural": 2}) == []
    assert with_pattern({"name": "g", "kind": "rank_groups", "value": 31, "tier": 2,
                         "groups": [["A"], ["F", "C", "R"], ["F", "C", "R"]]}) == []
    assert with_pattern({"name": "g", "kind": "rank_groups", "value": 31})  # needs groups
    assert with_pattern({"name": "t", "kind": "same_rank", "value": 30, "sum": 30})
    assert with_pattern({"name": "t", "kind": "best_suit", "wild": ["7d"]}) == []  # a matta
    assert with_pattern({"name": "t", "kind": "best_suit", "wild": ["7d"], "min_natural": 2})
    assert with_pattern({"name": "g", "kind": "rank_groups", "value": 31, "wild": ["7d"],
                         "groups": [["A"], ["F", "C", "R"], ["F", "C", "R"]]})
    assert with_pattern({"name": "t", "kind": "same_rank", "value": 30, "min_natural": 1})


def test_each_primitive_takes_only_its_own_parameters(validator, trentuno):
    def with_option(option):
        return errors(validator, changed(trentuno, ("turn", "steps", "choose", 0), option))

    assert with_option({"do": "swap", "with": "discard", "then": "discard"}) == []
    assert with_option({"do": "swap_all", "with": "discard", "effects": [{"knock": True}]}) == []
    assert with_option({"do": "discard", "to": "discard", "not_just_drawn": True}) == []
    assert with_option({"do": "pass", "label": {"it": "Passo"}}) == []
    assert with_option({"do": "draw"})  # needs from
    assert with_option({"do": "pass", "from": "stock"})
    assert with_option({"do": "knock", "with": "discard"})
    assert with_option({"do": "swap", "with": "discard", "not_just_drawn": True})


def test_draw_with_a_with_parameter_is_refused(validator, trentuno):
    option = {"do": "draw", "from": "stock", "with": "discard", "then": "discard"}
    found = errors(validator, changed(trentuno, ("turn", "steps", "choose", 0), option))
    assert found and any("with" in e for e in found)


def test_guards_effects_and_conditions_nest(validator, trentuno):
    option = load_yaml("""
        do: knock
        if:
          - not: {any: [{first_turn: true}, {zone_size_at_least: {zone: stock, count: 2}}]}
          - {value_at_least: 25}
          - {round_at_most: 9}
          - {zone_hidden: stock}
        effects: [{knock: true}, {reveal: discard}, {move: {from: stock, to: discard}}]
    """)
    triggers = load_yaml("""
        - {on: all_passed, if: {zone_matches: {zone: discard, ranks: [7, 8, 9]}},
           do: {refresh: discard}}
        - {on: dealt, if: {zone_holds: {zone: discard, pattern: instant}}, do: win,
           winner: dealer}
        - {on: dealt, if: {holds: instant}, do: win, best_only: true}
    """)
    doc = changed(trentuno, ("turn", "steps", "choose", 2), option)
    doc = changed(doc, ("triggers",), triggers)
    assert errors(validator, doc) == []


# ---- what it refuses ----------------------------------------------------------------------
@pytest.mark.parametrize("path", [
    (),                                     # top level
    ("turn", "steps", "choose", 0),         # a turn option
    ("hand", "patterns", 0),                # a pattern
    ("turn", "steps", "choose", 2, "if", 0),  # a guard
    ("triggers", 0),                        # a trigger
    ("triggers", 0, "if"),                  # a trigger condition
    ("deck",), ("seating",), ("stakes",), ("settle", "win"), ("zones", "stock"),
])
def test_unknown_keys_are_refused(validator, trentuno, path):
    doc = copy.deepcopy(trentuno)
    target = doc
    for key in path:
        target = target[key]
    target["colour"] = "blue"
    found = errors(validator, doc)
    assert found and any("colour" in e for e in found), found


def test_unknown_keys_are_refused_in_an_overlay(validator):
    assert errors(validator, {"extends": "trentuno", "stakes": {"lifes": 5}})
    assert errors(validator, {"extends": "trentuno", "colour": "blue"})


@pytest.mark.parametrize("path, value", [
    (("seating", "play"), "sideways"),
    (("seating", "first_dealer"), "oldest"),
    (("deck", "preset"), "tarot-78"),
    (("zones", "stock", "visibility"), "secret"),
    (("turn", "steps", "discard", 0, "do"), "burn"),
    (("hand", "patterns", 0, "kind"), "straight"),
    (("triggers", 0, "on"), "shuffle"),
    (("triggers", 0, "do"), "explode"),
    (("stakes", "mode"), "chips"),
    (("settle", "showdown", "pay"), "highest"),
    (("settle", "showdown", "ties"), "coin_flip"),
    (("knock", "last_turns"), "everybody"),
])
def test_a_wrong_enum_value_is_refused(validator, trentuno, path, value):
    assert errors(validator, changed(trentuno, path, value))


def test_a_guard_with_two_keys_is_refused(validator, trentuno):
    guards = [{"round_at_least": 2, "nobody_knocked": True}]
    assert errors(validator, changed(trentuno, ("turn", "steps", "choose", 2, "if"), guards))
    nested = [{"not": {"any": [{"first_turn": True, "round_at_most": 2}]}}]
    assert errors(validator, changed(trentuno, ("turn", "steps", "choose", 2, "if"), nested))
    assert errors(validator, changed(trentuno, ("turn", "steps", "choose", 2, "if"), [{}]))


def test_effects_and_conditions_take_exactly_one_key(validator, trentuno):
    two_effects = [{"knock": True, "reveal": "stock"}]
    assert errors(validator, changed(trentuno, ("turn", "steps", "choose", 2, "effects"),
                                     two_effects))
    two_conditions = {"holds": "instant", "zone_holds": {"zone": "discard", "pattern": "x"}}
    assert errors(validator, changed(trentuno, ("triggers", 0, "if"), two_conditions))


def test_a_ruleset_without_deck_and_without_extends_is_refused(validator, trentuno):
    found = errors(validator, without(trentuno, "deck"))
    assert found and any("deck" in e for e in found)


@pytest.mark.parametrize("key", ["name", "title", "players", "deck", "hand", "turn",
                                 "settle", "stakes", "end"])
def test_every_required_section_is_required(validator, trentuno, key):
    assert errors(validator, without(trentuno, key))


@pytest.mark.parametrize("path, value", [
    (("name",), "Trentuno"),
    (("name",), "31"),
    (("zones",), {"Stock": {"visibility": "hidden"}}),
    (("zones",), {"players": {"visibility": "hidden"}}),
    (("deck", "remove"), ["AH"]),
    (("players", "max"), 53),
    (("players", "min"), 1),
    (("hand", "patterns", 1, "ranks"), ["a"]),
    (("hand", "patterns", 1, "value"), "thirty"),
    (("turn", "steps", "choose", 2, "label"), {}),
    (("turn", "steps", "choose", 2, "label"), {"de": "Klopfen"}),
    (("stakes",), {"mode": "pot", "ante": 1, "bankroll": 20, "lives": 3}),
    (("stakes",), {"mode": "pot", "ante": 1}),
    (("ranking",), {"tiebreak": ["suit"]}),
    (("end",), {}),
])
def test_wrong_values_are_refused(validator, trentuno, path, value):
    assert errors(validator, changed(trentuno, path, value))


def test_a_ruleset_file_carries_no_schema_key(validator, trentuno):
    """Rule files name their schema in a `# yaml-language-server: $schema=...` comment."""
    assert errors(validator, {**trentuno, "$schema": "../schema/ruleset.schema.json"})


# ---- the reference page -------------------------------------------------------------------
def test_the_reference_page_is_generated_from_the_schema(schema):
    page = Path(__file__).parent.parent / "docs" / "reference.md"
    expected = render_reference(schema)
    actual = page.read_text("utf-8") if page.exists() else ""
    assert actual == expected, (
        f"docs/reference.md is out of date with schema/ruleset.schema.json; regenerate it "
        f"from the project root with: {GENERATED_BY}")


def test_the_reference_page_documents_every_top_level_key(schema):
    page = render_reference(schema)
    assert page.endswith("\n") and not page.endswith("\n\n")
    for key, prop in schema["properties"].items():
        assert f"| `{key}` |" in page
        assert " ".join(prop["description"].split()) in page
    for name in ("pattern", "option", "guard", "trigger", "settle_rule", "label"):
        assert f"# {name}\n" in page


# ---- the compiled rules' closed word sets are the schema's ---------------------------------
@pytest.mark.parametrize("type_name, where", [
    ("Visibility", ("zone", "visibility")),
    ("Owner", ("zone", "owner")),
    ("ReentryWho", ("reentry", "who")),
    ("FirstDealer", ("seating", "first_dealer")),
    ("Opener", ("turn", "opening", "player")),
])
def test_the_typed_words_of_the_compiled_rules_are_the_schemas(schema, type_name, where):
    """rules.py types the closed sets of words it holds (`Literal`s, checked by mypy); a value
    the schema adds or drops must change the type too, or the type checker checks a lie."""
    from typing import get_args

    from trentuno.engine import rules
    definition, *keys = where
    node = schema["definitions"][definition]
    for key in keys:
        node = node["properties"][key]
    allowed = {v for v in node["enum"] if v is not None}
    assert set(get_args(getattr(rules, type_name))) == allowed
