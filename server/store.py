"""Where the tables are kept: one SQLite file, written by one thread, before anything is told.

A table is kept as what a game record holds (docs/records.md): the merged rules and their
digest, where they came from, the seed, the seats, the first dealer, each hand's deck order
and every move, in the record's own move format. A restarted server rebuilds each unfinished
table's record from these rows and replays it (engine/record.py), as `play --resume` does: the
same deals and the same bots' choices as straight play.

Every change is committed before the server tells anybody about it (see table.py): a move
that was broadcast is on the disk, and a move lost in a crash was never seen, so its player
simply makes it again. The writer thread commits whatever has queued up meanwhile in one
transaction (group commit), so that many tables moving at once cost one flush, not one each.

The file is checked as every file the program writes is (engine/atomic.py): a path that is a
device, a FIFO, a socket or a folder, or a symlink to one, is refused before it is opened.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trentuno.engine.atomic import refusal

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, created REAL NOT NULL, status TEXT NOT NULL,
    name TEXT NOT NULL, source TEXT NOT NULL, digest TEXT NOT NULL, rules TEXT NOT NULL,
    text TEXT, seed TEXT NOT NULL, players INTEGER NOT NULL, first_dealer INTEGER NOT NULL,
    lang TEXT NOT NULL, seats TEXT NOT NULL, result TEXT);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, deck TEXT NOT NULL,
    PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, hand INTEGER NOT NULL, move TEXT NOT NULL,
    PRIMARY KEY (table_id, n));
"""
#: rows a batch of the writer takes at most before it commits
BATCH = 512


class StoreError(Exception):
    """The database cannot be used (said in one line, with the path)."""


@dataclass
class TableRow:
    """One table as kept: enough to rebuild its game record."""
    id: str
    created: float
    status: str                     # playing, over
    name: str
    source: str
    digest: str
    rules: dict
    text: str | None
    seed: int
    players: int
    first_dealer: int
    lang: str
    seats: list[dict]
    result: dict | None = None
    decks: list[list[str]] = field(default_factory=list)
    moves: list[tuple[int, dict]] = field(default_factory=list)  # (hand number, move)


def db_refusal(path: str) -> str | None:
    """Why `path` cannot hold the database (or one of SQLite's files beside it), else None."""
    for each in (path, path + "-wal", path + "-shm", path + "-journal"):
        if each != path and not Path(each).exists() and not Path(each).is_symlink():
            continue
        why = refusal(each)
        if why is not None:
            return why if each == path else f"{each}: {why}"
    return None


class Store:
    """The database and its writer thread; `await store.do(job)` runs `job(connection)` in a
    transaction and returns its result once that transaction is committed."""

    def __init__(self, path: str, durable: bool = True):
        why = db_refusal(path)
        if why is not None:
            raise StoreError(f"{path}: {why}; nothing was written")
        self.path = path
        self.durable = durable
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._conn = self._connect()

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            conn.executescript(SCHEMA)
            found = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if found is None:
                conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif found[0] != str(SCHEMA_VERSION):
                raise StoreError(f"{self.path}: a database of schema version {found[0]}; this "
                                 f"server reads version {SCHEMA_VERSION}")
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: cannot be used as the tables' database "
                             f"({err})") from None
        return conn

    # ---- the writer ---------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._write, name="trentuno-store", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Finish the queued jobs, then close the file."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    async def do(self, job: Callable[[sqlite3.Connection], Any]) -> Any:
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()
        self._jobs.put((job, done, loop))
        return await done

    def _write(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)  # stop after this batch
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list) -> None:
        results: list[tuple[bool, Any]] = []
        conn = self._conn
        try:
            conn.execute("BEGIN")
            for i, (job, _, _) in enumerate(batch):
                conn.execute(f"SAVEPOINT job{i}")
                try:
                    results.append((True, job(conn)))
                    conn.execute(f"RELEASE job{i}")
                except Exception as err:  # noqa: BLE001 (handed to the one who asked)
                    conn.execute(f"ROLLBACK TO job{i}")
                    conn.execute(f"RELEASE job{i}")
                    # a row refused (a move number another process wrote first) is the
                    # store's refusal, which the table answers by going back to the disk
                    if isinstance(err, sqlite3.Error):
                        err = StoreError(f"{self.path}: {err}")
                    results.append((False, err))
            conn.execute("COMMIT")
        except sqlite3.Error as err:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            results = [(False, StoreError(f"{self.path}: {err}"))] * len(batch)
        for (_, done, loop), (ok, value) in zip(batch, results):
            loop.call_soon_threadsafe(_settle, done, ok, value)

    # ---- what is kept ---------------------------------------------------------------------
    async def create(self, row: TableRow) -> None:
        await self.do(lambda conn: _insert(conn, row))

    async def append(self, table_id: str, first_hand: int, decks: list[list[str]],
                     first_move: int, moves: list[tuple[int, dict]],
                     status: str | None = None, result: dict | None = None) -> None:
        """Hands dealt and moves made since the last call (numbered on from `first_hand`,
        from 1, and `first_move`, from 0), and the table's status when it changes."""
        def job(conn: sqlite3.Connection) -> None:
            conn.executemany("INSERT INTO hands VALUES (?, ?, ?)",
                             [(table_id, first_hand + i, json.dumps(deck))
                              for i, deck in enumerate(decks)])
            conn.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)",
                             [(table_id, first_move + i, hand, json.dumps(move))
                              for i, (hand, move) in enumerate(moves)])
            if status is not None:
                conn.execute("UPDATE tables SET status=?, result=? WHERE id=?",
                             (status, json.dumps(result) if result is not None else None,
                              table_id))
        await self.do(job)

    def tables(self, status: str | None = None, table_id: str | None = None) -> list[TableRow]:
        """The tables kept (those of one status, or one table), with their hands and moves:
        read before the writer starts (at start-up) or through `do`."""
        return _read(self._conn, status, table_id)

    async def table(self, table_id: str) -> TableRow | None:
        rows = await self.do(lambda conn: _read(conn, None, table_id))
        return rows[0] if rows else None


def _settle(done: asyncio.Future, ok: bool, value: Any) -> None:
    if done.cancelled():
        return
    if ok:
        done.set_result(value)
    else:
        done.set_exception(value)


def _insert(conn: sqlite3.Connection, row: TableRow) -> None:
    conn.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (row.id, row.created, row.status, row.name, row.source, row.digest,
                  json.dumps(row.rules), row.text, str(row.seed), row.players,
                  row.first_dealer, row.lang, json.dumps(row.seats),
                  json.dumps(row.result) if row.result is not None else None))
    conn.executemany("INSERT INTO hands VALUES (?, ?, ?)",
                     [(row.id, i + 1, json.dumps(d)) for i, d in enumerate(row.decks)])


def _read(conn: sqlite3.Connection, status: str | None, table_id: str | None
          ) -> list[TableRow]:
    query, args = "SELECT * FROM tables", []
    if table_id is not None:
        query, args = query + " WHERE id=?", [table_id]
    elif status is not None:
        query, args = query + " WHERE status=?", [status]
    out = []
    for (tid, created, st, name, source, digest, rules, text, seed, players, dealer, lang,
         seats, result) in conn.execute(query + " ORDER BY created", args).fetchall():
        row = TableRow(tid, created, st, name, source, digest, json.loads(rules), text,
                       int(seed), players, dealer, lang, json.loads(seats),
                       json.loads(result) if result else None)
        row.decks = [json.loads(d) for (d,) in conn.execute(
            "SELECT deck FROM hands WHERE table_id=? ORDER BY number", (tid,))]
        row.moves = [(hand, json.loads(m)) for hand, m in conn.execute(
            "SELECT hand, move FROM moves WHERE table_id=? ORDER BY n", (tid,))]
        out.append(row)
    return out
