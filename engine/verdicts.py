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
that nothing is remembered.
"""
from __future__ import annotations

import os
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
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        temporary = entry.with_name(f".{entry.name}.{os.getpid()}")
        temporary.write_bytes(kept)
        os.replace(temporary, entry)
    except OSError:  # a read-only home, a full disk: nothing is remembered, nothing fails
        pass


def recall(key: str) -> bytes | None:
    """What was kept under `key`, or None."""
    entry = _entry(key)
    try:
        return None if entry is None else entry.read_bytes()
    except OSError:
        return None
