"""Hostile clients against a real `trentuno serve` (a child process on loopback): wrong
links get nothing, a seat cannot move for another or out of turn, fishing for hidden cards
finds none (every message checked by the oracle), malformed frames are refused, a 10 MB frame
and a flood close only the connection that sent them, and the other players play on."""
from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from serve_helpers import FIRST, LAST, Oracle, ServerProcess
from trentuno.server.client import Seat, open_table, request

KINDS = [{"kind": "person"}, {"kind": "greedy"}, {"kind": "person"}, {"kind": "greedy"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerProcess(tmp_path_factory.mktemp("serve") / "tables.sqlite3") as running:
        yield running


def _table(server, rules="trentuno", seed=3) -> dict:
    kinds = KINDS if rules == "trentuno" else KINDS[:2]
    return open_table(server.base, {"builtin": rules}, kinds, seed=seed)


async def _first_messages(seat: Seat, most: int = 5) -> tuple[list[dict], int | None]:
    """What a connection receives until it is closed (at most `most` messages)."""
    try:
        for _ in range(most):
            await seat.receive(timeout=60)
    except websockets.ConnectionClosed as closed:
        return seat.received, closed.rcvd.code if closed.rcvd else None
    return seat.received, None


def test_a_wrong_link_gets_nothing(server):
    made, other = _table(server), _table(server, seed=4)
    good = Seat.from_link(made["seats"][0]["link"])
    tries = [
        Seat(good.ws_url, 0, good.token[:-1] + ("A" if good.token[-1] != "A" else "B")),
        Seat(good.ws_url, 2, good.token),                                 # another seat
        Seat(good.ws_url, 1, good.token),                                 # a bot's seat
        Seat(good.ws_url.replace(made["table"], other["table"]), 0, good.token),
        Seat(good.ws_url.replace(made["table"], "nope"), 0, good.token),
        Seat(good.ws_url, 9, good.token),
        Seat(good.ws_url, 0, ""),
    ]

    async def run():
        out = []
        for seat in tries:
            await seat.connect()
            out.append(await _first_messages(seat))
        odd = Seat(good.ws_url, 0, good.token)
        odd.ws = await websockets.connect(good.ws_url)
        await odd.send({"type": "hello", "seat": "0", "token": good.token})
        out.append(await _first_messages(odd))
        return out
    for received, code in asyncio.run(run()):
        assert received == [{"type": "denied", "reason": "wrong_link"}] and code == 4403


async def _fish(seat: Seat) -> None:
    """Ask for what a seat may not see, every way a client can ask."""
    view = seat.view()
    seq = view["seq"]
    for bait in [{"type": "move", "seq": seq, "id": 1000}, {"type": "move", "seq": seq,
                                                            "id": -1},
                 {"type": "move", "seq": seq + 1, "id": 0}, {"type": "move", "seq": -5,
                                                              "id": 0},
                 {"type": "move", "seq": 10 ** 30, "id": 0}, {"type": "peek", "seat": 1},
                 {"type": "hello", "seat": 1, "token": "x"}, {"type": "record"},
                 {"type": "move", "seq": seq, "id": "0"}, [1, 2], "no json", None]:
        await seat.send(bait if isinstance(bait, str) else json.dumps(bait))
        answer = await seat.until(lambda m: m.get("type") == "refused")
        assert "text" in answer and answer["reason"] in (
            "no_such_move", "stale", "bad_message")


def test_fishing_for_hidden_cards_finds_none(server):
    made = _table(server, seed=8)
    status, _ = request(server.base, f"/api/tables/{made['table']}/record")
    assert status == 409

    async def run():
        a, b = Seat.from_link(made["seats"][0]["link"]), Seat.from_link(made["seats"][2]["link"])
        watcher = Seat.from_link(made["watch"])
        async with a, b, watcher:
            async def fishing_first():
                baited = 0
                await a.state_now()
                while not a.view()["over"]:
                    if not a.my_turn():
                        await a.until(lambda m: m.get("type") == "state")
                        continue
                    if baited < 2:  # two turns of bait (30 refusals close a connection)
                        await _fish(a)
                        baited += 1
                    seq = a.view()["seq"]
                    assert (await a.move(FIRST(a.view())))["type"] == "done"
                    await a.until(lambda m, s=seq: m.get("type") == "state"
                                  and m["view"]["seq"] > s)
            async def watch():
                await watcher.state_now()
                for _ in range(5):  # a spectator plays no move, even with a seat's numbers
                    await watcher.send({"type": "move", "seq": watcher.view()["seq"], "id": 0})
                    answer = await watcher.until(lambda m: m.get("type") == "refused")
                    assert answer["reason"] == "spectator"
                await watcher.until(lambda m: m.get("type") == "state" and m["view"]["over"])
            await asyncio.gather(fishing_first(), b.play(LAST), watch())
        return a, b, watcher
    a, b, watcher = asyncio.run(run())
    status, record = request(server.base, f"/api/tables/{made['table']}/record")
    assert status == 200
    oracle = Oracle(record, "trentuno")
    for seat, client in ((0, a), (2, b), (None, watcher)):
        assert oracle.leaks(seat, client.received) == [], seat
    assert not any(m["view"]["hand"] or m["view"]["moves"] for m in watcher.received
                   if m["type"] == "state")


def test_a_seat_cannot_move_for_another_or_out_of_turn(server):
    """While seat 3 thinks, seat 1 sends moves in his place (the table's position, any
    index) and for positions that are not the table's: all refused, the table unmoved."""
    made = _table(server, seed=5)

    async def run():
        me, other = (Seat.from_link(made["seats"][p]["link"]) for p in (0, 2))
        async with me, other:
            await other.until(lambda m: m.get("type") == "state" and m["view"]["moves"])
            seq = other.view()["seq"]
            if me.state is None or me.view()["seq"] != seq:
                await me.until(lambda m: m.get("type") == "state" and m["view"]["seq"] == seq)
            answers = []
            for at, index in [(seq, 0), (seq, 1), (seq - 1, 0), (seq + 1, 0)]:
                await me.send({"type": "move", "seq": at, "id": index})
                answers.append(await me.until(lambda m: m.get("type") in ("done",
                                                                          "refused")))
            await other.send({"type": "ping"})
            await other.until(lambda m: m.get("type") == "pong")
            return answers, seq, other.view()["seq"]
    answers, seq, after = asyncio.run(run())
    assert [a["reason"] for a in answers] == ["not_your_turn", "not_your_turn", "stale",
                                              "stale"]
    assert after == seq


def test_malformed_frames_are_refused_and_the_connection_stays(server):
    made = _table(server, "scopa", seed=6)

    async def run():
        async with Seat.from_link(made["seats"][0]["link"]) as me:
            await me.state_now()
            frames: list = ["{", "[]", "null", "3", '{"type": 7}', b"\x00\xff binary",
                            "[" * 2000 + "]" * 2000, '{"type": "move", "seq": 1e999}',
                            "\ud800".encode("utf-8", "surrogatepass").decode("latin-1")]
            for frame in frames:
                await me.send(frame)
                answer = await me.until(lambda m: m.get("type") == "refused")
                assert answer["reason"] == "bad_message"
            await me.send({"type": "ping"})
            return await me.until(lambda m: m.get("type") == "pong")
    assert asyncio.run(run()) == {"type": "pong"}


def test_a_huge_frame_or_a_flood_closes_that_connection_only(server):
    made = _table(server, seed=9)

    async def run():
        a, b = Seat.from_link(made["seats"][0]["link"]), Seat.from_link(made["seats"][2]["link"])
        huge, flood = Seat.from_link(made["watch"]), Seat.from_link(made["seats"][2]["link"])
        async with a, b, huge, flood:
            await huge.state_now()
            await flood.state_now()
            with pytest.raises(websockets.ConnectionClosed) as big:
                await huge.send("x" * (10 * 1024 * 1024))
                await huge.until(lambda m: False, timeout=60)
            with pytest.raises(websockets.ConnectionClosed) as many:
                for _ in range(2000):
                    await flood.send({"type": "ping"})
                await flood.until(lambda m: False, timeout=60)
            played = await asyncio.gather(a.play(FIRST), b.play(LAST))
            return big.value, many.value, played, a.view()
    big, many, played, last = asyncio.run(run())
    assert big.rcvd is not None and big.rcvd.code == 1009
    assert many.rcvd is not None and many.rcvd.code == 1008
    assert last["over"] and all(played)


def test_a_table_takes_so_many_connections(server):
    made = _table(server, "scopa", seed=10)

    async def run():
        seats = [Seat.from_link(made["watch"]) for _ in range(41)]
        codes = []
        for seat in seats:
            await seat.connect()
            received, code = await _first_messages(seat, most=2)
            codes.append((received[0]["type"], code))
        for seat in seats:
            await seat.close()
        return codes
    codes = asyncio.run(run())
    assert codes[:40] == [("welcome", None)] * 40
    assert codes[40] == ("denied", 4403)
