"""The rule explanation's closing sections: the stakes (lives, pot or penalty points), who
pays when a hand ends, and when the game ends.

It exists to keep the sentences about paying, which depend on the stakes mode and on the
settlement policies, in one place.
"""
from __future__ import annotations

from .explain_terms import RulesetTerms, Section
from .settlement import PAY_POLICIES, TIE_POLICIES, Payment
from .triggers import finds_holders


class StakeSections(RulesetTerms):
    """The sections about paying and ending: stakes, settle, end."""

    def stakes(self) -> Section:
        st = self.rules.stakes
        t = self.t
        lines = []
        if st.mode == "pot":
            lines.append(t(
                f"Each player sits down with {self.stake(st.bankroll)} and puts "
                f"{self.num(st.ante)} into the pot at the start of every hand; a player who "
                f"cannot pay is out.",
                f"Ogni giocatore si siede con {self.stake(st.bankroll)} e ne mette "
                f"{self.num(st.ante)} nel piatto all'inizio di ogni mano; chi non può pagare "
                f"esce dal gioco."))
            title = t("The pot", "Il piatto")
        elif st.mode == "points":
            lines.append(t("Every player starts with no points; paying means taking penalty "
                           "points, and nobody goes out.",
                           "Ogni giocatore parte da zero punti; chi paga prende punti di "
                           "penalità, e nessuno esce dal gioco."))
            title = t("Penalty points", "Punti di penalità")
        else:
            lines.append(t(f"Each player starts with {self.lives(st.lives)}.",
                           f"Ogni giocatore comincia con {self.lives(st.lives)}."))
            if st.into_pot:
                lines.append(t("Every life lost is a stake paid into the pot; the winner of "
                               "the game takes the pot.",
                               "Ogni vita persa è una posta che va nel piatto; il vincitore "
                               "della partita prende il piatto."))
            if st.last_chance:
                own = self.term("last_chance")
                name = f" ({self.q(own)})" if own else ""
                lines.append(t(
                    f"A player who loses his last life is not out yet: he has a last "
                    f"chance{name} and plays on with no lives until he loses once more, then he "
                    f"is out.",
                    f"Chi perde l'ultima vita non è ancora fuori: ha un'ultima possibilità{name} "
                    f"e continua a giocare senza vite finché non perde ancora una volta; allora "
                    f"esce."))
            else:
                lines.append(t("A player who loses his last life is out of the game.",
                               "Chi perde l'ultima vita esce dal gioco."))
            title = t("Lives", "Le vite")
        if st.reentry_who == "all":
            lines.append(t(
                f"Re-entry: if paying would put every player still in the game out at once, "
                f"all the players of the game come back in with {self.lives(st.reentry_lives)} "
                f"each.",
                f"Rientro: se un pagamento facesse uscire insieme tutti i giocatori rimasti, "
                f"rientrano in gioco tutti i giocatori della partita con "
                f"{self.lives(st.reentry_lives)} ciascuno."))
        elif st.reentry_who == "tied":
            lines.append(t(
                f"Re-entry: if paying would put every player still in the game out at once, "
                f"those players come back in with {self.lives(st.reentry_lives)} each.",
                f"Rientro: se un pagamento facesse uscire insieme tutti i giocatori rimasti, "
                f"rientrano solo loro, con {self.lives(st.reentry_lives)} ciascuno."))
        elif st.mode == "lives":
            lines.append(t("If every player still in the game goes out at once, they share "
                           "the win.",
                           "Se tutti i giocatori rimasti escono insieme, vincono insieme."))
        return Section("stakes", title, tuple(lines))

    def _pays(self, rule, win: bool) -> list[str]:
        """Who pays, in words: the pay policy's sentence, the tie policy's (when it has
        something to say after that pay policy), then the settle rule's own keys. A payer
        loses lives, or takes penalty points: the verb is chosen here, by the stakes mode, and
        the ties are said with "pay", which is true of both."""
        t = self.t
        mode = self.rules.stakes.mode
        points = mode == "points"
        loses = t("takes" if points else "loses", "prende" if points else "perde")
        lose = t("take" if points else "lose", "prendono" if points else "perdono")
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
        if mode == "pot":
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
        wins = [x for x in self.triggers if x.outcome == "win"]
        # Why hands get compared, in a fixed order (not the order the triggers are listed in).
        found = set()
        if self.knock_options():
            found.add("knock")
        for x in self.triggers:
            if x.outcome == "showdown":
                found.add("instant" if finds_holders(x) else x.on)
            elif x.outcome == "refresh":
                found.add("refresh")
        words = {
            "knock": t("after a knock", "dopo una bussata"),
            "instant": t("after an instant hand", "dopo una combinazione immediata"),
            "refresh": t("when the cards cannot be dealt again",
                         "quando non si possono ridare le carte"),
        }
        order = ["knock", "instant", "dealt", "action", "turn_end", "all_passed",
                 "stock_empty", "refresh"]
        causes = [words.get(k) or self.when(k) for k in order if k in found]
        lines = []
        if wins:
            pays = self._pays(r.settle_win, True)
            lines.append(t(f"When a hand is won at once: {'; '.join(pays)}.",
                           f"Quando una mano è vinta subito: {'; '.join(pays)}."))
        pays = self._pays(r.settle_showdown, False)
        why = f" ({self.join(causes, t('or', 'o'))})" if causes else ""
        lines.append(t(f"When the hands are compared{why}: {'; '.join(pays)}.",
                       f"Quando si confrontano le mani{why}: {'; '.join(pays)}."))
        if any(x.outcome == "void" for x in self.triggers):
            lines.append(t("A void hand costs nobody anything.",
                           "Una mano nulla non costa niente a nessuno."))
        return Section("settle", t("Who pays", "Chi paga"), tuple(lines))

    def end(self) -> Section:
        t = self.t
        r = self.rules
        st = r.stakes
        lines = []
        pot = st.mode == "lives" and st.into_pot
        if r.end_hands is not None:
            most = self.stake_word()
            early = t(", or earlier when only one player is left",
                      ", o prima se resta un solo giocatore") if r.end_last_standing else ""
            lines.append(t(f"The game ends after {r.end_hands} hands{early}; the player with "
                           f"the most {most} wins (players tied share the win).",
                           f"La partita finisce dopo {r.end_hands} mani{early}; vince chi ha "
                           f"più {most} (a pari merito si vince insieme)."))
        elif r.end_target is not None:
            lines.append(t(f"The game ends after the hand in which a player reaches "
                           f"{self.lives(r.end_target)}; the player with the fewest points wins "
                           f"(players tied share the win).",
                           f"La partita finisce dopo la mano in cui un giocatore arriva a "
                           f"{self.lives(r.end_target)}; vince chi ne ha di meno (a pari merito "
                           f"si vince insieme)."))
        elif r.end_last_standing:
            lines.append(t("The game ends when only one player is left: he wins" +
                           (" and takes the pot." if pot else "."),
                           "La partita finisce quando resta un solo giocatore: vince lui" +
                           (" e prende il piatto." if pot else ".")))
        return Section("end", t("End of the game", "Fine della partita"), tuple(lines))
