"""The Monte Carlo bot (`mc`): flat determinized search over the worlds its player cannot tell
apart, with inference from what the others did and scoring by the game.

For each decision it deals the cards its player cannot see again (`state.resample`), tries
every legal move in that same world, plays each on to the end of the hand with `greedy` for
every seat, and scores how the hand left the player. Two things make it more than that:

* **Inference** (`infer=on`): a world is kept with the chance that greedy players holding its
  hands would have made the moves the table saw them make in their last turn (see `Turn`):
  a player who did not knock when he could probably holds less than greedy's bar, one who
  took the discard holds a hand it raises, one who drew blind instead holds a hand it does
  not, and the card he threw away was his worst. A world that breaks one of these is kept
  with a small chance (`SLIP`: the others may not play greedy), so the inference bends the
  deal towards the likely hands and never rules a hand out. Only the public history of the
  hand as the player saw it is read (`Observation.history`), never the state's hidden cards.
* **Scoring by the game** (`score=game`): where players go out by losing lives one at a time
  (the stakes mode pays, does not count towards a target and takes no antes), a world's
  score is the chance that the player wins the game from the standing the hand left, as a
  race in which every later hand costs one life to a player drawn at random (`race`): a life
  is worth what it changes in that chance, so the standing of everyone counts, not the
  difference of one hand, and another player put out is worth what it brings the player
  nearer to winning. Elsewhere (pots, points, capture
  games) the score is the hand's (`score=hand`): what it left the player against the others.

How far to trust the inference is a parameter: `slip` (default `SLIP`) is what a world keeps
for each move greedy would not have made holding it; `infer=weigh` keeps every world, one deal
each, weighed by its likelihood ** `alpha` instead of drawing again (cheaper: about a tenth
more than no inference, where drawing again costs about half as much again).
`bench/mc_clues.py` fits the slip per clue to how a kind of player plays: against greedy
players the real hands never break the discard clue (slip 0) and seldom the others (0.25),
against the previous `mc` they break all of them far more (0.33-0.48; docs/lab.md).
`adapt=on` lets a decision settled early (every other move `SETTLED` standard errors below
the favourite) bank the worlds it did not use for the open ones.

How the playouts of a decision are spread over its moves is a parameter too: by default the
first quarter of the worlds narrows many moves to a few; `alloc=halve` (a constructor
argument; `--bots` does not list it yet) spends the same playouts in rounds of successive
halving, so that the last two moves are compared over more worlds.

Who the playouts' players are is a parameter as well: greedy at every seat, whose knock bar
starts at `others` (the other players; default `GREEDY_KNOCK`, greedy's own 27) and at `own`
(the searching player's own later turns; `others` when not given), falling a point a round.
A lower bar ends the playouts' hands sooner, as players who search knock sooner than greedy
(docs/lab.md, session 15). The `--bots` parser does not list these two yet
(`PLAYOUT_BARS`; bench/mc_strength.py reads them from a spec).

Late in a long hand (from round `PATIENCE`) the bot knocks where greedy would: the playouts'
greedy players knock with anything by then, which makes every other move look better than a
knock, and bots that all search so would never end the hand.

All of it is opt-in: measured by bench/mc_strength.py (docs/lab.md), none of it makes the
bot measurably stronger against both greedy and the previous `mc` at equal time per decision
(the softer `slip=0.35` at the 22 worlds that cost what 32 do without it plays level with
the previous `mc` against greedy, and under the fair share against three of it on a seed not
used to fit it; nor do playouts whose players knock from a bar of 25, `others=25`, session 15),
so plain `mc` stays the bot it was.
"""
from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from .roles import DISCARD, DRAW, KNOCK, PASS, SWAP, SWAP_ALL
from .rules import Action

#: The chance a world is kept per move of a player's last turn that greedy would not have made
#: holding that world's hand: small, since most of the others' moves are greedy's, but not
#: nothing, since they may play otherwise (and the model does not know every rule of a turn).
SLIP = 0.15
#: At most this many deals are drawn for one world before the likeliest of them is taken:
#: a deal costs a few hundredths of a playout, and this bounds the work of a decision.
TRIES = 6
#: adapt=on: a decision is settled when every other move is this many standard errors below
#: the favourite; one may borrow up to BORROW times its worlds from the bank, which holds at
#: most BANK times them
SETTLED = 2.0
BORROW = 3
BANK = 8
#: The knock bar of the greedy the others are taken to be: knock - (round - 2), knock = 27.
GREEDY_KNOCK = 27
#: From this round of a hand on, the bot knocks whenever greedy would. The playouts take every
#: other player for greedy, whose bar falls a point a round, so late in a long hand they have
#: the next player knock at his turn with anything, and any move that keeps the hand going
#: (even a swap that changes nothing) scores better than a knock. Players who all search so
#: never knock: two `mc:iterations=8` in a swapping game swapped the same card back and forth up
#: to the 2,000-turn limit. Greedy's bar is 19 by then, and mc's hands seldom last so long.
PATIENCE = 10
#: the constructor's playout knock bars, which `--bots` does not list yet
PLAYOUT_BARS = ("others", "own")


class MonteCarloBot:
    """Determinized flat Monte Carlo with common random numbers, improving on `greedy` (see
    the module's docstring for the inference and the scoring).

    Every move is tried in the same worlds, so their scores differ by the moves, not by the
    luck of the deal. With more than `keep` + 1 moves, the first quarter of the worlds
    chooses the `keep` best of them, which go on with greedy's move through the rest. The bot
    plays greedy's own move unless another one scored clearly better: by more than `caution`
    standard errors of the difference. The budget is `iterations` worlds, cut short after
    `time` seconds when that is given (a seed then no longer reproduces a game exactly).

    It never changes the state it is asked about (the worlds are copies, and the caches it
    fills on that state are set whole, in one assignment): `play` relies on that to give a
    move up at once when a stop signal comes while the bot thinks, the game standing as
    before the move (tests/test_resume.py stops it at random lines to check). Its work is
    bounded: `iterations` worlds of at most `TRIES` deals and one playout per move each.

    Why flat and not information-set MCTS: a decision here has two to a dozen moves and the
    hand ends within a few turns, so the budget is best spent on many short playouts per
    move, compared world by world; a tree would spread the same few hundred playouts over
    the opponents' replies and learn less per playout."""

    def __init__(self, seed: int | None = None, iterations: int = 32,
                 time: float | None = None, caution: float = 0.5, keep: int = 3,
                 infer: str = "off", score: str = "hand", alpha: float = 1.0,
                 slip: float = SLIP, adapt: str = "off", alloc: str = "narrow",
                 others: float = GREEDY_KNOCK, own: float | None = None):
        from .bots import greedy_bot  # (bots re-exports this class: imported when first made)
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time = time
        self.caution = caution
        self.keep = keep
        self.infer = infer != "off"
        #: weigh the worlds by their likelihood ** alpha instead of drawing again (infer=weigh)
        self.weigh = infer == "weigh"
        self.alpha = alpha
        self.slip = slip
        self.by_game = score == "game"
        #: adapt=on: a decision that is settled early (no other move can plausibly beat the
        #: favourite) stops and banks the worlds it did not use; an open one may draw on them
        self.adapt = adapt == "on"
        self.bank = 0
        #: alloc=halve: successive halving over the moves at the playouts the narrowing costs
        self.halve = alloc == "halve"
        self.playout = greedy_bot()
        #: the playouts' players: greedy whose knock bar starts at `others` (the others) and
        #: at `own` (the searching player's own later decisions; `others` when not given)
        self.others = greedy_bot(knock=others)
        self.own = self.others if own is None else greedy_bot(knock=own)

    def __call__(self, state, actions: list) -> Action:
        if len(actions) == 1:
            return actions[0]
        p = state.current_player
        favourite = self.playout(state, actions)
        if favourite.role is KNOCK and state.round >= PATIENCE:
            return favourite
        fav = actions.index(favourite)
        turns = last_turns(state, p, self.rng) if self.infer else []
        scorer = _Scorer(state, p, self.by_game)
        # per move: the sum and sum of squares of its gain over the favourite's, world by world
        diff = [0.0] * len(actions)
        square = [0.0] * len(actions)
        total = [0.0, 0.0]  # the worlds' weights, and their squares
        deadline = None if self.time is None else time.perf_counter() + self.time
        tried = list(range(len(actions)))
        budget, cuts = self._schedule(len(actions))
        narrow = max(cuts, default=0)
        worlds = 0
        budget += min(self.bank, BORROW * self.iterations) if self.adapt else 0
        while worlds < budget:
            world, w = self._world(state, p, turns)
            gains = self._playouts(world, actions, tried, scorer)
            worlds += 1
            total[0] += w
            total[1] += w * w
            base = gains[fav]
            for i, g in gains.items():
                d = g - base
                diff[i] += w * d
                square[i] += w * d * d
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if worlds in cuts:
                rivals = sorted((i for i in tried if i != fav), key=lambda i: -diff[i])
                tried = sorted([fav] + rivals[:cuts[worlds] - 1])
            if self.adapt and worlds >= max(narrow, 8) and worlds % 4 == 0 and \
                    self._settled(fav, tried, diff, square, total):
                break
        if self.adapt:
            self.bank = min(self.bank + self.iterations - worlds, BANK * self.iterations)
        return actions[self._pick(fav, tried, diff, square, total)]

    def _schedule(self, moves: int) -> tuple[int, dict[int, int]]:
        """How many worlds a decision plays, and after how many of them it keeps how many
        moves (the favourite among them). By default, with more than `keep` + 1 moves, the
        first quarter of the worlds picks the `keep` best, which go on through the rest.
        With alloc=halve, the playouts that costs are spent in rounds that each halve the
        moves, every round the same share of playouts: a close call between the last two
        gets more worlds than the narrowing gives it, a hopeless move fewer."""
        n, keep = self.iterations, self.keep + 1
        narrow = n // 4 if moves > keep else 0
        if not self.halve or moves <= 2:
            return n, ({narrow: keep} if narrow else {})
        playouts = narrow * moves + (n - narrow) * min(moves, keep)
        rounds = (moves - 1).bit_length()  # ceil(log2(moves))
        cuts, worlds, alive = {}, 0, moves
        for _ in range(rounds):
            worlds += max(playouts // (rounds * alive), 1)
            alive = max((alive + 1) // 2, 2)
            cuts[worlds] = alive
        cuts.pop(worlds)  # (the last round's end is the decision's)
        return worlds, cuts

    def _settled(self, fav: int, tried: list[int], diff: list[float], square: list[float],
                 total: list[float]) -> bool:
        """Whether no move but the favourite could still score clearly better: each one's
        mean gain is more than `SETTLED` standard errors below the favourite's."""
        weight = total[0]
        if weight <= 0.0:
            return False
        worlds = weight * weight / total[1]
        for i in tried:
            if i == fav:
                continue
            mean = diff[i] / weight
            spread = max(square[i] / weight - mean * mean, 0.0) ** 0.5
            if mean + SETTLED * spread / worlds ** 0.5 >= 0.0:
                return False
        return True

    def _world(self, state, p: int, turns: list[Turn]) -> tuple[Any, float]:
        """A world for `p` and its weight: a deal of what he cannot see, weighed by the chance
        that the others would have played their last turns so holding it, tempered
        (** alpha), with `infer=weigh`; with `infer=on`, kept with that chance (the likeliest
        of `TRIES` deals when none is kept), weight 1."""
        rng = self.rng
        best, best_chance = None, -1.0
        for _ in range(TRIES if turns and not self.weigh else 1):
            world = state.resample(p, rng, keep_best=True, history=False, stop_at_hand_end=True)
            if not turns:
                return world, 1.0
            chance = likelihood(world, turns, self.slip)
            if self.weigh:
                return world, chance ** self.alpha
            if rng.random() < chance:
                return world, 1.0
            if chance > best_chance:
                best, best_chance = world, chance
        return best, 1.0

    def _playouts(self, world, actions: list, tried: list[int], scorer: _Scorer) -> dict:
        """Each tried move played in `world` and on to the end of the hand, scored."""
        others, own, p = self.others, self.own, scorer.p
        before = scorer.before(world)
        last = tried[-1]
        gains = {}
        play = world.facts.play  # what `apply_unchecked` calls, without the call around it
        for i in tried:
            sim = world if i == last else world.clone()
            sim.apply_unchecked(actions[i])
            while not sim.hand_over:
                action = (own if sim.current_player == p else others)(sim, sim._legal)
                play[action.option_ref](sim, action)
            gains[i] = scorer.score(sim, before)
        return gains

    def _pick(self, fav: int, tried: list[int], diff: list[float], square: list[float],
              total: list[float]) -> int:
        """The favourite, unless a move scored clearly better in these worlds (the means and
        spreads weighted by the worlds' weights, the error by their effective number)."""
        best, best_margin = fav, 0.0
        weight = total[0]
        if weight <= 0.0:
            return best
        worlds = weight * weight / total[1]
        for i in tried:
            mean = diff[i] / weight
            spread = max(square[i] / weight - mean * mean, 0.0) ** 0.5
            margin = mean - self.caution * spread / worlds ** 0.5
            if margin > best_margin:
                best, best_margin = i, margin
        return best


# ---- inference: what the others' last turns say of their hands -----------------------------
class Turn(NamedTuple):
    """One other player's last turn, as the deciding player saw it (cards as bit masks)."""
    player: int
    took: int            # the cards everyone saw go into his hand
    gave: int            # the cards everyone saw leave it
    blind: int           # how many cards went into it unseen (a blind draw)
    kept_before: int     # cards everyone saw him hold before the turn (not the blind card)
    could_knock: bool    # a knock was offered at the turn's first step, and he did not knock
    declined: int | None  # the visible top card he left for a blind draw
    taken: int | None     # the visible top card he took
    discarded: int | None  # the card he threw away, when the turn was a draw and a discard
    bar: float           # greedy's knock bar at the turn
    #: a turn that began with a pass or an exchange with a face-up zone: the zone's cards
    #: then, whether one card or the whole hand could be exchanged, and whether he exchanged
    table: int | None = None
    swaps: bool = False
    swap_all: bool = False
    exchanged: bool = False


def last_turns(state, p: int, rng: random.Random) -> list[Turn]:
    """The last turn of each other player in this hand, from `p`'s view of its history.

    Whether a knock was offered at a turn is asked of the knock's guards in a world `p`
    cannot tell from this one (drawn from `rng`), set back to the turn's round, turn and
    nobody knocked: the guards read the public facts of the moment (a guard on the hand
    reads a dealt one, and the slip in `likelihood` covers it)."""
    obs = state.observation(p)
    rules = state.rules
    steps = rules.steps
    knocked = False
    tops: dict[str, list[int]] = {}   # per zone: the cards seen put on top of it, in order
    known = [0] * state.players       # per player: the cards everyone saw him take and keep
    found: dict[int, Turn] = {}
    history = obs.history
    # the turn order is the order the players first moved in: a round runs through it, so a
    # player before `p` in it played his last turn in this round, one after him in the last
    order = list(dict.fromkeys(m.player for m in history))
    mine = order.index(p) if p in order else len(order)
    probe = None  # the world the knock's guards are asked of
    tables = _tables_before(obs, history, steps)
    i = turn = 0
    while i < len(history):
        q = history[i].player
        j = i
        while j < len(history) and history[j].player == q:
            j += 1
        if q != p:
            round_ = obs.round - (order.index(q) >= mine)
            knock = next((o for o in steps[history[i].step].options if o.role is KNOCK), None)
            could = False
            if knock is not None and not knocked:
                if probe is None:
                    probe = state.resample(p, rng, history=False)
                probe.round, probe.turns_in_hand, probe.knocker = round_, turn, None
                could = all(g(probe, q) for g in knock.guards)
            found[q] = _exchange(_turn(history[i:j], steps, tops, known[q], could, round_),
                                 history[i], steps, tables[i])
        turn += 1
        for m in history[i:j]:
            option = steps[m.step].options[m.option]
            knocked = knocked or option.role is KNOCK
            took, gave = _mask(m.took), _mask(m.gave)
            known[q] = (known[q] | took) & ~gave
            pile = tops.setdefault(option.zone, []) if option.zone is not None else None
            if pile is not None and took and pile and took >> pile[-1] & 1:
                pile.pop()
            if pile is not None and gave and option.role is DISCARD:
                pile.extend(m.gave)
        i = j
    return [t for q, t in sorted(found.items()) if q in obs.alive]


def _turn(moves: Sequence[Any], steps: Any, tops: dict[str, list[int]], kept: int,
          could_knock: bool, round_: int) -> Turn:
    """One turn's summary (see `Turn`), the piles' tops as they were before it."""
    took = gave = blind = 0
    declined = taken = discarded = None
    first = steps[moves[0].step]
    first_role = first.options[moves[0].option].role
    offered = {o.zone: tops[o.zone][-1] for o in first.options
               if o.role is DRAW and o.zone is not None and tops.get(o.zone)}
    for m in moves:
        option = steps[m.step].options[m.option]
        took |= _mask(m.took)
        gave |= _mask(m.gave)
        if option.role is DRAW and not m.took:
            blind += 1
            if offered and option.zone not in offered:
                declined = next(iter(offered.values()))
        elif option.role is DRAW and option.zone in offered:
            taken = offered[option.zone]
        elif option.role is DISCARD and len(m.gave) == 1:
            discarded = m.gave[0]
    if blind + (taken is not None) != 1 or discarded is None:
        discarded = None  # not the plain shape (one draw, one discard): no claim on the discard
    return Turn(moves[0].player, took, gave, blind, kept,
                could_knock and first_role is not KNOCK, declined, taken,
                discarded, GREEDY_KNOCK + 2 - round_)


def _tables_before(obs: Any, history: Sequence[Any], steps: Any) -> list[dict | None]:
    """Per move of the history, the cards of each face-up zone before it (masks), worked back
    from what shows now through the cards everyone saw go in and out; None before a move
    the cards do not trace back through (the zone was dealt again)."""
    cards = {z: _mask(obs.zone_cards(z)) for z in obs.zones if obs.face_up(z)}
    out: list[dict | None] = [None] * len(history)
    for k in range(len(history) - 1, -1, -1):
        m = history[k]
        z = steps[m.step].options[m.option].zone
        if z in cards:
            took, gave = _mask(m.took), _mask(m.gave)
            if gave & ~cards[z]:
                break
            cards[z] = (cards[z] & ~gave) | took
        out[k] = dict(cards)
    return out


def _exchange(t: Turn, first: Any, steps: Any, tables: dict | None) -> Turn:
    """The turn with what greedy's exchanges say, when it began with a pass or an exchange
    with a face-up zone whose cards then are known."""
    options = steps[first.step].options
    role = options[first.option].role
    zone = next((o.zone for o in options if o.role in (SWAP, SWAP_ALL)), None)
    if tables is None or zone not in tables or role not in (SWAP, SWAP_ALL, PASS) or t.blind:
        return t
    offered = {o.role for o in options if o.zone == zone}
    return t._replace(table=tables[zone], swaps=SWAP in offered, swap_all=SWAP_ALL in offered,
                      exchanged=role is not PASS)


def likelihood(world, turns: list[Turn], slip: float = SLIP) -> float:
    """The chance greedy players holding `world`'s hands would have played `turns`, relative
    to the likeliest hands (1.0): SLIP for each move greedy would not have made."""
    valuation = world.rules.valuation
    strength, value = valuation.strength, valuation.value
    chance = 1.0
    for t in turns:
        now = world.masks[t.player]
        if t.discarded is not None:  # the card thrown away was his worst
            full = now | 1 << t.discarded
            best = strength.get(now)
            if best is not None and any(strength.get(full & ~(1 << c), -1) > best
                                        for c in _bits(now)):
                chance *= slip
        chance *= _before_chance(t, now, strength, value, slip)
        if t.table is not None:
            chance *= _exchange_chance(t, now, strength, slip)
    return chance


def _exchange_chance(t: Turn, now: int, strength: dict, slip: float) -> float:
    """Greedy makes the exchange that raises the hand most, else passes: SLIP when the hand
    held before the turn says otherwise."""
    before = (now & ~t.took) | t.gave
    own = strength.get(before)
    table = t.table
    if own is None or table is None:
        return 1.0
    best = strength.get(table, -1) if t.swap_all else -1
    if t.swaps:
        for h in _bits(before):
            rest = before & ~(1 << h)
            for c in _bits(table):
                s = strength.get(rest | 1 << c, -1)
                if s > best:
                    best = s
    if t.exchanged:
        made = strength.get(now, -1)
        return 1.0 if made > own and made >= best else slip
    return 1.0 if best <= own else slip


def _before_chance(t: Turn, now: int, strength: dict, value: dict, slip: float) -> float:
    """The chance of the turn's first move from the hand he held before it, averaged over
    which of his cards was the one drawn unseen."""
    start = (now & ~t.took) | t.gave
    if t.blind == 0:
        befores = [start]
    elif t.blind == 1:
        befores = [start & ~(1 << c) for c in _bits(start & ~t.kept_before)]
    else:
        return 1.0
    total = 0.0
    for before in befores:
        own = strength.get(before)
        if own is None:
            total += 1.0
            continue
        chance = 1.0
        if t.could_knock and value[before] >= t.bar:
            chance *= slip
        card = t.declined if t.declined is not None else t.taken
        if card is not None:
            raises = any(strength.get((before | 1 << card) & ~(1 << c), -1) > own
                         for c in _bits(before))
            if raises == (t.declined is not None):
                chance *= slip
        total += chance
    return total / len(befores) if befores else 1.0


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---- scoring: by the game, or by the hand ---------------------------------------------------
class _Scorer:
    """How a playout's end is scored for player `p`: his chance of winning the game (`race`)
    where players go out life by life, else what the hand gave him against the others."""

    def __init__(self, state, p: int, by_game: bool):
        stakes = state.rules.stakes
        mode = stakes.mode
        self.p = p
        self.sign = mode.sign
        self.last_chance = int(stakes.last_chance)
        self.race = by_game and mode.pays and not mode.counts_to_target and not mode.antes

    def before(self, world) -> tuple[list[float], list[int]]:
        """What the score of a playout from `world` compares with: the standings before the
        hand and the others in it (nothing, for the race)."""
        if self.race:
            return [], []
        return _standings(world, self.sign), [q for q in world.alive if q != self.p]

    def score(self, sim, before: tuple[list[float], list[int]]) -> float:
        p = self.p
        if not self.race:
            return _gain(_standings(sim, self.sign), p, before[1], before[0])
        if sim.is_over:
            return 1.0 / len(sim.winners) if p in sim.winners else 0.0
        alive = sim.alive
        if p not in alive:
            return 0.0
        lives, extra = sim.lives, self.last_chance
        others = tuple(sorted(lives[q] + extra for q in alive if q != p))
        return race(lives[p] + extra, others)


@lru_cache(maxsize=4096)
def race(mine: int, others: tuple[int, ...]) -> float:
    """The chance of being the last one in, holding `mine` losses before going out against
    `others` (sorted), when every hand costs one loss to a player drawn at random."""
    if not others:
        return 1.0
    if mine <= 0:
        return 0.0
    total = race(mine - 1, others) if mine > 1 else 0.0
    for m in set(others):  # one of the others loses: those with as many losses left are alike
        k = others.index(m)
        rest = others[:k] + ((m - 1,) if m > 1 else ()) + others[k + 1:]
        total += others.count(m) * race(mine, tuple(sorted(rest)))
    return total / (len(others) + 1)


def _standings(state, sign: int) -> list[float]:
    """How well each player stands: what he holds, read the way the stakes mode reads it
    (penalty points count against), plus one for being still in the game."""
    alive = state.alive
    return [sign * state.lives[q] + (q in alive) for q in range(state.players)]


def _gain(after: list[float], p: int, others: list[int], before: list[float]) -> float:
    """What the hand gave `p` against the average of the others who were in it."""
    mine = after[p] - before[p]
    if not others:
        return mine
    return mine - sum(after[q] - before[q] for q in others) / len(others)
