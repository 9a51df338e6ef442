"""Small pieces of the HTML balance report: tables, sections, notes, images, percents.
Every text is escaped: labels come from the designer's options and files."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ludoteca.core import i18n


def img(data: str, alt: str) -> str:
    """A PNG given as base64 data."""
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table with a heading row."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def section(ident: str, title: str, *parts: str) -> str:
    """A titled section; `ident` is its anchor."""
    return f'<section id="{ident}"><h2>{html.escape(title)}</h2>{"".join(parts)}</section>'


def note(text: str, kind: str = "note") -> str:
    """A paragraph of class `kind` (`note`, or `warning` for what to read with care)."""
    return f'<p class="{kind}">{html.escape(text)}</p>'


def percent(value: float) -> str:
    """A share as a percent in the current language."""
    return i18n.format_percent(value)
