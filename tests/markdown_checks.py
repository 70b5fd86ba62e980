"""What makes a page of the docs whole, said once for the README (tests/test_readme.py) and
docs/*.md (tests/test_docs.py): a scripted edit that pastes a paragraph into a command block,
loses a line of a sentence or breaks a link must fail a test.

A page is read as prose and fenced blocks. The checks:
- headings: one `# ` title first, levels that go down one at a time, no heading twice under
  one parent, numbered headings (`## 1. ...`) counted 1, 2, 3...;
- no line of prose longer than 40 characters said twice on the page (prose or code): a
  pasted paragraph shows as its lines twice;
- every fence closed; every line of a ```sh block blank, a comment or a command of a program
  this project installs or uses, and of a ```console block's `$ ` lines the same; ```yaml
  and ```json blocks parse;
- every relative link names a file that exists, and every `#anchor` a heading there.

`trentuno` commands are checked against the command line itself: the command exists and
every option given is one of its options.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
import yaml
from trentuno.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(`{3,})\s*([\w+-]*)\s*$")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"`[^`]*`")
LONG = 40  # a line this long said twice is a paste, not a figure of speech
#: programs a command block may run: ours, Python's, and the tools its extras install
PROGRAMS = {"trentuno", "python", "python3", "pip", "dask", "pre-commit", "ruff", "mypy",
            "pytest"}
VENV_BIN = Path(sys.executable).parent


@dataclass
class Block:
    """One fenced block: its info string (`sh`, `yaml`, ... or ''), first line and lines."""
    lang: str
    line: int                      # 1-based line of the opening fence
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)


@dataclass
class Page:
    """A Markdown page split into its prose lines (with their numbers) and fenced blocks."""
    path: Path
    prose: list[tuple[int, str]]
    blocks: list[Block]
    unclosed: int | None = None    # the line of a fence never closed

    @classmethod
    def read(cls, path: Path) -> Page:
        prose: list[tuple[int, str]] = []
        blocks: list[Block] = []
        fence: str | None = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = FENCE.match(line)
            if fence is None and m:
                fence = m.group(1)
                blocks.append(Block(m.group(2), number))
            elif fence is not None and line.strip() == fence:
                fence = None
            elif fence is not None:
                blocks[-1].lines.append(line)
            else:
                prose.append((number, line))
        return cls(path, prose, blocks, blocks[-1].line if fence is not None else None)

    def headings(self) -> list[tuple[int, str]]:
        """(level, text) of every heading outside the fenced blocks, in order."""
        out = []
        for _number, line in self.prose:
            m = re.match(r"^(#{1,6}) +(.*?)\s*$", line)
            if m:
                out.append((len(m.group(1)), m.group(2)))
        return out

    def code(self, *langs: str) -> list[Block]:
        return [b for b in self.blocks if b.lang in langs]


# ---- the checks: each returns what is wrong, one line each, empty when all is well ----------
def heading_problems(page: Page) -> list[str]:
    heads = page.headings()
    wrong = []
    if not heads or heads[0][0] != 1 or page.prose[0][1] != "# " + heads[0][1]:
        wrong.append("the page does not start with its `# ` title")
    if [level for level, _ in heads].count(1) != 1:
        wrong.append("more than one `# ` title")
    seen: set[tuple[str, ...]] = set()
    path: list[str] = []
    numbers: dict[tuple[str, ...], int] = {}
    for (level, text), previous in zip(heads, [(0, "")] + heads):
        if level > previous[0] + 1:
            wrong.append(f"heading {text!r} skips a level")
        path = path[:level - 1] + [text]
        if tuple(path) in seen:
            wrong.append(f"heading {text!r} twice under one parent")
        seen.add(tuple(path))
        m = re.match(r"^(\d+)\. ", text)
        if m:
            parent = tuple(path[:-1])
            numbers[parent] = numbers.get(parent, 0) + 1
            if int(m.group(1)) != numbers[parent]:
                wrong.append(f"heading {text!r} is numbered out of order")
    return wrong


def repeated_lines(page: Page) -> list[str]:
    """Prose lines of more than LONG characters that occur twice on the page."""
    everywhere = [line.strip() for _n, line in page.prose]
    everywhere += [line.strip() for b in page.blocks for line in b.lines]
    counts: dict[str, int] = {}
    for line in everywhere:
        counts[line] = counts.get(line, 0) + 1
    return sorted({f"line {n} said twice: {line.strip()[:70]!r}" for n, line in page.prose
                   if len(line.strip()) > LONG and not line.lstrip().startswith("|")
                   and counts[line.strip()] > 1})


def link_problems(page: Page) -> list[str]:
    wrong = []
    for number, line in page.prose:
        for _text, target in LINK.findall(INLINE_CODE.sub("", line)):
            if re.match(r"^[a-z]+:", target):  # https:, mailto:
                continue
            file_part, _, anchor = target.partition("#")
            where = (page.path.parent / file_part).resolve() if file_part else page.path
            if not where.exists():
                wrong.append(f"line {number}: link to {target} names no file")
            elif anchor and where.suffix == ".md" and anchor not in anchors(where):
                wrong.append(f"line {number}: link to {target}: no such heading")
    return wrong


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for the headings of a page (lowercase, punctuation dropped)."""
    return {re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
            for _level, text in Page.read(path).headings()}


def block_problems(page: Page) -> list[str]:
    """Fences closed, command blocks made of commands, data blocks that parse."""
    wrong = []
    if page.unclosed is not None:
        wrong.append(f"line {page.unclosed}: a fence is never closed")
    for block in page.blocks:
        where = f"line {block.line} ({block.lang or 'plain'} block)"
        if block.lang == "sh":
            commands = [(i, line) for i, line in enumerate(block.lines)]
        elif block.lang == "console":
            commands = [(i, line[2:]) for i, line in enumerate(block.lines)
                        if line.startswith("$ ")]
            if not commands:
                wrong.append(f"{where}: a console block with no `$ ` command")
        else:
            commands = []
        for i, line in commands:
            wrong += [f"line {block.line + 1 + i}: {p}" for p in command_problems(line)]
        if block.lang == "yaml":
            try:
                yaml.safe_load(block.text)
            except yaml.YAMLError as err:
                wrong.append(f"{where}: not YAML: {str(err).splitlines()[0]}")
        elif block.lang == "json":
            try:
                json.loads(block.text)
            except ValueError as err:
                wrong.append(f"{where}: not JSON: {err}")
    return wrong


def page_problems(page: Page) -> list[str]:
    return (heading_problems(page) + repeated_lines(page) + link_problems(page)
            + block_problems(page))


# ---- one line of a command block -----------------------------------------------------------
def command_problems(line: str) -> list[str]:
    """What is wrong with one line of a command block: blank and `#` lines are fine; any
    other is one or more commands (joined by &&, ||, ; or |), each a known program, and a
    `trentuno` or `python` command must be one that exists."""
    text = line.strip()
    if not text or text.startswith("#"):
        return []
    try:
        words = shlex.split(text, comments=True)
    except ValueError as err:
        return [f"not a command ({err}): {text[:60]!r}"]
    wrong = []
    for command in _split_commands(words):
        wrong += _one_command(command, text)
    return wrong


def _split_commands(words: list[str]) -> list[list[str]]:
    commands: list[list[str]] = [[]]
    for word in words:
        if word in ("&&", "||", ";", "|"):
            commands.append([])
        else:
            commands[-1].append(word)
    return [c for c in commands if c]


def _one_command(words: list[str], text: str) -> list[str]:
    while words and re.match(r"^[A-Za-z_]\w*=", words[0]):  # VAR=value before a command
        words = words[1:]
    if not words:
        return []
    program = words[0]
    if program.startswith(".venv/bin/"):
        program = program[len(".venv/bin/"):]
        if not (VENV_BIN / program).exists() and program not in ("pip", "python"):
            return [f"{program} is not installed in the venv: {text[:60]!r}"]
    if program == "." and words[1:] == [".venv/bin/activate"]:
        return []
    if program not in PROGRAMS:
        return [f"not a command of this project ({program!r}): {text[:70]!r}"]
    if program == "trentuno":
        return trentuno_problems(words[1:], text)
    if program in ("python", "python3"):
        return python_problems(words[1:], text)
    if program in ("dask", "pre-commit", "ruff", "mypy") and not _installed(program):
        return [f"{program} is not installed: {text[:60]!r}"]
    return []


def _installed(program: str) -> bool:
    return (VENV_BIN / program).exists() or shutil.which(program) is not None


def python_problems(args: list[str], text: str) -> list[str]:
    if args[:1] == ["-m"] and len(args) > 1:
        module = args[1]
        if module == "venv" or importlib.util.find_spec(module) is not None:
            return []
        return [f"no module {module}: {text[:60]!r}"]
    if args[:1] == ["-c"] and len(args) > 1:
        try:
            compile(args[1], "<doc>", "exec")
        except SyntaxError as err:
            return [f"python -c code does not compile ({err.msg}): {text[:60]!r}"]
        return []
    return [f"an unexpected python command: {text[:60]!r}"]


def trentuno_problems(args: list[str], text: str) -> list[str]:
    """The command exists and takes every option given (values are not converted: a file
    the command names need not exist here)."""
    ctx = click.Context(cli, info_name="trentuno")
    if not args or args[0].startswith("-"):
        return [] if set(args) <= {"--help", "-h", "--version"} else [f"usage: {text!r}"]
    command = cli.get_command(ctx, args[0])
    if command is None:
        return [f"no command {args[0]!r}: {text[:60]!r}"]
    known = {"--help", "-h"}
    for param in command.params:
        known.update(getattr(param, "opts", ()), getattr(param, "secondary_opts", ()))
    unknown = [a.split("=", 1)[0] for a in args[1:]
               if a.startswith("-") and a != "-" and a.split("=", 1)[0] not in known]
    return [f"trentuno {args[0]} has no option {u}: {text[:60]!r}" for u in unknown]


# ---- running a block -------------------------------------------------------------------------
HANG = 600  # seconds for a whole block: only a hang trips it, however busy the machine


def trentuno_on_path(folder: Path) -> Path:
    """A folder holding a `trentuno` that runs this interpreter's trentuno (the installed
    package, or the working copy in editable mode), to put first on PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "trentuno"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m trentuno.cli.main "$@"\n')
    script.chmod(0o755)
    return folder


def run_script(lines: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Run command lines as one bash script in `cwd` (stopping at the first that fails, each
    echoed to stderr first), with `trentuno` and this interpreter's `python` first on PATH
    (as with a venv activated), no input, and a verdict cache that starts empty, as on a
    fresh machine."""
    path = [str(trentuno_on_path(cwd / ".bin")), str(VENV_BIN), os.environ.get("PATH", "")]
    env = {**os.environ, "TRENTUNO_CACHE_DIR": str(cwd / ".cache"), "NO_COLOR": "1",
           "LC_ALL": "C.UTF-8", "PATH": os.pathsep.join(path)}
    script = "set -euo pipefail\n" + "".join(
        f"echo {shlex.quote('+ ' + line)} >&2\n{line}\n" for line in lines)
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=HANG, check=False)
