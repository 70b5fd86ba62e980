"""The engine: load a ruleset, compile it once, play it through a game-state API.

    from <this package> import load, GameState
    rules = load(NAME_OR_PATH)          # a built-in's name or a path to a YAML file
    state = GameState(rules, players=4, seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])

Nothing in this package names a game: every difference between rulesets is data.

The names below are imported on first use (PEP 562), so that importing one module of the
package (the command line's `errors`, say) does not import all of them.
"""
from __future__ import annotations

import importlib
from typing import Any

#: public name -> the module of this package that defines it
_WHERE = {
    "BOTS": "bots", "parse_bots": "bots",
    "CardError": "errors", "Problem": "errors", "RuleFileError": "errors",
    "UserError": "errors", "UsageError": "errors",
    "Action": "rules", "Ruleset": "rules",
    "Event": "state", "GameState": "state", "IllegalAction": "state",
    "builtin_files": "variants", "check": "variants", "load": "variants",
}

__all__ = [
    "BOTS", "Action", "CardError", "Event", "GameState", "IllegalAction", "Problem",
    "RuleFileError", "Ruleset", "UsageError", "UserError", "builtin_files", "check", "load",
    "parse_bots",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
