"""Scoring collected cards: the `scoring:` section of a capture game, one unit per way of
counting.

At the end of a hand each side's taken cards (a zone each side owns) are counted by the units
listed in `scoring.hand`: most cards, most of a suit, holding a card, the best total of a table
over ranks taken one card per suit (the primiera), and points per named event (the sweeps).
A unit's compile step returns a `Tally`: the closure counting per side what the entry
compares or counts (cards 21-19, the primiera's sums) and the one turning those counts into
points, so settlement never reads the YAML, and the counts the table shows at a hand's end and
`score --taken` says are the very counts the points were scored by. Each unit also says what
taking one card is worth to a bot under it (`worth`), its short English name (`score
--taken`), and its words: the sentence `explain` says and what points were scored for at the
table (`reason`: "for the primiera"). `scoring.events` gives the points an event is worth the
moment it is made: a fixed number, plus (optionally) the values of the cards of the capture
and a bonus for cards of value.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import CardError
from .keywords import CompileContext, Kind, Registry, Terms, Unit

#: (deck, taken cards per side, event counts per side) -> points per side
Scorer = Callable[[Any, Sequence[Sequence[int]], Sequence[Mapping[str, int]]], list[float]]
#: (deck, taken cards per side, event counts per side) -> per side, the number an entry
#: compares or counts (None: that side cannot win it, a primiera without a suit)
Count = Callable[[Any, Sequence[Sequence[int]], Sequence[Mapping[str, int]]],
                 list[float | None]]
#: the counts per side -> the points per side
Award = Callable[[list], list[float]]


@dataclass(frozen=True, slots=True)
class Tally:
    """A `scoring.hand` entry as its unit's compile step made it: `count`, per side, the number
    it compares or counts (what the table shows at a hand's end and `score --taken` says behind
    each point), and `award`, the points those counts give; called, the points of a hand's end
    (a `Scorer`). `fewer_wins`: the lower count is the better one (the fewest cards taken), so
    a countback by the entry (`end.countback`) favours it."""
    count: Count
    award: Award
    fewer_wins: bool = False

    def __call__(self, deck: Any, sides: Sequence[Sequence[int]],
                 events: Sequence[Mapping[str, int]]) -> list[float]:
        return self.award(self.count(deck, sides, events))


def _nothing(deck: Any, sides: Sequence[Sequence[int]], events: Any) -> list[float | None]:
    return [0] * len(sides)


#: the entry of a refused parameter (the compile step said why): no count, no points
NOTHING = Tally(_nothing, lambda counts: [0] * len(counts))
#: (deck, played card, taken cards) -> the points of an event made by that capture
EventPoints = Callable[[Any, int, Sequence[int]], float]
#: (deck, the entry's parameter) -> per card of the deck, a rough worth of taking it
Worth = Callable[[Any, Any], Sequence[float]]


def _no_worth(deck: Any, param: Any) -> list[float]:
    return [0.0] * len(deck.cards)


@dataclass(frozen=True, kw_only=True)
class ScoreUnit(Unit):
    """A way of counting taken cards. `worth`: what taking each card is worth to a capturing
    bot under it (a card counts for most cards, more in a counted suit, much more when it
    scores by itself...). `short`: its name in a line of `score --taken` (English).
    `counts_events`: its points come from events the side made, not from the cards (unknown
    to `score --taken`). Its compile step returns a `Tally`, whose count is said in its words'
    `count` form (what is counted) and, for a side that cannot win it (None), `missing`.
    `most`: the points go to the one side with the highest count, so equal counts are a tie
    nobody wins."""
    worth: Worth = _no_worth
    short: Callable[[Any], str] = field(default=lambda param: "")
    counts_events: bool = False
    most: bool = False


SCORES: Registry[ScoreUnit] = Registry(Kind.SCORE, forms=("sentence", "reason"),
                                       optional=("count", "missing"))


def count_words(key: str, param: Any, terms: Terms) -> str:
    """What an entry counts ("cards taken", "sum of the primiera"): its unit's `count`
    phrase, else what it scores for (`reason`)."""
    unit = SCORES[key]
    said = unit.phrase(terms.lang, "count") or unit.phrase(terms.lang, "reason")
    return said(param, terms) if said is not None else key


@dataclass(frozen=True)
class Scoring:
    """The compiled `scoring:` section."""
    zone: str                                    # the side-owned zone of taken cards
    hand: tuple[tuple[str, Any, Tally], ...]     # (keyword, parameter, tally), in file order
    events: Mapping[str, EventPoints] = field(default_factory=dict)
    event_specs: Mapping[str, Any] = field(default_factory=dict)  # as written, for words
    leftover: str | None = None               # the zone the last taker takes at the end


def score(name: str, description: str, schema: Mapping[str, Any],
          compile: Callable[[Any, CompileContext], Tally], words: Mapping[str, Any],
          example: Any, worth: Worth, short: Callable[[Any], str],
          counts_events: bool = False, most: bool = False) -> ScoreUnit:
    return SCORES.add(ScoreUnit(kind=Kind.SCORE, name=name, description=description,
                                schema=schema, compile=compile, words=words, example=example,
                                worth=worth, short=short, counts_events=counts_events,
                                most=most))


#: the schema of an entry's `points` (its default is what an entry gives without one)
POINTS: Mapping[str, Any] = {"type": "number", "minimum": 0, "default": 1,
                             "description": "the points it is worth (default 1)"}


def _points(spec: Mapping[str, Any]) -> float:
    return spec.get("points", POINTS["default"])


def _most(counts: Sequence[float], points: float) -> list[float]:
    """`points` to the one side with the strictly highest count; nothing on a tie."""
    top = max(counts)
    if list(counts).count(top) != 1:
        return [0] * len(counts)
    return [points if c == top else 0 for c in counts]


def _pts(n: float, lang: str) -> str:
    n_text = str(int(n)) if float(n).is_integer() else str(n)
    if lang == "it":
        return f"{n_text} punto" if n == 1 else f"{n_text} punti"
    return f"{n_text} point" if n == 1 else f"{n_text} points"


# ---- most cards ---------------------------------------------------------------------------
def _most_cards(points: float, ctx: CompileContext) -> Tally:
    return Tally(lambda deck, sides, events: list(map(len, sides)),
                 lambda counts: _most(counts, points))


score("most_cards", "Points to the side that took the most cards (nobody scores on a tie).",
      {"type": "number", "minimum": 0}, _most_cards, example=1,
      worth=lambda deck, n: [1] * len(deck.cards), short=lambda n: "most cards", most=True,
      words={
          "en": {"sentence": lambda n, w: f"most cards taken: {_pts(n, 'en')} (none on a tie)",
                 "reason": lambda n, w: "most cards", "count": lambda n, w: "cards taken"},
          "it": {"sentence": lambda n, w: f"chi ha preso più carte: {_pts(n, 'it')} "
                 f"(nessuno in caso di parità)", "reason": lambda n, w: "le carte",
                 "count": lambda n, w: "carte prese"}})


# ---- most of a suit -----------------------------------------------------------------------
def _suit_index(spec: Mapping[str, Any], ctx: CompileContext) -> int | None:
    """The index of the entry's `suit` in the deck; None (and said) when it has none."""
    codes = [s.code for s in ctx.deck.suits]
    if spec["suit"] not in codes:
        ctx.error(("suit",), f"the deck has no suit {spec['suit']!r} (its suits: "
                  f"{' '.join(codes)})")
        return None
    return codes.index(spec["suit"])


def _most_of_suit(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    suit = _suit_index(spec, ctx)
    if suit is None:
        return NOTHING
    points = _points(spec)
    of_suit = frozenset(c.id for c in ctx.deck.cards if c.suit == suit)  # counted by a set
    return Tally(lambda deck, sides, events: list(map(len, map(of_suit.intersection, sides))),
                 lambda counts: _most(counts, points))


def _suit_name(spec: Mapping[str, Any], w: Terms, lang: str, plain: bool = False) -> str:
    """The suit's name in `lang` (`plain`: without falling back to its code)."""
    suit = next((s for s in w.rules.deck.suits if s.code == spec["suit"]), None)
    if suit is None:
        return str(spec["suit"])
    return suit.names.get(lang) or suit.names.get("en") or ("" if plain else suit.code)


def _suit_words(spec: Mapping[str, Any], w: Terms, lang: str) -> str:
    name = _suit_name(spec, w, lang)
    pts = _pts(_points(spec), lang)
    if lang == "it":
        return f"chi ha preso più carte di {name}: {pts} (nessuno in caso di parità)"
    return f"most {name} taken: {pts} (none on a tie)"


def _suit_reason_it(spec: Mapping[str, Any], w: Terms) -> str:
    """"i denari", "le coppe": suits are plural nouns (le spade, le picche; i denari, i
    bastoni, gli ori)."""
    from .terms import noun
    name = _suit_name(spec, w, "it", plain=True)
    article = "le" if name.endswith("e") else ("gli" if noun(name, name).it_article in
                                                ("l'", "lo") else "i")
    return f"{article} {name}"


def _suit_at(deck: Any, spec: Mapping[str, Any]) -> int | None:
    """The index of the entry's `suit` in the deck, None when it has none (the compile step
    said so: `_suit_index`)."""
    return next((i for i, s in enumerate(deck.suits) if s.code == spec["suit"]), None)


def _suit_worth(deck: Any, spec: Mapping[str, Any]) -> list[int]:
    suit = _suit_at(deck, spec)
    return [1 if c.suit == suit else 0 for c in deck.cards]


score("most_of_suit", "Points to the side that took the most cards of a suit: {suit, points}.",
      {"type": "object", "required": ["suit"], "additionalProperties": False,
       "properties": {"suit": {"type": "string", "description": "the suit's code"},
                      "points": POINTS}},
      _most_of_suit, example={"suit": "d", "points": 1}, worth=_suit_worth,
      short=lambda s: f"most of suit {s['suit']}", most=True, words={
          "en": {"sentence": lambda s, w: _suit_words(s, w, "en"),
                 "reason": lambda s, w: f"most {_suit_name(s, w, 'en', plain=True)}",
                 "count": lambda s, w: f"{_suit_name(s, w, 'en')} taken"},
          "it": {"sentence": lambda s, w: _suit_words(s, w, "it"), "reason": _suit_reason_it,
                 "count": lambda s, w: f"carte di {_suit_name(s, w, 'it')}"}})


# ---- a card -------------------------------------------------------------------------------
def _card(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    try:
        card = ctx.deck.parse(str(spec["card"]))
    except CardError as e:
        ctx.error(("card",), str(e))
        return NOTHING
    code, points = ctx.deck.cards[card].code, _points(spec)
    copies = frozenset(c.id for c in ctx.deck.cards if c.code == code)  # counted by a set
    return Tally(lambda deck, sides, events: list(map(len, map(copies.intersection, sides))),
                 lambda counts: [points * n for n in counts])


def _card_reason(spec: Mapping[str, Any], w: Terms) -> str:
    """"the Seven of diamonds", "il Sette di denari"; its `label` when it has one ("il
    settebello")."""
    from .terms import card_noun, noun
    label = spec.get("label") or {}
    if label:
        en, it = str(label.get("en") or label.get("it")), str(label.get("it") or label.get("en"))
        return noun(en, it).the(w.lang)
    deck = w.rules.deck
    return card_noun(deck, deck.parse(str(spec["card"]))).the(w.lang)


def _card_words(spec: Mapping[str, Any], w: Terms, lang: str) -> str:
    """"the settebello (Seven of coins): 1 point", or the card's name alone."""
    name = w.card_name(str(spec["card"]))
    if spec.get("label"):
        name = f"{_card_reason(spec, w)} ({name})"
    return f"{name}: {_pts(_points(spec), lang)}"


def _card_worth(deck: Any, spec: Mapping[str, Any]) -> list[float]:
    return [5 * _points(spec) if c.code == str(spec["card"]) else 0 for c in deck.cards]


score("card", "Points to the side that took this card (each copy, with several decks): "
      "{card, points}.",
      {"type": "object", "required": ["card"], "additionalProperties": False,
       "properties": {"card": {"type": "string", "description": "the card's code, e.g. 7d"},
                      "points": POINTS,
                      "label": {"description": "its name in each language (the settebello)",
                                "allOf": [{"$ref": "#/definitions/label"}]}}},
      _card, example={"card": "7d", "points": 1}, worth=_card_worth,
      short=lambda s: f"card {s['card']}", words={
          "en": {"sentence": lambda s, w: _card_words(s, w, "en"), "reason": _card_reason,
                 "count": _card_reason},
          "it": {"sentence": lambda s, w: _card_words(s, w, "it"), "reason": _card_reason,
                 "count": _card_reason}})


# ---- a set of cards, all of them ----------------------------------------------------------
def _all_cards(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    """Each side's count is how many of the named cards it took (a card named by its code, any
    copy of it counting); the points go to a side that took every one of them."""
    codes = ctx.card_codes([str(c) for c in spec["cards"]], ("cards",))
    if len(codes) != len(spec["cards"]):  # a card it does not know (said where)
        return NOTHING
    if len(set(codes)) != len(codes):
        ctx.error(("cards",), "a card is named twice")
        return NOTHING
    wanted = [frozenset(c.id for c in ctx.deck.cards if c.code == code) for code in codes]
    need, points = len(wanted), _points(spec)
    return Tally(lambda deck, sides, events: [sum(1 for copies in wanted
                                                  if not copies.isdisjoint(s)) for s in sides],
                 lambda held: [points if n == need else 0 for n in held])


def _all_name(spec: Mapping[str, Any], w: Terms) -> Any:
    """Its label as a noun ("la grande"), else "these cards"."""
    from .terms import noun
    label = spec.get("label") or {}
    if label:
        return noun(str(label.get("en") or label.get("it")),
                    str(label.get("it") or label.get("en")))
    return None


def _all_list(spec: Mapping[str, Any], w: Terms) -> str:
    from .terms import card_noun
    deck = w.rules.deck
    return w.join([card_noun(deck, deck.parse(str(c))).the(w.lang) for c in spec["cards"]])


def _all_words(spec: Mapping[str, Any], w: Terms) -> str:
    """"the grande (the King, the Knight and the Jack of coins, all of them): 5 points"."""
    name = _all_name(spec, w)
    cards = _all_list(spec, w)
    per = _pts(_points(spec), w.lang)
    if w.lang == "it":
        lead = f"{name.the('it')} ({cards}, tutte)" if name else f"{cards}, tutte"
        return f"{lead}: {per} a chi le prende tutte"
    lead = f"{name.the('en')} ({cards}, all of them)" if name else f"{cards}, all of them"
    return f"{lead}: {per} to the side that takes them all"


def _all_reason(spec: Mapping[str, Any], w: Terms) -> str:
    name = _all_name(spec, w)
    if name:
        return str(name.the(w.lang))
    return _all_list(spec, w)


def _all_count(spec: Mapping[str, Any], w: Terms) -> str:
    """"cards of the grande", "carte della grande"."""
    name = _all_name(spec, w)
    if w.lang == "it":
        return f"carte {name.prep('it', 'di')}" if name else "carte della serie"
    return f"cards of {name.en}" if name else "cards of the set"


def _all_worth(deck: Any, spec: Mapping[str, Any]) -> list[float]:
    """Each card of the set is worth its share of the points, a little more (it is needed)."""
    codes = {str(c) for c in spec["cards"]}
    share = 1.5 * _points(spec) / max(1, len(codes))
    return [share if c.code in codes else 0 for c in deck.cards]


score("all_cards", "Points to the side that took every one of these cards (Cirulla's grande: "
      "the King, Knight and Jack of denari score 5): {cards, points, label}.",
      {"type": "object", "required": ["cards"], "additionalProperties": False,
       "properties": {"cards": {"type": "array", "minItems": 1,
                                "items": {"type": "string"},
                                "description": "the cards' codes, e.g. [Rd, Cd, Fd]"},
                      "points": POINTS,
                      "label": {"description": "its name in each language (the grande)",
                                "allOf": [{"$ref": "#/definitions/label"}]}}},
      _all_cards, example={"cards": ["Rd", "Cd", "Fd"], "points": 5}, worth=_all_worth,
      short=lambda s: str((s.get("label") or {}).get("en") or
                          "all of " + " ".join(str(c) for c in s["cards"])),
      words={"en": {"sentence": _all_words, "reason": _all_reason, "count": _all_count},
             "it": {"sentence": _all_words, "reason": _all_reason, "count": _all_count}})


# ---- a table over ranks, best card per suit (primiera) ------------------------------------
def rank_table_total(deck: Any, cards: Sequence[int], table: Sequence[float],
                     every_suit: bool) -> float | None:
    """The sum over suits of the best table value among the cards of that suit; None when
    `every_suit` and a suit is missing."""
    return _best_total([(c.suit, table[c.rank]) for c in deck.cards], len(deck.suits), cards,
                       every_suit)


def _best_total(by_card: Sequence[tuple[int, float]], suits: int, cards: Sequence[int],
                every_suit: bool) -> float | None:
    """`rank_table_total` with each card's (suit, table value) given (`by_card`, made once
    per ruleset for play)."""
    best = [_NONE] * (suits + 1)  # by suit (a joker's suit is past every suit)
    for c in cards:
        suit, v = by_card[c]
        if v > best[suit]:
            best[suit] = v
    held = [v for v in best if v != _NONE]
    if every_suit and len(held) < suits:
        return None
    return sum(held)


#: no card of the suit yet (below every table value)
_NONE = float("-inf")


def _rank_table(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    given = {str(k): v for k, v in spec["values"].items()}
    codes = [r.code for r in ctx.deck.ranks]
    for k in given:
        if k not in codes:
            ctx.error(("values", k), f"the deck has no rank {k!r} (its ranks: "
                      f"{' '.join(codes)})")
    missing = [c for c in codes if c not in given]
    if missing:
        ctx.error(("values",), f"no value for rank(s) {' '.join(missing)}: every rank needs one")
    table = tuple(float(given.get(c, 0)) for c in codes)
    every, points = _every_suit(spec), _points(spec)
    # each card's (suit, table value), looked up once per card rather than through the deck
    by_card = tuple((c.suit, table[c.rank]) for c in ctx.deck.cards)
    suits = len(ctx.deck.suits)

    def award(totals: list) -> list[float]:  # a side without every suit asked cannot win
        if all(t is None for t in totals):
            return [0] * len(totals)
        return _most([-1.0 if t is None else t for t in totals], points)
    orders = _by_suit(by_card, suits)
    return Tally(lambda deck, sides, events: [_best_of_suits(orders, suits, s, every)
                                              for s in sides], award)


def _by_suit(by_card: Sequence[tuple[int, float]], suits: int
             ) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per suit (a joker's past every suit), its cards with their table values, the highest
    first: the first of them a side holds is its best of the suit."""
    return tuple(tuple(sorted(((c, v) for c, (s, v) in enumerate(by_card) if s == suit),
                              key=lambda cv: -cv[1]))
                 for suit in range(suits + 1))


def _best_of_suits(orders: Sequence[Sequence[tuple[int, float]]], suits: int,
                   cards: Sequence[int], every_suit: bool) -> float | None:
    """`_best_total` by each suit's cards from the highest value down (`_by_suit`): a side
    mostly holds one of the first few, where a pass over its pile reads every card."""
    have = set(cards)
    total: float = 0
    held = 0
    for order in orders:
        for c, v in order:
            if c in have:
                total += v
                held += 1
                break
    if every_suit and held < suits:
        return None
    return total


#: what a rank table without a `label` is called (en, it)
TABLE_NAME = ("the rank table", "la tabella dei valori")


def _table_name(spec: Mapping[str, Any], lang: str) -> str:
    """The table's own label in `lang` (else in English), else its neutral name."""
    label = spec.get("label") or {}
    return label.get(lang) or label.get("en") or TABLE_NAME[lang == "it"]


def _every_suit(spec: Mapping[str, Any]) -> bool:
    return bool(spec.get("every_suit", _TABLE["properties"]["every_suit"]["default"]))


def _table_words(spec: Mapping[str, Any], w: Terms, lang: str) -> str:
    """"la primiera (la somma, seme per seme, ...)": its name with its article, and the
    pronoun that agrees with it ("non la può vincere")."""
    from .terms import noun
    named = noun(_table_name(spec, "en"), _table_name(spec, "it"))
    name = named.the(lang)
    values = ", ".join(f"{w.rank_by_code(k)} {v}" for k, v in
                       sorted(spec["values"].items(), key=lambda kv: -kv[1]))
    pts = _pts(_points(spec), lang)
    if lang == "it":
        tail = (f"; chi non ha carte di tutti i semi non {'la' if named.feminine else 'lo'} "
                f"può vincere") if _every_suit(spec) else ""
        return (f"{name} (la somma, seme per seme, della carta migliore secondo la tabella "
                f"{values}): {pts} a chi fa di più{tail} (nessuno in caso di parità)")
    tail = "; a side without a card of every suit cannot win it" \
        if _every_suit(spec) else ""
    # (no gloss in brackets after the name: an English label often has its Italian word in
    # brackets already, "the prime (primiera)")
    return (f"{name}: {pts} to the higher sum, suit by suit, of the best card by the table "
            f"{values}{tail} (none on a tie)")


def _table_reason(spec: Mapping[str, Any], w: Terms) -> str:
    """"the prime", "la primiera": its label with its article."""
    from .terms import noun
    return noun(_table_name(spec, "en"), _table_name(spec, "it")).the(w.lang)


def _table_count_words(spec: Mapping[str, Any], w: Terms) -> str:
    """"sum of the prime (primiera)", "somma della primiera"."""
    from .terms import noun
    name = noun(_table_name(spec, "en"), _table_name(spec, "it"))
    return f"somma {name.prep('it', 'di')}" if w.lang == "it" else f"sum of {name.en}"


def _table_worth(deck: Any, spec: Mapping[str, Any]) -> list[float]:
    """A card's place in the table: twice its value over the table's highest."""
    values = {str(k): x for k, x in spec["values"].items()}
    top = max(spec["values"].values()) or 1
    return [2 * values.get(deck.ranks[c.rank].code, 0) / top for c in deck.cards]


_TABLE: Mapping[str, Any] = {
    "type": "object", "required": ["values"], "additionalProperties": False,
    "properties": {
        "values": {"type": "object", "description": "rank code -> value",
                   "propertyNames": {"$ref": "#/definitions/rank_code"},
                   "additionalProperties": {"type": "number"}},
        "points": POINTS,
        "every_suit": {"type": "boolean", "default": True,
                       "description": "a side missing a suit cannot win"},
        "label": {"description": "its name in each language (the primiera); without one, it "
                                 "is called the rank table",
                  "allOf": [{"$ref": "#/definitions/label"}]}}}
score("rank_table", "Points to the side with the highest sum, over the suits, of its best card "
      "of each suit by a table of values per rank (the primiera): {values, points, every_suit, "
      "label}.", _TABLE, _rank_table, example={"values": {"A": 16, "7": 21}, "points": 1},
      worth=_table_worth, short=lambda s: str((s.get("label") or {}).get("en") or "rank table"),
      most=True,
      words={"en": {"sentence": lambda s, w: _table_words(s, w, "en"), "reason": _table_reason,
                    "count": _table_count_words,
                    "missing": lambda s, w: "no card of every suit"},
             "it": {"sentence": lambda s, w: _table_words(s, w, "it"), "reason": _table_reason,
                    "count": _table_count_words,
                    "missing": lambda s, w: "senza carte di tutti i semi"}})


# ---- a run of one suit from its lowest rank (the napola) ----------------------------------
def _run_length(deck: Any, cards: Sequence[int], suit: int) -> int:
    """How many ranks of `suit`, from the deck's lowest up without a gap, the cards hold."""
    held = {deck.cards[c].rank for c in cards if deck.cards[c].suit == suit}
    n = 0
    while n in held:
        n += 1
    return n


def _suit_run(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    suit = _suit_index(spec, ctx)
    if suit is None:
        return NOTHING
    if _at_least(spec) > len(ctx.deck.ranks):
        ctx.error(("at_least",), f"a run of {_at_least(spec)} cards from a suit of "
                  f"{len(ctx.deck.ranks)} ranks")
    least, most, per_card = _at_least(spec), _at_most(spec), _points(spec)
    if most < least:
        ctx.error(("at_most",), f"a run counted up to {most} cards cannot score from "
                  f"{least}")
    return Tally(lambda deck, sides, events: [_run_length(deck, s, suit) for s in sides],
                 lambda runs: [per_card * min(n, most) if n >= least else 0 for n in runs])


def _at_least(spec: Mapping[str, Any]) -> int:
    return int(spec.get("at_least", _RUN["properties"]["at_least"]["default"]))


def _at_most(spec: Mapping[str, Any]) -> int:
    """The cards of the run that count (no bound: every card of the suit)."""
    most = spec.get("at_most")
    return 10 ** 6 if most is None else int(most)


def _run_name(spec: Mapping[str, Any], lang: str) -> str:
    label = spec.get("label") or {}
    return label.get(lang) or label.get("en") or ("la scala" if lang == "it" else "the run")


def _run_words(spec: Mapping[str, Any], w: Terms, lang: str) -> str:
    """"the napola (the Ace, Two and Three of coins, and each card of coins above them in
    sequence): one point for each card of the run"."""
    from .terms import noun
    deck = w.rules.deck
    least = min(_at_least(spec), len(deck.ranks))
    names = [w.rank_by_code(r.code) for r in deck.ranks[:least]]
    first = w.join([noun(name, name).the(lang) for name in names])
    suit = _suit_name(spec, w, lang)
    name = _run_name(spec, lang).removeprefix("the ")
    per = _pts(_points(spec), lang)
    most = spec.get("at_most")
    if lang == "it":
        upto = "" if most is None else f", fino a {most} carte"
        return (f"{name} ({first} di {suit}, e ogni carta di {suit} che li segue in scala"
                f"{upto}): {per} per ogni carta della scala")
    upto = "" if most is None else f", up to {most} cards"
    return (f"the {name} ({first} of {suit}, and each card of {suit} above them in "
            f"sequence{upto}): {per} for each card of the run")


def _run_reason(spec: Mapping[str, Any], w: Terms) -> str:
    from .terms import noun
    return noun(_run_name(spec, "en"), _run_name(spec, "it")).the(w.lang)


def _run_count_words(spec: Mapping[str, Any], w: Terms) -> str:
    """"cards of the napola in sequence", "carte della napola in scala"."""
    from .terms import noun
    name = noun(_run_name(spec, "en"), _run_name(spec, "it"))
    return (f"carte {name.prep('it', 'di')} in scala" if w.lang == "it" else
            f"cards of {name.en} in sequence")


def _run_worth(deck: Any, spec: Mapping[str, Any]) -> list[float]:
    """The low cards of the suit are worth the most: they start the run."""
    suit = _suit_at(deck, spec)
    least = _at_least(spec)
    return [2 * _points(spec) if c.suit == suit and c.rank < least else
            (0.5 if c.suit == suit else 0) for c in deck.cards]


_RUN: Mapping[str, Any] = {
    "type": "object", "required": ["suit"], "additionalProperties": False,
    "properties": {
        "suit": {"type": "string", "description": "the suit's code"},
        "at_least": {"type": "integer", "minimum": 1, "default": 3,
                     "description": "the cards the run needs to score at all (default 3: Ace, "
                                    "Two and Three)"},
        "at_most": {"type": "integer", "minimum": 1,
                    "description": "the cards of the run that count at most (the piccola of "
                                   "Cirulla stops at the Seven: 7); without it, every card "
                                   "of the run counts"},
        "points": dict(POINTS, description="the points for each card of the run (default 1)"),
        "label": {"description": "its name in each language (the napola); without one, it is "
                                 "called the run",
                  "allOf": [{"$ref": "#/definitions/label"}]}}}
score("suit_run", "Points to each side whose cards of a suit run from the deck's lowest rank "
      "up without a gap, at least `at_least` of them: `points` for each card of the run (the "
      "napola: Ace, Two and Three of denari score 3, the Four too 4, and so on), counting at "
      "most `at_most` cards: {suit, at_least, at_most, points, label}.", _RUN, _suit_run,
      example={"suit": "d", "at_least": 3, "points": 1}, worth=_run_worth,
      short=lambda s: str((s.get("label") or {}).get("en") or f"run of suit {s['suit']}"),
      words={"en": {"sentence": lambda s, w: _run_words(s, w, "en"), "reason": _run_reason,
                    "count": _run_count_words},
             "it": {"sentence": lambda s, w: _run_words(s, w, "it"), "reason": _run_reason,
                    "count": _run_count_words}})


# ---- events counted at the end ------------------------------------------------------------
def _per_event(spec: Mapping[str, Any], ctx: CompileContext) -> Tally:
    name, points = spec["event"], _points(spec)
    return Tally(lambda deck, sides, events: [e.get(name, 0) for e in events],
                 lambda counts: [points * n for n in counts])


def _events_it(spec: Mapping[str, Any], w: Terms) -> str:
    """"le scope": the event's name in the plural, with its article."""
    from .terms import it_plural
    return it_plural(str(spec["event"])).the("it")


def _events_en(spec: Mapping[str, Any], w: Terms) -> str:
    return f"the {event_plural(str(spec['event']), 'en')}"


def event_plural(event: str, lang: str) -> str:
    """An event's name in the plural, without an article: "sweeps", "prese" (as `it_plural`
    makes it)."""
    if lang == "it":
        from .terms import it_plural
        return it_plural(event).bare("it")
    return event if event.endswith("s") else f"{event}s"


score("per_event", "Points per named event (a sweep) the side made in the hand: "
      "{event, points}.",
      {"type": "object", "required": ["event"], "additionalProperties": False,
       "properties": {"event": {"description": "the event's name (from a capture's events)",
                                "allOf": [{"$ref": "#/definitions/identifier"}]},
                      "points": POINTS}},
      _per_event, example={"event": "sweep", "points": 1}, worth=_no_worth,
      short=lambda s: "per event", counts_events=True, words={
          "en": {"sentence": lambda s, w: f"each {s['event']}: {_pts(_points(s), 'en')}",
                 "reason": _events_en, "count": lambda s, w: event_plural(s["event"], "en")},
          "it": {"sentence": lambda s, w: f"ogni {s['event']}: {_pts(_points(s), 'it')}",
                 "reason": _events_it, "count": lambda s, w: event_plural(s["event"], "it")}})


# ---- points of an event as it is made -----------------------------------------------------
def _bonus_table(spec: Mapping[str, Any], deck: Any,
                 error: Callable[[tuple, str], None] | None = None) -> list[float] | None:
    """`bonus:` of an event's points, per card of the deck (a card's own entry wins over its
    rank's); None when it gives none."""
    by_card: dict[str, float] = {}
    by_rank: dict[int, float] = {}
    ranks = {r.code: i for i, r in enumerate(deck.ranks)}
    for key, value in (spec.get("bonus") or {}).items():
        key = str(key)
        if key in ranks:
            by_rank[ranks[key]] = value
        else:
            try:
                by_card[deck.cards[deck.parse(key)].code] = value
            except CardError as e:
                if error is not None:
                    error(("bonus", key), str(e))
    if not by_card and not by_rank:
        return None
    return [by_card.get(c.code, by_rank.get(c.rank, 0)) for c in deck.cards]


def compile_event_points(spec: Mapping[str, Any], deck: Any,
                         error: Callable[[tuple, str], None]) -> EventPoints:
    """`scoring.events.NAME`: {points, card_values, bonus}: a fixed number, plus the values of
    the cards of the capture (`card_values: taken` or `all`, the played card included), plus a
    bonus per card of value (`bonus:` keys are a card code or a rank code; a card's own entry
    wins over its rank's). `event_terms` says the same sum term by term."""
    fixed = spec.get("points", 0)
    which = spec.get("card_values", "none")
    bonus = _bonus_table(spec, deck, error)
    values = [c.value for c in deck.cards]
    bonus_played = spec.get("bonus_on", "taken") == "all"

    def points(deck: Any, played: int, taken: Sequence[int]) -> float:
        total = fixed
        if which == "all":
            total += values[played] + sum(values[c] for c in taken)
        elif which == "taken":
            total += sum(values[c] for c in taken)
        if bonus is not None:
            total += sum(bonus[c] for c in taken)
            if bonus_played:
                total += bonus[played]
        return total
    return points


def event_terms(rules: Any, cards: Sequence[int]) -> list[tuple[float, str, int | None]]:
    """The points at once of one capture of `cards` (the first played), term by term, for the
    event that gives the most (`event_points`): (amount, what: `fixed`, `value` or `bonus`, the
    card it is for), in the order the sum is written: the fixed points, the values of the cards
    counted, then each card's bonus. [] when no event gives any."""
    scoring: Scoring = rules.scoring
    mine, deck = list(cards), rules.deck
    if not mine or not scoring.events:
        return []
    name = max(scoring.events, key=lambda n: scoring.events[n](deck, mine[0], mine[1:]))
    spec = scoring.event_specs.get(name) or {}
    which = spec.get("card_values", "none")
    counted = mine if which == "all" else mine[1:] if which == "taken" else []
    out: list[tuple[float, str, int | None]] = []
    if spec.get("points"):
        out.append((spec["points"], "fixed", None))
    out += [(deck.cards[c].value, "value", c) for c in counted]
    bonus = _bonus_table(spec, deck)
    if bonus is not None:
        given = mine if spec.get("bonus_on", "taken") == "all" else mine[1:]
        out += [(bonus[c], "bonus", c) for c in given if bonus[c]]
    return out


def hand_points(scoring: Scoring, deck: Any, sides: Sequence[Sequence[int]],
                events: Sequence[Mapping[str, int]]) -> list[tuple[str, list[float]]]:
    """Each `scoring.hand` entry's points per side, in file order."""
    return [(name, scorer(deck, sides, events)) for name, _, scorer in scoring.hand]


def hand_counts(scoring: Scoring, deck: Any, sides: Sequence[Sequence[int]],
                events: Sequence[Mapping[str, int]]) -> list[list[float | None]]:
    """Each `scoring.hand` entry's count per side, in file order, as its unit counts it (the
    cards 21-19, the denari 6-4, the primiera's sums, the scope): what decided each point."""
    return [tally.count(deck, sides, events) for _, _, tally in scoring.hand]


def countback(st: Any, leaders: list[int]) -> list[int]:
    """The leaders left once a tie for the lead at the target is counted back
    (`Ruleset.end_countback`), step by step until one side is left: the side that reached the
    target first as the hand's points were counted in the order of `scoring.hand` (-1; later,
    where the fewest points win), or the side with the best count of an entry in that hand
    (its index): the highest, or the lowest where its tally says fewer wins. The hand's taken
    cards are still in their piles: the next deal clears them."""
    rules = st.rules
    tied = sorted({st.side_of[p] for p in leaders})
    if len(tied) < 2 or not rules.end_countback or rules.scoring is None:
        return leaders
    scoring, deck = rules.scoring, rules.deck
    sides, events = st.own[scoring.zone], st.capture.counts
    sign = rules.stakes.mode.sign
    for step in rules.end_countback:
        if step < 0:
            order = _reached_at(st, hand_points(scoring, deck, sides, events))
            key = {s: -sign * order[s] for s in tied}
        else:
            tally = scoring.hand[step][2]
            counts, better = tally.count(deck, sides, events), -1 if tally.fewer_wins else 1
            key = {s: float("-inf") if counts[s] is None else better * counts[s] for s in tied}
        best = max(key.values())
        tied = [s for s in tied if key[s] == best]
        if len(tied) == 1:
            break
    return [p for p in leaders if st.side_of[p] in tied]


def _reached_at(st: Any, results: Sequence[tuple[str, list[float]]]) -> list[int]:
    """Per side, the place in the hand's count (its entries in file order, 0 for the points
    it held before them) at which its points first reached the target; len + 1: never."""
    target = st.rules.end_target
    out = []
    for side, members in enumerate(st.side_members):
        points = st.lives[members[0]] - sum(pts[side] for _, pts in results)
        at = 0 if points >= target else len(results) + 1
        for i, (_, pts) in enumerate(results, 1):
            points += pts[side]
            if at > len(results) and points >= target:
                at = i
        out.append(at)
    return out


def award(st: Any, side: int, points: float, reason: str) -> None:
    """Points to every member of a side (partners share their side's score). Here, not with
    the capture primitive: the end of every hand awards (an import in `settle_score` was run
    at each), and `score` loads this module without the turn's."""
    for q in st.side_members[side]:
        st.lives[q] += points
        if st.record:  # (a call with its keywords' dict saved when nothing is recorded)
            st.emit("points", q, points=st.lives[q], added=points, reason=reason)


def settle_score(st: Any) -> None:
    """The end of a hand scored by points won: the last taker takes what is left on the table
    (`scoring.leftover`), then each `scoring.hand` entry gives its points to the sides."""
    scoring: Scoring = st.rules.scoring
    deck = st.rules.deck
    cap = st.capture
    if scoring.leftover is not None and cap.last_taker is not None:
        rest = st.zones[scoring.leftover]
        if rest:
            side = st.side_of[cap.last_taker]
            st.own[scoring.zone][side].extend(rest)
            if st.record:
                st.emit("leftover", cap.last_taker, cards=deck.codes(rest))
            st.zones[scoring.leftover] = []
    sides = st.own[scoring.zone]
    results = hand_points(scoring, deck, sides, cap.counts)
    if st.record:
        st.emit("hand_score", None, scores=[[name, pts] for name, pts in results],
                cards=[len(s) for s in sides],
                counts=hand_counts(scoring, deck, sides, cap.counts),
                events=[dict(c) for c in cap.counts])
    for i, (name, pts) in enumerate(results):
        for side, n in enumerate(pts):
            if n:  # (the reason is words for the record only)
                award(st, side, n, f"{name}#{i}" if st.record else "")
    if st.record:
        st.emit("settled", None, outcome="score", payers=[])


def taken_points(rules: Any, cards: Sequence[int]) -> tuple[list[tuple[str, float]], float]:
    """What a set of taken cards is worth under `rules` (`score --taken`): each end-of-hand
    entry's points (`taken_entries`; an entry that counts events is left out) by its short
    English name, and the points at once of the named events of a capture of these cards (the
    first being the card played): (entries, at once)."""
    entries = [(SCORES[e.key].short(e.param), e.points) for e in taken_entries(rules, cards)
               if not SCORES[e.key].counts_events]
    return entries, event_points(rules, cards)


def event_points(rules: Any, cards: Sequence[int]) -> float:
    """The points at once of the events of one capture of `cards`, the first card played
    (the most any named event gives): a sweep worth the values of its cards."""
    scoring: Scoring = rules.scoring
    mine = list(cards)
    if not mine:
        return 0.0
    return max((f(rules.deck, mine[0], mine[1:]) for f in scoring.events.values()),
               default=0.0)


@dataclass(frozen=True)
class TakenEntry:
    """One end-of-hand entry of `score --taken`: its keyword and parameter, the points the
    side that took the cards gets, and the counts behind them (these cards, the rest)."""
    key: str
    param: Any
    points: float
    counts: tuple[float | None, float | None]


def taken_entries(rules: Any, cards: Sequence[int]) -> list[TakenEntry]:
    """Each end-of-hand entry of `rules` for a side that took `cards` while the other side
    took every other card, with the counts that decide it; an entry that counts events (the
    scope, made during play and in no pile) has its points and counts left at zero."""
    scoring: Scoring = rules.scoring
    deck = rules.deck
    mine = list(cards)
    others = [c for c in range(len(deck.cards)) if c not in set(mine)]
    out = []
    for name, param, tally in scoring.hand:
        if SCORES[name].counts_events:
            out.append(TakenEntry(name, param, 0.0, (None, None)))
            continue
        mine_count, rest = tally.count(deck, [mine, others], [{}, {}])
        out.append(TakenEntry(name, param, tally.award([mine_count, rest])[0],
                              (mine_count, rest)))
    return out


def one_capture_problem(rules: Any, cards: Sequence[int]) -> tuple[int, list[int]] | None:
    """Whether `cards` can be one capture (the first card played, taking the others from a
    table of exactly them) under any capture option of `rules`: None when one may make it,
    else (the played card, the cards it cannot take). What `score --taken` checks before it
    scores a capture's events: a Sette cannot take a Re and a Due worth 6 and 2. The take rules
    that narrow what a card takes are applied, as the capture's lister applies them."""
    from .capture import allowed_takings
    if len(cards) < 2:
        return None
    played, rest = cards[0], list(cards[1:])
    deck = rules.deck
    want = sorted(deck.cards[c].code for c in rest)
    for step in rules.steps.values():
        for option in step.options:
            taking = option.params.get("_taking")
            if taking is None:
                continue
            for way in allowed_takings(deck, taking, played, list(rest)):
                if sorted(deck.cards[c].code for c in way) == want:
                    return None
    return played, rest


def card_worth(deck: Any, scoring: Scoring | None) -> tuple[float, ...]:
    """A rough worth of taking each card under the ruleset's end-of-hand scoring: the sum of
    what each `scoring.hand` entry's unit says it is worth (`ScoreUnit.worth`). The compiler
    computes it once (`Ruleset.card_worth`) for the bots."""
    worth = [0.0] * len(deck.cards)
    if scoring is None:
        return tuple(worth)
    for key, param, _ in scoring.hand:
        for c, x in enumerate(SCORES[key].worth(deck, param)):
            worth[c] += x
    return tuple(worth)


def reason_words(terms: Terms, reason: str) -> str:
    """What points were scored for, in words that follow "for" / "per", in the language of
    `terms`: an event's name, or a `scoring.hand` entry (`KEY#INDEX` in the points event) as its
    unit says it briefly, with its article (most cards, i denari, il Sette di denari, la
    primiera, le scope)."""
    rules = terms.rules
    key, _, index = reason.partition("#")
    if not index.isdigit() or rules.scoring is None or int(index) >= len(rules.scoring.hand):
        return reason
    key, param, _ = rules.scoring.hand[int(index)]
    return SCORES.say(key, "reason", param, terms)
