"""User text written where another program would read it as code: spreadsheets."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection")."""


def spreadsheet_cell(value: object) -> object:
    """`value` safe for a CSV cell: text starting like a formula gets a leading `'`,
    which spreadsheets show as text; numbers and other text pass unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
