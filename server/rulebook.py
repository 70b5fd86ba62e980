"""The rules a table can be opened with: the built-ins, and a rule file a host sends.

A rule file sent to the server is checked as `trentuno validate` checks a file, and its
problems are the very lines `validate` prints (`FILE:LINE:COL: message (at /path)`), under the
name the host gave it. It may extend only a built-in ruleset: an `extends:` naming a path would
read a file of the server's, so it is refused at its line, before anything is read. The file
is checked in a private folder of its own, where the built-in it extends is the only other
file, and that folder is removed afterwards; the table keeps the merged rules themselves (as a
game record does), never the path.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from trentuno.engine.errors import Problem, RuleFileError, UserError
from trentuno.engine.explain import explain
from trentuno.engine.loader import load_text
from trentuno.engine.rules import Ruleset
from trentuno.engine.variants import builtin_files, check_all, load

DEFAULT_FILE = "my-rules.yaml"
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass
class Checked:
    """What the server found in a rule file: the rules (None when it has problems), the
    problems and warnings as `validate` prints them, and the name they are shown under."""
    rules: Ruleset | None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    file: str = DEFAULT_FILE


def file_name(given: Any) -> str:
    """The name a sent file is shown under: its last part, in safe characters, ending in
    `.yaml`."""
    if not isinstance(given, str) or not given.strip():
        return DEFAULT_FILE
    name = _SAFE_NAME.sub("-", given.replace("\\", "/").rsplit("/", 1)[-1]).strip(".-")[:60]
    if not name:
        return DEFAULT_FILE
    return name if name.endswith((".yaml", ".yml")) else name + ".yaml"


@cache
def builtin(name: str) -> Ruleset:
    """A built-in ruleset by name (KeyError for another name)."""
    return load(str(builtin_files()[name]))


def shelf() -> list[dict[str, Any]]:
    """Every built-in a table can be opened with: name, titles, numbers of players."""
    out = []
    for name in builtin_files():
        try:
            rules = builtin(name)
        except UserError:  # a broken built-in is not offered (`trentuno variants` says why)
            continue
        out.append({"name": name, "house": name.startswith("house/"),
                    "title": {lang: rules.title_in(lang) for lang in ("en", "it")},
                    "players": {"min": rules.min_players, "max": rules.max_players,
                                "default": rules.default_players}})
    return out


def sections(rules: Ruleset, lang: str) -> list[dict[str, Any]]:
    """`explain`'s sections as the page shows them."""
    return [{"key": s.key, "title": s.title, "lines": list(s.lines)}
            for s in explain(rules, lang)]


def check_text(text: str, given_name: Any, most_bytes: int) -> Checked:
    """Check a rule file sent as text; never raises for what is in it."""
    name = file_name(given_name)
    if len(text.encode("utf-8", "surrogatepass")) > most_bytes:
        return Checked(None, [Problem(name, 1, 1, "", f"the file is larger than "
                                      f"{most_bytes // 1024} KiB").format()], file=name)
    try:
        doc = load_text(text, name)
    except RuleFileError as err:
        return Checked(None, [p.format() for p in err.problems], file=name)
    base = doc.data.get("extends")
    if base is not None and (not isinstance(base, str) or base not in builtin_files()):
        shown = base if isinstance(base, str) else type(base).__name__
        message = (f"a rule file sent to the server may extend only a built-in ruleset "
                   f"(trentuno, scopa, house/NAME, ...; see `trentuno variants`), not "
                   f"{str(shown)[:80]!r}")
        return Checked(None, [doc.problem(("extends",), message).format()], file=name)
    folder = Path(tempfile.mkdtemp(prefix="trentuno-rules-"))
    try:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        if isinstance(base, str):  # found beside the file before anywhere else
            beside = folder / base
            beside.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(builtin_files()[base], beside)
        rules, problems, warnings = check_all(str(path))
        return Checked(rules, [_named(p, path, name) for p in problems],
                       [_named(p, path, name) for p in warnings], name)
    except UserError as err:
        return Checked(None, [Problem(name, None, None, "", err.line()).format()], file=name)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _named(problem: Problem, path: Path, name: str) -> str:
    """A problem as `validate` prints it, the private folder's path replaced by the name."""
    shown = name if problem.file in (str(path), path.name) else problem.file
    return Problem(shown, problem.line, problem.column, problem.path,
                   problem.message.replace(str(path.parent) + os.sep, "")).format()
