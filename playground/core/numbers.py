"""Whole numbers as students and pandas type them: one check, one sentence, everywhere.

A count, a seed or a step number may come as a Python int or as a numpy integer (what pandas
and numpy hand back); a bool, a float (even 2.0), a Fraction or a string is refused with a
sentence naming the argument, the value and what is allowed.
"""

from __future__ import annotations

import numbers
import operator
from typing import Any


def is_whole(value: Any) -> bool:
    """A whole number: an int or a numpy integer, not a bool."""
    return (
        isinstance(value, numbers.Integral)
        and not isinstance(value, bool)
        and type(value).__name__ != "bool_"
    )


def whole_number(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a Python int, if it is a whole number from low to high (either may be None).

    Raises ValueError (TypeError for a value that is no number at all would surprise a student,
    so a ValueError it is) naming the argument, the value and the allowed range.
    """
    if low is not None and high is not None:
        allowed = f"from {low:,} to {high:,}"
    elif low is not None:
        allowed = f"from {low:,} up"
    elif high is not None:
        allowed = f"up to {high:,}"
    else:
        allowed = "(any size)"
    if not is_whole(value):
        raise ValueError(f"{name} must be a whole number {allowed}; got {shown(value)}")
    number = operator.index(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be a whole number {allowed}; got {shown(number)}")
    return number


def shown(value: Any, width: int = 60) -> str:
    """A value as an error message shows it: at most ``width`` characters, and never a 4,300-digit
    conversion (a huge number is named by its size, a value whose repr fails by its kind).
    width: a whole number from 4 to 10,000."""
    if type(width) is not int or not 4 <= width <= 10_000:
        width = whole_number(width, "width", 4, 10_000)
    if is_whole(value) and abs(operator.index(value)).bit_length() > 200:
        return f"a whole number of about {int(abs(operator.index(value)).bit_length() * 0.30103)} digits"
    if isinstance(value, numbers.Rational) and not is_whole(value):
        bits = max(abs(value.numerator).bit_length(), value.denominator.bit_length())
        if bits > 200:
            return f"a fraction of about {int(bits * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails (or is too long to make) is named by its kind
        return f"{an(type(value).__name__)} that cannot be shown"
    return text if len(text) <= width else text[: width - 3] + "..."


def flag(value: Any, name: str) -> bool:
    """value, if it is True or False (a numpy bool too); else a ValueError naming the argument:
    any other object would silently count as True (a Rules passed by position, the text "no")."""
    if type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    raise ValueError(f"{name} must be True or False; got {shown(value, 40)}")


def an(name: str) -> str:
    """A class name with its article: "a str", "an int", "an ArcData"."""
    if not isinstance(name, str):
        raise TypeError(f"name must be text, a class name such as 'int'; got {shown(name)}")
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name
