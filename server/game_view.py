"""The one place where the server meets the game: what a seat may see, and a client's move.

Everything the server sends about a game is built here, from the engine's public API only
(`GameState.observation(p)`, `legal_actions()`, the state's public fields and its events) and
worded by the terminal table's `TableView` (cli/table.py), so that the browser and `trentuno
play` say a move, a hand's end and a choice in the same words. A seat is sent its own hand,
the visible cards of the table and what everybody saw (`known`); a spectator (seat None) only
what everybody sees. Nothing here ever names a card its viewer cannot see: the legal moves go
out with the cards their chooser can see (`named_cards`), never with the engine's keys (a
swap with a face-down card names that card).

A client names a move by the sequence number of the position it saw (the number of moves
made, `seq`) and the move's index in that position's legal list (`id`); `action_of` turns the
pair into an `Action`. When the engine gives moves integer ids, that is the one function to
change.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trentuno.cli.cmd_play import named_cards
from trentuno.cli.table import FANCY, TableView
from trentuno.engine.rules import Action, Ruleset
from trentuno.engine.state import GameState

Viewer = int | None  # a seat, or None for a spectator


class Heading(str):
    """A heading of the narration ("Hand 2 · Player 3 deals"): a line the page sets apart."""


class WebView(TableView):
    """The terminal table's words for a browser: headings without box drawing."""

    def __init__(self, rules: Ruleset, lang: str, seat: Viewer, notes: Mapping[int, str]):
        super().__init__(rules, lang, seat=seat, bots=notes, style=False, symbols=FANCY)
        deck = self.deck
        #: every card as the page shows it: its code, its name, its suit (for a colour);
        #: made once, shared by every view (never changed)
        self.shown = tuple({"code": card.code, "name": deck.name(card.id, self.lang),
                            "suit": card.suit} for card in deck.cards)
        self._names: dict[int, str] = {}
        self._zone_names: dict[str, str] = {}
        self._said: dict[tuple, str] = {}

    def said(self, key: str, **fields: Any) -> str:
        """The catalogue's sentence `key` (cli/messages.py), made once for the same fields:
        a view is built after every move, from a few dozen sentences that rarely change."""
        memo = (key, *sorted(fields.items()))
        got = self._said.get(memo)
        if got is None:
            got = self._said[memo] = self.tr(key, **fields)
        return got

    def stake(self, state: Any, p: int) -> str:
        memo = ("stake", state.lives[p])
        got = self._said.get(memo)
        if got is None:
            got = self._said[memo] = super().stake(state, p)
        return got

    def owner(self, state: GameState, zone: str, i: int) -> str:
        """Who owns pile `i` of an owned zone: a player, or a side's players."""
        memo = ("owner", zone, i)
        got = self._said.get(memo)
        if got is None:
            side = self.rules.zones[zone].owner != "player"
            who = self.whos(state.side_members[i]) if side else self.who(i)
            got = self._said[memo] = who.form("bare")
        return got

    def name(self, p: int) -> str:
        """Player `p` as a label (made once: the names at a table do not change)."""
        got = self._names.get(p)
        if got is None:
            got = self._names[p] = super().name(p)
        return got

    def zone_name(self, zone: str) -> str:
        got = self._zone_names.get(zone)
        if got is None:
            got = self._zone_names[zone] = super().zone_name(zone)
        return got

    def rule(self, text: str) -> str:
        return Heading(text)


# ---- what a viewer sees -------------------------------------------------------------------
def cards(view: WebView, cs: Sequence[int], sort: bool = True) -> list[dict[str, Any]]:
    """Cards as the page shows them, sorted as a player holds them (unless `sort` is
    false)."""
    shown = view.shown
    return [shown[c] for c in (view.sort(cs) if sort and len(cs) > 1 else cs)]


def _observer(state: GameState, viewer: Viewer, about: int = 0) -> int:
    """Whose observation answers for `viewer`: his own; for a spectator any seat but
    `about` (what everybody saw of `about`'s hand is the same for every other seat)."""
    if viewer is not None:
        return viewer
    return (about + 1) % state.players if state.players > 1 else about


def _marks(view: WebView, state: GameState, p: int) -> list[str]:
    """The words beside a player's name: out, last chance, out of this hand, dealer, knocked,
    to play."""
    said = view.said
    marks = []
    if p not in state.alive:
        marks.append(said("mark_out"))
    elif state.on_last_chance[p]:
        marks.append(view.term("last_chance") or said("mark_last_chance"))
    if p in state.out_of_hand:
        marks.append(said("mark_out_of_hand"))
    if p == state.dealer:
        marks.append(said("mark_dealer"))
    if p == state.knocker:
        marks.append(view.term("knocked") or said("mark_knocked"))
    if p == state.current_player and not state.is_over:
        marks.append(said("mark_your_turn") if p == view.seat else said("mark_to_play"))
    return marks


def players(view: WebView, state: GameState, viewer: Viewer) -> list[dict[str, Any]]:
    """Every seat in turn order: name, lives or chips or points, marks, cards held, and the
    cards of that hand everybody saw taken."""
    sizes = state.observation(_observer(state, viewer)).hand_sizes
    out = []
    for p in view.turn_order(state):
        known = () if p == viewer else state.observation(_observer(state, viewer, p)).known(p)
        out.append({"seat": p, "name": view.name(p), "stake": view.stake(state, p),
                    "marks": _marks(view, state, p), "alive": p in state.alive,
                    "to_play": p == state.current_player and not state.is_over,
                    "you": p == viewer, "cards": sizes[p], "known": cards(view, known)})
    return out


def zones(view: WebView, state: GameState, viewer: Viewer) -> list[dict[str, Any]]:
    """The table's zones as the viewer sees them: the visible cards, how many there are, and
    for a zone each player or side owns (taken cards) how many each holds."""
    said = view.said
    obs = state.observation(_observer(state, viewer))
    owned = set(obs.owned_zones)
    out = []
    for zone in view.rules.zones:
        if zone not in state.zones and zone not in owned:
            continue
        item: dict[str, Any] = {"zone": zone, "name": view.zone_name(zone)}
        if zone in owned:
            item["owners"] = [
                {"who": view.owner(state, zone, i), "count": said("cards", n=size),
                 "cards": cards(view, seen, sort=False)}
                for i, (size, seen) in enumerate(zip(obs.owned_sizes(zone),
                                                     obs.owned_cards(zone)))]
        else:
            size, shown = obs.zone_size(zone), obs.zone_cards(zone)
            every = obs.face_up(zone)
            item.update(size=size, count=said("cards", n=size), face_up=every,
                        cards=cards(view, shown, sort=every))
        out.append(item)
    return out


def hand(view: WebView, state: GameState, seat: int) -> dict[str, Any]:
    """A seat's own hand, sorted as a player holds it, with its value under the rules."""
    held = list(state.observation(seat).hand)
    head = view.hand(state, seat)[0].strip() if state.hands[seat] else view.tr("your_hand")
    return {"label": head, "cards": cards(view, held)}


def moves(view: WebView, state: GameState, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves in the terminal table's order and words, each with its `id`
    (its index in `legal_actions()`), its role (engine/roles.py: what the page may style a
    move by, never a primitive's name) and the cards it shows; empty when it is not his
    turn."""
    if state.is_over or state.current_player != seat:
        return []
    legal = state.legal_actions()
    index = {id(a): i for i, a in enumerate(legal)}
    return [{"id": index[id(a)], "text": text, "role": a.role.value,
             "cards": [view.deck.code(c) for c in named_cards(view, state, a)]}
            for a, text in view.choices(state, legal)]


def snapshot(view: WebView, state: GameState, viewer: Viewer) -> dict[str, Any]:
    """Everything the viewer may see of the game now (JSON-ready)."""
    rules, tr = view.rules, view.tr
    out: dict[str, Any] = {
        "seq": len(state.moves), "title": rules.title_in(view.lang),
        "heading": tr("header", title=rules.title_in(view.lang), hand=state.hand_number,
                      round=state.round),
        "hand_number": state.hand_number, "round": state.round,
        "current": state.current_player if not state.is_over else None,
        "over": state.is_over, "players": players(view, state, viewer),
        "zones": zones(view, state, viewer), "pot": None, "hand": None, "moves": [],
    }
    if view.has_pot():
        out["pot"] = tr("pot", pot=view.pot_amount(state.pot))
    if viewer is not None and viewer in state.alive and state.hands[viewer]:
        out["hand"] = hand(view, state, viewer)
    if viewer is not None:
        out["moves"] = moves(view, state, viewer)
    return out


# ---- a client's move ----------------------------------------------------------------------
@dataclass(frozen=True)
class Refusal(Exception):
    """A move the table does not make, and why (a key of the page's words: never a card)."""
    reason: str


def action_of(state: GameState, seat: int, seq: Any, move_id: Any) -> Action:
    """The legal action a client names by the position it saw (`seq`: the number of moves
    made then) and its index in that position's legal list; Refusal otherwise."""
    if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(move_id, int) \
            or isinstance(move_id, bool):
        raise Refusal("bad_message")
    if state.is_over:
        raise Refusal("game_over")
    if seq != len(state.moves):
        raise Refusal("stale")
    if state.current_player != seat:
        raise Refusal("not_your_turn")
    legal = state.legal_actions()
    if not 0 <= move_id < len(legal):
        raise Refusal("no_such_move")
    return legal[move_id]


def mover_of(state: GameState, seq: int) -> int | None:
    """Who made move number `seq` (from 0), if it was made: a move sent twice is known by
    its sequence number and its seat."""
    if 0 <= seq < len(state.moves):
        return int(state.moves[seq][1].get("player", -1))
    return None
