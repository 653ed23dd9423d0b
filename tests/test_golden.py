"""Golden playthroughs: one seeded game of each engine, kept as text and diffed (as OpenSpiel does).

If a change to an engine alters its story on purpose, regenerate the files with
``PLAYGROUND_REGENERATE_GOLDEN=1 pytest tests/test_golden.py`` and read the diff in the commit.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from playground import arc, challengers, tiebreak, tsubasa
from playground.core.engine import Game
from playground.core.showing import readable

GOLDEN = Path(__file__).parent / "golden"

#: file name -> (a finished seeded game, whether the final state table is kept too)
PLAYTHROUGHS: dict[str, tuple[Callable[[], Game], bool]] = {
    "tiebreak_seed7_4p_greedy": (
        lambda: tiebreak.new_game(seed=7, players=4).play(tiebreak.policies.greedy),
        False,
    ),
    "tsubasa_seed7_odds_spender": (
        lambda: tsubasa.new_game(tsubasa.Rules(motivation=True, signings=True), seed=7).play(
            tsubasa.policies.odds_spender
        ),
        False,
    ),
    "challengers_seed7_3p_thinning": (
        lambda: challengers.new_game(seed=7, players=3).play(challengers.policies.thinning),
        False,
    ),
    "arc_seed7_4p_greedy": (lambda: arc.new_game(seed=7, players=4).play(arc.policies.greedy), True),
}


def playthrough(game: Game, with_state: bool) -> str:
    """The result, then the history (exact chances as fractions, long path chances rounded)."""
    history = game.history()
    history["probability"] = history["probability"].map(lambda p: "" if p is None else str(p))
    history["path probability"] = history["path probability"].map(readable)
    lines = [f"result: {game.result()}", history.to_csv(sep="|")]
    if with_state:
        lines.append(game.state_frame().to_csv(sep="|"))
    return "\n".join(lines)


@pytest.mark.parametrize("name", PLAYTHROUGHS)
def test_golden_playthrough_is_unchanged(name: str) -> None:
    play, with_state = PLAYTHROUGHS[name]
    text = playthrough(play(), with_state)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("PLAYGROUND_REGENERATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text.splitlines() == path.read_text(encoding="utf-8").splitlines()
