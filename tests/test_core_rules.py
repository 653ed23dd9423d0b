"""Rules dataclasses (playground.core.rules): one declaration drives validation and panels.

A teacher's typo must never turn into a silently wrong game, so every bad value is refused
with a message naming the field, the value given and what is allowed.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.core.rules import FieldSpec, RulesBase, RulesError, field_specs, rule, rules_frame

POINTS_LOW, POINTS_HIGH = 1, 21
SURFACES = ("clay", "grass", "hard")
DIE_SIDES = (4, 6, 8)


@dataclass(frozen=True)
class Match(RulesBase):
    """A small rulebook with one field of every kind, and a constraint across two fields."""

    points_to_win: int = rule(11, "Points needed to win a game.", low=POINTS_LOW, high=POINTS_HIGH)
    win_by: int = rule(2, "Lead needed to win.", low=1, high=5)
    serve_alternates: bool = rule(True, "The serve changes sides every point.")
    surface: str = rule("clay", "The court surface.", choices=SURFACES)
    die_sides: int = rule(6, "Sides of the movement die.", choices=DIE_SIDES)

    def check_together(self) -> None:
        if self.win_by >= self.points_to_win:
            raise RulesError(
                f"'win_by' ({self.win_by}) must be smaller than 'points_to_win' ({self.points_to_win})."
            )


def test_defaults_are_valid_and_match_the_declaration() -> None:
    """Match() builds, and each field holds the default its spec records."""
    rules = Match()
    specs = field_specs(Match)
    assert [s.name for s in specs] == [f.name for f in dataclasses.fields(Match)]
    for spec, f in zip(specs, dataclasses.fields(Match), strict=True):
        assert getattr(rules, spec.name) == spec.default == f.default
    assert [s.kind for s in specs] == [int, int, bool, str, int]
    assert specs[0].help == "Points needed to win a game."
    assert (specs[0].low, specs[0].high) == (POINTS_LOW, POINTS_HIGH)
    assert specs[3].choices == SURFACES


def test_rules_are_frozen() -> None:
    """A Rules object cannot be changed in place; replace() makes a validated copy."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        Match().points_to_win = 5  # type: ignore[misc]


def _message(excinfo: pytest.ExceptionInfo[RulesError]) -> str:
    return str(excinfo.value)


@pytest.mark.parametrize("value", [POINTS_LOW - 1, POINTS_HIGH + 1, -100])
def test_out_of_range_int_names_field_value_and_range(value: int) -> None:
    """The message says which field, what it got, and the allowed range."""
    with pytest.raises(RulesError) as excinfo:
        Match(points_to_win=value)
    text = _message(excinfo)
    assert "points_to_win" in text and repr(value) in text
    assert f"from {POINTS_LOW} to {POINTS_HIGH}" in text


@pytest.mark.parametrize("value", [True, False, "11", 11.0, None])
def test_wrong_type_for_an_int_is_refused(value: object) -> None:
    """A bool is not a number of points, nor is the text '11' or the float 11.0."""
    with pytest.raises(RulesError) as excinfo:
        Match(points_to_win=value)  # type: ignore[arg-type]
    text = _message(excinfo)
    assert "points_to_win" in text and repr(value) in text and "whole number" in text


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_a_switch_must_be_a_real_bool(value: object) -> None:
    """1 and 'yes' are not True: switches only take True or False."""
    with pytest.raises(RulesError) as excinfo:
        Match(serve_alternates=value)  # type: ignore[arg-type]
    text = _message(excinfo)
    assert "serve_alternates" in text and repr(value) in text and "True or False" in text


@pytest.mark.parametrize(
    ("field", "value"), [("surface", "sand"), ("surface", "Clay"), ("die_sides", 5), ("die_sides", "6")]
)
def test_unknown_choice_lists_the_choices(field: str, value: object) -> None:
    """A value outside the choices is refused with every allowed choice listed."""
    with pytest.raises(RulesError) as excinfo:
        Match(**{field: value})
    text = _message(excinfo)
    spec = next(s for s in field_specs(Match) if s.name == field)
    assert field in text and repr(value) in text
    assert all(repr(c) in text for c in spec.choices or ())


def test_every_allowed_choice_is_accepted() -> None:
    """Each listed choice builds a valid Rules object."""
    for surface in SURFACES:
        assert Match(surface=surface).surface == surface
    for sides in DIE_SIDES:
        assert Match(die_sides=sides).die_sides == sides


def test_rules_error_is_a_value_error() -> None:
    """Code that catches ValueError also catches bad rules."""
    assert issubclass(RulesError, ValueError)


def test_replace_validates_like_a_new_object() -> None:
    """replace() returns a changed copy, leaves the original alone, and refuses bad values."""
    rules = Match()
    faster = rules.replace(points_to_win=7)
    assert faster.points_to_win == 7 and rules.points_to_win == 11
    assert faster.replace(points_to_win=11) == rules
    with pytest.raises(RulesError, match="points_to_win"):
        rules.replace(points_to_win=99)
    with pytest.raises(RulesError, match="win_by"):
        rules.replace(win_by=11)  # cross-field: win_by must stay below points_to_win


def test_replace_rejects_unknown_field_names() -> None:
    """A misspelt field is named in the error rather than ignored."""
    with pytest.raises(RulesError) as excinfo:
        Match().replace(points_to_wn=7, colour="red")
    text = str(excinfo.value)
    assert "Match" in text and "points_to_wn" in text and "colour" in text


def test_changes_lists_only_what_differs_from_the_rulebook() -> None:
    """changes() is the house-rule summary a panel shows."""
    assert Match().changes() == {}
    house = Match().replace(surface="grass", serve_alternates=False)
    assert house.changes() == {"surface": "grass", "serve_alternates": False}
    assert house.replace(surface="clay").changes() == {"serve_alternates": False}


def test_check_together_raises_a_cross_field_error() -> None:
    """Each field alone is fine; together they break the constraint, and both are named."""
    with pytest.raises(RulesError) as excinfo:
        Match(points_to_win=3, win_by=3)
    text = str(excinfo.value)
    assert "win_by" in text and "points_to_win" in text
    assert Match(points_to_win=4, win_by=3).win_by == 3


def test_field_checks_run_before_check_together() -> None:
    """A bad single field is reported as itself, not as a confusing cross-field error."""
    with pytest.raises(RulesError, match="rules field 'win_by'"):
        Match(points_to_win=3, win_by=9)


def test_int_rule_without_bounds_is_a_declaration_error() -> None:
    """An int needs both bounds (the slider needs a range): TypeError when specs are read."""

    @dataclass(frozen=True)
    class NoHigh(RulesBase):
        rounds: int = rule(3, "Rounds.", low=1)

    @dataclass(frozen=True)
    class NoBounds(RulesBase):
        rounds: int = rule(3, "Rounds.")

    for cls in (NoHigh, NoBounds):
        with pytest.raises(TypeError, match=re.escape(f"{cls.__name__}.rounds") + ".*bounds"):
            field_specs(cls)
        with pytest.raises(TypeError, match="bounds"):
            cls()


def test_str_rule_without_choices_is_a_declaration_error() -> None:
    """Free text cannot be a rule: a str field needs its list of choices."""

    @dataclass(frozen=True)
    class FreeText(RulesBase):
        name: str = rule("x", "A name.")

    with pytest.raises(TypeError, match=r"FreeText\.name.*choices"):
        field_specs(FreeText)


def test_other_declaration_errors() -> None:
    """A float field, or a field not declared with rule(), is refused at spec time."""

    @dataclass(frozen=True)
    class Floaty(RulesBase):
        speed: float = rule(1.5, "Speed.", low=0, high=3)

    @dataclass(frozen=True)
    class Plain(RulesBase):
        rounds: int = 3

    with pytest.raises(TypeError, match=r"Floaty\.speed"):
        field_specs(Floaty)
    with pytest.raises(TypeError, match=r"Plain\.rounds.*rule\(\.\.\.\)"):
        field_specs(Plain)


def test_an_invalid_default_is_caught_on_construction() -> None:
    """A default outside its own bounds makes the rulebook itself invalid."""

    @dataclass(frozen=True)
    class BadDefault(RulesBase):
        rounds: int = rule(0, "Rounds.", low=1, high=5)

    with pytest.raises(RulesError, match="rounds"):
        BadDefault()


def test_field_spec_allowed_in_words() -> None:
    """allowed() is what the message and the rules table show."""
    specs = {s.name: s for s in field_specs(Match)}
    assert specs["points_to_win"].allowed().startswith(f"a whole number from {POINTS_LOW} to {POINTS_HIGH}")
    assert specs["serve_alternates"].allowed() == "True or False"
    assert specs["surface"].allowed() == "one of " + ", ".join(repr(c) for c in SURFACES)
    assert isinstance(specs["surface"], FieldSpec)


def test_rules_frame_shows_every_field() -> None:
    """One row per field, indexed by name: value, default, allowed values and the help text."""
    rules = Match().replace(points_to_win=15)
    frame = rules_frame(rules)
    specs = field_specs(Match)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.index) == [s.name for s in specs]
    assert list(frame.columns) == ["value", "default", "allowed", "meaning"]
    for s in specs:
        row = frame.loc[s.name]
        assert row["value"] == getattr(rules, s.name)
        assert row["default"] == s.default
        assert row["allowed"] == s.allowed()
        assert row["meaning"] == s.help
    assert frame.loc["points_to_win", "value"] != frame.loc["points_to_win", "default"]


@settings(max_examples=60, deadline=None)
@given(st.integers(POINTS_LOW, POINTS_HIGH))
def test_any_int_within_bounds_is_accepted(points: int) -> None:
    """Every whole number in range passes its field check and builds a Rules object.

    win_by=1 keeps the cross-field rule satisfied except at points_to_win=1, where the
    cross-field rule (not the field check) must be what refuses it.
    """
    field_specs(Match)[0].check(points)
    if points > 1:
        assert Match(points_to_win=points, win_by=1).points_to_win == points
    else:
        with pytest.raises(RulesError, match="must be smaller"):
            Match(points_to_win=points, win_by=1)


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(max_value=POINTS_LOW - 1), st.integers(min_value=POINTS_HIGH + 1)))
def test_any_int_outside_bounds_is_refused(points: int) -> None:
    """Every whole number out of range is refused, naming the value."""
    with pytest.raises(RulesError, match=re.escape(repr(points))):
        Match(points_to_win=points)


TARGET_LOW, TARGET_HIGH, TARGET_STEP = 1000, 5000, 250


@dataclass(frozen=True)
class Season(RulesBase):
    """A rulebook whose target score moves in steps (like a points race to 5,000)."""

    target: int = rule(3000, "Points to win the season.", low=TARGET_LOW, high=TARGET_HIGH, step=TARGET_STEP)


def test_stepped_int_refuses_values_between_steps() -> None:
    """A value between two steps is refused, and the message states the step."""
    assert field_specs(Season)[0].step == TARGET_STEP
    assert Season(target=TARGET_LOW + TARGET_STEP).target == TARGET_LOW + TARGET_STEP
    with pytest.raises(RulesError) as excinfo:
        Season(target=TARGET_LOW + TARGET_STEP // 2)
    text = str(excinfo.value)
    assert "target" in text and repr(TARGET_LOW + TARGET_STEP // 2) in text
    assert f"from {TARGET_LOW} to {TARGET_HIGH} in steps of {TARGET_STEP}" in text


@settings(max_examples=40, deadline=None)
@given(st.integers(TARGET_LOW, TARGET_HIGH))
def test_stepped_int_accepts_exactly_the_steps(value: int) -> None:
    """Within bounds, a value is accepted exactly when it is low plus a multiple of the step."""
    on_step = (value - TARGET_LOW) % TARGET_STEP == 0
    if on_step:
        assert Season(target=value).target == value
    else:
        with pytest.raises(RulesError, match="in steps of"):
            Season(target=value)


@dataclass(frozen=True)
class Sectioned(Match):
    """Match's fields split into two sections."""

    sections = (("Scoring", "points_to_win"), ("Court", "serve_alternates"))


def test_sections_split_the_fields_in_order() -> None:
    from playground.core.rules import field_groups

    assert [(t, [s.name for s in specs]) for t, specs in field_groups(Match)] == [
        ("Rules", [s.name for s in field_specs(Match)])
    ]
    groups = field_groups(Sectioned)
    assert [(t, [s.name for s in specs]) for t, specs in groups] == [
        ("Scoring", ["points_to_win", "win_by"]),
        ("Court", ["serve_alternates", "surface", "die_sides"]),
    ]


@pytest.mark.parametrize(
    ("sections", "message"),
    [
        ((("Scoring", "points"),), "'points', which is not a field"),
        ((("Court", "surface"),), "must start at the first field"),
        ((("A", "points_to_win"), ("B", "surface"), ("C", "win_by")), "follow the field order"),
    ],
)
def test_sections_that_do_not_fit_the_fields_are_refused(sections, message: str) -> None:
    from playground.core.rules import field_groups

    bad = type("Bad", (Match,), {"sections": sections})
    with pytest.raises(TypeError, match=message):
        field_groups(bad)
