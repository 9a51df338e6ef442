"""Overall champion of a combined Duel and Melee event (*Pontuação para Campeão Geral*).

Inputs are plain final rankings (player identifiers, best first), so this module does not
depend on how either event was run.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _

OVERALL_POINTS = (48, 42, 37, 33, 29, 26, 23, 20, 17, 15, 13, 11, 9, 7, 5, 3)
"""Points for places 1 to 16; "17º e abaixo (não classificados): 1 ponto"."""


def overall_points(place: int) -> int:
    """Overall-champion points for a final `place` (1 = winner) in either event.

    Rulebook, *Pontuação para Campeão Geral*: "1º: 48 pontos ... 16º: 3 pontos; 17º e
    abaixo (não classificados): 1 ponto".
    """
    if place < 1:
        raise DataFileError(_("a place is 1 or more, got {place}", place=place))
    return OVERALL_POINTS[place - 1] if place <= len(OVERALL_POINTS) else 1


_SEMIFINAL_GROUP = {2: 0, 3: 1, 4: 2}
"""Semi-final place -> group: seconds (5th-8th), thirds (9th-12th), fourths (13th-16th),
fifths."""


@dataclass(frozen=True)
class MeleeFinish:
    """How a melee event ended: the input for its final places.

    `final_table`: the final table's players in finishing order. `preliminary`: every
    player by preliminary ranking. `semifinals`: each semi-final table in finishing order
    (empty when the event went straight from preliminary rounds to the final table).
    """

    final_table: tuple[str, ...]
    preliminary: tuple[str, ...]
    semifinals: tuple[tuple[str, ...], ...] = ()


def melee_places(finish: MeleeFinish) -> list[str]:
    """Every melee player in final-place order, best first.

    Rulebook, *Pontuação para Campeão Geral*: "Os jogadores na última mesa são rankeados
    conforme sua posição final na última mesa. As posições 5º a 12º são premiadas ao
    terceiro lugar de todas as mesas da semi-final (em ordem de colocação nas etapas
    preliminares), e as posições 13º a 16º são premiadas ao quarto lugar". Places 5-8 go
    to the semi-final seconds, 9-12 to the thirds (see docs/rules/tournament-melee.md),
    13-16 to the fourths, then any fifths, each group by preliminary rank; everyone else
    follows by preliminary rank.
    """
    prelim = _unique(finish.preliminary, "preliminary ranking")
    rank = {player: index for index, player in enumerate(prelim)}
    final = _unique(finish.final_table, "final table")
    seen = set(final)
    _unique([p for table in finish.semifinals for p in table], "semi-final tables")
    for player in [*final, *(p for table in finish.semifinals for p in table)]:
        if player not in rank:
            raise DataFileError(
                _(
                    "melee player {player} is missing from the preliminary ranking",
                    player=repr(player),
                )
            )
    places = list(final)
    groups: list[list[str]] = [[], [], [], []]
    for table in finish.semifinals:
        for position, player in enumerate(table[1:], start=2):
            if player in seen:
                raise DataFileError(_("melee player {player} is placed twice", player=repr(player)))
            seen.add(player)
            groups[_SEMIFINAL_GROUP.get(position, 3)].append(player)
    for group in groups:
        places.extend(sorted(group, key=rank.__getitem__))
    for table in finish.semifinals:
        if table and table[0] not in seen:
            raise DataFileError(
                _("semi-final winner {value} is not at the final table", value=repr(table[0]))
            )
    places.extend(p for p in prelim if p not in seen)
    return places


@dataclass(frozen=True)
class OverallStanding:
    """One line of the overall-champion ranking."""

    rank: int
    player: str
    points: int
    duel_place: int
    melee_place: int
    unresolved: tuple[str, ...] = ()
    """Players still tied with this one: the rulebook's *embate final* decides."""


def overall_ranking(
    duel_ranking: Sequence[str], melee: MeleeFinish | Sequence[str]
) -> list[OverallStanding]:
    """Overall-champion ranking of the players who entered both events.

    Rulebook, *Pontuação para Campeão Geral*: "um jogador deve competir em ambos os
    torneios"; points of both places are added; "Se houver um empate ... o jogador que
    teve a melhor posição no torneio com mais participantes será declarado Campeão
    Geral. Se ainda houver um empate, então os jogadores deverão realizar um embate
    final". Events of equal size have no larger event: such ties stay unresolved.
    """
    duel = _unique(duel_ranking, "duel ranking")
    melee_order = (
        melee_places(melee) if isinstance(melee, MeleeFinish) else _unique(melee, "melee ranking")
    )
    duel_place = {p: i + 1 for i, p in enumerate(duel)}
    melee_place = {p: i + 1 for i, p in enumerate(melee_order)}
    both = [p for p in duel if p in melee_place]
    points = {p: overall_points(duel_place[p]) + overall_points(melee_place[p]) for p in both}
    if len(duel) > len(melee_order):
        larger: dict[str, int] | None = duel_place
    elif len(melee_order) > len(duel):
        larger = melee_place
    else:
        larger = None

    def key(player: str) -> tuple[int, int]:
        return (-points[player], larger[player] if larger is not None else 0)

    ordered = sorted(both, key=key)
    result: list[OverallStanding] = []
    for _key, group in itertools.groupby(ordered, key=key):
        tied = tuple(group)
        rank = len(result) + 1
        for player in tied:
            result.append(
                OverallStanding(
                    rank,
                    player,
                    points[player],
                    duel_place[player],
                    melee_place[player],
                    tied if len(tied) > 1 else (),
                )
            )
    return result


def _unique(players: Sequence[str], what: str) -> list[str]:
    found = list(players)
    if len(set(found)) != len(found):
        twice = sorted({p for p in found if found.count(p) > 1})
        raise DataFileError(
            _("{what} lists {names} more than once", what=what, names=", ".join(map(repr, twice)))
        )
    return found
