"""`ludoteca balance --merge`: one report from the records of several runs.

A designer who ran the same study with several seeds (or on several machines) with
`--records` pools them here: every row is counted under the setting its `setting`
column names, which must be one of the command's own (the same `--option`/`--compare`
as the runs); a game that appears twice (the same setting and seed: two runs shared a
seed) or rows played by other agents are refused, so the pooled sample is honest.
"""

from __future__ import annotations

from pathlib import Path

from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.records import read_records

MAX_FILES = 100


def merge_records(
    files: list[Path], game: str, labels: list[str], seats: int, agents: str | None
) -> tuple[list[BalanceStats], str, list[str]]:
    """The totals of each setting of `labels` of `game` over the rows of `files`, the
    agents who played them (`agents`, when given, must be theirs) and a line per file."""
    if len(files) > MAX_FILES:
        raise OptionError(_("--merge: at most {n} files", n=MAX_FILES))
    stats = [BalanceStats(seats) for _label in labels]
    index = {label: i for i, label in enumerate(labels)}
    index |= {str(spreadsheet_cell(label)): i for i, label in enumerate(labels)}
    seen: set[tuple[int, int]] = set()
    found = agents
    lines = []
    for path in files:
        count = 0
        for row in read_records(path):
            where = (
                0 if row.setting is None and len(labels) == 1 else index.get(row.setting or "", -1)
            )
            if where < 0:
                raise OptionError(
                    _(
                        "{path}: setting {setting} is not one of this command's ({labels}); "
                        "give the runs' own --option or --compare",
                        path=str(path),
                        setting=repr(row.setting),
                        labels=", ".join(repr(label) for label in labels),
                    )
                )
            if row.game is not None and row.game != game:
                raise OptionError(
                    _(
                        "{path}: games of {other}, not {game}",
                        path=str(path),
                        other=row.game,
                        game=game,
                    )
                )
            if len(row.record.scores) != seats:
                raise OptionError(
                    _(
                        "{path}: a game of {n} seats, not {seats}",
                        path=str(path),
                        n=len(row.record.scores),
                        seats=seats,
                    )
                )
            if row.agents is not None:
                if found is not None and row.agents != found:
                    raise OptionError(
                        _(
                            "{path}: games played by {agents}, not {expected}",
                            path=str(path),
                            agents=row.agents,
                            expected=found,
                        )
                    )
                found = row.agents
            if (where, row.record.seed) in seen:
                raise OptionError(
                    _(
                        "{path}: the game of seed {seed} is counted already: two runs "
                        "shared a seed (merge runs of different --seed)",
                        path=str(path),
                        seed=row.record.seed,
                    )
                )
            seen.add((where, row.record.seed))
            stats[where].add(row.record)
            count += 1
        if not count:
            raise OptionError(_("{path}: no games", path=str(path)))
        lines.append(_("{path}: {n} games", path=path.name, n=count))
    if found is None:
        raise OptionError(_("--merge: the records name no agents: give --agents"))
    return stats, found, lines
