"""The words of `trentuno play` and `trentuno replay`, in English and Italian.

Everything `play` and `replay` show a person goes through this catalogue, except the words a
ruleset brings itself (action labels, combination labels, card, rank and suit names, its
`labels:` section):

    tr = Texts("it")
    tr("lives", n=2)           # "2 vite"   (plural keys pick KEY.one / KEY.other by `n`)
    tr("move_discard", who="Giocatore 2 (greedy)", card="Re di coppe (Rc)")

`MESSAGES[lang][key]` is a plain `str.format` template. A key missing in a language falls back
to English, so a new language can start small. `ACTION_WORDS` are the words for an action kind
when a ruleset gives its option no label; `ZONE_WORDS` name the usual zones (a ruleset can name
its own, or rename these, in its `labels:` section).
"""
from __future__ import annotations

import os
from typing import Mapping, Optional

LANGUAGES = ("en", "it")
DEFAULT_LANGUAGE = "en"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # ---- people at the table -----------------------------------------------------------
        "player": "Player {n}",
        "player_you": "Player {n} (you)",
        "player_bot": "Player {n} ({bot})",
        "and": "and",
        # ---- the table ---------------------------------------------------------------------
        "header": "{title} · hand {hand} · round {round}",
        "lives.one": "{n} life",
        "lives.other": "{n} lives",
        "points.one": "{n} penalty point",
        "points.other": "{n} penalty points",
        "chips.one": "{n} chip",
        "chips.other": "{n} chips",
        "mark_dealer": "dealer",
        "mark_knocked": "knocked",
        "mark_last_chance": "last chance",
        "mark_out": "out",
        "mark_your_turn": "your turn",
        "mark_to_play": "to play",
        "pot": "Pot: {pot}",
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "zone_hidden": "{count}, face down",
        "zone_top": "{card}   ({count})",
        "zone_empty": "empty",
        "your_hand": "Your hand:",
        "your_hand_value": "Your hand: {value}",
        "value_combo": "{value} ({combo})",
        "your_move": "Your move:",
        # ---- choices -----------------------------------------------------------------------
        "choice_cards": "{label}: {cards}",
        "choice_swap": "{label}: give {give}, take {take}",
        "choice_take_all": "{label}: take {cards}",
        "choice_hidden_card": "card {n} of {zone}",
        "choice_after": "{arrow} {value}",
        "prompt": "Your choice [1-{n}, ? table, q quit]: ",
        "bad_choice": "Please type a number from 1 to {n} (? shows the table, q quits).",
        "empty_choice": "Type the number of your choice (1 to {n}).",
        # ---- moves, as they happen ---------------------------------------------------------
        "move_draw_hidden": "{who} draws a card {zone_from}.",
        "move_draw_own": "{who} draws {card} {zone_from}.",
        "move_draw_seen": "{who} takes {card} {zone_from}.",
        "move_discard": "{who} discards {card}.",
        "move_swap": "{who} gives {give} and takes {take} {zone_from}.",
        "move_swap_hidden": "{who} gives a card and takes one {zone_from}.",
        "move_swap_all": "{who} takes {cards} {zone_from} and leaves their own cards there.",
        "move_swap_all_hidden": "{who} takes all the cards {zone_from} and leaves their own "
                                "cards there.",
        "move_pass": "{who} passes.",
        "move_knock": "{who} knocks.",
        "move_other": "{who}: {label}.",
        # ---- what else happens -------------------------------------------------------------
        "cut": "Cut for the deal: {cuts}.",
        "deal": "Hand {hand} · {dealer} deals",
        "dealt": "Dealt:",
        "round": "· round {round} ·",
        "reveal": "Turned face up ({zone}): {cards}.",
        "reshuffle": "The discards are shuffled into a new stock ({cards}).",
        "refresh": "New cards from the stock ({zone}): {cards}.",
        "refresh_failed": "The stock is too short to deal new cards ({zone}).",
        "stuck": "{who} has no legal move.",
        # ---- the end of a hand -------------------------------------------------------------
        "hand_over": "End of hand {hand}",
        "end_knock": "{who} knocked: the hands are compared.",
        "end_win": "{who} has {combo} and wins the hand.",
        "end_win_dealt": "{who} was dealt {combo} and wins the hand.",
        "end_win_zone": "Dealt {combo} ({zone}): {who} wins the hand.",
        "end_win_plain": "{who} wins the hand.",
        "end_instant": "{who} has {combo}: the hands are compared.",
        "end_all_passed": "Everybody passed: the hands are compared.",
        "end_stock_empty": "The stock ran out: the hands are compared.",
        "end_stuck": "{who} cannot move: the hands are compared.",
        "end_refresh_failed": "The table cards cannot be dealt again: the hands are compared.",
        "end_void": "The hand is void: nobody pays.",
        "end_turn_limit": "The hand went on too long and is void: nobody pays.",
        "end_other": "The hand ends ({outcome}, {reason}).",
        "nobody_pays": "Nobody pays.",
        "life_lost": "{who} loses a life ({left}).",
        "points_taken": "{who} takes {added} ({total} in all).",
        "lives_left.zero": "none left",
        "lives_left.one": "1 left",
        "lives_left.other": "{n} left",
        "last_chance": "{who} has no lives left and plays on ({term}): one more loss and "
                       "out.",
        "out": "{who} is out.",
        "pot_one": "{who} takes the pot: {each}.",
        "pot_split": "{who} share the pot: {each} each.",
        "pot_carried": "A tie: nobody takes the pot, it stays for the next hand ({pot}).",
        "reentry": "Nobody would be left: {who} come back with {lives}.",
        # ---- the end of the game -----------------------------------------------------------
        "game_over.one": "Game over after {n} hand",
        "game_over.other": "Game over after {n} hands",
        "winner": "Winner: {who}",
        "winners": "Winners: {who}",
        "nobody_wins": "Nobody wins.",
        "you_won": "Well played!",
        "returns": "Returns (what each player won less what he paid):",
        # ---- the session -------------------------------------------------------------------
        "intro": "{title} ({name}) · {players} players · seed {seed}",
        "intro_seat": "You are {who}. The others: {bots}.",
        "intro_watch": "Watching: every seat is a bot ({bots}).",
        "intro_keys": "Type the number of your choice; ? shows the table again, q quits.",
        "reproduce": "Play this game again with --seed {seed}.",
        "resumed": "Resumed {path}: {moves} moves replayed.",
        "resumed_hand": "Hand {hand} so far",
        "resumed_over": "{path} holds a finished game.",
        "save_question": "Save the game? [y/N] ",
        "save_file": "File name [{default}]: ",
        "saved": "Game saved to {path}.",
        "resume_hint": "Continue it with: trentuno play {variant} --resume {path}",
        "not_saved": "The game was not saved.",
        "not_saved_hint": "The game was not saved (--save FILE keeps it).",
        "save_failed": "Could not save to {path}: {reason}",
        "input_ended": "Input ended: the game stops here.",
        "interrupted": "Interrupted.",
        "quit": "You leave the table.",
        # ---- replay -------------------------------------------------------------------------
        "hands.one": "{n} hand",
        "hands.other": "{n} hands",
        "moves.one": "{n} move",
        "moves.other": "{n} moves",
        "replay_verified": "verified: {hands} and {moves} replay exactly under {name} "
                           "({source}, digest {digest}){check}",
        "replay_result_matches": "; the recorded result matches",
        "replay_unfinished": "The game is not over: the record stops in hand {hand}.",
        "replay_unfinished_turn": "The game is not over: the record stops in hand {hand}, "
                                  "{who} to play.",
        # ---- errors and option checks ------------------------------------------------------
        "err_players": "{name} is played by {min} to {max} players, not {n}",
        "err_seat": "the seat must be from 0 to {max} for {players} players (seat 0 is "
                    "Player 1), not {seat}",
        "err_delay": "a pause is a number of seconds, 0 or more, not {delay}",
        "err_seat_watch": "--seat means nothing with --watch: every seat is a bot",
        "err_bots_count": "--bots lists {given} bots; give one name for all or {want} "
                          "names, one for each other seat in seat order",
        "err_save_dir": "cannot save to {path}: the folder {folder} does not exist",
        "err_resume": "cannot resume {path}: {reason}",
        "err_resume_name": "cannot resume {path}: it is a game of {recorded}, not {name}",
        "err_resume_option": "{option} cannot change a saved game: {path} was played with "
                             "{recorded}",
    },
    "it": {
        "player": "Giocatore {n}",
        "player_you": "Giocatore {n} (tu)",
        "player_bot": "Giocatore {n} ({bot})",
        "and": "e",
        "header": "{title} · mano {hand} · giro {round}",
        "lives.one": "{n} vita",
        "lives.other": "{n} vite",
        "points.one": "{n} punto di penalità",
        "points.other": "{n} punti di penalità",
        "chips.one": "{n} fiche",
        "chips.other": "{n} fiches",
        "mark_dealer": "mazziere",
        "mark_knocked": "ha bussato",
        "mark_last_chance": "ultima possibilità",
        "mark_out": "eliminato",
        "mark_your_turn": "tocca a te",
        "mark_to_play": "di turno",
        "pot": "Piatto: {pot}",
        "cards.one": "{n} carta",
        "cards.other": "{n} carte",
        "zone_hidden": "{count}, coperte",
        "zone_top": "{card}   ({count})",
        "zone_empty": "vuoto",
        "your_hand": "La tua mano:",
        "your_hand_value": "La tua mano: {value}",
        "value_combo": "{value} ({combo})",
        "your_move": "Cosa fai?",
        "choice_cards": "{label}: {cards}",
        "choice_swap": "{label}: dai {give}, prendi {take}",
        "choice_take_all": "{label}: prendi {cards}",
        "choice_hidden_card": "carta {n} di {zone}",
        "choice_after": "{arrow} {value}",
        "prompt": "Scelta [1-{n}, ? tavolo, q esci]: ",
        "bad_choice": "Scrivi un numero da 1 a {n} (? mostra il tavolo, q per uscire).",
        "empty_choice": "Scrivi il numero della tua scelta (da 1 a {n}).",
        "move_draw_hidden": "{who} pesca una carta {zone_from}.",
        "move_draw_own": "{who} pesca {card} {zone_from}.",
        "move_draw_seen": "{who} prende {card} {zone_from}.",
        "move_discard": "{who} scarta {card}.",
        "move_swap": "{who} dà {give} e prende {take} {zone_from}.",
        "move_swap_hidden": "{who} dà una carta e ne prende una {zone_from}.",
        "move_swap_all": "{who} prende {cards} {zone_from} e ci lascia le sue carte.",
        "move_swap_all_hidden": "{who} prende tutte le carte {zone_from} e ci lascia le sue "
                                "carte.",
        "move_pass": "{who} passa.",
        "move_knock": "{who} bussa.",
        "move_other": "{who}: {label}.",
        "cut": "Taglio per il mazziere: {cuts}.",
        "deal": "Mano {hand} · dà le carte {dealer}",
        "dealt": "Carte distribuite:",
        "round": "· giro {round} ·",
        "reveal": "Carte scoperte ({zone}): {cards}.",
        "reshuffle": "Gli scarti vengono mescolati e diventano il nuovo tallone ({cards}).",
        "refresh": "Nuove carte dal tallone ({zone}): {cards}.",
        "refresh_failed": "Il tallone non basta per nuove carte ({zone}).",
        "stuck": "{who} non ha mosse possibili.",
        "hand_over": "Fine della mano {hand}",
        "end_knock": "{who} ha bussato: si confrontano le mani.",
        "end_win": "{who} ha {combo} e vince la mano.",
        "end_win_dealt": "{who} è servito con {combo} e vince la mano.",
        "end_win_zone": "Servito {combo} ({zone}): vince la mano {who}.",
        "end_win_plain": "{who} vince la mano.",
        "end_instant": "{who} ha {combo}: si confrontano le mani.",
        "end_all_passed": "Hanno passato tutti: si confrontano le mani.",
        "end_stock_empty": "Il tallone è finito: si confrontano le mani.",
        "end_stuck": "{who} non può muovere: si confrontano le mani.",
        "end_refresh_failed": "Le carte in tavola non si possono rifare: si confrontano le "
                              "mani.",
        "end_void": "Mano nulla: nessuno paga.",
        "end_turn_limit": "La mano è durata troppo ed è nulla: nessuno paga.",
        "end_other": "La mano finisce ({outcome}, {reason}).",
        "nobody_pays": "Nessuno paga.",
        "life_lost": "{who} perde una vita ({left}).",
        "points_taken": "{who} prende {added} ({total} in tutto).",
        "lives_left.zero": "non ne restano",
        "lives_left.one": "ne resta 1",
        "lives_left.other": "ne restano {n}",
        "last_chance": "{who} non ha più vite ma resta in gioco ({term}): alla prossima "
                       "sconfitta è fuori.",
        "out": "{who} è eliminato.",
        "pot_one": "{who} vince il piatto: {each}.",
        "pot_split": "{who} si dividono il piatto: {each} a testa.",
        "pot_carried": "Pareggio: nessuno prende il piatto, resta per la prossima mano "
                       "({pot}).",
        "reentry": "Non resterebbe nessuno: rientrano {who} con {lives}.",
        "game_over.one": "Partita finita dopo {n} mano",
        "game_over.other": "Partita finita dopo {n} mani",
        "winner": "Vincitore: {who}",
        "winners": "Vincitori: {who}",
        "nobody_wins": "Non vince nessuno.",
        "you_won": "Ben giocato!",
        "returns": "Bilancio (quanto ciascuno ha vinto meno quanto ha pagato):",
        "intro": "{title} ({name}) · {players} giocatori · seme {seed}",
        "intro_seat": "Sei il {who}. Gli altri: {bots}.",
        "intro_watch": "Solo spettatore: a ogni posto gioca un bot ({bots}).",
        "intro_keys": "Scrivi il numero della tua scelta; ? mostra di nuovo il tavolo, "
                      "q per uscire.",
        "reproduce": "Per rigiocare questa partita: --seed {seed}.",
        "resumed": "Ripresa {path}: {moves} mosse rigiocate.",
        "resumed_hand": "La mano {hand} finora",
        "resumed_over": "{path} contiene una partita già finita.",
        "save_question": "Salvare la partita? [s/N] ",
        "save_file": "Nome del file [{default}]: ",
        "saved": "Partita salvata in {path}.",
        "resume_hint": "Per riprenderla: trentuno play {variant} --resume {path}",
        "not_saved": "La partita non è stata salvata.",
        "not_saved_hint": "La partita non è stata salvata (--save FILE la conserva).",
        "save_failed": "Impossibile salvare in {path}: {reason}",
        "input_ended": "Input terminato: la partita si ferma qui.",
        "interrupted": "Interrotto.",
        "quit": "Lasci il tavolo.",
        "hands.one": "{n} mano",
        "hands.other": "{n} mani",
        "moves.one": "{n} mossa",
        "moves.other": "{n} mosse",
        "replay_verified": "verificata: {hands} e {moves} si rigiocano esattamente con {name} "
                           "({source}, digest {digest}){check}",
        "replay_result_matches": "; il risultato registrato coincide",
        "replay_unfinished": "La partita non è finita: la registrazione si ferma alla mano "
                             "{hand}.",
        "replay_unfinished_turn": "La partita non è finita: la registrazione si ferma alla "
                                  "mano {hand}, tocca a {who}.",
        "err_players": "{name} si gioca da {min} a {max} giocatori, non {n}",
        "err_seat": "il posto va da 0 a {max} con {players} giocatori (il posto 0 è il "
                    "Giocatore 1), non {seat}",
        "err_delay": "una pausa è un numero di secondi, 0 o più, non {delay}",
        "err_seat_watch": "--seat non ha senso con --watch: a ogni posto gioca un bot",
        "err_bots_count": "--bots elenca {given} bot; dai un nome per tutti o {want} nomi, "
                          "uno per ogni altro posto in ordine",
        "err_save_dir": "impossibile salvare in {path}: la cartella {folder} non esiste",
        "err_resume": "impossibile riprendere {path}: {reason}",
        "err_resume_name": "impossibile riprendere {path}: è una partita di {recorded}, non "
                           "di {name}",
        "err_resume_option": "{option} non può cambiare una partita salvata: {path} è stata "
                             "giocata con {recorded}",
    },
}

#: Answers that mean "yes" to a yes/no question, in every language (a person may answer in
#: either).
YES = frozenset({"y", "yes", "s", "si", "sì", "sí"})
#: Inputs that quit the game / show the table again.
QUIT = frozenset({"q", "quit", "exit", "esci"})
SHOW = frozenset({"?", "h", "help", "aiuto"})

#: The words for an action kind when the ruleset's option has no label (`{zone}`: the zone's
#: name, `{zone_from}`: "from the stock").
ACTION_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "Draw {zone_from}", "discard": "Discard", "swap": "Exchange a card",
           "swap_all": "Exchange all your cards", "pass": "Pass", "knock": "Knock"},
    "it": {"draw": "Pesca {zone_from}", "discard": "Scarta", "swap": "Cambia una carta",
           "swap_all": "Cambia tutte le carte", "pass": "Passa", "knock": "Bussa"},
}

#: The usual zones: (name on the table, "from" phrase). Another zone is called by its
#: `labels:` entry in the ruleset, or by its own name.
ZONE_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"stock": ("Stock", "from the stock"),
           "discard": ("Discard pile", "from the discard pile"),
           "widow": ("Widow", "from the widow"),
           "table": ("Table cards", "from the table")},
    "it": {"stock": ("Tallone", "dal tallone"),
           "discard": ("Scarti", "dagli scarti"),
           "widow": ("Vedova", "dalla vedova"),
           "table": ("Carte in tavola", "dal tavolo")},
}
#: "from" phrase for a zone the catalogue does not know: (article -> "from" + article, ...),
#: then the phrase for a name written without an article. A ruleset may write its zone's
#: name with an article (`il mucchio`) to get "dal mucchio".
ZONE_FROM: dict[str, tuple[dict[str, str], str]] = {
    "en": ({"the ": "from the "}, "from the {zone}"),
    "it": ({"il ": "dal ", "lo ": "dallo ", "la ": "dalla ", "l'": "dall'", "i ": "dai ",
            "gli ": "dagli ", "le ": "dalle "}, "da {zone}"),
}


def default_language(env: Optional[Mapping[str, str]] = None) -> str:
    """`it` when the locale asks for Italian, else `en`. The variables are read in POSIX
    order (LC_ALL, then LC_MESSAGES, then LANG): the first one set decides."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = (env.get(var) or "").strip()
        if value:
            return "it" if value.lower().startswith("it") else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


class Texts:
    """The catalogue in one language: `tr(key, **fields)`; plural keys take `n`."""

    def __init__(self, lang: str):
        self.lang = lang if lang in MESSAGES else DEFAULT_LANGUAGE
        self._own = MESSAGES[self.lang]
        self._en = MESSAGES[DEFAULT_LANGUAGE]

    def template(self, key: str) -> str:
        if key in self._own:
            return self._own[key]
        return self._en[key]

    def __call__(self, key: str, **fields) -> str:
        if "n" in fields and f"{key}.other" in self._en:
            n = fields["n"]
            if n == 0 and f"{key}.zero" in self._en:
                key = f"{key}.zero"
            else:
                key = f"{key}.one" if n == 1 else f"{key}.other"
        return self.template(key).format(**fields)

    def join(self, items: list[str]) -> str:
        """"A, B and C" / "A, B e C"."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self('and')} {items[-1]}"

    def action_word(self, kind: str) -> Optional[str]:
        return (ACTION_WORDS.get(self.lang) or {}).get(kind) or ACTION_WORDS["en"].get(kind)

    def zone_words(self, zone: str) -> Optional[tuple[str, str]]:
        return (ZONE_WORDS.get(self.lang) or {}).get(zone)

    def _article(self, name: str) -> tuple[str, str]:
        """(the leading article of a name, if any; the rest)."""
        articles, _ = ZONE_FROM.get(self.lang, ZONE_FROM["en"])
        low = name.lower()
        for art in sorted(articles, key=len, reverse=True):
            if low.startswith(art) and len(name) > len(art):
                return name[:len(art)], name[len(art):]
        return "", name

    def bare(self, name: str) -> str:
        """A name without its article, capitalised, for a heading: "il mucchio" -> "Mucchio"."""
        rest = self._article(name.strip())[1]
        return rest[:1].upper() + rest[1:]

    def zone_from(self, name: str) -> str:
        """"from the heap" / "dal mucchio" for a zone the catalogue does not know."""
        articles, plain = ZONE_FROM.get(self.lang, ZONE_FROM["en"])
        art, rest = self._article(name.strip())
        if art:
            return articles[art.lower()] + rest
        return plain.format(zone=rest)
