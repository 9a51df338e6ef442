"""Playing a game in the terminal: people at the keyboard, agents in other seats."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.prompt import Prompt
from rich.text import Text

from ludoteca.agents import Agent, SeatView, make_agent
from ludoteca.cli.options import parse_seats
from ludoteca.core import Game, IllegalAction, State

HUMAN = "human"


def terminal_seats(specs: list[str] | None, game: Game, seed: int) -> tuple[list[str], int]:
    """Seats for a terminal game (seat 0 is you unless `specs` say otherwise) and its seed
    (a fresh random one when `seed` is negative)."""
    seats = parse_seats(specs, game.num_seats, "random")
    if not specs:
        seats[0] = HUMAN
    if seed < 0:
        seed = random.SystemRandom().randrange(2**31)
    return seats, seed


def play_terminal(
    game: Game, seats: list[str], seed: int, console: Console, save: Path | None
) -> State:
    """Run one game; humans choose by number or by typing the action."""
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
                Prompt.ask(f"[bold]Pass the device to seat {seat}[/] and press Enter", default="")
                console.clear()
            last_human = seat
            viewer = seat
            _show_events(state, viewer, shown, console)
            _human_turn(game, state, seat, console)
    except (EOFError, KeyboardInterrupt):
        console.print("\n[yellow]Game stopped.[/]")
    _show_events(state, viewer, shown, console)
    if state.is_terminal:
        console.print(Panel(Text(game.render(state.observation(viewer))), title="Final"))
        winner = state.winner
        text = "a draw" if winner is None else f"seat {winner} wins"
        if state.unfinished:
            text = "stopped unfinished (a limit set by the options), no result"
        console.print(f"[bold]Game over: {text}. Scores {list(state.scores)}[/]")
    if save is not None:
        game.record(state).save(save)
        console.print(f"Replay saved to {escape(str(save))}")
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
    console.print(Panel(Text(game.render(observation)), title=f"{game.info.title} — seat {seat}"))
    actions = state.legal_actions()
    for number, action in enumerate(actions, start=1):
        console.print(f"  [cyan]{number:>2}[/] {escape(game.describe_action(observation, action))}")
    while True:
        answer = Prompt.ask(f"Seat {seat}, your choice (number or action)").strip()
        numbered = answer.isdigit() and 0 < int(answer) <= len(actions)
        choice = actions[int(answer) - 1] if numbered else answer
        try:
            state.apply(choice)
            return
        except IllegalAction as exc:
            console.print(f"[red]{escape(str(exc))}[/]")
