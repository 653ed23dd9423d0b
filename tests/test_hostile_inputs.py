"""Nothing a student types can hang the kernel: every public function answers or refuses, fast.

Each module's public functions, and the constructors, methods and operators of the public
classes (zones, Dist, each game's Rules), are found by introspection, so a new function or method
is tried as soon as it exists; each game's new_game is tried with odd players=, seed=, data= and
rules=. Every argument a student types (numbers, strings, lists, mappings) is drawn from
hostile values: huge and negative whole numbers, zero, floats, NaN, strings, None, empty and huge
lists and mappings. Arguments that are objects of the playground (a game, a Rules, a board, a
random generator, a schema, a Sport deck) are given real ones, or their defaults. Each call must
return, or raise ValueError (the package's errors are ValueErrors) or TypeError with a message,
before a signal alarm at TIME_LIMIT seconds: a hang guard, several times the 2 s every bound aims
at, so that a busy machine passes (how long the calls really take is make bench's to measure).
The games' own Rules are drawn at random within their bounds, not only the rulebook's.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from guards import TooSlow, assert_a_sentence, hang_guard
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from strategies import random_rules

import playground
from playground import arc, challengers, tiebreak, tsubasa
from playground.core.data import Column, Schema
from playground.core.dist import Dist
from playground.core.engine import Game
from playground.core.rules import RulesBase, field_specs
from playground.core.zones import Row, Table, Zone

TIME_LIMIT = 10.0
"""Seconds before a call counts as hung: five times the 2 s the bounds aim at (a busy machine)."""

ROOT = Path(playground.__file__).parent
MODULES = [
    *sorted(
        f"playground.core.{path.stem}"
        for path in (ROOT / "core").glob("[!_]*.py")
        if path.stem != "contract"  # the maintainers' checker of an engine, called by the tests
    ),
    "playground.widgets.predict",
    *sorted(
        f"playground.{path.parent.name}.{path.stem}"
        for pattern in ("*/odds*.py", "*/simulate.py", "*/scoring.py", "*/measures.py", "*/policies.py")
        for path in ROOT.glob(pattern)
        if "\ndef " in path.read_text(encoding="utf-8")  # not one that only re-exports (tiebreak/odds.py)
    ),
]
"""Every core module a student may call (a new one is tried as soon as it exists), and each
game's odds, simulations, scoring, measures and players."""


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
    own = (
        {"Rules": st.builds(package.Rules) | random_rules(package.Rules)} if hasattr(package, "Rules") else {}
    )
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
    assert empty == []
    assert len(CASES) > 60


def test_the_alarm_stops_a_call_that_never_returns() -> None:
    with pytest.raises(TooSlow), hang_guard(0.05):
        while True:
            pass


@pytest.mark.parametrize("f", CASES)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_answers_or_refuses_clearly_in_time(f: Callable[..., Any], data: st.DataObject) -> None:
    kwargs = data.draw(arguments(f), label="arguments")
    try:
        with hang_guard(TIME_LIMIT):
            f(**kwargs)
    except (ValueError, TypeError) as error:
        assert_a_sentence(error, f.__name__)


# -- classes: constructors and public methods ------------------------------------------------------


def _stepped(game: Any, steps: int) -> Any:
    """A game a few random steps in (or at its end): where a student calls its methods."""
    for _ in range(steps):
        if game.is_over():
            break
        game.step()
    return game


OPERATORS = ("__add__", "__radd__", "__sub__", "__rsub__", "__neg__", "__getitem__", "__contains__")
"""The operators a student reaches by typing `+`, `-`, `[...]` or `in`: fuzzed like methods."""

INSTANCES: dict[type, st.SearchStrategy[Any]] = {
    Zone: st.sampled_from([{}, {"a": 2, "b": 1}, {1: 3, 2: 1}]).map(lambda cards: Zone("deck", cards)),
    Row: st.sampled_from([[], ["a", "b", "a"]]).map(lambda cards: Row("play", cards)),
    Table: st.builds(lambda: Table([Zone("deck", {"a": 2, "b": 1}), Row("play", ["b"])])),
    Dist: st.sampled_from([Dist.die(6), Dist({"a": 1, "b": 2}), Dist.constant(0), Dist({-3: 1, 40: 2})]),
    **{m.Rules: st.builds(m.Rules) for m in (tiebreak, tsubasa, challengers, arc)},
    **{
        type(m.new_game()): st.integers(0, 40).map(lambda k, m=m: _stepped(m.new_game(seed=k % 7), k))
        for m in (tiebreak, tsubasa, challengers, arc)
    },
}
"""A real instance of each public class, fresh per example (methods may change it)."""

OBJECTS["Zone | Row"] = st.builds(lambda: Zone("other")) | st.builds(lambda: Row("other"))
OBJECTS["Mapping[Card, int]"] = st.sampled_from([{"a": 2, "b": 1}, {}]) | HOSTILE
OBJECTS["Callable[[Any], bool]"] = st.sampled_from([lambda k: True, lambda k: k == 1, lambda k: k])
OBJECTS["Callable[[Any], Hashable]"] = st.sampled_from([lambda k: k, lambda k: (k, k), lambda k: [k]])
OBJECTS["Callable[[Any, Any], Hashable]"] = st.sampled_from([lambda a, b: (a, b), lambda a, b: a == b])


def public_methods(cls: type) -> list[str]:
    """The constructor, every public method and classmethod, and the operators a class defines."""
    names = ["__init__"]
    for name, member in inspect.getmembers(cls):
        defined = getattr(member, "__module__", None) or ""
        public = not name.startswith("_") or name in OPERATORS
        if public and callable(member) and not inspect.isclass(member) and defined.startswith("playground"):
            names.append(name)
    return names


def _case(cls: type, name: str) -> Any:
    case_id = f"{cls.__module__}.{cls.__qualname__}.{name}"
    return pytest.param(cls, name, id=case_id)


METHOD_CASES = [_case(cls, name) for cls in INSTANCES for name in public_methods(cls)]


def method_arguments(f: Callable[..., Any], rules_fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Like arguments(), but keep defaults except for at most two parameters made hostile.

    A Rules constructor has dozens of fields: making each hostile at random would refuse on the
    first one every time, so one or two are picked and the rest keep their defaults. Keyword
    catch-alls (Rules.replace(**changes)) get field names, and an unknown name, with hostile values.
    """
    parameters = [p for p in inspect.signature(f).parameters.values() if p.kind != p.VAR_POSITIONAL]

    @st.composite
    def draw(data: st.DrawFn) -> dict[str, Any]:
        chosen = data(st.sets(st.sampled_from([p.name for p in parameters] or [""]), max_size=2))
        kwargs: dict[str, Any] = {}
        for p in parameters:
            if p.kind == p.VAR_KEYWORD:
                names = [*rules_fields, "no_such_field"]
                keys = st.sampled_from(names) if rules_fields else st.text(max_size=6)
                kwargs.update(data(st.dictionaries(keys, HOSTILE, max_size=2)))
                continue
            given = OBJECTS.get(p.name, OBJECTS.get(str(p.annotation).removesuffix(" | None")))
            if p.name in chosen or p.default is p.empty:
                hostile = st.sampled_from(HUGE) | HOSTILE  # huge sizes often: they are what hangs
                kwargs[p.name] = data(given | hostile if given is not None else hostile)
            elif p.default is not p.empty:
                kwargs[p.name] = p.default
        return kwargs

    return draw()


@pytest.mark.parametrize(("cls", "name"), METHOD_CASES)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # a hang is not shrunk for 2 s a try
)
@given(data=st.data())
def test_methods_answer_or_refuse_clearly_in_time(cls: type, name: str, data: st.DataObject) -> None:
    instance = None if name == "__init__" else data.draw(INSTANCES[cls], label="instance")
    target = cls if instance is None else getattr(instance, name)
    fields = [s.name for s in field_specs(cls)] if issubclass(cls, RulesBase) else []
    kwargs = data.draw(method_arguments(target, fields), label="arguments")
    try:
        with hang_guard(TIME_LIMIT):
            target(**kwargs)
    except (ValueError, TypeError) as error:
        assert_a_sentence(error, f"{cls.__name__}.{name}")
    except LookupError:  # row[99] and mapping[key] answer as every Python sequence and mapping does
        assert name == "__getitem__", f"{cls.__name__}.{name} raised a LookupError"
    if isinstance(instance, Game):
        assert_whole(instance, name)


def assert_whole(game: Game, name: str) -> None:
    """After any call, a game is what a replay of its own history says: a method that changed it
    outside a step (or half-applied one) shows here."""
    replay = game.at(game.step_count)
    assert game.state_frame().equals(replay.state_frame()), f"{name} changed the state outside a step"
    assert game.history().equals(replay.history()), f"{name} left a history its replay does not tell"
    game.check_conserved()


def test_every_class_is_found_with_its_methods() -> None:
    found = {case.id.removeprefix("playground.") for case in METHOD_CASES}
    assert {
        "core.zones.Zone.move",
        "core.zones.Table.check_conserved",
        "core.dist.Dist.repeat_sum",
        "core.dist.Dist.uniform",
        "core.dist.Dist.__add__",
        "tiebreak.rules.Rules.replace",
        "tiebreak.rules.Rules.target_score",
        "challengers.rules.Rules.__init__",
    } <= found


# -- new_game: what a student passes as players=, seed=, data= and rules= ---------------------------

GAME_MODULES = {"tiebreak": tiebreak, "tsubasa": tsubasa, "challengers": challengers, "arc": arc}
SHIPPED_FILE = str(Path(playground.__file__).parent.parent / "data" / "tiebreak" / "spaces.csv")
SETUP_VALUES: dict[str, list[Any]] = {
    "players": [None, -1, 0, 9, 10**18, 2.0, "2", True, [2]],
    "seed": [None, -1, 10**100, 1.5, "1", [1], {}, object()],
    "data": [5, 1.5, [], {}, True, b"data", "", "no/such/folder", "/etc", "../../../etc/passwd", "/dev/zero"]
    + [SHIPPED_FILE, "data/tiebreak/../../data"],
    "rules": [5, "Rules()", {}, tiebreak.Rules, arc.Rules(), tsubasa.Rules()],
}
"""Per keyword, values a curious student tries; each must start a game that replays, or be refused."""


def _setup_case(game: str, keyword: str, value: Any) -> Any:
    shown = type(value).__name__ if type(value) is object else f"{value!r:.30}"  # no address in an id
    return pytest.param(game, keyword, value, id=f"{game}-{keyword}={shown}")


SETUP_CASES = [
    _setup_case(game, keyword, value)
    for game in GAME_MODULES
    for keyword, values in SETUP_VALUES.items()
    for value in values
]


def _story(module: ModuleType, keyword: str, value: Any, steps: int = 30) -> list[Any]:
    game = module.new_game(**{keyword: value})
    for _ in range(steps):
        if game.is_over():
            break
        game.step()
    return game.actions()


@pytest.mark.parametrize(("game", "keyword", "value"), SETUP_CASES)
def test_new_game_starts_a_replayable_game_or_refuses_by_name(game: str, keyword: str, value: Any) -> None:
    """Accepted: the same arguments tell the same story. Refused: a ValueError or TypeError naming
    the keyword (players, seed, data, rules) or the value, within TIME_LIMIT."""
    module = GAME_MODULES[game]
    try:
        with hang_guard(TIME_LIMIT):
            story = _story(module, keyword, value)
    except (ValueError, TypeError) as error:
        message = str(error)
        assert keyword in message or str(value) in message, (
            f"{message!r} names neither {keyword} nor the value"
        )
    else:
        assert story == _story(module, keyword, value), f"{keyword}={value!r}: two games, two stories"
