"""Languages: the reader's locale, gettext catalogs and text translated when it is read.

Every user-facing string is written in English and is its own message id (gettext's
convention). The translations are one catalog per language, `ludoteca/locale/<locale>.po`
(Babel's format, read at first use: no compiled files); a language is added by adding its
catalog. The locale being written for is a context variable: the web app sets it per
request, the command line from `--lang` or `LANG`; `en` (the source) is the default.

Text that outlives the moment it is written (a game's event log, shown later to readers
of several languages) is kept as a `Text` (message id and arguments) and translated each
time it is turned into a string. Numbers among its arguments are formatted per locale.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_percent

SOURCE = "en"
"""The language the message ids are written in."""

CATALOGS = Path(__file__).resolve().parent.parent / "locale"
"""One gettext catalog per language besides the source: `<locale>.po` (`pt_BR.po`)."""

_locale: ContextVar[str] = ContextVar("ludoteca_locale", default=SOURCE)

Arg: TypeAlias = "str | int | float | Text | Seat | tuple[Arg, ...]"
"""A field's value: verbatim text, a number (written per locale), a `Text` (translated), a
`Seat` (its player's name), or a tuple of them (written one after the other, separated by
commas)."""

_players: ContextVar[tuple[str, ...] | None] = ContextVar("ludoteca_players", default=None)


def locales() -> tuple[str, ...]:
    """Every language ludoteca speaks, as BCP 47 tags (`en`, `it`, `pt-BR`): the source
    language first, then one per catalog file."""
    return _locales(CATALOGS)


@functools.cache
def _locales(folder: Path) -> tuple[str, ...]:
    found = sorted(path.stem.replace("_", "-") for path in folder.glob("*.po"))
    return (SOURCE, *found)


def catalog_path(locale: str) -> Path:
    """The catalog file of `locale` (a tag `locales()` lists, not the source)."""
    return CATALOGS / f"{locale.replace('-', '_')}.po"


def display_name(locale: str, region: bool = True) -> str:
    """The language's name in itself (`Português (Brasil)`, `Italiano`), for a switcher;
    without `region`, the language alone (`Português`)."""
    parsed = Locale.parse(locale, sep="-")
    name = (parsed.get_display_name() if region else parsed.get_language_name()) or locale
    return name[:1].upper() + name[1:]


def current() -> str:
    """The locale text is being written for now."""
    return _locale.get()


def set_current(locale: str) -> None:
    """Write for `locale` from now on in this context (a request, a command). Raises
    `ValueError` for a locale ludoteca does not speak."""
    if locale not in locales():
        raise ValueError(f"unknown language '{locale}' (languages: {', '.join(locales())})")
    _locale.set(locale)


@contextmanager
def using(locale: str) -> Iterator[None]:
    """Write for `locale` inside the block, then as before."""
    if locale not in locales():
        raise ValueError(f"unknown language '{locale}' (languages: {', '.join(locales())})")
    token = _locale.set(locale)
    try:
        yield
    finally:
        _locale.reset(token)


def best_match(wanted: list[str]) -> str | None:
    """The first of `wanted` (tags in order of preference) ludoteca speaks: the same tag,
    else the same language in another region (`pt-PT` reads `pt-BR`); None if none."""
    spoken = locales()
    by_language: dict[str, str] = {}
    for tag in spoken:
        by_language.setdefault(tag.split("-")[0].lower(), tag)
    lowered = {tag.lower(): tag for tag in spoken}
    for tag in wanted:
        tag = tag.strip().replace("_", "-").lower()
        if tag in lowered:
            return lowered[tag]
        if tag.split("-")[0] in by_language:
            return by_language[tag.split("-")[0]]
    return None


def from_accept_language(header: str) -> str:
    """The locale an `Accept-Language` header asks for (RFC 9110 weights), else the source."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and weight > 0:
            weighted.append((-weight, position, tag))
    return best_match([tag for _, _, tag in sorted(weighted)]) or SOURCE


def from_environment(value: str) -> str | None:
    """The locale a POSIX `LANG` value names (`pt_BR.UTF-8`, `it_IT`), if ludoteca speaks it."""
    tag = value.split(".")[0].split("@")[0]
    if not tag or tag in ("C", "POSIX"):
        return None
    return best_match([tag])


_added: list[Path] = []
"""The `locale/` folders of installed game packages with catalogs of their own."""


def add_catalogs(folder: Path) -> None:
    """Add a game package's catalogs (`folder/<locale>.po`, as ludoteca's own): its
    messages are translated too; ludoteca's own catalog wins where both have a message."""
    if folder.is_dir() and folder not in _added:
        _added.append(folder)
        translations.cache_clear()


def catalog_files(locale: str) -> list[Path]:
    """The catalogs read for `locale`: ludoteca's, then each added package's that has one."""
    name = catalog_path(locale).name
    return [catalog_path(locale), *(f / name for f in _added if (f / name).is_file())]


@functools.cache
def translations(locale: str) -> gettext.NullTranslations:
    """The gettext translations of `locale`, compiled in memory from its catalogs once."""
    if locale == SOURCE:
        return gettext.NullTranslations()
    found: gettext.NullTranslations | None = None
    for path in catalog_files(locale):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=locale.replace("-", "_"))
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        translated = gettext.GNUTranslations(compiled)
        if found is None:
            found = translated
        else:
            found.add_fallback(translated)
    assert found is not None
    return found


def format_number(value: float, locale: str | None = None) -> str:
    """`value` written the locale's way (`1,234.5` in English, `1.234,5` in Portuguese);
    a number too large for that (a stranger's, in an error message) as its digits."""
    if not abs(value) < 10**15:
        return str(value)
    return _decimal(value, locale or current())


@functools.lru_cache(maxsize=4096, typed=True)
def _decimal(value: float, locale: str) -> str:
    """Babel's `format_decimal`, remembered: a game's pictures show the same few numbers
    thousands of times, and Babel takes tens of microseconds for each."""
    return format_decimal(value, locale=locale.replace("-", "_"))


def format_fixed(value: float, digits: int) -> str:
    """`value` with exactly `digits` decimals, the current locale's way (`12.0`, `12,0`)."""
    if not abs(value) < 10**15:
        return str(value)
    return format_decimal(value, format=_digits(digits), locale=current().replace("-", "_"))


def format_percent(value: float, digits: int = 1) -> str:
    """A fraction as a percentage with `digits` decimals (`12.5%`, `12,5%`)."""
    pattern = _digits(digits) + "%"
    return babel_percent(value, format=pattern, locale=current().replace("-", "_"))


def _digits(digits: int) -> str:
    """A Babel number pattern with grouping and exactly `digits` decimals."""
    return "#,##0" + ("." + "0" * digits if digits > 0 else "")


def gettext_(message: str, **args: Arg) -> str:
    """`message` in the current locale, its `{name}` fields filled with `args` (imported
    as `_`, gettext's name, where the catalogs look for messages)."""
    return _fill(translations(current()).gettext(message), args)


_ = gettext_  # (a function named `_` is not exported by the compiled build)


def ngettext(singular: str, plural: str, n: int, **args: Arg) -> str:
    """The singular or plural of a message for `n` (the locale's plural rule); `n` is also
    its `{n}` field."""
    return _fill(translations(current()).ngettext(singular, plural, n), {"n": n, **args})


def pgettext(context: str, message: str, **args: Arg) -> str:
    """`message` in the current locale where the same English words need other words in
    another context (Touch down's team "Yellow" and Toxicity's pawn "Yellow")."""
    return _fill(translations(current()).pgettext(context, message), args)


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it (it is translated later)."""
    return message


def _fill(template: str, args: Mapping[str, Arg]) -> str:
    if not args:
        return template
    shown = {name: _shown(value) for name, value in args.items()}
    return template.format_map(shown)


def _shown(value: Arg) -> str:
    if isinstance(value, Text):
        return str(value)
    if isinstance(value, Seat):
        return value.name()
    if isinstance(value, tuple):
        return ", ".join(_shown(item) for item in value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return format_number(value)
    return value


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a message: written as its player's name where the reader's page
    knows the players (`naming_players`), else as "player N" (counted from 1), never as
    the engine's seat number."""

    index: int

    def name(self) -> str:
        """The player's name in the current context."""
        names = _players.get()
        if names is not None and 0 <= self.index < len(names):
            return names[self.index]
        return gettext_("player {n}", n=self.index + 1)


def players() -> tuple[str, ...] | None:
    """The players' names messages are written with now (None: "player N")."""
    return _players.get()


@contextmanager
def naming_players(names: tuple[str, ...] | None) -> Iterator[None]:
    """Inside the block, a `Seat` in a message is written as `names[seat]`."""
    token = _players.set(names)
    try:
        yield
    finally:
        _players.reset(token)


@dataclass(slots=True)
class Text:
    """A message translated each time it is shown: an English message id with `{name}`
    fields, their values (numbers, verbatim strings, seats or other `Text`s) and, for a message
    with a plural, the plural form (the count is the argument `n`). Never changed once
    made (not frozen only because a game logs thousands a second: frozen is slower)."""

    message: str
    # The fields by name, never changed once made: the keyword arguments' own dict (one
    # object a line, and none the collector tracks when the values are plain).
    args: dict[str, Arg] = field(default_factory=dict)
    plural: str | None = None

    def __str__(self) -> str:
        if self.plural is not None:
            values = dict(self.args)
            count = values.pop("n")
            assert isinstance(count, int), "a plural message counts with an integer n"
            return ngettext(self.message, self.plural, count, **values)
        return gettext_(self.message, **self.args)

    def to_json(self) -> Any:
        """Compact JSON: the bare message id, or `[message, {args}]`, or
        `[[singular, plural], {args}]`; an argument that is a `Text` is a list too."""
        if not self.args and self.plural is None:
            return self.message
        return self._pair()

    def _pair(self) -> list[Any]:
        key: Any = self.message if self.plural is None else [self.message, self.plural]
        return [key, {name: _arg_json(value) for name, value in self.args.items()}]

    @classmethod
    def from_json(cls, data: Any) -> Text:
        """The `Text` that `to_json` wrote (raises `ValueError` if `data` is not one)."""
        if isinstance(data, str):
            return cls(data)
        if not (isinstance(data, list) and len(data) == 2 and isinstance(data[1], dict)):
            raise ValueError(f"not a text: {data!r}")
        key, args = data
        plural = None
        if isinstance(key, list):
            key, plural = (str(part) for part in key)
        elif not isinstance(key, str):
            raise ValueError(f"not a message id: {key!r}")
        return cls(key, {str(k): _arg_from_json(v) for k, v in args.items()}, plural)


def T(message: str, **args: Arg) -> Text:
    """A `Text` of `message` (marked for the catalogs) with its field values."""
    return Text(message, args)


def Tn(singular: str, plural: str, n: int, **args: Arg) -> Text:
    """A `Text` with a plural, chosen by `n` in the reader's locale."""
    return Text(singular, {"n": n, **args}, plural)


def _arg_json(value: Arg) -> Any:
    # A `Text` argument is always a list, so a verbatim string stays one; a tuple is
    # {"all": [...]}.
    if isinstance(value, tuple):
        return {"all": [_arg_json(item) for item in value]}
    if isinstance(value, Seat):
        return {"seat": value.index}
    return value._pair() if isinstance(value, Text) else value


def _arg_from_json(value: Any) -> Arg:
    if isinstance(value, list):
        return Text.from_json(value)
    if isinstance(value, dict) and isinstance(value.get("all"), list) and len(value) == 1:
        return tuple(_arg_from_json(item) for item in value["all"])
    if isinstance(value, dict) and len(value) == 1 and type(value.get("seat")) is int:
        return Seat(value["seat"])
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError(f"not a text argument: {value!r}")
    return value
