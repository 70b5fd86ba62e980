"""Friends at a table in real browsers (Debian's chromium, driven by Playwright): one opens a
table on the first page, then two people play from two browser contexts (a laptop and a
phone-sized screen, one by mouse, one by keyboard) with two bots, a game of Trentuno and one of
Scopa to the end. During the Trentuno a page is reloaded, a connection dropped, and the server
killed and started again; both games are the games played straight through with the same
seed, every WebSocket message a page received is searched for cards its seat could not see,
and the record downloaded from the page replays with `trentuno replay`.

The browser must be Debian's chromium (.ci/run installs it): Playwright downloads no browser
here. Without it these tests are skipped, with a warning that says so.
"""
from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from serve_helpers import FIRST, HANG, LAST, Oracle, ServerProcess, same_game, straight_record

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
IDLE_POLLS = 20_000  # rounds of looking at both pages with no move made: only a hang
WAIT_MS = HANG * 1000  # Playwright's own waits: a hang guard, not its 30 s
try:
    from playwright.sync_api import sync_playwright
    PLAYWRIGHT = True
except ImportError:  # the test extra installs it
    PLAYWRIGHT = False

if CHROMIUM is None or not PLAYWRIGHT:
    warnings.warn("the browser tests of `trentuno serve` are SKIPPED: "
                  + ("chromium is not installed (apt-get install chromium; .ci/run does)"
                     if CHROMIUM is None else "playwright is not installed (the test extra)"),
                  stacklevel=1)
pytestmark = pytest.mark.skipif(CHROMIUM is None or not PLAYWRIGHT,
                                reason="needs Debian's chromium and playwright (.ci/run "
                                       "installs chromium, the test extra playwright)")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as driver:
        # Playwright gives every launch a fresh profile (its own user-data-dir)
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Person:
    """One friend at his seat: a browser page, how he picks a move, the frames it received."""

    def __init__(self, browser, link: str, pick, keyboard: bool = False, phone: bool = False):
        size = {"width": 390, "height": 844} if phone else {"width": 1200, "height": 900}
        self.context = browser.new_context(viewport=size, accept_downloads=True)
        self.context.set_default_timeout(WAIT_MS)
        self.page = self.context.new_page()
        self.frames: list[dict] = []
        self.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(json.loads(payload))))
        self.pick, self.keyboard = pick, keyboard
        self.page.goto(link)
        self.moves = 0

    def done(self) -> bool:
        return self.page.locator("#game-end").is_visible()

    def turn(self) -> bool:
        """Make this seat's move if the page offers one (the policy's); whether it did."""
        buttons = self.page.locator("#moves button.move:enabled")
        n = buttons.count()
        if not n:
            return False
        index = self.pick(list(range(n)))
        if self.keyboard and index < 9:
            self.page.keyboard.press(str(index + 1))
        elif self.keyboard:  # past 9: to the button by Tab, then Enter
            buttons.nth(index).focus()
            self.page.keyboard.press("Enter")
        else:
            buttons.nth(index).click()
        self.moves += 1
        return True

    def seq(self) -> int:
        """The position the page shows (the number of moves made at the table)."""
        return int(self.page.evaluate("page.view ? page.view.seq : -1"))

    def fits(self) -> bool:
        """Whether the page fits the screen's width (nothing to scroll sideways)."""
        return bool(self.page.evaluate(
            "document.documentElement.scrollWidth <= window.innerWidth"))

    def close(self) -> None:
        self.context.close()


def _open_table(browser, base: str, rules: str, kinds: list[str], seed: int,
                lang: str) -> dict[int, str]:
    """The first page, as the host uses it: the rules, the seats, the seed; the links."""
    page = browser.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{base}/?lang={lang}")
    _own_rules_checked(page)
    page.select_option("#ruleset", rules)
    page.wait_for_selector("#explain details")  # the rules in words
    assert page.locator("#explain h3").first.text_content()
    page.select_option("#players", str(len(kinds)))
    for i, kind in enumerate(kinds, 1):
        page.select_option(f"#kind-{i}", kind)
    page.fill("#name-1", "<b>Anna</b>")  # a name is text, wherever it is shown
    page.fill("#seed", str(seed))
    page.click("#open")
    page.wait_for_selector("#watch-link")
    links = {i - 1: page.input_value(f"#seat-link-{i}")
             for i, kind in enumerate(kinds, 1) if kind == "person"}
    page.close()
    return links


def _own_rules_checked(page) -> None:
    """A rule file pasted on the first page is checked by the server: its problems are shown
    with their line and column, as `validate` prints them, and as text."""
    page.check("#source-own")
    page.fill("#rule-text", "extends: trentuno\ntitle: <i>ours</i>\nstakes:\n  lives: -1\n")
    page.click("#check")
    page.wait_for_selector("#check-result .problems li")
    problem = page.text_content("#check-result .problems li") or ""
    assert problem.startswith("my-rules.yaml:4:10: "), problem
    assert page.locator("#check-result i").count() == 0
    page.check("#source-shelf")


def _play(people: list[Person], events: dict[int, object] | None = None) -> None:
    """Both play until both pages show the game's end; `events[n]` runs once when the
    people have made n moves in all (a reload, a dropped connection, a restart)."""
    events = dict(events or {})
    idle, seen = 0, -1
    while idle < IDLE_POLLS:
        if all(p.done() for p in people):
            return
        moved = False
        for person in people:
            if not person.done():
                moved = person.turn() or moved
        made = sum(p.moves for p in people)
        for at in [n for n in events if n <= made]:
            events.pop(at)()  # type: ignore[operator]
        if moved:
            idle = 0
            continue
        now = max(p.seq() for p in people)  # the bots' moves are progress too
        idle, seen = (0, now) if now != seen else (idle + 1, seen)
        time.sleep(0.02)
    raise AssertionError(f"no move was made in {IDLE_POLLS} looks at the pages")


def _downloaded(person: Person, folder: Path) -> dict:
    with person.page.expect_download() as info:
        person.page.click("#game-end a")
    path = folder / "game.json"
    info.value.save_as(path)
    done = subprocess.run([sys.executable, "-m", "trentuno.cli.main", "replay", str(path),
                           "--quiet", "--lang", "en"], capture_output=True, text=True,
                          timeout=HANG)
    assert done.returncode == 0 and done.stdout.startswith("verified: "), done
    return json.loads(path.read_text())


def _no_leaks(record: dict, rules: str, people: dict[int, Person], lang: str) -> None:
    oracle = Oracle(record, rules)
    for seat, person in people.items():
        assert person.frames and oracle.leaks(seat, person.frames, lang) == [], seat


def test_trentuno_in_two_browsers_through_a_reload_a_drop_and_a_restart(browser, tmp_path):
    kinds = ["person", "greedy", "person", "greedy"]
    with ServerProcess(tmp_path / "tables.sqlite3") as server:
        links = _open_table(browser, server.base, "trentuno", kinds, 41, "en")
        anna = Person(browser, links[0], lambda moves: moves[0])
        bruno = Person(browser, links[2], lambda moves: moves[-1], keyboard=True, phone=True)
        people = [anna, bruno]

        def reload():
            assert bruno.fits() and anna.fits()
            bruno.page.reload()

        def drop():
            anna.context.set_offline(True)
            anna.page.evaluate("page.ws && page.ws.close()")
            time.sleep(0.3)
            anna.context.set_offline(False)

        def restart():
            anna.page.screenshot(path=str(tmp_path / "before-restart.png"))
            server.restart(signal.SIGKILL)
        try:
            _play(people, {6: reload, 12: drop, 20: restart})
            assert "Player 1 (<b>Anna</b>)" in bruno.page.text_content("#players")
            assert bruno.page.locator("#players b, #log b").count() == 0  # it stayed text
            assert bruno.fits()
            anna.page.screenshot(path=str(tmp_path / "laptop.png"), full_page=True)
            bruno.page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
            record = _downloaded(anna, tmp_path)
        finally:
            for person in people:
                person.close()
    same_game(record, straight_record("trentuno", kinds, 41, {0: FIRST, 2: LAST}))
    _no_leaks(record, "trentuno", {0: anna, 2: bruno}, "en")


def test_scopa_in_two_browsers_in_italian(browser, tmp_path):
    kinds = ["person", "greedy", "person", "mc"]
    with ServerProcess(tmp_path / "tables.sqlite3") as server:
        links = _open_table(browser, server.base, "scopa", kinds, 12, "it")
        anna = Person(browser, links[0], lambda moves: moves[0], phone=True)
        carla = Person(browser, links[2], lambda moves: moves[-1], keyboard=True)
        try:
            _play([anna, carla])
            assert "Fine della partita" in anna.page.text_content("#game-end")
            anna.page.screenshot(path=str(tmp_path / "scopa.png"), full_page=True)
            record = _downloaded(carla, tmp_path)
        finally:
            anna.close()
            carla.close()
    same_game(record, straight_record("scopa", kinds, 12, {0: FIRST, 2: LAST}, "it"))
    _no_leaks(record, "scopa", {0: anna, 2: carla}, "it")
