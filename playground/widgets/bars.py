"""A bar chart of an exact distribution, drawn as inline SVG.

Redrawing a matplotlib figure on every slider move takes a tenth of a second; an SVG string
takes well under a millisecond, so the chart follows the slider as the teacher drags it.
Observed shares from a simulation can be drawn over the exact bars, so a class sees the
simulation settle onto the exact answer.
"""

from __future__ import annotations

import math
import numbers
from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any, NamedTuple

from playground.core.checks import check_callable
from playground.core.numbers import shown, whole_number
from playground.core.showing import as_fraction, readable

EXACT, HIGHLIGHT = "#0072B2", "#D55E00"  # Okabe-Ito blue and vermillion: colour-blind safe
OBSERVED = "#E69F00"
"""Okabe-Ito orange: told apart from the blue exact bars with any colour vision."""

MAX_BARS = 200
"""The most bars drawn; past it, neighbouring outcomes share a bar. 200 bars are 35 KB of SVG (75 KB
with observed shares), drawn in milliseconds once 200,000 outcomes are grouped (about 0.1 s), while
one bar each for 200,000 outcomes was 37 MB, enough to freeze a browser tab; and bars a pixel wide
or less cannot be told apart anyway."""

TICKS = 10
"""How many bars of a grouped chart are labelled underneath (with their first outcome)."""


class _Bar(NamedTuple):
    """One drawn bar: a single outcome, or a run of neighbouring ones (label 'first–last')."""

    label: str  # the tooltip's and data-outcome's name
    tick: str  # the text under the bar
    p: Any  # its chance (a run's total)
    lit: Any  # the highlighted part of p
    all_lit: bool  # every outcome of it highlighted
    seen: Any  # the observed share (a run's total), None when not observed


_PLAIN = (Fraction, int, float)
"""The usual types of a chance, checked first (a chart of 200,000 outcomes is checked in ms)."""


def bars_svg(
    dist: Mapping[Any, Fraction],
    highlight: Callable[[Any], bool] = lambda _: False,
    width: int = 520,
    height: int = 220,
    title: str = "",
    observed: Mapping[Any, Fraction] | None = None,
) -> str:
    """Bars of P(outcome), exact value in each tooltip; highlighted bars are drawn in orange.

    width (100 to 4,000) and height (80 to 4,000) are pixels; title is text. dist is any map from
    label to probability: a Dist, or chances that need not add up to 1
    (the chance of winning with 0, 1, 2... tokens). observed, when given, maps outcomes of
    dist to the shares a simulation saw; each is drawn as a narrow bar in front of its exact bar.
    Tooltips show a Fraction exactly, or as :func:`readable` does past about 30 digits.

    At most MAX_BARS bars: past that, the outcomes are taken in dist's order in runs of equal
    length (200,000 outcomes make 200 bars of 1,000), each bar as tall as its run's total chance,
    labelled 'first–last' in its tooltip, with its highlighted part orange from the foot up and
    its observed shares added up too; TICKS of them are labelled underneath.
    """
    for name, chances in (("dist", dist), ("observed", observed or {})):
        if not isinstance(chances, Mapping) or not all(
            type(v) in _PLAIN or (isinstance(v, numbers.Real) and not isinstance(v, bool))
            for v in chances.values()
        ):
            raise ValueError(
                f"{name} must map each outcome to its chance (a number); got {shown(chances, 60)}"
            )
    if not dist:
        raise ValueError("a bar chart needs at least one outcome")
    for name, chances in (("dist", dist), ("observed", observed or {})):
        odd = next((v for v in chances.values() if not math.isfinite(v) or v < 0), None)
        if odd is not None:  # a bar of height nan or below 0 cannot be drawn
            raise ValueError(f"{name} must hold chances from 0 up; got {shown(odd)}")
    width = whole_number(width, "width (pixels)", 100, 4000)
    height = whole_number(height, "height (pixels)", 80, 4000)
    check_callable(highlight, "highlight", "an outcome", "lambda total: total == 7")
    if not isinstance(title, str):
        raise ValueError(f"title must be text; got {shown(title)}")
    observed = observed or {}
    strays = [o for o in observed if o not in dist]
    if strays:
        raise ValueError(f"observed shares must be for outcomes of dist; {shown(strays[0])} is not one")
    bars = _bars(dist, highlight, observed)
    top = max(*(b.p for b in bars), *(b.seen for b in bars if b.seen is not None), 0) or Fraction(1)
    left, bottom, pad = 40, 30, 6
    slot = (width - left - pad) / len(bars)
    parts = [
        f"<svg class='pg-bars' xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"role='img' aria-label='{escape(title or 'distribution')}'>",
        f"<text x='{left}' y='14' font-size='13'>{escape(title)}</text>",
        f"<line x1='{left}' y1='{height - bottom}' x2='{width - pad}' y2='{height - bottom}' stroke='#444'/>",
    ]
    usable = height - bottom - 24
    grouped = len(bars) < len(dist)
    every = -(-len(bars) // TICKS) if grouped else (1 if len(bars) <= 40 else 2)
    for i, bar in enumerate(bars):
        h = usable * float(bar.p / top)
        x = left + i * slot
        label = escape(bar.label)
        parts.append(
            f"<rect class='pg-exact' x='{x + slot * 0.1:.1f}' y='{height - bottom - h:.1f}' "
            f"width='{slot * 0.8:.1f}' height='{h:.1f}' fill='{HIGHLIGHT if bar.all_lit else EXACT}' "
            f"data-outcome='{label}'><title>{label}: {_tooltip(bar.p)} = {float(bar.p):.4f}</title></rect>"
        )
        if bar.lit and not bar.all_lit:  # a run partly highlighted: its highlighted chances, orange
            lit = usable * float(bar.lit / top)
            parts.append(
                f"<rect class='pg-exact-highlight' x='{x + slot * 0.1:.1f}' y='{height - bottom - lit:.1f}' "
                f"width='{slot * 0.8:.1f}' height='{lit:.1f}' fill='{HIGHLIGHT}' data-outcome='{label}'>"
                f"<title>{label}, highlighted: {_tooltip(bar.lit)} = {float(bar.lit):.4f}</title></rect>"
            )
        if bar.seen is not None:
            seen = usable * float(bar.seen / top)
            parts.append(
                f"<rect class='pg-observed' x='{x + slot * 0.3:.1f}' y='{height - bottom - seen:.1f}' "
                f"width='{slot * 0.4:.1f}' height='{seen:.1f}' fill='{OBSERVED}' stroke='#000' "
                f"stroke-width='0.5' data-outcome='{label}'>"
                f"<title>{label}: observed {float(bar.seen):.2%}, "
                f"exact {float(bar.p):.2%}</title></rect>"
            )
        if i % every == 0:
            parts.append(
                f"<text x='{x + slot / 2:.1f}' y='{height - bottom + 14}' font-size='10' "
                f"text-anchor='middle'>{escape(bar.tick)}</text>"
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


def _bars(
    dist: Mapping[Any, Any], highlight: Callable[[Any], bool], observed: Mapping[Any, Any]
) -> list[_Bar]:
    """One bar per outcome, or per run of neighbouring outcomes past MAX_BARS of them.

    Outcomes and chances are kept in two lists, not as 200,000 (outcome, chance) pairs: new
    pairs would set off the garbage collector's sweeps over a notebook's objects again and again.
    """
    outcomes, chances = list(dist), list(dist.values())
    run = -(-len(outcomes) // MAX_BARS)  # outcomes per bar, rounded up
    bars = []
    for start in range(0, len(outcomes), run):
        group, ps = outcomes[start : start + run], chances[start : start + run]
        lit = [p for o, p in zip(group, ps, strict=True) if highlight(o)]
        seen = [observed[o] for o in group if o in observed]
        first, last = str(group[0]), str(group[-1])
        bars.append(
            _Bar(
                label=first if len(group) == 1 else f"{first}–{last}",
                tick=first,
                p=_total(ps),
                lit=_total(lit),
                all_lit=len(lit) == len(group),
                seen=_total(seen) if seen else None,
            )
        )
    return bars


def _total(chances: list[Any]) -> Any:
    """The sum of chances, exactly and quickly; a single chance comes back as it is.

    Fractions are added up as whole numbers, first per denominator and then over the common
    denominator of those, with one Fraction at the end: a run of 1,000 chances of a Dist costs
    a few hundred microseconds, not 1,000 Fraction additions. Other numbers (floats) are added
    as they are.
    """
    if len(chances) == 1:
        return chances[0]
    by_denominator: dict[int, int] = defaultdict(int)
    rest: Any = 0
    for p in chances:
        if type(p) is Fraction:
            by_denominator[p.denominator] += p.numerator
        else:
            rest += p
    common = math.lcm(*by_denominator)
    return rest + Fraction(sum(n * (common // d) for d, n in by_denominator.items()), common)


def _tooltip(p: Any) -> str:
    """A chance as a tooltip shows it: a Fraction exactly up to about 30 digits in each part, a
    longer one as readable's '≈ 1.23e-45' (200 tooltips of 3,000-digit Fractions were 1.2 MB)."""
    if isinstance(p, numbers.Rational) and not isinstance(p, bool):
        exact = as_fraction(p)
        if max(abs(exact.numerator).bit_length(), exact.denominator.bit_length()) > 100:
            return readable(exact)
    return str(p)
