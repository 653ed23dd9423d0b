"""A golden playthrough: one seeded 3-player tournament (with the Robot and a final), kept as text.

If a change to the engine alters this story on purpose, regenerate the file with
``PLAYGROUND_REGENERATE_GOLDEN=1 pytest tests/test_challengers_golden.py`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from playground.challengers import new_game
from playground.challengers.policies import thinning
from playground.core.dist import readable

GOLDEN = Path(__file__).parent / "golden" / "challengers_seed7_3p_thinning.txt"


def playthrough() -> str:
    game = new_game(seed=7, players=3).play(thinning)
    history = game.history()
    history["probability"] = history["probability"].map(lambda p: "" if p is None else str(p))
    history["path_probability"] = history["path_probability"].map(readable)
    lines = [f"result: {game.result()}", history.to_csv(sep="|")]
    return "\n".join(lines)


def test_golden_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("PLAYGROUND_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()
