"""Game records: a whole game as JSON, and replaying one to verify it.

A record holds what is needed to play the game again move by move, and nothing that could be
recomputed: the ruleset's identity (name and a hash of its merged content, so a record is
refused once the rules change), the seed, the first dealer, each hand's deck order and every
move. The same format serves saved games, `--resume`, scenario tests and bug reports; see
docs/records.md.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from .errors import UserError
from .rules import Action, Ruleset
from .state import GameState, IllegalAction

FORMAT = f"{__name__.split('.')[0]}-record"  # the distribution's name, e.g. NAME-record
VERSION = 1


class RecordError(UserError):
    pass


def record_of(state: GameState, bots: Optional[list[str]] = None,
              source: Optional[str] = None) -> dict:
    """The record of a game played so far (finished or not). The state must have been made
    with `record=True` (the default), which keeps each hand's deck and every move."""
    rules = state.rules
    hands: list[dict] = [{"deck": d, "moves": []} for d in state.deck_orders]
    for number, move in state.moves:
        hands[number - 1]["moves"].append(dict(move))
    out: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "ruleset": {"name": rules.name, "digest": rules.digest,
                    "source": source or rules.source},
        "seed": state.seed, "players": state.players, "first_dealer": state.first_dealer,
        "bots": bots, "hands": hands,
    }
    if state.is_over:
        out["result"] = result_of(state)
    return out


def result_of(state: GameState) -> dict:
    return {"winners": list(state.winners), "returns": state.returns(),
            "lives": list(state.lives), "hands": state.hand_number}


def save(record: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def load(path: str | Path) -> dict:
    """Read a record file; anything malformed is a RecordError naming the file."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise RecordError(f"{name}: cannot read: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"{name}: not a JSON record: {e}") from None
    _check_shape(data, name)
    return data


def _check_shape(data: Any, name: str) -> None:
    def bad(msg: str):
        raise RecordError(f"{name}: {msg}")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        bad(f"not a {FORMAT[:-len('-record')]} record (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        bad(f"record version {data.get('version')!r} is not supported (expected {VERSION})")
    rs = data.get("ruleset")
    if not isinstance(rs, dict) or not isinstance(rs.get("name"), str) \
            or not isinstance(rs.get("digest"), str):
        bad("\"ruleset\" must hold a name and a digest")
    for key in ("seed", "players", "first_dealer"):
        if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
            bad(f"\"{key}\" must be a whole number")
    hands = data.get("hands")
    if not isinstance(hands, list):
        bad("\"hands\" must be a list")
    for i, h in enumerate(hands):
        if not isinstance(h, dict) or not isinstance(h.get("deck"), list) \
                or not isinstance(h.get("moves"), list):
            bad(f"hand {i + 1} must have a \"deck\" list and a \"moves\" list")
        for j, m in enumerate(h["moves"]):
            if not isinstance(m, dict) or not isinstance(m.get("step"), str) \
                    or not isinstance(m.get("option"), int) or not isinstance(m.get("cards"),
                                                                              list):
                bad(f"hand {i + 1}, move {j + 1}: a move needs step, option and cards")


def find_action(state: GameState, move: dict) -> Optional[Action]:
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


def replay(record: dict, rules: Ruleset, *, check_digest: bool = True,
           on_move=None) -> GameState:
    """Play a record again on `rules`; refuses a changed ruleset or an illegal move.

    `on_move(state, action)` is called before each move (for printing the course)."""
    if check_digest and record["ruleset"]["digest"] != rules.digest:
        raise RecordError(
            f"the ruleset {rules.name!r} has changed since this record was made (digest "
            f"{record['ruleset']['digest'][:12]} recorded, {rules.digest[:12]} now)")
    if not rules.min_players <= record["players"] <= rules.max_players:
        raise RecordError(f"the record has {record['players']} players; {rules.name} takes "
                          f"{rules.min_players} to {rules.max_players}")
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
        if not state.is_over or got != expected:
            raise RecordError(f"the replay ends differently from the record: recorded "
                              f"{expected}, replayed {got if state.is_over else 'unfinished'}")
    return state
