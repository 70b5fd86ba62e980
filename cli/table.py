"""What a person at the table sees: the table, his hand, his choices, and each thing that
happens, as lines of text in his language.

`TableView` only reads a `GameState` (and its `events`); it never changes it. It is told whose
eyes it looks through (`seat`, or None for a spectator): another player's hidden cards are never
named, a draw from a hidden pile by somebody else is "draws a card". A spectator who sees every
card (`sees_everything`, for `replay`) is told every card: each draw, and the hands dealt.

All words come from the ruleset (action and combination labels, card names, `labels:`), from
`engine.terms` (the names of players, zones, lives and chips, shared with `explain`), from the
units of the moves (each primitive's phrases for its choice and its move, the knock rule's for a
knock: the view decides what the viewer may see and hands it to them as a `roles.Told`) or from
`messages.py`; nothing here names a game or a move.

The view is read in three parts: this module (the table, the hand, the events as they happen),
`table_moves.MoveLines` (the numbered choices and each move's line) and `table_ends.EndLines`
(the end of a hand, the settlement's effect on each player's standing, the end of the game).
"""
from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Iterable, Mapping, Sequence

import click
from trentuno.engine.roles import KNOCK
from trentuno.engine.rules import Action, Ruleset
from trentuno.engine.terms import Named, Noun, Terms, cap, card_noun

from .messages import Texts
from .output import number, table
from .table_ends import EndLines
from .table_moves import MoveLines

WIDTH = 60  # the length of a heading rule, and of the longest line told (a narrow terminal)

FANCY = {"rule": "─", "arrow": "→", "here": "◀"}
PLAIN = {"rule": "-", "arrow": "->", "here": "<"}
#: the record's events that tell what a settlement did to the players' standing
STANDING = frozenset(("settled", "life_lost", "points", "last_chance", "out", "pot", "reentry"))


def fit(line: str, width: int) -> list[str]:
    """A line told at the table broken at spaces into lines of at most `width` columns, the
    continuation indented two more than the line; width 0, a styled line or one that cannot
    be broken is left whole."""
    if not width or len(line) <= width or "\x1b" in line:
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False) or [line]


def width_of(stream) -> int:
    """The columns to fit lines into: the terminal's width, at least 40; 0 (one line per
    event, as scripts and logs read it) when the output is not a terminal."""
    try:
        if not stream.isatty():
            return 0
    except (AttributeError, ValueError, OSError):
        return 0
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def _symbols(stream=None) -> dict[str, str]:
    """Box-drawing and arrows when the output can encode them, ASCII otherwise."""
    enc = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        "".join(FANCY.values()).encode(enc)
    except (LookupError, UnicodeEncodeError):
        return PLAIN
    return FANCY


class TableView(MoveLines, EndLines):
    """Renders a game for one viewer.

    rules: the ruleset; lang: "en" or "it"; seat: the viewer's seat (None: a spectator);
    bots: seat -> bot name for the seats played by bots; style: colour with click.style;
    sees_everything: every card is named, hidden or not (a replay), and each deal is followed
    by the cards dealt."""

    def __init__(self, rules: Ruleset, lang: str, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, style: bool = False,
                 symbols: Mapping[str, str] | None = None, sees_everything: bool = False):
        self.rules = rules
        self.deck = rules.deck
        self.tr = Texts(lang)
        self.lang = self.tr.lang
        self.terms = Terms(rules, self.lang)
        self.seat = seat
        self.bots = dict(bots or {})
        self.style = style
        self.sees_everything = sees_everything
        self.sym = dict(symbols or _symbols())
        self._hand = 0                # the hand the events being read belong to
        self._trigger = None          # the last trigger event of that hand
        self._last: dict[str, int] = {}  # the player of the last event of a kind in that hand
        self._deal = None             # the last deal event
        self._scored: dict[int, float] = {}  # the points each player scored in the hand
        self._code_width = max(len(c.code) for c in self.deck.cards)
        self._explain_terms = None    # explain's words, for a move its unit gives no label

    # ---- words ----------------------------------------------------------------------------
    def s(self, text: str, **style) -> str:
        return click.style(text, **style) if self.style else text

    def person(self, p: int) -> Noun:
        """Player `p` with a note: "Giocatore 2 (tu)", "Giocatore 3 (greedy)"."""
        if p == self.seat:
            return self.terms.player(p, self.terms.you())
        return self.terms.player(p, self.bots.get(p))

    def who(self, p: int) -> Named:
        """Player `p` for a sentence: the template picks the form ("Il Giocatore 2 bussa",
        "tocca al Giocatore 2")."""
        return self.person(p).in_lang(self.lang)

    def whos(self, players: Iterable[int]) -> Named:
        return self.terms.group(self.person(p) for p in players)

    def about(self, key: str, players: Iterable[int] | int, **fields) -> str:
        """The sentence `key` about one player or several (`who`): to the viewer himself in
        the second person when it is about him alone ("Peschi il Quattro di spade", "Hai
        bussato"), else about them by name ("Il Giocatore 2 (greedy) pesca...")."""
        who = [players] if isinstance(players, int) else list(players)
        mine = self.tr.to_you(key)
        if mine is not None and self._is_viewer(who):
            return self.tr(mine, **fields)
        named = self.who(who[0]) if len(who) == 1 else self.whos(who)
        return self.tr(key, who=named, n=len(who), **fields)  # n: "ha" or "hanno"

    def _is_viewer(self, players: Sequence[int]) -> bool:
        return self.seat is not None and list(players) == [self.seat]

    def own_words(self, words: Mapping[str, str]) -> str:
        """A sentence a unit brings in each language, in the viewer's (else English)."""
        return words.get(self.lang) or words["en"]

    def name(self, p: int) -> str:
        """Player `p` as a label in a column of names: no article."""
        return self.person(p).bare(self.lang)

    def term(self, key: str) -> str | None:
        """The ruleset's own word for a term of its `labels:` section, if it has one."""
        return self.terms.term(key)

    def card(self, c: int) -> Named:
        """A card for a sentence, with its code: the template picks the form ("scarta il Re
        di coppe (Rc)", "l'Asso di spade (As)"; `{card:bare}` in a list or a menu)."""
        return card_noun(self.deck, c, self.deck.code(c)).in_lang(self.lang)

    def cards(self, cs: Iterable[int]) -> Named:
        """Several cards: "il Sette di bastoni (7b) e il Due di bastoni (2b)"."""
        return self.terms.group(card_noun(self.deck, c, self.deck.code(c)) for c in cs)

    def card_line(self, c: int) -> str:
        """"Rc   Re di coppe": the code, then the name."""
        return f"{self.deck.code(c).ljust(self._code_width)}  {self.deck.name(c, self.lang)}"

    def codes(self, cs: Iterable[int]) -> str:
        return " ".join(self.deck.code(c) for c in cs)

    def sort(self, cs: Iterable[int]) -> list[int]:
        """Cards by suit, then highest first: how a player holds them."""
        deck = self.deck
        return sorted(cs, key=lambda c: (deck.cards[c].suit, -deck.cards[c].value,
                                         -deck.strength(c)[1], c))

    def zone_name(self, zone: str) -> str:
        """The zone's name as a heading on the table: "Pila degli scarti", "Stock"."""
        return cap(self.terms.zone(zone).bare(self.lang))

    def zone(self, zone: str) -> Named:
        """The zone for a sentence: the template picks the form ("dalla pila degli
        scarti")."""
        return self.terms.zone_named(zone)

    def rest(self) -> Named | None:
        """The zone the rest of the deck is dealt to (the stock), for a sentence; None in a
        game that deals every card (no sentence about a stock is said there)."""
        return self.zone(self.rules.rest_zone) if self.rules.rest_zone else None

    def combo(self, name: str) -> str:
        try:
            labels = self.rules.valuation.pattern(name).labels
        except KeyError:
            return name
        return self.rules.label(labels, self.lang, name)

    def value(self, cards: Sequence[int]) -> str:
        """"20 (best suit)": a hand's value and its combination, under the ruleset."""
        v = self.rules.valuation.of(list(cards))
        value = str(number(v.value))
        if not v.combo:
            return value
        combo = self.combo(v.combo)
        if combo == value or combo.startswith(value + " "):
            return combo  # "31 (Asso e due figure)" already says its value
        return self.tr("value_combo", value=value, combo=combo)

    def rule(self, text: str) -> str:
        """A heading: "── text ─────────"."""
        line = self.sym["rule"]
        head = f"{line * 2} {text} "
        return self.s(head + line * max(3, WIDTH - len(head)), bold=True)

    # ---- the table ------------------------------------------------------------------------
    def sees_all(self, state, zone: str) -> bool:
        """Every card of the zone shows (the game state says what shows, as it does for bots)."""
        return state.shows_all(zone)

    def sees_top(self, state, zone: str) -> bool:
        return state.shows_top(zone)

    def stake(self, state, p: int) -> str:
        return self.terms.stake(state.lives[p])

    def has_pot(self) -> bool:
        """Whether the table shows a pot: a pot game (its mode takes antes) or lives paid into
        a pot; asked of the stakes mode, never of its name."""
        st = self.rules.stakes
        return bool(st.mode.antes or st.into_pot)

    def pot_amount(self, n) -> str:
        """What the pot holds: what the players stake (chips in a pot game, the lives paid
        into it in a lives game)."""
        return self.terms.stake(n)

    def players(self, state) -> list[str]:
        tr = self.tr
        knocked = self.term("knocked") or tr("mark_knocked")
        last_chance = self.term("last_chance") or tr("mark_last_chance")
        rows = []
        order = self.turn_order(state)
        for p in order:
            marks = []
            if p not in state.alive:
                marks.append(tr("mark_out"))
            elif state.on_last_chance[p]:
                marks.append(last_chance)
            if p in state.out_of_hand:
                marks.append(tr("mark_out_of_hand"))
            if p == state.dealer:
                marks.append(tr("mark_dealer"))
            if p == state.knocker:
                marks.append(knocked)
            if p == state.current_player and not state.is_over:
                here = tr("mark_your_turn") if p == self.seat else tr("mark_to_play")
                marks.append(f"{self.sym['here']} {here}")
            rows.append((self.name(p), self.stake(state, p), ", ".join(marks)))
        out = ["  " + tr("turn_order")]
        for p, line in zip(order, table(rows)):
            line = "  " + line.rstrip()
            out.append(self.s(line, bold=True) if p == self.seat else line)
        if self.has_pot():
            out.append("  " + tr("pot", pot=self.pot_amount(state.pot)))
        return out

    def turn_order(self, state) -> list[int]:
        """Every seat in the order the players take their turns, the dealer's neighbour first
        and the dealer last: the table is read in the order it is played."""
        step = self.rules.play_step or 1
        return [(state.dealer + step * k) % state.players for k in range(1, state.players + 1)]

    def zones(self, state) -> list[str]:
        tr = self.tr
        names = {z: self.zone_name(z) + ":" for z in self.rules.zones}
        if not names:
            return []
        width = max(len(n) for n in names.values())
        out = []
        for zone, label in names.items():
            cards = state.zones.get(zone, [])
            head = "  " + label.ljust(width) + "  "
            if zone in state.own:  # one each (piles, taken cards): how many each holds
                owners = state.own[zone]
                whos = [self.who(p) if self.rules.zones[zone].owner == "player" else
                        self.whos(state.side_members[p]) for p in range(len(owners))]
                out.append(head + ", ".join(tr("owned_cards", who=w, count=tr("cards", n=len(o)))
                                            for w, o in zip(whos, owners)))
                continue
            if not cards:
                out.append(head + tr("zone_empty"))
            elif self.sees_all(state, zone):
                for i, c in enumerate(self.sort(cards)):
                    out.append((head if i == 0 else " " * len(head)) + self.card_line(c))
            elif self.sees_top(state, zone):
                out.append(head + tr("zone_top", card=self.card_line(cards[-1]),
                                     count=tr("cards", n=len(cards))))
            else:
                out.append(head + tr("zone_hidden", count=tr("cards", n=len(cards))))
        return out

    def hand(self, state, p: int) -> list[str]:
        cards = state.hands[p]
        if not state.observation(p).sees_hand:  # he chooses blind: nobody sees it, nor he
            count = self.tr("cards", n=len(cards))
            return ["  " + self.s(self.tr("your_hand_unseen", count=count), bold=True)]
        if len(cards) == self.rules.hand_size and self.rules.valuation.patterns:
            head = self.tr("your_hand_value", value=self.value(cards))
        else:
            head = self.tr("your_hand")
        out = ["  " + self.s(head, bold=True)]
        out += ["    " + self.s(self.card_line(c), bold=True) for c in self.sort(cards)]
        return out

    def table(self, state) -> list[str]:
        """The whole table as the viewer sees it: players, pot, zones, and his own hand."""
        out = [self.rule(self.tr("header", title=self.rules.title_in(self.lang),
                                 hand=state.hand_number,
                                 round=state.round))]
        out += self.players(state)
        zones = self.zones(state)
        if zones:
            out += [""] + zones
        if self.seat is not None and self.seat in state.alive and state.hands[self.seat]:
            out += [""] + self.hand(state, self.seat)
        return out

    # ---- events ---------------------------------------------------------------------------
    def sync(self, state) -> None:
        """Start reading events from now on (after a replay): remember the current hand, its
        deal and the player of the last event of each kind in it."""
        self._hand, self._last, self._scored = state.hand_number, {}, {}
        for ev in reversed(state.events):
            if ev.kind == "deal":
                self._deal = ev
                break
            if ev.player is not None:
                self._last.setdefault(ev.kind, ev.player)
            if ev.kind == "points":
                self._scored[ev.player] = self._scored.get(ev.player, 0) + ev.data["added"]

    def events(self, state, events: Iterable, actor: int | None = None,
               action: Action | None = None) -> list[str]:
        """Lines for what happened (events since the last call), in order. `actor`/`action`:
        the move just narrated, so that its own knock is not told twice."""
        out: list[str] = []
        for ev in events:
            out += self.event(state, ev, actor, action)
        return out

    def event(self, state, ev, actor=None, action=None) -> list[str]:
        """The lines telling one recorded event, by the teller of its kind (`_TELLERS`): an
        action is narrated by `move`, a turn limit at the hand's end, ... and has none. The
        player of the last event of each kind in the hand is kept for the hand's end (a
        reason's words may be about him: `hand_ends.Ending.about`)."""
        tell = _TELLERS.get(ev.kind)
        out = tell(self, state, ev, actor, action) if tell is not None else []
        if ev.player is not None:
            self._last[ev.kind] = ev.player
        return out

    def _cut(self, state, ev, actor, action) -> list[str]:
        cuts = [f"{self.name(int(p))}: {self.deck.name(self._parse(c), self.lang)}"
                for p, c in sorted(ev.data["cards"].items(), key=lambda kv: int(kv[0]))]
        return [self.tr("cut", cuts="; ".join(cuts))]

    def _dealt(self, state, ev, actor, action) -> list[str]:
        d = ev.data
        self._hand, self._deal, self._trigger, self._last = d["hand"], ev, None, {}
        self._scored = {}
        out = ["", self.rule(self.about("deal", d["dealer"], hand=d["hand"]))]
        return out + self.dealt(d) if self.sees_everything else out

    def _knocked(self, state, ev, actor, action) -> list[str]:
        if ev.player == actor and action is not None and action.role is KNOCK:
            return []  # the move that knocked said so
        return [self.knocks(ev.player)]

    def _revealed(self, state, ev, actor, action) -> list[str]:
        cards = [self._parse(c) for c in ev.data["cards"]]
        return [self.tr("reveal", zone=self.zone(ev.data["zone"]), cards=self.cards(cards))]

    def _reshuffled(self, state, ev, actor, action) -> list[str]:
        return [self.tr("reshuffle", zone=self.rest(), cards=self.tr("cards", n=ev.data["cards"]))]

    def _refreshed(self, state, ev, actor, action) -> list[str]:
        cards = [self._parse(c) for c in ev.data["cards"]]
        return [self.tr("refresh", zone=self.zone(ev.data["zone"]), stock=self.rest(),
                        cards=self.cards(cards))]

    def _added(self, state, ev, actor, action) -> list[str]:
        cards = [self._parse(c) for c in ev.data["cards"]]
        return [self.tr("added", zone=self.zone(ev.data["zone"]), stock=self.rest(),
                        cards=self.cards(cards))]

    def _refresh_failed(self, state, ev, actor, action) -> list[str]:
        return [self.tr("refresh_failed", zone=self.zone(ev.data["zone"]), stock=self.rest())]

    def _triggered(self, state, ev, actor, action) -> list[str]:
        self._trigger = ev
        return []

    def _stuck(self, state, ev, actor, action) -> list[str]:
        return [self.about("stuck", ev.player)]

    def _shown_bottom(self, state, ev, actor, action) -> list[str]:
        shown = [f"{self.name(int(p))}: {self.card(self._parse(c)):bare}"
                 for p, c in sorted(ev.data["cards"].items(), key=lambda kv: int(kv[0]))]
        return [self.tr("show_bottom", cards="; ".join(shown))]

    def _capture_event(self, state, ev, actor, action) -> list[str]:
        return [self.about("capture_event", ev.player, event=ev.data["event"])]

    def _dealt_event(self, state, ev, actor, action) -> list[str]:
        """A declaration or the dealer's table scored as dealt: the cards shown or taken, then
        the event (with how many times it counts)."""
        d, out = ev.data, []
        for key, codes in (("dealt_shows", d.get("shown")), ("dealt_takes", d.get("taken"))):
            if codes:
                cards = self.cards(self.sort(self._parse(c) for c in codes))
                out.append(self.about(key, ev.player, cards=cards,
                                      zone=self.zone(d.get("zone") or "")))
        times = int(d.get("times", 1))
        out.append(self.about("dealt_event_times" if times > 1 else "dealt_event", ev.player,
                              event=d["event"], times=times))
        for code, rank in sorted((d.get("plays_as") or {}).items()):  # a wild card counted
            out.append(self.about("dealt_plays_as", ev.player, card=self.card(self._parse(code)),
                                  rank=self._a_rank(rank)))
        return out

    def _a_rank(self, code: str) -> str:
        """A rank as something a card plays as: "a Five", "an Ace"; in Italian the name alone
        ("come Cinque")."""
        names: Mapping[str, str] = next((r.names for r in self.deck.ranks if r.code == code),
                                        {})
        name = str(names.get(self.lang) or names.get("en") or code)
        if self.lang != "en":
            return name
        return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"

    def _leftover(self, state, ev, actor, action) -> list[str]:
        cards = self.cards(self.sort(self._parse(c) for c in ev.data["cards"]))
        return [self.about("leftover", ev.player, cards=cards)]

    def _parse(self, code: str) -> int:
        return self.deck.parse(code)

    def _hand_cards(self, codes: Sequence[str]) -> list[int]:
        return self.deck.parse_hand(list(codes))

    def dealt(self, d: Mapping) -> list[str]:
        """The cards a deal event gave each player and each zone, with each hand's value; a
        zone of many cards (the stock) is told by its size."""
        rows = []
        for p in sorted(d["hands"], key=int):
            cards = self.sort(self._hand_cards(d["hands"][p]))
            rows.append((self.name(int(p)), self.codes(cards), self.value(cards)))
        many = max(6, self.rules.hand_size)
        for zone, codes in d["zones"].items():
            if not codes:
                shown, value = self.tr("zone_empty"), ""
            elif len(codes) > many:
                shown, value = self.tr("cards", n=len(codes)), ""
            else:
                cards = self._hand_cards(codes)
                shown = self.codes(cards)
                value = self.value(cards) if len(cards) == self.rules.hand_size else ""
            rows.append((self.zone_name(zone), shown, value))
        return [self.tr("dealt")] + ["  " + line.rstrip() for line in table(rows)]


#: who tells each kind of recorded event (`state.EventKind`); a kind without one is not told
#: when it happens (an action is narrated by `TableView.move`, a turn limit at the hand's end)
_TELLERS = {
    "cut": TableView._cut, "deal": TableView._dealt, "knock": TableView._knocked,
    "reveal": TableView._revealed, "reshuffle": TableView._reshuffled,
    "refresh": TableView._refreshed, "refresh_failed": TableView._refresh_failed,
    "added": TableView._added,
    "trigger": TableView._triggered, "stuck": TableView._stuck,
    "hand_end": lambda view, state, ev, actor, action: view.hand_end(ev.data),
    "show_bottom": TableView._shown_bottom, "capture_event": TableView._capture_event,
    "leftover": TableView._leftover, "dealt_event": TableView._dealt_event,
    "hand_score": lambda view, state, ev, actor, action: view.counted(state, ev.data),
    "game_over": lambda view, state, ev, actor, action: view.game_over(state,
                                                                       ev.data["winners"]),
    **{kind: (lambda view, state, ev, actor, action: view.standing(ev)) for kind in STANDING},
}
