"""Shared helpers for the Trentuno tests: stacked decks and playing actions by description.

    order = stack(rules, dealer=0, players=4,
                  hands={3: "Ac Rc Fc", 2: "2c 3d 4b"}, discard="2b", stock="7s 6s")
    state = GameState(rules, players=4, decks=[order], dealer=0)
    play(state, "draw stock")          # or "take", "knock"
    play(state, ("discard", "Rc"))     # or "discard Rc"

Seats are numbered clockwise 0..N-1; Trentuno deals and plays counter-clockwise, so with
dealer D the first card (and the first turn) goes to seat D-1, then D-2, ... and the dealer last.
"""
from __future__ import annotations

import importlib.util
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import fuzzing  # noqa: F401  (loads the hypothesis profile: HYPOTHESIS_PROFILE=ci|deep)
import pytest
from trentuno.engine.state import GameState
from trentuno.engine.variants import load

# ---- the checkout stays as it was -----------------------------------------------------------
#: What a test run may leave in the checkout's top folder (caches, the venv, build output).
_LEFT_BY_TOOLS = {".pytest_cache", ".hypothesis", "__pycache__", ".venv", "build", "dist",
                  ".mypy_cache", ".ruff_cache"}
_TOP = Path(__file__).resolve().parent.parent
_BEFORE: set[str] = set()


def pytest_sessionstart(session):
    _BEFORE.update(p.name for p in _TOP.iterdir())


def pytest_sessionfinish(session, exitstatus):
    """A test that writes into the checkout (a game saved unasked into the current folder)
    fails the run: tests write only under their tmp_path."""
    left = sorted(p.name for p in _TOP.iterdir()
                  if p.name not in _BEFORE and p.name not in _LEFT_BY_TOOLS
                  and not p.name.endswith(".egg-info"))
    if left:
        print(f"\ntests left files in {_TOP}: {', '.join(left)}")
        session.exitstatus = 1


# ---- the server's tests need its stack ------------------------------------------------------
#: The `server` extra's modules that are not installed (the test extra installs them all).
SERVER_STACK_MISSING = [name for name in ("starlette", "uvicorn", "websockets")
                        if importlib.util.find_spec(name) is None]


class _WithoutServerStack(pytest.Module):
    """A module of the server's tests where its stack is missing: skipped, with a warning
    that says so, instead of failing on its imports."""

    def _getobj(self):
        why = (f"the tests of `trentuno serve` are SKIPPED: the `server` extra is not "
               f"installed (missing: {', '.join(SERVER_STACK_MISSING)}; pip install "
               f"'.[test]' installs it)")
        warnings.warn(why, stacklevel=1)
        pytest.skip(why, allow_module_level=True)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path, parent):
    if SERVER_STACK_MISSING and module_path.name.startswith("test_serve"):
        return _WithoutServerStack.from_parent(parent, path=module_path)
    return None


# ---- the ruleset --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def rules():
    return load("trentuno")


# ---- stacking a deck ----------------------------------------------------------------------
#: Rank codes of the 40-card Italian deck, written here independently of the engine.
RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
SUITS = ["c", "d", "b", "s"]
ALL_CODES = [r + s for s in SUITS for r in RANKS]


def _codes(text: str | Sequence[str] | None) -> list[str]:
    if text is None:
        return []
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return list(text)


def deal_order(dealer: int, players: int, alive: Iterable[int] | None = None) -> list[int]:
    """The seats cards are dealt to (and turns are played in), counter-clockwise from the
    dealer's right, the dealer last; dead seats are skipped."""
    live = set(range(players) if alive is None else alive)
    out = []
    for k in range(1, players + 1):
        seat = (dealer - k) % players
        if seat in live:
            out.append(seat)
    return out


def _fillers(pool: list[str], count: int) -> list[list[str]]:
    """`count` harmless hands from `pool`: low cards of three different suits (never 31,
    never a tris), lowest first, so unspecified hands are predictable and weak."""
    low = sorted(pool, key=lambda c: (RANKS.index(c[:-1]) if c[:-1] != "A" else 99,
                                      SUITS.index(c[-1])))
    hands = []
    for _ in range(count):
        hand: list[str] = []
        for c in list(low):
            if c[-1] not in {h[-1] for h in hand} and c[:-1] != "A":
                hand.append(c)
                low.remove(c)
                if len(hand) == 3:
                    break
        assert len(hand) == 3, "not enough low cards left to fill a hand"
        hands.append(hand)
    return hands


def stack(rules, dealer: int = 0, players: int = 4, hands: Mapping[int, str] | None = None,
          discard: str | None = None, stock: str | Sequence[str] | None = None,
          alive: Iterable[int] | None = None) -> list[str]:
    """A deck order (top card first) that deals `hands` (seat -> "c1 c2 c3") to the live
    seats, `discard` face up and `stock` (top first) as the top of the stock.

    Seats without a given hand get low mixed-suit cards; an unset discard is a low card too.
    The cards `stock` leaves out follow in the engine's shuffled order."""
    order_seats = deal_order(dealer, players, alive)
    dealt: dict[int, list[str]] = {s: _codes(h) for s, h in (hands or {}).items()}
    for s in dealt:
        assert s in order_seats, f"seat {s} is not dealt cards"
        assert len(dealt[s]) == rules.hand_size, f"seat {s}: {dealt[s]}"
    used = [c for h in dealt.values() for c in h] + _codes(discard) + _codes(stock)
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    for c in used:
        assert c in ALL_CODES, f"unknown card {c}"
    pool = [c for c in ALL_CODES if c not in used]
    missing = [s for s in order_seats if s not in dealt]
    for s, h in zip(missing, _fillers(pool, len(missing))):
        dealt[s] = h
        pool = [c for c in pool if c not in h]
    disc = _codes(discard)
    if not disc:  # the lowest card left (an Ace only when nothing else is)
        disc = [min(pool, key=lambda c: (c[:-1] == "A", RANKS.index(c[:-1])))]
    assert len(disc) == 1
    order: list[str] = []
    for r in range(rules.hand_size):
        for s in order_seats:
            order.append(dealt[s][r])
    return order + disc + _codes(stock)


def new_game(rules, hands=None, discard=None, stock=None, dealer=0, players=4, seed=0,
             more=()) -> GameState:
    """A game whose first hand is stacked; `more` are the orders of the following hands."""
    first = stack(rules, dealer=dealer, players=players, hands=hands, discard=discard,
                  stock=stock)
    return GameState(rules, players=players, seed=seed, decks=[first, *more], dealer=dealer)


# ---- choosing actions by description ------------------------------------------------------
def describe(state: GameState, action) -> str:
    if action.kind == "draw":
        zone = state.rules.steps[action.step].options[action.option].params["from"]
        return "draw stock" if zone == "stock" else "take"
    if action.kind == "discard":
        return "discard " + state.rules.deck.code(action.cards[0])
    return action.kind


def find(state: GameState, what) -> object | None:
    """The legal action matching a description, or None."""
    if isinstance(what, tuple):
        what = " ".join(what)
    what = " ".join(what.split())
    if what == "draw":
        what = "draw stock"
    for a in state.legal_actions():
        if describe(state, a) == what:
            return a
    return None


def legal(state: GameState) -> list[str]:
    return [describe(state, a) for a in state.legal_actions()]


def play(state: GameState, what, seat: int | None = None):
    """Apply the action described by `what` ("draw stock", "take", "knock",
    ("discard", "Rc") or "discard Rc"), checking it is `seat`'s turn when given."""
    if seat is not None:
        assert state.current_player == seat, \
            f"expected seat {seat} to play, it is seat {state.current_player}'s turn"
    a = find(state, what)
    assert a is not None, f"{what!r} is not legal now; legal: {legal(state)}"
    state.apply(a)
    return a


def turn(state: GameState, seat: int, draw: str, discard: str) -> None:
    """A whole ordinary turn: `draw` ("draw stock" / "take"), then discard `discard`."""
    play(state, draw, seat)
    play(state, ("discard", discard), seat)


def events(state: GameState, kind: str) -> list:
    return [e for e in state.events if e.kind == kind]


def all_cards(state: GameState) -> list[int]:
    cards = [c for h in state.hands for c in h]
    for z in state.zones.values():
        cards.extend(z)
    return sorted(cards)
