"""A matplotlib figure as a widget, so a lesson can hold a chart back until the class has predicted
(``predict_reveal(reveals=...)`` takes widgets; a figure shown with ``plt.show()`` is on screen at once).
"""

from __future__ import annotations

import io
from typing import Any

import ipywidgets as w
import pandas as pd

from playground.core.numbers import shown


def figure_widget(figure: Any) -> w.HTML:
    """The figure drawn once as inline SVG inside an HTML widget; the figure is closed afterwards.

    A chart of a few hundred bars takes a few tenths of a second to draw and some tens of KB.
    (matplotlib is imported here, not with the package: most panels never need it.)
    """
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    if not isinstance(figure, Figure):
        raise TypeError(
            f"figure must be a matplotlib Figure (such as ax.figure or plt.gcf()); got {shown(figure, 60)}"
        )
    svg = io.StringIO()
    figure.savefig(svg, format="svg", bbox_inches="tight")
    plt.close(figure)
    text = svg.getvalue()
    return w.HTML(text[text.index("<svg") :])  # the picture without its XML prologue


def comparison_widgets(table: pd.DataFrame) -> list[w.Widget]:
    """A compare_rules table and its picture of intervals (compare_plot), as widgets: a lesson
    hands them to predict_reveal(reveals=...), so the class predicts a rule change's effect before
    the figures are on screen. Numbers show at most 3 decimals (none past 1,000)."""
    from playground.core.compare import compare_plot  # checks that table is a comparison

    picture = figure_widget(compare_plot(table))
    shown_table = table.to_html(float_format=_number, classes="pg-table pg-compare-table", border=0)
    return [w.HTML(shown_table), picture]


def _number(value: float) -> str:
    """A table's number as a class reads it: 5,340 points (no decimals past 1,000), 31.36 weeks,
    0.27 of the seasons (3 decimals at most, no trailing zeros)."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    text = f"{value:,.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
