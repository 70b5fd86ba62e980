"""Many tables at once on one `trentuno serve`: moves per second and a move's latency.

Starts the server in a child process on loopback (a fresh database in a temporary folder,
bots without delay), opens `--tables` tables over HTTP (Trentuno and Scopa in turn, each with
two people and two greedy bots), sits two scripted WebSocket clients at each (the people:
each thinks `--think` seconds on average, then picks a move of its view at random, from a
seed), and lets them all play at once until
every table has made `--moves` moves or its game is over. The latency of a move is the time
from sending it to the server's answer ("done"), which comes once the move is checked,
applied and on the disk (before the bots play on). Prints one line: tables, moves (people's
and bots'), moves per second of wall time, the median and 99th percentile of the latency
(aim: under 100 ms), the server's CPU time per move (what bounds the moves per second of
one server process: with `--think 0` the clients play as fast as the server answers), and
how long the server's event loop waited, ready to run, for a CPU the machine's other work
held (Linux's schedstat): on a shared machine that wait, not the server, is the latency.

    python bench/serve_load.py [--tables 200] [--moves 60] [--think 2] [--seconds 600]

Loopback only, bounded in count (`--tables`, `--moves`) and in time (`--seconds`, after which
the clients stop and the figures of what was done are printed). The clients run in this
process and share the machine with the server: the figures are those of the whole.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from trentuno.server.client import Seat, open_table

SEATS = [{"kind": "person"}, {"kind": "greedy"}, {"kind": "person"}, {"kind": "greedy"}]


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    args = [sys.executable, "-m", "trentuno.cli.main", "serve", "--port", "0", "--db",
            str(folder / "tables.sqlite3"), "--bot-delay", "0"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    banner = proc.stdout.readline()
    if "http://" not in banner:
        proc.kill()
        raise SystemExit(f"the server did not start: {banner!r}")
    return proc, banner.split("http://", 1)[1].split("/", 1)[0]


def cpu_of(pid: int) -> float:
    """The CPU seconds a process has used (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited_of(pid: int) -> float:
    """The seconds the process's main thread (the event loop) has waited, runnable, for a CPU
    (Linux's /proc/PID/schedstat; 0 elsewhere): what the machine's other work cost it."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def open_tables(base: str, count: int) -> list[dict]:
    """`count` tables, waiting when the server says to (it takes 200 at once per address)."""
    made: list[dict] = []
    while len(made) < count:
        rules = "trentuno" if len(made) % 2 == 0 else "scopa"
        try:
            made.append(open_table(base, {"builtin": rules}, SEATS, seed=len(made) + 1))
        except RuntimeError as err:
            if "429" not in str(err):
                raise
            time.sleep(1.0)
    return made


async def play_seat(seat: Seat, rng: random.Random, moves: int, stop: float,
                    think: float) -> None:
    async with seat:
        await seat.play(lambda view: rng.choice(view["moves"]), until=moves,
                        think=lambda: think * rng.uniform(0.5, 1.5), deadline=stop)


async def play_all(tables: list[dict], moves: int, seconds: float, think: float
                   ) -> tuple[list[Seat], float]:
    rng = random.Random(31)
    seats = [Seat.from_link(s["link"]) for t in tables for s in t["seats"] if s["link"]]
    stop = time.monotonic() + seconds
    began = time.perf_counter()
    await asyncio.gather(*(play_seat(seat, random.Random(rng.random()), moves, stop, think)
                           for seat in seats))
    return seats, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=60, help="moves per table at most")
    parser.add_argument("--seconds", type=float, default=600.0, help="stop after this long")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a person takes to choose a move, on average (0: none, "
                             "the server's most moves per second)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="trentuno-load-") as folder:
        proc, host = start_server(Path(folder))
        try:
            tables = open_tables(f"http://{host}", args.tables)
            server_before, mine_before = cpu_of(proc.pid), time.process_time()
            waited_before = waited_of(proc.pid)
            seats, wall = asyncio.run(play_all(tables, args.moves, args.seconds, args.think))
            server_cpu = cpu_of(proc.pid) - server_before
            waited = waited_of(proc.pid) - waited_before
            clients_cpu = time.process_time() - mine_before
        finally:
            proc.terminate()
            proc.wait(timeout=300)
    # each table's position: the most moves any of its two clients saw
    by_table: dict[str, int] = {}
    for seat in seats:
        table = seat.ws_url.rsplit("/", 1)[1]
        by_table[table] = max(by_table.get(table, 0), seat.view()["seq"])
    total = sum(by_table.values())
    people = sum(len(seat.latencies) for seat in seats)
    latencies = sorted(x for seat in seats for x in seat.latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"serve load: {len(tables)} tables, {len(seats)} people thinking {args.think:g} s: "
          f"{total:,} moves "
          f"({people:,} by people) in {wall:.1f} s: {total / wall:,.0f} moves/s; a person's "
          f"move answered in {statistics.median(latencies) * 1000:.1f} ms (median), "
          f"{p99 * 1000:.1f} ms (99th percentile; aim under 100 ms); server CPU "
          f"{server_cpu / total * 1000:.2f} ms a move, clients' {clients_cpu:.1f} s; the "
          f"server's event loop waited {waited:.1f} s for a CPU (load average "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
