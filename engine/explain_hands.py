"""The rule explanation's sections about hands: what a hand is worth (its combinations and
how ties are broken), instant hands, and the special cases the ruleset's triggers add.

It exists to keep the words for combinations and for triggers (their conditions and outcomes)
together: instant hands are both.
"""
from __future__ import annotations

from typing import Mapping, Optional

from .explain_terms import RulesetTerms, Section
from .explain_words import cap


class HandSections(RulesetTerms):
    """The sections about hands: ranking, instant, events."""

    # -- combinations --
    def pattern_text(self, spec: Mapping, flag_instant: bool = True) -> str:
        kind = spec.get("kind")
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
            text = t(f"all {size} cards of one suit", f"tutte le {size} carte dello stesso seme")
            if exact is not None:
                text += t(f", adding up to exactly {self.num(exact)}",
                          f", che sommano esattamente {self.num(exact)}")
        elif kind == "same_rank":
            text = t(f"{size} cards of the same rank", f"{size} carte dello stesso rango")
            if spec.get("ranks") is not None:
                names = [self.rank_by_code(c) for c in spec["ranks"]]
                text += t(f", {self.either(names)} only", f", solo {self.either(names)}")
            if spec.get("wild"):
                wild = self.join([self.card_name(str(c)) for c in spec["wild"]])
                nat = spec.get("min_natural", 1)
                text += t(f"; {wild} may stand for any rank (at least {self.cards(nat)} of "
                          f"the rank itself)",
                          f"; {wild} può sostituire qualsiasi carta (almeno "
                          f"{self.cards(nat)} del rango vero)")
        if kind in ("best_suit", "same_suit") and spec.get("wild"):
            wild = self.join([self.card_name(str(c)) for c in spec["wild"]])
            text += t(f"; {wild} is wild: it counts as the best card of the suit that the hand "
                      f"does not hold",
                      f"; {wild} è la matta: vale come la carta migliore del seme che la mano "
                      f"non ha")
        if kind == "rank_groups":
            groups = [self.either([self.rank_by_code(c) for c in g])
                      for g in spec.get("groups") or []]
            text = t(f"all of one suit: {', plus '.join(groups)}",
                     f"tutte dello stesso seme: {', più '.join(groups)}")
        elif kind not in ("best_suit", "same_suit", "same_rank"):
            text = str(kind)
        value = spec.get("value", "sum")
        if value == "sum" and exact is not None and kind in ("same_suit", "best_suit"):
            value = exact  # the cards add up to exactly that
        if value == "sum":
            text += t("; worth the sum of the cards", "; vale la somma delle carte")
        else:
            text += t(f"; worth {self.num(value)}", f"; vale {self.num(value)}")
        if spec.get("instant") and flag_instant:
            text += t(" (an instant hand)", " (combinazione immediata)")
        return text

    def ranking(self) -> Section:
        specs = list((self.d.get("hand") or {}).get("patterns") or [])
        tiers = {s.get("tier", 0) for s in specs}
        lines = []
        if len(tiers) > 1:
            specs.sort(key=lambda s: -s.get("tier", 0))  # stable: equal tiers keep their order
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
        for s in specs:
            name = self.pattern_label(s["name"])
            same = len(tiers) > 1 and s.get("tier", 0) == prev_tier
            extra = self.t(" (as strong as the one above: compared by value)",
                           " (forte quanto la precedente: conta il valore)") if same else ""
            lines.append(f"  {name}: {self.pattern_text(s)}{extra}")
            prev_tier = s.get("tier", 0)
        if len(tiers) > 1:
            lines.append(self.t("Between two hands with the same combination the higher value "
                                "wins.",
                                "Fra due mani con la stessa combinazione vince il valore più "
                                "alto."))
        ranking = self.d.get("ranking") or {}
        breaks = []
        for tb in ranking.get("tiebreak") or []:
            if tb == "suit":
                order = []
                for code in ranking.get("suit_order") or []:
                    for i, su in enumerate(self.deck.suits):
                        if su.code == code:
                            order.append(self.suit_name(i))
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
    def condition(self, cond: Mapping) -> str:
        (key, p), = cond.items()
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

    def outcome(self, trig: Mapping) -> str:
        do = trig["do"]
        t = self.t
        cond = trig.get("if") or {}
        player = "holds" in cond
        if isinstance(do, Mapping):
            (do, zone), = do.items()
        else:
            zone = None
        if do == "win":
            if trig.get("winner") == "dealer":
                return t("the dealer wins the hand", "vince la mano il mazziere")
            if not player:
                return t("the hand ends as won", "la mano finisce come vinta")
            text = t("he wins the hand at once", "vince subito la mano")
            if trig.get("on") == "dealt":
                text += t("; if several players hold one, only the best of them wins (see "
                          "the ranking)" if trig.get("best_only") else
                          "; if several players hold one, they all win",
                          "; se più giocatori ne hanno una, vince solo la migliore (vedi "
                          "l'ordine delle mani)" if trig.get("best_only") else
                          "; se più giocatori ne hanno una, vincono tutti")
            return text
        if do == "showdown":
            return t("the hand ends at once and the hands are compared",
                     "la mano finisce subito e si confrontano le mani")
        if do == "void":
            return t("the hand ends at once and is void: nobody pays",
                     "la mano finisce subito ed è nulla: nessuno paga")
        if do == "reshuffle":
            rest = self.rest()
            pile = self.zone("discard")
            return t(f"the cards of {pile.the('en')} except its top card are shuffled and "
                     f"become the new {rest.the('en')[4:] if rest else 'stock'}",
                     f"le carte {pile.prep('it', 'di')} tranne quella in cima si mescolano e "
                     f"formano {'il nuovo ' + rest.it_word if rest else 'il nuovo tallone'}")
        if do == "refresh":
            z = self.zone(zone)
            rest = self.rest()
            src_en = rest.the("en") if rest else "the stock"
            src_it = rest.prep("it", "da") if rest else "dal tallone"
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
            key = (repr(trig.get("if")), repr(trig.get("do")), trig.get("winner"),
                   bool(trig.get("best_only")))
            groups.setdefault(key, []).append(trig)
        lines = []
        for trigs in groups.values():
            first = trigs[0]
            whens = self.join([self.when(x["on"]) for x in trigs])
            out = self.outcome(first)
            if first.get("best_only") and not any(x["on"] == "dealt" for x in trigs):
                out += self.t("; only the best of several wins", "; vince solo la migliore")
            if first.get("if"):
                cond = self.condition(first["if"])
                lines.append(self.t(f"If {cond} (checked {whens}), {out}.",
                                    f"Se {cond} (si controlla {whens}), {out}."))
            else:
                lines.append(f"{cap(whens)}, {out}.")
        return lines

    def instant(self) -> Optional[Section]:
        pats = [s for s in (self.d.get("hand") or {}).get("patterns") or [] if s.get("instant")]
        lines = []
        if pats:
            names = self.join([f"{self.pattern_label(s['name'])} "
                               f"({self.pattern_text(s, flag_instant=False)})" for s in pats])
            lines.append(self.t(f"Instant hands: {names}.",
                                f"Combinazioni immediate: {names}."))
        lines += self.grouped_triggers(
            lambda tr: bool(set(tr.get("if") or {}) & {"holds", "zone_holds"}))
        if not lines:
            return None
        return Section("instant", self.t("Instant hands", "Combinazioni immediate"),
                       tuple(lines))

    def events(self) -> Optional[Section]:
        lines = self.grouped_triggers(
            lambda tr: not (set(tr.get("if") or {}) & {"holds", "zone_holds"}))
        if not lines:
            return None
        return Section("events", self.t("Special cases", "Casi particolari"), tuple(lines))
