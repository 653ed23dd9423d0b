"""Arguments of the wrong kind, refused in a sentence: a card that cannot be a key, a function
that is not one, a list or a mapping that is something else.

Python's own words for these ("unhashable type: 'list'", "'int' object is not iterable", "'str'
object is not callable") name its internals, not what a student should type. Each check here
says what the argument is for, what it was and what is allowed. The checks on hot paths (a
card looked up in a zone on every move) run only on the error path: the caller catches Python's
TypeError and asks :func:`check_key` why, so a good card costs nothing extra.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import islice
from types import ModuleType
from typing import Any, TypeVar

from .numbers import an, is_whole, shown, whole_number

T = TypeVar("T")

KEYS = "a value that can be a dictionary key: a string, a number or a tuple of those"
"""What a card, an outcome or a name looked up may be (anything hashable)."""


def a_kind(value: object) -> str:
    """The kind of value with its article: "a list", "an int", "None"."""
    return "None" if value is None else an(type(value).__name__)


def described(value: object) -> str:
    """A value as a refusal names it: its kind and (short) what it is, "a list ([1, 2])"."""
    return "None" if value is None else f"{a_kind(value)} ({shown(value)})"


def is_key(value: object) -> bool:
    """Whether value can be a dictionary key (a card, an outcome): whether it is hashable."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def check_key(value: T, what: str = "a card") -> T:
    """value itself if it can be a dictionary key, else a TypeError in words naming what it is for:
    "a card must be a value that can be a dictionary key: a string, a number or a tuple of those;
    got a list ([1, 2])". Called on the error path too: after a look-up raised TypeError, a good
    key returns and the caller re-raises the original error unchanged."""
    if not is_key(value):
        raise TypeError(f"{what} must be {KEYS}; got {described(value)}") from None
    return value


def check_callable(value: T, name: str, takes: str = "an outcome", example: str = "lambda k: k >= 4") -> T:
    """value itself if it can be called, else a TypeError: "event must be a function of an outcome
    (such as lambda k: k >= 4); got a str ('six')"."""
    if not callable(value):
        raise TypeError(f"{name} must be a function of {takes} (such as {example}); got {described(value)}")
    return value


def check_iterable(value: T, name: str, of: str, repeats: bool = False) -> T:
    """value itself if it is a list, tuple, range, iterator or other collection of items (not text,
    not a mapping), else a TypeError in words; nothing is taken from it (an endless iterator may
    be followed lazily by the caller, who bounds it). repeats: the items' repeats count (a deck,
    dice, bonuses), so a set is refused too: it keeps each value once, {1, 1, 2} being {1, 2}."""
    if repeats and isinstance(value, AbstractSet):
        raise TypeError(
            f"{name} must be a list of {of}, in square brackets: a set keeps each value once, so "
            f"repeats would be lost; got {described(value)}"
        )
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a list of {of}; got {described(value)}")
    return value


def listed(value: Iterable[T], name: str, of: str, most: int | None = None, repeats: bool = False) -> list[T]:
    """value as a list, if it is a list, tuple, range or other collection of items (not text, not a
    mapping; not a set where repeats count, see check_iterable) of at most ``most`` items; else a
    TypeError (ValueError when too long) in words.

    Only most + 1 items are ever taken from it, so an endless iterator is refused, not followed.
    """
    check_iterable(value, name, of, repeats)
    if most is None:
        return list(value)
    most = whole_number(most, "most", 0)
    items = list(islice(value, most + 1))
    if len(items) > most:
        raise ValueError(f"{name} must be a list of at most {most:,} {of}; got more")
    return items


def check_mapping(value: T, name: str, of: str) -> T:
    """value itself if it is a mapping (a dict), else a TypeError: "expected must map each card to
    its copies (a dict such as {'a': 2}); got an int (5)"."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must map {of}; got {described(value)}")
    return value


def failed_call(function: str, on: str, error: BaseException) -> str:
    """The sentence for a student's function that raised: "the function given to map failed on the
    outcome 'a' (it raised ZeroDivisionError; the traceback above shows where)"."""
    return f"{function} failed on {on} (it raised {type(error).__name__}; the traceback above shows where)"


def returned_no_key(function: str, on: str, result: object, what: str = "an outcome") -> str:
    """The sentence for a student's function whose answer cannot be a key (an outcome, a card)."""
    return f"{function} returned {described(result)} for {on}; {what} must be {KEYS}"


def _check_policy(policy: Any, what: str) -> None:
    """A policy is a function of the game; a name or a module is refused in words."""
    if callable(policy):
        return
    if isinstance(policy, str):
        raise TypeError(
            f"{what} must be a function that takes the game and returns an action, such as the "
            f"greedy of the game's policies module (policies.greedy); got the string {shown(policy, 40)} "
            "(use the function, not its name)"
        )
    if isinstance(policy, ModuleType):
        raise TypeError(
            f"{what} must be a function that takes the game and returns an action; got the module "
            f"{policy.__name__}: pick one of its functions, such as {policy.__name__}.greedy"
        )
    raise TypeError(
        f"{what} must be a function that takes the game and returns an action; got {shown(policy, 60)}"
    )


def check_policies(policies: Any) -> None:
    """One policy for all, or a list or dict of them, one per player: anything else in words."""
    if isinstance(policies, str | ModuleType) or not isinstance(policies, Sequence | Mapping):
        _check_policy(policies, "policies")


def _check_every_seat(policies: Any, players: int, name_of: Callable[[int], str]) -> None:
    """A list or dict of policies names one for every player (and no one else): checked before
    any step is played, so a game is never left part-played by a missing one."""
    if isinstance(policies, Sequence):
        extra = list(policies)[players:]
    else:
        extra = [k for k in policies if not (is_whole(k) and 0 <= k < players)]
    if extra:
        raise ValueError(
            f"give one policy for every player ({players}), or one for all; got {len(policies)} "
            f"({shown(extra[0], 40)} is for no player)"
        )
    for seat in range(players):
        _seat_policy(policies, seat, players, name_of)


def _seat_policy(policies: Any, seat: int, players: int, name_of: Callable[[int], str]) -> Any:
    """The policy a list or dict gives one seat, checked, or a ValueError naming the player."""
    try:
        policy = policies[seat]
    except (IndexError, KeyError):
        raise ValueError(
            f"give one policy for every player ({players}), or one for all; there is none for {name_of(seat)}"
        ) from None
    _check_policy(policy, f"the policy for {name_of(seat)}")
    return policy
