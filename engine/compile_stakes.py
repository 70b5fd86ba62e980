"""`stakes:` and `settle:`: the stakes mode (its unit checks what it needs) and, for the modes
that choose who pays, the pay and tie policies of a win and of a showdown.
"""
from __future__ import annotations

from typing import Any

from .compilation import MAX_PAYMENT, MODE_PATHS, Compilation, Path
from .keywords import as_data
from .rules import SettleRule, Stakes
from .settlement import (
    PAY_POLICIES,
    RULE_DEFAULTS,
    TIE_POLICIES,
    default_policy,
    foreign_key,
    own_keys,
)
from .stakes_modes import DEFAULT, MODES, key_default


def compile_stakes(c: Compilation) -> Stakes:
    """The stakes: the mode's unit checks what it needs; a key the mode does not take is
    compiled as absent (its default), so that nothing reads a key with no effect."""
    s = c.d.get("stakes") or {}
    mode = c.known(MODES, s.get("mode", DEFAULT), ("stakes", "mode"), "stakes mode")
    if mode is None:
        mode = MODES[DEFAULT]  # said; the rest is still checked
    else:
        c.unit(mode, s, ("stakes",))

    def value(key: str) -> Any:
        return s.get(key, key_default(key)) if key in mode.keys else key_default(key)
    re = value("reentry") or {}
    return Stakes(mode, value("lives"), bool(value("into_pot")), bool(value("last_chance")),
                  re.get("who"), re.get("lives", key_default("reentry", "lives")),
                  value("ante") or 0, value("bankroll") or 0,
                  as_data({key: value(key) for key in mode.keys}))


def settle_rule(c: Compilation, key, mode) -> SettleRule:
    """`settle.win` or `settle.showdown`: the pay and tie policies and what a payer pays."""
    s = (c.d.get("settle") or {}).get(key) or {}
    path = ("settle", key)
    pay, ties = (str(s.get(what) or getattr(default_policy(reg, key, mode), "name", ""))
                 for what, reg in (("pay", PAY_POLICIES), ("ties", TIE_POLICIES)))
    choose = policy(c, PAY_POLICIES, "pay", pay, mode, path, s)
    break_ties = policy(c, TIE_POLICIES, "ties", ties, mode, path)
    stray = foreign_key(pay, s)
    if stray is not None:
        c.error(path + (stray[0],), f"`{stray[0]}` is for `pay: {stray[1]}`; with "
                f"`pay: {pay}` it has no effect")
    lives = s.get("lives", RULE_DEFAULTS["lives"])
    for what in ("lives", "knocker_lives"):
        if isinstance(s.get(what), int) and s[what] > MAX_PAYMENT:
            c.error(("settle", key, what), f"a payment of {s[what]} lives is more than "
                    f"{MAX_PAYMENT}, the most one hand may cost")
    below = s.get("points_below")
    if isinstance(below, int) and below > MAX_PAYMENT:
        c.error(path + ("points_below",), f"`points_below: {below}` would charge a "
                f"payer up to {below} points, more than {MAX_PAYMENT}, the most one hand "
                f"may cost")
    elif below is not None:
        if not mode.prices_hands:
            needs = " or ".join(f"`stakes: {{mode: {m.name}}}`" for m in MODES.units()
                                if m.prices_hands)
            c.error(path + ("points_below",), also=MODE_PATHS, message=
                    f"`points_below` counts penalty points from the hands: it needs "
                    f"{needs}, not a {mode.name} game")
        elif s.get("knocker_lives") is not None or s.get("lives") is not None:
            what = "knocker_lives" if s.get("knocker_lives") is not None else "lives"
            c.error(path + ("points_below",), also=[path + (what,)], message=
                    f"`{what}` has no effect with `points_below` (each payer takes "
                    f"{below} minus his hand): set `{what}: null`")
    unit = PAY_POLICIES.get(pay)
    own = {k: s[k] for k in (own_keys(unit) if unit else ()) if s.get(k) is not None}
    return SettleRule(pay, lives, s.get("knocker_lives", lives),
                      bool(s.get("spare_knocker", RULE_DEFAULTS["spare_knocker"])), ties,
                      choose, break_ties, below, as_data(own))


def policy(c: Compilation, registry, key: str, name: str, mode: Any, path: Path,
           rule: Any = None) -> Any:
    """A pay or tie policy's closure; refused where the stakes mode gives it no meaning
    (the mode chooses payers, the policy takers of a pot, or the other way round)."""
    unit = c.known(registry, name, path + (key,), f"{key} policy")
    if unit is None:
        return None
    if mode.chooses not in unit.chooses:
        fits = [u.name for u in registry.units() if mode.chooses in u.chooses]
        c.error(path + (key,), also=MODE_PATHS, message=
                f"`{key}: {name}` has no meaning in a {mode.name} game: it is for "
                f"{' and '.join(sorted(unit.modes))} games (here use "
                f"{' or '.join(fits)})")
        return None
    # a pay policy reads its own keys of the rule (`below`, `places`)
    return c.unit(unit, rule, path if rule is not None else path + (key,))
