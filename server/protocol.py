"""The WebSocket protocol of `trentuno serve`: the types of its messages, declared once.

A message is a JSON object whose `"type"` is one of these; the server, the scripted client and
the tests name a type only through this table (`MessageType.MOVE`), never as a quoted word, so a
misspelt type is a NameError, not a message silently never answered, and a word of the rule
language (a move, a knock) is never mistaken for a word of the protocol. `static/play.js` speaks
the same types; tests/test_serve_app.py plays whole games through them.
"""
from __future__ import annotations

from enum import Enum


class MessageType(str, Enum):
    """A message type; its value is what travels in `"type"` (a `str`, so `json.dumps` writes
    it as it is)."""
    # the viewer's
    HELLO = "hello"        # {"type": "hello", "seat": K, "token": T} or {..., "watch": true}
    MOVE = "move"          # {"type": "move", "seq": N, "id": I}
    PING = "ping"          # {"type": "ping"}
    # the server's
    WELCOME = "welcome"    # the seat, the players, the language and the page's words
    DENIED = "denied"      # a wrong link or a full table; the socket is closed
    STATE = "state"        # the table as this viewer sees it
    DONE = "done"          # a move was made (`again`: it was made already)
    REFUSED = "refused"    # a move or a message refused, with its reason and words
    PONG = "pong"          # the answer to a ping


def type_of(message: object) -> MessageType | None:
    """The type of a received message, None when it is not an object of a known type."""
    kind = message.get("type") if isinstance(message, dict) else None
    try:
        return MessageType(kind)
    except ValueError:
        return None
