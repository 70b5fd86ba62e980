"""Many bot games and what they add up to: the engine behind the `simulate` command.

Each game gets its own seed derived from (seed, game index), so a summary does not depend on
how the games were split between worker processes.
"""
from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from .bots import parse_bots
from .record import RecordError, record_of, save
from .state import GameState

#: how a hand ended ("outcome:reason", reason being the trigger's `on` or what ran out), in a
#: user's words; anything not listed is shown as it is
END_NAMES = {
    "win:dealt": "instant win when dealt",
    "win:action": "instant win",
    "win:turn_end": "instant win",
    "showdown:dealt": "instant hand when dealt, compared",
    "showdown:action": "instant hand, compared",
    "showdown:turn_end": "instant hand, compared",
    "showdown:knock": "knock",
    "showdown:all_passed": "all passed",
    "showdown:stock_empty": "stock out",
    "void:stock_empty": "stock out, void",
    "showdown:refresh_failed": "all passed, table not refilled",
    "showdown:stuck": "no move left",
    "void:turn_limit": "turn limit",
}


def end_names(rules) -> dict[str, str]:
    """How hands end, in the ruleset's own words where it has them: its knock option's label
    (a stand, say) and its instant patterns' labels (a thirty-one)."""
    out: dict[str, str] = {}
    knock = next((o.labels.get("en") for st in rules.steps.values() for o in st.options
                  if o.kind == "knock" and o.labels.get("en")), None)
    if knock:
        out["showdown:knock"] = knock[0].lower() + knock[1:]
    instant = list(dict.fromkeys(p.labels.get("en") or p.name
                                 for p in rules.valuation.patterns if p.instant))
    if instant:
        what = instant[0] if len(instant) == 1 else "an instant hand"
        for on in ("action", "turn_end"):
            out[f"win:{on}"] = f"{what}: instant win"
            out[f"showdown:{on}"] = f"{what}: hands compared"
        out["win:dealt"] = f"{what} when dealt: instant win"
        out["showdown:dealt"] = f"{what} when dealt: hands compared"
    return out


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


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
    mode: str = "lives"                             # the stakes mode: what lives_lost counts

    def add(self, other: "Summary") -> None:
        self.hands += other.hands
        self.turns += other.turns
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.shared_wins += other.shared_wins
        for k, v in other.hand_ends.items():
            self.hand_ends[k] = self.hand_ends.get(k, 0) + v
        self.lives_lost += other.lives_lost
        self.pot_paid += other.pot_paid
        self.max_hands = max(self.max_hands, other.max_hands)

    def as_dict(self) -> dict:
        return {
            "variant": self.variant, "games": self.games, "players": self.players,
            "seed": self.seed, "bots": self.bots, "hands": self.hands, "turns": self.turns,
            "seconds": round(self.seconds, 3), "wins": self.wins,
            "shared_wins": self.shared_wins,
            "hands_per_game": round(self.hands / self.games, 3) if self.games else 0,
            "turns_per_hand": round(self.turns / self.hands, 3) if self.hands else 0,
            "turns_per_second": round(self.turns / self.seconds) if self.seconds else 0,
            "hand_ends": dict(sorted(self.hand_ends.items())),
            "stakes_mode": self.mode,
            "lives_lost": self.lives_lost, "pot_paid": self.pot_paid,
            "longest_game_hands": self.max_hands,
        }


def play_game(rules, players: int, bots: str, seed: int, record: bool = False) -> GameState:
    """One whole game between bots; returns the finished state."""
    seats = parse_bots(bots, players, seed)
    st = GameState(rules, players, seed=seed, record=record)
    apply = st.apply_unchecked
    while not st.is_over:
        apply(seats[st.current_player](st, st.legal_actions()))
    return st


def record_file(record_dir: str, index: int) -> Path:
    """Where `simulate --record DIR` writes game `index` (0-based): DIR/game-00001.json, ..."""
    return Path(record_dir) / f"game-{index + 1:05d}.json"


def _write_record(st: GameState, record_dir: str, index: int, bots: str, players: int) -> None:
    names = [b.strip() for b in bots.split(",")]
    path = record_file(record_dir, index)
    try:
        save(record_of(st, bots=names * players if len(names) == 1 else names), path)
    except OSError as e:
        raise RecordError(f"cannot write the record {path}: {e.strerror or e}") from None


def run_games(rules, start: int, count: int, players: int, bots: str, seed: int,
              progress: Optional[Callable[[int], None]] = None,
              record_dir: Optional[str] = None) -> Summary:
    """Games start .. start+count-1; with `record_dir`, each game's record is written there."""
    s = Summary(rules.name, count, players, seed, bots, wins=[0] * players,
                mode=rules.stakes.mode)
    names = end_names(rules)
    for i in range(start, start + count):
        st = play_game(rules, players, bots, game_seed(seed, i), record=record_dir is not None)
        if record_dir is not None:
            _write_record(st, record_dir, i, bots, players)
        s.hands += st.hand_number
        s.max_hands = max(s.max_hands, st.hand_number)
        s.turns += st.turns_taken
        for w in st.winners:
            s.wins[w] += 1
        if len(st.winners) > 1:
            s.shared_wins += 1
        for reason, n in st.hand_ends.items():
            name = names.get(reason) or END_NAMES.get(reason, reason)
            s.hand_ends[name] = s.hand_ends.get(name, 0) + n
        s.pot_paid += sum(st.paid)
        s.lives_lost += st.lives_lost
        if progress is not None:
            progress(1)
    return s


def _worker(args) -> Summary:
    from .variants import load
    source, start, count, players, bots, seed, record_dir = args
    return run_games(load(source), start, count, players, bots, seed, record_dir=record_dir)


def simulate(rules, games: int, players: int, bots: str = "greedy", seed: int = 0,
             jobs: int = 1, progress: Optional[Callable[[int], None]] = None,
             record_dir: Optional[str] = None) -> Summary:
    """Play `games` games; with jobs > 1 they are split in batches over worker processes
    (each reloads the ruleset from its file: compiled rules hold closures, which don't
    pickle). With `record_dir` (an existing folder) every game's record is written there as
    game-00001.json, game-00002.json, ... (see docs/records.md)."""
    parse_bots(bots, players, seed)  # fail early on a bad --bots, before any worker starts
    t0 = time.perf_counter()
    total = Summary(rules.name, games, players, seed, bots, wins=[0] * players,
                    mode=rules.stakes.mode)
    if jobs <= 1 or games < 2 * jobs:
        total.add(run_games(rules, 0, games, players, bots, seed, progress, record_dir))
    else:
        batch = max(1, min(200, games // (jobs * 4)))
        tasks = [(rules.source_path, i, min(batch, games - i), players, bots, seed, record_dir)
                 for i in range(0, games, batch)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_worker, tasks):
                total.add(part)
                if progress is not None:
                    progress(part.games)
    total.seconds = time.perf_counter() - t0
    return total
