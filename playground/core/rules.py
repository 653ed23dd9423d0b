"""Declaring a game's rules as a frozen, self-validating dataclass.

Every number and switch of a rulebook becomes one field carrying its bounds (or its allowed
choices) and a help text. That one declaration drives three things: validation when a Rules
object is built, the controls of the rules panel, and the documentation a teacher reads.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, get_type_hints

from .numbers import is_whole, shown

R = TypeVar("R", bound="RulesBase")


class RulesError(ValueError):
    """A rules field was given a value it does not allow."""


@dataclass(frozen=True)
class FieldSpec:
    """What one rules field accepts, read from its declaration."""

    name: str
    kind: type
    default: Any
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] | None = None
    step: int = 1

    def allowed(self) -> str:
        """What values are allowed, in words."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "True or False"
        if self.kind is int:
            steps = f" in steps of {self.step}" if self.step != 1 else ""
            return f"a whole number from {self.low} to {self.high}{steps}"
        return f"a {self.kind.__name__}"

    def check(self, value: Any) -> Any:
        """The value as the field keeps it (a numpy integer or bool, as pandas gives them, becomes
        a Python one), or RulesError naming the field, the value and what is allowed."""
        if self.kind is bool and type(value).__name__ in ("bool", "bool_"):  # numpy's bool (1.x, 2.x)
            value = bool(value)
        if self.kind is int and is_whole(value):
            value = operator.index(value)
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is int:
            ok = (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
                and (value - (self.low or 0)) % self.step == 0
            )
        else:
            ok = isinstance(value, self.kind)
        if ok and self.choices is not None:
            ok = value in self.choices
        if not ok:
            raise RulesError(
                f"rules field '{self.name}' cannot be {shown(value)}: it must be {self.allowed()}."
            )
        return value


def rule(
    default: Any,
    help: str,
    *,
    low: int | None = None,
    high: int | None = None,
    choices: tuple[Any, ...] | None = None,
    step: int = 1,
) -> Any:
    """Declare one rules field: its default, a help text, and its bounds or choices.

    Integer fields need both bounds, so a slider always knows its range; step is the slider's
    step (values must be low plus a multiple of it).
    """
    meta = {"help": help, "low": low, "high": high, "choices": choices, "step": step}
    return dataclasses.field(default=default, metadata={"rule": meta})


@dataclass(frozen=True)
class RulesBase:
    """Base for every game's Rules: validates each field on construction.

    Subclasses are ``@dataclass(frozen=True)`` with fields declared by :func:`rule`; they may
    override :meth:`check_together` for constraints that tie several fields together, and list
    ``sections``: (title, first field) pairs that split the fields, in declaration order, into
    the groups a rules panel shows on separate tabs.
    """

    sections: ClassVar[tuple[tuple[str, str], ...]] = ()
    played_as: ClassVar[str] = "games"
    """What one play of the game is called, in the plural (a comparison's picture counts them)."""

    def __post_init__(self) -> None:
        for spec in field_specs(type(self)):
            value = getattr(self, spec.name)
            kept = spec.check(value)
            if kept is not value:
                object.__setattr__(self, spec.name, kept)
        self.check_together()

    def check_together(self) -> None:
        """Constraints across fields; raise RulesError naming the fields involved."""

    def replace(self: R, **changes: Any) -> R:
        """A copy with some fields changed, validated like a new object."""
        unknown = set(changes) - {s.name for s in field_specs(type(self))}
        if unknown:
            names = ", ".join(sorted(unknown))
            raise RulesError(f"{type(self).__name__} has no rules field named {names}.")
        return dataclasses.replace(self, **changes)

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the defaults: what a house rule changed."""
        default = type(self)()
        return {
            s.name: getattr(self, s.name)
            for s in field_specs(type(self))
            if getattr(self, s.name) != getattr(default, s.name)
        }

    def described(self) -> str:
        """The house rule in words ("ties to attacker off, target 20"), or "our default rules":
        the defaults are the rulebook where it speaks and our rulings where it is silent."""
        said = {True: "on", False: "off"}
        return (
            ", ".join(
                f"{name.replace('_', ' ')} {said[value] if isinstance(value, bool) else value}"
                for name, value in self.changes().items()
            )
            or "our default rules"
        )


def field_specs(rules_cls: type[RulesBase]) -> list[FieldSpec]:
    """The FieldSpec of every declared field of a Rules class, in declaration order."""
    cached = _SPECS.get(rules_cls)
    if cached is not None:
        return cached
    hints = get_type_hints(rules_cls)
    specs = []
    for f in dataclasses.fields(rules_cls):
        meta = f.metadata.get("rule")
        if meta is None:
            raise TypeError(f"{rules_cls.__name__}.{f.name} must be declared with rule(...)")
        kind = hints[f.name]
        if kind not in (int, bool, str):
            raise TypeError(f"{rules_cls.__name__}.{f.name}: a rule is an int, a bool or a str")
        if kind is str and meta["choices"] is None:
            raise TypeError(f"{rules_cls.__name__}.{f.name}: a str rule needs its choices")
        if not isinstance(meta["step"], int) or meta["step"] < 1:
            raise TypeError(f"{rules_cls.__name__}.{f.name}: a rule's step is a whole number, at least 1")
        if kind is int and meta["choices"] is None and (meta["low"] is None or meta["high"] is None):
            raise TypeError(f"{rules_cls.__name__}.{f.name}: an int rule needs low and high bounds")
        specs.append(
            FieldSpec(
                f.name,
                kind,
                f.default,
                meta["help"],
                meta["low"],
                meta["high"],
                meta["choices"],
                meta["step"],
            )
        )
    _SPECS[rules_cls] = specs
    return specs


_SPECS: dict[type, list[FieldSpec]] = {}


def field_groups(rules_cls: type[RulesBase]) -> list[tuple[str, list[FieldSpec]]]:
    """The fields split into the class's sections (one group "Rules" when it declares none)."""
    specs = field_specs(rules_cls)
    if not rules_cls.sections:
        return [("Rules", specs)]
    names = [s.name for s in specs]
    starts = []
    for title, first in rules_cls.sections:
        if first not in names:
            raise TypeError(
                f"{rules_cls.__name__}.sections: {shown(title)} starts at {shown(first)}, "
                f"which is not a field"
            )
        starts.append(names.index(first))
    if starts[0] != 0 or starts != sorted(set(starts)):
        raise TypeError(
            f"{rules_cls.__name__}.sections must start at the first field and follow the field order"
        )
    ends = [*starts[1:], len(specs)]
    return [(title, specs[a:b]) for (title, _), a, b in zip(rules_cls.sections, starts, ends, strict=True)]


def rules_frame(rules: RulesBase) -> Any:
    """A pandas table of every field: value, default, what is allowed and what it means."""
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "field": s.name,
                "value": getattr(rules, s.name),
                "default": s.default,
                "allowed": s.allowed(),
                "meaning": s.help,
            }
            for s in field_specs(type(rules))
        ]
    ).set_index("field")
