"""Replay files: `(game, options, seed, actions)` as JSON, re-played exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.core.datafile import parse_json, read_bounded
from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _

REPLAY_FORMAT = "ludoteca-replay"
REPLAY_VERSION = 1
MAX_REPLAY = 64 * 1024 * 1024
"""Bytes of a replay file (a long Touch down match is about 100 KB)."""


@dataclass
class Replay:
    """A recorded game: enough to reproduce it bit for bit."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON document written to replay files."""
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
        }

    @classmethod
    def from_json(cls, data: object) -> Replay:
        """Validate and read a replay document (raises `DataFileError`)."""
        if not isinstance(data, dict):
            raise DataFileError(_("replay must be a JSON object"))
        if data.get("format") != REPLAY_FORMAT:
            raise DataFileError(
                _(
                    "not a ludoteca replay (format must be '{replay_format}')",
                    replay_format=REPLAY_FORMAT,
                )
            )
        if data.get("version") != REPLAY_VERSION:
            raise DataFileError(
                _("unsupported replay version {value}", value=repr(data.get("version")))
            )
        game, options, seed = data.get("game"), data.get("options", {}), data.get("seed")
        actions, result = data.get("actions"), data.get("result")
        if not isinstance(game, str):
            raise DataFileError(_("replay field 'game' must be a game name"))
        if not isinstance(options, dict):
            raise DataFileError(_("replay field 'options' must be an object"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DataFileError(_("replay field 'seed' must be a whole number"))
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DataFileError(_("replay field 'actions' must be a list of action strings"))
        if result is not None and not isinstance(result, dict):
            raise DataFileError(_("replay field 'result' must be an object or null"))
        return cls(game=game, options=options, seed=seed, actions=actions, result=result)

    def save(self, path: Path) -> None:
        """Write this replay as JSON."""
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read a replay file (raises `DataFileError` naming what is wrong)."""
        text = read_bounded(path, "replay", MAX_REPLAY)
        return cls.from_json(parse_json(text, _("replay {path}", path=str(path))))
