"""Import every module of the installed ludoteca and print, as JSON, how each went:
`"ok"`, `"extra:<name>"` (it raised `MissingExtra` naming that extra) or the error.

Run as a script with the Python under test (it needs only ludoteca and the standard
library): `python walk_modules.py [--block NAME,NAME]`. `--block` makes those top-level
packages unimportable, as if they were not installed.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import json
import pkgutil
import sys
import traceback
from collections.abc import Sequence
from types import ModuleType

SCRIPTS = {"ludoteca.web.migrations.env"}
"""Modules that run when imported: Alembic's environment (run by Alembic) and every
`__main__` (the commands of `python -m`)."""


class Blocker(importlib.abc.MetaPathFinder):
    """Finds `blocked` top-level packages nowhere, as if they were not installed."""

    def __init__(self, blocked: set[str]) -> None:
        self.blocked = blocked

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def walk() -> dict[str, str]:
    """How importing each module of ludoteca went."""
    import ludoteca
    from ludoteca.core.extras import MissingExtra

    found: dict[str, str] = {}

    def failed(package: str) -> None:  # a package that does not import hides its modules
        found[package] = traceback.format_exc(limit=-3)

    infos = pkgutil.walk_packages(ludoteca.__path__, "ludoteca.", onerror=failed)
    names = {info.name for info in infos if not info.name.endswith(".__main__")}
    names -= SCRIPTS | set(found)
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except MissingExtra as exc:
            found[name] = f"extra:{exc.extra}"
        except Exception:
            found[name] = traceback.format_exc(limit=-3)
        else:
            found[name] = "ok"
    return found


def main(argv: list[str]) -> None:
    if argv[:1] == ["--block"]:
        sys.meta_path.insert(0, Blocker(set(argv[1].split(","))))
    json.dump(walk(), sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
