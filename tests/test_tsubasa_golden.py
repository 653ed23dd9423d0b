"""A golden playthrough: one seeded match, kept as text and diffed (as OpenSpiel does).

If a change to the engine alters this story on purpose, regenerate the file with
``PLAYGROUND_REGENERATE_GOLDEN=1 pytest tests/test_tsubasa_golden.py`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from playground.core.dist import readable
from playground.tsubasa import Rules, new_game
from playground.tsubasa.policies import odds_spender

GOLDEN = Path(__file__).parent / "golden" / "tsubasa_seed7_odds_spender.txt"


def playthrough() -> str:
    game = new_game(Rules(motivation=True, signings=True), seed=7).play(odds_spender)
    history = game.history()
    history["probability"] = history["probability"].map(lambda p: "" if p is None else str(p))
    history["path_probability"] = history["path_probability"].map(readable)
    return "\n".join([f"result: {game.result()}", history.to_csv(sep="|")])


def test_golden_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("PLAYGROUND_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()
