"""What every engine does once, when a game starts: its rules and player count checked, its
task methods found by kind (so no engine looks a method up by name on every step), and the
attributes fixed then (rules, data, players, seed: see :func:`_fixed_at_start`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from .checks import described
from .numbers import is_whole, shown
from .rules import RulesBase

if TYPE_CHECKING:
    from .engine import Game

R = TypeVar("R")


def task_methods(engine: type, prefix: str) -> dict[str, Callable[..., Any]]:
    """An engine class's methods named prefix + a task kind (its own and inherited), by kind:
    ``task_methods(ArcGame, "_do_")["keep"]`` is ``ArcGame._do_keep``. Engines look their tasks'
    methods up once, here, rather than by name on every step.

    engine: a class; prefix: text (at most 100 characters); its cost is one pass over the class's
    attribute names. Anything else is a TypeError in words."""
    if not isinstance(engine, type):
        raise TypeError(f"engine must be an engine class (such as ArcGame); got {described(engine)}")
    if not isinstance(prefix, str) or not 0 < len(prefix) <= 100:
        raise TypeError(
            f"prefix must be text of 1 to 100 characters (such as '_do_'); got {described(prefix)}"
        )
    names = (name for name in dir(engine) if name.startswith(prefix))
    return {name.removeprefix(prefix): getattr(engine, name) for name in names}


@cache
def _rulebook(rules_cls: type[R]) -> R:
    """The rulebook's rules, made once per class: Rules objects are frozen, so games share it."""
    return rules_cls()


def checked_setup(rules: Any, rules_cls: type[R], players: Any, allowed: range, game: str) -> tuple[R, int]:
    """A new game's rules (the rulebook's when None) and player count (a numpy whole number, as
    pandas gives it, becomes an int), or an error in words.

    Every engine starts with these two checks; a wrong Rules class is a TypeError, a player count
    outside ``allowed`` a ValueError naming the game, the count and what it takes.
    """
    if not isinstance(allowed, range) or not allowed:
        raise TypeError(f"allowed must be a non-empty range of player counts; got {shown(allowed, 60)}")
    if not (isinstance(rules_cls, type) and issubclass(rules_cls, RulesBase)):
        raise TypeError(f"rules_cls must be a game's Rules class; got {shown(rules_cls, 60)}")
    rules = _rulebook(rules_cls) if rules is None else rules
    rules = rules_of(rules, rules_cls, game)
    if not is_whole(players) or players not in allowed:
        wanted = f"exactly {allowed[0]}" if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]}"
        raise ValueError(f"{game} is for {wanted} players; got {shown(players)}")
    return rules, int(players)


def rules_of(rules: Any, rules_cls: type[R], game: str) -> R:
    """rules, if it is one of this game's Rules; else a TypeError that names what to pass (and
    the other game, when it is another game's Rules)."""
    if not isinstance(rules, rules_cls):
        raise TypeError(
            f"rules must be a {game} Rules object ({_path(rules_cls)}(...), passed as rules=...); "
            f"got {_said_rules(rules)}"
        )
    return rules


def _path(kind: type) -> str:
    """playground.tiebreak.Rules for playground.tiebreak.rules.Rules: the name a lesson imports."""
    module = (
        kind.__module__.rsplit(".", 1)[0] if kind.__module__.startswith("playground.") else kind.__module__
    )
    return f"{module}.{kind.__qualname__}"


def _said_rules(rules: Any) -> str:
    if isinstance(rules, RulesBase):  # another game's: name it, so the mix-up is plain
        return f"another game's rules, {_path(type(rules))}(...); each game takes its own Rules"
    return shown(rules, 60)


def _fixed_at_start(name: str, told: str) -> property:
    """A game's attribute that is set once, when it starts: its history and every replay of it
    (``at``, ``fresh``, the scrub slider) are of one game, with one set of rules on one data set.
    Reading it costs one C-level look-up (the engines read their rules a few times a step)."""
    slot = f"_{name}_at_start"

    def refuse_a_second(game: Game, value: Any) -> None:
        if slot in game.__dict__:
            raise AttributeError(
                f"a game's {told} fixed when it starts, so that its history tells one game; "
                f"start another with new_game({name}=...), or compare two with compare_rules"
            )
        game.__dict__[slot] = value

    return property(operator.attrgetter(slot), refuse_a_second, doc=f"The game's {name}, fixed at its start.")
