"""Every ludoteca game as an OpenSpiel Python game (issue 21).

    import pyspiel
    from ludoteca.interop import openspiel
    openspiel.register()            # every installed game, as ludoteca_<name>
    game = pyspiel.load_game("ludoteca_toinc(length=short)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

The `GameType` says what the game declares (`GameInfo`): sequential turns (the engines
play a simultaneous choice, futebol's penalty, as a hidden commitment, as OpenSpiel's own
turn-based simultaneous games do); the utility kind, and the least and most return
(`Game.utility_range`); rewards at the end. The action ids are the game's own
(`Game.action_space`).

Chance is *explicit*: a game with chance starts at one chance node whose outcome is the
deal, one of `DEALS` equally likely ludoteca seeds (`rng_seed` picks which block of
seeds); every shuffle and die after it comes from that seed, hidden from every seat. So
such a game is one of imperfect information even where no card is hidden: the dice to
come are fixed but unknown, and an algorithm must not look at them. OpenSpiel's
algorithms sample the deal as any chance node; a state serializes and restores (the
game object has no generator of its own).

Parameters are the game's options that are a number, a word or yes/no (a data file is
not a parameter: wrap a configured game with `SpielGame(game)`), and `rng_seed`.

A seat's observation is its tensor (`State.observation_tensor`) and, as a string, the
game's text picture of `observation(seat)`. Its information state is the string of
`State.information_state` (its observation, the log it read and its own actions), so
CFR-family solvers and OpenSpiel's `ISMCTSBot` run; `resample_from_infostate` draws a
world the seat cannot tell from the true one (`State.determinize`). There is no
information-state tensor.

OpenSpiel's MCTS searches the state it is given, so on the true state it would see hidden
cards and future dice; `ludoteca.interop.openspiel_agent` gives it sampled worlds instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.core import DataFile, Game, State, Utility
from ludoteca.core.extras import missing
from ludoteca.core.i18n import _
from ludoteca.interop.picture import picture

try:
    import pyspiel
except ImportError as error:
    raise missing(error, _("The OpenSpiel games")) from None

PREFIX = "ludoteca_"
SEED = "rng_seed"
DEALS = 2**16
"""The outcomes of a game's chance node: deal `i` plays ludoteca seed `rng_seed * DEALS + i`."""

_UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
}


def parameters(game_class: type[Game]) -> dict[str, int | str | bool]:
    """The OpenSpiel parameters of a game, with their defaults: its plain options (their
    defaults, or its `research_options`) and `rng_seed`."""
    found: dict[str, int | str | bool] = {SEED: 0}
    research = game_class.research_options()
    for option in game_class.info.options:
        default = research.get(option.name, option.default)
        if option.kind is not DataFile and isinstance(default, int | str | bool):
            found[option.name] = default
    return found


def game_type(game_class: type[Game], tensor: bool = True) -> pyspiel.GameType:
    """What OpenSpiel needs to know of the game before loading it."""
    info = game_class.info
    chance = pyspiel.GameType.ChanceMode
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"ludoteca {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if info.chance else chance.DETERMINISTIC,
        information=(
            information.IMPERFECT_INFORMATION
            if info.hidden_information or info.chance
            else information.PERFECT_INFORMATION
        ),
        utility=_UTILITY[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        parameter_specification=parameters(game_class),
    )


def _has_tensor(game: Game) -> bool:
    try:
        game.observation_shape()
    except NotImplementedError:
        return False
    return True


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A configured ludoteca game as an OpenSpiel game."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        low, high = game.utility_range()
        self.dealt = game.info.chance
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=DEALS if self.dealt else 0,
            num_players=game.num_seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if game.info.utility is Utility.ZERO_SUM else None,
            max_game_length=game.max_game_length() + (1 if self.dealt else 0),
        )
        plain = parameters(type(game))
        params = {key: value for key, value in game.options.items() if key in plain}
        params[SEED] = seed
        super().__init__(game_type(type(game), _has_tensor(game)), info, params)
        self.seed = seed

    def deal(self, outcome: int) -> State:
        """The ludoteca game of chance outcome `outcome` (a game without chance: 0)."""
        return self.game.new_game(self.seed * DEALS + outcome)

    def new_initial_state(self) -> SpielState:
        """A new game: the deal's chance node (a game without chance: its one start,
        set up when first looked at)."""
        return SpielState(self)

    def state_of(self, world: State) -> SpielState:
        """`world` (a ludoteca state of this game) as an OpenSpiel state; not copied."""
        state = SpielState(self)
        state._world = _World(self, world)
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer | InformationObserver:
        """The observer of a seat's observation, or of its information state (perfect
        recall: `State.information_state`, a string only)."""
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("these games offer a seat's own observation or information state")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationObserver()
        return Observer(self.game)


class _World:
    """The ludoteca state behind an OpenSpiel state: None at the deal's chance node.
    OpenSpiel copies a state by starting a new one and deep-copying its attributes, so a
    new one sets nothing up until it is looked at, and a copy is the game's own fast
    `clone`."""

    __slots__ = ("_dealt", "_spiel", "_state")

    def __init__(self, spiel: SpielGame | None, state: State | None = None) -> None:
        self._spiel = spiel
        self._state = state
        self._dealt = spiel is not None and spiel.dealt

    @property
    def dealing(self) -> bool:
        """True at the deal's chance node."""
        return self._state is None and self._dealt

    @property
    def state(self) -> State:
        if self._state is None:
            if self._dealt or self._spiel is None:
                raise ValueError("the deal's chance node has no ludoteca state yet")
            self._state = self._spiel.deal(0)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        copy = _World(self._spiel, None if self._state is None else self._state.clone())
        copy._dealt = self._dealt
        return copy

    def __getstate__(self) -> dict[str, Any]:
        # Pickled for OpenSpiel's serialization: the state as `State.to_json` (None before
        # the deal); the compiled build's states do not pickle themselves.
        return {"state": None if self.dealing else self.state.to_json(), "dealt": self._dealt}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        data, state = saved["state"], None
        if data is not None:
            state = games.load(data["game"], **data["options"]).state_from_json(data)
        self._spiel, self._state, self._dealt = None, state, saved["dealt"]


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A ludoteca game in progress, through OpenSpiel's state API."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._world = _World(game)

    @property
    def world(self) -> State:
        """The ludoteca state (moves applied to it bypass OpenSpiel's history); there is
        none at the deal's chance node."""
        return self._world.state

    @property
    def dealing(self) -> bool:
        """True at the deal's chance node."""
        return self._world.dealing

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's CHANCE (the deal) or TERMINAL."""
        if self.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.world.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely."""
        return [(deal, 1.0 / DEALS) for deal in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        return self.world.legal_action_ids()

    def _apply_action(self, action: int) -> None:
        if self.dealing:
            spiel = self.get_game()
            self._world = _World(spiel, spiel.deal(action))
        else:
            self.world.apply_action_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.world.game.action_space.action_of(action)

    def is_terminal(self) -> bool:
        """True when the game is over (a game stopped by a limit counts: all get 0)."""
        return not self.dealing and self.world.is_terminal

    def returns(self) -> list[float]:
        """Each seat's return (0 until the end)."""
        if self.dealing:
            return [0.0] * self.get_game().num_players()
        return list(self.world.returns())

    def resample_from_infostate(self, player: int, sampler: Any) -> SpielState:
        """A state `player` cannot tell from this one: its hidden cards and the dice to
        come drawn afresh (`State.determinize`) with `sampler`, OpenSpiel's generator of
        uniform numbers in [0, 1)."""
        if self.dealing:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(sampler() * 2**53))
        return self.get_game().state_of(self.world.determinize(player, rng))  # type: ignore[no-any-return]

    def __str__(self) -> str:
        if self.dealing:
            return "(the deal)"
        return picture(self.world, None)


class Observer:
    """A seat's observation tensor and text picture; `dict` holds each block of the
    tensor's layout by name, as views (as OpenSpiel's own observers name theirs)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if _has_tensor(game):
            layout = game.observation_layout()
            self.tensor = layout.zeros()
            self.dict = layout.split(self.tensor)

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill the tensor with what `player` sees of `state` (zeros before the deal)."""
        if self.tensor is not None:
            if state.dealing:
                self.tensor[...] = 0.0
            else:
                self.tensor[...] = state.world.observation_tensor(player)

    def string_from(self, state: SpielState, player: int) -> str:
        """The game's text picture of what `player` sees."""
        if state.dealing:
            return ""
        return picture(state.world, player)


class InformationObserver:
    """A seat's information state, as a string (`State.information_state`)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        """There is no information-state tensor."""

    def string_from(self, state: SpielState, player: int) -> str:
        """`player`'s information state (empty before the deal)."""
        return "" if state.dealing else state.world.information_state(player)


def _registered_class(name: str) -> type[SpielGame]:
    """The class OpenSpiel builds game `name` with from its parameters. A class, as
    OpenSpiel's own Python games register: the registry outlives the interpreter, and
    a class is still referenced when it lets go (a function would be freed then, and
    freeing it without the interpreter aborts the process at exit)."""

    def __init__(self: SpielGame, params: Mapping[str, Any]) -> None:
        options = {key: value for key, value in params.items() if key != SEED}
        SpielGame.__init__(self, games.load(name, **options), int(params.get(SEED, 0)))

    return type(f"Spiel_{name}", (SpielGame,), {"__init__": __init__})


_registered: dict[str, type[SpielGame]] = {}


def register(names: list[str] | None = None) -> list[str]:
    """Register `names` (default: every installed game) with OpenSpiel as
    `ludoteca_<name>`; returns the OpenSpiel names. Registering twice is harmless."""
    done = []
    for name in names if names is not None else games.playable():
        game_class = games.game_class(name)
        if name not in _registered:
            _registered[name] = _registered_class(name)
            kind = game_type(game_class, _has_tensor(game_class()))
            pyspiel.register_game(kind, _registered[name])
        done.append(PREFIX + name)
    return done
