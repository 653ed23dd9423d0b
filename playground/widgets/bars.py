"""A bar chart of an exact distribution, drawn as inline SVG.

Redrawing a matplotlib figure on every slider move takes a tenth of a second; an SVG string
takes well under a millisecond, so the chart follows the slider as the teacher drags it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any


def bars_svg(
    dist: Mapping[Any, Fraction],
    highlight: Callable[[Any], bool] = lambda _: False,
    width: int = 520,
    height: int = 220,
    title: str = "",
) -> str:
    """Bars of P(outcome), exact value in each tooltip; highlighted bars are drawn in orange.

    dist is any map from label to probability: a Dist, or chances that need not add up to 1
    (the chance of winning with 0, 1, 2... tokens).
    """
    outcomes = list(dist)
    if not outcomes:
        raise ValueError("a bar chart needs at least one outcome")
    top = max(dist.values(), default=0) or Fraction(1)  # all-zero bars still draw (flat)
    left, bottom, pad = 40, 30, 6
    slot = (width - left - pad) / len(outcomes)
    parts = [
        f"<svg class='pg-bars' xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"role='img' aria-label='{escape(title or 'distribution')}'>",
        f"<text x='{left}' y='14' font-size='13'>{escape(title)}</text>",
        f"<line x1='{left}' y1='{height - bottom}' x2='{width - pad}' y2='{height - bottom}' stroke='#444'/>",
    ]
    usable = height - bottom - 24
    for i, outcome in enumerate(outcomes):
        p = dist[outcome]
        h = usable * float(p / top)
        x = left + i * slot
        colour = "#e8710a" if highlight(outcome) else "#4c72b0"
        parts.append(
            f"<rect x='{x + slot * 0.1:.1f}' y='{height - bottom - h:.1f}' width='{slot * 0.8:.1f}' "
            f"height='{h:.1f}' fill='{colour}' data-outcome='{escape(str(outcome))}'>"
            f"<title>{escape(str(outcome))}: {p} = {float(p):.4f}</title></rect>"
        )
        if len(outcomes) <= 40 or i % 2 == 0:
            parts.append(
                f"<text x='{x + slot / 2:.1f}' y='{height - bottom + 14}' font-size='10' "
                f"text-anchor='middle'>{escape(str(outcome))}</text>"
            )
    parts.append(f"<text x='2' y='{height - bottom - usable + 4}' font-size='10'>{float(top):.3f}</text>")
    parts.append("</svg>")
    return "".join(parts)
