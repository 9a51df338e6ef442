"""The one driver of a study's games: which games to play next, and when to stop.

`ludoteca balance` and the web's studies both play a study through `StudyRun`, each with
its own way of playing a batch (worker processes or Ray at the command line; the compute
queue, under a CPU budget, on the web). Every setting advances by rounds of `step` games;
with sequential looks (`Looks`) a round ends at each look, and the study stops as soon as
the answer is clear. A game's seed depends only on its index, so the order in which the
games are played never changes what they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ludoteca.core.i18n import _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.study import Looks


class StudyRun:
    """The games of a study of `settings` settings, up to `games` a setting."""

    def __init__(
        self, settings: int, seats: int, games: int, step: int, looks: Looks | None = None
    ) -> None:
        if settings < 1 or games < 1 or step < 1:
            raise ValueError("a study plays at least one game of one setting, a step at a time")
        self.games, self.looks = games, looks
        self.step = looks.step if looks is not None else step
        self.stats = [BalanceStats(seats) for _ in range(settings)]
        self.stopped: str | None = None
        """Why the study stopped early, or that its looks never found the answer (None:
        no looks, or not over)."""

    def rounds(self) -> Iterator[list[tuple[int, range]]]:
        """Each round's games: (setting, the indices of the games to play) for every
        setting behind the round's mark. The caller plays them and `add`s their records
        before asking for the next round; it may stop asking (a spent budget)."""
        for look, upto in enumerate(range(self.step, self.games + self.step, self.step), 1):
            upto = min(upto, self.games)
            yield [
                (index, range(stats.games, upto))
                for index, stats in enumerate(self.stats)
                if stats.games < upto
            ]
            if self.looks is None:
                continue
            reason = self.looks.clear(self.stats)
            if reason:
                self.stopped = _(
                    "Stopped after {games} games a setting (look {look} of {looks}): {reason}.",
                    games=upto,
                    look=look,
                    looks=self.looks.count,
                    reason=reason,
                )
                return
        if self.looks is not None:
            self.stopped = _(
                "Played all {games} games a setting: the answer did not become clear.",
                games=self.games,
            )

    def add(self, setting: int, records: Iterable[GameRecord]) -> int:
        """Count `records` for `setting`; how many they were."""
        stats, before = self.stats[setting], self.stats[setting].games
        for record in records:
            stats.add(record)
        return stats.games - before

    @property
    def played(self) -> int:
        """Games played so far, every setting's."""
        return sum(stats.games for stats in self.stats)
