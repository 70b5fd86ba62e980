"""What keeps a game of `trentuno play` from being lost: how it can stop before its end, the
stop signals, and the places an unasked save falls back to.

A game stops early in one of a few ways, each an `Ending` raised through the game loop: the
person leaves (`Quit`), the input runs out (`InputEnded`), the terminal or the pipe is gone
(`OutputGone`), or SIGTERM or SIGHUP arrives (`Stopped`); Ctrl-C stays Python's
KeyboardInterrupt. They derive from BaseException, so that no `except Exception` on their way
(in a bot, in the engine) can swallow them.

`Stops` decides when a signal may interrupt. Inside `at_once()` (waiting for input, a bot
thinking, the pause before a bot's move, the replay of a resumed game) it raises at once: the
game is in a whole state there, because a bot only reads the real state (the Monte Carlo bot
plays its worlds on copies), so a move given up half thought leaves the game as it stood
before it. Anywhere else (a move being applied, a save being written) it is held and raised
at the next `check()` or `at_once()`. A move takes no time bound of its own (`--bots
mc:iterations=1000000`), so a stop is honoured within a moment wherever it comes.

A signal's exception can be lost on its way: Python runs a handler between any two bytecodes,
also inside a finalizer that the garbage collector happens to run (a generator closed, an
object's `__del__`), and an exception raised there is only printed and dropped. So a signal
that was raised is also remembered (`fired`) until it is seen unwinding: `at_once()` raises it
again when its stretch ends with no exception, and a wait for input (`wait_readable`) looks at
it between short waits, so a swallowed Ctrl-C or SIGTERM never leaves the game waiting for a
line that nobody will type.
"""
from __future__ import annotations

import contextlib
import os
import select
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

#: Signals that stop a game and save it; SIGHUP does not exist on Windows.
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))
EXIT_HANGUP = 128 + 1   # 128 + SIGHUP: the terminal went away
EXIT_BROKEN_PIPE = 128 + 13  # 128 + SIGPIPE: the reader of a pipe went away


class Ending(BaseException):
    """The game stops before its end (see the module's docstring)."""


class Quit(Ending):
    """The person typed q."""


class InputEnded(Ending):
    """Standard input ran out (a script's last line was read, or Ctrl-D)."""


class InputGone(Ending):
    """Reading standard input failed (a terminal that hung up answers EIO): nobody is there."""


class OutputGone(Ending):
    """Writing to standard output failed: the terminal hung up, or a pipe's reader left."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


class Stopped(Ending):
    """SIGTERM or SIGHUP: save without asking (nobody may be there to answer) and stop."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return str(signum)


class Stops:
    """Ctrl-C, SIGTERM and SIGHUP for the time of a game: raised at once inside `at_once()`,
    held elsewhere until the next `check()` (see the module's docstring)."""

    def __init__(self) -> None:
        self.open = False               # a signal may interrupt right now
        self.held: int | None = None    # the signal that came while none could
        self.fired: int | None = None   # raised by the handler, not yet seen unwinding

    def install(self) -> Callable[[], None]:
        """Catch the signals (from the main thread only: elsewhere they keep their default);
        returns what puts the previous handlers back."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        previous = {}
        for signum in (signal.SIGINT, *STOP_SIGNALS):
            try:
                old = signal.signal(signum, self._on_signal)
            except (ValueError, OSError):
                continue
            if old is None:  # set outside Python: the closest is Python's default
                old = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
            previous[signum] = old

        def restore() -> None:
            for signum, old in previous.items():
                signal.signal(signum, old)
        return restore

    def _on_signal(self, signum: int, frame) -> None:
        if self.open:
            self.open = False  # one interruption: what unwinds it is not interrupted again
            self.fired = signum
            raise _raised(signum)
        if self.held is None or self.held == signal.SIGINT:  # a stop outranks a Ctrl-C
            self.held = signum

    def check(self) -> None:
        """Raise the signal held since the last look, or one whose exception was lost."""
        signum = self.fired if self.fired is not None else self.held
        self.fired = self.held = None
        if signum is not None:
            raise _raised(signum)

    @contextlib.contextmanager
    def at_once(self) -> Iterator[None]:
        """A stretch a signal may interrupt at once: the game is whole all through it."""
        self.fired = None
        self.open = True   # first open, then look: a signal in between is not left held
        if self.held is not None:
            self.open = False
            self.check()
        try:
            yield
        except BaseException:
            self.fired = None  # the signal's exception (or another) is on its way out
            raise
        finally:
            self.open = False
        self.check()  # a signal whose exception a finalizer swallowed is raised here

    def wait_readable(self, fd: int, tick: float = 0.2) -> None:
        """Wait until `fd` has input, looking every `tick` seconds for a signal whose
        exception was lost (see the module's docstring); inside `at_once()`."""
        while True:
            if self.fired is not None or self.held is not None:
                self.open = False
                self.check()
            try:
                ready, _, _ = select.select([fd], [], [], tick)
            except (OSError, ValueError):
                return  # not a descriptor select can wait on: the read itself will tell
            if ready:
                return


def _raised(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


# ---- where an unasked save goes -------------------------------------------------------------
def free_name(stem: str, folder: Path | None = None) -> Path:
    """`stem.json` in `folder` (the current folder: a relative name), or `stem-2.json`, ...
    if that one is taken (a symlink counts as taken, even a dangling one: an unasked save
    never writes through a link)."""
    def named(suffix: str) -> Path:
        name = f"{stem}{suffix}.json"
        return Path(name) if folder is None else folder / name
    target, n = named(""), 1
    while os.path.lexists(target):
        n += 1
        target = named(f"-{n}")
    return target


def fallback_folders() -> Iterator[Path | None]:
    """Where a save goes when the place asked for cannot be written, in order: the current
    folder (None: names relative to it), the user's state folder ($XDG_STATE_HOME/trentuno,
    else ~/.local/state/trentuno, made if missing), the home folder, the temporary folder."""
    yield None
    package = __name__.split(".")[0]
    home = Path(os.path.expanduser("~"))
    state = os.environ.get("XDG_STATE_HOME") or str(home / ".local" / "state")
    folder = Path(state) / package
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    yield folder
    yield home
    yield Path(tempfile.gettempdir())


def same_file(fd: int, other: int) -> bool:
    """Whether two descriptors are the same file (stderr on the terminal stdout was on);
    True when either cannot be looked at."""
    try:
        a, b = os.fstat(fd), os.fstat(other)
    except (OSError, ValueError):
        return True
    return (a.st_dev, a.st_ino, a.st_rdev) == (b.st_dev, b.st_ino, b.st_rdev)


def silence(*fds: int) -> None:
    """Point file descriptors at /dev/null: what is still buffered for a terminal that hung
    up, and the flush at exit, then go nowhere instead of failing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for fd in fds:
            with contextlib.suppress(OSError):
                os.dup2(devnull, fd)
    finally:
        os.close(devnull)
