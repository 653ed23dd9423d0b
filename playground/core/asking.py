"""Asking a player function for its pick without letting it change the game it is shown.

A player function gets the live game (a copy a step would cost more than most steps). It may
read anything; three kinds of change are refused, each with the game put back as it was: a
step of the game it is asked about, a move applied to it, and an edit of ``game.state`` in
place (``game.state.players[0].points = 99``). The last is found by a fingerprint of the
state's changeable parts taken before and after the call: about 0.1 ms a call, so it is taken
only for player functions from outside the package (a student's own); the package's players
are trusted not to edit the state (no test asserts it yet).
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

MOVED_BY_POLICY = (
    "The player function moved the game it was asked about ({moves} step(s) applied to the "
    "live game), so its pick was refused and those steps were taken back: the game is as it "
    "was. To try a move, copy the game first: trial = game.at(game.step_count), then "
    "trial.apply(action)."
)
PLAYED_BY_POLICY = (
    "A player function cannot step or play the game it is asked about (the step it is choosing "
    "has not happened yet). To look ahead, copy the game first: trial = game.at(game.step_count), "
    "then trial.step() or trial.play()."
)
EDITED_BY_POLICY = (
    "The player function changed game.state in place, so its pick was refused and the game "
    "was put back as it was. A player function reads the game and returns one of "
    "game.legal_actions(); to try a change, copy the game first: trial = game.at(game.step_count)."
)


def _package_player(policy: Any) -> bool:
    module = getattr(policy, "__module__", None) or ""
    return module == "playground" or module.startswith("playground.")


def _loaded(game: Any) -> set[int]:
    """The ids of the game's rules, data and the data's parts: loaded, so read-only already."""
    data = game.data
    if dataclasses.is_dataclass(data):
        parts = [getattr(data, f.name) for f in dataclasses.fields(data)]
    else:
        parts = list(vars(data).values()) if hasattr(data, "__dict__") else []
    return {id(game.rules), id(data), *map(id, parts)}


def state_seal(game: Any, policy: Any) -> bytes | None:
    """A fingerprint of ``game.state`` without its loaded parts, or None where it is not taken
    (a package player, a state with no fields, or one that cannot be pickled)."""
    state = getattr(game, "state", None)
    if _package_player(policy) or not hasattr(state, "__dict__"):
        return None
    loaded = _loaded(game)
    try:
        return pickle.dumps({k: v for k, v in vars(state).items() if id(v) not in loaded}, protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
