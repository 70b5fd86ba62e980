"""Whole games on a real `trentuno serve` (a child process on loopback), played by scripted
WebSocket clients as two people, with two bots and a spectator: the game is the one played
straight through with the same seed, its record replays with `trentuno replay`, no message
names a card its receiver could not see; a server killed or stopped mid-game goes on exactly
where it was; a move sent twice is made once; a dropped connection sees the table as it is."""
from __future__ import annotations

import asyncio
import json
import re
import shlex
import signal
import subprocess
import sys

import pytest
from serve_helpers import (
    FIRST,
    HANG,
    LAST,
    Oracle,
    ServerProcess,
    free_port,
    same_game,
    straight_record,
)
from trentuno.server.client import Seat, open_table, request

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
KINDS = ["person", "greedy", "person", "greedy"]
POLICIES = {0: FIRST, 2: LAST}


def _seats(kinds: list[str]) -> list[dict]:
    return [{"kind": k} for k in kinds]


async def _play(made: dict, until: int | None = None) -> tuple[Seat, Seat]:
    """The two people play (until the game is over, or `until` moves were made)."""
    a, b = Seat.from_link(made["seats"][0]["link"]), Seat.from_link(made["seats"][2]["link"])
    async with a, b:
        await asyncio.gather(a.play(POLICIES[0], until), b.play(POLICIES[2], until))
    return a, b


@pytest.mark.parametrize("rules, lang", [("trentuno", "en"), ("scopa", "it")])
def test_two_people_two_bots_and_a_spectator_play_a_whole_game(tmp_path, rules, lang):
    with ServerProcess(tmp_path / "tables.sqlite3") as server:
        made = open_table(server.base, {"builtin": rules}, _seats(KINDS), seed=21, lang=lang)

        async def game():
            watcher = Seat.from_link(made["watch"])
            async with watcher:
                a, b = await _play(made)
                await watcher.until(lambda m: m.get("type") == "state"
                                    and m["view"]["over"])
            return a, b, watcher
        a, b, watcher = asyncio.run(game())
        status, record = request(server.base, f"/api/tables/{made['table']}/record")
    assert status == 200
    same_game(record, straight_record(rules, KINDS, 21, POLICIES, lang))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "trentuno.cli.main", "replay", str(path),
                           "--quiet", "--lang", "en"], capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 0 and done.stdout.startswith("verified: "), done
    oracle = Oracle(record, rules)
    for seat, client in ((0, a), (2, b), (None, watcher)):
        assert oracle.leaks(seat, client.received, lang) == [], seat
        assert client.state is not None and client.state["game_end"]
    assert not watcher.state["view"]["hand"] and not watcher.state["view"]["moves"]


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_server_stopped_mid_game_goes_on_as_straight_play(tmp_path, how):
    kinds = ["person", "mc", "person", "greedy"]
    with ServerProcess(tmp_path / "tables.sqlite3") as server:
        made = open_table(server.base, {"builtin": "trentuno"}, _seats(kinds), seed=33)
        a, _ = asyncio.run(_play(made, until=30))
        before = a.view()["seq"]
        server.restart(how)
        assert "1 being played" in server.banner
        a, _ = asyncio.run(_play(made))
        assert a.received[1]["view"]["seq"] >= before  # the table as it was left
        status, record = request(server.base, f"/api/tables/{made['table']}/record")
    assert status == 200
    same_game(record, straight_record("trentuno", kinds, 33, POLICIES))


def test_a_move_sent_twice_is_made_once_and_a_dropped_seat_sees_the_table_as_it_is(tmp_path):
    with ServerProcess(tmp_path / "tables.sqlite3") as server:
        made = open_table(server.base, {"builtin": "scopa"},
                          _seats(["person", "greedy"]), seed=4)

        async def twice():
            seat = Seat.from_link(made["seats"][0]["link"])
            async with seat:
                await seat.until(lambda m: m.get("type") == "state" and m["view"]["moves"])
                view = seat.view()
                move = {"type": "move", "seq": view["seq"], "id": view["moves"][0]["id"]}
                await seat.send(move)
                await seat.send(move)  # a double tap, or a page that sent it again
                first = await seat.until(lambda m: m.get("type") in ("done", "refused"))
                second = await seat.until(lambda m: m.get("type") in ("done", "refused"))
                await seat.until(lambda m: m.get("type") == "state"
                                 and m["view"]["seq"] >= view["seq"] + 2)
                lines = dict(seat.lines)
            # the connection drops; the seat comes back and sees the same table
            again = Seat.from_link(made["seats"][0]["link"])
            async with again:
                state = await again.state_now()
            return view, first, second, seat.state, state, lines, again
        view, first, second, last, back, lines, again = asyncio.run(twice())
    assert first == {"type": "done", "seq": view["seq"]}
    assert second == {"type": "done", "seq": view["seq"], "again": True}
    assert back["view"] == last["view"]
    # the narration so far is sent again, the same lines with the same numbers
    assert {n: line for n, line in again.lines.items() if n in lines} == {
        n: line for n, line in lines.items() if n in again.lines}
    assert len(again.lines) >= len(lines)


def test_the_readme_s_command_starts_the_server(tmp_path):
    """The README's line, as a person runs it in the project's folder after the quick start
    (here with this interpreter's trentuno, a free port and a database of the test's)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (line,) = [x for x in readme.splitlines() if "trentuno serve" in x and "pip install" in x]
    install, serve = (part.strip() for part in line.split("&&"))
    assert install == ".venv/bin/pip install '.[server]'"
    words = shlex.split(serve)
    assert words[0] == ".venv/bin/trentuno" and words[1] == "serve"
    port = free_port()
    args = [sys.executable, "-m", "trentuno.cli.main", *words[1:], "--port", str(port),
            "--db", str(tmp_path / "t.sqlite3")]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        banner = proc.stdout.readline()
        assert re.match(rf"trentuno serve: http://127\.0\.0\.1:{port}/ ", banner), banner
        status, shelf = request(f"http://127.0.0.1:{port}", "/api/rulesets")
        assert status == 200 and shelf["rulesets"]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=HANG)
