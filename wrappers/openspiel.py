"""Every ruleset as an OpenSpiel game (`pip install 'trentuno[openspiel]'`; see docs/api.md).

    import pyspiel
    from trentuno import openspiel
    game = openspiel.register("trentuno", players=4)          # or a loaded Ruleset
    game = pyspiel.load_game("trentuno_scopa", {"players": 2, "chance": "explicit"})

`register` registers the ruleset as a Python game named `trentuno_<name>` (dashes and slashes
as underscores) and returns it loaded. Parameters: `players`; `chance`: "sampled" (the engine
deals and reshuffles from `seed`, no chance nodes) or "explicit" (the first dealer, every deck
order and every reshuffle of the discards inside a hand are chance nodes, one card at a time,
each card left equally likely: a move that reshuffles is followed by one node per card
reshuffled, the first naming the new stock's top card, and is played once they are all given,
through `GameState.supply_shuffle`; a deal that reshuffles, a stock it leaves empty, is held
likewise once its deck is given, and dealt with the order drawn); `horizon`: "game" or "hand"
(the game ends with the first hand and pays the hand's result, the change of each seat's
standing from the start, so a hand won as it was dealt is a terminal initial state that pays
it); `seed`.

Actions are the engine's ids (engine/action_ids.py); the observation string and tensor are a
`Frozen` view without the finished hands, the information state string is the whole `Frozen`
(perfect recall). `resample_from_infostate` is the engine's `resample`, so ISMCTS works. A
state serializes (`pyspiel.serialize_game_and_state`, pickle) wherever its ruleset is
registered.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from trentuno.engine import GameState, Ruleset, UserError, builtin_files, load
from trentuno.engine.action_ids import action_space
from trentuno.engine.chance import draws_chance_in_hand, reshuffle_at_first_deal
from trentuno.engine.frozen_view import tensor_size
from trentuno.engine.hands import MAX_HANDS_PER_GAME
from trentuno.engine.utility import starting_standing, utility

CHANCES = ("sampled", "explicit")
HORIZONS = ("game", "hand")


def game_name(rules: Ruleset) -> str:
    """`trentuno_<ruleset>`: the ruleset's name, dashes and slashes as underscores."""
    return "trentuno_" + rules.name.replace("-", "_").replace("/", "_")


_REGISTERED: dict[str, Ruleset] = {}


def register(rules_or_name: Ruleset | str, players: int | None = None, *,
             chance: str = "sampled", horizon: str = "game", seed: int = 0) -> Any:
    """Register the ruleset (a built-in's name, a path, or a loaded Ruleset) and return the
    pyspiel game with these parameters."""
    rules = load(rules_or_name) if isinstance(rules_or_name, str) else rules_or_name
    name = game_name(rules)
    if name not in _REGISTERED:
        game_type = _game_type(rules, name)
        _REGISTERED[name] = rules

        # a class per ruleset, as OpenSpiel's own Python games register theirs
        made = type(f"TrentunoGame_{name}", (TrentunoGame,),
                    {"RULES": rules, "TYPE": game_type})
        pyspiel.register_game(game_type, made)
    n = rules.default_players if players is None else players
    return pyspiel.load_game(name, {"players": n, "chance": chance, "horizon": horizon,
                                    "seed": seed})


def register_builtins() -> list[str]:
    """Register every built-in ruleset; their names."""
    names = []
    for name in sorted(builtin_files()):
        rules = load(name)
        register(rules)
        names.append(game_name(rules))
    return names


def _game_type(rules: Ruleset, name: str) -> Any:
    return pyspiel.GameType(
        short_name=name, long_name=f"trentuno: {rules.title or rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players, min_num_players=rules.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": rules.default_players, "chance": "sampled",
                                 "horizon": "game", "seed": 0})


class Config:
    """What a game's states read: the ruleset at its player count, the parameters, the ids
    and the declared utility. Kept here by the game's name and parameters: pyspiel hands a
    state a game object that may have lost the Python attributes of the one made."""

    def __init__(self, rules: Ruleset, params: dict[str, Any]):
        n = int(params.get("players", rules.default_players))
        self.chance = str(params.get("chance", "sampled"))
        self.horizon = str(params.get("horizon", "game"))
        self.seed = int(params.get("seed", 0))
        if self.chance not in CHANCES or self.horizon not in HORIZONS:
            raise UserError(f"chance is one of {CHANCES}, horizon one of {HORIZONS}")
        self.rules = rules.for_players(n)
        self.players = n
        self.space = action_space(rules, n)
        if not self.space.dense:
            raise UserError(f"{rules.name} has too many moves for integer ids "
                            f"({self.space.num_distinct_actions})")
        self.declared = utility(rules, n)
        self.key: tuple = ()   # set by the game made with it (`_key`)

    def __deepcopy__(self, memo: dict) -> Config:
        """Immutable once made: a deep copy is itself. pyspiel clones a Python state by deep
        copying each of its attributes, and a copy of the ids and the compiled rules cost a
        random_sim_test of Scopa nearly all of its two minutes."""
        return self

    def __reduce__(self) -> tuple:
        """Pickled by its game's name and parameters: pyspiel serializes a Python state as a
        pickle of its attributes, and loads the game (which makes its Config) before it
        unpickles them, in this process or another where the ruleset is registered."""
        return (_config_at, (self.key,))

    def info(self) -> Any:
        u = self.declared
        lo, hi = u.game_capped if self.horizon == "game" else u.hand
        cards = len(self.rules.deck.cards)
        hands = 1 if self.horizon == "hand" else MAX_HANDS_PER_GAME
        length = u.max_hand_length if self.horizon == "hand" else u.max_game_length
        # a dealer and a deck a hand; a reshuffle (a trigger may fire one after every move,
        # and as a hand is dealt) draws at most the deck
        chance_nodes = (cards + 1) * hands
        if draws_chance_in_hand(self.rules):
            chance_nodes += cards * (hands + length)
        return pyspiel.GameInfo(
            num_distinct_actions=self.space.num_distinct_actions,
            max_chance_outcomes=max(cards, self.players), num_players=self.players,
            min_utility=float(lo if lo is not None else -1e9),
            max_utility=float(hi if hi is not None else 1e9), utility_sum=None,
            max_game_length=length + (chance_nodes if self.chance == "explicit" else 0))


_CONFIGS: dict[tuple, Config] = {}


def _key(name: str, params: Any) -> tuple:
    return (name, *sorted((k, str(v)) for k, v in dict(params).items()))


def config_of(game: Any) -> Config:
    """The Config of a pyspiel game of this module."""
    return _CONFIGS[_key(game.get_type().short_name, game.get_parameters())]


def _config_at(key: tuple) -> Config:
    """The Config of a game already loaded in this process (unpickling a state)."""
    found = _CONFIGS.get(key)
    if found is None:
        raise UserError(f"{key[0]} is not loaded in this process: register its ruleset and "
                        f"load the game before a state of it is deserialized")
    return found


class TrentunoGame(pyspiel.Game):
    """One ruleset at one player count, chance mode and horizon."""

    RULES: Ruleset
    TYPE: Any

    def __init__(self, params: Any = None):
        rules, game_type = self.RULES, self.TYPE
        full = {"players": rules.default_players, "chance": "sampled", "horizon": "game",
                "seed": 0, **dict(params or {})}
        config = Config(rules, full)
        super().__init__(game_type, config.info(), full)
        config.key = _key(game_type.short_name, self.get_parameters())
        _CONFIGS[config.key] = config

    def new_initial_state(self) -> TrentunoState:
        return TrentunoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(config_of(self), recall)


class TrentunoState(pyspiel.State):
    """A game in progress: before the first deal (explicit chance) `engine` is None."""

    def __init__(self, game: Any, engine: GameState | None = None,
                 dealing: list[int] | None = None, dealer: int | None = None):
        super().__init__(game)
        g = self._g = config_of(game)
        self.engine = engine
        self._dealing = list(dealing or [])   # explicit chance: the deck order so far
        self._dealer = dealer
        #: explicit chance: a move that reshuffles, held while chance draws the order:
        #: (its id, the cards reshuffled), and the cards drawn so far, top card first; the id
        #: is None for a deal that reshuffles (a stock it leaves empty), held with its deck
        #: order (`_deck`) and the orders drawn for it so far (`_deal_shuffles`)
        self._held: tuple[int | None, list[int]] | None = None
        self._drawn: list[int] = []
        self._deck: list[int] = []
        self._deal_shuffles: list[list[int]] = []
        # the hand's result counts from the standing before the first hand (its antes too)
        self._start = starting_standing(g.rules, g.players)
        if engine is None and g.chance == "sampled":
            self.engine = GameState(g.rules, g.players, seed=g.seed,
                                    stop_at_hand_end=g.horizon == "hand")

    # ---- chance -------------------------------------------------------------------------
    def _dealing_now(self) -> bool:
        """A chance node: a deck being dealt or a reshuffle being drawn (explicit chance)."""
        if self._g.chance != "explicit":
            return False
        st = self.engine
        return st is None or self._held is not None or (
            st.hand_over and not st.is_over and self._g.horizon == "game"
            and st.game_goes_on())

    def _needs_dealer(self) -> bool:
        return self.engine is None and self._dealer is None and \
            self._g.rules.first_dealer != "first_seat"

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing_now():
            return int(pyspiel.PlayerId.CHANCE)
        assert self.engine is not None
        return self.engine.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._needs_dealer():
            return [(p, 1.0 / self._g.players) for p in range(self._g.players)]
        if self._held is not None:
            left = sorted(set(self._held[1]) - set(self._drawn))
        else:
            left = sorted(set(range(len(self._g.rules.deck.cards))) - set(self._dealing))
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None or self._held is not None or \
                player != self.engine.current_player:
            return []
        return sorted(self.engine.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        g = self._g
        if self._held is not None:
            self._draw_reshuffle(int(action))
            return
        if not self._dealing_now():
            self._play(int(action))
            return
        if self._needs_dealer():
            self._dealer = int(action)
            return
        self._dealing.append(int(action))
        if len(self._dealing) < len(g.rules.deck.cards):
            return
        self._deck, self._dealing = self._dealing, []
        self._deal()

    def _deal(self) -> None:
        """Deal the deck drawn (`_deck`) with the reshuffle orders drawn for it; a deal that
        would reshuffle once more is held while chance draws that order (`_draw_reshuffle`)."""
        g, order, shuffles = self._g, self._deck, self._deal_shuffles
        dealer = self._dealer if self._dealer is not None else 0
        if self.engine is None:
            pile = reshuffle_at_first_deal(g.rules, g.players, order, seed=g.seed,
                                           dealer=dealer, shuffles=shuffles)
        else:
            trial = self.engine
            if shuffles:  # the orders drawn so far go to a copy: the real deal takes them
                trial = self.engine.clone(record=False)
                for cards in shuffles:
                    trial.supply_shuffle(cards)
            pile = trial.reshuffle_ahead_deal(order)
        if pile:
            self._held, self._drawn = (None, pile), []
            return
        self._deck, self._deal_shuffles = [], []
        if self.engine is None:
            self.engine = GameState(g.rules, g.players, seed=g.seed, decks=[order],
                                    dealer=dealer, shuffles=shuffles, stop_at_hand_end=True)
        else:
            for cards in shuffles:
                self.engine.supply_shuffle(cards)
            self.engine.next_hand(deck=order)
        self._after_move()

    def _play(self, action: int) -> None:
        """Play a move; with explicit chance, a move that would reshuffle cards whose order
        is not given yet is held while chance draws it (`_draw_reshuffle`)."""
        st = self.engine
        assert st is not None
        move = self._g.space.action(st, action)
        if self._g.chance == "explicit":
            pile = st.reshuffle_ahead(move)
            if pile:
                self._held, self._drawn = (action, pile), []
                return
        st.apply(move)
        self._after_move()

    def _draw_reshuffle(self, card: int) -> None:
        """The next card of the reshuffled stock, from its top: once all are drawn, their
        order is supplied (bottom card first, as the engine keeps a zone) and the held move
        played or the held deal dealt, or held again if it reshuffles once more."""
        assert self._held is not None
        action, pile = self._held
        self._drawn.append(card)
        if len(self._drawn) < len(pile):
            return
        order, self._held, self._drawn = self._drawn[::-1], None, []
        if action is None:
            self._deal_shuffles = [*self._deal_shuffles, order]
            self._deal()
            return
        assert self.engine is not None
        self.engine.supply_shuffle(order)
        self._play(action)

    def _after_move(self) -> None:
        """The hand held at its end: deal on by itself (sampled chance), unless the horizon is
        the hand; explicit chance waits for the next deck (or ends the game)."""
        st = self.engine
        assert st is not None
        if st.hand_over and not st.is_over and self._g.horizon == "game" and \
                not (self._g.chance == "explicit" and st.game_goes_on()):
            st.next_hand()
            if self._g.chance == "explicit" and st.hand_over and not st.is_over:
                self._after_move()

    def is_terminal(self) -> bool:
        st = self.engine
        if st is None:
            return False
        return st.is_over or (self._g.horizon == "hand" and st.hand_over)

    def _standing(self) -> list[float]:
        st = self.engine
        assert st is not None
        sign = st.rules.stakes.mode.sign
        return [float(sign * x) for x in st.lives]

    def returns(self) -> list[float]:
        st = self.engine
        if st is None or not self.is_terminal():
            return [0.0] * self._g.players
        if self._g.horizon == "hand":
            return [a - b for a, b in zip(self._standing(), self._start)]
        return [float(r) for r in st.returns()]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._needs_dealer():
                return f"dealer {action}"
            what = "reshuffle" if self._held is not None else "deal"
            return f"{what} {self._g.space._card(int(action))}"
        return self._g.space.to_string(int(action))

    def __str__(self) -> str:
        st = self.engine
        views = [f"dealing: {len(self._dealing or self._deck)} cards"] if st is None else \
            [str(st.observation(p).frozen().without_past()) for p in range(st.players)]
        if self._held is not None:
            action, pile = self._held
            drawn = " ".join(self._g.space._card(c) for c in self._drawn)
            before = "the deal" if action is None else self._g.space.to_string(action)
            views.append(f"reshuffling {len(pile)} cards before {before}"
                         f", drawn from the top: {drawn}")
        return "\n".join(views)

    # ---- copies and search --------------------------------------------------------------
    def __deepcopy__(self, memo: Any) -> TrentunoState:
        new = TrentunoState(self.get_game(), None if self.engine is None else
                            self.engine.clone(), self._dealing, self._dealer)
        new._start = list(self._start)
        new._held, new._drawn = self._held, list(self._drawn)
        new._deck, new._deal_shuffles = self._deck, self._deal_shuffles  # never changed
        return new

    def resample_from_infostate(self, player: int, sampler: Any = None) -> TrentunoState:
        """A state `player` cannot tell from this one (the engine's `resample`)."""
        new = self.__deepcopy__({})
        if self.engine is not None and not self.is_terminal() and not self._dealing_now():
            draw = sampler() if callable(sampler) else random.random()
            rng = random.Random(int(float(draw) * 2 ** 32))
            new.engine = self.engine.resample(player, rng, history=True)
        return new


class Observer:
    """OpenSpiel's PyObserver: a `Frozen` view as a string and a tensor."""

    def __init__(self, game: Config, perfect_recall: bool):
        self._g = game
        self._recall = perfect_recall
        self.tensor = np.zeros(tensor_size(game.rules, game.players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TrentunoState, player: int) -> None:
        self.tensor.fill(0)
        if state.engine is not None:
            seen = state.engine.observation(player).frozen()
            self.tensor[:] = seen.tensor(self._g.rules)

    def string_from(self, state: TrentunoState, player: int) -> str:
        if state.engine is None:
            return f"p{player} dealing {len(state._dealing or state._deck)}"
        seen = state.engine.observation(player).frozen()
        return str(seen if self._recall else seen.without_past())
