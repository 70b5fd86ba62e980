"""The rule explanation's sections about play: a turn (its steps and the options of each,
with the conditions that allow them) and knocking.

It exists to keep the words for options and their guards (`only in the first round`,
`unless nobody has knocked yet`) next to the two sections that use them.
"""
from __future__ import annotations

from .explain_terms import RulesetTerms, Section
from .explain_words import cap
from .guards import GUARDS
from .primitives import EFFECTS
from .rules import Option, Spec


class TurnSections(RulesetTerms):
    """The sections about a turn: turn, knock."""

    def guard_adverb(self, g: Spec) -> str:
        """A guard as the phrase after an option: `not in the first round`, `only with 25 or
        more`, `while the reserve is face down` (the guard unit's words)."""
        return GUARDS.say(g.keyword, "adverb", g.param, self)

    def guard_clause(self, g: Spec) -> str:
        """A guard as a clause (inside `not` and `any`)."""
        return GUARDS.say(g.keyword, "clause", g.param, self)

    def option_text(self, o: Option) -> str:
        t = self.t
        text = o.unit.say("option", o, self)  # the primitive unit's words
        for e in o.effect_specs:  # each effect unit's words
            text += EFFECTS.say(e.keyword, "clause", e.param, self)
        guards = [g for g in (self.guard_adverb(g) for g in o.conditions) if g]
        if guards:
            text += " — " + ", ".join(guards)
        if o.then and o.then_optional:
            text += t(f"; then {self.step_ref(o.then)} (below), when it offers him a move",
                      f"; poi {self.step_ref(o.then)} (sotto), se gli offre una mossa")
        elif o.then:
            text += t(f"; then {self.step_ref(o.then)} (below)",
                      f"; poi {self.step_ref(o.then)} (sotto)")
        label = self.label(o.labels)
        return f"{self.q(label)}: {text}" if label else cap(text)

    def turn(self) -> Section:
        start = self.rules.start_step
        order: list[str] = []
        todo = [start]
        while todo:
            s = todo.pop(0)
            if s in order or s not in self.rules.steps:
                continue
            order.append(s)
            todo += [o.then for o in self.options(s) if o.then]
        order += [s for s in self.rules.steps if s not in order]
        lines = []
        opening = self.rules.opening
        if opening is not None:
            who, first = opening
            order = [first] + [s for s in order if s != first]
            blind = self.rules.opening_blind
            en_blind = ", without looking at his own hand" if blind else ""
            it_blind = ", senza guardare la propria mano" if blind else ""
            lines.append(self.t(
                f"Before the first player's turn, "
                f"{'the dealer' if who == 'dealer' else 'the first player'} has an opening "
                f"turn, once per hand{en_blind}:",
                f"Prima del turno del primo giocatore, "
                f"{'il mazziere' if who == 'dealer' else 'il primo giocatore'} ha un turno "
                f"d'apertura, una volta per mano{it_blind}:"))
        for s in order:
            options = self.options(s)
            single = len(options) == 1
            if opening is not None and s == opening[1]:
                lines += ["  " + self.option_text(o) for o in options]
                continue
            if s == start:
                head = self.t("On his turn a player:" if single else
                              "On his turn a player does one of the following:",
                              "Nel suo turno il giocatore:" if single else
                              "Nel suo turno il giocatore fa una di queste mosse:")
            else:
                head = self.t(f"Then ({self.step_head(s)}):" if single else
                              f"Then ({self.step_head(s)}), one of the following:",
                              f"Poi ({self.step_head(s)}):" if single else
                              f"Poi ({self.step_head(s)}), una di queste mosse:")
            lines.append(head)
            lines += ["  " + self.option_text(o) for o in options]
        lines.append(self.t("Then the turn passes to the next player.",
                            "Poi il turno passa al giocatore successivo."))
        return Section("turn", self.t("A turn", "Il turno"), tuple(lines))

    def knock(self) -> Section | None:
        opts = self.knock_options()
        if not opts:
            return None
        term = self.knock_term()
        own = self.term("knock")
        lines = []
        for _step, _i, o in opts:
            name = self.q(self.label(o.labels)) if o.labels else None
            guards = [g for g in (self.guard_adverb(g) for g in o.conditions) if g]
            if o.is_knock:
                who = name or self.t("Knocking", "Bussare")
                if guards:
                    lines.append(self.t(f"{who} is allowed: {', '.join(guards)}.",
                                        f"{who} si può fare: {', '.join(guards)}."))
                else:
                    lines.append(self.t(f"{who} is allowed on any turn.",
                                        f"{who} si può fare in qualsiasi turno."))
            else:
                who = name or self.t("Another move", "Un'altra mossa")
                ref = self.q(term) if term else self.t("a knock", "una bussata")
                lines.append(self.t(f"{who} also counts as {ref}.",
                                    f"{who} vale anche come {ref}."))
        lines.append(self.rules.knock_rule.unit.say("sentence", None, self))  # its unit's
        lines.append(self.t(f"Then the hands are compared (see {self.q('Who pays')}).",
                            f"Poi si confrontano le mani (vedi {self.q('Chi paga')})."))
        title = self.t("Knocking", "Bussare")
        if own:
            title += f" ({self.q(own)})"
        return Section("knock", title, tuple(lines))
