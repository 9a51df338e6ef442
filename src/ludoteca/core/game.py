"""The game contract every ludoteca game implements.

A `Game` is a rules engine configured by validated options; a `State` is one
game in progress. Actions are short strings; all randomness comes from the
state's own seeded RNG, so `(game, options, seed, actions)` replays exactly.
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.core.events import Event, Reading, compact, read
from ludoteca.core.guide import Guide, read_guide
from ludoteca.core.i18n import SOURCE, Arg, Text, _, current, using
from ludoteca.core.info import GameInfo
from ludoteca.core.minutes import Minutes
from ludoteca.core.options import OptionValue, validate_options
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.replay import Replay
from ludoteca.core.seeds import rng_state_from_json, rng_state_to_json
from ludoteca.core.spaces import ActionIds, IntegerActions

STATE_FORMAT = "ludoteca-state"
STATE_VERSION = 1

S = TypeVar("S", bound="State")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make compiled), games subclass it
class Game(IntegerActions, ABC):
    """A configured rules engine: `new_game(seed)` starts a `State`."""

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    phases: ClassVar[type[StrEnum] | None] = None
    """The decisions this game's states await, a `StrEnum` (its values are the `phase` of
    observations): each state's `phase` is one of them. None: a game without phases."""
    endings: ClassVar[type[StrEnum] | None] = None
    """The rules that can end this game, a `StrEnum` (its values are message ids: "golden
    goal"): a finished state's `ending()` is one of them. None: not declared."""
    observation_schema: ClassVar[type[Any] | None] = None
    """The `TypedDict` of what this game's `_observe` adds to an observation (the core's
    part is `Observation`): every observation is checked against both by the conformance
    suite. None: not declared."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, OptionValue] = validate_options(
            self.info.name, self.info.options, options
        )
        self.configure()

    def configure(self) -> None:
        """Load data files and derive settings from `self.options` (hook)."""
        return None

    def int_option(self, name: str) -> int:
        """Option `name`, declared `kind=int`, as a whole number (0 when unset)."""
        value = self.options[name]
        if not isinstance(value, int):
            return 0
        return value

    @property
    def num_seats(self) -> int:
        """How many seats this configuration has."""
        return self.info.min_seats

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that win or lose together, side by side (default: every seat alone;
        a team game groups its teams' seats): what ratings rate as one."""
        return tuple((seat,) for seat in range(self.num_seats))

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Option sets the shared conformance suite plays (default: the defaults)."""
        return [{}]

    @classmethod
    def short_options(cls) -> dict[str, OptionValue]:
        """Options for a whole game in seconds with every phase still played: what tests,
        examples and demonstrations use (default: the first conformance configuration)."""
        return dict(cls.conformance_configs()[0])

    @classmethod
    def research_options(cls) -> dict[str, OptionValue]:
        """Options the research interfaces (OpenSpiel, PettingZoo, Gymnasium) default to,
        over the game's own defaults: none, the rulebook's game, unless its episodes are
        too long for learners and their test suites (Touch down's 15-minute quarters)."""
        return {}

    def new_game(self, seed: int, *, quiet: bool = False) -> State:
        """Start a game whose every random outcome follows from `seed` (`quiet`: one
        that keeps no event log, see `State.quiet`)."""
        state = self.state_class(self, seed)
        state.quiet = quiet
        state.setup()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state saved by `State.to_json` (raises `DataFileError`)."""
        try:
            if data.get("format") != STATE_FORMAT or data.get("version") != STATE_VERSION:
                raise DataFileError(_("not a ludoteca state (format/version)"))
            if data.get("game") != self.info.name:
                raise DataFileError(
                    _(
                        "state is for game '{value}', not '{name}'",
                        value=str(data.get("game")),
                        name=self.info.name,
                    )
                )
            if dict(data.get("options", {})) != self.options:
                raise DataFileError(_("state was saved with other options than this game's"))
            state = self.state_class(self, int(data["seed"]))
            state.rng.setstate(rng_state_from_json(data["rng"]))
            state.history = [str(a) for a in data["history"]]
            actors = data.get("actors")  # states saved before actors were kept: re-played
            state.actors = (
                [int(seat) for seat in actors]
                if actors is not None
                else self.replay(
                    Replay(self.info.name, dict(self.options), state.seed, state.history)
                ).actors
            )
            if len(state.actors) != len(state.history):
                raise DataFileError(_("malformed state: an actor for every action"))
            state.events = [
                Event(Text.from_json(text), None if seats is None else frozenset(map(int, seats)))
                for text, seats in data["events"]
            ]
            state.load(data["data"])
        except DataFileError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataFileError(_("malformed state: {exc}", exc=repr(exc))) from None
        return state

    def replay(self, record: Replay) -> State:
        """Re-play a recorded game; an action the rules refuse raises `DataFileError`."""
        if record.game != self.info.name:
            raise DataFileError(
                _(
                    "replay is for game '{game}', not '{name}'",
                    game=record.game,
                    name=self.info.name,
                )
            )
        state = self.new_game(record.seed)
        for index, action in enumerate(record.actions, start=1):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise DataFileError(
                    _(
                        "replay action #{index} '{action}' is illegal: {exc}",
                        index=index,
                        action=action,
                        exc=str(exc),
                    )
                ) from None
        if record.result is not None and record.result != state.result():
            raise DataFileError(
                _(
                    "replay does not reproduce its recorded result {result}: got {value}",
                    result=str(record.result),
                    value=str(state.result()),
                )
            )
        return state

    def render(self, observation: Mapping[str, Any]) -> str:
        """A readable terminal picture of an observation (rich markup allowed)."""
        hidden = {"events", "legal_actions"}
        return json.dumps({k: v for k, v in observation.items() if k not in hidden}, indent=1)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A person's label for a legal action, shown beside its number in menus."""
        return action

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """Every seat's name in the game's own words (a side, a colour, a role), as this
        observation stands: public, so the same from every seat's observation."""
        return [_("Player {n}", n=seat + 1) for seat in range(self.num_seats)]

    def board_layout(self) -> dict[str, Any] | None:
        """Public, fixed data the web board draws besides the observation (its grid, a
        squad's counters): set by the options only, never by a state, so it hides
        nothing. None: the game has no board view."""
        return None

    def max_game_length(self) -> int:
        """The most actions a game under these options may take before tools stop it
        as a runaway (`sim` raises `GameTooLong`). The game's own bound: where its
        rules set none, a cap far beyond any game seen, and no finished game's
        length may reach it (checked by the conformance suite)."""
        return 200_000

    def real_minutes(self) -> Minutes | None:
        """Real minutes a game of this configuration takes people at one table (`Minutes`,
        `core.minutes.minutes_range`); None when nothing is known."""
        return None

    def utility_range(self) -> tuple[float, float]:
        """The least and most any seat's `returns()` may be under these options (the
        default returns: a loss shares -1, a win is +1; checked by the conformance suite)."""
        return (-1.0 / max(1, self.num_seats - 1), 1.0)

    def card_names(self) -> Mapping[str, str]:
        """The ids of the cards an action may name, with a readable label of each
        (empty: the game has no cards). Simulation reports count their uses."""
        return {}

    @classmethod
    def guide(cls, locale: str | None = None) -> Guide:
        """How to play the game and what its terms mean, for players (`core.guide`), in
        `locale` (default: the current one)."""
        return standard_guide(cls, locale)

    @classmethod
    def knowledge(cls) -> GameKnowledge | None:
        """What the game tells computer players (None: they play at random)."""
        return None

    def record(self, state: State) -> Replay:
        """The replay record of `state`: enough to reproduce it exactly."""
        return Replay(
            game=self.info.name,
            options=dict(self.options),
            seed=state.seed,
            actions=list(state.history),
            result=state.result() if state.is_terminal else None,
        )


def standard_guide(game: type[Game], locale: str | None = None) -> Guide:
    """`Game.guide` of the game class `game`: its guide folder and summary in `locale`. A
    game that adds to its guide calls this, not `super().guide` (a class method's
    `super()` finds the metaclass in the compiled build)."""
    locale = locale or current()
    with using(locale):
        return read_guide(game, _(game.info.summary), locale)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ActionIds, ABC):
    """One game in progress. Mutable: `apply` changes it in place."""

    quiet: bool = False
    """True: `log` keeps nothing. For worlds a search plays out and throws away (the
    log is most of a rollout's cost in some games, and no rule reads it)."""

    def __init__(self, game: Game, seed: int, rng: random.Random | None = None) -> None:
        """A state of `game` whose chance draws from `rng`, else from `seed` (a game's
        `clone` passes the generator it is given: seeding one costs more than the copy)."""
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed) if rng is None else rng
        self.history: list[str] = []
        self.actors: list[int] = []
        """The seat that took each action of `history`."""
        self.events: list[Event] = []
        self._read: dict[int, Reading] = {}  # each seat's log as its information state has it
        self._known: tuple[int, str] | None = None  # the last information state given, by seat
        self._legal: list[str] | None = None
        self._legal_ids: tuple[list[str], list[int]] | None = None

    # -- what each game implements -------------------------------------------------
    @abstractmethod
    def setup(self) -> None:
        """Prepare a new game (shuffle, deal, place) using `self.rng`."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must act now, or None when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[str]:
        """Every legal action for the current player (called once per position)."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Carry out an action already known to be legal."""

    @property
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """The score of each seat (points so far, or final)."""

    @abstractmethod
    def _observe(self, seat: int | None) -> Mapping[str, Any]:
        """The game-specific part of what `seat` (None: a spectator) may see (of the
        game's `observation_schema`, when it declares one)."""

    @abstractmethod
    def dump(self) -> dict[str, Any]:
        """The game-specific data of this state, JSON-able (see `load`)."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> None:
        """Restore the game-specific data written by `dump`."""

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Re-deal, in place, everything `seat` cannot see (hidden-information games).

        The result must depend only on what `seat` sees and on `rng`: gather the
        unseen cards in a canonical order (sorted) before shuffling them.
        """
        if self.game.info.hidden_information:
            raise NotImplementedError(f"{self.game.info.name} must implement _resample")

    def secrets(self, seat: int | None) -> set[str]:
        """Tokens (card ids, ...) that `seat` must not see now; checked by conformance."""
        return set()

    def explain_illegal(self, action: str) -> str:
        """Why `action` is refused now (games may give a more specific reason)."""
        legal = self.legal_actions()
        shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
        return _(
            "'{action}' is not legal now for seat {seat} (legal: {legal})",
            action=action,
            seat=str(self.current_player),
            legal=shown,
        )

    # -- the contract, shared by every game ----------------------------------------
    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player is None

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by a limit outside its rules (a simulation's
        turn limit): it is over but has no result, not even a draw."""
        return False

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over (None: not over, a draw, or unfinished)."""
        if not self.is_terminal or self.unfinished:
            return None
        scores = self.scores
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        return leaders[0] if len(leaders) == 1 else None

    def returns(self) -> tuple[float, ...]:
        """Zero-sum utilities: +1 to the winner, the rest shares -1 (a draw: all 0)."""
        seats = self.game.num_seats
        winner = self.winner
        if winner is None:
            return tuple(0.0 for _ in range(seats))
        return tuple(1.0 if s == winner else -1.0 / (seats - 1) for s in range(seats))

    def end_reason(self) -> str:
        """Which of the game's rules ended it, in its own words (hook; called only
        once the game is over and not unfinished)."""
        return "the rules end the game"

    def ending(self) -> StrEnum | None:
        """Which of the game's `endings` ended it (hook; called only once the game is over
        and not unfinished; None when the game declares none)."""
        return None

    def limit_reason(self) -> str:
        """Which limit stopped an unfinished game (hook)."""
        return "stopped by a limit outside the rules"

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it is in play)."""
        if not self.is_terminal:
            return None
        stopped = self.unfinished
        return Outcome(
            scores=tuple(self.scores),
            returns=tuple(self.returns()),
            winner=self.winner,
            termination=Termination.LIMIT if stopped else Termination.RULES,
            reason=self.limit_reason() if stopped else self.end_reason(),
            ending=None if stopped else _value(self.ending()),
        )

    def statistics(self) -> dict[str, float]:
        """Game-specific figures for simulation reports (plays, yards, goals...)."""
        return {}

    def result(self) -> dict[str, Any]:
        """Scores and winner, as stored in replay files (and `unfinished` when stopped)."""
        result: dict[str, Any] = {"scores": list(self.scores), "winner": self.winner}
        if self.unfinished:
            result["unfinished"] = True
        return result

    def legal_actions(self) -> list[str]:
        """The legal actions of the current player (empty when terminal)."""
        if self._legal is None:
            self._legal = [] if self.is_terminal else self._legal_actions()
        return list(self._legal)

    def is_legal(self, action: str) -> bool:
        """True if `action` may be applied now."""
        if self._legal is None:
            self.legal_actions()
        assert self._legal is not None
        return action in self._legal

    def apply(self, action: str) -> None:
        """Apply a legal action; an illegal one raises `IllegalAction`, changing nothing."""
        seat = self.current_player
        if seat is None:
            raise IllegalAction(_("'{action}' refused: the game is over", action=action))
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self._legal, self._known = None, None
        self._apply(action)
        self.history.append(action)
        self.actors.append(seat)

    def log(self, message: str | Text, seats: frozenset[int] | None = None, /, **args: Arg) -> None:
        """Add a line to the event log, readable by `seats` (None: everyone): `message` is
        an English message id with `{name}` fields filled from `args`, or a `Text`."""
        if self.quiet:
            return
        text = message if isinstance(message, Text) else Text(message, args)
        self.events.append(Event(text, seats))

    def events_for(self, seat: int | None) -> list[str]:
        """The event log as `seat` (None: a spectator) may read it, in the current locale."""
        locale = current()
        return [event.text_in(locale) for event in self.events if event.visible_to(seat)]

    def log_for(self, seat: int | None) -> list[Any]:
        """The event log as `seat` may read it, as message ids and fields (`Text.to_json`):
        what a board reads, in any language, instead of the words."""
        return [event.to_json() for event in self.events if event.visible_to(seat)]

    def observation(self, seat: int | None, events: list[str] | None = None) -> dict[str, Any]:
        """Exactly what `seat` may know, JSON-able; `None` is the spectator view. `events`:
        the seat's `events_for`, given by a caller that keeps it already."""
        if seat is not None and not 0 <= seat < self.game.num_seats:
            raise IllegalAction(
                _(
                    "there is no seat {seat} (seats: 0-{last})",
                    seat=seat,
                    last=self.game.num_seats - 1,
                )
            )
        view: dict[str, Any] = {
            "game": self.game.info.name,
            "seat": seat,
            "current_player": self.current_player,
            "terminal": self.is_terminal,
            "scores": list(self.scores),
            "winner": self.winner,
            "unfinished": self.unfinished,
            "legal_actions": self.legal_actions() if seat == self.current_player else [],
            "events": self.events_for(seat) if events is None else events,
        }
        view.update(self._observe(seat))
        return view

    def information_state(self, seat: int) -> str:
        """What `seat` has come to know, as a string (OpenSpiel's information state): its
        observation (with any text in the source language), the log it has read (as message
        ids) and its own actions. Two states give a seat one string exactly when it cannot
        tell them apart; `determinize(seat, ...)` keeps it."""
        known = self._known
        if known is not None and known[0] == seat:  # a search asks again and again
            return known[1]
        with using(SOURCE):  # a game's view may hold text (Toinc's card faces)
            view = self.observation(seat, [])
        del view["events"]
        reading = read(self.events, seat, self._read.get(seat))
        self._read = {**self._read, seat: reading}  # copies share the old one
        log = reading[2]
        # What json.dumps(sort_keys=True) writes of {"log", "mine", "view"}, each log line
        # written once for all and kept (a long game's log is thousands of lines).
        text = "".join(
            (
                '{"log":[',
                log,
                '],"mine":',
                compact(self.own_actions(seat)),
                ',"view":',
                compact(view),
                "}",
            )
        )
        self._known = (seat, text)
        return text

    def own_actions(self, seat: int) -> list[str]:
        """The actions `seat` took, in order."""
        return [
            action for action, actor in zip(self.history, self.actors, strict=True) if actor == seat
        ]

    def clone(self: S, rng: random.Random | None = None) -> S:
        """An independent copy (games may override with something faster). With
        `rng` the copy draws its future chance from `rng` instead of a copy of
        this state's generator (cheaper: copying a generator's state is not)."""
        if rng is None:
            return copy.deepcopy(self)
        own, self.rng = self.rng, random.Random(0)
        try:
            world = copy.deepcopy(self)
        finally:
            self.rng = own
        world.rng = rng
        return world

    def _copy_base(self, other: State, rng: random.Random | None) -> None:
        """Give `other`, a new instance a game's `clone` is filling, this state's core
        fields: the game, the seed, a copy of the generator (or `rng`), copies of the
        history and the log, the legal actions found, `quiet`. (On the compiled build
        these are not in an instance's `__dict__`.)"""
        other.game, other.seed, other.quiet = self.game, self.seed, self.quiet
        if rng is None:
            rng = random.Random(0)  # state set below; seeding from the OS costs more
            rng.setstate(self.rng.getstate())
        other.rng = rng
        other.history, other.actors = list(self.history), list(self.actors)
        other.events, other._read = list(self.events), self._read
        other._legal = None if self._legal is None else list(self._legal)
        other._known = self._known
        other._legal_ids = None

    def determinize(self: S, seat: int, rng: random.Random) -> S:
        """A copy consistent with what `seat` sees, the rest (and future chance) re-sampled."""
        world = self.clone(random.Random(rng.getrandbits(64)))
        world._resample(seat, rng)
        world._legal, world._known = None, None
        # The log and the others' actions could tell what the seat cannot see; its own
        # actions it knows (they are part of its `information_state`).
        world.events = [event for event in world.events if event.visible_to(seat)]
        world.history = self.own_actions(seat)
        world.actors = [seat] * len(world.history)
        return world

    def to_json(self) -> dict[str, Any]:
        """The whole state, JSON-able; `Game.state_from_json` restores it."""
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game.info.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rng": rng_state_to_json(self.rng.getstate()),
            "history": list(self.history),
            "actors": list(self.actors),
            "events": [
                [e.to_json(), None if e.seats is None else sorted(e.seats)] for e in self.events
            ],
            "data": self.dump(),
        }


def _value(member: StrEnum | None) -> str | None:
    """An enum member's value (None stays None)."""
    return None if member is None else member.value


@dataclass(frozen=True)
class GameKnowledge:
    """A game's advice to computer players, used by any agent without knowing the game.

    `policy(world, rng)`: a good legal action for the seat to act in a full
    (determinized) state. `evaluate(state, seat)`: a value in [-1, 1] for search
    leaves. `routine(world)`: True where search should play the policy's choice.
    `checkpoint(world)`: True at natural points to value a position. `evaluate_all`:
    every seat's value at once, where that is cheaper. `levels`: agent specs the web
    lobby offers for this game by level name (`hard`...), overriding the defaults.
    """

    policy: Callable[[State, random.Random], str]
    evaluate: Callable[[State, int], float] | None = None
    routine: Callable[[State], bool] | None = None
    checkpoint: Callable[[State], bool] | None = None
    evaluate_all: Callable[[State], list[float]] | None = None
    levels: Mapping[str, str] = field(default_factory=dict)
