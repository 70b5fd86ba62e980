"""What every section of the rule explanation shares: the `Section` it returns, and
`RulesetTerms`, one ruleset's own words in one language (its zones, steps, ranks, suits, cards,
patterns, its word for knocking, when its triggers fire).

It exists so that the sentence builders, one module per group of sections (`explain_setup`,
`explain_turn`, `explain_hands`, `explain_stakes`), name things the same way; `explain` puts
them together. Names of zones, players and stakes come from `terms.Terms`, the translation
layer `play` and `replay` use too. Everything is read from the compiled rules (`Ruleset` and
the objects it holds, with the `Spec`s of guards, effects and trigger conditions), never from
the YAML.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import CardError, UsageError
from .explain_words import LANGS, Noun, cap, it_noun, join_words, number
from .rules import Option, Ruleset, Trigger
from .terms import Terms
from .triggers import EVENTS


@dataclass(frozen=True)
class Section:
    """One part of the explanation. A line starting with two spaces is a sub-item of the line
    above it (two more spaces per level)."""
    key: str
    title: str
    lines: tuple[str, ...]


class RulesetTerms(Terms):
    """One ruleset's words in one language; the section builders subclass it."""

    def __init__(self, rules: Ruleset, lang: str):
        if lang not in LANGS:
            raise UsageError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
        super().__init__(rules, lang)
        self.deck = rules.deck
        #: every trigger in the order the file lists them
        self.triggers: list[Trigger] = sorted(
            (t for ts in rules.triggers.values() for t in ts), key=lambda t: t.index)

    # -- helpers --
    def t(self, en: str, it: str) -> str:
        return en if self.lang == "en" else it

    def q(self, text: str) -> str:
        return f"“{text}”" if self.lang == "en" else f"«{text}»"

    def label(self, thing, default: str = "") -> str:
        return self.own(thing, default)

    def num(self, x) -> str:
        return number(x, self.lang)

    def cards(self, n: int) -> str:
        if n == 1:
            return self.t("one card", "una carta")
        return self.t(f"{n} cards", f"{n} carte")

    def lives(self, n: int) -> str:
        """What a payer pays in the stakes mode: lives lost, penalty points taken."""
        return self.count(self.rules.stakes.mode.pays_in, n)

    def join(self, items: Sequence[str], word: str | None = None) -> str:
        return join_words(list(items), self.lang, word)

    def either(self, items: Sequence[str]) -> str:
        return join_words(list(items), self.lang, self.t("or", "o"))

    def options(self, step: str) -> tuple[Option, ...]:
        st = self.rules.steps.get(step)
        return st.options if st is not None else ()

    def step_ref(self, step: str) -> str:
        """How an option names the step it leads to: the label of that step's only option,
        else the step's name (or its `labels:` words)."""
        options = self.options(step)
        if len(options) == 1 and options[0].labels:
            return self.q(self.label(options[0].labels))
        return self.q(self.term(step) or step)

    def step_head(self, step: str) -> str:
        """A later step, named by the options that lead to it."""
        into = [self.q(self.label(o.labels)) for st in self.rules.steps.values()
                for o in st.options if o.then == step and o.labels]
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

    def the_rank(self, index: int) -> str:
        """A rank with its article, capitalised to open a sentence ("L'Asso", "The Ace")."""
        name = self.rank_name(index)
        if self.lang == "en":
            return f"The {name}"
        art, _, fem, _ = it_noun(name)
        return cap(Noun("", art, name, fem).the("it"))

    def suit_name(self, index: int) -> str:
        s = self.deck.suits[index]
        return self.label(s.names, s.code)

    def card_name(self, code: str) -> str:
        try:
            return self.deck.name(self.deck.parse(code), self.lang)
        except CardError:  # a card code the deck lacks: the compiler has refused it already
            return code

    def the_card(self, code: str) -> str:
        """A card with its article in Italian ("il Fante di fiori", "l'Asso di coppe")."""
        name = self.card_name(code)
        if self.lang == "en":
            return f"the {name}"
        art, _, fem, _ = it_noun(name.split(" ", 1)[0])  # the rank's article: l'Asso, la Donna
        return Noun("", art, name, fem).the("it")

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

    def knock_options(self) -> list[tuple[str, int, Option]]:
        return [(name, i, o) for name, st in self.rules.steps.items()
                for i, o in enumerate(st.options) if o.knocks]

    def knock_term(self) -> str | None:
        """The ruleset's word for knocking: `labels.knock`, else the label of its knock
        option."""
        own = self.term("knock")
        if own:
            return own
        for _, _, o in self.knock_options():
            if o.is_knock and o.labels:
                return self.label(o.labels)
        return None

    def rest(self) -> Noun | None:
        r = self.rules.rest_zone
        return self.zone(r) if r else None

    def when(self, on: str) -> str:
        """When a trigger is checked (`after every move`): the event unit's words."""
        return EVENTS.say(on, "when", None, self)

