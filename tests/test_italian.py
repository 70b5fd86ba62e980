"""Italian as a native speaker writes it, in `explain`, `play` and `replay`: no English left in
the rules, the same name for the same thing everywhere (one translation layer), the article
with a player's name, "seme" only for a suit, one word for chips, no doubled labels."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.cli.messages import MESSAGES
from trentuno.cli.table import TableView
from trentuno.engine.explain import explain, render, zone_words
from trentuno.engine.variants import builtin_files, load

BUILTINS = list(builtin_files())
NO_LOCALE = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}

#: Common English words that are not Italian words: one of them in Italian prose is a sentence
#: (or a name) left untranslated. ("a", "in", "no", "do", "bus", "blitz" are Italian too.)
ENGLISH = frozenset((
    "the", "and", "of", "to", "with", "is", "are", "was", "were", "be", "been", "has", "have",
    "from", "when", "then", "than", "that", "this", "these", "those", "which", "what", "who",
    "whose", "he", "his", "him", "she", "her", "they", "their", "them", "it", "its", "at", "on",
    "as", "by", "or", "not", "only", "each", "every", "all", "any", "some", "other", "others",
    "another", "same", "one", "two", "three", "first", "second", "last", "after", "before",
    "until", "once", "again", "instead", "except", "also", "but", "if", "so", "while", "where",
    "there", "here", "player", "players", "card", "cards", "hand", "hands", "deck", "suit",
    "suits", "rank", "ranks", "worth", "value", "sum", "exactly", "round", "rounds", "turn",
    "turns", "dealer", "deals", "dealt", "deal", "face", "up", "down", "pile", "top", "stock",
    "discard", "widow", "table", "pass", "passes", "draw", "draws", "take", "takes", "swap",
    "exchange", "knock", "knocks", "knocked", "stand", "lose", "loses", "lost", "life", "lives",
    "chip", "chips", "pot", "stake", "stakes", "point", "points", "penalty", "pay", "pays", "wins",
    "win", "won", "tie", "ties", "tied", "nobody", "everybody", "game", "ends", "end", "out",
    "left", "right", "clockwise", "counter", "highest", "lowest", "best", "worst", "higher",
    "lower", "more", "less", "most", "least", "instant", "combination", "kind", "jack", "queen",
    "king", "ace", "hearts", "diamonds", "clubs", "spades", "cups", "coins", "swords", "fire",
    "swimming",
))

WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:['’][A-Za-zÀ-ÿ]+)?")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno", input=input,
                              env=NO_LOCALE)


def english_words(text: str) -> list[str]:
    return sorted({w for w in WORD.findall(text) if w.lower() in ENGLISH})


def test_the_word_list_catches_english_and_spares_italian():
    assert english_words("The hands are compared") == ["The", "are", "hands"]
    assert not english_words("Il Giocatore 2 bussa: dall'inizio alla fine, in tre, a lui.")


@pytest.mark.parametrize("name", BUILTINS)
def test_explain_in_italian_has_no_english(name):
    """Every built-in and house rule, in Italian: no common English word, and nothing of its
    English description."""
    rules = load(name)
    out = render(explain(rules, "it"), width=0)
    assert english_words(out) == [], name
    english = rules.description_in("en").split()
    for i in range(len(english) - 4):  # no five words in a row of the English description
        assert " ".join(english[i:i + 5]) not in " ".join(out.split()), name


def test_a_description_in_italian_is_shown_and_a_plain_one_stays_as_written(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: trentuno\nname: mine\n"
                    "description: {en: Three lives and a pot., it: Tre vite e un piatto.}\n",
                    encoding="utf-8")
    out = run("explain", str(path), "--lang", "it").stdout
    assert "Tre vite e un piatto." in out and "Three lives" not in out
    assert "Three lives and a pot." in run("explain", str(path), "--lang", "en").stdout


def test_the_same_zone_has_the_same_name_in_explain_and_at_the_table():
    rules = load("trentuno")
    assert zone_words(rules, "discard", "it") == "la pila degli scarti"
    assert TableView(rules, "it").zone_name("discard") == "Pila degli scarti"
    explained = render(explain(rules, "it"), width=0)
    assert "sulla pila degli scarti" in explained
    played = run("play", "trentuno", "--watch", "--lang", "it", "--seed", "3").stdout
    assert "dalla pila degli scarti." in played
    assert "dagli scarti" not in played and "Scarti:" not in played


def test_a_player_s_name_takes_its_article():
    out = run("play", "trentuno", "--watch", "--lang", "it", "--seed", "3").stdout
    sentences = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert not [s for s in sentences if s.startswith("Giocatore")]  # only table rows do
    assert re.search(r"^Il Giocatore \d \(greedy\) bussa\.$", out, re.MULTILINE)
    assert re.search(r"^── Mano 1 · dà le carte il Giocatore \d \(greedy\) ─", out, re.MULTILINE)
    assert re.search(r"^  Giocatore \d \(greedy\)  3 vite", out, re.MULTILINE)  # a column of names


def test_whose_turn_it_is_says_al(tmp_path):
    path = tmp_path / "half.json"
    run("play", "trentuno", "--seed", "7", "--lang", "it", input=f"1\n1\nq\ns\n{path}\n")
    out = run("replay", str(path), "--lang", "it").stdout
    assert re.search(r"tocca al Giocatore \d", out)
    assert "tocca a Giocatore" not in out


def test_seme_is_never_the_random_seed():
    """In Italian "seme" is a suit: the seed is the game's number."""
    assert not [k for k, v in MESSAGES["it"].items() if re.search(r"\bsem[ei]\b", v)]
    out = run("play", "trentuno", "--watch", "--lang", "it", "--seed", "3").stdout
    assert out.splitlines()[0].endswith("· partita n. 3")


def test_one_word_for_chips_in_explain_and_at_the_table():
    explained = render(explain(load("trentuno-vedova"), "it"), width=0)
    played = run("play", "trentuno-vedova", "--watch", "--lang", "it", "--seed", "3").stdout
    assert "20 fiche" in explained and re.search(r"\b19 fiche\b", played)
    assert re.search(r"^  Piatto: \d+ fiche$", played, re.MULTILINE)
    for text in (explained, played):
        assert "poste" not in text and "fiches" not in text
    english = run("play", "trentuno-vedova", "--watch", "--lang", "en", "--seed", "3").stdout
    assert re.search(r"\b19 chips\b", english)
    assert "chips" in render(explain(load("trentuno-vedova"), "en"), width=0)


def test_no_doubled_labels():
    """A combination whose label already says its value is not wrapped in it again."""
    rules = load("trentuno-vedova")
    view = TableView(rules, "it")
    assert view.value(rules.deck.parse_hand("Ah Qh Jh")) == "31 (Asso e due figure)"
    assert view.value(rules.deck.parse_hand("Ah Qh 8h")) == "29 (tris di seme)"
    played = run("play", "trentuno-vedova", "--watch", "--lang", "it", "--seed", "3").stdout
    assert not re.search(r"(\d+) \(\1 \(", played)
    for name in BUILTINS:
        for lang in ("en", "it"):
            assert not re.search(r"(\d+) \(\1 \(", render(explain(load(name), lang))), name


@pytest.mark.parametrize("name", ["trentuno", "trentuno-vedova", "scat", "schwimmen",
                                  "house/scat-penalty-points"])
def test_play_and_replay_in_italian_have_no_english(name, tmp_path):
    """A whole game told in Italian, at the table and in its replay: no English word but the
    card codes ("As" is the Ace of spades) and the ruleset's name."""
    rules = load(name)
    codes = {c.code for c in rules.deck.cards}
    path = tmp_path / "game.json"
    played = run("play", name, "--watch", "--lang", "it", "--seed", "4", "--save", str(path))
    assert played.exit_code == 0, played.output
    replayed = run("replay", str(path), "--lang", "it")
    for out in (played.stdout, replayed.stdout):
        for own in (str(path), name, rules.name):  # what the user typed, the file's name
            out = out.replace(own, "")
        assert [w for w in english_words(out) if w not in codes] == [], name


def test_replay_in_italian_says_impronta_not_digest(tmp_path):
    path = tmp_path / "game.json"
    run("play", "trentuno", "--watch", "--lang", "it", "--seed", "4", "--save", str(path))
    out = run("replay", str(path), "--lang", "it", "--quiet").stdout
    assert "impronta " in out and "digest" not in out


# ---- the translation layer's grammar ------------------------------------------------------
def test_names_take_the_italian_article_and_preposition_they_need():
    from trentuno.engine.terms import Named, Noun, noun
    stock, pile = noun("stock", "il tallone"), noun("discard pile", "la pila degli scarti")
    assert f"{stock.in_lang('it'):da}" == "dal tallone"
    assert f"{pile.in_lang('it'):su}" == "sulla pila degli scarti"
    assert f"{pile.in_lang('it'):Bare}" == "Pila degli scarti"
    assert f"{stock.in_lang('en'):da}" == "from the stock"
    assert f"{noun('reserve', 'riserva').in_lang('it'):di}" == "della riserva"
    assert f"{noun('box', 'scatolone').in_lang('it'):a}" == "allo scatolone"
    assert f"{noun('ace pile', 'asso').in_lang('it'):in}" == "nell'asso"
    p1, p3 = Noun("Player 1", "il", "Giocatore 1"), Noun("Player 3", "il", "Giocatore 3")
    both = Named((p1, p3), "it")
    assert f"{both:The} vincono" == "Il Giocatore 1 e il Giocatore 3 vincono"
    assert f"tocca {Named((p3,), 'it'):a}" == "tocca al Giocatore 3"
    assert f"{Named((p1, p3), 'en'):The} win" == "Player 1 and Player 3 win"


@pytest.mark.parametrize("name", [n for n in BUILTINS if n.startswith("house/")])
def test_explain_diff_in_italian_has_no_english(name):
    """What a house rule changes, in Italian: no English word but the rulesets' own names."""
    from trentuno.engine.explain import load_base
    out = run("explain", name, "--diff", "--lang", "it").stdout
    for own in (load(name).name, load_base(name).name):
        out = out.replace(f"({own})", "")
    assert out.startswith(f"# {load(name).title_in('it')}\n")
    assert english_words(out) == [], name


def test_every_form_a_message_asks_of_a_name_exists():
    """A template's `{who:The}` must be a form `terms.Named` knows, in both languages: a typo
    would only show when that message is first printed. (A move's words are its unit's:
    tests/test_move_words.py says each of them.)"""
    from trentuno.engine.terms import Named, Noun
    name = Noun("the stock", "il", "tallone")
    templates = [t for lang in MESSAGES.values() for t in lang.values()]
    forms = {spec for t in templates for spec in re.findall(r"{\w+:(\w+)}", t)}
    assert forms >= {"The", "the", "a", "da", "bare"}
    for lang in ("en", "it"):
        for spec in forms:
            assert format(Named((name,), lang), spec)


# ---- as a native speaker says it ----------------------------------------------------------
def test_the_person_s_own_moves_are_said_to_him():
    """At the table the person is "tu": "Peschi il Quattro di spade", "Hai bussato", never
    "Il Giocatore 1 (tu) pesca"."""
    out = run("play", "trentuno", "--seed", "7", "--lang", "it",
              input="1\n1\n1\n1\n3\n" + "1\n" * 400).stdout
    assert re.search(r"^Peschi (il|lo|la|l')\S* .+ \(\w+\) dal tallone\.$", out, re.M)
    assert re.search(r"^Scarti (il|lo|la|l')\S* .+ \(\w+\)\.$", out, re.M)
    assert re.search(r"^Bussi\.$", out, re.M)
    assert re.search(r"^Hai bussato: si confrontano le mani\.$", out, re.M)
    assert re.search(r"^(Perdi una vita \(|Sei eliminato\.)", out, re.M)
    assert "── Mano 1 · dai le carte tu ─" in out  # seed 7: the person deals first
    sentences = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert not [s for s in sentences if "(tu)" in s and not s.startswith("Taglio")], sentences
    english = run("play", "trentuno", "--seed", "7", "--lang", "en",
                  input="1\n1\n1\n1\n3\nq\nn\n").stdout
    assert re.search(r"^You draw the .+ from the stock\.$", english, re.M)
    assert re.search(r"^You knocked: the hands are compared\.$", english, re.M)


def test_a_capture_choice_names_its_cards_with_their_articles():
    out = run("play", "scopa", "--seed", "7", "--lang", "it", input="q\nn\n").stdout
    assert re.search(r"^  \d\) Cala una carta: il Cinque di coppe \(5c\) prende il Cinque di "
                     r"spade \(5s\)$", out, re.M)
    assert re.search(r"^  \d\) Cala una carta: il Fante di coppe \(Fc\), senza prendere nulla$",
                     out, re.M)
    played = run("play", "scopa", "--watch", "--seed", "3", "--lang", "it").stdout
    assert re.search(r"^Il Giocatore \d \(greedy\) fa scopa!$", played, re.M)


@pytest.mark.parametrize("name", BUILTINS)
def test_italian_words_a_native_speaker_writes(name):
    """"Sto" (not the seed's "Stò"), "tre Assi", nothing said twice ("non nel primo giro (dal
    secondo giro in poi)", "con 25 punti o più (una mano che vale almeno 25)"), no English
    idiom word for word ("sul bus"), cards "sul tavolo", not "nel tavolo"."""
    out = " ".join(render(explain(load(name), "it"), width=0).split())
    for wrong in ("Stò", "tre assi", "non nel primo giro (", "punti o più (una mano",
                  "sul bus", "nel tavolo", "non è vero che la sua mano vale", "carte tra Re"):
        assert wrong not in out, (name, wrong)


def test_the_fixed_phrases_are_there():
    def it(name):
        return " ".join(render(explain(load(name), "it"), width=0).split())
    assert "«Bussa» si può fare: dal secondo giro in poi, solo se nessuno ha ancora bussato." \
        in it("trentuno")
    assert "solo con una mano che vale almeno 25" in it("house/knock-25")
    assert "«Sto»: bussa" in it("trentuno-vedova") and "chi dice «Sto»" in it("trentuno-vedova")
    assert "«fuoco (tre Assi)»" in it("schwimmen") and "«tre Assi»" in it("house/three-aces-win")
    assert "un'ultima possibilità («in bilico»)" in it("scat")
    assert "«in bilico»" in it("thirty-one") and "(«a galla»)" in it("schwimmen")
    assert it("scat").startswith("# Scat (31) ")
    assert "o la sua mano vale meno di 31" in it("house/first-round-31-knocks")
    assert "Se sul tavolo ci sono almeno 3 Re" in it("house/scopa-re-redeal")
    assert "Se sul tavolo ci sono esattamente 7, 8 e 9" in it("house/schwimmen-789")
    assert "l'Asso prende tutte le carte del tavolo" in it("house/scopa-d-assi")
    assert "né quando l'Asso porta via tutto il tavolo per la sua regola)" \
        in it("house/scopa-d-assi")
    assert "il Fante, il Cavallo e il Re prendono solo una carta uguale" in it("cocincina")


def test_a_game_played_in_italian_is_replayed_in_italian(tmp_path):
    """The record says the language it was played in; replay speaks it unless told
    otherwise, and a record without one is told in the locale's language."""
    import json
    path = tmp_path / "partita.json"
    played = run("play", "trentuno", "--watch", "--lang", "it", "--seed", "4", "--save",
                 str(path))
    assert played.exit_code == 0, played.output
    assert json.loads(path.read_text(encoding="utf-8"))["lang"] == "it"
    replayed = run("replay", str(path)).stdout  # no --lang, no locale
    assert "verificata: " in replayed and "dal tallone." in replayed
    assert "verified: " in run("replay", str(path), "--lang", "en").stdout
    old = json.loads(path.read_text(encoding="utf-8"))
    del old["lang"]
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    assert "verified: " in run("replay", str(tmp_path / "old.json")).stdout
    italian = CliRunner().invoke(cli, ["replay", str(tmp_path / "old.json")],
                                 env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": "it_IT"})
    assert "verificata: " in italian.stdout
