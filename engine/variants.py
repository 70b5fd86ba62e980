"""Finding and loading rulesets: built-in names or paths, overlays, schema, then compile.

This is the one road from a file to a `Ruleset`, so every command reports problems the same
way: all of them, each at the file, line and column that contributed the wrong value (for an
overlay chain, the overlay that wrote it, or the base it came from).
"""
from __future__ import annotations

import importlib.util
import marshal
import os
import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import verdicts
from .errors import Problem, RuleFileError, UsageError
from .loader import Document, load_bytes, read_limited
from .sha import sha256

if TYPE_CHECKING:  # the compiler, the rules and the linter are imported when a file is
    # compiled: a `validate` of a file known to be clean (see `check_all`) never needs them
    from . import lint
    from .merge import Merged
    from .rules import Ruleset

if TYPE_CHECKING:
    import jsonschema

#: the installed distribution's top package (the folders variants/ and schema/ live under it)
PACKAGE = __name__.split(".")[0]
MAX_CHAIN = 16  # overlays deeper than this are surely a mistake (and a cycle is caught anyway)


# ---- built-ins ----------------------------------------------------------------------------
def _package_dir(name: str) -> Path:
    """The folder of one of our data packages (variants, schema), installed or editable:
    found by the import system without importing importlib.resources (and zipfile, shutil
    and the rest that it imports), which `score` would pay for at every start."""
    spec = importlib.util.find_spec(f"{PACKAGE}.{name}")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package {PACKAGE}.{name} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _builtin_dir() -> Path:
    return _package_dir("variants")


def builtin_files() -> dict[str, Path]:
    """Built-in name -> file: the top-level rulesets and the house rules (`house/NAME`)."""
    return dict(_builtin_table())


@cache
def _builtin_table() -> dict[str, Path]:
    """Looked up once per process: every command resolves names, most of them several."""
    root = _builtin_dir()
    out = {p.stem: p for p in sorted(root.glob("*.yaml"))}
    out.update({f"house/{p.stem}": p for p in sorted((root / "house").glob("*.yaml"))})
    return out


def resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    """A ruleset argument: an existing file path first, then a built-in name."""
    text = str(name_or_path)
    candidates = []
    if relative_to is not None:
        candidates.append(relative_to / text)
    candidates.append(Path(text))
    kind = ""  # what the path is when it is there but no regular file
    for c in candidates:
        try:
            if c.is_file():
                return c
            kind = kind or _not_a_file(c)
        except (OSError, ValueError):  # a name too long for the file system is no file either
            continue
    builtins = builtin_files()
    if text in builtins:  # a folder called like a built-in does not hide it
        return builtins[text]
    if kind:  # nothing is read from it: a FIFO or a device could block or never end
        raise UsageError(f"{text} is {kind}, not a rule file")
    if text.endswith((".yaml", ".yml")):
        folder = candidates[-1].parent if relative_to is None else candidates[0].parent
        raise UsageError(f"no such ruleset file: {text}{_did_you_mean(text, _yaml_near(folder))}")
    top = ", ".join(n for n in builtins if "/" not in n)
    raise UsageError(f"unknown variant {text!r}{_did_you_mean(text, list(builtins))}: give a "
                     f"built-in name ({top}, or house/NAME) or a path to a YAML file")


def _not_a_file(path: Path) -> str:
    """What `path` is when it exists but is no regular file ("a folder", "a FIFO", ...), or
    "" when nothing is there."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "not a regular file"


def _yaml_near(folder: Path) -> dict[str, str]:
    """The rule files of a folder, as a path to them would be written."""
    try:
        found = sorted(folder.glob("*.y*ml"))[:1000]
    except OSError:
        return {}
    return {p.name: (p.as_posix() if str(folder) not in ("", ".") else p.name) for p in found}


def _did_you_mean(text: str, names: Any) -> str:
    """` (did you mean a, b?)` with the closest of `names` (or mapping keys compared, values
    shown), matched on the whole name and on the part after a folder (`knock-25` finds
    `house/knock-25`); "" when none is close."""
    import difflib

    shown = dict(names) if isinstance(names, Mapping) else {n: n for n in names}
    by_word: dict[str, str] = {}
    for name in shown:
        by_word.setdefault(name, name)
        by_word.setdefault(name.rsplit("/", 1)[-1], name)
    close = difflib.get_close_matches(text.rsplit("/", 1)[-1], list(by_word), n=6, cutoff=0.75)
    close += difflib.get_close_matches(text, list(by_word), n=6, cutoff=0.75)
    picked: list[str] = []
    for word in close:
        name = shown[by_word[word]]
        if name not in picked:
            picked.append(name)
    return f" (did you mean {', '.join(picked[:3])}?)" if picked else ""


# ---- schema -------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _schema_text() -> str:
    return (_package_dir("schema") / "ruleset.schema.json").read_text("utf-8")


@lru_cache(maxsize=1)
def schema() -> dict:
    import json  # not at the top: a document found clean before needs no schema

    return json.loads(_schema_text())


def _is_integer(checker: Any, instance: Any) -> bool:
    """JSON Schema's `integer`, without the floats draft-7 lets in (3.0 is an integer there):
    a count written `3.0` is a typo, and Python cannot deal 3.0 cards."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _whole(pattern: str) -> re.Pattern[str]:
    r"""A schema pattern as it reads: `^...$` means the whole string. Python's `$` also
    matches before a final newline, so `name: "x\n"` would pass; `\Z` does not."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + "\\Z"
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not _whole(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft7Validator:
    import jsonschema  # here, not at the top: `score` and `play` of a built-in never need it

    base = jsonschema.Draft7Validator
    strict = jsonschema.validators.extend(
        base, validators={"pattern": _pattern},
        type_checker=base.TYPE_CHECKER.redefine("integer", _is_integer))
    return strict(schema())


def _leaf_errors(error) -> Iterator:
    """For oneOf/anyOf failures, the errors of the branch that came closest, not the lot.

    A branch that only says "not this type" (the `{type: null}` beside every overlay-able
    section) came nowhere near; otherwise the branch whose errors lie deepest wins (it matched
    the most), the first one on a tie. All of that branch's errors are kept."""
    if error.context and all(e.validator == "required" and not e.relative_path
                             for e in error.context):
        yield error  # "one of these keys is required": said in one message
        return
    if error.context:
        branches: dict = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else 0,
                                []).append(e)

        def closeness(errs):
            type_only = all(e.validator == "type" and not e.relative_path for e in errs)
            return (not type_only, max(len(e.relative_path) for e in errs))
        best = max(branches.values(), key=closeness)  # max keeps the first of equals
        for e in best:
            yield from _leaf_errors(e)
        return
    yield error


_PATTERN_WORDS = {  # the schema's patterns, in words
    "^[a-z][a-z0-9_-]*$": "is not a valid name (a lowercase letter, then lowercase letters, "
                          "digits, - or _)",
    "^(10|[A-Z0-9])$": "is not a rank code (10, or one capital letter or digit)",
    "^[a-z]$": "is not a suit code (one lowercase letter)",
    "^(10|[A-Z0-9])[a-z]$": "is not a card code (a rank code then a suit code, e.g. Ac, 10h)",
}


def _key_message(error) -> str:
    """Why a key's own name is refused (the schema's `propertyNames`), in words."""
    key, v = error.instance, error.validator
    if v == "not":
        why = "is a reserved name"
    elif v == "pattern" and error.validator_value in _PATTERN_WORDS:
        why = _PATTERN_WORDS[error.validator_value]
    elif v == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        why = f"is not allowed here (allowed here: {allowed})"
    else:
        why = f"is not allowed here: {error.message[:200]}"
    return f"key {key!r} {why}"


def _schema_messages(error) -> list[tuple[tuple, str, bool]]:
    """[(path, message, point at the key)] in words for a house-rule author (one per unknown
    key; one otherwise)."""
    import json

    path = tuple(error.absolute_path)
    v = error.validator
    if "propertyNames" in error.absolute_schema_path:
        # The error is about a key (instance) of the mapping at `path`: point at that key.
        return [(path + (error.instance,), _key_message(error), True)]
    if v == "additionalProperties":
        known = sorted((error.schema.get("properties") or {}).keys())
        extra = sorted(set(error.instance) - set(known), key=str) if isinstance(
            error.instance, dict) else []  # keys may be ints or booleans (`10: x`)
        return [(path + (key,), f"unknown key {key!r}" +
                 (f" (allowed here: {', '.join(known)})" if known else ""), True)
                for key in extra or [""]]  # every unknown key, not only the first
    if v in ("anyOf", "oneOf") and error.context and all(
            e.validator == "required" for e in error.context):
        keys: list = []
        for e in error.context:
            keys += [k for k in e.validator_value if k not in keys and k not in error.instance]
        return [(path, f"one of {', '.join(map(repr, keys))} is required here", False)]
    if v == "required" and isinstance(error.instance, dict):
        # At the key's own path: where a `key: null` deleted it, that line is shown.
        return [(path + (k,), f"{k!r} is required here", False)
                for k in error.validator_value if k not in error.instance]
    if v == "enum":  # (null is in most enums only so that an overlay can delete the key)
        return [(path, (f"{error.instance!r} is not one of "
                        f"{', '.join(repr(x) for x in error.validator_value if x is not None)}"),
                 False)]
    if v == "not" and error.validator_value == {"type": "null"}:
        return [(path, "a value is needed here (null only deletes a key in an overlay)", False)]
    if v == "const":
        return [(path, (f"expected {json.dumps(error.validator_value)}, got "
                       f"{json.dumps(error.instance, default=str)[:40]}"), False)]
    if v == "pattern" and error.validator_value in _PATTERN_WORDS:
        return [(path, f"{error.instance!r} {_PATTERN_WORDS[error.validator_value]}", False)]
    if v in ("maxProperties", "minProperties") and isinstance(error.instance, dict):
        n, names = error.validator_value, ", ".join(map(str, error.instance)) or "none"
        need = "at most" if v == "maxProperties" else "at least"
        return [(path, (f"{need} {n} key{'s' if n != 1 else ''} allowed here, found "
                       f"{len(error.instance)} ({names})"), False)]
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return [(path, (f"expected {want}, got "
                       f"{json.dumps(error.instance, default=str)[:40]}"), False)]
    return [(path, error.message if len(error.message) < 200 else error.message[:200] + "...",
             False)]


def _verdict_key(data: Mapping) -> str:
    """What decides the schema's verdict on `data`: the data, the schema, this module."""
    return verdicts.key_of((data, _schema_text()), [Path(__file__)])


def schema_problems(data: Mapping) -> list[tuple[tuple, str, bool]]:
    """Every schema problem of `data` as (path, message, point at the key)."""
    return [(path, message, at_key) for path, message, at_key, _ in schema_findings(data)]


def schema_findings(data: Mapping) -> list[tuple[tuple, str, bool, list[tuple]]]:
    """Every schema problem of `data` as (path, message, point at the key, the paths it is
    also about). A document found valid before (engine/verdicts.py) is not validated again:
    jsonschema is not even loaded."""
    key = _verdict_key(data)
    if verdicts.known_valid(key):
        return []
    out = _schema_problems(data)
    if not out:
        verdicts.remember_valid(key)
    return out


def _schema_problems(data: Mapping) -> list[tuple[tuple, str, bool, list[tuple]]]:
    seen, out = set(), []
    for error in _validator().iter_errors(data):
        for leaf in _leaf_errors(error):
            for item in _schema_messages(leaf):
                if item[:2] not in seen:
                    seen.add(item[:2])
                    out.append((*item, _conditions(leaf, data)))
    # In the order of the mappings they are in; in one mapping its unknown keys first (a typo
    # `form:` also makes `from:` missing: the typo is the news).
    def order(path):  # list items by number: /steps/2 before /steps/10
        return [(0, s, "") if isinstance(s, int) and not isinstance(s, bool) else (1, 0, str(s))
                for s in path]
    out.sort(key=lambda x: (order(x[0][:-1] if x[2] else x[0]), not x[2], order(x[0])))
    unknown = {p for p, m, k, _ in out if k and m.startswith("unknown key")}
    return [x for x in out if not (x[2] and x[0] in unknown and not
                                   x[1].startswith("unknown key"))]


def _conditions(error: Any, data: Mapping) -> list[tuple]:
    """The paths of `data` tested by the `if` of each conditional on the error's way through
    the schema: "a complete ruleset lists the hand's patterns" holds unless the stakes mode is
    `score`, so a missing `patterns` is about the mode too. Only the paths there are."""
    node: Any = schema()
    depth, out = 0, []
    steps = list(error.absolute_schema_path)
    where = list(error.absolute_path)
    i = 0
    while i < len(steps) and isinstance(node, (dict, list)):
        step = steps[i]
        if step in ("then", "else") and isinstance(node, dict) and "if" in node:
            out += [tuple(where[:depth]) + q for q in _tested(node["if"])]
        if isinstance(node, dict) and "$ref" in node and step != "$ref":
            node = _resolve_ref(node["$ref"])
            continue
        if step in ("properties", "patternProperties") and i + 1 < len(steps):
            node, i, depth = node[step].get(steps[i + 1]), i + 2, depth + 1
            continue
        if step in ("additionalProperties", "items", "propertyNames"):
            depth += 1
        node = _resolve_ref(node[step]) if step == "$ref" else node[step]
        i += 1
    return [q for q in out if _present(data, q)]


def _tested(condition: Any) -> list[tuple]:
    """The relative paths an `if` looks at, the deepest first."""
    if not isinstance(condition, dict):
        return []
    out: list[tuple] = []
    for key, sub in (condition.get("properties") or {}).items():
        out += [(key,) + q for q in _tested(sub)] + [(key,)]
    out += [(key,) for key in condition.get("required") or () if (key,) not in out]
    return out


def _resolve_ref(ref: Any) -> Any:
    node: Any = schema()
    for part in str(ref).lstrip("#/").split("/"):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _present(data: Any, path: tuple) -> bool:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    return True


# ---- overlays (engine/merge.py merges them) -------------------------------------------
def load_merged(name_or_path: str) -> Merged:
    """The chain of files from `name_or_path` down to the ruleset it extends, merged. A file
    that cannot be read, a cycle or a chain too long is a RuleFileError; a change that cannot
    be made (a misspelt name) is one of `Merged.problems`, and the others are still made."""
    path = resolve(name_or_path)
    chain: list[Document] = []
    seen: list[Path] = []
    shipped: set[int] = set()
    current: Path | None = path
    sources: list[tuple[str, str]] = []
    while current is not None:
        real = current.resolve()
        shown = _display(current)
        raw = read_limited(current, shown)
        doc = load_bytes(raw, shown)
        sources.append((str(real), sha256(raw).hexdigest()))
        if real in seen:
            names = " -> ".join(_display(p) for p in seen + [real])
            raise RuleFileError(doc.problem(("extends",), f"overlays extend each other in a "
                                                          f"cycle: {names}"))
        seen.append(real)
        chain.append(doc)
        if _is_builtin(real):
            shipped.add(id(doc))
        base = doc.data.get("extends")
        if base is None:
            current = None
            continue
        if len(chain) > MAX_CHAIN:  # this file is overlay number MAX_CHAIN + 1
            raise RuleFileError(chain[0].problem(("extends",), (
                f"more than {MAX_CHAIN} overlays in a chain ({chain[0].file} -> ... -> "
                f"{shown} -> {str(base)[:100]}): at most {MAX_CHAIN} overlays may extend one "
                f"another")))
        if not isinstance(base, str):
            raise RuleFileError(doc.problem(("extends",), "`extends` is a built-in name or a "
                                                          "path to a YAML file"))
        try:
            current = resolve(base, relative_to=current.parent)
        except UsageError as e:
            raise RuleFileError(doc.problem(("extends",), e.line())) from None
    chain.reverse()
    from .merge import Merged, merge_chain

    data, origin, removals, problems = merge_chain(chain)
    return Merged(data, origin, chain, tuple(sources), removals, problems, frozenset(shipped))


def _is_builtin(real: Path) -> bool:
    return real.is_relative_to(_builtin_dir().resolve())


def _display(p: Path) -> str:
    """Built-ins are shown by their place in the package, user files as given."""
    try:
        rel = p.resolve().relative_to(_builtin_dir().resolve())
        return f"variants/{rel.as_posix()}"
    except ValueError:
        return str(p)


# ---- the whole road -----------------------------------------------------------------------
def check(name_or_path: str) -> tuple[Ruleset | None, list[Problem]]:
    """Load, merge, validate and compile; every problem found, never an exception for bad
    input (UsageError aside: an unknown name is the caller's argument, not a file's fault)."""
    rules, problems, _ = check_all(name_or_path)  # warnings too: a clean file is remembered
    return rules, problems


def check_all(name_or_path: str, warnings: bool = True, rules_needed: bool = True
              ) -> tuple[Ruleset | None, list[Problem], list[Problem]]:
    """`check`, plus (when `warnings`) the rules of a valid ruleset that can never apply.

    A document found clean before (no problem, no warning, see `_clean_key`) is not checked
    again when the caller does not need its rules (`rules_needed=False`: `validate`), and is
    compiled without the schema and the linter when it does."""
    try:
        merged = load_merged(name_or_path)
    except RuleFileError as e:
        return None, _printable(_private(e.problems, name_or_path)), []
    clean_key = _clean_key(merged.data)
    if not merged.problems and verdicts.known_valid(clean_key):
        if not rules_needed:
            return None, [], []
        try:
            return _compile(merged, name_or_path), [], []
        except Exception:  # noqa: BLE001 (a spoilt memory: check it as any other document)
            pass
    from . import lint
    from .compiler import CompileProblems

    found = schema_findings(merged.data)
    rules: Ruleset | None
    try:
        rules = _compile(merged, name_or_path)
        compiled: list = []
    except CompileProblems as e:
        rules = None
        compiled = [(p, m, e.related.get(i, ())) for i, (p, m) in enumerate(e.problems)]
    except Exception:
        if not found and not merged.problems:
            raise
        rules = None  # the document is not of the schema's shape: its problems say why
        compiled = []
    try:
        useless = lint.no_effect(merged.data, rules)
    except (AttributeError, KeyError, TypeError):  # not of the schema's shape: said already
        useless = []
    problems = _problems(merged, found, compiled, useless)
    if problems:
        return None, _printable(_private(problems, name_or_path)), []
    assert rules is not None
    if not warnings:
        return rules, [], []
    cautions = [_place(merged, f) for f in lint.never_applies(merged.data, rules)]
    if not cautions:
        verdicts.remember_valid(clean_key)
        _remember_clean_files(merged)
    return rules, [], _printable(cautions)


def _problems(merged: Merged, found: list, compiled: list, useless: list) -> list[Problem]:
    """Every problem of a merged chain, each once, where its fix is (engine/blame.py): the
    changes that could not be made, then the schema's, the compiler's and the keys that have
    no effect."""
    from .blame import place

    said = {f.path for f in useless}
    found = [x for x in found if x[0] not in said]  # the reason beats "not allowed here"
    problems = list(merged.problems)
    problems += [place(merged, p, m, related, at_key=k) for p, m, k, related in found]
    for p, m, related in compiled:
        if found and any(p[:len(q)] == q or q[:len(p)] == p for q, _, _, _ in found):
            continue  # the schema already said what is wrong there
        problems.append(place(merged, p, m, related))
    problems += [_place(merged, f) for f in useless]
    return list(dict.fromkeys(problems))  # a line said twice is said once


def _compile(merged: Merged, name_or_path: str) -> Ruleset:
    from .compiler import compile_document

    return compile_document(merged.data, source=merged.files[-1].file,
                            source_path=str(resolve(name_or_path).resolve()))


@cache
def _engine_fingerprint() -> tuple:
    """The code that decides whether a document is clean (the engine's modules; the
    compiler's and the linter's checks are spread over them) and the schema, by name, size
    and modification time: reading half a megabyte of source at every start would cost more
    than the check it saves."""
    files = [*sorted(Path(__file__).parent.glob("*.py")),
             _package_dir("schema") / "ruleset.schema.json"]
    out = []
    for path in files:
        stat = path.stat()
        out.append((path.name, stat.st_size, stat.st_mtime_ns))
    return tuple(out)


def _file_key(real: str, digest: str) -> str:
    """A rule file by its bytes, where it is (an `extends:` is found from its folder) and the
    folder it is used from (a relative `extends:` may be found from there too)."""
    return verdicts.key_of(("clean-file", real, digest, os.getcwd(), _engine_fingerprint()), [])


def _remember_clean_files(merged: Merged) -> None:
    """Remember a clean chain by the bytes of its first file: the entry holds the files it
    extends with their digests, which must all be unchanged for the verdict to hold, and the
    merged document (marshal: it is only plain data)."""
    (top, digest), *rest = merged.sources
    kept = marshal.dumps((tuple(rest), merged.data))
    verdicts.remember(_file_key(top, digest), kept)


def known_clean(name_or_path: str) -> dict | None:
    """The merged document of a rule file when the file and every file it extends are byte
    for byte as when `check_all` found them free of problems and warnings; else None.
    `validate` then says "ok" without parsing them and imports nothing more (never the
    compiler, the schema validator or the game); `load` compiles the document kept."""
    try:
        path = resolve(name_or_path)
        kept = verdicts.recall(_file_key(str(path.resolve()), sha256(
            read_limited(path, name_or_path)).hexdigest()))
        if kept is None:
            return None
        rest, data = marshal.loads(kept)
        for other, digest in rest:
            if sha256(read_limited(other, other)).hexdigest() != digest:
                return None
    except (UsageError, RuleFileError, OSError, RuntimeError, ValueError, TypeError, EOFError):
        return None
    return data if isinstance(data, dict) else None


def _clean_key(data: Mapping) -> str:
    """What decides that a document has no problem and no warning: the document and the
    code that checks it."""
    return verdicts.key_of(("clean", data, _engine_fingerprint()), [])


def _place(merged: Merged, f: lint.Finding) -> Problem:
    """A finding at its key; but when the key comes from a base file and the user's overlay
    wrote what made it pointless (the stakes mode, say), at the overlay's line, saying where
    the key comes from and what to write."""
    user = merged.files[-1]
    owner, in_doc = merged.where(f.path)
    if owner is not user and f.cause and merged.wrote(user, f.cause):
        line, _ = owner.locate(in_doc)
        key = f.path[-1]
        what = "it" if isinstance(key, int) else f"`{key}`"
        text = f"{f.message} ({what} comes from {owner.file}:{line})"
        return merged.problem(f.cause, text + (f"; {f.fix}" if f.fix else ""))
    from .blame import place

    return place(merged, f.path, f.message, (f.cause,) if f.cause else ())


def _private(problems: list[Problem], name_or_path: str) -> list[Problem]:
    """A problem in a file outside the rule file's folder (other than a built-in) keeps its
    place but not its words: `extends:` may name any file on the machine, and its keys and
    values must not reach a terminal or a CI log through a message about someone's rules."""
    try:
        given = resolve(name_or_path)
        top = given.resolve()
    except (UsageError, OSError, RuntimeError):
        return problems
    folder = top.parent
    shown = {_display(given)} | {_display(p) for p in builtin_files().values()}
    out = []
    for p in problems:
        if p.file in shown:
            out.append(p)
            continue
        try:
            inside = Path(p.file).resolve().is_relative_to(folder)
        except (OSError, RuntimeError, ValueError):
            inside = False
        out.append(p if inside else Problem(
            p.file, p.line, p.column, "", f"a problem in this file, which is outside the "
            f"folder of {_display(given)}: its contents are not shown (check the file itself)"))
    return out


def _printable(problems) -> list[Problem]:
    """Keys and names from a file reach the messages and paths: a newline in a quoted key
    must not break the one-line format, nor an escape sequence reach the terminal."""
    def clean(text):
        if text is None or text.isprintable():
            return text
        return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                       for c in text)
    return [Problem(clean(p.file), p.line, p.column, clean(p.path), clean(p.message))
            for p in problems]


_cache: dict[tuple, Ruleset] = {}


def load(name_or_path: str) -> Ruleset:
    """The compiled ruleset, or RuleFileError with every problem. Compiled once per file
    version: a simulation asking again gets the same object."""
    path = resolve(name_or_path)
    key = (str(path.resolve()), path.stat().st_mtime_ns)
    if key in _cache:
        return _cache[key]
    clean = known_clean(name_or_path)
    if clean is not None:
        from .compiler import compile_document
        try:
            known = compile_document(clean, source=_display(path),
                                     source_path=str(path.resolve()))
        except Exception:  # noqa: BLE001 (a spoilt memory: checked as any other file below)
            pass
        else:
            _cache[key] = known
            return known
    rules, problems = check(name_or_path)
    if problems or rules is None:
        raise RuleFileError(problems)
    _cache[key] = rules
    return rules


def load_hands(name_or_path: str) -> Any:
    """What `score` needs: for a file found clean before, its deck and hand values compiled
    alone (`compiler.HandRules`: the turn, stakes and game classes are never imported); the
    whole `Ruleset` otherwise, with every problem reported as `load` reports it."""
    clean = known_clean(name_or_path)
    if clean is not None:
        from .compiler import compile_hands
        try:
            hands = compile_hands(clean)
        except Exception:  # noqa: BLE001 (a spoilt memory: `load` checks it as any other file)
            hands = None
        if hands is not None:
            return hands
    return load(name_or_path)
