"""Many bot games and what they add up to: the engine behind the `simulate` command.

Each game gets its own seed derived from (seed, game index), so a summary does not depend on
how the games were split between worker processes.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import compiled_turn, parse_bots, reads_history
from .hand_ends import endings
from .parallel import Batch, batches, run_batches
from .record import RecordError, record_of, save
from .stakes_modes import DEFAULT
from .state import MAX_HANDS_PER_GAME, GameState
from .stats import t_quantile_975, wilson
from .terms import Terms
from .triggers import EVENTS

#: a game stopped by the safety net, MAX_HANDS_PER_GAME hands played and no end by its rules
#: (its words: hand_ends.OWN)
HAND_LIMIT = "stopped:hand_limit"


def end_names(rules) -> dict[str, str]:
    """How hands end ("outcome:reason", reason being the trigger event or what ran out), in a
    user's words: each reason's own (`hand_ends.Ending.named`), in the ruleset's own words where
    it has them: its instant patterns' labels (a thirty-one), its knock option's label (a
    stand); in a game that scores the cards taken, how its showdowns are named there. A reason
    without words is shown as it is."""
    out: dict[str, str] = {}
    instant = list(dict.fromkeys(p.labels.get("en") or p.name
                                 for p in rules.valuation.patterns if p.instant))
    what = (instant[0] if len(instant) == 1 else "an instant hand") if instant else None
    scored = rules.stakes.mode.scores_cards
    for reason, ending in endings():
        names = {**ending.named, **({o: t.format(what=what) for o, t in ending.named_by.items()
                                     if _all_instant(rules, reason, o)} if what else {})}
        names.update({o: t for o, t in ending.named_other.items()
                      if not _all_instant(rules, reason, o)})
        if scored and "scored" in names:
            names["showdown"] = names["scored"]
        out.update({f"{outcome}:{reason}": name for outcome, name in names.items()
                    if outcome != "scored"})
    out.update(_told_by_when(rules, out))
    knock = next((o.labels.get("en") for st in rules.steps.values() for o in st.options
                  if o.is_knock and o.labels.get("en")), None)
    if knock:
        out["showdown:knock"] = knock[0].lower() + knock[1:]
    return out


def _told_by_when(rules, named: dict[str, str]) -> dict[str, str]:
    """The hands ended by an event of the ruleset's triggers that has no words for them
    (`Event.ends` None), named by when it happens ("hands compared when the bell rings")."""
    terms: Any = Terms(rules, "en")  # (the words of zones and players a phrase may use)
    out: dict[str, str] = {}
    for on in rules.triggers:
        event = EVENTS.get(on)
        if event is not None and event.ends is None and f"showdown:{on}" not in named:
            out[f"showdown:{on}"] = "hands compared " + event.say("when", None, terms)
    return out


def _all_instant(rules, on: str, outcome: str) -> bool:
    """Every trigger on `on` that ends a hand settled as `outcome` looks at a hand's
    combination (a player's instant hand, a zone's pattern), or none ends one at all: only
    then is such a hand end named after the instant hand."""
    from .triggers import OUTCOMES, about_hands, finds_holders
    ending = [t for t in rules.triggers.get(on, ()) if
              getattr(OUTCOMES.get(t.outcome), "settles", None) == outcome]
    return all(finds_holders(t) or about_hands(t) for t in ending)


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def seat_names(spec: str, players: int) -> list[str]:
    """The bot at each seat: one name for every seat, or a comma list with one per seat."""
    names = [s.strip() for s in spec.split(",")]
    return names * players if len(names) == 1 else names


def _interval(lo_hi: tuple[float, float]) -> list[float]:
    return [round(lo_hi[0], 4), round(lo_hi[1], 4)]


@dataclass
class Summary:
    variant: str
    games: int
    players: int
    seed: int
    bots: str
    hands: int = 0
    turns: int = 0
    seconds: float = 0.0
    wins: list = field(default_factory=list)        # per seat (a shared win counts for each)
    shared_wins: int = 0                            # games won by several players together
    hand_ends: dict = field(default_factory=dict)   # how hands ended -> count
    lives_lost: int = 0
    pot_paid: int = 0                               # stakes paid into pots
    max_hands: int = 0
    mode: str = DEFAULT                             # the stakes mode's name (stakes_modes)
    hands_squared: int = 0                          # sum over games of hands², for the interval

    def add(self, other: Summary) -> None:
        self.hands += other.hands
        self.turns += other.turns
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.shared_wins += other.shared_wins
        for k, v in other.hand_ends.items():
            self.hand_ends[k] = self.hand_ends.get(k, 0) + v
        self.lives_lost += other.lives_lost
        self.pot_paid += other.pot_paid
        self.max_hands = max(self.max_hands, other.max_hands)
        self.hands_squared += other.hands_squared

    def seats(self) -> list[dict]:
        """Per seat: its bot, its wins, its win share and the share's 95% Wilson interval."""
        names = seat_names(self.bots, self.players)
        return [{"seat": i + 1, "bot": names[i], "wins": w,
                 "win_share": round(w / self.games, 4) if self.games else 0.0,
                 "win_share_ci95": _interval(wilson(w, self.games))}
                for i, w in enumerate(self.wins)]

    def hands_per_game_ci95(self) -> list[float]:
        """The 95% t interval of the mean hands per game, from the games' sums."""
        n = self.games
        if n < 2:
            return [float(self.hands), float(self.hands)]
        mean = self.hands / n
        var = max(0.0, (self.hands_squared - n * mean * mean) / (n - 1))
        if var == 0.0:
            return [round(mean, 3), round(mean, 3)]
        half = t_quantile_975(n - 1) * (var / n) ** 0.5
        return [round(mean - half, 3), round(mean + half, 3)]

    def as_dict(self) -> dict:
        return {
            "variant": self.variant, "games": self.games, "players": self.players,
            "seed": self.seed, "bots": self.bots, "hands": self.hands, "turns": self.turns,
            "seconds": round(self.seconds, 3), "wins": self.wins,
            "seats": self.seats(),
            "shared_wins": self.shared_wins,
            "hands_per_game": round(self.hands / self.games, 3) if self.games else 0,
            "hands_per_game_ci95": self.hands_per_game_ci95(),
            "turns_per_hand": round(self.turns / self.hands, 3) if self.hands else 0,
            "turns_per_second": round(self.turns / self.seconds) if self.seconds else 0,
            "hand_ends": dict(sorted(self.hand_ends.items())),
            "stakes_mode": self.mode,
            "lives_lost": self.lives_lost, "pot_paid": self.pot_paid,
            "longest_game_hands": self.max_hands,
        }


def play_game(rules, players: int, bots: str, seed: int, record: bool = False,
              plain: bool = False) -> GameState:
    """One whole game between bots; returns the finished state. When every seat is the same
    bot, nothing is recorded and that bot writes its turn (or its hand's turns, as one loop)
    for the ruleset (policy_code), the game is played by that code, the same game move for
    move: only what is asked is paid (`plain` plays the general loop all the same, to compare
    the two)."""
    turn = None if record or plain else compiled_turn(rules, bots, players)
    if turn is not None:
        st = GameState(rules, players, seed=seed, record=False, history=False)
        while not st.is_over:
            turn(st)
        return st
    seats = parse_bots(bots, players, seed)
    st = GameState(rules, players, seed=seed, record=record,
                   history=record or reads_history(bots, players))
    play = st.facts.play  # what `apply_unchecked` calls: each option's code, by its option
    while not st.is_over:
        action = seats[st.current_player](st, st._legal)
        play[action.option_ref](st, action)
    return st


def record_file(record_dir: str, index: int) -> Path:
    """Where `simulate --record DIR` writes game `index` (0-based): DIR/game-00001.json, ..."""
    return Path(record_dir) / f"game-{index + 1:05d}.json"


def _write_record(st: GameState, record_dir: str, index: int, bots: str, players: int) -> None:
    names = [b.strip() for b in bots.split(",")]
    path = record_file(record_dir, index)
    try:
        bot_names: list[str | None] = list(names * players if len(names) == 1 else names)
        save(record_of(st, bots=bot_names), path)
    except OSError as e:
        raise RecordError(f"cannot write the record {path}: {e.strerror or e}") from None


def run_games(rules, start: int, count: int, players: int, bots: str, seed: int,
              progress: Callable[[int], None] | None = None,
              record_dir: str | None = None) -> Summary:
    """Games start .. start+count-1; with `record_dir`, each game's record is written there."""
    s = Summary(rules.name, count, players, seed, bots, wins=[0] * players,
                mode=rules.stakes.mode.name)
    names = end_names(rules)
    for i in range(start, start + count):
        st = play_game(rules, players, bots, game_seed(seed, i), record=record_dir is not None)
        if record_dir is not None:
            _write_record(st, record_dir, i, bots, players)
        hands = min(st.hand_number, MAX_HANDS_PER_GAME)  # not the one the safety net refused
        s.hands += hands
        s.hands_squared += hands * hands
        s.max_hands = max(s.max_hands, hands)
        s.turns += st.turns_taken
        for w in st.winners:
            s.wins[w] += 1
        if len(st.winners) > 1:
            s.shared_wins += 1
        ends = dict(st.hand_ends)
        if st.hand_number > MAX_HANDS_PER_GAME:  # the safety net ended it, not its rules
            ends[HAND_LIMIT] = 1
        for reason, n in ends.items():
            name = names.get(reason, reason)
            s.hand_ends[name] = s.hand_ends.get(name, 0) + n
        s.pot_paid += sum(st.paid)
        s.lives_lost += st.lives_lost
        if progress is not None:
            progress(1)
    return s


def batch_summary(batch: Batch) -> Summary:
    """One batch's summary (runs in a worker process or on a cluster's worker)."""
    return run_games(batch.rules.compiled(), batch.start, batch.count, batch.players,
                     batch.bots, batch.seed, record_dir=batch.record_dir)


def _summary_here(rules):
    def run(batch: Batch, progress) -> Summary:
        return run_games(rules, batch.start, batch.count, batch.players, batch.bots,
                         batch.seed, progress, batch.record_dir)
    return run


def simulate(rules, games: int, players: int, bots: str = "greedy", seed: int = 0,
             jobs: int = 1, progress: Callable[[int], None] | None = None,
             record_dir: str | None = None, cluster: str | None = None) -> Summary:
    """Play `games` games; with jobs > 1 they are split in batches over worker processes,
    with `cluster` (a Dask scheduler's address) sent to its workers; the summary is the same
    either way. With `record_dir` (an existing folder) every game's record is written there
    as game-00001.json, game-00002.json, ... (see docs/records.md)."""
    parse_bots(bots, players, seed)  # fail early on a bad --bots, before any worker starts
    t0 = time.perf_counter()
    total = Summary(rules.name, games, players, seed, bots, wins=[0] * players,
                    mode=rules.stakes.mode.name)
    todo = batches(rules, games, players, bots, seed, jobs, record_dir=record_dir)
    for part in run_batches(batch_summary, todo, jobs, cluster, progress, _summary_here(rules)):
        total.add(part)
    total.seconds = time.perf_counter() - t0
    return total
