"""The rule explanation's sections about hands: what a hand is worth (its combinations and
how ties are broken), instant hands, and the special cases the ruleset's triggers add.

It exists to keep the words for combinations and for triggers (their conditions and outcomes)
together: instant hands are both.
"""
from __future__ import annotations

from .explain_terms import RulesetTerms, Section
from .explain_words import cap
from .patterns import Pattern
from .rules import Spec, Trigger


class HandSections(RulesetTerms):
    """The sections about hands: ranking, instant, events."""

    # -- combinations --
    def pattern_text(self, pat: Pattern, flag_instant: bool = True) -> str:
        kind = pat.kind
        spec = pat.params
        size = self.rules.hand_size
        t = self.t
        exact = spec.get("sum")
        if kind == "best_suit":
            text = t("the cards of one suit added up: only the best suit counts (with every "
                     "card of a different suit, the highest card)",
                     "si sommano le carte di un solo seme: conta solo il seme migliore (con "
                     "tutte le carte di semi diversi, la carta più alta)")
            if exact is not None:
                text += t(f", when it adds up to exactly {self.num(exact)}",
                          f", quando fa esattamente {self.num(exact)}")
        elif kind == "same_suit":
            text = t(f"all {size} cards of one suit", f"{size} carte dello stesso seme")
            if exact is not None:
                text += t(f", adding up to exactly {self.num(exact)}",
                          f", che sommano esattamente {self.num(exact)}")
        elif kind == "same_rank":
            text = t(f"{size} cards of the same rank", f"{size} carte uguali")
            if spec.get("ranks") is not None:
                names = [self.rank_by_code(c) for c in spec["ranks"]]
                text += t(f", {self.either(names)} only", f", solo {self.either(names)}")
            if spec.get("wild"):
                wild = self.join([self.the_card(str(c)) for c in spec["wild"]])
                nat = spec.get("min_natural", 1)
                real = "una carta vera" if nat == 1 else f"{nat} carte vere"
                text += t(f"; {wild} may stand for any rank (at least {self.cards(nat)} of "
                          f"the rank itself)",
                          f"; {wild} può sostituire qualsiasi carta (servono almeno {real})")
        if kind in ("best_suit", "same_suit") and spec.get("wild"):
            wild = self.join([self.the_card(str(c)) for c in spec["wild"]])
            text += t(f"; {wild} is wild: it counts as the best card of the suit that the hand "
                      f"does not hold",
                      f"; {wild} è la matta: vale come la carta più alta del seme che la mano "
                      f"non ha già")
        if kind == "rank_groups":
            groups = [self.either([self.rank_by_code(c) for c in g])
                      for g in spec.get("groups") or []]
            text = t(f"all of one suit: {', plus '.join(groups)}",
                     f"tutte dello stesso seme: {', più '.join(groups)}")
        elif kind not in ("best_suit", "same_suit", "same_rank"):
            text = str(kind)
        value = pat.value
        if value is None and exact is not None and kind in ("same_suit", "best_suit"):
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
                order = [self.suit_name(i) for i in valuation.suit_order]
                breaks.append(self.t(f"the suit of the combination ({' > '.join(order)})",
                                     f"il seme della combinazione ({' > '.join(order)})"))
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
        key, p = cond.keyword, cond.param
        t = self.t
        if key == "holds":
            if p == "instant":
                return t("a player holds an instant hand",
                         "un giocatore ha una combinazione immediata")
            return t(f"a player holds {self.pattern_label(p)}",
                     f"un giocatore ha {self.pattern_label(p)}")
        if key == "zone_holds":
            z = self.zone(p["zone"])
            what = (t("an instant hand", "una combinazione immediata")
                    if p["pattern"] == "instant" else self.pattern_label(p["pattern"]))
            return t(f"the cards of {z.the('en')} make {what}",
                     f"le carte {z.prep('it', 'di')} formano {what}")
        if key == "zone_matches":
            z = self.zone(p["zone"])
            ranks = self.join([str(c) for c in p["ranks"]])
            return t(f"{z.the('en')} holds exactly {ranks} (any suits)",
                     f"{z.prep('it', 'in')} ci sono esattamente {ranks} (di qualsiasi seme)")
        return f"{key}: {p}"

    def outcome(self, trig: Trigger) -> str:
        do = trig.outcome
        t = self.t
        cond = trig.condition_spec
        player = cond is not None and cond.keyword == "holds"
        zone = trig.zone
        if do == "win":
            if trig.winner == "dealer":
                return t("the dealer wins the hand", "vince la mano il mazziere")
            if not player:
                return t("the hand ends as won", "la mano finisce come vinta")
            text = t("he wins the hand at once", "vince subito la mano")
            if trig.on == "dealt":
                text += t("; if several players hold one, only the best of them wins (see "
                          "the ranking)" if trig.best_only else
                          "; if several players hold one, they all win",
                          "; se più giocatori ne hanno una, vince solo la migliore (vedi "
                          "l'ordine delle mani)" if trig.best_only else
                          "; se più giocatori ne hanno una, vincono tutti")
            return text
        if do == "showdown":
            return t("the hand ends at once and the hands are compared",
                     "la mano finisce subito e si confrontano le mani")
        if do == "void":
            return t("the hand ends at once and is void: nobody pays",
                     "la mano finisce subito ed è nulla: nessuno paga")
        if do == "reshuffle":
            rest = self.rest() or self.zone("stock")
            pile = self.zone("discard")
            art = ("le" if rest.feminine else "i") if rest.plural else \
                ("la" if rest.feminine else "il")
            return t(f"the cards of {pile.the('en')} except its top card are shuffled and "
                     f"become the new {rest.bare('en')}",
                     f"le carte {pile.prep('it', 'di')} tranne quella in cima si mescolano e "
                     f"formano {art} {rest.adj('nuov')} {rest.it_word}")
        if do == "refresh":
            z = self.zone(zone)
            rest = self.rest() or self.zone("stock")
            src_en, src_it = rest.the("en"), rest.prep("it", "da")
            return t(f"the cards of {z.the('en')} are put aside and replaced by new ones "
                     f"dealt from {src_en}, face up (if {src_en} is too short for that, the "
                     f"hands are compared instead)",
                     f"le carte {z.prep('it', 'di')} si mettono da parte e sono sostituite da "
                     f"altre date {src_it}, scoperte (se non bastano, si confrontano invece "
                     f"le mani)")
        return str(do)

    def grouped_triggers(self, which) -> list[str]:
        groups: dict = {}
        for trig in self.triggers:
            if not which(trig):
                continue
            key = (repr(trig.condition_spec), trig.outcome, trig.zone, trig.winner,
                   trig.best_only)
            groups.setdefault(key, []).append(trig)
        lines = []
        for trigs in groups.values():
            first = trigs[0]
            whens = self.join([self.when(x.on) for x in trigs])
            out = self.outcome(first)
            if first.best_only and not any(x.on == "dealt" for x in trigs):
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
    return trig.condition_spec is not None and \
        trig.condition_spec.keyword in ("holds", "zone_holds")
