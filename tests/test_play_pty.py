"""`trentuno play` in a real pseudo-terminal: what a person at a keyboard gets.

The game runs as `python -m trentuno.cli play ...` in a child process whose terminal is a pty
(so stdin and stdout are ttys, the terminal echoes what is typed and Ctrl-C is a signal); the
test types into it and reads the screen with a timeout, never blocking forever.
"""
from __future__ import annotations

import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import time

import pytest
from trentuno.cli.table import TableView
from trentuno.engine import GameState, load, parse_bots
from trentuno.engine.record import load as load_record
from trentuno.engine.record import record_of

pty = pytest.importorskip("pty")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and a pty")

#: seconds for any one thing to appear: only a hang trips it (a cold start on a busy machine
#: can take half a minute; a wait ends as soon as the thing is there)
TIMEOUT = 120.0
PROMPT = re.compile(r"Your choice \[1-(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """A child process on a pty: type into it, wait for text to appear on it."""

    def __init__(self, *args: str, columns: int = 100, home: str | None = None):
        env = dict(os.environ, LANG="C.UTF-8", PYTHONUNBUFFERED="1", COLUMNS=str(columns))
        env.pop("NO_COLOR", None)
        env.pop("LC_ALL", None)
        if home is not None:  # where a fallback save may go: never the real home folder
            env.update(HOME=home, XDG_STATE_HOME=os.path.join(home, "state"))
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
        self.status: int | None = None
        self.closed = False  # the terminal was hung up (its master side closed)
        self.cpu_at_exit: float | None = None  # the child's CPU seconds, once it has ended

    @property
    def screen(self) -> str:
        """Everything shown so far, colours removed."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def _read(self, timeout: float) -> bool:
        if self.closed:  # nothing more to read
            time.sleep(timeout)
            return False
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
            if left <= 0 or (not self._read(min(left, 0.5)) and not rx.search(self.screen,
                                                                                self.pos)):
                raise AssertionError(f"{rx.pattern!r} did not appear; the screen ends "
                                     f"with:\n{self.screen[-1500:]}")

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def poll(self):
        if self.status is None:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                self.cpu_at_exit = usage.ru_utime + usage.ru_stime
        return self.status

    def cpu(self) -> float:
        """The CPU seconds the child has used so far."""
        if self.poll() is not None and self.cpu_at_exit is not None:
            return self.cpu_at_exit
        with open(f"/proc/{self.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def think(self, seconds: float = 1.0) -> None:
        """Wait, typing nothing, until the child has used `seconds` more CPU (a bot is
        thinking, or a replay is under way); fail if it ends or stops working first."""
        start = self.cpu()
        for _ in range(int(TIMEOUT * 10) * 6):
            if self.poll() is not None:
                raise AssertionError(f"the game ended; screen:\n{self.screen[-1500:]}")
            if self.cpu() - start >= seconds:
                return
            self._read(0.1)
        raise AssertionError(f"the child did not work; screen:\n{self.screen[-1500:]}")

    def wait_for_cpu(self, budget: float) -> int:
        """The exit status, failing when the child uses more than `budget` CPU seconds from
        now before it ends (work bounded, not time)."""
        start = self.cpu()
        for _ in range(int(TIMEOUT * 10) * 6):  # a blocked child uses no CPU: a last guard
            if self.poll() is not None:
                break
            used = self.cpu() - start
            if used > budget:
                self.kill()
                raise AssertionError(f"still running after {used:.1f} s of CPU; screen:\n"
                                     f"{self.screen[-1500:]}")
            self._read(0.1)
        else:
            self.kill()
            raise AssertionError(f"the game did not end; screen:\n{self.screen[-1500:]}")
        while self._read(0.05) and self.raw:  # what is left to read
            pass
        assert self.status is not None
        return self.status

    def hang_up(self) -> None:
        """Close the terminal, as a closed window or a dropped ssh connection does."""
        os.close(self.fd)
        self.closed = True

    def wait(self, timeout: float = TIMEOUT) -> int:
        deadline = time.monotonic() + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"the game did not end; screen:\n{self.screen[-1500:]}")
            self._read(0.1)
        while self._read(0.05) and self.raw:  # what is left to read
            pass
        assert self.status is not None
        return self.status

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)

    def close(self) -> None:
        self.kill()
        if not self.closed:
            os.close(self.fd)


@pytest.fixture
def terminal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a game that stops unasked saves in the current folder
    opened = []

    def start(*args, **options):
        t = Terminal(*args, home=str(tmp_path / "home"), **options)
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
    t.expect(r"You draw .+ from the stock\.")
    assert int(t.expect(PROMPT).group(1)) == 4        # now discard one of four cards
    t.type("abc\r")
    t.expect(r"Please type a number from 1 to 4")
    t.expect(PROMPT)
    t.type("9\r")
    t.expect(r"Please type a number from 1 to 4")
    t.expect(PROMPT)
    t.type("2\r")
    t.expect(r"You discard ")
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


@pytest.fixture(scope="module")
def straight(tmp_path_factory):
    """The game played through without a stop, its person always taking the first choice
    (played once for every test that compares a resumed game with it)."""
    path = tmp_path_factory.mktemp("straight") / "straight.json"
    done = subprocess.run([sys.executable, "-m", "trentuno.cli", "play", *GAME, "--save",
                           str(path)], input=ALWAYS_FIRST, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)
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


def _resumes_as_the_straight_game(path, straight) -> None:
    """`play --resume FILE` plays the saved game on to the end as the game played straight
    through (the same decks, moves and result)."""
    done = subprocess.run([sys.executable, "-m", "trentuno.cli", "play", "--resume",
                           str(path)], input=ALWAYS_FIRST, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    resumed = json.loads(path.read_text(encoding="utf-8"))
    assert resumed["lang"] == "en" and resumed["bots"] == straight["bots"]
    assert [h["deck"] for h in resumed["hands"]] == [h["deck"] for h in straight["hands"]]
    assert resumed["hands"] == straight["hands"]
    assert resumed["result"] == straight["result"]


@pytest.mark.parametrize("stop", list(STOPS))
def test_a_stopped_and_resumed_game_is_the_game_played_straight_through(straight, terminal,
                                                                        tmp_path, stop):
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
    _resumes_as_the_straight_game(path, straight)


# ---- the edges: a terminal that hangs up, a save that fails, a stop while a bot thinks ------
def test_a_terminal_that_hangs_up_while_play_waits_saves_the_game(straight, terminal, tmp_path):
    t = terminal(*GAME)
    _play_until(t, hand=1, at_least=3)
    t.hang_up()  # the window is closed: reads end, writes fail, SIGHUP comes
    assert t.wait() == 128 + signal.SIGHUP
    saved = tmp_path / "trentuno-4.json"  # no --save: the safe save, here
    assert [p.name for p in tmp_path.glob("*.json")] == [saved.name]
    _resumes_as_the_straight_game(saved, straight)


MC_SEAT = 3  # Player 4: a Monte Carlo bot with a budget no move can use up in a test
MC_GAME = ("trentuno", "--seed", "4", "--lang", "en", "--bots",
           "greedy,greedy,mc:iterations=1000000")
BOT_STOPS = {  # how a bot's move is stopped -> (what to do, the exit status)
    "SIGTERM": (lambda t: os.kill(t.pid, signal.SIGTERM), 128 + signal.SIGTERM),
    "SIGHUP": (lambda t: os.kill(t.pid, signal.SIGHUP), 128 + signal.SIGHUP),
    "Ctrl-C": (lambda t: t.type("\x03"), 130),
    "hang-up": (lambda t: t.hang_up(), 128 + signal.SIGHUP),
}


def _before_the_long_move() -> tuple[list, int]:
    """The record's hands as the game stands when the Monte Carlo bot first has a choice to
    think over (the person taking the first choice, greedy at the other seats), and how many
    moves the person made until then."""
    rules = load("trentuno")
    state = GameState(rules, 4, seed=4)
    view = TableView(rules, "en", seat=0)
    bots = parse_bots("greedy", 4, 4)
    mine = 0
    while state.current_player != MC_SEAT or len(state.legal_actions()) == 1:
        p, legal = state.current_player, state.legal_actions()
        if p == 0:
            mine += 1
            state.apply(view.choices(state, legal)[0][0])
        else:  # (the Monte Carlo bot plays a move it has no choice in without thinking)
            state.apply(bots[p](state, legal) if p != MC_SEAT else legal[0])
    return record_of(state)["hands"], mine


@pytest.mark.parametrize("stop", list(BOT_STOPS))
def test_a_stop_while_a_bot_thinks_is_honoured_at_once_and_keeps_the_game_before_the_move(
        terminal, tmp_path, stop):
    hands, mine = _before_the_long_move()
    path = tmp_path / "mc.json"
    act, status = BOT_STOPS[stop]
    t = terminal(*MC_GAME, "--save", str(path))
    for _ in range(mine):
        t.expect(PROMPT)
        t.type("1\r")
    t.think(1.0)  # a second of CPU into a move that would take hours
    act(t)
    assert t.wait_for_cpu(3.0) == status  # the move is given up, not finished
    assert "Traceback" not in t.screen
    if stop != "hang-up":
        t.expect(rf"Game saved to {re.escape(str(path))}\.")
    assert load_record(path)["hands"] == hands  # the game as it stood before the move
    # resumed, it is the same game: the same bot thinks over the same move again
    t = terminal("--resume", str(path))
    moves = sum(len(h["moves"]) for h in hands)
    t.expect(rf"Resumed {re.escape(str(path))}: {moves} moves replayed")
    t.think(0.5)
    os.kill(t.pid, signal.SIGTERM)
    assert t.wait_for_cpu(3.0) == 128 + signal.SIGTERM
    assert load_record(path)["hands"] == hands


def test_a_stop_while_a_resumed_game_is_replayed_leaves_the_file_and_says_so(terminal,
                                                                            tmp_path):
    path = tmp_path / "g.json"
    done = subprocess.run([sys.executable, "-m", "trentuno.cli", "play", *GAME, "--save",
                           str(path)], input="1\n" * 12 + "q\n", capture_output=True,
                          text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    # the same moves, but the record says long-thinking bots made them: the replay has each
    # of them think its moves over again
    record["bots"] = ["person"] + ["mc:iterations=1000000"] * 3
    path.write_text(json.dumps(record), encoding="utf-8")
    before = path.read_bytes()
    t = terminal("--resume", str(path))
    t.think(1.0)
    os.kill(t.pid, signal.SIGTERM)
    assert t.wait_for_cpu(3.0) == 128 + signal.SIGTERM
    t.expect(rf"Stopped by SIGTERM while replaying {re.escape(str(path))}: nothing was "
             r"written, the file is as it was\.")
    assert "Traceback" not in t.screen and "Resumed" not in t.screen
    assert path.read_bytes() == before


@pytest.mark.parametrize("spoil", ["removed", "made a file"])
def test_ctrl_c_whose_save_fails_saves_the_game_here_and_says_where(straight, terminal,
                                                                    tmp_path, spoil):
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / "g.json"
    t = terminal(*GAME, "--save", str(target))
    _play_until(t, hand=1, at_least=3)
    folder.rmdir()  # the folder --save named is gone (or is a file) by the time it is saved
    if spoil == "made a file":
        folder.write_text("in the way", encoding="utf-8")
    t.type("\x03")
    t.expect(rf"Could not save to {re.escape(str(target))}:\s+"  # (wrapped at 100 columns)
             r"(No\s+such\s+file\s+or\s+directory|Not\s+a\s+directory)")
    t.expect(r"Game saved to trentuno-4\.json\.")
    t.expect(r"Continue it with: trentuno play --resume trentuno-4\.json")
    assert t.wait() == 130
    assert "Traceback" not in t.screen
    _resumes_as_the_straight_game(tmp_path / "trentuno-4.json", straight)


@pytest.mark.parametrize("answers", [["q"], ["q", "y"]], ids=["save?", "file name"])
def test_ctrl_d_at_a_save_question_saves_the_game_unasked(straight, terminal, tmp_path, answers):
    t = terminal(*GAME)
    _play_until(t, hand=1, at_least=3)
    t.type("q\r")
    t.expect(r"Save the game\? \[y/N\]")
    if "y" in answers:
        t.type("y\r")
        t.expect(r"File name \[trentuno-4\.json\]")
    t.type("\x04")
    t.expect(r"Game saved to trentuno-4\.json\.")
    assert t.wait() == 0
    assert "not saved" not in t.screen and "Traceback" not in t.screen
    _resumes_as_the_straight_game(tmp_path / "trentuno-4.json", straight)


def test_at_60_columns_the_resume_hint_keeps_the_file_name_whole(terminal, tmp_path):
    folder = tmp_path / "games of a long evening"
    folder.mkdir()
    path = folder / "the one to finish tomorrow.json"
    t = terminal(*GAME, "--save", str(path), columns=60)
    t.expect(PROMPT)
    t.type("\x04")
    t.expect(r"Continue it with:")
    assert t.wait() == 0
    command = f"trentuno play --resume {shlex.quote(str(path))}"
    lines = [line.strip() for line in t.screen.splitlines()]
    assert command in lines  # the command whole on a line of its own, ready to copy
    assert str(path) in t.screen.replace("\r\n  ", " ")  # "saved to": never cut inside
    again = subprocess.run([sys.executable, "-m", "trentuno.cli", *shlex.split(command)[1:]],
                           input="q\n", capture_output=True, text=True, timeout=TIMEOUT,
                           check=False)
    assert again.returncode == 0 and "Resumed" in again.stdout, again.stderr
