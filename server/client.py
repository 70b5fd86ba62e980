"""A scripted client of `trentuno serve`: open a table over HTTP, sit at a seat over a
WebSocket, and play it move by move (the load script in bench/ and the tests use it; a bot of
your own could too).

    made = open_table("http://127.0.0.1:8031", {"builtin": "scopa"},
                      [{"kind": "person"}, {"kind": "greedy"}, ...], seed=7)
    async with Seat.from_link(made["seats"][0]["link"]) as seat:
        await seat.play(lambda view: view["moves"][0])

It sees exactly what a browser at that seat sees: every message is kept in `received`.
"""
from __future__ import annotations

import asyncio
import json
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import websockets

from .protocol import MessageType

Policy = Callable[[dict[str, Any]], dict[str, Any]]


def request(base: str, path: str, body: Any = None, timeout: float = 60) -> tuple[int, Any]:
    """(status, JSON answer) of a GET (no body) or a POST of `body` as JSON."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data,
                                 headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def open_table(base: str, rules: dict, seats: list[dict], seed: int | None = None,
               lang: str = "en") -> dict[str, Any]:
    status, made = request(base, "/api/tables", {"rules": rules, "seats": seats, "seed": seed,
                                                 "lang": lang})
    if status != 200:
        raise RuntimeError(f"the table was not opened ({status}): {made}")
    return made


class Seat:
    """One viewer of a table: a seat (from 0) with its token, or a spectator."""

    def __init__(self, ws_url: str, seat: int | None, token: str | None):
        self.ws_url = ws_url
        self.seat = seat
        self.token = token
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None   # the last state message
        self.lines: dict[int, dict[str, Any]] = {}  # narration, by number
        self.latencies: list[float] = []            # seconds from a move to its answer

    @classmethod
    def from_link(cls, link: str) -> Seat:
        """The seat a join link (or a spectators' link) names."""
        parts = urllib.parse.urlsplit(link)
        scheme = "wss" if parts.scheme == "https" else "ws"
        table = parts.path.rstrip("/").rsplit("/", 1)[-1]
        fields = urllib.parse.parse_qs(parts.fragment)
        url = f"{scheme}://{parts.netloc}/ws/{table}"
        if "token" not in fields:
            return cls(url, None, None)
        return cls(url, int(fields["seat"][0]) - 1, fields["token"][0])

    async def __aenter__(self) -> Seat:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        self.ws = await websockets.connect(self.ws_url, max_size=2 ** 24, open_timeout=60)
        hello = {"type": MessageType.HELLO, "watch": True} if self.seat is None else \
            {"type": MessageType.HELLO, "seat": self.seat, "token": self.token}
        await self.send(hello)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else
                           json.dumps(message))

    async def receive(self, timeout: float = 120) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        if message.get("type") == MessageType.STATE:
            self.state = message
            for line in message["log"]:
                self.lines[line["n"]] = line
        return message

    async def until(self, wanted: Callable[[dict[str, Any]], bool], most: int = 10_000,
                    timeout: float = 120) -> dict[str, Any]:
        """Receive until a message is `wanted` (at most `most` messages)."""
        for _ in range(most):
            message = await self.receive(timeout)
            if wanted(message):
                return message
        raise RuntimeError(f"no wanted message in {most}")

    async def state_now(self) -> dict[str, Any]:
        if self.state is None:
            await self.until(lambda m: m.get("type") == MessageType.STATE)
        assert self.state is not None
        return self.state

    def view(self) -> dict[str, Any]:
        assert self.state is not None
        return self.state["view"]

    async def move(self, move: dict[str, Any]) -> dict[str, Any]:
        """Make a move of the current view; the server's answer (done or refused)."""
        seq = self.view()["seq"]
        began = time.perf_counter()
        await self.send({"type": MessageType.MOVE, "seq": seq, "id": move["id"]})
        answered = (MessageType.DONE, MessageType.REFUSED)
        answer = await self.until(lambda m: m.get("type") in answered)
        self.latencies.append(time.perf_counter() - began)
        return answer

    def my_turn(self) -> bool:
        return self.state is not None and bool(self.state["view"]["moves"])

    async def play(self, policy: Policy, until: int | None = None,
                   think: Callable[[], float] | None = None,
                   deadline: float | None = None) -> int:
        """Play this seat with `policy` until the game is over (or `until` moves have been
        made at the table, or the monotonic clock passes `deadline`), waiting `think()`
        seconds before each move; the number of moves this seat made."""
        made = 0
        await self.state_now()
        while not self.view()["over"] and (until is None or self.view()["seq"] < until) \
                and (deadline is None or time.monotonic() < deadline):
            if not self.my_turn():
                await self.until(lambda m: m.get("type") == MessageType.STATE)
                continue
            if think is not None:
                await asyncio.sleep(think())
            seq = self.view()["seq"]
            answer = await self.move(policy(self.view()))
            if answer["type"] == MessageType.REFUSED:
                raise RuntimeError(f"move refused: {answer}")
            made += 1
            if self.view()["seq"] <= seq:  # wait for the table after the move
                await self.until(_after(seq))
        return made


def _after(seq: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is the table after position `seq`."""
    return lambda m: m.get("type") == MessageType.STATE and m["view"]["seq"] > seq
