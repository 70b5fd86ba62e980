"""User-facing error types.

Every error a player or ruleset author can cause derives from `UserError`, so the CLI can
catch that one class and print `err.line()` instead of a traceback; anything else escaping is a
bug in the program itself.

Rule-file problems carry positions (`Problem`) because an author needs "which line", not just
"what": a ruleset can be hundreds of lines of nested YAML.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class UserError(Exception):
    """Base of every error meant to be shown to a human (not a programming error)."""

    def line(self) -> str:
        """The message on one line, so it fits a terminal status line or a log record."""
        text = " ".join(str(self).split())
        return text or type(self).__name__


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule file, with where it is.

    `line` and `column` are 1-based and None when unknown (e.g. the file could not be read).
    `path` is a JSON-pointer-like path to the offending node (`/turn/steps/0/if`), "" for the
    document root; it lets tools and humans find the spot even when positions are missing.
    """

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def format(self) -> str:
        """`FILE:LINE:COL: message (at /path)`, the layout editors and CI tools recognise.

        The LINE/COL parts are left out when unknown (a column without a line means nothing,
        so it is dropped too), and ` (at ...)` is left out for the root path "".
        """
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.message}"
        if self.path:
            text += f" (at {self.path})"
        return text

    def as_dict(self) -> dict:
        """Plain dict for machine-readable (JSON) output."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
        }


class RuleFileError(UserError):
    """A rule file (YAML ruleset) is unreadable or invalid.

    Carries one or more `Problem`s so a validator can report everything it found at once;
    `str()` shows the first one only, to keep the one-line contract of `UserError.line()`.
    """

    def __init__(self, problems: Problem | Iterable[Problem]):
        if isinstance(problems, Problem):
            problems = [problems]
        problems = list(problems)
        if not problems:
            raise ValueError("RuleFileError needs at least one Problem")
        # args == (problems,) keeps the exception picklable (pickle calls cls(*args)).
        super().__init__(problems)
        self.problems: list[Problem] = problems

    def __str__(self) -> str:
        text = self.problems[0].format()
        if len(self.problems) > 1:
            text += f" (and {len(self.problems) - 1} more)"
        return text

    def line(self) -> str:
        return " ".join(str(self).split())


class CardError(UserError):
    """A card or card notation is invalid (e.g. "11X" is not a card)."""


class UsageError(UserError):
    """The program was used wrongly (bad command-line arguments, impossible request)."""
