"""Every table of one server: opened from a host's request, found by id, restored at start.

Opening a table checks the whole request first (rules, seats, bots, names, seed, language:
each refusal one sentence in the host's language), deals the game, keeps it in the store, and
only then answers with the seats' links. Each person's seat gets a secret token; the store
keeps only its hash, so the links are shown once, to the host, and a copy of the database
seats nobody. At start-up every table still being played is rebuilt by replaying its record;
a table that cannot be (its rules no longer compile, a move is no longer legal) is left in the
store as it is, and the server says why when it starts.
"""
from __future__ import annotations

import secrets
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from trentuno.engine.bots import BOTS
from trentuno.engine.errors import UserError
from trentuno.engine.record import document_of, play_digest, portable_source, safe_text
from trentuno.engine.rules import Ruleset

from . import rulebook
from .limits import Limits
from .store import Store, TableRow
from .table import PERSON, Table, new_token, token_hash
from .words import LANGS, words

MAX_SEED = 2 ** 63 - 1


@dataclass(frozen=True)
class Invalid(Exception):
    """A request to open a table that cannot be granted, in the host's words."""
    text: str
    problems: tuple[str, ...] = ()


class Lobby:
    def __init__(self, store: Store, limits: Limits, thinker: Executor | None = None,
                 bot_delay: float = 0.0):
        self.store = store
        self.limits = limits
        self.thinker = thinker
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}

    # ---- start and stop -----------------------------------------------------------------
    def restore_all(self) -> list[str]:
        """Rebuild every table still being played; one line for each that cannot be."""
        said = []
        for row in self.store.tables(status="playing"):
            table = self._table(row)
            if table is None:
                said.append(f"table {row.id}: its rules can no longer be read; kept as it is")
                continue
            try:
                table.restore()
            except UserError as err:
                said.append(f"table {row.id}: cannot be continued: {safe_text(err.line())}")
                continue
            self.tables[row.id] = table
        return said

    def _table(self, row: TableRow) -> Table | None:
        try:
            rules = Table.rules_of(row)
        except UserError:
            return None
        return Table(row, rules, self.store, self.limits, self.thinker, self.bot_delay)

    def start_bots(self) -> None:
        for table in self.tables.values():
            table.kick()

    async def stop(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()

    # ---- finding ------------------------------------------------------------------------
    def get(self, table_id: Any) -> Table | None:
        return self.tables.get(table_id) if isinstance(table_id, str) else None

    async def record(self, table_id: Any) -> dict[str, Any] | None:
        """The record of a finished game, from memory or from the store; None when there is
        no such table or its game is still being played."""
        table = self.get(table_id)
        if table is not None:
            return table.record()
        if not isinstance(table_id, str) or len(table_id) > 64:
            return None
        row = await self.store.table(table_id)
        if row is None or row.status != "over":
            return None
        rules = Table.rules_of(row)
        return Table(row, rules, self.store, self.limits, None).record()

    # ---- opening ------------------------------------------------------------------------
    async def open(self, request: Any, base: str) -> dict[str, Any]:
        """Open a table as `request` asks (see `_row`); the seats' links, from `base`."""
        if not isinstance(request, dict):
            raise Invalid(words("en", "error_rules"))
        lang = request["lang"] if request.get("lang") in LANGS else "en"
        self._make_room(lang)
        rules, text, source = self._rules(request.get("rules"), lang)
        row, tokens = self._row(request, rules, text, source, lang)
        table = Table(row, rules, self.store, self.limits, self.thinker, self.bot_delay)
        table.start()
        await self.store.create(row)
        self.tables[row.id] = table
        table.kick()
        return {"table": row.id, "watch": f"{base}/t/{row.id}#watch",
                "seats": [{"seat": p, "kind": s["kind"], "name": s.get("name"),
                           "link": (f"{base}/t/{row.id}#seat={p + 1}&token={tokens[p]}"
                                    if p in tokens else None)}
                          for p, s in enumerate(row.seats)]}

    def _make_room(self, lang: str) -> None:
        if len(self.tables) < self.limits.live_tables:
            return
        done = [t for t in self.tables.values() if t.row.status != "playing"
                and not t.connections]
        if not done:
            raise Invalid(words(lang, "refused_tables"))
        for table in done[:max(1, len(done) // 2)]:  # kept in the store, read when asked
            del self.tables[table.id]

    def _rules(self, asked: Any, lang: str) -> tuple[Ruleset, str | None, str]:
        """The ruleset asked for: a built-in by name, or a rule file sent as text."""
        if isinstance(asked, dict) and isinstance(asked.get("builtin"), str):
            try:
                rules = rulebook.builtin(asked["builtin"])
            except (KeyError, UserError):
                raise Invalid(words(lang, "error_rules")) from None
            return rules, None, portable_source(rules)
        if isinstance(asked, dict) and isinstance(asked.get("text"), str):
            checked = rulebook.check_text(asked["text"], asked.get("file"),
                                          self.limits.rule_bytes)
            if checked.rules is None:
                raise Invalid(words(lang, "rules_bad"), tuple(checked.problems))
            return checked.rules, asked["text"], checked.file
        raise Invalid(words(lang, "error_rules"))

    def _row(self, request: dict, rules: Ruleset, text: str | None, source: str,
             lang: str) -> tuple[TableRow, dict[int, str]]:
        seats = request.get("seats")
        low, high = rules.min_players, rules.max_players
        if not isinstance(seats, list) or not low <= len(seats) <= high:
            raise Invalid(words(lang, "error_seats", min=low, max=high))
        kept, tokens = [], {}
        for p, seat in enumerate(seats):
            kind, name = self._seat(seat, lang)
            entry: dict[str, Any] = {"kind": kind}
            if name:
                entry["name"] = name
            if kind == PERSON:
                tokens[p] = new_token()
                entry["token"] = token_hash(tokens[p])
            kept.append(entry)
        if not tokens:
            raise Invalid(words(lang, "error_no_person"))
        seed = request.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbelow(2 ** 32)
        elif isinstance(seed, str) and seed.strip().isdigit() and len(seed.strip()) <= 19:
            seed = int(seed.strip())
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise Invalid(words(lang, "error_seed", most=MAX_SEED))
        row = TableRow(secrets.token_urlsafe(9), time.time(), "playing", rules.name, source,
                       play_digest(rules.data), document_of(rules), text, seed, len(seats), 0,
                       lang, kept)
        return row, tokens

    def _seat(self, seat: Any, lang: str) -> tuple[str, str | None]:
        """(kind, name) of one seat of a request: a person (with a name, maybe) or a bot."""
        if not isinstance(seat, dict):
            raise Invalid(words(lang, "error_bot", bot=str(seat)[:20], bots=", ".join(BOTS)))
        kind = seat.get("kind", PERSON)
        if kind != PERSON and kind not in BOTS:
            raise Invalid(words(lang, "error_bot", bot=safe_text(str(kind))[:20],
                                bots=", ".join(BOTS)))
        name = seat.get("name")
        if name in (None, ""):
            return kind, None
        most = self.limits.name_chars
        if not isinstance(name, str) or len(name) > most or not name.isprintable() \
                or "(" in name or ")" in name:
            raise Invalid(words(lang, "error_name", most=most))
        return kind, " ".join(name.split()) or None
