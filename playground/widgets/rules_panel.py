"""A panel of controls generated from any Rules dataclass.

Each field becomes the control that fits it (a whole number with bounds -> slider, a switch ->
checkbox, a choice -> dropdown), with its help text beside it. The panel always holds a
validated Rules object: a combination the rules forbid is shown as a message and the last good
rules are kept, so a teacher's slider can never crash the notebook. A lesson names its few key
fields: they stand up front, and every other field waits behind an "all rules" expander, so the
class sees the knobs that matter without losing the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as w

from playground.core.checks import check_callable, listed
from playground.core.numbers import an, shown
from playground.core.rules import FieldSpec, RulesBase, RulesError, field_groups, field_specs

from .choice import Choice

R = TypeVar("R", bound=RulesBase)


def _control(spec: FieldSpec, value: Any) -> w.ValueWidget:
    style = {"description_width": "initial"}
    label = spec.name.replace("_", " ")
    if spec.choices is not None:
        return Choice(options=list(spec.choices), value=value, description=label, style=style)
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


def key_names(rules_cls: type[RulesBase], key: Sequence[str] | str) -> list[str]:
    """The key field names, checked: each a field of rules_cls, none twice."""
    names = [key] if isinstance(key, str) else listed(key, "key", "names of rules fields")
    valid = [spec.name for spec in field_specs(rules_cls)]
    unknown = [n for n in names if n not in valid]
    if unknown:
        raise ValueError(
            f"key names {', '.join(map(repr, unknown))}, which {rules_cls.__name__} does not have; "
            f"its fields are: {', '.join(valid)}"
        )
    if len(set(names)) < len(names):
        raise ValueError(f"key names a field twice: {names}")
    return names


class RulesPanel(w.VBox, Generic[R]):
    """Controls for every field of a Rules class; ``.rules`` is always a valid Rules object.

    With key fields, those stand first and the rest sit in ``all_rules``, a collapsed Accordion
    (None when there are no key fields, or no others). ``refuse``, when a panel that holds this
    one sets it, says why rules that are valid in the game are beyond that panel (None to
    accept): the control moved goes back, as for rules the game refuses.
    """

    refuse: Callable[[R], str | None] | None = None
    in_force: Callable[[], R] | None = None
    """The rules of the game a panel shows (set by a panel that steps a game): after a stop while
    a change takes effect, the controls show those, not a change that never reached the game."""

    def __init__(self, rules: R, on_change: Callable[[R], None] | None = None, key: Sequence[str] | str = ()):
        self._rules = rules
        if on_change is not None:
            check_callable(on_change, "on_change", "the new rules", "lambda rules: print(rules)")
        self._callbacks: list[Callable[[R], None]] = [on_change] if on_change else []
        self.controls: dict[str, w.ValueWidget] = {}
        self._rows = {spec.name: self._row(spec, rules) for spec in field_specs(type(rules))}
        self.all_rules: w.Accordion | None = None
        self.message = w.HTML(self._describe(rules))
        self.message.add_class("pg-rules-message")
        self._reset = w.Button(description="Back to the defaults", icon="undo")
        self._reset.on_click(lambda _: self.set_rules(type(rules)()))
        super().__init__()
        self.arrange(key)
        self.add_class("pg-rules-panel")

    def arrange(self, key: Sequence[str] | str = ()) -> None:
        """Put the key fields first and every other behind the collapsed "all rules" expander.

        The controls themselves stay (values, observers and all): a panel that shows another
        field up front (the target score for another player count) moves rows instead of
        building some forty controls again, which took most of a player-count change.
        """
        up_front = key_names(type(self._rules), key)
        key_rows = [self._rows[name] for name in up_front]
        pages, titles = [], []
        for title, group in field_groups(type(self._rules)):
            rows = [self._rows[spec.name] for spec in group if spec.name not in up_front]
            if rows:
                pages.append(w.VBox(rows))
                titles.append(title)
        rest = [pages[0] if len(pages) == 1 else w.Tab(pages, titles=titles)] if pages else []
        self.all_rules = None
        if key_rows and rest:
            self.all_rules = w.Accordion(rest, titles=("all rules",), selected_index=None)
            self.all_rules.add_class("pg-rules-all")
            rest = [self.all_rules]
        fields = [w.VBox(key_rows), *rest] if key_rows else rest
        self.children = (*fields, self.message, self._reset)

    def _row(self, spec: FieldSpec, rules: R) -> w.HBox:
        """The control of one field beside its help text (the control joins ``controls``)."""
        control = _control(spec, getattr(rules, spec.name))
        control.tooltip = spec.help
        control.observe(self._changed, names="value")
        self.controls[spec.name] = control
        return w.HBox([control, w.HTML(f"<small>{spec.help}</small>")])

    @property
    def rules(self) -> R:
        """The current, validated rules."""
        return self._rules

    def on_change(self, callback: Callable[[R], None]) -> None:
        """Call callback(rules) after every accepted change."""
        self._callbacks.append(callback)

    def set_rules(self, rules: R) -> None:
        """Move every control to match rules (one change notification at the end)."""
        if type(rules) is not type(self._rules):
            raise TypeError(
                f"rules must be a {type(self._rules).__module__.rsplit('.', 1)[0]}.Rules like this "
                f"panel's; got {an(type(rules).__name__)}"
            )
        self._show(rules)
        self._accept(rules)

    def _show(self, rules: R) -> None:
        """Move every control to match rules, with no change notification."""
        self._silent = True
        try:
            for name, control in self.controls.items():
                control.value = getattr(rules, name)
        finally:
            self._silent = False
        self._rules = rules

    _silent = False

    def _changed(self, _change: dict) -> None:
        if self._silent:
            return
        name = next((n for n, c in self.controls.items() if c is _change.get("owner")), None)
        try:
            self._changed_field(name)
        except KeyboardInterrupt:  # the stop button, while the new rules are built: the rules in play
            self._stopped(self._rules)
            raise

    def _changed_field(self, name: str | None) -> None:
        try:
            if name is None:  # a change from elsewhere: read every control
                rules = type(self._rules)(**{n: c.value for n, c in self.controls.items()})
            else:  # the one field just moved, on the last good rules
                rules = self._rules.replace(**{name: self.controls[name].value})
            beyond = self.refuse(rules) if self.refuse else None
            if beyond:
                raise RulesError(beyond)
        except RulesError as error:
            back = ""
            if name is not None:  # the control goes back, so every control shows the rules in force
                control = self.controls[name]
                self._silent = True
                try:
                    control.value = getattr(self._rules, name)
                finally:
                    self._silent = False
                back = f" {control.description or name} is back at {shown(control.value)}."
            self.message.value = f"<span style='color:#b00'>Not allowed: {error}{back}</span>"
            return
        self._accept(rules)

    @staticmethod
    def _describe(rules: RulesBase) -> str:
        if not rules.changes():
            return "Playing by our default rules: the rulebook where it speaks, our rulings where silent."
        return "House rules: " + rules.described() + "."

    def _accept(self, rules: R) -> None:
        before = self._rules
        try:
            self._rules = rules
            self.message.value = self._describe(rules)
            for callback in self._callbacks:
                callback(rules)
        except KeyboardInterrupt:  # the stop button: the controls say the rules in play
            self._stopped(before)
            raise

    def _stopped(self, before: R) -> None:
        """After a stop: every control, .rules and the message show the rules in play (the game's,
        where the panel knows it, else the rules before the change)."""
        self._show(self.in_force() if self.in_force else before)
        self.message.value = "Stopped: " + self._describe(self._rules)


def rules_panel(
    rules: R, on_change: Callable[[R], None] | None = None, key: Sequence[str] | str = ()
) -> RulesPanel[R]:
    """Build the rules panel for a Rules object (its class decides the controls).

    key names the fields a lesson is about: they are shown first, the others behind "all rules".
    """
    return RulesPanel(rules, on_change, key)
