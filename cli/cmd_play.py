"""`trentuno play VARIANT`: a person plays against bots at a text table, or `--watch`es bots.

Each of the person's turns shows the table as he sees it (his hand with its value, the visible
cards, lives or chips, the pot, the dealer, who knocked, whose turn), then only the legal moves
as numbered choices in the ruleset's words. Input is read a line at a time from standard input,
so a game can be played in a terminal or scripted through a pipe; a wrong answer is asked again.
Bots' moves are told as they happen, without naming cards their player alone can see.

Nothing played is lost: `q` and Ctrl-C offer to save the game record (or write it to `--save
FILE`); the end of the input (Ctrl-D, also at a save question), SIGTERM, SIGHUP, a terminal
that hangs up and an error inside the game save it without asking, before anything else is
said: to `--save FILE`, else (or if that fails) to a new `trentuno-SEED.json` here, else in the
user's state folder, the home folder or the temporary folder, and say where (see
play_safety.py). A stop while a bot thinks gives its move up: the game is saved as it stood
before it. Every save is atomic. `--resume FILE` replays a record and plays on, with the
record's ruleset, players, seats, bots, seed and language, and saves back to FILE; a stop
during the replay leaves FILE as it was, and says so.
"""
from __future__ import annotations

import contextlib
import math
import shlex
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import click
from trentuno.engine.bots import BOTS, parse_bot, parse_bots
from trentuno.engine.errors import UsageError, UserError
from trentuno.engine.record import RecordError, cut_to, find_rules, record_of, replay, safe_text
from trentuno.engine.record import check as check_rules
from trentuno.engine.record import load as load_record
from trentuno.engine.record import save as save_record
from trentuno.engine.rules import Ruleset
from trentuno.engine.state import GameState

from .failure import PROG, Failure
from .messages import LANGUAGES, QUIT, SHOW, YES, Texts, default_language
from .output import wants_style
from .params import OUTPUT_FILE, SEED, VARIANT, complete_variant
from .play_safety import (
    EXIT_BROKEN_PIPE,
    EXIT_HANGUP,
    STOP_SIGNALS,
    Ending,
    InputEnded,
    InputGone,
    OutputGone,
    Quit,
    Stopped,
    Stops,
    fallback_folders,
    free_name,
    same_file,
    signal_name,
    silence,
)
from .table import TableView, fit, width_of

EXIT_INTERRUPTED = 130
EXIT_SAVE_FAILED = 1  # the game is safe, but not where it was asked to be saved
PERSON = "person"  # the `bots` entry of the person's seat in a saved record
MAX_DELAY = 3600  # seconds: an hour between moves is already no game
_GLUE = "\ue000"  # holds the words of a file name together while a line is fitted


def _read_line() -> str | None:
    """One line of standard input without its newline; None at the end of the input. A
    read that fails (a terminal that hung up) raises InputGone."""
    stream = sys.stdin
    if stream is None:
        return None
    try:
        line = stream.readline()
    except UnicodeDecodeError:
        return ""  # not text: treated as a wrong answer
    except ValueError:  # closed: as good as ended
        return None
    except OSError as err:
        raise InputGone from err
    if not line:
        return None
    return line.rstrip("\r\n")


def _fileno(stream) -> int | None:
    try:
        return int(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return None


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def forced(action) -> bool:
    """The move needs no decision when it is the only one: its primitive's unit says so (the
    top card of one's own pile turned up), never its name."""
    option = action.option_ref
    return option is not None and option.unit is not None and option.unit.forced(option)


def named_cards(view: TableView, state: GameState, action) -> list[int]:
    """The cards a choice shows (so a person may type their codes to pick it): never one
    the viewer cannot see."""
    return view.shown_cards(state, action)


class Session:
    """One game at the table: the loop, the person's input, and how it ends (see
    play_safety.py): whatever stops it, the game is saved before anything else is said."""

    def __init__(self, state: GameState, view: TableView, bots: dict, seat: int | None,
                 stops: Stops, delay: float = 0.0, save_path: str | None = None,
                 watch: bool = False, seen: int = 0, seed_hint: bool = False,
                 may_replace: Path | None = None):
        self.state = state
        self.view = view
        self.tr = view.tr
        self.bots = bots            # seat -> bot function, for every seat but the person's
        self.seat = seat
        self.stops = stops
        self.delay = delay
        self.save_path = save_path
        self.watch = watch
        self.seen = seen                      # events already told
        self.seed_hint = seed_hint            # tell the seed again at the end (it was random)
        self._shown: tuple | None = None   # (hand, turn) the full table was shown for
        self._round: tuple | None = None   # (hand, round) last announced (watch)
        self.whole_moves = len(state.moves)   # moves fully made: what a save after an error keeps
        self.may_replace = may_replace        # the file this game may overwrite unasked
        self.gone: int | None = None          # the exit status, once the output is gone
        self._elsewhere = True                # stderr is still worth writing to

    # ---- output ---------------------------------------------------------------------------
    def echo(self, *lines: str, whole: bool = False) -> None:
        """Lines fitted to the terminal (`whole`: already fitted); OutputGone if they cannot
        be written (once: afterwards they go to stderr when it is another file, or
        nowhere)."""
        if self.gone is not None:
            self._tell_elsewhere(lines)
            return
        width = width_of(sys.stdout)
        self._put([part for line in lines for part in ([line] if whole else fit(line, width))])

    def _put(self, texts: Sequence[str], nl: bool = True) -> None:
        """Write to stdout; OutputGone if it cannot be written."""
        try:
            for text in texts:
                click.echo(text, nl=nl)
        except (OSError, ValueError) as err:  # (ValueError: a closed stream)
            self._lose_output(err)
            raise OutputGone(self.gone or EXIT_HANGUP) from None

    def say(self, *lines: str, whole: bool = False) -> None:
        """Echo what can still be said; nothing can fail any more (the game is saved, or
        is being saved)."""
        try:
            self.echo(*lines, whole=whole)
        except OutputGone:
            self._tell_elsewhere(lines)

    def _lose_output(self, err: Exception) -> None:
        """Standard output is gone: silence it (and stderr, when it is the same terminal),
        so that what is still buffered and the flush at exit go nowhere instead of
        failing."""
        self.gone = EXIT_BROKEN_PIPE if isinstance(err, BrokenPipeError) else EXIT_HANGUP
        out, err_fd = _fileno(sys.stdout), _fileno(sys.stderr)
        if out is None:  # streams without descriptors (a test's): stderr is another one
            return
        dead = [out]
        if err_fd is None or same_file(out, err_fd):
            self._elsewhere = False
            if err_fd is not None:
                dead.append(err_fd)
        silence(*dead)

    def _tell_elsewhere(self, lines) -> None:
        """What stdout could not take, on stderr when that is another, working file."""
        if not self._elsewhere:
            return
        try:
            for line in lines:
                if line:
                    click.echo(line, err=True)
        except (OSError, ValueError):
            self._elsewhere = False

    def read(self, prompt: str) -> str | None:
        """One answer; a signal may interrupt the wait at once (the game is whole)."""
        if self.gone is not None:
            raise OutputGone(self.gone)
        with self.stops.at_once():
            self._put([prompt], nl=False)
            fd = _fileno(sys.stdin)
            if fd is not None and _isatty(sys.stdin):
                # a terminal gives a line a read: nothing waits in the stream's buffer, and
                # the wait can look for a signal whose exception was lost (play_safety.py)
                self.stops.wait_readable(fd)
            line = _read_line()
        if line is not None and not _isatty(sys.stdin):
            self.echo(line)  # a terminal echoes what is typed; a pipe does not
        return line

    def catch_up(self, actor: int | None = None, action=None) -> None:
        """Tell what happened since the last call (the engine's events)."""
        events = self.state.events[self.seen:]
        self.seen = len(self.state.events)
        self.echo(*self.view.events(self.state, events, actor, action))
        if self.watch and not self.state.is_over and any(
                e.kind == "deal" and e.data.get("hand") == self.state.hand_number
                for e in events):
            self.echo(*self.view.players(self.state), *self.view.zones(self.state))
            self._round = (self.state.hand_number, self.state.round)

    # ---- the game -------------------------------------------------------------------------
    def run(self, opening: Sequence[str] = ()) -> int:
        """Tell `opening`, play to the end (or until the game stops early); the exit
        status."""
        try:
            self.echo(*opening)
            self.catch_up()
            while not self.state.is_over:
                self.turn()
                self.whole_moves = len(self.state.moves)
        except Ending as ending:
            return self.ended(ending)
        except KeyboardInterrupt:
            return self.interrupted()
        except Exception:
            # a failure of ours inside the game: keep what was played, then report it
            self.save_unasked(cut=True, before=["", self.tr("failed_saving")])
            raise
        if self.seed_hint:
            self.say(self.tr("reproduce", seed=self.state.seed))
        return self.finished(0)

    def finished(self, code: int) -> int:
        """The game is over: saved to --save FILE if given (else elsewhere, and status 1)."""
        if self.save_path and not self.save_unasked():
            code = EXIT_SAVE_FAILED
        return self._final(code)

    def ended(self, ending: Ending) -> int:
        """The game stopped early: saved first (the terminal may be gone), then told."""
        if isinstance(ending, Quit):
            self.say(self.tr("quit"))
            return self.offer_save(0)
        if isinstance(ending, Stopped):
            name = signal_name(ending.signum)
            self.save_unasked(before=[self.tr("stopped", signal=name)])
            return self._final(128 + ending.signum)
        if isinstance(ending, OutputGone):
            self.save_unasked(before=[self.tr("output_gone")])
            return self._final(ending.code)
        if isinstance(ending, InputGone):
            self.save_unasked(before=["", self.tr("input_gone")])
            return self._final(EXIT_HANGUP)
        ok = self.save_unasked(before=["", self.tr("input_ended")])
        return self._final(0 if ok else EXIT_SAVE_FAILED)

    def interrupted(self) -> int:
        """Ctrl-C: save to --save FILE, else offer to (a second Ctrl-C saves unasked)."""
        if self.save_path:
            self.save_unasked(before=["", self.tr("interrupted")])
            return self._final(EXIT_INTERRUPTED)
        self.say("", self.tr("interrupted"))
        return self.offer_save(EXIT_INTERRUPTED)

    def _final(self, code: int) -> int:
        """The exit status: a hang-up or a stop that came while the game was being saved
        overrides a success."""
        held, self.stops.held = self.stops.held, None
        if code == 0 and held is not None and held in STOP_SIGNALS:
            return 128 + held
        if code == 0 and self.gone is not None:
            return self.gone
        return code

    def turn(self) -> None:
        state = self.state
        p = state.current_player
        if p == self.seat:
            action = self.ask()
        else:
            if self.watch and (state.hand_number, state.round) != self._round:
                self._round = (state.hand_number, state.round)
                self.echo(self.tr("round", round=state.round))
            # the bot only reads the state: a stop while it thinks (however long) gives the
            # move up and leaves the game as it stood before it
            with self.stops.at_once():
                if self.delay:
                    time.sleep(self.delay)
                action = self.bots[p](state, state.legal_actions())
        line = self.view.move(state, p, action)
        state.apply(action)  # no signal interrupts this: it is held until the move is made
        self.whole_moves = len(state.moves)
        self.echo(line)
        self.catch_up(p, action)
        self.stops.check()  # a signal during the move stops the game once it is made

    def ask(self):
        """The person's choice among the legal actions, asked until it is a valid one."""
        state, view, tr = self.state, self.view, self.tr
        actions = state.legal_actions()
        if len(actions) == 1 and forced(actions[0]):
            return actions[0]  # no decision of his: made for him, and told as his move
        choices = view.choices(state, actions)
        key = (state.hand_number, state.turns_in_hand)
        if key != self._shown:  # a new turn: the whole table
            self._shown = key
            self.echo("", *view.table(state))
        else:                   # the same turn goes on: the hand is enough
            self.echo("", *view.hand(state, state.current_player))  # the person's turn
        self.show_choices(choices)
        n = len(choices)
        while True:
            text = self.read(view.s(tr("prompt", n=n), bold=True))
            if text is None:
                raise InputEnded
            answer = text.strip().lower()
            if answer in QUIT:
                raise Quit
            if answer in SHOW:
                self.echo("", *view.table(state))
                self.show_choices(choices)
                continue
            if not answer:
                self.echo(tr("empty_choice", n=n))
                continue
            picked = self.pick(answer, choices)
            if isinstance(picked, list):
                self.echo(view.s(tr("several_choices", cards=text.strip(), n=n,
                                    choices=", ".join(map(str, picked))), fg="yellow"))
                continue
            if picked is not None:
                return picked
            self.echo(view.s(tr("bad_choice", n=n), fg="yellow"))

    def show_choices(self, choices) -> None:
        width = len(str(len(choices)))
        self.echo("", "  " + self.tr("your_move"))
        for i, (_, text) in enumerate(choices, 1):
            self.echo(f"  {self.view.s(str(i).rjust(width) + ')', bold=True)} {text}")

    def pick(self, answer: str, choices):
        """The action an answer names: its number, or the codes of cards that one choice
        alone shows, in any order ("rc"; "ad ah" gives the Ad and takes the Ah; "7b" plays
        the 7b, if only one move does). Several choices showing them: their numbers."""
        try:
            i = int(answer)
        except ValueError:
            i = None
        if i is not None:
            return choices[i - 1][0] if 1 <= i <= len(choices) else None
        deck = self.state.rules.deck
        try:
            wanted = Counter(deck.code(c) for c in deck.parse_hand(answer))
        except UserError:
            return None
        hits = [n for n, (a, _) in enumerate(choices, 1)
                if not wanted - Counter(deck.codes(named_cards(self.view, self.state, a)))]
        if len(hits) > 1:
            return hits
        return choices[hits[0] - 1][0] if hits else None

    # ---- saving ---------------------------------------------------------------------------
    def record(self) -> dict:
        names = [PERSON if p == self.seat else self.view.bots.get(p)
                 for p in range(self.state.players)]
        return record_of(self.state, bots=names, lang=self.view.lang)

    def _write(self, target: Path, cut: bool) -> OSError | None:
        """Write the record to `target` atomically (`cut`: only the moves fully made); the
        error, if it could not be written."""
        record = self.record()
        if cut:
            record = cut_to(record, self.whole_moves)
        try:
            save_record(record, target)
        except OSError as err:
            return err
        return None

    def save(self, path: str | Path, cut: bool = False) -> bool:
        """Save to `path` and say so (or why not)."""
        target = Path(path).expanduser()
        err = self._write(target, cut)
        self.say(*(self._failure(target, err) if err else self._saved(target, cut)),
                 whole=True)
        return err is None

    def _saved(self, target: Path, cut: bool) -> list[str]:
        """Where the game was saved, and how to go on with it."""
        lines = self.unbroken(self.tr("saved", path=target), str(target))
        if not self.state.is_over or cut:
            command = f"{PROG} play --resume {shlex.quote(str(target))}"
            lines += self.unbroken(self.tr("resume_hint", command=command), command)
        return lines

    def _failure(self, target: Path, err: OSError) -> list[str]:
        return self.unbroken(self.tr("save_failed", path=target, reason=err.strerror or err),
                             str(target))

    @staticmethod
    def unbroken(line: str, *parts: str) -> list[str]:
        """`line` fitted to the terminal, never broken inside one of `parts` (a file name,
        a command to copy): one that does not fit goes whole on a line of its own."""
        for part in parts:
            line = line.replace(part, part.replace(" ", _GLUE))
        return [piece.replace(_GLUE, " ") for piece in fit(line, width_of(sys.stdout))]

    def save_unasked(self, cut: bool = False, before: Sequence[str] = ()) -> bool:
        """The safe save, that nobody is asked for (the input ended, a signal stops the
        game, the terminal is gone, the game failed): to --save FILE, else (or if that
        fails) to a new file here, else in the user's state folder, the home folder, the
        temporary folder; everything is said after it is written. Whether it went where it
        was asked (--save FILE, when given)."""
        failed: list[str] = []
        for target in self._safe_targets():
            err = self._write(target, cut)
            if err is None:
                self.say(*before)
                self.say(*failed, *self._saved(target, cut), whole=True)
                return not (self.save_path and failed)
            failed += self._failure(target, err)
        self.say(*before)
        self.say(*failed, whole=True)
        self.say(self.tr("saved_nowhere"))
        return False

    def _safe_targets(self) -> Iterator[Path]:
        """Where the safe save tries, in order (the fallback names are found when tried)."""
        if self.save_path:
            yield Path(self.save_path).expanduser()
        for folder in fallback_folders():
            yield free_name(f"trentuno-{self.state.seed}", folder)

    def offer_save(self, code: int) -> int:
        """Save to --save FILE, else ask whether to save and where; the exit status. When
        nobody answers (the input ended, the terminal is gone, a stop signal, a Ctrl-C at
        a question) the game is saved unasked: only a no leaves it unsaved."""
        if self.save_path:
            return self._final(code if self.save_unasked() else EXIT_SAVE_FAILED)
        try:
            self._ask_where()
        except KeyboardInterrupt:
            self.save_unasked(before=["", self.tr("interrupted")])
            return self._final(EXIT_INTERRUPTED)
        except Ending as ending:  # nobody can answer: saved unasked
            return max(code, self.ended(ending))
        return self._final(code)

    def _ask_where(self) -> None:
        answer = self.read(self.tr("save_question"))
        if answer is None:
            raise InputEnded
        if answer.strip().lower() not in YES:
            self.say(self.tr("not_saved"))
            return
        default = f"trentuno-{self.state.seed}.json"
        while True:
            name = self.read(self.tr("save_file", default=default))
            if name is None:
                raise InputEnded
            target = Path(name.strip() or default).expanduser()
            if target.exists() and not self._same_file(target):
                again = self.read(self.tr("overwrite_question", path=target))
                if again is None:
                    raise InputEnded
                if again.strip().lower() not in YES:
                    continue
            if self.save(target):
                return

    def _same_file(self, target: Path) -> bool:
        try:
            return self.may_replace is not None and target.resolve() == self.may_replace
        except OSError:
            return False


def check_save_path(path: str, tr: Texts, force: bool, may_replace: Path | None) -> Path:
    """Refuse a --save FILE that cannot be written before the first move: a folder, a file in
    a missing or unwritable folder, or an existing file (without --force or a yes)."""
    target = Path(path).expanduser()
    hint = "'--save'"
    if target.is_dir():
        raise click.BadParameter(tr("err_save_is_dir", path=path), param_hint=hint)
    folder = target.parent
    if not folder.is_dir():
        raise click.BadParameter(tr("err_save_dir", path=path, folder=folder), param_hint=hint)
    try:  # the very test a save makes: a new file in that folder
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".trentuno-"):
            pass
    except OSError as err:
        raise click.BadParameter(tr("err_save_unwritable", path=path, folder=folder,
                                    reason=err.strerror or err), param_hint=hint) from None
    if target.exists() and not force and target.resolve() != may_replace:
        if not (_isatty(sys.stdin) and _isatty(sys.stdout)):
            raise click.BadParameter(tr("err_save_exists", path=path), param_hint=hint)
        click.echo(tr("overwrite_question", path=path), nl=False)
        try:
            answer = _read_line()
        except InputGone:
            answer = None
        if answer is None or answer.strip().lower() not in YES:
            raise click.BadParameter(tr("err_save_exists", path=path), param_hint=hint)
    return target.resolve()


# ---- the command ----------------------------------------------------------------------------
def _bot_names(spec: str, players: int, seat: int | None, tr: Texts) -> dict[int, str]:
    """seat -> bot name for every seat but the person's: one name for all, or a comma list
    (every seat when watching, else the other seats in seat order)."""
    names = [s.strip() for s in spec.split(",")]
    others = [p for p in range(players) if p != seat]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise click.BadParameter(tr("err_bots_count", given=len(names), want=len(others)),
                                 param_hint="'--bots'")
    full = [names[0]] * players
    for p, name in zip(others, names):
        full[p] = name
    try:
        parse_bots(",".join(full), players, 0)
    except UsageError as err:
        raise click.BadParameter(err.line(), param_hint="'--bots'") from None
    return dict(zip(others, names))


@click.command("play", short_help="Play a game against bots, or watch bots play.")
@click.argument("variant", metavar="[VARIANT]", required=False,
                shell_complete=complete_variant)
@click.option("--players", type=click.IntRange(min=1), default=None, metavar="N",
              help="Players at the table; default: the ruleset's default.")
@click.option("--seat", type=int, default=None, metavar="K",
              help="Your seat, 1 to N: you are Player K; default 1.")
@click.option("--bots", default=None, metavar="SPEC",
              help=f"The bots at the other seats: one name for all, or a comma list for the "
                   f"other seats in seat order ({', '.join(BOTS)}); default: greedy.")
@click.option("--seed", type=SEED, default=None, metavar="S",
              help="Random seed; default: a random one, printed so the game can be played "
                   "again.")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Language of cards, actions and messages; default: the saved game's when "
                   "resuming, else from the locale (LC_ALL, LC_MESSAGES, LANG: Italian gives "
                   "it, anything else en).")
@click.option("--watch", is_flag=True,
              help="Every seat is a bot; the game is told move by move and ends by itself.")
@click.option("--delay", type=float, default=0.0, show_default=True, metavar="SECONDS",
              help=f"Pause before each bot move (at most {MAX_DELAY} seconds).")
@click.option("--save", "save_path", type=OUTPUT_FILE, default=None, metavar="FILE",
              help="Write the game record to FILE when the game ends or is interrupted "
                   "(checked before the first move; an existing FILE needs --force).")
@click.option("--force", is_flag=True, help="Let --save replace an existing file.")
@click.option("--resume", "resume_path", default=None, metavar="FILE",
              help="Replay the saved game in FILE, then play on from where it stopped (its "
                   "ruleset, players, seats, bots, seed and language; saved back to FILE).")
@click.pass_context
def play(ctx: click.Context, variant: str | None, players: int | None,
         seat: int | None, bots: str | None, seed: int | None, lang: str | None,
         watch: bool, delay: float, save_path: str | None, force: bool,
         resume_path: str | None) -> None:
    """Play VARIANT (a built-in name or a YAML file) against bots at a text table, or go on
    with a saved game (`--resume FILE`, no VARIANT needed).

    Each of your turns shows the table and your legal moves as numbered choices: type a
    number, or the codes of cards that only one choice shows, in any order ("rc" discards
    the Rc, "ad ah" gives the Ad for the Ah, "7b" makes the one capture the 7b can make),
    ? to see the table again, q to leave. Input is read line by line, so a game can also be
    scripted through a pipe.
    """
    record = load_record(resume_path) if resume_path is not None else None
    if lang is None and record is not None and record.get("lang") in LANGUAGES:
        lang = record["lang"]
    tr = Texts(lang or default_language())
    _check_delay(delay, tr)
    if variant is None and record is None:
        raise click.UsageError(tr("err_no_variant"), ctx=ctx)
    if variant is not None:
        param = next(p for p in ctx.command.params if p.name == "variant")
        rules = VARIANT.convert(variant, param, ctx)
    may_replace: Path | None = None
    if record is not None and resume_path is not None:
        where = safe_text(resume_path)
        rules = _resumed_rules(record, resume_path, rules if variant is not None else None, tr)
        players, seat, watch, bots = _as_recorded(record, where, players, seat, watch, bots,
                                                  seed, tr)
        if save_path is None:
            save_path = resume_path
        may_replace = Path(resume_path).resolve()
    if save_path is not None:
        may_replace = check_save_path(save_path, tr, force, may_replace)
    players = _players_of(rules, players, tr)
    seat = _seat_of(seat, watch, players, tr)
    names = _bot_names(bots or "greedy", players, seat, tr)

    view = TableView(rules.for_players(players), tr.lang, seat=seat, bots=names,
                     style=wants_style(sys.stdout))
    stops = Stops()
    restore = stops.install()  # from before the replay: a stop during it is told, too
    try:
        if record is not None and resume_path is not None:
            state, bot_of, told = _replayed(record, rules, view, names, resume_path, stops)
        else:
            state = GameState(rules, players, seed=seed)
            bot_of = _seat_bots(names, players, state.seed)
            told = []
        session = Session(state, view, bot_of, seat, stops, delay=delay, save_path=save_path,
                          watch=watch, seen=len(state.events) if record is not None else 0,
                          seed_hint=seed is None and record is None, may_replace=may_replace)
        code = session.run(_opening(view, state, names, watch, resume_path, told))
    finally:
        restore()
    if code:
        ctx.exit(code)


def _resumed_rules(record: dict, path: str, given: Ruleset | None, tr: Texts) -> Ruleset:
    """The ruleset a saved game goes on under: the one inside it, or the VARIANT given,
    which must be the recorded one, unchanged."""
    where = safe_text(path)
    try:
        rules = find_rules(record, path) if given is None else given
        recorded = record["ruleset"]["name"]
        if recorded != rules.name:
            raise Failure(tr("err_resume_name", path=where, recorded=recorded,
                             name=safe_text(rules.name)))
        check_rules(record, rules, where)
    except RecordError as err:
        raise Failure(tr("err_resume", path=where, reason=_reason(err, where))) from None
    return rules


def _check_delay(delay: float, tr: Texts) -> None:
    """--delay is a number of seconds from 0 to MAX_DELAY (a sleep overflows near 1e10; nan
    and inf are no number of seconds)."""
    if not (math.isfinite(delay) and 0 <= delay <= MAX_DELAY):
        raise click.BadParameter(tr("err_delay", delay=delay, most=MAX_DELAY),
                                 param_hint="'--delay'")


def _players_of(rules: Ruleset, players: int | None, tr: Texts) -> int:
    """The players at the table: --players (or the recorded number when resuming), else the
    ruleset's default; refused outside the ruleset's range, naming it."""
    if players is None:
        players = rules.default_players
    if not rules.min_players <= players <= rules.max_players:
        raise click.BadParameter(tr("err_players", name=rules.name, min=rules.min_players,
                                    max=rules.max_players, n=players),
                                 param_hint="'--players'")
    return players


def _seat_of(seat: int | None, watch: bool, players: int, tr: Texts) -> int | None:
    """The person's seat counted from 0 (--seat counts from 1, default 1); None to watch."""
    if watch:
        if seat is not None:
            raise click.BadParameter(tr("err_seat_watch"), param_hint="'--seat'")
        return None
    seat = 1 if seat is None else seat  # Player 1 sits at seat 1: one numbering for people
    if not 1 <= seat <= players:
        raise click.BadParameter(tr("err_seat", max=players, players=players, seat=seat),
                                 param_hint="'--seat'")
    return seat - 1  # the engine and records count seats from 0


def _seat_bots(names: dict[int, str], players: int, seed: int | None) -> dict:
    """seat -> the bot playing it (each seeded from the game's seed and its seat)."""
    full = [names.get(p, next(iter(names.values()), "greedy")) for p in range(players)]
    seat_bots = parse_bots(",".join(full), players, seed)
    return {p: seat_bots[p] for p in names}


def _replayed(record: dict, rules, view: TableView, names: dict[int, str], path: str,
              stops: Stops) -> tuple[GameState, dict, list[tuple[int, str]]]:
    """The saved game replayed, its bots, and (hand, line) for each move replayed. A stop
    during the replay (the bots think their moves again) ends the command at once: nothing
    has been written, the file is as it was, and that is said."""
    tr = view.tr
    bot_of = _seat_bots(names, record["players"], record["seed"])
    told: list[tuple[int, str]] = []

    def tell(st, action):
        told.append((st.hand_number, view.move(st, st.current_player, action)))
        bot = bot_of.get(st.current_player)
        if bot is not None:
            # the bot looks at the position again, so that whatever chance it draws from is
            # where it was at this point of the game, and it plays on as it would have
            bot(st, st.legal_actions())
    where = safe_text(str(path))
    try:
        with stops.at_once():
            state = replay(record, rules, on_move=tell)
    except UserError as err:
        raise Failure(tr("err_resume", path=where, reason=err.line())) from None
    except (KeyboardInterrupt, Stopped) as stop:
        signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
        _tell_stop(tr("stopped_replaying", signal=signal_name(signum), path=where))
        raise click.exceptions.Exit(128 + signum) from None
    view.sync(state)
    return state, bot_of, told


def _tell_stop(line: str) -> None:
    """One line on stderr, if it can still be written."""
    with contextlib.suppress(OSError, ValueError):
        click.echo(line, err=True)


def _opening(view: TableView, state: GameState, names: dict[int, str], watch: bool,
             resume_path: str | None, told: list[tuple[int, str]]) -> list[str]:
    """What is told before the first move: the game, the seats, and for a resumed game what
    was replayed of the hand it stopped in (or how it ended)."""
    tr, rules = view.tr, view.rules
    lines = [view.s(tr("intro", title=rules.title_in(tr.lang), name=rules.name,
                       players=state.players, seed=state.seed), bold=True)]
    others = view.whos(sorted(names))
    if watch:
        lines.append(tr("intro_watch", bots=others))
    elif view.seat is not None:
        me = view.terms.player(view.seat).in_lang(tr.lang)
        lines += [tr("intro_seat", who=me, bots=others), tr("intro_keys")]
    if resume_path is None:
        return lines
    if state.is_over:
        return [*lines, tr("resumed_over", path=resume_path),
                *view.game_over(state, state.winners)]
    lines.append(tr("resumed", path=resume_path, moves=len(state.moves)))
    this_hand = [line for hand, line in told if hand == state.hand_number]
    if this_hand:
        lines += ["", view.rule(tr("resumed_hand", hand=state.hand_number)), *this_hand]
    return lines


def _reason(err: UserError, where: str) -> str:
    """An engine error about a record without the record's name in front (the message
    names it already)."""
    line = err.line()
    return line[len(where) + 2:] if line.startswith(f"{where}: ") else line


def _as_recorded(record: dict, where: str, players: int | None, seat: int | None,
                 watch: bool, bots: str | None, seed: int | None,
                 tr: Texts) -> tuple[int, int | None, bool, str | None]:
    """The players, seat, watching and bots of a saved game; an option that would change one
    of them (or the seed) is refused."""
    def refuse(option: str, kept) -> click.BadParameter:
        return click.BadParameter(tr("err_resume_option", option=option, path=where,
                                     recorded=kept), param_hint=f"'{option}'")
    n = record["players"]
    for option, given, kept in (("--players", players, n), ("--seed", seed, record["seed"])):
        if given is not None and given != kept:
            raise refuse(option, kept)
    listed = record.get("bots")
    if not isinstance(listed, list) or len(listed) != n:
        return n, seat, watch, bots  # a hand-written record: the options say who plays
    rec_seat = listed.index(PERSON) if PERSON in listed else None  # from 0, as records count
    if seat is not None and (rec_seat is None or seat != rec_seat + 1):
        raise refuse("--seat", "--watch" if rec_seat is None else rec_seat + 1)
    if watch and rec_seat is not None:
        raise refuse("--watch", f"--seat {rec_seat + 1}")
    kept_bots = {p: b if isinstance(b, str) else "greedy"
                 for p, b in enumerate(listed) if p != rec_seat}
    for p, name in kept_bots.items():
        try:  # a bot with parameters (`mc:iterations=50`) as --bots gave it
            parse_bot(name)
        except UsageError as err:
            raise Failure(tr("err_resume", path=where, reason=f"player {p + 1}: "
                             f"{safe_text(err.line())}")) from None
    if bots is not None and _bot_names(bots, n, rec_seat, tr) != kept_bots:
        raise refuse("--bots", ",".join(kept_bots.values()))
    seat_given = None if rec_seat is None else rec_seat + 1  # as --seat counts, from 1
    return n, seat_given, rec_seat is None, ",".join(kept_bots.values())
