"""What the server's tests share: a real `trentuno serve` in a child process (started,
killed, started again on the same port and database), the game the same table would have had
played straight through in this process, and the oracle of what each seat may see.

The oracle replays a finished game's record in this process and notes, at every position
(the number of moves made), the cards each seat could see there according to the engine's
own observation of that seat (its hand, the visible cards of the table, what everybody saw
taken, the public history of the hand) and the cards the table shows everybody (a hand's end,
a zone turned up); a spectator may see what every seat saw. A message a seat received at a
position may name only cards of that set: a card named in it by its code or its name that is
not is a leak.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.record import record_of, replay
from trentuno.server import game_view
from trentuno.server.game_view import WebView

HANG = 300  # seconds: only a hang trips it, however busy the machine

FIRST: Callable[[dict], dict] = lambda view: view["moves"][0]  # noqa: E731
LAST: Callable[[dict], dict] = lambda view: view["moves"][-1]  # noqa: E731


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`trentuno serve` on loopback, in a child process, as a person starts it."""

    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.0):
        self.db = db
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen | None = None
        self.banner = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        args = [sys.executable, "-m", "trentuno.cli.main", "serve", "--port", str(self.port),
                "--db", str(self.db), "--bot-delay", str(self.bot_delay)]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env={**os.environ, "NO_COLOR": "1"})
        assert self.proc.stdout is not None
        self.banner = self.proc.stdout.readline()  # printed once it listens
        if "http://" not in self.banner:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {self.banner!r} "
                               f"{self.proc.stderr.read() if self.proc.stderr else ''}")
        return self

    def stop(self, how: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        self.proc.send_signal(how)
        code = self.proc.wait(timeout=HANG)
        self.stderr = self.proc.stderr.read() if self.proc.stderr else ""
        self.proc = None
        return code

    def restart(self, how: int = signal.SIGKILL) -> None:
        self.stop(how)
        self.start()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            with contextlib.suppress(Exception):
                self.stop(signal.SIGKILL)


# ---- the same game played straight through ---------------------------------------------------
def straight_record(rules_name: str, kinds: list[str], seed: int,
                    policies: dict[int, Callable[[dict], dict]], lang: str = "en") -> dict:
    """The record of the game a table of these seats (`person` or a bot's name) would have
    had, played straight through here: its bots seeded as the server seeds them, its people
    choosing by `policies` from the very views the server would send them."""
    rules = load(rules_name)
    state = GameState(rules, len(kinds), seed=seed)
    every = parse_bots(",".join(k if k != "person" else "random" for k in kinds), len(kinds),
                       seed)
    views = {p: WebView(state.rules, lang, p, {}) for p in policies}
    while not state.is_over:
        p = state.current_player
        if p in policies:
            chosen = policies[p](game_view.snapshot(views[p], state, p))
            action = state.legal_actions()[chosen["id"]]
        else:
            action = every[p](state, state.legal_actions())
        state.apply(action)
    return record_of(state)


def same_game(got: dict, want: dict) -> None:
    """The deals, the moves and the result of two records are the same."""
    assert [h["deck"] for h in got["hands"]] == [h["deck"] for h in want["hands"]]
    assert [h["moves"] for h in got["hands"]] == [h["moves"] for h in want["hands"]]
    assert got["result"] == want["result"]
    assert (got["seed"], got["first_dealer"]) == (want["seed"], want["first_dealer"])


# ---- what each seat may see -----------------------------------------------------------------
PUBLIC_EVENTS = ("reveal", "refresh", "show_bottom", "leftover", "cut", "hand_end")


def _event_cards(ev: Any) -> set[str]:
    """The cards an event shows everybody."""
    d = ev.data
    found: set[str] = set()
    for key in ("cards", "hands"):
        value = d.get(key)
        if isinstance(value, dict):
            for item in value.values():
                found.update(item if isinstance(item, list) else [item])
        elif isinstance(value, list):
            found.update(value)
    return found


def _visible(state: GameState, p: int) -> set[str]:
    """The cards the engine's observation of seat `p` shows now."""
    obs = state.observation(p)
    codes = state.rules.deck.codes
    out = set(codes(obs.hand))
    for zone in obs.zones:
        out.update(codes(obs.zone_cards(zone)))
    for zone in obs.owned_zones:
        for pile in obs.owned_cards(zone):
            out.update(codes(pile))
    for q in range(state.players):
        out.update(codes(obs.known(q)))
    for move in obs.history:
        out.update(codes(move.took))
        out.update(codes(move.gave))
    return out


class Oracle:
    """At each position of a game, per hand, the cards each seat (and a spectator: None) may
    have seen by then."""

    def __init__(self, record: dict, rules_name: str):
        rules = load(rules_name)
        self.players = record["players"]
        self.seen: dict[int | None, dict[int, set[str]]] = {
            p: {} for p in [*range(self.players), None]}
        self.at: dict[int, dict[int | None, dict[int, frozenset[str]]]] = {}
        self.hand_at: dict[int, int] = {}
        self._events = 0
        self._hand = 0
        dealt = GameState(rules, self.players, seed=record["seed"])  # the cut, if any
        for ev in dealt.events:
            if ev.kind == "cut":
                for viewer in self.seen:
                    self.seen[viewer].setdefault(1, set()).update(_event_cards(ev))
        state = replay(record, rules, on_move=self._before)
        self._note(state)
        self.deck = state.rules.deck
        self._patterns: dict[str, tuple[re.Pattern, re.Pattern]] = {}
        self._by_name: dict[str, dict[str, str]] = {}

    def _before(self, state: GameState, action: Any) -> None:
        """Before a move: the position, and when the move ends the hand, the hand's last
        position (held there on a copy), where its last move shows."""
        self._note(state)
        after = state.clone(stop_at_hand_end=True)
        after.apply(action)
        if after.hand_over:
            self._add(after, state.hand_number)

    def _add(self, state: GameState, hand: int) -> None:
        """What each seat sees of `state`, and what all of them see, to `hand`'s sets."""
        every = None
        for p in range(self.players):
            mine = self.seen[p].setdefault(hand, set())
            mine |= _visible(state, p)
            every = set(mine) if every is None else every & mine
        self.seen[None].setdefault(hand, set()).update(every or set())

    def _note(self, state: GameState) -> None:
        for ev in state.events[self._events:]:
            if ev.kind == "deal":
                self._hand = ev.data["hand"]
            if ev.kind in PUBLIC_EVENTS:
                for viewer in self.seen:
                    self.seen[viewer].setdefault(max(self._hand, 1), set()).update(
                        _event_cards(ev))
        self._events = len(state.events)
        hand = state.hand_number
        self._add(state, hand)
        k = len(state.moves)
        self.hand_at[k] = hand
        self.at[k] = {v: {h: frozenset(s) for h, s in per.items() if h >= hand - 1}
                      for v, per in self.seen.items()}

    def allowed(self, viewer: int | None, k: int, hand: int) -> frozenset[str]:
        at = self.at[k][viewer]
        if hand in at:
            return at[hand]
        return frozenset(self.seen[viewer].get(hand, set()))

    def mentioned(self, text: str, lang: str) -> set[str]:
        """The cards a text names, by code or by name."""
        if lang not in self._patterns:
            cards = sorted(self.deck.cards, key=lambda c: -len(self.deck.name(c.id, lang)))
            self._by_name[lang] = {self.deck.name(c.id, lang).lower(): c.code for c in cards}
            codes = "|".join(re.escape(c.code) for c in cards)
            names = "|".join(re.escape(self.deck.name(c.id, lang)) for c in cards)
            self._patterns[lang] = (re.compile(rf"(?<![A-Za-z0-9])({codes})(?![A-Za-z0-9])"),
                                    re.compile(rf"(?<!\w)({names})(?!\w)", re.IGNORECASE))
        by_code, by_name = self._patterns[lang]
        found = set(by_code.findall(text))
        found.update(self._by_name[lang][n.lower()] for n in by_name.findall(text))
        return found

    def leaks(self, viewer: int | None, messages: list[dict], lang: str = "en") -> list[str]:
        """Every card a viewer's messages name that it could not see where it got them."""
        wrong = []
        k = 0
        for i, message in enumerate(messages):
            if message.get("type") == "state":
                k = message["view"]["seq"]
                checks = [(self.hand_at[k], message["view"])]
                checks += [(line["hand"], line["text"]) for line in message["log"]]
                if message.get("hand_end"):
                    checks.append((message["hand_end"]["hand"], message["hand_end"]))
                if message.get("game_end"):
                    checks.append((self.hand_at[k], message["game_end"]))
            else:
                checks = [(self.hand_at[k], message)]
            for hand, part in checks:
                text = json.dumps(part, ensure_ascii=False)
                extra = self.mentioned(text, lang) - self.allowed(viewer, k, hand)
                if extra:
                    wrong.append(f"message {i} (position {k}, hand {hand}) names "
                                 f"{sorted(extra)}: {text[:300]}")
        return wrong


def kept_rows(db: Path) -> Iterator[tuple]:
    import sqlite3
    conn = sqlite3.connect(db)
    try:
        yield from conn.execute("SELECT id, status FROM tables")
    finally:
        conn.close()
