"""Scratch settlement units, each added in this file as an author adding one would: a stakes
mode, a pay policy, a score unit, and a trigger event that ends hands (with the effect that sets
it off). Nothing else is touched: each is checked where a user meets it. The schema built from
the units refuses a wrong parameter, `explain` says it in English and Italian, the play table
narrates it in its own words, and games are played with it.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.cli.table import TableView
from trentuno.engine import schema_build
from trentuno.engine.bots import parse_bots
from trentuno.engine.errors import RuleFileError
from trentuno.engine.explain import explain
from trentuno.engine.hand_ends import Ending
from trentuno.engine.keywords import REGISTRIES, Kind, Unit
from trentuno.engine.primitives import Effect
from trentuno.engine.settlement import Policy, highest
from trentuno.engine.simulate import play_game
from trentuno.engine.stakes_modes import (
    CURRENCIES,
    PAYERS,
    Currency,
    LabWords,
    StakesKey,
    StakesMode,
    check_needs,
    one_each,
    pay_lives,
)
from trentuno.engine.state import GameState
from trentuno.engine.tally import ScoreUnit, Tally, taken_points
from trentuno.engine.triggers import Event
from trentuno.engine.variants import load


# ---- the scratch units ----------------------------------------------------------------------
def _hearts_standing(s: Any, w: Any) -> str:
    if w.lang == "en":
        return (f"Each player starts with {w.stake(s.own['hearts'])}; a player who loses his "
                f"last heart is out.")
    return (f"Ogni giocatore comincia con {w.stake(s.own['hearts'])}; chi perde l'ultimo "
            f"cuore esce dal gioco.")


HEARTS = StakesMode(
    kind=Kind.STAKES_MODE, name="scratch_hearts", schema=None, compile=check_needs({}),
    description="players lose hearts and are out without any",
    currency="scratch_heart", pays_in="scratch_heart", chooses=PAYERS,
    start=lambda stakes: stakes.own["hearts"], settle=pay_lives, reward=one_each,
    lab=LabWords("hearts lost", "hearts paid into the pot"),
    keys={"hearts": StakesKey({"type": ["integer", "null"], "minimum": 1, "default": 4},
                              "the hearts each player starts with.",
                              "only a game of hearts counts hearts")},
    words={"en": {"title": lambda s, w: "Hearts", "standing": _hearts_standing,
                  "loses": lambda s, w: "loses", "lose": lambda s, w: "lose"},
           "it": {"title": lambda s, w: "I cuori", "standing": _hearts_standing,
                  "loses": lambda s, w: "perde", "lose": lambda s, w: "perdono"}})
HEART = Currency({"en": "{n} heart", "it": "{n} cuore"}, {"en": "{n} hearts", "it": "{n} cuori"},
                 {"en": "hearts", "it": "cuori"}, {"en": "a heart", "it": "un cuore"})

HIGHEST_PAYS = Policy(
    kind=Kind.PAY_POLICY, name="scratch_highest_pays", description="the highest hand pays",
    schema=None, compile=lambda param, ctx: lambda st, winners, outcome: highest(st),
    chooses=frozenset((PAYERS,)),
    tied_for={"en": "the highest hand", "it": "la mano più alta"},
    words={"en": {"pays": lambda x, w: f"the player with the highest hand {x.loses} {x.amount}"},
           "it": {"pays": lambda x, w: f"chi ha la mano più alta {x.loses} {x.amount}"}})


def _fewest(points: float, ctx: Any) -> Any:
    def award(counts: list) -> list[float]:
        low = min(counts)
        if counts.count(low) != 1:
            return [0] * len(counts)
        return [points if n == low else 0 for n in counts]
    return Tally(lambda deck, sides, events: [len(s) for s in sides], award, fewer_wins=True)


FEWEST_CARDS = ScoreUnit(
    kind=Kind.SCORE, name="scratch_fewest_cards", schema={"type": "number", "minimum": 0},
    description="Points to the side that took the fewest cards (nobody scores on a tie).",
    compile=_fewest, example=1, short=lambda n: "fewest cards",
    worth=lambda deck, n: [-1.0] * len(deck.cards),
    words={"en": {"sentence": lambda n, w: f"fewest cards taken: {w.num(n)} points",
                  "reason": lambda n, w: "the fewest cards taken"},
           "it": {"sentence": lambda n, w: f"chi ha preso meno carte: {w.num(n)} punti",
                  "reason": lambda n, w: "aver preso meno carte"}})

BELL_TOLD = {"en": "The bell rang: the hands are compared.",
             "it": "È suonata la campanella: si confrontano le mani."}
BELL = Event(
    kind=Kind.TRIGGER_EVENT, name="scratch_bell", description="the bell rings", schema=None,
    compile=lambda param, ctx: "scratch_bell",
    words={"en": {"when": lambda p, w: "when the bell rings"},
           "it": {"when": lambda p, w: "quando suona la campanella"}},
    ends=Ending(told={"showdown": BELL_TOLD}, named={"showdown": "the bell"}))


def _ring(round_: int, ctx: Any) -> Any:
    def ring(st: Any, p: int) -> None:
        if st.round >= round_:
            st._fire("scratch_bell", p)
    return ring


RING = Effect(
    kind=Kind.EFFECT, name="scratch_ring", description="From this round on, rings the bell.",
    schema={"type": "integer", "minimum": 1}, compile=_ring, example=3,
    words={"en": {"clause": lambda n, w: f", and from round {n} on this rings the bell"},
           "it": {"clause": lambda n, w: f", e dal giro {n} in poi questo suona la campanella"}})


# ---- registering them, loading files with the schema they make ------------------------------
@pytest.fixture
def registered(monkeypatch: Any) -> Iterator[Any]:
    """Register scratch units for one test (the schema `validate` uses is built from them),
    then take them out again."""
    yield from registering(monkeypatch)


def registering(monkeypatch: Any) -> Iterator[Any]:
    """What `registered` yields and undoes (tests/test_scratch_units.py makes it a fixture
    too)."""
    from trentuno.engine import variants
    added: list[Unit] = []
    monkeypatch.setenv("TRENTUNO_CACHE_DIR", "")  # no verdict of a scratch file is kept

    def add(*units: Unit) -> dict:
        if HEARTS in units:  # its currency's words first: a mode naming none is refused
            CURRENCIES["scratch_heart"] = HEART
        for unit in units:
            REGISTRIES[unit.kind].add(unit)
            added.append(unit)
        built = schema_build.build()
        monkeypatch.setattr(variants, "schema", lambda: built)
        monkeypatch.setattr(variants, "_validator", lambda: jsonschema.Draft7Validator(built))
        return built
    yield add
    for unit in added:
        REGISTRIES[unit.kind].remove(unit.name)
    CURRENCIES.pop("scratch_heart", None)


def _file(tmp_path: Path, text: str, name: str = "scratch") -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\n" + text, "utf-8")
    return str(path)


def _said(rules: Any, lang: str) -> str:
    return " ".join(line for s in explain(rules, lang) for line in s.lines)


def _watched(path: str, lang: str, seed: int, players: int = 4) -> str:
    """`play --watch` of the file, every seat a bot."""
    res = CliRunner().invoke(cli, ["play", path, "--watch", "--seed", str(seed), "--lang", lang,
                                   "--players", str(players), "--bots", "greedy"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


def _refused(tmp_path: Path, text: str) -> str:
    with pytest.raises(RuleFileError) as e:
        load(_file(tmp_path, text, "wrong"))
    return str(e.value)


# ---- a stakes mode --------------------------------------------------------------------------
HEARTS_FILE = ("extends: trentuno\nstakes: {mode: scratch_hearts, hearts: 2, lives: null, "
               "into_pot: null, last_chance: null, reentry: null}\n")


def test_a_scratch_stakes_mode_is_in_the_schema_and_refuses_a_wrong_key(registered, tmp_path):
    built = registered(HEARTS)
    stakes = built["definitions"]["stakes"]["properties"]
    assert "scratch_hearts" in stakes["mode"]["enum"]
    assert stakes["hearts"]["description"] == ("scratch_hearts mode: the hearts each player "
                                               "starts with. Default 4.")
    assert "expected integer or null" in _refused(
        tmp_path, HEARTS_FILE.replace("hearts: 2", "hearts: two"))
    assert "scratch_heart" in _refused(tmp_path, HEARTS_FILE.replace("scratch_hearts", "hearts"))


def test_a_scratch_stakes_mode_is_explained_in_both_languages(registered, tmp_path):
    registered(HEARTS)
    rules = load(_file(tmp_path, HEARTS_FILE))
    assert rules.stakes.mode is HEARTS and rules.stakes.own == {"hearts": 2}
    titles = {s.key: s.title for s in explain(rules, "it")}
    assert titles["stakes"] == "I cuori"
    for lang, words in (
            ("en", ["Each player starts with 2 hearts; a player who loses his last heart is out.",
                    "the player with the lowest hand loses 1 heart"]),
            ("it", [("Ogni giocatore comincia con 2 cuori; chi perde l'ultimo cuore esce dal "
                     "gioco."), "chi ha la mano più bassa perde 1 cuore"])):
        for said in words:
            assert said in _said(rules, lang)


def test_a_scratch_stakes_mode_is_played_and_shown_at_the_table(registered, tmp_path):
    registered(HEARTS)
    path = _file(tmp_path, HEARTS_FILE)
    rules = load(path)
    state = GameState(rules, 4, seed=3)
    assert state.lives == [2, 2, 2, 2]
    assert any("2 cuori" in line for line in TableView(rules, "it").players(state))
    done = play_game(rules, 4, "greedy", seed=3)
    assert done.is_over and len(done.winners) >= 1 and done.returns()[done.winners[0]] == 1
    assert "loses a heart (1 left)." in _watched(path, "en", 5)
    assert "perde un cuore (ne resta 1)." in _watched(path, "it", 5)
    res = CliRunner().invoke(cli, ["simulate", path, "--games", "3", "--players", "4"],
                             catch_exceptions=False)
    assert res.exit_code == 0 and "hearts lost: " in res.output, res.output


# ---- a pay policy ---------------------------------------------------------------------------
def _highest_pays_file(ties: str) -> str:
    return f"extends: trentuno\nsettle:\n  showdown: {{pay: scratch_highest_pays, ties: {ties}}}\n"


def test_a_scratch_pay_policy_says_its_ties_with_its_own_words(registered, tmp_path):
    registered(HIGHEST_PAYS)
    rules = load(_file(tmp_path, _highest_pays_file("all")))
    assert ("the player with the highest hand loses 1 life; players tied for the highest hand "
            "all pay.") in _said(rules, "en")
    assert ("chi ha la mano più alta perde 1 vita; se più giocatori sono pari per la mano più "
            "alta, pagano tutti.") in _said(rules, "it")
    rules = load(_file(tmp_path, _highest_pays_file("nobody")))
    assert "when players tie for the highest hand, nobody pays" in _said(rules, "en")
    assert "se più giocatori sono pari per la mano più alta, non paga nessuno" in _said(rules, "it")


#: a pay policy that names no hand its payers tie for (no `tied_for`)
ODD_ONE_PAYS = Policy(
    kind=Kind.PAY_POLICY, name="scratch_odd_one_pays",
    description="the odd one out pays (here: the highest hand)",
    schema=None, compile=lambda param, ctx: lambda st, winners, outcome: highest(st),
    chooses=frozenset((PAYERS,)),
    words={"en": {"pays": lambda x, w: f"the odd one out {x.loses} {x.amount}"},
           "it": {"pays": lambda x, w: f"chi è diverso dagli altri {x.loses} {x.amount}"}})


@pytest.mark.parametrize("ties, en, it", [
    ("all", "when several players pay together, they all pay, tied or not",
     "se devono pagare più giocatori insieme, pagano tutti, pari o no"),
    ("nobody", "when the players who would pay have equal hands, nobody pays",
     "se chi dovrebbe pagare ha mani pari, non paga nessuno"),
    ("knocker_only", "when several players pay and one of them knocked, only he pays",
     "se devono pagare più giocatori e uno di loro ha bussato, paga solo lui"),
    ("knocker_spared", "a player who knocked is spared when he ties with others who pay",
     "chi ha bussato non paga se è pari con altri che pagano"),
])
def test_a_pay_policy_naming_no_tied_hand_still_has_its_ties_said(registered, tmp_path, ties,
                                                                   en, it):
    registered(ODD_ONE_PAYS)
    rules = load(_file(tmp_path, "extends: trentuno\nsettle:\n  showdown: "
                       f"{{pay: scratch_odd_one_pays, ties: {ties}}}\n"))
    assert f"the odd one out loses 1 life; {en}." in _said(rules, "en")
    assert f"chi è diverso dagli altri perde 1 vita; {it}." in _said(rules, "it")


def test_a_scratch_pay_policy_is_refused_where_it_has_no_meaning(registered, tmp_path):
    built = registered(HIGHEST_PAYS)
    pay = built["definitions"]["settle_rule"]["properties"]["pay"]
    assert "scratch_highest_pays" in pay["enum"]
    assert "scratch_highest_pays (the highest hand pays; lives and points games only)" in (
        pay["description"])
    assert "scratch_highest_pay" in _refused(
        tmp_path, _highest_pays_file("all").replace("scratch_highest_pays", "scratch_highest_pay"))
    said = _refused(tmp_path, "extends: trentuno-vedova\nsettle: {showdown: {pay: "
                              "scratch_highest_pays}}\n")
    assert "`pay: scratch_highest_pays` has no meaning in a pot game" in said


def test_with_a_scratch_pay_policy_the_highest_hand_pays(registered, tmp_path):
    registered(HIGHEST_PAYS)
    rules = load(_file(tmp_path, _highest_pays_file("all")))
    state = GameState(rules, 4, seed=11, record=True)
    seats = parse_bots("greedy", 4, 11)
    while not state.is_over:
        state.apply(seats[state.current_player](state, state.legal_actions()))
    ends = [e for e in state.events if e.kind in ("hand_end", "settled")]
    compared = [(end.data, paid.data) for end, paid in pairwise(ends)
                if end.kind == "hand_end" and end.data["outcome"] == "showdown"]
    assert compared, "no hand was compared"
    for end, paid in compared:
        values = {int(p): v for p, v in end["values"].items()}
        top = max(values.values())
        assert paid["payers"] and all(values[p] == top for p in paid["payers"]), (end, paid)


# ---- a score unit ---------------------------------------------------------------------------
FEWEST_FILE = "extends: scopa\nscoring:\n  hand:\n    - {scratch_fewest_cards: 2}\n"


def test_a_scratch_score_unit_is_refused_with_a_wrong_parameter(registered, tmp_path):
    registered(FEWEST_CARDS)
    assert "scratch_fewest_cards" in json.dumps(
        schema_build.build()["definitions"]["score"]["properties"])
    assert "expected number" in _refused(tmp_path, FEWEST_FILE.replace(": 2}", ": two}"))


def test_a_scratch_score_unit_is_explained_worth_and_narrated(registered, tmp_path):
    registered(FEWEST_CARDS)
    path = _file(tmp_path, FEWEST_FILE)
    rules = load(path)
    assert "fewest cards taken: 2 points" in _said(rules, "en")
    assert "chi ha preso meno carte: 2 punti" in _said(rules, "it")
    assert rules.card_worth == (-1.0,) * len(rules.deck.cards)  # what the capturing bot avoids
    assert taken_points(rules, rules.deck.parse_hand("7d 7c"))[0] == [("fewest cards", 2)]
    assert "scores 2 points for the fewest cards taken" in _watched(path, "en", 2, players=2)
    assert "segna 2 punti per aver preso meno carte" in _watched(path, "it", 2, players=2)



def test_a_scratch_score_unit_s_counts_are_the_ones_it_scores_by(registered, tmp_path):
    """One count serves the points and what is shown: `score --taken` says the 2 cards taken
    against the other side's 38 behind the 2 points, without the unit saying its count twice."""
    from trentuno.engine.tally import taken_entries
    registered(FEWEST_CARDS)
    rules = load(_file(tmp_path, FEWEST_FILE))
    entry, = taken_entries(rules, rules.deck.parse_hand("7d 7c"))
    assert (entry.points, entry.counts) == (2, (2, 38))

# ---- a trigger event that ends hands --------------------------------------------------------
BELL_FILE = ("extends: trentuno\nturn:\n  steps:\n    choose:\n"
             "      draw: {effects: [{scratch_ring: 3}]}\n"
             "triggers:\n  bell: {on: scratch_bell, do: showdown}\n")


def test_a_scratch_event_is_refused_when_misspelt(registered, tmp_path):
    registered(BELL, RING)
    assert "scratch_bell" in _refused(tmp_path, BELL_FILE.replace("on: scratch_bell",
                                                                  "on: scratch_bel"))
    assert "expected integer" in _refused(tmp_path, BELL_FILE.replace("ring: 3", "ring: three"))


def test_a_scratch_event_that_ends_hands_is_explained_narrated_and_named(registered, tmp_path):
    registered(BELL, RING)
    path = _file(tmp_path, BELL_FILE)
    rules = load(path)
    assert ("When the hands are compared (after a knock or when the bell rings): "
            in _said(rules, "en"))
    assert ("Quando si confrontano le mani (dopo una bussata o quando suona la campanella): "
            in _said(rules, "it"))
    for lang in ("en", "it"):
        assert BELL_TOLD[lang] in _watched(path, lang, 4)
    done = play_game(rules, 4, "greedy", seed=4)
    assert done.hand_ends.get("showdown:scratch_bell"), done.hand_ends
    res = CliRunner().invoke(cli, ["simulate", path, "--games", "2", "--json"],
                             catch_exceptions=False)
    assert res.exit_code == 0 and "the bell" in json.loads(res.output)["hand_ends"]


def test_an_event_without_words_for_its_hand_ends_is_told_by_when_it_happens(registered,
                                                                              tmp_path):
    """`ends` is the event's own sentence for a hand it ends; an author who gives none still
    has the `when` phrase every event must have. Before, the table said the keywords
    ("The hand ends (showdown, scratch_bell)."); now it says when the hand ended."""
    import dataclasses
    registered(dataclasses.replace(BELL, ends=None), RING)
    path = _file(tmp_path, BELL_FILE)
    told = {"en": "When the bell rings: the hands are compared.",
            "it": "Quando suona la campanella: si confrontano le mani."}
    for lang in ("en", "it"):
        out = _watched(path, lang, 4)
        assert told[lang] in out and "scratch_bell" not in out.replace("scratch.yaml", ""), out


def test_a_countback_by_a_score_unit_where_fewer_wins_favours_the_lower_count(registered,
                                                                             tmp_path):
    """`end.countback: [scratch_fewest_cards]`: a tie at the target goes to the side that
    took fewer cards in the hand, as the unit scores them (its tally's `fewer_wins`), and
    explain says "lower". Before, every countback by an entry favoured the higher count."""
    from trentuno.engine.tally import countback
    registered(FEWEST_CARDS)
    path = _file(tmp_path, FEWEST_FILE + "end: {target: 11, countback: [scratch_fewest_cards]}\n")
    rules = load(path)
    st = GameState(rules, 2, seed=5, stop_at_hand_end=True)
    seats = parse_bots("random", 2, 5)
    while not st.hand_over:
        st.apply(seats[st.current_player](st, st.legal_actions()))
    taken = [len(pile) for pile in st.own["taken"]]
    assert taken[0] != taken[1], taken
    assert countback(st, [0, 1]) == [taken.index(min(taken))]
    assert "the side with the lower count in “the fewest cards taken”" in _said(rules, "en")


def test_simulate_names_a_hand_ended_by_an_event_without_words_by_when_it_happens(registered,
                                                                                  tmp_path):
    """Before, `simulate` and `compare` named such hands by the keywords
    ("showdown:scratch_bell"); now by the event's when phrase."""
    import dataclasses
    registered(dataclasses.replace(BELL, ends=None), RING)
    path = _file(tmp_path, BELL_FILE)
    res = CliRunner().invoke(cli, ["simulate", path, "--games", "4", "--seed", "4",
                                   "--bots", "random", "--json"], catch_exceptions=False)
    ends = json.loads(res.output)["hand_ends"]
    assert "hands compared when the bell rings" in ends and not any(
        "scratch_bell" in k for k in ends), ends
