"""The engine: load a ruleset, compile it once, play it through a game-state API.

    from <this package> import load, GameState
    rules = load(NAME_OR_PATH)          # a built-in's name or a path to a YAML file
    state = GameState(rules, players=4, seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])

Nothing in this package names a game: every difference between rulesets is data.
"""
from .bots import BOTS, parse_bots
from .errors import CardError, Problem, RuleFileError, UserError, UsageError
from .rules import Action, Ruleset
from .state import Event, GameState, IllegalAction
from .variants import builtin_files, check, load

__all__ = [
    "Action", "BOTS", "CardError", "Event", "GameState", "IllegalAction", "Problem",
    "RuleFileError", "Ruleset", "UserError", "UsageError", "builtin_files", "check",
    "load", "parse_bots",
]
