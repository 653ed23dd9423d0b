"""A panel's starting values, checked: a panel shows what it was given, or says why it cannot.

An ipywidgets slider silently clamps a value outside its range (IntSlider(value=100, max=15)
shows 15), so a student who asks for 100 would read the answer for 15 as theirs. The builders
check their arguments here first and refuse, in words, what their controls cannot show.
"""

from __future__ import annotations

from typing import Any, TypeVar

from playground.core.numbers import an, shown, whole_number
from playground.core.rules import RulesBase, field_specs

SEED_MAX = 2**31 - 1
"""The largest seed a panel's seed box holds."""

R = TypeVar("R", bound=RulesBase)


def start_at(value: Any, name: str, low: int, high: int) -> int:
    """value as an int, if it is a whole number from low to high (the control's range)."""
    return whole_number(value, name, low, high)


def start_seed(seed: Any) -> int:
    """A panel's seed: a whole number from 0 to SEED_MAX, as its seed box holds."""
    return whole_number(seed, "seed", 0, SEED_MAX)


def start_rules(rules: Any, rules_cls: type[R]) -> R:
    """The rules a panel starts from: the rulebook's when None, else a Rules of its game."""
    if rules is None:
        return rules_cls()
    if not isinstance(rules, rules_cls):
        where = rules_cls.__module__.rsplit(".", 1)[0]
        raise TypeError(
            f"rules must be {where}.Rules(...) (or None for the rulebook's); got {an(type(rules).__name__)}"
        )
    return rules


def start_choice(value: Any, name: str, choices: tuple[str, ...] | list[str]) -> str:
    """value, if it is one of the choices (text), else a ValueError naming them."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {shown(value, 40)}")
    return value


def rule_high(rules_cls: type[RulesBase], name: str) -> int:
    """The largest value a whole-number rules field allows: a slider over it reaches that far."""
    return next(spec.high for spec in field_specs(rules_cls) if spec.name == name)
