"""`trentuno replay FILE`: play a game record again, verify it, and tell its course.

The ruleset is found from the record: a built-in by its place in the package (`source`
`variants/house/five-lives.yaml` is the built-in `house/five-lives`), else the file `source`
names (as given, or next to the record), else a built-in of the record's ruleset name; `--rules`
overrides all that. Whatever is found must have the recorded digest: a record made under other
rules is refused, as is a record holding a move that is not legal.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from trentuno.engine.errors import TrentunoError
from trentuno.engine.explain import zone_words
from trentuno.engine.record import RecordError, load as load_record, replay as replay_record
from trentuno.engine.rules import Ruleset
from trentuno.engine.simulate import END_NAMES
from trentuno.engine.variants import builtin_files, load

from .failure import Failure
from .output import number
from .params import VARIANT

BUILTIN_PREFIX = "variants/"


def find_ruleset(record: dict, record_path: str) -> Ruleset:
    """The ruleset a record was made with (see the module docstring for the order)."""
    rs = record["ruleset"]
    source, name = rs.get("source"), rs["name"]
    builtins = builtin_files()
    if isinstance(source, str) and source:
        if source.startswith(BUILTIN_PREFIX) and source.endswith(".yaml"):
            key = source[len(BUILTIN_PREFIX):-len(".yaml")]
            if key in builtins:
                return load(str(builtins[key]))
        for candidate in (Path(source), Path(record_path).parent / source):
            if candidate.is_file():
                return load(str(candidate))
    if name in builtins:
        return load(str(builtins[name]))
    raise RecordError(f"{record_path}: cannot find the ruleset {name!r} the record was made "
                      f"with (it was read from {source!r}): give it with --rules VARIANT")


def who(p: int) -> str:
    return f"player {p + 1}"


def whom(players) -> str:
    players = list(players)
    if not players:
        return "nobody"
    if len(players) == 1:
        return who(players[0])
    return "players " + ", ".join(str(p + 1) for p in players)


def lives(n: int) -> str:
    return f"{n} life" if n == 1 else f"{n} lives"


class Course:
    """The course of a replayed game in words, one line per thing that happened."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.deck = rules.deck
        self.moves: list[tuple[str, str]] = []  # (kind, description) of each move, in order

    def zone(self, name: str) -> str:
        return zone_words(self.rules, name, "en")

    def codes(self, cards) -> str:
        return " ".join(self.deck.codes(cards)) if cards else "-"

    def before_move(self, state, action) -> None:
        """Called with the state just before each move: what it takes, named by card."""
        opt = self.rules.steps[action.step].options[action.option]
        p = state.current_player
        kind = action.kind
        if kind == "draw":
            zone = opt.params["from"]
            pile = state.zones.get(zone) or []
            card = f" {self.deck.code(pile[-1])}" if pile else ""
            text = f"draws{card} from {self.zone(zone)}"
        elif kind == "discard":
            text = f"discards {self.deck.code(action.cards[0])}"
        elif kind == "swap":
            h, z = action.cards
            text = (f"exchanges {self.deck.code(h)} for {self.deck.code(z)} of "
                    f"{self.zone(opt.params['with'])}")
        elif kind == "swap_all":
            zone = opt.params["with"]
            text = (f"exchanges his hand ({self.codes(state.hands[p])}) with "
                    f"{self.zone(zone)} ({self.codes(state.zones.get(zone) or [])})")
        elif kind == "pass":
            text = "passes"
        elif kind == "knock":
            text = "knocks"
        else:
            text = kind
        self.moves.append((kind, f"  {who(p)} {text}"))

    def lines(self, events) -> list[str]:
        out: list[str] = []
        moves = iter(self.moves)
        last_kind = None
        for e in events:
            k, p, d = e.kind, e.player, e.data
            if k == "cut":
                cuts = ", ".join(f"{who(q)} {c}" for q, c in d["cards"].items())
                out.append(f"cut for the first deal: {cuts}")
            elif k == "deal":
                out.append(f"hand {d['hand']}, dealer {who(d['dealer'])}")
                for q, cards in d["hands"].items():
                    out.append(f"  {who(q)} is dealt {' '.join(cards) or '-'}")
                for z, cards in d["zones"].items():
                    shown = " ".join(cards) if len(cards) <= 6 else f"{len(cards)} cards"
                    out.append(f"  {self.zone(z)}: {shown or 'empty'}")
            elif k == "action":
                last_kind, text = next(moves, (d.get("kind"), f"  {who(p)} {d.get('kind')}"))
                out.append(text)
            elif k == "knock":
                if last_kind != "knock":
                    out.append(f"  {who(p)} knocks (by that move)")
            elif k == "trigger":
                if d.get("holders") and d.get("outcome") in ("win", "showdown", "void"):
                    out.append(f"  {whom(d['holders'])} "
                               f"{'holds' if len(d['holders']) == 1 else 'hold'} an instant "
                               f"hand")
            elif k == "reveal":
                out.append(f"  {self.zone(d['zone'])} is turned face up: "
                           f"{' '.join(d['cards'])}")
            elif k == "refresh":
                out.append(f"  {self.zone(d['zone'])} is dealt again: {' '.join(d['cards'])}")
            elif k == "refresh_failed":
                out.append(f"  {self.zone(d['zone'])} cannot be dealt again: too few cards")
            elif k == "reshuffle":
                out.append(f"  the discards are shuffled into a new stock ({d['cards']} cards)")
            elif k == "stuck":
                out.append(f"  {who(p)} has no legal move")
            elif k == "turn_limit":
                out.append(f"  the hand is stopped after {d['turns']} turns")
            elif k == "hand_end":
                reason = f"{d['outcome']}:{d['reason']}"
                how = END_NAMES.get(reason, reason)
                won = f", won by {whom(d['winners'])}" if d.get("winners") else ""
                knock = f", {who(d['knocker'])} knocked" if d.get("knocker") is not None else ""
                out.append(f"  end of the hand: {how}{won}{knock}")
                for q, cards in d["hands"].items():
                    out.append(f"    {who(q)}: {' '.join(cards)} = {number(d['values'][q])}")
            elif k == "settled":
                if d.get("carried") is not None:
                    out.append(f"  nobody takes the pot: {d['carried']} stays for the next hand")
                elif d.get("winners") is not None:
                    pass  # the `pot` event says who took what
                elif d.get("outcome") == "void":
                    out.append("  nobody pays (void hand)")
                else:
                    out.append(f"  pays: {whom(d['payers'])}")
            elif k == "life_lost":
                left = lives(d["lives"]) if d["lives"] else "no lives"
                out.append(f"  {who(p)} loses a life ({left} left)")
            elif k == "last_chance":
                out.append(f"  {who(p)} has no lives left: last chance")
            elif k == "out":
                out.append(f"  {who(p)} is out")
            elif k == "reentry":
                out.append(f"  {whom(d['players'])} come back in with {lives(d['lives'])} each")
            elif k == "pot":
                out.append(f"  {whom(d['winners'])} take{'s' if len(d['winners']) == 1 else ''} "
                           f"{d['each']} from the pot")
        return out


def result_lines(state) -> list[str]:
    if not state.is_over:
        turn = f"; {who(state.current_player)} to play" if state.current_player >= 0 else ""
        return [f"result: none yet, the record stops in hand {state.hand_number}{turn}"]
    ws = state.winners
    verb = "wins" if len(ws) == 1 else "win together"
    rets = ", ".join(f"{who(p)} {number(r):+}" for p, r in enumerate(state.returns()))
    return [f"result: {whom(ws)} {verb} after {state.hand_number} hands",
            f"returns: {rets}"]


@click.command("replay", short_help="Replay a game record, verify it and tell its course.")
@click.argument("file", metavar="FILE")
@click.option("--quiet", "-q", is_flag=True,
              help="Print only the verification line and the result.")
@click.option("--rules", "rules_arg", default=None, metavar="VARIANT",
              help="Replay under this ruleset (a built-in name or a YAML file) instead of the "
                   "one the record names, e.g. when its file has moved; it must still be the "
                   "same rules.")
@click.pass_context
def replay(ctx: click.Context, file: str, quiet: bool, rules_arg: Optional[str]) -> None:
    """Replay the game record FILE (written by `play --save`, `simulate --record` or the
    API's `record.save`): every move is checked to be legal under the record's ruleset, which
    must not have changed since (its digest is checked), and the result must come out the
    same. Prints the course of the game, hand by hand, then the result.

    Exit status 0 when the record replays exactly, 1 when it does not (or cannot be read).
    """
    record = load_record(file)
    if rules_arg is not None:
        param = next(p for p in ctx.command.params if p.name == "rules_arg")
        rules = VARIANT.convert(rules_arg, param, ctx)
    else:
        rules = find_ruleset(record, file)
    recorded = record["ruleset"]["digest"]
    if recorded != rules.digest:
        raise Failure(f"{file}: the ruleset {rules.name!r} ({rules.source}) has changed since "
                      f"this record was made (digest {recorded[:12]} recorded, "
                      f"{rules.digest[:12]} now): replay it under the rules it was made with "
                      f"(--rules VARIANT)")
    course = Course(rules)
    try:
        state = replay_record(record, rules, on_move=course.before_move)
    except TrentunoError as err:
        raise Failure(f"{file}: {err.line()}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise Failure(f"{file}: malformed record ({type(err).__name__}: {err})") from None
    if not quiet:
        for line in course.lines(state.events):
            click.echo(line)
    moves = len(course.moves)
    hands = len(record["hands"])
    check = "; the recorded result matches" if record.get("result") is not None else ""
    click.echo(f"verified: {hands} hand{'s' if hands != 1 else ''} and {moves} "
               f"move{'s' if moves != 1 else ''} replay exactly under {rules.name} "
               f"({rules.source}, digest {rules.digest[:12]}){check}")
    for line in result_lines(state):
        click.echo(line)
