"""Keyword units: every word of the rule language is one self-describing object.

A unit (a guard such as `round_at_least`, a turn primitive such as `draw`, a pay policy such as
`lowest`...) carries everything the project knows about its keyword, so that adding one is
adding one unit in one file:

* `kind` and `name`: where it is used in a ruleset and what it is called there;
* `description` and `schema`: the words an author reads (editor hover, docs/reference.md) and
  the JSON Schema fragment of its parameter; the published schema is generated from these
  (`schema_build`);
* `compile`: what the compiler calls, with the declared parameter and a `CompileContext`, to
  get the closure play runs (never the YAML);
* `refs`: the declared names (zones, steps, patterns) its parameter holds, so the compiler
  checks they exist without knowing the keyword;
* `words`: its phrases for `explain`, per language and per form (a guard is said as an adverb,
  "only in the first round", and as a clause, "it is round 1 or earlier"), each a function of
  the declared parameter and a `Terms` object (the ruleset's own words in that language).

One `Registry` per kind is the only wiring: the compiler, the schema builder, the reference
page and `explain` look keywords up there, and `unit_problems` (run by the tests) names the
unit and the part that is missing. The design follows jsonschema's keyword functions and
Ludii's ludemes: the language is the set of its units.
"""
from __future__ import annotations

import itertools
import os
import sys
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import (
    Any,
    Generic,
    Literal,
    Protocol,
    TypeVar,
)

Lang = Literal["en", "it"]
#: The languages every unit must speak.
LANGS: tuple[Lang, ...] = ("en", "it")

#: What a `Ref` names: a zone (`zones:`), a step of a turn (`turn.steps`), a hand pattern.
NameKind = Literal["zone", "step", "pattern"]

#: A path inside a unit's parameter (keys of nested mappings); () is the parameter itself.
ParamPath = tuple[str, ...]


class Kind(str, Enum):
    """The kinds of keyword; each has one registry."""
    GUARD = "guard"                          # a condition on a turn option (`if:`)
    PRIMITIVE = "primitive"                  # what a turn option does (`do:`)
    EFFECT = "effect"                        # what follows an option (`effects:`)
    TRIGGER_EVENT = "trigger_event"          # when a trigger is checked (`on:`)
    TRIGGER_CONDITION = "trigger_condition"  # whether it fires (`if:` of a trigger)
    OUTCOME = "outcome"                      # what it does (`do:` of a trigger)
    PAY_POLICY = "pay_policy"                # who pays when a hand ends (`settle.*.pay`)
    TIE_POLICY = "tie_policy"                # who pays when payers tie (`settle.*.ties`)
    PATTERN_KIND = "pattern_kind"            # what a hand pattern looks for (`kind:`)
    SCORE = "score"                          # how taken cards score (`scoring.hand`)
    STAKES_MODE = "stakes_mode"              # what a game is played for (`stakes.mode`)
    KNOCK_RULE = "knock_rule"                # who plays on after a knock (`knock.last_turns`)
    TAKE_RULE = "take_rule"                  # how a capture may take (`takes:` of a capture)


class Terms(Protocol):
    """What a unit's phrase may ask of the ruleset's words in the language it is written in.
    `explain` passes its own object; a phrase never formats a zone, a number or a pattern
    name by itself, so that labels and Italian grammar stay in one place."""

    lang: str
    rules: Any  # the compiled Ruleset

    def num(self, x: Any) -> str: ...
    def q(self, text: str) -> str: ...
    def zone(self, name: str) -> Any: ...  # a Noun: .the(lang), .prep(lang, p), .be(lang)...
    def cards(self, n: int) -> str: ...
    def own(self, thing: Mapping[str, str] | None, default: str = "") -> str: ...  # a label
    def lives(self, n: int) -> str: ...  # what a payer pays, in the stakes mode
    def stake(self, n: int) -> str: ...  # what a player holds, in the stakes mode
    def join(self, items: Sequence[str], word: str | None = None) -> str: ...
    def either(self, items: Sequence[str]) -> str: ...
    def pattern_label(self, name: str) -> str: ...
    def rank_by_code(self, code: Any) -> str: ...
    def card_name(self, code: str) -> str: ...
    def the_card(self, code: str) -> str: ...
    def knock_term(self) -> str | None: ...
    def term(self, key: str) -> str | None: ...
    def rest(self) -> Any: ...  # the Noun of the zone the undealt cards go to, or None


class CompileContext(Protocol):
    """What a unit's compile step may ask of the compiler. Paths (`at`) are relative to the
    unit's parameter, so a problem points at the right line of the rule file."""

    deck: Any       # the compiled Deck
    valuation: Any  # the compiled Valuation (None while patterns are being compiled)
    hand_size: int  # `hand.size`
    zones: Mapping[str, Any]  # the declared zones (rules.Zone), by name
    #: for a closing rule of the knock named by the file: whether an option or a trigger
    #: knocks (None for the others, and when the file names no closing rule)
    knocks: bool | None
    #: for a turn primitive: its option is in the step a blind opening begins with
    #: (`turn.opening` with `blind: true`), where the player has not seen his hand
    blind_step: bool

    def error(self, at: ParamPath, message: str, also: Sequence[tuple] = ()) -> None: ...
    def rank_indices(self, codes: Sequence[Any], at: Sequence[Any]) -> list[int]: ...
    def card_codes(self, codes: Sequence[Any], at: ParamPath) -> list[str]: ...
    def compile_guard(self, spec: Mapping, at: tuple) -> Callable[[Any, int], bool]: ...


#: A phrase: (the declared parameter, the ruleset's words in one language) -> text.
Phrase = Callable[[Any, Terms], str]
#: A unit's words: language -> form -> phrase.
Words = Mapping[str, Mapping[str, Phrase]]


@dataclass(frozen=True)
class Ref:
    """A declared name held by a unit's parameter at `at`; the compiler checks it exists.
    A pattern ref may also say `instant` (any pattern with `instant: true`)."""
    names: NameKind
    at: ParamPath = ()

    def find(self, param: Any) -> Any:
        """The name in `param`, or None when the (optional) key is absent."""
        for key in self.at:
            if not isinstance(param, Mapping):
                return None
            param = param.get(key)
        return param


@dataclass(frozen=True, kw_only=True)
class Unit:
    """One keyword: what it is, its schema, its compile step, the names it holds, its words.

    `schema` is the JSON Schema fragment of its parameter: for a keyword with a value (a guard,
    an effect, a trigger condition, an outcome with a zone) the value's schema; for a keyword
    that is chosen by name and takes sibling keys (a primitive, a pattern kind) an object
    schema `{"properties": {...}, "required": [...]}` of those keys; None for a keyword that
    takes nothing (an event, a pay or tie policy, a plain outcome)."""
    kind: Kind
    name: str
    description: str
    schema: Mapping[str, Any] | None
    compile: Callable[..., Any]
    words: Words
    refs: tuple[Ref, ...] = ()
    #: a parameter that validates against `schema`: the tests phrase it in every language
    example: Any = None

    def say(self, form: str, param: Any, terms: Terms) -> str:
        """Its phrase `form` in the language of `terms` (English when it has none there)."""
        lang = terms.lang if terms.lang in self.words else "en"
        return self.words[lang][form](param, terms)

    def phrase(self, lang: str, form: str) -> Phrase | None:
        """The unit's phrase `form` in `lang` (else in English), None when it has none: what
        the play table asks of a move's unit for its optional phrases."""
        words = self.words.get(lang) or self.words.get("en") or {}
        return words.get(form)


U = TypeVar("U", bound=Unit)

#: What a keyword of each kind takes. "one": a parameter, whose JSON Schema its unit must
#: declare (an unchecked parameter would reach its compile step as written, and crash play);
#: "none": nothing (a schema would never be read, so declaring one is a mistake too);
#: "either": unit by unit, its schema saying which (an outcome: `showdown`, `refresh: pile`).
TAKES: dict[Kind, Literal["one", "none", "either"]] = {
    Kind.GUARD: "one", Kind.PRIMITIVE: "one", Kind.EFFECT: "one",
    Kind.TRIGGER_CONDITION: "one", Kind.PATTERN_KIND: "one", Kind.SCORE: "one",
    Kind.TAKE_RULE: "one",
    Kind.TRIGGER_EVENT: "none", Kind.TIE_POLICY: "none",
    Kind.STAKES_MODE: "none", Kind.KNOCK_RULE: "none", Kind.OUTCOME: "either",
    # a pay policy may take keys of the settle rule besides the common ones (`below: 21`)
    Kind.PAY_POLICY: "either",
}

#: Every registry, by kind, in the order the unit modules create them.
REGISTRIES: dict[Kind, Registry[Any]] = {}

#: The modules that hold the units, in the order their units are listed (the schema, the
#: reference, explain): importing them fills the registries. A registry orders its units by
#: this list, then by their order in their module, never by the order modules happened to be
#: imported in (which depends on the command: a generated schema must not). Units registered
#: from elsewhere (a test's scratch units) come after, in the order they were added.
UNIT_MODULES = ("guards", "patterns", "primitives", "tally", "stakes_modes", "settlement",
                "triggers", "declare", "exchange_units", "out_of_hand", "knock", "take_rules",
                "zone_units", "round_units", "deal_scores")
_MODULE_RANK = {f"{__package__}.{m}": i for i, m in enumerate(UNIT_MODULES)}
_added = itertools.count()


def _module_rank(module: str | None) -> int:
    """A unit's module's place among the modules of units: UNIT_MODULES in order, then the
    modules of `engine/units/` (imported in the order of their names, so the order units are
    added in keeps them so), then anything else (a test's scratch units)."""
    rank = _MODULE_RANK.get(module or "")
    if rank is not None:
        return rank
    return len(UNIT_MODULES) + (0 if (module or "").startswith(f"{__package__}.units.") else 1)


def _registering_module() -> str | None:
    """The module whose code adds a unit: the first caller outside this module."""
    frame: types.FrameType | None = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    return None if frame is None else frame.f_globals.get("__name__")


class Registry(Generic[U]):
    """The units of one kind, by name, in the order they were added (the order the schema and
    the reference list them in). `forms` are the phrases every unit of the kind must have."""

    def __init__(self, kind: Kind, forms: tuple[str, ...],
                 sample: Callable[[U, Terms], Any] | None = None, needs_schema: bool = False,
                 optional: tuple[str, ...] = (), together: tuple[tuple[str, ...], ...] = (),
                 unit_type: type[Unit] = Unit, check: Callable[[U], str | None] | None = None):
        self.kind = kind
        #: why a unit of the kind cannot be added besides its schema (a stakes mode naming a
        #: currency nobody has words for), or None: refused as the unit is added, as a missing
        #: schema is, not at the first `explain` that needs it
        self.check = check
        #: what its units are: a kind whose units declare more than a `Unit` (a guard, what
        #: it reads) refuses a plain one, so none is added without saying it
        self.unit_type = unit_type
        self.forms = forms
        #: phrases a unit may have (a move's words at the table): one it has in a language it
        #: has in every language, and the forms of a `together` group come all or none
        self.optional = optional
        self.together = together
        self._sample = sample
        #: every unit of the kind must declare a schema (a primitive: the keys its options
        #: take, `{"properties": {}}` for none), so none is added without one by mistake:
        #: the kinds whose keywords take a parameter (`TAKES`)
        self.needs_schema = needs_schema or TAKES[kind] == "one"
        #: no unit of the kind may declare one (its keywords take nothing)
        self.takes_nothing = TAKES[kind] == "none"
        self._units: dict[str, U] = {}
        #: each unit's place: its module's in UNIT_MODULES, then the order it was added
        self._place: dict[str, tuple[int, int]] = {}
        REGISTRIES[kind] = self

    def add(self, unit: U) -> U:
        if unit.kind is not self.kind:
            raise ValueError(f"{unit.name!r} is a {unit.kind.value}, not a {self.kind.value}")
        if unit.name in self._units:
            raise ValueError(f"{self.kind.value} {unit.name!r} is registered twice")
        if not isinstance(unit, self.unit_type):
            raise TypeError(f"{self.kind.value} {unit.name!r} is a {type(unit).__name__}, not "
                            f"a {self.unit_type.__name__}: see its fields")
        problem = self.schema_problem(unit)
        if problem is None and self.check is not None:
            problem = self.check(unit)
        if problem is not None:
            raise ValueError(problem)
        self._units[unit.name] = unit
        self._place[unit.name] = (_module_rank(_registering_module()), next(_added))
        if len(self._units) > 1 and self._place[unit.name] < max(self._place.values()):
            ordered = sorted(self._units, key=self._place.__getitem__)
            self._units = {name: self._units[name] for name in ordered}
        return unit

    def schema_problem(self, unit: Unit) -> str | None:
        """Why `unit` cannot be registered for its schema, or None: a keyword that takes a
        parameter without the schema that checks it (`validate` would let any value through
        to its compile step), or one that takes nothing with a schema nobody reads."""
        who = f"{unit.kind.value} {unit.name!r}"
        if unit.schema is not None and not isinstance(unit.schema, Mapping):
            return f"{who}: its schema is not a JSON Schema object"
        if unit.schema is None and self.needs_schema:
            return (f"{who} has no schema: a {unit.kind.value} takes a parameter, and its unit "
                    f"declares the JSON Schema of it ({{'properties': {{}}}} when it takes none)")
        if unit.schema is not None and self.takes_nothing:
            return f"{who} declares a schema, but a {unit.kind.value} takes no parameter"
        return None

    def remove(self, name: str) -> None:
        """Take a unit out again (tests that register a scratch unit)."""
        del self._units[name]
        del self._place[name]

    def get(self, name: Any) -> U | None:
        return self._units.get(name) if isinstance(name, str) else None

    def __getitem__(self, name: str) -> U:
        return self._units[name]

    def __contains__(self, name: object) -> bool:
        return name in self._units

    def __iter__(self) -> Iterator[str]:
        return iter(self._units)

    def __len__(self) -> int:
        return len(self._units)

    def units(self) -> list[U]:
        return list(self._units.values())

    def default(self) -> U | None:
        """The unit that says `default = True` (what a file that names none plays by), if
        any: the compiler and the schema's `default` read it here."""
        return next((u for u in self._units.values() if getattr(u, "default", False)), None)

    def names(self) -> list[str]:
        return list(self._units)

    def sample(self, unit: U, terms: Terms) -> Any:
        """What the tests pass to a unit's phrases: its example parameter, or for kinds whose
        phrases take more than a parameter (a policy's words take the settle rule), what the
        registry's `sample` makes of the unit."""
        return self._sample(unit, terms) if self._sample is not None else unit.example

    def say(self, name: str, form: str, param: Any, terms: Terms) -> str:
        """The unit's phrase `form` in the language of `terms`. An unknown keyword (a ruleset
        the compiler refused) is shown as written."""
        unit = self._units.get(name)
        if unit is None:
            return f"{name}: {param}" if param is not None else str(name)
        return unit.say(form, param, terms)


def found_unit_modules() -> list[str]:
    """The modules of `engine/units/` (a contributor's units, each in a file of its own), by
    name: imported after UNIT_MODULES, without being listed anywhere."""
    from . import units
    names = {entry[:-3] for folder in units.__path__ for entry in os.listdir(folder)
             if entry.endswith(".py") and not entry.startswith("_")}
    return [f"units.{name}" for name in sorted(names)]


def registries() -> dict[Kind, Registry[Any]]:
    """Every registry, with all the unit modules imported (those UNIT_MODULES lists, then
    those found in `engine/units/`)."""
    import importlib
    for module in (*UNIT_MODULES, *found_unit_modules()):
        importlib.import_module(f"{__package__}.{module}")
    return dict(REGISTRIES)


def unit_problems(unit: Unit, registry: Registry[Any],
                  definitions: Mapping[str, Any] | None = None) -> list[str]:
    """What a unit lacks, one sentence each naming the unit and the part: an empty list when
    it is complete. The tests run it over every registered unit. `definitions` (the schema's)
    resolve the `$ref`s of its schema when its refs are checked."""
    who = f"{unit.kind.value} {unit.name!r}"
    out = []
    if not unit.description or not unit.description.strip():
        out.append(f"{who} has no description (the words shown in the schema and reference)")
    if not callable(unit.compile):
        out.append(f"{who} has no compile step")
    problem = registry.schema_problem(unit)
    if problem is not None:
        out.append(problem)
    for lang in LANGS:
        forms = unit.words.get(lang) if isinstance(unit.words, Mapping) else None
        if not forms:
            out.append(f"{who} has no words in {lang!r} (explain cannot say it)")
            continue
        for form in registry.forms:
            if not callable(forms.get(form)):
                out.append(f"{who} has no {form!r} phrase in {lang!r}")
    out += _optional_problems(unit, registry, who)
    for ref in unit.refs:
        if ref.at and not _schema_has(unit.schema, ref.at, definitions):
            out.append(f"{who} names a {ref.names} at {'.'.join(ref.at)}, a key its schema "
                       f"does not declare")
    return out


def _optional_problems(unit: Unit, registry: Registry[Any], who: str) -> list[str]:
    """An optional phrase given in one language but not another, or a form of a `together`
    group without the others (a move told to the others but not to the mover)."""
    if not isinstance(unit.words, Mapping):
        return []
    out = []
    had = {form for forms in unit.words.values() if isinstance(forms, Mapping)
           for form in forms if form in registry.optional}
    for form in registry.optional:
        if form not in had:
            continue
        for lang in LANGS:
            if not callable((unit.words.get(lang) or {}).get(form)):
                out.append(f"{who} has a {form!r} phrase but none in {lang!r}")
    for group in registry.together:
        if had & set(group) and not set(group) <= had:
            missing = ", ".join(repr(f) for f in group if f not in had)
            out.append(f"{who} has {', '.join(repr(f) for f in group if f in had)} "
                       f"but no {missing} phrase")
    return out


def _schema_has(schema: Mapping[str, Any] | None, at: ParamPath,
                definitions: Mapping[str, Any] | None) -> bool:
    for key in at:
        if not isinstance(schema, Mapping):
            return False
        ref = schema.get("$ref")
        if isinstance(ref, str):
            if definitions is None:
                return True  # cannot look: the tests pass the definitions
            schema = definitions.get(ref.rsplit("/", 1)[-1])
            if not isinstance(schema, Mapping):
                return False
        props = schema.get("properties") or {}
        if key not in props:
            return False
        schema = props[key]
    return True


def each_unit() -> Iterator[tuple[Registry[Any], Unit]]:
    """Every (registry, unit) pair, all the unit modules imported."""
    for reg in registries().values():
        for unit in reg.units():
            yield reg, unit


def one_key(spec: Any) -> tuple[str, Any] | None:
    """(key, value) of a single-key mapping such as a guard `{round_at_least: 2}`."""
    if isinstance(spec, Mapping) and len(spec) == 1:
        ((key, value),) = spec.items()
        return key, value
    return None


def as_data(x: Any) -> Any:
    """A parameter as written, with lists made tuples (hashable, and safe to share); mappings
    stay plain dicts so that compiled rules can be pickled for worker processes."""
    if isinstance(x, Mapping):
        return {k: as_data(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return tuple(as_data(v) for v in x)
    return x
