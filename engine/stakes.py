"""Stakes: what players pay and win as hands are settled, in the ruleset's currency (lives,
chips in a pot, penalty points, points won; `Ruleset.stakes`).

`GameState.lives[seat]` holds the count (lives, bankroll, penalty points or points won),
`paid` and `won` what each put into and took from the pot, `on_last_chance` who plays on with
no life left, `alive` who is still in, `pot` what lies in it. The settlement (settlement.py,
tally.py) decides who pays; these functions move the stakes and say so in the events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState


def starting_stakes(st: GameState) -> list[int]:
    """What each seat holds at the start: lives, a bankroll, penalty points... (the stakes
    mode says: see stakes_modes)."""
    rules = st.rules.stakes
    return [rules.mode.start(rules)] * st.players


def pay_antes(st: GameState) -> bool:
    """A mode with antes, before a deal: whoever cannot pay the ante goes out, the others pay
    it into the pot. False when fewer than two players are left to deal to."""
    rules = st.rules.stakes
    for p in list(st.alive):
        if st.lives[p] < rules.ante:
            go_out(st, p)
    if len(st.alive) <= 1:
        return False
    for p in st.alive:
        st.lives[p] -= rules.ante
        st.paid[p] += rules.ante
        st.pot += rules.ante
    return True


def add_points(st: GameState, p: int, count: int) -> None:
    """Points mode: a payer takes penalty points; nobody goes out."""
    st.lives[p] += count
    st.lives_lost += count  # what a simulation tallies as "paid", whatever the currency
    if st.record:  # (an event's keywords are a dict made at each call)
        st.emit("points", p, points=st.lives[p], added=count)


def lose_lives(st: GameState, p: int, count: int) -> None:
    """Lives mode: `p` loses `count` lives, one at a time (into the pot if the stakes go
    there); with none left he goes out, or first plays on his last chance."""
    rules = st.rules.stakes
    for _ in range(count):
        if p not in st.alive:
            return
        st.lives_lost += 1
        if st.lives[p] > 0:
            st.lives[p] -= 1
            if rules.into_pot:
                st.paid[p] += 1
                st.pot += 1
            if st.record:
                st.emit("life_lost", p, lives=st.lives[p])
            if st.lives[p] == 0:
                if rules.last_chance:
                    st.on_last_chance[p] = True
                    if st.record:
                        st.emit("last_chance", p)
                else:
                    go_out(st, p)
        else:
            go_out(st, p)


def go_out(st: GameState, p: int) -> None:
    if p in st.alive:
        st.alive.remove(p)
        if st.record:
            st.emit("out", p)


def take_pot(st: GameState, winners: list[int]) -> None:
    """The winners share the pot; what cannot be split stays in it."""
    if not winners or not st.pot:
        return
    share = st.pot // len(winners)
    for p in winners:
        st.won[p] += share
        if st.rules.stakes.mode.antes:  # the pot goes back into the bankroll
            st.lives[p] += share
    st.pot -= share * len(winners)
    if st.record:
        st.emit("pot", None, winners=winners, each=share)


def reenter(st: GameState, players: list[int]) -> None:
    """Everybody went out at once: these players come back with the re-entry's lives."""
    lives = st.rules.stakes.reentry_lives
    for p in players:
        st.lives[p] = lives
        st.on_last_chance[p] = False
    st.alive = sorted(players)
    if st.record:
        st.emit("reentry", None, players=list(st.alive), lives=lives)


def leaders(st: GameState) -> list[int]:
    """The best placed: most lives or stakes, or fewest penalty points."""
    pool = st.alive or list(range(st.players))
    sign = st.rules.stakes.mode.sign
    best = max(sign * st.lives[p] for p in pool)
    return [p for p in pool if sign * st.lives[p] == best]


def pay_winners(st: GameState) -> None:
    """The game is over: its winners get what its stakes mode gives them (what `returns()`
    counts: the pot, one each...)."""
    st.rules.stakes.mode.reward(st)
