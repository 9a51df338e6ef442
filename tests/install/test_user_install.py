"""Issue 35: what a user installs works. `pip install ludoteca` with no extras (a wheel
built as a packager would, in a fresh virtual environment) serves the web app on SQLite
and runs the command line; asking it for a feature of a missing extra is one line naming
the extra; `make run` from a fresh copy of the repository serves the lobby; and each extra
(`postgres`, `ray`, `rl`), installed as a user would, does its own job."""

from __future__ import annotations

import json
import re
import subprocess
import tarfile
import time
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import httpx
import pytest

from tests.install.conftest import (
    ROOT,
    WAIT,
    Built,
    clean_environment,
    must,
    run,
    stop,
    wait_for_lobby,
)
from tests.ports import free_port

WALK = Path(__file__).with_name("walk_modules.py")
NEEDS_RL = {
    "ludoteca.interop.gymnasium",
    "ludoteca.interop.openspiel",
    "ludoteca.interop.openspiel_agent",
    "ludoteca.interop.pettingzoo",
    "ludoteca.interop.tensors",
}
"""The only modules a plain install cannot import: the research interop, which is the
`rl` extra's whole purpose. Each says so with `MissingExtra`."""
TOINC = {"game": "toinc", "options": {"length": "practice", "practice_turns": 2}, "seed": 5}
IMPORT = re.compile(r"""(?:from|import)\s*\(?\s*["']([^"']+\.js)["']""")
SCRIPT = re.compile(r'<script[^>]*\bsrc="([^"]+)"')


def tracked(folder: str) -> set[str]:
    """The files git tracks under `folder` of the repository (paths from the root)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", folder], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the tracked files are unknown")
    return set(filter(None, listed.stdout.split("\0")))


def test_the_wheel_and_the_sdist_carry_every_file_of_the_package(built: Built) -> None:
    """Templates, static files, board scripts, catalogs, data files, guides, migrations:
    every file of `src/ludoteca` is in the wheel (which was built from the sdist)."""
    package = {path.removeprefix("src/") for path in tracked("src/ludoteca")}
    wheel = set(zipfile.ZipFile(built.wheel).namelist())
    assert package - wheel == set()
    with tarfile.open(built.sdist) as sdist:
        inside = {name.partition("/")[2] for name in sdist.getnames()}
    assert {"pyproject.toml", "README.md"} | tracked("src") <= inside


def _walk(python: Path, *block: str) -> dict[str, str]:
    args = ["--block", ",".join(block)] if block else []
    found: dict[str, str] = json.loads(must(python, WALK, *args, cwd=WALK.parent))
    return found


def _check_walk(found: dict[str, str]) -> None:
    wrong = {name: how for name, how in found.items() if how != "ok" and name not in NEEDS_RL}
    assert wrong == {}
    assert len(found) > 200
    assert {name: found[name] for name in NEEDS_RL} == dict.fromkeys(NEEDS_RL, "extra:rl")


def test_a_plain_install_imports_every_module_but_the_research_interop(plain: Path) -> None:
    _check_walk(_walk(plain / "python"))


def test_no_module_needs_an_extra_at_import_time() -> None:
    """The same walk here, with every extra's packages made unimportable: the check that
    fails the moment a module imports `psycopg`, `ray` or the RL packages at import."""
    from ludoteca.core.extras import EXTRAS

    blocked = [module for modules in EXTRAS.values() for module in modules]
    _check_walk(_walk(Path(__import__("sys").executable), *blocked))


def _serve(bin_folder: Path, tmp_path: Path, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    port, log = free_port(), tmp_path / "serve.log"
    server = subprocess.Popen(
        [bin_folder / "ludoteca", "serve", "--port", str(port), *options],
        cwd=tmp_path,
        env=clean_environment(),
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    lobby = wait_for_lobby(base, server, log)
    assert lobby.status_code == 200 and "<html" in lobby.text, lobby.text[:500]
    return server, base


def _scripts(base: str, first: str) -> set[str]:
    """`first` and every module script it imports, transitively: each must be served."""
    seen: set[str] = set()
    todo = [first]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        answer = httpx.get(urljoin(base, url), timeout=30)
        assert answer.status_code == 200, url
        assert "javascript" in answer.headers["content-type"], url
        todo += [urljoin(url, found) for found in IMPORT.findall(answer.text)]
    return seen


def play_against_the_computer(base: str) -> None:
    """The lobby's list of games; a Toinc table against the computer: seat 0 moves until
    the computer has answered three times; then the play page and the scripts it loads
    are served."""
    listed = httpx.get(f"{base}/api/games", timeout=30)
    assert listed.status_code == 200, listed.text[:2000]
    body = TOINC | {"seats": [{"kind": "human"}, {"kind": "agent", "agent": "heuristic"}]}
    created = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert created.status_code == 201, created.text
    table, token = created.json()["id"], created.json()["seats"][0]["token"]
    ours = 0
    deadline = time.monotonic() + WAIT
    while True:
        view = httpx.get(f"{base}/api/tables/{table}/view", params={"token": token}).json()
        assert view["agent_error"] is None, view["agent_error"]
        if view["observation"]["terminal"] or view["index"] - ours >= 3:
            break
        if view["observation"]["current_player"] == 0:
            move = {"index": view["index"], "action": view["actions"][0]["action"]}
            answer = httpx.post(
                f"{base}/api/tables/{table}/actions", params={"token": token}, json=move
            )
            assert answer.status_code == 200, answer.text
            ours += 1
        else:
            assert time.monotonic() < deadline, "the computer never answered"
            time.sleep(0.05)
    assert view["index"] - ours >= 3 and ours >= 1, (view["index"], ours)
    page = httpx.get(f"{base}/tables/{table}", timeout=30)
    assert page.status_code == 200
    served = {url.removeprefix(base) for url in _scripts(base, view["board"])}
    for script in SCRIPT.findall(page.text):
        served |= {url.removeprefix(base) for url in _scripts(base, script)}
    assert {"/static/play.js", "/static/boards/index.js", "/boards/toinc/board.js"} <= served


def test_a_plain_install_serves_a_game_against_the_computer(plain: Path, tmp_path: Path) -> None:
    server, base = _serve(plain, tmp_path)
    try:
        play_against_the_computer(base)
    finally:
        stop(server)
    assert (tmp_path / "ludoteca-web.db").exists()  # the default: a SQLite file here


def test_a_plain_install_runs_the_command_line(plain: Path, tmp_path: Path) -> None:
    games = must(plain / "ludoteca", "games", cwd=tmp_path)
    assert all(name in games for name in ("toinc", "touchdown", "toxicity", "futebol"))
    simulated = json.loads(
        must(plain / "ludoteca", "simulate", "toinc", "-n", "3", "--json", cwd=tmp_path)
    )
    assert simulated["games"] == 3
    assert "pair" in must(plain / "ludoteca", "tournament", "--help", cwd=tmp_path)
    assert "jogo" in must(plain / "ludoteca", "--lang", "pt-BR", "games", cwd=tmp_path).lower()


@pytest.mark.parametrize(
    ("command", "extra"),
    [
        (("simulate", "toinc", "-n", "2", "--backend", "ray"), "ray"),
        (("serve", "--database", "postgresql://ana:secret@127.0.0.1:9/cup"), "postgres"),
        (("tournament", "--db", "postgresql://ana:secret@127.0.0.1:9/cup", "list"), "postgres"),
        (("arena", "toinc", "--agents", "openspiel-mcts,random", "-n", "2"), "rl"),
    ],
)
def test_a_plain_install_names_the_extra_a_feature_needs(
    plain: Path, tmp_path: Path, command: tuple[str, ...], extra: str
) -> None:
    """One line, exit 2, no traceback, and the password of a database URL never shown."""
    done = run(plain / "ludoteca", *command, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    said = done.stderr.strip()
    assert len(said.splitlines()) == 1, said
    assert f"pip install 'ludoteca[{extra}]'" in said
    assert "Traceback" not in said and "secret" not in said


def test_make_run_from_a_fresh_copy_serves_the_lobby(tmp_path: Path) -> None:
    """The README's first command, on a copy of the tracked files (what a clone holds),
    with its own virtual environment and the port given as `make run PORT=…`. It installs
    as a machine without a C compiler does (`LUDOTECA_PURE_PYTHON=1`): the compiled
    install is the wheel's tests' (test_compiled_install.py: the build backend and hook
    `pip install .` runs too), and compiling it a third time in one run is minutes."""
    copy = tmp_path / "ludoteca"
    for name in tracked("."):
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        source = ROOT / name
        if source.is_file():
            target.write_bytes(source.read_bytes())
    port, log = free_port(), tmp_path / "make-run.log"
    process = subprocess.Popen(
        ["make", "run", f"PORT={port}"],
        cwd=copy,
        env=clean_environment() | {"LUDOTECA_PURE_PYTHON": "1"},
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        lobby = wait_for_lobby(f"http://127.0.0.1:{port}", process, log)
        assert lobby.status_code == 200 and "<html" in lobby.text
        # What the lobby's script asks first (on the compiled build it once answered 500).
        listed = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=30)
        assert listed.status_code == 200, listed.text[:2000]
        names = {game["name"] for game in listed.json()["games"]}
        assert {"toinc", "futebol", "touchdown", "toxicity"} <= names
    finally:
        stop(process)
    assert "pure-Python build" in log.read_text()  # and the server says so once
    assert (copy / ".venv/bin/ludoteca").exists() and (copy / "ludoteca-web.db").exists()


def test_the_postgres_extra_serves_several_processes(
    every_extra: Path, tmp_path: Path, postgres_database: str
) -> None:
    """`ludoteca[postgres]`: two server processes on a `postgresql://` URL (psycopg 3 is
    the driver the extra installs); a game against the computer through them."""
    server, base = _serve(every_extra, tmp_path, "--database", postgres_database, "--workers", "2")
    try:
        play_against_the_computer(base)
    finally:
        stop(server)


def test_the_ray_extra_plays_a_simulation_on_ray(every_extra: Path, tmp_path: Path) -> None:
    """`ludoteca[ray]`: the same records on a local Ray as on the local processes."""
    command = ("simulate", "futebol", "-n", "3", "--seed", "4", "--json")
    on_ray = must(every_extra / "ludoteca", *command, "--backend", "ray", cwd=tmp_path)
    local = must(every_extra / "ludoteca", *command, cwd=tmp_path)
    assert json.loads(on_ray) == json.loads(local)


RL_SMOKE = """
from pettingzoo.test import api_test
import pyspiel
from ludoteca.interop import openspiel
from ludoteca.interop.pettingzoo import LudotecaEnv
api_test(LudotecaEnv("toinc", length="practice"), num_cycles=20)
openspiel.register()
pyspiel.random_sim_test(pyspiel.load_game("ludoteca_toinc(length=practice)"), num_sims=2,
                        serialize=False, verbose=False)
print("rl ok")
"""


def test_the_rl_extra_gives_the_environments_and_openspiels_agent(
    every_extra: Path, tmp_path: Path
) -> None:
    """`ludoteca[rl]`: PettingZoo's api_test, OpenSpiel's random_sim_test, and the
    `openspiel-mcts` agent in an arena."""
    assert "rl ok" in must(every_extra / "python", "-c", RL_SMOKE, cwd=tmp_path)
    arena = must(
        every_extra / "ludoteca", "arena", "toinc", "--option", "length=practice",
        "--agents", "openspiel-mcts:simulations=8,random", "-n", "2", "--json", cwd=tmp_path,
    )  # fmt: skip
    assert {row["agent"] for row in json.loads(arena)["agents"]} >= {"random"}
