"""The web server: the pages, a small JSON API, and one WebSocket per viewer of a table.

    GET  /                         the page that opens a table
    GET  /t/ID                     the page of a table (the same static page for every table:
                                   the seat and its token travel in the link's #fragment, never
                                   to the server's logs, and reach it only over the WebSocket)
    GET  /api/words?lang=          the pages' words
    GET  /api/rulesets             the built-ins (and the shelf of house rules)
    GET  /api/explain?name=&lang=  a built-in's rules in words
    POST /api/rules                check a rule file: problems as `validate` prints them
    POST /api/tables               open a table: the seats' links
    GET  /api/tables/ID/record     the record of a finished game (`trentuno replay` reads it)
    WS   /ws/ID                    a viewer: {"type": "hello", "seat": K, "token": T} or
                                   {"type": "hello", "watch": true}, then {"type": "move",
                                   "seq": N, "id": I} and {"type": "ping"}

Every body is bounded before it is read, every client address rate-limited (limits.py), and
every page served with a content security policy that runs only the package's own scripts.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect
from trentuno.engine.bots import BOTS
from trentuno.engine.errors import UserError

from . import rulebook
from .connection import NO_HELLO, WRONG_LINK, Connection
from .limits import Buckets, Limits
from .lobby import Invalid, Lobby
from .protocol import MessageType, type_of
from .store import Store
from .words import LANGS, catalogue, words

STATIC = Path(__file__).parent / "static"
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class TooBig(Exception):
    pass


class Guard:
    """Headers every answer carries: run only our scripts, never be framed, send no referrer,
    keep no copy of the API's answers."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", POLICY.encode()),
                            (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"),
                            (b"x-frame-options", b"DENY")]
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)
        await self.app(scope, receive, with_headers)


class Server:
    """The application's state: the store, the tables, the limits, the bots' thread."""

    def __init__(self, db: str, limits: Limits | None = None, bot_delay: float = 0.0,
                 durable: bool = True):
        self.limits = limits or Limits()
        self.store = Store(db, durable=durable)
        self.thinker = ThreadPoolExecutor(max_workers=2, thread_name_prefix="trentuno-bot")
        self.lobby = Lobby(self.store, self.limits, self.thinker, bot_delay)
        self.restored = self.lobby.restore_all()
        self.tables_made = Buckets(self.limits.tables_per_second, self.limits.tables_burst)
        self.checks_made = Buckets(self.limits.checks_per_second, self.limits.checks_burst)
        self.checking = asyncio.Semaphore(1)  # one rule file compiled at a time
        self.connections = 0

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.store.start()
        self.lobby.start_bots()
        try:
            yield
        finally:
            await self.lobby.stop()
            self.store.stop()
            self.thinker.shutdown(wait=False, cancel_futures=True)

    # ---- HTTP ---------------------------------------------------------------------------
    async def body(self, request: Request) -> Any:
        most = self.limits.body_bytes
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) > most:
            raise TooBig
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > most:
                raise TooBig
        try:
            return json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None

    async def page_open(self, request: Request) -> Response:
        return FileResponse(STATIC / "open.html")

    async def page_table(self, request: Request) -> Response:
        return FileResponse(STATIC / "play.html")

    async def api_words(self, request: Request) -> Response:
        return JSONResponse(catalogue(_lang(request.query_params.get("lang"))))

    async def api_rulesets(self, request: Request) -> Response:
        return JSONResponse({"rulesets": await asyncio.to_thread(rulebook.shelf),
                             "bots": list(BOTS)})

    async def api_explain(self, request: Request) -> Response:
        name = request.query_params.get("name", "")
        try:
            rules = rulebook.builtin(name)
        except (KeyError, UserError):
            return JSONResponse({"error": words("en", "error_rules")}, status_code=404)
        lang = _lang(request.query_params.get("lang"))
        return JSONResponse({"name": rules.name, "title": rules.title_in(lang),
                             "sections": rulebook.sections(rules, lang)})

    async def api_rules(self, request: Request) -> Response:
        """Check a rule file: {text, file, lang} -> {ok, problems, warnings, ...}."""
        lang = _lang(request.query_params.get("lang"))
        sent, refused = await self._posted(request, self.checks_made, lang)
        if refused is not None:
            return refused
        if not isinstance(sent, dict) or not isinstance(sent.get("text"), str):
            return JSONResponse({"error": words(lang, "error_rules")}, status_code=400)
        async with self.checking:
            checked = await asyncio.to_thread(rulebook.check_text, sent["text"],
                                              sent.get("file"), self.limits.rule_bytes)
        out: dict[str, Any] = {"ok": checked.rules is not None, "file": checked.file,
                               "problems": checked.problems, "warnings": checked.warnings}
        if checked.rules is not None:
            rules = checked.rules
            out.update(name=rules.name, title=rules.title_in(lang),
                       players={"min": rules.min_players, "max": rules.max_players,
                                "default": rules.default_players},
                       sections=rulebook.sections(rules, lang))
        return JSONResponse(out)

    async def api_tables(self, request: Request) -> Response:
        lang = _lang(request.query_params.get("lang"))
        sent, refused = await self._posted(request, self.tables_made, lang)
        if refused is not None:
            return refused
        base = f"{request.url.scheme}://{request.url.netloc}"
        try:
            if isinstance(sent, dict) and isinstance(sent.get("rules"), dict) \
                    and "text" in sent["rules"]:
                async with self.checking:
                    made = await self.lobby.open(sent, base)
            else:
                made = await self.lobby.open(sent, base)
        except Invalid as err:
            return JSONResponse({"error": err.text, "problems": list(err.problems)},
                                status_code=400)
        return JSONResponse(made)

    async def api_record(self, request: Request) -> Response:
        table_id = request.path_params["table"]
        record = await self.lobby.record(table_id)
        if record is None:
            status = 409 if self.lobby.get(table_id) is not None else 404
            return JSONResponse({"error": "the game is not over" if status == 409
                                 else "no such finished game"}, status_code=status)
        name = f"trentuno-{table_id}.json"
        return Response(json.dumps(record, indent=1) + "\n", media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def _posted(self, request: Request, buckets: Buckets, lang: str
                      ) -> tuple[Any, Response | None]:
        """What a client posted (its JSON, None when not JSON), or the answer refusing it: too
        many requests from its address (429), or a body over the limit (413)."""
        refused = self._refused(request, buckets, lang)
        if refused is not None:
            return None, refused
        try:
            return await self.body(request), None
        except TooBig:
            return None, JSONResponse({"error": words(lang, "refused_too_big")},
                                      status_code=413)

    def _refused(self, request: Request, buckets: Buckets, lang: str) -> Response | None:
        address = request.client.host if request.client else ""
        if buckets.take(address):
            return None
        return JSONResponse({"error": words(lang, "refused_rate")}, status_code=429)

    # ---- the WebSocket ----------------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        await ws.accept()
        if self.connections >= self.limits.connections:
            await ws.close(1013)
            return
        self.connections += 1
        address = ws.client.host if ws.client else ""
        conn = Connection(ws.send_text, lambda code: ws.close(code), self.limits, address)
        try:
            await self._serve(ws, conn)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.connections -= 1
            if conn.table is not None:
                conn.table.leave(conn)
            await conn.finish()

    async def _serve(self, ws: WebSocket, conn: Connection) -> None:
        try:
            hello = await asyncio.wait_for(_message(ws), self.limits.hello_seconds)
        except asyncio.TimeoutError:
            await ws.close(NO_HELLO)
            return
        table = self.lobby.get(ws.path_params.get("table"))
        viewer = _viewer(hello)
        if table is None or viewer is False or (viewer is not None
                                                and not table.admits(viewer, hello["token"])):
            await ws.send_text(json.dumps({"type": MessageType.DENIED, "reason": "wrong_link"}))
            await ws.close(WRONG_LINK)
            return
        seat = viewer if isinstance(viewer, int) else None
        conn.reply({"type": MessageType.WELCOME, "seat": seat, "players": table.row.players,
                    "lang": table.row.lang, "words": catalogue(table.row.lang)})
        if not await table.join(conn, seat):
            await ws.send_text(json.dumps({"type": MessageType.DENIED, "reason": "full"}))
            await ws.close(WRONG_LINK)
            return
        while conn.closed is None:
            message = await _message(ws)
            if conn.closed is not None or not conn.allowed():
                return  # closed with its code by `Connection.finish`
            kind = type_of(message)
            if kind is MessageType.MOVE:
                await table.move(conn, message)
            elif kind is MessageType.PING:
                conn.reply({"type": MessageType.PONG})
            else:
                conn.refused("bad_message", words(table.row.lang, "refused_bad_message"))


async def _message(ws: WebSocket) -> Any:
    """The next message as JSON (None when it is not JSON text); WebSocketDisconnect when
    the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _viewer(hello: Any) -> int | bool | None:
    """Who a hello says it is: a seat (from 0), None for a spectator, False for nonsense."""
    if not isinstance(hello, dict) or hello.get("type") != MessageType.HELLO:
        return False
    if hello.get("watch") is True:
        return None
    seat = hello.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and isinstance(hello.get("token"),
                                                                          str):
        return seat
    return False


def _lang(given: Any) -> str:
    return given if given in LANGS else "en"


def create_app(db: str, limits: Limits | None = None, bot_delay: float = 0.0,
               durable: bool = True) -> tuple[Starlette, Server]:
    """The application and its state (the tables are restored from `db` here)."""
    server = Server(db, limits, bot_delay, durable)
    routes = [
        Route("/", server.page_open),
        Route("/t/{table}", server.page_table),
        Route("/api/words", server.api_words),
        Route("/api/rulesets", server.api_rulesets),
        Route("/api/explain", server.api_explain),
        Route("/api/rules", server.api_rules, methods=["POST"]),
        Route("/api/tables", server.api_tables, methods=["POST"]),
        Route("/api/tables/{table}/record", server.api_record),
        WebSocketRoute("/ws/{table}", server.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Guard)], lifespan=server.lifespan)
    return app, server
