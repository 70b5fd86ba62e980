"""Game records: a whole game as JSON, and replaying one to verify it.

A record holds what is needed to play the game again move by move, and nothing that could be
recomputed: the ruleset (its name, where it was read from, the merged rules themselves and a
digest of what in them changes play), the seed, the first dealer, each hand's deck order and
every move. Because the rules travel inside it, a record replays from any folder, after its
rule file has moved or been deleted. The same format serves saved games, `--resume`, scenario
tests and bug reports; see docs/records.md.

A record file is input like any other: it is read only if it is a regular file of at most
`MAX_BYTES`, and every field is checked before anything is played, so a tampered record gets
one line naming the place that is wrong.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .atomic import write_atomically
from .errors import Problem, UserError
from .rules import Action, Ruleset
from .state import GameState, IllegalAction

FORMAT = f"{__name__.split('.')[0]}-record"  # the distribution's name, e.g. NAME-record
VERSION = 2
#: Versions read: 1 (no rules inside, digest of the whole merged document) and 2.
READABLE = (1, 2)
#: A record larger than this is refused before it is read (a long real game is some 100 KB).
MAX_BYTES = 8 * 1024 * 1024
#: Deeper nesting is refused (a record nests 4 levels, the rules inside it a dozen).
MAX_DEPTH = 64
#: Longer whole numbers are refused (seeds are 10 digits; Python refuses 4300 and more).
MAX_DIGITS = 40
#: Keys whose values are words only (shown to people, never read by play): the digest of a
#: version-2 record leaves them out, so retitling or translating a ruleset keeps its records.
WORDS_KEYS = frozenset({"title", "description", "labels", "label"})
#: Top-level keys that are not rules of play either.
IDENTITY_KEYS = frozenset({"name", "extends"})
BUILTIN_PREFIX = "variants/"

_SHORT_TEXT = 200     # a step, kind, bot, ruleset name
_CARD_TEXT = 16       # a card code
_PATH_TEXT = 4096     # a ruleset source
_DIGEST = re.compile(r"[0-9a-f]{64}")


class RecordError(UserError):
    pass


# ---- making records ---------------------------------------------------------------------
def play_digest(data: Mapping) -> str:
    """SHA-256 of what in a merged ruleset document changes play: the document as canonical
    JSON without its words (`title`, `description`, `labels`, `label`), its `name` and
    `extends`."""
    return hashlib.sha256(json.dumps(_playing_part(data, top=True), sort_keys=True,
                                     default=str).encode()).hexdigest()


def _playing_part(x: Any, top: bool = False) -> Any:
    if isinstance(x, Mapping):
        return {(k if isinstance(k, str) else json.dumps(k)): _playing_part(v)
                for k, v in x.items()
                if k not in WORDS_KEYS and not (top and k in IDENTITY_KEYS)}
    if isinstance(x, (list, tuple)):
        return [_playing_part(v) for v in x]
    return x


_known: dict[int, tuple[Ruleset, str, str]] = {}  # id -> (rules, digest, document as JSON)


def _facts(rules: Ruleset) -> tuple[Ruleset, str, str]:
    hit = _known.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _known[id(rules)] = (rules, play_digest(rules.data),
                                   json.dumps(rules.data, default=str))
    return hit


def digest_of(rules: Ruleset, version: int = VERSION) -> str:
    """The digest a record of `version` holds for these rules."""
    return rules.digest if version == 1 else _facts(rules)[1]


def document_of(rules: Ruleset) -> dict:
    """The merged rules as a record carries them: a fresh copy, as JSON reads it back (keys
    are text), so that changing a record never changes the rules it was made from."""
    return json.loads(_facts(rules)[2])


def portable_source(rules: Ruleset) -> str:
    """Where the rules were read from, as a record keeps it: a built-in by its place in the
    package (`variants/house/five-lives.yaml`, the same on every machine), a user's file by
    its resolved absolute path (so the record still finds it from another folder)."""
    if rules.source_path:
        # only a record of a user's file pays for this import
        from .variants import builtin_files

        here = Path(rules.source_path)
        if here not in {p.resolve() for p in builtin_files().values()}:
            return str(here)
    return rules.source


def record_of(state: GameState, bots: list[str | None] | None = None,
              source: str | None = None, lang: str | None = None) -> dict:
    """The record of a game played so far (finished or not). The state must have been made
    with `record=True` (the default), which keeps each hand's deck and every move; a clone or
    a pickled copy of it keeps them too."""
    if not state.record:
        raise UserError("this game keeps no record: make it with record=True (a clone made "
                        "with record=False, or a resampled world, has none)")
    rules = state.rules
    hands: list[dict] = [{"deck": d, "moves": []} for d in state.deck_orders]
    for number, move in state.moves:
        hands[number - 1]["moves"].append(dict(move))
    out: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "ruleset": {"name": rules.name, "digest": digest_of(rules),
                    "source": source or portable_source(rules), "rules": document_of(rules)},
        "seed": state.seed, "players": state.players, "first_dealer": state.first_dealer,
        "bots": bots, "hands": hands,
    }
    if lang is not None:
        out["lang"] = lang
    if state.is_over:
        out["result"] = result_of(state)
    return out


def cut_to(record: dict, moves: int) -> dict:
    """The record of the same game as it stood after its first `moves` moves (for saving
    what was played before a move that failed): later moves and hands, and the result, go."""
    out = dict(record)
    out.pop("result", None)
    hands: list[dict] = []
    left = moves
    for hand in record["hands"]:
        if hands and left <= 0:
            break
        kept = hand["moves"][:max(left, 0)]
        left -= len(kept)
        hands.append({**hand, "moves": kept})
    out["hands"] = hands
    return out


def result_of(state: GameState) -> dict:
    return {"winners": list(state.winners), "returns": state.returns(),
            "lives": list(state.lives), "hands": state.hand_number}


def save(record: dict, path: str | Path) -> None:
    """Write a record atomically (see atomic.py): an interrupted save leaves the old file."""
    write_atomically(path, json.dumps(record, indent=1, default=str) + "\n")


# ---- reading records --------------------------------------------------------------------
class _TooLong(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _whole(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:
        raise _TooLong(text)
    return int(text)


class _Constant(ValueError):
    pass


def _no_constant(text: str) -> Any:
    raise _Constant(text)


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _deepest(text: str) -> int:
    """Offset of the first bracket nested deeper than MAX_DEPTH (strings skipped)."""
    depth = 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]', text):
        tok = m.group()
        if tok in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif tok in "]}":
            depth -= 1
    return 0


def read_text(path: str | Path, name: str, what: str = "record",
              limit: int = MAX_BYTES) -> str:
    """The text of a record file, refused before reading when it is not a regular file (a
    FIFO would block, a device never end) or is larger than `limit`."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as e:
        raise RecordError(f"{name}: cannot read: {_reason(e)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(f"{name}: is a folder, not a {what} file")
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"{name}: is not a regular file (a FIFO, a device or a socket): "
                          f"refused without reading")
    if info.st_size > limit:
        raise RecordError(f"{name}: is {info.st_size:,} bytes; a {what} may have at most "
                          f"{limit:,}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the stat
                raise RecordError(f"{name}: is not a regular file: refused")
            data = f.read(limit + 1)
    except OSError as e:
        raise RecordError(f"{name}: cannot read: {_reason(e)}") from None
    if len(data) > limit:
        raise RecordError(f"{name}: is larger than {limit:,} bytes; a {what} may not be")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise RecordError(f"{name}:{line}:{col}: not a JSON record: not UTF-8 text (byte "
                          f"0x{data[e.start]:02x})") from None


def _reason(e: BaseException) -> str:
    return (getattr(e, "strerror", None) or str(e) or type(e).__name__).encode(
        "ascii", "backslashreplace").decode("ascii")


def parse(text: str, name: str) -> Any:
    """JSON with a record's limits: no nesting deeper than MAX_DEPTH, no number longer than
    MAX_DIGITS digits, no NaN or Infinity; every refusal at its line and column."""
    try:
        return json.loads(text, parse_int=_whole, parse_constant=_no_constant)
    except _TooLong as e:
        line, col = _position(text, max(text.find(e.digits), 0))
        raise RecordError(f"{name}:{line}:{col}: a number of {len(e.digits):,} digits; a "
                          f"record's numbers have at most {MAX_DIGITS}") from None
    except RecursionError:
        line, col = _position(text, _deepest(text))
        raise RecordError(f"{name}:{line}:{col}: nested more than {MAX_DEPTH} deep") from None
    except _Constant as e:
        m = re.search(r"-?\b(NaN|Infinity)\b", text)
        line, col = _position(text, m.start() if m else 0)
        raise RecordError(f"{name}:{line}:{col}: {e} is not a number a record may hold") \
            from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{name}:{e.lineno}:{e.colno}: not a JSON record: {e.msg}") from None


def load(path: str | Path) -> dict:
    """Read a record file; anything malformed is a RecordError naming the file and the
    place."""
    name = safe_text(str(path))
    text = read_text(path, name)
    data = parse(text, name)
    depth_path = _too_deep(data)
    if depth_path is not None:
        raise RecordError(f"{name}: nested more than {MAX_DEPTH} deep (at {depth_path})")
    _Checker(name).record(data)
    return data


def safe_text(text: str) -> str:
    """Text from a file made safe for a terminal: control characters and lone surrogates
    shown as escapes."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace")
                   .decode("ascii") for c in text)


def _too_deep(data: Any) -> str | None:
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        x, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            return where or "/"
        if isinstance(x, dict):
            stack.extend((v, depth + 1, f"{where}/{safe_text(str(k))}") for k, v in x.items())
        elif isinstance(x, list):
            stack.extend((v, depth + 1, f"{where}/{i}") for i, v in enumerate(x))
    return None


class _Checker:
    """Every field of a record, checked for its type and size before anything is played:
    the first wrong one is a RecordError at its path (`/hands/2/moves/0/cards/1`)."""

    def __init__(self, name: str):
        self.name = name

    def bad(self, where: str, message: str) -> RecordError:
        return RecordError(Problem(self.name, None, None, where, message).format())

    def whole(self, x: Any, where: str, low: int = 0, high: int | None = None) -> int:
        if not isinstance(x, int) or isinstance(x, bool):
            raise self.bad(where, f"must be a whole number, not {_kind(x)}")
        if x < low or (high is not None and x > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.bad(where, f"must be {span}, not {x}")
        return x

    def text(self, x: Any, where: str, limit: int, what: str = "text") -> str:
        if not isinstance(x, str):
            raise self.bad(where, f"must be {what}, not {_kind(x)}")
        if not x.isprintable():
            raise self.bad(where, f"{what} with a control character or a lone surrogate "
                                  f"({safe_text(x[:_SHORT_TEXT])!r})")
        if len(x) > limit:
            raise self.bad(where, f"{what} of {len(x):,} characters; at most {limit}")
        return x

    def listing(self, x: Any, where: str) -> list:
        if not isinstance(x, list):
            raise self.bad(where, f"must be a list, not {_kind(x)}")
        return x

    def mapping(self, x: Any, where: str) -> dict:
        if not isinstance(x, dict):
            raise self.bad(where, f"must be an object, not {_kind(x)}")
        return x

    def record(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{self.name}: not a {FORMAT[:-len('-record')]} record (no "
                              f"\"format\": \"{FORMAT}\")")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) \
                or version not in READABLE:
            shown = version if isinstance(version, int) else _kind(version)
            raise RecordError(f"{self.name}: record version {shown} is not supported (this "
                              f"version reads records of versions "
                              f"{' and '.join(map(str, READABLE))})")
        self.ruleset(data.get("ruleset"), version)
        self.whole(data.get("seed"), "/seed", low=-(2 ** 128), high=2 ** 128)
        players = self.whole(data.get("players"), "/players", low=1, high=1000)
        self.whole(data.get("first_dealer"), "/first_dealer", high=players - 1)
        bots = data.get("bots")
        if bots is not None:
            for i, b in enumerate(self.listing(bots, "/bots")):
                if b is not None:
                    self.text(b, f"/bots/{i}", _SHORT_TEXT, "a bot's name")
        if "lang" in data:
            self.text(data["lang"], "/lang", 16, "a language code")
        for i, hand in enumerate(self.listing(data.get("hands"), "/hands")):
            self.hand(hand, f"/hands/{i}")
        if data.get("result") is not None:
            self.result(data["result"])

    def ruleset(self, rs: Any, version: int) -> None:
        rs = self.mapping(rs, "/ruleset")
        self.text(rs.get("name"), "/ruleset/name", _SHORT_TEXT, "a name")
        digest = self.text(rs.get("digest"), "/ruleset/digest", 64, "a digest")
        if not _DIGEST.fullmatch(digest):
            raise self.bad("/ruleset/digest", "must be 64 hexadecimal digits")
        if rs.get("source") is not None:
            self.text(rs["source"], "/ruleset/source", _PATH_TEXT, "a file name")
        if version >= 2 and rs.get("rules") is not None:
            self.mapping(rs["rules"], "/ruleset/rules")

    def hand(self, hand: Any, where: str) -> None:
        hand = self.mapping(hand, where)
        for j, card in enumerate(self.listing(hand.get("deck"), f"{where}/deck")):
            self.text(card, f"{where}/deck/{j}", _CARD_TEXT, "a card code")
        for j, move in enumerate(self.listing(hand.get("moves"), f"{where}/moves")):
            at = f"{where}/moves/{j}"
            move = self.mapping(move, at)
            self.text(move.get("step"), f"{at}/step", _SHORT_TEXT, "a step's name")
            self.whole(move.get("option"), f"{at}/option", high=10_000)
            cards = self.listing(move.get("cards"), f"{at}/cards")
            for k, card in enumerate(cards):
                self.text(card, f"{at}/cards/{k}", _CARD_TEXT, "a card code")
            if len(cards) > 64:
                raise self.bad(f"{at}/cards", f"{len(cards)} cards in one move")
            if move.get("kind") is not None:
                self.text(move["kind"], f"{at}/kind", _SHORT_TEXT, "a move's kind")
            if move.get("player") is not None:
                self.whole(move["player"], f"{at}/player", high=1000)

    def result(self, result: Any) -> None:
        result = self.mapping(result, "/result")
        for key in ("winners", "returns", "lives"):
            for i, x in enumerate(self.listing(result.get(key), f"/result/{key}")):
                if not isinstance(x, (int, float)) or isinstance(x, bool):
                    raise self.bad(f"/result/{key}/{i}", f"must be a number, not {_kind(x)}")
        self.whole(result.get("hands"), "/result/hands")


def _kind(x: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false",
            float: "a fraction", int: "a whole number", type(None): "null"}.get(type(x),
                                                                              "something else")


# ---- the rules of a record ----------------------------------------------------------------
def rules_inside(record: dict, name: str) -> Ruleset | None:
    """The rules a version-2 record carries, compiled, after checking they are the rules its
    digest names; None when it carries none."""
    rs = record["ruleset"]
    data = rs.get("rules")
    if record["version"] < 2 or data is None:
        return None
    if play_digest(data) != rs["digest"]:
        raise RecordError(f"{name}: the rules inside the record do not match its digest "
                          f"(the record was altered)")
    from .compiler import CompileProblems, compile_document
    from .variants import schema_problems
    where = f"{name} (the rules inside it)"
    try:
        found = schema_problems(data)
        if found:
            path, message, _ = found[0]
            raise RecordError(Problem(where, None, None, _pointer(path), message).format())
        return compile_document(data, source=safe_text(str(rs.get("source") or rs["name"])))
    except CompileProblems as e:
        path, message = e.problems[0]
        raise RecordError(Problem(where, None, None, _pointer(path), message).format()) \
            from None
    except RecursionError:
        raise RecordError(f"{where}: nested too deep") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        # a document of the schema's shape that the compiler still cannot read
        raise RecordError(f"{where}: cannot be compiled ({type(e).__name__})") from None


def _pointer(path: Any) -> str:
    return "/ruleset/rules" + "".join(f"/{safe_text(str(p))}" for p in path)


def find_rules(record: dict, record_path: str) -> Ruleset:
    """The ruleset a record was made with: the rules inside it (version 2), else a built-in
    by its place in the package (`variants/house/five-lives.yaml` is `house/five-lives`),
    else the file `source` names (as given, or next to the record), else a built-in of the
    record's ruleset name. Whatever is found must have the recorded digest (see `check`)."""
    name = safe_text(record_path)
    inside = rules_inside(record, name)
    if inside is not None:
        return inside
    from .variants import builtin_files
    from .variants import load as load_rules

    rs = record["ruleset"]
    source, wanted = rs.get("source"), rs["name"]
    builtins = builtin_files()
    if isinstance(source, str) and source:
        if source.startswith(BUILTIN_PREFIX) and source.endswith(".yaml"):
            key = source[len(BUILTIN_PREFIX):-len(".yaml")]
            if key in builtins:
                return load_rules(str(builtins[key]))
        for candidate in (Path(source), Path(record_path).parent / source):
            try:
                if not candidate.is_file():
                    continue
            except (OSError, ValueError):
                continue
            try:
                return load_rules(str(candidate))
            except UserError:
                # never the file's own words: a record may name any file on the machine
                raise RecordError(f"{name}: the file {safe_text(source)!r} the record names "
                                  f"is not a valid ruleset: give the rules with --rules "
                                  f"VARIANT") from None
    if wanted in builtins:
        return load_rules(str(builtins[wanted]))
    raise RecordError(f"{name}: cannot find the ruleset {wanted!r} the record was made with "
                      f"(it was read from {safe_text(str(source))!r}): give it with --rules "
                      f"VARIANT")


def check(record: dict, rules: Ruleset, name: str) -> None:
    """Refuse rules other than the record's: another ruleset by name ("recorded under X, not
    Y"), or the same one changed since (another digest)."""
    recorded = record["ruleset"]["name"]
    if rules.name != recorded:
        raise RecordError(f"{name}: recorded under {recorded!r}, not {safe_text(rules.name)!r}")
    digest = record["ruleset"]["digest"]
    if digest_of(rules, record["version"]) != digest:
        raise RecordError(
            f"{name}: the ruleset {recorded!r} ({safe_text(rules.source)}) has changed since "
            f"this record was made (digest {digest[:12]} recorded, "
            f"{digest_of(rules, record['version'])[:12]} now)")


# ---- replaying --------------------------------------------------------------------------
def find_action(state: GameState, move: dict) -> Action | None:
    """The legal action a recorded move names, or None."""
    deck = state.rules.deck
    try:
        cards = tuple(deck.parse(c) for c in move["cards"])
    except UserError:
        return None
    for a in state.legal_actions():
        if a.step == move["step"] and a.option == move["option"] and a.cards == cards:
            return a
    # with several copies of the deck a code names any copy: match the moves by their codes
    codes = list(move["cards"])
    want = codes[:1] + sorted(codes[1:])
    for a in state.legal_actions():
        if a.step == move["step"] and a.option == move["option"]:
            got = deck.codes(a.cards)
            if got[:1] + sorted(got[1:]) == want:
                return a
    return None


def _check_decks(record: dict, rules: Ruleset) -> None:
    """Every hand's deck holds cards of this deck, no card more often than the deck does."""
    deck = rules.deck
    for i, hand in enumerate(record["hands"]):
        if len(hand["deck"]) > len(deck.cards):
            raise RecordError(f"hand {i + 1}: the deck lists {len(hand['deck'])} cards; the "
                              f"ruleset's deck has {len(deck.cards)}")
        try:
            deck.parse_hand(hand["deck"])
        except UserError as e:
            raise RecordError(f"hand {i + 1}, deck: {e.line()}") from None


def replay(record: dict, rules: Ruleset, *, check_digest: bool = True,
           on_move: Callable[[GameState, Action], None] | None = None) -> GameState:
    """Play a record again on `rules`; refuses a changed ruleset or an illegal move.

    `on_move(state, action)` is called before each move (for printing the course)."""
    if check_digest:
        digest = record["ruleset"]["digest"]
        now = digest_of(rules, record.get("version", VERSION))
        if digest != now:
            raise RecordError(
                f"the ruleset {safe_text(rules.name)!r} has changed since this record was made "
                f"(digest {digest[:12]} recorded, {now[:12]} now)")
    if not rules.min_players <= record["players"] <= rules.max_players:
        raise RecordError(f"the record has {record['players']} players; "
                          f"{safe_text(rules.name)} takes {rules.min_players} to "
                          f"{rules.max_players}")
    _check_decks(record, rules.for_players(record["players"]))
    try:
        state = GameState(rules, record["players"], seed=record["seed"],
                          decks=[h["deck"] for h in record["hands"]],
                          dealer=record["first_dealer"])
    except UserError as e:
        raise RecordError(f"the record's first deal cannot be played: {e.line()}") from None
    for i, hand in enumerate(record["hands"]):
        for j, move in enumerate(hand["moves"]):
            where = f"hand {i + 1}, move {j + 1}"
            if state.is_over:
                raise RecordError(f"{where}: the game was already over")
            if state.hand_number != i + 1:
                raise RecordError(f"{where}: the record expects hand {i + 1} but the game is "
                                  f"in hand {state.hand_number}")
            if move.get("player") not in (None, state.current_player):
                raise RecordError(f"{where}: recorded for player {move.get('player')}, but it "
                                  f"is player {state.current_player}'s turn")
            action = find_action(state, move)
            if action is None:
                raise RecordError(f"{where}: {move.get('kind', '?')} {' '.join(move['cards'])} "
                                  f"is not a legal move here")
            if on_move is not None:
                on_move(state, action)
            try:
                state.apply(action)
            except IllegalAction as e:
                raise RecordError(f"{where}: {e.line()}") from None
    expected = record.get("result")
    if expected is not None:
        got = result_of(state)
        if not state.is_over:
            raise RecordError(f"the replay ends differently from the record: it records a "
                              f"finished game, the moves leave it unfinished in hand "
                              f"{state.hand_number}")
        differ = [k for k in ("winners", "returns", "lives", "hands")
                  if got[k] != expected.get(k)]
        if differ:
            raise RecordError("the replay ends differently from the record: " + "; ".join(
                f"{k} {_brief(expected.get(k))} recorded, {_brief(got[k])} replayed"
                for k in differ))
    return state


def _brief(x: Any) -> str:
    text = safe_text(json.dumps(x))
    return text if len(text) <= 80 else text[:77] + "..."


def hands_replayed(record: dict, state: GameState) -> int:
    """How many of the record's hands the replay dealt (and so verified)."""
    return min(len(record["hands"]), state.hand_number)
