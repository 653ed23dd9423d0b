"""Marks for one game's own functions: its named players and its measures.

``@policy(TiebreakGame)`` on a player and ``@takes_game(TiebreakGame)`` on a measure make them
refuse, in words, a game of another class (an AttributeError deep inside, or a silently wrong
figure) and, for a player, a game that is over. They sit beside the engine (engine.py), which
they import: the engine itself needs none of them. The random legal player, the engine's
default, stays in engine.py; the checks of a ``policies=`` argument are in checks.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from .checks import a_kind
from .engine import GAME_OVER, Action, Game, IllegalAction

P = TypeVar("P", bound=Callable[..., Action])


def takes_game(game_class: type[Game], live: bool = False) -> Callable[[P], P]:
    """Mark a function of one game's games (a measure, a player): it then refuses, in words, a
    game of another class (an AttributeError deep inside, or a silently wrong figure) and, when
    live, a game that is over. The check costs a fraction of a microsecond a call."""

    def mark(f: P) -> P:
        @functools.wraps(f)
        def checked(game: Any, *args: Any, **kwargs: Any) -> Any:
            if not isinstance(game, game_class):
                raise TypeError(f"{f.__name__} is for {game_class.__name__} games only; got {a_kind(game)}")
            if live and game.current_actor() is None:
                raise IllegalAction(GAME_OVER)
            return f(game, *args, **kwargs)

        return checked  # type: ignore[return-value]

    return mark


def policy(game_class: type[Game]) -> Callable[[P], P]:
    """Mark a game's named player (``@policy(TiebreakGame)``): it refuses another game's and a
    game that is over (a finished game lists no actions; a choice among none was an IndexError)."""
    return takes_game(game_class, live=True)
