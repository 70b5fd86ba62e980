"""`explain`: the rules in words, generated from the ruleset's data, in English and Italian;
`--diff`: what a house rule changes; and the engine's text generator names no game."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.cmd_explain import locale_language
from trentuno.cli.main import cli
from trentuno.engine.errors import UsageError
from trentuno.engine.explain import Section, diff, explain, load_base, render
from trentuno.engine.variants import builtin_files, load

ROOT = Path(__file__).resolve().parents[1]
BUILTINS = list(builtin_files())
HOUSE = [n for n in BUILTINS if n.startswith("house/")]
#: sections every ruleset has (knock, instant and events only when the rules have them)
ALWAYS = {"about", "players", "deck", "values", "deal", "turn", "ranking", "stakes", "settle",
          "end"}
#: a game of points won from taken cards (a capture game) has its scoring instead of hands
#: ranked, stakes and payments
ALWAYS_SCORED = ALWAYS - {"ranking", "stakes", "settle"} | {"scoring"}


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno", env=env)


def text(name: str, lang: str, key: str | None = None) -> str:
    """The explanation (or one section of it) on one line, whitespace normalised."""
    sections = explain(load(name), lang)
    if key is not None:
        sections = [s for s in sections if s.key == key]
        assert sections, f"{name}: no section {key!r}"
    return " ".join(" ".join(line for s in sections for line in (s.title,) + s.lines).split())


def section_keys(name: str, lang: str = "en") -> list[str]:
    return [s.key for s in explain(load(name), lang)]


# ---- every ruleset, both languages --------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_explains_in_both_languages(name, lang):
    sections = explain(load(name), lang)
    keys = [s.key for s in sections]
    always = ALWAYS_SCORED if load(name).stakes.mode.scores_cards else ALWAYS
    assert always <= set(keys), f"missing: {always - set(keys)}"
    assert len(keys) == len(set(keys))
    for s in sections:
        assert isinstance(s, Section) and s.title.strip()
        assert s.lines and all(line.strip() for line in s.lines), s.key
        for line in s.lines:
            # no template leftovers, no Python reprs in the prose
            assert not re.search(r"\{|\}|None|True|False|\[|\]", line), (s.key, line)
    out = render(sections)
    assert out.startswith(f"# {load(name).title_in(lang)}\n")
    assert out.count("\n## ") == len(sections) - 1
    if lang == "it":  # the Italian text is Italian: its section titles are not the English ones
        en = {s.key: s.title for s in explain(load(name), "en")}
        assert all(s.title != en[s.key] for s in sections if s.key != "about")


def test_render_wraps_bullets_and_can_leave_lines_whole():
    sections = explain(load("trentuno"), "en")
    wrapped = render(sections, width=60)
    assert max(len(line) for line in wrapped.splitlines()) <= 60
    whole = render(sections, width=0)
    assert any(len(line) > 100 for line in whole.splitlines())
    assert "  - “Draw from the stock”" in whole  # an option is a sub-item of the turn


def widest(out: str) -> int:
    return max(len(line) for line in out.splitlines())


@pytest.mark.parametrize("columns,wraps_at", [("60", 60), ("132", 120), ("20", 40),
                                               ("", 100), ("wide", 100)])
def test_explain_wraps_at_the_terminal_s_width(columns, wraps_at):
    """COLUMNS (the terminal's width, as a shell sets it) decides, kept between 40 and 120;
    without it, or with nonsense in it, output that is not a terminal wraps at 100."""
    out = run("explain", "trentuno", "--lang", "en", env={"COLUMNS": columns or None}).output
    assert widest(out) <= wraps_at
    assert widest(out) > wraps_at - 12  # it really fills the width: not a narrower default
    assert widest(run("explain", "trentuno", "--width", "0", env={"COLUMNS": "60"}).output) > 100
    assert widest(run("explain", "trentuno", "--width", "72", env={"COLUMNS": "60"}).output) \
        == 72


def test_a_terminal_s_own_width_counts(monkeypatch):
    """On a terminal (no COLUMNS), the width the terminal reports."""
    import os

    from trentuno.cli import cmd_explain

    class Tty:
        def isatty(self):
            return True
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(cmd_explain.shutil, "get_terminal_size",
                        lambda fallback: os.terminal_size((77, 24)))
    assert cmd_explain.default_width(Tty()) == 77
    assert cmd_explain.default_width(object()) == 100  # not a stream at all: not a terminal


def test_unknown_language_is_refused():
    with pytest.raises(UsageError, match="unknown language"):
        explain(load("trentuno"), "de")


# ---- the facts of the source documents ------------------------------------------------------
def test_trentuno_facts_english():
    t = text("trentuno", "en")
    assert "40 cards" in t
    assert "Ace (A) is worth 11" in t
    assert "Figures (Jack, Knight, King) are worth 10" in t
    assert "The cards from 2 to 7 are worth their number" in t
    assert re.search(r"“three of a kind”: 3 cards of the same rank, Ace, Jack, Knight or King "
                     r"only; worth 30\b", t)
    assert "counter-clockwise (to the right)" in t
    assert "After each hand the deal passes counter-clockwise" in t
    assert "the highest card deals" in t
    assert "from the second round on, only if" in text("trentuno", "en", "knock")
    assert "Each player starts with 3 lives" in t
    assert "Re-entry" in t and "all the players of the game come back" in t
    assert "every other player has one last turn" in t
    assert "except the player who knocked" in t
    assert "the player with the lowest hand loses 1 life" in t
    assert "players tied for the lowest hand all pay" in t
    assert "shuffled and become the new stock" in t
    assert "the winner of the game takes the pot" in t
    assert "checked when the cards are dealt and at the end of every turn" in t


def test_trentuno_facts_italian():
    t = text("trentuno", "it")
    assert "40 carte" in t
    assert "Asso (A) vale 11" in t
    assert "Le figure (Fante, Cavallo, Re) valgono 10" in t
    assert re.search(r"«tris»: 3 carte uguali, solo Asso, Fante, Cavallo o Re; "
                     r"vale 30\b", t)
    assert "in senso antiorario (verso destra)" in t
    assert "dal secondo giro in poi, solo se" in text("trentuno", "it", "knock")
    assert "Ogni giocatore comincia con 3 vite" in t
    assert "Rientro" in t
    assert "«Pesca dal tallone»: prende la carta in cima al tallone" in t
    assert "«Scarta»: mette una delle sue carte scoperta sulla pila degli scarti" in t


def test_vedova_facts():
    en = text("trentuno-vedova", "en")
    assert "32 cards" in en and "without the 2, 3, 4, 5 and 6" in en
    assert "The widow: 3 cards dealt; face up" in en
    assert "one card to each player, then one card to the widow, face up" in en  # interleaved
    assert "Sto" in en and "“Stand (\"Sto\")”: knocks" in en
    assert "“Exchange all three cards (and stand)” also counts as “Stand (\"Sto\")”" in en
    assert "If the cards of the widow make an instant hand" in en
    assert "the dealer wins the hand" in en
    assert "only the best of them wins" in en
    assert "the highest hand takes the pot" in en
    assert "The game ends after 20 hands" in en
    ranking = text("trentuno-vedova", "en", "ranking")
    order = ["31 (Ace and two figures)", "31 (Ace, figure and 10)", "three of a kind",
             "a pair and the Jack of clubs", "three of a suit", "best suit"]
    places = [ranking.index(f"“{name}”") for name in order]
    assert places == sorted(places), "patterns listed strongest first"
    assert "beats a lower one whatever their values" in ranking
    assert "hearts > diamonds > clubs > spades" in ranking
    assert "Jack of clubs may stand for any rank" in ranking
    it = text("trentuno-vedova", "it")
    assert "«Sto»: bussa" in it and "Stò" not in it
    assert "cuori > quadri > fiori > picche" in it
    assert "32 carte" in it and "scoperta" in it


def test_scat_facts():
    en = text("scat", "en")
    assert "52 cards" in en
    assert "last chance" in en and "plays on with no lives until he loses once more" in en
    assert "a player who knocked and has to pay loses 2 lives instead" in en
    assert "clockwise (to the left)" in en
    assert "The first dealer is chosen at random" in en
    assert "only while the widow is face down" in en
    assert "and the widow is turned face up" in en
    assert "Then 3 cards to the widow, face down" in en
    assert "checked when the cards are dealt and after every move" in en
    assert "when every player has passed for a whole round" in en
    it = text("scat", "it")
    assert "52 carte" in it and "ultima possibilità" in it and "perde invece 2 vite" in it


def test_schwimmen_facts():
    en = text("schwimmen", "en")
    assert "worth 30.5" in en
    assert "worth 33" in en
    events = text("schwimmen", "en", "events")
    assert "When every player has passed for a whole round" in events
    assert "the cards of the table are put aside and replaced by new ones" in events
    assert "the hand ends at once and the hands are compared" in en
    it = text("schwimmen", "it")
    assert "vale 30,5" in it  # decimal comma in Italian
    assert "si mettono da parte e sono sostituite" in it


def test_house_rule_facts():
    assert "Each player starts with 5 lives" in text("house/five-lives", "en")
    assert "only with a hand worth 25 or more" in text("house/knock-25", "en", "turn")
    assert "solo con una mano che vale almeno 25" in text("house/knock-25", "it", "turn")
    assert "moves the top card of the stock onto the discard pile" in \
        text("house/knock-burns-card", "en")
    assert "loses 2 lives instead" in text("house/knocker-pays-double", "en")
    assert "he is spared" in text("house/knocker-wins-ties", "en")
    assert "everybody but the highest hand loses 1 life" in text("house/highest-wins", "en")
    assert "those players come back in" in text("house/reentry-tied", "en")
    assert "void: nobody pays" in text("house/stock-out-void", "en")
    assert "holds exactly 7, 8 and 9 (any suits)" in text("house/schwimmen-789", "en")
    assert "If a player holds “fire (three Aces)”" in text("house/schwimmen-feuer-wins", "en")
    assert "worth 30.5" in text("house/tris-30-5", "en")
    discard_first = text("house/discard-first", "en", "turn")
    assert ("“Discard”: puts one of his cards face up on the discard pile; then “Draw from "
            "the stock” (below)") in discard_first


def test_the_ruleset_own_labels_are_used(tmp_path):
    rules_file = tmp_path / "labelled.yaml"
    rules_file.write_text(
        "extends: scat\n"
        "name: labelled\n"
        "labels:\n"
        "  widow: {en: kitty, it: la vedova}\n"
        "  knock: {en: stand, it: stò}\n"
        "  last_chance: {en: on the bus, it: sul bus}\n", encoding="utf-8")
    en = text(str(rules_file), "en")
    assert "the kitty is turned face up" in en and "only while the kitty is face down" in en
    assert "knocks (“stand”)" in en
    assert "a last chance (“on the bus”)" in en
    it = text(str(rules_file), "it")
    assert "scambia tutta la sua mano con la vedova, e la vedova viene scoperta" in it
    assert "solo mentre la vedova è coperta" in it
    assert "una della vedova" in it
    assert "(«sul bus»)" in it and "Bussare («stò»)" in it


# ---- --diff -----------------------------------------------------------------------------
CHANGES = {
    "house/five-lives": {"stakes"},
    "house/reentry-tied": {"stakes"},
    "house/knocker-pays-double": {"settle"},
    "house/knocker-wins-ties": {"settle"},
    "house/highest-wins": {"settle"},
    "house/knock-25": {"turn", "knock", "events", "settle"},
    "house/knock-burns-card": {"turn"},
    "house/discard-first": {"turn"},
    "house/tris-30-5": {"ranking"},
    "house/three-aces-win": {"instant", "ranking"},
    "house/stock-out-void": {"events", "settle"},
    "house/scat-three-of-a-kind": {"ranking"},
    "house/scat-knock-second-round": {"turn", "knock"},
    "house/schwimmen-789": {"events"},
    "house/schwimmen-feuer-wins": {"instant", "settle"},
    "house/knocker-pays-ties": {"settle"},
    "house/scat-penalty-points": {"stakes", "settle", "end"},
    "house/schwimmen-dealer-choice": {"deal", "turn"},
    "house/matta": {"ranking", "instant"},
    "house/first-round-31-knocks": {"instant", "knock", "turn"},
    "house/knock-ends-at-dealer": {"knock"},
    "house/knocker-plays-last": {"knock"},
    "house/schwimmen-31-knocks": {"instant"},
    "house/schwimmen-swap-up-to-three": {"turn"},
    "house/schwimmen-declare": {"turn", "instant", "events", "settle"},
    "house/schwimmen-pass-is-out": {"turn", "knock", "events", "settle"},
    "house/scopa-d-assi": {"turn"},
    "house/scopa-21": {"end"},
    "house/scopa-first-to-11": {"end"},
    "house/scopa-last-card": {"turn"},
    "house/scopa-re-redeal": {"events"},
    "house/cocincina-75": {"events", "end"},      # the target, said in both
    "house/cocincina-101": {"events", "end"},
    "house/ties-nobody-pays": {"settle"},
    "house/ties-high-card": {"settle"},
    "house/four-cards": {"players", "deal", "instant", "ranking"},
    "house/scala": {"instant", "ranking"},
    "house/jokers": {"deck"},
    "house/penalty-31-minus-hand": {"settle", "end"},
    "house/knocker-highest": {"settle"},
    "house/two-decks": {"players", "deck"},
    "house/jokers-12": {"deck", "instant", "ranking"},
    "house/scat-trips-by-rank": {"ranking"},
    "house/thirty-one-four-cards": {"deal", "instant", "ranking"},
    "house/scopone": {"players", "deal"},
    "house/scopone-scientifico": {"players", "deal"},
    "house/scopa-a-perdere": {"end"},
    "house/scopa-napola": {"scoring"},
    "house/scopa-di-quindici": {"turn"},
    "house/cirulla": {"turn", "events", "scoring", "end"},
    "house/asso-piglia-tutto": {"turn"},
    "house/scopa-must-take": {"turn"},
    "house/scopa-fewest-cards": {"turn"},
    "house/cirulla-fewest": {"turn"},
    "house/knocker-pays-unless-highest": {"settle"},
    "house/under-21-pays": {"settle"},
    "house/points-by-place": {"stakes", "settle", "end"},
    "house/best-takes-from-worst": {"stakes", "settle", "end"},
    "house/schwimmen-swiss": {"stakes"},
    "house/schwimmen-new-table": {"turn"},
    "house/schwimmen-rounds": {"turn", "events", "settle"},
    "house/schwimmen-blind-choice": {"turn"},
    "house/commerce-blind-swap": {"turn"},
}


def test_every_house_rule_is_in_the_table_of_changes():
    assert set(CHANGES) == set(HOUSE)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", sorted(CHANGES))
def test_diff_shows_only_the_changed_sections(name, lang):
    base = load_base(name)
    assert base is not None
    sections = diff(base, load(name), lang)
    assert sections[0].key == "about"
    assert {s.key for s in sections[1:]} == CHANGES[name]


def test_diff_five_lives_on_the_command_line():
    result = run("explain", "house/five-lives", "--diff", "--lang", "en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Each player starts with 5 lives" in out
    assert "Instead of:" in out and "Each player starts with 3 lives" in out
    assert "## The cards" not in out and "40 cards" not in out
    assert "## Lives" in out
    assert out.count("## ") == 1
    assert "changes from “Trentuno” (trentuno)" in " ".join(out.split())


def test_diff_in_italian_and_on_a_user_overlay(tmp_path):
    overlay = tmp_path / "mine.yaml"
    overlay.write_text("extends: schwimmen\nname: mine\nstakes:\n  lives: 4\n"
                       "settle:\n  showdown: {knocker_lives: 2}\n", encoding="utf-8")
    result = run("explain", str(overlay), "--diff", "--lang", "it")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "## Le vite" in out and "## Chi paga" in out and "## Le carte" not in out
    assert "comincia con 4 vite" in out and "Invece di:" in out
    assert "perde invece 2 vite" in out


def test_diff_of_an_overlay_of_an_overlay_compares_with_its_own_base(tmp_path):
    (tmp_path / "a.yaml").write_text("extends: trentuno\nname: a\nstakes:\n  lives: 4\n",
                                     encoding="utf-8")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\nname: b\nsettle:\n  showdown: "
                                     "{pay: all_but_highest}\n", encoding="utf-8")
    base = load_base(str(tmp_path / "b.yaml"))
    assert base.name == "a"
    keys = {s.key for s in diff(base, load(str(tmp_path / "b.yaml")), "en")[1:]}
    assert keys == {"settle"}


def test_diff_on_a_ruleset_that_is_not_an_overlay_is_a_usage_error():
    result = run("explain", "trentuno", "--diff")
    assert result.exit_code == 2
    assert "trentuno is not an overlay" in result.stderr
    assert "Traceback" not in result.output
    assert load_base("trentuno") is None


# ---- the command ------------------------------------------------------------------------
def test_explain_command_prints_the_rules():
    result = run("explain", "trentuno", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Trentuno\n")
    for title in ("## The cards", "## Card values", "## The deal", "## A turn", "## Knocking",
                  "## What a hand is worth", "## Lives", "## Who pays", "## End of the game"):
        assert title in result.stdout


def test_language_follows_the_locale():
    italian = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "it_IT.UTF-8"}
    result = run("explain", "trentuno", env=italian)
    assert result.exit_code == 0
    assert "## Le carte" in result.stdout
    result = run("explain", "trentuno", env={"LC_ALL": None, "LC_MESSAGES": None,
                                             "LANG": "C.UTF-8"})
    assert "## The cards" in result.stdout
    assert locale_language({"LANG": "it_CH"}) == "it"
    assert locale_language({"LC_ALL": "en_US.UTF-8", "LANG": "it_IT"}) == "en"
    assert locale_language({}) == "en"


def test_explain_errors_are_one_line():
    result = run("explain", "no-such-variant")
    assert result.exit_code == 2 and "unknown variant" in result.stderr
    result = run("explain", "trentuno", "--lang", "de")
    assert result.exit_code == 2


def test_explain_of_an_invalid_file_lists_its_problems(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: trentuno\nname: bad\nstakes:\n  lives: many\n", encoding="utf-8")
    result = run("explain", str(bad))
    assert result.exit_code == 1
    assert "invalid ruleset" in result.stderr and "Traceback" not in result.output


# ---- the engine names no game -----------------------------------------------------------
def test_the_engine_names_no_game():
    """The engine knows no game: every difference between rulesets is data."""
    files = sorted((ROOT / "engine").glob("*.py"))
    assert len(files) > 10
    for path in files:
        source = path.read_text(encoding="utf-8").lower()
        for word in ("trentuno", "scat", "schwimmen", "vedova", "blitz", "feuer",
                     "scopa", "cocincina"):
            assert word not in source, f"{path.name} names {word!r}"


# ---- explain reads the compiled rules -----------------------------------------------------
@pytest.mark.parametrize("name", ["trentuno", "trentuno-vedova", "scat", "schwimmen",
                                  "house/schwimmen-dealer-choice", "house/matta", "scopa",
                                  "cocincina", "house/scopa-d-assi"])
def test_explain_reads_the_compiled_rules_not_the_yaml(name):
    """The same words with the merged document taken away: every sentence comes from the
    compiled objects (and a house rule changing them changes the words)."""
    import dataclasses
    rules = load(name)
    blind = dataclasses.replace(rules, data={})
    for lang in ("en", "it"):
        assert render(explain(blind, lang)) == render(explain(rules, lang))


def test_description_and_title_in_each_language(tmp_path):
    rules_file = tmp_path / "both.yaml"
    rules_file.write_text(
        "extends: trentuno\nname: both\n"
        "title: {en: Our table, it: Il nostro tavolo}\n"
        "description: {en: Five lives each., it: Cinque vite a testa.}\n"
        "stakes: {lives: 5}\n", encoding="utf-8")
    assert render(explain(load(str(rules_file)), "it")).startswith(
        "# Il nostro tavolo\n\nCinque vite a testa.\n")
    assert render(explain(load(str(rules_file)), "en")).startswith(
        "# Our table\n\nFive lives each.\n")
    plain = tmp_path / "plain.yaml"
    plain.write_text("extends: trentuno\nname: plain\ntitle: Da noi\n"
                     "description: Come al bar.\n", encoding="utf-8")
    for lang in ("en", "it"):  # a plain string is the author's words, in every language
        assert render(explain(load(str(plain)), lang)).startswith("# Da noi\n\nCome al bar.\n")


def test_no_deck_id_in_prose():
    for name in ("trentuno", "trentuno-vedova", "scat"):
        for lang in ("en", "it"):
            t = text(name, lang)
            assert not re.search(r"italian-40|french-\d+", t), (name, lang)
    assert "Cioè un mazzo da 52 carte senza 2, 3, 4, 5 e 6" in text("schwimmen", "it")


def test_one_word_for_chips():
    it = text("trentuno-vedova", "it")
    assert "si siede con 20 fiche e ne mette 1 nel piatto" in it
    assert "vince chi ha più fiche" in it
    assert "poste" not in it
    en = text("trentuno-vedova", "en")
    assert "sits down with 20 chips" in en and "the most chips wins" in en


def test_points_games_take_penalty_points_and_ties_pay():
    it = text("house/scat-penalty-points", "it", "settle")
    assert "chi ha la mano più bassa prende 1 punto di penalità" in it
    assert "se più giocatori sono pari per la mano più bassa, pagano tutti" in it
    assert "perde" not in it
    en = text("house/scat-penalty-points", "en", "settle")
    assert "the player with the lowest hand takes 1 penalty point" in en
    assert "loses" not in en


def test_why_hands_are_compared_says_the_round_rule_of_the_ruleset(tmp_path):
    """"When the hands are compared (...)" names each round trigger as the file says it: a
    hand compared at the end of every round, and one compared only once as many rounds as
    players (or two) have been played, read differently, in both languages; the event alone
    ("at the end of every round") is said only where every round compares the hands."""
    every = tmp_path / "every.yaml"
    every.write_text("extends: schwimmen\nname: every\n"
                     "triggers:\n  each-round: {on: round_end, do: showdown}\n")
    two = tmp_path / "two.yaml"
    two.write_text("extends: schwimmen\nname: two\ntriggers:\n"
                   "  two-rounds: {on: round_end, if: {round_reached: 2}, do: showdown}\n")

    def why(path, lang):
        settle = " ".join(" ".join(s.lines) for s in explain(load(str(path)), lang)
                          if s.key == "settle")
        return " ".join(settle.split())
    assert "instant hand, at the end of every round or when" in why(every, "en")
    assert "immediata, alla fine di ogni giro o quando" in why(every, "it")
    assert ("when 2 rounds have been played (checked at the end of every round) or when"
            in why(two, "en"))
    assert ("quando si sono giocati 2 giri (si controlla alla fine di ogni giro) o quando"
            in why(two, "it"))
    assert "at the end of every round or" not in why(two, "en")
    rounds = " ".join(" ".join(s.lines) for s in explain(load("house/schwimmen-rounds"), "en")
                      if s.key == "settle")
    assert "as many rounds have been played as there are players in the hand (checked" in \
        " ".join(rounds.split())
