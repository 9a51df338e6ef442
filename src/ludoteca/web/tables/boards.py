"""Board views shipped by the games themselves, served to the browser.

A game package may hold a `board/` folder with `board.js` (an ES module exporting
`draw(container, view, act)`, and `STYLE`, its stylesheet's name, if it has one), the
modules it imports and its stylesheet. The web app serves those files at
`/boards/<game>/<file>.js` (or `.css`), so an installed game plugin brings its board and
its styles with it. They may import the shared helpers at `/static/boards/svg.js`. Only
a plain `.js` or `.css` file name of a registered game's `board/` folder can be asked
for: nothing a request carries names another file.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources.abc import Traversable

from fastapi import APIRouter
from fastapi.responses import Response

from ludoteca import games
from ludoteca.core import Game, OptionError
from ludoteca.core.guide import package_folder
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError

router = APIRouter()
FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}\.(js|css)")
"""The only file names a board folder serves: no path, no hidden file, `.js` or `.css`."""
MEDIA_TYPES = {"js": "text/javascript", "css": "text/css"}


def board_folder(name: str) -> Traversable | None:
    """The `board/` folder of registered game `name`, if it ships a `board.js` (kept only
    for registered games: a made-up name leaves nothing behind)."""
    return _board_folder(name) if name in games.names() else None


@cache
def _board_folder(name: str) -> Traversable | None:
    try:
        cls = games.game_class(name)
    except OptionError:
        return None
    folder = package_folder(cls, "board")
    return folder if folder is not None and (folder / "board.js").is_file() else None


def board_url(game: Game) -> str | None:
    """Where the browser loads `game`'s board module, or None if it has none."""
    name = game.info.name
    return f"/boards/{name}/board.js" if board_folder(name) is not None else None


@router.get("/boards/{game}/{file}", include_in_schema=False)
def board_file(game: str, file: str) -> Response:
    """One module (or the stylesheet) of a game's board view."""
    name = FILE_NAME.fullmatch(file)
    folder = board_folder(game) if name else None
    target = None if folder is None else folder / file
    if target is None or not target.is_file():
        raise WebError(
            404,
            _("no board file {file} for game {game}", file=repr(file[:64]), game=repr(game[:64])),
        )
    return Response(
        target.read_bytes(),
        media_type=MEDIA_TYPES[name[1]] if name else "",
        headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
    )
