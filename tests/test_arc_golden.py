"""A golden playthrough: one seeded 4-player Tournament Arc season, kept as text and diffed.

If a change to the engine alters this story on purpose, regenerate the file with
``PLAYGROUND_REGENERATE_GOLDEN=1 pytest tests/test_arc_golden.py`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from playground.arc import new_game
from playground.arc.policies import greedy
from playground.core.dist import readable

GOLDEN = Path(__file__).parent / "golden" / "arc_seed7_4p_greedy.txt"


def playthrough() -> str:
    game = new_game(seed=7, players=4).play(greedy)
    history = game.history()
    history["probability"] = history["probability"].map(lambda p: "" if p is None else str(p))
    history["path_probability"] = history["path_probability"].map(readable)
    lines = [f"result: {game.result()}", history.to_csv(sep="|"), game.state_frame().to_csv(sep="|")]
    return "\n".join(lines)


def test_golden_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("PLAYGROUND_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()
