"""Hostile game records: each gets one `trentuno: error:` line naming the file and the place,
exit status 1, from `replay` and from `play --resume` alike: never a traceback, never an
internal error (70), never a hang, never a blown memory budget.

`tests/corpus/records/*.json` are the small cases (`manifest.txt` says what each refusal must
contain); the big and the special ones (nesting a million deep, a file over the size limit,
FIFOs, devices, folders) and those that depend on the current rules (a deck card that is not
a card of the deck, rules inside the record that are not a valid ruleset) are made here. Every
case runs in a child process with a time and memory limit.
"""
from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from trentuno.engine import GameState, load
from trentuno.engine.record import MAX_BYTES, play_digest, record_of

CORPUS = Path(__file__).parent / "corpus" / "records"
SECONDS = 5.0                  # for both commands on one file
HANG = 300.0                   # the child's whole run: only a hang trips it, however busy
MEMORY = 1024 * 1024 * 1024    # bytes of address space the child may take
#: Run `replay FILE` then `play --resume FILE` for every file in one child (a cold start per
#: file would cost minutes); print each command's exit status and CPU time, and a marker
#: between the commands' error output.
DRIVER = """
import sys, time
from trentuno.cli.main import main
for path in sys.argv[1:]:
    for args in (["replay", path], ["play", "--resume", path]):
        t0 = time.process_time()
        try:
            main(args)
        except SystemExit as e:
            print(f"exit {e.code} {time.process_time() - t0:.2f}", flush=True)
            print("@@", file=sys.stderr, flush=True)
"""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def refused(cases: list[tuple[Path, str]], cwd: Path) -> None:
    """Both commands refuse each file with one positioned line containing its needle."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
    env.pop("TRENTUNO_DEBUG", None)
    done = subprocess.run([sys.executable, "-c", DRIVER, *(str(p) for p, _ in cases)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=cwd,
                          env=env, preexec_fn=_limit, check=False,
                          timeout=HANG + 4 * SECONDS * len(cases))
    statuses = [line.split() for line in done.stdout.splitlines() if line.startswith("exit ")]
    outputs = done.stderr.split("@@\n")
    assert len(statuses) == 2 * len(cases), done.stderr[-2000:]
    wrong = []
    for i, (path, needle) in enumerate(cases):
        for k, command in enumerate(("replay", "play --resume")):
            _, code, seconds = statuses[2 * i + k]
            lines = outputs[2 * i + k].strip().splitlines()
            line = lines[0] if len(lines) == 1 else repr(lines)
            if code != "1" or len(lines) != 1 or not line.startswith("trentuno: error: ") \
                    or needle not in line or not line.isprintable() \
                    or float(seconds) > SECONDS:
                wrong.append(f"{path.name} ({command}): exit {code} in {seconds} s: {line}")
    assert not wrong, "\n".join(wrong)
    assert not list(cwd.glob("*.json")), "a refused record must not start a game"


def _manifest() -> list[tuple[str, str]]:
    rows = []
    for line in (CORPUS / "manifest.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, needle = line.partition("\t")
            rows.append((name, needle))
    return rows


def test_every_corpus_file_is_in_the_manifest():
    listed = {name for name, _ in _manifest()}
    assert listed == {p.name for p in CORPUS.glob("*.json")}


def test_every_corpus_record_is_refused(tmp_path):
    refused([(CORPUS / name, needle) for name, needle in _manifest()], tmp_path)


# ---- made here ---------------------------------------------------------------------------
def _valid_record() -> dict:
    rules = load("trentuno")
    state = GameState(rules, 4, seed=3)
    while len(state.moves) < 6:
        state.apply(state.legal_actions()[0])
    return record_of(state, bots=["person", "greedy", "greedy", "greedy"])


def _write(path: Path, record: dict) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _deep_arrays(path: Path) -> Path:
    path.write_text("[" * 1_000_000 + "]" * 1_000_000, encoding="utf-8")
    return path


def _deep_objects(path: Path) -> Path:
    path.write_text('{"format": "trentuno-record", "hands": ' + '{"a": ' * 1_000_000 + "1"
                    + "}" * 1_000_001, encoding="utf-8")
    return path


def _oversized(path: Path) -> Path:
    with open(path, "wb") as f:  # sparse: costs no disk
        f.truncate(MAX_BYTES + 1)
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _link_to_fifo(path: Path) -> Path:
    target = path.with_name("real-fifo")
    os.mkfifo(target)
    path.symlink_to(target)
    return path


def _link_to_zero(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _card_not_of_the_deck(path: Path) -> Path:
    record = _valid_record()
    record["hands"][0]["deck"][5] = "Zz"
    return _write(path, record)


def _card_twice(path: Path) -> Path:
    record = _valid_record()
    deck = record["hands"][0]["deck"]
    deck[7] = deck[3]
    return _write(path, record)


def _deck_too_long(path: Path) -> Path:
    record = _valid_record()
    record["hands"][0]["deck"] += ["Ac"]
    return _write(path, record)


def _rules_inside_not_a_ruleset(path: Path) -> Path:
    record = _valid_record()
    rules = record["ruleset"]["rules"]
    rules["hand"] = {"size": "three"}
    record["ruleset"]["digest"] = play_digest(rules)  # consistent, and still not rules
    return _write(path, record)


def _move_not_legal(path: Path) -> Path:
    record = _valid_record()
    record["hands"][0]["moves"][1]["cards"] = ["Rs"]
    return _write(path, record)


def _no_rules_named_file(path: Path) -> Path:
    record = _valid_record()
    del record["ruleset"]["rules"]
    record["ruleset"]["source"] = "/etc/passwd"
    record["ruleset"]["name"] = "root:x:0:0"
    return _write(path, record)


MADE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "nested a million deep": (_deep_arrays, ":1:65: nested more than 64 deep"),
    "objects nested a million deep": (_deep_objects, "nested more than 64 deep"),
    "over the size limit": (_oversized, f"a record may have at most {MAX_BYTES:,}"),
    "a FIFO": (_fifo, "is not a regular file"),
    "a link to a FIFO": (_link_to_fifo, "is not a regular file"),
    "a device": (_link_to_zero, "is not a regular file"),
    "a folder": (_folder, "is a folder"),
    "a card that is not of the deck": (_card_not_of_the_deck, "hand 1, deck: unknown card 'Zz'"),
    "a card twice": (_card_twice, "hand 1, deck: card"),
    "a deck longer than the deck": (_deck_too_long, "hand 1: the deck lists 41 cards"),
    "rules inside that are not rules": (_rules_inside_not_a_ruleset,
                                        "(the rules inside it): "),
    "a move that is not legal": (_move_not_legal, "hand 1, move 2:"),
    # never a word of the file it names
    "rules from a file that is no ruleset": (_no_rules_named_file,
                                             ("the file '/etc/passwd' the record names is not "
                                              "a valid ruleset: give the rules with --rules")),
}


def test_every_made_record_is_refused(tmp_path):
    folder = tmp_path / "here"
    folder.mkdir()
    cases = []
    for i, (make, needle) in enumerate(MADE.values()):
        cases.append((make(tmp_path / f"record-{i}.json"), needle))
    refused(cases, folder)
    fifo = cases[list(MADE).index("a FIFO")][0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # never opened, so never blocked on
