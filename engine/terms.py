"""The one translation layer: how a ruleset's things are named in each language, shared by
`explain`, `play` and `replay`, so that the discard pile is "la pila degli scarti" in the rules
and at the table alike, and a player is "il Giocatore 2" wherever Italian needs the article.

A name is a `Noun`: its English words and its Italian article, word, gender and number, from
which every form a sentence needs is built (`the`, with a preposition, capitalised, bare for a
heading). A `Noun` formats itself by the form asked for, so a message template says which form
it needs and no sentence is patched afterwards:

    "{who:The} pesca una carta {zone:da}."  ->  "Il Giocatore 2 pesca una carta dal tallone."
    "tocca {who:a}"                         ->  "tocca al Giocatore 3"

`Terms(rules, lang)` names one ruleset's zones, players, stakes (lives, chips, penalty points)
and its own words (`labels:`): the ruleset's words first, then the plain card-table words below.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .stakes_modes import CURRENCIES

#: The languages text is written in.
LANGS = ("en", "it")

_IT_CONTRACT = {  # article -> (di, da, a, su, in)
    "il": ("del", "dal", "al", "sul", "nel"), "lo": ("dello", "dallo", "allo", "sullo", "nello"),
    "la": ("della", "dalla", "alla", "sulla", "nella"),
    "l'": ("dell'", "dall'", "all'", "sull'", "nell'"),
    "i": ("dei", "dai", "ai", "sui", "nei"), "gli": ("degli", "dagli", "agli", "sugli", "negli"),
    "le": ("delle", "dalle", "alle", "sulle", "nelle"),
    "": ("di", "da", "a", "su", "in"),
}
_IT_PREPS = ("di", "da", "a", "su", "in")
#: places cards lie ON, not in: "sul tavolo", "on the table" (but "nel tallone", "in the stock")
_ON = ("tavolo", "tavola", "tappeto", "banco", "table")
_EN_PREPS = {"di": "of", "da": "from", "a": "to", "su": "onto", "in": "in", "con": "with"}


def cap(s: str) -> str:
    """The text with its first letter upper-case (the rest untouched: "Re di coppe")."""
    return s[:1].upper() + s[1:] if s else s


@dataclass(frozen=True)
class Noun:
    """A thing's name in both languages: English with its article ("the stock", or "Player 2"
    with none), Italian article + word + gender and number (agreement of adjectives, contracted
    prepositions: "dal tallone", "alla riserva", "al Giocatore 2").

    As a format field it takes a form: `{x}` / `{x:the}` the name with its article, `{x:The}`
    the same capitalised (a sentence's subject), `{x:bare}` / `{x:Bare}` without the article (a
    heading), `{x:da}` (or di, a, su, in, con) with a preposition, `{x:Da}` capitalised,
    `{x:at}` where its cards lie ("nel tallone", "sul tavolo")."""
    en: str
    it_article: str
    it_word: str
    feminine: bool = False
    plural: bool = False

    def the(self, lang: str) -> str:
        if lang == "en":
            return self.en
        sep = "" if self.it_article.endswith("'") or not self.it_article else " "
        return f"{self.it_article}{sep}{self.it_word}"

    def bare(self, lang: str) -> str:
        """Without the article (the English word, the Italian one alone)."""
        if lang == "en":
            return self.en[4:] if self.en.lower().startswith("the ") else self.en
        return self.it_word

    def prep(self, lang: str, p: str) -> str:
        """With a preposition (Italian names: di da a su in con): `from the stock`, `dal
        tallone`."""
        if lang == "en":
            return f"{_EN_PREPS[p]} {self.en}"
        if p == "con":
            return f"con {self.the(lang)}"
        word = _IT_CONTRACT[self.it_article][_IT_PREPS.index(p)]
        sep = "" if word.endswith("'") else " "
        return f"{word}{sep}{self.it_word}"

    def at(self, lang: str) -> str:
        """Where its cards lie: "in the stock" / "nel tallone", but "on the table" / "sul
        tavolo"."""
        on = self.it_word.split(" ")[0].lower() in _ON or self.bare("en").lower() in _ON
        if lang == "en":
            return f"{'on' if on else 'in'} {self.en}"
        return self.prep(lang, "su" if on else "in")

    def adj(self, stem: str) -> str:
        """Italian agreement: copert -> coperto / coperta / coperti / coperte."""
        end = ("e" if self.feminine else "i") if self.plural else ("a" if self.feminine else "o")
        return stem + end

    def be(self, lang: str) -> str:
        if lang == "en":
            return "are" if self.plural else "is"
        return "sono" if self.plural else "è"

    def passive(self) -> str:
        return "vengono" if self.plural else "viene"

    def in_lang(self, lang: str) -> Named:
        """This name bound to a language, for a message template."""
        return Named((self,), lang)


@dataclass(frozen=True)
class Named:
    """One or more nouns in one language, ready for `str.format`: several are joined with
    "and"/"e", each with its own article and preposition ("al Giocatore 1 e al Giocatore 3")."""
    nouns: tuple[Noun, ...]
    lang: str

    def form(self, spec: str) -> str:
        low = spec.lower()
        if low in ("", "the"):
            parts = [n.the(self.lang) for n in self.nouns]
        elif low == "bare":
            parts = [n.bare(self.lang) for n in self.nouns]
        elif low in _EN_PREPS:
            parts = [n.prep(self.lang, low) for n in self.nouns]
        elif low == "at":
            parts = [n.at(self.lang) for n in self.nouns]
        else:
            raise ValueError(f"unknown form {spec!r} of a name")
        text = join_words(parts, self.lang)
        return cap(text) if spec[:1].isupper() else text

    @property
    def plural(self) -> bool:
        return len(self.nouns) > 1 or any(n.plural for n in self.nouns)

    def __format__(self, spec: str) -> str:
        return self.form(spec)

    def __str__(self) -> str:
        return self.form("")


def join_words(items: Sequence[str], lang: str, word: str | None = None) -> str:
    """a, b and c / a, b e c."""
    items = [i for i in items if i]
    word = word or ("and" if lang == "en" else "e")
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def it_noun(text: str) -> tuple[str, str, bool, bool]:
    """Article, word, feminine, plural from an Italian name (`la riserva`, `tallone`): an
    article written at the start decides; without one, the usual rules of Italian grammar
    (l' before a vowel, lo before s+consonant, z, gn, ps, x; feminine when it ends in -a)."""
    low = text.lower()
    for art, fem, pl in (("il ", False, False), ("lo ", False, False), ("la ", True, False),
                         ("i ", False, True), ("gli ", False, True), ("le ", True, True)):
        if low.startswith(art):
            return art.strip(), text[len(art):], fem, pl
    if low.startswith(("l'", "l’")):
        word = text[2:]
        return "l'", word, word.endswith("a"), False
    fem = low.endswith("a")
    if low[:1] in "aeiou":
        return "l'", text, fem, False
    if not fem and (low[:1] in ("z", "x") or low[:2] in ("gn", "ps") or
                    (low[:1] == "s" and low[1:2] not in "aeiou")):
        return "lo", text, False, False
    return ("la" if fem else "il"), text, fem, False


def noun(en: str, it: str) -> Noun:
    """A Noun from an English name (given "the" when it has no article) and an Italian one (its
    article, if written, decides gender and number)."""
    en_text = en if en.lower().startswith("the ") else f"the {en}"
    art, word, fem, pl = it_noun(it)
    return Noun(en_text, art, word, fem, pl)


def card_noun(deck, card: int, shown: str = "") -> Noun:
    """A card as a name in a sentence, with its article: "the King of cups", "il Re di
    coppe", "l'Asso di spade", "la Donna di quadri". The Italian article and gender come from
    the rank's Italian name, which starts the card's name; `shown` follows the name in
    brackets (its code: "il Re di coppe (Rc)")."""
    c = deck.cards[card]
    first = "" if c.joker else deck.ranks[c.rank].names.get("it")  # a joker has no rank
    art, _, fem, _ = it_noun(first or deck.name(card, "it"))
    suffix = f" ({shown})" if shown else ""
    return Noun(f"the {deck.name(card, 'en')}{suffix}", art, deck.name(card, "it") + suffix,
                fem, False)


def it_plural(word: str) -> Noun:
    """An Italian noun in the plural with its article, for the regular endings (carta -> le
    carte, barca -> le barche, punto -> i punti, asso -> gli assi); any other word (a foreign
    one, an ending in -e or an accent, several words) stays as it is, in quotes: «fiche»."""
    art, text, fem, _ = it_noun(word)
    stem, end = text[:-1], text[-1:]
    if " " in text or not text.isalpha() or not ((end == "a" and fem) or (end == "o" and
                                                                         not fem)):
        return Noun(word, "le" if fem else "i", f"«{word}»", fem, True)
    if end == "a":
        return Noun(word, "le", stem + ("h" if stem[-1:] in "cg" else "") + "e", True, True)
    return Noun(word, "gli" if art in ("l'", "lo") else "i", stem + "i", False, True)


#: The usual zones, named as card players name them: (English, Italian with its article). A
#: ruleset names any other zone, or renames these, in its `labels:` section; a zone nobody
#: named is called by its own name.
ZONE_WORDS: dict[str, tuple[str, str]] = {
    "stock": ("the stock", "il tallone"),
    "deck": ("the deck", "il mazzo"),
    "discard": ("the discard pile", "la pila degli scarti"),
    "discards": ("the discard pile", "la pila degli scarti"),
    "table": ("the table", "il tavolo"),
    "centre": ("the centre cards", "le carte al centro"),
    "center": ("the centre cards", "le carte al centro"),
}

#: Words for the roles at the table; `{n}` is a number. What the stakes count (lives, chips,
#: points) is said by the currencies the stakes modes name (stakes_modes.CURRENCIES).
_WORDS: dict[str, dict[str, str]] = {
    "en": {"player": "Player {n}", "you": "you"},
    "it": {"player": "Giocatore {n}", "you": "tu"},
}


class Terms:
    """One ruleset's words in one language: its zones, its players, its stakes and its own
    `labels:` (the words it gives for knocking, the last chance, a zone)."""

    def __init__(self, rules, lang: str):
        self.rules = rules
        self.lang = lang if lang in LANGS else "en"
        self._words = _WORDS[self.lang]
        self._zones: dict[str, Noun] = {}

    # ---- the ruleset's own words ------------------------------------------------------
    def own(self, thing: Mapping | None, default: str = "") -> str:
        """Words a ruleset gives per language (a label): the reader's, else English, else any."""
        if not thing:
            return default
        return thing.get(self.lang) or thing.get("en") or next(
            (v for v in thing.values() if v), default)

    def term(self, key: str) -> str | None:
        """The ruleset's word for a term of its `labels:` section, if it gives one."""
        value = (self.rules.labels or {}).get(key)
        if not isinstance(value, Mapping) or not value:
            return None
        return self.own(value) or None

    # ---- zones -------------------------------------------------------------------------
    def zone(self, name: str) -> Noun:
        """A zone's name: the ruleset's `labels:` words, else the usual card-table word, else
        its own name (in Italian "la zona «name»", so that the sentence stays grammatical)."""
        if name not in self._zones:
            self._zones[name] = self._zone(name)
        return self._zones[name]

    def _zone(self, name: str) -> Noun:
        own = (self.rules.labels or {}).get(name)
        usual = ZONE_WORDS.get(name)
        plain = name.replace("_", " ").replace("-", " ")
        if isinstance(own, Mapping) and own:
            en = own.get("en") or (usual[0] if usual else plain)
            it = own.get("it") or (usual[1] if usual else own.get("en") or plain)
            return noun(en, it)
        if usual:
            return noun(*usual)
        zone = self.rules.zones.get(name)
        en = plain + (" pile" if zone is not None and zone.visibility == "top"
                      and not plain.endswith("pile") else "")
        return Noun(f"the {en}", "la", f"zona «{name}»", True, False)

    def zone_named(self, name: str) -> Named:
        return self.zone(name).in_lang(self.lang)

    # ---- players -----------------------------------------------------------------------
    def player(self, seat: int, note: str | None = None) -> Noun:
        """Player `seat` (0-based) as "Player 2" / "il Giocatore 2", with a note after the name
        ("tu", a bot's name) when given."""
        word = self._words["player"].format(n=seat + 1)
        if note:
            word += f" ({note})"
        return Noun(word, "il", word)

    def you(self) -> str:
        return self._words["you"]

    def group(self, nouns: Iterable[Noun]) -> Named:
        """Several players (or zones) in one sentence: "il Giocatore 1 e il Giocatore 3"."""
        return Named(tuple(nouns), self.lang)

    # ---- stakes ------------------------------------------------------------------------
    def count(self, what: str, n) -> str:
        """`n` lives, chips, penalty points or points won: `what` names the currency
        (stakes_modes.CURRENCIES: "life", "chip", "point", "won"...)."""
        return CURRENCIES[what].count(n, number(n, self.lang), self.lang)

    def stake(self, n) -> str:
        """`n` of what a player holds in this ruleset's stakes mode."""
        return self.count(self.rules.stakes.mode.currency, n)

    def stake_one(self) -> str:
        """One of what a player holds, as a loss is told: "a life", "una vita"."""
        return CURRENCIES[self.rules.stakes.mode.currency].a[self.lang]

    def stake_word(self) -> str:
        """The word for what a player holds: lives, chips or penalty points."""
        return CURRENCIES[self.rules.stakes.mode.currency].word[self.lang]


def number(x, lang: str) -> str:
    """31 (not 31.0); 30.5, written 30,5 in Italian."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    text = str(x)
    return text.replace(".", ",") if lang == "it" else text


__all__ = [
    "LANGS",
    "ZONE_WORDS",
    "Named",
    "Noun",
    "Terms",
    "cap",
    "card_noun",
    "it_noun",
    "it_plural",
    "join_words",
    "noun",
    "number",
]
