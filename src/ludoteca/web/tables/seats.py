"""A new table's seats as a request gives them, and when a chosen seed may be taken."""

from __future__ import annotations

from typing import Any

from ludoteca.core import Game
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import bad_request, unprocessable
from ludoteca.web.shared.records import AGENT, HUMAN, OPEN, SEAT_KINDS, StoredSeat
from ludoteca.web.shared.requests import person_name
from ludoteca.web.tables.ai import check_agent


def check_seed(game: Game, specs: list[StoredSeat], hotseat: bool) -> None:
    """A chosen seed rebuilds every hidden card and every die of the game, so it is taken
    only when every person at the table is its creator: one human seat, or several
    played on one screen (`hotseat`), and no open seat. Others get 422."""
    if not (game.info.hidden_information or game.info.chance):
        return
    humans = sum(1 for spec in specs if spec.kind == HUMAN)
    if any(spec.kind == OPEN for spec in specs) or (humans > 1 and not hotseat):
        raise unprocessable(
            _(
                "a chosen seed tells its chooser every hidden card and die of the game, so it "
                "is only for tables where every person is you (one person against the "
                "computer, or hot-seat); leave the seed out and the server draws a secret one"
            )
        )


def check_rated(seeded: bool, hotseat: bool) -> None:
    """A rated table has a seed no one chose and one person a screen (422)."""
    if seeded:
        raise unprocessable(_("a rated table's seed is the server's secret: leave it out"))
    if hotseat:
        raise unprocessable(_("a rated table has one person a screen: not hot-seat"))


def check_hotseat(specs: list[StoredSeat]) -> None:
    """A hot-seat table's people share one screen: no seat carries a name (422)."""
    if any(spec.name is not None for spec in specs):
        raise unprocessable(_("a hot-seat table names no one: its people share one screen"))


def seat_spec(seat: int, raw: Any, game: str) -> StoredSeat:
    """A seat of a new table as the request gives it (400 naming what is wrong)."""
    if not isinstance(raw, dict):
        raise bad_request(_("seat {seat} must be an object like {{'kind': 'human'}}", seat=seat))
    kind = raw.get("kind")
    if kind not in SEAT_KINDS:
        raise bad_request(
            _("seat {seat}: kind must be one of {value}", seat=seat, value=", ".join(SEAT_KINDS))
        )
    if kind == HUMAN and raw.get("name") is not None:
        return StoredSeat(seat, kind, name=person_name(raw["name"], f"seat {seat}: name"))
    if kind != AGENT:
        return StoredSeat(seat, kind)
    agent = raw.get("agent", "random")
    if not isinstance(agent, str):
        raise bad_request(_("seat {seat}: agent must be a spec such as 'random'", seat=seat))
    return StoredSeat(seat, AGENT, agent=check_agent(agent, game))
