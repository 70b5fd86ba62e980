"""Small output helpers shared by the commands."""
from __future__ import annotations

import json
from typing import Any

import click


def number(x: Any) -> Any:
    """31 rather than 31.0; 30.5 stays a float (for JSON and for text)."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def echo_json(data: Any) -> None:
    """One JSON document on one line of stdout."""
    click.echo(json.dumps(data, ensure_ascii=False))


def table(rows: list[tuple[str, ...]], right: tuple[int, ...] = ()) -> list[str]:
    """Rows of text as aligned columns (two spaces apart); columns in `right` right-aligned.
    The last column is never padded, so lines carry no trailing blanks."""
    if not rows:
        return []
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = []
        for i, cell in enumerate(r):
            last = i == len(r) - 1
            if i in right:
                cells.append(cell.rjust(widths[i]))
            else:
                cells.append(cell if last else cell.ljust(widths[i]))
        lines.append("  ".join(cells))
    return lines


def percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"
