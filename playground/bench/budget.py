"""What every section of the bench shares: the budget it may spend, the games it measures, the
median timer and the shape of one row of the table.

The sections live in their own modules (engines.py, exact.py; the panels, lessons and suite in
the package itself), and each of them reads these; so they sit below all of them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

GAMES = {"tiebreak": (2, 4, 6), "tsubasa": (2,), "challengers": (2, 4, 6), "arc": (2, 4, 6)}
"""Each game's package and the player counts benchmarked (2, 4 and 6 where the game allows)."""

COLUMNS = ["section", "item", "figure", "value", "unit", "repeats"]


@dataclass(frozen=True)
class Budget:
    """How long each measurement may run: the full bench, or a quick one for the tests."""

    engine_seconds: float = 0.6
    repeats: int = 5
    memory_games: int = 10_000
    memory_game: str = "arc"
    """The game whose 10,000 games are traced for memory (the quickest to play per game)."""
    compare_games: int = 1000
    """Tie-Break seasons per rule set in the serial-against-every-core comparison."""
    notebook_repeats: int = 3
    """Fresh-kernel runs of each notebook (each takes seconds, so fewer than the other figures)."""


QUICK = Budget(engine_seconds=0.05, repeats=2, memory_games=20, compare_games=8, notebook_repeats=1)


def median_seconds(
    call: Callable[[], object], repeats: int, before: Callable[[], None] | None = None
) -> float:
    """The median wall time of one call over ``repeats`` calls (``before`` runs untimed first)."""
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _row(section: str, item: str, figure: str, value: float, unit: str, repeats: int) -> dict[str, Any]:
    return dict(zip(COLUMNS, (section, item, figure, value, unit, repeats), strict=True))
