"""Designers' studies in the web app's database (`db.StudyRow`): created, advanced, ended."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, exists, func, literal, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.web.shared.db import LeaseRow, StudyRow
from ludoteca.web.shared.errors import not_found

RUNNING, DONE, FAILED = "running", "done", "failed"
LISTED = 50
"""The studies a listing shows, newest first."""
KEPT = 200
"""The studies a server keeps: as a new one starts, the oldest ended beyond these are
deleted (each holds a report of up to a few hundred kilobytes, and anyone may start one)."""


def shown_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """A study's settings as the API shows them: an uploaded data file by its name and
    size, not its content (the listing stays small; the report gives the tuned file)."""
    data = settings.get("data")
    if not isinstance(data, dict) or "content" not in data:
        return settings
    shown = {key: value for key, value in data.items() if key != "content"}
    shown["bytes"] = len(str(data["content"]).encode("utf-8"))
    return {**settings, "data": shown}


def view(row: StudyRow) -> dict[str, Any]:
    """A study as the API shows it (the report itself is served apart)."""
    return {
        "id": row.id,
        "kind": row.kind,
        "game": row.game,
        "settings": shown_settings(row.settings),
        "status": row.status,
        "done": row.done,
        "total": row.total,
        "error": row.error,
        "summary": row.summary or [],
        "report": f"/studies/{row.id}/report" if row.report else None,
        "created_at": row.created_at.isoformat(),
    }


class StudyStore:
    """The studies' rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(
        self, kind: str, game: str, settings: dict[str, Any], total: int, language: str
    ) -> str:
        """A new running study whose report is written in `language`; its id."""
        study_id = secrets.token_urlsafe(9)
        with Session(self.engine) as session, session.begin():
            session.add(
                StudyRow(
                    id=study_id,
                    kind=kind,
                    game=game,
                    settings=settings,
                    status=RUNNING,
                    done=0,
                    total=total,
                    language=language,
                    created_at=datetime.now(UTC),
                )
            )
            session.flush()
            newest = select(StudyRow.id).order_by(StudyRow.created_at.desc()).limit(KEPT)
            session.execute(
                delete(StudyRow).where(StudyRow.status != RUNNING, StudyRow.id.not_in(newest))
            )
        return study_id

    def advance(self, study_id: str, done: int) -> None:
        """Record the games played so far."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(StudyRow).where(StudyRow.id == study_id).values(done=done))

    def finish(self, study_id: str, report: str, summary: list[str]) -> None:
        """Store the report: the study is done."""
        self._end(study_id, status=DONE, report=report, summary=summary)

    def fail(self, study_id: str, error: str) -> None:
        """The study stopped on `error` (shown on the page)."""
        self._end(study_id, status=FAILED, error=error[:500])

    def _end(self, study_id: str, **values: Any) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(StudyRow)
                .where(StudyRow.id == study_id)
                .values(finished_at=datetime.now(UTC), **values)
            )

    def get(self, study_id: str) -> StudyRow:
        """One study (404 if there is none)."""
        with Session(self.engine) as session:
            row = session.get(StudyRow, study_id)
            if row is None:
                raise not_found(_("no study {study_id}", study_id=repr(study_id[:40])))
            session.expunge(row)
            return row

    def listing(self) -> list[StudyRow]:
        """The newest studies, newest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(StudyRow).order_by(StudyRow.created_at.desc()).limit(LISTED)
            ).all()
            for row in rows:
                session.expunge(row)
            return list(rows)

    def orphans(self, grace: float = 0.0) -> list[StudyRow]:
        """The running studies that no server process holds the lease of (`web.lease`: a
        restart stopped them, or their process died) and that began over `grace` seconds
        ago."""
        live = exists().where(
            LeaseRow.table_id == literal("study:") + StudyRow.id, LeaseRow.until > func.now()
        )
        with Session(self.engine) as session:
            rows = session.scalars(
                select(StudyRow).where(
                    StudyRow.status == RUNNING,
                    StudyRow.created_at < datetime.now(UTC) - timedelta(seconds=grace),
                    ~live,
                )
            ).all()
            for row in rows:
                session.expunge(row)
            return list(rows)
