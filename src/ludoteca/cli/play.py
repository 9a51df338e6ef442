"""Playing a game in the terminal: people at the keyboard, agents in other seats."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape
from rich.panel import Panel
from rich.prompt import Prompt
from rich.text import Text

from ludoteca.agents import Agent, SeatView, make_agent
from ludoteca.agents import names as agent_names
from ludoteca.agents.levels import LEVEL_WORDS, level_of, level_spec, presets_for
from ludoteca.cli.options import parse_seats
from ludoteca.core import Game, IllegalAction, OptionError, State, i18n
from ludoteca.core.i18n import Seat, _

HUMAN = "human"


def terminal_seats(specs: list[str] | None, game: Game, seed: int) -> tuple[list[str], int]:
    """Seats for a terminal game (seat 0 is you unless `specs` say otherwise; a computer
    by its level, `medium`, as the lobby names them, or by an agent spec) and its seed (a
    fresh random one when `seed` is negative)."""
    seats = parse_seats(specs, game.num_seats, "random")
    if not specs:
        seats[0] = HUMAN
    levels = presets_for(game.info.name)
    for seat, spec in enumerate(seats):
        if spec == HUMAN or spec in levels:
            continue
        if spec.partition(":")[0] in agent_names():
            make_agent(spec)  # a known agent: its own message names a wrong parameter
            continue
        raise OptionError(
            _(
                "--seat {seat}: '{spec}' is no level ({levels}) and no agent ({agents})",
                seat=seat,
                spec=spec[:64],
                levels=", ".join(levels),
                agents=", ".join(agent_names()),
            )
        )
    seats = [spec if spec == HUMAN else level_spec(game.info.name, spec) for spec in seats]
    if seed < 0:
        seed = random.SystemRandom().randrange(2**31)
    return seats, seed


def picture(markup: str) -> Text:
    """A game's terminal picture (`Game.render`, Rich markup) as Rich shows it: its
    colours, or its words verbatim where the markup does not parse."""
    try:
        return Text.from_markup(markup)
    except MarkupError:
        return Text(markup)


def player_names(seats: list[str], game: str | None = None) -> tuple[str, ...]:
    """Each seat's player as the terminal names them: "you" (several people: "player N"),
    else "computer (medium)" for a level of `game`, or with the agent the command line gave."""
    people = seats.count(HUMAN)
    computers = [seat for seat, spec in enumerate(seats) if spec != HUMAN]
    names = []
    for seat, spec in enumerate(seats):
        level = level_of(game, spec)
        word = _(LEVEL_WORDS.get(level, level)) if level else spec
        if spec == HUMAN:
            names.append(_("you") if people == 1 else _("player {n}", n=seat + 1))
        elif len(computers) > 1:
            count = computers.index(seat) + 1
            names.append(_("computer {n} ({level})", n=count, level=word))
        else:
            names.append(_("computer ({level})", level=word))
    return tuple(names)


def seat_listing(game: Game, seats: list[str], seed: int) -> str:
    """The line a terminal game opens with: its number and who plays which side."""
    sides = game.seat_names(game.new_game(seed).observation(None))
    named = [
        _("{side}: {player}", side=side, player=player)
        for side, player in zip(sides, player_names(seats, game.info.name), strict=True)
    ]
    return _("game number {seed}; {seats}", seed=str(seed), seats=", ".join(named))


def play_terminal(
    game: Game, seats: list[str], seed: int, console: Console, save: Path | None
) -> State:
    """Run one game; humans choose by number or by typing the action."""
    with i18n.naming_players(player_names(seats, game.info.name)):
        return _play(game, seats, seed, console, save)


def _play(game: Game, seats: list[str], seed: int, console: Console, save: Path | None) -> State:
    agents: dict[int, Agent] = {
        seat: make_agent(spec, seed + seat) for seat, spec in enumerate(seats) if spec != HUMAN
    }
    humans = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
    state = game.new_game(seed)
    shown = {seat: 0 for seat in [None, *humans]}
    viewer: int | None = humans[0] if len(humans) == 1 else None
    last_human: int | None = None
    try:
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if seat in agents:
                state.apply(agents[seat].act(SeatView(state, seat)))
                continue
            if len(humans) > 1 and seat != last_human:
                console.clear()
                said = _(
                    "Pass the device to {player} and press Enter", player=_name(game, state, seat)
                )
                Prompt.ask(f"[bold]{escape(said)}[/]", default="")
                console.clear()
            last_human = seat
            viewer = seat
            _show_events(state, viewer, shown, console)
            _human_turn(game, state, seat, console)
    except (EOFError, KeyboardInterrupt):
        stopped = _("Game stopped.")
        console.print(f"\n[yellow]{escape(stopped)}[/]")
    _show_events(state, viewer, shown, console)
    if state.is_terminal:
        final = game.render(state.observation(viewer))
        console.print(Panel(picture(final), title=escape(_("Final"))))
        winner = state.winner
        scores = ", ".join(i18n.format_number(score) for score in state.scores)
        if state.unfinished:
            text = _("Game over: stopped unfinished (a limit set by the options), no result.")
        elif winner is None:
            text = _("Game over: a draw. Scores {scores}", scores=scores)
        else:
            text = _(
                "Game over: {player} wins. Scores {scores}",
                player=_name(game, state, winner),
                scores=scores,
            )
        console.print(f"[bold]{escape(text)}[/]")
    if save is not None:
        game.record(state).save(save)
        console.print(escape(_("Replay saved to {path}", path=str(save))))
    return state


def _show_events(
    state: State, seat: int | None, shown: dict[int | None, int], console: Console
) -> None:
    lines = state.events_for(seat)
    for line in lines[shown.get(seat, 0) :]:
        console.print(f"[dim]·[/] {escape(line)}")
    shown[seat] = len(lines)


def _human_turn(game: Game, state: State, seat: int, console: Console) -> None:
    observation = state.observation(seat)
    title = _("{game} — {player}", game=game.info.title, player=_name(game, state, seat))
    console.print(Panel(picture(game.render(observation)), title=escape(title)))
    actions = state.legal_actions()
    for number, action in enumerate(actions, start=1):
        console.print(f"  [cyan]{number:>2}[/] {escape(game.describe_action(observation, action))}")
    while True:
        question = _("{player}, your choice (number or action)", player=_name(game, state, seat))
        answer = Prompt.ask(escape(question)).strip()
        numbered = answer.isdigit() and 0 < int(answer) <= len(actions)
        choice = actions[int(answer) - 1] if numbered else answer
        try:
            state.apply(choice)
            return
        except IllegalAction as exc:
            # A word that is no action at all gets the numbers to type, not the game's ids.
            plain = ":" not in answer
            reason = (
                _(
                    "'{answer}' is not one of the choices: type a number from 1 to {count}",
                    answer=answer,
                    count=str(len(actions)),
                )
                if plain
                else str(exc)
            )
            console.print(f"[red]{escape(reason)}[/]")


def _name(game: Game, state: State, seat: int) -> str:
    """A seat by its side in the game and its player ("Blue (you)")."""
    side = game.seat_names(state.observation(None))[seat]
    player = Seat(seat).name()
    return side if side == player else _("{side} ({player})", side=side, player=player)
