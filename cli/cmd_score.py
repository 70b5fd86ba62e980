"""`trentuno score VARIANT [HAND...]`: what hands are worth under a ruleset, and their places."""
from __future__ import annotations

import sys
from bisect import bisect_right
from collections.abc import Iterator

import click
from trentuno.engine.errors import CardError, UsageError
from trentuno.engine.terms import Terms, cap, card_noun, join_words

from .messages import LANGUAGES, Texts, default_language
from .output import echo_json, number, table
from .params import HAND_VALUES


def _read_stdin() -> Iterator[tuple[str, str]]:
    """(where, text) for each non-blank line of standard input."""
    stream = sys.stdin
    if stream.isatty():
        click.echo("reading hands from standard input, one per line (end with Ctrl-D)",
                   err=True)
    try:
        for n, line in enumerate(stream, 1):
            if line.strip():
                yield f"stdin line {n}", line.strip()
    except UnicodeDecodeError:
        raise UsageError("standard input is not text: give one hand per line, "
                         "e.g. \"Ac Rc Fc\"") from None


def parse_hand(rules, text: str, where: str) -> list[int]:
    """The card ids of one hand, or a CardError/UsageError saying which hand is wrong."""
    try:
        cards = rules.deck.parse_hand(text)
    except CardError as err:
        more = getattr(rules, "by_players", ())
        hint = (f" (with {more[0][0]} or more players the deck is bigger: add --players "
                f"{more[0][0]})" if more else "")
        raise CardError(f"{where}: {err.line()}{hint}") from None
    size = rules.hand_size
    if len(cards) != size:
        hint = (' (put all the cards of one hand in one argument: "Ac Rc Fc" or Ac,Rc,Fc)'
                if len(cards) == 1 else "")
        raise UsageError(f"{where}: a hand of {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                         f"{rules.name} hands have {size} cards{hint}")
    return cards


def _with_players(rules, players: int):
    """The ruleset as N players play it (its deck may depend on them); a number it is not
    played by is refused."""
    least, most = getattr(rules, "min_players", None), getattr(rules, "max_players", None)
    if least is not None and most is not None and not least <= players <= most:
        raise UsageError(f"--players {players}: {rules.name} is for {least} to {most} players")
    if players < 1:
        raise UsageError(f"--players {players}: give a number of players, 1 or more")
    return rules.for_players(players) if hasattr(rules, "for_players") else rules


def places(keys: list[tuple]) -> list[int]:
    """Competition ranking by ranking key (higher is better): 1, 1, 3."""
    ordered = sorted(keys)
    return [1 + len(ordered) - bisect_right(ordered, k) for k in keys]


@click.command("score", short_help="Value hands under a ruleset and rank them.")
@click.argument("rules", metavar="VARIANT", type=HAND_VALUES)
@click.argument("hands", metavar="[HAND]...", nargs=-1)
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object per hand: {"hand", "value", "combo", "place"}.')
@click.option("--taken", metavar="CARDS", default=None,
              help='Capture games: the points of a set of taken cards, e.g. "7d 7c Ad".')
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Language of the words of --taken; default: from the locale (LC_ALL, "
                   "LC_MESSAGES, LANG: Italian gives it, anything else en).")
@click.option("--players", metavar="N", type=int, default=None,
              help="Value the hands with the deck of N players (where the deck depends on "
                   "them, deck.copies_by_players: two packs from eight players).")
def score(rules, hands: tuple[str, ...], as_json: bool, taken: str | None,
          lang: str | None, players: int | None) -> None:
    """Value each HAND under VARIANT (a built-in name or a YAML file) and rank the hands.

    A HAND is one argument, its cards separated by spaces or commas: "Ac Rc Fc" or Ac,Rc,Fc.
    A card is a rank code then a suit code (Italian A 2 3 4 5 6 7 F C R with c d b s,
    French A 2..10 J Q K with h d c s). With no HAND, hands are read from standard input,
    one per line. Prints the hand, its value, the combination and its place (1 is best;
    equal hands share a place).
    """
    if players is not None:
        rules = _with_players(rules, players)
    if rules.scoring is not None or taken is not None:
        return _score_taken(rules, taken, hands, as_json, lang or default_language())
    given = [(f"hand {text!r}", text) for text in hands] if hands else list(_read_stdin())
    parsed = [parse_hand(rules, text, where) for where, text in given]
    # Each hand valued on its own: a few hands need not build the table of every hand.
    values = [rules.valuation.appraise(cards) for cards in parsed]
    ranks = places([key for key, _value, _combo, _instant in values])
    rows = []
    for cards, (_key, value, combo, _instant), place in zip(parsed, values, ranks):
        codes = rules.deck.codes(cards)
        if as_json:
            echo_json({"hand": codes, "value": number(value), "combo": combo,
                       "place": place})
        else:
            row = (" ".join(codes), str(number(value)), combo)
            rows.append(row if len(parsed) == 1 else row + (f"place {place}",))
    for line in table(rows, right=(1,)):
        click.echo(line)


def _score_taken(rules, taken: str | None, hands: tuple[str, ...], as_json: bool,
                 lang: str) -> None:
    """`score --taken`: a capture game scores the cards a side took, not hands: each point
    with the counts behind it (these cards against the rest), what is counted during play and
    in no pile (the scope), and the points of one capture of the cards, when the ruleset
    scores captures as they are made and one capture can make them (else refused)."""
    if rules.scoring is None:
        raise UsageError(f"--taken: {rules.name} does not score taken cards; give hands to "
                         f"value instead")
    if taken is None or hands:
        raise UsageError(f"{rules.name} scores the cards a side takes, not hands: give them "
                         f"with --taken, e.g. --taken \"7d 7c Ad\"")
    from trentuno.engine.tally import event_points, taken_entries
    try:
        cards = rules.deck.parse_hand(taken)
    except CardError as err:
        raise CardError(f"--taken: {err.line()}") from None
    tr, terms = Texts(lang), Terms(rules, lang)
    if rules.scoring.events:
        _check_one_capture(rules, cards, tr, terms)
    entries = taken_entries(rules, cards)
    at_once = event_points(rules, cards)
    total = sum(e.points for e in entries)
    if as_json:
        from trentuno.engine.tally import SCORES
        echo_json({"taken": rules.deck.codes(cards),
                   "end_of_hand": {SCORES[e.key].short(e.param): number(e.points)
                                   for e in entries if not SCORES[e.key].counts_events},
                   "counts": {SCORES[e.key].short(e.param): [number(c) for c in e.counts]
                              for e in entries if not SCORES[e.key].counts_events},
                   "total": number(total), "event_points": number(at_once),
                   **({"event_sum": _event_sum(rules, cards, at_once, tr, lang).split(" = ")[0]}
                      if rules.scoring.events and cards else {})})
        return
    for line in _taken_lines(rules, cards, entries, total, at_once, tr, terms):
        click.echo(line)


def _taken_lines(rules, cards, entries, total, at_once, tr, terms) -> list[str]:
    """The table of `score --taken`: a row per entry (what it counts, these cards, the rest,
    the points), the total, the points of one capture; then what is counted during play."""
    from trentuno.engine.tally import SCORES, count_words, reason_words
    rows, notes = [], []
    if entries:
        rows.append(("", tr("taken_head"), tr("taken_rest"), tr("taken_points")))
    for i, e in enumerate(entries):
        unit = SCORES[e.key]
        if unit.counts_events:
            notes.append(tr("taken_in_play", what=cap(reason_words(terms, f"{e.key}#{i}")),
                            sentence=SCORES.say(e.key, "sentence", e.param, terms)))
            continue
        shown = ["–" if c is None else str(number(c)) for c in e.counts]
        rows.append((count_words(e.key, e.param, terms), *shown, str(number(e.points))))
        why = unit.phrase(terms.lang, "missing")
        if None in e.counts and why is not None:
            notes.insert(0, "– " + why(e.param, terms))
    if entries:
        rows.append((tr("taken_total"), "", "", str(number(total))))
    if rules.scoring.events and cards:
        card = card_noun(rules.deck, cards[0], rules.deck.code(cards[0])).the(terms.lang)
        rows.append((tr("taken_at_once", card=card), "", "",
                     _event_sum(rules, cards, at_once, tr, terms.lang)))
    return table(rows, right=(1, 2, 3)) + notes


def _event_sum(rules, cards, at_once, tr, lang: str) -> str:
    """The points of one capture as the sum that makes them: "7 + 5 + 2 + 1 for the Knight of
    swords (Cs) = 15" (the values of the cards counted, then each bonus with its card)."""
    from trentuno.engine.tally import event_terms
    deck = rules.deck
    said = [tr("taken_bonus", n=number(n), card=card_noun(deck, c, deck.code(c)).the(lang))
            if what == "bonus" and c is not None else str(number(n))
            for n, what, c in event_terms(rules, cards)]
    total = str(number(at_once))
    return f"{' + '.join(said)} = {total}" if len(said) > 1 else total


def _check_one_capture(rules, cards, tr, terms) -> None:
    """Refuse, in one line, cards that no legal capture makes when they are scored as one:
    "as one capture, a Seven cannot take a King and a Two"."""
    from trentuno.engine.tally import one_capture_problem
    problem = one_capture_problem(rules, cards)
    if problem is None:
        return
    played, rest = problem
    lang = terms.lang
    raise UsageError(tr("taken_impossible", played=_a_rank(rules.deck, played, lang),
                        taken=join_words([_a_rank(rules.deck, c, lang) for c in rest], lang)))


def _a_rank(deck, card: int, lang: str) -> str:
    """A card's rank with the indefinite article: "a Seven", "an Ace", "un Sette", "uno
    ...", "una Donna"."""
    from trentuno.engine.terms import it_noun
    name = deck.ranks[deck.cards[card].rank].names.get(lang) or deck.name(card, lang)
    if lang == "it":
        art = it_noun(name)[0]
        return {"la": "una ", "l'": "un'" if it_noun(name)[2] else "un ",
                "lo": "uno "}.get(art, "un ") + name
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name
