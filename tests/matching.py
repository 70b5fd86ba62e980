"""`found`: a regular-expression search that fails the test with the text it searched, so a
test reads `found(r"seed (\\d+)", out).group(1)` and a missing line is a clear failure, not an
`AttributeError` on None."""
from __future__ import annotations

import re


def found(pattern: str, text: str, flags: int = 0) -> re.Match[str]:
    """The first match of `pattern` in `text`; an assertion naming both when there is none."""
    match = re.search(pattern, text, flags)
    assert match is not None, f"{pattern!r} not found in:\n{text[:2000]}"
    return match
