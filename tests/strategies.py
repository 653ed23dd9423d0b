"""Hypothesis strategies shared by the games' tests: random Rules values from their declarations."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from playground.core.rules import FieldSpec, RulesBase, RulesError, field_specs


def field_values(spec: FieldSpec) -> st.SearchStrategy[Any]:
    """Every value a rules field allows, as its declaration says."""
    if spec.choices is not None:
        return st.sampled_from(spec.choices)
    if spec.kind is bool:
        return st.booleans()
    steps = (spec.high - spec.low) // spec.step
    return st.integers(0, steps).map(lambda k: spec.low + k * spec.step)


@st.composite
def random_rules(draw: st.DrawFn, rules_cls: type[RulesBase], **fixed: Any) -> RulesBase:
    """A Rules object with every field drawn from what it allows, except the fixed ones.

    Fixed values may be strategies (drawn) or plain values; combinations check_together refuses
    are drawn again (up to 20 times, then rejected), so every drawn object is a valid rule set.
    """
    for _ in range(20):  # fields that go together (a die and its faces) are often refused together
        values = {}
        for spec in field_specs(rules_cls):
            given = fixed.get(spec.name, field_values(spec))
            values[spec.name] = draw(given) if isinstance(given, st.SearchStrategy) else given
        try:
            return rules_cls(**values)
        except RulesError:
            continue
    from hypothesis import reject

    reject()
