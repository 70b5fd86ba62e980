"""Each move's words are its unit's: every phrase the table asks of a primitive (its label, its
choice, the line telling it to the others and to the mover) and of the knock rule (the line
telling a knock) says every case the table may give it, in English and Italian: the cards
seen, known to the mover only, or unseen; a capture or a lay. A form a phrase asks of a name
that does not exist, or a case it cannot say, fails here rather than at the table."""
from __future__ import annotations

import itertools

import pytest
from trentuno.engine.keywords import LANGS
from trentuno.engine.knock import LAST_TURNS
from trentuno.engine.primitives import PRIMITIVES, TABLE_FORMS
from trentuno.engine.roles import Cards, Told
from trentuno.engine.terms import Terms, card_noun
from trentuno.engine.variants import load

RULES = load("trentuno")


def told_cases(lang: str) -> list[Told]:
    """Every shape of `Told` the table makes: cards taken and given known or not, seen by
    everybody or not, a lay (nothing taken), a card chosen unseen (by its place)."""
    terms = Terms(RULES, lang)
    deck = RULES.deck

    def cards(*codes: str) -> Cards:
        cs = [deck.parse(c) for c in codes]
        return Cards(terms.group(card_noun(deck, c, deck.code(c)) for c in cs),
                     " ".join(codes))
    who, zone = terms.player(1).in_lang(lang), terms.zone_named("stock")
    out = []
    for took, gave, public in itertools.product((cards("Rc"), cards("7b", "Ad"), None),
                                                (cards("As"), None), (True, False)):
        out.append(Told(label="Label", who=who, zone=zone, took=took, gave=gave,
                        taking=0 if took is None and public else 2, public=public, place=2,
                        after="  → 21"))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRIMITIVES.names())
def test_every_table_phrase_of_a_move_says_every_case(name, lang):
    unit = PRIMITIVES[name]
    terms = Terms(RULES, lang)
    for form in TABLE_FORMS:
        phrase = unit.phrase(lang, form)
        if phrase is None:
            continue
        for told in told_cases(lang):
            if form != "move" and form != "move_you" and told.gave is None:
                continue  # a choice always knows the player's own cards
            text = phrase(told, terms)
            assert text and "None" not in text and "{" not in text, (name, form, told, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_in_moves_are_all_told_in_their_own_words(lang):
    """No built-in primitive falls back on the table's generic line."""
    for unit in PRIMITIVES.units():
        assert unit.phrase(lang, "move") and unit.phrase(lang, "move_you"), unit.name
        assert unit.phrase(lang, "label"), unit.name


def test_a_card_chosen_unseen_is_named_by_its_place():
    swap = PRIMITIVES["swap"]
    for lang, words in (("en", "take card 2 of the stock"),
                        ("it", "prendi carta 2 del tallone")):
        hidden = next(t for t in told_cases(lang) if t.took is None and t.gave is not None)
        assert words in swap.phrase(lang, "choice")(hidden, Terms(RULES, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_knock_rule_tells_a_knock(lang):
    terms = Terms(RULES, lang)
    told = Told(who=terms.player(1).in_lang(lang))
    for unit in LAST_TURNS.units():
        said = {form: unit.phrase(lang, form)(told, terms) for form in ("event", "event_you")}
        assert said == ({"event": "Player 2 knocks.", "event_you": "You knock."} if lang == "en"
                        else {"event": "Il Giocatore 2 bussa.", "event_you": "Bussi."})


# ---- the docs' lists of these keywords are the registries' ---------------------------------
DOCS = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs"


def _section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def test_the_language_page_lists_every_primitive_effect_and_closing_rule():
    import re

    from trentuno.engine.primitives import EFFECTS
    page = (DOCS / "language.md").read_text("utf-8")
    table = _section(page, "Primitives:", "Guards:")
    assert set(re.findall(r"^\| `(\w+)` \|", table, re.M)) - {"do"} == set(PRIMITIVES.names())
    effects = _section(page, "Effects:", "## knock")
    assert set(re.findall(r"`(\w+)[:`]", effects)) == set(EFFECTS.names())
    knock = _section(page, "## knock", "## triggers")
    assert set(re.findall(r"`last_turns: (\w+)`", knock)) == set(LAST_TURNS.names())


def test_the_records_page_says_the_cards_of_every_primitive():
    import re
    line = next(line for line in (DOCS / "records.md").read_text("utf-8").splitlines()
                if line.startswith("| `cards` |"))
    assert set(re.findall(r"`(\w+)`", line)) - {"cards"} == set(PRIMITIVES.names())
