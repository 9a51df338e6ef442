"""Errors the web API answers with: an HTTP status and one clear message."""

from __future__ import annotations


class WebError(Exception):
    """A refused request: `status` is the HTTP status, `message` says why; nothing changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def to_json(self) -> dict[str, object]:
        """The body sent to the client (HTTP) or the error frame (WebSocket)."""
        return {"type": "error", "status": self.status, "error": self.message}


def bad_request(message: str) -> WebError:
    """400: the request is malformed (not JSON, wrong field types)."""
    return WebError(400, message)


def unauthorized(message: str) -> WebError:
    """401: a seat token is required and none was given."""
    return WebError(401, message)


def forbidden(message: str) -> WebError:
    """403: the token does not belong to this table or seat."""
    return WebError(403, message)


def not_found(message: str) -> WebError:
    """404: no such table (or frame)."""
    return WebError(404, message)


def conflict(message: str) -> WebError:
    """409: the move is stale, duplicated or out of turn, or the game is over."""
    return WebError(409, message)


def too_large(message: str) -> WebError:
    """413: the request body or message is over the size limit."""
    return WebError(413, message)


def unprocessable(message: str) -> WebError:
    """422: well-formed, but refused by the rules or the options (illegal action...)."""
    return WebError(422, message)
