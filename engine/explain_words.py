"""The words the rule explanation is built from, apart from any ruleset: numbers as each
language writes them, lists joined with "and"/"e", capitals, and Italian grammar (articles,
articled prepositions, gender and number agreement) for the names of zones.

It exists so that the sentence builders (`explain_setup`, `explain_turn`, `explain_hands`,
`explain_stakes`) can say "from the stock" / "dal tallone" without each knowing Italian grammar.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

#: The languages the explanation is written in.
LANGS = ("en", "it")


def number(x, lang: str) -> str:
    """31 (not 31.0); 30.5, written 30,5 in Italian."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    text = str(x)
    return text.replace(".", ",") if lang == "it" else text


def cap(s: str) -> str:
    """The text with its first letter upper-case."""
    return s[:1].upper() + s[1:] if s else s


def join_words(items: Sequence[str], lang: str, word: Optional[str] = None) -> str:
    """a, b and c / a, b e c."""
    items = [i for i in items if i]
    word = word or ("and" if lang == "en" else "e")
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_IT_CONTRACT = {  # article -> (di, da, a, su, in)
    "il": ("del", "dal", "al", "sul", "nel"), "lo": ("dello", "dallo", "allo", "sullo", "nello"),
    "la": ("della", "dalla", "alla", "sulla", "nella"),
    "l'": ("dell'", "dall'", "all'", "sull'", "nell'"),
    "i": ("dei", "dai", "ai", "sui", "nei"), "gli": ("degli", "dagli", "agli", "sugli", "negli"),
    "le": ("delle", "dalle", "alle", "sulle", "nelle"),
}
_IT_PREPS = ("di", "da", "a", "su", "in")
_EN_PREPS = {"di": "of", "da": "from", "a": "to", "su": "onto", "in": "in", "con": "with"}


@dataclass(frozen=True)
class Noun:
    """The words for a zone: English with its article, Italian article + word + agreement."""
    en: str
    it_article: str
    it_word: str
    feminine: bool = False
    plural: bool = False

    def the(self, lang: str) -> str:
        if lang == "en":
            return self.en
        sep = "" if self.it_article.endswith("'") else " "
        return f"{self.it_article}{sep}{self.it_word}"

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


#: Italian words for zone names that are plain card-table vocabulary (any other name is shown
#: as written, or as the ruleset's `labels:` give it).
IT_ZONE_WORDS = {
    "stock": ("il", "tallone", False, False),
    "deck": ("il", "mazzo", False, False),
    "discard": ("la", "pila degli scarti", True, False),
    "discards": ("la", "pila degli scarti", True, False),
    "table": ("il", "tavolo", False, False),
    "centre": ("le", "carte al centro", True, True),
    "center": ("le", "carte al centro", True, True),
}


def it_noun(text: str) -> tuple[str, str, bool, bool]:
    """Article, word, feminine, plural from an Italian label (`la riserva`, `tallone`)."""
    low = text.lower()
    for art, fem, pl in (("il ", False, False), ("lo ", False, False), ("la ", True, False),
                         ("i ", False, True), ("gli ", False, True), ("le ", True, True)):
        if low.startswith(art):
            return art.strip(), text[len(art):], fem, pl
    if low.startswith("l'") or low.startswith("l’"):
        word = text[2:]
        return "l'", word, word.endswith("a"), False
    fem = low.endswith("a")
    if low[:1] in "aeiou":
        return "l'", text, fem, False
    if not fem and (low[:1] in ("z", "x") or low[:2] in ("gn", "ps") or
                    (low[:1] == "s" and low[1:2] not in "aeiou")):
        return "lo", text, False, False
    return ("la" if fem else "il"), text, fem, False


def it_from_to(a: str, b: str) -> str:
    """`dal 2 al 7`, `dall'8 al 10`, `dal 7 all'11`: numbers read with a vowel take l'."""
    def vowel(code: str) -> bool:
        return code.startswith("8") or code in ("1", "11") or code.startswith("11")
    return (("dall'" if vowel(a) else "dal ") + a + " " +
            ("all'" if vowel(b) else "al ") + b)

