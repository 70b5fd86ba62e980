"""What the play table says when a hand ends and when the game does: the settlement's effect on
each player's standing, how the hand ended (in the words of its reason's unit, `hand_ends`), the
hands shown, and the game's winners and returns.

`EndLines` is a part of `TableView` (table.py), as `MoveLines` (table_moves.py) is for moves:
kept apart so that the table's own lines, the moves and the ends of hands and games can be read
one at a time. It keeps no state of its own: it reads what the view remembered of the hand
being told (its number, deal, last trigger and the player of the last event of each kind).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trentuno.engine.hand_ends import ending as ending_of
from trentuno.engine.rules import Ruleset
from trentuno.engine.state import MAX_HANDS_PER_GAME, MAX_TURNS_PER_HAND
from trentuno.engine.terms import Named, Terms
from trentuno.engine.triggers import EVENTS, at_deal

from .messages import Texts
from .output import number, table


class EndLines:
    """The hand-end, standing and game-over lines of a `TableView`, which gives the attributes
    and words below."""
    rules: Ruleset
    tr: Texts
    terms: Terms
    seat: int | None
    _hand: int               # the hand the events being read belong to
    _trigger: Any            # the last trigger event of that hand (None: none yet)
    _deal: Any               # the last deal event (None: none yet)
    _last: dict[str, int]    # the player of the last event of a kind in that hand
    _scored: dict[int, float]  # the points each player scored so far in that hand
    lang: str                # the viewer's language

    if TYPE_CHECKING:  # the view's words (TableView)
        def s(self, text: str, **style: Any) -> str: ...
        def rule(self, text: str) -> str: ...
        def who(self, p: int) -> Named: ...
        def whos(self, players: Iterable[int]) -> Named: ...
        def name(self, p: int) -> str: ...
        def about(self, key: str, players: Iterable[int] | int, **fields: Any) -> str: ...
        def _is_viewer(self, players: Sequence[int]) -> bool: ...
        def own_words(self, words: Mapping[str, str]) -> str: ...
        def term(self, key: str) -> str | None: ...
        def zone(self, zone: str) -> Named: ...
        def rest(self) -> Named | None: ...
        def pot_amount(self, n: Any) -> str: ...
        def stake(self, state: Any, p: int) -> str: ...
        def combo(self, name: str) -> str: ...
        def value(self, cards: Sequence[int]) -> str: ...
        def sort(self, cs: Iterable[int]) -> list[int]: ...
        def codes(self, cs: Iterable[int]) -> str: ...
        def _hand_cards(self, codes: Sequence[str]) -> list[int]: ...

    def standing(self, ev) -> list[str]:
        """What a hand's settlement did to the players' standing, in the stakes mode's words:
        nobody paid, a life lost, points taken or scored, out, the pot taken, re-entry."""
        tr, kind, d = self.tr, ev.kind, ev.data
        if kind == "points":
            self._scored[ev.player] = self._scored.get(ev.player, 0) + d["added"]
        if kind == "settled":
            if d.get("carried") is not None:
                return [tr("pot_carried", pot=self.pot_amount(d["carried"]))]
            if self.rules.stakes.mode.pays and not d.get("payers") \
                    and d.get("outcome") != "void":
                return [tr("nobody_pays")]
            return []
        if kind == "life_lost":
            return [self.about("life_lost", ev.player, one=self.terms.stake_one(),
                               left=tr("lives_left", n=d["lives"]))]
        if kind == "points" and d.get("reason"):
            from trentuno.engine.tally import reason_words
            reason = reason_words(self.terms, d["reason"])
            return [self.about("points_scored", ev.player, reason=reason,
                               added=self.terms.stake(d["added"]),
                               total=self.terms.stake(d["points"]))]
        if kind == "points" and d["added"] < 0:  # taken off: a transfer's receiver
            return [self.about("points_off", ev.player,
                               removed=self.terms.stake(-d["added"]),
                               total=self.terms.stake(d["points"]))]
        if kind == "points":
            return [self.about("points_taken", ev.player,
                               added=self.terms.stake(d["added"]),
                               total=self.terms.stake(d["points"]))]
        if kind == "last_chance":
            term = self.term("last_chance") or tr("mark_last_chance")
            return [self.about("last_chance", ev.player, term=term)]
        if kind == "out":
            return [self.about("out", ev.player)]
        if kind == "pot":
            winners = list(d["winners"])
            key = "pot_one" if len(winners) == 1 else "pot_split"
            return [self.about(key, winners, each=self.pot_amount(d["each"]))]
        if kind == "reentry":
            return [tr("reentry", who=self.whos(d["players"]),
                       lives=self.terms.stake(d["lives"]))]
        return []

    def how_it_ended(self, d: Mapping) -> str:
        """The sentence that tells how a hand ended: who won with what, or why the hands are
        compared, in the words of the reason's unit (`hand_ends`)."""
        outcome, reason = d["outcome"], d["reason"]
        hands = {int(p): self._hand_cards(c) for p, c in d["hands"].items()}
        holders: list[int] = (list(self._trigger.data.get("holders") or [])
                              if self._trigger else [])

        def combo_of(players):
            for p in players:
                if p in hands:
                    return self.combo(self.rules.valuation.of(hands[p]).combo)
            return ""
        if outcome == "win":
            return self.how_won(list(d["winners"]), holders, at_deal(reason), combo_of)
        told = self.told(outcome, reason)
        if told is not None:
            return told
        if outcome == "showdown" and holders:  # an instant hand: the hands are compared
            return self.about("end_instant", holders, combo=combo_of(holders))
        if outcome == "void":
            return self.tr("end_void")
        when = EVENTS.get(reason)  # an event without words for the hands it ends: its own
        if when is not None and outcome == "showdown":  # words for when it happens
            said = when.say("when", None, self.terms)
            return self.tr("end_when", when=said[:1].upper() + said[1:])
        return self.tr("end_other", outcome=outcome, reason=reason)

    def how_won(self, winners: list[int], holders: list[int], dealt: bool, combo_of) -> str:
        """A hand won at once: by the holders of a combination (`dealt`: as they were dealt
        it), by the dealer for a zone dealt one, or plainly."""
        if holders:
            key = "end_win_dealt" if dealt else "end_win"
            return self.about(key, holders, combo=combo_of(holders))
        if dealt and self._deal is not None:
            for zone, codes in self._deal.data.get("zones", {}).items():
                cards = self._hand_cards(codes)
                if cards and len(cards) == self.rules.hand_size:
                    v = self.rules.valuation.of(cards)
                    if v.instant:
                        return self.about("end_win_zone", winners, zone=self.zone(zone),
                                          combo=self.combo(v.combo))
        return self.about("end_win_plain", winners)

    def told(self, outcome: str, reason: str) -> str | None:
        """The sentence the hand-end reason's unit tells this outcome with, if it has one (and
        the player it is about, when it names one, is known)."""
        ending = ending_of(reason)
        if ending is None or outcome not in ending.told:
            return None
        if ending.about is None:
            return self._ending_words(ending.told[outcome])
        p = self._last.get(ending.about)
        if p is None:
            return None
        if self._is_viewer([p]) and outcome in ending.told_you:
            return self._ending_words(ending.told_you[outcome])
        return self._ending_words(ending.told[outcome], who=self.who(p))

    def _ending_words(self, words: Mapping[str, str], **who) -> str:
        """A hand-end reason's sentence, with its fields: `{stock}` (the zone the undealt cards
        went to), `{turns}` (the turn limit), `{who}`."""
        return self.own_words(words).format(stock=self.rest(), turns=MAX_TURNS_PER_HAND, **who)

    def hand_end(self, d: Mapping) -> list[str]:
        if self.rules.stakes.mode.scores_cards:  # a capture game: the taken cards are counted
            key = "end_void" if d["outcome"] == "void" else "end_score"
            return ["", self.rule(self.tr("hand_over", hand=self._hand)), self.tr(key)]
        out = ["", self.rule(self.tr("hand_over", hand=self._hand)), self.how_it_ended(d)]
        rows = []
        for p in sorted(d["hands"], key=int):
            cards = self.sort(self._hand_cards(d["hands"][p]))
            rows.append((self.name(int(p)), self.codes(cards), self.value(cards)))
        out += ["  " + line for line in table(rows)]
        return out

    def counted(self, state, d: Mapping) -> list[str]:
        """What decided each point at a capture game's hand end, side by side: each scoring
        entry's count as its unit counts it (cards 21-19, denari 6-4, the primiera's sums, the
        scope), the events that score as they are made and the points scored so far in the
        hand (sweeps scored as they are made); then each entry nobody won, and why (a tie)."""
        from trentuno.engine.tally import SCORES, count_words, event_plural
        scoring, tr = self.rules.scoring, self.tr
        if scoring is None or "counts" not in d:
            return []
        sides = range(len(d["cards"]))
        members = [state.side_members[side] for side in sides]
        rows = [[tr("counted")] + [self.whos(m).form("bare") for m in members]]
        missing: list[str] = []
        for (key, param, _), counts in zip(scoring.hand, d["counts"]):
            rows.append([count_words(key, param, self.terms)] +
                        [self._count(c) for c in counts])
            why = SCORES[key].phrase(self.lang, "missing")
            if None in counts and why is not None:
                missing.append(tr("count_missing_is", why=why(param, self.terms)))
        for event in scoring.events:
            rows.append([event_plural(event, self.lang)] +
                        [str(d["events"][side].get(event, 0)) for side in sides])
        if scoring.events:
            rows.append([tr("scored_in_hand")] +
                        [self._count(self._scored.get(m[0], 0)) for m in members])
        out = ["  " + line for line in table(rows, right=tuple(range(1, len(rows[0]))))]
        out += ["  " + line for line in missing]
        return out + self.nobody_scored(d)

    def nobody_scored(self, d: Mapping) -> list[str]:
        """A line for each scoring entry no side scored: a tie of the highest counts (a unit
        that gives its points to the most), no side able to win it, or nobody qualifying."""
        from trentuno.engine.tally import SCORES, reason_words
        out = []
        for i, ((key, param, _), (_, points), counts) in enumerate(
                zip(self.rules.scoring.hand, d["scores"], d["counts"])):
            if any(points):
                continue
            unit, reason = SCORES[key], reason_words(self.terms, f"{key}#{i}")
            known = [c for c in counts if c is not None]
            why = unit.phrase(self.lang, "missing")
            if unit.most and len(known) > 1 and known.count(max(known)) > 1:
                shown = "-".join(self._count(c) for c in counts)
                out.append(self.tr("nobody_scores_tie", reason=reason, counts=shown))
            elif not known and why is not None:
                out.append(self.tr("nobody_scores_missing", reason=reason,
                                   why=why(param, self.terms)))
            else:
                out.append(self.tr("nobody_scores", reason=reason))
        return out

    def _count(self, c: Any) -> str:
        return self.tr("count_missing") if c is None else str(number(c))

    def game_over(self, state, winners: Sequence[int]) -> list[str]:
        tr = self.tr
        played = min(state.hand_number, MAX_HANDS_PER_GAME)  # not the hand the net refused
        out = ["", self.rule(tr("game_over", n=played))]
        if state.hand_number > MAX_HANDS_PER_GAME:
            out.append(tr("hand_limit", n=MAX_HANDS_PER_GAME))
        if winners:
            key = "winner" if len(winners) == 1 else "winners"
            line = tr(key, who=self.whos(winners))
            if self.seat in winners:
                line += "  " + tr("you_won")
            out.append(self.s(line, bold=True))
        else:
            out.append(tr("nobody_wins"))
        if self.rules.stakes.mode.counts_to_target:  # the standing is the score: said as it is
            return out + self.final_score(state)
        returns = state.returns()
        if any(returns):
            out.append(tr("returns"))
            rows = [(self.name(p), f"{number(r):+}") for p, r in enumerate(returns)]
            out += ["  " + line for line in table(rows, right=(1,))]
        return out

    def final_score(self, state) -> list[str]:
        """The points each side (each player, without partners) ends with, in a game whose
        standing counts towards a target: the score, not what was won less what was paid."""
        rows, seen = [], set()
        for p in range(state.players):
            members = tuple(state.side_members[state.side_of[p]])
            if members in seen:
                continue
            seen.add(members)
            rows.append((self.whos(members).form("bare"), self.stake(state, p)))
        return [self.tr("final_score")] + ["  " + line for line in table(rows, right=(1,))]
