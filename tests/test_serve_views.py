"""What the server shows each seat, checked in this process: every view and every line of
narration of whole games (several rulesets, hidden zones and widows among them) names only
cards that seat could see; a client's move is found in the position it saw or refused with a
reason; a table kept in the store and rebuilt plays on exactly as straight play."""
from __future__ import annotations

import asyncio
import os

import pytest
from serve_helpers import FIRST, LAST, Oracle, same_game, straight_record
from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.record import record_of
from trentuno.server import game_view
from trentuno.server.game_view import Refusal, action_of
from trentuno.server.limits import Limits
from trentuno.server.lobby import Invalid, Lobby
from trentuno.server.narration import Narrator
from trentuno.server.store import Store, StoreError, db_refusal


def _played(name: str, seed: int, lang: str) -> tuple[dict, dict]:
    """A game of greedy bots, and what each viewer (every seat, a spectator) would have been
    sent after every move: the view and the new lines of narration."""
    rules = load(name)
    state = GameState(rules, rules.default_players, seed=seed)
    bots = parse_bots("greedy", state.players, seed)
    narrator = Narrator(state.rules, lang, [*range(state.players), None], {1: "greedy"})
    sent: dict = {v: [] for v in narrator.views}
    told = dict.fromkeys(narrator.views, 0)

    def publish() -> None:
        for viewer, view in narrator.views.items():
            log = narrator.logs[viewer]
            sent[viewer].append({"type": "state", "view": game_view.snapshot(view, state,
                                                                              viewer),
                                 "log": log.since(told[viewer]), "hand_end": log.hand_end,
                                 "game_end": log.game_end or None})
            told[viewer] = log.count
    narrator.catch_up(state)
    publish()
    while not state.is_over:
        action = bots[state.current_player](state, state.legal_actions())
        narrator.move(state, action)
        state.apply(action)
        narrator.catch_up(state)
        publish()
    return record_of(state), sent


@pytest.mark.parametrize("name, lang", [("trentuno", "en"), ("scopa", "it"),
                                        ("trentuno-vedova", "en"), ("schwimmen", "it"),
                                        ("scat", "en")])
def test_no_viewer_is_told_a_card_it_could_not_see(name, lang):
    record, sent = _played(name, 3, lang)
    oracle = Oracle(record, name)
    for viewer, messages in sent.items():
        assert oracle.leaks(viewer, messages, lang) == [], (name, viewer)
    # the check sees a leak: a card of another seat's hand, in seat 0's view
    first = sent[0][1]
    k = first["view"]["seq"]
    allowed = oracle.allowed(0, k, first["view"]["hand_number"])
    hidden = next(c for q in range(1, record["players"]) if sent[q][1]["view"]["hand"]
                  for c in sent[q][1]["view"]["hand"]["cards"] if c["code"] not in allowed)
    spoilt = {**first, "view": {**first["view"], "note": hidden["name"]}}
    assert oracle.leaks(0, [spoilt], lang)


def test_the_narration_names_the_seat_s_own_draw_and_hides_the_others():
    _, sent = _played("trentuno", 5, "en")
    lines = {v: [line["text"] for m in ms for line in m["log"]] for v, ms in sent.items()}
    assert any(text.startswith("You draw the ") for text in lines[0])
    hidden = [t for t in lines[None] if "draws a card from the stock" in t]
    assert hidden and not any(" draws the " in t for t in lines[None])
    ends = [m["hand_end"] for m in sent[0] if m["hand_end"]]
    assert ends and any("loses a life" in line or "You lose a life" in line
                        for end in ends for line in end["lines"])
    assert sent[0][-1]["game_end"][0].startswith("Game over after")


def test_a_hand_s_end_is_shown_until_the_next_hand_s_first_move():
    """Before, the end-of-hand box kept showing the last hand's end all through the next one.
    Now every message of hand N shows no end or the end of hand N - 1 only up to its first
    move: after that, the box is empty until hand N ends."""
    _, sent = _played("trentuno", 5, "en")
    for viewer, messages in sent.items():
        shown = [(m["view"]["hand_number"], m["view"]["seq"], m["hand_end"] and
                  m["hand_end"]["hand"]) for m in messages]
        firsts: dict[int, int] = {}
        for hand, seq, _ in shown:
            firsts.setdefault(hand, seq)
        assert len(firsts) > 2, firsts
        for hand, seq, end in shown:
            if end is not None and end < hand:  # the last hand's end, in the next hand
                assert end == hand - 1 and seq == firsts[hand], (viewer, hand, seq, end)
        ends = {end for _, _, end in shown if end is not None}
        assert ends >= set(firsts) - {max(firsts)}, (viewer, ends)  # every hand's end shown


def test_a_move_is_named_by_its_position_and_its_index():
    rules = load("trentuno")
    state = GameState(rules, 4, seed=2)
    p, seq = state.current_player, len(state.moves)
    legal = state.legal_actions()
    assert action_of(state, p, seq, 0) is legal[0]
    for seat, at, index, reason in [(p, seq + 1, 0, "stale"), (p, seq - 1, 0, "stale"),
                                    ((p + 1) % 4, seq, 0, "not_your_turn"),
                                    (p, seq, len(legal), "no_such_move"),
                                    (p, seq, -1, "no_such_move"),
                                    (p, "0", 0, "bad_message"), (p, seq, True, "bad_message"),
                                    (p, seq, 0.0, "bad_message")]:
        with pytest.raises(Refusal) as info:
            action_of(state, seat, at, index)
        assert info.value.reason == reason
    state.apply(legal[0])
    assert game_view.mover_of(state, seq) == p and game_view.mover_of(state, seq + 1) is None


def test_a_move_shows_no_card_its_chooser_cannot_see():
    """The moves go out with the cards their chooser sees, never the engine's own keys: a
    draw from the stock names no card."""
    rules = load("trentuno")
    state = GameState(rules, 4, seed=2)
    view = game_view.WebView(state.rules, "en", state.current_player, {})
    moves = game_view.moves(view, state, state.current_player)
    draw = [m for m in moves if m["role"] == "draw" and "stock" in m["text"]]
    assert draw and draw[0]["cards"] == []
    assert all(set(m) == {"id", "text", "role", "cards"} for m in moves)


# ---- kept and rebuilt -------------------------------------------------------------------------
async def _play_kept(db: str, seed: int, stop_after: int | None) -> tuple[str, int]:
    store = Store(db)
    lobby = Lobby(store, Limits())
    store.start()
    try:
        made = await lobby.open({"rules": {"builtin": "trentuno"}, "seed": seed,
                                 "seats": [{"kind": "person"}, {"kind": "greedy"},
                                           {"kind": "person"}, {"kind": "mc"}]}, "")
        return made["table"], await _drive(lobby, made["table"], stop_after)
    finally:
        await lobby.stop()
        store.stop()


async def _drive(lobby: Lobby, table_id: str, stop_after: int | None) -> int:
    """People's moves by the FIRST and LAST policies, bots in between, until the game is over
    or `stop_after` moves were made."""
    table = lobby.get(table_id)
    assert table is not None and table.state is not None
    policies = {0: FIRST, 2: LAST}
    state = table.state
    while not state.is_over and (stop_after is None or len(state.moves) < stop_after):
        p = state.current_player
        if p in policies:
            view = game_view.snapshot(table.narrator.views[p], state, p)
            assert await table.play(state.legal_actions()[policies[p](view)["id"]])
        else:
            async with table.lock:
                assert await table.play(table.bots[p](state, state.legal_actions()))
    return len(state.moves)


async def _resume(db: str, table_id: str) -> dict:
    store = Store(db)
    lobby = Lobby(store, Limits())
    assert lobby.restore_all() == []
    store.start()
    try:
        await _drive(lobby, table_id, None)
        record = await lobby.record(table_id)
        assert record is not None
        return record
    finally:
        await lobby.stop()
        store.stop()


def test_a_table_kept_and_rebuilt_plays_on_as_straight_play(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    table_id, made = asyncio.run(_play_kept(db, 17, stop_after=40))
    assert made == 40
    record = asyncio.run(_resume(db, table_id))
    want = straight_record("trentuno", ["person", "greedy", "person", "mc"], 17,
                           {0: FIRST, 2: LAST})
    same_game(record, want)


def test_the_store_refuses_what_is_not_a_file(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "link").symlink_to("/dev/null")
    link = "a symlink to a character device"
    for path, words in [(fifo, "a FIFO"), (tmp_path / "link", link), (tmp_path, "a folder"),
                        (tmp_path / "no" / "db", "does not exist")]:
        assert words in (db_refusal(str(path)) or ""), path
        with pytest.raises(StoreError, match="nothing was written"):
            Store(str(path))
    assert db_refusal(str(tmp_path / "new.sqlite3")) is None


@pytest.mark.parametrize("request_, words", [
    ({"rules": {"builtin": "nope"}}, "Choose a built-in game"),
    ({"rules": {"builtin": "trentuno"}, "seats": [{"kind": "person"}]}, "4 to 12 seats"),
    ({"rules": {"builtin": "scopa"}, "seats": [{"kind": "greedy"}, {"kind": "random"}]},
     "must be a person"),
    ({"rules": {"builtin": "scopa"}, "seats": [{"kind": "person"}, {"kind": "gready"}]},
     "Unknown bot"),
    ({"rules": {"builtin": "scopa"}, "seats": [{"kind": "person", "name": "x" * 25},
                                               {"kind": "greedy"}]}, "at most 24"),
    ({"rules": {"builtin": "scopa"}, "seats": [{"kind": "person", "name": "a\x1b[2J"},
                                               {"kind": "greedy"}]}, "control characters"),
    ({"rules": {"builtin": "scopa"}, "seed": -1,
      "seats": [{"kind": "person"}, {"kind": "greedy"}]}, "whole number"),
    ({"rules": {"text": "extends: /etc/passwd\n"}}, "have problems"),
])
def test_a_request_to_open_a_table_is_checked_whole(tmp_path, request_, words):
    store = Store(str(tmp_path / "db"))
    lobby = Lobby(store, Limits())

    async def run():
        store.start()
        try:
            await lobby.open(request_, "")
        finally:
            store.stop()
    with pytest.raises(Invalid) as info:
        asyncio.run(run())
    assert words in info.value.text, info.value.text
    assert lobby.tables == {}


def test_a_kept_table_that_no_longer_replays_is_left_as_it_is_and_said(tmp_path):
    import sqlite3
    db = str(tmp_path / "tables.sqlite3")
    table_id, _ = asyncio.run(_play_kept(db, 5, stop_after=6))
    conn = sqlite3.connect(db)
    conn.execute("UPDATE moves SET move = json_set(move, '$.cards', json('[\"Ac\", \"Ac\"]'))"
                 " WHERE table_id = ? AND n = 3", (table_id,))
    conn.commit()
    conn.close()
    lobby = Lobby(Store(db), Limits())
    (said,) = lobby.restore_all()
    assert said.startswith(f"table {table_id}: cannot be continued: hand 1, move 4: ")
    assert "is not a legal move here" in said and lobby.tables == {}


def test_a_move_another_process_kept_first_is_refused_and_the_game_does_not_fork(tmp_path):
    """Two servers that both believe they hold one table (docs/server.md, beyond one
    machine): the second to keep move n is refused by the store, and its table is put back
    where its own rows were, not played on."""
    db = str(tmp_path / "tables.sqlite3")

    async def run():
        first = Lobby(Store(db), Limits())
        first.store.start()
        made = await first.open({"rules": {"builtin": "scopa"}, "seed": 3,
                                 "seats": [{"kind": "person"}, {"kind": "person"}]}, "")
        mine = first.get(made["table"])
        other = Lobby(Store(db), Limits())
        assert other.restore_all() == []
        other.store.start()
        theirs = other.get(made["table"])
        assert mine is not None and theirs is not None
        try:
            assert await theirs.play(theirs.state.legal_actions()[0])
            kept = await mine.play(mine.state.legal_actions()[-1])
            return kept, len(mine.state.moves), len(theirs.state.moves)
        finally:
            await first.stop()
            first.store.stop()
            other.store.stop()
    assert asyncio.run(run()) == (False, 0, 1)


@pytest.mark.parametrize("name, pot", [("trentuno-vedova", True), ("trentuno", True),
                                       ("scat", False), ("scopa", False)])
def test_a_pot_game_shows_its_pot_as_the_terminal_table_does(name, pot):
    """The page shows the pot exactly where `play` does: a pot game (its stakes mode takes
    antes) or lives paid into a pot; the mode is asked, not its name."""
    rules = load(name)
    state = GameState(rules, rules.default_players, seed=1)
    view = game_view.WebView(rules, "en", 0, {})
    shown = game_view.snapshot(view, state, 0)["pot"]
    assert (shown is not None) is pot, shown
    assert any(line.strip().startswith("Pot: ") for line in view.players(state)) is pot
    if pot:
        assert shown.startswith("Pot: ")
