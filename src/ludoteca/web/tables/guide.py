"""Each game's guide for players: the "How to play" page and the terms its board explains.

The text comes from the game's package (`core.guide`), written in Markdown and turned
into HTML here by markdown-it-py with raw HTML switched off: a guide can hold no markup
of its own, only what Markdown makes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError, not_found
from ludoteca.web.shared.openapi import ERRORS
from ludoteca.web.shared.pages import error_page, templates

api_router = APIRouter(prefix="/api", responses=ERRORS)
page_router = APIRouter(include_in_schema=False)
_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def guide_of(name: str) -> dict[str, Any]:
    """The guide of playable game `name` in the reader's language: title, HTML of its
    "How to play", its terms and its tutorial."""
    if name not in games.playable():
        raise not_found(
            _("unknown game '{value}'", value=name[:64])
        )  # a stranger's path is not echoed whole
    return _guide(name, i18n.current())


@cache
def _guide(name: str, locale: str) -> dict[str, Any]:
    cls = games.game_class(name)
    guide = cls.guide(locale)
    return {
        "game": name,
        "title": cls.info.title,
        "rulebook": cls.info.rulebook,
        "html": _MARKDOWN.render(guide.how_to_play),
        "terms": dict(guide.terms),
        "tutorial": dict(guide.tutorial),
    }


@api_router.get("/games/{name}/guide")
def guide(name: str) -> dict[str, Any]:
    """How to play game `name` (HTML made from its Markdown), what its board's terms mean
    (`terms`: the key a board element carries in `data-terms`, and its explanation) and
    its guided first game (`tutorial`: `intro` and phase -> what to do now; {}: none)."""
    return dict(guide_of(name))


@page_router.get("/games/{name}", response_class=HTMLResponse)
def guide_page(request: Request, name: str) -> HTMLResponse:
    """The "How to play" page of game `name`, linked from the lobby's tile."""
    try:
        found = guide_of(name)
    except WebError as exc:
        return error_page(request, exc)
    # A copy: the template response adds the request to its context.
    return templates.TemplateResponse(request, "guide.html", dict(found))
