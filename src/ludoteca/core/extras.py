"""Optional extras: packages a plain `pip install ludoteca` lacks.

A module that a plain install can reach never imports them at import time; the code that
needs one asks `require` for it where it is used, and a user without the extra reads one
line naming what to install (`MissingExtra`, exit 2 at the command line).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ludoteca.core.errors import OptionError
from ludoteca.core.i18n import _

EXTRAS: dict[str, tuple[str, ...]] = {
    "postgres": ("psycopg",),
    "ray": ("ray",),
    "parquet": ("pyarrow",),
    "rl": ("pettingzoo", "gymnasium", "pyspiel", "open_spiel"),
    "learn": (
        *("pettingzoo", "gymnasium", "pyspiel", "open_spiel"),  # it brings rl's
        *("sb3_contrib", "torch", "functorch", "torchgen", "tree"),
    ),
}
"""Each extra of `pyproject.toml` and the top-level modules it installs (checked against
the package's metadata by `tests/core/test_extras.py`; `learn` brings `rl`'s too)."""


class MissingExtra(OptionError):
    """A feature was asked for whose optional extra is not installed."""

    def __init__(self, feature: str, extra: str) -> None:
        super().__init__(
            _(
                "{feature} needs the optional extra '{extra}', which is not installed:"
                " pip install 'ludoteca[{extra}]'",
                feature=feature,
                extra=extra,
            )
        )
        self.extra = extra


def missing(error: ImportError, feature: str) -> Exception:
    """What to raise for `error`, met while importing what `feature` needs: `MissingExtra`
    if the module it could not find is one an extra installs, else `error` itself."""
    top = (error.name or "").partition(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules:
            return MissingExtra(feature, extra)
    return error


def require(module: str, feature: str) -> ModuleType:
    """Import `module`, which an extra installs, for `feature`; `MissingExtra` naming the
    extra if it is not installed. An import error from elsewhere is not hidden."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise missing(exc, feature) from None
