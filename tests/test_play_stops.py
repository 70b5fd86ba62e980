"""The stops of `trentuno play` (cli/play_safety.py): a Ctrl-C or a stop signal is never lost,
not even when Python drops the exception its handler raised.

Python runs a signal handler between any two bytecodes, also inside a finalizer the garbage
collector runs at that moment, where an exception is printed and dropped. Before the fix a
stop that landed there left the game waiting at its prompt, unsaved, until a line was typed:
the pty test of a stopped and resumed game timed out about once in thirty runs under load.
"""
from __future__ import annotations

import os
import signal
import sys
import threading

import pytest
from trentuno.cli.play_safety import Stopped, Stops

pytestmark = pytest.mark.skipif(not hasattr(signal, "raise_signal"), reason="needs signals")


class _SignalledWhenCollected:
    """An object whose finalizer receives SIGTERM: the handler's exception is dropped."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)
        sum(range(10))  # a few more bytecodes: the handler runs inside this finalizer


@pytest.fixture
def dropped(monkeypatch):
    """The exceptions Python drops (raised in a finalizer), as they are dropped."""
    seen: list[type] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_type))
    return seen


@pytest.fixture
def stops(dropped):
    stops = Stops()
    restore = stops.install()
    yield stops
    restore()


def _swallowed() -> None:
    """Deliver SIGTERM where its exception is lost (and make sure it was)."""
    _SignalledWhenCollected()


def test_a_stop_dropped_by_a_finalizer_is_raised_when_the_stretch_ends(stops, dropped):
    with pytest.raises(Stopped) as stopped, stops.at_once():
        _swallowed()
        assert dropped == [Stopped]  # Python dropped it: the stretch went on
    assert stopped.value.signum == signal.SIGTERM


def test_a_stop_dropped_while_waiting_for_input_ends_the_wait(stops, dropped):
    read_end, write_end = os.pipe()
    # if the wait missed the stop, a line arrives after a while: the wait then returns and
    # the test fails instead of hanging
    late = threading.Timer(20.0, os.write, (write_end, b"1\n"))
    late.start()
    try:
        with pytest.raises(Stopped), stops.at_once():
            _swallowed()
            assert dropped == [Stopped]
            stops.wait_readable(read_end, tick=0.05)
    finally:
        late.cancel()
        os.close(read_end)
        os.close(write_end)


def test_a_signal_outside_a_stretch_is_held_and_raised_on_entering_the_next(stops):
    signal.raise_signal(signal.SIGTERM)  # not in at_once: held
    assert stops.held == signal.SIGTERM
    entered = False
    with pytest.raises(Stopped), stops.at_once():
        entered = True
    assert not entered and stops.held is None


def test_a_signal_inside_a_stretch_interrupts_it_once(stops):
    with pytest.raises(Stopped), stops.at_once():
        signal.raise_signal(signal.SIGTERM)
        sum(range(10))
    stops.check()  # nothing left over: the next stretch starts clean
    with stops.at_once():
        pass


def test_input_that_is_there_ends_the_wait(stops):
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"2\n")
        with stops.at_once():
            stops.wait_readable(read_end, tick=0.05)
    finally:
        os.close(read_end)
        os.close(write_end)
