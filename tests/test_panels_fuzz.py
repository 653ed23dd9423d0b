"""Safe to click: every panel takes any sequence of control changes and button presses.

In front of a class any click can come in any order: a rule changed mid-game, the scrub slider
moved while stepping, Reset pressed twice, a deck box emptied. A hypothesis state machine
(PanelMachine) drives every public panel builder of playground/*/widgets.py and
playground.widgets (found by their return type, so a new panel is covered) headless: it walks the
panel's widget tree, sets random values within each control's own bounds (odd text in text
boxes), presses the game's buttons, scrubs while playing, changes rules mid-game and resets
twice, calling the handlers directly so an exception is raised here rather than logged by
ipywidgets. Nothing may raise, no output may show a traceback, and a rules change the rules
refuse must be answered in the rules panel with a sentence.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import playground
from playground import tiebreak
from playground.core.dist import dice_sum
from playground.widgets.game_panel import GamePanel
from playground.widgets.rules_panel import RulesPanel

# The builders that need arguments a panel cannot guess: what a notebook passes them.
ARGUMENTS: dict[str, Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "playground.widgets.game_panel.game_panel": lambda: (
        (lambda seed: tiebreak.new_game(seed=seed),),
        {"seed": 1},
    ),
    "playground.widgets.live_sim.live_simulation": lambda: ((dice_sum(2),), {"seed": 3}),
    "playground.widgets.predict.predict_reveal": lambda: (("1 or 2 on a die?", Fraction(1, 3)), {}),
    "playground.widgets.rules_panel.rules_panel": lambda: ((tiebreak.Rules(),), {"key": ("race_margin",)}),
}
ODD_TEXT = ["", "   ", "abc", "1, 2", "0", "-3, 4", "5,5,5,5,5,5,5,5,5,5,5,5", "1, 1, 1, 2, 3, 4", "99"]
STEPS = 12


def _widget_modules() -> Iterator[Any]:
    yield importlib.import_module("playground.widgets")
    for info in pkgutil.iter_modules(playground.__path__):
        if info.ispkg:
            name = f"playground.{info.name}.widgets"
            if importlib.util.find_spec(name) is not None:
                yield importlib.import_module(name)
    for info in pkgutil.iter_modules(importlib.import_module("playground.widgets").__path__):
        yield importlib.import_module(f"playground.widgets.{info.name}")


def panel_builders() -> dict[str, Callable[..., w.Widget]]:
    """Every public function of the widget modules that returns a widget, by its full name (a bare
    HTML widget is a picture with nothing to press, such as figure_widget's)."""
    builders = {}
    for module in _widget_modules():
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("_") or function.__module__ != module.__name__:
                continue
            returned = typing.get_type_hints(function).get("return")
            returned = typing.get_origin(returned) or returned  # RulesPanel[R] is a RulesPanel
            if inspect.isclass(returned) and issubclass(returned, w.Widget) and returned is not w.HTML:
                builders[f"{module.__name__}.{name}"] = function
    return builders


BUILDERS = panel_builders()


def build(name: str) -> w.Widget:
    args, kwargs = ARGUMENTS[name]() if name in ARGUMENTS else ((), {})
    return BUILDERS[name](*args, **kwargs)


def controls(widget: w.Widget) -> list[w.Widget]:
    """Every control and button in the panel's tree, as a student could reach them (depth first)."""
    found = []
    value_control = isinstance(widget, w.ValueWidget) and not isinstance(widget, w.HTML | w.Label)
    if isinstance(widget, w.Button) or (value_control and not widget.disabled):
        found.append(widget)
    for child in getattr(widget, "children", ()):
        found.extend(controls(child))
    return found


def operate(control: w.Widget, data: st.DataObject | None) -> None:
    """One student action on control: a press, or a new value it allows (drawn from data)."""
    if isinstance(control, w.Button):
        for handler in control._click_handlers.callbacks:  # directly: ipywidgets would log, not raise
            handler(control)
        return
    if data is None:
        raise ValueError(f"changing a {type(control).__name__} needs data to draw its value from; got None")
    if isinstance(control, w.Checkbox | w.ToggleButton):
        control.value = data.draw(st.booleans())
    elif isinstance(control, w.Dropdown | w.ToggleButtons | w.Select | w.RadioButtons):
        if control.options:
            control.value = data.draw(st.sampled_from([value for _, value in control._options_full]))
    elif isinstance(control, w.Text | w.Textarea):
        control.value = data.draw(st.sampled_from(ODD_TEXT))
    elif isinstance(control, w.IntSlider | w.BoundedIntText | w.IntRangeSlider):
        control.value = data.draw(st.integers(control.min, control.max))
    elif isinstance(control, w.FloatSlider | w.BoundedFloatText):
        control.value = data.draw(st.floats(control.min, control.max, allow_nan=False))
    elif isinstance(control, w.IntText):
        control.value = data.draw(st.integers(-10, 10))
    else:
        raise AssertionError(f"the fuzzer cannot work a {type(control).__name__}: teach operate() how")


def test_the_builders_are_found() -> None:
    """The discovery sees the panels of all four games and the shared ones."""
    for expected in (
        "playground.tiebreak.widgets.season_panel",
        "playground.tsubasa.widgets.match_panel",
        "playground.challengers.widgets.tournament_panel",
        "playground.arc.widgets.season_panel",
        "playground.widgets.dice_explorer.dice_explorer",
        "playground.widgets.rules_panel.rules_panel",
    ):
        assert expected in BUILDERS
    for name, builder in BUILDERS.items():
        required = [
            p
            for p in inspect.signature(builder).parameters.values()
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        assert not required or name in ARGUMENTS, f"{name} needs {required}: add it to ARGUMENTS"


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_no_two_controls_of_a_panel_share_a_label(name: str) -> None:
    """A class reads the labels: two controls both called "players" cannot both be right."""
    labels = [c.description for c in controls(build(name)) if getattr(c, "description", "")]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    assert not twice, f"{name}: controls labelled alike: {twice}"


class PanelMachine(RuleBasedStateMachine):
    """One panel worked by a class: any control, the game's buttons, rule changes mid-game, scrubs.

    Hypothesis draws a sequence of these rules (and shrinks a failing one to the fewest clicks);
    after every click the invariants hold: the rules in force are valid and the panel says which,
    and no output shows a traceback.
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.panel = build(name)
        self.games = list(_inside(self.panel, GamePanel))
        self.rules = [self.panel] if isinstance(self.panel, RulesPanel) else list(rules_panels(self.panel))

    @rule(data=st.data())
    def work_any_control(self, data: st.DataObject) -> None:
        reachable = controls(self.panel)
        assert reachable, f"{self.name} has no control to work"
        control = data.draw(st.sampled_from(reachable), label="control")
        data.draw(st.just(getattr(control, "description", "") or type(control).__name__), label="worked")
        operate(control, data)

    @precondition(lambda self: self.games)
    @rule(button=st.sampled_from(["Step", "Step", "Play to end", "Reset"]), which=st.integers(0, 3))
    def press_a_game_button(self, button: str, which: int) -> None:
        game = self.games[which % len(self.games)]
        operate(next(b for b in _inside(game, w.Button) if b.description == button), None)

    @precondition(lambda self: self.games)
    @rule(data=st.data(), which=st.integers(0, 3))
    def scrub_while_playing(self, data: st.DataObject, which: int) -> None:
        game = self.games[which % len(self.games)]
        game.scrub.value = data.draw(st.integers(game.scrub.min, game.scrub.max), label="scrub to")
        operate(next(b for b in _inside(game, w.Button) if b.description == "Step"), None)

    @precondition(lambda self: self.rules)
    @rule(data=st.data())
    def change_a_rule_mid_game(self, data: st.DataObject) -> None:
        rules = data.draw(st.sampled_from(self.rules), label="rules panel")
        field = data.draw(st.sampled_from(sorted(rules.controls)), label="field")
        operate(rules.controls[field], data)

    @precondition(lambda self: self.games)
    @rule()
    def reset_twice(self) -> None:
        for game in self.games:
            reset = next(b for b in _inside(game, w.Button) if b.description == "Reset")
            operate(reset, None)
            operate(reset, None)
            assert game.game.step_count == 0 and game.scrub.value == 0

    @invariant()
    def rules_in_force_are_valid_and_said(self) -> None:
        for rules in self.rules:
            assert type(rules.rules)(**_fields(rules)) == rules.rules
            assert rules.message.value

    @invariant()
    def no_output_shows_a_traceback(self) -> None:
        for shown in _inside(self.panel, w.HTML | w.Output):
            if isinstance(shown, w.Output):  # an exception inside `with output:` is kept as an error
                assert not [o for o in shown.outputs if o.get("output_type") == "error"], self.name
            else:
                assert "Traceback" not in shown.value, (self.name, shown.value[:300])


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_any_clicks_in_any_order(name: str) -> None:
    """Each panel, as a hypothesis state machine: random sequences of the rules above."""
    run_state_machine_as_test(
        lambda: PanelMachine(name),
        settings=settings(
            max_examples=6,
            stateful_step_count=10,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )


def rules_panels(widget: w.Widget) -> Iterator[RulesPanel]:
    if isinstance(widget, RulesPanel):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from rules_panels(child)


def _fields(rules: RulesPanel) -> dict[str, Any]:
    """The values of the fields the panel shows, as the rules in force hold them."""
    return {field: getattr(rules.rules, field) for field in rules.controls}


def test_a_refused_rules_change_is_a_sentence_in_the_panel() -> None:
    """Each end of every rules control that Rules refuses shows 'Not allowed: ...' and keeps the rules."""
    refused = []
    for name in sorted(BUILDERS):
        for rules in rules_panels(build(name)):
            before = rules.rules
            for field, control in rules.controls.items():
                for value in _offered(control):
                    try:
                        type(before)(**{**_fields(rules), field: value})
                    except Exception:
                        control.value = value
                        assert rules.message.value.startswith("<span style='color:#b00'>Not allowed:"), (
                            name, field, value, rules.message.value,
                        )  # fmt: skip
                        assert rules.rules == before
                        rules.set_rules(before)
                        refused.append((name, field, value))
    assert refused, "no rules control offers a value its rules refuse: this test checks nothing"


def _offered(control: w.Widget) -> list[Any]:
    if isinstance(control, w.Checkbox):
        return [True, False]
    if isinstance(control, w.Dropdown):
        return [value for _, value in control._options_full]
    if isinstance(control, w.IntSlider | w.BoundedIntText):
        return [control.min, control.max]
    return []


def test_the_attack_table_gives_each_count_its_own_percent() -> None:
    """Found by the fuzzer: the percent column was read off the counts (100%, 200%...), and an
    unreachable flag ('not reached') raised; now each row's percent is its probability's."""
    from playground.challengers.widgets import attack_panel
    from playground.widgets.predict import percent

    panel = attack_panel("1, 1, 1, 2, 3, 4", flag=13)
    assert dict(panel.dist) == {"not reached": 1}
    assert "100%" in panel.table.value
    panel.flag.value = 4
    for count, p in panel.dist.items():
        assert f"<th>{count}</th>\n      <td>{p}</td>" in panel.table.value
        assert f"<td>{percent(p)}</td>" in panel.table.value


def _inside(widget: w.Widget, kind: type) -> Iterator[Any]:
    if isinstance(widget, kind):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _inside(child, kind)


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_the_classroom_sequence(name: str) -> None:
    """The clicks a class makes most: step, scrub back, change a rule mid-game, Reset twice,
    play to the end, scrub to the middle, step again; the status then names the step shown."""
    panel = build(name)
    games = list(_inside(panel, GamePanel))
    if not games:
        pytest.skip(f"{name} has no game to step")
    game = games[0]
    press = {b.description: b for b in _inside(game, w.Button)}
    for _ in range(3):
        operate(press["Step"], None)
    game.scrub.value = 1
    assert game.status.value.startswith("Step 1 of 3")
    for rules in _inside(panel, RulesPanel):
        control = next(c for c in rules.controls.values() if isinstance(c, w.Checkbox | w.Dropdown))
        options = [True, False] if isinstance(control, w.Checkbox) else [v for _, v in control._options_full]
        control.value = next(v for v in options if v != control.value)
    operate(press["Reset"], None)
    operate(press["Reset"], None)
    assert game.game.step_count == 0 and game.scrub.value == 0
    operate(press["Play to end"], None)
    assert game.game.is_over()
    game.scrub.value = game.scrub.max // 2
    assert game.status.value.startswith(f"Step {game.scrub.max // 2}")
    operate(press["Step"], None)
    assert "over" in game.status.value


def _starting_values(name: str) -> list[tuple[str, Any]]:
    """Each whole-number or rules argument of a builder, with a value its controls cannot show."""
    odd: list[tuple[str, Any]] = []
    for param in inspect.signature(BUILDERS[name]).parameters.values():
        if param.name == "rules" and param.default is None:
            odd.append((param.name, "rulebook"))
        elif param.name == "seed" and name.endswith("live_simulation"):  # no seed box: any whole number
            odd += [(param.name, v) for v in (1.5, True)]
        elif param.name == "seed":
            odd += [(param.name, v) for v in (-1, 2**31, 1.5, True)]
        elif param.annotation in ("int", "int | None"):
            odd += [(param.name, v) for v in (10**6, -(10**6), 1.5, True)]
    return odd


STARTS = [(name, arg, value) for name in sorted(BUILDERS) for arg, value in _starting_values(name)]


@pytest.mark.parametrize(
    ("name", "arg", "value"), STARTS, ids=[f"{n.split('.')[-1]}-{a}-{v!r}" for n, a, v in STARTS]
)
def test_a_builder_refuses_a_start_its_controls_cannot_show(name: str, arg: str, value: Any) -> None:
    """A slider would clamp 10**6 to its end and show another question's answer: refused in words."""
    args, kwargs = ARGUMENTS[name]() if name in ARGUMENTS else ((), {})
    kwargs[arg] = value
    with pytest.raises((ValueError, TypeError), match=rf"^{arg} must be"):
        BUILDERS[name](*args, **kwargs)


def test_the_builders_have_starts_to_check() -> None:
    """The refusal test above reaches the panels that take numbers and rules."""
    checked = {name.split(".")[-1] for name, _, _ in STARTS}
    assert {"season_panel", "race_panel", "duel_panel", "dice_explorer", "tournament_panel"} <= checked
