"""The Dask backend: the same games, the same answer as on this machine; one line for every
way it can fail, and no hang."""
from __future__ import annotations

import socket
import sys
import threading
import time

import pytest
from trentuno.engine import load
from trentuno.engine.cluster import run_on_cluster
from trentuno.engine.compare import compare
from trentuno.engine.errors import UsageError
from trentuno.engine.parallel import batches
from trentuno.engine.simulate import batch_summary, simulate

distributed = pytest.importorskip("distributed", reason="the test extras install Dask")


@pytest.fixture(scope="module")
def local_scheduler():
    """A small in-process cluster: one worker, two threads (fast to start, no new processes)."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def without_timings(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("seconds", "turns_per_second")}


def test_simulate_on_a_cluster_matches_this_machine(local_scheduler):
    rules = load("schwimmen")
    here = simulate(rules, 30, 4, "greedy,random,greedy,greedy", seed=6, jobs=1)
    there = simulate(rules, 30, 4, "greedy,random,greedy,greedy", seed=6, jobs=2,
                     cluster=local_scheduler)
    assert without_timings(there.as_dict()) == without_timings(here.as_dict())


def test_compare_on_a_cluster_matches_this_machine(local_scheduler):
    rulesets = [load("scat"), load("house/scat-three-of-a-kind")]
    args = {"games": 24, "players": 4, "bots": "greedy", "seed": 9,
            "skill_bots": ["greedy", "random"], "skill_games": 6}
    here = compare(rulesets, jobs=1, **args).as_dict()
    there = compare(rulesets, jobs=2, cluster=local_scheduler, **args).as_dict()
    del here["seconds"], there["seconds"]
    assert there == here


def test_unreachable_scheduler_is_one_line_within_the_timeout_given():
    """The connection is given the timeout (the message says it); CPU time is bounded, not
    the clock (Dask's own default would wait 30 s, a missing timeout for ever)."""
    todo = batches(load("trentuno"), 4, 4, "greedy", 0, 1)
    cpu = time.process_time()
    with pytest.raises(UsageError) as err:
        run_on_cluster("tcp://127.0.0.1:9", batch_summary, todo, timeout=1.0)
    assert time.process_time() - cpu < 10  # retrying costs little: no busy loop
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 1 s" in err.value.line()


@pytest.fixture
def silent_address():
    """A local address that takes every connection and never says a word (a stuck process,
    a port forwarded to nothing)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    held: list[socket.socket] = []

    def take() -> None:
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:  # closed: the test is over
                return
    threading.Thread(target=take, daemon=True).start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    listener.close()
    for connection in held:
        connection.close()


def test_a_scheduler_that_never_answers_is_one_line_within_the_timeout(tmp_path,
                                                                        silent_address):
    # the handshake after the connection had no bound: no output for 150 s and more
    from test_hostile import _timed
    from trentuno.engine.cluster import CONNECT_TIMEOUT

    done, seconds, megabytes = _timed("simulate", "trentuno", "--games", "4", "--cluster",
                                      silent_address, cwd=tmp_path)
    lines = done.stderr.decode().rsplit("\n@@ ", 1)[0].strip().splitlines()
    assert done.returncode == 1 and done.stdout == b"" and len(lines) == 1, lines
    assert lines[0] == (f"trentuno: error: no answer from the Dask scheduler at "
                        f"{silent_address} within {CONNECT_TIMEOUT:g} s: something took the "
                        f"connection but did not speak Dask's protocol")
    assert seconds < 10 and megabytes < 500  # waiting costs no CPU


def test_missing_dask_says_which_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(UsageError, match=r"pip install '\.\[cluster\]'"):
        run_on_cluster("tcp://127.0.0.1:9", batch_summary, [])
