"""Nothing a student types can hang the kernel: every public function answers or refuses, fast.

Each module's public functions are found by introspection, so a new function is tried as soon
as it exists. Every argument a student types (numbers, strings, lists, mappings) is drawn from
hostile values: huge and negative whole numbers, zero, floats, NaN, strings, None, empty and huge
lists and mappings. Arguments that are objects of the playground (a game, a Rules, a board, a
random generator, a schema, a Sport deck) are given real ones, or their defaults. Each call must
return, or raise ValueError (the package's errors are ValueErrors) or TypeError with a message,
within TIME_LIMIT seconds, measured by a signal alarm.
"""

from __future__ import annotations

import importlib
import inspect
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playground
from playground import arc, challengers, tiebreak, tsubasa
from playground.core.data import Column, Schema
from playground.core.dist import Dist

TIME_LIMIT = 2.0
"""Seconds a call may take, answer or refusal (the bounds aim at about a second)."""

ROOT = Path(playground.__file__).parent
MODULES = [
    *(f"playground.core.{name}" for name in ("dist", "compare", "data", "zones", "rules", "engine")),
    *sorted(
        f"playground.{path.parent.name}.{path.stem}"
        for pattern in ("*/odds.py", "*/simulate.py", "*/scoring.py")
        for path in ROOT.glob(pattern)
    ),
]


class TooSlow(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` inside can swallow it."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def public_functions(module: ModuleType) -> list[Callable[..., Any]]:
    """The functions a module defines whose names do not start with an underscore."""
    return [
        f
        for name, f in sorted(vars(module).items())
        if not name.startswith("_") and inspect.isfunction(f) and f.__module__ == module.__name__
    ]


CASES = [
    pytest.param(f, id=f"{name}.{f.__name__}")
    for name in MODULES
    for f in public_functions(importlib.import_module(name))
]


@cache
def _finished(game: str) -> Any:
    module = {"tiebreak": tiebreak, "tsubasa": tsubasa, "challengers": challengers, "arc": arc}[game]
    return module.new_game(seed=3, players=2).play()


def _games(*names: str) -> st.SearchStrategy[Any]:
    """A fresh or a finished game of each named game (fresh ones are built per example)."""
    fresh = [
        st.builds(
            lambda n=n: {"tiebreak": tiebreak, "tsubasa": tsubasa, "challengers": challengers, "arc": arc}[
                n
            ].new_game(seed=1)
        )
        for n in names
    ]
    return st.one_of(*fresh, st.sampled_from(names).map(_finished))


OBJECTS: dict[str, st.SearchStrategy[Any]] = {
    "Game": _games("tiebreak", "tsubasa", "challengers", "arc"),
    "ChallengersGame": _games("challengers"),
    "ArcGame": _games("arc"),
    "Board": st.builds(lambda: tiebreak.new_game(seed=0).board),
    "random.Random": st.builds(random.Random, st.integers(0, 10)),
    "Schema": st.just(Schema("hostile", (Column("id", str),))),
    "type[RulesBase]": st.sampled_from([tiebreak.Rules, tsubasa.Rules, challengers.Rules, arc.Rules]),
    "RulesBase": st.sampled_from([tiebreak.Rules(), tsubasa.Rules(), challengers.Rules(), arc.Rules()]),
    "Dist": st.sampled_from([Dist.uniform(range(1, 7)), Dist({"a": 1})]),
    "Iterable[Sport]": st.builds(lambda: list(arc.load_data().sports)),
    "Dist | Iterable[Sport]": st.builds(lambda: list(arc.load_data().sports)),
}
"""Real objects for the arguments that are playground objects, by annotation."""
OBJECTS["type[R]"] = OBJECTS["type[RulesBase]"]
OBJECTS["rng"] = OBJECTS["random.Random"]

HUGE = [10**18, 2**63, -(10**9), 10**6, 10**100]
WHOLE = st.sampled_from([0, 1, -1, 2, 3, 6, 7, 12, *HUGE]) | st.integers()
SCALAR = (
    WHOLE
    | st.floats()
    | st.fractions(max_denominator=10**6)
    | st.text(max_size=6)
    | st.none()
    | st.booleans()
)
HOSTILE = st.recursive(
    SCALAR,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=10,
) | st.sampled_from(
    [
        [],
        {},
        (),
        "",
        [1] * 100_000,
        [6] * 10_000,
        list(range(-5000, 5000)),
        {"teamwork": 10**18},
        [[10**9] * 50] * 50,
    ]
)
"""What a student might type anywhere: huge, negative, zero, fractional, wrong-typed, empty, huge."""


def arguments(f: Callable[..., Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword arguments for f: hostile values, real objects, or (sometimes) the defaults."""
    drawn: dict[str, st.SearchStrategy[Any]] = {}
    package = importlib.import_module(f.__module__.rsplit(".", 1)[0])
    own = {"Rules": st.builds(package.Rules)} if hasattr(package, "Rules") else {}
    for p in inspect.signature(f).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        annotation = str(p.annotation).removesuffix(" | None")
        given = OBJECTS.get(p.name, own.get(annotation, OBJECTS.get(annotation)))
        if given is not None:
            drawn[p.name] = st.just(p.default) if p.default is not p.empty else given
        elif p.default is p.empty:
            drawn[p.name] = HOSTILE
        else:
            drawn[p.name] = st.just(p.default) | HOSTILE
    return st.fixed_dictionaries(drawn)


def test_every_module_is_found_with_its_functions() -> None:
    assert {"playground.arc.scoring", "playground.challengers.simulate", "playground.tsubasa.odds"} <= set(
        MODULES
    )
    empty = [name for name in MODULES if not public_functions(importlib.import_module(name))]
    assert empty == ["playground.core.zones"]  # classes only
    assert len(CASES) > 60


def test_the_alarm_stops_a_call_that_never_returns() -> None:
    with pytest.raises(TooSlow), time_limit(0.05):
        while True:
            pass


@pytest.mark.parametrize("f", CASES)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_answers_or_refuses_clearly_in_time(f: Callable[..., Any], data: st.DataObject) -> None:
    kwargs = data.draw(arguments(f), label="arguments")
    try:
        with time_limit(TIME_LIMIT):
            f(**kwargs)
    except (ValueError, TypeError) as error:
        assert str(error).strip(), f"{f.__name__} refused with an empty message: {error!r}"
