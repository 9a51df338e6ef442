"""Duel scoring: points per result and the timed result (*Pontuação*, *Desempate*)."""

from __future__ import annotations

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import _
from ludoteca.tournament.players import Result

#: Points per result, Duel rules, *Pontuação*: "Vitória = 5 pontos, Vitória por Tempo =
#: 4 pontos, Empate = 2 pontos, Derrota por Tempo = 1 ponto, Derrota = 0 pontos".
POINTS: dict[Result, int] = {
    Result.WIN: 5,
    Result.TIMED_WIN: 4,
    Result.DRAW: 2,
    Result.TIMED_LOSS: 1,
    Result.LOSS: 0,
}

#: A bye is "uma vitória automática" (Duel rules, *Número Ímpar de Jogadores*).
BYE_POINTS = POINTS[Result.WIN]

#: The card game's victory condition: 15 power (Duel rules, *Pontuação* example).
VICTORY_POWER = 15


def points(result: Result) -> int:
    """Points a player scores for ``result`` seen from that player (*Pontuação*)."""
    return POINTS[result]


def timed_result(power_a: int, power_b: int, victory: int = VICTORY_POWER) -> Result:
    """The result for player A when time runs out (Duel rules, *Desempate*).

    "Se o tempo limite da partida se esgotou, o jogador mais próximo da vitória (em
    poderes) ganha 4 pontos (Vitória por Tempo) e seu oponente 1 ponto (Derrota por
    Tempo). Se ambos os jogadores estão à mesma distância da vitória, o jogo acaba em
    empate." Distance is ``max(victory - power, 0)``.
    """
    for power in (power_a, power_b):
        if power < 0:
            raise IllegalAction(_("power cannot be negative, got {power}", power=power))
    if victory <= 0:
        raise IllegalAction(_("victory condition must be positive, got {victory}", victory=victory))
    distance_a = max(victory - power_a, 0)
    distance_b = max(victory - power_b, 0)
    if distance_a < distance_b:
        return Result.TIMED_WIN
    if distance_a > distance_b:
        return Result.TIMED_LOSS
    return Result.DRAW
