"""The whole ruleset: the parts compiled in order (the deck and hand values, the table and the
turn, the triggers, the stakes and settlement, seating, the capture family's scoring), the
checks that span parts, and the frozen `Ruleset` they make.

The order is the order problems are reported in; without a valuation (bad patterns) the rest is
still checked, so that every problem is reported at once.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import cards as cards_mod
from .compilation import MODE_PATHS, Compilation, CompileProblems, code_of
from .compile_capture import compile_scoring, owned_sources
from .compile_deck import compile_deck, compile_valuation, copies_by_players
from .compile_seating import DIRECTIONS, compile_first_player, compile_sides
from .compile_stakes import compile_stakes, settle_rule
from .compile_triggers import compile_triggers
from .compile_turn import compile_deal, compile_knock_rule, compile_turn, compile_zones
from .keywords import as_data, one_key
from .patterns import Valuation
from .primitives import PRIMITIVES
from .rules import DeckOrigin, Ruleset, SettleRule, Spec, Stakes
from .sha import sha256
from .stakes_modes import CURRENCIES
from .tally import card_worth
from .triggers import OUTCOMES


class RulesetCompiler(Compilation):
    """Compiles one document into a `Ruleset` (`compile`), or raises `CompileProblems`."""

    def compile(self) -> Ruleset:
        d = self.d
        deck = self.deck_ = compile_deck(self)
        if deck is None:
            raise CompileProblems(self.problems, self.related)
        valuation = self.valuation_ = compile_valuation(self, deck)
        hand_size = valuation.hand_size if valuation else (d.get("hand") or {}).get("size", 3)
        pmin, pmax, pdefault = self.players()
        zones = self.zones_ = compile_zones(self)
        deal, rest, per_player = compile_deal(self, zones)
        raw_steps = (d.get("turn") or {}).get("steps") or {}
        self.step_names = list(raw_steps)
        self.can_pass = any(getattr(PRIMITIVES.get(o.get("do")), "passes", False)
                            for opts in raw_steps.values() for o in (opts or []))
        start, steps, can_knock = compile_turn(self, zones, deck, valuation)
        opening = (d.get("turn") or {}).get("opening")
        if opening is not None and opening["step"] not in steps:
            self.error(("turn", "opening", "step"), f"no step named {opening['step']!r}")
        more = copies_by_players(self, pmin, pmax)
        hand_size = self.dealt_fits(deck, valuation, more, pmax, per_player, bool(deal),
                                    hand_size)
        triggers = compile_triggers(self, zones, valuation) if valuation else {}
        self.something_ends(valuation, can_knock, triggers)
        knock_rule = compile_knock_rule(self, can_knock or any(
            getattr(OUTCOMES.get(t.outcome), "knocks", False)
            for ts in triggers.values() for t in ts))
        stakes = compile_stakes(self)
        settle_win, settle_show = self.settle_rules(stakes)
        self.end_checks(stakes, deck)
        end = self.end()
        seating = d.get("seating") or {}
        sides = compile_sides(self, seating.get("teams") or [], pmin, pmax)
        first_player = compile_first_player(self, seating.get("first_player"), zones)
        scoring = compile_scoring(self, zones, stakes.mode, deck)
        sources = owned_sources(self, steps, zones)
        origin = self.deck_origin()
        if self.problems or valuation is None:
            raise CompileProblems(self.problems, self.related)
        digest = sha256(_canonical_json(d).encode()).hexdigest()
        rules = Ruleset(
            **self.words(), deck_origin=origin, source=self.source, digest=digest,
            min_players=pmin, max_players=pmax, default_players=pdefault,
            deck=deck, hand_size=hand_size, valuation=valuation, **self.directions(seating),
            zones=zones, deal=deal, rest_zone=rest, start_step=start, steps=steps,
            opening=(opening["player"], opening["step"]) if opening else None,
            opening_blind=bool(opening and opening.get("blind")),
            knock_rule=knock_rule,
            triggers=triggers, stakes=stakes, settle_win=settle_win,
            settle_showdown=settle_show, **end,
            labels=dict(d.get("labels") or {}), data=d,
            source_path=self.source_path, sides=sides,
            owned_zones=tuple(n for n, z in zones.items() if z.owner),
            capture_sources=sources, scoring=scoring, first_player=first_player,
            card_worth=card_worth(deck, scoring) if scoring is not None else (),
            first_player_spec=Spec("lowest_bottom", as_data(seating["first_player"]))
            if seating.get("first_player") else None)
        if not more:
            return rules
        return replace(rules, by_players=self.decks_by_players(more, pmax, digest))

    def players(self) -> tuple[int, int, int]:
        """`players:`: the least, the most and the default number of players."""
        players = self.d.get("players") or {}
        pmin, pmax = players.get("min", 2), players.get("max", 2)
        pdefault = players.get("default", pmin)
        if pmin > pmax:
            self.error(("players",), f"min ({pmin}) is more than max ({pmax})")
        if not pmin <= pdefault <= pmax:
            self.error(("players", "default"), f"default {pdefault} is outside {pmin}..{pmax}")
        return pmin, pmax, pdefault

    def dealt_fits(self, deck: cards_mod.Deck, valuation: Valuation | None,
                   more: list[tuple[int, int]], pmax: int, per_player: int, deals: bool,
                   hand_size: int) -> int:
        """The deck holds what the most players are dealt, and the deal gives each player
        `hand.size` cards; returns the size of a hand (what the deal gives, in a game that
        values no hands)."""
        most = min([pmax] + [least - 1 for least, _ in more])  # players this deck deals to
        need = most * (per_player + self.dealt_owned) + self.dealt[1]
        if need > len(deck.cards):
            self.error(("players", "max"), f"{most} players need {need} cards to deal but the "
                       f"deck has {len(deck.cards)}", also=[("deck",), ("deal",)])
        # `hand.size` is the size of the hands valued: a ruleset without patterns (a capture
        # game) values none, and its hands are what the deal gives (an overlay may deal 9 or 10
        # over its base's 3); a deal that gives the players nothing while `hand.size` says
        # some is refused all the same (a deal step left out)
        valued = bool(valuation and valuation.patterns)
        if per_player != hand_size and deals and (valued or not per_player):
            gives = f"each player {per_player} cards" if per_player else "the players no cards"
            self.error(("deal",), f"the deal gives {gives} but `hand.size` is {hand_size}",
                       also=[("hand", "size")])
        elif not valued:
            return per_player
        return hand_size

    def something_ends(self, valuation: Valuation | None, can_knock: bool,
                       triggers: dict) -> None:
        """A hand can end: an option knocks or a trigger closes the hand."""
        closing = [u.name for u in OUTCOMES.units() if u.closes]
        ends = any(t.outcome in closing for ts in triggers.values() for t in ts)
        if valuation and not can_knock and not ends:
            self.error(("turn",), also=[("triggers",)], message=
                       "nothing can end a hand: no option knocks and no trigger "
                       f"ends the hand with {' or '.join(f'`{n}`' for n in closing)}")

    def settle_rules(self, stakes: Stakes) -> tuple[SettleRule, SettleRule]:
        """`settle.win` and `settle.showdown`; none in a game of points won."""
        if stakes.mode.chooses is None:  # points won: `scoring:` says what a hand gives
            if self.d.get("settle"):
                self.error(("settle",), "`settle` says who pays; a game of points won "
                           "(`mode: score`) counts its points by `scoring:` instead",
                           also=[("stakes", "mode")])
            none = SettleRule("none", 0, 0, False, "none")
            return none, none
        return settle_rule(self, "win", stakes.mode), settle_rule(self, "showdown", stakes.mode)

    def end_checks(self, stakes: Stakes, deck: cards_mod.Deck) -> None:
        """`end:` ends the game in a way the stakes mode can reach; jokers only where hands
        are valued."""
        end = self.d.get("end") or {}
        if not end.get("last_standing") and not end.get("hands") and not end.get("target"):
            self.error(("end",), "the game never ends: say `last_standing: true`, `hands: N` "
                       "or (points mode) `target: N`")
        elif stakes.mode.counts_to_target and not end.get("target") \
                and not end.get("hands"):
            counted = CURRENCIES[stakes.mode.currency].word["en"]
            self.error(("end",), f"in {stakes.mode.name} mode nobody goes out: end the game "
                       f"with `target: N` ({counted}) or `hands: N`", also=[("stakes", "mode")])
        if deck.jokers and stakes.mode.scores_cards:
            self.error(("deck", "jokers"), "jokers are for games that value hands: a game "
                       "scored by the cards taken (`mode: score`) cannot count them",
                       also=[("stakes", "mode")])
        if end.get("target") and not stakes.mode.counts_to_target:
            self.error(("end", "target"), "`target` counts penalty points: it needs "
                       "`stakes: {mode: points}`", also=MODE_PATHS)

    def end(self) -> dict[str, Any]:
        """The `Ruleset` fields of `end:`."""
        end = self.d.get("end") or {}
        return {"end_last_standing": bool(end.get("last_standing")),
                "end_hands": end.get("hands"), "end_target": end.get("target"),
                "end_countback": self.countback(end.get("countback") or ())}

    def countback(self, steps: Any) -> tuple[int, ...]:
        """`end.countback`: each step `reached_first` (-1) or the keyword of a `scoring.hand`
        entry (its index: the first entry of that keyword), resolved once here."""
        keys = [found[0] if (found := one_key(e)) else None
                for e in (self.d.get("scoring") or {}).get("hand") or ()]
        out = []
        for i, step in enumerate(steps):
            if step == "reached_first":
                out.append(-1)
            elif step in keys:
                out.append(keys.index(step))
            else:
                self.error(("end", "countback", i), f"{step!r} is neither `reached_first` nor "
                           f"the keyword of an entry of `scoring.hand` (its entries: "
                           f"{', '.join(k for k in keys if k) or 'none'})")
        if out and not (self.d.get("end") or {}).get("target"):
            self.error(("end", "countback"), "`countback` decides a tie at `target`: give a "
                       "`target`")
        return tuple(out)

    def words(self) -> dict[str, Any]:
        """The `Ruleset` fields of the name, `title:` and `description:`."""
        title, title_words = _text(self.d.get("title"))
        description, description_words = _text(self.d.get("description"))
        return {"name": self.d.get("name", "unnamed"), "title": title,
                "title_words": title_words, "description": description,
                "description_words": description_words}

    @staticmethod
    def directions(seating: dict) -> dict[str, Any]:
        """The `Ruleset` fields of the directions of play, dealing and the dealer's seat, and
        the first dealer."""
        play = seating.get("play", "clockwise")
        return {"play_step": DIRECTIONS[play],
                "deal_step": DIRECTIONS[seating.get("deal", play)],
                "dealer_step": DIRECTIONS[seating.get("dealer_passes", play)],
                "first_dealer": seating.get("first_dealer", "random")}

    def deck_origin(self) -> DeckOrigin:
        """What `explain` says about where the deck came from (see `DeckOrigin`)."""
        spec = self.d.get("deck") or {}
        preset = cards_mod.PRESETS.get(spec.get("preset") or "")
        ranks = tuple(c for c, *_ in preset["ranks"]) if preset else ()
        removed = tuple(code_of(x) for x in spec.get("remove") or [])
        known = {code_of(r["code"]) for r in spec.get("ranks") or []} | set(ranks)
        return DeckOrigin(ranks, len(preset["suits"]) if preset else 0,
                          tuple(c for c in removed if c not in known),
                          spec.get("copies", 1) or 1)

    def decks_by_players(self, more: list[tuple[int, int]], pmax: int,
                         digest: str) -> tuple[tuple[int, Ruleset], ...]:
        """A ruleset per deck (`deck.copies_by_players`), compiled from this document with
        that many copies for its range of players; it keeps this file's digest, so a game
        recorded with it replays against this file."""
        out = []
        for i, (least, copies) in enumerate(more):
            upto = more[i + 1][0] - 1 if i + 1 < len(more) else pmax
            data = dict(self.d)
            data["deck"] = {k: v for k, v in dict(self.d["deck"]).items()
                            if k != "copies_by_players"}
            data["deck"]["copies"] = copies
            data["players"] = {"min": least, "max": upto, "default": least}
            try:
                rules = RulesetCompiler(data, self.source, self.source_path).compile()
            except CompileProblems as e:
                where = ("deck", "copies_by_players", i)
                raise CompileProblems([
                    (where, f"with {least} or more players ({copies} copies): {m}")
                    for _, m in e.problems]) from None
            out.append((least, replace(rules, digest=digest, data=self.d)))
        return tuple(out)


def _canonical_json(d: Any) -> str:
    try:
        return json.dumps(d, sort_keys=True, default=str)
    except TypeError:  # int and str keys in one mapping (`values: {A: 11, 7: 21}`)
        return json.dumps(_str_keys(d), sort_keys=True, default=str)


def _str_keys(x: Any) -> Any:
    if isinstance(x, Mapping):
        return {json.dumps(k) if not isinstance(k, str) else k: _str_keys(v)
                for k, v in x.items()}
    if isinstance(x, list):
        return [_str_keys(v) for v in x]
    return x


def _text(value: Any) -> tuple[str, dict[str, str]]:
    """A `title:` or `description:`: a plain string (the author's words, whatever their
    language) or words per language; returns (the words to show when the reader's language is
    not given: English first, the words per language), whitespace folded to single spaces
    because YAML's folded blocks keep a trailing newline."""
    if isinstance(value, Mapping):
        words = {lang: " ".join(str(v).split()) for lang, v in value.items() if v}
        return words.get("en") or next(iter(words.values()), ""), words
    return (" ".join(str(value).split()) if value else ""), {}
