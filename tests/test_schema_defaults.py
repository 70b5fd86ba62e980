"""A default is said once: where a description names a plain default (a number, true or
false), the schema's own `default` says the same, so the reference, the editor hints and the
compiler (which reads `default` from the fragment) cannot disagree with the prose."""
from __future__ import annotations

import re
from typing import Any

from test_schema import walk
from trentuno.engine import schema_build

#: "(default 1)", "default false: ...", "(default: 3, ...)": a literal default in the prose
LITERAL = re.compile(r"\bdefault:? (-?\d+(?:\.\d+)?|true|false)\b")


def _literal(text: str) -> Any:
    return {"true": True, "false": False}.get(text, float(text) if "." in text else
                                              int(text) if text.lstrip("-").isdigit() else text)


def _problems(schema: Any) -> tuple[int, list[str]]:
    """How many plain defaults the prose names, and where the schema says otherwise."""
    found, problems = 0, []
    for path, node in walk(schema):
        if not isinstance(node.get("description"), str):
            continue
        for match in LITERAL.finditer(node["description"]):
            found += 1
            said = _literal(match.group(1))
            if "default" not in node:
                problems.append(f"{path}: says 'default {match.group(1)}', has no default")
            elif node["default"] != said or type(node["default"]) is not type(said):
                problems.append(f"{path}: says 'default {match.group(1)}', the schema's is "
                                f"{node['default']!r}")
    return found, problems


def test_every_plain_default_in_the_prose_is_the_schemas() -> None:
    found, problems = _problems(schema_build.build())
    assert problems == []
    assert found >= 15  # the walk reaches the units' fragments, not just the skeleton


def test_the_check_catches_a_default_said_otherwise_or_not_at_all() -> None:
    schema = {"properties": {
        "times": {"description": "How many (default 2).", "type": "integer", "default": 1},
        "shows": {"description": "Shown (default false).", "type": "boolean"},
        "fine": {"description": "Kept (default true).", "type": "boolean", "default": True}}}
    found, problems = _problems(schema)
    assert found == 3
    assert problems == ["#/properties/times: says 'default 2', the schema's is 1",
                        "#/properties/shows: says 'default false', has no default"]
