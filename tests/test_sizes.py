"""Small modules (issue 16, item 3): no class over 400 lines and no function over 60 in the
interpreter, the command line, the server and the wrappers (OpenSpiel, PettingZoo), so that a
reader finds each step in a part of its own. A size is counted as the census does, from the
`def`/`class` line to the last line of its body (`end_lineno - lineno + 1`, docstring,
comments and blank lines included); a nested function or a method is counted on its own too.

The exceptions that stay are listed in `EXCEPTIONS`, each with why; an exception that has come
back under the limit fails the test as well, so that the list only shrinks."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "cli", "server", "wrappers")
MAX_CLASS, MAX_FUNCTION = 400, 60

#: (module, qualified name) -> why it is allowed to stay over the limit, for now
EXCEPTIONS: dict[tuple[str, str], str] = {
    # none: every class and function of engine/, cli/ and server/ is within the limits. An
    # entry is (path, qualified name): why it stays; one that comes back under the limit fails.
}


def census(source: str) -> list[tuple[str, str, int]]:
    """(kind, qualified name, lines) of every class and function of a module's source, the
    nested ones included: kind is "class" or "function"."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                assert child.end_lineno is not None
                found.append((kind, name, child.end_lineno - child.lineno + 1))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def oversized(source: str) -> list[tuple[str, str, int]]:
    """The classes over MAX_CLASS lines and the functions over MAX_FUNCTION of a source."""
    return [(kind, name, size) for kind, name, size in census(source)
            if size > (MAX_CLASS if kind == "class" else MAX_FUNCTION)]


def _modules() -> list[Path]:
    return [f for folder in FOLDERS for f in sorted((ROOT / folder).rglob("*.py"))]


def test_no_class_or_function_is_over_the_size_limit():
    """Every class of engine/, cli/, server/ and wrappers/ is at most 400 lines and every
    function at most 60, but for the listed exceptions."""
    modules = _modules()
    assert {"state.py", "table.py", "app.py", "openspiel.py"} <= {f.name for f in modules}
    over = {(str(f.relative_to(ROOT)), name): f"{kind} of {size} lines"
            for f in modules for kind, name, size in oversized(f.read_text(encoding="utf-8"))}
    unlisted = {where: size for where, size in over.items() if where not in EXCEPTIONS}
    assert not unlisted, (f"over {MAX_CLASS} lines (a class) or {MAX_FUNCTION} (a function): "
                          f"split it into named parts, or list it in EXCEPTIONS with why: "
                          f"{unlisted}")
    stale = sorted(where for where in EXCEPTIONS if where not in over)
    assert not stale, f"back under the limit (or gone): remove from EXCEPTIONS: {stale}"


def test_the_size_census_can_fail():
    """The census counts a function, a method and a nested function from their first line to
    their last, and names each by where it is."""
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION - 1))
    long_function = f"def long():\n{body}\n"          # MAX_FUNCTION lines: allowed
    assert oversized(long_function) == []
    assert oversized(long_function + "    x = 0\n") == [("function", "long", MAX_FUNCTION + 1)]
    method = "class C:\n    def m(self):\n        def inner():\n" + "\n".join(
        f"            y{i} = {i}" for i in range(MAX_FUNCTION)) + "\n"
    assert ("function", "C.m.inner", MAX_FUNCTION + 1) in oversized(method)
    assert ("function", "C.m", MAX_FUNCTION + 2) in oversized(method)
    big_class = "class Big:\n" + "\n".join(f"    a{i} = {i}" for i in range(MAX_CLASS)) + "\n"
    assert oversized(big_class) == [("class", "Big", MAX_CLASS + 1)]
