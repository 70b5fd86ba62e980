"""The compiled ruleset: immutable objects, lookup tables and closures.

Nothing here refers back to the YAML: the compiler (compiler.py) reads the document once and
builds these; the game state (state.py) only ever reads these.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from .cards import Deck
from .keywords import as_data
from .patterns import Valuation
from .roles import DRAW, KNOCK, PASS, Role

if TYPE_CHECKING:
    from .stakes_modes import StakesMode

Guard = Callable[["object", int], bool]  # (state, player) -> allowed

# The closed sets of words the compiled rules hold, typed (the schema's enums say the same;
# keywords that are units, such as a primitive or a pay policy, are open sets and stay `str`).
#: How much of a zone the players see (`zones.*.visibility`).
Visibility = Literal["hidden", "top", "public"]
#: Who has a zone of his own (`zones.*.owner`); None: one zone for the table.
Owner = Literal["player", "side"]
#: Who re-enters when every player is out at once (`stakes.reentry.who`).
ReentryWho = Literal["all", "tied"]
#: Who wins when a `win` trigger fires (`winner:`): the players it found, or the dealer.
Winner = Literal["holders", "dealer"]
#: How the first dealer is chosen (`seating.first_dealer`).
FirstDealer = Literal["highest_cut", "lowest_cut", "random", "first_seat"]
#: Who plays the opening turn (`turn.opening.player`).
Opener = Literal["dealer", "first"]
#: How a hand ended, for the settlement: won by some players, compared, or void.
HandEnd = Literal["win", "showdown", "void"]
#: How a primitive's lister behaves, so that a step's legal-move closure can skip calling it:
#: "always" (its one action is always legal), "if_zone" (its one action is legal when its
#: zone is not empty); None: call the lister.
Shape = Literal["always", "if_zone"]


@dataclass(frozen=True)
class Spec:
    """What a compiled closure was made from: its keyword and its parameter (lists as
    tuples). Play never reads it; `explain` does, so that the rules in
    words come from the compiled rules and not from the YAML (a guard `{round_at_least: 2}` is
    `Spec("round_at_least", 2)`; `not` holds the inner guard's mapping, `any` a tuple of them).
    """
    keyword: str
    param: Any


_T = TypeVar("_T")
#: (id of a ruleset, what is made of it) -> (the ruleset, weakly; what was made)
_MADE_ONCE: dict[tuple[int, Hashable], tuple[weakref.ref, Any]] = {}


def made_once(rules: Any, what: Hashable, make: Callable[[], _T]) -> _T:
    """`make()`, once per ruleset and `what`: what games and bots derive from a compiled
    ruleset (a simulation starts thousands of games, each with new bots). Held weakly: a
    ruleset no longer used takes its entries along."""
    key = (id(rules), what)
    found = _MADE_ONCE.get(key)
    if found is not None and found[0]() is rules:
        return found[1]
    made = make()
    _MADE_ONCE[key] = (weakref.ref(rules), made)
    weakref.finalize(rules, _MADE_ONCE.pop, key, None)
    return made


def spec_of(entry: Mapping) -> Spec:
    """A one-key mapping (`{round_at_least: 2}`) as a `Spec`."""
    (key, param), = entry.items()
    return Spec(key, as_data(param))


@dataclass(frozen=True, eq=False, slots=True)
class Action:
    """One legal move: the option it comes from and the cards it names.

    Actions are built once per (option, cards) and reused, so identity comparison is cheap and
    `legal_actions()` allocates almost nothing during play. `make_action` builds one (its
    card mask included); nothing changes an Action afterwards.

    What the move is, the bots and the table ask of its `role` (`a.role is DRAW`, see
    `roles`), and how it is said, of its option's unit (`option_ref.unit`); `kind`, the
    primitive's keyword as the file writes it (any registered primitive), is for records and
    messages only."""
    kind: str                    # the primitive's keyword (records, messages)
    role: Role                   # what the move is, declared by its primitive's unit
    step: str
    option: int                  # index of the option within its step
    cards: tuple[int, ...] = ()  # the cards it names, as its unit's keys say (a discard:
    #                              (card,); a swap: (hand card, zone card); a capture: (card
    #                              played, cards taken...); a draw: ())
    labels: Mapping[str, str] = field(default_factory=dict)
    zone: str | None = None   # the zone the move takes from or gives to, if any
    option_ref: Any = field(default=None, repr=False, compare=False)  # its Option (hot path)
    bits: int = field(default=0, repr=False, compare=False)  # its cards as a bit mask

    def key(self) -> tuple:
        """Stable identity for records and comparisons across processes."""
        return (self.step, self.option, self.cards)


def make_action(option: Option, cards: tuple[int, ...]) -> Action:
    """The Action of `option` naming `cards`, with its card mask."""
    return Action(option.kind, option.role, option.step, option.index, cards, option.labels,
                  option.zone, option, sum(1 << c for c in set(cards)))


def action_maker(option: Option, limit: int) -> Callable[[tuple[int, ...]], Action]:
    """`make_action` for a lister whose moves are too many to make at compile time (captures,
    exchanges): each made the first time its cards are seen and kept for the next time, at
    most `limit` of them (past it the store starts again: a long run of new moves keeps memory
    small)."""
    made: dict[tuple[int, ...], Action] = {}

    def action(cards: tuple[int, ...]) -> Action:
        a = made.get(cards)
        if a is None:
            if len(made) >= limit:
                made.clear()
            a = made[cards] = make_action(option, cards)
        return a
    return action


#: (state, player) -> the legal Actions of one option, or of one step
Lister = Callable[[Any, int], list]


@dataclass(frozen=True, eq=False, slots=True)
class Option:
    """One compiled turn option. Its Actions point back at it, so they are built after it and
    kept by its `Step` (`Step.actions`) with the closure that lists the legal ones.

    `role` and `unit` are what everything after the compiler asks of the move (its shape, and
    its unit's words for choosing and telling it); `is_pass`, `is_knock` and `draws_from` are
    derived from the role once, for the game state's hot path."""
    step: str
    index: int
    kind: str                         # the primitive's keyword (records, messages)
    role: Role                        # what the move is (its primitive unit's role)
    params: Mapping[str, object]      # the primitive's parameters (zone names, flags)
    guards: tuple[Guard, ...]
    then: str | None                  # the next step of the turn (a key of Ruleset.steps)
    effects: tuple[Callable, ...]     # (state, player) -> None
    labels: Mapping[str, str]
    knocks: bool                      # the option knocks/stands (itself or by an effect)
    run: Callable                     # the primitive's (state, option, action, player)
    zone: str | None = None        # the zone the primitive takes from or gives to
    shape: Shape | None = None     # the primitive's (see primitives.py)
    conditions: tuple[Spec, ...] = ()  # the guards (`if:`) as written, for words
    effect_specs: tuple[Spec, ...] = ()  # the effects as written, for words
    #: the primitive unit (primitives.Primitive): its words for choosing and telling the move
    unit: Any = field(default=None, repr=False)
    #: `then_optional`: the next step is played only when it offers a move, else the turn ends
    then_optional: bool = False
    #: its primitive passes: a whole round of such moves is the `all_passed` event
    is_pass: bool = field(init=False)
    #: its primitive itself knocks (not only through an effect)
    is_knock: bool = field(init=False)
    #: the zone whose top card the option takes into the hand (a draw), if any
    draws_from: str | None = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_pass", self.role is PASS)
        object.__setattr__(self, "is_knock", self.role is KNOCK)
        object.__setattr__(self, "draws_from", self.zone if self.role is DRAW else None)


@dataclass(frozen=True, eq=False, slots=True)
class Step:
    """One step of a turn. Compared by identity: the engine asks whether the step to play is
    one of a few (`step in steps`) every turn, and value equality would be a Python call."""
    name: str
    options: tuple[Option, ...]
    legal: Lister  # (state, player) -> [Action]: the options' guards and expansions, fused
    #                into one closure by the compiler
    #: per option (same order): every Action it can produce, built once, by its cards
    actions: tuple[Mapping[tuple, Action], ...] = ()
    #: the statements of `legal` and the values they name (listing.listing_code), which the
    #: code of the turn writes in line; None when `legal` is one option's own lister
    code: tuple[list[str], dict[str, Any]] | None = None


@dataclass(frozen=True)
class Trigger:
    on: str                          # dealt, action, turn_end, all_passed, stock_empty
    condition: Callable | None    # (state, player) -> list of holders, or None if it fails
    outcome: str                     # the outcome's keyword (triggers.OUTCOMES)
    zone: str | None = None       # refresh: the zone to deal again
    winner: Winner | None = None     # win: "holders" (default) or "dealer"
    best_only: bool = False
    condition_spec: Spec | None = None  # the condition (`if:`) as written, for words
    index: int = 0                   # its place in the file's `triggers:` list
    #: the outcome's closure (state, trigger, holders, event) -> True if it ended the hand
    run: Any = field(default=None, repr=False, compare=False)
    when: tuple[Spec, ...] = ()      # guards on the round, turn...: the trigger fires only then
    #: the outcome's parameter as written (`do: {refresh: table}`: "table"), for its words
    param: Any = None


@dataclass(frozen=True)
class KnockRule:
    """`knock.last_turns` compiled by its unit (`knock.LAST_TURNS`): what the game state asks
    after a knock. The hand ends when the turn would come back to the knocker and, with
    `ends_with_round`, as soon as the round of the knock is over (the dealer has played).
    `unit` holds its words (explain's sentence, the table's line for a knock)."""
    name: str
    ends_with_round: bool
    unit: Any = field(default=None, repr=False, compare=False)
    #: the knocker has one more turn too, the last of the hand
    knocker_plays_last: bool = False
    #: (state, the knocker) -> the seat before whose turn the hand ends; None: the knocker's
    #: (a rule of its own, "only the next player plays", says another)
    stop_before: Any = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class DealStep:
    targets: tuple[str, ...]         # "players" or zone names
    count: int
    rounds: int


@dataclass(frozen=True)
class Zone:
    name: str
    visibility: Visibility
    owner: Owner | None = None       # None: one zone for the table; "player"/"side": one each


@dataclass(frozen=True)
class DeckOrigin:
    """Where the deck came from, for words: the preset's full rank list (to say "a 52-card
    deck without the 2 to 6"), the single cards taken out, the copies of each card."""
    preset_ranks: tuple[str, ...]    # every rank of the preset it starts from; () for none
    preset_suits: int                # how many suits that preset has
    removed_cards: tuple[str, ...]
    copies: int


@dataclass(frozen=True)
class Stakes:
    """The compiled `stakes:`. `mode` is the mode's unit (stakes_modes): what a hand costs, who
    is out, how standing reads are asked of it, never of its name."""
    mode: StakesMode
    lives: int
    into_pot: bool
    last_chance: bool
    reentry_who: ReentryWho | None
    reentry_lives: int
    ante: int
    bankroll: int
    #: every key the mode takes, as written or its default: what a mode reads of its own keys
    own: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SettleRule:
    pay: str                         # the pay policy (settlement.PAY_POLICIES)
    lives: int
    knocker_lives: int
    spare_knocker: bool
    ties: str                        # the tie policy (settlement.TIE_POLICIES)
    #: the pay policy's closure (state, winners, outcome) -> players chosen, and the tie
    #: policy's (state, chosen, outcome) -> who pays / takes the pot (see `settlement`)
    choose: Any = field(default=None, repr=False, compare=False)
    break_ties: Any = field(default=None, repr=False, compare=False)
    #: `points_below: N`: a payer takes N minus the value of his hand instead of `lives`
    points_below: int | None = None
    #: the keys its pay policy takes besides these, as written (`below: 21`, `places`)
    own: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str                       # the title as written (its English words when it gives
    description: str                 # several languages); see `title_in`, `description_in`
    source: str                      # where it was loaded from
    digest: str                      # hash of the merged document: identifies the rules
    min_players: int
    max_players: int
    default_players: int
    deck: Deck
    hand_size: int
    valuation: Valuation
    play_step: int                   # +1 clockwise, -1 counterclockwise (seats number clockwise)
    deal_step: int
    dealer_step: int                 # 0: the dealer stays
    first_dealer: FirstDealer
    zones: Mapping[str, Zone]
    deal: tuple[DealStep, ...]
    rest_zone: str | None
    start_step: str
    opening: tuple[Opener, str] | None  # (dealer|first, step): an extra turn before the first
    steps: Mapping[str, Step]
    knock_rule: KnockRule            # who plays on after a knock (`knock.last_turns`)
    triggers: Mapping[str, tuple[Trigger, ...]]   # by `on`
    stakes: Stakes
    settle_win: SettleRule
    settle_showdown: SettleRule
    end_last_standing: bool
    end_hands: int | None
    end_target: int | None        # what a mode counting to a target ends the game at
    labels: Mapping[str, Mapping[str, str]]
    data: Mapping = field(repr=False, default_factory=dict)  # the merged document (worker
    #                                                         processes recompile it; explain
    #                                                         reads the compiled objects)
    source_path: str = ""            # the file to load it again from (worker processes)
    #: lang -> words, when the file gives `title:`/`description:` per language (`{en, it}`)
    title_words: Mapping[str, str] = field(default_factory=dict)
    description_words: Mapping[str, str] = field(default_factory=dict)
    deck_origin: DeckOrigin = DeckOrigin((), 0, (), 1)
    #: players at the table -> the sides (seats playing together); absent: each seat alone
    sides: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    #: zones each player or side owns (`owner:`), and those a capture plays from
    owned_zones: tuple[str, ...] = ()
    capture_sources: tuple[str, ...] = ()
    #: how a tie for the lead at `end_target` is decided, step by step (`end.countback`): -1
    #: the side that reached the target first as the hand's points were counted, else the
    #: index of the `scoring.hand` entry whose count in that hand is compared; () play on
    end_countback: tuple[int, ...] = ()
    #: the compiled `scoring:` section (tally.Scoring) of a game scored by points won
    scoring: Any = None
    #: (state, seats in play order) -> the seat that plays first, when the ruleset says
    first_player: Callable | None = None
    first_player_spec: Spec | None = None
    #: a capture game: a rough worth of taking each card (tally.card_worth), for the bots
    card_worth: tuple[float, ...] = ()
    #: `deck.copies_by_players`: (from this many players, the ruleset with that deck), in
    #: increasing order; a game picks its own with `for_players`
    by_players: tuple[tuple[int, Ruleset], ...] = field(default=(), repr=False, compare=False)
    #: `turn.opening.blind`: the opening player does not see his own hand during the opening
    #: turn (see `GameState.unseen_hand`)
    opening_blind: bool = False

    def __deepcopy__(self, memo: dict) -> Ruleset:
        """Immutable: a deep copy is itself."""
        return self

    def __reduce__(self) -> tuple:
        """Pickled by its document and digest, compiled again on arrival (see pickling)."""
        from .pickling import reduce_rules
        return reduce_rules(self)

    def for_players(self, n: int) -> Ruleset:
        """The ruleset a game of `n` players is played with: its own deck when the deck
        depends on the number of players (`deck.copies_by_players`), else this one."""
        chosen = self
        for least, rules in self.by_players:
            if n >= least:
                chosen = rules
        return chosen

    def label(self, thing: Mapping[str, str], lang: str, default: str = "") -> str:
        return thing.get(lang) or thing.get("en") or default

    def title_in(self, lang: str) -> str:
        """The title in `lang` when the file gives it in that language, else as written (a
        plain string is the author's own words, the same in every language), else the name."""
        return self.title_words.get(lang) or self.title or self.name

    def description_in(self, lang: str) -> str:
        """The description in `lang` when the file gives it, else as written (or "")."""
        return self.description_words.get(lang) or self.description


#: (a trigger's condition or None, the hands that meet it when it is about the acting player's
#: hand alone, else None): what the end of a turn or an action tests before paying for firing
ConditionTest = tuple[Callable | None, Mapping[int, None] | None]


@dataclass(frozen=True, eq=False, slots=True)
class PlayFacts:
    """What every game of a ruleset derives from it, worked out once per ruleset (a simulation
    starts thousands of games; see `play_facts`). The turn loop reads these on every move, so
    they are plain fields of one shared object."""
    #: whether anything listens to each trigger event: most turns fire nothing, and the flag
    #: says so without looking at the triggers
    on_action: bool
    on_turn_end: bool
    on_all_passed: bool
    on_stock_empty: bool
    #: something reads every move: a run of passes (`all_passed`) or the `action` triggers
    watch_moves: bool
    #: the `action` and `turn_end` triggers' conditions, tested before firing them
    action_tests: tuple[ConditionTest, ...]
    turn_end_tests: tuple[ConditionTest, ...]
    #: when every `turn_end` condition is on the acting player's hand alone: the hands that
    #: meet any of them (one lookup at the end of a turn); else None
    turn_end_hands: Mapping[int, None] | None
    #: the step every turn starts with
    first_step: Step
    #: the steps offering a draw from the stock (`stock`), when something listens to
    #: `stock_empty` (tested by identity: a Step compares so)
    draws_from_stock: tuple[Step, ...]
    stock: str
    #: the zone the undealt cards stay in (the stock), if any
    rest: str | None
    #: zone -> its top card shows (`visibility: top`)
    top_visible: Mapping[str, bool]
    #: zone -> it lies face up when dealt (`visibility: public`)
    face_up_at_deal: Mapping[str, bool]
    #: a knock ends the hand when the round ends (`knock.last_turns: round_end`)
    knock_ends_round: bool
    #: the knocker plays the hand's last turn (`knock.last_turns: knocker_last`)
    knocker_plays_last: bool
    #: (state, knocker) -> the seat before whose turn a knocked hand ends (None: the knocker)
    knock_stop: Any
    #: the zones nobody owns, made empty at every deal
    free_zones: tuple[str, ...]
    #: players at the table -> the deal (`dealing.deal_plan`), filled as tables of each size
    #: are met: the one part that grows after it is made
    deal_plans: dict[int, Any] = field(default_factory=dict)
    #: option -> (state, action) -> None: one of its moves played and all that follows until
    #: the next decision; and (state, player) -> None, the end of a turn: the code written for
    #: this ruleset (turn_code.py) from the facts above
    play: Mapping[Option, Callable[[Any, Action], None]] = field(default_factory=dict)
    end_turn: Callable[[Any, int], None] = field(default=lambda st, p: None, repr=False)
    #: step -> (state, player) -> None: the step played, the player's moves in it listed
    offer: Mapping[Step, Callable[[Any, int], None]] = field(default_factory=dict)


def play_facts(rules: Ruleset) -> PlayFacts:
    """The ruleset's `PlayFacts`, made once per ruleset."""
    return made_once(rules, "play", lambda: _derive_facts(rules))


def _derive_facts(rules: Ruleset) -> PlayFacts:
    triggers = rules.triggers
    on_stock_empty = bool(triggers["stock_empty"])
    rest = rules.rest_zone
    turn_end_tests = tuple(_condition_test(t) for t in triggers["turn_end"])
    turn_end_hands: dict[int, None] | None = None
    if turn_end_tests and all(hands is not None for _, hands in turn_end_tests):
        turn_end_hands = {}
        for _, hands in turn_end_tests:
            turn_end_hands.update(hands or {})
    facts = PlayFacts(
        on_action=bool(triggers["action"]), on_turn_end=bool(triggers["turn_end"]),
        on_all_passed=bool(triggers["all_passed"]), on_stock_empty=on_stock_empty,
        watch_moves=bool(triggers["all_passed"] or triggers["action"]),
        action_tests=tuple(_condition_test(t) for t in triggers["action"]),
        turn_end_tests=turn_end_tests, turn_end_hands=turn_end_hands,
        first_step=rules.steps[rules.start_step],
        draws_from_stock=tuple(
            st for st in rules.steps.values()
            if on_stock_empty and rest is not None and any(
                o.draws_from == rest for o in st.options)),
        stock=rest or "", rest=rest,
        top_visible={name: z.visibility == "top" for name, z in rules.zones.items()},
        face_up_at_deal={name: z.visibility == "public" for name, z in rules.zones.items()},
        knock_ends_round=rules.knock_rule.ends_with_round,
        knocker_plays_last=rules.knock_rule.knocker_plays_last,
        knock_stop=rules.knock_rule.stop_before,
        free_zones=tuple(name for name, z in rules.zones.items() if z.owner is None))
    from .turn_code import write_turn  # the turn loop's modules import this one
    play, end_turn, offer = write_turn(rules, facts)
    return replace(facts, play=play, end_turn=end_turn, offer=offer)


def _condition_test(trigger: Trigger) -> ConditionTest:
    """A trigger's condition and, when it is about the acting player's hand alone (`holds`),
    the hands that meet it, which the end of a turn looks up without a call."""
    from .triggers import HandIn  # the triggers' units are loaded with the rules already

    cond = trigger.condition
    return cond, cond.hands() if isinstance(cond, HandIn) else None
