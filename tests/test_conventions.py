"""No hidden conventions: the engine never depends on a zone, option or pattern being called
something. Each test renames what a built-in calls by a common name and checks the behaviour
that used to hang on the name."""
from __future__ import annotations

from pathlib import Path

from trentuno.engine import GameState, check

RENAMED_PILE = """
extends: trentuno
name: renamed-pile
zones: {discard: null, pile: {visibility: top}}
deal:
  steps:
    - {to: [players], count: 1, rounds: 3}
    - {to: [pile], count: 1}
turn:
  steps:
    choose:
      take: {from: pile}
    discard:
      discard: {to: pile}
"""


def rules_of(tmp_path: Path, text: str, name: str = "r.yaml"):
    f = tmp_path / name
    f.write_text(text.lstrip(), encoding="utf-8")
    rules, problems = check(str(f))
    assert problems == [], [p.format() for p in problems]
    return rules


def never_knock(state: GameState, turns: int) -> list[str]:
    """Draw from the stock and throw the drawn card away, `turns` times; the kinds of the
    events seen."""
    for _ in range(turns):
        acts = state.legal_actions()
        draw = [a for a in acts if a.kind == "draw" and a.zone == state.rules.rest_zone]
        assert draw, f"no draw from the stock after {state.turns_in_hand} turns"
        state.apply(draw[0])
        drawn = state.just_drawn
        state.apply(next(a for a in state.legal_actions() if a.cards == (drawn,)))
    return [e.kind for e in state.events]


def test_the_stock_is_refilled_from_a_pile_of_any_name(tmp_path):
    rules = rules_of(tmp_path, RENAMED_PILE)
    assert "discard" not in rules.zones and rules.triggers["stock_empty"][0].zone == "pile"
    state = GameState(rules, players=4, seed=3)
    kinds = never_knock(state, 120)          # 40 cards: the stock runs out several times
    assert kinds.count("reshuffle") >= 3
    assert "turn_limit" not in kinds and state.hand_number == 1


def test_reshuffle_needs_one_pile_to_discard_to(tmp_path):
    text = RENAMED_PILE.replace("pile: {visibility: top}}",
                                "pile: {visibility: top}, other: {visibility: top}}")
    text = text.replace("discard: {to: pile}",
                        "discard: {to: pile}\n      again: {do: discard, to: other}")
    f = tmp_path / "two.yaml"
    f.write_text(text.lstrip(), encoding="utf-8")
    rules, problems = check(str(f))
    assert rules is None
    assert any("it needs exactly one pile to discard to" in p.message and
               "other, pile" in p.message and p.file == str(f) for p in problems), \
        [p.format() for p in problems]


def test_the_engine_names_no_zone_option_or_pattern():
    """A guard against new conventions: engine/ code (not its words for explain and play)
    never quotes a name a built-in gives to a zone, an option or a pattern."""
    import re
    from trentuno.engine.variants import load_merged
    names: set[str] = set()
    for builtin in ("trentuno", "scat", "schwimmen", "trentuno-vedova"):
        d = load_merged(builtin).data
        names |= set(d.get("zones") or {})
        names |= {p["name"] for p in d["hand"]["patterns"]}
        for opts in d["turn"]["steps"].values():
            names |= {o["name"] for o in opts}
        names |= {t["name"] for t in d.get("triggers") or []}
    # words that are also keywords of the language (primitives, `holds: instant`, the `suit`
    # tie-break, the capture primitive's `table:` parameter, the `take` event it emits)
    names -= {"discard", "draw", "pass", "knock", "swap", "swap-all", "instant", "suit",
              "table", "take"}
    root = Path(__file__).resolve().parent.parent / "engine"
    found = []
    for f in sorted(root.glob("*.py")):
        if f.name.startswith(("explain", "terms", "reference")):
            continue                                  # words for zones, not behaviour
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if "example=" in code or ".zone(" in code:
                continue                              # a unit's example, words for a zone
            for name in names:
                if re.search(rf"""["']{re.escape(name)}["']""", code):
                    found.append(f"{f.name}:{n}: {name!r}")
    assert not found, found
