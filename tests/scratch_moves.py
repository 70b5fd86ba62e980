"""Scratch turn primitives, written as a contributor adds one by docs/language.md ("Adding a
keyword"): one unit each, nothing else touched. `tests/test_scratch_moves.py` registers them
for its own tests only (a unit registered for the whole session would make every other test
see a schema that differs from the checked-in one).

* `draw_bottom` takes the bottom card of a zone: a draw (`role=DRAW`), with its own words for
  every phrase the table asks (its label, its choice, the line telling it to the others and to
  the mover), in English and Italian;
* `draw_bottom_quiet` is the same move with only the words `explain` needs: the table must
  fall back on its `option` phrase, never its keyword;
* `draw_top_twin` draws the top card exactly as `draw` does, under another name: the bots must
  play it move for move as they play `draw`;
* `draw_bottom_written` is `draw_bottom` written as statements (`primitives.written`), so that
  the code written for a ruleset's turn, greedy's included (policy_code.py), plays it in line;
  its values are named as a contributor may name them, with names that code uses for its own
  (`pile`, `BITS`);
* `discard_written` is `discard` with its statements reading a `BITS` of their own (another
  table than `draw_bottom_written`'s): the two play in line in one written turn.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from trentuno.engine.keywords import Kind, Ref
from trentuno.engine.primitives import (
    PRIMITIVES,
    Primitive,
    _as_given,
    _draw_apply,
    _draw_en,
    _draw_it,
    _draw_moving,
    _no_cards,
    _single_if_zone,
    written,
)
from trentuno.engine.roles import DRAW, NOTHING, Moving, told

SCHEMA = {"properties": {"from": {"$ref": "#/definitions/identifier",
                                  "description": "the zone whose bottom card is drawn."}},
          "required": ["from"]}


def _apply(st: Any, opt: Any, action: Any, p: int) -> None:
    card = st.zones[opt.zone].pop(0)
    st.hands[p].append(card)
    st.masks[p] |= 1 << card
    st.just_drawn = card


def _moving(st: Any, opt: Any, action: Any, p: int) -> Moving:
    """The card it takes is the bottom one: the table shows it only to those who see it."""
    pile = st.zones[opt.zone]
    return Moving(took=(pile[0],), after=(*st.hands[p], pile[0])) if pile else NOTHING


def _told(seen: str, own: str, unseen: str) -> Any:
    return lambda t, w: (unseen if t.took is None else seen if t.public else own).format(t=t)


OPTION = {"en": lambda o, w: f"takes the bottom card of {w.zone(o.zone).the('en')}",
          "it": lambda o, w: f"prende la carta in fondo {w.zone(o.zone).prep('it', 'a')}"}

WORDS = {
    "en": {"option": OPTION["en"], "label": told("Draw from under {t.zone:the}"),
           "choice": lambda t, w: t.label,
           "move": _told("{t.who:The} takes {t.took} from under {t.zone:the}.",
                         "{t.who:The} slips {t.took} out from under {t.zone:the}.",
                         "{t.who:The} slips a card out from under {t.zone:the}."),
           "move_you": _told("You take {t.took} from under {t.zone:the}.",
                             "You slip {t.took} out from under {t.zone:the}.",
                             "You slip a card out from under {t.zone:the}.")},
    "it": {"option": OPTION["it"], "label": told("Pesca da sotto {t.zone:the}"),
           "choice": lambda t, w: t.label,
           "move": _told("{t.who:The} prende {t.took} da sotto {t.zone:the}.",
                         "{t.who:The} sfila {t.took} da sotto {t.zone:the}.",
                         "{t.who:The} sfila una carta da sotto {t.zone:the}."),
           "move_you": _told("Prendi {t.took} da sotto {t.zone:the}.",
                             "Sfili {t.took} da sotto {t.zone:the}.",
                             "Sfili una carta da sotto {t.zone:the}.")},
}


def _draw_like(name: str, apply: Any, moving: Any, words: Any,
               description: str = "the bottom card of a zone to the hand",
               takes_top: bool = False) -> Primitive:
    return Primitive(takes_top=takes_top,
        kind=Kind.PRIMITIVE, name=name, description=description,
        schema=SCHEMA, compile=_as_given, refs=(Ref("zone", ("from",)),),
        example={"from": "stock"}, keys=_no_cards, lister=_single_if_zone, apply=apply,
        zone_param="from", shape="if_zone", role=DRAW, moving=moving, words=words)


DRAW_BOTTOM = _draw_like("draw_bottom", _apply, _moving, WORDS)
DRAW_BOTTOM_QUIET = _draw_like("draw_bottom_quiet", _apply, _moving,
                               {lang: {"option": phrase} for lang, phrase in OPTION.items()})
DRAW_TOP_TWIN = _draw_like("draw_top_twin", _draw_apply, _draw_moving,
                           {"en": {"option": _draw_en}, "it": {"option": _draw_it}},
                           "the top card of a zone to the hand, as `draw` does", True)

#: the bottom card, as statements: `pile` is which end of the zone, `BITS` each card's bit (a
#: table of its own, not the engine's)
_written_apply = written("""_card = st.zones[opt.zone].pop(pile)
st.hands[p].append(_card)
st.masks[p] |= BITS[_card]
st.just_drawn = _card""", pile=0, BITS=[1 << c for c in range(256)])
DRAW_BOTTOM_WRITTEN = _draw_like("draw_bottom_written", _written_apply, _moving, WORDS)

DISCARD_WRITTEN = dataclasses.replace(PRIMITIVES["discard"], name="discard_written", apply=written(
    """_card = action.cards[0]
st.hands[p].remove(_card)
st.masks[p] ^= BITS[_card]
st.zones[opt.zone].append(_card)""", BITS=tuple(1 << c for c in range(256))))

UNITS = (DRAW_BOTTOM, DRAW_BOTTOM_QUIET, DRAW_TOP_TWIN, DRAW_BOTTOM_WRITTEN, DISCARD_WRITTEN)
