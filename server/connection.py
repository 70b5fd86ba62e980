"""One client's link to a table: what it is sent, and how fast it may talk.

The table never waits for a client: it publishes what a viewer may see (after it is on the
disk) and wakes the connection, whose own task sends the newest view with every narration
line the client has not had yet. A slow client therefore gets fewer, newer views, never a
queue that grows; replies to its own messages (an ack, a refusal) go first, and too many of
them unread closes the connection (the page reconnects and is sent the table as it stands).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .limits import Bucket, Limits
from .protocol import MessageType

if TYPE_CHECKING:
    from .table import Table

#: WebSocket close codes: 1001 the client has gone, 1008 policy (too many messages), 1009 too
#: big (uvicorn's own), 4403 a wrong link, 4408 no hello in time, 4409 too far behind
GONE, TOO_MANY, WRONG_LINK, NO_HELLO, BEHIND = 1001, 1008, 4403, 4408, 4409
MOST_REPLIES = 64

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[None]]


class Connection:
    """A client admitted to a table as `viewer` (a seat, or None for a spectator)."""

    def __init__(self, send: Send, close: Close, limits: Limits, address: str = ""):
        self._send = send
        self._close = close
        self.limits = limits
        self.address = address
        self.bucket = Bucket(limits.messages_per_second, limits.message_burst)
        self.bad = 0                       # refused messages so far
        self.table: Table | None = None
        self.viewer: int | None = None
        self.log_sent = 0                  # the number of the next narration line to send
        self.view_sent = -1                # the table version of the last view sent
        self.replies: deque[dict[str, Any]] = deque()
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.closed: int | None = None     # the close code, once closed

    # ---- sending ------------------------------------------------------------------------
    def start(self, table: Table, viewer: int | None, log_from: int) -> None:
        self.table, self.viewer, self.log_sent = table, viewer, log_from
        self._task = asyncio.create_task(self._sender())
        self.wake()

    def wake(self) -> None:
        self._wake.set()

    def reply(self, message: dict[str, Any]) -> None:
        """A short answer to this client alone (never a card it may not see)."""
        if len(self.replies) >= MOST_REPLIES:
            self.shut(BEHIND)
            return
        self.replies.append(message)
        self.wake()

    async def _sender(self) -> None:
        try:
            while self.closed is None:
                await self._wake.wait()
                self._wake.clear()
                while self.replies and self.closed is None:
                    await self._send(json.dumps(self.replies.popleft()))
                message = self._news()
                if message is not None and self.closed is None:
                    await self._send(json.dumps(message))
        except Exception:  # noqa: BLE001 (a socket closed under the sender: the client is gone)
            self.closed = self.closed or GONE

    def _news(self) -> dict[str, Any] | None:
        """The newest published view and the lines not sent yet, if there is anything new."""
        table = self.table
        if table is None:
            return None
        version, message, lines = table.news_for(self.viewer, self.log_sent)
        if version == self.view_sent and not lines:
            return None
        self.view_sent = version
        if lines:
            self.log_sent = lines[-1]["n"] + 1
        return {**message, "log": lines}

    # ---- receiving ----------------------------------------------------------------------
    def allowed(self) -> bool:
        """Whether one more message is within the rate; past it the connection is closed."""
        if self.bucket.take():
            return True
        self.shut(TOO_MANY)
        return False

    def refund(self) -> None:
        """A move the table made costs no message of the rate: a seat can make only the moves
        the game lets it make, so only what is refused (or said twice) counts."""
        self.bucket.tokens = min(self.bucket.burst, self.bucket.tokens + 1.0)

    def refused(self, reason: str, text: str) -> None:
        self.bad += 1
        self.reply({"type": MessageType.REFUSED, "reason": reason, "text": text})
        if self.bad > self.limits.bad_messages:
            self.shut(TOO_MANY)

    def shut(self, code: int) -> None:
        """Close the connection (once), from any task."""
        if self.closed is not None:
            return
        self.closed = code
        self.wake()
        asyncio.get_running_loop().create_task(self._shut(code))

    async def _shut(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self._close(code)

    async def finish(self) -> None:
        """After the client's last message: the close it was given, if any, made before the
        connection's handler returns; then the sender stopped."""
        if self.closed is not None and self.closed != GONE:
            await self._shut(self.closed)
        self.closed = self.closed or GONE
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
