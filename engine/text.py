"""Text from a rule file made safe to show: what cannot be printed is shown, not obeyed.

A title, label or key may hold anything YAML can carry in a quoted string: an escape sequence
that retitles the terminal or hides the rest of the line (`"\\e]0;pwned\\a"`), a carriage
return that overwrites what was printed, a right-to-left override, a lone surrogate that a
strict UTF-8 stream cannot even encode. Every such character is written as its escape
(`\\x1b`, `\\r`, `\\u202e`, `\\ud800`), the way Python's repr() writes it.
"""
from __future__ import annotations

import re

__all__ = ["visible"]

#: What our own output may style text with (click.style's bold, yellow and their resets, and
#: the progress bar's hiding and showing of the cursor): kept when `styles` is true. Nothing
#: else that starts with ESC reaches a terminal.
_OUR_STYLES = re.compile(r"\x1b\[(?:0|1|22|33|39)m|\x1b\[\?25[lh]")


def _escape(char: str, as_json: bool) -> str:
    if as_json:  # valid inside a JSON string, and only there can such a character be
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
        return f"\\u{code:04x}"
    return char.encode("unicode_escape", "backslashreplace").decode("ascii")


def _plain(text: str, keep: str, as_json: bool) -> str:
    if text.replace(keep, "").isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else _escape(c, as_json) for c in text)


def visible(text: str, *, keep: str = "\n", styles: bool = False, as_json: bool = False) -> str:
    """`text` with every character that is not printable written as its escape, except
    those in `keep` (line breaks, by default) and, with `styles`, our own bold and colour
    sequences. With `as_json` the escapes are JSON's (`\\u001b`), for text that is JSON."""
    if not styles or "\x1b" not in text:
        return _plain(text, keep, as_json)
    out, start = [], 0
    for match in _OUR_STYLES.finditer(text):
        out.append(_plain(text[start:match.start()], keep, as_json))
        out.append(match.group())
        start = match.end()
    out.append(_plain(text[start:], keep, as_json))
    return "".join(out)
