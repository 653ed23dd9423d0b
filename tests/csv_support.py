"""Editing a copy of a game's CSV files in tests: one cell changed, everything else as shipped."""

from __future__ import annotations

import csv
from pathlib import Path


def edit(path: Path, row: int, column: str, value: str) -> None:
    """Change one cell of a CSV file (row 1 = the first data row)."""
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows[row - 1][column] = value
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
