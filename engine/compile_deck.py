"""The deck and the hand values: `deck:`, `hand:` and `ranking:`, with the size limits that
refuse a file before any costly work (docs/language.md, "Size limits").

All that `score` needs (`compiler.compile_hands`): nothing here imports the turn, the stakes or
the compiled rules' classes (tests/test_startup.py).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import cards as cards_mod
from .compilation import MAX_VALUE, Compilation, Path, code_of, no_rank
from .keywords import as_data
from .patterns import PATTERN_KINDS, Pattern, Valuation, limited, suit_free, table_cost

# Compiling builds an action per card (per card pair for `swap`), and the first game values
# every possible hand once; past these sizes that would take minutes or gigabytes, so the file
# is refused instead, from counts made before any of that work.
MAX_CARDS = 208  # four 52-card decks
#: The first game values every possible hand (`patterns.table_cost` says what that costs from
#: the kinds' measured costs, before any of it): at most this much CPU on the 2-core development
#: machine and this much memory, half of what `validate` and the first game of `simulate` are
#: promised (5 s, 500 MB), so that the rest of the work has room to spare.
MAX_TABLE_SECONDS = 2.5
MAX_TABLE_MB = 250


def compile_deck(c: Compilation) -> cards_mod.Deck | None:
    """`deck:`: a preset or suits and ranks, values, removed cards, copies, jokers."""
    spec = c.d.get("deck") or {}
    if "preset" in spec and spec["preset"] is not None:
        name = spec["preset"]
        if name not in cards_mod.PRESETS:
            c.error(("deck", "preset"), f"unknown deck preset {name!r}; known: "
                    f"{', '.join(cards_mod.PRESETS)}")
            return None
        base = cards_mod.preset_spec(name)
        suits = spec.get("suits") or base["suits"]
        ranks = spec.get("ranks") or base["ranks"]
    else:
        suits, ranks = spec.get("suits"), spec.get("ranks")
        if not suits or not ranks:
            c.error(("deck",), "a deck needs a `preset` or both `suits` and `ranks`")
            return None
    ranks = [dict(r, code=code_of(r["code"])) for r in ranks]
    if not all([c.value_in_range(("deck", "ranks", i, "value"), r.get("value"))
                for i, r in enumerate(ranks)] +
               [c.value_in_range(("deck", "values", k), v)
                for k, v in (spec.get("values") or {}).items()]):
        return None
    for what, items in (("suits", suits), ("ranks", ranks)):
        seen = set()
        for i, item in enumerate(items):
            if item["code"] in seen:
                c.error(("deck", what, i, "code"), f"code {item['code']!r} is used twice")
            seen.add(item["code"])
    values = spec.get("values") or {}
    rank_codes = [r["code"] for r in ranks]
    for code in values:
        if code_of(code) not in rank_codes:
            c.error(("deck", "values", code), no_rank(code, rank_codes))
    ranks = [dict(r, value=values.get(r["code"], values.get(_int_or(r["code"]), r["value"])))
             for r in ranks]
    removed_ranks, removed_cards = _removed(c, spec, rank_codes, [s["code"] for s in suits])
    ranks = [r for r in ranks if r["code"] not in removed_ranks]
    if not ranks:
        c.error(("deck",), "the deck has no cards left")
        return None
    copies = spec.get("copies", 1) or 1
    jokers = compile_jokers(c, spec.get("jokers"), suits, ranks)
    total = len(suits) * len(ranks) * copies + (jokers or {}).get("count", 0)
    if total > MAX_CARDS:
        c.error(("deck", "copies") if "copies" in spec else ("deck",),
                f"a deck of {total} cards is more than "
                f"{MAX_CARDS}, the most a ruleset may use")
        return None
    return cards_mod.build_deck(suits, ranks, copies, removed_cards=removed_cards,
                                jokers=jokers)


def _removed(c: Compilation, spec: Mapping, rank_codes: list, suit_codes: list
             ) -> tuple[set[str], set[str]]:
    """`deck.remove`: (the ranks, the single cards) it takes out of the deck."""
    removed_ranks, removed_cards = set(), set()
    for i, item in enumerate(spec.get("remove") or []):
        code = code_of(item)
        if code in rank_codes:
            removed_ranks.add(code)
        elif len(code) >= 2 and code[:-1] in rank_codes and code[-1] in suit_codes:
            removed_cards.add(code)
        else:
            c.error(("deck", "remove", i), f"{code!r} is neither a rank "
                    f"({' '.join(rank_codes)}) nor a card of this deck")
    return removed_ranks, removed_cards


def compile_jokers(c: Compilation, spec: Any, suits: list, ranks: list) -> dict | None:
    """`deck.jokers`: {count, wild: true} or {count, value: N}; None when absent or wrong
    (after saying why)."""
    if not spec:
        return None
    path = ("deck", "jokers")
    wild, value = bool(spec.get("wild")), spec.get("value")
    if wild == (value is not None):
        c.error(path, "say what a joker is: `wild: true` (it stands for the best card "
                "for the hand) or `value: N` (it counts N and joins any suit)")
        return None
    if not c.value_in_range(path + ("value",), value):
        return None
    code = cards_mod.JOKER_CODE
    if any(str(r["code"]) + str(s["code"]) == code for r in ranks for s in suits):
        c.error(path, f"a joker is written {code}, but this deck already has a card "
                f"{code}")
        return None
    return dict(spec)


def compile_valuation(c: Compilation, deck) -> Valuation | None:
    """`hand:` and `ranking:`: the patterns, compiled by their kinds, and the tie-breaks."""
    hand = c.d.get("hand") or {}
    size = hand.get("size", 3)
    patterns = []
    names = set()
    for i, spec in enumerate(hand.get("patterns") or []):
        path = ("hand", "patterns", i)
        if spec["name"] in names:
            c.error(path + ("name",), f"pattern name {spec['name']!r} is used twice")
        names.add(spec["name"])
        kind = c.known(PATTERN_KINDS, spec["kind"], path + ("kind",), "pattern kind")
        if kind is None:
            continue
        matcher = c.unit(kind, spec, path)
        if spec.get("cards") is not None and spec["cards"] > size:
            c.error(path + ("cards",), f"a hand holds {size} cards: a pattern cannot "
                    f"use {spec['cards']}", also=(("hand", "size"),))
        elif matcher is not None:
            matcher = limited(kind, spec, matcher)
        value = spec.get("value", "sum")
        if not (c.value_in_range(path + ("value",), value) and
                c.value_in_range(path + ("sum",), spec.get("sum"))):
            continue
        words = as_data({k: v for k, v in spec.items()
                        if k not in ("name", "kind", "label", "tier", "value", "instant")})
        patterns.append(Pattern(spec["name"], dict(spec.get("label") or {}),
                                spec.get("tier", 0), None if value == "sum" else value,
                                bool(spec.get("instant", False)), matcher,
                                spec["kind"], words))
    if not patterns and not _scores_cards(c.d.get("stakes")):
        c.error(("hand", "patterns"), "a ruleset needs at least one hand pattern "
                "(e.g. {name: suit, kind: best_suit, value: sum})")
        return None
    ranking = c.d.get("ranking") or {}
    tiebreak = ranking.get("tiebreak") or []
    suit_idx = {s.code: i for i, s in enumerate(deck.suits)}
    order = []
    for i, code in enumerate(ranking.get("suit_order") or []):
        if code not in suit_idx:
            c.error(("ranking", "suit_order", i), f"the deck has no suit {code!r} "
                    f"(its suits: {' '.join(suit_idx)})")
        else:
            order.append(suit_idx[code])
    if "suit" in tiebreak and not ranking.get("suit_order"):
        c.error(("ranking", "tiebreak"), "the `suit` tie-break needs `suit_order`")
    if size > len(deck.cards):
        c.error(("hand", "size"), f"a hand of {size} cards from a deck of "
                f"{len(deck.cards)}")
        return None
    too_large = _hand_too_large(c.d.get("deck") or {}, deck, size)
    if too_large is not None:
        c.error(too_large[0], too_large[1], also=[("hand", "size")])
    if patterns and not table_fits(c, deck, size, tiebreak):
        return None
    if c.problems:
        return None
    return Valuation(deck, patterns, size, tiebreak, order, suit_free(patterns, tiebreak))


def table_fits(c: Compilation, deck: cards_mod.Deck, size: int, tiebreak: Sequence[str]) -> bool:
    """Whether the table of every hand fits the budget (MAX_TABLE_SECONDS, MAX_TABLE_MB);
    if not, says so with the counts. A ruleset without patterns builds no table."""
    specs = [p for p in (c.d.get("hand") or {}).get("patterns") or []
             if p["kind"] in PATTERN_KINDS]
    cost = table_cost(deck, size, specs, tiebreak)
    if cost.seconds <= MAX_TABLE_SECONDS and cost.megabytes <= MAX_TABLE_MB:
        return True
    c.error(("hand", "size"), also=[("deck",), ("hand", "patterns")], message=
            f"too many hands to value: hands of {size} cards from a deck of "
            f"{len(deck.cards)}: {cost}, more than the {MAX_TABLE_SECONDS:g} s and "
            f"{MAX_TABLE_MB} MB the table of hands may take (use a smaller hand or "
            f"deck, or fewer or cheaper patterns)")
    return False


def copies_by_players(c: Compilation, pmin: int, pmax: int) -> list[tuple[int, int]]:
    """`deck.copies_by_players`: [(from this many players, copies)], checked: each within
    the players allowed, in increasing order."""
    out: list[tuple[int, int]] = []
    spec = (c.d.get("deck") or {}).get("copies_by_players") or []
    for i, entry in enumerate(spec):
        least, copies = entry["players"], entry["copies"]
        path = ("deck", "copies_by_players", i, "players")
        if not pmin < least <= pmax:
            c.error(path, also=[("players",)], message=
                    f"{least} players is not a number of players this game is "
                    f"played by above the least ({pmin + 1} to {pmax})")
        elif out and least <= out[-1][0]:
            c.error(path, f"list the numbers of players in increasing order "
                    f"({least} after {out[-1][0]})")
        else:
            out.append((least, copies))
    return out


def _scores_cards(stakes: Mapping | None) -> bool:
    """The stakes as written choose a mode that scores the cards taken (its hands need no
    patterns)."""
    # the stakes modes are the game's: `score` needs them only for a hand with no patterns
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
    given = next((k for k in spec.get("values") or {} if code_of(k) == code), None)
    if given is not None:
        return ("deck", "values", given)
    for i, rank in enumerate(spec.get("ranks") or []):
        if code_of(rank.get("code")) == code:
            return ("deck", "ranks", i, "value")
    return ("deck",)


def _int_or(code: str) -> Any:
    return int(code) if code.isdigit() else code
