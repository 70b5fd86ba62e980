"""docs/records.md's table of events is the engine's own list: every kind of `state.EventKind`
and every field the engine records with it (read from its `emit(...)` calls)."""
from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

from trentuno.engine.state import EventKind

ROOT = Path(__file__).resolve().parent.parent


def _recorded() -> dict[str, set[str]]:
    """kind -> the fields the engine's `emit("kind", player, field=...)` calls give it (the
    keys of a `**{...}` literal too)."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit"):
                continue
            first = node.args[0]
            assert isinstance(first, ast.Constant), f"{path.name}:{node.lineno}: a kind named"
            fields = out.setdefault(str(first.value), set())
            for kw in node.keywords:
                if kw.arg is not None:
                    fields.add(kw.arg)
                    continue
                for inner in ast.walk(kw.value):  # **({"own": ...} if ... else {})
                    if isinstance(inner, ast.Dict):
                        fields |= {str(key.value) for key in inner.keys
                                   if isinstance(key, ast.Constant)}
    return out


def _documented() -> dict[str, set[str]]:
    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    table = text.split("### The events a game records")[1].split("\n\n| kind |")[1]
    out: dict[str, set[str]] = {}
    for line in table.split("\n\n")[0].splitlines()[2:]:
        kind, fields = (cell.strip() for cell in line.strip("|").split("|")[:2])
        out[kind.strip("`")] = set(re.findall(r"`([a-z_]+)`", fields))
    return out


def test_every_kind_the_engine_can_record_is_documented():
    kinds = set(typing.get_args(EventKind))
    assert set(_documented()) == kinds
    assert set(_recorded()) <= kinds


def test_every_field_the_engine_records_is_documented_with_its_kind():
    documented = _documented()
    for kind, fields in _recorded().items():
        assert fields == documented[kind], (kind, sorted(fields ^ documented[kind]))
