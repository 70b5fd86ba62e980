"""What every section of the rule explanation shares: the `Section` it returns, and
`RulesetTerms`, one ruleset's own words in one language (its zones, steps, ranks, suits, cards,
patterns, its word for knocking, when its triggers fire).

It exists so that the sentence builders, one module per group of sections (`explain_setup`,
`explain_turn`, `explain_hands`, `explain_stakes`), name things the same way; `explain` puts
them together.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

from .errors import UsageError
from .explain_words import IT_ZONE_WORDS, LANGS, Noun, it_noun, join_words, number
from .rules import Ruleset


@dataclass(frozen=True)
class Section:
    """One part of the explanation. A line starting with two spaces is a sub-item of the line
    above it (two more spaces per level)."""
    key: str
    title: str
    lines: tuple[str, ...]


class RulesetTerms:
    """One ruleset's words in one language; the section builders subclass it."""

    def __init__(self, rules: Ruleset, lang: str):
        if lang not in LANGS:
            raise UsageError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
        self.rules = rules
        self.lang = lang
        self.d: Mapping = rules.data or {}
        self.labels: Mapping = rules.labels or {}
        self.deck = rules.deck
        turn = self.d.get("turn") or {}
        self.steps: Mapping = turn.get("steps") or {}
        self.triggers: list = list(self.d.get("triggers") or [])

    # -- helpers --
    def t(self, en: str, it: str) -> str:
        return en if self.lang == "en" else it

    def q(self, text: str) -> str:
        return f"“{text}”" if self.lang == "en" else f"«{text}»"

    def label(self, thing: Optional[Mapping], default: str = "") -> str:
        if not thing:
            return default
        return thing.get(self.lang) or thing.get("en") or next(
            (v for v in thing.values() if v), default)

    def term(self, key: str) -> Optional[str]:
        value = self.labels.get(key)
        return self.label(value) if isinstance(value, Mapping) and value else None

    def num(self, x) -> str:
        return number(x, self.lang)

    def cards(self, n: int) -> str:
        if n == 1:
            return self.t("one card", "una carta")
        return self.t(f"{n} cards", f"{n} carte")

    def lives(self, n: int) -> str:
        if self.rules.stakes.mode == "points":
            if n == 1:
                return self.t("1 penalty point", "1 punto di penalità")
            return self.t(f"{n} penalty points", f"{n} punti di penalità")
        if n == 1:
            return self.t("1 life", "1 vita")
        return self.t(f"{n} lives", f"{n} vite")

    def join(self, items: Sequence[str], word: Optional[str] = None) -> str:
        return join_words(list(items), self.lang, word)

    def either(self, items: Sequence[str]) -> str:
        return join_words(list(items), self.lang, self.t("or", "o"))

    def zone(self, name: str) -> Noun:
        own = self.labels.get(name)
        if isinstance(own, Mapping) and own:
            en_text = own.get("en") or name.replace("_", " ").replace("-", " ")
            it_text = own.get("it") or own.get("en") or name
        else:
            en_text = it_text = None
        if en_text is None:
            en_text = name.replace("_", " ").replace("-", " ")
            z = self.rules.zones.get(name)
            if z is not None and z.visibility == "top" and not en_text.endswith("pile"):
                en_text += " pile"
        en = en_text if en_text.lower().startswith("the ") else f"the {en_text}"
        if it_text is not None:
            art, word, fem, pl = it_noun(it_text)
        elif name in IT_ZONE_WORDS:
            art, word, fem, pl = IT_ZONE_WORDS[name]
        else:
            art, word, fem, pl = "la", f"zona «{name}»", True, False
        return Noun(en, art, word, fem, pl)

    def step_ref(self, step: str) -> str:
        """How an option names the step it leads to: the label of that step's only option,
        else the step's name (or its `labels:` words)."""
        options = self.steps.get(step) or []
        if len(options) == 1 and options[0].get("label"):
            return self.q(self.label(options[0]["label"]))
        return self.q(self.term(step) or step)

    def step_head(self, step: str) -> str:
        """A later step, named by the options that lead to it."""
        into = [self.q(self.label(o["label"])) for opts in self.steps.values()
                for o in opts or [] if o.get("then") == step and o.get("label")]
        if into:
            return self.t(f"after {self.either(into)}", f"dopo {self.either(into)}")
        return self.q(self.term(step) or step)

    def rank_name(self, index: int) -> str:
        r = self.deck.ranks[index]
        return self.label(r.names, r.code)

    def rank_by_code(self, code) -> str:
        code = str(code)
        for i, r in enumerate(self.deck.ranks):
            if r.code == code:
                return self.rank_name(i)
        return code

    def suit_name(self, index: int) -> str:
        s = self.deck.suits[index]
        return self.label(s.names, s.code)

    def card_name(self, code: str) -> str:
        try:
            return self.deck.name(self.deck.parse(code), self.lang)
        except Exception:  # a card code the deck lacks: the compiler has refused it already
            return code

    def pattern_label(self, name: str) -> str:
        for p in self.rules.valuation.patterns:
            if p.name == name:
                return self.q(self.label(p.labels, name.replace("-", " ").replace("_", " ")))
        return self.q(name)

    def dir(self, step: int) -> str:
        if step > 0:
            return self.t("clockwise (to the left)", "in senso orario (verso sinistra)")
        return self.t("counter-clockwise (to the right)", "in senso antiorario (verso destra)")

    def side(self, step: int) -> str:
        if step > 0:
            return self.t("left", "sinistra")
        return self.t("right", "destra")

    def knock_options(self) -> list[tuple[str, int, Mapping]]:
        out = []
        for step, options in self.steps.items():
            for i, o in enumerate(options or []):
                knocks = o.get("do") == "knock" or any(
                    isinstance(e, Mapping) and "knock" in e for e in o.get("effects") or [])
                if knocks:
                    out.append((step, i, o))
        return out

    def knock_term(self) -> Optional[str]:
        """The ruleset's word for knocking: `labels.knock`, else the label of its knock
        option."""
        own = self.term("knock")
        if own:
            return own
        for _, _, o in self.knock_options():
            if o.get("do") == "knock" and o.get("label"):
                return self.label(o["label"])
        return None

    def rest(self) -> Optional[Noun]:
        r = self.rules.rest_zone
        return self.zone(r) if r else None

    def when(self, on: str) -> str:
        """When a trigger is checked (`after every move`), from its `on` event."""
        t = self.t
        rest = self.rest()
        return {
            "dealt": t("when the cards are dealt", "appena distribuite le carte"),
            "action": t("after every move", "dopo ogni mossa"),
            "turn_end": t("at the end of every turn", "alla fine di ogni turno"),
            "all_passed": t("when every player has passed for a whole round",
                            "quando tutti hanno passato per un giro intero"),
            "stock_empty": t(f"when {rest.the('en') if rest else 'the stock'} runs out",
                             f"quando {rest.the('it') if rest else 'il tallone'} finisce"),
        }.get(on, on)
