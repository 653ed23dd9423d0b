"""The dice explorer and the two-dice grid: choose dice, a bonus and a target, see the exact odds.

The explorer keeps the lesson's knobs (what to measure, how many dice, the bonus, the target) up
front and the number of sides behind "more settings", so a class meets the six-sided die first.
The grid is the picture behind every two-dice count: 36 equally likely cells, some marked.
"""

from __future__ import annotations

import numbers
import operator
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
import pandas as pd

from playground.core.checks import failed_call
from playground.core.dist import Dist, dice_sum
from playground.core.numbers import shown, whole_number
from playground.core.showing import as_fraction, readable
from playground.widgets.bars import bars_svg
from playground.widgets.predict import percent

from .choice import Choice
from .redraw import redraws
from .starts import start_at

MEASURES = ("sum", "difference (first - second)", "highest")

Mark = tuple[str, Callable[[int, int], bool], str]
"""A set of grid cells to colour: (label for the key, test of (first die, second die), colour)."""

DOUBLES_AND_SEVENS: tuple[Mark, ...] = (
    ("a double", lambda a, b: a == b, "#0072B2"),
    ("a total of 7", lambda a, b: a + b == 7, "#E69F00"),
)
"""The default marks: the Ace and the most likely total, in Okabe-Ito blue and orange."""

MAX_GRID_SIDES = 12
"""Larger grids have too many cells to read or count in front of a class."""


def _check_sides(sides: int, most: int) -> None:
    whole_number(sides, "sides", 2, most)


def _ink(fill: str) -> str:
    """Black or white text, whichever reads better on the hex colour fill (WCAG luminance)."""
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#fff"


MAX_EXPLORED = 50
"""The most dice, and (for 'highest' and 'difference') the most sides, explored_dist takes
beyond the sum: the highest of 50 dice of 50 sides is counted in well under a second."""


def explored_dist(dice: int, sides: int, measure: str) -> Dist:
    """The distribution the explorer shows for its current settings.

    measure is one of MEASURES. For the sum, dice and sides are dice_sum's (1 to 1000 each, the
    work bounded); for the highest and the difference, dice from 1 to MAX_EXPLORED and sides from
    2 to MAX_EXPLORED.
    """
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}; got {shown(measure, 60)}")
    if measure == "sum":
        return dice_sum(dice, sides)
    if not isinstance(dice, int) or isinstance(dice, bool) or not 1 <= dice <= MAX_EXPLORED:
        raise ValueError(
            f"the number of dice must be a whole number from 1 to {MAX_EXPLORED}; got {shown(dice, 60)}"
        )
    _check_sides(sides, MAX_EXPLORED)
    die = Dist.die(sides)
    if measure == "highest":
        result = die
        for _ in range(dice - 1):
            result = result.combine(die, max)
        return result
    return die - die


def pair_grid(sides: int = 6) -> pd.DataFrame:
    """The total of every pair of dice: rows are the first die, columns the second.

    Each of the sides × sides cells is one equally likely roll, so counting cells is counting
    chances. sides is a whole number from 2 to 12.
    """
    _check_sides(sides, MAX_GRID_SIDES)
    faces = range(1, sides + 1)
    return pd.DataFrame(
        [[a + b for b in faces] for a in faces],
        index=pd.Index(faces, name="first die"),
        columns=pd.Index(faces, name="second die"),
    )


def _cell_text(text: Callable[[int, int], Any], a: int, b: int) -> str:
    """What a cell of the pair grid says: the first 8 characters of text(a, b), made safe for SVG."""
    try:
        said = text(a, b)
    except Exception as error:
        raise ValueError(
            failed_call("the text function given to pair_grid_svg", f"the faces {a} and {b}", error)
        ) from error
    return escape((said if isinstance(said, str) else shown(said, 8))[:8])


def pair_grid_svg(
    sides: int = 6,
    marks: Sequence[Mark] = DOUBLES_AND_SEVENS,
    cell: int = 40,
    *,
    axes: tuple[str, str] = ("first die", "second die"),
    text: Callable[[int, int], Any] = operator.add,
) -> str:
    """The pair grid as a picture: each cell shows its total, marked cells are coloured.

    Rows are the first die (1 at the top), columns the second (1 on the left), as in
    :func:`pair_grid`; a cell takes the colour of the first mark it matches, and the key counts
    each mark's cells. sides is from 2 to 12, cell (pixels) from 20 to 80, colours are '#rrggbb'.
    axes names the rows' die and the columns' die (text of at most 40 characters each); text
    writes a cell from its two faces (the total by default; a duel shows the difference).
    """
    _check_sides(sides, MAX_GRID_SIDES)
    cell = whole_number(cell, "cell", 20, 80)  # pixels
    if not (
        isinstance(axes, tuple) and len(axes) == 2 and all(isinstance(a, str) and len(a) <= 40 for a in axes)
    ):
        raise ValueError(
            f"axes must be two names (rows, columns) of at most 40 characters; got {shown(axes)}"
        )
    if not callable(text):
        raise ValueError(f"text must be a function of the two faces, such as a total; got {shown(text)}")
    if not isinstance(marks, (list, tuple)) or len(marks) > 12:
        raise ValueError(
            f"marks must be a list of at most 12 marks (label, test, colour); got {shown(marks)}"
        )
    words = {(a, b): _cell_text(text, a, b) for a in range(1, sides + 1) for b in range(1, sides + 1)}
    for mark in marks:
        if not (
            isinstance(mark, tuple)
            and len(mark) == 3
            and isinstance(mark[0], str)
            and len(mark[0]) <= 60
            and callable(mark[1])
            and re.fullmatch(r"#[0-9a-fA-F]{6}", str(mark[2]))
        ):
            raise ValueError(
                f"each mark must be (label of at most 60 characters, test of two faces, '#rrggbb' colour); "
                f"got {shown(mark)}"
            )
    left, top = 70, 40
    size = cell * sides
    width, height = left + size + 10, top + size + 22 * len(marks) + 16
    parts = [
        f"<svg class='pg-pair-grid' xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"role='img' aria-label='the {sides * sides} rolls of two dice'>",
        f"<text x='{left + size / 2}' y='14' font-size='13' text-anchor='middle'>{escape(axes[1])}</text>",
        f"<text x='14' y='{top + size / 2}' font-size='13' text-anchor='middle' "
        f"transform='rotate(-90 14 {top + size / 2})'>{escape(axes[0])}</text>",
    ]
    counted = [0] * len(marks)
    for a in range(1, sides + 1):
        y = top + (a - 1) * cell
        parts.append(
            f"<text x='{left - 8}' y='{y + cell / 2 + 5}' font-size='13' text-anchor='end'>{a}</text>"
        )
        for b in range(1, sides + 1):
            x = left + (b - 1) * cell
            if a == 1:
                parts.append(
                    f"<text x='{x + cell / 2}' y='{top - 8}' font-size='13' text-anchor='middle'>{b}</text>"
                )
            hit = next((i for i, (_, test, _) in enumerate(marks) if test(a, b)), None)
            fill = "#ffffff" if hit is None else marks[hit][2]
            if hit is not None:
                counted[hit] += 1
            parts.append(
                f"<rect class='pg-cell' x='{x}' y='{y}' width='{cell}' height='{cell}' fill='{fill}' "
                f"stroke='#444' data-first='{a}' data-second='{b}'><title>{a} then {b}: {words[a, b]}"
                f"</title></rect><text x='{x + cell / 2}' y='{y + cell / 2 + 5}' font-size='14' "
                f"text-anchor='middle' fill='{_ink(fill)}'>{words[a, b]}</text>"
            )
    for i, (label, _, colour) in enumerate(marks):
        y = top + size + 14 + 22 * i
        parts.append(
            f"<rect x='{left}' y='{y}' width='14' height='14' fill='{colour}' stroke='#444'/>"
            f"<text x='{left + 20}' y='{y + 12}' font-size='13'>{escape(label)}: {counted[i]} of "
            f"{sides * sides} cells</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def in_words(p: Fraction) -> str:
    """A chance as a class says it: '7/12 ≈ 58.3%, on average 7 rolls in every 12'. p: an exact
    chance from 0 to 1 (anything else is refused in words)."""
    if isinstance(p, bool) or not isinstance(p, numbers.Rational) or not 0 <= p <= 1:
        raise ValueError(f"p must be an exact chance from 0 to 1, such as Fraction(7, 12); got {shown(p)}")
    p = as_fraction(p)
    if p in (0, 1):
        return f"{p} = {percent(p)}: {'never' if p == 0 else 'every roll'}"
    text, share = readable(p), percent(p)
    share = "just under 100%" if share == "100%" else share  # never 100% for a chance short of 1
    if text.startswith("≈"):
        return f"{text} ≈ {share}"
    rolls = "roll" if p.numerator == 1 else "rolls"
    return f"{text} ≈ {share}, on average {p.numerator} {rolls} in every {p.denominator}"


class DiceExplorer(w.VBox):
    """Sliders for measure, dice, bonus and target (sides under "more settings"); the exact
    answer, chart and table follow at once."""

    def __init__(self, dice: int = 2, sides: int = 6, bonus: int = 0, target: int = 7):
        dice, sides = start_at(dice, "dice", 1, 6), start_at(sides, "sides", 2, 20)
        bonus, target = start_at(bonus, "bonus", -5, 10), start_at(target, "target", -10, 130)
        slider = {"continuous_update": True, "style": {"description_width": "initial"}}
        self.dice = w.IntSlider(value=dice, min=1, max=6, description="number of dice", **slider)
        self.sides = w.IntSlider(value=sides, min=2, max=20, description="sides per die", **slider)
        self.bonus = w.IntSlider(value=bonus, min=-5, max=10, description="bonus added", **slider)
        self.target = w.IntSlider(value=target, min=-10, max=130, description="target (at least)", **slider)
        self.measure = Choice(options=MEASURES, value="sum", description="measure")
        self.answer = w.HTML()
        self.words = w.HTML()
        self.chart = w.HTML()
        self.table = w.HTML()
        for widget, name in [
            (self.answer, "pg-answer"),
            (self.words, "pg-words"),
            (self.chart, "pg-chart"),
            (self.table, "pg-table"),
        ]:
            widget.add_class(name)
        for control in (self.dice, self.sides, self.bonus, self.target, self.measure):
            control.observe(lambda _: self.update(), names="value")
        more = w.Accordion([self.sides], titles=("more settings",), selected_index=None)
        controls = w.VBox([self.measure, self.dice, self.bonus, self.target, more])
        super().__init__([w.HBox([controls, w.VBox([self.answer, self.words])]), self.chart, self.table])
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

    @redraws("answer", "words", "chart", "table")
    def update(self) -> None:
        """Redraw the answer, chart and table for the current settings."""
        self.dice.disabled = self.measure.value.startswith("difference")
        dist, target = self.dist, self.target.value
        p = dist.p_at_least(target)
        sign = "+" if self.bonus.value >= 0 else "-"
        self.answer.value = (
            f"<div style='font-size:1.3em;padding:0 1em'>P({self.measure.value} {sign} "
            f"{abs(self.bonus.value)} &ge; {target}) = <b>{p}</b> &asymp; {percent(p)}</div>"
        )
        self.words.value = f"<div style='padding:0 1.3em'>{escape(in_words(p))}</div>"
        self.chart.value = bars_svg(
            dist, highlight=lambda o: o >= target, title="orange bars reach the target"
        )
        self.table.value = chance_table(dist, "result").to_html(index=False, border=0, classes="pg-table")


def chance_table(dist: Dist, outcome: str) -> pd.DataFrame:
    """A distribution as a class reads it: each outcome, its exact chance, in percent, and the
    chance of at least it in percent (Dist.to_frame keeps the column names code uses)."""
    frame = dist.to_frame(outcome)
    return pd.DataFrame(
        {
            outcome: frame[outcome],
            "chance": frame["probability"],
            "percent": [percent(q) for q in frame["probability"]],
            "this or more": [percent(q) for q in frame["at_least"]],
        }
    )


def dice_explorer(dice: int = 2, sides: int = 6, bonus: int = 0, target: int = 7) -> DiceExplorer:
    """Build the dice explorer panel.

    Each value starts its slider, so it must lie in the slider's range (dice 1 to 6, sides 2 to 20,
    bonus -5 to 10, target -10 to 130): anything else is refused in words, never shown clamped.
    """
    return DiceExplorer(dice, sides, bonus, target)
