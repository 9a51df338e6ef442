"""Optional extras (`ludoteca.core.extras`): the table matches the package's metadata; a
missing extra is one message naming what to install; other import errors are not hidden."""

from __future__ import annotations

import re
import sys
from importlib.metadata import packages_distributions, requires

import pytest

from ludoteca.core import OptionError
from ludoteca.core.extras import EXTRAS, MissingExtra, missing, require

REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)[^;]*;\s*extra\s*==\s*['\"]([a-z]+)['\"]")


def _declared() -> dict[str, set[str]]:
    """Each extra of the installed package's metadata and the distributions it adds."""
    found: dict[str, set[str]] = {}
    for line in requires("ludoteca") or []:
        if match := REQUIREMENT.match(line):
            name, extra = match.groups()
            found.setdefault(extra, set()).add(name.lower().replace("_", "-"))
    return found


def test_the_table_names_every_extra_users_install_and_the_modules_it_brings() -> None:
    """`EXTRAS` lists the extras of `pyproject.toml` (but `dev`, the developers') and, for
    each, the top-level modules of its distributions (`open_spiel` brings `pyspiel` too)."""
    declared = _declared()
    assert set(EXTRAS) == set(declared) - {"dev"}
    providers = packages_distributions()
    for extra, modules in EXTRAS.items():
        for module in modules:
            dists = {dist.lower().replace("_", "-") for dist in providers.get(module, [])}
            assert dists & declared[extra], (extra, module, dists)
        brought = {
            module
            for module, dists in providers.items()
            if {d.lower().replace("_", "-") for d in dists} & declared[extra]
            and not module.startswith("_")
            and module.isidentifier()
        }
        assert brought <= set(modules) | {"psycopg_binary"}, (extra, brought - set(modules))


def test_a_missing_extra_is_one_line_naming_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(MissingExtra) as error:
        require("ray", "--backend ray")
    assert isinstance(error.value, OptionError) and error.value.extra == "ray"
    assert str(error.value) == (
        "--backend ray needs the optional extra 'ray', which is not installed:"
        " pip install 'ludoteca[ray]'"
    )


def test_an_import_error_of_something_else_is_not_taken_for_a_missing_extra() -> None:
    elsewhere = ModuleNotFoundError("No module named 'numpyy'", name="numpyy")
    assert missing(elsewhere, "anything") is elsewhere
    inside = ModuleNotFoundError("No module named 'pettingzoo.utils'", name="pettingzoo.utils")
    assert isinstance(missing(inside, "the environments"), MissingExtra)
