"""Build the published ruleset schema from its skeleton and the keyword units.

`schema/ruleset.skeleton.json` holds what is not a keyword (the sections, their plain keys,
the common types); every keyword's entry (a guard's key, a primitive's value of `do` and its
parameters, a pattern kind, a policy...) comes from its unit in `engine/keywords` registries.
The result is checked in as `schema/ruleset.schema.json` (what editors and `validate` read),
and a test fails when the two are out of step. Regenerate both generated files with:

    python -m <package>.engine.schema_build --write   (see COMMAND)

(it also rewrites docs/reference.md from the new schema).
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .atomic import write_atomically
from .keywords import Kind, Registry, Unit, registries

SOURCE_ROOT = Path(__file__).resolve().parent.parent
SKELETON = SOURCE_ROOT / "schema" / "ruleset.skeleton.json"
SCHEMA = SOURCE_ROOT / "schema" / "ruleset.schema.json"
REFERENCE = SOURCE_ROOT / "docs" / "reference.md"
PACKAGE = (__package__ or "engine").rsplit(".", 1)[0]
COMMAND = f"python -m {PACKAGE}.engine.schema_build --write"

Schema = dict[str, Any]


def described(description: str, fragment: Mapping[str, Any] | None) -> Schema:
    """A property schema with its description. A `$ref` is wrapped in `allOf` because draft-07
    ignores the keys beside a `$ref` (the description would be lost in editors)."""
    if fragment is None:
        return {"description": description}
    if "$ref" in fragment:
        return {"description": description, "allOf": [dict(fragment)]}
    return {"description": description, **copy.deepcopy(dict(fragment))}


def one_key_properties(registry: Registry[Unit]) -> Schema:
    """The properties of an object with exactly one key per unit (a guard, an effect)."""
    return {u.name: described(u.description, u.schema) for u in registry.units()}


def fill_one_key(definition: Schema, registry: Registry[Unit]) -> None:
    definition["properties"] = one_key_properties(registry)


def _modes(unit: Unit) -> str:
    """`; pot games only` for a policy that has a meaning in some stakes modes only (of those
    that settle hands by policies)."""
    from .stakes_modes import MODES
    modes = getattr(unit, "modes", None)
    if not modes or set(modes) >= {m.name for m in MODES.units() if m.chooses is not None}:
        return ""
    return f"; {' and '.join(sorted(modes))} games only"


def choices(units: list[Unit]) -> str:
    """`a (what a is), b (...) or c (...)`: the values of a keyword, in words."""
    items = [f"{u.name} ({u.description}{_modes(u)})" for u in units]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def fill_choice(prop: Schema, units: list[Unit]) -> None:
    """A property whose value names a unit (`kind:`, `do:`, `on:`, `pay:`): its enum, and its
    description from the skeleton's template, where `{choices}` lists the units; when a unit
    says `default = True`, the property's `default` is its name (`{default}` in the
    template)."""
    default = next((u.name for u in units if getattr(u, "default", False)), None)
    prop["description"] = prop["description"].format(choices=choices(units), default=default)
    nullable = None in prop.get("enum", ())
    prop["enum"] = [u.name for u in units] + ([None] if nullable else [])
    if default is not None:
        prop["default"] = default


def _users(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def fill_by_name(definition: Schema, selector: str, condition: str,
                 registry: Registry[Unit]) -> None:
    """An object whose `selector` key names a unit that takes sibling keys (a pattern's
    `kind`, an option's `do`): the selector's enum, every unit's keys as properties (a key
    several units share is described once, saying which units use it), and one if/then per
    unit allowing exactly the common keys and its own."""
    units = registry.units()
    props = definition["properties"]
    common = list(props)
    fill_choice(props[selector], units)
    params: dict[str, list[tuple[str, Schema, bool]]] = {}
    for u in units:
        schema = u.schema or {}
        required = set(schema.get("required") or ())
        for key, frag in (schema.get("properties") or {}).items():
            params.setdefault(key, []).append((u.name, dict(frag), key in required))
        for key, needs in (schema.get("dependencies") or {}).items():
            definition.setdefault("dependencies", {})[key] = list(needs)
    for key, uses in params.items():
        shapes = [{k: v for k, v in f.items() if k != "description"} for _, f, _ in uses]
        if any(shape != shapes[0] for shape in shapes):
            raise ValueError(f"{selector} values {_users([n for n, _, _ in uses])} give the "
                             f"key {key!r} different schemas: use one, or another name")
        by_words: dict[str, list[str]] = {}
        for name, frag, _ in uses:
            by_words.setdefault(frag.get("description", ""), []).append(name)
        needed = {name for name, _, req in uses if req}
        only = "" if len(by_words) > 1 else " only"
        parts = []
        for words, names in by_words.items():
            there = ", required there" if set(names) <= needed else ""
            parts.append(f"{_users(names)}{only}{there}: {words}")
        props[key] = described(" ".join(parts), shapes[0])
    conditions = []
    for u in units:
        schema = u.schema or {}
        own = list(schema.get("properties") or {})
        then: Schema = {"propertyNames": {"enum": common + own}}
        if schema.get("required"):
            then["required"] = list(schema["required"])
        conditions.append({
            "if": {"required": [selector], "properties": {selector: {
                "description": f"Condition: {condition} is {u.name}.", "const": u.name}}},
            "then": then})
    definition["allOf"] = conditions


def fill_take_rules(takes: Schema, registry: Registry[Unit]) -> None:
    """`takes:` of a capture: the take rules' keys after its own, each with its words."""
    takes["properties"].update({u.name: dict(u.schema or {}, description=u.description)
                                for u in registry.units()})


def fill_outcomes(schema: Schema, registry: Registry[Unit]) -> None:
    """A trigger's `do`: a plain name for an outcome without a parameter, a one-key object
    (`{refresh: ZONE}`) for one with, each such object a definition named after it."""
    prop = schema["definitions"]["trigger"]["properties"]["do"]
    units = registry.units()
    prop["description"] = prop["description"].format(choices=choices(units))
    plain = [u.name for u in units if u.schema is None]
    alternatives: list[Schema] = [{"type": "string", "enum": plain}] if plain else []
    made: dict[str, Schema] = {}
    for u in units:
        if u.schema is None:
            continue
        fragment = dict(u.schema)
        words = fragment.pop("description", "Its parameter. Required.")
        made[u.name] = {"type": "object", "description": f"The outcome {u.name}: "
                        f"{u.description}.", "properties": {u.name: described(words, fragment)},
                        "additionalProperties": False, "required": [u.name]}
        alternatives.append({"$ref": f"#/definitions/{u.name}"})
    prop["anyOf"] = alternatives
    insert_before(schema, "trigger", made)  # the outcomes' objects just before `trigger`


def insert_before(schema: Schema, before: str, made: Schema) -> None:
    """Definitions made from units, placed just before the definition that uses them (the
    reference page lists them in that order)."""
    rebuilt: Schema = {}
    for name, d in schema["definitions"].items():
        if name == before:
            rebuilt.update(made)
        rebuilt[name] = d
    schema["definitions"] = rebuilt


def _with_default(prop: Schema, value: Any) -> None:
    """A property's `default`, and its words: "... Default 1."."""
    prop["default"] = value
    prop["description"] += f" Default {value if isinstance(value, str) else json.dumps(value)}."


def _defaults_in_words(registry: Registry[Any], modes: Registry[Any]) -> tuple[str, Any]:
    """The default policy of a settle rule in words, by stakes mode ("others for win and lowest
    for showdown in lives and points games, highest_takes in pot games"), and the one default
    for the schema's `default` when every mode and settle key has the same, else None."""
    from .settlement import SETTLE_KEYS, default_policy
    groups: dict[tuple[str, ...], list[str]] = {}
    for mode in modes.units():
        if mode.chooses is not None:  # a mode that settles hands by policies
            names = tuple(getattr(default_policy(registry, key, mode), "name", "")
                          for key in SETTLE_KEYS)
            groups.setdefault(names, []).append(mode.name)

    def said(names: tuple[str, ...]) -> str:
        if len(set(names)) == 1:
            return names[0]
        return " and ".join(f"{name} for {key}" for name, key in zip(names, SETTLE_KEYS))
    if len(groups) == 1:
        (names,) = groups
        return said(names), names[0] if len(set(names)) == 1 else None
    return ", ".join(f"{said(names)} in {' and '.join(users)} games"
                     for names, users in groups.items()), None


def fill_settle_rule(props: Schema, pays: Registry[Any], ties: Registry[Any],
                     modes: Registry[Any]) -> None:
    """A settle rule: its pay and tie policies (the defaults as the policies declare them) and
    the defaults of its amounts (settlement.RULE_DEFAULTS)."""
    from .settlement import RULE_DEFAULTS
    for key, registry in (("pay", pays), ("ties", ties)):
        fill_choice(props[key], registry.units())
        words, one = _defaults_in_words(registry, modes)
        props[key]["description"] += f" Default {words}."
        if one is not None:
            props[key]["default"] = one
    for key, value in RULE_DEFAULTS.items():
        _with_default(props[key], value)
    for unit in pays.units():  # the keys a pay policy takes (`below`, `places`)
        for key, frag in ((unit.schema or {}).get("properties") or {}).items():
            props[key] = copy.deepcopy(frag)


def fill_modes(schema: Schema, registry: Registry[Any]) -> None:
    """`stakes`: its `mode` (one value per unit) and every key a mode takes, with the mode's
    words and default; the definitions the modes bring, before `stakes`; and what a complete
    ruleset's stakes and sections must be in each mode."""
    from .stakes_modes import DEFAULT, key_words
    modes = registry.units()
    props = schema["definitions"]["stakes"]["properties"]
    fill_choice(props["mode"], modes)
    _with_default(props["mode"], DEFAULT)
    for mode in modes:
        for key, own in mode.keys.items():
            props[key] = {"description": key_words(mode, key), **copy.deepcopy(dict(own.schema))}
    insert_before(schema, "stakes", {name: copy.deepcopy(dict(d)) for m in modes
                                     for name, d in m.definitions.items()})
    complete = schema["else"]["allOf"]
    sections = next(e for e in complete if "deck" in (e.get("properties") or {}))
    sections["properties"]["stakes"] = complete_stakes(modes)
    complete.append(complete_sections(modes))


def _mode_is(names: list[str], what: str) -> Schema:
    """The condition "the stakes' mode is one of `names`" (`what`: the words of it)."""
    return {"required": ["mode"], "properties": {"mode": {
        "description": f"Condition: {what}.", "enum": names}}}


def complete_stakes(modes: list[Any]) -> Schema:
    """A complete ruleset's stakes: a mode that requires keys of its own takes only those
    (pot: ante and bankroll); any other takes the keys of the modes that require none."""
    needy = [m for m in modes if any(k.required for k in m.keys.values())]
    rest = [m for m in modes if m not in needy]
    checks: list[Schema] = []
    for m in needy:
        then: Schema = {"required": [k for k, own in m.keys.items() if own.required],
                        "propertyNames": {"enum": ["mode", *m.keys]}}
        own_parts = {k: dict(own.complete) for k, own in m.keys.items() if own.complete}
        if own_parts:
            then["properties"] = own_parts
        checks.append({"if": _mode_is([m.name], f"{m.name} mode"), "then": then})
    keys = {k: own for m in rest for k, own in m.keys.items()}
    others: Schema = {"propertyNames": {"enum": ["mode", *keys]}}
    parts = {k: dict(own.complete) for k, own in keys.items() if own.complete}
    if parts:
        others["properties"] = parts
    checks.append({"if": _mode_is([m.name for m in needy], "a mode that requires keys"),
                   "else": others})
    said = "; ".join(f"{m.name} mode needs {' and '.join(checks[i]['then']['required'])} "
                     f"and takes no other mode's key" for i, m in enumerate(needy))
    return {"description": f"In a complete ruleset, {said}; the other modes take the keys of "
                           f"{' and '.join(m.name for m in rest if m.keys)} mode.",
            "allOf": checks}


def complete_sections(modes: list[Any]) -> Schema:
    """A complete ruleset's sections by mode: one that scores the cards taken says how
    (`scoring`) and needs no hand patterns; the others say who pays (`settle`) and list the
    hand's patterns."""
    scored = [m.name for m in modes if m.scores_cards]
    return {
        "$comment": "A game whose stakes mode scores the cards taken says how cards score "
                    "instead of who pays, and needs no hand patterns.",
        "if": {"properties": {"stakes": {
            "description": "Condition: the stakes mode scores the cards taken.",
            **_mode_is(scored, "a mode that scores the cards taken")}},
            "required": ["stakes"]},
        "then": {"required": ["scoring"]},
        "else": {"required": ["settle"], "properties": {"hand": {
            "description": "A complete ruleset lists the hand's patterns.",
            "required": ["patterns"]}}}}


def fill_changes(defs: Schema) -> None:
    """An overlay's `NAME_change` objects (what changes in a named pattern, option or trigger)
    take every key of the entry they change but its name, then their own (`before`, `after`)."""
    for name, definition in defs.items():
        base = defs.get(name[:-len("_change")]) if name.endswith("_change") else None
        if base is None:
            continue
        own = definition.get("properties") or {}
        copied = {k: copy.deepcopy(v) for k, v in base["properties"].items()
                  if k != "name" and k not in own}
        definition["properties"] = {**copied, **own}


def build(skeleton: Schema | None = None) -> Schema:
    """The full schema: the skeleton with every registered unit's entry filled in."""
    if skeleton is None:
        skeleton = json.loads(SKELETON.read_text("utf-8"))
    schema = copy.deepcopy(skeleton)
    regs = registries()
    defs = schema["definitions"]
    fill_one_key(defs["guard"], regs[Kind.GUARD])
    fill_one_key(defs["effect"], regs[Kind.EFFECT])
    fill_by_name(defs["pattern"], "kind", "the pattern's kind", regs[Kind.PATTERN_KIND])
    fill_by_name(defs["option"], "do", "the primitive", regs[Kind.PRIMITIVE])
    fill_take_rules(defs["option"]["properties"]["takes"], regs[Kind.TAKE_RULE])
    fill_one_key(defs["trigger_condition"], regs[Kind.TRIGGER_CONDITION])
    fill_choice(defs["trigger"]["properties"]["on"], regs[Kind.TRIGGER_EVENT].units())
    fill_settle_rule(defs["settle_rule"]["properties"], regs[Kind.PAY_POLICY],
                     regs[Kind.TIE_POLICY], regs[Kind.STAKES_MODE])
    fill_modes(schema, regs[Kind.STAKES_MODE])
    fill_one_key(defs["score"], regs[Kind.SCORE])
    fill_choice(defs["knock"]["properties"]["last_turns"], regs[Kind.KNOCK_RULE].units())
    fill_outcomes(schema, regs[Kind.OUTCOME])
    fill_changes(schema["definitions"])
    return schema


def dumps(schema: Mapping[str, Any]) -> str:
    """The schema as it is checked in: two-space indent, UTF-8, one final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two schemas differ, as JSON paths (a test shows them to say what is stale)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in list(a) + [k for k in b if k not in a]:
            here = f"{path}/{key}"
            if key not in a:
                out.append(f"{here}: only in the checked-in file")
            elif key not in b:
                out.append(f"{here}: missing from the checked-in file")
            else:
                out += differences(a[key], b[key], here)
        return out
    if a != b:
        return [f"{path or '/'}: differs"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND.rsplit(" ", 1)[0],
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="rewrite schema/ruleset.schema.json and docs/reference.md")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when the checked-in files are out of date")
    args = parser.parse_args(argv)
    from .reference_doc import render_reference
    schema = build()
    text = dumps(schema)
    page = render_reference(schema)
    if args.write:
        write_atomically(SCHEMA, text)  # as every file is written: whole, over a file only
        write_atomically(REFERENCE, page)
        print(f"wrote {SCHEMA.relative_to(SOURCE_ROOT)} and {REFERENCE.relative_to(SOURCE_ROOT)}")
        return 0
    if args.check:
        stale = [p.relative_to(SOURCE_ROOT).as_posix() for p, want in
                 ((SCHEMA, text), (REFERENCE, page)) if p.read_text("utf-8") != want]
        for name in stale:
            print(f"{name} is out of date: run {COMMAND}", file=sys.stderr)
        return 1 if stale else 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
