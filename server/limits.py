"""How much a client may ask of the server: sizes, counts and rates, in one place.

A table for friends is open to whoever has a link, so every input is bounded before it is
read: a WebSocket frame (uvicorn refuses a larger one and closes that connection only), an
HTTP body, a rule file, a name; and every client is rate-limited by a token bucket, so that
one flooding connection is cut off while the other tables (and the other seats of its own
table) play on.
"""
from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    #: a frame from a client: a move is some 60 bytes, a hello some 120
    frame_bytes: int = 4096
    #: an HTTP request body (a pasted rule file and its JSON wrapping)
    body_bytes: int = 160 * 1024
    #: a rule file sent to the server (the largest built-in is under 7 KB)
    rule_bytes: int = 64 * 1024
    #: a player's name, in characters
    name_chars: int = 24
    #: messages per second from one connection, and the burst allowed above it (a move the
    #: table makes is given back: only refused and repeated messages use the rate up)
    messages_per_second: float = 5.0
    message_burst: int = 40
    #: refused messages (malformed, out of turn...) a connection may send before it is closed
    bad_messages: int = 30
    #: seconds a new connection has to say who it is
    hello_seconds: float = 10.0
    #: tables and rule checks per client address: a burst, then this many per second
    tables_burst: int = 200
    tables_per_second: float = 1.0
    checks_burst: int = 30
    checks_per_second: float = 0.5
    #: tables held at once, connections to one table, and in all
    live_tables: int = 2000
    table_connections: int = 40
    connections: int = 4000
    #: lines of narration a connection may fall behind before it is dropped (it reconnects
    #: and is sent the table as it stands)
    backlog_lines: int = 2000
    #: lines of the narration kept per viewer, and sent on (re)connecting
    log_lines: int = 400
    greeting_lines: int = 120


class Bucket:
    """A token bucket: `take()` is true while the client stays within `rate` per second
    with bursts of `burst`; the clock is monotonic."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Buckets:
    """One bucket per key (a client address), forgetting the full ones now and then so that
    many addresses cannot grow the table without end."""

    def __init__(self, rate: float, burst: int, most: int = 10_000):
        self.rate = rate
        self.burst = burst
        self.most = most
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.most:
                self._forget_full()
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
        return bucket.take()

    def _forget_full(self) -> None:
        for key in [k for k, b in self._buckets.items() if b.tokens >= b.burst - 1]:
            del self._buckets[key]
        if len(self._buckets) >= self.most:  # all busy: start again rather than grow
            self._buckets.clear()
