"""The wheel's build hook (hatchling, issue 43): the engines compiled with mypyc.

`pip install ludoteca`, `pip install .`, `python -m build` and `make run` build a wheel;
where a C compiler and Python's headers are present, this hook compiles the modules
`scripts/compile.py` lists (`compile_package`, the code `make compiled` runs) in a scratch
folder and puts the extension modules into the wheel beside the Python sources, which
Python then imports second. Without a compiler, or with `LUDOTECA_PURE_PYTHON=1`, the
wheel is the pure-Python package, and the hook says so once; an editable install (the
developer's) is always pure Python, so that an edited source is what runs.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compiler_missing() -> str | None:
    """Why no extension module can be built here (no C compiler, no `Python.h`), or None."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    compiler = command.split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} not found)"
    headers = Path(sysconfig.get_path("include")) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers} not found)"
    return None


def _compile_script(root: Path) -> ModuleType:
    """`scripts/compile.py` of the project being built (the sdist carries it)."""
    spec = importlib.util.spec_from_file_location("ludoteca_compile", root / "scripts/compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledBuild(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled engines to a wheel where this machine can compile them."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a scratch folder and force-include its extension modules."""
        self._scratch: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        reason = "LUDOTECA_PURE_PYTHON is set" if os.environ.get("LUDOTECA_PURE_PYTHON") else None
        reason = reason or compiler_missing()
        if reason is None:
            root = Path(self.root)
            script = _compile_script(root)
            self._scratch = tempfile.mkdtemp(prefix="ludoteca-compile-")
            out = Path(self._scratch)
            try:
                made = script.compile_package(root / "src" / "ludoteca", out)
            except script.CompileError as exc:
                reason = str(exc)
            else:
                for path in made:
                    build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
                self.app.display_info(f"ludoteca: {len(made)} compiled modules (mypyc)")
                return
        self.app.display_warning(
            f"ludoteca: building the pure-Python package, its engines 2 to 3 times slower: {reason}"
        )
        sys.stderr.flush()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder once the wheel holds its files."""
        if getattr(self, "_scratch", None):
            shutil.rmtree(str(self._scratch), ignore_errors=True)
