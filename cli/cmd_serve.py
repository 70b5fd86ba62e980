"""`trentuno serve`: a table for friends in the browser, on this machine.

The server itself lives in the `server` package and needs the `server` extra (Starlette,
uvicorn, websockets); it is imported only when the command runs, so that `trentuno --help`
and every other command start without it. Everything the server keeps is in one SQLite file
(`--db`); stopped (Ctrl-C, SIGTERM) or killed, the server started again with the same file
goes on with every table where it was.
"""
from __future__ import annotations

import contextlib
import errno
import importlib.util
import os
import socket
from pathlib import Path

import click

from .failure import PROG, Failure

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8031
NEEDED = ("starlette", "uvicorn", "websockets")
MAX_BOT_DELAY = 60.0


def default_db() -> Path:
    """The tables' database when --db is not given: in the user's state folder
    ($XDG_STATE_HOME/trentuno, else ~/.local/state/trentuno)."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                             "state")
    return Path(state) / PROG / "tables.sqlite3"


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, or a Failure saying in one line why there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        raise Failure(f"--host {host}: not an address of this machine ({_why(err)})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        what = "is in use (another server?)" if err.errno == errno.EADDRINUSE else _why(err)
        raise Failure(f"cannot listen on {host}:{port}: the port {what}") from None
    sock.set_inheritable(True)
    return sock


def _why(err: BaseException) -> str:
    return str(getattr(err, "strerror", None) or err or type(err).__name__)


@click.command("serve", short_help="Open tables for friends to play in the browser.")
@click.option("--host", default=DEFAULT_HOST, show_default=True,
              help="The address to listen on (0.0.0.0: every network of this machine).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The port to listen on (0: any free one, printed).")
@click.option("--db", "db", default=None, metavar="PATH",
              help="The SQLite file that keeps the tables (made if missing); default: "
                   "tables.sqlite3 in $XDG_STATE_HOME/trentuno (~/.local/state/trentuno).")
@click.option("--bot-delay", type=float, default=0.8, show_default=True, metavar="SECONDS",
              help=f"Pause before each bot move, so people can follow (at most "
                   f"{MAX_BOT_DELAY:g}).")
def serve(host: str, port: int, db: str | None, bot_delay: float) -> None:
    """Serve tables for friends: open http://HOST:PORT/ in a browser, pick the rules (a
    built-in, a house rule from the shelf, or your own rule file), fill the seats with people
    and bots, and send each friend the link of his seat. Every table is kept in the --db file:
    a server stopped or killed and started again with it goes on where every game was.
    """
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise Failure(f"the server needs the `server` extra (missing: {', '.join(missing)}): "
                      f"pip install '.[server]' in the project's folder")
    if not 0 <= bot_delay <= MAX_BOT_DELAY:  # also refuses nan
        raise click.BadParameter(f"must be from 0 to {MAX_BOT_DELAY:g} seconds, not "
                                 f"{bot_delay:g}", param_hint="'--bot-delay'")
    path = Path(db) if db is not None else default_db()
    if db is None:
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    from trentuno.server.main import run  # the web stack: only for this command

    sock = _listen(host, port)
    run(sock, str(path), bot_delay)
