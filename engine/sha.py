"""SHA-256 without hashlib's start-up cost.

`import hashlib` loads OpenSSL (about 5 ms, a tenth of what `score` may add to Python's own
start-up); CPython's built-in SHA-256 module gives the same digests without it. Every digest
the engine makes (rule digests, verdict keys) is SHA-256, so this is all it needs.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["sha256"]


def _constructor() -> Callable[..., Any]:
    for module in ("_sha256", "_sha2"):  # CPython 3.11 and before, 3.12 and after
        try:
            return getattr(importlib.import_module(module), "sha256")  # noqa: B009
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256 as fallback
    return fallback


sha256: Callable[..., Any] = _constructor()
