"""What a ruleset's games are worth and how long they last, declared before any is played.

`utility(rules, players)` says, for `GameState.returns()` (won less paid, per seat):

* whether the returns of every finished game add up to one number (`sum_kind`: "zero-sum",
  "constant-sum", "general-sum") and the range of their sum;
* the bounds of one seat's returns over a whole game (None: not bounded by the rules, e.g. a
  re-entry lets lives be lost again and again);
* the bounds of one seat's *hand result*, the change of his standing over one hand (lives,
  chips, penalty points, points won; signed so that more is better): what a one-hand horizon
  pays, since `returns()` of most modes moves only when the game ends;
* the longest game and hand in decisions. No built-in ruleset bounds its length by itself (a
  hand of draws and discards can go on, a game of points can tie on), so `length_bounded` is
  False and the lengths are the engine's safety caps (MAX_HANDS_PER_GAME hands of at most
  MAX_TURNS_PER_HAND turns, each of at most one decision per step of a turn): real bounds a
  framework may rely on, but far beyond any game actually played.

Each stakes mode declares its own (`StakesMode.utility`): this module holds those
declarations and asks the mode, never its name.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .rules import Ruleset

SumKind = Literal["zero-sum", "constant-sum", "general-sum"]


@dataclass(frozen=True)
class Returns:
    """What a stakes mode declares of `returns()` and of a hand's result."""
    sum_kind: SumKind
    sum_range: tuple[float, float]        # the sum of a finished game's returns
    game: tuple[float | None, float | None]   # one seat's returns over a game
    hand: tuple[float | None, float | None]   # one seat's hand result (standing change)


@dataclass(frozen=True)
class Utility(Returns):
    """`Returns` with the lengths (see the module's docstring)."""
    max_game_length: int = 0   # decisions
    max_hand_length: int = 0
    length_bounded: bool = False  # bounded by the rules themselves, not only the caps
    #: one seat's returns over a game within the engine's caps: `game` where the rules bound
    #: it, else what MAX_HANDS_PER_GAME hands each paying the most can add up to
    game_capped: tuple[float, float] = (float("-inf"), float("inf"))

    @property
    def constant(self) -> float | None:
        """The sum of every finished game's returns, when it is one number."""
        lo, hi = self.sum_range
        return lo if lo == hi else None


def utility(rules: Ruleset, players: int | None = None) -> Utility:
    """The declared returns and lengths of `rules` at `players` (see the module)."""
    from .state import MAX_HANDS_PER_GAME, MAX_TURNS_PER_HAND
    n = rules.default_players if players is None else players
    rules = rules.for_players(n)
    declared: Returns = rules.stakes.mode.utility(rules, n)
    per_turn = _steps_per_turn(rules)
    hand = (MAX_TURNS_PER_HAND + (1 if rules.opening else 0)) * per_turn
    lo, hi = declared.game
    capped = (float(lo), float(hi)) if lo is not None and hi is not None else \
        _capped(declared.hand, n, MAX_HANDS_PER_GAME)
    return Utility(declared.sum_kind, declared.sum_range, declared.game, declared.hand,
                   max_game_length=MAX_HANDS_PER_GAME * hand, max_hand_length=hand,
                   game_capped=capped)


def starting_standing(rules: Ruleset, players: int | None = None) -> list[float]:
    """Each seat's standing before the first hand (before its antes), signed as a hand
    result is: what a one-hand horizon's result counts from, even for a hand that ended as
    it was dealt."""
    n = rules.default_players if players is None else players
    stakes = rules.for_players(n).stakes
    return [float(stakes.mode.sign * stakes.mode.start(stakes))] * n


def _capped(hand: tuple[float | None, float | None], players: int, hands: int
            ) -> tuple[float, float]:
    """A seat pays at most the worst hand result every hand and takes at most what all the
    others paid."""
    worst = hand[0]
    if worst is None:
        return (float("-inf"), float("inf"))
    return (hands * worst, -(players - 1) * hands * worst)


def _steps_per_turn(rules: Ruleset) -> int:
    """The most decisions one turn can take: the longest chain of steps by `then`."""
    longest: dict[str, int] = {}

    def depth(name: str, seen: frozenset[str]) -> int:
        if name in longest:
            return longest[name]
        if name in seen:  # a loop the compiler let through: count each step once
            return 0
        nxt = [o.then for o in rules.steps[name].options if o.then is not None]
        d = 1 + max((depth(t, seen | {name}) for t in nxt), default=0)
        longest[name] = d
        return d
    return max(depth(s, frozenset()) for s in rules.steps)


def _most_paid(rules: Ruleset) -> int:
    """The most a payer pays in one hand, by the settle rules."""
    paid = [r.lives for r in (rules.settle_win, rules.settle_showdown)]
    paid += [r.knocker_lives for r in (rules.settle_win, rules.settle_showdown)]
    if any(r.points_below is not None for r in (rules.settle_win, rules.settle_showdown)):
        from .compiler import MAX_PAYMENT
        paid.append(MAX_PAYMENT)
    return int(max(paid))


def _most_received(rules: Ruleset, players: int) -> float:
    """The most a seat receives in one hand from a pay policy that passes on what its payers
    pay (its closure names the receivers, `gives_to`): everybody else's payment."""
    if not any(getattr(r.choose, "gives_to", None) for r in (rules.settle_win,
                                                             rules.settle_showdown)):
        return 0.0
    return float((players - 1) * _most_paid(rules))


# ---- what each mode declares (StakesMode.utility) -------------------------------------------
def undeclared(rules: Ruleset, players: int) -> Returns:
    """A mode that declares nothing: no bounds at all."""
    return Returns("general-sum", (float("-inf"), float("inf")), (None, None), (None, None))


def one_each_returns(rules: Ruleset, players: int, hand: tuple[float | None, float | None]
                     ) -> Returns:
    """The game's winners get one each: a seat's returns are 0 or 1, and they add up to the
    number of winners (one, or all who share a win)."""
    return Returns("general-sum", (1.0, float(players)), (0.0, 1.0), hand)


def lives_utility(rules: Ruleset, players: int) -> Returns:
    """Lives: each payer loses his lives; with `into_pot` each life lost is a stake the
    winners share (a pot that does not divide keeps its rest), else the winners get one
    each. A re-entry gives lives back, so what can be paid is then unbounded."""
    st = rules.stakes
    again = st.reentry_who is not None
    received = _most_received(rules, players)
    hand = (-float(min(_most_paid(rules), st.lives)) if not again else
            -float(_most_paid(rules)),
            (float(st.reentry_lives) if again else 0.0) + received)
    if not st.into_pot:
        return one_each_returns(rules, players, hand)
    lives = float(st.lives)
    game = (None, None) if again else (-lives, (players - 1) * lives)
    return Returns("general-sum", (-(players - 1.0), 0.0), game, hand)


def pot_utility(rules: Ruleset, players: int) -> Returns:
    """A pot: a seat's returns are his chips now less his bankroll; chips left in the pot
    when the game ends (carried, or a rest that does not divide) are nobody's."""
    st = rules.stakes
    bank = float(st.bankroll)
    return Returns("general-sum", (-players * bank, 0.0), (-bank, (players - 1) * bank),
                   (-float(st.ante), players * bank))


def points_utility(rules: Ruleset, players: int) -> Returns:
    """Penalty points: the winners get one each; a hand costs a payer at most his price."""
    return one_each_returns(rules, players, (-float(_most_paid(rules)),
                                             _most_received(rules, players)))


def score_utility(rules: Ruleset, players: int) -> Returns:
    """Points won from the cards taken: the winners get one each; a hand scores at most what
    taking every card would score by `scoring:`, plus every capture's event points."""
    return one_each_returns(rules, players, (0.0, _most_scored(rules)))


def _most_scored(rules: Ruleset) -> float:
    """A bound on the points one side scores in a hand: every end-of-hand entry as if it took
    every card and made an event on every play, plus the event points of a capture of the
    whole deck and the fixed part of one on every play."""
    scoring = rules.scoring
    if scoring is None:
        return 0.0
    deck = rules.deck
    n = len(deck.cards)
    every = list(range(n))
    names = set(scoring.events) | {ev.name for opts in _capture_events(rules) for ev in opts} \
        | _trigger_events(rules)
    counts = [dict.fromkeys(names, n), {}]
    total = 0.0
    for _, _, scorer in scoring.hand:
        total += max(0.0, float(scorer(deck, [every, []], counts)[0]))
    for points in scoring.events.values():
        whole = max(points(deck, c, [d for d in every if d != c]) for c in every)
        one = max(points(deck, c, ()) for c in every)
        total += max(0.0, float(whole)) + n * max(0.0, float(one))
    return total


def _trigger_events(rules: Ruleset) -> set[str]:
    from .triggers import trigger_events
    return trigger_events(rules)


def _capture_events(rules: Ruleset) -> Sequence[Any]:
    return [o.params.get("_events", ()) for step in rules.steps.values()
            for o in step.options]
