"""From a schema-valid document to a compiled `Ruleset`, with the checks a schema cannot make.

The schema says a pattern's `ranks` is a list of rank codes; only here do we know the deck, so
only here can "the deck has no rank X" be said. Every such problem is collected with the path
of the node that caused it (so the caller can point at file:line:column), and compilation goes
on to find the others: an author fixes a file in one pass, not one error at a time.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import cards as cards_mod
from .errors import CardError
from .keywords import ParamPath, Registry, Unit, as_data, one_key
from .patterns import PATTERN_KINDS, Pattern, Valuation, limited, suit_free, table_cost

# The turn, the stakes and the compiled rules' classes are imported by the methods that build
# them: the deck and the hand values (`compile_hands`, all that `score` needs) are compiled
# without them, and `score` starts that much sooner (tests/test_startup.py).
if TYPE_CHECKING:
    from .rules import (
        Action,
        DealStep,
        DeckOrigin,
        KnockRule,
        Lister,
        Option,
        Ruleset,
        SettleRule,
        Stakes,
        Step,
        Trigger,
        Zone,
    )

Path = tuple


class CompileProblems(Exception):
    """Raised with every (path, message) found; the caller turns paths into positions.

    `related[i]` lists other paths problem i is equally about (a trigger needing an instant
    pattern is about the patterns too): with overlays, the caller points at whichever of them
    the latest file wrote, because that is the change that broke the rules."""

    def __init__(self, problems: list[tuple[Path, str]], related: dict | None = None):
        super().__init__(problems[0][1] if problems else "invalid ruleset")
        self.problems = problems
        self.related = related or {}


DIRECTIONS = {"clockwise": 1, "counterclockwise": -1, "stays": 0}

# Compiling builds an action per card (per card pair for `swap`), and the first game values
# every possible hand once; past these sizes that would take minutes or gigabytes, so the file
# is refused instead, from counts made before any of that work (docs/language.md, "Size
# limits").
MAX_CARDS = 208  # four 52-card decks
#: The first game values every possible hand (`patterns.table_cost` says what that costs from
#: the kinds' measured costs, before any of it): at most this much CPU on the 2-core development
#: machine and this much memory, half of what `validate` and the first game of `simulate` are
#: promised (5 s, 500 MB), so that the rest of the work has room to spare.
MAX_TABLE_SECONDS = 2.5
MAX_TABLE_MB = 250
MAX_ACTIONS = 300_000  # actions built for all options (a `swap` of 52 cards is 2704 of them)
MAX_VALUE = 10 ** 15  # card and hand values: exact as floats, and sums cannot overflow
#: lives one payment takes: each is paid (and told) one by one, so 10^18 would never end
MAX_PAYMENT = 1000
#: what a problem of a key that the stakes mode gives no meaning is also about: the mode when
#: the overlay wrote it (the problem is shown there), else the stakes it changed
_MODE = (("stakes", "mode"), ("stakes",))


def _scores_cards(stakes: Mapping | None) -> bool:
    """The stakes as written choose a mode that scores the cards taken (its hands need no
    patterns)."""
    from .stakes_modes import mode_of
    mode = mode_of(stakes)
    return mode is not None and mode.scores_cards


def _hand_too_large(spec: Mapping, deck: cards_mod.Deck, size: int) -> tuple[Path, str] | None:
    """A hand's value is at most MAX_VALUE too: `size` cards of the largest value may not add
    up to more (the first game sums every hand). (where the value was written, why) or None."""
    most, code = max(((abs(r.value), r.code) for r in deck.ranks), default=(0, ""))
    joker = (spec.get("jokers") or {}).get("value")
    where: Path | None = None
    if isinstance(joker, (int, float)) and abs(joker) > most:
        most, where = abs(joker), ("deck", "jokers", "value")
    if size * most <= MAX_VALUE:
        return None
    shown = int(most) if most == int(most) else most
    why = (f"a hand of {size} cards worth {shown} each would be worth {size * shown}: "
           f"`hand.size` times the largest card value must stay at most 10^15")
    return where or _value_written(spec, code), why


def _value_written(spec: Mapping, code: str) -> Path:
    """Where the value of the rank `code` was written: `deck.values`, the rank itself."""
    given = next((k for k in spec.get("values") or {} if _code(k) == code), None)
    if given is not None:
        return ("deck", "values", given)
    for i, rank in enumerate(spec.get("ranks") or []):
        if _code(rank.get("code")) == code:
            return ("deck", "ranks", i, "value")
    return ("deck",)


def _code(x) -> str:
    """Rank codes may be written as YAML ints (`ranks: [7, 8, 9]`)."""
    return str(x)


class _Compiler:
    def __init__(self, data: Mapping, source: str, source_path: str = ""):
        self.d = data
        self.source = source
        self.source_path = source_path
        self.problems: list[tuple[Path, str]] = []
        self.related: dict[int, tuple] = {}
        self._actions, self._too_many_actions = 0, False  # MAX_ACTIONS
        self._key_counts: dict[Any, int] = {}
        self._deck: cards_mod.Deck | None = None
        self._valuation: Valuation | None = None
        self._zones: dict[str, Zone] = {}
        self._step_names: list[str] = []

    def error(self, path: Path, message: str, also: Sequence[Sequence[Any]] = ()) -> None:
        if also:
            self.related[len(self.problems)] = tuple(tuple(a) for a in also)
        self.problems.append((tuple(path), message))

    def value_in_range(self, path: Path, x) -> bool:
        """Card and hand values are summed and shown as floats: a 400-digit int cannot be."""
        if isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) > MAX_VALUE:
            self.error(path, "this number is too large for a card or hand value (at most 10^15)")
            return False
        return True

    # ---- deck -----------------------------------------------------------------------------
    def deck(self) -> cards_mod.Deck | None:
        spec = self.d.get("deck") or {}
        if "preset" in spec and spec["preset"] is not None:
            name = spec["preset"]
            if name not in cards_mod.PRESETS:
                self.error(("deck", "preset"), f"unknown deck preset {name!r}; known: "
                           f"{', '.join(cards_mod.PRESETS)}")
                return None
            base = cards_mod.preset_spec(name)
            suits = spec.get("suits") or base["suits"]
            ranks = spec.get("ranks") or base["ranks"]
        else:
            suits, ranks = spec.get("suits"), spec.get("ranks")
            if not suits or not ranks:
                self.error(("deck",), "a deck needs a `preset` or both `suits` and `ranks`")
                return None
        ranks = [dict(r, code=_code(r["code"])) for r in ranks]
        if not all([self.value_in_range(("deck", "ranks", i, "value"), r.get("value"))
                    for i, r in enumerate(ranks)] +
                   [self.value_in_range(("deck", "values", k), v)
                    for k, v in (spec.get("values") or {}).items()]):
            return None
        for what, items in (("suits", suits), ("ranks", ranks)):
            seen = set()
            for i, item in enumerate(items):
                if item["code"] in seen:
                    self.error(("deck", what, i, "code"), f"code {item['code']!r} is used twice")
                seen.add(item["code"])
        values = spec.get("values") or {}
        rank_codes = [r["code"] for r in ranks]
        for code in values:
            if _code(code) not in rank_codes:
                self.error(("deck", "values", code), self._no_rank(code, rank_codes))
        ranks = [dict(r, value=values.get(r["code"], values.get(_int_or(r["code"]), r["value"])))
                 for r in ranks]
        removed_ranks, removed_cards = set(), set()
        suit_codes = [s["code"] for s in suits]
        for i, item in enumerate(spec.get("remove") or []):
            code = _code(item)
            if code in rank_codes:
                removed_ranks.add(code)
            elif len(code) >= 2 and code[:-1] in rank_codes and code[-1] in suit_codes:
                removed_cards.add(code)
            else:
                self.error(("deck", "remove", i), f"{code!r} is neither a rank "
                           f"({' '.join(rank_codes)}) nor a card of this deck")
        ranks = [r for r in ranks if r["code"] not in removed_ranks]
        if not ranks:
            self.error(("deck",), "the deck has no cards left")
            return None
        copies = spec.get("copies", 1) or 1
        jokers = self.jokers(spec.get("jokers"), suits, ranks)
        total = len(suits) * len(ranks) * copies + (jokers or {}).get("count", 0)
        if total > MAX_CARDS:
            self.error(("deck", "copies") if "copies" in spec else ("deck",),
                       f"a deck of {total} cards is more than "
                       f"{MAX_CARDS}, the most a ruleset may use")
            return None
        return cards_mod.build_deck(suits, ranks, copies, removed_cards=removed_cards,
                                    jokers=jokers)

    def jokers(self, spec: Any, suits: list, ranks: list) -> dict | None:
        """`deck.jokers`: {count, wild: true} or {count, value: N}; None when absent or wrong
        (after saying why)."""
        if not spec:
            return None
        path = ("deck", "jokers")
        wild, value = bool(spec.get("wild")), spec.get("value")
        if wild == (value is not None):
            self.error(path, "say what a joker is: `wild: true` (it stands for the best card "
                       "for the hand) or `value: N` (it counts N and joins any suit)")
            return None
        if not self.value_in_range(path + ("value",), value):
            return None
        code = cards_mod.JOKER_CODE
        if any(str(r["code"]) + str(s["code"]) == code for r in ranks for s in suits):
            self.error(path, f"a joker is written {code}, but this deck already has a card "
                       f"{code}")
            return None
        return dict(spec)

    def deck_origin(self) -> DeckOrigin:
        """What `explain` says about where the deck came from (see `DeckOrigin`)."""
        from .rules import DeckOrigin

        spec = self.d.get("deck") or {}
        preset = cards_mod.PRESETS.get(spec.get("preset") or "")
        ranks = tuple(c for c, *_ in preset["ranks"]) if preset else ()
        removed = tuple(_code(x) for x in spec.get("remove") or [])
        known = {_code(r["code"]) for r in spec.get("ranks") or []} | set(ranks)
        return DeckOrigin(ranks, len(preset["suits"]) if preset else 0,
                          tuple(c for c in removed if c not in known),
                          spec.get("copies", 1) or 1)

    @staticmethod
    def _no_rank(code, rank_codes) -> str:
        return f"the deck has no rank {code!r} (its ranks: {' '.join(rank_codes)})"

    def rank_indices(self, deck, codes, path) -> list[int]:
        out = []
        index = {r.code: i for i, r in enumerate(deck.ranks)}
        for i, code in enumerate(codes):
            c = _code(code)
            if c not in index:
                self.error(path + (i,), self._no_rank(c, list(index)), also=[("deck",)])
            else:
                out.append(index[c])
        return out

    # ---- hand valuation -------------------------------------------------------------------
    def valuation(self, deck) -> Valuation | None:
        hand = self.d.get("hand") or {}
        size = hand.get("size", 3)
        patterns = []
        names = set()
        for i, spec in enumerate(hand.get("patterns") or []):
            path = ("hand", "patterns", i)
            if spec["name"] in names:
                self.error(path + ("name",), f"pattern name {spec['name']!r} is used twice")
            names.add(spec["name"])
            kind = self.known(PATTERN_KINDS, spec["kind"], path + ("kind",), "pattern kind")
            if kind is None:
                continue
            matcher = self.unit(kind, spec, path)
            if spec.get("cards") is not None and spec["cards"] > size:
                self.error(path + ("cards",), f"a hand holds {size} cards: a pattern cannot "
                           f"use {spec['cards']}", also=(("hand", "size"),))
            elif matcher is not None:
                matcher = limited(kind, spec, matcher)
            value = spec.get("value", "sum")
            if not (self.value_in_range(path + ("value",), value) and
                    self.value_in_range(path + ("sum",), spec.get("sum"))):
                continue
            words = as_data({k: v for k, v in spec.items()
                            if k not in ("name", "kind", "label", "tier", "value", "instant")})
            patterns.append(Pattern(spec["name"], dict(spec.get("label") or {}),
                                    spec.get("tier", 0), None if value == "sum" else value,
                                    bool(spec.get("instant", False)), matcher,
                                    spec["kind"], words))
        if not patterns and not _scores_cards(self.d.get("stakes")):
            self.error(("hand", "patterns"), "a ruleset needs at least one hand pattern "
                       "(e.g. {name: suit, kind: best_suit, value: sum})")
            return None
        ranking = self.d.get("ranking") or {}
        tiebreak = ranking.get("tiebreak") or []
        suit_idx = {s.code: i for i, s in enumerate(deck.suits)}
        order = []
        for i, code in enumerate(ranking.get("suit_order") or []):
            if code not in suit_idx:
                self.error(("ranking", "suit_order", i), f"the deck has no suit {code!r} "
                           f"(its suits: {' '.join(suit_idx)})")
            else:
                order.append(suit_idx[code])
        if "suit" in tiebreak and not ranking.get("suit_order"):
            self.error(("ranking", "tiebreak"), "the `suit` tie-break needs `suit_order`")
        if size > len(deck.cards):
            self.error(("hand", "size"), f"a hand of {size} cards from a deck of "
                       f"{len(deck.cards)}")
            return None
        too_large = _hand_too_large(self.d.get("deck") or {}, deck, size)
        if too_large is not None:
            self.error(too_large[0], too_large[1], also=[("hand", "size")])
        if patterns and not self.table_fits(deck, size, tiebreak):
            return None
        if self.problems:
            return None
        return Valuation(deck, patterns, size, tiebreak, order, suit_free(patterns, tiebreak))

    def table_fits(self, deck: cards_mod.Deck, size: int, tiebreak: Sequence[str]) -> bool:
        """Whether the table of every hand fits the budget (MAX_TABLE_SECONDS, MAX_TABLE_MB);
        if not, says so with the counts. A ruleset without patterns builds no table."""
        specs = [p for p in (self.d.get("hand") or {}).get("patterns") or []
                 if p["kind"] in PATTERN_KINDS]
        cost = table_cost(deck, size, specs, tiebreak)
        if cost.seconds <= MAX_TABLE_SECONDS and cost.megabytes <= MAX_TABLE_MB:
            return True
        self.error(("hand", "size"), also=[("deck",), ("hand", "patterns")], message=
                   f"too many hands to value: hands of {size} cards from a deck of "
                   f"{len(deck.cards)}: {cost}, more than the {MAX_TABLE_SECONDS:g} s and "
                   f"{MAX_TABLE_MB} MB the table of hands may take (use a smaller hand or "
                   f"deck, or fewer or cheaper patterns)")
        return False

    # ---- zones, deal, turn ----------------------------------------------------------------
    def zones(self) -> dict[str, Zone]:
        from .rules import Zone

        out = {}
        for name, spec in (self.d.get("zones") or {}).items():
            if name in ("players", "hand"):
                self.error(("zones", name), f"{name!r} is reserved: players' hands are implicit")
            out[name] = Zone(name, (spec or {}).get("visibility", "hidden"),
                             (spec or {}).get("owner"))
        return out

    def need_zone(self, zones, name, path) -> None:
        if name not in zones:
            known = ", ".join(zones) or "none declared"
            self.error(path, f"no zone named {name!r} (zones: {known})")

    def deal(self, zones) -> tuple[tuple[DealStep, ...], str | None, int]:
        from .rules import DealStep

        spec = self.d.get("deal") or {}
        steps, to_zones = [], 0
        per_player = 0
        for i, s in enumerate(spec.get("steps") or []):
            targets = tuple(s["to"])
            for j, t in enumerate(targets):
                if t != "players":
                    self.need_zone(zones, t, ("deal", "steps", i, "to", j))
                    if t in zones and zones[t].owner == "side":
                        self.error(("deal", "steps", i, "to", j), f"cards are dealt to "
                                   f"players, not to sides: {t!r} is owned by each side")
            count, rounds = s.get("count", 1), s.get("rounds", 1)
            per_player += count * rounds * targets.count("players")
            owned = sum(1 for t in targets if t in zones and zones[t].owner == "player")
            self._dealt_owned = getattr(self, "_dealt_owned", 0) + count * rounds * owned
            to_zones += count * rounds * sum(1 for t in targets
                                             if t != "players" and not (t in zones and
                                                                        zones[t].owner))
            steps.append(DealStep(targets, count, rounds))
        rest = spec.get("rest")
        if rest is not None:
            self.need_zone(zones, rest, ("deal", "rest"))
        if not steps:
            self.error(("deal", "steps"), "the deal gives no cards")
        self._dealt = (per_player, to_zones)
        return tuple(steps), rest, per_player

    def turn(self, zones, deck, valuation) -> tuple[Any, dict[str, Step], bool]:
        from .listing import legal_moves
        from .rules import Step

        spec = self.d.get("turn") or {}
        raw_steps = spec.get("steps") or {}
        start = spec.get("start")
        if start not in raw_steps:
            self.error(("turn", "start"), f"no step named {start!r} (steps: "
                       f"{', '.join(map(str, raw_steps)) or 'none'})")
        steps: dict[str, Step] = {}
        can_knock = False
        for name, options in raw_steps.items():
            compiled: list[Option] = []
            tables: list[Mapping[tuple, Action]] = []
            listers: list[Lister] = []
            if not options:
                self.error(("turn", "steps", name), "a step needs at least one option")
            self.unique_names(options or [], ("turn", "steps", name), "option")
            for i, o in enumerate(options or []):
                path = ("turn", "steps", name, i)
                made = self.option(name, i, o, path, zones, deck, raw_steps)
                if made is not None:
                    opt, table, lister = made
                    compiled.append(opt)
                    tables.append(table)
                    listers.append(lister)
                    can_knock = can_knock or opt.knocks
            steps[name] = Step(name, tuple(compiled),
                               legal_moves(compiled, tables, listers),
                               tuple(tables))
        return start, steps, can_knock

    def _error_under(self, path: Path) -> Callable[[Sequence[Any], str], None]:
        """A problem reporter for a nested compile step, placing its paths under `path`."""
        def report(at: Sequence[Any], message: str) -> None:
            self.error(path + tuple(at), message)
        return report

    def unique_names(self, entries, path: Path, what: str) -> None:
        """Named entries of a list (an overlay changes them by name) are named once."""
        seen: set = set()
        for i, e in enumerate(entries):
            name = e.get("name") if isinstance(e, Mapping) else None
            if name is not None and name in seen:
                self.error(path + (i, "name"), f"{what} name {name!r} is used twice")
            seen.add(name)

    def guard(self, spec, path):
        from .guards import GUARDS

        found = one_key(spec)
        if found is None:
            self.error(path, "a guard is a mapping with exactly one key")
            return lambda st, p: True
        key, param = found
        unit = self.known(GUARDS, key, path, "guard")
        if unit is None:
            return lambda st, p: True
        guard = self.unit(unit, param, path + (key,))
        return guard if guard is not None else (lambda st, p: True)

    # ---- keyword units --------------------------------------------------------------------
    def known(self, registry: Registry[Any], name: Any, path: Path, what: str) -> Any:
        """The unit called `name`, or None after saying it is unknown and what is known."""
        unit = registry.get(name)
        if unit is None:
            self.error(path, f"unknown {what} {name!r}; known: {', '.join(registry)}")
        return unit

    def unit(self, unit: Unit, param: Any, path: Path) -> Any:
        """Compile one keyword unit at `path`: check the names it declares, then call its
        compile step with a context that reports problems relative to `path`. None (after
        saying why) when a name it holds is not declared: the file is refused anyway."""
        if not self.check_refs(unit, param, path):
            return None
        return unit.compile(param, _UnitContext(self, path))

    def check_refs(self, unit: Unit, param: Any, path: Path) -> bool:
        """Every zone, step and pattern the unit's parameter names must be declared; False
        (after saying why) when one is not."""
        ok = True
        for ref in unit.refs:
            name = ref.find(param)
            if name is None:
                continue
            where = path + ref.at
            if ref.names == "zone":
                if name not in self._zones:
                    self.need_zone(self._zones, name, where)
                    ok = False
            elif ref.names == "step":
                if name not in self._step_names:
                    self.error(where, f"no step named {name!r} (steps: "
                               f"{', '.join(map(str, self._step_names)) or 'none'})")
                    ok = False
            elif ref.names == "pattern":
                ok = self.need_pattern(name, where) and ok
        return ok

    def need_pattern(self, name: Any, path: Path) -> bool:
        patterns = self._valuation.patterns if self._valuation is not None else ()
        if name == "instant":
            if not any(p.instant for p in patterns):
                self.error(path, also=[("hand", "patterns")], message=
                           f"`{path[-1]}: instant` but no pattern says `instant: true`")
                return False
            return True
        names = [p.name for p in patterns]
        if name not in names:
            self.error(path, f"no pattern named {name!r} (patterns: {', '.join(names)})")
            return False
        return True

    def option(self, step, index, o, path, zones, deck, raw_steps
               ) -> tuple[Option, Mapping[tuple, Action], Lister] | None:
        """The option, every Action it can produce (by cards) and its legal-move closure."""
        from .primitives import EFFECTS, PRIMITIVES
        from .rules import Option, make_action, spec_of

        kind = o["do"]
        prim = self.known(PRIMITIVES, kind, path + ("do",), "action")
        if prim is None:
            return None
        params = {k: v for k, v in o.items() if k not in ("do", "if", "then", "effects", "label")}
        for key in (prim.schema or {}).get("required") or ():
            if key not in params:
                self.error(path, f"`do: {kind}` needs `{key}:`")
                return None
        self.check_refs(prim, params, path)
        params = prim.compile(params, _UnitContext(self, path))
        guards = tuple(self.guard(g, path + ("if", j)) for j, g in enumerate(o.get("if") or []))
        then = o.get("then")
        if then is not None and then not in raw_steps:
            self.error(path + ("then",), f"no step named {then!r}")
        if then == step:
            self.error(path + ("then",), "an option cannot lead back to its own step")
        effects, knocks = [], prim.knocks
        for j, e in enumerate(o.get("effects") or []):
            (key, param), = e.items()
            unit = self.known(EFFECTS, key, path + ("effects", j), "effect")
            if unit is None:
                continue
            knocks = knocks or unit.knocks
            effect = self.unit(unit, param, path + ("effects", j, key))
            if effect is not None:
                effects.append(effect)
        zone = params.get(prim.zone_param) if prim.zone_param else None
        opt = Option(step, index, kind, prim.role, params, guards, then, tuple(effects),
                     dict(o.get("label") or {}), knocks, prim.apply, zone, prim.shape,
                     conditions=tuple(spec_of(g) for g in o.get("if") or []),
                     effect_specs=tuple(spec_of(e) for e in o.get("effects") or []),
                     unit=prim)
        if kind not in self._key_counts:
            self._key_counts[kind] = len(prim.keys(len(deck.cards)))
        self._actions += self._key_counts[kind]
        if self._actions > MAX_ACTIONS:  # the file fails; the option is still checked
            if not self._too_many_actions:
                self._too_many_actions = True
                self.error(path, f"too many actions: the options so far offer {self._actions} "
                           f"card choices, more than {MAX_ACTIONS} (fewer `swap` options?)")
            return opt, {}, lambda st, p: []
        actions = {cards: make_action(opt, cards) for cards in prim.keys(len(deck.cards))}
        return opt, actions, prim.lister(opt, actions, len(deck.cards))

    def knock_rule(self) -> KnockRule:
        """`knock.last_turns` compiled by its unit (the default unit's when it is not said)."""
        from .knock import LAST_TURNS

        path = ("knock", "last_turns")
        name = (self.d.get("knock") or {}).get("last_turns")
        unit = LAST_TURNS.default() if name is None else self.known(
            LAST_TURNS, name, path, "knock rule")
        unit = unit or LAST_TURNS.default()
        assert unit is not None, "a knock rule says default=True"
        return unit.compile(None, _UnitContext(self, path))

    def owned_sources(self, steps: Mapping[str, Step], zones: Mapping[str, Zone]
                      ) -> tuple[str, ...]:
        """The owned zones options play from (a capture from each player's own pile)."""
        out = set()
        for st in steps.values():
            for o in st.options:
                key = o.unit.plays_from
                source = str(o.params.get(key)) if key else ""
                if source in zones and zones[source].owner:
                    out.add(source)
        return tuple(sorted(out))

    def triggers(self, zones, valuation) -> dict[str, tuple[Trigger, ...]]:
        from .rules import Trigger, spec_of
        from .triggers import CONDITIONS, EVENTS, OUTCOMES

        out: dict[str, list[Trigger]] = {e: [] for e in EVENTS}
        self.unique_names(self.d.get("triggers") or [], ("triggers",), "trigger")
        for i, t in enumerate(self.d.get("triggers") or []):
            path = ("triggers", i)
            ok = True
            cond = None
            found = one_key(t.get("if"))
            if found is not None:
                key, param = found
                unit = self.known(CONDITIONS, key, path + ("if",), "condition")
                if unit is None:
                    continue
                cond = self.unit(unit, param, path + ("if", key))
                ok = cond is not None
            do, zone = t["do"], None
            found = one_key(do)
            if found is not None:
                do, zone = found
            outcome = self.known(OUTCOMES, do, path + ("do",), "outcome")
            if outcome is None:
                continue
            if outcome.on_discard_pile:
                zone = self.reshuffle_pile(path + ("do",), do)
            run = self.unit(outcome, zone, path + (("do", do) if found else ("do",)))
            on = t["on"]
            event = EVENTS.get(on)
            if event is not None and event.needs_pass and not self._can_pass:
                self.error(path + ("on",), f"`{on}` can never happen: no option passes",
                           also=[("turn", "steps")])
            if not ok or run is None or on not in EVENTS:
                continue
            when = t.get("when") or []
            if when:
                cond = self.trigger_when(cond, when, path, on)
            out[on].append(Trigger(
                on, cond, do, zone, t.get("winner"), bool(t.get("best_only", False)),
                spec_of(t["if"]) if t.get("if") else None, i, run,
                tuple(spec_of(g) for g in when)))
        return {k: tuple(v) for k, v in out.items()}

    def trigger_when(self, cond, when: list, path: Path, on: str):
        """`when:` guards (the round, the turn, a knock) on a trigger: its condition holds only
        while they all do. After the deal nobody is acting, so guards on a player's hand make
        no sense there."""
        from .guards import needs_player
        from .triggers import at_deal
        guards = tuple(self.guard(g, path + ("when", j)) for j, g in enumerate(when))
        for j, g in enumerate(when):
            if at_deal(on) and needs_player(g):
                self.error(path + ("when", j), f"after the deal nobody is acting: "
                           f"`{next(iter(g))}` reads the acting player's hand (use "
                           f"`if: {{holds: ...}}`)")

        def fires(st, p):
            for g in guards:
                if not g(st, p):
                    return None
            return cond(st, p) if cond is not None else []
        return fires

    def reshuffle_pile(self, path: Path, outcome: str) -> str | None:
        """The pile an outcome such as `reshuffle` turns into a new stock: the one zone the
        options discard to (no zone has to be called `discard`)."""
        if (self.d.get("deal") or {}).get("rest") is None:
            self.error(path, f"`{outcome}` makes a new stock, but the deal has no stock: give "
                       "`deal: {rest: ZONE}`", also=[("deal",)])
        steps = (self.d.get("turn") or {}).get("steps") or {}
        piles = sorted({str(o[key]) for opts in steps.values() for o in opts or []
                        if isinstance(o, Mapping) and (key := _discards_to(o)) and key in o})
        if len(piles) == 1:
            return piles[0]
        why = (f"the options discard to {', '.join(piles)}" if piles
               else "no option discards")
        self.error(path, f"`{outcome}` shuffles the discard pile into a new stock but {why}: "
                   f"it needs exactly one pile to discard to", also=[("turn", "steps")])
        return None

    # ---- stakes, settlement, end ----------------------------------------------------------
    def stakes(self) -> Stakes:
        """The stakes: the mode's unit checks what it needs; a key the mode does not take is
        compiled as absent (its default), so that nothing reads a key with no effect."""
        from .rules import Stakes
        from .stakes_modes import DEFAULT, MODES, key_default

        s = self.d.get("stakes") or {}
        mode = self.known(MODES, s.get("mode", DEFAULT), ("stakes", "mode"), "stakes mode")
        if mode is None:
            mode = MODES[DEFAULT]  # said; the rest is still checked
        else:
            self.unit(mode, s, ("stakes",))

        def value(key: str) -> Any:
            return s.get(key, key_default(key)) if key in mode.keys else key_default(key)
        re = value("reentry") or {}
        return Stakes(mode, value("lives"), bool(value("into_pot")), bool(value("last_chance")),
                      re.get("who"), re.get("lives", key_default("reentry", "lives")),
                      value("ante") or 0, value("bankroll") or 0,
                      as_data({key: value(key) for key in mode.keys}))

    def settle_rule(self, key, mode) -> SettleRule:
        from .rules import SettleRule
        from .settlement import (
            PAY_POLICIES,
            RULE_DEFAULTS,
            TIE_POLICIES,
            default_policy,
            foreign_key,
            own_keys,
        )

        s = (self.d.get("settle") or {}).get(key) or {}
        path = ("settle", key)
        pay, ties = (str(s.get(what) or getattr(default_policy(reg, key, mode), "name", ""))
                     for what, reg in (("pay", PAY_POLICIES), ("ties", TIE_POLICIES)))
        choose = self.policy(PAY_POLICIES, "pay", pay, mode, path, s)
        break_ties = self.policy(TIE_POLICIES, "ties", ties, mode, path)
        stray = foreign_key(pay, s)
        if stray is not None:
            self.error(path + (stray[0],), f"`{stray[0]}` is for `pay: {stray[1]}`; with "
                       f"`pay: {pay}` it has no effect")
        lives = s.get("lives", RULE_DEFAULTS["lives"])
        for what in ("lives", "knocker_lives"):
            if isinstance(s.get(what), int) and s[what] > MAX_PAYMENT:
                self.error(("settle", key, what), f"a payment of {s[what]} lives is more than "
                           f"{MAX_PAYMENT}, the most one hand may cost")
        below = s.get("points_below")
        if isinstance(below, int) and below > MAX_PAYMENT:
            self.error(path + ("points_below",), f"`points_below: {below}` would charge a "
                       f"payer up to {below} points, more than {MAX_PAYMENT}, the most one hand "
                       f"may cost")
        elif below is not None:
            if not mode.prices_hands:
                from .stakes_modes import MODES
                needs = " or ".join(f"`stakes: {{mode: {m.name}}}`" for m in MODES.units()
                                    if m.prices_hands)
                self.error(path + ("points_below",), also=_MODE, message=
                           f"`points_below` counts penalty points from the hands: it needs "
                           f"{needs}, not a {mode.name} game")
            elif s.get("knocker_lives") is not None or s.get("lives") is not None:
                what = "knocker_lives" if s.get("knocker_lives") is not None else "lives"
                self.error(path + ("points_below",), also=[path + (what,)], message=
                           f"`{what}` has no effect with `points_below` (each payer takes "
                           f"{below} minus his hand): set `{what}: null`")
        unit = PAY_POLICIES.get(pay)
        own = {k: s[k] for k in (own_keys(unit) if unit else ()) if s.get(k) is not None}
        return SettleRule(pay, lives, s.get("knocker_lives", lives),
                          bool(s.get("spare_knocker", RULE_DEFAULTS["spare_knocker"])), ties,
                          choose, break_ties, below, as_data(own))

    def policy(self, registry, key: str, name: str, mode: Any, path: Path,
               rule: Any = None) -> Any:
        """A pay or tie policy's closure; refused where the stakes mode gives it no meaning
        (the mode chooses payers, the policy takers of a pot, or the other way round)."""
        unit = self.known(registry, name, path + (key,), f"{key} policy")
        if unit is None:
            return None
        if mode.chooses not in unit.chooses:
            fits = [u.name for u in registry.units() if mode.chooses in u.chooses]
            self.error(path + (key,), also=_MODE, message=
                       f"`{key}: {name}` has no meaning in a {mode.name} game: it is for "
                       f"{' and '.join(sorted(unit.modes))} games (here use "
                       f"{' or '.join(fits)})")
            return None
        # a pay policy reads its own keys of the rule (`below`, `places`)
        return self.unit(unit, rule, path if rule is not None else path + (key,))

    # ---- sides, the first player, scoring of taken cards -----------------------------------
    def sides(self, teams, pmin, pmax) -> dict[int, tuple[tuple[int, ...], ...]]:
        """`seating.teams`: [{players: 4, sides: [[0, 2], [1, 3]]}]: with that many players
        the seats of each side play together (share their taken cards and points)."""
        out: dict[int, tuple[tuple[int, ...], ...]] = {}
        for i, t in enumerate(teams):
            n, groups = t["players"], [tuple(g) for g in t["sides"]]
            seats = sorted(s for g in groups for s in g)
            if seats != list(range(n)):
                self.error(("seating", "teams", i, "sides"), f"the sides must hold each seat "
                           f"0 to {n - 1} once")
            if not pmin <= n <= pmax:
                self.error(("seating", "teams", i, "players"), f"{n} players is outside "
                           f"{pmin}..{pmax}")
            out[n] = tuple(groups)
        return out

    def first_player(self, spec, zones):
        """`seating.first_player`: who plays first when it is not the seat after the dealer."""
        if spec is None:
            return None
        zone = spec.get("lowest_bottom") if isinstance(spec, dict) else None
        if zone is None:
            self.error(("seating", "first_player"), "say `lowest_bottom: ZONE`")
            return None
        if zones.get(zone) is None or zones[zone].owner != "player":
            self.error(("seating", "first_player", "lowest_bottom"), f"{zone!r} is not a zone "
                       f"each player owns (`owner: player`)")
            return None
        from .seating import lowest_bottom
        return lowest_bottom(zone, spec.get("by", "value"))

    def scoring(self, zones, mode, deck):
        spec = self.d.get("scoring")
        if spec is None:
            if mode.scores_cards:
                self.error(("stakes", "mode"), "a game scored by points won (`mode: score`) "
                           "needs a `scoring:` section")
            return None
        if not mode.scores_cards:
            self.error(("scoring",), "`scoring:` counts points won: it needs "
                       "`stakes: {mode: score}`", also=_MODE)
        from .tally import SCORES, Scoring, compile_event_points
        zone = spec.get("zone")
        if zones.get(zone) is None or zones[zone].owner is None:
            self.error(("scoring", "zone"), f"{zone!r} is not a zone each player or side "
                       f"owns: scoring counts the cards each side took")
        hand = []
        for i, entry in enumerate(spec.get("hand") or []):
            found = one_key(entry)
            path = ("scoring", "hand", i)
            unit = SCORES.get(found[0]) if found else None
            if found is None or unit is None:
                self.error(path, f"a scoring entry is one of: {', '.join(SCORES)}")
                continue
            key, param = found
            hand.append((key, as_data(param), self.unit(unit, param, path + (key,))))
        events = {}
        for name, e in (spec.get("events") or {}).items():
            path = ("scoring", "events", name)
            events[name] = compile_event_points(e, deck, self._error_under(path))
        leftover = spec.get("leftover")
        if leftover is not None:
            self.need_zone(zones, leftover, ("scoring", "leftover"))
        return Scoring(zone, tuple(hand), events, as_data(spec.get("events") or {}), leftover)

    # ---- everything -----------------------------------------------------------------------
    def compile(self) -> Ruleset:
        from .primitives import PRIMITIVES
        from .rules import Ruleset, SettleRule, Spec
        from .sha import sha256
        from .tally import card_worth
        from .triggers import OUTCOMES

        d = self.d
        deck = self.deck()
        if deck is None:
            raise CompileProblems(self.problems, self.related)
        # Without a valuation (bad patterns) the rest is still checked, so that every problem
        # is reported at once; only the checks that need the patterns are skipped.
        self._deck = deck
        valuation = self._valuation = self.valuation(deck)
        hand_size = valuation.hand_size if valuation else (d.get("hand") or {}).get("size", 3)
        players = d.get("players") or {}
        pmin, pmax = players.get("min", 2), players.get("max", 2)
        pdefault = players.get("default", pmin)
        if pmin > pmax:
            self.error(("players",), f"min ({pmin}) is more than max ({pmax})")
        if not pmin <= pdefault <= pmax:
            self.error(("players", "default"), f"default {pdefault} is outside {pmin}..{pmax}")
        zones = self._zones = self.zones()
        deal, rest, per_player = self.deal(zones)
        raw_steps = (d.get("turn") or {}).get("steps") or {}
        self._step_names = list(raw_steps)
        self._can_pass = any(getattr(PRIMITIVES.get(o.get("do")), "passes", False)
                             for opts in raw_steps.values() for o in (opts or []))
        start, steps, can_knock = self.turn(zones, deck, valuation)
        opening = (d.get("turn") or {}).get("opening")
        if opening is not None and opening["step"] not in steps:
            self.error(("turn", "opening", "step"), f"no step named {opening['step']!r}")
        more = self.copies_by_players(pmin, pmax)
        most = min([pmax] + [least - 1 for least, _ in more])  # players this deck deals to
        need = most * (per_player + getattr(self, "_dealt_owned", 0)) + self._dealt[1]
        if need > len(deck.cards):
            self.error(("players", "max"), f"{most} players need {need} cards to deal but the "
                       f"deck has {len(deck.cards)}", also=[("deck",), ("deal",)])
        # `hand.size` is the size of the hands valued: a ruleset without patterns (a capture
        # game) values none, and its hands are what the deal gives (an overlay may deal 9 or 10
        # over its base's 3); a deal that gives the players nothing while `hand.size` says
        # some is refused all the same (a deal step left out)
        valued = bool(valuation and valuation.patterns)
        if per_player != hand_size and deal and (valued or not per_player):
            gives = f"each player {per_player} cards" if per_player else "the players no cards"
            self.error(("deal",), f"the deal gives {gives} but `hand.size` is {hand_size}",
                       also=[("hand", "size")])
        elif not valued:
            hand_size = per_player
        triggers = self.triggers(zones, valuation) if valuation else {}
        closing = [u.name for u in OUTCOMES.units() if u.closes]
        ends = any(t.outcome in closing for ts in triggers.values() for t in ts)
        if valuation and not can_knock and not ends:
            self.error(("turn",), also=[("triggers",)], message=
                       "nothing can end a hand: no option knocks and no trigger "
                       f"ends the hand with {' or '.join(f'`{n}`' for n in closing)}")
        stakes = self.stakes()
        if stakes.mode.chooses is None:  # points won: `scoring:` says what a hand gives
            if d.get("settle"):
                self.error(("settle",), "`settle` says who pays; a game of points won "
                           "(`mode: score`) counts its points by `scoring:` instead",
                           also=[("stakes", "mode")])
            settle_win = settle_show = SettleRule("none", 0, 0, False, "none")
        else:
            settle_win = self.settle_rule("win", stakes.mode)
            settle_show = self.settle_rule("showdown", stakes.mode)
        end = d.get("end") or {}
        if not end.get("last_standing") and not end.get("hands") and not end.get("target"):
            self.error(("end",), "the game never ends: say `last_standing: true`, `hands: N` "
                       "or (points mode) `target: N`")
        elif stakes.mode.counts_to_target and not end.get("target") \
                and not end.get("hands"):
            from .stakes_modes import CURRENCIES
            counted = CURRENCIES[stakes.mode.currency].word["en"]
            self.error(("end",), f"in {stakes.mode.name} mode nobody goes out: end the game "
                       f"with `target: N` ({counted}) or `hands: N`", also=[("stakes", "mode")])
        if deck.jokers and stakes.mode.scores_cards:
            self.error(("deck", "jokers"), "jokers are for games that value hands: a game "
                       "scored by the cards taken (`mode: score`) cannot count them",
                       also=[("stakes", "mode")])
        if end.get("target") and not stakes.mode.counts_to_target:
            self.error(("end", "target"), "`target` counts penalty points: it needs "
                       "`stakes: {mode: points}`", also=_MODE)
        seating = d.get("seating") or {}
        sides = self.sides(seating.get("teams") or [], pmin, pmax)
        first_player = self.first_player(seating.get("first_player"), zones)
        scoring = self.scoring(zones, stakes.mode, deck)
        owned = tuple(n for n, z in zones.items() if z.owner)
        sources = self.owned_sources(steps, zones)
        origin = self.deck_origin()
        if self.problems or valuation is None:
            raise CompileProblems(self.problems, self.related)
        digest = sha256(_canonical_json(d).encode()).hexdigest()
        title, title_words = _text(d.get("title"))
        description, description_words = _text(d.get("description"))
        rules = Ruleset(
            name=d.get("name", "unnamed"), title=title, title_words=title_words,
            description=description, description_words=description_words, deck_origin=origin,
            source=self.source, digest=digest,
            min_players=pmin, max_players=pmax, default_players=pdefault,
            deck=deck, hand_size=hand_size, valuation=valuation,
            play_step=DIRECTIONS[seating.get("play", "clockwise")],
            deal_step=DIRECTIONS[seating.get("deal", seating.get("play", "clockwise"))],
            dealer_step=DIRECTIONS[seating.get("dealer_passes", seating.get("play", "clockwise"))],
            first_dealer=seating.get("first_dealer", "random"),
            zones=zones, deal=deal, rest_zone=rest, start_step=start, steps=steps,
            opening=(opening["player"], opening["step"]) if opening else None,
            knock_rule=self.knock_rule(),
            triggers=triggers, stakes=stakes, settle_win=settle_win,
            settle_showdown=settle_show, end_last_standing=bool(end.get("last_standing")),
            end_hands=end.get("hands"), end_target=end.get("target"),
            labels=dict(d.get("labels") or {}), data=d,
            source_path=self.source_path, sides=sides, owned_zones=owned,
            capture_sources=sources, scoring=scoring, first_player=first_player,
            card_worth=card_worth(deck, scoring) if scoring is not None else (),
            first_player_spec=Spec("lowest_bottom", as_data(seating["first_player"]))
            if seating.get("first_player") else None)
        if not more:
            return rules
        return replace(rules, by_players=self.decks_by_players(more, pmax, digest))

    def copies_by_players(self, pmin: int, pmax: int) -> list[tuple[int, int]]:
        """`deck.copies_by_players`: [(from this many players, copies)], checked: each within
        the players allowed, in increasing order."""
        out: list[tuple[int, int]] = []
        spec = (self.d.get("deck") or {}).get("copies_by_players") or []
        for i, entry in enumerate(spec):
            least, copies = entry["players"], entry["copies"]
            path = ("deck", "copies_by_players", i, "players")
            if not pmin < least <= pmax:
                self.error(path, also=[("players",)], message=
                           f"{least} players is not a number of players this game is "
                           f"played by above the least ({pmin + 1} to {pmax})")
            elif out and least <= out[-1][0]:
                self.error(path, f"list the numbers of players in increasing order "
                           f"({least} after {out[-1][0]})")
            else:
                out.append((least, copies))
        return out

    def decks_by_players(self, more: list[tuple[int, int]], pmax: int,
                         digest: str) -> tuple[tuple[int, Ruleset], ...]:
        """A ruleset per deck (`deck.copies_by_players`), compiled from this document with
        that many copies for its range of players; it keeps this file's digest, so a game
        recorded with it replays against this file."""
        out = []
        for i, (least, copies) in enumerate(more):
            upto = more[i + 1][0] - 1 if i + 1 < len(more) else pmax
            data = dict(self.d)
            data["deck"] = {k: v for k, v in dict(self.d["deck"]).items()
                            if k != "copies_by_players"}
            data["deck"]["copies"] = copies
            data["players"] = {"min": least, "max": upto, "default": least}
            try:
                rules = _Compiler(data, self.source, self.source_path).compile()
            except CompileProblems as e:
                where = ("deck", "copies_by_players", i)
                raise CompileProblems([
                    (where, f"with {least} or more players ({copies} copies): {m}")
                    for _, m in e.problems]) from None
            out.append((least, replace(rules, digest=digest, data=self.d)))
        return tuple(out)


class _UnitContext:
    """What a unit's compile step sees of the compiler (`keywords.CompileContext`): problems
    and nested guards are placed relative to the unit's own path."""

    def __init__(self, compiler: _Compiler, path: Path):
        self._c = compiler
        self._path = path
        assert compiler._deck is not None, "units compile after the deck"
        self.deck: cards_mod.Deck = compiler._deck
        self.valuation = compiler._valuation
        self.hand_size: int = (compiler.d.get("hand") or {}).get("size", 3)
        self.zones = compiler._zones
        self.end_target = (compiler.d.get("end") or {}).get("target")

    def error(self, at: ParamPath, message: str, also: Sequence[tuple] = ()) -> None:
        self._c.error(self._path + tuple(at), message, also=tuple(also))

    def rank_indices(self, codes: Sequence[Any], at: Sequence[Any]) -> list[int]:
        return self._c.rank_indices(self.deck, codes, self._path + tuple(at))

    def card_codes(self, codes: Sequence[Any], at: ParamPath) -> list[str]:
        out = []
        for j, code in enumerate(codes):
            try:
                out.append(self.deck.code(self.deck.parse(code)))
            except CardError as e:  # say which card, keep going
                self._c.error(self._path + tuple(at) + (j,), str(e))
        return out

    def compile_guard(self, spec: Mapping, at: tuple) -> Callable[[Any, int], bool]:
        return self._c.guard(spec, self._path + tuple(at))


def _discards_to(option: Mapping) -> str | None:
    """The parameter naming the pile the option's primitive discards to, if it does."""
    from .primitives import PRIMITIVES

    prim = PRIMITIVES.get(option.get("do"))
    return prim.zone_param if prim is not None and prim.discards else None


def _canonical_json(d: Any) -> str:
    import json

    try:
        return json.dumps(d, sort_keys=True, default=str)
    except TypeError:  # int and str keys in one mapping (`values: {A: 11, 7: 21}`)
        return json.dumps(_str_keys(d), sort_keys=True, default=str)


def _str_keys(x: Any) -> Any:
    import json

    if isinstance(x, Mapping):
        return {json.dumps(k) if not isinstance(k, str) else k: _str_keys(v)
                for k, v in x.items()}
    if isinstance(x, list):
        return [_str_keys(v) for v in x]
    return x


def _text(value: Any) -> tuple[str, dict[str, str]]:
    """A `title:` or `description:`: a plain string (the author's words, whatever their
    language) or words per language; returns (the words to show when the reader's language is
    not given: English first, the words per language), whitespace folded to single spaces
    because YAML's folded blocks keep a trailing newline."""
    if isinstance(value, Mapping):
        words = {lang: " ".join(str(v).split()) for lang, v in value.items() if v}
        return words.get("en") or next(iter(words.values()), ""), words
    return (" ".join(str(value).split()) if value else ""), {}


def _int_or(code: str) -> Any:
    return int(code) if code.isdigit() else code


def compile_document(data: Mapping, source: str = "<rules>", source_path: str = "") -> Ruleset:
    """Compile a schema-valid document; raises CompileProblems listing every problem."""
    return _Compiler(data, source, source_path).compile()


class HandRules:
    """What `score` needs of a ruleset: its name, deck and hand values (see `compile_hands`).
    A plain class: a dataclass costs a millisecond of start-up to define."""

    scoring = None  # hands are valued, not taken cards (capture games get a full `Ruleset`)

    def __init__(self, name: str, deck: cards_mod.Deck, valuation: Valuation):
        self.name = name
        self.deck = deck
        self.valuation = valuation
        self.hand_size = valuation.hand_size


def compile_hands(data: Mapping) -> HandRules | None:
    """The deck and hand values of a document already found valid, compiled without the turn,
    the stakes or any game class; None when the document is not one that this can serve (it
    scores taken cards, or something is not as it was when found valid): compile it whole."""
    if data.get("scoring") is not None or (data.get("deck") or {}).get("copies_by_players"):
        return None  # taken cards, or a deck by the number of players (`score --players`)
    compiler = _Compiler(data, "<rules>")
    deck = compiler._deck = compiler.deck()  # as `compile` does: the units see the deck
    if deck is None:
        return None
    valuation = compiler.valuation(deck)
    if valuation is None or compiler.problems:
        return None
    return HandRules(str(data.get("name", "unnamed")), deck, valuation)
