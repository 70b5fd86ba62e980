"""Finding and loading rulesets: built-in names or paths, overlays, schema, then compile.

This is the one road from a file to a `Ruleset`, so every command reports problems the same
way: all of them, each at the file, line and column that contributed the wrong value (for an
overlay chain, the overlay that wrote it, or the base it came from).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional

import jsonschema

from .compiler import CompileProblems, compile_document
from .errors import Problem, RuleFileError, UsageError
from .loader import Document, load_file
from .rules import Ruleset

#: the installed distribution's top package (the folders variants/ and schema/ live under it)
PACKAGE = __name__.split(".")[0]
MAX_CHAIN = 16  # overlays deeper than this are surely a mistake (and a cycle is caught anyway)


# ---- built-ins ----------------------------------------------------------------------------
def _builtin_dir() -> Path:
    return Path(str(resources.files(f"{PACKAGE}.variants")))


def builtin_files() -> dict[str, Path]:
    """Built-in name -> file: the top-level rulesets and the house rules (`house/NAME`)."""
    root = _builtin_dir()
    out = {p.stem: p for p in sorted(root.glob("*.yaml"))}
    out.update({f"house/{p.stem}": p for p in sorted((root / "house").glob("*.yaml"))})
    return out


def resolve(name_or_path: str, relative_to: Optional[Path] = None) -> Path:
    """A ruleset argument: an existing file path first, then a built-in name."""
    text = str(name_or_path)
    candidates = []
    if relative_to is not None:
        candidates.append(relative_to / text)
    candidates.append(Path(text))
    for c in candidates:
        if c.is_file():
            return c
    builtins = builtin_files()
    if text in builtins:
        return builtins[text]
    if text.endswith((".yaml", ".yml")):
        raise UsageError(f"no such ruleset file: {text}")
    top = ", ".join(n for n in builtins if "/" not in n)
    raise UsageError(f"unknown variant {text!r}: give a built-in name ({top}, or house/NAME) "
                     f"or a path to a YAML file")


# ---- schema -------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def schema() -> dict:
    text = (resources.files(f"{PACKAGE}.schema") / "ruleset.schema.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(schema())


def _leaf_errors(error) -> Iterator:
    """For oneOf/anyOf failures, the errors of the branch that came closest, not the lot."""
    if error.context:
        best = jsonschema.exceptions.best_match(error.context)
        if best is not None and best is not error:
            yield from _leaf_errors(best)
            return
    yield error


def _schema_message(error) -> tuple[tuple, str, bool]:
    """(path, message, point at the key) in words for a house-rule author."""
    path = tuple(error.absolute_path)
    v = error.validator
    if v == "additionalProperties":
        allowed = sorted((error.schema.get("properties") or {}).keys())
        extra = sorted(set(error.instance) - set(allowed)) if isinstance(error.instance,
                                                                         dict) else []
        key = extra[0] if extra else ""
        return (path + (key,), f"unknown key {key!r}" +
                (f" (allowed here: {', '.join(allowed)})" if allowed else ""), True)
    if v == "required":
        return path, error.message.replace("is a required property", "is required here"), False
    if v == "enum":
        return path, (f"{error.instance!r} is not one of "
                      f"{', '.join(map(repr, error.validator_value))}"), False
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return path, f"expected {want}, got {json.dumps(error.instance, default=str)[:40]}", False
    return path, error.message if len(error.message) < 200 else error.message[:200] + "...", False


def schema_problems(data: Mapping) -> list[tuple[tuple, str, bool]]:
    seen, out = set(), []
    for error in _validator().iter_errors(data):
        for leaf in _leaf_errors(error):
            item = _schema_message(leaf)
            if item[:2] not in seen:
                seen.add(item[:2])
                out.append(item)
    out.sort(key=lambda x: [str(s) for s in x[0]])
    return out


# ---- overlays -----------------------------------------------------------------------------
@dataclass
class Merged:
    data: dict
    origin: dict  # path tuple -> Document that wrote the value there
    files: list   # the chain, base first

    def problem(self, path: tuple, message: str, at_key: bool = False) -> Problem:
        p = tuple(path)
        while p not in self.origin and p:
            p = p[:-1]
        doc: Document = self.origin.get(p, self.files[-1])
        return doc.problem(path, message, at_key=at_key)


def _mark(value: Any, path: tuple, doc: Document, origin: dict) -> None:
    origin[path] = doc
    if isinstance(value, dict):
        for k, v in value.items():
            _mark(v, path + (k,), doc, origin)


def _merge(base: dict, over: Mapping, path: tuple, doc: Document, origin: dict) -> dict:
    """Mappings merge deeply, lists (and scalars) replace, `null` removes."""
    out = dict(base)
    for k, v in over.items():
        here = path + (k,)
        if v is None:
            out.pop(k, None)
            origin[here] = doc
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v, here, doc, origin)
        else:
            out[k] = v
            for stale in [p for p in origin if p[:len(here)] == here]:
                del origin[stale]
            _mark(v, here, doc, origin)
    return out


def load_merged(name_or_path: str) -> Merged:
    path = resolve(name_or_path)
    chain: list[Document] = []
    seen: list[Path] = []
    current: Optional[Path] = path
    while current is not None:
        real = current.resolve()
        doc = load_file(current, file=_display(current))
        if real in seen:
            names = " -> ".join(_display(p) for p in seen + [real])
            raise RuleFileError(doc.problem(("extends",), f"overlays extend each other in a "
                                                          f"cycle: {names}"))
        seen.append(real)
        chain.append(doc)
        if len(chain) > MAX_CHAIN:
            raise RuleFileError(doc.problem((), f"more than {MAX_CHAIN} overlays in a chain"))
        base = doc.data.get("extends")
        if base is None:
            current = None
            continue
        if not isinstance(base, str):
            raise RuleFileError(doc.problem(("extends",), "`extends` is a built-in name or a "
                                                          "path to a YAML file"))
        try:
            current = resolve(base, relative_to=current.parent)
        except UsageError as e:
            raise RuleFileError(doc.problem(("extends",), e.line())) from None
    chain.reverse()
    origin: dict = {}
    data: dict = {}
    for doc in chain:
        body = {k: v for k, v in doc.data.items() if k != "extends"}
        data = _merge(data, body, (), doc, origin)
    return Merged(data, origin, chain)


def _display(p: Path) -> str:
    """Built-ins are shown by their place in the package, user files as given."""
    try:
        rel = p.resolve().relative_to(_builtin_dir().resolve())
        return f"variants/{rel.as_posix()}"
    except ValueError:
        return str(p)


# ---- the whole road -----------------------------------------------------------------------
def check(name_or_path: str) -> tuple[Optional[Ruleset], list[Problem]]:
    """Load, merge, validate and compile; every problem found, never an exception for bad
    input (UsageError aside: an unknown name is the caller's argument, not a file's fault)."""
    try:
        merged = load_merged(name_or_path)
    except RuleFileError as e:
        return None, list(e.problems)
    problems = [merged.problem(p, m, at_key=k) for p, m, k in schema_problems(merged.data)]
    if problems:
        return None, problems
    try:
        rules = compile_document(merged.data, source=merged.files[-1].file,
                                 source_path=str(resolve(name_or_path).resolve()))
    except CompileProblems as e:
        return None, [merged.problem(p, m) for p, m in e.problems]
    return rules, []


_cache: dict[tuple, Ruleset] = {}


def load(name_or_path: str) -> Ruleset:
    """The compiled ruleset, or RuleFileError with every problem. Compiled once per file
    version: a simulation asking again gets the same object."""
    path = resolve(name_or_path)
    key = (str(path.resolve()), path.stat().st_mtime_ns)
    if key in _cache:
        return _cache[key]
    rules, problems = check(name_or_path)
    if problems:
        raise RuleFileError(problems)
    _cache[key] = rules
    return rules
