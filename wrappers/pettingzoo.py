"""Every ruleset as a PettingZoo AEC environment (`pip install 'trentuno[pettingzoo]'`; see
docs/api.md).

    from trentuno import pettingzoo
    env = pettingzoo.env("scopa", players=2)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are `player_0` ... in seat order. An action is the engine's integer id (engine/
action_ids.py); the observation is a dict of `observation` (the `Frozen` tensor of the agent's
view, see engine/frozen_view.py) and `action_mask` (1 for each legal id). The reward is paid
when the game ends: `returns()`, or with `horizon="hand"` the hand's result (the change of each
seat's standing from before the hand, its antes included) when the first hand ends (the first
hand that asks a move: one won as it was dealt is played past, since no agent may be done at
reset). `reset(seed=...)` is the
game's seed, so a seed reproduces the game.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from trentuno.engine import GameState, Ruleset, UserError, load
from trentuno.engine.action_ids import action_space
from trentuno.engine.frozen_view import tensor_size
from trentuno.engine.utility import starting_standing

#: the observation tensor's bounds (standings, sizes and counts stay far inside)
BOUND = 1e9


def env(ruleset: Ruleset | str, players: int | None = None, *, horizon: str = "game",
        render_mode: str | None = None, seed: int | None = None) -> TrentunoEnv:
    """The AEC environment of a ruleset (a built-in's name, a path, or a loaded Ruleset);
    `seed`: the seed of a `reset()` given none (default: a fresh one each time)."""
    rules = load(ruleset) if isinstance(ruleset, str) else ruleset
    return TrentunoEnv(rules, rules.default_players if players is None else players,
                       horizon=horizon, render_mode=render_mode, seed=seed)


class TrentunoEnv(AECEnv):
    """One ruleset at one player count (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "trentuno",  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, rules: Ruleset, players: int, *, horizon: str = "game",
                 render_mode: str | None = None, seed: int | None = None):
        super().__init__()
        self._seed = seed
        if horizon not in ("game", "hand"):
            raise UserError(f"horizon is game or hand, not {horizon!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise UserError(f"render_mode is one of {self.metadata['render_modes']}, "
                            f"not {render_mode!r}")
        self.rules = rules.for_players(players)
        self.players = players
        self.horizon = horizon
        self.render_mode = render_mode
        self.space = action_space(rules, players)
        if not self.space.dense:
            raise UserError(f"{rules.name} has too many moves for integer ids")
        self.metadata = dict(self.metadata, name=f"trentuno_{rules.name}")
        self.possible_agents = [f"player_{p}" for p in range(players)]
        size = tensor_size(self.rules, players)
        n = self.space.num_distinct_actions
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self._act_space = spaces.Discrete(n)
        self.state: GameState | None = None
        self._start: list[float] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # ---- the AEC API --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        game_seed = seed if seed is not None else self._seed if self._seed is not None else \
            random.SystemRandom().randrange(2 ** 32)
        if seed is not None:
            self._act_space.seed(seed)
        self.state = GameState(self.rules, self.players, seed=game_seed, record=False,
                               history=True, stop_at_hand_end=self.horizon == "hand")
        st = self.state
        # the hand's result counts from the standing before the hand (its antes included)
        self._start = starting_standing(self.rules, self.players)
        while st.hand_over and not st.is_over:
            # a hand won as it was dealt asks nobody a move, and PettingZoo wants every agent
            # alive after reset: the one-hand episode is the first hand that asks a move
            self._start = self._standing()
            st.next_hand()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self._over():  # the hand ended as it was dealt (an instant win)
            self._finish()
            self._accumulate_rewards()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self._state()
        p = self.possible_agents.index(agent)
        mask = np.zeros(self.space.num_distinct_actions, np.int8)
        if p == st.current_player and not self._over():
            mask[st.legal_action_ids()] = 1
        tensor = st.observation(p).frozen().tensor(self.rules)
        return {"observation": np.asarray(tensor, np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self._state()
        self._cumulative_rewards[agent] = 0.0
        st.apply(self.space.action(st, int(action if action is not None else -1)))
        if self._over():
            self._finish()
        else:
            self._clear_rewards()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the player to move (the first seat once nobody is): printed, in the
        `human` mode (which returns None, as Gymnasium's modes do), else returned as text."""
        st = self._state()
        text = str(st.observation(max(st.current_player, 0)).frozen().without_past())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    # ---- helpers ------------------------------------------------------------------------
    def _state(self) -> GameState:
        if self.state is None:
            raise UserError("call reset() first")
        return self.state

    def _over(self) -> bool:
        st = self._state()
        return st.is_over or (self.horizon == "hand" and st.hand_over)

    def _standing(self) -> list[float]:
        st = self._state()
        sign = st.rules.stakes.mode.sign
        return [float(sign * x) for x in st.lives]

    def _payoffs(self) -> list[float]:
        if self.horizon == "hand":
            return [a - b for a, b in zip(self._standing(), self._start)]
        return [float(r) for r in self._state().returns()]

    def _finish(self) -> None:
        pays = self._payoffs()
        for p, a in enumerate(self.possible_agents):
            self.rewards[a] = pays[p]
            self.terminations[a] = True

    def _select(self) -> None:
        """The agent to act: the engine's player to move, or (the game over) the first agent
        not yet stepped out."""
        st = self._state()
        if not self._over():
            self.agent_selection = self.possible_agents[st.current_player]
            return
        left = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if left:
            self.agent_selection = left[0]
