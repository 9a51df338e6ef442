"""Issue 43: the compiled build is what a user installs. The wheel built from the sdist on
a machine with a C compiler carries every module `scripts/compile.py` lists compiled,
installs with no build tool, and runs them; without a compiler the wheel is the
pure-Python package and the build says why."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.install.conftest import ROOT, Built, clean_environment, must, run

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from compile import modules


def test_the_wheel_built_from_the_sdist_carries_every_listed_module_compiled(
    built: Built,
) -> None:
    names = zipfile.ZipFile(built.wheel).namelist()
    extensions = {name.partition(".")[0] for name in names if name.endswith(".so")}
    listed = {path.removesuffix(".py") for path in modules()}
    assert listed <= extensions, sorted(listed - extensions)
    assert any(name.endswith("__mypyc") for name in extensions), "mypyc's runtime library"
    assert "-none-any" not in built.wheel.name and "-cp3" in built.wheel.name, built.wheel.name


def test_a_plain_install_runs_the_compiled_engines_and_says_so(plain: Path) -> None:
    probe = "from ludoteca.core import native, game; print(native.compiled(), game.__file__)"
    said = must(plain / "python", "-c", probe).split()
    assert said[0] == "True" and said[1].endswith(".so"), said
    # mypy, which compiled them, is not among what the user's environment installs
    assert run(plain / "python", "-c", "import mypy").returncode != 0
    bench = must(plain / "ludoteca", "bench", "toxicity", "--seconds", "0.2")
    assert bench.strip().endswith("(compiled)"), bench


def test_without_a_c_compiler_the_wheel_is_pure_python_and_the_build_says_why(
    tmp_path: Path,
) -> None:
    environment = clean_environment() | {"CC": "ludoteca-no-such-compiler"}
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path, ROOT],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheel = next(tmp_path.glob("*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".so")]
    said = done.stdout + done.stderr
    assert "pure-Python package" in said and "ludoteca-no-such-compiler not found" in said
