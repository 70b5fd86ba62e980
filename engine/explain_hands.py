"""The rule explanation's sections about hands: what a hand is worth (its combinations and
how ties are broken), instant hands, and the special cases the ruleset's triggers add.

It exists to keep the words for combinations and for triggers (their conditions and outcomes)
together: instant hands are both.
"""
from __future__ import annotations

from .explain_terms import RulesetTerms, Section
from .explain_words import cap
from .patterns import PATTERN_KINDS, Pattern
from .rules import Spec, Trigger
from .triggers import CONDITIONS, OUTCOMES, about_hands, at_deal


class HandSections(RulesetTerms):
    """The sections about hands: ranking, instant, events."""

    # -- combinations --
    def pattern_text(self, pat: Pattern, flag_instant: bool = True) -> str:
        spec = pat.params
        t = self.t
        exact = spec.get("sum")
        text = PATTERN_KINDS.say(pat.kind, "text", spec, self)
        value = pat.value
        if value is None and exact is not None:
            value = exact  # the cards add up to exactly that
        if value is None:
            text += t("; worth the sum of the cards", "; vale la somma delle carte")
        else:
            text += t(f"; worth {self.num(value)}", f"; vale {self.num(value)}")
        if pat.instant and flag_instant:
            text += t(" (an instant hand)", " (combinazione immediata)")
        return text

    def ranking(self) -> Section:
        valuation = self.rules.valuation
        pats = list(valuation.patterns)
        tiers = {p.tier for p in pats}
        lines = []
        if len(tiers) > 1:
            pats.sort(key=lambda p: -p.tier)  # stable: equal tiers keep their order
            lines.append(self.t(
                "A hand is worth its best combination. Combinations, strongest first: one "
                "higher in this list beats a lower one whatever their values.",
                "Una mano vale la sua combinazione migliore. Le combinazioni, dalla più forte: "
                "una più in alto nell'elenco batte una più in basso qualunque sia il valore."))
        else:
            lines.append(self.t(
                "A hand is worth its best combination; hands are compared by value, whatever "
                "combination gives it:",
                "Una mano vale la sua combinazione migliore; le mani si confrontano per valore, "
                "qualunque combinazione lo dia:"))
        prev_tier = None
        for p in pats:
            name = self.pattern_label(p.name)
            same = len(tiers) > 1 and p.tier == prev_tier
            extra = self.t(" (as strong as the one above: compared by value)",
                           " (forte quanto la precedente: conta il valore)") if same else ""
            lines.append(f"  {name}: {self.pattern_text(p)}{extra}")
            prev_tier = p.tier
        if len(tiers) > 1:
            lines.append(self.t("Between two hands with the same combination the higher value "
                                "wins.",
                                "Fra due mani con la stessa combinazione vince il valore più "
                                "alto."))
        breaks = []
        for tb in valuation.tiebreak:
            if tb == "suit":
                suits = " > ".join(self.suit_name(i) for i in valuation.suit_order)
                breaks.append(self.t(f"the suit of the combination ({suits})",
                                     f"il seme della combinazione ({suits})"))
            elif tb == "high_rank":
                ranks = sorted(range(len(self.deck.ranks)), reverse=True,
                               key=lambda i: (self.deck.ranks[i].value,
                                              self.deck.ranks[i].position))
                order = " > ".join(self.deck.ranks[i].code for i in ranks)
                breaks.append(self.t(f"the highest cards, one by one ({order})",
                                     f"le carte più alte, una per una ({order})"))
        if breaks:
            lines.append(self.t(f"Equal hands are told apart by {'; then by '.join(breaks)}.",
                                f"Le mani pari si distinguono per {'; poi per '.join(breaks)}."))
        else:
            lines.append(self.t("Equal hands tie: there is no tie-break.",
                                "Le mani uguali sono pari: non ci sono spareggi."))
        return Section("ranking", self.t("What a hand is worth", "Quanto vale una mano"),
                       tuple(lines))

    # -- triggers --
    def condition(self, cond: Spec) -> str:
        """A trigger's condition as a clause (the condition unit's words)."""
        return CONDITIONS.say(cond.keyword, "clause", cond.param, self)

    def outcome(self, trig: Trigger) -> str:
        """What a trigger does (the outcome unit's words)."""
        return OUTCOMES.say(trig.outcome, "outcome", trig, self)

    def grouped_triggers(self, which) -> list[str]:
        groups: dict = {}
        for trig in self.triggers:
            if not which(trig):
                continue
            key = (repr(trig.condition_spec), trig.outcome, repr(trig.zone), trig.winner,
                   trig.best_only, repr(trig.when))
            groups.setdefault(key, []).append(trig)
        lines = []
        for trigs in groups.values():
            first = trigs[0]
            whens = self.join([self.when(x.on) for x in trigs])
            if first.when:  # guards on the round, the turn...: `when:`
                whens += self.t(", only when ", ", solo quando ") + self.join(
                    [self.guard_clause(g) for g in first.when])  # type: ignore[attr-defined]
            out = self.outcome(first)
            if first.best_only and not any(at_deal(x.on) for x in trigs):
                out += self.t("; only the best of several wins", "; vince solo la migliore")
            if first.condition_spec is not None:
                cond = self.condition(first.condition_spec)
                lines.append(self.t(f"If {cond} (checked {whens}), {out}.",
                                    f"Se {cond} (si controlla {whens}), {out}."))
            else:
                lines.append(f"{cap(whens)}, {out}.")
        return lines

    def instant(self) -> Section | None:
        pats = [p for p in self.rules.valuation.patterns if p.instant]
        lines = []
        if pats:
            names = self.join([f"{self.pattern_label(p.name)} "
                               f"({self.pattern_text(p, flag_instant=False)})" for p in pats])
            lines.append(self.t(f"Instant hands: {names}.",
                                f"Combinazioni immediate: {names}."))
        lines += self.grouped_triggers(_about_hands)
        if not lines:
            return None
        return Section("instant", self.t("Instant hands", "Combinazioni immediate"),
                       tuple(lines))

    def events(self) -> Section | None:
        lines = self.grouped_triggers(lambda tr: not _about_hands(tr))
        if not lines:
            return None
        return Section("events", self.t("Special cases", "Casi particolari"), tuple(lines))


def _about_hands(trig: Trigger) -> bool:
    """A trigger about a hand's combination belongs with the instant hands."""
    return about_hands(trig)
