"""`ludoteca tune` (issue 23, part 3): on a game with a planted imbalance (`tests/sim/
tilted.py`: the first seat adds `edge` to its roll, 3 by default), the search finds the
setting that removes it, through an option or through a data file, and says why it
stopped; bad spaces are refused with one line."""

from __future__ import annotations

import re
import shlex
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app, main
from ludoteca.core import OptionError
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.tune import (
    Final,
    Measure,
    Param,
    Space,
    TrialInfo,
    finalists,
    measure,
    ranked_finals,
    read_space,
    settings_grid,
)
from ludoteca.sim.tune_run import Batch, Tuner

runner = CliRunner()


def tune(tmp_path: Path, space: str, *files: tuple[str, str]) -> tuple[str, str]:
    (tmp_path / "space.toml").write_text(space)
    for name, text in files:
        (tmp_path / name).write_text(text)
    out = tmp_path / "tune.html"
    args = ["tune", "tilted", str(tmp_path / "space.toml"), "--workers", "1", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split()), out.read_text()


def test_the_planted_edge_is_found_and_removed(tmp_path: Path) -> None:
    said, page = tune(
        tmp_path,
        'goal = "fair"\ngames = 120\ntrials = 12\nlevel = "random"\n'
        "[options.edge]\nlow = -5\nhigh = 5\n",
    )
    best = re.search(r"│ (\d+) │ edge=(-?\d) │", said)
    assert best is not None and best.group(2) == "0"
    share = re.search(r"decided games ([\d.]+)% \(([\d.]+)% – ([\d.]+)%\)", said)
    assert share is not None and float(share.group(2)) < 50 < float(share.group(3))
    assert "every one of the 11 settings was tried" in said  # -5..5, 12 trials allowed
    assert 'id="progress"' in page and 'id="ranked"' in page and 'id="best"' in page
    recommended = re.search(r"recommended: edge=(-?\d);", said)
    assert recommended is not None and abs(int(recommended.group(1))) <= 1
    assert "the 3 best settings are played again on fresh seeds, 240 games each" in page


def test_a_data_file_field_is_tuned_and_a_good_enough_trial_stops_the_search(
    tmp_path: Path,
) -> None:
    space = (
        'goal = "fair"\ngames = 120\ntrials = 30\nlevel = "random"\nstop = 0.03\n'
        '[data]\noption = "dice"\nfile = "dice.toml"\n'
        '[data.fields."first.bonus"]\nlow = -5\nhigh = 5\n'
    )
    said, _page = tune(tmp_path, space, ("dice.toml", "[first]\nbonus = 4\n"))
    assert "first.bonus=0" in said
    stopped = re.search(r"trial (\d+) reached the goal", said)
    assert stopped is not None and int(stopped.group(1)) < 29
    # the recommended data file is written, ready to play (#42 item 4)
    recommended = re.search(r"recommended: first\.bonus=(-?\d+);", said)
    written = tmp_path / "tune-dice.toml"
    joined = "".join(said.split())  # the console wraps long lines, paths too
    assert recommended is not None and f"wrote{written}" in joined
    data = tomllib.loads(written.read_text())
    assert data == {"first": {"bonus": int(recommended.group(1))}}
    assert f"-odice={written}" in joined
    # ...and verified as balance plays it: the command printed replays the fresh games
    # from the written file, and balance measures the same share the tune reported
    fresh = re.search(r"decided games ([\d.]+)% \(([\d.]+)% – ([\d.]+)%\)", said)
    command = re.search(r"as balance plays and measures them: ludoteca (.*?-o dice=\S+)", said)
    assert fresh is not None and command is not None, said
    out = tmp_path / "check.html"
    checked = runner.invoke(app, [*shlex.split(command.group(1)), "--out", str(out)])
    assert checked.exit_code == 0, checked.output
    again = " ".join(checked.output.split())
    assert f"of the decided games it wins {fresh.group(1)}% ({fresh.group(2)}% – " in again


def test_an_unwritable_data_file_is_refused_before_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "dice.toml").write_text("[first]\nbonus = 4\n")
    (tmp_path / "space.toml").write_text(
        'goal = "fair"\ngames = 8\ntrials = 2\nlevel = "random"\n'
        '[data]\noption = "dice"\nfile = "dice.toml"\n'
        '[data.fields."first.bonus"]\nlow = -1\nhigh = 1\n'
    )
    args = ["ludoteca", "tune", "tilted", str(tmp_path / "space.toml"), "--workers", "1"]
    args += ["--out", str(tmp_path / "t.html"), "--data-out", str(tmp_path / "no" / "d.toml")]
    monkeypatch.setattr(sys, "argv", args)
    with pytest.raises(SystemExit) as exit_info:
        main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "No such file or directory" in err
    assert "trial" not in err and len(err.strip().splitlines()) == 1  # nothing played


def test_game_length_is_a_goal_too(tmp_path: Path) -> None:
    """`slow` adds waiting steps: a mean length of 12 steps needs slow = 10."""
    said, _page = tune(
        tmp_path,
        'goal = "length"\ntarget = 12\ngames = 8\ntrials = 60\nstop = 0\nlevel = "random"\n'
        "[options.slow]\nlow = 0\nhigh = 30\n",
    )
    assert re.search(r"│ \d+ │ slow=10 │ 0\.0000 │", said) and "reached the goal" in said


def test_even_groups_is_a_goal_the_planted_edge_spreads_the_rollers_fates(
    tmp_path: Path,
) -> None:
    """Goal `even` (Toxicity's characters): the spread of the rollers' win shares is
    smallest with no edge, and the report shows each group's share."""
    said, page = tune(
        tmp_path,
        'goal = "even"\nfates = ["win"]\ngames = 120\ntrials = 12\nlevel = "random"\n'
        "[options.edge]\nlow = -5\nhigh = 5\n",
    )
    best = re.search(r"│ (\d+) │ edge=(-?\d) │", said)
    assert best is not None and best.group(2) == "0"
    assert "share of rounds ended by win" in page
    assert re.search(r"first \d+\.\d%, second \d+\.\d%", page)


def test_the_figures_of_a_run() -> None:
    stats = BalanceStats(2)
    from ludoteca.sim.parallel import GameRecord

    for i, winner in enumerate([0, 0, 1, None]):
        stats.add(GameRecord(i, i, (1.0, 0.0), winner, 4, {}))
    found = measure(stats)
    # wins 2 and 1 and a draw: the first seat has 2 of the 3 decided games, as in balance
    assert found.first_share == pytest.approx(2 / 3) and found.mean_length == 4
    assert found.value(Space(goal="fair"), 2) == pytest.approx(2 / 3 - 1 / 2)
    assert found.interval == stats.decided_interval(0)


def test_a_setting_drawn_again_is_not_played_again_and_is_one_finalist(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every trial plays the same seeds, so a repeat would play the very same games: its
    figure is the earlier trial's, no game is played, and the final round measures each
    distinct setting once. (A space this small is tried whole; here it is sampled.)"""
    monkeypatch.setattr("ludoteca.sim.tune_run.settings_grid", lambda space: None)
    space = Space(games=8, trials=3, level="random")
    space.options = [Param("edge", choices=(0, 1))]
    tuner = Tuner("tilted", space, ["random", "random"], workers=1)
    played: list[tuple[object, int, int]] = []
    real_play = Tuner.play

    def counting(self: Tuner, batch: Batch):  # type: ignore[no-untyped-def]
        if batch.seed == space.seed:  # the search, not the final round
            played.extend((batch.options["edge"], batch.seed, i) for i in batch.games)
        return real_play(self, batch)

    monkeypatch.setattr(Tuner, "play", counting)
    trials = tuner.run().trials
    settings = {t.params["edge"] for t in trials}
    assert len(trials) == 3 and len(played) == len(set(played)) == 8 * len(settings)
    for a in trials:
        for b in trials:
            if a.params == b.params:
                assert a.value == b.value
    assert len(finalists(trials)) == len({t.params["edge"] for t in trials})


def test_a_space_smaller_than_its_trials_is_tried_whole_each_setting_once() -> None:
    """Six settings and eight trials (Kalah's seeds 1-6 tried five values in eight
    trials): every setting is tried once, and the search says so."""
    space = Space(games=4, trials=8, level="random")
    space.options = [Param("edge", -2, 3)]
    run = Tuner("tilted", space, ["random", "random"], workers=1).run()
    tried = [t.params["edge"] for t in run.trials]
    assert sorted(tried) == [-2, -1, 0, 1, 2, 3]
    assert run.reason == "every one of the 6 settings was tried"
    assert settings_grid(space) is not None
    space.options = [Param("edge", -3, 3)]  # seven settings, eight trials: still whole
    assert len(settings_grid(space) or []) == 7
    space.options.append(Param("bonus", 0, 1))  # fourteen: sampled
    assert settings_grid(space) is None
    space.options = [Param("edge", 0, 10**15)]  # a request's huge range: counted, not listed
    assert settings_grid(space) is None


def test_the_finalist_best_on_fresh_games_is_recommended_not_the_luckiest_trial() -> None:
    """The best trial's figure is the lowest of many noisy ones; the final round
    recommends by the fresh games (ties: the better search figure)."""

    def final(number: int, searched: float, share: float) -> Final:
        fresh = Measure(240, share, (share - 0.05, share + 0.05), 1.0, None)
        return Final(TrialInfo(number, True, searched, {"edge": number}, {}), fresh)

    finals = [final(0, 0.001, 0.58), final(1, 0.010, 0.51), final(2, 0.020, 0.51)]
    ranked = ranked_finals(finals, Space(goal="fair"), 2)
    assert [f.trial.number for f in ranked] == [1, 2, 0]


def test_the_even_goal_is_the_spread_of_the_plain_groups_shares() -> None:
    """Item groups (`item:knife`) are not characters: they stay out of the spread."""
    stats = BalanceStats(2)
    from ludoteca.sim.parallel import GameRecord

    figures = {"a.rounds": 4.0, "a.door": 1.0, "a.trapdoor": 1.0, "b.rounds": 4.0,
               "b.door": 3.0, "item:x.rounds": 2.0, "item:x.door": 0.0}  # fmt: skip
    stats.add(GameRecord(0, 0, (1.0, 0.0), 0, 4, figures))
    found = measure(stats, ("door", "trapdoor"))
    assert found.groups == {"a": 0.5, "b": 0.75}
    assert found.value(Space(goal="even"), 2) == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("space", "message"),
    [
        ('goal = "fun"\n[options.edge]\nlow = 0\nhigh = 1\n', "goal 'fun': one of fair"),
        ('goal = "fair"\n', "declares nothing to tune"),
        ("[options.edge]\nlow = 3\nhigh = 1\n", "edge: low must be below high"),
        ("[options.edge]\nchoices = []\n", "choices must be a non-empty list"),
        ('[data]\noption = "dice"\nfile = "nowhere.toml"\n', "nowhere.toml"),
        ("games = 2\n[options.edge]\nlow = 0\nhigh = 1\n", "games must be 4 to 100,000"),
        ("goal = [\n", "cannot read"),
    ],
)
def test_a_bad_space_exits_2_with_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    space: str,
    message: str,
) -> None:
    path = tmp_path / "space.toml"
    path.write_text(space)
    monkeypatch.setattr(sys, "argv", ["ludoteca", "tune", "tilted", str(path)])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_setting_that_changes_the_seats_is_refused_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Tuning Toxicity's `players` would change the seats the agents were chosen for:
    those trials are refused, and with none left the command says so in one line."""
    path = tmp_path / "space.toml"
    path.write_text('goal = "fair"\ngames = 4\ntrials = 2\n[options.players]\nchoices = [3, 4]\n')
    monkeypatch.setattr(sys, "argv", ["ludoteca", "tune", "toxicity", str(path)])
    with pytest.raises(SystemExit) as exit_info:
        main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "every setting was refused or pruned" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_data_field_that_is_not_in_the_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "dice.toml").write_text("[first]\nbonus = 1\n")
    path = tmp_path / "space.toml"
    fields = '[data.fields."first.malus"]\nlow = 0\nhigh = 1\n'
    path.write_text('[data]\noption = "dice"\nfile = "dice.toml"\n' + fields)
    with pytest.raises(OptionError, match=r"no field first\.malus"):
        read_space(path)
