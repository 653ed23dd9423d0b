"""A bar chart of an exact distribution, drawn as inline SVG.

Redrawing a matplotlib figure on every slider move takes a tenth of a second; an SVG string
takes well under a millisecond, so the chart follows the slider as the teacher drags it.
Observed shares from a simulation can be drawn over the exact bars, so a class sees the
simulation settle onto the exact answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any

EXACT, HIGHLIGHT = "#0072B2", "#D55E00"  # Okabe-Ito blue and vermillion: colour-blind safe
OBSERVED = "#E69F00"
"""Okabe-Ito orange: told apart from the blue exact bars with any colour vision."""


def bars_svg(
    dist: Mapping[Any, Fraction],
    highlight: Callable[[Any], bool] = lambda _: False,
    width: int = 520,
    height: int = 220,
    title: str = "",
    observed: Mapping[Any, Fraction] | None = None,
) -> str:
    """Bars of P(outcome), exact value in each tooltip; highlighted bars are drawn in orange.

    dist is any map from label to probability: a Dist, or chances that need not add up to 1
    (the chance of winning with 0, 1, 2... tokens). observed, when given, maps outcomes of
    dist to the shares a simulation saw; each is drawn as a narrow bar in front of its exact bar.
    """
    outcomes = list(dist)
    if not outcomes:
        raise ValueError("a bar chart needs at least one outcome")
    observed = observed or {}
    strays = [o for o in observed if o not in dist]
    if strays:
        raise ValueError(f"observed shares must be for outcomes of dist; {strays[0]!r} is not one")
    top = max(*dist.values(), *observed.values(), 0) or Fraction(1)  # all-zero bars still draw (flat)
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
        colour = HIGHLIGHT if highlight(outcome) else EXACT
        label = escape(str(outcome))
        parts.append(
            f"<rect class='pg-exact' x='{x + slot * 0.1:.1f}' y='{height - bottom - h:.1f}' "
            f"width='{slot * 0.8:.1f}' height='{h:.1f}' fill='{colour}' data-outcome='{label}'>"
            f"<title>{label}: {p} = {float(p):.4f}</title></rect>"
        )
        if outcome in observed:
            share = observed[outcome]
            seen = usable * float(share / top)
            parts.append(
                f"<rect class='pg-observed' x='{x + slot * 0.3:.1f}' y='{height - bottom - seen:.1f}' "
                f"width='{slot * 0.4:.1f}' height='{seen:.1f}' fill='{OBSERVED}' stroke='#000' "
                f"stroke-width='0.5' data-outcome='{label}'>"
                f"<title>{label}: observed {float(share):.2%}, "
                f"exact {float(p):.2%}</title></rect>"
            )
        if len(outcomes) <= 40 or i % 2 == 0:
            parts.append(
                f"<text x='{x + slot / 2:.1f}' y='{height - bottom + 14}' font-size='10' "
                f"text-anchor='middle'>{label}</text>"
            )
    parts.append(f"<text x='2' y='{height - bottom - usable + 4}' font-size='10'>{float(top):.3f}</text>")
    if observed:
        parts.append(
            f"<text x='{width - pad}' y='14' font-size='11' text-anchor='end'>"
            f"<tspan fill='{EXACT}'>&#9632;</tspan> exact "
            f"<tspan fill='{OBSERVED}'>&#9632;</tspan> observed</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
