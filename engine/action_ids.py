"""Integer action ids: the same number for the same move in every state of a ruleset.

Frameworks (OpenSpiel, PettingZoo) and policy networks number moves. `action_space(rules,
players)` numbers every move the ruleset can ever offer, once per ruleset and player count:

* the moves of an option whose cards are fixed by the ruleset (a draw, a discard of each card,
  a swap of each pair) are its compiled table (`Step.actions`), in the order of the steps, of
  their options, of their cards;
* a move built in play (a capture: the card played and the cards it takes) asks its primitive
  for every move it can ever make (`Primitive.catalogue`): per card played, laying it down,
  taking each single card, the whole table, each set adding up to it. An id names the card
  played and the cards taken as a set of deck cards, so it is exact and independent of the
  state; only "the whole table" (`takes_all`, a set no card's value names: the primitive's
  `id_fallback`) leaves to the state which cards that is. A card a declaration may count as
  another rank (`plays_as`) is catalogued as each of them.

When a catalogue would pass CATALOGUE_LIMIT ids, the option's ids are the exact encoding
itself, `played * 2**n + mask of the taken cards` (unbounded but still exact); `dense` then
says False and the wrappers refuse the ruleset with a message.

Cards print in the card notation (`7c`); in a deck holding copies, the second copy of a card
is `7c#2` and so on, so every physical card has a name of its own.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import UserError
from .rules import Action, Option, Ruleset, made_once

#: the most ids a catalogue (the moves built in play of one option) may hold
CATALOGUE_LIMIT = 2_000_000


@dataclass(frozen=True, eq=False)
class OptionIds:
    """One option's ids: `base` up to `base + size`."""
    option: Option
    base: int
    size: int
    #: fixed moves: the Action objects by id offset; moves built in play: their keys
    keys: Sequence[Any]
    #: key -> offset: the cards of a fixed move (found by Action identity first), the key of a
    #: move built in play
    offsets: dict[Any, int] = field(default_factory=dict)
    name: str = ""       # the option in the notation: `step/kind@zone`, `#index` on clashes
    exact: bool = False  # ids are the exact encoding (the catalogue was too big)
    built: bool = False  # its moves are built in play (a catalogue)


class ActionSpace:
    """Every move of a ruleset as an int from 0 to `num_distinct_actions - 1`."""

    def __init__(self, rules: Ruleset, players: int):
        self.rules, self.players = rules, players
        deck = rules.deck
        self._n = len(deck.cards)
        self._by_action: dict[Action, int] = {}  # fixed moves, by identity (eq=False)
        self.options: list[OptionIds] = []
        self._plays_as = plays_as(rules)
        self._by_option: dict[tuple[str, int], OptionIds] = {}
        names = _option_names(rules)
        base = 0
        for step in rules.steps.values():
            for opt, table in zip(step.options, step.actions):
                ids = self._option_ids(opt, table, base, names[(opt.step, opt.index)])
                self.options.append(ids)
                self._by_option[(opt.step, opt.index)] = ids
                base += ids.size
        self.num_distinct_actions = base
        #: every id is below 2**31 and no option fell back to the exact encoding
        self.dense = base < 2 ** 31 and not any(o.exact for o in self.options)
        self._by_name = {o.name: o for o in self.options}

    def _option_ids(self, opt: Option, table: Any, base: int, name: str) -> OptionIds:
        unit = opt.unit
        catalogue = getattr(unit, "catalogue", None)
        if table or catalogue is None:
            actions = list(table.values())
            for i, a in enumerate(actions):
                self._by_action[a] = base + i
            return OptionIds(opt, base, len(actions), actions,
                             {a.cards: i for i, a in enumerate(actions)}, name=name)
        keys = catalogue(opt, self.rules.deck, CATALOGUE_LIMIT, self._plays_as)
        if keys is None:  # too many: the exact encoding, played * 2**n + mask (+1: take all)
            size = self._n << (self._n + 1)
            return OptionIds(opt, base, size, (), name=name, exact=True, built=True)
        return OptionIds(opt, base, len(keys), keys, {k: i for i, k in enumerate(keys)},
                         name, built=True)

    # ---- ids ------------------------------------------------------------------------------
    def id_of(self, action: Action) -> int:
        """The id of a move (an Action of this ruleset)."""
        found = self._by_action.get(action)
        if found is not None:
            return found
        ids = self._by_option[(action.step, action.option)]
        if not ids.built:  # the same move of another compile of the rules (a pickled state)
            return ids.base + ids.offsets[action.cards]
        unit = ids.option.unit
        key = unit.id_key(ids.option, self.rules.deck, action.cards)
        if ids.exact:
            played, mask = key
            return ids.base + (played << (self._n + 1)) + (1 if mask < 0 else mask << 1)
        found = ids.offsets.get(key)
        if found is None and unit.id_fallback is not None:  # the whole table, say
            found = ids.offsets.get(unit.id_fallback(ids.option, self.rules.deck, action.cards))
        if found is None:
            raise KeyError(key)
        return ids.base + found

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of the legal moves, in the order of `legal_actions()`."""
        by_action = self._by_action
        out = []
        for a in state.legal_actions():
            found = by_action.get(a)
            out.append(found if found is not None else self.id_of(a))
        return out

    def action(self, state: Any, action_id: int) -> Action:
        """The legal move of `state` with this id; IllegalAction when none is."""
        for a in state.legal_actions():
            if self.id_of(a) == action_id:
                return a
        from .state import IllegalAction
        raise IllegalAction(f"action {action_id} ({self.to_string(action_id)}) is not legal now")

    def _locate(self, action_id: int) -> tuple[OptionIds, int]:
        if not isinstance(action_id, int) or not 0 <= action_id < self.num_distinct_actions:
            raise UserError(f"an action id of {self.rules.name} is a whole number from 0 to "
                            f"{self.num_distinct_actions - 1}, not {action_id!r}")
        lo, hi = 0, len(self.options) - 1
        while lo < hi:  # the last option whose base is at most the id
            mid = (lo + hi + 1) // 2
            if self.options[mid].base <= action_id:
                lo = mid
            else:
                hi = mid - 1
        ids = self.options[lo]
        return ids, action_id - ids.base

    def key(self, action_id: int) -> tuple[str, int, tuple[int, ...] | tuple[int, int]]:
        """(step, option, what the id names): the cards of a fixed move, or (card played,
        mask of the cards taken or -1 for the whole table) of a move built in play."""
        ids, k = self._locate(action_id)
        opt = ids.option
        if ids.exact:
            played, rest = k >> (self._n + 1), k & ((1 << (self._n + 1)) - 1)
            return opt.step, opt.index, (played, -1 if rest & 1 else rest >> 1)
        entry = ids.keys[k]
        return opt.step, opt.index, entry.cards if isinstance(entry, Action) else entry

    # ---- the card notation ----------------------------------------------------------------
    def to_string(self, action_id: int) -> str:
        """The move in the card notation: `step/kind@zone` then its cards (a capture: the card
        played, then the cards taken, `*` for the whole table)."""
        ids, _ = self._locate(action_id)
        _, _, named = self.key(action_id)
        if not _built_in_play(ids):
            cards = " ".join(self._card(c) for c in named)
            return f"{ids.name} {cards}".rstrip()
        played, mask = named
        taken = "*" if mask < 0 else " ".join(self._card(c) for c in _bits(mask))
        return f"{ids.name} {self._card(played)} {taken}".rstrip()

    def from_string(self, text: str) -> int:
        """The id of a move written as `to_string` writes it."""
        parts = str(text).split()
        if not parts or parts[0] not in self._by_name:
            raise UserError(f"unknown move {text!r}: a move starts with one of "
                            f"{', '.join(sorted(self._by_name))}")
        ids = self._by_name[parts[0]]
        cards = [self._parse(c) for c in parts[1:] if c != "*"]
        if _built_in_play(ids):
            if not cards:
                raise UserError(f"{text!r}: name the card played")
            key = (cards[0], -1 if parts[-1] == "*" else sum(1 << c for c in set(cards[1:])))
            if ids.exact:
                played, mask = key
                return ids.base + (played << (self._n + 1)) + (1 if mask < 0 else mask << 1)
            if key not in ids.offsets:
                raise UserError(f"{text!r} is no move of {self.rules.name}")
            return ids.base + ids.offsets[key]
        for i, a in enumerate(ids.keys):
            if list(a.cards) == cards:
                return ids.base + i
        raise UserError(f"{text!r} is no move of {self.rules.name}")

    def _card(self, card: int) -> str:
        deck = self.rules.deck
        code = deck.cards[card].code
        copy = sum(1 for c in deck.cards[:card] if c.code == code)
        return code if copy == 0 else f"{code}#{copy + 1}"

    def _parse(self, text: str) -> int:
        deck = self.rules.deck
        code, _, copy = text.partition("#")
        first = deck.parse(code)
        same = [c.id for c in deck.cards if c.code == deck.cards[first].code]
        k = int(copy) if copy.isdigit() else 1
        if not 1 <= k <= len(same):
            raise UserError(f"{text!r}: the deck holds {len(same)} of {deck.cards[first].code}")
        return same[k - 1]


def plays_as(rules: Ruleset) -> dict[int, frozenset[int]]:
    """card -> the other ranks it may play as in some hand: the wild cards a trigger's
    condition may count as other ranks (its compiled condition's `wild_cards`; a declaration
    with `wild_plays: counted` then plays them so), each as any rank of the deck."""
    deck = rules.deck
    ranks = frozenset(c.rank for c in deck.cards if not c.joker)
    out: dict[int, frozenset[int]] = {}
    for triggers in rules.triggers.values():
        for trig in triggers:
            for card in getattr(trig.condition, "wild_cards", ()):
                out[card] = ranks - {deck.cards[card].rank}
    return out


def _built_in_play(ids: OptionIds) -> bool:
    return ids.built


def _bits(mask: int) -> Iterable[int]:
    c = 0
    while mask:
        if mask & 1:
            yield c
        mask >>= 1
        c += 1


def _option_names(rules: Ruleset) -> dict[tuple[str, int], str]:
    """Each option's name in the notation: `step/kind`, `@zone` when it has one, `#index`
    when two options of a step would read alike."""
    plain = {}
    for step in rules.steps.values():
        for opt in step.options:
            plain[(opt.step, opt.index)] = f"{opt.step}/{opt.kind}" + \
                (f"@{opt.zone}" if opt.zone else "")
    seen: dict[str, int] = {}
    for name in plain.values():
        seen[name] = seen.get(name, 0) + 1
    return {k: name if seen[name] == 1 else f"{name}#{k[1]}" for k, name in plain.items()}


def action_space(rules: Ruleset, players: int | None = None) -> ActionSpace:
    """The action ids of `rules` at `players` (its default number when None): made once per
    ruleset and player count."""
    n = rules.default_players if players is None else players
    chosen = rules.for_players(n)
    return made_once(chosen, ("action_space", n), lambda: ActionSpace(chosen, n))
