"""Where a problem of merged rules is reported: where its fix is.

A problem found in the merged document lies at a path, and that path was written by one file
of the chain (`Merged.where`). When that file is a built-in the author extends, pointing
there alone helps nobody: he cannot edit it, and the base was fine until his overlay changed
something. So the problem is reported at the change of his own files that caused it, saying
where in the base it shows:

* a removal (`NAME: null`, `key: null`) of something the problem is about: the list it
  emptied, the section it left short, or a name the message quotes ("no step named 'x'");
* else a value his file wrote that the problem is also about (the stakes mode a settlement
  policy does not fit, the deck a pattern's ranks are missing from);
* else the `extends:` line of his file, so that a base's problem is never the only pointer.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import Problem
from .loader import format_path
from .merge import named_list

if TYPE_CHECKING:
    from .loader import Document
    from .merge import Merged, Removal

#: names a message quotes: 'discard', `tris`
_QUOTED = re.compile(r"'([^'\s]{1,100})'|`([^`\s]{1,100})`")


def place(merged: Merged, path: Sequence[Any], message: str, related: Sequence = (),
          at_key: bool = False) -> Problem:
    """The problem `message` about `path` (and equally about the `related` paths)."""
    path = tuple(path)
    paths = [path, *(tuple(q) for q in related)]
    home, in_home = merged.where(path)
    unwritten = not merged.written(path)  # a key no file gives ('settle' is required)
    if not merged.foreign(home) and not (unwritten and related):
        return merged.problem(merged.latest(paths) if related else path, message, at_key)
    shown = f"{message.removesuffix(' here')} ({format_path(path) or '/'}"
    if not unwritten:
        line, column = home.locate(in_home)
        shown += f" in {home.file}:{line}:{column}"
    shown += ")"
    for q in paths:  # the problem's own part first, then the others in the order given
        removal = _removal(merged, q)
        if removal is not None:
            return _removed(merged, removal, path, shown)
        doc, in_doc = merged.where(q)
        if not merged.foreign(doc) and merged.written(q):
            return doc.problem(in_doc, f"{_with(doc, in_doc)}: {shown}")
    removal = _removal_named(merged, message)
    if removal is not None:
        return _removed(merged, removal, path, shown)
    if unwritten:
        return merged.problem(path, message, at_key)
    return merged.files[-1].problem(("extends",), f"in the base this file extends: {shown}")


def _latest(found: list[tuple[int, Removal]]) -> Removal | None:
    return max(found, key=lambda x: x[0])[1] if found else None


def _removal(merged: Merged, part: tuple) -> Removal | None:
    """The last removal made in the author's files inside `part` (the list it emptied, the
    section that lost an entry)."""
    found = merged.removed_by_author()["inside"].get(part) if part else None
    return found[1] if found else None


def _removal_named(merged: Merged, message: str) -> Removal | None:
    """The last removal in the author's files of an entry the message names."""
    named = merged.removed_by_author()["named"]
    return _latest([named[a or b] for a, b in _QUOTED.findall(message)
                            if (a or b) in named])


def _removed(merged: Merged, removal: Removal, path: tuple, shown: str) -> Problem:
    """At the removal's line: what removing it did."""
    gone = merged.removed_by_author()["at"][removal.container]
    if removal.container == path and _value(merged.data, path) in ([], {}):
        names = [f"`{r.name}`" for r in gone[:5]] + ([f"{len(gone) - 5} more"]
                                                      if len(gone) > 5 else [])
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if removal.what == "key":
            text = f"removing {listed} leaves {_part(path)} empty"
        else:
            what = removal.what + ("s" if len(gone) > 1 else "")
            text = f"removing {what} {listed} leaves {_part(path)} with no {removal.what}"
    else:
        what = "" if removal.what == "key" else removal.what + " "
        text = f"removing {what}`{removal.name}`: {shown}"
    return removal.doc.problem(removal.in_doc, text, at_key=True)


def _part(path: tuple) -> str:
    """A part of the rules in words: step `discard`, `hand.patterns`."""
    if named_list(path) and path[0] == "turn":
        return f"step `{path[-1]}`"
    return "`" + ".".join(map(str, path)) + "`"


def _value(data: Any, path: tuple) -> Any:
    for key in path:
        if not isinstance(data, (dict, list)):
            return None
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _with(doc: Document, in_doc: tuple) -> str:
    """The change a file made, in words: "with `mode: lives` here", "with this `deck`"."""
    value = _value(doc.data, in_doc)
    key = in_doc[-1] if in_doc else None
    if key is None or isinstance(key, int):
        return "with this change"
    if isinstance(value, (dict, list)):
        return f"with this `{key}`"
    shown = ("null" if value is None else "true" if value is True else "false"
             if value is False else str(value))
    return f"with `{key}: {shown if len(shown) <= 40 else shown[:40] + '...'}` here"
