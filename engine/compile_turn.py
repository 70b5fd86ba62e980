"""The table and the turn: `zones:`, `deal:`, `turn:` (each step's options, their guards,
effects and every action they can produce) and `knock:`.

Each option is compiled by its primitive's unit, and each step gets its move lister
(`listing.legal_moves`), so that play never reads the YAML.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import zone_units  # noqa: F401 (registers the guard and effect on a zone's cards)
from .compilation import Compilation, UnitContext
from .knock import LAST_TURNS
from .listing import legal_moves, listing_code
from .primitives import EFFECTS, PRIMITIVES
from .rules import (
    Action,
    DealStep,
    KnockRule,
    Lister,
    Option,
    Step,
    Zone,
    make_action,
    spec_of,
)

MAX_ACTIONS = 300_000  # actions built for all options (a `swap` of 52 cards is 2704 of them)


def compile_zones(c: Compilation) -> dict[str, Zone]:
    """`zones:`: each zone's visibility and owner (players' hands are implicit)."""
    out = {}
    for name, spec in (c.d.get("zones") or {}).items():
        if name in ("players", "hand"):
            c.error(("zones", name), f"{name!r} is reserved: players' hands are implicit")
        out[name] = Zone(name, (spec or {}).get("visibility", "hidden"),
                         (spec or {}).get("owner"))
    return out


def compile_deal(c: Compilation, zones) -> tuple[tuple[DealStep, ...], str | None, int]:
    """`deal:`: the steps, the zone the rest of the deck makes, and the cards per player."""
    spec = c.d.get("deal") or {}
    steps, to_zones = [], 0
    per_player = 0
    for i, s in enumerate(spec.get("steps") or []):
        targets = tuple(s["to"])
        for j, t in enumerate(targets):
            if t != "players":
                c.need_zone(zones, t, ("deal", "steps", i, "to", j))
                if t in zones and zones[t].owner == "side":
                    c.error(("deal", "steps", i, "to", j), f"cards are dealt to "
                            f"players, not to sides: {t!r} is owned by each side")
        count, rounds = s.get("count", 1), s.get("rounds", 1)
        per_player += count * rounds * targets.count("players")
        owned = sum(1 for t in targets if t in zones and zones[t].owner == "player")
        c.dealt_owned += count * rounds * owned
        to_zones += count * rounds * sum(1 for t in targets
                                         if t != "players" and not (t in zones and
                                                                    zones[t].owner))
        steps.append(DealStep(targets, count, rounds))
    rest = spec.get("rest")
    if rest is not None:
        c.need_zone(zones, rest, ("deal", "rest"))
    if not steps:
        c.error(("deal", "steps"), "the deal gives no cards")
    c.dealt = (per_player, to_zones)
    return tuple(steps), rest, per_player


def compile_turn(c: Compilation, zones, deck, valuation) -> tuple[Any, dict[str, Step], bool]:
    """`turn:`: the first step, every step with its options and move lister, and whether
    an option knocks."""
    spec = c.d.get("turn") or {}
    raw_steps = spec.get("steps") or {}
    start = spec.get("start")
    if start not in raw_steps:
        c.error(("turn", "start"), f"no step named {start!r} (steps: "
                f"{', '.join(map(str, raw_steps)) or 'none'})")
    steps: dict[str, Step] = {}
    can_knock = False
    for name, options in raw_steps.items():
        compiled: list[Option] = []
        tables: list[Mapping[tuple, Action]] = []
        listers: list[Lister] = []
        if not options:
            c.error(("turn", "steps", name), "a step needs at least one option")
        c.unique_names(options or [], ("turn", "steps", name), "option")
        for i, o in enumerate(options or []):
            path = ("turn", "steps", name, i)
            made = compile_option(c, name, i, o, path, zones, deck, raw_steps)
            if made is not None:
                opt, table, lister = made
                compiled.append(opt)
                tables.append(table)
                listers.append(lister)
                can_knock = can_knock or opt.knocks
        steps[name] = Step(name, tuple(compiled),
                           legal_moves(compiled, tables, listers),
                           tuple(tables), listing_code(compiled, tables, listers, "list_"))
    return start, steps, can_knock


def compile_option(c: Compilation, step, index, o, path, zones, deck, raw_steps
           ) -> tuple[Option, Mapping[tuple, Action], Lister] | None:
    """The option, every Action it can produce (by cards) and its legal-move closure."""

    kind = o["do"]
    prim = c.known(PRIMITIVES, kind, path + ("do",), "action")
    if prim is None:
        return None
    params = {k: v for k, v in o.items()
              if k not in ("do", "if", "then", "then_optional", "effects", "label")}
    for key in (prim.schema or {}).get("required") or ():
        if key not in params:
            c.error(path, f"`do: {kind}` needs `{key}:`")
            return None
    c.check_refs(prim, params, path)
    params = prim.compile(params, UnitContext(c, path))
    guards = tuple(c.guard(g, path + ("if", j)) for j, g in enumerate(o.get("if") or []))
    then = o.get("then")
    if then is not None and then not in raw_steps:
        c.error(path + ("then",), f"no step named {then!r}")
    if then == step:
        c.error(path + ("then",), "an option cannot lead back to its own step")
    optional = bool(o.get("then_optional"))
    if optional and then is None:
        c.error(path + ("then_optional",), "`then_optional` needs `then:` (the step it may "
                                           "skip)")
    effects, knocks = [], prim.knocks
    for j, e in enumerate(o.get("effects") or []):
        (key, param), = e.items()
        unit = c.known(EFFECTS, key, path + ("effects", j), "effect")
        if unit is None:
            continue
        knocks = knocks or unit.knocks
        effect = c.unit(unit, param, path + ("effects", j, key))
        if effect is not None:
            effects.append(effect)
    zone = params.get(prim.zone_param) if prim.zone_param else None
    opt = Option(step, index, kind, prim.role, params, guards, then, tuple(effects),
                 dict(o.get("label") or {}), knocks, prim.apply, zone, prim.shape,
                 conditions=tuple(spec_of(g) for g in o.get("if") or []),
                 effect_specs=tuple(spec_of(e) for e in o.get("effects") or []),
                 unit=prim, then_optional=optional)
    n = len(deck.cards)
    blind_keys = prim.blind_keys if params.get("_blind") else None
    counted = (kind, blind_keys is not None)
    if counted not in c.key_counts:
        c.key_counts[counted] = len(prim.keys(n)) + (len(blind_keys(n)) if blind_keys else 0)
    c.actions += c.key_counts[counted]
    if c.actions > MAX_ACTIONS:  # the file fails; the option is still checked
        if not c.too_many_actions:
            c.too_many_actions = True
            c.error(path, f"too many actions: the options so far offer {c.actions} "
                    f"card choices, more than {MAX_ACTIONS} (fewer `swap` options?)")
        return opt, {}, lambda st, p: []
    keys = prim.keys(n) + (blind_keys(n) if blind_keys else [])
    actions = {cards: make_action(opt, cards) for cards in keys}
    return opt, actions, prim.lister(opt, actions, len(deck.cards))


def compile_knock_rule(c: Compilation, knocks: bool) -> KnockRule:
    """`knock.last_turns` compiled by its unit (the default unit's when it is not said), with
    the other problems of the file: a rule's own check (`CompileContext.knocks`) is told as
    they are. A file that names no rule is not asked whether anything knocks."""
    path = ("knock", "last_turns")
    name = (c.d.get("knock") or {}).get("last_turns")
    unit = LAST_TURNS.default() if name is None else c.known(
        LAST_TURNS, name, path, "knock rule")
    unit = unit or LAST_TURNS.default()
    assert unit is not None, "a knock rule says default=True"
    return unit.compile(None, UnitContext(c, path, knocks=None if name is None else knocks))
