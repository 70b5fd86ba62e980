"""No hidden conventions: the engine never depends on a zone, option or pattern being called
something. Each test renames what a built-in calls by a common name and checks the behaviour
that used to hang on the name."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from trentuno.engine import GameState, check

RENAMED_PILE = """
extends: trentuno
name: renamed-pile
zones: {discard: null, pile: {visibility: top}}
deal:
  steps:
    - {to: [players], count: 1, rounds: 3}
    - {to: [pile], count: 1}
turn:
  steps:
    choose:
      take: {from: pile}
    discard:
      discard: {to: pile}
"""


def rules_of(tmp_path: Path, text: str, name: str = "r.yaml"):
    f = tmp_path / name
    f.write_text(text.lstrip(), encoding="utf-8")
    rules, problems = check(str(f))
    assert problems == [], [p.format() for p in problems]
    return rules


def never_knock(state: GameState, turns: int) -> list[str]:
    """Draw from the stock and throw the drawn card away, `turns` times; the kinds of the
    events seen."""
    for _ in range(turns):
        acts = state.legal_actions()
        draw = [a for a in acts if a.kind == "draw" and a.zone == state.rules.rest_zone]
        assert draw, f"no draw from the stock after {state.turns_in_hand} turns"
        state.apply(draw[0])
        drawn = state.just_drawn
        state.apply(next(a for a in state.legal_actions() if a.cards == (drawn,)))
    return [e.kind for e in state.events]


def test_the_stock_is_refilled_from_a_pile_of_any_name(tmp_path):
    rules = rules_of(tmp_path, RENAMED_PILE)
    assert "discard" not in rules.zones and rules.triggers["stock_empty"][0].zone == "pile"
    state = GameState(rules, players=4, seed=3)
    kinds = never_knock(state, 120)          # 40 cards: the stock runs out several times
    assert kinds.count("reshuffle") >= 3
    assert "turn_limit" not in kinds and state.hand_number == 1


def test_reshuffle_needs_one_pile_to_discard_to(tmp_path):
    text = RENAMED_PILE.replace("pile: {visibility: top}}",
                                "pile: {visibility: top}, other: {visibility: top}}")
    text = text.replace("discard: {to: pile}",
                        "discard: {to: pile}\n      again: {do: discard, to: other}")
    f = tmp_path / "two.yaml"
    f.write_text(text.lstrip(), encoding="utf-8")
    rules, problems = check(str(f))
    assert rules is None
    assert any("it needs exactly one pile to discard to" in p.message and
               "other, pile" in p.message and p.file == str(f) for p in problems), \
        [p.format() for p in problems]


def _language_words() -> set[str]:
    """The words of the rule language itself: every key and every enumerated value of the
    schema built from the units (`discard`, `table`, `suit`, `instant`...), and the kinds of
    recorded event (`take`). A built-in may call a zone or an option by one of them; the code
    quoting it means the keyword."""
    from typing import get_args

    from trentuno.engine import schema_build
    from trentuno.engine.state import EventKind
    words: set[str] = set(get_args(EventKind))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            words.update(node.get("properties") or {})
            words.update(v for v in node.get("enum") or () if isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema_build.build())
    return words


def _glossary_lines() -> set[tuple[str, int]]:
    """The lines of `terms.ZONE_WORDS`, the words for the usual zone names ("stock": "il
    tallone"): what a zone nobody labelled is called, never what it does. The one place the
    code may quote a zone's name."""
    import ast
    path = Path(__file__).resolve().parent.parent / "engine" / "terms.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [n for n in tree.body if isinstance(n, ast.AnnAssign) and
             getattr(n.target, "id", "") == "ZONE_WORDS"]
    assert len(found) == 1
    return {("engine/terms.py", n) for n in range(found[0].lineno,
                                                  (found[0].end_lineno or 0) + 1)}


def test_the_engine_names_no_zone_option_or_pattern():
    """A guard against new conventions: no module of engine/ or cli/ (the words of explain and
    the table included) quotes a name a built-in gives to a zone, an option, a pattern or a
    trigger, unless it is a word of the language; the only quotes allowed are the glossary's,
    which says how a zone is called."""
    import re

    from trentuno.engine.variants import load_merged
    names: set[str] = set()
    for builtin in ("trentuno", "scat", "schwimmen", "trentuno-vedova"):
        d = load_merged(builtin).data
        names |= set(d.get("zones") or {})
        names |= {p["name"] for p in d["hand"]["patterns"]}
        for opts in d["turn"]["steps"].values():
            names |= {o["name"] for o in opts}
        names |= {t["name"] for t in d.get("triggers") or []}
    names -= _language_words()
    assert {"stock", "widow", "tris", "stand"} <= names
    glossary = _glossary_lines()
    found = [f"{path}:{n}: {name!r}" for path, text in _sources()
             for n, line in enumerate(text.splitlines(), 1) if (path, n) not in glossary
             for name in sorted(names) if (path, name) not in NAMES_ALLOWED
             if re.search(rf"""["']{re.escape(name)}["']""", line.split("#")[0])]
    assert not found, found


#: a built-in's name quoted where it means something else, each with why
NAMES_ALLOWED = {
    # the package's own name: the usage example of the module's docstring loads the built-in
    # ruleset by it, and PettingZoo's metadata names the environment after the package
    ("wrappers/openspiel.py", "trentuno"), ("wrappers/pettingzoo.py", "trentuno"),
}


def _frozen_writes(source: str) -> list[tuple[int, str]]:
    """Where `source` writes into an object behind its back: `object.__setattr__(...)`, a
    store into some `__dict__`, or `vars(x)[...] = `, outside a `__post_init__` (the one place
    a frozen dataclass may finish building itself)."""
    import ast
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_post_init: bool) -> None:
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_post_init = node.name == "__post_init__"
        if not in_post_init:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "__setattr__":
                found.append((line, "__setattr__"))
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                if isinstance(t, ast.Subscript) and (
                        (isinstance(t.value, ast.Attribute) and t.value.attr == "__dict__") or
                        (isinstance(t.value, ast.Call) and getattr(t.value.func, "id", "") ==
                        "vars")):
                    found.append((line, "a store into __dict__"))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("update", "setdefault") and \
                    isinstance(node.func.value, ast.Attribute) and \
                    node.func.value.attr == "__dict__":
                found.append((line, "a store into __dict__"))
        for child in ast.iter_child_nodes(node):
            visit(child, in_post_init)
    visit(ast.parse(source), False)
    return found


def test_no_frozen_object_is_changed_after_it_is_built():
    """Compiled rules are immutable: a frozen dataclass is complete when its `__post_init__`
    returns, never patched later (a cache goes on the compiled rules at compile time or
    outside them)."""
    found = [f"{path}:{line}: {what}" for path, text in _sources()
             for line, what in _frozen_writes(text)]
    assert not found, found


def test_the_frozen_write_check_can_fail():
    patched = "def cache(rules):\n    object.__setattr__(rules, '_worth', 1)\n"
    stored = "def cache(rules):\n    rules.__dict__['_worth'] = 1\n"
    built = ("class D:\n    def __post_init__(self):\n"
             "        object.__setattr__(self, 'index', {})\n")
    assert _frozen_writes(patched) == [(2, "__setattr__")]
    assert _frozen_writes(stored) == [(2, "a store into __dict__")]
    assert _frozen_writes(built) == []


def primitive_name_compares(source: str, names: set[str],
                            keys: frozenset[str] = frozenset()) -> list[int]:
    """The lines of `source` that compare something with a primitive's name (`==`, `!=`,
    `in (...)`, a `case` of a `match`). No exception: a recorded event or a hand-end reason
    that shares a primitive's name ("knock") is told by a teller chosen by kind or by its
    reason's own words (`hand_ends`), never by comparing it with the name. A name in `keys`
    may be looked up as a key (`"value_at_least" in spec`: a key of a unit's own parameter
    that is also a guard's name)."""
    import ast
    found: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.MatchValue):  # `case "draw":` compares as `==` does
            if isinstance(node.value, ast.Constant) and node.value.value in names:
                found.add(node.lineno)
            continue
        if not isinstance(node, ast.Compare):
            continue
        if isinstance(node.left, ast.Constant) and node.left.value in keys and \
                len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            continue
        sides = [node.left, *node.comparators]
        consts = [c.value for side in sides for c in (
            side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side])
            if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        if any(c in names for c in consts):
            found.add(node.lineno)
    return sorted(found)


#: the folders of the code scanned: the engine, the terminal, the server and the wrappers
#: (OpenSpiel, PettingZoo)
SCANNED = ("engine", "cli", "server", "wrappers")


def _sources() -> list[tuple[str, str]]:
    """(path, text) of every module of engine/, cli/ and server/, the units' own included."""
    root = Path(__file__).resolve().parent.parent
    return [(str(f.relative_to(root)), f.read_text(encoding="utf-8"))
            for folder in SCANNED for f in sorted((root / folder).glob("*.py"))]


def _keyword_names() -> set[str]:
    """Every unit's keyword that code could compare with: the primitives and trigger events
    all (no exception: a recorded event or a hand-end reason that shares a primitive's name is
    told by its kind's teller or its reason's words), and every other kind's, less the words
    that are also those of another closed vocabulary the code may compare with: a hand-end kind
    (`win`, `showdown`, `void`: `rules.HandEnd`), a recorded event's kind (`state.EventKind`) or
    a value of a key that is no keyword (`all` of `takes_all_over_same`)."""
    from typing import get_args

    from trentuno.engine import schema_build
    from trentuno.engine.keywords import REGISTRIES, Kind
    from trentuno.engine.rules import HandEnd
    from trentuno.engine.state import EventKind
    built = schema_build.build()
    keyword_lists = [set(r) for r in REGISTRIES.values()]
    others: set[str] = set(get_args(HandEnd)) | set(get_args(EventKind))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            enum = {v for v in node.get("enum") or () if isinstance(v, str)}
            if enum and not any(enum <= names for names in keyword_lists):
                others.update(enum)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(built)
    always = set(REGISTRIES[Kind.PRIMITIVE]) | set(REGISTRIES[Kind.TRIGGER_EVENT])
    return always | {n for names in keyword_lists for n in names} - others


#: comparisons with a keyword's name left where they are, each with its reason
KEYWORD_COMPARES_ALLOWED = {
    # JSON Schema's own keyword `not` (a validator's name in a schema error), not the guard
    ("engine/variants.py", "not"),
}


def keyword_compares(sources: list[tuple[str, str]], names: set[str]) -> list[str]:
    """`path:line: name` of every comparison with a keyword's name in `sources`, but those
    allowed and the look-ups of a key of a unit's parameter that shares a name other than a
    primitive's or an event's."""
    from trentuno.engine.keywords import REGISTRIES, Kind
    keys = frozenset(names - set(REGISTRIES[Kind.PRIMITIVE]) - set(REGISTRIES[Kind.TRIGGER_EVENT]))
    found = []
    for path, text in sources:
        lines = text.splitlines()
        for n in primitive_name_compares(text, names, keys):
            hit = {m for m in names if f'"{m}"' in lines[n - 1] or f"'{m}'" in lines[n - 1]}
            hit = {m for m in hit if (path, m) not in KEYWORD_COMPARES_ALLOWED}
            found += [f"{path}:{n}: {m!r}" for m in sorted(hit)]
    return found


def test_nothing_after_the_compiler_branches_on_a_keyword_name():
    """What the compiler, the game state, explain, the bots, the table and the server need to
    know about a move (does it knock, pass, draw from a zone, discard onto one? how is it
    said?) is its unit's role and words, never its name, so that a primitive added or renamed
    needs nothing outside its unit. Every module of engine/, cli/ and server/ is scanned, the
    units' own (primitives.py, capture.py), the bots and the table included: a unit has no
    reason to compare its own name either. The same holds for a trigger event (`on:`): what the
    code needs of one (does it happen as the cards are dealt? can it only follow a pass? how is
    a hand it ends told?) its unit says; and for every other kind's keyword."""
    names = _keyword_names()
    assert {"draw", "knock", "dealt", "lowest", "others_once", "holds", "sum_with_played",
            "knocker_spared", "zone_matches"} <= names
    sources = _sources()
    assert {"engine/bots.py", "cli/table.py", "server/app.py", "wrappers/openspiel.py"} <= {
        path for path, _ in sources}
    assert not keyword_compares(sources, names), keyword_compares(sources, names)


def test_a_keyword_compared_in_a_server_file_is_found():
    """The check fails for `kind == "draw"` planted in the server or the wrappers (as in engine/
    and cli/)."""
    names = _keyword_names()
    for path, planted in (("server/app.py", '\nif kind == "draw":\n    pass\n'),
                          ("server/table.py", '\nok = rule.pay != "lowest"\n'),
                          ("cli/table.py", '\nok = last in ("others_once",)\n'),
                          ("wrappers/openspiel.py", '\nok = a.kind == "swap_all"\n'),
                          ("wrappers/pettingzoo.py", '\nok = mode == "points_won"\n')):
        sources = [(p, t + planted if p == path else t) for p, t in _sources()]
        assert len(keyword_compares(sources, names)) == 1, (path, planted)


def test_the_protocol_s_message_types_are_compared_only_through_its_table():
    """A WebSocket message's type is a name of the protocol (`server/protocol.py`), never a
    quoted word in the server: `"move"` compared or sent anywhere else is found."""
    import ast

    from trentuno.server.protocol import MessageType
    types = {t.value for t in MessageType}
    assert {"move", "ping", "state"} <= types

    def sent(text: str) -> list[int]:  # a dict written with `"type": "<a message type>"`
        return [node.lineno for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Dict)
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == "type" and
                isinstance(v, ast.Constant) and v.value in types]
    sources = [(p, t) for p, t in _sources() if p.startswith("server/")
               and p != "server/protocol.py"]
    found = [f"{path}:{n}" for path, text in sources
             for n in primitive_name_compares(text, types) + sent(text)]
    assert not found, found


def test_the_primitive_name_check_can_fail():
    names = {"draw", "knock", "pass"}

    def lines(src: str) -> list[int]:
        return primitive_name_compares(src, names)
    assert lines("if a.kind == 'draw':\n    pass\n") == [1]
    assert lines("def f(a):\n    k = a.kind\n    return k != 'draw'\n") == [3]
    assert lines("def f(action):\n    return action.kind == 'knock'\n") == [2]
    assert lines("def f(a):\n    return a.kind in ('pass', 'knock')\n") == [2]
    assert lines("def f(ev):\n    return ev.kind == 'knock'\n") == [2]
    assert lines("def f(reason):\n    return reason == 'knock'\n") == [2]
    assert lines("match a.kind:\n    case 'deal':\n        pass\n    case 'draw' | 'pass':\n"
                 "        pass\n") == [4]
    assert lines("def f(ev):\n    return ev.kind == 'deal'\n") == []
    assert lines("TELL = {'knock': print}\n") == []
    assert primitive_name_compares("ok = 'holds' in spec\n", {"holds"}, frozenset({"holds"})) \
        == []
    assert primitive_name_compares("ok = w == 'holds'\n", {"holds"}, frozenset({"holds"})) == [1]


def test_every_kind_the_code_compares_with_is_an_event():
    """`kind == "..."` in engine/ and cli/ (the table's lines, the bots) names a recorded
    event (`state.EventKind`, which mypy checks inside the engine): a move is known by its
    role, never by its kind. cli/ sees the engine untyped, so a misspelt kind there would
    silently never match."""
    import re
    from typing import get_args

    from trentuno.engine.state import EventKind
    known = set(get_args(EventKind))
    found = [f"{path}:{n}: {m.group(1)!r}" for path, text in _sources()
             for n, line in enumerate(text.splitlines(), 1)
             for m in re.finditer(r"""kind\s*[!=]=\s*["']([a-z_]+)["']""", line)
             if m.group(1) not in known]
    assert not found, found


def test_words_and_play_do_not_branch_on_a_condition_or_guard_name():
    """What explain, play and the bots need to know about a compiled guard, effect or trigger
    condition (`Spec.keyword`) is a property of its unit (a condition that finds the holders
    of a hand, say), not its name: every module of engine/ and cli/ is scanned."""
    import re
    found = [f"{path}:{n}: {line.strip()}" for path, text in _sources()
             for n, line in enumerate(text.splitlines(), 1)
             if re.search(r"\.keyword\s*(==|!=|in\b|not in\b)", line.split("#")[0])]
    assert not found, found


def test_the_table_tells_only_recorded_events():
    """The play table tells each recorded event by a teller chosen by its kind: a kind there
    that the record never has (misspelt) would silently never be told."""
    from typing import get_args

    from trentuno.cli.table import _TELLERS
    from trentuno.engine.state import EventKind
    assert set(_TELLERS) <= set(get_args(EventKind)), set(_TELLERS) - set(get_args(EventKind))
    assert "knock" in _TELLERS and "hand_end" in _TELLERS
