"""A ruleset in words: the rules of the game as plain prose, generated from its data.

    sections = explain(load(NAME_OR_PATH), lang="it")
    print(render(sections))

Every sentence is built from the ruleset's data (`rules.data`, the merged document, for what the
compiler turned into closures: guards, triggers; the compiled objects for the deck, values and
patterns), never from which ruleset it is: the same generic sentence serves every ruleset that
uses the same keys. The ruleset's own words are used wherever it gives them: pattern labels,
option labels, rank and suit names, and `labels:` entries for its terms. `labels` keys that are
read here:

* a zone's name (`reserve: {en: reserve, it: la riserva}`): the words for that zone (in Italian an
  article at the start gives the gender: `la riserva`, `il tallone`, `le carte in tavola`);
* a step's name: the words for that step of a turn;
* `knock`: the ruleset's word for knocking or standing;
* `last_chance`: its word for the extra life of a player with no lives left.

`diff(base, overlay)` keeps only the sections whose sentences differ: what a house rule changes.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Sequence

from . import cards as cards_mod
from .errors import UsageError
from .rules import Ruleset

LANGS = ("en", "it")


@dataclass(frozen=True)
class Section:
    """One part of the explanation. A line starting with two spaces is a sub-item of the line
    above it (two more spaces per level)."""
    key: str
    title: str
    lines: tuple[str, ...]


# ---- words ----------------------------------------------------------------------------------
def _num(x, lang: str) -> str:
    """31 (not 31.0); 30.5, written 30,5 in Italian."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    text = str(x)
    return text.replace(".", ",") if lang == "it" else text


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _join(items: Sequence[str], lang: str, word: Optional[str] = None) -> str:
    """a, b and c / a, b e c."""
    items = [i for i in items if i]
    word = word or ("and" if lang == "en" else "e")
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_IT_CONTRACT = {  # article -> (di, da, a, su, in)
    "il": ("del", "dal", "al", "sul", "nel"), "lo": ("dello", "dallo", "allo", "sullo", "nello"),
    "la": ("della", "dalla", "alla", "sulla", "nella"),
    "l'": ("dell'", "dall'", "all'", "sull'", "nell'"),
    "i": ("dei", "dai", "ai", "sui", "nei"), "gli": ("degli", "dagli", "agli", "sugli", "negli"),
    "le": ("delle", "dalle", "alle", "sulle", "nelle"),
}
_IT_PREPS = ("di", "da", "a", "su", "in")
_EN_PREPS = {"di": "of", "da": "from", "a": "to", "su": "onto", "in": "in", "con": "with"}


@dataclass(frozen=True)
class Noun:
    """The words for a zone: English with its article, Italian article + word + agreement."""
    en: str
    it_article: str
    it_word: str
    feminine: bool = False
    plural: bool = False

    def the(self, lang: str) -> str:
        if lang == "en":
            return self.en
        sep = "" if self.it_article.endswith("'") else " "
        return f"{self.it_article}{sep}{self.it_word}"

    def prep(self, lang: str, p: str) -> str:
        """With a preposition (Italian names: di da a su in con): `from the stock`, `dal
        tallone`."""
        if lang == "en":
            return f"{_EN_PREPS[p]} {self.en}"
        if p == "con":
            return f"con {self.the(lang)}"
        word = _IT_CONTRACT[self.it_article][_IT_PREPS.index(p)]
        sep = "" if word.endswith("'") else " "
        return f"{word}{sep}{self.it_word}"

    def adj(self, stem: str) -> str:
        """Italian agreement: copert -> coperto / coperta / coperti / coperte."""
        end = ("e" if self.feminine else "i") if self.plural else ("a" if self.feminine else "o")
        return stem + end

    def be(self, lang: str) -> str:
        if lang == "en":
            return "are" if self.plural else "is"
        return "sono" if self.plural else "è"

    def passive(self) -> str:
        return "vengono" if self.plural else "viene"


#: Italian words for zone names that are plain card-table vocabulary (any other name is shown
#: as written, or as the ruleset's `labels:` give it).
_IT_ZONE_WORDS = {
    "stock": ("il", "tallone", False, False),
    "deck": ("il", "mazzo", False, False),
    "discard": ("la", "pila degli scarti", True, False),
    "discards": ("la", "pila degli scarti", True, False),
    "table": ("il", "tavolo", False, False),
    "centre": ("le", "carte al centro", True, True),
    "center": ("le", "carte al centro", True, True),
}


def _it_noun(text: str) -> tuple[str, str, bool, bool]:
    """Article, word, feminine, plural from an Italian label (`la riserva`, `tallone`)."""
    low = text.lower()
    for art, fem, pl in (("il ", False, False), ("lo ", False, False), ("la ", True, False),
                         ("i ", False, True), ("gli ", False, True), ("le ", True, True)):
        if low.startswith(art):
            return art.strip(), text[len(art):], fem, pl
    if low.startswith("l'") or low.startswith("l’"):
        word = text[2:]
        return "l'", word, word.endswith("a"), False
    fem = low.endswith("a")
    if low[:1] in "aeiou":
        return "l'", text, fem, False
    if not fem and (low[:1] in ("z", "x") or low[:2] in ("gn", "ps") or
                    (low[:1] == "s" and low[1:2] not in "aeiou")):
        return "lo", text, False, False
    return ("la" if fem else "il"), text, fem, False


def _it_from_to(a: str, b: str) -> str:
    """`dal 2 al 7`, `dall'8 al 10`, `dal 7 all'11`: numbers read with a vowel take l'."""
    def vowel(code: str) -> bool:
        return code.startswith("8") or code in ("1", "11") or code.startswith("11")
    return (("dall'" if vowel(a) else "dal ") + a + " " +
            ("all'" if vowel(b) else "al ") + b)


# ---- the explainer --------------------------------------------------------------------------
class _Explainer:
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
        return _num(x, self.lang)

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
        return _join(list(items), self.lang, word)

    def either(self, items: Sequence[str]) -> str:
        return _join(list(items), self.lang, self.t("or", "o"))

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
            art, word, fem, pl = _it_noun(it_text)
        elif name in _IT_ZONE_WORDS:
            art, word, fem, pl = _IT_ZONE_WORDS[name]
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

    # ---- sections -------------------------------------------------------------------------
    def about(self) -> Section:
        r = self.rules
        title = r.title or r.name
        lines = [" ".join(str(r.description).split())] if r.description else []
        return Section("about", title, tuple(lines))

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
        spec = self.d.get("deck") or {}
        n = len(deck.cards)
        copies = spec.get("copies", 1) or 1
        suits = ", ".join(f"{self.suit_name(i)} ({s.code})" for i, s in enumerate(deck.suits))
        ranks = " ".join(r.code for r in deck.ranks)
        preset = spec.get("preset")
        lines = []
        head = self.t(f"{n} cards", f"{n} carte")
        if preset:
            head += self.t(f" (the {preset} deck)", f" (il mazzo {preset})")
        lines.append(self.t(
            f"{head}: {len(deck.suits)} suits, {suits}; ranks from low to high: {ranks}.",
            f"{head}: {len(deck.suits)} semi, {suits}; carte dalla più bassa alla più alta: "
            f"{ranks}."))
        if preset in cards_mod.PRESETS:
            full = [c for c, *_ in cards_mod.PRESETS[preset]["ranks"]]
            kept = {r.code for r in deck.ranks}
            gone = [c for c in full if c not in kept]
            if gone:
                total = len(full) * len(cards_mod.PRESETS[preset]["suits"])
                lines.append(self.t(
                    f"That is a {total}-card deck without the {self.join(gone)}.",
                    f"Cioè un mazzo da {total} carte senza {self.join(gone)}."))
        removed_cards = [str(x) for x in spec.get("remove") or []
                         if str(x) not in {r.code for r in deck.ranks}
                         and str(x) not in [c for c, *_ in cards_mod.PRESETS.get(
                             preset, {"ranks": []})["ranks"]]]
        if removed_cards:
            names = [self.card_name(c) for c in removed_cards]
            lines.append(self.t(f"These cards are taken out: {self.join(names)}.",
                                f"Si tolgono queste carte: {self.join(names)}."))
        if copies > 1:
            lines.append(self.t(f"The deck holds {copies} copies of every card.",
                                f"Il mazzo contiene {copies} copie di ogni carta."))
        example = deck.ranks[-1].code + deck.suits[0].code
        lines.append(self.t(
            f"A card is written rank then suit, for example {example}: "
            f"{self.card_name(example)}.",
            f"Una carta si scrive con il rango e poi il seme, per esempio {example}: "
            f"{self.card_name(example)}."))
        return Section("deck", self.t("The cards", "Le carte"), tuple(lines))

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
                                             f"Le carte {_it_from_to(a, b)} valgono il loro "
                                             f"numero.")))
                done.update(run)
        for i, r in enumerate(ranks):
            if i not in done:
                v = self.num(r.value)
                name = self.rank_name(i)
                name = name if name == r.code else f"{name} ({r.code})"
                found.append((i, self.t(f"{name} is worth {v}.", f"{name} vale {v}.")))
        lines = [text for _, text in sorted(found)]
        every = ", ".join(f"{r.code} {self.num(r.value)}" for r in ranks)
        lines.append(self.t(f"In full: {every}.", f"In breve: {every}."))
        return Section("values", self.t("Card values", "Valore delle carte"), tuple(lines))

    def deal(self) -> Section:
        r = self.rules
        lines = []
        dealt: dict[str, int] = {}
        per_player = 0
        for i, ds in enumerate(r.deal):
            parts = []
            for target in ds.targets:
                if target == "players":
                    parts.append(self.t(f"{self.cards(ds.count)} to each player",
                                        f"{self.cards(ds.count)} a ciascun giocatore"))
                    per_player += ds.count * ds.rounds
                else:
                    z = self.zone(target)
                    up = self.rules.zones[target].visibility != "hidden"
                    face = self.t("face up" if up else "face down",
                                  ("scopert" if up else "copert") + ("a" if ds.count == 1
                                                                     else "e"))
                    parts.append(self.t(f"{self.cards(ds.count)} to {z.the('en')}, {face}",
                                        f"{self.cards(ds.count)} {z.prep('it', 'a')}, {face}"))
                    dealt[target] = dealt.get(target, 0) + ds.count * ds.rounds
            body = self.t(", then ", ", poi ").join(parts)
            lead = self.t("First" if i == 0 else "Then", "Prima" if i == 0 else "Poi")
            if ds.rounds > 1:
                lines.append(self.t(f"{lead}, {ds.rounds} times round: {body}.",
                                    f"{lead}, per {ds.rounds} giri: {body}."))
            else:
                lines.append(f"{lead} {body}." if self.lang == "en" else f"{lead} {body}.")
        lines.append(self.t(
            f"Each player ends up with {self.cards(per_player)}, face down: only he sees them.",
            f"Ogni giocatore riceve {self.cards(per_player)} coperte: le vede solo lui."
            if per_player != 1 else "Ogni giocatore riceve una carta coperta: la vede solo lui."))
        if r.rest_zone is None:
            lines.append(self.t("The cards left over are set aside: they are not used in the "
                                "hand.",
                                "Le carte che avanzano si mettono da parte: nella mano non si "
                                "usano."))
        for name, zone in r.zones.items():
            z = self.zone(name)
            if name == r.rest_zone:
                amount = self.t("the rest of the deck", "il resto del mazzo")
            elif dealt.get(name):
                amount = self.t(f"{self.cards(dealt[name])} dealt",
                                f"{self.cards(dealt[name])} distribuit"
                                + ("a" if dealt[name] == 1 else "e"))
            else:
                amount = self.t("empty at the start", z.adj("vuot") + " all'inizio")
            if zone.visibility == "hidden":
                vis = self.t("face down: nobody sees its cards",
                             f"{z.adj('copert')}: nessuno ne vede le carte")
            elif zone.visibility == "top":
                vis = self.t("a pile: only its top card is seen",
                             "si vede solo la carta in cima")
            else:
                vis = self.t("face up: everybody sees its cards",
                             f"{z.adj('scopert')}: tutti ne vedono le carte")
            lines.append(f"{_cap(z.the(self.lang))}: {amount}; {vis}.")
        return Section("deal", self.t("The deal", "La distribuzione"), tuple(lines))

    # -- turns --
    def guard_adverb(self, g: Mapping) -> str:
        """A guard as the phrase after an option: `not in the first round`, `only with 25 or
        more`, `while the reserve is face down`."""
        (key, p), = g.items()
        t = self.t
        if key == "round_at_least":
            if p <= 1:
                return ""
            if p == 2:
                return t("not in the first round (from the second round on)",
                         "non nel primo giro (dal secondo giro in poi)")
            return t(f"from round {p} on", f"dal giro {p} in poi")
        if key == "round_at_most":
            return t("only in the first round", "solo nel primo giro") if p == 1 else \
                t(f"only in the first {p} rounds", f"solo nei primi {p} giri")
        if key == "value_at_least":
            v = self.num(p)
            return t(f"only with {v} or more (a hand worth at least {v})",
                     f"solo con {v} punti o più (una mano che vale almeno {v})")
        if key == "nobody_knocked":
            return t("only if nobody has knocked yet", "solo se nessuno ha ancora bussato") \
                if p else t("only after somebody has knocked", "solo dopo che qualcuno ha bussato")
        if key == "first_turn":
            return t("only on the first turn of the hand", "solo nel primo turno della mano") \
                if p else t("not on the first turn of the hand", "non nel primo turno della mano")
        if key in ("zone_visible", "zone_hidden", "zone_size_at_least"):
            return t(f"only while {self.guard_clause(g)}", f"solo mentre {self.guard_clause(g)}")
        if key == "not":
            return t(f"unless {self.guard_clause(p)}", f"tranne quando {self.guard_clause(p)}")
        if key == "any":
            return t(f"only when {self.either([self.guard_clause(x) for x in p])}",
                     f"solo quando {self.either([self.guard_clause(x) for x in p])}")
        return f"{key}: {p}"

    def guard_clause(self, g: Mapping) -> str:
        """A guard as a clause (inside `not` and `any`)."""
        (key, p), = g.items()
        t = self.t
        if key == "round_at_least":
            return t(f"it is round {p} or later", f"si è al giro {p} o oltre")
        if key == "round_at_most":
            return t(f"it is round {p} or earlier", f"si è al giro {p} o prima")
        if key == "value_at_least":
            return t(f"his hand is worth {self.num(p)} or more",
                     f"la sua mano vale {self.num(p)} o più")
        if key == "nobody_knocked":
            return t("nobody has knocked yet", "nessuno ha ancora bussato") if p else \
                t("somebody has knocked", "qualcuno ha bussato")
        if key == "first_turn":
            return t("it is the first turn of the hand", "è il primo turno della mano") if p \
                else t("it is not the first turn of the hand", "non è il primo turno della mano")
        if key in ("zone_visible", "zone_hidden"):
            z = self.zone(p)
            up = key == "zone_visible"
            return t(f"{z.the('en')} {z.be('en')} face {'up' if up else 'down'}",
                     f"{z.the('it')} {z.be('it')} {z.adj('scopert' if up else 'copert')}")
        if key == "zone_size_at_least":
            z = self.zone(p["zone"])
            return t(f"{z.the('en')} holds at least {self.cards(p['count'])}",
                     f"{z.prep('it', 'in')} ci sono almeno {self.cards(p['count'])}")
        if key == "not":
            return t(f"it is not so that {self.guard_clause(p)}",
                     f"non è vero che {self.guard_clause(p)}")
        if key == "any":
            return self.either([self.guard_clause(x) for x in p])
        return f"{key}: {p}"

    def option_text(self, o: Mapping) -> str:
        do = o.get("do")
        t = self.t
        if do == "draw":
            z = self.zone(o["from"])
            text = t(f"takes the top card of {z.the('en')}",
                     f"prende la carta in cima {z.prep('it', 'a')}")
        elif do == "discard":
            z = self.zone(o["to"])
            up = self.rules.zones[o["to"]].visibility != "hidden"
            text = t(f"puts one of his cards {'face up' if up else 'face down'} on "
                     f"{z.the('en')}",
                     f"mette una delle sue carte {'scoperta' if up else 'coperta'} "
                     f"{z.prep('it', 'su')}")
            if o.get("not_just_drawn"):
                text += t(" (not the card just taken)", " (non la carta appena presa)")
        elif do == "swap":
            z = self.zone(o["with"])
            text = t(f"exchanges one of his cards with one card of {z.the('en')}",
                     f"scambia una delle sue carte con una {z.prep('it', 'di')}")
        elif do == "swap_all":
            z = self.zone(o["with"])
            text = t(f"exchanges his whole hand with {z.the('en')}",
                     f"scambia tutta la sua mano con {z.the('it')}")
        elif do == "pass":
            text = t("passes (does nothing)", "passa (non fa nulla)")
        elif do == "knock":
            own = self.term("knock")
            text = t("knocks", "bussa") + (f" ({self.q(own)})" if own else "")
        else:
            text = str(do)
        for e in o.get("effects") or []:
            (key, p), = e.items()
            if key == "knock":
                name = self.knock_term()
                text += t(f", and this counts as {self.q(name) if name else 'a knock'}",
                          f", e questo vale come {self.q(name) if name else 'una bussata'}")
            elif key == "reveal":
                z = self.zone(p)
                text += t(f", and {z.the('en')} {z.be('en')} turned face up",
                          f", e {z.the('it')} {z.passive()} {z.adj('scopert')}")
            elif key == "move":
                src, dst, n = self.zone(p["from"]), self.zone(p["to"]), p.get("count", 1)
                what_en = "the top card" if n == 1 else f"the top {n} cards"
                what_it = "la carta in cima" if n == 1 else f"le {n} carte in cima"
                text += t(f", and moves {what_en} of {src.the('en')} onto {dst.the('en')}",
                          f", e sposta {what_it} {src.prep('it', 'a')} {dst.prep('it', 'su')}")
        guards = [self.guard_adverb(g) for g in o.get("if") or []]
        guards = [g for g in guards if g]
        if guards:
            text += " — " + ", ".join(guards)
        if o.get("then"):
            text += t(f"; then {self.step_ref(o['then'])} (below)",
                      f"; poi {self.step_ref(o['then'])} (sotto)")
        label = self.label(o.get("label"))
        return f"{self.q(label)}: {text}" if label else _cap(text)

    def turn(self) -> Section:
        start = self.rules.start_step
        order: list[str] = []
        todo = [start]
        while todo:
            s = todo.pop(0)
            if s in order or s not in self.steps:
                continue
            order.append(s)
            todo += [o.get("then") for o in self.steps[s] or [] if o.get("then")]
        order += [s for s in self.steps if s not in order]
        lines = []
        opening = self.rules.opening
        if opening is not None:
            who, first = opening
            order = [first] + [s for s in order if s != first]
            lines.append(self.t(
                f"Before the first player's turn, "
                f"{'the dealer' if who == 'dealer' else 'the first player'} has an opening "
                f"turn, once per hand:",
                f"Prima del turno del primo giocatore, "
                f"{'il mazziere' if who == 'dealer' else 'il primo giocatore'} ha un turno "
                f"d'apertura, una volta per mano:"))
        for s in order:
            options = self.steps[s] or []
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

    def knock(self) -> Optional[Section]:
        opts = self.knock_options()
        if not opts:
            return None
        term = self.knock_term()
        own = self.term("knock")
        lines = []
        for step, i, o in opts:
            name = self.q(self.label(o.get("label"))) if o.get("label") else None
            guards = [g for g in (self.guard_adverb(g) for g in o.get("if") or []) if g]
            if o.get("do") == "knock":
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
        if self.rules.knock_last_turns == "others_once":
            lines.append(self.t(
                "After a knock every other player has one last turn; the hand ends when the "
                "turn would come back to the player who knocked, who does not play again.",
                "Dopo la bussata ogni altro giocatore ha un ultimo turno; la mano finisce "
                "quando il turno tornerebbe a chi ha bussato, che non gioca più."))
        lines.append(self.t(f"Then the hands are compared (see {self.q('Who pays')}).",
                            f"Poi si confrontano le mani (vedi {self.q('Chi paga')})."))
        title = self.t("Knocking", "Bussare")
        if own:
            title += f" ({self.q(own)})"
        return Section("knock", title, tuple(lines))

    # -- patterns --
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
    def when(self, on: str) -> str:
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
                lines.append(f"{_cap(whens)}, {out}.")
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

    # -- stakes, settlement, end --
    def stakes(self) -> Section:
        st = self.rules.stakes
        t = self.t
        lines = []
        if st.mode == "pot":
            lines.append(t(
                f"Each player sits down with {st.bankroll} stakes and puts {st.ante} into the "
                f"pot at the start of every hand; a player who cannot pay is out.",
                f"Ogni giocatore si siede con {st.bankroll} poste e ne mette {st.ante} nel "
                f"piatto all'inizio di ogni mano; chi non può pagare esce dal gioco."))
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
        t = self.t
        st = self.rules.stakes
        out = []
        if st.mode == "pot":
            if win:
                out.append(t("the winner takes the pot", "il vincitore prende il piatto"))
                out.append(t("if several win together they split it (what cannot be split "
                             "stays in the pot)" if rule.ties == "split" else
                             "if several win together, the pot stays for the next hand",
                             "se vincono in più se lo dividono (il resto resta nel piatto)"
                             if rule.ties == "split" else
                             "se vincono in più, il piatto resta per la mano successiva"))
            else:
                out.append(t("the highest hand takes the pot",
                             "la mano più alta prende il piatto"))
                out.append(t("tied best hands split it (what cannot be split stays in the "
                             "pot)" if rule.ties == "split" else
                             "if the best hands tie, the pot stays for the next hand",
                             "le migliori mani pari se lo dividono (il resto resta nel "
                             "piatto)" if rule.ties == "split" else
                             "se le migliori mani sono pari, il piatto resta per la mano "
                             "successiva"))
            return out
        n = self.lives(rule.lives)
        if st.mode == "points":
            return [_take_not_lose(x) for x in self._pays_lives(rule, win, n)]
        return self._pays_lives(rule, win, n)

    def _pays_lives(self, rule, win: bool, n: str) -> list[str]:
        t = self.t
        out: list[str] = []
        if rule.pay == "others":
            out.append(t(f"every other player loses {n}" if win else
                         f"every player loses {n}",
                         f"ogni altro giocatore perde {n}" if win else
                         f"ogni giocatore perde {n}"))
        elif rule.pay == "lowest":
            out.append(t(f"the player with the lowest hand loses {n}",
                         f"chi ha la mano più bassa perde {n}"))
            if rule.ties == "knocker_spared":
                out.append(t("players tied for the lowest hand all lose, except a player "
                             "who knocked: he is spared and only the others tied with him pay",
                             "se più giocatori sono pari per la mano più bassa perdono tutti, "
                             "tranne chi ha bussato: lui non paga, pagano solo gli altri pari "
                             "con lui"))
            elif rule.ties == "knocker_only":
                out.append(t("when players tie for the lowest hand and one of them knocked, "
                             "only he loses; otherwise all the tied players lose",
                             "se più giocatori sono pari per la mano più bassa e uno di loro ha "
                             "bussato, perde solo lui; altrimenti perdono tutti"))
            else:
                out.append(t("players tied for the lowest hand all lose",
                             "se più giocatori sono pari per la mano più bassa, perdono tutti"))
        elif rule.pay == "all_but_highest":
            out.append(t(f"everybody but the highest hand loses {n} (players tied for the "
                         f"highest hand are all spared)",
                         f"tutti tranne la mano più alta perdono {n} (chi è pari con la "
                         f"più alta non paga)"))
            if rule.ties == "knocker_spared":
                out.append(t("a player who knocked is spared when he ties with others who "
                             "pay", "chi ha bussato non paga se è pari con altri che pagano"))
        if rule.knocker_lives != rule.lives:
            out.append(t(f"a player who knocked and has to pay loses "
                         f"{self.lives(rule.knocker_lives)} instead",
                         f"chi ha bussato e deve pagare perde invece "
                         f"{self.lives(rule.knocker_lives)}"))
        if win and rule.spare_knocker and out:
            out[0] += t(", except the player who knocked, when the win comes after his knock",
                        ", tranne chi ha bussato, se la vittoria arriva dopo la sua bussata")
        return out

    def settle(self) -> Section:
        t = self.t
        r = self.rules
        wins = [x for x in self.triggers if (x["do"] if not isinstance(x["do"], Mapping)
                                             else "") == "win"]
        # Why hands get compared, in a fixed order (not the order the triggers are listed in).
        found = set()
        if self.knock_options():
            found.add("knock")
        for x in self.triggers:
            do = x["do"] if not isinstance(x["do"], Mapping) else next(iter(x["do"]))
            if do == "showdown":
                found.add("instant" if (x.get("if") or {}).get("holds") else x["on"])
            elif do == "refresh":
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
        if any((x["do"] if not isinstance(x["do"], Mapping) else "") == "void"
               for x in self.triggers):
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
            most = t("stakes", "poste") if st.mode == "pot" else t("lives", "vite")
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

    def all(self) -> list[Section]:
        out = [self.about(), self.players(), self.deck_section(), self.values(), self.deal(),
               self.turn(), self.knock(), self.instant(), self.ranking(), self.events(),
               self.stakes(), self.settle(), self.end()]
        return [s for s in out if s is not None and s.lines]


def _take_not_lose(text: str) -> str:
    """In points mode a payer takes penalty points where a lives game has him lose lives."""
    for lose, take in ((" all lose", " all take the penalty"),
                       ("perdono tutti", "prendono tutti la penalità"),
                       ("only he loses", "only he takes the penalty"),
                       ("perde solo lui", "la prende solo lui"),
                       (" loses ", " takes "), (" lose", " take"), (" perdono ", " prendono "),
                       (" perde ", " prende "), (" perdono", " prendono")):
        text = text.replace(lose, take)
    return text


# ---- public API -----------------------------------------------------------------------------
def explain(rules: Ruleset, lang: str = "en") -> list[Section]:
    """The rules of `rules` in words, section by section (the first, key `about`, holds the
    title and the description)."""
    return _Explainer(rules, lang).all()


def zone_words(rules: Ruleset, zone: str, lang: str = "en") -> str:
    """How the explanation names a zone (`the discard pile`, `il tallone`)."""
    return _Explainer(rules, lang).zone(zone).the(lang)


def diff(base: Ruleset, overlay: Ruleset, lang: str = "en",
         instead: bool = True) -> list[Section]:
    """The sections of `overlay` whose sentences differ from `base`'s, with (when `instead`)
    the base's sentences they replace under an "instead of" line. A section the overlay no
    longer has is listed with the base's sentences under "no longer applies". The first
    section (`about`) names the overlay and its base."""
    b = {s.key: s for s in explain(base, lang)}
    o = explain(overlay, lang)
    en = lang == "en"
    head = o[0]
    base_title = b["about"].title if "about" in b else base.name
    out = [Section("about", head.title, (
        (f"What this ruleset ({overlay.name}) changes from “{base_title}” ({base.name}); "
         f"everything else is the same.") if en else
        (f"Che cosa cambia questo regolamento ({overlay.name}) rispetto a «{base_title}» "
         f"({base.name}); tutto il resto è uguale."),))]
    seen = set()
    for s in o[1:]:
        seen.add(s.key)
        old = b.get(s.key)
        if old is not None and old.lines == s.lines:
            continue
        lines = list(s.lines)
        replaced = [line for line in old.lines if line not in s.lines] if old else []
        if replaced and instead:
            lines.append("Instead of:" if en else "Invece di:")
            lines += ["  " + line for line in replaced]
        elif old is None:
            lines.append("(new)" if en else "(nuovo)")
        out.append(Section(s.key, s.title, tuple(lines)))
    for key, s in b.items():
        if key != "about" and key not in seen:
            lines = ["No longer applies; it was:" if en else "Non vale più; era:"]
            lines += ["  " + line for line in s.lines]
            out.append(Section(s.key, s.title, tuple(lines)))
    return out


def load_base(name_or_path: str) -> Optional[Ruleset]:
    """The ruleset an overlay extends (its chain minus its own file), or None when
    `name_or_path` is not an overlay."""
    from .variants import load, load_merged, resolve
    merged = load_merged(name_or_path)
    if len(merged.files) < 2:
        return None
    path = resolve(name_or_path)
    base = merged.files[-1].data["extends"]
    return load(str(resolve(base, relative_to=path.parent)))


def render(sections: Iterable[Section], width: int = 100) -> str:
    """Plain text, Markdown-ish: `# title`, the description, then `## heading` and bullet
    lines (sub-items indented). `width` 0 leaves lines unwrapped."""
    out: list[str] = []
    for s in sections:
        if s.key == "about":
            out += [f"# {s.title}", ""]
            for line in s.lines:
                out += (textwrap.wrap(line, width, break_on_hyphens=False) if width
                        else [line]) + [""]
            continue
        out += [f"## {s.title}", ""]
        for line in s.lines:
            depth = (len(line) - len(line.lstrip(" "))) // 2
            pad = "  " * depth
            text = f"{pad}- {line.strip()}"
            if width:
                out += textwrap.wrap(text, width, subsequent_indent=pad + "  ",
                                     break_on_hyphens=False, break_long_words=False)
            else:
                out.append(text)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


__all__ = ["LANGS", "Noun", "Section", "diff", "explain", "load_base", "render", "zone_words"]
