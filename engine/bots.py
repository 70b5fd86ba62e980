"""Bots: policies over `legal_actions()`, for simulations and as opponents.

Every bot is generic over rulesets: it reads the compiled rules (public knowledge) and, of the
game, only what its player can see, through `state.observation(player)`; the Monte Carlo bot
also asks `state.resample` for worlds consistent with that view. The greedy family is the
exception in form only: it is the policy every simulation and the speed benchmark run, so it
reads the same facts (its own hand and its mask, the top card of a pile that shows it, a face
up zone, the round) straight from the state's public attributes, without a call per fact. A
test keeps it honest: it decides the same in every world its player cannot tell apart.
`--bots` names them with parameters: `greedy`, `greedy:knock=25`, `mc:iterations=20`, `mc:time=0.1`,
`mc:infer=off:score=hand` (the Monte Carlo bot lives in mc.py).

`greedy` is defined exactly (it is the policy the speed benchmark compares against a
hand-written simulator): knock when allowed and the hand is worth at least knock - (round - 2)
(knock=27 by default, so the bar drops one point a round); otherwise take a visible card only if
it raises the hand, else draw blind; discard the card whose removal leaves the best hand (the
first on ties); where cards are exchanged with a zone, make the exchange that raises the hand
most, else pass. "Raises" and "best" use the ruleset's ranking (strength), so tiers and
tie-breaks count; the knock bar uses the numeric value. `threshold` plays the same way but
knocks at a fixed value. Bots know a move by its `role` (`roles`: a draw, a discard, an
exchange, a knock...), never by its primitive's name: a new primitive that draws is played as
every draw is.
"""
from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from .capture_moves import best_capture
from .errors import UsageError
from .mc import GREEDY_KNOCK, MonteCarloBot
from .policy_code import greedy_turn
from .roles import CAPTURE, DECLARE, DISCARD, DRAW, EXCHANGE, KNOCK, PASS, SWAP, SWAP_ALL
from .rules import Action, made_once

Bot = Callable[[Any, list], Action]

#: threshold's fixed knock bar (greedy's, which falls a point a round, is mc's GREEDY_KNOCK)
THRESHOLD_KNOCK = 25


def random_bot(seed: int | None = None) -> Bot:
    """Any legal move, uniformly: the move `rng.randrange(len(actions))` picks, drawn as it
    draws (`Random._randbelow_with_getrandbits`: the fewest bits that hold the number of
    moves, drawn again while too large) with no Python call but the generator's: the random
    bot plays every move of a Monte Carlo playout, and `randrange` is two Python calls."""
    getrandbits = random.Random(seed).getrandbits

    def choose(state, actions):
        n = len(actions)
        if not n:  # as `randrange(0)` (the loop below would never end)
            raise ValueError("no legal move to choose from")
        k = n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        return actions[i]
    return choose


def greedy_bot(seed: int | None = None, knock: float = GREEDY_KNOCK) -> Bot:
    """Knock when the hand is worth at least knock - (round - 2), else improve the hand."""
    return _improver(knock, declining=True)


def threshold_bot(seed: int | None = None, knock: float = THRESHOLD_KNOCK) -> Bot:
    """Knock as soon as the hand is worth `knock`, else improve the hand as greedy does."""
    return _improver(knock, declining=False)


def _improver(knock: float, declining: bool) -> Bot:
    """The greedy family: improve the hand one move at a time, knock above a bar.

    This is the hot path of every simulation (half of all decisions are the plain discard),
    so the ruleset's tables are looked up once per ruleset, not once per decision, and the
    plain discard is decided here before anything else is read; `_improve` makes the other
    decisions."""
    # the ruleset last seen and what greedy reads of it, with the bar, in one tuple: each
    # variable of the enclosing function that `choose` reads is an object of its own to
    # fetch, so one tuple read once per decision costs less than eight variables
    seen: Any = None
    tables: tuple = ()

    def choose(state, actions):
        nonlocal seen, tables
        if len(actions) == 1:
            return actions[0]
        rules = state.rules
        if rules is not seen:
            seen, tables = rules, _greedy_tables(rules, knock, declining)
        role = actions[0].role  # what a move is: its unit's role, tested by identity
        p = state.current_player
        if rules.opening_blind and state.unseen_hand() == p:
            return _blind_choice(state, actions, tables[0])
        hmask = state.masks[p]
        if role is DISCARD and actions[-1].role is DISCARD:
            strength = tables[0]
            best_a, best_s = None, -1
            try:  # the usual shape: each hand left is a whole hand, in the table
                for a in actions:
                    s = strength[hmask ^ a.bits]  # the hand without that card
                    if s > best_s:
                        best_a, best_s = a, s
            except KeyError:  # another shape (a discard before the draw): valued directly
                return _best_discard(actions, state.hands[p], hmask, strength, tables[2],
                                     tables[3])
            return best_a
        if role is CAPTURE:
            return best_capture(state, actions)
        if tables[-1]:  # the ruleset lets a hand be declared: it is, whenever it may be
            for a in actions:
                if a.role is DECLARE:
                    return a
        return _improve(state, actions, tables, p, hmask)
    return choose


def _improve(state, actions, tables: tuple, p: int, hmask: int) -> Action:
    """Greedy's other decisions: the knock first, when the hand reaches the bar; then, in one
    pass, a visible card that raises the hand (the first such), or else the best discard, a
    blind draw, the best exchange, a pass, a knock, in this order."""
    strength, value_of_rank, size, valuation, shows_top, bar2, declines, bits, _ = tables
    hand = state.hands[p]
    held = len(hand)  # (the mask's bit count, without a call to a rarer method)
    cur = strength[hmask] if held == size else state.hand_strength(p)
    bar = bar2 - state.round if declines else bar2
    if held != size or value_of_rank[cur] >= bar:  # the first knock offered is the move
        for a in actions:
            if a.role is KNOCK:
                if held == size or state.hand_value(p) >= bar:
                    return a
                break
    knock_move = pass_ = draw_blind = best_swap = discards = None
    best_gain = cur
    zones = state.zones
    for a in actions:
        r = a.role
        if r is DRAW:
            z = a.zone
            pile = zones[z]
            if pile and (shows_top[z] or state.face_up[z]) and a.option_ref.unit.takes_top:
                # the card it takes shows: take it if keeping it raises the hand
                top = pile[-1]
                if held != size:
                    if valuation.of([*hand, top]).strength > cur:
                        return a
                    continue
                four = hmask | bits[top]
                for c in hand:  # the hand with the card, less each card in turn
                    if strength[four ^ bits[c]] > cur:
                        return a
            elif draw_blind is None:
                draw_blind = a
        elif r is SWAP or r is EXCHANGE:  # a swap's two bits change places; an exchange's
            s = strength.get(hmask ^ a.bits if r is SWAP else a.bits, -1)  # are the hand left
            if s > best_gain:
                best_swap, best_gain = a, s
        elif r is KNOCK:
            if knock_move is None:
                knock_move = a
        elif r is PASS:
            if pass_ is None:
                pass_ = a
        elif r is SWAP_ALL:
            if state.face_up[a.zone]:
                s = strength.get(_mask_of(zones[a.zone]), -1)
                if s > best_gain:
                    best_swap, best_gain = a, s
        elif r is DISCARD:
            if discards is None:
                discards = []
            discards.append(a)
    if discards:
        return _best_discard(discards, hand, hmask, strength, size, valuation)
    return draw_blind or best_swap or pass_ or knock_move or actions[0]


def _blind_choice(state, actions, strength) -> Action:
    """Greedy choosing without seeing his own hand (`turn.opening.blind`): it reads nothing
    of that hand, only what shows. A face-up zone he may take whole is taken when it beats the
    ruleset's middle hand (what an unseen hand is worth to him); else the first move that
    keeps his hand (a pass), else the first move offered. A partial exchange (some face-up
    cards for as many of his unseen ones) is worth the middle of the hands those cards make
    with any of the cards he cannot see: it is made when that beats the move chosen so."""
    middle = made_once(state.rules, ("middle",), lambda: _middle(strength))
    chosen, worth = None, middle
    for a in actions:
        if a.role is SWAP_ALL and state.face_up[a.zone]:
            s = strength.get(_mask_of(state.zones[a.zone]), -1)
            if s > middle:
                chosen, worth = a, s
                break
    if chosen is None:
        chosen = next((a for a in actions if a.role is PASS), actions[0])
    exchange, value = _blind_exchange(state, actions, strength)
    return exchange if exchange is not None and value > worth else chosen


def _blind_exchange(state, actions, strength) -> tuple[Action | None, int]:
    """The partial exchange worth the most to a player who has not seen his hand, and its
    worth: the median strength of the hands its face-up cards make with every choice of
    the cards he cannot see (none of a face-up zone) for the ones he keeps. A move chosen
    unseen names the zone cards it takes (exchange_units, the one-card swap)."""
    size = state.rules.hand_size
    shown = 0
    for zone, up in state.face_up.items():
        if up:
            shown |= _mask_of(state.zones[zone])
    pool = [c for c in range(len(state.rules.deck.cards)) if not shown >> c & 1]
    best, best_s = None, -1
    for a in actions:
        named = a.role is EXCHANGE or (a.role is SWAP and len(a.cards) == 1)
        if not named or not state.face_up[a.zone] or not 0 < len(a.cards) < size:
            continue
        took = _mask_of(list(a.cards))
        found = sorted(strength.get(took | _mask_of(list(rest)), -1)
                       for rest in combinations(pool, size - len(a.cards)))
        s = found[len(found) // 2] if found else -1
        if s > best_s:
            best, best_s = a, s
    return best, best_s


def _middle(strength: dict[int, int]) -> int:
    """The strength of the median hand of the ruleset's table (every hand counted once)."""
    ranks = sorted(strength.values())
    return ranks[len(ranks) // 2] if ranks else -1


def _mask_of(cards: list[int]) -> int:
    """Cards as a bit mask (bit c set: card c), the key of the ruleset's hand tables."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _greedy_tables(rules: Any, knock: float, declining: bool) -> tuple:
    """What greedy reads of a ruleset: strength and value by hand, the hand size, the
    valuation, which zones show their top card, and the knock bar (declining: the bar in round
    r is knock - (r - 2), so knock + 2 less the round), and each card's bit. Made once per
    ruleset and bar, not once per bot: a simulation makes new bots for every game."""
    return made_once(rules, ("greedy", knock, declining),
                     lambda: _make_tables(rules, knock, declining))


def _make_tables(rules: Any, knock: float, declining: bool) -> tuple:
    valuation = rules.valuation
    shows_top = {z: v.visibility == "top" for z, v in rules.zones.items()}
    bar = knock + 2 if declining else knock
    bits = [1 << c for c in range(len(rules.deck.cards))]  # each card's bit in a hand's mask
    # a hand's value by its strength (hands of one strength are tied: one ranking key, so one
    # value): a short list, where the knock's test would otherwise look the hand up again in
    # a table of every hand
    strength, value = valuation.strength, valuation.value
    value_of_rank: list[float] = [0.0] * (max(strength.values(), default=-1) + 1)
    for mask, rank in strength.items():
        value_of_rank[rank] = value[mask]
    declares = any(o.role is DECLARE for step in rules.steps.values() for o in step.options)
    return (strength, value_of_rank, rules.hand_size, valuation, shows_top, bar, declining,
            bits, declares)


def _best_discard(actions, hand, hmask, strength, size, valuation):
    """The discard leaving the best hand; the first such on ties."""
    best_a, best_s = actions[0], None
    if len(hand) - 1 == size:
        for a in actions:
            s = strength[hmask & ~(1 << a.cards[0])]
            if best_s is None or s > best_s:
                best_a, best_s = a, s
        return best_a
    for a in actions:  # an unusual turn shape (discard first): value what is left directly
        s = valuation.of([c for c in hand if c != a.cards[0]]).strength
        if best_s is None or s > best_s:
            best_a, best_s = a, s
    return best_a


# ---- names and parameters for --bots ------------------------------------------------------
@dataclass(frozen=True)
class Param:
    name: str
    kind: type          # int, float or str
    low: float
    high: float
    help: str
    choices: tuple[str, ...] = ()  # a str parameter: the words it takes


@dataclass(frozen=True)
class BotKind:
    name: str
    make: Callable[..., Bot]
    params: tuple[Param, ...]
    help: str
    #: whether the bot reads the public history (the game must then keep it)
    reads_history: bool = False
    #: (rules, **params) -> a whole turn of this bot at every seat written as code, or a
    #: hand's turns as one loop (policy_code): called until the game is over, each call plays
    #: one decision or more; None where the ruleset's turns have a shape it does not know
    compiled: Callable[..., Any] | None = None


BOTS: dict[str, BotKind] = {kind.name: kind for kind in (
    BotKind("random", random_bot, (), "any legal move"),
    BotKind("greedy", greedy_bot,
            (Param("knock", float, 0, 1000,
                   "knock with knock - (round - 2) or more"),),
            "improves its hand one move at a time",
            compiled=lambda rules, knock=GREEDY_KNOCK: greedy_turn(rules, knock, True)),
    BotKind("threshold", threshold_bot,
            (Param("knock", float, 0, 1000, "knock with this value or more"),),
            "improves its hand, knocks at a fixed value",
            compiled=lambda rules, knock=THRESHOLD_KNOCK: greedy_turn(rules, knock, False)),
    BotKind("mc", MonteCarloBot,
            (Param("iterations", int, 1, 1_000_000,
                   "worlds tried per decision"),
             Param("time", float, 0.001, 3600, "seconds per decision at most (unset: no limit)"),
             Param("caution", float, 0, 100, "plays greedy's move unless another scored "
                   "better by this many standard errors"),
             Param("infer", str, 0, 0, "on: deals the others' hands as their last moves "
                   "suggest; weigh: weighs the deals so; off: as they were dealt",
                   ("on", "weigh", "off")),
             Param("alpha", float, 0, 10, "with infer=weigh: a deal weighs its likelihood "
                   "to this power"),
             Param("slip", float, 0, 1, "with infer: the chance given to each move of the "
                   "others that greedy would not have made"),
             Param("adapt", str, 0, 0, "on: a decision settled early banks the worlds it did "
                   "not use for the open ones", ("on", "off")),
             Param("score", str, 0, 0, "game: scores a deal by the chance of winning the "
                   "game where lives are lost one by one; hand: by the hand",
                   ("game", "hand")),
             Param("alloc", str, 0, 0, "halve: the playouts spent in rounds that each halve "
                   "the moves left; narrow: the first quarter of the worlds keeps a few "
                   "moves", ("halve", "narrow")),
             Param("others", float, 0, 1000, "the knock bar the other players of a playout "
                   "start from, falling a point a round as greedy's"),
             Param("own", float, 0, 1000, "the same bar for the searching player's own later "
                   "turns in a playout (unset: as others)")),
            "Monte Carlo: tries every move in random deals of the unseen cards",
            reads_history=True),
)}


def parse_bot(spec: str) -> tuple[BotKind, dict[str, Any]]:
    """`NAME` or `NAME:KEY=VALUE[:KEY=VALUE...]`: the bot's kind and its parameters."""
    name, *pairs = [part.strip() for part in spec.strip().split(":")]
    kind = BOTS.get(name)
    if kind is None:
        raise UsageError(f"unknown bot {name!r}; known: {', '.join(BOTS)}")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, eq, text = (s.strip() for s in pair.partition("="))
        param = next((q for q in kind.params if q.name == key), None)
        if not eq or param is None:
            takes = ", ".join(f"{q.name}=" for q in kind.params) or "no parameters"
            raise UsageError(f"bot {spec.strip()!r}: {name} takes {takes} "
                             f"(as in {_example(kind)}; the `bots` command says what each means)")
        if param.choices:
            if text not in param.choices:
                *rest, last = param.choices
                raise UsageError(f"bot {spec.strip()!r}: {key} must be "
                                 f"{', '.join(rest)} or {last}, not {text!r}")
            params[key] = text
            continue
        try:
            value = param.kind(text)
        except ValueError:
            what = "a whole number" if param.kind is int else "a number"
            raise UsageError(f"bot {spec.strip()!r}: {key} must be {what}, "
                             f"not {text!r}") from None
        if not param.low <= value <= param.high:  # also refuses nan
            raise UsageError(f"bot {spec.strip()!r}: {key} must be from {param.low:g} to "
                             f"{param.high:g}, not {text}")
        params[key] = value
    return kind, params


def param_default(kind: BotKind, param: Param) -> Any:
    """What the bot takes when `param` is not given: its maker's own default, the one place
    it is said (None: unset, as the help says)."""
    return inspect.signature(kind.make).parameters[param.name].default


def describe(kind: BotKind) -> list[str]:
    """The bot and its parameters in words, a line each, their defaults from its maker (for
    the `bots` command and the error that names a parameter it does not take)."""
    lines = [f"{kind.name}: {kind.help}"]
    for q in kind.params:
        value = "|".join(q.choices) if q.choices else "N" if q.kind is int else "X"
        default = param_default(kind, q)
        said = "" if default is None else f" (default {default:g})" if isinstance(
            default, float | int) else f" (default {default})"
        lines.append(f"  {q.name}={value}: {q.help}{said}")
    return lines


def _example(kind: BotKind) -> str:
    if not kind.params:
        return kind.name
    p = kind.params[0]
    return f"{kind.name}:{p.name}={int(p.low) + 1 if p.kind is int else 25}"


def seat_specs(spec: str, players: int) -> list[str]:
    """One bot spec for every seat, or a comma list with one per seat."""
    specs = [s.strip() for s in spec.split(",")]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"--bots lists {len(specs)} bots for {players} players")
    return specs


def parse_bots(spec: str, players: int, seed: int | None = 0) -> list[Bot]:
    """`greedy` for every seat, or a comma list with one bot per seat; each bot gets its own
    seed derived from `seed` and its seat."""
    base = 0 if seed is None else seed
    return [kind.make(base * 1000 + i + 1, **dict(params))
            for i, (kind, params) in enumerate(_seat_kinds(spec, players))]


def compiled_turn(rules: Any, spec: str, players: int) -> Callable[[Any], None] | None:
    """The whole turn written as code when every seat is the same bot with the same
    parameters and that bot offers it for this ruleset (policy_code), else None."""
    kinds = _seat_kinds(spec, players)
    kind, params = kinds[0]
    if kind.compiled is None or any(k != kinds[0] for k in kinds[1:]):
        return None
    # the ruleset a state of this many players plays (its own compile, with more packs)
    turn: Callable[[Any], None] | None = kind.compiled(rules.for_players(players),
                                                       **dict(params))
    return turn


def reads_history(spec: str, players: int) -> bool:
    """Whether any bot of `spec` reads the public history (so the game must keep it)."""
    return any(kind.reads_history for kind, _ in _seat_kinds(spec, players))


@lru_cache(maxsize=64)
def _seat_kinds(spec: str, players: int) -> tuple[tuple[BotKind, tuple[tuple[str, Any], ...]], ...]:
    """Each seat's bot kind and parameters, parsed once per spec: a simulation makes new bots
    for every game (parsing the spec each time cost a tenth of a turn's time). A bad spec
    raises every time (errors are not cached)."""
    return tuple((kind, tuple(params.items()))
                 for kind, params in map(parse_bot, seat_specs(spec, players)))
