"""The command line's language, its help included.

Typer takes a command's help from its docstring and an option's from `help=`: English
message ids of ludoteca's catalogs, which `python -m ludoteca.catalogs` extracts from the
commands themselves (`help_messages`). Before the arguments are parsed, `LocalizedGroup`
chooses the language (`--lang`, else the environment) and translates every help text of
the command tree in place, so `--help` reads like everything else the command prints.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer.rich_utils
from typer.core import TyperGroup

from ludoteca.core import i18n
from ludoteca.core.i18n import N_

FRAMEWORK = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
"""Typer's own words in a help page (module settings of `typer.rich_utils`)."""
HELP_OPTION = N_("Show this message and exit.")
"""The `--help` option's own help (click's words, marked here for the catalogs)."""


def environment_language(environ: Mapping[str, str]) -> str:
    """The language POSIX locale variables ask for (LC_ALL, then LC_MESSAGES, then LANG,
    the first one set), if ludoteca speaks it; else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return i18n.from_environment(environ[name]) or i18n.SOURCE
    return i18n.SOURCE


def language_of(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language `--lang X` (or `--lang=X`) among `args` names, if ludoteca speaks it;
    else the environment's. (An unknown `--lang` is refused once the arguments are parsed.)"""
    for at, arg in enumerate(args):
        value = args[at + 1] if arg == "--lang" and at + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value is not None:
            return i18n.best_match([value]) or environment_language(environ)
    return environment_language(environ)


def help_messages(command: Any) -> Iterator[tuple[str, Path]]:
    """Every help text of `command` (a click command) and the commands under it, with the
    file of the function that defines it."""
    callback = command.callback
    source = Path(inspect.getfile(inspect.unwrap(callback))) if callback else Path(__file__)
    if command.help:
        yield command.help, source
    for param in command.params:
        if getattr(param, "help", None):
            yield param.help, source
    for sub in getattr(command, "commands", {}).values():
        yield from help_messages(sub)


def translate_help(command: Any, locale: str) -> None:
    """Put `command`'s help texts, and those under it, in `locale` (from their English,
    kept beside them: a command may be translated again into another language)."""
    words = i18n.translations(locale)
    helper = command.get_help_option(command.context_class(command))  # its help: HELP_OPTION
    for item in [command, *command.params, *([helper] if helper is not None else [])]:
        english = vars(item).setdefault("english_help", getattr(item, "help", None))
        if english:
            item.help = words.gettext(english)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, locale)


class LocalizedGroup(TyperGroup):
    """The `ludoteca` command: its help in the language the arguments or environment ask.
    Typer's own words (panel titles, "[default: …]") are settings of `typer.rich_utils`,
    set here for the same language."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Any = None,
        **extra: Any,
    ) -> Any:
        """Translate the help of every command, then parse `args` as click does."""
        locale = language_of(args, os.environ)
        i18n.set_current(locale)
        translate_help(self, locale)
        words = i18n.translations(locale)
        for name, message in FRAMEWORK.items():
            setattr(typer.rich_utils, name, words.gettext(message))
        return super().make_context(info_name, args, parent, **extra)
