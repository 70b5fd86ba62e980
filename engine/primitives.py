"""Turn primitives (`do:`) and option effects (`effects:`), each a keyword unit.

A primitive (`PRIMITIVES`) is what a turn option does. Its unit says, besides the schema of its
parameters, the zones they name and its words in English and Italian (see `keywords`):

* `keys`: every card tuple it could ever name (deck size -> tuples), so the compiler builds
  each Action once;
* `compile`: its parameters checked and compiled once (a capture's taking rules), kept in the
  option's `params`;
* `lister`: (option, its Actions by cards, deck size) -> the closure `(state, player)` listing
  the legal Actions now, and `shape`, which lets a step skip calling it for a one-action move;
* `apply`: what playing one of its Actions does to the state;
* its `role` (`roles.Role`): what the rest of the engine, the bots and the table may ask of
  a move without knowing its name. The compiler copies it onto every Option and Action; from
  it come whether the move `knocks`, `passes` (a round of passes is the `all_passed` event),
  `draws` a card of its zone, `discards` onto its zone (the pile a `reshuffle` turns over);
  `plays_from` names a parameter it may play from besides the hand;
* `moving`: (state, option, action, player) -> the cards the action would take, give and
  leave in the hand (`roles.Moving`), which the table shows as far as the viewer may see them.

Its phrase `option` says what a player choosing it does ("takes the top card of the stock");
explain adds its effects, guards and next step. Its optional phrases are the table's (each a
function of a `roles.Told` and the words of the ruleset): `label`, the choice's words when the
option has no label ("Draw from the stock"); `choice`, the numbered choice ("Discard: King of
cups (Kc)  → 21"); `move` and `move_you`, the line telling the move to the others and to the
mover ("Player 2 draws a card from the stock.", "You draw ..."). Without them the table says
the label, or the `option` phrase. Adding a kind of move is adding one unit here (see "Adding
a keyword" in docs/language.md). Effects (`EFFECTS`) follow.
"""
from __future__ import annotations

import io
import tokenize
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count, product
from typing import Any

from . import capture, capture_moves
from .cards import CARD_BITS
from .keywords import CompileContext, Kind, ParamPath, Phrase, Ref, Registry, Terms, Unit
from .roles import (
    CAPTURE,
    DISCARD,
    DRAW,
    KNOCK,
    NOTHING,
    OTHER,
    PASS,
    SWAP,
    SWAP_ALL,
    Moving,
    Role,
    Told,
    told,
)
from .rules import Action, Lister, Option, Shape


@dataclass(frozen=True, kw_only=True)
class Primitive(Unit):
    """A turn primitive (`do:`), a keyword unit. `schema` is the object schema of the keys an
    option with it takes besides the common ones (name, do, if, then, effects, label)."""
    keys: Callable[[int], list[tuple[int, ...]]]
    #: the moves it also offers in the step a blind opening begins with (`_blind` in its
    #: compiled parameters), where the player cannot tell his own cards apart: one per
    #: choice he can make unseen (a one-card swap: the zone card taken)
    blind_keys: Callable[[int], list[tuple[int, ...]]] | None = None
    lister: Callable[[Option, Mapping[tuple, Action], int], Lister]
    apply: Callable[[Any, Option, Action, int], None]
    #: the parameter naming the zone the move takes from or gives to (the Action's zone)
    zone_param: str | None = None
    shape: Shape | None = None
    #: what the move is (see `roles`): the bots and the table ask this, never the name
    role: Role = OTHER
    #: (state, option, action, player) -> the cards the action moves, before it is played
    moving: Callable[[Any, Option, Action, int], Moving] | None = None
    #: a draw (`DRAW`) takes its zone's top card, the one a zone that shows its top shows: the
    #: bots value that card as the one drawn; a draw of another card (from under the pile)
    #: says False, and the bots draw it as they draw blind
    takes_top: bool = True
    #: the parameter naming a zone it may play from besides the hand (a capture from an owned
    #: pile); only zones each player owns count
    plays_from: str | None = None
    #: a primitive whose moves are built in play (`keys` gives none): (option, deck, limit,
    #: plays_as) -> every key (see `id_key`) it can ever offer, in a fixed order, or None past
    #: `limit` (`plays_as`: card -> the other ranks it may play as in some hand, a wild card
    #: counted by a declaration); (option, deck, action's cards) -> its key; and `id_fallback`,
    #: the key of a move whose own key is not catalogued (the whole table taken), or None.
    #: Integer action ids (action_ids) ask them.
    catalogue: Callable[[Option, Any, int, Mapping[int, frozenset[int]]],
                        list[tuple] | None] | None = None
    id_key: Callable[[Option, Any, tuple[int, ...]], tuple] | None = None
    id_fallback: Callable[[Option, Any, tuple[int, ...]], tuple | None] | None = None
    #: (its option) -> whether its move, when it is a player's only legal one, is no decision
    #: of his (a capture of the top card of his own pile: the card is given, and so is the
    #: one way it takes): the play table makes it for him, with its narration
    forced: Callable[[Option], bool] = field(default=lambda option: False, repr=False)

    @property
    def knocks(self) -> bool:
        """The move is a knock (the compiler's "can a hand end?" check, explain's knock
        section)."""
        return self.role is KNOCK

    @property
    def passes(self) -> bool:
        """The move does nothing: a whole round of such moves is the `all_passed` event."""
        return self.role is PASS

    @property
    def draws(self) -> bool:
        """The move takes a card of its zone into the hand (a draw)."""
        return self.role is DRAW

    @property
    def discards(self) -> bool:
        """The move puts a card of the hand on top of its zone (a discard pile)."""
        return self.role is DISCARD


class _SampleContext:
    """What a primitive's compile step sees when the tests phrase its example against a
    built-in ruleset: the ruleset's deck and zones; the example is valid, so no problems."""

    def __init__(self, rules: Any):
        self.deck = rules.deck
        self.valuation = rules.valuation
        self.hand_size = rules.hand_size
        self.zones = rules.zones
        self.blind_step = False

    def error(self, at: ParamPath, message: str, also: Sequence[tuple] = ()) -> None:
        raise ValueError(f"the example of a primitive is refused at {at}: {message}")

    def rank_indices(self, codes: Sequence[Any], at: ParamPath) -> list[int]:
        index = {r.code: i for i, r in enumerate(self.deck.ranks)}
        return [index[str(c)] for c in codes]

    def card_codes(self, codes: Sequence[Any], at: ParamPath) -> list[str]:
        return [self.deck.code(self.deck.parse(c)) for c in codes]

    def compile_guard(self, spec: Mapping, at: tuple) -> Callable[[Any, int], bool]:
        return lambda st, p: True


def sample_option(unit: Primitive, w: Terms) -> Option:
    """An option doing `unit` with its example parameters, compiled against the ruleset of
    `w`: what the tests pass to its phrase, as explain passes a compiled option."""
    params = unit.compile(dict(unit.example or {}), _SampleContext(w.rules))
    return Option("sample", 0, unit.name, unit.role, params, (), None, (), {}, unit.knocks,
                  unit.apply, params.get(unit.zone_param) if unit.zone_param else None,
                  unit.shape, unit=unit)


#: the table's phrases of a move (each takes a `roles.Told`): optional, and a move told to the
#: others is told to the mover too
TABLE_FORMS = ("label", "choice", "move", "move_you")

PRIMITIVES: Registry[Primitive] = Registry(Kind.PRIMITIVE, forms=("option",),
                                           sample=sample_option, needs_schema=True,
                                           optional=TABLE_FORMS, together=(("move", "move_you"),))


def _told_if(fields: str, known: str, unknown: str) -> Phrase:
    """A table phrase in two cases: the `Told`'s `fields` (its cards taken, given, or both:
    "took gave") are known to the viewer, or they are not."""
    names = fields.split()
    return lambda t, w: (unknown if any(getattr(t, f) is None for f in names)
                         else known).format(t=t)


def _draw_told(seen: str, own: str, unseen: str) -> Phrase:
    """A draw told: the card taken seen by everybody, known to the mover alone, or unseen."""
    return lambda t, w: (unseen if t.took is None else seen if t.public else own).format(t=t)


def _choice_of(field: str) -> Phrase:
    """"Label: King of cups (Kc)  → 21": the choice naming the cards of `field` when known."""
    def say(t: Told, w: Terms) -> str:
        cards = getattr(t, field)
        return t.label if cards is None else f"{t.label}: {cards:bare}{t.after}"
    return say


def _as_given(params: dict, ctx: CompileContext) -> dict:
    """The compile step of a primitive whose parameters are used as written."""
    return params


def _zone_param(description: str) -> dict[str, Any]:
    return {"$ref": "#/definitions/identifier", "description": description}


# ---- moves of one action without cards (draw, swap_all, pass, knock) ---------------------
def _no_cards(n):
    return [()]


def _each_card(n):
    return [(c,) for c in range(n)]


def _card_pairs(n):
    return list(product(range(n), range(n)))


def _single_if_zone(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    single, zone = [actions[()]], opt.zone

    def legal(st, p):
        return single if st.zones[zone] else []
    return legal


def _single_always(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    single = [actions[()]]
    return lambda st, p: single


def lister_written(template: str, **values: Any) -> Lister:
    """A primitive's lister written as statements over `st` and `p` adding the legal moves to
    `out`, the values it reads named in braces (`{table}`): the function made from that text,
    and the text kept on it (`inline`), so that a step's listing (listing.py) and the code of
    a ruleset's turn (turn_code.py) list the moves in line. Its own names start with an
    underscore; the values are passed as names, never written into the text."""
    env = dict(values)
    body = "".join(f"    {line}\n" for line in template.format(**{k: k for k in values})
                   .splitlines())
    exec(f"def legal(st, p):\n    out = []\n{body}    return out", env)  # only `values`
    fn: Any = env["legal"]
    fn.inline = (template, dict(values))
    return fn


def written(template: str, **values: Any) -> Callable[[Any, Option, Action, int], None]:
    """A primitive's `apply` written as statements over `st` (the state), `opt` (the option),
    `action` and `p` (the player), the values it reads besides named in `values`: the function
    made from that text, and the text kept on it (`inline`), so that the code written for the
    turn of a ruleset (turn_code.py) plays the move in line instead of calling it. Its own
    names start with an underscore; the values are passed as names, never written into the
    text.

    The values may take any names but those of the parameters: the code that plays the move
    in line (turn_code.py, policy_code.py) has names of its own (`pile`, `BITS`, `end_turn`)
    and plays several primitives in one function, so the text kept is written over the values
    renamed `__w<N>_<name>`, N this text's own number, which no other code uses: a value cannot
    stand for one of that code's names, be hidden by one, or meet another primitive's value of
    the same name."""
    taken = sorted(set(values) & set(_APPLY_PARAMS))
    if taken:
        raise ValueError(f"a written primitive's values cannot be named {', '.join(taken)}: "
                         f"those are its parameters ({', '.join(_APPLY_PARAMS)})")
    n = next(_written)
    own = {name: f"__w{n}_{name}" for name in values}
    template = _renamed(template, own)
    env = {own[name]: value for name, value in values.items()}
    body = "".join(f"    {line}\n" for line in template.splitlines())
    exec(f"def apply({', '.join(_APPLY_PARAMS)}):\n{body}", env)  # only names of `env` in it
    fn: Any = env["apply"]
    fn.inline = (template, {name: env[name] for name in env if name != "apply"
                            and name != "__builtins__"})
    return fn


#: the parameters of a primitive's `apply`, which the statements of `written` read
_APPLY_PARAMS = ("st", "opt", "action", "p")
#: the numbers that make each written text's names its own
_written = count()


def _renamed(template: str, names: Mapping[str, str]) -> str:
    """`template` with every name of `names` (not an attribute, not inside a string) renamed."""
    lines = template.splitlines()
    spans: list[tuple[int, int, int, str]] = []
    after_dot = False
    for tok in tokenize.generate_tokens(io.StringIO(template).readline):
        if tok.type == tokenize.NAME and tok.string in names and not after_dot:
            spans.append((tok.start[0] - 1, tok.start[1], tok.end[1], names[tok.string]))
        after_dot = tok.type == tokenize.OP and tok.string == "."
    for row, start, end, new in reversed(spans):
        lines[row] = lines[row][:start] + new + lines[row][end:]
    return "\n".join(lines)


# ---- draw --------------------------------------------------------------------------------
_draw_apply = written("""_card = st.zones[opt.zone].pop()
st.hands[p].append(_card)
st.masks[p] |= CARD_BITS[_card]
st.just_drawn = _card""", CARD_BITS=CARD_BITS)


def _draw_en(o: Option, w: Terms) -> str:
    return f"takes the top card of {w.zone(str(o.zone)).the('en')}"


def _draw_it(o: Option, w: Terms) -> str:
    return f"prende la carta in cima {w.zone(str(o.zone)).prep('it', 'a')}"


def _draw_moving(st, opt, action, p) -> Moving:
    pile = st.zones[opt.zone]
    return Moving(took=(pile[-1],), after=(*st.hands[p], pile[-1])) if pile else NOTHING


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="draw", description="top card of a zone to the hand",
    schema={"properties": {"from": _zone_param("the zone whose top card is drawn.")},
            "required": ["from"]},
    compile=_as_given, refs=(Ref("zone", ("from",)),), example={"from": "pile"},
    keys=_no_cards, lister=_single_if_zone, apply=_draw_apply, zone_param="from",
    shape="if_zone", role=DRAW, moving=_draw_moving, words={
        "en": {"option": _draw_en, "label": told("Draw {t.zone:da}"),
               "choice": _choice_of("took"),
               "move": _draw_told("{t.who:The} takes {t.took} {t.zone:da}.",
                                  "{t.who:The} draws {t.took} {t.zone:da}.",
                                  "{t.who:The} draws a card {t.zone:da}."),
               "move_you": _draw_told("You take {t.took} {t.zone:da}.",
                                      "You draw {t.took} {t.zone:da}.",
                                      "You draw a card {t.zone:da}.")},
        "it": {"option": _draw_it, "label": told("Pesca {t.zone:da}"),
               "choice": _choice_of("took"),
               "move": _draw_told("{t.who:The} prende {t.took} {t.zone:da}.",
                                  "{t.who:The} pesca {t.took} {t.zone:da}.",
                                  "{t.who:The} pesca una carta {t.zone:da}."),
               "move_you": _draw_told("Prendi {t.took} {t.zone:da}.",
                                      "Peschi {t.took} {t.zone:da}.",
                                      "Peschi una carta {t.zone:da}.")}}))


# ---- discard -----------------------------------------------------------------------------
def _discard_lister(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    table = [actions.get((c,)) for c in range(n)]
    if opt.params.get("not_just_drawn"):
        def legal(st, p):
            jd = st.just_drawn
            return [table[c] for c in st.hands[p] if c != jd]
        return legal
    # a loop: a comprehension is a function made and called (3.11)
    return lister_written("for _card in st.hands[p]:\n    out.append({table}[_card])",
                          table=table)


#: the card is in the hand: its bit, made once (`action.bits`), clears it
_discard_apply = written("""_card = action.cards[0]
st.hands[p].remove(_card)
st.masks[p] ^= action.bits
st.zones[opt.zone].append(_card)""")


def _face_up(o: Option, w: Terms) -> bool:
    zone = w.rules.zones.get(o.zone)
    return zone is not None and zone.visibility != "hidden"


def _discard_en(o: Option, w: Terms) -> str:
    text = (f"puts one of his cards {'face up' if _face_up(o, w) else 'face down'} on "
            f"{w.zone(str(o.zone)).the('en')}")
    return text + (" (not the card just taken)" if o.params.get("not_just_drawn") else "")


def _discard_it(o: Option, w: Terms) -> str:
    text = (f"mette una delle sue carte {'scoperta' if _face_up(o, w) else 'coperta'} "
            f"{w.zone(str(o.zone)).prep('it', 'su')}")
    return text + (" (non la carta appena presa)" if o.params.get("not_just_drawn") else "")


def _discard_moving(st, opt, action, p) -> Moving:
    card = action.cards[0]
    return Moving(gave=(card,), after=tuple(c for c in st.hands[p] if c != card))


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="discard", description="a hand card on top of a zone",
    schema={"properties": {
        "to": _zone_param("the zone the card goes on top of."),
        "not_just_drawn": {"type": "boolean", "default": False, "description":
                           "true forbids discarding the card just drawn. Default false."}},
            "required": ["to"]},
    compile=_as_given, refs=(Ref("zone", ("to",)),), example={"to": "discard"},
    keys=_each_card, lister=_discard_lister, apply=_discard_apply, zone_param="to",
    role=DISCARD, moving=_discard_moving, words={
        "en": {"option": _discard_en, "label": told("Discard"), "choice": _choice_of("gave"),
               "move": _told_if("gave", "{t.who:The} discards {t.gave}.",
                                "{t.who:The} discards a card."),
               "move_you": _told_if("gave", "You discard {t.gave}.", "You discard a card.")},
        "it": {"option": _discard_it, "label": told("Scarta"), "choice": _choice_of("gave"),
               "move": _told_if("gave", "{t.who:The} scarta {t.gave}.",
                                "{t.who:The} scarta una carta."),
               "move_you": _told_if("gave", "Scarti {t.gave}.", "Scarti una carta.")}}))


# ---- swap one, swap all ------------------------------------------------------------------
def _swap_compile(params: dict, ctx: CompileContext) -> dict:
    """Whether the option is in the step a blind opening begins with (`blind_keys`)."""
    return {**params, "_blind": ctx.blind_step} if ctx.blind_step else params


def _swap_lister(opt: Any, actions: Mapping[tuple, Action], n: int) -> Lister:
    """Every hand card for every zone card, hand card by hand card (the order greedy's ties go
    by), written as statements (`lister_written`) that a step's listing writes in line; a
    player who has not seen his hand cannot tell his cards apart, so unseen he has one move
    per zone card, named by it alone (the move is the same in a search's world where his hand
    was dealt again): he gives his first card (`_swap_cards`)."""
    table = [[actions.get((h, z)) for z in range(n)] for h in range(n)]
    zone_name = opt.zone
    if not opt.params.get("_blind"):
        return lister_written("_zone = st.zones[{zone}]\n"
                              "for _card in st.hands[p]:\n"
                              "    _row = {table}[_card]\n"
                              "    for _took in _zone:\n"
                              "        out.append(_row[_took])", table=table, zone=zone_name)
    unseen = [actions.get((z,)) for z in range(n)]

    def legal_blind(st, p):
        zone = st.zones[zone_name]
        if st.unseen_hand() == p:
            return [unseen[z] for z in zone] if st.hands[p] else []
        return [table[h][z] for h in st.hands[p] for z in zone]
    return legal_blind


def _swap_cards(st, action, p) -> tuple[int, int]:
    """(the hand card given, the zone card taken): the one place that says what a move named
    by the zone card alone (chosen unseen) gives: the first card of the hand."""
    cards = action.cards
    return (st.hands[p][0], cards[0]) if len(cards) == 1 else cards


#: the two cards change places and both their bits flip; a move named by both cards (every
#: move but one chosen unseen) has them in `bits` already, made once
_swap_apply = written("""_cards = action.cards
if len(_cards) == 2:
    _card, _took = _cards
    _bits = action.bits
else:  # chosen unseen: the cards as `_swap_cards` says
    _card, _took = SWAP_CARDS(st, action, p)
    _bits = CARD_BITS[_card] | CARD_BITS[_took]
_hand = st.hands[p]
_hand[_hand.index(_card)] = _took
_zone = st.zones[opt.zone]
_zone[_zone.index(_took)] = _card
st.masks[p] ^= _bits
st.just_drawn = _took""", SWAP_CARDS=_swap_cards, CARD_BITS=CARD_BITS)


_swap_all_apply = written("""_zone = st.zones[opt.zone]
st.zones[opt.zone] = st.hands[p]
st.hands[p] = _zone
_mask = 0
for _card in _zone:
    _mask |= CARD_BITS[_card]
st.masks[p] = _mask
st.just_drawn = None""", CARD_BITS=CARD_BITS)


_WITH = {"properties": {"with": _zone_param("the zone exchanged with.")}, "required": ["with"]}


def _swap_moving(st, opt, action, p) -> Moving:
    h, z = _swap_cards(st, action, p)
    return Moving(took=(z,), gave=(h,), after=tuple(z if c == h else c for c in st.hands[p]))


def _swap_choice(give: str, take: str, unseen: str, blind: str) -> Phrase:
    """"Exchange a card: give Kc, take 7b  → 21"; a card the player cannot see is named by
    its place ("card 2 of the widow"); his own, when he chooses without seeing his hand, is
    not named (`blind`)."""
    def say(t: Told, w: Terms) -> str:
        taken = t.took.codes if t.took is not None else unseen.format(t=t)
        given = t.gave.codes if t.gave is not None else blind
        return f"{t.label}: {give} {given}, {take} {taken}{t.after}"
    return say


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="swap", description="a hand card and a zone card change places",
    schema=_WITH, compile=_swap_compile, refs=(Ref("zone", ("with",)),),
    example={"with": "discard"}, keys=_card_pairs, blind_keys=_each_card, lister=_swap_lister,
    apply=_swap_apply,
    zone_param="with", role=SWAP, moving=_swap_moving, words={
        "en": {"option": lambda o, w: f"exchanges one of his cards with one card of "
                                      f"{w.zone(str(o.zone)).the('en')}",
               "label": told("Exchange a card"),
               "choice": _swap_choice("give", "take", "card {t.place} {t.zone:di}",
                                     "the first of your unseen cards"),
               "move": _told_if("took gave", "{t.who:The} gives {t.gave} and takes {t.took} "
                                "{t.zone:da}.",
                                "{t.who:The} gives a card and takes one {t.zone:da}."),
               "move_you": _told_if("took gave", "You give {t.gave} and take {t.took} {t.zone:da}.",
                                    "You give a card and take one {t.zone:da}.")},
        "it": {"option": lambda o, w: f"scambia una delle sue carte con una "
                                      f"{w.zone(str(o.zone)).prep('it', 'di')}",
               "label": told("Cambia una carta"),
               "choice": _swap_choice("dai", "prendi", "carta {t.place} {t.zone:di}",
                                     "la prima delle tue carte coperte"),
               "move": _told_if("took gave", "{t.who:The} dà {t.gave} e prende {t.took} "
                                "{t.zone:da}.",
                                "{t.who:The} dà una carta e ne prende una {t.zone:da}."),
               "move_you": _told_if("took gave", "Dai {t.gave} e prendi {t.took} {t.zone:da}.",
                                    "Dai una carta e ne prendi una {t.zone:da}.")}}))


def _swap_all_moving(st, opt, action, p) -> Moving:
    zone = tuple(st.zones[opt.zone])
    return Moving(took=zone, after=zone)


def _take_all_choice(take: str) -> Phrase:
    """"Exchange all your cards: take Kc 7b As  → 21" when the zone shows its cards."""
    return lambda t, w: t.label if t.took is None else f"{t.label}: {take} {t.took:codes}{t.after}"


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="swap_all", description="the whole hand and a zone change places",
    schema=_WITH, compile=_as_given, refs=(Ref("zone", ("with",)),),
    example={"with": "discard"}, keys=_no_cards, lister=_single_if_zone,
    apply=_swap_all_apply, zone_param="with", shape="if_zone", role=SWAP_ALL,
    moving=_swap_all_moving, words={
        "en": {"option": lambda o, w: f"exchanges his whole hand with "
                                      f"{w.zone(str(o.zone)).the('en')}",
               "label": told("Exchange all your cards"), "choice": _take_all_choice("take"),
               "move": _told_if("took", "{t.who:The} takes {t.took} {t.zone:da} and leaves "
                                "their own cards there.",
                                "{t.who:The} takes all the cards {t.zone:da} and leaves their "
                                "own cards there."),
               "move_you": _told_if("took", "You take {t.took} {t.zone:da} and leave your own "
                                    "cards there.",
                                    "You take all the cards {t.zone:da} and leave your own "
                                    "cards there.")},
        "it": {"option": lambda o, w: f"scambia tutta la sua mano con "
                                      f"{w.zone(str(o.zone)).the('it')}",
               "label": told("Cambia tutte le carte"), "choice": _take_all_choice("prendi"),
               "move": _told_if("took", "{t.who:The} prende {t.took} {t.zone:da} e ci lascia "
                                "le sue carte.",
                                "{t.who:The} prende tutte le carte {t.zone:da} e ci lascia le "
                                "sue carte."),
               "move_you": _told_if("took", "Prendi {t.took} {t.zone:da} e ci lasci le tue "
                                    "carte.",
                                    "Prendi tutte le carte {t.zone:da} e ci lasci le tue "
                                    "carte.")}}))


# ---- pass and knock ----------------------------------------------------------------------
_nothing = written("pass")


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="pass", description="nothing", schema={"properties": {}},
    compile=_as_given, example={}, keys=_no_cards, lister=_single_always, apply=_nothing,
    shape="always", role=PASS, words={
        "en": {"option": lambda o, w: "passes (does nothing)", "label": told("Pass"),
               "move": told("{t.who:The} passes."), "move_you": told("You pass.")},
        "it": {"option": lambda o, w: "passa (non fa nulla)", "label": told("Passa"),
               "move": told("{t.who:The} passa."), "move_you": told("Passi.")}}))


_knock_apply = written("st.knock(p)")


def _knock_words(word: str) -> Callable[[Option, Terms], str]:
    """"knocks", with the ruleset's own word for knocking when the option's label is not it."""
    def say(o: Option, w: Terms) -> str:
        own = w.term("knock")
        if own and own != w.own(o.labels):
            return f"{word} ({w.q(own)})"
        return word
    return say


PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="knock", description="knock / stand", schema={"properties": {}},
    compile=_as_given, example={}, keys=_no_cards, lister=_single_always, apply=_knock_apply,
    shape="always", role=KNOCK, words={
        "en": {"option": _knock_words("knocks"), "label": told("Knock"),
               "move": told("{t.who:The} knocks."), "move_you": told("You knock.")},
        "it": {"option": _knock_words("bussa"), "label": told("Bussa"),
               "move": told("{t.who:The} bussa."), "move_you": told("Bussi.")}}))


# ---- capture (the moves themselves are in `capture`) -------------------------------------
def _capture_words(o: Option, w: Terms) -> str:
    """A capture's words say its taking rules and events, with the other sentences of capture
    games (explain_capture); explain's words object is one of those sections."""
    from .explain_capture import CaptureSections
    if not isinstance(w, CaptureSections):
        raise TypeError("a capture is phrased by explain's words (explain_capture)")
    return w.capture_text(o)


def _capture_moving(st, opt, action, p) -> Moving:
    return Moving(took=action.cards[1:], gave=action.cards[:1])


def _capture_choice(takes: str, lays: str) -> Phrase:
    """A capture's choice: the card played and the cards it takes, or a lay taking nothing."""
    def say(t: Told, w: Terms) -> str:
        if not t.taking:
            return lays.format(t=t)
        return takes.format(t=t) if t.took is not None else f"{t.label}: {t.gave:the}"
    return say


def _capture_told(takes: str, lays: str, unseen: str) -> Phrase:
    """A capture told: the card played and the cards taken, a lay, or a card not seen."""
    def say(t: Told, w: Terms) -> str:
        if t.gave is None:
            return unseen.format(t=t)
        return (takes if t.took else lays).format(t=t)
    return say


#: `takes:` of a capture: its first keys; the schema builder adds the take rules' own keys
#: (take_rules.py) as it builds the schema, so that a rule added later is in it too
_TAKES = {
    "type": "object", "additionalProperties": False,
    "description": "how a played card may take.",
    "properties": {
        "equal": {"type": "string", "enum": ["first", "any"], "description":
                  "first (default): a card of equal value must be taken, alone, when there is "
                  "one, before any sum; any: an equal card or a sum, as the player likes."},
        "sums": {"type": "boolean", "description": "true (default): cards whose values add up "
                 "to the played card's may be taken together."},
        "same_rank_only": {"type": "array", "items": {"$ref": "#/definitions/rank_code"},
                           "description": "Ranks that take only one card of their own rank "
                           "(figures take only figures)."},
        "takes_all": {"type": "array", "items": {"$ref": "#/definitions/rank_code"},
                      "description": "Ranks that take every card on the table (an Ace, in "
                      "some games); a card of their own rank among others is taken alone."},
        "must": {"type": "boolean", "description": "true (default): a card that can take must "
                 "take; false: it may also be laid on the table."}}}

_EVENTS = {
    "type": "array",
    "description": "named events a capture makes (a sweep, say), each {name, when: [facts], "
                   "on_last_play, by_takes_all}. Facts: sweep (the table is left empty), "
                   "same_suit (two or more cards taken, all of the played card's suit), "
                   "takes_last_played (the one card taken is the card the previous player just "
                   "laid, of the same rank).",
    "items": {
        "type": "object", "required": ["name", "when"], "additionalProperties": False,
        "properties": {
            "name": {"description": "The event's name (as `scoring` refers to it).",
                     "allOf": [{"$ref": "#/definitions/identifier"}]},
            "when": {"description": "The facts, any of which makes the event.",
                     "type": "array", "minItems": 1,
                     "items": {"type": "string", "enum": list(capture.FACTS)}},
            "on_last_play": {"description": "false: a capture on the very last play of the "
                             "hand makes no such event. Default true.", "type": "boolean"},
            "by_takes_all": {"description": "false: a capture by a `takes_all` rank makes no "
                             "such event. Default true.", "type": "boolean"}}}}

PRIMITIVES.add(Primitive(
    kind=Kind.PRIMITIVE, name="capture",
    description="play a card to a table zone, taking the table cards it may take; each way of "
                "taking is a move of its own",
    schema={"properties": {
        "from": _zone_param("`hand` (default, any card of the hand) or a zone each player "
                            "owns (its top card)."),
        "table": _zone_param("the table zone the card is played to and takes from."),
        "into": _zone_param("the zone each side owns that the played and taken cards go to."),
        "takes": _TAKES, "events": _EVENTS},
        "required": ["table", "into"]},
    compile=capture.prepare, refs=(Ref("zone", ("table",)), Ref("zone", ("into",))),
    example={"table": "table", "into": "taken", "takes": {"takes_all": ["A"]},
             "events": [{"name": "sweeps", "when": ["sweep"]}]},
    keys=lambda n: [], lister=capture_moves.capture_lister, apply=capture.capture_apply,
    zone_param="table", plays_from="from", role=CAPTURE, moving=_capture_moving,
    catalogue=capture.capture_catalogue, id_key=capture.capture_key,
    id_fallback=capture.capture_fallback,
    forced=lambda option: option.params.get("from", capture.HAND) != capture.HAND, words={
        "en": {"option": _capture_words, "label": told("Play a card"),
               "choice": _capture_choice("{t.label}: {t.gave:the} takes {t.took:the}",
                                         "{t.label}: {t.gave:the}, taking nothing"),
               "move": _capture_told("{t.who:The} plays {t.gave} and takes {t.took}.",
                                     "{t.who:The} plays {t.gave}.",
                                     "{t.who:The} plays a card."),
               "move_you": _capture_told("You play {t.gave} and take {t.took}.",
                                         "You play {t.gave}.", "You play a card.")},
        "it": {"option": _capture_words, "label": told("Cala una carta"),
               "choice": _capture_choice("{t.label}: {t.gave:the} prende {t.took:the}",
                                         "{t.label}: {t.gave:the}, senza prendere nulla"),
               "move": _capture_told("{t.who:The} cala {t.gave} e prende {t.took}.",
                                     "{t.who:The} cala {t.gave}.",
                                     "{t.who:The} cala una carta."),
               "move_you": _capture_told("Cali {t.gave} e prendi {t.took}.", "Cali {t.gave}.",
                                         "Cali una carta.")}}))


# ---- effects ------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Effect(Unit):
    """An option effect (`effects:`), a keyword unit (see `keywords`). Its compile step
    returns the closure `(state, player)` run after the option's primitive; its phrase `clause`
    is said after the option's words (", and the reserve is turned face up"). `knocks`: the
    effect counts as a knock (the compiler's "can a hand end?" check)."""
    knocks: bool = False


EFFECTS: Registry[Effect] = Registry(Kind.EFFECT, forms=("clause",))


def effect_knock(param: Any, ctx: CompileContext) -> Callable:
    return lambda st, p: st.knock(p)


def _knock_name(w: Terms, en: bool) -> str:
    name = w.knock_term()
    if name:
        return w.q(name)
    return "a knock" if en else "una bussata"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="knock", knocks=True,
    description="true: the action also knocks (stands), as if the player had knocked.",
    schema={"type": "boolean", "const": True}, compile=effect_knock, example=True,
    words={"en": {"clause": lambda x, w: f", and this counts as {_knock_name(w, True)}"},
           "it": {"clause": lambda x, w: f", e questo vale come {_knock_name(w, False)}"}}))


def effect_reveal(zone: str, ctx: CompileContext) -> Callable:
    def reveal(st, p):
        st.face_up[zone] = True
        if st.record:  # (the codes are made only for the record)
            st.emit("reveal", p, zone=zone, cards=st.rules.deck.codes(st.zones[zone]))
    return reveal


def _reveal_en(zone: str, w: Terms) -> str:
    z = w.zone(zone)
    return f", and {z.the('en')} {z.be('en')} turned face up"


def _reveal_it(zone: str, w: Terms) -> str:
    z = w.zone(zone)
    return f", e {z.the('it')} {z.passive()} {z.adj('scopert')}"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="reveal", description="The named zone is turned face up.",
    schema={"$ref": "#/definitions/identifier"}, compile=effect_reveal, refs=(Ref("zone"),),
    example="reserve", words={"en": {"clause": _reveal_en}, "it": {"clause": _reveal_it}}))


def effect_move(spec: Mapping, ctx: CompileContext) -> Callable:
    src, dst, count = spec["from"], spec["to"], spec.get("count", 1)
    if count > len(ctx.deck.cards):  # one by one, refilling the pile
        ctx.error(("count",), f"a move of {count} cards from a deck of {len(ctx.deck.cards)}")

    def move(st, p):
        for _ in range(count):
            if not st.zones[src]:
                st.stock_ran_out(src)
                if not st.zones[src]:
                    return
            st.zones[dst].append(st.zones[src].pop())
    return move


def _move_en(spec: Mapping, w: Terms) -> str:
    src, dst, n = w.zone(spec["from"]), w.zone(spec["to"]), spec.get("count", 1)
    what = "the top card" if n == 1 else f"the top {n} cards"
    return f", and moves {what} of {src.the('en')} onto {dst.the('en')}"


def _move_it(spec: Mapping, w: Terms) -> str:
    src, dst, n = w.zone(spec["from"]), w.zone(spec["to"]), spec.get("count", 1)
    what = "la carta in cima" if n == 1 else f"le {n} carte in cima"
    return f", e sposta {what} {src.prep('it', 'a')} {dst.prep('it', 'su')}"


EFFECTS.add(Effect(
    kind=Kind.EFFECT, name="move",
    description="Cards move between zones, {from, to, count}, e.g. burning the card the "
                "player could have drawn.",
    schema={"$ref": "#/definitions/move"}, compile=effect_move,
    refs=(Ref("zone", ("from",)), Ref("zone", ("to",))),
    example={"from": "pile", "to": "burn", "count": 2},
    words={"en": {"clause": _move_en}, "it": {"clause": _move_it}}))


from . import declare, exchange_units, out_of_hand  # noqa: E402,F401  (units in files of their own)
