"""A panel of controls generated from any Rules dataclass.

Each field becomes the control that fits it (a whole number with bounds -> slider, a switch ->
checkbox, a choice -> dropdown), with its help text beside it. The panel always holds a
validated Rules object: a combination the rules forbid is shown as a message and the last good
rules are kept, so a teacher's slider can never crash the notebook.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import ipywidgets as w

from playground.core.rules import FieldSpec, RulesBase, RulesError, field_groups

R = TypeVar("R", bound=RulesBase)


def _control(spec: FieldSpec, value: Any) -> w.ValueWidget:
    style = {"description_width": "initial"}
    label = spec.name.replace("_", " ")
    if spec.choices is not None:
        return w.Dropdown(options=list(spec.choices), value=value, description=label, style=style)
    if spec.kind is bool:
        return w.Checkbox(value=value, description=label, indent=False)
    return w.IntSlider(
        value=value,
        min=spec.low,
        max=spec.high,
        step=spec.step,
        description=label,
        style=style,
        continuous_update=False,
    )


class RulesPanel(w.VBox, Generic[R]):
    """Controls for every field of a Rules class; ``.rules`` is always a valid Rules object."""

    def __init__(self, rules: R, on_change: Callable[[R], None] | None = None):
        self._rules = rules
        self._callbacks: list[Callable[[R], None]] = [on_change] if on_change else []
        self.controls: dict[str, w.ValueWidget] = {}
        pages = []
        for _, specs in field_groups(type(rules)):
            rows = []
            for spec in specs:
                control = _control(spec, getattr(rules, spec.name))
                control.tooltip = spec.help
                control.observe(self._changed, names="value")
                self.controls[spec.name] = control
                rows.append(w.HBox([control, w.HTML(f"<small>{spec.help}</small>")]))
            pages.append(w.VBox(rows))
        titles = [title for title, _ in field_groups(type(rules))]
        fields = pages[0] if len(pages) == 1 else w.Tab(pages, titles=titles)
        self.message = w.HTML(self._describe(rules))
        self.message.add_class("pg-rules-message")
        reset = w.Button(description="Back to the rulebook", icon="undo")
        reset.on_click(lambda _: self.set_rules(type(rules)()))
        super().__init__([fields, self.message, reset])
        self.add_class("pg-rules-panel")

    @property
    def rules(self) -> R:
        """The current, validated rules."""
        return self._rules

    def on_change(self, callback: Callable[[R], None]) -> None:
        """Call callback(rules) after every accepted change."""
        self._callbacks.append(callback)

    def set_rules(self, rules: R) -> None:
        """Move every control to match rules (one change notification at the end)."""
        self._silent = True
        try:
            for name, control in self.controls.items():
                control.value = getattr(rules, name)
        finally:
            self._silent = False
        self._accept(rules)

    _silent = False

    def _changed(self, _change: dict) -> None:
        if self._silent:
            return
        values = {name: control.value for name, control in self.controls.items()}
        try:
            rules = type(self._rules)(**values)
        except RulesError as error:
            self.message.value = (
                f"<span style='color:#b00'>Not allowed: {error} Keeping the last good rules.</span>"
            )
            return
        self._accept(rules)

    @staticmethod
    def _describe(rules: RulesBase) -> str:
        changed = rules.changes()
        if not changed:
            return "Playing by the rulebook."
        return "House rules: " + ", ".join(f"{k} = {v}" for k, v in changed.items())

    def _accept(self, rules: R) -> None:
        self._rules = rules
        self.message.value = self._describe(rules)
        for callback in self._callbacks:
            callback(rules)


def rules_panel(rules: R, on_change: Callable[[R], None] | None = None) -> RulesPanel[R]:
    """Build the rules panel for a Rules object (its class decides the controls)."""
    return RulesPanel(rules, on_change)
