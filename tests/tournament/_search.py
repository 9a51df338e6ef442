"""Exhaustive search used by the tests: does a rematch-free pairing exist?"""

from collections.abc import Callable
from functools import cache


def rematch_free_pairing_exists(
    players: list[str], met: Callable[[str, str], int], bye_ok: set[str]
) -> bool:
    """Backtracking over every pairing of ``players`` (plus a bye for one of ``bye_ok``
    when the count is odd), memoised on the set of players still unpaired."""
    nodes: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(nodes)

    def ok(i: int, j: int) -> bool:
        a, b = nodes[i], nodes[j]
        if a is None or b is None:
            return (b if a is None else a) in bye_ok
        return met(a, b) == 0

    compatible = [[ok(i, j) for j in range(n)] for i in range(n)]

    @cache
    def solve(mask: int) -> bool:
        if mask == 0:
            return True
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        m = rest
        while m:
            j = (m & -m).bit_length() - 1
            m &= m - 1
            if compatible[i][j] and solve(rest & ~(1 << j)):
                return True
        return False

    return solve((1 << n) - 1)
