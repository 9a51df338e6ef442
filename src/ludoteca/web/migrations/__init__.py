"""Alembic migrations of the web app's database."""
