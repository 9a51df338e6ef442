"""A table's public facts: its lobby line, as anyone may see it without a token.

Apart from `web.views` so that `web.replica` keeps the lines of tables it lets go.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.levels import level_of
from ludoteca.core import file_source
from ludoteca.web.tables.table import LiveTable


def seats_summary(table: LiveTable) -> list[dict[str, Any]]:
    """Public facts about each seat: kind, agent spec and the lobby level it is (None: not
    one), its person's name (never the token)."""
    game = table.record.game
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "agent": s.agent,
            "level": level_of(game, s.agent),
            "name": s.name,
        }
        for s in table.seats
    ]


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options as every message shows them: an uploaded file by its name and size only
    (its content is in the replay once the game ends, not in every view)."""
    shown: dict[str, Any] = {}
    for name, value in options.items():
        uploaded = file_source(value)
        shown[name] = (
            value if uploaded is None else {"name": uploaded[0], "bytes": len(uploaded[1].encode())}
        )
    return shown


def table_summary(table: LiveTable) -> dict[str, Any]:
    """A lobby line: what anyone may see about a table without a token."""
    state = table.state
    return {
        "id": table.id,
        "game": table.record.game,
        "title": table.game.info.title,
        "options": public_options(table.record.options),
        "created_at": table.record.created_at.isoformat(),
        "index": table.index,
        "current_player": state.current_player,
        "finished": state.is_terminal,
        "scores": list(state.scores),
        "winner": state.winner,
        "seats": seats_summary(table),
        "seeded": table.record.seeded,
        "listed": table.record.listed,
        "rated": table.record.rated,
        "damaged": table.damaged,
        "clock": table.clock(),
        "rematch": table.record.rematch,
        "minutes": table.game.real_minutes(),
    }
