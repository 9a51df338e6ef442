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
from ludoteca.core import Game, IllegalAction, State, i18n
from ludoteca.core.i18n import _

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
                said = _("Pass the device to seat {seat} and press Enter", seat=str(seat))
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
        console.print(Panel(Text(final), title=escape(_("Final"))))
        winner = state.winner
        scores = ", ".join(i18n.format_number(score) for score in state.scores)
        if state.unfinished:
            text = _("Game over: stopped unfinished (a limit set by the options), no result.")
        elif winner is None:
            text = _("Game over: a draw. Scores {scores}", scores=scores)
        else:
            text = _(
                "Game over: seat {seat} wins. Scores {scores}", seat=str(winner), scores=scores
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
    title = _("{game} — seat {seat}", game=game.info.title, seat=str(seat))
    console.print(Panel(Text(game.render(observation)), title=escape(title)))
    actions = state.legal_actions()
    for number, action in enumerate(actions, start=1):
        console.print(f"  [cyan]{number:>2}[/] {escape(game.describe_action(observation, action))}")
    while True:
        question = _("Seat {seat}, your choice (number or action)", seat=str(seat))
        answer = Prompt.ask(escape(question)).strip()
        numbered = answer.isdigit() and 0 < int(answer) <= len(actions)
        choice = actions[int(answer) - 1] if numbered else answer
        try:
            state.apply(choice)
            return
        except IllegalAction as exc:
            console.print(f"[red]{escape(str(exc))}[/]")
