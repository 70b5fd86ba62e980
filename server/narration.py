"""What each viewer of a table is told, move by move: the terminal table's narration, kept.

One `WebView` per seat and one for the spectators tell every move and every event in the
words `trentuno play` uses, each through its own eyes (another seat's hidden draw is "draws a
card"). Each viewer's lines are numbered from the start of the game, so that a page that
reconnects asks for nothing and is sent the tail it missed, and tagged with the hand they
belong to. The lines that tell a hand's end (every hand and its value, who pays) are also kept
apart, for the page to show as the hand's result until the next hand's first move, and so are
those of the game's end.

Feed it as the game goes: `move(state, action)` before the action is applied (it names the
cards about to move), `catch_up(state)` after it; a replay feeds it the same way.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from trentuno.engine.rules import Action, Ruleset
from trentuno.engine.state import GameState

from .game_view import Heading, Viewer, WebView

#: events after which the lines told belong to the hand's end (until the next deal)
END_EVENTS = frozenset({"hand_end"})


class Log:
    """One viewer's narration: numbered lines, the oldest forgotten past `most`."""

    def __init__(self, most: int):
        self.lines: deque[dict[str, Any]] = deque(maxlen=most)
        self.count = 0  # the number the next line gets
        self.hand_end: dict[str, Any] | None = None  # the last hand's end, as told
        self.game_end: list[str] = []
        self._ending = False

    def add(self, hand: int, text: str) -> None:
        if not text:
            return
        heading = isinstance(text, Heading)
        self.lines.append({"n": self.count, "hand": hand, "text": str(text),
                           "heading": heading})
        self.count += 1
        if self._ending and self.hand_end is not None:
            self.hand_end["lines"].append(str(text))

    def start_end(self, hand: int) -> None:
        self._ending = True
        self.hand_end = {"hand": hand, "lines": []}

    def stop_end(self) -> None:
        self._ending = False

    def since(self, n: int) -> list[dict[str, Any]]:
        """The lines numbered `n` and after that are still kept."""
        first = self.count - len(self.lines)
        return list(islice(self.lines, max(0, n - first), None))


class Narrator:
    """The narration of one table for its viewers: the seats people sit at (a bot's seat
    has nobody to tell) and the spectators (key None)."""

    def __init__(self, rules: Ruleset, lang: str, viewers: Sequence[Viewer],
                 notes: Mapping[int, str], most: int = 400):
        self.views = {v: WebView(rules, lang, v, notes) for v in viewers}
        self.logs = {v: Log(most) for v in viewers}
        self.seen = 0         # the state's events told so far
        self.hand = 1         # the hand the events being told belong to (the cut: the first)
        self.pending: tuple[int, Action] | None = None  # the move told last

    def move(self, state: GameState, action: Action) -> None:
        """Tell the move the current player is about to make (before it is applied). The
        first move of a hand takes the last hand's end off the page: shown while the next hand
        is dealt and its first player chooses, it was shown all through the next hand."""
        self.catch_up(state)
        p = state.current_player
        for viewer, view in self.views.items():
            log = self.logs[viewer]
            if log.hand_end is not None and log.hand_end["hand"] < state.hand_number:
                log.hand_end = None
            log.add(state.hand_number, view.move(state, p, action))
        self.pending = (p, action)

    def catch_up(self, state: GameState) -> None:
        """Tell what happened since the last call (the state's events)."""
        events = state.events[self.seen:]
        self.seen = len(state.events)
        actor, action = self.pending if self.pending is not None else (None, None)
        self.pending = None
        for ev in events:
            if ev.kind == "deal":
                self.hand = ev.data["hand"]
            for viewer, view in self.views.items():
                log = self.logs[viewer]
                if ev.kind in ("deal", "game_over"):
                    log.stop_end()
                elif ev.kind in END_EVENTS:
                    log.start_end(self.hand)
                lines = [line for line in view.event(state, ev, actor, action) if line]
                if ev.kind == "game_over":
                    log.game_end = [str(line) for line in lines]
                for line in lines:
                    log.add(self.hand, line)
