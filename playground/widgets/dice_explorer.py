"""The dice explorer: choose dice, a bonus and a target, see the exact odds at once."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as w

from playground.core.dist import Dist, dice_sum
from playground.widgets.bars import bars_svg

MEASURES = ("sum", "difference (first - second)", "highest")


def explored_dist(dice: int, sides: int, measure: str) -> Dist:
    """The distribution the explorer shows for its current settings."""
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}; got {measure!r}")
    if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
        raise ValueError(f"the number of dice must be a whole number, at least 1; got {dice!r}")
    if measure == "sum":
        return dice_sum(dice, sides)
    die = Dist.die(sides)
    if measure == "highest":
        result = die
        for _ in range(dice - 1):
            result = result.combine(die, max)
        return result
    return die - die


class DiceExplorer(w.VBox):
    """Sliders for dice, sides, bonus and target; the exact table, chart and answer follow."""

    def __init__(self, dice: int = 2, sides: int = 6, bonus: int = 0, target: int = 7):
        slider = {"continuous_update": True, "style": {"description_width": "initial"}}
        self.dice = w.IntSlider(value=dice, min=1, max=6, description="number of dice", **slider)
        self.sides = w.IntSlider(value=sides, min=2, max=20, description="sides per die", **slider)
        self.bonus = w.IntSlider(value=bonus, min=-5, max=10, description="bonus added", **slider)
        self.target = w.IntSlider(value=target, min=-10, max=130, description="target (at least)", **slider)
        self.measure = w.Dropdown(options=MEASURES, value="sum", description="measure")
        self.answer = w.HTML()
        self.chart = w.HTML()
        self.table = w.HTML()
        for widget, name in [
            (self.answer, "pg-answer"),
            (self.chart, "pg-chart"),
            (self.table, "pg-table"),
        ]:
            widget.add_class(name)
        for control in (self.dice, self.sides, self.bonus, self.target, self.measure):
            control.observe(lambda _: self.update(), names="value")
        controls = w.VBox([self.measure, self.dice, self.sides, self.bonus, self.target])
        super().__init__([w.HBox([controls, self.answer]), self.chart, self.table])
        self.add_class("pg-dice-explorer")
        self.update()

    @property
    def dist(self) -> Dist:
        """The distribution of (measure + bonus) for the current settings."""
        dice = 2 if self.measure.value.startswith("difference") else self.dice.value
        return explored_dist(dice, self.sides.value, self.measure.value) + self.bonus.value

    @property
    def probability(self) -> Fraction:
        """P(result >= target), exactly."""
        return self.dist.p_at_least(self.target.value)

    def update(self) -> None:
        """Redraw the answer, chart and table for the current settings."""
        self.dice.disabled = self.measure.value.startswith("difference")
        dist, target = self.dist, self.target.value
        p = dist.p_at_least(target)
        sign = "+" if self.bonus.value >= 0 else "-"
        self.answer.value = (
            f"<div style='font-size:1.3em;padding:0 1em'>P({self.measure.value} {sign} "
            f"{abs(self.bonus.value)} &ge; {target}) = <b>{p}</b> &asymp; {float(p):.4f}</div>"
        )
        self.chart.value = bars_svg(
            dist, highlight=lambda o: o >= target, title="orange bars reach the target"
        )
        frame = dist.to_frame("result")
        self.table.value = frame.to_html(index=False, border=0, classes="pg-table")


def dice_explorer(dice: int = 2, sides: int = 6, bonus: int = 0, target: int = 7) -> DiceExplorer:
    """Build the dice explorer panel."""
    return DiceExplorer(dice, sides, bonus, target)
