"""The rule explanation's words for capture games: the `capture` move and its taking rules,
the events it makes, the zones players and sides own, partnerships, who plays first, and the
scoring of taken cards (points won, to a target).

It exists to keep every sentence about the fishing family in one place; the sections of the
other families call into it only when a ruleset uses these keywords.
"""
from __future__ import annotations

from typing import Any

from .capture import CaptureEvent
from .explain_terms import RulesetTerms, Section
from .rules import Option
from .tally import SCORES
from .terms import noun
from .triggers import condition_of


def _pts(n: Any, lang: str) -> str:
    text = str(int(n)) if float(n).is_integer() else str(n)
    if lang == "it":
        return "un punto" if n == 1 else f"{text} punti"
    return "one point" if n == 1 else f"{text} points"


_FACTS = {
    "sweep": ("it takes every card on the table", "porta via tutte le carte del tavolo"),
    "same_suit": ("it takes two or more cards of its own suit (a combination of one suit)",
                  ("prende due o più carte del suo stesso seme (una combinazione dello stesso "
                  "seme)")),
    "takes_last_played": (("it takes the card of its own rank (the same figure, or the same "
                           "number) the opponent has just laid"),
                          ("prende la carta uguale, della stessa figura o dello stesso numero, "
                           "appena calata dall'avversario")),
}


class CaptureSections(RulesetTerms):
    """Sentences for the keywords of capture games."""

    def ranks_text(self, ranks: Any) -> str:
        return self.join([self.rank_by_code(str(r)) for r in ranks])

    def capture_text(self, o: Option) -> str:
        """A `do: capture` option, with its taking rules and its events: "plays one of his
        cards onto the table: <the taking rules>. A capture makes a ... when ..."."""
        p: Any = o.params
        table = self.zone(p["table"])
        src = p.get("from", "hand")
        if src == "hand":
            what = self.t("plays one of his cards", "cala una delle sue carte")
        else:
            z = self.zone(src)
            what = self.t(f"turns up the top card of his own {z.bare('en')}",
                          f"scopre la prima carta {z.prep('it', 'di')}")
        played = self.t(f"{what} onto {table.the('en')}", f"{what} {table.prep('it', 'su')}")
        text = played + ": " + "; ".join(self._taking_clauses(p))
        codes = [r.code for r in self.rules.deck.ranks]
        sweepers = [codes[i] for i in sorted(p["_taking"].takes_all)]
        for ev in p["_events"]:
            text += self._capture_event_text(ev, sweepers)
        return text

    def _taking_clauses(self, p: Any) -> list[str]:
        """The capture's taking rules, each a clause: what a card takes (equal value, sums),
        the ranks with a rule of their own, the house rules' clauses (`take_rules`), whether
        taking is compulsory, and where the cards go."""
        t, taking = self.t, p["_taking"]
        table, into = self.zone(p["table"]), self.zone(p["into"])
        rules = []
        if taking.equal == "first":
            rules.append(t("it takes a card of equal value; only when there is none, cards "
                           "whose values add up to its own" if taking.sums else
                           "it takes a card of equal value",
                           "prende una carta di pari valore; solo se non ce n'è, più carte "
                           "la cui somma è pari al suo valore" if taking.sums else
                           "prende una carta di pari valore"))
        else:
            rules.append(t("it takes a card of equal value or cards whose values add up to its "
                           "own, as the player chooses" if taking.sums else
                           "it takes a card of equal value",
                           "prende una carta di pari valore oppure più carte la cui somma è "
                           "pari al suo valore, a scelta del giocatore" if taking.sums else
                           "prende una carta di pari valore"))
        codes = [r.code for r in self.rules.deck.ranks]
        if taking.same_rank_only:
            rules.append(self._ranks_do([codes[i] for i in sorted(taking.same_rank_only)],
                                        ("takes only a card of its own rank",
                                         "prende solo una carta uguale",
                                         "prendono solo una carta uguale")))
        if taking.takes_all:
            rules.append(self._ranks_do([codes[i] for i in sorted(taking.takes_all)],
                                        (("takes every card on the table (a card of its own "
                                         "rank alone, when there is one among others)"),
                                         ("prende tutte le carte del tavolo (solo quella "
                                         "uguale, se ce n'è una fra le altre)"),
                                         ("prendono tutte le carte del tavolo (solo quella "
                                         "uguale, se ce n'è una fra le altre)"))))
        from .take_rules import clauses
        rules += clauses(p.get("takes") or {}, self)
        rules.append(t("taking is compulsory; when several combinations can be taken the "
                       "player chooses one" if taking.must else
                       "he may also lay the card without taking",
                       "la presa è obbligatoria; se si possono prendere più combinazioni, "
                       "il giocatore ne sceglie una" if taking.must else
                       "può anche calare la carta senza prendere"))
        rules.append(t(f"the card played and the cards taken go to {into.the('en')} of his "
                       f"side; a card that takes nothing stays on {table.the('en')}",
                       f"la carta calata e quelle prese vanno {into.prep('it', 'in')} della "
                       f"sua parte; una carta che non prende resta {table.prep('it', 'su')}"))
        return rules

    def _capture_event_text(self, ev: CaptureEvent, sweepers: Any = ()) -> str:
        """The sentence for one event a capture makes (a sweep...): when it is made, and the
        plays it is not made on (by the ranks that take the whole table, `sweepers`, named:
        "nor when an Ace takes the whole table by its own rule", "né quando l'Asso porta via
        tutto il tavolo per la sua regola")."""
        t = self.t
        facts = self.join([t(*_FACTS[f]) for f in ev.when], t("or", "o"))
        text = t(f". A capture makes a {self.q(ev.name)} when {facts}",
                 f". Una presa fa {self.q(ev.name)} quando {facts}")
        unless = []  # "(not on the last play, nor when ...)"
        if not ev.on_last_play:
            unless.append(t("on the last play of the hand", "all'ultima giocata della mano"))
        if not ev.by_takes_all:
            by_rule = (self._ranks_do(sweepers, ("takes the whole table by its own rule",
                                                 "porta via tutto il tavolo per la sua regola",
                                                 "portano via tutto il tavolo per la loro regola"))
                       if sweepers else t("a card takes the whole table by a rule of its own",
                                          "una carta porta via tutto il tavolo per una regola "
                                          "sua propria"))
            unless.append(t("when ", "quando ") + by_rule)
        if unless:
            text += f" ({t('not ', 'non ')}{t(', nor ', ', né ').join(unless)})"
        return text

    def _ranks_do(self, ranks: Any, verbs: tuple[str, str, str]) -> str:
        """`a Jack, Knight or King takes...` / `Fante, Cavallo e Re prendono...`."""
        names = [self.rank_by_code(str(r)) for r in ranks]
        joined = self.join(names, "or")
        en = ("an " if joined[:1].lower() in "aeiou" else "a ") + joined
        it = self.join([noun(name, name).the("it") for name in names])  # l'Asso, il Re
        return self.t(f"{en} {verbs[0]}", f"{it} {verbs[1] if len(names) == 1 else verbs[2]}")

    # ---- sections -------------------------------------------------------------------------
    def sides_section(self) -> Section | None:
        r, t = self.rules, self.t
        lines = []
        for n, groups in sorted(r.sides.items()):
            g = "; ".join(" + ".join(str(s + 1) for s in grp) for grp in groups)
            lines.append(t(f"With {n} players, partners play together, sharing their taken "
                           f"cards and their points (seats {g}).",
                           f"In {n} si gioca a coppie: i compagni mettono insieme le carte "
                           f"prese e i punti (posti {g})."))
        if r.first_player_spec is not None:
            lines.append(self.first_player_text(r.first_player_spec.param))
        for name, zone in r.zones.items():
            if zone.owner:
                z = self.zone(name)
                art, _, word = z.the("it").partition(" ")
                own_it = f"{art} {z.adj('propri')} {word}" if word else z.the("it")
                bare = z.bare("en")
                lines.append(t(f"Each {'player' if zone.owner == 'player' else 'side'} has "
                               f"{bare if bare.endswith('s') else 'a ' + bare} of "
                               f"{'his' if zone.owner == 'player' else 'its'} own.",
                               f"Ogni {'giocatore' if zone.owner == 'player' else 'parte'} "
                               f"ha {own_it}."))
        if not lines:
            return None
        return Section("sides", t("Sides and piles", "Parti e mazzi"), tuple(lines))

    def first_player_text(self, spec: Any) -> str:
        """Who starts: the bottom cards compared, by value (with the values that differ from
        the ranks' order said) or by the order of the ranks."""
        t = self.t
        z = self.zone(spec["lowest_bottom"])
        if spec.get("by", "value") == "rank":
            order = " ".join(r.code for r in self.rules.deck.ranks)
            how = t(f"by rank, in the order {order} (a figure is above every number)",
                    f"per grado, nell'ordine {order} (una figura è sopra ogni numero)")
        else:
            how = t("by value", "per valore")
            ranks = self.rules.deck.ranks
            # the ranks whose value is not above every lower rank's (Fante 4 after the Sette)
            figures = [r for i, r in enumerate(ranks)
                       if i and r.value <= max(q.value for q in ranks[:i])]
            if figures:
                said = self.join([f"{self.rank_by_code(r.code)} {self.num(r.value)}"
                                  for r in figures])
                how += t(f" ({said}: a card of the same value is equal, whatever its rank)",
                         f" ({said}: carte dello stesso valore sono uguali, qualunque sia il "
                         f"loro grado)")
        of, _, word = z.prep("it", "di").partition(" ")
        own = f"{of} {z.adj('propri')} {word}" if word else z.prep("it", "di")
        return t(f"Instead of the player after the dealer, the first to play is chosen so: "
                 f"each player shows the bottom card of his own {z.bare('en')}, and the lower "
                 f"card, compared {how}, plays first; if they are equal, the next cards up, "
                 f"and so on.",
                 f"Invece del giocatore dopo il mazziere, chi comincia si decide così: "
                 f"ciascuno mostra l'ultima carta {own}, e comincia chi ha la carta più bassa, "
                 f"confrontata {how}; se sono uguali, si guardano le penultime, e così via.")

    def scoring_section(self) -> Section | None:
        r, t = self.rules, self.t
        sc = r.scoring
        if sc is None:
            return None
        lines = []
        for name, spec in sc.event_specs.items():
            parts = []
            if spec.get("points"):
                parts.append(_pts(spec["points"], self.lang))
            which = spec.get("card_values", "none")
            if which == "all":
                parts.append(t("the values of its cards (the card played and those taken)",
                               "il valore delle sue carte (quella calata e quelle prese)"))
            elif which == "taken":
                parts.append(t("the values of the cards taken", "il valore delle carte prese"))
            bonus = spec.get("bonus") or {}
            if bonus:
                items = self.join([f"{self._bonus_name(k)} {_pts(v, self.lang)}"
                                   for k, v in bonus.items()])
                if spec.get("bonus_on", "taken") == "all":
                    parts.append(t(f"plus, for each card of value in it (the card played "
                                   f"too): {items}",
                                   f"più, per ogni sua carta di valore (anche quella calata): "
                                   f"{items}"))
                else:
                    parts.append(t(f"plus, for each card of value taken (not the card "
                                   f"played): {items}",
                                   f"più, per ogni carta di valore presa (non quella calata): "
                                   f"{items}"))
            lines.append(t(f"Each {self.q(name)} scores at once: {', '.join(parts)}.",
                           f"Ogni {self.q(name)} vale subito: {', '.join(parts)}."))
        if sc.leftover:
            z = self.zone(sc.leftover)
            lines.append(t(f"At the end of the hand the last player to take takes what is left "
                           f"on {z.the('en')}.",
                           f"Alla fine della mano chi ha preso per ultimo prende le carte "
                           f"rimaste {z.prep('it', 'su')}."))
        if sc.hand:
            lines.append(t("At the end of each hand each side counts its taken cards:",
                           "Alla fine di ogni mano ogni parte conta le carte prese:"))
            for key, param, _ in sc.hand:
                lines.append("  " + SCORES.say(key, "sentence", param, self))
        return Section("scoring", t("Points", "Punti"), tuple(lines))

    def _bonus_name(self, key: Any) -> str:
        key = str(key)
        if any(r.code == key for r in self.rules.deck.ranks):
            return self.t(f"each {self.rank_by_code(key)}", f"ogni {self.rank_by_code(key)}")
        return self.the_card(key)

    def score_end(self) -> Section:
        r, t = self.rules, self.t
        n = r.end_target
        trig = any(unit.reaches_target for ts in r.triggers.values() for tr in ts
                   if (unit := condition_of(tr)) is not None)
        if trig:
            line = t(f"The first to reach {_pts(n, 'en')} wins, at once.",
                     f"Vince chi arriva per primo a {_pts(n, 'it')}, subito.")
        elif r.end_countback:
            most = r.stakes.mode.sign > 0
            line = t(f"The game ends after a hand in which a side reaches {_pts(n, 'en')}; "
                     f"the {'most' if most else 'fewest'} points win; if the leaders are "
                     f"level, the tie is counted back: {self._countback()}; still level, play "
                     f"goes on.",
                     f"La partita finisce dopo la mano in cui una parte arriva a "
                     f"{_pts(n, 'it')}; vince chi ha {'più' if most else 'meno'} punti; a pari "
                     f"punti si spareggia così: {self._countback()}; se sono ancora "
                     f"pari, si continua.")
        else:
            most = r.stakes.mode.sign > 0
            line = t(f"The game ends after a hand in which a side reaches {_pts(n, 'en')}; "
                     f"the {'most' if most else 'fewest'} points win; if the leaders are "
                     f"level, play goes on.",
                     f"La partita finisce dopo la mano in cui una parte arriva a "
                     f"{_pts(n, 'it')}; vince chi ha {'più' if most else 'meno'} punti; a pari "
                     f"punti si continua.")
        return Section("end", t("End of the game", "Fine della partita"), (line,))

    def _countback(self) -> str:
        """The steps of `end.countback`, in words: "first the side that reached 11 points
        first, the points counted in the order above, then the side with the higher count in
        “sweeps”"."""
        from .tally import count_words
        r, t = self.rules, self.t
        n = r.end_target
        steps = []
        for step in r.end_countback:
            if step < 0:
                steps.append(t(f"the side that reached {_pts(n, 'en')} first, the hand's "
                               f"points counted in the order above",
                               f"vince la parte arrivata prima a {_pts(n, 'it')}, contando i "
                               f"punti della mano nell'ordine detto sopra"))
            else:
                key, param, tally = r.scoring.hand[step]
                said = self.q(count_words(key, param, self))
                low = tally.fewer_wins  # the entry's unit says the lower count is the better
                steps.append(t(f"the side with the {'lower' if low else 'higher'} count in "
                               f"{said} in that hand",
                               f"vince la parte col conto più {'basso' if low else 'alto'} "
                               f"in {said} in quella mano"))
        return t("first ", "prima ") + t("; then ", "; poi ").join(steps)
