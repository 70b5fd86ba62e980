"""The rule explanation's closing sections: the stakes (lives, pot or penalty points), who
pays when a hand ends, and when the game ends.

It exists to keep the sentences about paying, which depend on the stakes mode and on the
settlement policies, in one place.
"""
from __future__ import annotations

from .explain_terms import RulesetTerms, Section
from .guards import GUARDS
from .settlement import PAY_POLICIES, TIE_POLICIES, Payment
from .triggers import CONDITIONS, EVENTS, OUTCOMES, finds_holders


class StakeSections(RulesetTerms):
    """The sections about paying and ending: stakes, settle, end."""

    def stakes(self) -> Section:
        """What a player holds and how he goes out: the stakes mode's own words."""
        st = self.rules.stakes
        lines = [line for line in st.mode.say("standing", st, self).split("\n") if line]
        return Section("stakes", st.mode.say("title", st, self), tuple(lines))

    def _pays(self, rule, win: bool) -> list[str]:
        """Who pays, in words: the pay policy's sentence, the tie policy's (when it has
        something to say after that pay policy), then the settle rule's own keys. A payer
        loses lives, or takes penalty points: the verb is the stakes mode's, and the ties are
        said with "pay", which is true of both."""
        t = self.t
        stakes = self.rules.stakes
        mode = stakes.mode
        loses, lose = mode.say("loses", stakes, self), mode.say("lose", stakes, self)
        amount = self.lives(rule.lives)
        if rule.points_below is not None:
            below = self.num(rule.points_below)
            amount = t(f"as many points as his hand is short of {below}",
                       f"tanti punti quanti ne mancano alla propria mano per fare {below}")
        pay = Payment(rule, win, mode, amount, loses, lose)
        out = [PAY_POLICIES.say(rule.pay, "pays", pay, self)]
        ties = TIE_POLICIES.say(rule.ties, "ties", pay, self)
        if ties:
            out.append(ties)
        if not mode.pays:  # a pot is taken: the rule's amounts mean nothing
            return out
        if rule.knocker_lives != rule.lives and rule.points_below is None:
            out.append(t(f"a player who knocked and has to pay {loses} "
                         f"{self.lives(rule.knocker_lives)} instead",
                         f"chi ha bussato e deve pagare {loses} invece "
                         f"{self.lives(rule.knocker_lives)}"))
        if win and rule.spare_knocker and out:
            out[0] += t(", except the player who knocked, when the win comes after his knock",
                        ", tranne chi ha bussato, se la vittoria arriva dopo la sua bussata")
        return out

    def settle(self) -> Section:
        t = self.t
        r = self.rules
        ends = [(x, OUTCOMES.get(x.outcome)) for x in self.triggers]
        wins = [x for x, unit in ends if unit is not None and unit.settles == "win"]
        # Why hands get compared: a knock, an instant hand, then each trigger event and each
        # outcome that compares the hands when it cannot be done, in their registries' order
        # (not the order the triggers are listed in).
        found: set[str] = set()
        events: dict[str, list[str]] = {}  # event -> when its triggers compare the hands
        for x, unit in ends:
            if unit is not None and unit.settles == "showdown":
                if finds_holders(x):
                    found.add("instant")
                else:
                    events.setdefault(x.on, []).append(self._compared_when(x))
            elif unit is not None and unit.cause:
                found.add(x.outcome)
        causes = [t("after a knock", "dopo una bussata")] if self.knock_options() else []
        if "instant" in found:
            causes.append(t("after an instant hand", "dopo una combinazione immediata"))
        for on in EVENTS:  # a trigger without conditions says all its event's others say
            said = events.get(on)
            if said:
                plain = self.when(on)
                causes += [plain] if plain in said else list(dict.fromkeys(said))
        causes += [self.own(unit.cause) for unit in OUTCOMES.units() if unit.name in found]
        lines = []
        if wins:
            pays = self._pays(r.settle_win, True)
            lines.append(t(f"When a hand is won at once: {'; '.join(pays)}.",
                           f"Quando una mano è vinta subito: {'; '.join(pays)}."))
        pays = self._pays(r.settle_showdown, False)
        why = f" ({self.join(causes, t('or', 'o'))})" if causes else ""
        lines.append(t(f"When the hands are compared{why}: {'; '.join(pays)}.",
                       f"Quando si confrontano le mani{why}: {'; '.join(pays)}."))
        if any(unit is not None and unit.settles == "void" for _, unit in ends):
            lines.append(t("A void hand costs nobody anything.",
                           "Una mano nulla non costa niente a nessuno."))
        return Section("settle", t("Who pays", "Chi paga"), tuple(lines))

    def _compared_when(self, trig) -> str:
        """When a trigger that compares the hands does so, as the ruleset says it: its event's
        words, and with a condition that condition, checked at the event ("when as many rounds
        have been played as there are players in the hand (checked at the end of every
        round)"), not the event alone; then its guards."""
        t = self.t
        said = self.when(trig.on)
        if trig.when:
            said += t(", only when ", ", solo quando ") + self.join(
                [GUARDS.say(g.keyword, "clause", g.param, self) for g in trig.when])
        cond = trig.condition_spec
        if cond is None:
            return said
        clause = CONDITIONS.say(cond.keyword, "clause", cond.param, self)
        return t(f"when {clause} (checked {said})", f"quando {clause} (si controlla {said})")

    def end(self) -> Section:
        t = self.t
        r = self.rules
        st = r.stakes
        lines = []
        pot = st.into_pot  # compiled only where the mode has it
        if r.end_hands is not None:
            most = self.stake_word()
            early = t(", or earlier when only one player is left",
                      ", o prima se resta un solo giocatore") if r.end_last_standing else ""
            lines.append(t(f"The game ends after {r.end_hands} hands{early}; the player with "
                           f"the most {most} wins (players tied share the win).",
                           f"La partita finisce dopo {r.end_hands} mani{early}; vince chi ha "
                           f"più {most} (a pari merito si vince insieme)."))
        elif r.end_target is not None:
            fewest = st.mode.sign < 0  # penalty points count against
            lines.append(t(f"The game ends after the hand in which a player reaches "
                           f"{self.lives(r.end_target)}; the player with the "
                           f"{'fewest' if fewest else 'most'} points wins "
                           f"(players tied share the win).",
                           f"La partita finisce dopo la mano in cui un giocatore arriva a "
                           f"{self.lives(r.end_target)}; vince chi ne ha "
                           f"{'di meno' if fewest else 'di più'} (a pari merito "
                           f"si vince insieme)."))
        elif r.end_last_standing:
            lines.append(t("The game ends when only one player is left: he wins" +
                           (" and takes the pot." if pot else "."),
                           "La partita finisce quando resta un solo giocatore: vince lui" +
                           (" e prende il piatto." if pot else ".")))
        return Section("end", t("End of the game", "Fine della partita"), tuple(lines))
