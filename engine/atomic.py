"""Writing a file so that it is never left half-written.

Every saved game and every `simulate --record` file goes through `write_atomically`: the text
is written to a temporary file in the same folder, flushed to the disk, then renamed over the
target in one step. A crash, a full disk or a signal in the middle leaves the old file (or no
file) in place, never a truncated one.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: str | Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) in one step; raises OSError if it cannot."""
    target = Path(path)
    folder = target.parent
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _umask() -> int:
    """The process's umask (mkstemp makes files readable by their owner only; a save should
    get the permissions any other file written here would get)."""
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
