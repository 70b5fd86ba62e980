"""Shell completion in a real bash: the script the README tells users to eval offers the
variant names that match and the files that match, together (`trentuno play sc<TAB>`:
scat, schwimmen, scopa and the files starting with sc); zsh and fish get both from click."""
from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from markdown_checks import trentuno_on_path
from trentuno.cli.main import cli

BASH = shutil.which("bash") or "bash"  # absent: the tests skip
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
HANG = 300  # seconds: only a hang, however busy the machine, trips it
NAMES_SC = ["scat", "schwimmen", "scopa"]


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    """A folder to put first on PATH: its `trentuno` runs this interpreter's trentuno."""
    return trentuno_on_path(tmp_path_factory.mktemp("bin"))


@pytest.fixture
def folder(tmp_path) -> Path:
    """A working folder with files that do and do not start with `sc`."""
    (tmp_path / "scratch.yaml").write_text("extends: scat\n")
    (tmp_path / "score-notes.txt").write_text("")
    (tmp_path / "scdir").mkdir()
    (tmp_path / "other.yaml").write_text("extends: scat\n")
    return tmp_path


def _env(program: Path) -> dict:
    return {**os.environ, "PATH": f"{program}{os.pathsep}{os.environ.get('PATH', '')}",
            "TRENTUNO_CACHE_DIR": ""}


def _compreply(program: Path, cwd: Path, *words: str) -> list[str]:
    """COMPREPLY after bash calls the completion function the sourced script registered for
    `trentuno`, with COMP_WORDS and COMP_CWORD as readline sets them for the last word."""
    script = (
        'eval "$(_TRENTUNO_COMPLETE=bash_source trentuno)"\n'
        'spec=$(complete -p trentuno) || exit 3\n'
        'func=${spec##*-F }; func=${func%% *}\n'
        'COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=()\n'
        '"$func" trentuno "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run([BASH, "--norc", "--noprofile", "-c", script, "bash", "trentuno",
                           *words], cwd=cwd, env=_env(program), capture_output=True,
                          text=True, timeout=HANG, check=False)
    assert done.returncode == 0, done
    return [line for line in done.stdout.splitlines() if line]


def test_play_sc_offers_the_variant_names_and_the_matching_files(program, folder):
    offered = _compreply(program, folder, "play", "sc")
    assert offered[:3] == NAMES_SC, offered
    assert sorted(offered[3:]) == ["scdir", "score-notes.txt", "scratch.yaml"], offered


def test_a_house_rule_name_and_a_path_complete(program, folder):
    assert _compreply(program, folder, "validate", "house/knock-2") == ["house/knock-25"]
    assert _compreply(program, folder, "explain", "oth") == ["other.yaml"]
    assert _compreply(program, folder, "sim") == ["simulate"]


def test_a_name_with_no_file_like_it_still_completes(program, tmp_path):
    assert _compreply(program, tmp_path, "play", "cocin") == ["cocincina"]


def _read_until(fd: int, needle: bytes) -> bytes:
    seen = b""
    end = time.monotonic() + HANG  # a hang guard, not a speed check
    while needle not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:  # the shell went away
                break
    return seen


def test_tab_tab_in_an_interactive_bash_lists_names_and_files(program, folder):
    """The user's view: an interactive bash with the script eval'd as the README says,
    `trentuno play sc` and TAB TAB list the three names and the three files."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a clean interactive bash in the folder
        os.chdir(folder)
        env = {**_env(program), "PS1": "$ ", "TERM": "dumb", "INPUTRC": "/dev/null"}
        os.execve(BASH, [BASH, "--norc", "--noprofile", "-i"], env)
    try:
        os.write(fd, b'eval "$(_TRENTUNO_COMPLETE=bash_source trentuno)"; echo READY\n')
        assert b"READY\r\n" in _read_until(fd, b"READY\r\n")
        os.write(fd, b"trentuno play sc\t\t")
        listing = _read_until(fd, b"scratch.yaml").decode("utf-8", "replace")
        for word in [*NAMES_SC, "scdir/", "score-notes.txt", "scratch.yaml"]:
            assert word in listing.split(), listing
        assert "other.yaml" not in listing
    finally:
        os.write(fd, b"\x03exit\n")
        os.close(fd)
        os.waitpid(pid, 0)


def test_zsh_and_fish_get_the_names_and_the_file_entry():
    """Click's zsh and fish scripts add the names and complete files for the `file` entry,
    so the README's promise holds there with click's own scripts."""
    for shell in ("zsh", "fish"):
        env = {"_TRENTUNO_COMPLETE": f"{shell}_complete", "COMP_WORDS": "trentuno play sc",
               "COMP_CWORD": "2" if shell == "zsh" else "sc"}
        out = CliRunner().invoke(cli, [], env=env, prog_name="trentuno").output.split("\n")
        if shell == "zsh":  # type, value, help: three lines per entry
            entries = list(zip(out[0::3], out[1::3]))
        else:  # type,value per line
            entries = [(t, v) for t, v in (line.split(",", 1) for line in out if line)]
        assert [v for t, v in entries if t == "plain"] == NAMES_SC, (shell, out)
        assert ("file", "sc") in entries, (shell, out)
