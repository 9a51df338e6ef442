"""Placement and points at one melee table (*Pontuação*, Luta pelo Poder)."""

from __future__ import annotations

from collections.abc import Mapping

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import _

VICTORY_POWER = 15
"""Power that wins a game of A Guerra dos Tronos: Card Game ("completar 15 pontos")."""

# The rulebook's power-to-points tables for second, third and fourth place, as
# (lowest power of the band, points), highest band first. "15(+)" in the second-place
# table: 15 or more power scores 7.
_TABLES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((14, 7), (12, 6), (10, 5), (8, 4), (6, 3), (4, 2), (2, 1), (0, 0)),
    3: ((15, 5), (12, 4), (9, 3), (6, 2), (3, 1), (0, 0)),
    4: ((12, 3), (8, 2), (4, 1), (0, 0)),
}


def distance_to_victory(power: int) -> int:
    """Power still missing to reach 15; 0 once 15 is reached (*mais próximo dos 15 pontos*)."""
    return max(0, VICTORY_POWER - power)


def placements(powers: Mapping[int, int]) -> dict[int, int]:
    """Place of each player at a finished melee table (1 = winner of the table).

    Rulebook, *Pontuação*: "O Jogador que completar 15 pontos ou estiver mais próximo dos
    15 pontos é considerado vencedor da mesa e assim por diante". Players at the same
    distance from 15 share the better place (standard competition ranking: 1, 2, 2, 4);
    see docs/rules/tournament-melee.md.
    """
    for player, power in powers.items():
        if power < 0:
            raise IllegalAction(
                _(
                    "player {player}: power cannot be negative, got {power}",
                    player=player,
                    power=power,
                )
            )
    ordered = sorted(powers, key=lambda p: distance_to_victory(powers[p]))
    result: dict[int, int] = {}
    for index, player in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        if previous is not None and distance_to_victory(powers[previous]) == (
            distance_to_victory(powers[player])
        ):
            result[player] = result[previous]
        else:
            result[player] = index + 1
    return result


def placement_points(place: int, power: int) -> int:
    """Points for finishing in `place` with `power` power.

    Rulebook, *Pontuação*: first place scores its power ("Número de pontos é igual ao
    número de poderes"); second, third and fourth use the rulebook's tables, which are
    power divided by the place rounded down ("divididos por sua colocação (arredondados
    para baixo)") with power counted at most 15. Fifth place (tables of five) has no
    table and uses the same formula.
    """
    if place < 1:
        raise IllegalAction(_("place must be 1 or more, got {place}", place=place))
    if power < 0:
        raise IllegalAction(_("power cannot be negative, got {power}", power=power))
    if place == 1:
        return power
    table = _TABLES.get(place)
    if table is None:
        return min(power, VICTORY_POWER) // place
    for lowest, points in table:
        if power >= lowest:
            return points
    raise AssertionError("unreachable: every table ends with a band from 0")


def table_points(powers: Mapping[int, int]) -> dict[int, int]:
    """Points of each player at a finished melee table, from their final power."""
    places = placements(powers)
    return {player: placement_points(places[player], powers[player]) for player in powers}
