"""Where batches of games run: here, on every core, or on a Dask cluster, with the same answer.

A batch is a run of consecutive game indices; every game's seed derives from (seed, index)
alone, and the callers merge the batches' results in index order, so the result never depends
on how the games were split or where they ran. A worker gets the ruleset as its merged
document (not a file path: a cluster's workers need not see this machine's files) and compiles
it once per process, keyed by the ruleset's digest.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from .rules import Ruleset

Progress = Callable[[int], None] | None
Result = TypeVar("Result")

#: games per batch at most: small enough for a progress bar that moves and for balancing
#: the load, large enough that shipping a batch costs little next to playing it
MAX_BATCH = 200
#: compiled rulesets a worker keeps (a comparison uses a few)
_CACHE_SIZE = 8
_compiled: dict[str, Ruleset] = {}


def cpu_count() -> int:
    """The CPUs this process may run on (what `--jobs` defaults to)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class RulesRef:
    """A compiled ruleset as it travels to a worker: its merged document and identity."""
    data: dict
    source: str
    source_path: str
    digest: str

    @classmethod
    def of(cls, rules: Ruleset) -> RulesRef:
        return cls(dict(rules.data), rules.source, rules.source_path, rules.digest)

    def compiled(self) -> Ruleset:
        rules = _compiled.get(self.digest)
        if rules is None:
            from .compiler import compile_document
            rules = compile_document(self.data, source=self.source,
                                     source_path=self.source_path)
            if len(_compiled) >= _CACHE_SIZE:
                _compiled.pop(next(iter(_compiled)))
            _compiled[self.digest] = rules
        return rules


@dataclass(frozen=True)
class Batch:
    """Games start .. start+count-1 of one run: which rules, how many players, which bots
    (one spec, or with `rotate` a list of bots that move round the seats game by game)."""
    rules: RulesRef
    start: int
    count: int
    players: int
    bots: str
    seed: int
    rotate: bool = False
    record_dir: str | None = None


def batches(rules: Ruleset, games: int, players: int, bots: str, seed: int, workers: int,
            rotate: bool = False, record_dir: str | None = None) -> list[Batch]:
    """The games split into batches, about four per worker (at most MAX_BATCH games each)."""
    size = max(1, min(MAX_BATCH, games // (max(1, workers) * 4)))
    ref = RulesRef.of(rules)
    return [Batch(ref, i, min(size, games - i), players, bots, seed, rotate, record_dir)
            for i in range(0, games, size)]


def run_batches(work: Callable[[Batch], Result], todo: Sequence[Batch], jobs: int,
                cluster: str | None = None, progress: Progress = None,
                here: Callable[[Batch, Progress], Result] | None = None) -> list[Result]:
    """Every batch's result, in the order given. `work` must be a module-level function (it
    travels to other processes by name); `here`, if given, runs a batch in this process with
    a progress callback per game (one job: the bar moves game by game)."""
    if cluster is not None:
        from .cluster import run_on_cluster
        return run_on_cluster(cluster, work, todo, progress)
    total = sum(b.count for b in todo)
    if jobs <= 1 or len(todo) < 2 or total < 2 * jobs:
        out: list[Result] = []
        for b in todo:
            if here is not None:
                out.append(here(b, progress))
            else:
                out.append(work(b))
                _tick(progress, b.count)
        return out
    results: list[Any] = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
        for b, part in zip(todo, pool.map(work, todo)):
            results.append(part)
            _tick(progress, b.count)
    return results


def _tick(progress: Progress, n: int) -> None:
    if progress is not None:
        progress(n)
