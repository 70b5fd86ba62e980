"""Nothing clobbered: every file the program writes goes only where the target is missing or a
regular file (a symlink to one is followed, the link kept), checked before any game is played;
anything else (a device, a FIFO, a socket, a folder, a symlink to one, a symlink into a missing
folder) is refused with one line naming the option and exit 1, and is still there afterwards.

Run as root (as CI runs), a wrong writer would replace the machine's /dev/null: these tests
never point at a real device. They make their own nodes in tmp_path (a FIFO, a socket and, as
root, a character device made with mknod), and check after every command that each node is
still the kind it was.
"""
from __future__ import annotations

import json
import os
import socket
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.engine import load, verdicts
from trentuno.engine.atomic import UnsafeTarget, write_atomically
from trentuno.engine.record import RecordError
from trentuno.engine.record import load as load_record
from trentuno.engine.simulate import simulate
from trentuno.engine.state import GameState

NO_LOCALE = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
#: CPU seconds a refused command may take (a generous bound: it plays nothing)
REFUSAL_CPU = 20.0
MANY = ["--games", "1000000", "--jobs", "1"]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), prog_name="trentuno", input=input,
                              env=NO_LOCALE)


def refused(result, prefix: str, *needles: str) -> str:
    """The one error line of a refused command (exit 1, nothing on stdout)."""
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == "", result.stdout  # no intro, no figure: nothing was played
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"trentuno: error: {prefix}"), lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


# ---- the nodes ------------------------------------------------------------------------------
def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))


def make_device(path: Path) -> None:
    if not ROOT:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the numbers of /dev/null


def make_folder(path: Path) -> None:
    path.mkdir()


def link_to(make: Callable[[Path], None]) -> Callable[[Path], None]:
    def make_link(path: Path) -> None:
        target = path.with_name(f"{path.name}.target")
        make(target)
        path.symlink_to(target.name)
    return make_link


def make_dangling_link(path: Path) -> None:
    path.symlink_to("missing-folder/page")


def shape(path: Path) -> tuple:
    """What is at `path` (its own kind, where a link leads) and at a link's target."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        target = path.parent / os.readlink(path)
        there = stat.S_IFMT(os.lstat(target).st_mode) if os.path.lexists(target) else None
        return stat.S_IFMT(mode), os.readlink(path), there
    return stat.S_IFMT(mode), None, None


#: (what to make, words the refusal says)
NOT_FILES = {
    "fifo": (make_fifo, "not a regular file (a FIFO)"),
    "socket": (make_socket, "not a regular file (a socket)"),
    "device": (make_device, "not a regular file (a character device)"),
    "folder": (make_folder, "not a regular file (a folder)"),
    "link-to-fifo": (link_to(make_fifo), "not a regular file (a symlink to a FIFO)"),
    "link-to-device": (link_to(make_device),
                       "not a regular file (a symlink to a character device)"),
    "dangling-link": (make_dangling_link, "missing-folder does not exist"),
}

#: every option that names a file written, as a command line around the path
FILE_OPTIONS = {
    "compare --html": ("--html", lambda p: ["compare", "trentuno", "scat", *MANY, "--html", p]),
    "play --save": ("--save", lambda p: ["play", "trentuno", "--watch", "--save", p]),
    "play --save --force": ("--save",
                            lambda p: ["play", "trentuno", "--watch", "--save", p, "--force"]),
}


class GamePlayed(Exception):
    pass


@pytest.fixture
def no_game(monkeypatch):
    """Any game started (by play, simulate or compare, in this process: --jobs 1) fails the
    command at once, instead of playing the million games it was given."""
    def refuse(*_args, **_kwargs):
        raise GamePlayed("a game was started before the output was checked")

    monkeypatch.setattr(GameState, "__init__", refuse)


def refused_early(args: list[str], prefix: str, *needles: str) -> str:
    """The one line of a command refused before any game, within a generous CPU bound."""
    started = time.process_time()
    line = refused(run(*args, input="q\n"), prefix, *needles, "nothing was written")
    assert time.process_time() - started < REFUSAL_CPU
    return line


@pytest.mark.parametrize("option", FILE_OPTIONS)
@pytest.mark.parametrize("node", NOT_FILES)
def test_no_output_option_writes_over_what_is_not_a_regular_file(tmp_path, no_game, option,
                                                                 node):
    make, words = NOT_FILES[node]
    path = tmp_path / "out"
    make(path)
    before = shape(path)
    name, command = FILE_OPTIONS[option]
    refused_early(command(str(path)), f"{name} {path}: ", words)
    assert shape(path) == before


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_file_in_a_missing_folder_is_refused_before_any_game(tmp_path, no_game, option):
    name, command = FILE_OPTIONS[option]
    path = tmp_path / "no" / "such" / "page"
    refused_early(command(str(path)), f"{name} {path}: ", f"the folder {path.parent} does "
                                                            "not exist")
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_file_under_a_regular_file_is_refused(tmp_path, no_game, option):
    (tmp_path / "notes").write_text("ours", encoding="utf-8")
    name, command = FILE_OPTIONS[option]
    refused_early(command(str(tmp_path / "notes" / "page")), f"{name} ", "notes is not a folder")
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "ours"


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="no /proc here")
def test_a_proc_file_is_refused_for_what_it_is(no_game):
    """/proc/version is a regular file nobody can replace: said so, not "No such file"."""
    line = refused_early(FILE_OPTIONS["compare --html"][1]("/proc/version"),
                         "--html /proc/version: ", "cannot be replaced",
                         "no new file can be made in its folder /proc")
    assert "No such file" not in line


@pytest.mark.skipif(ROOT or not hasattr(os, "geteuid"), reason="root writes anywhere")
@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_read_only_folder_is_refused_before_any_game(tmp_path, no_game, option):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    name, command = FILE_OPTIONS[option]
    try:
        refused_early(command(str(folder / "page")), f"{name} ", "no new file can be made in "
                      "its folder", "Permission denied")
    finally:
        folder.chmod(0o700)
    assert list(folder.iterdir()) == []


# ---- simulate --record DIR ------------------------------------------------------------------
NOT_FOLDERS = {
    "fifo": (make_fifo, "not a folder (a FIFO)"),
    "socket": (make_socket, "not a folder (a socket)"),
    "device": (make_device, "not a folder (a character device)"),
    "file": (lambda p: p.write_text("ours", encoding="utf-8"), "not a folder (a regular file)"),
    "link-to-fifo": (link_to(make_fifo), "not a folder (a FIFO)"),
}


@pytest.mark.parametrize("node", NOT_FOLDERS)
def test_simulate_records_only_into_a_folder(tmp_path, no_game, node):
    make, words = NOT_FOLDERS[node]
    path = tmp_path / "records"
    make(path)
    before = shape(path)
    refused_early(["simulate", "trentuno", *MANY, "--record", str(path)],
                  f"--record {path}: ", words)
    assert shape(path) == before


def test_simulate_does_not_count_a_planted_fifo_as_room_for_a_record(tmp_path, no_game):
    os.mkfifo(tmp_path / "game-00001.json")
    refused(run("simulate", "trentuno", *MANY, "--record", str(tmp_path)),
            f"{tmp_path} already holds records")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "game-00001.json").st_mode)


def test_a_record_is_never_written_over_a_fifo_that_appears_during_the_run(tmp_path):
    """The writer checks again: a FIFO made after the command's check stays a FIFO."""
    os.mkfifo(tmp_path / "game-00002.json")
    with pytest.raises(RecordError, match=r"game-00002\.json: not a regular file \(a FIFO\)"):
        simulate(load("trentuno"), 3, 4, "greedy", 1, jobs=1, record_dir=str(tmp_path))
    assert stat.S_ISFIFO(os.lstat(tmp_path / "game-00002.json").st_mode)
    assert load_record(tmp_path / "game-00001.json")["seed"] is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00001.json", "game-00002.json"]


def test_simulate_records_through_a_symlink_to_a_folder(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    result = run("simulate", "trentuno", "--games", "2", "--jobs", "1", "--record",
                 str(tmp_path / "link"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "link").is_symlink()
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["game-00001.json",
                                                                     "game-00002.json"]


# ---- symlinks to regular files are followed -------------------------------------------------
@pytest.mark.parametrize("name, command, written", [
    ("report.html", ["compare", "trentuno", "scat", "--games", "4", "--skill-games", "0",
                     "--jobs", "1", "--html"], lambda p: p.read_text("utf-8")[:15]),
    ("game.json", ["play", "trentuno", "--watch", "--seed", "3", "--force", "--save"],
     lambda p: load_record(p)["seed"]),
], ids=["compare --html", "play --save"])
def test_a_symlink_to_a_regular_file_has_its_target_rewritten_and_stays_a_link(
        tmp_path, name, command, written):
    target = tmp_path / "kept" / name
    target.parent.mkdir()
    target.write_text("old", encoding="utf-8")
    link = tmp_path / name
    link.symlink_to(target)
    result = run(*command, str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert written(target) in ("<!DOCTYPE html>", 3)
    assert [p.name for p in target.parent.iterdir()] == [name]  # no temporary left


# ---- one writer, one set of permissions -----------------------------------------------------
@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    try:
        yield 0o640
    finally:
        os.umask(old)


def test_the_page_gets_the_permissions_a_save_gets(tmp_path, umask_027):
    page, save = tmp_path / "report.html", tmp_path / "game.json"
    assert run("compare", "trentuno", "scat", "--games", "4", "--skill-games", "0", "--jobs",
               "1", "--html", str(page)).exit_code == 0
    assert run("play", "trentuno", "--watch", "--seed", "1", "--save", str(save)).exit_code == 0
    assert stat.S_IMODE(page.stat().st_mode) == stat.S_IMODE(save.stat().st_mode) == umask_027


def test_the_figures_are_printed_when_the_page_cannot_be_written(tmp_path, monkeypatch):
    def full_disk(path, data, durable=True):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("trentuno.cli.report_html.write_atomically", full_disk)
    result = run("compare", "trentuno", "scat", "--games", "4", "--skill-games", "0",
                 "--jobs", "1", "--json", "--html", str(tmp_path / "report.html"))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["games"] == 4
    said = (f"trentuno: error: --html {tmp_path / 'report.html'}: cannot write it: No space "
            "left on device; the figures are printed above")
    assert result.stderr.strip().splitlines() == [said]


# ---- the writer itself ----------------------------------------------------------------------
@pytest.mark.parametrize("node", ["fifo", "socket", "device", "folder", "link-to-fifo",
                                  "link-to-device"])
def test_the_writer_refuses_what_is_not_a_regular_file(tmp_path, node):
    make, _words = NOT_FILES[node]
    path = tmp_path / "out"
    make(path)
    before = shape(path)
    with pytest.raises(UnsafeTarget, match=r"^not a regular file \("):
        write_atomically(path, "page")
    assert shape(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p for p in ("out", "out.target") if os.path.lexists(tmp_path / p))


@pytest.mark.parametrize("make", [make_fifo, make_device], ids=["fifo", "device"])
def test_the_writer_checks_again_right_before_the_rename(tmp_path, monkeypatch, make):
    """The target turns into a FIFO or a device while the text is being written: the
    writer refuses at the rename, leaves the node as it is and no temporary file behind."""
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    real_fsync = os.fsync

    def swap_then_sync(fd: int) -> None:
        if path.is_file() and not path.is_symlink():
            path.unlink()
            make(path)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", swap_then_sync)
    with pytest.raises(UnsafeTarget):
        write_atomically(path, "new")
    monkeypatch.undo()
    assert not stat.S_ISREG(os.lstat(path).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_writer_keeps_a_link_to_a_regular_file_a_link(tmp_path):
    (tmp_path / "real.json").write_text("old", encoding="utf-8")
    (tmp_path / "link.json").symlink_to("real.json")
    write_atomically(tmp_path / "link.json", "new")
    assert os.readlink(tmp_path / "link.json") == "real.json"
    assert (tmp_path / "real.json").read_text(encoding="utf-8") == "new"


# ---- the verdict cache ----------------------------------------------------------------------
def test_a_fifo_in_the_verdict_cache_is_neither_replaced_nor_waited_for(tmp_path, monkeypatch):
    monkeypatch.setenv(verdicts.CACHE_VARIABLE, str(tmp_path))
    key = "ab" + "c" * 62
    entry = tmp_path / "valid" / "ab" / key[2:]
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    verdicts.remember(key, b"kept")
    assert stat.S_ISFIFO(os.lstat(entry).st_mode)
    assert verdicts.recall(key) is None and not verdicts.known_valid(key)
    assert list(entry.parent.iterdir()) == [entry]  # no temporary left beside it
    other = "cd" + "e" * 62
    verdicts.remember(other, b"kept")
    assert verdicts.recall(other) == b"kept"


# ---- a rule file that is no file: one line and exit 1 from every command -------------------
RULE_COMMANDS = {
    "compare": lambda p: ["compare", p, "trentuno", "--games", "1"],
    "simulate": lambda p: ["simulate", p, "--games", "1"],
    "play": lambda p: ["play", p, "--watch"],
    "score": lambda p: ["score", p, "Ac Rc Fc"],
    "explain": lambda p: ["explain", p],
}


@pytest.mark.parametrize("command", RULE_COMMANDS)
@pytest.mark.parametrize("node, words", [(make_fifo, "is a FIFO"), (make_device, "is a device")],
                         ids=["fifo", "device"])
def test_a_rule_file_that_is_a_fifo_or_a_device_fails_as_validate_says(tmp_path, monkeypatch,
                                                                       command, node, words):
    monkeypatch.chdir(tmp_path)
    node(tmp_path / "rules.yaml")
    said = run("validate", "rules.yaml")
    line = f"rules.yaml {words}, not a rule file"
    assert said.exit_code == 1 and said.stdout == f"rules.yaml: {line}\n"
    result = run(*RULE_COMMANDS[command]("rules.yaml"))
    assert result.exit_code == 1, result.output
    assert result.stderr == f"trentuno: error: {line}\n"
