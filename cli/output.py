"""Small output helpers shared by the commands, and the guard on everything they print."""
from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import click
from trentuno.engine.text import visible


class VisibleWriter:
    """A text stream whose writes go out with unprintable characters escaped (see
    engine/text.py): the one boundary every command's output passes, so no terminal escape
    from a rule file reaches the screen whichever message carried it. Characters the
    stream's encoding cannot carry (a lone surrogate, a card suit on an ASCII terminal) are
    escaped too, instead of ending the command with an encoding error."""

    def __init__(self, stream: TextIO, keep: str = "\n"):
        self._stream = stream
        self._keep = keep
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            self._encoding = codecs.lookup(encoding).name
        except LookupError:
            self._encoding = "ascii"

    def write(self, text: Any) -> int:
        written = len(text)
        if isinstance(text, (bytes, bytearray)):  # click.echo(b"...") (shell completion)
            text = bytes(text).decode("utf-8", "replace")
        shown = visible(text, keep=self._keep, styles=True)
        if self._encoding != "utf-8":
            shown = shown.encode(self._encoding, "backslashreplace").decode(self._encoding)
        self._stream.write(shown)
        return written

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # nobody may write around the guard (click would, on ASCII)
            raise AttributeError(name)
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """sys.stdout and sys.stderr behind a VisibleWriter for the time of the block (stderr
    keeps carriage returns, which progress bars redraw with)."""
    if isinstance(sys.stdout, VisibleWriter) or sys.stdout is None or sys.stderr is None:
        yield
        return
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleWriter(out), VisibleWriter(err, keep="\n\r")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def number(x: Any) -> Any:
    """31 rather than 31.0; 30.5 stays a float (for JSON and for text)."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def wants_style(stream: Any) -> bool:
    """Bold and colour only for a terminal that shows them: not through a pipe, not with
    NO_COLOR set (no-color.org), not on TERM=dumb (Emacs shells, some CI logs)."""
    try:
        tty = bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
    return tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def echo_json(data: Any) -> None:
    """One JSON document on one line of stdout."""
    import json  # not at the top: `score` and `validate` print JSON only when asked

    click.echo(visible(json.dumps(data, ensure_ascii=False), keep="", as_json=True))


def table(rows: Sequence[Sequence[str]], right: tuple[int, ...] = ()) -> list[str]:
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
