"""`ludoteca tournament run | clock | check-deck | champion`: bots, clock, decks, overall."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.live import Live
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from ludoteca import games
from ludoteca.agents import make_agent, split_specs
from ludoteca.cli.console import text_console
from ludoteca.cli.options import game_options, parse_options
from ludoteca.cli.tournament_views import print_standings, store_of
from ludoteca.core import IllegalAction, LudotecaError, OptionError, i18n
from ludoteca.core.i18n import N_, _
from ludoteca.sim.bot_match import local_player
from ludoteca.tournament.bots import BotMatch, play_swiss_round, play_top_cut_round
from ludoteca.tournament.champion import overall_ranking
from ludoteca.tournament.clock import RoundClock
from ludoteca.tournament.decklist import check_deck as check_deck_list
from ludoteca.tournament.decklist import deck_rules, load_deck, load_restricted
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, Tier
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.store import Tournament, TournamentStore

console = text_console()


CHAMPION_COLUMNS = (
    N_("rank"),
    N_("player"),
    N_("points"),
    N_("duel place"),
    N_("melee place"),
    N_("tied with"),
)


def run(
    ctx: typer.Context,
    game: Annotated[str, typer.Option("--game", help="A two-seat ludoteca game.")],
    agents: Annotated[str, typer.Option("--agents", help="One agent per player, comma-separated.")],
    rounds: Annotated[int, typer.Option("--rounds", min=1)] = 3,
    top_cut_size: Annotated[int, typer.Option("--top-cut", help="0: none.")] = 0,
    name: Annotated[str | None, typer.Option("--name")] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    action_limit: Annotated[
        int, typer.Option("--action-limit", help="The round's time limit, in actions.")
    ] = 20_000,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with a stopped run of the same command.")
    ] = False,
) -> None:
    """Play a whole Duel event between agents, saving each round, and print the standings.

    Each round is stored once played; after a stop, the same command with `--resume`
    plays the rest, and the matches come out as an unbroken run's would."""
    specs = split_specs(agents)
    if len(specs) < 2:
        raise OptionError(_("--agents needs at least two players"))
    for spec in specs:
        make_agent(spec)
    options = game_options(game, parse_options(None, option))
    engine = games.load(game, **options)
    player = local_player(engine)
    # a cut match needs a winner: the game's own way past a tie (`GameInfo.knockout`)
    knockout = local_player(games.load(game, **{**options, **dict(engine.info.knockout)}))
    event = DuelEvent(name or f"{game}-bots-{seed}", seed)
    agent_of = {}
    for index, spec in enumerate(specs, start=1):
        agent_of[event.add_player(f"p{index}", f"{spec} #{index}").id] = spec
    store = store_of(ctx)
    if resume:
        event = _resumable(store, event)
    else:
        try:
            store.create(Tournament("duel", event, EventStaff(Tier.LOCAL)))
        except IllegalAction as exc:
            raise IllegalAction(
                _("{exc}: use --resume to go on with its run", exc=str(exc))
            ) from None
    total = rounds * (len(specs) // 2) + max(top_cut_size - 1, 0)
    with Progress(console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(event.name, total=total, completed=_played(event))

        def played(_: BotMatch) -> None:
            progress.advance(task)

        first = len(event.rounds) + 1 if event.top_cut is None else rounds + 1
        for number in range(first, rounds + 1):  # one transaction per round: nothing is lost
            with store.change(event.name, "bot-round", {"round": number}) as record:
                assert isinstance(record.event, DuelEvent)
                play_swiss_round(record.event, player, agent_of, action_limit, played)
        finished = top_cut_size == 0 or (event.top_cut is not None and event.top_cut.finished)
        while not finished:
            with store.change(event.name, "bot-top-cut", {"size": top_cut_size}) as record:
                assert isinstance(record.event, DuelEvent)
                finished = play_top_cut_round(
                    record.event, knockout, agent_of, top_cut_size, action_limit, played
                )
    print_standings(console, store.load(event.name).event)


def _resumable(store: TournamentStore, fresh: DuelEvent) -> DuelEvent:
    """The stored event a `--resume` goes on with: it must be the run these arguments
    describe (same name, seed and players), else nothing is played."""
    stored = store.load(fresh.name).event
    if not isinstance(stored, DuelEvent) or stored.seed != fresh.seed:
        raise OptionError(
            _(
                "event {name} was not started by a run with --seed {seed}",
                name=repr(fresh.name),
                seed=fresh.seed,
            )
        )
    mine = [(p.id, p.name) for p in fresh.players.values()]
    if [(p.id, p.name) for p in stored.players.values()] != mine:
        raise OptionError(_("event {name} was started with other --agents", name=repr(fresh.name)))
    return stored


def _played(event: DuelEvent) -> int:
    """Matches already played and stored (byes are not matches)."""
    swiss = sum(1 for r in event.rounds for m in r.matches if m.b is not None)
    cut = 0 if event.top_cut is None else sum(len(r) for r in event.top_cut.rounds)
    return swiss + cut


def clock(
    ctx: typer.Context,
    event: Annotated[str, typer.Argument(help="The event's name.")],
    start: Annotated[bool, typer.Option("--start", help="Start the current round's clock.")] = (
        False
    ),
    watch: Annotated[bool, typer.Option("--watch", help="Count down live until time is up.")] = (
        False
    ),
) -> None:
    """The round clock: duel rounds 60 minutes, melee 105 (or 90 or 120 as set)."""
    store = store_of(ctx)
    if start:
        with store.change(event, "clock-start", {}) as record:
            if record.round_started_at is not None:
                raise LudotecaError(_("this round's clock is already running"))
            record.round_started_at = time.time()
    record = store.load(event)
    current = record.event
    minutes = current.round_minutes if isinstance(current, DuelEvent) else current.minutes
    round_clock = RoundClock(minutes, now=time.time, started_at=record.round_started_at)
    label = _("{event}, round {number}", event=record.name, number=len(current.rounds))
    if not watch:
        if record.round_started_at is None:
            said = _(
                "{label}: {clock} not started ({minutes}-minute rounds)",
                label=label,
                clock=round_clock.display(),
                minutes=minutes,
            )
        else:
            said = _(
                "{label}: {clock} left ({minutes}-minute rounds)",
                label=label,
                clock=round_clock.display(),
                minutes=minutes,
            )
        console.print(said)
        return
    with Live(Text(round_clock.display()), console=console, refresh_per_second=2) as live:
        while not round_clock.expired and record.round_started_at is not None:
            live.update(Text(f"{label}  {round_clock.display()}", style="bold"))
            time.sleep(0.5)
    console.print(_("{label}: time is up — unfinished games get timed results.", label=label))


def check_deck(
    deck: Annotated[Path, typer.Argument(help="A deck list (.toml or text).")],
    restricted: Annotated[
        Path | None, typer.Option("--restricted", help="The organizer's restricted list.")
    ] = None,
) -> None:
    """Check a deck list against the event deck rules; every violation is named."""
    rules = deck_rules(load_restricted(restricted) if restricted else ())
    violations = check_deck_list(load_deck(deck), rules)
    if not violations:
        console.print(_("{deck}: legal", deck=str(deck)))
        return
    for violation in violations:
        console.print(f"{deck}: {violation.message}")
    raise typer.Exit(1)


def champion(
    ctx: typer.Context,
    duel: Annotated[str, typer.Argument(help="The Duel event's name.")],
    melee: Annotated[str, typer.Argument(help="The Melee event's name.")],
) -> None:
    """Overall champion of a combined event: players in both, matched by name."""
    store = store_of(ctx)
    duel_event, melee_event = store.load(duel).event, store.load(melee).event
    if not isinstance(duel_event, DuelEvent) or not isinstance(melee_event, MeleeEvent):
        raise OptionError(_("give a Duel event, then a Melee event"))
    names = [duel_event.players[p].name for p in duel_event.final_ranking()]
    table = Table(title=_("Overall champion: {duel} + {melee}", duel=duel, melee=melee))
    for column in CHAMPION_COLUMNS:
        table.add_column(_(column))
    for line in overall_ranking(names, melee_event.finish()):
        tied = ", ".join(p for p in line.unresolved if p != line.player) or "-"
        table.add_row(
            str(line.rank),
            line.player,
            i18n.format_number(line.points),
            str(line.duel_place),
            str(line.melee_place),
            tied,
        )
    console.print(table)
