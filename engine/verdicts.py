"""Remembering which documents the schema found valid, so the schema validator is loaded only
for documents it has not seen.

Importing jsonschema costs more than the rest of a `score` put together (it reads every
meta-schema, format checker and reference resolver it has), and `score`, `play` or `validate`
of a file nobody changed since it was last checked would pay for it every time. A document's
verdict depends only on the document, the schema and the code that checks it, so those three
make the key; only "no problem" verdicts are kept (problems are always recomputed, so every
message stays fresh). A file found clean (no problem, no warning) is also remembered by its
bytes, so that `validate` of it again parses nothing (engine/variants.py, `known_clean`).
A key is a small file in the user's cache folder: $<PACKAGE>_CACHE_DIR
(the package's name in capitals), else $XDG_CACHE_HOME/<package>, else ~/.cache/<package>;
the variable set to nothing turns the memory off. A folder that cannot be written only means
that nothing is remembered. Entries are written as every file is (engine/atomic.py: whole or
not at all, never over anything but a regular file) and read only when they are regular files
(a FIFO planted in the cache would otherwise block every command that looks there).
"""
from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .sha import sha256

__all__ = ["CACHE_VARIABLE", "cache_dir", "key_of", "known_valid", "recall", "remember",
           "remember_valid"]

PACKAGE = __name__.split(".")[0]
CACHE_VARIABLE = f"{PACKAGE.upper()}_CACHE_DIR"


def cache_dir() -> Path | None:
    """Where verdicts are kept, or None when the user turned the memory off."""
    if CACHE_VARIABLE in os.environ:
        chosen = os.environ[CACHE_VARIABLE]
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / PACKAGE


def key_of(data: Any, checkers: Iterable[Path]) -> str:
    """The digest of the document (its repr tells 3 from 3.0 and "10" from 10) and of the
    files that decide its verdict (the schema and the modules that validate with it)."""
    digest = sha256()
    for path in checkers:
        digest.update(path.read_bytes())
        digest.update(b"\0")
    digest.update(repr(data).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _entry(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / "valid" / key[:2] / key[2:]


def known_valid(key: str) -> bool:
    entry = _entry(key)
    try:
        return entry is not None and entry.is_file()
    except OSError:
        return False


def remember_valid(key: str) -> None:
    remember(key, b"")


def remember(key: str, kept: bytes) -> None:
    """Keep `kept` under `key` (written whole or not at all: a reader never sees half)."""
    entry = _entry(key)
    if entry is None:
        return
    from .atomic import write_atomically  # only on a cold cache: `score` of a known file never

    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(entry, kept, durable=False)  # a lost entry is only computed again
    except OSError:  # a read-only home, a full disk, a FIFO there: nothing is remembered
        pass


def recall(key: str) -> bytes | None:
    """What was kept under `key`, or None."""
    entry = _entry(key)
    if entry is None:
        return None
    try:
        fd = os.open(entry, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            return f.read() if stat.S_ISREG(os.fstat(f.fileno()).st_mode) else None
    except OSError:
        return None
