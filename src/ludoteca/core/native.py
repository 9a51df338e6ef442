"""Which build is running: the engines compiled with mypyc, or pure Python (issue 43).

`pip install` compiles the engines wherever a C compiler is present (`hatch_build.py`);
without one, and in the developer's editable install, they are pure Python, 2 to 3 times
slower. The command line and the server say which.
"""

from __future__ import annotations

from ludoteca.core import game
from ludoteca.core.i18n import _


def compiled() -> bool:
    """Whether the core's game module is an extension module (the compiled build)."""
    return not (game.__file__ or "").endswith(".py")


def build_name() -> str:
    """This build's short name: "compiled" or "pure Python"."""
    return _("compiled") if compiled() else _("pure Python")


def build_said() -> str:
    """One line naming this build, for a person reading a benchmark or a server's log."""
    if compiled():
        return _("compiled build (mypyc)")
    return _(
        "pure-Python build: the engines run 2 to 3 times slower; reinstall with a C "
        "compiler present (gcc) for the compiled build"
    )
