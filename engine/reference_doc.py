"""Render the rule language reference (docs/reference.md) from the ruleset schema.

The schema's descriptions are the single source of the words shown to a house-rule author: an
editor shows them on hover, and this module lays them out as a Markdown page. A test compares
docs/reference.md with `render_reference(schema)`, so regenerate the page after editing the
schema:

    python -m <package>.engine.reference_doc > docs/reference.md   (see GENERATED_BY)

Layout: one section per top-level key that holds an object (its own keys in a table), then
the objects found inside it (a pattern, a turn option, a guard...) as subsections, each once,
under the first section that uses it; types used in several sections (labels, identifiers,
card codes) are listed at the end.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

from .variants import PACKAGE

GENERATED_BY = f"python -m {PACKAGE}.engine.reference_doc > docs/reference.md"

_COMBINATORS = ("allOf", "anyOf", "oneOf")


def load_schema() -> dict:
    """The installed ruleset schema."""
    from .variants import schema
    return schema()


def render_reference(schema: dict) -> str:
    """The Markdown reference page for `schema` (a draft-07 ruleset schema), ending in one
    newline. Deterministic: the same schema always gives the same text."""
    return _Renderer(schema).render()


def main() -> None:
    sys.stdout.write(render_reference(load_schema()))


# ---- walking the schema -------------------------------------------------------------------
def _ref_name(ref: str) -> str:
    prefix = "#/definitions/"
    if not ref.startswith(prefix):
        raise ValueError(f"only local definitions are supported, not {ref!r}")
    return ref[len(prefix):]


def _value_refs(s: Any) -> Iterator[str]:
    """Definitions a value of schema `s` may be: through combinators, list items and map
    values, but not through conditions (if/then/else, not) or other definitions."""
    if not isinstance(s, dict):
        return
    if "$ref" in s:
        yield _ref_name(s["$ref"])
        return
    for key in _COMBINATORS:
        for sub in s.get(key, ()):
            yield from _value_refs(sub)
    yield from _value_refs(s.get("items"))
    if isinstance(s.get("additionalProperties"), dict):
        yield from _value_refs(s["additionalProperties"])


def _accepts_null(s: Any) -> bool:
    if not isinstance(s, dict):
        return False
    t = s.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        return True
    return any(_accepts_null(sub) for sub in [*s.get("anyOf", ()), *s.get("oneOf", ())])


def _cell(text: str) -> str:
    """Text made safe for a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _literal(value: Any) -> str:
    return "`" + (value if isinstance(value, str) else json.dumps(value)) + "`"


def _number_range(s: dict) -> str:
    low, high = s.get("minimum"), s.get("maximum")
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


class _Renderer:
    def __init__(self, schema: dict):
        self.schema = schema
        self.defs: dict = schema.get("definitions", {})
        self.shared = self._shared_definitions()
        self.placed: set[str] = set()  # object definitions already given a section
        self.out: list[str] = []

    # ---- which definition goes where --------------------------------------------------------
    def _is_table(self, name: str) -> bool:
        """A definition shown as a table of keys (an object with properties)."""
        return bool(self.defs.get(name, {}).get("properties"))

    def _uses(self, s: dict) -> list[str]:
        """Definitions named by the values of an object's properties, in order, once each."""
        found: list[str] = []
        for prop in s.get("properties", {}).values():
            for name in _value_refs(prop):
                if name not in found:
                    found.append(name)
        return found

    def _shared_definitions(self) -> list[str]:
        """Definitions shown once at the end: the value types (identifiers, codes) and the
        objects used by more than one section or object (labels)."""
        users: dict[str, set[str]] = {}
        for user, s in [("", self.schema)] + list(self.defs.items()):
            for name in self._uses(s):
                if name != user:
                    users.setdefault(name, set()).add(user)
        for name in list(users):  # what a shared value type is made of is shown too
            for sub in _value_refs({k: v for k, v in self.defs[name].items()
                                    if k in _COMBINATORS}):
                users.setdefault(sub, set()).add(name)
        return [name for name in self.defs
                if name in users and (len(users[name]) > 1 or not self._is_table(name))]

    # ---- types ------------------------------------------------------------------------------
    def _link(self, name: str) -> str:
        return f"[{name}](#{name})"

    def type_of(self, s: Any) -> str:
        """A short human type for schema `s` (null left out: the page says where it goes)."""
        if s is True or s == {}:
            return "any"
        if not isinstance(s, dict):
            return "nothing"
        if "$ref" in s:
            return self._link(_ref_name(s["$ref"]))
        for key in _COMBINATORS:
            if key in s:
                alts = [self.type_of(sub) for sub in s[key]
                        if not (isinstance(sub, dict) and sub.get("type") == "null")]
                if key == "allOf":
                    return alts[0] if alts else "any"
                return " or ".join(dict.fromkeys(alts))
        if "const" in s:
            return _literal(s["const"])
        if "enum" in s:
            return " / ".join(_literal(v) for v in s["enum"] if v is not None)
        types = s.get("type", [])
        types = [t for t in (types if isinstance(types, list) else [types]) if t != "null"]
        return " or ".join(self._simple_type(t, s) for t in types) or "any"

    def _simple_type(self, t: str, s: dict) -> str:
        if t == "array":
            return "list of " + self.type_of(s["items"]) if "items" in s else "list"
        if t == "object":
            values = s.get("additionalProperties")
            if isinstance(values, dict):
                keys = self.type_of(s.get("propertyNames", {"type": "string"}))
                return f"map {keys} -> {self.type_of(values)}"
            return "object"
        if t in ("integer", "number"):
            return t + _number_range(s)
        if t == "string" and "pattern" in s:
            return f"string matching `{s['pattern']}`"
        return t

    # ---- output -----------------------------------------------------------------------------
    def line(self, text: str = "") -> None:
        self.out.append(text)

    def table(self, s: dict) -> None:
        props = s.get("properties", {})
        self.line("| key | type | description |")
        self.line("| --- | --- | --- |")
        for key, prop in props.items():
            self.line(f"| `{key}` | {_cell(self.type_of(prop))} | "
                      f"{_cell(prop.get('description', ''))} |")
        notes = []
        if s.get("maxProperties") == 1:
            notes.append("Exactly one of these keys is given.")
        elif s.get("minProperties") == 1:
            notes.append("At least one of these keys is given.")
        elif s.get("minProperties"):
            notes.append(f"At least {s['minProperties']} of these keys are given.")
        if props and all(_accepts_null(p) for p in props.values()):
            notes.append("In an overlay each of these keys may be null: it deletes the "
                         "inherited value.")
        if notes:
            self.line()
            self.line(" ".join(notes))
        self.line()

    def definition_section(self, name: str, level: int, heading: str | None = None) -> None:
        """A table definition and, after it, the table definitions it alone uses."""
        self.placed.add(name)
        s = self.defs[name]
        self.line("#" * level + " " + (heading or name))
        self.line()
        if s.get("description"):
            self.line(s["description"])
            self.line()
        self.table(s)
        self.nested(s, level + 1)

    def nested(self, s: dict, level: int) -> None:
        for used in self._uses(s):
            if used not in self.placed and used not in self.shared and self._is_table(used):
                self.definition_section(used, min(level, 4))

    def render(self) -> str:
        s = self.schema
        self.line(f"# {s.get('title', 'ruleset')} reference")
        self.line()
        self.line(f"<!-- Generated from schema/ruleset.schema.json by `{GENERATED_BY}`: "
                  f"edit the schema, not this page. -->")
        self.line()
        if s.get("description"):
            self.line(s["description"])
            self.line()
        required = (s.get("else") or {}).get("required")
        if required:
            self.line("A complete ruleset (one without `extends`) needs: "
                      + ", ".join(f"`{k}`" for k in required) + ".")
            self.line()
        self.line("Types leave `null` out; where an overlay may use it, the description or the "
                  "note under the table says so.")
        self.line()
        self.line("## Top level")
        self.line()
        self.table(s)
        for key, prop in s.get("properties", {}).items():
            targets = [n for n in _value_refs(prop)
                       if self._is_table(n) and n not in self.placed and n not in self.shared]
            if targets == [key]:
                self.definition_section(key, 2, heading=f"`{key}`")
            elif targets:
                self.line(f"## `{key}`")
                self.line()
                self.line(prop.get("description", ""))
                self.line()
                for name in targets:
                    if name not in self.placed:
                        self.definition_section(name, 3)
        if self.shared:
            self.line("## Common types")
            self.line()
            for name in self.shared:
                d = self.defs[name]
                self.line(f"### {name}")
                self.line()
                if d.get("description"):
                    self.line(d["description"])
                    self.line()
                if self._is_table(name):
                    self.table(d)
                else:
                    self.line("Type: " + self._shared_type(d))
                    self.line()
        while self.out and self.out[-1] == "":
            self.out.pop()
        return "\n".join(self.out) + "\n"

    def _shared_type(self, d: dict) -> str:
        """The full type of a shared scalar definition (patterns shown, not linked)."""
        alts = d.get("anyOf") or d.get("oneOf")
        if alts:
            return " or ".join(self.type_of(sub) for sub in alts)
        return self.type_of(d)


if __name__ == "__main__":
    main()
