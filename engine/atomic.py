"""Writing a file so that it is never left half-written, and never over what is not ours.

Every file the program writes (saved games, `simulate --record` files, the `compare --html`
page, the verdict cache) goes through `write_atomically`: the bytes are written to a temporary
file in the target's folder, flushed to the disk, then renamed over the target in one step. A
crash, a full disk or a signal in the middle leaves the old file (or no file) in place, never
a truncated one.

A write goes only where the target is missing or a regular file. A symlink to a regular file
is followed: its target is rewritten (the link stays a link). Anything else, a device
(/dev/null, /dev/full), a FIFO, a socket, a folder, a symlink to one of those or a symlink into
a missing folder, is refused: a rename over it would replace the node itself, so that, run as
root, `--html /dev/full` left a web page where the machine's device had been. `refusal` says
why a path cannot be written before anything is done (the commands check their output options
with it when they start, cli/params.py); the writer checks the resolved target again right
before the rename, since it may have changed since.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["UnsafeTarget", "folder_refusal", "kind_of", "make_room", "refusal",
           "write_atomically"]


class UnsafeTarget(OSError):
    """A write refused because its target is there and is not a regular file; `strerror`
    says what it is ("not a regular file (a FIFO)")."""

    def __init__(self, reason: str):
        super().__init__(errno.EINVAL, reason)

    def __str__(self) -> str:
        return str(self.strerror)


def write_atomically(path: str | Path, data: str | bytes, durable: bool = True) -> None:
    """Replace `path` (or the regular file a symlink there leads to) with `data` (text as
    UTF-8) in one step; raises OSError if it cannot, UnsafeTarget if the target is not a
    regular file. `durable=False` skips the flushes to the disk (for a cache, which loses
    nothing when an entry is lost)."""
    target = _resolved(path)
    _check_target(target)
    folder = target.parent
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.chmod(temp, 0o666 & ~_umask())
        _check_target(target)  # it may have become a FIFO or a device since the first look
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        _sync_folder(folder)


def refusal(path: str | Path) -> str | None:
    """Why a file cannot be written at `path` ("not a regular file (a character device)",
    "the folder x does not exist", ...), or None when it can: the target is missing or a
    regular file (through symlinks), and a new file can be made in its folder. Nothing is
    written (a probe file is made and removed)."""
    try:
        link = _lstat(path)
        target = _resolved(path)
        info = _lstat(target)
    except (OSError, ValueError) as err:
        return f"not a usable path ({_reason(err)})"
    linked = link is not None and stat.S_ISLNK(link.st_mode)
    if info is not None and not stat.S_ISREG(info.st_mode):
        what = kind_of(info.st_mode)
        if stat.S_ISLNK(info.st_mode):
            return "a symlink that leads nowhere (a loop)"
        return f"not a regular file ({f'a symlink to {what}' if linked else what})"
    shown = target.parent if linked else Path(path).parent
    try:
        make_room(target.parent)
    except FileNotFoundError:
        if not target.parent.exists():
            via = f"a symlink to {target}, but " if linked else ""
            return f"{via}the folder {shown} does not exist"
        return _no_room(info is not None, shown, "")  # /proc: there, and takes no new file
    except NotADirectoryError:
        return f"{shown} is not a folder"
    except OSError as err:
        return _no_room(info is not None, shown, f" ({_reason(err)})")
    return None


def folder_refusal(path: str | Path) -> str | None:
    """Why files cannot be written into the folder `path` (made if missing), or None: it is a
    folder (through symlinks) where a new file can be made, or it is missing and the nearest
    folder above it takes new entries."""
    try:
        target = _resolved(path)
        info = _lstat(target)
        there = target
        while info is None and there.parent != there:  # the nearest thing that is there
            there = there.parent
            info = _lstat(there)
    except (OSError, ValueError) as err:
        return f"not a usable path ({_reason(err)})"
    if info is not None and not stat.S_ISDIR(info.st_mode):
        what = "a regular file" if stat.S_ISREG(info.st_mode) else kind_of(info.st_mode)
        return f"not a folder ({what})" if there == target else \
            f"{there} is not a folder ({what})"
    try:
        make_room(there)
    except OSError as err:
        return f"no new file can be made in {there} ({_reason(err)})"
    return None


def make_room(folder: str | Path) -> None:
    """Make and remove a new file in `folder`, the very test a write makes there (a missing,
    read-only or full folder, a /proc folder that takes no new file); raises OSError."""
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".write-probe-"):
        pass


def kind_of(mode: int) -> str:
    """What a file that is no regular file is, in words ("a FIFO", "a character device")."""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                        (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                        (stat.S_ISBLK, "a block device"), (stat.S_ISLNK, "a symlink")):
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def _no_room(replacing: bool, folder: Path, why: str) -> str:
    """A file cannot be made beside the target: a file there cannot be replaced either (a
    replacement is a new file renamed over it)."""
    head = "cannot be replaced: " if replacing else ""
    return f"{head}no new file can be made in its folder {folder}{why}"


def _resolved(path: str | Path) -> Path:
    """The path with every symlink followed (as far as they lead), made absolute."""
    return Path(os.path.realpath(os.fspath(path)))


def _lstat(path: str | Path) -> os.stat_result | None:
    """The path's own status (a symlink is not followed), or None when nothing is there."""
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _check_target(target: Path) -> None:
    """Refuse a resolved target that is there and not a regular file."""
    info = _lstat(target)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(f"not a regular file ({kind_of(info.st_mode)})")


def _reason(err: BaseException) -> str:
    return str(getattr(err, "strerror", None) or err or type(err).__name__)


def _umask() -> int:
    """The process's umask (mkstemp makes files readable by their owner only; a written file
    should get the permissions any other file written here would get)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
