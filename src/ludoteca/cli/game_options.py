"""`ludoteca games GAME`: one game's options in full (the list of all games shortens them)."""

from __future__ import annotations

from rich.table import Table

from ludoteca import games
from ludoteca.core import DataFile
from ludoteca.core.i18n import _
from ludoteca.core.options import Option


def allowed(option: Option) -> str:
    """What values the option takes, as a person reads it."""
    files = option.kind is DataFile
    choices = ", ".join(option.choices or ())
    if files:
        return _("{presets} or a file (TOML)", presets=choices) if choices else _("a file (TOML)")
    if choices:
        return choices
    if option.kind is bool:
        return "true, false"
    if option.minimum is not None or option.maximum is not None:
        low = "" if option.minimum is None else str(option.minimum)
        high = "" if option.maximum is None else str(option.maximum)
        return f"{low}–{high}"
    return _("text")


def options_table(name: str) -> Table:
    """Every option of game `name`: its default, the values it takes and what it does."""
    info = games.info(name)
    table = Table(title=_("{title}: options (--option NAME=VALUE)", title=info.title))
    for column in (_("option"), _("default"), _("values"), _("what it does")):
        table.add_column(column)
    for option in info.options:
        default = "-" if option.default is None else str(option.default)
        if isinstance(option.default, bool):
            default = default.lower()
        table.add_row(option.name, default, allowed(option), _(option.help))
    return table
