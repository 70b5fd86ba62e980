"""One table: the game, who sits where, and the one authority over every move made in it.

A move from a client is checked here against the game itself (its seat's turn, the position
it saw, a legal move of that position), applied, written to the store, and only then
published: each viewer's view is built once (server/game_view.py) and every connection of
that viewer woken to send it. Bots play from a task of the table's own, thinking in a worker
thread (the state is only read while they think: the table's lock is held), so one table's
thinking never holds up another's moves.

A move is named by the number of moves made before it (`seq`): the same move sent twice (a
page that reconnected, a double tap) finds its number taken by its own seat and is answered
"done" without being applied again. A restarted server rebuilds the table from its record
(`Table.restore`): the engine replays the moves, the bots look at each of their positions
again, so the game goes on exactly as it would have.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from trentuno.engine.bots import parse_bots
from trentuno.engine.record import FORMAT, VERSION, replay, result_of, rules_inside
from trentuno.engine.rules import Action, Ruleset
from trentuno.engine.state import GameState

from . import game_view
from .connection import Connection
from .limits import Limits
from .narration import Narrator
from .protocol import MessageType
from .store import Store, StoreError, TableRow
from .words import words

PERSON = "person"  # a seat's kind in a record when a person sits there (as `play` writes)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Table:
    """A game at one table, its seats (a person with a secret link, or a bot) and its
    viewers' connections."""

    def __init__(self, row: TableRow, rules: Ruleset, store: Store, limits: Limits,
                 thinker: Executor | None, bot_delay: float = 0.0):
        self.row = row
        self.id = row.id
        self.rules = rules
        self.store = store
        self.limits = limits
        self.thinker = thinker
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.narrator, self.bots = self._fresh()
        self.state: GameState | None = None
        self.version = 0                  # counts what was published
        self._published: dict[int | None, dict[str, Any]] = {}
        self._told: dict[int | None, int] = {}
        self._driver: asyncio.Task | None = None
        self.broken: str | None = None    # why the table cannot go on, if it cannot

    # ---- making and restoring --------------------------------------------------------------
    def _fresh(self) -> tuple[Narrator, dict[int, Callable]]:
        """A narrator that has told nothing, and the bots as they sit down (each seeded from
        the game's seed and its seat, as `play` seeds them)."""
        row = self.row
        notes = {p: s.get("name") or (s["kind"] if s["kind"] != PERSON else "")
                 for p, s in enumerate(row.seats)}
        kinds = [s["kind"] for s in row.seats]
        viewers = [p for p, k in enumerate(kinds) if k == PERSON] + [None]
        narrator = Narrator(self.rules.for_players(row.players), row.lang, viewers,
                            {p: n for p, n in notes.items() if n}, self.limits.log_lines)
        every = parse_bots(",".join(k if k != PERSON else "random" for k in kinds),
                           row.players, row.seed)
        return narrator, {p: every[p] for p, k in enumerate(kinds) if k != PERSON}

    def start(self) -> GameState:
        """A new game: dealt from the row's seed, its first dealer and first deck noted."""
        self.state = state = GameState(self.rules, self.row.players, seed=self.row.seed)
        self.row.first_dealer = state.first_dealer
        self.row.decks = [list(d) for d in state.deck_orders]
        self.narrator.catch_up(state)
        self.publish()
        return state

    def record_so_far(self) -> dict[str, Any]:
        """The game record the rows hold (docs/records.md)."""
        row = self.row
        hands: list[dict[str, Any]] = [{"deck": d, "moves": []} for d in row.decks]
        for number, move in row.moves:
            hands[number - 1]["moves"].append(dict(move))
        out: dict[str, Any] = {
            "format": FORMAT, "version": VERSION,
            "ruleset": {"name": row.name, "digest": row.digest, "source": row.source,
                        "rules": row.rules},
            "seed": row.seed, "players": row.players, "first_dealer": row.first_dealer,
            "bots": [s["kind"] for s in row.seats], "lang": row.lang, "hands": hands}
        if row.result is not None:
            out["result"] = row.result
        return out

    def restore(self) -> GameState:
        """The game rebuilt from its rows by replaying them, as `play --resume` does: every
        move checked again, every bot shown its positions again (so its chance is where it
        was), every viewer's narration told again."""
        record = self.record_so_far()
        record.pop("result", None)  # checked by the replay below against the moves only

        def again(state: GameState, action: Action) -> None:
            self.narrator.move(state, action)
            bot = self.bots.get(state.current_player)
            if bot is not None:
                bot(state, state.legal_actions())
        self.state = state = replay(record, self.rules, on_move=again)
        self.narrator.catch_up(state)
        self.publish()
        return state

    @staticmethod
    def rules_of(row: TableRow) -> Ruleset:
        """The rules a kept table is played under: the merged rules it keeps, which must
        still have their digest (engine/record.py)."""
        record = {"version": VERSION, "ruleset": {"name": row.name, "digest": row.digest,
                                                  "source": row.source, "rules": row.rules}}
        rules = rules_inside(record, f"table {row.id}")
        assert rules is not None
        return rules

    # ---- who may sit -----------------------------------------------------------------------
    def admits(self, seat: Any, token: Any) -> bool:
        """Whether `token` is the secret of person seat `seat` (compared in constant time)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(token, str):
            return False
        if not 0 <= seat < self.row.players or len(token) > 200:
            return False
        kept = self.row.seats[seat].get("token")
        return kept is not None and hmac.compare_digest(kept, token_hash(token))

    async def join(self, conn: Connection, viewer: int | None) -> bool:
        """Seat a connection as `viewer` and send it the table as it stands, with the tail
        of its narration; False when the table has all the connections it may have."""
        if len(self.connections) >= self.limits.table_connections:
            return False
        async with self.lock:  # never while a move is being made and kept
            if viewer not in self._published:
                self._build(viewer)
            self.connections.add(conn)
            told = self._told.get(viewer, 0)
            conn.start(self, viewer, max(0, told - self.limits.greeting_lines))
        self.kick()
        return True

    def leave(self, conn: Connection) -> None:
        self.connections.discard(conn)

    # ---- what is published -----------------------------------------------------------------
    def publish(self) -> None:
        """Build the view of the game as it now stands (it is on the disk) for every viewer
        connected, and wake every connection to send it; the others' views are built when
        they connect (`join`)."""
        self.version += 1
        self._published.clear()
        for viewer in {conn.viewer for conn in self.connections}:
            self._build(viewer)
        for viewer, log in self.narrator.logs.items():
            self._told[viewer] = log.count
        for conn in list(self.connections):
            conn.wake()

    def _build(self, viewer: int | None) -> None:
        state = self.state
        assert state is not None
        log = self.narrator.logs[viewer]
        self._published[viewer] = {
            "type": MessageType.STATE, "table": self.id, "seat": viewer, "version": self.version,
            "view": game_view.snapshot(self.narrator.views[viewer], state, viewer),
            "hand_end": log.hand_end, "game_end": log.game_end or None,
            "broken": self.broken}

    def news_for(self, viewer: int | None, since: int) -> tuple[int, dict[str, Any], list]:
        """(version, the published message, the published narration lines from `since`)."""
        told = self._told.get(viewer, 0)
        if since >= told:
            return self.version, self._published[viewer], []
        lines = self.narrator.logs[viewer].since(since)
        return self.version, self._published[viewer], [x for x in lines if x["n"] < told]

    # ---- moves -----------------------------------------------------------------------------
    async def move(self, conn: Connection, message: dict[str, Any]) -> None:
        """A client's move: made if it is his seat's legal move at the position he saw;
        answered `done` if he sent it before; refused otherwise (with a reason, no card)."""
        lang = self.row.lang
        seat, seq = conn.viewer, message.get("seq")
        if seat is None:
            conn.refused("spectator", words(lang, "refused_spectator"))
            return
        async with self.lock:
            state = self.state
            assert state is not None
            if self.broken is not None:
                conn.refused("broken", words(lang, "refused_broken"))
                return
            if isinstance(seq, int) and not isinstance(seq, bool) \
                    and game_view.mover_of(state, seq) == seat:
                conn.reply({"type": MessageType.DONE, "seq": seq, "again": True})
                return
            try:
                action = game_view.action_of(state, seat, seq, message.get("id"))
            except game_view.Refusal as refusal:
                conn.refused(refusal.reason, words(lang, f"refused_{refusal.reason}"))
                conn.view_sent = -1  # send him the table as it stands
                conn.wake()
                return
            if await self.play(action):
                conn.refund()
                conn.reply({"type": MessageType.DONE, "seq": seq})
            else:
                conn.refused("not_saved", words(lang, "refused_not_saved"))
        self.kick()

    async def play(self, action: Action) -> bool:
        """Apply a legal action, keep it, then publish; on a failure to keep it the game is
        put back where the disk has it (nobody was told of the move). Under the lock."""
        state = self.state
        assert state is not None
        hands, made = len(state.deck_orders), len(state.moves)
        self.narrator.move(state, action)
        state.apply(action)
        self.narrator.catch_up(state)
        new_decks = [list(d) for d in state.deck_orders[hands:]]
        new_moves = [(h, dict(m)) for h, m in state.moves[made:]]
        over = state.is_over
        result = result_of(state) if over else None
        try:
            await self.store.append(self.id, hands + 1, new_decks, made, new_moves,
                                    status="over" if over else None, result=result)
        except StoreError:
            self._back_to_disk()
            return False
        self.row.decks += new_decks
        self.row.moves += new_moves
        if over:
            self.row.status, self.row.result = "over", result
        self.publish()
        return True

    def _back_to_disk(self) -> None:
        """The game as the disk holds it (after a move that could not be kept): replayed
        from the rows, with bots and narration as they were then."""
        self.narrator, self.bots = self._fresh()
        self.restore()

    # ---- bots ------------------------------------------------------------------------------
    def kick(self) -> None:
        """Let the bots play, if it is a bot's turn (one driver task per table)."""
        state = self.state
        if state is None or state.is_over or state.current_player not in self.bots \
                or self.broken is not None:
            return
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                state = self.state
                if state is None or state.is_over or self.broken is not None:
                    return
                bot = self.bots.get(state.current_player)
                if bot is None:
                    return
                legal = state.legal_actions()
                action = await loop.run_in_executor(self.thinker, bot, state, legal)
                if not await self.play(action):
                    self.broken = "not_saved"
                    self.publish()
                    return

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):  # stopping anyway
                await self._driver

    # ---- the finished game -----------------------------------------------------------------
    def record(self) -> dict[str, Any] | None:
        """The record of a finished game (None while it is played: it holds every card)."""
        if self.row.status != "over":
            return None
        return self.record_so_far()
