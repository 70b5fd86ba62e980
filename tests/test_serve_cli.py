"""`trentuno serve` on the command line: its help needs no web stack, and every bad start is
one line and exit 1 (no extra installed, a database path that is a device or a FIFO, a port
in use), before anything is written."""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys

from click.testing import CliRunner
from serve_helpers import HANG
from trentuno.cli import cmd_serve
from trentuno.cli.main import cli

PROBE = """\
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("@@" + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["trentuno"] + sys.argv[1:]
from trentuno.cli.main import main
main()
"""


def test_the_help_lists_serve_without_importing_the_web_stack():
    for args in (["--help"], ["serve", "--help"]):
        done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                              text=True, timeout=HANG)
        assert done.returncode == 0 and "serve" in done.stdout
        modules = json.loads(done.stderr.rsplit("@@", 1)[1])
        heavy = [m for m in modules if m.split(".")[0] in ("starlette", "uvicorn", "websockets",
                                                           "anyio")
                 or m.startswith("trentuno.server")]
        assert heavy == []


def test_without_the_extra_it_says_what_to_install(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(cmd_serve.importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    out = CliRunner().invoke(cli, ["serve", "--port", "0"])
    assert out.exit_code == 1
    assert out.output.strip().splitlines() == [
        ("trentuno: error: the server needs the `server` extra (missing: uvicorn): pip install "
         "'.[server]' in the project's folder")]


def test_a_database_that_is_no_file_is_refused_before_anything_is_written(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for db, why in [("/dev/null", "not a regular file (a character device)"),
                    (str(fifo), "not a regular file (a FIFO)"),
                    (str(tmp_path / "missing" / "t.db"), "does not exist")]:
        done = subprocess.run([sys.executable, "-m", "trentuno.cli.main", "serve", "--port",
                               "0", "--db", db], capture_output=True, text=True, timeout=HANG)
        assert done.returncode == 1 and done.stdout == "", done
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"trentuno: error: --db {db}: ") and why in line, line
        assert line.endswith("nothing was written")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        out = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert out.exit_code == 1
    assert out.output.strip() == (f"trentuno: error: cannot listen on 127.0.0.1:{port}: the "
                                  f"port is in use (another server?)")


def test_a_bad_option_is_a_usage_error():
    for args, words in [(["--bot-delay", "nan"], "--bot-delay"), (["--port", "70000"],
                                                                 "--port"),
                        (["--host", "no such host.invalid"], "--host")]:
        out = CliRunner().invoke(cli, ["serve", *args])
        assert out.exit_code in (1, 2) and words in out.output, out.output
        assert len(out.output.strip().splitlines()) == 1
