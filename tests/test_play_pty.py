"""`trentuno play` in a real pseudo-terminal: what a person at a keyboard gets.

The game runs as `python -m trentuno.cli play ...` in a child process whose terminal is a pty
(so stdin and stdout are ttys, the terminal echoes what is typed and Ctrl-C is a signal); the
test types into it and reads the screen with a timeout, never blocking forever.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import select
import signal
import sys
import time

import pytest

pty = pytest.importorskip("pty")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and a pty")

TIMEOUT = 20.0  # seconds for any one thing to appear (a cold start imports a lot)
PROMPT = re.compile(r"Your choice \[1-(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """A child process on a pty: type into it, wait for text to appear on it."""

    def __init__(self, *args: str):
        env = dict(os.environ, LANG="C.UTF-8", PYTHONUNBUFFERED="1", COLUMNS="100")
        env.pop("NO_COLOR", None)
        env.pop("LC_ALL", None)
        argv = [sys.executable, "-m", "trentuno.cli", "play", *args]
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the game
            try:
                os.execve(sys.executable, argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.raw = b""
        self.pos = 0      # where the next `expect` starts looking
        self.status = None

    @property
    def screen(self) -> str:
        """Everything shown so far, colours removed."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        self.raw += chunk
        return bool(chunk)

    def expect(self, pattern, timeout: float = TIMEOUT) -> re.Match:
        """Wait until `pattern` appears after the last match; fail after `timeout`."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.screen, self.pos)
            if m:
                self.pos = m.end()
                return m
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(min(left, 0.5)) and not rx.search(self.screen,
                                                                                self.pos):
                raise AssertionError(f"{rx.pattern!r} did not appear; the screen ends "
                                     f"with:\n{self.screen[-1500:]}")

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def poll(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def wait(self, timeout: float = TIMEOUT) -> int:
        deadline = time.monotonic() + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"the game did not end; screen:\n{self.screen[-1500:]}")
            self._read(0.1)
        while self._read(0.05) and self.raw:  # what is left to read
            pass
        return self.status

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)

    def close(self) -> None:
        self.kill()
        os.close(self.fd)


@pytest.fixture
def terminal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a game that stops unasked saves in the current folder
    opened = []

    def start(*args):
        t = Terminal(*args)
        opened.append(t)
        return t
    yield start
    for t in opened:
        t.close()


def test_a_few_moves_a_wrong_one_then_quit(terminal):
    t = terminal("trentuno", "--seed", "1", "--lang", "en")
    t.expect(r"── Trentuno · hand 1 · round 1")
    t.expect(r"Your hand: \d+")
    assert int(t.expect(PROMPT).group(1)) == 2
    t.type("1\r")                                     # draw from the stock
    t.expect(r"Player 1 \(you\) draws .+ from the stock\.")
    assert int(t.expect(PROMPT).group(1)) == 4        # now discard one of four cards
    t.type("abc\r")
    t.expect(r"Please type a number from 1 to 4")
    t.expect(PROMPT)
    t.type("9\r")
    t.expect(r"Please type a number from 1 to 4")
    t.expect(PROMPT)
    t.type("2\r")
    t.expect(r"Player 1 \(you\) discards ")
    t.expect(PROMPT)
    t.type("q\r")
    t.expect(r"Save the game\? \[y/N\]")
    t.type("n\r")
    assert t.wait() == 0
    screen = t.screen
    assert "The game was not saved." in screen
    assert "Traceback" not in screen
    assert "\x1b[" in t.raw.decode("utf-8", "replace")  # colours on a terminal


def test_ctrl_c_offers_to_save(terminal, tmp_path):
    path = tmp_path / "saved.json"
    t = terminal("trentuno", "--seed", "2", "--lang", "en")
    t.expect(PROMPT)
    t.type("\x03")                                    # Ctrl-C while waiting for a choice
    t.expect(r"Interrupted\.")
    t.expect(r"Save the game\? \[y/N\]")
    t.type("y\r")
    t.expect(r"File name \[trentuno-2\.json\]")
    t.type(f"{path}\r")
    t.expect(r"Game saved to ")
    assert t.wait() == 130
    assert path.exists()
    assert "Traceback" not in t.screen


def test_ctrl_c_while_watching(terminal):
    t = terminal("schwimmen", "--watch", "--seed", "3", "--delay", "0.02", "--lang", "it")
    t.expect(r"Giocatore \d \(greedy\) (dà|passa|bussa|prende)")
    t.type("\x03")
    t.expect(r"Salvare la partita\? \[s/N\]")
    t.type("n\r")
    assert t.wait() == 130
    assert "Traceback" not in t.screen


# ---- nothing lost: every way of stopping a game saves it, and resuming it is the same game --
ALWAYS_FIRST = "1\n" * 3000
GAME = ("trentuno", "--seed", "4", "--lang", "en", "--bots", "random,greedy,random")
HAND = re.compile(r"── Trentuno · hand (\d+)")
STOPS = {  # how the game is stopped -> (what to do, the exit status)
    "SIGTERM": (lambda t: os.kill(t.pid, signal.SIGTERM), 128 + signal.SIGTERM),
    "SIGHUP": (lambda t: os.kill(t.pid, signal.SIGHUP), 128 + signal.SIGHUP),
    "Ctrl-C": (lambda t: t.type("\x03"), 130),
    "Ctrl-D": (lambda t: t.type("\x04"), 0),
}


def _straight_game(tmp_path):
    """The game played through without a stop, its person always taking the first choice."""
    path = tmp_path / "straight.json"
    done = subprocess.run([sys.executable, "-m", "trentuno.cli", "play", *GAME, "--save",
                           str(path)], input=ALWAYS_FIRST, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(path.read_text(encoding="utf-8"))


def _play_until(t, hand: int, at_least: int) -> None:
    """Take the first choice at `at_least` prompts and on until the table is in `hand`."""
    for typed in range(400):
        t.expect(PROMPT)
        hands = [int(h) for h in HAND.findall(t.screen)]
        if typed >= at_least and hands and hands[-1] >= hand:
            return
        t.type("1\r")
    raise AssertionError("the game never reached that hand")


@pytest.mark.parametrize("stop", list(STOPS))
def test_a_stopped_and_resumed_game_is_the_game_played_straight_through(terminal, tmp_path,
                                                                        stop):
    straight = _straight_game(tmp_path)
    path = tmp_path / "saved.json"
    act, status = STOPS[stop]
    # stopped in the first hand ...
    t = terminal(*GAME, "--save", str(path))
    _play_until(t, hand=1, at_least=3)
    act(t)
    t.expect(r"Game saved to ")
    assert t.wait() == status
    assert path.exists() and "Traceback" not in t.screen
    # ... resumed with no VARIANT (it saves back to the same file), stopped in a later hand ...
    t = terminal("--resume", str(path))
    t.expect(r"Resumed ")
    _play_until(t, hand=2, at_least=2)
    act(t)
    t.expect(r"Game saved to ")
    assert t.wait() == status
    # ... and played on to the end
    done = subprocess.run([sys.executable, "-m", "trentuno.cli", "play", "--resume",
                           str(path)], input=ALWAYS_FIRST, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    resumed = json.loads(path.read_text(encoding="utf-8"))
    assert resumed["lang"] == "en" and resumed["bots"] == straight["bots"]
    assert [h["deck"] for h in resumed["hands"]] == [h["deck"] for h in straight["hands"]]
    assert resumed["hands"] == straight["hands"]
    assert resumed["result"] == straight["result"]
