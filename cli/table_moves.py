"""What the play table says of moves: the numbered choices and the line telling each move, in
the words of the move's unit.

Each primitive's unit has its own phrases (`label`, `choice`, `move`, `move_you`, see
`engine.primitives`), and the knock rule's unit its line for a knock; the view only decides
what the viewer may be told (the cards he may see, or None) and hands it to them as a
`roles.Told`. Which cards a move takes, gives and leaves in the hand its unit says
(`moving`). A unit without table words is told by its `option` phrase, never by its keyword.
`MoveLines` is a part of `TableView` (table.py), kept apart so that the table's other lines
(the table itself and the events, in table.py; the end of a hand and of the game, in
table_ends.py) and these can be read one at a time.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from trentuno.engine.roles import NOTHING, Cards, Moving, Told
from trentuno.engine.rules import Action, Ruleset
from trentuno.engine.terms import Named, Terms, cap

from .messages import Texts


class MoveLines:
    """The choices and move lines of a `TableView`, which gives the attributes and words
    below."""
    rules: Ruleset
    deck: Any        # the ruleset's Deck
    lang: str
    terms: Terms
    tr: Texts
    seat: int | None
    sees_everything: bool
    sym: dict[str, str]
    _explain_terms: Any  # explain's words, made when a move's unit gives no label

    if TYPE_CHECKING:  # the view's words (TableView)
        def zone(self, zone: str) -> Named: ...
        def who(self, p: int) -> Named: ...
        def about(self, key: str, players: Iterable[int] | int, **fields: Any) -> str: ...
        def sort(self, cs: Iterable[int]) -> list[int]: ...
        def cards(self, cs: Iterable[int]) -> Named: ...
        def codes(self, cs: Iterable[int]) -> str: ...
        def value(self, cards: Sequence[int]) -> str: ...

    def label(self, action: Action) -> str:
        """The action's words: the ruleset's label in the viewer's language, else its unit's
        `label` phrase, else the label in any language, else its unit's `option` phrase (what
        explain says of it)."""
        own = action.labels.get(self.lang)
        if own:
            return own
        unit = action.option_ref.unit
        said = unit.phrase(self.lang, "label")
        if said is not None:
            zone = action.zone
            return said(Told(zone=self.zone(zone) if zone else None), self.terms).strip()
        other = self.rules.label(action.labels, self.lang)
        if other:
            return other
        if self._explain_terms is None:
            from trentuno.engine.explain_terms import RulesetTerms
            self._explain_terms = RulesetTerms(self.rules, self.lang)
        return cap(unit.say("option", action.option_ref, self._explain_terms))

    def choices(self, state, actions: Sequence[Action]) -> list[tuple[Action, str]]:
        """The legal actions as the viewer's numbered choices: in the ruleset's order of
        options, the cards of one option in the order the hand is shown."""
        order = {c: i for i, c in enumerate(self.sort(range(len(self.deck.cards))))}
        ranked = sorted(actions, key=lambda a: (a.option, [order[c] for c in a.cards]))
        return [(a, self.choice(state, a)) for a in ranked]

    def _after(self, cards: list[int]) -> str:
        if len(cards) != self.rules.hand_size or not self.rules.valuation.patterns:
            return ""
        return "  " + self.tr("choice_after", arrow=self.sym["arrow"], value=self.value(cards))

    def _moving(self, state, p: int, action: Action) -> tuple[Moving, bool, bool]:
        """The cards `action` by `p` moves (as its unit says), and whether everybody sees
        the cards it takes and the cards it gives. A card taken shows when its zone shows
        every card, or its top and it is the top card; a card given takes the place of a card
        taken (it shows when they do), or goes on top of the zone (it shows when the top
        does)."""
        opt = action.option_ref
        moving = opt.unit.moving(state, opt, action, p) if opt.unit.moving else NOTHING
        zone = action.zone
        if zone is None or zone not in state.zones:
            return moving, False, False
        pile = state.zones[zone]
        took_shown = state.shows_all(zone) or (
            state.shows_top(zone) and all(pile and c == pile[-1] for c in moving.took))
        gave_shown = took_shown if moving.took else state.shows_top(zone)
        return moving, took_shown, gave_shown

    def _cards(self, cs: Sequence[int]) -> Cards | None:
        if not cs:
            return None
        ordered = self.sort(cs)
        return Cards(self.cards(ordered), self.codes(ordered))

    def choice(self, state, action: Action) -> str:
        """The numbered choice, in the words of the action's unit: the cards it gives (the
        player's own) and those it takes when they show."""
        label = self.label(action)
        p = state.current_player
        phrase = action.option_ref.unit.phrase(self.lang, "choice")
        if phrase is None or p < 0:
            return label
        moving, took_shown, _ = self._moving(state, p, action)
        zone = action.zone
        place = 0
        if len(moving.took) == 1 and not took_shown:
            place = state.zones[zone].index(moving.took[0]) + 1
        after = moving.after is not None and (took_shown or not moving.took)
        sees = state.unseen_hand() != p  # choosing blind, he sees none of his own cards
        if not sees:
            after = after and set(moving.after or ()) <= set(moving.took)
        told = Told(label=label, zone=self.zone(zone) if zone else None,
                    took=self._cards(moving.took) if took_shown else None,
                    gave=self._cards(moving.gave) if sees else None, taking=len(moving.took),
                    public=took_shown, place=place,
                    after=self._after(list(moving.after or ())) if after else "")
        return phrase(told, self.terms)

    def shown_cards(self, state, action: Action) -> list[int]:
        """The cards a choice names, which a person may type to pick it: his own cards it
        gives, and those it takes when they show; never one he cannot see."""
        p = state.current_player
        moving, took_shown, _ = self._moving(state, p, action)
        gave = list(moving.gave) if state.unseen_hand() != p else []
        return gave + (list(moving.took) if took_shown else [])

    def move(self, state, p: int, action: Action) -> str:
        """The line telling `action` by player `p`, in the words of its unit; call it BEFORE
        applying the action (it looks at the cards about to move). The mover, and a spectator
        who sees every card, know the cards it moves; the others what shows."""
        own = p == self.seat or self.sees_everything
        unit = action.option_ref.unit
        phrase = unit.phrase(self.lang, "move_you" if p == self.seat else "move")
        if phrase is None:
            return self.about("move_other", p, label=self.label(action))
        moving, took_shown, gave_shown = self._moving(state, p, action)
        zone = action.zone
        told = Told(label=self.label(action), who=self.who(p),
                    zone=self.zone(zone) if zone else None,
                    took=self._cards(moving.took) if took_shown or own else None,
                    gave=self._cards(moving.gave) if gave_shown or own else None,
                    taking=len(moving.took), public=took_shown)
        return phrase(told, self.terms)

    def knocks(self, p: int) -> str:
        """"Player 2 knocks.", "You knock.": a knock, in the words of the ruleset's knock rule
        (whatever move made it)."""
        unit = self.rules.knock_rule.unit
        phrase = unit.phrase(self.lang, "event_you" if p == self.seat else "event")
        return phrase(Told(who=self.who(p)), self.terms)
