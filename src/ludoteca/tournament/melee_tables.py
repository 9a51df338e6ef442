"""Melee table sizes by player count (*Disposição de Lugares*, Luta pelo Poder)."""

from __future__ import annotations

from ludoteca.core.errors import OptionError
from ludoteca.core.i18n import _

# The rulebook's list, "3 jogadores: 1 mesa de três jogadores" ... "12 jogadores: 3 mesas de
# quatro jogadores", each formation written largest tables first.
_LISTED: dict[int, tuple[int, ...]] = {
    3: (3,),
    4: (4,),
    5: (5,),
    6: (3, 3),
    7: (4, 3),
    8: (4, 4),
    9: (3, 3, 3),
    10: (4, 3, 3),
    11: (4, 4, 3),
    12: (4, 4, 4),
}

MIN_PLAYERS = 3


def melee_table_sizes(players: int) -> tuple[int, ...]:
    """Table sizes for `players` melee players, largest first.

    Rulebook, Luta pelo Poder, *Disposição de Lugares*: the list for 3 to 12 players;
    "com mais de 12 jogadores, adicione uma mesa de quatro jogadores para completar a lista
    acima" (13 players: the 9-player formation plus one table of 4). Above 12, tables of 4
    are added until the rest is a listed formation (17 = 9 + 4 + 4).
    """
    if players < MIN_PLAYERS:
        raise OptionError(
            _(
                "a melee needs at least {min_players} players, got {players}",
                min_players=MIN_PLAYERS,
                players=players,
            )
        )
    extra = 0
    rest = players
    while rest > 12:
        rest -= 4
        extra += 1
    return tuple(sorted((*_LISTED[rest], *([4] * extra)), reverse=True))
