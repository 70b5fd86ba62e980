"""What a ruleset says that does nothing, and what it says that can never happen.

`validate` runs these after the schema and the compiler have accepted the shape of the rules:

* a key that has no effect where it is (`knocker_lives` in a pot game, `best_only` on a trigger
  that looks at one player, `ties: split` where nothing is split) is an error: the author
  believes it does something;
* a rule that can never apply (a knock threshold above the best hand, an instant pattern no
  hand matches, an option whose guards contradict each other, a hand that only the turn limit
  can end) is a warning, an error under `validate --strict`.

Each finding names the key at fault and, when another key made it so (the stakes mode that
makes `into_pot` pointless), that key too, with the fix to write in an overlay: when the key
comes from a base file and the overlay changed the mode, the overlay's line is the one shown.
Only `validate` imports this module.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .guard_bounds import Bounds
from .guard_bounds import number as _num
from .guards import GUARDS
from .rules import Ruleset
from .settlement import AMOUNTS, SETTLE_KEYS
from .stakes_modes import MODES, mode_of
from .triggers import CONDITIONS, EVENTS, OUTCOMES, at_deal

Path = tuple


@dataclass(frozen=True)
class Finding:
    path: Path            # the key at fault
    message: str
    cause: Path = ()      # the key that makes it so, when another one
    fix: str = ""         # what an overlay writes when the key comes from its base
    warning: bool = False


# ---- keys that have no effect -------------------------------------------------------------
def no_effect(d: Mapping[str, Any], rules: Ruleset | None) -> list[Finding]:
    """Keys that do nothing in the chosen stakes mode, settlement or trigger: a `stakes` key
    another mode takes (its unit says why), a settle rule's amounts where nobody pays."""
    out: list[Finding] = []
    stakes = d.get("stakes") or {}
    mode = mode_of(stakes)
    if mode is None:
        return out  # the schema has refused its name
    game, switch = f"a {mode.name} game", f"to switch to a {mode.name} game"
    cause = ("stakes", "mode") if "mode" in stakes else ()
    for owner, key in ((m, k) for m in MODES.units() for k in m.keys):
        if key in stakes and key not in mode.keys:
            out.append(Finding(("stakes", key), f"`{key}` has no effect in {game}: "
                               f"{owner.keys[key].why}", cause,
                               f"set `{key}: null` in your overlay {switch}"))
    if "last_chance_lasts" in mode.keys and stakes.get("last_chance_lasts") == "hand" and \
            rules is not None and not rules.stakes.last_chance:
        out.append(Finding(("stakes", "last_chance_lasts"), "`last_chance_lasts: hand` has no "
                           "effect without `last_chance: true`: a player with no lives left is "
                           "out at once", ("stakes",), "set `last_chance: true` in your overlay"))
    knocks = rules is None or any(o.knocks for st in rules.steps.values() for o in st.options)
    for which in SETTLE_KEYS:
        rule = (d.get("settle") or {}).get(which) or {}
        here = ("settle", which)
        if mode.no_payment:  # nobody pays: the mode says why the amounts mean nothing
            for key in AMOUNTS:
                if key in rule:
                    out.append(Finding(here + (key,), f"`{key}` has no effect in {game}: "
                                       f"{mode.no_payment}", cause, f"set `{key}: null` under "
                                       f"`settle.{which}` in your overlay {switch}"))
            continue
        if which == "showdown" and "spare_knocker" in rule:
            out.append(Finding(here + ("spare_knocker",), "`spare_knocker` has no effect "
                               "after a showdown: it spares a knocker when somebody else wins "
                               "the hand outright (`settle: {win: {spare_knocker: true}}`)"))
        if not knocks:
            for key in ("knocker_lives", "spare_knocker"):
                if key in rule:
                    out.append(Finding(here + (key,), f"`{key}` has no effect: no option "
                                       f"knocks", ("turn", "steps")))
    for i, t in enumerate(d.get("triggers") or []):
        if not isinstance(t, Mapping) or not t.get("best_only"):
            continue
        if not at_deal(t.get("on")):  # only an event at the deal looks at every hand
            out.append(Finding(("triggers", i, "best_only"), f"`best_only` has no effect on "
                               f"`on: {t.get('on')}`: only after the deal are several hands "
                               f"looked at at once, otherwise only the acting player's",
                               ("triggers", i, "on")))
        elif t.get("winner") == "dealer":
            out.append(Finding(("triggers", i, "best_only"), "`best_only` has no effect with "
                               "`winner: dealer`: the dealer alone wins",
                               ("triggers", i, "winner")))
    return out


# ---- rules that can never apply -----------------------------------------------------------
def never_applies(d: Mapping[str, Any], rules: Ruleset) -> list[Finding]:
    """Warnings: rules that no deal and no play can ever bring into force."""
    out: list[Finding] = []
    v = rules.valuation
    hands = _Hands(v)
    for i, p in enumerate(v.patterns):
        if not _some_hand(v, lambda c, m=p.match: m(c) is not None):
            what = "instant pattern" if p.instant else "pattern"
            out.append(Finding(("hand", "patterns", i), f"no hand of {v.hand_size} cards "
                               f"matches the {what} `{p.name}`: it can never apply (check its "
                               f"ranks, sum and the deck's values)", ("deck",),
                               warning=True))
    impossible: set[tuple[str, int]] = set()
    for step, options in ((d.get("turn") or {}).get("steps") or {}).items():
        for i, o in enumerate(options or []):
            why = _never_allowed(o.get("if") or [], hands, len(rules.deck.cards))
            if why:
                impossible.add((step, i))
                out.append(Finding(("turn", "steps", step, i, "if"), f"this option can never "
                                   f"be taken: {why}", warning=True))
    if not _a_hand_can_end(rules, impossible):
        out.append(Finding(("turn",), "no hand can end but by the 2,000-turn limit (it is then "
                           "void): no knock option can ever be taken and no trigger that ends "
                           "the hand can fire", ("triggers",), warning=True))
    out += game_never_won(d, rules)
    out += never_fired(d)
    return out


def _outcome_name(do: Any) -> Any:
    """The outcome a trigger's `do:` names (`redeal: 3` or `showdown`)."""
    return next(iter(do), None) if isinstance(do, Mapping) else do


def never_fired(d: Mapping[str, Any]) -> list[Finding]:
    """Warnings: a trigger on an event that only some outcomes make happen (its unit's
    `fired_by`: `redealt`, only after a `redeal`), in a ruleset where no trigger does any of
    them: it can never fire (a declaration of every hand dealt again, in a game that deals
    once)."""
    triggers = [t for t in d.get("triggers") or [] if isinstance(t, Mapping)]
    done = {_outcome_name(t.get("do")) for t in triggers}
    out: list[Finding] = []
    for i, t in enumerate(d.get("triggers") or []):
        event = EVENTS.get(t.get("on")) if isinstance(t, Mapping) else None
        if event is None or not event.fired_by or done & set(event.fired_by):
            continue
        names = " or ".join(f"`{o}`" for o in event.fired_by)
        out.append(Finding(("triggers", i, "on"), f"this trigger can never fire: `on: "
                           f"{event.name}` happens only when a trigger does {names}, and no "
                           f"trigger here does", ("triggers",), warning=True))
    return out


def _some_hand(v: Any, test: Any) -> bool:
    """Whether some full hand passes `test` (its cards -> bool). Looks at one hand of each
    class of equal hands (`Valuation.classes`) and stops at the first: `validate` never builds
    the whole table for a rule that holds."""
    return any(test(c) for c in v.classes().representatives())


class _Hands:
    """The hands' values, looked at once at most however many guards ask: each question
    walks on from where the last one stopped (a thousand options with `value_at_least: 40`,
    which no hand reaches, cost one walk through the hands, not a thousand), one hand of each
    class of equal hands (`Valuation.classes`)."""

    def __init__(self, v: Any):
        self._v = v
        self._walk = v.classes().representatives()
        self._top: float | None = None   # the best value of the hands walked so far

    def worth_at_least(self, n: float) -> bool:
        while self._top is None or self._top < n:
            hand = next(self._walk, None)
            if hand is None:
                return False
            value = self._v.appraise(hand)[1]
            if self._top is None or value > self._top:
                self._top = value
        return True

    def best(self) -> float:
        self.worth_at_least(float("inf"))
        assert self._top is not None
        return self._top


def _never_allowed(guards: list, hands: _Hands, cards: int) -> str:
    """Why a list of guards (all must hold) can never hold together, or '': each guard's unit
    says what it bounds (`guard_bounds`)."""
    bounds = Bounds(hands, cards)
    for g in guards:
        if not isinstance(g, Mapping) or len(g) != 1:
            continue
        (key, p), = g.items()
        unit = GUARDS.get(key)
        why = unit.bounds(p, bounds) if unit is not None and unit.bounds is not None else ""
        if why:
            return why
    return bounds.conflict()


def _a_hand_can_end(rules: Ruleset, impossible: set) -> bool:
    """Whether a hand can end but by the turn limit: an option that knocks can be taken, or a
    trigger whose outcome may end the hand has a condition that can hold (each condition's
    unit says whether it can: `ConditionUnit.may_hold`)."""
    if any(o.knocks and (step, o.index) not in impossible
           for step, st in rules.steps.items() for o in st.options):
        return True
    asked: dict[tuple[str, str], bool] = {}  # (keyword, parameter) -> it can hold (once)
    for t in (t for trigs in rules.triggers.values() for t in trigs):
        unit = OUTCOMES.get(t.outcome)
        if unit is None or not unit.may_end:
            continue
        spec = t.condition_spec
        cond = CONDITIONS.get(spec.keyword) if spec is not None else None
        if spec is None or cond is None or cond.may_hold is None:
            return True
        key = (spec.keyword, repr(spec.param))
        if key not in asked:
            asked[key] = cond.may_hold(spec.param, rules)
        if asked[key]:
            return True
    return False


def game_never_won(d: Mapping[str, Any], rules: Ruleset) -> list[Finding]:
    """Warnings: a game that only the safety net can end. A game of points won ends when a
    side reaches the target; if no side can ever score, or the most a hand can give a side
    times the hands a game may last (MAX_HANDS_PER_GAME) falls short of the target, it would
    be played to that limit (a fishing game to 10^12 played 5,000 hands, 5 to 8 s a game)."""
    from .state import MAX_HANDS_PER_GAME

    out: list[Finding] = []
    end = d.get("end") or {}
    if rules.end_hands is not None and rules.end_hands > MAX_HANDS_PER_GAME:
        out.append(Finding(("end", "hands"), f"a game stops at {MAX_HANDS_PER_GAME:,} hands, "
                           f"before its {rules.end_hands:,} hands are played", warning=True))
    out += _pot_game_drags(end, rules, MAX_HANDS_PER_GAME)
    target = rules.end_target
    if not rules.stakes.mode.scores_cards or rules.scoring is None or target is None or \
            rules.end_hands is not None:
        return out
    most = most_points_a_hand(rules)
    at = ("end", "target") if "target" in end else ("end",)
    if most <= 0:
        out.append(Finding(("scoring",), f"no side can ever score a point (nothing in "
                           f"`scoring` gives points for what the captures here make), so "
                           f"nobody reaches the target {_num(target)}: every game goes on "
                           f"until the safety net stops it at {MAX_HANDS_PER_GAME:,} hands",
                           ("scoring",), warning=True))
    elif most * MAX_HANDS_PER_GAME < target:
        out.append(Finding(at, f"nobody can reach the target {_num(target)}: a hand gives a "
                           f"side at most {_num(most)} points, so {MAX_HANDS_PER_GAME:,} hands "
                           f"(where the safety net stops a game) give at most "
                           f"{_num(most * MAX_HANDS_PER_GAME)}", ("scoring",), warning=True))
    return out


def _pot_game_drags(end: Mapping[str, Any], rules: Ruleset, limit: int) -> list[Finding]:
    """A game of stakes every hand that ends only when one player is left: each pot goes back
    to a player, so nobody goes out until a bankroll runs below the ante (a shipped pot game
    without `end.hands` played some 1,700 hands a game with the safety net lifted, and is
    stopped at MAX_HANDS_PER_GAME with it)."""
    stakes = rules.stakes
    if not stakes.mode.antes or not rules.end_last_standing or rules.end_hands is not None \
            or rules.end_target is not None:
        return []
    ratio = stakes.bankroll / max(stakes.ante, 1)
    at = ("end", "last_standing") if "last_standing" in end else ("end",)
    return [Finding(at, f"a game of stakes that ends only when one player is left can last "
                    f"very long: every pot goes back to a player, so a player goes out only "
                    f"when his bankroll of {_num(ratio)} antes runs out, hundreds of hands on "
                    f"(the safety net stops a game at {limit:,}); add `end: {{hands: N}}` "
                    f"(the best bankroll then wins)", warning=True)]


def most_points_a_hand(rules: Ruleset) -> float:
    """More than a side can score in one hand (of a game of points won): each end-of-hand
    entry asked what it gives a side that took every card, or none, with every event made on
    every turn, or none; plus the points of an event made as it happens, for the most that
    one capture can be worth, on every turn of the hand. Events no capture makes count
    nothing."""
    from .capture import events_made
    from .state import MAX_TURNS_PER_HAND

    scoring, deck = rules.scoring, rules.deck
    made = events_made(rules)
    every = list(range(len(deck.cards)))
    most = 0.0
    for events in (dict.fromkeys(made, MAX_TURNS_PER_HAND), {}):
        for sides in ([every, []], [[], every]):
            total = sum(scorer(deck, sides, [events, {}])[0] for _, _, scorer in scoring.hand)
            most = max(most, total)
    for name, points in scoring.events.items():
        if name in made:
            one = max(max(points(deck, c, [x for x in every if x != c]), points(deck, c, []))
                      for c in every)
            most += MAX_TURNS_PER_HAND * max(one, 0)
    return most
