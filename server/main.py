"""Running the server: uvicorn on a socket the command line has already bound.

Frames larger than the limit are refused by uvicorn itself (it closes that connection with
1009, "too big"), before a byte of them reaches the application. A SIGTERM or Ctrl-C closes
the connections (1012, "restarting": the pages try again), lets the store finish what was
queued, and exits; the tables stay in the database for the next start.
"""
from __future__ import annotations

import socket
import sys

import uvicorn
from trentuno.cli.failure import Failure

from .app import create_app
from .limits import Limits
from .store import StoreError


def run(sock: socket.socket, db: str, bot_delay: float, limits: Limits | None = None) -> None:
    limits = limits or Limits()
    try:
        app, server = create_app(db, limits, bot_delay)
    except StoreError as err:
        sock.close()
        raise Failure(f"--db {err}") from None
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    for line in server.restored:
        print(f"trentuno serve: {line}", file=sys.stderr)
    playing = len(server.lobby.tables)
    print(f"trentuno serve: http://{shown}:{port}/ (tables kept in {db}; {playing} being "
          f"played)", flush=True)
    # no compression of the frames: a view is a few KB on a local network, and deflating
    # every one costs the server more than the rest of a move
    config = uvicorn.Config(app, ws_max_size=limits.frame_bytes, ws_ping_interval=20,
                            ws_per_message_deflate=False,
                            ws_ping_timeout=20, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=3, lifespan="on",
                            h11_max_incomplete_event_size=16 * 1024)
    uvicorn.Server(config).run(sockets=[sock])
