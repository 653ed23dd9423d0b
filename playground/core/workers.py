"""Can this platform start worker processes? Where it cannot, the same games are played here.

A browser kernel (Pyodide, as in a JupyterLite site) has no processes: ``os.cpu_count()`` is 1
there and a ProcessPoolExecutor raises NotImplementedError. The long runs (compare_rules, the
Tie-Break season measures) ask ``workers_possible`` before they start a pool and otherwise
play every game in the kernel: the same seeds, so the same table, only slower.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from functools import cache


def workers_possible() -> bool:
    """True where a pool of worker processes can be made (asked once: made and shut at once, so
    no process starts)."""
    return _workers_possible()


@cache
def _workers_possible() -> bool:
    if sys.platform == "emscripten":  # Pyodide: a browser has no processes
        return False
    try:
        pool = ProcessPoolExecutor(max_workers=1)
    except (NotImplementedError, OSError, ImportError, PermissionError):
        return False
    pool.shutdown(wait=False)
    return True
