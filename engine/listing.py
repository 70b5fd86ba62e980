"""A step's legal moves: one function per step, made once when the rules are compiled.

Listing the moves is the hot path of every decision, so the function for a step is written
out for its options, as straight-line code: each option's guards called in turn, then its one
move added when its primitive says it has only one (`shape`: "always", or "if_zone" when its
zone is not empty), else its own lister called. The code is generated from the options (as
`dataclasses` generates `__init__`), and everything it refers to (guards, moves, zone names,
listers) is passed to it as a value, never written into its text: a loop over the options
doing the same measured about twice the instructions. A guard that is one expression
(`guards.expressed`) is written in line, its values passed under names of its own.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import Action, Lister, Option

#: statements (a function body's lines) and the values they name
Code = tuple[list[str], dict[str, Any]]


def legal_moves(options: Sequence[Option], tables: Sequence[Mapping[tuple, Action]],
                listers: Sequence[Lister]) -> Lister:
    """The closure `(state, player) -> [Action]` listing a step's legal moves, in option
    order: `tables` holds each option's moves by their cards, `listers` each option's own
    lister (its primitive's)."""
    code = listing_code(options, tables, listers)
    if code is None:
        return listers[0]
    lines, env = code
    exec("\n".join(["def legal(st, p):", *lines, "    return out"]), env)  # only `env`'s names
    legal: Lister = env["legal"]
    return legal


def listing_code(options: Sequence[Option], tables: Sequence[Mapping[tuple, Action]],
                 listers: Sequence[Lister], prefix: str = "") -> Code | None:
    """The statements listing a step's legal moves of player `p` into `out` (indented for a
    function's body), and the values they name (each name starting with `prefix`): what
    `legal_moves` makes its function of, and what the code written for a ruleset's turn
    (turn_code.py) writes in line. None when the step's listing is one option's own lister."""
    if len(options) == 1 and not options[0].guards and \
            getattr(listers[0], "inline", None) is None:
        return None
    env: dict[str, Any] = {}
    body: list[str] = []
    for i, (o, actions, lister) in enumerate(zip(options, tables, listers)):
        tests = []
        for j, guard in enumerate(o.guards):
            tests.append(_test(guard, f"{prefix}g{i}_{j}", env))
        single = actions.get(())  # (none when the rules were refused before building them)
        if o.shape in ("always", "if_zone") and single is not None:
            env[f"{prefix}a{i}"] = single
            if o.shape == "if_zone":
                env[f"{prefix}z{i}"] = o.zone
                tests.append(f"zones[{prefix}z{i}]")
            add = f"out.append({prefix}a{i})"  # a specialized call: not through a bound method
        elif (written := getattr(lister, "inline", None)) is not None:  # statements in line
            template, values = written
            for key, value in values.items():
                env[f"{prefix}l{i}_{key}"] = value
            add = template.format(**{k: f"{prefix}l{i}_{k}" for k in values})
        else:
            env[f"{prefix}l{i}"] = lister
            add = f"out += {prefix}l{i}(st, p)"
        pad = "        " if tests else "    "
        add = "\n".join(pad + line for line in add.splitlines())
        body.append(f"    if {' and '.join(tests)}:\n{add}" if tests else add)
    head = ["    out = []"]
    if any("zones[" in line for line in body):
        head.append("    zones = st.zones")
    return [*head, *body], env


def _test(guard: Any, name: str, env: dict[str, Any]) -> str:
    """The code testing one guard: its expression in line when it has one (its values under
    names starting with `name`), else a call of it."""
    inline = getattr(guard, "inline", None)
    if inline is None:
        env[name] = guard
        return f"{name}(st, p)"
    template, values = inline
    for key, value in values.items():
        env[f"{name}_{key}"] = value
    return f"({template.format(**{k: f'{name}_{k}' for k in values})})"
