"""Which listed action a caller's action stands for: by type and by the types of its fields.

NamedTuples and dataclasses compare by value, so ``==`` alone takes a plain tuple for a listed
NamedTuple, one action class for another with the same fields, and a float, a Fraction, a bool or
a numpy integer for an int. An engine that checked legality with ``==`` and then applied the
caller's object could crash mid-step or quietly do something else. So the engine looks up the
listed object that is the *same* value (same type, field for field, all the way down) and applies
that object, never the caller's; anything else is refused, and :func:`lookalike_sentence` says in
words what was wrong with a near miss.
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from .checks import listed as as_list
from .numbers import shown

_ATOMS = frozenset((int, str, bool, float, bytes, type(None)))


@cache
def _dataclass_fields(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """(name, compared, default) of each field of a dataclass, found once per class."""
    return tuple(
        (f.name, f.compare, f.default if f.default is not dataclasses.MISSING else dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    )


def same_value(listed: Any, given: Any) -> bool:
    """Whether ``given`` is the listed value itself: the same type, and the same in every field.

    A dataclass field that takes no part in comparison (a label such as a card's name) may be
    left at its default by the caller; given, it must be the listed one. Never raises: a value
    whose ``==`` misbehaves (a numpy array) simply does not match.
    """
    if listed is given:
        return True
    kind = type(listed)
    if kind is not type(given):
        return False
    try:
        if kind in _ATOMS:
            return bool(listed == given)
        if isinstance(listed, tuple):  # NamedTuples too
            return len(listed) == len(given) and all(map(same_value, listed, given))
        if dataclasses.is_dataclass(kind):
            for name, compared, default in _dataclass_fields(kind):
                mine, theirs = getattr(listed, name), getattr(given, name)
                if not same_value(mine, theirs) and (compared or not same_value(default, theirs)):
                    return False
            return True
        if isinstance(listed, frozenset):
            return len(listed) == len(given) and all(any(same_value(a, b) for a in listed) for b in given)
        return bool(listed == given)
    except Exception:  # a value whose comparison raises is no listed value
        return False


def find_listed(given: Any, listed: Iterable[Any]) -> Any | None:
    """The listed object that is the same value as ``given`` (see :func:`same_value`), or None.

    listed: a list (or other collection) of the allowed values, walked through at most twice;
    anything else is a TypeError in words. Its cost is one comparison per listed value.
    """
    try:
        for candidate in listed:
            if candidate is given:
                return candidate
        for candidate in listed:
            if same_value(candidate, given):
                return candidate
    except TypeError:  # why, in words, only once the walk failed: engines call this on every step
        _listed(listed)
        raise
    return None


def _listed(values: Any) -> list[Any]:
    """values as a list, or a TypeError in words when it is no collection of allowed values."""
    return as_list(values, "listed", "the allowed values (such as game.legal_actions())")


def _loosely_equal(listed: Any, given: Any) -> bool:
    """Whether a caller could mean the listed value: equal by ``==``, or with a list where the
    listed value has a tuple (a card typed as [250, "hard"]), at any depth of the fields."""
    try:
        if listed == given:
            return True
        if isinstance(listed, tuple) and isinstance(given, list | tuple):
            return len(listed) == len(given) and all(map(_loosely_equal, listed, given))
        if dataclasses.is_dataclass(type(listed)) and type(listed) is type(given):
            return all(
                _loosely_equal(getattr(listed, name), getattr(given, name))
                for name, compared, _ in _dataclass_fields(type(listed))
                if compared
            )
    except Exception:
        return False
    return False


def _type_name(value: Any) -> str:
    kind = type(value)
    home = kind.__module__.split(".")[0]
    return f"{home}.{kind.__name__}" if home == "numpy" else kind.__name__


def _difference(listed: Any, given: Any, where: str) -> str | None:
    """Where a look-alike first differs from the listed value, in words (None: no difference)."""
    if type(listed) is not type(given):
        what = f"{where} is " if where else ""
        return (
            f"{what}{shown(given, 60)} (a {_type_name(given)}), where the listed action has "
            f"{shown(listed, 60)} (a {_type_name(listed)})"
        )
    if isinstance(listed, tuple) and not hasattr(listed, "_fields"):
        for i, (a, b) in enumerate(zip(listed, given, strict=False)):
            found = _difference(a, b, f"{where}[{i}]" if where else f"item {i}")
            if found:
                return found
        return None
    names = listed._fields if isinstance(listed, tuple) else None
    if names is None and dataclasses.is_dataclass(type(listed)):
        names = tuple(name for name, _, _ in _dataclass_fields(type(listed)))
    for name in names or ():
        found = _difference(getattr(listed, name), getattr(given, name), f"{where}.{name}" if where else name)
        if found:
            return found
    return (
        None
        if same_value(listed, given)
        else f"{where or 'it'} is {shown(given, 60)}, not {shown(listed, 60)}"
    )


def lookalike_sentence(
    given: Any, listed: Iterable[Any], said: Callable[[Any], str] | None = str
) -> str | None:
    """For a value equal by ``==`` to a listed one but not the same value, say what differs; for
    a listed value's text (``said``, the words the game shows it in) or its position in the list,
    say to give the value itself (said None: no such hint, as for a roll's outcomes).

    None when no listed value looks like ``given``: then the refusal is the game's own reason.
    listed: a list (or other collection) of the allowed values, else a TypeError in words; one
    comparison per listed value (and a description of the first look-alike).
    """
    listed = _listed(listed)
    stand_in = _stand_in(given, listed, said) if said is not None else None
    if stand_in:
        return f"{shown(given, 80)} is {stand_in}, not the action: {_GIVE_IT}"
    for candidate in listed:
        twin = type(candidate) is not type(given) and type(candidate).__name__ == type(given).__name__
        if twin and not same_value(candidate, given) and shown(candidate, 200) == shown(given, 200):
            where = type(candidate).__module__
            return (
                f"{shown(given, 80)} is a {type(given).__name__} of another class than the game's own "
                f"({where}.{type(candidate).__name__}): build it from the game's actions module, or "
                "pass the action exactly as legal_actions() lists it (game.legal_actions()[0])."
            )
        if not same_value(candidate, given) and _loosely_equal(candidate, given):
            difference = _difference(candidate, given, "")
            return (
                f"{shown(given, 80)} only looks like the allowed {shown(candidate, 80)}: {difference}. "
                "Pass the action exactly as legal_actions() lists it (for example "
                "game.legal_actions()[0]), or build it from its own class with whole numbers."
            )
    return None


_GIVE_IT = (
    "give (or return) the action itself, as legal_actions() lists it, for example game.legal_actions()[0]."
)


def _stand_in(given: Any, listed: list[Any], said: Callable[[Any], str]) -> str | None:
    """What a text or a number given in place of a listed action is: its words, or its position."""
    texts = isinstance(given, str) and not any(isinstance(a, str) for a in listed)
    if texts and any(given in (str(a), _said_safely(said, a)) for a in listed):
        return "the text of an allowed action"
    whole = isinstance(given, numbers.Integral) and not isinstance(given, bool)
    if whole and 0 <= given < len(listed) and not any(isinstance(a, numbers.Number) for a in listed):
        return f"a position in the list of the {len(listed)} allowed actions"
    return None


def _said_safely(said: Callable[[Any], str], action: Any) -> str:
    try:
        return said(action)
    except Exception:  # a game's words for its own actions; never let a refusal raise
        return ""
