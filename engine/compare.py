"""The balance lab: several rulesets played on the same seeds, figure by figure, each with its
95% interval and whether it differs from the first ruleset's.

What is measured (after CardStock's heuristics, Ludii's concepts and Jaffe et al.'s restricted
play):

- length: hands per game, turns per hand, the distribution of hand lengths;
- how hands end, in each ruleset's own words (its knock label, its instant hands);
- seat advantage: each seat's win share;
- drama: how often the leader (the best placed after a hand) changes in a game;
- how much skill matters: the bots of a list (strongest first, say `mc,greedy,random`) moved
  round the seats of mixed tables game by game, each bot's win share per seat it held, and the
  first bot's edge over the last. Searching bots are slow, so this part plays its own, smaller
  number of games.

Every ruleset plays games 0..N-1 with the same seeds (common random numbers): identical rules
give identical games, so they can never be called different, and small effects show. Each
figure is a mean over games of a per-game value (a ratio of totals such as turns per hand is
linearised per game, see `stats.linearized`), so every test is a paired t test by seed.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import parse_bots, reads_history
from .parallel import Batch, batches, run_batches
from .simulate import end_names, game_seed
from .state import GameState
from .stats import (
    ALPHA,
    difference_interval,
    holm,
    linearized,
    mean_interval,
    paired_test,
    share_interval,
    wilson,
)

Progress = Callable[[int], None] | None


@dataclass
class Facts:
    """What games left, one entry per game in seed order (and a histogram of hand lengths)."""
    hands: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)       # bit mask of the winning seats
    lead_changes: list[int] = field(default_factory=list)
    ends: list[dict[str, int]] = field(default_factory=list)  # "outcome:reason" -> hands
    hand_lengths: dict[int, int] = field(default_factory=dict)  # turns in a hand -> hands

    def extend(self, other: Facts) -> None:
        self.hands += other.hands
        self.turns += other.turns
        self.winners += other.winners
        self.lead_changes += other.lead_changes
        self.ends += other.ends
        for k, v in other.hand_lengths.items():
            self.hand_lengths[k] = self.hand_lengths.get(k, 0) + v


def table_bots(names: Sequence[str], players: int, index: int) -> list[str]:
    """The bots at the seats of mixed-table game `index`: the list moved round by one seat a
    game, so that over len(names) games every bot sits in every seat equally often."""
    return [names[(seat + index) % len(names)] for seat in range(players)]


def _leader(state: GameState, sign: int) -> int:
    """The one best placed player, or -1 on a tie."""
    scores = [sign * x for x in state.lives]
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else -1


def play_observed(rules, players: int, bots: str, seed: int, facts: Facts) -> None:
    """Play one game, adding what it left to `facts`."""
    seats = parse_bots(bots, players, seed)
    st = GameState(rules, players, seed=seed, record=False,
                   history=reads_history(bots, players))  # as simulate: the mc bot reads it
    sign = rules.stakes.mode.sign  # penalty points count against
    lengths = facts.hand_lengths
    hand, mark, leader, changes = st.hand_number, 0, -1, 0
    if hand > 1:  # hands that ended as they were dealt
        lengths[0] = lengths.get(0, 0) + hand - 1
    apply = st.apply_unchecked
    while not st.is_over:
        apply(seats[st.current_player](st, st.legal_actions()))
        if st.hand_number != hand:
            n = st.turns_taken - mark
            lengths[n] = lengths.get(n, 0) + 1
            if st.hand_number - hand > 1:
                lengths[0] = lengths.get(0, 0) + st.hand_number - hand - 1
            hand, mark = st.hand_number, st.turns_taken
            now = _leader(st, sign)
            if now >= 0:
                changes += leader >= 0 and now != leader
                leader = now
    n = st.turns_taken - mark
    lengths[n] = lengths.get(n, 0) + 1
    now = _leader(st, sign)
    changes += leader >= 0 and now >= 0 and now != leader
    facts.hands.append(st.hand_number)
    facts.turns.append(st.turns_taken)
    facts.winners.append(sum(1 << w for w in st.winners))
    facts.lead_changes.append(changes)
    facts.ends.append(dict(st.hand_ends))


def run_observed(rules, batch: Batch, progress: Progress = None) -> Facts:
    facts = Facts()
    names = [s.strip() for s in batch.bots.split(",")]
    for i in range(batch.start, batch.start + batch.count):
        spec = ",".join(table_bots(names, batch.players, i)) if batch.rotate else batch.bots
        play_observed(rules, batch.players, spec, game_seed(batch.seed, i), facts)
        if progress is not None:
            progress(1)
    return facts


def batch_facts(batch: Batch) -> Facts:
    """One batch's facts (runs in a worker process or on a cluster's worker)."""
    return run_observed(batch.rules.compiled(), batch)


def collect(runs: Sequence[tuple[Any, int, str, bool]], players: int, seed: int,
            jobs: int = 1, cluster: str | None = None,
            progress: Progress = None) -> list[Facts]:
    """For each run (rules, games, bots, rotate), games 0..games-1 and their facts merged in
    seed order. All runs' batches go to one pool (or cluster) at once: no run waits for the
    slowest batch of the one before."""
    todo: list[Batch] = []
    owner: list[int] = []
    by_digest = {}
    for i, (rules, games, bots, rotate) in enumerate(runs):
        mine = batches(rules, games, players, bots, seed, jobs, rotate=rotate)
        todo += mine
        owner += [i] * len(mine)
        by_digest[rules.digest] = rules
    out = [Facts() for _ in runs]
    results = run_batches(batch_facts, todo, jobs, cluster, progress,
                          lambda b, pr: run_observed(by_digest[b.rules.digest], b, pr))
    for i, facts in zip(owner, results):
        out[i].extend(facts)
    return out


# ---- figures ------------------------------------------------------------------------------
@dataclass
class Figure:
    """One measured figure of one ruleset: its per-game values (their mean is the figure),
    its value, 95% interval, and (not for the first ruleset) the p-value against the first."""
    key: str
    label: str
    per_game: list[float]
    value: float
    interval: tuple[float, float]
    share: bool = False               # a share of games, hands or seats (shown as a percent)
    p_value: float | None = None
    p_holm: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "kind": "share" if self.share else "mean",
                "value": _round(self.value),
                "ci95": [_round(self.interval[0]), _round(self.interval[1])],
                "p_value": None if self.p_value is None else _round(self.p_value, 6),
                "significant": None if self.p_value is None else self.p_value < ALPHA,
                "p_holm": None if self.p_holm is None else _round(self.p_holm, 6)}


def _round(x: float, digits: int = 4) -> float:
    return round(x, digits)


def _mean_figure(key: str, label: str, values: Sequence[float]) -> Figure:
    """A mean over games and its t interval."""
    mean, low, high = mean_interval(values)
    return Figure(key, label, list(values), mean, (low, high))


def _ratio_share_figure(key: str, label: str, num: Sequence[float],
                        den: Sequence[float]) -> Figure:
    """A share of counted things (num[i] of den[i] in game i): tested per game on its
    linearised values, its interval never narrower than the pooled counts' Wilson interval."""
    share, low, high = share_interval(num, den)
    return Figure(key, label, linearized(num, den), share, (low, high), share=True)


def _share_figure(key: str, label: str, hits: Sequence[int]) -> Figure:
    n = len(hits)
    wins = sum(hits)
    return Figure(key, label, [float(h) for h in hits], wins / n if n else 0.0, wilson(wins, n),
                  share=True)


@dataclass
class Column:
    """One ruleset's side of a comparison."""
    name: str
    title: str
    facts: Facts
    skill: Facts | None
    end_words: dict[str, str]           # "outcome:reason" -> the ruleset's words
    figures: dict[str, Figure] = field(default_factory=dict)

    def hand_end_shares(self) -> dict[str, float]:
        """How hands ended, in the ruleset's words, as shares of all its hands."""
        total = sum(self.facts.hands) or 1
        out: dict[str, float] = {}
        for game in self.facts.ends:
            for key, n in game.items():
                word = self.end_words.get(key, key)
                out[word] = out.get(word, 0.0) + n
        return {k: v / total for k, v in sorted(out.items(), key=lambda kv: -kv[1])}


def end_words(rules) -> dict[str, str]:
    """How hands end, in the ruleset's words (see simulate.end_names)."""
    return end_names(rules)


def _length_figures(fig: dict[str, Figure], f: Facts, end_keys: Sequence[str],
                    words: dict[str, str], prefix: str = "", where: str = "") -> None:
    """Hands per game, turns per hand and how hands end, keyed under `prefix`."""
    fig[f"{prefix}hands_per_game"] = _mean_figure(
        f"{prefix}hands_per_game", f"{where}hands per game", f.hands)
    fig[f"{prefix}turns_per_hand"] = _mean_figure(
        f"{prefix}turns_per_hand", f"{where}turns per hand", linearized(f.turns, f.hands))
    for key in end_keys:
        counts = [game.get(key, 0) for game in f.ends]
        fig[f"{prefix}hands_ended_by:{key}"] = _ratio_share_figure(
            f"{prefix}hands_ended_by:{key}",
            f"{where}hands ended by {words.get(key, key)} (share)", counts, f.hands)


def measure(column: Column, players: int, end_keys: Sequence[str],
            mixed_end_keys: Sequence[str], skill_bots: Sequence[str]) -> None:
    """Every figure of one ruleset, from its games' facts. The mixed tables give their own
    lengths and endings too: a rule that the main bots never meet (greedy never knocks low)
    can still change the game of players who do."""
    f = column.facts
    fig = column.figures
    _length_figures(fig, f, end_keys, column.end_words)
    for seat in range(players):
        fig[f"win_share_seat_{seat + 1}"] = _share_figure(
            f"win_share_seat_{seat + 1}", f"win share, seat {seat + 1}",
            [(w >> seat) & 1 for w in f.winners])
    fig["lead_changes_per_game"] = _mean_figure(
        "lead_changes_per_game", "lead changes per game", f.lead_changes)
    if column.skill is not None and skill_bots:
        shares = _skill_shares(column.skill, players, skill_bots)
        for name, (wins, seats) in shares.items():
            fig[f"skill_win_share:{name}"] = _ratio_share_figure(
                f"skill_win_share:{name}", f"mixed tables: {name}'s win share per seat",
                wins, seats)
        first, last = skill_bots[0], skill_bots[-1]
        if first != last:
            (wins_a, seats_a), (wins_b, seats_b) = shares[first], shares[last]
            edge = [a - b for a, b in zip(linearized(wins_a, seats_a),
                                          linearized(wins_b, seats_b))]
            mean, low, high = difference_interval(wins_a, wins_b, seats_a, seats_b)
            fig["skill_edge"] = Figure("skill_edge", f"skill edge: {first}'s win share less "
                                       f"{last}'s", edge, mean, (low, high), share=True)
        _length_figures(fig, column.skill, mixed_end_keys, column.end_words,
                        "mixed_tables:", "mixed tables: ")


def _skill_shares(skill: Facts, players: int,
                  names: Sequence[str]) -> dict[str, tuple[list[int], list[int]]]:
    """Per bot name, per game, the seats it held that won and the seats it held."""
    distinct = list(dict.fromkeys(names))
    wins: dict[str, list[int]] = {n: [] for n in distinct}
    seats: dict[str, list[int]] = {n: [] for n in distinct}
    for i, mask in enumerate(skill.winners):
        at = table_bots(names, players, i)
        for n in distinct:
            held = [s for s in range(players) if at[s] == n]
            seats[n].append(len(held))
            wins[n].append(sum((mask >> s) & 1 for s in held))
    return {n: (wins[n], seats[n]) for n in distinct}


def _end_keys(all_facts: Sequence[Facts]) -> list[str]:
    """Every way a hand ended in any of the runs, the most frequent first."""
    total: dict[str, int] = {}
    for facts in all_facts:
        for game in facts.ends:
            for k, n in game.items():
                total[k] = total.get(k, 0) + n
    return sorted(total, key=lambda k: (-total[k], k))


def against_first(columns: Sequence[Column]) -> None:
    """Fill each later column's p-values (paired by seed against the first) and their Holm
    adjustment over that column's figures."""
    base = columns[0].figures
    for col in columns[1:]:
        keys = [k for k in col.figures if k in base]
        for k in keys:
            col.figures[k].p_value = paired_test(col.figures[k].per_game, base[k].per_game)
        adjusted = holm([col.figures[k].p_value or 0.0 for k in keys])
        for k, p in zip(keys, adjusted):
            col.figures[k].p_holm = p


@dataclass
class Comparison:
    columns: list[Column]
    games: int
    players: int
    bots: str
    seed: int
    skill_bots: list[str]
    skill_games: int
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        out = []
        for i, col in enumerate(self.columns):
            figures = {k: v.as_dict() for k, v in col.figures.items()}
            entry: dict[str, Any] = {
                "name": col.name, "title": col.title, "figures": figures,
                "hand_ends": {k: _round(v) for k, v in col.hand_end_shares().items()},
                "hand_lengths": {str(k): v for k, v in sorted(col.facts.hand_lengths.items())},
            }
            if i:
                entry["differs_from_first"] = [k for k, v in col.figures.items()
                                               if v.p_value is not None and v.p_value < ALPHA]
                entry["differs_from_first_holm"] = [
                    k for k, v in col.figures.items()
                    if v.p_holm is not None and v.p_holm < ALPHA]
            out.append(entry)
        return {"games": self.games, "players": self.players, "bots": self.bots,
                "seed": self.seed, "alpha": ALPHA,
                "skill_bots": ",".join(self.skill_bots), "skill_games": self.skill_games,
                "seconds": round(self.seconds, 3), "rulesets": out}


def compare(rulesets: Sequence[Any], games: int, players: int, bots: str = "greedy",
            seed: int = 0, skill_bots: Sequence[str] = (), skill_games: int = 0,
            jobs: int = 1, cluster: str | None = None,
            progress: Progress = None) -> Comparison:
    """Play every ruleset on the same seeds and measure it; see the module's docstring."""
    t0 = time.perf_counter()
    parse_bots(bots, players, seed)
    skill = list(skill_bots)
    if skill and skill_games:
        parse_bots(",".join(table_bots(skill, players, 0)), players, seed)
    mixed = bool(skill and skill_games)
    runs = [(rules, games, bots, False) for rules in rulesets]
    if mixed:
        runs += [(rules, skill_games, ",".join(skill), True) for rules in rulesets]
    facts = collect(runs, players, seed, jobs, cluster, progress)
    n = len(rulesets)
    columns = [Column(rules.name, rules.title, facts[i], facts[n + i] if mixed else None,
                      end_words(rules)) for i, rules in enumerate(rulesets)]
    end_keys = _end_keys([col.facts for col in columns])
    mixed_keys = _end_keys([col.skill for col in columns if col.skill is not None])
    for col in columns:
        measure(col, players, end_keys, mixed_keys, skill if skill_games else [])
    against_first(columns)
    return Comparison(columns, games, players, bots, seed, skill, skill_games,
                      time.perf_counter() - t0)



