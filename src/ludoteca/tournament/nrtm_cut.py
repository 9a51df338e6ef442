"""The elimination part of an NRTM file (`nrtm.py`): Cobra's double-elimination cut in
and out.

Cobra writes `eliminationPlayers` (`id`, `name`, `rank`, `seed`) and one list of
tables per bracket round, each table numbered by its bracket game and each seat with
`id`, `role` (corp or runner) and `winner` (`app/services/nrtm_json.rb`). A cut game is
recorded here as 3-0 to its winner (Cobra reports 3 points for the game won). Sides are
not kept: they are written as null, as Cobra writes a side it does not know.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.double_elim import DoubleCut
from ludoteca.tournament.nrtm_kept import cut_key, game_seats, keep_game
from ludoteca.tournament.players import Match, Score

WIN = Score(3, 0)


def read_cut(
    data: dict[str, Any], rounds: list[list[Any]], ours: dict[int, str], kept: dict[str, Any]
) -> DoubleCut:
    """The cut the file's `eliminationPlayers` and elimination `rounds` describe; each
    game's seat order and sides go to `kept` (`nrtm_kept.py`)."""
    seeded = data.get("eliminationPlayers")
    if not isinstance(seeded, list) or not all(isinstance(p, dict) for p in seeded):
        raise DataFileError(_("not an NRTM file: 'eliminationPlayers' must be a list of players"))
    by_seed = sorted(seeded, key=lambda p: whole(p.get("seed"), "seed"))
    if [p.get("seed") for p in by_seed] != list(range(1, len(by_seed) + 1)):
        raise DataFileError(_("NRTM cut: seeds 1, 2, ... one each"))
    seeds = [_player(p.get("id"), ours) for p in by_seed]
    try:
        cut = DoubleCut.start(seeds, len(seeds))
        for number, tables in enumerate(rounds, start=1):
            if number > 1:
                cut.advance()
            for table in tables:
                _report(cut, number, table, ours, kept)
    except (IllegalAction, OptionError) as exc:
        raise DataFileError(_("NRTM cut: {problem}", problem=str(exc))) from None
    return cut


def _report(
    cut: DoubleCut, number: int, table: Any, ours: dict[int, str], kept: dict[str, Any]
) -> None:
    if not isinstance(table, dict):
        raise DataFileError(_("not an NRTM file: a table is not an object"))
    game = whole(table.get("table"), "table")
    games = [cut.game(number, t) for t in range(1, len(cut.rounds[-1]) + 1)]
    if game not in games:
        raise DataFileError(
            _("NRTM cut round {number}: no game {game} in the bracket", number=number, game=game)
        )
    match = cut.rounds[-1][games.index(game)]
    seats = [
        seat for seat in (table.get("player1"), table.get("player2")) if isinstance(seat, dict)
    ]
    if len(seats) != 2:
        raise DataFileError(_("NRTM cut game {game}: two players", game=game))
    players = {_player(seat.get("id"), ours): seat.get("winner") for seat in seats}
    if set(players) != {match.a, match.b}:
        raise DataFileError(_("NRTM cut game {game}: not the bracket's players", game=game))
    roles = {_player(seat.get("id"), ours): seat.get("role") for seat in seats}
    keep_game(kept, cut_key(number, game), _player(seats[0].get("id"), ours), roles)
    winners = [p for p, won in players.items() if won is True]
    if not winners and all(won is None for won in players.values()):
        return  # not played yet
    if len(winners) != 1:
        raise DataFileError(_("NRTM cut game {game}: exactly one winner", game=game))
    cut.report(match.table, WIN if winners[0] == match.a else WIN.reversed())


def write_cut(
    cut: DoubleCut, number: dict[str, int], names: dict[str, str], kept: dict[str, Any]
) -> dict[str, Any]:
    """`eliminationPlayers` and the elimination rounds of the file, as Cobra writes them
    (with the seat order and sides an import kept)."""
    order = cut.ranking() if cut.finished else list(cut.seeds)
    seed = {p: i for i, p in enumerate(cut.seeds, start=1)}
    players = [
        {"id": number[p], "name": names[p], "rank": rank, "seed": seed[p]}
        for rank, p in enumerate(order, start=1)
    ]
    rounds = [
        [_table(cut.game(k, m.table), m, number, kept, k) for m in matches]
        for k, matches in enumerate(cut.rounds, start=1)
    ]
    return {"eliminationPlayers": players, "rounds": rounds}


def _table(
    game: int, match: Match, number: dict[str, int], kept: dict[str, Any], cut_round: int
) -> dict[str, Any]:
    assert match.b is not None
    won = None if match.result is None else match.result.is_win

    def seat(player: str, winner: bool | None) -> dict[str, Any]:
        return {"id": number[player], "role": None, "winner": winner}

    computed = [seat(match.a, won), seat(match.b, None if won is None else not won)]
    player1, player2 = game_seats(kept, cut_key(cut_round, game), computed, [match.a, match.b])
    return {
        "table": game,
        "player1": player1,
        "player2": player2,
        "intentionalDraw": False,
        "twoForOne": False,
        "eliminationGame": True,
    }


def check_cut(cut: DoubleCut | None, names: dict[str, str], data: dict[str, Any]) -> list[str]:
    """Where the rebuilt cut's places differ from the file's `eliminationPlayers` ranks."""
    seeded = data.get("eliminationPlayers") or []
    if cut is None or not seeded or not cut.finished:
        return []
    mine = {names[p]: rank for rank, p in enumerate(cut.ranking(), start=1)}
    return [
        f"{row.get('name')}: cut place {mine.get(str(row.get('name')))}, the file {row.get('rank')}"
        for row in seeded
        if mine.get(str(row.get("name"))) != row.get("rank")
    ]


def _player(raw: Any, ours: dict[int, str]) -> str:
    if not isinstance(raw, int) or raw not in ours:
        raise DataFileError(_("NRTM cut: an unknown player {id}", id=str(raw)))
    return ours[raw]


def whole(value: Any, key: str) -> int:
    """`value` if it is a whole number, else `DataFileError` naming `key`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataFileError(_("not an NRTM file: {key} must be a whole number", key=key))
    return value
