"""Decks and card notation.

A card is an int (its index in the deck) during play, so hands can be bit masks and hand values
can be looked up in tables; codes and names exist only at the edges (reading a stacked deck,
printing a hand). A code is the rank code followed by the suit code: `Rc`, `10h`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .errors import CardError


@dataclass(frozen=True)
class Suit:
    code: str
    names: Mapping[str, str]


@dataclass(frozen=True)
class Rank:
    code: str
    value: float
    names: Mapping[str, str]
    position: int  # place in the deck's rank list: breaks ties between equal values


@dataclass(frozen=True)
class Card:
    id: int
    code: str
    rank: int  # index into Deck.ranks (a joker: len(Deck.ranks), past every rank)
    suit: int  # index into Deck.suits (a joker: len(Deck.suits), past every suit)
    value: float
    joker: bool = False  # outside suit x rank: of no suit and no rank


#: Each card's bit in a hand's mask (bit c set: card c held), made once: `1 << card` makes a
#: new number at every move (a deck has at most 208 cards: compile_deck.MAX_CARDS).
CARD_BITS = tuple(1 << c for c in range(256))

#: The code of a joker (`deck: {jokers: ...}`): every joker has it, as copies of a card do.
JOKER_CODE = "Jk"
JOKER_NAMES = {"en": "Joker", "it": "Jolly"}


@dataclass(frozen=True)
class Deck:
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    cards: tuple[Card, ...]
    card_name: Mapping[str, str]  # per language, "{rank} of {suit}"
    #: jokers (`deck.jokers`): wild (each stands for the best card for the hand) or not (each
    #: counts its own value and joins any suit); their name per language
    jokers_wild: bool = False
    joker_name: Mapping[str, str] = field(default_factory=lambda: dict(JOKER_NAMES))
    #: code -> the id of the first card with that code (built with the deck)
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)
    #: how many jokers the deck holds (built with the deck)
    jokers: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, int] = {}
        for c in self.cards:
            index.setdefault(c.code, c.id)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "jokers", sum(1 for c in self.cards if c.joker))

    # ---- notation -------------------------------------------------------------------------
    def parse(self, code: str) -> int:
        """The id of the first card with this code (case-forgiving), or a CardError listing the
        valid codes, because a user typing at the table needs to see what he may type."""
        text = str(code).strip()
        index = self._index
        if text in index:
            return index[text]
        if len(text) >= 2:
            fixed = text[:-1].upper() + text[-1].lower()
            if fixed in index:
                return index[fixed]
        raise CardError(
            f"unknown card {text!r}: a card is a rank ({' '.join(r.code for r in self.ranks)}) "
            f"followed by a suit ({' '.join(s.code for s in self.suits)}), e.g. "
            f"{self.ranks[-1].code}{self.suits[0].code!s}")

    def parse_hand(self, text: str | Iterable[str]) -> list[int]:
        """Cards separated by spaces or commas. A hand never holds the same physical card
        twice: with several copies of the deck the next copy is used."""
        parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        ids: list[int] = []
        for part in parts:
            first = self.parse(part)
            code = self.cards[first].code
            copies = [c.id for c in self.cards if c.code == code and c.id not in ids]
            if not copies:
                raise CardError(f"card {code} appears more often than the deck holds it")
            ids.append(copies[0])
        return ids

    def code(self, card: int) -> str:
        return self.cards[card].code

    def codes(self, cards: Iterable[int]) -> list[str]:
        return [self.cards[c].code for c in cards]

    def name(self, card: int, lang: str = "en") -> str:
        c = self.cards[card]
        if c.joker:
            return _pick(self.joker_name, lang, JOKER_CODE)
        rank, suit = self.ranks[c.rank], self.suits[c.suit]
        template = self.card_name.get(lang) or self.card_name.get("en") or "{rank} {suit}"
        return template.format(rank=_pick(rank.names, lang, rank.code),
                               suit=_pick(suit.names, lang, suit.code))

    def strength(self, card: int) -> tuple[float, int]:
        """How high a single card is: value first, then place in the rank list (used for the
        cut and the `high_rank` tie-break)."""
        c = self.cards[card]
        return (c.value, len(self.ranks) if c.joker else self.ranks[c.rank].position)

def _pick(names: Mapping[str, str], lang: str, default: str) -> str:
    return names.get(lang) or names.get("en") or default


# ---- presets ------------------------------------------------------------------------------
# Ranks are listed low to high within equal values (so Re > Cavallo > Fante, K > Q > J).

_ITALIAN_SUITS = [
    ("c", "coppe", "cups"), ("d", "denari", "coins"),
    ("b", "bastoni", "clubs"), ("s", "spade", "swords"),
]
_ITALIAN_RANKS = [
    ("A", 11, "Asso", "Ace"), ("2", 2, "Due", "Two"), ("3", 3, "Tre", "Three"),
    ("4", 4, "Quattro", "Four"), ("5", 5, "Cinque", "Five"), ("6", 6, "Sei", "Six"),
    ("7", 7, "Sette", "Seven"), ("F", 10, "Fante", "Jack"), ("C", 10, "Cavallo", "Knight"),
    ("R", 10, "Re", "King"),
]
_FRENCH_SUITS = [
    ("h", "cuori", "hearts"), ("d", "quadri", "diamonds"),
    ("c", "fiori", "clubs"), ("s", "picche", "spades"),
]
_FRENCH_RANKS = [
    ("A", 11, "Asso", "Ace"), ("2", 2, "Due", "Two"), ("3", 3, "Tre", "Three"),
    ("4", 4, "Quattro", "Four"), ("5", 5, "Cinque", "Five"), ("6", 6, "Sei", "Six"),
    ("7", 7, "Sette", "Seven"), ("8", 8, "Otto", "Eight"), ("9", 9, "Nove", "Nine"),
    ("10", 10, "Dieci", "Ten"), ("J", 10, "Fante", "Jack"), ("Q", 10, "Donna", "Queen"),
    ("K", 10, "Re", "King"),
]

PRESETS: dict[str, dict] = {
    "italian-40": {"suits": _ITALIAN_SUITS, "ranks": _ITALIAN_RANKS, "remove": []},
    "french-52": {"suits": _FRENCH_SUITS, "ranks": _FRENCH_RANKS, "remove": []},
    "french-40": {"suits": _FRENCH_SUITS, "ranks": _FRENCH_RANKS, "remove": ["8", "9", "10"]},
    "french-32": {"suits": _FRENCH_SUITS, "ranks": _FRENCH_RANKS,
                  "remove": ["2", "3", "4", "5", "6"]},
}

CARD_NAME = {"en": "{rank} of {suit}", "it": "{rank} di {suit}"}


def preset_spec(name: str) -> dict:
    """A preset as the same plain data an explicit `deck:` section holds."""
    p = PRESETS[name]
    return {
        "suits": [{"code": c, "name": {"it": it, "en": en}} for c, it, en in p["suits"]],
        "ranks": [{"code": c, "value": v, "name": {"it": it, "en": en}}
                  for c, v, it, en in p["ranks"] if c not in p["remove"]],
    }


def build_deck(suits: list[dict], ranks: list[dict], copies: int = 1,
               card_name: Mapping[str, str] | None = None,
               removed_cards: Iterable[str] = (), jokers: Mapping | None = None) -> Deck:
    """The cards, `copies` times over, less the removed ones, then the jokers: `jokers` is
    the `deck.jokers` entry ({count, wild} or {count, value}, optionally name)."""
    suit_objs = tuple(Suit(s["code"], dict(s.get("name") or {})) for s in suits)
    rank_objs = tuple(Rank(r["code"], r["value"], dict(r.get("name") or {}), i)
                      for i, r in enumerate(ranks))
    skip = set(removed_cards)
    cards: list[Card] = []
    for _ in range(copies):
        for si, s in enumerate(suit_objs):
            for ri, r in enumerate(rank_objs):
                code = r.code + s.code
                if code in skip:
                    continue
                cards.append(Card(len(cards), code, ri, si, r.value))
    wild = bool(jokers and jokers.get("wild"))
    if jokers:
        # a wild joker may be the best card: it is as high as the highest rank for the cut
        # and the high-card tie-breaks; a plain one counts its value
        value = max(r.value for r in rank_objs) if wild else jokers.get("value", 0)
        for _ in range(jokers["count"]):
            cards.append(Card(len(cards), JOKER_CODE, len(rank_objs), len(suit_objs), value,
                              joker=True))
    names = dict(JOKER_NAMES, **dict((jokers or {}).get("name") or {}))
    return Deck(suit_objs, rank_objs, tuple(cards), dict(card_name or CARD_NAME), wild, names)
