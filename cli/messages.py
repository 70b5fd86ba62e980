"""The sentences of `trentuno play` and `trentuno replay`, in English and Italian.

Everything `play` and `replay` say to a person goes through this catalogue; the names in it
(players, zones, lives, chips) come from `engine.terms`, the translation layer `explain` uses
too, and the words a ruleset brings itself (action and combination labels, card names, its
`labels:` section) from the ruleset:

    tr = Texts("it")
    tr("hands", n=2)           # "2 mani"   (plural keys pick KEY.one / KEY.other by `n`)
    tr("life_lost", who=terms.player(1).in_lang("it"), left=tr("lives_left", n=2))
                               # "Il Giocatore 2 perde una vita (ne restano 2)."

`MESSAGES[lang][key]` is a plain `str.format` template. A name is passed as a `terms.Named`,
and the template picks its grammatical form: `{who:The}` at the start of a sentence ("Il
Giocatore 2"), `{who:a}` after "tocca" ("al Giocatore 2"), `{zone:da}` ("dal tallone"). A key
missing in a language falls back to English, so a new language can start small. The words of
each kind of move (its label, its choice, the line telling it) are not here but in its
primitive's unit (`engine.primitives`), and a knock's in the knock rule's (`engine.knock`).
"""
from __future__ import annotations

import os
from collections.abc import Mapping

LANGUAGES = ("en", "it")
DEFAULT_LANGUAGE = "en"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # ---- people at the table -----------------------------------------------------------
        # ---- the table ---------------------------------------------------------------------
        "header": "{title} · hand {hand} · round {round}",
        "mark_dealer": "dealer",
        "mark_knocked": "knocked",
        "mark_last_chance": "last chance",
        "mark_out": "out",
        "mark_out_of_hand": "out of this hand",
        "mark_your_turn": "your turn",
        "mark_to_play": "to play",
        "turn_order": "In turn order:",
        "pot": "Pot: {pot}",
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "zone_hidden": "{count}, face down",
        "zone_top": "{card}   ({count})",
        "zone_empty": "no cards",
        "your_hand": "Your hand:",
        "your_hand_value": "Your hand: {value}",
        "your_hand_unseen": "Your hand: {count}, face down (you choose without seeing it)",
        "value_combo": "{value} ({combo})",
        "your_move": "Your move:",
        # ---- choices -----------------------------------------------------------------------
        "choice_after": "{arrow} {value}",
        "prompt": "Your choice [1-{n}, ? table, q quit]: ",
        "bad_choice": "Please type a number from 1 to {n} (? shows the table, q quits).",
        "empty_choice": "Type the number of your choice (1 to {n}).",
        "several_choices": "{cards} fits choices {choices}: type the number of one (1 to "
                           "{n}).",
        # ---- moves, as they happen (a move's unit tells it; this, when it has no words) -----
        "move_other": "{who:The}: {label}.",
        # the person's own moves and what befalls him, said to him (KEY_you: `who` is him)
        "move_other_you": "You choose “{label}”.",
        "stuck_you": "You have no legal move.",
        "end_win_you": "You have {combo} and win the hand.",
        "end_win_dealt_you": "You were dealt {combo} and win the hand.",
        "end_win_zone_you": "{combo} dealt {zone:in}: you win the hand.",
        "end_win_plain_you": "You win the hand.",
        "end_instant_you": "You have {combo}: the hands are compared.",
        "life_lost_you": "You lose {one} ({left}).",
        "points_taken_you": "You take {added} ({total} in all).",
        "points_off_you": "You have {removed} taken off ({total} in all).",
        "capture_event_you": "You make a {event}!",
        "dealt_event_you": "You make a {event}!",
        "dealt_event_times_you": "You make {event} × {times}!",
        "dealt_shows_you": "You show {cards:bare}.",
        "dealt_plays_as_you": "You play your {card:bare} as {rank} for the rest of the hand.",
        "dealt_takes_you": "You take the cards {zone:di} as dealt: {cards:bare}.",
        "points_scored_you": "You score {added} for {reason} ({total} in all).",
        "leftover_you": "You took last and take the rest: {cards:bare}.",
        "last_chance_you": "You have no lives left and play on ({term}): one more loss and you "
                           "are out.",
        "out_you": "You are out.",
        "pot_one_you": "You take the pot: {each}.",
        "deal_you": "Hand {hand} · you deal",
        # ---- what else happens -------------------------------------------------------------
        "cut": "Cut for the deal: {cuts}.",
        "deal": "Hand {hand} · {who:The} deals",
        "dealt": "Dealt:",
        "round": "· round {round} ·",
        "reveal": "The cards {zone:di} are turned face up: {cards:bare}.",
        "reshuffle": "The cards played are shuffled and go back {zone:in} ({cards}).",
        "refresh": "New cards {stock:da} for {zone:the}: {cards:bare}.",
        "refresh_failed": "Not enough cards {stock:in} to deal {zone:the} again.",
        "added": "A card {stock:da} joins {zone:the}: {cards:bare}.",
        "stuck": "{who:The} has no legal move.",
        # ---- the end of a hand -------------------------------------------------------------
        "hand_over": "End of hand {hand}",
        "end_win.one": "{who:The} has {combo} and wins the hand.",
        "end_win.other": "{who:The} have {combo} and win the hand.",
        "end_win_dealt.one": "{who:The} was dealt {combo} and wins the hand.",
        "end_win_dealt.other": "{who:The} were dealt {combo} and win the hand.",
        "end_win_zone": "{combo} dealt {zone:in}: {who:the} wins the hand.",
        "end_win_plain.one": "{who:The} wins the hand.",
        "end_win_plain.other": "{who:The} win the hand.",
        "end_instant.one": "{who:The} has {combo}: the hands are compared.",
        "end_instant.other": "{who:The} have {combo}: the hands are compared.",
        "end_void": "The hand is void: nobody pays.",
        "end_when": "{when}: the hands are compared.",
        "end_other": "The hand ends ({outcome}, {reason}).",
        "nobody_pays": "Nobody pays.",
        "life_lost": "{who:The} loses {one} ({left}).",
        "points_taken": "{who:The} takes {added} ({total} in all).",
        "points_off": "{who:The} has {removed} taken off ({total} in all).",
        # ---- capture games -------------------------------------------------------------------
        "capture_event": "{who:The}: {event}!",
        "dealt_event": "{who:The}: {event}!",
        "dealt_event_times": "{who:The}: {event} × {times}!",
        "dealt_shows": "{who:The} shows {cards:bare}.",
        "dealt_plays_as": "{who:The} plays his {card:bare} as {rank} for the rest of the hand.",
        "dealt_takes": "{who:The} takes the cards {zone:di} as dealt: {cards:bare}.",
        "points_scored": "{who:The} scores {added} for {reason} ({total} in all).",
        "leftover": "{who:The} took last and takes the rest: {cards:bare}.",
        "owned_cards": "{who:bare}: {count}",
        "end_score": "The hand is over: the points are counted.",
        "counted": "Counted:",
        "count_missing": "–",
        "count_missing_is": "– {why}",
        "scored_in_hand": "points scored in this hand",
        "nobody_scores": "Nobody scores for {reason}.",
        "nobody_scores_tie": "Nobody scores for {reason}: a tie ({counts}).",
        "nobody_scores_missing": "Nobody scores for {reason}: {why}.",
        "final_score": "Final score:",
        # ---- score --taken -------------------------------------------------------------------
        "taken_head": "these cards",
        "taken_rest": "the rest",
        "taken_points": "points",
        "taken_total": "total (the other side took the rest)",
        "taken_at_once": "as one capture, {card} played",
        "taken_bonus": "{n} for {card}",
        "taken_in_play": "{what} are in no pile of taken cards: they are counted during play "
                         "({sentence}).",
        "taken_impossible": "--taken: as one capture, {played} cannot take {taken}: no legal "
                            "capture makes these cards",
        "show_bottom": "Bottom cards shown: {cards}.",
        "lives_left.zero": "none left",
        "lives_left.one": "1 left",
        "lives_left.other": "{n} left",
        "last_chance": "{who:The} has no lives left and plays on ({term}): one more loss and "
                       "out.",
        "out": "{who:The} is out.",
        "pot_one": "{who:The} takes the pot: {each}.",
        "pot_split": "{who:The} share the pot: {each} each.",
        "pot_carried": "A tie: nobody takes the pot, it stays for the next hand ({pot}).",
        "reentry": "Nobody would be left: {who:the} come back with {lives} each.",
        # ---- the end of the game -----------------------------------------------------------
        "game_over.one": "Game over after {n} hand",
        "game_over.other": "Game over after {n} hands",
        "hand_limit": "Nothing in the rules ended the game in {n} hands: the safety net stops "
                      "it there, and the best placed win.",
        "winner": "Winner: {who:bare}",
        "winners": "Winners: {who:bare}",
        "nobody_wins": "Nobody wins.",
        "you_won": "Well played!",
        "returns": "Returns (what each player won less what he paid):",
        # ---- the session -------------------------------------------------------------------
        "intro": "{title} ({name}) · {players} players · seed {seed}",
        "intro_seat": "You are {who:the}. The others: {bots:bare}.",
        "intro_watch": "Watching: every seat is a bot ({bots:bare}).",
        "intro_keys": "Type the number of your choice; ? shows the table again, q quits.",
        "reproduce": "Play this game again with --seed {seed}.",
        "resumed": "Resumed {path}: {moves} moves replayed.",
        "resumed_hand": "Hand {hand} so far",
        "resumed_over": "{path} holds a finished game.",
        "save_question": "Save the game? [y/N] ",
        "save_file": "File name [{default}]: ",
        "saved": "Game saved to {path}.",
        "resume_hint": "Continue it with: {command}",
        "not_saved": "The game was not saved.",
        "save_failed": "Could not save to {path}: {reason}",
        "saved_nowhere": "The game could not be saved anywhere.",
        "input_ended": "Input ended: the game stops here.",
        "output_gone": "The output cannot be written any more: the game stops here.",
        "input_gone": "The input cannot be read any more: the game stops here.",
        "interrupted": "Interrupted.",
        "stopped": "Stopped by {signal}.",
        "stopped_replaying": "Stopped by {signal} while replaying {path}: nothing was "
                             "written, the file is as it was.",
        "failed_saving": "The game failed: what was played until now is saved first.",
        "overwrite_question": "{path} already exists. Replace it? [y/N] ",
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
                                  "{who:the} to play.",
        # ---- errors and option checks ------------------------------------------------------
        "err_players": "{name} is played by {min} to {max} players, not {n}",
        "err_seat": "the seat must be from 1 to {max} for {players} players, not {seat}",
        "err_delay": "a pause is a number of seconds from 0 to {most}, not {delay}",
        "err_seat_watch": "--seat means nothing with --watch: every seat is a bot",
        "err_bots_count": "--bots lists {given} bots; give one name for all or {want} "
                          "names, one for each other seat in seat order",
        "err_save_dir": "cannot save to {path}: the folder {folder} does not exist",
        "err_resume": "cannot resume {path}: {reason}",
        "err_resume_name": "cannot resume {path}: it is a game of {recorded}, not {name}",
        "err_resume_option": "{option} cannot change a saved game: {path} was played with "
                             "{recorded}",
        "err_save_exists": "{path} already exists: give --force to replace it, or another "
                           "file",
        "err_save_is_dir": "cannot save to {path}: it is a folder",
        "err_save_unwritable": "cannot save to {path}: the folder {folder} cannot be written "
                               "to ({reason})",
        "err_no_variant": "give the VARIANT to play, or --resume FILE",
    },
    "it": {
        "header": "{title} · mano {hand} · giro {round}",
        "mark_dealer": "mazziere",
        "mark_knocked": "ha bussato",
        "mark_last_chance": "ultima possibilità",
        "mark_out": "eliminato",
        "mark_out_of_hand": "fuori da questa mano",
        "mark_your_turn": "tocca a te",
        "mark_to_play": "di turno",
        "turn_order": "In ordine di gioco:",
        "pot": "Piatto: {pot}",
        "cards.one": "{n} carta",
        "cards.other": "{n} carte",
        "zone_hidden": "{count}, coperte",
        "zone_top": "{card}   ({count})",
        "zone_empty": "nessuna carta",
        "your_hand": "La tua mano:",
        "your_hand_value": "La tua mano: {value}",
        "your_hand_unseen": "La tua mano: {count}, coperte (scegli senza vederle)",
        "value_combo": "{value} ({combo})",
        "your_move": "Cosa fai?",
        "choice_after": "{arrow} {value}",
        "prompt": "Scelta [1-{n}, ? tavolo, q esci]: ",
        "bad_choice": "Scrivi un numero da 1 a {n} (? mostra il tavolo, q per uscire).",
        "empty_choice": "Scrivi il numero della tua scelta (da 1 a {n}).",
        "several_choices": "{cards} va bene per le scelte {choices}: scrivi il numero di "
                           "una (da 1 a {n}).",
        "move_other": "{who:The}: {label}.",
        # the person's own moves and what befalls him, said to him (KEY_you: `who` is him)
        "move_other_you": "Scegli «{label}».",
        "stuck_you": "Non hai mosse possibili.",
        "end_win_you": "Hai {combo} e vinci la mano.",
        "end_win_dealt_you": "Sei servito con {combo} e vinci la mano.",
        "end_win_zone_you": "{combo} servito {zone:in}: vinci tu la mano.",
        "end_win_plain_you": "Vinci la mano.",
        "end_instant_you": "Hai {combo}: si confrontano le mani.",
        "life_lost_you": "Perdi {one} ({left}).",
        "points_taken_you": "Prendi {added} ({total} in tutto).",
        "points_off_you": "Ti togli {removed} ({total} in tutto).",
        "capture_event_you": "Fai {event}!",
        "dealt_event_you": "Fai {event}!",
        "dealt_event_times_you": "Fai {event} × {times}!",
        "dealt_shows_you": "Mostri {cards:bare}.",
        "dealt_plays_as_you": "Giochi il tuo {card:bare} come {rank} per il resto della mano.",
        "dealt_takes_you": "Prendi le carte {zone:di} appena distribuite: {cards:bare}.",
        "points_scored_you": "Segni {added} per {reason} ({total} in tutto).",
        "leftover_you": "Hai preso per ultimo e prendi le carte rimaste: {cards:bare}.",
        "last_chance_you": "Non hai più vite ma resti in gioco ({term}): alla prossima sconfitta "
                           "sei fuori.",
        "out_you": "Sei eliminato.",
        "pot_one_you": "Vinci il piatto: {each}.",
        "deal_you": "Mano {hand} · dai le carte tu",
        "cut": "Taglio per il mazziere: {cuts}.",
        "deal": "Mano {hand} · dà le carte {who:the}",
        "dealt": "Carte distribuite:",
        "round": "· giro {round} ·",
        "reveal": "Si scoprono le carte {zone:di}: {cards:bare}.",
        "reshuffle": "Le carte giocate si rimescolano e tornano {zone:in} ({cards}).",
        "refresh": "Nuove carte {stock:da} per {zone:the}: {cards:bare}.",
        "refresh_failed": "Non bastano le carte {stock:di} per rifare {zone:the}.",
        "added": "Una carta {stock:da} si aggiunge {zone:a}: {cards:bare}.",
        "stuck": "{who:The} non ha mosse possibili.",
        "hand_over": "Fine della mano {hand}",
        "end_win.one": "{who:The} ha {combo} e vince la mano.",
        "end_win.other": "{who:The} hanno {combo} e vincono la mano.",
        "end_win_dealt.one": "{who:The} è servito con {combo} e vince la mano.",
        "end_win_dealt.other": "{who:The} sono serviti con {combo} e vincono la mano.",
        "end_win_zone": "{combo} servito {zone:in}: vince la mano {who:the}.",
        "end_win_plain.one": "{who:The} vince la mano.",
        "end_win_plain.other": "{who:The} vincono la mano.",
        "end_instant.one": "{who:The} ha {combo}: si confrontano le mani.",
        "end_instant.other": "{who:The} hanno {combo}: si confrontano le mani.",
        "end_void": "Mano nulla: nessuno paga.",
        "end_when": "{when}: si confrontano le mani.",
        "end_other": "La mano finisce ({outcome}, {reason}).",
        "nobody_pays": "Nessuno paga.",
        "life_lost": "{who:The} perde {one} ({left}).",
        "points_taken": "{who:The} prende {added} ({total} in tutto).",
        "points_off": "{who:The} si toglie {removed} ({total} in tutto).",
        # ---- giochi di presa -----------------------------------------------------------------
        "capture_event": "{who:The} fa {event}!",
        "dealt_event": "{who:The} fa {event}!",
        "dealt_event_times": "{who:The} fa {event} × {times}!",
        "dealt_shows": "{who:The} mostra {cards:bare}.",
        "dealt_plays_as": "{who:The} gioca il suo {card:bare} come {rank} per il resto della "
                          "mano.",
        "dealt_takes": "{who:The} prende le carte {zone:di} appena distribuite: {cards:bare}.",
        "points_scored": "{who:The} segna {added} per {reason} ({total} in tutto).",
        "leftover": "{who:The} ha preso per ultimo e prende le carte rimaste: {cards:bare}.",
        "owned_cards": "{who:bare}: {count}",
        "end_score": "La mano è finita: si contano i punti.",
        "counted": "Il conto:",
        "count_missing": "–",
        "count_missing_is": "– {why}",
        "scored_in_hand": "punti segnati in questa mano",
        "nobody_scores": "Nessuno segna per {reason}.",
        "nobody_scores_tie": "Nessuno segna per {reason}: parità ({counts}).",
        "nobody_scores_missing": "Nessuno segna per {reason}: {why}.",
        "final_score": "Punteggio finale:",
        "taken_head": "queste carte",
        "taken_rest": "il resto",
        "taken_points": "punti",
        "taken_total": "totale (l'altra parte ha preso il resto)",
        "taken_at_once": "come una sola presa, calando {card}",
        "taken_bonus": "{n} per {card}",
        "taken_in_play": "{what} non stanno fra le carte prese: si contano durante il gioco "
                         "({sentence}).",
        "taken_impossible": "--taken: in una sola presa, {played} non può prendere {taken}: "
                            "nessuna presa regolare fa queste carte",
        "show_bottom": "Si mostrano le carte in fondo al mazzo: {cards}.",
        "lives_left.zero": "non ne restano",
        "lives_left.one": "ne resta 1",
        "lives_left.other": "ne restano {n}",
        "last_chance": "{who:The} non ha più vite ma resta in gioco ({term}): alla prossima "
                       "sconfitta è fuori.",
        "out": "{who:The} è eliminato.",
        "pot_one": "{who:The} vince il piatto: {each}.",
        "pot_split": "{who:The} si dividono il piatto: {each} a testa.",
        "pot_carried": "Pareggio: nessuno prende il piatto, resta per la prossima mano "
                       "({pot}).",
        "reentry": "Non resterebbe nessuno: rientrano {who:the} con {lives} ciascuno.",
        "game_over.one": "Partita finita dopo {n} mano",
        "game_over.other": "Partita finita dopo {n} mani",
        "hand_limit": "Le regole non hanno chiuso la partita in {n} mani: il limite di "
                      "sicurezza la ferma qui e vince chi è messo meglio.",
        "winner": "Vincitore: {who:bare}",
        "winners": "Vincitori: {who:bare}",
        "nobody_wins": "Non vince nessuno.",
        "you_won": "Ben giocato!",
        "returns": "Bilancio (quanto ciascuno ha vinto meno quanto ha pagato):",
        "intro": "{title} ({name}) · {players} giocatori · partita n. {seed}",
        "intro_seat": "Sei {who:the}. Gli altri: {bots:bare}.",
        "intro_watch": "Solo spettatore: a ogni posto gioca un bot ({bots:bare}).",
        "intro_keys": "Scrivi il numero della tua scelta; ? mostra di nuovo il tavolo, "
                      "q per uscire.",
        "reproduce": "Per rigiocare questa partita: --seed {seed}.",
        "resumed": "Partita ripresa da {path}: {moves} mosse rigiocate.",
        "resumed_hand": "La mano {hand} finora",
        "resumed_over": "{path} contiene una partita già finita.",
        "save_question": "Salvare la partita? [s/N] ",
        "save_file": "Nome del file [{default}]: ",
        "saved": "Partita salvata in {path}.",
        "resume_hint": "Per riprenderla: {command}",
        "not_saved": "La partita non è stata salvata.",
        "save_failed": "Impossibile salvare in {path}: {reason}",
        "saved_nowhere": "Non è stato possibile salvare la partita da nessuna parte.",
        "input_ended": "Non arriva più nulla da leggere: la partita si ferma qui.",
        "output_gone": "Non si può più scrivere l'uscita: la partita si ferma qui.",
        "input_gone": "Non si può più leggere l'ingresso: la partita si ferma qui.",
        "interrupted": "Interrotto.",
        "stopped": "Partita interrotta da {signal}.",
        "stopped_replaying": "Interrotto da {signal} mentre si rigiocava {path}: non è "
                             "stato scritto nulla, il file è rimasto com'era.",
        "failed_saving": "Qualcosa è andato storto: prima si salva quanto giocato finora.",
        "overwrite_question": "{path} esiste già. Sostituirlo? [s/N] ",
        "quit": "Lasci il tavolo.",
        "hands.one": "{n} mano",
        "hands.other": "{n} mani",
        "moves.one": "{n} mossa",
        "moves.other": "{n} mosse",
        "replay_verified": "verificata: {hands} e {moves} si rigiocano esattamente con {name} "
                           "({source}, impronta {digest}){check}",
        "replay_result_matches": "; il risultato registrato coincide",
        "replay_unfinished": "La partita non è finita: la registrazione si ferma alla mano "
                             "{hand}.",
        "replay_unfinished_turn": "La partita non è finita: la registrazione si ferma alla "
                                  "mano {hand}, tocca {who:a}.",
        "err_players": "{name} si gioca da {min} a {max} giocatori, non {n}",
        "err_seat": "il posto va da 1 a {max} con {players} giocatori, non {seat}",
        "err_delay": "una pausa è un numero di secondi da 0 a {most}, non {delay}",
        "err_seat_watch": "--seat non ha senso con --watch: a ogni posto gioca un bot",
        "err_bots_count": "--bots elenca {given} bot; dai un nome per tutti o {want} nomi, "
                          "uno per ogni altro posto in ordine",
        "err_save_dir": "impossibile salvare in {path}: la cartella {folder} non esiste",
        "err_resume": "impossibile riprendere {path}: {reason}",
        "err_resume_name": "impossibile riprendere {path}: è una partita di {recorded}, non "
                           "di {name}",
        "err_resume_option": "{option} non può cambiare una partita salvata: {path} è stata "
                             "giocata con {recorded}",
        "err_save_exists": "{path} esiste già: con --force lo si sostituisce, altrimenti "
                           "scegli un altro file",
        "err_save_is_dir": "impossibile salvare in {path}: è una cartella",
        "err_save_unwritable": "impossibile salvare in {path}: non si può scrivere nella "
                               "cartella {folder} ({reason})",
        "err_no_variant": "indica la VARIANTE da giocare, oppure --resume FILE",
    },
}

#: Answers that mean "yes" to a yes/no question, in every language (a person may answer in
#: either).
YES = frozenset({"y", "yes", "s", "si", "sì", "sí"})
#: Inputs that quit the game / show the table again.
QUIT = frozenset({"q", "quit", "exit", "esci"})
SHOW = frozenset({"?", "h", "help", "aiuto"})

def default_language(env: Mapping[str, str] | None = None) -> str:
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

    def to_you(self, key: str) -> str | None:
        """The key that says `key` to the person himself (`Peschi...` for `Il Giocatore 1
        pesca...`), when the catalogue has one; None otherwise."""
        mine = f"{key}_you"
        return mine if mine in self._own or mine in self._en else None
