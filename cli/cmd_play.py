"""`trentuno play VARIANT`: a person plays against bots at a text table, or `--watch`es bots.

Each of the person's turns shows the table as he sees it (his hand with its value, the visible
cards, lives or chips, the pot, the dealer, who knocked, whose turn), then only the legal moves
as numbered choices in the ruleset's words. Input is read a line at a time from standard input,
so a game can be played in a terminal or scripted through a pipe; a wrong answer is asked again.
Bots' moves are told as they happen, without naming cards their player alone can see.

Nothing played is lost: `q` and Ctrl-C offer to save the game record (or write it to `--save
FILE`); the end of the input (Ctrl-D), SIGTERM, SIGHUP and an error inside the game save it
without asking (to `--save FILE`, else to a new `trentuno-SEED.json` here). Every save is
atomic. `--resume FILE` replays a record and plays on, with the record's ruleset, players,
seats, bots, seed and language, and saves back to FILE.
"""
from __future__ import annotations

import math
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import click
from trentuno.engine.bots import BOTS, parse_bot, parse_bots
from trentuno.engine.errors import UsageError, UserError
from trentuno.engine.record import RecordError, cut_to, find_rules, record_of, replay, safe_text
from trentuno.engine.record import check as check_rules
from trentuno.engine.record import load as load_record
from trentuno.engine.record import save as save_record
from trentuno.engine.state import GameState

from .failure import Failure
from .messages import LANGUAGES, QUIT, SHOW, YES, Texts, default_language
from .output import wants_style
from .params import OUTPUT_FILE, SEED, VARIANT, complete_variant
from .table import TableView, fit, width_of

EXIT_INTERRUPTED = 130
PERSON = "person"  # the `bots` entry of the person's seat in a saved record
MAX_DELAY = 3600  # seconds: an hour between moves is already no game


class _Quit(Exception):
    """The person typed q."""


class _InputEnded(Exception):
    """Standard input ran out (a script's last line was read, or Ctrl-D)."""


class _Stopped(Exception):
    """SIGTERM or SIGHUP: save without asking (nobody may be there to answer) and stop."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


#: Signals that stop a game and save it; SIGHUP does not exist on Windows.
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def _read_line() -> str | None:
    """One line of standard input without its newline; None at the end of the input."""
    stream = sys.stdin
    if stream is None:
        return None
    try:
        line = stream.readline()
    except UnicodeDecodeError:
        return ""  # not text: treated as a wrong answer
    except (OSError, ValueError):  # closed or unreadable: as good as ended
        return None
    if not line:
        return None
    line = line.rstrip("\r\n")
    if not _isatty(stream):  # a terminal echoes what is typed; a pipe does not
        click.echo(line)
    return line


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Session:
    """One game at the table: the loop, the person's input, saving."""

    def __init__(self, state: GameState, view: TableView, bots: dict, seat: int | None,
                 delay: float = 0.0, save_path: str | None = None,
                 watch: bool = False, seen: int = 0, seed_hint: bool = False,
                 may_replace: Path | None = None):
        self.state = state
        self.view = view
        self.tr = view.tr
        self.bots = bots            # seat -> bot function, for every seat but the person's
        self.seat = seat
        self.delay = delay
        self.save_path = save_path
        self.watch = watch
        self.seen = seen                      # events already told
        self.seed_hint = seed_hint            # tell the seed again at the end (it was random)
        self._shown: tuple | None = None   # (hand, turn) the full table was shown for
        self._round: tuple | None = None   # (hand, round) last announced (watch)
        self._waiting = False                 # a signal may interrupt right now
        self._interrupted = False             # Ctrl-C came while a move was being applied
        self._stop_signal: int | None = None  # SIGTERM/SIGHUP came during a move
        self.whole_moves = len(state.moves)   # moves fully made: what a save after an error keeps
        self.may_replace = may_replace        # the file this game may overwrite unasked

    # ---- output ---------------------------------------------------------------------------
    @staticmethod
    def echo(*lines: str) -> None:
        for line in lines:
            for part in fit(line, width_of(sys.stdout)):
                click.echo(part)

    @staticmethod
    def tell_if_possible(*lines: str) -> None:
        """Echo when the terminal is still there (after SIGHUP it is not)."""
        try:
            for line in lines:
                click.echo(line)
        except (OSError, ValueError):
            pass

    def read(self, prompt: str) -> str | None:
        self._waiting = True  # the game is in a whole state: Ctrl-C may stop it at once
        try:
            self._stop_if_interrupted()
            click.echo(prompt, nl=False)
            return _read_line()
        finally:
            self._waiting = False

    def _stop_if_interrupted(self) -> None:
        """Raise the KeyboardInterrupt of a Ctrl-C (or the stop of a SIGTERM or SIGHUP) that
        came while a move was being made."""
        if self._stop_signal is not None:
            raise _Stopped(self._stop_signal)
        if self._interrupted:
            self._interrupted = False
            raise KeyboardInterrupt

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
    def run(self) -> int:
        """Play to the end (or until the person leaves); the exit status."""
        restore = self._catch_signals()
        try:
            try:
                self.catch_up()
                while not self.state.is_over:
                    self.turn()
                    self.whole_moves = len(self.state.moves)
            except _Quit:
                self.echo(self.tr("quit"))
                self.offer_save()
                return 0
            except _InputEnded:
                self.echo("", self.tr("input_ended"))
                self.save_unasked()
                return 0
            except KeyboardInterrupt:
                self.echo("", self.tr("interrupted"))
                try:
                    self.offer_save()
                except (KeyboardInterrupt, _InputEnded):
                    self.echo("", self.tr("not_saved"))
                except _Stopped as stop:
                    return self.stopped(stop.signum)
                return EXIT_INTERRUPTED
            except _Stopped as stop:
                return self.stopped(stop.signum)
            except Exception:
                # a failure of ours inside the game: keep what was played, then report it
                self.tell_if_possible("", self.tr("failed_saving"))
                self.save_unasked(cut=True)
                raise
            if self.seed_hint:
                self.echo(self.tr("reproduce", seed=self.state.seed))
            if self.save_path:
                self.save(self.save_path)
            return 0
        finally:
            restore()

    def stopped(self, signum: int) -> int:
        """SIGTERM or SIGHUP: save first (the terminal may be gone), then say so."""
        self._stop_signal = None
        self.save_unasked(before=[self.tr("stopped", signal=signal.Signals(signum).name)])
        return 128 + signum

    def turn(self) -> None:
        state = self.state
        p = state.current_player
        if p == self.seat:
            action = self.ask()
        else:
            if self.watch and (state.hand_number, state.round) != self._round:
                self._round = (state.hand_number, state.round)
                self.echo(self.tr("round", round=state.round))
            if self.delay:
                self._waiting = True
                try:
                    self._stop_if_interrupted()
                    time.sleep(self.delay)
                finally:
                    self._waiting = False
            action = self.bots[p](state, state.legal_actions())
        line = self.view.move(state, p, action)
        state.apply(action)
        self.echo(line)
        self.catch_up(p, action)
        self._stop_if_interrupted()  # a Ctrl-C during the move stops the game once it is made

    def ask(self):
        """The person's choice among the legal actions, asked until it is a valid one."""
        state, view, tr = self.state, self.view, self.tr
        choices = view.choices(state, state.legal_actions())
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
                raise _InputEnded
            answer = text.strip().lower()
            if answer in QUIT:
                raise _Quit
            if answer in SHOW:
                self.echo("", *view.table(state))
                self.show_choices(choices)
                continue
            if not answer:
                self.echo(tr("empty_choice", n=n))
                continue
            picked = self.pick(answer, choices)
            if picked is not None:
                return picked
            self.echo(view.s(tr("bad_choice", n=n), fg="yellow"))

    def show_choices(self, choices) -> None:
        width = len(str(len(choices)))
        self.echo("", "  " + self.tr("your_move"))
        for i, (_, text) in enumerate(choices, 1):
            self.echo(f"  {self.view.s(str(i).rjust(width) + ')', bold=True)} {text}")

    def pick(self, answer: str, choices):
        """The action an answer names: its number, or the codes of its cards ("rc", "7h ah")."""
        try:
            i = int(answer)
        except ValueError:
            i = None
        if i is not None:
            return choices[i - 1][0] if 1 <= i <= len(choices) else None
        deck = self.state.rules.deck
        try:
            wanted = tuple(deck.code(c) for c in deck.parse_hand(answer))
        except UserError:
            return None
        hits = [a for a, _ in choices if a.cards and deck.codes(a.cards) == list(wanted)]
        return hits[0] if len(hits) == 1 else None

    # ---- saving ---------------------------------------------------------------------------
    def record(self) -> dict:
        names = [PERSON if p == self.seat else self.view.bots.get(p)
                 for p in range(self.state.players)]
        return record_of(self.state, bots=names, lang=self.view.lang)

    def save(self, path: str | Path, cut: bool = False, before: tuple | list = ()) -> bool:
        """Write the record to `path` atomically; `cut` keeps only the moves fully made."""
        target = Path(path).expanduser()
        record = self.record()
        if cut:
            record = cut_to(record, self.whole_moves)
        try:
            save_record(record, target)
        except OSError as err:
            self.tell_if_possible(*before, self.tr("save_failed", path=target,
                                                   reason=err.strerror or err))
            return False
        self.tell_if_possible(*before, self.tr("saved", path=target))
        if not self.state.is_over or cut:
            self.tell_if_possible(self.tr("resume_hint", path=target))
        return True

    def save_unasked(self, cut: bool = False, before: tuple | list = ()) -> None:
        """Save where --save says, else (or if that fails) to a new file here: nobody is
        asked, because the input has ended, a signal stops the game, or the game failed."""
        if self.save_path and self.save(self.save_path, cut=cut, before=before):
            return
        self.save(free_name(f"trentuno-{self.state.seed}"), cut=cut,
                  before=() if self.save_path else before)

    def offer_save(self, ask: bool = True) -> None:
        """Save to --save FILE, else ask whether to save and where."""
        if self.save_path:
            self.save(self.save_path)
            return
        answer = self.read(self.tr("save_question"))
        if answer is None or answer.strip().lower() not in YES:
            self.echo(self.tr("not_saved"))
            return
        default = f"trentuno-{self.state.seed}.json"
        while True:
            name = self.read(self.tr("save_file", default=default))
            if name is None:
                self.echo(self.tr("not_saved"))
                return
            target = Path(name.strip() or default).expanduser()
            if target.exists() and not self._same_file(target):
                again = self.read(self.tr("overwrite_question", path=target))
                if again is None:
                    self.echo(self.tr("not_saved"))
                    return
                if again.strip().lower() not in YES:
                    continue
            if self.save(target):
                return

    def _same_file(self, target: Path) -> bool:
        try:
            return self.may_replace is not None and target.resolve() == self.may_replace
        except OSError:
            return False

    # ---- signals --------------------------------------------------------------------------
    def _catch_signals(self):
        """While a move is being applied, Ctrl-C, SIGTERM and SIGHUP only set a flag (the move
        completes, so the record stays whole); while waiting for input or sleeping they
        interrupt at once. Ctrl-C offers to save, SIGTERM and SIGHUP save unasked. Returns
        what puts the previous handlers back."""
        def nothing() -> None:
            return None
        if threading.current_thread() is not threading.main_thread():
            return nothing  # signals can only be handled there: they keep their default

        def on_sigint(signum, frame):
            if self._waiting:
                raise KeyboardInterrupt
            self._interrupted = True

        def on_stop(signum, frame):
            if self._waiting:
                raise _Stopped(signum)
            self._stop_signal = signum
        previous = {}
        for signum, handler in ((signal.SIGINT, on_sigint),
                                *((s, on_stop) for s in STOP_SIGNALS)):
            try:
                old = signal.signal(signum, handler)
            except (ValueError, OSError):
                continue
            if old is None:  # set outside Python: the closest is Python's default
                old = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
            previous[signum] = old

        def restore() -> None:
            for signum, old in previous.items():
                signal.signal(signum, old)
        return restore


def free_name(stem: str) -> Path:
    """`stem.json` in the current folder, or `stem-2.json`, ... if that one is taken."""
    target, n = Path(f"{stem}.json"), 1
    while target.exists():
        n += 1
        target = Path(f"{stem}-{n}.json")
    return target


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
        answer = _read_line()
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
    number (or the card codes of a move, like "rc"), ? to see the table again, q to leave.
    Input is read line by line, so a game can also be scripted through a pipe.
    """
    record = load_record(resume_path) if resume_path is not None else None
    if lang is None and record is not None and record.get("lang") in LANGUAGES:
        lang = record["lang"]
    tr = Texts(lang or default_language())
    if not (math.isfinite(delay) and 0 <= delay <= MAX_DELAY):  # a sleep overflows near 1e10
        raise click.BadParameter(tr("err_delay", delay=delay, most=MAX_DELAY),
                                 param_hint="'--delay'")
    if variant is None and record is None:
        raise click.UsageError(tr("err_no_variant"), ctx=ctx)
    if variant is not None:
        param = next(p for p in ctx.command.params if p.name == "variant")
        rules = VARIANT.convert(variant, param, ctx)
    may_replace: Path | None = None
    if record is not None and resume_path is not None:
        where = safe_text(resume_path)
        try:
            if variant is None:
                rules = find_rules(record, resume_path)
            recorded = record["ruleset"]["name"]
            if recorded != rules.name:
                raise Failure(tr("err_resume_name", path=where, recorded=recorded,
                                 name=safe_text(rules.name)))
            check_rules(record, rules, where)
        except RecordError as err:
            raise Failure(tr("err_resume", path=where, reason=_reason(err, where))) from None
        players, seat, watch, bots = _as_recorded(record, where, players, seat, watch, bots,
                                                  seed, tr)
        if save_path is None:
            save_path = resume_path
        may_replace = Path(resume_path).resolve()
    if save_path is not None:
        may_replace = check_save_path(save_path, tr, force, may_replace)
    if players is None:
        players = rules.default_players
    if not rules.min_players <= players <= rules.max_players:
        raise click.BadParameter(tr("err_players", name=rules.name, min=rules.min_players,
                                    max=rules.max_players, n=players),
                                 param_hint="'--players'")
    if watch:
        if seat is not None:
            raise click.BadParameter(tr("err_seat_watch"), param_hint="'--seat'")
    else:
        seat = 1 if seat is None else seat  # Player 1 sits at seat 1: one numbering for people
        if not 1 <= seat <= players:
            raise click.BadParameter(tr("err_seat", max=players, players=players, seat=seat),
                                     param_hint="'--seat'")
        seat -= 1  # the engine and records count seats from 0
    names = _bot_names(bots or "greedy", players, seat, tr)

    view = TableView(rules.for_players(players), tr.lang, seat=seat, bots=names,
                     style=wants_style(sys.stdout))
    full = [names.get(p, next(iter(names.values()), "greedy")) for p in range(players)]
    game_seed = record["seed"] if record is not None else seed
    told: list[tuple[int, str]] = []  # (hand, line) for each replayed move

    def tell(st, action):
        told.append((st.hand_number, view.move(st, st.current_player, action)))
        bot = bot_of.get(st.current_player)
        if bot is not None:
            # the bot looks at the position again, so that whatever chance it draws from is
            # where it was at this point of the game, and it plays on as it would have
            bot(st, st.legal_actions())

    if record is not None:
        seat_bots = parse_bots(",".join(full), players, record["seed"])
        bot_of = {p: seat_bots[p] for p in names}
        try:
            state = replay(record, rules, on_move=tell)
        except UserError as err:
            raise Failure(tr("err_resume", path=safe_text(str(resume_path)),
                             reason=err.line())) from None
    else:
        state = GameState(rules, players, seed=game_seed)
        seat_bots = parse_bots(",".join(full), players, state.seed)
        bot_of = {p: seat_bots[p] for p in names}

    session = Session(state, view, bot_of, seat, delay=delay, save_path=save_path,
                      watch=watch, seen=len(state.events) if record is not None else 0,
                      seed_hint=seed is None and record is None, may_replace=may_replace)

    session.echo(view.s(tr("intro", title=rules.title_in(tr.lang), name=rules.name,
                           players=players,
                               seed=state.seed), bold=True))
    others = view.whos(sorted(names))
    if watch:
        session.echo(tr("intro_watch", bots=others))
    elif seat is not None:
        me = view.terms.player(seat).in_lang(tr.lang)
        session.echo(tr("intro_seat", who=me, bots=others), tr("intro_keys"))
    if record is not None:
        view.sync(state)
        if state.is_over:
            session.echo(tr("resumed_over", path=resume_path),
                         *view.game_over(state, state.winners))
            if save_path:
                session.save(save_path)
            return
        session.echo(tr("resumed", path=resume_path, moves=len(state.moves)))
        this_hand = [line for hand, line in told if hand == state.hand_number]
        if this_hand:
            session.echo("", view.rule(tr("resumed_hand", hand=state.hand_number)),
                         *this_hand)
    code = session.run()
    if code:
        ctx.exit(code)


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
