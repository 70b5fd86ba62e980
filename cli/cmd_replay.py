"""`trentuno replay FILE`: play a game record again, verify it, and tell its course.

The ruleset is the one inside the record (so a record replays from any folder, whatever became
of its rule file); an old record without one finds it as `record.find_rules` says. `--rules`
overrides that. Whatever is used must be the recorded ruleset with the recorded digest: a
record made under other rules is refused, as is a record holding a move that is not legal.
"""
from __future__ import annotations

import sys

import click
from trentuno.engine.errors import UserError
from trentuno.engine.record import check as check_rules
from trentuno.engine.record import find_rules, hands_replayed, safe_text
from trentuno.engine.record import load as load_record
from trentuno.engine.record import replay as replay_record

from .cmd_play import PERSON
from .failure import Failure
from .messages import LANGUAGES, default_language
from .output import wants_style
from .params import VARIANT
from .table import TableView, fit, width_of


def played_in(record: dict) -> str:
    """The language the game was played in, as its record says (`play` writes it), else the
    locale's: a game played in Italian is told again in Italian."""
    recorded = record.get("lang")
    return recorded if recorded in LANGUAGES else default_language()


def bot_names(record: dict) -> dict[int, str]:
    """seat -> bot name, from the record's `bots` (the person's seat, if any, has none)."""
    bots = record.get("bots")
    if not isinstance(bots, list):
        return {}
    return {p: name for p, name in enumerate(bots)
            if isinstance(name, str) and name and name != PERSON}


class Course:
    """The course of a replayed game in the words of `play`, told to a spectator who sees
    every card: `before_move` is called before each move (it tells the events since the
    previous one, then the move), `finish` after the last one. The end of the game is left
    out: it is told after the verification line. `tell=False` only counts the moves."""

    def __init__(self, view: TableView, tell: bool = True):
        self.view = view
        self.tell = tell
        self.lines: list[str] = []
        self.moves = 0
        self._seen = 0
        self._last = (None, None)  # (player, action) of the move told last

    def _catch_up(self, state) -> None:
        events = [e for e in state.events[self._seen:] if e.kind != "game_over"]
        self._seen = len(state.events)
        self.lines += self.view.events(state, events, *self._last)

    def before_move(self, state, action) -> None:
        self.moves += 1
        if not self.tell:
            return
        self._catch_up(state)
        p = state.current_player
        self.lines.append(self.view.move(state, p, action))
        self._last = (p, action)

    def finish(self, state) -> None:
        if self.tell:
            self._catch_up(state)


def result_lines(view: TableView, state) -> list[str]:
    if not state.is_over:
        if state.current_player >= 0:
            return [view.tr("replay_unfinished_turn", hand=state.hand_number,
                            who=view.who(state.current_player))]
        return [view.tr("replay_unfinished", hand=state.hand_number)]
    return view.game_over(state, state.winners)


@click.command("replay", short_help="Replay a game record, verify it and tell its course.")
@click.argument("file", metavar="FILE")
@click.option("--quiet", "-q", is_flag=True,
              help="Print only the verification line and the result.")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Language of cards, moves and messages; default: the language the game "
                   "was played in (the record's `lang`), else from the locale (LC_ALL, "
                   "LC_MESSAGES, LANG: Italian gives it, anything else en).")
@click.option("--rules", "rules_arg", default=None, metavar="VARIANT",
              help="Replay under this ruleset (a built-in name or a YAML file) instead of the "
                   "one the record names, e.g. when its file has moved; it must still be the "
                   "same rules.")
@click.pass_context
def replay(ctx: click.Context, file: str, quiet: bool, lang: str | None,
           rules_arg: str | None) -> None:
    """Replay the game record FILE (written by `play --save`, `simulate --record` or the
    API's `record.save`): every move is checked to be legal under the record's ruleset, which
    must not have changed since (its digest is checked), and the result must come out the
    same. Prints the course of the game, hand by hand, every card named (as `play` tells it,
    in the same words), then the result.

    Exit status 0 when the record replays exactly, 1 when it does not (or cannot be read).
    """
    record = load_record(file)
    name = safe_text(file)
    if rules_arg is not None:
        param = next(p for p in ctx.command.params if p.name == "rules_arg")
        rules = VARIANT.convert(rules_arg, param, ctx)
    else:
        rules = find_rules(record, file)
    check_rules(record, rules, name)
    view = TableView(rules.for_players(record["players"]), lang or played_in(record),
                     bots=bot_names(record),
                     style=wants_style(sys.stdout),
                     sees_everything=True)
    tr = view.tr
    course = Course(view, tell=not quiet)
    try:
        state = replay_record(record, rules, on_move=course.before_move)
    except UserError as err:
        raise Failure(f"{name}: {err.line()}") from None
    course.finish(state)
    check = tr("replay_result_matches") if record.get("result") is not None else ""
    verified = tr("replay_verified", hands=tr("hands", n=hands_replayed(record, state)),
                  moves=tr("moves", n=course.moves), name=safe_text(rules.name),
                  source=safe_text(record["ruleset"].get("source") or rules.source),
                  digest=record["ruleset"]["digest"][:12], check=check)
    result = result_lines(view, state)
    if quiet:
        lines = [verified] + [line for line in result if line]
    else:
        lines = course.lines + ["", verified] + result
        while lines and not lines[0]:
            del lines[0]  # the course opens with the first deal's blank line
    for line in lines:
        for part in fit(line, width_of(sys.stdout)):
            click.echo(part)
