"""States that pickle: `pickle.loads(pickle.dumps(state))` plays on exactly as `state` does,
in this process or another.

The compiled rules are closures, which do not pickle; they travel as what they were compiled
from (`parallel.RulesRef`: the merged document, its source and digest) and are compiled again
on arrival (once per process and digest), then checked against the digest. The state travels
by its fields (`state.FIELDS`): what the rules determine (`rules.PlayFacts`: which triggers
listen, the deal plans...) is derived again, a step travels by its name and a move by its key
(step, option, cards), and the legal moves are listed again, as `resample` does. The random
streams are plain `random.Random` objects and travel as they are, so the future is the same.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import UserError
from .observation import Knowledge, RawMove

if TYPE_CHECKING:
    from .rules import Action, Ruleset
    from .state import GameState

#: the rules, what play derives from them, caches and the legal moves: made again on arrival
REMADE = ("_views", "_seen_cache", "_legal", "rules", "facts")


# ---- rules ------------------------------------------------------------------------------
def reduce_rules(rules: Ruleset) -> tuple:
    """`Ruleset.__reduce__`: its document and digest, and which of its decks by players."""
    from .parallel import RulesRef
    return (rules_from, (RulesRef.of(rules), rules.min_players, rules.max_players))


def rules_from(ref: Any, least: int, most: int) -> Ruleset:
    """The ruleset a pickle named, compiled again (once per process and digest)."""
    base = ref.compiled()
    if base.digest != ref.digest:
        raise UserError(f"the ruleset {ref.source} compiles to digest {base.digest[:12]} here, "
                        f"not {ref.digest[:12]}: the engine's version differs")
    if (base.min_players, base.max_players) == (least, most):
        return base
    for _, sub in base.by_players:
        if (sub.min_players, sub.max_players) == (least, most):
            return sub
    raise UserError(f"the ruleset {ref.source} has no deck for {least} to {most} players")


# ---- states -----------------------------------------------------------------------------
def reduce_state(st: GameState) -> tuple:
    """`GameState.__reduce__`: the rules and the fields (see the module)."""
    from .state import GameState
    fields: dict[str, Any] = {}
    for name in GameState.__slots__:
        if name in REMADE:
            continue
        fields[name] = getattr(st, name)
    fields["_step"] = st._step.name
    fields["_trail"] = [(p, a.key(), m, f) for p, a, m, f in st._trail]
    fields["_seen_base"] = _knowledge_out(st._seen_base)
    fields["_past"] = [(n, _knowledge_out(k), d, s) for n, k, d, s in st._past]
    return (state_from, (st.rules, fields))


def state_from(rules: Ruleset, fields: dict[str, Any]) -> GameState:
    """A state from its rules and fields (see `reduce_state`)."""
    from .rules import play_facts
    from .state import GameState
    st = GameState.__new__(GameState)
    st.rules = rules
    st.facts = play_facts(rules)
    for name, value in fields.items():
        setattr(st, name, value)
    st._step = rules.steps[fields["_step"]]
    st._trail = [(p, _action(rules, key), m, f) for p, key, m, f in fields["_trail"]]
    st._seen_base = _knowledge_in(rules, fields["_seen_base"])
    st._past = [(n, _knowledge_in(rules, k), d, s) for n, k, d, s in fields["_past"]]
    st._views = None
    st._seen_cache = None
    st._play_rng_shared = False  # the pickle holds its own copy of the stream
    playing = not st.is_over and not st.hand_over and st.current_player >= 0
    st._legal = st._step.legal(st, st.current_player) if playing else []
    return st


def _action(rules: Ruleset, key: tuple) -> Action:
    from .rules import make_action
    step_name, option, cards = key
    step = rules.steps[step_name]
    found = step.actions[option].get(tuple(cards)) if step.actions else None
    return found if found is not None else make_action(step.options[option], tuple(cards))


def _knowledge_out(k: Knowledge | None) -> tuple | None:
    if k is None:
        return None
    moves = tuple((m.player, m.action.key(), m.took, m.gave, m.seen) for m in k.moves)
    return (k.known, dict(k.zone_seen), moves, k.blind)


def _knowledge_in(rules: Ruleset, k: tuple | None) -> Knowledge | None:
    if k is None:
        return None
    known, zone_seen, moves, blind = k
    return Knowledge(known, zone_seen, tuple(RawMove(p, _action(rules, key), took, gave, seen)
                                              for p, key, took, gave, seen in moves), blind)
