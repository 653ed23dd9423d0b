"""Asking a player function for its pick without letting it change the game it is shown.

A player function gets the live game (a copy a step would cost more than most steps). It may
read anything; three kinds of change are refused, each with the game put back as it was: a
step of the game it is asked about, a move applied to it, and an edit in place of the state or
of the game's other public fields (``game.state.players[0].points = 99``, ``game.target = 3``,
``game.tasks.clear()``, ``del game.state.board``). The last is found by a fingerprint of those
changeable parts taken before and after the call; the game's private (underscored) caches, its
generator's state (only which generator it is counts: a player that swaps it is refused, one that
reseeds it is not noticed) and history are left out (a game lists the private fields that hold state, such as
Tsubasa's face-down picks, in SEALED_PRIVATE), and its loaded rules and data (read-only
already) count only by which object sits where. The fingerprint costs 0.1-0.3 ms
a call, so it is taken only for player functions from outside the package (a student's own);
the package's players are checked not to edit anything by a test instead.
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
    "The player function changed game.state (or another of the game's fields) in place, so its "
    "pick was refused and the game was put back as it was. A player function reads the game and "
    "returns one of game.legal_actions(); to try a change, copy the game first: "
    "trial = game.at(game.step_count)."
)


def _package_player(policy: Any) -> bool:
    """A player of the package's own, calling none of the caller's functions (a package player
    that does, such as Tie-Break's from_choices, lists them in given_functions())."""
    module = getattr(policy, "__module__", None) or ""
    if not (module == "playground" or module.startswith("playground.")):
        return False
    given = getattr(policy, "given_functions", None)
    return not callable(given) or all(map(_package_player, given()))


def _loaded(game: Any) -> set[int]:
    """The ids of the game's rules, data and the data's parts: loaded, so read-only already (a
    game of one's own may have neither)."""
    rules, data = getattr(game, "rules", None), getattr(game, "data", None)
    if dataclasses.is_dataclass(data):
        parts = [getattr(data, f.name) for f in dataclasses.fields(data)]
    else:
        parts = list(vars(data).values()) if hasattr(data, "__dict__") else []
    return {id(rules), id(data), *map(id, parts)} - {id(None)}


_NOT_SEALED = frozenset({"rng", "state"})  # the generator is the game's own; the state is sealed apart
_LOADED = "loaded part"  # in a fingerprint, where a loaded part sits (a deleted or swapped one shows)


def state_seal(game: Any, policy: Any) -> bytes | None:
    """A fingerprint of ``game.state`` and the game's public fields without their loaded parts,
    or None where it is not taken (a package player, or parts that cannot be pickled)."""
    if _package_player(policy):
        return None
    loaded = _loaded(game)
    state = getattr(game, "state", None)
    parts = vars(state) if hasattr(state, "__dict__") else {}
    private = getattr(game, "SEALED_PRIVATE", ())  # private fields that hold state, not caches
    fields = {k: v for k, v in vars(game).items() if (k[:1] != "_" or k in private) and k not in _NOT_SEALED}
    fields["rng"] = (_LOADED, id(getattr(game, "rng", None)))  # its draws are the game's; a swap shows
    try:
        return pickle.dumps(
            [
                {k: (_LOADED, id(v)) if id(v) in loaded else v for k, v in kept.items()}
                for kept in (parts, fields)
            ],
            protocol=5,
        )
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


@dataclasses.dataclass
class Asking:
    """A player function being asked about a game: the game as it was before, so whatever the
    player did to it can be undone, even by the handler of a stop that cut the first undoing short."""

    count: int  # the game's steps before the player was asked
    kept: list | None  # a copy of the history, to put back if the player cuts it (None: not checked)
    seal: bytes | None  # the state's fingerprint (None: a package player, not checked)
    policy: Any
    rng: Any  # the game's own generator

    def put_back(self, game: Any) -> str:
        """Undo any step, move or edit of the player's; the sentence refusing its pick ('' when it
        did nothing). Putting back twice is putting back once."""
        cut = self.kept is not None and len(game._steps) < self.count
        if cut:
            game._steps[:] = self.kept
        moved = len(game._steps) - self.count
        edited = cut or (not moved and self.seal is not None and self.seal != state_seal(game, self.policy))
        game.rng = self.rng  # the game's own, whatever the player put in its place
        if moved or edited:
            game._restore(self.count)
        return MOVED_BY_POLICY.format(moves=moved) if moved else EDITED_BY_POLICY if edited else ""
