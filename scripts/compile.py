"""The optional compiled build (issue 21): the engines compiled with mypyc.

    .venv/bin/python scripts/compile.py [OUT]

Copies the package `src/ludoteca` to `OUT/ludoteca` (default `build/compiled`) and
compiles there the modules listed in pyproject.toml under `[tool.ludoteca.mypyc]` and
those each built-in game lists in its package (`COMPILED` in `games/<game>/__init__.py`,
read from the source, not imported), each beside its source, where Python imports the
compiled module first. The source tree is untouched: with `OUT` first on `PYTHONPATH`
the compiled engines run instead of the Python ones, and play the same games (make test
runs the golden playthroughs, the conformance suite and a differential test on them).
`benchmarks/bench_openspiel_ratio.py --compiled` measures both.

The listed modules: the core's `Game` and `State` (native classes that games, plugins
included, may subclass from Python), each built-in game's state and rule modules, and
the ISMCTS search. What mypyc asks of them, and the Python build keeps: a state's
fields declared on its class and copied by name (native objects have no `__dict__`),
the configured game read through a typed `config` property (a subclass may not narrow
`game`), single inheritance, and no reliance on narrowing that a method call undoes.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path = ROOT) -> list[str]:
    """The modules to compile, as paths under `src/` (`ludoteca/games/futebol/reach.py`),
    for the project at `root` (this one, or an unpacked sdist's copy)."""
    with open(root / "pyproject.toml", "rb") as project:
        listed: list[str] = tomllib.load(project)["tool"]["ludoteca"]["mypyc"]["modules"]
    for package in sorted((root / "src" / "ludoteca" / "games").glob("*/__init__.py")):
        listed += [f"ludoteca.games.{package.parent.name}.{m}" for m in game_modules(package)]
    return [name.replace(".", "/") + ".py" for name in listed]


def game_modules(package: Path) -> list[str]:
    """The `COMPILED` names a game's `__init__.py` declares (a tuple of module names)."""
    for node in ast.parse(package.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED" for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"compile: {package} declares no COMPILED modules")


def compile_package(package: Path, out: Path) -> list[Path]:
    """Copy `package` (a `ludoteca` folder) to `out/ludoteca` and compile the listed
    modules there, each beside its source: the extension modules made, mypyc's shared
    runtime library (at `out`'s top) included. `CompileError` with mypyc's last words if
    it fails."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(package, out / "ludoteca", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (out / "build").mkdir()
    (out / "build" / "setup.py").write_text(SETUP.format(modules=modules(package.parent.parent)))
    done = subprocess.run(
        [sys.executable, "build/setup.py", "build_ext", "--inplace"],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    for scratch in ("build", ".mypy_cache"):  # mypyc's intermediate C, objects and types
        shutil.rmtree(out / scratch, ignore_errors=True)
    if done.returncode != 0:
        said = (done.stdout + done.stderr)[-4000:]
        raise CompileError(f"mypyc failed (exit {done.returncode}): {said}")
    return sorted(path for path in out.rglob("*") if path.suffix in (".so", ".pyd"))


SETUP = """from setuptools import setup
from mypyc.build import mypycify

setup(name="ludoteca_compiled", ext_modules=mypycify({modules!r}, opt_level="3", multi_file=True))
"""
"""The setup script mypyc's own command line writes, with one C file a module
(`multi_file`) instead of one for all: gcc takes 0.65 times the CPU time (66 s against
102 s here) and the engines run as fast (`ludoteca bench`, the two builds side by side
in one run). One file for all (mypyc's default) is the slow part of an install."""


class CompileError(Exception):
    """mypyc could not compile the listed modules."""


def build(out: Path) -> None:
    """A fresh copy of the package in `out` with the listed modules compiled in place."""
    try:
        made = compile_package(ROOT / "src" / "ludoteca", out)
    except CompileError as exc:
        raise SystemExit(f"compile: {exc}") from None
    print(f"compile: {len(modules())} modules compiled in {out} ({len(made)} extension files)")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled")
