"""``python -m playground.bench.record [NOTEBOOK ...]``: play the lessons and keep their long runs.

Each lesson runs on a fresh kernel with PLAYGROUND_RECORD_RESULTS set, so every remembered call
it makes (core.remembered: rule comparisons and the other long seeded runs) is played here and
written to a new store, which replaces data/results/remembered.json (given some lessons only,
the other lessons' runs that still match the code are kept). ``make results`` runs every lesson
after a change to an engine, its data or a measure (a test says when the store no longer
matches the code).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from playground.bench import NOTEBOOKS
from playground.core.remembered import RECORD, _call_key, _store_path, _stored_calls, _write_store


def record(notebooks: list[Path]) -> int:
    """Run each notebook in record mode; write the calls they made as the shipped store."""
    import nbformat
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "remembered.json"
        kept = os.environ.get(RECORD)
        os.environ[RECORD] = str(fresh)
        try:
            for path in notebooks:
                print(f"recording {path.name}", flush=True)
                nb = nbformat.read(path, as_version=4)
                NotebookClient(
                    nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
                ).execute()
        finally:
            if kept is None:
                os.environ.pop(RECORD, None)
            else:
                os.environ[RECORD] = kept
        entries = _stored_calls(fresh)
    kept_current = {k: e for k, e in _stored_calls().items() if _call_key(e["call"]) == k}
    if len(notebooks) < len(list(NOTEBOOKS.glob("*.ipynb"))):  # the other lessons' runs stay
        entries = {**kept_current, **entries}
    _write_store(entries, _store_path())
    print(f"{len(entries)} calls written to {_store_path()}")
    return len(entries)


def main(argv: list[str] | None = None) -> None:
    names = sys.argv[1:] if argv is None else argv
    record([Path(n) for n in names] if names else sorted(NOTEBOOKS.glob("*.ipynb")))


if __name__ == "__main__":
    main()
