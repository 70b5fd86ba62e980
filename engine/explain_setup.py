"""The rule explanation's opening sections: what the game is (`about`), the players, seats
and dealer, the cards, what each card is worth, and the deal.

It exists to keep the sentences about setting up a hand, before anybody plays, in one place.
"""
from __future__ import annotations

from .cards import JOKER_CODE
from .explain_terms import RulesetTerms, Section
from .explain_words import cap, it_from_to
from .rules import DealStep


class SetupSections(RulesetTerms):
    """The sections before play: about, players, deck, values, deal."""

    def about(self) -> Section:
        r = self.rules
        description = r.description_in(self.lang)
        return Section("about", r.title_in(self.lang), (description,) if description else ())

    def players(self) -> Section:
        r = self.rules
        lines = []
        if r.min_players == r.max_players:
            lines.append(self.t(f"{r.min_players} players.", f"{r.min_players} giocatori."))
        else:
            lines.append(self.t(
                f"{r.min_players} to {r.max_players} players ({r.default_players} by default).",
                f"Da {r.min_players} a {r.max_players} giocatori ({r.default_players} di "
                f"norma)."))
        how = r.first_dealer
        if how in ("highest_cut", "lowest_cut"):
            hi = how == "highest_cut"
            lines.append(self.t(
                f"To choose the first dealer every player cuts the deck and shows a card: the "
                f"{'highest' if hi else 'lowest'} card deals (cards compare by value, then by "
                f"rank order; players who tie cut again).",
                f"Per scegliere il primo mazziere ogni giocatore alza il mazzo e scopre una "
                f"carta: chi ha la carta più {'alta' if hi else 'bassa'} fa il mazziere (conta "
                f"il valore, poi l'ordine delle carte; chi è pari alza di nuovo)."))
        elif how == "random":
            lines.append(self.t("The first dealer is chosen at random.",
                                "Il primo mazziere è scelto a sorte."))
        else:
            lines.append(self.t("The player in the first seat deals first.",
                                "Il giocatore al primo posto fa per primo il mazziere."))
        lines.append(self.t(
            f"Cards are dealt {self.dir(r.deal_step)}, starting with the player on the "
            f"dealer's {self.side(r.deal_step)}; the dealer gets his own cards last.",
            f"Le carte si danno {self.dir(r.deal_step)}, cominciando dal giocatore alla "
            f"{self.side(r.deal_step)} del mazziere; il mazziere riceve le sue per ultimo."))
        if r.first_player_spec is not None:  # who starts is said with the sides
            lines.append(self.t(f"Play goes {self.dir(r.play_step)}.",
                                f"Si gioca {self.dir(r.play_step)}."))
        else:
            lines.append(self.t(
                f"Play goes {self.dir(r.play_step)}: the player on the dealer's "
                f"{self.side(r.play_step)} plays first.",
                f"Si gioca {self.dir(r.play_step)}: comincia il giocatore alla "
                f"{self.side(r.play_step)} del mazziere."))
        if r.dealer_step:
            lines.append(self.t(f"After each hand the deal passes {self.dir(r.dealer_step)}.",
                                f"Dopo ogni mano il ruolo di mazziere passa "
                                f"{self.dir(r.dealer_step)}."))
        else:
            lines.append(self.t(
                "The same player deals every hand (when he is out, the next player in the "
                "order of play deals).",
                "Il mazziere resta lo stesso a ogni mano (se esce dal gioco, fa il mazziere il "
                "giocatore successivo nell'ordine di gioco)."))
        return Section("players", self.t("Players, seats and dealer",
                                         "Giocatori, posti e mazziere"), tuple(lines))

    def deck_section(self) -> Section:
        deck = self.deck
        origin = self.rules.deck_origin
        n = len(deck.cards) - deck.jokers
        suits = ", ".join(f"{self.suit_name(i)} ({s.code})" for i, s in enumerate(deck.suits))
        ranks = " ".join(r.code for r in deck.ranks)
        lines = [self.t(
            f"{n} cards: {len(deck.suits)} suits, {suits}; ranks from low to high: {ranks}.",
            f"{n} carte: {len(deck.suits)} semi, {suits}; carte dalla più bassa alla più alta: "
            f"{ranks}.")]
        kept = {r.code for r in deck.ranks}
        gone = [c for c in origin.preset_ranks if c not in kept]
        if gone:
            total = len(origin.preset_ranks) * origin.preset_suits
            lines.append(self.t(
                f"That is a {total}-card deck without the {self.join(gone)}.",
                f"Cioè un mazzo da {total} carte senza {self.join(gone)}."))
        if origin.removed_cards:
            names = [self.card_name(c) for c in origin.removed_cards]
            lines.append(self.t(f"These cards are taken out: {self.join(names)}.",
                                f"Si tolgono queste carte: {self.join(names)}."))
        if origin.copies > 1:
            lines.append(self.t(f"The deck holds {origin.copies} copies of every card.",
                                f"Il mazzo contiene {origin.copies} copie di ogni carta."))
        for least, more in self.rules.by_players:
            copies, total = more.deck_origin.copies, len(more.deck.cards)
            lines.append(self.t(
                f"With {least} or more players the deck holds {copies} copies of every card "
                f"({total} cards).",
                f"Con {least} o più giocatori il mazzo contiene {copies} copie di ogni carta "
                f"({total} carte)."))
        if deck.jokers:
            lines.append(self.jokers())
        example = deck.ranks[-1].code + deck.suits[0].code
        lines.append(self.t(
            f"A card is written rank then suit, for example {example}: "
            f"{self.card_name(example)}.",
            f"Una carta si scrive con la sua sigla seguita da quella del seme, per esempio "
            f"{example}: {self.card_name(example)}."))
        return Section("deck", self.t("The cards", "Le carte"), tuple(lines))

    def jokers(self) -> str:
        """What the deck's jokers (`deck.jokers`) are and do."""
        deck = self.deck
        j, code = deck.jokers, JOKER_CODE
        name = {"en": "joker" if j == 1 else "jokers", "it": "jolly"}
        if deck.jokers_wild:
            return self.t(
                f"Plus {j} {name['en']} ({code}), of no suit and no rank: each is wild and "
                f"stands for the best card for the hand (in a suit, the best card of it the "
                f"hand does not hold; in a set, its rank; in a run, the missing rank).",
                f"In più {j} {name['it']} ({code}), senza seme né figura: ciascuno è una matta "
                f"e vale come la carta migliore per la mano (in un seme, la carta più alta di "
                f"quel seme che la mano non ha; in un tris, la sua figura; in una scala, la "
                f"carta che manca).")
        value = self.num(next(c.value for c in deck.cards if c.joker))
        return self.t(
            f"Plus {j} {name['en']} ({code}), of no suit and no rank: each counts {value} and "
            f"joins whichever suit it helps most, but makes no set or run.",
            f"In più {j} {name['it']} ({code}), senza seme né figura: ciascuno vale {value} e "
            f"si aggiunge al seme dove conta di più, ma non fa tris né scala.")

    def values(self) -> Section:
        ranks = list(self.deck.ranks)
        found: list[tuple[int, str]] = []  # (first rank's place, sentence), in rank order
        done: set[int] = set()
        # The figures: the run of ranks written with letters at the top of the rank order.
        figures: list[int] = []
        for i in range(len(ranks) - 1, -1, -1):
            if ranks[i].code.isdigit():
                break
            figures.insert(0, i)
        if 2 <= len(figures) < len(ranks) and len({ranks[i].value for i in figures}) == 1:
            names = ", ".join(self.rank_name(i) for i in figures)
            v = self.num(ranks[figures[0]].value)
            found.append((figures[0], self.t(f"Figures ({names}) are worth {v}.",
                                             f"Le figure ({names}) valgono {v}.")))
            done.update(figures)
        # Runs of number cards worth their number.
        runs: list[list[int]] = [[]]
        for i, r in enumerate(ranks):
            if r.code.isdigit() and float(r.value) == float(int(r.code)) and i not in done:
                runs[-1].append(i)
            elif runs[-1]:
                runs.append([])
        for run in runs:
            if len(run) == 2:
                a, b = ranks[run[0]].code, ranks[run[-1]].code
                found.append((run[0], self.t(f"The {a} and the {b} are worth their number.",
                                             f"Le carte {a} e {b} valgono il loro numero.")))
                done.update(run)
            elif len(run) > 2:
                a, b = ranks[run[0]].code, ranks[run[-1]].code
                found.append((run[0], self.t(f"The cards from {a} to {b} are worth their "
                                             f"number.",
                                             f"Le carte {it_from_to(a, b)} valgono il loro "
                                             f"numero.")))
                done.update(run)
        for i, r in enumerate(ranks):
            if i not in done:
                v = self.num(r.value)
                name = self.rank_name(i)
                article = self.the_rank(i)  # "L'Asso", "The Ace"
                name = article if name == r.code else f"{article} ({r.code})"
                found.append((i, self.t(f"{name} is worth {v}.", f"{name} vale {v}.")))
        lines = [text for _, text in sorted(found)]
        every = ", ".join(f"{r.code} {self.num(r.value)}" for r in ranks)
        lines.append(self.t(f"In full: {every}.", f"In breve: {every}."))
        return Section("values", self.t("Card values", "Valore delle carte"), tuple(lines))

    def deal(self) -> Section:
        """The deal's steps in order, what each player holds after them, whether cards are set
        aside, then each zone as the hand starts: how many cards, and who sees them."""
        r = self.rules
        per_player, owned, dealt = self._dealt_counts()
        lines = [self._deal_step(i, ds) for i, ds in enumerate(r.deal)]
        if per_player:
            lines.append(self.t(
                f"Each player ends up with {self.cards(per_player)}, face down: only he sees "
                f"them.",
                f"Ogni giocatore riceve {self.cards(per_player)} coperte: le vede solo lui."
                if per_player != 1 else
                "Ogni giocatore riceve una carta coperta: la vede solo lui."))
        if r.rest_zone is None and not (owned and r.min_players == r.max_players and
                                        owned * r.max_players + sum(dealt.values()) - owned
                                        >= len(r.deck.cards)):
            lines.append(self.t("The cards left over are set aside: they are not used in the "
                                "hand.",
                                "Le carte che avanzano si mettono da parte: nella mano non si "
                                "usano."))
        lines += [self._zone_at_start(name, dealt) for name in r.zones]
        return Section("deal", self.t("The deal", "La distribuzione"), tuple(lines))

    def _dealt_counts(self) -> tuple[int, int, dict[str, int]]:
        """What the deal's steps give out, counted apart from their words (the sentences
        after the steps need the totals): the cards each player holds, the cards in each of
        his own zones (a pile), and the cards each zone receives."""
        per_player = owned = 0
        dealt: dict[str, int] = {}
        for ds in self.rules.deal:
            for target in ds.targets:
                if target == "players":
                    per_player += ds.count * ds.rounds
                    continue
                if self.rules.zones[target].owner == "player":
                    owned += ds.count * ds.rounds
                dealt[target] = dealt.get(target, 0) + ds.count * ds.rounds
        return per_player, owned, dealt

    def _deal_step(self, i: int, ds: DealStep) -> str:
        """The sentence for the deal's step `i`: "First 3 cards to each player, then ..."."""
        parts = [self._deal_part(ds, target) for target in ds.targets]
        body = self.t(", then ", ", poi ").join(parts)
        lead = self.t("First" if i == 0 else "Then", "Prima" if i == 0 else "Poi")
        if ds.rounds > 1:
            return self.t(f"{lead}, {ds.rounds} times round: {body}.",
                          f"{lead}, per {ds.rounds} giri: {body}.")
        return f"{lead} {body}."

    def _deal_part(self, ds: DealStep, target: str) -> str:
        """Where one step's cards go: to each player, to each player's own zone or to a
        zone, face up or down."""
        if target == "players":
            return self.t(f"{self.cards(ds.count)} to each player",
                          f"{self.cards(ds.count)} a ciascun giocatore")
        z = self.zone(target)
        up = self.rules.zones[target].visibility != "hidden"
        face = self.t("face up" if up else "face down",
                      ("scopert" if up else "copert") + ("a" if ds.count == 1 else "e"))
        if self.rules.zones[target].owner == "player":  # one each (a pile)
            return self.t(
                f"{self.cards(ds.count)} to each player's {z.bare('en')}, {face}",
                f"{self.cards(ds.count)} a ciascun giocatore, {face}, che "
                f"formano {z.the('it')}")
        return self.t(f"{self.cards(ds.count)} to {z.the('en')}, {face}",
                      f"{self.cards(ds.count)} {z.prep('it', 'a')}, {face}")

    def _zone_at_start(self, name: str, dealt: dict[str, int]) -> str:
        """A zone as the hand starts: the rest of the deck, the cards dealt to it or empty;
        and who sees its cards."""
        r, z = self.rules, self.zone(name)
        if name == r.rest_zone:
            amount = self.t("the rest of the deck", "il resto del mazzo")
        elif dealt.get(name):
            amount = self.t(f"{self.cards(dealt[name])} dealt",
                            f"{self.cards(dealt[name])} distribuit"
                            + ("a" if dealt[name] == 1 else "e"))
        else:
            amount = self.t("empty at the start", z.adj("vuot") + " all'inizio")
        visibility = r.zones[name].visibility
        if visibility == "hidden":
            vis = self.t("face down: nobody sees its cards",
                         f"{z.adj('copert')}: nessuno ne vede le carte")
        elif visibility == "top":
            vis = self.t("a pile: only its top card is seen",
                         "si vede solo la carta in cima")
        else:
            vis = self.t("face up: everybody sees its cards",
                         f"{z.adj('scopert')}: tutti ne vedono le carte")
        return f"{cap(z.the(self.lang))}: {amount}; {vis}."
