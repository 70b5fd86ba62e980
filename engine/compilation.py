"""One compilation of a document: the problems found so far, what is compiled so far, and the
checks every part of the compiler shares (a unit compiled at its path, a zone, step or pattern
that must be declared).

The parts (`compile_deck`, `compile_turn`, `compile_triggers`, `compile_stakes`,
`compile_capture`, `compile_seating`) are functions of a `Compilation`; `compiler.py` runs them
in order. Every problem is collected with the path of the node that caused it (so the caller
can point at file:line:column), and compilation goes on to find the others.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import CardError
from .keywords import ParamPath, Registry, Unit, one_key

if TYPE_CHECKING:
    from . import cards as cards_mod
    from .patterns import Valuation
    from .rules import Zone

Path = tuple

MAX_VALUE = 10 ** 15  # card and hand values: exact as floats, and sums cannot overflow
#: lives one payment takes: each is paid (and told) one by one, so 10^18 would never end
MAX_PAYMENT = 1000
#: what a problem of a key that the stakes mode gives no meaning is also about: the mode when
#: the overlay wrote it (the problem is shown there), else the stakes it changed
MODE_PATHS = (("stakes", "mode"), ("stakes",))


class CompileProblems(Exception):
    """Raised with every (path, message) found; the caller turns paths into positions.

    `related[i]` lists other paths problem i is equally about (a trigger needing an instant
    pattern is about the patterns too): with overlays, the caller points at whichever of them
    the latest file wrote, because that is the change that broke the rules."""

    def __init__(self, problems: list[tuple[Path, str]], related: dict | None = None):
        super().__init__(problems[0][1] if problems else "invalid ruleset")
        self.problems = problems
        self.related = related or {}


def code_of(x) -> str:
    """Rank codes may be written as YAML ints (`ranks: [7, 8, 9]`)."""
    return str(x)


def no_rank(code, rank_codes) -> str:
    return f"the deck has no rank {code!r} (its ranks: {' '.join(rank_codes)})"


def _always(st, p) -> bool:
    return True


class Compilation:
    """The document, the problems found in it and the parts compiled so far that later parts
    read (the deck, the hand values, the zones, the steps' names)."""

    def __init__(self, data: Mapping, source: str, source_path: str = ""):
        self.d = data
        self.source = source
        self.source_path = source_path
        self.problems: list[tuple[Path, str]] = []
        self.related: dict[int, tuple] = {}
        self.actions, self.too_many_actions = 0, False  # compile_turn.MAX_ACTIONS
        self.key_counts: dict[Any, int] = {}
        self.deck_: cards_mod.Deck | None = None
        self.valuation_: Valuation | None = None
        self.zones_: dict[str, Zone] = {}
        self.step_names: list[str] = []
        self.can_pass = False
        self.dealt_owned = 0  # cards dealt to the zones each player owns, per player
        self.dealt: tuple[int, int] = (0, 0)  # cards per player, cards to the shared zones

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

    def rank_indices(self, deck, codes, path) -> list[int]:
        out = []
        index = {r.code: i for i, r in enumerate(deck.ranks)}
        for i, code in enumerate(codes):
            c = code_of(code)
            if c not in index:
                self.error(path + (i,), no_rank(c, list(index)), also=[("deck",)])
            else:
                out.append(index[c])
        return out

    def need_zone(self, zones, name, path) -> None:
        if name not in zones:
            known = ", ".join(zones) or "none declared"
            self.error(path, f"no zone named {name!r} (zones: {known})")

    def error_under(self, path: Path) -> Callable[[Sequence[Any], str], None]:
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
        # guards.py is read only by rules with guards: `score` values hands without it
        from .guards import GUARDS, Reads

        found = one_key(spec)
        if found is None:
            self.error(path, "a guard is a mapping with exactly one key")
            return _always
        key, param = found
        unit = self.known(GUARDS, key, path, "guard")
        if unit is None:
            return _always
        if unit.reads is Reads.ZONE and not self.zone_seen(unit, param, path + (key,)):
            return _always
        guard = self.unit(unit, param, path + (key,))
        return guard if guard is not None else _always

    def zone_seen(self, unit: Unit, param: Any, path: Path) -> bool:
        """A guard that reads a zone's cards (`Reads.ZONE`) can be checked only on a zone
        everybody sees whole: of a zone each player owns there is no one set of cards, and of
        a pile that shows its top card the rest would be told by the moves offered."""
        for ref in unit.refs:
            zone = self.zones_.get(ref.find(param)) if ref.names == "zone" else None
            if zone is None:
                continue
            if zone.owner is not None:
                self.error(path + ref.at, f"`{unit.name}` reads the cards of {zone.name!r}, "
                           f"but each {zone.owner} owns one", also=[("zones", zone.name)])
                return False
            if zone.visibility == "top":
                self.error(path + ref.at, f"`{unit.name}` reads the cards of {zone.name!r}, "
                           f"of which only the top card is seen", also=[("zones", zone.name)])
                return False
        return True

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
        return unit.compile(param, UnitContext(self, path))

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
                if name not in self.zones_:
                    self.need_zone(self.zones_, name, where)
                    ok = False
            elif ref.names == "step":
                if name not in self.step_names:
                    self.error(where, f"no step named {name!r} (steps: "
                               f"{', '.join(map(str, self.step_names)) or 'none'})")
                    ok = False
            elif ref.names == "pattern":
                ok = self.need_pattern(name, where) and ok
        return ok

    def need_pattern(self, name: Any, path: Path) -> bool:
        patterns = self.valuation_.patterns if self.valuation_ is not None else ()
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


class UnitContext:
    """What a unit's compile step sees of the compilation (`keywords.CompileContext`):
    problems and nested guards are placed relative to the unit's own path."""

    def __init__(self, compilation: Compilation, path: Path, knocks: bool | None = None):
        self._c = compilation
        self._path = path
        self.knocks = knocks
        assert compilation.deck_ is not None, "units compile after the deck"
        self.deck: cards_mod.Deck = compilation.deck_
        self.valuation = compilation.valuation_
        self.hand_size: int = (compilation.d.get("hand") or {}).get("size", 3)
        self.zones = compilation.zones_
        self.end_target = (compilation.d.get("end") or {}).get("target")
        opening = (compilation.d.get("turn") or {}).get("opening") or {}
        self.blind_step = bool(opening.get("blind")) and len(path) > 2 and \
            tuple(path[:3]) == ("turn", "steps", opening.get("step"))

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
